/*
** script.c — sandboxed Lua states for rule presets, house rules and eval weights.  Every call into Lua goes
** through 'lua_pcall', so a Lua error never unwinds through C frames, and the
** allocator and count hook stop runaway scripts with a clear message.
*/
#include "script.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

typedef struct sandbox {
  size_t used;
  size_t cap;
  long budget; /* hook calls left; each is 1000 instructions */
  const dr_variant *v;
  dr_rules *rules;
  int sealed;  /* options are read-only once the script's main chunk has run */
} sandbox;

struct script {
  sandbox sb;
  lua_State *L;
  char name[160];
};

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  sandbox *sb = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    sb->used -= old;
    free(ptr);
    return NULL;
  }
  if (nsize > old && sb->used - old + nsize > sb->cap) return NULL; /* Lua raises "not enough memory" */
  void *p = realloc(ptr, nsize);
  if (p) sb->used = sb->used - old + nsize;
  return p;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  sandbox *sb;
  lua_getallocf(L, (void **)&sb);
  if (--sb->budget < 0) luaL_error(L, "instruction budget exhausted (endless loop?)");
}

static void open_safe_libs(lua_State *L) {
  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},         {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string},  {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8},   {NULL, NULL}};
  for (const luaL_Reg *lib = libs; lib->func; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  static const char *const unsafe[] = {"dofile", "loadfile", "load", "require", "collectgarbage", NULL};
  for (const char *const *name = unsafe; *name; name++) {
    lua_pushnil(L);
    lua_setglobal(L, *name);
  }
  lua_getglobal(L, LUA_STRLIBNAME);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump"); /* binary chunks are the classic way out of a sandbox */
  lua_pop(L, 1);
}

static const dr_option *find_option(const dr_variant *v, const char *name, int *index) {
  for (int i = 0; i < v->noptions; i++)
    if (strcmp(v->options[i].name, name) == 0) {
      *index = i;
      return &v->options[i];
    }
  return NULL;
}

static sandbox *sandbox_of(lua_State *L) {
  sandbox *sb;
  lua_getallocf(L, (void **)&sb);
  return sb;
}

static int options_index(lua_State *L) {
  sandbox *sb = sandbox_of(L);
  int i;
  const dr_option *o = find_option(sb->v, luaL_checkstring(L, 2), &i);
  if (!o) return luaL_error(L, "unknown option '%s' for variant %s", lua_tostring(L, 2), sb->v->name);
  if (o->type == DR_OPTION_BOOL)
    lua_pushboolean(L, sb->rules->opt[i]);
  else
    lua_pushinteger(L, sb->rules->opt[i]);
  return 1;
}

static int options_newindex(lua_State *L) {
  sandbox *sb = sandbox_of(L);
  int i;
  const char *name = luaL_checkstring(L, 2);
  const dr_option *o = find_option(sb->v, name, &i);
  if (!o) return luaL_error(L, "unknown option '%s' for variant %s", name, sb->v->name);
  if (sb->sealed) return luaL_error(L, "options are set when the rules load, not during a game");
  if (o->type == DR_OPTION_BOOL) {
    if (!lua_isboolean(L, 3)) return luaL_error(L, "option '%s' takes true or false", name);
    sb->rules->opt[i] = lua_toboolean(L, 3);
    return 0;
  }
  if (!lua_isinteger(L, 3)) return luaL_error(L, "option '%s' takes an integer", name);
  lua_Integer n = lua_tointeger(L, 3);
  if (n < o->min || n > o->max)
    return luaL_error(L, "option '%s' must be between %d and %d", name, (int)o->min, (int)o->max);
  sb->rules->opt[i] = (int32_t)n;
  return 0;
}

static void push_options_proxy(lua_State *L) {
  lua_newtable(L);
  lua_newtable(L);
  lua_pushcfunction(L, options_index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, options_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setglobal(L, "options");
}

script *script_open(const dr_variant *v, dr_rules *rules, const char *chunkname, err *e) {
  script *sc = xmalloc(sizeof *sc);
  memset(sc, 0, sizeof *sc);
  sc->sb = (sandbox){0, SCRIPT_MEMORY_CAP, SCRIPT_INSTRUCTION_BUDGET / 1000, v, rules, 0};
  snprintf(sc->name, sizeof sc->name, "%s", chunkname);
  sc->L = lua_newstate(capped_alloc, &sc->sb);
  if (!sc->L) {
    free(sc);
    err_set(e, "%s: cannot create a Lua state", chunkname);
    return NULL;
  }
  lua_sethook(sc->L, count_hook, LUA_MASKCOUNT, 1000);
  open_safe_libs(sc->L);
  if (rules) push_options_proxy(sc->L);
  return sc;
}

void script_close(script *sc) {
  if (!sc) return;
  lua_close(sc->L);
  free(sc);
}

lua_State *script_lua(script *sc) { return sc->L; }

const char *script_name(const script *sc) { return sc->name; }

void script_seal(script *sc) { sc->sb.sealed = 1; }

int script_call(script *sc, int nargs, int nresults, err *e) {
  sc->sb.budget = SCRIPT_INSTRUCTION_BUDGET / 1000; /* each call gets the whole budget */
  if (lua_pcall(sc->L, nargs, nresults, 0) == LUA_OK) return 0;
  const char *msg = lua_tostring(sc->L, -1);
  /* Every message names the file: Lua's own do, those of C checks may not. */
  if (!msg) msg = "error in Lua script";
  if (strstr(msg, sc->name)) err_set(e, "%s", msg);
  else err_set(e, "%s: %s", sc->name, msg);
  lua_pop(sc->L, 1);
  return -1;
}

int script_load(script *sc, const char *source, err *e) {
  char name[200];
  snprintf(name, sizeof name, "=%s", sc->name);
  if (luaL_loadbufferx(sc->L, source, strlen(source), name, "t") == LUA_OK) return 0;
  err_set(e, "%s", lua_tostring(sc->L, -1));
  lua_pop(sc->L, 1);
  return -1;
}

int script_run(script *sc, const char *source, err *e) {
  return script_load(sc, source, e) || script_call(sc, 0, 0, e) ? -1 : 0;
}

/* ------------------------------------------------------------ eval weights */

/* The scalar weights an eval.lua table may set, and where each one goes. */
typedef struct weight_field {
  const char *name;
  size_t offset;
} weight_field;

#define WEIGHT(f) {#f, offsetof(eval_weights, f)}
static const weight_field weight_fields[] = {
    WEIGHT(man),      WEIGHT(king),          WEIGHT(center),  WEIGHT(king_center), WEIGHT(back_rank),
    WEIGHT(mobility), WEIGHT(king_mobility), WEIGHT(balance), WEIGHT(exchange),    {NULL, 0},
};
#undef WEIGHT

/* The integer at the top of the stack, checked against the weight range. */
static int weight_value(lua_State *L, const char *what) {
  int ok;
  lua_Integer n = lua_tointegerx(L, -1, &ok);
  if (!ok) return luaL_error(L, "weight '%s' must be an integer", what);
  if (n < -EVAL_LIMIT || n > EVAL_LIMIT)
    return luaL_error(L, "weight '%s' must be between %d and %d", what, -EVAL_LIMIT, EVAL_LIMIT);
  return (int)n;
}

static void read_advance(lua_State *L, eval_weights *w) {
  luaL_checktype(L, -1, LUA_TTABLE);
  lua_Integer n = luaL_len(L, -1);
  if (n < 1 || n > DR_MAX_POINTS) luaL_error(L, "'advance' must list 1 to %d values", DR_MAX_POINTS);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, -1, i);
    w->advance[i - 1] = weight_value(L, "advance");
    lua_pop(L, 1);
  }
  w->nadvance = (int)n;
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

static void read_weight(lua_State *L, const dr_variant *v, eval_weights *w, const char *key) {
  for (const weight_field *f = weight_fields; f->name; f++)
    if (strcmp(f->name, key) == 0) {
      *(int *)((char *)w + f->offset) = weight_value(L, key);
      return;
    }
  if (strcmp(key, "advance") == 0) read_advance(L, w);
  else if (strcmp(key, "squares") == 0) read_squares(L, v, w);
  else luaL_error(L, "unknown weight '%s'", key);
}

typedef struct eval_call {
  const dr_variant *v;
  eval_weights *w;
} eval_call;

/* Runs in protected mode: the chunk is at index 1, the call at index 2. */
static int read_eval_protected(lua_State *L) {
  eval_call *call = lua_touserdata(L, 2);
  lua_settop(L, 1);
  lua_call(L, 0, 1);
  if (!lua_istable(L, -1)) return luaL_error(L, "an eval script must return a table of weights");
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) != LUA_TSTRING) return luaL_error(L, "weight names must be strings");
    read_weight(L, call->v, call->w, lua_tostring(L, -2));
    lua_pop(L, 1);
  }
  return 0;
}

int script_read_eval(const dr_variant *v, const char *chunkname, const char *source, eval_weights *w,
                     err *e) {
  script *sc = script_open(v, NULL, chunkname, e);
  if (!sc) return -1;
  eval_call call = {v, w};
  int rc = script_load(sc, source, e);
  if (rc == 0) {
    lua_pushcfunction(sc->L, read_eval_protected);
    lua_insert(sc->L, -2);
    lua_pushlightuserdata(sc->L, &call);
    rc = script_call(sc, 2, 0, e);
  }
  script_close(sc);
  return rc;
}
