/*
** session.c — a front end's hold on the session: the host table checked once, the
** message line, the status and input read safely before the first game, and the
** engine's news from 'poll'.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void fe_input(fe_state *f, dr_input *in) {
  DR_INIT(*in);
  in->from = in->at = -1;
  if (f->h->has_game(f->s)) f->h->input(f->s, in);
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
  else fe_say(f, 0, "%s played %s.", fe_side_title(mover), text);
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

/* Only when the person plays Black alone: two people, or none, keep White below. */
int fe_flip_for(const int player[2]) {
  return player[DR_WHITE] != DR_PLAYER_HUMAN && player[DR_BLACK] == DR_PLAYER_HUMAN;
}
