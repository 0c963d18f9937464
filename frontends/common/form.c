/*
** form.c — the new-game form, whatever draws it: game, rules, opponent, level, player.
** It opens on the current setup.  The level may be "streak" (the player's winning
** streak chooses it) and the player is a nickname, when the runtime keeps scores.  What
** the command line asked for (a rules file, --set options, a start position) is kept
** while the game and rules stay the same.
*/
#include <stdio.h>
#include <string.h>

#include "fe_common.h"

static const struct opponent {
  const char *text, *hello; /* no text: the front end says where a friend sits */
  int player[2];
} opponents[] = {
    {"the computer; you play White", "You play White.", {DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER}},
    {"the computer; you play Black", "You play Black.", {DR_PLAYER_COMPUTER, DR_PLAYER_HUMAN}},
    {NULL, "Two players: take turns.", {DR_PLAYER_HUMAN, DR_PLAYER_HUMAN}},
    {"nobody: the computer plays itself", "The computer plays both sides.", {DR_PLAYER_COMPUTER, DR_PLAYER_COMPUTER}},
};
#define NOPPONENTS (int)(sizeof opponents / sizeof *opponents)

static int wrap(int value, int delta, int n) { return n > 0 ? ((value + delta) % n + n) % n : 0; }

/* Clocks for two people: each side's time and the increment (Fischer), in seconds.  The
** last entry is the command line's clock when it is none of these. */
static struct clock_choice {
  int seconds, increment;
} clocks[] = {{0, 0}, {60, 0}, {180, 2}, {300, 3}, {600, 5}, {900, 10}, {1800, 0}, {0, 0}};
#define NCLOCKS (int)(sizeof clocks / sizeof *clocks - 1)

static int clock_choices(void) { return NCLOCKS + (clocks[NCLOCKS].seconds > 0); }

static int clock_index(int seconds, int increment) {
  for (int i = 0; i < NCLOCKS; i++)
    if (clocks[i].seconds == seconds && clocks[i].increment == increment) return i;
  clocks[NCLOCKS] = (struct clock_choice){seconds, increment};
  return NCLOCKS;
}

static void current_setup(fe_state *f, dr_setup *setup) {
  DR_INIT(*setup);
  f->h->setup(f->s, setup);
}

/* The rules the command line asked for when they are no preset (a .lua file). */
static const char *custom_rules(fe_state *f, const dr_variant_info *info) {
  dr_setup cur;
  current_setup(f, &cur);
  if (!cur.rules || !cur.variant || strcmp(cur.variant, info->name) != 0) return NULL;
  for (int k = 0; k < info->npresets; k++)
    if (strcmp(info->preset[k], cur.rules) == 0) return NULL;
  return cur.rules;
}

static int rule_choices(fe_state *f, const dr_variant_info *info) {
  return info->npresets + (custom_rules(f, info) != NULL);
}

static const char *rule_name(fe_state *f, const dr_variant_info *info, int k) {
  if (k < info->npresets) return info->preset[k];
  const char *custom = custom_rules(f, info);
  return custom ? custom : "default";
}

static void open_on(fe_state *f, const dr_setup *cur) {
  dr_variant_info info;
  fe_form *m = &f->form;
  int variant = fe_variant_index(f, cur->variant);
  if (variant >= 0) m->variant = variant;
  fe_variant(f, m->variant, &info);
  for (int k = 0; cur->rules && k < rule_choices(f, &info); k++)
    if (strcmp(rule_name(f, &info, k), cur->rules) == 0) m->preset = k;
  for (int i = 0; i < NOPPONENTS; i++)
    if (opponents[i].player[0] == cur->player[0] && opponents[i].player[1] == cur->player[1]) m->opponent = i;
  m->level = cur->level ? cur->level : info.default_level ? info.default_level : 1; /* 0: the game's own */
  m->level_chosen = 0;
  m->clock = DR_HAS_FIELD(dr_setup, cur, clock_seconds) ? clock_index(cur->clock_seconds, cur->clock_increment) : 0;
}

void fe_menu_open(fe_state *f) {
  dr_setup cur;
  dr_scoring sc;
  current_setup(f, &cur);
  f->view = FE_VIEW_MENU;
  f->ask = FE_ASK_NONE;
  f->form.row = FE_ROW_VARIANT;
  f->form.variant = f->form.preset = f->form.opponent = 0;
  open_on(f, &cur);
  fe_scoring(f, &sc);
  snprintf(f->form.player, sizeof f->form.player, "%s", sc.nickname);
  fe_friends_form_open(f);
  fe_say(f, 0, "%s", "");
}

void fe_form_info(fe_state *f, dr_variant_info *info) { fe_variant(f, f->form.variant, info); }

const char *fe_form_rules(fe_state *f, const dr_variant_info *info) { return rule_name(f, info, f->form.preset); }

const char *fe_form_opponent(const fe_state *f, const char *friend_text) {
  const char *text = opponents[f->form.opponent].text;
  return text ? text : friend_text;
}

static int two_people(const fe_state *f) {
  const struct opponent *o = &opponents[f->form.opponent];
  return o->player[0] == DR_PLAYER_HUMAN && o->player[1] == DR_PLAYER_HUMAN;
}

/* "3 of 6", or for the streak level the level it gives now; "-" with no computer. */
void fe_form_level(fe_state *f, const dr_variant_info *info, char *out, size_t len) {
  dr_streak st;
  DR_INIT(st);
  if (two_people(f)) snprintf(out, len, "-");
  else if (f->form.level != DR_LEVEL_STREAK) snprintf(out, len, "%d of %d", f->form.level, f->h->levels(f->s));
  else if (fe_scores_kept(f) && f->h->streak(f->s, info->name, &st) == 0)
    snprintf(out, len, "streak: %d won in a row, so level %d", st.current, st.level);
  else snprintf(out, len, "streak");
}

void fe_form_clock(fe_state *f, char *out, size_t len) {
  const struct clock_choice *c = &clocks[f->form.clock];
  if (!two_people(f) || !DR_HOST_HAS(f->h, pause)) snprintf(out, len, "-");
  else if (c->seconds == 0) snprintf(out, len, "none");
  else if (c->seconds % 60) snprintf(out, len, "%d s + %d s", c->seconds, c->increment);
  else snprintf(out, len, "%d min + %d s", c->seconds / 60, c->increment);
}

const char *fe_form_player(fe_state *f) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  if (!*sc.nickname) return "(scores are not kept)";
  return *f->form.player ? f->form.player : "(type a nickname)";
}

/* Leaving a game the player has moved in resigns it: say so before it happens. */
const char *fe_form_leaving(fe_state *f) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  if (f->h->has_game(f->s) && sc.leaving_loses)
    return "Starting a new game now counts as resigning the one on the board.";
  return "";
}

int fe_form_typing(fe_state *f) { return fe_form_field(f, &(size_t){0}) != NULL; }

char *fe_form_field(fe_state *f, size_t *size) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  if (f->view != FE_VIEW_MENU || !*sc.nickname) return NULL; /* no scores, no player and no friends */
  if (f->form.row == FE_ROW_PLAYER) return *size = sizeof f->form.player, f->form.player;
  if (f->form.row == FE_ROW_FRIENDS) return *size = sizeof f->form.server, f->form.server;
  return NULL;
}

static int row_shown(const fe_state *f, int row) {
  if (row == FE_ROW_FRIENDS) return fe_friends_kept(f);
  return row < FE_ROW_ONLINE || fe_online_kept(f);
}

/* Leaving the Friends line sets the server typed there. */
void fe_form_goto(fe_state *f, int row) {
  if (f->form.row == FE_ROW_FRIENDS && row != FE_ROW_FRIENDS) fe_friends_form_apply(f);
  f->form.row = row;
}

/* The rows the host offers. */
void fe_form_row(fe_state *f, int delta) {
  int row = f->form.row;
  do row = wrap(row, delta, FE_NROWS);
  while (!row_shown(f, row));
  fe_form_goto(f, row);
}

/* Levels 1..n, then "streak" when the runtime keeps scores. */
static int next_level(fe_state *f, int delta) {
  int n = f->h->levels(f->s), choices = n + (fe_scores_kept(f) ? 1 : 0);
  int index = f->form.level == DR_LEVEL_STREAK ? n : f->form.level - 1;
  index = wrap(index, delta, choices);
  return index == n ? DR_LEVEL_STREAK : index + 1;
}

/* The known nicknames, in turn. */
static void next_player(fe_state *f, int delta) {
  char names[64][64];
  int n = 0, at = -1;
  if (!fe_scores_kept(f)) return;
  while (n < 64 && f->h->profile_list(f->s, n, names[n], sizeof names[n]) == 0) {
    if (strcmp(names[n], f->form.player) == 0) at = n;
    n++;
  }
  if (n == 0) return;
  at = at < 0 ? (delta > 0 ? 0 : n - 1) : wrap(at, delta, n);
  snprintf(f->form.player, sizeof f->form.player, "%s", names[at]);
}

void fe_form_change(fe_state *f, int delta) {
  dr_variant_info info;
  fe_form *m = &f->form;
  fe_form_info(f, &info);
  switch (m->row) {
  case FE_ROW_VARIANT:
    m->variant = wrap(m->variant, delta, f->h->variant_count(f->s));
    m->preset = 0;
    fe_form_info(f, &info);
    if (!m->level_chosen && info.default_level) m->level = info.default_level; /* each game its own opponent */
    break;
  case FE_ROW_RULES: m->preset = wrap(m->preset, delta, rule_choices(f, &info)); break;
  case FE_ROW_OPPONENT: m->opponent = wrap(m->opponent, delta, NOPPONENTS); break;
  case FE_ROW_LEVEL: m->level = next_level(f, delta), m->level_chosen = 1; break;
  case FE_ROW_CLOCK: m->clock = wrap(m->clock, delta, clock_choices()); break;
  case FE_ROW_PLAYER: next_player(f, delta); break;
  default: break;
  }
}

/* The nickname typed, made the player; 0 when it is (or scores are not kept). */
static int choose_player(fe_state *f) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  if (!fe_scores_kept(f) || !*sc.nickname || strcmp(sc.nickname, f->form.player) == 0) return 0;
  if (f->h->profile_select(f->s, f->form.player) == 0) return 0;
  f->form.row = FE_ROW_PLAYER;
  fe_say(f, 1, "%s", f->h->error(f->s));
  return -1;
}

/* The setup the form asks for: the command line's extras stay with its game and rules. */
static void setup_of(fe_state *f, const dr_variant_info *info, dr_setup *setup) {
  dr_setup cur;
  const struct opponent *o = &opponents[f->form.opponent];
  current_setup(f, &cur);
  DR_INIT(*setup);
  setup->variant = info->name;
  setup->rules = info->npresets ? rule_name(f, info, f->form.preset) : NULL;
  int same = cur.variant && strcmp(cur.variant, info->name) == 0 && cur.rules && setup->rules;
  if (same && strcmp(cur.rules, setup->rules) == 0) {
    setup->nsets = cur.nsets;
    setup->sets = cur.sets;
    setup->fen = cur.fen;
  }
  setup->level = f->form.level;
  setup->player[0] = o->player[0];
  setup->player[1] = o->player[1];
  if (two_people(f)) setup->clock_seconds = clocks[f->form.clock].seconds;
  if (two_people(f)) setup->clock_increment = clocks[f->form.clock].increment;
}

int fe_form_start(fe_state *f) {
  dr_variant_info info;
  dr_setup setup;
  if (f->h->variant_count(f->s) == 0) return -1;
  if (f->form.row == FE_ROW_FRIENDS) return fe_friends_form_apply(f), -1; /* Enter there sets the server */
  if (f->form.row == FE_ROW_ONLINE || f->form.row == FE_ROW_WATCH) { /* they open their own forms */
    fe_online_open(f, f->form.row == FE_ROW_WATCH);
    return -1;
  }
  fe_form_info(f, &info);
  setup_of(f, &info, &setup);
  if (choose_player(f)) return -1;
  if (f->h->new_game(f->s, &setup)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    return -1;
  }
  f->view = FE_VIEW_GAME;
  f->flip = fe_flip_for(setup.player);
  f->hint_active = 0;
  f->cursor = f->caught_plies = -1;
  fe_say(f, 0, "New game of %s. %s", info.title, opponents[f->form.opponent].hello);
  return 0;
}

/* Back to the game on the board, if there is one. */
void fe_menu_back(fe_state *f) {
  if (!f->h->has_game(f->s)) return;
  f->view = FE_VIEW_GAME;
  fe_say(f, 0, "%s", "");
}
