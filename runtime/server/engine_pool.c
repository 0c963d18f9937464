/*
** engine_pool.c — the computer's moves for every game on the server, on a bounded
** pool of threads: a game whose computer is to move queues a job (a copy of its game
** and the level's limits, capped in time); a free thread searches it and hands the
** move back to the event loop, which plays it if the game is still where it was.
** A game that ends (resigned, abandoned, flagged) calls its search off.
** A game has one job at most, so the queue is bounded by the games; a free thread takes
** the oldest job of the address with the fewest searches running, so a crowd of games
** from one or two addresses delays only them, and everyone else waits their turn.
*/
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "server_internal.h"

/* Deep searches keep move lists on the stack: give the threads room for them. */
#define POOL_STACK (64u << 20)

typedef struct job {
  char game[GAMEDB_ID_MAX + 1];
  char addr[64];           /* the game's creator's address: its share of the threads */
  int ply;                 /* the move it is for */
  shared_rules *rules;     /* held: what 'copy' plays by, however soon its table goes */
  game copy;
  search_limits limits;
  volatile int stop;
  int rc;
  dr_move best;
  struct job *next;
} job;

struct engine_pool {
  pthread_t *threads;
  int nthreads, started, queue_max;
  double seconds;          /* the cap on one move */
  pthread_mutex_t lock;
  pthread_cond_t wake;
  job *waiting, **tail;    /* under 'lock', as everything below */
  int nwaiting;
  job **running;           /* per thread: its job, for stopping it */
  job *done;
  int quit;
  struct lws_context *ctx;
};

typedef struct worker_arg {
  engine_pool *p;
  int slot;
} worker_arg;

static int running_for(const engine_pool *p, const char *addr) {
  int n = 0;
  for (int i = 0; i < p->nthreads; i++) n += p->running[i] && strcmp(p->running[i]->addr, addr) == 0;
  return n;
}

/* The searches an address has running, counting the one this thread has just finished
** for 'last': with one thread, nothing else would ever tell a crowd's address apart. */
static int share_of(const engine_pool *p, const char *addr, const char *last) {
  return running_for(p, addr) + (strcmp(addr, last) == 0);
}

/* The oldest waiting job of the address with the smallest share of the threads, out of
** the queue (under 'lock').  A scan of the queue, which holds a job per game at most: far
** cheaper than the search it starts. */
static job *take_fairly(engine_pool *p, const char *last) {
  job **best = &p->waiting;
  int fewest = share_of(p, (*best)->addr, last);
  for (job **j = &(*best)->next; *j && fewest > 0; j = &(*j)->next) {
    int n = share_of(p, (*j)->addr, last);
    if (n < fewest) best = j, fewest = n;
  }
  job *k = *best;
  *best = k->next;
  if (p->tail == &k->next) p->tail = best;
  k->next = NULL;
  p->nwaiting--;
  DR_ASSERT(p->nwaiting >= 0 && (p->nwaiting > 0) == (p->waiting != NULL));
  return k;
}

static void *work(void *arg) {
  worker_arg *w = arg;
  engine_pool *p = w->p;
  char last[sizeof ((job *)0)->addr] = ""; /* the address of the job this thread searched last */
  pthread_mutex_lock(&p->lock);
  for (;;) {
    while (!p->waiting && !p->quit) pthread_cond_wait(&p->wake, &p->lock);
    if (p->quit) break;
    job *j = take_fairly(p, last);
    p->running[w->slot] = j;
    snprintf(last, sizeof last, "%s", j->addr);
    pthread_mutex_unlock(&p->lock);
    j->rc = search_best(&j->copy, &j->limits, NULL, NULL, &j->stop, &j->best, NULL);
    pthread_mutex_lock(&p->lock);
    p->running[w->slot] = NULL;
    j->next = p->done;
    p->done = j;
    lws_cancel_service(p->ctx); /* the loop plays the move */
  }
  pthread_mutex_unlock(&p->lock);
  free(w);
  return NULL;
}

engine_pool *pool_new(int threads, int queue, double seconds) {
  engine_pool *p = xmalloc(sizeof *p);
  memset(p, 0, sizeof *p);
  p->nthreads = threads;
  p->queue_max = queue;
  p->seconds = seconds;
  p->tail = &p->waiting;
  p->threads = xmalloc((size_t)threads * sizeof *p->threads);
  p->running = xmalloc((size_t)threads * sizeof *p->running);
  memset(p->running, 0, (size_t)threads * sizeof *p->running);
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  return p;
}

/* The threads block every signal: SIGINT and SIGTERM are the loop's. */
int pool_start(engine_pool *p, struct lws_context *ctx, err *e) {
  pthread_attr_t attr;
  sigset_t all, old;
  p->ctx = ctx;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, POOL_STACK);
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int rc = 0;
  for (; p->started < p->nthreads && rc == 0; p->started += rc == 0) {
    worker_arg *w = xmalloc(sizeof *w);
    *w = (worker_arg){p, p->started};
    if ((rc = pthread_create(&p->threads[p->started], &attr, work, w))) free(w);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&attr);
  if (rc) return err_set(e, "cannot start the engine's threads: %s", strerror(rc));
  return 0;
}

static void free_jobs(job *j) {
  for (job *next; j; j = next) {
    next = j->next;
    game_free(&j->copy);
    shared_rules_drop(j->rules);
    free(j);
  }
}

void pool_free(engine_pool *p) {
  if (!p) return;
  pthread_mutex_lock(&p->lock);
  p->quit = 1;
  for (int i = 0; i < p->nthreads; i++)
    if (p->running[i]) p->running[i]->stop = 1;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  for (int i = 0; i < p->started; i++) pthread_join(p->threads[i], NULL);
  free_jobs(p->waiting);
  free_jobs(p->done);
  pthread_mutex_destroy(&p->lock);
  pthread_cond_destroy(&p->wake);
  free(p->threads);
  free(p->running);
  free(p);
}


void pool_load(engine_pool *p, int *threads, int *waiting) {
  pthread_mutex_lock(&p->lock);
  *threads = p->nthreads;
  *waiting = p->nwaiting;
  pthread_mutex_unlock(&p->lock);
}

/* The level's limits on one thread, within the server's cap and the computer's clock. */
static void limits_for(const engine_pool *p, const table *t, int side, search_limits *l) {
  double cap = p->seconds;
  search_level_limits(t->computer[side], l);
  l->threads = 1;
  if (t->row.initial_ms > 0) {
    double left = table_clock_left(t, side, wall_ms()) / 1000.0;
    double clock = search_clock_seconds(left + t->row.increment_ms / 1000.0, t->row.increment_ms / 1000.0, 0);
    if (clock < cap) cap = clock;
  }
  if (l->seconds <= 0 || l->seconds > cap) l->seconds = cap;
  os_random(&l->seed, sizeof l->seed);
}

int pool_ask(engine_pool *p, table *t) {
  int side = table_side_to_move(t);
  job *j = xmalloc(sizeof *j);
  memset(j, 0, sizeof *j);
  snprintf(j->game, sizeof j->game, "%s", t->row.id);
  snprintf(j->addr, sizeof j->addr, "%s", t->creator);
  j->ply = t->g.count;
  j->rules = shared_rules_hold(t->rules);
  game_copy(&j->copy, &t->g);
  DR_ASSERT(j->copy.rs == &j->rules->rs);
  limits_for(p, t, side, &j->limits);
  pthread_mutex_lock(&p->lock);
  *p->tail = j;
  p->tail = &j->next;
  int busy = ++p->nwaiting > p->queue_max;
  pthread_cond_signal(&p->wake);
  pthread_mutex_unlock(&p->lock);
  return busy;
}

/* A game that ended needs no move: its job leaves the queue, or its search is told to
** stop (the flag the search polls, as when the server stops), so the thread is free for
** another game at once rather than at the end of the move's time. */
void pool_cancel(engine_pool *p, const char *game_id) {
  pthread_mutex_lock(&p->lock);
  for (job **j = &p->waiting; *j;) {
    job *k = *j;
    if (strcmp(k->game, game_id) != 0) {
      j = &k->next;
      continue;
    }
    *j = k->next;
    k->next = NULL;
    if (p->tail == &k->next) p->tail = j;
    p->nwaiting--;
    free_jobs(k);
  }
  for (int i = 0; i < p->nthreads; i++)
    if (p->running[i] && strcmp(p->running[i]->game, game_id) == 0) p->running[i]->stop = 1;
  pthread_mutex_unlock(&p->lock);
}

/* On the loop's thread: the moves found go to their games, if still theirs to play. */
void pool_collect(server *srv) {
  pthread_mutex_lock(&srv->pool->lock);
  job *done = srv->pool->done;
  srv->pool->done = NULL;
  pthread_mutex_unlock(&srv->pool->lock);
  for (job *j = done; j; j = j->next) {
    table *t = lobby_find(srv, j->game);
    if (t && t->thinking && t->g.count == j->ply) table_computer_moved(t, j->rc, &j->best);
  }
  free_jobs(done);
}
