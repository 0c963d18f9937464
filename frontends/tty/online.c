/*
** online.c — the online form and the list of games to watch, drawn in the terminal.
** What the rows are and what they do is common to the front ends
** (frontends/common/online.c); here are the rows on the screen and the keys, and the
** server's address or the join code typed on their rows.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

/* Typing on a text row edits it; 1 if the key was for it. */
static int edit_field(ui *u, int ch) {
  size_t size;
  char *text = fe_online_field(&u->fe, &size);
  return text && tty_edit(text, size, ch, 0);
}

static void draw_message(ui *u, int y) {
  if (!*u->fe.msg) return;
  attron(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
  mvaddnstr(y, 2, u->fe.msg, COLS - 3);
  attroff(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
}

static void title(ui *u, const char *text) {
  attron(tty_attr(u, PAIR_TITLE));
  mvaddstr(1, 2, text);
  attroff(tty_attr(u, PAIR_TITLE));
}

void online_draw(ui *u) {
  int y = 3;
  title(u, "draughts: play online");
  for (int row = 0; row < FE_ON_NROWS; row++) {
    char value[160];
    if (!fe_online_row_shown(&u->fe, row)) continue;
    fe_online_value(&u->fe, row, value, sizeof value);
    int attr = u->fe.onl.row == row ? A_REVERSE : row == FE_ON_GO ? A_BOLD : 0;
    mvaddstr(y, 2, fe_online_label(row));
    attron(attr);
    if (row == FE_ON_GO) mvprintw(y + 1, 2, "[ %s ]", value);
    else if (fe_online_field(&u->fe, &(size_t){0}) && u->fe.onl.row == row) mvprintw(y, 14, "%s_", value);
    else mvprintw(y, 14, row == FE_ON_SERVER || row == FE_ON_CODE ? "%s" : "< %s >", value);
    attroff(attr);
    y += row == FE_ON_GO ? 2 : 1;
  }
  draw_message(u, y + 1);
  mvaddnstr(LINES - 1, 0, "Up/Down: line   Left/Right: change   type on Server and Code   Enter: go   Esc: back",
            COLS);
}

void online_key(ui *u, int ch) {
  if (edit_field(u, ch)) return;
  switch (ch) {
  case KEY_UP: fe_online_row(&u->fe, -1); break;
  case KEY_DOWN: case '\t': fe_online_row(&u->fe, 1); break;
  case KEY_LEFT: fe_online_change(&u->fe, -1); break;
  case KEY_RIGHT: fe_online_change(&u->fe, 1); break;
  case '\r': case '\n': case KEY_ENTER: fe_online_go(&u->fe); break;
  case FE_KEY_ESC: fe_menu_open(&u->fe); break;
  default: break;
  }
}

void watch_draw(ui *u) {
  int n = fe_watch_count(&u->fe), server_row = u->fe.onl.row == FE_WATCH_SERVER;
  title(u, "draughts: watch a game");
  mvaddstr(3, 2, "Server");
  attron(server_row ? A_REVERSE : 0);
  mvprintw(3, 14, server_row ? "%s_" : "%s", u->fe.onl.server);
  attroff(server_row ? A_REVERSE : 0);
  mvaddnstr(5, 2, fe_watch_state(&u->fe), COLS - 3);
  int rows = LINES - 9, first = u->fe.onl.pick >= rows ? u->fe.onl.pick - rows + 1 : 0;
  for (int i = first; i < n && i - first < rows; i++) {
    char line[256];
    fe_watch_line(&u->fe, i, line, sizeof line);
    int attr = !server_row && i == u->fe.onl.pick ? A_REVERSE : 0;
    attron(attr);
    mvaddnstr(6 + i - first, 2, line, COLS - 3);
    attroff(attr);
  }
  draw_message(u, LINES - 3);
  mvaddnstr(LINES - 1, 0, "Up/Down: choose   Enter: watch (on Server: ask again)   Esc: back", COLS);
}

void watch_key(ui *u, int ch) {
  if (edit_field(u, ch)) return;
  switch (ch) {
  case KEY_UP: fe_watch_move(&u->fe, -1); break;
  case KEY_DOWN: case '\t': fe_watch_move(&u->fe, 1); break;
  case '\r': case '\n': case KEY_ENTER: fe_watch_enter(&u->fe); break;
  case FE_KEY_ESC: fe_menu_open(&u->fe); break;
  default: break;
  }
}
