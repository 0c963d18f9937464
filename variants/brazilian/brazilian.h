/*
** brazilian.h — what the Brazilian draughts plugin's files share: the board
** layout, the rule options in declaration order, and the move generator.
**
** Layout: the 32 dark squares in 36 bits, two ranks per block of nine.  Rank r
** (0 = rank 1) holds its four squares, left to right, at bits
**   9 * (r / 2) + 5 * (r % 2) + 0..3
** so the even ranks (a1, c1, e1, g1) use bits 0-3, 9-12, ... and the odd ranks
** (b2, d2, f2, h2) bits 5-8, 14-17, ...; bits 4, 13, 22 and 31 are ghosts.  With
** this layout each diagonal step is the same shift from every square: +5 up
** right, +4 up left, -4 down right, -5 down left.  A step off the left or right
** edge lands on a ghost, off the top beyond bit 35, off the bottom below bit 0,
** so masking with the points is all the edge handling there is.  The long
** diagonal a1-h8 is bits 0, 5, ..., 35.
*/
#ifndef BRAZILIAN_H
#define BRAZILIAN_H

#include <draughts/variant.h>

#define BR_POINTS ((dr_bits)0xF7FBFDFEFull) /* bits 0-35 but the ghosts 4, 13, 22, 31 */
#define BR_RANK(r) ((dr_bits)0xF << (9 * ((r) / 2) + 5 * ((r) % 2)))
#define BR_LONG_DIAGONAL ((dr_bits)0x842108421ull) /* a1, b2, ..., h8 */

/* Shifts of the four diagonal steps. */
enum { BR_UP_RIGHT = 5, BR_UP_LEFT = 4, BR_DOWN_RIGHT = -4, BR_DOWN_LEFT = -5 };

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  BR_OPT_FLYING_KINGS,
  BR_OPT_MEN_CAPTURE_BACKWARDS,
  BR_OPT_MAJORITY_CAPTURE,
  BR_OPT_PROMOTION_ENDS_CAPTURE,
  BR_OPT_QUIET_MOVE_LIMIT,
  BR_OPT_ENDGAME_COUNTS,
  BR_NOPTIONS
};

int brazilian_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int brazilian_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
