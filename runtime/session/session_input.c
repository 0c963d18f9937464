/*
** session_input.c — move input one landing point at a time.  A tap selects a piece,
** lands it, or is refused with the reason; what may come next is read off the legal
** moves whose landing path begins with the landings so far, so multi-jumps, kings
** that fly and captures that may stop or go on all work the same way, for any variant.
*/
#include <stdio.h>
#include <string.h>

#include "position.h"
#include "notation.h"
#include "session_internal.h"

/* 'm' moves the selected piece through the landings tapped so far. */
static int is_candidate(const session *s, const dr_move *m) {
  const uint8_t *land;
  int n = move_landings(m, &land);
  return m->from == s->from && n >= s->nlandings && memcmp(land, s->landing, (size_t)s->nlandings) == 0;
}

/* Only landings bind: a piece merely selected may still be put down for another. */
int session_input_fits(const session *s, const dr_move *m) { return s->nlandings == 0 || is_candidate(s, m); }

/* The legal move the landings make exactly, or NULL. */
static const dr_move *input_exact(session *s) {
  if (s->from < 0 || s->nlandings == 0) return NULL;
  for (int i = 0; i < s->g.legal.count; i++) {
    const dr_move *m = &s->g.legal.moves[i];
    const uint8_t *land;
    if (is_candidate(s, m) && move_landings(m, &land) == s->nlandings) return m;
  }
  return NULL;
}

typedef struct input_scan {
  dr_bits next;       /* landing points that go on from here */
  dr_bits jumped;
  int exact;          /* a move ends here */
} input_scan;

static input_scan scan_input(session *s) {
  input_scan r = {0, 0, 0};
  for (int i = 0; i < s->g.legal.count; i++) {
    const dr_move *m = &s->g.legal.moves[i];
    const uint8_t *land;
    if (!is_candidate(s, m)) continue;
    int n = move_landings(m, &land);
    if (n == s->nlandings) r.exact = 1;
    else r.next |= (dr_bits)1 << land[s->nlandings];
    for (int k = 0; k < s->nlandings && k < m->njumps; k++) r.jumped |= (dr_bits)1 << m->jumped[k];
  }
  return r;
}

/* A move may end here and also go on: the front end offers the current point as a
** target, and tapping it stops there. */
const dr_move *session_input_move(session *s) {
  input_scan r = scan_input(s);
  if (!r.exact || (r.next && !s->stop_here)) return NULL;
  return input_exact(s);
}

static int input_at(const session *s) { return s->nlandings ? s->landing[s->nlandings - 1] : s->from; }

static void piece_sets(const session *s, dr_bits *movable, dr_bits *must_capture) {
  *movable = movelist_movable(&s->g.legal, must_capture);
}

/* A legal move through the landings so far: they all share those legs. */
static const dr_move *any_candidate(session *s) {
  for (int i = 0; i < s->g.legal.count; i++)
    if (is_candidate(s, &s->g.legal.moves[i])) return &s->g.legal.moves[i];
  return NULL;
}

/* What the board looks like part-way through a capture, as the plugin says. */
static void midway(session *s, dr_input *in) {
  const dr_move *m = any_candidate(s);
  const dr_variant *v = s->rs->v;
  if (!m || s->nlandings == 0 || !v->capture_midway) return;
  v->capture_midway(&s->rs->rules, game_position(&s->g), m, s->nlandings, &in->removed, &in->crowned);
  in->removed &= in->jumped;
}

void session_input(session *s, dr_input *out) {
  dr_input in;
  DR_INIT(in);
  in.from = in.at = -1;
  if (s->has_game && !session_cannot_move(s)) {
    piece_sets(s, &in.movable, &in.must_capture);
    if (s->from >= 0) {
      input_scan r = scan_input(s);
      in.from = s->from;
      in.at = input_at(s);
      in.nlandings = s->nlandings;
      memcpy(in.landing, s->landing, (size_t)s->nlandings);
      in.jumped = r.jumped;
      in.targets = r.next;
      if (r.exact && r.next && !s->stop_here) in.targets |= (dr_bits)1 << in.at;
      in.complete = session_input_move(s) != NULL;
      midway(s, &in);
    }
  }
  session_copy_out(out, &in, sizeof in);
}

void session_input_clear(session *s) {
  s->from = -1;
  s->nlandings = 0;
  s->stop_here = 0;
}

/* Why the piece on 'point' cannot be selected (in 'buf' or a constant), or NULL if it can. */
static const char *refuse_selection(session *s, int point, char buf[96]) {
  const dr_position *p = game_position(&s->g);
  dr_bits bit = (dr_bits)1 << point, movable, must;
  piece_sets(s, &movable, &must);
  if (movable & bit) return NULL;
  if (p->side[p->turn] & bit)
    return must ? "a capture is compulsory: move one of the circled pieces" : "that piece has no legal move";
  if (p->side[p->turn ^ 1] & bit) {
    char theirs[32], ours[32];
    snprintf(buf, 96, "that is a %s piece: %s to move", side_word(s->rs->v, p->turn ^ 1, theirs),
             side_word(s->rs->v, p->turn, ours));
    return buf;
  }
  return "no piece there: choose one of your pieces";
}

static int select_piece(session *s, int point) {
  char buf[96];
  const char *why = refuse_selection(s, point, buf);
  if (why) return session_fail(s, "%s: %s", s->rs->v->geometry->point[point].name, why), DR_INPUT_REFUSED;
  session_input_clear(s);
  s->from = point;
  return DR_INPUT_SELECTED;
}

static int land(session *s, int point) {
  if (point == input_at(s) && s->nlandings > 0) {
    s->stop_here = 1;
    return DR_INPUT_COMPLETE;
  }
  s->landing[s->nlandings++] = (uint8_t)point;
  return session_input_move(s) ? DR_INPUT_COMPLETE : DR_INPUT_LANDED;
}

int session_input_point(session *s, int point) {
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why), DR_INPUT_REFUSED;
  const dr_geometry *g = s->rs->v->geometry;
  if (point < 0 || point >= DR_MAX_POINTS || !(g->points >> point & 1))
    return session_fail(s, "that is not a point of the board"), DR_INPUT_REFUSED;
  if (s->from < 0) return select_piece(s, point);
  dr_input in;
  DR_INIT(in);
  session_input(s, &in);
  if (in.targets >> point & 1) return land(s, point);
  if (point == s->from) return session_input_clear(s), DR_INPUT_CLEARED;
  if (s->nlandings > 0)
    return session_fail(s, "the capture must go on: choose one of the ringed points"), DR_INPUT_REFUSED;
  const dr_position *p = game_position(&s->g);
  if (p->side[p->turn] >> point & 1) return select_piece(s, point);
  return session_fail(s, "%s cannot go to %s", g->point[s->from].name, g->point[point].name), DR_INPUT_REFUSED;
}

