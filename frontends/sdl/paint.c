/*
** paint.c — anti-aliased painting into 32-bit ARGB pixel buffers, turned into textures.
** SDL's renderer draws only hard-edged rectangles and lines; pieces, rings and a board
** of diagonal lines look ragged that way.  So each shape is painted once per size, with
** every pixel covered by the share of it that the shape covers, and the renderer only
** copies the results.  Colours are kept with straight (not premultiplied) alpha, as
** SDL's blend mode expects.
*/
#include <math.h>
#include <stdlib.h>

#include "gui.h"

int paint_new(canvas *c, int w, int h) {
  c->w = w > 0 ? w : 1;
  c->h = h > 0 ? h : 1;
  c->px = calloc((size_t)c->w * (size_t)c->h, sizeof *c->px);
  return c->px ? 0 : -1;
}

void paint_free(canvas *c) {
  free(c->px);
  c->px = NULL;
}

SDL_Texture *paint_texture(SDL_Renderer *ren, const canvas *c) {
  SDL_Texture *t = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, c->w, c->h);
  if (!t) return NULL;
  SDL_UpdateTexture(t, NULL, c->px, c->w * (int)sizeof *c->px);
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  return t;
}

static float clamp01(float v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static Uint8 channel(Uint32 px, int shift) { return (Uint8)(px >> shift & 0xff); }

/* 'col' over the pixel, with 'cover' (0..1) of it covered. */
void paint_blend(canvas *c, int x, int y, rgba col, float cover) {
  if (x < 0 || y < 0 || x >= c->w || y >= c->h || cover <= 0) return;
  Uint32 *p = &c->px[y * c->w + x];
  float a = col.a / 255.0f * clamp01(cover), da = channel(*p, 24) / 255.0f;
  float oa = a + da * (1 - a);
  if (oa <= 0) return;
  float k = da * (1 - a) / oa, s = a / oa;
  Uint32 r = (Uint32)(col.r * s + channel(*p, 16) * k + 0.5f), g = (Uint32)(col.g * s + channel(*p, 8) * k + 0.5f),
         b = (Uint32)(col.b * s + channel(*p, 0) * k + 0.5f);
  *p = (Uint32)(oa * 255 + 0.5f) << 24 | r << 16 | g << 8 | b;
}

/* The pixels a shape centred on (cx, cy) reaching 'reach' may touch. */
typedef struct box {
  int x0, y0, x1, y1;
} box;

static box box_around(const canvas *c, float cx, float cy, float reach) {
  box b = {(int)floorf(cx - reach - 1), (int)floorf(cy - reach - 1), (int)ceilf(cx + reach + 1),
           (int)ceilf(cy + reach + 1)};
  if (b.x0 < 0) b.x0 = 0;
  if (b.y0 < 0) b.y0 = 0;
  if (b.x1 > c->w) b.x1 = c->w;
  if (b.y1 > c->h) b.y1 = c->h;
  return b;
}

static float dist(float x, float y, float cx, float cy) { return sqrtf((x - cx) * (x - cx) + (y - cy) * (y - cy)); }

void paint_disc(canvas *c, float cx, float cy, float r, rgba col) {
  box b = box_around(c, cx, cy, r);
  for (int y = b.y0; y < b.y1; y++)
    for (int x = b.x0; x < b.x1; x++) paint_blend(c, x, y, col, r - dist(x + .5f, y + .5f, cx, cy) + .5f);
}

void paint_ring(canvas *c, float cx, float cy, float r_in, float r_out, rgba col) {
  box b = box_around(c, cx, cy, r_out);
  for (int y = b.y0; y < b.y1; y++)
    for (int x = b.x0; x < b.x1; x++) {
      float d = dist(x + .5f, y + .5f, cx, cy);
      paint_blend(c, x, y, col, clamp01(r_out - d + .5f) * clamp01(d - r_in + .5f));
    }
}

/* Distance from (px, py) to the segment (x1, y1)-(x2, y2). */
static float segment_dist(float px, float py, float x1, float y1, float x2, float y2) {
  float dx = x2 - x1, dy = y2 - y1, len2 = dx * dx + dy * dy;
  float t = len2 > 0 ? ((px - x1) * dx + (py - y1) * dy) / len2 : 0;
  t = clamp01(t);
  return dist(px, py, x1 + t * dx, y1 + t * dy);
}

/* A line with round ends. */
void paint_segment(canvas *c, float x1, float y1, float x2, float y2, float width, rgba col) {
  float h = width / 2;
  int x0 = (int)floorf(fminf(x1, x2) - h - 1), xe = (int)ceilf(fmaxf(x1, x2) + h + 1);
  int y0 = (int)floorf(fminf(y1, y2) - h - 1), ye = (int)ceilf(fmaxf(y1, y2) + h + 1);
  for (int y = y0 < 0 ? 0 : y0; y < ye && y < c->h; y++)
    for (int x = x0 < 0 ? 0 : x0; x < xe && x < c->w; x++)
      paint_blend(c, x, y, col, h - segment_dist(x + .5f, y + .5f, x1, y1, x2, y2) + .5f);
}

/* ------------------------------------------------------------------ wood */

static float hash2(int x, int y, int seed) {
  Uint32 h = (Uint32)x * 374761393u + (Uint32)y * 668265263u + (Uint32)seed * 2246822519u;
  h = (h ^ (h >> 13)) * 1274126177u;
  return (float)((h ^ (h >> 16)) & 0xffff) / 65535.0f;
}

/* Smooth value noise in 0..1. */
static float noise(float x, float y, int seed) {
  int ix = (int)floorf(x), iy = (int)floorf(y);
  float fx = x - ix, fy = y - iy;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  float a = hash2(ix, iy, seed), b = hash2(ix + 1, iy, seed);
  float c = hash2(ix, iy + 1, seed), d = hash2(ix + 1, iy + 1, seed);
  return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
}

static Uint8 shade(int v, float k) {
  float out = v * k;
  return (Uint8)(out < 0 ? 0 : out > 255 ? 255 : out + .5f);
}

/* Opaque wood over 'area': long grain lines that wander, and a little fibre noise.
** 'grain' is how strong the pattern is (0 plain, 0.1 marked); 'seed' varies it. */
void paint_wood(canvas *c, SDL_Rect area, rgba base, float grain, int seed) {
  for (int y = area.y; y < area.y + area.h && y < c->h; y++)
    for (int x = area.x; x < area.x + area.w && x < c->w; x++) {
      if (x < 0 || y < 0) continue;
      float wander = 6.0f * noise(x * 0.004f, y * 0.02f, seed);
      float lines = 0.5f + 0.5f * sinf(y * 0.21f + wander + 3.0f * noise(x * 0.012f, y * 0.05f, seed + 7));
      float fibre = noise(x * 0.15f, y * 0.9f, seed + 3);
      float k = 1.0f + grain * (0.9f * lines * lines - 0.45f + 0.5f * (fibre - 0.5f));
      Uint32 r = shade(base.r, k), g = shade(base.g, k), b = shade(base.b, k);
      c->px[y * c->w + x] = 0xffu << 24 | r << 16 | g << 8 | b;
    }
}

/* ----------------------------------------------------------------- pieces */

typedef struct piece_colours {
  rgba body, rim, groove;
  float gloss;
} piece_colours;

static const piece_colours piece_colour[2] = {
    {{238, 229, 210, 255}, {182, 160, 126, 255}, {205, 188, 158, 255}, 0.30f}, /* ivory */
    {{56, 44, 40, 255}, {24, 18, 16, 255}, {36, 28, 25, 255}, 0.16f},          /* ebony */
};

static rgba lighten(rgba c, float k) {
  rgba o = {shade(c.r, 1 + k), shade(c.g, 1 + k), shade(c.b, 1 + k), c.a};
  return o;
}

/* A soft shadow below and right of the piece: it seems to stand on the board. */
static void paint_shadow(canvas *c, float cx, float cy, float r) {
  float sx = cx + 0.05f * r, sy = cy + 0.11f * r, soft = 0.16f * r + 1;
  box b = box_around(c, sx, sy, r + soft);
  rgba black = {0, 0, 0, 110};
  for (int y = b.y0; y < b.y1; y++)
    for (int x = b.x0; x < b.x1; x++) {
      float t = clamp01((r + soft - dist(x + .5f, y + .5f, sx, sy)) / (2 * soft));
      paint_blend(c, x, y, black, t * t * (3 - 2 * t));
    }
}

/* The colour of a piece at distance 'd' from its centre and height 'dy' (-1 top..1):
** a turned edge, a groove like a real draughtsman's, lit from above. */
static rgba piece_pixel(const piece_colours *pc, float d, float dy, float r) {
  float px = 1.0f / r; /* one pixel, in radii */
  rgba col = lighten(pc->body, -0.10f * dy);
  float rim = clamp01((d - 0.86f) / px + .5f);
  float groove = clamp01((d - 0.60f) / px + .5f) * clamp01((0.67f - d) / px + .5f);
  if (groove > 0) col = lighten(col, -0.10f * groove);
  if (rim > 0) {
    rgba edge = lighten(pc->rim, -0.25f * dy);
    col.r = (Uint8)(col.r + (edge.r - col.r) * rim);
    col.g = (Uint8)(col.g + (edge.g - col.g) * rim);
    col.b = (Uint8)(col.b + (edge.b - col.b) * rim);
  }
  return col;
}

/* A man of 'side' (DR_WHITE: ivory, DR_BLACK: ebony) with its shadow. */
void paint_piece(canvas *c, float cx, float cy, float r, int side) {
  const piece_colours *pc = &piece_colour[side ? 1 : 0];
  paint_shadow(c, cx, cy, r);
  box b = box_around(c, cx, cy, r);
  for (int y = b.y0; y < b.y1; y++)
    for (int x = b.x0; x < b.x1; x++) {
      float fx = x + .5f, fy = y + .5f, d = dist(fx, fy, cx, cy);
      paint_blend(c, x, y, piece_pixel(pc, d / r, (fy - cy) / r, r), r - d + .5f);
    }
  /* A gloss on the upper left, where the light falls. */
  rgba gloss = {255, 255, 255, (Uint8)(255 * pc->gloss)};
  float gx = cx - 0.34f * r, gy = cy - 0.40f * r, gr = 0.30f * r;
  box gb = box_around(c, gx, gy, gr);
  for (int y = gb.y0; y < gb.y1; y++)
    for (int x = gb.x0; x < gb.x1; x++) {
      float t = clamp01(1 - dist(x + .5f, y + .5f, gx, gy) / gr);
      paint_blend(c, x, y, gloss, t * t);
    }
}

/* ------------------------------------------------------------------ crown */

/* The crown's outline in radii of the piece, centred on it, y down. */
static const float crown_body[][2] = {{-0.46f, 0.16f}, {-0.54f, -0.22f}, {-0.24f, -0.02f}, {0.0f, -0.36f},
                                      {0.24f, -0.02f}, {0.54f, -0.22f},  {0.46f, 0.16f}};
static const float crown_balls[][3] = {{-0.54f, -0.26f, 0.075f}, {0.0f, -0.40f, 0.085f}, {0.54f, -0.26f, 0.075f}};

static int in_polygon(const float (*p)[2], int n, float x, float y) {
  int inside = 0;
  for (int i = 0, j = n - 1; i < n; j = i++)
    if ((p[i][1] > y) != (p[j][1] > y) && x < (p[j][0] - p[i][0]) * (y - p[i][1]) / (p[j][1] - p[i][1]) + p[i][0])
      inside = !inside;
  return inside;
}

/* Whether the crown (grown by 'grow' radii for its outline) covers (x, y). */
static int in_crown(float x, float y, float grow) {
  if (x >= -0.44f - grow && x <= 0.44f + grow && y >= 0.22f - grow && y <= 0.34f + grow) return 1; /* the band */
  for (int k = 0; k < 3; k++)
    if (dist(x, y, crown_balls[k][0], crown_balls[k][1]) <= crown_balls[k][2] + grow) return 1;
  if (in_polygon(crown_body, 7, x, y)) return 1;
  if (grow <= 0) return 0;
  for (int k = 0; k < 8; k++) /* the outline: the body moved a little every way */
    if (in_polygon(crown_body, 7, x + grow * cosf(k * 0.785f), y + grow * sinf(k * 0.785f))) return 1;
  return 0;
}

/* The share of pixel (x, y) the crown covers, from 4x4 samples. */
static float crown_cover(float x, float y, float cx, float cy, float r, float grow) {
  int hits = 0;
  for (int sy = 0; sy < 4; sy++)
    for (int sx = 0; sx < 4; sx++)
      hits += in_crown((x + (sx + .5f) / 4 - cx) / r, (y + (sy + .5f) / 4 - cy) / r, grow);
  return hits / 16.0f;
}

/* A golden crown with a dark outline: a king, on either colour of piece. */
void paint_crown(canvas *c, float cx, float cy, float r) {
  rgba outline = {84, 56, 12, 255};
  box b = box_around(c, cx, cy, 0.62f * r);
  for (int y = b.y0; y < b.y1; y++)
    for (int x = b.x0; x < b.x1; x++) {
      float dy = (y + .5f - cy) / r;
      rgba gold = {shade(236, 1.05f - 0.35f * dy), shade(184, 1.05f - 0.45f * dy), shade(52, 1.0f - 0.4f * dy), 255};
      paint_blend(c, x, y, outline, crown_cover((float)x, (float)y, cx, cy, r, 0.05f));
      paint_blend(c, x, y, gold, crown_cover((float)x, (float)y, cx, cy, r, 0));
    }
}
