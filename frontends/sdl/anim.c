/*
** anim.c — moves slide across the board, one leg at a time, and the pieces a capture
** takes vanish as the moving piece passes them.  The front end keeps the position it
** last drew: when the game is one ply further (the computer moved, or a person
** finished a move), that ply is replayed over the old position.  Anything else — undo,
** a new game, a loaded one — is shown at once.  A landing tapped in the middle of a
** capture slides too (ANIM_SLIDE), so the final leg is all that is left to show when
** the capture completes.
*/
#include <string.h>

#include "gui.h"

#define MOVE_LEG_MS 240  /* each leg of a move played */
#define SLIDE_LEG_MS 150 /* a landing a person taps: quicker, it answers a click */

void anim_finish(ui *u) { u->an.kind = ANIM_NONE; }

static void remember(ui *u) {
  dr_status st;
  fe_status(&u->fe, &st);
  u->seen_plies = u->fe.h->has_game(u->fe.s) ? st.plies : -1;
  if (u->seen_plies >= 0) u->fe.h->position(u->fe.s, &u->seen_pos);
}

void anim_reset(ui *u) {
  anim_finish(u);
  u->pending_leg = 0;
  remember(u);
}

static void start(ui *u, int kind, int ms) {
  u->an.kind = kind;
  u->an.leg_ms = ms;
  u->an.leg_start = SDL_GetTicks();
}

/* The legs of 'm' as stops; 'jumped' the piece each leg takes. */
static void legs_of(anim *a, const dr_move *m) {
  a->stop[0] = m->from;
  a->nlegs = m->njumps ? m->njumps : 1;
  for (int k = 0; k < a->nlegs; k++) {
    a->stop[k + 1] = m->njumps ? m->path[k] : m->to;
    a->jumped[k] = m->njumps ? m->jumped[k] : -1;
  }
}

/* The move of the last ply, replayed over the position drawn before it. */
static void play_back(ui *u, int ply) {
  dr_move m;
  anim *a = &u->an;
  if (u->fe.h->move_at(u->fe.s, ply, &m, NULL, 0)) return;
  a->base = u->seen_pos;
  a->origin = m.from;
  a->side = a->base.side[DR_WHITE] >> m.from & 1 ? DR_WHITE : DR_BLACK;
  a->king = (int)(a->base.kings >> m.from & 1);
  legs_of(a, &m);
  a->leg = u->pending_leg < a->nlegs ? u->pending_leg : a->nlegs - 1; /* legs already seen */
  start(u, ANIM_MOVE, MOVE_LEG_MS);
}

void anim_catch_up(ui *u) {
  dr_status st;
  if (!u->fe.h->has_game(u->fe.s)) return;
  fe_status(&u->fe, &st);
  if (st.plies == u->seen_plies) return;
  if (u->animate && st.plies == u->seen_plies + 1 && !fe_reviewing(&u->fe)) play_back(u, st.plies - 1);
  u->pending_leg = 0;
  remember(u);
}

/* The selected piece slides from 'from' to the landing 'to' just tapped. */
void anim_slide(ui *u, int from, int to) {
  dr_input in;
  dr_position pos;
  anim *a = &u->an;
  if (!u->animate) return;
  fe_input(&u->fe, &in);
  u->fe.h->position(u->fe.s, &pos);
  a->origin = in.from;
  a->side = pos.turn;
  a->king = (int)(pos.kings >> in.from & 1) || in.crowned;
  a->stop[0] = (uint8_t)from;
  a->stop[1] = (uint8_t)to;
  a->jumped[0] = -1;
  a->nlegs = 1;
  a->leg = 0;
  start(u, ANIM_SLIDE, SLIDE_LEG_MS);
}

/* 1 while something moves, and on the step it arrives: that frame shows the move at
** rest, with the markers the slide left out. */
int anim_step(ui *u) {
  anim *a = &u->an;
  if (a->kind == ANIM_NONE) return 0;
  Uint32 now = SDL_GetTicks();
  while (a->kind != ANIM_NONE && now - a->leg_start >= (Uint32)a->leg_ms) {
    a->leg_start += (Uint32)a->leg_ms;
    if (++a->leg >= a->nlegs) a->kind = ANIM_NONE;
  }
  return 1;
}

/* Eased: the piece starts and stops gently. */
static float ease(float t) { return t * t * (3 - 2 * t); }

int anim_piece(const ui *u, int *side, int *king, float *x, float *y) {
  const anim *a = &u->an;
  if (a->kind == ANIM_NONE) return 0;
  float t = (float)(SDL_GetTicks() - a->leg_start) / (float)a->leg_ms;
  t = ease(t < 0 ? 0 : t > 1 ? 1 : t);
  int p = a->stop[a->leg], q = a->stop[a->leg + 1];
  *x = u->lay.x[p] + (u->lay.x[q] - u->lay.x[p]) * t;
  *y = u->lay.y[p] + (u->lay.y[q] - u->lay.y[p]) * t;
  *side = a->side;
  *king = a->king;
  return 1;
}

dr_bits anim_hidden(const ui *u) {
  const anim *a = &u->an;
  if (a->kind == ANIM_NONE) return 0;
  dr_bits set = (dr_bits)1 << a->origin;
  for (int k = 0; k < a->leg; k++)
    if (a->jumped[k] >= 0) set |= (dr_bits)1 << a->jumped[k];
  return set;
}
