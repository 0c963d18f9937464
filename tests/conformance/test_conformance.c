/*
** test_conformance.c — the conformance suite, run on every variant plugin in the
** build (and the SDK template), with each variant's hand-made rule cases from
** variants/<name>/rules.txt.  No line of it names a variant.
*/
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "plugin.h"
#include "rules.h"

typedef struct subject {
  char path[512];
} subject;

/* Front-end plugins share the directories: only variant plugins are subjects. */
static int is_variant_plugin(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  int yes = h && dlsym(h, DR_VARIANT_ENTRY);
  if (h) dlclose(h);
  return yes;
}

static int add_dir(const char *dir, subject *out, int n, int max) {
  DIR *d = opendir(dir);
  if (!d) return n;
  for (struct dirent *de; (de = readdir(d)) && n < max;) {
    size_t len = strlen(de->d_name);
    if (len < 3 || strcmp(de->d_name + len - 3, ".so") != 0) continue;
    snprintf(out[n].path, sizeof out->path, "%s/%s", dir, de->d_name);
    n += is_variant_plugin(out[n].path);
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

/* Runs the hand-made cases of 'file' (relative to the variant's directory), if any. */
static int run_cases(const plugin *p, const char *file, conform_counts *c) {
  char path[1024];
  snprintf(path, sizeof path, "%s/variants/%s/%s", SOURCE_DIR, p->v.name, file);
  char *text = read_file(path, NULL, NULL);
  if (!text) return 0;
  conform_cases(&p->v, text, path, report, (void *)p->v.name, c);
  free(text);
  return 1;
}

/* Every house-rule script the variant ships must load and keep the invariants. */
static void run_house_rules(const plugin *p, const conform_options *o, conform_counts *c) {
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/variants/%s/house", SOURCE_DIR, p->v.name);
  DIR *d = opendir(dir);
  if (!d) return;
  for (struct dirent *de; (de = readdir(d));) {
    size_t len = strlen(de->d_name);
    if (len < 5 || strcmp(de->d_name + len - 4, ".lua") != 0) continue;
    char path[1300];
    ruleset rs;
    err e;
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    cr_expect_eq(rules_load(&rs, &p->v, path, &e), 0, "%s", e.msg);
    if (rules_problem(&rs) == NULL) conform_games_with(&rs, de->d_name, o, report, (void *)p->v.name, c);
    cr_expect_null(rules_problem(&rs), "%s", rules_problem(&rs));
    rules_free(&rs);
  }
  closedir(d);
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
  int has_cases = run_cases(p, "rules.txt", &c);
  cr_expect(has_cases || strcmp(p->v.name, "template") == 0, "%s ships no variants/%s/rules.txt", p->v.name,
            p->v.name);
  run_cases(p, "house/cases.txt", &c);
  o.games = o.games / 4 + 1;
  run_house_rules(p, &o, &c);
  cr_log_info("%s: %d checks passed, %d failed", p->v.name, c.passed, c.failed);
  cr_expect_gt(c.passed, 3, "%s: too few checks ran", p->v.name);
  plugin_close(p);
}
