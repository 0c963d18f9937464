/*
** script.c — a sandboxed Lua state for rule presets.  Every call into Lua goes
** through 'lua_pcall', so a Lua error never unwinds through C frames, and the
** allocator and count hook stop runaway scripts with a clear message.
*/
#include "script.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sandbox {
  size_t used;
  size_t cap;
  long budget; /* hook calls left; each is 1000 instructions */
  const dr_variant *v;
  dr_rules *rules;
} sandbox;

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

int script_run_preset(const dr_variant *v, const char *chunkname, const char *source, dr_rules *rules,
                      err *e) {
  sandbox sb = {0, SCRIPT_MEMORY_CAP, SCRIPT_INSTRUCTION_BUDGET / 1000, v, rules};
  lua_State *L = lua_newstate(capped_alloc, &sb);
  if (!L) return err_set(e, "%s: cannot create a Lua state", chunkname);
  int rc = 0;
  char name[256];
  snprintf(name, sizeof name, "=%s", chunkname);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1000);
  open_safe_libs(L);
  push_options_proxy(L);
  if (luaL_loadbufferx(L, source, strlen(source), name, "t") != LUA_OK ||
      lua_pcall(L, 0, 0, 0) != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    rc = err_set(e, "%s", msg ? msg : "error in Lua script");
  }
  lua_close(L);
  return rc;
}
