/*
** draughts/judge.h — the end-of-game rules most draughts games share, for a
** plugin's 'judge' and 'draw_count' slots: the side to move loses with no legal
** move, the third repetition draws, and so does a count of moves with no capture
** and no man move.  Each returns DR_ONGOING when its rule does not end the game,
** so a judge tries them in the order its rules give and adds its own.
*/
#ifndef DRAUGHTS_JUDGE_H
#define DRAUGHTS_JUDGE_H

#include <draughts/variant.h>

/* The result of a win by 'side'. */
static inline int dr_win_for(int side) { return side == DR_WHITE ? DR_WHITE_WINS : DR_BLACK_WINS; }

/* The side to move loses when it has no legal move, or no piece left. */
static inline int dr_judge_no_move(const dr_position *pos, const dr_history *h, const char **why) {
  if (h->nmoves) return DR_ONGOING;
  *why = pos->side[pos->turn] ? "no legal move" : "no pieces left";
  return dr_win_for(pos->turn ^ 1);
}

/* A position that comes round for the third time, the same side to move, draws. */
static inline int dr_judge_repetition(const dr_history *h, const char **why) {
  if (h->repetitions < 3) return DR_ONGOING;
  *why = "threefold repetition";
  return DR_DRAW;
}

/* 'limit' moves by each side with no capture and no man move draw (0: never);
** 'reason' is the verdict's. */
static inline int dr_judge_quiet_moves(const dr_history *h, int limit, const char *reason, const char **why) {
  if (limit <= 0 || h->plies_since_man_move < 2 * limit) return DR_ONGOING;
  *why = reason;
  return DR_DRAW;
}

/* The three above, in that order: the judge of a game with no other rule. */
static inline int dr_judge_common(const dr_position *pos, const dr_history *h, int limit, const char *reason,
                                  const char **why) {
  int verdict = dr_judge_no_move(pos, h, why);
  if (verdict == DR_ONGOING) verdict = dr_judge_repetition(h, why);
  if (verdict == DR_ONGOING) verdict = dr_judge_quiet_moves(h, limit, reason, why);
  return verdict;
}

/*
** For 'draw_count': of an endgame count that ends the game after 'plies' and
** has run 'run' (plies == 0: none runs) and the quiet-move limit of 'quiet' moves
** each (0: none), the one nearer its end, in moves each; 'count_text' and
** 'quiet_text' name their units.  NULL when neither runs.
*/
static inline const char *dr_draw_count_nearer(const dr_history *h, int plies, int run, const char *count_text,
                                               int quiet, const char *quiet_text, int *counted, int *limit) {
  if (plies && (quiet <= 0 || plies - run < 2 * quiet - h->plies_since_man_move)) {
    *counted = run / 2;
    *limit = plies / 2;
    return count_text;
  }
  if (quiet <= 0) return NULL;
  *counted = h->plies_since_man_move / 2;
  *limit = quiet;
  return quiet_text;
}

#endif
