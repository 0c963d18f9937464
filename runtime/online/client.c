/*
** client.c — WebSocket client connections on libwebsockets, served by one thread.
** Only that thread touches the connections: callers hand it commands (connect, send,
** close) through a locked queue and wake it with 'lws_cancel_service', the one call
** libwebsockets allows from another thread; it hands events back through another
** locked queue.  Messages from a server may be large (a long game's state): up to
** PROTO_MAX_SERVER_MESSAGE bytes, beyond which the connection is closed.
*/
#include "client.h"

#include <libwebsockets.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "proto.h"

enum { CMD_CONNECT, CMD_SEND, CMD_CLOSE };

typedef struct item {
  int kind, conn;
  char *text;
  size_t len;
  struct item *next;
} item;

typedef struct queue {
  item *head, *tail;
} queue;

typedef struct conn {
  int id;
  struct lws *wsi;
  int open, closing, gone; /* gone: no more events for it */
  queue out;
  char *rx;
  size_t rxlen, rxcap;
  int oversize;
  char why[160];
} conn;

struct online_client {
  struct lws_context *ctx;
  pthread_t thread;
  int started;
  volatile int quit;
  pthread_mutex_t lock;
  pthread_cond_t ready;
  queue cmds, events;   /* under 'lock' */
  int next_id;          /* under 'lock' */
  conn **conns;         /* the service thread's own, by id (NULL once gone) */
  int cap;
};

static void push(queue *q, item *it) {
  it->next = NULL;
  if (q->tail) q->tail->next = it;
  else q->head = it;
  q->tail = it;
}

static item *pop(queue *q) {
  item *it = q->head;
  if (it && !(q->head = it->next)) q->tail = NULL;
  return it;
}

static item *new_item(int kind, int conn, char *text, size_t len) {
  item *it = xmalloc(sizeof *it);
  *it = (item){kind, conn, text, len, NULL};
  return it;
}

static void drop_all(queue *q) {
  for (item *it; (it = pop(q));) free(it->text), free(it);
}

/* ----------------------------------------------------------- events */

static void emit(online_client *c, conn *k, int kind, char *text, size_t len) {
  if (k->gone) {
    free(text);
    return;
  }
  if (kind == ONLINE_CLOSED) k->gone = 1;
  pthread_mutex_lock(&c->lock);
  push(&c->events, new_item(kind, k->id, text, len));
  pthread_cond_signal(&c->ready);
  pthread_mutex_unlock(&c->lock);
}

static void emit_closed(online_client *c, conn *k, const char *why) {
  char *text = xstrdup(*k->why ? k->why : why);
  err_one_line(text);
  emit(c, k, ONLINE_CLOSED, text, strlen(text));
}

int online_next(online_client *c, online_event *ev, int timeout_ms) {
  struct timespec until = deadline_after_ms(timeout_ms);
  pthread_mutex_lock(&c->lock);
  while (!c->events.head && timeout_ms > 0 && pthread_cond_timedwait(&c->ready, &c->lock, &until) == 0) {}
  item *it = pop(&c->events);
  pthread_mutex_unlock(&c->lock);
  if (!it) return 0;
  *ev = (online_event){it->kind, it->conn, it->text, it->len};
  free(it);
  return 1;
}

/* --------------------------------------------------------- addresses */

int online_parse_address(const char *address, int *tls, char *host, size_t hlen, int *port, char *path,
                         size_t plen, err *e) {
  char url[512];
  const char *prot, *ads, *p;
  int has_scheme = strstr(address, "://") != NULL;
  if (!*address || strlen(address) > 400) return err_set(e, "'%.60s' is not a server address (HOST:PORT)", address);
  snprintf(url, sizeof url, "%s%s", has_scheme ? "" : "ws://", address);
  const char *hostpart = strstr(url, "://") + 3;
  size_t n = strcspn(hostpart, "/");
  int has_port = memchr(hostpart, ':', n) != NULL;
  if (!has_port) { /* the default port goes after the host, before any path */
    char rest[512];
    snprintf(rest, sizeof rest, "%s", hostpart + n);
    snprintf(url + (hostpart - url) + n, sizeof url - (size_t)(hostpart - url) - n, ":%d%s", PROTO_DEFAULT_PORT, rest);
  }
  if (lws_parse_uri(url, &prot, &ads, port, &p) || !*ads || *port <= 0 || *port > 65535)
    return err_set(e, "'%.60s' is not a server address (HOST:PORT)", address);
  if (strcmp(prot, "ws") != 0 && strcmp(prot, "wss") != 0)
    return err_set(e, "'%.60s': a server address is ws:// or wss://", address);
  *tls = strcmp(prot, "wss") == 0;
  snprintf(host, hlen, "%s", ads);
  snprintf(path, plen, "/%s", p);
  return 0;
}

/* ------------------------------------------------ the service thread */

static conn *conn_of(online_client *c, int id) { return id >= 0 && id < c->cap ? c->conns[id] : NULL; }

static void forget(online_client *c, conn *k) {
  c->conns[k->id] = NULL;
  drop_all(&k->out);
  free(k->rx);
  free(k);
}

static void start_connection(online_client *c, int id, const char *address) {
  struct lws_client_connect_info ci;
  char host[256], path[256];
  int tls, port;
  err e;
  conn *k = xmalloc(sizeof *k);
  memset(k, 0, sizeof *k);
  k->id = id;
  if (id >= c->cap) {
    int cap = id * 2 + 16;
    c->conns = xrealloc(c->conns, (size_t)cap * sizeof *c->conns);
    memset(c->conns + c->cap, 0, (size_t)(cap - c->cap) * sizeof *c->conns);
    c->cap = cap;
  }
  c->conns[id] = k;
  if (online_parse_address(address, &tls, host, sizeof host, &port, path, sizeof path, &e))
    return emit_closed(c, k, e.msg), forget(c, k);
  const char *insecure = getenv("DRAUGHTS_TLS_INSECURE");
  memset(&ci, 0, sizeof ci);
  ci.context = c->ctx;
  ci.address = host;
  ci.port = port;
  ci.path = path;
  ci.host = host;
  ci.origin = host;
  ci.protocol = PROTO_SUBPROTOCOL;
  ci.ssl_connection = tls ? LCCSCF_USE_SSL : 0;
  if (tls && insecure && strcmp(insecure, "1") == 0)
    ci.ssl_connection |= LCCSCF_ALLOW_SELFSIGNED | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK;
  ci.userdata = k;
  ci.pwsi = &k->wsi;
  snprintf(k->why, sizeof k->why, "cannot connect to %s", address);
  if (!lws_client_connect_via_info(&ci) && conn_of(c, id)) { /* unless the error callback said it */
    emit_closed(c, k, "cannot connect");
    forget(c, k);
  }
}

static void run_command(online_client *c, item *it) {
  conn *k = conn_of(c, it->conn);
  if (it->kind == CMD_CONNECT) {
    start_connection(c, it->conn, it->text);
  } else if (k && it->kind == CMD_SEND) {
    push(&k->out, it);
    if (k->open) lws_callback_on_writable(k->wsi);
    return;
  } else if (k && it->kind == CMD_CLOSE) {
    k->closing = k->gone = 1;
    if (k->wsi) lws_callback_on_writable(k->wsi);
    else forget(c, k);
  }
  free(it->text);
  free(it);
}

static void run_commands(online_client *c) {
  for (;;) {
    pthread_mutex_lock(&c->lock);
    item *it = pop(&c->cmds);
    pthread_mutex_unlock(&c->lock);
    if (!it) return;
    run_command(c, it);
  }
}

static void receive(online_client *c, conn *k, struct lws *wsi, const void *in, size_t len) {
  if (lws_is_first_fragment(wsi)) k->rxlen = 0, k->oversize = 0;
  if (k->rxlen + len > PROTO_MAX_SERVER_MESSAGE) k->oversize = 1;
  if (!k->oversize) {
    if (k->rxlen + len + 1 > k->rxcap) k->rx = xrealloc(k->rx, k->rxcap = (k->rxlen + len + 1) * 2);
    memcpy(k->rx + k->rxlen, in, len);
    k->rxlen += len;
  }
  if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi)) return;
  if (k->oversize) {
    snprintf(k->why, sizeof k->why, "the server sent a message over %u bytes", PROTO_MAX_SERVER_MESSAGE);
    k->closing = 1;
    lws_callback_on_writable(wsi);
    return;
  }
  k->rx[k->rxlen] = '\0';
  emit(c, k, ONLINE_MESSAGE, k->rx, k->rxlen);
  k->rx = NULL;
  k->rxlen = k->rxcap = 0;
}

static int writable(conn *k, struct lws *wsi) {
  if (k->closing) {
    lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
    return -1;
  }
  item *it = pop(&k->out);
  if (!it) return 0;
  unsigned char *buf = xmalloc(LWS_PRE + it->len);
  memcpy(buf + LWS_PRE, it->text, it->len);
  int n = lws_write(wsi, buf + LWS_PRE, it->len, LWS_WRITE_TEXT);
  int failed = n < (int)it->len;
  free(buf);
  free(it->text);
  free(it);
  if (failed) return -1;
  if (k->out.head) lws_callback_on_writable(wsi);
  return 0;
}

/* The close code and reason a server gave, kept for the CLOSED event. */
static void peer_closed(conn *k, const unsigned char *in, size_t len) {
  if (len < 2) return;
  int code = in[0] << 8 | in[1];
  snprintf(k->why, sizeof k->why, "the server closed the connection (%d%s%.*s)", code, len > 2 ? ": " : "",
           (int)(len > 120 ? 120 : len - 2), (const char *)in + 2);
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
  online_client *c = lws_context_user(lws_get_context(wsi));
  conn *k = user;
  switch (reason) {
  case LWS_CALLBACK_EVENT_WAIT_CANCELLED: run_commands(c); return 0;
  case LWS_CALLBACK_CLIENT_ESTABLISHED:
    k->open = 1;
    k->why[0] = '\0';
    emit(c, k, ONLINE_OPENED, NULL, 0);
    if (k->out.head || k->closing) lws_callback_on_writable(wsi);
    return 0;
  case LWS_CALLBACK_CLIENT_RECEIVE: receive(c, k, wsi, in, len); return 0;
  case LWS_CALLBACK_CLIENT_WRITEABLE: return writable(k, wsi);
  case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE: peer_closed(k, in, len); return 0;
  case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    if (!k) return 0;
    if (in && len) snprintf(k->why + strlen(k->why), sizeof k->why - strlen(k->why), ": %.*s", (int)len, (char *)in);
    /* fall through */
  case LWS_CALLBACK_CLIENT_CLOSED:
    if (!k) return 0;
    emit_closed(c, k, "the server closed the connection");
    lws_set_wsi_user(wsi, NULL); /* lws may call once more (the wsi's end): not with 'k' */
    forget(c, k);
    return 0;
  default: return lws_callback_http_dummy(wsi, reason, user, in, len);
  }
}

static const struct lws_protocols protocols[] = {
    {"draughts-client", callback, 0, 65536, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static const lws_retry_bo_t no_validity_timer = {.secs_since_valid_ping = 0, .secs_since_valid_hangup = 0};

static void *serve(void *arg) {
  online_client *c = arg;
  while (!c->quit) lws_service(c->ctx, 0);
  return NULL;
}

/* ------------------------------------------------------------ handle */

online_client *online_client_new(err *e) {
  struct lws_context_creation_info info;
  online_client *c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  pthread_mutex_init(&c->lock, NULL);
  pthread_cond_init(&c->ready, NULL);
  memset(&info, 0, sizeof info);
  info.port = CONTEXT_PORT_NO_LISTEN;
  info.protocols = protocols;
  info.user = c;
  info.gid = info.uid = -1;
  info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
  info.connect_timeout_secs = 10;
  info.retry_and_idle_policy = &no_validity_timer; /* its sorted per-connection timer costs a walk of them all */
  lws_set_log_level(0, NULL); /* what matters reaches the caller as a CLOSED event */
  c->ctx = lws_create_context(&info);
  if (!c->ctx || pthread_create(&c->thread, NULL, serve, c) != 0) {
    err_set(e, "cannot start the network client");
    online_client_free(c);
    return NULL;
  }
  c->started = 1;
  return c;
}

void online_client_free(online_client *c) {
  if (!c) return;
  if (c->started) {
    c->quit = 1;
    lws_cancel_service(c->ctx);
    pthread_join(c->thread, NULL);
  }
  if (c->ctx) lws_context_destroy(c->ctx); /* closes what is left, with its events */
  for (int i = 0; i < c->cap; i++)
    if (c->conns[i]) forget(c, c->conns[i]);
  free(c->conns);
  drop_all(&c->cmds);
  drop_all(&c->events);
  pthread_mutex_destroy(&c->lock);
  pthread_cond_destroy(&c->ready);
  free(c);
}

static void command(online_client *c, item *it) {
  pthread_mutex_lock(&c->lock);
  push(&c->cmds, it);
  pthread_mutex_unlock(&c->lock);
  lws_cancel_service(c->ctx);
}

int online_connect(online_client *c, const char *address, err *e) {
  char host[256], path[256];
  int tls, port;
  if (online_parse_address(address, &tls, host, sizeof host, &port, path, sizeof path, e)) return -1;
  pthread_mutex_lock(&c->lock);
  int id = c->next_id++;
  pthread_mutex_unlock(&c->lock);
  command(c, new_item(CMD_CONNECT, id, xstrdup(address), 0));
  return id;
}

void online_send(online_client *c, int conn, char *text, size_t len) { command(c, new_item(CMD_SEND, conn, text, len)); }

void online_disconnect(online_client *c, int conn) { command(c, new_item(CMD_CLOSE, conn, NULL, 0)); }
