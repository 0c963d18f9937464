/*
** board.c — the board drawn from the plugin's geometry, whatever it is: squares
** (checkered, or of one colour) boxed in grid lines when they fit, points joined by
** their lines for a board of lines.  Each point owns three cells: the piece in the
** middle and a marker either side, so the markers read without colour too:
**   [w] the piece being moved   ( ) a point it may go to   (w) a piece that must
**   capture   {b} a piece being jumped
** Labels come from the points' names ("c3": file c, rank 3), so no variant is assumed.
*/
#include <curses.h>
#include <string.h>

#include "tty.h"

#define LABEL_W 3 /* rank labels left of the board */

static int abs_diff(int a, int b) { return a > b ? a - b : b - a; }

static void fill(int y, int x, int n, int attr) {
  for (int i = 0; i < n; i++) mvaddch(y, x + i, ' ' | (chtype)attr);
}

typedef struct style {
  int sx, sy, boxed;
} style;

/* Largest first; the first that fits is used, so the board grows with the window. */
static const style square_styles[] = {{8, 4, 1}, {6, 3, 1}, {4, 2, 1}, {3, 1, 0}};
static const style line_styles[] = {{10, 5, 0}, {8, 4, 0}, {6, 3, 0}, {4, 2, 0}};
#define NSTYLES 4

/* The board's size on the screen with its labels. */
static void size_of(const dr_geometry *g, const style *st, int *w, int *h) {
  if (g->draw == DR_DRAW_LINES) *w = (g->files - 1) * st->sx + 3, *h = (g->ranks - 1) * st->sy + 1;
  else if (st->boxed) *w = g->files * st->sx + 1, *h = g->ranks * st->sy + 1;
  else *w = g->files * st->sx, *h = g->ranks * st->sy;
  *w += LABEL_W;
  *h += 1;
}

static void centre_of(const layout *l, const dr_geometry *g, int c, int r, int *x, int *y) {
  int x0 = l->left + LABEL_W, y0 = l->top;
  if (g->draw == DR_DRAW_LINES) *x = x0 + 1 + c * l->sx, *y = y0 + r * l->sy;
  else if (l->boxed) *x = x0 + c * l->sx + l->sx / 2, *y = y0 + r * l->sy + l->sy / 2;
  else *x = x0 + c * l->sx + 1, *y = y0 + r * l->sy;
}

static void place_points(ui *u, const dr_geometry *g) {
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(g->points >> p & 1)) continue;
    int c, r;
    fe_display_of(&u->fe, g, g->point[p].file, g->point[p].rank, &c, &r);
    centre_of(&u->lay, g, c, r, &u->lay.x[p], &u->lay.y[p]);
  }
}

void board_layout(ui *u, int avail_w, int avail_h) {
  const dr_geometry *g = u->fe.h->geometry(u->fe.s);
  const style *styles = g->draw == DR_DRAW_LINES ? line_styles : square_styles;
  layout *l = &u->lay;
  memset(l, 0, sizeof *l);
  for (int i = 0; i < NSTYLES && !l->fits; i++) {
    size_of(g, &styles[i], &l->width, &l->height);
    l->need_w = l->width;
    l->need_h = l->height + 2; /* the message and key lines */
    l->fits = l->width <= avail_w && l->height <= avail_h;
    l->sx = styles[i].sx;
    l->sy = styles[i].sy;
    l->boxed = styles[i].boxed;
  }
  if (l->fits) place_points(u, g);
  fe_points *pts = &u->fe.points; /* for the keyboard cursor */
  pts->drawn = g->points;
  pts->step_x = l->sx, pts->step_y = l->sy;
  pts->mid = l->left + l->width / 2;
}

/* ---------------------------------------------------------------- squares */

static chtype junction(int left, int right, int top, int bottom) {
  if (top) return left ? ACS_ULCORNER : right ? ACS_URCORNER : ACS_TTEE;
  if (bottom) return left ? ACS_LLCORNER : right ? ACS_LRCORNER : ACS_BTEE;
  return left ? ACS_LTEE : right ? ACS_RTEE : ACS_PLUS;
}

static void draw_grid(ui *u, const dr_geometry *g) {
  const layout *l = &u->lay;
  int attr = tty_attr(u, PAIR_BOARD), w = g->files * l->sx, h = g->ranks * l->sy;
  for (int y = 0; y <= h; y++)
    for (int x = 0; x <= w; x++) {
      int on_h = y % l->sy == 0, on_v = x % l->sx == 0;
      chtype ch = on_h && on_v ? junction(x == 0, x == w, y == 0, y == h) : on_h ? ACS_HLINE : on_v ? ACS_VLINE : ' ';
      mvaddch(l->top + y, l->left + LABEL_W + x, ch | (chtype)attr);
    }
}

/* The inside of the square centred on (x, y): between the grid lines when the squares
** are boxed, the point's three cells otherwise. */
static void fill_square(ui *u, int x, int y, int attr) {
  const layout *l = &u->lay;
  if (!l->boxed) {
    fill(y, x - 1, 3, attr);
    return;
  }
  for (int row = 0; row < l->sy - 1; row++) fill(y - l->sy / 2 + 1 + row, x - l->sx / 2 + 1, l->sx - 1, attr);
}

/* Every square's ground: playing squares in the board's colour, the others light. */
static void draw_squares(ui *u, const dr_geometry *g) {
  signed char point_at[256];
  memset(point_at, -1, sizeof point_at);
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if (g->points >> p & 1) point_at[g->point[p].rank * g->files + g->point[p].file] = (signed char)p;
  if (u->lay.boxed) draw_grid(u, g);
  for (int rank = 0; rank < g->ranks; rank++)
    for (int file = 0; file < g->files; file++) {
      int c, r, x, y, playing = point_at[rank * g->files + file] >= 0;
      fe_display_of(&u->fe, g, file, rank, &c, &r);
      centre_of(&u->lay, g, c, r, &x, &y);
      fill_square(u, x, y, tty_attr(u, playing ? PAIR_BOARD : PAIR_LIGHT));
    }
}

/* ------------------------------------------------------------------ lines */

static chtype line_glyph(int x1, int y1, int x2, int y2) {
  if (x1 == x2) return ACS_VLINE;
  return (x2 > x1) == (y2 > y1) ? '\\' : '/';
}

/* A segment between two points: dashes along a row, otherwise one glyph per row. */
static void draw_line(ui *u, int a, int b, int attr) {
  int x1 = u->lay.x[a], y1 = u->lay.y[a], x2 = u->lay.x[b], y2 = u->lay.y[b];
  if (y1 == y2) {
    for (int x = (x1 < x2 ? x1 : x2) + 2; x <= (x1 < x2 ? x2 : x1) - 2; x++) mvaddch(y1, x, ACS_HLINE | (chtype)attr);
    return;
  }
  chtype glyph = line_glyph(x1, y1, x2, y2);
  int step = y2 > y1 ? 1 : -1;
  for (int y = y1 + step; y != y2; y += step) {
    int x = x1 + (x2 - x1) * (y - y1) / (y2 - y1);
    chtype old = mvinch(y, x) & A_CHARTEXT, g = glyph;
    if ((old == '\\' && g == '/') || (old == '/' && g == '\\')) g = 'X'; /* two diagonals cross */
    mvaddch(y, x, g | (chtype)attr);
  }
}

static void draw_lines(ui *u, const dr_geometry *g) {
  const layout *l = &u->lay;
  int attr = tty_attr(u, PAIR_BOARD);
  for (int y = 0; y < l->height - 1; y++) fill(l->top + y, l->left + LABEL_W, l->width - LABEL_W, attr);
  for (int i = 0; i < g->nlines; i++) draw_line(u, g->lines[i][0], g->lines[i][1], attr);
}

/* ----------------------------------------------------------------- points */

/* The side and kind of the piece shown on 'p': a piece in the middle of a multi-jump
** is shown where it has landed. */
static int shown_piece(const dr_position *pos, const dr_input *in, int p, int *king) {
  dr_bits bit = (dr_bits)1 << p;
  if (in->removed & bit) return -1; /* taken off as it was jumped */
  if (in->from >= 0 && in->nlandings > 0) {
    if (p == in->at) return *king = ((pos->kings >> in->from) & 1) || in->crowned, pos->turn;
    if (p == in->from) return -1;
  }
  *king = (pos->kings & bit) != 0;
  return (pos->side[DR_WHITE] & bit) ? DR_WHITE : (pos->side[DR_BLACK] & bit) ? DR_BLACK : -1;
}

/* The marker pair around a point, and its colour. */
static const char *marker_of(const dr_input *in, int p, int *pair) {
  dr_bits bit = (dr_bits)1 << p;
  *pair = PAIR_RING;
  if (in->from >= 0 && p == in->at) return "[]";
  if ((in->jumped & ~in->removed) & bit) return *pair = PAIR_JUMPED, "{}";
  if (in->targets & bit) return "()";
  if (in->from < 0 && (in->must_capture & bit)) return "()";
  return NULL;
}

typedef struct board_state {
  dr_position pos;
  dr_input in;
  dr_bits last; /* the last move's points */
} board_state;

/* A king's glyph: a crown where the terminal shows UTF-8 (outlined for White, filled
** for Black), else the capital letter. */
static void put_piece(ui *u, int y, int x, int side, int king, int ground, int attr) {
  if (side >= 0 && king && u->utf8) {
    attron(attr);
    mvaddstr(y, x, side == DR_WHITE ? "\xe2\x99\x94" : "\xe2\x99\x9a"); /* U+2654, U+265A */
    attroff(attr);
    return;
  }
  chtype glyph = side < 0 ? (chtype)ground : (chtype)((side == DR_WHITE ? "wW" : "bB")[king]);
  mvaddch(y, x, glyph | (chtype)attr);
}

/* A point's number, on request: in the corner of a large square, else on an empty point
** with nothing marked around it. */
static void draw_number(ui *u, const dr_geometry *g, int p, int empty, int marked) {
  const layout *l = &u->lay;
  int n = g->point[p].number, x = l->x[p], y = l->y[p], attr = tty_attr(u, PAIR_BOARD) | A_DIM;
  if (!u->fe.numbers || !n) return;
  if (l->boxed && l->sy >= 3) mvprintw(y - l->sy / 2 + 1, x - l->sx / 2 + 1, "%d", n);
  else if (empty && !marked) attron(attr), mvprintw(y, x - (n >= 10), "%d", n), attroff(attr);
}

static void draw_point(ui *u, const dr_geometry *g, const board_state *b, int p) {
  int king = 0, side = shown_piece(&b->pos, &b->in, p, &king), pair, x = u->lay.x[p], y = u->lay.y[p];
  const char *marker = marker_of(&b->in, p, &pair);
  int ground = u->color && g->draw != DR_DRAW_LINES ? ' ' : '.';
  int piece_attr = tty_attr(u, side == DR_BLACK ? PAIR_BLACK : side == DR_WHITE ? PAIR_WHITE : PAIR_BOARD);
  int tally = side < 0 ? fe_tally_at(&u->fe, p) : 0; /* spectators' suggestions landing here */
  if (tally) ground = tally > 9 ? '+' : '0' + tally, piece_attr = tty_attr(u, PAIR_RING);
  if (b->last >> p & 1) piece_attr = tty_attr(u, PAIR_LAST) | (side == DR_WHITE ? A_BOLD : 0);
  int cursor = p == u->fe.cursor ? A_REVERSE : 0;
  if (marker) {
    mvaddch(y, x - 1, (chtype)marker[0] | (chtype)(tty_attr(u, pair) | cursor));
    mvaddch(y, x + 1, (chtype)marker[1] | (chtype)(tty_attr(u, pair) | cursor));
  } else if (cursor) {
    mvaddch(y, x - 1, mvinch(y, x - 1) | A_REVERSE);
    mvaddch(y, x + 1, mvinch(y, x + 1) | A_REVERSE);
  }
  put_piece(u, y, x, side, king, ground, piece_attr | cursor);
  draw_number(u, g, p, side < 0, marker || cursor);
}

/* ----------------------------------------------------------------- labels */

static void draw_labels(ui *u, const dr_geometry *g) {
  int attr = tty_attr(u, PAIR_TITLE), label_row = u->lay.top + u->lay.height - 1;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(g->points >> p & 1)) continue;
    char file[3], rank[3];
    fe_point_label(g->point[p].name, file, rank);
    if (!*file) continue;
    attron(attr);
    mvaddstr(label_row, u->lay.x[p] - ((int)strlen(file) - 1) / 2, file);
    mvprintw(u->lay.y[p], u->lay.left, "%2s", rank);
    attroff(attr);
  }
}

void board_draw(ui *u) {
  const dr_geometry *g = u->fe.h->geometry(u->fe.s);
  board_state b;
  fe_position(&u->fe, &b.pos);
  fe_input(&u->fe, &b.in);
  b.last = fe_last_move(&u->fe);
  if (g->draw == DR_DRAW_LINES) draw_lines(u, g);
  else draw_squares(u, g);
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if (g->points >> p & 1) draw_point(u, g, &b, p);
  draw_labels(u, g);
}

/* ------------------------------------------------------------ pointing */

int board_point_at(const ui *u, int y, int x) {
  const dr_geometry *g = u->fe.h->geometry(u->fe.s);
  int half_w = u->lay.sx / 2 < 2 ? u->lay.sx / 2 : 2, half_h = u->lay.sy / 2;
  if (!u->lay.fits) return -1;
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if ((g->points >> p & 1) && abs_diff(x, u->lay.x[p]) <= half_w && abs_diff(y, u->lay.y[p]) <= half_h) return p;
  return -1;
}
