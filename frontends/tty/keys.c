/*
** keys.c — what the keys and the mouse do in a game: move the cursor, tap points
** (the session decides what a tap means), follow a hint, and the commands.  Questions
** on the bottom line (a typed move, a file name, "resign?") are modes of the main
** loop, not nested loops, so the engine keeps being polled while one is open.
*/
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

#define KEY_ESC 27

static void status_of(ui *u, dr_status *st) {
  DR_INIT(*st);
  u->h->status(u->s, st);
}

static void input_of(ui *u, dr_input *in) {
  DR_INIT(*in);
  u->h->input(u->s, in);
}

/* The landing points of a move, as taps enter them. */
static int landings_of(const dr_move *m, const uint8_t **out) {
  if (m->njumps == 0) {
    *out = &m->to;
    return 1;
  }
  *out = m->path;
  return m->njumps;
}

static int distance(const ui *u, int a, int b) {
  int dx = u->lay.x[a] - u->lay.x[b], dy = u->lay.y[a] - u->lay.y[b];
  return dx * dx + 4 * dy * dy; /* a character cell is about twice as tall as wide */
}

/* The point of 'set' nearest the cursor, -1 if 'set' is empty. */
static int nearest(const ui *u, dr_bits set) {
  int best = -1;
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if ((set >> p & 1) && (best < 0 || u->cursor < 0 || distance(u, p, u->cursor) < distance(u, best, u->cursor)))
      best = p;
  return best;
}

/* Where the cursor goes after a tap: the hint's next landing, or the nearest target. */
static void cursor_to_target(ui *u) {
  dr_input in;
  input_of(u, &in);
  const uint8_t *land;
  int n = u->hint_active ? landings_of(&u->eng.hint, &land) : 0;
  if (u->hint_active && in.from == u->eng.hint.from && in.nlandings < n &&
      memcmp(in.landing, land, (size_t)in.nlandings) == 0) {
    u->cursor = land[in.nlandings];
    return;
  }
  u->hint_active = 0;
  if (in.targets) u->cursor = nearest(u, in.targets);
}

void keys_tap(ui *u, int point) {
  if (point < 0) return;
  switch (u->h->input_point(u->s, point)) {
  case DR_INPUT_REFUSED:
    tty_say(u, 1, "%s", u->h->error(u->s));
    break;
  case DR_INPUT_CLEARED:
    u->hint_active = 0;
    tty_say(u, 0, "%s", "");
    break;
  case DR_INPUT_SELECTED:
    tty_say(u, 0, "%s", "Now choose where it goes: a ringed point.");
    cursor_to_target(u);
    break;
  case DR_INPUT_LANDED:
    tty_say(u, 0, "%s", "The capture goes on: choose the next landing point.");
    cursor_to_target(u);
    break;
  default: /* complete */
    if (u->h->play(u->s, NULL)) tty_say(u, 1, "%s", u->h->error(u->s));
    else tty_say(u, 0, "%s", "");
    break;
  }
}

void keys_follow_hint(ui *u) {
  char text[128];
  u->h->move_text(u->s, &u->eng.hint, text, sizeof text);
  u->h->input_clear(u->s);
  if (u->h->input_point(u->s, u->eng.hint.from) != DR_INPUT_SELECTED) return;
  u->hint_active = 1;
  cursor_to_target(u);
  tty_say(u, 0, "Hint: %s. Press Enter to follow it, Esc to drop it.", text);
}

/* The cursor on a piece that can move: the nearest to where it was, or at first the
** one nearest the middle of the board's bottom edge. */
static void place_cursor(ui *u) {
  dr_input in;
  input_of(u, &in);
  if (u->cursor >= 0 && (in.movable >> u->cursor & 1)) return;
  if (u->cursor >= 0 && in.movable) {
    u->cursor = nearest(u, in.movable);
    return;
  }
  int best = -1, best_score = 0;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(in.movable >> p & 1)) continue;
    int dx = u->lay.x[p] - (u->lay.left + u->lay.width / 2), score = dx * dx - 8 * u->lay.y[p];
    if (best < 0 || score < best_score) best = p, best_score = score;
  }
  if (best >= 0) u->cursor = best;
}

void keys_caught_up(ui *u) {
  dr_status st;
  status_of(u, &st);
  if (st.plies == u->seen_plies) return;
  u->seen_plies = st.plies;
  u->hint_active = 0;
  if (st.human_to_move) place_cursor(u);
}

/* ------------------------------------------------------------ commands */

static void ask(ui *u, int kind, const char *initial) {
  u->ask = kind;
  snprintf(u->ask_buf, sizeof u->ask_buf, "%s", initial);
}

static void undo(ui *u) {
  if (u->h->undo(u->s)) tty_say(u, 1, "%s", u->h->error(u->s));
  else tty_say(u, 0, "%s", "Move taken back.");
}

static void hint(ui *u) {
  if (u->h->hint(u->s)) tty_say(u, 1, "%s", u->h->error(u->s));
  else tty_say(u, 0, "%s", "Looking for a good move...");
}

static void resign_or_quit(ui *u, int kind) {
  dr_status st;
  status_of(u, &st);
  int someone_plays = st.player[0] == DR_PLAYER_HUMAN || st.player[1] == DR_PLAYER_HUMAN;
  if (kind == ASK_QUIT && (st.result != DR_ONGOING || st.plies == 0 || !someone_plays)) u->quit = 1;
  else ask(u, kind, "");
}

static void command(ui *u, int ch) {
  switch (ch) {
  case 'u': undo(u); break;
  case 'h': hint(u); break;
  case 'n': menu_open(u); break;
  case 'r': resign_or_quit(u, ASK_RESIGN); break;
  case 'f': u->flip ^= 1; break;
  case 's': ask(u, ASK_SAVE, u->last_file); break;
  case 'l': ask(u, ASK_LOAD, u->last_file); break;
  case ':': case 'm': ask(u, ASK_MOVE, ""); break;
  case '?': case KEY_F(1): u->view = VIEW_HELP, u->help_top = 0; break;
  case 'p': scores_open(u); break;
  case 'g': u->h->engine_stop(u->s); break;
  case 'q': resign_or_quit(u, ASK_QUIT); break;
  default: break;
  }
}

/* A move typed as text: one point name is a tap, anything else a whole move. */
static void typed_move(ui *u, const char *text) {
  int point = u->h->point_find(u->s, text);
  if (point >= 0) {
    keys_tap(u, point);
  } else if (u->h->play_text(u->s, text)) {
    tty_say(u, 1, "%s", u->h->error(u->s));
  } else {
    u->h->input_clear(u->s);
    tty_say(u, 0, "%s", "");
  }
}

static void file_answer(ui *u, int kind, const char *path) {
  snprintf(u->last_file, sizeof u->last_file, "%s", path);
  int rc = kind == ASK_SAVE ? u->h->save_pdn(u->s, path) : u->h->load_pdn(u->s, path);
  if (rc) tty_say(u, 1, "%s", u->h->error(u->s));
  else tty_say(u, 0, "%s %s.", kind == ASK_SAVE ? "Saved to" : "Loaded", path);
}

static void answer(ui *u, int kind, const char *text) {
  if (kind == ASK_MOVE && *text) typed_move(u, text);
  if ((kind == ASK_SAVE || kind == ASK_LOAD) && *text) file_answer(u, kind, text);
}

/* Keys while a question is open on the bottom line. */
static void ask_key(ui *u, int ch) {
  int kind = u->ask;
  size_t n = strlen(u->ask_buf);
  if (kind == ASK_QUIT || kind == ASK_RESIGN) {
    u->ask = ASK_NONE;
    if (ch != 'y' && ch != 'Y') return;
    if (kind == ASK_QUIT) u->quit = 1;
    else if (u->h->resign(u->s)) tty_say(u, 1, "%s", u->h->error(u->s));
    return;
  }
  if (ch == KEY_ESC) u->ask = ASK_NONE;
  else if (ch == '\r' || ch == '\n' || ch == KEY_ENTER) u->ask = ASK_NONE, answer(u, kind, u->ask_buf);
  else if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0) u->ask_buf[n - 1] = '\0';
  else if (ch >= 32 && ch < 127 && n + 1 < sizeof u->ask_buf) u->ask_buf[n] = (char)ch, u->ask_buf[n + 1] = '\0';
}

static void mouse(ui *u) {
  MEVENT ev;
  if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
  int point = board_point_at(u, ev.y, ev.x);
  if (point < 0) return;
  u->cursor = point;
  keys_tap(u, point);
}

static void move_cursor(ui *u, int dx, int dy) {
  if (u->cursor < 0) place_cursor(u);
  else u->cursor = board_step(u, u->cursor, dx, dy);
}

void keys_game(ui *u, int ch) {
  if (u->ask) {
    ask_key(u, ch);
    return;
  }
  switch (ch) {
  case KEY_UP: move_cursor(u, 0, -1); break;
  case KEY_DOWN: move_cursor(u, 0, 1); break;
  case KEY_LEFT: move_cursor(u, -1, 0); break;
  case KEY_RIGHT: move_cursor(u, 1, 0); break;
  case '\r': case '\n': case ' ': case KEY_ENTER: keys_tap(u, u->cursor); break;
  case KEY_MOUSE: mouse(u); break;
  case KEY_ESC:
    u->h->input_clear(u->s);
    u->hint_active = 0;
    tty_say(u, 0, "%s", "");
    break;
  default: command(u, ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch); break;
  }
}
