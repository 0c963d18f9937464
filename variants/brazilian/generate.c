/*
** generate.c — Brazilian draughts move generation, by the SDK's diagonal toolkit
** (draughts/diagonal.h), under the rules the options give: flying or short kings,
** men that capture backwards or not, the majority rule or free choice, and a man
** that reaches the last rank mid-capture going on as a man or stopping there
** crowned.  Captures come first and are compulsory; jumped pieces stay on the
** board until the move ends.  Only when no capture exists are the plain moves
** generated.
*/
#include "brazilian.h"

/* The two presets' rules, each with a generator the compiler specialises; other
** combinations of the options take the general one, which tests each rule. */
static const dr_diag_rules official = DR_DIAG8_RULES(.flying_kings = 1, .men_capture_backwards = 1, .majority = 1,
                                                     .crowning = DR_DIAG_CROWN_AT_END);
static const dr_diag_rules casual = DR_DIAG8_RULES(.flying_kings = 0, .men_capture_backwards = 0, .majority = 0,
                                                   .crowning = DR_DIAG_CROWN_STOPS);

DR_DIAG_DEFINE_JUMPS(official, &official)
DR_DIAG_DEFINE_JUMPS(casual, &casual)
DR_DIAG_DEFINE_JUMPS(any, s->rules)

/* The board and the capture rules the options choose. */
static dr_diag_rules rules_of(const dr_rules *options) {
  dr_diag_rules r = DR_DIAG8_RULES(.flying_kings = (uint8_t)options->opt[BR_OPT_FLYING_KINGS]);
  r.men_capture_backwards = (uint8_t)options->opt[BR_OPT_MEN_CAPTURE_BACKWARDS];
  r.majority = (uint8_t)options->opt[BR_OPT_MAJORITY_CAPTURE];
  r.crowning = options->opt[BR_OPT_PROMOTION_ENDS_CAPTURE] ? DR_DIAG_CROWN_STOPS : DR_DIAG_CROWN_AT_END;
  return r;
}

static int same_rules(const dr_diag_rules *a, const dr_diag_rules *b) {
  return a->flying_kings == b->flying_kings && a->men_capture_backwards == b->men_capture_backwards &&
         a->majority == b->majority && a->crowning == b->crowning;
}

int brazilian_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  dr_diag_rules r = rules_of(options);
  if (same_rules(&r, &official)) return dr_diag_generate(&official, pos, out, official_man_jumps, official_king_jumps);
  if (same_rules(&r, &casual)) return dr_diag_generate(&casual, pos, out, casual_man_jumps, casual_king_jumps);
  return dr_diag_generate(&r, pos, out, any_man_jumps, any_king_jumps);
}

/* The 'quiet_count' slot. */
int brazilian_quiet_count(const dr_rules *options, const dr_position *pos) {
  dr_diag_rules r = rules_of(options);
  if (same_rules(&r, &official)) return dr_diag_quiet_count(&official, pos);
  if (same_rules(&r, &casual)) return dr_diag_quiet_count(&casual, pos);
  return dr_diag_quiet_count(&r, pos);
}
