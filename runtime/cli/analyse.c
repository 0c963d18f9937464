/*
** analyse.c — 'draughts analyse VARIANT --fen F [--depth D | --time S]': the engine's
** view of a position, one line per completed iteration (depth, score, nodes,
** nodes per second, time, principal variation), then the best move.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "game.h"
#include "notation.h"
#include "position.h"
#include "search.h"

#define ANALYSE_DEFAULT_SECONDS 5.0

typedef struct analysis {
  const ruleset *rs;
  dr_position root;
  int notation;
} analysis;

/* The principal variation in short move text, each move written against the
** legal moves of its own position (full path only where the ends are ambiguous). */
static void pv_text(const analysis *an, const search_info *in, char *out, size_t len) {
  dr_position p = an->root;
  dr_movelist *legal = xmalloc(sizeof *legal);
  size_t used = 0;
  out[0] = '\0';
  for (int i = 0; i < in->pvlen && used + 1 < len; i++) {
    char text[256];
    if (rules_generate(an->rs, &p, legal) != DR_OK) break;
    move_text_short(an->rs->v->geometry, legal, &in->pv[i], an->notation, text, sizeof text);
    used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", text);
    pos_apply(&p, &in->pv[i]);
  }
  free(legal);
}

static void print_iteration(void *ud, const search_info *in) {
  const analysis *an = ud;
  char score[32], pv[4096];
  search_score_text(in->score, score, sizeof score);
  pv_text(an, in, pv, sizeof pv);
  double nps = in->seconds > 0 ? in->nodes / in->seconds : 0;
  printf("depth %2d  score %9s  nodes %11" PRIu64 "  nps %8.0f  time %7.3f  pv %s\n", in->depth, score, in->nodes,
         nps, in->seconds, pv);
  fflush(stdout);
}

/* --depth, --time, --threads and --hash as the engine's limits. */
static int analyse_limits(const cli_args *a, search_limits *l) {
  err e;
  *l = (search_limits){0};
  l->depth = a->depth;
  l->seconds = a->seconds;
  if (!l->depth && l->seconds <= 0) l->seconds = ANALYSE_DEFAULT_SECONDS;
  l->threads = a->threads;
  size_t used = a->hash ? search_set_hash((size_t)a->hash) : 0;
  if (used != (size_t)a->hash) /* said, and the analysis goes on */
    cli_error("--hash %d MB is more than this machine's memory allows: using %zu MB", a->hash, used);
  if (search_clear_hash(&e) == 0) return 0; /* allocate the table before the clock starts */
  cli_error("%s", e.msg);
  return -1;
}

/* The analysis of 'p' under rules 'rs'; the caller frees the rules. */
static int analyse_position(const cli_args *a, const ruleset *rs, const dr_position *p) {
  game g;
  err e;
  if (search_prepare(rs, &e) || game_init(&g, rs, p, &e)) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  if (g.result != DR_ONGOING) {
    printf("game over: %s (%s)\n", result_text(g.result), g.why);
    game_free(&g);
    return CLI_OK;
  }
  analysis an = {rs, *p, cli_notation(a, rs->v)};
  if (an.notation < 0) {
    game_free(&g);
    return CLI_FAILED;
  }
  search_limits l;
  search_info info;
  dr_move best;
  char text[256];
  int rc = analyse_limits(a, &l) ? SEARCH_NO_MEMORY : search_best(&g, &l, print_iteration, &an, NULL, &best, &info);
  if (rc == GUARD_REFUSED || rc == SEARCH_NO_MEMORY) {
    if (rc == GUARD_REFUSED) cli_error("%s", guard_refusal(rs->v));
    else if (rc == SEARCH_NO_MEMORY) cli_error("no memory for the search's tables");
    game_free(&g);
    return CLI_FAILED;
  }
  move_text_short(rs->v->geometry, &g.legal, &best, an.notation, text, sizeof text);
  printf("best %s\n", text);
  game_free(&g);
  return CLI_OK;
}

int cmd_analyse(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position p;
  if (a->nargs < 1) {
    cli_error("analyse needs a variant: draughts analyse VARIANT --fen FEN [--depth D | --time S]");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int rc = cli_position(a, &rs, &p) ? CLI_FAILED : analyse_position(a, &rs, &p);
  return cli_finish(&rs, rc);
}
