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

/* The board and the capture rules the options choose. */
static dr_diag_rules rules_of(const dr_rules *options) {
  return (dr_diag_rules){
    .up_right = DR_DIAG8_UP_RIGHT,
    .up_left = DR_DIAG8_UP_LEFT,
    .points = DR_DIAG8_POINTS,
    .promotion = {DR_DIAG8_RANK(7), DR_DIAG8_RANK(0)},
    .flying_kings = (uint8_t)options->opt[BR_OPT_FLYING_KINGS],
    .men_capture_backwards = (uint8_t)options->opt[BR_OPT_MEN_CAPTURE_BACKWARDS],
    .majority = (uint8_t)options->opt[BR_OPT_MAJORITY_CAPTURE],
    .crowning = options->opt[BR_OPT_PROMOTION_ENDS_CAPTURE] ? DR_DIAG_CROWN_STOPS : DR_DIAG_CROWN_AT_END,
  };
}

/* The capture search's two recursive steps, under the rules in force. */
static void king_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {
  dr_diag_king_jumps(s, s->rules, at, taken, legs, king_jumps);
}

static void man_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {
  dr_diag_man_jumps(s, s->rules, at, taken, legs, man_jumps, king_jumps);
}

int brazilian_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  dr_diag_rules rules = rules_of(options);
  return dr_diag_generate(&rules, pos, out, man_jumps, king_jumps);
}

/* The 'quiet_count' slot. */
int brazilian_quiet_count(const dr_rules *options, const dr_position *pos) {
  dr_diag_rules rules = rules_of(options);
  return dr_diag_quiet_count(&rules, pos);
}
