/*
** session_internal.h — the session's state, shared by session.c (the game, input
** and commands) and session_engine.c (the engine's thread).  Nothing else includes it.
*/
#ifndef DRAUGHTS_SESSION_INTERNAL_H
#define DRAUGHTS_SESSION_INTERNAL_H

#include <pthread.h>

#include "client.h"
#include "game.h"
#include "pdn.h"
#include "profile.h"
#include "proto.h"
#include "rules.h"
#include "scores.h"
#include "search.h"
#include "session.h"

/* A search running on its own thread, over its own copy of the game. */
typedef struct engine_job {
  pthread_t thread;
  int running;          /* started and not yet joined */
  int for_hint;
  volatile int stop;
  game copy;
  search_limits limits;
  double started;
  pthread_mutex_t lock; /* guards the fields below, written by the thread */
  int finished;
  int rc;
  dr_move best;
  int have_info;
  search_info info;
} engine_job;

#define SCORE_MARKS_CACHE 16

/* The scores of the person who plays the computer (session_scores.c). */
typedef struct score_keeper {
  profile_store *store;  /* NULL: no scores kept (no store could open) */
  int64_t profile;       /* the player's id in the store */
  char nickname[PROFILE_NICK_MAX + 1];
  char notice[256];      /* one line for the player, "" if none */
  int streak_mode;       /* the computer's level follows the player's streak */
  char unranked[64];     /* why the game cannot make a record; "" if it can */
  int start_ply;         /* the plies the game came with (a loaded game's): not played here */
  int scripted;          /* a script plays: its player is not remembered for next time */
  int saved;             /* the game's end is saved, with 'result' */
  profile_game result;
  profile_saved effect;
  int nmarks;            /* the marks of the variants asked for so far */
  struct marks_entry {
    char variant[32];
    score_marks m;
  } marks[SCORE_MARKS_CACHE];
} score_keeper;

/* A Fischer clock for two people (session_clock.c). */
typedef struct session_clock {
  int on;
  int64_t left_ms[2];    /* each side's time, as of 'since' for the running side */
  int inc_ms;
  int running;           /* the side whose time runs, -1 none */
  double since;
} session_clock;

#define SESSION_PREFS 8

/* Moves 'undo' took back, to play again: one group per undo, in the order played. */
#define REDO_GROUP 4
typedef struct redo_group {
  int n;
  dr_move m[REDO_GROUP];
} redo_group;

/* The online game, as this side sees it (session_online.c). */
typedef struct online_tally {
  dr_move move;
  int count;
} online_tally;

typedef struct online_play {
  online_client *client;
  int conn, list_conn;      /* the game's connection, the list's; -1 none */
  int state;                /* DR_ONLINE_* */
  int kind;                 /* what was asked: DR_ONLINE_CREATE, JOIN (or a resume), WATCH */
  char *request;            /* the request, sent once the server has said welcome */
  char server[256], nickname[PROTO_MAX_NAME + 1];
  char game[PROTO_MAX_ID + 1], code[PROTO_MAX_ID + 1], token[PROTO_MAX_TOKEN + 1];
  int side;                 /* the person's; -1 watching */
  char name[2][PROTO_MAX_NAME + 1];
  int connected[2];
  int guest[2];             /* not signed in to the profile of that name (and not called "guest") */
  int64_t gone_ms[2];       /* as the server last said; -1 */
  int has_clock, clock_side, initial, increment;
  int64_t clock_ms[2];      /* as the server last said */
  double heard;             /* when it said it (monotonic) */
  int draw_offer, rematch_offer, watchers;
  online_tally *tally;
  int ntally, mine;         /* 'mine': the spectator's own suggestion, an index in the legal moves; -1 */
  dr_online_game *games;
  int ngames, listing;
  int sent_ply;             /* a move went to the server for this ply and is not back; -1 */
  double retry_at;          /* reconnecting: when to try again */
  int retries;
  char notice[256];
  char reason[96];          /* how the game ended */
  int events;               /* DR_EVENT_* for the next 'poll' */
} online_play;

typedef struct friends_sync_job friends_sync_job;

struct dr_session {
  registry *reg;
  char error[ERR_LEN];
  /* The setup of the current game, or the one asked for before the first. */
  char *variant, *rules, *fen, *eval;
  int nsets;
  char **sets;
  int level, player[2];
  int level_open;       /* no level was asked for before the first game */
  char rules_text[256];
  /* The game. */
  int has_game;
  ruleset *rs;          /* the game's rules; NULL before the first game */
  game g;
  /* Move input: the piece and the landings tapped so far. */
  int from, nlandings, stop_here;
  uint8_t landing[DR_MAX_JUMPS];
  /* The engine. */
  engine_job job;
  int engine_failed;    /* no search again until the game changes */
  int hint_ready, announce_hint;
  dr_move hint;
  rng seeds;
  /* One-line docs of every preset, per variant, for 'variant_info'. */
  int ndocs;
  char (*docs)[DR_MAX_PRESETS][200];
  score_keeper sc;
  /* Between two people: a draw offered, moves to redo, a clock; and the pause. */
  int draw_offer;        /* 1 + the side that offers a draw; 0 none */
  int nredo, redo_cap, redoing;
  redo_group *redo;
  int clock_seconds, clock_increment; /* the setup's clock */
  session_clock clock;
  int paused;
  /* Front-end settings from the command line ('session_prefer'). */
  int nprefs;
  struct {
    char name[16], value[64];
  } prefs[SESSION_PREFS];

  online_play op;
  friends_sync_job *fsync; /* session_friends.c: uploads to the server friends are on; NULL */
};

/* Fills a struct a front end passed, never past the 'size' it declared. */
DRI_FUNC void session_copy_out(void *out, const void *full, size_t full_size);
DRI_FUNC int session_fail(session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* session_engine.c */
DRI_FUNC int engine_start(session *s, int for_hint);
DRI_FUNC void engine_cancel(session *s);  /* stops and joins, dropping the result */
DRI_FUNC int engine_collect(session *s);  /* DR_EVENT_* once the search has finished */
DRI_FUNC void engine_fill(session *s, dr_engine *out);
DRI_FUNC void engine_init(session *s);
DRI_FUNC void engine_destroy(session *s);

/* session.c, for the engine */
DRI_FUNC void session_changed(session *s); /* the game moved on: drop input and hint */
DRI_FUNC const dr_move *session_find_legal(session *s, const dr_move *m);
DRI_FUNC int session_apply(session *s, const dr_move *m); /* a legal move, whoever is to move */
DRI_FUNC const char *session_cannot_move(const session *s); /* why a person may not move now, or NULL */
#define SESSION_PDN_TAGS 4
DRI_FUNC void session_pdn_tags(const session *s, pdn_tag tags[SESSION_PDN_TAGS]); /* Event, Date, White, Black */

/* session_scores.c: the session tells the scores what happens to the game. */
/* A new game is installed: resolves DR_LEVEL_STREAK; 'unranked' says why the game
** cannot make a record (NULL: judge from its start position and rules). */
DRI_FUNC void scores_started(session *s, const char *unranked);
DRI_FUNC void scores_finished(session *s);   /* the game has just ended */
DRI_FUNC void scores_undone(session *s);     /* a move was taken back */
DRI_FUNC void scores_abandon(session *s);    /* the game is being left: a loss if the person has moved */
DRI_FUNC int scores_final(const session *s); /* the game is over and its score saved */
DRI_FUNC void scores_close(session *s);

/* session_friends.c: the player's bests go up, the friends' come down, on a thread,
** when the store names a server (at the start, after each game against the computer). */
DRI_FUNC void session_friends_sync(session *s);
DRI_FUNC int session_friends_poll(session *s);  /* DR_EVENT_FRIENDS once the thread has news */
DRI_FUNC void session_friends_free(session *s); /* ends a sync under way at once (its waits cancelled) */

/* session_clock.c */
DRI_FUNC void clock_reset(session *s);          /* a game installed: full time, the side to move's runs */
DRI_FUNC void clock_moved(session *s, int mover); /* 'mover' moved: its time settled, the increment added */
DRI_FUNC void clock_turned(session *s);         /* undo or redo: the side to move's time runs */
DRI_FUNC int clock_check(session *s);           /* 1: the side to move ran out of time and lost */
DRI_FUNC void clock_fill(const session *s, dr_status *st);

/* session.c, for the online game: makes 'rs' and 'g' the session's game (no scores). */
DRI_FUNC void session_install(session *s, ruleset *rs, const game *g, const int player[2]);
DRI_FUNC void session_ruleset_drop(ruleset *rs);

/* session_online.c: what the rest of the session asks of the online game. */
DRI_FUNC void online_init(session *s);
DRI_FUNC void online_free(session *s);
DRI_FUNC int online_on(const session *s);              /* an online game is on the board (or coming) */
DRI_FUNC const char *online_cannot_move(const session *s); /* why not now, or NULL */
DRI_FUNC int online_send_move(session *s, const dr_move *m); /* a player's move or a spectator's suggestion */
DRI_FUNC int online_resign(session *s);
DRI_FUNC int online_poll(session *s);                  /* DR_EVENT_* */
DRI_FUNC void online_end(session *s);                  /* leaves it: a local game takes the board */
DRI_FUNC int online_clock_fill(const session *s, dr_status *st); /* the server's clock, when it runs one: 1 */
/* Host version 4. */
DRI_FUNC int session_online_start(session *s, const dr_online_request *req);
DRI_FUNC void session_online(session *s, dr_online *out);
DRI_FUNC int session_online_game_at(session *s, int index, dr_online_game *out);
DRI_FUNC int session_online_suggestion_at(session *s, int index, dr_suggestion *out);
DRI_FUNC int session_online_command(session *s, int command);
DRI_FUNC void session_online_leave(session *s);

/* session_input.c */
DRI_FUNC const dr_move *session_input_move(session *s); /* the move the input completes, or NULL */
DRI_FUNC int session_input_fits(const session *s, const dr_move *m); /* 'm' goes through the landings tapped */

#endif
