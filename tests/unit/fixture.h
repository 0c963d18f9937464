/*
** fixture.h — the SDK template (English checkers) as a test variant, optionally with
** PDN numbers on its points (1 = b8 ... 32 = a1... as on a numbered 8x8 board).
*/
#ifndef TEST_FIXTURE_H
#define TEST_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin.h"
#include "rules.h"

typedef struct fixture {
  plugin *plugin;
  dr_variant v;
  dr_geometry geometry;
  dr_point points[DR_MAX_POINTS];
  ruleset rs;
} fixture;

/* Numbers run along each rank from the first player's left, top rank first. */
static inline void fixture_number_points(fixture *f) {
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(f->geometry.points >> i & 1)) continue;
    dr_point *p = &f->points[i];
    p->number = (uint8_t)((7 - p->rank) * 4 + p->file / 2 + 1);
  }
}

static inline void fixture_open(fixture *f, int numbered) {
  err e;
  memset(f, 0, sizeof *f);
  f->plugin = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(f->plugin, "%s", e.msg);
  f->v = f->plugin->v;
  f->geometry = *f->v.geometry;
  memcpy(f->points, f->geometry.point, sizeof f->points);
  f->geometry.point = f->points;
  f->v.geometry = &f->geometry;
  if (numbered) fixture_number_points(f);
  cr_assert_eq(rules_load(&f->rs, &f->v, NULL, &e), 0, "%s", e.msg);
}

static inline void fixture_close(fixture *f) { plugin_close(f->plugin); }

/* Loads 'source' as a rules script (a temporary .lua file) for 'v'. */
static inline int fixture_load_script(ruleset *rs, const dr_variant *v, const char *source, err *e) {
  char path[] = "/tmp/draughts_rules_XXXXXX.lua";
  int fd = mkstemps(path, 4);
  cr_assert_geq(fd, 0);
  FILE *f = fdopen(fd, "w");
  fputs(source, f);
  fclose(f);
  int rc = rules_load(rs, v, path, e);
  remove(path);
  return rc;
}

#endif
