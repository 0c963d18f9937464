/*
** friends.c — friends on a server as every front end offers them, through the host's
** version-5 slots: the menu's Friends line (the server, typed on it), and on the scores
** screen an invitation to give a friend (its code, its link, until when it works) and a
** friend's code typed to accept it.  The session talks to the server on its own thread:
** a request is asked for here and its answer read when 'poll' says it came.
*/
#include <stdio.h>
#include <string.h>

#include "fe_common.h"

int fe_friends_kept(const fe_state *f) { return DR_HOST_HAS(f->h, friends); }

void fe_friends_state(fe_state *f, dr_friends *out) {
  DR_INIT(*out);
  if (fe_friends_kept(f)) f->h->friends(f->s, out);
}

int fe_friends_busy(fe_state *f) {
  dr_friends fr;
  fe_friends_state(f, &fr);
  return fr.busy;
}

/* ------------------------------------------------------ the menu's line */

void fe_friends_form_open(fe_state *f) {
  dr_friends fr;
  fe_friends_state(f, &fr);
  snprintf(f->form.server, sizeof f->form.server, "%s", fr.server);
}

/* The server typed on the Friends line becomes the store's, when it changed. */
int fe_friends_form_apply(fe_state *f) {
  dr_friends fr;
  fe_friends_state(f, &fr);
  if (!fe_friends_kept(f) || strcmp(fr.server, f->form.server) == 0) return 0;
  if (f->h->friends_set_server(f->s, f->form.server)) {
    fe_say(f, 1, "%s", f->h->error(f->s));
    snprintf(f->form.server, sizeof f->form.server, "%s", fr.server);
    return -1;
  }
  if (*f->form.server) fe_say(f, 0, "Friends are on %s: your bests go there after each game.", f->form.server);
  else fe_say(f, 0, "%s", "No friends server: your bests stay on this computer.");
  return 0;
}

const char *fe_friends_form_value(fe_state *f) {
  return *f->form.server ? f->form.server : "none (type a server's HOST:PORT)";
}

/* ------------------------------------------------ the scores screen's */

/* What the scores screen says of a request refused before it went ("" to clear it). */
static int say(fe_state *f, const char *text) {
  snprintf(f->friend_msg, sizeof f->friend_msg, "%s", text);
  return *text ? -1 : 0;
}

int fe_friends_invite(fe_state *f) {
  if (!fe_friends_kept(f)) return say(f, "This runtime has no friends server.");
  return say(f, f->h->friends_invite(f->s) ? f->h->error(f->s) : "");
}

void fe_friends_code_open(fe_state *f) {
  if (!fe_friends_kept(f)) {
    say(f, "This runtime has no friends server.");
    return;
  }
  f->friend_code_typing = 1;
  f->friend_code[0] = '\0';
  say(f, "");
}

char *fe_friends_code_field(fe_state *f, size_t *size) {
  *size = sizeof f->friend_code;
  return f->view == FE_VIEW_SCORES && f->friend_code_typing ? f->friend_code : NULL;
}

void fe_friends_code_close(fe_state *f) { f->friend_code_typing = 0; }

int fe_friends_code_send(fe_state *f) {
  f->friend_code_typing = 0;
  return say(f, f->h->friends_accept(f->s, f->friend_code) ? f->h->error(f->s) : "");
}

/* What the scores screen says of friends, one line each: the code being typed, the
** request on its way, the invitation, the outcome, or how to make one. */
int fe_friends_lines(fe_state *f, char lines[][256], int max) {
  dr_friends fr;
  char until[32];
  int n = 0;
  if (!fe_friends_kept(f) || max < FE_FRIENDS_LINES) return 0;
  fe_friends_state(f, &fr);
  if (f->friend_code_typing)
    snprintf(lines[n++], 256, "Your friend's code: %s_   (Enter: accept it, Esc: never mind)", f->friend_code);
  else if (fr.busy)
    snprintf(lines[n++], 256, "%s %s...",
             fr.asked == DR_FRIENDS_INVITE ? "Asking for an invitation on" : "Accepting the code on", fr.server);
  else if (fr.asked == DR_FRIENDS_INVITE && !fr.failed) {
    fe_date_text(fr.expires, until, sizeof until);
    snprintf(lines[n++], 256, "Invitation code: %s (one use, until %s)", fr.code, until);
    snprintf(lines[n++], 256, "Your friend types: draughts friends accept %s --server %s", fr.code, fr.server);
    snprintf(lines[n++], 256, "or opens: %s", fr.link);
  } else if (fr.asked && *fr.notice) {
    snprintf(lines[n++], 256, "%s", fr.notice);
  }
  if (*f->friend_msg && n < max) snprintf(lines[n++], 256, "%s", f->friend_msg);
  return n;
}

/* The line at the foot of the scores screen, with the keys for friends. */
const char *fe_friends_keys(fe_state *f) {
  return fe_friends_kept(f) ? "i: invite a friend  a: accept a code  " : "";
}
