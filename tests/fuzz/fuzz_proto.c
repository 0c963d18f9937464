/*
** fuzz_proto.c — the online protocol's reader (sdk/docs/protocol.md): "VARIANT\nFEN\n
** MESSAGE".  The message is read as a client's (what the server takes from anyone) and
** as a server's (what a client takes from the server it connected to).  A refusal must
** be one line under one of the protocol's codes; a message taken must be written and
** read back as the same type with the same id, and a server's must hold no control
** character (but a PDN text's line breaks).  Its "path", where it has one, must name
** a legal move of the position (the FEN, or the variant's start) that the move's own
** path names again, or be refused in one line; so must every legal move's path.
*/
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "notation.h"
#include "position.h"
#include "proto.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  return 0;
}

/* The legal move 'path' names, found again from the path written for it. */
static void path_names_again(const dr_geometry *g, const dr_movelist *legal, const dr_move *m) {
  json_t *path = proto_path(g, m);
  const dr_move *found = NULL;
  err e = {{0}};
  fuzz_require(proto_find_move(g, legal, path, &found, &e) == 0, "a legal move's path names no move", e.msg);
  fuzz_require(move_same_effect(found, m), "a legal move's path names another move", NULL);
  json_decref(path);
}

static void check_path(const game *g, const json_t *path) {
  const dr_geometry *geo = g->rs->v->geometry;
  const dr_move *m = NULL;
  err e = {{0}};
  if (proto_find_move(geo, &g->legal, path, &m, &e) == 0) path_names_again(geo, &g->legal, m);
  else fuzz_require_message(&e);
}

/* The message as written by proto_dump reads back as the same message. */
static void reads_back(const proto_msg *m, int from_server) {
  size_t len;
  char *text = proto_dump(json_incref(m->root), &len);
  proto_msg again;
  const char *code;
  err e = {{0}};
  fuzz_require(proto_parse(text, len, from_server, &again, &code, &e) == 0, "a message taken reads back refused", e.msg);
  fuzz_require(again.type == m->type && again.id == m->id, "a message taken reads back as another", text);
  proto_msg_free(&again);
  free(text);
}

/* No string of a server's message taken holds a control character (a PDN text keeps its lines). */
static void plain_strings(const json_t *v, int lines) {
  const char *key;
  json_t *item;
  size_t i;
  if (json_is_string(v)) {
    const unsigned char *s = (const unsigned char *)json_string_value(v);
    for (i = 0; i < json_string_length(v); i++) {
      int line = lines && (s[i] == '\n' || s[i] == '\r' || s[i] == '\t');
      fuzz_require((s[i] >= ' ' || line) && s[i] != 0x7f && !(s[i] == 0xC2 && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F),
                   "a server's string holds a control character", NULL);
    }
  } else if (json_is_array(v)) {
    json_array_foreach((json_t *)v, i, item) plain_strings(item, lines);
  } else if (json_is_object(v)) {
    json_object_foreach((json_t *)v, key, item) plain_strings(item, lines);
  }
}

static void read_message(const game *g, const char *text, size_t len, int from_server) {
  proto_msg m;
  const char *code = NULL;
  err e = {{0}};
  if (proto_parse(text, len, from_server, &m, &code, &e) != 0) {
    fuzz_require_message(&e);
    fuzz_require(code && (strcmp(code, PROTO_MALFORMED) == 0 || strcmp(code, PROTO_INVALID) == 0),
                 "a refusal under no protocol code", code);
    return;
  }
  fuzz_require(m.type > MSG_NONE && m.type < MSG_COUNT, "a message of no type", text);
  reads_back(&m, from_server);
  if (from_server) plain_strings(m.root, m.type == MSG_PDN_TEXT);
  const json_t *path = json_object_get(m.root, "path");
  if (path && g) check_path(g, path);
  proto_msg_free(&m);
}

static int start_game(const ruleset *rs, const char *fen, game *g) {
  dr_position start;
  err e = {{0}};
  if (fen_read(rs, fen, &start, &e) != 0 && rs->initial(&rs->rules, &start) != DR_OK) return -1;
  fuzz_require(game_init(g, rs, &start, &e) == 0, "a valid position starts no game", e.msg);
  for (int i = 0; i < g->legal.count; i++) path_names_again(rs->v->geometry, &g->legal, &g->legal.moves[i]);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *rest = text;
  const ruleset *rs = fuzz_variant_line(&rest);
  const char *fen = fuzz_line(&rest);
  game g;
  int have_game = rs && start_game(rs, fen, &g) == 0;
  read_message(have_game ? &g : NULL, rest, strlen(rest), 0);
  read_message(have_game ? &g : NULL, rest, strlen(rest), 1);
  if (have_game) game_free(&g);
  free(text);
  return 0;
}
