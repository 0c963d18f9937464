/*
** menu.c — the new-game menu drawn in the window: game, rules, opponent, level,
** player, the friends server.  It opens when 'draughts play' names no variant, and on
** 'n'.  Each row has arrows to click (or Left/Right).  The form's choices and what
** starting does are common to the front ends (frontends/common/form.c, friends.c);
** here are its rows in the window, its clicks and keys, and the nickname and the
** server typed on their rows.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

/* Button keys: a row's arrows, the row itself, and the start button. */
#define MENU_KEY(row, part) (0x10000 + (row) * 4 + (part))
enum { PART_LESS, PART_ROW, PART_MORE };

/* Typing goes to a text row only while it is chosen; what it proposes, typing replaces. */
static void sync_typing(ui *u) {
  int typing = fe_form_typing(&u->fe);
  if (gui_typing(typing) || (typing && u->menu_typed_row != u->fe.form.row)) u->menu_player_fresh = 1;
  u->menu_typed_row = typing ? u->fe.form.row : -1;
}

/* A text row's value, with a caret while it is being typed. */
static const char *field_text(ui *u, int row, const char *value) {
  static char shown[300];
  size_t size;
  const char *text = fe_form_field(&u->fe, &size);
  if (u->fe.form.row != row || !text || !SDL_IsTextInputActive() || u->menu_player_fresh) return value;
  snprintf(shown, sizeof shown, "%s_", text);
  return shown;
}

/* ------------------------------------------------------------------ draw */

typedef menu_grid grid;

void menu_row(ui *u, const grid *g, int selected, int y, const char *label, const char *value, int key) {
  int h = text_height(u, FONT_TEXT), arrow = g->row_h;
  SDL_Rect box = {g->x + g->label_w, y, g->w - g->label_w, g->row_h};
  if (selected)
    fill_round(u, (SDL_Rect){g->x - h / 2, y, g->w + h, g->row_h}, h / 2, (rgba){255, 240, 210, 30});
  text_draw(u, FONT_TEXT, COL_DIM, g->x, y + (g->row_h - h) / 2, label);
  SDL_Rect less = {box.x, y, arrow, g->row_h}, more = {box.x + box.w - arrow, y, arrow, g->row_h};
  text_draw(u, FONT_BOLD, COL_HEAD, less.x + (arrow - text_width(u, FONT_BOLD, "<")) / 2, y + (g->row_h - h) / 2, "<");
  text_draw(u, FONT_BOLD, COL_HEAD, more.x + (arrow - text_width(u, FONT_BOLD, ">")) / 2, y + (g->row_h - h) / 2, ">");
  char shown[256];
  snprintf(shown, sizeof shown, "%s", value);
  shown[text_fit(u, FONT_BOLD, shown, box.w - 2 * arrow)] = '\0';
  int x = box.x + (box.w - text_width(u, FONT_BOLD, shown)) / 2;
  text_draw(u, FONT_BOLD, COL_TEXT, x, y + (g->row_h - h) / 2, shown);
  gui_button(u, (SDL_Rect){g->x, y, g->w, g->row_h}, key + PART_ROW); /* under the arrows: */
  gui_button(u, less, key + PART_LESS); /* the last registered is the one a click finds */
  gui_button(u, more, key + PART_MORE);
}

static void draw_row(ui *u, const grid *g, int row, int y, const char *label, const char *value) {
  menu_row(u, g, u->fe.form.row == row, y, label, value, MENU_KEY(row, 0));
}

void menu_button(ui *u, SDL_Rect b, int selected, const char *label, int key) {
  int h = text_height(u, FONT_BOLD);
  fill_round(u, b, b.h / 3, selected ? COL_HEAD : (rgba){232, 190, 110, 120});
  text_draw(u, FONT_BOLD, (rgba){40, 26, 16, 255}, b.x + (b.w - text_width(u, FONT_BOLD, label)) / 2,
            b.y + (b.h - h) / 2, label);
  gui_button(u, b, key);
}

static void draw_doc(ui *u, const grid *g, int y, const char *doc) {
  int start[3], len[3], h = text_height(u, FONT_SMALL);
  int n = text_wrap(u, FONT_SMALL, doc, g->w - g->label_w, start, len, 3);
  for (int i = 0; i < n; i++) {
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", len[i], doc + start[i]);
    text_draw(u, FONT_SMALL, COL_DIM, g->x + g->label_w, y + i * h, buf);
  }
}

/* Start, and where the host plays online, Play online and Watch beside it. */
static void draw_start(ui *u, const grid *g, int y) {
  static const char *const labels[] = {"Start the game", "Play online", "Watch"};
  int n = fe_online_kept(&u->fe) ? 3 : 1, h = text_height(u, FONT_BOLD), w[3], total = 0;
  for (int i = 0; i < n; i++) total += (w[i] = text_width(u, FONT_BOLD, labels[i]) + 2 * h) + (i ? h : 0);
  for (int i = 0, x = g->x + (g->w - total) / 2; i < n; x += w[i] + h, i++)
    menu_button(u, (SDL_Rect){x, y, w[i], g->row_h}, u->fe.form.row == FE_ROW_START + i, labels[i],
                MENU_KEY(FE_ROW_START + i, PART_ROW));
}

/* The rows from 'y' down; returns where the start button goes. */
static int draw_rows(ui *u, const grid *g, int y) {
  dr_variant_info info;
  char level[80];
  int h = text_height(u, FONT_TEXT), preset = u->fe.form.preset;
  fe_form_info(&u->fe, &info);
  fe_form_level(&u->fe, &info, level, sizeof level);
  draw_row(u, g, FE_ROW_VARIANT, y, "Game", info.title);
  draw_row(u, g, FE_ROW_RULES, y += g->row_h + h / 2, "Rules", fe_form_rules(&u->fe, &info));
  if (preset < info.npresets) draw_doc(u, g, y + g->row_h, info.preset_doc[preset]);
  const char *opponent = fe_form_opponent(&u->fe, "a friend on this computer");
  draw_row(u, g, FE_ROW_OPPONENT, y += g->row_h + 4 * h, "Opponent", opponent);
  draw_row(u, g, FE_ROW_LEVEL, y += g->row_h + h / 2, "Level", level);
  char clock[64];
  fe_form_clock(&u->fe, clock, sizeof clock);
  draw_row(u, g, FE_ROW_CLOCK, y += g->row_h + h / 2, "Clock", clock);
  draw_row(u, g, FE_ROW_PLAYER, y += g->row_h + h / 2, "Player",
           field_text(u, FE_ROW_PLAYER, fe_form_player(&u->fe)));
  if (fe_friends_kept(&u->fe))
    draw_row(u, g, FE_ROW_FRIENDS, y += g->row_h + h / 2, "Friends",
             field_text(u, FE_ROW_FRIENDS, fe_friends_form_value(&u->fe)));
  return y + g->row_h + h * 3 / 2;
}

/* The rows' height as 'draw_rows' lays them out: six rows (seven with Friends), their gaps
** and the preset's doc under the rules. */
#define ROWS_HEIGHT(g, h, friends) ((6 + (friends)) * ((g).row_h + (h) / 2) + 4 * (h) + (h) / 2)

/* Title, rows, start button and message: their height. */
static int block_height(ui *u, const grid *g, int h) {
  return text_height(u, FONT_TITLE) + h + ROWS_HEIGHT(*g, h, fe_friends_kept(&u->fe)) + g->row_h + h + 2 * h;
}

void menu_draw(ui *u) {
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT);
  grid g = {0, W * 7 / 10 < h * 34 ? W * 7 / 10 : h * 34, 0, h * 2};
  g.x = (W - g.w) / 2;
  g.label_w = text_width(u, FONT_TEXT, "Opponent") + 2 * h;
  int keys_y = H - 2 * h, rows = 7 + fe_friends_kept(&u->fe), over = block_height(u, &g, h) - (keys_y - h / 2);
  if (over > 0) g.row_h -= (over + rows - 1) / rows; /* a short window: the rows closer, still a line tall */
  if (g.row_h < h * 5 / 4) g.row_h = h * 5 / 4;
  /* Title, rows, start button and message, centred above the keys line at the bottom. */
  int block = block_height(u, &g, h);
  int y = (H - block) / 2;
  if (y + block > keys_y) y = keys_y - block;
  if (y < h / 2) y = h / 2;
  text_draw(u, FONT_TITLE, COL_HEAD, g.x, y, "A new game");
  y += text_height(u, FONT_TITLE) + h;
  if (u->fe.h->variant_count(u->fe.s) == 0) {
    text_draw(u, FONT_TEXT, COL_ERROR, g.x, y, "No variant plugins were found (see 'draughts list'). Press q to quit.");
    return;
  }
  y = draw_rows(u, &g, y);
  draw_start(u, &g, y);
  y += g.row_h + h;
  char line[256];
  snprintf(line, sizeof line, "%s", *u->fe.msg ? u->fe.msg : fe_form_leaving(&u->fe));
  text_cut(u, FONT_TEXT, line, sizeof line, W - g.x - h);
  text_draw(u, FONT_TEXT, u->fe.msg_is_error ? COL_ERROR : COL_TEXT, g.x, y, line);
  char keys[128] = "Up/Down: line   Left/Right: change   Enter: start   Esc: back   q: quit";
  text_cut(u, FONT_SMALL, keys, sizeof keys, W - 2 * h);
  keys_y = y + 2 * h > keys_y ? y + 2 * h : keys_y;
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, keys_y, keys);
}

/* ----------------------------------------------------------------- input */

static void start(ui *u) {
  if (fe_form_start(&u->fe)) return;
  u->cursor_shown = 0;
  gui_replaced(u);
}

static void click(ui *u, int key) {
  if (key < MENU_KEY(0, 0) || key >= MENU_KEY(FE_NROWS, 0)) return;
  fe_form_goto(&u->fe, (key - MENU_KEY(0, 0)) / 4);
  int part = (key - MENU_KEY(0, 0)) % 4;
  if (u->fe.form.row >= FE_ROW_START) start(u);
  else if (part != PART_ROW) fe_form_change(&u->fe, part == PART_LESS ? -1 : 1);
}

static void key(ui *u, SDL_Keycode sym) {
  switch (sym) {
  case SDLK_UP: fe_form_row(&u->fe, -1); break;
  case SDLK_DOWN: case SDLK_TAB: fe_form_row(&u->fe, 1); break;
  case SDLK_LEFT: fe_form_change(&u->fe, -1); break;
  case SDLK_RIGHT: fe_form_change(&u->fe, 1); break;
  case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE: start(u); break;
  case SDLK_ESCAPE: fe_menu_back(&u->fe); break;
  case SDLK_q: u->fe.quit = 1; break;
  default: break;
  }
}

/* Typing on a text row edits it (the nickname, the server); 1 if the event was for it. */
static int edit_field(ui *u, const SDL_Event *ev) {
  size_t size;
  char *text = fe_form_field(&u->fe, &size);
  if (!text || !SDL_IsTextInputActive()) return 0;
  int edit = ev->type == SDL_TEXTINPUT || (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_BACKSPACE);
  if (u->menu_player_fresh && edit) text[0] = '\0', u->menu_player_fresh = 0; /* typing replaces it */
  return gui_edit(text, size, ev, 1);
}

void menu_event(ui *u, const SDL_Event *ev) {
  if (edit_field(u, ev)) return;
  if (ev->type == SDL_KEYDOWN) key(u, ev->key.keysym.sym);
  else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT)
    click(u, gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale)));
  sync_typing(u);
}
