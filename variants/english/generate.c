/*
** generate.c — English checkers move generation, by the SDK's diagonal toolkit
** (draughts/diagonal.h).
**
** Captures come first and are compulsory, but any capture may be chosen,
** however many pieces it takes; once begun it must be jumped out to the end.
** Men jump forwards only, kings one square in all four directions.  Jumped
** pieces stay on the board until the move ends, so they cannot be jumped twice
** nor landed on.  A man that reaches the far rank is crowned and the move ends
** there.  Only when no capture exists are the plain steps generated.
*/
#include "english.h"

static const dr_diag_rules rules = DR_DIAG8_RULES(.flying_kings = 0, .men_capture_backwards = 0, .majority = 0,
                                                 .crowning = DR_DIAG_CROWN_STOPS);

/* The capture search's two recursive steps, specialised for these rules. */
DR_DIAG_DEFINE_JUMPS(en, &rules)

int english_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  (void)options;
  return dr_diag_generate(&rules, pos, out, en_man_jumps, en_king_jumps);
}

/* The 'quiet_count' slot. */
int english_quiet_count(const dr_rules *options, const dr_position *pos) {
  (void)options;
  return dr_diag_quiet_count(&rules, pos);
}
