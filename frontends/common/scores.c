/*
** scores.c — the player's scores as every front end tells them: the streak and the
** record to beat beside the board, a word when a notice comes or a result is saved,
** and what the scores screen shows (which game, how far down its recent games).
** Everything comes from the host's version-2 slots; against an older runtime nothing
** is kept and nothing else changes.
*/
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fe_common.h"

int fe_scores_kept(const fe_state *f) { return DR_HOST_HAS(f->h, score_pdn); }

void fe_scoring(fe_state *f, dr_scoring *out) {
  DR_INIT(*out);
  if (fe_scores_kept(f)) f->h->scoring(f->s, out);
}

static void say_result(fe_state *f, const dr_scoring *sc) {
  if (sc->outcome == DR_SCORE_WIN && sc->new_record)
    fe_say(f, 0, "You win: %d points, a new record! Streak %d.", sc->points, sc->streak);
  else if (sc->outcome == DR_SCORE_WIN)
    fe_say(f, 0, "You win: %d points%s. Streak %d.", sc->points, sc->ranked ? "" : " (not for the records)",
           sc->streak);
  else
    fe_say(f, 0, "%s: no points, and the streak starts again.", sc->outcome == DR_SCORE_DRAW ? "A draw" : "You lose");
}

/* Each notice and each result is said once, when it first shows. */
void fe_scores_watch(fe_state *f) {
  dr_scoring sc;
  fe_scores *w = &f->scores;
  fe_scoring(f, &sc);
  if (*sc.notice && strcmp(sc.notice, w->seen_notice) != 0) fe_say(f, 1, "%s", sc.notice);
  snprintf(w->seen_notice, sizeof w->seen_notice, "%s", sc.notice);
  if (sc.finished && !w->seen_finished) say_result(f, &sc);
  w->seen_finished = sc.finished;
}

/* Only a game that is saved has lines: one person against the computer. */
int fe_scores_lines(fe_state *f, char lines[2][128]) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  if (!sc.saved) return 0;
  snprintf(lines[0], 128, "%s: streak %d, best %d", sc.nickname, sc.streak, sc.best_streak);
  if (sc.finished) snprintf(lines[1], 128, "Scored %d%s", sc.points, sc.new_record ? ": a new record!" : "");
  else if (!sc.ranked) snprintf(lines[1], 128, "Not for the records: %s", sc.unranked_why);
  else if (sc.record) snprintf(lines[1], 128, "Record to beat: %d", sc.record);
  else snprintf(lines[1], 128, "No record at this level yet");
  return 2;
}

/* The screen opens on the game being played. */
void fe_scores_open(fe_state *f) {
  dr_status st;
  fe_status(f, &st);
  int variant = fe_variant_index(f, st.variant);
  f->view = FE_VIEW_SCORES;
  f->scores.top = 0;
  if (variant >= 0) f->scores.variant = variant;
}

void fe_scores_turn(fe_state *f, int delta) {
  int n = f->h->variant_count(f->s);
  f->scores.variant = n ? ((f->scores.variant + delta) % n + n) % n : 0;
  f->scores.top = 0;
}

void fe_scores_scroll(fe_state *f, int delta) {
  f->scores.top += delta;
  if (f->scores.top < 0) f->scores.top = 0;
  if (f->scores.top > FE_HISTORY_ROWS - 1) f->scores.top = FE_HISTORY_ROWS - 1;
}

void fe_scores_close(fe_state *f) { f->view = f->h->has_game(f->s) ? FE_VIEW_GAME : FE_VIEW_MENU; }

const char *fe_outcome_word(int outcome) {
  static const char *const word[3] = {"loss", "draw", "win"};
  return word[outcome < 0 ? 0 : outcome > 0 ? 2 : 1];
}

void fe_date_text(int64_t when, char *out, size_t len) {
  time_t t = (time_t)when;
  strftime(out, len, "%Y-%m-%d %H:%M", localtime(&t));
}
