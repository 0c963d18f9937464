/*
** proto.h — the online protocol (sdk/docs/protocol.md), shared by the server and its
** clients: the message types, the schema every message is checked against before
** anything reads it, the limits, and the wire forms of the game's things (a move as
** the list of points it goes through, the legal moves, the board's geometry, sides).
** Messages are JSON objects (jansson) in WebSocket text frames.
*/
#ifndef DRAUGHTS_PROTO_H
#define DRAUGHTS_PROTO_H

#include <jansson.h>

#include <draughts/variant.h>

#include "util.h"

#define PROTO_VERSION 1
#define PROTO_SUBPROTOCOL "draughts" /* the WebSocket subprotocol (optional for clients) */
#define PROTO_DEFAULT_PORT 8035

/* Limits a server enforces on what a client sends. */
#define PROTO_MAX_MESSAGE 4096    /* bytes of one message */
#define PROTO_MAX_NAME 32         /* bytes of a nickname */
#define PROTO_MAX_SETS 16         /* option settings in 'create' */
#define PROTO_MAX_TOKEN 64        /* characters of a seat token */
#define PROTO_MAX_ID 16           /* characters of a game id or a join code */
#define PROTO_MAX_CLOCK 10800     /* seconds of a clock's initial time (three hours) */
#define PROTO_MAX_INCREMENT 600   /* seconds added per move */
#define PROTO_KEY_LEN 64          /* hex digits of a device key */
#define PROTO_CODE_LEN 12         /* characters of a link or invitation code */
#define PROTO_MAX_UPLOAD 32       /* records, and streaks, in one 'upload' */
/* What a client accepts from a server: a long game's state with many legal moves. */
#define PROTO_MAX_SERVER_MESSAGE (4u << 20)

/* Message types.  Requests go from a client to the server; the others come back. */
enum {
  MSG_NONE,
  /* requests */
  MSG_HELLO, MSG_LIST, MSG_CREATE, MSG_JOIN, MSG_RESUME, MSG_WATCH, MSG_MOVE, MSG_SUGGEST, MSG_RESIGN,
  MSG_DRAW, MSG_ABORT, MSG_REMATCH, MSG_LEAVE, MSG_PDN, MSG_HISTORY, MSG_VARIANTS,
  /* from the server */
  MSG_WELCOME, MSG_ERROR, MSG_CREATED, MSG_SEATED, MSG_STATE, MSG_MOVED, MSG_PLAYERS, MSG_OFFER, MSG_OVER,
  MSG_TALLY, MSG_WATCHERS, MSG_GAMES, MSG_PDN_TEXT, MSG_HISTORY_LIST, MSG_LEFT, MSG_VARIANT_LIST,
  /* profiles and friends: requests, then the server's answers */
  MSG_CLAIM, MSG_SIGN_IN, MSG_LINK_CODE, MSG_LINK, MSG_INVITE, MSG_ACCEPT, MSG_UNFRIEND, MSG_FRIENDS, MSG_BESTS, MSG_UPLOAD,
  MSG_DELETE_PROFILE, MSG_INVITATION,
  MSG_PROFILE, MSG_CODE, MSG_FRIEND, MSG_UNFRIENDED, MSG_FRIEND_LIST, MSG_BEST_LIST, MSG_UPLOADED, MSG_DELETED,
  MSG_INVITER,
  MSG_COUNT
};

/* Why 'proto_parse' refused a message: the error codes the server answers with. */
#define PROTO_MALFORMED "malformed" /* not JSON, or not an object */
#define PROTO_INVALID "invalid"     /* JSON that breaks the schema */

/* A message checked against its schema.  'root' is owned (json_decref it). */
typedef struct proto_msg {
  int type;      /* MSG_* */
  json_t *root;
  json_int_t id; /* the request's "id", echoed in replies as "re"; -1 if none */
} proto_msg;

/* Parses and checks one message that came 'from_server' (1) or from a client (0).
** The request's id is in 'out->id' even when the rest is refused (-1 if it has none).
** 0, or -1 with 'code' set to PROTO_MALFORMED or PROTO_INVALID and a one-line
** message naming the field in 'e'.  A client's message must name a request, and
** carries no field its schema does not declare; a server's may carry more (a newer
** server), whose fields are ignored.  In a server's message every control character of
** every string has become '?' (a PDN text keeps its lines), and the ids, codes and tokens
** a client keeps are letters, digits, '-' and '_'. */
DRI_FUNC int proto_parse(const char *text, size_t len, int from_server, proto_msg *out, const char **code,
                         err *e);
DRI_FUNC void proto_msg_free(proto_msg *m);

DRI_FUNC const char *proto_type_name(int type);

/* Field access on a checked message (the schema has vouched for the types). */
DRI_FUNC const char *proto_str(const json_t *obj, const char *field); /* NULL when absent */
DRI_FUNC json_int_t proto_int(const json_t *obj, const char *field, json_int_t fallback);
DRI_FUNC int proto_bool(const json_t *obj, const char *field, int fallback);

/* A new message of 'type' (a request or a server message), to fill with json_object_set_new. */
DRI_FUNC json_t *proto_new(int type);
/* The message as compact text, for a WebSocket frame (free it); takes 'msg' over. */
DRI_FUNC char *proto_dump(json_t *msg, size_t *len);

/* Sides on the wire: "white", "black"; null for none. */
DRI_FUNC const char *proto_side(int side);
DRI_FUNC int proto_side_of(const char *name); /* DR_WHITE, DR_BLACK, or -1 */
DRI_FUNC json_t *proto_side_or_null(int side);

/* A move on the wire: every point it goes through, the moving piece's first:
** ["c3", "e5", "c7"].  'proto_find_move' finds the legal move with exactly that path
** (0), or says why there is none (-1 and 'e'). */
DRI_FUNC json_t *proto_path(const dr_geometry *g, const dr_move *m);
DRI_FUNC int proto_find_move(const dr_geometry *g, const dr_movelist *legal, const json_t *path,
                             const dr_move **out, err *e);

/* The legal moves as [{"path": [...], "jumped": [...]}, ...] and the pieces that
** must capture as ["c3", ...]: what a client that knows no rules needs to take a move
** one landing point at a time. */
DRI_FUNC json_t *proto_legal(const dr_geometry *g, const dr_movelist *legal);
DRI_FUNC json_t *proto_points(const dr_geometry *g, dr_bits set);

/* The board, for clients that draw it from the geometry alone. */
DRI_FUNC json_t *proto_geometry(const dr_geometry *g);

/* Results on the wire, as in PDN: "1-0", "0-1", "1/2-1/2", "*". */
DRI_FUNC int proto_result_of(const char *text); /* DR_* result, -1 if none */

#endif
