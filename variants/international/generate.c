/*
** generate.c — International draughts move generation, by the SDK's diagonal
** toolkit (draughts/diagonal.h).
**
** Captures come first and are compulsory, and the capture that takes the most
** pieces must be played, men and kings counting the same; between equal
** captures the player chooses.  Men jump forwards and backwards, kings fly.
** Jumped pieces stay on the board until the move ends (the Turkish strike).  A
** man that passes over the far rank and jumps on stays a man: it is crowned only
** if the move ends there.  Only when no capture exists are the plain moves
** generated.
*/
#include "international.h"

static const dr_diag_rules rules = DR_DIAG10_RULES(.flying_kings = 1, .men_capture_backwards = 1, .majority = 1,
                                                  .crowning = DR_DIAG_CROWN_AT_END);

/* The capture search's two recursive steps, specialised for these rules. */
DR_DIAG_DEFINE_JUMPS(in, &rules)

int international_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  (void)options;
  return dr_diag_generate(&rules, pos, out, in_man_jumps, in_king_jumps);
}

/* The 'quiet_count' slot. */
int international_quiet_count(const dr_rules *options, const dr_position *pos) {
  (void)options;
  return dr_diag_quiet_count(&rules, pos);
}
