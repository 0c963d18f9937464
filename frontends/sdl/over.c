/*
** over.c — cards drawn over the board: the end of the game with its reason, and the
** questions (a file name, a typed move, "resign?", "quit?").  Their buttons are
** registered as they are drawn, so a click finds them, and each has its key.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gui.h"

static const rgba CARD = {250, 244, 232, 246}, CARD_TEXT = {46, 36, 30, 255}, CARD_DIM = {120, 104, 90, 255},
                  BUTTON = {92, 58, 36, 255}, BUTTON_TEXT = {250, 240, 222, 255}, FIELD = {255, 255, 255, 255},
                  SELECTION = {190, 214, 250, 255};

int over_shown(ui *u) {
  dr_status st;
  if (u->fe.view != FE_VIEW_GAME || u->fe.ask || u->over_hidden || !u->fe.h->has_game(u->fe.s)) return 0;
  fe_status(&u->fe, &st);
  return st.result != DR_ONGOING;
}

/* A card 'w' by 'h' centred on the board (on the window before there is one). */
static SDL_Rect card(ui *u, int w, int h) {
  SDL_Rect area = u->lay.frame.w > 0 ? u->lay.frame : (SDL_Rect){0, 0, u->lay.out_w, u->lay.out_h};
  if (w > area.w - 8) w = area.w - 8;
  SDL_Rect r = {area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h};
  int lift = text_height(u, FONT_TEXT) / 4;
  fill_round(u, (SDL_Rect){r.x + lift, r.y + 2 * lift, r.w, r.h}, lift * 3, (rgba){0, 0, 0, 90}); /* its shadow */
  fill_round(u, r, lift * 3, CARD);
  return r;
}

static void centred(ui *u, int font, rgba col, SDL_Rect r, int y, const char *s) {
  text_draw(u, font, col, r.x + (r.w - text_width(u, font, s)) / 2, y, s);
}

/* The width of a row of buttons. */
static int buttons_width(ui *u, int n, const char *const *labels, int *w) {
  int h = text_height(u, FONT_TEXT) * 3 / 2, gap = h / 2, total = -gap;
  for (int i = 0; i < n; i++) total += (w[i] = text_width(u, FONT_TEXT, labels[i]) + h) + gap;
  return total;
}

/* Buttons side by side, centred in 'r' at 'y': "key label" each. */
static void buttons(ui *u, SDL_Rect r, int y, int n, const int *keys, const char *const *labels) {
  int h = text_height(u, FONT_TEXT) * 3 / 2, gap = h / 2, w[4], total = buttons_width(u, n, labels, w);
  int x = r.x + (r.w - total) / 2;
  for (int i = 0; i < n; i++) {
    SDL_Rect b = {x, y, w[i], h};
    fill_round(u, b, h / 3, BUTTON);
    centred(u, FONT_TEXT, BUTTON_TEXT, b, y + (h - text_height(u, FONT_TEXT)) / 2, labels[i]);
    gui_button(u, b, keys[i]);
    x += w[i] + gap;
  }
}

static void draw_game_over(ui *u) {
  dr_status st;
  static const int keys[] = {'n', 'u', FE_KEY_ESC};
  static const char *const labels[] = {"N  new game", "U  undo", "Esc  see the board"};
  fe_status(&u->fe, &st);
  fill_rect(u, u->lay.frame, (rgba){20, 12, 6, 110});
  int line = text_height(u, FONT_TEXT), title = text_height(u, FONT_TITLE), w[3];
  int width = buttons_width(u, 3, labels, w) + 3 * line;
  SDL_Rect r = card(u, width > u->lay.frame.w * 3 / 4 ? width : u->lay.frame.w * 3 / 4, title + 5 * line);
  char what[48];
  fe_result_title(&u->fe, st.result, what, sizeof what);
  what[0] = (char)toupper((unsigned char)what[0]); /* "A draw" */
  centred(u, FONT_TITLE, CARD_TEXT, r, r.y + line / 2, what);
  centred(u, FONT_TEXT, CARD_DIM, r, r.y + line / 2 + title, st.reason);
  buttons(u, r, r.y + title + 2 * line, 3, keys, labels);
}

static const char *question(int kind) {
  switch (kind) {
  case FE_ASK_MOVE: return "Type a move (c3-d4, c3xe5xc7) or a point to tap";
  case FE_ASK_SAVE: return "Save the game (PDN) to";
  case FE_ASK_LOAD: return "Load a game (PDN) from";
  case FE_ASK_QUIT: return "Quit this game?";
  default: return "Resign this game?";
  }
}

/* The answer being typed, the end of it when it is too long, with a caret. */
static void draw_field(ui *u, SDL_Rect r, int y) {
  int h = text_height(u, FONT_TEXT), pad = h / 3;
  SDL_Rect f = {r.x + h, y, r.w - 2 * h, h + 2 * pad};
  fill_round(u, f, pad, FIELD);
  const char *shown = u->ask_buf;
  while (*shown && text_width(u, FONT_TEXT, shown) > f.w - 2 * pad) shown++;
  int w = text_width(u, FONT_TEXT, shown);
  if (u->ask_fresh && w > 0) fill_rect(u, (SDL_Rect){f.x + pad, y + pad, w, h}, SELECTION); /* typing replaces it */
  text_draw(u, FONT_TEXT, CARD_TEXT, f.x + pad, y + pad, shown);
  fill_rect(u, (SDL_Rect){f.x + pad + w + 1, y + pad, 2, h}, CARD_TEXT);
}

static void draw_question(ui *u) {
  int ask = u->fe.ask, line = text_height(u, FONT_TEXT);
  int text = ask == FE_ASK_MOVE || ask == FE_ASK_SAVE || ask == FE_ASK_LOAD;
  dr_scoring sc;
  const char *q = question(ask);
  fe_scoring(&u->fe, &sc);
  if (ask == FE_ASK_QUIT && sc.saved) q = "Quit this game? It counts as a loss."; /* leaving resigns */
  SDL_Rect r = card(u, u->lay.frame.w * 9 / 10, 6 * line);
  centred(u, FONT_BOLD, CARD_TEXT, r, r.y + line / 2, q);
  if (text) {
    draw_field(u, r, r.y + 2 * line);
    centred(u, FONT_SMALL, CARD_DIM, r, r.y + 4 * line + line / 3, "Enter: done    Esc: cancel");
    return;
  }
  static const int keys[] = {'y', 'n'};
  static const char *const labels[] = {"Y  yes", "N  no"};
  buttons(u, r, r.y + 2 * line + line / 2, 2, keys, labels);
}

void over_draw(ui *u) {
  if (u->fe.view != FE_VIEW_GAME) return;
  if (u->fe.ask) draw_question(u);
  else if (over_shown(u)) draw_game_over(u);
}
