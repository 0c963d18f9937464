/*
** menu.c — the start menu: game, rules, opponent, level, player.  It opens when
** 'draughts play' names no variant, and on 'n'.  The level may be "streak" (the
** player's winning streak chooses it) and the player's nickname is typed on its row,
** when the runtime keeps scores.  What the command line asked for (a rules file,
** --set options, a start position) is kept while the game and rules stay the same.
*/
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

#define KEY_ESC 27

enum { ROW_VARIANT, ROW_RULES, ROW_OPPONENT, ROW_LEVEL, ROW_PLAYER, ROW_START, NROWS };

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
  dr_scoring sc;
  scores_status(u, &sc);
  snprintf(u->menu_player, sizeof u->menu_player, "%s", sc.nickname);
  tty_say(u, 0, "%s", "");
}

/* "3 of 6", or for the streak level the level it gives now. */
static void level_text(ui *u, const dr_variant_info *info, char *out, size_t len) {
  dr_streak st;
  DR_INIT(st);
  if (u->menu_level != DR_LEVEL_STREAK) {
    snprintf(out, len, "%d of %d", u->menu_level, u->h->levels(u->s));
  } else if (u->h->streak(u->s, info->name, &st) == 0) {
    snprintf(out, len, "streak: %d won in a row, so level %d", st.current, st.level);
  } else {
    snprintf(out, len, "streak");
  }
}

/* Levels 1..n, then "streak" when the runtime keeps scores. */
static int next_level(ui *u, int delta) {
  int n = u->h->levels(u->s), choices = n + (scores_kept(u) ? 1 : 0);
  int index = u->menu_level == DR_LEVEL_STREAK ? n : u->menu_level - 1;
  index = ((index + delta) % choices + choices) % choices;
  return index == n ? DR_LEVEL_STREAK : index + 1;
}

/* Typing on the player's row edits the nickname. */
static int edit_player(ui *u, int ch) {
  size_t n = strlen(u->menu_player);
  dr_scoring sc;
  scores_status(u, &sc);
  if (u->menu_row != ROW_PLAYER || !*sc.nickname) return 0;
  if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && n > 0) u->menu_player[n - 1] = '\0';
  else if (ch >= 32 && ch < 127 && n + 1 < sizeof u->menu_player) u->menu_player[n] = (char)ch, u->menu_player[n + 1] = '\0';
  else return 0;
  return 1;
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

static const char *player_text(ui *u) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (!*sc.nickname) return "(scores are not kept)";
  return *u->menu_player ? u->menu_player : "(type a nickname)";
}

/* Leaving a game the player has moved in resigns it: say so before it happens. */
static void draw_leaving(ui *u) {
  dr_status st;
  dr_scoring sc;
  DR_INIT(st);
  u->h->status(u->s, &st);
  scores_status(u, &sc);
  if (u->h->has_game(u->s) && sc.saved && st.result == DR_ONGOING && st.plies > 0)
    mvaddnstr(14, 2, "Starting a new game now counts as resigning the one on the board.", COLS - 3);
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
  char level[64];
  int count = u->h->variant_count(u->s);
  attron(tty_attr(u, PAIR_TITLE));
  mvaddstr(1, 2, "draughts: a new game");
  attroff(tty_attr(u, PAIR_TITLE));
  if (count == 0) {
    mvaddstr(3, 2, "No variant plugins were found (see 'draughts list').  Press q to quit.");
    return;
  }
  info_of(u, u->menu_variant, &info);
  level_text(u, &info, level, sizeof level);
  draw_row(u, ROW_VARIANT, 3, "Game", info.title);
  draw_row(u, ROW_RULES, 4, "Rules", rule_name(u, &info, u->menu_preset));
  if (u->menu_preset < info.npresets) mvaddnstr(5, 16, info.preset_doc[u->menu_preset], COLS - 17);
  draw_row(u, ROW_OPPONENT, 6, "Opponent", opponents[u->menu_opponent].text);
  draw_row(u, ROW_LEVEL, 7, "Level", opponents[u->menu_opponent].player[0] == DR_PLAYER_HUMAN &&
                                             opponents[u->menu_opponent].player[1] == DR_PLAYER_HUMAN ? "-" : level);
  draw_row(u, ROW_PLAYER, 8, "Player", player_text(u));
  attron(u->menu_row == ROW_START ? A_REVERSE : A_BOLD);
  mvaddstr(10, 2, "[ Start the game ]");
  attroff(u->menu_row == ROW_START ? A_REVERSE : A_BOLD);
  if (*u->msg) {
    attron(u->msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
    mvaddnstr(12, 2, u->msg, COLS - 3);
    attroff(u->msg_is_error ? tty_attr(u, PAIR_ERROR) : 0);
  }
  draw_leaving(u);
  mvaddnstr(LINES - 1, 0, "Up/Down: line   Left/Right: change it   Enter: start   Esc: back   q: quit",
            COLS);
}


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
  tty_say(u, 1, "%s", u->h->error(u->s));
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
  setup.rules = rule_name(u, &info, u->menu_preset);
  if (info.npresets == 0) setup.rules = NULL;
  if (cur.variant && strcmp(cur.variant, info.name) == 0 && cur.rules && setup.rules && strcmp(cur.rules, setup.rules) == 0)
    setup.nsets = cur.nsets, setup.sets = cur.sets, setup.fen = cur.fen; /* as the command line asked */
  setup.level = u->menu_level;
  setup.player[0] = o->player[0];
  setup.player[1] = o->player[1];
  if (choose_player(u)) return;
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
  if (edit_player(u, ch)) return;
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
