/*
** board.c — text drawing of any board.  Each grid cell becomes a character cell;
** boards of lines get an extra column and row between points for the line glyphs.
*/
#include "board.h"

#include <stdio.h>
#include <string.h>

#define MAX_W 80
#define MAX_H 40

char board_piece_char(const dr_position *p, int bit) {
  dr_bits b = (dr_bits)1 << bit;
  int king = (p->kings & b) != 0;
  if (p->side[DR_WHITE] & b) return king ? 'W' : 'w';
  if (p->side[DR_BLACK] & b) return king ? 'B' : 'b';
  return '.';
}

typedef struct canvas {
  char cell[MAX_H][MAX_W + 1];
  int w, h;
} canvas;

/* Drawing coordinates of a grid position: row 0 at the top. */
static void grid_to_canvas(const dr_geometry *g, int file, int rank, int flip, int step, int *x, int *y) {
  if (flip) file = g->files - 1 - file, rank = g->ranks - 1 - rank;
  *x = file * step;
  *y = (g->ranks - 1 - rank) * (step == 4 ? 2 : 1);
}

/* Lines join neighbouring points: the glyph goes in the cells between them. */
static void draw_lines(canvas *c, const dr_geometry *g, int flip) {
  for (int i = 0; i < g->nlines; i++) {
    const dr_point *a = &g->point[g->lines[i][0]], *b = &g->point[g->lines[i][1]];
    int x1, y1, x2, y2;
    grid_to_canvas(g, a->file, a->rank, flip, 4, &x1, &y1);
    grid_to_canvas(g, b->file, b->rank, flip, 4, &x2, &y2);
    if (y1 == y2) {
      for (int x = (x1 < x2 ? x1 : x2) + 1; x < (x1 < x2 ? x2 : x1); x++) c->cell[y1][x] = '-';
      continue;
    }
    char *mid = &c->cell[(y1 + y2) / 2][(x1 + x2) / 2];
    char glyph = x1 == x2 ? '|' : ((x2 - x1) > 0) == ((y2 - y1) > 0) ? '\\' : '/';
    *mid = (*mid == '/' && glyph == '\\') || (*mid == '\\' && glyph == '/') ? 'X' : glyph;
  }
}

static void draw_squares(canvas *c, const dr_geometry *g, const dr_position *p, int flip) {
  for (int rank = 0; rank < g->ranks; rank++)
    for (int file = 0; file < g->files; file++) {
      int x, y;
      grid_to_canvas(g, file, rank, flip, 2, &x, &y);
      c->cell[y][x] = ' ';
    }
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    int x, y;
    grid_to_canvas(g, g->point[i].file, g->point[i].rank, flip, 2, &x, &y);
    c->cell[y][x] = board_piece_char(p, i);
  }
}

static void draw_points(canvas *c, const dr_geometry *g, const dr_position *p, int flip) {
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    int x, y;
    grid_to_canvas(g, g->point[i].file, g->point[i].rank, flip, 4, &x, &y);
    c->cell[y][x] = board_piece_char(p, i);
  }
}

/* Letters below the board, from the names of the bottom row's points. */
static void file_labels(const dr_geometry *g, int flip, int step, char *out, size_t len) {
  memset(out, ' ', len - 1);
  out[len - 1] = '\0';
  int width = 0;
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    int x, y;
    grid_to_canvas(g, g->point[i].file, g->point[i].rank, flip, step, &x, &y);
    if (x < (int)len - 1) out[x] = g->point[i].name[0];
    if (x + 1 > width) width = x + 1;
  }
  out[width < (int)len ? width : (int)len - 1] = '\0';
}

int board_text(const dr_geometry *g, const dr_position *p, int flip, char *out, size_t len) {
  canvas c;
  int lines = g->draw == DR_DRAW_LINES, step = lines ? 4 : 2;
  c.w = (g->files - 1) * step + 1;
  c.h = lines ? g->ranks * 2 - 1 : g->ranks;
  if (c.w > MAX_W || c.h > MAX_H) return snprintf(out, len, "(board too large to draw)\n");
  for (int y = 0; y < c.h; y++) memset(c.cell[y], ' ', MAX_W), c.cell[y][c.w] = '\0';
  if (lines) {
    draw_lines(&c, g, flip);
    draw_points(&c, g, p, flip);
  } else {
    draw_squares(&c, g, p, flip);
  }
  size_t used = 0;
  for (int y = 0; y < c.h; y++) {
    int rank = lines ? (y % 2 ? -1 : g->ranks - 1 - y / 2) : g->ranks - 1 - y;
    if (rank >= 0 && flip) rank = g->ranks - 1 - rank;
    char label[8] = "  ";
    if (rank >= 0) snprintf(label, sizeof label, "%2d", rank + 1);
    used += (size_t)snprintf(out + (used < len ? used : len), used < len ? len - used : 0, "%s  %s\n", label,
                             c.cell[y]);
  }
  char files[MAX_W + 1];
  file_labels(g, flip, step, files, sizeof files);
  used += (size_t)snprintf(out + (used < len ? used : len), used < len ? len - used : 0, "    %s\n", files);
  return (int)used;
}
