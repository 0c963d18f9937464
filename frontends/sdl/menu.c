/*
** menu.c — the new-game menu: game, rules, opponent, level, player.  It opens when
** 'draughts play' names no variant, and on 'n'.  Each row has arrows to click (or
** Left/Right).  When the runtime keeps scores the level may be "streak" (the player's
** winning streak chooses it) and the player's nickname is typed on its row.  What the
** command line asked for (a rules file, --set options, a start position) is kept while
** the game and rules stay the same.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

enum { ROW_VARIANT, ROW_RULES, ROW_OPPONENT, ROW_LEVEL, ROW_PLAYER, ROW_START, NROWS };

/* Button keys: a row's arrows, the row itself, and the start button. */
#define MENU_KEY(row, part) (0x10000 + (row) * 4 + (part))
enum { PART_LESS, PART_ROW, PART_MORE };

static const struct opponent {
  const char *text, *hello;
  int player[2];
} opponents[] = {
    {"the computer; you play White", "You play White.", {DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER}},
    {"the computer; you play Black", "You play Black.", {DR_PLAYER_COMPUTER, DR_PLAYER_HUMAN}},
    {"a friend on this computer", "Two players: take turns.", {DR_PLAYER_HUMAN, DR_PLAYER_HUMAN}},
    {"nobody: the computer plays itself", "The computer plays both sides.", {DR_PLAYER_COMPUTER, DR_PLAYER_COMPUTER}},
};
#define NOPPONENTS (int)(sizeof opponents / sizeof *opponents)

static void info_of(ui *u, int index, dr_variant_info *info) {
  DR_INIT(*info);
  u->h->variant_info(u->s, index, info);
}

static void current_setup(ui *u, dr_setup *setup) {
  DR_INIT(*setup);
  u->h->setup(u->s, setup);
}

/* The rules the command line asked for when they are no preset (a .lua file). */
static const char *custom_rules(ui *u, const dr_variant_info *info) {
  dr_setup cur;
  current_setup(u, &cur);
  if (!cur.rules || !cur.variant || strcmp(cur.variant, info->name) != 0) return NULL;
  for (int k = 0; k < info->npresets; k++)
    if (strcmp(info->preset[k], cur.rules) == 0) return NULL;
  return cur.rules;
}

static int rule_choices(ui *u, const dr_variant_info *info) {
  return info->npresets + (custom_rules(u, info) != NULL);
}

static const char *rule_name(ui *u, const dr_variant_info *info, int k) {
  if (k < info->npresets) return info->preset[k];
  const char *custom = custom_rules(u, info);
  return custom ? custom : "default";
}

void menu_open(ui *u) {
  dr_setup cur;
  dr_variant_info info;
  current_setup(u, &cur);
  u->view = VIEW_MENU;
  u->ask = ASK_NONE;
  u->menu_row = ROW_VARIANT;
  u->menu_variant = u->menu_preset = u->menu_opponent = 0;
  for (int i = 0; cur.variant && i < u->h->variant_count(u->s); i++) {
    info_of(u, i, &info);
    if (strcmp(info.name, cur.variant) == 0) u->menu_variant = i;
  }
  info_of(u, u->menu_variant, &info);
  for (int k = 0; cur.rules && k < rule_choices(u, &info); k++)
    if (strcmp(rule_name(u, &info, k), cur.rules) == 0) u->menu_preset = k;
  for (int i = 0; i < NOPPONENTS; i++)
    if (opponents[i].player[0] == cur.player[0] && opponents[i].player[1] == cur.player[1]) u->menu_opponent = i;
  u->menu_level = cur.level;
  dr_scoring sc;
  scores_status(u, &sc);
  snprintf(u->menu_player, sizeof u->menu_player, "%s", sc.nickname);
  gui_say(u, 0, "%s", "");
}

/* Typing goes to the nickname only while its row is chosen. */
static void sync_typing(ui *u) {
  dr_scoring sc;
  scores_status(u, &sc);
  int typing = u->view == VIEW_MENU && u->menu_row == ROW_PLAYER && *sc.nickname;
  if (typing && !SDL_IsTextInputActive()) SDL_StartTextInput(), u->menu_player_fresh = 1;
  if (!typing && SDL_IsTextInputActive()) SDL_StopTextInput();
}

/* "3 of 6", or for the streak level the level it gives now. */
static void level_text(ui *u, const dr_variant_info *info, char *out, size_t len) {
  dr_streak st;
  DR_INIT(st);
  if (u->menu_level != DR_LEVEL_STREAK) snprintf(out, len, "%d of %d", u->menu_level, u->h->levels(u->s));
  else if (scores_kept(u) && u->h->streak(u->s, info->name, &st) == 0)
    snprintf(out, len, "streak: %d won in a row, so level %d", st.current, st.level);
  else snprintf(out, len, "streak");
}

/* Levels 1..n, then "streak" when the runtime keeps scores. */
static int next_level(ui *u, int delta) {
  int n = u->h->levels(u->s), choices = n + (scores_kept(u) ? 1 : 0);
  int index = u->menu_level == DR_LEVEL_STREAK ? n : u->menu_level - 1;
  index = ((index + delta) % choices + choices) % choices;
  return index == n ? DR_LEVEL_STREAK : index + 1;
}

static int wrap(int value, int delta, int n) { return n > 0 ? ((value + delta) % n + n) % n : 0; }

/* Left and Right on the player's row go through the known nicknames. */
static void next_player(ui *u, int delta) {
  char names[64][64];
  int n = 0, at = -1;
  if (!scores_kept(u)) return;
  while (n < 64 && u->h->profile_list(u->s, n, names[n], sizeof names[n]) == 0) {
    if (strcmp(names[n], u->menu_player) == 0) at = n;
    n++;
  }
  if (n == 0) return;
  at = at < 0 ? (delta > 0 ? 0 : n - 1) : wrap(at, delta, n);
  snprintf(u->menu_player, sizeof u->menu_player, "%s", names[at]);
}

/* The nickname, with a caret while it is being typed. */
static const char *player_text(ui *u) {
  static char shown[80];
  dr_scoring sc;
  scores_status(u, &sc);
  if (!*sc.nickname) return "(scores are not kept)";
  if (u->menu_row == ROW_PLAYER && SDL_IsTextInputActive() && !u->menu_player_fresh)
    return snprintf(shown, sizeof shown, "%s_", u->menu_player), shown;
  return *u->menu_player ? u->menu_player : "(type a nickname)";
}

/* Leaving a game the player has moved in resigns it: say so before it happens. */
static const char *leaving_note(ui *u) {
  dr_status st;
  dr_scoring sc;
  gui_status(u, &st);
  scores_status(u, &sc);
  if (u->h->has_game(u->s) && sc.saved && st.result == DR_ONGOING && st.plies > 0)
    return "Starting a new game now counts as resigning the one on the board.";
  return "";
}

/* ------------------------------------------------------------------ draw */

typedef struct grid {
  int x, w, label_w, row_h;
} grid;

static void draw_row(ui *u, const grid *g, int row, int y, const char *label, const char *value) {
  int h = text_height(u, FONT_TEXT), arrow = g->row_h;
  SDL_Rect box = {g->x + g->label_w, y, g->w - g->label_w, g->row_h};
  if (u->menu_row == row)
    fill_round(u, (SDL_Rect){g->x - h / 2, y, g->w + h, g->row_h}, h / 2, (rgba){255, 240, 210, 30});
  text_draw(u, FONT_TEXT, COL_DIM, g->x, y + (g->row_h - h) / 2, label);
  SDL_Rect less = {box.x, y, arrow, g->row_h}, more = {box.x + box.w - arrow, y, arrow, g->row_h};
  text_draw(u, FONT_BOLD, COL_HEAD, less.x + (arrow - text_width(u, FONT_BOLD, "<")) / 2, y + (g->row_h - h) / 2, "<");
  text_draw(u, FONT_BOLD, COL_HEAD, more.x + (arrow - text_width(u, FONT_BOLD, ">")) / 2, y + (g->row_h - h) / 2, ">");
  char shown[256];
  snprintf(shown, sizeof shown, "%s", value);
  shown[text_fit(u, FONT_BOLD, shown, box.w - 2 * arrow)] = '\0';
  int x = box.x + (box.w - text_width(u, FONT_BOLD, shown)) / 2;
  text_draw(u, FONT_BOLD, COL_TEXT, x, y + (g->row_h - h) / 2, shown);
  gui_button(u, less, MENU_KEY(row, PART_LESS));
  gui_button(u, more, MENU_KEY(row, PART_MORE));
  gui_button(u, (SDL_Rect){g->x, y, g->w, g->row_h}, MENU_KEY(row, PART_ROW));
}

static void draw_doc(ui *u, const grid *g, int y, const char *doc) {
  int start[3], len[3], h = text_height(u, FONT_SMALL);
  int n = text_wrap(u, FONT_SMALL, doc, g->w - g->label_w, start, len, 3);
  for (int i = 0; i < n; i++) {
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", len[i], doc + start[i]);
    text_draw(u, FONT_SMALL, COL_DIM, g->x + g->label_w, y + i * h, buf);
  }
}

static void draw_start(ui *u, const grid *g, int y) {
  const char *label = "Start the game";
  int h = text_height(u, FONT_BOLD), w = text_width(u, FONT_BOLD, label) + 2 * h;
  SDL_Rect b = {g->x + (g->w - w) / 2, y, w, g->row_h};
  rgba fill = u->menu_row == ROW_START ? COL_HEAD : (rgba){232, 190, 110, 120};
  fill_round(u, b, g->row_h / 3, fill);
  text_draw(u, FONT_BOLD, (rgba){40, 26, 16, 255}, b.x + h, y + (g->row_h - h) / 2, label);
  gui_button(u, b, MENU_KEY(ROW_START, PART_ROW));
}

static int two_people(const struct opponent *o) {
  return o->player[0] == DR_PLAYER_HUMAN && o->player[1] == DR_PLAYER_HUMAN;
}

void menu_draw(ui *u) {
  dr_variant_info info;
  char level[80];
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT);
  grid g = {0, W * 7 / 10 < h * 34 ? W * 7 / 10 : h * 34, 0, h * 2};
  g.x = (W - g.w) / 2;
  g.label_w = text_width(u, FONT_TEXT, "Opponent") + 2 * h;
  int y = H / 2 - 10 * h;
  if (y < h) y = h;
  text_draw(u, FONT_TITLE, COL_HEAD, g.x, y, "A new game");
  y += text_height(u, FONT_TITLE) + h;
  if (u->h->variant_count(u->s) == 0) {
    text_draw(u, FONT_TEXT, COL_ERROR, g.x, y, "No variant plugins were found (see 'draughts list'). Press q to quit.");
    return;
  }
  info_of(u, u->menu_variant, &info);
  const struct opponent *o = &opponents[u->menu_opponent];
  level_text(u, &info, level, sizeof level);
  draw_row(u, &g, ROW_VARIANT, y, "Game", info.title);
  draw_row(u, &g, ROW_RULES, y += g.row_h + h / 2, "Rules", rule_name(u, &info, u->menu_preset));
  if (u->menu_preset < info.npresets) draw_doc(u, &g, y + g.row_h, info.preset_doc[u->menu_preset]);
  draw_row(u, &g, ROW_OPPONENT, y += g.row_h + 4 * h, "Opponent", o->text);
  draw_row(u, &g, ROW_LEVEL, y += g.row_h + h / 2, "Level", two_people(o) ? "-" : level);
  draw_row(u, &g, ROW_PLAYER, y += g.row_h + h / 2, "Player", player_text(u));
  draw_start(u, &g, y += g.row_h + h * 3 / 2);
  y += g.row_h + h;
  text_draw(u, FONT_TEXT, u->msg_is_error ? COL_ERROR : COL_TEXT, g.x, y, *u->msg ? u->msg : leaving_note(u));
  const char *keys = "Up/Down: line   Left/Right: change   Enter: start   Esc: back   q: quit";
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 2 * h, keys);
}

/* ----------------------------------------------------------------- input */

static void change(ui *u, int delta) {
  dr_variant_info info;
  info_of(u, u->menu_variant, &info);
  switch (u->menu_row) {
  case ROW_VARIANT:
    u->menu_variant = wrap(u->menu_variant, delta, u->h->variant_count(u->s));
    u->menu_preset = 0;
    break;
  case ROW_RULES: u->menu_preset = wrap(u->menu_preset, delta, rule_choices(u, &info)); break;
  case ROW_OPPONENT: u->menu_opponent = wrap(u->menu_opponent, delta, NOPPONENTS); break;
  case ROW_LEVEL: u->menu_level = next_level(u, delta); break;
  case ROW_PLAYER: next_player(u, delta); break;
  default: break;
  }
}

/* The nickname typed, made the player; 0 when it is (or scores are not kept). */
static int choose_player(ui *u) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (!scores_kept(u) || !*sc.nickname || strcmp(sc.nickname, u->menu_player) == 0) return 0;
  if (u->h->profile_select(u->s, u->menu_player) == 0) return 0;
  u->menu_row = ROW_PLAYER;
  gui_say(u, 1, "%s", u->h->error(u->s));
  return -1;
}

static void start(ui *u) {
  dr_setup cur, setup;
  dr_variant_info info;
  const struct opponent *o = &opponents[u->menu_opponent];
  current_setup(u, &cur);
  info_of(u, u->menu_variant, &info);
  DR_INIT(setup);
  setup.variant = info.name;
  setup.rules = info.npresets ? rule_name(u, &info, u->menu_preset) : NULL;
  int same = cur.variant && strcmp(cur.variant, info.name) == 0 && cur.rules && setup.rules;
  if (same && strcmp(cur.rules, setup.rules) == 0)
    setup.nsets = cur.nsets, setup.sets = cur.sets, setup.fen = cur.fen; /* as the command line asked */
  setup.level = u->menu_level;
  setup.player[0] = o->player[0];
  setup.player[1] = o->player[1];
  if (choose_player(u)) return;
  if (u->h->new_game(u->s, &setup)) {
    gui_say(u, 1, "%s", u->h->error(u->s));
    return;
  }
  u->view = VIEW_GAME;
  u->flip = o->player[DR_WHITE] == DR_PLAYER_COMPUTER && o->player[DR_BLACK] == DR_PLAYER_HUMAN;
  u->cursor = -1;
  u->cursor_shown = 0;
  u->hint_active = 0;
  gui_replaced(u);
  gui_say(u, 0, "New game of %s. %s", info.title, o->hello);
}

static void click(ui *u, int key) {
  if (key < MENU_KEY(0, 0) || key >= MENU_KEY(NROWS, 0)) return;
  u->menu_row = (key - MENU_KEY(0, 0)) / 4;
  int part = (key - MENU_KEY(0, 0)) % 4;
  if (u->menu_row == ROW_START) start(u);
  else if (part != PART_ROW) change(u, part == PART_LESS ? -1 : 1);
}

static void key(ui *u, SDL_Keycode sym) {
  int has_variants = u->h->variant_count(u->s) > 0;
  switch (sym) {
  case SDLK_UP: u->menu_row = wrap(u->menu_row, -1, NROWS); break;
  case SDLK_DOWN: case SDLK_TAB: u->menu_row = wrap(u->menu_row, 1, NROWS); break;
  case SDLK_LEFT: change(u, -1); break;
  case SDLK_RIGHT: change(u, 1); break;
  case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE: if (has_variants) start(u); break;
  case SDLK_ESCAPE:
    if (u->h->has_game(u->s)) u->view = VIEW_GAME, gui_say(u, 0, "%s", "");
    break;
  case SDLK_q: u->quit = 1; break;
  default: break;
  }
}

/* Typing on the player's row edits the nickname; 1 if the key was for it. */
static int edit_player(ui *u, const SDL_Event *ev) {
  size_t n = strlen(u->menu_player);
  if (u->menu_row != ROW_PLAYER || !SDL_IsTextInputActive()) return 0;
  int edit = ev->type == SDL_TEXTINPUT || (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_BACKSPACE);
  if (u->menu_player_fresh && edit)
    u->menu_player[0] = '\0', n = 0, u->menu_player_fresh = 0; /* typing replaces the proposed name */
  if (ev->type == SDL_TEXTINPUT) {
    size_t add = strlen(ev->text.text);
    if (n + add < sizeof u->menu_player) memcpy(u->menu_player + n, ev->text.text, add + 1);
    return 1;
  }
  if (ev->type != SDL_KEYDOWN) return 0;
  SDL_Keycode sym = ev->key.keysym.sym;
  if (sym == SDLK_BACKSPACE && n > 0) u->menu_player[n - 1] = '\0';
  return sym == SDLK_BACKSPACE || (sym >= ' ' && sym < 127); /* letters are typed, not commands */
}

void menu_event(ui *u, const SDL_Event *ev) {
  if (edit_player(u, ev)) return;
  if (ev->type == SDL_KEYDOWN) key(u, ev->key.keysym.sym);
  else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT)
    click(u, gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale)));
  sync_typing(u);
}
