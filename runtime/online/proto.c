/*
** proto.c — the protocol's schema and wire forms.  Every message is parsed by
** jansson and checked here, field by field, before the server or a client reads it,
** so the code that acts on a message never meets a missing field, a wrong type, an
** unbounded string or an unknown key; the error names the field and the limit.
*/
#include "proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "position.h"

/* ------------------------------------------------------------- schema */

/* K_WORD: letters, digits, '-' and '_' only: a game's id, a code or a token, which a client
** keeps in its seats file and sends back, so that no server can break a line of it. */
enum { K_STR, K_WORD, K_INT, K_BOOL, K_PATH, K_STRS, K_OBJ, K_ARR, K_ENUM, K_OBJS };

typedef struct field {
  const char *name;
  int kind;
  int required, nullable;
  json_int_t min, max;           /* K_STR, K_STRS: lengths; K_INT: values; K_STRS, K_OBJS: also the count */
  const struct field *sub;       /* K_OBJ, K_OBJS: the objects' fields (NULL: any object) */
  const char *const *choices;    /* K_ENUM */
} field;

typedef struct schema {
  int type;
  const char *name;
  int from_server;
  const field *fields;           /* end with a NULL name */
} schema;

#define END {NULL, 0, 0, 0, 0, 0, NULL, NULL}
#define REQ(name, kind, min, max) {name, kind, 1, 0, min, max, NULL, NULL}
#define OPT(name, kind, min, max) {name, kind, 0, 0, min, max, NULL, NULL}
#define ANY(name, kind) {name, kind, 0, 1, 0, 64, NULL, NULL} /* may be null; a string of at most 64 */
#define REQUEST_ID_MAX 2147483647 /* a request's "id", and so a reply's "re" */
#define ID_FIELDS OPT("id", K_INT, 0, REQUEST_ID_MAX)

static const char *const sides[] = {"white", "black", "random", NULL};
static const char *const actions[] = {"offer", "accept", "decline", NULL};
static const char *const levels[] = {"1", "2", "3", "4", "5", "6", "streak", NULL}; /* the engine's SEARCH_LEVELS */

static const field f_clock[] = {REQ("initial", K_INT, 1, PROTO_MAX_CLOCK),
                                OPT("increment", K_INT, 0, PROTO_MAX_INCREMENT), END};
static const field f_hello[] = {ID_FIELDS, REQ("protocol", K_INT, 1, 1000000), OPT("name", K_STR, 1, PROTO_MAX_NAME),
                                OPT("client", K_STR, 0, 64), END};
static const field f_empty[] = {ID_FIELDS, END};
static const field f_list[] = {ID_FIELDS, OPT("subscribe", K_BOOL, 0, 0), END};
static const field f_create[] = {ID_FIELDS,
                                 REQ("variant", K_STR, 1, 32),
                                 OPT("rules", K_STR, 1, 64),
                                 OPT("set", K_STRS, 0, PROTO_MAX_SETS),
                                 {"clock", K_OBJ, 0, 1, 0, 0, f_clock, NULL},
                                 {"side", K_ENUM, 0, 0, 0, 0, NULL, sides},
                                 OPT("public", K_BOOL, 0, 0),
                                 {"computer", K_ENUM, 0, 0, 0, 0, NULL, levels},
                                 END};
static const field f_join[] = {ID_FIELDS, REQ("code", K_STR, 1, PROTO_MAX_ID), END};
static const field f_resume[] = {ID_FIELDS, REQ("game", K_STR, 1, PROTO_MAX_ID),
                                 REQ("token", K_STR, 1, PROTO_MAX_TOKEN), END};
static const field f_game[] = {ID_FIELDS, REQ("game", K_STR, 1, PROTO_MAX_ID), END};
static const field f_move[] = {ID_FIELDS, REQ("path", K_PATH, 0, 0), OPT("ply", K_INT, 0, 1000000), END};
static const field f_action[] = {ID_FIELDS, {"action", K_ENUM, 1, 0, 0, 0, NULL, actions}, END};
static const field f_name[] = {ID_FIELDS, REQ("name", K_STR, 1, PROTO_MAX_NAME), END};
static const field f_history[] = {ID_FIELDS, REQ("name", K_STR, 1, PROTO_MAX_NAME), OPT("after", K_STR, 1, PROTO_MAX_ID),
                                  END};
static const field f_claim[] = {ID_FIELDS, REQ("name", K_STR, 1, PROTO_MAX_NAME),
                                REQ("key", K_STR, PROTO_KEY_LEN, PROTO_KEY_LEN), END};
static const field f_sign_in[] = {ID_FIELDS, REQ("key", K_STR, PROTO_KEY_LEN, PROTO_KEY_LEN), END};
static const field f_link[] = {ID_FIELDS, REQ("key", K_STR, PROTO_KEY_LEN, PROTO_KEY_LEN),
                               REQ("code", K_STR, 1, PROTO_MAX_ID), END};
static const field f_code[] = {ID_FIELDS, REQ("code", K_STR, 1, PROTO_MAX_ID), END};
/* A record (the best ranked win at a level) and a streak, as uploaded and as friends see them. */
static const field f_record[] = {REQ("variant", K_STR, 1, 32), REQ("rules", K_STR, 1, 127),
                                 REQ("level", K_INT, 1, 64), REQ("points", K_INT, 0, 10000000),
                                 REQ("pieces", K_INT, 0, 64), REQ("moves", K_INT, 0, 100000),
                                 REQ("finished", K_INT, 0, 1LL << 40), OPT("mark", K_STR, 0, 16), END};
static const field f_streak[] = {REQ("variant", K_STR, 1, 32), REQ("rules", K_STR, 1, 127),
                                 REQ("current", K_INT, 0, 1000000), REQ("best", K_INT, 0, 1000000), END};
#define OBJS(name, max, sub) {name, K_OBJS, 0, 0, 0, max, sub, NULL} /* absent: none */
static const field f_upload[] = {ID_FIELDS, OBJS("records", PROTO_MAX_UPLOAD, f_record),
                                 OBJS("streaks", PROTO_MAX_UPLOAD, f_streak), END};

/* What a client checks of the server's messages: the fields it reads, by type. */
static const field s_welcome[] = {REQ("protocol", K_INT, 0, 1000000), OPT("server", K_STR, 0, 256),
                                  ANY("limits", K_OBJ), END};
static const field s_error[] = {REQ("code", K_STR, 1, 64), REQ("message", K_STR, 0, 1024),
                                OPT("re", K_INT, 0, REQUEST_ID_MAX), END};
static const field s_created[] = {REQ("game", K_WORD, 1, PROTO_MAX_ID), REQ("code", K_WORD, 1, PROTO_MAX_ID),
                                  REQ("token", K_WORD, 1, PROTO_MAX_TOKEN), REQ("side", K_STR, 1, 8), END};
static const field s_seated[] = {REQ("game", K_WORD, 1, PROTO_MAX_ID), OPT("token", K_WORD, 1, PROTO_MAX_TOKEN),
                                 REQ("side", K_STR, 1, 8), END};
static const field s_state[] = {REQ("game", K_WORD, 1, PROTO_MAX_ID), REQ("you", K_STR, 1, 16),
                                REQ("variant", K_STR, 1, 32), OPT("title", K_STR, 0, 256),
                                OPT("rules", K_STR, 0, 512), REQ("geometry", K_OBJ, 0, 0),
                                REQ("start", K_STR, 1, 1024), REQ("moves", K_ARR, 0, 0),
                                REQ("status", K_STR, 1, 16), ANY("legal", K_ARR), ANY("clock", K_OBJ),
                                ANY("players", K_OBJ), ANY("draw_offer", K_STR), ANY("rematch_offer", K_STR),
                                OPT("result", K_STR, 1, 8), OPT("reason", K_STR, 0, 256),
                                OPT("watchers", K_INT, 0, 1000000000), ANY("tally", K_OBJ),
                                OPT("code", K_WORD, 0, PROTO_MAX_ID), END};
static const field s_moved[] = {REQ("ply", K_INT, 0, 1000000), REQ("path", K_ARR, 0, 0), ANY("legal", K_ARR),
                                ANY("clock", K_OBJ), OPT("status", K_STR, 1, 16), OPT("result", K_STR, 1, 8),
                                OPT("reason", K_STR, 0, 256), ANY("draw_offer", K_STR), END};
static const field s_players[] = {ANY("white", K_OBJ), ANY("black", K_OBJ), END};
static const field s_offer[] = {ANY("draw", K_STR), ANY("rematch", K_STR), OPT("event", K_STR, 0, 32),
                                OPT("kind", K_STR, 0, 16), ANY("by", K_STR), END};
static const field s_over[] = {REQ("result", K_STR, 1, 8), REQ("reason", K_STR, 0, 256), ANY("clock", K_OBJ),
                               END};
static const field s_tally[] = {REQ("ply", K_INT, 0, 1000000), REQ("suggestions", K_ARR, 0, 0), END};
static const field s_watchers[] = {REQ("count", K_INT, 0, 1000000000), END};
static const field s_games[] = {REQ("games", K_ARR, 0, 0), END};
static const field s_pdn[] = {OPT("game", K_WORD, 1, PROTO_MAX_ID), REQ("text", K_STR, 0, PROTO_MAX_SERVER_MESSAGE),
                              END};
static const field s_history[] = {OPT("name", K_STR, 1, PROTO_MAX_NAME), REQ("games", K_ARR, 0, 0),
                                  OPT("more", K_BOOL, 0, 0), END};
static const field s_left[] = {END};
static const field s_variants[] = {REQ("variants", K_ARR, 0, 0), END};
static const field s_profile[] = {REQ("name", K_STR, 1, PROTO_MAX_NAME), END};
static const field s_code[] = {REQ("kind", K_STR, 1, 16), REQ("code", K_WORD, 1, PROTO_MAX_ID),
                               REQ("expires", K_INT, 0, 1LL << 50), END};
static const field s_bests[] = {REQ("name", K_STR, 1, PROTO_MAX_NAME), OBJS("records", 100000, f_record),
                                OBJS("streaks", 100000, f_streak), END};
static const field s_friends[] = {REQ("name", K_STR, 1, PROTO_MAX_NAME), OBJS("friends", 100000, s_bests), END};
static const field s_uploaded[] = {REQ("records", K_INT, 0, 1000000), REQ("streaks", K_INT, 0, 1000000), END};

static const schema schemas[] = {
    {MSG_HELLO, "hello", 0, f_hello},       {MSG_LIST, "list", 0, f_list},
    {MSG_CREATE, "create", 0, f_create},    {MSG_JOIN, "join", 0, f_join},
    {MSG_RESUME, "resume", 0, f_resume},    {MSG_WATCH, "watch", 0, f_game},
    {MSG_MOVE, "move", 0, f_move},          {MSG_SUGGEST, "suggest", 0, f_move},
    {MSG_RESIGN, "resign", 0, f_empty},     {MSG_DRAW, "draw", 0, f_action},
    {MSG_ABORT, "abort", 0, f_empty},       {MSG_REMATCH, "rematch", 0, f_action},
    {MSG_LEAVE, "leave", 0, f_empty},       {MSG_PDN, "pdn", 0, f_game},
    {MSG_HISTORY, "history", 0, f_history}, {MSG_VARIANTS, "variants", 0, f_empty},
    {MSG_WELCOME, "welcome", 1, s_welcome}, {MSG_ERROR, "error", 1, s_error},
    {MSG_CREATED, "created", 1, s_created}, {MSG_SEATED, "seated", 1, s_seated},
    {MSG_STATE, "state", 1, s_state},       {MSG_MOVED, "moved", 1, s_moved},
    {MSG_PLAYERS, "players", 1, s_players}, {MSG_OFFER, "offer", 1, s_offer},
    {MSG_OVER, "over", 1, s_over},          {MSG_TALLY, "tally", 1, s_tally},
    {MSG_WATCHERS, "watchers", 1, s_watchers}, {MSG_GAMES, "games", 1, s_games},
    {MSG_PDN_TEXT, "pdn", 1, s_pdn},        {MSG_HISTORY_LIST, "history", 1, s_history},
    {MSG_LEFT, "left", 1, s_left},          {MSG_VARIANT_LIST, "variants", 1, s_variants},
    {MSG_CLAIM, "claim", 0, f_claim},       {MSG_SIGN_IN, "sign_in", 0, f_sign_in},
    {MSG_LINK_CODE, "link_code", 0, f_empty},
    {MSG_LINK, "link", 0, f_link},          {MSG_INVITE, "invite", 0, f_empty},
    {MSG_ACCEPT, "accept", 0, f_code},      {MSG_UNFRIEND, "unfriend", 0, f_name},
    {MSG_FRIENDS, "friends", 0, f_empty},   {MSG_BESTS, "bests", 0, f_name},
    {MSG_UPLOAD, "upload", 0, f_upload},    {MSG_DELETE_PROFILE, "delete_profile", 0, f_empty},
    {MSG_PROFILE, "profile", 1, s_profile}, {MSG_CODE, "code", 1, s_code},
    {MSG_FRIEND, "friend", 1, s_profile},   {MSG_UNFRIENDED, "unfriended", 1, s_profile},
    {MSG_FRIEND_LIST, "friends", 1, s_friends}, {MSG_BEST_LIST, "bests", 1, s_bests},
    {MSG_UPLOADED, "uploaded", 1, s_uploaded}, {MSG_DELETED, "deleted", 1, s_profile},
    {MSG_INVITATION, "invitation", 0, f_code}, {MSG_INVITER, "invitation", 1, s_profile},
};
#define NSCHEMAS (sizeof schemas / sizeof *schemas)

const char *proto_type_name(int type) {
  for (size_t i = 0; i < NSCHEMAS; i++)
    if (schemas[i].type == type) return schemas[i].name;
  return "?";
}

static const schema *schema_of(const char *name, int from_server) {
  for (size_t i = 0; i < NSCHEMAS; i++)
    if (schemas[i].from_server == from_server && strcmp(schemas[i].name, name) == 0) return &schemas[i];
  return NULL;
}

/* ------------------------------------------------------------ checking */

static int check_string(const json_t *v, const field *f, const char *where, err *e) {
  if (!json_is_string(v)) return err_set(e, "%s: field '%s' must be a string", where, f->name);
  size_t n = json_string_length(v);
  if ((json_int_t)n < f->min || (json_int_t)n > f->max)
    return err_set(e, "%s: field '%s' must be %lld to %lld bytes long", where, f->name, (long long)f->min,
                   (long long)f->max);
  return 0;
}

static int check_word(const json_t *v, const field *f, const char *where, err *e) {
  if (check_string(v, f, where, e)) return -1;
  const char *w = json_string_value(v);
  size_t n = json_string_length(v);
  if (strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != n)
    return err_set(e, "%s: field '%s' must hold only letters, digits, '-' and '_'", where, f->name);
  return 0;
}

static int check_path(const json_t *v, const field *f, const char *where, err *e) {
  size_t n = json_array_size(v);
  if (!json_is_array(v) || n < 2 || n > DR_MAX_JUMPS + 1)
    return err_set(e, "%s: field '%s' must be an array of 2 to %d point names", where, f->name, DR_MAX_JUMPS + 1);
  for (size_t i = 0; i < n; i++) {
    const json_t *p = json_array_get(v, i);
    if (!json_is_string(p) || json_string_length(p) < 1 || json_string_length(p) > 7)
      return err_set(e, "%s: field '%s' must hold point names of 1 to 7 characters", where, f->name);
  }
  return 0;
}

static int check_strings(const json_t *v, const field *f, const char *where, err *e) {
  size_t n = json_array_size(v);
  if (!json_is_array(v) || (json_int_t)n > f->max)
    return err_set(e, "%s: field '%s' must be an array of at most %lld strings", where, f->name, (long long)f->max);
  field item = {f->name, K_STR, 1, 0, 1, 64, NULL, NULL};
  for (size_t i = 0; i < n; i++)
    if (check_string(json_array_get(v, i), &item, where, e)) return -1;
  return 0;
}

static int check_enum(const json_t *v, const field *f, const char *where, err *e) {
  const char *s = json_string_value(v);
  for (int i = 0; s && f->choices[i]; i++)
    if (strcmp(s, f->choices[i]) == 0) return 0;
  char list[128] = "";
  for (int i = 0; f->choices[i]; i++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", f->choices[i]);
  }
  return err_set(e, "%s: field '%s' must be one of %s", where, f->name, list);
}

static int check_object(const json_t *obj, const field *fields, int strict, const char *where, err *e);

static int check_objects(const json_t *v, const field *f, int strict, const char *where, err *e) {
  size_t n = json_array_size(v);
  if (!json_is_array(v) || (json_int_t)n > f->max)
    return err_set(e, "%s: field '%s' must be an array of at most %lld objects", where, f->name, (long long)f->max);
  for (size_t i = 0; i < n; i++) {
    const json_t *item = json_array_get(v, i);
    if (!json_is_object(item)) return err_set(e, "%s: field '%s' must hold objects", where, f->name);
    if (check_object(item, f->sub, strict, where, e)) return -1;
  }
  return 0;
}

static int check_value(const json_t *v, const field *f, int strict, const char *where, err *e) {
  if (json_is_null(v) && f->nullable) return 0;
  switch (f->kind) {
  case K_STR: return check_string(v, f, where, e);
  case K_WORD: return check_word(v, f, where, e);
  case K_INT:
    if (!json_is_integer(v) || json_integer_value(v) < f->min || json_integer_value(v) > f->max)
      return err_set(e, "%s: field '%s' must be a whole number from %lld to %lld", where, f->name,
                     (long long)f->min, (long long)f->max);
    return 0;
  case K_BOOL: return json_is_boolean(v) ? 0 : err_set(e, "%s: field '%s' must be true or false", where, f->name);
  case K_PATH: return check_path(v, f, where, e);
  case K_STRS: return check_strings(v, f, where, e);
  case K_ENUM: return check_enum(v, f, where, e);
  case K_ARR: return json_is_array(v) ? 0 : err_set(e, "%s: field '%s' must be an array", where, f->name);
  case K_OBJS: return check_objects(v, f, strict, where, e);
  default:
    if (!json_is_object(v)) return err_set(e, "%s: field '%s' must be an object", where, f->name);
    return f->sub ? check_object(v, f->sub, strict, where, e) : 0;
  }
}

static const field *find_field(const field *fields, const char *name) {
  for (const field *f = fields; f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}

static int check_object(const json_t *obj, const field *fields, int strict, const char *where, err *e) {
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)obj, key, v) {
    const field *f = find_field(fields, key);
    if (!f && strict && strcmp(key, "type") != 0) return err_set(e, "%s: unknown field '%.40s'", where, key);
    if (f && check_value(v, f, strict, where, e)) return -1;
  }
  for (const field *f = fields; f->name; f++)
    if (f->required && !json_object_get(obj, f->name))
      return err_set(e, "%s: field '%s' is missing", where, f->name);
  return 0;
}

/* A server's strings end up on terminals and in files: each control character becomes '?',
** so that no server moves the cursor, retitles a window, makes a terminal answer back or
** writes a line of its own.  A PDN text keeps its lines. */
static void scrub(json_t *v, int lines) {
  const char *key;
  json_t *item;
  size_t i;
  if (json_is_string(v) && !text_is_plain(json_string_value(v), json_string_length(v), lines)) {
    size_t n = json_string_length(v);
    char *copy = xmalloc(n + 1);
    memcpy(copy, json_string_value(v), n);
    text_plain(copy, n, '?', lines);
    json_string_setn(v, copy, n);
    free(copy);
  } else if (json_is_array(v)) {
    json_array_foreach(v, i, item) scrub(item, lines);
  } else if (json_is_object(v)) {
    json_object_foreach(v, key, item) scrub(item, lines);
  }
}

int proto_parse(const char *text, size_t len, int from_server, proto_msg *out, const char **code, err *e) {
  json_error_t je;
  memset(out, 0, sizeof *out);
  out->id = -1;
  *code = PROTO_MALFORMED;
  json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
  if (!root) return err_set(e, "not JSON: %s at character %d", je.text, je.position);
  if (!json_is_object(root)) {
    json_decref(root);
    return err_set(e, "a message must be a JSON object");
  }
  *code = PROTO_INVALID;
  json_t *id = json_object_get(root, from_server ? "re" : "id");
  out->id = json_is_integer(id) && json_integer_value(id) >= 0 && json_integer_value(id) <= REQUEST_ID_MAX
                ? json_integer_value(id)
                : -1; /* kept when the rest is refused, so the refusal answers the request */
  const char *type = json_string_value(json_object_get(root, "type"));
  if (from_server) { /* the type's string too, which is then a new one */
    scrub(root, type && strcmp(type, "pdn") == 0);
    type = json_string_value(json_object_get(root, "type"));
  }
  const schema *sc = type ? schema_of(type, from_server) : NULL;
  if (!sc || check_object(root, sc->fields, !from_server, sc ? sc->name : "message", e)) {
    if (!sc) err_set(e, type ? "unknown message type '%.40s'" : "a message needs a 'type' string", type);
    json_decref(root);
    return -1;
  }
  out->type = sc->type;
  out->root = root;
  return 0;
}

void proto_msg_free(proto_msg *m) {
  json_decref(m->root);
  m->root = NULL;
}

const char *proto_str(const json_t *obj, const char *field) { return json_string_value(json_object_get(obj, field)); }

json_int_t proto_int(const json_t *obj, const char *field, json_int_t fallback) {
  json_t *v = json_object_get(obj, field);
  return json_is_integer(v) ? json_integer_value(v) : fallback;
}

int proto_bool(const json_t *obj, const char *field, int fallback) {
  json_t *v = json_object_get(obj, field);
  return json_is_boolean(v) ? json_is_true(v) : fallback;
}

/* ------------------------------------------------------------ building */

json_t *proto_new(int type) { return json_pack("{s:s}", "type", proto_type_name(type)); }

char *proto_dump(json_t *msg, size_t *len) {
  char *text = json_dumps(msg, JSON_COMPACT);
  json_decref(msg);
  if (!text) {
    fputs("draughts: out of memory\n", stderr);
    abort();
  }
  if (len) *len = strlen(text);
  return text;
}

const char *proto_side(int side) { return side == DR_WHITE ? "white" : side == DR_BLACK ? "black" : NULL; }

int proto_side_of(const char *name) {
  if (name && strcmp(name, "white") == 0) return DR_WHITE;
  if (name && strcmp(name, "black") == 0) return DR_BLACK;
  return -1;
}

json_t *proto_side_or_null(int side) { return side < 0 ? json_null() : json_string(proto_side(side)); }

/* ------------------------------------------------------------ moves */

json_t *proto_path(const dr_geometry *g, const dr_move *m) {
  const uint8_t *land;
  int n = move_landings(m, &land);
  json_t *path = json_array();
  json_array_append_new(path, json_string(g->point[m->from].name));
  for (int i = 0; i < n; i++) json_array_append_new(path, json_string(g->point[land[i]].name));
  return path;
}

/* The points of a path as bits; -1 and 'e' for a name that is no point. */
static int path_points(const dr_geometry *g, const json_t *path, uint8_t *pts, err *e) {
  size_t n = json_array_size(path);
  if (n < 2 || n > DR_MAX_JUMPS + 1) return err_set(e, "a move goes through 2 to %d points", DR_MAX_JUMPS + 1);
  for (size_t i = 0; i < n; i++) {
    const char *name = json_string_value(json_array_get(path, i));
    int bit = name ? point_find(g, name, strlen(name)) : -1;
    if (bit < 0) return err_set(e, "'%.8s' is not a point of this board", name ? name : "?");
    pts[i] = (uint8_t)bit;
  }
  return (int)n;
}

int proto_find_move(const dr_geometry *g, const dr_movelist *legal, const json_t *path, const dr_move **out,
                    err *e) {
  uint8_t pts[DR_MAX_JUMPS + 1];
  int n = path_points(g, path, pts, e);
  if (n < 0) return -1;
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    const uint8_t *land;
    int k = move_landings(m, &land);
    if (m->from == pts[0] && k == n - 1 && memcmp(land, pts + 1, (size_t)k) == 0) return *out = m, 0;
  }
  char text[256] = "";
  for (int i = 0; i < n; i++) {
    size_t used = strlen(text);
    snprintf(text + used, sizeof text - used, "%s%s", i ? "-" : "", g->point[pts[i]].name);
  }
  return err_set(e, "%s is not a legal move here", text);
}

json_t *proto_points(const dr_geometry *g, dr_bits set) {
  json_t *list = json_array();
  for (; set; set &= set - 1) json_array_append_new(list, json_string(g->point[__builtin_ctzll(set)].name));
  return list;
}

json_t *proto_legal(const dr_geometry *g, const dr_movelist *legal) {
  json_t *list = json_array();
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    json_t *jumped = json_array();
    for (int k = 0; k < m->njumps; k++) json_array_append_new(jumped, json_string(g->point[m->jumped[k]].name));
    json_array_append_new(list, json_pack("{s:o, s:o}", "path", proto_path(g, m), "jumped", jumped));
  }
  return list;
}

/* ------------------------------------------------------------ the board */

static const char *draw_name(int draw) {
  return draw == DR_DRAW_CHECKERED ? "checkered" : draw == DR_DRAW_SQUARES ? "squares" : "lines";
}

json_t *proto_geometry(const dr_geometry *g) {
  json_t *points = json_array(), *lines = json_array();
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    const dr_point *p = &g->point[i];
    json_t *pt = json_pack("{s:s, s:i, s:i}", "name", p->name, "file", p->file, "rank", p->rank);
    if (p->number) json_object_set_new(pt, "number", json_integer(p->number));
    json_array_append_new(points, pt);
  }
  for (int i = 0; i < g->nlines; i++)
    json_array_append_new(lines, json_pack("[s, s]", g->point[g->lines[i][0]].name, g->point[g->lines[i][1]].name));
  return json_pack("{s:i, s:i, s:s, s:o, s:o, s:{s:o, s:o}}", "files", g->files, "ranks", g->ranks, "draw",
                   draw_name(g->draw), "points", points, "lines", lines, "promotion", "white",
                   proto_points(g, g->promotion[DR_WHITE]), "black", proto_points(g, g->promotion[DR_BLACK]));
}

int proto_result_of(const char *text) {
  static const char *const names[] = {"*", "1-0", "0-1", "1/2-1/2"};
  for (int r = DR_ONGOING; text && r <= DR_DRAW; r++)
    if (strcmp(text, names[r]) == 0) return r;
  return -1;
}
