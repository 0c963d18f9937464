/*
** notation.h — the text forms of positions and moves: FEN (algebraic for every
** variant, numeric where the variant numbers its points) and move text.
*/
#ifndef DRAUGHTS_NOTATION_H
#define DRAUGHTS_NOTATION_H

#include <draughts/variant.h>

#include "rules.h"
#include "util.h"

enum { NOTATION_ALGEBRAIC = 0, NOTATION_NUMERIC = 1 };

/* The bit of the point named 'name' ("c3", or "22" where points are numbered), -1 if none. */
DRI_FUNC int point_find(const dr_geometry *g, const char *name, size_t len);

/* The point's name in the chosen notation (numeric falls back to algebraic). */
DRI_FUNC const char *point_name(const dr_geometry *g, int bit, int notation, char buf[8]);

DRI_FUNC int geometry_has_numbers(const dr_geometry *g);

/* Reads FEN (either form) into 'p' and checks it with the runtime's and the plugin's
** rules.  "start" gives the variant's start position. */
DRI_FUNC int fen_read(const ruleset *rs, const char *text, dr_position *p, err *e);

/* Checks a position read from any notation: the runtime's checks (points, overlaps,
** men on their own promotion row), then the plugin's; "impossible position: ..." */
DRI_FUNC int position_validate(const ruleset *rs, const dr_position *p, err *e);

/* Reads FEN text (either form) with no check beyond the syntax and the point names. */
DRI_FUNC int fen_parse(const dr_geometry *g, const char *text, dr_position *p, err *e);

/* Writes 'p' as FEN; returns the length (truncated to 'len' like snprintf). */
DRI_FUNC int fen_write(const dr_geometry *g, const dr_position *p, int notation, char *out, size_t len);

/* Full path: "c3-d4", "c3xe5xc7". */
DRI_FUNC void move_text(const dr_geometry *g, const dr_move *m, int notation, char *out, size_t len);

/* Short form for game records: "c3xc7" unless another legal move has the same ends,
** then the full path. */
DRI_FUNC void move_text_short(const dr_geometry *g, const dr_movelist *legal, const dr_move *m,
                              int notation, char *out, size_t len);

/* Finds the legal move that 'text' names.  Accepts full paths, the short form, and
** partial paths (from, some landings, to); '-' and 'x' are interchangeable.  A full
** path names its move even when it is also a partial path of another.  Several
** paths with the same effect are one move; otherwise an ambiguity is an error that
** lists the candidates. */
DRI_FUNC const dr_move *move_parse(const dr_geometry *g, const dr_movelist *legal, const char *text,
                                   err *e);

#endif
