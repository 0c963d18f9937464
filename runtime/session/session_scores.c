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

#include "notation.h"
#include "pdn.h"
#include "position.h"
#include "scores.h"
#include "session_internal.h"

/* The side the one person plays against the computer, or -1. */
static int person_side(const session *s) {
  if (!s->has_game || s->player[0] == s->player[1]) return -1;
  int side = s->player[DR_WHITE] == DR_PLAYER_HUMAN ? DR_WHITE : DR_BLACK;
  return s->player[side ^ 1] == DR_PLAYER_COMPUTER ? side : -1; /* not against someone online */
}

/* The moves 'side' made from ply 'from' on. */
static int own_moves_from(const session *s, int side, int from) {
  int n = 0;
  for (int i = from; i < s->g.count; i++) n += s->g.ply[i].pos.turn == side;
  return n;
}

static int own_moves(const session *s, int side) { return own_moves_from(s, side, 0); }

/* Leaving costs the person the game only once they have moved in it here: a game just
** loaded, or one where only the computer has moved, is left for free. */
static int leaving_loses(const session *s) {
  int person = person_side(s);
  return person >= 0 && s->sc.store && s->g.result == DR_ONGOING &&
         own_moves_from(s, person, s->sc.start_ply) > 0;
}

int scores_final(const session *s) { return s->sc.saved; }

static int streak_of(session *s, const char *variant, const char *rules, int *current, int *best) {
  err e;
  *current = *best = 0;
  if (!s->sc.store) return 0;
  return profile_streak(s->sc.store, s->sc.profile, variant, rules, current, best, &e) < 0 ? -1 : 0;
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

void session_profiles_scripted(session *s, int scripted) { s->sc.scripted = scripted; }

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
  session_friends_free(s); /* before the store goes: the sync read its path */
  profile_close(s->sc.store);
  s->sc.store = NULL;
  s->sc.profile = 0;
  s->sc.nickname[0] = '\0';
}

int session_profile_select(session *s, const char *nickname) {
  err e;
  char stored[PROFILE_NICK_MAX + 1];
  if (!s->sc.store) return session_fail(s, "no score store is open");
  int64_t id = s->sc.scripted ? profile_enter(s->sc.store, nickname, stored, sizeof stored, &e)
                               : profile_select(s->sc.store, nickname, stored, sizeof stored, &e);
  if (id < 0) return session_fail(s, "%s", e.msg);
  if (s->sc.profile && id != s->sc.profile) { /* the player leaves the game they were playing */
    engine_cancel(s);
    scores_abandon(s);
  }
  s->sc.profile = id;
  snprintf(s->sc.nickname, sizeof s->sc.nickname, "%s", stored);
  session_friends_sync(s);
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
    streak_of(s, s->rs->v->name, s->rules_text, &current, &best);
    s->level = search_level_for_streak(current);
  }
  k->saved = 0;
  k->start_ply = s->g.count;
  snprintf(k->unranked, sizeof k->unranked, "%s", unranked ? unranked : unranked_setup(s));
}

void scores_undone(session *s) {
  if (person_side(s) < 0) return;
  if (!*s->sc.unranked) snprintf(s->sc.unranked, sizeof s->sc.unranked, "undo was used");
}

/* The game as PDN, with the player's nickname and the computer's level. */
static char *game_pdn(session *s) {
  char *text = NULL;
  size_t len = 0;
  pdn_tag tags[SESSION_PDN_TAGS];
  session_pdn_tags(s, tags);
  FILE *f = open_memstream(&text, &len);
  if (!f) return NULL;
  pdn_write(f, &s->g, tags, SESSION_PDN_TAGS);
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
  char *pdn = game_pdn(s);
  if (profile_save_game(k->store, k->profile, &k->result, pdn, &k->effect, &e) == 0) {
    k->saved = 1;
    k->result.id = k->effect.id;
    session_friends_sync(s);
  } else {
    snprintf(k->notice, sizeof k->notice, "this game could not be saved: %s", e.msg);
  }
  free(pdn);
}

void scores_abandon(session *s) {
  int person = person_side(s);
  if (!leaving_loses(s)) return;
  s->g.result = person == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  char word[32];
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s resigned by leaving the game",
           side_word(s->rs->v, person, word));
  s->g.why = s->g.resigned_why;
  scores_finished(s);
}

/* ------------------------------------------------------------- reading */

/* The marks of 'variant', remembered: every line of a scores screen names the one its
** points reach, and working them out sets up the variant's start. */
static const score_marks *marks_of(session *s, const char *variant) {
  score_keeper *k = &s->sc;
  err e;
  for (int i = 0; i < k->nmarks; i++)
    if (strcmp(k->marks[i].variant, variant) == 0) return &k->marks[i].m;
  const plugin *p = registry_find(s->reg, variant);
  int n = p ? scores_start_pieces(&p->v, &e) : -1;
  if (n < 0) return session_fail(s, "%s", p ? e.msg : "no such variant"), NULL;
  struct marks_entry *m = &k->marks[k->nmarks < SCORE_MARKS_CACHE ? k->nmarks++ : SCORE_MARKS_CACHE - 1];
  snprintf(m->variant, sizeof m->variant, "%s", variant);
  scores_marks(n, &m->m);
  return &m->m;
}

static void mark_of(session *s, const char *variant, int points, char *out, size_t len) {
  const score_marks *m = marks_of(s, variant);
  snprintf(out, len, "%s", m ? scores_mark_reached(m, points) : "");
}

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
  if (s->has_game) streak_of(s, s->rs->v->name, s->rules_text, &sc.streak, &sc.best_streak);
  if (s->has_game && k->store &&
      profile_record(k->store, k->profile, s->rs->v->name, s->rules_text, s->level, &record, &e) == 1)
    sc.record = record.points;
  sc.finished = k->saved;
  sc.leaving_loses = leaving_loses(s);
  if (k->saved) {
    sc.outcome = k->result.outcome, sc.points = k->result.points, sc.new_record = k->effect.new_record;
    mark_of(s, k->result.variant, sc.points, sc.mark, sizeof sc.mark);
  }
  session_copy_out(out, &sc, sizeof sc);
}

/* A variant's name: 'name', or the current game's. */
static const char *variant_or_current(session *s, const char *name) {
  if (name) return name;
  if (!s->has_game) return session_fail(s, "no game yet: name a variant"), NULL;
  return s->rs->v->name;
}

/* The rules records are asked for under: 'rules', else the current game's when it is of
** 'variant', else the variant's default preset. */
static const char *rules_or_default(session *s, const char *variant, const char *rules) {
  if (rules) return rules;
  if (s->has_game && strcmp(s->rs->v->name, variant) == 0) return s->rules_text;
  const plugin *p = registry_find(s->reg, variant);
  return p && p->v.presets && p->v.presets[0].name ? p->v.presets[0].name : "";
}

static void fill_streak(int current, int best, dr_streak *out) {
  dr_streak st;
  DR_INIT(st);
  st.current = current, st.best = best;
  st.level = search_level_for_streak(current);
  session_copy_out(out, &st, sizeof st);
}

int session_rules_streak(session *s, const char *variant, const char *rules, dr_streak *out) {
  int current, best;
  if (!(variant = variant_or_current(s, variant))) return -1;
  if (streak_of(s, variant, rules_or_default(s, variant, rules), &current, &best))
    return session_fail(s, "cannot read the streak");
  fill_streak(current, best, out);
  return 0;
}

int session_streak(session *s, const char *variant, dr_streak *out) {
  return session_rules_streak(s, variant, NULL, out);
}

int session_score_marks(session *s, const char *variant, dr_score_marks *out) {
  dr_score_marks m;
  DR_INIT(m);
  if (!(variant = variant_or_current(s, variant))) return -1;
  if (!registry_find(s->reg, variant)) return session_fail(s, "no variant '%s' (see 'draughts list')", variant);
  const score_marks *marks = marks_of(s, variant);
  if (!marks) return -1;
  m.pro = marks->pro, m.expert = marks->expert, m.junior = marks->junior;
  session_copy_out(out, &m, sizeof m);
  return 0;
}

static void fill_score(session *s, const profile_game *g, dr_score *out) {
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
  if (g->outcome == DR_SCORE_WIN) mark_of(s, g->variant, g->points, sc.mark, sizeof sc.mark);
  session_copy_out(out, &sc, sizeof sc);
}

/* 1 (found, 'out' filled), 0 (none) or -1, as a profile query returned it. */
static int score_answer(session *s, int found, const profile_game *g, const err *e, dr_score *out) {
  if (found < 0) return session_fail(s, "%s", e->msg);
  if (found) fill_score(s, g, out);
  return found;
}

int session_rules_record(session *s, const char *variant, const char *rules, int level, dr_score *out) {
  profile_game g;
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (!(variant = variant_or_current(s, variant))) return -1;
  rules = rules_or_default(s, variant, rules);
  return score_answer(s, profile_record(s->sc.store, s->sc.profile, variant, rules, level, &g, &e), &g, &e, out);
}

int session_score_record(session *s, const char *variant, int level, dr_score *out) {
  return session_rules_record(s, variant, NULL, level, out);
}

int session_friend_at(session *s, int index, char *nick, size_t len) {
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  int found = index < 0 ? 0 : profile_friend_at(s->sc.store, index, nick, len, &e);
  if (found < 0) return session_fail(s, "%s", e.msg);
  return found ? 0 : session_fail(s, "no more friends");
}

int session_friend_record(session *s, const char *nick, const char *variant, const char *rules, int level,
                          dr_score *out) {
  profile_game g;
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (!(variant = variant_or_current(s, variant))) return -1;
  rules = rules_or_default(s, variant, rules);
  return score_answer(s, profile_friend_record(s->sc.store, nick, variant, rules, level, &g, &e), &g, &e, out);
}

int session_friend_streak(session *s, const char *nick, const char *variant, const char *rules, dr_streak *out) {
  int current, best;
  err e;
  if (!s->sc.store) return session_fail(s, "no score store is open");
  if (!(variant = variant_or_current(s, variant))) return -1;
  rules = rules_or_default(s, variant, rules);
  if (profile_friend_streak(s->sc.store, nick, variant, rules, &current, &best, &e) < 0)
    return session_fail(s, "%s", e.msg);
  fill_streak(current, best, out);
  return 0;
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
