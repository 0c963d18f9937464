/*
** alquerque.c — Alquerque, the Moorish and Spanish game draughts grew out of:
** twelve pieces a side on the 25 points of a 5x5 board of lines.  This file holds
** the descriptor: geometry, options, start position and the end of the game;
** generate.c holds move generation.
*/
#include "alquerque.h"

#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/judge.h>

#define P(name, file, rank) {name, 0, file, rank, 0}

static const dr_point points[DR_MAX_POINTS] = {
  P("a1", 0, 0), P("b1", 1, 0), P("c1", 2, 0), P("d1", 3, 0), P("e1", 4, 0),
  P("a2", 0, 1), P("b2", 1, 1), P("c2", 2, 1), P("d2", 3, 1), P("e2", 4, 1),
  P("a3", 0, 2), P("b3", 1, 2), P("c3", 2, 2), P("d3", 3, 2), P("e3", 4, 2),
  P("a4", 0, 3), P("b4", 1, 3), P("c4", 2, 3), P("d4", 3, 3), P("e4", 4, 3),
  P("a5", 0, 4), P("b5", 1, 4), P("c5", 2, 4), P("d5", 3, 4), P("e5", 4, 4),
};
#undef P

/* Every segment between two joined neighbours: ranks, files, then diagonals
** (each unit cell carries the one diagonal that joins its two crossings). */
static const uint8_t lines[][2] = {
  {0, 1},   {1, 2},   {2, 3},   {3, 4},
  {5, 6},   {6, 7},   {7, 8},   {8, 9},
  {10, 11}, {11, 12}, {12, 13}, {13, 14},
  {15, 16}, {16, 17}, {17, 18}, {18, 19},
  {20, 21}, {21, 22}, {22, 23}, {23, 24},
  {0, 5},   {5, 10},  {10, 15}, {15, 20},
  {1, 6},   {6, 11},  {11, 16}, {16, 21},
  {2, 7},   {7, 12},  {12, 17}, {17, 22},
  {3, 8},   {8, 13},  {13, 18}, {18, 23},
  {4, 9},   {9, 14},  {14, 19}, {19, 24},
  {0, 6},   {2, 6},   {2, 8},   {4, 8},
  {6, 10},  {6, 12},  {8, 12},  {8, 14},
  {10, 16}, {12, 16}, {12, 18}, {14, 18},
  {16, 20}, {16, 22}, {18, 22}, {18, 24},
};

static const dr_geometry geometry = {
  .npoints = ALQ_NPOINTS,
  .files = ALQ_SIZE,
  .ranks = ALQ_SIZE,
  .draw = DR_DRAW_LINES,
  .points = ALQ_POINTS,
  .promotion = {0, 0}, /* no kings, ever */
  .point = points,
  .nlines = (int)(sizeof lines / sizeof lines[0]),
  .lines = lines,
};

static const dr_option options[ALQ_NOPTIONS] = {
  [ALQ_OPT_QUIET_PLY_LIMIT] = {"quiet_ply_limit", DR_OPTION_INT, 40, 1, 1000,
                               "plies in a row without a capture that end the game; more pieces wins"},
};

/* White (light): ranks 1-2 and d3, e3; Black (dark): the same turned half a circle. */
#define LIGHT_START (ALQ_RANK(0) | ALQ_RANK(1) | dr_bit(13) | dr_bit(14))
#define DARK_START (ALQ_RANK(3) | ALQ_RANK(4) | dr_bit(10) | dr_bit(11))

static int alq_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  *out = (dr_position){.side = {LIGHT_START, DARK_START}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

/* The quiet-play verdict: the larger army wins, equal armies draw. */
static int adjudicate(const dr_rules *rules, const dr_position *pos, const char **why) {
  int standard = rules->opt[ALQ_OPT_QUIET_PLY_LIMIT] == 40;
  int white = dr_bits_count(pos->side[DR_WHITE]), black = dr_bits_count(pos->side[DR_BLACK]);
  if (white > black) {
    *why = standard ? "40 plies without capture: white has more pieces"
                    : "ply limit without capture: white has more pieces";
    return DR_WHITE_WINS;
  }
  if (black > white) {
    *why = standard ? "40 plies without capture: black has more pieces"
                    : "ply limit without capture: black has more pieces";
    return DR_BLACK_WINS;
  }
  *why = standard ? "40 plies without capture: equal pieces"
                  : "ply limit without capture: equal pieces";
  return DR_DRAW;
}

/* A side that cannot move loses, even on the ply that reaches the limit: a
** blockade is won by play, the count only ends games that would not end. */
static int alq_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                     const char **why) {
  int verdict = dr_judge_no_move(pos, h, why);
  if (verdict != DR_ONGOING) return verdict;
  if (h->plies_since_capture >= rules->opt[ALQ_OPT_QUIET_PLY_LIMIT])
    return adjudicate(rules, pos, why);
  *why = "";
  return DR_ONGOING;
}

static const char *alq_draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                                  int *limit) {
  (void)pos;
  *counted = h->plies_since_capture;
  *limit = rules->opt[ALQ_OPT_QUIET_PLY_LIMIT];
  return "plies without a capture";
}

static int alq_validate(const dr_rules *rules, const dr_position *pos, const char **why) {
  (void)rules;
  if (pos->kings) {
    *why = "Alquerque has no kings";
    return DR_ERR_INVALID;
  }
  return DR_OK;
}

static const char help[] =
  "Alquerque\n"
  "\n"
  "The old Moorish and Spanish jumping game that draughts grew out of. The board is 25 points "
  "joined by lines. Every point is joined to its neighbours across and up and down; the points "
  "where the diagonal lines cross (a1, c1, e1, b2, d2, a3, c3, e3, b4, d4, a5, c5, e5) are also "
  "joined diagonally. White (the light pieces) starts with 12 pieces on the two bottom rows and "
  "d3, e3; Black (the dark pieces) fills the mirror image at the top, so only the centre c3 is "
  "empty. White moves first.\n"
  "\n"
  "A plain move takes a piece one step along a line to an empty point: forwards, diagonally "
  "forwards (along a diagonal line) or sideways, never backwards. A piece on the far row can "
  "only slide sideways, and there are no kings.\n"
  "\n"
  "To capture, jump over an enemy piece next to you along a line onto the empty point straight "
  "beyond it, in any direction, backwards too. If the same piece can jump again from where it "
  "lands it must go on, so one turn can take several pieces; jumped pieces leave the board when "
  "the move ends and cannot be jumped twice. Capturing is compulsory, but when several captures "
  "are possible you choose which, however many pieces each takes.\n"
  "\n"
  "A side with no pieces, or no legal move on its turn, loses. After 40 plies (20 moves each) "
  "without a capture the game stops: more pieces wins, equal pieces is a draw.\n"
  "\n"
  "Tips\n"
  "- Because captures are compulsory you can steer your opponent: offer a piece where it must "
  "be taken, so the capturer lands where you can jump two or three pieces in reply. Before "
  "every move ask what you force the other side to do next, and what it can force on you.\n"
  "- A piece can only be jumped if the point behind it is empty, so pieces standing in a line "
  "protect each other from the front. Advance in pairs and keep the point behind each forward "
  "piece covered.\n"
  "- The crossing points are worth more: a piece there has up to eight directions to move and "
  "attack, on the other points at most four.\n"
  "- Pieces never step back, so keep some at home: in the endgame the side that runs out of "
  "safe moves must walk into a capture, or loses for having no move at all.\n"
  "- Watch the count of plies without a capture: ahead in pieces, quiet play wins for you; "
  "behind, you must force exchanges before it runs out.\n";

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "alquerque",
  .title = "Alquerque",
  .pdn_gametype = NULL, /* PDN has no GameType for it; the runtime writes a Variant tag */
  .geometry = &geometry,
  .noptions = ALQ_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  /* initial  */ .initial = alq_initial,
  /* generate */ .generate = alq_generate,
  /* judge    */ .judge = alq_judge,
  /* validate */ .validate = alq_validate,
  .help = help,
  .eval = dr_embedded_eval, /* "": the generic weights */
  .eval_term = NULL,
  .quiet_count = alq_quiet_count,
  .draw_count = alq_draw_count,
  /* The game's opponent reads deeper and blunders less as the player's streak grows. */
  .default_level = DR_DEFAULT_LEVEL_STREAK,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
