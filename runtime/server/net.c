/*
** net.c — the server's event loop on libwebsockets: the listening context (TLS when
** asked), connections with their limits (one message at most PROTO_MAX_MESSAGE bytes,
** text only, a rate per connection, a bounded send queue: a client that does not read
** is cut off, never waited for), the small HTTP side (a finished game's PDN), the
** clock tick, and the round: serve the sockets, commit what the round wrote, then
** release the messages it produced.
*/
#include "server_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
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

void conn_unsend(conn *c, int batch) {
  msgq keep = {0};
  for (outq *n = c->held.head; n; n = n->next)
    if (n->batch < batch) msgq_push(&keep, n->b, n->batch);
  msgq_clear(&c->held);
  c->held = keep;
}

void conn_send_buf(conn *c, outbuf *b) {
  if (c->closing && c->close_code < 0) return; /* cut off: nothing more goes to it */
  msgq_push(&c->held, b, c->srv->batch);
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

/* A client whose queue overflows is cut off at once: it would only fall further behind. */
static void cut_off(conn *c) {
  msgq_clear(&c->queue);
  msgq_clear(&c->held);
  c->closing = 1;
  c->close_code = -1;
  lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
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

static void end_round(server *srv) {
  err e;
  int committed;
  cluster_turn(srv); /* before the turn: what it sends goes with this batch */
  if (writer_turn(srv, &committed, &e)) store_failed(srv, &e);
  else release(srv, srv->committed = committed);
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
    conn_error(c, -1, "rate_limited", "too many messages: the connection is closed");
    conn_close_after(c, LWS_CLOSE_STATUS_POLICY_VIOLATION);
    lws_rx_flow_control(c->wsi, 0); /* nothing more is read from it */
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

static void on_receive(conn *c, const void *in, size_t len) {
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
  }
}

static int on_writable(conn *c) {
  outbuf *b = msgq_pop(&c->queue);
  if (b) {
    int n = lws_write(c->wsi, b->data + LWS_PRE, b->len, LWS_WRITE_TEXT);
    int short_write = n < (int)b->len;
    outbuf_drop(b);
    if (short_write) return -1;
    if (c->queue.head || c->closing) lws_callback_on_writable(c->wsi);
    return 0;
  }
  if (!c->closing) return 0;
  if (c->close_code > 0) lws_close_reason(c->wsi, (enum lws_close_status)c->close_code, NULL, 0);
  return -1;
}

static int on_open(server *srv, conn *c, struct lws *wsi) {
  char name[64] = "";
  memset(c, 0, sizeof *c);
  c->wsi = wsi;
  c->srv = srv;
  c->serial = ++srv->serials;
  c->role = ROLE_NONE;
  c->tokens = 2 * srv->cfg.rate;
  c->stokens = 3;
  c->refilled = now_seconds();
  lws_get_peer_simple(wsi, name, sizeof name);
  c->addr = addr_find(srv, name);
  if (++c->addr->connections > srv->cfg.max_connections) {
    conn_error(c, -1, "limit", "too many connections from %s: at most %d at once", name, srv->cfg.max_connections);
    conn_close_after(c, LWS_CLOSE_STATUS_POLICY_VIOLATION);
    lws_callback_on_writable(wsi);
  }
  return 0;
}

static void on_closed(conn *c) {
  if (!c->srv) return;
  table_detach(c);
  friends_conn_gone(c);
  lobby_conn_gone(c);
  if (c->dirty) undirty(c);
  msgq_clear(&c->held);
  msgq_clear(&c->queue);
  if (c->addr) addr_release(c->srv, c->addr), c->addr = NULL;
  c->srv = NULL;
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
  unsigned char head[LWS_PRE + 512], *start = head + LWS_PRE, *p = start, *end = head + sizeof head - 1;
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
  case LWS_CALLBACK_ESTABLISHED: return on_open(srv, c, wsi);
  case LWS_CALLBACK_RECEIVE: on_receive(c, in, len); return 0;
  case LWS_CALLBACK_SERVER_WRITEABLE: return on_writable(c);
  case LWS_CALLBACK_CLOSED: on_closed(c); return 0;
  case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
    if (!web_refuses(srv, in)) return 0;
    lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, NULL);
    return -1;
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
  info.mounts = web_mounts(srv);
  info.headers = web_response_headers();
  if (!v6) info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
  if (srv->cfg.cert) {
    info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
    info.ssl_cert_filepath = srv->cfg.cert;
    info.ssl_private_key_filepath = srv->cfg.key;
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
      listen_on(srv, e) || cluster_start(srv, e) || writer_start(srv->w, srv->ctx, e) ||
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
