/*
** turkish.c — the Turkish draughts (dama) plugin: board, rule options, start
** position and the end-of-game rules.  Move generation is in generate.c.
*/
#include "turkish.h"

#include <draughts/bits.h>
#include <draughts/embed.h>
#include <draughts/judge.h>

/* ---------------------------------------------------------------- geometry */

#define SQUARE(f, fi, r) {.name = #f #r, .file = fi, .rank = (r) - 1}
#define RANK_OF_SQUARES(r)                                                          \
  SQUARE(a, 0, r), SQUARE(b, 1, r), SQUARE(c, 2, r), SQUARE(d, 3, r), SQUARE(e, 4, r), \
      SQUARE(f, 5, r), SQUARE(g, 6, r), SQUARE(h, 7, r)

static const dr_point squares[DR_MAX_POINTS] = {
  RANK_OF_SQUARES(1), RANK_OF_SQUARES(2), RANK_OF_SQUARES(3), RANK_OF_SQUARES(4),
  RANK_OF_SQUARES(5), RANK_OF_SQUARES(6), RANK_OF_SQUARES(7), RANK_OF_SQUARES(8),
};

static const dr_geometry geometry = {
  .npoints = DR_MAX_POINTS,
  .files = 8,
  .ranks = 8,
  .draw = DR_DRAW_SQUARES,  /* the traditional board has one colour */
  .points = ~(dr_bits)0,
  .promotion = {TK_RANK(7), TK_RANK(0)},
  .point = squares,
};

/* ----------------------------------------------------------------- options */

#define BOOL_OPTION(n, d) {.name = n, .type = DR_OPTION_BOOL, .def = 0, .min = 0, .max = 1, .doc = d}

static const dr_option options[TK_NOPTIONS] = {
  BOOL_OPTION("promote_midcapture",
              "a man reaching the last rank during a capture is crowned at once and goes on capturing as a king"),
  BOOL_OPTION("king_beats_lone_man",
              "a side with a king wins at once when the opponent has only one piece left, a man"),
  BOOL_OPTION("men_beat_lone_man", "two or more men (and no king) win at once against a lone man"),
};

/* ---------------------------------------------------------------- position */

static int initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  *out = (dr_position){0};
  out->side[DR_WHITE] = TK_RANK(1) | TK_RANK(2);
  out->side[DR_BLACK] = TK_RANK(5) | TK_RANK(6);
  out->turn = DR_WHITE;
  return DR_OK;
}

/* The runtime refuses these positions too; the plugin does not rely on its host. */
static int validate(const dr_rules *rules, const dr_position *pos, const char **why) {
  (void)rules;
  if (pos->side[DR_WHITE] & ~pos->kings & TK_RANK(7)) {
    *why = "a white man stands on the last rank, its promotion rank";
    return DR_ERR_INVALID;
  }
  if (pos->side[DR_BLACK] & ~pos->kings & TK_RANK(0)) {
    *why = "a black man stands on the first rank, its promotion rank";
    return DR_ERR_INVALID;
  }
  return DR_OK;
}

/* --------------------------------------------------------------- judgement */

static int lone_man(const dr_position *pos, int side) {
  dr_bits b = pos->side[side];
  return dr_bits_count(b) == 1 && !(b & pos->kings);
}

/* Whether 'side' wins on bare material, its opponent being down to a lone man. */
static int material_verdict(const dr_rules *rules, const dr_position *pos, int side,
                            const char **why) {
  dr_bits mine = pos->side[side];
  if (!lone_man(pos, side ^ 1))
    return DR_ONGOING;
  if (rules->opt[TK_OPT_KING_BEATS_LONE_MAN] && (mine & pos->kings)) {
    *why = "a king against a lone man";
    return dr_win_for(side);
  }
  if (rules->opt[TK_OPT_MEN_BEAT_LONE_MAN] && dr_bits_count(mine) >= 2 && !(mine & pos->kings)) {
    *why = "several men against a lone man";
    return dr_win_for(side);
  }
  return DR_ONGOING;
}

static int judge(const dr_rules *rules, const dr_position *pos, const dr_history *h,
                 const char **why) {
  int mover = pos->turn, verdict;
  if ((verdict = dr_judge_no_move(pos, h, why)) != DR_ONGOING) return verdict;
  if (!pos->side[mover ^ 1]) {
    *why = "no pieces left";
    return dr_win_for(mover);
  }
  if ((verdict = material_verdict(rules, pos, DR_WHITE, why)) != DR_ONGOING ||
      (verdict = material_verdict(rules, pos, DR_BLACK, why)) != DR_ONGOING)
    return verdict;
  if (dr_bits_count(pos->side[DR_WHITE]) == 1 && dr_bits_count(pos->side[DR_BLACK]) == 1) {
    *why = "one piece against one piece";
    return DR_DRAW;
  }
  return dr_judge_repetition(h, why);
}

/* No count ends a Turkish game: repetition and material do. */
static const char *draw_count(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                              int *limit) {
  (void)rules, (void)pos, (void)h, (void)counted, (void)limit;
  return NULL;
}

/* Jumped pieces leave the board one by one as they are jumped; with promote_midcapture a
** man that lands on the far rank is a king from there on. */
static void capture_midway(const dr_rules *rules, const dr_position *pos, const dr_move *m, int legs,
                           dr_bits *removed, int *crowned) {
  int man = !(pos->kings >> m->from & 1), crown_mid = rules->opt[TK_OPT_PROMOTE_MIDCAPTURE];
  *removed = 0;
  *crowned = 0;
  for (int k = 0; k < legs && k < m->njumps; k++) {
    *removed |= dr_bit(m->jumped[k]);
    if (man && crown_mid && (dr_bit(m->path[k]) & geometry.promotion[pos->turn])) *crowned = 1;
  }
}

/* -------------------------------------------------------------------- help */

static const char help[] =
  "Turkish draughts (dama)\n"
  "\n"
  "The board has 8x8 squares of one colour and every square is used.  Each side\n"
  "has 16 men: white on ranks 2 and 3, black on ranks 6 and 7; ranks 1 and 8 start\n"
  "empty.  White moves first.  Everything moves along ranks and files, never\n"
  "diagonally.\n"
  "\n"
  "Men move one square forwards, left or right, never backwards.  A man captures\n"
  "by jumping an adjacent enemy piece forwards, left or right onto the empty\n"
  "square beyond, never backwards.\n"
  "\n"
  "A man reaching the last rank becomes a king (dama).  A king moves any number of\n"
  "empty squares forwards, backwards, left or right.  It captures a piece at any\n"
  "distance along a rank or file, with only empty squares between, and lands on\n"
  "any empty square beyond it.\n"
  "\n"
  "Capturing is compulsory and goes on as long as the capturing piece can jump.\n"
  "You must take the greatest number of pieces possible (men and kings count the\n"
  "same); between equal captures you choose.  Captured pieces leave the board one\n"
  "by one as they are jumped, so their squares can be crossed again in the same\n"
  "move.  Within one capture a king may turn by 90 degrees but never turn back.\n"
  "A man that reaches the last rank while capturing goes on as a man and is\n"
  "crowned when the move ends (the rule option promote_midcapture crowns it at\n"
  "once).\n"
  "\n"
  "You win when your opponent has no piece or no legal move.  One piece against\n"
  "one piece is a draw, and so is a threefold repetition.  Presets: 'federation'\n"
  "(the default), 'lone_man' (several men beat a lone man) and 'wikipedia' (a man\n"
  "crowned mid-capture goes on as a king; a king beats a lone man).\n"
  "\n"
  "Tips\n"
  "- A piece can only be jumped onto an empty square: a man with a friend right\n"
  "  behind it, seen from the attacker, is safe from that side.  Keep your men in\n"
  "  solid blocks and advance them side by side.\n"
  "- Men never capture backwards, so an enemy man you have passed can no longer\n"
  "  take you; and your own men cannot come back to defend.\n"
  "- The majority rule lets your opponent force long chains through a broken\n"
  "  line: count the whole sequence before you offer a man.\n"
  "- The first king usually decides the game, since a flying king attacks a whole\n"
  "  rank and file at once.  Race for it, and keep men on your second rank to\n"
  "  stop enemy men from crowning.\n"
  "- Jumped pieces vanish at once, so a king can sweep back through squares it\n"
  "  has just emptied: look for captures that turn the corner.\n"
  "- One piece against one piece is a draw: when ahead, keep at least two.\n";

/* -------------------------------------------------------------- descriptor */

/* GameType 30 (from PlayOK's convention): algebraic moves. */
static const dr_conventions conventions = {
  .size = sizeof(dr_conventions),
  .pdn_notation = DR_PDN_ALGEBRAIC,
  .pdn_capture = 'x',
};

static const dr_variant variant = {
  .abi_version = DR_ABI_VERSION,
  .size = sizeof(dr_variant),
  .name = "turkish",
  .title = "Turkish draughts (dama)",
  .pdn_gametype = "30,W,8,8,A0,0",
  .geometry = &geometry,
  .noptions = TK_NOPTIONS,
  .options = options,
  .presets = dr_embedded_presets,
  .perft = dr_embedded_perft,
  .initial = initial,
  .generate = turkish_generate,
  .judge = judge,
  .validate = validate,
  .help = help,
  .eval = dr_embedded_eval,
  .quiet_count = turkish_quiet_count,
  .draw_count = draw_count,
  .capture_midway = capture_midway,
  .conventions = &conventions,
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &variant; }
