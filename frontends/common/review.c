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

/* The move reviewed as the move list numbers it: "12. c3-d4", "12... f6-e5". */
static void reviewed_move(fe_state *f, char *out, size_t len) {
  dr_status st;
  char text[64] = "";
  fe_status(f, &st);
  int at = f->review - 1 + st.start_turn;
  f->h->move_at(f->s, f->review - 1, NULL, text, sizeof text);
  snprintf(out, len, "%d%s %s", at / 2 + 1, at % 2 ? "..." : ".", text);
}

/* Where the review stands, said on the message line. */
static void say_where(fe_state *f) {
  char move[96];
  if (f->review < 0) {
    fe_say(f, 0, "%s", "Back to the game.");
  } else if (f->review == 0) {
    fe_say(f, 0, "%s", "The start, before any move. PgDn: the next move; End: back to the game.");
  } else {
    reviewed_move(f, move, sizeof move);
    fe_say(f, 0, "After %s. PgUp, PgDn: step; End: back to the game.", move);
  }
}

void fe_review_text(fe_state *f, char *out, size_t len) {
  char move[96];
  if (f->review == 0) {
    snprintf(out, len, "%s", "Looking back: the start");
    return;
  }
  reviewed_move(f, move, sizeof move);
  snprintf(out, len, "Looking back: after %s", move);
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
  say_where(f);
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
