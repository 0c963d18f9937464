/*
** keys.c — what the keys and the mouse do in a game: move the cursor, tap points
** (the session decides what a tap means), follow a hint, and the commands (their
** letters and what they do are common to the front ends: frontends/common/keys.c).
** Questions on the bottom line (a typed move, a file name, "resign?") are modes of the
** main loop, not nested loops, so the engine keeps being polled while one is open.
*/
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

void keys_follow_hint(ui *u) {
  char text[128];
  if (fe_hint_pick(&u->fe, text, sizeof text) == 0)
    fe_say(&u->fe, 0, "Hint: %s. Press Enter to follow it, Esc to drop it.", text);
}

/* ------------------------------------------------------------ commands */

static void ask(ui *u, int kind, const char *initial) {
  u->fe.ask = kind;
  snprintf(u->ask_buf, sizeof u->ask_buf, "%s", initial);
}

/* The terminal's part of a command: questions typed on the bottom line. */
static void command(ui *u, int key) {
  switch (fe_command(&u->fe, key)) {
  case FE_CMD_SAVE: ask(u, FE_ASK_SAVE, u->fe.last_file); break;
  case FE_CMD_LOAD: ask(u, FE_ASK_LOAD, u->fe.last_file); break;
  case FE_CMD_TYPE: ask(u, FE_ASK_MOVE, ""); break;
  case FE_CMD_THEME: tty_next_palette(u); break;
  case FE_CMD_SOUND: fe_say(&u->fe, 0, "%s", "The terminal plays no sounds."); break;
  default: break;
  }
}

/* The command letter of a key: letters in either case, F1 for help, and the page keys. */
static int command_key(int ch) {
  switch (ch) {
  case KEY_F(1): return '?';
  case KEY_PPAGE: return FE_KEY_PGUP;
  case KEY_NPAGE: return FE_KEY_PGDN;
  case KEY_HOME: return FE_KEY_HOME;
  case KEY_END: return FE_KEY_END;
  default: return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
  }
}

/* Left and Right step through the moves once the game is over or looked back at: the
** cursor has nothing to do then. */
static int reviews(ui *u) {
  dr_status st;
  fe_status(&u->fe, &st);
  return fe_review_kept(&u->fe) && (st.result != DR_ONGOING || fe_reviewing(&u->fe));
}

/* A move typed as text: one point name is a tap, anything else a whole move. */
static void typed_move(ui *u, const char *text) {
  int point = u->fe.h->point_find(u->fe.s, text);
  if (point >= 0) fe_tap(&u->fe, point);
  else fe_play_text(&u->fe, text);
}

static void answer(ui *u, int kind, const char *text) {
  if (!*text) return;
  if (kind == FE_ASK_MOVE) typed_move(u, text);
  else fe_file(&u->fe, kind, text);
}

/* Keys while a question is open on the bottom line. */
static void ask_key(ui *u, int ch) {
  int kind = u->fe.ask;
  size_t n = strlen(u->ask_buf);
  if (kind == FE_ASK_QUIT || kind == FE_ASK_RESIGN || kind == FE_ASK_DRAW) fe_yes_no(&u->fe, ch == 'y' || ch == 'Y');
  else if (ch == FE_KEY_ESC) u->fe.ask = FE_ASK_NONE;
  else if (ch == '\r' || ch == '\n' || ch == KEY_ENTER) u->fe.ask = FE_ASK_NONE, answer(u, kind, u->ask_buf);
  else if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0) u->ask_buf[n - 1] = '\0';
  else if (ch == 21) u->ask_buf[0] = '\0'; /* Ctrl-U: the whole answer */
  else if (ch >= 32 && ch < 127 && n + 1 < sizeof u->ask_buf) u->ask_buf[n] = (char)ch, u->ask_buf[n + 1] = '\0';
}

/* A click on a move of the list looks back at the game after it. */
static int click_move(ui *u, int y, int x) {
  const move_list *m = &u->moves;
  dr_status st;
  if (!fe_review_kept(&u->fe) || y < m->y || y >= m->y + m->rows || x < m->x || x >= m->x + m->w) return 0;
  fe_status(&u->fe, &st);
  int ply = (m->first + y - m->y) * 2 - st.start_turn + (x >= m->x + 19);
  if (ply < 0 || ply >= st.plies) return 1;
  fe_review_to(&u->fe, ply + 1);
  return 1;
}

static void mouse(ui *u) {
  MEVENT ev;
  if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
  if (click_move(u, ev.y, ev.x)) return;
  int point = board_point_at(u, ev.y, ev.x);
  if (point < 0) return;
  u->fe.cursor = point;
  fe_tap(&u->fe, point);
}

void keys_game(ui *u, int ch) {
  if (u->fe.ask) {
    ask_key(u, ch);
    return;
  }
  switch (ch) {
  case KEY_UP: fe_cursor_move(&u->fe, 0, -1); break;
  case KEY_DOWN: fe_cursor_move(&u->fe, 0, 1); break;
  case KEY_LEFT: reviews(u) ? fe_review_step(&u->fe, -1) : fe_cursor_move(&u->fe, -1, 0); break;
  case KEY_RIGHT: reviews(u) ? fe_review_step(&u->fe, 1) : fe_cursor_move(&u->fe, 1, 0); break;
  case '\r': case '\n': case ' ': case KEY_ENTER: fe_enter(&u->fe); break;
  case KEY_MOUSE: mouse(u); break;
  default: command(u, command_key(ch)); break;
  }
}
