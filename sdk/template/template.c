/*
** template.c — a complete variant plugin to copy: English checkers (8x8, men move
** and capture forwards, kings one square in every direction, capture compulsory
** with free choice, promotion ends the move).
**
** It is written for clarity, not speed: plain loops over (file, rank).  Rename it,
** change the rules, keep the descriptor's shape.  Every slot is labelled.
*/
#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/variant.h>

/* Bit i is dark square i: rank i / 4, file 2 * (i % 4) + (rank % 2). */
static int file_of(int bit) { return 2 * (bit % 4) + (bit / 4) % 2; }
static int rank_of(int bit) { return bit / 4; }

/* The bit at (file, rank), or -1 off the board. */
static int bit_at(int file, int rank) {
  if (file < 0 || file > 7 || rank < 0 || rank > 7 || (file + rank) % 2) return -1;
  return rank * 4 + file / 2;
}

#define P(name, file, rank) {name, 0, file, rank, 0}
static const dr_point points[DR_MAX_POINTS] = {
    P("a1", 0, 0), P("c1", 2, 0), P("e1", 4, 0), P("g1", 6, 0),
    P("b2", 1, 1), P("d2", 3, 1), P("f2", 5, 1), P("h2", 7, 1),
    P("a3", 0, 2), P("c3", 2, 2), P("e3", 4, 2), P("g3", 6, 2),
    P("b4", 1, 3), P("d4", 3, 3), P("f4", 5, 3), P("h4", 7, 3),
    P("a5", 0, 4), P("c5", 2, 4), P("e5", 4, 4), P("g5", 6, 4),
    P("b6", 1, 5), P("d6", 3, 5), P("f6", 5, 5), P("h6", 7, 5),
    P("a7", 0, 6), P("c7", 2, 6), P("e7", 4, 6), P("g7", 6, 6),
    P("b8", 1, 7), P("d8", 3, 7), P("f8", 5, 7), P("h8", 7, 7),
};
#undef P

static const dr_geometry geometry = {
    /* npoints */ 32,
    /* files, ranks */ 8, 8,
    /* draw */ DR_DRAW_CHECKERED,
    /* points */ 0xffffffffu,
    /* promotion */ {0xf0000000u, 0x0000000fu},
    /* point */ points,
    /* nlines, lines */ 0, 0,
};

static int initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  *out = (dr_position){.side = {0x00000fffu, 0xfff00000u}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

typedef struct search {
  const dr_position *pos;
  dr_movelist *out;
  dr_move move; /* the capture being built */
  int king;
  int status;
} search;

/* Extends the capture in 's->move' from 'at'; records it when no jump is left. */
static void jump_from(search *s, int at) {
  int us = s->pos->turn, ahead = us == DR_WHITE ? 1 : -1, jumped_any = 0;
  dr_bits them = s->pos->side[us ^ 1];
  dr_bits empty = ~(s->pos->side[0] | s->pos->side[1]) | dr_bit(s->move.from);
  for (int df = -1; df <= 1; df += 2)
    for (int dr = -1; dr <= 1; dr += 2) {
      if (!s->king && dr != ahead) continue;
      int over = bit_at(file_of(at) + df, rank_of(at) + dr);
      int land = bit_at(file_of(at) + 2 * df, rank_of(at) + 2 * dr);
      if (over < 0 || land < 0 || !(them & dr_bit(over)) || (s->move.captured & dr_bit(over)) ||
          !(empty & dr_bit(land)))
        continue;
      dr_move saved = s->move;
      int n = s->move.njumps++;
      s->move.path[n] = (uint8_t)land;
      s->move.jumped[n] = (uint8_t)over;
      s->move.captured |= dr_bit(over);
      s->move.to = (uint8_t)land;
      jumped_any = 1;
      int crowned = !s->king && (geometry.promotion[us] & dr_bit(land));
      if (crowned) { /* promotion ends the move */
        s->move.promotes = 1;
        dr_move *m = dr_movelist_push(s->out);
        if (m) *m = s->move; else s->status = DR_ERR_OVERFLOW;
      } else {
        jump_from(s, land);
      }
      s->move = saved;
    }
  if (!jumped_any && s->move.njumps > 0) {
    dr_move *m = dr_movelist_push(s->out);
    if (m) *m = s->move; else s->status = DR_ERR_OVERFLOW;
  }
}

static void plain_moves(const dr_position *pos, int from, dr_movelist *out, int *status) {
  int us = pos->turn, king = (pos->kings >> from) & 1, ahead = us == DR_WHITE ? 1 : -1;
  dr_bits empty = ~(pos->side[0] | pos->side[1]);
  for (int df = -1; df <= 1; df += 2)
    for (int dr = -1; dr <= 1; dr += 2) {
      int to = bit_at(file_of(from) + df, rank_of(from) + dr);
      if ((!king && dr != ahead) || to < 0 || !(empty & dr_bit(to))) continue;
      dr_move *m = dr_movelist_push(out);
      if (!m) { *status = DR_ERR_OVERFLOW; return; }
      m->from = (uint8_t)from;
      m->to = (uint8_t)to;
      m->captured = 0;
      m->njumps = 0;
      m->promotes = !king && (geometry.promotion[us] & dr_bit(to)) != 0;
    }
}

static int generate(const dr_rules *rules, const dr_position *pos, dr_movelist *out) {
  (void)rules;
  search s = {pos, out, {0}, 0, DR_OK};
  for (dr_bits own = pos->side[pos->turn]; own;) {
    int from = dr_bits_pop(&own);
    s.move = (dr_move){.from = (uint8_t)from};
    s.king = (pos->kings >> from) & 1;
    jump_from(&s, from);
  }
  if (out->count > 0 || s.status != DR_OK) return s.status; /* capture is compulsory */
  for (dr_bits own = pos->side[pos->turn]; own;) plain_moves(pos, dr_bits_pop(&own), out, &s.status);
  return s.status;
}

/* A helper for house-rule scripts (called from Lua as helpers.capturers(pos)): the
** pieces of the side to move that can capture, found without listing any move. */
static dr_bits capturers(const dr_rules *rules, const dr_position *pos) {
  (void)rules;
  int us = pos->turn, ahead = us == DR_WHITE ? 1 : -1;
  dr_bits them = pos->side[us ^ 1], empty = ~(pos->side[0] | pos->side[1]), found = 0;
  for (dr_bits own = pos->side[us]; own;) {
    int from = dr_bits_pop(&own), king = (pos->kings >> from) & 1;
    for (int df = -1; df <= 1; df += 2)
      for (int dr = -1; dr <= 1; dr += 2) {
        int over = bit_at(file_of(from) + df, rank_of(from) + dr);
        int land = bit_at(file_of(from) + 2 * df, rank_of(from) + 2 * dr);
        if ((king || dr == ahead) && over >= 0 && land >= 0 && (them & dr_bit(over)) && (empty & dr_bit(land)))
          found |= dr_bit(from);
      }
  }
  return found;
}

static const dr_helper helpers[] = {
    {"capturers", "b:rp", (void (*)(void))capturers, "pieces of the side to move that can capture"},
    {0, 0, 0, 0},
};

static int judge(const dr_rules *rules, const dr_position *pos, const dr_history *h, const char **why) {
  (void)rules, (void)pos;
  if (h->nmoves == 0) {
    *why = "no legal move";
    return pos->turn == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  }
  if (h->repetitions >= 3) return *why = "threefold repetition", DR_DRAW;
  if (h->plies_since_man_move >= 80) return *why = "40 moves each without a capture or a man move", DR_DRAW;
  return DR_ONGOING;
}

/* What the players watch of the draw rule above, in moves each. */
static const char *draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                              int *limit) {
  (void)rules, (void)pos;
  *counted = h->plies_since_man_move / 2;
  *limit = 40;
  return "moves each without a capture or a man move";
}

/* Designated initializers: slots a later SDK appends start out empty, so this file
** keeps building without a change. */
static const dr_variant descriptor = {
    .abi_version = DR_ABI_VERSION,
    .size = sizeof(dr_variant),
    .name = "template",
    .title = "Template: English checkers",
    .pdn_gametype = "21",
    .geometry = &geometry,
    .noptions = 0,
    .options = NULL,
    .presets = dr_embedded_presets,
    .perft = dr_embedded_perft,
    .initial = initial,
    .generate = generate,
    .judge = judge,
    .validate = NULL, /* the runtime's checks are enough */
    .help = "English checkers: men move one square diagonally forwards and capture forwards;\n"
            "kings move and capture one square in any diagonal direction. Capturing is compulsory\n"
            "but you choose which capture. A man that reaches the far row is crowned and its move ends.\n",
    .eval = dr_embedded_eval,
    .eval_term = NULL, /* the generic evaluation alone */
    .helpers = helpers,
    .quiet_count = NULL, /* optional, for speed: see variant.h */
    .draw_count = draw_count,
    .capture_midway = NULL, /* jumped pieces leave when the move ends */
    .default_level = 0,     /* the runtime's */
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &descriptor; }
