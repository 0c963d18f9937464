/*
** script.c — sandboxed Lua states for rule presets, house rules, eval weights and tuning scripts.  Every call into Lua goes
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

/* The error at the top of the stack, popped, as the message.  Every message names the
** file: Lua's own syntax and runtime errors do, but not those of C checks, nor the
** parser's "C stack overflow" (deep nesting) or "not enough memory". */
static int script_fail(script *sc, err *e) {
  const char *msg = lua_tostring(sc->L, -1);
  if (!msg) msg = "error in Lua script";
  if (strstr(msg, sc->name)) err_set(e, "%s", msg);
  else err_set(e, "%s: %s", sc->name, msg);
  lua_pop(sc->L, 1);
  return -1;
}

int script_call(script *sc, int nargs, int nresults, err *e) {
  sc->sb.budget = SCRIPT_INSTRUCTION_BUDGET / 1000; /* each call gets the whole budget */
  if (lua_pcall(sc->L, nargs, nresults, 0) == LUA_OK) return 0;
  return script_fail(sc, e);
}

int script_load(script *sc, const char *source, err *e) {
  char name[200];
  snprintf(name, sizeof name, "=%s", sc->name);
  if (luaL_loadbufferx(sc->L, source, strlen(source), name, "t") == LUA_OK) return 0;
  return script_fail(sc, e);
}

int script_run(script *sc, const char *source, err *e) {
  return script_load(sc, source, e) || script_call(sc, 0, 0, e) ? -1 : 0;
}
