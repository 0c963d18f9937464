/*
** line.h — what the line-mode front end (play.c) shares with its online part
** (play_online.c): the front end's state, its board, its input, and the online
** commands and news.  Like any front end it reaches the game only through the host.
*/
#ifndef DRAUGHTS_LINE_H
#define DRAUGHTS_LINE_H

#include <draughts/frontend.h>

#include "cli.h"

typedef struct line_ui {
  const dr_host *h;
  dr_session *s;
  int flip;
  int plies_shown;     /* the board was last printed at this many plies; -1 never */
  char notice[256];    /* the online news last printed */
  char score_notice[256]; /* the scores' notice last shown: a new one (a save that failed) is shown once */
  int told;            /* the end of the game was told */
  char tally[256];     /* the tally last printed */
  char in[4096];       /* standard input read ahead, up to a whole line */
  size_t inlen;
  int eof;
} line_ui;

void line_show(line_ui *u);
void line_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* play_online.c */
/* The request '--server', '--join' and '--watch' ask for; 0 when none does. */
int online_request_of(const cli_args *a, dr_online_request *req);
/* Waits for the online request to give a game: 0, or -1 with 'why'. */
int online_line_wait_game(line_ui *u, char *why, size_t len);
/* Prints what 'poll' said changed online. */
void online_line_news(line_ui *u, int events);
/* The person plays, but not now: the line is not read until it is their move. */
int online_line_waiting(line_ui *u);
/* An online command ('draw', 'decline', 'abort', 'rematch', 'leave', 'online',
** 'games SERVER', 'watch GAME'); 1 when 'line' was one. */
int online_line_command(line_ui *u, const char *line);
/* A word for the prompt: "white", "black", "watching". */
const char *online_line_prompt(line_ui *u, const char *side);

#endif
