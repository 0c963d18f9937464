/*
** panel.c — the status beside the board (or under it in a tall window): the game and
** its rules, who plays which side with the side to move marked, the counters, the
** captured pieces, the last move, the engine's thinking with a progress bar, the move
** list, a message line, and a button for every command with its key.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gui.h"

/* The command buttons: the game's commands (frontends/common/keys.c) and the window's
** own, each with its key.  Every one also works from the keyboard. */
static const fe_key window_keys[] = {{'a', "anim", 3, 1}, {'v', "sound", 2, 1}};
#define NWINDOW_KEYS (int)(sizeof window_keys / sizeof *window_keys)

static int panel_keys(ui *u, fe_key *out, int max) {
  int n = fe_game_keys(&u->fe, out, max - NWINDOW_KEYS), k = n;
  while (k > 0 && out[k - 1].key != 'p') k--; /* the window's keys before scores, help and quit */
  if (k == 0) k = n;
  memmove(out + k + NWINDOW_KEYS, out + k, (size_t)(n - k) * sizeof *out);
  memcpy(out + k, window_keys, sizeof window_keys);
  return n + NWINDOW_KEYS;
}

typedef struct pen {
  int x, y, w;  /* left edge, next line's top, width */
  int bottom;   /* the area's lower edge */
} pen;

static void line(ui *u, pen *p, int font, rgba col, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void line(ui *u, pen *p, int font, rgba col, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  text_cut(u, font, buf, sizeof buf, p->w);
  if (p->y + text_height(u, font) <= p->bottom) text_draw(u, font, col, p->x, p->y, buf);
  p->y += text_height(u, font);
}

/* 'text' wrapped to the width, on at most 'max' lines: the last one shown ends with an
** ellipsis when the text goes on. */
static void para(ui *u, pen *p, int font, rgba col, const char *text, int max) {
  int start[4], len[4], n = text_wrap(u, font, text, p->w, start, len, max < 4 ? max : 4);
  for (int i = 0; i < n; i++) {
    char buf[512];
    int rest = i == n - 1 && text[start[i] + len[i]] && text[start[i] + len[i] + 1];
    snprintf(buf, sizeof buf, "%.*s", rest ? (int)strlen(text + start[i]) : len[i], text + start[i]);
    text_cut(u, font, buf, sizeof buf, p->w);
    if (p->y + text_height(u, font) <= p->bottom) text_draw(u, font, col, p->x, p->y, buf);
    p->y += text_height(u, font);
  }
}

static void icon(ui *u, int side, int x, int cy) {
  const sprite *s = sprite_piece(&u->icons, side, 0);
  sprite_draw(u, s, x + u->icons.radius, cy, (rgba){255, 255, 255, 255});
}

/* A side's time at the right edge 'right': bold while it runs, red under ten seconds. */
static void clock_time(ui *u, const dr_status *st, int side, int right, int y) {
  char time[32];
  int running = st->clock_running == side + 1, low = st->clock_ms[side] < 10000;
  fe_clock_text(st->clock_ms[side], time, sizeof time);
  int font = running ? FONT_BOLD : FONT_TEXT;
  text_draw(u, font, low ? COL_ERROR : running ? COL_TEXT : COL_DIM, right - text_width(u, font, time), y, time);
}

/* One row per side, with its piece; the side to move on a lighter band. */
static void draw_players(ui *u, pen *p, const dr_status *st) {
  int h = text_height(u, FONT_TEXT) * 3 / 2, r = u->icons.radius;
  for (int side = 0; side < 2 && p->y + h <= p->bottom; side++) {
    int to_move = st->result == DR_ONGOING && st->turn == side;
    if (to_move) fill_round(u, (SDL_Rect){p->x - r / 2, p->y, p->w + r, h}, h / 3, (rgba){255, 240, 210, 28});
    icon(u, side, p->x, p->y + h / 2);
    char text[96], name[64];
    fe_player_name(&u->fe, st, side, name, sizeof name);
    snprintf(text, sizeof text, "%s: %s", fe_side_title(&u->fe, side), name);
    int tx = p->x + 3 * r, ty = p->y + (h - text_height(u, FONT_TEXT)) / 2, font = to_move ? FONT_BOLD : FONT_TEXT;
    int mark = st->clock ? text_width(u, FONT_BOLD, "00:00.0") + r
               : to_move ? text_width(u, FONT_SMALL, "to move") + r
                         : 0;
    text_cut(u, font, text, sizeof text, p->x + p->w - tx - mark);
    text_draw(u, font, to_move ? COL_TEXT : COL_DIM, tx, ty, text);
    if (st->clock) clock_time(u, st, side, p->x + p->w, ty);
    else if (to_move)
      text_draw(u, FONT_SMALL, COL_HEAD, p->x + p->w - text_width(u, FONT_SMALL, "to move"), ty, "to move");
    p->y += h;
  }
}

static void draw_header(ui *u, pen *p, const dr_status *st) {
  char level[96];
  fe_level_text(&u->fe, st, level, sizeof level);
  level[0] = (char)(level[0] - 'A' + 'a'); /* "Computer: level 3 of 6" */
  line(u, p, FONT_BOLD, COL_HEAD, "%s", st->title);
  line(u, p, FONT_SMALL, COL_DIM, "Rules: %s", *st->rules ? st->rules : "default");
  if (fe_computer_plays(st))
    line(u, p, FONT_SMALL, COL_DIM, "Computer: %s", level);
  char player[2][128];
  for (int i = 0, n = fe_scores_lines(&u->fe, player); i < n; i++) para(u, p, FONT_SMALL, COL_HEAD, player[i], 2);
  p->y += text_height(u, FONT_SMALL) / 2;
  draw_players(u, p, st);
  char online[8][128];
  for (int i = 0, n = fe_online_lines(&u->fe, online, 8); i < n; i++)
    para(u, p, FONT_SMALL, strncmp(online[i], "Suggested", 9) == 0 ? COL_HINT : COL_HEAD, online[i], 2);
  p->y += text_height(u, FONT_SMALL) / 2;
}

/* Counts with a small piece before each: "On the board  (o) 12  (x) 11". */
static void draw_counts(ui *u, pen *p, const char *label, const int count[2]) {
  int h = text_height(u, FONT_TEXT);
  if (p->y + h > p->bottom) return;
  int x = p->x + text_draw(u, FONT_TEXT, COL_DIM, p->x, p->y, label) + h / 2;
  for (int side = 0; side < 2; side++) {
    char n[16];
    icon(u, side, x, p->y + h / 2);
    snprintf(n, sizeof n, "%d", count[side]);
    x += 2 * u->icons.radius + h / 4;
    x += text_draw(u, FONT_TEXT, COL_TEXT, x, p->y, n) + h;
  }
  p->y += h;
}

static void draw_turn(ui *u, pen *p, const dr_status *st) {
  char status[256];
  fe_status_line(&u->fe, status, sizeof status);
  para(u, p, FONT_BOLD, st->result != DR_ONGOING ? COL_ERROR : COL_TEXT, status, 2);
  if (*st->warning) para(u, p, FONT_SMALL, COL_ERROR, st->warning, 3);
  if (fe_reviewing(&u->fe)) {
    fe_review_text(&u->fe, status, sizeof status);
    para(u, p, FONT_TEXT, COL_NOTE, status, 2);
  } else if (st->paused) {
    para(u, p, FONT_TEXT, COL_NOTE, "Paused: z goes on", 1);
  }
}

static void draw_counters(ui *u, pen *p, const dr_status *st) {
  char last[128], count[160];
  if (fe_draw_count(st, count, sizeof count)) para(u, p, FONT_TEXT, COL_TEXT, count, 3);
  draw_counts(u, p, "On the board", st->pieces);
  draw_counts(u, p, "Captured", st->captured);
  if (u->fe.h->move_at(u->fe.s, st->plies - 1, NULL, last, sizeof last) == 0)
    line(u, p, FONT_TEXT, COL_TEXT, "Last move: %s", last);
}

/* Depth, score and a bar that fills as the search uses its depth or time; its room is
** kept while the computer plays, so the move list does not jump at every move. */
static void draw_engine(ui *u, pen *p, const dr_status *st) {
  const dr_engine *e = &u->fe.eng;
  int h = text_height(u, FONT_SMALL);
  if (!e->thinking || p->y + 3 * h > p->bottom) {
    if ((fe_computer_plays(st) && st->result == DR_ONGOING) || e->thinking) p->y += 2 * h + h / 2;
    return;
  }
  line(u, p, FONT_SMALL, COL_HEAD, "%s depth %d  %s  %.1fs", e->for_hint ? "Hint: looking," : "Thinking:", e->depth,
       e->depth ? e->score_text : "", e->seconds);
  SDL_Rect bar = {p->x, p->y + h / 4, p->w, h / 2};
  fill_round(u, bar, bar.h / 2, (rgba){255, 255, 255, 36});
  bar.w = bar.w * (e->progress < 0 ? 0 : e->progress > 100 ? 100 : e->progress) / 100;
  if (bar.w >= bar.h) fill_round(u, bar, bar.h / 2, COL_HEAD);
  p->y += h;
  if (*e->best) line(u, p, FONT_SMALL, COL_DIM, "best so far: %s", e->best);
  else p->y += h;
}

/* One move of the list, a button that looks back at the game after it; the move
** reviewed stands out. */
static void move_cell(ui *u, const dr_status *st, int ply, SDL_Rect box, const char *text) {
  int reviewed = fe_reviewing(&u->fe) && ply == u->fe.review - 1;
  if (reviewed) fill_round(u, (SDL_Rect){box.x - box.h / 4, box.y, text_width(u, FONT_SMALL, text) + box.h / 2, box.h},
                           box.h / 3, COL_HEAD);
  text_draw(u, FONT_SMALL, reviewed ? COL_BG : COL_TEXT, box.x, box.y, text);
  if (ply >= 0 && ply < st->plies && *text) gui_button(u, box, KEY_MOVE(ply));
}

/* The moves in numbered pairs: the latest that fit above 'bottom', or earlier ones as
** far as the wheel scrolled back ('moves_back' rows). */
static void draw_moves(ui *u, pen *p, const dr_status *st) {
  int h = text_height(u, FONT_SMALL), rows = (p->bottom - p->y) / h - 1, first = 0;
  int total = fe_move_rows(st), col = text_width(u, FONT_SMALL, "000.  ");
  int col2 = col + (p->w - col) / 2;
  u->moves_box = (SDL_Rect){p->x, p->y, p->w, p->bottom - p->y};
  if (rows < 1 || total == 0) return;
  line(u, p, FONT_BOLD, COL_HEAD, "%s", "Moves");
  if (total > rows) first = total - rows;
  if (u->moves_back > first) u->moves_back = first;
  if (u->moves_back < 0) u->moves_back = 0;
  first -= u->moves_back;
  int mark = fe_reviewing(&u->fe) && u->fe.review > 0 ? (u->fe.review - 1 + st->start_turn) / 2 : -1;
  if (mark >= 0 && (mark < first || mark >= first + rows)) first = mark < first ? mark : mark - rows + 1;
  for (int row = first; row < total && row < first + rows; row++, p->y += h) {
    char num[16], a[64], b[64];
    fe_move_row(&u->fe, st, row, a, b, sizeof a);
    snprintf(num, sizeof num, "%d.", row + 1);
    text_draw(u, FONT_SMALL, COL_DIM, p->x, p->y, num);
    move_cell(u, st, row * 2 - st->start_turn, (SDL_Rect){p->x + col, p->y, col2 - col, h}, a);
    move_cell(u, st, row * 2 - st->start_turn + 1, (SDL_Rect){p->x + col2, p->y, p->w - col2, h}, b);
  }
}

/* --------------------------------------------------------------- bottom */

static int chip_width(ui *u, const fe_key *c) {
  char key[2] = {(char)c->key, 0};
  int h = text_height(u, FONT_SMALL);
  return text_width(u, FONT_BOLD, key) + text_width(u, FONT_SMALL, c->label) + h;
}

/* The rows the chips take in 'width'. */
static int chip_rows(ui *u, const fe_key *chips, int n, int width, int gap) {
  int rows = 1, x = 0;
  for (int i = 0; i < n; i++) {
    int w = chip_width(u, &chips[i]);
    if (x > 0 && x + w > width) rows++, x = 0;
    x += w + gap;
  }
  return rows;
}

/* The buttons flow in rows from the bottom up, at most MAX_CHIP_ROWS: the lightest keys
** are left out when room is short (the help lists them all).  Returns their top. */
#define MAX_CHIP_ROWS 3
static int draw_chips(ui *u, const pen *p) {
  int h = text_height(u, FONT_SMALL) * 3 / 2, gap = h / 4, x = 0;
  fe_key all[24], chips[24];
  int nall = panel_keys(u, all, 24), nchips = 0, rows = 0;
  for (int lightest = 0; lightest <= 10; lightest++) {
    nchips = 0;
    for (int i = 0; i < nall; i++)
      if (all[i].weight >= lightest) chips[nchips++] = all[i];
    if ((rows = chip_rows(u, chips, nchips, p->w, gap)) <= MAX_CHIP_ROWS) break;
  }
  int top = p->bottom - rows * (h + gap) + gap, y = top;
  for (int i = 0; i < nchips; i++) {
    char key[2] = {(char)chips[i].key, 0};
    int w = chip_width(u, &chips[i]);
    if (x > 0 && x + w > p->w) y += h + gap, x = 0;
    SDL_Rect box = {p->x + x, y, w, h};
    fill_round(u, box, h / 3, (rgba){255, 240, 210, 22});
    int tx = box.x + h / 3, ty = y + (h - text_height(u, FONT_SMALL)) / 2;
    tx += text_draw(u, FONT_BOLD, COL_HEAD, tx, ty - (text_height(u, FONT_BOLD) - text_height(u, FONT_SMALL)) / 2, key);
    text_draw(u, FONT_SMALL, COL_TEXT, tx + h / 5, ty, chips[i].label);
    gui_button(u, box, chips[i].key);
    x += w + gap;
  }
  return top;
}

/* The message just above the buttons, on as many lines as it needs up to 'max' (one
** kept even when there is none); returns its top. */
static int draw_message(ui *u, const pen *p, int bottom, int max) {
  int h = text_height(u, FONT_TEXT), start[4], len[4];
  int lines = *u->fe.msg ? text_wrap(u, FONT_TEXT, u->fe.msg, p->w, start, len, max < 4 ? max : 4) : 1;
  pen m = *p;
  m.y = bottom - lines * h - h / 2;
  m.bottom = bottom;
  para(u, &m, FONT_TEXT, u->fe.msg_is_error ? COL_ERROR : COL_TEXT, u->fe.msg, lines);
  return bottom - lines * h - h / 2;
}

void panel_draw(ui *u) {
  const SDL_Rect *r = &u->lay.panel;
  dr_status st;
  int pad = text_height(u, FONT_TEXT) * 3 / 4, two = u->lay.portrait && r->w >= text_height(u, FONT_TEXT) * 20;
  if (r->w < 40 || r->h < 40) return;
  fe_status(&u->fe, &st);
  fill_round(u, *r, pad, COL_PANEL);
  pen p = {r->x + pad, r->y + pad, r->w - 2 * pad, r->y + r->h - pad};
  int chips_top = draw_chips(u, &p);
  p.bottom = draw_message(u, &p, chips_top, two ? 2 : 3) - text_height(u, FONT_SMALL) / 2;
  pen q = p; /* under the board, a second column: the counters, the engine, the moves */
  if (two) p.w = q.w = (p.w - pad) / 2, q.x = p.x + p.w + pad;
  draw_header(u, &p, &st);
  draw_turn(u, &p, &st);
  if (!two) q.y = p.y + text_height(u, FONT_SMALL) / 3;
  draw_counters(u, &q, &st);
  q.y += text_height(u, FONT_SMALL) / 2;
  draw_engine(u, &q, &st);
  draw_moves(u, &q, &st);
}
