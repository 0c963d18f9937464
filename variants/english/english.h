/*
** english.h — what the English checkers plugin's files share: the board
** layout, the rule options in declaration order, and the move generator.
**
** Sides: the runtime's first player (DR_WHITE) is the side English calls
** Black, which moves first and starts on squares 1-12; DR_BLACK is English
** White, on 21-32.  The board is laid out from the first player's side.
**
** Layout: the 32 dark squares in 36 bits, two ranks per block of nine.  Rank r
** (0 = the first player's own rank) holds its four squares, left to right as
** the first player sees them, at bits
**   9 * (r / 2) + 5 * (r % 2) + 0..3
** and bits 4, 13, 22 and 31 are ghosts.  Each diagonal step is then the same
** shift from every square: +5 up right, +4 up left, -4 down right, -5 down
** left; a step off the left or right edge lands on a ghost, off the top beyond
** bit 35, off the bottom below bit 0, so masking with the points is all the
** edge handling there is.
**
** Numbers: the standard 1-32 of English checkers (PDN GameType 21, "N1": square
** 1 is the first player's bottom right), rank by rank from the first player's
** side, right to left: rank r, index i has number 4 * r + 4 - i.
*/
#ifndef ENGLISH_H
#define ENGLISH_H

#include <draughts/variant.h>

#define EN_POINTS ((dr_bits)0xF7FBFDFEFull) /* bits 0-35 but the ghosts 4, 13, 22, 31 */
#define EN_RANK(r) ((dr_bits)0xF << (9 * ((r) / 2) + 5 * ((r) % 2)))

/* Shifts of the four diagonal steps, from the first player's side. */
enum { EN_UP_RIGHT = 5, EN_UP_LEFT = 4, EN_DOWN_RIGHT = -4, EN_DOWN_LEFT = -5 };

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  EN_OPT_MOVE_LIMIT,
  EN_NOPTIONS
};

int english_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int english_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
