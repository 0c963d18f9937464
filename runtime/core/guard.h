/*
** guard.h — what the runtime checks of a plugin's output before using it.  A plugin
** is C code we chose to run, but a bug in it must end in a one-line error that names
** it, never in a crash of the runtime: every move list 'generate' returns passes
** through 'guard_moves', every verdict through 'guard_verdict', and a plugin caught
** once is refused for the rest of the process.
*/
#ifndef DRAUGHTS_GUARD_H
#define DRAUGHTS_GUARD_H

#include <draughts/variant.h>

#include "util.h"

/* A status next to the SDK's DR_ERR_*: the plugin is refused (see 'guard_refusal'). */
#define GUARD_REFUSED (-64)

/* The longest reason a judge may give ('why'). */
#define GUARD_WHY_MAX 200

/* Checks the list 'generate' just filled for 'p': DR_OK, or GUARD_REFUSED with the
** list emptied and the plugin refused.  It checks what indexing needs (the count,
** points on the board, 'njumps'); 'guard_move_fault', which the conformance suite
** runs, checks the rest.  A refused plugin is refused again at once. */
DRI_FUNC int guard_moves(const dr_variant *v, const dr_position *p, dr_movelist *l);

/* 'guard_moves' for a list that is only counted and compared, never applied, drawn
** or written (perft's last ply): only the count is checked. */
DRI_FUNC int guard_count(const dr_variant *v, dr_movelist *l);

/* The judge's verdict made safe: DR_ONGOING (with '*why' NULL) or a result with a short,
** plain reason in '*why' (NULL becomes "game over"); or GUARD_REFUSED, and the plugin
** is refused, for a verdict out of range or a reason that is not in the plugin's own
** memory (the segments its object maps: a wild pointer is never read), longer than
** GUARD_WHY_MAX or holding control characters. */
DRI_FUNC int guard_verdict(const dr_variant *v, int verdict, const char **why);

/* The same for any other text a slot of 'v' hands back ('validate's reason, what
** 'draw_count' counts): 's' when it is safe to read and show (or NULL), else NULL and
** the plugin is refused, the message naming 'slot'. */
DRI_FUNC const char *guard_text(const dr_variant *v, const char *slot, const char *s, size_t max);

/* What is wrong with one move of 'p', or NULL: the whole contract of 'dr_move'
** (from a piece of the side to move, landings free, captures the opponent's and
** matching the jumped points, the path ending at 'to', crowning only a man). */
DRI_FUNC const char *guard_move_fault(const dr_geometry *g, const dr_position *p, const dr_move *m);

/* What of a move is out of bounds for indexing (points off the board, 'njumps'), or NULL. */
DRI_FUNC const char *guard_move_bounds(const dr_geometry *g, const dr_move *m);

/* A move as text for messages, by bit numbers when its points are not all on the board. */
DRI_FUNC void guard_move_text(const dr_geometry *g, const dr_move *m, char *out, size_t len);

/* The one-line message for a status 'rules_generate' returned (not DR_OK); returns -1. */
DRI_FUNC int guard_error(const dr_variant *v, int status, err *e);

/* Why 'v' was refused (one line naming it and the first bad output), or NULL. */
DRI_FUNC const char *guard_refusal(const dr_variant *v);

/* The descriptor is going away (its plugin is closed): its address may be reused. */
DRI_FUNC void guard_forget(const dr_variant *v);

#endif
