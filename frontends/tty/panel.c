/*
** panel.c — the status beside the board (who plays, whose turn, the counters, the
** captured pieces, the last move, the engine's thinking, the move list) and the two
** bottom lines: a message or a question, and the keys.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

/* Both sides' time, the one that runs in bold with a mark; red under ten seconds. */
static int draw_clock(ui *u, const dr_status *st, int y, int x, int w) {
  if (!st->clock) return y;
  int at = x + tty_put_w(y, x, w, 0, "Clock: ");
  for (int side = 0; side < 2; side++) {
    char time[32];
    int running = st->clock_running == side + 1, low = st->clock_ms[side] < 10000;
    fe_clock_text(st->clock_ms[side], time, sizeof time);
    int attr = (running ? (int)A_BOLD : 0) | (low ? tty_attr(u, PAIR_ERROR) : 0);
    at += tty_put_w(y, at, x + w - at, attr, "%s %s%s   ", side ? "black" : "white", time, running ? " <" : "");
  }
  return y + 1;
}

static int draw_header(ui *u, const dr_status *st, int y, int x, int w) {
  char names[2][64], online[8][128];
  for (int side = 0; side < 2; side++) fe_player_name(&u->fe, st, side, names[side], sizeof names[side]);
  tty_put(y++, x, w, tty_attr(u, PAIR_TITLE), "%s", st->title);
  tty_put(y++, x, w, 0, "Rules: %s", *st->rules ? st->rules : "default");
  tty_put(y++, x, w, 0, "%s: %s   %s: %s", fe_side_title(&u->fe, 0), names[0], fe_side_title(&u->fe, 1), names[1]);
  y = draw_clock(u, st, y, x, w);
  for (int i = 0, n = fe_online_lines(&u->fe, online, 8); i < n; i++)
    tty_put(y++, x, w, i == n - 1 && strncmp(online[i], "Suggested", 9) == 0 ? tty_attr(u, PAIR_RING) : 0, "%s",
            online[i]);
  char level[96];
  fe_level_text(&u->fe, st, level, sizeof level);
  if (fe_computer_plays(st)) tty_put(y++, x, w, 0, "%s", level);
  y = scores_panel(u, y, x, w);
  return y + 1;
}

static int draw_counters(ui *u, const dr_status *st, int y, int x, int w) {
  char line[256], last[128];
  fe_status_line(&u->fe, line, sizeof line);
  tty_put(y++, x, w, st->result != DR_ONGOING ? tty_attr(u, PAIR_ERROR) : (int)A_BOLD, "%s", line);
  if (*st->warning) tty_put(y++, x, w, tty_attr(u, PAIR_ERROR), "%s", st->warning);
  if (fe_reviewing(&u->fe)) fe_review_text(&u->fe, last, sizeof last);
  if (fe_reviewing(&u->fe)) tty_put(y++, x, w, tty_attr(u, PAIR_RING), "%s", last);
  else if (st->paused) tty_put(y++, x, w, tty_attr(u, PAIR_RING), "%s", "Paused: z goes on");
  if (fe_draw_count(st, line, sizeof line)) y = tty_para(y, x, w, 2, 0, line);
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

/* The row of the move list that holds the move reviewed ('review' moves played). */
static int reviewed_row(const ui *u, const dr_status *st) {
  return u->fe.review > 0 ? (u->fe.review - 1 + st->start_turn) / 2 : -1;
}

/* The moves in numbered pairs; the latest that fit from 'y' to 'bottom', or those
** around the move reviewed, which is shown in reverse. */
static void draw_moves(ui *u, const dr_status *st, int y, int x, int w, int bottom) {
  int rows = bottom - y - 1, first_row = 0, total_rows = fe_move_rows(st), mark = reviewed_row(u, st);
  if (rows < 1) return;
  tty_put(y++, x, w, (int)A_BOLD, "Moves");
  if (total_rows > rows) first_row = total_rows - rows;
  if (mark >= 0 && mark < first_row) first_row = mark;
  u->moves = (move_list){y, x, w, first_row, total_rows - first_row < rows ? total_rows - first_row : rows};
  for (int row = first_row; row < total_rows && row < first_row + rows; row++, y++) {
    char a[64], b[64];
    int black = (u->fe.review - 1 + st->start_turn) % 2;
    fe_move_row(&u->fe, st, row, a, b, sizeof a);
    tty_put(y, x, w, 0, "%3d. %-13s %s", row + 1, a, b);
    if (row == mark) tty_put(y, x + (black ? 19 : 5), black ? (int)strlen(b) : (int)strlen(a), A_REVERSE, "%s",
                             black ? b : a);
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
  case FE_ASK_MOVE: return "Move (";
  case FE_ASK_SAVE: return "Save the game to: ";
  case FE_ASK_LOAD: return "Load a game from: ";
  default: return NULL; /* a yes/no question: fe_question */
  }
}

static void draw_question(ui *u) {
  int ask = u->fe.ask;
  char yes_no[192];
  const char *q = question(ask);
  if (ask == FE_ASK_MOVE) { /* the variant's own moves as examples */
    char example[160];
    fe_move_example(&u->fe, example, sizeof example);
    snprintf(yes_no, sizeof yes_no, "Move (%s, or a point to tap): ", example);
    q = yes_no;
  } else if (!q) {
    fe_question(&u->fe, yes_no, sizeof yes_no - 7);
    strcat(yes_no, " (y/n) ");
    q = yes_no;
  }
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
  char keys[256];
  fe_key_line(&u->fe, COLS, keys, sizeof keys);
  tty_put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%s", keys);
}
