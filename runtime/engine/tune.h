/*
** tune.h — tuning scripts: a sandboxed Lua script with the 'tune' library
** (sdk/docs/tuning.md) fits the engine's evaluation weights by self-play.
*/
#ifndef DRAUGHTS_TUNE_H
#define DRAUGHTS_TUNE_H

#include "eval.h"

typedef struct tune_config {
  const ruleset *rs;
  const dr_position *start;
  eval_weights start_weights; /* what tune.weights() returns */
  int jobs;                   /* games at once; 0: every core */
  int games, depth;           /* offered to the script as tune.games, tune.depth; 0: absent */
  int label_depth;            /* offered as tune.label_depth; 0: absent */
  const char *script;         /* the script's path */
} tune_config;

/* Runs the script; the weights table it returns lands in 'out'.  Errors name the
** script (and its line). */
DRI_FUNC int tune_run(const tune_config *t, eval_weights *out, err *e);

#endif
