/*
** play_online.c — 'draughts play' online: the request that --server, --join and
** --watch make (a game created with its variant, preset, options, clock, side and
** listing), and line mode's part of it: waiting for the game, the news printed as it
** comes (moves, seats, offers, the tally, the end), the commands (draw, decline,
** abort, rematch, leave, online, games, watch, join).  Through the host table only.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "line.h"
#include "proto.h"

#define DEFAULT_SERVER "127.0.0.1:8035"
#define ANSWER_SECONDS 30 /* the longest a request waits for the server's answer */

static const char *const side_title[2] = {"White", "Black"};

static int side_of(const char *side) {
  if (!side || strcmp(side, "random") == 0) return -1;
  if (strcmp(side, "white") == 0) return DR_WHITE;
  if (strcmp(side, "black") == 0) return DR_BLACK;
  return -2;
}

static int create_of(const cli_args *a, dr_online_request *req) {
  if (!a->nargs) return cli_error("name the game to create: draughts play VARIANT --server HOST:PORT"), -1;
  if (a->fen || a->load) return cli_error("an online game starts from its variant's start: no --fen or --load"), -1;
  if (a->rules && !name_is_valid(a->rules, 63))
    return cli_error("an online game takes a rule preset by name, not a rules file ('%s')", a->rules), -1;
  if ((req->side = side_of(a->side)) == -2) return cli_error("--side takes white, black or random online, not '%s'", a->side), -1;
  req->clock_seconds = a->clock_seconds;
  req->increment_seconds = a->clock_increment;
  req->kind = DR_ONLINE_CREATE;
  req->variant = a->args[0];
  req->rules = a->rules;
  req->nsets = a->nsets;
  req->sets = a->sets;
  req->listed = a->public_game;
  return 0;
}

int online_request_of(const cli_args *a, dr_online_request *req) {
  DR_INIT(*req);
  if (!a->server && !a->join && !a->watch) return 0;
  if (a->join && a->watch) return cli_error("--join and --watch exclude each other"), -1;
  if ((a->join || a->watch) && (a->clock_seconds || a->public_game || a->nargs))
    return cli_error("--%s takes a game as it was created: no variant, --clock or --public", a->join ? "join" : "watch"), -1;
  req->server = a->server ? a->server : DEFAULT_SERVER;
  req->nickname = a->profile;
  if (a->join) req->kind = DR_ONLINE_JOIN, req->code = a->join;
  else if (a->watch) req->kind = DR_ONLINE_WATCH, req->code = a->watch;
  else if (create_of(a, req)) return -1;
  return 1;
}

static int online_of(line_ui *u, dr_online *on) {
  DR_INIT(*on);
  if (!DR_HOST_HAS(u->h, online)) return 0;
  u->h->online(u->s, on);
  return on->state != DR_ONLINE_NONE;
}

static void pause_briefly(void) {
  struct timespec ts = {0, 10 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

static void print_notice(line_ui *u, const dr_online *on) {
  if (strcmp(on->notice, u->notice) != 0 && *on->notice) line_say("%s", on->notice);
  snprintf(u->notice, sizeof u->notice, "%s", on->notice);
}

int online_line_wait_game(line_ui *u, char *why, size_t len) {
  dr_online on;
  for (double start = now_seconds(); online_of(u, &on) && on.state == DR_ONLINE_CONNECTING;) {
    if (now_seconds() - start > ANSWER_SECONDS) return snprintf(why, len, "no answer from %s", on.server), -1;
    if (!(u->h->poll(u->s, NULL) & DR_EVENT_FAILED)) pause_briefly();
  }
  if (on.state != DR_ONLINE_FAILED) print_notice(u, &on);
  if (on.state == DR_ONLINE_FAILED) return snprintf(why, len, "%s", u->h->error(u->s)), -1;
  return 0;
}

static void tally_text(line_ui *u, const dr_online *on, char *out, size_t len) {
  size_t used = (size_t)snprintf(out, len, "%s", on->nsuggestions ? "suggested:" : "");
  for (int i = 0; i < on->nsuggestions && used < len; i++) {
    dr_suggestion sg;
    DR_INIT(sg);
    if (u->h->online_suggestion_at(u->s, i, &sg) != 1) break;
    used += (size_t)snprintf(out + used, len - used, " %s (%d)%s", sg.text, sg.count, sg.mine ? " *" : "");
  }
}

void online_line_news(line_ui *u, int events) {
  dr_online on;
  dr_status st;
  char tally[256];
  if (!(events & DR_EVENT_ONLINE) || !online_of(u, &on)) return;
  print_notice(u, &on);
  DR_INIT(st);
  if (!u->h->has_game(u->s)) return;
  u->h->status(u->s, &st);
  if (st.plies != u->plies_shown) line_show(u);
  tally_text(u, &on, tally, sizeof tally);
  if (strcmp(tally, u->tally) != 0 && *tally) printf("%s\n", tally);
  snprintf(u->tally, sizeof u->tally, "%s", tally);
}

int online_line_waiting(line_ui *u) {
  dr_online on;
  dr_status st;
  dr_input in;
  if (!online_of(u, &on) || on.side < 0) return 0;
  if (on.state == DR_ONLINE_CONNECTING || on.state == DR_ONLINE_WAITING || on.state == DR_ONLINE_RECONNECTING) return 1;
  if (on.state != DR_ONLINE_PLAYING) return 0;
  DR_INIT(st);
  DR_INIT(in);
  u->h->status(u->s, &st);
  u->h->input(u->s, &in);
  if (st.turn != on.side) return on.draw_offer != (on.side ^ 1); /* an offer to answer stops the wait */
  return in.movable == 0; /* the server has the person's move */
}

static void clock_text(const dr_online *on, int side, char *out, size_t len) {
  int64_t s = on->clock_ms[side] / 1000;
  if (!on->has_clock) snprintf(out, len, "%s", "");
  else snprintf(out, len, " %d:%02d%s", (int)(s / 60), (int)(s % 60), on->clock_side == side ? " running" : "");
}

static void show_online(line_ui *u) {
  dr_online on;
  if (!online_of(u, &on)) return line_say("not in an online game");
  printf("game %s on %s%s%s\n", on.game, on.server, *on.code ? ", join code " : "", on.code);
  for (int side = 0; side < 2; side++) {
    char clock[32], gone[48] = "";
    clock_text(&on, side, clock, sizeof clock);
    if (on.gone_ms[side] >= 0) snprintf(gone, sizeof gone, " (gone: %d s left)", (on.gone_ms[side] + 999) / 1000);
    printf("  %s: %s%s%s%s%s\n", side_title[side], *on.name[side] ? on.name[side] : "(free)",
           on.guest[side] ? " (guest)" : "", on.side == side ? " (you)" : "", gone, clock);
  }
  line_say("  %d watching", on.watchers);
}

/* Waits for the list asked for, then prints it. */
static void list_games(line_ui *u, const char *server) {
  dr_online_request req;
  dr_online on;
  DR_INIT(req);
  req.kind = DR_ONLINE_LIST;
  online_of(u, &on);
  req.server = server ? server : *on.server ? on.server : DEFAULT_SERVER;
  if (u->h->online_start(u->s, &req)) return line_say("%s", u->h->error(u->s));
  while (online_of(u, &on), on.listing)
    if (u->h->poll(u->s, NULL) & DR_EVENT_FAILED) return line_say("%s", u->h->error(u->s));
    else pause_briefly();
  for (int i = 0; i < on.ngames; i++) {
    dr_online_game g;
    DR_INIT(g);
    u->h->online_game_at(u->s, i, &g);
    printf("%s  %s (%s)%s%s  %s - %s  %d plies, %d watching%s\n", g.game, g.title, g.rules, *g.clock ? "  " : "",
           g.clock, *g.name[0] ? g.name[0] : "?", *g.name[1] ? g.name[1] : "?", g.plies, g.watchers,
           g.waiting ? "  (a seat is free)" : "");
  }
  line_say("%d public game%s", on.ngames, on.ngames == 1 ? "" : "s");
}

/* 'watch GAME' and 'join CODE' on the current (or default) server. */
static void enter(line_ui *u, int kind, const char *code) {
  dr_online_request req;
  dr_online on;
  char why[ERR_LEN];
  DR_INIT(req);
  online_of(u, &on);
  req.kind = kind;
  req.code = code;
  req.server = *on.server ? on.server : DEFAULT_SERVER;
  if (u->h->online_start(u->s, &req) || online_line_wait_game(u, why, sizeof why)) return line_say("%s", u->h->error(u->s));
  u->plies_shown = -1;
}

static int command_of(const char *word) {
  static const struct { const char *word; int command; } words[] = {
      {"draw", DR_ONLINE_DRAW}, {"accept", DR_ONLINE_DRAW}, {"decline", DR_ONLINE_DECLINE},
      {"abort", DR_ONLINE_ABORT}, {"rematch", DR_ONLINE_REMATCH}};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (strcmp(word, words[i].word) == 0) return words[i].command;
  return 0;
}

int online_line_command(line_ui *u, const char *line) {
  int cmd = command_of(line);
  if (!DR_HOST_HAS(u->h, online)) return 0;
  if (cmd) {
    if (u->h->online_command(u->s, cmd)) line_say("%s", u->h->error(u->s));
  } else if (strcmp(line, "leave") == 0) {
    u->h->online_leave(u->s);
  } else if (strcmp(line, "online") == 0) {
    show_online(u);
  } else if (strcmp(line, "games") == 0 || strncmp(line, "games ", 6) == 0) {
    list_games(u, line[5] ? line + 6 : NULL);
  } else if (strncmp(line, "watch ", 6) == 0 || strncmp(line, "join ", 5) == 0) {
    enter(u, line[0] == 'w' ? DR_ONLINE_WATCH : DR_ONLINE_JOIN, strchr(line, ' ') + 1);
  } else {
    return 0;
  }
  return 1;
}

const char *online_line_prompt(line_ui *u, const char *side) {
  static char text[64];
  dr_online on;
  if (!online_of(u, &on) || on.side >= 0) return side;
  snprintf(text, sizeof text, "watching, %s to move", side);
  return text;
}
