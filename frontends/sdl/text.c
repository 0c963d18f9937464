/*
** text.c — DejaVu Sans through SDL2_ttf, and a small cache of rendered strings: most of
** the panel is the same from one frame to the next, and rendering text is the costly
** part of a frame, so each string is rendered once and its texture reused.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui.h"

#define CACHE_SIZE 256

typedef struct cached {
  char *s;
  int font;
  Uint32 colour;
  SDL_Texture *tex;
  int w, h;
} cached;

static cached cache[CACHE_SIZE];

void text_flush(void) {
  for (int i = 0; i < CACHE_SIZE; i++) {
    if (cache[i].tex) SDL_DestroyTexture(cache[i].tex);
    free(cache[i].s);
    memset(&cache[i], 0, sizeof cache[i]);
  }
}

void text_close(ui *u) {
  text_flush();
  for (int i = 0; i < FONT_COUNT; i++) {
    if (u->font[i]) TTF_CloseFont(u->font[i]);
    u->font[i] = NULL;
  }
  u->font_px = 0;
}

static TTF_Font *open_font(const char *path, int px) {
  TTF_Font *f = TTF_OpenFont(path, px);
  if (!f && strcmp(path, FONT_BOLD_PATH) == 0) { /* no bold face: the regular one, emboldened */
    f = TTF_OpenFont(FONT_PATH, px);
    if (f) TTF_SetFontStyle(f, TTF_STYLE_BOLD);
  }
  if (f) TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
  return f;
}

/* The fonts at a body size of 'px' pixels; nothing to do if they already are. */
int text_open(ui *u, int px, char *why, size_t len) {
  if (px == u->font_px) return 0;
  text_close(u);
  static const struct {
    const char *path;
    int percent;
  } faces[FONT_COUNT] = {{FONT_PATH, 100}, {FONT_PATH, 84}, {FONT_BOLD_PATH, 100}, {FONT_BOLD_PATH, 190}};
  for (int i = 0; i < FONT_COUNT; i++) {
    int size = px * faces[i].percent / 100;
    u->font[i] = open_font(faces[i].path, size < 6 ? 6 : size);
    if (!u->font[i]) {
      snprintf(why, len, "cannot open the font %s (install %s): %s", FONT_PATH, FONT_PACKAGE, TTF_GetError());
      text_close(u);
      return -1;
    }
  }
  u->font_px = px;
  return 0;
}

static Uint32 hash_of(int font, Uint32 colour, const char *s) {
  Uint32 h = 2166136261u ^ (Uint32)font ^ colour * 16777619u;
  for (; *s; s++) h = (h ^ (Uint8)*s) * 16777619u;
  return h;
}

static Uint32 pack(rgba c) { return (Uint32)c.r << 24 | (Uint32)c.g << 16 | (Uint32)c.b << 8 | c.a; }

/* The cached rendering of 's', made on first use; NULL if it cannot be rendered. */
static cached *lookup(ui *u, int font, rgba col, const char *s) {
  Uint32 colour = pack(col);
  cached *c = &cache[hash_of(font, colour, s) % CACHE_SIZE];
  if (c->s && c->font == font && c->colour == colour && strcmp(c->s, s) == 0) return c;
  if (c->tex) SDL_DestroyTexture(c->tex);
  free(c->s);
  memset(c, 0, sizeof *c);
  SDL_Color fg = {col.r, col.g, col.b, 255};
  SDL_Surface *surf = TTF_RenderUTF8_Blended(u->font[font], s, fg);
  if (!surf) return NULL;
  c->tex = SDL_CreateTextureFromSurface(u->ren, surf);
  c->w = surf->w;
  c->h = surf->h;
  SDL_FreeSurface(surf);
  c->s = strdup(s);
  if (!c->tex || !c->s) return NULL;
  c->font = font;
  c->colour = colour;
  SDL_SetTextureAlphaMod(c->tex, col.a);
  return c;
}

static void record(ui *u, SDL_Rect box, const char *s) {
  if (u->ntexts >= MAX_DRAWN_TEXTS) return;
  drawn_text *t = &u->text[u->ntexts++];
  t->box = box;
  snprintf(t->s, sizeof t->s, "%s", s);
}

int text_draw(ui *u, int font, rgba col, int x, int y, const char *s) {
  if (!s || !*s || !u->font[font]) return 0;
  cached *c = lookup(u, font, col, s);
  if (!c) return 0;
  SDL_Rect dst = {x, y, c->w, c->h};
  SDL_RenderCopy(u->ren, c->tex, NULL, &dst);
  record(u, (SDL_Rect){x, y, c->w, TTF_FontHeight(u->font[font])}, s);
  return c->w;
}

int text_width(ui *u, int font, const char *s) {
  int w = 0, h = 0;
  if (s && *s && u->font[font]) TTF_SizeUTF8(u->font[font], s, &w, &h);
  return w;
}

/* At least 1, so that layouts may divide by it even without a font. */
int text_height(ui *u, int font) {
  int h = u->font[font] ? TTF_FontLineSkip(u->font[font]) : 0;
  return h > 0 ? h : 1;
}

/* Splits 's' into lines of at most 'width' pixels, breaking at spaces and at newlines:
** line i is 'len[i]' bytes from 'start[i]'.  Returns the number of lines (at most 'max'). */
int text_wrap(ui *u, int font, const char *s, int width, int *start, int *len, int max) {
  int n = 0;
  char buf[1024];
  for (const char *p = s; *p && n < max;) {
    int line = (int)strcspn(p, "\n"), fit = 0;
    for (int end = 0; end <= line;) { /* the longest run of whole words that fits; at least one */
      int next = end + (int)strcspn(p + end, " \n");
      if (next > line) next = line;
      int take = next < (int)sizeof buf ? next : (int)sizeof buf - 1;
      memcpy(buf, p, (size_t)take), buf[take] = '\0';
      if (fit > 0 && text_width(u, font, buf) > width) break;
      fit = next;
      end = next + 1;
    }
    start[n] = (int)(p - s), len[n++] = fit;
    p += fit;
    if (*p == ' ' || *p == '\n') p++;
  }
  return n;
}

/* How many bytes of 's' fit in 'width' pixels, cut between characters. */
int text_fit(ui *u, int font, const char *s, int width) {
  int n = (int)strlen(s);
  char buf[1024];
  if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
  while (n > 0) {
    memcpy(buf, s, (size_t)n);
    buf[n] = '\0';
    if (text_width(u, font, buf) <= width) return n;
    do n--; /* back to the start of a UTF-8 character */
    while (n > 0 && ((Uint8)s[n] & 0xc0) == 0x80);
  }
  return 0;
}

/* A text too wide for its place loses its end to an ellipsis, never a silent cut. */
void text_cut(ui *u, int font, char *s, size_t size, int width) {
  static const char dots[] = "\xe2\x80\xa6"; /* U+2026 */
  if (text_width(u, font, s) <= width) return;
  int n = text_fit(u, font, s, width - text_width(u, font, dots));
  while (n > 0 && s[n - 1] == ' ') n--;
  if ((size_t)n + sizeof dots > size) n = (int)(size - sizeof dots);
  memcpy(s + n, dots, sizeof dots);
}
