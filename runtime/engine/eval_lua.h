/*
** eval_lua.h — evaluation weights as Lua sees them: the table an eval.lua returns
** (sdk/docs/eval.md), read into 'eval_weights' in the sandbox of core's script
** module, and pushed back as a table for tuning scripts.
*/
#ifndef DRAUGHTS_EVAL_LUA_H
#define DRAUGHTS_EVAL_LUA_H

#include "eval.h"
#include "script.h"

/* Runs 'source', a variant's eval.lua, which returns a table of evaluation weights
** (sdk/docs/eval.md), and sets the weights it names in 'w' (others keep their
** value).  Unknown names and values out of range are errors naming the key.  The
** script reads the rules' option values in 'options' (NULL 'rules': the defaults),
** so weights can follow the rules (a short king is worth less than a flying one). */
DRI_FUNC int eval_lua_read(const dr_variant *v, const dr_rules *rules, const char *chunkname, const char *source,
                           eval_weights *w, err *e);

/* Calls the chunk on top of the stack (from 'script_load'), which returns a table
** of weights, and reads that into 'w' as 'eval_lua_read' does, in one protected
** call: the chunk and what reading its table may run are under the same limits. */
DRI_FUNC int eval_lua_returned(script *sc, const dr_variant *v, eval_weights *w, err *e);

/* The weights table at 'idx' into 'w' (fields it does not name keep their value);
** a bad field raises a Lua error naming it. */
DRI_FUNC void eval_lua_check(struct lua_State *L, int idx, const dr_variant *v, eval_weights *w);

/* Pushes 'w' as a table in the eval.lua format, every field spelled out. */
DRI_FUNC void eval_lua_push(struct lua_State *L, const dr_variant *v, const eval_weights *w);

#endif
