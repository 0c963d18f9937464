/*
** international.h — what the International draughts plugin's files share: the
** board layout, the rule options in declaration order, and the move generator.
**
** Layout: the 50 dark squares of the 10x10 board in 55 bits, two ranks per
** block of eleven (the layout of Scan and most 10x10 engines, here from
** White's side).  Rank r (0 = rank 1) holds its five squares, left to right,
** at bits
**   11 * (r / 2) + 6 * (r % 2) + 0..4
** so the even ranks (a1, c1, ..., i1) use bits 0-4, 11-15, ... and the odd
** ranks (b2, d2, ..., j2) bits 6-10, 17-21, ...; bits 5, 16, 27, 38 and 49 are
** ghosts.  Each diagonal step is then the same shift from every square: +6 up
** right, +5 up left, -5 down right, -6 down left.  A step off the left or
** right edge lands on a ghost, off the top on bit 55 or above (never a
** point), off the bottom below bit 0, so masking with the points is all the
** edge handling there is.  The long diagonal a1-j10 is bits 0, 6, ..., 54.
*/
#ifndef INTERNATIONAL_H
#define INTERNATIONAL_H

#include <draughts/variant.h>

#define IN_POINTS ((dr_bits)0x7DFFBFF7FEFFDFull) /* bits 0-54 but the ghosts 5, 16, 27, 38, 49 */
#define IN_RANK(r) ((dr_bits)0x1F << (11 * ((r) / 2) + 6 * ((r) % 2)))

/* Shifts of the four diagonal steps. */
enum { IN_UP_RIGHT = 6, IN_UP_LEFT = 5, IN_DOWN_RIGHT = -5, IN_DOWN_LEFT = -6 };

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  IN_OPT_QUIET_MOVE_LIMIT,
  IN_OPT_ENDGAME_COUNTS,
  IN_NOPTIONS
};

int international_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int international_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
