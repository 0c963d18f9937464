/*
** tune_cli.c — 'draughts tune VARIANT --script tune.lua [--eval START] [--out FILE]':
** runs a tuning script (engine/tune.c) and writes the weights it returns as an
** eval.lua, renamed into place so that a failing script never touches a file.
*/
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "tune.h"

/* Writes next to 'path' and renames, so a failure never leaves half a file. */
static int write_weights(const cli_args *a, const dr_variant *v, const eval_weights *w, err *e) {
  char comment[512];
  const char *base = strrchr(a->script, '/');
  snprintf(comment, sizeof comment, "Written by 'draughts tune %s --script %s'%s%s.", v->name,
           base ? base + 1 : a->script, a->eval ? " from " : "", a->eval ? a->eval : "");
  if (!a->out) {
    eval_weights_write(stdout, v, w, comment);
    return 0;
  }
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", a->out);
  FILE *f = fopen(tmp, "w");
  if (!f) return err_set(e, "cannot write %s: %s", tmp, strerror(errno));
  eval_weights_write(f, v, w, comment);
  if (fclose(f) != 0 || rename(tmp, a->out) != 0) {
    err_set(e, "cannot write %s: %s", a->out, strerror(errno));
    remove(tmp);
    return -1;
  }
  return 0;
}

int cmd_tune(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  tune_config t = {.rs = &rs, .start = &start, .jobs = a->threads, .games = a->games, .depth = a->depth,
                   .label_depth = a->label_depth,
                   .script = a->script};
  eval_weights tuned;
  err e;
  if (a->nargs < 1 || !a->script) {
    cli_error("tune needs a variant and a script: draughts tune VARIANT --script tune.lua [--out FILE]");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int rc = CLI_OK;
  if (cli_position(a, &rs, &start)) rc = CLI_FAILED;
  else if (eval_weights_of(&rs, &t.start_weights, &e) || tune_run(&t, &tuned, &e) ||
           write_weights(a, rs.v, &tuned, &e)) {
    cli_error("%s", e.msg);
    rc = CLI_FAILED;
  } else if (a->out) {
    fprintf(stderr, "draughts: tuned weights written to %s\n", a->out);
  }
  return cli_finish(&rs, rc);
}
