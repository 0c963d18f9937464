/*
** writer.c — the store's writes, on a thread of their own.  The event loop never waits
** for the disk: what a round of the loop writes (a game created, a seat, a move, the
** clocks, the end, the heartbeat) goes into the open batch, numbered; when the writer
** thread is free it takes the whole batch and commits it in one transaction (a group
** commit: one fsync for every move of the batch), then tells the loop, which releases
** the messages made with that batch.  So no one hears of a move before the store has
** it, and while one batch is being made durable the loop goes on with the next.
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

enum { W_INSERT, W_SEAT, W_CLOCKS, W_MOVE, W_FINISH, W_ALIVE };

struct write_op {
  int kind;
  gamedb_game g;   /* the game (its id, its clocks and status, its seat) */
  gamedb_move m;
  int side;
  char *pdn;
  int64_t when;
  write_op *next;
};

struct writer {
  pthread_t thread;
  int started;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  write_op *busy;       /* the batch being committed (under 'lock'); NULL when free */
  int busy_batch, done_batch, quit, failed; /* under 'lock' */
  err e;
  write_op *head, *tail; /* the open batch: the loop's own */
  gamedb *db;
  struct lws_context *ctx;
};

static int apply(gamedb *db, const write_op *op, err *e) {
  const gamedb_game *g = &op->g;
  switch (op->kind) {
  case W_INSERT: return db->ops->insert(db, g, e);
  case W_SEAT: return db->ops->seat(db, g->id, op->side, g->name[op->side], g->token[op->side], e);
  case W_CLOCKS: return db->ops->clocks(db, g->id, g->status, g->clock_ms, g->turn_started, g->plies, e);
  case W_MOVE: return db->ops->add_move(db, g->id, &op->m, g->clock_ms, g->turn_started, e);
  case W_FINISH: return db->ops->finish(db, g, op->pdn, e);
  default: return db->ops->alive(db, op->when, e);
  }
}

static void free_ops(write_op *op) {
  for (write_op *next; op; op = next) {
    next = op->next;
    free(op->pdn);
    free(op);
  }
}

static int commit(gamedb *db, const write_op *ops, err *e) {
  if (db->ops->begin(db, e)) return -1;
  for (const write_op *op = ops; op; op = op->next)
    if (apply(db, op, e)) {
      db->ops->rollback(db);
      return -1;
    }
  if (db->ops->commit(db, e) == 0) return 0;
  db->ops->rollback(db);
  return -1;
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
    int rc = commit(w->db, ops, &e);
    free_ops(ops);
    pthread_mutex_lock(&w->lock);
    if (rc && !w->failed) w->failed = 1, w->e = e;
    w->done_batch = w->busy_batch;
    w->busy = NULL;
    lws_cancel_service(w->ctx); /* the loop releases the batch's messages */
  }
  pthread_mutex_unlock(&w->lock);
  return NULL;
}

writer *writer_new(gamedb *db) {
  writer *w = xmalloc(sizeof *w);
  memset(w, 0, sizeof *w);
  w->db = db;
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

static write_op *add(server *srv, int kind, const gamedb_game *g) {
  write_op *op = xmalloc(sizeof *op);
  memset(op, 0, sizeof *op);
  op->kind = kind;
  if (g) op->g = *g;
  if (srv->w->tail) srv->w->tail->next = op;
  else srv->w->head = op;
  srv->w->tail = op;
  return op;
}

void store_insert(server *srv, const gamedb_game *g) { add(srv, W_INSERT, g); }
void store_seat(server *srv, const gamedb_game *g, int side) { add(srv, W_SEAT, g)->side = side; }
void store_clocks(server *srv, const gamedb_game *g) { add(srv, W_CLOCKS, g); }
void store_move(server *srv, const gamedb_game *g, const gamedb_move *m) { add(srv, W_MOVE, g)->m = *m; }
void store_finish(server *srv, const gamedb_game *g, char *pdn) { add(srv, W_FINISH, g)->pdn = pdn; }
void store_alive(server *srv, int64_t now) { add(srv, W_ALIVE, NULL)->when = now; }

/* The end of a round: the batch goes to the writer when it is free; 0, or -1 and 'e'
** when a commit failed.  '*committed' is the last batch whose messages may go. */
int writer_turn(server *srv, int *committed, err *e) {
  writer *w = srv->w;
  pthread_mutex_lock(&w->lock);
  int failed = w->failed;
  if (failed) *e = w->e;
  *committed = w->done_batch;
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
  if (rc == 0 && w->head && commit(w->db, w->head, e)) rc = -1;
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
  free(w);
}
