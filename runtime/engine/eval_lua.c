/*
** eval_lua.c — evaluation weights as Lua sees them: the table an eval.lua returns
** (sdk/docs/eval.md), read into 'eval_weights' and written back for tuning scripts.
*/
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "notation.h"
#include "eval_lua.h"

/* The integer at the top of the stack, checked against the weight range. */
static int weight_value(lua_State *L, const char *what) {
  int ok;
  lua_Integer n = lua_tointegerx(L, -1, &ok);
  if (!ok) return luaL_error(L, "weight '%s' must be an integer", what);
  if (n < -EVAL_LIMIT || n > EVAL_LIMIT)
    return luaL_error(L, "weight '%s' must be between %d and %d", what, -EVAL_LIMIT, EVAL_LIMIT);
  return (int)n;
}

/* advance / advance_end: a list of values by row. */
static int read_rows(lua_State *L, int *out, const char *what) {
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_Integer n = luaL_len(L, -1);
  if (n < 1 || n > DR_MAX_POINTS) luaL_error(L, "'%s' must list 1 to %d values", what, DR_MAX_POINTS);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    out[i - 1] = weight_value(L, what);
    lua_pop(L, 1);
  }
  return (int)n;
}

/* squares.man / squares.king: point name -> value. */
static void read_square_table(lua_State *L, const dr_variant *v, int *out, const char *kind) {
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "squares.%s: keys must be point names", kind);
    size_t len;
    const char *name = lua_tolstring(L, -2, &len);
    int bit = point_find(v->geometry, name, len);
    if (bit < 0) luaL_error(L, "squares.%s: '%s' is not a point of %s", kind, name, v->name);
    out[bit] = weight_value(L, name);
    lua_pop(L, 1);
  }
}

static void read_squares(lua_State *L, const dr_variant *v, eval_weights *w) {
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    const char *kind = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    if (strcmp(kind, "man") == 0) read_square_table(L, v, w->square_man, kind);
    else if (strcmp(kind, "king") == 0) read_square_table(L, v, w->square_king, kind);
    else luaL_error(L, "squares: unknown kind '%s' (man or king)", kind);
    lua_pop(L, 1);
  }
}

/* A list of points, by name or number, at the top of the stack. */
static dr_bits read_points(lua_State *L, const dr_variant *v, int k, const char *set) {
  luaL_checktype(L, -1, LUA_TTABLE);
  dr_bits out = 0;
  lua_Integer n = luaL_len(L, -1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    size_t len = 0;
    int type = lua_type(L, -1);
    const char *name = type == LUA_TNUMBER || type == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    int bit = name ? point_find(v->geometry, name, len) : -1;
    if (bit < 0) luaL_error(L, "patterns[%d].%s: '%s' is not a point of %s", k, set, name ? name : "?", v->name);
    out |= (dr_bits)1 << bit;
    lua_pop(L, 1);
  }
  return out;
}

/* patterns[k] = {value = V, mine = {points}, theirs = {points}, empty = {points}}. */
static void read_pattern(lua_State *L, const dr_variant *v, int k, eval_pattern *pt) {
  if (!lua_istable(L, -1)) luaL_error(L, "patterns[%d] must be a table", k);
  memset(pt, 0, sizeof *pt);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    if (strcmp(key, "value") == 0) pt->value = weight_value(L, "patterns.value");
    else if (strcmp(key, "mine") == 0) pt->mine = read_points(L, v, k, key);
    else if (strcmp(key, "theirs") == 0) pt->theirs = read_points(L, v, k, key);
    else if (strcmp(key, "empty") == 0) pt->empty = read_points(L, v, k, key);
    else luaL_error(L, "patterns[%d]: unknown field '%s' (value, mine, theirs, empty)", k, key);
    lua_pop(L, 1);
  }
  if (!pt->mine && !pt->theirs && !pt->empty) luaL_error(L, "patterns[%d] names no point", k);
}

static void read_patterns(lua_State *L, const dr_variant *v, eval_weights *w) {
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_Integer n = luaL_len(L, -1);
  if (n > EVAL_MAX_PATTERNS) luaL_error(L, "'patterns' lists %d formations, more than %d", (int)n, EVAL_MAX_PATTERNS);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    read_pattern(L, v, (int)i, &w->pattern[i - 1]);
    lua_pop(L, 1);
  }
  w->npatterns = (int)n;
}

static void read_weight(lua_State *L, const dr_variant *v, eval_weights *w, const char *key) {
  for (const eval_field *f = eval_fields; f->name; f++)
    if (strcmp(f->name, key) == 0) {
      *eval_field_of(w, f) = weight_value(L, key);
      return;
    }
  if (strcmp(key, "advance") == 0) w->nadvance = read_rows(L, w->advance, key);
  else if (strcmp(key, "advance_end") == 0) w->nadvance_end = read_rows(L, w->advance_end, key);
  else if (strcmp(key, "squares") == 0) read_squares(L, v, w);
  else if (strcmp(key, "patterns") == 0) read_patterns(L, v, w);
  else luaL_error(L, "unknown weight '%s'", key);
}

void eval_lua_check(lua_State *L, int idx, const dr_variant *v, eval_weights *w) {
  idx = lua_absindex(L, idx);
  luaL_checktype(L, idx, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "weight names must be strings");
    read_weight(L, v, w, lua_tostring(L, -2));
    lua_pop(L, 1);
  }
}

static void push_squares(lua_State *L, const dr_geometry *g, const int *value, const char *kind) {
  lua_newtable(L);
  for (int i = 0; i < DR_MAX_POINTS; i++)
    if ((g->points >> i & 1) && value[i]) {
      lua_pushinteger(L, value[i]);
      lua_setfield(L, -2, g->point[i].name);
    }
  lua_setfield(L, -2, kind);
}

static void push_points(lua_State *L, const dr_geometry *g, dr_bits set, const char *name) {
  if (!set) return;
  lua_newtable(L);
  int n = 0;
  for (dr_bits b = set; b; b &= b - 1) {
    lua_pushstring(L, g->point[__builtin_ctzll(b)].name);
    lua_rawseti(L, -2, ++n);
  }
  lua_setfield(L, -2, name);
}

static void push_patterns(lua_State *L, const dr_geometry *g, const eval_weights *w) {
  lua_createtable(L, w->npatterns, 0);
  for (int k = 0; k < w->npatterns; k++) {
    const eval_pattern *pt = &w->pattern[k];
    lua_newtable(L);
    lua_pushinteger(L, pt->value);
    lua_setfield(L, -2, "value");
    push_points(L, g, pt->mine, "mine");
    push_points(L, g, pt->theirs, "theirs");
    push_points(L, g, pt->empty, "empty");
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "patterns");
}

static void push_rows(lua_State *L, const dr_geometry *g, const eval_weights *w,
                      int (*value)(const eval_weights *, int), const char *name) {
  lua_createtable(L, g->ranks, 0);
  for (int row = 0; row < g->ranks; row++) {
    lua_pushinteger(L, value(w, row));
    lua_rawseti(L, -2, row + 1);
  }
  lua_setfield(L, -2, name);
}

void eval_lua_push(lua_State *L, const dr_variant *v, const eval_weights *w) {
  const dr_geometry *g = v->geometry;
  lua_newtable(L);
  for (const eval_field *f = eval_fields; f->name; f++) {
    lua_pushinteger(L, *eval_field_of((eval_weights *)w, f));
    lua_setfield(L, -2, f->name);
  }
  push_rows(L, g, w, eval_advance, "advance");
  if (w->nadvance_end) push_rows(L, g, w, eval_advance_end, "advance_end");
  lua_newtable(L);
  push_squares(L, g, w->square_man, "man");
  push_squares(L, g, w->square_king, "king");
  lua_setfield(L, -2, "squares");
  push_patterns(L, g, w);
}

typedef struct eval_call {
  const dr_variant *v;
  eval_weights *w;
} eval_call;

/* Runs in protected mode: the chunk is at index 1, the call at index 2. */
static int run_chunk_protected(lua_State *L) {
  eval_call *call = lua_touserdata(L, 2);
  lua_settop(L, 1);
  lua_call(L, 0, 1);
  if (!lua_istable(L, -1)) return luaL_error(L, "the script must return a table of weights");
  eval_lua_check(L, -1, call->v, call->w);
  return 0;
}

int eval_lua_returned(script *sc, const dr_variant *v, eval_weights *w, err *e) {
  lua_State *L = script_lua(sc);
  eval_call call = {v, w};
  lua_pushcfunction(L, run_chunk_protected);
  lua_insert(L, -2);
  lua_pushlightuserdata(L, &call);
  return script_call(sc, 2, 0, e);
}

int eval_lua_read(const dr_variant *v, const dr_rules *rules, const char *chunkname, const char *source,
                  eval_weights *w, err *e) {
  dr_rules values;
  if (rules) values = *rules;
  else for (int i = 0; i < v->noptions; i++) values.opt[i] = v->options[i].def;
  script *sc = script_open(v, &values, chunkname, e);
  if (!sc) return -1;
  script_seal(sc); /* weights read the options, never set them */
  int rc = script_load(sc, source, e) || eval_lua_returned(sc, v, w, e) ? -1 : 0;
  script_close(sc);
  return rc;
}
