/*
** script_lib.c — the libraries a script sees: Lua's base, table, string, math and
** utf8, without what reaches outside the sandbox (files, processes, bytecode, the
** collector), and with guards on the few C functions that escape the limits.
**
** Why the guards: the instruction budget counts VM instructions, so C work that
** allocates nothing (a backtracking pattern, elements moved between table slots)
** is charged or refused here; and finalizers run with the count hook switched off,
** so a script may not define one.  '__close' handlers and metamethods run as
** ordinary calls, under the budget.
*/
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"

/* Calls the library function this guard wraps (upvalue 1) with the same arguments. */
static int call_wrapped(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}

/* Replaces field 'name' of the table on top of the stack by 'guard', which gets the
** original and 'kind' as upvalues. */
static void guard_field(lua_State *L, const char *name, lua_CFunction guard, int kind) {
  lua_getfield(L, -1, name);
  lua_pushinteger(L, kind);
  lua_pushcclosure(L, guard, 2);
  lua_setfield(L, -2, name);
}

static int guard_kind(lua_State *L) { return (int)lua_tointeger(L, lua_upvalueindex(2)); }

/* ---------------------------------------------------------------- print */

/* Writes 's' with control characters (but tabs) as spaces, by the runtime's one rule
** ('text_plain', C1 included): one print, one line, and nothing a terminal obeys. */
static void put_clean(const char *s, size_t n) {
  char *buf = xmalloc(n + 1); /* no longer than the string the script could hold */
  memcpy(buf, s, n);
  text_plain(buf, n, ' ', 1);
  for (size_t i = 0; i < n; i++)
    if (buf[i] == '\n' || buf[i] == '\r') buf[i] = ' ';
  buf[n] = '\n';
  fwrite(buf, 1, n + 1, stderr);
  free(buf);
}

/* print(...) -> "NAME: a\tb" on standard error.  Never standard output: that may be
** a protocol ('draughts hub') or the weights file ('draughts tune'). */
static int script_print(lua_State *L) {
  int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  lua_pushvalue(L, lua_upvalueindex(1));
  luaL_addvalue(&b);
  luaL_addstring(&b, ":");
  for (int i = 1; i <= n; i++) {
    luaL_addchar(&b, i > 1 ? '\t' : ' ');
    luaL_tolstring(L, i, NULL);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  size_t len;
  const char *s = lua_tolstring(L, -1, &len);
  flockfile(stderr);
  put_clean(s, len);
  funlockfile(stderr);
  return 0;
}

/* --------------------------------------------------------- setmetatable */

static int guarded_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc"); /* raw, as Lua itself decides whether to finalize */
    if (lua_rawget(L, 2) != LUA_TNIL)
      return luaL_error(L, "setmetatable: no __gc finalizers (they would run outside the instruction budget)");
    lua_pop(L, 1);
  }
  return call_wrapped(L);
}

/* --------------------------------------------------------------- tables */

enum { T_INSERT, T_REMOVE, T_MOVE, T_SORT };
static const char *const table_names[] = {"insert", "remove", "move", "sort"};

/* How many elements the call will touch, from its arguments. */
static double table_work(lua_State *L, int kind) {
  double len = (double)lua_rawlen(L, 1), pos = (double)lua_tointeger(L, 2);
  switch (kind) {
  case T_INSERT: return lua_gettop(L) >= 3 ? len + 1 - pos : 1;
  case T_REMOVE: return lua_gettop(L) >= 2 ? len - pos : 1;
  case T_MOVE: return (double)luaL_checkinteger(L, 3) - (double)luaL_checkinteger(L, 2) + 1;
  default: return len * log2(len + 1);
  }
}

/* table.insert and table.remove shift #t elements in C: a '__len' saying 2^60 would
** make that loop endless, so they take tables whose length is their own. */
static int guarded_table(lua_State *L) {
  int kind = guard_kind(L);
  if (kind <= T_REMOVE && luaL_getmetafield(L, 1, "__len") != LUA_TNIL)
    return luaL_error(L, "table.%s: not on a table with a __len metamethod", table_names[kind]);
  double work = table_work(L, kind);
  if (work > 0) script_charge(L, work);
  return call_wrapped(L);
}

/* ------------------------------------------------------------- patterns */

/* Lua's matcher (lstrlib.c 'match') backtracks: one 'string.find' may take
** exponential time and is a single VM instruction.  Rather than a matcher of our
** own, each call is priced before it runs: its worst case in matcher steps, from
** the subject's length and the pattern's items.  A repetition ('*', '+', '-') may
** try every length of the rest of the subject, '?' two, and each try matches the
** rest of the pattern again — but only while something later in the pattern can
** still fail, for otherwise the first try succeeds.  So 'x*y*z' on n bytes is n^3,
** '(%d+)' is n.  A call over SCRIPT_PATTERN_STEPS is refused; the others are
** charged to the budget.  The price is a bound, pessimistic on long subjects
** ("%w+=%w+" on 10 KB is priced as 10^12): scripts match short strings (moves,
** FEN), where no useful pattern comes near the limit. */

typedef struct item {
  double work;   /* steps of one try of the item */
  double branch; /* tries of the rest of the pattern after it */
  int can_fail;
} item;

/* The end of the single-character class at 'p', as lstrlib's 'classEnd'. */
static const char *class_end(const char *p, const char *end) {
  if (*p == '%') return p + 2 < end ? p + 2 : end;
  if (*p++ != '[') return p;
  if (p < end && *p == '^') p++;
  do {
    if (p >= end) return end;
    if (*p++ == '%' && p < end) p++;
  } while (p < end && *p != ']');
  return p < end ? p + 1 : end;
}

/* The item at 'p' on a subject of n - 1 bytes; returns where the next begins. */
static const char *next_item(const char *p, const char *end, double n, item *it) {
  *it = (item){1, 1, 0};
  if (*p == '(') return p + 1 < end && p[1] == ')' ? p + 2 : p + 1;
  if (*p == ')') return p + 1;
  if (*p == '$' && p + 1 == end) return it->can_fail = 1, end;
  if (*p == '%' && p + 1 < end && (p[1] == 'b' || p[1] == 'f' || (p[1] >= '0' && p[1] <= '9'))) {
    it->can_fail = 1;
    if (p[1] == 'f') { /* a frontier: one test of its set */
      const char *ep = p + 2 < end ? class_end(p + 2, end) : end;
      it->work = (double)(ep - p);
      return ep;
    }
    it->work = n; /* a balance scans, a back reference compares: the rest of the subject */
    return p[1] == 'b' ? (p + 4 < end ? p + 4 : end) : p + 2;
  }
  const char *ep = class_end(p, end);
  double c = (double)(ep - p); /* a set tests its characters one by one */
  char q = ep < end ? *ep : 0;
  it->work = c;
  if (q == '?') return it->branch = 2, ep + 1;
  if (q == '*' || q == '+' || q == '-') {
    it->work = c + n * c;
    it->branch = n;
    it->can_fail = q == '+';
    return ep + 1;
  }
  it->can_fail = 1;
  return ep;
}

static double pattern_steps(const char *p, size_t m, size_t len, int anchors) {
  const char *end = p + m, *last_fail = NULL;
  double n = (double)len + 1, steps = 0, paths = 1;
  int anchored = anchors && m > 0 && *p == '^';
  item it;
  if (anchored) p++;
  for (const char *q = p; q < end;) {
    const char *at = q;
    q = next_item(q, end, n, &it);
    if (it.can_fail) last_fail = at;
  }
  for (const char *q = p; q < end && steps <= SCRIPT_PATTERN_STEPS;) {
    const char *at = q;
    q = next_item(q, end, n, &it);
    steps += paths * it.work;
    if (at < last_fail) paths *= it.branch;
  }
  return (anchored ? 1 : n) * (steps + paths);
}

enum { P_FIND, P_MATCH, P_GMATCH, P_GSUB };
static const char *const pattern_names[] = {"find", "match", "gmatch", "gsub"};

static int guarded_pattern(lua_State *L) {
  int kind = guard_kind(L);
  size_t n, m;
  luaL_checklstring(L, 1, &n);
  const char *p = luaL_checklstring(L, 2, &m);
  double steps = kind == P_FIND && lua_toboolean(L, 4) ? ((double)n + 1) * ((double)m + 1)
                                                        : pattern_steps(p, m, n, kind != P_GMATCH);
  if (steps > SCRIPT_PATTERN_STEPS)
    return luaL_error(L, "string.%s: pattern too costly for a %I-byte subject (its worst case is over %I steps)",
                      pattern_names[kind], (lua_Integer)n, (lua_Integer)SCRIPT_PATTERN_STEPS);
  script_charge(L, steps / SCRIPT_STEPS_PER_INSTRUCTION);
  return call_wrapped(L);
}

/* ------------------------------------------------------------ libraries */

static void open_guards(lua_State *L) {
  lua_pushglobaltable(L);
  guard_field(L, "setmetatable", guarded_setmetatable, 0);
  lua_pop(L, 1);
  lua_getglobal(L, LUA_TABLIBNAME);
  for (int k = T_INSERT; k <= T_SORT; k++) guard_field(L, table_names[k], guarded_table, k);
  lua_pop(L, 1);
  lua_getglobal(L, LUA_STRLIBNAME);
  for (int k = P_FIND; k <= P_GSUB; k++) guard_field(L, pattern_names[k], guarded_pattern, k);
  lua_pop(L, 1);
}

void script_open_libs(lua_State *L, const char *name) {
  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8},  {NULL, NULL}};
  for (const luaL_Reg *lib = libs; lib->func; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  static const char *const unsafe[] = {"dofile", "loadfile", "load", "require", "collectgarbage", NULL};
  for (const char *const *g = unsafe; *g; g++) {
    lua_pushnil(L);
    lua_setglobal(L, *g);
  }
  lua_getglobal(L, LUA_STRLIBNAME);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump"); /* binary chunks are the classic way out of a sandbox */
  lua_pop(L, 1);
  open_guards(L);
  lua_pushstring(L, name);
  lua_pushcclosure(L, script_print, 1);
  lua_setglobal(L, "print");
}
