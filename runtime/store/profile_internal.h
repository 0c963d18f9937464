/*
** profile_internal.h — what the files of the profile store share: the handle and small
** statement helpers over SQLite.  profile.c opens the file and keeps its schema,
** profile_games.c saves and reads games and streaks, profile_share.c exports and
** imports records.  Nothing else includes it.
*/
#ifndef DRAUGHTS_PROFILE_INTERNAL_H
#define DRAUGHTS_PROFILE_INTERNAL_H

#include <limits.h>
#include <sqlite3.h>

#include "profile.h"

struct profile_store {
  sqlite3 *db;
  char path[PATH_MAX];
};

/* Sets 'e' from the connection's last error, naming the file; returns -1. */
DRI_FUNC int pst_fail(profile_store *ps, err *e);

/* Prepares 'sql' and binds one argument per letter of 'types': 'i' an int64_t, 't' a
** string (NULL binds NULL).  0, or -1 and 'e'. */
DRI_FUNC int pst_prepare(profile_store *ps, sqlite3_stmt **st, err *e, const char *sql, const char *types, ...);

/* Runs a statement that returns no rows. */
DRI_FUNC int pst_exec(profile_store *ps, err *e, const char *sql, const char *types, ...);

/* One write transaction: BEGIN IMMEDIATE waits (busy timeout) for other writers, so
** what it reads stays true until 'pst_commit'. */
DRI_FUNC int pst_begin(profile_store *ps, err *e);
DRI_FUNC int pst_commit(profile_store *ps, err *e);
DRI_FUNC void pst_rollback(profile_store *ps);

/* The text of column 'col' copied into 'out' ("" for NULL). */
DRI_FUNC void pst_text(sqlite3_stmt *st, int col, char *out, size_t len);

/* Steps a prepared query for one row and finalizes it: 1 with the row's first
** integers in 'a' and 'b' (if not NULL) or its first column's text in 'out', 0 when
** there is no row, -1 and 'e' on error. */
DRI_FUNC int pst_row_ints(profile_store *ps, sqlite3_stmt *st, int *a, int *b, err *e);
DRI_FUNC int pst_row_text(profile_store *ps, sqlite3_stmt *st, char *out, size_t len, err *e);

#endif
