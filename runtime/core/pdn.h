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

/* Reads the next game from 'text' starting at '*pos'; 1 read, 0 none left, -1 error
** (the message names the line). */
DRI_FUNC int pdn_parse(const char *text, size_t *pos, pdn_record *r, err *e);
DRI_FUNC void pdn_record_free(pdn_record *r);

/* The variant a record is for: its GameType or Variant tag, else 'fallback'. */
DRI_FUNC const plugin *pdn_variant(registry *reg, const pdn_record *r, const char *fallback, err *e);

/* Replays a record on a fresh game (rules from '--rules' or the record's Rules tag). */
DRI_FUNC int pdn_replay(const pdn_record *r, const ruleset *rs, game *g, err *e);

/* Writes a game with the given tags (Result, GameType/Variant, FEN, Rules are added). */
DRI_FUNC void pdn_write(FILE *out, const game *g, const pdn_tag *tags, int ntags);

/* The same, with 'comments[i]' (if not NULL or "") written after ply i as "{...}":
** the online server's clock times. */
DRI_FUNC void pdn_write_comments(FILE *out, const game *g, const pdn_tag *tags, int ntags,
                                 const char *const *comments);

#endif
