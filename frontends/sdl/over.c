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
  u->card = r;
  fill_round(u, (SDL_Rect){r.x + lift, r.y + 2 * lift, r.w, r.h}, lift * 3, (rgba){0, 0, 0, 90}); /* its shadow */
  fill_round(u, r, lift * 3, CARD);
  return r;
}

static void centred(ui *u, int font, rgba col, SDL_Rect r, int y, const char *s) {
  text_draw(u, font, col, r.x + (r.w - text_width(u, font, s)) / 2, y, s);
}

/* A row of buttons: the first 'n' of 'labels' that fit in 'width' (at least one); their
** widths in 'w' and the row's in '*total'. */
static int buttons_row(ui *u, int n, const char *const *labels, int width, int *w, int *total) {
  int h = text_height(u, FONT_TEXT) * 3 / 2, gap = h / 2, k = 0;
  *total = -gap;
  for (; k < n; k++) {
    w[k] = text_width(u, FONT_TEXT, labels[k]) + h;
    if (k > 0 && *total + gap + w[k] > width) break;
    *total += gap + w[k];
  }
  return k;
}

/* The rows the buttons take in 'width'. */
static int buttons_rows(ui *u, int n, const char *const *labels, int width) {
  int w[4], total, rows = 0;
  for (int i = 0; i < n; rows++) i += buttons_row(u, n - i, labels + i, width, w, &total);
  return rows;
}

/* Buttons centred in 'r' from 'y', in as many rows as its width needs: "key label" each. */
static void buttons(ui *u, SDL_Rect r, int y, int n, const int *keys, const char *const *labels) {
  int h = text_height(u, FONT_TEXT) * 3 / 2, gap = h / 2, pad = text_height(u, FONT_TEXT);
  for (int i = 0; i < n; y += h + gap) {
    int w[4], total, k = buttons_row(u, n - i, labels + i, r.w - 2 * pad, w, &total);
    int x = r.x + (r.w - total) / 2;
    for (int j = 0; j < k; j++, i++) {
      SDL_Rect b = {x, y, w[j], h};
      fill_round(u, b, h / 3, BUTTON);
      centred(u, FONT_TEXT, BUTTON_TEXT, b, y + (h - text_height(u, FONT_TEXT)) / 2, labels[i]);
      gui_button(u, b, keys[i]);
      x += w[j] + gap;
    }
  }
}

/* Undo is offered only where the game's end can be taken back. */
static void draw_game_over(ui *u) {
  dr_status st;
  fe_status(&u->fe, &st);
  static const int undo_keys[] = {'n', 'u', FE_KEY_ESC}, keys_only[] = {'n', FE_KEY_ESC};
  static const char *const undo_labels[] = {"N  new game", "U  undo", "Esc  see the board"};
  static const char *const labels_only[] = {"N  new game", "Esc  see the board"};
  const int *keys = st.can_undo ? undo_keys : keys_only;
  const char *const *labels = st.can_undo ? undo_labels : labels_only;
  int n = st.can_undo ? 3 : 2;
  fill_rect(u, u->lay.frame, (rgba){20, 12, 6, 110});
  int line = text_height(u, FONT_TEXT), title = text_height(u, FONT_TITLE), w[3], one_row;
  buttons_row(u, n, labels, 1 << 20, w, &one_row);
  int width = one_row + 3 * line > u->lay.frame.w * 3 / 4 ? one_row + 3 * line : u->lay.frame.w * 3 / 4;
  if (width > u->lay.frame.w - 8) width = u->lay.frame.w - 8;
  int rows = buttons_rows(u, n, labels, width - 2 * line);
  SDL_Rect r = card(u, width, title + 3 * line + rows * (line * 3 / 2 + line * 3 / 4));
  char what[48];
  fe_result_title(&u->fe, st.result, what, sizeof what);
  what[0] = (char)toupper((unsigned char)what[0]); /* "A draw" */
  centred(u, FONT_TITLE, CARD_TEXT, r, r.y + line / 2, what);
  char reason[160];
  snprintf(reason, sizeof reason, "%s", st.reason);
  text_cut(u, FONT_TEXT, reason, sizeof reason, r.w - line);
  centred(u, FONT_TEXT, CARD_DIM, r, r.y + line / 2 + title, reason);
  buttons(u, r, r.y + title + 2 * line, n, keys, labels);
}

static const char *question(int kind) {
  switch (kind) {
  case FE_ASK_MOVE: return "Type a move or a point to tap";
  case FE_ASK_SAVE: return "Save the game (PDN) to";
  case FE_ASK_LOAD: return "Load a game (PDN) from";
  default: return NULL; /* a yes/no question: fe_question */
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
  char yes_no[192];
  const char *q = question(ask);
  if (!q) q = fe_question(&u->fe, yes_no, sizeof yes_no);
  SDL_Rect r = card(u, u->lay.frame.w * 9 / 10, 6 * line);
  char shown[192];
  snprintf(shown, sizeof shown, "%s", q);
  text_cut(u, FONT_BOLD, shown, sizeof shown, r.w - line);
  centred(u, FONT_BOLD, CARD_TEXT, r, r.y + line / 2, shown);
  if (text) {
    char example[192] = "Enter: done    Esc: cancel";
    if (ask == FE_ASK_MOVE) { /* the variant's own moves as examples */
      snprintf(example, sizeof example, "%s", "For example ");
      fe_move_example(&u->fe, example + strlen(example), sizeof example - strlen(example));
      strncat(example, "    Enter: done    Esc: cancel", sizeof example - strlen(example) - 1);
    }
    text_cut(u, FONT_SMALL, example, sizeof example, r.w - line);
    draw_field(u, r, r.y + 2 * line);
    centred(u, FONT_SMALL, CARD_DIM, r, r.y + 4 * line + line / 3, example);
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
