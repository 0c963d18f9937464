/*
** panel.c — the status beside the board (who plays, whose turn, the counters, the
** captured pieces, the last move, the engine's thinking, the move list) and the two
** bottom lines: a message or a question, and the keys.
*/
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

static const char *const side_title[2] = {"White", "Black"};

static void put(int y, int x, int width, int attr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void put(int y, int x, int width, int attr, const char *fmt, ...) {
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (width <= 0) return;
  attron(attr);
  mvaddnstr(y, x, line, width);
  attroff(attr);
}

static const char *who(const dr_status *st, int side) {
  if (st->player[side] == DR_PLAYER_COMPUTER) return "computer";
  if (st->player[side ^ 1] == DR_PLAYER_COMPUTER) return "you";
  return side ? "player 2" : "player 1";
}

static int computer_plays(const dr_status *st) {
  return st->player[0] == DR_PLAYER_COMPUTER || st->player[1] == DR_PLAYER_COMPUTER;
}

/* "White to move: your move", "Game over: Black wins (no legal move)". */
void panel_status_line(ui *u, char *out, int len) {
  dr_status st;
  DR_INIT(st);
  u->h->status(u->s, &st);
  if (st.result != DR_ONGOING) {
    const char *what = st.result == DR_DRAW ? "a draw" : st.result == DR_WHITE_WINS ? "White wins" : "Black wins";
    snprintf(out, (size_t)len, "Game over: %s (%s)", what, st.reason);
  } else if (st.player[st.turn] == DR_PLAYER_COMPUTER) {
    snprintf(out, (size_t)len, "%s to move: the computer thinks", side_title[st.turn]);
  } else {
    snprintf(out, (size_t)len, "%s to move%s", side_title[st.turn], computer_plays(&st) ? ": your move" : "");
  }
}

static int draw_header(ui *u, const dr_status *st, int y, int x, int w) {
  put(y++, x, w, tty_attr(u, PAIR_TITLE), "%s", st->title);
  put(y++, x, w, 0, "Rules: %s", *st->rules ? st->rules : "default");
  put(y++, x, w, 0, "White: %s   Black: %s", who(st, 0), who(st, 1));
  if (computer_plays(st)) put(y++, x, w, 0, "Level %d of %d", st->level, u->h->levels(u->s));
  y = scores_panel(u, y, x, w);
  return y + 1;
}

static int draw_counters(ui *u, const dr_status *st, int y, int x, int w) {
  char line[256], last[128];
  panel_status_line(u, line, sizeof line);
  put(y++, x, w, st->result != DR_ONGOING ? tty_attr(u, PAIR_ERROR) : (int)A_BOLD, "%s", line);
  if (*st->warning) put(y++, x, w, tty_attr(u, PAIR_ERROR), "%s", st->warning);
  put(y++, x, w, 0, "Plies without capture: %d", st->plies_since_capture);
  put(y++, x, w, 0, "Pieces:   white %d, black %d", st->pieces[0], st->pieces[1]);
  put(y++, x, w, 0, "Captured: white %d, black %d", st->captured[0], st->captured[1]);
  if (u->h->move_at(u->s, st->plies - 1, NULL, last, sizeof last) == 0) put(y, x, w, 0, "Last move: %s", last);
  return y + 1;
}

/* Depth, score and a bar that fills as the search uses its depth or time. */
static int draw_engine(ui *u, int y, int x, int w) {
  const dr_engine *e = &u->eng;
  if (!e->thinking) return y + 2;
  static const char spinner[] = "|/-\\";
  char bar[21];
  int filled = e->progress * 20 / 100;
  for (int i = 0; i < 20; i++) bar[i] = i < filled ? '#' : '.';
  bar[20] = '\0';
  put(y++, x, w, 0, "%s %c depth %d  %s", e->for_hint ? "Hint:" : "Thinking", spinner[(int)(e->seconds * 8) % 4],
      e->depth, e->depth ? e->score_text : "");
  put(y++, x, w, 0, "[%s] %.1fs", bar, e->seconds);
  return y;
}

/* The moves in numbered pairs; the latest that fit from 'y' to 'bottom'. */
static void draw_moves(ui *u, const dr_status *st, int y, int x, int w, int bottom) {
  int rows = bottom - y - 1, first_row = 0;
  int total_rows = (st->plies + st->start_turn + 1) / 2;
  if (rows < 1) return;
  put(y++, x, w, (int)A_BOLD, "Moves");
  if (total_rows > rows) first_row = total_rows - rows;
  for (int row = first_row; row < total_rows; row++, y++) {
    char a[64] = "...", b[64] = "";
    int ply = row * 2 - st->start_turn;
    if (ply >= 0) u->h->move_at(u->s, ply, NULL, a, sizeof a);
    u->h->move_at(u->s, ply + 1, NULL, b, sizeof b);
    put(y, x, w, 0, "%3d. %-13s %s", row + 1, a, b);
  }
}

void panel_draw(ui *u, int top, int left, int width, int height) {
  dr_status st;
  DR_INIT(st);
  u->h->status(u->s, &st);
  int y = draw_header(u, &st, top, left, width);
  y = draw_counters(u, &st, y, left, width);
  y = draw_engine(u, y, left, width);
  draw_moves(u, &st, y + 1, left, width, top + height);
}

/* ----------------------------------------------------------- bottom lines */

static const char *question(int kind) {
  switch (kind) {
  case ASK_MOVE: return "Move (c3-d4, c3xe5xc7, or a point to tap): ";
  case ASK_SAVE: return "Save the game to: ";
  case ASK_LOAD: return "Load a game from: ";
  case ASK_QUIT: return "Quit this game? (y/n) ";
  default: return "Resign this game? (y/n) ";
  }
}

static void draw_question(ui *u) {
  const char *q = question(u->ask);
  dr_scoring sc;
  scores_status(u, &sc);
  if (u->ask == ASK_QUIT && sc.saved) q = "Quit this game? It counts as a loss. (y/n) "; /* leaving resigns */
  int text = u->ask == ASK_MOVE || u->ask == ASK_SAVE || u->ask == ASK_LOAD;
  put(LINES - 2, 0, COLS, (int)A_BOLD, "%s%s", q, text ? u->ask_buf : "");
  put(LINES - 1, 0, COLS, 0, "%s", text ? "Enter: done   Esc: cancel" : "y: yes   any other key: no");
  int x = (int)(strlen(q) + (text ? strlen(u->ask_buf) : 0));
  curs_set(1);
  move(LINES - 2, x < COLS ? x : COLS - 1);
}

void panel_bottom(ui *u) {
  curs_set(0);
  if (u->ask) {
    draw_question(u);
    return;
  }
  if (*u->msg) {
    put(LINES - 2, 0, COLS, u->msg_is_error ? tty_attr(u, PAIR_ERROR) : 0, "%s", u->msg);
  } else if (u->lay.fits && !u->panel_shown) {
    char line[256];  /* no panel: the one line that matters most */
    panel_status_line(u, line, sizeof line);
    put(LINES - 2, 0, COLS, (int)A_BOLD, "%s", line);
  }
  put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%s",
      COLS >= 89 ? "u undo  h hint  n new  r resign  f flip  s save  l load  : type  p scores  ? help  q quit"
                 : "u undo h hint n new r resign f flip s save l load : type p scores ? help q quit");
}
