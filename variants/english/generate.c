/*
** generate.c — English checkers move generation.
**
** Captures come first and are compulsory, but any capture may be chosen,
** however many pieces it takes; once begun it must be jumped out to the end.
** Men jump forwards only, kings one square in all four directions.  A capture
** is a depth-first search, one landing square per leg; jumped pieces stay on
** the board until the move ends, so they cannot be jumped twice nor landed on,
** while the moving piece is lifted from its square, which it may pass again.
** A man that reaches the far rank is crowned and the move ends there.  Every
** distinct landing path is its own move.  Only when no capture exists are the
** plain steps generated.
*/
#include "english.h"

#include <string.h>

#include <draughts/bits.h>

/* The capture search's state: the board as the moving piece sees it and the
** landing path so far. */
typedef struct capture_search {
  dr_movelist *out;
  int status;
  dr_bits opponents;
  dr_bits empty;     /* empty squares, the moving piece's own square included */
  dr_bits promotion; /* the far rank of the side to move */
  uint8_t from;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} capture_search;

/* Direction flags, so the searches unroll over constant shifts. */
enum { DIR_UP_RIGHT = 1, DIR_UP_LEFT = 2, DIR_DOWN_RIGHT = 4, DIR_DOWN_LEFT = 8, DIR_ALL = 15 };

/* Always inlined, so that each constant shift is one shift instruction. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE dr_bits step(dr_bits b, int shift) {
  return shift > 0 ? b << shift : b >> -shift;
}

static inline uint8_t square_of(dr_bits b) { return (uint8_t)__builtin_ctzll(b); }

/* The directions a man of 'turn' moves and jumps in: forwards only. */
static unsigned man_dirs(int turn) {
  return turn == DR_WHITE ? DIR_UP_RIGHT | DIR_UP_LEFT : DIR_DOWN_RIGHT | DIR_DOWN_LEFT;
}

/* Writes the sequence that ends on 'at' after 'legs' jumps. */
static void emit_capture(capture_search *s, dr_bits at, dr_bits taken, int legs, int man) {
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

static void jumps(capture_search *s, dr_bits at, dr_bits taken, int legs, unsigned dirs, int man);

/* The leg in direction 'd', if there is one: 1 when there is. */
ALWAYS_INLINE int jump(capture_search *s, dr_bits at, dr_bits taken, int legs, unsigned dirs,
                       int man, int d) {
  dr_bits victim = step(at, d) & s->opponents & ~taken;
  dr_bits land = step(victim, d) & s->empty;
  if (!land) return 0;
  s->path[legs] = square_of(land);
  s->jumped[legs] = square_of(victim);
  jumps(s, land, taken | victim, legs + 1, dirs, man);
  return 1;
}

/* Goes on capturing from 'at'; a man that has just reached the far rank is
** crowned, and crowning ends the move. */
static void jumps(capture_search *s, dr_bits at, dr_bits taken, int legs, unsigned dirs, int man) {
  if (man && legs && (at & s->promotion)) {
    emit_capture(s, at, taken, legs, man);
    return;
  }
  int more = 0;
  if (dirs & DIR_UP_RIGHT) more |= jump(s, at, taken, legs, dirs, man, EN_UP_RIGHT);
  if (dirs & DIR_UP_LEFT) more |= jump(s, at, taken, legs, dirs, man, EN_UP_LEFT);
  if (dirs & DIR_DOWN_RIGHT) more |= jump(s, at, taken, legs, dirs, man, EN_DOWN_RIGHT);
  if (dirs & DIR_DOWN_LEFT) more |= jump(s, at, taken, legs, dirs, man, EN_DOWN_LEFT);
  if (!more && legs) emit_capture(s, at, taken, legs, man);
}

/* Squares from which a piece has an enemy next to it in direction 'd' and an
** empty square behind. */
ALWAYS_INLINE dr_bits takers(dr_bits opponents, dr_bits empty, int d) {
  return step(step(empty, -d) & opponents, -d);
}

/* The pieces of the side to move that have a first jump: kings in any
** direction, men forwards. */
static dr_bits pieces_that_can_take(const dr_position *pos, dr_bits empty) {
  int turn = pos->turn;
  dr_bits opp = pos->side[turn ^ 1], own = pos->side[turn];
  dr_bits up = takers(opp, empty, EN_UP_RIGHT) | takers(opp, empty, EN_UP_LEFT);
  dr_bits down = takers(opp, empty, EN_DOWN_RIGHT) | takers(opp, empty, EN_DOWN_LEFT);
  dr_bits forward = turn == DR_WHITE ? up : down;
  return (own & pos->kings & (up | down)) | (own & ~pos->kings & forward);
}

static int generate_captures(const dr_position *pos, dr_bits able, dr_movelist *out) {
  int turn = pos->turn;
  capture_search s;
  s.out = out;
  s.status = DR_OK;
  s.opponents = pos->side[turn ^ 1];
  s.empty = EN_POINTS & ~(pos->side[0] | pos->side[1]);
  s.promotion = turn == DR_WHITE ? EN_RANK(7) : EN_RANK(0);
  while (able && s.status == DR_OK) {
    int sq = dr_bits_pop(&able);
    int man = !(pos->kings >> sq & 1);
    s.from = (uint8_t)sq;
    s.empty |= dr_bit(sq);
    jumps(&s, dr_bit(sq), 0, 0, man ? man_dirs(turn) : DIR_ALL, man);
    s.empty &= ~dr_bit(sq);
  }
  return s.status;
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

/* Every step of 'pieces' in direction 'd', found all at once by shifting;
** 'promotion' is 0 for kings. */
ALWAYS_INLINE int generate_steps(dr_movelist *out, dr_bits pieces, dr_bits empty,
                                 dr_bits promotion, int d) {
  for (dr_bits to = step(pieces, d) & empty; to;) {
    int sq = dr_bits_pop(&to);
    if (push_plain(out, sq - d, sq, (promotion >> sq) & 1) != DR_OK) return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

static int generate_plain(const dr_position *pos, dr_bits empty, dr_movelist *out) {
  int turn = pos->turn;
  dr_bits own = pos->side[turn], kings = own & pos->kings, men = own & ~pos->kings;
  dr_bits promotion = turn == DR_WHITE ? EN_RANK(7) : EN_RANK(0);
  dr_bits men_up = turn == DR_WHITE ? men : 0, men_down = turn == DR_WHITE ? 0 : men;
  if (generate_steps(out, men_up, empty, promotion, EN_UP_RIGHT) ||
      generate_steps(out, men_up, empty, promotion, EN_UP_LEFT) ||
      generate_steps(out, men_down, empty, promotion, EN_DOWN_RIGHT) ||
      generate_steps(out, men_down, empty, promotion, EN_DOWN_LEFT) ||
      generate_steps(out, kings, empty, 0, EN_UP_RIGHT) ||
      generate_steps(out, kings, empty, 0, EN_UP_LEFT) ||
      generate_steps(out, kings, empty, 0, EN_DOWN_RIGHT) ||
      generate_steps(out, kings, empty, 0, EN_DOWN_LEFT))
    return DR_ERR_OVERFLOW;
  return DR_OK;
}

int english_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  (void)rules;
  dr_bits empty = EN_POINTS & ~(pos->side[0] | pos->side[1]);
  dr_bits able = pieces_that_can_take(pos, empty);
  if (able) return generate_captures(pos, able, out);
  return generate_plain(pos, empty, out);
}

/* The 'quiet_count' slot: the generator's plain steps, counted with shifts. */
int english_quiet_count(const dr_rules *rules, const dr_position *pos) {
  (void)rules;
  dr_bits empty = EN_POINTS & ~(pos->side[0] | pos->side[1]);
  if (pieces_that_can_take(pos, empty)) return -1;
  int turn = pos->turn;
  dr_bits own = pos->side[turn], kings = own & pos->kings;
  dr_bits up = turn == DR_WHITE ? own : kings, down = turn == DR_WHITE ? kings : own;
  return dr_bits_count(step(up, EN_UP_RIGHT) & empty) + dr_bits_count(step(up, EN_UP_LEFT) & empty) +
         dr_bits_count(step(down, EN_DOWN_RIGHT) & empty) + dr_bits_count(step(down, EN_DOWN_LEFT) & empty);
}
