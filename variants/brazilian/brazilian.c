/*
** brazilian.c — Brazilian draughts: international rules on the 8x8 board, with
** a casual preset: short kings, free choice of capture.  This file
** holds the descriptor: geometry, options, start position and the end of the
** game; generate.c holds move generation.
*/
#include "brazilian.h"

#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/judge.h>

/* Name, PDN number (1 = b8 ... 32 = g1, counted from Black's side), file, rank. */
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

static const dr_option options[BR_NOPTIONS] = {
  [BR_OPT_FLYING_KINGS] = {
    "flying_kings", DR_OPTION_BOOL, 1, 0, 1,
    "kings move and capture any distance along a diagonal (off: one square)"},
  [BR_OPT_MEN_CAPTURE_BACKWARDS] = {
    "men_capture_backwards", DR_OPTION_BOOL, 1, 0, 1,
    "men capture backwards as well as forwards"},
  [BR_OPT_MAJORITY_CAPTURE] = {
    "majority_capture", DR_OPTION_BOOL, 1, 0, 1,
    "the capture taking the most pieces must be played, men and kings counting the same "
    "(off: free choice)"},
  [BR_OPT_PROMOTION_ENDS_CAPTURE] = {
    "promotion_ends_capture", DR_OPTION_BOOL, 0, 0, 1,
    "a man reaching the last rank mid-capture is crowned and stops (off: it jumps on as a man, "
    "crowned only if it ends there)"},
  [BR_OPT_QUIET_MOVE_LIMIT] = {
    "quiet_move_limit", DR_OPTION_INT, 20, 0, 500,
    "draw after this many moves by each side with no capture and no man move (0: never)"},
  [BR_OPT_ENDGAME_COUNTS] = {
    "endgame_counts", DR_OPTION_BOOL, 1, 0, 1,
    "endgame move counts: a lone king draws against 2 pieces after 5 moves each, against 3 "
    "kings after 15, and so on"},
};

static int br_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  dr_bits white = DR_DIAG8_RANK(0) | DR_DIAG8_RANK(1) | DR_DIAG8_RANK(2);
  dr_bits black = DR_DIAG8_RANK(5) | DR_DIAG8_RANK(6) | DR_DIAG8_RANK(7);
  *out = (dr_position){.side = {white, black}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

/* A count that draws the game once 'plies' have passed without a capture or a
** promotion, or ('from_kings') since both sides had a king, however many men the
** strong side crowns meanwhile; plies == 0 when the material on the board has no count. */
typedef struct endgame_count {
  int plies;
  const char *why;
  int from_kings;
} endgame_count;

static endgame_count count_of(int plies, const char *why) { return (endgame_count){plies, why, 0}; }

/* The plies the count has run: since the material last changed, or, for a count that
** runs from when both sides had a king, since then. */
static int count_run(const endgame_count *c, const dr_history *h) {
  int a = h->plies_with_king[DR_WHITE], b = h->plies_with_king[DR_BLACK];
  return c->from_kings ? (a < b ? a : b) : h->plies_since_material;
}

/* The counts against a lone king, which the strong side must beat; none when the
** material has no count of its own and the general counts apply. */
static endgame_count lone_king_count(dr_bits lone, dr_bits strong, dr_bits kings) {
  int pieces = dr_bits_count(strong), crowned = dr_bits_count(strong & kings);
  if (pieces <= 2) return (endgame_count){10, "at most two pieces against a lone king: 5 moves each", 1};
  if (pieces == 3 && (lone & DR_DIAG8_LONG_DIAGONAL) && !(strong & DR_DIAG8_LONG_DIAGONAL))
    return (endgame_count){10, "three pieces against a lone king on the long diagonal: 5 moves each", 1};
  if (crowned == pieces) return count_of(30, "kings against a lone king: 15 moves each");
  return count_of(0, NULL);
}

/* The FMJD 8x8 endgame counts, as lidraughts applies them to Brazilian draughts.
** They only start once both sides have a king. */
static endgame_count endgame_rule(const dr_position *pos) {
  dr_bits white = pos->side[DR_WHITE], black = pos->side[DR_BLACK];
  if (!(white & pos->kings) || !(black & pos->kings)) return count_of(0, NULL);
  endgame_count c = count_of(0, NULL);
  if (dr_bits_count(white) == 1) c = lone_king_count(white, black, pos->kings);
  else if (dr_bits_count(black) == 1) c = lone_king_count(black, white, pos->kings);
  if (c.plies) return c;
  int total = dr_bits_count(white | black);
  if (total == 4 || total == 5)
    return count_of(60, "4 or 5 pieces with kings on both sides: 30 moves each");
  if (total == 6 || total == 7)
    return count_of(120, "6 or 7 pieces with kings on both sides: 60 moves each");
  return count_of(0, NULL);
}

static const char *quiet_reason(int limit) {
  switch (limit) {
  case 20: return "20 moves each without a capture or a man move";
  case 40: return "40 moves each without a capture or a man move";
  default: return "move limit without a capture or a man move";
  }
}

static int br_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                    const char **why) {
  int limit = rules->opt[BR_OPT_QUIET_MOVE_LIMIT];
  int verdict = dr_judge_common(pos, h, limit, quiet_reason(limit), why);
  if (verdict != DR_ONGOING) return verdict;
  if (rules->opt[BR_OPT_ENDGAME_COUNTS]) {
    endgame_count c = endgame_rule(pos);
    if (c.plies && count_run(&c, h) >= c.plies) {
      *why = c.why;
      return DR_DRAW;
    }
  }
  *why = "";
  return DR_ONGOING;
}

/* The count the players must watch: the endgame count when one runs and ends the game
** sooner, else the quiet-move limit.  Both are kept in plies and shown in moves each. */
static const char *br_draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                                 int *counted, int *limit) {
  int quiet = rules->opt[BR_OPT_QUIET_MOVE_LIMIT];
  endgame_count c = rules->opt[BR_OPT_ENDGAME_COUNTS] ? endgame_rule(pos) : count_of(0, NULL);
  return dr_draw_count_nearer(h, c.plies, h->plies_since_material, "moves each without a capture or a crowning", quiet,
                              "moves each without a capture or a man move", counted, limit);
}

static const char help[] =
  "Brazilian draughts\n"
  "\n"
  "Draughts on the 8x8 board, played on the 32 dark squares with the long diagonal a1-h8 "
  "running from each player's left. Each side starts with 12 men on its first three ranks; "
  "White moves first.\n"
  "\n"
  "Official rules (CBD / FMJD, the default). A man steps one square diagonally forwards. A "
  "man reaching the far rank becomes a king, which moves any distance along a diagonal. "
  "Capturing is compulsory: a man jumps an enemy piece next to it, forwards or backwards, "
  "onto the empty square behind; a king takes a piece any distance away along a diagonal "
  "and lands on any empty square beyond it. A piece that can jump again must go on. You must "
  "play the capture that takes the most pieces, men and kings counting the same; between "
  "equal captures you choose. Jumped pieces leave the board only when the move ends: they "
  "cannot be jumped twice and they block the way. A man that passes over the far rank during "
  "a capture and jumps on stays a man; it is crowned only if the move ends there.\n"
  "\n"
  "A side with no pieces, or no legal move on its turn, loses. The game is drawn when the "
  "same position comes round for the third time with the same side to move, after 20 moves "
  "each in which only kings moved and nothing was taken, and by the endgame counts: a lone "
  "king against at most two pieces (one a king), or against three pieces while it holds the "
  "long diagonal alone, draws after 5 moves each; against three or more kings after 15 moves "
  "each; with kings on both sides, 4 or 5 pieces draw after 30 moves each and 6 or 7 pieces "
  "after 60 moves each without a capture or a crowning.\n"
  "\n"
  "Casual rules (the Damas app's game). Kings move one square and jump only a piece next to them, "
  "forwards or backwards; men capture forwards only. Capturing is compulsory but you choose "
  "which capture, however many pieces it takes. A man reaching the far rank is crowned and "
  "the move ends there, even in the middle of a capture. The game is drawn after 40 moves "
  "each without a capture or a man move, or on the third repetition of a position.\n"
  "\n"
  "Tips\n"
  "- The majority rule lets you steer your opponent: offer one piece so that the capture "
  "that takes the most lands the capturer where you can take two or three back.\n"
  "- The long diagonal a1-h8 is the most important line of the endgame: three kings win "
  "against one only while they hold it, so get a king onto it first.\n"
  "- Keep your back rank (c1, e1 for White) as long as you can: it stops enemy men from "
  "crowning. Move the edge men late, they attack nothing.\n"
  "- A flying king is worth about three men. Before you crown, check that the new king "
  "cannot be trapped and taken at once.\n"
  "- Ahead in material, exchange pieces: the endgame counts end games that drift, so a "
  "winning ending must be won briskly.\n";

/* GameType 26 of the PDN standard is algebraic ("26,W,8,8,A0,0"), although the
** points keep their numbers for numeric FEN. */
static const dr_conventions conventions = {
  .size = sizeof(dr_conventions),
  .pdn_notation = DR_PDN_ALGEBRAIC,
  .pdn_capture = 'x',
};

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "brazilian",
  .title = "Brazilian draughts",
  .pdn_gametype = "26,W,8,8,A0,0",
  .geometry = &geometry,
  .noptions = BR_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  /* initial  */ .initial = br_initial,
  /* generate */ .generate = brazilian_generate,
  /* judge    */ .judge = br_judge,
  /* validate */ .validate = NULL, /* the runtime already refuses men on their promotion rank */
  .help = help,
  .eval = dr_embedded_eval,
  .quiet_count = brazilian_quiet_count,
  .draw_count = br_draw_count,
  .conventions = &conventions,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
