/*
** cluster.c — several server nodes on one shared store (PostgreSQL), behind any TCP
** load balancer: the players and spectators of one game may be on different nodes.
** The store is the truth.  Each batch a node commits names, in a notification sent
** with it, the games it wrote; a node that has one of them in memory reads what is
** new (moves, seats, the start, the end) and tells its own clients, as if it had
** happened here.  What is not stored — offers, suggestions, who is connected where,
** a seat taken up on another node — travels as events on the same channel.  A guarded
** write the store refused (another node played that ply first, took that seat, ended
** the game) drops what this node had said about the game and sends the store's state.
** A game this node has never seen is read from the store when someone asks for it.
**
** Notifications are read on a thread of their own, which wakes the event loop; all
** the rest runs on the loop.  Payloads: "NODE C ID ID ..." (games written) and
** "NODE E ID WHAT ARGS" (an event).
*/
#include "server_internal.h"

#include <poll.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LISTEN_POLL_MS 200 /* how soon the listener notices it is asked to stop */
#define ALL_DOWN_MS (3 * ALIVE_MS) /* no node wrote its heartbeat this long: every node was down */

typedef struct heard {
  char *text;
  struct heard *next;
} heard;

struct cluster {
  server *srv;
  pthread_t thread;
  pthread_mutex_t lock;
  heard *head, *tail;  /* under 'lock' */
  int quit, failed;    /* under 'lock' */
  err e;
  int fd;
  char (*stale)[GAMEDB_ID_MAX + 1]; /* the loop's: games to read again once their own writes are in */
  int nstale, stale_cap;
};

/* ------------------------------------------------------------ listening */

static void push(void *ud, const char *payload) {
  cluster *cl = ud;
  heard *h = xmalloc(sizeof *h);
  h->text = xstrdup(payload);
  h->next = NULL;
  pthread_mutex_lock(&cl->lock);
  if (cl->tail) cl->tail->next = h;
  else cl->head = h;
  cl->tail = h;
  pthread_mutex_unlock(&cl->lock);
}

static void *listen_thread(void *arg) {
  cluster *cl = arg;
  gamedb *db = cl->srv->db;
  struct pollfd p = {.fd = cl->fd, .events = POLLIN};
  for (;;) {
    pthread_mutex_lock(&cl->lock);
    int quit = cl->quit;
    pthread_mutex_unlock(&cl->lock);
    if (quit) break;
    if (poll(&p, 1, LISTEN_POLL_MS) <= 0) continue;
    err e;
    int rc = db->ops->heard(db, push, cl, &e);
    if (rc) {
      pthread_mutex_lock(&cl->lock);
      cl->failed = 1, cl->e = e;
      pthread_mutex_unlock(&cl->lock);
    }
    lws_cancel_service(cl->srv->ctx); /* the loop reads what arrived */
    if (rc) break;
  }
  return NULL;
}

int cluster_start(server *srv, err *e) {
  if (!srv->db->ops->listen) return 0;
  cluster *cl = xmalloc(sizeof *cl);
  memset(cl, 0, sizeof *cl);
  cl->srv = srv;
  pthread_mutex_init(&cl->lock, NULL);
  srv->cl = cl;
  if ((cl->fd = srv->db->ops->listen(srv->db, e)) < 0) return -1;
  if (pthread_create(&cl->thread, NULL, listen_thread, cl) == 0) return 0;
  cl->fd = -1;
  return err_set(e, "cannot start the store's listener");
}

void cluster_stop(server *srv) {
  cluster *cl = srv->cl;
  if (!cl) return;
  if (cl->fd >= 0) {
    pthread_mutex_lock(&cl->lock);
    cl->quit = 1;
    pthread_mutex_unlock(&cl->lock);
    pthread_join(cl->thread, NULL);
  }
  for (heard *h = cl->head, *next; h; h = next) next = h->next, free(h->text), free(h);
  pthread_mutex_destroy(&cl->lock);
  free(cl->stale);
  free(cl);
  srv->cl = NULL;
}

int cluster_all_down(const server *srv, int64_t last_alive, int64_t now) {
  return !srv->db->ops->notify || now - last_alive > ALL_DOWN_MS;
}

/* ------------------------------------------------------------- reading */

typedef struct reading {
  server *srv;
  table *t;    /* to follow or rebuild; NULL: a new table */
  int rebuild;
  err e;
  int rc;
} reading;

static int on_read(void *ud, const gamedb_game *row, const gamedb_move *moves, int n) {
  reading *r = ud;
  if (r->t && !r->rebuild) {
    if (row->plies < r->t->g.count) return r->rebuild = 1, 0; /* not where this node was: start again */
    table_follow(r->t, row, moves, n);
    return 0;
  }
  if (r->t) return r->rc = table_rebuild(r->t, row, moves, n, &r->e), 0;
  if (row->status == GAMEDB_OVER) return 0;
  table *t = table_new(r->srv, row, &r->e);
  if (!t || table_replay(t, moves, n, &r->e)) {
    table_free(t);
    r->rc = -1;
    return 0;
  }
  lobby_add(r->srv, t);
  r->t = t;
  return 0;
}

/* Reads game 't' again: what is new since this node's ply, or (rebuild) all of it. */
static void read_again(server *srv, table *t, int rebuild) {
  reading r = {.srv = srv, .t = t, .rebuild = rebuild};
  char id[GAMEDB_ID_MAX + 1];
  err e;
  snprintf(id, sizeof id, "%s", t->row.id);
  int from = rebuild ? 0 : t->g.count;
  if (srv->db->ops->game(srv->db, id, NULL, from, on_read, &r, &e) < 0) return store_failed(srv, &e);
  if (r.rebuild && !rebuild) return read_again(srv, t, 1);
  if (r.rc) fprintf(stderr, "draughts: serve: game %s cannot be read again: %s\n", id, r.e.msg);
}

table *cluster_load(server *srv, const char *id, const char *code) {
  reading r = {.srv = srv};
  err e;
  if (!srv->cl || (!code && !id)) return NULL;
  if (srv->db->ops->game(srv->db, id, code, 0, on_read, &r, &e) < 0) return store_failed(srv, &e), NULL;
  if (r.rc) fprintf(stderr, "draughts: serve: game %s cannot be read: %s\n", id ? id : code, r.e.msg);
  return r.t;
}

void cluster_refused(server *srv, const char *id, int batch) {
  table *t = lobby_find(srv, id);
  if (!t) return;
  writer_forget(srv, id);
  for (int side = 0; side < 2; side++)
    if (t->seat[side]) conn_unsend(t->seat[side], batch);
  for (int i = 0; i < t->nwatchers; i++) conn_unsend(t->watchers[i], batch);
  uint8_t mine[2][GAMEDB_HASH];
  memcpy(mine, t->row.token, sizeof mine);
  read_again(srv, t, 1);
  for (int side = 0; side < 2; side++) /* a seat another node gave first: its holder here has no token for it */
    if (t->seat[side] && memcmp(mine[side], t->row.token[side], GAMEDB_HASH) != 0) table_take_seat(t, side);
}

/* --------------------------------------------------------------- events */

static void event(table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void event(table *t, const char *fmt, ...) {
  char what[128], *payload;
  va_list ap;
  if (!t->srv->cl) return;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  size_t len = strlen(what) + GAMEDB_ID_MAX + 32;
  payload = xmalloc(len);
  snprintf(payload, len, "%u E %s %s", t->srv->node, t->row.id, what);
  store_event(t->srv, payload);
}

void cluster_seat(table *t, int side, int present) { event(t, "seat %d %d", side, present); }
void cluster_taken(table *t, int side) { event(t, "taken %d", side); }
void cluster_offer(table *t, const char *kind, int by, const char *ev) { event(t, "offer %s %d %s", kind, by, ev); }

void cluster_suggest(table *t, uint64_t who, int move) {
  event(t, "suggest %d %llu %d", t->g.count, (unsigned long long)who, move);
}

static void on_seat(table *t, uint32_t node, int side, int present) {
  if (present) t->remote[side] = node, t->gone_since[side] = 0;
  else if (t->remote[side] == node) t->remote[side] = 0, t->gone_since[side] = t->seat[side] ? 0 : wall_ms();
  if (t->row.status != GAMEDB_OVER) table_broadcast(t, wire_players(t, wall_ms()), 1, 1);
}

static void on_offer(table *t, const char *kind, int by, const char *ev) {
  int draw = strcmp(kind, "draw") == 0, offered = strcmp(ev, "offered") == 0;
  *(draw ? &t->draw_offer : &t->rematch_offer) = offered ? by : -1;
  table_broadcast(t, wire_offer(t, offered ? "offered" : "declined", draw ? "draw" : "rematch", by), 1, 1);
}

static void on_event(server *srv, uint32_t node, const char *text) {
  char id[GAMEDB_ID_MAX + 1], what[16], a[16], c[16];
  int side, n, move;
  unsigned long long who;
  if (sscanf(text, "%16s %15s %n", id, what, &n) != 2) return;
  table *t = lobby_find(srv, id);
  const char *args = text + n;
  if (!t) return;
  if (t->stale && t->wrote <= srv->committed) t->stale = 0, read_again(srv, t, 0); /* what the event speaks of */
  if (strcmp(what, "seat") == 0 && sscanf(args, "%d %d", &side, &n) == 2 && (side & ~1) == 0) on_seat(t, node, side, n);
  else if (strcmp(what, "taken") == 0 && sscanf(args, "%d", &side) == 1 && (side & ~1) == 0) table_take_seat(t, side);
  else if (strcmp(what, "offer") == 0 && sscanf(args, "%15s %d %15s", a, &side, c) == 3 && (side & ~1) == 0)
    on_offer(t, a, side, c);
  else if (strcmp(what, "suggest") == 0 && sscanf(args, "%d %llu %d", &n, &who, &move) == 3 && n == t->g.count &&
           t->row.status == GAMEDB_PLAYING && move >= 0 && move < t->g.legal.count)
    table_suggestion(t, who, move);
}

static void mark_stale(cluster *cl, table *t) {
  if (t->stale) return;
  t->stale = 1;
  if (cl->nstale == cl->stale_cap)
    cl->stale = xrealloc(cl->stale, (size_t)(cl->stale_cap = cl->stale_cap * 2 + 16) * sizeof *cl->stale);
  snprintf(cl->stale[cl->nstale++], sizeof *cl->stale, "%s", t->row.id);
}

static void on_heard(server *srv, const char *text) {
  unsigned node;
  char kind;
  int n;
  if (sscanf(text, "%u %c %n", &node, &kind, &n) != 2 || node == srv->node) return; /* our own, or not ours */
  if (kind == 'E') return on_event(srv, node, text + n);
  if (kind != 'C') return;
  char id[GAMEDB_ID_MAX + 1];
  for (const char *p = text + n; sscanf(p, "%16s%n", id, &n) == 1; p += n) {
    table *t = lobby_find(srv, id);
    if (t) mark_stale(srv->cl, t);
  }
}

/* The games other nodes wrote, read again — those this node is writing too wait for
** their own writes to be in (a refusal reads them whole). */
static void read_stale(server *srv) {
  cluster *cl = srv->cl;
  int keep = 0;
  for (int i = 0; i < cl->nstale; i++) {
    table *t = lobby_find(srv, cl->stale[i]);
    if (!t || !t->stale) continue; /* gone, or read already */
    if (t->wrote > srv->committed) {
      memmove(cl->stale[keep++], cl->stale[i], sizeof *cl->stale);
      continue;
    }
    t->stale = 0;
    read_again(srv, t, 0);
  }
  cl->nstale = keep;
}

void cluster_turn(server *srv) {
  cluster *cl = srv->cl;
  if (!cl) return;
  pthread_mutex_lock(&cl->lock);
  heard *list = cl->head;
  cl->head = cl->tail = NULL;
  int failed = cl->failed;
  pthread_mutex_unlock(&cl->lock);
  if (failed) store_failed(srv, &cl->e);
  for (heard *h = list, *next; h; h = next) {
    next = h->next;
    on_heard(srv, h->text);
    free(h->text);
    free(h);
  }
  if (cl->nstale) read_stale(srv);
}
