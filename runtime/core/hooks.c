/*
** hooks.c — Lua house-rule hooks as C function pointers.
**
** Why libffi: a slot such as 'generate' has a fixed C signature with no room for
** "which script".  An ffi closure is a fresh function pointer per installed hook,
** carrying its own context, so two games with different house rules can run side
** by side (and the search threads of one game can share its hooks under a lock,
** since one Lua state is single-threaded).  The rules the hooks and those threads
** read are sealed before the game starts (script_seal): no hook can change them.
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
  int nfound;
  int failed; /* atomic: read without the lock */
  char problem[ERR_LEN];
  int nreasons;
  char reasons[MAX_REASONS][128];
};

static int hook_off(const hooks *h) { return __atomic_load_n(&h->failed, __ATOMIC_ACQUIRE); }

const char *hooks_problem(const hooks *h) { return h && hook_off(h) ? h->problem : NULL; }

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

/* Each hook runs as one protected call (script_protected) that pushes its
** arguments, calls the Lua function and reads what it returned: any of those may
** raise (a full memory cap, a metamethod on a returned value), and the budget
** covers them all.  'failed' is read without the lock by the search threads that
** skip a disabled hook, so it is atomic, set after 'problem' is written. */

/* A Lua error inside a hook: the hooks are off for good, and the game says why.
** Caller holds the lock. */
static void hook_failed(hooks *h, const char *what, const err *e) {
  if (h->failed) return;
  snprintf(h->problem, sizeof h->problem, "house rules disabled, %s hook failed: %s", what, e->msg);
  __atomic_store_n(&h->failed, 1, __ATOMIC_RELEASE);
}

/* Runs 'fn' for hook 'which' under the lock, unless the hooks are off. */
static void run_hook(hooks *h, int which, script_fn fn, void *call) {
  err e;
  pthread_mutex_lock(&h->lock);
  if (!h->failed && script_protected(h->sc, fn, call, &e)) hook_failed(h, hook_names[which], &e);
  pthread_mutex_unlock(&h->lock);
}

static void push_hook(lua_State *L, const hooks *h, int which) { lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref[which]); }

/* A value a hook returned, for a message: strings quoted, others by type, since
** converting them would run the script's '__tostring'. */
static const char *returned(lua_State *L, int idx, char *buf, size_t len) {
  if (lua_type(L, idx) == LUA_TSTRING) snprintf(buf, len, "'%s'", lua_tostring(L, idx));
  else snprintf(buf, len, "a %s", luaL_typename(L, idx));
  return buf;
}

typedef struct initial_call {
  hooks *h;
  dr_position *pos;
} initial_call;

static int call_initial(lua_State *L, void *ud) {
  initial_call *c = ud;
  char what[160];
  err e;
  dr_position p;
  push_hook(L, c->h, HOOK_INITIAL);
  push_position(L, c->pos);
  lua_call(L, 1, 1);
  if (lua_isnil(L, 1)) return 0;
  if (lua_type(L, 1) != LUA_TSTRING)
    return luaL_error(L, "initial returned %s, not a FEN string or nil", returned(L, 1, what, sizeof what));
  if (fen_parse(c->h->v->geometry, lua_tostring(L, 1), &p, &e) || pos_check(c->h->v->geometry, &p, &e))
    return luaL_error(L, "%s", e.msg);
  *c->pos = p;
  return 0;
}

static void initial_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  initial_call c = {h, *(dr_position **)args[1]};
  int status = h->initial(rules, c.pos);
  if (status == DR_OK && !hook_off(h)) run_hook(h, HOOK_INITIAL, call_initial, &c);
  *(ffi_sarg *)ret = (ffi_sarg)status;
}

typedef struct filter_call {
  hooks *h;
  const dr_position *pos;
  dr_movelist *list;
  int start;
} filter_call;

/* Keeps the moves from 'start' on that the script allows, in the plugin's order.
** The filter sees each move and the whole list, so a rule may compare moves
** ("a capture with a king must be preferred").  The list changes only once every
** move is judged: on an error the plugin's full list stands. */
static int call_filter(lua_State *L, void *ud) {
  filter_call *c = ud;
  dr_movelist *list = c->list;
  int n = list->count - c->start, kept = c->start;
  char allow[DR_MAX_MOVES];
  push_position(L, c->pos);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_move(L, c->h->v->geometry, c->pos, &list->moves[c->start + i]);
    lua_rawseti(L, 2, i + 1);
  }
  for (int i = 0; i < n; i++) {
    push_hook(L, c->h, HOOK_FILTER);
    lua_pushvalue(L, 1);
    lua_rawgeti(L, 2, i + 1);
    lua_pushvalue(L, 2);
    lua_call(L, 3, 1);
    allow[i] = (char)lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  for (int i = 0; i < n; i++)
    if (allow[i]) list->moves[kept++] = list->moves[c->start + i];
  list->count = kept;
  return 0;
}

static void filter_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  filter_call c = {h, *(const dr_position **)args[1], *(dr_movelist **)args[2], 0};
  c.start = c.list->count;
  int status = h->generate(rules, c.pos, c.list);
  if (status == DR_OK && !hook_off(h)) run_hook(h, HOOK_FILTER, call_filter, &c);
  *(ffi_sarg *)ret = (ffi_sarg)status;
}

/* A stable pointer for a reason the script gave (callers keep 'why' pointers), made
** plain: it reaches terminals, game files and clients, and an escape sequence in it
** would drive the terminal it is shown on. */
static const char *intern_reason(hooks *h, const char *reason) {
  char plain[sizeof h->reasons[0]];
  snprintf(plain, sizeof plain, "%s", reason);
  text_plain(plain, strlen(plain), '?', 0);
  for (int i = 0; i < h->nreasons; i++)
    if (strcmp(h->reasons[i], plain) == 0) return h->reasons[i];
  if (h->nreasons == MAX_REASONS) return "house rule";
  memcpy(h->reasons[h->nreasons], plain, sizeof plain);
  return h->reasons[h->nreasons++];
}

static const char *const verdict_names[] = {"ongoing", "white", "black", "draw"};

static int verdict_of(lua_State *L, int idx) {
  for (int i = 0; lua_type(L, idx) == LUA_TSTRING && i < 4; i++)
    if (strcmp(lua_tostring(L, idx), verdict_names[i]) == 0) return i;
  return -1;
}

typedef struct judge_call {
  hooks *h;
  const dr_position *pos;
  const dr_history *hist;
  int verdict; /* the plugin's, then the script's */
  const char *why;
} judge_call;

/* Asks the script; it keeps the plugin's verdict by returning nil. */
static int call_judge(lua_State *L, void *ud) {
  judge_call *c = ud;
  char what[160];
  push_hook(L, c->h, HOOK_JUDGE);
  push_position(L, c->pos);
  push_history(L, c->hist);
  lua_pushstring(L, verdict_names[c->verdict]);
  lua_pushstring(L, c->why ? c->why : "");
  lua_call(L, 4, 2);
  if (lua_isnil(L, 1)) return 0;
  int verdict = verdict_of(L, 1);
  if (verdict < 0)
    return luaL_error(L, "judge returned %s, not ongoing, white, black, draw or nil", returned(L, 1, what, sizeof what));
  int reason = lua_type(L, 2) == LUA_TSTRING;
  if (verdict != c->verdict || reason)
    c->why = verdict == DR_ONGOING ? NULL : intern_reason(c->h, reason ? lua_tostring(L, 2) : "house rule");
  c->verdict = verdict;
  return 0;
}

static void judge_hook(ffi_cif *cif, void *ret, void **args, void *ud) {
  (void)cif;
  hooks *h = ud;
  const dr_rules *rules = *(const dr_rules **)args[0];
  judge_call c = {h, *(const dr_position **)args[1], *(const dr_history **)args[2], 0, NULL};
  const char **why = *(const char ***)args[3];
  c.verdict = guard_verdict(h->v, h->judge(rules, c.pos, c.hist, why), why); /* checked before the script reads it */
  c.why = *why;
  if (c.verdict != GUARD_REFUSED && !hook_off(h))
    run_hook(h, HOOK_JUDGE, call_judge, &c); /* it answers only once all is read */
  *why = c.why;
  *(ffi_sarg *)ret = (ffi_sarg)c.verdict;
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

/* In protected mode: hooks.NAME functions into registry references, counted in
** 'found'.  The table is read raw, '_G' included, so that no code of the script's
** runs here: a metamethod on either is ignored, as is a strict-mode '__index'
** that raises for an undefined 'hooks'. */
static int read_hooks(lua_State *L, void *ud) {
  hooks *h = ud;
  lua_pushglobaltable(L);
  lua_pushliteral(L, "hooks");
  if (lua_rawget(L, 1) == LUA_TNIL) return 0;
  if (!lua_istable(L, 2)) return luaL_error(L, "'hooks' must be a table");
  for (int i = 0; i < NHOOKS; i++) {
    lua_pushstring(L, hook_names[i]);
    int type = lua_rawget(L, 2);
    if (type == LUA_TFUNCTION) h->ref[i] = luaL_ref(L, LUA_REGISTRYINDEX), h->nfound++;
    else if (type != LUA_TNIL) return luaL_error(L, "hooks.%s must be a function", hook_names[i]);
    else lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (lua_next(L, 2)) { /* a misspelt hook would otherwise be ignored in silence */
    const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int known = 0;
    for (int i = 0; i < NHOOKS; i++) known |= strcmp(key, hook_names[i]) == 0;
    if (!known) return luaL_error(L, "unknown hook '%s' (initial, filter, judge)", key);
    lua_pop(L, 1);
  }
  return 0;
}

int hooks_install(ruleset *rs, script *sc, err *e) {
  hooks *h = xmalloc(sizeof *h);
  memset(h, 0, sizeof *h);
  h->sc = sc;
  h->v = rs->v;
  for (int i = 0; i < NHOOKS; i++) h->ref[i] = LUA_NOREF;
  int rc = script_protected(sc, read_hooks, h, e);
  if (rc || h->nfound == 0) {
    free(h); /* the caller keeps the script */
    return rc;
  }
  pthread_mutex_init(&h->lock, NULL);
  h->initial = rs->initial, h->generate = rs->generate, h->judge = rs->judge;
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

/* A bad signature is the plugin's mistake, not the script's: checked in C first. */
static int check_helpers(const dr_variant *v, err *e) {
  for (const dr_helper *hp = v->helpers; hp && hp->name; hp++) {
    binding b = {.helper = hp};
    if (!hp->fn) return err_set(e, "helper %s has no function", hp->name);
    if (parse_signature(&b, e)) return -1;
  }
  return 0;
}

static void open_helpers(lua_State *L, const dr_variant *v, const dr_rules *rules) {
  lua_newtable(L);
  for (const dr_helper *hp = v->helpers; hp && hp->name; hp++) {
    binding *b = lua_newuserdatauv(L, sizeof *b, 0); /* owned by the Lua state */
    memset(b, 0, sizeof *b);
    b->helper = hp;
    b->rules = rules;
    parse_signature(b, NULL);
    lua_pushcclosure(L, call_helper, 1);
    lua_setfield(L, -2, hp->name);
  }
  lua_setglobal(L, "helpers");
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

static void open_board(lua_State *L, const dr_variant *v) {
  static const luaL_Reg fns[] = {{"bit", board_bit},   {"name", board_name}, {"count", board_count},
                                 {"at", board_at},     {"file", board_file}, {"rank", board_rank},
                                 {"names", board_names}, {"fen", board_fen}, {NULL, NULL}};
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
** from it instead of repeating it.  It runs in a sandbox of its own, and only while
** the rules load: a hook that called it would rewrite the rules of a game in
** progress, under the search threads reading them. */
static int use_preset(lua_State *L) {
  const dr_variant *v = lua_touserdata(L, lua_upvalueindex(1));
  const char *name = luaL_checkstring(L, 1);
  dr_rules *rules = script_rules(L);
  if (!rules) return luaL_error(L, "preset() is for when the rules load, not during a game");
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

static void open_presets(lua_State *L, const dr_variant *v) {
  lua_pushlightuserdata(L, (void *)v);
  lua_pushcclosure(L, use_preset, 1);
  lua_setglobal(L, "preset");
}

/* ------------------------------------------------------------ opening */

typedef struct opening {
  const dr_variant *v;
  const dr_rules *rules;
} opening;

static int open_libraries(lua_State *L, void *ud) {
  opening *o = ud;
  open_board(L, o->v);
  open_presets(L, o->v);
  open_helpers(L, o->v, o->rules);
  return 0;
}

int hooks_open(script *sc, const dr_variant *v, const dr_rules *rules, err *e) {
  opening o = {v, rules};
  return check_helpers(v, e) || script_protected(sc, open_libraries, &o, e) ? -1 : 0;
}
