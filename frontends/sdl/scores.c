/*
** scores.c — the scores screen ('p') in the window: per game, the streak, the marks to
** beat, the records per level and the recent games.  What is said about scores, the
** player's lines in the panel and which game is shown are common to the front ends
** (frontends/common/scores.c).  Everything comes from the host's version-2 slots;
** against an older runtime the screen says it keeps no scores.
*/
#include <stdio.h>

#include "gui.h"

#define KEY_LESS 0x20001 /* the arrows beside the game's name */
#define KEY_MORE 0x20002

typedef struct sheet {
  int x, y, w, h; /* left edge, next line, width, line height */
} sheet;

static void say(ui *u, sheet *s, int font, rgba col, const char *text) {
  text_draw(u, font, col, s->x, s->y, text);
  s->y += text_height(u, font);
}

/* The game's name between two arrows to click, as in the menu. */
static void draw_title(ui *u, sheet *s, const dr_scoring *sc, const dr_variant_info *info) {
  char line[160];
  snprintf(line, sizeof line, "Scores of %s", sc->nickname);
  say(u, s, FONT_TITLE, COL_HEAD, line);
  int arrow = text_width(u, FONT_BOLD, "<") + s->h, x = s->x;
  text_draw(u, FONT_BOLD, COL_HEAD, x, s->y, "<");
  gui_button(u, (SDL_Rect){x - s->h / 2, s->y, arrow, s->h}, KEY_LESS);
  x += arrow;
  x += text_draw(u, FONT_BOLD, COL_TEXT, x, s->y, info->title) + s->h / 2;
  text_draw(u, FONT_BOLD, COL_HEAD, x, s->y, ">");
  gui_button(u, (SDL_Rect){x - s->h / 2, s->y, arrow, s->h}, KEY_MORE);
  s->y += s->h * 3 / 2;
}

static void draw_streak_and_marks(ui *u, sheet *s, const dr_variant_info *info) {
  dr_streak streak;
  dr_score_marks marks;
  char line[256];
  DR_INIT(streak);
  DR_INIT(marks);
  if (u->fe.h->streak(u->fe.s, info->name, &streak) == 0) {
    snprintf(line, sizeof line, "Streak %d   Best %d   (at the streak level the computer plays level %d)",
             streak.current, streak.best, streak.level);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  if (u->fe.h->score_marks(u->fe.s, info->name, &marks) == 0) {
    snprintf(line, sizeof line, "Marks to beat:   Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert,
             marks.junior);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  s->y += s->h / 2;
}

/* Cells of a table row at fixed columns: 'col' holds each column's left edge. */
static void row(ui *u, sheet *s, int font, rgba col, const int *at, int n, char cells[][64]) {
  for (int i = 0; i < n; i++) text_draw(u, font, col, s->x + at[i], s->y, cells[i]);
  s->y += text_height(u, font);
}

static void draw_records(ui *u, sheet *s, const dr_variant_info *info) {
  int em = text_width(u, FONT_TEXT, "0"), at[5] = {0, 7 * em, 15 * em, 23 * em, 31 * em};
  char cells[5][64] = {"Level", "Record", "Pieces", "Moves", "Date"};
  say(u, s, FONT_BOLD, COL_HEAD, "Records");
  row(u, s, FONT_BOLD, COL_DIM, at, 5, cells);
  for (int level = 1; level <= u->fe.h->levels(u->fe.s); level++) {
    dr_score r;
    DR_INIT(r);
    snprintf(cells[0], 64, "%d", level);
    if (u->fe.h->score_record(u->fe.s, info->name, level, &r) != 1) {
      snprintf(cells[1], 64, "-");
      row(u, s, FONT_TEXT, COL_DIM, at, 2, cells);
      continue;
    }
    snprintf(cells[1], 64, "%d", r.points);
    snprintf(cells[2], 64, "%d", r.pieces);
    snprintf(cells[3], 64, "%d", r.moves);
    fe_date_text(r.when, cells[4], 64);
    row(u, s, FONT_TEXT, COL_TEXT, at, 5, cells);
  }
  s->y += s->h / 2;
}

/* The recent games of the variant, from the top one shown, as far as the window goes. */
static void draw_history(ui *u, sheet *s, const dr_variant_info *info, int bottom) {
  int em = text_width(u, FONT_TEXT, "0"), at[5] = {0, 18 * em, 26 * em, 32 * em, 39 * em}, shown = 0;
  int top = u->fe.scores.top;
  say(u, s, FONT_BOLD, COL_HEAD, "Recent games");
  for (int i = top; s->y + s->h <= bottom && i < FE_HISTORY_ROWS; i++, shown++) {
    dr_score g;
    char cells[5][64];
    DR_INIT(g);
    if (u->fe.h->score_history(u->fe.s, info->name, i, &g) != 1) break;
    fe_date_text(g.when, cells[0], 64);
    snprintf(cells[1], 64, "level %d%s", g.level, g.streak_level ? " (streak)" : "");
    snprintf(cells[2], 64, "%s", fe_outcome_word(g.outcome));
    snprintf(cells[3], 64, "%d", g.points);
    snprintf(cells[4], 64, "%s", g.note);
    row(u, s, FONT_TEXT, g.outcome == DR_SCORE_WIN ? COL_TEXT : COL_DIM, at, 5, cells);
  }
  if (shown == 0) say(u, s, FONT_TEXT, COL_DIM, top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  dr_variant_info info;
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT);
  sheet s = {2 * h, 2 * h, W - 4 * h, h};
  const char *keys = "Left/Right: another game    Up/Down, wheel: scroll the games    Esc, Q or P: back";
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 3 * h / 2, keys);
  fe_scoring(&u->fe, &sc);
  if (!fe_scores_kept(&u->fe) || !*sc.nickname) {
    say(u, &s, FONT_TITLE, COL_HEAD, "Scores");
    say(u, &s, FONT_TEXT, COL_TEXT, *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  fe_variant(&u->fe, u->fe.scores.variant, &info);
  draw_title(u, &s, &sc, &info);
  draw_streak_and_marks(u, &s, &info);
  draw_records(u, &s, &info);
  draw_history(u, &s, &info, H - 2 * h);
}

static void key(fe_state *f, SDL_Keycode sym) {
  switch (sym) {
  case SDLK_LEFT: fe_scores_turn(f, -1); break;
  case SDLK_RIGHT: fe_scores_turn(f, 1); break;
  case SDLK_UP: fe_scores_scroll(f, -1); break;
  case SDLK_DOWN: fe_scores_scroll(f, 1); break;
  case SDLK_ESCAPE: case SDLK_q: case SDLK_p: case SDLK_RETURN: fe_scores_close(f); break;
  default: break;
  }
}

void scores_event(ui *u, const SDL_Event *ev) {
  if (ev->type == SDL_KEYDOWN) {
    key(&u->fe, ev->key.keysym.sym);
  } else if (ev->type == SDL_MOUSEWHEEL) {
    fe_scores_scroll(&u->fe, -3 * ev->wheel.y);
  } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
    int k = gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale));
    if (k == KEY_LESS || k == KEY_MORE) fe_scores_turn(&u->fe, k == KEY_LESS ? -1 : 1);
  }
}
