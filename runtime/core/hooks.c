/*
** hooks.c — Lua house-rule hooks as C function pointers.
**
** Why libffi: a slot such as 'generate' has a fixed C signature with no room for
** "which script".  An ffi closure is a fresh function pointer per installed hook,
** carrying its own context, so two games with different house rules can run side
** by side (and the search threads of one game can share its hooks under a lock,
** since one Lua state is single-threaded).
*/
#include "hooks.h"

#include <ffi.h>
#include <lauxlib.h>
#include <lua.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "notation.h"
#include "position.h"

enum { HOOK_INITIAL, HOOK_FILTER, HOOK_JUDGE, NHOOKS };
static const char *const hook_names[NHOOKS] = {"initial", "filter", "judge"};

#define MAX_REASONS 32 /* distinct reasons a judge hook may give; their pointers stay valid */

struct hooks {
  script *sc;
  const dr_variant *v;
  pthread_mutex_t lock;
  int ref[NHOOKS]; /* registry references of the Lua functions, LUA_NOREF if absent */
  ffi_closure *closure[NHOOKS];
  void *code[NHOOKS];
  ffi_cif cif[NHOOKS];
  ffi_type *args[NHOOKS][4];
  /* the plugin's own functions, which the hooks wrap */
  int (*initial)(const dr_rules *, dr_position *);
  int (*generate)(const dr_rules *, const dr_position *, dr_movelist *);
  int (*judge)(const dr_rules *, const dr_position *, const dr_history *, const char **);
  int failed;
  char problem[ERR_LEN];
  int nreasons;
  char reasons[MAX_REASONS][128];
};

const char *hooks_problem(const hooks *h) { return h && h->failed ? h->problem : NULL; }

/* ------------------------------------------------ positions and moves in Lua */

static void push_position(lua_State *L, const dr_position *p) {
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, (lua_Integer)p->side[DR_WHITE]);
  lua_setfield(L, -2, "white");
  lua_pushinteger(L, (lua_Integer)p->side[DR_BLACK]);
  lua_setfield(L, -2, "black");
  lua_pushinteger(L, (lua_Integer)p->kings);
  lua_setfield(L, -2, "kings");
  lua_pushstring(L, p->turn == DR_WHITE ? "white" : "black");
  lua_setfield(L, -2, "turn");
}

static dr_bits bits_field(lua_State *L, int index, const char *name) {
  lua_getfield(L, index, name);
  dr_bits b = (dr_bits)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  return b;
}

/* A position table at 'index' back into C (used by helpers taking 'p'). */
static void check_position(lua_State *L, int index, dr_position *p) {
  luaL_checktype(L, index, LUA_TTABLE);
  memset(p, 0, sizeof *p);
  p->side[DR_WHITE] = bits_field(L, index, "white");
  p->side[DR_BLACK] = bits_field(L, index, "black");
  p->kings = bits_field(L, index, "kings");
  lua_getfield(L, index, "turn");
  p->turn = strcmp(luaL_optstring(L, -1, "white"), "black") == 0 ? DR_BLACK : DR_WHITE;
  lua_pop(L, 1);
}

static void push_names(lua_State *L, const dr_geometry *g, const uint8_t *points, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, g->point[points[i]].name);
    lua_seti(L, -2, i + 1);
  }
}

static void push_move(lua_State *L, const dr_geometry *g, const dr_position *p, const dr_move *m) {
  char text[256];
  lua_createtable(L, 0, 8);
  lua_pushstring(L, g->point[m->from].name);
  lua_setfield(L, -2, "from");
  lua_pushstring(L, g->point[m->to].name);
  lua_setfield(L, -2, "to");
  push_names(L, g, m->path, m->njumps);
  lua_setfield(L, -2, "path");
  push_names(L, g, m->jumped, m->njumps);
  lua_setfield(L, -2, "jumped");
  lua_pushinteger(L, m->njumps);
  lua_setfield(L, -2, "captures");
  lua_pushboolean(L, m->promotes);
  lua_setfield(L, -2, "promotes");
  lua_pushboolean(L, (p->kings >> m->from) & 1);
  lua_setfield(L, -2, "king");
  move_text(g, m, NOTATION_ALGEBRAIC, text, sizeof text);
  lua_pushstring(L, text);
  lua_setfield(L, -2, "text");
}

static void push_history(lua_State *L, const dr_history *h) {
  lua_createtable(L, 0, 6);
  for (const history_field *f = history_fields; f->name; f++) {
    lua_pushinteger(L, *(const int *)((const char *)h + f->offset));
    lua_setfield(L, -2, f->name);
  }
}

/* ------------------------------------------------------------- the hooks */

/* A Lua error inside a hook: the hooks are off for good, and the game says why. */
static void hook_failed(hooks *h, const char *what, const err *e) {
  if (h->failed) return;
  h->failed = 1;
  snprintf(h->problem, sizeof h->problem, "house rules disabled, %s hook failed: %s", what, e->msg);
}

static void push_hook(hooks *h, int which) {
  lua_rawgeti(script_lua(h->sc), LUA_REGISTRYINDEX, h->ref[which]);
}

static void initial_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  dr_position *out = *(dr_position **)args[1];
  int status = h->initial(rules, out);
  err e;
  pthread_mutex_lock(&h->lock);
  if (!h->failed && status == DR_OK) {
    lua_State *L = script_lua(h->sc);
    push_hook(h, HOOK_INITIAL);
    push_position(L, out);
    if (script_call(h->sc, 1, 1, &e)) {
      hook_failed(h, "initial", &e);
    } else {
      dr_position p;
      const char *fen = lua_tostring(L, -1);
      if (fen && fen_parse(h->v->geometry, fen, &p, &e) == 0 && pos_check(h->v->geometry, &p, &e) == 0) *out = p;
      else if (fen) hook_failed(h, "initial", &e);
      lua_pop(L, 1);
    }
  }
  pthread_mutex_unlock(&h->lock);
  *(ffi_sarg *)ret = (ffi_sarg)status;
}

/* Keeps the moves from 'start' on that the script allows, in the plugin's order.
** The filter sees each move and the whole list, so a rule may compare moves
** ("a capture with a king must be preferred"). */
static void filter_moves(hooks *h, const dr_position *p, dr_movelist *list, int start) {
  lua_State *L = script_lua(h->sc);
  err e;
  int base = lua_gettop(L), n = list->count - start, kept = start;
  push_position(L, p);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_move(L, h->v->geometry, p, &list->moves[start + i]);
    lua_seti(L, -2, i + 1);
  }
  for (int i = 0; i < n; i++) {
    push_hook(h, HOOK_FILTER);
    lua_pushvalue(L, base + 1);
    lua_geti(L, base + 2, i + 1);
    lua_pushvalue(L, base + 2);
    if (script_call(h->sc, 3, 1, &e)) {
      hook_failed(h, "filter", &e);
      lua_settop(L, base);
      return; /* the plugin's full list stands */
    }
    if (lua_toboolean(L, -1)) {
      if (kept != start + i) list->moves[kept] = list->moves[start + i];
      kept++;
    }
    lua_pop(L, 1);
  }
  lua_settop(L, base);
  list->count = kept;
}

static void filter_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  const dr_position *pos = *(const dr_position **)args[1];
  dr_movelist *out = *(dr_movelist **)args[2];
  int start = out->count, status = h->generate(rules, pos, out);
  if (status == DR_OK && !h->failed) {
    pthread_mutex_lock(&h->lock);
    if (!h->failed) filter_moves(h, pos, out, start);
    pthread_mutex_unlock(&h->lock);
  }
  *(ffi_sarg *)ret = (ffi_sarg)status;
}

/* A stable pointer for a reason the script gave (callers keep 'why' pointers). */
static const char *intern_reason(hooks *h, const char *reason) {
  for (int i = 0; i < h->nreasons; i++)
    if (strcmp(h->reasons[i], reason) == 0) return h->reasons[i];
  if (h->nreasons == MAX_REASONS) return "house rule";
  snprintf(h->reasons[h->nreasons], sizeof h->reasons[0], "%s", reason);
  return h->reasons[h->nreasons++];
}

static int verdict_of(const char *s) {
  static const char *const names[] = {"ongoing", "white", "black", "draw"};
  for (int i = 0; s && i < 4; i++)
    if (strcmp(s, names[i]) == 0) return i;
  return -1;
}

/* Asks the script; returns its verdict, or 'plugin' if it gave none. */
static int ask_judge(hooks *h, const dr_position *p, const dr_history *hist, int plugin, const char **why) {
  static const char *const names[] = {"ongoing", "white", "black", "draw"};
  lua_State *L = script_lua(h->sc);
  err e;
  push_hook(h, HOOK_JUDGE);
  push_position(L, p);
  push_history(L, hist);
  lua_pushstring(L, names[plugin]);
  lua_pushstring(L, *why ? *why : "");
  if (script_call(h->sc, 4, 2, &e)) {
    hook_failed(h, "judge", &e);
    return plugin;
  }
  int verdict = lua_isnil(L, -2) ? plugin : verdict_of(lua_tostring(L, -2));
  if (verdict < 0) {
    err_set(&e, "judge returned '%s', not ongoing, white, black, draw or nil", luaL_tolstring(L, -2, NULL));
    lua_pop(L, 1);
    hook_failed(h, "judge", &e);
    verdict = plugin;
  } else if (verdict != plugin || lua_isstring(L, -1)) {
    *why = verdict == DR_ONGOING ? NULL : intern_reason(h, lua_isstring(L, -1) ? lua_tostring(L, -1) : "house rule");
  }
  lua_settop(L, 0);
  return verdict;
}

static void judge_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  const dr_position *pos = *(const dr_position **)args[1];
  const dr_history *hist = *(const dr_history **)args[2];
  const char **why = *(const char ***)args[3];
  int verdict = h->judge(rules, pos, hist, why);
  if (!h->failed) {
    pthread_mutex_lock(&h->lock);
    if (!h->failed) verdict = ask_judge(h, pos, hist, verdict, why);
    pthread_mutex_unlock(&h->lock);
  }
  *(ffi_sarg *)ret = (ffi_sarg)verdict;
}

/* ----------------------------------------------------------- installation */

static int make_closure(hooks *h, int which, int nargs, void (*fn)(ffi_cif *, void *, void **, void *), err *e) {
  for (int i = 0; i < nargs; i++) h->args[which][i] = &ffi_type_pointer;
  h->closure[which] = ffi_closure_alloc(sizeof(ffi_closure), &h->code[which]);
  if (!h->closure[which]) return err_set(e, "cannot allocate an ffi closure");
  if (ffi_prep_cif(&h->cif[which], FFI_DEFAULT_ABI, (unsigned)nargs, &ffi_type_sint, h->args[which]) != FFI_OK ||
      ffi_prep_closure_loc(h->closure[which], &h->cif[which], fn, h, h->code[which]) != FFI_OK)
    return err_set(e, "cannot prepare the ffi closure of the %s hook", hook_names[which]);
  return 0;
}

/* Reads hooks.NAME functions into registry references; 0 if there are none. */
static int read_hooks_table(hooks *h, lua_State *L, err *e) {
  int found = 0;
  lua_getglobal(L, "hooks");
  for (int i = 0; i < NHOOKS; i++) h->ref[i] = LUA_NOREF;
  if (lua_isnil(L, -1)) return lua_pop(L, 1), 0;
  if (!lua_istable(L, -1)) return lua_pop(L, 1), err_set(e, "%s: 'hooks' must be a table", script_name(h->sc));
  for (int i = 0; i < NHOOKS; i++) {
    lua_getfield(L, -1, hook_names[i]);
    if (lua_isfunction(L, -1)) {
      h->ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
      found++;
    } else if (!lua_isnil(L, -1)) {
      lua_pop(L, 2);
      return err_set(e, "%s: hooks.%s must be a function", script_name(h->sc), hook_names[i]);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pushnil(L);
  while (lua_next(L, -2)) { /* a misspelt hook would otherwise be ignored in silence */
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int known = 0;
    for (int i = 0; i < NHOOKS; i++) known |= strcmp(key, hook_names[i]) == 0;
    lua_pop(L, 1);
    if (!known) return lua_pop(L, 2), err_set(e, "%s: unknown hook '%s' (initial, filter, judge)", script_name(h->sc), key);
  }
  lua_pop(L, 1);
  return found;
}

int hooks_install(ruleset *rs, script *sc, err *e) {
  hooks *h = xmalloc(sizeof *h);
  memset(h, 0, sizeof *h);
  h->sc = sc;
  h->v = rs->v;
  int found = read_hooks_table(h, script_lua(sc), e);
  if (found <= 0) {
    h->sc = NULL; /* the caller keeps the script */
    free(h);
    return found;
  }
  pthread_mutex_init(&h->lock, NULL);
  h->initial = rs->initial, h->generate = rs->generate, h->judge = rs->judge;
  int rc = 0;
  if (h->ref[HOOK_INITIAL] != LUA_NOREF && !(rc = make_closure(h, HOOK_INITIAL, 2, initial_hook, e)))
    *(void **)&rs->initial = h->code[HOOK_INITIAL];
  if (!rc && h->ref[HOOK_FILTER] != LUA_NOREF && !(rc = make_closure(h, HOOK_FILTER, 3, filter_hook, e))) {
    *(void **)&rs->generate = h->code[HOOK_FILTER];
    rs->quiet_count = NULL; /* it would count moves the filter forbids */
  }
  if (!rc && h->ref[HOOK_JUDGE] != LUA_NOREF && !(rc = make_closure(h, HOOK_JUDGE, 4, judge_hook, e)))
    *(void **)&rs->judge = h->code[HOOK_JUDGE];
  if (rc) {
    rs->initial = h->initial, rs->generate = h->generate, rs->judge = h->judge;
    rs->quiet_count = rs->v->quiet_count;
    h->sc = NULL;
    hooks_free(h);
    return -1;
  }
  static uint64_t next_id;
  rs->hooks = h;
  rs->hooks_id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
  return 1;
}

void hooks_free(hooks *h) {
  if (!h) return;
  for (int i = 0; i < NHOOKS; i++)
    if (h->closure[i]) ffi_closure_free(h->closure[i]);
  if (h->sc) {
    pthread_mutex_destroy(&h->lock);
    script_close(h->sc);
  }
  free(h);
}

/* ------------------------------------------------------ plugin helpers */

typedef struct binding {
  const dr_helper *helper;
  const dr_rules *rules;
  ffi_cif cif;
  ffi_type *ret;
  ffi_type *args[8];
  char types[8];
  int nargs;
} binding;

static ffi_type *ffi_type_of(char c) {
  switch (c) {
  case 'i': return &ffi_type_sint32;
  case 'b': return &ffi_type_uint64;
  case 'p': case 'r': return &ffi_type_pointer;
  case 'v': return &ffi_type_void;
  default: return NULL;
  }
}

/* "b:rpi" -> return type and argument types, checked. */
static int parse_signature(binding *b, err *e) {
  const char *s = b->helper->signature;
  if (!s || !s[0] || s[1] != ':' || !(b->ret = ffi_type_of(s[0])) || s[0] == 'p' || s[0] == 'r')
    return err_set(e, "helper %s: bad signature '%s'", b->helper->name, s ? s : "");
  for (s += 2; *s; s++) {
    if (b->nargs == 8 || *s == 'v' || !ffi_type_of(*s))
      return err_set(e, "helper %s: bad argument type '%c'", b->helper->name, *s);
    b->types[b->nargs] = *s;
    b->args[b->nargs++] = ffi_type_of(*s);
  }
  if (ffi_prep_cif(&b->cif, FFI_DEFAULT_ABI, (unsigned)b->nargs, b->ret, b->args) != FFI_OK)
    return err_set(e, "helper %s: libffi refused its signature", b->helper->name);
  return 0;
}

/* Lua -> C through ffi_call: each Lua argument converted by the declared type. */
static int call_helper(lua_State *L) {
  binding *b = lua_touserdata(L, lua_upvalueindex(1));
  int32_t ints[8];
  uint64_t bits[8];
  dr_position positions[8];
  const void *pointers[8];
  void *values[8];
  int next = 1;
  for (int i = 0; i < b->nargs; i++) {
    switch (b->types[i]) {
    case 'i': ints[i] = (int32_t)luaL_checkinteger(L, next++); values[i] = &ints[i]; break;
    case 'b': bits[i] = (uint64_t)luaL_checkinteger(L, next++); values[i] = &bits[i]; break;
    case 'p': check_position(L, next++, &positions[i]); pointers[i] = &positions[i]; values[i] = &pointers[i]; break;
    default: pointers[i] = b->rules; values[i] = &pointers[i]; break; /* 'r' */
    }
  }
  ffi_arg result = 0;
  ffi_call(&b->cif, FFI_FN(b->helper->fn), &result, values);
  switch (b->helper->signature[0]) {
  case 'i': lua_pushinteger(L, (int32_t)result); return 1;
  case 'b': lua_pushinteger(L, (lua_Integer)(uint64_t)result); return 1;
  default: return 0;
  }
}

int hooks_bind_helpers(script *sc, const dr_variant *v, const dr_rules *rules, err *e) {
  lua_State *L = script_lua(sc);
  lua_newtable(L);
  for (const dr_helper *hp = v->helpers; hp && hp->name; hp++) {
    binding *b = lua_newuserdatauv(L, sizeof *b, 0); /* owned by the Lua state */
    memset(b, 0, sizeof *b);
    b->helper = hp;
    b->rules = rules;
    if (!hp->fn || parse_signature(b, e)) {
      if (!hp->fn) err_set(e, "helper %s has no function", hp->name);
      lua_pop(L, 2);
      return -1;
    }
    lua_pushcclosure(L, call_helper, 1);
    lua_setfield(L, -2, hp->name);
  }
  lua_setglobal(L, "helpers");
  return 0;
}

/* ------------------------------------------------------- the board library */

static const dr_geometry *geometry_up(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static int check_point(lua_State *L, int index) {
  size_t len;
  const char *name = luaL_checklstring(L, index, &len);
  int bit = point_find(geometry_up(L), name, len);
  if (bit < 0) return luaL_error(L, "'%s' is not a point of this board", name);
  return bit;
}

static int board_bit(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)((dr_bits)1 << check_point(L, 1)));
  return 1;
}

static int board_name(lua_State *L) {
  lua_Integer bit = luaL_checkinteger(L, 1);
  const dr_geometry *g = geometry_up(L);
  if (bit < 0 || bit >= DR_MAX_POINTS || !(g->points >> bit & 1)) return luaL_error(L, "no point at bit %d", (int)bit);
  lua_pushstring(L, g->point[bit].name);
  return 1;
}

static int board_count(lua_State *L) {
  lua_pushinteger(L, __builtin_popcountll((dr_bits)luaL_checkinteger(L, 1)));
  return 1;
}

static int board_at(lua_State *L) {
  dr_position p;
  check_position(L, 1, &p);
  char c = board_piece_char(&p, check_point(L, 2));
  if (c == '.') return 0;
  lua_pushlstring(L, &c, 1);
  return 1;
}

static int board_file(lua_State *L) {
  lua_pushinteger(L, geometry_up(L)->point[check_point(L, 1)].file + 1);
  return 1;
}

static int board_rank(lua_State *L) {
  lua_pushinteger(L, geometry_up(L)->point[check_point(L, 1)].rank + 1);
  return 1;
}

/* board.names(bits) -> the names of the points in 'bits', in bit order. */
static int board_names(lua_State *L) {
  dr_bits b = (dr_bits)luaL_checkinteger(L, 1) & geometry_up(L)->points;
  lua_createtable(L, __builtin_popcountll(b), 0);
  for (int i = 1; b; b &= b - 1, i++) {
    lua_pushstring(L, geometry_up(L)->point[__builtin_ctzll(b)].name);
    lua_seti(L, -2, i);
  }
  return 1;
}

static int board_fen(lua_State *L) {
  dr_position p;
  char fen[1024];
  check_position(L, 1, &p);
  fen_write(geometry_up(L), &p, NOTATION_ALGEBRAIC, fen, sizeof fen);
  lua_pushstring(L, fen);
  return 1;
}

void hooks_open_board(script *sc, const dr_variant *v) {
  static const luaL_Reg fns[] = {{"bit", board_bit},   {"name", board_name}, {"count", board_count},
                                 {"at", board_at},     {"file", board_file}, {"rank", board_rank},
                                 {"names", board_names}, {"fen", board_fen}, {NULL, NULL}};
  lua_State *L = script_lua(sc);
  lua_newtable(L);
  lua_pushlightuserdata(L, (void *)v->geometry);
  luaL_setfuncs(L, fns, 1);
  lua_pushinteger(L, (lua_Integer)v->geometry->points);
  lua_setfield(L, -2, "points");
  lua_setglobal(L, "board");
  lua_pushstring(L, v->name);
  lua_setglobal(L, "variant");
}

/* -------------------------------------------------- building on a preset */

/* preset("casual") applies a shipped preset's options, so house rules can start
** from it instead of repeating it.  It runs in a sandbox of its own. */
static int use_preset(lua_State *L) {
  const dr_variant *v = lua_touserdata(L, lua_upvalueindex(1));
  dr_rules *rules = lua_touserdata(L, lua_upvalueindex(2));
  const char *name = luaL_checkstring(L, 1);
  const dr_preset *p = v->presets;
  while (p && p->name && strcmp(p->name, name) != 0) p++;
  if (!p || !p->name) return luaL_error(L, "unknown preset '%s' for %s", name, v->name);
  err e;
  char chunk[160];
  snprintf(chunk, sizeof chunk, "%s/%s.lua", v->name, p->name);
  script *inner = script_open(v, rules, chunk, &e);
  int rc = inner ? script_run(inner, p->script, &e) : -1;
  script_close(inner);
  if (rc) return luaL_error(L, "%s", e.msg);
  return 0;
}

void hooks_open_presets(script *sc, const dr_variant *v, dr_rules *rules) {
  lua_State *L = script_lua(sc);
  lua_pushlightuserdata(L, (void *)v);
  lua_pushlightuserdata(L, rules);
  lua_pushcclosure(L, use_preset, 2);
  lua_setglobal(L, "preset");
}
