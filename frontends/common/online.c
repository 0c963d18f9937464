/*
** online.c — online play as every front end offers it, through the host's version-3
** slots: the form that creates a game (the new-game form's game and rules, a clock,
** a side, public or not) or joins one by its code, the list of a server's public
** games to watch, the lines beside the board (the game's id and code, both clocks
** counting down, a seat left empty, offers, spectators, the suggestion tally), the
** status line, the commands by key, and the news 'poll' brings.  No rules here: the
** session and the server decide, this only shows and asks.
*/
#include <stdio.h>
#include <string.h>

#include "fe_common.h"

#define DEFAULT_SERVER "127.0.0.1:8035"

static const char *const side_word[2] = {"White", "Black"};

/* The clocks one may choose: minutes, then seconds added per move (0, 0: none). */
static const int clocks[][2] = {{0, 0}, {1, 0}, {3, 2}, {5, 3}, {10, 5}, {15, 10}, {30, 0}};
#define NCLOCKS (int)(sizeof clocks / sizeof *clocks)

static int wrap(int value, int delta, int n) { return n > 0 ? ((value + delta) % n + n) % n : 0; }

int fe_online_kept(const fe_state *f) { return DR_HOST_HAS(f->h, online); }

void fe_online(fe_state *f, dr_online *out) {
  DR_INIT(*out);
  out->side = out->clock_side = out->draw_offer = out->rematch_offer = -1;
  out->gone_ms[0] = out->gone_ms[1] = -1;
  if (fe_online_kept(f)) f->h->online(f->s, out);
}

static int on_board(int state) {
  return state == DR_ONLINE_WAITING || state == DR_ONLINE_PLAYING || state == DR_ONLINE_OVER ||
         state == DR_ONLINE_RECONNECTING || state == DR_ONLINE_LEFT;
}

int fe_online_on(fe_state *f) {
  dr_online o;
  fe_online(f, &o);
  return on_board(o.state) && f->h->has_game(f->s);
}

int fe_online_connecting(fe_state *f) {
  dr_online o;
  fe_online(f, &o);
  return o.state == DR_ONLINE_CONNECTING;
}

/* ---------------------------------------------------------------- news */

/* What the person can answer, after the news that calls for it. */
static const char *answer_keys(const dr_online *o) {
  if (o->side < 0) return "";
  if (o->draw_offer == (o->side ^ 1)) return " Press d to accept, c to decline.";
  if (o->rematch_offer == (o->side ^ 1)) return " Press e to accept, c to decline.";
  return "";
}

/* A new game on the board (created, joined, watched, a rematch): seen from its side. */
static void new_game(fe_state *f, const dr_online *o) {
  snprintf(f->seen.game, sizeof f->seen.game, "%s", o->game);
  f->flip = o->side == DR_BLACK;
  f->cursor = f->caught_plies = -1;
  f->hint_active = 0;
  f->seen.replaced = 1;
  if (f->view != FE_VIEW_HELP) f->view = FE_VIEW_GAME;
}

void fe_online_news(fe_state *f, int events) {
  dr_online o;
  if (!(events & DR_EVENT_ONLINE)) return;
  fe_online(f, &o);
  if (on_board(o.state) && f->h->has_game(f->s) && strcmp(o.game, f->seen.game) != 0) new_game(f, &o);
  if (strcmp(o.notice, f->seen.notice) == 0) return;
  snprintf(f->seen.notice, sizeof f->seen.notice, "%s", o.notice);
  if (*o.notice && o.state != DR_ONLINE_FAILED) fe_say(f, 0, "%s%s", o.notice, answer_keys(&o));
}

/* -------------------------------------------------------------- showing */

int fe_online_status(fe_state *f, char *out, size_t len) {
  dr_online o;
  dr_status st;
  fe_online(f, &o);
  if (o.state == DR_ONLINE_CONNECTING) return snprintf(out, len, "Connecting to %s...", o.server), 1;
  if (!on_board(o.state) || !f->h->has_game(f->s)) return 0;
  fe_status(f, &st);
  if (o.state == DR_ONLINE_WAITING && o.side < 0) snprintf(out, len, "Waiting for the second player to join");
  else if (o.state == DR_ONLINE_WAITING) snprintf(out, len, "Waiting for the second player: the join code is %s", o.code);
  else if (o.state == DR_ONLINE_RECONNECTING) snprintf(out, len, "The connection is lost: reconnecting to %s...", o.server);
  else if (o.state == DR_ONLINE_LEFT) snprintf(out, len, "You left this game");
  else if (st.result == DR_ONGOING && o.state == DR_ONLINE_OVER) snprintf(out, len, "Game over: %s", o.reason);
  else if (st.result != DR_ONGOING) return 0; /* the usual "Game over: ..." */
  else if (o.side < 0) snprintf(out, len, "%s to move: make a move to suggest it", side_word[st.turn]);
  else if (st.turn == o.side) snprintf(out, len, "%s to move: your move", side_word[st.turn]);
  else snprintf(out, len, "%s to move: %s's move", side_word[st.turn], o.name[st.turn]);
  return 1;
}

static void offer_line(const dr_online *o, char *out, size_t len) {
  const char *what = o->draw_offer >= 0 ? "a draw" : "a rematch";
  int by = o->draw_offer >= 0 ? o->draw_offer : o->rematch_offer;
  char key = o->draw_offer >= 0 ? 'd' : 'e';
  if (by == o->side) snprintf(out, len, "You offer %s.", what);
  else if (o->side >= 0) snprintf(out, len, "%s offers %s: %c accepts, c declines.", side_word[by], what, key);
  else snprintf(out, len, "%s offers %s.", side_word[by], what);
}

static int tally_shown(fe_state *f, const dr_online *o) {
  dr_status st;
  fe_status(f, &st);
  return !f->seen.hide_tally && o->nsuggestions > 0 && (o->side < 0 || st.turn == o->side);
}

static void tally_line(fe_state *f, const dr_online *o, char *out, size_t len) {
  size_t used = (size_t)snprintf(out, len, "Suggested:");
  for (int i = 0; i < o->nsuggestions && used < len; i++) {
    dr_suggestion sg;
    DR_INIT(sg);
    if (f->h->online_suggestion_at(f->s, i, &sg) != 1) break;
    used += (size_t)snprintf(out + used, len - used, "%s %s x%d%s", i ? "," : "", sg.text, sg.count, sg.mine ? " (yours)" : "");
  }
}

int fe_online_lines(fe_state *f, char lines[][128], int max) {
  dr_online o;
  int n = 0;
  fe_online(f, &o);
  if (!on_board(o.state) || !f->h->has_game(f->s) || max < 6) return 0;
  snprintf(lines[n++], 128, "Online game %s%s%s", o.game, *o.code && o.state == DR_ONLINE_WAITING ? ", code " : "",
           o.state == DR_ONLINE_WAITING ? o.code : "");
  for (int side = 0; side < 2; side++)
    if (o.gone_ms[side] >= 0 && *o.name[side])
      snprintf(lines[n++], 128, "%s left: back within %d s or loses", o.name[side], (o.gone_ms[side] + 999) / 1000);
  if (o.draw_offer >= 0 || o.rematch_offer >= 0) offer_line(&o, lines[n++], 128);
  if (o.watchers) snprintf(lines[n++], 128, "%d watching", o.watchers);
  if (tally_shown(f, &o) && n < max) tally_line(f, &o, lines[n++], 128);
  return n;
}

int fe_tally_at(fe_state *f, int point) {
  dr_online o;
  int count = 0;
  fe_online(f, &o);
  if (!on_board(o.state) || !tally_shown(f, &o)) return 0;
  for (int i = 0; i < o.nsuggestions; i++) {
    dr_suggestion sg;
    DR_INIT(sg);
    if (f->h->online_suggestion_at(f->s, i, &sg) == 1 && sg.move.to == point) count += sg.count;
  }
  return count;
}

/* ------------------------------------------------------------- commands */

int fe_online_command(fe_state *f, int command) {
  static const int of[] = {[FE_CMD_DRAW] = DR_ONLINE_DRAW, [FE_CMD_DECLINE] = DR_ONLINE_DECLINE,
                           [FE_CMD_ABORT] = DR_ONLINE_ABORT, [FE_CMD_REMATCH] = DR_ONLINE_REMATCH};
  if (!fe_online_on(f)) {
    fe_say(f, 1, "%s", "That is for online games.");
    return -1;
  }
  if (command == FE_CMD_TALLY) {
    f->seen.hide_tally ^= 1;
    fe_say(f, 0, "Suggestions %s.", f->seen.hide_tally ? "hidden" : "shown");
    return 0;
  }
  if (f->h->online_command(f->s, of[command])) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return -1;
  }
  return 0;
}

/* ----------------------------------------------------------- the form */

static const char *const labels[FE_ON_NROWS] = {"Server", "Game", "Code", "Clock", "Side", "Public", ""};

const char *fe_online_label(int row) { return row >= 0 && row < FE_ON_NROWS ? labels[row] : ""; }

void fe_online_open(fe_state *f, int watch) {
  fe_online_form *m = &f->onl;
  if (!*m->server) snprintf(m->server, sizeof m->server, "%s", DEFAULT_SERVER);
  if (!m->clock) m->clock = 3;   /* 5+3 */
  if (m->side == 0 && !m->listed) m->side = 2; /* random */
  m->row = watch ? FE_WATCH_LIST : FE_ON_SERVER;
  f->view = watch ? FE_VIEW_WATCH : FE_VIEW_ONLINE;
  fe_say(f, 0, "%s", "");
  if (watch) fe_watch_refresh(f);
}

int fe_online_row_shown(const fe_state *f, int row) {
  if (row == FE_ON_CODE) return f->onl.join;
  if (row == FE_ON_CLOCK || row == FE_ON_SIDE || row == FE_ON_PUBLIC) return !f->onl.join;
  return 1;
}

void fe_online_value(fe_state *f, int row, char *out, size_t len) {
  const fe_online_form *m = &f->onl;
  dr_variant_info info;
  static const char *const sides[] = {"white", "black", "drawn by lot"};
  switch (row) {
  case FE_ON_SERVER: snprintf(out, len, "%s", m->server); break;
  case FE_ON_ACTION:
    fe_form_info(f, &info);
    if (m->join) snprintf(out, len, "%s", "join a game by its code");
    else snprintf(out, len, "create: %s (%s rules)", info.title, fe_form_rules(f, &info));
    break;
  case FE_ON_CODE: snprintf(out, len, "%s", *m->code ? m->code : "(type the code)"); break;
  case FE_ON_CLOCK:
    if (m->clock == 0) snprintf(out, len, "%s", "no clock");
    else snprintf(out, len, "%d min + %d s a move", clocks[m->clock][0], clocks[m->clock][1]);
    break;
  case FE_ON_SIDE: snprintf(out, len, "%s", sides[m->side]); break;
  case FE_ON_PUBLIC: snprintf(out, len, "%s", m->listed ? "yes: listed for spectators" : "no"); break;
  default: snprintf(out, len, "%s", m->join ? "Join the game" : "Create the game"); break;
  }
}

char *fe_online_field(fe_state *f, size_t *size) {
  int row = f->onl.row;
  if (f->view == FE_VIEW_WATCH) return row == FE_WATCH_SERVER ? (*size = sizeof f->onl.server, f->onl.server) : NULL;
  if (f->view != FE_VIEW_ONLINE) return NULL;
  if (row == FE_ON_SERVER) return *size = sizeof f->onl.server, f->onl.server;
  if (row == FE_ON_CODE) return *size = sizeof f->onl.code, f->onl.code;
  return NULL;
}

void fe_online_row(fe_state *f, int delta) {
  int row = f->onl.row;
  do row = wrap(row, delta < 0 ? -1 : 1, FE_ON_NROWS);
  while (!fe_online_row_shown(f, row));
  f->onl.row = row;
}

void fe_online_change(fe_state *f, int delta) {
  fe_online_form *m = &f->onl;
  switch (m->row) {
  case FE_ON_ACTION: m->join ^= 1; break;
  case FE_ON_CLOCK: m->clock = wrap(m->clock, delta, NCLOCKS); break;
  case FE_ON_SIDE: m->side = wrap(m->side, delta, 3); break;
  case FE_ON_PUBLIC: m->listed ^= 1; break;
  default: break;
  }
}

static int start(fe_state *f, dr_online_request *req) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  req->server = f->onl.server;
  req->nickname = *sc.nickname ? sc.nickname : NULL;
  if (f->h->online_start(f->s, req)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return -1;
  }
  f->view = FE_VIEW_GAME;
  snprintf(f->seen.game, sizeof f->seen.game, "%s", ""); /* whatever comes is a new game */
  fe_say(f, 0, "Connecting to %s...", f->onl.server);
  return 0;
}

int fe_online_go(fe_state *f) {
  dr_online_request req;
  dr_variant_info info;
  const fe_online_form *m = &f->onl;
  DR_INIT(req);
  if (m->join) {
    if (!*m->code) return fe_say(f, 1, "%s", "Type the join code first."), -1;
    req.kind = DR_ONLINE_JOIN;
    req.code = m->code;
    return start(f, &req);
  }
  fe_form_info(f, &info);
  req.kind = DR_ONLINE_CREATE;
  req.variant = info.name;
  req.rules = info.npresets ? fe_form_rules(f, &info) : NULL;
  req.clock_seconds = clocks[m->clock][0] * 60;
  req.increment_seconds = clocks[m->clock][1];
  req.side = m->side == 2 ? -1 : m->side;
  req.listed = m->listed;
  return start(f, &req);
}

/* ------------------------------------------------------- the watch list */

void fe_watch_refresh(fe_state *f) {
  dr_online_request req;
  DR_INIT(req);
  req.kind = DR_ONLINE_LIST;
  req.server = f->onl.server;
  f->onl.pick = 0;
  if (f->h->online_start(f->s, &req)) fe_say(f, 1, "%s", f->h->error(f->s));
}

int fe_watch_count(fe_state *f) {
  dr_online o;
  fe_online(f, &o);
  return o.listing ? 0 : o.ngames;
}

void fe_watch_line(fe_state *f, int index, char *out, size_t len) {
  dr_online_game g;
  DR_INIT(g);
  if (f->h->online_game_at(f->s, index, &g) != 1) return (void)snprintf(out, len, "%s", "");
  snprintf(out, len, "%s  %s  %s - %s  %s%s%d plies, %d watching%s", g.game, g.title, *g.name[0] ? g.name[0] : "?",
           *g.name[1] ? g.name[1] : "?", g.clock, *g.clock ? "  " : "", g.plies, g.watchers, g.waiting ? "  (a seat is free)" : "");
}

/* Up from the first game goes to the server's line, down from it to the games. */
void fe_watch_move(fe_state *f, int delta) {
  fe_online_form *m = &f->onl;
  if (m->row == FE_WATCH_SERVER) m->row = delta > 0 ? FE_WATCH_LIST : m->row;
  else if (delta < 0 && m->pick == 0) m->row = FE_WATCH_SERVER;
  else if (m->pick + delta >= 0 && m->pick + delta < fe_watch_count(f)) m->pick += delta;
}

/* Enter: on the server's line the list is asked again, on a game it is watched. */
void fe_watch_enter(fe_state *f) {
  if (f->onl.row != FE_WATCH_SERVER) return (void)fe_watch_go(f);
  fe_watch_refresh(f);
  f->onl.row = FE_WATCH_LIST;
}

int fe_watch_go(fe_state *f) {
  dr_online_request req;
  dr_online_game g;
  DR_INIT(req);
  DR_INIT(g);
  if (fe_watch_count(f) == 0 || f->h->online_game_at(f->s, f->onl.pick, &g) != 1)
    return fe_say(f, 1, "%s", "No game to watch: Enter on the server's line asks again."), -1;
  req.kind = DR_ONLINE_WATCH;
  req.code = g.game;
  return start(f, &req);
}

const char *fe_watch_state(fe_state *f) {
  static char text[200];
  dr_online o;
  fe_online(f, &o);
  if (o.listing) snprintf(text, sizeof text, "Asking %s for its games...", f->onl.server);
  else if (o.ngames == 0) snprintf(text, sizeof text, "%s", "No public games there now: Enter on the server's line asks again.");
  else snprintf(text, sizeof text, "%s", "");
  return text;
}
