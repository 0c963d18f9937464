/*
** gamedb_sqlite.c — the game server's store in one SQLite file: WAL with
** synchronous=FULL, so a commit that has returned survives a crash or a power cut.
** The statements a game plays through (a move, its clocks) are prepared once and
** kept.  Writes and reads have a connection each, so that one thread may write (the
** server's writer) while another reads (the event loop: PDN, history).  The schema carries its version (PRAGMA user_version) and its owner (PRAGMA
** application_id), so a file of anything else is refused, never overwritten.
*/
#include "gamedb_sqlite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nickname.h"

static const char schema_v1[] =
    "CREATE TABLE game(id TEXT PRIMARY KEY, code TEXT NOT NULL, variant TEXT NOT NULL, rules TEXT NOT NULL,"
    "  initial_ms INTEGER NOT NULL, increment_ms INTEGER NOT NULL, lag_ms INTEGER NOT NULL,"
    "  listed INTEGER NOT NULL, status INTEGER NOT NULL, result INTEGER NOT NULL DEFAULT 0,"
    "  reason TEXT NOT NULL DEFAULT '', white_name TEXT NOT NULL DEFAULT '', black_name TEXT NOT NULL DEFAULT '',"
    "  white_token BLOB, black_token BLOB, white_ms INTEGER NOT NULL, black_ms INTEGER NOT NULL,"
    "  turn_started INTEGER NOT NULL, created INTEGER NOT NULL, ended INTEGER NOT NULL DEFAULT 0,"
    "  rematch_of TEXT NOT NULL DEFAULT '', pdn TEXT);"
    "CREATE INDEX game_live ON game(status) WHERE status < 2;"
    "CREATE INDEX game_white ON game(white_name COLLATE NOCASE, ended) WHERE status = 2;"
    "CREATE INDEX game_black ON game(black_name COLLATE NOCASE, ended) WHERE status = 2;"
    "CREATE TABLE move(game TEXT NOT NULL REFERENCES game(id), ply INTEGER NOT NULL, path TEXT NOT NULL,"
    "  at INTEGER NOT NULL, clock_ms INTEGER NOT NULL, PRIMARY KEY(game, ply)) WITHOUT ROWID;"
    "CREATE TABLE node(id INTEGER PRIMARY KEY CHECK(id = 1), alive INTEGER NOT NULL);";

/* Schema 2: profiles (a nickname), their devices' keys and one-time codes by their
** hashes, friendships both ways, the bests each uploads (level 0: a streak). */
static const char schema_v2[] =
    "CREATE TABLE profile(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    "  created INTEGER NOT NULL);"
    "CREATE TABLE device(key BLOB PRIMARY KEY, profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  added INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX device_profile ON device(profile);"
    "CREATE TABLE code(hash BLOB PRIMARY KEY, kind INTEGER NOT NULL,"
    "  profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, expires INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX code_profile ON code(profile);"
    "CREATE TABLE friend(a INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  b INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, since INTEGER NOT NULL,"
    "  PRIMARY KEY(a, b)) WITHOUT ROWID;"
    "CREATE INDEX friend_b ON friend(b);"
    "CREATE TABLE best(profile INTEGER NOT NULL REFERENCES profile(id) ON DELETE CASCADE, variant TEXT NOT NULL,"
    "  rules TEXT NOT NULL, level INTEGER NOT NULL, points INTEGER NOT NULL, pieces INTEGER NOT NULL,"
    "  moves INTEGER NOT NULL, finished INTEGER NOT NULL, streak INTEGER NOT NULL, streak_best INTEGER NOT NULL,"
    "  PRIMARY KEY(profile, variant, rules, level)) WITHOUT ROWID;";

/* Schema 3: who is connected to a game through which node, for a store several nodes
** share.  A server that owns its SQLite file knows that itself and never writes it: the
** table is here so that a schema's number means the same tables on either store. */
static const char schema_v3[] =
    "CREATE TABLE presence(game TEXT NOT NULL, node INTEGER NOT NULL, seats INTEGER NOT NULL,"
    "  watchers INTEGER NOT NULL, PRIMARY KEY(game, node)) WITHOUT ROWID;";

/* Schema 4: each profile's nickname's skeleton (nickname.h), by which it is looked up,
** and the profile each seat was signed in with (NULL: a guest), by which a history is
** read one indexed page at a time.  A deleted profile's seats become a guest's. */
static const char schema_v4[] =
    "ALTER TABLE profile ADD COLUMN skeleton TEXT;"
    "CREATE INDEX profile_skeleton ON profile(skeleton);"
    "ALTER TABLE game ADD COLUMN white_profile INTEGER REFERENCES profile(id) ON DELETE SET NULL;"
    "ALTER TABLE game ADD COLUMN black_profile INTEGER REFERENCES profile(id) ON DELETE SET NULL;"
    "DROP INDEX IF EXISTS game_white; DROP INDEX IF EXISTS game_black;"
    "CREATE INDEX game_white_profile ON game(white_profile, ended, id);"
    "CREATE INDEX game_black_profile ON game(black_profile, ended, id);";

/* What takes a store of version i - 1 to version i, and what C does after it. */
static const char *const migration[GAMEDB_SCHEMA_VERSION + 1] = {NULL, schema_v1, schema_v2, schema_v3, schema_v4};
static int (*const migrated[GAMEDB_SCHEMA_VERSION + 1])(sqlite_db *d, err *e) = {
    NULL, NULL, NULL, NULL, gsq_fill_skeletons};

/* The profile a seat's player was signed in with: its key's, when the seat's name is its
** nickname (a key NULL: none); a rematch's seats are the players of the game it
** follows, sides swapped. */
#define KEY_PROFILE(key, skeleton)                                                                          \
  "(SELECT p.id FROM device v JOIN profile p ON p.id = v.profile WHERE v.key = " key " AND p.skeleton = " \
  skeleton ")"
#define SEAT_PROFILE(key, skeleton, rematch, other_side, name)                                         \
  "CASE WHEN " rematch " = '' THEN " KEY_PROFILE(key, skeleton) " ELSE (SELECT r." other_side "_profile" \
  " FROM game r WHERE r.id = " rematch " AND r." other_side "_name = " name ") END"

static const char *const sql_of[ST_COUNT] = {
    "INSERT INTO move(game, ply, path, at, clock_ms) VALUES(?1, ?2, ?3, ?4, ?5)",
    "UPDATE game SET status = ?2, white_ms = ?3, black_ms = ?4, turn_started = ?5 WHERE id = ?1",
    "INSERT OR REPLACE INTO node(id, alive) VALUES(1, ?1)",
    "UPDATE game SET white_name = ?2, white_token = ?3, white_profile = " KEY_PROFILE("?4", "?5")
    " WHERE id = ?1",
    "UPDATE game SET black_name = ?2, black_token = ?3, black_profile = " KEY_PROFILE("?4", "?5")
    " WHERE id = ?1",
};

static sqlite_db *of(gamedb *db) { return (sqlite_db *)db; }

int gsq_fail(sqlite_db *d, err *e) { return err_set(e, "%s: %s", d->path, sqlite3_errmsg(d->db)); }

static sqlite3_stmt *cached(sqlite_db *d, int which, err *e) {
  if (!d->st[which] &&
      sqlite3_prepare_v3(d->db, sql_of[which], -1, SQLITE_PREPARE_PERSISTENT, &d->st[which], NULL) != SQLITE_OK) {
    gsq_fail(d, e);
    return NULL;
  }
  sqlite3_reset(d->st[which]);
  sqlite3_clear_bindings(d->st[which]);
  return d->st[which];
}

/* Steps a statement that returns no row; a cached one is reset for next time. */
int gsq_done(sqlite_db *d, sqlite3_stmt *st, int keep, err *e) {
  int rc = sqlite3_step(st);
  if (rc != SQLITE_DONE) gsq_fail(d, e);
  if (keep) sqlite3_reset(st);
  else sqlite3_finalize(st);
  return rc == SQLITE_DONE ? 0 : -1;
}

static int exec(sqlite_db *d, const char *sql, err *e) {
  return sqlite3_exec(d->db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : gsq_fail(d, e);
}

sqlite3_stmt *gsq_prepare(sqlite_db *d, const char *sql, err *e) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(d->db, sql, -1, &st, NULL) == SQLITE_OK) return st;
  gsq_fail(d, e);
  return NULL;
}

static int rfail(sqlite_db *d, err *e) { return err_set(e, "%s: %s", d->path, sqlite3_errmsg(d->rdb)); }

static sqlite3_stmt *prepare_read(sqlite_db *d, const char *sql, err *e) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(d->rdb, sql, -1, &st, NULL) == SQLITE_OK) return st;
  rfail(d, e);
  return NULL;
}

void gsq_text(sqlite3_stmt *st, int col, char *out, size_t len) {
  const unsigned char *t = sqlite3_column_text(st, col);
  snprintf(out, len, "%s", t ? (const char *)t : "");
}

/* ------------------------------------------------------------- writing */

static int db_begin(gamedb *db, err *e) { return exec(of(db), "BEGIN IMMEDIATE", e); }
static int db_commit(gamedb *db, err *e) { return exec(of(db), "COMMIT", e); }

static void db_rollback(gamedb *db) {
  if (!sqlite3_get_autocommit(of(db)->db)) sqlite3_exec(of(db)->db, "ROLLBACK", NULL, NULL, NULL);
}

/* A seat's player's key (NULL for a guest) and the skeleton of the seat's name. */
static void bind_player(sqlite3_stmt *st, int col, const char *name, const uint8_t *key) {
  char skeleton[NICK_SKELETON_MAX];
  if (key) sqlite3_bind_blob(st, col, key, GAMEDB_HASH, SQLITE_STATIC);
  if (key && nick_skeleton(name, skeleton, sizeof skeleton, NULL) == 0)
    sqlite3_bind_text(st, col + 1, skeleton, -1, SQLITE_TRANSIENT);
}

static int db_insert(gamedb *db, const gamedb_game *g, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = gsq_prepare(d,
      "INSERT INTO game(id, code, variant, rules, initial_ms, increment_ms, lag_ms, listed, status,"
      " white_name, black_name, white_token, black_token, white_ms, black_ms, turn_started, created, rematch_of,"
      " white_profile, black_profile)"
      " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
      SEAT_PROFILE("?19", "?20", "?18", "black", "?10") ", " SEAT_PROFILE("?21", "?22", "?18", "white", "?11") ")"
      " ON CONFLICT(id) DO NOTHING", e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 2, g->code, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 3, g->variant, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 4, g->rules, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 5, g->initial_ms);
  sqlite3_bind_int64(st, 6, g->increment_ms);
  sqlite3_bind_int64(st, 7, g->lag_ms);
  sqlite3_bind_int(st, 8, g->listed);
  sqlite3_bind_int(st, 9, g->status);
  for (int side = 0; side < 2; side++) {
    sqlite3_bind_text(st, 10 + side, g->name[side], -1, SQLITE_STATIC);
    if (g->seated[side]) sqlite3_bind_blob(st, 12 + side, g->token[side], GAMEDB_HASH, SQLITE_STATIC);
    sqlite3_bind_int64(st, 14 + side, g->clock_ms[side]);
    bind_player(st, 19 + 2 * side, g->name[side], g->signed_in[side] ? g->key[side] : NULL);
  }
  sqlite3_bind_int64(st, 16, g->turn_started);
  sqlite3_bind_int64(st, 17, g->created);
  sqlite3_bind_text(st, 18, g->rematch_of, -1, SQLITE_STATIC);
  if (gsq_done(d, st, 0, e)) return -1;
  return sqlite3_changes(d->db) == 0; /* 1: the id is taken */
}

static int db_seat(gamedb *db, const char *id, int side, const char *name, const uint8_t *token, const uint8_t *key,
                   err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = cached(d, side ? ST_SEAT_B : ST_SEAT_W, e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
  sqlite3_bind_blob(st, 3, token, GAMEDB_HASH, SQLITE_STATIC);
  bind_player(st, 4, name, key);
  return gsq_done(d, st, 1, e);
}

static int bind_clocks(sqlite3_stmt *st, const char *id, int status, const int64_t clock_ms[2], int64_t started) {
  sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 2, status);
  sqlite3_bind_int64(st, 3, clock_ms[0]);
  sqlite3_bind_int64(st, 4, clock_ms[1]);
  return sqlite3_bind_int64(st, 5, started);
}

static int db_clocks(gamedb *db, const char *id, int status, const int64_t clock_ms[2], int64_t turn_started,
                     int plies, err *e) {
  sqlite_db *d = of(db);
  (void)plies; /* one server owns the file: its writes are never overtaken */
  sqlite3_stmt *st = cached(d, ST_CLOCKS, e);
  if (!st) return -1;
  bind_clocks(st, id, status, clock_ms, turn_started);
  return gsq_done(d, st, 1, e);
}

static int db_add_move(gamedb *db, const char *id, const gamedb_move *m, const int64_t clock_ms[2],
                       int64_t turn_started, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = cached(d, ST_MOVE, e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 2, m->ply);
  sqlite3_bind_text(st, 3, m->path, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 4, m->at);
  sqlite3_bind_int64(st, 5, m->clock_ms);
  if (gsq_done(d, st, 1, e)) return -1;
  return db_clocks(db, id, GAMEDB_PLAYING, clock_ms, turn_started, m->ply + 1, e);
}

static int db_finish(gamedb *db, const gamedb_game *g, const char *pdn, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = gsq_prepare(d,
      "UPDATE game SET status = 2, result = ?2, reason = ?3, ended = ?4, white_ms = ?5, black_ms = ?6, pdn = ?7"
      " WHERE id = ?1", e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, g->id, -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 2, g->result);
  sqlite3_bind_text(st, 3, g->reason, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 4, g->ended);
  sqlite3_bind_int64(st, 5, g->clock_ms[0]);
  sqlite3_bind_int64(st, 6, g->clock_ms[1]);
  sqlite3_bind_text(st, 7, pdn, -1, SQLITE_STATIC);
  return gsq_done(d, st, 0, e);
}

static int db_alive(gamedb *db, uint32_t node, int64_t now, err *e) {
  (void)node; /* one server: its row */
  sqlite_db *d = of(db);
  sqlite3_stmt *st = cached(d, ST_ALIVE, e);
  if (!st) return -1;
  sqlite3_bind_int64(st, 1, now);
  return gsq_done(d, st, 1, e);
}

/* ------------------------------------------------------------- reading */

static int db_last_alive(gamedb *db, int64_t *when, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = prepare_read(d, "SELECT alive FROM node WHERE id = 1", e);
  if (!st) return -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) *when = sqlite3_column_int64(st, 0);
  else if (rc != SQLITE_DONE) rfail(d, e);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

#define GAME_COLUMNS                                                                                       \
  "id, code, variant, rules, initial_ms, increment_ms, lag_ms, listed, status, result, reason, white_name," \
  " black_name, white_token, black_token, white_ms, black_ms, turn_started, created, ended, rematch_of,"   \
  " white_profile IS NOT NULL, black_profile IS NOT NULL"

static void read_game(sqlite3_stmt *st, gamedb_game *g) {
  memset(g, 0, sizeof *g);
  gsq_text(st, 0, g->id, sizeof g->id);
  gsq_text(st, 1, g->code, sizeof g->code);
  gsq_text(st, 2, g->variant, sizeof g->variant);
  gsq_text(st, 3, g->rules, sizeof g->rules);
  g->initial_ms = sqlite3_column_int64(st, 4);
  g->increment_ms = sqlite3_column_int64(st, 5);
  g->lag_ms = sqlite3_column_int64(st, 6);
  g->listed = sqlite3_column_int(st, 7);
  g->status = sqlite3_column_int(st, 8);
  g->result = sqlite3_column_int(st, 9);
  gsq_text(st, 10, g->reason, sizeof g->reason);
  for (int side = 0; side < 2; side++) {
    gsq_text(st, 11 + side, g->name[side], sizeof g->name[side]);
    const void *blob = sqlite3_column_blob(st, 13 + side);
    g->seated[side] = blob && sqlite3_column_bytes(st, 13 + side) == GAMEDB_HASH;
    if (g->seated[side]) memcpy(g->token[side], blob, GAMEDB_HASH);
    g->clock_ms[side] = sqlite3_column_int64(st, 15 + side);
  }
  g->turn_started = sqlite3_column_int64(st, 17);
  g->created = sqlite3_column_int64(st, 18);
  g->ended = sqlite3_column_int64(st, 19);
  gsq_text(st, 20, g->rematch_of, sizeof g->rematch_of);
  for (int side = 0; side < 2; side++) g->signed_in[side] = sqlite3_column_int(st, 21 + side);
}

/* The moves of game 'id' into '*moves' (grown as needed); their count, or -1. */
static int read_moves(sqlite_db *d, sqlite3_stmt *st, const char *id, gamedb_move **moves, int *cap, err *e) {
  int n = 0, rc;
  sqlite3_reset(st);
  sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    if (n == *cap) *moves = xrealloc(*moves, (size_t)(*cap = *cap * 2 + 64) * sizeof **moves);
    gamedb_move *m = &(*moves)[n++];
    m->ply = sqlite3_column_int(st, 0);
    gsq_text(st, 1, m->path, sizeof m->path);
    m->at = sqlite3_column_int64(st, 2);
    m->clock_ms = sqlite3_column_int64(st, 3);
  }
  return rc == SQLITE_DONE ? n : rfail(d, e);
}

/* Each game 'games' selects, with its moves, to 'fn' until it returns non-zero (then its
** result); '*found' counts them. */
static int each_game(sqlite_db *d, sqlite3_stmt *games, gamedb_live_fn fn, void *ud, int *found, err *e) {
  sqlite3_stmt *moves = prepare_read(d, "SELECT ply, path, at, clock_ms FROM move WHERE game = ? ORDER BY ply", e);
  gamedb_move *list = NULL;
  int cap = 0, rc = moves ? 0 : -1, step = SQLITE_DONE;
  while (rc == 0 && (step = sqlite3_step(games)) == SQLITE_ROW) {
    gamedb_game g;
    read_game(games, &g);
    int n = read_moves(d, moves, g.id, &list, &cap, e);
    g.plies = n;
    (*found)++;
    rc = n < 0 ? -1 : fn(ud, &g, list, n);
  }
  if (rc == 0 && step != SQLITE_DONE) rc = rfail(d, e);
  free(list);
  sqlite3_finalize(moves);
  return rc;
}

static int db_live(gamedb *db, gamedb_live_fn fn, void *ud, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *games = prepare_read(d, "SELECT " GAME_COLUMNS " FROM game WHERE status < 2 ORDER BY created", e);
  int found = 0, rc = games ? each_game(d, games, fn, ud, &found, e) : -1;
  sqlite3_finalize(games);
  return rc;
}

/* Games 'games' selects, each with its moves from ply 'from' on. */
typedef struct from_ply {
  gamedb_live_fn fn;
  void *ud;
  int from;
} from_ply;

static int moves_from(void *ud, const gamedb_game *g, const gamedb_move *moves, int n) {
  const from_ply *f = ud;
  int skip = f->from < n ? f->from : n;
  return f->fn(f->ud, g, moves + skip, n - skip);
}

static int db_game(gamedb *db, const char *id, const char *code, int from, gamedb_live_fn fn, void *ud, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *games = prepare_read(d, id ? "SELECT " GAME_COLUMNS " FROM game WHERE id = ?"
                                           : "SELECT " GAME_COLUMNS " FROM game WHERE code = ? AND status = 0", e);
  from_ply f = {fn, ud, from > 0 ? from : 0};
  int found = 0, rc = -1;
  if (games) {
    sqlite3_bind_text(games, 1, id ? id : code, -1, SQLITE_TRANSIENT);
    rc = each_game(d, games, moves_from, &f, &found, e);
  }
  sqlite3_finalize(games);
  return rc < 0 ? -1 : rc ? rc : found;
}

static char *db_pdn(gamedb *db, const char *id, err *e) {
  sqlite_db *d = of(db);
  sqlite3_stmt *st = prepare_read(d, "SELECT pdn FROM game WHERE id = ? AND status = 2", e);
  char *out = NULL;
  if (!st) return NULL;
  sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW && sqlite3_column_text(st, 0)) out = xstrdup((const char *)sqlite3_column_text(st, 0));
  else if (rc == SQLITE_ROW || rc == SQLITE_DONE) err_set(e, "no finished game '%s'", id);
  else rfail(d, e);
  sqlite3_finalize(st);
  return out;
}

/* The newest finished games of one side's seats of the profile whose skeleton is ?1,
** before (ended ?2, id ?3), newest first: a range of index 'game_SIDE_profile'. */
#define HISTORY_SIDE(side)                                                                                      \
  "SELECT id FROM (SELECT id FROM game WHERE " side "_profile = (SELECT id FROM profile WHERE skeleton = ?1"     \
  " ORDER BY id LIMIT 1) AND status = 2 AND (ended, id) < (?2, ?3) ORDER BY ended DESC, id DESC LIMIT ?4) " side

/* Where a page after game 'after' begins: 1 (its end in 'ended'), 0 no such game, -1. */
static int page_start(sqlite_db *d, const char *after, int64_t *ended, err *e) {
  *ended = INT64_MAX;
  if (!after) return 1;
  sqlite3_stmt *st = prepare_read(d, "SELECT ended FROM game WHERE id = ? AND status = 2", e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, after, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) *ended = sqlite3_column_int64(st, 0);
  else if (rc != SQLITE_DONE) rfail(d, e);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static int db_history(gamedb *db, const char *name, const char *after, gamedb_game *out, int max, err *e) {
  sqlite_db *d = of(db);
  char skeleton[NICK_SKELETON_MAX];
  int64_t ended;
  if (nick_skeleton(name, skeleton, sizeof skeleton, NULL)) return 0; /* no nickname reads so */
  int rc = page_start(d, after, &ended, e);
  if (rc <= 0) return rc;
  sqlite3_stmt *st = prepare_read(d,
      "SELECT " GAME_COLUMNS ", (SELECT count(*) FROM move WHERE move.game = g.id) FROM game g"
      " WHERE g.id IN (" HISTORY_SIDE("white") " UNION ALL " HISTORY_SIDE("black") ")"
      " ORDER BY ended DESC, id DESC LIMIT ?4", e);
  if (!st) return -1;
  sqlite3_bind_text(st, 1, skeleton, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st, 2, ended);
  sqlite3_bind_text(st, 3, after ? after : "", -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st, 4, max);
  int n = 0;
  while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    read_game(st, &out[n]);
    out[n++].plies = sqlite3_column_int(st, 23);
  }
  if (n < max && rc != SQLITE_DONE) n = rfail(d, e);
  sqlite3_finalize(st);
  return n;
}

/* ------------------------------------------------------------- opening */

static void db_close(gamedb *db) {
  sqlite_db *d = of(db);
  if (!d) return;
  for (int i = 0; i < ST_COUNT; i++) sqlite3_finalize(d->st[i]);
  sqlite3_close(d->db);
  sqlite3_close(d->rdb);
  free(d);
}

static const gamedb_ops sqlite_ops = {
    /* close      */ db_close,
    /* begin      */ db_begin,
    /* commit     */ db_commit,
    /* rollback   */ db_rollback,
    /* insert     */ db_insert,
    /* seat       */ db_seat,
    /* clocks     */ db_clocks,
    /* add_move   */ db_add_move,
    /* finish     */ db_finish,
    /* alive      */ db_alive,
    /* last_alive */ db_last_alive,
    /* live       */ db_live,
    /* pdn        */ db_pdn,
    /* history    */ db_history,
    /* Those below are for schema 2 and greater. */
    /* claim      */ gsq_claim,
    /* add_code   */ gsq_add_code,
    /* link       */ gsq_link,
    /* accept     */ gsq_accept,
    /* unfriend   */ gsq_unfriend,
    /* friends    */ gsq_friends,
    /* bests      */ gsq_bests,
    /* upload     */ gsq_upload,
    /* forget     */ gsq_forget,
    /* game       */ db_game,
    /* notify     */ NULL,
    /* listen     */ NULL,
    /* heard      */ NULL,
    /* presence   */ NULL,
    /* present    */ NULL,
    /* listed     */ NULL,
    /* Those below are in every store again. */
    /* invitation */ gsq_invitation,
};

static int pragma_int(sqlite_db *d, const char *sql, int64_t *out, err *e) {
  sqlite3_stmt *st = gsq_prepare(d, sql, e);
  if (!st) return -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) *out = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 0 : gsq_fail(d, e);
}

/* Brings a store of 'version' (0: a new file) up to date in one transaction. */
static int migrate(sqlite_db *d, int64_t version, err *e) {
  if (exec(d, "BEGIN IMMEDIATE", e)) return -1;
  for (int64_t v = version + 1; v <= GAMEDB_SCHEMA_VERSION; v++)
    if (exec(d, migration[v], e) || (migrated[v] && migrated[v](d, e))) goto failed;
  char sql[128];
  snprintf(sql, sizeof sql, "PRAGMA user_version=%d; PRAGMA application_id=%d; COMMIT;", GAMEDB_SCHEMA_VERSION,
           GAMEDB_APP_ID);
  if (exec(d, sql, e) == 0) return 0;
failed:
  sqlite3_exec(d->db, "ROLLBACK", NULL, NULL, NULL);
  return -1;
}

/* A new file gets the schema, an older one of ours is migrated in place, ours is
** checked; anything else is refused. */
static int adopt(sqlite_db *d, err *e) {
  int64_t app = 0, version = 0, tables = 0;
  if (pragma_int(d, "PRAGMA application_id", &app, e) || pragma_int(d, "PRAGMA user_version", &version, e) ||
      pragma_int(d, "SELECT count(*) FROM sqlite_schema", &tables, e))
    return -1;
  if (app == GAMEDB_APP_ID && version == GAMEDB_SCHEMA_VERSION) return 0;
  if (app == GAMEDB_APP_ID && version > GAMEDB_SCHEMA_VERSION)
    return err_set(e, "%s was written by a newer draughts server (schema %lld; this one knows %d)", d->path,
                   (long long)version, GAMEDB_SCHEMA_VERSION);
  if (app == GAMEDB_APP_ID && version >= 1) return migrate(d, version, e);
  if (app != 0 || tables != 0) return err_set(e, "%s is not a draughts server store", d->path);
  return migrate(d, 0, e);
}

gamedb *gamedb_open(const char *store, char *label, size_t len, err *e) {
  if (store && (strncmp(store, "postgresql://", 13) == 0 || strncmp(store, "postgres://", 11) == 0))
    return gamedb_open_pg(store, label, len, e);
  if (gamedb_path(store, label, len, e)) return NULL;
  return gamedb_open_sqlite(label, e);
}

int gamedb_path(const char *path, char *out, size_t len, err *e) {
  if (!path || !*path) return data_path("server.db", out, len, e);
  if (snprintf(out, len, "%s", path) >= (int)len) return err_set(e, "the server store's path is too long");
  return 0;
}

gamedb *gamedb_open_sqlite(const char *path, err *e) {
  sqlite_db *d = xmalloc(sizeof *d);
  memset(d, 0, sizeof *d);
  d->base.ops = &sqlite_ops;
  if (gamedb_path(path, d->path, sizeof d->path, e) || mkdir_parents(d->path, e)) goto failed;
  if (sqlite3_open_v2(d->path, &d->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
    gsq_fail(d, e);
    goto failed;
  }
  sqlite3_extended_result_codes(d->db, 1);
  sqlite3_busy_timeout(d->db, 5000);
  if (adopt(d, e) || exec(d, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON", e))
    goto failed;
  if (sqlite3_open_v2(d->path, &d->rdb, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    rfail(d, e);
    goto failed;
  }
  sqlite3_busy_timeout(d->rdb, 5000);
  return &d->base;
failed:
  db_close(&d->base);
  return NULL;
}
