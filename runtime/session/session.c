/*
** session.c — the game session: setup, status, playing moves, undo, resign, PDN
** files and the host table (move input is in session_input.c, the engine's thread in
** session_engine.c).  Front ends hold no game logic, so every rule a person meets
** while playing (whose turn it is, what a tap means, what undo takes back) is decided
** in the session, once, from the plugin's move list.
*/
#include "session_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "notation.h"
#include "pdn.h"
#include "position.h"

int session_fail(session *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->error, sizeof s->error, fmt, ap);
  va_end(ap);
  return -1;
}

const char *session_error(session *s) { return s->error; }

session *session_new(registry *reg) {
  session *s = xmalloc(sizeof *s);
  memset(s, 0, sizeof *s);
  s->reg = reg;
  s->from = -1;
  s->level = SESSION_DEFAULT_LEVEL;
  s->player[DR_WHITE] = DR_PLAYER_HUMAN;
  s->player[DR_BLACK] = DR_PLAYER_COMPUTER;
  s->seeds.s = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)s;
  engine_init(s);
  online_init(s);
  return s;
}

static void free_setup(session *s) {
  for (int i = 0; i < s->nsets; i++) free(s->sets[i]);
  free(s->sets);
  free(s->variant);
  free(s->rules);
  free(s->fen);
  free(s->eval);
  s->sets = NULL;
  s->variant = s->rules = s->fen = s->eval = NULL;
  s->nsets = 0;
}

void session_free(session *s) {
  if (!s) return;
  online_free(s);
  engine_destroy(s);
  scores_abandon(s); /* quitting in the middle of a game resigns it */
  scores_close(s);
  if (s->has_game) game_free(&s->g);
  session_ruleset_drop(s->rs);
  free_setup(s);
  free(s->docs);
  free(s->redo);
  free(s);
}

/* ----------------------------------------------------------- catalogue */

int session_variant_count(session *s) { return s->reg->count; }

int session_levels(session *s) {
  (void)s;
  return SEARCH_LEVELS;
}

static void fill_docs(session *s) {
  if (s->ndocs == s->reg->count) return;
  s->ndocs = s->reg->count;
  s->docs = xrealloc(s->docs, (size_t)(s->ndocs ? s->ndocs : 1) * sizeof *s->docs);
  for (int i = 0; i < s->ndocs; i++) {
    const dr_variant *v = &s->reg->items[i]->v;
    for (int k = 0; k < DR_MAX_PRESETS && v->presets && v->presets[k].name; k++)
      rules_preset_doc(v->presets[k].script, s->docs[i][k], sizeof s->docs[i][k]);
  }
}

/* Copies 'full' into the caller's struct, never past the size the caller declared. */
void session_copy_out(void *out, const void *full, size_t full_size) {
  uint32_t size;
  memcpy(&size, out, sizeof size);
  size_t n = size < full_size ? size : full_size;
  memcpy((char *)out + sizeof size, (const char *)full + sizeof size, n > sizeof size ? n - sizeof size : 0);
}

int session_variant_info(session *s, int index, dr_variant_info *out) {
  if (index < 0 || index >= s->reg->count) return session_fail(s, "no variant number %d", index);
  fill_docs(s);
  const dr_variant *v = &s->reg->items[index]->v;
  dr_variant_info info;
  DR_INIT(info);
  info.name = v->name;
  info.title = v->title;
  info.default_level = v->default_level ? v->default_level : SESSION_DEFAULT_LEVEL;
  for (int side = 0; side < 2; side++) {
    info.side_name[side] = side_name(v, side);
    info.fen_letter[side] = fen_letter(v, side);
  }
  for (int k = 0; k < DR_MAX_PRESETS && v->presets && v->presets[k].name; k++) {
    info.preset[k] = v->presets[k].name;
    info.preset_doc[k] = s->docs[index][k];
    info.npresets++;
  }
  session_copy_out(out, &info, sizeof info);
  return 0;
}

/* ---------------------------------------------------------------- setup */

static char *dup_or_null(const char *s) { return s ? xstrdup(s) : NULL; }

/* The level of a setup that asks for none: the variant's own default if it declares one,
** else the one played last. */
static int default_level(session *s, const dr_setup *in) {
  err e;
  const plugin *p = in->variant ? registry_resolve(s->reg, in->variant, &e) : NULL;
  if (p && p->v.default_level) return p->v.default_level;
  return s->sc.streak_mode ? DR_LEVEL_STREAK : s->level;
}

/* A front end built before dr_setup had a clock passes a shorter struct: no clock. */
static void setup_clock(const dr_setup *in, int *seconds, int *increment) {
  int has = DR_HAS_FIELD(dr_setup, in, clock_increment);
  *seconds = has ? in->clock_seconds : 0;
  *increment = has ? in->clock_increment : 0;
}

/* A clock is for two people: the computer plays by its level. */
static int check_clock(session *s, const dr_setup *in, const int player[2]) {
  int seconds, increment;
  setup_clock(in, &seconds, &increment);
  if (seconds == 0 && increment == 0) return 0;
  if (seconds < 1 || seconds > SESSION_CLOCK_MAX || increment < 0 || increment > SESSION_INCREMENT_MAX)
    return session_fail(s, "a clock takes 1 to %d seconds a side and an increment of 0 to %d seconds",
                        SESSION_CLOCK_MAX, SESSION_INCREMENT_MAX);
  if (player[0] != DR_PLAYER_HUMAN || player[1] != DR_PLAYER_HUMAN)
    return session_fail(s, "a clock is for a game between two people: the computer plays by its level");
  return 0;
}

static int check_setup(session *s, const dr_setup *in, int *level, int player[2]) {
  *level = in->level ? in->level : default_level(s, in);
  if ((*level < 1 && *level != DR_LEVEL_STREAK) || *level > SEARCH_LEVELS)
    return session_fail(s, "level %d is out of range: levels run from 1 to %d", *level, SEARCH_LEVELS);
  for (int side = 0; side < 2; side++) {
    player[side] = in->player[side] ? in->player[side] : s->player[side];
    if (player[side] != DR_PLAYER_HUMAN && player[side] != DR_PLAYER_COMPUTER)
      return session_fail(s, "the %s player must be a person or the computer", side ? "second" : "first");
  }
  return check_clock(s, in, player);
}

/* A front end built before dr_setup had 'eval' passes a shorter struct. */
static const char *setup_eval(const dr_setup *in) { return DR_HAS_FIELD(dr_setup, in, eval) ? in->eval : NULL; }

static void store_setup(session *s, const dr_setup *in, const char *variant, int level, const int player[2]) {
  char *name = dup_or_null(variant), *rules = dup_or_null(in->rules), *fen = dup_or_null(in->fen);
  char *eval = dup_or_null(setup_eval(in));
  char **sets = xmalloc((size_t)(in->nsets ? in->nsets : 1) * sizeof *sets);
  for (int i = 0; i < in->nsets; i++) sets[i] = xstrdup(in->sets[i]);
  free_setup(s);  /* 'in' may point into the old setup: copy first */
  s->variant = name, s->rules = rules, s->fen = fen, s->eval = eval, s->sets = sets, s->nsets = in->nsets;
  s->level = level;
  s->player[0] = player[0];
  s->player[1] = player[1];
  setup_clock(in, &s->clock_seconds, &s->clock_increment);
}

/* A level nobody asked for stays open (0 in 'setup'): the start menu gives each game its own. */
int session_prepare(session *s, const dr_setup *setup) {
  int level, player[2];
  if (check_setup(s, setup, &level, player)) return -1;
  store_setup(s, setup, setup->variant, level, player);
  s->level_open = setup->level == 0 && !setup->variant;
  return 0;
}

void session_setup(session *s, dr_setup *out) {
  dr_setup full;
  DR_INIT(full);
  full.variant = s->variant;
  full.rules = s->rules;
  full.nsets = s->nsets;
  full.sets = (const char *const *)s->sets;
  full.fen = s->fen;
  full.eval = s->eval;
  full.level = s->level_open && !s->has_game ? 0 : s->sc.streak_mode ? DR_LEVEL_STREAK : s->level;
  full.player[0] = s->player[0];
  full.player[1] = s->player[1];
  full.clock_seconds = s->clock_seconds;
  full.clock_increment = s->clock_increment;
  session_copy_out(out, &full, sizeof full);
}

/* The rules and start position a setup asks for, in 'rs' and 'start'. */
static int resolve_setup(session *s, const dr_setup *in, ruleset *rs, dr_position *start) {
  err e;
  if (!in->variant) return session_fail(s, "no variant chosen");
  const plugin *p = registry_resolve(s->reg, in->variant, &e);
  if (!p || rules_load(rs, &p->v, in->rules, &e)) return session_fail(s, "%s", e.msg);
  for (int i = 0; i < in->nsets; i++)
    if (rules_set(rs, in->sets[i], &e)) return session_fail(s, "%s", e.msg);
  if (setup_eval(in) && eval_attach(rs, setup_eval(in), &e)) return session_fail(s, "%s", e.msg);
  if (fen_read(rs, in->fen ? in->fen : "start", start, &e)) return session_fail(s, "%s", e.msg);
  return 0;
}

/* A broken evaluation script is reported when the game is set up, not mid-game. */
static int check_engine(session *s, const ruleset *rs, const int player[2]) {
  err e;
  if (player[0] != DR_PLAYER_COMPUTER && player[1] != DR_PLAYER_COMPUTER) return 0;
  if (search_prepare(rs, &e)) return session_fail(s, "the computer cannot play %s: %s", rs->v->name, e.msg);
  return 0;
}

/* The ruleset of a game lives on the heap: its house-rule hooks keep pointers into it. */
static ruleset *ruleset_new(void) {
  ruleset *rs = xmalloc(sizeof *rs);
  memset(rs, 0, sizeof *rs);
  return rs;
}

void session_ruleset_drop(ruleset *rs) {
  if (!rs) return;
  rules_free(rs);
  free(rs);
}

/* Makes 'rs' and 'g' (a game over 'rs') the session's game. */
static void install_game(session *s, ruleset *rs, const game *g) {
  if (s->has_game) game_free(&s->g);
  session_ruleset_drop(s->rs);
  s->rs = rs;
  s->g = *g;
  s->has_game = 1;
  rules_spec(s->rs, s->rules_text, sizeof s->rules_text);
  session_changed(s);
  s->nredo = 0;
  s->paused = 0;
  clock_reset(s);
}

static int start_game(session *s, const dr_setup *setup, ruleset *rs, const int player[2], game *g) {
  dr_position start;
  err e;
  if (resolve_setup(s, setup, rs, &start) || check_engine(s, rs, player)) return -1;
  if (game_init(g, rs, &start, &e) == 0) return 0;
  game_free(g);
  return session_fail(s, "%s", e.msg);
}

int session_new_game(session *s, const dr_setup *setup) {
  int level, player[2];
  game g;
  if (check_setup(s, setup, &level, player)) return -1;
  ruleset *rs = ruleset_new();
  if (start_game(s, setup, rs, player, &g)) {
    session_ruleset_drop(rs);
    return -1;
  }
  online_end(s); /* a local game takes the board */
  engine_cancel(s);
  scores_abandon(s); /* a new game in the middle of one resigns it */
  store_setup(s, setup, rs->v->name, level, player);
  install_game(s, rs, &g);
  scores_started(s, NULL);
  return 0;
}

void session_install(session *s, ruleset *rs, const game *g, const int player[2]) {
  dr_setup setup = {.size = sizeof setup};
  char spec[256];
  rules_spec(rs, spec, sizeof spec);
  setup.rules = spec;
  engine_cancel(s);
  scores_abandon(s);
  store_setup(s, &setup, rs->v->name, s->sc.streak_mode ? DR_LEVEL_STREAK : s->level, player);
  install_game(s, rs, g);
  scores_started(s, "an online game");
}

int session_has_game(session *s) { return s->has_game; }

/* ------------------------------------------------------------- reading */

const dr_geometry *session_geometry(session *s) { return s->has_game ? s->rs->v->geometry : NULL; }

const char *session_help(session *s) {
  if (!s->has_game) return "";
  return s->rs->v->help ? s->rs->v->help : "This variant ships no rules text.\n";
}

void session_position(session *s, dr_position *out) {
  if (s->has_game) *out = *game_position(&s->g);
  else memset(out, 0, sizeof *out);
}

/* The last ply played by a person, -1 if none: what undo goes back to. */
static int last_human_ply(const session *s) {
  for (int i = s->g.count - 1; i >= 0; i--)
    if (s->player[s->g.ply[i].pos.turn] == DR_PLAYER_HUMAN) return i;
  return -1;
}

/* Why undo is refused now, or NULL.  A resignation is final, and so is the end of a
** game whose score is saved: taking it back would make one game two in the history. */
static const char *cannot_undo(const session *s) {
  if (!s->has_game) return "no game yet";
  if (online_on(s)) return "there is no undo in an online game";
  if (s->g.result != DR_ONGOING && s->g.why == s->g.resigned_why)
    return "the game was resigned: it cannot be taken back";
  if (scores_final(s)) return "this game is over and its score is saved: start a new game";
  if (last_human_ply(s) < 0) return "nothing to undo";
  return NULL;
}

static void count_pieces(const dr_position *p, int pieces[2], int kings[2]) {
  for (int side = 0; side < 2; side++) {
    pieces[side] = __builtin_popcountll(p->side[side]);
    kings[side] = __builtin_popcountll(p->side[side] & p->kings);
  }
}

/* The count the draw rule keeps, as the plugin states it; a judge replaced by a house
** rule may count something else, so then none is claimed.  A plugin that states none
** still has its plies without a capture shown, with no limit. */
static void draw_count(const session *s, const dr_history *h, dr_status *st) {
  const dr_variant *v = s->rs->v;
  st->draw_count = "";
  if (!v->draw_count) {
    st->draw_count = "plies without a capture";
    st->draw_counted = h->plies_since_capture;
  } else if (s->rs->judge == v->judge) {
    const char *what = v->draw_count(&s->rs->rules, game_position(&s->g), h, &st->draw_counted, &st->draw_limit);
    what = guard_text(v, "draw_count", what, GUARD_WHY_MAX); /* it is shown: read only if it is safe */
    st->draw_count = what ? what : "";
  }
}

void session_status(session *s, dr_status *out) {
  dr_status st;
  DR_INIT(st);
  st.level = s->level;
  st.player[0] = s->player[0], st.player[1] = s->player[1];
  st.variant = st.title = st.rules = st.reason = st.warning = st.draw_count = "";
  if (s->has_game) {
    const dr_position *now = game_position(&s->g), *start = &s->g.ply[0].pos;
    dr_history h;
    int start_pieces[2], start_kings[2];
    game_history(&s->g, &h);
    st.variant = s->rs->v->name;
    st.title = s->rs->v->title;
    st.rules = s->rules_text;
    st.start_turn = start->turn;
    st.turn = now->turn;
    st.plies = s->g.count;
    st.plies_since_capture = h.plies_since_capture;
    st.plies_since_man_move = h.plies_since_man_move;
    draw_count(s, &h, &st);
    count_pieces(now, st.pieces, st.kings);
    count_pieces(start, start_pieces, start_kings);
    for (int side = 0; side < 2; side++) st.captured[side] = start_pieces[side] - st.pieces[side];
    st.result = s->g.result;
    if (st.result != DR_ONGOING) st.reason = s->g.why;
    st.can_undo = cannot_undo(s) == NULL;
    st.human_to_move = st.result == DR_ONGOING && s->player[st.turn] == DR_PLAYER_HUMAN;
    if (rules_problem(s->rs)) st.warning = rules_problem(s->rs);
    if (guard_refusal(s->rs->v)) st.warning = guard_refusal(s->rs->v);
    st.can_redo = s->nredo > 0 && st.result == DR_ONGOING;
    st.draw_offer = s->draw_offer;
    st.paused = s->paused;
    clock_fill(s, &st);
  }
  session_copy_out(out, &st, sizeof st);
}

int session_legal_moves(session *s, const dr_move **out) {
  if (!s->has_game) return *out = NULL, 0;
  *out = s->g.legal.moves;
  return s->g.result == DR_ONGOING ? s->g.legal.count : 0;
}

void session_move_text(session *s, const dr_move *m, char *text, size_t len) {
  if (s->has_game) move_text_as(s->rs->v, m, text, len); /* as the variant's players write moves */
  else snprintf(text, len, "%s", "");
}

int session_move_at(session *s, int ply, dr_move *m, char *text, size_t len) {
  if (!s->has_game || ply < 0 || ply >= s->g.count) return -1;
  if (m) *m = s->g.ply[ply].move;
  if (text) session_move_text(s, &s->g.ply[ply].move, text, len);
  return 0;
}

int session_point_find(session *s, const char *name) {
  return s->has_game ? point_find(s->rs->v->geometry, name, strlen(name)) : -1;
}

/* ----------------------------------------------------------- playing */

void session_changed(session *s) {
  s->draw_offer = 0; /* a move, or a move taken back, withdraws an offer */
  s->from = -1;
  s->nlandings = 0;
  s->stop_here = 0;
  s->hint_ready = s->announce_hint = 0;
  s->engine_failed = 0;
}

/* Why a person may not move now, or NULL. */
const char *session_cannot_move(const session *s) {
  if (!s->has_game) return "no game yet";
  if (s->g.result != DR_ONGOING) return "the game is over";
  if (online_on(s)) return online_cannot_move(s);
  if (s->player[game_position(&s->g)->turn] != DR_PLAYER_HUMAN) return "wait: it is the computer's turn";
  return NULL;
}

const dr_move *session_find_legal(session *s, const dr_move *m) {
  const dr_move *same = NULL;
  for (int i = 0; i < s->g.legal.count; i++) {
    const dr_move *o = &s->g.legal.moves[i];
    if (move_same_path(o, m)) return o;
    if (!same && move_same_effect(o, m)) same = o;
  }
  return same;
}

/* Plays a legal move for whoever is to move (the engine's moves come here too).  A new
** move, not one redone, ends what redo could replay. */
int session_apply(session *s, const dr_move *m) {
  err e;
  DR_ASSERT(s->has_game && m >= s->g.legal.moves && m < s->g.legal.moves + s->g.legal.count);
  int mover = game_position(&s->g)->turn, ply = s->g.count;
  engine_cancel(s);
  if (clock_check(s)) return session_fail(s, "%s", s->g.why);
  if (game_play(&s->g, m, &e)) return session_fail(s, "%s", e.msg);
  DR_ASSERT(s->g.count == ply + 1 && game_position(&s->g)->turn != mover);
  session_changed(s);
  if (!s->redoing) s->nredo = 0;
  clock_moved(s, mover);
  if (s->g.result != DR_ONGOING) scores_finished(s);
  return 0;
}

int session_play(session *s, const dr_move *m) {
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  if (!m) {
    m = session_input_move(s);
    if (!m) return session_fail(s, "the move is not complete yet");
  }
  const dr_move *legal = session_find_legal(s, m);
  if (!legal) return session_fail(s, "that move is not legal here");
  if (online_on(s)) return online_send_move(s, legal);
  return session_apply(s, legal);
}

/* A capture every legal move makes, when a capture is forced; NULL when it is not. */
static const dr_move *forced_capture(const session *s) {
  for (int i = 0; i < s->g.legal.count; i++)
    if (!s->g.legal.moves[i].captured) return NULL;
  return s->g.legal.count ? &s->g.legal.moves[0] : NULL;
}

/* A typed move refused says why, as a tap does: a plain move where a capture is forced
** names one of the captures. */
int session_play_text(session *s, const char *text) {
  err e;
  char capture[128];
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  const dr_move *m = move_parse(s->rs->v->geometry, &s->g.legal, text, &e), *forced = forced_capture(s);
  if (!m && forced && !strchr(text, 'x')) {
    session_move_text(s, forced, capture, sizeof capture);
    return session_fail(s, "%s: a capture is forced: %s", e.msg, capture);
  }
  if (!m) return session_fail(s, "%s", e.msg);
  if (online_on(s)) return online_send_move(s, m);
  return session_apply(s, m);
}

/* The moves from ply 'target' on, kept for redo (a group too long is not kept). */
static void keep_for_redo(session *s, int target) {
  redo_group *r;
  if (s->g.count - target > REDO_GROUP) return;
  if (s->nredo == s->redo_cap) {
    s->redo_cap = s->redo_cap ? 2 * s->redo_cap : 16;
    s->redo = xrealloc(s->redo, (size_t)s->redo_cap * sizeof *s->redo);
  }
  r = &s->redo[s->nredo++];
  r->n = s->g.count - target;
  for (int i = 0; i < r->n; i++) r->m[i] = s->g.ply[target + i].move;
}

int session_undo(session *s) {
  const char *why = cannot_undo(s);
  if (why) return session_fail(s, "%s", why);
  int target = last_human_ply(s);
  DR_ASSERT(target >= 0 && target < s->g.count);
  engine_cancel(s);
  keep_for_redo(s, target);
  while (s->g.count > target) game_undo(&s->g);
  session_changed(s);
  scores_undone(s);
  clock_turned(s);
  return 0;
}

int session_redo(session *s) {
  if (!s->has_game || s->nredo == 0) return session_fail(s, "nothing to redo");
  if (s->g.result != DR_ONGOING) return session_fail(s, "the game is over");
  const redo_group *r = &s->redo[--s->nredo];
  int rc = 0;
  s->redoing = 1;
  for (int i = 0; i < r->n && rc == 0; i++) {
    const dr_move *m = session_find_legal(s, &r->m[i]);
    rc = m ? session_apply(s, m) : session_fail(s, "the move to redo is not legal here");
  }
  s->redoing = 0;
  return rc;
}

int session_position_at(session *s, int ply, dr_position *out) {
  if (!s->has_game || ply < 0 || ply > s->g.count) return session_fail(s, "no position %d in this game", ply);
  *out = s->g.ply[ply].pos;
  return 0;
}

/* A draw by agreement needs two people to agree: the computer takes none. */
int session_offer_draw(session *s) {
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  if (s->player[0] != DR_PLAYER_HUMAN || s->player[1] != DR_PLAYER_HUMAN)
    return session_fail(s, "the computer plays on: a draw is agreed between two people");
  s->draw_offer = 1 + game_position(&s->g)->turn;
  return 0;
}

int session_answer_draw(session *s, int accept) {
  if (!s->has_game || !s->draw_offer) return session_fail(s, "no draw is offered");
  s->draw_offer = 0;
  if (!accept) return 0;
  engine_cancel(s);
  s->g.result = DR_DRAW;
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s", "a draw agreed");
  s->g.why = s->g.resigned_why;
  session_changed(s);
  clock_turned(s);
  scores_finished(s);
  return 0;
}

/* The person who resigns: the only one, or the one to move when two people play. */
static int resigning_side(const session *s) {
  int turn = game_position(&s->g)->turn;
  if (s->player[turn] == DR_PLAYER_HUMAN) return turn;
  return s->player[turn ^ 1] == DR_PLAYER_HUMAN ? turn ^ 1 : -1;
}

int session_resign(session *s) {
  if (!s->has_game) return session_fail(s, "no game yet");
  if (s->g.result != DR_ONGOING) return session_fail(s, "the game is already over");
  if (online_on(s)) return online_resign(s);
  int loser = resigning_side(s);
  if (loser < 0) return session_fail(s, "no person plays in this game");
  engine_cancel(s);
  s->g.result = loser == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  char word[32];
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s resigned", side_word(s->rs->v, loser, word));
  s->g.why = s->g.resigned_why;
  session_changed(s);
  clock_turned(s);
  scores_finished(s);
  return 0;
}

int session_hint(session *s) {
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  if (online_on(s)) return session_fail(s, "no hints in an online game");
  if (s->hint_ready && !session_input_fits(s, &s->hint)) s->hint_ready = 0; /* landed elsewhere since */
  if (s->hint_ready) s->announce_hint = 1; /* asked again: report it again */
  if (s->hint_ready || (s->job.running && s->job.for_hint)) return 0;
  engine_cancel(s);
  return engine_start(s, 1);
}

/* ------------------------------------------------------------------ PDN */

/* A player as a game's PDN names it: the person by nickname (when scores are kept), two
** people as Player 1 and 2, the computer with its level. */
static void player_name(const session *s, int side, char *buf, size_t len) {
  if (s->player[0] == DR_PLAYER_REMOTE || s->player[1] == DR_PLAYER_REMOTE) snprintf(buf, len, "%s", s->op.name[side]);
  else if (s->player[side] == DR_PLAYER_COMPUTER) snprintf(buf, len, "Computer (level %d)", s->level);
  else if (s->player[side ^ 1] == DR_PLAYER_HUMAN) snprintf(buf, len, "%s", side ? "Player 2" : "Player 1");
  else snprintf(buf, len, "%s", *s->sc.nickname ? s->sc.nickname : "You");
}

void session_pdn_tags(const session *s, pdn_tag tags[SESSION_PDN_TAGS]) {
  time_t now = time(NULL);
  static const char *const names[2] = {"Event", "Date"};
  for (int i = 0; i < 2; i++) snprintf(tags[i].name, sizeof tags[i].name, "%s", names[i]);
  for (int side = 0; side < 2; side++) /* the tag of the player of each side's colour */
    snprintf(tags[2 + side].name, sizeof tags[2 + side].name, "%s", pdn_player_tag(s->rs->v, side));
  snprintf(tags[0].value, sizeof tags[0].value, "%s", "draughts");
  strftime(tags[1].value, sizeof tags[1].value, "%Y.%m.%d", gmtime(&now));
  for (int side = 0; side < 2; side++) player_name(s, side, tags[2 + side].value, sizeof tags[2 + side].value);
}

/* The same tags as the history's games ('draughts scores --pdn'), wherever it is saved. */
int session_save_pdn(session *s, const char *path) {
  if (!s->has_game) return session_fail(s, "no game to save");
  FILE *f = fopen(path, "w");
  if (!f) return session_fail(s, "cannot write %s: %s", path, strerror(errno));
  pdn_tag tags[SESSION_PDN_TAGS];
  session_pdn_tags(s, tags);
  pdn_write(f, &s->g, tags, SESSION_PDN_TAGS);
  if (fclose(f) != 0) return session_fail(s, "error while writing %s: %s", path, strerror(errno));
  return 0;
}

/* Replays the first game of a PDN record with the rules its Rules tag names. */
static int replay(session *s, const pdn_record *r, ruleset *rs, game *g) {
  err e;
  const char *current = s->has_game ? s->rs->v->name : s->variant;
  const plugin *fallback = current ? registry_resolve(s->reg, current, &e) : NULL;
  if (current && !fallback) return session_fail(s, "%s", e.msg);
  const plugin *p = pdn_variant(s->reg, r, fallback, PDN_FILE_DECIDES, NULL, &e);
  if (!p || pdn_rules(r, &p->v, rs, &e)) return session_fail(s, "%s", e.msg);
  if (check_engine(s, rs, s->player)) return -1;
  if (pdn_replay(r, rs, g, NULL, &e)) return session_fail(s, "%s", e.msg);
  return 0;
}

/* The next game keeps a loaded game's rules, as the names they were checked as: the
** preset by name and each changed option as a setting, never the tag's text. */
static void store_loaded_setup(session *s, const ruleset *rs) {
  char spec[512], *sets[DR_MAX_OPTIONS];
  int nsets = 0;
  rules_spec(rs, spec, sizeof spec);
  size_t n = strcspn(spec, ",");
  char *rest = spec + n + (spec[n] == ',');
  spec[n] = '\0';
  for (char *save = NULL, *a = strtok_r(rest, ",", &save); a && nsets < DR_MAX_OPTIONS; a = strtok_r(NULL, ",", &save))
    sets[nsets++] = a;
  dr_setup setup = {.size = sizeof setup, .rules = *spec ? spec : NULL, .nsets = nsets,
                    .sets = (const char *const *)sets, .clock_seconds = s->clock_seconds,
                    .clock_increment = s->clock_increment};
  store_setup(s, &setup, rs->v->name, s->sc.streak_mode ? DR_LEVEL_STREAK : s->level, s->player);
}

int session_load_pdn(session *s, const char *path) {
  err e;
  pdn_record r;
  game g;
  pdn_cursor pos = PDN_START;
  char *text = read_file_max(path, PDN_MAX_BYTES, NULL, &e);
  if (!text) return session_fail(s, "%s", e.msg);
  int got = pdn_parse(text, &pos, &r, &e), rc = -1;
  free(text);
  if (got <= 0) return session_fail(s, "%s: %s", path, got ? e.msg : "no game in the file");
  ruleset *rs = ruleset_new();
  if (replay(s, &r, rs, &g) == 0) {
    online_end(s);
    engine_cancel(s);
    scores_abandon(s);
    store_loaded_setup(s, rs);
    install_game(s, rs, &g);
    scores_started(s, "a game loaded from a file");
    rc = 0;
  } else {
    char why[ERR_LEN];
    snprintf(why, sizeof why, "%s", s->error);
    session_fail(s, "%s: %s", path, why);
    session_ruleset_drop(rs);
  }
  pdn_record_free(&r);
  return rc;
}

/* ----------------------------------------------------------- settings */

void session_prefer(session *s, const char *name, const char *value) {
  int i = 0;
  while (i < s->nprefs && strcmp(s->prefs[i].name, name) != 0) i++;
  if (i == SESSION_PREFS) return;
  if (i == s->nprefs) s->nprefs++;
  snprintf(s->prefs[i].name, sizeof s->prefs[i].name, "%s", name);
  snprintf(s->prefs[i].value, sizeof s->prefs[i].value, "%s", value);
}

const char *session_preference(session *s, const char *name) {
  for (int i = 0; i < s->nprefs; i++)
    if (strcmp(s->prefs[i].name, name) == 0) return s->prefs[i].value;
  return NULL;
}

/* --------------------------------------------------------------- engine */

int session_poll(session *s, dr_engine *out) {
  int events = (s->announce_hint ? DR_EVENT_HINT : 0) | online_poll(s) | session_friends_poll(s);
  s->announce_hint = 0;
  if (s->has_game) clock_check(s);
  if (s->job.running) events |= engine_collect(s);
  if (!s->job.running && s->has_game && !s->engine_failed && !s->paused && s->g.result == DR_ONGOING &&
      s->player[game_position(&s->g)->turn] == DR_PLAYER_COMPUTER) {
    if (engine_start(s, 0) == 0) events |= DR_EVENT_PROGRESS;
    else events |= DR_EVENT_FAILED, s->engine_failed = 1;
  }
  if (out) engine_fill(s, out);
  return events;
}

void session_engine_stop(session *s) {
  if (s->job.running) s->job.stop = 1;
}

/* ----------------------------------------------------------------- host */

static const dr_host host = {
    .abi_version = DR_HOST_ABI_VERSION,
    .size = sizeof(dr_host),
    /* error         */ .error = session_error,
    /* variant_count */ .variant_count = session_variant_count,
    /* variant_info  */ .variant_info = session_variant_info,
    /* levels        */ .levels = session_levels,
    /* new_game      */ .new_game = session_new_game,
    /* setup         */ .setup = session_setup,
    /* has_game      */ .has_game = session_has_game,
    /* geometry      */ .geometry = session_geometry,
    /* help          */ .help = session_help,
    /* position      */ .position = session_position,
    /* status        */ .status = session_status,
    /* legal_moves   */ .legal_moves = session_legal_moves,
    /* move_at       */ .move_at = session_move_at,
    /* move_text     */ .move_text = session_move_text,
    /* point_find    */ .point_find = session_point_find,
    /* input_point   */ .input_point = session_input_point,
    /* input         */ .input = session_input,
    /* input_clear   */ .input_clear = session_input_clear,
    /* play          */ .play = session_play,
    /* play_text     */ .play_text = session_play_text,
    /* undo          */ .undo = session_undo,
    /* resign        */ .resign = session_resign,
    /* hint          */ .hint = session_hint,
    /* save_pdn      */ .save_pdn = session_save_pdn,
    /* load_pdn      */ .load_pdn = session_load_pdn,
    /* poll          */ .poll = session_poll,
    /* engine_stop   */ .engine_stop = session_engine_stop,
    /* ---- version 2: profiles, scores, streaks */
    /* profile_select */ .profile_select = session_profile_select,
    /* profile_list   */ .profile_list = session_profile_list,
    /* scoring        */ .scoring = session_scoring,
    /* streak         */ .streak = session_streak,
    /* score_marks    */ .score_marks = session_score_marks,
    /* score_record   */ .score_record = session_score_record,
    /* score_history  */ .score_history = session_score_history,
    /* score_pdn      */ .score_pdn = session_score_pdn,
    /* ---- version 3: review, draw offers, clocks, records per rules, friends */
    /* rules_streak   */ .rules_streak = session_rules_streak,
    /* rules_record   */ .rules_record = session_rules_record,
    /* friend_at      */ .friend_at = session_friend_at,
    /* friend_record  */ .friend_record = session_friend_record,
    /* friend_streak  */ .friend_streak = session_friend_streak,
    /* position_at    */ .position_at = session_position_at,
    /* redo           */ .redo = session_redo,
    /* offer_draw     */ .offer_draw = session_offer_draw,
    /* answer_draw    */ .answer_draw = session_answer_draw,
    /* pause          */ .pause = session_pause,
    /* preference     */ .preference = session_preference,
    /* ---- version 4: online play */
    /* online_start         */ .online_start = session_online_start,
    /* online               */ .online = session_online,
    /* online_game_at       */ .online_game_at = session_online_game_at,
    /* online_suggestion_at */ .online_suggestion_at = session_online_suggestion_at,
    /* online_command       */ .online_command = session_online_command,
    /* online_leave         */ .online_leave = session_online_leave,
    /* ---- version 5: friends on a server */
    /* friends_set_server   */ .friends_set_server = session_friends_set_server,
    /* friends_invite       */ .friends_invite = session_friends_invite,
    /* friends_accept       */ .friends_accept = session_friends_accept,
    /* friends              */ .friends = session_friends,
};

const dr_host *session_host(void) { return &host; }
