/*
** gamedb.h — what the game server keeps: every game with its settings, seats, clocks
** and moves, the finished games' PDN, and when the server was last alive.  A server
** restarted after a crash reads the live games back with every move it acknowledged,
** because it acknowledges a move only once the store has it.
**
** An interface: a handle whose operations a back end implements ('gamedb_ops').  The
** embedded one is SQLite (gamedb_sqlite.c: one file, WAL, synchronous=FULL).  The store
** for several server nodes is PostgreSQL (gamedb_pg.c): each move is taken in a
** transaction that locks the game's row and checks its ply, so two nodes never apply
** two moves to one game, and the nodes hear of each other's writes through its
** LISTEN/NOTIFY.  Clocks are kept as timestamps (milliseconds since 1970) and the time
** left when the turn began, so any node judges them from the store alone.
**
** Since schema 2 it also keeps the friends of issue 18: profiles that are a nickname
** and the hashes of their devices' keys, one-time codes (a device to link, a friend to
** invite) by their hashes, friendships, and the bests each profile uploads (records
** per variant, rules and level; best streaks).  Each of those operations is one
** request a back end answers in one transaction, authenticated by the device key's
** hash; a refusal is a positive GAMEDB_* code, never an error.
**
** Since schema 3 a shared store also keeps, per game and node, the players and the
** spectators connected through that node, so that every node counts them all, and a
** node that has stopped writing its heartbeat is known to be gone with its connections.
** A store one server owns has the table but no use for it: the server knows who is there.
**
** Since schema 4 a profile is looked up by its nickname's skeleton (nickname.h), and each
** seat keeps the profile its player was signed in with, if any, so that a history lists
** only a profile's own games, a page at a time from an index.
*/
#ifndef DRAUGHTS_GAMEDB_H
#define DRAUGHTS_GAMEDB_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* 2: profiles, friends and their bests; 3: who is connected through which node; 4: nicknames'
** skeletons, and the profile each seat was signed in with */
#define GAMEDB_SCHEMA_VERSION 4
#define GAMEDB_APP_ID 0x64727376 /* PRAGMA application_id: "drsv" */
#define GAMEDB_ID_MAX 16         /* characters of a game id or join code */
#define GAMEDB_NAME_MAX 32
#define GAMEDB_HASH 32           /* bytes of a seat token's hash */

enum { GAMEDB_WAITING = 0, GAMEDB_PLAYING = 1, GAMEDB_OVER = 2 };

/* What a profile request may answer besides 0 (done) and -1 (the store failed). */
enum {
  GAMEDB_NO_PROFILE = 1, /* the key holds no profile (never claimed, or deleted) */
  GAMEDB_TAKEN,          /* the nickname is held by another key */
  GAMEDB_HELD,           /* the key already holds another profile ('nick' says which) */
  GAMEDB_NOT_FOUND,      /* no such friend, or no such code (expired, used, never made) */
  GAMEDB_SELF,           /* one's own invitation */
  GAMEDB_FULL            /* a profile's limit of friends or bests */
};
enum { GAMEDB_CODE_LINK = 1, GAMEDB_CODE_INVITE = 2 };
#define GAMEDB_MAX_FRIENDS 50  /* friends of one profile */
#define GAMEDB_MAX_BESTS 500   /* records and streaks of one profile */
#define GAMEDB_MAX_DEVICES 16  /* keys of one profile */
#define GAMEDB_MAX_CODES 32    /* codes of one profile not yet used or expired */

typedef struct gamedb_game {
  char id[GAMEDB_ID_MAX + 1], code[GAMEDB_ID_MAX + 1];
  char variant[33], rules[256];       /* rules: "preset[,option=value...]" */
  int64_t initial_ms, increment_ms;   /* initial_ms 0: no clock */
  int64_t lag_ms;                     /* latency allowed before a flag falls */
  int listed;
  int status;                         /* GAMEDB_* */
  int result;                         /* DR_ONGOING, DR_WHITE_WINS, ... */
  char reason[96];
  char name[2][GAMEDB_NAME_MAX + 1];  /* "" for a seat nobody took */
  int seated[2];
  /* Written: the seat's player was signed in, with the device key whose hash is 'key'.
  ** Read: the seat is a profile's (the store found the key's profile, and 'name' is its
  ** nickname); else a guest's, whatever name it gave. */
  int signed_in[2];
  uint8_t key[2][GAMEDB_HASH];
  uint8_t token[2][GAMEDB_HASH];      /* hashes: a token itself is never stored */
  int64_t clock_ms[2];                /* each side's time left when the turn began */
  int64_t turn_started;               /* when the side to move began its turn */
  int64_t created, ended;
  char rematch_of[GAMEDB_ID_MAX + 1];
  int plies;                          /* moves played (the ply of the next one) */
} gamedb_game;

typedef struct gamedb_move {
  int ply;
  char path[256];    /* the points it goes through: "c3 e5 c7" */
  int64_t at;        /* when the server received it */
  int64_t clock_ms;  /* the mover's time left after it (increment included) */
} gamedb_move;

/* One of a profile's bests: a record (level >= 1: the best ranked win at that level) or
** a streak (level 0: 'current' and 'best'). */
typedef struct gamedb_best {
  char variant[33], rules[128];
  int level;
  int points, pieces, moves;
  int64_t finished;                   /* seconds since 1970 */
  int current, best;
} gamedb_best;

/* A profile request: the device key's hash and what the request names. */
typedef struct gamedb_ask {
  uint8_t key[GAMEDB_HASH];
  const char *nick;                   /* claim: the nickname; unfriend, bests: the friend's */
  uint8_t code[GAMEDB_HASH];          /* a code's hash */
  int kind;                           /* GAMEDB_CODE_* */
  int64_t now, expires;               /* milliseconds since 1970 */
  const gamedb_best *bests;           /* upload */
  int nbests;
} gamedb_ask;

/* A friend's nickname or a best, handed over during the call. */
typedef int (*gamedb_name_fn)(void *ud, const char *nick);
typedef int (*gamedb_best_fn)(void *ud, const gamedb_best *b);

/* A game read back at start: its row and its moves (valid during the call). */
typedef int (*gamedb_live_fn)(void *ud, const gamedb_game *g, const gamedb_move *moves, int nmoves);

/* A notification another node sent (see 'notify'). */
typedef void (*gamedb_heard_fn)(void *ud, const char *payload);

/* Who is connected to a game through one node: a bit per seat (1 white, 2 black) and
** a count of spectators. */
typedef struct gamedb_presence {
  char game[GAMEDB_ID_MAX + 1];
  uint32_t node;
  int seats, watchers;
} gamedb_presence;
typedef int (*gamedb_presence_fn)(void *ud, const gamedb_presence *p);

/* A public game waiting or being played, with its spectators on every node still alive. */
typedef int (*gamedb_listed_fn)(void *ud, const gamedb_game *g, int watchers);

typedef struct gamedb gamedb;

/* The writes ('begin' to 'alive', 'notify') come from one thread, the reads ('last_alive',
** 'live', 'pdn', 'history', 'game') from one other at most, and 'listen' and 'heard' from
** a third.  A guarded write ('seat', 'clocks', 'add_move', 'finish') returns 1 and writes
** nothing when the store has moved on without this node (another node took the seat,
** played the ply, ended the game): the caller reads the game again.  A store one server
** owns never answers 1.  'insert' returns 1 and writes nothing when the store has a game
** of that id already (ids are random: another node's, or a finished game's), on any store. */
typedef struct gamedb_ops {
  void (*close)(gamedb *db);
  /* Group commit: what is written between 'begin' and 'commit' becomes durable at
  ** once, at 'commit'.  Outside them every write is its own transaction. */
  int (*begin)(gamedb *db, err *e);
  int (*commit)(gamedb *db, err *e);
  void (*rollback)(gamedb *db);
  int (*insert)(gamedb *db, const gamedb_game *g, err *e);
  /* 'key': the hash of the device key the seat's player signed in with, or NULL (a guest).
  ** The seat is the key's profile's when 'name' is that profile's nickname (so too in
  ** 'insert'; a rematch's seats are those of the game it follows, sides swapped). */
  int (*seat)(gamedb *db, const char *id, int side, const char *name, const uint8_t *token, const uint8_t *key,
              err *e);
  /* The game's status and clocks (the start, a resumed clock), at move 'plies'. */
  int (*clocks)(gamedb *db, const char *id, int status, const int64_t clock_ms[2], int64_t turn_started, int plies,
                err *e);
  int (*add_move)(gamedb *db, const char *id, const gamedb_move *m, const int64_t clock_ms[2],
                  int64_t turn_started, err *e);
  int (*finish)(gamedb *db, const gamedb_game *g, const char *pdn, err *e);
  int (*alive)(gamedb *db, uint32_t node, int64_t now, err *e); /* node 'node''s heartbeat */
  int (*last_alive)(gamedb *db, int64_t *when, err *e); /* 1 found, 0 never */
  int (*live)(gamedb *db, gamedb_live_fn fn, void *ud, err *e);
  char *(*pdn)(gamedb *db, const char *id, err *e);     /* NULL and 'e' if none */
  /* One page of the finished games of the profile whose nickname 'name' reads as
  ** (none: a guest has no history), newest first: those after game 'after' (NULL: from
  ** the newest), at most 'max' into 'out', with their plies.  The count, or -1.  One
  ** indexed query, whatever the store holds. */
  int (*history)(gamedb *db, const char *name, const char *after, gamedb_game *out, int max, err *e);
  /* Those below are for schema 2 and greater: profiles and friends, from the writer's
  ** thread, each inside the batch's transaction.  'nick' (GAMEDB_NAME_MAX + 1 bytes)
  ** gets the profile's nickname as first spelt (claim, link) or the friend's (accept). */
  int (*claim)(gamedb *db, const gamedb_ask *a, char *nick, err *e); /* 'a->nick' NULL: only signs in */
  int (*add_code)(gamedb *db, const gamedb_ask *a, err *e);       /* a code of the key's profile */
  int (*link)(gamedb *db, const gamedb_ask *a, char *nick, err *e); /* the key joins the code's profile */
  int (*accept)(gamedb *db, const gamedb_ask *a, char *nick, err *e);
  int (*unfriend)(gamedb *db, const gamedb_ask *a, err *e);
  /* The key's profile's friends, by nickname; its own nickname in 'nick'. */
  int (*friends)(gamedb *db, const gamedb_ask *a, char *nick, gamedb_name_fn fn, void *ud, err *e);
  /* The bests of 'a->nick' if it is the key's profile or a friend of it, else
  ** GAMEDB_NOT_FOUND, whether the nickname exists or not: one query either way. */
  int (*bests)(gamedb *db, const gamedb_ask *a, gamedb_best_fn fn, void *ud, err *e);
  int (*upload)(gamedb *db, const gamedb_ask *a, err *e);         /* kept where higher */
  int (*forget)(gamedb *db, const gamedb_ask *a, char *nick, err *e); /* the profile and all about it */
  /* One game by its id, whatever its status (or, 'id' NULL, the waiting game of join code
  ** 'code'), with its moves from ply 'from' on, given to 'fn' as 'live' gives them: 1
  ** found (after 'fn'), 0 none, -1 and 'e'.  A finished game's link replays it with this;
  ** on a shared store, a node reads the games other nodes began and wrote. */
  int (*game)(gamedb *db, const char *id, const char *code, int from, gamedb_live_fn fn, void *ud, err *e);
  /* Those below are for a store several nodes share; NULL in one a single server owns. */
  /* 'payload' goes to every node listening once the open transaction commits. */
  int (*notify)(gamedb *db, const char *payload, err *e);
  int (*listen)(gamedb *db, err *e);  /* starts listening: a descriptor to wait on, or -1 */
  int (*heard)(gamedb *db, gamedb_heard_fn fn, void *ud, err *e); /* what has arrived, each to 'fn' */
  /* A node's players and spectators of a game, as they are now (a write; none at all
  ** removes the row). */
  int (*presence)(gamedb *db, const gamedb_presence *p, err *e);
  /* The presence rows of nodes whose heartbeat is 'since' or later, of game 'id' (NULL:
  ** every game) and node 'node' (0: every node), each to 'fn'. */
  int (*present)(gamedb *db, const char *id, uint32_t node, int64_t since, gamedb_presence_fn fn, void *ud,
                 err *e);
  /* The public games waiting or being played, oldest first, at most 'max', each with its
  ** spectators on the nodes alive since 'since'. */
  int (*listed)(gamedb *db, int64_t since, int max, gamedb_listed_fn fn, void *ud, err *e);
  /* Those below are in every store again (schema 4 and greater), from the writer's thread
  ** as 'claim' to 'forget' are. */
  /* Who invites with code 'a->code': the inviter's nickname into 'nick', the code left as
  ** it was (only 'accept' uses it up), so that a person sees who invites before saying
  ** yes.  GAMEDB_NOT_FOUND for every code 'accept' would refuse so (expired, used, made
  ** up, a link code), GAMEDB_SELF for the key's profile's own, GAMEDB_NO_PROFILE. */
  int (*invitation)(gamedb *db, const gamedb_ask *a, char *nick, err *e);
} gamedb_ops;

struct gamedb {
  const gamedb_ops *ops;
};

/* The store 'store' names: a PostgreSQL URI ("postgresql://USER@HOST:PORT/DB", or
** "postgres://...") or an SQLite file (see 'gamedb_path').  'label' gets how to name it
** to a person (a URI without its password).  NULL and a one-line message when it
** cannot be used. */
DRI_FUNC gamedb *gamedb_open(const char *store, char *label, size_t len, err *e);

/* The PostgreSQL store at 'uri', its schema created or brought up to date. */
DRI_FUNC gamedb *gamedb_open_pg(const char *uri, char *label, size_t len, err *e);

/* The SQLite store at 'path' (see 'gamedb_path'), created with its directory when new.
** NULL and a one-line message when it cannot be used (not a server store, newer schema). */
DRI_FUNC gamedb *gamedb_open_sqlite(const char *path, err *e);

/* 'path' if given, else $XDG_DATA_HOME/draughts/server.db, else ~/.local/share/draughts/server.db. */
DRI_FUNC int gamedb_path(const char *path, char *out, size_t len, err *e);

#endif
