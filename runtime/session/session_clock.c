/*
** session_clock.c — a Fischer clock for two people at one device, and the pause that
** holds it (and the computer).  Each side has its time; the side to move spends its own,
** and each move it makes adds the increment.  A side whose time runs out loses.  The
** status reports both sides' time the same way whoever runs a clock, so a front end
** draws a server's clock as it draws this one.
*/
#include "session_internal.h"

static const char *const out_of_time[2] = {"white ran out of time", "black ran out of time"};

/* Milliseconds 'side' has left now. */
static int64_t left_now(const session *s, int side) {
  const session_clock *c = &s->clock;
  int64_t left = c->left_ms[side];
  if (c->running == side && !s->paused) left -= (int64_t)((now_seconds() - c->since) * 1000);
  return left > 0 ? left : 0;
}

/* The running side's time so far goes off its account. */
static void settle(session *s) {
  session_clock *c = &s->clock;
  if (c->running >= 0) c->left_ms[c->running] = left_now(s, c->running);
  c->since = now_seconds();
}

/* The side to move's clock runs, if the game is on. */
static void run_turn(session *s) {
  session_clock *c = &s->clock;
  c->running = c->on && s->has_game && s->g.result == DR_ONGOING ? game_position(&s->g)->turn : -1;
  c->since = now_seconds();
}

void clock_reset(session *s) {
  session_clock *c = &s->clock;
  c->on = s->clock_seconds > 0;
  c->inc_ms = s->clock_increment * 1000;
  c->left_ms[0] = c->left_ms[1] = (int64_t)s->clock_seconds * 1000;
  run_turn(s);
}

void clock_moved(session *s, int mover) {
  session_clock *c = &s->clock;
  if (!c->on) return;
  settle(s);
  c->left_ms[mover] += c->inc_ms;
  run_turn(s);
}

void clock_turned(session *s) {
  if (!s->clock.on) return;
  settle(s);
  run_turn(s);
}

int clock_check(session *s) {
  session_clock *c = &s->clock;
  if (!c->on || c->running < 0 || s->paused || left_now(s, c->running) > 0) return 0;
  int loser = c->running;
  c->left_ms[loser] = 0;
  c->running = -1;
  s->g.result = loser == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  s->g.why = out_of_time[loser];
  session_changed(s);
  scores_finished(s);
  return 1;
}

void clock_fill(const session *s, dr_status *st) {
  const session_clock *c = &s->clock;
  if (online_clock_fill(s, st) || !c->on) return;
  st->clock = 1;
  for (int side = 0; side < 2; side++) st->clock_ms[side] = (int)left_now(s, side);
  st->clock_running = c->running >= 0 && !s->paused ? c->running + 1 : 0;
  st->clock_increment_ms = c->inc_ms;
}

int session_pause(session *s, int on) {
  if (!s->has_game) return session_fail(s, "no game yet");
  if (!!on == s->paused) return 0;
  if (on) {
    settle(s);
    engine_cancel(s); /* the computer's move is searched again on resuming */
  } else {
    s->clock.since = now_seconds();
  }
  s->paused = !!on;
  return 0;
}
