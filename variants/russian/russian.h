/*
** russian.h — what the Russian draughts plugin's files share: the rule options
** in declaration order and the move generator.
**
** Layout: the SDK's 8x8 diagonal layout (draughts/diagonal.h): the 32 dark
** squares in 36 bits, two ranks per block of nine, from White's side, so each
** diagonal step is one shift from every square.  The main road (the long
** diagonal a1-h8) is DR_DIAG8_LONG_DIAGONAL.
*/
#ifndef RUSSIAN_H
#define RUSSIAN_H

#include <draughts/diagonal.h>

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  RU_OPT_KINGS_ONLY_LIMIT,
  RU_OPT_ENDGAME_COUNTS,
  RU_NOPTIONS
};

int russian_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int russian_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
