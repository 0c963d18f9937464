/*
** generate.c — Russian draughts move generation, by the SDK's diagonal toolkit
** (draughts/diagonal.h).
**
** Captures come first and are compulsory, but any capture may be chosen,
** however many pieces it takes; once begun it must be jumped out to the end.
** Men jump forwards and backwards, kings fly, and a king lands where it can go on
** capturing if there is such a square.  Jumped pieces stay on the board until
** the move ends (the Turkish strike rule).  A man that lands on the far rank
** mid-capture is crowned at once and jumps on as a king.  Only when no capture
** exists are the plain moves generated.
*/
#include "russian.h"

static const dr_diag_rules rules = DR_DIAG8_RULES(.flying_kings = 1, .men_capture_backwards = 1, .majority = 0,
                                                 .crowning = DR_DIAG_CROWN_GOES_ON);

/* The capture search's two recursive steps, specialised for these rules. */
DR_DIAG_DEFINE_JUMPS(ru, &rules)

int russian_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  (void)options;
  return dr_diag_generate(&rules, pos, out, ru_man_jumps, ru_king_jumps);
}

/* The 'quiet_count' slot. */
int russian_quiet_count(const dr_rules *options, const dr_position *pos) {
  (void)options;
  return dr_diag_quiet_count(&rules, pos);
}
