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
  /* Added: an evaluator to use instead of the variant's own weights (for tuning
  ** an eval.lua against another); NULL for the variant's. */
  const struct eval_ctx *eval;
  /* A transposition table of its own (always, at a playing level or with 'eval'),
  ** so the result depends on nothing but the game and the limits. */
  int private_table;
  /* Added: 1 for a table of this thread's own that the next search with the same
  ** evaluator in this thread finds as this one left it (a player of a match: each
  ** move's search starts from the last one's work). */
  int keep_table;
  /* Added: 1 to search without the endgame databases, or the opening book (for
  ** measuring them, and for building the book). */
  int no_egdb, no_book;
  /* Added: 1 to measure 'seconds' in each search thread's processor time, not on the
  ** wall clock: a fair clock against engines that count theirs so, on a busy machine. */
  int cpu_clock;
  /* Added: 1 when 'seconds' is this move's alone (a time per move, not a share of a
  ** clock): nothing saved carries over, so the search goes on until it runs out, where
  ** a clock's share stops starting iterations it is not likely to finish. */
  int fixed_time;
  /* Added: 1 when 'seconds' is a time per move to keep on average over the game, as
  ** engines playing at a time per move keep theirs (cake++ takes between half and
  ** four times it): the search spends less of it while its best move holds from
  ** depth to depth, more when the move changes or the score falls, and up to four
  ** times it to finish an iteration. */
  int average_time;
} search_limits;

typedef struct search_info {
  int depth;         /* last completed iteration */
  int score;         /* side to move's view; a man is 100; wins are near +-SEARCH_WIN */
  uint64_t nodes;
  double seconds;
  int pvlen;
  dr_move pv[SEARCH_MAX_PV];
} search_info;

#define SEARCH_NO_MEMORY (-3) /* a return of 'search_best' */
#define SEARCH_WIN 30000 /* a win in n plies scores SEARCH_WIN - n */

/* Called after each completed iteration (from the searching thread). */
typedef void (*search_progress)(void *ud, const search_info *info);

/* Chooses a move for the side to move of 'g' (its history counts: repetitions and
** the draw counters are the game's own).  'stop', if not NULL, may be set to 1 from
** another thread to end the search early with the best move found so far.
** Returns 0 and fills 'best' (and 'info' if not NULL), -1 when there is no legal
** move or the game is over, or GUARD_REFUSED when the plugin gave moves the runtime
** refused during the search ('guard_refusal' says why), or SEARCH_NO_MEMORY when no
** transposition table could be allocated. */
DRI_FUNC int search_best(const game *g, const search_limits *limits, search_progress progress, void *ud,
                         volatile int *stop, dr_move *best, search_info *info);

/* The limits of a playing level (1..SEARCH_LEVELS). */
DRI_FUNC void search_level_limits(int level, search_limits *out);

/* ---- Added for the commands and the front ends; everything above is unchanged. */

/* Reads the variant's evaluation weights (its eval.lua) and builds the evaluator
** for these rules, once: call it when a game is set up to report a broken eval.lua.
** 'search_best' does it on first use otherwise (falling back to default weights).
** It also allocates the shared table, so the first search starts at full speed. */
DRI_FUNC int search_prepare(const ruleset *rs, err *e);

/* Size of the transposition table shared by full-strength searches (level 0), in
** MB; 64 by default.  Call it between searches, never during one.  Searches at a
** playing level use a small table of their own so that they never read deeper
** than their level allows.  Returns the size it will use: never more than the machine allows ('tt_max_megabytes'). */
DRI_FUNC size_t search_set_hash(size_t megabytes);

/* Where the endgame databases (egdb.h) and the opening books (book.h) are looked
** for: NULL for the per-user data folder.  Call it before the first search of a set
** of rules; their databases and book are opened once and kept.  Searches at a
** playing level below full strength use neither (their mistakes are the point). */
DRI_FUNC void search_set_data_dir(const char *dir);

/* Forgets every stored position ('new-game' in the Hub protocol); allocates the
** table if no search has yet: -1 and a message when no memory can be had for it. */
DRI_FUNC int search_clear_hash(err *e);

/* Seconds to spend on a move from a game clock: 'remaining' (the increment for this
** move already added), the increment, and moves to the next control (0: none). */
DRI_FUNC double search_clock_seconds(double remaining, double increment, int moves_to_go);

/* A hint for the player: the best move at full strength within 'seconds', with its
** principal variation in 'info'.  Same returns as 'search_best'. */
DRI_FUNC int search_hint(const game *g, double seconds, dr_move *best, search_info *info);

/* The level of the opponent when the player has won 'streak' games in a row (the
** computer reads deeper and blunders less as the streak grows): 1 .. SEARCH_LEVELS. */
DRI_FUNC int search_level_for_streak(int streak);

/* A score as people read it: "+0.35" (men), "win in 7", "loss in 4" (plies). */
DRI_FUNC void search_score_text(int score, char *out, size_t len);

/* True for scores that mean a forced end of the game. */
static inline int search_is_win(int score) { return score > SEARCH_WIN - 1000 || score < -(SEARCH_WIN - 1000); }

#endif
