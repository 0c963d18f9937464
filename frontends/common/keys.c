/*
** keys.c — the game's commands, one table of keys for every front end, and what they
** do through the session: undo, hint, resign, quit, taps, typed moves, PDN files.
** 'fe_command' does all of a command that needs no terminal or window and returns it,
** so the front end adds its own part: asking for text (FE_CMD_SAVE, FE_CMD_LOAD,
** FE_CMD_TYPE), a game replaced by undo (FE_CMD_UNDO, only when it worked), the
** animation (FE_CMD_ANIMATE), the selection dropped (FE_CMD_DROP).
*/
#include <stdio.h>

#include "fe_common.h"

/* A front end brings its own keys to these (upper case, F1, a shifted '/'), so the
** letters stay the same everywhere.  'a' means nothing where nothing is animated. */
static const struct binding {
  int key, command;
} bindings[] = {
    {'u', FE_CMD_UNDO},   {'h', FE_CMD_HINT}, {'n', FE_CMD_NEW},  {'r', FE_CMD_RESIGN}, {'f', FE_CMD_FLIP},
    {'s', FE_CMD_SAVE},   {'l', FE_CMD_LOAD}, {':', FE_CMD_TYPE}, {'m', FE_CMD_TYPE},   {'?', FE_CMD_HELP},
    {'p', FE_CMD_SCORES}, {'g', FE_CMD_GO},   {'q', FE_CMD_QUIT}, {'a', FE_CMD_ANIMATE},
    {FE_KEY_ESC, FE_CMD_DROP},
    {'d', FE_CMD_DRAW},   {'c', FE_CMD_DECLINE}, {'x', FE_CMD_ABORT}, {'e', FE_CMD_REMATCH}, {'t', FE_CMD_TALLY},
};

static int command_of(int key) {
  for (size_t i = 0; i < sizeof bindings / sizeof *bindings; i++)
    if (bindings[i].key == key) return bindings[i].command;
  return FE_CMD_NONE;
}

static int undo(fe_state *f) {
  if (f->h->undo(f->s)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return FE_CMD_NONE;
  }
  fe_say(f, 0, "%s", "Move taken back.");
  return FE_CMD_UNDO;
}

static void hint(fe_state *f) {
  if (f->h->hint(f->s)) fe_say(f, 1, "%s", f->h->error(f->s));
  else fe_say(f, 0, "%s", "Looking for a good move...");
}

/* Quitting asks only while it would cost a person a game under way. */
static void resign_or_quit(fe_state *f, int kind) {
  dr_status st;
  fe_status(f, &st);
  int someone_plays = st.player[0] == DR_PLAYER_HUMAN || st.player[1] == DR_PLAYER_HUMAN;
  if (kind == FE_ASK_QUIT && (st.result != DR_ONGOING || st.plies == 0 || !someone_plays)) f->quit = 1;
  else f->ask = kind;
}

static void drop(fe_state *f) {
  f->h->input_clear(f->s);
  f->hint_active = 0;
  fe_say(f, 0, "%s", "");
}

int fe_command(fe_state *f, int key) {
  int command = command_of(key);
  switch (command) {
  case FE_CMD_UNDO: return undo(f);
  case FE_CMD_HINT: hint(f); break;
  case FE_CMD_NEW: fe_menu_open(f); break;
  case FE_CMD_RESIGN: resign_or_quit(f, FE_ASK_RESIGN); break;
  case FE_CMD_QUIT: resign_or_quit(f, FE_ASK_QUIT); break;
  case FE_CMD_FLIP: f->flip ^= 1; break;
  case FE_CMD_HELP: f->view = FE_VIEW_HELP, f->help_top = 0; break;
  case FE_CMD_SCORES: fe_scores_open(f); break;
  case FE_CMD_GO: f->h->engine_stop(f->s); break;
  case FE_CMD_DROP: drop(f); break;
  case FE_CMD_DRAW: case FE_CMD_DECLINE: case FE_CMD_ABORT: case FE_CMD_REMATCH: case FE_CMD_TALLY:
    fe_online_command(f, command);
    break;
  default: break;
  }
  return command;
}

/* The session decides what a tap means.  No point (-1) is refused without a word. */
int fe_tap(fe_state *f, int point) {
  if (point < 0) return DR_INPUT_REFUSED;
  int rc = f->h->input_point(f->s, point);
  switch (rc) {
  case DR_INPUT_REFUSED: fe_say(f, 1, "%s", f->h->error(f->s)); break;
  case DR_INPUT_CLEARED:
    f->hint_active = 0;
    fe_say(f, 0, "%s", "");
    break;
  case DR_INPUT_SELECTED:
    fe_say(f, 0, "%s", "Now choose where it goes: a ringed point.");
    fe_cursor_target(f);
    break;
  case DR_INPUT_LANDED:
    fe_say(f, 0, "%s", "The capture goes on: choose the next landing point.");
    fe_cursor_target(f);
    break;
  default: /* complete */
    if (f->h->play(f->s, NULL)) fe_say(f, 1, "%s", f->h->error(f->s));
    else fe_say(f, 0, "%s", "");
    break;
  }
  return rc;
}

/* The hint is followed by selecting its piece, as a tap would. */
int fe_hint_pick(fe_state *f, char *text, size_t len) {
  f->h->move_text(f->s, &f->eng.hint, text, len);
  f->h->input_clear(f->s);
  if (f->h->input_point(f->s, f->eng.hint.from) != DR_INPUT_SELECTED) return -1;
  f->hint_active = 1;
  fe_cursor_target(f);
  return 0;
}

/* A whole move typed as text ("c3-d4", "c3xe5xc7"). */
int fe_play_text(fe_state *f, const char *text) {
  if (f->h->play_text(f->s, text)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return -1;
  }
  f->h->input_clear(f->s);
  fe_say(f, 0, "%s", "");
  return 0;
}

/* The file is proposed again next time, whether or not this one worked. */
int fe_file(fe_state *f, int kind, const char *path) {
  snprintf(f->last_file, sizeof f->last_file, "%s", path);
  int rc = kind == FE_ASK_SAVE ? f->h->save_pdn(f->s, path) : f->h->load_pdn(f->s, path);
  if (rc) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return -1;
  }
  fe_say(f, 0, "%s %s.", kind == FE_ASK_SAVE ? "Saved to" : "Loaded", path);
  return 0;
}

void fe_yes_no(fe_state *f, int yes) {
  int kind = f->ask;
  f->ask = FE_ASK_NONE;
  if (!yes) return;
  if (kind == FE_ASK_QUIT) f->quit = 1;
  else if (f->h->resign(f->s)) fe_say(f, 1, "%s", f->h->error(f->s));
}
