/*
** scores.c — the player's scores in the window: the streak and the record to beat in
** the panel, a word when a result is saved, and the scores screen ('p'): per game,
** the streak, the marks to beat, the records per level and the recent games.
** Everything comes from the host's version-2 slots; against an older runtime the
** screen says it keeps no scores and nothing else changes.
*/
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gui.h"

#define HISTORY_ROWS 50
#define KEY_LESS 0x20001 /* the arrows beside the game's name */
#define KEY_MORE 0x20002

static const char *const outcome_word[3] = {"loss", "draw", "win"};

int scores_kept(const ui *u) { return DR_HOST_HAS(u->h, score_pdn); }

void scores_status(ui *u, dr_scoring *out) {
  DR_INIT(*out);
  if (scores_kept(u)) u->h->scoring(u->s, out);
}

/* ------------------------------------------------------------ during play */

static void say_result(ui *u, const dr_scoring *sc) {
  if (sc->outcome == DR_SCORE_WIN && sc->new_record)
    gui_say(u, 0, "You win: %d points, a new record! Streak %d.", sc->points, sc->streak);
  else if (sc->outcome == DR_SCORE_WIN)
    gui_say(u, 0, "You win: %d points%s. Streak %d.", sc->points, sc->ranked ? "" : " (not for the records)",
            sc->streak);
  else
    gui_say(u, 0, "%s: no points, and the streak starts again.", sc->outcome == DR_SCORE_DRAW ? "A draw" : "You lose");
}

void scores_watch(ui *u) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (*sc.notice && strcmp(sc.notice, u->seen_notice) != 0) gui_say(u, 1, "%s", sc.notice);
  snprintf(u->seen_notice, sizeof u->seen_notice, "%s", sc.notice);
  if (sc.finished && !u->seen_finished) say_result(u, &sc);
  u->seen_finished = sc.finished;
}

/* The panel's lines about the player, when the game is saved; how many. */
int scores_lines(ui *u, char lines[2][128]) {
  dr_scoring sc;
  scores_status(u, &sc);
  if (!sc.saved) return 0;
  snprintf(lines[0], 128, "%s: streak %d, best %d", sc.nickname, sc.streak, sc.best_streak);
  if (sc.finished) snprintf(lines[1], 128, "Scored %d%s", sc.points, sc.new_record ? ": a new record!" : "");
  else if (!sc.ranked) snprintf(lines[1], 128, "Not for the records: %s", sc.unranked_why);
  else if (sc.record) snprintf(lines[1], 128, "Record to beat: %d", sc.record);
  else snprintf(lines[1], 128, "No record at this level yet");
  return 2;
}

/* ------------------------------------------------------------- the screen */

static void variant_of(ui *u, int index, dr_variant_info *info) {
  DR_INIT(*info);
  u->h->variant_info(u->s, index, info);
}

void scores_open(ui *u) {
  dr_status st;
  dr_variant_info info;
  gui_status(u, &st);
  u->view = VIEW_SCORES;
  u->scores_top = 0;
  for (int i = 0; st.variant && i < u->h->variant_count(u->s); i++) {
    variant_of(u, i, &info);
    if (strcmp(info.name, st.variant) == 0) u->scores_variant = i;
  }
}

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
  if (u->h->streak(u->s, info->name, &streak) == 0) {
    snprintf(line, sizeof line, "Streak %d   Best %d   (at the streak level the computer plays level %d)",
             streak.current, streak.best, streak.level);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  if (u->h->score_marks(u->s, info->name, &marks) == 0) {
    snprintf(line, sizeof line, "Marks to beat:   Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert,
             marks.junior);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  s->y += s->h / 2;
}

static void date_text(int64_t when, char *out, size_t len) {
  time_t t = (time_t)when;
  strftime(out, len, "%Y-%m-%d %H:%M", localtime(&t));
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
  for (int level = 1; level <= u->h->levels(u->s); level++) {
    dr_score r;
    DR_INIT(r);
    snprintf(cells[0], 64, "%d", level);
    if (u->h->score_record(u->s, info->name, level, &r) != 1) {
      snprintf(cells[1], 64, "-");
      row(u, s, FONT_TEXT, COL_DIM, at, 2, cells);
      continue;
    }
    snprintf(cells[1], 64, "%d", r.points);
    snprintf(cells[2], 64, "%d", r.pieces);
    snprintf(cells[3], 64, "%d", r.moves);
    date_text(r.when, cells[4], 64);
    row(u, s, FONT_TEXT, COL_TEXT, at, 5, cells);
  }
  s->y += s->h / 2;
}

/* The recent games of the variant, from 'scores_top', as far as the window goes. */
static void draw_history(ui *u, sheet *s, const dr_variant_info *info, int bottom) {
  int em = text_width(u, FONT_TEXT, "0"), at[5] = {0, 18 * em, 26 * em, 32 * em, 39 * em}, shown = 0;
  say(u, s, FONT_BOLD, COL_HEAD, "Recent games");
  for (int i = u->scores_top; s->y + s->h <= bottom && i < HISTORY_ROWS; i++, shown++) {
    dr_score g;
    char cells[5][64];
    DR_INIT(g);
    if (u->h->score_history(u->s, info->name, i, &g) != 1) break;
    date_text(g.when, cells[0], 64);
    snprintf(cells[1], 64, "level %d%s", g.level, g.streak_level ? " (streak)" : "");
    snprintf(cells[2], 64, "%s", outcome_word[g.outcome + 1]);
    snprintf(cells[3], 64, "%d", g.points);
    snprintf(cells[4], 64, "%s", g.note);
    row(u, s, FONT_TEXT, g.outcome == DR_SCORE_WIN ? COL_TEXT : COL_DIM, at, 5, cells);
  }
  if (shown == 0) say(u, s, FONT_TEXT, COL_DIM, u->scores_top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  dr_variant_info info;
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT);
  sheet s = {2 * h, 2 * h, W - 4 * h, h};
  const char *keys = "Left/Right: another game    Up/Down, wheel: scroll the games    Esc, Q or P: back";
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 3 * h / 2, keys);
  DR_INIT(sc);
  if (scores_kept(u)) u->h->scoring(u->s, &sc);
  if (!scores_kept(u) || !*sc.nickname) {
    say(u, &s, FONT_TITLE, COL_HEAD, "Scores");
    say(u, &s, FONT_TEXT, COL_TEXT, *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  variant_of(u, u->scores_variant, &info);
  draw_title(u, &s, &sc, &info);
  draw_streak_and_marks(u, &s, &info);
  draw_records(u, &s, &info);
  draw_history(u, &s, &info, H - 2 * h);
}

static void another_game(ui *u, int delta) {
  int n = u->h->variant_count(u->s);
  u->scores_variant = n ? ((u->scores_variant + delta) % n + n) % n : 0;
  u->scores_top = 0;
}

static void scroll(ui *u, int delta) {
  u->scores_top += delta;
  if (u->scores_top < 0) u->scores_top = 0;
  if (u->scores_top > HISTORY_ROWS - 1) u->scores_top = HISTORY_ROWS - 1;
}

static void key(ui *u, SDL_Keycode sym) {
  switch (sym) {
  case SDLK_LEFT: another_game(u, -1); break;
  case SDLK_RIGHT: another_game(u, 1); break;
  case SDLK_UP: scroll(u, -1); break;
  case SDLK_DOWN: scroll(u, 1); break;
  case SDLK_ESCAPE: case SDLK_q: case SDLK_p: case SDLK_RETURN:
    u->view = u->h->has_game(u->s) ? VIEW_GAME : VIEW_MENU;
    break;
  default: break;
  }
}

void scores_event(ui *u, const SDL_Event *ev) {
  if (ev->type == SDL_KEYDOWN) {
    key(u, ev->key.keysym.sym);
  } else if (ev->type == SDL_MOUSEWHEEL) {
    scroll(u, -3 * ev->wheel.y);
  } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
    int k = gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale));
    if (k == KEY_LESS || k == KEY_MORE) another_game(u, k == KEY_LESS ? -1 : 1);
  }
}
