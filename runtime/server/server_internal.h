/*
** server_internal.h — what the server's files share: connections with their send
** queues and rate limits (net.c), the lobby that finds and seats games (lobby.c),
** the games themselves — seats, clocks, offers, suggestions, endings — (table.c),
** and the messages that describe them (wire.c).  Nothing else includes it.
**
** Everything runs on the event loop's one thread but the store's writes (writer.c).
** Messages produced while the loop handles a round of input are held per connection,
** marked with the round's batch of writes; the writer thread commits each batch in one
** transaction (a group commit) while the loop goes on, and only then are the messages
** of that batch released.  So no one hears of a move before it is durable.
*/
#ifndef DRAUGHTS_SERVER_INTERNAL_H
#define DRAUGHTS_SERVER_INTERNAL_H

#include <signal.h>
#include <libwebsockets.h>

#include "game.h"
#include "gamedb.h"
#include "proto.h"
#include "rules.h"
#include "server.h"

#define SEND_QUEUE_BYTES (1u << 20) /* queued for a client beyond this: it is too slow, cut off */
#define SEND_QUEUE_COUNT 16384     /* ...or this many (a healthy reader may fall behind a burst for a moment) */
#define FLOOD_CUTOFF 200            /* messages refused for rate (less those forgiven) before a cut-off */
#define SUGGEST_RATE 1.0            /* suggestions per second (a burst of three) */
#define FINISHED_KEEP_MS 600000     /* a finished game stays in memory this long, for a rematch */
#define TICK_MS 100                 /* clocks, empty seats and the store's heartbeat are checked this often */
#define ALIVE_MS 1000               /* how often the store learns the server is alive */
#define NODE_DEAD_MS (5 * ALIVE_MS) /* a node sharing the store not heard of this long is gone */
#define LIST_PUSH_MS 1000           /* how often the public list is looked at again for its subscribers */
#define FIRST_MOVE_MS 30000         /* a timed game whose side to move has not made its first move by then is aborted */
#define ROUND_MESSAGES 4            /* a connection's messages served in one round of the loop */
#define HELLO_S 10.0                /* a WebSocket that has not said hello this long is closed */
#define SWEEP_MS 1000               /* how often connections are looked at for their timeouts */
#define HEAD_S 10                   /* an HTTP request head not finished this long is dropped */
#define REFUSE_GRACE 8              /* connections beyond an address's limit told why (503, 'limit'); more are closed at once */
#define FD_RESERVE 64               /* open files kept for the store, plugins, lws's own pipes */
#define FD_MOST (1 << 20)           /* the open files asked for at most (lws sizes a table by it) */
#define TRIM_BYTES (8u << 20)       /* output freed since memory was last given back to the system */

enum { ROLE_NONE = -1, ROLE_WHITE = 0, ROLE_BLACK = 1, ROLE_SPECTATOR = 2 };

/* A message text, shared by every connection it goes to. */
typedef struct outbuf {
  int refs;
  size_t len;
  unsigned char data[]; /* LWS_PRE bytes of room for the frame header, then the text */
} outbuf;

typedef struct outq {
  outbuf *b;
  int batch;             /* held: the batch of writes it waits for */
  struct outq *next;
} outq;

typedef struct msgq {
  outq *head, *tail;
  size_t bytes;
  int count;
} msgq;

typedef struct table table;
typedef struct server_addr server_addr;
typedef struct writer writer;
typedef struct write_op write_op;
typedef struct engine_pool engine_pool;
typedef struct friends friends;

/* A request the writer answers inside its batch ('run', on the writer's thread: 0, or
** -1 and 'e' when the store failed), and whose answer the loop gives once the batch is
** durable ('done', on the loop's thread, which frees the job). */
typedef struct store_job store_job;
struct store_job {
  int (*run)(gamedb *db, store_job *j, err *e);
  void (*done)(server *srv, store_job *j);
  store_job *next_done;
};
typedef struct cluster cluster;

/* One WebSocket (or HTTP) connection: lws's per-session data. */
typedef struct conn {
  struct lws *wsi;
  server *srv;
  uint64_t serial;       /* tells spectators apart; never derived from a token */
  server_addr *addr;     /* NULL for an HTTP request */
  int hello;             /* said hello: requests are accepted */
  char name[PROTO_MAX_NAME + 1]; /* the nickname it gave */
  table *t;
  int role;              /* ROLE_* in 't' */
  /* input */
  char rx[PROTO_MAX_MESSAGE + 1];
  size_t rxlen;
  int rx_oversize, rx_binary;
  double tokens, stokens, refilled; /* rate limits: messages, suggestions */
  double refused;        /* messages refused for rate, forgiven at the rate */
  double told_rate;      /* when it was last told it is too fast */
  /* output */
  msgq held, queue;      /* held until the round's writes are committed; then queued */
  struct conn *next_dirty;
  int dirty;
  int closing, close_code; /* close once the queue is written */
  int close_sent;        /* the close is lws's: it waits for the client's close frame */
  char *http_body;       /* an HTTP answer's body, written when writable */
  size_t http_len;
  /* friends.c: the device key this connection claimed or linked with (its hash) */
  int signed_in;
  uint8_t key[GAMEDB_HASH];
  int jobs;              /* its profile requests the store has not answered yet */
  int listening;         /* lobby.c: subscribed to the public list */
  /* net.c: timeouts (monotonic seconds) */
  struct conn *prev_conn, *next_conn; /* the server's WebSockets */
  double opened, heard;  /* when it opened; when a frame (a message or a pong) last came from it */
  double stalled;        /* when its queue last moved (took a message or was written from) */
  int pinged, ping_due;  /* a ping went (is to go) to it since it was last heard */
  int round, in_round;   /* the loop's round it last sent in, and its messages in it */
  int paused;            /* had its turn this round: read again at the next */
  struct conn *next_paused;
} conn;

/* Connections and open games per client address. */
struct server_addr {
  char name[64];
  int connections, games;
};

typedef struct elsewhere {
  uint32_t node;
  int watchers;
} elsewhere;

typedef struct suggestion {
  uint64_t who;          /* the spectator's serial */
  int move;              /* index in the game's legal moves */
} suggestion;

/* A table's rules, shared with the searches for its computer's moves: a search may still
** read them after its table is gone, so the last holder frees them.  Held and dropped on
** the loop's thread only (a job is dropped there once its thread has handed it back). */
typedef struct shared_rules {
  int refs;
  ruleset rs;
} shared_rules;

/* A game the server referees. */
struct table {
  server *srv;
  gamedb_game row;       /* what the store keeps of it */
  shared_rules *rules;
  ruleset *rs;           /* &rules->rs */
  game g;
  int64_t *clock_after;  /* per ply: the mover's time left after it, for the PDN */
  int clock_cap;
  conn *seat[2];         /* the players' connections; NULL while away */
  int64_t gone_since[2]; /* when a seated player left; 0 while there */
  int draw_offer, rematch_offer; /* the side that offers; -1 none */
  conn **watchers;
  int nwatchers, watch_cap;
  suggestion *sugg;
  int nsugg, sugg_cap;
  char creator[64];      /* the address that created it, for the open games limit */
  int counted;           /* counts against its creator's open games */
  int64_t over_at;       /* when it ended; 0 while on */
  int computer[2];       /* computer.c: the computer's level on that seat, 0 for a person */
  int streak;            /* -1: a fixed level; else the person's winning streak, which sets it */
  int thinking;          /* the computer's move is being searched */
  int told_busy;         /* the players heard that the engine's queue is full */
  int wrote;             /* the last batch that wrote it; -1 none */
  uint32_t remote[2];    /* the node where a seat's player is connected, when another; 0 none */
  int stale;             /* another node wrote it: read it again once its own writes are in */
  struct elsewhere *others; /* cluster.c: the spectators connected through other nodes */
  int nothers, others_cap;
  int told_seats, told_watchers; /* cluster.c: who is here, as the other nodes last heard it */
  int watchers_sent;     /* the spectators' count as the table last heard it (sent once a tick at most) */
};

struct server {
  struct sigaction old_int, old_term, old_pipe; /* net.c: the handlers before the server's own */
  int signals_caught;
  registry *reg;
  server_config cfg;
  gamedb *db;
  char store_path[4096];
  struct lws_context *ctx;
  int port;
  table **tables;
  int ntables, table_cap;
  server_addr **addrs;
  int naddrs, addr_cap;
  conn *dirty;           /* connections holding messages */
  writer *w;             /* the store's writes */
  engine_pool *pool;     /* the computer's moves */
  int batch;             /* the batch of writes the loop is making */
  int store_failed;
  err store_err;
  uint64_t serials;      /* start at the node's number shifted: unique across nodes */
  int64_t last_alive;
  int restored;
  lws_sorted_usec_list_t tick;
  struct lws_http_mount mounts[3]; /* web.c */
  friends *fr;           /* friends.c: requests under way, attempts at codes per address */
  uint32_t node;         /* this process, among the nodes that share a store */
  int committed;         /* the last batch of writes committed */
  cluster *cl;           /* NULL unless the store is shared */
  conn **listeners;      /* lobby.c: the connections subscribed to the public list */
  int nlisteners, listeners_cap;
  char *list_sent;       /* the list they last heard (its JSON text) */
  int64_t list_looked;   /* when it was last looked at */
  /* net.c: the bounds on the whole */
  conn *conns;           /* every WebSocket (for their timeouts) */
  int sockets, max_sockets; /* connections open (HTTP, handshakes, WebSockets), and the most */
  size_t queued, queued_peak; /* bytes held or queued for every client; the most since the last trim */
  int64_t swept;         /* when the connections were last looked at */
  conn *paused;          /* those that had their turn this round */
  int rounds;            /* rounds of the loop so far */
};

/* net.c: sending.  'conn_send' takes the message over. */
DRI_FUNC outbuf *outbuf_new(json_t *msg);
DRI_FUNC void outbuf_drop(outbuf *b);
DRI_FUNC void conn_send(conn *c, json_t *msg);
DRI_FUNC void conn_send_buf(conn *c, outbuf *b);
DRI_FUNC void conn_error(conn *c, json_int_t re, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
DRI_FUNC void conn_close_after(conn *c, int code); /* after what is queued */
DRI_FUNC int conn_suggestion_ok(conn *c); /* within its rate of suggestions */
DRI_FUNC int64_t wall_ms(void);
DRI_FUNC void conn_unsend(conn *c, int batch); /* drops what it holds from 'batch' on */

/* writer.c: the store's writes, committed a batch at a time on the writer's thread;
** a failure stops the server.  A game's writes take its table's row as it is now. */
DRI_FUNC void store_insert(table *t);
DRI_FUNC void store_seat(table *t, int side);
DRI_FUNC void store_clocks(table *t);
DRI_FUNC void store_move(table *t, const gamedb_move *m);
DRI_FUNC void store_finish(table *t, char *pdn); /* takes 'pdn' over */
DRI_FUNC void store_alive(server *srv, int64_t now);
DRI_FUNC void store_job_add(server *srv, store_job *j);
DRI_FUNC void store_event(server *srv, char *payload); /* to the other nodes (takes it over) */
DRI_FUNC void store_presence(table *t, int seats, int watchers); /* this node's, on a shared store */
DRI_FUNC void store_failed(server *srv, const err *e);
DRI_FUNC writer *writer_new(gamedb *db, uint32_t node);
DRI_FUNC int writer_start(writer *w, struct lws_context *ctx, err *e);
DRI_FUNC int writer_turn(server *srv, int *committed, err *e);
DRI_FUNC void writer_forget(server *srv, const char *id);
DRI_FUNC int writer_stop(writer *w, err *e);
DRI_FUNC void writer_free(writer *w);

/* secret.c: tokens, keys and codes, kept as their hashes. */
DRI_FUNC void secret_hash(const char *text, uint8_t out[GAMEDB_HASH]);
DRI_FUNC void secret_token(char token[PROTO_MAX_TOKEN + 1], uint8_t hash[GAMEDB_HASH]); /* 64 hex digits */
DRI_FUNC int secret_matches(const uint8_t a[GAMEDB_HASH], const uint8_t b[GAMEDB_HASH]); /* constant time */

/* friends.c: profiles (a nickname and device keys), invitations, friends' bests. */
DRI_FUNC int friends_message(conn *c, const proto_msg *m); /* 1 if it was one of its requests */
/* An attempt at a code (invitation, link, join) from 'addr': 0 when it has none left (a
** burst, then one a minute); a good code gives it back ('refund'). */
DRI_FUNC int code_attempt(server *srv, const char *addr, int refund);
DRI_FUNC void friends_conn_gone(conn *c);
DRI_FUNC void friends_free(server *srv);
/* cluster.c: several nodes on one store.  Each hook does nothing on a store one server
** owns ('srv->cl' NULL). */
DRI_FUNC int cluster_start(server *srv, err *e);
DRI_FUNC void cluster_stop(server *srv);
DRI_FUNC void cluster_turn(server *srv);  /* what the other nodes said, applied here */
DRI_FUNC void cluster_refused(server *srv, const char *id, int batch);
DRI_FUNC table *cluster_load(server *srv, const char *id, const char *code); /* a game another node began */
DRI_FUNC void cluster_presence(table *t);                   /* a player or a spectator here came or went */
DRI_FUNC void cluster_forget(table *t);                     /* the table leaves memory */
DRI_FUNC void cluster_alive(server *srv, int64_t now);      /* each heartbeat: ours said, the silent nodes gone */
DRI_FUNC void cluster_taken(table *t, int side);           /* a seat taken up here with its token */
DRI_FUNC void cluster_offer(table *t, const char *kind, int by, const char *event);
DRI_FUNC void cluster_suggest(table *t, uint64_t who, int move);
/* 'old''s rematch 't' begun here: the other nodes seat their players of 'old' (the tokens
** for 't' of 'old''s white and black, "" for a player seated here) and move its spectators. */
DRI_FUNC void cluster_rematch(table *old, table *t, const char *const token[2]);
DRI_FUNC int cluster_all_down(const server *srv, int64_t last_alive, int64_t now);

/* lobby.c */
DRI_FUNC void lobby_message(conn *c, const proto_msg *m);
DRI_FUNC server_addr *addr_find(server *srv, const char *name);
DRI_FUNC void addr_release(server *srv, server_addr *a);
DRI_FUNC table *lobby_find(server *srv, const char *id);
DRI_FUNC void lobby_add(server *srv, table *t);
DRI_FUNC void random_text(char *out, int n); /* n characters a person can read aloud */
DRI_FUNC void lobby_new_id(server *srv, char id[GAMEDB_ID_MAX + 1]); /* none held here; the store says at insert */
DRI_FUNC void lobby_id_taken(server *srv, const char *id, int batch); /* the store had a game of that id */
DRI_FUNC int lobby_restore(server *srv, err *e);
DRI_FUNC void lobby_tick(server *srv, int64_t now); /* the public list pushed to its subscribers when it changed */
DRI_FUNC void lobby_conn_gone(conn *c);
DRI_FUNC void lobby_free(server *srv);

/* table.c */
DRI_FUNC shared_rules *shared_rules_hold(shared_rules *r);
DRI_FUNC void shared_rules_drop(shared_rules *r);
DRI_FUNC table *table_new(server *srv, const gamedb_game *row, err *e);
DRI_FUNC void table_free(table *t);
DRI_FUNC int table_replay(table *t, const gamedb_move *moves, int n, err *e);
DRI_FUNC void table_follow(table *t, const gamedb_game *row, const gamedb_move *moves, int n);
DRI_FUNC int table_rebuild(table *t, const gamedb_game *row, const gamedb_move *moves, int n, err *e);
DRI_FUNC void table_send_states(table *t);
DRI_FUNC void table_send_tally(table *t);
DRI_FUNC void table_suggestion(table *t, uint64_t who, int move); /* a spectator's, here or on another node */
DRI_FUNC void table_take_seat(table *t, int side); /* its connection here is told and let go */
DRI_FUNC void table_rematch_seat(table *old, int side, table *t, const char *token, int64_t now);
DRI_FUNC void table_rematch_watchers(table *old, table *t);
DRI_FUNC void table_attach(table *t, conn *c, int role);
DRI_FUNC void table_detach(conn *c);
DRI_FUNC void table_start(table *t, int64_t now);
DRI_FUNC void table_message(conn *c, const proto_msg *m);
DRI_FUNC int table_tick(table *t, int64_t now); /* 1: the table can be freed */
DRI_FUNC void table_restore_clock(table *t, int64_t last_alive, int64_t now);
DRI_FUNC int table_side_to_move(const table *t);
DRI_FUNC int table_watchers(const table *t);                /* its spectators on every node */
DRI_FUNC int table_clock_running(const table *t);           /* timed, playing, both sides past their first move */
DRI_FUNC int64_t table_clock_left(const table *t, int side, int64_t now);
DRI_FUNC void table_seat_token(table *t, int side, const char *name, char token[PROTO_MAX_TOKEN + 1]);
DRI_FUNC int table_token_matches(const table *t, int side, const char *token);
DRI_FUNC int table_guest(const table *t, int side); /* a person seated without a profile of that name */
DRI_FUNC void table_broadcast(table *t, json_t *msg, int to_players, int to_watchers);
DRI_FUNC void table_send_state(table *t, conn *c);
DRI_FUNC void table_release(table *t); /* no longer counts against its creator's open games */
DRI_FUNC char *table_pdn(const table *t);
DRI_FUNC void table_play(table *t, const dr_move *m, int64_t now); /* one of the legal moves */
DRI_FUNC void table_finish(table *t, int result, const char *why, int64_t now);  /* the game as PDN, with its clock times (free it) */

/* engine_pool.c: the computer's searches, on a bounded pool of threads. */
DRI_FUNC engine_pool *pool_new(int threads, int queue, double seconds);
DRI_FUNC int pool_start(engine_pool *p, struct lws_context *ctx, err *e);
DRI_FUNC void pool_load(engine_pool *p, int *threads, int *waiting);
DRI_FUNC int pool_ask(engine_pool *p, table *t);           /* queued: 0, or 1 when more wait than the queue's size */
DRI_FUNC void pool_cancel(engine_pool *p, const char *game_id); /* its game ended: no move wanted */
DRI_FUNC void pool_collect(server *srv);                   /* on the loop: plays the moves found */
DRI_FUNC void pool_free(engine_pool *p);                   /* stops the searches, joins */

/* computer.c: the computer as a player. */
DRI_FUNC int computer_level_of(const char *text, int *streak); /* "1".."6", "streak": the level; 0 not one */
DRI_FUNC void computer_seat(table *t, int side, int level, int streak); /* streak >= 0: the level follows it; not stored */
DRI_FUNC void computer_restore(table *t);                   /* from the seat the store kept */
DRI_FUNC int computer_next_streak(const table *t);          /* for a rematch */
DRI_FUNC json_t *computer_wire(const table *t, int side);   /* NULL for a person */
DRI_FUNC void computer_turn(table *t);                      /* asks for its move when it is to move */
DRI_FUNC void computer_stop(table *t);                      /* the game ended: its search, if any, is called off */
DRI_FUNC void table_computer_moved(table *t, int rc, const dr_move *best);

/* web.c: the web front end's files, through lws's mounts. */
DRI_FUNC const struct lws_http_mount *web_mounts(server *srv);
DRI_FUNC const struct lws_protocol_vhost_options *web_response_headers(const server *srv); /* HSTS with TLS */
DRI_FUNC int web_serve_page(server *srv, struct lws *wsi); /* '/g/CODE': 0, or -1 to close */
DRI_FUNC int web_refuses(server *srv, const char *uri); /* 1: a file that resolves outside the web root */

/* wire.c: the server's messages about a table. */
DRI_FUNC json_t *wire_state(const table *t, int role, int64_t now);
DRI_FUNC json_t *wire_moved(const table *t, int64_t now);
DRI_FUNC json_t *wire_players(const table *t, int64_t now);
DRI_FUNC json_t *wire_offer(const table *t, const char *event, const char *kind, int by);
DRI_FUNC json_t *wire_over(const table *t, int64_t now);
DRI_FUNC json_t *wire_tally(const table *t);
DRI_FUNC json_t *wire_watchers(const table *t);
DRI_FUNC json_t *wire_clock(const table *t, int64_t now);
DRI_FUNC json_t *wire_summary(const table *t);
DRI_FUNC json_t *wire_listed(const dr_variant *v, const gamedb_game *row, int plies, int watchers);
DRI_FUNC json_t *wire_error(json_int_t re, const char *code, const char *message);

#endif
