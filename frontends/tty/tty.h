/*
** tty.h — the terminal front end's shared state.  The front end draws from the
** plugin's geometry and sends taps and commands to the session ('dr_host'); it holds
** no rules.  What it shares with the window front end (the session, the view, the
** question, the message line, the new-game form, the scores) is its 'fe_state'
** (frontends/common).  Files: tty.c (plugin, terminal, main loop), probe.c, keys.c
** (what keys do), board.c (the board from its geometry), panel.c (status, moves,
** message lines), menu.c (the start menu), online.c (the online form, the games to
** watch), help.c (the help pager), scores.c (the scores screen and the player's
** streak and scores during play).
*/
#ifndef TTY_H
#define TTY_H

#include <draughts/frontend.h>

#include "fe_common.h"

/* Colour pairs; all zero (plain attributes) under NO_COLOR. */
enum {
  PAIR_BOARD = 1, /* playing squares, and the ground of a board of lines */
  PAIR_LIGHT,     /* squares that are not points */
  PAIR_WHITE,     /* white's pieces */
  PAIR_BLACK,     /* black's pieces */
  PAIR_RING,      /* ringed targets, circled pieces that must capture */
  PAIR_JUMPED,    /* pieces being jumped */
  PAIR_LAST,      /* the last move's points */
  PAIR_ERROR,
  PAIR_TITLE,
  PAIR_COUNT
};

/* Where the board was last drawn: what a click or an arrow key refers to. */
typedef struct layout {
  int fits;             /* 0: the terminal is too small for the board */
  int need_w, need_h;   /* the smallest terminal that shows it */
  int boxed;            /* squares drawn with grid lines */
  int top, left;        /* the board's top-left corner on the screen */
  int width, height;    /* the board with its labels */
  int sx, sy;           /* screen cells between neighbouring grid positions */
  int x[DR_MAX_POINTS], y[DR_MAX_POINTS]; /* screen centre of each point */
} layout;

/* Where the move list was last drawn: a click on a move looks back at it. */
typedef struct move_list {
  int y, x, w;          /* the first row's screen row, the list's columns */
  int first, rows;      /* the first numbered row shown, and how many */
} move_list;

typedef struct ui {
  fe_state fe;
  move_list moves;
  int color;
  int palette;           /* the colours: 0 default, 1 high contrast */
  int utf8;              /* the terminal shows UTF-8: kings get a crown */
  char ask_buf[256];
  layout lay;
  int panel_shown;       /* the status panel fitted beside the board */
} ui;

/* probe.c */
int tty_probe(char *why, size_t len);

/* tty.c */
int tty_attr(const ui *u, int pair);
void tty_next_palette(ui *u);
/* Text at (y, x), cut to 'width' columns; nothing off the screen. */
void tty_put(int y, int x, int width, int attr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same, returning the columns written. */
int tty_put_w(int y, int x, int width, int attr, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The length of the first line of 'p' in 'width' columns, broken at a space if it can be. */
int tty_line_len(const char *p, int width);
/* 'text' wrapped into at most 'max' lines of 'width' columns from row 'y'; the row after it. */
int tty_para(int y, int x, int width, int max, int attr, const char *text);
/* A key typed into a text field: Backspace, or a printable character ('spaces': a space
** too) added while it fits.  1 if the key was for the field. */
int tty_edit(char *text, size_t size, int ch, int spaces);

/* keys.c */
void keys_game(ui *u, int ch);
void keys_follow_hint(ui *u); /* select the hinted piece, cursor on its landing */

/* board.c */
void board_layout(ui *u, int avail_w, int avail_h);
void board_draw(ui *u);
int board_point_at(const ui *u, int y, int x); /* -1: no point there */

/* panel.c */
void panel_draw(ui *u, int top, int left, int width, int height);
void panel_bottom(ui *u);

/* menu.c */
void menu_draw(ui *u);
void menu_key(ui *u, int ch);

/* scores.c */
void scores_draw(ui *u);
void scores_key(ui *u, int ch);
int scores_panel(ui *u, int y, int x, int w); /* the player's lines beside the board */

/* online.c: the online form and the list of games to watch */
void online_draw(ui *u);
void online_key(ui *u, int ch);
void watch_draw(ui *u);
void watch_key(ui *u, int ch);

/* help.c */
void help_draw(ui *u);
void help_key(ui *u, int ch);

#endif
