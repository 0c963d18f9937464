/*
** gamedb.h — what the game server keeps: every game with its settings, seats, clocks
** and moves, the finished games' PDN, and when the server was last alive.  A server
** restarted after a crash reads the live games back with every move it acknowledged,
** because it acknowledges a move only once the store has it.
**
** An interface: a handle whose operations a back end implements ('gamedb_ops').  The
** embedded one is SQLite (gamedb_sqlite.c: one file, WAL, synchronous=FULL).  A store
** for several server nodes (PostgreSQL) implements the same operations, taking each
** move in a transaction that locks the game's row.  Clocks are kept as timestamps
** (milliseconds since 1970) and the time left when the turn began, so any node judges
** them from the store alone.
*/
#ifndef DRAUGHTS_GAMEDB_H
#define DRAUGHTS_GAMEDB_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define GAMEDB_SCHEMA_VERSION 1
#define GAMEDB_APP_ID 0x64727376 /* PRAGMA application_id: "drsv" */
#define GAMEDB_ID_MAX 16         /* characters of a game id or join code */
#define GAMEDB_NAME_MAX 32
#define GAMEDB_HASH 32           /* bytes of a seat token's hash */

enum { GAMEDB_WAITING = 0, GAMEDB_PLAYING = 1, GAMEDB_OVER = 2 };

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
  uint8_t token[2][GAMEDB_HASH];      /* hashes: a token itself is never stored */
  int64_t clock_ms[2];                /* each side's time left when the turn began */
  int64_t turn_started;               /* when the side to move began its turn */
  int64_t created, ended;
  char rematch_of[GAMEDB_ID_MAX + 1];
} gamedb_game;

typedef struct gamedb_move {
  int ply;
  char path[256];    /* the points it goes through: "c3 e5 c7" */
  int64_t at;        /* when the server received it */
  int64_t clock_ms;  /* the mover's time left after it (increment included) */
} gamedb_move;

/* A game read back at start: its row and its moves (valid during the call). */
typedef int (*gamedb_live_fn)(void *ud, const gamedb_game *g, const gamedb_move *moves, int nmoves);

typedef struct gamedb gamedb;

/* The writes ('begin' to 'history' below, less the reads) come from one thread, the
** reads ('last_alive', 'live', 'game', 'pdn', 'history') from one other at most. */
typedef struct gamedb_ops {
  void (*close)(gamedb *db);
  /* Group commit: what is written between 'begin' and 'commit' becomes durable at
  ** once, at 'commit'.  Outside them every write is its own transaction. */
  int (*begin)(gamedb *db, err *e);
  int (*commit)(gamedb *db, err *e);
  void (*rollback)(gamedb *db);
  int (*insert)(gamedb *db, const gamedb_game *g, err *e);
  int (*seat)(gamedb *db, const char *id, int side, const char *name, const uint8_t *token, err *e);
  /* The game's status and clocks (the start, a resumed clock). */
  int (*clocks)(gamedb *db, const char *id, int status, const int64_t clock_ms[2], int64_t turn_started, err *e);
  int (*add_move)(gamedb *db, const char *id, const gamedb_move *m, const int64_t clock_ms[2],
                  int64_t turn_started, err *e);
  int (*finish)(gamedb *db, const gamedb_game *g, const char *pdn, err *e);
  int (*alive)(gamedb *db, int64_t now, err *e);
  int (*last_alive)(gamedb *db, int64_t *when, err *e); /* 1 found, 0 never */
  int (*live)(gamedb *db, gamedb_live_fn fn, void *ud, err *e);
  /* One game by id, whatever its status, given to 'fn' as 'live' gives them (a non-zero
  ** result of 'fn' is returned): 1 found, 0 none, -1 and 'e'. */
  int (*game)(gamedb *db, const char *id, gamedb_live_fn fn, void *ud, err *e);
  char *(*pdn)(gamedb *db, const char *id, err *e);     /* NULL and 'e' if none */
  /* The finished games of a nickname, newest first: 1 filled, 0 past the end. */
  int (*history)(gamedb *db, const char *name, int index, gamedb_game *out, int *plies, err *e);
} gamedb_ops;

struct gamedb {
  const gamedb_ops *ops;
};

/* The SQLite store at 'path' (see 'gamedb_path'), created with its directory when new.
** NULL and a one-line message when it cannot be used (not a server store, newer schema). */
DRI_FUNC gamedb *gamedb_open_sqlite(const char *path, err *e);

/* 'path' if given, else $XDG_DATA_HOME/draughts/server.db, else ~/.local/share/draughts/server.db. */
DRI_FUNC int gamedb_path(const char *path, char *out, size_t len, err *e);

#endif
