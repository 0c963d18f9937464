/*
** russian.h — what the Russian draughts plugin's files share: the board
** layout, the rule options in declaration order, and the move generator.
**
** Layout: the 32 dark squares in 36 bits, two ranks per block of nine.  Rank r
** (0 = rank 1, White's side) holds its four squares, left to right, at bits
**   9 * (r / 2) + 5 * (r % 2) + 0..3
** so the even ranks (a1, c1, e1, g1) use bits 0-3, 9-12, ... and the odd ranks
** (b2, d2, f2, h2) bits 5-8, 14-17, ...; bits 4, 13, 22 and 31 are ghosts.
** Each diagonal step is then the same shift from every square: +5 up right,
** +4 up left, -4 down right, -5 down left.  A step off the left or right edge
** lands on a ghost, off the top beyond bit 35, off the bottom below bit 0, so
** masking with the points is all the edge handling there is.  The main road
** (the long diagonal a1-h8) is bits 0, 5, ..., 35.
*/
#ifndef RUSSIAN_H
#define RUSSIAN_H

#include <draughts/variant.h>

#define RU_POINTS ((dr_bits)0xF7FBFDFEFull) /* bits 0-35 but the ghosts 4, 13, 22, 31 */
#define RU_RANK(r) ((dr_bits)0xF << (9 * ((r) / 2) + 5 * ((r) % 2)))
#define RU_MAIN_ROAD ((dr_bits)0x842108421ull) /* a1, b2, ..., h8 */

/* Shifts of the four diagonal steps. */
enum { RU_UP_RIGHT = 5, RU_UP_LEFT = 4, RU_DOWN_RIGHT = -4, RU_DOWN_LEFT = -5 };

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  RU_OPT_KINGS_ONLY_LIMIT,
  RU_OPT_ENDGAME_COUNTS,
  RU_NOPTIONS
};

int russian_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int russian_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
