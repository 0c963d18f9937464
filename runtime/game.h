/*
** game.h — a game in progress: the moves played, the counters the draw rules need,
** repetition, undo, and the verdict (asked of the plugin's 'judge').
*/
#ifndef DRAUGHTS_GAME_H
#define DRAUGHTS_GAME_H

#include <draughts/variant.h>

#include "rules.h"
#include "util.h"

typedef struct game_ply {
  dr_position pos; /* the position before 'move' (or the current one, for the last entry) */
  uint64_t key;
  dr_move move;
  int plies_since_capture;
  int plies_since_man_move;
  int plies_since_material;
} game_ply;

typedef struct game {
  const ruleset *rs;
  int count; /* moves played; ply[count] is the current position */
  int cap;
  game_ply *ply;
  dr_movelist legal; /* legal moves of the current position, unique by effect kept all paths */
  int result;        /* DR_ONGOING or the verdict */
  const char *why;
  char resigned_why[64];
} game;

/* Starts a game from 'start' (already checked). */
DRI_FUNC int game_init(game *g, const ruleset *rs, const dr_position *start, err *e);
DRI_FUNC void game_free(game *g);

static inline const dr_position *game_position(const game *g) { return &g->ply[g->count].pos; }

/* Plays a legal move (one of 'g->legal').  Fails if the game is over. */
DRI_FUNC int game_play(game *g, const dr_move *m, err *e);

/* Takes back the last move; -1 if none. */
DRI_FUNC int game_undo(game *g);

/* Ends the game by resignation of the side to move. */
DRI_FUNC void game_resign(game *g);

/* The counters of the current position, as the plugin's judge sees them. */
DRI_FUNC void game_history(const game *g, dr_history *h);

DRI_FUNC const char *result_text(int result); /* "1-0", "0-1", "1/2-1/2", "*" */

#endif
