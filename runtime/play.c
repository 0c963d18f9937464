/*
** play.c — 'draughts play' in plain line mode: print the board, read a move or a
** command, repeat.  Two people share the keyboard; the engine and the full-screen
** front ends build on the same game and notation modules.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "cli.h"
#include "game.h"
#include "notation.h"
#include "pdn.h"

static const char play_help[] =
    "Type a move as its start and end points (c3-d4, c3xe5, or every landing: c3xe5xc7),\n"
    "or one of: moves, undo, flip, fen, save FILE, rules, resign, new, help, quit.\n";

typedef struct session {
  const ruleset *rs;
  game g;
  dr_position start;
  int flip;
} session;

static void show(session *s) {
  const dr_variant *v = s->rs->v;
  char board[4096], fen[1024];
  board_text(v->geometry, game_position(&s->g), s->flip, board, sizeof board);
  fen_write(v->geometry, game_position(&s->g), NOTATION_ALGEBRAIC, fen, sizeof fen);
  printf("\n%s", board);
  if (s->g.count > 0) {
    char last[256];
    move_text(v->geometry, &s->g.ply[s->g.count - 1].move, NOTATION_ALGEBRAIC, last, sizeof last);
    printf("last move: %s   ", last);
  }
  dr_history h;
  game_history(&s->g, &h);
  printf("plies without capture: %d\n", h.plies_since_capture);
}

static void list_moves(session *s) {
  for (int i = 0; i < s->g.legal.count; i++) {
    char text[256];
    move_text(s->rs->v->geometry, &s->g.legal.moves[i], NOTATION_ALGEBRAIC, text, sizeof text);
    printf("%s%s", i ? " " : "", text);
  }
  printf("\n");
}

static void save_game(session *s, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) {
    printf("cannot write %s\n", path);
    return;
  }
  pdn_tag tags[2] = {{"White", "White"}, {"Black", "Black"}};
  pdn_write(f, &s->g, tags, 2);
  printf(fclose(f) == 0 ? "saved to %s\n" : "error while writing %s\n", path);
}

/* A command word; returns 1 to go on, 0 to quit. */
static int command(session *s, const char *line) {
  err e;
  if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) return 0;
  if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) fputs(play_help, stdout);
  else if (strcmp(line, "rules") == 0) fputs(s->rs->v->help ? s->rs->v->help : "(no rules text)\n", stdout);
  else if (strcmp(line, "moves") == 0) list_moves(s);
  else if (strcmp(line, "flip") == 0) s->flip ^= 1, show(s);
  else if (strcmp(line, "undo") == 0) {
    if (game_undo(&s->g)) printf("nothing to undo\n");
    else show(s);
  } else if (strcmp(line, "fen") == 0) {
    char fen[1024];
    fen_write(s->rs->v->geometry, game_position(&s->g), NOTATION_ALGEBRAIC, fen, sizeof fen);
    puts(fen);
  } else if (strncmp(line, "save ", 5) == 0) save_game(s, line + 5);
  else if (strcmp(line, "resign") == 0) game_resign(&s->g);
  else if (strcmp(line, "new") == 0) {
    game_free(&s->g);
    if (game_init(&s->g, s->rs, &s->start, &e)) return printf("%s\n", e.msg), 0;
    show(s);
  } else {
    const dr_move *m = move_parse(s->rs->v->geometry, &s->g.legal, line, &e);
    if (!m) printf("%s (type 'moves' for the legal moves, 'help' for commands)\n", e.msg);
    else if (game_play(&s->g, m, &e)) printf("%s\n", e.msg);
    else show(s);
  }
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

static void play_loop(session *s) {
  char line[512];
  show(s);
  for (;;) {
    if (s->g.result != DR_ONGOING) {
      printf("game over: %s (%s)\n", result_text(s->g.result), s->g.why);
      printf("type new, undo, save FILE or quit\n");
    }
    printf("%s> ", game_position(&s->g)->turn == DR_WHITE ? "white" : "black");
    fflush(stdout);
    if (read_line(line, sizeof line)) break;
    if (*line && !command(s, line)) break;
  }
  printf("\n");
}

/* Without a variant on the command line, people pick one; scripts get the first. */
static const char *choose_variant(registry *reg) {
  if (reg->count == 0) return NULL;
  if (reg->count == 1 || !isatty(STDIN_FILENO)) return reg->items[0]->v.name;
  for (int i = 0; i < reg->count; i++) printf("  %d. %s\n", i + 1, reg->items[i]->v.title);
  for (;;) {
    char line[64];
    printf("choose a variant [1-%d]: ", reg->count);
    fflush(stdout);
    if (read_line(line, sizeof line)) return NULL;
    int k = atoi(line);
    if (k >= 1 && k <= reg->count) return reg->items[k - 1]->v.name;
  }
}

static int load_game(session *s, registry *reg, const cli_args *a) {
  err e;
  char *text = read_file(a->load, NULL, &e);
  size_t pos = 0;
  pdn_record r;
  int rc = -1;
  (void)reg;
  if (!text) return cli_error("%s", e.msg), -1;
  int got = pdn_parse(text, &pos, &r, &e);
  if (got <= 0) cli_error("%s: %s", a->load, got ? e.msg : "no game in the file");
  else if (pdn_replay(&r, s->rs, &s->g, &e)) cli_error("%s: %s", a->load, e.msg);
  else rc = 0;
  if (got > 0) pdn_record_free(&r);
  free(text);
  return rc;
}

int cmd_play(registry *reg, const cli_args *a) {
  session s;
  ruleset rs;
  err e;
  memset(&s, 0, sizeof s);
  const char *name = a->nargs ? a->args[0] : choose_variant(reg);
  if (!name) {
    cli_error("no variant plugins found (set DRAUGHTS_PLUGIN_PATH or see 'draughts list')");
    return CLI_FAILED;
  }
  if (a->frontend && strcmp(a->frontend, "line") != 0) {
    cli_error("front end '%s' not found (available: line)", a->frontend);
    return CLI_FAILED;
  }
  if (!cli_variant(reg, a, name, &rs) || cli_position(a, &rs, &s.start)) return CLI_FAILED;
  s.rs = &rs;
  printf("%s (%s rules) — type 'help' for commands\n", rs.v->title, rs.preset[0] ? rs.preset : "default");
  if (a->load ? load_game(&s, reg, a) : game_init(&s.g, &rs, &s.start, &e)) {
    if (!a->load) cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  play_loop(&s);
  game_free(&s.g);
  return CLI_OK;
}
