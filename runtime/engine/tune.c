/*
** tune.c — the 'tune' library of tuning scripts: a Lua script fits the engine's
** evaluation weights ('draughts tune', cli/tune_cli.c).  It runs in the same sandbox
** as rules scripts, with a 'tune' library that plays the engine against itself
** and measures weights against game results (sdk/docs/tuning.md); the table it
** returns is written as an eval.lua.  The heavy work (games, evaluations) is C:
** the script only decides which weights to try.
*/
#include "tune.h"

#include <errno.h>
#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_lua.h"
#include "selfplay.h"

#define TUNE_SEED 0x74756e65ull
#define TUNE_DEFAULT_GAMES 100
#define TUNE_DEFAULT_DEPTH 4
#define TUNE_MAX_GAMES 100000        /* self-play games one script may play in all */
#define TUNE_MAX_DEPTH 20            /* plies the players of those games may search */
#define TUNE_POSITIONS_PER_INSTRUCTION 64 /* what tune.error charges to the script's budget */
#define TUNE_MAX_SCORED 2000000      /* positions one script may have searched for their scores */

/* What the library functions reach through their upvalue. */
typedef struct tuner {
  const tune_config *cfg;
  int games;  /* played so far */
  int scored; /* positions searched for their scores so far */
} tuner;

/* A sample: quiet positions of self-play games, each with its game's result and,
** if asked, the score a search gives it.  The positions are held through the
** script's allocator, so they count against its memory cap; when it refuses, the
** sample is 'full' and the script is done. */
typedef struct sample_entry {
  dr_position pos;
  float result; /* for White: 1, 0.5 or 0 */
  float score;  /* for White, a man 100: a search's (tune.sample's score_depth) */
} sample_entry;

typedef struct sample {
  int count, cap, full;
  int score_depth; /* 0: no scores */
  sample_entry *entry;
  lua_Alloc alloc;
  void *alloc_ud;
} sample;

#define SAMPLE_META "draughts.sample"

static tuner *tuner_of(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static const ruleset *tuner_rules(lua_State *L) { return tuner_of(L)->cfg->rs; }

/* The weights table at 'idx', on top of the defaults. */
static void check_weights(lua_State *L, int idx, eval_weights *w) {
  eval_default_weights(w);
  eval_lua_check(L, idx, tuner_rules(L)->v, w);
}

/* Every key of the options table at 'opts' is one of 'known' (NULL-terminated): a
** misspelt 'game = 1' would otherwise quietly play the default number of games. */
static void check_keys(lua_State *L, int opts, const char *const *known) {
  if (!lua_istable(L, opts)) return;
  lua_pushnil(L);
  while (lua_next(L, opts)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "option names must be strings");
    const char *key = lua_tostring(L, -1);
    const char *const *k = known;
    while (*k && strcmp(*k, key) != 0) k++;
    if (!*k) luaL_error(L, "unknown option '%s'", key);
  }
}

static int opt_int(lua_State *L, int opts, const char *key, int def, int min, int max) {
  if (lua_isnoneornil(L, opts)) return def;
  lua_getfield(L, opts, key);
  int ok;
  lua_Integer n = lua_tointegerx(L, -1, &ok);
  int absent = lua_isnil(L, -1);
  lua_pop(L, 1);
  if (absent) return def;
  if (!ok || n < min || n > max) return luaL_error(L, "option '%s' takes an integer from %d to %d", key, min, max);
  return (int)n;
}

/* ---------------------------------------------------------------- games */

/* Resizes the sample's storage through the script's allocator; 0 if it refused. */
static int sample_resize(sample *s, int cap) {
  void *p = s->alloc(s->alloc_ud, s->entry, (size_t)s->cap * sizeof *s->entry, (size_t)cap * sizeof *s->entry);
  if (!p && cap > 0) return 0;
  s->entry = p;
  s->cap = cap;
  return 1;
}

static int sample_gc(lua_State *L) {
  sample_resize(luaL_checkudata(L, 1, SAMPLE_META), 0);
  return 0;
}

/* A position is kept when neither its move nor the reply captured: a static
** evaluation cannot be expected to see through an exchange in progress. */
static void harvest_game(void *ud, int index, int a_white, int half, const char *why, const game *g) {
  sample *s = ud;
  (void)index, (void)a_white, (void)half, (void)why;
  float result = g->result == DR_WHITE_WINS ? 1.0f : g->result == DR_BLACK_WINS ? 0.0f : 0.5f;
  for (int i = 0; i + 1 < g->count && !s->full; i++) {
    if (g->ply[i].move.captured || g->ply[i + 1].move.captured) continue;
    if (s->count == s->cap && !sample_resize(s, s->cap ? 2 * s->cap : 4096)) s->full = 1;
    else s->entry[s->count++] = (sample_entry){g->ply[i].pos, result, 0};
  }
}

/* Counts 'games' more against the script's total, or raises. */
static void count_games(lua_State *L, const char *what, int games) {
  tuner *t = tuner_of(L);
  if (games > TUNE_MAX_GAMES - t->games)
    luaL_error(L, "%s: a script may play %d games in all (%d played, %d asked)", what, TUNE_MAX_GAMES, t->games,
               games);
  t->games += games;
}

/* Plays 'm' between 'pa' with weights 'wa' and 'pb' with 'wb'; raises a Lua error if
** it cannot.  The games are the script's purpose: their time is not on its clock. */
static void run_match(lua_State *L, selfplay_match *m, selfplay_player *pa, const eval_weights *wa,
                      selfplay_player *pb, const eval_weights *wb) {
  const tune_config *t = tuner_of(L)->cfg;
  eval_ctx *ea = xmalloc(sizeof *ea), *eb = xmalloc(sizeof *eb);
  eval_init_weights(ea, t->rs, wa);
  eval_init_weights(eb, t->rs, wb);
  pa->eval = ea;
  pb->eval = eb;
  m->a = pa;
  m->b = pb;
  m->rs = t->rs;
  m->start = t->start;
  m->jobs = t->jobs;
  err e;
  script_clock_pause(L);
  int rc = selfplay_run(m, &e);
  script_clock_resume(L);
  free(ea);
  free(eb);
  if (rc) luaL_error(L, "%s", e.msg);
}

/* The players of tune.sample: full strength to 'depth', or at a playing 'level'
** (its deliberate mistakes make games decisive and varied, as labels need). */
static void sample_player(lua_State *L, selfplay_player *p) {
  memset(p, 0, sizeof *p);
  p->level = opt_int(L, 1, "level", 0, 0, SEARCH_LEVELS - 1);
  if (p->level == 0) p->depth = opt_int(L, 1, "depth", TUNE_DEFAULT_DEPTH, 1, TUNE_MAX_DEPTH);
}

/* ------------------------------------------------------------ scores */

/* The searches that score a sample's positions, shared by the threads that run them. */
typedef struct scoring {
  sample *s;
  const ruleset *rs;
  search_limits limits;
  pthread_mutex_t lock;
  int failed; /* a search that could not run: its message is in 'e', and the rest are skipped */
  err e;
} scoring;

/* The score for White of a search from position 'i' as a game's first position: its
** history is not the sample's to know, and a label must not depend on it. */
static void score_position(void *ud, int i) {
  scoring *sc = ud;
  sample_entry *en = &sc->s->entry[i];
  if (__atomic_load_n(&sc->failed, __ATOMIC_RELAXED)) return;
  err e;
  game g;
  int rc = game_init(&g, sc->rs, &en->pos, &e);
  if (rc == 0) {
    dr_move best;
    search_info info;
    rc = search_best(&g, &sc->limits, NULL, NULL, NULL, &best, &info);
    game_free(&g);
    if (rc) err_set(&e, "a search to score the sample's positions failed (%s)",
                    rc == SEARCH_NO_MEMORY ? "no memory for its table" : "it found no move");
    else en->score = (float)(en->pos.turn == DR_WHITE ? info.score : -info.score);
  }
  if (rc == 0) return;
  pthread_mutex_lock(&sc->lock);
  if (!sc->failed) sc->e = e, __atomic_store_n(&sc->failed, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&sc->lock);
}

/* Scores every position of 's' by a search of 'depth' plies with weights 'w', on every
** core the script may use.  Each search is single-threaded with a table of its own,
** so the scores do not depend on how many cores there are. */
static void score_sample(lua_State *L, sample *s, const eval_weights *w, int depth) {
  tuner *t = tuner_of(L);
  if (s->count > TUNE_MAX_SCORED - t->scored)
    luaL_error(L, "tune.sample: a script may have %d positions scored in all (%d scored, %d asked)",
               TUNE_MAX_SCORED, t->scored, s->count);
  t->scored += s->count;
  eval_ctx *ev = xmalloc(sizeof *ev);
  eval_init_weights(ev, t->cfg->rs, w);
  scoring sc = {.s = s, .rs = t->cfg->rs,
                .limits = {.depth = depth, .threads = 1, .eval = ev, .private_table = 1, .no_book = 1}};
  pthread_mutex_init(&sc.lock, NULL);
  script_clock_pause(L);
  parallel_for(s->count, rules_threads(t->cfg->rs, t->cfg->jobs), score_position, &sc);
  script_clock_resume(L);
  pthread_mutex_destroy(&sc.lock);
  free(ev);
  if (sc.failed) luaL_error(L, "%s", sc.e.msg);
  s->score_depth = depth;
}

/* tune.sample{weights = W, games = N, depth = D | level = L, seed = S, score_depth = D} -> sample */
static int l_sample(lua_State *L) {
  static const char *const known[] = {"weights", "games", "depth", "level", "seed", "score_depth", NULL};
  eval_weights w = tuner_of(L)->cfg->start_weights;
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  check_keys(L, 1, known);
  if (lua_istable(L, 1) && lua_getfield(L, 1, "weights") != LUA_TNIL) check_weights(L, -1, &w);
  lua_settop(L, 1);
  selfplay_player pa, pb;
  sample_player(L, &pa);
  pb = pa;
  lua_gc(L, LUA_GCCOLLECT); /* the collector does not see samples' storage: free that of dead ones first */
  sample *s = lua_newuserdatauv(L, sizeof *s, 0); /* collected, and its positions freed, on any error */
  memset(s, 0, sizeof *s);
  s->alloc = lua_getallocf(L, &s->alloc_ud);
  luaL_setmetatable(L, SAMPLE_META);
  selfplay_match m = {.games = opt_int(L, 1, "games", TUNE_DEFAULT_GAMES, 1, TUNE_MAX_GAMES),
                      .seed = TUNE_SEED + (uint64_t)opt_int(L, 1, "seed", 1, 0, 1 << 30) * 1000003u,
                      .keep_games = 1, .done = harvest_game, .ud = s};
  int score_depth = opt_int(L, 1, "score_depth", 0, 1, TUNE_MAX_DEPTH);
  count_games(L, "tune.sample", m.games);
  run_match(L, &m, &pa, &w, &pb, &w);
  if (s->full) return script_out_of_memory(L);
  if (s->count < s->cap) sample_resize(s, s->count); /* shrinking never fails */
  if (score_depth) score_sample(L, s, &w, score_depth);
  return 1;
}

static int l_sample_len(lua_State *L) {
  lua_pushinteger(L, ((sample *)luaL_checkudata(L, 1, SAMPLE_META))->count);
  return 1;
}

static double expected_result(double k, double white_score) { return 1.0 / (1.0 + exp(-k * white_score / 100.0)); }

/* tune.error(sample, W, k [, lambda]) -> mean of (target - 1 / (1 + exp(-k * eval / 100)))^2, the target
** being (1 - lambda) * result + lambda * 1 / (1 + exp(-k * search / 100)) */
static int l_error(lua_State *L) {
  const sample *s = luaL_checkudata(L, 1, SAMPLE_META);
  eval_weights w;
  check_weights(L, 2, &w);
  double k = luaL_checknumber(L, 3), lambda = luaL_optnumber(L, 4, 0);
  if (!(lambda >= 0 && lambda <= 1)) return luaL_error(L, "lambda must be from 0 to 1");
  if (lambda > 0 && !s->score_depth)
    return luaL_error(L, "the sample holds no search scores: take it with tune.sample{score_depth = D}");
  if (s->count == 0) return luaL_error(L, "the sample holds no positions");
  script_charge(L, (double)s->count / TUNE_POSITIONS_PER_INSTRUCTION);
  eval_ctx *c = xmalloc(sizeof *c);
  eval_init_weights(c, tuner_rules(L), &w);
  script_clock_pause(L);
  double sum = 0;
  for (int i = 0; i < s->count; i++) {
    const dr_position *p = &s->entry[i].pos;
    int score = eval_position(c, p);
    double target = s->entry[i].result;
    if (lambda > 0) target = (1 - lambda) * target + lambda * expected_result(k, s->entry[i].score);
    double miss = target - expected_result(k, p->turn == DR_WHITE ? score : -score);
    sum += miss * miss;
  }
  script_clock_resume(L);
  free(c);
  lua_pushnumber(L, sum / s->count);
  return 1;
}

typedef struct tally {
  int wins, draws, losses;
} tally;

static void count_game(void *ud, int index, int a_white, int half, const char *why, const game *g) {
  tally *t = ud;
  (void)index, (void)a_white, (void)why, (void)g;
  t->wins += half == 2, t->draws += half == 1, t->losses += half == 0;
}

/* tune.match(A, B, {games = N, depth = D, seed = S}) -> score of A (0..1), wins, draws, losses */
static int l_match(lua_State *L) {
  static const char *const known[] = {"games", "depth", "seed", NULL};
  eval_weights wa, wb;
  check_weights(L, 1, &wa);
  check_weights(L, 2, &wb);
  if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
  check_keys(L, 3, known);
  selfplay_player pa = {.depth = opt_int(L, 3, "depth", TUNE_DEFAULT_DEPTH, 1, TUNE_MAX_DEPTH)}, pb = pa;
  tally t = {0};
  selfplay_match m = {.games = opt_int(L, 3, "games", TUNE_DEFAULT_GAMES, 2, TUNE_MAX_GAMES),
                      .seed = TUNE_SEED + (uint64_t)opt_int(L, 3, "seed", 2, 0, 1 << 30) * 1000003u,
                      .done = count_game, .ud = &t};
  count_games(L, "tune.match", m.games);
  run_match(L, &m, &pa, &wa, &pb, &wb);
  lua_pushnumber(L, (t.wins + 0.5 * t.draws) / m.games);
  lua_pushinteger(L, t.wins);
  lua_pushinteger(L, t.draws);
  lua_pushinteger(L, t.losses);
  return 4;
}

/* ------------------------------------------------------------- weights */

static int l_weights(lua_State *L) {
  eval_lua_push(L, tuner_rules(L)->v, &tuner_of(L)->cfg->start_weights);
  return 1;
}

static int l_defaults(lua_State *L) {
  eval_weights w;
  eval_default_weights(&w);
  eval_lua_push(L, tuner_rules(L)->v, &w);
  return 1;
}

/* tune.check(W) -> W with every field spelled out; a bad field is an error. */
static int l_check(lua_State *L) {
  eval_weights w;
  check_weights(L, 1, &w);
  eval_lua_push(L, tuner_rules(L)->v, &w);
  return 1;
}

static int open_tune(lua_State *L, void *ud) {
  static const luaL_Reg funcs[] = {{"weights", l_weights}, {"defaults", l_defaults}, {"check", l_check},
                                   {"sample", l_sample},   {"error", l_error},       {"match", l_match},
                                   {NULL, NULL}};
  const tune_config *cfg = ((tuner *)ud)->cfg;
  luaL_newmetatable(L, SAMPLE_META);
  lua_pushcfunction(L, l_sample_len);
  lua_setfield(L, -2, "__len");
  lua_pushcfunction(L, sample_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushlightuserdata(L, ud);
  luaL_setfuncs(L, funcs, 1);
  lua_pushstring(L, cfg->rs->v->name);
  lua_setfield(L, -2, "variant");
  lua_pushinteger(L, TUNE_MAX_GAMES); /* so a script can refuse a plan too big before its first game */
  lua_setfield(L, -2, "max_games");
  if (cfg->games) lua_pushinteger(L, cfg->games), lua_setfield(L, -2, "games");
  if (cfg->depth) lua_pushinteger(L, cfg->depth), lua_setfield(L, -2, "depth");
  if (cfg->label_depth) lua_pushinteger(L, cfg->label_depth), lua_setfield(L, -2, "label_depth");
  lua_setglobal(L, "tune");
  return 0;
}

/* Runs the script; its result, a weights table, lands in 'out'. */
int tune_run(const tune_config *cfg, eval_weights *out, err *e) {
  char *src = read_file(cfg->script, NULL, e);
  if (!src) return -1;
  const char *base = strrchr(cfg->script, '/');
  tuner t = {.cfg = cfg};
  script *sc = script_open(cfg->rs->v, NULL, base ? base + 1 : cfg->script, e);
  eval_default_weights(out);
  int rc = !sc || script_protected(sc, open_tune, &t, e) || script_load(sc, src, e) ||
           eval_lua_returned(sc, cfg->rs->v, out, e);
  script_close(sc);
  free(src);
  return rc ? -1 : 0;
}
