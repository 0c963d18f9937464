/*
** profile.c — the profile store's file: where it lives, opening it, telling our store
** from anything else at that path (moved aside, never overwritten), the schema and its
** migrations, and the players' nicknames.
**
** The schema version is PRAGMA user_version and the owner PRAGMA application_id.  Each
** migration takes the schema one version up inside the same write transaction that
** sets user_version, so two processes opening an old store at once migrate it once.
*/
#include "profile_internal.h"

#include "nickname.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* migrations[v] takes a store from schema version v to v + 1. */
static const char *const migrations[PROFILE_SCHEMA_VERSION] = {
    /* 0 -> 1: players, their games (each with its PDN), streaks, settings */
    "CREATE TABLE profile(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    "  created INTEGER NOT NULL);"
    "CREATE TABLE game(id INTEGER PRIMARY KEY, profile INTEGER NOT NULL REFERENCES profile(id),"
    "  variant TEXT NOT NULL, rules TEXT NOT NULL, level INTEGER NOT NULL,"
    "  streak_level INTEGER NOT NULL DEFAULT 0, outcome INTEGER NOT NULL CHECK(outcome IN (-1, 0, 1)),"
    "  points INTEGER NOT NULL, pieces INTEGER NOT NULL, moves INTEGER NOT NULL,"
    "  ranked INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '', finished INTEGER NOT NULL,"
    "  pdn TEXT NOT NULL);"
    "CREATE INDEX game_records ON game(profile, variant, level, points) WHERE ranked AND outcome = 1;"
    "CREATE INDEX game_recent ON game(profile, finished);"
    "CREATE TABLE streak(profile INTEGER NOT NULL REFERENCES profile(id), variant TEXT NOT NULL,"
    "  current INTEGER NOT NULL DEFAULT 0, best INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(profile, variant));"
    "CREATE TABLE setting(key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    /* 1 -> 2: friends' records, imported from their export files */
    "CREATE TABLE friend(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    "  imported INTEGER NOT NULL);"
    "CREATE TABLE friend_record(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
    "  variant TEXT NOT NULL, level INTEGER NOT NULL, points INTEGER NOT NULL, pieces INTEGER NOT NULL,"
    "  moves INTEGER NOT NULL, finished INTEGER NOT NULL, PRIMARY KEY(friend, variant, level));"
    "CREATE TABLE friend_streak(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
    "  variant TEXT NOT NULL, current INTEGER NOT NULL, best INTEGER NOT NULL, PRIMARY KEY(friend, variant));",
    /* 2 -> 3: records and streaks per rules: official and casual are different games.  A
    ** streak goes to the rules of the variant's latest game (ranked first), which built it;
    ** records come from the games, which always kept their rules; friends' rows imported
    ** from files that did not say get "" (rules not known). */
    "CREATE TABLE streak3(profile INTEGER NOT NULL REFERENCES profile(id), variant TEXT NOT NULL,"
    "  rules TEXT NOT NULL, current INTEGER NOT NULL DEFAULT 0, best INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY(profile, variant, rules));"
    "INSERT INTO streak3 SELECT s.profile, s.variant, coalesce((SELECT g.rules FROM game g"
    "  WHERE g.profile = s.profile AND g.variant = s.variant ORDER BY g.ranked DESC, g.finished DESC, g.id DESC"
    "  LIMIT 1), ''), s.current, s.best FROM streak s;"
    "DROP TABLE streak;"
    "ALTER TABLE streak3 RENAME TO streak;"
    "DROP INDEX game_records;"
    "CREATE INDEX game_records ON game(profile, variant, rules, level, points) WHERE ranked AND outcome = 1;"
    "CREATE TABLE friend_record3(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
    "  variant TEXT NOT NULL, rules TEXT NOT NULL, level INTEGER NOT NULL, points INTEGER NOT NULL,"
    "  pieces INTEGER NOT NULL, moves INTEGER NOT NULL, finished INTEGER NOT NULL,"
    "  PRIMARY KEY(friend, variant, rules, level));"
    "INSERT INTO friend_record3 SELECT friend, variant, '', level, points, pieces, moves, finished FROM friend_record;"
    "DROP TABLE friend_record;"
    "ALTER TABLE friend_record3 RENAME TO friend_record;"
    "CREATE TABLE friend_streak3(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
    "  variant TEXT NOT NULL, rules TEXT NOT NULL, current INTEGER NOT NULL, best INTEGER NOT NULL,"
    "  PRIMARY KEY(friend, variant, rules));"
    "INSERT INTO friend_streak3 SELECT friend, variant, '', current, best FROM friend_streak;"
    "DROP TABLE friend_streak;"
    "ALTER TABLE friend_streak3 RENAME TO friend_streak;",
    /* 3 -> 4: friends who came from a server (NULL: imported from a file) */
    "ALTER TABLE friend ADD COLUMN server TEXT;",
};

/* ------------------------------------------------------------ statements */

int pst_fail(profile_store *ps, err *e) { return err_set(e, "%s: %s", ps->path, sqlite3_errmsg(ps->db)); }

static int vprepare(profile_store *ps, sqlite3_stmt **st, err *e, const char *sql, const char *types, va_list ap) {
  if (sqlite3_prepare_v2(ps->db, sql, -1, st, NULL) != SQLITE_OK) return pst_fail(ps, e);
  for (int i = 0; types[i]; i++) {
    int rc;
    if (types[i] == 'i') rc = sqlite3_bind_int64(*st, i + 1, va_arg(ap, int64_t));
    else rc = sqlite3_bind_text(*st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) {
      pst_fail(ps, e);
      sqlite3_finalize(*st);
      return -1;
    }
  }
  return 0;
}

int pst_prepare(profile_store *ps, sqlite3_stmt **st, err *e, const char *sql, const char *types, ...) {
  va_list ap;
  va_start(ap, types);
  int rc = vprepare(ps, st, e, sql, types, ap);
  va_end(ap);
  return rc;
}

int pst_exec(profile_store *ps, err *e, const char *sql, const char *types, ...) {
  sqlite3_stmt *st;
  va_list ap;
  va_start(ap, types);
  int rc = vprepare(ps, &st, e, sql, types, ap);
  va_end(ap);
  if (rc) return -1;
  rc = sqlite3_step(st);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) pst_fail(ps, e);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1;
}

int pst_begin(profile_store *ps, err *e) { return pst_exec(ps, e, "BEGIN IMMEDIATE", ""); }
int pst_commit(profile_store *ps, err *e) { return pst_exec(ps, e, "COMMIT", ""); }

void pst_rollback(profile_store *ps) {
  if (!sqlite3_get_autocommit(ps->db)) sqlite3_exec(ps->db, "ROLLBACK", NULL, NULL, NULL);
}

void pst_text(sqlite3_stmt *st, int col, char *out, size_t len) {
  const unsigned char *t = sqlite3_column_text(st, col);
  snprintf(out, len, "%s", t ? (const char *)t : "");
}

/* The end of a one-row query: 1 (a row), 0 (none) or -1. */
static int row_end(profile_store *ps, sqlite3_stmt *st, int rc, err *e) {
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) pst_fail(ps, e);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int pst_row_ints(profile_store *ps, sqlite3_stmt *st, int *a, int *b, err *e) {
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    *a = sqlite3_column_int(st, 0);
    if (b) *b = sqlite3_column_int(st, 1);
  }
  return row_end(ps, st, rc, e);
}

int pst_row_text(profile_store *ps, sqlite3_stmt *st, char *out, size_t len, err *e) {
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) pst_text(st, 0, out, len);
  return row_end(ps, st, rc, e);
}

/* ------------------------------------------------------------------ path */

int profile_path(const char *path, char *out, size_t len, err *e) {
  const char *env = getenv("DRAUGHTS_PROFILE_DB");
  int n;
  if (path && *path) n = snprintf(out, len, "%s", path);
  else if (env && *env) n = snprintf(out, len, "%s", env);
  else if (data_path("profiles.db", out, len, e))
    return err_set(e, "no place for the score store: set HOME, XDG_DATA_HOME or DRAUGHTS_PROFILE_DB");
  else return 0;
  if (n < 0 || (size_t)n >= len) return err_set(e, "the score store's path is too long");
  return 0;
}

/* Creates the directories above 'file' (private: they hold a person's data). */
static int make_parent(const char *file, err *e) {
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", file);
  char *slash = strrchr(dir, '/');
  if (!slash || slash == dir) return 0;
  *slash = '\0';
  return make_dirs(dir, e);
}

/* ------------------------------------------------------------ moving aside */

/* Renames 'from' to 'to' unless 'to' exists: a hard link fails rather than replace. */
static int rename_new(const char *from, const char *to) {
  if (link(from, to) == 0) return unlink(from);
  if (errno == EEXIST || errno == ENOENT) return -1;
  if (access(to, F_OK) == 0) return errno = EEXIST, -1; /* no hard links here: check, then rename */
  return rename(from, to);
}

/* The SQLite files beside the store belong to the file moved aside: a stale
** write-ahead log must never be replayed into the fresh store. */
static void move_sidecars(const char *file, const char *aside) {
  static const char *const ext[] = {"-wal", "-shm", "-journal"};
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    char from[PATH_MAX + 16], to[PATH_MAX + 80];
    snprintf(from, sizeof from, "%s%s", file, ext[i]);
    snprintf(to, sizeof to, "%s%s", aside, ext[i]);
    if (access(from, F_OK) == 0) rename_new(from, to);
  }
}

/* Renames 'file' to "FILE.corrupt-YYYYmmdd-HHMMSS[-N]", never replacing anything.
** 'ino' is the file inspected: if another process has already put a new store there,
** that one is left alone (returns 1). */
static int move_aside(const char *file, ino_t ino, char *aside, size_t len, err *e) {
  char stamp[32];
  struct stat now;
  time_t t = time(NULL);
  strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
  if (stat(file, &now) != 0 || now.st_ino != ino) return 1;
  for (int n = 1; n < 1000; n++) {
    if (n == 1) snprintf(aside, len, "%s.corrupt-%s", file, stamp);
    else snprintf(aside, len, "%s.corrupt-%s-%d", file, stamp, n);
    if (rename_new(file, aside) == 0) {
      move_sidecars(file, aside);
      return 0;
    }
    if (errno == ENOENT) return 1;  /* someone else moved it */
    if (errno != EEXIST) return err_set(e, "cannot move %s aside: %s", file, strerror(errno));
  }
  return err_set(e, "cannot move %s aside: too many files named %s.corrupt-*", file, file);
}

/* ------------------------------------------------------------ inspection */

enum { FILE_OURS, FILE_EMPTY, FILE_FOREIGN };

/* A one-row, one-column query; the SQLite status (SQLITE_ROW on success). */
static int query_int(sqlite3 *db, const char *sql, int64_t *out) {
  sqlite3_stmt *st;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  if (rc != SQLITE_OK) return rc;
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) *out = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return rc;
}

/* Whether an error means the file itself is not a sound database. */
static int damaged(int rc) { return (rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT; }

/* "ok", or the first problem 'quick_check' finds. */
static int quick_check(sqlite3 *db, char *why, size_t len) {
  sqlite3_stmt *st;
  int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL);
  if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    const unsigned char *t = sqlite3_column_text(st, 0);
    snprintf(why, len, "%s", t ? (const char *)t : "");
    for (char *nl; (nl = strchr(why, '\n'));) *nl = ' '; /* messages are one line */
  }
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 0 : rc;
}

/* What the file is: ours, empty, or something else ('why' says what). */
static int inspect(profile_store *ps, char *why, size_t len, err *e) {
  int64_t app = 0, tables = 0;
  int rc = query_int(ps->db, "PRAGMA application_id", &app);
  if (rc == SQLITE_ROW && app == 0) rc = query_int(ps->db, "SELECT count(*) FROM sqlite_schema", &tables);
  if (damaged(rc)) return snprintf(why, len, "not a score store (%s)", sqlite3_errstr(rc)), FILE_FOREIGN;
  if (rc != SQLITE_ROW) return pst_fail(ps, e);
  if (app == 0 && tables == 0) return FILE_EMPTY;
  if (app != PROFILE_APP_ID) return snprintf(why, len, "not a score store (a database of another program)"), FILE_FOREIGN;
  char check[200] = "";
  rc = quick_check(ps->db, check, sizeof check);
  if (damaged(rc)) return snprintf(why, len, "a damaged score store (%s)", sqlite3_errstr(rc)), FILE_FOREIGN;
  if (rc) return pst_fail(ps, e);
  if (strcmp(check, "ok") != 0) return snprintf(why, len, "a damaged score store (%s)", check), FILE_FOREIGN;
  return FILE_OURS;
}

/* ------------------------------------------------------------- schema */

/* WAL lets readers go on while one process writes; switching to it takes a lock
** that a busy handler does not wait for, so a start racing another retries. */
static int use_wal(profile_store *ps, err *e) {
  for (int tries = 0; tries < 200; tries++) {
    int rc = sqlite3_exec(ps->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
    if (rc == SQLITE_OK) return 0;
    if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) return pst_fail(ps, e);
    struct timespec pause = {0, 10 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  return pst_fail(ps, e);
}

static int newer_schema(profile_store *ps, int64_t version, err *e) {
  return err_set(e, "%s was written by a newer draughts (schema %lld; this one knows up to %d)", ps->path,
                 (long long)version, PROFILE_SCHEMA_VERSION);
}

static int migrate(profile_store *ps, err *e) {
  int64_t version = 0;
  if (pst_begin(ps, e)) return -1;
  if (query_int(ps->db, "PRAGMA user_version", &version) != SQLITE_ROW) goto failed;
  if (version > PROFILE_SCHEMA_VERSION) {  /* it became newer since 'configure' looked */
    newer_schema(ps, version, e);
    pst_rollback(ps);
    return -1;
  }
  for (int64_t v = version; v < PROFILE_SCHEMA_VERSION; v++)
    if (sqlite3_exec(ps->db, migrations[v], NULL, NULL, NULL) != SQLITE_OK) goto failed;
  char sql[96];
  snprintf(sql, sizeof sql, "PRAGMA user_version=%d; PRAGMA application_id=%d", PROFILE_SCHEMA_VERSION,
           PROFILE_APP_ID);
  if (sqlite3_exec(ps->db, sql, NULL, NULL, NULL) != SQLITE_OK) goto failed;
  return pst_commit(ps, e);
failed:
  pst_fail(ps, e);
  pst_rollback(ps);
  return -1;
}

/* Pragmas every connection sets: durability over speed (a save per game is cheap).
** A store of a newer schema is refused before anything in it changes. */
static int configure(profile_store *ps, err *e) {
  int64_t version = 0;
  if (query_int(ps->db, "PRAGMA user_version", &version) != SQLITE_ROW) return pst_fail(ps, e);
  if (version > PROFILE_SCHEMA_VERSION) return newer_schema(ps, version, e);
  if (use_wal(ps, e)) return -1;
  if (sqlite3_exec(ps->db, "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON", NULL, NULL, NULL) != SQLITE_OK)
    return pst_fail(ps, e);
  return migrate(ps, e);
}

/* ------------------------------------------------------------------ open */

static int connect(profile_store *ps, err *e) {
  int rc = sqlite3_open_v2(ps->path, &ps->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK) {
    err_set(e, "%s: %s", ps->path, ps->db ? sqlite3_errmsg(ps->db) : sqlite3_errstr(rc));
    sqlite3_close(ps->db);
    ps->db = NULL;
    return -1;
  }
  sqlite3_busy_timeout(ps->db, PROFILE_BUSY_MS);
  sqlite3_extended_result_codes(ps->db, 1);
  return 0;
}

static void disconnect(profile_store *ps) {
  sqlite3_close(ps->db);
  ps->db = NULL;
}

/* One attempt: 0 with the store open, 1 when the file was moved aside (try again). */
static int open_once(profile_store *ps, char *notice, size_t len, err *e) {
  struct stat before;
  char why[256], aside[PATH_MAX + 64];
  int existed = stat(ps->path, &before) == 0;
  if (connect(ps, e)) return -1;
  int kind = inspect(ps, why, sizeof why, e);
  if (kind == FILE_OURS || kind == FILE_EMPTY) return configure(ps, e) ? (disconnect(ps), -1) : 0;
  disconnect(ps);
  if (kind < 0) return -1;
  if (!existed) return err_set(e, "%s: %s", ps->path, why);
  int moved = move_aside(ps->path, before.st_ino, aside, sizeof aside, e);
  if (moved < 0) return -1;
  if (moved == 0 && notice) snprintf(notice, len, "%s is %s: moved aside to %s; scores start afresh", ps->path, why, aside);
  return 1;
}

profile_store *profile_open(const char *path, char *notice, size_t len, err *e) {
  profile_store *ps = xmalloc(sizeof *ps);
  memset(ps, 0, sizeof *ps);
  if (notice && len) *notice = '\0';
  if (profile_path(path, ps->path, sizeof ps->path, e) || make_parent(ps->path, e)) goto failed;
  for (int attempt = 0; attempt < 3; attempt++) {
    int rc = open_once(ps, notice, len, e);
    if (rc == 0) return ps;
    if (rc < 0) goto failed;
  }
  err_set(e, "%s: cannot open the score store: another program keeps replacing it", ps->path);
failed:
  free(ps);
  return NULL;
}

void profile_close(profile_store *ps) {
  if (!ps) return;
  disconnect(ps);
  free(ps);
}

const char *profile_file(const profile_store *ps) { return ps->path; }

/* ------------------------------------------------------------- profiles */

int profile_check_nickname(const char *nick, err *e) {
  size_t n = nick ? strlen(nick) : 0;
  if (n == 0) return err_set(e, "a nickname cannot be empty");
  if (n > PROFILE_NICK_MAX) return err_set(e, "a nickname has at most %d characters", PROFILE_NICK_MAX);
  if (nick[0] == ' ' || nick[n - 1] == ' ') return err_set(e, "a nickname cannot start or end with a space");
  if (!text_is_plain(nick, n, 0)) return err_set(e, "a nickname cannot hold control characters");
  return nick_check_chars(nick, e);
}

int64_t profile_lookup(profile_store *ps, const char *nick, err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e, "SELECT id FROM profile WHERE nickname = ?", "t", nick)) return -1;
  int rc = sqlite3_step(st);
  int64_t id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? 0 : pst_fail(ps, e);
  sqlite3_finalize(st);
  return id;
}

/* A single text value; 1 found, 0 none, -1 error. */
static int text_row(profile_store *ps, const char *sql, const char *types, int64_t arg, char *out, size_t len) {
  sqlite3_stmt *st;
  err e;
  if (pst_prepare(ps, &st, &e, sql, types, arg)) return -1;
  return pst_row_text(ps, st, out, len, &e);
}

/* Creates the profile if new and, if asked, remembers it, in one transaction. */
static int64_t select_in_transaction(profile_store *ps, const char *nick, int remember, char *stored, size_t len,
                                     err *e) {
  int64_t id;
  if (pst_exec(ps, e, "INSERT OR IGNORE INTO profile(nickname, created) VALUES(?, ?)", "ti", nick,
               (int64_t)time(NULL)) ||
      (id = profile_lookup(ps, nick, e)) <= 0)
    return -1;
  if (remember && pst_exec(ps, e,
                           "INSERT OR REPLACE INTO setting(key, value)"
                           " SELECT 'nickname', nickname FROM profile WHERE id = ?",
                           "i", id))
    return -1;
  if (stored && text_row(ps, "SELECT nickname FROM profile WHERE id = ?", "i", id, stored, len) != 1)
    return pst_fail(ps, e);
  return id;
}

static int64_t enter(profile_store *ps, const char *nick, int remember, char *stored, size_t len, err *e) {
  if (profile_check_nickname(nick, e) || pst_begin(ps, e)) return -1;
  int64_t id = select_in_transaction(ps, nick, remember, stored, len, e);
  if (id > 0 && pst_commit(ps, e) == 0) return id;
  pst_rollback(ps);
  return -1;
}

int64_t profile_select(profile_store *ps, const char *nick, char *stored, size_t len, err *e) {
  return enter(ps, nick, 1, stored, len, e);
}

int64_t profile_enter(profile_store *ps, const char *nick, char *stored, size_t len, err *e) {
  return enter(ps, nick, 0, stored, len, e);
}

int profile_last(profile_store *ps, char *nick, size_t len) { return profile_setting(ps, "nickname", nick, len); }

int profile_setting(profile_store *ps, const char *key, char *out, size_t len) {
  sqlite3_stmt *st;
  err e;
  if (pst_prepare(ps, &st, &e, "SELECT value FROM setting WHERE key = ?", "t", key)) return 0;
  return pst_row_text(ps, st, out, len, &e) == 1;
}

int profile_set_setting(profile_store *ps, const char *key, const char *value, err *e) {
  if (!value) return pst_exec(ps, e, "DELETE FROM setting WHERE key = ?", "t", key);
  return pst_exec(ps, e, "INSERT OR REPLACE INTO setting(key, value) VALUES(?, ?)", "tt", key, value);
}

int profile_nickname_at(profile_store *ps, int index, char *out, size_t len) {
  return text_row(ps, "SELECT nickname FROM profile ORDER BY nickname LIMIT 1 OFFSET ?", "i", index, out, len);
}
