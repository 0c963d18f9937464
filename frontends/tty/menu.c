/*
** menu.c — the start menu drawn in the terminal: game, rules, opponent, level,
** player, the friends server.  It opens when 'draughts play' names no variant, and on
** 'n'.  The form's choices and what starting does are common to the front ends
** (frontends/common/form.c, friends.c); here are its rows on the screen and its keys.
** The nickname and the server are typed on their rows.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

/* Typing on the player's row edits the nickname, on the Friends row the server. */
static int edit_field(ui *u, int ch) {
  size_t size;
  char *text = fe_form_field(&u->fe, &size);
  return text && tty_edit(text, size, ch, 1);
}

static void draw_leaving(ui *u) {
  const char *note = fe_form_leaving(&u->fe);
  if (*note) mvaddnstr(16, 2, note, COLS - 3);
}

static void draw_row(ui *u, int row, int y, const char *label, const char *value) {
  int attr = u->fe.form.row == row ? A_REVERSE : 0;
  mvaddstr(y, 2, label);
  attron(attr);
  mvprintw(y, 14, "< %s >", value);
  attroff(attr);
}

static void draw_rows(ui *u) {
  dr_variant_info info;
  char level[64];
  int preset = u->fe.form.preset;
  fe_form_info(&u->fe, &info);
  fe_form_level(&u->fe, &info, level, sizeof level);
  draw_row(u, FE_ROW_VARIANT, 3, "Game", info.title);
  draw_row(u, FE_ROW_RULES, 4, "Rules", fe_form_rules(&u->fe, &info));
  if (preset < info.npresets) mvaddnstr(5, 16, info.preset_doc[preset], COLS - 17);
  draw_row(u, FE_ROW_OPPONENT, 6, "Opponent", fe_form_opponent(&u->fe, "a friend at this keyboard"));
  draw_row(u, FE_ROW_LEVEL, 7, "Level", level);
  char clock[64];
  fe_form_clock(&u->fe, clock, sizeof clock);
  draw_row(u, FE_ROW_CLOCK, 8, "Clock", clock);
  draw_row(u, FE_ROW_PLAYER, 9, "Player", fe_form_player(&u->fe));
  if (!fe_friends_kept(&u->fe)) return;
  mvaddstr(10, 2, "Friends");
  int attr = u->fe.form.row == FE_ROW_FRIENDS ? A_REVERSE : 0;
  attron(attr);
  if (attr) mvprintw(10, 14, "%s_", u->fe.form.server); /* typed on */
  else mvprintw(10, 14, "%s", fe_friends_form_value(&u->fe));
  attroff(attr);
}

void menu_draw(ui *u) {
  int start_attr = u->fe.form.row == FE_ROW_START ? A_REVERSE : A_BOLD;
  attron(tty_attr(u, PAIR_TITLE));
  mvaddstr(1, 2, "draughts: a new game");
  attroff(tty_attr(u, PAIR_TITLE));
  if (u->fe.h->variant_count(u->fe.s) == 0) {
    mvaddstr(3, 2, "No variant plugins were found (see 'draughts list').  Press q to quit.");
    return;
  }
  draw_rows(u);
  attron(start_attr);
  mvaddstr(12, 2, "[ Start the game ]");
  attroff(start_attr);
  if (fe_online_kept(&u->fe)) {
    int online_attr = u->fe.form.row == FE_ROW_ONLINE ? A_REVERSE : A_BOLD;
    int watch_attr = u->fe.form.row == FE_ROW_WATCH ? A_REVERSE : A_BOLD;
    attron(online_attr), mvaddstr(11, 22, "[ Play online ]"), attroff(online_attr);
    attron(watch_attr), mvaddstr(11, 39, "[ Watch ]"), attroff(watch_attr);
  }
  if (*u->fe.msg) {
    attron(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
    mvaddnstr(14, 2, u->fe.msg, COLS - 3);
    attroff(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
  }
  draw_leaving(u);
  mvaddnstr(LINES - 1, 0, "Up/Down: line   Left/Right: change it   Enter: start   Esc: back   q: quit",
            COLS);
}

void menu_key(ui *u, int ch) {
  if (edit_field(u, ch)) return;
  switch (ch) {
  case KEY_UP: fe_form_row(&u->fe, -1); break;
  case KEY_DOWN: case '\t': fe_form_row(&u->fe, 1); break;
  case KEY_LEFT: fe_form_change(&u->fe, -1); break;
  case KEY_RIGHT: fe_form_change(&u->fe, 1); break;
  case '\r': case '\n': case KEY_ENTER: fe_form_start(&u->fe); break;
  case FE_KEY_ESC: fe_menu_back(&u->fe); break;
  case 'q': case 'Q': u->fe.quit = 1; break;
  default: break;
  }
}
