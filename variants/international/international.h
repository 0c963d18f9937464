/*
** international.h — what the International draughts plugin's files share: the
** rule options in declaration order and the move generator.
**
** Layout: the SDK's 10x10 diagonal layout (draughts/diagonal.h): the 50 dark
** squares in 55 bits, two ranks per block of eleven, from White's side, so each
** diagonal step is one shift from every square.
*/
#ifndef INTERNATIONAL_H
#define INTERNATIONAL_H

#include <draughts/diagonal.h>

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  IN_OPT_QUIET_MOVE_LIMIT,
  IN_OPT_ENDGAME_COUNTS,
  IN_NOPTIONS
};

int international_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int international_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
