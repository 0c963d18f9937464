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

/* The variant's conventions (sdk: 'dr_conventions'), each with its default where the
** plugin gives none. */
DRI_FUNC const char *side_name(const dr_variant *v, int side); /* "White", or the variant's name */
DRI_FUNC const char *side_word(const dr_variant *v, int side, char out[32]); /* in a sentence: "white" */
DRI_FUNC char fen_letter(const dr_variant *v, int side);       /* 'W', or the variant's letter */
DRI_FUNC int pdn_notation(const dr_variant *v);                /* NOTATION_*: how PDN writes moves */
DRI_FUNC char pdn_capture(const dr_variant *v);                /* 'x' or ':' */
DRI_FUNC int pdn_results(const dr_variant *v);                 /* DR_PDN_RESULTS_* */
DRI_FUNC const char *hub_name(const dr_variant *v);            /* the name in the Hub protocol */

/* The bit of the point named 'name' ("c3", or "22" where points are numbered), -1 if none. */
DRI_FUNC int point_find(const dr_geometry *g, const char *name, size_t len);

/* The point's name in the chosen notation (numeric falls back to algebraic). */
DRI_FUNC const char *point_name(const dr_geometry *g, int bit, int notation, char buf[8]);

DRI_FUNC int geometry_has_numbers(const dr_geometry *g);

/* The points as a page is read, rank by rank from the top and each from the left, the
** first player's side at the bottom: the order of Hub board strings and DXP positions
** (on the 10x10 board, squares 1 to 50).  Returns how many. */
DRI_FUNC int points_reading_order(const dr_geometry *g, int order[DR_MAX_POINTS]);

/* Reads FEN (either form) into 'p' and checks it with the runtime's and the plugin's
** rules.  "start" gives the variant's start position. */
DRI_FUNC int fen_read(const ruleset *rs, const char *text, dr_position *p, err *e);

/* Checks a position read from any notation: the runtime's checks (points, overlaps,
** men on their own promotion row), then the plugin's; "impossible position: ..." */
DRI_FUNC int position_validate(const ruleset *rs, const dr_position *p, err *e);

/* Reads FEN text (either form) with no check beyond the syntax and the point names,
** the sides by the runtime's letters (W the first player, B the second), as house-rule
** scripts write them. */
DRI_FUNC int fen_parse(const dr_geometry *g, const char *text, dr_position *p, err *e);

/* The same with the variant's letters (B for a first player called Black), as its players write it. */
DRI_FUNC int fen_parse_as(const dr_variant *v, const char *text, dr_position *p, err *e);

/* Writes 'p' as FEN with the runtime's letters; returns the length (truncated to 'len'
** like snprintf).  Numeric FEN writes runs of three or more men as ranges ("21-32"). */
DRI_FUNC int fen_write(const dr_geometry *g, const dr_position *p, int notation, char *out, size_t len);

/* The same with the variant's letters, the first player's list first: "B:B1-12:W21-32". */
DRI_FUNC int fen_write_as(const dr_variant *v, const dr_position *p, int notation, char *out, size_t len);

/* The same with the letters given (the first player's, then the second's). */
DRI_FUNC int fen_write_letters(const dr_geometry *g, const char letters[2], const dr_position *p, int notation,
                               char *out, size_t len);

/* Full path: "c3-d4", "c3xe5xc7". */
DRI_FUNC void move_text(const dr_geometry *g, const dr_move *m, int notation, char *out, size_t len);

/* Short form for game records: "c3xc7" unless another legal move has the same ends,
** then the full path. */
DRI_FUNC void move_text_short(const dr_geometry *g, const dr_movelist *legal, const dr_move *m,
                              int notation, char *out, size_t len);

/* Both as the variant's players write them: its PDN notation and capture separator
** ("22x13", or "c3:e5" where captures are written with ':'). */
DRI_FUNC void move_text_as(const dr_variant *v, const dr_move *m, char *out, size_t len);
DRI_FUNC void move_text_short_as(const dr_variant *v, const dr_movelist *legal, const dr_move *m, char *out,
                                 size_t len);

/* Finds the legal move that 'text' names.  Accepts full paths, the short form, and
** partial paths (from, some landings, to); '-' and 'x' are interchangeable.  A full
** path names its move even when it is also a partial path of another.  Several
** paths with the same effect are one move; otherwise an ambiguity is an error that
** lists the candidates. */
DRI_FUNC const dr_move *move_parse(const dr_geometry *g, const dr_movelist *legal, const char *text,
                                   err *e);

/* The legal moves 'text' can name, one for each effect: how many (their first 'max' in
** 'out'), or -1 with 'e' set when 'text' does not name points. */
DRI_FUNC int move_candidates(const dr_geometry *g, const dr_movelist *legal, const char *text, const dr_move **out,
                             int max, err *e);

#endif
