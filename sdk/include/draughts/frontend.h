/*
** draughts/frontend.h — the contract between the runtime and a front-end plugin.
**
** A front end is a shared object exporting one function, 'dr_frontend_entry', that
** returns a 'dr_frontend' descriptor: a name, a title, an optional 'probe' (can it
** start here?) and 'run'.  The runtime's services reach the front end as a 'dr_host',
** a struct of function pointers, so a front-end plugin links against nothing of the
** runtime: it draws from the geometry and calls the host; it knows no rules.
**
** Everything about a game goes through a 'dr_session': the catalogue of variants, a
** new game (variant, rules, level, who plays which side), the position, the legal
** moves, move input one landing point at a time, undo, hint, resign, the engine's
** move with its progress, the end of the game, the move list, PDN files, help text.
** The engine thinks on its own thread: the front end calls 'poll' from its event
** loop (a few times a second is plenty) and stays responsive meanwhile.
**
** Errors: a host function that fails returns -1 and 'error' gives a one-line message
** for the user.  Host functions are called from the front end's thread only.
**
** ABI: every descriptor and every struct the host fills starts with its size.  Slots
** are only ever appended (each group under a comment naming the version that added
** it).  The loader refuses a front end built for a newer ABI; a front end tests
** 'DR_HOST_HAS' before calling a slot newer than version 1.  Structs the host fills
** carry the caller's 'size' first (set it with 'DR_INIT'): the host never writes past it.
*/
#ifndef DRAUGHTS_FRONTEND_H
#define DRAUGHTS_FRONTEND_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <draughts/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DR_FRONTEND_ABI_VERSION 1
#define DR_HOST_ABI_VERSION 6 /* 2: profiles, scores and streaks; 3: review, draw offers, clocks, ...;
                                 4: online play; 5: friends on a server; 6: guests' seats marked */

/* Zeroes a struct the host fills and sets its 'size'. */
#define DR_INIT(s) (memset(&(s), 0, sizeof(s)), (s).size = (uint32_t)sizeof(s))

/* A game session: opaque, owned by the runtime. */
typedef struct dr_session dr_session;

/* Who plays a side.  DR_PLAYER_REMOTE (host version 4): someone over the network, in
** an online game; the session never asks it for a move. */
enum { DR_PLAYER_HUMAN = 1, DR_PLAYER_COMPUTER = 2, DR_PLAYER_REMOTE = 3 };

/* A new game.  Strings are copied by the host. */
typedef struct dr_setup {
  uint32_t size;
  const char *variant;    /* name, or path to a plugin file */
  const char *rules;      /* preset name or .lua file; NULL: the variant's default preset */
  int nsets;
  const char *const *sets; /* "option=value" changes on top of the preset */
  const char *fen;        /* start position; NULL: the variant's start */
  int level;              /* the computer's strength, 1..levels(); 0: the default */
  int player[2];          /* DR_PLAYER_* for White and Black */
  /* Appended in host ABI 2 (read only when 'size' covers it): */
  const char *eval;       /* the engine's weights file (eval.lua format); NULL: the variant's */
  /* Appended in host ABI 3: */
  int clock_seconds;      /* a Fischer clock for two people: each side's time; 0: no clock */
  int clock_increment;    /* seconds added to a side's time after each of its moves */
} dr_setup;

/* True when a struct the front end passed in was built with 'field'. */
#define DR_HAS_FIELD(type, s, field) (offsetof(type, field) + sizeof((s)->field) <= (s)->size)

/* One variant of the catalogue, for a start menu. */
typedef struct dr_variant_info {
  uint32_t size;
  const char *name;
  const char *title;
  int npresets;
  const char *preset[DR_MAX_PRESETS];     /* preset[0] is the default */
  const char *preset_doc[DR_MAX_PRESETS]; /* one line each, may be "" */
  /* Appended in host ABI 3 (zero from an older host): */
  int default_level;    /* the computer's level a new game of it starts at: 1..levels() or DR_LEVEL_STREAK */
  /* Appended (filled only when 'size' covers them; check with DR_HAS_FIELD): what the
  ** variant's players call the sides, the first player's first ("Black", "White" in
  ** English checkers), and their letters in FEN ('B', 'W'). */
  const char *side_name[2];
  char fen_letter[2];
} dr_variant_info;

/* The state of the game, for the status panel. */
typedef struct dr_status {
  uint32_t size;
  const char *variant;  /* name */
  const char *title;
  const char *rules;    /* preset and changed options: "casual,quiet_move_limit=20" */
  int level;
  int player[2];
  int start_turn;       /* side to move in the start position: move numbers start there */
  int turn;             /* side to move */
  int plies;            /* moves played so far */
  int plies_since_capture;
  int plies_since_man_move; /* since a capture or a move of a man */
  int pieces[2];        /* on the board, per side */
  int kings[2];
  int captured[2];      /* pieces of each side taken so far */
  int result;           /* DR_ONGOING, DR_WHITE_WINS, DR_BLACK_WINS, DR_DRAW */
  const char *reason;   /* how the game ended ("no legal move", "white resigned"); "" while on */
  int can_undo;         /* 'undo' has something to take back */
  int human_to_move;    /* the side to move is played by a person */
  const char *warning;  /* something to tell the players ("house rules switched off: ..."); "" if none */
  /* Appended in host ABI 3 (zero from an older host): */
  const char *draw_count; /* what the draw rule counts ("moves each without a capture or a man move"); "" none */
  int draw_counted;     /* how far it has come, in the unit the text names */
  int draw_limit;       /* where the judge ends the game; 0 when not known */
  int can_redo;         /* 'redo' has a move taken back to play again */
  int draw_offer;       /* 1 + the side that offers a draw the other may accept; 0: none */
  int paused;           /* the computer and the clocks are held ('pause') */
  /* Clocks, whoever runs them (the session's Fischer clock, or a server's): */
  int clock;            /* the game is timed: the fields below hold */
  int clock_ms[2];      /* each side's time left as of this call, in milliseconds */
  int clock_running;    /* 1 + the side whose time runs; 0: none (paused, over, not started) */
  int clock_increment_ms; /* added after each move */
} dr_status;

/*
** Move input, one landing point at a time.  Tap the piece to move, then each landing
** point in turn: 'targets' says where the next tap may go, 'jumped' which pieces the
** landings so far jump.  When 'complete' is set, 'play(s, NULL)' plays the move.
*/
typedef struct dr_input {
  uint32_t size;
  int from;             /* the piece being moved, -1 when none is selected */
  int at;               /* where that piece stands now: 'from' or the last landing */
  int nlandings;
  uint8_t landing[DR_MAX_JUMPS];
  dr_bits targets;      /* points the next tap may go to (draw them ringed) */
  dr_bits jumped;       /* pieces jumped by the landings so far (outlined in red) */
  dr_bits movable;      /* pieces of the side to move that have a legal move */
  dr_bits must_capture; /* pieces that must capture (circled); 0 when no capture is forced */
  int complete;         /* the landings make a whole legal move */
  /* Appended in host ABI 3 (zero from an older host): */
  dr_bits removed;      /* jumped pieces already off the board (draw them empty, not outlined): in
                        ** variants where pieces leave one by one as they are jumped */
  int crowned;          /* the moving man was crowned on the way and goes on as a king */
} dr_input;

/* What 'input_point' did with a tap. */
enum {
  DR_INPUT_REFUSED = -1,  /* not a legal step: 'error' says why */
  DR_INPUT_CLEARED = 0,   /* the selection was dropped */
  DR_INPUT_SELECTED = 1,  /* a piece is selected */
  DR_INPUT_LANDED = 2,    /* one more landing; the move goes on */
  DR_INPUT_COMPLETE = 3   /* the move is whole: play it */
};

/* The engine, as the front end shows it. */
typedef struct dr_engine {
  uint32_t size;
  int thinking;         /* 1 while the engine searches */
  int for_hint;         /* the search is a hint for a person, not the computer's move */
  int depth;            /* last completed iteration */
  int score;            /* the searching side's view; a man is 100 */
  char score_text[24];  /* as people read it: "+0.35", "win in 7", "loss in 4" */
  uint64_t nodes;
  double seconds;
  int progress;         /* 0..100: share of the move's depth or time used */
  char best[64];        /* best move so far, as text */
  int hint_ready;       /* a hint for the current position is in 'hint' */
  dr_move hint;
} dr_engine;

/* Events 'poll' reports (a bit set). */
enum {
  DR_EVENT_MOVED = 1,   /* the computer played a move */
  DR_EVENT_HINT = 2,    /* a hint is ready */
  DR_EVENT_FAILED = 4,  /* the engine could not move: 'error' says why */
  DR_EVENT_PROGRESS = 8, /* the engine is thinking: redraw its progress */
  DR_EVENT_ONLINE = 16,  /* host 4: the online game changed (a move, a seat, an offer, the tally,
                         ** the clocks, the list): redraw; 'online' says what, 'notice' in words */
  DR_EVENT_FRIENDS = 32  /* host 5: the friends server answered (an invitation, an accepted code, the
                         ** friends' bests brought down): redraw the scores; 'friends' says what */
};

/* ---- Those below are for host version 2 and greater: profiles, scores, streaks. */

/* A setup's 'level' that lets the player's streak in the variant choose the
** computer's level (the engine's streak-to-level mapping): the opponent that reads
** deeper and blunders less as the player's streak grows. */
#define DR_LEVEL_STREAK DR_DEFAULT_LEVEL_STREAK

/* How a game ended for the person who played the computer. */
enum { DR_SCORE_LOSS = -1, DR_SCORE_DRAW = 0, DR_SCORE_WIN = 1 };

/* A saved game: a record, or a line of the history. */
typedef struct dr_score {
  uint32_t size;
  int64_t id;           /* in the history, for 'score_pdn' */
  char variant[32];     /* name */
  char rules[128];
  int level;            /* the computer's level */
  int streak_level;     /* 1: that level came from the streak */
  int outcome;          /* DR_SCORE_* */
  int points;           /* 100 per own piece left + 10 per own move under 60; 0 unless a win */
  int pieces;           /* own pieces on the board at the end */
  int moves;            /* the person's own moves */
  int ranked;           /* counts for the records: no undo, the variant's start and rules */
  char note[96];        /* how it ended, or why it is kept out of the records */
  int64_t when;         /* when it ended: seconds since 1970, UTC */
  /* Appended in host ABI 3 (zero from an older host): */
  char mark[16];        /* the highest mark a win's points reach ("Expert"), "" none */
} dr_score;

/* The marks of a variant: scores to beat on the scoreboard, not opponents. */
typedef struct dr_score_marks {
  uint32_t size;
  int pro, expert, junior;
} dr_score_marks;

/* A player's streak in a variant under its rules: wins in a row (a loss or a draw ends it). */
typedef struct dr_streak {
  uint32_t size;
  int current, best;
  int level;            /* the computer's level this streak gives (DR_LEVEL_STREAK) */
} dr_streak;

/* The player and what the current game means for the scores. */
typedef struct dr_scoring {
  uint32_t size;
  char nickname[64];    /* the player; "" when no scores are kept (no store could open) */
  int saved;            /* this game is saved when it ends: one person against the computer */
  int ranked;           /* ...and can make a record */
  char unranked_why[64];/* why not: "undo was used", "not from the start position", ... */
  int streak, best_streak; /* the player's, in this variant */
  int streak_level;     /* the computer's level follows the streak */
  int record;           /* the record of this variant and level; 0 if none */
  int finished;         /* the game has ended and its result is saved: */
  int outcome;          /*   DR_SCORE_*, for the person */
  int points;           /*   the score */
  int new_record;       /*   it beat the record */
  char notice[256];     /* one line for the player (a bad file moved aside, a save that failed); "" */
  /* Appended in host ABI 3 (zero from an older host): */
  int leaving_loses;    /* leaving the game now (quit, a new game, a load) records it as a loss */
  char mark[16];        /* the highest mark the finished game's points reach, "" none */
} dr_scoring;

/* ---- Those below are for host version 4 and greater: online play. */

/* What 'online_start' asks a server for. */
enum { DR_ONLINE_CREATE = 1, DR_ONLINE_JOIN = 2, DR_ONLINE_WATCH = 3, DR_ONLINE_LIST = 4 };

typedef struct dr_online_request {
  uint32_t size;
  int kind;               /* DR_ONLINE_* */
  const char *server;     /* "HOST:PORT", "ws://HOST:PORT" or "wss://HOST:PORT" */
  const char *code;       /* JOIN: the join code; WATCH: the game's id */
  const char *nickname;   /* NULL: the player's profile, else the login name */
  /* CREATE: the game (declared presets and options only) and how it is played. */
  const char *variant;
  const char *rules;      /* a preset's name; NULL: the default */
  int nsets;
  const char *const *sets;
  int clock_seconds;      /* 0: no clock */
  int increment_seconds;  /* Fischer: added after each move */
  int side;               /* DR_WHITE, DR_BLACK, or -1: drawn by lot */
  int listed;             /* among the server's public games */
} dr_online_request;

/* Where the online game stands (dr_online.state). */
enum {
  DR_ONLINE_NONE = 0,     /* no online game */
  DR_ONLINE_CONNECTING,   /* the request is on its way */
  DR_ONLINE_WAITING,      /* created: waiting for the second player (give them 'code') */
  DR_ONLINE_PLAYING,
  DR_ONLINE_OVER,         /* the game ended: a rematch may be asked for */
  DR_ONLINE_RECONNECTING, /* the connection dropped: coming back with the seat's token */
  DR_ONLINE_FAILED,       /* the request failed: 'notice' says why */
  DR_ONLINE_LEFT          /* the player left the game on the board */
};

/* The online game: seats, clocks, offers, spectators, the tally, the news. */
typedef struct dr_online {
  uint32_t size;
  int state;              /* DR_ONLINE_* */
  int side;               /* the person's side; -1 when watching */
  char server[128];
  char game[24];          /* the game's id: others watch it with it */
  char code[24];          /* the join code for the second player; "" when watching */
  char name[2][40];       /* White's and Black's nicknames; "" for a free seat */
  int connected[2];
  int gone_ms[2];         /* an empty seat's time before it loses; -1 when taken */
  int has_clock;
  int64_t clock_ms[2];    /* time left now, counted down since the server's last word */
  int clock_side;         /* whose clock runs; -1 none */
  int initial_seconds, increment_seconds;
  int draw_offer;         /* the side that offers a draw; -1 none */
  int rematch_offer;      /* the side that asks for a rematch; -1 none */
  int can_abort;          /* the game may still be aborted */
  int watchers;           /* spectators */
  int nsuggestions;       /* the tally of the current ply: 'online_suggestion_at' */
  int listing;            /* the list of public games is on its way (DR_ONLINE_LIST) */
  int ngames;             /* ...and once it came: 'online_game_at' */
  char notice[256];       /* the latest news, one line ("Black offers a draw."); "" if none */
  char reason[96];        /* how the game ended ("aborted by white"), once it has */
  /* ---- Those below are for host version 6 and greater. */
  int guest[2];           /* the seat's player did not sign in to the profile of that name: show it
                             marked ("ana (guest)"), for anyone may give any name (0 for "guest") */
} dr_online;

/* A public game of the server, from the list. */
typedef struct dr_online_game {
  uint32_t size;
  char game[24];
  char variant[32];
  char title[64];
  char rules[128];
  char clock[24];         /* "5+3" (minutes + seconds per move), "" without a clock */
  char name[2][40];       /* "" for a free seat */
  int waiting;            /* a seat is free */
  int plies, watchers;
} dr_online_game;

/* A move the spectators suggest for the side to move, and how many suggest it. */
typedef struct dr_suggestion {
  uint32_t size;
  dr_move move;
  char text[64];
  int count;
  int mine;               /* the person (a spectator) suggests it */
} dr_suggestion;

/* What 'online_command' does. */
enum {
  DR_ONLINE_DRAW = 1,     /* offer a draw, or accept the one offered */
  DR_ONLINE_DECLINE,      /* decline the draw or the rematch offered */
  DR_ONLINE_ABORT,        /* abort the game before both players have moved */
  DR_ONLINE_REMATCH       /* ask for a rematch, or accept the one asked for */
};

/* ---- Those below are for host version 5 and greater: friends on a server. */

/* What a front end asked the friends server (dr_friends.asked). */
enum { DR_FRIENDS_INVITE = 1, DR_FRIENDS_ACCEPT = 2 };

/* The friends server and the front end's latest request to it. */
typedef struct dr_friends {
  uint32_t size;
  char server[256];       /* the server friends are on, as set ('friends_set_server'); "" none */
  int busy;               /* a request is on its way */
  int asked;              /* DR_FRIENDS_* of the latest request; 0 none yet */
  int failed;             /* it failed: 'notice' says why */
  char code[32];          /* INVITE: the one-time code to give a friend, once it came */
  char link[320];         /*   the link the friend may open instead */
  int64_t expires;        /*   when the code stops working: seconds since 1970, UTC */
  char notice[256];       /* the outcome, one line ("bob and you are friends: ..."); "" */
} dr_friends;

/* The runtime's services.  Unless said otherwise: 0 on success, -1 and 'error'. */
typedef struct dr_host {
  uint32_t abi_version; /* DR_HOST_ABI_VERSION of the runtime */
  uint32_t size;        /* sizeof(dr_host) in the runtime */

  /* The last error, one line. */
  const char *(*error)(dr_session *s);

  /* Catalogue: what can be played. */
  int (*variant_count)(dr_session *s);
  int (*variant_info)(dr_session *s, int index, dr_variant_info *out);
  int (*levels)(dr_session *s); /* levels run 1..levels() */

  /* A game.  'setup' fills 'out' with the current (or requested) setup; its strings
  ** stay valid until the next 'new_game' or 'load_pdn'. */
  int (*new_game)(dr_session *s, const dr_setup *setup);
  void (*setup)(dr_session *s, dr_setup *out);
  int (*has_game)(dr_session *s); /* 0 before the first game: offer a start menu */
  const dr_geometry *(*geometry)(dr_session *s);
  const char *(*help)(dr_session *s); /* the variant's rules and tips, plain text */
  void (*position)(dr_session *s, dr_position *out);
  void (*status)(dr_session *s, dr_status *out);
  /* The legal moves, every landing path; valid until the game changes. */
  int (*legal_moves)(dr_session *s, const dr_move **out);
  /* The move played at 'ply' (0 is the first), and its text; -1 if there is none. */
  int (*move_at)(dr_session *s, int ply, dr_move *m, char *text, size_t len);
  void (*move_text)(dr_session *s, const dr_move *m, char *text, size_t len);
  int (*point_find)(dr_session *s, const char *name); /* bit, or -1 */

  /* Move input. */
  int (*input_point)(dr_session *s, int point);  /* DR_INPUT_* */
  void (*input)(dr_session *s, dr_input *out);
  void (*input_clear)(dr_session *s);
  /* Plays 'm' (one of the legal moves), or the completed input when NULL. */
  int (*play)(dr_session *s, const dr_move *m);
  /* Plays a move typed as text: "c3-d4", "c3xe7", "c3xe5xc7". */
  int (*play_text)(dr_session *s, const char *text);

  /* Commands. */
  int (*undo)(dr_session *s);   /* against the computer: your move and its reply */
  int (*resign)(dr_session *s); /* the person to move (or the only person) resigns */
  int (*hint)(dr_session *s);   /* starts a search for a hint; 'poll' reports it */
  int (*save_pdn)(dr_session *s, const char *path);
  int (*load_pdn)(dr_session *s, const char *path);

  /* The engine.  'poll' starts the computer when it is its turn, plays its move when
  ** the search ends, and fills 'out' (may be NULL); it returns DR_EVENT_* bits.
  ** 'engine_stop' makes the engine play the best move found so far. */
  int (*poll)(dr_session *s, dr_engine *out);
  void (*engine_stop)(dr_session *s);

  /* ---- Those below are for host version 2 and greater (test with DR_HOST_HAS). */

  /* Profiles: a nickname only.  'profile_select' makes 'nickname' the player,
  ** creating the profile when it is new, and remembers it for next time.
  ** 'profile_list' gives the known nicknames one by one: 0, or -1 past the end. */
  int (*profile_select)(dr_session *s, const char *nickname);
  int (*profile_list)(dr_session *s, int index, char *name, size_t len);
  /* The player and the current game: saved or not, ranked or not, streak, result. */
  void (*scoring)(dr_session *s, dr_scoring *out);
  /* The player's streak in 'variant' (a name; NULL: the current game's). */
  int (*streak)(dr_session *s, const char *variant, dr_streak *out);
  /* The marks of 'variant' (NULL: the current game's). */
  int (*score_marks)(dr_session *s, const char *variant, dr_score_marks *out);
  /* The player's record in 'variant' at 'level': 1 filled, 0 none yet, -1 error. */
  int (*score_record)(dr_session *s, const char *variant, int level, dr_score *out);
  /* The player's games, newest first, of 'variant' (NULL: every variant):
  ** 1 filled, 0 past the end, -1 error. */
  int (*score_history)(dr_session *s, const char *variant, int index, dr_score *out);
  /* The PDN of game 'id' of the history into 'text' (cut to 'len'); its full length,
  ** or -1. */
  int (*score_pdn)(dr_session *s, int64_t id, char *text, size_t len);

  /* ---- Those below are for host version 3 and greater: review, draw offers, clocks, records
  ** per rules, friends (test with DR_HOST_HAS). */

  /* Records and streaks are kept per variant and rules: official and casual are different
  ** games.  'rules' is a preset's name; NULL means the current game's when 'variant' is its
  ** variant, else the variant's default preset ('streak' and 'score_record' above do the same). */
  int (*rules_streak)(dr_session *s, const char *variant, const char *rules, dr_streak *out);
  int (*rules_record)(dr_session *s, const char *variant, const char *rules, int level, dr_score *out);
  /* Friends whose records were imported ('draughts scores --import'): their nicknames one by
  ** one (0, or -1 past the end); a friend's record and streak as above (1 filled, 0 none, -1). */
  int (*friend_at)(dr_session *s, int index, char *nick, size_t len);
  int (*friend_record)(dr_session *s, const char *nick, const char *variant, const char *rules, int level,
                       dr_score *out);
  int (*friend_streak)(dr_session *s, const char *nick, const char *variant, const char *rules, dr_streak *out);
  /* Reviewing a game: the position after the first 'ply' moves (0: the start; the game's
  ** plies: now); -1 past the end.  The game itself stays where it is. */
  int (*position_at)(dr_session *s, int ply, dr_position *out);
  /* Plays again what 'undo' took back last, if nothing else was played since. */
  int (*redo)(dr_session *s);
  /* A draw offer between two people: the person to move offers it ('draw_offer' in the
  ** status), the other accepts (1) or declines (0) with 'answer_draw'; a move withdraws it. */
  int (*offer_draw)(dr_session *s);
  int (*answer_draw)(dr_session *s, int accept);
  /* Holds (1) or lets go on (0) the computer's play and the clocks: a game of the computer
  ** against itself can be stopped to look at. */
  int (*pause)(dr_session *s, int on);
  /* How the person asked the front end to look and sound ('draughts play --theme dark
  ** --sound off --numbers'): the value of setting 'name' ("theme", "sound", "numbers"), or
  ** NULL when none was given. */
  const char *(*preference)(dr_session *s, const char *name);

  /* ---- Those below are for host version 4 and greater: online play.  In an online
  ** game the person's side is DR_PLAYER_HUMAN and the other DR_PLAYER_REMOTE (both are
  ** remote for a spectator).  The usual calls play it: a move made with 'input_point'
  ** and 'play' (or 'play_text') goes to the server and comes back through 'poll'
  ** (DR_EVENT_MOVED for the other side's moves, DR_EVENT_ONLINE for the rest); a
  ** spectator's move is a suggestion; 'resign' resigns; 'undo' and 'hint' are refused.
  ** A dropped connection comes back by itself. */

  /* Starts a request (asynchronous: 'poll' reports it).  Creating, joining or
  ** watching gives a game on the board (and leaves the online game there was);
  ** joining a game whose seat token this user keeps resumes it.  Listing leaves the
  ** game alone: 'listing' turns 0 when the list has come. */
  int (*online_start)(dr_session *s, const dr_online_request *req);
  void (*online)(dr_session *s, dr_online *out);
  /* The list of public games, once it came: 1 filled, 0 past the end. */
  int (*online_game_at)(dr_session *s, int index, dr_online_game *out);
  /* The tally, most suggested first: 1 filled, 0 past the end. */
  int (*online_suggestion_at)(dr_session *s, int index, dr_suggestion *out);
  int (*online_command)(dr_session *s, int command); /* DR_ONLINE_DRAW ... */
  /* Leaves the online game (a player's seat then counts down: coming back with the
  ** same code before it runs out resumes it). */
  void (*online_leave)(dr_session *s);

  /* ---- Those below are for host version 5 and greater: friends on a server, who see each
  ** other's bests (the scores slots of version 3 show them).  The session talks to the
  ** server on a thread of its own: a front end's loop never waits for it. */

  /* The server friends are on ("HOST:PORT"), kept in the score store as 'draughts friends
  ** --server' keeps it; NULL or "" forgets it.  The bests go up and the friends' come down. */
  int (*friends_set_server)(dr_session *s, const char *address);
  /* Asks the server for an invitation code to give a friend, or accepts a friend's code
  ** (asynchronous: 'poll' reports DR_EVENT_FRIENDS when the answer came, 'friends' gives
  ** it).  -1 when no server is set or a request is still on its way. */
  int (*friends_invite)(dr_session *s);
  int (*friends_accept)(dr_session *s, const char *code);
  void (*friends)(dr_session *s, dr_friends *out);
} dr_host;

/* Whether 'host' has 'slot' (for slots added after version 1). */
#define DR_HOST_HAS(host, slot) \
  (offsetof(dr_host, slot) + sizeof((host)->slot) <= (host)->size && (host)->slot != NULL)

/* ------------------------------------------------------------ descriptor */

typedef struct dr_frontend {
  uint32_t abi_version; /* DR_FRONTEND_ABI_VERSION when the plugin was built */
  uint32_t size;        /* sizeof(dr_frontend) when the plugin was built */

  const char *name;  /* for --frontend, [a-z0-9_]+ */
  const char *title; /* one line for 'draughts list' */

  /* Optional.  0 when the front end can start here; otherwise -1 with a one-line
  ** reason in 'why' naming what is missing ("standard input is not a terminal"). */
  int (*probe)(char *why, size_t len);
  /* Required.  Runs until the user quits.  The session may hold no game yet: then
  ** offer a start menu, with 'setup' giving the defaults asked for on the command
  ** line.  Returns 0, or -1 with a one-line reason in 'why'. */
  int (*run)(const dr_host *host, dr_session *s, char *why, size_t len);
} dr_frontend;

/* The one symbol a front-end plugin exports. */
#define DR_FRONTEND_ENTRY "dr_frontend_entry"
typedef const dr_frontend *(*dr_frontend_entry_fn)(void);

#ifdef __cplusplus
}
#endif
#endif
