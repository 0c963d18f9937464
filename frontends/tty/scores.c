/*
** scores.c — the player's scores in the terminal: the streak and the record to beat
** beside the board, a word when a result is saved, and the scores screen ('p'): per
** game, the marks, the records per level and the recent games.  Everything comes from
** the host's version-2 slots; against an older runtime the screen says it keeps no
** scores and nothing else changes.
*/
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tty.h"

#define KEY_ESC 27
#define HISTORY_ROWS 50

static const char *const outcome_word[3] = {"loss", "draw", "win"};

static void put(int y, int x, int width, int attr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void put(int y, int x, int width, int attr, const char *fmt, ...) {
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (width <= 0 || y < 0 || y >= LINES) return;
  attron(attr);
  mvaddnstr(y, x, line, width);
  attroff(attr);
}

int scores_kept(const ui *u) { return DR_HOST_HAS(u->h, score_pdn); }

void scores_status(ui *u, dr_scoring *out) {
  DR_INIT(*out);
  if (scores_kept(u)) u->h->scoring(u->s, out);
}

/* ------------------------------------------------------------ during play */

static void say_result(ui *u, const dr_scoring *sc) {
  if (sc->outcome == DR_SCORE_WIN && sc->new_record)
    tty_say(u, 0, "You win: %d points, a new record! Streak %d.", sc->points, sc->streak);
  else if (sc->outcome == DR_SCORE_WIN)
    tty_say(u, 0, "You win: %d points%s. Streak %d.", sc->points, sc->ranked ? "" : " (not for the records)",
            sc->streak);
  else
    tty_say(u, 0, "%s: no points, and the streak starts again.", sc->outcome == DR_SCORE_DRAW ? "A draw" : "You lose");
}

void scores_watch(ui *u) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (*sc.notice && strcmp(sc.notice, u->seen_notice) != 0) tty_say(u, 1, "%s", sc.notice);
  snprintf(u->seen_notice, sizeof u->seen_notice, "%s", sc.notice);
  if (sc.finished && !u->seen_finished) say_result(u, &sc);
  u->seen_finished = sc.finished;
}

int scores_panel(ui *u, int y, int x, int w) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (!sc.saved) return y;
  put(y++, x, w, 0, "%s: streak %d, best %d", sc.nickname, sc.streak, sc.best_streak);
  if (sc.finished) put(y++, x, w, 0, "Scored %d%s", sc.points, sc.new_record ? ": a new record!" : "");
  else if (!sc.ranked) put(y++, x, w, 0, "Not for the records: %s", sc.unranked_why);
  else if (sc.record) put(y++, x, w, 0, "Record to beat: %d", sc.record);
  else put(y++, x, w, 0, "No record at this level yet");
  return y;
}

/* ------------------------------------------------------------- the screen */

static void variant_of(ui *u, int index, dr_variant_info *info) {
  DR_INIT(*info);
  u->h->variant_info(u->s, index, info);
}

void scores_open(ui *u) {
  dr_status st;
  dr_variant_info info;
  DR_INIT(st);
  u->h->status(u->s, &st);
  u->view = VIEW_SCORES;
  u->scores_top = 0;
  for (int i = 0; i < u->h->variant_count(u->s); i++) {
    variant_of(u, i, &info);
    if (strcmp(info.name, st.variant) == 0) u->scores_variant = i;
  }
}

static int draw_heading(ui *u, const dr_scoring *sc, const dr_variant_info *info, int y) {
  dr_streak streak;
  dr_score_marks marks;
  DR_INIT(streak);
  DR_INIT(marks);
  put(y++, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores of %s: %s", sc->nickname, info->title);
  if (u->h->streak(u->s, info->name, &streak) == 0)
    put(y++, 1, COLS - 2, 0, "Streak %d   Best %d   (at the streak level the computer plays level %d)", streak.current,
        streak.best, streak.level);
  if (u->h->score_marks(u->s, info->name, &marks) == 0)
    put(y++, 1, COLS - 2, 0, "Marks to beat:  Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert, marks.junior);
  return y + 1;
}

static void date_text(int64_t when, char *out, size_t len) {
  time_t t = (time_t)when;
  strftime(out, len, "%Y-%m-%d %H:%M", localtime(&t));
}

static int draw_records(ui *u, const dr_variant_info *info, int y) {
  put(y++, 1, COLS - 2, A_BOLD, "Level  Record  Pieces  Moves  Date");
  for (int level = 1; level <= u->h->levels(u->s); level++) {
    dr_score r;
    char date[32];
    DR_INIT(r);
    if (u->h->score_record(u->s, info->name, level, &r) != 1) {
      put(y++, 1, COLS - 2, 0, "%5d  %6s", level, "-");
      continue;
    }
    date_text(r.when, date, sizeof date);
    put(y++, 1, COLS - 2, 0, "%5d  %6d  %6d  %5d  %.10s", level, r.points, r.pieces, r.moves, date);
  }
  return y + 1;
}

/* The recent games of the variant, from 'scores_top', as far as the screen goes. */
static void draw_history(ui *u, const dr_variant_info *info, int y) {
  put(y++, 1, COLS - 2, A_BOLD, "Recent games");
  int shown = 0;
  for (int i = u->scores_top; y < LINES - 1 && i < HISTORY_ROWS; i++, shown++) {
    dr_score g;
    char date[32];
    DR_INIT(g);
    if (u->h->score_history(u->s, info->name, i, &g) != 1) break;
    date_text(g.when, date, sizeof date);
    put(y++, 1, COLS - 2, 0, "%s  level %d%s  %-4s %5d  %s", date, g.level, g.streak_level ? "s" : " ",
        outcome_word[g.outcome + 1], g.points, g.note);
  }
  if (shown == 0) put(y, 1, COLS - 2, 0, "%s", u->scores_top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  dr_variant_info info;
  scores_status(u, &sc);
  put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%s",
      "Left/Right: another game   Up/Down: scroll the games   q, Esc or p: back");
  if (!scores_kept(u) || !*sc.nickname) {
    put(1, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores");
    put(3, 1, COLS - 2, 0, "%s", *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  variant_of(u, u->scores_variant, &info);
  int y = draw_heading(u, &sc, &info, 0);
  y = draw_records(u, &info, y);
  draw_history(u, &info, y);
}

void scores_key(ui *u, int ch) {
  int n = u->h->variant_count(u->s);
  switch (ch) {
  case KEY_LEFT: u->scores_variant = n ? (u->scores_variant + n - 1) % n : 0, u->scores_top = 0; break;
  case KEY_RIGHT: u->scores_variant = n ? (u->scores_variant + 1) % n : 0, u->scores_top = 0; break;
  case KEY_UP: if (u->scores_top > 0) u->scores_top--; break;
  case KEY_DOWN: if (u->scores_top < HISTORY_ROWS - 1) u->scores_top++; break;
  case 'q': case 'Q': case 'p': case 'P': case KEY_ESC: case '\r': case '\n':
    u->view = u->h->has_game(u->s) ? VIEW_GAME : VIEW_MENU;
    break;
  default: break;
  }
}
