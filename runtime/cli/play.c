/*
** play.c — 'draughts play': sets up the session from the command line, picks the
** front end (by default the terminal plugin; plain line mode when it is missing or
** cannot start here) and hands over.  Line mode lives here too: print the board,
** read a move or a command.  Scripts and tests drive it through standard input, so
** it talks to the session only through the same host table as the plugins.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "cli.h"
#include "game.h"
#include "guard.h"
#include "notation.h"
#include "session.h"

#define DEFAULT_FRONTEND "tty"

static const char play_help[] =
    "Type a move as its start and end points (c3-d4, c3xe5, or every landing: c3xe5xc7),\n"
    "or one of: moves, undo, hint, flip, fen, save FILE, load FILE, rules, resign, new,\n"
    "help, quit.\n";

typedef struct line_ui {
  const dr_host *h;
  dr_session *s;
  int flip;
  char notice[256]; /* the scores' notice last shown: a new one (a save that failed) is shown once */
} line_ui;

static void show(line_ui *u) {
  char board[4096], last[256];
  dr_position p;
  dr_status st;
  DR_INIT(st);
  u->h->position(u->s, &p);
  u->h->status(u->s, &st);
  board_text(u->h->geometry(u->s), &p, u->flip, board, sizeof board);
  printf("\n%s", board);
  if (u->h->move_at(u->s, st.plies - 1, NULL, last, sizeof last) == 0) printf("last move: %s   ", last);
  printf("plies without capture: %d\n", st.plies_since_capture);
}

static void pause_briefly(void) {
  struct timespec ts = {0, 10 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

/* Waits for the engine: the computer's moves (printed as they come) or a hint. */
static void wait_engine(line_ui *u) {
  for (;;) {
    dr_engine eng;
    DR_INIT(eng);
    int events = u->h->poll(u->s, &eng);
    if (events & DR_EVENT_FAILED) {
      printf("%s\n", u->h->error(u->s));
      return;
    }
    if (events & DR_EVENT_HINT) {
      char text[256];
      u->h->move_text(u->s, &eng.hint, text, sizeof text);
      printf("hint: %s\n", text);
    }
    if (events & DR_EVENT_MOVED) show(u);
    if (!eng.thinking) return;
    pause_briefly();
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

static void print_fen(line_ui *u) {
  char fen[1024];
  dr_position p;
  dr_variant_info info;
  current_variant(u, &info);
  u->h->position(u->s, &p);
  fen_write_letters(u->h->geometry(u->s), info.fen_letter, &p, NOTATION_ALGEBRAIC, fen, sizeof fen);
  puts(fen);
}

/* Runs a host command; shows the board after it, or the error. */
static void run_command(line_ui *u, int rc) {
  if (rc) printf("%s\n", u->h->error(u->s));
  else show(u);
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
  if (u->h->play_text(u->s, line) == 0) {
    show(u);
    return;
  }
  printf("%s", u->h->error(u->s));
  dr_status st;
  DR_INIT(st);
  u->h->status(u->s, &st);
  printf("%s\n", st.human_to_move ? " (type 'moves' for the legal moves, 'help' for commands)" : "");
}

/* A command word; returns 1 to go on, 0 to quit. */
static int command(line_ui *u, const char *line) {
  if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) return 0;
  if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) fputs(play_help, stdout);
  else if (strcmp(line, "rules") == 0) fputs(u->h->help(u->s), stdout);
  else if (strcmp(line, "moves") == 0) list_moves(u);
  else if (strcmp(line, "flip") == 0) u->flip ^= 1, show(u);
  else if (strcmp(line, "undo") == 0) run_command(u, u->h->undo(u->s));
  else if (strcmp(line, "fen") == 0) print_fen(u);
  else if (strncmp(line, "save ", 5) == 0 || strncmp(line, "load ", 5) == 0) file_command(u, line);
  else if (strcmp(line, "resign") == 0) run_command(u, u->h->resign(u->s));
  else if (strcmp(line, "hint") == 0) ask_hint(u);
  else if (strcmp(line, "new") == 0) new_game(u);
  else play_move(u, line);
  return 1;
}

static int read_line(char *buf, size_t len) {
  if (!fgets(buf, (int)len, stdin)) return -1;
  size_t n = strcspn(buf, "\r\n");
  if (buf[n] == '\0' && n == len - 1) { /* swallow the rest of an overlong line */
    int c;
    while ((c = getchar()) != EOF && c != '\n') {}
  }
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
  if (!*sc.notice || strcmp(sc.notice, u->notice) == 0) return;
  snprintf(u->notice, sizeof u->notice, "%s", sc.notice);
  cli_error("%s", sc.notice);
}

static void prompt(line_ui *u) {
  dr_status st;
  DR_INIT(st);
  show_notice(u);
  u->h->status(u->s, &st);
  if (st.result != DR_ONGOING) {
    printf("game over: %s (%s)\n", result_text(st.result), st.reason);
    printf("type new, undo, save FILE or quit\n");
  }
  dr_variant_info info;
  current_variant(u, &info);
  for (const char *c = info.side_name[st.turn & 1]; *c; c++) putchar(tolower((unsigned char)*c));
  printf("> ");
  fflush(stdout);
}

static void line_loop(line_ui *u) {
  char line[512];
  show(u);
  for (;;) {
    wait_engine(u);
    prompt(u);
    if (read_line(line, sizeof line)) break;
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
    if (read_line(line, sizeof line)) return snprintf(why, len, "no variant chosen"), -1;
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
  line_ui u = {h, s, 0, ""};
  dr_scoring sc;
  DR_INIT(sc);
  h->scoring(s, &sc);
  snprintf(u.notice, sizeof u.notice, "%s", sc.notice); /* 'open_scores' has shown it */
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
static void open_scores(session *s, const cli_args *a) {
  dr_scoring sc;
  DR_INIT(sc);
  session_profiles_open(s, a->profile_db, a->profile);
  session_scoring(s, &sc);
  if (*sc.notice) cli_error("%s", sc.notice);
}

/* The session as the command line asks: a game started if a variant or file is named. */
static int start_session(session *s, const cli_args *a, const dr_setup *setup) {
  if (session_prepare(s, setup) || (setup->variant && session_new_game(s, setup)) ||
      (a->load && session_load_pdn(s, a->load))) {
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
  session *s = session_new(reg);
  open_scores(s, a); /* also for two players: the start menu may bring in the computer */
  int rc = start_session(s, a, &setup);
  char why[ERR_LEN] = "";
  if (rc == 0 && (rc = fe->run(session_host(), s, why, sizeof why)) != 0)
    cli_error("front end '%s': %s", fe->name, *why ? why : "failed");
  session_free(s);
  return rc || any_refused(reg) ? CLI_FAILED : CLI_OK;
}
