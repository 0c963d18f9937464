/*
** keys.c — what clicks and keys do in a game: tap points (the session decides what a
** tap means), follow a hint, the commands (their letters and what they do are common
** to the front ends: frontends/common/keys.c), and the questions asked over the board
** (a file name, a typed move, "resign?").  Questions are modes of the main loop, not
** nested loops, so the engine keeps being polled while one is open.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

/* A landing slides as it is tapped, so a whole move shows only the legs not yet seen. */
static void tapped(ui *u, const dr_input *before, int rc, int point) {
  if (rc == DR_INPUT_LANDED) anim_slide(u, before->at, point);
  if (rc == DR_INPUT_COMPLETE) u->pending_leg = before->nlandings, anim_catch_up(u);
}

static void tap(ui *u, int point) {
  dr_input before;
  if (point < 0) return;
  fe_input(&u->fe, &before);
  tapped(u, &before, fe_tap(&u->fe, point), point);
}

/* Enter: a tap where the cursor is, or the whole hint it follows. */
static void enter(ui *u) {
  dr_input before;
  fe_input(&u->fe, &before);
  tapped(u, &before, fe_enter(&u->fe), u->fe.cursor);
}

void keys_follow_hint(ui *u) {
  char text[128];
  if (fe_hint_pick(&u->fe, text, sizeof text)) return;
  u->cursor_shown = 1;
  fe_say(&u->fe, 0, "Hint: %s (the green ring). Enter follows it, Esc drops it.", text);
}

/* ------------------------------------------------------------ commands */

/* Text is typed only while a question wants it: otherwise letters are commands. */
static void ask_text(ui *u, int kind, const char *initial) {
  u->fe.ask = kind;
  u->ask_fresh = 1;
  snprintf(u->ask_buf, sizeof u->ask_buf, "%s", initial);
  SDL_StartTextInput();
}

static void close_ask(ui *u) {
  u->fe.ask = FE_ASK_NONE;
  SDL_StopTextInput();
}

/* The file the save and load questions propose: the last one used, or the front ends'
** default place. */
static const char *proposed_file(ui *u) {
  if (!*u->fe.last_file) fe_default_file(&u->fe, u->fe.last_file, sizeof u->fe.last_file);
  return u->fe.last_file;
}

static void toggle_animation(ui *u) {
  u->animate = !u->animate;
  if (!u->animate) anim_finish(u);
  fe_say(&u->fe, 0, "Animation %s.", u->animate ? "on" : "off");
}

/* The window's part of a command: text questions, animation, the game-over card. */
static void command(ui *u, int key) {
  switch (fe_command(&u->fe, key)) {
  case FE_CMD_UNDO: case FE_CMD_REDO: gui_replaced(u); break;
  case FE_CMD_BACK: case FE_CMD_FORWARD: case FE_CMD_FIRST: case FE_CMD_LAST: u->over_hidden = 1; break;
  case FE_CMD_SAVE: ask_text(u, FE_ASK_SAVE, proposed_file(u)); break;
  case FE_CMD_LOAD: ask_text(u, FE_ASK_LOAD, proposed_file(u)); break;
  case FE_CMD_TYPE: ask_text(u, FE_ASK_MOVE, ""); break;
  case FE_CMD_ANIMATE: toggle_animation(u); break;
  case FE_CMD_THEME: board_next_theme(u); break;
  case FE_CMD_SOUND: sound_toggle(u); break;
  case FE_CMD_DROP: if (over_shown(u)) u->over_hidden = 1; break;
  default: break;
  }
}

/* ------------------------------------------------------------- answers */

/* A move typed as text: one point name is a tap, anything else a whole move. */
static void typed_move(ui *u, const char *text) {
  int point = u->fe.h->point_find(u->fe.s, text);
  if (point >= 0) tap(u, point);
  else if (fe_play_text(&u->fe, text) == 0) anim_catch_up(u);
}

/* A game loaded replaces the one drawn: nothing of it slides. */
static void answer(ui *u, int kind, const char *text) {
  if (!*text) return;
  if (kind == FE_ASK_MOVE) typed_move(u, text);
  else if (fe_file(&u->fe, kind, text) == 0 && kind == FE_ASK_LOAD) gui_replaced(u);
}

static void yes_no(ui *u, int yes) {
  SDL_StopTextInput();
  fe_yes_no(&u->fe, yes);
}

static void erase_char(ui *u) {
  size_t n = strlen(u->ask_buf);
  if (u->ask_fresh) n = 0;
  else if (n > 0)
    do n--; /* back to the start of a UTF-8 character */
    while (n > 0 && ((Uint8)u->ask_buf[n] & 0xc0) == 0x80);
  u->ask_buf[n] = '\0';
  u->ask_fresh = 0;
}

static void add_text(ui *u, const char *text) {
  if (u->ask_fresh) u->ask_buf[0] = '\0'; /* typing replaces the proposed answer */
  u->ask_fresh = 0;
  size_t n = strlen(u->ask_buf), add = strlen(text);
  if (n + add < sizeof u->ask_buf) memcpy(u->ask_buf + n, text, add + 1);
}

static void paste(ui *u) {
  char *clip = SDL_GetClipboardText();
  if (clip) add_text(u, clip);
  SDL_free(clip);
}

/* Keys while a question is open. */
static void ask_key(ui *u, const SDL_KeyboardEvent *k) {
  int kind = u->fe.ask;
  SDL_Keycode sym = k->keysym.sym;
  if (kind == FE_ASK_QUIT || kind == FE_ASK_RESIGN || kind == FE_ASK_DRAW) {
    yes_no(u, sym == SDLK_y);
    return;
  }
  if (sym == SDLK_ESCAPE) close_ask(u);
  else if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) close_ask(u), answer(u, kind, u->ask_buf);
  else if (sym == SDLK_BACKSPACE) erase_char(u);
  else if (sym == SDLK_v && (k->keysym.mod & KMOD_CTRL)) paste(u);
}

/* ---------------------------------------------------------------- events */

static void move_cursor(ui *u, int dx, int dy) {
  u->cursor_shown = 1;
  fe_cursor_move(&u->fe, dx, dy);
}

/* The command letter of a key press, or the key itself for Esc; 0 for none.  '?' and
** ':' are shifted keys on most layouts, so they are recognised with their shift. */
static int command_key(const SDL_Keysym *k) {
  int shift = (k->mod & KMOD_SHIFT) != 0;
  if (k->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return 0;
  if (k->sym == SDLK_QUESTION || k->sym == SDLK_F1 || (k->sym == SDLK_SLASH && shift)) return '?';
  if (k->sym == SDLK_COLON || (k->sym == SDLK_SEMICOLON && shift)) return ':';
  if (k->sym == SDLK_ESCAPE) return FE_KEY_ESC;
  if (k->sym == SDLK_PAGEUP) return FE_KEY_PGUP;
  if (k->sym == SDLK_PAGEDOWN) return FE_KEY_PGDN;
  if (k->sym == SDLK_HOME) return FE_KEY_HOME;
  if (k->sym == SDLK_END) return FE_KEY_END;
  if ((k->sym >= 'a' && k->sym <= 'z') || k->sym == ',' || k->sym == '.') return (int)k->sym;
  return 0;
}

/* Left and Right step through the moves once the game is over or looked back at: the
** cursor has nothing to do then. */
static int reviews(ui *u) {
  dr_status st;
  fe_status(&u->fe, &st);
  return fe_review_kept(&u->fe) && (st.result != DR_ONGOING || fe_reviewing(&u->fe));
}

static void arrow(ui *u, int dx, int dy) {
  if (dy == 0 && reviews(u)) u->over_hidden = 1, fe_review_step(&u->fe, dx);
  else move_cursor(u, dx, dy);
}

static void key_down(ui *u, const SDL_KeyboardEvent *k) {
  if (u->fe.ask) {
    ask_key(u, k);
    return;
  }
  switch (k->keysym.sym) {
  case SDLK_UP: move_cursor(u, 0, -1); break;
  case SDLK_DOWN: move_cursor(u, 0, 1); break;
  case SDLK_LEFT: arrow(u, -1, 0); break;
  case SDLK_RIGHT: arrow(u, 1, 0); break;
  case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE:
    if (over_shown(u)) u->over_hidden = 1;
    else enter(u), u->cursor_shown = 1;
    break;
  default: command(u, command_key(&k->keysym)); break;
  }
}

static void click(ui *u, int x, int y) {
  if (u->fe.ask) {
    if (u->fe.ask == FE_ASK_QUIT || u->fe.ask == FE_ASK_RESIGN || u->fe.ask == FE_ASK_DRAW)
      yes_no(u, gui_button_at(u, x, y) == 'y');
    return;
  }
  int button = gui_button_at(u, x, y);
  if (button >= KEY_MOVE(0)) { /* a move of the list: the game after it */
    u->over_hidden = 1;
    fe_review_to(&u->fe, button - KEY_MOVE(0) + 1);
    return;
  }
  if (button) {
    command(u, button);
    return;
  }
  if (over_shown(u)) {
    u->over_hidden = 1;
    return;
  }
  int point = board_point_at(u, x, y);
  u->cursor_shown = 0;
  if (point >= 0) u->fe.cursor = point, tap(u, point);
}

/* The wheel over the move list scrolls it (up: earlier moves). */
static void wheel(ui *u, const SDL_MouseWheelEvent *w) {
  int x, y;
  SDL_GetMouseState(&x, &y);
  SDL_Point at = {(int)(x * u->scale), (int)(y * u->scale)};
  int steps = w->direction == SDL_MOUSEWHEEL_FLIPPED ? -w->y : w->y;
  if (SDL_PointInRect(&at, &u->moves_box)) u->moves_back += steps;
}

void keys_event(ui *u, const SDL_Event *ev) {
  switch (ev->type) {
  case SDL_MOUSEWHEEL: wheel(u, &ev->wheel); break;
  case SDL_KEYDOWN: key_down(u, &ev->key); break;
  case SDL_TEXTINPUT:
    if (u->fe.ask == FE_ASK_MOVE || u->fe.ask == FE_ASK_SAVE || u->fe.ask == FE_ASK_LOAD) add_text(u, ev->text.text);
    break;
  case SDL_MOUSEBUTTONDOWN:
    if (ev->button.button == SDL_BUTTON_LEFT) click(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale));
    else if (ev->button.button == SDL_BUTTON_RIGHT && !u->fe.ask) command(u, FE_KEY_ESC);
    break;
  default: break;
  }
}
