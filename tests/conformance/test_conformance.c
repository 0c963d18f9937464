/*
** test_conformance.c — the conformance suite, run on every variant plugin in the
** build (and the SDK template), with each variant's hand-made rule cases from
** variants/<name>/rules.txt.  No line of it names a variant.
*/
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "plugin.h"

typedef struct subject {
  char path[512];
} subject;

static int add_dir(const char *dir, subject *out, int n, int max) {
  DIR *d = opendir(dir);
  if (!d) return n;
  for (struct dirent *de; (de = readdir(d)) && n < max;) {
    size_t len = strlen(de->d_name);
    if (len > 3 && strcmp(de->d_name + len - 3, ".so") == 0)
      snprintf(out[n++].path, sizeof out->path, "%s/%s", dir, de->d_name);
  }
  closedir(d);
  return n;
}

ParameterizedTestParameters(conformance, plugin) {
  enum { MAX = 64 };
  subject found[MAX];
  int n = add_dir(PLUGIN_DIR, found, 0, MAX);
  n = add_dir(TEST_PLUGIN_DIR, found, n, MAX);
  subject *params = cr_malloc(sizeof(subject) * (size_t)n);
  memcpy(params, found, sizeof(subject) * (size_t)n);
  return cr_make_param_array(subject, params, (size_t)n);
}

static void report(void *ud, int ok, const char *check, const char *detail) {
  const char *name = ud;
  cr_expect(ok, "%s: %s: %s", name, check, detail);
}

static char *read_cases(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/variants/%s/rules.txt", SOURCE_DIR, name);
  return read_file(path, NULL, NULL);
}

ParameterizedTest(subject *s, conformance, plugin, .timeout = 900) {
  err e = {""};
  plugin *p = plugin_open(s->path, &e);
  cr_assert_not_null(p, "%s", e.msg);
  conform_options o;
  conform_counts c = {0, 0};
  conform_defaults(&o);
  if (getenv("DRAUGHTS_TEST_QUICK")) o.games = 8, o.perft_budget = 300000;
  conform_descriptor(&p->v, report, (void *)p->v.name, &c);
  conform_perft(&p->v, &o, report, (void *)p->v.name, &c);
  conform_games(&p->v, &o, report, (void *)p->v.name, &c);
  char *cases = read_cases(p->v.name);
  if (cases) conform_cases(&p->v, cases, "rules.txt", report, (void *)p->v.name, &c);
  else cr_expect(strcmp(p->v.name, "template") == 0, "%s ships no variants/%s/rules.txt", p->v.name, p->v.name);
  free(cases);
  cr_log_info("%s: %d checks passed, %d failed", p->v.name, c.passed, c.failed);
  cr_expect_gt(c.passed, 3, "%s: too few checks ran", p->v.name);
  plugin_close(p);
}
