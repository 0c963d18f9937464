/*
** writer.c — the store's writes, on a thread of their own.  The event loop never waits
** for the disk: what a round of the loop writes (a game created, a seat, a move, the
** clocks, the end, the heartbeat) goes into the open batch, numbered; when the writer
** thread is free it takes the whole batch and commits it in one transaction (a group
** commit: one fsync for every move of the batch), then tells the loop, which releases
** the messages made with that batch.  So no one hears of a move before the store has
** it, and while one batch is being made durable the loop goes on with the next.
** A profile request (friends.c) is a job of the batch: the writer runs it inside the
** transaction, and the loop answers it once the batch is committed.
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

enum { W_INSERT, W_SEAT, W_CLOCKS, W_MOVE, W_FINISH, W_ALIVE, W_EVENT, W_JOB, W_PRESENCE };

#define NOTIFY_MAX 7000 /* bytes of one notification's payload (PostgreSQL takes 8000) */

struct write_op {
  int kind;
  gamedb_game g;   /* the game (its id, its clocks and status, its seat) */
  gamedb_move m;
  int side;
  char *pdn;      /* W_FINISH: the PDN; W_EVENT: the notification */
  int64_t when;
  store_job *job;  /* W_JOB: not the writer's to free */
  gamedb_presence presence;
  write_op *next;
};

/* The games a batch wrote or was refused, by id. */
typedef struct idlist {
  char (*id)[GAMEDB_ID_MAX + 1];
  int n, cap;
} idlist;

struct writer {
  pthread_t thread;
  int started;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  write_op *busy;       /* the batch being committed (under 'lock'); NULL when free */
  int busy_batch, done_batch, quit, failed; /* under 'lock' */
  err e;
  store_job *answered, *answered_tail; /* jobs of committed batches, for the loop (under 'lock') */
  idlist wrote, refused;  /* the writer's, while committing; 'refused' then under 'lock' until taken */
  idlist taken;           /* as 'refused': new games whose id the store had already */
  write_op *head, *tail; /* the open batch: the loop's own */
  gamedb *db;
  struct lws_context *ctx;
  uint32_t node;
};

static void idlist_add(idlist *l, const char *id) {
  for (int i = 0; i < l->n; i++)
    if (strcmp(l->id[i], id) == 0) return;
  if (l->n == l->cap) l->id = xrealloc(l->id, (size_t)(l->cap = l->cap * 2 + 16) * sizeof *l->id);
  snprintf(l->id[l->n++], sizeof *l->id, "%s", id);
}

/* The writes of one game's row (not the heartbeat, an event, a friends job, who is here). */
static int names_a_game(const write_op *op) {
  return op->kind != W_ALIVE && op->kind != W_EVENT && op->kind != W_JOB && op->kind != W_PRESENCE;
}

static int apply(writer *w, const write_op *op, err *e) {
  gamedb *db = w->db;
  const gamedb_game *g = &op->g;
  switch (op->kind) {
  case W_INSERT: return db->ops->insert(db, g, e);
  case W_SEAT:
    return db->ops->seat(db, g->id, op->side, g->name[op->side], g->token[op->side],
                         g->signed_in[op->side] ? g->key[op->side] : NULL, e);
  case W_CLOCKS: return db->ops->clocks(db, g->id, g->status, g->clock_ms, g->turn_started, g->plies, e);
  case W_MOVE: return db->ops->add_move(db, g->id, &op->m, g->clock_ms, g->turn_started, e);
  case W_FINISH: return db->ops->finish(db, g, op->pdn, e);
  case W_JOB: return op->job->run(db, op->job, e);
  case W_EVENT: return db->ops->notify(db, op->pdn, e);
  case W_PRESENCE: return db->ops->presence(db, &op->presence, e);
  default: return db->ops->alive(db, w->node, op->when, e);
  }
}

/* "NODE C id id ...": the games this batch wrote, in as few notifications as fit. */
static int tell_others(writer *w, err *e) {
  char payload[NOTIFY_MAX + GAMEDB_ID_MAX + 2];
  for (int i = 0; i < w->wrote.n;) {
    int len = snprintf(payload, sizeof payload, "%u C", w->node);
    while (i < w->wrote.n && len < NOTIFY_MAX) len += snprintf(payload + len, sizeof payload - (size_t)len, " %s", w->wrote.id[i++]);
    if (w->db->ops->notify(w->db, payload, e)) return -1;
  }
  return 0;
}

static void free_ops(write_op *op) {
  for (write_op *next; op; op = next) {
    next = op->next;
    free(op->pdn);
    free(op);
  }
}

typedef struct ordered {
  const write_op *op;
  int seq;
} ordered;

static int by_game(const void *x, const void *y) {
  const ordered *a = x, *b = y;
  int c = strcmp(a->op->g.id, b->op->g.id);
  return c ? c : a->seq - b->seq;
}

/* Every node locks the rows of a batch's games in the same order (their ids), so two
** nodes' batches never wait for each other in a circle; a game's own writes keep theirs. */
static int commit(writer *w, const write_op *ops, err *e) {
  gamedb *db = w->db;
  int n = 0, rc = db->ops->begin(db, e);
  for (const write_op *op = ops; op; op = op->next) n++;
  ordered *order = xmalloc((size_t)(n ? n : 1) * sizeof *order);
  n = 0;
  for (const write_op *op = ops; op; op = op->next) order[n] = (ordered){op, n}, n++;
  qsort(order, (size_t)n, sizeof *order, by_game);
  w->wrote.n = w->refused.n = w->taken.n = 0;
  const char *lost = NULL; /* a new game whose insert was refused: none of its writes may land on the other */
  for (int i = 0; i < n && rc == 0; i++) {
    const write_op *op = order[i].op;
    if (lost && names_a_game(op) && strcmp(op->g.id, lost) == 0) continue;
    int applied = op->kind == W_EVENT ? 0 : apply(w, op, e);
    if (applied < 0) rc = -1;
    else if (op->kind == W_INSERT && applied) idlist_add(&w->taken, lost = op->g.id);
    else if (names_a_game(op)) idlist_add(applied ? &w->refused : &w->wrote, op->g.id);
  }
  free(order);
  if (rc == 0 && db->ops->notify) rc = tell_others(w, e);
  for (const write_op *op = ops; op && rc == 0; op = op->next) /* after the writes they speak of, in order */
    if (op->kind == W_EVENT) rc = apply(w, op, e);
  if (rc == 0 && db->ops->commit(db, e) == 0) return 0;
  db->ops->rollback(db);
  return -1;
}

/* The jobs of a committed batch go back to the loop, in the order they came (under 'lock'). */
static void hand_back(writer *w, const write_op *ops) {
  for (const write_op *op = ops; op; op = op->next) {
    if (!op->job) continue;
    op->job->next_done = NULL;
    if (w->answered_tail) w->answered_tail->next_done = op->job;
    else w->answered = op->job;
    w->answered_tail = op->job;
  }
}

static void *run(void *arg) {
  writer *w = arg;
  pthread_mutex_lock(&w->lock);
  for (;;) {
    while (!w->busy && !w->quit) pthread_cond_wait(&w->wake, &w->lock);
    if (!w->busy) break;
    write_op *ops = w->busy;
    pthread_mutex_unlock(&w->lock);
    err e;
    int rc = commit(w, ops, &e);
    pthread_mutex_lock(&w->lock);
    if (rc == 0) hand_back(w, ops); /* a failed batch's answers are never given: the server stops */
    free_ops(ops);
    if (rc && !w->failed) w->failed = 1, w->e = e;
    w->done_batch = w->busy_batch;
    w->busy = NULL;
    lws_cancel_service(w->ctx); /* the loop releases the batch's messages */
  }
  pthread_mutex_unlock(&w->lock);
  return NULL;
}

writer *writer_new(gamedb *db, uint32_t node) {
  writer *w = xmalloc(sizeof *w);
  memset(w, 0, sizeof *w);
  w->db = db;
  w->node = node;
  w->done_batch = -1;
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->wake, NULL);
  return w;
}

int writer_start(writer *w, struct lws_context *ctx, err *e) {
  w->ctx = ctx;
  if (pthread_create(&w->thread, NULL, run, w) != 0) return err_set(e, "cannot start the store's writer");
  w->started = 1;
  return 0;
}

/* ------------------------------------------------------ the loop's side */

static write_op *add(server *srv, int kind, table *t) {
  write_op *op = xmalloc(sizeof *op);
  memset(op, 0, sizeof *op);
  op->kind = kind;
  if (t) op->g = t->row, t->wrote = srv->batch;
  if (srv->w->tail) srv->w->tail->next = op;
  else srv->w->head = op;
  srv->w->tail = op;
  return op;
}

void store_insert(table *t) { add(t->srv, W_INSERT, t); }
void store_seat(table *t, int side) { add(t->srv, W_SEAT, t)->side = side; }
void store_clocks(table *t) { add(t->srv, W_CLOCKS, t); }
void store_move(table *t, const gamedb_move *m) { add(t->srv, W_MOVE, t)->m = *m; }
void store_finish(table *t, char *pdn) { add(t->srv, W_FINISH, t)->pdn = pdn; }
void store_alive(server *srv, int64_t now) { add(srv, W_ALIVE, NULL)->when = now; }
void store_job_add(server *srv, store_job *j) { add(srv, W_JOB, NULL)->job = j; }

/* The answers of the jobs committed since the last round. */
static void answer_jobs(server *srv) {
  writer *w = srv->w;
  pthread_mutex_lock(&w->lock);
  store_job *j = w->answered;
  w->answered = w->answered_tail = NULL;
  pthread_mutex_unlock(&w->lock);
  for (store_job *next; j; j = next) {
    next = j->next_done;
    j->done(srv, j);
  }
}

void store_event(server *srv, char *payload) { add(srv, W_EVENT, NULL)->pdn = payload; }

void store_presence(table *t, int seats, int watchers) {
  if (!t->srv->db->ops->presence) return;
  gamedb_presence *p = &add(t->srv, W_PRESENCE, NULL)->presence; /* not the game's row: 't->wrote' stays */
  snprintf(p->game, sizeof p->game, "%s", t->row.id);
  p->node = t->srv->node;
  p->seats = seats;
  p->watchers = watchers;
}

/* A game's writes still in the open batch, dropped: they were made from what another
** node has since overtaken. */
void writer_forget(server *srv, const char *id) {
  writer *w = srv->w;
  write_op **p = &w->head, *last = NULL;
  while (*p) {
    write_op *op = *p;
    if (names_a_game(op) && strcmp(op->g.id, id) == 0) {
      *p = op->next;
      op->next = NULL;
      free_ops(op);
    } else {
      last = op;
      p = &op->next;
    }
  }
  w->tail = last;
}

/* The end of a round: the batch goes to the writer when it is free; 0, or -1 and 'e'
** when a commit failed.  '*committed' is the last batch whose messages may go; the
** games whose writes the store refused in it are handed to 'cluster_refused' first. */
int writer_turn(server *srv, int *committed, err *e) {
  writer *w = srv->w;
  answer_jobs(srv);
  pthread_mutex_lock(&w->lock);
  int failed = w->failed;
  if (failed) *e = w->e;
  *committed = w->done_batch;
  for (int i = 0; !failed && !w->busy && i < w->taken.n; i++) lobby_id_taken(srv, w->taken.id[i], w->done_batch);
  for (int i = 0; !failed && !w->busy && i < w->refused.n; i++) cluster_refused(srv, w->refused.id[i], w->done_batch);
  if (!w->busy) w->refused.n = w->taken.n = 0;
  if (!w->busy && !failed) {
    if (w->head) {
      w->busy = w->head;
      w->busy_batch = srv->batch;
      w->head = w->tail = NULL;
      pthread_cond_signal(&w->wake);
    } else {
      *committed = srv->batch; /* nothing to write: this batch's messages are free to go */
      w->done_batch = srv->batch;
    }
    srv->batch++;
  }
  pthread_mutex_unlock(&w->lock);
  return failed ? -1 : 0;
}

/* Commits what is left and stops the thread; 0, or -1 and 'e'. */
int writer_stop(writer *w, err *e) {
  if (!w) return 0;
  int rc = 0;
  if (w->started) {
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    w->started = 0;
  }
  if (w->failed) *e = w->e, rc = -1;
  if (rc == 0 && w->head && commit(w, w->head, e)) rc = -1;
  free_ops(w->head);
  w->head = w->tail = NULL;
  return rc;
}

void writer_free(writer *w) {
  if (!w) return;
  err e;
  writer_stop(w, &e);
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->wake);
  free(w->wrote.id);
  free(w->refused.id);
  free(w->taken.id);
  free(w);
}
