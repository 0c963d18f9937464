/*
** session.c — a front end's hold on the session: the host table checked once, the
** message line, the status and input read safely before the first game, and the
** engine's news from 'poll'.
*/
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_common.h"

/* Version 1's slots are called directly; newer ones only after DR_HOST_HAS. */
int fe_host_usable(const dr_host *h, char *why, size_t len) {
  if (h->abi_version >= 1 && h->size >= offsetof(dr_host, engine_stop) + sizeof h->engine_stop) return 0;
  snprintf(why, len, "%s", "the runtime's host table is older than this front end");
  return -1;
}

void fe_init(fe_state *f, const dr_host *h, dr_session *s) {
  memset(f, 0, sizeof *f);
  f->h = h;
  f->s = s;
  f->cursor = -1;
  f->caught_plies = -1;
  f->review = -1;
}

void fe_say(fe_state *f, int error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->msg, sizeof f->msg, fmt, ap);
  va_end(ap);
  f->msg_is_error = error;
}

void fe_status(fe_state *f, dr_status *st) {
  DR_INIT(*st);
  if (f->h->has_game(f->s)) f->h->status(f->s, st);
}

/* Nothing is selected or marked while the game is looked back at. */
void fe_input(fe_state *f, dr_input *in) {
  DR_INIT(*in);
  in->from = in->at = -1;
  if (f->h->has_game(f->s) && !fe_reviewing(f)) f->h->input(f->s, in);
}

void fe_variant(fe_state *f, int index, dr_variant_info *info) {
  DR_INIT(*info);
  f->h->variant_info(f->s, index, info);
}

int fe_variant_index(fe_state *f, const char *name) {
  dr_variant_info info;
  for (int i = 0; name && i < f->h->variant_count(f->s); i++) {
    fe_variant(f, i, &info);
    if (strcmp(info.name, name) == 0) return i;
  }
  return -1;
}

static void say_computer_move(fe_state *f) {
  dr_status st;
  char text[128];
  fe_status(f, &st);
  if (f->h->move_at(f->s, st.plies - 1, NULL, text, sizeof text) == 0) fe_say(f, 0, "The computer played %s.", text);
}

int fe_poll(fe_state *f) {
  DR_INIT(f->eng);
  int events = f->h->poll(f->s, &f->eng);
  if (events & DR_EVENT_MOVED) say_computer_move(f);
  if (events & DR_EVENT_FAILED) fe_say(f, 1, "%s", f->h->error(f->s));
  return events;
}

/* Only when the person plays Black alone: two people, or none, keep White below. */
int fe_flip_for(const int player[2]) {
  return player[DR_WHITE] == DR_PLAYER_COMPUTER && player[DR_BLACK] == DR_PLAYER_HUMAN;
}

/* The user's character set, or UTF-8 whatever it is when 'utf8' is set (a window's
** title is UTF-8 text); numbers keep the C locale, which the runtime's notation and
** scripts rely on, so only the character set changes. */
char *fe_locale_ctype(int utf8) {
  char *old = strdup(setlocale(LC_CTYPE, NULL));
  if ((!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) && utf8) setlocale(LC_CTYPE, "C.UTF-8");
  return old;
}

void fe_locale_restore(char *old) {
  if (old) setlocale(LC_CTYPE, old);
  free(old);
}
