/*
** host_fixture.h — what the session tests share: one session over the test plugins,
** reached through the host table exactly as a front end reaches it.
*/
#ifndef DRAUGHTS_TEST_HOST_FIXTURE_H
#define DRAUGHTS_TEST_HOST_FIXTURE_H

#include <criterion/criterion.h>
#include <stdlib.h>

#include "session.h"

static registry reg;
static session *s;
static const dr_host *h;

/* A session over the plugins found in 'plugin_path' (a $DRAUGHTS_PLUGIN_PATH). */
static void host_open(const char *plugin_path) {
  setenv("DRAUGHTS_PLUGIN_PATH", plugin_path, 1);
  registry_scan(&reg);
  s = session_new(&reg);
  h = session_host();
}

static void host_close(void) {
  session_free(s);
  registry_free(&reg);
}

static dr_status status(void) {
  dr_status st;
  DR_INIT(st);
  h->status(s, &st);
  return st;
}

#endif
