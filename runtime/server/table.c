/*
** table.c — a game the server referees: seats and their tokens, the players' moves
** (legal, in turn, on time: the clock runs on the server, from when a move arrives,
** with a small allowance for latency), resigning, draws by agreement, aborting before
** both have moved, rematches with the colours swapped, the spectators' suggestions,
** seats left empty too long, and the end of the game kept as PDN.  The rules are the
** variant's, through the same ruleset and game history as local play.
*/
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "notation.h"
#include "pdn.h"
#include "position.h"

static const char *const role_word[2] = {"white", "black"};

static void end_as_stored(table *t);

/* ------------------------------------------------------------ lifetime */

shared_rules *shared_rules_hold(shared_rules *r) {
  DR_ASSERT(r->refs > 0);
  r->refs++;
  return r;
}

void shared_rules_drop(shared_rules *r) {
  DR_ASSERT(r->refs > 0);
  if (--r->refs > 0) return;
  if (r->rs.v) rules_free(&r->rs);
  free(r);
}

table *table_new(server *srv, const gamedb_game *row, err *e) {
  dr_position start;
  const plugin *p = registry_find(srv->reg, row->variant);
  if (!p) return err_set(e, "no variant plugin '%s' on this server", row->variant), NULL;
  table *t = xmalloc(sizeof *t);
  memset(t, 0, sizeof *t);
  t->srv = srv;
  t->row = *row;
  t->draw_offer = t->rematch_offer = -1;
  t->wrote = -1;
  t->rules = xmalloc(sizeof *t->rules);
  memset(t->rules, 0, sizeof *t->rules);
  t->rules->refs = 1;
  t->rs = &t->rules->rs;
  if (rules_load_spec(t->rs, &p->v, row->rules, e) || fen_read(t->rs, "start", &start, e) ||
      game_init(&t->g, t->rs, &start, e)) {
    table_free(t);
    return NULL;
  }
  computer_restore(t);
  return t;
}

void table_free(table *t) {
  if (!t) return;
  for (int side = 0; side < 2; side++)
    if (t->seat[side]) t->seat[side]->t = NULL, t->seat[side]->role = ROLE_NONE;
  for (int i = 0; i < t->nwatchers; i++) t->watchers[i]->t = NULL, t->watchers[i]->role = ROLE_NONE;
  table_release(t);
  cluster_forget(t);
  if (t->g.ply) game_free(&t->g);
  shared_rules_drop(t->rules);
  free(t->watchers);
  free(t->others);
  free(t->sugg);
  free(t->clock_after);
  free(t);
}

static void note_clock(table *t, int ply, int64_t ms) {
  if (ply >= t->clock_cap) t->clock_after = xrealloc(t->clock_after, (size_t)(t->clock_cap = ply * 2 + 64) * sizeof(int64_t));
  t->clock_after[ply] = ms;
}

/* "c3 e5 c7" as a wire path, for finding the move among the legal ones. */
static json_t *path_of_text(const char *text) {
  json_t *path = json_array();
  char buf[256];
  snprintf(buf, sizeof buf, "%s", text);
  for (char *save, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
    json_array_append_new(path, json_string(w));
  return path;
}

static int replay_one(table *t, const gamedb_move *mv, err *e) {
  const dr_move *m;
  json_t *path = path_of_text(mv->path);
  int rc = proto_find_move(t->rs->v->geometry, &t->g.legal, path, &m, e);
  json_decref(path);
  if (rc || game_play(&t->g, m, e)) return err_prefix(e, "move %d (%s)", mv->ply + 1, mv->path);
  note_clock(t, mv->ply, mv->clock_ms);
  t->row.plies = t->g.count;
  return 0;
}

int table_replay(table *t, const gamedb_move *moves, int n, err *e) {
  for (int i = 0; i < n; i++)
    if (replay_one(t, &moves[i], e)) return -1;
  return 0;
}

/* A new start from the store's row and moves (another node's writes overtook this
** node's); everyone here is sent the whole state again. */
int table_rebuild(table *t, const gamedb_game *row, const gamedb_move *moves, int n, err *e) {
  dr_position start;
  game_free(&t->g);
  memset(&t->g, 0, sizeof t->g);
  if (fen_read(t->rs, "start", &start, e) || game_init(&t->g, t->rs, &start, e)) return -1;
  t->row = *row;
  t->nsugg = 0;
  if (table_replay(t, moves, n, e)) return -1;
  if (row->status == GAMEDB_OVER) end_as_stored(t);
  table_send_states(t);
  if (row->status == GAMEDB_OVER) table_broadcast(t, wire_over(t, wall_ms()), 1, 1);
  return 0;
}

/* What another node wrote to this game — its moves, a seat, the start, the end — told to
** everyone here as if it had happened here.  'moves' run from this node's ply on. */
void table_follow(table *t, const gamedb_game *row, const gamedb_move *moves, int n) {
  gamedb_game was = t->row;
  int64_t now = wall_ms();
  err e;
  t->row = *row;
  t->row.plies = t->g.count;
  for (int i = 0; i < n; i++) {
    if (moves[i].ply != t->g.count) continue;
    if (replay_one(t, &moves[i], &e)) return; /* the store holds only moves some node found legal */
    t->nsugg = 0;
    if (t->draw_offer == table_side_to_move(t)) t->draw_offer = -1; /* answered by a move: declined */
    table_broadcast(t, wire_moved(t, now), 1, 1);
  }
  if (was.status == GAMEDB_WAITING && row->status != GAMEDB_WAITING) table_send_states(t);
  else if (memcmp(was.seated, row->seated, sizeof was.seated) != 0) table_broadcast(t, wire_players(t, now), 1, 1);
  if (was.status != GAMEDB_OVER && row->status == GAMEDB_OVER) {
    end_as_stored(t);
    table_broadcast(t, wire_over(t, now), 1, 1);
  }
}

/* ------------------------------------------------------------- clocks */

int table_side_to_move(const table *t) { return game_position(&t->g)->turn; }

int table_watchers(const table *t) {
  int n = t->nwatchers;
  for (int i = 0; i < t->nothers; i++) n += t->others[i].watchers;
  return n;
}

static int has_clock(const table *t) { return t->row.initial_ms > 0; }

/* A clock runs from each side's first move on, as on the draughts sites: a game nobody
** has begun is aborted (FIRST_MOVE_MS), never lost on time. */
int table_clock_running(const table *t) {
  return has_clock(t) && t->row.status == GAMEDB_PLAYING && t->g.count >= 2;
}

int64_t table_clock_left(const table *t, int side, int64_t now) {
  if (!has_clock(t)) return -1;
  if (!table_clock_running(t) || side != table_side_to_move(t)) return t->row.clock_ms[side];
  int64_t left = t->row.clock_ms[side] - (now - t->row.turn_started);
  return left > 0 ? left : 0;
}

static void save_clocks(table *t) { store_clocks(t); }

/* After a restart the side to move is charged only the time it had used while the
** server was last known to be alive, never the time the server was down; empty
** seats start counting again from now. */
void table_restore_clock(table *t, int64_t last_alive, int64_t now) {
  if (!cluster_all_down(t->srv, last_alive, now)) return; /* another node kept the game going: nothing to credit */
  for (int side = 0; side < 2; side++) t->gone_since[side] = t->row.seated[side] ? now : 0;
  if (t->row.status != GAMEDB_PLAYING) return;
  int64_t used = last_alive - t->row.turn_started;
  t->row.turn_started = now - (used > 0 ? used : 0);
  save_clocks(t);
}

/* --------------------------------------------------------------- seats */

void table_seat_token(table *t, int side, const char *name, char token[PROTO_MAX_TOKEN + 1]) {
  secret_token(token, t->row.token[side]);
  t->row.seated[side] = 1;
  snprintf(t->row.name[side], sizeof t->row.name[side], "%s", name);
}

/* A person who did not sign in to a profile of the seat's name: whatever name they gave,
** a profile's nickname or "computer" included, is shown marked, so that nobody passes for
** a profile's holder by saying its name. */
int table_guest(const table *t, int side) {
  return t->row.seated[side] && !t->row.signed_in[side] && !t->computer[side];
}

/* Constant time: only the hashes are compared, and all of them. */
int table_token_matches(const table *t, int side, const char *token) {
  uint8_t h[GAMEDB_HASH];
  secret_hash(token, h);
  return secret_matches(h, t->row.token[side]) && t->row.seated[side];
}

/* ------------------------------------------------------------ sending */

/* To everyone at the table but 'skip' (who is about to get the whole state). */
static void broadcast_but(table *t, json_t *msg, int to_players, int to_watchers, const conn *skip) {
  outbuf *b = outbuf_new(msg);
  b->refs++;
  for (int side = 0; side < 2 && to_players; side++)
    if (t->seat[side] && t->seat[side] != skip) conn_send_buf(t->seat[side], b);
  for (int i = 0; i < t->nwatchers && to_watchers; i++)
    if (t->watchers[i] != skip) conn_send_buf(t->watchers[i], b);
  outbuf_drop(b);
}

void table_broadcast(table *t, json_t *msg, int to_players, int to_watchers) {
  broadcast_but(t, msg, to_players, to_watchers, NULL);
}

void table_send_state(table *t, conn *c) { conn_send(c, wire_state(t, c->role, wall_ms())); }

void table_send_states(table *t) {
  for (int side = 0; side < 2; side++)
    if (t->seat[side]) table_send_state(t, t->seat[side]);
  for (int i = 0; i < t->nwatchers; i++) table_send_state(t, t->watchers[i]);
}

/* The tally goes to those who may see it: the player to move and the spectators. */
void table_send_tally(table *t) {
  outbuf *b = outbuf_new(wire_tally(t));
  conn *mover = t->seat[table_side_to_move(t)];
  b->refs++;
  if (mover) conn_send_buf(mover, b);
  for (int i = 0; i < t->nwatchers; i++) conn_send_buf(t->watchers[i], b);
  outbuf_drop(b);
}

/* ---------------------------------------------------------- attaching */

void table_attach(table *t, conn *c, int role) {
  c->t = t;
  c->role = role;
  if (role == ROLE_SPECTATOR) {
    if (t->nwatchers == t->watch_cap)
      t->watchers = xrealloc(t->watchers, (size_t)(t->watch_cap = t->watch_cap * 2 + 4) * sizeof *t->watchers);
    t->watchers[t->nwatchers++] = c;
    cluster_presence(t); /* the count goes to everyone at the next tick (table_tick) */
    return;
  }
  t->seat[role] = c;
  t->gone_since[role] = 0;
  cluster_presence(t);
  broadcast_but(t, wire_players(t, wall_ms()), 1, 1, c);
}

static void drop_suggestion(table *t, uint64_t who) {
  for (int i = 0; i < t->nsugg; i++)
    if (t->sugg[i].who == who) {
      t->sugg[i] = t->sugg[--t->nsugg];
      table_send_tally(t);
      return;
    }
}

void table_detach(conn *c) {
  table *t = c->t;
  if (!t) return;
  c->t = NULL;
  if (c->role == ROLE_SPECTATOR) {
    for (int i = 0; i < t->nwatchers; i++)
      if (t->watchers[i] == c) t->watchers[i] = t->watchers[--t->nwatchers];
    drop_suggestion(t, c->serial);
    cluster_presence(t);
  } else if (c->role >= 0 && t->seat[c->role] == c) {
    t->seat[c->role] = NULL;
    t->gone_since[c->role] = wall_ms();
    cluster_presence(t);
    if (t->row.status != GAMEDB_OVER) table_broadcast(t, wire_players(t, wall_ms()), 1, 1);
  }
  c->role = ROLE_NONE;
}

/* A seat taken back from a connection that still holds it (a new device, a dropped
** line not noticed yet, another node): the old one is told and let go. */
void table_take_seat(table *t, int side) {
  conn *old = t->seat[side];
  if (!old) return;
  conn_error(old, -1, "seat_taken", "your seat in game %s was taken up by another connection", t->row.id);
  table_detach(old);
}

void table_start(table *t, int64_t now) {
  DR_ASSERT(t->row.status == GAMEDB_WAITING && t->row.seated[DR_WHITE] && t->row.seated[DR_BLACK]);
  t->row.status = GAMEDB_PLAYING;
  t->row.turn_started = now;
  save_clocks(t);
  table_send_states(t);
  computer_turn(t);
}

/* -------------------------------------------------------------- the end */

static void clock_text(int64_t ms, char *out, size_t len) {
  int64_t tenths = ms / 100;
  snprintf(out, len, "[%%clk %d:%02d:%02d.%d]", (int)(tenths / 36000), (int)(tenths / 600 % 60),
           (int)(tenths / 10 % 60), (int)(tenths % 10));
}

static void date_tag(int64_t when, char *out, size_t len) {
  time_t t = (time_t)(when / 1000);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(out, len, "%Y.%m.%d", &tm);
}

static int pdn_tags(const table *t, pdn_tag *tags) {
  int n = 0;
  snprintf(tags[n].name, sizeof tags[n].name, "Event"), snprintf(tags[n++].value, sizeof tags->value, "draughts online game %s", t->row.id);
  snprintf(tags[n].name, sizeof tags[n].name, "Date"), date_tag(t->row.created, tags[n++].value, sizeof tags->value);
  for (int side = 0; side < 2; side++) {
    snprintf(tags[n].name, sizeof tags[n].name, "%s", side ? "Black" : "White");
    const char *name = t->row.name[side];
    int marked = table_guest(t, side) && strcmp(name, "guest") != 0;
    snprintf(tags[n++].value, sizeof tags->value, "%s%s", name, marked ? " (guest)" : "");
  }
  if (has_clock(t)) {
    snprintf(tags[n].name, sizeof tags[n].name, "TimeControl");
    snprintf(tags[n++].value, sizeof tags->value, "%lld+%lld", (long long)(t->row.initial_ms / 1000),
             (long long)(t->row.increment_ms / 1000));
    snprintf(tags[n].name, sizeof tags[n].name, "LatencyAllowance");
    snprintf(tags[n++].value, sizeof tags->value, "%.1f", t->row.lag_ms / 1000.0);
  }
  if (t->row.status == GAMEDB_OVER) {
    snprintf(tags[n].name, sizeof tags[n].name, "Termination");
    snprintf(tags[n++].value, sizeof tags->value, "%s", t->row.reason);
  }
  return n;
}

char *table_pdn(const table *t) {
  pdn_tag tags[8];
  char *text = NULL, (*clocks)[24] = xmalloc((size_t)(t->g.count + 1) * sizeof *clocks);
  const char **comments = xmalloc((size_t)(t->g.count + 1) * sizeof *comments);
  size_t len = 0;
  for (int i = 0; i < t->g.count; i++) {
    clocks[i][0] = '\0';
    if (has_clock(t)) clock_text(t->clock_after[i], clocks[i], sizeof clocks[i]);
    comments[i] = clocks[i];
  }
  FILE *f = open_memstream(&text, &len);
  if (!f) abort();
  pdn_write_comments(f, &t->g, tags, pdn_tags(t, tags), comments);
  fclose(f);
  free(clocks);
  free(comments);
  return text;
}

/* The end the store holds, which another node wrote. */
static void end_as_stored(table *t) {
  t->g.result = t->row.result;
  snprintf(t->g.resigned_why, sizeof t->g.resigned_why, "%s", t->row.reason);
  t->g.why = t->g.resigned_why;
  t->over_at = t->row.ended;
  t->draw_offer = t->rematch_offer = -1;
  t->nsugg = 0;
  computer_stop(t);
  table_release(t);
}

/* Ends the game: 'result' (DR_ONGOING for an aborted game) and why, kept with its
** PDN; 'table_finish' also tells everyone. */
static void conclude(table *t, int result, const char *why, int64_t now) {
  DR_ASSERT(t->row.status != GAMEDB_OVER); /* a game ends once: its PDN is stored once */
  int turn = table_side_to_move(t);
  if (has_clock(t) && t->row.status == GAMEDB_PLAYING) t->row.clock_ms[turn] = table_clock_left(t, turn, now);
  t->g.result = result;
  snprintf(t->g.resigned_why, sizeof t->g.resigned_why, "%s", why);
  t->g.why = t->g.resigned_why;
  t->row.status = GAMEDB_OVER;
  t->row.result = result;
  snprintf(t->row.reason, sizeof t->row.reason, "%s", why);
  t->row.ended = t->over_at = now;
  t->draw_offer = t->rematch_offer = -1;
  t->nsugg = 0;
  computer_stop(t);
  store_finish(t, table_pdn(t));
  table_release(t);
}

void table_finish(table *t, int result, const char *why, int64_t now) {
  conclude(t, result, why, now);
  table_broadcast(t, wire_over(t, now), 1, 1);
}

static void lose(table *t, int loser, const char *what, int64_t now) {
  char why[64];
  snprintf(why, sizeof why, "%s %s", role_word[loser], what);
  table_finish(t, loser == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS, why, now);
}

/* ------------------------------------------------------------- moving */

static const char *path_words(const dr_geometry *g, const dr_move *m, char *out, size_t len) {
  const uint8_t *land;
  int n = move_landings(m, &land);
  size_t used = (size_t)snprintf(out, len, "%s", g->point[m->from].name);
  for (int i = 0; i < n && used < len; i++) used += (size_t)snprintf(out + used, len - used, " %s", g->point[land[i]].name);
  return out;
}

/* The flag falls when the time left, less the allowance for latency, runs out. */
static int flag_fell(const table *t, int side, int64_t now) {
  return table_clock_running(t) && t->row.clock_ms[side] - (now - t->row.turn_started) < -t->row.lag_ms;
}

void table_play(table *t, const dr_move *m, int64_t now) {
  DR_ASSERT(t->row.status == GAMEDB_PLAYING && t->g.result == DR_ONGOING);
  int side = table_side_to_move(t), ply = t->g.count;
  gamedb_move dm = {.ply = ply, .at = now, .clock_ms = -1};
  err e;
  if (table_clock_running(t)) {
    int64_t left = t->row.clock_ms[side] - (now - t->row.turn_started);
    t->row.clock_ms[side] = (left > 0 ? left : 0) + t->row.increment_ms;
  }
  if (has_clock(t)) dm.clock_ms = t->row.clock_ms[side];
  path_words(t->rs->v->geometry, m, dm.path, sizeof dm.path);
  if (game_play(&t->g, m, &e)) return; /* 'm' is one of the legal moves of a game going on */
  note_clock(t, ply, dm.clock_ms);
  t->row.plies = t->g.count;
  t->row.turn_started = now;
  store_move(t, &dm);
  t->nsugg = 0;
  if (t->draw_offer == (side ^ 1)) t->draw_offer = -1; /* answered by a move: declined */
  if (t->g.result != DR_ONGOING) conclude(t, t->g.result, t->g.why, now); /* the move says it ended */
  table_broadcast(t, wire_moved(t, now), 1, 1);
  if (t->row.status == GAMEDB_OVER) table_broadcast(t, wire_over(t, now), 1, 1);
  computer_turn(t);
}

/* Why 'c' may not act on its game now as a player, or NULL. */
static const char *not_playing(const conn *c, const char **code) {
  *code = "not_a_player";
  if (c->role == ROLE_SPECTATOR) return "spectators do not play: send 'suggest' to suggest a move";
  *code = "not_started";
  if (c->t->row.status == GAMEDB_WAITING) return "the game starts when the second player joins";
  *code = "game_over";
  if (c->t->row.status == GAMEDB_OVER) return "the game is over";
  return NULL;
}

static int stale(conn *c, const proto_msg *m) {
  json_int_t ply = proto_int(m->root, "ply", -1);
  if (ply < 0 || ply == c->t->g.count) return 0;
  conn_error(c, m->id, "stale", "that was meant for ply %lld; the game is at ply %d", (long long)ply, c->t->g.count);
  return 1;
}

static void move(conn *c, const proto_msg *m, int64_t now) {
  table *t = c->t;
  const char *code, *why = not_playing(c, &code);
  const dr_move *mv;
  err e;
  if (why) return conn_error(c, m->id, code, "%s", why);
  int turn = table_side_to_move(t);
  if (c->role != turn) return conn_error(c, m->id, "not_your_turn", "it is %s's turn", role_word[turn]);
  if (stale(c, m)) return;
  if (flag_fell(t, turn, now)) return lose(t, turn, "ran out of time", now);
  if (proto_find_move(t->rs->v->geometry, &t->g.legal, json_object_get(m->root, "path"), &mv, &e))
    return conn_error(c, m->id, "illegal_move", "%s", e.msg);
  table_play(t, mv, now);
}

static void suggest(conn *c, const proto_msg *m) {
  table *t = c->t;
  const dr_move *mv;
  err e;
  if (c->role != ROLE_SPECTATOR) return conn_error(c, m->id, "not_a_spectator", "players move: send 'move'");
  if (t->row.status != GAMEDB_PLAYING) return conn_error(c, m->id, "not_started", "the game is not being played");
  if (stale(c, m)) return;
  if (!conn_suggestion_ok(c))
    return conn_error(c, m->id, "rate_limited", "too many suggestions: at most %g a second", SUGGEST_RATE);
  if (proto_find_move(t->rs->v->geometry, &t->g.legal, json_object_get(m->root, "path"), &mv, &e))
    return conn_error(c, m->id, "illegal_move", "%s", e.msg);
  int index = (int)(mv - t->g.legal.moves);
  table_suggestion(t, c->serial, index);
  cluster_suggest(t, c->serial, index);
}

void table_suggestion(table *t, uint64_t who, int move) {
  int i = 0;
  while (i < t->nsugg && t->sugg[i].who != who) i++; /* a new suggestion replaces the old */
  if (i == t->nsugg) {
    if (t->nsugg == t->sugg_cap) t->sugg = xrealloc(t->sugg, (size_t)(t->sugg_cap = t->sugg_cap * 2 + 4) * sizeof *t->sugg);
    t->nsugg++;
  }
  t->sugg[i] = (suggestion){who, move};
  table_send_tally(t);
}

/* ------------------------------------------------------ offers, endings */

/* An offer (a draw, a rematch) made, accepted or declined: 1 when both sides want it. */
static int offer_answered(conn *c, const proto_msg *m, int *offer, const char *kind) {
  const char *action = proto_str(m->root, "action");
  int other = c->role ^ 1;
  if (*offer == other && strcmp(action, "decline") != 0) return 1;
  if (strcmp(action, "offer") == 0) {
    *offer = c->role;
    table_broadcast(c->t, wire_offer(c->t, "offered", kind, c->role), 1, 1);
    cluster_offer(c->t, kind, c->role, "offered");
  } else if (*offer != other) {
    conn_error(c, m->id, "no_offer", "no %s is offered to you", kind);
  } else {
    *offer = -1;
    table_broadcast(c->t, wire_offer(c->t, "declined", kind, c->role), 1, 1);
    cluster_offer(c->t, kind, c->role, "declined");
  }
  return 0;
}

static void draw(conn *c, const proto_msg *m, int64_t now) {
  const char *code, *why = not_playing(c, &code);
  if (why) return conn_error(c, m->id, code, "%s", why);
  if (offer_answered(c, m, &c->t->draw_offer, "draw")) return table_finish(c->t, DR_DRAW, "draw by agreement", now);
  if (c->t->draw_offer == c->role && c->t->computer[c->role ^ 1]) { /* the computer plays on */
    c->t->draw_offer = -1;
    table_broadcast(c->t, wire_offer(c->t, "declined", "draw", c->role ^ 1), 1, 1);
  }
}

static void resign(conn *c, const proto_msg *m, int64_t now) {
  const char *code, *why = not_playing(c, &code);
  if (why) return conn_error(c, m->id, code, "%s", why);
  lose(c->t, c->role, "resigned", now);
}

static void abort_game(conn *c, const proto_msg *m, int64_t now) {
  table *t = c->t;
  char why[64];
  if (c->role != ROLE_WHITE && c->role != ROLE_BLACK) return conn_error(c, m->id, "not_a_player", "only a player aborts");
  if (t->row.status == GAMEDB_OVER) return conn_error(c, m->id, "game_over", "the game is over");
  if (t->g.count >= 2)
    return conn_error(c, m->id, "not_allowed", "both players have moved: resign or offer a draw instead");
  snprintf(why, sizeof why, "aborted by %s", role_word[c->role]);
  table_finish(t, DR_ONGOING, why, now);
}

/* The player of 'old''s seat 'side' in its rematch 't' (the other side): seated with its
** new token when connected here; else connected through another node (which seats it
** when it hears of the rematch) or nowhere, and then the seat's timer runs. */
void table_rematch_seat(table *old, int side, table *t, const char *token, int64_t now) {
  conn *c = old->seat[side];
  if (old->computer[side]) return;
  if (!c) {
    t->remote[side ^ 1] = old->remote[side];
    t->gone_since[side ^ 1] = old->remote[side] ? 0 : now;
    return;
  }
  if (!*token) return; /* not this node's to seat */
  old->seat[side] = NULL;
  c->t = t, c->role = side ^ 1, t->seat[side ^ 1] = c, t->gone_since[side ^ 1] = 0;
  conn_send(c, json_pack("{s:s, s:s, s:s, s:s}", "type", "seated", "game", t->row.id, "token", token, "side",
                         role_word[side ^ 1]));
}

/* The spectators here of 'old' watch its rematch 't'. */
void table_rematch_watchers(table *old, table *t) {
  for (int i = 0; i < old->nwatchers; i++) table_attach(t, old->watchers[i], ROLE_SPECTATOR);
  old->nwatchers = 0;
  old->rematch_offer = -1;
}

/* The same game again, colours swapped, both players seated and the spectators along —
** those connected through other nodes too, which hear of it with the tokens of their
** players (cluster_rematch). */
static void rematch_start(table *old, int64_t now) {
  gamedb_game row = old->row;
  char token[2][PROTO_MAX_TOKEN + 1];
  err e;
  lobby_new_id(old->srv, row.id);
  random_text(row.code, 6);
  snprintf(row.rematch_of, sizeof row.rematch_of, "%s", old->row.id);
  row.status = GAMEDB_PLAYING;
  row.result = DR_ONGOING;
  row.reason[0] = '\0';
  row.clock_ms[0] = row.clock_ms[1] = row.initial_ms;
  row.turn_started = row.created = now;
  row.ended = 0;
  memset(row.seated, 0, sizeof row.seated); /* seated again below, swapped: the old seats must not */
  memset(row.token, 0, sizeof row.token);   /* read back as the computer's (computer_restore) */
  for (int side = 0; side < 2; side++) {      /* the players change sides, with their profiles */
    row.signed_in[side] = old->row.signed_in[side ^ 1];
    memcpy(row.key[side], old->row.key[side ^ 1], GAMEDB_HASH);
  }
  table *t = table_new(old->srv, &row, &e);
  if (!t) return table_broadcast(old, wire_error(-1, "store", e.msg), 1, 0);
  for (int side = 0; side < 2; side++) table_seat_token(t, side ^ 1, old->row.name[side], token[side ^ 1]);
  for (int side = 0; side < 2; side++)
    if (old->computer[side]) computer_seat(t, side ^ 1, old->computer[side], computer_next_streak(old));
  DR_ASSERT(!(t->computer[DR_WHITE] && t->computer[DR_BLACK])); /* a person keeps a seat */
  store_insert(t);
  snprintf(t->creator, sizeof t->creator, "%s", old->creator);
  t->counted = 1;
  addr_find(t->srv, t->creator)->games++;
  lobby_add(t->srv, t);
  for (int side = 0; side < 2; side++) {
    table_rematch_seat(old, side, t, token[side ^ 1], now);
    if (t->seat[side ^ 1] || old->computer[side]) token[side ^ 1][0] = '\0'; /* no other node's to give */
  }
  table_rematch_watchers(old, t);
  cluster_presence(t);
  cluster_presence(old);
  cluster_rematch(old, t, (const char *const[2]){token[1], token[0]}); /* by their sides in 'old' */
  table_send_states(t);
  computer_turn(t);
}

static void rematch(conn *c, const proto_msg *m, int64_t now) {
  table *t = c->t;
  if (c->role != ROLE_WHITE && c->role != ROLE_BLACK)
    return conn_error(c, m->id, "not_a_player", "only a player asks for a rematch");
  if (t->row.status != GAMEDB_OVER) return conn_error(c, m->id, "not_over", "a rematch comes after the game");
  if (!t->row.seated[0] || !t->row.seated[1]) return conn_error(c, m->id, "not_allowed", "nobody played this game");
  if (offer_answered(c, m, &t->rematch_offer, "rematch") || (t->rematch_offer == c->role && t->computer[c->role ^ 1]))
    rematch_start(t, now); /* the computer always takes a rematch */
}

void table_message(conn *c, const proto_msg *m) {
  int64_t now = wall_ms();
  if (!c->t) return conn_error(c, m->id, "not_in_game", "create, join, resume or watch a game first");
  switch (m->type) {
  case MSG_MOVE: move(c, m, now); break;
  case MSG_SUGGEST: suggest(c, m); break;
  case MSG_RESIGN: resign(c, m, now); break;
  case MSG_DRAW: draw(c, m, now); break;
  case MSG_ABORT: abort_game(c, m, now); break;
  case MSG_REMATCH: rematch(c, m, now); break;
  default: break;
  }
}

/* --------------------------------------------------------------- time */

static int attached(const table *t) { return t->seat[0] || t->seat[1] || t->nwatchers; }

static int first_move_late(const table *t, int64_t now) {
  return has_clock(t) && t->row.status == GAMEDB_PLAYING && t->g.count < 2 && !t->computer[table_side_to_move(t)] &&
         now - t->row.turn_started > FIRST_MOVE_MS;
}

/* The spectators' count, once a tick at most: told at every coming and going, a crowd
** that comes and goes would cost the square of its size in messages. */
static void tell_watchers(table *t) {
  int n = table_watchers(t);
  if (n == t->watchers_sent) return;
  t->watchers_sent = n;
  table_broadcast(t, wire_watchers(t), 1, 1);
}

int table_tick(table *t, int64_t now) {
  int limit = t->srv->cfg.seat_timeout_ms;
  tell_watchers(t);
  if (t->row.status == GAMEDB_OVER) return !attached(t) || now - t->over_at > FINISHED_KEEP_MS;
  if (t->row.status == GAMEDB_PLAYING && flag_fell(t, table_side_to_move(t), now)) {
    lose(t, table_side_to_move(t), "ran out of time", now);
    return 0;
  }
  if (first_move_late(t, now)) {
    char why[80];
    snprintf(why, sizeof why, "aborted: %s made no first move", role_word[table_side_to_move(t)]);
    table_finish(t, DR_ONGOING, why, now);
    return 0;
  }
  computer_turn(t); /* a restored game, or one the engine's full queue kept waiting */
  for (int side = 0; side < 2; side++) {
    if (!t->row.seated[side] || t->computer[side] || t->seat[side] || t->remote[side] || !t->gone_since[side] ||
        now - t->gone_since[side] < limit)
      continue;
    if (t->row.status == GAMEDB_WAITING) table_finish(t, DR_ONGOING, "nobody joined, and the creator left", now);
    else lose(t, side, "left the game", now);
    return 0;
  }
  return 0;
}
