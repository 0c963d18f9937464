/*
** scores.c — the player's scores in the terminal: the streak and the record to beat
** beside the board, and the scores screen ('p'): per game, the marks, the records per
** level and the recent games; friends' bests beside one's own, and with a friends server
** an invitation to give a friend ('i') and a friend's code to accept ('a').  What is said
** and which game is shown are common to the front ends (frontends/common/scores.c,
** friends.c).  Everything comes from the host's version-2 slots; against an older
** runtime the screen says it keeps no scores.
*/
#include <curses.h>
#include <stdio.h>

#include "tty.h"

int scores_panel(ui *u, int y, int x, int w) {
  char lines[2][128];
  int n = fe_scores_lines(&u->fe, lines);
  for (int i = 0; i < n; i++) y = tty_para(y, x, w, 2, 0, lines[i]);
  return y;
}

/* ------------------------------------------------------------- the screen */

#define MAX_FRIENDS 3 /* friends' columns side by side */

typedef struct sheet {
  dr_variant_info info;
  const char *rules;
  int nfriends;
  char friends[MAX_FRIENDS][64];
} sheet;

static int draw_streaks(ui *u, const sheet *sh, int y) {
  dr_streak st;
  char best[16];
  if (fe_streak(&u->fe, NULL, sh->info.name, sh->rules, &st) == 0) {
    fe_best_text(st.best, best, sizeof best);
    tty_put(y++, 1, COLS - 2, 0, "Streak %d   Best %s   (the streak level makes the computer play level %d)",
            st.current, best, st.level);
  }
  for (int i = 0; i < sh->nfriends; i++)
    if (fe_streak(&u->fe, sh->friends[i], sh->info.name, sh->rules, &st) == 0 && (st.current || st.best)) {
      fe_best_text(st.best, best, sizeof best);
      tty_put(y++, 1, COLS - 2, 0, "%s: streak %d, best %s", sh->friends[i], st.current, best);
    }
  return y;
}

static int draw_heading(ui *u, const dr_scoring *sc, const sheet *sh, int y) {
  dr_score_marks marks;
  DR_INIT(marks);
  tty_put(y++, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores of %s: %s%s%s%s", sc->nickname, sh->info.title,
          *sh->rules ? ", " : "", sh->rules, *sh->rules ? " rules" : "");
  y = draw_streaks(u, sh, y);
  if (u->fe.h->score_marks(u->fe.s, sh->info.name, &marks) == 0)
    tty_put(y++, 1, COLS - 2, 0, "Marks to beat:  Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert,
            marks.junior);
  return y + 1;
}

/* A friend's record at a level, as a cell: its points, or "-". */
static void friend_cell(ui *u, const sheet *sh, int i, int level, char *out, size_t len) {
  dr_score r;
  if (fe_record(&u->fe, sh->friends[i], sh->info.name, sh->rules, level, &r) == 1) snprintf(out, len, "%d", r.points);
  else snprintf(out, len, "-");
}

static void draw_level(ui *u, const sheet *sh, int level, int y) {
  dr_score r;
  char date[32], line[256], cell[16];
  int n;
  if (fe_record(&u->fe, NULL, sh->info.name, sh->rules, level, &r) == 1) {
    fe_date_text(r.when, date, sizeof date);
    n = snprintf(line, sizeof line, "%5d  %6d  %-7s %6d  %5d  %.10s", level, r.points, *r.mark ? r.mark : "-",
                 r.pieces, r.moves, date);
  } else {
    n = snprintf(line, sizeof line, "%5d  %6s  %-7s %6s  %5s  %10s", level, "-", "", "", "", "");
  }
  for (int i = 0; i < sh->nfriends && n < (int)sizeof line; i++) {
    friend_cell(u, sh, i, level, cell, sizeof cell);
    n += snprintf(line + n, sizeof line - (size_t)n, "  %-8s", cell);
  }
  tty_put(y, 1, COLS - 2, 0, "%s", line);
}

static int draw_records(ui *u, const sheet *sh, int y) {
  char head[256];
  int n = snprintf(head, sizeof head, "Level  Record  Beats   Pieces  Moves  Date      ");
  for (int i = 0; i < sh->nfriends && n < (int)sizeof head; i++)
    n += snprintf(head + n, sizeof head - (size_t)n, "  %-8.8s", sh->friends[i]);
  tty_put(y++, 1, COLS - 2, A_BOLD, "%s", head);
  for (int level = 1; level <= u->fe.h->levels(u->fe.s); level++) draw_level(u, sh, level, y++);
  return y + 1;
}

/* The word on friends: an invitation, a code typed, an answer. */
static int draw_friends(ui *u, int y) {
  char lines[FE_FRIENDS_LINES][256];
  int n = fe_friends_lines(&u->fe, lines, FE_FRIENDS_LINES);
  for (int i = 0; i < n; i++) y = tty_para(y, 1, COLS - 2, 2, i == 0 ? tty_attr(u, PAIR_TITLE) : 0, lines[i]);
  return n ? y + 1 : y;
}

/* One game of the history; its reason wraps under itself, never cut.  The row after it. */
static int draw_game(const dr_score *g, int y) {
  char date[32], head[128];
  fe_date_text(g->when, date, sizeof date);
  int n = snprintf(head, sizeof head, "%s  %-9s %2d%s %-4s %5d %-7s ", date, g->rules, g->level,
                   g->streak_level ? "s" : " ", fe_outcome_word(g->outcome), g->points, *g->mark ? g->mark : "");
  tty_put(y, 1, COLS - 2, 0, "%s", head);
  return tty_para(y, 1 + n, COLS - 2 - n, LINES - 1 - y, 0, *g->note ? g->note : " ");
}

/* The recent games of the variant, from the top one shown, as far as the screen goes. */
static void draw_history(ui *u, const sheet *sh, int y) {
  int top = u->fe.scores.top, shown = 0;
  tty_put(y++, 1, COLS - 2, A_BOLD, "%s", "Recent games (level 2s: the streak chose level 2)");
  for (int i = top; y < LINES - 1 && i < FE_HISTORY_ROWS; i++, shown++) {
    dr_score g;
    DR_INIT(g);
    if (u->fe.h->score_history(u->fe.s, sh->info.name, i, &g) != 1) break;
    y = draw_game(&g, y);
  }
  if (shown == 0) tty_put(y, 1, COLS - 2, 0, "%s", top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  sheet sh;
  fe_scoring(&u->fe, &sc);
  tty_put(LINES - 1, 0, COLS, tty_attr(u, PAIR_TITLE), "%sLeft/Right: game  Up/Down: scroll  q: back",
          fe_friends_keys(&u->fe));
  if (!fe_scores_kept(&u->fe) || !*sc.nickname) {
    tty_put(1, 1, COLS - 2, tty_attr(u, PAIR_TITLE), "Scores");
    tty_put(3, 1, COLS - 2, 0, "%s", *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  fe_variant(&u->fe, u->fe.scores.variant, &sh.info);
  sh.rules = fe_scores_rules(&u->fe, &sh.info);
  sh.nfriends = fe_friends(&u->fe, sh.friends, MAX_FRIENDS);
  int y = draw_heading(u, &sc, &sh, 0);
  y = draw_friends(u, y);
  y = draw_records(u, &sh, y);
  draw_history(u, &sh, y);
}

/* Typing a friend's code: 1 if the key was for it. */
static int edit_code(ui *u, int ch) {
  size_t size;
  char *code = fe_friends_code_field(&u->fe, &size);
  if (!code) return 0;
  if (ch == '\r' || ch == '\n' || ch == KEY_ENTER) fe_friends_code_send(&u->fe);
  else if (ch == FE_KEY_ESC) fe_friends_code_close(&u->fe);
  else tty_edit(code, size, ch, 0);
  return 1; /* every key goes to the field while it is open */
}

void scores_key(ui *u, int ch) {
  fe_state *f = &u->fe;
  if (edit_code(u, ch)) return;
  switch (ch) {
  case 'i': case 'I': fe_friends_invite(f); break;
  case 'a': case 'A': fe_friends_code_open(f); break;
  case KEY_LEFT: fe_scores_turn(f, -1); break;
  case KEY_RIGHT: fe_scores_turn(f, 1); break;
  case KEY_UP: fe_scores_scroll(f, -1); break;
  case KEY_DOWN: fe_scores_scroll(f, 1); break;
  case 'q': case 'Q': case 'p': case 'P': case FE_KEY_ESC: case '\r': case '\n': fe_scores_close(f); break;
  default: break;
  }
}
