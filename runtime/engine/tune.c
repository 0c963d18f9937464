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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_lua.h"
#include "selfplay.h"

#define TUNE_SEED 0x74756e65ull
#define TUNE_DEFAULT_GAMES 100
#define TUNE_DEFAULT_DEPTH 4
#define TUNE_MAX_GAMES 100000

/* What the library functions reach through their upvalue. */
typedef tune_config tuner;

/* A sample: quiet positions of self-play games, each with its game's result. */
typedef struct sample_entry {
  dr_position pos;
  float result; /* for White: 1, 0.5 or 0 */
} sample_entry;

typedef struct sample {
  int count;
  sample_entry entry[];
} sample;

#define SAMPLE_META "draughts.sample"
#define HARVEST_META "draughts.harvest"

static tuner *tuner_of(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* The weights table at 'idx', on top of the defaults. */
static void check_weights(lua_State *L, int idx, eval_weights *w) {
  eval_default_weights(w);
  eval_lua_check(L, idx, tuner_of(L)->rs->v, w);
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

typedef struct harvest {
  sample_entry *entry;
  int count, cap;
} harvest;

/* A position is kept when neither its move nor the reply captured: a static
** evaluation cannot be expected to see through an exchange in progress. */
static void harvest_game(void *ud, int index, int a_white, int half, const char *why, const game *g) {
  harvest *h = ud;
  (void)index, (void)a_white, (void)half, (void)why;
  float result = g->result == DR_WHITE_WINS ? 1.0f : g->result == DR_BLACK_WINS ? 0.0f : 0.5f;
  for (int i = 0; i + 1 < g->count; i++) {
    if (g->ply[i].move.captured || g->ply[i + 1].move.captured) continue;
    if (h->count == h->cap) {
      h->cap = h->cap ? 2 * h->cap : 4096;
      h->entry = xrealloc(h->entry, (size_t)h->cap * sizeof *h->entry);
    }
    h->entry[h->count++] = (sample_entry){g->ply[i].pos, result};
  }
}

/* The positions of a harvest are C memory until they are copied into a sample; its box
** frees them when collected, so an error on the way (a sample bigger than the memory
** cap, a failed match) does not leak them. */
static int harvest_gc(lua_State *L) {
  harvest *h = lua_touserdata(L, 1);
  free(h->entry);
  h->entry = NULL;
  return 0;
}

/* Plays 'm' between 'pa' with weights 'wa' and 'pb' with 'wb'; raises a Lua error if it cannot. */
static void run_match(lua_State *L, selfplay_match *m, selfplay_player *pa, const eval_weights *wa,
                      selfplay_player *pb, const eval_weights *wb) {
  tuner *t = tuner_of(L);
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
  int rc = selfplay_run(m, &e);
  free(ea);
  free(eb);
  if (rc) luaL_error(L, "%s", e.msg);
}

/* The players of tune.sample: full strength to 'depth', or at a playing 'level'
** (its deliberate mistakes make games decisive and varied, as labels need). */
static void sample_player(lua_State *L, selfplay_player *p) {
  memset(p, 0, sizeof *p);
  p->level = opt_int(L, 1, "level", 0, 0, SEARCH_LEVELS - 1);
  if (p->level == 0) p->depth = opt_int(L, 1, "depth", TUNE_DEFAULT_DEPTH, 1, 20);
}

/* tune.sample{weights = W, games = N, depth = D | level = L, seed = S} -> sample */
static int l_sample(lua_State *L) {
  static const char *const known[] = {"weights", "games", "depth", "level", "seed", NULL};
  tuner *t = tuner_of(L);
  eval_weights w = t->start_weights;
  if (!lua_isnoneornil(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
  check_keys(L, 1, known);
  if (lua_istable(L, 1) && lua_getfield(L, 1, "weights") != LUA_TNIL) check_weights(L, -1, &w);
  lua_settop(L, 1);
  selfplay_player pa, pb;
  sample_player(L, &pa);
  pb = pa;
  harvest *h = lua_newuserdatauv(L, sizeof *h, 0);
  memset(h, 0, sizeof *h);
  luaL_setmetatable(L, HARVEST_META);
  selfplay_match m = {.games = opt_int(L, 1, "games", TUNE_DEFAULT_GAMES, 1, TUNE_MAX_GAMES),
                      .seed = TUNE_SEED + (uint64_t)opt_int(L, 1, "seed", 1, 0, 1 << 30) * 1000003u,
                      .keep_games = 1, .done = harvest_game, .ud = h};
  run_match(L, &m, &pa, &w, &pb, &w);
  /* A full userdata, so the sample counts against the script's memory cap. */
  sample *s = lua_newuserdatauv(L, sizeof(sample) + (size_t)h->count * sizeof(sample_entry), 0);
  s->count = h->count;
  if (h->count) memcpy(s->entry, h->entry, (size_t)h->count * sizeof(sample_entry));
  free(h->entry);
  h->entry = NULL;
  luaL_setmetatable(L, SAMPLE_META);
  return 1;
}

static int l_sample_len(lua_State *L) {
  lua_pushinteger(L, ((sample *)luaL_checkudata(L, 1, SAMPLE_META))->count);
  return 1;
}

/* tune.error(sample, W, k) -> mean of (result - 1 / (1 + exp(-k * score / 100)))^2 */
static int l_error(lua_State *L) {
  const sample *s = luaL_checkudata(L, 1, SAMPLE_META);
  eval_weights w;
  check_weights(L, 2, &w);
  double k = luaL_checknumber(L, 3);
  if (s->count == 0) return luaL_error(L, "the sample holds no positions");
  eval_ctx *c = xmalloc(sizeof *c);
  eval_init_weights(c, tuner_of(L)->rs, &w);
  double sum = 0;
  for (int i = 0; i < s->count; i++) {
    const dr_position *p = &s->entry[i].pos;
    int score = eval_position(c, p);
    double white = p->turn == DR_WHITE ? score : -score;
    double expected = 1.0 / (1.0 + exp(-k * white / 100.0));
    double miss = s->entry[i].result - expected;
    sum += miss * miss;
  }
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
  selfplay_player pa = {.depth = opt_int(L, 3, "depth", TUNE_DEFAULT_DEPTH, 1, 20)}, pb = pa;
  tally t = {0};
  selfplay_match m = {.games = opt_int(L, 3, "games", TUNE_DEFAULT_GAMES, 2, TUNE_MAX_GAMES),
                      .seed = TUNE_SEED + (uint64_t)opt_int(L, 3, "seed", 2, 0, 1 << 30) * 1000003u,
                      .done = count_game, .ud = &t};
  run_match(L, &m, &pa, &wa, &pb, &wb);
  lua_pushnumber(L, (t.wins + 0.5 * t.draws) / m.games);
  lua_pushinteger(L, t.wins);
  lua_pushinteger(L, t.draws);
  lua_pushinteger(L, t.losses);
  return 4;
}

/* ------------------------------------------------------------- weights */

static int l_weights(lua_State *L) {
  eval_lua_push(L, tuner_of(L)->rs->v, &tuner_of(L)->start_weights);
  return 1;
}

static int l_defaults(lua_State *L) {
  eval_weights w;
  eval_default_weights(&w);
  eval_lua_push(L, tuner_of(L)->rs->v, &w);
  return 1;
}

/* tune.check(W) -> W with every field spelled out; a bad field is an error. */
static int l_check(lua_State *L) {
  eval_weights w;
  check_weights(L, 1, &w);
  eval_lua_push(L, tuner_of(L)->rs->v, &w);
  return 1;
}

/* In protected mode: the weights table at 1 into the eval_weights at 2. */
static int l_store(lua_State *L) {
  check_weights(L, 1, lua_touserdata(L, 2));
  return 0;
}

/* Progress goes to stderr: stdout may be the weights file. */
static int l_print(lua_State *L) {
  int n = lua_gettop(L);
  for (int i = 1; i <= n; i++) fprintf(stderr, "%s%s", i > 1 ? "\t" : "", luaL_tolstring(L, i, NULL));
  fputc('\n', stderr);
  fflush(stderr);
  return 0;
}

static void open_tune(lua_State *L, const tuner *t) {
  static const luaL_Reg funcs[] = {{"weights", l_weights}, {"defaults", l_defaults}, {"check", l_check},
                                   {"sample", l_sample},   {"error", l_error},       {"match", l_match},
                                   {NULL, NULL}};
  luaL_newmetatable(L, SAMPLE_META);
  lua_pushcfunction(L, l_sample_len);
  lua_setfield(L, -2, "__len");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  luaL_newmetatable(L, HARVEST_META);
  lua_pushcfunction(L, harvest_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushlightuserdata(L, (void *)t);
  luaL_setfuncs(L, funcs, 1);
  lua_pushstring(L, t->rs->v->name);
  lua_setfield(L, -2, "variant");
  if (t->games) lua_pushinteger(L, t->games), lua_setfield(L, -2, "games");
  if (t->depth) lua_pushinteger(L, t->depth), lua_setfield(L, -2, "depth");
  lua_setglobal(L, "tune");
  lua_pushcfunction(L, l_print);
  lua_setglobal(L, "print");
}

/* Runs the script; its result, a weights table, lands in 'out'. */
int tune_run(const tune_config *t, eval_weights *out, err *e) {
  char *src = read_file(t->script, NULL, e);
  if (!src) return -1;
  const char *base = strrchr(t->script, '/');
  script *sc = script_open(t->rs->v, NULL, base ? base + 1 : t->script, e);
  int rc = sc ? 0 : -1;
  if (sc) {
    lua_State *L = script_lua(sc);
    open_tune(L, t);
    rc = script_load(sc, src, e) || script_call(sc, 0, 1, e);
    if (rc == 0 && !lua_istable(L, -1))
      rc = err_set(e, "%s: a tuning script must return a table of weights", script_name(sc));
    if (rc == 0) { /* read in protected mode: a bad field is a Lua error naming it */
      lua_pushlightuserdata(L, (void *)t);
      lua_pushcclosure(L, l_store, 1);
      lua_insert(L, -2);
      lua_pushlightuserdata(L, out);
      rc = script_call(sc, 2, 0, e);
    }
  }
  script_close(sc);
  free(src);
  return rc ? -1 : 0;
}
