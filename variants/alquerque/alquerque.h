/*
** alquerque.h — the bit layout shared by the Alquerque plugin's files.
**
** Bit i is the point on file i % 5 and rank i / 5 (a1 = 0, e1 = 4, a5 = 20,
** e5 = 24): 25 bits, no ghosts.  With a row stride of 5 the parity of a bit
** index is the parity of file + rank, so the points where diagonals cross are
** exactly the even bits.
*/
#ifndef ALQUERQUE_H
#define ALQUERQUE_H

#include <draughts/variant.h>

#define ALQ_SIZE 5
#define ALQ_NPOINTS 25
#define ALQ_POINTS ((dr_bits)0x1FFFFFF)
#define ALQ_CROSSINGS ((dr_bits)0x1555555) /* even bits: joined diagonally too */
#define ALQ_FILE(f) ((dr_bits)0x108421 << (f))
#define ALQ_RANK(r) ((dr_bits)0x1F << (5 * (r)))

/* Option indexes, in declaration order. */
enum { ALQ_OPT_QUIET_PLY_LIMIT = 0, ALQ_NOPTIONS };

int alq_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
int alq_quiet_count(const dr_rules *rules, const dr_position *pos);

#endif
