/*
** script.c — sandboxed Lua states for rule presets, house rules, eval weights and
** tuning scripts.  Every call into Lua goes through 'lua_pcall', so a Lua error
** never unwinds through C frames; the allocator, the count hook and a clock stop
** runaway scripts.
**
** Why the limits are sticky: an error Lua raises is an ordinary error, which 'pcall'
** in the script would catch and loop on.  So once a limit is reached the script is
** done: the count hook then fires at every instruction and raises again, the
** allocator refuses to grow anything, the outermost call fails even if the script
** swallowed every error, and later calls fail at once.  The memory cap is reached
** when an allocation is refused even after the full collection Lua then makes.
*/
#include "script.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sandbox {
  size_t used, cap;
  long budget;       /* instructions left in this call; C work and allocations are charged too */
  double deadline;   /* when this call's clock runs out */
  double paused_at;  /* while C work the script asked for runs, when it began; else 0 */
  int depth;         /* nested calls: the limits are those of the outermost */
  int refused;       /* allocations refused since the last that was not */
  int spent;         /* a limit was reached: the script is done */
  char why[ERR_LEN]; /* which, and where */
  char name[160];
  const dr_variant *v;
  const dr_rules *view; /* the options scripts read */
  dr_rules *edit;       /* the options they may set; NULL once sealed */
} sandbox;

struct script {
  sandbox sb;
  lua_State *L;
};

static sandbox *sandbox_of(lua_State *L) {
  sandbox *sb;
  lua_getallocf(L, (void **)&sb);
  return sb;
}

/* --------------------------------------------------------------- limits */

static const char stop_marker = 0; /* the error object of a stopped script: raising it allocates nothing */

/* Marks the script done because of 'what', at the innermost Lua line running. */
static void spend(sandbox *sb, lua_State *L, const char *what) {
  if (sb->spent) return;
  sb->spent = 1;
  lua_Debug ar;
  for (int level = 0; L && lua_getstack(L, level, &ar); level++)
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      snprintf(sb->why, sizeof sb->why, "%s:%d: %s", ar.short_src, ar.currentline, what);
      return;
    }
  snprintf(sb->why, sizeof sb->why, "%s: %s", sb->name, what);
}

static void count_hook(lua_State *L, lua_Debug *ar);

static int stop(lua_State *L) {
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1); /* every instruction from now on fails */
  lua_pushlightuserdata(L, (void *)&stop_marker);
  return lua_error(L);
}

/* The clock is read every 1000 instructions: a single instruction may do much C
** work (copy a million arguments, compare two long strings, walk an '__index'
** chain) that the instruction count does not see.  It is the thread's processor
** time: a script cannot wait for anything, so what it spends is work, and a busy
** machine does not make a well-behaved script fail. */
static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  sandbox *sb = sandbox_of(L);
  if (!sb->spent) {
    sb->budget -= lua_gethookcount(L);
    if (sb->budget >= 0 && thread_seconds() < sb->deadline) return;
    char what[80];
    if (sb->budget < 0) snprintf(what, sizeof what, "instruction budget exhausted (endless loop?)");
    else snprintf(what, sizeof what, "time limit exceeded (a call may run %g s)", SCRIPT_TIME_LIMIT);
    spend(sb, L, what);
  }
  stop(L);
}

static void out_of_memory(sandbox *sb) {
  if (sb->spent) return;
  sb->spent = 1;
  snprintf(sb->why, sizeof sb->why, "%s: not enough memory (a script may hold %u MB)", sb->name,
           (unsigned)(sb->cap >> 20));
}

/* Lua answers a refusal with a full collection and asks again: the script is out
** of memory when that second request is refused too. */
static void *refuse(sandbox *sb) {
  if (sb->refused++) out_of_memory(sb);
  return NULL;
}

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  sandbox *sb = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    sb->used -= old;
    free(ptr);
    return NULL;
  }
  if (nsize > old) {
    if (sb->spent || sb->used - old + nsize > sb->cap) return refuse(sb);
    sb->budget -= (long)((nsize - old) / SCRIPT_BYTES_PER_INSTRUCTION);
  }
  void *p = realloc(ptr, nsize);
  if (!p) return nsize > old ? refuse(sb) : NULL;
  sb->used = sb->used - old + nsize;
  if (nsize > old) sb->refused = 0;
  return p;
}

void script_charge(lua_State *L, double n) {
  sandbox *sb = sandbox_of(L);
  if (!sb->spent && n < (double)sb->budget) {
    sb->budget -= (long)n;
    return;
  }
  spend(sb, L, "instruction budget exhausted");
  stop(L);
}

int script_out_of_memory(lua_State *L) {
  out_of_memory(sandbox_of(L));
  return stop(L);
}

void script_clock_pause(lua_State *L) { sandbox_of(L)->paused_at = thread_seconds(); }

void script_clock_resume(lua_State *L) {
  sandbox *sb = sandbox_of(L);
  sb->deadline += thread_seconds() - sb->paused_at;
  sb->paused_at = 0;
}

/* -------------------------------------------------------------- options */

static const dr_option *find_option(const dr_variant *v, const char *name, int *index) {
  for (int i = 0; i < v->noptions; i++)
    if (strcmp(v->options[i].name, name) == 0) {
      *index = i;
      return &v->options[i];
    }
  return NULL;
}

static int options_index(lua_State *L) {
  sandbox *sb = sandbox_of(L);
  int i;
  const dr_option *o = find_option(sb->v, luaL_checkstring(L, 2), &i);
  if (!o) return luaL_error(L, "unknown option '%s' for variant %s", lua_tostring(L, 2), sb->v->name);
  if (o->type == DR_OPTION_BOOL)
    lua_pushboolean(L, sb->view->opt[i]);
  else
    lua_pushinteger(L, sb->view->opt[i]);
  return 1;
}

static int options_newindex(lua_State *L) {
  sandbox *sb = sandbox_of(L);
  int i;
  const char *name = luaL_checkstring(L, 2);
  const dr_option *o = find_option(sb->v, name, &i);
  if (!o) return luaL_error(L, "unknown option '%s' for variant %s", name, sb->v->name);
  if (!sb->edit) return luaL_error(L, "options are set when the rules load, not during a game");
  if (o->type == DR_OPTION_BOOL) {
    if (!lua_isboolean(L, 3)) return luaL_error(L, "option '%s' takes true or false", name);
    sb->edit->opt[i] = lua_toboolean(L, 3);
    return 0;
  }
  if (!lua_isinteger(L, 3)) return luaL_error(L, "option '%s' takes an integer", name);
  lua_Integer n = lua_tointeger(L, 3);
  if (n < o->min || n > o->max)
    return luaL_error(L, "option '%s' must be between %d and %d", name, (int)o->min, (int)o->max);
  sb->edit->opt[i] = (int32_t)n;
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

void script_seal(script *sc) { sc->sb.edit = NULL; }

dr_rules *script_rules(lua_State *L) { return sandbox_of(L)->edit; }

/* ---------------------------------------------------------------- calls */

/* The message of a failed call, the error object at the top of the stack.  It names
** the script: Lua's own syntax and runtime errors do, but not those of C checks,
** nor the parser's "C stack overflow" (deep nesting).  An error object that is
** not a string is described, never converted: that would run the script's code. */
static int script_fail(script *sc, err *e) {
  lua_State *L = sc->L;
  char buf[64];
  const char *msg = buf;
  if (sc->sb.spent) return err_set(e, "%s", sc->sb.why);
  if (lua_type(L, -1) == LUA_TSTRING) msg = lua_tostring(L, -1);
  else if (lua_isinteger(L, -1)) snprintf(buf, sizeof buf, LUA_INTEGER_FMT, lua_tointeger(L, -1));
  else if (lua_type(L, -1) == LUA_TNUMBER) snprintf(buf, sizeof buf, LUA_NUMBER_FMT, lua_tonumber(L, -1));
  else snprintf(buf, sizeof buf, "error object is a %s value", luaL_typename(L, -1));
  if (strstr(msg, sc->sb.name)) return err_set(e, "%s", msg);
  return err_set(e, "%s: %s", sc->sb.name, msg);
}

int script_call(script *sc, int nargs, int nresults, err *e) {
  sandbox *sb = &sc->sb;
  int base = lua_gettop(sc->L) - nargs - 1;
  if (sb->spent) {
    lua_settop(sc->L, base);
    return script_fail(sc, e);
  }
  if (sb->depth++ == 0) {
    sb->refused = 0;
    sb->budget = SCRIPT_INSTRUCTION_BUDGET;
    sb->deadline = thread_seconds() + SCRIPT_TIME_LIMIT;
  }
  int status = lua_pcall(sc->L, nargs, nresults, 0);
  sb->depth--;
  if (status == LUA_OK && !sb->spent) return 0;
  script_fail(sc, e);
  lua_settop(sc->L, base); /* the error, or what a script that was stopped returned all the same */
  return -1;
}

typedef struct job {
  script_fn fn;
  void *ud;
} job;

static int run_job(lua_State *L) {
  job *j = lua_touserdata(L, 1);
  lua_settop(L, 0);
  return j->fn(L, j->ud);
}

int script_protected(script *sc, script_fn fn, void *ud, err *e) {
  job j = {fn, ud};
  lua_pushcfunction(sc->L, run_job);
  lua_pushlightuserdata(sc->L, &j);
  return script_call(sc, 1, 0, e);
}

int script_load(script *sc, const char *source, err *e) {
  char name[200];
  int base = lua_gettop(sc->L);
  snprintf(name, sizeof name, "=%s", sc->sb.name);
  if (!sc->sb.spent && luaL_loadbufferx(sc->L, source, strlen(source), name, "t") == LUA_OK) return 0;
  script_fail(sc, e);
  lua_settop(sc->L, base);
  return -1;
}

int script_run(script *sc, const char *source, err *e) {
  return script_load(sc, source, e) || script_call(sc, 0, 0, e) ? -1 : 0;
}

/* ---------------------------------------------------------------- state */

static int open_state(lua_State *L, void *ud) {
  sandbox *sb = ud;
  script_open_libs(L, sb->name);
  if (sb->view) push_options_proxy(L);
  return 0;
}

script *script_open(const dr_variant *v, dr_rules *rules, const char *chunkname, err *e) {
  script *sc = xmalloc(sizeof *sc);
  memset(sc, 0, sizeof *sc);
  sc->sb.cap = SCRIPT_MEMORY_CAP;
  sc->sb.v = v;
  sc->sb.view = sc->sb.edit = rules;
  snprintf(sc->sb.name, sizeof sc->sb.name, "%s", chunkname);
  sc->L = lua_newstate(capped_alloc, &sc->sb);
  if (!sc->L) {
    free(sc);
    err_set(e, "%s: cannot create a Lua state", chunkname);
    return NULL;
  }
  lua_sethook(sc->L, count_hook, LUA_MASKCOUNT, 1000);
  if (script_protected(sc, open_state, &sc->sb, e)) {
    script_close(sc);
    return NULL;
  }
  return sc;
}

void script_close(script *sc) {
  if (!sc) return;
  lua_close(sc->L);
  free(sc);
}

lua_State *script_lua(script *sc) { return sc->L; }

const char *script_name(const script *sc) { return sc->sb.name; }
