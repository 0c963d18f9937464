/*
** sprint.c — a variant for the score tests: the template's board and moves, from a
** start where every outcome is a move or two away, so each scoring rule is played
** out for real through the session, quickly and the same way every time.
**
** White: a man on a7 (one step from the far row) and one on g1.  Black: a man on h8.
** The first man crowned wins; after four plies without one the game is drawn.  So
** White wins in one move with a7-b8, in two with g1-h2 first, and draws by playing
** g1 twice; Black (the computer, or a person) can only walk h8 down the board.
*/
#define dr_variant_entry template_variant_entry
#include "../../sdk/template/template.c"
#undef dr_variant_entry

#define BIT(file, rank) ((dr_bits)1 << (9 * ((rank) / 2) + 5 * ((rank) % 2) + (file) / 2))

static int sprint_initial(const dr_rules *rules, dr_position *out) {
  (void)rules;
  *out = (dr_position){.side = {BIT(0, 6) | BIT(6, 0), BIT(7, 7)}, .kings = 0, .turn = DR_WHITE};
  return DR_OK;
}

static int sprint_judge(const dr_rules *rules, const dr_position *pos, const dr_history *h, const char **why) {
  int verdict = judge(rules, pos, h, why);
  if (verdict != DR_ONGOING) return verdict;
  if (pos->kings & pos->side[DR_WHITE]) return *why = "white crowned a man", DR_WHITE_WINS;
  if (pos->kings & pos->side[DR_BLACK]) return *why = "black crowned a man", DR_BLACK_WINS;
  if (h->plies >= 4) return *why = "four plies without a crowning", DR_DRAW;
  return DR_ONGOING;
}

DR_EXPORT const dr_variant *dr_variant_entry(void) {
  static dr_variant v;
  v = *template_variant_entry();
  v.name = "sprint";
  v.title = "Sprint: the template from a start one move from the end";
  v.pdn_gametype = 0;
  v.perft = 0;
  v.initial = sprint_initial;
  v.judge = sprint_judge;
  return &v;
}
