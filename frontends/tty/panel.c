/*
** panel.c — the status beside the board (who plays, whose turn, the counters, the
** captured pieces, the last move, the engine's thinking, the move list) and the two
** bottom lines: a message or a question, and the keys.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

static int draw_header(ui *u, const dr_status *st, int y, int x, int w) {
  tty_put(y++, x, w, tty_attr(u, PAIR_TITLE), "%s", st->title);
  tty_put(y++, x, w, 0, "Rules: %s", *st->rules ? st->rules : "default");
  tty_put(y++, x, w, 0, "%s: %s   %s: %s", fe_side_title(&u->fe, 0), fe_who(st, 0), fe_side_title(&u->fe, 1),
          fe_who(st, 1));
  if (fe_computer_plays(st)) tty_put(y++, x, w, 0, "Level %d of %d", st->level, u->fe.h->levels(u->fe.s));
  y = scores_panel(u, y, x, w);
  return y + 1;
}

static int draw_counters(ui *u, const dr_status *st, int y, int x, int w) {
  char line[256], last[128];
  fe_status_line(&u->fe, line, sizeof line);
  tty_put(y++, x, w, st->result != DR_ONGOING ? tty_attr(u, PAIR_ERROR) : (int)A_BOLD, "%s", line);
  if (*st->warning) tty_put(y++, x, w, tty_attr(u, PAIR_ERROR), "%s", st->warning);
  tty_put(y++, x, w, 0, "Plies without capture: %d", st->plies_since_capture);
  const char *first = fe_side_title(&u->fe, 0), *second = fe_side_title(&u->fe, 1);
  tty_put(y++, x, w, 0, "Pieces:   %s %d, %s %d", first, st->pieces[0], second, st->pieces[1]);
  tty_put(y++, x, w, 0, "Captured: %s %d, %s %d", first, st->captured[0], second, st->captured[1]);
  if (u->fe.h->move_at(u->fe.s, st->plies - 1, NULL, last, sizeof last) == 0)
    tty_put(y, x, w, 0, "Last move: %s", last);
  return y + 1;
}

/* Depth, score and a bar that fills as the search uses its depth or time. */
static int draw_engine(ui *u, int y, int x, int w) {
  const dr_engine *e = &u->fe.eng;
  if (!e->thinking) return y + 2;
  static const char spinner[] = "|/-\\";
  char bar[21];
  int filled = e->progress * 20 / 100;
  for (int i = 0; i < 20; i++) bar[i] = i < filled ? '#' : '.';
  bar[20] = '\0';
  tty_put(y++, x, w, 0, "%s %c depth %d  %s", e->for_hint ? "Hint:" : "Thinking",
          spinner[(int)(e->seconds * 8) % 4], e->depth, e->depth ? e->score_text : "");
  tty_put(y++, x, w, 0, "[%s] %.1fs", bar, e->seconds);
  return y;
}

/* The moves in numbered pairs; the latest that fit from 'y' to 'bottom'. */
static void draw_moves(ui *u, const dr_status *st, int y, int x, int w, int bottom) {
  int rows = bottom - y - 1, first_row = 0, total_rows = fe_move_rows(st);
  if (rows < 1) return;
  tty_put(y++, x, w, (int)A_BOLD, "Moves");
  if (total_rows > rows) first_row = total_rows - rows;
  for (int row = first_row; row < total_rows; row++, y++) {
    char a[64], b[64];
    fe_move_row(&u->fe, st, row, a, b, sizeof a);
    tty_put(y, x, w, 0, "%3d. %-13s %s", row + 1, a, b);
  }
}

void panel_draw(ui *u, int top, int left, int width, int height) {
  dr_status st;
  fe_status(&u->fe, &st);
  int y = draw_header(u, &st, top, left, width);
  y = draw_counters(u, &st, y, left, width);
  y = draw_engine(u, y, left, width);
  draw_moves(u, &st, y + 1, left, width, top + height);
}

/* ----------------------------------------------------------- bottom lines */

static const char *question(int kind) {
  switch (kind) {
  case FE_ASK_MOVE: return "Move (c3-d4, c3xe5xc7, or a point to tap): ";
  case FE_ASK_SAVE: return "Save the game to: ";
  case FE_ASK_LOAD: return "Load a game from: ";
  case FE_ASK_QUIT: return "Quit this game? (y/n) ";
  default: return "Resign this game? (y/n) ";
  }
}

static void draw_question(ui *u) {
  int ask = u->fe.ask;
  const char *q = question(ask);
  dr_scoring sc;
  fe_scoring(&u->fe, &sc);
  if (ask == FE_ASK_QUIT && sc.saved) q = "Quit this game? It counts as a loss. (y/n) "; /* leaving resigns */
  int text = ask == FE_ASK_MOVE || ask == FE_ASK_SAVE || ask == FE_ASK_LOAD;
  tty_put(LINES - 2, 0, COLS, (int)A_BOLD, "%s%s", q, text ? u->ask_buf : "");
  tty_put(LINES - 1, 0, COLS, 0, "%s", text ? "Enter: done   Esc: cancel" : "y: yes   any other key: no");
  int x = (int)(strlen(q) + (text ? strlen(u->ask_buf) : 0));
  curs_set(1);
  move(LINES - 2, x < COLS ? x : COLS - 1);
}

void panel_bottom(ui *u) {
  curs_set(0);
  if (u->fe.ask) {
    draw_question(u);
    return;
  }
  if (*u->fe.msg) {
    tty_put(LINES - 2, 0, COLS, u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0, "%s", u->fe.msg);
  } else if (u->lay.fits && !u->panel_shown) {
    char line[256];  /* no panel: the one line that matters most */
    fe_status_line(&u->fe, line, sizeof line);
    tty_put(LINES - 2, 0, COLS, (int)A_BOLD, "%s", line);
  }
  tty_put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%s",
      COLS >= 89 ? "u undo  h hint  n new  r resign  f flip  s save  l load  : type  p scores  ? help  q quit"
                 : "u undo h hint n new r resign f flip s save l load : type p scores ? help q quit");
}
