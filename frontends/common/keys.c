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
    {'u', FE_CMD_UNDO},      {'h', FE_CMD_HINT},     {'n', FE_CMD_NEW},     {'r', FE_CMD_RESIGN},
    {'f', FE_CMD_FLIP},      {'s', FE_CMD_SAVE},     {'l', FE_CMD_LOAD},    {':', FE_CMD_TYPE},
    {'m', FE_CMD_TYPE},      {'?', FE_CMD_HELP},     {'p', FE_CMD_SCORES},  {'g', FE_CMD_GO},
    {'q', FE_CMD_QUIT},      {'a', FE_CMD_ANIMATE},  {'e', FE_CMD_REDO},    {'d', FE_CMD_DRAW},
    {'z', FE_CMD_PAUSE},     {',', FE_CMD_BACK},     {'.', FE_CMD_FORWARD}, {FE_KEY_PGUP, FE_CMD_BACK},
    {FE_KEY_PGDN, FE_CMD_FORWARD}, {FE_KEY_HOME, FE_CMD_FIRST}, {FE_KEY_END, FE_CMD_LAST},
    {'b', FE_CMD_NUMBERS},   {'t', FE_CMD_THEME},    {'v', FE_CMD_SOUND},
    {FE_KEY_ESC, FE_CMD_DROP},
    {'c', FE_CMD_DECLINE},   {'x', FE_CMD_ABORT},    {'o', FE_CMD_TALLY},
};

/* An online game has no redo: there 'e' asks for a rematch. */
static const struct binding online_bindings[] = {{'e', FE_CMD_REMATCH}};

static int lookup(const struct binding *b, size_t n, int key) {
  for (size_t i = 0; i < n; i++)
    if (b[i].key == key) return b[i].command;
  return FE_CMD_NONE;
}

static int command_of(fe_state *f, int key) {
  int online = fe_online_on(f) ? lookup(online_bindings, sizeof online_bindings / sizeof *online_bindings, key)
                               : FE_CMD_NONE;
  return online != FE_CMD_NONE ? online : lookup(bindings, sizeof bindings / sizeof *bindings, key);
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

/* Esc: back from a review, or the selection dropped. */
static void drop(fe_state *f) {
  if (fe_reviewing(f)) {
    fe_review_to(f, 1 << 30);
    return;
  }
  f->h->input_clear(f->s);
  f->hint_active = 0;
  fe_say(f, 0, "%s", "");
}

/* A host command of version 3 with what to say when it works; FE_CMD_NONE when it failed. */
static int v3(fe_state *f, int command, int rc, const char *done) {
  if (rc) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return FE_CMD_NONE;
  }
  fe_say(f, 0, "%s", done);
  return command;
}

static int redo(fe_state *f) {
  if (!DR_HOST_HAS(f->h, redo)) return FE_CMD_NONE;
  return v3(f, FE_CMD_REDO, f->h->redo(f->s), "Move played again.");
}

/* The offer goes to the other player as a question ('fe_draw_watch'). */
static int offer_draw(fe_state *f) {
  if (!DR_HOST_HAS(f->h, offer_draw)) return FE_CMD_NONE;
  return v3(f, FE_CMD_DRAW, f->h->offer_draw(f->s), "");
}

static int pause(fe_state *f) {
  dr_status st;
  if (!DR_HOST_HAS(f->h, pause)) return FE_CMD_NONE;
  fe_status(f, &st);
  return v3(f, FE_CMD_PAUSE, f->h->pause(f->s, !st.paused), st.paused ? "" : "Paused: z goes on.");
}

static void numbers(fe_state *f) {
  if (!fe_numbered(f)) {
    fe_say(f, 0, "%s", "The points of this board have no numbers.");
    return;
  }
  f->numbers = !f->numbers;
  fe_say(f, 0, "Board numbers %s.", f->numbers ? "on" : "off");
}

/* Stepping through the moves (the front end adds the arrow keys once the game is over). */
static int review(fe_state *f, int command) {
  if (!fe_review_kept(f)) return FE_CMD_NONE;
  if (command == FE_CMD_FIRST) fe_review_to(f, 0);
  else if (command == FE_CMD_LAST) fe_review_to(f, 1 << 30);
  else fe_review_step(f, command == FE_CMD_BACK ? -1 : 1);
  return command;
}

int fe_command(fe_state *f, int key) {
  int command = command_of(f, key);
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
  case FE_CMD_REDO: return redo(f);
  case FE_CMD_DRAW:
    if (!fe_online_on(f)) return offer_draw(f);
    fe_online_command(f, command);
    break;
  case FE_CMD_PAUSE: return pause(f);
  case FE_CMD_BACK: case FE_CMD_FORWARD: case FE_CMD_FIRST: case FE_CMD_LAST: return review(f, command);
  case FE_CMD_NUMBERS: numbers(f); break;
  case FE_CMD_DECLINE: case FE_CMD_ABORT: case FE_CMD_REMATCH: case FE_CMD_TALLY:
    fe_online_command(f, command);
    break;
  default: break;
  }
  return command;
}

/* The session decides what a tap means.  No point (-1) is refused without a word. */
int fe_tap(fe_state *f, int point) {
  if (point < 0 || fe_review_refuses(f)) return DR_INPUT_REFUSED;
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

/* The hint is followed by selecting its piece, as a tap would; in the middle of a capture
** the hint goes on with it (the session hints only such moves), so the landings stay. */
int fe_hint_pick(fe_state *f, char *text, size_t len) {
  dr_input in;
  f->h->move_text(f->s, &f->eng.hint, text, len);
  fe_input(f, &in);
  if (in.nlandings == 0) {
    f->h->input_clear(f->s);
    if (f->h->input_point(f->s, f->eng.hint.from) != DR_INPUT_SELECTED) return -1;
  }
  f->hint_active = 1;
  fe_cursor_target(f);
  return 0;
}

/* Enter on the followed hint's next landing plays the whole hint: one key, however many
** jumps it takes. */
int fe_enter(fe_state *f) {
  dr_input in;
  if (fe_review_refuses(f)) return DR_INPUT_REFUSED;
  fe_input(f, &in);
  if (f->cursor < 0 || f->cursor != fe_hint_next(f, &in)) return fe_tap(f, f->cursor);
  f->hint_active = 0;
  if (f->h->play(f->s, &f->eng.hint)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return DR_INPUT_REFUSED;
  }
  fe_say(f, 0, "%s", "");
  return DR_INPUT_COMPLETE;
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
  if (kind == FE_ASK_DRAW) {
    if (f->h->answer_draw(f->s, yes)) fe_say(f, 1, "%s", f->h->error(f->s));
    else fe_say(f, 0, "%s", yes ? "Drawn by agreement." : "The draw is declined: play on.");
    return;
  }
  if (!yes) return;
  if (kind == FE_ASK_QUIT) f->quit = 1;
  else if (f->h->resign(f->s)) fe_say(f, 1, "%s", f->h->error(f->s));
}

/* An offer is put to the other player once, whoever made it (here, or from afar). */
void fe_draw_watch(fe_state *f) {
  dr_status st;
  fe_status(f, &st);
  if (!st.draw_offer) f->draw_asked = 0;
  else if (!f->draw_asked && f->ask == FE_ASK_NONE) f->ask = FE_ASK_DRAW, f->draw_asked = 1;
}

/* The yes/no question open over the game, in words. */
const char *fe_question(fe_state *f, char *out, size_t len) {
  dr_status st;
  dr_scoring sc;
  fe_status(f, &st);
  fe_scoring(f, &sc);
  if (f->ask == FE_ASK_DRAW) {
    int side = st.draw_offer ? st.draw_offer - 1 : st.turn;
    snprintf(out, len, "%s offers a draw. %s, do you accept?", fe_side_title(f, side), fe_side_title(f, side ^ 1));
  } else if (f->ask == FE_ASK_QUIT) {
    snprintf(out, len, "%s", sc.leaving_loses ? "Quit this game? It counts as a loss." : "Quit this game?");
  } else {
    snprintf(out, len, "%s", "Resign this game?");
  }
  return out;
}

/* The keys a game offers, in order, each with its weight: the lightest go first when
** the room is short.  What is offered depends on who plays: a hint against the
** computer, redo and a draw between two people, the pause when the computer plays
** itself. */
static int keys_shown(const fe_key *all, size_t nall, fe_key *out, int max) {
  int n = 0;
  for (size_t i = 0; i < nall && n < max; i++)
    if (all[i].shown) out[n++] = all[i];
  return n;
}

/* An online game has its own commands: no undo or hint, but offers, aborting, the tally. */
static int online_keys(fe_state *f, fe_key *out, int max) {
  dr_online o;
  fe_online(f, &o);
  int player = o.side >= 0;
  const fe_key all[] = {
      {'d', "draw", 8, player},       {'c', "decline", 6, player}, {'x', "abort", 5, player},
      {'e', "rematch", 6, player},    {'r', "resign", 7, player},  {'o', "tally", 6, 1},
      {'f', "flip", 3, 1},            {':', player ? "type" : "suggest", 3, 1},
      {'n', "new", 9, 1},             {'?', "help", 10, 1},        {'q', "quit", 10, 1},
  };
  return keys_shown(all, sizeof all / sizeof *all, out, max);
}

int fe_game_keys(fe_state *f, fe_key *out, int max) {
  if (fe_online_on(f)) return online_keys(f, out, max);
  dr_status st;
  fe_status(f, &st);
  int people = (st.player[0] == DR_PLAYER_HUMAN) + (st.player[1] == DR_PLAYER_HUMAN);
  const fe_key all[] = {
      {'u', "undo", 9, people > 0},          {'e', "redo", 6, people == 2 && DR_HOST_HAS(f->h, redo)},
      {'h', "hint", 8, people == 1},         {'d', "draw", 7, people == 2 && DR_HOST_HAS(f->h, offer_draw)},
      {'z', "pause", 8, people == 0 && DR_HOST_HAS(f->h, pause)},
      {'n', "new", 9, 1},                    {'r', "resign", 7, people > 0},
      {'f', "flip", 3, 1},                   {'s', "save", 4, 1},
      {'l', "load", 4, 1},                   {':', "type", 3, people > 0},
      {'b', "numbers", 2, fe_numbered(f)},  {'t', "theme", 2, 1},
      {'p', "scores", 5, 1},                 {'?', "help", 10, 1},
      {'q', "quit", 10, 1},
  };
  return keys_shown(all, sizeof all / sizeof *all, out, max);
}

/* The keys no lighter than 'lightest', 'gap' spaces apart; the line's length. */
static size_t key_line(const fe_key *keys, int n, int lightest, int gap, char *out, size_t len) {
  size_t used = 0;
  *out = '\0';
  for (int i = 0; i < n && used < len; i++)
    if (keys[i].weight >= lightest)
      used += (size_t)snprintf(out + used, len - used, "%s%c %s", used ? (gap == 2 ? "  " : " ") : "", keys[i].key,
                               keys[i].label);
  return used;
}

/* The keys as one line of at most 'width' characters: the lightest left out until it fits. */
void fe_key_line(fe_state *f, int width, char *out, size_t len) {
  fe_key keys[24];
  int n = fe_game_keys(f, keys, 24);
  for (int lightest = 0; lightest <= 10; lightest++)
    for (int gap = 2; gap >= 1; gap--)
      if (key_line(keys, n, lightest, gap, out, len) <= (size_t)width) return;
}
