/*
** generate.c — Brazilian draughts move generation.
**
** Captures come first: a depth-first search from every piece that can take,
** one landing point per leg.  Jumped pieces stay on the board until the move
** ends, so they block the way and can never be jumped twice; the moving piece
** is lifted from its square, which it may cross or land on again.  Every
** distinct landing path is its own move.  Under the majority rule a longer
** sequence discards what was found before it, a shorter one is never written.
** Only when no capture exists are the plain moves generated.
*/
#include "brazilian.h"

#include <string.h>

#include <draughts/bits.h>

/* The capture search's state: the rules in force, the board as the moving piece
** sees it, and the landing path so far. */
typedef struct capture_search {
  dr_movelist *out;
  int base;         /* the list's count when generation began */
  int best;         /* most pieces any sequence written so far takes */
  int status;
  int majority;     /* only the sequences that take the most pieces */
  int flying;       /* kings move and take at any distance */
  int promo_stops;  /* a man reaching the last rank is crowned and stops there */
  unsigned man_dirs; /* the DIR_* a man may capture in */
  dr_bits opponents;
  dr_bits empty;    /* empty points, the moving piece's own square included */
  dr_bits promotion;
  uint8_t from;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} capture_search;

/* Direction flags, so the searches can be unrolled over constant shifts. */
enum { DIR_UP_RIGHT = 1, DIR_UP_LEFT = 2, DIR_DOWN_RIGHT = 4, DIR_DOWN_LEFT = 8, DIR_ALL = 15 };

static const int all_dirs[4] = {BR_UP_RIGHT, BR_UP_LEFT, BR_DOWN_RIGHT, BR_DOWN_LEFT};

/* The helpers below that take a direction are always inlined, so that each
** constant shift leaves a single shift instruction in the unrolled loops. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE dr_bits step(dr_bits b, int shift) {
  return shift > 0 ? b << shift : b >> -shift;
}

static inline uint8_t square_of(dr_bits b) { return (uint8_t)__builtin_ctzll(b); }

/* Writes the sequence that ends at 'at' having taken 'taken' in 'legs' jumps. */
static void emit_capture(capture_search *s, dr_bits at, dr_bits taken, int legs, int man) {
  if (s->majority) {
    if (legs < s->best) return;
    if (legs > s->best) {
      s->best = legs;
      s->out->count = s->base; /* everything shorter is illegal now */
      s->status = DR_OK;
    }
  }
  dr_move *m = dr_movelist_push(s->out);
  if (!m) {
    s->status = DR_ERR_OVERFLOW;
    return;
  }
  m->captured = taken;
  m->from = s->from;
  m->to = square_of(at);
  m->promotes = (uint8_t)(man && (at & s->promotion));
  m->njumps = (uint8_t)legs;
  memcpy(m->path, s->path, sizeof m->path); /* whole arrays: fixed-size copies are cheaper */
  memcpy(m->jumped, s->jumped, sizeof m->jumped);
}

static void man_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs);

/* The leg of a man's capture in direction 'd', if there is one: 1 when there is. */
ALWAYS_INLINE int man_jump(capture_search *s, dr_bits at, dr_bits taken, int legs, int d) {
  dr_bits victim = step(at, d) & s->opponents & ~taken;
  dr_bits land = step(victim, d) & s->empty;
  if (!land) return 0;
  s->path[legs] = square_of(land);
  s->jumped[legs] = square_of(victim);
  man_jumps(s, land, taken | victim, legs + 1);
  return 1;
}

/* Goes on capturing with a man standing on 'at'.  Under the official rule a man
** that lands on the last rank and can take again goes on as a man. */
static void man_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs) {
  int more = 0;
  unsigned dirs = s->man_dirs;
  if (legs && s->promo_stops && (at & s->promotion)) dirs = 0;
  if (dirs & DIR_UP_RIGHT) more |= man_jump(s, at, taken, legs, BR_UP_RIGHT);
  if (dirs & DIR_UP_LEFT) more |= man_jump(s, at, taken, legs, BR_UP_LEFT);
  if (dirs & DIR_DOWN_RIGHT) more |= man_jump(s, at, taken, legs, BR_DOWN_RIGHT);
  if (dirs & DIR_DOWN_LEFT) more |= man_jump(s, at, taken, legs, BR_DOWN_LEFT);
  if (!more && legs) emit_capture(s, at, taken, legs, 1);
}

static void king_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs);

/* Whether a flying king on 'at', having taken 'taken' so far, can jump again. */
static int flying_king_can_go_on(const capture_search *s, dr_bits at, dr_bits taken) {
  for (int i = 0; i < 4; i++) {
    dr_bits victim = step(at, all_dirs[i]);
    while (victim & s->empty) victim = step(victim, all_dirs[i]);
    if (step(victim & s->opponents & ~taken, all_dirs[i]) & s->empty) return 1;
  }
  return 0;
}

/* The squares behind 'victim' a flying king may land on.  A piece that can jump
** again must go on, so when some of them let the king go on it must land on one
** of those.  Under the majority rule the shorter sequences are dropped anyway, so
** the test is only needed with free choice. */
static dr_bits flying_landings(const capture_search *s, dr_bits victim, dr_bits taken, int d) {
  dr_bits lands = 0;
  for (dr_bits land = step(victim, d) & s->empty; land; land = step(land, d) & s->empty) lands |= land;
  if (s->majority) return lands;
  dr_bits going_on = 0;
  for (dr_bits l = lands; l;) {
    dr_bits land = dr_bit(dr_bits_pop(&l));
    if (flying_king_can_go_on(s, land, taken | victim)) going_on |= land;
  }
  return going_on ? going_on : lands;
}

/* The legs of a king's capture in direction 'd': a flying king sees the first
** piece along the diagonal and may land on an empty square behind it. */
ALWAYS_INLINE int king_jump(capture_search *s, dr_bits at, dr_bits taken, int legs, int d) {
  dr_bits victim = step(at, d);
  if (s->flying)
    while (victim & s->empty) victim = step(victim, d);
  victim &= s->opponents & ~taken;
  dr_bits lands = s->flying ? flying_landings(s, victim, taken, d) : step(victim, d) & s->empty;
  if (!lands) return 0;
  s->jumped[legs] = square_of(victim);
  for (dr_bits l = lands; l;) {
    s->path[legs] = (uint8_t)dr_bits_pop(&l);
    king_jumps(s, dr_bit(s->path[legs]), taken | victim, legs + 1);
  }
  return 1;
}

/* Goes on capturing with a king standing on 'at'. */
static void king_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs) {
  int more = king_jump(s, at, taken, legs, BR_UP_RIGHT);
  more |= king_jump(s, at, taken, legs, BR_UP_LEFT);
  more |= king_jump(s, at, taken, legs, BR_DOWN_RIGHT);
  more |= king_jump(s, at, taken, legs, BR_DOWN_LEFT);
  if (!more && legs) emit_capture(s, at, taken, legs, 0);
}

/* Men with an enemy piece next to them in direction 'd' and an empty square
** behind it. */
ALWAYS_INLINE dr_bits takers(const capture_search *s, int d) {
  return step(step(s->empty, -d) & s->opponents, -d);
}

/* The men worth a capture search. */
static dr_bits men_that_can_take(const capture_search *s, dr_bits men) {
  dr_bits able = 0;
  if (s->man_dirs & DIR_UP_RIGHT) able |= takers(s, BR_UP_RIGHT);
  if (s->man_dirs & DIR_UP_LEFT) able |= takers(s, BR_UP_LEFT);
  if (s->man_dirs & DIR_DOWN_RIGHT) able |= takers(s, BR_DOWN_RIGHT);
  if (s->man_dirs & DIR_DOWN_LEFT) able |= takers(s, BR_DOWN_LEFT);
  return able & men;
}

static int generate_captures(capture_search *s, dr_bits men, dr_bits kings) {
  dr_bits able = men_that_can_take(s, men);
  while (able) {
    int sq = dr_bits_pop(&able);
    s->from = (uint8_t)sq;
    s->empty |= dr_bit(sq);
    man_jumps(s, dr_bit(sq), 0, 0);
    s->empty &= ~dr_bit(sq);
  }
  while (kings) {
    int sq = dr_bits_pop(&kings);
    s->from = (uint8_t)sq;
    s->empty |= dr_bit(sq);
    king_jumps(s, dr_bit(sq), 0, 0);
    s->empty &= ~dr_bit(sq);
  }
  return s->status;
}

static int push_plain(dr_movelist *out, int from, int to, int promotes) {
  dr_move *m = dr_movelist_push(out);
  if (!m) return DR_ERR_OVERFLOW;
  m->captured = 0;
  m->from = (uint8_t)from;
  m->to = (uint8_t)to;
  m->promotes = (uint8_t)promotes;
  m->njumps = 0;
  return DR_OK;
}

/* Plain men steps in direction 'd': found all at once by shifting the men. */
ALWAYS_INLINE int generate_man_steps(dr_movelist *out, dr_bits men, dr_bits empty,
                                     dr_bits promotion, int d) {
  dr_bits to = step(men, d) & empty;
  while (to) {
    int sq = dr_bits_pop(&to);
    if (push_plain(out, sq - d, sq, (promotion >> sq) & 1) != DR_OK) return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

static int generate_king_steps(dr_movelist *out, dr_bits kings, dr_bits empty, int flying) {
  while (kings) {
    int from = dr_bits_pop(&kings);
    for (int i = 0; i < 4; i++) {
      int d = all_dirs[i];
      for (dr_bits to = step(dr_bit(from), d) & empty; to; to = step(to, d) & empty) {
        if (push_plain(out, from, square_of(to), 0) != DR_OK) return DR_ERR_OVERFLOW;
        if (!flying) break;
      }
    }
  }
  return DR_OK;
}

/* The rules in force and the board, as both the generator and the counter read them. */
static void setup_search(capture_search *s, const dr_rules *rules, const dr_position *pos) {
  int turn = pos->turn;
  s->best = 0;
  s->status = DR_OK;
  s->majority = rules->opt[BR_OPT_MAJORITY_CAPTURE];
  s->flying = rules->opt[BR_OPT_FLYING_KINGS];
  s->promo_stops = rules->opt[BR_OPT_PROMOTION_ENDS_CAPTURE];
  if (rules->opt[BR_OPT_MEN_CAPTURE_BACKWARDS]) s->man_dirs = DIR_ALL;
  else s->man_dirs = turn == DR_WHITE ? DIR_UP_RIGHT | DIR_UP_LEFT : DIR_DOWN_RIGHT | DIR_DOWN_LEFT;
  s->opponents = pos->side[turn ^ 1];
  s->empty = BR_POINTS & ~(pos->side[0] | pos->side[1]);
  s->promotion = turn == DR_WHITE ? BR_RANK(7) : BR_RANK(0);
}

int brazilian_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  int turn = pos->turn;
  dr_bits own = pos->side[turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  capture_search s;
  setup_search(&s, rules, pos);
  s.out = out;
  s.base = out->count;

  int status = generate_captures(&s, men, kings);
  if (status != DR_OK || out->count > s.base) return status;
  if (turn == DR_WHITE) {
    if (generate_man_steps(out, men, s.empty, s.promotion, BR_UP_RIGHT) != DR_OK ||
        generate_man_steps(out, men, s.empty, s.promotion, BR_UP_LEFT) != DR_OK)
      return DR_ERR_OVERFLOW;
  } else if (generate_man_steps(out, men, s.empty, s.promotion, BR_DOWN_RIGHT) != DR_OK ||
             generate_man_steps(out, men, s.empty, s.promotion, BR_DOWN_LEFT) != DR_OK) {
    return DR_ERR_OVERFLOW;
  }
  return generate_king_steps(out, kings, s.empty, s.flying);
}

/* ------------------------------------------------------------ counting */

/* Whether a king on 'from' can take in direction 'd' (the first leg of a capture). */
ALWAYS_INLINE int king_can_take(const capture_search *s, dr_bits from, int d) {
  dr_bits victim = step(from, d);
  if (s->flying)
    while (victim & s->empty) victim = step(victim, d);
  return (step(victim & s->opponents, d) & s->empty) != 0;
}

/* Empty points a king on 'from' reaches in direction 'd'. */
ALWAYS_INLINE int king_reach(const capture_search *s, dr_bits from, int d) {
  int n = 0;
  for (dr_bits to = step(from, d) & s->empty; to; to = step(to, d) & s->empty) {
    n++;
    if (!s->flying) break;
  }
  return n;
}

/* The 'quiet_count' slot: the generator's plain moves, counted with shifts. */
int brazilian_quiet_count(const dr_rules *rules, const dr_position *pos) {
  int turn = pos->turn;
  dr_bits own = pos->side[turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  capture_search s;
  setup_search(&s, rules, pos);
  if (men_that_can_take(&s, men)) return -1;
  int n = 0;
  for (dr_bits k = kings; k;) {
    dr_bits from = dr_bit(dr_bits_pop(&k));
    for (int i = 0; i < 4; i++) {
      if (king_can_take(&s, from, all_dirs[i])) return -1;
      n += king_reach(&s, from, all_dirs[i]);
    }
  }
  if (turn == DR_WHITE)
    return n + dr_bits_count(step(men, BR_UP_RIGHT) & s.empty) + dr_bits_count(step(men, BR_UP_LEFT) & s.empty);
  return n + dr_bits_count(step(men, BR_DOWN_RIGHT) & s.empty) + dr_bits_count(step(men, BR_DOWN_LEFT) & s.empty);
}
