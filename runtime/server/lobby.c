/*
** lobby.c — what happens before and around a game: the hello, creating a game from
** the variant's declared presets and options only (a client never sends Lua or a
** path), joining by code, coming back with a seat's token, watching, the list of
** public games (pushed again when it changes to the connections that subscribe to it;
** every node's on a shared store), finished games as PDN and by nickname, the limits per client
** address, and reading the live games back from the store when the server starts.
*/
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nickname.h"
#include "notation.h"
#include "profile.h"
#include "search.h"

#define LIST_MAX 200    /* games in one answer to 'list' */
#define HISTORY_PAGE 50 /* games in one answer to 'history' */

/* ------------------------------------------------------------ addresses */

server_addr *addr_find(server *srv, const char *name) {
  for (int i = 0; i < srv->naddrs; i++)
    if (strcmp(srv->addrs[i]->name, name) == 0) return srv->addrs[i];
  if (srv->naddrs == srv->addr_cap)
    srv->addrs = xrealloc(srv->addrs, (size_t)(srv->addr_cap = srv->addr_cap * 2 + 8) * sizeof *srv->addrs);
  server_addr *a = xmalloc(sizeof *a);
  memset(a, 0, sizeof *a);
  snprintf(a->name, sizeof a->name, "%s", name);
  srv->addrs[srv->naddrs++] = a;
  return a;
}

static void addr_forget_if_idle(server *srv, server_addr *a) {
  if (a->connections > 0 || a->games > 0) return;
  for (int i = 0; i < srv->naddrs; i++)
    if (srv->addrs[i] == a) {
      srv->addrs[i] = srv->addrs[--srv->naddrs];
      free(a);
      return;
    }
}

void addr_release(server *srv, server_addr *a) {
  a->connections--;
  addr_forget_if_idle(srv, a);
}

void table_release(table *t) {
  if (!t->counted) return;
  server_addr *a = addr_find(t->srv, t->creator);
  t->counted = 0;
  a->games--;
  addr_forget_if_idle(t->srv, a);
}

/* ------------------------------------------------------------- tables */

void random_text(char *out, int n) {
  static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789"; /* no l, o, 0, 1 */
  unsigned char bytes[64];
  if (n > (int)sizeof bytes) abort();
  os_random(bytes, (size_t)n);
  for (int i = 0; i < n; i++) out[i] = alphabet[bytes[i] & 31];
  out[n] = '\0';
}

/* 13 characters of 32 are 65 bits: ids drawn on every node of a shared store, for as
** long as it keeps games, stay apart but for a chance the store still catches at insert. */
#define GAME_ID_CHARS 13

void lobby_new_id(server *srv, char id[GAMEDB_ID_MAX + 1]) {
  do random_text(id, GAME_ID_CHARS);
  while (lobby_find(srv, id));
}

static void lobby_remove(server *srv, table *t) {
  for (int i = 0; i < srv->ntables; i++)
    if (srv->tables[i] == t) srv->tables[i] = srv->tables[--srv->ntables];
  table_free(t);
}

/* A new game whose id the store already had (another node's, or a finished game's): its
** writes and what its people were told from 'batch' on are taken back, they hear why, and
** it leaves memory.  One request fails; the server and the stored game are untouched. */
void lobby_id_taken(server *srv, const char *id, int batch) {
  table *t = lobby_find(srv, id);
  if (!t) return;
  writer_forget(srv, id);
  computer_stop(t);
  for (int side = 0; side < 2; side++) {
    conn *c = t->seat[side];
    if (!c) continue;
    conn_unsend(c, batch);
    conn_error(c, -1, "store", "the game could not be stored (its id %s was taken): create it again", id);
  }
  for (int i = 0; i < t->nwatchers; i++) conn_unsend(t->watchers[i], batch);
  lobby_remove(srv, t);
}

table *lobby_find(server *srv, const char *id) {
  for (int i = 0; i < srv->ntables; i++)
    if (strcmp(srv->tables[i]->row.id, id) == 0) return srv->tables[i];
  return NULL;
}

static table *find_code(server *srv, const char *code) {
  for (int i = 0; i < srv->ntables; i++)
    if (strcmp(srv->tables[i]->row.code, code) == 0) return srv->tables[i];
  return NULL;
}

/* A game here, or one another node sharing the store began. */
static table *find_any(server *srv, const char *id, const char *code) {
  table *t = id ? lobby_find(srv, id) : find_code(srv, code);
  return t ? t : cluster_load(srv, id, code);
}

void lobby_add(server *srv, table *t) {
  if (srv->ntables == srv->table_cap)
    srv->tables = xrealloc(srv->tables, (size_t)(srv->table_cap = srv->table_cap * 2 + 16) * sizeof *srv->tables);
  srv->tables[srv->ntables++] = t;
}

/* ---------------------------------------------------------------- hello */

static void hello(conn *c, const proto_msg *m) {
  json_int_t version = proto_int(m->root, "protocol", 0);
  const char *name = proto_str(m->root, "name");
  err e;
  if (version != PROTO_VERSION) {
    conn_error(c, m->id, "protocol", "this server speaks protocol %d, not %lld", PROTO_VERSION, (long long)version);
    return conn_close_after(c, LWS_CLOSE_STATUS_PROTOCOL_ERR);
  }
  if (name && profile_check_nickname(name, &e)) return conn_error(c, m->id, PROTO_INVALID, "hello: %s", e.msg);
  if (!c->signed_in) /* a profile's seats carry its nickname, never another name */
    snprintf(c->name, sizeof c->name, "%s", name ? name : "guest");
  c->hello = 1;
  json_t *w = proto_new(MSG_WELCOME);
  json_object_set_new(w, "protocol", json_integer(PROTO_VERSION));
  json_object_set_new(w, "server", json_string("draughts " DRAUGHTS_VERSION));
  json_object_set_new(w, "limits", json_pack("{s:i, s:f, s:f, s:i}", "message", PROTO_MAX_MESSAGE, "rate",
                                             c->srv->cfg.rate, "suggest_rate", SUGGEST_RATE, "seat_timeout",
                                             c->srv->cfg.seat_timeout_ms / 1000));
  conn_send(c, w);
}

/* A seat is a profile's only when its player was signed in when taking it: the store
** keeps the profile of the key, or none (a guest, whatever name the hello gave). */
static void seat_player(table *t, int side, const conn *c) {
  t->row.signed_in[side] = c->signed_in;
  memcpy(t->row.key[side], c->key, GAMEDB_HASH);
}

/* --------------------------------------------------------------- create */

static const plugin *find_variant(conn *c, const proto_msg *m, const char *name) {
  const plugin *p = registry_find(c->srv->reg, name);
  if (p) return p;
  char list[256] = "";
  for (int i = 0; i < c->srv->reg->count; i++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", c->srv->reg->items[i]->v.name);
  }
  conn_error(c, m->id, "not_found", "no variant '%s' on this server (variants: %s)", name, list);
  return NULL;
}

/* The rules a creator asks for as a spec: a declared preset by name, declared options. */
static int rules_of(conn *c, const proto_msg *m, const plugin *p, char *spec, size_t len) {
  const char *preset = proto_str(m->root, "rules");
  json_t *sets = json_object_get(m->root, "set");
  ruleset rs;
  err e;
  if (preset && !name_is_valid(preset, 63)) /* a name, never a path to a script */
    return conn_error(c, m->id, PROTO_INVALID, "create: 'rules' names a preset: [a-z0-9_]+"), -1;
  int rc = rules_load(&rs, &p->v, preset, &e);
  for (size_t i = 0; rc == 0 && i < json_array_size(sets); i++)
    rc = rules_set(&rs, json_string_value(json_array_get(sets, i)), &e);
  if (rc == 0) rules_spec(&rs, spec, len);
  rules_free(&rs); /* also after a failed 'rules_load', which leaves nothing to free */
  if (rc) conn_error(c, m->id, PROTO_INVALID, "create: %s", e.msg);
  return rc;
}

static int creator_side(const proto_msg *m) {
  const char *side = proto_str(m->root, "side");
  unsigned char coin;
  if (side && strcmp(side, "random") != 0) return proto_side_of(side);
  os_random(&coin, 1);
  return coin & 1;
}

static void new_row(conn *c, const proto_msg *m, const plugin *p, const char *spec, gamedb_game *row) {
  json_t *clock = json_object_get(m->root, "clock");
  memset(row, 0, sizeof *row);
  lobby_new_id(c->srv, row->id);
  do random_text(row->code, 6);
  while (find_code(c->srv, row->code));
  snprintf(row->variant, sizeof row->variant, "%s", p->v.name);
  snprintf(row->rules, sizeof row->rules, "%s", spec);
  if (json_is_object(clock)) {
    row->initial_ms = proto_int(clock, "initial", 0) * 1000;
    row->increment_ms = proto_int(clock, "increment", 0) * 1000;
  }
  row->lag_ms = c->srv->cfg.lag_ms;
  row->listed = proto_bool(m->root, "public", 0);
  row->status = GAMEDB_WAITING;
  row->clock_ms[0] = row->clock_ms[1] = row->initial_ms;
  row->created = wall_ms();
}

static void created(conn *c, const proto_msg *m, table *t, int side) {
  char token[PROTO_MAX_TOKEN + 1];
  table_seat_token(t, side, c->name, token);
  seat_player(t, side, c);
  store_insert(t);
  snprintf(t->creator, sizeof t->creator, "%s", c->addr->name);
  t->counted = 1;
  c->addr->games++;
  lobby_add(c->srv, t);
  table_attach(t, c, side);
  json_t *r = proto_new(MSG_CREATED);
  json_object_set_new(r, "game", json_string(t->row.id));
  json_object_set_new(r, "code", json_string(t->row.code));
  json_object_set_new(r, "token", json_string(token));
  json_object_set_new(r, "side", json_string(proto_side(side)));
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
  table_send_state(t, c);
}

/* A game against the computer starts at once, with the computer in the other seat, whose
** moves wait their turn in the engine's queue however long it is. */
static void computer_wanted(const proto_msg *m, int *level, int *streak) {
  const char *text = proto_str(m->root, "computer");
  *level = text ? computer_level_of(text, streak) : 0;
}

static void create(conn *c, const proto_msg *m) {
  char spec[256];
  gamedb_game row;
  err e;
  int level, streak;
  if (c->addr->games >= c->srv->cfg.max_games)
    return conn_error(c, m->id, "limit", "too many open games from %s: at most %d", c->addr->name,
                      c->srv->cfg.max_games);
  const plugin *p = find_variant(c, m, proto_str(m->root, "variant"));
  if (!p || rules_of(c, m, p, spec, sizeof spec)) return;
  computer_wanted(m, &level, &streak);
  new_row(c, m, p, spec, &row);
  table *t = table_new(c->srv, &row, &e);
  if (!t || (level && search_prepare(t->rs, &e))) {
    table_free(t);
    return conn_error(c, m->id, PROTO_INVALID, "create: %s", e.msg);
  }
  table_detach(c);
  int side = creator_side(m);
  created(c, m, t, side);
  if (!level) return;
  computer_seat(t, side ^ 1, level, streak);
  store_seat(t, side ^ 1);
  table_start(t, wall_ms());
}

/* ------------------------------------------------------- join, resume */

static void seated(conn *c, const proto_msg *m, table *t, int side, const char *token) {
  json_t *r = proto_new(MSG_SEATED);
  json_object_set_new(r, "game", json_string(t->row.id));
  if (token) json_object_set_new(r, "token", json_string(token));
  json_object_set_new(r, "side", json_string(proto_side(side)));
  if (m && m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
}

static void join(conn *c, const proto_msg *m) {
  char token[PROTO_MAX_TOKEN + 1];
  if (!code_attempt(c->srv, c->addr->name, 0))
    return conn_error(c, m->id, "rate_limited", "too many attempts at codes from %s: one more a minute", c->addr->name);
  table *t = find_any(c->srv, NULL, proto_str(m->root, "code"));
  if (!t) return conn_error(c, m->id, "not_found", "no game has the code '%s'", proto_str(m->root, "code"));
  code_attempt(c->srv, c->addr->name, 1);
  if (t->row.status != GAMEDB_WAITING) /* not its id: a code is not a way in to watch a private game */
    return conn_error(c, m->id, "full", "that game has both its players");
  int side = t->row.seated[DR_WHITE] ? DR_BLACK : DR_WHITE;
  table_detach(c);
  table_seat_token(t, side, c->name, token);
  seat_player(t, side, c);
  store_seat(t, side);
  table_attach(t, c, side);
  seated(c, m, t, side, token);
  table_start(t, wall_ms());
}

static void resume(conn *c, const proto_msg *m) {
  const char *id = proto_str(m->root, "game"), *token = proto_str(m->root, "token");
  table *t = find_any(c->srv, id, NULL);
  if (!t) return conn_error(c, m->id, "not_found", "no game '%s' is being played here", id);
  int side = -1;
  for (int k = 0; k < 2; k++) /* both compared, whatever the first gives */
    if (table_token_matches(t, k, token)) side = k;
  if (side < 0) return conn_error(c, m->id, "bad_token", "that token holds no seat in game %s", id);
  if (t->seat[side] != c) {
    table_take_seat(t, side);
    table_detach(c);
    table_attach(t, c, side);
    cluster_taken(t, side);
  }
  seated(c, m, t, side, NULL);
  table_send_state(t, c);
}

/* A game as the store keeps it, played again with the runtime and its plugin, as a
** restarted server rebuilds its live games. */
static table *rebuild(server *srv, const gamedb_game *row, const gamedb_move *moves, int n, err *e) {
  table *t = table_new(srv, row, e);
  if (t && table_replay(t, moves, n, e) == 0) return t;
  table_free(t);
  return NULL;
}

typedef struct replay {
  conn *c;
  const proto_msg *m;
  int shown;
} replay;

/* A finished game the server no longer holds, from the store: rebuilt, its state sent
** to the spectator, and nothing kept (the spectator is at no table afterwards). */
static int send_finished(void *ud, const gamedb_game *row, const gamedb_move *moves, int n) {
  replay *r = ud;
  err e;
  if (row->status != GAMEDB_OVER) return 0; /* one that could not be restored: unknown here */
  table *t = rebuild(r->c->srv, row, moves, n, &e);
  r->shown = 1;
  if (!t) {
    conn_error(r->c, r->m->id, "not_found", "game %s ended but cannot be replayed here: %s", row->id, e.msg);
    return 0;
  }
  table_detach(r->c);
  conn_send(r->c, wire_state(t, ROLE_SPECTATOR, wall_ms()));
  table_free(t);
  return 0;
}

static void watch_finished(conn *c, const proto_msg *m, const char *id) {
  replay r = {c, m, 0};
  err e;
  if (c->srv->db->ops->game(c->srv->db, id, NULL, 0, send_finished, &r, &e) < 0)
    return conn_error(c, m->id, "store", "%s", e.msg);
  if (!r.shown) conn_error(c, m->id, "not_found", "no game '%s' is being played here", id);
}

static void watch(conn *c, const proto_msg *m) {
  const char *id = proto_str(m->root, "game");
  table *t = find_any(c->srv, id, NULL);
  if (!t) return watch_finished(c, m, id);
  if (c->t != t || c->role != ROLE_SPECTATOR) { /* watching it already: the state again, nothing else */
    table_detach(c);
    table_attach(t, c, ROLE_SPECTATOR);
  }
  table_send_state(t, c);
}

/* ------------------------------------------------------------- listings */

typedef struct listing {
  server *srv;
  json_t *games;
} listing;

/* A game the shared store lists; as this node holds it when it does (that is fresher). */
static int listed_row(void *ud, const gamedb_game *g, int watchers) {
  listing *l = ud;
  const table *t = lobby_find(l->srv, g->id);
  const plugin *p = registry_find(l->srv->reg, g->variant);
  if (t && t->row.status != GAMEDB_OVER) json_array_append_new(l->games, wire_summary(t));
  else if (!t && p) json_array_append_new(l->games, wire_listed(&p->v, g, g->plies, watchers));
  return 0;
}

/* The public games waiting or being played — every node's, on a shared store — as the
** 'games' message shows them; NULL and 'e' when the store cannot say. */
static json_t *public_games(server *srv, err *e) {
  json_t *games = json_array();
  listing l = {srv, games};
  if (srv->db->ops->listed) {
    if (srv->db->ops->listed(srv->db, wall_ms() - NODE_DEAD_MS, LIST_MAX, listed_row, &l, e) == 0) return games;
    json_decref(games);
    return NULL;
  }
  for (int i = 0; i < srv->ntables && json_array_size(games) < LIST_MAX; i++) {
    const table *t = srv->tables[i];
    if (t->row.listed && t->row.status != GAMEDB_OVER) json_array_append_new(games, wire_summary(t));
  }
  return games;
}

static void listen_list(conn *c, int on) {
  server *srv = c->srv;
  if (on == c->listening) return;
  if (!(c->listening = on)) return lobby_conn_gone(c);
  if (srv->nlisteners == srv->listeners_cap)
    srv->listeners =
        xrealloc(srv->listeners, (size_t)(srv->listeners_cap = srv->listeners_cap * 2 + 8) * sizeof *srv->listeners);
  srv->listeners[srv->nlisteners++] = c;
}

void lobby_conn_gone(conn *c) {
  server *srv = c->srv;
  c->listening = 0;
  for (int i = 0; i < srv->nlisteners; i++)
    if (srv->listeners[i] == c) srv->listeners[i] = srv->listeners[--srv->nlisteners];
}

static void list(conn *c, const proto_msg *m) {
  err e;
  json_t *games = public_games(c->srv, &e);
  if (!games) return conn_error(c, m->id, "store", "%s", e.msg);
  json_t *sub = json_object_get(m->root, "subscribe");
  if (sub) listen_list(c, json_is_true(sub));
  json_t *r = proto_new(MSG_GAMES);
  json_object_set_new(r, "games", games);
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
}

/* Once a LIST_PUSH_MS, when anyone subscribed: the list again, sent to them if it changed
** (a game created, joined, ended, moved, watched), so that no page polls for it. */
void lobby_tick(server *srv, int64_t now) {
  err e;
  if (!srv->nlisteners || now - srv->list_looked < LIST_PUSH_MS) return;
  srv->list_looked = now;
  json_t *games = public_games(srv, &e);
  if (!games) return; /* the store will be asked again at the next look */
  json_t *msg = proto_new(MSG_GAMES);
  json_object_set_new(msg, "games", games);
  char *text = json_dumps(msg, JSON_COMPACT);
  if (text && srv->list_sent && strcmp(text, srv->list_sent) == 0) {
    free(text);
    return json_decref(msg);
  }
  free(srv->list_sent);
  srv->list_sent = text;
  outbuf *b = outbuf_new(msg);
  b->refs++;
  for (int i = 0; i < srv->nlisteners; i++) conn_send_buf(srv->listeners[i], b);
  outbuf_drop(b);
}

void lobby_free(server *srv) {
  free(srv->listeners);
  free(srv->list_sent);
}

static void pdn(conn *c, const proto_msg *m) {
  const char *id = proto_str(m->root, "game");
  table *t = lobby_find(c->srv, id);
  err e;
  char *text = t ? table_pdn(t) : c->srv->db->ops->pdn(c->srv->db, id, &e);
  if (!text) return conn_error(c, m->id, "not_found", "%s", e.msg);
  json_t *r = proto_new(MSG_PDN_TEXT);
  json_object_set_new(r, "game", json_string(id));
  json_object_set_new(r, "text", json_string(text));
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  free(text);
  conn_send(c, r);
}

/* How a history shows a seat: a profile's by its nickname; anyone else as a guest,
** whatever name they gave (a profile's nickname, or one claimed later, included); a name
** nobody may claim ("computer") as it is. */
static const char *seat_shown(const gamedb_game *g, int side) {
  return g->signed_in[side] || nick_reserved(g->name[side]) ? g->name[side] : "guest";
}

static json_t *history_entry(const gamedb_game *g) {
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:I}", "game", g->id, "variant", g->variant, "white",
                   seat_shown(g, DR_WHITE), "black", seat_shown(g, DR_BLACK), "result", result_text(g->result),
                   "reason", g->reason, "plies", g->plies, "ended", (json_int_t)g->ended);
}

/* One page of a profile's games, newest first, read with one indexed query: a client
** asks for the next with the last one's id as 'after'. */
static void history(conn *c, const proto_msg *m) {
  const char *name = proto_str(m->root, "name");
  gamedb_game *page = xmalloc((HISTORY_PAGE + 1) * sizeof *page);
  err e;
  int n = c->srv->db->ops->history(c->srv->db, name, proto_str(m->root, "after"), page, HISTORY_PAGE + 1, &e);
  if (n < 0) {
    free(page);
    return conn_error(c, m->id, "store", "%s", e.msg);
  }
  json_t *games = json_array();
  for (int i = 0; i < n && i < HISTORY_PAGE; i++) json_array_append_new(games, history_entry(&page[i]));
  free(page);
  json_t *r = proto_new(MSG_HISTORY_LIST);
  json_object_set_new(r, "name", json_string(name));
  json_object_set_new(r, "games", games);
  json_object_set_new(r, "more", json_boolean(n > HISTORY_PAGE));
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
}

/* What a client needs to offer a game of each variant: its presets and options, as
** declared (a client never sends Lua), and what its players call their sides. */
static json_t *variant_entry(const dr_variant *v) {
  json_t *presets = json_array(), *options = json_array();
  char doc[256];
  for (const dr_preset *p = v->presets; p && p->name; p++) {
    rules_preset_doc(p->script, doc, sizeof doc);
    json_array_append_new(presets, json_pack("{s:s, s:s}", "name", p->name, "doc", doc));
  }
  for (int i = 0; i < v->noptions; i++) {
    const dr_option *o = &v->options[i];
    json_array_append_new(options, json_pack("{s:s, s:s, s:i, s:i, s:i, s:s}", "name", o->name, "type",
                                             o->type == DR_OPTION_BOOL ? "bool" : "int", "default", o->def, "min",
                                             o->min, "max", o->max, "doc", o->doc ? o->doc : ""));
  }
  return json_pack("{s:s, s:s, s:[s, s], s:o, s:o}", "name", v->name, "title", v->title, "sides", side_name(v, 0),
                   side_name(v, 1), "presets", presets, "options", options);
}

static void variants(conn *c, const proto_msg *m) {
  json_t *list = json_array();
  for (int i = 0; i < c->srv->reg->count; i++) json_array_append_new(list, variant_entry(&c->srv->reg->items[i]->v));
  json_t *r = proto_new(MSG_VARIANT_LIST);
  json_object_set_new(r, "variants", list);
  json_object_set_new(r, "levels", json_integer(SEARCH_LEVELS));
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
}

static void leave(conn *c, const proto_msg *m) {
  table_detach(c);
  json_t *r = proto_new(MSG_LEFT);
  if (m->id >= 0) json_object_set_new(r, "re", json_integer(m->id));
  conn_send(c, r);
}

/* ------------------------------------------------------------- dispatch */

void lobby_message(conn *c, const proto_msg *m) {
  if (!c->hello && m->type != MSG_HELLO) {
    conn_error(c, m->id, "protocol", "say hello first: {\"type\": \"hello\", \"protocol\": %d}", PROTO_VERSION);
    return conn_close_after(c, LWS_CLOSE_STATUS_PROTOCOL_ERR);
  }
  switch (m->type) {
  case MSG_HELLO: hello(c, m); break;
  case MSG_LIST: list(c, m); break;
  case MSG_CREATE: create(c, m); break;
  case MSG_JOIN: join(c, m); break;
  case MSG_RESUME: resume(c, m); break;
  case MSG_WATCH: watch(c, m); break;
  case MSG_LEAVE: leave(c, m); break;
  case MSG_PDN: pdn(c, m); break;
  case MSG_HISTORY: history(c, m); break;
  case MSG_VARIANTS: variants(c, m); break;
  default:
    if (!friends_message(c, m)) table_message(c, m);
    break;
  }
}

/* ---------------------------------------------------------- restoring */

static int restore_one(void *ud, const gamedb_game *row, const gamedb_move *moves, int n) {
  server *srv = ud;
  err e;
  table *t = rebuild(srv, row, moves, n, &e);
  if (!t) {
    fprintf(stderr, "draughts: serve: game %s cannot be restored: %s\n", row->id, e.msg);
    return 0; /* the others still can */
  }
  lobby_add(srv, t);
  srv->restored++;
  return 0;
}

int lobby_restore(server *srv, err *e) {
  int64_t alive = 0, now = wall_ms();
  if (srv->db->ops->last_alive(srv->db, &alive, e) < 0 || srv->db->ops->live(srv->db, restore_one, srv, e)) return -1;
  for (int i = 0; i < srv->ntables; i++) table_restore_clock(srv->tables[i], alive ? alive : now, now);
  srv->last_alive = now;
  store_alive(srv, now);
  return 0;
}
