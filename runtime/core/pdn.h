/*
** pdn.h — Portable Draughts Notation game files: tags, numbered moves, results.
** Reading follows the PDN 3.0 reading grammar (github.com/wiegerw/pdn, doc/grammar.rst)
** and what files in the wild add to it (moves split at a space, "a3b4", one capture
** written jump by jump); writing follows the standard's restrictions and the
** GameType of the variant (its notation, capture separator and result type).
*/
#ifndef DRAUGHTS_PDN_H
#define DRAUGHTS_PDN_H

#include <stdio.h>

#include "game.h"
#include "plugin.h"
#include "util.h"

#define PDN_MAX_TAGS 32
#define PDN_MAX_BYTES ((size_t)256 << 20) /* a game file larger than this is refused while read */
#define PDN_MAX_NOTES 4

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
  char result[16];   /* the result that closes the movetext, "*" if none */
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
** -1 error (the message names the line).  A game must end with a result or '*'
** before the next game's tags. */
DRI_FUNC int pdn_parse(const char *text, pdn_cursor *c, pdn_record *r, err *e);
DRI_FUNC void pdn_record_free(pdn_record *r);

/* After an error: moves '*c' on to the next line that starts with a tag, so the
** games after a broken one are still read. */
DRI_FUNC void pdn_skip_game(const char *text, pdn_cursor *c);

/* What checking a game found that is the file's business but no error (the rules
** ended the game before the file's last move, results that disagree): one line each. */
typedef struct pdn_notes {
  int count;
  char line[PDN_MAX_NOTES][ERR_LEN];
} pdn_notes;

/* How the command line's variant weighs against the game's GameType or Variant tag. */
enum {
  PDN_FILE_DECIDES = 0,   /* the game's declaration wins; 'fallback' is for games without one */
  PDN_MUST_AGREE = 1      /* as above, but a declaration that contradicts 'fallback' is an error */
};

/* The variant a record is for: its GameType or Variant tag (names of variants already
** found, never a file to load), else 'fallback' (the command line's, or NULL).  A
** Variant tag naming no variant found is only a note when something else decides;
** 'notes' may be NULL. */
DRI_FUNC const plugin *pdn_variant(registry *reg, const pdn_record *r, const plugin *fallback, int mode,
                                   pdn_notes *notes, err *e);

/* The rules a record's Rules tag names (presets and options by name only), or the
** variant's default rules without one. */
DRI_FUNC int pdn_rules(const pdn_record *r, const dr_variant *v, ruleset *rs, err *e);

/* Replays a record on a fresh game (rules from '--rules' or the record's Rules tag).
** A game the rules end before the file's last move is played on and checked to the
** end, with a note; an error names the ply and the move ("ply 33, move 17. 1-6: ...").
** 'notes' may be NULL. */
DRI_FUNC int pdn_replay(const pdn_record *r, const ruleset *rs, game *g, pdn_notes *notes, err *e);

/* The result of a replayed game: the one its file gives (its Result tag, else the
** closing result), else the rules' verdict on its last position.  A tag and a
** closing result that disagree, or a file's result the rules contradict, are notes.
** Both result families are read: 1-0 and 2-0 are the first player's win. */
DRI_FUNC int pdn_result(const pdn_record *r, const game *g, pdn_notes *notes);

/* "1-0", or "2-0" for a variant whose win counts two points; "*" while on. */
DRI_FUNC const char *pdn_result_text(const dr_variant *v, int result);

/* The tag that names the player of 'side': "White" or "Black" by the colour the
** variant gives it (where the first player is called Black, its tag is "Black"). */
DRI_FUNC const char *pdn_player_tag(const dr_variant *v, int side);

/* Writes a game with the given tags, then Result (from 'g->result'), GameType or
** Variant, Rules, SetUp and FEN; moves in the variant's notation, numbered from its
** first player. */
DRI_FUNC void pdn_write(FILE *out, const game *g, const pdn_tag *tags, int ntags);

/* The same, with 'comments[i]' (if not NULL or "") written after ply i as "{...}":
** the online server's clock times. */
DRI_FUNC void pdn_write_comments(FILE *out, const game *g, const pdn_tag *tags, int ntags,
                                 const char *const *comments);

#endif
