/*
** menu.c — the start menu: game, rules, opponent, level.  It opens when 'draughts
** play' names no variant, and on 'n'.  What the command line asked for (a rules file,
** --set options, a start position) is kept while the game and rules stay the same.
*/
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

#define KEY_ESC 27

enum { ROW_VARIANT, ROW_RULES, ROW_OPPONENT, ROW_LEVEL, ROW_START, NROWS };

static const struct opponent {
  const char *text, *hello;
  int player[2];
} opponents[] = {
    {"the computer; you play White", "You play White.", {DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER}},
    {"the computer; you play Black", "You play Black.", {DR_PLAYER_COMPUTER, DR_PLAYER_HUMAN}},
    {"a friend at this keyboard", "Two players: take turns.", {DR_PLAYER_HUMAN, DR_PLAYER_HUMAN}},
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
  tty_say(u, 0, "%s", "");
}

static void draw_row(ui *u, int row, int y, const char *label, const char *value) {
  int attr = u->menu_row == row ? A_REVERSE : 0;
  mvaddstr(y, 2, label);
  attron(attr);
  mvprintw(y, 14, "< %s >", value);
  attroff(attr);
}

void menu_draw(ui *u) {
  dr_variant_info info;
  char level[32];
  int count = u->h->variant_count(u->s);
  attron(tty_attr(u, PAIR_TITLE));
  mvaddstr(1, 2, "draughts: a new game");
  attroff(tty_attr(u, PAIR_TITLE));
  if (count == 0) {
    mvaddstr(3, 2, "No variant plugins were found (see 'draughts list').  Press q to quit.");
    return;
  }
  info_of(u, u->menu_variant, &info);
  snprintf(level, sizeof level, "%d of %d", u->menu_level, u->h->levels(u->s));
  draw_row(u, ROW_VARIANT, 3, "Game", info.title);
  draw_row(u, ROW_RULES, 4, "Rules", rule_name(u, &info, u->menu_preset));
  if (u->menu_preset < info.npresets) mvaddnstr(5, 16, info.preset_doc[u->menu_preset], COLS - 17);
  draw_row(u, ROW_OPPONENT, 6, "Opponent", opponents[u->menu_opponent].text);
  draw_row(u, ROW_LEVEL, 7, "Level", opponents[u->menu_opponent].player[0] == DR_PLAYER_HUMAN &&
                                             opponents[u->menu_opponent].player[1] == DR_PLAYER_HUMAN ? "-" : level);
  attron(u->menu_row == ROW_START ? A_REVERSE : A_BOLD);
  mvaddstr(9, 2, "[ Start the game ]");
  attroff(u->menu_row == ROW_START ? A_REVERSE : A_BOLD);
  if (*u->msg) {
    attron(u->msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
    mvaddnstr(11, 2, u->msg, COLS - 3);
    attroff(u->msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
  }
  mvaddnstr(LINES - 1, 0, "Up/Down: line   Left/Right: change it   Enter: start   Esc: back   q: quit",
            COLS);
}

static int wrap(int value, int delta, int n) { return n > 0 ? ((value + delta) % n + n) % n : 0; }

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
  case ROW_LEVEL: u->menu_level = wrap(u->menu_level - 1, delta, u->h->levels(u->s)) + 1; break;
  default: break;
  }
}

static void start(ui *u) {
  dr_setup cur, setup;
  dr_variant_info info;
  const struct opponent *o = &opponents[u->menu_opponent];
  current_setup(u, &cur);
  info_of(u, u->menu_variant, &info);
  DR_INIT(setup);
  setup.variant = info.name;
  setup.rules = rule_name(u, &info, u->menu_preset);
  if (info.npresets == 0) setup.rules = NULL;
  if (cur.variant && strcmp(cur.variant, info.name) == 0 && cur.rules && setup.rules && strcmp(cur.rules, setup.rules) == 0)
    setup.nsets = cur.nsets, setup.sets = cur.sets, setup.fen = cur.fen; /* as the command line asked */
  setup.level = u->menu_level;
  setup.player[0] = o->player[0];
  setup.player[1] = o->player[1];
  if (u->h->new_game(u->s, &setup)) {
    tty_say(u, 1, "%s", u->h->error(u->s));
    return;
  }
  u->view = VIEW_GAME;
  u->flip = o->player[DR_WHITE] == DR_PLAYER_COMPUTER && o->player[DR_BLACK] == DR_PLAYER_HUMAN;
  u->cursor = -1;
  u->seen_plies = -1;
  u->hint_active = 0;
  tty_say(u, 0, "New game of %s. %s", info.title, o->hello);
}

void menu_key(ui *u, int ch) {
  int has_variants = u->h->variant_count(u->s) > 0;
  switch (ch) {
  case KEY_UP: u->menu_row = wrap(u->menu_row, -1, NROWS); break;
  case KEY_DOWN: case '\t': u->menu_row = wrap(u->menu_row, 1, NROWS); break;
  case KEY_LEFT: change(u, -1); break;
  case KEY_RIGHT: change(u, 1); break;
  case '\r': case '\n': case KEY_ENTER: if (has_variants) start(u); break;
  case KEY_ESC: if (u->h->has_game(u->s)) u->view = VIEW_GAME, tty_say(u, 0, "%s", ""); break;
  case 'q': case 'Q': u->quit = 1; break;
  default: break;
  }
}
