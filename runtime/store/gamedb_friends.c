/*
** gamedb_friends.c — the profile requests of the server's SQLite store: a nickname
** claimed with a device key, a second device linked with a one-time code, invitations,
** friendships, the bests friends see, a profile erased.  Keys and codes arrive as
** hashes and are looked up by them: the time a lookup takes depends on the hash, which
** says nothing about any stored key.  Each request runs on the writer's connection
** inside the batch's transaction, so what it reads stays true until it has written:
** SQLite lets one writer in at a time, so a limit counted there cannot be passed by a
** write from elsewhere (PostgreSQL's store takes a lock for that, gamedb_pg.c).
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gamedb_sqlite.h"
#include "nickname.h"


/* Prepares 'sql' and binds one argument per letter of 'types': 'i' an int64_t, 't' a
** string, 'h' a hash (GAMEDB_HASH bytes).  NULL and 'e' when it cannot. */
static sqlite3_stmt *query(sqlite_db *d, err *e, const char *sql, const char *types, ...) {
  sqlite3_stmt *st = gsq_prepare(d, sql, e);
  va_list ap;
  va_start(ap, types);
  for (int i = 0; st && types[i]; i++) {
    if (types[i] == 'i') sqlite3_bind_int64(st, i + 1, va_arg(ap, int64_t));
    else if (types[i] == 't') sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT);
    else sqlite3_bind_blob(st, i + 1, va_arg(ap, const uint8_t *), GAMEDB_HASH, SQLITE_TRANSIENT);
  }
  va_end(ap);
  return st;
}

/* Steps 'st' once and finalizes it: 1 with the row's first integer in 'n' and its
** second column's text in 'text' (either may be NULL), 0 no row, -1 and 'e'. */
static int one_row(sqlite_db *d, sqlite3_stmt *st, int64_t *n, char *text, err *e) {
  if (!st) return -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW && n) *n = sqlite3_column_int64(st, 0);
  if (rc == SQLITE_ROW && text) gsq_text(st, 1, text, GAMEDB_NAME_MAX + 1);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) gsq_fail(d, e);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static int count(sqlite_db *d, int64_t *n, err *e, const char *sql, int64_t id) {
  return one_row(d, query(d, e, sql, "i", id), n, NULL, e) == 1 ? 0 : -1;
}

/* The profile that 'key' belongs to: 1 (its id and nickname), 0 none, -1. */
static int profile_of(sqlite_db *d, const uint8_t *key, int64_t *id, char *nick, err *e) {
  return one_row(d, query(d, e, "SELECT p.id, p.nickname FROM device v JOIN profile p ON p.id = v.profile"
                                " WHERE v.key = ?", "h", key), id, nick, e);
}

/* The key's profile into 'id': 0, GAMEDB_NO_PROFILE or -1. */
static int me(sqlite_db *d, const gamedb_ask *a, int64_t *id, char *nick, err *e) {
  char ignored[GAMEDB_NAME_MAX + 1];
  int rc = profile_of(d, a->key, id, nick ? nick : ignored, e);
  return rc < 0 ? -1 : rc == 0 ? GAMEDB_NO_PROFILE : 0;
}

static int exec_sql(sqlite_db *d, err *e, sqlite3_stmt *st) { return st ? gsq_done(d, st, 0, e) : -1; }

/* A nickname's skeleton, by which the store looks it up; NULL when it has none. */
static const char *skeleton_of(const char *nick, char *out) {
  return nick_skeleton(nick, out, NICK_SKELETON_MAX, NULL) ? NULL : out;
}

/* One profile at a time: an update does not disturb a scan of what it updates. */
int gsq_fill_skeletons(sqlite_db *d, err *e) {
  char nick[GAMEDB_NAME_MAX + 1], skeleton[NICK_SKELETON_MAX];
  int64_t id;
  int rc;
  while ((rc = one_row(d, query(d, e, "SELECT id, nickname FROM profile WHERE skeleton IS NULL LIMIT 1", ""), &id,
                       nick, e)) == 1) {
    const char *s = skeleton_of(nick, skeleton); /* a name ICU cannot read stands for itself */
    if (exec_sql(d, e, query(d, e, "UPDATE profile SET skeleton = ? WHERE id = ?", "ti", s ? s : nick, id)))
      return -1;
  }
  return rc;
}

int gsq_claim(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t id = 0;
  char skeleton[NICK_SKELETON_MAX];
  int rc = profile_of(d, a->key, &id, nick, e);
  if (rc) return rc < 0 ? -1 : !a->nick || nick_same(nick, a->nick) ? 0 : GAMEDB_HELD;
  if (!a->nick) return GAMEDB_NO_PROFILE;
  if (!skeleton_of(a->nick, skeleton)) return GAMEDB_TAKEN;
  rc = one_row(d, query(d, e, "SELECT id FROM profile WHERE skeleton = ? OR nickname = ?", "tt", skeleton, a->nick),
               &id, NULL, e);
  if (rc) return rc < 0 ? -1 : GAMEDB_TAKEN;
  if (exec_sql(d, e, query(d, e, "INSERT INTO profile(nickname, skeleton, created) VALUES(?, ?, ?)", "tti", a->nick,
                           skeleton, a->now)))
    return -1;
  id = sqlite3_last_insert_rowid(d->db);
  snprintf(nick, GAMEDB_NAME_MAX + 1, "%s", a->nick);
  return exec_sql(d, e, query(d, e, "INSERT INTO device(key, profile, added) VALUES(?, ?, ?)", "hii", a->key, id,
                              a->now));
}

int gsq_add_code(gamedb *db, const gamedb_ask *a, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t id, n;
  int rc = me(d, a, &id, NULL, e);
  if (rc) return rc;
  if (exec_sql(d, e, query(d, e, "DELETE FROM code WHERE expires <= ?", "i", a->now)) ||
      count(d, &n, e, "SELECT count(*) FROM code WHERE profile = ?", id))
    return -1;
  if (n >= GAMEDB_MAX_CODES) return GAMEDB_FULL;
  return exec_sql(d, e, query(d, e, "INSERT INTO code(hash, kind, profile, expires) VALUES(?, ?, ?, ?)", "hiii",
                              a->code, (int64_t)a->kind, id, a->expires));
}

/* Uses up the code: its profile into 'id' (0), or GAMEDB_NOT_FOUND whether it never
** existed, was used, expired or is of the other kind — through the same statements. */
static int take_code(sqlite_db *d, const gamedb_ask *a, int64_t *id, err *e) {
  sqlite3_stmt *st = query(d, e, "SELECT profile, expires, kind FROM code WHERE hash = ?", "h", a->code);
  if (!st) return -1;
  int rc = sqlite3_step(st), usable = 0;
  if (rc == SQLITE_ROW) {
    *id = sqlite3_column_int64(st, 0);
    usable = sqlite3_column_int64(st, 1) > a->now && sqlite3_column_int(st, 2) == a->kind;
  }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) gsq_fail(d, e);
  sqlite3_finalize(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return -1;
  if (exec_sql(d, e, query(d, e, "DELETE FROM code WHERE hash = ?", "h", a->code))) return -1;
  return usable ? 0 : GAMEDB_NOT_FOUND;
}

int gsq_link(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t id, n;
  int rc = profile_of(d, a->key, &id, nick, e);
  if (rc) return rc < 0 ? -1 : GAMEDB_HELD;
  if ((rc = take_code(d, a, &id, e))) return rc;
  if (count(d, &n, e, "SELECT count(*) FROM device WHERE profile = ?", id)) return -1;
  if (n >= GAMEDB_MAX_DEVICES) return GAMEDB_FULL;
  if (one_row(d, query(d, e, "SELECT id, nickname FROM profile WHERE id = ?", "i", id), NULL, nick, e) != 1)
    return -1;
  return exec_sql(d, e, query(d, e, "INSERT INTO device(key, profile, added) VALUES(?, ?, ?)", "hii", a->key, id,
                              a->now));
}

int gsq_accept(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine, theirs, n1, n2;
  int rc = me(d, a, &mine, NULL, e);
  if (rc || (rc = take_code(d, a, &theirs, e))) return rc;
  if (theirs == mine) return GAMEDB_SELF;
  if (count(d, &n1, e, "SELECT count(*) FROM friend WHERE a = ?", mine) ||
      count(d, &n2, e, "SELECT count(*) FROM friend WHERE a = ?", theirs) ||
      one_row(d, query(d, e, "SELECT id, nickname FROM profile WHERE id = ?", "i", theirs), NULL, nick, e) != 1)
    return -1;
  if (n1 >= GAMEDB_MAX_FRIENDS || n2 >= GAMEDB_MAX_FRIENDS) return GAMEDB_FULL;
  return exec_sql(d, e, query(d, e, "INSERT OR IGNORE INTO friend(a, b, since) VALUES(?1, ?2, ?3), (?2, ?1, ?3)",
                              "iii", mine, theirs, a->now));
}

int gsq_invitation(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine, theirs;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  rc = one_row(d, query(d, e, "SELECT c.profile, p.nickname FROM code c JOIN profile p ON p.id = c.profile"
                              " WHERE c.hash = ? AND c.expires > ? AND c.kind = ?", "hii", a->code, a->now,
                        (int64_t)a->kind), &theirs, nick, e);
  if (rc <= 0) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  return theirs == mine ? GAMEDB_SELF : 0;
}

/* A friend of profile 'mine' by nickname: 1 (its id), 0 (no friend of that name,
** whether the name exists or not), -1. */
static int friend_named(sqlite_db *d, int64_t mine, const char *nick, int64_t *id, err *e) {
  char skeleton[NICK_SKELETON_MAX];
  const char *s = skeleton_of(nick, skeleton);
  return one_row(d, query(d, e, "SELECT p.id FROM profile p WHERE p.skeleton = ?2"
                                " AND (p.id = ?1 OR EXISTS(SELECT 1 FROM friend WHERE a = ?1 AND b = p.id))"
                                " ORDER BY p.id = ?1 DESC, p.id",
                          "it", mine, s ? s : nick), id, NULL, e);
}

int gsq_unfriend(gamedb *db, const gamedb_ask *a, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine, theirs;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  rc = friend_named(d, mine, a->nick, &theirs, e);
  if (rc <= 0 || theirs == mine) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  return exec_sql(d, e, query(d, e, "DELETE FROM friend WHERE (a = ?1 AND b = ?2) OR (a = ?2 AND b = ?1)", "ii",
                              mine, theirs));
}

int gsq_friends(gamedb *db, const gamedb_ask *a, char *nick, gamedb_name_fn fn, void *ud, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine;
  char name[GAMEDB_NAME_MAX + 1];
  int rc = me(d, a, &mine, nick, e);
  if (rc) return rc;
  sqlite3_stmt *st = query(d, e, "SELECT p.nickname FROM friend f JOIN profile p ON p.id = f.b WHERE f.a = ?"
                                 " ORDER BY p.nickname COLLATE NOCASE", "i", mine);
  if (!st) return -1;
  while (rc == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    gsq_text(st, 0, name, sizeof name);
    rc = fn(ud, name);
  }
  if (rc != 0 && rc != SQLITE_DONE) rc = gsq_fail(d, e);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE || rc == 0 ? 0 : -1;
}

static void read_best(sqlite3_stmt *st, gamedb_best *b) {
  memset(b, 0, sizeof *b);
  gsq_text(st, 0, b->variant, sizeof b->variant);
  gsq_text(st, 1, b->rules, sizeof b->rules);
  b->level = sqlite3_column_int(st, 2);
  b->points = sqlite3_column_int(st, 3);
  b->pieces = sqlite3_column_int(st, 4);
  b->moves = sqlite3_column_int(st, 5);
  b->finished = sqlite3_column_int64(st, 6);
  b->current = sqlite3_column_int(st, 7);
  b->best = sqlite3_column_int(st, 8);
}

int gsq_bests(gamedb *db, const gamedb_ask *a, gamedb_best_fn fn, void *ud, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine, theirs;
  gamedb_best b;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  if ((rc = friend_named(d, mine, a->nick, &theirs, e)) <= 0) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  sqlite3_stmt *st = query(d, e, "SELECT variant, rules, level, points, pieces, moves, finished, streak, streak_best"
                                 " FROM best WHERE profile = ? ORDER BY 1, 2, 3", "i", theirs);
  if (!st) return -1;
  rc = 0;
  while (rc == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    read_best(st, &b);
    rc = fn(ud, &b);
  }
  if (rc != 0 && rc != SQLITE_DONE) rc = gsq_fail(d, e);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE || rc == 0 ? 0 : -1;
}

/* A record is replaced only by a higher one; a streak's current count by the latest,
** its best by a higher one (each device uploads what it has played). */
static int put_best(sqlite_db *d, int64_t id, const gamedb_best *b, err *e) {
  return exec_sql(d, e, query(d, e,
      "INSERT INTO best(profile, variant, rules, level, points, pieces, moves, finished, streak, streak_best)"
      " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(profile, variant, rules, level) DO UPDATE SET"
      " points = iif(excluded.points > points, excluded.points, points),"
      " pieces = iif(excluded.points > points, excluded.pieces, pieces),"
      " moves = iif(excluded.points > points, excluded.moves, moves),"
      " finished = iif(excluded.points > points, excluded.finished, finished),"
      " streak = excluded.streak, streak_best = max(streak_best, excluded.streak_best)",
      "ittiiiiiii", id, b->variant, b->rules, (int64_t)b->level, (int64_t)b->points, (int64_t)b->pieces,
      (int64_t)b->moves, b->finished, (int64_t)b->current, (int64_t)b->best));
}

int gsq_upload(gamedb *db, const gamedb_ask *a, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine, n, known;
  int rc = me(d, a, &mine, NULL, e);
  if (rc || count(d, &n, e, "SELECT count(*) FROM best WHERE profile = ?", mine)) return rc ? rc : -1;
  for (int i = 0; i < a->nbests; i++) { /* what is new, counted before anything is written */
    const gamedb_best *b = &a->bests[i];
    rc = one_row(d, query(d, e, "SELECT 1 FROM best WHERE profile = ? AND variant = ? AND rules = ? AND level = ?",
                          "itti", mine, b->variant, b->rules, (int64_t)b->level), &known, NULL, e);
    if (rc < 0) return -1;
    n += rc == 0;
  }
  if (n > GAMEDB_MAX_BESTS) return GAMEDB_FULL;
  for (int i = 0; i < a->nbests; i++)
    if (put_best(d, mine, &a->bests[i], e)) return -1;
  return 0;
}

int gsq_forget(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  sqlite_db *d = (sqlite_db *)db;
  int64_t mine;
  int rc = me(d, a, &mine, nick, e);
  if (rc) return rc;
  return exec_sql(d, e, query(d, e, "DELETE FROM profile WHERE id = ?", "i", mine)); /* the rest cascades */
}
