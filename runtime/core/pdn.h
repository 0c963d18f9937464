/*
** pdn.h — Portable Draughts Notation game files: tags, numbered moves, results.
*/
#ifndef DRAUGHTS_PDN_H
#define DRAUGHTS_PDN_H

#include <stdio.h>

#include "game.h"
#include "plugin.h"
#include "util.h"

#define PDN_MAX_TAGS 32
#define PDN_MAX_BYTES ((size_t)256 << 20) /* a game file larger than this is refused while read */

typedef struct pdn_tag {
  char name[32];
  char value[256];
} pdn_tag;

/* One game as read from a file, before its moves are checked against any rules. */
typedef struct pdn_record {
  int ntags;
  pdn_tag tags[PDN_MAX_TAGS];
  int nmoves;
  char **moves;      /* move tokens, without numbers, comments or annotations */
  char result[16];   /* from the movetext, "*" if none */
} pdn_record;

DRI_FUNC const char *pdn_tag_value(const pdn_record *r, const char *name);

/* Where the reader is in a file: the offset and its line.  Each game goes on from the
** last one's cursor, so a file of many games is read in one pass (counting the lines
** from the start for every game made reading quadratic in the number of games). */
typedef struct pdn_cursor {
  size_t at;
  int line;
} pdn_cursor;
#define PDN_START ((pdn_cursor){0, 1})

/* Reads the next game from 'text' at '*c', which it moves on; 1 read, 0 none left,
** -1 error (the message names the line). */
DRI_FUNC int pdn_parse(const char *text, pdn_cursor *c, pdn_record *r, err *e);
DRI_FUNC void pdn_record_free(pdn_record *r);

/* The variant a record is for: its GameType or Variant tag (names of variants already
** found, never a file to load), else 'fallback' (from the command line: a name or a path). */
DRI_FUNC const plugin *pdn_variant(registry *reg, const pdn_record *r, const char *fallback, err *e);

/* The rules a record's Rules tag names (presets and options by name only), or the
** variant's default rules without one. */
DRI_FUNC int pdn_rules(const pdn_record *r, const dr_variant *v, ruleset *rs, err *e);

/* Replays a record on a fresh game (rules from '--rules' or the record's Rules tag). */
DRI_FUNC int pdn_replay(const pdn_record *r, const ruleset *rs, game *g, err *e);

/* The tag that names the player of 'side': "White" or "Black" by the colour the
** variant gives it (English: the first player's is "Black"). */
DRI_FUNC const char *pdn_player_tag(const dr_variant *v, int side);

/* Writes a game with the given tags (Result, GameType/Variant, FEN, Rules are added). */
DRI_FUNC void pdn_write(FILE *out, const game *g, const pdn_tag *tags, int ntags);

#endif
