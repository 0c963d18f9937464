/*
** analyse.c — 'draughts analyse VARIANT --fen F [--depth D | --time S]': the engine's
** view of a position, one line per completed iteration (depth, score, nodes,
** nodes per second, time, principal variation), then the best move.  The same
** engine annotates games for 'draughts pdn FILE --depth D | --time S'.
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <draughts/judge.h>

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
  cli_hash(a);
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

/* ------------------------------------------------------------ games */

/* Where the engine prefers another move by more than this (hundredths of a man),
** the annotation names it: smaller differences are the search's own noise. */
#define ANNOTATE_MARGIN 10

/* The value of a finished game for the side to move of its last position. */
static int final_score(const game *g) {
  if (g->result == DR_DRAW) return 0;
  return g->result == dr_win_for(game_position(g)->turn) ? SEARCH_WIN : -SEARCH_WIN;
}

/* The score of the position after a move, for the player who made it: an end of the
** game counted in plies from before the move, as the search counts its own. */
static int score_for_mover(int after) {
  int s = -after;
  return !search_is_win(s) ? s : s > 0 ? s - 1 : s + 1;
}

/* Prints 'why' and fails: the one exit of search_positions' errors. */
static int annotate_failed(const char *why) {
  cli_error("%s", why);
  return -1;
}

/* Searches the position of 'at' into score[i], best[i], has[i] (0: the game had ended). */
static int search_one(game *at, const search_limits *l, int i, int *score, dr_move *best, int *has) {
  search_info info;
  has[i] = at->result == DR_ONGOING && at->legal.count > 0;
  if (!has[i]) return score[i] = final_score(at), 0;
  int got = search_best(at, l, NULL, NULL, NULL, &best[i], &info);
  if (got == GUARD_REFUSED) return annotate_failed(guard_refusal(at->rs->v));
  if (got < 0) return annotate_failed("no memory for the search's tables");
  score[i] = info.score;
  return 0;
}

/* Each position of 'g' searched, from the first to the last; -1 with the error printed. */
static int search_positions(const cli_args *a, const game *g, int *score, dr_move *best, int *has) {
  search_limits l;
  game at;
  err e;
  if (analyse_limits(a, &l)) return -1;
  if (search_prepare(g->rs, &e) || game_init(&at, g->rs, &g->ply[0].pos, &e)) return annotate_failed(e.msg);
  int rc = 0;
  for (int i = 0; rc == 0; i++) {
    rc = search_one(&at, &l, i, score, best, has);
    if (rc || i == g->count) break;
    /* a record may play on after a draw rule ended the game: so does the replay */
    if ((at.result == DR_ONGOING ? game_play : game_play_on)(&at, &g->ply[i].move, &e)) rc = annotate_failed(e.msg);
  }
  game_free(&at);
  return rc;
}

/* The comment on move i: the score it leaves its player, and the engine's choice
** where that was better by more than the margin. */
static char *move_comment(const game *g, int i, const int *score, const dr_move *best, const int *has,
                          int notation) {
  char left[32], wanted[32], text[160], out[256];
  int played = score_for_mover(score[i + 1]);
  search_score_text(played, left, sizeof left);
  if (!has[i] || move_same_effect(&best[i], &g->ply[i].move) || score[i] - played <= ANNOTATE_MARGIN)
    return xstrdup(left);
  dr_movelist *legal = xmalloc(sizeof *legal);
  rules_generate(g->rs, &g->ply[i].pos, legal);
  move_text_short(g->rs->v->geometry, legal, &best[i], notation, text, sizeof text);
  free(legal);
  search_score_text(score[i], wanted, sizeof wanted);
  snprintf(out, sizeof out, "%s, best %s %s", left, text, wanted);
  return xstrdup(out);
}

char **analyse_game(const cli_args *a, const game *g) {
  int notation = cli_notation(a, g->rs->v), n = g->count + 1;
  if (notation < 0) return NULL;
  int *score = xmalloc((size_t)n * sizeof *score), *has = xmalloc((size_t)n * sizeof *has);
  dr_move *best = xmalloc((size_t)n * sizeof *best);
  char **comments = NULL;
  if (search_positions(a, g, score, best, has) == 0) {
    comments = xmalloc((size_t)n * sizeof *comments);
    for (int i = 0; i < g->count; i++) comments[i] = move_comment(g, i, score, best, has, notation);
    comments[g->count] = NULL;
  }
  free(score);
  free(has);
  free(best);
  return comments;
}

void analyse_game_free(char **comments) {
  if (!comments) return;
  for (char **c = comments; *c; c++) free(*c);
  free(comments);
}
