/*
** profile_share.c — a profile's records as a file for a friend, and friends' files
** imported to compare best scores side by side, without a server; and friends' bests
** as a server gave them, kept in the same tables (marked with the server).
**
** The file is plain text, one fact per line, so people can read and mail it:
**
**   draughts-scores 2
**   nickname Ana
**   streak VARIANT RULES CURRENT BEST
**   record VARIANT RULES LEVEL POINTS PIECES MOVES FINISHED
**   end
**
** The last line says the file is whole.  Files of version 1 (written before records
** were kept per rules) have no RULES; their rows are imported with rules not known.
** An import is checked completely before one row is written, goes to the friend tables
** only, and replaces that friend's earlier import in one transaction.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "profile_internal.h"

#define SHARE_MAGIC "draughts-scores 2"
#define SHARE_MAGIC_V1 "draughts-scores 1"
#define SHARE_MAX_BYTES (1 << 20)
#define SHARE_MAX_LINES 10000

/* ------------------------------------------------------------- export */

/* Rules as one word of the file: a preset name, maybe with options ("casual,quiet_move_limit=20");
** rules from a file named by a path with spaces are not shared. */
static int valid_rules(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n > 127) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || strchr("_,=.-/", *s)))
      return 0;
  return 1;
}

/* Steps 'st', whose columns are those of a 'profile_best' (variant, rules, level,
** points, pieces, moves, finished, current, best), handing each row to 'fn'. */
static int best_rows(profile_store *ps, sqlite3_stmt *st, const char *what, profile_best_fn fn, void *ud, err *e) {
  profile_best b;
  int rc, stop = 0;
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT) {
    memset(&b, 0, sizeof b);
    pst_text(st, 0, b.variant, sizeof b.variant);
    pst_text(st, 1, b.rules, sizeof b.rules);
    b.level = sqlite3_column_int(st, 2), b.points = sqlite3_column_int(st, 3);
    b.pieces = sqlite3_column_int(st, 4), b.moves = sqlite3_column_int(st, 5);
    b.finished = sqlite3_column_int64(st, 6);
    b.current = sqlite3_column_int(st, 7), b.best = sqlite3_column_int(st, 8);
    if (valid_rules(b.rules)) stop = fn(ud, &b);
  }
  if (stop) rc = SQLITE_DONE;
  else if (rc == SQLITE_ROW) err_set(e, "the score store is damaged: a %s names no variant", what);
  else if (rc != SQLITE_DONE) pst_fail(ps, e);
  sqlite3_finalize(st);
  return rc == SQLITE_DONE ? 0 : -1;
}

/* The streaks, then the best ranked win per variant, rules and level (SQLite takes the
** other columns from the row that holds the max). */
int profile_bests(profile_store *ps, int64_t profile, profile_best_fn fn, void *ud, err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e,
                  "SELECT variant, rules, 0, 0, 0, 0, 0, current, best FROM streak WHERE profile = ? ORDER BY 1, 2",
                  "i", profile) ||
      best_rows(ps, st, "streak", fn, ud, e))
    return -1;
  if (pst_prepare(ps, &st, e,
                  "SELECT variant, rules, level, max(points), pieces, moves, finished, 0, 0 FROM game"
                  " WHERE profile = ? AND ranked AND outcome = 1 GROUP BY variant, rules, level ORDER BY 1, 2, 3",
                  "i", profile))
    return -1;
  return best_rows(ps, st, "record", fn, ud, e);
}

static int print_best(void *ud, const profile_best *b) {
  if (b->level == 0) fprintf(ud, "streak %s %s %d %d\n", b->variant, b->rules, b->current, b->best);
  else
    fprintf(ud, "record %s %s %d %d %d %d %lld\n", b->variant, b->rules, b->level, b->points, b->pieces, b->moves,
            (long long)b->finished);
  return 0;
}

int profile_export(profile_store *ps, int64_t profile, const char *file, err *e) {
  char nick[PROFILE_NICK_MAX + 1];
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e, "SELECT nickname FROM profile WHERE id = ?", "i", profile)) return -1;
  int found = pst_row_text(ps, st, nick, sizeof nick, e);
  if (found <= 0) return found < 0 ? -1 : err_set(e, "no such profile");
  FILE *f = fopen(file, "w");
  if (!f) return err_set(e, "cannot write %s: %s", file, strerror(errno));
  fprintf(f, "%s\nnickname %s\n", SHARE_MAGIC, nick);
  int rc = profile_bests(ps, profile, print_best, f, e);
  fprintf(f, "end\n");
  if (fclose(f) != 0 && rc == 0) rc = err_set(e, "error while writing %s: %s", file, strerror(errno));
  return rc;
}

/* ------------------------------------------------------------- import */

typedef struct share_file {
  char nick[PROFILE_NICK_MAX + 1];
  int version;
  int count;
  profile_best *rows; /* rules "" in a file of version 1 */
} share_file;

static int valid_variant(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n > 31) return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
  return 1;
}

/* A non-negative integer no bigger than 'max', the whole of 'tok'. */
static int number(const char *tok, long long max, long long *out) {
  char *end;
  if (!tok || *tok < '0' || *tok > '9') return -1;
  errno = 0;
  long long v = strtoll(tok, &end, 10);
  if (*end || errno || v > max) return -1;
  *out = v;
  return 0;
}

/* "streak V R C B" or "record V R L P N M T" into 'r' (version 1: no R). */
static int parse_row(char *line, int version, profile_best *r) {
  static const long long max_streak[] = {1000000, 1000000};
  static const long long max_record[] = {64, 10000000, 64, 100000, 1LL << 40};
  char *save = NULL, *word = strtok_r(line, " ", &save), *variant = strtok_r(NULL, " ", &save);
  const char *rules = version >= 2 ? strtok_r(NULL, " ", &save) : "";
  int streak = word && strcmp(word, "streak") == 0, count = streak ? 2 : 5;
  long long n[5];
  if (!word || (!streak && strcmp(word, "record") != 0) || !variant || !valid_variant(variant)) return -1;
  if (!rules || (version >= 2 && !valid_rules(rules))) return -1;
  memset(r, 0, sizeof *r);
  snprintf(r->variant, sizeof r->variant, "%s", variant);
  snprintf(r->rules, sizeof r->rules, "%s", rules);
  for (int i = 0; i < count; i++)
    if (number(strtok_r(NULL, " ", &save), streak ? max_streak[i] : max_record[i], &n[i])) return -1;
  if (!streak && n[0] < 1) return -1;
  if (streak) r->current = (int)n[0], r->best = (int)n[1];
  else r->level = (int)n[0], r->points = (int)n[1], r->pieces = (int)n[2], r->moves = (int)n[3], r->finished = n[4];
  return strtok_r(NULL, " ", &save) ? -1 : 0;
}

static int line_error(const char *file, int line, err *e) {
  return err_set(e, "%s line %d: expected 'streak VARIANT RULES CURRENT BEST', 'record VARIANT RULES LEVEL POINTS "
                    "PIECES MOVES TIME' or 'end'", file, line);
}

/* Splits off the first line of '*text' (without its end of line). */
static char *first_line(char **text) {
  char *line = *text, *nl = strchr(line, '\n');
  if (nl) *nl = '\0', *text = nl + 1;
  else *text = line + strlen(line);
  line[strcspn(line, "\r")] = '\0';
  return line;
}

/* The lines after the nickname, up to 'end' (blank lines may follow it). */
static int parse_rows(char *rest, const char *file, int line, share_file *sf, err *e) {
  int ended = 0;
  for (; *rest; line++) {
    char *l = first_line(&rest);
    if (ended && *l) return err_set(e, "%s line %d: text after 'end'", file, line);
    if (ended || (ended = strcmp(l, "end") == 0)) continue;
    if (sf->count == SHARE_MAX_LINES) return err_set(e, "%s: more than %d lines", file, SHARE_MAX_LINES);
    if (parse_row(l, sf->version, &sf->rows[sf->count])) return line_error(file, line, e);
    sf->count++;
  }
  return ended ? 0 : err_set(e, "%s: the file ends early (no 'end' line): it may be cut short", file);
}

static int parse_share(char *text, size_t len, const char *file, share_file *sf, err *e) {
  err why;
  if (strlen(text) != len) return err_set(e, "%s: not a draughts scores file (binary data)", file);
  char *rest = text, *magic = first_line(&rest), *nick = first_line(&rest);
  sf->version = strcmp(magic, SHARE_MAGIC) == 0 ? 2 : strcmp(magic, SHARE_MAGIC_V1) == 0 ? 1 : 0;
  if (!sf->version) return err_set(e, "%s: not a draughts scores file (it should start with '%s')", file, SHARE_MAGIC);
  if (strncmp(nick, "nickname ", 9) != 0) return err_set(e, "%s line 2: expected 'nickname NAME'", file);
  if (profile_check_nickname(nick + 9, &why)) return err_set(e, "%s line 2: %s", file, why.msg);
  snprintf(sf->nick, sizeof sf->nick, "%s", nick + 9);
  sf->rows = xmalloc(SHARE_MAX_LINES * sizeof *sf->rows);
  return parse_rows(rest, file, 3, sf, e);
}

static int store_rows(profile_store *ps, int64_t friend_id, const profile_best *rows, int n, err *e) {
  for (int i = 0; i < n; i++) {
    const profile_best *r = &rows[i];
    int rc = r->level == 0
                 ? pst_exec(ps, e,
                            "INSERT OR REPLACE INTO friend_streak(friend, variant, rules, current, best)"
                            " VALUES(?, ?, ?, ?, ?)",
                            "ittii", friend_id, r->variant, r->rules, (int64_t)r->current, (int64_t)r->best)
                 : pst_exec(ps, e,
                            "INSERT OR REPLACE INTO friend_record(friend, variant, rules, level, points, pieces,"
                            " moves, finished) VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
                            "ittiiiii", friend_id, r->variant, r->rules, (int64_t)r->level, (int64_t)r->points,
                            (int64_t)r->pieces, (int64_t)r->moves, r->finished);
    if (rc) return -1;
  }
  return 0;
}

/* The friend 'nick' with these rows only, from 'server' (NULL: a file). */
static int store_friend(profile_store *ps, const char *nick, const char *server, const profile_best *rows, int n,
                        err *e) {
  sqlite3_stmt *st;
  int64_t id = 0;
  if (pst_exec(ps, e,
               "INSERT INTO friend(nickname, imported, server) VALUES(?1, ?2, ?3)"
               " ON CONFLICT(nickname) DO UPDATE SET imported = ?2, server = ?3",
               "tit", nick, (int64_t)time(NULL), server) ||
      pst_prepare(ps, &st, e, "SELECT id FROM friend WHERE nickname = ?", "t", nick))
    return -1;
  if (sqlite3_step(st) == SQLITE_ROW) id = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  if (id <= 0) return pst_fail(ps, e);
  if (pst_exec(ps, e, "DELETE FROM friend_record WHERE friend = ?", "i", id) ||
      pst_exec(ps, e, "DELETE FROM friend_streak WHERE friend = ?", "i", id))
    return -1;
  return store_rows(ps, id, rows, n, e);
}

int profile_sync_friends(profile_store *ps, const char *server, const profile_friend_bests *f, int n, err *e) {
  if (pst_begin(ps, e)) return -1;
  int rc = pst_exec(ps, e, "DELETE FROM friend WHERE server = ?", "t", server);
  for (int i = 0; rc == 0 && i < n; i++) rc = store_friend(ps, f[i].nick, server, f[i].rows, f[i].n, e);
  if (rc == 0 && pst_commit(ps, e) == 0) return 0;
  pst_rollback(ps);
  return -1;
}

int profile_import(profile_store *ps, const char *file, char *nick, size_t len, err *e) {
  size_t size = 0;
  share_file sf;
  memset(&sf, 0, sizeof sf);
  char *text = read_file_max(file, SHARE_MAX_BYTES, &size, e);
  if (!text) return -1;
  int rc = -1;
  if (parse_share(text, size, file, &sf, e) == 0 && pst_begin(ps, e) == 0) {
    rc = store_friend(ps, sf.nick, NULL, sf.rows, sf.count, e) == 0 && pst_commit(ps, e) == 0 ? 0 : -1;
    if (rc) pst_rollback(ps);
  }
  if (rc == 0 && nick) snprintf(nick, len, "%s", sf.nick);
  free(sf.rows);
  free(text);
  return rc;
}

/* ------------------------------------------------------------- friends */

int profile_friend_at(profile_store *ps, int index, char *nick, size_t len, err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e, "SELECT nickname FROM friend ORDER BY nickname LIMIT 1 OFFSET ?", "i",
                  (int64_t)index))
    return -1;
  return pst_row_text(ps, st, nick, len, e);
}

/* A friend's record as a game: the columns the file carries, the rest empty. */
int profile_friend_record(profile_store *ps, const char *friend_nick, const char *variant, const char *rules,
                          int level, profile_game *out, err *e) {
  sqlite3_stmt *st;
  memset(out, 0, sizeof *out);
  if (pst_prepare(ps, &st, e,
                  "SELECT r.points, r.pieces, r.moves, r.finished FROM friend_record r JOIN friend f ON f.id = r.friend"
                  " WHERE f.nickname = ? AND r.variant = ? AND r.rules = ? AND r.level = ?",
                  "ttti", friend_nick, variant, rules, (int64_t)level))
    return -1;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    snprintf(out->variant, sizeof out->variant, "%s", variant);
    snprintf(out->rules, sizeof out->rules, "%s", rules);
    out->level = level, out->outcome = 1, out->ranked = 1;
    out->points = sqlite3_column_int(st, 0), out->pieces = sqlite3_column_int(st, 1);
    out->moves = sqlite3_column_int(st, 2), out->finished = sqlite3_column_int64(st, 3);
  } else if (rc != SQLITE_DONE) {
    pst_fail(ps, e);
  }
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int profile_friend_streak(profile_store *ps, const char *friend_nick, const char *variant, const char *rules,
                          int *current, int *best, err *e) {
  sqlite3_stmt *st;
  *current = *best = 0;
  if (pst_prepare(ps, &st, e,
                  "SELECT s.current, s.best FROM friend_streak s JOIN friend f ON f.id = s.friend"
                  " WHERE f.nickname = ? AND s.variant = ? AND s.rules = ?",
                  "ttt", friend_nick, variant, rules))
    return -1;
  return pst_row_ints(ps, st, current, best, e);
}
