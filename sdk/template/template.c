/*
** template.c — a complete variant plugin to copy: English checkers (8x8, men move
** and capture forwards, kings one square in every direction, capture compulsory
** with free choice, promotion ends the move).
**
** The board is the SDK's 8x8 diagonal layout, so the move generation is the
** SDK's diagonal toolkit (draughts/diagonal.h) told the rules, and the verdicts
** the end-of-game helpers of draughts/judge.h.  Change 'rules' for other
** captures (flying kings, men that take backwards, the majority rule, a man
** crowned mid-capture going on); a board that is not diagonal, or captures the
** toolkit does not know, need a generator of their own (see variants/turkish).
** Rename it, change the rules, keep the descriptor's shape.  Every slot is labelled.
*/
#include <draughts/diagonal.h>
#include <draughts/embed.h>
#include <draughts/judge.h>
#include <draughts/variant.h>

/* Bit 9 * (rank / 2) + 5 * (rank % 2) + file / 2 is the dark square (file, rank);
** the bits between (4, 13, 22, 31) are ghosts, left NULL: every diagonal step is then
** one shift (see draughts/diagonal.h). */
#define P(name, file, rank) {name, 0, file, rank, 0}
#define GHOST {0, 0, 0, 0, 0}
static const dr_point points[DR_MAX_POINTS] = {
    P("a1", 0, 0), P("c1", 2, 0), P("e1", 4, 0), P("g1", 6, 0), GHOST,
    P("b2", 1, 1), P("d2", 3, 1), P("f2", 5, 1), P("h2", 7, 1),
    P("a3", 0, 2), P("c3", 2, 2), P("e3", 4, 2), P("g3", 6, 2), GHOST,
    P("b4", 1, 3), P("d4", 3, 3), P("f4", 5, 3), P("h4", 7, 3),
    P("a5", 0, 4), P("c5", 2, 4), P("e5", 4, 4), P("g5", 6, 4), GHOST,
    P("b6", 1, 5), P("d6", 3, 5), P("f6", 5, 5), P("h6", 7, 5),
    P("a7", 0, 6), P("c7", 2, 6), P("e7", 4, 6), P("g7", 6, 6), GHOST,
    P("b8", 1, 7), P("d8", 3, 7), P("f8", 5, 7), P("h8", 7, 7),
};
#undef P
#undef GHOST

static const dr_geometry geometry = {
    /* npoints */ 32,
    /* files, ranks */ 8, 8,
    /* draw */ DR_DRAW_CHECKERED,
    /* points */ DR_DIAG8_POINTS,
    /* promotion */ {DR_DIAG8_RANK(7), DR_DIAG8_RANK(0)},
    /* point */ points,
    /* nlines, lines */ 0, 0,
};

static int initial(const dr_rules *options, dr_position *out) {
  (void)options;
  dr_bits first = DR_DIAG8_RANK(0) | DR_DIAG8_RANK(1) | DR_DIAG8_RANK(2);
  dr_bits second = DR_DIAG8_RANK(5) | DR_DIAG8_RANK(6) | DR_DIAG8_RANK(7);
  *out = (dr_position){.side = {first, second}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

/* The capture rules, as constants: the compiler builds a generator for exactly
** these.  (A variant whose rules are options builds a 'dr_diag_rules' from them
** in 'generate' and defines its jumps with 's->rules': see variants/brazilian.) */
static const dr_diag_rules rules = DR_DIAG8_RULES(.flying_kings = 0, .men_capture_backwards = 0, .majority = 0,
                                                  .crowning = DR_DIAG_CROWN_STOPS);

/* The capture search's two recursive steps, 'template_man_jumps' and
** 'template_king_jumps'. */
DR_DIAG_DEFINE_JUMPS(template, &rules)

static int generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  (void)options;
  return dr_diag_generate(&rules, pos, out, template_man_jumps, template_king_jumps);
}

static int quiet_count(const dr_rules *options, const dr_position *pos) {
  (void)options;
  return dr_diag_quiet_count(&rules, pos);
}

/* A helper for house-rule scripts (called from Lua as helpers.capturers(pos)): the
** pieces of the side to move that can capture, found without listing any move. */
static dr_bits capturers(const dr_rules *options, const dr_position *pos) {
  (void)options;
  dr_bits own = pos->side[pos->turn], kings = own & pos->kings;
  dr_diag_search s;
  dr_diag_setup(&s, &rules, pos);
  dr_bits men = dr_diag_pieces_that_can_take(&s, &rules, own & ~pos->kings, &kings);
  return men | kings;
}

static const dr_helper helpers[] = {
    {"capturers", "b:rp", (void (*)(void))capturers, "pieces of the side to move that can capture"},
    {0, 0, 0, 0},
};

/* No legal move loses, the third repetition draws, and so do 40 moves each without
** a capture or a man move. */
static int judge(const dr_rules *options, const dr_position *pos, const dr_history *h, const char **why) {
  (void)options;
  return dr_judge_common(pos, h, 40, "40 moves each without a capture or a man move", why);
}

/* What the players watch of the draw rule above, in moves each. */
static const char *draw_count(const dr_rules *options, const dr_position *pos, const dr_history *h, int *counted,
                              int *limit) {
  (void)options, (void)pos;
  return dr_draw_count_nearer(h, 0, 0, NULL, 40, "moves each without a capture or a man move", counted, limit);
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
    .quiet_count = quiet_count, /* optional, for speed: see variant.h */
    .draw_count = draw_count,
    .capture_midway = NULL, /* jumped pieces leave when the move ends */
    .default_level = 0,     /* the runtime's */
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &descriptor; }
