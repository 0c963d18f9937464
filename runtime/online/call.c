/*
** call.c — a request, then its answer, on one connection of a client of its own.
** Messages that are not the answer (news of a game) are let go: a caller that waits
** for answers has no game.
*/
#include "call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

struct online_call {
  online_client *client;
  int conn;
  int next_id;
  const int *cancel;
  char address[256];
};

static int cancelled(const online_call *c) { return c->cancel && __atomic_load_n(c->cancel, __ATOMIC_ACQUIRE); }

/* The next event of the connection within the time left: 1, or 0 and 'e'. */
static int next_event(online_call *c, double deadline, online_event *ev, err *e) {
  for (;;) {
    int left = (int)((deadline - now_seconds()) * 1000);
    if (left <= 0) return err_set(e, "%s did not answer within %d seconds", c->address, CALL_TIMEOUT_MS / 1000), 0;
    if (cancelled(c)) return err_set(e, "the request to %s was cancelled", c->address), 0;
    if (!online_next(c->client, ev, c->cancel && left > CALL_CANCEL_MS ? CALL_CANCEL_MS : left)) continue;
    if (ev->conn == c->conn && ev->kind != ONLINE_CLOSED) return 1;
    if (ev->conn == c->conn) err_set(e, "%s: %s", c->address, ev->text ? ev->text : "the connection closed");
    free(ev->text);
    if (ev->conn == c->conn) return 0;
  }
}

/* The next message of type 'type' answering 'id' (-1: any), or NULL and 'e'. */
static json_t *wait_for(online_call *c, int type, json_int_t id, char *code, size_t len, err *e) {
  double deadline = now_seconds() + CALL_TIMEOUT_MS / 1000.0;
  online_event ev;
  while (next_event(c, deadline, &ev, e)) {
    proto_msg m;
    const char *why;
    err bad;
    if (ev.kind != ONLINE_MESSAGE) continue;
    int rc = proto_parse(ev.text, ev.len, 1, &m, &why, &bad);
    free(ev.text);
    if (rc) return err_set(e, "%s sent a message this client cannot read: %s", c->address, bad.msg), NULL;
    if (m.type == MSG_ERROR && (m.id == id || m.id < 0)) {
      if (code) snprintf(code, len, "%s", proto_str(m.root, "code"));
      err_set(e, "%s: %s", c->address, proto_str(m.root, "message"));
      proto_msg_free(&m);
      return NULL;
    }
    if (m.type == type && (id < 0 || m.id == id)) return m.root;
    proto_msg_free(&m);
  }
  return NULL;
}

online_call *online_call_open(const char *address, const char *name, const int *cancel, err *e) {
  online_call *c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  c->cancel = cancel;
  snprintf(c->address, sizeof c->address, "%s", address);
  c->client = online_client_new(e);
  if (!c->client || (c->conn = online_connect(c->client, address, e)) < 0) goto failed;
  double deadline = now_seconds() + CALL_TIMEOUT_MS / 1000.0;
  online_event ev;
  if (!next_event(c, deadline, &ev, e)) goto failed;
  free(ev.text);
  json_t *hello = json_pack("{s:s, s:i, s:s, s:s}", "type", "hello", "protocol", PROTO_VERSION, "name", name, "client",
                            "draughts");
  size_t n;
  char *text = proto_dump(hello, &n);
  online_send(c->client, c->conn, text, n);
  json_t *w = wait_for(c, MSG_WELCOME, -1, NULL, 0, e);
  if (!w) goto failed;
  json_decref(w);
  return c;
failed:
  online_call_close(c);
  return NULL;
}

void online_call_close(online_call *c) {
  if (!c) return;
  if (c->client) online_client_free(c->client);
  free(c);
}

json_t *online_ask(online_call *c, json_t *request, int answer, char *code, size_t len, err *e) {
  json_int_t id = ++c->next_id;
  size_t n;
  if (code) *code = '\0';
  json_object_set_new(request, "id", json_integer(id));
  char *text = proto_dump(request, &n);
  online_send(c->client, c->conn, text, n);
  return wait_for(c, answer, id, code, len, e);
}
