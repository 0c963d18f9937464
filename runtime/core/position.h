/*
** position.h — generic board state: applying moves with bit operations, Zobrist
** hashing, and the checks every position must pass whatever the variant.
*/
#ifndef DRAUGHTS_POSITION_H
#define DRAUGHTS_POSITION_H

#include <draughts/variant.h>

#include "util.h"

/* Plays 'm' on 'p': the one place where a move changes a board. */
static inline void pos_apply(dr_position *p, const dr_move *m) {
  int us = p->turn, them = us ^ 1;
  dr_bits from = (dr_bits)1 << m->from, to = (dr_bits)1 << m->to;
  dr_bits was_king = p->kings & from;
  p->side[them] &= ~m->captured;
  p->kings &= ~(m->captured | from);
  p->side[us] = (p->side[us] & ~from) | to;
  if (was_king || m->promotes) p->kings |= to;
  p->turn = (uint8_t)them;
}

/* The Zobrist key of a position (pieces by kind and point, side to move). */
DRI_FUNC uint64_t pos_hash(const dr_position *p);

/* The key after 'm', from the key before it, without rehashing the board. */
DRI_FUNC uint64_t pos_hash_after(uint64_t key, const dr_position *before, const dr_move *m);

/* Variant-blind sanity of a position: pieces on points, no square held twice, kings
** are pieces, no man on its own promotion row, the side to move is 0 or 1. */
DRI_FUNC int pos_check(const dr_geometry *g, const dr_position *p, err *e);

/* The same pieces and side to move, whatever 'reserved' holds. */
static inline int pos_same(const dr_position *a, const dr_position *b) {
  return a->side[0] == b->side[0] && a->side[1] == b->side[1] && a->kings == b->kings && a->turn == b->turn;
}

static inline int move_same_effect(const dr_move *a, const dr_move *b) {
  return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

DRI_FUNC int move_same_path(const dr_move *a, const dr_move *b);

/* The landing points of a move, in order: its path, or just 'to' for a plain move. */
static inline int move_landings(const dr_move *m, const uint8_t **out) {
  if (m->njumps == 0) return *out = &m->to, 1;
  return *out = m->path, m->njumps;
}

/* The pieces that have a legal move; '*must_capture' gets them too when every legal
** move captures (a capture is forced), else 0. */
DRI_FUNC dr_bits movelist_movable(const dr_movelist *list, dr_bits *must_capture);

/* Drops moves whose (from, to, captured) repeats an earlier one: perft and search
** count the result of a move, not the route it took. */
DRI_FUNC void movelist_unique(dr_movelist *list);

#endif
