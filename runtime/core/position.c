/*
** position.c — Zobrist keys and generic position checks.
*/
#include "position.h"

#include <string.h>

enum { MAN = 0, KING = 1 };

static uint64_t zobrist[2][2][DR_MAX_POINTS]; /* [side][kind][point] */
static uint64_t zobrist_black_to_move;

/* Fixed keys, the same in every run, so hashes in logs and tests are reproducible. */
static void zobrist_init(void) {
  static int ready;
  if (ready) return;
  rng r = {0x5eed5eedULL};
  for (int s = 0; s < 2; s++)
    for (int k = 0; k < 2; k++)
      for (int i = 0; i < DR_MAX_POINTS; i++) zobrist[s][k][i] = rng_next(&r);
  zobrist_black_to_move = rng_next(&r);
  ready = 1;
}

__attribute__((constructor)) static void zobrist_at_load(void) { zobrist_init(); }

uint64_t pos_hash(const dr_position *p) {
  uint64_t key = p->turn ? zobrist_black_to_move : 0;
  for (int s = 0; s < 2; s++)
    for (dr_bits b = p->side[s]; b; b &= b - 1) {
      int i = __builtin_ctzll(b);
      key ^= zobrist[s][(p->kings >> i) & 1][i];
    }
  return key;
}

uint64_t pos_hash_after(uint64_t key, const dr_position *before, const dr_move *m) {
  int us = before->turn, them = us ^ 1;
  int kind = (int)((before->kings >> m->from) & 1);
  key ^= zobrist[us][kind][m->from];
  key ^= zobrist[us][kind || m->promotes][m->to];
  for (dr_bits b = m->captured; b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    key ^= zobrist[them][(before->kings >> i) & 1][i];
  }
  return key ^ zobrist_black_to_move;
}

int pos_check(const dr_geometry *g, const dr_position *p, err *e) {
  if (p->turn > 1) return err_set(e, "the side to move is neither player");
  if ((p->side[0] | p->side[1]) & ~g->points) return err_set(e, "a piece stands off the board");
  if (p->side[0] & p->side[1]) return err_set(e, "a point holds pieces of both sides");
  if (p->kings & ~(p->side[0] | p->side[1])) return err_set(e, "a king without a piece");
  for (int s = 0; s < 2; s++) {
    dr_bits bad = p->side[s] & ~p->kings & g->promotion[s];
    if (bad) /* the square says whose man it is: no side named in the words of any variant */
      return err_set(e, "the man on %s stands on its own side's promotion row: it would have been crowned",
                     g->point[__builtin_ctzll(bad)].name);
  }
  return 0;
}

int move_same_path(const dr_move *a, const dr_move *b) {
  return move_same_effect(a, b) && a->njumps == b->njumps && memcmp(a->path, b->path, a->njumps) == 0;
}

dr_bits movelist_movable(const dr_movelist *list, dr_bits *must_capture) {
  dr_bits movable = 0;
  int captures = 0;
  for (int i = 0; i < list->count; i++) {
    movable |= (dr_bits)1 << list->moves[i].from;
    captures += list->moves[i].captured != 0;
  }
  *must_capture = captures && captures == list->count ? movable : 0;
  return movable;
}

void movelist_unique(dr_movelist *list) {
  int n = 0;
  for (int i = 0; i < list->count; i++) {
    const dr_move *m = &list->moves[i];
    int dup = 0;
    if (m->njumps > 1)  /* only multi-leg captures can share their effect */
      for (int j = 0; j < n && !dup; j++) dup = move_same_effect(&list->moves[j], m);
    if (!dup) {
      if (n != i) list->moves[n] = *m;
      n++;
    }
  }
  list->count = n;
}
