/*
** menu.c — the start menu drawn in the terminal: game, rules, opponent, level,
** player.  It opens when 'draughts play' names no variant, and on 'n'.  The form's
** choices and what starting does are common to the front ends (frontends/common/form.c);
** here are its rows on the screen and its keys.  The nickname is typed on its row.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

/* Typing on the player's row edits the nickname. */
static int edit_player(ui *u, int ch) {
  char *name = u->fe.form.player;
  size_t n = strlen(name), size = sizeof u->fe.form.player;
  if (!fe_form_typing(&u->fe)) return 0;
  if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0) name[n - 1] = '\0';
  else if (ch >= 32 && ch < 127 && n + 1 < size) name[n] = (char)ch, name[n + 1] = '\0';
  else return 0;
  return 1;
}

static void draw_leaving(ui *u) {
  const char *note = fe_form_leaving(&u->fe);
  if (*note) mvaddnstr(15, 2, note, COLS - 3);
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
  mvaddstr(11, 2, "[ Start the game ]");
  attroff(start_attr);
  if (fe_online_kept(&u->fe)) {
    int online_attr = u->fe.form.row == FE_ROW_ONLINE ? A_REVERSE : A_BOLD;
    int watch_attr = u->fe.form.row == FE_ROW_WATCH ? A_REVERSE : A_BOLD;
    attron(online_attr), mvaddstr(10, 22, "[ Play online ]"), attroff(online_attr);
    attron(watch_attr), mvaddstr(10, 39, "[ Watch ]"), attroff(watch_attr);
  }
  if (*u->fe.msg) {
    attron(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
    mvaddnstr(13, 2, u->fe.msg, COLS - 3);
    attroff(u->fe.msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
  }
  draw_leaving(u);
  mvaddnstr(LINES - 1, 0, "Up/Down: line   Left/Right: change it   Enter: start   Esc: back   q: quit",
            COLS);
}

void menu_key(ui *u, int ch) {
  if (edit_player(u, ch)) return;
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
