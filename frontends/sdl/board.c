/*
** board.c — the board laid out in the window and drawn from the plugin's geometry,
** whatever it is: checkered squares, squares of one colour with grid lines, or points
** joined by lines.  Every point stands at the centre of a cell of the drawing grid, so
** the three kinds share the layout, the pieces and the markers:
**   blue ring      a point the selected piece may go to next
**   red outline    a piece being jumped          orange outline  a piece that must capture
**   gold outline   the piece being moved         green ring      the hint's next landing
**   yellow tint    the last move's points        white frame     the keyboard cursor
** The board without its pieces is painted once per size into a texture.  Labels come
** from the points' names ("c3": file c, rank 3), so no variant is assumed.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui.h"

/* The board's colours: the frame, the playing and the other squares, squares of one
** colour, the ground of a board of lines, its lines, and the coordinates on the frame. */
static const struct theme {
  const char *name;
  rgba frame, dark, light, plain, ground, line, label;
} themes[] = {
    {"wood", {92, 58, 36, 255}, {172, 122, 82, 255}, {238, 217, 182, 255}, {224, 186, 136, 255},
     {228, 196, 150, 255}, {88, 56, 34, 255}, {240, 222, 190, 255}},
    {"light", {214, 190, 150, 255}, {200, 168, 124, 255}, {252, 246, 232, 255}, {242, 226, 196, 255},
     {246, 236, 214, 255}, {140, 108, 72, 255}, {84, 60, 38, 255}},
    {"dark", {34, 36, 40, 255}, {78, 102, 90, 255}, {160, 168, 158, 255}, {104, 126, 112, 255},
     {96, 116, 104, 255}, {26, 34, 30, 255}, {196, 204, 196, 255}},
};
#define NTHEMES (int)(sizeof themes / sizeof *themes)
#define THEME(u) (&themes[(u)->theme])

int board_theme(const char *name) {
  for (int i = 0; i < NTHEMES; i++)
    if (strcmp(themes[i].name, name) == 0) return i;
  return -1;
}

const char *board_theme_names(void) { return "wood, light, dark"; }

/* The next board's colours: painted afresh at the next frame. */
void board_next_theme(ui *u) {
  u->theme = (u->theme + 1) % NTHEMES;
  u->lay.out_w = 0;
  fe_say(&u->fe, 0, "The %s board.", themes[u->theme].name);
}

/* ----------------------------------------------------------------- layout */

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The body text size for a window: readable, and in proportion to the board. */
static int font_size(int w, int h, float scale) {
  int by_size = (w * 5 / 4 < h ? w * 5 / 4 : h) / 36;
  return clampi(by_size, (int)(12 * scale), (int)(26 * scale));
}

/* The frame's side, and where it and the panel go. */
static void place_frame(layout *l, int px, int *side) {
  int m = clampi((l->out_w < l->out_h ? l->out_w : l->out_h) / 40, 6, 40), pw = px * 19;
  int land = l->out_w - pw - 3 * m < l->out_h - 2 * m ? l->out_w - pw - 3 * m : l->out_h - 2 * m;
  l->portrait = land < l->out_h * 6 / 10;
  if (l->portrait) {
    int f = l->out_h - 3 * m - px * 19;
    *side = l->out_w - 2 * m < f ? l->out_w - 2 * m : f;
    if (*side < 80) *side = 80;
    l->frame = (SDL_Rect){(l->out_w - *side) / 2, m, *side, *side};
    l->panel = (SDL_Rect){m, *side + 2 * m, l->out_w - 2 * m, l->out_h - *side - 3 * m};
  } else {
    *side = land < 80 ? 80 : land;
    l->frame = (SDL_Rect){m, (l->out_h - *side) / 2, *side, *side};
    l->panel = (SDL_Rect){*side + 2 * m, m, l->out_w - *side - 3 * m, l->out_h - 2 * m};
  }
}

static void place_points(ui *u, const dr_geometry *g) {
  layout *l = &u->lay;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(g->points >> p & 1)) continue;
    int c, r;
    fe_display_of(&u->fe, g, g->point[p].file, g->point[p].rank, &c, &r);
    l->x[p] = l->grid.x + c * l->cell + l->cell / 2;
    l->y[p] = l->grid.y + r * l->cell + l->cell / 2;
  }
}

static void board_paint(ui *u);

/* The grid in a frame 'side' pixels wide, the points on it, and the pieces to fit. */
static void place_board(ui *u, const dr_geometry *g, int side, int px) {
  layout *l = &u->lay;
  int n = g->files > g->ranks ? g->files : g->ranks, border = clampi(side / 22, px * 3 / 2, px * 3);
  l->cell = (side - 2 * border) / n;
  if (l->cell < 4) l->cell = 4;
  l->grid = (SDL_Rect){l->frame.x + (l->frame.w - l->cell * g->files) / 2,
                       l->frame.y + (l->frame.h - l->cell * g->ranks) / 2, l->cell * g->files, l->cell * g->ranks};
  l->radius = (int)(l->cell * (g->draw == DR_DRAW_LINES ? 0.34f : 0.41f));
  place_points(u, g);
  sprites_make(u, &u->spr, l->radius);
  sprites_make(u, &u->icons, px * 11 / 20);
  board_paint(u);
}

/* Lays the window out again when its size, the board or its orientation changed. */
void board_layout(ui *u) {
  layout *l = &u->lay;
  const dr_geometry *g = u->fe.h->has_game(u->fe.s) ? u->fe.h->geometry(u->fe.s) : NULL;
  int w, h, side;
  SDL_GetRendererOutputSize(u->ren, &w, &h);
  if (l->out_w == w && l->out_h == h && l->flip == u->fe.flip && l->g == g && l->theme == u->theme && u->board_tex)
    return;
  int px = font_size(w, h, u->scale);
  char why[256];
  text_open(u, px, why, sizeof why); /* the fonts opened at start-up; only their size may fail */
  memset(l, 0, sizeof *l);
  l->out_w = w, l->out_h = h, l->flip = u->fe.flip, l->g = g, l->theme = u->theme;
  place_frame(l, px, &side);
  if (g) place_board(u, g, side, px);
  fe_points *pts = &u->fe.points; /* for the keyboard cursor: it first goes low and central */
  pts->drawn = g ? g->points : 0;
  pts->step_x = pts->step_y = pts->pull = l->cell;
  pts->mid = l->grid.x + l->grid.w / 2;
}

/* ------------------------------------------------------------ the painting */

/* The grid square of display column c, row r, relative to the frame. */
static SDL_Rect cell_rect(const layout *l, int c, int r) {
  return (SDL_Rect){l->grid.x - l->frame.x + c * l->cell, l->grid.y - l->frame.y + r * l->cell, l->cell, l->cell};
}

static void paint_squares(ui *u, canvas *cv, const dr_geometry *g) {
  const layout *l = &u->lay;
  dr_bits at[64] = {0}; /* which grid squares are points, by rank and file */
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if (g->points >> p & 1) at[g->point[p].rank & 63] |= (dr_bits)1 << (g->point[p].file & 63);
  for (int rank = 0; rank < g->ranks; rank++)
    for (int file = 0; file < g->files; file++) {
      int c, r, playing = (int)(at[rank & 63] >> (file & 63) & 1);
      fe_display_of(&u->fe, g, file, rank, &c, &r);
      rgba col = g->draw == DR_DRAW_SQUARES ? THEME(u)->plain : playing ? THEME(u)->dark : THEME(u)->light;
      paint_wood(cv, cell_rect(l, c, r), col, playing ? 0.10f : 0.05f, rank * 31 + file * 7);
    }
  if (g->draw != DR_DRAW_SQUARES) return;
  float w = fmaxf(1.5f, l->cell * 0.03f), x0 = (float)(l->grid.x - l->frame.x), y0 = (float)(l->grid.y - l->frame.y);
  for (int i = 0; i <= g->files; i++)
    paint_segment(cv, x0 + i * l->cell, y0, x0 + i * l->cell, y0 + l->grid.h, w, THEME(u)->line);
  for (int i = 0; i <= g->ranks; i++)
    paint_segment(cv, x0, y0 + i * l->cell, x0 + l->grid.w, y0 + i * l->cell, w, THEME(u)->line);
}

static void paint_lines(ui *u, canvas *cv, const dr_geometry *g) {
  const layout *l = &u->lay;
  float w = fmaxf(2.0f, l->cell * 0.05f), fx = (float)l->frame.x, fy = (float)l->frame.y;
  SDL_Rect ground = {l->grid.x - l->frame.x, l->grid.y - l->frame.y, l->grid.w, l->grid.h};
  paint_wood(cv, ground, THEME(u)->ground, 0.08f, 5);
  for (int i = 0; i < g->nlines; i++) {
    int a = g->lines[i][0], b = g->lines[i][1];
    paint_segment(cv, l->x[a] - fx, l->y[a] - fy, l->x[b] - fx, l->y[b] - fy, w, THEME(u)->line);
  }
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if (g->points >> p & 1) paint_disc(cv, l->x[p] - fx, l->y[p] - fy, fmaxf(3.0f, l->cell * 0.075f), THEME(u)->line);
}

/* A thin light edge outside and a dark one inside the frame: it looks raised. */
static void paint_bevel(ui *u, canvas *cv) {
  const layout *l = &u->lay;
  float gx = (float)(l->grid.x - l->frame.x), gy = (float)(l->grid.y - l->frame.y), gw = (float)l->grid.w,
        gh = (float)l->grid.h, e = fmaxf(1.5f, l->cell * 0.03f);
  rgba dark = {40, 24, 14, 200}, light = {255, 230, 190, 70};
  float fw = (float)cv->w - 1, fh = (float)cv->h - 1;
  paint_segment(cv, 0.5f, 0.5f, fw - 0.5f, 0.5f, 1.5f, light);
  paint_segment(cv, 0.5f, 0.5f, 0.5f, fh - 0.5f, 1.5f, light);
  paint_segment(cv, gx - e / 2, gy - e / 2, gx + gw + e / 2, gy - e / 2, e, dark);
  paint_segment(cv, gx - e / 2, gy - e / 2, gx - e / 2, gy + gh + e / 2, e, dark);
  paint_segment(cv, gx - e / 2, gy + gh + e / 2, gx + gw + e / 2, gy + gh + e / 2, e, dark);
  paint_segment(cv, gx + gw + e / 2, gy - e / 2, gx + gw + e / 2, gy + gh + e / 2, e, dark);
}

static void board_paint(ui *u) {
  const layout *l = &u->lay;
  const dr_geometry *g = l->g;
  canvas cv;
  if (u->board_tex) SDL_DestroyTexture(u->board_tex);
  u->board_tex = NULL;
  if (paint_new(&cv, l->frame.w, l->frame.h)) return;
  paint_wood(&cv, (SDL_Rect){0, 0, cv.w, cv.h}, THEME(u)->frame, 0.14f, 11);
  if (g->draw == DR_DRAW_LINES) paint_lines(u, &cv, g);
  else paint_squares(u, &cv, g);
  paint_bevel(u, &cv);
  u->board_tex = paint_texture(u->ren, &cv);
  paint_free(&cv);
}

/* ------------------------------------------------------------- rectangles */

void fill_rect(ui *u, SDL_Rect r, rgba col) {
  SDL_SetRenderDrawBlendMode(u->ren, SDL_BLENDMODE_BLEND);
  SDL_SetRenderDrawColor(u->ren, col.r, col.g, col.b, col.a);
  SDL_RenderFillRect(u->ren, &r);
}

/* White discs for round corners, by radius: the few sizes a frame uses. */
#define NDISCS 8
static struct {
  int radius;
  SDL_Texture *tex;
} discs[NDISCS];
static int next_disc;

static SDL_Texture *disc_of(ui *u, int radius) {
  canvas c;
  for (int i = 0; i < NDISCS; i++)
    if (discs[i].tex && discs[i].radius == radius) return discs[i].tex;
  int k = next_disc++ % NDISCS;
  if (discs[k].tex) SDL_DestroyTexture(discs[k].tex);
  discs[k].tex = NULL;
  if (paint_new(&c, 2 * radius, 2 * radius)) return NULL;
  paint_disc(&c, (float)radius, (float)radius, (float)radius, (rgba){255, 255, 255, 255});
  discs[k].tex = paint_texture(u->ren, &c);
  discs[k].radius = radius;
  paint_free(&c);
  return discs[k].tex;
}

/* A rectangle with round corners: four quarter discs and three bands that never overlap,
** so a translucent colour stays even. */
void fill_round(ui *u, SDL_Rect r, int radius, rgba col) {
  radius = clampi(radius, 1, (r.w < r.h ? r.w : r.h) / 2);
  SDL_Texture *disc = disc_of(u, radius);
  if (disc) {
    SDL_SetTextureColorMod(disc, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(disc, col.a);
    for (int k = 0; k < 4; k++) {
      SDL_Rect src = {(k & 1) * radius, (k >> 1) * radius, radius, radius};
      SDL_Rect dst = {r.x + (k & 1) * (r.w - radius), r.y + (k >> 1) * (r.h - radius), radius, radius};
      SDL_RenderCopy(u->ren, disc, &src, &dst);
    }
  }
  fill_rect(u, (SDL_Rect){r.x + radius, r.y, r.w - 2 * radius, r.h}, col);
  fill_rect(u, (SDL_Rect){r.x, r.y + radius, radius, r.h - 2 * radius}, col);
  fill_rect(u, (SDL_Rect){r.x + r.w - radius, r.y + radius, radius, r.h - 2 * radius}, col);
}

void board_release(ui *u) {
  if (u->board_tex) SDL_DestroyTexture(u->board_tex);
  u->board_tex = NULL;
  for (int i = 0; i < NDISCS; i++) {
    if (discs[i].tex) SDL_DestroyTexture(discs[i].tex);
    discs[i].tex = NULL;
  }
  sprites_free(&u->spr);
  sprites_free(&u->icons);
  memset(&u->lay, 0, sizeof u->lay);
}

/* ----------------------------------------------------------------- points */

typedef struct board_state {
  dr_position pos;   /* what stands on the board (before the move, while one slides) */
  dr_input in;
  dr_bits hidden;    /* points drawn empty: the sliding piece's, and pieces it jumped */
  dr_bits last;      /* the last move's points */
  int sliding;
  int hint_to;       /* the hint's next landing, -1 none */
} board_state;

/* The side and kind of the piece shown on 'p': a piece in the middle of a multi-jump
** is shown where it has landed. */
static int shown_piece(const board_state *b, int p, int *king) {
  dr_bits bit = (dr_bits)1 << p;
  if ((b->hidden | b->in.removed) & bit) return -1;
  if (!b->sliding && b->in.from >= 0 && b->in.nlandings > 0) {
    if (p == b->in.at) return *king = (int)(b->pos.kings >> b->in.from & 1) || b->in.crowned, b->pos.turn;
    if (p == b->in.from) return -1;
  }
  *king = (b->pos.kings & bit) != 0;
  return (b->pos.side[DR_WHITE] & bit) ? DR_WHITE : (b->pos.side[DR_BLACK] & bit) ? DR_BLACK : -1;
}

static void draw_last(ui *u, const board_state *b) {
  const layout *l = &u->lay;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    if (!(b->last >> p & 1)) continue;
    if (l->g->draw == DR_DRAW_LINES) sprite_draw(u, &u->spr.s[SPR_SPOT], l->x[p], l->y[p], COL_LAST_SPOT);
    else fill_rect(u, (SDL_Rect){l->x[p] - l->cell / 2, l->y[p] - l->cell / 2, l->cell, l->cell}, COL_LAST);
  }
}

static void draw_markers(ui *u, const board_state *b, int p) {
  const layout *l = &u->lay;
  dr_bits bit = (dr_bits)1 << p;
  const sprite *outline = &u->spr.s[SPR_OUTLINE];
  if (b->in.jumped & ~b->in.removed & bit) sprite_draw(u, outline, l->x[p], l->y[p], COL_JUMPED);
  else if (b->in.from < 0 && (b->in.must_capture & bit)) sprite_draw(u, outline, l->x[p], l->y[p], COL_MUST);
  if (b->in.from >= 0 && p == b->in.at && !b->sliding) sprite_draw(u, outline, l->x[p], l->y[p], COL_SELECTED);
  if (b->in.targets & bit)
    sprite_draw(u, &u->spr.s[SPR_TARGET], l->x[p], l->y[p], p == b->hint_to ? COL_HINT : COL_RING);
}

static void draw_cursor(ui *u) {
  const layout *l = &u->lay;
  if (!u->cursor_shown || u->fe.cursor < 0 || !(l->g->points >> u->fe.cursor & 1)) return;
  int x = l->x[u->fe.cursor], y = l->y[u->fe.cursor], h = l->cell / 2 - 1, t = clampi(l->cell / 24, 2, 6);
  SDL_Rect sides[4] = {{x - h, y - h, 2 * h, t}, {x - h, y + h - t, 2 * h, t}, {x - h, y - h, t, 2 * h},
                       {x + h - t, y - h, t, 2 * h}};
  for (int i = 0; i < 4; i++) fill_rect(u, sides[i], COL_CURSOR);
}

static void draw_pieces(ui *u, const board_state *b) {
  const layout *l = &u->lay;
  if (b->in.from >= 0 && !b->sliding) sprite_draw(u, &u->spr.s[SPR_HALO], l->x[b->in.at], l->y[b->in.at], COL_SELECTED);
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    int king, side;
    if (!(l->g->points >> p & 1) || (side = shown_piece(b, p, &king)) < 0) continue;
    sprite_draw(u, sprite_piece(&u->spr, side, king), l->x[p], l->y[p], (rgba){255, 255, 255, 255});
  }
}

static void draw_moving(ui *u) {
  int side, king;
  float x, y;
  if (anim_piece(u, &side, &king, &x, &y))
    sprite_draw(u, sprite_piece(&u->spr, side, king), (int)lroundf(x), (int)lroundf(y), (rgba){255, 255, 255, 255});
}

/* ----------------------------------------------------------------- labels */

static void draw_label(ui *u, const char *s, int cx, int cy) {
  text_draw(u, FONT_SMALL, THEME(u)->label, cx - text_width(u, FONT_SMALL, s) / 2, cy - text_height(u, FONT_SMALL) / 2,
            s);
}

/* Each point's number in its cell's top left corner, where no piece covers it. */
static void draw_numbers(ui *u) {
  const layout *l = &u->lay;
  rgba col = THEME(u)->line;
  col.a = 200;
  if (!u->fe.numbers) return;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    char n[8];
    if (!(l->g->points >> p & 1) || !l->g->point[p].number) continue;
    snprintf(n, sizeof n, "%d", l->g->point[p].number);
    text_draw(u, FONT_SMALL, col, l->x[p] - l->cell / 2 + l->cell / 16, l->y[p] - l->cell / 2, n);
  }
}

static void draw_labels(ui *u) {
  const layout *l = &u->lay;
  const dr_geometry *g = l->g;
  dr_bits rows = 0, cols = 0; /* each label once */
  int left = (l->frame.x + l->grid.x) / 2, below = (l->grid.y + l->grid.h + l->frame.y + l->frame.h) / 2;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    char file[3], rank[3];
    int c, r;
    if (!(g->points >> p & 1)) continue;
    fe_point_label(g->point[p].name, file, rank);
    fe_display_of(&u->fe, g, g->point[p].file, g->point[p].rank, &c, &r);
    if (!*file) continue;
    if (!(cols >> (c & 63) & 1)) draw_label(u, file, l->x[p], below);
    if (!(rows >> (r & 63) & 1)) draw_label(u, rank, left, l->y[p]);
    cols |= (dr_bits)1 << (c & 63);
    rows |= (dr_bits)1 << (r & 63);
  }
}

/* The spectators' suggestions: a badge with their number where each lands. */
static void draw_tally(ui *u, const board_state *b) {
  const layout *l = &u->lay;
  for (int p = 0; p < DR_MAX_POINTS; p++) {
    int king, n = (l->g->points >> p & 1) && shown_piece(b, p, &king) < 0 ? fe_tally_at(&u->fe, p) : 0;
    if (!n) continue;
    char text[8];
    snprintf(text, sizeof text, "%d", n);
    int h = text_height(u, FONT_BOLD), w = text_width(u, FONT_BOLD, text) + h / 2;
    fill_round(u, (SDL_Rect){l->x[p] - w / 2, l->y[p] - h / 2, w, h}, h / 2, COL_HINT);
    text_draw(u, FONT_BOLD, (rgba){20, 20, 20, 255}, l->x[p] - text_width(u, FONT_BOLD, text) / 2, l->y[p] - h / 2, text);
  }
}

/* ------------------------------------------------------------------- draw */

static void gather(ui *u, board_state *b) {
  DR_INIT(b->in);
  b->sliding = u->an.kind != ANIM_NONE;
  if (u->an.kind == ANIM_MOVE) {
    b->pos = u->an.base;
    b->in.from = b->in.at = -1; /* no markers while the move is shown */
    b->last = 0;
  } else {
    fe_position(&u->fe, &b->pos);
    fe_input(&u->fe, &b->in);
    b->last = fe_last_move(&u->fe);
  }
  b->hidden = anim_hidden(u);
  b->hint_to = fe_hint_next(&u->fe, &b->in);
  if (b->in.from >= 0 && b->in.nlandings > 0) b->last = 0; /* the capture under way is what matters */
}

void board_draw(ui *u) {
  const layout *l = &u->lay;
  board_state b;
  if (!l->g || !u->board_tex) return;
  SDL_RenderCopy(u->ren, u->board_tex, NULL, &l->frame);
  gather(u, &b);
  draw_last(u, &b);
  draw_numbers(u);
  draw_pieces(u, &b);
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if (l->g->points >> p & 1) draw_markers(u, &b, p);
  if (b.in.from < 0) draw_tally(u, &b);
  draw_moving(u);
  draw_cursor(u);
  draw_labels(u);
}

/* ------------------------------------------------------------ pointing */

/* The point whose cell holds (x, y), in output pixels; -1 if none. */
int board_point_at(const ui *u, int x, int y) {
  const layout *l = &u->lay;
  int reach = l->cell / 2;
  if (!l->g) return -1;
  for (int p = 0; p < DR_MAX_POINTS; p++)
    if ((l->g->points >> p & 1) && abs(x - l->x[p]) <= reach && abs(y - l->y[p]) <= reach) return p;
  return -1;
}

