/*
** openings.h — reading an openings file (a ballot list) into lines of moves.
*/
#ifndef DRAUGHTS_OPENINGS_H
#define DRAUGHTS_OPENINGS_H

#include "rules.h"
#include "selfplay.h"
#include "util.h"

/* The openings of 'path', each played from 'start'; NULL and a one-line message
** naming the file and line when it is unreadable or a line is not a legal opening. */
selfplay_opening *openings_read(const ruleset *rs, const dr_position *start, const char *path, int *n, err *e);

#endif
