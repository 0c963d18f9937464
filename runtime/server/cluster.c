/*
** cluster.c — several server nodes on one shared store (PostgreSQL), behind any TCP
** load balancer: the players and spectators of one game may be on different nodes.
** The store is the truth.  Each batch a node commits names, in a notification sent
** with it, the games it wrote; a node that has one of them in memory reads what is
** new (moves, seats, the start, the end) and tells its own clients, as if it had
** happened here.  What is not stored — offers, suggestions, who is connected where,
** a seat taken up on another node — travels as events on the same channel.  Who is
** connected through each node is also kept in the store (its 'presence' rows), for a node
** that reads a game later and for the public list; each node says it is alive once a
** heartbeat, and one silent for NODE_DEAD_MS is gone: its players count as having left
** (their seats' timers run, as for a dropped connection) and its spectators no more.  A guarded
** write the store refused (another node played that ply first, took that seat, ended
** the game) drops what this node had said about the game and sends the store's state.
** A game this node has never seen is read from the store when someone asks for it.
**
** Notifications are read on a thread of their own, which wakes the event loop; all
** the rest runs on the loop.  Payloads: "NODE C ID ID ..." (games written) and
** "NODE E ID WHAT ARGS" (an event) and "NODE A" (alive).
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

typedef struct known {
  uint32_t node;
  int64_t heard;
} known;

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
  known *nodes;        /* the loop's: the other nodes alive, when each was last heard */
  int nnodes, nodes_cap;
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
  free(cl->nodes);
  free(cl);
  srv->cl = NULL;
}

int cluster_all_down(const server *srv, int64_t last_alive, int64_t now) {
  return !srv->db->ops->notify || now - last_alive > ALL_DOWN_MS;
}

/* ------------------------------------------------------------- reading */

static void read_presence(server *srv, const char *id, uint32_t node);

/* A game read from the store: who the other nodes have there already; a seat none has is
** empty, and its timer runs as for a player who left (the other nodes' writes in flight
** say otherwise as soon as they arrive). */
static void found_here(server *srv, table *t) {
  read_presence(srv, t->row.id, 0);
  for (int side = 0; side < 2; side++)
    if (t->row.seated[side] && !t->computer[side] && !t->remote[side]) t->gone_since[side] = wall_ms();
}

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
  if (r.t) found_here(srv, r.t);
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
  char what[256], *payload;
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

void cluster_taken(table *t, int side) { event(t, "taken %d", side); }
void cluster_offer(table *t, const char *kind, int by, const char *ev) { event(t, "offer %s %d %s", kind, by, ev); }

void cluster_suggest(table *t, uint64_t who, int move) {
  event(t, "suggest %d %llu %d", t->g.count, (unsigned long long)who, move);
}

/* ------------------------------------------------------------ presence */

static int seats_here(const table *t) { return (t->seat[0] ? 1 : 0) | (t->seat[1] ? 2 : 0); }

void cluster_presence(table *t) {
  int seats = seats_here(t);
  if (!t->srv->cl || (seats == t->told_seats && t->nwatchers == t->told_watchers)) return;
  t->told_seats = seats, t->told_watchers = t->nwatchers;
  store_presence(t, seats, t->nwatchers);
  event(t, "presence %d %d", seats, t->nwatchers);
}

void cluster_forget(table *t) {
  if (!t->srv->cl || (!t->told_seats && !t->told_watchers)) return;
  t->told_seats = t->told_watchers = 0;
  store_presence(t, 0, 0);
  event(t, "presence 0 0");
}

static elsewhere *others_of(table *t, uint32_t node) {
  for (int i = 0; i < t->nothers; i++)
    if (t->others[i].node == node) return &t->others[i];
  if (t->nothers == t->others_cap)
    t->others = xrealloc(t->others, (size_t)(t->others_cap = t->others_cap * 2 + 4) * sizeof *t->others);
  t->others[t->nothers] = (elsewhere){node, 0};
  return &t->others[t->nothers++];
}

/* What node 'node' has of game 't' now, told to everyone here when it changes. */
static void on_presence(table *t, uint32_t node, int seats, int watchers) {
  int64_t now = wall_ms();
  int players = 0;
  for (int side = 0; side < 2; side++) { /* a seat this node has not read yet is told of when it is read */
    if (seats >> side & 1) {
      players |= t->remote[side] != node && t->row.seated[side];
      t->remote[side] = node, t->gone_since[side] = 0;
    } else if (t->remote[side] == node) {
      players |= t->row.seated[side];
      t->remote[side] = 0, t->gone_since[side] = t->seat[side] ? 0 : now;
    }
  }
  elsewhere *o = others_of(t, node);
  o->watchers = watchers; /* the count is told at the next tick (table_tick) */
  if (!watchers) *o = t->others[--t->nothers];
  if (players && t->row.status != GAMEDB_OVER) table_broadcast(t, wire_players(t, now), 1, 1);
}

static void track(cluster *cl, uint32_t node, int64_t now);
static void fresh(server *srv, table *t);

static int apply_presence(void *ud, const gamedb_presence *p) {
  server *srv = ud;
  table *t = lobby_find(srv, p->game);
  if (!t || p->node == srv->node) return 0;
  fresh(srv, t);
  track(srv->cl, p->node, wall_ms()); /* so that its silence is noticed, if it falls silent */
  on_presence(t, p->node, p->seats, p->watchers);
  return 0;
}

/* Who the nodes alive have of game 'id' (NULL: of every game here) or of node 'node' (0: every node). */
static void read_presence(server *srv, const char *id, uint32_t node) {
  err e;
  if (srv->db->ops->present(srv->db, id, node, wall_ms() - NODE_DEAD_MS, apply_presence, srv, &e))
    store_failed(srv, &e);
}

/* --------------------------------------------------------------- nodes */

static known *find_node(cluster *cl, uint32_t node) {
  for (int i = 0; i < cl->nnodes; i++)
    if (cl->nodes[i].node == node) return &cl->nodes[i];
  return NULL;
}

/* Node 'node' among those this node waits to hear of, from 'now' if it was not. */
static void track(cluster *cl, uint32_t node, int64_t now) {
  if (find_node(cl, node)) return;
  if (cl->nnodes == cl->nodes_cap)
    cl->nodes = xrealloc(cl->nodes, (size_t)(cl->nodes_cap = cl->nodes_cap * 2 + 8) * sizeof *cl->nodes);
  cl->nodes[cl->nnodes++] = (known){node, now};
}

/* Node 'node' heard of now: 1 when it is new (or back after a silence), else 0. */
static int heard_of(cluster *cl, uint32_t node, int64_t now) {
  known *k = find_node(cl, node);
  if (k) return k->heard = now, 0;
  track(cl, node, now);
  return 1;
}

/* A node gone silent: its players and spectators are gone from every game here. */
static void node_gone(server *srv, uint32_t node) {
  for (int i = 0; i < srv->ntables; i++) {
    table *t = srv->tables[i];
    int there = t->remote[0] == node || t->remote[1] == node;
    for (int k = 0; k < t->nothers && !there; k++) there = t->others[k].node == node;
    if (there) on_presence(t, node, 0, 0);
  }
}

void cluster_alive(server *srv, int64_t now) {
  cluster *cl = srv->cl;
  if (!cl) return;
  char *payload = xmalloc(32);
  snprintf(payload, 32, "%u A", srv->node);
  store_event(srv, payload);
  cluster_turn(srv); /* what arrived while this loop was busy: a slow loop is not others' silence */
  for (int i = 0; i < cl->nnodes;) {
    if (now - cl->nodes[i].heard <= NODE_DEAD_MS) {
      i++;
      continue;
    }
    uint32_t node = cl->nodes[i].node;
    cl->nodes[i] = cl->nodes[--cl->nnodes];
    fprintf(stderr, "draughts: serve: node %08x has not been heard of for %d s: its connections are gone\n", node,
            NODE_DEAD_MS / 1000);
    node_gone(srv, node);
  }
}

/* The tokens cross the store's channel, which only the nodes read: whoever can listen
** there can read the games' rows too. */
void cluster_rematch(table *old, table *t, const char *const token[2]) {
  event(old, "rematch %s %s %s", t->row.id, *token[0] ? token[0] : "-", *token[1] ? token[1] : "-");
}

/* 'old''s rematch 'id', begun on another node: this node's players of 'old' take their seats
** there with the tokens made for them, its spectators follow. */
static void on_rematch(server *srv, table *old, const char *id, char token[2][PROTO_MAX_TOKEN + 1]) {
  table *t = lobby_find(srv, id);
  if (!t && !(t = cluster_load(srv, id, NULL))) return;
  for (int side = 0; side < 2; side++)
    table_rematch_seat(old, side, t, strcmp(token[side], "-") ? token[side] : "", wall_ms());
  table_rematch_watchers(old, t);
  cluster_presence(t);
  cluster_presence(old);
  table_send_states(t);
}

static void on_offer(table *t, const char *kind, int by, const char *ev) {
  int draw = strcmp(kind, "draw") == 0, offered = strcmp(ev, "offered") == 0;
  *(draw ? &t->draw_offer : &t->rematch_offer) = offered ? by : -1;
  table_broadcast(t, wire_offer(t, offered ? "offered" : "declined", draw ? "draw" : "rematch", by), 1, 1);
}

/* A game another node wrote, read again before what that node says of it is applied
** (unless this node's own writes to it are still on their way: a refusal reads it whole). */
static void fresh(server *srv, table *t) {
  if (t->stale && t->wrote <= srv->committed) t->stale = 0, read_again(srv, t, 0);
}

static void on_event(server *srv, uint32_t node, const char *text) {
  char id[GAMEDB_ID_MAX + 1], what[16], a[16], c[16], game[GAMEDB_ID_MAX + 1], token[2][PROTO_MAX_TOKEN + 1];
  int side, n, move, seats;
  unsigned long long who;
  if (sscanf(text, "%16s %15s %n", id, what, &n) != 2) return;
  table *t = lobby_find(srv, id);
  const char *args = text + n;
  if (!t) return;
  fresh(srv, t); /* what the event speaks of */
  if (strcmp(what, "presence") == 0 && sscanf(args, "%d %d", &seats, &n) == 2 && (seats & ~3) == 0 && n >= 0)
    on_presence(t, node, seats, n);
  else if (strcmp(what, "taken") == 0 && sscanf(args, "%d", &side) == 1 && (side & ~1) == 0) table_take_seat(t, side);
  else if (strcmp(what, "offer") == 0 && sscanf(args, "%15s %d %15s", a, &side, c) == 3 && (side & ~1) == 0)
    on_offer(t, a, side, c);
  else if (strcmp(what, "rematch") == 0 && sscanf(args, "%16s %64s %64s", game, token[0], token[1]) == 3)
    on_rematch(srv, t, game, token);
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
  int new = heard_of(srv->cl, node, wall_ms());
  char id[GAMEDB_ID_MAX + 1];
  if (kind == 'E') on_event(srv, node, text + n);
  for (const char *p = text + n; kind == 'C' && sscanf(p, "%16s%n", id, &n) == 1; p += n) {
    table *t = lobby_find(srv, id);
    if (t) mark_stale(srv->cl, t);
  }
  if (new) read_presence(srv, NULL, node); /* new, or back after a silence: what it has here */
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
