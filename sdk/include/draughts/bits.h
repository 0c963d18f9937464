/*
** draughts/bits.h — bitboard helpers for plugin authors.
*/
#ifndef DRAUGHTS_BITS_H
#define DRAUGHTS_BITS_H

#include <draughts/variant.h>

static inline int dr_bits_count(dr_bits b) { return __builtin_popcountll(b); }

/* Index of the lowest set bit; 'b' must not be 0. */
static inline int dr_bits_first(dr_bits b) { return __builtin_ctzll(b); }

/* Index of the lowest set bit, cleared from '*b'; '*b' must not be 0. */
static inline int dr_bits_pop(dr_bits *b) {
  int i = __builtin_ctzll(*b);
  *b &= *b - 1;
  return i;
}

static inline dr_bits dr_bit(int i) { return (dr_bits)1 << i; }

/* Appends the plain move (no capture) 'from'-'to' to 'out': DR_OK, or
** DR_ERR_OVERFLOW when the list is full. */
static inline int dr_movelist_push_plain(dr_movelist *out, int from, int to, int promotes) {
  dr_move *m = dr_movelist_push(out);
  if (!m) return DR_ERR_OVERFLOW;
  m->captured = 0;
  m->from = (uint8_t)from;
  m->to = (uint8_t)to;
  m->promotes = (uint8_t)promotes;
  m->njumps = 0;
  return DR_OK;
}

#endif
