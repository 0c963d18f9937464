/*
** english.h — what the English checkers plugin's files share: the rule
** options in declaration order, and the move generator.
**
** Sides: the runtime's first player (DR_WHITE) is the side English calls
** Black, which moves first and starts on squares 1-12; DR_BLACK is English
** White, on 21-32.  The board is laid out from the first player's side.
**
** Layout: the SDK's 8x8 diagonal layout (draughts/diagonal.h): the 32 dark
** squares in 36 bits, two ranks per block of nine, from the first player's
** side, left to right as it sees them, so each diagonal step is one shift from
** every square.  Rank r (0 = the first player's own rank) holds its squares at
** bits 9 * (r / 2) + 5 * (r % 2) + 0..3.
**
** Numbers: the standard 1-32 of English checkers (PDN GameType 21, "N1": square
** 1 is the first player's bottom right), rank by rank from the first player's
** side, right to left: rank r, index i has number 4 * r + 4 - i.
*/
#ifndef ENGLISH_H
#define ENGLISH_H

#include <draughts/diagonal.h>

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  EN_OPT_MOVE_LIMIT,
  EN_NOPTIONS
};

int english_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int english_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
