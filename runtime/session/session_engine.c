/*
** session_engine.c — the engine's thread.  A search runs over its own copy of the
** game, so the front end's thread may read and draw the game meanwhile; anything that
** changes the game first cancels the search ('engine_cancel').  Results come back only
** through 'engine_collect', on the front end's thread, so the game is never shared.
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_internal.h"

/* Deep searches keep move lists on the stack: give the thread room for them. */
#define ENGINE_STACK (64u << 20)

/* A hint is the best move found at full strength in this time, on one core so the
** front end keeps one. */
#define HINT_SECONDS 1.0

void engine_init(session *s) { pthread_mutex_init(&s->job.lock, NULL); }

void engine_destroy(session *s) {
  engine_cancel(s);
  pthread_mutex_destroy(&s->job.lock);
}

static void on_progress(void *ud, const search_info *info) {
  engine_job *j = ud;
  pthread_mutex_lock(&j->lock);
  j->info = *info;
  j->have_info = 1;
  pthread_mutex_unlock(&j->lock);
}

static void *think(void *arg) {
  engine_job *j = arg;
  dr_move best;
  search_info info;
  memset(&best, 0, sizeof best);
  memset(&info, 0, sizeof info);
  int rc = search_best(&j->copy, &j->limits, on_progress, j, &j->stop, &best, &info);
  pthread_mutex_lock(&j->lock);
  j->rc = rc;
  j->best = best;
  if (rc == 0) j->info = info, j->have_info = 1;
  j->finished = 1;
  pthread_mutex_unlock(&j->lock);
  return NULL;
}

/* Signals such as Ctrl-C and resizing are for the front end's thread: the engine
** blocks them.  Faults (SIGSEGV...) stay unblocked, so a crash still restores the
** terminal through the front end's handler. */
static int spawn(engine_job *j) {
  static const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP};
  pthread_attr_t attr;
  sigset_t all, old;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, ENGINE_STACK);
  sigfillset(&all);
  for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) sigdelset(&all, faults[i]);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int rc = pthread_create(&j->thread, &attr, think, j);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&attr);
  return rc;
}

/* A hint asked in the middle of a capture goes on with it: the search's root moves are
** those through the landings already tapped. */
static void keep_fitting(const session *s, dr_movelist *legal) {
  int n = 0;
  for (int i = 0; i < legal->count; i++)
    if (session_input_fits(s, &legal->moves[i])) legal->moves[n++] = legal->moves[i];
  if (n > 0) legal->count = n;
}

int engine_start(session *s, int for_hint) {
  engine_job *j = &s->job;
  if (for_hint) {
    memset(&j->limits, 0, sizeof j->limits);
    j->limits.seconds = HINT_SECONDS;
    j->limits.threads = 1;
  } else {
    search_level_limits(s->level, &j->limits);
  }
  j->limits.seed = rng_next(&s->seeds);
  game_copy(&j->copy, &s->g);
  if (for_hint) keep_fitting(s, &j->copy.legal);
  j->for_hint = for_hint;
  j->stop = 0;
  j->finished = 0;
  j->have_info = 0;
  j->rc = -1;
  j->started = now_seconds();
  int rc = spawn(j);
  if (rc) {
    game_free(&j->copy);
    return session_fail(s, "cannot start the engine: %s", strerror(rc));
  }
  j->running = 1;
  return 0;
}

static void join(engine_job *j) {
  pthread_join(j->thread, NULL);
  game_free(&j->copy);
  j->running = 0;
}

void engine_cancel(session *s) {
  if (!s->job.running) return;
  s->job.stop = 1;
  join(&s->job);
}

static int finished(engine_job *j) {
  pthread_mutex_lock(&j->lock);
  int done = j->finished;
  pthread_mutex_unlock(&j->lock);
  return done;
}

static int engine_failed(session *s, int for_hint, const char *why) {
  if (!for_hint) s->engine_failed = 1; /* not again until the game changes */
  session_fail(s, "%s%s", for_hint ? "no hint: " : "the computer cannot move: ", why);
  return DR_EVENT_FAILED;
}

int engine_collect(session *s) {
  engine_job *j = &s->job;
  if (!finished(j)) return DR_EVENT_PROGRESS;
  join(j);
  if (j->rc == GUARD_REFUSED) return engine_failed(s, j->for_hint, guard_refusal(s->rs->v));
  if (j->rc != 0) return engine_failed(s, j->for_hint, "the engine found no move");
  const dr_move *m = session_find_legal(s, &j->best);
  if (!m) return engine_failed(s, j->for_hint, "the engine chose a move that is not legal here");
  if (j->for_hint && !session_input_fits(s, m)) /* the person landed elsewhere meanwhile */
    return engine_start(s, 1) ? engine_failed(s, 1, session_error(s)) : DR_EVENT_PROGRESS;
  if (j->for_hint) {
    s->hint = *m;
    s->hint_ready = 1;
    return DR_EVENT_HINT;
  }
  if (session_apply(s, m)) return engine_failed(s, 0, session_error(s));
  return DR_EVENT_MOVED;
}

/* How far the search has come, against whichever limit ends it. */
static int progress_of(const search_limits *l, const search_info *info, double elapsed) {
  double p = 0;
  if (l->depth > 0) p = (double)info->depth / l->depth;
  if (l->seconds > 0 && elapsed / l->seconds > p) p = elapsed / l->seconds;
  if (l->nodes > 0 && (double)info->nodes / (double)l->nodes > p) p = (double)info->nodes / (double)l->nodes;
  int pct = (int)(p * 100);
  return pct < 0 ? 0 : pct > 99 ? 99 : pct;
}

void engine_fill(session *s, dr_engine *out) {
  engine_job *j = &s->job;
  dr_engine e;
  search_info info;
  DR_INIT(e);
  pthread_mutex_lock(&j->lock);
  int have = j->have_info;
  info = j->info;
  pthread_mutex_unlock(&j->lock);
  if (!have) memset(&info, 0, sizeof info);
  e.thinking = j->running;
  e.for_hint = j->running && j->for_hint;
  if (have) {
    e.depth = info.depth;
    e.score = info.score;
    search_score_text(info.score, e.score_text, sizeof e.score_text);
    e.nodes = info.nodes;
    e.seconds = info.seconds;
    if (info.pvlen > 0) session_move_text(s, &info.pv[0], e.best, sizeof e.best);
  }
  if (j->running) {
    e.seconds = now_seconds() - j->started;
    e.progress = progress_of(&j->limits, &info, e.seconds);
  }
  e.hint_ready = s->hint_ready;
  if (s->hint_ready) e.hint = s->hint;
  session_copy_out(out, &e, sizeof e);
}
