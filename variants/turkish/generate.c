/*
** generate.c — Turkish draughts move generation.
**
** Plain moves are found a whole direction at a time with shifts.  Captures are
** walked one piece at a time, depth first, because the majority rule needs the
** length of every sequence and because each jumped piece leaves the board at
** once: the walk carries the enemy set with the jumped pieces already removed,
** so a freed square is open to the rest of the move (it may be crossed, or be
** landed on, even by the piece that started there).
**
** The walk keeps only the longest sequences found so far: a longer one empties
** the list back to where this call started.
*/
#include "turkish.h"

#include <string.h>

#include <draughts/bits.h>

/* Directions; 'd ^ 1' is the opposite of 'd'. */
enum { DIR_N, DIR_S, DIR_E, DIR_W, DIR_NONE = -1 };

/* The squares one step from 'b' in direction 'd'; a step off the board drops out. */
static inline dr_bits step(dr_bits b, int d) {
  switch (d) {
  case DIR_N: return b << 8;
  case DIR_S: return b >> 8;
  case DIR_E: return (b & ~TK_FILE_H) << 1;
  default: return (b & ~TK_FILE_A) >> 1;
  }
}

/* The state of one capture walk. */
typedef struct walk {
  dr_movelist *out;
  int base;          /* 'out->count' when generation started */
  int best;          /* pieces taken by the longest sequence recorded */
  int overflow;      /* a sequence of length 'best' did not fit */
  int crown_mid;     /* promote_midcapture: a man reaching the far rank goes on as a king */
  int forward;       /* DIR_N for white men, DIR_S for black */
  dr_bits own;       /* the mover's pieces, less the moving piece */
  dr_bits enemy0;    /* enemy pieces before the move */
  dr_bits far_rank;  /* where the mover's men are crowned */
  uint8_t from;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} walk;

/* A finished sequence of 'depth' jumps ending on 'at' with 'enemy' left. */
static void record(walk *w, dr_bits at, dr_bits enemy, int depth, int promotes) {
  dr_move *m;
  if (depth < w->best)
    return;  /* the majority rule forbids it */
  if (depth > w->best) {
    w->best = depth;
    w->out->count = w->base;
    w->overflow = 0;
  }
  m = dr_movelist_push(w->out);
  if (!m) {
    w->overflow = 1;
    return;
  }
  m->captured = w->enemy0 ^ enemy;
  m->from = w->from;
  m->to = (uint8_t)dr_bits_first(at);
  m->promotes = (uint8_t)promotes;
  m->njumps = (uint8_t)depth;
  memcpy(m->path, w->path, sizeof m->path);  /* fixed size: a few vector moves */
  memcpy(m->jumped, w->jumped, sizeof m->jumped);
}

static void king_capture(walk *w, dr_bits at, dr_bits enemy, int depth, int last_dir, int promotes);

/* Jumps of a king on 'at' along 'd': the first piece met must be an enemy with
** at least one empty square behind it, and every empty square behind it (up to
** the next piece or the edge) is a landing square. */
static inline int king_ray(walk *w, dr_bits at, dr_bits enemy, dr_bits empty, int depth, int d,
                           int promotes) {
  dr_bits t = step(at, d), over, land;
  while (t & empty)
    t = step(t, d);
  over = t & enemy;
  if (!over)
    return 0;
  land = step(over, d) & empty;
  if (!land)
    return 0;
  w->jumped[depth] = (uint8_t)dr_bits_first(over);
  enemy ^= over;  /* removed at once: later legs may cross its square */
  do {
    w->path[depth] = (uint8_t)dr_bits_first(land);
    king_capture(w, land, enemy, depth + 1, d, promotes);
    land = step(land, d) & empty;
  } while (land);
  return 1;
}

/* Continues a king's capture from 'at'; 'last_dir' is the direction of the
** previous jump (DIR_NONE at the start), whose reverse is forbidden. */
static void king_capture(walk *w, dr_bits at, dr_bits enemy, int depth, int last_dir, int promotes) {
  dr_bits empty = ~(w->own | enemy);
  int found = 0;
  if (last_dir != DIR_S)
    found |= king_ray(w, at, enemy, empty, depth, DIR_N, promotes);
  if (last_dir != DIR_N)
    found |= king_ray(w, at, enemy, empty, depth, DIR_S, promotes);
  if (last_dir != DIR_W)
    found |= king_ray(w, at, enemy, empty, depth, DIR_E, promotes);
  if (last_dir != DIR_E)
    found |= king_ray(w, at, enemy, empty, depth, DIR_W, promotes);
  if (!found && depth > 0)
    record(w, at, enemy, depth, promotes);
}

static void man_capture(walk *w, dr_bits at, dr_bits enemy, int depth);

/* A man's jump from 'at' along 'd' over an adjacent enemy to the empty square beyond. */
static inline int man_jump(walk *w, dr_bits at, dr_bits enemy, dr_bits empty, int depth, int d) {
  dr_bits over = step(at, d) & enemy, land;
  if (!over)
    return 0;
  land = step(over, d) & empty;
  if (!land)
    return 0;
  w->jumped[depth] = (uint8_t)dr_bits_first(over);
  w->path[depth] = (uint8_t)dr_bits_first(land);
  if (w->crown_mid && (land & w->far_rank))
    king_capture(w, land, enemy ^ over, depth + 1, d, 1);
  else
    man_capture(w, land, enemy ^ over, depth + 1);
  return 1;
}

/* Continues a man's capture from 'at': forwards, left or right, never back.  On
** the far rank (with promote_midcapture off) only the sideways jumps remain. */
static void man_capture(walk *w, dr_bits at, dr_bits enemy, int depth) {
  dr_bits empty = ~(w->own | enemy);
  int found = man_jump(w, at, enemy, empty, depth, w->forward);
  found |= man_jump(w, at, enemy, empty, depth, DIR_E);
  found |= man_jump(w, at, enemy, empty, depth, DIR_W);
  if (!found && depth > 0)
    record(w, at, enemy, depth, (at & w->far_rank) != 0);
}

/* Men of 'side' with at least one jump, found for all men at once. */
static dr_bits man_jumpers(dr_bits men, dr_bits enemy, dr_bits empty, int side) {
  dr_bits ahead = side == DR_WHITE ? men & (enemy >> 8) & (empty >> 16)
                                   : men & (enemy << 8) & (empty << 16);
  dr_bits right = men & ~(TK_FILE_G | TK_FILE_H) & (enemy >> 1) & (empty >> 2);
  dr_bits left = men & ~(TK_FILE_A | TK_FILE_B) & (enemy << 1) & (empty << 2);
  return ahead | right | left;
}

/* Plain moves of men reaching 'targets' by one step of 'shift' squares. */
static int push_men_steps(dr_movelist *out, dr_bits targets, int shift, dr_bits far_rank) {
  while (targets) {
    int to = dr_bits_pop(&targets);
    if (dr_movelist_push_plain(out, to - shift, to, (dr_bit(to) & far_rank) != 0))
      return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

static int push_king_slides(dr_movelist *out, dr_bits kings, dr_bits empty) {
  while (kings) {
    int from = dr_bits_pop(&kings);
    for (int d = DIR_N; d <= DIR_W; d++) {
      for (dr_bits t = step(dr_bit(from), d) & empty; t; t = step(t, d) & empty)
        if (dr_movelist_push_plain(out, from, dr_bits_first(t), 0))
          return DR_ERR_OVERFLOW;
    }
  }
  return DR_OK;
}

static int plain_moves(dr_movelist *out, dr_bits men, dr_bits kings, dr_bits empty, int side,
                       dr_bits far_rank) {
  int forward = side == DR_WHITE ? 8 : -8;
  dr_bits ahead = side == DR_WHITE ? (men << 8) & empty : (men >> 8) & empty;
  if (push_men_steps(out, ahead, forward, far_rank) ||
      push_men_steps(out, ((men & ~TK_FILE_H) << 1) & empty, 1, far_rank) ||
      push_men_steps(out, ((men & ~TK_FILE_A) >> 1) & empty, -1, far_rank))
    return DR_ERR_OVERFLOW;
  return push_king_slides(out, kings, empty);
}

int turkish_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  int side = pos->turn;
  dr_bits own = pos->side[side], enemy = pos->side[side ^ 1];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  dr_bits empty = ~(own | enemy);
  dr_bits jumpers = man_jumpers(men, enemy, empty, side);
  walk w;

  w.out = out;
  w.base = out->count;
  w.best = 0;
  w.overflow = 0;
  w.crown_mid = rules->opt[TK_OPT_PROMOTE_MIDCAPTURE];
  w.forward = side == DR_WHITE ? DIR_N : DIR_S;
  w.enemy0 = enemy;
  w.far_rank = side == DR_WHITE ? TK_RANK(7) : TK_RANK(0);
  memset(w.path, 0, sizeof w.path);
  memset(w.jumped, 0, sizeof w.jumped);
  while (jumpers) {
    w.from = (uint8_t)dr_bits_pop(&jumpers);
    w.own = own ^ dr_bit(w.from);
    man_capture(&w, dr_bit(w.from), enemy, 0);
  }
  for (dr_bits k = kings; k;) {
    w.from = (uint8_t)dr_bits_pop(&k);
    w.own = own ^ dr_bit(w.from);
    king_capture(&w, dr_bit(w.from), enemy, 0, DIR_NONE, 0);
  }
  if (w.best > 0)
    return w.overflow ? DR_ERR_OVERFLOW : DR_OK;  /* capturing is compulsory */
  return plain_moves(out, men, kings, empty, side, w.far_rank);
}

/* ------------------------------------------------------------ counting */

/* Whether a king on 'from' can take along 'd' (the first leg of a capture). */
static int king_can_take(dr_bits from, dr_bits enemy, dr_bits empty, int d) {
  dr_bits t = step(from, d);
  while (t & empty)
    t = step(t, d);
  return (step(t & enemy, d) & empty) != 0;
}

/* The 'quiet_count' slot: the plain moves 'plain_moves' would list, counted. */
int turkish_quiet_count(const dr_rules *rules, const dr_position *pos) {
  int side = pos->turn, n = 0;
  dr_bits own = pos->side[side], enemy = pos->side[side ^ 1];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  dr_bits empty = ~(own | enemy);
  (void)rules; /* no option changes whether a capture exists or how pieces step */
  if (man_jumpers(men, enemy, empty, side))
    return -1;
  for (dr_bits k = kings; k;) {
    dr_bits from = dr_bit(dr_bits_pop(&k));
    for (int d = DIR_N; d <= DIR_W; d++) {
      if (king_can_take(from, enemy, empty, d))
        return -1;
      for (dr_bits t = step(from, d) & empty; t; t = step(t, d) & empty)
        n++;
    }
  }
  dr_bits ahead = side == DR_WHITE ? (men << 8) & empty : (men >> 8) & empty;
  return n + dr_bits_count(ahead) + dr_bits_count(((men & ~TK_FILE_H) << 1) & empty) +
         dr_bits_count(((men & ~TK_FILE_A) >> 1) & empty);
}
