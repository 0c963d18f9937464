/*
** keys.c — what clicks and keys do in a game: tap points (the session decides what a
** tap means), follow a hint, the commands, and the questions asked over the board (a
** file name, a typed move, "resign?").  Questions are modes of the main loop, not
** nested loops, so the engine keeps being polled while one is open.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

/* The landing points of a move, as taps enter them. */
static int landings_of(const dr_move *m, const uint8_t **out) {
  *out = m->njumps ? m->path : &m->to;
  return m->njumps ? m->njumps : 1;
}

static int distance(const ui *u, int a, int b) {
  int dx = u->lay.x[a] - u->lay.x[b], dy = u->lay.y[a] - u->lay.y[b];
  return dx * dx + dy * dy;
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
  const uint8_t *land;
  gui_input(u, &in);
  int n = u->hint_active ? landings_of(&u->eng.hint, &land) : 0;
  if (u->hint_active && in.from == u->eng.hint.from && in.nlandings < n &&
      memcmp(in.landing, land, (size_t)in.nlandings) == 0) {
    u->cursor = land[in.nlandings];
    return;
  }
  u->hint_active = 0;
  if (in.targets) u->cursor = nearest(u, in.targets);
}

static void tap(ui *u, int point) {
  dr_input before;
  if (point < 0) return;
  gui_input(u, &before);
  switch (u->h->input_point(u->s, point)) {
  case DR_INPUT_REFUSED: gui_say(u, 1, "%s", u->h->error(u->s)); break;
  case DR_INPUT_CLEARED:
    u->hint_active = 0;
    gui_say(u, 0, "%s", "");
    break;
  case DR_INPUT_SELECTED:
    gui_say(u, 0, "%s", "Now choose where it goes: a ringed point.");
    cursor_to_target(u);
    break;
  case DR_INPUT_LANDED:
    gui_say(u, 0, "%s", "The capture goes on: choose the next landing point.");
    anim_slide(u, before.at, point);
    cursor_to_target(u);
    break;
  default: /* complete: the legs tapped before this one are already on the board */
    u->pending_leg = before.nlandings;
    if (u->h->play(u->s, NULL)) gui_say(u, 1, "%s", u->h->error(u->s));
    else gui_say(u, 0, "%s", "");
    anim_catch_up(u);
    break;
  }
}

void keys_follow_hint(ui *u) {
  char text[128];
  u->h->move_text(u->s, &u->eng.hint, text, sizeof text);
  u->h->input_clear(u->s);
  if (u->h->input_point(u->s, u->eng.hint.from) != DR_INPUT_SELECTED) return;
  u->hint_active = 1;
  u->cursor_shown = 1;
  cursor_to_target(u);
  gui_say(u, 0, "Hint: %s (the green ring). Enter follows it, Esc drops it.", text);
}

/* The cursor on a piece that can move: the nearest to where it was, or at first the one
** nearest the middle of the board's bottom edge. */
static void place_cursor(ui *u) {
  dr_input in;
  gui_input(u, &in);
  if (u->cursor >= 0 && (in.movable >> u->cursor & 1)) return;
  if (u->cursor >= 0 && in.movable) {
    u->cursor = nearest(u, in.movable);
    return;
  }
  int best = -1, best_score = 0, mid = u->lay.grid.x + u->lay.grid.w / 2;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(in.movable >> p & 1)) continue;
    int dx = u->lay.x[p] - mid, score = dx * dx - 8 * u->lay.cell * u->lay.y[p];
    if (best < 0 || score < best_score) best = p, best_score = score;
  }
  if (best >= 0) u->cursor = best;
}

void keys_caught_up(ui *u) {
  dr_status st;
  gui_status(u, &st);
  if (st.plies == u->caught_plies) return;
  u->caught_plies = st.plies;
  u->hint_active = 0;
  u->over_hidden = 0;
  if (st.human_to_move) place_cursor(u);
}

/* ------------------------------------------------------------ commands */

void keys_ask(ui *u, int kind, const char *initial) {
  u->ask = kind;
  u->ask_fresh = 1;
  snprintf(u->ask_buf, sizeof u->ask_buf, "%s", initial);
  if (kind == ASK_MOVE || kind == ASK_SAVE || kind == ASK_LOAD) SDL_StartTextInput();
}

static void close_ask(ui *u) {
  u->ask = ASK_NONE;
  SDL_StopTextInput();
}

/* The file the save and load questions propose: the last one used, or game.pdn in the
** user's data directory (~/.local/share/draughts), made when first needed. */
static const char *proposed_file(ui *u) {
  if (*u->last_file) return u->last_file;
  char *dir = SDL_GetPrefPath("", "draughts");
  snprintf(u->last_file, sizeof u->last_file, "%sgame.pdn", dir ? dir : "");
  SDL_free(dir);
  return u->last_file;
}

static void undo(ui *u) {
  if (u->h->undo(u->s)) {
    gui_say(u, 1, "%s", u->h->error(u->s));
    return;
  }
  gui_replaced(u);
  gui_say(u, 0, "%s", "Move taken back.");
}

static void hint(ui *u) {
  if (u->h->hint(u->s)) gui_say(u, 1, "%s", u->h->error(u->s));
  else gui_say(u, 0, "%s", "Looking for a good move...");
}

static void resign_or_quit(ui *u, int kind) {
  dr_status st;
  gui_status(u, &st);
  int someone_plays = st.player[0] == DR_PLAYER_HUMAN || st.player[1] == DR_PLAYER_HUMAN;
  if (kind == ASK_QUIT && (st.result != DR_ONGOING || st.plies == 0 || !someone_plays)) u->quit = 1;
  else keys_ask(u, kind, "");
}

static void toggle_animation(ui *u) {
  u->animate = !u->animate;
  if (!u->animate) anim_finish(u);
  gui_say(u, 0, "Animation %s.", u->animate ? "on" : "off");
}

static void drop_selection(ui *u) {
  if (over_shown(u)) u->over_hidden = 1;
  u->h->input_clear(u->s);
  u->hint_active = 0;
  gui_say(u, 0, "%s", "");
}

/* A command by its key: the same letters as the terminal front end. */
static void command(ui *u, int key) {
  switch (key) {
  case 'u': undo(u); break;
  case 'h': hint(u); break;
  case 'n': menu_open(u); break;
  case 'r': resign_or_quit(u, ASK_RESIGN); break;
  case 'f': u->flip ^= 1; break;
  case 's': keys_ask(u, ASK_SAVE, proposed_file(u)); break;
  case 'l': keys_ask(u, ASK_LOAD, proposed_file(u)); break;
  case 'a': toggle_animation(u); break;
  case ':': case 'm': keys_ask(u, ASK_MOVE, ""); break;
  case '?': u->view = VIEW_HELP, u->help_top = 0; break;
  case 'p': scores_open(u); break;
  case 'g': u->h->engine_stop(u->s); break;
  case 'q': resign_or_quit(u, ASK_QUIT); break;
  case SDLK_ESCAPE: drop_selection(u); break;
  default: break;
  }
}

/* ------------------------------------------------------------- answers */

/* A move typed as text: one point name is a tap, anything else a whole move. */
static void typed_move(ui *u, const char *text) {
  int point = u->h->point_find(u->s, text);
  if (point >= 0) {
    tap(u, point);
  } else if (u->h->play_text(u->s, text)) {
    gui_say(u, 1, "%s", u->h->error(u->s));
  } else {
    u->h->input_clear(u->s);
    gui_say(u, 0, "%s", "");
    anim_catch_up(u);
  }
}

static void file_answer(ui *u, int kind, const char *path) {
  snprintf(u->last_file, sizeof u->last_file, "%s", path);
  int rc = kind == ASK_SAVE ? u->h->save_pdn(u->s, path) : u->h->load_pdn(u->s, path);
  if (rc) {
    gui_say(u, 1, "%s", u->h->error(u->s));
    return;
  }
  if (kind == ASK_LOAD) gui_replaced(u);
  gui_say(u, 0, "%s %s.", kind == ASK_SAVE ? "Saved to" : "Loaded", path);
}

static void answer(ui *u, int kind, const char *text) {
  if (kind == ASK_MOVE && *text) typed_move(u, text);
  if ((kind == ASK_SAVE || kind == ASK_LOAD) && *text) file_answer(u, kind, text);
}

static void yes_no(ui *u, int yes) {
  int kind = u->ask;
  close_ask(u);
  if (!yes) return;
  if (kind == ASK_QUIT) u->quit = 1;
  else if (u->h->resign(u->s)) gui_say(u, 1, "%s", u->h->error(u->s));
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
  int kind = u->ask;
  SDL_Keycode sym = k->keysym.sym;
  if (kind == ASK_QUIT || kind == ASK_RESIGN) {
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
  if (u->cursor < 0) place_cursor(u);
  else u->cursor = board_step(u, u->cursor, dx, dy);
}

/* The command letter of a key press, or the key itself for Esc; 0 for none.  '?' and
** ':' are shifted keys on most layouts, so they are recognised with their shift. */
static int command_key(const SDL_Keysym *k) {
  int shift = (k->mod & KMOD_SHIFT) != 0;
  if (k->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return 0;
  if (k->sym == SDLK_QUESTION || k->sym == SDLK_F1 || (k->sym == SDLK_SLASH && shift)) return '?';
  if (k->sym == SDLK_COLON || (k->sym == SDLK_SEMICOLON && shift)) return ':';
  if (k->sym == SDLK_ESCAPE) return SDLK_ESCAPE;
  if (k->sym >= 'a' && k->sym <= 'z') return (int)k->sym;
  return 0;
}

static void key_down(ui *u, const SDL_KeyboardEvent *k) {
  if (u->ask) {
    ask_key(u, k);
    return;
  }
  switch (k->keysym.sym) {
  case SDLK_UP: move_cursor(u, 0, -1); break;
  case SDLK_DOWN: move_cursor(u, 0, 1); break;
  case SDLK_LEFT: move_cursor(u, -1, 0); break;
  case SDLK_RIGHT: move_cursor(u, 1, 0); break;
  case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE:
    if (over_shown(u)) u->over_hidden = 1;
    else tap(u, u->cursor), u->cursor_shown = 1;
    break;
  default: command(u, command_key(&k->keysym)); break;
  }
}

static void click(ui *u, int x, int y) {
  if (u->ask) {
    if (u->ask == ASK_QUIT || u->ask == ASK_RESIGN) yes_no(u, gui_button_at(u, x, y) == 'y');
    return;
  }
  int button = gui_button_at(u, x, y);
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
  if (point >= 0) u->cursor = point, tap(u, point);
}

void keys_event(ui *u, const SDL_Event *ev) {
  switch (ev->type) {
  case SDL_KEYDOWN: key_down(u, &ev->key); break;
  case SDL_TEXTINPUT:
    if (u->ask == ASK_MOVE || u->ask == ASK_SAVE || u->ask == ASK_LOAD) add_text(u, ev->text.text);
    break;
  case SDL_MOUSEBUTTONDOWN:
    if (ev->button.button == SDL_BUTTON_LEFT) click(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale));
    else if (ev->button.button == SDL_BUTTON_RIGHT && !u->ask) drop_selection(u); /* as Esc */
    break;
  default: break;
  }
}
