/*
** dxp.h — the DamExchange protocol (DXP) on the wire: a TCP connection carrying
** messages of fixed-width fields, each ended by a NUL byte, as Kingsrow, Scan and
** Moby Dam exchange them for engine matches.  dxp_wire.c holds the connection and
** the messages; dxp.c the games.
*/
#ifndef DRAUGHTS_DXP_H
#define DRAUGHTS_DXP_H

#include <stddef.h>

#include <draughts/variant.h>

#include "util.h"

#define DXP_MAX_MESSAGE 1024 /* no message of the protocol is near this long */
#define DXP_NAME 32          /* the width of a name field */

typedef struct dxp_conn {
  int fd;
  size_t len;                /* bytes received and not yet taken as messages */
  char buf[2 * DXP_MAX_MESSAGE];
} dxp_conn;

/* A socket listening on 'port' (all interfaces), or -1 and a message. */
DRI_FUNC int dxp_listen(int port, err *e);

/* Waits for one connection on 'listener', which it then closes. */
DRI_FUNC int dxp_accept(int listener, dxp_conn *c, err *e);

/* Connects to "HOST:PORT" (a name or an address). */
DRI_FUNC int dxp_connect(const char *host_port, dxp_conn *c, err *e);

DRI_FUNC void dxp_close(dxp_conn *c);

/* Sends 'msg' with its NUL byte; -1 if the other side has gone. */
DRI_FUNC int dxp_send(dxp_conn *c, const char *msg, err *e);

/* The next message into 'msg' (DXP_MAX_MESSAGE bytes): 1, 0 when the other side
** closed the connection, -1 on an error or a message too long. */
DRI_FUNC int dxp_recv(dxp_conn *c, char *msg, err *e);

/* One message, its fields decoded.  Colours are 'W' (the first player) and 'Z'. */
typedef struct dxp_msg {
  char type;                  /* 'R' GAMEREQ, 'A' GAMEACC, 'M' MOVE, 'E' GAMEEND, 'C' CHAT,
                                 'B' BACKREQ, 'K' BACKACC */
  int version;                /* R */
  char name[DXP_NAME + 1];    /* R: the initiator's, A: the follower's */
  char colour;                /* R: the follower's colour; B: the side to move */
  int minutes, moves;         /* R: thinking time of the game, moves it covers (0: all) */
  char start;                 /* R: 'A' the start position, 'B' the one given */
  char turn;                  /* R with 'B': the side to move */
  char board[DR_MAX_POINTS + 1]; /* R with 'B': w z W Z e per square, in square order */
  char code;                  /* A, K: the acceptance code ('0' yes); E: the reason */
  char stop;                  /* E: '0' another game may follow, '1' none */
  int seconds, from, to, ncaptured; /* M */
  int captured[DR_MAX_POINTS];
  int move_number;            /* B */
  char text[DXP_MAX_MESSAGE]; /* C */
} dxp_msg;

/* Decodes 'text' for a board of 'squares' squares; -1 and why when it is malformed. */
DRI_FUNC int dxp_decode(const char *text, int squares, dxp_msg *m, err *e);

/* Encodes 'm' into 'out' (DXP_MAX_MESSAGE bytes). */
DRI_FUNC void dxp_encode(const dxp_msg *m, char *out);

#endif
