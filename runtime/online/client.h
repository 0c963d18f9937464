/*
** client.h — WebSocket connections to game servers, for the session and the bench.
** A client is a libwebsockets context served by its own thread, so the caller's
** thread (a front end's loop) never blocks on the network: it sends text and polls
** for events (a connection open, a message, a connection closed with the reason).
** One client holds any number of connections.
*/
#ifndef DRAUGHTS_CLIENT_H
#define DRAUGHTS_CLIENT_H

#include <stddef.h>

#include "util.h"

typedef struct online_client online_client;

enum { ONLINE_OPENED = 1, ONLINE_MESSAGE = 2, ONLINE_CLOSED = 3 };

typedef struct online_event {
  int kind;    /* ONLINE_* */
  int conn;    /* the connection it is about */
  char *text;  /* MESSAGE: the message; CLOSED: why, one line (free it) */
  size_t len;
} online_event;

DRI_FUNC online_client *online_client_new(err *e);
/* Closes every connection and stops the thread. */
DRI_FUNC void online_client_free(online_client *c);

/* Starts a connection to 'address' ("HOST:PORT", "ws://HOST:PORT/PATH", "wss://...";
** the port defaults to 8035): its id, or -1 and 'e' for an address that is no
** address.  Whether it opens comes as an event.  Over wss, DRAUGHTS_TLS_INSECURE=1
** accepts a self-signed certificate (for tests). */
DRI_FUNC int online_connect(online_client *c, const char *address, err *e);

/* Queues a text message (taken over: malloc'ed) for connection 'conn'. */
DRI_FUNC void online_send(online_client *c, int conn, char *text, size_t len);

/* Closes a connection; no event comes for it any more. */
DRI_FUNC void online_disconnect(online_client *c, int conn);

/* The next event, waiting up to 'timeout_ms' (0: none): 1 with 'ev' filled, 0 none. */
DRI_FUNC int online_next(online_client *c, online_event *ev, int timeout_ms);

/* The address as a URL with its parts: 0, or -1 and 'e'.  'host' and 'path' are
** cut to their buffers' sizes. */
DRI_FUNC int online_parse_address(const char *address, int *tls, char *host, size_t hlen, int *port, char *path,
                                  size_t plen, err *e);

#endif
