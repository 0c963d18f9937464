/*
** session_online.c — the online game as the session plays it: the requests (create,
** join, resume, watch, list), the seat token kept for coming back, the server's
** messages turned into the session's game (the server's state replayed with the
** local plugin, its moves applied as they come), clocks and countdowns running
** between the server's words, offers, the tally, and reconnecting when the line
** drops.  The server is the referee: a move the person makes goes to it, and only
** its 'moved' puts the move on the board.  Front ends see none of this: they play
** through the host table as in a local game.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "position.h"
#include "seats.h"
#include "session_internal.h"

#define RETRY_MAX 5.0 /* seconds between attempts to reconnect, at most */

static const char *const side_title[2] = {"White", "Black"};

void online_init(session *s) {
  online_play *op = &s->op;
  memset(op, 0, sizeof *op);
  op->conn = op->list_conn = -1;
  op->side = op->clock_side = op->draw_offer = op->rematch_offer = -1;
  op->gone_ms[0] = op->gone_ms[1] = -1;
  op->sent_ply = op->mine = -1;
}

/* Forgets the game, keeping the network client and the list. */
static void forget_game(session *s) {
  online_play *op = &s->op;
  online_client *client = op->client;
  int list_conn = op->list_conn, ngames = op->ngames, listing = op->listing;
  dr_online_game *games = op->games;
  if (op->conn >= 0) online_disconnect(client, op->conn);
  free(op->request);
  free(op->tally);
  online_init(s);
  op->client = client, op->list_conn = list_conn, op->games = games, op->ngames = ngames, op->listing = listing;
}

void online_free(session *s) {
  forget_game(s);
  online_client_free(s->op.client);
  free(s->op.games);
  online_init(s);
}

int online_on(const session *s) {
  int st = s->op.state;
  return st == DR_ONLINE_WAITING || st == DR_ONLINE_PLAYING || st == DR_ONLINE_OVER || st == DR_ONLINE_RECONNECTING ||
         st == DR_ONLINE_LEFT;
}

void online_end(session *s) {
  if (s->op.state != DR_ONLINE_NONE) forget_game(s);
}

static void say(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(session *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->op.notice, sizeof s->op.notice, fmt, ap);
  va_end(ap);
  err_one_line(s->op.notice);
  s->op.events |= DR_EVENT_ONLINE;
}

/* The request failed before there was a game: the state and the error say why. */
static void failed(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void failed(session *s, const char *fmt, ...) {
  char why[ERR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  forget_game(s);
  s->op.state = DR_ONLINE_FAILED;
  session_fail(s, "%s", why);
  snprintf(s->op.notice, sizeof s->op.notice, "%s", s->error);
  err_one_line(s->op.notice);
  s->op.events |= DR_EVENT_FAILED | DR_EVENT_ONLINE;
}

/* ------------------------------------------------------------ sending */

static void send_to(session *s, int conn, json_t *msg) {
  size_t len;
  char *text = proto_dump(msg, &len);
  online_send(s->op.client, conn, text, len);
}

static void send_hello(session *s, int conn) {
  json_t *m = proto_new(MSG_HELLO);
  json_object_set_new(m, "protocol", json_integer(PROTO_VERSION));
  json_object_set_new(m, "name", json_string(s->op.nickname));
  json_object_set_new(m, "client", json_string("draughts"));
  send_to(s, conn, m);
}

/* What takes this side back to its game: the seat's token, or watching again. */
static json_t *comeback(const session *s) {
  const online_play *op = &s->op;
  if (op->side >= 0 && *op->token)
    return json_pack("{s:s, s:s, s:s}", "type", "resume", "game", op->game, "token", op->token);
  return json_pack("{s:s, s:s}", "type", "watch", "game", op->game);
}

static int open_connection(session *s, int *conn) {
  err e;
  if (!s->op.client && !(s->op.client = online_client_new(&e))) return session_fail(s, "%s", e.msg);
  if ((*conn = online_connect(s->op.client, s->op.server, &e)) < 0) return session_fail(s, "%s", e.msg);
  return 0;
}

/* ----------------------------------------------------------- requests */

static void choose_nickname(session *s, const char *asked) {
  const char *user = getenv("USER");
  err e;
  const char *name = asked ? asked : *s->sc.nickname ? s->sc.nickname : user;
  snprintf(s->op.nickname, sizeof s->op.nickname, "%s", name && profile_check_nickname(name, &e) == 0 ? name : "guest");
}

static json_t *create_request(session *s, const dr_online_request *req) {
  json_t *m = proto_new(MSG_CREATE), *sets = json_array();
  json_object_set_new(m, "variant", json_string(req->variant));
  if (req->rules) json_object_set_new(m, "rules", json_string(req->rules));
  for (int i = 0; i < req->nsets; i++) json_array_append_new(sets, json_string(req->sets[i]));
  json_object_set_new(m, "set", sets);
  if (req->clock_seconds > 0)
    json_object_set_new(m, "clock", json_pack("{s:i, s:i}", "initial", req->clock_seconds, "increment",
                                              req->increment_seconds));
  json_object_set_new(m, "side", json_string(req->side == DR_WHITE ? "white" : req->side == DR_BLACK ? "black" : "random"));
  json_object_set_new(m, "public", json_boolean(req->listed));
  (void)s;
  return m;
}

/* Joining a game this user holds a seat in resumes it. */
static json_t *join_request(session *s, const char *code) {
  seat_record r;
  online_play *op = &s->op;
  snprintf(op->code, sizeof op->code, "%s", code);
  if (seats_find(op->server, code, &r)) {
    snprintf(op->game, sizeof op->game, "%s", r.game);
    snprintf(op->code, sizeof op->code, "%s", r.code);
    snprintf(op->token, sizeof op->token, "%s", r.token);
    op->side = r.side;
    return comeback(s);
  }
  return json_pack("{s:s, s:s}", "type", "join", "code", code);
}

static int check_request(session *s, const dr_online_request *req) {
  if (!req->server || !*req->server) return session_fail(s, "no server given (HOST:PORT)");
  if (req->kind < DR_ONLINE_CREATE || req->kind > DR_ONLINE_LIST) return session_fail(s, "no such online request");
  if ((req->kind == DR_ONLINE_JOIN || req->kind == DR_ONLINE_WATCH) && (!req->code || !*req->code))
    return session_fail(s, "%s", req->kind == DR_ONLINE_JOIN ? "no join code given" : "no game id given");
  if (req->kind == DR_ONLINE_CREATE && (!req->variant || !registry_find(s->reg, req->variant)))
    return session_fail(s, "variant '%s' is not installed here", req->variant ? req->variant : "");
  if (strlen(req->server) >= sizeof s->op.server) return session_fail(s, "the server's address is too long");
  return 0;
}

static int start_list(session *s, const dr_online_request *req) {
  online_play *op = &s->op;
  char saved[sizeof op->server];
  snprintf(saved, sizeof saved, "%s", op->server);
  snprintf(op->server, sizeof op->server, "%s", req->server);
  if (op->list_conn >= 0) online_disconnect(op->client, op->list_conn);
  int rc = open_connection(s, &op->list_conn);
  if (online_on(s)) snprintf(op->server, sizeof op->server, "%s", saved); /* the game's server stays */
  if (rc) return op->list_conn = -1, -1;
  op->listing = 1;
  op->ngames = 0;
  return 0;
}

int session_online_start(session *s, const dr_online_request *req) {
  online_play *op = &s->op;
  if (check_request(s, req)) return -1;
  if (req->kind != DR_ONLINE_LIST) forget_game(s);
  choose_nickname(s, req->nickname);
  if (req->kind == DR_ONLINE_LIST) return start_list(s, req);
  snprintf(op->server, sizeof op->server, "%s", req->server);
  op->kind = req->kind;
  json_t *m = req->kind == DR_ONLINE_CREATE ? create_request(s, req)
              : req->kind == DR_ONLINE_JOIN ? join_request(s, req->code)
                                            : json_pack("{s:s, s:s}", "type", "watch", "game", req->code);
  op->request = proto_dump(m, NULL);
  if (open_connection(s, &op->conn)) return op->conn = -1, -1;
  op->state = DR_ONLINE_CONNECTING;
  return 0;
}

/* ------------------------------------------------------------ reading */

static void read_clock(online_play *op, const json_t *clock) {
  op->has_clock = json_is_object(clock);
  op->clock_side = -1;
  if (!op->has_clock) return;
  op->initial = (int)proto_int(clock, "initial", 0);
  op->increment = (int)proto_int(clock, "increment", 0);
  op->clock_ms[DR_WHITE] = proto_int(clock, "white", 0);
  op->clock_ms[DR_BLACK] = proto_int(clock, "black", 0);
  op->clock_side = proto_side_of(proto_str(clock, "running"));
  op->heard = now_seconds();
}

static void read_players(online_play *op, const json_t *msg) {
  for (int side = 0; side < 2; side++) {
    const json_t *p = json_object_get(msg, side ? "black" : "white");
    const char *name = proto_str(p, "name");
    snprintf(op->name[side], sizeof op->name[side], "%s", name ? name : "");
    op->connected[side] = proto_bool(p, "connected", 0);
    op->guest[side] = proto_bool(p, "guest", 0) && strcmp(op->name[side], "guest") != 0; /* that one says so */
    op->gone_ms[side] = proto_int(p, "gone", -1);
  }
  op->heard = now_seconds();
}

static void read_tally(session *s, const json_t *tally) {
  online_play *op = &s->op;
  json_t *list = json_object_get(tally, "suggestions");
  op->ntally = 0;
  if (!s->has_game || proto_int(tally, "ply", -1) != s->g.count) return;
  op->tally = xrealloc(op->tally, (json_array_size(list) + 1) * sizeof *op->tally);
  for (size_t i = 0; i < json_array_size(list); i++) {
    const json_t *sug = json_array_get(list, i);
    const dr_move *m;
    err e;
    if (proto_find_move(s->rs->v->geometry, &s->g.legal, json_object_get(sug, "path"), &m, &e) == 0)
      op->tally[op->ntally++] = (online_tally){*m, (int)proto_int(sug, "count", 0)};
  }
}

/* The server's rules, which must name a preset (never a script on this machine). */
static int rules_of(session *s, const plugin *p, const char *spec, ruleset *rs, err *e) {
  char preset[64];
  snprintf(preset, sizeof preset, "%.*s", (int)strcspn(spec, ","), spec);
  if (!name_is_valid(preset, 63)) return err_set(e, "the server names rules '%.40s', which are no preset", spec);
  (void)s;
  return rules_load_spec(rs, &p->v, spec, e);
}

/* The server's game, replayed here: its start, rules and moves. The protocol's FEN, like its
   side words, calls the first player W whatever the variant calls it. */
static int replay(session *s, const json_t *st, ruleset *rs, game *g, err *e) {
  const char *variant = proto_str(st, "variant");
  const plugin *p = registry_find(s->reg, variant);
  dr_position start;
  json_t *moves = json_object_get(st, "moves");
  if (!p) return err_set(e, "the game is of %s, which is not installed here", variant);
  if (rules_of(s, p, proto_str(st, "rules") ? proto_str(st, "rules") : "", rs, e) ||
      fen_parse(rs->v->geometry, proto_str(st, "start"), &start, e) || position_validate(rs, &start, e) ||
      game_init(g, rs, &start, e))
    return -1;
  for (size_t i = 0; i < json_array_size(moves); i++) {
    const dr_move *m;
    if (proto_find_move(rs->v->geometry, &g->legal, json_object_get(json_array_get(moves, i), "path"), &m, e) ||
        game_play(g, m, e)) {
      game_free(g);
      return err_prefix(e, "move %d", (int)i + 1);
    }
  }
  return 0;
}

static void set_result(session *s, const char *result, const char *reason) {
  int r = proto_result_of(result);
  if (!s->has_game || r <= DR_ONGOING || s->g.result != DR_ONGOING) return;
  s->g.result = r;
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s", reason ? reason : "");
  s->g.why = s->g.resigned_why;
}

static int state_of(const char *status) {
  if (status && strcmp(status, "waiting") == 0) return DR_ONLINE_WAITING;
  if (status && strcmp(status, "over") == 0) return DR_ONLINE_OVER;
  return DR_ONLINE_PLAYING;
}

static void greet(session *s) {
  online_play *op = &s->op;
  if (op->side < 0) say(s, "Watching game %s%s", op->game, op->state == DR_ONLINE_PLAYING ? ": make a move to suggest it." : ".");
  else if (op->state == DR_ONLINE_WAITING) say(s, "Game %s created: the second player joins with the code %s.", op->game, op->code);
  else if (op->state == DR_ONLINE_OVER) say(s, "This game is over.");
  else say(s, "The game is on: you play %s against %s%s.", side_title[op->side], op->name[op->side ^ 1],
           op->guest[op->side ^ 1] ? " (guest)" : "");
}

static void on_state(session *s, const json_t *st) {
  online_play *op = &s->op;
  ruleset *rs = xmalloc(sizeof *rs);
  game g;
  err e;
  memset(rs, 0, sizeof *rs);
  if (replay(s, st, rs, &g, &e)) {
    session_ruleset_drop(rs);
    return failed(s, "the server's game does not replay here: %s", e.msg);
  }
  int you = proto_side_of(proto_str(st, "you"));
  int player[2] = {DR_PLAYER_REMOTE, DR_PLAYER_REMOTE};
  if (you >= 0) player[you] = DR_PLAYER_HUMAN;
  int was = op->state;
  op->side = you;
  snprintf(op->game, sizeof op->game, "%s", proto_str(st, "game"));
  if (proto_str(st, "code")) snprintf(op->code, sizeof op->code, "%s", proto_str(st, "code"));
  session_install(s, rs, &g, player);
  set_result(s, proto_str(st, "result"), proto_str(st, "reason"));
  snprintf(op->reason, sizeof op->reason, "%s", proto_str(st, "reason") ? proto_str(st, "reason") : "");
  op->state = state_of(proto_str(st, "status"));
  read_clock(op, json_object_get(st, "clock"));
  read_players(op, json_object_get(st, "players"));
  op->draw_offer = proto_side_of(proto_str(st, "draw_offer"));
  op->rematch_offer = proto_side_of(proto_str(st, "rematch_offer"));
  op->watchers = (int)proto_int(st, "watchers", 0);
  op->mine = -1;
  op->sent_ply = -1;
  op->retries = 0;
  read_tally(s, json_object_get(st, "tally"));
  if (was != op->state || was == DR_ONLINE_RECONNECTING) greet(s);
  op->events |= DR_EVENT_ONLINE;
}

/* Out of step with the server (a message lost to a reconnection): ask for it all again. */
static void resync(session *s) { send_to(s, s->op.conn, comeback(s)); }

static void on_moved(session *s, const json_t *m) {
  online_play *op = &s->op;
  const dr_move *mv;
  err e;
  if (!s->has_game || proto_int(m, "ply", -1) != s->g.count ||
      proto_find_move(s->rs->v->geometry, &s->g.legal, json_object_get(m, "path"), &mv, &e))
    return resync(s);
  int mover = game_position(&s->g)->turn;
  if (session_apply(s, mv)) return resync(s);
  read_clock(op, json_object_get(m, "clock"));
  op->draw_offer = proto_side_of(proto_str(m, "draw_offer"));
  op->ntally = 0;
  op->mine = -1;
  op->sent_ply = -1;
  if (state_of(proto_str(m, "status")) == DR_ONLINE_OVER) op->state = DR_ONLINE_OVER;
  op->events |= DR_EVENT_ONLINE | (mover != op->side ? DR_EVENT_MOVED : 0);
}

static void on_over(session *s, const json_t *m) {
  online_play *op = &s->op;
  const char *result = proto_str(m, "result"), *reason = proto_str(m, "reason");
  set_result(s, result, reason);
  snprintf(op->reason, sizeof op->reason, "%s", reason);
  read_clock(op, json_object_get(m, "clock"));
  op->state = DR_ONLINE_OVER;
  op->draw_offer = op->rematch_offer = -1;
  op->sent_ply = -1;
  seats_forget(op->server, op->game); /* the token is of no more use */
  if (proto_result_of(result) == DR_ONGOING) say(s, "The game is over: %s.", reason);
  else say(s, "Game over: %s (%s).", result, reason);
}

static void on_offer(session *s, const json_t *m) {
  online_play *op = &s->op;
  const char *event = proto_str(m, "event"), *kind = proto_str(m, "kind");
  int by = proto_side_of(proto_str(m, "by"));
  op->draw_offer = proto_side_of(proto_str(m, "draw"));
  op->rematch_offer = proto_side_of(proto_str(m, "rematch"));
  if (by < 0 || !event || !kind) return say(s, "%s", "");
  int draw = strcmp(kind, "draw") == 0, offered = strcmp(event, "offered") == 0;
  say(s, "%s %s %s.", side_title[by], offered ? (draw ? "offers" : "asks for") : "declines", draw ? "a draw" : "a rematch");
}

static void on_seated(session *s, const json_t *m) {
  online_play *op = &s->op;
  seat_record r;
  err e;
  const char *token = proto_str(m, "token");
  snprintf(op->game, sizeof op->game, "%s", proto_str(m, "game"));
  op->side = proto_side_of(proto_str(m, "side"));
  if (!token) return;
  snprintf(op->token, sizeof op->token, "%s", token);
  memset(&r, 0, sizeof r);
  snprintf(r.server, sizeof r.server, "%s", op->server);
  snprintf(r.game, sizeof r.game, "%s", op->game);
  snprintf(r.code, sizeof r.code, "%s", *op->code ? op->code : "-");
  snprintf(r.token, sizeof r.token, "%s", token);
  r.side = op->side;
  if (seats_save(&r, &e)) say(s, "the seat's token is not kept: %s", e.msg);
}

static void on_error(session *s, const json_t *m) {
  online_play *op = &s->op;
  const char *code = proto_str(m, "code"), *text = proto_str(m, "message");
  int gone = strcmp(code, "bad_token") == 0 || strcmp(code, "not_found") == 0;
  if (gone && *op->token) seats_forget(op->server, op->game);
  if (op->state == DR_ONLINE_CONNECTING) return failed(s, "%s", text);
  if (op->state == DR_ONLINE_RECONNECTING && gone) {
    op->state = DR_ONLINE_LEFT;
    return say(s, "The game is no longer on the server: %s.", text);
  }
  if (strcmp(code, "seat_taken") == 0) op->state = DR_ONLINE_LEFT;
  op->sent_ply = -1;
  say(s, "%s", text);
}

static void on_game_message(session *s, const proto_msg *m) {
  online_play *op = &s->op;
  switch (m->type) {
  case MSG_WELCOME:
    if (proto_int(m->root, "protocol", 0) != PROTO_VERSION)
      failed(s, "the server speaks protocol %lld; this program speaks %d", (long long)proto_int(m->root, "protocol", 0),
             PROTO_VERSION);
    break;
  case MSG_ERROR: on_error(s, m->root); break;
  case MSG_CREATED:
    snprintf(op->code, sizeof op->code, "%s", proto_str(m->root, "code"));
    on_seated(s, m->root);
    break;
  case MSG_SEATED: on_seated(s, m->root); break;
  case MSG_STATE: on_state(s, m->root); break;
  case MSG_MOVED: on_moved(s, m->root); break;
  case MSG_PLAYERS: read_players(op, m->root), op->events |= DR_EVENT_ONLINE; break;
  case MSG_OFFER: on_offer(s, m->root); break;
  case MSG_OVER: on_over(s, m->root); break;
  case MSG_TALLY: read_tally(s, m->root), op->events |= DR_EVENT_ONLINE; break;
  case MSG_WATCHERS: op->watchers = (int)proto_int(m->root, "count", 0), op->events |= DR_EVENT_ONLINE; break;
  default: break;
  }
}

/* ------------------------------------------------------------ the list */

static void clock_words(const json_t *clock, char *out, size_t len) {
  if (!json_is_object(clock)) return (void)snprintf(out, len, "%s", "");
  json_int_t initial = proto_int(clock, "initial", 0), inc = proto_int(clock, "increment", 0);
  if (initial % 60 == 0) snprintf(out, len, "%lld+%lld", (long long)(initial / 60), (long long)inc);
  else snprintf(out, len, "%llds+%lld", (long long)initial, (long long)inc);
}

static void on_games(session *s, const json_t *list) {
  online_play *op = &s->op;
  size_t n = json_array_size(list);
  op->games = xrealloc(op->games, (n + 1) * sizeof *op->games);
  op->ngames = 0;
  for (size_t i = 0; i < n; i++) {
    const json_t *g = json_array_get(list, i);
    dr_online_game *out = &op->games[op->ngames++];
    DR_INIT(*out);
    snprintf(out->game, sizeof out->game, "%s", proto_str(g, "game") ? proto_str(g, "game") : "");
    snprintf(out->variant, sizeof out->variant, "%s", proto_str(g, "variant") ? proto_str(g, "variant") : "");
    snprintf(out->title, sizeof out->title, "%s", proto_str(g, "title") ? proto_str(g, "title") : out->variant);
    snprintf(out->rules, sizeof out->rules, "%s", proto_str(g, "rules") ? proto_str(g, "rules") : "");
    clock_words(json_object_get(g, "clock"), out->clock, sizeof out->clock);
    for (int side = 0; side < 2; side++)
      snprintf(out->name[side], sizeof out->name[side], "%s", proto_str(g, side ? "black" : "white") ? proto_str(g, side ? "black" : "white") : "");
    out->waiting = proto_str(g, "status") && strcmp(proto_str(g, "status"), "waiting") == 0;
    out->plies = (int)proto_int(g, "plies", 0);
    out->watchers = (int)proto_int(g, "watchers", 0);
  }
}

static void list_done(session *s) {
  online_disconnect(s->op.client, s->op.list_conn);
  s->op.list_conn = -1;
  s->op.listing = 0;
  s->op.events |= DR_EVENT_ONLINE;
}

static void on_list_message(session *s, const proto_msg *m) {
  if (m->type == MSG_GAMES) {
    on_games(s, json_object_get(m->root, "games"));
    say(s, "%d public game%s on %s.", s->op.ngames, s->op.ngames == 1 ? "" : "s", s->op.server);
    list_done(s);
  } else if (m->type == MSG_ERROR) {
    session_fail(s, "%s", proto_str(m->root, "message"));
    s->op.events |= DR_EVENT_FAILED;
    list_done(s);
  }
}

/* ------------------------------------------------------------- events */

static void on_opened(session *s, int conn) {
  send_hello(s, conn);
  if (conn == s->op.list_conn) return send_to(s, conn, proto_new(MSG_LIST));
  if (s->op.state == DR_ONLINE_RECONNECTING) return send_to(s, conn, comeback(s));
  online_send(s->op.client, conn, xstrdup(s->op.request), strlen(s->op.request));
}

/* The line dropped: a game on the board is come back to; a request just fails. */
static void on_closed(session *s, int conn, const char *why) {
  online_play *op = &s->op;
  if (conn == op->list_conn) {
    session_fail(s, "%s", why);
    op->events |= DR_EVENT_FAILED;
    return list_done(s);
  }
  op->conn = -1;
  if (op->state == DR_ONLINE_CONNECTING) return failed(s, "%s", why);
  if (op->state != DR_ONLINE_WAITING && op->state != DR_ONLINE_PLAYING && op->state != DR_ONLINE_RECONNECTING &&
      op->state != DR_ONLINE_OVER)
    return;
  if (op->state == DR_ONLINE_OVER) return say(s, "The connection to the server is closed (%s).", why);
  double wait = 0.25 * (1 << (op->retries < 5 ? op->retries : 5));
  op->retry_at = now_seconds() + (wait < RETRY_MAX ? wait : RETRY_MAX);
  op->retries++;
  op->sent_ply = -1;
  if (op->state != DR_ONLINE_RECONNECTING) say(s, "The connection to the server was lost (%s): reconnecting...", why);
  op->state = DR_ONLINE_RECONNECTING;
}

static void on_event(session *s, const online_event *ev) {
  proto_msg m;
  const char *code;
  err e;
  int list = ev->conn == s->op.list_conn;
  if (ev->conn != s->op.conn && !list) return; /* an old connection's last words */
  if (ev->kind == ONLINE_OPENED) return on_opened(s, ev->conn);
  if (ev->kind == ONLINE_CLOSED) return on_closed(s, ev->conn, ev->text);
  if (proto_parse(ev->text, ev->len, 1, &m, &code, &e)) { /* coming back would only meet it again */
    if (list) return on_closed(s, ev->conn, e.msg);
    if (s->op.state == DR_ONLINE_CONNECTING) return failed(s, "the server's message cannot be read: %s", e.msg);
    online_disconnect(s->op.client, s->op.conn);
    s->op.conn = -1;
    s->op.state = DR_ONLINE_LEFT;
    return say(s, "The server's message cannot be read (%s): the game is left.", e.msg);
  }
  if (list) on_list_message(s, &m);
  else on_game_message(s, &m);
  proto_msg_free(&m);
}

int online_poll(session *s) {
  online_play *op = &s->op;
  online_event ev;
  if (!op->client) return 0;
  if (op->state == DR_ONLINE_RECONNECTING && op->conn < 0 && now_seconds() >= op->retry_at &&
      open_connection(s, &op->conn))
    op->conn = -1, op->retry_at = now_seconds() + RETRY_MAX;
  for (int n = 0; n < 1000 && online_next(op->client, &ev, 0); n++) {
    on_event(s, &ev);
    free(ev.text);
  }
  int events = op->events;
  op->events = 0;
  return events;
}

/* ------------------------------------------------------------ playing */

const char *online_cannot_move(const session *s) {
  const online_play *op = &s->op;
  switch (op->state) {
  case DR_ONLINE_WAITING: return "waiting for the second player to join";
  case DR_ONLINE_RECONNECTING: return "the connection to the server is lost: reconnecting";
  case DR_ONLINE_LEFT: return "you left this online game";
  case DR_ONLINE_OVER: return "the game is over";
  default: break;
  }
  if (op->side < 0) return NULL; /* a spectator's move is a suggestion */
  if (game_position(&s->g)->turn != op->side) return "wait: it is your opponent's turn";
  if (op->sent_ply == s->g.count) return "wait: the server has your move";
  return NULL;
}

int online_send_move(session *s, const dr_move *m) {
  online_play *op = &s->op;
  json_t *msg = proto_new(op->side < 0 ? MSG_SUGGEST : MSG_MOVE);
  json_object_set_new(msg, "path", proto_path(s->rs->v->geometry, m));
  json_object_set_new(msg, "ply", json_integer(s->g.count));
  send_to(s, op->conn, msg);
  session_input_clear(s);
  if (op->side < 0) op->mine = (int)(m - s->g.legal.moves);
  else op->sent_ply = s->g.count;
  return 0;
}

static int as_player(session *s) {
  if (!online_on(s) || s->op.conn < 0) return session_fail(s, "not in an online game");
  if (s->op.side < 0) return session_fail(s, "spectators watch and suggest moves: they do not play");
  return 0;
}

int online_resign(session *s) {
  if (as_player(s)) return -1;
  if (s->op.state != DR_ONLINE_PLAYING) return session_fail(s, "the game is not being played");
  send_to(s, s->op.conn, proto_new(MSG_RESIGN));
  return 0;
}

static int send_action(session *s, int type, const char *action) {
  send_to(s, s->op.conn, json_pack("{s:s, s:s}", "type", proto_type_name(type), "action", action));
  return 0;
}

int session_online_command(session *s, int command) {
  online_play *op = &s->op;
  if (as_player(s)) return -1;
  int other = op->side ^ 1;
  switch (command) {
  case DR_ONLINE_DRAW:
    if (op->state != DR_ONLINE_PLAYING) return session_fail(s, "a draw is offered while the game is played");
    return send_action(s, MSG_DRAW, op->draw_offer == other ? "accept" : "offer");
  case DR_ONLINE_DECLINE:
    if (op->draw_offer == other) return send_action(s, MSG_DRAW, "decline");
    if (op->rematch_offer == other) return send_action(s, MSG_REMATCH, "decline");
    return session_fail(s, "nothing is offered to you");
  case DR_ONLINE_ABORT:
    send_to(s, op->conn, proto_new(MSG_ABORT));
    return 0;
  case DR_ONLINE_REMATCH:
    if (op->state != DR_ONLINE_OVER) return session_fail(s, "a rematch comes after the game");
    return send_action(s, MSG_REMATCH, op->rematch_offer == other ? "accept" : "offer");
  default: return session_fail(s, "no such online command");
  }
}

void session_online_leave(session *s) {
  online_play *op = &s->op;
  if (op->conn >= 0) online_disconnect(op->client, op->conn);
  op->conn = -1;
  if (online_on(s)) op->state = DR_ONLINE_LEFT, say(s, "You left the game.");
  else if (op->state == DR_ONLINE_CONNECTING) forget_game(s);
}

/* ------------------------------------------------------------ showing */

static int64_t counted_down(int64_t ms, double since) {
  int64_t left = ms - (int64_t)((now_seconds() - since) * 1000);
  return left > 0 ? left : 0;
}

int online_clock_fill(const session *s, dr_status *st) {
  const online_play *op = &s->op;
  if (!online_on(s) || !op->has_clock) return 0;
  int running = op->state == DR_ONLINE_PLAYING ? op->clock_side : -1;
  st->clock = 1;
  for (int side = 0; side < 2; side++)
    st->clock_ms[side] = (int)(side == running ? counted_down(op->clock_ms[side], op->heard) : op->clock_ms[side]);
  st->clock_running = running >= 0 ? running + 1 : 0;
  st->clock_increment_ms = op->increment * 1000;
  return 1;
}

void session_online(session *s, dr_online *out) {
  const online_play *op = &s->op;
  dr_online o;
  DR_INIT(o);
  o.state = op->state;
  o.side = op->side;
  snprintf(o.server, sizeof o.server, "%s", op->server);
  snprintf(o.game, sizeof o.game, "%s", op->game);
  snprintf(o.code, sizeof o.code, "%s", op->side >= 0 ? op->code : "");
  for (int side = 0; side < 2; side++) {
    snprintf(o.name[side], sizeof o.name[side], "%s", op->name[side]);
    o.connected[side] = op->connected[side];
    o.guest[side] = op->guest[side];
    o.gone_ms[side] = op->gone_ms[side] < 0 ? -1 : (int)counted_down(op->gone_ms[side], op->heard);
    o.clock_ms[side] = op->clock_side == side && op->state == DR_ONLINE_PLAYING ? counted_down(op->clock_ms[side], op->heard)
                                                                               : op->clock_ms[side];
  }
  o.has_clock = op->has_clock;
  o.clock_side = op->state == DR_ONLINE_PLAYING ? op->clock_side : -1;
  o.initial_seconds = op->initial;
  o.increment_seconds = op->increment;
  o.draw_offer = op->draw_offer;
  o.rematch_offer = op->rematch_offer;
  o.can_abort = op->side >= 0 && (op->state == DR_ONLINE_WAITING || (op->state == DR_ONLINE_PLAYING && s->g.count < 2));
  o.watchers = op->watchers;
  o.nsuggestions = op->ntally;
  o.listing = op->listing;
  o.ngames = op->ngames;
  snprintf(o.notice, sizeof o.notice, "%s", op->notice);
  snprintf(o.reason, sizeof o.reason, "%s", op->state == DR_ONLINE_OVER ? op->reason : "");
  session_copy_out(out, &o, sizeof o);
}

int session_online_game_at(session *s, int index, dr_online_game *out) {
  if (index < 0 || index >= s->op.ngames) return 0;
  session_copy_out(out, &s->op.games[index], sizeof s->op.games[index]);
  return 1;
}

int session_online_suggestion_at(session *s, int index, dr_suggestion *out) {
  const online_play *op = &s->op;
  if (index < 0 || index >= op->ntally || !s->has_game) return 0;
  dr_suggestion sg;
  DR_INIT(sg);
  sg.move = op->tally[index].move;
  sg.count = op->tally[index].count;
  session_move_text(s, &sg.move, sg.text, sizeof sg.text);
  sg.mine = op->mine >= 0 && move_same_path(&s->g.legal.moves[op->mine], &sg.move);
  session_copy_out(out, &sg, sizeof sg);
  return 1;
}
