/*
** cursor.c — the keyboard cursor, in whatever units a front end draws in ('points'):
** the arrow keys move it to the nearest point that way; after a tap it goes to the
** followed hint's next landing or to the nearest point the piece may go to; when a
** person is to move it stays on or near a piece that can move.
*/
#include <string.h>

#include "fe_common.h"

/* The landing points of a move, as taps enter them. */
static int landings_of(const dr_move *m, const uint8_t **out) {
  *out = m->njumps ? m->path : &m->to;
  return m->njumps ? m->njumps : 1;
}

int fe_hint_next(const fe_state *f, const dr_input *in) {
  const uint8_t *land;
  int n = landings_of(&f->eng.hint, &land);
  if (!f->hint_active || in->from != f->eng.hint.from || in->nlandings >= n) return -1;
  return memcmp(in->landing, land, (size_t)in->nlandings) == 0 ? land[in->nlandings] : -1;
}

static int distance(const fe_points *pts, int a, int b) {
  int dx = pts->x[a] - pts->x[b], dy = (pts->y[a] - pts->y[b]) * pts->aspect;
  return dx * dx + dy * dy;
}

/* The point of 'set' nearest 'from' (any of them when 'from' is -1); -1 if 'set' is empty. */
static int nearest(const fe_points *pts, dr_bits set, int from) {
  int best = -1;
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if ((set >> p & 1) && (best < 0 || from < 0 || distance(pts, p, from) < distance(pts, best, from))) best = p;
  return best;
}

/* Leaving the hint's path drops the hint. */
void fe_cursor_target(fe_state *f) {
  dr_input in;
  fe_input(f, &in);
  int next = fe_hint_next(f, &in);
  if (next >= 0) {
    f->cursor = next;
    return;
  }
  f->hint_active = 0;
  if (in.targets) f->cursor = nearest(&f->points, in.targets, f->cursor);
}

/* At first, the movable piece nearest the middle of the board's bottom edge. */
void fe_cursor_place(fe_state *f) {
  const fe_points *pts = &f->points;
  dr_input in;
  fe_input(f, &in);
  if (f->cursor >= 0 && (in.movable >> f->cursor & 1)) return;
  if (f->cursor >= 0 && in.movable) {
    f->cursor = nearest(pts, in.movable, f->cursor);
    return;
  }
  int best = -1, best_score = 0;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(in.movable >> p & 1)) continue;
    int dx = pts->x[p] - pts->mid, score = dx * dx - 8 * pts->pull * pts->y[p];
    if (best < 0 || score < best_score) best = p, best_score = score;
  }
  if (best >= 0) f->cursor = best;
}

/* The nearest point in direction (dx, dy), in grid steps: straight ahead counts double
** against a step aside, so on a checkered board "up" goes diagonally. */
static int step(const fe_points *pts, int from, int dx, int dy) {
  int best = from, best_score = 0;
  if (pts->step_x <= 0 || pts->step_y <= 0) return from;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(pts->drawn >> p & 1) || p == from) continue;
    int gx = (pts->x[p] - pts->x[from]) / pts->step_x, gy = (pts->y[p] - pts->y[from]) / pts->step_y;
    int ahead = gx * dx + gy * dy, aside = gx * dy - gy * dx;
    if (ahead <= 0) continue;
    int score = 2 * ahead + (aside < 0 ? -aside : aside);
    if (best == from || score < best_score) best = p, best_score = score;
  }
  return best;
}

/* The first arrow key shows the cursor where it would first go. */
void fe_cursor_move(fe_state *f, int dx, int dy) {
  if (f->cursor < 0) fe_cursor_place(f);
  else f->cursor = step(&f->points, f->cursor, dx, dy);
}

/* A hint is for the position it was asked in. */
int fe_caught_up(fe_state *f) {
  dr_status st;
  fe_status(f, &st);
  if (st.plies == f->caught_plies) return 0;
  f->caught_plies = st.plies;
  f->hint_active = 0;
  if (st.human_to_move) fe_cursor_place(f);
  return 1;
}
