/*
** script.h — the sandboxed Lua 5.4 state that runs rule presets, house rules,
** evaluation weights and tuning scripts.  Scripts come from strangers: no io, os,
** package or debug library, no binary chunks, no finalizers; an instruction budget,
** a clock and a memory cap per call, which the script cannot catch its way past.
*/
#ifndef DRAUGHTS_SCRIPT_H
#define DRAUGHTS_SCRIPT_H

#include <draughts/variant.h>

#include "util.h"

#define SCRIPT_MEMORY_CAP (32u << 20)      /* bytes one script may hold */
#ifndef SCRIPT_INSTRUCTION_BUDGET /* the fuzz build lowers it: a runaway script costs it ms, not a second */
#define SCRIPT_INSTRUCTION_BUDGET 50000000 /* VM instructions one call may take */
#endif
#define SCRIPT_TIME_LIMIT 5.0              /* processor seconds one call may run, whatever its instructions do */
#define SCRIPT_BYTES_PER_INSTRUCTION 64    /* allocating this much costs one instruction */
#define SCRIPT_PATTERN_STEPS 100000000.0   /* the worst case one string.find/match/gmatch/gsub may have */
#define SCRIPT_STEPS_PER_INSTRUCTION 4     /* matcher steps charged as one instruction */

struct lua_State;
typedef struct script script;

/* A sandboxed state named 'chunkname' in messages (e.g. "casual.lua").  With 'rules',
** scripts read and set the variant's declared options through an 'options' table. */
DRI_FUNC script *script_open(const dr_variant *v, dr_rules *rules, const char *chunkname, err *e);
DRI_FUNC void script_close(script *sc);
DRI_FUNC struct lua_State *script_lua(script *sc);
DRI_FUNC const char *script_name(const script *sc);

/* Loads text (never binary) as a function on the stack. */
DRI_FUNC int script_load(script *sc, const char *source, err *e);
/* Loads and runs a chunk. */
DRI_FUNC int script_run(script *sc, const char *source, err *e);
/* lua_pcall of the function under 'nargs' arguments.  The outermost call gets a
** fresh budget, clock and the memory left; when one runs out the call fails
** whatever the script caught, and so does every later call: the script is done.
** The message names the script. */
DRI_FUNC int script_call(script *sc, int nargs, int nresults, err *e);

/* Runs 'fn(L, ud)' as a protected call under the same limits: the way C reads what
** a script returned or defined, since any read (a metamethod) or conversion (an
** allocation) may raise. */
typedef int (*script_fn)(struct lua_State *L, void *ud);
DRI_FUNC int script_protected(script *sc, script_fn fn, void *ud, err *e);

/* From now on 'options' can be read, never set, and no preset applied: the rules
** of a game in progress are immutable. */
DRI_FUNC void script_seal(script *sc);
/* The options a running script may still set, or NULL once sealed. */
DRI_FUNC dr_rules *script_rules(struct lua_State *L);

/* For C functions scripts call.  'script_charge' counts C work a script started
** against its budget ('n' instructions' worth) and stops the script when that is
** more than it has left. */
DRI_FUNC void script_charge(struct lua_State *L, double n);
/* Stops the script for good: C storage it asked for (a sample), which a C function
** allocates through the script's allocator ('lua_getallocf'), does not fit in its
** memory cap. */
DRI_FUNC int script_out_of_memory(struct lua_State *L);
/* Brackets C work whose length is the script's documented purpose (a tuning
** script's games): that time does not count against the call's clock. */
DRI_FUNC void script_clock_pause(struct lua_State *L);
DRI_FUNC void script_clock_resume(struct lua_State *L);

/* The libraries of every script (script_lib.c): the safe part of Lua's, with
** bounded pattern functions, no finalizers, and 'print' to standard error as
** "NAME: text". */
DRI_FUNC void script_open_libs(struct lua_State *L, const char *name);

#endif
