/*
** review.c — looking back through a game, whatever draws it: the board shows the
** position after a chosen move while the game itself stays where it is (the host's
** 'position_at'), stepping back and forth, jumping to a move of the list, and back to
** the end.  While a game is reviewed nothing can be played: a tap says how to go back.
*/
#include <stdio.h>

#include "fe_common.h"

int fe_review_kept(const fe_state *f) { return DR_HOST_HAS(f->h, position_at); }

int fe_reviewing(const fe_state *f) { return f->review >= 0; }

/* Where the review stands, said on the message line. */
static void say_where(fe_state *f, int plies) {
  if (f->review < 0) fe_say(f, 0, "%s", "Back to the game.");
  else if (f->review == 0) fe_say(f, 0, "%s", "The start, before any move. PgDn: the next move; End: back to the game.");
  else fe_say(f, 0, "After move %d of %d. PgUp, PgDn: step; End: back to the game.", f->review, plies);
}

void fe_review_text(const fe_state *f, int plies, char *out, size_t len) {
  if (f->review == 0) snprintf(out, len, "%s", "Looking back: the start");
  else snprintf(out, len, "Looking back: after move %d of %d", f->review, plies);
}

/* The position after 'ply' moves, the end of the game meaning the game itself. */
void fe_review_to(fe_state *f, int ply) {
  dr_status st;
  fe_status(f, &st);
  if (!fe_review_kept(f) || !f->h->has_game(f->s)) return;
  if (ply < 0) ply = 0;
  f->review = ply >= st.plies ? -1 : ply;
  f->hint_active = 0;
  f->h->input_clear(f->s);
  say_where(f, st.plies);
}

void fe_review_step(fe_state *f, int delta) {
  dr_status st;
  fe_status(f, &st);
  fe_review_to(f, (f->review < 0 ? st.plies : f->review) + delta);
}

void fe_position(fe_state *f, dr_position *out) {
  if (f->review < 0 || f->h->position_at(f->s, f->review, out)) f->h->position(f->s, out);
}

/* Taps refused while the game is reviewed: it is not the position to play in. */
int fe_review_refuses(fe_state *f) {
  if (f->review < 0) return 0;
  fe_say(f, 1, "%s", "You are looking back at the game: End or Esc takes you back to play.");
  return 1;
}
