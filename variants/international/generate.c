/*
** generate.c — International draughts move generation.
**
** Captures come first and are compulsory, and the capture that takes the most
** pieces must be played, men and kings counting the same; between equal
** captures the player chooses.  Men jump forwards and backwards, kings fly: a
** king sees the first piece along a diagonal and may land on any empty square
** behind it.  A capture is a depth-first search, one landing square per leg;
** a longer sequence discards what was found before it, a shorter one is never
** written.  Jumped pieces stay on the board until the move ends (the Turkish
** strike): they cannot be jumped twice and they block the way.  The moving
** piece is lifted from its square, which it may cross or land on again.  A man
** that passes over the far rank and jumps on stays a man: it is crowned only
** if the move ends there.  Every distinct landing path is its own move.  Only
** when no capture exists are the plain moves generated.
*/
#include "international.h"

#include <string.h>

#include <draughts/bits.h>

/* The capture search's state: the board as the moving piece sees it, the
** landing path so far and the longest capture found. */
typedef struct capture_search {
  dr_movelist *out;
  int base;          /* the list's count when generation began */
  int best;          /* most pieces any sequence written so far takes */
  int status;
  dr_bits opponents;
  dr_bits empty;     /* empty squares, the moving piece's own square included */
  dr_bits promotion; /* the far rank of the side to move */
  uint8_t from;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} capture_search;

static const int all_dirs[4] = {IN_UP_RIGHT, IN_UP_LEFT, IN_DOWN_RIGHT, IN_DOWN_LEFT};

/* Always inlined, so that each constant shift is one shift instruction. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE dr_bits step(dr_bits b, int shift) {
  return shift > 0 ? b << shift : b >> -shift;
}

static inline uint8_t square_of(dr_bits b) { return (uint8_t)__builtin_ctzll(b); }

/* Writes the sequence that ends on 'at' having taken 'taken' in 'legs' jumps,
** unless a longer one is known. */
static void emit_capture(capture_search *s, dr_bits at, dr_bits taken, int legs, int man) {
  if (legs < s->best) return;
  if (legs > s->best) {
    s->best = legs;
    s->out->count = s->base; /* everything shorter is illegal now */
    s->status = DR_OK;
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

/* Goes on capturing with a man standing on 'at', on the far rank or not. */
static void man_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs) {
  int more = man_jump(s, at, taken, legs, IN_UP_RIGHT);
  more |= man_jump(s, at, taken, legs, IN_UP_LEFT);
  more |= man_jump(s, at, taken, legs, IN_DOWN_RIGHT);
  more |= man_jump(s, at, taken, legs, IN_DOWN_LEFT);
  if (!more && legs) emit_capture(s, at, taken, legs, 1);
}

static void king_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs);

/* The legs of a king's capture in direction 'd': the first piece along the
** diagonal, if it is an enemy not yet jumped, and every empty square behind. */
ALWAYS_INLINE int king_jump(capture_search *s, dr_bits at, dr_bits taken, int legs, int d) {
  dr_bits victim = step(at, d);
  while (victim & s->empty) victim = step(victim, d);
  victim &= s->opponents & ~taken;
  int more = 0;
  for (dr_bits land = step(victim, d) & s->empty; land; land = step(land, d) & s->empty) {
    s->path[legs] = square_of(land);
    s->jumped[legs] = square_of(victim);
    king_jumps(s, land, taken | victim, legs + 1);
    more = 1;
  }
  return more;
}

/* Goes on capturing with a king standing on 'at'. */
static void king_jumps(capture_search *s, dr_bits at, dr_bits taken, int legs) {
  int more = king_jump(s, at, taken, legs, IN_UP_RIGHT);
  more |= king_jump(s, at, taken, legs, IN_UP_LEFT);
  more |= king_jump(s, at, taken, legs, IN_DOWN_RIGHT);
  more |= king_jump(s, at, taken, legs, IN_DOWN_LEFT);
  if (!more && legs) emit_capture(s, at, taken, legs, 0);
}

/* Squares from which a man has an enemy next to it in direction 'd' and an
** empty square behind. */
ALWAYS_INLINE dr_bits takers(const capture_search *s, int d) {
  return step(step(s->empty, -d) & s->opponents, -d);
}

/* The men that have a first jump, in any of the four directions. */
static dr_bits men_that_can_take(const capture_search *s, dr_bits men) {
  return men & (takers(s, IN_UP_RIGHT) | takers(s, IN_UP_LEFT) | takers(s, IN_DOWN_RIGHT) |
                takers(s, IN_DOWN_LEFT));
}

/* Each piece in turn, lifted from its square while its captures are searched. */
static int generate_captures(capture_search *s, dr_bits men, dr_bits kings) {
  for (dr_bits able = men_that_can_take(s, men); able;) {
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
  for (dr_bits to = step(men, d) & empty; to;) {
    int sq = dr_bits_pop(&to);
    if (push_plain(out, sq - d, sq, (promotion >> sq) & 1) != DR_OK) return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

static int generate_king_moves(dr_movelist *out, dr_bits kings, dr_bits empty) {
  while (kings) {
    int from = dr_bits_pop(&kings);
    for (int i = 0; i < 4; i++)
      for (dr_bits to = step(dr_bit(from), all_dirs[i]) & empty; to; to = step(to, all_dirs[i]) & empty)
        if (push_plain(out, from, square_of(to), 0) != DR_OK) return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

/* The board as both the generator and the counter read it. */
static void setup_search(capture_search *s, const dr_position *pos) {
  int turn = pos->turn;
  s->best = 0;
  s->status = DR_OK;
  s->opponents = pos->side[turn ^ 1];
  s->empty = IN_POINTS & ~(pos->side[0] | pos->side[1]);
  s->promotion = turn == DR_WHITE ? IN_RANK(9) : IN_RANK(0);
}

int international_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  (void)rules;
  int turn = pos->turn;
  dr_bits own = pos->side[turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  capture_search s;
  setup_search(&s, pos);
  s.out = out;
  s.base = out->count;
  int status = generate_captures(&s, men, kings);
  if (status != DR_OK || out->count > s.base) return status;
  int up = turn == DR_WHITE;
  if (generate_man_steps(out, men, s.empty, s.promotion, up ? IN_UP_RIGHT : IN_DOWN_RIGHT) != DR_OK ||
      generate_man_steps(out, men, s.empty, s.promotion, up ? IN_UP_LEFT : IN_DOWN_LEFT) != DR_OK)
    return DR_ERR_OVERFLOW;
  return generate_king_moves(out, kings, s.empty);
}

/* ------------------------------------------------------------ counting */

/* Whether a king on 'from' can take in direction 'd' (the first leg of a capture). */
ALWAYS_INLINE int king_can_take(const capture_search *s, dr_bits from, int d) {
  dr_bits victim = step(from, d);
  while (victim & s->empty) victim = step(victim, d);
  return (step(victim & s->opponents, d) & s->empty) != 0;
}

/* Empty squares a king on 'from' reaches in direction 'd'. */
ALWAYS_INLINE int king_reach(const capture_search *s, dr_bits from, int d) {
  int n = 0;
  for (dr_bits to = step(from, d) & s->empty; to; to = step(to, d) & s->empty) n++;
  return n;
}

/* The 'quiet_count' slot: the generator's plain moves, counted with shifts. */
int international_quiet_count(const dr_rules *rules, const dr_position *pos) {
  (void)rules;
  int turn = pos->turn;
  dr_bits own = pos->side[turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  capture_search s;
  setup_search(&s, pos);
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
    return n + dr_bits_count(step(men, IN_UP_RIGHT) & s.empty) + dr_bits_count(step(men, IN_UP_LEFT) & s.empty);
  return n + dr_bits_count(step(men, IN_DOWN_RIGHT) & s.empty) + dr_bits_count(step(men, IN_DOWN_LEFT) & s.empty);
}
