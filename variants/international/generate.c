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

static const dr_diag_rules rules = {
  .up_right = DR_DIAG10_UP_RIGHT,
  .up_left = DR_DIAG10_UP_LEFT,
  .points = DR_DIAG10_POINTS,
  .promotion = {DR_DIAG10_RANK(9), DR_DIAG10_RANK(0)},
  .flying_kings = 1,
  .men_capture_backwards = 1,
  .majority = 1,
  .crowning = DR_DIAG_CROWN_AT_END,
};

/* The capture search's two recursive steps, specialised for these rules. */
static void king_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {
  dr_diag_king_jumps(s, &rules, at, taken, legs, king_jumps);
}

static void man_jumps(dr_diag_search *s, dr_bits at, dr_bits taken, int legs) {
  dr_diag_man_jumps(s, &rules, at, taken, legs, man_jumps, king_jumps);
}

int international_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  (void)options;
  return dr_diag_generate(&rules, pos, out, man_jumps, king_jumps);
}

/* The 'quiet_count' slot. */
int international_quiet_count(const dr_rules *options, const dr_position *pos) {
  (void)options;
  return dr_diag_quiet_count(&rules, pos);
}
