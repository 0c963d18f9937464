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

/* " — beats Expert" for a score that reaches a mark, else "". */
const char *fe_mark_text(const char *mark, char *out, size_t len) {
  if (mark && *mark) snprintf(out, len, " \xe2\x80\x94 beats %s", mark); /* an em dash */
  else if (len) *out = '\0';
  return out;
}

void fe_best_text(int best, char *out, size_t len) {
  if (best > 0) snprintf(out, len, "%d", best);
  else snprintf(out, len, "-");
}

static void say_result(fe_state *f, const dr_scoring *sc) {
  char mark[48];
  fe_mark_text(sc->mark, mark, sizeof mark);
  if (sc->outcome == DR_SCORE_WIN && sc->new_record)
    fe_say(f, 0, "You win: %d points%s, a new record! Streak %d.", sc->points, mark, sc->streak);
  else if (sc->outcome == DR_SCORE_WIN)
    fe_say(f, 0, "You win: %d points%s%s. Streak %d.", sc->points, mark, sc->ranked ? "" : " (not for the records)",
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
  char best[16], mark[48];
  fe_scoring(f, &sc);
  if (!sc.saved) return 0;
  fe_best_text(sc.best_streak, best, sizeof best);
  snprintf(lines[0], 128, "%s: streak %d, best %s", sc.nickname, sc.streak, best);
  if (sc.finished)
    snprintf(lines[1], 128, "Scored %d%s%s", sc.points, fe_mark_text(sc.mark, mark, sizeof mark),
             sc.new_record ? ": a new record!" : "");
  else if (!sc.ranked) snprintf(lines[1], 128, "Not for the records: %s", sc.unranked_why);
  else if (sc.record) snprintf(lines[1], 128, "Record to beat: %d", sc.record);
  else snprintf(lines[1], 128, "No record at this level yet");
  return 2;
}

/* The screen opens on the game being played, under its rules. */
void fe_scores_open(fe_state *f) {
  dr_status st;
  dr_variant_info info;
  fe_status(f, &st);
  int variant = fe_variant_index(f, st.variant);
  f->view = FE_VIEW_SCORES;
  f->scores.top = 0;
  if (variant < 0) return;
  f->scores.variant = variant;
  f->scores.preset = 0;
  fe_variant(f, variant, &info);
  for (int k = 0; k < info.npresets; k++)
    if (strcmp(info.preset[k], st.rules) == 0) f->scores.preset = k;
}

/* Each rules of each game in turn: official and casual are different games. */
void fe_scores_turn(fe_state *f, int delta) {
  dr_variant_info info;
  int n = f->h->variant_count(f->s);
  if (n == 0) return;
  fe_variant(f, f->scores.variant, &info);
  f->scores.preset += delta;
  if (f->scores.preset < 0 || f->scores.preset >= (info.npresets ? info.npresets : 1)) {
    f->scores.variant = ((f->scores.variant + delta) % n + n) % n;
    fe_variant(f, f->scores.variant, &info);
    f->scores.preset = delta > 0 ? 0 : (info.npresets ? info.npresets - 1 : 0);
  }
  f->scores.top = 0;
}

const char *fe_scores_rules(fe_state *f, const dr_variant_info *info) {
  return f->scores.preset < info->npresets ? info->preset[f->scores.preset] : "";
}

int fe_rules_kept(const fe_state *f) { return DR_HOST_HAS(f->h, friend_streak); }

/* The scores screen's record and streak: per rules where the host keeps them so. */
int fe_record(fe_state *f, const char *friend_nick, const char *variant, const char *rules, int level,
              dr_score *out) {
  DR_INIT(*out);
  if (!fe_rules_kept(f)) return friend_nick ? 0 : f->h->score_record(f->s, variant, level, out);
  if (friend_nick) return f->h->friend_record(f->s, friend_nick, variant, rules, level, out);
  return f->h->rules_record(f->s, variant, rules, level, out);
}

int fe_streak(fe_state *f, const char *friend_nick, const char *variant, const char *rules, dr_streak *out) {
  DR_INIT(*out);
  if (!fe_rules_kept(f)) return friend_nick ? -1 : f->h->streak(f->s, variant, out);
  if (friend_nick) return f->h->friend_streak(f->s, friend_nick, variant, rules, out);
  return f->h->rules_streak(f->s, variant, rules, out);
}

int fe_friends(fe_state *f, char names[][64], int max) {
  int n = 0;
  while (fe_rules_kept(f) && n < max && f->h->friend_at(f->s, n, names[n], 64) == 0) n++;
  return n;
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
