/*
** session.c — a front end's hold on the session: the host table checked once, the
** message line, the status and input read safely before the first game, and the
** engine's news from 'poll'.
*/
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fe_common.h"

/* Version 1's slots are called directly; newer ones only after DR_HOST_HAS. */
int fe_host_usable(const dr_host *h, char *why, size_t len) {
  if (h->abi_version >= 1 && h->size >= offsetof(dr_host, engine_stop) + sizeof h->engine_stop) return 0;
  snprintf(why, len, "%s", "the runtime's host table is older than this front end");
  return -1;
}

void fe_init(fe_state *f, const dr_host *h, dr_session *s) {
  memset(f, 0, sizeof *f);
  f->h = h;
  f->s = s;
  f->cursor = -1;
  f->caught_plies = -1;
  f->review = -1;
  const char *numbers = fe_preference(f, "numbers");
  f->numbers = numbers && strcmp(numbers, "on") == 0;
}

void fe_say(fe_state *f, int error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->msg, sizeof f->msg, fmt, ap);
  va_end(ap);
  f->msg_is_error = error;
}

void fe_status(fe_state *f, dr_status *st) {
  DR_INIT(*st);
  if (f->h->has_game(f->s)) f->h->status(f->s, st);
}

/* Nothing is selected or marked while the game is looked back at. */
void fe_input(fe_state *f, dr_input *in) {
  DR_INIT(*in);
  in->from = in->at = -1;
  if (f->h->has_game(f->s) && !fe_reviewing(f)) f->h->input(f->s, in);
}

void fe_variant(fe_state *f, int index, dr_variant_info *info) {
  DR_INIT(*info);
  f->h->variant_info(f->s, index, info);
}

int fe_variant_index(fe_state *f, const char *name) {
  dr_variant_info info;
  for (int i = 0; name && i < f->h->variant_count(f->s); i++) {
    fe_variant(f, i, &info);
    if (strcmp(info.name, name) == 0) return i;
  }
  return -1;
}

/* "The computer played c3-d4.", or online "Black played c3-d4." */
static void say_move(fe_state *f) {
  dr_status st;
  char text[128];
  fe_status(f, &st);
  int mover = (st.turn ^ 1) & 1;
  if (f->h->move_at(f->s, st.plies - 1, NULL, text, sizeof text) != 0) return;
  if (st.player[mover] == DR_PLAYER_COMPUTER) fe_say(f, 0, "The computer played %s.", text);
  else fe_say(f, 0, "%s played %s.", fe_side_title(f, mover), text);
}

int fe_poll(fe_state *f) {
  DR_INIT(f->eng);
  int events = f->h->poll(f->s, &f->eng);
  fe_online_news(f, events);
  if (events & DR_EVENT_MOVED) say_move(f);
  if (events & DR_EVENT_FAILED) {
    if (!f->h->has_game(f->s) && f->view == FE_VIEW_GAME) fe_menu_open(f); /* an online request failed */
    fe_say(f, 1, "%s", f->h->error(f->s));
  }
  return events;
}

const char *fe_preference(fe_state *f, const char *name) {
  return DR_HOST_HAS(f->h, preference) ? f->h->preference(f->s, name) : NULL;
}

int fe_numbered(fe_state *f) {
  const dr_geometry *g = f->h->has_game(f->s) ? f->h->geometry(f->s) : NULL;
  for (int p = 0; g && p < DR_MAX_POINTS; p++)
    if ((g->points >> p & 1) && g->point[p].number) return 1;
  return 0;
}

/* "c3-d4", or "c3-d4, or a capture: b4xd6" when the position has both: the variant's own
** moves, not another board's. */
void fe_move_example(fe_state *f, char *out, size_t len) {
  const dr_move *moves;
  int n = f->h->has_game(f->s) ? f->h->legal_moves(f->s, &moves) : 0, plain = -1, capture = -1;
  char a[64] = "", b[64] = "";
  for (int i = 0; i < n; i++) {
    if (moves[i].captured && capture < 0) capture = i;
    if (!moves[i].captured && plain < 0) plain = i;
  }
  if (plain >= 0) f->h->move_text(f->s, &moves[plain], a, sizeof a);
  if (capture >= 0) f->h->move_text(f->s, &moves[capture], b, sizeof b);
  if (*a && *b) snprintf(out, len, "%s, or a capture: %s", a, b);
  else snprintf(out, len, "%s", *a ? a : b);
}

/* game.pdn in the user's data directory ($XDG_DATA_HOME/draughts, by default
** ~/.local/share/draughts), made when first needed: every front end saves there, beside
** the score store. */
void fe_default_file(fe_state *f, char *out, size_t len) {
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  char dir[512];
  (void)f;
  if (xdg && *xdg == '/') snprintf(dir, sizeof dir, "%s/draughts", xdg);
  else if (home && *home) snprintf(dir, sizeof dir, "%s/.local/share/draughts", home);
  else snprintf(dir, sizeof dir, ".");
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') *p = '\0', mkdir(dir, 0700), *p = '/';
  mkdir(dir, 0700);
  snprintf(out, len, "%s/game.pdn", dir);
}

/* Only when the person plays Black alone: two people, or none, keep White below. */
int fe_flip_for(const int player[2]) {
  return player[DR_WHITE] != DR_PLAYER_HUMAN && player[DR_BLACK] == DR_PLAYER_HUMAN;
}

/* The user's character set, or UTF-8 whatever it is when 'utf8' is set (a window's
** title is UTF-8 text); numbers keep the C locale, which the runtime's notation and
** scripts rely on, so only the character set changes. */
char *fe_locale_ctype(int utf8) {
  char *old = strdup(setlocale(LC_CTYPE, NULL));
  if ((!setlocale(LC_CTYPE, "") || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) && utf8) setlocale(LC_CTYPE, "C.UTF-8");
  return old;
}

void fe_locale_restore(char *old) {
  if (old) setlocale(LC_CTYPE, old);
  free(old);
}
