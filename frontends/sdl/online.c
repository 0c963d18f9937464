/*
** online.c — the online form and the list of games to watch, drawn in the window, and
** the screen shown while a request is on its way.  What the rows are and what they do
** is common to the front ends (frontends/common/online.c); here are the rows in the
** window, their clicks and keys, and the server's address or the join code typed on
** their rows.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

#define ONLINE_KEY(row, part) (0x20000 + (row) * 4 + (part))
#define WATCH_KEY(index) (0x30000 + (index))

static menu_grid grid_of(ui *u) {
  int W = u->lay.out_w, h = text_height(u, FONT_TEXT);
  menu_grid g = {0, W * 8 / 10 < h * 40 ? W * 8 / 10 : h * 40, 0, h * 2};
  g.x = (W - g.w) / 2;
  g.label_w = text_width(u, FONT_TEXT, "Server") + 2 * h;
  return g;
}

/* Text is typed only on a text row: elsewhere letters are keys. */
static void sync_typing(ui *u) {
  size_t size;
  gui_typing(fe_online_field(&u->fe, &size) != NULL);
}

/* Typing on a text row edits it; 1 if the event was for it. */
static int edit_field(ui *u, const SDL_Event *ev) {
  size_t size;
  char *text = fe_online_field(&u->fe, &size);
  return text && gui_edit(text, size, ev, 0);
}

static void title_and_message(ui *u, const menu_grid *g, const char *title, int *y) {
  int h = text_height(u, FONT_TEXT);
  *y = u->lay.out_h / 2 - 10 * h;
  if (*y < h) *y = h;
  text_draw(u, FONT_TITLE, COL_HEAD, g->x, *y, title);
  *y += text_height(u, FONT_TITLE) + h;
}

static void footer(ui *u, const char *keys) {
  int h = text_height(u, FONT_TEXT), W = u->lay.out_w, H = u->lay.out_h;
  text_draw(u, FONT_TEXT, u->fe.msg_is_error ? COL_ERROR : COL_TEXT, h, H - 4 * h, u->fe.msg);
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 2 * h, keys);
}

/* ---------------------------------------------------------- the form */

void online_draw(ui *u) {
  menu_grid g = grid_of(u);
  int y, h = text_height(u, FONT_TEXT);
  title_and_message(u, &g, "Play online", &y);
  for (int row = 0; row < FE_ON_NROWS; row++) {
    char value[200];
    size_t size;
    if (!fe_online_row_shown(&u->fe, row)) continue;
    fe_online_value(&u->fe, row, value, sizeof value);
    int selected = u->fe.onl.row == row;
    if (row == FE_ON_GO) {
      int w = text_width(u, FONT_BOLD, value) + 2 * h;
      menu_button(u, (SDL_Rect){g.x + (g.w - w) / 2, y + h / 2, w, g.row_h}, selected, value, ONLINE_KEY(row, 1));
      break;
    }
    if (selected && fe_online_field(&u->fe, &size)) strncat(value, "_", sizeof value - strlen(value) - 1);
    menu_row(u, &g, selected, y, fe_online_label(row), value, ONLINE_KEY(row, 0));
    y += g.row_h + h / 2;
  }
  footer(u, "Up/Down: line   Left/Right: change   type on Server and Code   Enter: go   Esc: back");
}

static void online_click(ui *u, int key) {
  if (key < ONLINE_KEY(0, 0) || key >= ONLINE_KEY(FE_ON_NROWS, 0)) return;
  u->fe.onl.row = (key - ONLINE_KEY(0, 0)) / 4;
  int part = (key - ONLINE_KEY(0, 0)) % 4;
  if (u->fe.onl.row == FE_ON_GO) fe_online_go(&u->fe);
  else if (part != 1) fe_online_change(&u->fe, part == 0 ? -1 : 1);
}

void online_event(ui *u, const SDL_Event *ev) {
  if (!edit_field(u, ev) && ev->type == SDL_KEYDOWN) {
    switch (ev->key.keysym.sym) {
    case SDLK_UP: fe_online_row(&u->fe, -1); break;
    case SDLK_DOWN: case SDLK_TAB: fe_online_row(&u->fe, 1); break;
    case SDLK_LEFT: fe_online_change(&u->fe, -1); break;
    case SDLK_RIGHT: fe_online_change(&u->fe, 1); break;
    case SDLK_RETURN: case SDLK_KP_ENTER: fe_online_go(&u->fe); break;
    case SDLK_ESCAPE: fe_menu_open(&u->fe); break;
    default: break;
    }
  } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
    online_click(u, gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale)));
  }
  sync_typing(u);
}

/* ------------------------------------------------------ the watch list */

void watch_draw(ui *u) {
  menu_grid g = grid_of(u);
  int y, h = text_height(u, FONT_TEXT), server_row = u->fe.onl.row == FE_WATCH_SERVER;
  char server[160];
  title_and_message(u, &g, "Watch a game", &y);
  snprintf(server, sizeof server, "%s%s", u->fe.onl.server, server_row ? "_" : "");
  menu_row(u, &g, server_row, y, "Server", server, ONLINE_KEY(FE_ON_SERVER, 0));
  y += g.row_h + h;
  text_draw(u, FONT_TEXT, COL_DIM, g.x, y, fe_watch_state(&u->fe));
  for (int i = 0, n = fe_watch_count(&u->fe); i < n && y + 2 * h < u->lay.out_h - 5 * h; i++) {
    char line[256];
    fe_watch_line(&u->fe, i, line, sizeof line);
    line[text_fit(u, FONT_TEXT, line, g.w - h)] = '\0';
    SDL_Rect box = {g.x - h / 2, y, g.w + h, h * 3 / 2};
    if (!server_row && i == u->fe.onl.pick) fill_round(u, box, h / 2, (rgba){255, 240, 210, 40});
    text_draw(u, FONT_TEXT, COL_TEXT, g.x, y + h / 4, line);
    gui_button(u, box, WATCH_KEY(i));
    y += h * 3 / 2;
  }
  footer(u, "Up/Down: choose   Enter: watch (on Server: ask again)   click a game to watch it   Esc: back");
}

static void watch_click(ui *u, int key) {
  if (key >= WATCH_KEY(0) && key < WATCH_KEY(0x10000)) {
    u->fe.onl.row = FE_WATCH_LIST;
    u->fe.onl.pick = key - WATCH_KEY(0);
    fe_watch_go(&u->fe);
  } else if (key >= ONLINE_KEY(FE_ON_SERVER, 0) && key < ONLINE_KEY(FE_ON_SERVER + 1, 0)) {
    u->fe.onl.row = FE_WATCH_SERVER;
  }
}

static void watch_key(ui *u, SDL_Keycode sym) {
  switch (sym) {
  case SDLK_UP: fe_watch_move(&u->fe, -1); break;
  case SDLK_DOWN: case SDLK_TAB: fe_watch_move(&u->fe, 1); break;
  case SDLK_RETURN: case SDLK_KP_ENTER: fe_watch_enter(&u->fe); break;
  case SDLK_ESCAPE: fe_menu_open(&u->fe); break;
  default: break;
  }
}

void watch_event(ui *u, const SDL_Event *ev) {
  if (!edit_field(u, ev) && ev->type == SDL_KEYDOWN) watch_key(u, ev->key.keysym.sym);
  else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT)
    watch_click(u, gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale)));
  sync_typing(u);
}

/* ------------------------------------------------------------ waiting */

void waiting_draw(ui *u) {
  char line[256];
  int h = text_height(u, FONT_TEXT);
  if (!fe_online_status(&u->fe, line, sizeof line)) snprintf(line, sizeof line, "%s", u->fe.msg);
  text_draw(u, FONT_BOLD, COL_TEXT, (u->lay.out_w - text_width(u, FONT_BOLD, line)) / 2, u->lay.out_h / 2 - h, line);
  footer(u, "Esc: back to the menu   q: quit");
}

void waiting_event(ui *u, const SDL_Event *ev) {
  if (ev->type != SDL_KEYDOWN) return;
  if (ev->key.keysym.sym == SDLK_q) u->fe.quit = 1;
  else if (ev->key.keysym.sym == SDLK_ESCAPE) u->fe.h->online_leave(u->fe.s), fe_menu_open(&u->fe); /* the request is dropped */
}
