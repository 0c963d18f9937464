/*
** scores.c — the scoring rules (see scores.h).  Nothing here knows a variant: the
** marks come from the number of pieces a player starts with, which the plugin's start
** position gives.
*/
#include "scores.h"

#include <draughts/frontend.h>

#include "rules.h"

int scores_points(int outcome, int pieces, int moves) {
  if (outcome != DR_SCORE_WIN) return 0;  /* losses and draws score nothing */
  int under_par = moves < SCORE_MOVE_PAR ? SCORE_MOVE_PAR - moves : 0;
  return SCORE_PER_PIECE * (pieces > 0 ? pieces : 0) + SCORE_PER_MOVE * under_par;
}

/* A win keeping ceil(n * keep / 4) pieces in 'moves' moves. */
static int mark(int n, int keep, int moves) {
  return scores_points(DR_SCORE_WIN, (n * keep + 3) / 4, moves);
}

void scores_marks(int n, score_marks *out) {
  if (n < 0) n = 0;
  out->pro = mark(n, 3, 2 * n);
  out->expert = mark(n, 2, 3 * n);
  out->junior = mark(n, 1, 4 * n);
}

const char *scores_mark_reached(const score_marks *m, int points) {
  if (points <= 0) return "";
  return points >= m->pro ? "Pro" : points >= m->expert ? "Expert" : points >= m->junior ? "Júnior" : "";
}

int scores_start_pieces(const dr_variant *v, err *e) {
  ruleset rs;
  dr_position start;
  if (rules_load(&rs, v, NULL, e)) return -1;
  int rc = rs.initial(&rs.rules, &start);
  rules_free(&rs);
  if (rc != DR_OK) return err_set(e, "%s: the plugin could not set up its start position", v->name);
  return __builtin_popcountll(start.side[DR_WHITE]);
}
