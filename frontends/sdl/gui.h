/*
** gui.h — the SDL2 front end's shared state.  Like the terminal front end it draws from
** the plugin's geometry and sends taps and commands to the session ('dr_host'); it
** holds no rules; what it shares with the terminal (the session, the view, the
** question, the message line, the new-game form, the scores) is its 'fe_state'
** (frontends/common).  Everything is drawn in output pixels (on a high-DPI screen there
** are more of them than window coordinates; mouse positions are scaled on arrival).
** Files: gui.c (plugin, window, main loop), probe.c, paint.c (anti-aliased software
** painting: wood, discs, rings, crowns), sprites.c (pieces and markers as textures),
** text.c (fonts and cached text), board.c (layout and drawing from the geometry),
** anim.c (moves slide, leg by leg), keys.c (clicks, keys, commands, questions),
** panel.c (status beside the board, bottom lines), menu.c (new game), online.c (the
** online form, the games to watch), help.c,
** over.c (game-over card and questions over the board), scores.c (the player's scores
** beside the board and the scores screen), script.c (the test driver).
*/
#ifndef GUI_H
#define GUI_H

#include <SDL.h>
#include <SDL_ttf.h>

#include <draughts/frontend.h>

#include "fe_common.h"

#define FONT_PATH "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define FONT_BOLD_PATH "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
#define FONT_PACKAGE "fonts-dejavu-core"

/* Fonts: text in the panel, small print, headings, the game-over title. */
enum { FONT_TEXT, FONT_SMALL, FONT_BOLD, FONT_TITLE, FONT_COUNT };

typedef struct rgba {
  Uint8 r, g, b, a;
} rgba;

/* The palette: a wooden board, cream and ebony pieces, clear markers. */
extern const rgba COL_BG, COL_PANEL, COL_TEXT, COL_DIM, COL_HEAD, COL_ERROR, COL_NOTE, COL_RING, COL_JUMPED, COL_MUST,
    COL_SELECTED, COL_HINT, COL_LAST, COL_LAST_SPOT, COL_CURSOR;

/* An image with its anchor: the point of the image that goes on a point's centre. */
typedef struct sprite {
  SDL_Texture *tex;
  int w, h, ax, ay;
} sprite;

/* Pieces and markers for one size; remade when the board is resized. */
enum { SPR_MAN_W, SPR_MAN_B, SPR_KING_W, SPR_KING_B, SPR_TARGET, SPR_OUTLINE, SPR_HALO, SPR_SPOT, SPR_COUNT };
typedef struct sprites {
  int radius; /* of the pieces they were made for; 0: none yet */
  sprite s[SPR_COUNT];
} sprites;

/* Where things are in the window, in output pixels. */
typedef struct layout {
  int out_w, out_h;     /* laid out for this size... */
  int flip;             /* ...this orientation... */
  const dr_geometry *g; /* ...this board... */
  int theme;            /* ...and these colours */
  SDL_Rect frame;       /* the board with its wooden frame and coordinates */
  SDL_Rect grid;        /* the squares (or the area the points stand in) */
  SDL_Rect panel;       /* the status */
  int cell;             /* pixels between neighbouring grid positions */
  int radius;           /* of a piece */
  int x[DR_MAX_POINTS], y[DR_MAX_POINTS]; /* centre of each point */
  int portrait;         /* the panel under the board, not beside it */
} layout;

/* A piece sliding on the board. */
enum { ANIM_NONE, ANIM_MOVE, ANIM_SLIDE };
typedef struct anim {
  int kind;             /* ANIM_MOVE: a move played, over 'base'; ANIM_SLIDE: a landing being entered */
  dr_position base;     /* the position before the move (ANIM_MOVE) */
  int side, king;       /* the moving piece */
  int origin;           /* where it stood: drawn empty meanwhile */
  uint8_t stop[DR_MAX_JUMPS + 1]; /* the points it passes: stop[0] first, stop[nlegs] last */
  int jumped[DR_MAX_JUMPS];       /* the piece each leg jumps, -1 none */
  int leg, nlegs;       /* the leg under way */
  Uint32 leg_start;     /* when it began (SDL ticks) */
  int leg_ms;
} anim;

typedef struct script script;

/* A text as last drawn, for the test driver to check the layout (nothing overlaps,
** nothing is cut without an ellipsis, nothing leaves its area). */
typedef struct drawn_text {
  SDL_Rect box;
  char s[72];
} drawn_text;
#define MAX_DRAWN_TEXTS 160

typedef struct ui {
  fe_state fe;
  SDL_Window *win;
  SDL_Renderer *ren;
  TTF_Font *font[FONT_COUNT];
  int font_px;           /* size the fonts were opened at */
  float scale;           /* output pixels per window coordinate */
  int animate;           /* moves slide (key 'a', DRAUGHTS_SDL_ANIMATE=0 turns it off) */
  int cursor_shown;      /* shown after an arrow key, hidden again by a click */
  int over_hidden;       /* the game-over card was put away to look at the board */
  char ask_buf[512];
  int ask_fresh;         /* the answer is the proposed one: typing replaces it */
  layout lay;
  SDL_Texture *board_tex; /* the board without pieces, for 'lay' */
  sprites spr, icons;    /* pieces on the board, and small ones for the panel */
  int seen_plies;        /* the game as last drawn: a change of one ply is animated */
  dr_position seen_pos;
  int pending_leg;       /* legs of the player's move already shown while entering it */
  anim an;
  int menu_player_fresh; /* the menu's text row is as proposed: typing replaces it */
  int menu_typed_row;    /* the menu's row text input was turned on for */
  int nbuttons;          /* what can be clicked, as last drawn: a box and its key */
  SDL_Rect button[48];
  int button_key[48];
  script *sc;
  int ntexts;            /* the texts of the frame being drawn (for the test driver) */
  drawn_text text[MAX_DRAWN_TEXTS];
  SDL_Rect card;         /* the card over the board, as last drawn; empty when none */
  int redraw;            /* draw the next frame whatever happens */
  SDL_Rect moves_box;    /* the move list as last drawn: the wheel scrolls it */
  int theme;             /* the board's colours (board.c) */
  SDL_AudioDeviceID audio; /* 0: nothing to play on */
  int sound_on;          /* sounds wanted ('v', --sound off) */
  int sound_plies, sound_result; /* the game as last heard */
  int sounds;            /* sounds played so far, and the last: for the test driver */
  char last_sound[16];
  int moves_back;        /* rows it is scrolled back from the latest */
} ui;

/* probe.c */
int gui_probe(char *why, size_t len);
int gui_video_start(char *why, size_t len); /* SDL_Init'ed video, or -1 and why not */

/* The button of the move played at 'ply' in the move list (a click looks back at it). */
#define KEY_MOVE(ply) (0x40000 + (ply))

/* gui.c */
void gui_draw(ui *u);  /* the whole frame, not presented */
int gui_settled(ui *u); /* nothing moving, nobody thinking: what a script step waits for */
void gui_replaced(ui *u); /* the game was replaced (undo, new, load): nothing to animate */
void gui_button(ui *u, SDL_Rect r, int key);
int gui_button_at(const ui *u, int x, int y); /* the key of the button there, 0 none */
/* Typing into a text field: text typed (with spaces if 'spaces'), Backspace; 1 if the
** event was for the field (a letter typed is not a command). */
int gui_edit(char *text, size_t size, const SDL_Event *ev, int spaces);
/* Text input on while 'typing', off otherwise; 1 when it has just been turned on. */
int gui_typing(int typing);

/* paint.c — anti-aliased painting into 32-bit ARGB pixel buffers. */
typedef struct canvas {
  Uint32 *px;
  int w, h;
} canvas;
int paint_new(canvas *c, int w, int h);
void paint_free(canvas *c);
SDL_Texture *paint_texture(SDL_Renderer *ren, const canvas *c);
void paint_blend(canvas *c, int x, int y, rgba col, float cover);
void paint_disc(canvas *c, float cx, float cy, float r, rgba col);
void paint_ring(canvas *c, float cx, float cy, float r_in, float r_out, rgba col);
void paint_segment(canvas *c, float x1, float y1, float x2, float y2, float width, rgba col);
void paint_wood(canvas *c, SDL_Rect area, rgba base, float grain, int seed);
void paint_piece(canvas *c, float cx, float cy, float r, int side);
void paint_crown(canvas *c, float cx, float cy, float r);

/* sprites.c */
void sprites_make(ui *u, sprites *sp, int radius);
void sprites_free(sprites *sp);
void sprite_draw(ui *u, const sprite *s, int x, int y, rgba tint);
const sprite *sprite_piece(const sprites *sp, int side, int king);

/* text.c */
int text_open(ui *u, int px, char *why, size_t len);
void text_close(ui *u);
void text_flush(void);
int text_draw(ui *u, int font, rgba col, int x, int y, const char *s); /* returns the width */
int text_width(ui *u, int font, const char *s);
int text_height(ui *u, int font);
int text_fit(ui *u, int font, const char *s, int width); /* bytes of 's' that fit */
void text_cut(ui *u, int font, char *s, size_t size, int width); /* 's' cut to 'width' with an ellipsis */
int text_wrap(ui *u, int font, const char *s, int width, int *start, int *len, int max);

/* board.c */
int board_theme(const char *name); /* the index of a board theme, -1 if none */
const char *board_theme_names(void); /* "wood, light, dark" */
void board_next_theme(ui *u);
void board_layout(ui *u);
void board_draw(ui *u);
int board_point_at(const ui *u, int x, int y); /* -1: no point there */
void board_release(ui *u);
void fill_rect(ui *u, SDL_Rect r, rgba col);
void fill_round(ui *u, SDL_Rect r, int radius, rgba col);

/* sound.c */
enum { SOUND_MOVE, SOUND_CAPTURE, SOUND_END, SOUND_COUNT };
void sound_open(ui *u);
void sound_close(ui *u);
void sound_play(ui *u, int kind);
void sound_toggle(ui *u);
void sound_sync(ui *u);    /* the game as it is, without a sound */
void sound_watch(ui *u);   /* a move or the end since: its sound */

/* anim.c */
void anim_catch_up(ui *u); /* after the game changed: slide the new move */
void anim_reset(ui *u);    /* the game was replaced (new, undo, load): nothing to slide */
void anim_slide(ui *u, int from, int to);
void anim_finish(ui *u);
int anim_step(ui *u);      /* advances by the clock; 1 while something moves, and as it stops */
int anim_piece(const ui *u, int *side, int *king, float *x, float *y); /* the moving piece */
dr_bits anim_hidden(const ui *u); /* points drawn empty meanwhile */

/* keys.c */
void keys_event(ui *u, const SDL_Event *ev);
void keys_follow_hint(ui *u);

/* panel.c */
void panel_draw(ui *u);

/* over.c */
void over_draw(ui *u);
int over_shown(ui *u);

/* menu.c */
void menu_draw(ui *u);
void menu_event(ui *u, const SDL_Event *ev);
/* A row of a form: its label, '<' value '>' (buttons key, key + 2 and key + 1 for the row). */
typedef struct menu_grid {
  int x, w, label_w, row_h;
} menu_grid;
void menu_row(ui *u, const menu_grid *g, int selected, int y, const char *label, const char *value, int key);
void menu_button(ui *u, SDL_Rect b, int selected, const char *label, int key);

/* scores.c — through the host's version-2 slots, when it has them. */
void scores_draw(ui *u);
void scores_event(ui *u, const SDL_Event *ev);

/* online.c: the online form, the games to watch, waiting for the server */
void online_draw(ui *u);
void online_event(ui *u, const SDL_Event *ev);
void watch_draw(ui *u);
void watch_event(ui *u, const SDL_Event *ev);
void waiting_draw(ui *u);
void waiting_event(ui *u, const SDL_Event *ev);

/* help.c */
void help_draw(ui *u);
void help_event(ui *u, const SDL_Event *ev);

/* script.c — a test driver: DRAUGHTS_SDL_SCRIPT names a file of clicks, keys and
** screenshots played one step at a time whenever the game has settled. */
script *script_open(const char *path, char *why, size_t len);
void script_close(script *sc);
enum { SCRIPT_WAITING, SCRIPT_STEPPED, SCRIPT_ENDED };
int script_step(ui *u, char *why, size_t len); /* SCRIPT_*, or -1 and why */

#endif
