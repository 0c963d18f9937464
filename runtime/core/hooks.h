/*
** hooks.h — house rules written in Lua that replace the ruleset's slots.
**
** A rules script may fill a 'hooks' table: 'initial' (a custom start position),
** 'filter' (forbid moves), 'judge' (an extra end-of-game, draw or adjudication
** rule).  Each hook becomes a real C function pointer — a libffi closure with the
** very signature of the plugin's slot — installed in the ruleset in place of the
** plugin's function, so every caller (move lists, perft, search, front ends) runs
** it without knowing.  Plugin helpers ('dr_variant.helpers') are bound into the
** same script as Lua functions through ffi_call.
*/
#ifndef DRAUGHTS_HOOKS_H
#define DRAUGHTS_HOOKS_H

#include "rules.h"
#include "script.h"
#include "util.h"

typedef struct hooks hooks;

/* Takes over 'sc' (a script that has run) if it defined hooks, and installs them in
** 'rs'.  Returns 1 if it did (the ruleset now owns the script), 0 if the script
** defined none (the caller closes it), -1 on an error in the hooks table. */
DRI_FUNC int hooks_install(ruleset *rs, script *sc, err *e);

/* What a rules script sees besides Lua's libraries: the 'board' library (point
** names, bits, pieces), the 'variant' name, 'preset(name)' (a shipped preset's
** options, while the rules load) and the plugin's helpers as 'helpers.NAME'. */
DRI_FUNC int hooks_open(script *sc, const dr_variant *v, const dr_rules *rules, err *e);

DRI_FUNC void hooks_free(hooks *h);

/* The error that disabled the hooks (the game then runs on the plugin's own rules),
** or NULL while they work. */
DRI_FUNC const char *hooks_problem(const hooks *h);

#endif
