/*
** play.c — 'draughts play': sets up the session from the command line, picks the
** front end (by default the terminal plugin; plain line mode when it is missing or
** cannot start here) and hands over.  Line mode lives here too: print the board,
** read a move or a command.  Scripts and tests drive it through standard input, so
** it talks to the session only through the same host table as the plugins.
*/
#include <ctype.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "game.h"
#include "guard.h"
#include "line.h"
#include "notation.h"
#include "search.h"
#include "session.h"

#define DEFAULT_FRONTEND "tty"

static const char play_help[] =
    "Type a move as its start and end points (c3-d4, c3xe5, or every landing: c3xe5xc7),\n"
    "or one of: moves, undo, redo, hint, flip, fen, save FILE, load FILE, rules, resign,\n"
    "draw (offer one; the other player answers accept or decline), scores (the records\n"
    "here, yours and your friends'), new, help, quit.\n"
    "Online: draw (offer or accept), decline, abort, rematch, leave, online (seats,\n"
    "clocks, code); a spectator's move is a suggestion.\n";

void line_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
}

void line_show(line_ui *u) {
  char board[4096], last[256];
  dr_position p;
  dr_status st;
  DR_INIT(st);
  u->h->position(u->s, &p);
  u->h->status(u->s, &st);
  board_text(u->h->geometry(u->s), &p, u->flip, board, sizeof board);
  u->plies_shown = st.plies;
  printf("\n%s", board);
  if (u->h->move_at(u->s, st.plies - 1, NULL, last, sizeof last) == 0) printf("last move: %s   ", last);
  if (!*st.draw_count) printf("\n");
  else if (st.draw_limit) printf("%s: %d of %d\n", st.draw_count, st.draw_counted, st.draw_limit);
  else printf("%s: %d\n", st.draw_count, st.draw_counted);
  fflush(stdout);
}


static void pause_briefly(void) {
  struct timespec ts = {0, 10 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/* What 'poll' says: the computer's moves or the opponent's, a hint, online news. */
static int news(line_ui *u) {
  dr_engine eng;
  DR_INIT(eng);
  int events = u->h->poll(u->s, &eng);
  if (events & DR_EVENT_FAILED) printf("%s\n", u->h->error(u->s));
  if (events & DR_EVENT_HINT) {
    char text[256];
    u->h->move_text(u->s, &eng.hint, text, sizeof text);
    printf("hint: %s\n", text);
  }
  online_line_news(u, events);
  if ((events & DR_EVENT_MOVED) && u->h->has_game(u->s)) {
    dr_status st;
    DR_INIT(st);
    u->h->status(u->s, &st);
    if (st.plies != u->plies_shown) line_show(u);
  }
  fflush(stdout);
  return eng.thinking;
}

/* Reads what standard input has (waiting up to 'ms'), without acting on it. */
static void read_ahead(line_ui *u, int ms) {
  struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
  if (u->eof || u->inlen == sizeof u->in || poll(&pfd, 1, ms) <= 0) return;
  ssize_t got = read(STDIN_FILENO, u->in + u->inlen, sizeof u->in - u->inlen);
  if (got <= 0) u->eof = 1;
  else u->inlen += (size_t)got;
}

/* Waits while it is not the person's turn (the engine thinks, or the opponent online);
** the end of the input ends the wait, the lines typed ahead wait their turn. */
static void wait_turn(line_ui *u) {
  for (;;) {
    int thinking = news(u);
    if (!thinking && (!online_line_waiting(u) || (u->eof && !u->inlen))) return;
    if (u->eof) pause_briefly();
    else read_ahead(u, 10);
  }
}

static void list_moves(line_ui *u) {
  const dr_move *moves;
  int n = u->h->legal_moves(u->s, &moves);
  for (int i = 0; i < n; i++) {
    char text[256];
    u->h->move_text(u->s, &moves[i], text, sizeof text);
    printf("%s%s", i ? " " : "", text);
  }
  printf("\n");
}

/* The catalogue's entry of the game being played (for the names of its sides). */
static void current_variant(line_ui *u, dr_variant_info *info) {
  dr_status st;
  DR_INIT(st);
  u->h->status(u->s, &st);
  for (int i = 0; i < u->h->variant_count(u->s); i++) {
    DR_INIT(*info);
    if (u->h->variant_info(u->s, i, info) == 0 && strcmp(info->name, st.variant) == 0) return;
  }
  DR_INIT(*info);
  info->side_name[0] = "White", info->side_name[1] = "Black";
  info->fen_letter[0] = 'W', info->fen_letter[1] = 'B';
}

/* A side as the prompt names it: the variant's word, in lower case ("white", "black"). */
static void line_side_word(line_ui *u, int side, char *out, size_t len) {
  dr_variant_info info;
  current_variant(u, &info);
  size_t n = 0;
  for (const char *c = info.side_name[side & 1]; *c && n + 1 < len; c++) out[n++] = (char)tolower((unsigned char)*c);
  out[n] = '\0';
}

static void print_fen(line_ui *u) {
  char fen[1024];
  dr_position p;
  dr_variant_info info;
  current_variant(u, &info);
  u->h->position(u->s, &p);
  fen_write_letters(u->h->geometry(u->s), info.fen_letter, &p, NOTATION_ALGEBRAIC, fen, sizeof fen);
  puts(fen);
}

#define LINE_FRIENDS 4 /* friends' columns beside the player's */

/* A record as a cell: its points and the mark they beat, or "-". */
static void record_cell(int found, const dr_score *r, char *out, size_t len) {
  if (found == 1) snprintf(out, len, "%d%s%s", r->points, *r->mark ? " " : "", r->mark);
  else snprintf(out, len, "-");
}

/* One level's line of 'scores', or nothing when nobody has a record there. */
static void scores_level(line_ui *u, const char *variant, int level, char friends[][64], int n) {
  char line[256], cell[32];
  dr_score r;
  DR_INIT(r);
  int found = u->h->rules_record(u->s, variant, NULL, level, &r), any = found == 1;
  record_cell(found, &r, cell, sizeof cell);
  int used = snprintf(line, sizeof line, "  %-5d  %-16s", level, cell);
  for (int i = 0; i < n; i++) {
    DR_INIT(r);
    found = u->h->friend_record(u->s, friends[i], variant, NULL, level, &r);
    any |= found == 1;
    record_cell(found, &r, cell, sizeof cell);
    used += snprintf(line + used, sizeof line - (size_t)used, "  %-16s", cell);
  }
  if (any) cli_put_line(line);
}

/* 'scores': this game's records per level, the player's and the friends' side by side
** (friends from a server or an imported file), then the best streaks. */
static void show_scores(line_ui *u) {
  dr_scoring sc;
  dr_status st;
  dr_streak k;
  char friends[LINE_FRIENDS][64];
  int n = 0;
  DR_INIT(sc), DR_INIT(st), DR_INIT(k);
  u->h->scoring(u->s, &sc);
  u->h->status(u->s, &st);
  if (!*sc.nickname) return line_say("no scores are kept here: no score store could open");
  while (n < LINE_FRIENDS && u->h->friend_at(u->s, n, friends[n], sizeof friends[n]) == 0) n++;
  char head[256];
  int used = snprintf(head, sizeof head, "  level  %-16.16s", sc.nickname);
  for (int i = 0; i < n; i++) used += snprintf(head + used, sizeof head - (size_t)used, "  %-16.16s", friends[i]);
  printf("records in %s (%s rules):\n", st.title, *st.rules ? st.rules : "default");
  cli_put_line(head);
  for (int level = 1; level <= SEARCH_LEVELS; level++) scores_level(u, st.variant, level, friends, n);
  u->h->rules_streak(u->s, st.variant, NULL, &k);
  printf("best streak: %s %d", sc.nickname, k.best);
  for (int i = 0; i < n; i++)
    if (DR_INIT(k), u->h->friend_streak(u->s, friends[i], st.variant, NULL, &k) == 0)
      printf(", %s %d", friends[i], k.best);
  printf("\n");
}

/* Runs a host command; shows the board after it, or the error. */
static void run_command(line_ui *u, int rc) {
  if (rc) printf("%s\n", u->h->error(u->s));
  else line_show(u);
}

static void file_command(line_ui *u, const char *line) {
  int save = strncmp(line, "save ", 5) == 0;
  const char *path = line + 5;
  if (save) {
    if (u->h->save_pdn(u->s, path)) printf("%s\n", u->h->error(u->s));
    else printf("saved to %s\n", path);
  } else {
    run_command(u, u->h->load_pdn(u->s, path));
  }
}

static void offer_draw(line_ui *u) {
  dr_status st;
  DR_INIT(st);
  if (u->h->offer_draw(u->s)) {
    printf("%s\n", u->h->error(u->s));
    return;
  }
  u->h->status(u->s, &st);
  char offers[32], answers[32];
  line_side_word(u, st.turn, offers, sizeof offers);
  line_side_word(u, st.turn ^ 1, answers, sizeof answers);
  printf("%s offers a draw: %s, type accept or decline\n", offers, answers);
}

/* The hint is printed by 'wait_engine' when it is ready. */
static void ask_hint(line_ui *u) {
  if (u->h->hint(u->s)) printf("%s\n", u->h->error(u->s));
}

static void new_game(line_ui *u) {
  dr_setup setup;
  DR_INIT(setup);
  u->h->setup(u->s, &setup);
  run_command(u, u->h->new_game(u->s, &setup));
}

static void play_move(line_ui *u, const char *line) {
  dr_online on;
  DR_INIT(on);
  if (DR_HOST_HAS(u->h, online)) u->h->online(u->s, &on);
  if (u->h->play_text(u->s, line) == 0) {
    if (on.state == DR_ONLINE_NONE) line_show(u);
    else if (on.side < 0) printf("suggested %s\n", line); /* the board changes when the server says */
    return;
  }
  printf("%s", u->h->error(u->s));
  dr_status st;
  DR_INIT(st);
  u->h->status(u->s, &st);
  printf("%s\n", st.human_to_move ? " (type 'moves' for the legal moves, 'help' for commands)" : "");
}

/* An online game is on the board, or on its way. */
static int online_game_on(line_ui *u) {
  dr_online on;
  DR_INIT(on);
  if (DR_HOST_HAS(u->h, online)) u->h->online(u->s, &on);
  return on.state != DR_ONLINE_NONE;
}

/* A command word; returns 1 to go on, 0 to quit. */
static int command(line_ui *u, const char *line) {
  if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) return 0;
  if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) fputs(play_help, stdout);
  else if (strcmp(line, "rules") == 0) fputs(u->h->help(u->s), stdout);
  else if (strcmp(line, "moves") == 0) list_moves(u);
  else if (strcmp(line, "scores") == 0) show_scores(u);
  else if (strcmp(line, "flip") == 0) u->flip ^= 1, line_show(u);
  else if (strcmp(line, "undo") == 0) run_command(u, u->h->undo(u->s));
  else if (strcmp(line, "redo") == 0) run_command(u, u->h->redo(u->s));
  else if (online_game_on(u) && online_line_command(u, line)) return 1; /* 'draw' goes to the server */
  else if (strcmp(line, "draw") == 0) offer_draw(u);
  else if (strcmp(line, "accept") == 0 || strcmp(line, "decline") == 0)
    run_command(u, u->h->answer_draw(u->s, *line == 'a'));
  else if (strcmp(line, "fen") == 0) print_fen(u);
  else if (strncmp(line, "save ", 5) == 0 || strncmp(line, "load ", 5) == 0) file_command(u, line);
  else if (strcmp(line, "resign") == 0) run_command(u, u->h->resign(u->s));
  else if (strcmp(line, "hint") == 0) ask_hint(u);
  else if (strcmp(line, "new") == 0) new_game(u);
  else if (!online_line_command(u, line)) play_move(u, line);
  return 1;
}

/* A whole line from 'u->in' into 'buf' (cut to its size); 0 when there is none yet. */
static int take_line(line_ui *u, char *buf, size_t len) {
  char *nl = memchr(u->in, '\n', u->inlen);
  if (!nl && !(u->eof && u->inlen) && u->inlen < sizeof u->in) return 0;
  size_t n = nl ? (size_t)(nl - u->in) : u->inlen, used = nl ? n + 1 : n;
  snprintf(buf, len, "%.*s", (int)n, u->in);
  memmove(u->in, u->in + used, u->inlen - used);
  u->inlen -= used;
  return 1;
}

/* The next line of standard input, read without stdio's buffer so that the session is
** polled (and online news printed) while the line is awaited; -1 at the end. */
static int read_line(line_ui *u, char *buf, size_t len) {
  while (!take_line(u, buf, len)) {
    if (u->eof) return -1;
    read_ahead(u, 100);
    news(u);
  }
  size_t n = strcspn(buf, "\r\n");
  buf[n] = '\0';
  char *p = buf;
  while (*p == ' ' || *p == '\t') p++;
  memmove(buf, p, strlen(p) + 1);
  for (n = strlen(buf); n && (buf[n - 1] == ' ' || buf[n - 1] == '\t');) buf[--n] = '\0';
  return 0;
}

static void show_notice(line_ui *u) {
  dr_scoring sc;
  DR_INIT(sc);
  u->h->scoring(u->s, &sc);
  if (!*sc.notice || strcmp(sc.notice, u->score_notice) == 0) return;
  snprintf(u->score_notice, sizeof u->score_notice, "%s", sc.notice);
  cli_error("%s", sc.notice);
}


/* What the end of a game against the computer means for the player, once. */
static void tell_score(line_ui *u) {
  dr_scoring sc;
  DR_INIT(sc);
  u->h->scoring(u->s, &sc);
  if (!sc.finished) return;
  if (sc.outcome == DR_SCORE_WIN)
    printf("you win: %d points%s%s%s; streak %d (best %d)\n", sc.points, *sc.mark ? ", beats " : "", sc.mark,
           sc.new_record ? ", a new record" : sc.ranked ? "" : " (not for the records)", sc.streak, sc.best_streak);
  else
    printf("%s: no points; the streak starts again (best %d)\n", sc.outcome == DR_SCORE_DRAW ? "a draw" : "you lose",
           sc.best_streak);
}

/* Once the game is over, the prompt names no side: nobody is to move. */
static void prompt(line_ui *u) {
  dr_status st;
  DR_INIT(st);
  show_notice(u);
  u->h->status(u->s, &st);
  if (st.result == DR_ONGOING) {
    u->told = 0;
    char side[32];
    line_side_word(u, st.turn, side, sizeof side);
    printf("%s> ", online_line_prompt(u, side));
  } else {
    if (!u->told) {
      printf("game over: %s (%s)\n", result_text(st.result), st.reason);
      tell_score(u);
      printf("type new, undo, save FILE or quit\n");
    }
    u->told = 1;
    printf("> ");
  }
  fflush(stdout);
}

static void line_loop(line_ui *u) {
  char line[512];
  line_show(u);
  for (;;) {
    wait_turn(u);
    prompt(u);
    if (read_line(u, line, sizeof line)) break;
    if (*line && !command(u, line)) break;
  }
  printf("\n");
}

/* Without a variant on the command line, people pick one; scripts get the first. */
static int choose_variant(line_ui *u, char *why, size_t len) {
  int n = u->h->variant_count(u->s), k = 1;
  dr_variant_info info;
  if (n == 0) return snprintf(why, len, "no variant plugins found (set DRAUGHTS_PLUGIN_PATH or see 'draughts list')"), -1;
  for (int i = 0; n > 1 && isatty(STDIN_FILENO) && i < n; i++) {
    DR_INIT(info);
    u->h->variant_info(u->s, i, &info);
    printf("  %d. %s\n", i + 1, info.title);
  }
  for (char line[64]; n > 1 && isatty(STDIN_FILENO);) {
    printf("choose a variant [1-%d]: ", n);
    fflush(stdout);
    if (read_line(u, line, sizeof line)) return snprintf(why, len, "no variant chosen"), -1;
    if ((k = atoi(line)) >= 1 && k <= n) break;
  }
  dr_setup setup;
  DR_INIT(setup);
  DR_INIT(info);
  u->h->setup(u->s, &setup);
  u->h->variant_info(u->s, k - 1, &info);
  setup.variant = info.name;
  if (u->h->new_game(u->s, &setup) == 0) return 0;
  return snprintf(why, len, "%s", u->h->error(u->s)), -1;
}

static int line_run(const dr_host *h, dr_session *s, char *why, size_t len) {
  static line_ui u; /* its input buffer is large */
  memset(&u, 0, sizeof u);
  u.h = h, u.s = s, u.plies_shown = -1;
  dr_scoring sc;
  DR_INIT(sc);
  h->scoring(s, &sc);
  snprintf(u.score_notice, sizeof u.score_notice, "%s", sc.notice); /* 'open_scores' has shown it */
  if (!h->has_game(s) && online_line_wait_game(&u, why, len)) return -1;
  if (!h->has_game(s) && choose_variant(&u, why, len)) return -1;
  dr_status st;
  DR_INIT(st);
  h->status(s, &st);
  printf("%s (%s rules) — type 'help' for commands\n", st.title, *st.rules ? st.rules : "default");
  line_loop(&u);
  return 0;
}

static const dr_frontend line_frontend = {
    .abi_version = DR_FRONTEND_ABI_VERSION,
    .size = sizeof(dr_frontend),
    .name = "line",
    .title = "plain text: print the board, read a move (built in)",
    /* probe */ .probe = NULL,
    /* run   */ .run = line_run,
};

/* -------------------------------------------------------- the command */

static void frontend_names(const registry *reg, char *out, size_t len) {
  size_t used = (size_t)snprintf(out, len, "line");
  for (int i = 0; i < reg->nfrontends && used < len; i++)
    used += (size_t)snprintf(out + used, len - used, ", %s", reg->frontends[i]->fe.name);
}

/* The front end asked for; without --frontend the terminal one, or line mode where
** it is missing or cannot start (not a terminal, TERM=dumb). */
static const dr_frontend *choose_frontend(const registry *reg, const cli_args *a) {
  const char *name = a->frontend ? a->frontend : DEFAULT_FRONTEND;
  char why[256] = "";
  if (strcmp(name, line_frontend.name) == 0) return &line_frontend;
  const frontend *f = registry_find_frontend(reg, name);
  if (!f && !a->frontend) return &line_frontend;
  if (!f) {
    frontend_names(reg, why, sizeof why);
    cli_error("front end '%s' not found (found: %s)", name, why);
    return NULL;
  }
  if (!f->fe.probe || f->fe.probe(why, sizeof why) == 0) return &f->fe;
  if (!a->frontend) return &line_frontend;
  cli_error("front end '%s' cannot start: %s", name, *why ? why : "it says it cannot run here");
  return NULL;
}

/* Who plays: --two-players, --side, or the front end's default (line mode is for two
** people and scripts unless a level or side is asked for; the others play the computer).
** --side names a side as the variant's players do (where they call the first player
** Black, --side black moves first). */
static int choose_players(const registry *reg, const cli_args *a, int line_mode, int player[2]) {
  const plugin *p = a->nargs ? registry_find(reg, a->args[0]) : NULL;
  char names[3][32];
  side_word(p ? &p->v : NULL, 0, names[0]);
  side_word(p ? &p->v : NULL, 1, names[1]);
  snprintf(names[2], sizeof names[2], "none");
  if (a->two_players && a->side) return cli_error("--two-players and --side exclude each other"), -1;
  player[0] = player[1] = DR_PLAYER_HUMAN;
  if (a->two_players || (line_mode && !a->side && !a->level)) return 0;
  const char *side = a->side ? a->side : names[0];
  for (int k = 0; k < 3; k++)
    if (strcasecmp(side, names[k]) == 0) {
      player[0] = k == 0 ? DR_PLAYER_HUMAN : DR_PLAYER_COMPUTER;
      player[1] = k == 1 ? DR_PLAYER_HUMAN : DR_PLAYER_COMPUTER;
      return 0;
    }
  cli_error("--side takes %s, %s or none, not '%s'", names[0], names[1], side);
  return -1;
}

/* Scores are kept whenever the store opens; when it cannot, or a bad file had to be
** moved aside, one line says so and play goes on. */
static void open_scores(session *s, const cli_args *a, int scripted) {
  dr_scoring sc;
  DR_INIT(sc);
  if (scripted && !a->profile) return; /* a script changes nobody's records unless it names the player */
  session_profiles_scripted(s, scripted);
  session_profiles_open(s, a->profile_db, a->profile);
  session_scoring(s, &sc);
  if (*sc.notice) cli_error("%s", sc.notice);
}

/* The session as the command line asks: a game started if a variant or file is named,
** or an online request on its way. */
static int start_session(session *s, const cli_args *a, const dr_setup *setup) {
  dr_online_request req;
  int online = online_request_of(a, &req);
  if (online < 0) return -1;
  if (session_prepare(s, setup) || (!online && setup->variant && session_new_game(s, setup)) ||
      (a->load && session_load_pdn(s, a->load)) || (online && session_host()->online_start(s, &req))) {
    cli_error("%s", session_error(s));
    return -1;
  }
  return 0;
}

/* A plugin refused during the session (its error was shown then) fails the command. */
static int any_refused(const registry *reg) {
  for (int i = 0; i < reg->count; i++)
    if (guard_refusal(&reg->items[i]->v)) return 1;
  return 0;
}

int cmd_play(registry *reg, const cli_args *a) {
  dr_setup setup;
  DR_INIT(setup);
  const dr_frontend *fe = choose_frontend(reg, a);
  if (!fe || choose_players(reg, a, fe == &line_frontend, setup.player)) return CLI_FAILED;
  setup.variant = a->nargs ? a->args[0] : NULL;
  setup.rules = a->rules;
  setup.nsets = a->nsets;
  setup.sets = a->sets;
  setup.fen = a->fen;
  setup.eval = a->eval;
  setup.level = a->level;
  if (!a->server && !a->join && !a->watch) { /* online, the server runs the clock */
    setup.clock_seconds = a->clock_seconds;
    setup.clock_increment = a->clock_increment;
  }
  if (a->sound && strcmp(a->sound, "on") != 0 && strcmp(a->sound, "off") != 0) {
    cli_error("--sound takes on or off, not '%s'", a->sound);
    return CLI_FAILED;
  }
  session *s = session_new(reg);
  if (a->theme) session_prefer(s, "theme", a->theme);
  if (a->sound) session_prefer(s, "sound", a->sound);
  if (a->numbers) session_prefer(s, "numbers", "on");
  /* Also for two players: the start menu may bring in the computer. */
  open_scores(s, a, fe == &line_frontend && !isatty(STDIN_FILENO));
  int rc = start_session(s, a, &setup);
  char why[ERR_LEN] = "";
  if (rc == 0 && (rc = fe->run(session_host(), s, why, sizeof why)) != 0)
    cli_error("front end '%s': %s", fe->name, *why ? why : "failed");
  dr_status st;
  DR_INIT(st);
  session_status(s, &st);
  if (rc == 0 && *st.warning) { /* the game went on by the plugin's rules: say so, as every command does */
    cli_error("%s", st.warning);
    rc = -1;
  }
  session_free(s);
  return rc || any_refused(reg) ? CLI_FAILED : CLI_OK;
}
