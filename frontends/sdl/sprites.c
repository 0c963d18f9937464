/*
** sprites.c — the pieces and markers as textures, painted once for the size the board
** needs and copied wherever they go.  Markers are painted white and tinted when drawn,
** so one ring serves for the targets (blue), jumped pieces (red), pieces that must
** capture (orange) and the selected piece (gold).
*/
#include <math.h>

#include "gui.h"

const rgba COL_BG = {30, 27, 25, 255}, COL_PANEL = {43, 39, 36, 255}, COL_TEXT = {238, 230, 214, 255},
           COL_DIM = {168, 158, 144, 255}, COL_HEAD = {232, 190, 110, 255}, COL_ERROR = {244, 116, 98, 255},
           COL_NOTE = {130, 184, 250, 255},
           COL_RING = {36, 116, 240, 255}, COL_JUMPED = {228, 32, 32, 255}, COL_MUST = {250, 148, 26, 255},
           COL_SELECTED = {255, 214, 64, 255}, COL_HINT = {64, 204, 96, 255}, COL_LAST = {255, 224, 96, 96},
           COL_LAST_SPOT = {240, 160, 40, 230},
           COL_CURSOR = {255, 255, 255, 230};

static const rgba WHITE = {255, 255, 255, 255};

/* A square canvas reaching 'reach' around its centre, made into a sprite. */
static void finish(ui *u, sprite *s, canvas *c) {
  s->tex = paint_texture(u->ren, c);
  s->w = c->w;
  s->h = c->h;
  s->ax = c->w / 2;
  s->ay = c->h / 2;
  paint_free(c);
}

static int start(canvas *c, float reach, float *centre) {
  int side = (int)ceilf(2 * reach) + 4;
  *centre = side / 2.0f;
  return paint_new(c, side, side);
}

static void make_piece(ui *u, sprite *s, int radius, int side, int king) {
  canvas c;
  float m;
  if (start(&c, radius * 1.3f, &m)) return;
  paint_piece(&c, m, m, (float)radius, side);
  if (king) paint_crown(&c, m, m - 0.02f * radius, (float)radius);
  finish(u, s, &c);
}

/* A ring where a piece would stand, with a faint fill: a point the piece may go to. */
static void make_target(ui *u, sprite *s, int radius) {
  canvas c;
  float m, r = (float)radius, w = fmaxf(2.0f, 0.15f * r);
  if (start(&c, r, &m)) return;
  rgba fill = WHITE;
  fill.a = 56;
  paint_disc(&c, m, m, 0.86f * r - w / 2, fill);
  paint_ring(&c, m, m, 0.86f * r - w / 2, 0.86f * r + w / 2, WHITE);
  finish(u, s, &c);
}

/* A ring just outside a piece's edge: jumped, must capture, selected. */
static void make_outline(ui *u, sprite *s, int radius) {
  canvas c;
  float m, r = (float)radius, w = fmaxf(2.5f, 0.14f * r);
  if (start(&c, r + w, &m)) return;
  paint_ring(&c, m, m, r + 0.02f * r, r + 0.02f * r + w, WHITE);
  finish(u, s, &c);
}

/* A soft glow under the selected piece, and a softer spot for the last move. */
static void make_glow(ui *u, sprite *s, int radius, float reach, float strength) {
  canvas c;
  float m;
  if (start(&c, radius * reach, &m)) return;
  for (int y = 0; y < c.h; y++)
    for (int x = 0; x < c.w; x++) {
      float d = sqrtf((x + .5f - m) * (x + .5f - m) + (y + .5f - m) * (y + .5f - m)) / (radius * reach);
      float t = d >= 1 ? 0 : 1 - d;
      paint_blend(&c, x, y, WHITE, strength * sqrtf(t));
    }
  finish(u, s, &c);
}

void sprites_free(sprites *sp) {
  for (int i = 0; i < SPR_COUNT; i++) {
    if (sp->s[i].tex) SDL_DestroyTexture(sp->s[i].tex);
    sp->s[i].tex = NULL;
  }
  sp->radius = 0;
}

void sprites_make(ui *u, sprites *sp, int radius) {
  if (sp->radius == radius) return;
  sprites_free(sp);
  sp->radius = radius;
  make_piece(u, &sp->s[SPR_MAN_W], radius, DR_WHITE, 0);
  make_piece(u, &sp->s[SPR_MAN_B], radius, DR_BLACK, 0);
  make_piece(u, &sp->s[SPR_KING_W], radius, DR_WHITE, 1);
  make_piece(u, &sp->s[SPR_KING_B], radius, DR_BLACK, 1);
  make_target(u, &sp->s[SPR_TARGET], radius);
  make_outline(u, &sp->s[SPR_OUTLINE], radius);
  make_glow(u, &sp->s[SPR_HALO], radius, 1.45f, 0.9f);
  make_glow(u, &sp->s[SPR_SPOT], radius, 1.2f, 0.8f);
}

const sprite *sprite_piece(const sprites *sp, int side, int king) {
  return &sp->s[side == DR_WHITE ? (king ? SPR_KING_W : SPR_MAN_W) : (king ? SPR_KING_B : SPR_MAN_B)];
}

/* Draws 's' with its anchor on (x, y), tinted (white: as painted). */
void sprite_draw(ui *u, const sprite *s, int x, int y, rgba tint) {
  if (!s->tex) return;
  SDL_Rect dst = {x - s->ax, y - s->ay, s->w, s->h};
  SDL_SetTextureColorMod(s->tex, tint.r, tint.g, tint.b);
  SDL_SetTextureAlphaMod(s->tex, tint.a);
  SDL_RenderCopy(u->ren, s->tex, NULL, &dst);
}
