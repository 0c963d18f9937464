/*
** gamedb_sqlite.h — what the files of the server's SQLite store share: the handle and
** its statement helpers.  gamedb_sqlite.c opens the file, keeps its schema and plays
** the games; gamedb_friends.c answers the profile requests.  Nothing else includes it.
*/
#ifndef DRAUGHTS_GAMEDB_SQLITE_H
#define DRAUGHTS_GAMEDB_SQLITE_H

#include <limits.h>
#include <sqlite3.h>

#include "gamedb.h"

/* The statements used over and over, prepared once. */
enum { ST_MOVE, ST_CLOCKS, ST_ALIVE, ST_SEAT_W, ST_SEAT_B, ST_COUNT };

typedef struct sqlite_db {
  gamedb base;
  sqlite3 *db;   /* writes, and the profile requests (the writer's thread) */
  sqlite3 *rdb;  /* reads */
  char path[PATH_MAX];
  sqlite3_stmt *st[ST_COUNT];
} sqlite_db;

/* Sets 'e' from the write connection's last error, naming the file; -1. */
DRI_FUNC int gsq_fail(sqlite_db *d, err *e);
DRI_FUNC sqlite3_stmt *gsq_prepare(sqlite_db *d, const char *sql, err *e);
/* Steps a statement that returns no row and finalizes it (resets it if 'keep'). */
DRI_FUNC int gsq_done(sqlite_db *d, sqlite3_stmt *st, int keep, err *e);
DRI_FUNC void gsq_text(sqlite3_stmt *st, int col, char *out, size_t len);

/* gamedb_friends.c: each profile's skeleton where it has none (schema 4's migration). */
DRI_FUNC int gsq_fill_skeletons(sqlite_db *d, err *e);
/* gamedb_friends.c: the schema 2 slots of 'gamedb_ops'. */
DRI_FUNC int gsq_claim(gamedb *db, const gamedb_ask *a, char *nick, err *e);
DRI_FUNC int gsq_add_code(gamedb *db, const gamedb_ask *a, err *e);
DRI_FUNC int gsq_link(gamedb *db, const gamedb_ask *a, char *nick, err *e);
DRI_FUNC int gsq_accept(gamedb *db, const gamedb_ask *a, char *nick, err *e);
DRI_FUNC int gsq_unfriend(gamedb *db, const gamedb_ask *a, err *e);
DRI_FUNC int gsq_friends(gamedb *db, const gamedb_ask *a, char *nick, gamedb_name_fn fn, void *ud, err *e);
DRI_FUNC int gsq_bests(gamedb *db, const gamedb_ask *a, gamedb_best_fn fn, void *ud, err *e);
DRI_FUNC int gsq_upload(gamedb *db, const gamedb_ask *a, err *e);
DRI_FUNC int gsq_forget(gamedb *db, const gamedb_ask *a, char *nick, err *e);
/* gamedb_friends.c: the slot of schema 4. */
DRI_FUNC int gsq_invitation(gamedb *db, const gamedb_ask *a, char *nick, err *e);

#endif
