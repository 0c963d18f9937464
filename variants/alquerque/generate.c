/*
** generate.c — Alquerque move generation.
**
** Plain moves are found a whole direction at a time with shifts.  Captures are
** walked one piece at a time through a table built at compile time, because each
** landing path is a move of its own and a walk must remember which pieces it has
** already jumped: they stay on the board until the move ends and are never jumped
** twice.  (They can never be landed on either: a jumping piece only ever lands on
** points of its start point's (file, rank) parity class, and jumped pieces stand
** on the others.)
*/
#include "alquerque.h"

#include <draughts/bits.h>

#define SQ_FILE(s) ((s) % ALQ_SIZE)
#define SQ_RANK(s) ((s) / ALQ_SIZE)
#define ON_BOARD(f, r) ((f) >= 0 && (f) < ALQ_SIZE && (r) >= 0 && (r) < ALQ_SIZE)
/* A diagonal jump starts on a crossing (an even bit); the two points beyond it
** along that diagonal are then crossings too. */
#define JUMP_OK(s, df, dr) \
  (ON_BOARD(SQ_FILE(s) + 2 * (df), SQ_RANK(s) + 2 * (dr)) && ((df) == 0 || (dr) == 0 || (s) % 2 == 0))
#define OVER(s, df, dr) \
  ((dr_bits)JUMP_OK(s, df, dr) << (JUMP_OK(s, df, dr) ? (s) + (df) + ALQ_SIZE * (dr) : 0))
#define OVERS_FROM(s)                                                       \
  (OVER(s, 0, 1) | OVER(s, 1, 0) | OVER(s, -1, 0) | OVER(s, 0, -1) |       \
   OVER(s, 1, 1) | OVER(s, -1, 1) | OVER(s, 1, -1) | OVER(s, -1, -1))

/* The neighbours a piece on each point could jump, where a line carries the jump
** on to a point beyond.  Jumping the neighbour on bit 'o' from bit 's' lands on
** bit 2o - s: the layout has no wrap-around inside a line. */
static const dr_bits jump_overs[ALQ_NPOINTS] = {
  OVERS_FROM(0),  OVERS_FROM(1),  OVERS_FROM(2),  OVERS_FROM(3),  OVERS_FROM(4),
  OVERS_FROM(5),  OVERS_FROM(6),  OVERS_FROM(7),  OVERS_FROM(8),  OVERS_FROM(9),
  OVERS_FROM(10), OVERS_FROM(11), OVERS_FROM(12), OVERS_FROM(13), OVERS_FROM(14),
  OVERS_FROM(15), OVERS_FROM(16), OVERS_FROM(17), OVERS_FROM(18), OVERS_FROM(19),
  OVERS_FROM(20), OVERS_FROM(21), OVERS_FROM(22), OVERS_FROM(23), OVERS_FROM(24),
};

#define FILES_A_TO_C (ALQ_FILE(0) | ALQ_FILE(1) | ALQ_FILE(2))
#define FILES_C_TO_E (ALQ_FILE(2) | ALQ_FILE(3) | ALQ_FILE(4))
#define RANKS_1_TO_3 (ALQ_RANK(0) | ALQ_RANK(1) | ALQ_RANK(2))
#define RANKS_3_TO_5 (ALQ_RANK(2) | ALQ_RANK(3) | ALQ_RANK(4))
#define NOT_FILE_A (ALQ_POINTS & ~ALQ_FILE(0))
#define NOT_FILE_E (ALQ_POINTS & ~ALQ_FILE(4))

/* Pieces of 'own' that have at least one jump: for each direction, a piece on a
** point where the jump stays on the board, an enemy one step on, empty two on. */
static dr_bits find_jumpers(dr_bits own, dr_bits enemy, dr_bits empty) {
  dr_bits up = own & (enemy >> 5) & (empty >> 10);
  dr_bits down = own & (enemy << 5) & (empty << 10);
  dr_bits right = own & FILES_A_TO_C & (enemy >> 1) & (empty >> 2);
  dr_bits left = own & FILES_C_TO_E & (enemy << 1) & (empty << 2);
  dr_bits diag = own & ALQ_CROSSINGS;
  dr_bits up_right = diag & FILES_A_TO_C & RANKS_1_TO_3 & (enemy >> 6) & (empty >> 12);
  dr_bits up_left = diag & FILES_C_TO_E & RANKS_1_TO_3 & (enemy >> 4) & (empty >> 8);
  dr_bits down_right = diag & FILES_A_TO_C & RANKS_3_TO_5 & (enemy << 4) & (empty << 8);
  dr_bits down_left = diag & FILES_C_TO_E & RANKS_3_TO_5 & (enemy << 6) & (empty << 12);
  return up | down | right | left | up_right | up_left | down_right | down_left;
}

/* A capture under construction; 'move' holds the landing path so far. */
typedef struct capture_walk {
  dr_bits enemy;
  dr_bits empty; /* empty points, the mover's start point included */
  dr_movelist *out;
  dr_move move;
} capture_walk;

/* Extends the walk from 'sq' after 'depth' jumps; 'jumpable' is the enemy pieces
** not yet jumped.  A walk that cannot go on is a move: continuing is compulsory. */
static int walk_captures(capture_walk *w, int sq, int depth, dr_bits jumpable) {
  dr_bits overs = jump_overs[sq] & jumpable;
  int extended = 0;
  while (overs) {
    int over = dr_bits_pop(&overs);
    int land = 2 * over - sq;
    if (!(w->empty & dr_bit(land)))
      continue;
    extended = 1;
    w->move.path[depth] = (uint8_t)land;
    w->move.jumped[depth] = (uint8_t)over;
    if (walk_captures(w, land, depth + 1, jumpable & ~dr_bit(over)) != DR_OK)
      return DR_ERR_OVERFLOW;
  }
  if (extended || depth == 0)
    return DR_OK;
  dr_move *m = dr_movelist_push(w->out);
  if (!m)
    return DR_ERR_OVERFLOW;
  *m = w->move;
  m->captured = w->enemy & ~jumpable;
  m->to = (uint8_t)sq;
  m->njumps = (uint8_t)depth;
  return DR_OK;
}

static int generate_captures(dr_bits jumpers, dr_bits enemy, dr_bits empty, dr_movelist *out) {
  capture_walk w = {.enemy = enemy, .out = out};
  while (jumpers) {
    int from = dr_bits_pop(&jumpers);
    w.empty = empty | dr_bit(from);
    w.move.from = (uint8_t)from;
    int status = walk_captures(&w, from, 0, enemy);
    if (status != DR_OK)
      return status;
  }
  return DR_OK;
}

/* Appends a plain move to every point of 'targets', coming from 'delta' bits
** below it; the caller has checked there is room. */
static void push_steps(dr_movelist *out, dr_bits targets, int delta) {
  while (targets) {
    int to = dr_bits_pop(&targets);
    dr_move *m = &out->moves[out->count++];
    m->captured = 0;
    m->from = (uint8_t)(to - delta);
    m->to = (uint8_t)to;
    m->promotes = 0;
    m->njumps = 0;
  }
}

/* Where plain moves go: forwards, diagonally forwards from a crossing, or sideways;
** never back.  Each set holds the landing points of one direction. */
typedef struct step_targets {
  dr_bits right, left, ahead, ahead_right, ahead_left;
} step_targets;

static step_targets steps_of(int turn, dr_bits own, dr_bits empty) {
  step_targets t;
  dr_bits diag = own & ALQ_CROSSINGS;
  t.right = (own & NOT_FILE_E) << 1 & empty;
  t.left = (own & NOT_FILE_A) >> 1 & empty;
  if (turn == DR_WHITE) {
    t.ahead = own << 5 & empty;
    t.ahead_right = (diag & NOT_FILE_E) << 6 & empty;
    t.ahead_left = (diag & NOT_FILE_A) << 4 & empty;
  } else {
    t.ahead = own >> 5 & empty;
    t.ahead_right = (diag & NOT_FILE_E) >> 4 & empty;
    t.ahead_left = (diag & NOT_FILE_A) >> 6 & empty;
  }
  return t;
}

static int steps_count(const step_targets *t) {
  return dr_bits_count(t->right) + dr_bits_count(t->left) + dr_bits_count(t->ahead) +
         dr_bits_count(t->ahead_right) + dr_bits_count(t->ahead_left);
}

static int generate_steps(int turn, dr_bits own, dr_bits empty, dr_movelist *out) {
  step_targets t = steps_of(turn, own, empty);
  /* At most 5 steps per point; count them only when the list is nearly full. */
  if (out->count + 5 * ALQ_NPOINTS > DR_MAX_MOVES && out->count + steps_count(&t) > DR_MAX_MOVES)
    return DR_ERR_OVERFLOW;
  int forward = turn == DR_WHITE ? 1 : -1;
  push_steps(out, t.right, 1);
  push_steps(out, t.left, -1);
  push_steps(out, t.ahead, 5 * forward);
  push_steps(out, t.ahead_right, turn == DR_WHITE ? 6 : -4);
  push_steps(out, t.ahead_left, turn == DR_WHITE ? 4 : -6);
  return DR_OK;
}

int alq_generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  (void)rules;
  int turn = pos->turn;
  dr_bits own = pos->side[turn], enemy = pos->side[turn ^ 1];
  dr_bits empty = ALQ_POINTS & ~(own | enemy);
  dr_bits jumpers = find_jumpers(own, enemy, empty);
  if (jumpers)
    return generate_captures(jumpers, enemy, empty, out);
  return generate_steps(turn, own, empty, out);
}

/* The 'quiet_count' slot: the plain moves, counted instead of listed. */
int alq_quiet_count(const dr_rules *rules, const dr_position *pos) {
  (void)rules;
  int turn = pos->turn;
  dr_bits own = pos->side[turn], enemy = pos->side[turn ^ 1];
  dr_bits empty = ALQ_POINTS & ~(own | enemy);
  if (find_jumpers(own, enemy, empty))
    return -1;
  step_targets t = steps_of(turn, own, empty);
  return steps_count(&t);
}
