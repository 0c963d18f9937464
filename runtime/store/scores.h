/*
** scores.h — the scoring rules, the same for every variant: what a finished game
** against the computer is worth, and the marks Pro, Expert and Júnior that the
** scoreboard shows as scores to beat.  Pure functions of a few counts, so the session,
** the 'scores' command and the tests all apply one rule.
*/
#ifndef DRAUGHTS_SCORES_H
#define DRAUGHTS_SCORES_H

#include <draughts/variant.h>

#include "util.h"

#define SCORE_PER_PIECE 100 /* for each of the winner's pieces still on the board */
#define SCORE_PER_MOVE 10   /* for each move under SCORE_MOVE_PAR the win needed */
#define SCORE_MOVE_PAR 60   /* moves are the winner's own moves, not plies */

/* The points of a game for the person: a win scores SCORE_PER_PIECE per own piece
** left plus SCORE_PER_MOVE per own move under SCORE_MOVE_PAR; a loss or a draw
** scores nothing.  'outcome' is DR_SCORE_WIN, DR_SCORE_DRAW or DR_SCORE_LOSS. */
DRI_FUNC int scores_points(int outcome, int pieces, int moves);

/* The marks of a variant whose players start with 'start_pieces' each (N): the score
** of a win that keeps a share of the army in a number of moves that grows with it.
**   Pro     keeps 3/4 of N in 2N moves:  100*ceil(3N/4) + 10*max(0, 60 - 2N)
**   Expert  keeps 1/2 of N in 3N moves:  100*ceil(N/2)  + 10*max(0, 60 - 3N)
**   Júnior  keeps 1/4 of N in 4N moves:  100*ceil(N/4)  + 10*max(0, 60 - 4N)  */
typedef struct score_marks {
  int pro, expert, junior;
} score_marks;

DRI_FUNC void scores_marks(int start_pieces, score_marks *out);

/* The highest mark 'points' reaches ("Pro", "Expert", "Júnior"), or "" below them all:
** what a win beat. */
DRI_FUNC const char *scores_mark_reached(const score_marks *m, int points);

/* The pieces each side starts with in 'v' under its default rules (the first
** player's count); -1 and a message when the plugin cannot set up its start. */
DRI_FUNC int scores_start_pieces(const dr_variant *v, err *e);

#endif
