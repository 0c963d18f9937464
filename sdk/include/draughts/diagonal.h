/*
** draughts/diagonal.h — move generation for draughts on the dark squares of a
** board, for plugin authors.
**
** The board must be laid out with "ghost" bits so that each diagonal step is one
** shift from every square (see sdk/docs/architecture.md, "Diagonal boards"): the
** 8x8 and 10x10 layouts below are the usual ones.  A plugin describes its game in
** a 'dr_diag_rules' — the shifts, the points, the promotion rows and the capture
** rules — and calls 'dr_diag_generate' and 'dr_diag_quiet_count'.
**
** Everything here is 'static inline' and the functions that take the rules or a
** direction are always inlined, so the compiler specialises them for the plugin's
** constants: a plugin whose rules are a 'static const' gets a generator with no
** test of a rule left in it, as fast as one written by hand for that game.  A
** plugin whose rules are options passes rules built from them, and pays a test
** per rule.  The two recursive steps of the capture search cannot be inlined
** into themselves, so the plugin has them defined for its rules by a macro:
**
**   static const dr_diag_rules rules = DR_DIAG10_RULES(.flying_kings = 1, ...);
**   DR_DIAG_DEFINE_JUMPS(fmjd, &rules)
**   ... return dr_diag_generate(&rules, pos, out, fmjd_man_jumps, fmjd_king_jumps);
**
** A plugin whose rules are options may define a pair, and a generator, for each
** combination of them and choose one in 'generate' (variants/brazilian does, for
** its 16), or define one pair with 's->rules', the rules 'dr_diag_generate' was
** given, which tests each rule as it runs.
**
** The rules cover the diagonal games' captures: men that jump backwards or only
** forwards, flying or short kings, free choice or the majority rule, and a man
** that reaches the far row mid-capture going on as a man, stopping crowned, or
** going on as a king.  Jumped pieces stay on the board until the move ends (they
** block the way and cannot be jumped twice); the moving piece is lifted from its
** square, which it may cross or land on again.  A piece that can jump again must
** go on: a flying king with free choice lands only where it can go on, if it can
** anywhere.  Every distinct landing path is its own move.
*/
#ifndef DRAUGHTS_DIAGONAL_H
#define DRAUGHTS_DIAGONAL_H

#include <string.h>

#include <draughts/bits.h>
#include <draughts/variant.h>

#define DR_DIAG_INLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ layouts */

/*
** 8x8: the 32 dark squares in 36 bits, two ranks per block of nine.  Rank r (0 =
** the first player's) holds its four squares, left to right, at bits
**   9 * (r / 2) + 5 * (r % 2) + 0..3
** so bits 4, 13, 22 and 31 are ghosts.  A step is +5 up right, +4 up left, -4
** down right, -5 down left; off the left or right edge it lands on a ghost, off
** the top beyond bit 35, off the bottom below bit 0, so masking with the points
** is all the edge handling there is.  The long diagonal a1-h8 is bits 0, 5, ..., 35.
*/
#define DR_DIAG8_POINTS ((dr_bits)0xF7FBFDFEFull)
#define DR_DIAG8_RANK(r) ((dr_bits)0xF << (9 * ((r) / 2) + 5 * ((r) % 2)))
#define DR_DIAG8_LONG_DIAGONAL ((dr_bits)0x842108421ull)
enum { DR_DIAG8_UP_RIGHT = 5, DR_DIAG8_UP_LEFT = 4 };

/*
** 10x10: the 50 dark squares in 55 bits, two ranks per block of eleven (the
** layout of Scan and most 10x10 engines): rank r at bits
**   11 * (r / 2) + 6 * (r % 2) + 0..4
** so bits 5, 16, 27, 38 and 49 are ghosts.  A step is +6 up right, +5 up left,
** -5 down right, -6 down left.  The long diagonal a1-j10 is bits 0, 6, ..., 54.
*/
#define DR_DIAG10_POINTS ((dr_bits)0x7DFFBFF7FEFFDFull)
#define DR_DIAG10_RANK(r) ((dr_bits)0x1F << (11 * ((r) / 2) + 6 * ((r) % 2)))
enum { DR_DIAG10_UP_RIGHT = 6, DR_DIAG10_UP_LEFT = 5 };

/* -------------------------------------------------------------------- rules */

/* Where a man that reaches the far row in the middle of a capture stands. */
enum {
  DR_DIAG_CROWN_AT_END = 0, /* it jumps on as a man and is crowned only if the move ends there */
  DR_DIAG_CROWN_STOPS = 1,  /* it is crowned and the move ends there */
  DR_DIAG_CROWN_GOES_ON = 2 /* it is crowned at once and jumps on as a king */
};

/* A game on a diagonal board: its layout and its capture rules. */
typedef struct dr_diag_rules {
  int up_right, up_left; /* shifts of the two steps away from the first player; down is their negation */
  dr_bits points;        /* the bits that are squares */
  dr_bits promotion[2];  /* where each side's men are crowned */
  uint8_t flying_kings;  /* kings move and take at any distance (else one square) */
  uint8_t men_capture_backwards;
  uint8_t majority;      /* only the captures that take the most pieces (else free choice) */
  uint8_t crowning;      /* DR_DIAG_CROWN_*: a man reaching the far row mid-capture */
} dr_diag_rules;

/* The rules of a game on the 8x8 or the 10x10 layout, the capture rules given
** as designated initializers: DR_DIAG8_RULES(.flying_kings = 1, .majority = 1). */
#define DR_DIAG8_RULES(...)                                                               \
  {.up_right = DR_DIAG8_UP_RIGHT, .up_left = DR_DIAG8_UP_LEFT, .points = DR_DIAG8_POINTS, \
   .promotion = {DR_DIAG8_RANK(7), DR_DIAG8_RANK(0)}, __VA_ARGS__}
#define DR_DIAG10_RULES(...)                                                                 \
  {.up_right = DR_DIAG10_UP_RIGHT, .up_left = DR_DIAG10_UP_LEFT, .points = DR_DIAG10_POINTS, \
   .promotion = {DR_DIAG10_RANK(9), DR_DIAG10_RANK(0)}, __VA_ARGS__}

/* The capture search's state: the board as the moving piece sees it, the
** landing path so far, and the longest capture written under the majority rule. */
typedef struct dr_diag_search {
  const dr_diag_rules *rules; /* as 'dr_diag_generate' was given them */
  dr_movelist *out;
  int base;              /* the list's count when generation began */
  int best;              /* most pieces any capture written so far takes */
  int status;
  int started_man;       /* the moving piece was a man when the move began */
  unsigned man_dirs;     /* the DR_DIAG_DIR_* a man may capture in */
  dr_bits opponents;
  dr_bits empty;         /* empty squares, the moving piece's own square included */
  dr_bits promotion;     /* the far row of the side to move */
  uint8_t from;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} dr_diag_search;

/* The recursive steps of the capture search, as the plugin writes them (see above). */
typedef void (*dr_diag_jumps_fn)(dr_diag_search *s, dr_bits at, dr_bits taken, int legs);

/* Defines 'prefix_man_jumps' and 'prefix_king_jumps', the capture search's
** recursive steps under RULES: a pointer to 'static const' rules, or 's->rules'. */
#define DR_DIAG_DEFINE_JUMPS(prefix, RULES)                                                    \
  static void prefix##_king_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {  \
    dr_diag_king_jumps(s, (RULES), at, taken, legs, prefix##_king_jumps);                    \
  }                                                                                          \
  static void prefix##_man_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {   \
    dr_diag_man_jumps(s, (RULES), at, taken, legs, prefix##_man_jumps, prefix##_king_jumps); \
  }

/* Directions as flags, so a loop over them unrolls into constant shifts. */
enum { DR_DIAG_DIR_UP_RIGHT = 1, DR_DIAG_DIR_UP_LEFT = 2, DR_DIAG_DIR_DOWN_RIGHT = 4, DR_DIAG_DIR_DOWN_LEFT = 8,
       DR_DIAG_DIR_ALL = 15 };

/* ------------------------------------------------------------------ helpers */

DR_DIAG_INLINE dr_bits dr_diag_step(dr_bits b, int shift) { return shift > 0 ? b << shift : b >> -shift; }

/* The directions a man of 'turn' steps in. */
static inline unsigned dr_diag_forward(int turn) {
  return turn == DR_WHITE ? DR_DIAG_DIR_UP_RIGHT | DR_DIAG_DIR_UP_LEFT
                          : DR_DIAG_DIR_DOWN_RIGHT | DR_DIAG_DIR_DOWN_LEFT;
}

static inline uint8_t dr_diag_square(dr_bits b) { return (uint8_t)__builtin_ctzll(b); }

/* The board of 'pos' as the search and the counter read it. */
DR_DIAG_INLINE void dr_diag_setup(dr_diag_search *s, const dr_diag_rules *r, const dr_position *pos) {
  int turn = pos->turn;
  s->rules = r;
  s->best = 0;
  s->status = DR_OK;
  s->man_dirs = r->men_capture_backwards ? DR_DIAG_DIR_ALL : dr_diag_forward(turn);
  s->opponents = pos->side[turn ^ 1];
  s->empty = r->points & ~(pos->side[0] | pos->side[1]);
  s->promotion = r->promotion[turn];
}

/* ---------------------------------------------------------------- captures */

/* Writes the capture that ends on 'at' having taken 'taken' in 'legs' jumps. */
static inline void dr_diag_emit(dr_diag_search *s, dr_bits at, dr_bits taken, int legs, int promotes) {
  dr_move *m = dr_movelist_push(s->out);
  if (!m) {
    s->status = DR_ERR_OVERFLOW;
    return;
  }
  m->captured = taken;
  m->from = s->from;
  m->to = dr_diag_square(at);
  m->promotes = (uint8_t)promotes;
  m->njumps = (uint8_t)legs;
  memcpy(m->path, s->path, sizeof m->path); /* whole arrays: fixed-size copies are cheaper */
  memcpy(m->jumped, s->jumped, sizeof m->jumped);
}

/* The same under the majority rule: a longer capture discards what was written
** before it, a shorter one is never written. */
static inline void dr_diag_emit_longest(dr_diag_search *s, dr_bits at, dr_bits taken, int legs, int promotes) {
  if (legs < s->best) return;
  if (legs > s->best) {
    s->best = legs;
    s->out->count = s->base; /* everything shorter is illegal now */
    s->status = DR_OK;
  }
  dr_diag_emit(s, at, taken, legs, promotes);
}

/* The end of a capture; 'man' is what the piece is now, so a man crowned on the
** way ends as a king, which promotes it. */
DR_DIAG_INLINE void dr_diag_end(dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken, int legs,
                                int man) {
  int promotes = man ? (at & s->promotion) != 0 : r->crowning == DR_DIAG_CROWN_GOES_ON && s->started_man;
  if (r->majority) dr_diag_emit_longest(s, at, taken, legs, promotes);
  else dr_diag_emit(s, at, taken, legs, promotes);
}

/* The leg of a man's capture in direction 'd', if there is one: 1 when there is. */
DR_DIAG_INLINE int dr_diag_man_jump(dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken, int legs,
                                    int d, dr_diag_jumps_fn man_jumps, dr_diag_jumps_fn king_jumps) {
  dr_bits victim = dr_diag_step(at, d) & s->opponents & ~taken;
  dr_bits land = dr_diag_step(victim, d) & s->empty;
  if (!land) return 0;
  s->path[legs] = dr_diag_square(land);
  s->jumped[legs] = dr_diag_square(victim);
  if (r->crowning == DR_DIAG_CROWN_GOES_ON && (land & s->promotion)) king_jumps(s, land, taken | victim, legs + 1);
  else man_jumps(s, land, taken | victim, legs + 1);
  return 1;
}

/* Goes on capturing with a man standing on 'at'. */
DR_DIAG_INLINE void dr_diag_man_jumps(dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken, int legs,
                                      dr_diag_jumps_fn man_jumps, dr_diag_jumps_fn king_jumps) {
  unsigned dirs = r->men_capture_backwards ? DR_DIAG_DIR_ALL : s->man_dirs;
  if (r->crowning == DR_DIAG_CROWN_STOPS && legs && (at & s->promotion)) dirs = 0;
  int more = 0;
  if (dirs & DR_DIAG_DIR_UP_RIGHT)
    more |= dr_diag_man_jump(s, r, at, taken, legs, r->up_right, man_jumps, king_jumps);
  if (dirs & DR_DIAG_DIR_UP_LEFT)
    more |= dr_diag_man_jump(s, r, at, taken, legs, r->up_left, man_jumps, king_jumps);
  if (dirs & DR_DIAG_DIR_DOWN_RIGHT)
    more |= dr_diag_man_jump(s, r, at, taken, legs, -r->up_left, man_jumps, king_jumps);
  if (dirs & DR_DIAG_DIR_DOWN_LEFT)
    more |= dr_diag_man_jump(s, r, at, taken, legs, -r->up_right, man_jumps, king_jumps);
  if (!more && legs) dr_diag_end(s, r, at, taken, legs, 1);
}

/* The first piece a king on 'at' sees in direction 'd' (or nothing past the edge). */
DR_DIAG_INLINE dr_bits dr_diag_king_sees(const dr_diag_search *s, const dr_diag_rules *r, dr_bits at, int d) {
  dr_bits seen = dr_diag_step(at, d);
  if (r->flying_kings)
    while (seen & s->empty) seen = dr_diag_step(seen, d);
  return seen;
}

/* Whether a king on 'at', having taken 'taken', can take in direction 'd'. */
DR_DIAG_INLINE int dr_diag_king_can_take(const dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken,
                                         int d) {
  return (dr_diag_step(dr_diag_king_sees(s, r, at, d) & s->opponents & ~taken, d) & s->empty) != 0;
}

/* Whether a king on 'at', having taken 'taken' so far, can jump again. */
DR_DIAG_INLINE int dr_diag_king_can_go_on(const dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken) {
  return dr_diag_king_can_take(s, r, at, taken, r->up_right) || dr_diag_king_can_take(s, r, at, taken, r->up_left) ||
         dr_diag_king_can_take(s, r, at, taken, -r->up_left) || dr_diag_king_can_take(s, r, at, taken, -r->up_right);
}

/* A flying king's legs over 'victim' with free choice: it must land where it can
** jump again if there is such a square, and may stop on any only when none is.
** (Under the majority rule the shorter captures are dropped anyway.) */
DR_DIAG_INLINE int dr_diag_free_landings(dr_diag_search *s, const dr_diag_rules *r, dr_bits victim, dr_bits taken,
                                          int legs, int d, dr_diag_jumps_fn king_jumps) {
  dr_bits lands = 0;
  for (dr_bits land = dr_diag_step(victim, d) & s->empty; land; land = dr_diag_step(land, d) & s->empty)
    lands |= land;
  if (!lands) return 0;
  taken |= victim;
  dr_bits going_on = 0;
  for (dr_bits l = lands; l;) {
    dr_bits land = dr_bit(dr_bits_pop(&l));
    if (dr_diag_king_can_go_on(s, r, land, taken)) going_on |= land;
  }
  if (going_on) lands = going_on;
  while (lands) {
    int sq = dr_bits_pop(&lands);
    s->path[legs] = (uint8_t)sq;
    s->jumped[legs] = dr_diag_square(victim);
    king_jumps(s, dr_bit(sq), taken, legs + 1);
  }
  return 1;
}

/* The legs of a king's capture in direction 'd': over the first piece it sees, if
** that is an enemy not yet jumped, onto the empty square behind or (flying) any of
** the empty squares behind. */
DR_DIAG_INLINE int dr_diag_king_jump(dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken, int legs,
                                     int d, dr_diag_jumps_fn king_jumps) {
  dr_bits victim = dr_diag_king_sees(s, r, at, d) & s->opponents & ~taken;
  if (r->flying_kings && !r->majority) return dr_diag_free_landings(s, r, victim, taken, legs, d, king_jumps);
  int more = 0;
  for (dr_bits land = dr_diag_step(victim, d) & s->empty; land; land = dr_diag_step(land, d) & s->empty) {
    s->path[legs] = dr_diag_square(land);
    s->jumped[legs] = dr_diag_square(victim);
    king_jumps(s, land, taken | victim, legs + 1);
    more = 1;
    if (!r->flying_kings) break;
  }
  return more;
}

/* Goes on capturing with a king standing on 'at'. */
DR_DIAG_INLINE void dr_diag_king_jumps(dr_diag_search *s, const dr_diag_rules *r, dr_bits at, dr_bits taken, int legs,
                                       dr_diag_jumps_fn king_jumps) {
  int more = dr_diag_king_jump(s, r, at, taken, legs, r->up_right, king_jumps);
  more |= dr_diag_king_jump(s, r, at, taken, legs, r->up_left, king_jumps);
  more |= dr_diag_king_jump(s, r, at, taken, legs, -r->up_left, king_jumps);
  more |= dr_diag_king_jump(s, r, at, taken, legs, -r->up_right, king_jumps);
  if (!more && legs) dr_diag_end(s, r, at, taken, legs, 0);
}

/* Squares from which a piece has an enemy next to it in direction 'd' and an
** empty square behind. */
DR_DIAG_INLINE dr_bits dr_diag_takers(const dr_diag_search *s, int d) {
  return dr_diag_step(dr_diag_step(s->empty, -d) & s->opponents, -d);
}

/* The squares from which a piece has a first jump upwards, and downwards. */
DR_DIAG_INLINE dr_bits dr_diag_up_takers(const dr_diag_search *s, const dr_diag_rules *r) {
  return dr_diag_takers(s, r->up_right) | dr_diag_takers(s, r->up_left);
}

DR_DIAG_INLINE dr_bits dr_diag_down_takers(const dr_diag_search *s, const dr_diag_rules *r) {
  return dr_diag_takers(s, -r->up_left) | dr_diag_takers(s, -r->up_right);
}

/* The men that have a first jump. */
DR_DIAG_INLINE dr_bits dr_diag_men_that_can_take(const dr_diag_search *s, const dr_diag_rules *r, dr_bits men) {
  if (r->men_capture_backwards) return men & (dr_diag_up_takers(s, r) | dr_diag_down_takers(s, r));
  return men & (s->man_dirs & DR_DIAG_DIR_UP_RIGHT ? dr_diag_up_takers(s, r) : dr_diag_down_takers(s, r));
}

/* The men and the short kings that have a first jump, the kings in '*kings';
** flying kings are all left there, to be searched.  (Most positions have no king:
** they skip the kings' shifts.) */
DR_DIAG_INLINE dr_bits dr_diag_pieces_that_can_take(const dr_diag_search *s, const dr_diag_rules *r, dr_bits men,
                                                   dr_bits *kings) {
  if (!*kings || r->flying_kings) return dr_diag_men_that_can_take(s, r, men);
  dr_bits up = dr_diag_up_takers(s, r), down = dr_diag_down_takers(s, r);
  *kings &= up | down;
  return men & (r->men_capture_backwards ? up | down : s->man_dirs & DR_DIAG_DIR_UP_RIGHT ? up : down);
}

/* The captures of the piece on 'sq', lifted from its square meanwhile. */
DR_DIAG_INLINE void dr_diag_captures_from(dr_diag_search *s, int sq, int man, dr_diag_jumps_fn man_jumps,
                                          dr_diag_jumps_fn king_jumps) {
  s->from = (uint8_t)sq;
  s->started_man = man;
  s->empty |= dr_bit(sq);
  if (man) man_jumps(s, dr_bit(sq), 0, 0);
  else king_jumps(s, dr_bit(sq), 0, 0);
  s->empty &= ~dr_bit(sq);
}

/* Every capture, from each piece that may take in turn: in square order where
** kings are short (a king, like a man, needs an enemy next to it), else the men
** and then every flying king. */
DR_DIAG_INLINE int dr_diag_captures(dr_diag_search *s, const dr_diag_rules *r, dr_bits men, dr_bits kings,
                                    dr_diag_jumps_fn man_jumps, dr_diag_jumps_fn king_jumps) {
  dr_bits kings_able = kings, men_able = dr_diag_pieces_that_can_take(s, r, men, &kings_able);
  if (!r->flying_kings) {
    for (dr_bits able = men_able | kings_able; able;) {
      int sq = dr_bits_pop(&able);
      dr_diag_captures_from(s, sq, !(kings_able >> sq & 1), man_jumps, king_jumps);
    }
    return s->status;
  }
  while (men_able) dr_diag_captures_from(s, dr_bits_pop(&men_able), 1, man_jumps, king_jumps);
  while (kings_able) dr_diag_captures_from(s, dr_bits_pop(&kings_able), 0, man_jumps, king_jumps);
  return s->status;
}

/* ------------------------------------------------------------- plain moves */

/* Every one-square step of 'pieces' in direction 'd', found at once by shifting;
** 'promotion' is 0 for kings. */
DR_DIAG_INLINE int dr_diag_steps(dr_movelist *out, dr_bits pieces, dr_bits empty, dr_bits promotion, int d) {
  for (dr_bits to = dr_diag_step(pieces, d) & empty; to;) {
    int sq = dr_bits_pop(&to);
    if (dr_movelist_push_plain(out, sq - d, sq, (promotion >> sq) & 1) != DR_OK) return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

/* A flying king's moves from 'from' in direction 'd', nearest square first. */
DR_DIAG_INLINE int dr_diag_slides(dr_movelist *out, int from, dr_bits empty, int d) {
  for (dr_bits to = dr_diag_step(dr_bit(from), d) & empty; to; to = dr_diag_step(to, d) & empty)
    if (dr_movelist_push_plain(out, from, dr_diag_square(to), 0) != DR_OK) return DR_ERR_OVERFLOW;
  return DR_OK;
}

/* The kings' plain moves: direction by direction for short kings, king by king
** for flying ones. */
DR_DIAG_INLINE int dr_diag_king_moves(dr_movelist *out, const dr_diag_rules *r, dr_bits kings, dr_bits empty) {
  if (!r->flying_kings) {
    if (dr_diag_steps(out, kings, empty, 0, r->up_right) || dr_diag_steps(out, kings, empty, 0, r->up_left) ||
        dr_diag_steps(out, kings, empty, 0, -r->up_left) || dr_diag_steps(out, kings, empty, 0, -r->up_right))
      return DR_ERR_OVERFLOW;
    return DR_OK;
  }
  while (kings) {
    int from = dr_bits_pop(&kings);
    if (dr_diag_slides(out, from, empty, r->up_right) || dr_diag_slides(out, from, empty, r->up_left) ||
        dr_diag_slides(out, from, empty, -r->up_left) || dr_diag_slides(out, from, empty, -r->up_right))
      return DR_ERR_OVERFLOW;
  }
  return DR_OK;
}

/* The plain moves of the side to move: men forwards, then kings. */
DR_DIAG_INLINE int dr_diag_plain(dr_movelist *out, const dr_diag_rules *r, int turn, dr_bits men, dr_bits kings,
                                 dr_bits empty) {
  dr_bits promotion = r->promotion[turn];
  int right = turn == DR_WHITE ? r->up_right : -r->up_left, left = turn == DR_WHITE ? r->up_left : -r->up_right;
  if (dr_diag_steps(out, men, empty, promotion, right) || dr_diag_steps(out, men, empty, promotion, left))
    return DR_ERR_OVERFLOW;
  return kings ? dr_diag_king_moves(out, r, kings, empty) : DR_OK;
}

/* ---------------------------------------------------------- the two slots */

/* The 'generate' slot: the captures, compulsory, or else the plain moves. */
DR_DIAG_INLINE int dr_diag_generate(const dr_diag_rules *r, const dr_position *pos, dr_movelist *out,
                                    dr_diag_jumps_fn man_jumps, dr_diag_jumps_fn king_jumps) {
  dr_bits own = pos->side[pos->turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings;
  dr_diag_search s;
  dr_diag_setup(&s, r, pos);
  s.out = out;
  s.base = out->count;
  int status = dr_diag_captures(&s, r, men, kings, man_jumps, king_jumps);
  if (status != DR_OK || out->count > s.base) return status;
  return dr_diag_plain(out, r, pos->turn, men, kings, s.empty);
}

/* Empty squares a king on 'from' reaches in direction 'd'. */
DR_DIAG_INLINE int dr_diag_reach(const dr_diag_search *s, dr_bits from, int d) {
  int n = 0;
  for (dr_bits to = dr_diag_step(from, d) & s->empty; to; to = dr_diag_step(to, d) & s->empty) n++;
  return n;
}

/* The flying kings' plain moves, or -1 when one of them can take. */
DR_DIAG_INLINE int dr_diag_count_slides(const dr_diag_search *s, const dr_diag_rules *r, dr_bits kings) {
  int n = 0;
  for (dr_bits k = kings; k;) {
    dr_bits from = dr_bit(dr_bits_pop(&k));
    if (dr_diag_king_can_go_on(s, r, from, 0)) return -1;
    n += dr_diag_reach(s, from, r->up_right) + dr_diag_reach(s, from, r->up_left) +
         dr_diag_reach(s, from, -r->up_left) + dr_diag_reach(s, from, -r->up_right);
  }
  return n;
}

/* The one-square steps of 'pieces' in direction 'd', counted with a shift. */
DR_DIAG_INLINE int dr_diag_count_steps(const dr_diag_search *s, dr_bits pieces, int d) {
  return dr_bits_count(dr_diag_step(pieces, d) & s->empty);
}

/* The 'quiet_count' slot: the plain moves 'dr_diag_generate' would list, counted
** without a list, or -1 when the side to move has a capture. */
DR_DIAG_INLINE int dr_diag_quiet_count(const dr_diag_rules *r, const dr_position *pos) {
  int white = pos->turn == DR_WHITE;
  dr_bits own = pos->side[pos->turn];
  dr_bits kings = own & pos->kings, men = own & ~pos->kings, kings_able = kings;
  dr_diag_search s;
  dr_diag_setup(&s, r, pos);
  if (dr_diag_pieces_that_can_take(&s, r, men, &kings_able) || (!r->flying_kings && kings_able)) return -1;
  if (!r->flying_kings) { /* short kings step like men, backwards too */
    dr_bits up = white ? own : kings, down = white ? kings : own;
    return dr_diag_count_steps(&s, up, r->up_right) + dr_diag_count_steps(&s, up, r->up_left) +
           dr_diag_count_steps(&s, down, -r->up_left) + dr_diag_count_steps(&s, down, -r->up_right);
  }
  int n = kings ? dr_diag_count_slides(&s, r, kings) : 0;
  if (n < 0) return -1;
  if (white) return n + dr_diag_count_steps(&s, men, r->up_right) + dr_diag_count_steps(&s, men, r->up_left);
  return n + dr_diag_count_steps(&s, men, -r->up_left) + dr_diag_count_steps(&s, men, -r->up_right);
}

#endif
