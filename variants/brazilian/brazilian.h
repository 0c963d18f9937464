/*
** brazilian.h — what the Brazilian draughts plugin's files share: the rule
** options in declaration order, and the move generator.
**
** Layout: the SDK's 8x8 diagonal layout (draughts/diagonal.h): the 32 dark
** squares in 36 bits, two ranks per block of nine, from White's side, so each
** diagonal step is one shift from every square.
*/
#ifndef BRAZILIAN_H
#define BRAZILIAN_H

#include <draughts/diagonal.h>

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
