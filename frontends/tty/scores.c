/*
** scores.c — the player's scores in the terminal: the streak and the record to beat
** beside the board, and the scores screen ('p'): per game, the marks, the records per
** level and the recent games.  What is said and which game is shown are common to the
** front ends (frontends/common/scores.c).  Everything comes from the host's version-2
** slots; against an older runtime the screen says it keeps no scores.
*/
#include <curses.h>

#include "tty.h"

int scores_panel(ui *u, int y, int x, int w) {
  char lines[2][128];
  int n = fe_scores_lines(&u->fe, lines);
  for (int i = 0; i < n; i++) tty_put(y++, x, w, 0, "%s", lines[i]);
  return y;
}

/* ------------------------------------------------------------- the screen */

static int draw_heading(ui *u, const dr_scoring *sc, const dr_variant_info *info, int y) {
  dr_streak streak;
  dr_score_marks marks;
  DR_INIT(streak);
  DR_INIT(marks);
  tty_put(y++, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores of %s: %s", sc->nickname, info->title);
  if (u->fe.h->streak(u->fe.s, info->name, &streak) == 0)
    tty_put(y++, 1, COLS - 2, 0, "Streak %d   Best %d   (at the streak level the computer plays level %d)",
            streak.current, streak.best, streak.level);
  if (u->fe.h->score_marks(u->fe.s, info->name, &marks) == 0)
    tty_put(y++, 1, COLS - 2, 0, "Marks to beat:  Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert,
            marks.junior);
  return y + 1;
}

static int draw_records(ui *u, const dr_variant_info *info, int y) {
  tty_put(y++, 1, COLS - 2, A_BOLD, "Level  Record  Pieces  Moves  Date");
  for (int level = 1; level <= u->fe.h->levels(u->fe.s); level++) {
    dr_score r;
    char date[32];
    DR_INIT(r);
    if (u->fe.h->score_record(u->fe.s, info->name, level, &r) != 1) {
      tty_put(y++, 1, COLS - 2, 0, "%5d  %6s", level, "-");
      continue;
    }
    fe_date_text(r.when, date, sizeof date);
    tty_put(y++, 1, COLS - 2, 0, "%5d  %6d  %6d  %5d  %.10s", level, r.points, r.pieces, r.moves, date);
  }
  return y + 1;
}

/* The recent games of the variant, from the top one shown, as far as the screen goes. */
static void draw_history(ui *u, const dr_variant_info *info, int y) {
  int top = u->fe.scores.top, shown = 0;
  tty_put(y++, 1, COLS - 2, A_BOLD, "Recent games");
  for (int i = top; y < LINES - 1 && i < FE_HISTORY_ROWS; i++, shown++) {
    dr_score g;
    char date[32];
    DR_INIT(g);
    if (u->fe.h->score_history(u->fe.s, info->name, i, &g) != 1) break;
    fe_date_text(g.when, date, sizeof date);
    tty_put(y++, 1, COLS - 2, 0, "%s  level %d%s  %-4s %5d  %s", date, g.level, g.streak_level ? "s" : " ",
            fe_outcome_word(g.outcome), g.points, g.note);
  }
  if (shown == 0) tty_put(y, 1, COLS - 2, 0, "%s", top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  dr_variant_info info;
  fe_scoring(&u->fe, &sc);
  tty_put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%s",
          "Left/Right: another game   Up/Down: scroll the games   q, Esc or p: back");
  if (!fe_scores_kept(&u->fe) || !*sc.nickname) {
    tty_put(1, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores");
    tty_put(3, 1, COLS - 2, 0, "%s", *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  fe_variant(&u->fe, u->fe.scores.variant, &info);
  int y = draw_heading(u, &sc, &info, 0);
  y = draw_records(u, &info, y);
  draw_history(u, &info, y);
}

void scores_key(ui *u, int ch) {
  fe_state *f = &u->fe;
  switch (ch) {
  case KEY_LEFT: fe_scores_turn(f, -1); break;
  case KEY_RIGHT: fe_scores_turn(f, 1); break;
  case KEY_UP: fe_scores_scroll(f, -1); break;
  case KEY_DOWN: fe_scores_scroll(f, 1); break;
  case 'q': case 'Q': case 'p': case 'P': case FE_KEY_ESC: case '\r': case '\n': fe_scores_close(f); break;
  default: break;
  }
}
