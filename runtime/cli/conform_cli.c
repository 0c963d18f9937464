/*
** conform_cli.c — 'draughts conform': the conformance suite on one plugin, one line
** per check, for plugin authors (in tree or out of tree).
*/
#include <stdio.h>
#include <stdlib.h>

#include "book.h"
#include "cli.h"
#include "conform.h"

static void print_check(void *ud, int ok, const char *check, const char *detail) {
  (void)ud;
  printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", check, !ok && detail && *detail ? ": " : "", ok ? "" : detail);
  fflush(stdout);
}

/* Each book the plugin ships opens with its preset's rules: every line a position and
** one of its legal moves there (the engine would play without a book that does not). */
static void check_books(const dr_variant *v, conform_counts *c) {
  for (const dr_book *b = v->books; b && b->preset; b++) {
    char check[200], source[256];
    ruleset rs;
    book *bk = NULL;
    err e = {""};
    int ok = rules_load(&rs, v, b->preset, &e) == 0;
    if (ok) {
      ok = book_open_shipped(&rs, &bk, source, sizeof source, &e) == 0;
      rules_free(&rs);
    }
    snprintf(check, sizeof check, "the %s book reads with its preset's rules (%d positions)", b->preset,
             book_size(bk));
    print_check(NULL, ok, check, e.msg);
    book_close(bk);
    ok ? c->passed++ : c->failed++;
  }
}

int cmd_conform(registry *reg, const cli_args *a) {
  err e;
  if (a->nargs < 1) {
    cli_error("conform needs a plugin file or a variant name");
    return CLI_USAGE;
  }
  const plugin *p = registry_resolve(reg, a->args[0], &e);
  if (!p) {
    printf("FAIL load %s: %s\n", a->args[0], e.msg);
    printf("0 passed, 1 failed\n");
    return CLI_FAILED;
  }
  conform_options o;
  conform_counts c = {1, 0};
  conform_defaults(&o);
  o.depth = a->depth;
  printf("PASS load %s (%s)\n", p->path, p->v.name);
  conform_descriptor(&p->v, print_check, NULL, &c);
  check_books(&p->v, &c);
  conform_perft(&p->v, &o, print_check, NULL, &c);
  conform_games(&p->v, &o, print_check, NULL, &c);
  if (a->cases) {
    char *text = read_file(a->cases, NULL, &e);
    if (!text) {
      print_check(NULL, 0, "rule cases", e.msg);
      c.failed++;
    } else {
      conform_cases(&p->v, text, a->cases, print_check, NULL, &c);
      free(text);
    }
  }
  printf("%d passed, %d failed\n", c.passed, c.failed);
  return c.failed ? CLI_FAILED : CLI_OK;
}
