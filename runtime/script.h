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

/* Runs 'source' (named 'chunkname' in messages, e.g. "casual.lua") with an 'options'
** table through which it reads and sets the variant's declared options in 'rules'. */
DRI_FUNC int script_run_preset(const dr_variant *v, const char *chunkname, const char *source,
                               dr_rules *rules, err *e);

#endif
