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
** form.c (the new-game form), scores.c, review.c (looking back through a game), online.c (the
** online and watch forms, the online game's lines beside the board, its commands and news),
** friends.c (the friends server on the menu, invitations and codes on the scores screen).
*/
#ifndef FE_COMMON_H
#define FE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <draughts/frontend.h>

/* What a front end shows. */
enum { FE_VIEW_GAME, FE_VIEW_MENU, FE_VIEW_HELP, FE_VIEW_SCORES, FE_VIEW_ONLINE, FE_VIEW_WATCH };

/* The question open over the game. */
enum { FE_ASK_NONE, FE_ASK_MOVE, FE_ASK_SAVE, FE_ASK_LOAD, FE_ASK_QUIT, FE_ASK_RESIGN, FE_ASK_DRAW };

/* The new-game form: its rows, and the row and the choices made. */
enum {
  FE_ROW_VARIANT, FE_ROW_RULES, FE_ROW_OPPONENT, FE_ROW_LEVEL, FE_ROW_CLOCK, FE_ROW_PLAYER,
  FE_ROW_FRIENDS, /* only when the host has a friends server (version 5) */
  FE_ROW_START,
  FE_ROW_ONLINE, FE_ROW_WATCH, /* only when the host plays online */
  FE_NROWS
};
typedef struct fe_form {
  int row, variant, preset, opponent, level;
  int clock;             /* the clock's choice (fe_form_clock); 0: none */
  int level_chosen;      /* the level was changed here: a new game keeps it */
  char player[64];       /* the nickname as typed */
  char server[256];      /* the friends server as typed ("" none) */
} fe_form;

#define FE_HISTORY_ROWS 50 /* recent games the scores screen reaches */

/* The online form (FE_VIEW_ONLINE) and the watch list (FE_VIEW_WATCH). */
enum { FE_ON_SERVER, FE_ON_ACTION, FE_ON_CODE, FE_ON_CLOCK, FE_ON_SIDE, FE_ON_PUBLIC, FE_ON_GO, FE_ON_NROWS };
enum { FE_WATCH_SERVER, FE_WATCH_LIST };
typedef struct fe_online_form {
  int row;               /* FE_ON_* (FE_WATCH_* in the watch list) */
  char server[128];
  int join;              /* 0: create a game (the new-game form's game and rules), 1: join one */
  char code[24];
  int clock, side, listed; /* create: a clock of the list, white/black/random, public */
  int pick;              /* the watch list's chosen game */
} fe_online_form;

/* What the front end last heard of the online game. */
typedef struct fe_online_seen {
  char game[24];         /* the game on the board: a new one (joined, a rematch) is set up afresh */
  char notice[256];      /* the news, once said */
  int hide_tally;        /* the player chose not to see the spectators' suggestions */
  int replaced;          /* a new online game took the board: nothing of the old one slides */
} fe_online_seen;

/* The scores screen, and what the player was last told about scores. */
typedef struct fe_scores {
  int variant, preset, top; /* the game and rules shown, its first recent game shown */
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
  int review;            /* the game is looked back at after this many moves; -1: it is played */
  int numbers;           /* the points' numbers are shown, for boards that number them */
  int draw_asked;        /* the draw offer on the board was put to the other player */
  int friend_code_typing; /* the scores screen's field for a friend's code is open */
  char friend_code[64];
  char friend_msg[256];  /* the scores screen's word on friends (a request refused), "" */
  fe_form form;
  fe_scores scores;
  fe_online_form onl;
  fe_online_seen seen;
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
const char *fe_preference(fe_state *f, const char *name); /* a setting from the command line, or NULL */
int fe_numbered(fe_state *f);                 /* the board's points have numbers */
void fe_move_example(fe_state *f, char *out, size_t len); /* moves of this position to show as examples */
void fe_default_file(fe_state *f, char *out, size_t len); /* where a game is saved unless said otherwise */
char *fe_locale_ctype(int utf8);              /* the user's character set (or UTF-8); the old one to restore */
void fe_locale_restore(char *old);

/* status.c */
const char *fe_side_title(fe_state *f, int side); /* "White", "Black": the variant's names */
const char *fe_result_title(fe_state *f, int result, char *out, size_t len); /* "White wins", "a draw" */
const char *fe_who(const dr_status *st, int side); /* "computer", "you", "player 1" */
void fe_player_name(fe_state *f, const dr_status *st, int side, char *out, size_t len); /* online: the nickname */
const char *fe_guest_mark(const dr_online *o, int side); /* " (guest)" or "" */
int fe_computer_plays(const dr_status *st);
void fe_status_line(fe_state *f, char *out, size_t len);
int fe_draw_count(const dr_status *st, char *out, size_t len); /* the draw rule's count as a line; 0: none */
void fe_level_text(fe_state *f, const dr_status *st, char *out, size_t len); /* the computer's level */
void fe_clock_text(int ms, char *out, size_t len); /* "4:32", "0:09.5" under ten seconds */
int fe_move_rows(const dr_status *st);        /* numbered rows of the move list */
void fe_move_row(fe_state *f, const dr_status *st, int row, char *a, char *b, size_t len);

/* review.c */
int fe_review_kept(const fe_state *f);        /* the host has 'position_at' */
int fe_reviewing(const fe_state *f);
void fe_review_to(fe_state *f, int ply);      /* the position after 'ply' moves; the last one: the game */
void fe_review_step(fe_state *f, int delta);
void fe_position(fe_state *f, dr_position *out); /* what the board shows: reviewed, or the game's */
int fe_review_refuses(fe_state *f);           /* 1 (and said why) while a review hides the game */
void fe_review_text(fe_state *f, char *out, size_t len); /* "Looking back: after 12. c3-d4" */

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
  FE_CMD_TYPE, FE_CMD_HELP, FE_CMD_SCORES, FE_CMD_GO, FE_CMD_QUIT, FE_CMD_ANIMATE, FE_CMD_DROP, FE_CMD_REDO,
  FE_CMD_DRAW, FE_CMD_PAUSE, FE_CMD_BACK, FE_CMD_FORWARD, FE_CMD_FIRST, FE_CMD_LAST, FE_CMD_NUMBERS, FE_CMD_THEME,
  FE_CMD_SOUND, FE_CMD_DECLINE, FE_CMD_ABORT, FE_CMD_REMATCH, FE_CMD_TALLY /* the last four: online */
};
/* Keys a front end passes for its own (Esc, and page and line keys for reviewing). */
enum { FE_KEY_ESC = 27, FE_KEY_PGUP = 0x1001, FE_KEY_PGDN, FE_KEY_HOME, FE_KEY_END };
int fe_command(fe_state *f, int key);         /* FE_CMD_* still to finish: see keys.c */
int fe_tap(fe_state *f, int point);           /* DR_INPUT_*; a whole move is played */
int fe_hint_pick(fe_state *f, char *text, size_t len); /* 0: the hinted piece selected, the cursor on */
int fe_enter(fe_state *f);                    /* Enter: a tap under the cursor, or the whole hint; DR_INPUT_* */
int fe_play_text(fe_state *f, const char *text);
int fe_file(fe_state *f, int kind, const char *path); /* FE_ASK_SAVE or FE_ASK_LOAD */
void fe_yes_no(fe_state *f, int yes);         /* the answer to FE_ASK_QUIT, FE_ASK_RESIGN or FE_ASK_DRAW */
void fe_draw_watch(fe_state *f);              /* a draw offered on the board is put to the other player */
typedef struct fe_key {
  int key;
  const char *label;
  int weight;            /* 10: always shown; lighter ones are left out when room is short */
  int shown;             /* offered in this game */
} fe_key;
int fe_game_keys(fe_state *f, fe_key *out, int max); /* the commands this game offers, in order */
void fe_key_line(fe_state *f, int width, char *out, size_t len); /* "u undo  h hint  ...", to fit 'width' */
const char *fe_question(fe_state *f, char *out, size_t len); /* the yes/no question open, in words */

/* form.c */
void fe_menu_open(fe_state *f);
void fe_form_info(fe_state *f, dr_variant_info *info); /* the variant chosen */
const char *fe_form_rules(fe_state *f, const dr_variant_info *info);
const char *fe_form_opponent(const fe_state *f, const char *friend_text);
void fe_form_level(fe_state *f, const dr_variant_info *info, char *out, size_t len);
const char *fe_form_player(fe_state *f);
void fe_form_clock(fe_state *f, char *out, size_t len); /* "5 min + 3 s", "none", "-" without two people */
const char *fe_form_leaving(fe_state *f);     /* a warning that a new game resigns this one, or "" */
int fe_form_typing(fe_state *f);              /* typed text goes to a row: the nickname or the server */
char *fe_form_field(fe_state *f, size_t *size); /* the text the row being typed on edits, or NULL */
void fe_form_row(fe_state *f, int delta);
void fe_form_goto(fe_state *f, int row);      /* a row chosen (clicked) */
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
const char *fe_scores_rules(fe_state *f, const dr_variant_info *info); /* the rules shown, "" for none */
int fe_rules_kept(const fe_state *f);         /* the host keeps records per rules, and friends' */
/* A record and a streak under 'rules', the player's (friend NULL) or a friend's: as the host's slots. */
int fe_record(fe_state *f, const char *friend_nick, const char *variant, const char *rules, int level, dr_score *out);
int fe_streak(fe_state *f, const char *friend_nick, const char *variant, const char *rules, dr_streak *out);
int fe_friends(fe_state *f, char names[][64], int max); /* the friends whose records were imported */
const char *fe_mark_text(const char *mark, char *out, size_t len); /* " — beats Expert", or "" */
void fe_best_text(int best, char *out, size_t len); /* the best streak, "-" before any win */
const char *fe_outcome_word(int outcome);     /* DR_SCORE_*: "loss", "draw", "win" */
void fe_date_text(int64_t when, char *out, size_t len);

/* friends.c — through the host's version-5 slots, when it has them. */
int fe_friends_kept(const fe_state *f);       /* the host has a friends server */
void fe_friends_state(fe_state *f, dr_friends *out); /* zeroed when it has none */
int fe_friends_busy(fe_state *f);             /* a request to the server is on its way */
void fe_friends_form_open(fe_state *f);       /* the menu's Friends line shows the server set */
int fe_friends_form_apply(fe_state *f);       /* the server typed there is set, if it changed */
const char *fe_friends_form_value(fe_state *f); /* the line's text */
int fe_friends_invite(fe_state *f);           /* the scores screen's 'i': an invitation asked for */
void fe_friends_code_open(fe_state *f);       /* 'a': a friend's code to type */
char *fe_friends_code_field(fe_state *f, size_t *size); /* the code typed, or NULL when not typing */
int fe_friends_code_send(fe_state *f);        /* Enter: the code accepted */
void fe_friends_code_close(fe_state *f);      /* Esc */
#define FE_FRIENDS_LINES 4
int fe_friends_lines(fe_state *f, char lines[][256], int max); /* the scores screen's lines on friends */
const char *fe_friends_keys(fe_state *f);     /* "i: invite a friend ...", "" without friends */

/* online.c — through the host's version-3 slots, when it has them. */
int fe_online_kept(const fe_state *f);        /* the host plays online */
void fe_online(fe_state *f, dr_online *out);  /* state DR_ONLINE_NONE when it does not */
int fe_online_on(fe_state *f);                /* the game on the board is an online one */
int fe_online_connecting(fe_state *f);        /* a request is on its way and no game is on the board */
void fe_online_news(fe_state *f, int events); /* after 'poll': the news said, a new game set up */
int fe_online_status(fe_state *f, char *out, size_t len); /* the online status line; 0: not online */
int fe_online_lines(fe_state *f, char lines[][128], int max); /* beside the board */
int fe_online_command(fe_state *f, int command); /* FE_CMD_DRAW ... */
int fe_tally_at(fe_state *f, int point);      /* suggestions landing on 'point', for the board; 0 hidden */
/* the online form */
void fe_online_open(fe_state *f, int watch);  /* FE_VIEW_ONLINE, or FE_VIEW_WATCH (asking for the list) */
int fe_online_row_shown(const fe_state *f, int row);
const char *fe_online_label(int row);
void fe_online_value(fe_state *f, int row, char *out, size_t len);
char *fe_online_field(fe_state *f, size_t *size); /* the text the row being typed on edits, or NULL */
void fe_online_row(fe_state *f, int delta);
void fe_online_change(fe_state *f, int delta);
int fe_online_go(fe_state *f);                /* 0: the request is on its way, the game view shown */
/* the watch list */
void fe_watch_refresh(fe_state *f);
int fe_watch_count(fe_state *f);
void fe_watch_line(fe_state *f, int index, char *out, size_t len);
void fe_watch_move(fe_state *f, int delta);   /* Up/Down */
void fe_watch_enter(fe_state *f);             /* Enter */
int fe_watch_go(fe_state *f);
const char *fe_watch_state(fe_state *f);      /* "Asking 127.0.0.1:8035...", "No public games.", "" */

#endif
