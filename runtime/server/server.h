/*
** server.h — 'draughts serve': the game server.  One non-blocking event loop
** (libwebsockets: WebSocket and HTTP on one port, TLS when given a certificate)
** speaks the online protocol (sdk/docs/protocol.md, online/proto.h) and referees
** every game with the same runtime and plugins as local play.  Games live in the
** store (store/gamedb.h); a move is in the store before anyone hears of it.
*/
#ifndef DRAUGHTS_SERVER_H
#define DRAUGHTS_SERVER_H

#include "plugin.h"
#include "util.h"

typedef struct server_config {
  const char *host;      /* address to listen on: "127.0.0.1" */
  int port;              /* 0: a free port, chosen by the system */
  const char *store;     /* an SQLite file or a PostgreSQL URI (see gamedb_open); NULL: the default file */
  const char *cert, *key; /* TLS, both or neither */
  int seat_timeout_ms;   /* a seat left empty this long loses the game */
  int lag_ms;            /* latency allowed before a flag falls */
  int max_connections;   /* at once, per client address: HTTP, handshakes and WebSockets alike */
  int max_clients;       /* connections at once from every address together; 0: as many as the
                            process's open files allow (its limit is raised to the most it may have) */
  int output_mb;         /* megabytes queued for every client together; beyond, the slowest are cut */
  int idle_s;            /* a client that takes nothing it is sent, or answers no ping, this long is cut */
  const char *origins;   /* web pages besides the server's own that may open a WebSocket: "https://a,https://b" */
  int max_games;         /* open (waiting or playing) games created per client address */
  double rate;           /* messages per second a connection may send (a burst of twice that) */
  int engine_threads;    /* the computer's searches at once, for every game */
  int engine_queue;      /* searches waiting beyond those: more, and the server is busy */
  double engine_seconds; /* the most one of the computer's moves may take */
  const char *web;       /* the web front end's directory (with its index.html); NULL: no page */
  int invite_ttl_s;      /* an invitation or link code expires after this many seconds */
} server_config;

typedef struct server server;

DRI_FUNC void server_defaults(server_config *c);

/* Whether 'dir' holds a web front end (its index.html): 0, or -1 and 'e'. */
DRI_FUNC int web_check(const char *dir, err *e);

/* Opens the store, restores its live games and starts listening.  NULL and a
** one-line message when it cannot (a bad address, the port taken, a bad store). */
DRI_FUNC server *server_open(registry *reg, const server_config *c, err *e);
DRI_FUNC int server_port(const server *srv);           /* the port it listens on */
DRI_FUNC const char *server_store(const server *srv);  /* the store: its file, or its URI without a password */
DRI_FUNC int server_restored(const server *srv);       /* live games read back from the store */

/* Serves until SIGINT or SIGTERM; 0, or -1 and 'e' when the store failed (the
** server then stops at once: nothing unsaved was ever announced). */
DRI_FUNC int server_run(server *srv, err *e);
DRI_FUNC void server_close(server *srv);

#endif
