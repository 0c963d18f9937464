/*
** hub_text.h — the Hub protocol's text (version 2, Scan's): lines of
** 'command name=value name="quoted value" flag', moves (from-to, or fromxto followed
** by every captured point) and board strings (the side to move, then one of w b W B e
** per point in numbering order).
*/
#ifndef DRAUGHTS_HUB_TEXT_H
#define DRAUGHTS_HUB_TEXT_H

#include <stddef.h>

#include <draughts/variant.h>

#include "util.h"

#define HUB_LINE 65536
#define HUB_MAX_ARGS 32

typedef struct hub_arg {
  char *name, *value; /* value "" for a flag */
} hub_arg;

typedef struct hub_line {
  char *command;
  int nargs;
  hub_arg args[HUB_MAX_ARGS];
} hub_line;

/* Splits 'text' in place; -1 on an unterminated quote or too many arguments. */
DRI_FUNC int hub_parse_line(char *text, hub_line *l);
/* The value of argument 'name' ("" for a flag), or NULL. */
DRI_FUNC const char *hub_arg_of(const hub_line *l, const char *name);
/* A number in [min, max]; -1 for anything else (NaN too). */
DRI_FUNC int hub_number_of(const char *text, double min, double max, double *out);

DRI_FUNC void hub_move_text(const dr_geometry *g, const dr_move *m, int notation, char *out, size_t len);
/* The legal move named in Hub's form (ends, then the captured points in any order), or NULL. */
DRI_FUNC const dr_move *hub_move_parse(const dr_geometry *g, const dr_movelist *legal, const char *text);

/* A board string; -1 when 'text' is not one for this geometry.  No rule is checked. */
DRI_FUNC int hub_board_read(const dr_geometry *g, const char *text, dr_position *p);
/* Writes the board string of 'p'; -1 when 'len' is too short. */
DRI_FUNC int hub_board_write(const dr_geometry *g, const dr_position *p, char *out, size_t len);

#endif
