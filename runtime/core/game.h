/*
** game.h — a game in progress: the moves played, the counters the draw rules need,
** repetition, undo, and the verdict (asked of the plugin's 'judge').
*/
#ifndef DRAUGHTS_GAME_H
#define DRAUGHTS_GAME_H

#include <draughts/variant.h>

#include "rules.h"
#include "util.h"

/* The plies since the events the draw rules count from (dr_history's counters). */
typedef struct draw_counters {
  int capture;  /* since the last capture */
  int man_move; /* since the last capture or move of a man */
  int material; /* since the last capture or crowning */
  int with_king[2]; /* each side's time with a king, from the last capture at most */
} draw_counters;

/* A side's time with a king after a move without a capture: on if it had one, 0 from
** the crowning that gives it its first, 0 while it has none. */
static inline int king_time(int had, int has, int before) { return !has ? 0 : had ? before + 1 : 0; }

/* The counters after 'm' is played from 'p': the one rule the game and the search share. */
static inline draw_counters counters_after(draw_counters c, const dr_position *p, const dr_move *m) {
  int us = p->turn, them = us ^ 1, man = !(p->kings >> m->from & 1);
  int ours = (p->side[us] & p->kings) != 0, theirs = (p->side[them] & p->kings) != 0;
  draw_counters n = {m->captured ? 0 : c.capture + 1, (m->captured || man) ? 0 : c.man_move + 1,
                     (m->captured || m->promotes) ? 0 : c.material + 1, {0, 0}};
  if (m->captured) return n; /* the material changed: every count starts again */
  n.with_king[us] = king_time(ours, ours || m->promotes, c.with_king[us]);
  n.with_king[them] = king_time(theirs, theirs, c.with_king[them]);
  return n;
}

/* The history a judge sees, from a position's counters. */
static inline void counters_history(draw_counters c, int nmoves, int plies, int repetitions, dr_history *h) {
  *h = (dr_history){nmoves, plies, c.capture, c.man_move, c.material, repetitions, {c.with_king[0], c.with_king[1]}};
}

/* The counters folded into a word, for tables keyed by them; 0 for a fresh start. */
static inline uint64_t counters_digest(draw_counters c) {
  if (!(c.capture | c.man_move | c.material | c.with_king[0] | c.with_king[1])) return 0;
  rng r = {(uint64_t)c.capture | (uint64_t)c.man_move << 21 | (uint64_t)c.material << 42};
  uint64_t d = rng_next(&r);
  r.s ^= (uint64_t)c.with_king[0] << 32 | (uint32_t)c.with_king[1];
  return d ^ rng_next(&r);
}

typedef struct game_ply {
  dr_position pos; /* the position before 'move' (or the current one, for the last entry) */
  uint64_t key;
  dr_move move;
  draw_counters since;
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

/* dr_history's fields by the names hooks and rules.txt cases give them; ends with NULL. */
typedef struct history_field {
  const char *name;
  size_t offset;
} history_field;
DRI_FUNC extern const history_field history_fields[];

/* Starts a game from 'start' (already checked). */
DRI_FUNC int game_init(game *g, const ruleset *rs, const dr_position *start, err *e);
DRI_FUNC void game_free(game *g);
/* A copy of 'src' of its own (for a search on another thread); game_free it. */
DRI_FUNC void game_copy(game *dst, const game *src);

static inline const dr_position *game_position(const game *g) { return &g->ply[g->count].pos; }

/* Plays a legal move (one of 'g->legal').  Fails if the game is over. */
DRI_FUNC int game_play(game *g, const dr_move *m, err *e);

/* The same after the rules ended the game by a draw rule while legal moves remain:
** a game record whose players played on is checked to its last move. */
DRI_FUNC int game_play_on(game *g, const dr_move *m, err *e);

/* Takes back the last move; -1 if none. */
DRI_FUNC int game_undo(game *g);

/* Ends the game by resignation of the side to move. */
DRI_FUNC void game_resign(game *g);

/* The counters of the current position, as the plugin's judge sees them. */
DRI_FUNC void game_history(const game *g, dr_history *h);

DRI_FUNC const char *result_text(int result); /* "1-0", "0-1", "1/2-1/2", "*" */

#endif
