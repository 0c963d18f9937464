/*
** egdb.h — endgame databases: the value of every position with few pieces, built by
** the runtime from the plugin's generator and judge alone (egdb_build.c), stored one
** file per material signature and memory-mapped for the search.
**
** A value is the game's result with best play from a position whose draw counters
** are at zero and which has not occurred before, with the number of plies to the end
** of the game (a database ignores the counters; the search applies them itself before
** it probes).  The rules' identity — the variant, the preset and every option value —
** is in every file's header: a database built for other rules is refused by name.
*/
#ifndef DRAUGHTS_EGDB_H
#define DRAUGHTS_EGDB_H

#include <stddef.h>
#include <stdint.h>

#include <draughts/variant.h>

#include "rules.h"
#include "util.h"

#define EGDB_MAX_PIECES 8
#define EGDB_MAX_DISTANCE 126 /* plies; a longer end is stored as this */

enum { EGDB_UNKNOWN = -1, EGDB_DRAW = 0, EGDB_WIN = 1, EGDB_LOSS = 2 };

typedef struct egdb egdb;

/* $XDG_DATA_HOME/draughts/egdb, else ~/.local/share/draughts/egdb. */
DRI_FUNC int egdb_default_dir(char *out, size_t len, err *e);

/* "VARIANT preset=NAME option=value ...": what a database's results depend on. */
DRI_FUNC void egdb_identity(const ruleset *rs, char *out, size_t len);

/* The folder of these rules' files under 'dir' (NULL: the default): dir/VARIANT-HASH. */
DRI_FUNC int egdb_folder(const ruleset *rs, const char *dir, char *out, size_t len, err *e);

/* Opens the files for these rules under 'dir' (NULL: the default).  -1 and a message
** when there is none, when one is damaged, or when the folder holds other rules'. */
DRI_FUNC int egdb_open(const ruleset *rs, const char *dir, egdb **out, err *e);
DRI_FUNC void egdb_close(egdb *db);

/* The most pieces of any position it knows. */
DRI_FUNC int egdb_pieces(const egdb *db);

/* The value of 'p' for its side to move (EGDB_WIN, EGDB_LOSS, EGDB_DRAW) and the plies
** to the end in '*plies', or EGDB_UNKNOWN when it is not in the database.  Safe from
** any number of threads. */
DRI_FUNC int egdb_probe(const egdb *db, const dr_position *p, int *plies);

/* Whether a count's end gives some position of the databases to a side, so that none of
** their values holds (egdb_value_holds is then always 0): the search does without them. */
DRI_FUNC int egdb_counts_overrule(const egdb *db);

/* Whether a value of 'p' the databases give ('result', 'plies' to the end) holds in a
** game whose counts stand as in 'now'.  The databases are solved with every count at
** zero, so none holds where a count's end gives some position to a side (more pieces
** win after so many plies without a capture: the draws of those positions are wins,
** and every value is built on them); elsewhere a drawn value holds, and a won or lost
** one only where the game still goes on once every count has run 'plies' more (a count
** that ends the game as a draw first makes the win none).  Asked of the rules' judge. */
DRI_FUNC int egdb_value_holds(const egdb *db, const ruleset *rs, const dr_position *p, const dr_history *now,
                              int result, int plies);

/* How good a move is for the side that plays it, from its child's value: a win
** sooner, a draw, a loss later — higher is better.  EGDB_UNKNOWN ranks below all. */
static inline int egdb_move_rank(int child_result, int child_plies) {
  if (child_result == EGDB_LOSS) return 1000 - child_plies;
  if (child_result == EGDB_DRAW) return 0;
  if (child_result == EGDB_WIN) return -1000 + child_plies;
  return -2000;
}

/* ---- building and checking (egdb_build.c) */

/* After each material signature: its name ("2m1k-0m2k": White's men and kings, then
** Black's), its positions, how many are won, lost and drawn for the side to move,
** the longest end in plies, the seconds it took, and whether its file was already
** there (then it is read, not built again). */
typedef void (*egdb_report)(void *ud, const char *name, uint64_t positions, uint64_t wins, uint64_t losses,
                            uint64_t draws, int longest, double seconds, int reused);

/* Solves every position of up to 'pieces' pieces under these rules, smaller
** signatures first, into files under 'dir' (NULL: the default), on 'threads' cores
** (0: every one); the files are the same on any number. */
DRI_FUNC int egdb_build(const ruleset *rs, const char *dir, int pieces, int threads, egdb_report report, void *ud,
                        err *e);

/* Reads every file of these rules in full and checks each value against the
** position's moves: a win has a move to a child lost in one ply less and none
** quicker, a loss has only moves to children won, the longest in one ply less, a
** draw neither; the index maps back to itself.  -1 names the first position wrong.
** On 'threads' cores (0: every one). */
DRI_FUNC int egdb_verify(const ruleset *rs, const char *dir, int threads, egdb_report report, void *ud, err *e);

#endif
