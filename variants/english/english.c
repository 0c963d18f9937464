/*
** english.c — English checkers (American checkers, English draughts): short
** kings, men that capture forwards only, free choice of capture, and crowning
** that ends the move.  This file holds the descriptor: geometry, options,
** start position and the end of the game; generate.c holds move generation.
*/
#include "english.h"

#include <draughts/embed.h>
#include <draughts/judge.h>

/* Name, number, file, rank.  Names and drawing are from the first player's
** side (English Black, which moves first): a1 is its single corner, square 4;
** its double corner is 1 and 5 (g1, h2). */
#define P(name, number, file, rank) {name, number, file, rank, 0}
#define GHOST {NULL, 0, 0, 0, 0}

static const dr_point points[DR_MAX_POINTS] = {
  P("a1", 4, 0, 0), P("c1", 3, 2, 0), P("e1", 2, 4, 0), P("g1", 1, 6, 0), /* bits 0-3 */
  GHOST, /* bit 4 */
  P("b2", 8, 1, 1), P("d2", 7, 3, 1), P("f2", 6, 5, 1), P("h2", 5, 7, 1), /* bits 5-8 */
  P("a3", 12, 0, 2), P("c3", 11, 2, 2), P("e3", 10, 4, 2), P("g3", 9, 6, 2), /* bits 9-12 */
  GHOST, /* bit 13 */
  P("b4", 16, 1, 3), P("d4", 15, 3, 3), P("f4", 14, 5, 3), P("h4", 13, 7, 3), /* bits 14-17 */
  P("a5", 20, 0, 4), P("c5", 19, 2, 4), P("e5", 18, 4, 4), P("g5", 17, 6, 4), /* bits 18-21 */
  GHOST, /* bit 22 */
  P("b6", 24, 1, 5), P("d6", 23, 3, 5), P("f6", 22, 5, 5), P("h6", 21, 7, 5), /* bits 23-26 */
  P("a7", 28, 0, 6), P("c7", 27, 2, 6), P("e7", 26, 4, 6), P("g7", 25, 6, 6), /* bits 27-30 */
  GHOST, /* bit 31 */
  P("b8", 32, 1, 7), P("d8", 31, 3, 7), P("f8", 30, 5, 7), P("h8", 29, 7, 7), /* bits 32-35 */
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

static const dr_option options[EN_NOPTIONS] = {
  [EN_OPT_MOVE_LIMIT] = {
    "move_limit", DR_OPTION_INT, 40, 0, 500,
    "draw after this many moves by each side with no capture and no man move (0: never)"},
};

static int en_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  dr_bits first = DR_DIAG8_RANK(0) | DR_DIAG8_RANK(1) | DR_DIAG8_RANK(2);  /* squares 1-12 */
  dr_bits second = DR_DIAG8_RANK(5) | DR_DIAG8_RANK(6) | DR_DIAG8_RANK(7); /* squares 21-32 */
  *out = (dr_position){.side = {first, second}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

static const char *limit_reason(int limit) {
  return limit == 40 ? "40 moves each without a capture or a man move"
                     : "move limit without a capture or a man move";
}

/* The WCDF rules (which the ACF adopted in 2008) make the 40-move count a
** claim; played by a program it is a draw the moment the count is complete. */
static int en_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                    const char **why) {
  int limit = rules->opt[EN_OPT_MOVE_LIMIT];
  *why = "";
  return dr_judge_common(pos, h, limit, limit_reason(limit), why);
}

/* The 40-move count, for the players to watch. */
static const char *en_draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                                 int *limit) {
  (void)pos;
  return dr_draw_count_nearer(h, 0, 0, NULL, rules->opt[EN_OPT_MOVE_LIMIT],
                              "moves each without a capture or a man move", counted, limit);
}

static const char help[] =
  "English checkers\n"
  "\n"
  "English draughts, or American checkers, on the 32 dark squares of the 8x8 board, numbered "
  "1 to 32. Each side starts with 12 men: Black on 1-12, White on 21-32, and Black moves "
  "first.\n"
  "\n"
  "A man steps one square diagonally forwards. A man reaching the far row becomes a king, "
  "which steps one square diagonally forwards or backwards. Capturing is compulsory: a man "
  "jumps an enemy piece diagonally in front of it onto the empty square behind, a king does "
  "the same in any of the four directions. A piece that can jump again must go on, but when "
  "there are several captures you may choose any of them, however many pieces it takes. A "
  "piece cannot be jumped twice, and jumped pieces leave the board when the move ends. A man "
  "that reaches the far row during a capture is crowned and the move ends there.\n"
  "\n"
  "A side with no pieces, or no legal move on its turn, loses. The game is drawn when the "
  "same position comes round for the third time with the same side to move, and after 40 "
  "moves by each side in which no man moved and nothing was taken (the move_limit option).\n"
  "\n"
  "Tips\n"
  "- Keep your king row (for Black 1, 2, 3 and 4, above all 1 and 3) as long as you can: "
  "it keeps the opponent's men from crowning.\n"
  "- The free choice of capture is a weapon: a piece offered can be taken in only one way, "
  "so a two-for-one shot is easy to set up and easy to fall into. Look at every forced "
  "jump before you move.\n"
  "- A king is worth well over a man but less than two. Two kings beat one, but a lone king "
  "in a double corner needs two kings to dislodge it.\n"
  "- In the ending, the opposition (who has the move when pieces face each other) often "
  "decides the game: count the free moves of both sides.\n";

/* The English world's: Black moves first, from 1-12, and the FEN letters follow the
** colours (B:B1-12:W21-32); PDN GameType 21 writes numbers and 'x', results 1-0
** for Black. */
static const dr_conventions conventions = {
  .size = sizeof(dr_conventions),
  .side_name = {"Black", "White"},
  .fen_letter = {'B', 'W'},
  .pdn_notation = DR_PDN_NUMERIC,
  .pdn_capture = 'x',
  .pdn_results = DR_PDN_RESULTS_DEFAULT,
};

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "english",
  .title = "English checkers",
  .pdn_gametype = "21,B,8,8,N1,0",
  .geometry = &geometry,
  .noptions = EN_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  /* initial  */ .initial = en_initial,
  /* generate */ .generate = english_generate,
  /* judge    */ .judge = en_judge,
  /* validate */ .validate = NULL, /* the runtime already refuses men on their promotion rank */
  .help = help,
  .eval = dr_embedded_eval,
  .quiet_count = english_quiet_count,
  .draw_count = en_draw_count,
  .conventions = &conventions,
  .books = dr_embedded_books,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
