/*
** search.h — the engine: generic alpha-beta search over any variant plugin.
**
** The session (front ends), the 'analyse', 'hub', 'match' and 'bench' commands all
** reach the engine through this header alone.
*/
#ifndef DRAUGHTS_SEARCH_H
#define DRAUGHTS_SEARCH_H

#include <stdint.h>

#include <draughts/variant.h>

#include "game.h"
#include "util.h"

#define SEARCH_MAX_PV 64
#define SEARCH_LEVELS 6 /* playing levels 1 (beginner) .. SEARCH_LEVELS (full strength) */

typedef struct search_limits {
  int depth;        /* plies; 0: no limit */
  double seconds;   /* time for this move; 0: no limit */
  uint64_t nodes;   /* 0: no limit */
  int threads;      /* 0: every core */
  int level;        /* 0: full strength, no deliberate mistakes; 1..SEARCH_LEVELS */
  uint64_t seed;    /* for the deliberate mistakes of the lower levels */
} search_limits;

typedef struct search_info {
  int depth;         /* last completed iteration */
  int score;         /* side to move's view; a man is 100; wins are near +-SEARCH_WIN */
  uint64_t nodes;
  double seconds;
  int pvlen;
  dr_move pv[SEARCH_MAX_PV];
} search_info;

#define SEARCH_WIN 30000 /* a win in n plies scores SEARCH_WIN - n */

/* Called after each completed iteration (from the searching thread). */
typedef void (*search_progress)(void *ud, const search_info *info);

/* Chooses a move for the side to move of 'g' (its history counts: repetitions and
** the draw counters are the game's own).  'stop', if not NULL, may be set to 1 from
** another thread to end the search early with the best move found so far.
** Returns 0 and fills 'best' (and 'info' if not NULL), or -1 when there is no
** legal move or the game is over. */
DRI_FUNC int search_best(const game *g, const search_limits *limits, search_progress progress, void *ud,
                         volatile int *stop, dr_move *best, search_info *info);

/* The limits of a playing level (1..SEARCH_LEVELS). */
DRI_FUNC void search_level_limits(int level, search_limits *out);

#endif
