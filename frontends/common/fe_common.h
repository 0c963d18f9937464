/*
** fe_common.h — what the front ends share, whatever they draw with.  A front end keeps
** an 'fe_state' (the session, the screen and question shown, the message line, the
** engine, the new-game form, the scores) and draws it its own way; the logic that does
** not depend on a terminal or a window lives here, so the terminal and the window
** offer the same menus, keys and words.  It reaches the runtime only through the host
** table ('dr_host'), as a front end does, and uses no curses and no SDL.
** Files: session.c (the host, messages, the engine's news), status.c (status texts,
** the move list), board.c (display positions, point labels, the last move), cursor.c
** (the keyboard cursor, the hint), keys.c (the commands by key, questions answered),
** form.c (the new-game form), scores.c.
*/
#ifndef FE_COMMON_H
#define FE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <draughts/frontend.h>

/* What a front end shows. */
enum { FE_VIEW_GAME, FE_VIEW_MENU, FE_VIEW_HELP, FE_VIEW_SCORES };

/* The question open over the game. */
enum { FE_ASK_NONE, FE_ASK_MOVE, FE_ASK_SAVE, FE_ASK_LOAD, FE_ASK_QUIT, FE_ASK_RESIGN };

/* The new-game form: its rows, and the row and the choices made. */
enum { FE_ROW_VARIANT, FE_ROW_RULES, FE_ROW_OPPONENT, FE_ROW_LEVEL, FE_ROW_PLAYER, FE_ROW_START, FE_NROWS };
typedef struct fe_form {
  int row, variant, preset, opponent, level;
  char player[64];       /* the nickname as typed */
} fe_form;

#define FE_HISTORY_ROWS 50 /* recent games the scores screen reaches */

/* The scores screen, and what the player was last told about scores. */
typedef struct fe_scores {
  int variant, top;      /* the game shown, its first recent game shown */
  char seen_notice[256]; /* the score store's last notice, once said */
  int seen_finished;     /* the result of the game was announced */
} fe_scores;

/* Where a front end last drew the points, in its own units (cells, pixels): what the
** keyboard cursor moves over. */
typedef struct fe_points {
  const int *x, *y;      /* each point's centre */
  dr_bits drawn;         /* the points drawn */
  int step_x, step_y;    /* between neighbouring grid positions */
  int aspect;            /* a unit's height over its width: distances weigh rows by it */
  int mid;               /* the middle of the board across */
  int pull;              /* how much a lower row draws the first cursor, per unit of height */
} fe_points;

/* What a front end keeps, whatever it draws with. */
typedef struct fe_state {
  const dr_host *h;
  dr_session *s;
  int view, ask;         /* FE_VIEW_*, FE_ASK_* */
  int quit;
  int flip;              /* Black at the bottom */
  int help_top;          /* first line shown by the help screen */
  char msg[256];         /* the message line */
  int msg_is_error;
  char last_file[512];   /* the PDN file last saved or loaded */
  dr_engine eng;         /* as last polled */
  int hint_active;       /* following the hint in 'eng.hint' */
  int cursor;            /* the point under the keyboard cursor, -1 none */
  fe_points points;
  int caught_plies;      /* plies when the cursor and hint last caught up with the game; -1 */
  fe_form form;
  fe_scores scores;
} fe_state;

/* session.c */
int fe_host_usable(const dr_host *h, char *why, size_t len); /* 0, or -1 and why not */
void fe_init(fe_state *f, const dr_host *h, dr_session *s);
void fe_say(fe_state *f, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void fe_status(fe_state *f, dr_status *st);   /* zeroed before the first game */
void fe_input(fe_state *f, dr_input *in);     /* nothing selected before the first game */
void fe_variant(fe_state *f, int index, dr_variant_info *info);
int fe_variant_index(fe_state *f, const char *name); /* in the catalogue; -1 for none (or NULL) */
int fe_poll(fe_state *f);                     /* DR_EVENT_*; a move played or a failure is said */
int fe_flip_for(const int player[2]);         /* the board turned so that the person plays upwards */

/* status.c */
const char *fe_side_title(fe_state *f, int side); /* "White", "Black": the variant's names */
const char *fe_result_title(fe_state *f, int result, char *out, size_t len); /* "White wins", "a draw" */
const char *fe_who(const dr_status *st, int side); /* "computer", "you", "player 1" */
int fe_computer_plays(const dr_status *st);
void fe_status_line(fe_state *f, char *out, size_t len);
int fe_move_rows(const dr_status *st);        /* numbered rows of the move list */
void fe_move_row(fe_state *f, const dr_status *st, int row, char *a, char *b, size_t len);

/* board.c */
void fe_display_of(const fe_state *f, const dr_geometry *g, int file, int rank, int *c, int *r); /* column, row */
void fe_point_label(const char *name, char file[3], char rank[3]); /* "c3": "c", "3"; else "" */
dr_bits fe_last_move(fe_state *f);            /* the points the last move went through */

/* cursor.c */
int fe_hint_next(const fe_state *f, const dr_input *in); /* the followed hint's next landing, -1 */
void fe_cursor_target(fe_state *f);           /* after a tap: the hint's next landing, or the nearest target */
void fe_cursor_place(fe_state *f);            /* on a piece that can move */
void fe_cursor_move(fe_state *f, int dx, int dy); /* an arrow key: to the nearest point that way */
int fe_caught_up(fe_state *f);                /* 1 when the game moved on: the hint dropped, the cursor placed */

/* keys.c — the commands, by the same key in every front end. */
enum {
  FE_CMD_NONE, FE_CMD_UNDO, FE_CMD_HINT, FE_CMD_NEW, FE_CMD_RESIGN, FE_CMD_FLIP, FE_CMD_SAVE, FE_CMD_LOAD,
  FE_CMD_TYPE, FE_CMD_HELP, FE_CMD_SCORES, FE_CMD_GO, FE_CMD_QUIT, FE_CMD_ANIMATE, FE_CMD_DROP
};
#define FE_KEY_ESC 27
int fe_command(fe_state *f, int key);         /* FE_CMD_* still to finish: see keys.c */
int fe_tap(fe_state *f, int point);           /* DR_INPUT_*; a whole move is played */
int fe_hint_pick(fe_state *f, char *text, size_t len); /* 0: the hinted piece selected, the cursor on */
int fe_play_text(fe_state *f, const char *text);
int fe_file(fe_state *f, int kind, const char *path); /* FE_ASK_SAVE or FE_ASK_LOAD */
void fe_yes_no(fe_state *f, int yes);         /* the answer to FE_ASK_QUIT or FE_ASK_RESIGN */

/* form.c */
void fe_menu_open(fe_state *f);
void fe_form_info(fe_state *f, dr_variant_info *info); /* the variant chosen */
const char *fe_form_rules(fe_state *f, const dr_variant_info *info);
const char *fe_form_opponent(const fe_state *f, const char *friend_text);
void fe_form_level(fe_state *f, const dr_variant_info *info, char *out, size_t len);
const char *fe_form_player(fe_state *f);
const char *fe_form_leaving(fe_state *f);     /* a warning that a new game resigns this one, or "" */
int fe_form_typing(fe_state *f);              /* typed text goes to the nickname */
void fe_form_row(fe_state *f, int delta);
void fe_form_change(fe_state *f, int delta);
int fe_form_start(fe_state *f);               /* 0: the game is on */
void fe_menu_back(fe_state *f);

/* scores.c */
int fe_scores_kept(const fe_state *f);        /* the host has the version-2 slots */
void fe_scoring(fe_state *f, dr_scoring *out); /* zeroed when scores are not kept */
void fe_scores_watch(fe_state *f);            /* tell the player of a notice and a saved result */
int fe_scores_lines(fe_state *f, char lines[2][128]); /* the player's lines beside the board */
void fe_scores_open(fe_state *f);
void fe_scores_turn(fe_state *f, int delta);
void fe_scores_scroll(fe_state *f, int delta);
void fe_scores_close(fe_state *f);
const char *fe_outcome_word(int outcome);     /* DR_SCORE_*: "loss", "draw", "win" */
void fe_date_text(int64_t when, char *out, size_t len);

#endif
