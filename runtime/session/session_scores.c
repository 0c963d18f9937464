/*
** session_scores.c — what a game against the computer is worth to the person who
** plays it, and the host functions that show it: the player's profile, the streak
** (which may choose the computer's level), records, history, each game's PDN.
**
** The session calls in at the moments that matter (a game starts, ends, is taken
** back or left), so every front end gets the same rules: only games of one person
** against the computer are saved; undo, a position other than the start, or rules
** other than a shipped preset keep a game out of the records; leaving a game the
** person has moved in counts as resigning it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pdn.h"
#include "position.h"
#include "scores.h"
#include "session_internal.h"

static const char *const side_name[2] = {"white", "black"};

/* The side the one person plays against the computer, or -1. */
static int person_side(const session *s) {
  if (!s->has_game || s->player[0] == s->player[1]) return -1;
  return s->player[DR_WHITE] == DR_PLAYER_HUMAN ? DR_WHITE : DR_BLACK;
}

static int own_moves(const session *s, int side) {
  int n = 0;
  for (int i = 0; i < s->g.count; i++) n += s->g.ply[i].pos.turn == side;
  return n;
}

static int streak_of(session *s, const char *variant, int *current, int *best) {
  err e;
  *current = *best = 0;
  if (!s->sc.store) return 0;
  return profile_streak(s->sc.store, s->sc.profile, variant, current, best, &e) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ the store */

/* The nickname to start with: asked for, remembered, the login name, or "player". */
static void first_nickname(session *s, const char *asked, char *out, size_t len) {
  const char *user = getenv("USER");
  err e;
  if (asked) snprintf(out, len, "%s", asked);
  else if (profile_last(s->sc.store, out, len)) return;
  else if (user && profile_check_nickname(user, &e) == 0) snprintf(out, len, "%s", user);
  else snprintf(out, len, "player");
}

int session_profiles_open(session *s, const char *path, const char *nickname) {
  err e;
  char nick[PROFILE_NICK_MAX + 1];
  scores_close(s);
  s->sc.store = profile_open(path, s->sc.notice, sizeof s->sc.notice, &e);
  if (!s->sc.store) {
    snprintf(s->sc.notice, sizeof s->sc.notice, "scores are not saved: %s", e.msg);
    return session_fail(s, "%s", s->sc.notice);
  }
  first_nickname(s, nickname, nick, sizeof nick);
  return session_profile_select(s, nick);
}

void scores_close(session *s) {
  profile_close(s->sc.store);
  s->sc.store = NULL;
  s->sc.profile = 0;
  s->sc.nickname[0] = '\0';
}

int session_profile_select(session *s, const char *nickname) {
  err e;
  char stored[PROFILE_NICK_MAX + 1];
  if (!s->sc.store) return session_fail(s, "no score store is open");
  int64_t id = profile_select(s->sc.store, nickname, stored, sizeof stored, &e);
  if (id < 0) return session_fail(s, "%s", e.msg);
  if (s->sc.profile && id != s->sc.profile) { /* the player leaves the game they were playing */
    engine_cancel(s);
    scores_abandon(s);
  }
  s->sc.profile = id;
  snprintf(s->sc.nickname, sizeof s->sc.nickname, "%s", stored);
  return 0;
}

int session_profile_list(session *s, int index, char *name, size_t len) {
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (index < 0 || profile_nickname_at(s->sc.store, index, name, len) != 1) return session_fail(s, "no more profiles");
  return 0;
}

/* ------------------------------------------------------ the game's life */

static int shipped_preset(const ruleset *rs) {
  for (const dr_preset *p = rs->v->presets; p && p->name; p++)
    if (strcmp(p->name, rs->preset) == 0) return 1;
  return !rs->v->presets || !rs->v->presets[0].name; /* a variant without presets: its defaults */
}

/* Why the game as set up cannot make a record, or "". */
static const char *unranked_setup(const session *s) {
  const ruleset *rs = s->rs;
  dr_position start;
  if (!shipped_preset(rs)) return "rules from a file";
  if (memcmp(&rs->rules, &rs->preset_rules, sizeof rs->rules) != 0) return "rule options changed";
  if (rs->eval) return "the computer plays with other weights";
  if (rs->initial(&rs->rules, &start) != DR_OK || !pos_same(&start, &s->g.ply[0].pos))
    return "not from the start position";
  return "";
}

void scores_started(session *s, const char *unranked) {
  score_keeper *k = &s->sc;
  k->streak_mode = s->level == DR_LEVEL_STREAK;
  if (k->streak_mode) {
    int current, best;
    streak_of(s, s->rs->v->name, &current, &best);
    s->level = search_level_for_streak(current);
  }
  k->saved = 0;
  snprintf(k->unranked, sizeof k->unranked, "%s", unranked ? unranked : unranked_setup(s));
}

void scores_undone(session *s) {
  if (person_side(s) < 0) return;
  if (!*s->sc.unranked) snprintf(s->sc.unranked, sizeof s->sc.unranked, "undo was used");
  s->sc.saved = 0; /* the game goes on: its new end is saved too */
}

/* The game as PDN, with the player's nickname and the computer's level. */
static char *game_pdn(session *s, int person) {
  char *text = NULL, date[16];
  size_t len = 0;
  time_t now = time(NULL);
  pdn_tag tags[4] = {{"Event", "draughts"}, {"Date", ""}, {"White", ""}, {"Black", ""}};
  strftime(date, sizeof date, "%Y.%m.%d", gmtime(&now));
  snprintf(tags[1].value, sizeof tags[1].value, "%s", date);
  snprintf(tags[2 + person].value, sizeof tags[2].value, "%s", s->sc.nickname);
  snprintf(tags[3 - person].value, sizeof tags[2].value, "Computer (level %d)", s->level);
  FILE *f = open_memstream(&text, &len);
  if (!f) return NULL;
  pdn_write(f, &s->g, tags, 4);
  fclose(f);
  return text;
}

static int outcome_for(int result, int person) {
  if (result == DR_DRAW) return DR_SCORE_DRAW;
  return (result == DR_WHITE_WINS) == (person == DR_WHITE) ? DR_SCORE_WIN : DR_SCORE_LOSS;
}

static void describe(session *s, int person, profile_game *pg) {
  memset(pg, 0, sizeof *pg);
  snprintf(pg->variant, sizeof pg->variant, "%s", s->rs->v->name);
  snprintf(pg->rules, sizeof pg->rules, "%s", s->rules_text);
  pg->level = s->level;
  pg->streak_level = s->sc.streak_mode;
  pg->outcome = outcome_for(s->g.result, person);
  pg->pieces = __builtin_popcountll(game_position(&s->g)->side[person]);
  pg->moves = own_moves(s, person);
  pg->points = scores_points(pg->outcome, pg->pieces, pg->moves);
  pg->ranked = !*s->sc.unranked;
  if (pg->ranked) snprintf(pg->note, sizeof pg->note, "%s", s->g.why ? s->g.why : "");
  else snprintf(pg->note, sizeof pg->note, "%s; not a record: %s", s->g.why ? s->g.why : "", s->sc.unranked);
  pg->finished = (int64_t)time(NULL);
}

void scores_finished(session *s) {
  score_keeper *k = &s->sc;
  int person = person_side(s);
  if (k->saved || person < 0 || !k->store || s->g.result == DR_ONGOING) return;
  err e;
  describe(s, person, &k->result);
  char *pdn = game_pdn(s, person);
  if (profile_save_game(k->store, k->profile, &k->result, pdn, &k->effect, &e) == 0) {
    k->saved = 1;
    k->result.id = k->effect.id;
  } else {
    snprintf(k->notice, sizeof k->notice, "this game could not be saved: %s", e.msg);
  }
  free(pdn);
}

void scores_abandon(session *s) {
  int person = person_side(s);
  if (person < 0 || !s->sc.store || s->g.result != DR_ONGOING || own_moves(s, person) == 0) return;
  s->g.result = person == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s resigned by leaving the game", side_name[person]);
  s->g.why = s->g.resigned_why;
  scores_finished(s);
}

/* ------------------------------------------------------------- reading */

void session_scoring(session *s, dr_scoring *out) {
  score_keeper *k = &s->sc;
  dr_scoring sc;
  profile_game record;
  err e;
  DR_INIT(sc);
  snprintf(sc.notice, sizeof sc.notice, "%s", k->notice);
  if (k->store) snprintf(sc.nickname, sizeof sc.nickname, "%s", k->nickname);
  sc.saved = k->store && person_side(s) >= 0;
  sc.ranked = sc.saved && !*k->unranked;
  if (sc.saved) snprintf(sc.unranked_why, sizeof sc.unranked_why, "%s", k->unranked);
  sc.streak_level = s->has_game && k->streak_mode;
  if (s->has_game) streak_of(s, s->rs->v->name, &sc.streak, &sc.best_streak);
  if (s->has_game && k->store && profile_record(k->store, k->profile, s->rs->v->name, s->level, &record, &e) == 1)
    sc.record = record.points;
  sc.finished = k->saved;
  if (k->saved) sc.outcome = k->result.outcome, sc.points = k->result.points, sc.new_record = k->effect.new_record;
  session_copy_out(out, &sc, sizeof sc);
}

/* A variant's name: 'name', or the current game's. */
static const char *variant_or_current(session *s, const char *name) {
  if (name) return name;
  if (!s->has_game) return session_fail(s, "no game yet: name a variant"), NULL;
  return s->rs->v->name;
}

int session_streak(session *s, const char *variant, dr_streak *out) {
  dr_streak st;
  DR_INIT(st);
  if (!(variant = variant_or_current(s, variant))) return -1;
  if (streak_of(s, variant, &st.current, &st.best)) return session_fail(s, "cannot read the streak");
  st.level = search_level_for_streak(st.current);
  session_copy_out(out, &st, sizeof st);
  return 0;
}

int session_score_marks(session *s, const char *variant, dr_score_marks *out) {
  err e;
  dr_score_marks m;
  score_marks marks;
  DR_INIT(m);
  if (!(variant = variant_or_current(s, variant))) return -1;
  const plugin *p = registry_find(s->reg, variant);
  if (!p) return session_fail(s, "no variant '%s' (see 'draughts list')", variant);
  int n = scores_start_pieces(&p->v, &e);
  if (n < 0) return session_fail(s, "%s", e.msg);
  scores_marks(n, &marks);
  m.pro = marks.pro, m.expert = marks.expert, m.junior = marks.junior;
  session_copy_out(out, &m, sizeof m);
  return 0;
}

static void fill_score(const profile_game *g, dr_score *out) {
  dr_score sc;
  DR_INIT(sc);
  sc.id = g->id;
  snprintf(sc.variant, sizeof sc.variant, "%s", g->variant);
  snprintf(sc.rules, sizeof sc.rules, "%s", g->rules);
  sc.level = g->level;
  sc.streak_level = g->streak_level;
  sc.outcome = g->outcome;
  sc.points = g->points;
  sc.pieces = g->pieces;
  sc.moves = g->moves;
  sc.ranked = g->ranked;
  snprintf(sc.note, sizeof sc.note, "%s", g->note);
  sc.when = g->finished;
  session_copy_out(out, &sc, sizeof sc);
}

/* 1 (found, 'out' filled), 0 (none) or -1, as a profile query returned it. */
static int score_answer(session *s, int found, const profile_game *g, const err *e, dr_score *out) {
  if (found < 0) return session_fail(s, "%s", e->msg);
  if (found) fill_score(g, out);
  return found;
}

int session_score_record(session *s, const char *variant, int level, dr_score *out) {
  profile_game g;
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (!(variant = variant_or_current(s, variant))) return -1;
  return score_answer(s, profile_record(s->sc.store, s->sc.profile, variant, level, &g, &e), &g, &e, out);
}

int session_score_history(session *s, const char *variant, int index, dr_score *out) {
  profile_game g;
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (index < 0) return 0;
  return score_answer(s, profile_history(s->sc.store, s->sc.profile, variant, index, &g, &e), &g, &e, out);
}

int session_score_pdn(session *s, int64_t id, char *text, size_t len) {
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  char *pdn = profile_game_pdn(s->sc.store, s->sc.profile, id, &e);
  if (!pdn) return session_fail(s, "%s", e.msg);
  int n = snprintf(text, len, "%s", pdn);
  free(pdn);
  return n;
}
