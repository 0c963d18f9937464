/*
** wire.c — the server's messages about a game, as sdk/docs/protocol.md shows them:
** the whole state (for someone who arrives), a move played, the seats, offers, the
** end, the spectators' tally, the listing of a public game.  Times are milliseconds
** left at the moment the message is made; a client counts down from when it arrives.
*/
#include "server_internal.h"

#include <string.h>

#include "notation.h"
#include "position.h"

static const char *const status_name[] = {"waiting", "playing", "over"};

static void set(json_t *obj, const char *key, json_t *value) { json_object_set_new(obj, key, value); }

static json_t *game_message(const table *t, int type) {
  json_t *m = proto_new(type);
  set(m, "game", json_string(t->row.id));
  return m;
}

json_t *wire_clock(const table *t, int64_t now) {
  if (t->row.initial_ms <= 0) return json_null();
  int running = table_clock_running(t) ? table_side_to_move(t) : -1;
  return json_pack("{s:I, s:I, s:I, s:I, s:o, s:I}", "initial", (json_int_t)(t->row.initial_ms / 1000), "increment",
                   (json_int_t)(t->row.increment_ms / 1000), "white", (json_int_t)table_clock_left(t, DR_WHITE, now),
                   "black", (json_int_t)table_clock_left(t, DR_BLACK, now), "running", proto_side_or_null(running),
                   "lag", (json_int_t)t->row.lag_ms);
}

/* A seat: who sits there (a guest: anyone not signed in to the profile of that name),
** whether they are connected, and how long an empty seat has left before it loses
** (never past its own clock). */
static json_t *seat(const table *t, int side, int64_t now) {
  if (!t->row.seated[side]) return json_null();
  json_t *gone = json_null();
  if (!t->seat[side] && !t->remote[side] && t->gone_since[side] && t->row.status != GAMEDB_OVER) {
    int64_t left = t->srv->cfg.seat_timeout_ms - (now - t->gone_since[side]);
    int64_t clock = table_clock_left(t, side, now);
    if (clock >= 0 && t->row.status == GAMEDB_PLAYING && side == table_side_to_move(t) && clock < left) left = clock;
    gone = json_integer(left > 0 ? left : 0);
  }
  json_t *computer = computer_wire(t, side);
  int connected = t->seat[side] || t->remote[side] || computer;
  json_t *s = json_pack("{s:s, s:b, s:b, s:o}", "name", t->row.name[side], "guest", table_guest(t, side),
                        "connected", connected, "gone", gone);
  if (computer) set(s, "computer", computer);
  return s;
}

json_t *wire_players(const table *t, int64_t now) {
  json_t *m = game_message(t, MSG_PLAYERS);
  set(m, "white", seat(t, DR_WHITE, now));
  set(m, "black", seat(t, DR_BLACK, now));
  return m;
}

json_t *wire_watchers(const table *t) {
  json_t *m = game_message(t, MSG_WATCHERS);
  set(m, "count", json_integer(table_watchers(t)));
  return m;
}

/* The suggestions of the current ply, most suggested first. */
/* A move as the variant writes it (by square numbers where its PDN uses them), as the terminal does. */
static void variant_text(const table *t, const dr_move *m, char *out, size_t len) {
  move_text(t->rs->v->geometry, m, pdn_notation(t->rs->v), out, len);
}

static json_t *tally_list(const table *t) {
  const dr_geometry *g = t->rs->v->geometry;
  int move[512], count[512], n = 0;
  for (int i = 0; i < t->nsugg; i++) {
    int k = 0;
    while (k < n && move[k] != t->sugg[i].move) k++;
    if (k == n && n < 512) move[n] = t->sugg[i].move, count[n++] = 0;
    if (k < n) count[k]++;
  }
  json_t *list = json_array();
  for (int done = 0; done < n; done++) {
    int best = -1;
    for (int k = 0; k < n; k++)
      if (count[k] > 0 && (best < 0 || count[k] > count[best])) best = k;
    char text[256];
    const dr_move *m = &t->g.legal.moves[move[best]];
    variant_text(t, m, text, sizeof text);
    json_array_append_new(list, json_pack("{s:o, s:s, s:i}", "path", proto_path(g, m), "text", text, "count", count[best]));
    count[best] = 0;
  }
  return list;
}

json_t *wire_tally(const table *t) {
  json_t *m = game_message(t, MSG_TALLY);
  set(m, "ply", json_integer(t->g.count));
  set(m, "suggestions", tally_list(t));
  return m;
}

json_t *wire_offer(const table *t, const char *event, const char *kind, int by) {
  json_t *m = game_message(t, MSG_OFFER);
  set(m, "draw", proto_side_or_null(t->draw_offer));
  set(m, "rematch", proto_side_or_null(t->rematch_offer));
  set(m, "event", json_string(event));
  set(m, "kind", json_string(kind));
  set(m, "by", proto_side_or_null(by));
  return m;
}

json_t *wire_over(const table *t, int64_t now) {
  json_t *m = game_message(t, MSG_OVER);
  set(m, "result", json_string(result_text(t->row.result)));
  set(m, "reason", json_string(t->row.reason));
  set(m, "clock", wire_clock(t, now));
  return m;
}

/* What every message about the position carries: the legal moves for input one
** landing point at a time, and the pieces that must capture. */
static void position_fields(const table *t, json_t *m) {
  const dr_geometry *g = t->rs->v->geometry;
  char fen[1024];
  dr_bits must = 0;
  int on = t->row.status == GAMEDB_PLAYING;
  fen_write(g, game_position(&t->g), NOTATION_ALGEBRAIC, fen, sizeof fen);
  if (on) movelist_movable(&t->g.legal, &must);
  set(m, "fen", json_string(fen));
  set(m, "turn", json_string(proto_side(table_side_to_move(t))));
  set(m, "legal", on ? proto_legal(g, &t->g.legal) : json_array());
  set(m, "must_capture", proto_points(g, must));
  set(m, "status", json_string(status_name[t->row.status]));
  set(m, "result", json_string(result_text(t->row.result)));
  set(m, "reason", json_string(t->row.reason));
  set(m, "draw_offer", proto_side_or_null(t->draw_offer));
}

json_t *wire_moved(const table *t, int64_t now) {
  const dr_geometry *g = t->rs->v->geometry;
  const dr_move *last = &t->g.ply[t->g.count - 1].move;
  char text[256];
  json_t *m = game_message(t, MSG_MOVED);
  variant_text(t, last, text, sizeof text);
  set(m, "ply", json_integer(t->g.count - 1));
  set(m, "path", proto_path(g, last));
  set(m, "text", json_string(text));
  position_fields(t, m);
  set(m, "clock", wire_clock(t, now));
  return m;
}

static json_t *move_list(const table *t) {
  const dr_geometry *g = t->rs->v->geometry;
  json_t *list = json_array();
  for (int i = 0; i < t->g.count; i++) {
    char text[256];
    const dr_move *mv = &t->g.ply[i].move;
    variant_text(t, mv, text, sizeof text);
    char fen[1024];
    fen_write(g, &t->g.ply[i + 1].pos, NOTATION_ALGEBRAIC, fen, sizeof fen); /* to look back without rules */
    json_t *entry = json_pack("{s:o, s:s, s:s}", "path", proto_path(g, mv), "text", text, "fen", fen);
    if (t->row.initial_ms > 0) set(entry, "clock", json_integer(t->clock_after[i]));
    json_array_append_new(list, entry);
  }
  return list;
}

json_t *wire_state(const table *t, int role, int64_t now) {
  const dr_geometry *g = t->rs->v->geometry;
  char start[1024];
  json_t *m = game_message(t, MSG_STATE);
  set(m, "you", json_string(role == ROLE_SPECTATOR ? "spectator" : proto_side(role)));
  if (role != ROLE_SPECTATOR) set(m, "code", json_string(t->row.code));
  set(m, "variant", json_string(t->rs->v->name));
  set(m, "title", json_string(t->rs->v->title));
  set(m, "sides", json_pack("{s:s, s:s}", "white", side_name(t->rs->v, DR_WHITE), "black", side_name(t->rs->v, DR_BLACK)));
  set(m, "rules", json_string(t->row.rules));
  set(m, "geometry", proto_geometry(g));
  fen_write(g, &t->g.ply[0].pos, NOTATION_ALGEBRAIC, start, sizeof start);
  set(m, "start", json_string(start));
  set(m, "moves", move_list(t));
  set(m, "ply", json_integer(t->g.count));
  position_fields(t, m);
  set(m, "clock", wire_clock(t, now));
  json_t *players = wire_players(t, now);
  set(m, "players", json_pack("{s:O, s:O}", "white", json_object_get(players, "white"), "black",
                              json_object_get(players, "black")));
  json_decref(players);
  set(m, "rematch_offer", proto_side_or_null(t->rematch_offer));
  set(m, "watchers", json_integer(table_watchers(t)));
  int sees_tally = role == ROLE_SPECTATOR || role == table_side_to_move(t);
  set(m, "tally", sees_tally ? json_pack("{s:i, s:o}", "ply", t->g.count, "suggestions", tally_list(t)) : json_null());
  return m;
}

/* A public game as the list shows it, from its row: one this node holds, or one the
** shared store lists. */
json_t *wire_listed(const dr_variant *v, const gamedb_game *row, int plies, int watchers) {
  json_t *clock = row->initial_ms > 0 ? json_pack("{s:I, s:I}", "initial", (json_int_t)(row->initial_ms / 1000),
                                                  "increment", (json_int_t)(row->increment_ms / 1000))
                                      : json_null();
  json_t *names[2];
  for (int side = 0; side < 2; side++) names[side] = row->seated[side] ? json_string(row->name[side]) : json_null();
  json_t *m = json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:s, s:i, s:i}", "game", row->id, "variant", v->name,
                        "title", v->title, "rules", row->rules, "clock", clock, "white", names[0], "black", names[1],
                        "status", status_name[row->status], "plies", plies, "watchers", watchers);
  if (row->status == GAMEDB_WAITING) set(m, "code", json_string(row->code)); /* a public game: anyone may join */
  return m;
}

json_t *wire_summary(const table *t) { return wire_listed(t->rs->v, &t->row, t->g.count, table_watchers(t)); }
