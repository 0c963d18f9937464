/*
** gamedb_pg.c — the game server's store in PostgreSQL (libpq), which any number of
** server nodes share.  Three connections, one per thread that uses it: writes (the
** writer's group commits, the profile requests among them), reads (the event loop: a game another node plays, PDN,
** history) and notifications (LISTEN on one channel, 'draughts', whose payloads name
** the games another node wrote).  A guarded write locks the game's row and checks it
** still is where this node thinks (the ply, the status, an empty seat): when another
** node got there first it writes nothing and says so, and the node reads the game again.
**
** The schema carries its version in 'draughts_schema'; a database holding anything else
** is refused, never written to.  'migrations' takes a store from each version to the
** next: a new table or column is one more step, and a new operation one more entry in
** 'sql_of' (a statement prepared once per connection) and a function of a few lines.
*/
#include "gamedb.h"
#include "nickname.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHANNEL "draughts"
#define LOCK_KEY 0x64727376 /* "drsv": nodes starting at once create or migrate the schema one at a time */

/* migrations[i] brings a store from version i to i + 1. */
static const char *const migrations[] = {
    "CREATE TABLE draughts_schema(version integer NOT NULL);"
    "INSERT INTO draughts_schema VALUES(0);"
    "CREATE TABLE game(id text PRIMARY KEY, code text NOT NULL, variant text NOT NULL, rules text NOT NULL,"
    "  initial_ms bigint NOT NULL, increment_ms bigint NOT NULL, lag_ms bigint NOT NULL,"
    "  listed integer NOT NULL, status integer NOT NULL, result integer NOT NULL DEFAULT 0,"
    "  reason text NOT NULL DEFAULT '', white_name text NOT NULL DEFAULT '', black_name text NOT NULL DEFAULT '',"
    "  white_token bytea, black_token bytea, white_ms bigint NOT NULL, black_ms bigint NOT NULL,"
    "  turn_started bigint NOT NULL, created bigint NOT NULL, ended bigint NOT NULL DEFAULT 0,"
    "  rematch_of text NOT NULL DEFAULT '', pdn text, plies integer NOT NULL DEFAULT 0);"
    "CREATE INDEX game_live ON game(status) WHERE status < 2;"
    "CREATE INDEX game_code ON game(code) WHERE status = 0;"
    "CREATE INDEX game_white ON game(lower(white_name), ended) WHERE status = 2;"
    "CREATE INDEX game_black ON game(lower(black_name), ended) WHERE status = 2;"
    "CREATE TABLE move(game text NOT NULL REFERENCES game(id), ply integer NOT NULL, path text NOT NULL,"
    "  at bigint NOT NULL, clock_ms bigint NOT NULL, PRIMARY KEY(game, ply));"
    "CREATE TABLE node(id bigint PRIMARY KEY, alive bigint NOT NULL);",
    /* 2: profiles (a nickname, unique whatever its case), their devices' keys and one-time
    ** codes by their hashes, friendships both ways, the bests each uploads (level 0: a streak). */
    "CREATE TABLE profile(id bigserial PRIMARY KEY, nickname text NOT NULL, created bigint NOT NULL);"
    "CREATE UNIQUE INDEX profile_nickname ON profile(lower(nickname));"
    "CREATE TABLE device(key bytea PRIMARY KEY, profile bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  added bigint NOT NULL);"
    "CREATE INDEX device_profile ON device(profile);"
    "CREATE TABLE code(hash bytea PRIMARY KEY, kind integer NOT NULL,"
    "  profile bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE, expires bigint NOT NULL);"
    "CREATE INDEX code_profile ON code(profile);"
    "CREATE TABLE friend(a bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE,"
    "  b bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE, since bigint NOT NULL, PRIMARY KEY(a, b));"
    "CREATE INDEX friend_b ON friend(b);"
    "CREATE TABLE best(profile bigint NOT NULL REFERENCES profile(id) ON DELETE CASCADE, variant text NOT NULL,"
    "  rules text NOT NULL, level integer NOT NULL, points integer NOT NULL, pieces integer NOT NULL,"
    "  moves integer NOT NULL, finished bigint NOT NULL, streak integer NOT NULL, streak_best integer NOT NULL,"
    "  PRIMARY KEY(profile, variant, rules, level));",
    /* 3: per game and node, the players and spectators connected through that node */
    "CREATE TABLE presence(game text NOT NULL, node bigint NOT NULL, seats integer NOT NULL,"
    "  watchers integer NOT NULL, PRIMARY KEY(game, node));"
    "CREATE INDEX presence_node ON presence(node);",
    /* 4: each profile's nickname's skeleton (nickname.h), by which it is looked up (filled
    ** by 'fill_skeletons'), and the profile each seat was signed in with (NULL: a guest), by
    ** which a history is read one indexed page at a time; a deleted profile's seats become
    ** a guest's */
    "ALTER TABLE profile ADD COLUMN skeleton text;"
    "CREATE INDEX profile_skeleton ON profile(skeleton);"
    "ALTER TABLE game ADD COLUMN white_profile bigint REFERENCES profile(id) ON DELETE SET NULL,"
    "  ADD COLUMN black_profile bigint REFERENCES profile(id) ON DELETE SET NULL;"
    "DROP INDEX IF EXISTS game_white, game_black;"
    "CREATE INDEX game_white_profile ON game(white_profile, ended, id);"
    "CREATE INDEX game_black_profile ON game(black_profile, ended, id);",
};
#define SCHEMA_VERSION ((int)(sizeof migrations / sizeof *migrations))
_Static_assert(SCHEMA_VERSION == GAMEDB_SCHEMA_VERSION, "a schema's number means the same tables on either store");

#define GAME_COLUMNS                                                                                       \
  "id, code, variant, rules, initial_ms, increment_ms, lag_ms, listed, status, result, reason, white_name," \
  " black_name, white_token, black_token, white_ms, black_ms, turn_started, created, ended, rematch_of, plies,"  \
  " (white_profile IS NOT NULL)::int, (black_profile IS NOT NULL)::int"

/* The profile a seat's player was signed in with: its key's, when the seat's name is its
** nickname (a key NULL: none); a rematch's seats are the players of the game it
** follows, sides swapped. */
#define KEY_PROFILE(key, skeleton) \
  "(SELECT p.id FROM device v JOIN profile p ON p.id = v.profile WHERE v.key = " key " AND p.skeleton = " skeleton ")"
#define SEAT_PROFILE(key, skeleton, rematch, other_side, name)                                         \
  "CASE WHEN " rematch " = '' THEN " KEY_PROFILE(key, skeleton) " ELSE (SELECT r." other_side "_profile" \
  " FROM game r WHERE r.id = " rematch " AND r." other_side "_name = " name ") END"

/* The newest finished games of one side's seats of the profile whose skeleton is $1,
** before (ended $2, id $3), newest first: a range of index 'game_SIDE_profile'. */
#define HISTORY_SIDE(side)                                                                                      \
  "SELECT id FROM (SELECT id FROM game WHERE " side "_profile = (SELECT id FROM profile WHERE skeleton = $1"     \
  " ORDER BY id LIMIT 1) AND status = 2 AND (ended, id) < ($2, $3) ORDER BY ended DESC, id DESC LIMIT $4) " side

enum {
  ST_INSERT, ST_SEAT_W, ST_SEAT_B, ST_CLOCKS, ST_LOCK, ST_MOVE, ST_MOVED, ST_FINISH, ST_ALIVE, ST_NOTIFY,
  ST_LAST_ALIVE, ST_LIVE, ST_MOVES, ST_PDN, ST_HISTORY, ST_BY_ID, ST_BY_CODE,
  ST_PROFILE_OF, ST_NEW_PROFILE, ST_NEW_DEVICE, ST_DROP_EXPIRED, ST_CODES, ST_NEW_CODE, ST_TAKE_CODE, ST_DEVICES,
  ST_NICK_OF, ST_FRIEND_COUNT, ST_BEFRIEND, ST_FRIEND_NAMED, ST_UNFRIEND, ST_FRIENDS, ST_BESTS, ST_BEST_COUNT,
  ST_KNOWN_BEST, ST_PUT_BEST, ST_FORGET, ST_LIMITS, ST_PRESENCE, ST_ABSENCE, ST_PRESENT, ST_LISTED, ST_ENDED,
  ST_PAGE_START, ST_INVITATION, ST_COUNT
};
static const char *const sql_of[ST_COUNT] = {
    "INSERT INTO game(id, code, variant, rules, initial_ms, increment_ms, lag_ms, listed, status, white_name,"
    " black_name, white_token, black_token, white_ms, black_ms, turn_started, created, rematch_of, white_profile,"
    " black_profile) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
    SEAT_PROFILE("$19", "$20", "$18", "black", "$10") ", " SEAT_PROFILE("$21", "$22", "$18", "white", "$11") ")"
    " ON CONFLICT (id) DO NOTHING",
    "UPDATE game SET white_name = $2, white_token = $3, white_profile = " KEY_PROFILE("$4", "$5")
    " WHERE id = $1 AND white_token IS NULL",
    "UPDATE game SET black_name = $2, black_token = $3, black_profile = " KEY_PROFILE("$4", "$5")
    " WHERE id = $1 AND black_token IS NULL",
    "UPDATE game SET status = $2, white_ms = $3, black_ms = $4, turn_started = $5"
    " WHERE id = $1 AND plies = $6 AND status < 2",
    "SELECT plies, status FROM game WHERE id = $1 FOR UPDATE",
    "INSERT INTO move(game, ply, path, at, clock_ms) VALUES($1, $2, $3, $4, $5)",
    "UPDATE game SET status = 1, plies = $2, white_ms = $3, black_ms = $4, turn_started = $5 WHERE id = $1",
    "UPDATE game SET status = 2, result = $2, reason = $3, ended = $4, white_ms = $5, black_ms = $6, pdn = $7"
    " WHERE id = $1 AND plies = $8 AND status < 2",
    "INSERT INTO node(id, alive) VALUES($1, $2) ON CONFLICT(id) DO UPDATE SET alive = excluded.alive",
    "SELECT pg_notify('" CHANNEL "', $1)",
    "SELECT max(alive) FROM node",
    "SELECT " GAME_COLUMNS " FROM game WHERE status < 2 ORDER BY created",
    "SELECT ply, path, at, clock_ms FROM move WHERE game = $1 AND ply >= $2 ORDER BY ply",
    "SELECT pdn FROM game WHERE id = $1 AND status = 2",
    "SELECT " GAME_COLUMNS " FROM game g WHERE g.id IN (" HISTORY_SIDE("white") " UNION ALL " HISTORY_SIDE("black")
    ") ORDER BY ended DESC, id DESC LIMIT $4",
    "SELECT " GAME_COLUMNS " FROM game WHERE id = $1",
    "SELECT " GAME_COLUMNS " FROM game WHERE code = $1 AND status = 0",
    "SELECT p.id, p.nickname FROM device v JOIN profile p ON p.id = v.profile WHERE v.key = $1",
    /* no row: the nickname or a look-alike is taken (by another node meanwhile too, without
    ** failing the batch: the claims of every node wait for one another on ST_LIMITS) */
    "INSERT INTO profile(nickname, created, skeleton) SELECT $1, $2, $3"
    " WHERE NOT EXISTS(SELECT 1 FROM profile WHERE skeleton = $3) ON CONFLICT DO NOTHING RETURNING id",
    "INSERT INTO device(key, profile, added) VALUES($1, $2, $3)",
    "DELETE FROM code WHERE expires <= $1",
    "SELECT count(*) FROM code WHERE profile = $1",
    "INSERT INTO code(hash, kind, profile, expires) VALUES($1, $2, $3, $4)",
    /* the profile (0 when the code expired or is of the other kind), the code used up in the
    ** same statement: a code two nodes take at once works for one of them */
    "DELETE FROM code WHERE hash = $1 RETURNING CASE WHEN expires > $2 AND kind = $3 THEN profile ELSE 0 END",
    "SELECT count(*) FROM device WHERE profile = $1",
    "SELECT id, nickname FROM profile WHERE id = $1",
    "SELECT count(*) FROM friend WHERE a = $1",
    "INSERT INTO friend(a, b, since) VALUES($1, $2, $3), ($2, $1, $3) ON CONFLICT DO NOTHING",
    "SELECT p.id FROM profile p WHERE p.skeleton = $2"
    " AND (p.id = $1 OR EXISTS(SELECT 1 FROM friend WHERE a = $1 AND b = p.id)) ORDER BY p.id = $1 DESC, p.id",
    "DELETE FROM friend WHERE (a = $1 AND b = $2) OR (a = $2 AND b = $1)",
    /* the orders SQLite's store gives: NOCASE (ASCII folded), then bytes */
    "SELECT p.nickname FROM friend f JOIN profile p ON p.id = f.b WHERE f.a = $1 ORDER BY lower(p.nickname) COLLATE \"C\"",
    "SELECT variant, rules, level, points, pieces, moves, finished, streak, streak_best FROM best WHERE profile = $1"
    " ORDER BY variant COLLATE \"C\", rules COLLATE \"C\", level",
    "SELECT count(*) FROM best WHERE profile = $1",
    "SELECT 1 FROM best WHERE profile = $1 AND variant = $2 AND rules = $3 AND level = $4",
    /* a record is replaced only by a higher one; a streak's current count by the latest, its
    ** best by a higher one (each device uploads what it has played) */
    "INSERT INTO best AS o(profile, variant, rules, level, points, pieces, moves, finished, streak, streak_best)"
    " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT(profile, variant, rules, level) DO UPDATE SET"
    " points = greatest(o.points, excluded.points),"
    " pieces = CASE WHEN excluded.points > o.points THEN excluded.pieces ELSE o.pieces END,"
    " moves = CASE WHEN excluded.points > o.points THEN excluded.moves ELSE o.moves END,"
    " finished = CASE WHEN excluded.points > o.points THEN excluded.finished ELSE o.finished END,"
    " streak = excluded.streak, streak_best = greatest(o.streak_best, excluded.streak_best)",
    "DELETE FROM profile WHERE id = $1", /* the rest cascades */
    "SELECT pg_advisory_xact_lock(1685222262, 1)", /* LOCK_KEY's number, second key 1: the profiles' writes */
    "INSERT INTO presence(game, node, seats, watchers) VALUES($1, $2, $3, $4) ON CONFLICT(game, node) DO UPDATE"
    " SET seats = excluded.seats, watchers = excluded.watchers",
    "DELETE FROM presence WHERE game = $1 AND node = $2",
    "SELECT p.game, p.node, p.seats, p.watchers FROM presence p JOIN node n ON n.id = p.node"
    " WHERE n.alive >= $3 AND ($1 = '' OR p.game = $1) AND ($2::bigint = 0 OR p.node = $2::bigint)",
    "SELECT " GAME_COLUMNS ", coalesce((SELECT sum(p.watchers) FROM presence p JOIN node n ON n.id = p.node"
    " WHERE p.game = g.id AND n.alive >= $1), 0) FROM game g WHERE listed = 1 AND status < 2 ORDER BY created LIMIT $2",
    "DELETE FROM presence WHERE game = $1", /* a game over is in no list, and no node reads it to play on */
    "SELECT ended FROM game WHERE id = $1 AND status = 2",
    /* who invites with a code, which stays unused: no row for a code 'accept' would refuse */
    "SELECT c.profile, p.nickname FROM code c JOIN profile p ON p.id = c.profile"
    " WHERE c.hash = $1 AND c.expires > $2 AND c.kind = $3",
};

_Static_assert(ST_COUNT <= 64, "a link's 'prepared' has a bit per statement");

/* One connection and the statements prepared on it. */
typedef struct link {
  PGconn *c;
  uint64_t prepared; /* a bit per statement */
} link;

typedef struct pg_db {
  gamedb base;
  link w, r, l;       /* writes, reads, notifications */
  char uri[1024];     /* to open the listening connection later */
  char label[512];    /* the URI without its password */
} pg_db;

static pg_db *of(gamedb *db) { return (pg_db *)db; }

/* The first line of what PostgreSQL said: its messages run on with hints and context. */
static int say(pg_db *d, const char *msg, err *e) {
  char line[ERR_LEN];
  snprintf(line, sizeof line, "%s", msg && *msg ? msg : "the connection was lost");
  line[strcspn(line, "\n")] = '\0';
  return err_set(e, "%s: %s", d->label, line);
}

static int fail(pg_db *d, link *k, PGresult *res, err *e) {
  const char *primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
  return say(d, primary ? primary : PQerrorMessage(k->c), e);
}

/* A statement's parameters as text (NULL is SQL's NULL). */
typedef struct args {
  int n;
  const char *v[24];
  char own[24][72]; /* a number, or a hash as bytea's hex */
} args;

static void a_text(args *a, const char *s) { a->v[a->n++] = s; }

static void a_int(args *a, int64_t x) {
  snprintf(a->own[a->n], sizeof a->own[a->n], "%lld", (long long)x);
  a->v[a->n] = a->own[a->n];
  a->n++;
}

static void a_hash(args *a, const uint8_t *h, int present) {
  char *o = a->own[a->n];
  a->v[a->n++] = present ? o : NULL;
  o[0] = '\\', o[1] = 'x';
  for (int i = 0; i < GAMEDB_HASH; i++) snprintf(o + 2 + 2 * i, 3, "%02x", h[i]);
}

/* Runs statement 'st' (preparing it on first use); its result, or NULL and 'e'. */
static PGresult *run(pg_db *d, link *k, int st, const args *a, err *e) {
  char name[16];
  snprintf(name, sizeof name, "draughts%d", st);
  if (!(k->prepared & (uint64_t)1 << st)) {
    PGresult *p = PQprepare(k->c, name, sql_of[st], 0, NULL);
    int ok = PQresultStatus(p) == PGRES_COMMAND_OK;
    if (!ok) fail(d, k, p, e);
    PQclear(p);
    if (!ok) return NULL;
    k->prepared |= (uint64_t)1 << st;
  }
  PGresult *res = PQexecPrepared(k->c, name, a->n, a->v, NULL, NULL, 0);
  ExecStatusType s = PQresultStatus(res);
  if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) return res;
  fail(d, k, res, e);
  PQclear(res);
  return NULL;
}

/* A write: 0 done, 1 no row matched its guard, -1 failed. */
static int write_guarded(pg_db *d, int st, const args *a, err *e) {
  PGresult *res = run(d, &d->w, st, a, e);
  if (!res) return -1;
  int matched = atoi(PQcmdTuples(res)) > 0;
  PQclear(res);
  return matched ? 0 : 1;
}

static int exec(pg_db *d, link *k, const char *sql, err *e) {
  PGresult *res = PQexec(k->c, sql);
  int ok = PQresultStatus(res) == PGRES_COMMAND_OK || PQresultStatus(res) == PGRES_TUPLES_OK;
  if (!ok) fail(d, k, res, e);
  PQclear(res);
  return ok ? 0 : -1;
}

static void text(const PGresult *res, int row, int col, char *out, size_t len) {
  snprintf(out, len, "%s", PQgetvalue(res, row, col));
}

static int64_t num(const PGresult *res, int row, int col) { return strtoll(PQgetvalue(res, row, col), NULL, 10); }

/* ------------------------------------------------------------- writing */

static int db_begin(gamedb *db, err *e) { return exec(of(db), &of(db)->w, "BEGIN", e); }
static int db_commit(gamedb *db, err *e) { return exec(of(db), &of(db)->w, "COMMIT", e); }

static void db_rollback(gamedb *db) {
  pg_db *d = of(db);
  if (PQtransactionStatus(d->w.c) != PQTRANS_IDLE) PQclear(PQexec(d->w.c, "ROLLBACK"));
}

/* A seat's player's key (NULL for a guest) and the skeleton of the seat's name. */
static void a_player(args *a, const char *name, const uint8_t *key, char skeleton[NICK_SKELETON_MAX]) {
  if (key) a_hash(a, key, 1);
  else a->v[a->n++] = NULL;
  a->v[a->n++] = key && nick_skeleton(name, skeleton, NICK_SKELETON_MAX, NULL) == 0 ? skeleton : NULL;
}

static int db_insert(gamedb *db, const gamedb_game *g, err *e) {
  args a = {0};
  a_text(&a, g->id), a_text(&a, g->code), a_text(&a, g->variant), a_text(&a, g->rules);
  a_int(&a, g->initial_ms), a_int(&a, g->increment_ms), a_int(&a, g->lag_ms), a_int(&a, g->listed);
  a_int(&a, g->status), a_text(&a, g->name[0]), a_text(&a, g->name[1]);
  a_hash(&a, g->token[0], g->seated[0]), a_hash(&a, g->token[1], g->seated[1]);
  a_int(&a, g->clock_ms[0]), a_int(&a, g->clock_ms[1]), a_int(&a, g->turn_started), a_int(&a, g->created);
  a_text(&a, g->rematch_of);
  char skeleton[2][NICK_SKELETON_MAX];
  for (int side = 0; side < 2; side++)
    a_player(&a, g->name[side], g->signed_in[side] ? g->key[side] : NULL, skeleton[side]);
  return write_guarded(of(db), ST_INSERT, &a, e); /* 1: the id is taken */
}

static int db_seat(gamedb *db, const char *id, int side, const char *name, const uint8_t *token, const uint8_t *key,
                   err *e) {
  args a = {0};
  char skeleton[NICK_SKELETON_MAX];
  a_text(&a, id), a_text(&a, name), a_hash(&a, token, 1), a_player(&a, name, key, skeleton);
  return write_guarded(of(db), side ? ST_SEAT_B : ST_SEAT_W, &a, e);
}

static void a_clocks(args *a, const char *id, int status, const int64_t clock_ms[2], int64_t turn_started) {
  a_text(a, id), a_int(a, status), a_int(a, clock_ms[0]), a_int(a, clock_ms[1]), a_int(a, turn_started);
}

static int db_clocks(gamedb *db, const char *id, int status, const int64_t clock_ms[2], int64_t turn_started,
                     int plies, err *e) {
  args a = {0};
  a_clocks(&a, id, status, clock_ms, turn_started);
  a_int(&a, plies);
  return write_guarded(of(db), ST_CLOCKS, &a, e);
}

/* The row stays locked until the batch commits: no other node writes this game meanwhile. */
static int db_add_move(gamedb *db, const char *id, const gamedb_move *m, const int64_t clock_ms[2],
                       int64_t turn_started, err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_text(&a, id);
  PGresult *res = run(d, &d->w, ST_LOCK, &a, e);
  if (!res) return -1;
  int here = PQntuples(res) == 1 && num(res, 0, 0) == m->ply && num(res, 0, 1) == GAMEDB_PLAYING;
  PQclear(res);
  if (!here) return 1;
  a_int(&a, m->ply), a_text(&a, m->path), a_int(&a, m->at), a_int(&a, m->clock_ms);
  if (write_guarded(d, ST_MOVE, &a, e)) return -1;
  args b = {0};
  a_text(&b, id), a_int(&b, m->ply + 1), a_int(&b, clock_ms[0]), a_int(&b, clock_ms[1]), a_int(&b, turn_started);
  return write_guarded(d, ST_MOVED, &b, e) ? -1 : 0;
}

static int db_finish(gamedb *db, const gamedb_game *g, const char *pdn, err *e) {
  args a = {0};
  a_text(&a, g->id), a_int(&a, g->result), a_text(&a, g->reason), a_int(&a, g->ended);
  a_int(&a, g->clock_ms[0]), a_int(&a, g->clock_ms[1]), a_text(&a, pdn), a_int(&a, g->plies);
  int rc = write_guarded(of(db), ST_FINISH, &a, e);
  args id = {0};
  a_text(&id, g->id);
  return rc == 0 && write_guarded(of(db), ST_ENDED, &id, e) < 0 ? -1 : rc;
}

static int db_alive(gamedb *db, uint32_t node, int64_t now, err *e) {
  args a = {0};
  a_int(&a, node), a_int(&a, now);
  return write_guarded(of(db), ST_ALIVE, &a, e) ? -1 : 0;
}

static int db_presence(gamedb *db, const gamedb_presence *p, err *e) {
  args a = {0};
  a_text(&a, p->game), a_int(&a, p->node);
  if (!p->seats && !p->watchers) return write_guarded(of(db), ST_ABSENCE, &a, e) < 0 ? -1 : 0;
  a_int(&a, p->seats), a_int(&a, p->watchers);
  return write_guarded(of(db), ST_PRESENCE, &a, e) ? -1 : 0;
}

static int db_notify(gamedb *db, const char *payload, err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_text(&a, payload);
  PGresult *res = run(d, &d->w, ST_NOTIFY, &a, e);
  PQclear(res);
  return res ? 0 : -1;
}

/* ------------------------------------------------------------- reading */

static int db_last_alive(gamedb *db, int64_t *when, err *e) {
  pg_db *d = of(db);
  args a = {0};
  PGresult *res = run(d, &d->r, ST_LAST_ALIVE, &a, e);
  if (!res) return -1;
  int found = !PQgetisnull(res, 0, 0);
  if (found) *when = num(res, 0, 0);
  PQclear(res);
  return found;
}

static void read_hash(const PGresult *res, int row, int col, uint8_t out[GAMEDB_HASH], int *seated) {
  const char *hex = PQgetvalue(res, row, col);
  *seated = !PQgetisnull(res, row, col) && strlen(hex) == 2 + 2 * GAMEDB_HASH;
  for (int i = 0; *seated && i < GAMEDB_HASH; i++) {
    unsigned v;
    sscanf(hex + 2 + 2 * i, "%2x", &v);
    out[i] = (uint8_t)v;
  }
}

static void read_game(const PGresult *res, int row, gamedb_game *g) {
  memset(g, 0, sizeof *g);
  text(res, row, 0, g->id, sizeof g->id);
  text(res, row, 1, g->code, sizeof g->code);
  text(res, row, 2, g->variant, sizeof g->variant);
  text(res, row, 3, g->rules, sizeof g->rules);
  g->initial_ms = num(res, row, 4);
  g->increment_ms = num(res, row, 5);
  g->lag_ms = num(res, row, 6);
  g->listed = (int)num(res, row, 7);
  g->status = (int)num(res, row, 8);
  g->result = (int)num(res, row, 9);
  text(res, row, 10, g->reason, sizeof g->reason);
  for (int side = 0; side < 2; side++) {
    text(res, row, 11 + side, g->name[side], sizeof g->name[side]);
    read_hash(res, row, 13 + side, g->token[side], &g->seated[side]);
    g->clock_ms[side] = num(res, row, 15 + side);
  }
  g->turn_started = num(res, row, 17);
  g->created = num(res, row, 18);
  g->ended = num(res, row, 19);
  text(res, row, 20, g->rematch_of, sizeof g->rematch_of);
  g->plies = (int)num(res, row, 21);
  for (int side = 0; side < 2; side++) g->signed_in[side] = (int)num(res, row, 22 + side);
}

/* Hands each game row of 'games' with its moves from 'from' on to 'fn'. */
static int each_game(pg_db *d, PGresult *games, int from, gamedb_live_fn fn, void *ud, err *e) {
  int rc = 0;
  for (int i = 0; rc == 0 && i < PQntuples(games); i++) {
    gamedb_game g;
    read_game(games, i, &g);
    args a = {0};
    a_text(&a, g.id), a_int(&a, from);
    PGresult *res = run(d, &d->r, ST_MOVES, &a, e);
    if (!res) return -1;
    int n = PQntuples(res);
    gamedb_move *moves = xmalloc((size_t)(n ? n : 1) * sizeof *moves);
    for (int k = 0; k < n; k++) {
      moves[k].ply = (int)num(res, k, 0);
      text(res, k, 1, moves[k].path, sizeof moves[k].path);
      moves[k].at = num(res, k, 2);
      moves[k].clock_ms = num(res, k, 3);
    }
    PQclear(res);
    rc = fn(ud, &g, moves, n);
    free(moves);
  }
  return rc;
}

static int db_live(gamedb *db, gamedb_live_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  args a = {0};
  PGresult *games = run(d, &d->r, ST_LIVE, &a, e);
  if (!games) return -1;
  int rc = each_game(d, games, 0, fn, ud, e);
  PQclear(games);
  return rc;
}

static int db_game(gamedb *db, const char *id, const char *code, int from, gamedb_live_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_text(&a, id ? id : code);
  PGresult *games = run(d, &d->r, id ? ST_BY_ID : ST_BY_CODE, &a, e);
  if (!games) return -1;
  int found = PQntuples(games) > 0;
  int rc = each_game(d, games, from, fn, ud, e);
  PQclear(games);
  return rc ? -1 : found;
}

static int db_present(gamedb *db, const char *id, uint32_t node, int64_t since, gamedb_presence_fn fn, void *ud,
                      err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_text(&a, id ? id : ""), a_int(&a, node), a_int(&a, since);
  PGresult *res = run(d, &d->r, ST_PRESENT, &a, e);
  if (!res) return -1;
  int rc = 0;
  for (int i = 0; rc == 0 && i < PQntuples(res); i++) {
    gamedb_presence p;
    text(res, i, 0, p.game, sizeof p.game);
    p.node = (uint32_t)num(res, i, 1);
    p.seats = (int)num(res, i, 2);
    p.watchers = (int)num(res, i, 3);
    rc = fn(ud, &p);
  }
  PQclear(res);
  return rc ? -1 : 0;
}

static int db_listed(gamedb *db, int64_t since, int max, gamedb_listed_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_int(&a, since), a_int(&a, max);
  PGresult *res = run(d, &d->r, ST_LISTED, &a, e);
  if (!res) return -1;
  int rc = 0;
  for (int i = 0; rc == 0 && i < PQntuples(res); i++) {
    gamedb_game g;
    read_game(res, i, &g);
    rc = fn(ud, &g, (int)num(res, i, 24));
  }
  PQclear(res);
  return rc ? -1 : 0;
}

static char *db_pdn(gamedb *db, const char *id, err *e) {
  pg_db *d = of(db);
  args a = {0};
  a_text(&a, id);
  PGresult *res = run(d, &d->r, ST_PDN, &a, e);
  if (!res) return NULL;
  char *out = PQntuples(res) && !PQgetisnull(res, 0, 0) ? xstrdup(PQgetvalue(res, 0, 0)) : NULL;
  if (!out) err_set(e, "no finished game '%s'", id);
  PQclear(res);
  return out;
}

/* Where a page after game 'after' begins: 1 (its end in 'ended'), 0 no such game, -1. */
static int page_start(pg_db *d, const char *after, int64_t *ended, err *e) {
  *ended = INT64_MAX;
  if (!after) return 1;
  args a = {0};
  a_text(&a, after);
  PGresult *res = run(d, &d->r, ST_PAGE_START, &a, e);
  if (!res) return -1;
  int found = PQntuples(res) > 0;
  if (found) *ended = num(res, 0, 0);
  PQclear(res);
  return found;
}

static int db_history(gamedb *db, const char *name, const char *after, gamedb_game *out, int max, err *e) {
  pg_db *d = of(db);
  char skeleton[NICK_SKELETON_MAX];
  int64_t ended;
  if (nick_skeleton(name, skeleton, sizeof skeleton, NULL)) return 0; /* no nickname reads so */
  int rc = page_start(d, after, &ended, e);
  if (rc <= 0) return rc;
  args a = {0};
  a_text(&a, skeleton), a_int(&a, ended), a_text(&a, after ? after : ""), a_int(&a, max);
  PGresult *res = run(d, &d->r, ST_HISTORY, &a, e);
  if (!res) return -1;
  int n = PQntuples(res) < max ? PQntuples(res) : max;
  for (int i = 0; i < n; i++) read_game(res, i, &out[i]);
  PQclear(res);
  return n;
}

/* ------------------------------------------------- profiles and friends */

/* The profile requests run on the writer's connection inside the batch's transaction, as
** on SQLite; keys and codes are looked up by their hashes only. */

/* First in every request that writes: two nodes' batches counting a limit for one profile
** at once (codes, devices, friends, bests) would each miss the other's rows, not yet
** committed, and pass the limit by one.  One lock for every profile, held until the batch
** commits, rather than a row lock per profile: a batch answers several requests in the
** order they came, and locks taken in two orders by two nodes would wait for each other
** in a circle.  A batch's requests run before its games' writes (writer.c orders them
** so): a batch takes this lock before any row, so one that waits for it holds nothing. */
static int lock_limits(pg_db *d, err *e) {
  args a = {0};
  PGresult *res = run(d, &d->w, ST_LIMITS, &a, e);
  PQclear(res);
  return res ? 0 : -1;
}

/* Runs 'st' on the writer's connection: 1 with the first row's first column in 'n' and
** its second's text in 'second' (either may be NULL), 0 no row, -1 and 'e'. */
static int one_row(pg_db *d, int st, const args *a, int64_t *n, char *second, err *e) {
  PGresult *res = run(d, &d->w, st, a, e);
  if (!res) return -1;
  int found = PQntuples(res) > 0;
  if (found && n) *n = num(res, 0, 0);
  if (found && second) text(res, 0, 1, second, GAMEDB_NAME_MAX + 1);
  PQclear(res);
  return found;
}

/* 'st' of profile 'id', which returns a row: 0 (the row in 'n' and 'nick') or -1. */
static int of_profile(pg_db *d, int st, int64_t id, int64_t *n, char *nick, err *e) {
  args a = {0};
  a_int(&a, id);
  return one_row(d, st, &a, n, nick, e) == 1 ? 0 : -1;
}

/* The profile that 'key' belongs to: 1 (its id and nickname), 0 none, -1. */
static int profile_of(pg_db *d, const uint8_t *key, int64_t *id, char *nick, err *e) {
  args a = {0};
  a_hash(&a, key, 1);
  return one_row(d, ST_PROFILE_OF, &a, id, nick, e);
}

/* The key's profile into 'id': 0, GAMEDB_NO_PROFILE or -1. */
static int me(pg_db *d, const gamedb_ask *a, int64_t *id, char *nick, err *e) {
  char ignored[GAMEDB_NAME_MAX + 1];
  int rc = profile_of(d, a->key, id, nick ? nick : ignored, e);
  return rc < 0 ? -1 : rc == 0 ? GAMEDB_NO_PROFILE : 0;
}

static int new_device(pg_db *d, const gamedb_ask *a, int64_t id, err *e) {
  args v = {0};
  a_hash(&v, a->key, 1), a_int(&v, id), a_int(&v, a->now);
  return write_guarded(d, ST_NEW_DEVICE, &v, e) ? -1 : 0;
}

static int db_claim(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  pg_db *d = of(db);
  int64_t id = 0;
  if (lock_limits(d, e)) return -1;
  int rc = profile_of(d, a->key, &id, nick, e);
  if (rc) return rc < 0 ? -1 : !a->nick || nick_same(nick, a->nick) ? 0 : GAMEDB_HELD;
  if (!a->nick) return GAMEDB_NO_PROFILE;
  char skeleton[NICK_SKELETON_MAX];
  if (nick_skeleton(a->nick, skeleton, sizeof skeleton, NULL)) return GAMEDB_TAKEN;
  args p = {0};
  a_text(&p, a->nick), a_int(&p, a->now), a_text(&p, skeleton);
  if ((rc = one_row(d, ST_NEW_PROFILE, &p, &id, NULL, e)) <= 0) return rc < 0 ? -1 : GAMEDB_TAKEN;
  snprintf(nick, GAMEDB_NAME_MAX + 1, "%s", a->nick);
  return new_device(d, a, id, e);
}

static int db_add_code(gamedb *db, const gamedb_ask *a, err *e) {
  pg_db *d = of(db);
  int64_t id, n;
  if (lock_limits(d, e)) return -1;
  int rc = me(d, a, &id, NULL, e);
  if (rc) return rc;
  args x = {0};
  a_int(&x, a->now);
  if (write_guarded(d, ST_DROP_EXPIRED, &x, e) < 0 || of_profile(d, ST_CODES, id, &n, NULL, e)) return -1;
  if (n >= GAMEDB_MAX_CODES) return GAMEDB_FULL;
  args c = {0};
  a_hash(&c, a->code, 1), a_int(&c, a->kind), a_int(&c, id), a_int(&c, a->expires);
  return write_guarded(d, ST_NEW_CODE, &c, e) ? -1 : 0;
}

/* Uses up the code: its profile into 'id' (0), or GAMEDB_NOT_FOUND whether it never
** existed, was used, expired or is of the other kind — through the same statement. */
static int take_code(pg_db *d, const gamedb_ask *a, int64_t *id, err *e) {
  args c = {0};
  a_hash(&c, a->code, 1), a_int(&c, a->now), a_int(&c, a->kind);
  *id = 0;
  int rc = one_row(d, ST_TAKE_CODE, &c, id, NULL, e);
  return rc < 0 ? -1 : *id > 0 ? 0 : GAMEDB_NOT_FOUND;
}

static int db_link(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  pg_db *d = of(db);
  int64_t id, n;
  if (lock_limits(d, e)) return -1;
  int rc = profile_of(d, a->key, &id, nick, e);
  if (rc) return rc < 0 ? -1 : GAMEDB_HELD;
  if ((rc = take_code(d, a, &id, e))) return rc;
  if (of_profile(d, ST_DEVICES, id, &n, NULL, e)) return -1;
  if (n >= GAMEDB_MAX_DEVICES) return GAMEDB_FULL;
  return of_profile(d, ST_NICK_OF, id, NULL, nick, e) ? -1 : new_device(d, a, id, e);
}

static int db_accept(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  pg_db *d = of(db);
  int64_t mine, theirs, n1, n2;
  if (lock_limits(d, e)) return -1;
  int rc = me(d, a, &mine, NULL, e);
  if (rc || (rc = take_code(d, a, &theirs, e))) return rc;
  if (theirs == mine) return GAMEDB_SELF;
  if (of_profile(d, ST_FRIEND_COUNT, mine, &n1, NULL, e) || of_profile(d, ST_FRIEND_COUNT, theirs, &n2, NULL, e) ||
      of_profile(d, ST_NICK_OF, theirs, NULL, nick, e))
    return -1;
  if (n1 >= GAMEDB_MAX_FRIENDS || n2 >= GAMEDB_MAX_FRIENDS) return GAMEDB_FULL;
  args f = {0};
  a_int(&f, mine), a_int(&f, theirs), a_int(&f, a->now);
  return write_guarded(d, ST_BEFRIEND, &f, e) < 0 ? -1 : 0;
}

static int db_invitation(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  pg_db *d = of(db);
  int64_t mine, theirs;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  args c = {0};
  a_hash(&c, a->code, 1), a_int(&c, a->now), a_int(&c, a->kind);
  if ((rc = one_row(d, ST_INVITATION, &c, &theirs, nick, e)) <= 0) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  return theirs == mine ? GAMEDB_SELF : 0;
}

/* A friend of profile 'mine' (or itself) by nickname: 1 (its id), 0 (no friend of that
** name, whether the name exists or not: one statement either way), -1. */
static int friend_named(pg_db *d, int64_t mine, const char *nick, int64_t *id, err *e) {
  args f = {0};
  char skeleton[NICK_SKELETON_MAX];
  a_int(&f, mine), a_text(&f, nick_skeleton(nick, skeleton, sizeof skeleton, NULL) ? nick : skeleton);
  return one_row(d, ST_FRIEND_NAMED, &f, id, NULL, e);
}

static int db_unfriend(gamedb *db, const gamedb_ask *a, err *e) {
  pg_db *d = of(db);
  int64_t mine, theirs;
  if (lock_limits(d, e)) return -1;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  rc = friend_named(d, mine, a->nick, &theirs, e);
  if (rc <= 0 || theirs == mine) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  args f = {0};
  a_int(&f, mine), a_int(&f, theirs);
  return write_guarded(d, ST_UNFRIEND, &f, e) < 0 ? -1 : 0;
}

/* The key's profile as the first argument of 'f': 0, GAMEDB_NO_PROFILE or -1. */
static int me_first(pg_db *d, const gamedb_ask *a, char *nick, args *f, err *e) {
  int64_t mine;
  int rc = me(d, a, &mine, nick, e);
  if (rc == 0) a_int(f, mine);
  return rc;
}

static int db_friends(gamedb *db, const gamedb_ask *a, char *nick, gamedb_name_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  args f = {0};
  int rc = me_first(d, a, nick, &f, e);
  if (rc) return rc;
  PGresult *res = run(d, &d->w, ST_FRIENDS, &f, e);
  if (!res) return -1;
  for (int i = 0; rc == 0 && i < PQntuples(res); i++) rc = fn(ud, PQgetvalue(res, i, 0));
  PQclear(res);
  return rc ? -1 : 0;
}

static void read_best(const PGresult *res, int row, gamedb_best *b) {
  memset(b, 0, sizeof *b);
  text(res, row, 0, b->variant, sizeof b->variant);
  text(res, row, 1, b->rules, sizeof b->rules);
  b->level = (int)num(res, row, 2);
  b->points = (int)num(res, row, 3);
  b->pieces = (int)num(res, row, 4);
  b->moves = (int)num(res, row, 5);
  b->finished = num(res, row, 6);
  b->current = (int)num(res, row, 7);
  b->best = (int)num(res, row, 8);
}

static int db_bests(gamedb *db, const gamedb_ask *a, gamedb_best_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  int64_t mine, theirs;
  int rc = me(d, a, &mine, NULL, e);
  if (rc) return rc;
  if ((rc = friend_named(d, mine, a->nick, &theirs, e)) <= 0) return rc < 0 ? -1 : GAMEDB_NOT_FOUND;
  args f = {0};
  a_int(&f, theirs);
  PGresult *res = run(d, &d->w, ST_BESTS, &f, e);
  if (!res) return -1;
  rc = 0;
  for (int i = 0; rc == 0 && i < PQntuples(res); i++) {
    gamedb_best b;
    read_best(res, i, &b);
    rc = fn(ud, &b);
  }
  PQclear(res);
  return rc ? -1 : 0;
}

static void a_best(args *a, int64_t id, const gamedb_best *b) {
  a_int(a, id), a_text(a, b->variant), a_text(a, b->rules), a_int(a, b->level);
}

static int db_upload(gamedb *db, const gamedb_ask *a, err *e) {
  pg_db *d = of(db);
  int64_t mine, n;
  if (lock_limits(d, e)) return -1;
  int rc = me(d, a, &mine, NULL, e);
  if (rc || of_profile(d, ST_BEST_COUNT, mine, &n, NULL, e)) return rc ? rc : -1;
  for (int i = 0; i < a->nbests; i++) { /* what is new, counted before anything is written */
    args k = {0};
    a_best(&k, mine, &a->bests[i]);
    if ((rc = one_row(d, ST_KNOWN_BEST, &k, NULL, NULL, e)) < 0) return -1;
    n += rc == 0;
  }
  if (n > GAMEDB_MAX_BESTS) return GAMEDB_FULL;
  for (int i = 0; i < a->nbests; i++) {
    const gamedb_best *b = &a->bests[i];
    args p = {0};
    a_best(&p, mine, b);
    a_int(&p, b->points), a_int(&p, b->pieces), a_int(&p, b->moves), a_int(&p, b->finished);
    a_int(&p, b->current), a_int(&p, b->best);
    if (write_guarded(d, ST_PUT_BEST, &p, e)) return -1;
  }
  return 0;
}

static int db_forget(gamedb *db, const gamedb_ask *a, char *nick, err *e) {
  args f = {0};
  if (lock_limits(of(db), e)) return -1;
  int rc = me_first(of(db), a, nick, &f, e);
  return rc ? rc : write_guarded(of(db), ST_FORGET, &f, e) < 0 ? -1 : 0;
}

/* ------------------------------------------------------- notifications */

static int connect_link(pg_db *d, link *k, err *e);

static int db_listen(gamedb *db, err *e) {
  pg_db *d = of(db);
  if (!d->l.c && (connect_link(d, &d->l, e) || exec(d, &d->l, "LISTEN " CHANNEL, e))) return -1;
  return PQsocket(d->l.c);
}

static int db_heard(gamedb *db, gamedb_heard_fn fn, void *ud, err *e) {
  pg_db *d = of(db);
  if (!PQconsumeInput(d->l.c)) return say(d, PQerrorMessage(d->l.c), e);
  for (PGnotify *n; (n = PQnotifies(d->l.c)); PQfreemem(n)) fn(ud, n->extra);
  return 0;
}

/* ------------------------------------------------------------- opening */

static void db_close(gamedb *db) {
  pg_db *d = of(db);
  if (!d) return;
  PQfinish(d->w.c);
  PQfinish(d->r.c);
  PQfinish(d->l.c);
  free(d);
}

static const gamedb_ops pg_ops = {
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
    /* claim      */ db_claim,
    /* add_code   */ db_add_code,
    /* link       */ db_link,
    /* accept     */ db_accept,
    /* unfriend   */ db_unfriend,
    /* friends    */ db_friends,
    /* bests      */ db_bests,
    /* upload     */ db_upload,
    /* forget     */ db_forget,
    /* game       */ db_game,
    /* notify     */ db_notify,
    /* listen     */ db_listen,
    /* heard      */ db_heard,
    /* presence   */ db_presence,
    /* present    */ db_present,
    /* listed     */ db_listed,
    /* Those below are in every store again. */
    /* invitation */ db_invitation,
};

static int connect_link(pg_db *d, link *k, err *e) {
  /* The URI's own settings come last, so they win over these defaults. */
  const char *const keys[] = {"connect_timeout", "application_name", "dbname", NULL};
  const char *const values[] = {"10", "draughts serve", d->uri, NULL};
  k->c = PQconnectdbParams(keys, values, 1);
  if (PQstatus(k->c) == CONNECTION_OK) return 0;
  return say(d, PQerrorMessage(k->c), e);
}

/* "postgresql://USER@HOST:PORT/DB" from the URI's parts: never its password. */
static int make_label(pg_db *d, const char *uri, err *e) {
  char *why = NULL;
  PQconninfoOption *opts = PQconninfoParse(uri, &why);
  if (!opts) { /* libpq quotes the whole URI, its password too: only what went wrong is said */
    char msg[ERR_LEN];
    snprintf(msg, sizeof msg, "%s", why ? why : "out of memory");
    char *quote = strstr(msg, " in URI: ");
    if (quote) *quote = '\0';
    PQfreemem(why);
    snprintf(d->label, sizeof d->label, "the store's URI");
    return say(d, msg, e);
  }
  const char *part[4] = {"", "", "", ""}, *name[4] = {"user", "host", "port", "dbname"};
  for (PQconninfoOption *o = opts; o->keyword; o++)
    for (int i = 0; i < 4; i++)
      if (o->val && strcmp(o->keyword, name[i]) == 0) part[i] = o->val;
  snprintf(d->label, sizeof d->label, "postgresql://%s%s%s%s%s/%s", part[0], *part[0] ? "@" : "", part[1],
           *part[2] ? ":" : "", part[2], part[3]);
  PQconninfoFree(opts);
  return 0;
}

static int query_int(pg_db *d, const char *sql, int64_t *out, err *e) {
  PGresult *res = PQexec(d->w.c, sql);
  int ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
  if (ok) *out = PQgetisnull(res, 0, 0) ? -1 : num(res, 0, 0);
  else fail(d, &d->w, res, e);
  PQclear(res);
  return ok ? 0 : -1;
}

/* The schema's version: -1 none (an empty database gets one), -2 not ours. */
static int schema_of(pg_db *d, int64_t *version, err *e) {
  int64_t ours, tables;
  if (query_int(d, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
                   " AND tablename = 'draughts_schema'", &ours, e) ||
      query_int(d, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", &tables, e))
    return -1;
  if (!ours) return *version = tables ? -2 : -1, 0;
  return query_int(d, "SELECT max(version) FROM draughts_schema", version, e);
}

/* Schema 4: each profile's skeleton, computed here (a name ICU cannot read stands for itself). */
static int fill_skeletons(pg_db *d, err *e) {
  PGresult *res = PQexec(d->w.c, "SELECT id, nickname FROM profile WHERE skeleton IS NULL");
  int rc = PQresultStatus(res) == PGRES_TUPLES_OK ? 0 : fail(d, &d->w, res, e);
  for (int i = 0; rc == 0 && i < PQntuples(res); i++) {
    char skeleton[NICK_SKELETON_MAX];
    const char *v[2] = {PQgetvalue(res, i, 1), PQgetvalue(res, i, 0)};
    if (nick_skeleton(v[0], skeleton, sizeof skeleton, NULL) == 0) v[0] = skeleton;
    PGresult *set = PQexecParams(d->w.c, "UPDATE profile SET skeleton = $1 WHERE id = $2", 2, NULL, v, NULL, NULL, 0);
    if (PQresultStatus(set) != PGRES_COMMAND_OK) rc = fail(d, &d->w, set, e);
    PQclear(set);
  }
  PQclear(res);
  return rc;
}

static int migrate(pg_db *d, err *e) {
  int64_t version;
  if (schema_of(d, &version, e)) return -1;
  if (version == -2) return err_set(e, "%s is not a draughts server store (its database has other tables)", d->label);
  if (version > SCHEMA_VERSION)
    return err_set(e, "%s was written by a newer draughts server (schema %lld; this one knows %d)", d->label,
                   (long long)version, SCHEMA_VERSION);
  for (int v = version < 0 ? 0 : (int)version; v < SCHEMA_VERSION; v++) {
    char sql[64];
    snprintf(sql, sizeof sql, "UPDATE draughts_schema SET version = %d", v + 1);
    if (exec(d, &d->w, migrations[v], e) || (v + 1 == 4 && fill_skeletons(d, e)) || exec(d, &d->w, sql, e))
      return err_prefix(e, "schema %d", v + 1);
  }
  return 0;
}

static int adopt(pg_db *d, err *e) {
  char lock[64];
  snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d)", LOCK_KEY);
  if (exec(d, &d->w, "BEGIN", e) || exec(d, &d->w, "SET LOCAL client_min_messages = warning", e) ||
      exec(d, &d->w, lock, e) || migrate(d, e) || exec(d, &d->w, "COMMIT", e)) {
    db_rollback(&d->base);
    return -1;
  }
  return 0;
}

gamedb *gamedb_open_pg(const char *uri, char *label, size_t len, err *e) {
  pg_db *d = xmalloc(sizeof *d);
  memset(d, 0, sizeof *d);
  d->base.ops = &pg_ops;
  if (snprintf(d->uri, sizeof d->uri, "%s", uri) >= (int)sizeof d->uri)
    return err_set(e, "the store's URI is longer than %zu characters", sizeof d->uri - 1), free(d), NULL;
  int rc = make_label(d, uri, e);
  snprintf(label, len, "%s", d->label);
  if (rc || connect_link(d, &d->w, e) || adopt(d, e) || connect_link(d, &d->r, e)) {
    db_close(&d->base);
    return NULL;
  }
  return &d->base;
}
