/*
** script.h — the sandboxed Lua 5.4 state that runs rule presets and house rules.
** Scripts come from strangers: no io, os, package or debug library, no binary
** chunks, an instruction budget and a memory cap.
*/
#ifndef DRAUGHTS_SCRIPT_H
#define DRAUGHTS_SCRIPT_H

#include <draughts/variant.h>

#include "util.h"

#define SCRIPT_MEMORY_CAP (32u << 20)      /* bytes one script may allocate */
#define SCRIPT_INSTRUCTION_BUDGET 50000000 /* VM instructions one run may take */

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
/* lua_pcall with a fresh instruction budget; the message names the script. */
DRI_FUNC int script_call(script *sc, int nargs, int nresults, err *e);
/* From now on 'options' can be read but not set. */
DRI_FUNC void script_seal(script *sc);

#endif
