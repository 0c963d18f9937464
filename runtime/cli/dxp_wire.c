/*
** dxp_wire.c — DXP's connection and messages.  The fields follow the DamExchange
** protocol as Scan (src/dxp.cpp) and pydraughts (dxp_classes.py) write them:
**   R  version(2) initiator(32) follower-colour(1) minutes(3) moves(3) 'A' | 'B' turn(1) board
**   A  follower(32) code(1)          M  seconds(4) from(2) to(2) n(2) captured(2)...
**   E  reason(1) stop(1)             C  text
**   B  move-number(3) colour(1)      K  code(1)
** Numbers are decimal, zero-padded; names are padded with spaces.
*/
#include "dxp.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* ---------------------------------------------------------- connection */

int dxp_listen(int port, err *e) {
  int s = socket(AF_INET, SOCK_STREAM, 0), on = 1;
  if (s < 0) return err_set(e, "dxp: no socket: %s", strerror(errno));
  setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr.s_addr = INADDR_ANY};
  if (bind(s, (struct sockaddr *)&sa, sizeof sa) || listen(s, 1)) {
    int why = errno;
    close(s);
    return err_set(e, "dxp: cannot listen on port %d: %s", port, strerror(why));
  }
  return s;
}

int dxp_accept(int listener, dxp_conn *c, err *e) {
  memset(c, 0, sizeof *c);
  c->fd = accept(listener, NULL, NULL);
  int why = errno;
  close(listener);
  return c->fd < 0 ? err_set(e, "dxp: no connection: %s", strerror(why)) : 0;
}

int dxp_connect(const char *host_port, dxp_conn *c, err *e) {
  memset(c, 0, sizeof *c);
  char host[256];
  const char *colon = strrchr(host_port, ':');
  if (!colon || colon == host_port || (size_t)(colon - host_port) >= sizeof host || !colon[1])
    return err_set(e, "dxp: --connect takes HOST:PORT, not '%s'", host_port);
  snprintf(host, sizeof host, "%.*s", (int)(colon - host_port), host_port);
  struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *list;
  int rc = getaddrinfo(host, colon + 1, &hints, &list);
  if (rc) return err_set(e, "dxp: %s: %s", host_port, gai_strerror(rc));
  c->fd = -1;
  int why = 0;
  for (struct addrinfo *a = list; a && c->fd < 0; a = a->ai_next) {
    c->fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (c->fd >= 0 && connect(c->fd, a->ai_addr, a->ai_addrlen)) why = errno, close(c->fd), c->fd = -1;
  }
  freeaddrinfo(list);
  if (c->fd < 0) return err_set(e, "dxp: cannot connect to %s: %s", host_port, strerror(why ? why : errno));
  return 0;
}

void dxp_close(dxp_conn *c) {
  if (c->fd >= 0) close(c->fd);
  c->fd = -1;
}

int dxp_send(dxp_conn *c, const char *msg, err *e) {
  size_t len = strlen(msg) + 1, sent = 0; /* the NUL ends the message */
  while (sent < len) {
    ssize_t n = send(c->fd, msg + sent, len - sent, MSG_NOSIGNAL); /* a peer gone is an error, not a signal */
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return err_set(e, "dxp: the other side has gone (%s)", strerror(errno));
    sent += (size_t)n;
  }
  return 0;
}

int dxp_recv(dxp_conn *c, char *msg, err *e) {
  for (;;) {
    char *end = memchr(c->buf, '\0', c->len);
    if (end) {
      size_t n = (size_t)(end - c->buf);
      if (n >= DXP_MAX_MESSAGE) return err_set(e, "dxp: a message longer than %d bytes", DXP_MAX_MESSAGE);
      memcpy(msg, c->buf, n + 1);
      memmove(c->buf, end + 1, c->len - n - 1);
      c->len -= n + 1;
      return 1;
    }
    if (c->len >= DXP_MAX_MESSAGE) return err_set(e, "dxp: a message longer than %d bytes", DXP_MAX_MESSAGE);
    ssize_t got = recv(c->fd, c->buf + c->len, sizeof c->buf - c->len, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return err_set(e, "dxp: %s", strerror(errno));
    if (got == 0) return 0;
    c->len += (size_t)got;
  }
}

/* ------------------------------------------------------------ messages */

typedef struct reader {
  const char *s;
  size_t at, len;
  err *e;
  int bad;
} reader;

/* A decimal field of 'width' digits (Scan's reader takes what strtol takes, so do we:
** a field may be padded with spaces). */
static int field_int(reader *r, int width) {
  char buf[16];
  if (r->bad || r->at + (size_t)width > r->len) return r->bad = 1, 0;
  snprintf(buf, sizeof buf, "%.*s", width, r->s + r->at);
  r->at += (size_t)width;
  char *end;
  long v = strtol(buf, &end, 10);
  while (*end == ' ') end++;
  if (*end || end == buf || v < 0) r->bad = 1;
  return (int)v;
}

static char field_char(reader *r) {
  if (r->bad || r->at >= r->len) return r->bad = 1, 0;
  return r->s[r->at++];
}

static void field_name(reader *r, char out[DXP_NAME + 1]) {
  if (r->bad || r->at + DXP_NAME > r->len) {
    r->bad = 1;
    return;
  }
  int n = DXP_NAME;
  while (n > 0 && r->s[r->at + (size_t)n - 1] == ' ') n--;
  snprintf(out, DXP_NAME + 1, "%.*s", n, r->s + r->at);
  text_plain(out, strlen(out), '?', 0); /* the other side's name is printed: it drives no terminal */
  r->at += DXP_NAME;
}

static int colour_ok(char c) { return c == 'W' || c == 'Z'; }

static void decode_request(reader *r, int squares, dxp_msg *m) {
  m->version = field_int(r, 2);
  field_name(r, m->name);
  m->colour = field_char(r);
  m->minutes = field_int(r, 3);
  m->moves = field_int(r, 3);
  m->start = field_char(r);
  if (!colour_ok(m->colour) || (m->start != 'A' && m->start != 'B')) r->bad = 1;
  if (r->bad || m->start == 'A') return;
  m->turn = field_char(r);
  if (!colour_ok(m->turn) || r->len - r->at != (size_t)squares) return (void)(r->bad = 1);
  memcpy(m->board, r->s + r->at, (size_t)squares);
  m->board[squares] = '\0';
  r->at += (size_t)squares;
  if (strspn(m->board, "wzWZe") != (size_t)squares) r->bad = 1;
}

static void decode_move(reader *r, dxp_msg *m) {
  m->seconds = field_int(r, 4);
  m->from = field_int(r, 2);
  m->to = field_int(r, 2);
  m->ncaptured = field_int(r, 2);
  if (m->ncaptured > DR_MAX_POINTS) r->bad = 1;
  for (int i = 0; !r->bad && i < m->ncaptured; i++) m->captured[i] = field_int(r, 2);
}

int dxp_decode(const char *text, int squares, dxp_msg *m, err *e) {
  memset(m, 0, sizeof *m);
  reader r = {text, 1, strlen(text), e, 0};
  m->type = text[0];
  switch (m->type) {
  case 'R': decode_request(&r, squares, m); break;
  case 'A': field_name(&r, m->name), m->code = field_char(&r); break;
  case 'M': decode_move(&r, m); break;
  case 'E': m->code = field_char(&r), m->stop = field_char(&r); break;
  case 'C': snprintf(m->text, sizeof m->text, "%s", text + 1), r.at = r.len; break;
  case 'B': m->move_number = field_int(&r, 3), m->colour = field_char(&r), r.bad |= !colour_ok(m->colour); break;
  case 'K': m->code = field_char(&r); break;
  default: return err_set(e, "dxp: unknown message type '%c'", text[0] ? text[0] : '?');
  }
  if (r.bad || r.at != r.len) {
    char shown[64];
    snprintf(shown, sizeof shown, "%s", text);
    err_one_line(shown);
    return err_set(e, "dxp: malformed %c message \"%s\"", m->type, shown);
  }
  return 0;
}

void dxp_encode(const dxp_msg *m, char *out) {
  size_t n = DXP_MAX_MESSAGE;
  switch (m->type) {
  case 'R': {
    size_t used = (size_t)snprintf(out, n, "R%02d%-32.32s%c%03d%03d%c", m->version, m->name, m->colour,
                                   m->minutes % 1000, m->moves % 1000, m->start);
    if (m->start == 'B') snprintf(out + used, n - used, "%c%s", m->turn, m->board);
    break;
  }
  case 'A': snprintf(out, n, "A%-32.32s%c", m->name, m->code); break;
  case 'M': {
    size_t used = (size_t)snprintf(out, n, "M%04d%02d%02d%02d", m->seconds % 10000, m->from, m->to, m->ncaptured);
    for (int i = 0; i < m->ncaptured && used < n; i++) used += (size_t)snprintf(out + used, n - used, "%02d", m->captured[i]);
    break;
  }
  case 'E': snprintf(out, n, "E%c%c", m->code, m->stop); break;
  case 'C': snprintf(out, n, "C%s", m->text); break;
  case 'B': snprintf(out, n, "B%03d%c", m->move_number % 1000, m->colour); break;
  case 'K': snprintf(out, n, "K%c", m->code); break;
  default: out[0] = '\0';
  }
}
