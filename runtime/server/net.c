/*
** net.c — the server's event loop on libwebsockets: the listening context (TLS when
** asked, the "intermediate" profile), connections with their limits (every one counted
** from its accept, per address and in all; one message at most PROTO_MAX_MESSAGE bytes,
** text only, a rate per connection, a bounded send queue and a budget for all of them:
** a client that does not read is cut off, never waited for; a hello and a ping are
** waited for so long), the pages a WebSocket may come from, the small HTTP side (a
** finished game's PDN), the clock tick, and the round: serve the sockets, commit what
** the round wrote, then release the messages it produced.
*/
#include "server_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <strings.h>
#include <sys/resource.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_asked;
static struct lws_context *stop_ctx;

int64_t wall_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------- sending */

outbuf *outbuf_new(json_t *msg) {
  size_t len;
  char *text = proto_dump(msg, &len);
  outbuf *b = xmalloc(sizeof *b + LWS_PRE + len);
  b->refs = 0;
  b->len = len;
  memcpy(b->data + LWS_PRE, text, len);
  free(text);
  return b;
}

void outbuf_drop(outbuf *b) {
  if (b && --b->refs <= 0) free(b);
}

static void msgq_push(msgq *q, outbuf *b, int batch) {
  outq *n = xmalloc(sizeof *n);
  n->b = b;
  n->batch = batch;
  n->next = NULL;
  b->refs++;
  if (q->tail) q->tail->next = n;
  else q->head = n;
  q->tail = n;
  q->bytes += b->len;
  q->count++;
}

static outbuf *msgq_pop(msgq *q) {
  outq *n = q->head;
  if (!n) return NULL;
  outbuf *b = n->b;
  q->head = n->next;
  if (!q->head) q->tail = NULL;
  q->bytes -= b->len;
  q->count--;
  free(n);
  return b;
}

static void msgq_clear(msgq *q) {
  for (outbuf *b; (b = msgq_pop(q));) outbuf_drop(b);
}

/* What is held or queued for a client counts against the budget of the whole too, from
** the moment it is made: one round of a few thousand clients' requests makes gigabytes. */
static size_t budget(const server *srv) { return (size_t)srv->cfg.output_mb << 20; }
static size_t waiting(const conn *c) { return c->held.bytes + c->queue.bytes; }

static outbuf *queue_pop(conn *c) {
  outbuf *b = msgq_pop(&c->queue);
  if (b) c->srv->queued -= b->len;
  return b;
}

static void queues_clear(conn *c) {
  c->srv->queued -= waiting(c);
  msgq_clear(&c->queue);
  msgq_clear(&c->held);
}

/* A client whose queue overflows is cut off at once: it would only fall further behind. */
static void cut_off(conn *c) {
  queues_clear(c);
  c->closing = 1;
  c->close_code = -1;
  lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

static int most_waiting_first(const void *a, const void *b) {
  size_t x = waiting(*(conn *const *)a), y = waiting(*(conn *const *)b);
  return x < y ? 1 : x > y ? -1 : 0;
}

/* Over the budget, those with the most waiting for them are cut first (they read the
** slowest, or asked the most), down to three quarters of it, so the sort is not done at
** every message that follows. */
static void cut_slowest(server *srv) {
  int n = 0;
  for (conn *c = srv->conns; c; c = c->next_conn) n += waiting(c) > 0;
  conn **v = xmalloc((size_t)n * sizeof *v + 1);
  n = 0;
  for (conn *c = srv->conns; c; c = c->next_conn)
    if (waiting(c)) v[n++] = c;
  qsort(v, (size_t)n, sizeof *v, most_waiting_first);
  for (int i = 0; i < n && srv->queued > budget(srv) / 4 * 3; i++) cut_off(v[i]);
  free(v);
}

void conn_unsend(conn *c, int batch) {
  msgq keep = {0};
  for (outq *n = c->held.head; n; n = n->next)
    if (n->batch < batch) msgq_push(&keep, n->b, n->batch);
  c->srv->queued -= c->held.bytes - keep.bytes;
  msgq_clear(&c->held);
  c->held = keep;
}

void conn_send_buf(conn *c, outbuf *b) {
  server *srv = c->srv;
  if (c->closing && c->close_code < 0) return; /* cut off: nothing more goes to it */
  msgq_push(&c->held, b, srv->batch);
  srv->queued += b->len;
  if (srv->queued > srv->queued_peak) srv->queued_peak = srv->queued;
  if (srv->queued > budget(srv)) cut_slowest(srv);
  if (c->closing && c->close_code < 0) return; /* it was the slowest */
  if (!c->dirty) {
    c->dirty = 1;
    c->next_dirty = c->srv->dirty;
    c->srv->dirty = c;
  }
}

void conn_send(conn *c, json_t *msg) {
  outbuf *b = outbuf_new(msg);
  b->refs++; /* ours, until the queue holds it */
  conn_send_buf(c, b);
  outbuf_drop(b);
}

json_t *wire_error(json_int_t re, const char *code, const char *message) {
  json_t *m = proto_new(MSG_ERROR);
  json_object_set_new(m, "code", json_string(code));
  json_object_set_new(m, "message", json_string(message));
  if (re >= 0) json_object_set_new(m, "re", json_integer(re));
  return m;
}

void conn_error(conn *c, json_int_t re, const char *code, const char *fmt, ...) {
  char msg[ERR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  err_one_line(msg);
  conn_send(c, wire_error(re, code, msg));
}

void conn_close_after(conn *c, int code) {
  c->closing = 1;
  c->close_code = code;
}

static void undirty(conn *c) {
  for (conn **p = &c->srv->dirty; *p; p = &(*p)->next_dirty)
    if (*p == c) {
      *p = c->next_dirty;
      break;
    }
  c->dirty = 0;
}

/* The batches up to 'committed' are durable: the messages made with them may go out. */
static void release(server *srv, int committed) {
  conn *keep = NULL;
  for (conn *c = srv->dirty, *next; c; c = next) {
    next = c->next_dirty;
    int moved = 0;
    while (c->held.head && c->held.head->batch <= committed) {
      outbuf *b = msgq_pop(&c->held);
      if (!c->queue.head) c->stalled = now_seconds(); /* the wait for it to read starts now */
      msgq_push(&c->queue, b, 0);
      outbuf_drop(b);
      moved = 1;
    }
    if (c->held.head) c->next_dirty = keep, keep = c; /* still waiting for a later batch */
    else c->dirty = 0;
    if (!moved) continue;
    if (c->queue.bytes > SEND_QUEUE_BYTES || c->queue.count > SEND_QUEUE_COUNT) cut_off(c);
    else lws_callback_on_writable(c->wsi);
  }
  srv->dirty = keep;
}

/* ------------------------------------------------------------- the store */

void store_failed(server *srv, const err *e) {
  if (srv->store_failed) return;
  srv->store_failed = 1;
  srv->store_err = *e;
}

/* Those that had their turn this round are read again. */
static void resume_paused(server *srv) {
  for (conn *c = srv->paused; c; c = c->next_paused) {
    c->paused = 0;
    lws_rx_flow_control(c->wsi, 1);
  }
  srv->paused = NULL;
  srv->rounds++;
}

static void end_round(server *srv) {
  err e;
  int committed;
  cluster_turn(srv); /* before the turn: what it sends goes with this batch */
  if (writer_turn(srv, &committed, &e)) store_failed(srv, &e);
  else release(srv, srv->committed = committed);
  resume_paused(srv);
}

/* ------------------------------------------------------------ receiving */

/* Token buckets: 'rate' messages a second with a burst of twice that; suggestions apart. */
static void refill(conn *c) {
  double now = now_seconds(), rate = c->srv->cfg.rate, dt = now - c->refilled;
  c->refilled = now;
  c->tokens = c->tokens + dt * rate > 2 * rate ? 2 * rate : c->tokens + dt * rate;
  c->stokens = c->stokens + dt * SUGGEST_RATE > 3 ? 3 : c->stokens + dt * SUGGEST_RATE;
  c->refused = c->refused > dt * rate ? c->refused - dt * rate : 0; /* forgiven as fast as the rate allows */
}

static int rate_ok(conn *c) {
  refill(c);
  if (c->tokens >= 1) {
    c->tokens -= 1;
    return 1;
  }
  if (++c->refused >= FLOOD_CUTOFF) {
    /* What it sends on is still read, and dropped: a socket closed with input unread is
    ** reset, and the reset would lose this error and the close frame on their way. */
    conn_error(c, -1, "rate_limited", "too many messages: the connection is closed");
    conn_close_after(c, LWS_CLOSE_STATUS_POLICY_VIOLATION);
  } else if (now_seconds() - c->told_rate >= 1) { /* said once a second, not once a message */
    c->told_rate = now_seconds();
    conn_error(c, -1, "rate_limited", "too many messages: at most %g a second; this one was dropped",
               c->srv->cfg.rate);
  }
  return 0;
}

int conn_suggestion_ok(conn *c) {
  refill(c);
  if (c->stokens < 1) return 0;
  c->stokens -= 1;
  return 1;
}

static void on_message(conn *c) {
  proto_msg m;
  const char *code;
  err e;
  if (c->closing || !rate_ok(c)) return;
  if (c->rx_binary) return conn_error(c, -1, "binary", "binary messages are not accepted: send JSON as text");
  if (c->rx_oversize) {
    conn_error(c, -1, "too_large", "a message is at most %d bytes", PROTO_MAX_MESSAGE);
    return conn_close_after(c, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE);
  }
  if (proto_parse(c->rx, c->rxlen, 0, &m, &code, &e)) return conn_error(c, m.id, code, "%s", e.msg);
  lobby_message(c, &m);
  proto_msg_free(&m);
}

/* A round serves at most ROUND_MESSAGES of each connection's messages; the rest wait in lws
** for the next, so a crowd's bursts keep no one waiting behind all of them. */
static void take_turn(conn *c) {
  server *srv = c->srv;
  if (c->round != srv->rounds) c->round = srv->rounds, c->in_round = 0;
  if (++c->in_round < ROUND_MESSAGES || c->paused || c->closing) return;
  c->paused = 1;
  c->next_paused = srv->paused;
  srv->paused = c;
  lws_rx_flow_control(c->wsi, 0);
}

static void unpause(conn *c) {
  for (conn **p = &c->srv->paused; *p; p = &(*p)->next_paused)
    if (*p == c) {
      *p = c->next_paused;
      break;
    }
  c->paused = 0;
}

static void on_receive(conn *c, const void *in, size_t len) {
  c->heard = now_seconds();
  c->pinged = 0;
  if (c->closing) return; /* read only to be dropped */
  if (lws_is_first_fragment(c->wsi)) {
    c->rxlen = 0;
    c->rx_oversize = 0;
    c->rx_binary = lws_frame_is_binary(c->wsi);
  }
  if (c->rxlen + len > PROTO_MAX_MESSAGE) c->rx_oversize = 1;
  else if (!c->rx_binary) memcpy(c->rx + c->rxlen, in, len), c->rxlen += len;
  if (lws_is_final_fragment(c->wsi) && lws_remaining_packet_payload(c->wsi) == 0) {
    c->rx[c->rxlen] = '\0';
    on_message(c);
    take_turn(c);
  }
}

static int on_writable(conn *c) {
  unsigned char ping[LWS_PRE + 1] = {[LWS_PRE] = 'p'}; /* lws hands on no pong that is empty */
  if (c->close_sent) return 0; /* lws awaits the client's close frame: a second close would reset */
  if (c->ping_due) {
    c->ping_due = 0;
    if (lws_write(c->wsi, ping + LWS_PRE, 1, LWS_WRITE_PING) < 0) return -1;
    if (c->queue.head || c->closing) lws_callback_on_writable(c->wsi);
    return 0;
  }
  outbuf *b = queue_pop(c);
  if (b) {
    int n = lws_write(c->wsi, b->data + LWS_PRE, b->len, LWS_WRITE_TEXT);
    int short_write = n < (int)b->len;
    outbuf_drop(b);
    if (short_write) return -1;
    c->stalled = now_seconds();
    if (c->queue.head || c->closing) lws_callback_on_writable(c->wsi);
    return 0;
  }
  if (!c->closing) return 0;
  c->close_sent = 1;
  if (c->close_code > 0) lws_close_reason(c->wsi, (enum lws_close_status)c->close_code, NULL, 0);
  return -1;
}

static int on_open(server *srv, conn *c, struct lws *wsi) {
  memset(c, 0, sizeof *c);
  c->addr = lws_get_opaque_user_data(wsi); /* counted since its accept */
  if (!c->addr) return -1;                 /* not accepted here: nothing to count it by */
  c->wsi = wsi;
  c->srv = srv;
  c->serial = ++srv->serials;
  c->role = ROLE_NONE;
  c->tokens = 2 * srv->cfg.rate;
  c->stokens = 3;
  c->opened = c->heard = c->stalled = c->refilled = now_seconds();
  if ((c->next_conn = srv->conns)) srv->conns->prev_conn = c;
  srv->conns = c;
  if (c->addr->connections > srv->cfg.max_connections) {
    conn_error(c, -1, "limit", "too many connections from %s: at most %d at once", c->addr->name,
               srv->cfg.max_connections);
    conn_close_after(c, LWS_CLOSE_STATUS_POLICY_VIOLATION);
  }
  return 0;
}

static void on_closed(conn *c) {
  server *srv = c->srv;
  if (!srv) return;
  table_detach(c);
  friends_conn_gone(c);
  lobby_conn_gone(c);
  if (c->dirty) undirty(c);
  if (c->paused) unpause(c);
  queues_clear(c);
  if (c->prev_conn) c->prev_conn->next_conn = c->next_conn;
  else srv->conns = c->next_conn;
  if (c->next_conn) c->next_conn->prev_conn = c->prev_conn;
  c->addr = NULL; /* released with its socket */
  c->srv = NULL;
}

/* ---------------------------------------------------------- timeouts */

/* A client is cut when what it was sent has not moved for the idle time (it does not read),
** or nothing came from it for twice that (a ping went after once); one that has not said
** hello is told so and closed. */
static void sweep_one(conn *c, double now) {
  double idle = c->srv->cfg.idle_s;
  if (c->closing && c->close_code < 0) return;
  if ((c->queue.head && now - c->stalled >= idle) || now - c->heard >= 2 * idle) return cut_off(c);
  if (!c->hello && !c->closing && now - c->opened >= HELLO_S) {
    conn_error(c, -1, "timeout", "no hello within %g seconds: the connection is closed", HELLO_S);
    return conn_close_after(c, LWS_CLOSE_STATUS_POLICY_VIOLATION);
  }
  if (now - c->heard >= idle && !c->pinged) {
    c->pinged = c->ping_due = 1;
    lws_callback_on_writable(c->wsi);
  }
}

/* What the cut clients held goes back to the system: glibc keeps freed memory otherwise. */
static void trim(server *srv) {
  if (srv->queued_peak - srv->queued < TRIM_BYTES) return;
  srv->queued_peak = srv->queued;
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

static void sweep(server *srv, int64_t now_ms) {
  if (now_ms - srv->swept < SWEEP_MS) return;
  srv->swept = now_ms;
  double now = now_seconds();
  for (conn *c = srv->conns; c; c = c->next_conn) sweep_one(c, now);
  trim(srv);
}

/* ------------------------------------------------------- connections */

/* Every connection counts from its accept, a request head not yet finished too: past the
** total, or well past its address's limit, it is closed at once; a little past the limit,
** it is told why (503, or the WebSocket's 'limit'). */
static int on_accepted(server *srv, struct lws *wsi) {
  char name[64] = "";
  if (srv->sockets >= srv->max_sockets) return -1;
  lws_get_peer_simple(wsi, name, sizeof name);
  server_addr *a = addr_find(srv, name);
  if (++a->connections > srv->cfg.max_connections + REFUSE_GRACE) {
    addr_release(srv, a);
    return -1;
  }
  srv->sockets++;
  lws_set_opaque_user_data(wsi, a);
  return 0;
}

static void on_destroyed(server *srv, struct lws *wsi) {
  server_addr *a = lws_get_opaque_user_data(wsi);
  if (!a) return; /* not a client's, or refused at its accept */
  lws_set_opaque_user_data(wsi, NULL);
  srv->sockets--;
  addr_release(srv, a);
}

static int refuse_http(server *srv, struct lws *wsi, const char *uri) {
  server_addr *a = lws_get_opaque_user_data(wsi);
  if (web_refuses(srv, uri)) { /* a link out of the web root */
    lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, NULL);
    return -1;
  }
  if (!a || a->connections <= srv->cfg.max_connections) return 0;
  lws_return_http_status(wsi, HTTP_STATUS_SERVICE_UNAVAILABLE, "too many connections from this address");
  return -1;
}

/* 'origin' ("scheme://host[:port]") is a page of the host the request came to ('host'). */
static int same_origin(const char *origin, const char *host) {
  const char *rest = strstr(origin, "://");
  return rest && *host && strcasecmp(rest + 3, host) == 0 &&
         (strncasecmp(origin, "http://", 7) == 0 || strncasecmp(origin, "https://", 8) == 0);
}

/* 'origin' is one of the comma-separated 'list'. */
static int listed_origin(const char *origin, const char *list) {
  size_t n = strlen(origin);
  for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
    if (strcspn(p, ",") == n && strncasecmp(p, origin, n) == 0) return 1;
  return 0;
}

/* A browser says which page opens a WebSocket: the server's own (the host the request came
** to) and those of --origin may; another site's page would act for whoever reads it, from
** their address.  A program that is no browser sends no Origin, and is let in. */
static int origin_allowed(server *srv, struct lws *wsi) {
  char origin[256], host[256];
  int len = lws_hdr_total_length(wsi, WSI_TOKEN_ORIGIN);
  if (len == 0) return 1;
  if (len >= (int)sizeof origin || lws_hdr_copy(wsi, origin, sizeof origin, WSI_TOKEN_ORIGIN) < 0) return 0;
  if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) > 0 && same_origin(origin, host)) return 1;
  return listed_origin(origin, srv->cfg.origins);
}

/* Refused by hand: lws has not read the request's HTTP version yet, and would answer 1.0. */
static int on_upgrade(server *srv, struct lws *wsi) {
  static const char why[] = "a page of another site may not connect here\n";
  unsigned char text[LWS_PRE + 256];
  if (origin_allowed(srv, wsi)) return 0;
  int n = snprintf((char *)text + LWS_PRE, sizeof text - LWS_PRE,
                   "HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %zu\r\n"
                   "connection: close\r\n\r\n%s",
                   sizeof why - 1, why);
  lws_write(wsi, text + LWS_PRE, (size_t)n, LWS_WRITE_HTTP_HEADERS);
  return -1;
}

/* ---------------------------------------------------------------- HTTP */

/* The body of an answer to GET 'uri', or NULL (not found). */
static char *http_body(server *srv, const char *uri) {
  char id[GAMEDB_ID_MAX + 1];
  err e;
  size_t n = strlen(uri);
  if (strcmp(uri, "/") == 0) {
    char text[160];
    snprintf(text, sizeof text, "draughts game server: WebSocket protocol %d (see sdk/docs/protocol.md)\n",
             PROTO_VERSION);
    return xstrdup(text);
  }
  if (strncmp(uri, "/games/", 7) != 0 || n < 12 || n - 11 > GAMEDB_ID_MAX || strcmp(uri + n - 4, ".pdn") != 0)
    return NULL;
  snprintf(id, sizeof id, "%.*s", (int)(n - 11), uri + 7);
  return srv->db->ops->pdn(srv->db, id, &e);
}

static int on_http(server *srv, conn *c, struct lws *wsi) {
  unsigned char head[LWS_PRE + 1024], *start = head + LWS_PRE, *p = start, *end = head + sizeof head - 1;
  char uri[256];
  memset(c, 0, sizeof *c);
  c->wsi = wsi;
  /* the whole path: a mount's callback is handed only what follows the mount point */
  if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) <= 0) uri[0] = '\0';
  if (strncmp(uri, "/g/", 3) == 0 && srv->cfg.web) return web_serve_page(srv, wsi);
  char *body = http_body(srv, uri);
  if (!body) {
    lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, "no such page or finished game");
    return lws_http_transaction_completed(wsi) ? -1 : 0;
  }
  c->http_len = strlen(body);
  c->http_body = xmalloc(LWS_PRE + c->http_len);
  memcpy(c->http_body + LWS_PRE, body, c->http_len);
  free(body);
  if (lws_add_http_common_headers(wsi, HTTP_STATUS_OK, "text/plain; charset=utf-8", c->http_len, &p, end) ||
      lws_finalize_write_http_header(wsi, start, &p, end))
    return 1;
  lws_callback_on_writable(wsi);
  return 0;
}

static int on_http_writable(conn *c) {
  if (!c->http_body) return 0;
  int n = lws_write(c->wsi, (unsigned char *)c->http_body + LWS_PRE, c->http_len, LWS_WRITE_HTTP_FINAL);
  free(c->http_body);
  c->http_body = NULL;
  if (n < (int)c->http_len) return -1;
  return lws_http_transaction_completed(c->wsi) ? -1 : 0;
}

/* ------------------------------------------------------------ callback */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
  conn *c = user;
  server *srv = lws_context_user(lws_get_context(wsi));
  switch (reason) {
  case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED: return on_accepted(srv, wsi);
  case LWS_CALLBACK_WSI_DESTROY: on_destroyed(srv, wsi); return 0;
  case LWS_CALLBACK_FILTER_HTTP_CONNECTION: return refuse_http(srv, wsi, in);
  case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: return on_upgrade(srv, wsi);
  case LWS_CALLBACK_ESTABLISHED: return on_open(srv, c, wsi);
  case LWS_CALLBACK_RECEIVE: on_receive(c, in, len); return 0;
  case LWS_CALLBACK_RECEIVE_PONG: c->heard = now_seconds(), c->pinged = 0; return 0;
  case LWS_CALLBACK_SERVER_WRITEABLE: return on_writable(c);
  case LWS_CALLBACK_CLOSED: on_closed(c); return 0;
  case LWS_CALLBACK_HTTP: return on_http(srv, c, wsi);
  case LWS_CALLBACK_HTTP_WRITEABLE: return on_http_writable(c);
  case LWS_CALLBACK_CLOSED_HTTP:
    if (c) free(c->http_body), c->http_body = NULL;
    return 0;
  default: return lws_callback_http_dummy(wsi, reason, user, in, len);
  }
}

static const struct lws_protocols protocols[] = {
    {PROTO_SUBPROTOCOL, callback, sizeof(conn), PROTO_MAX_MESSAGE, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};


/* TLS 1.2 with forward secrecy and an AEAD only (1.3 has nothing else): the "intermediate"
** profile, less its DHE suites. */
#define TLS12_CIPHERS                                                                               \
  "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"         \
  "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"

static const lws_retry_bo_t no_validity_timer = {.secs_since_valid_ping = 0, .secs_since_valid_hangup = 0};

/* ------------------------------------------------------------ the loop */

static void on_tick(lws_sorted_usec_list_t *sul) {
  server *srv = lws_container_of(sul, server, tick);
  int64_t now = wall_ms();
  for (int i = 0; i < srv->ntables;) {
    if (table_tick(srv->tables[i], now)) {
      table_free(srv->tables[i]);
      srv->tables[i] = srv->tables[--srv->ntables];
    } else {
      i++;
    }
  }
  if (now - srv->last_alive >= ALIVE_MS) {
    srv->last_alive = now;
    store_alive(srv, now);
    cluster_alive(srv, now);
  }
  lobby_tick(srv, now);
  sweep(srv, now);
  lws_sul_schedule(srv->ctx, 0, &srv->tick, on_tick, TICK_MS * LWS_US_PER_MS);
}

static void on_stop(int sig) {
  (void)sig;
  stop_asked = 1;
  if (stop_ctx) lws_cancel_service(stop_ctx); /* a write to lws's pipe: wakes the loop */
}

static void lws_log(int level, const char *line) {
  (void)level;
  char text[512];
  snprintf(text, sizeof text, "%s", line);
  err_one_line(text);
  fprintf(stderr, "draughts: serve: %s\n", text);
}

/* The address to listen on as a number ("localhost" is 127.0.0.1), and whether it is
** IPv6: libwebsockets binds to all interfaces when it does not recognise one, so the
** server resolves it first and refuses what is not an address of this machine. */
static int numeric_host(const char *host, char *out, size_t len, int *v6, err *e) {
  struct addrinfo hints, *res;
  memset(&hints, 0, sizeof hints);
  hints.ai_flags = AI_PASSIVE;
  hints.ai_socktype = SOCK_STREAM;
  int rc = getaddrinfo(host, NULL, &hints, &res);
  if (rc) return err_set(e, "cannot listen on %s: %s", host, gai_strerror(rc));
  *v6 = res->ai_family == AF_INET6;
  const void *addr = *v6 ? (const void *)&((struct sockaddr_in6 *)res->ai_addr)->sin6_addr
                         : (const void *)&((struct sockaddr_in *)res->ai_addr)->sin_addr;
  inet_ntop(res->ai_family, addr, out, (socklen_t)len);
  freeaddrinfo(res);
  return 0;
}

void server_defaults(server_config *c) {
  memset(c, 0, sizeof *c);
  c->host = "127.0.0.1";
  c->port = PROTO_DEFAULT_PORT;
  c->seat_timeout_ms = 60000;
  c->lag_ms = 500;
  c->max_connections = 64;
  c->output_mb = 64;
  c->idle_s = 30;
  c->max_games = 16;
  c->rate = 20;
  c->engine_threads = 2;
  c->engine_queue = 16;
  c->engine_seconds = 2;
  c->invite_ttl_s = 7 * 24 * 3600;
}

/* Whether the address and port can be listened on, said in words; libwebsockets says it
** in several lines of log (and leaks a little on that path), so this is asked first. */
static int can_bind(const char *host, int port, int v6, err *e) {
  struct sockaddr_storage sa;
  socklen_t len = v6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
  memset(&sa, 0, sizeof sa);
  if (v6) {
    struct sockaddr_in6 *a = (struct sockaddr_in6 *)&sa;
    a->sin6_family = AF_INET6, a->sin6_port = htons((uint16_t)port);
    inet_pton(AF_INET6, host, &a->sin6_addr);
  } else {
    struct sockaddr_in *a = (struct sockaddr_in *)&sa;
    a->sin_family = AF_INET, a->sin_port = htons((uint16_t)port);
    inet_pton(AF_INET, host, &a->sin_addr);
  }
  int fd = socket(sa.ss_family, SOCK_STREAM, 0), one = 1;
  if (fd < 0) return 0; /* libwebsockets will say */
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  int rc = bind(fd, (struct sockaddr *)&sa, len), why = errno;
  close(fd);
  if (rc == 0) return 0;
  if (why == EADDRINUSE) return err_set(e, "cannot listen on %s:%d: the port is taken", host, port);
  if (why == EADDRNOTAVAIL) return err_set(e, "cannot listen on %s: it is not an address of this machine", host);
  return err_set(e, "cannot listen on %s:%d: %s", host, port, strerror(why));
}

static int listen_on(server *srv, err *e) {
  struct lws_context_creation_info info;
  char host[INET6_ADDRSTRLEN];
  int v6 = 0, any;
  if (numeric_host(srv->cfg.host, host, sizeof host, &v6, e) || can_bind(host, srv->cfg.port, v6, e)) return -1;
  any = strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0;
  memset(&info, 0, sizeof info);
  info.port = srv->cfg.port;
  info.iface = any ? NULL : host;
  info.protocols = protocols;
  info.user = srv;
  info.gid = info.uid = -1;
  /* Dead peers are found by TCP keepalive, which costs the loop nothing: libwebsockets'
  ** own validity timer, rescheduled in a sorted list at every message, costs a walk of
  ** every connection each time, so the policy without one is given. */
  info.retry_and_idle_policy = &no_validity_timer;
  info.ka_time = 30;
  info.ka_probes = 3;
  info.ka_interval = 10;
  info.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
  info.server_string = "draughts";
  info.timeout_secs_ah_idle = HEAD_S;
  info.mounts = web_mounts(srv);
  info.headers = web_response_headers(srv);
  if (!v6) info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
  if (srv->cfg.cert) {
    info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    info.ssl_cert_filepath = srv->cfg.cert;
    info.ssl_private_key_filepath = srv->cfg.key;
    info.ssl_cipher_list = TLS12_CIPHERS;
    info.ssl_options_set = SSL_OP_NO_SSLv3 | SSL_OP_NO_TLSv1 | SSL_OP_NO_TLSv1_1;
  }
  lws_set_log_level(0, NULL); /* a failure is said in one line, below */
  srv->ctx = lws_create_context(&info);
  lws_set_log_level(LLL_ERR, lws_log);
  struct lws_vhost *vh = srv->ctx ? lws_get_vhost_by_name(srv->ctx, "default") : NULL;
  srv->port = vh ? lws_get_vhost_listen_port(vh) : 0;
  if (srv->port > 0) return 0;
  return err_set(e, "cannot listen on %s:%d: %s", srv->cfg.host, srv->cfg.port,
                 srv->cfg.cert ? "the certificate and key do not work" : "the port is taken or the address is not this machine's");
}

/* SIGINT and SIGTERM stop the server cleanly from the moment it is open, so a stop
** asked for as soon as it said where it listens is a clean one too. */
static void catch_signals(server *srv) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_stop; /* no SA_RESTART: the loop's wait ends at once */
  stop_asked = 0;
  stop_ctx = srv->ctx;
  sigaction(SIGINT, &sa, &srv->old_int);
  sigaction(SIGTERM, &sa, &srv->old_term);
  sa.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &sa, &srv->old_pipe);
  srv->signals_caught = 1;
}

static void release_signals(server *srv) {
  if (!srv->signals_caught) return;
  stop_ctx = NULL;
  sigaction(SIGINT, &srv->old_int, NULL);
  sigaction(SIGTERM, &srv->old_term, NULL);
  sigaction(SIGPIPE, &srv->old_pipe, NULL);
  srv->signals_caught = 0;
}

/* The open files this process may have: raised to the most it is allowed, since each
** connection is one (two while a file is sent) and the usual soft limit is 1024. */
static long raise_files(void) {
  struct rlimit r;
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 1024;
  rlim_t want = r.rlim_max == RLIM_INFINITY || r.rlim_max > FD_MOST ? FD_MOST : r.rlim_max;
  if (r.rlim_cur < want) {
    r.rlim_cur = want;
    if (setrlimit(RLIMIT_NOFILE, &r) != 0) getrlimit(RLIMIT_NOFILE, &r);
  }
  return r.rlim_cur == RLIM_INFINITY ? FD_MOST : (long)r.rlim_cur;
}

/* Connections at once in all: refused before the open files run out. */
static int count_sockets(server *srv, err *e) {
  long files = raise_files(), most = (files - FD_RESERVE) / 2;
  if (most < 1) return err_set(e, "this process may open only %ld files (ulimit -n): too few to serve", files);
  if (srv->cfg.max_clients > most)
    return err_set(e, "--max-clients %d: this process may open only %ld files (ulimit -n), enough for %ld clients",
                   srv->cfg.max_clients, files, most);
  srv->max_sockets = srv->cfg.max_clients ? srv->cfg.max_clients : (int)most;
  return 0;
}

server *server_open(registry *reg, const server_config *c, err *e) {
  server *srv = xmalloc(sizeof *srv);
  memset(srv, 0, sizeof *srv);
  srv->reg = reg;
  srv->cfg = *c;
  if ((c->cert == NULL) != (c->key == NULL)) {
    free(srv);
    return err_set(e, "TLS needs both --cert and --key"), NULL;
  }
  for (const char *const *f = (const char *const[]){c->cert, c->key, NULL}; *f; f++)
    if (access(*f, R_OK) != 0) {
      free(srv);
      return err_set(e, "cannot read %s", *f), NULL;
    }
  os_random(&srv->node, sizeof srv->node);
  srv->node |= 1; /* never 0, which means no node */
  srv->serials = (uint64_t)srv->node << 32;
  srv->committed = -1;
  if (!(srv->db = gamedb_open(c->store, srv->store_path, sizeof srv->store_path, e)) ||
      !(srv->w = writer_new(srv->db, srv->node)) ||
      !(srv->pool = pool_new(c->engine_threads, c->engine_queue, c->engine_seconds)) || lobby_restore(srv, e) ||
      count_sockets(srv, e) || listen_on(srv, e) || cluster_start(srv, e) || writer_start(srv->w, srv->ctx, e) ||
      pool_start(srv->pool, srv->ctx, e)) {
    server_close(srv);
    return NULL;
  }
  catch_signals(srv);
  return srv;
}

int server_port(const server *srv) { return srv->port; }
const char *server_store(const server *srv) { return srv->store_path; }
int server_restored(const server *srv) { return srv->restored; }

int server_run(server *srv, err *e) {
  lws_sul_schedule(srv->ctx, 0, &srv->tick, on_tick, TICK_MS * LWS_US_PER_MS);
  while (!stop_asked && !srv->store_failed) {
    lws_service(srv->ctx, 0);
    pool_collect(srv);
    end_round(srv);
  }
  store_alive(srv, wall_ms()); /* so that a restart charges no one for the time stopped */
  err why;
  if (writer_stop(srv->w, &why) && !srv->store_failed) store_failed(srv, &why);
  release_signals(srv);
  if (srv->store_failed) return err_set(e, "the store failed, so the server stopped: %s", srv->store_err.msg);
  return 0;
}

void server_close(server *srv) {
  if (!srv) return;
  err e;
  release_signals(srv);
  pool_free(srv->pool); /* before the context too: its threads wake the loop through it */
  writer_stop(srv->w, &e); /* before the context: the writer wakes the loop through it */
  cluster_stop(srv);       /* ...and so does the listener */
  if (srv->ctx) {
    lws_sul_cancel(&srv->tick);
    lws_context_destroy(srv->ctx); /* closes every connection: each detaches from its game */
  }
  writer_free(srv->w);
  for (int i = 0; i < srv->ntables; i++) table_free(srv->tables[i]);
  free(srv->tables);
  for (int i = 0; i < srv->naddrs; i++) free(srv->addrs[i]);
  free(srv->addrs);
  friends_free(srv); /* after the writer: it may still have run a request */
  lobby_free(srv);
  if (srv->db) srv->db->ops->close(srv->db);
  free(srv);
}
