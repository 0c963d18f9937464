/*
** perft.h — counting the leaves of the move tree, the yardstick of a move generator.
*/
#ifndef DRAUGHTS_PERFT_H
#define DRAUGHTS_PERFT_H

#include <stdint.h>

#include "rules.h"

enum { PERFT_BY_EFFECT = 0, PERFT_BY_PATH = 1 };

/* Leaves at 'depth' below 'p'.  Moves count once per (from, to, captured) unless
** 'mode' is PERFT_BY_PATH.  The last ply is counted from the move list (bulk
** counting).  Returns UINT64_MAX if the plugin overflows a move list. */
DRI_FUNC uint64_t perft(const ruleset *rs, const dr_position *p, int depth, int mode);

#endif
