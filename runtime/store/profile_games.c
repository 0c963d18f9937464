/*
** profile_games.c — saving finished games and reading them back: records, history,
** streaks, each game's PDN.  A record is not stored apart: it is the best ranked win
** of a variant and level among the games, so two processes saving at once can never
** leave a stale one behind.
*/
#include <draughts/frontend.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"

#define GAME_COLUMNS "id, variant, rules, level, streak_level, outcome, points, pieces, moves, ranked, note, finished"

/* The ranked wins of one variant, rules and level: where records come from. */
#define RANKED_WINS "profile = ?1 AND variant = ?2 AND rules = ?3 AND level = ?4 AND ranked AND outcome = 1"

/* A row is what any program could have written there: a value that is out of range
** is a damaged store, not an index. */
static int read_game(sqlite3_stmt *st, profile_game *g, err *e) {
  memset(g, 0, sizeof *g);
  g->id = sqlite3_column_int64(st, 0);
  pst_text(st, 1, g->variant, sizeof g->variant);
  pst_text(st, 2, g->rules, sizeof g->rules);
  g->level = sqlite3_column_int(st, 3);
  g->streak_level = sqlite3_column_int(st, 4);
  g->outcome = sqlite3_column_int(st, 5);
  g->points = sqlite3_column_int(st, 6);
  g->pieces = sqlite3_column_int(st, 7);
  g->moves = sqlite3_column_int(st, 8);
  g->ranked = sqlite3_column_int(st, 9);
  pst_text(st, 10, g->note, sizeof g->note);
  g->finished = sqlite3_column_int64(st, 11);
  if (g->outcome < DR_SCORE_LOSS || g->outcome > DR_SCORE_WIN)
    return err_set(e, "the score store is damaged: game %lld has outcome %d", (long long)g->id, g->outcome);
  return 0;
}

/* Steps a prepared query for one game: 1 found (in 'g'), 0 none, -1 error. */
static int one_game(profile_store *ps, sqlite3_stmt *st, profile_game *g, err *e) {
  int rc = sqlite3_step(st), found = rc == SQLITE_ROW;
  int bad = found && read_game(st, g, e);
  if (!found && rc != SQLITE_DONE) pst_fail(ps, e);
  sqlite3_finalize(st);
  return bad ? -1 : found ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/* -------------------------------------------------------------- saving */

static int best_before(profile_store *ps, int64_t profile, const profile_game *g, int *record, err *e) {
  sqlite3_stmt *st;
  *record = 0;
  if (pst_prepare(ps, &st, e, "SELECT coalesce(max(points), 0) FROM game WHERE " RANKED_WINS, "itti", profile,
                  g->variant, g->rules, (int64_t)g->level))
    return -1;
  return pst_row_ints(ps, st, record, NULL, e) < 0 ? -1 : 0;
}

static int insert_game(profile_store *ps, int64_t profile, const profile_game *g, const char *pdn, err *e) {
  return pst_exec(ps, e,
                  "INSERT INTO game(profile, variant, rules, level, streak_level, outcome, points, pieces, moves,"
                  " ranked, note, finished, pdn) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  "ittiiiiiiitit", profile, g->variant, g->rules, (int64_t)g->level, (int64_t)!!g->streak_level,
                  (int64_t)g->outcome, (int64_t)g->points, (int64_t)g->pieces, (int64_t)g->moves,
                  (int64_t)!!g->ranked, g->note, g->finished, pdn ? pdn : "");
}

/* A win adds one (a win kept out of the records adds nothing); a loss or a draw
** ends the streak.  The arithmetic is SQL inside the transaction, so a streak two
** processes bump at once counts both. */
static int update_streak(profile_store *ps, int64_t profile, const profile_game *g, err *e) {
  int64_t win = g->outcome == DR_SCORE_WIN, add = g->ranked ? 1 : 0;
  if (pst_exec(ps, e, "INSERT OR IGNORE INTO streak(profile, variant, rules) VALUES(?, ?, ?)", "itt", profile,
               g->variant, g->rules))
    return -1;
  return pst_exec(ps, e,
                  "UPDATE streak SET current = CASE WHEN ?4 THEN current + ?5 ELSE 0 END,"
                  " best = max(best, CASE WHEN ?4 THEN current + ?5 ELSE 0 END)"
                  " WHERE profile = ?1 AND variant = ?2 AND rules = ?3",
                  "ittii", profile, g->variant, g->rules, win, add);
}

static int save_in_transaction(profile_store *ps, int64_t profile, const profile_game *g, const char *pdn,
                               profile_saved *out, err *e) {
  int before;
  if (best_before(ps, profile, g, &before, e) || insert_game(ps, profile, g, pdn, e)) return -1;
  out->id = sqlite3_last_insert_rowid(ps->db);
  if (update_streak(ps, profile, g, e)) return -1;
  int ranked_win = g->ranked && g->outcome == DR_SCORE_WIN;
  out->new_record = ranked_win && g->points > before;
  out->record = out->new_record ? g->points : before;
  return profile_streak(ps, profile, g->variant, g->rules, &out->streak, &out->best, e) < 0 ? -1 : 0;
}

int profile_save_game(profile_store *ps, int64_t profile, const profile_game *g, const char *pdn,
                      profile_saved *out, err *e) {
  profile_saved ignored;
  if (!out) out = &ignored;
  memset(out, 0, sizeof *out);
  if (pst_begin(ps, e)) return -1;
  if (save_in_transaction(ps, profile, g, pdn, out, e) == 0 && pst_commit(ps, e) == 0) return 0;
  pst_rollback(ps);
  return -1;
}

/* ------------------------------------------------------------- reading */

int profile_streak(profile_store *ps, int64_t profile, const char *variant, const char *rules, int *current,
                   int *best, err *e) {
  sqlite3_stmt *st;
  *current = *best = 0;
  if (pst_prepare(ps, &st, e, "SELECT current, best FROM streak WHERE profile = ? AND variant = ? AND rules = ?",
                  "itt", profile, variant, rules))
    return -1;
  return pst_row_ints(ps, st, current, best, e);
}

int profile_record(profile_store *ps, int64_t profile, const char *variant, const char *rules, int level,
                   profile_game *out, err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e,
                  "SELECT " GAME_COLUMNS " FROM game WHERE " RANKED_WINS " ORDER BY points DESC, finished, id LIMIT 1",
                  "itti", profile, variant, rules, (int64_t)level))
    return -1;
  return one_game(ps, st, out, e);
}

int profile_history(profile_store *ps, int64_t profile, const char *variant, int index, profile_game *out,
                    err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e,
                  "SELECT " GAME_COLUMNS " FROM game WHERE profile = ?1 AND (?2 IS NULL OR variant = ?2)"
                  " ORDER BY finished DESC, id DESC LIMIT 1 OFFSET ?3",
                  "iti", profile, variant, (int64_t)index))
    return -1;
  return one_game(ps, st, out, e);
}

char *profile_game_pdn(profile_store *ps, int64_t profile, int64_t id, err *e) {
  sqlite3_stmt *st;
  char *text = NULL;
  if (pst_prepare(ps, &st, e, "SELECT pdn FROM game WHERE profile = ? AND id = ?", "ii", profile, id)) return NULL;
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_TEXT)
    text = xstrdup((const char *)sqlite3_column_text(st, 0));
  else if (rc == SQLITE_ROW)
    err_set(e, "the score store is damaged: game %lld has no PDN text", (long long)id);
  else if (rc == SQLITE_DONE) err_set(e, "no game %lld in this profile's history", (long long)id);
  else pst_fail(ps, e);
  sqlite3_finalize(st);
  return text;
}

int profile_variant_at(profile_store *ps, int64_t profile, int index, char *out, size_t len, err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e,
                  "SELECT variant FROM game WHERE profile = ?1 UNION SELECT variant FROM streak WHERE profile = ?1"
                  " UNION SELECT variant FROM friend_record UNION SELECT variant FROM friend_streak"
                  " ORDER BY 1 LIMIT 1 OFFSET ?2",
                  "ii", profile, (int64_t)index))
    return -1;
  return pst_row_text(ps, st, out, len, e);
}

int profile_rules_at(profile_store *ps, int64_t profile, const char *variant, int index, char *out, size_t len,
                     err *e) {
  sqlite3_stmt *st;
  if (pst_prepare(ps, &st, e,
                  "SELECT rules FROM game WHERE profile = ?1 AND variant = ?2"
                  " UNION SELECT rules FROM streak WHERE profile = ?1 AND variant = ?2"
                  " UNION SELECT rules FROM friend_record WHERE variant = ?2"
                  " UNION SELECT rules FROM friend_streak WHERE variant = ?2 ORDER BY 1 LIMIT 1 OFFSET ?3",
                  "iti", profile, variant, (int64_t)index))
    return -1;
  return pst_row_text(ps, st, out, len, e);
}
