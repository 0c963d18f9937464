/*
** book.h — opening books: for positions near the start, the move a deep search of
** the engine chose, built by the engine itself and played without searching.
**
** A book is a text file per variant and preset (book/VARIANT-PRESET.book in the
** per-user data folder by default; a plugin may ship one per preset): a header naming
** the rules it was built for, then one line per position, 'FEN MOVE SCORE DEPTH'.  A
** book of other rules is refused by name; a line that does not read is refused with
** its line number.
*/
#ifndef DRAUGHTS_BOOK_H
#define DRAUGHTS_BOOK_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"
#include "rules.h"
#include "selfplay.h"
#include "util.h"

typedef struct book book;

/* The book file of these rules under 'dir' (NULL: the per-user data folder's book/). */
DRI_FUNC int book_path(const ruleset *rs, const char *dir, char *out, size_t len, err *e);

/* Reads a book; -1 and a one-line message when it is missing, of other rules, or bad. */
DRI_FUNC int book_open(const ruleset *rs, const char *path, book **out, err *e);
/* The book the engine plays for these rules: the user's own file under 'dir' (NULL: the
** per-user data folder's book/) where there is one, even one that does not open (a book
** built for the rules replaces the shipped one), else the one the plugin ships for the
** preset.  Its path or name goes to 'source'; -1 and a one-line message when it does
** not open, or there is none. */
DRI_FUNC int book_open_rules(const ruleset *rs, const char *dir, book **out, char *source, size_t len, err *e);
/* The book the plugin ships for the preset of 'rs' (its name to 'source'); 1 when it
** ships none, -1 and a one-line message when it does not open. */
DRI_FUNC int book_open_shipped(const ruleset *rs, book **out, char *source, size_t len, err *e);
DRI_FUNC void book_close(book *b);
DRI_FUNC int book_size(const book *b);

/* The book's move for the position of 'g' (one of its legal moves) and its score
** for the side to move; 0 when the book has none. */
DRI_FUNC int book_probe(const book *b, const game *g, dr_move *out, int *score);

/* Writes a book of the positions up to 'plies' plies from 'start' where a side that
** keeps to the book moves (each side in turn: the other side's every reply, its own
** best move), each with the move a search of 'depth' plies finds.  With 'nlines'
** opening lines (a ballot list), the plies count from the end of each line instead,
** so that games begun from a ballot find the book.  'progress' is told each position. */
DRI_FUNC int book_build(const ruleset *rs, const dr_position *start, const selfplay_opening *lines, int nlines,
                        int plies, int depth, const char *path,
                        void (*progress)(void *ud, int done, const char *fen, const char *move, int score),
                        void *ud, err *e);

#endif
