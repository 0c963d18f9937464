/*
** bench_server.c — 'draughts bench --server HOST:PORT': N games of scripted clients at
** once against a running server, each with K spectators who suggest a move every few
** seconds; the players move as soon as it is their turn (a random move of the server's
** legal list) until the game ends or BENCH_PLIES.  Prints the moves per second and the
** time from sending a move to its arrival at the opponent, p50 and p99.  A benchmark,
** never a test: it asserts nothing.  scripts/bench-server starts a server for it.
** Given several nodes of one site ("--server A:P,B:Q,..."), each game's white, black
** and spectators are spread over them, so every move crosses from node to node
** (scripts/bench-cluster starts PostgreSQL and the nodes).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "client.h"
#include "proto.h"

#define BENCH_PLIES 80        /* a game is played this far at most */
#define BENCH_OPENING 256     /* connections being opened at once */
#define BENCH_LIMIT 600.0     /* seconds before the bench gives up */
#define BENCH_SUGGEST_EVERY 5.0 /* seconds between a spectator's suggestions (the server allows one a second) */
#define BENCH_NODES 16        /* addresses in --server */

enum { R_WHITE, R_BLACK, R_WATCH };

typedef struct bgame {
  int conn[2];
  char code[PROTO_MAX_ID + 1], id[PROTO_MAX_ID + 1];
  int watching, ply, done, started;
  int watching_asked;         /* spectators' connections opened */
  double sent;                /* when the move of 'ply' was sent */
} bgame;

typedef struct bconn {
  int game, role;
  double suggested;           /* a spectator's last suggestion */
} bconn;

typedef struct bench {
  online_client *c;
  const char *server, *variant;
  char node[BENCH_NODES][256]; /* the addresses of --server */
  int nnodes;
  int ngames, nwatch, opening, done, errors, moves;
  int suggestions, stale;     /* sent, and refused because the game had moved on */
  bgame *games;
  bconn *conns;               /* by connection id */
  int nconns, cap;
  double *lat;                /* seconds, one per move that reached the opponent */
  int nlat;
  double first, last;
  rng r;
} bench;

static void send(bench *b, int conn, json_t *msg) {
  size_t len;
  char *text = proto_dump(msg, &len);
  online_send(b->c, conn, text, len);
}

/* A game's connections go round the nodes: white on one, black on the next, and so on. */
static int open_conn(bench *b, int game, int role) {
  err e;
  int id = online_connect(b->c, b->node[(game + role + (role == R_WATCH ? b->games[game].watching_asked++ : 0)) % b->nnodes], &e);
  if (id < 0) return cli_error("%s", e.msg), -1;
  if (id >= b->cap) b->conns = xrealloc(b->conns, (size_t)(b->cap = id * 2 + 64) * sizeof *b->conns);
  b->conns[id] = (bconn){game, role, 0};
  b->nconns = id + 1 > b->nconns ? id + 1 : b->nconns;
  b->opening++;
  return id;
}

static void on_opened(bench *b, int conn) {
  const bconn *k = &b->conns[conn];
  bgame *g = &b->games[k->game];
  b->opening--;
  send(b, conn, json_pack("{s:s, s:i, s:s}", "type", "hello", "protocol", PROTO_VERSION, "name", k->role == R_WATCH ? "watcher" : "bench"));
  if (k->role == R_WHITE) send(b, conn, json_pack("{s:s, s:s, s:s}", "type", "create", "variant", b->variant, "side", "white"));
  else if (k->role == R_BLACK) send(b, conn, json_pack("{s:s, s:s}", "type", "join", "code", g->code));
  else send(b, conn, json_pack("{s:s, s:s}", "type", "watch", "game", g->id));
}

/* A random move of the list the server sent, to play or to suggest. */
static void send_move(bench *b, int conn, const json_t *legal, int ply, int suggest) {
  size_t n = json_array_size(legal);
  if (!n) return;
  const json_t *m = json_array_get(legal, rng_below(&b->r, (uint32_t)n));
  send(b, conn, json_pack("{s:s, s:O, s:i}", "type", suggest ? "suggest" : "move", "path", json_object_get(m, "path"), "ply", ply));
}

static void finish_game(bench *b, bgame *g) {
  if (!g->done) g->done = 1, b->done++;
}

static void start_playing(bench *b, bgame *g, const json_t *legal) {
  g->started = 1;
  g->sent = now_seconds();
  if (b->first == 0) b->first = g->sent;
  send_move(b, g->conn[R_WHITE], legal, 0, 0);
}

/* A move arrived: the player to move answers at once; a spectator sometimes suggests. */
static void on_moved(bench *b, int conn, const json_t *m) {
  bconn *k = &b->conns[conn];
  bgame *g = &b->games[k->game];
  int ply = (int)proto_int(m, "ply", 0) + 1, turn = proto_side_of(proto_str(m, "turn"));
  const char *status = proto_str(m, "status");
  json_t *legal = json_object_get(m, "legal");
  if (k->role == R_WATCH) {
    double now = now_seconds();
    if (status && strcmp(status, "playing") == 0 && now - k->suggested > BENCH_SUGGEST_EVERY) {
      k->suggested = now;
      b->suggestions++;
      send_move(b, conn, legal, ply, 1);
    }
    return;
  }
  if (k->role != turn) return;
  double now = now_seconds();
  b->lat[b->nlat++] = now - g->sent;
  b->moves++;
  b->last = now;
  g->ply = ply;
  if (!status || strcmp(status, "playing") != 0 || ply >= BENCH_PLIES) return finish_game(b, g);
  g->sent = now;
  send_move(b, conn, legal, ply, 0);
}

static void on_state(bench *b, int conn, const json_t *st) {
  const bconn *k = &b->conns[conn];
  bgame *g = &b->games[k->game];
  const char *status = proto_str(st, "status");
  if (!status || strcmp(status, "playing") != 0) return;
  if (k->role == R_BLACK) {
    snprintf(g->id, sizeof g->id, "%s", proto_str(st, "game"));
    for (int i = 0; i < b->nwatch; i++) open_conn(b, k->game, R_WATCH);
    if (b->nwatch == 0) start_playing(b, g, json_object_get(st, "legal"));
  } else if (k->role == R_WATCH && ++g->watching == b->nwatch) {
    start_playing(b, g, json_object_get(st, "legal"));
  }
}

static void on_message(bench *b, int conn, const char *text, size_t len) {
  proto_msg m;
  const char *code;
  err e;
  if (proto_parse(text, len, 1, &m, &code, &e)) return (void)b->errors++;
  bgame *g = &b->games[b->conns[conn].game];
  switch (m.type) {
  case MSG_CREATED:
    snprintf(g->code, sizeof g->code, "%s", proto_str(m.root, "code"));
    g->conn[R_BLACK] = open_conn(b, b->conns[conn].game, R_BLACK);
    break;
  case MSG_STATE: on_state(b, conn, m.root); break;
  case MSG_MOVED: on_moved(b, conn, m.root); break;
  case MSG_OVER: if (b->conns[conn].role != R_WATCH) finish_game(b, g); break;
  case MSG_ERROR:
    if (strcmp(proto_str(m.root, "code"), "stale") == 0) b->stale++; /* a suggestion overtaken by a move */
    else if (!b->errors++) printf("  the server's first error: %s\n", proto_str(m.root, "message"));
    break;
  default: break;
  }
  proto_msg_free(&m);
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, c = *(const double *)y;
  return (a > c) - (a < c);
}

static void report(bench *b, double setup) {
  double span = b->last - b->first;
  qsort(b->lat, (size_t)b->nlat, sizeof *b->lat, cmp_double);
  printf("server bench: %d games of %s, %d spectators each (%d connections) on %s\n", b->ngames, b->variant,
         b->nwatch, b->ngames * (2 + b->nwatch), b->server);
  printf("  set up in %.1f s; %d moves in %.2f s: %.0f moves/s; %d suggestions (%d too late); %d errors\n", setup,
         b->moves, span, span > 0 ? b->moves / span : 0.0, b->suggestions, b->stale, b->errors);
  if (b->nlat)
    printf("  move to opponent: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", 1000 * b->lat[b->nlat / 2],
           1000 * b->lat[(int)(b->nlat * 0.99)], 1000 * b->lat[b->nlat - 1]);
}

/* Opens the games' first connections a few at a time, then serves the events. */
static int run(bench *b) {
  int next = 0;
  double start = now_seconds(), setup = 0;
  online_event ev;
  while (b->done < b->ngames && now_seconds() - start < BENCH_LIMIT) {
    while (next < b->ngames && b->opening < BENCH_OPENING)
      if ((b->games[next].conn[R_WHITE] = open_conn(b, next, R_WHITE)) < 0) return -1;
      else next++;
    if (!online_next(b->c, &ev, 100)) continue;
    if (ev.kind == ONLINE_OPENED) on_opened(b, ev.conn);
    else if (ev.kind == ONLINE_MESSAGE) on_message(b, ev.conn, ev.text, ev.len);
    else cli_error("bench: connection %d closed: %s", ev.conn, ev.text), b->errors++, finish_game(b, &b->games[b->conns[ev.conn].game]);
    free(ev.text);
    if (!setup && b->first) setup = b->first - start;
  }
  report(b, setup);
  return 0;
}

/* "A:P,B:Q": one address per node. */
static int split_nodes(bench *b) {
  for (const char *p = b->server; *p;) {
    size_t n = strcspn(p, ",");
    if (b->nnodes == BENCH_NODES || n == 0 || n >= sizeof b->node[0])
      return cli_error("bench --server takes up to %d addresses HOST:PORT, separated by commas", BENCH_NODES), -1;
    snprintf(b->node[b->nnodes++], sizeof b->node[0], "%.*s", (int)n, p);
    p += n + (p[n] == ',');
  }
  return b->nnodes ? 0 : (cli_error("bench --server: no address"), -1);
}

int bench_server(registry *reg, const cli_args *a) {
  err e;
  bench b;
  memset(&b, 0, sizeof b);
  b.server = a->server;
  if (split_nodes(&b)) return CLI_USAGE;
  b.variant = a->nargs ? a->args[0] : reg->count ? reg->items[0]->v.name : NULL;
  if (!b.variant) return cli_error("no variant plugins found: bench --server needs one to play"), CLI_FAILED;
  b.ngames = a->games ? a->games : 100;
  b.nwatch = a->spectators;
  b.r.s = 12345;
  b.games = xmalloc((size_t)b.ngames * sizeof *b.games);
  memset(b.games, 0, (size_t)b.ngames * sizeof *b.games);
  b.lat = xmalloc((size_t)b.ngames * BENCH_PLIES * sizeof *b.lat);
  if (!(b.c = online_client_new(&e))) return cli_error("%s", e.msg), CLI_FAILED;
  int rc = run(&b);
  online_client_free(b.c);
  free(b.games);
  free(b.conns);
  free(b.lat);
  return rc ? CLI_FAILED : CLI_OK;
}
