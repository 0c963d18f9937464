/*
** russian.c — Russian draughts (shashki): flying kings, men that capture
** backwards, free choice of capture, and a man crowned mid-capture that jumps
** on as a king.  This file holds the descriptor: geometry, options, start
** position and the end of the game; generate.c holds move generation.
*/
#include "russian.h"

#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/judge.h>

/* Name, number, file, rank.  Moves are written in algebraic notation (PDN
** GameType 25); the numbers, 1 = b8 ... 32 = g1 counted from Black's side, are
** the ones Russian PDN files use in their FEN tags. */
#define P(name, number, file, rank) {name, number, file, rank, 0}
#define GHOST {NULL, 0, 0, 0, 0}

static const dr_point points[DR_MAX_POINTS] = {
  P("a1", 29, 0, 0), P("c1", 30, 2, 0), P("e1", 31, 4, 0), P("g1", 32, 6, 0), /* bits 0-3 */
  GHOST, /* bit 4 */
  P("b2", 25, 1, 1), P("d2", 26, 3, 1), P("f2", 27, 5, 1), P("h2", 28, 7, 1), /* bits 5-8 */
  P("a3", 21, 0, 2), P("c3", 22, 2, 2), P("e3", 23, 4, 2), P("g3", 24, 6, 2), /* bits 9-12 */
  GHOST, /* bit 13 */
  P("b4", 17, 1, 3), P("d4", 18, 3, 3), P("f4", 19, 5, 3), P("h4", 20, 7, 3), /* bits 14-17 */
  P("a5", 13, 0, 4), P("c5", 14, 2, 4), P("e5", 15, 4, 4), P("g5", 16, 6, 4), /* bits 18-21 */
  GHOST, /* bit 22 */
  P("b6", 9, 1, 5), P("d6", 10, 3, 5), P("f6", 11, 5, 5), P("h6", 12, 7, 5), /* bits 23-26 */
  P("a7", 5, 0, 6), P("c7", 6, 2, 6), P("e7", 7, 4, 6), P("g7", 8, 6, 6), /* bits 27-30 */
  GHOST, /* bit 31 */
  P("b8", 1, 1, 7), P("d8", 2, 3, 7), P("f8", 3, 5, 7), P("h8", 4, 7, 7), /* bits 32-35 */
};

static const dr_geometry geometry = {
  .npoints = 32,
  .files = 8,
  .ranks = 8,
  .draw = DR_DRAW_CHECKERED,
  .points = DR_DIAG8_POINTS,
  .promotion = {DR_DIAG8_RANK(7), DR_DIAG8_RANK(0)},
  .point = points,
  .nlines = 0,
  .lines = NULL,
};

static const dr_option options[RU_NOPTIONS] = {
  [RU_OPT_KINGS_ONLY_LIMIT] = {
    "kings_only_limit", DR_OPTION_INT, 15, 0, 500,
    "draw after this many moves by each side in which only kings moved and nothing was taken "
    "(0: never)"},
  [RU_OPT_ENDGAME_COUNTS] = {
    "endgame_counts", DR_OPTION_BOOL, 1, 0, 1,
    "endgame counts: three kings against a lone king draw after 15 moves each, 4-5 pieces with "
    "kings on both sides after 30, and so on"},
};

static int ru_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  dr_bits white = DR_DIAG8_RANK(0) | DR_DIAG8_RANK(1) | DR_DIAG8_RANK(2);
  dr_bits black = DR_DIAG8_RANK(5) | DR_DIAG8_RANK(6) | DR_DIAG8_RANK(7);
  *out = (dr_position){.side = {white, black}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

/* A count that draws the game once 'plies' have passed: without a capture or a
** promotion (the material "ratio" of the rules), or, for a count that runs from when a
** king stood alone, since then (the 'lone' side; -1 for the first kind).
** plies == 0: no count. */
typedef struct endgame_count {
  int plies;
  const char *why;
  int lone;
} endgame_count;

static endgame_count count_of(int plies, const char *why) { return (endgame_count){plies, why, -1}; }

/* The plies the count has run. */
static int count_run(const endgame_count *c, const dr_history *h) {
  return c->lone < 0 ? h->plies_since_material : h->plies_with_king[c->lone];
}

/* The counts against the lone king of 'side': three pieces of any kind against a
** king on the main road, from when the king stood alone (the strong side may crown
** meanwhile), and three or more kings against a lone king elsewhere, from when the
** strong side had only kings.  The judge sees only the position, so the 5-move count
** holds while the lone king stays on the main road. */
static endgame_count lone_king_count(int side, dr_bits lone, dr_bits strong, dr_bits kings) {
  int pieces = dr_bits_count(strong);
  if (pieces == 3 && (lone & DR_DIAG8_LONG_DIAGONAL))
    return (endgame_count){10, "three pieces against a lone king on the main road: 5 moves each", side};
  if (pieces >= 3 && (strong & kings) == strong)
    return count_of(30, "three kings against a lone king: 15 moves each");
  return count_of(0, NULL);
}

/* The counts by the number of pieces, once both sides have a king. */
static endgame_count piece_count(int total) {
  if (total <= 3) return count_of(10, "2 or 3 pieces with kings on both sides: 5 moves each");
  if (total <= 5) return count_of(60, "4 or 5 pieces with kings on both sides: 30 moves each");
  if (total <= 7) return count_of(120, "6 or 7 pieces with kings on both sides: 60 moves each");
  return count_of(0, NULL);
}

/* The endgame counts of the Russian rules, the lone king's first: they are
** the more specific. */
static endgame_count endgame_rule(const dr_position *pos) {
  dr_bits white = pos->side[DR_WHITE], black = pos->side[DR_BLACK], kings = pos->kings;
  endgame_count c = count_of(0, NULL);
  if (white == (white & kings) && dr_bits_count(white) == 1) c = lone_king_count(DR_WHITE, white, black, kings);
  else if (black == (black & kings) && dr_bits_count(black) == 1) c = lone_king_count(DR_BLACK, black, white, kings);
  if (c.plies || !(white & kings) || !(black & kings)) return c;
  return piece_count(dr_bits_count(white | black));
}

static int ru_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                    const char **why) {
  int limit = rules->opt[RU_OPT_KINGS_ONLY_LIMIT];
  int verdict = dr_judge_common(pos, h, limit,
                                limit == 15 ? "15 moves each with only kings moving and nothing taken"
                                            : "move limit with only kings moving and nothing taken",
                                why);
  if (verdict != DR_ONGOING) return verdict;
  if (rules->opt[RU_OPT_ENDGAME_COUNTS]) {
    endgame_count c = endgame_rule(pos);
    if (c.plies && count_run(&c, h) >= c.plies) {
      *why = c.why;
      return DR_DRAW;
    }
  }
  *why = "";
  return DR_ONGOING;
}

/* The count nearer its end, an endgame count's or the kings-only limit's. */
static const char *ru_draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                                 int *limit) {
  int quiet = rules->opt[RU_OPT_KINGS_ONLY_LIMIT];
  endgame_count c = rules->opt[RU_OPT_ENDGAME_COUNTS] ? endgame_rule(pos) : count_of(0, NULL);
  int run = count_run(&c, h);
  return dr_draw_count_nearer(h, c.plies, run,
                              c.lone < 0 ? "moves each without a capture or a crowning"
                                         : "moves each since the king stood alone",
                              quiet, "moves each with only kings moving and nothing taken", counted, limit);
}

/* Jumped pieces leave when the move ends; a man that lands on the far rank on the way
** is a king from there on. */
static void ru_capture_midway(const dr_rules *rules, const dr_position *pos, const dr_move *m, int legs,
                              dr_bits *removed, int *crowned) {
  (void)rules;
  *removed = 0;
  *crowned = 0;
  if (pos->kings >> m->from & 1) return;
  for (int k = 0; k < legs && k < m->njumps; k++)
    if (dr_bit(m->path[k]) & geometry.promotion[pos->turn]) *crowned = 1;
}

static const char help[] =
  "Russian draughts\n"
  "\n"
  "Shashki, on the 32 dark squares of the 8x8 board, with the main road (the long diagonal "
  "a1-h8) running from each player's left. Each side starts with 12 men on its first three "
  "ranks; White moves first.\n"
  "\n"
  "A man steps one square diagonally forwards. A man reaching the far rank becomes a king, "
  "which moves any distance along a diagonal. Capturing is compulsory: a man jumps an enemy "
  "piece next to it, forwards or backwards, onto the empty square behind; a king takes a "
  "piece any distance away along a diagonal and lands on any empty square beyond it. A piece "
  "that can jump again must go on, but when there are several captures you may choose any "
  "of them, however many pieces it takes. Jumped pieces leave the board only when the move "
  "ends (the Turkish strike): they cannot be jumped twice and they block the way. A man that "
  "reaches the far rank during a capture is crowned at once and, if it can, goes on "
  "capturing as a king in the same move.\n"
  "\n"
  "A side with no pieces, or no legal move on its turn, loses. The game is drawn when the "
  "same position comes round for the third time with the same side to move; after 15 moves "
  "each in which only kings moved and nothing was taken; and by the endgame counts: three "
  "kings (or more) against a lone king draw after 15 moves each from when the strong side "
  "has only kings; three pieces of any kind against a lone king on the main road after "
  "5 moves each from when the king is alone (crowning one of the three does not start it "
  "again); and with kings on both sides, when the balance of pieces has not changed (no "
  "capture, no crowning), 2 or 3 pieces after 5 moves each, 4 or 5 pieces after 30 and 6 "
  "or 7 pieces after 60.\n"
  "\n"
  "Tips\n"
  "- Free choice cuts both ways: when your opponent can capture in several ways, look at "
  "each one, he will pick the best.\n"
  "- Crowning mid-capture is a resource: a man that reaches the far rank in a capture goes "
  "on as a king, so captures can turn a corner on the last rank.\n"
  "- The main road a1-h8 decides the endgame: three kings beat one only when they hold it, "
  "so bring your king onto it first.\n"
  "- Keep c1 and e1 (for Black f8 and d8) at home as long as you can: they stop enemy men "
  "from crowning.\n";

/* GameType 25 of the PDN standard: algebraic moves, captures written with ':'. */
static const dr_conventions conventions = {
  .size = sizeof(dr_conventions),
  .pdn_notation = DR_PDN_ALGEBRAIC,
  .pdn_capture = ':',
};

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "russian",
  .title = "Russian draughts",
  .pdn_gametype = "25,W,8,8,A0,0",
  .geometry = &geometry,
  .noptions = RU_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  /* initial  */ .initial = ru_initial,
  /* generate */ .generate = russian_generate,
  /* judge    */ .judge = ru_judge,
  /* validate */ .validate = NULL, /* the runtime already refuses men on their promotion rank */
  .help = help,
  .eval = dr_embedded_eval,
  .quiet_count = russian_quiet_count,
  .draw_count = ru_draw_count,
  .capture_midway = ru_capture_midway,
  .conventions = &conventions,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
