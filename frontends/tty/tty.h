/*
** tty.h — the terminal front end's shared state.  The front end draws from the
** plugin's geometry and sends taps and commands to the session ('dr_host'); it holds
** no rules.  Files: tty.c (plugin, terminal, main loop), probe.c, keys.c (what keys do),
** board.c (the board from its geometry), panel.c (status, moves, message lines),
** menu.c (the start menu), help.c (the help pager), scores.c (the scores screen and
** the player's streak and scores during play).
*/
#ifndef TTY_H
#define TTY_H

#include <draughts/frontend.h>

/* What the screen shows. */
enum { VIEW_GAME, VIEW_MENU, VIEW_HELP, VIEW_SCORES };

/* A question on the bottom line. */
enum { ASK_NONE, ASK_MOVE, ASK_SAVE, ASK_LOAD, ASK_QUIT, ASK_RESIGN };

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

typedef struct ui {
  const dr_host *h;
  dr_session *s;
  int view, ask;
  int quit;
  int color;
  int flip;
  int cursor;            /* point under the keyboard cursor, -1 none */
  char ask_buf[256];
  char msg[256];
  int msg_is_error;
  char last_file[256];
  layout lay;
  int panel_shown;       /* the status panel fitted beside the board */
  dr_engine eng;
  int hint_active;       /* following the hint in 'eng.hint' */
  int seen_plies;        /* plies when the screen last caught up with the game */
  int help_top;          /* first line shown by the help pager */
  /* The start menu. */
  int menu_row, menu_variant, menu_preset, menu_opponent, menu_level;
  char menu_player[64];  /* the nickname as typed */
  /* Scores: the screen, and what the player was last told. */
  int scores_variant, scores_top;
  char seen_notice[256];
  int seen_finished;
} ui;

/* probe.c */
int tty_probe(char *why, size_t len);

/* tty.c */
int tty_attr(const ui *u, int pair);
void tty_say(ui *u, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* keys.c */
void keys_game(ui *u, int ch);
void keys_caught_up(ui *u);  /* after the game moved on: cursor, hint, flip */
void keys_tap(ui *u, int point);
void keys_follow_hint(ui *u); /* select the hinted piece, cursor on its landing */

/* board.c */
void board_layout(ui *u, int avail_w, int avail_h);
void board_draw(ui *u);
int board_point_at(const ui *u, int y, int x); /* -1: no point there */
int board_step(const ui *u, int from, int dx, int dy); /* the nearest point that way */

/* panel.c */
void panel_draw(ui *u, int top, int left, int width, int height);
void panel_bottom(ui *u);
void panel_status_line(ui *u, char *out, int len);

/* menu.c */
void menu_open(ui *u);
void menu_draw(ui *u);
void menu_key(ui *u, int ch);

/* scores.c */
int scores_kept(const ui *u);                 /* the runtime keeps scores (host version 2) */
void scores_status(ui *u, dr_scoring *out);   /* zeroed when it does not */
void scores_open(ui *u);
void scores_draw(ui *u);
void scores_key(ui *u, int ch);
void scores_watch(ui *u);                     /* tell the player of notices and a saved result */
int scores_panel(ui *u, int y, int x, int w); /* the player's lines beside the board */

/* help.c */
void help_draw(ui *u);
void help_key(ui *u, int ch);

#endif
