/*
** turkish.h — what the Turkish draughts plugin's files share: the board layout,
** the rule options in declaration order, and the move generator.
**
** Layout: bit = 8 * rank + file, a1 is bit 0 and h8 bit 63.  All 64 squares
** are points, so there are no ghost bits: a sideways shift must be masked with
** the file it would wrap around from, while a vertical shift of 8 simply drops
** off the board's ends.
*/
#ifndef TURKISH_H
#define TURKISH_H

#include <draughts/variant.h>

#define TK_FILE_A ((dr_bits)0x0101010101010101ull)
#define TK_FILE_B (TK_FILE_A << 1)
#define TK_FILE_G (TK_FILE_A << 6)
#define TK_FILE_H (TK_FILE_A << 7)
#define TK_RANK(r) ((dr_bits)0xffull << (8 * (r)))

/* Options, in declaration order (indexes into 'dr_rules.opt'). */
enum {
  TK_OPT_PROMOTE_MIDCAPTURE,
  TK_OPT_KING_BEATS_LONE_MAN,
  TK_OPT_MEN_BEAT_LONE_MAN,
  TK_NOPTIONS
};

int turkish_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int turkish_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
