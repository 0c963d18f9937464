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
  return s;
}

static void ruleset_drop(ruleset *rs);

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
  engine_destroy(s);
  scores_abandon(s); /* quitting in the middle of a game resigns it */
  scores_close(s);
  if (s->has_game) game_free(&s->g);
  ruleset_drop(s->rs);
  free_setup(s);
  free(s->docs);
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

static int check_setup(session *s, const dr_setup *in, int *level, int player[2]) {
  *level = in->level ? in->level : s->sc.streak_mode ? DR_LEVEL_STREAK : s->level;
  if ((*level < 1 && *level != DR_LEVEL_STREAK) || *level > SEARCH_LEVELS)
    return session_fail(s, "level %d is out of range: levels run from 1 to %d", *level, SEARCH_LEVELS);
  for (int side = 0; side < 2; side++) {
    player[side] = in->player[side] ? in->player[side] : s->player[side];
    if (player[side] != DR_PLAYER_HUMAN && player[side] != DR_PLAYER_COMPUTER)
      return session_fail(s, "the %s player must be a person or the computer", side ? "second" : "first");
  }
  return 0;
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
}

int session_prepare(session *s, const dr_setup *setup) {
  int level, player[2];
  if (check_setup(s, setup, &level, player)) return -1;
  store_setup(s, setup, setup->variant, level, player);
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
  full.level = s->sc.streak_mode ? DR_LEVEL_STREAK : s->level;
  full.player[0] = s->player[0];
  full.player[1] = s->player[1];
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

static void ruleset_drop(ruleset *rs) {
  if (!rs) return;
  rules_free(rs);
  free(rs);
}

/* Makes 'rs' and 'g' (a game over 'rs') the session's game. */
static void install_game(session *s, ruleset *rs, const game *g) {
  if (s->has_game) game_free(&s->g);
  ruleset_drop(s->rs);
  s->rs = rs;
  s->g = *g;
  s->has_game = 1;
  rules_spec(s->rs, s->rules_text, sizeof s->rules_text);
  session_changed(s);
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
    ruleset_drop(rs);
    return -1;
  }
  engine_cancel(s);
  scores_abandon(s); /* a new game in the middle of one resigns it */
  store_setup(s, setup, rs->v->name, level, player);
  install_game(s, rs, &g);
  scores_started(s, NULL);
  return 0;
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

static void count_pieces(const dr_position *p, int pieces[2], int kings[2]) {
  for (int side = 0; side < 2; side++) {
    pieces[side] = __builtin_popcountll(p->side[side]);
    kings[side] = __builtin_popcountll(p->side[side] & p->kings);
  }
}

void session_status(session *s, dr_status *out) {
  dr_status st;
  DR_INIT(st);
  st.level = s->level;
  st.player[0] = s->player[0], st.player[1] = s->player[1];
  st.variant = st.title = st.rules = st.reason = st.warning = "";
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
    count_pieces(now, st.pieces, st.kings);
    count_pieces(start, start_pieces, start_kings);
    for (int side = 0; side < 2; side++) st.captured[side] = start_pieces[side] - st.pieces[side];
    st.result = s->g.result;
    if (st.result != DR_ONGOING) st.reason = s->g.why;
    st.can_undo = last_human_ply(s) >= 0;
    st.human_to_move = st.result == DR_ONGOING && s->player[st.turn] == DR_PLAYER_HUMAN;
    if (rules_problem(s->rs)) st.warning = rules_problem(s->rs);
    if (guard_refusal(s->rs->v)) st.warning = guard_refusal(s->rs->v);
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

/* Plays a legal move for whoever is to move (the engine's moves come here too). */
int session_apply(session *s, const dr_move *m) {
  err e;
  engine_cancel(s);
  if (game_play(&s->g, m, &e)) return session_fail(s, "%s", e.msg);
  session_changed(s);
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
  return session_apply(s, legal);
}

int session_play_text(session *s, const char *text) {
  err e;
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  const dr_move *m = move_parse(s->rs->v->geometry, &s->g.legal, text, &e);
  if (!m) return session_fail(s, "%s", e.msg);
  return session_apply(s, m);
}

int session_undo(session *s) {
  if (!s->has_game) return session_fail(s, "no game yet");
  int target = last_human_ply(s);
  if (target < 0) return session_fail(s, "nothing to undo");
  engine_cancel(s);
  while (s->g.count > target) game_undo(&s->g);
  session_changed(s);
  scores_undone(s);
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
  int loser = resigning_side(s);
  if (loser < 0) return session_fail(s, "no person plays in this game");
  engine_cancel(s);
  s->g.result = loser == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  char word[32];
  snprintf(s->g.resigned_why, sizeof s->g.resigned_why, "%s resigned", side_word(s->rs->v, loser, word));
  s->g.why = s->g.resigned_why;
  session_changed(s);
  scores_finished(s);
  return 0;
}

int session_hint(session *s) {
  const char *why = session_cannot_move(s);
  if (why) return session_fail(s, "%s", why);
  if (s->hint_ready) s->announce_hint = 1; /* asked again: report it again */
  if (s->hint_ready || (s->job.running && s->job.for_hint)) return 0;
  engine_cancel(s);
  return engine_start(s, 1);
}

/* ------------------------------------------------------------------ PDN */

static const char *player_name(const session *s, int side, char *buf, size_t len) {
  if (s->player[side] == DR_PLAYER_COMPUTER) snprintf(buf, len, "Computer (level %d)", s->level);
  else snprintf(buf, len, "%s", s->player[side ^ 1] == DR_PLAYER_HUMAN ? (side ? "Player 2" : "Player 1") : "You");
  return buf;
}

int session_save_pdn(session *s, const char *path) {
  if (!s->has_game) return session_fail(s, "no game to save");
  FILE *f = fopen(path, "w");
  if (!f) return session_fail(s, "cannot write %s: %s", path, strerror(errno));
  pdn_tag tags[2];
  for (int side = 0; side < 2; side++) {
    snprintf(tags[side].name, sizeof tags[side].name, "%s", pdn_player_tag(s->rs->v, side));
    player_name(s, side, tags[side].value, sizeof tags[side].value);
  }
  pdn_write(f, &s->g, tags, 2);
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
                    .sets = (const char *const *)sets};
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
    ruleset_drop(rs);
  }
  pdn_record_free(&r);
  return rc;
}

/* --------------------------------------------------------------- engine */

int session_poll(session *s, dr_engine *out) {
  int events = s->announce_hint ? DR_EVENT_HINT : 0;
  s->announce_hint = 0;
  if (s->job.running) events |= engine_collect(s);
  if (!s->job.running && s->has_game && !s->engine_failed && s->g.result == DR_ONGOING &&
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
};

const dr_host *session_host(void) { return &host; }
