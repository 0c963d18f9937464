/*
** selfplay.h — the engine against itself: games from short, balanced random
** openings, played in pairs (each player White once) on every core.  'match'
** reports them; tuning scripts learn from them ('tune').
*/
#ifndef DRAUGHTS_SELFPLAY_H
#define DRAUGHTS_SELFPLAY_H

#include "eval.h"
#include "game.h"
#include "search.h"

#define SELFPLAY_MAX_PLIES 400 /* a game still going after this many plies is drawn */

typedef struct selfplay_player {
  int level;            /* 1..SEARCH_LEVELS; 0 with 'depth' 0: a random mover */
  int depth;            /* > 0: full strength to this many plies, no deliberate mistakes */
  double seconds;       /* > 0: the time per move of the timed levels */
  int threads;          /* search threads; 0: the level's own */
  const eval_ctx *eval; /* NULL: the evaluation of the rules */
  int no_egdb;          /* ",noegdb": without the endgame databases */
  int no_book;          /* ",nobook": without the opening book */
  int cpu_clock;        /* its time is processor time (search_limits.cpu_clock) */
  int average_time;     /* ",average": 'seconds' a move on average (search_limits.average_time) */
  char name[96];
  /* Another program choosing the moves (an engine speaking the Hub protocol): 0
  ** and a legal move, or -1 with the reason in 'why', and it loses the game.
  ** NULL: the engine plays. */
  int (*external)(void *ud, const game *g, double seconds, dr_move *out, char *why, size_t len);
  void *external_ud;
} selfplay_player;

/* The time a player took for its moves, on its own clock (a Hub engine's: the wall
** clock from the question to the answer). */
typedef struct selfplay_times {
  double seconds, longest;
  long moves;
} selfplay_times;

#define SELFPLAY_OPENING_MAX 16 /* plies of an opening */

/* The plies both games of a pair start with. */
typedef struct selfplay_opening {
  int nplies;
  dr_move move[SELFPLAY_OPENING_MAX];
} selfplay_opening;

/* Parses "3", "random" or "depth=5", perhaps with ",noegdb", ",nobook" and ",average"; fills 'name'
** (and clears 'external').  The message names 'flag'. */
DRI_FUNC int selfplay_parse_player(const char *text, const char *flag, selfplay_player *p, err *e);

/* True when the player's searches are single-threaded and untimed, so games of
** it may run side by side without changing a move. */
DRI_FUNC int selfplay_parallel_safe(const selfplay_player *p);

typedef struct selfplay_match {
  const ruleset *rs;
  const dr_position *start;
  const selfplay_player *a, *b;
  uint64_t seed;   /* pair i plays the opening drawn from seed + i */
  int games;
  int jobs;        /* games played at once; 0: one per core (only if both players allow it) */
  int keep_games;  /* hand each finished game to 'done' (for sampling positions) */
  /* Openings given (a ballot list): pair i plays openings[i % nopenings].  NULL:
  ** short random openings that a quick search finds about even. */
  const selfplay_opening *openings;
  int nopenings;
  /* Called once per game, in game order, from one thread at a time: 'half' is A's
  ** score in half-points, 'why' how the game ended, 'g' the game if 'keep_games'. */
  void (*done)(void *ud, int index, int a_white, int half, const char *why, const game *g);
  void *ud;
  selfplay_times *times; /* NULL, or [0] A's and [1] B's, added to as games end */
} selfplay_match;

/* Plays the match; -1 and a message when a game cannot start. */
DRI_FUNC int selfplay_run(const selfplay_match *m, err *e);

#endif
