/*
** international.c — International draughts (FMJD): the 10x10 board, flying
** kings, men that capture backwards, the majority capture, and a man crowned
** only where its move ends.  This file holds the descriptor: geometry,
** options, start position and the end of the game; generate.c holds move
** generation.
*/
#include "international.h"

#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/judge.h>

/* Name, number (1 = b10 ... 50 = i1, counted from Black's side, FMJD art. 2.6),
** file, rank. */
#define P(name, number, file, rank) {name, number, file, rank, 0}
#define GHOST {NULL, 0, 0, 0, 0}

static const dr_point points[DR_MAX_POINTS] = {
  P("a1", 46, 0, 0), P("c1", 47, 2, 0), P("e1", 48, 4, 0), P("g1", 49, 6, 0), P("i1", 50, 8, 0), /* bits 0-4 */
  GHOST, /* bit 5 */
  P("b2", 41, 1, 1), P("d2", 42, 3, 1), P("f2", 43, 5, 1), P("h2", 44, 7, 1), P("j2", 45, 9, 1), /* bits 6-10 */
  P("a3", 36, 0, 2), P("c3", 37, 2, 2), P("e3", 38, 4, 2), P("g3", 39, 6, 2), P("i3", 40, 8, 2), /* bits 11-15 */
  GHOST, /* bit 16 */
  P("b4", 31, 1, 3), P("d4", 32, 3, 3), P("f4", 33, 5, 3), P("h4", 34, 7, 3), P("j4", 35, 9, 3), /* bits 17-21 */
  P("a5", 26, 0, 4), P("c5", 27, 2, 4), P("e5", 28, 4, 4), P("g5", 29, 6, 4), P("i5", 30, 8, 4), /* bits 22-26 */
  GHOST, /* bit 27 */
  P("b6", 21, 1, 5), P("d6", 22, 3, 5), P("f6", 23, 5, 5), P("h6", 24, 7, 5), P("j6", 25, 9, 5), /* bits 28-32 */
  P("a7", 16, 0, 6), P("c7", 17, 2, 6), P("e7", 18, 4, 6), P("g7", 19, 6, 6), P("i7", 20, 8, 6), /* bits 33-37 */
  GHOST, /* bit 38 */
  P("b8", 11, 1, 7), P("d8", 12, 3, 7), P("f8", 13, 5, 7), P("h8", 14, 7, 7), P("j8", 15, 9, 7), /* bits 39-43 */
  P("a9", 6, 0, 8), P("c9", 7, 2, 8), P("e9", 8, 4, 8), P("g9", 9, 6, 8), P("i9", 10, 8, 8), /* bits 44-48 */
  GHOST, /* bit 49 */
  P("b10", 1, 1, 9), P("d10", 2, 3, 9), P("f10", 3, 5, 9), P("h10", 4, 7, 9), P("j10", 5, 9, 9), /* bits 50-54 */
};

static const dr_geometry geometry = {
  .npoints = 50,
  .files = 10,
  .ranks = 10,
  .draw = DR_DRAW_CHECKERED,
  .points = DR_DIAG10_POINTS,
  .promotion = {DR_DIAG10_RANK(9), DR_DIAG10_RANK(0)},
  .point = points,
  .nlines = 0,
  .lines = NULL,
};

static const dr_option options[IN_NOPTIONS] = {
  [IN_OPT_QUIET_MOVE_LIMIT] = {
    "quiet_move_limit", DR_OPTION_INT, 25, 0, 500,
    "draw after this many moves by each side in which only kings moved and nothing was taken "
    "(0: never)"},
  [IN_OPT_ENDGAME_COUNTS] = {
    "endgame_counts", DR_OPTION_BOOL, 1, 0, 1,
    "endgame counts: a lone king draws against 3 pieces with a king after 16 moves each, "
    "against 2 or 1 after 5"},
};

static int in_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  dr_bits white = DR_DIAG10_RANK(0) | DR_DIAG10_RANK(1) | DR_DIAG10_RANK(2) | DR_DIAG10_RANK(3); /* squares 31-50 */
  dr_bits black = DR_DIAG10_RANK(6) | DR_DIAG10_RANK(7) | DR_DIAG10_RANK(8) | DR_DIAG10_RANK(9); /* squares 1-20 */
  *out = (dr_position){.side = {white, black}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

/* Plies of the FMJD endgame count (art. 6.3 and 6.4) for a lone king against
** 'strong', which needs a king of its own; 0 when no count applies. */
static int lone_king_plies(dr_bits strong, dr_bits kings, const char **why) {
  int pieces = dr_bits_count(strong);
  if (!(strong & kings) || pieces > 3) return 0;
  if (pieces == 3) {
    *why = "three pieces with a king against a lone king: 16 moves each";
    return 32;
  }
  *why = "at most two pieces with a king against a lone king: 5 moves each";
  return 10;
}

/* The count the material on the board has; 0 when none.  It runs from when the lone
** king and a king of the strong side were both on the board, however many men the
** strong side crowns after that (FMJD art. 6.3, 6.4). */
static int endgame_plies(const dr_position *pos, const char **why) {
  dr_bits white = pos->side[DR_WHITE], black = pos->side[DR_BLACK], kings = pos->kings;
  if (dr_bits_count(black) == 1 && (black & kings)) return lone_king_plies(white, kings, why);
  if (dr_bits_count(white) == 1 && (white & kings)) return lone_king_plies(black, kings, why);
  return 0;
}

/* How long both sides have held a king: the endgame count runs from then. */
static int kings_held(const dr_history *h) {
  return h->plies_with_king[DR_WHITE] < h->plies_with_king[DR_BLACK] ? h->plies_with_king[DR_WHITE]
                                                                     : h->plies_with_king[DR_BLACK];
}

static int in_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                    const char **why) {
  int limit = rules->opt[IN_OPT_QUIET_MOVE_LIMIT];
  int verdict = dr_judge_common(pos, h, limit,
                                limit == 25 ? "25 moves each with only kings moving and nothing taken"
                                            : "move limit with only kings moving and nothing taken",
                                why);
  if (verdict != DR_ONGOING) return verdict;
  if (rules->opt[IN_OPT_ENDGAME_COUNTS]) {
    int plies = endgame_plies(pos, why);
    int since = kings_held(h);
    if (plies && since >= plies) return DR_DRAW;
  }
  *why = "";
  return DR_ONGOING;
}

/* The count nearer its end, the endgame count's or the kings-only limit's. */
static const char *in_draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                                 int *limit) {
  int quiet = rules->opt[IN_OPT_QUIET_MOVE_LIMIT];
  const char *why = NULL;
  int plies = rules->opt[IN_OPT_ENDGAME_COUNTS] ? endgame_plies(pos, &why) : 0;
  return dr_draw_count_nearer(h, plies, kings_held(h), "moves each of the endgame count against a lone king", quiet,
                              "moves each with only kings moving and nothing taken", counted, limit);
}

static const char help[] =
  "International draughts\n"
  "\n"
  "Draughts on the 10x10 board, played on the 50 dark squares, numbered 1 to 50 from "
  "Black's side (square 1 is top left as White sees the board); the long diagonal runs from "
  "each player's left. Each side starts with 20 men on its first four ranks: White on 31-50, "
  "Black on 1-20. White moves first.\n"
  "\n"
  "A man steps one square diagonally forwards. A man that ends its move on the far rank "
  "becomes a king, which moves any distance along a diagonal. Capturing is compulsory: a man "
  "jumps an enemy piece next to it, forwards or backwards, onto the empty square behind; a "
  "king takes a piece any distance away along a diagonal and lands on any empty square "
  "beyond it. A piece that can jump again must go on. You must play the capture that takes "
  "the most pieces, men and kings counting the same; between equal captures you choose. "
  "Jumped pieces leave the board only when the move ends (the Turkish strike): they cannot "
  "be jumped twice and they block the way. A man that passes over the far rank during a "
  "capture and jumps on stays a man; it is crowned only if the move ends there.\n"
  "\n"
  "A side with no pieces, or no legal move on its turn, loses. The game is drawn when the "
  "same position comes round for the third time with the same side to move; after 25 moves "
  "each in which only kings moved and nothing was taken; and by the endgame counts, which "
  "run from when the situation arose (the capture, or the crowning of the lone king or of "
  "the strong side's first king; further crownings do not start them again): a lone king "
  "against three pieces of which one at least is a king draws after 16 moves each, against "
  "two pieces or one with a king after 5 moves each.\n"
  "\n"
  "Tips\n"
  "- The majority rule is the heart of the game's combinations: give one or two men so that "
  "the capture your opponent must make leaves his pieces where you take three or four.\n"
  "- Hold the centre (squares 22, 23, 27, 28 for Black, 23, 24, 28, 29 for White): a strong "
  "centre gives your men tempo and room.\n"
  "- Keep the back rank pieces (47, 48, 49 for White) as long as the opponent can break "
  "through: they stop his men from crowning.\n"
  "- A flying king is worth about three men; three kings against one win only while they "
  "hold the long diagonal, and the 16-move count leaves no time to lose.\n";

/* GameType 20: numbers and 'x', the international results (2-0, 1-1, 0-2); the
** Hub protocol's default variant, which Scan calls "normal". */
static const dr_conventions conventions = {
  .size = sizeof(dr_conventions),
  .pdn_notation = DR_PDN_NUMERIC,
  .pdn_capture = 'x',
  .pdn_results = DR_PDN_RESULTS_TWO_POINTS,
  .hub_name = "normal",
};

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "international",
  .title = "International draughts",
  .pdn_gametype = "20,W,10,10,N2,0",
  .geometry = &geometry,
  .noptions = IN_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  /* initial  */ .initial = in_initial,
  /* generate */ .generate = international_generate,
  /* judge    */ .judge = in_judge,
  /* validate */ .validate = NULL, /* the runtime already refuses men on their promotion rank */
  .help = help,
  .eval = dr_embedded_eval,
  .quiet_count = international_quiet_count,
  .draw_count = in_draw_count,
  .conventions = &conventions,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
