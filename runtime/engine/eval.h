/*
** eval.h — the engine's static evaluation: a generic function of features read
** from the geometry (material per kind, per-point tables, advancement, back-row
** guard, mobility, wing balance, exchange bonus, formations of men) whose weights each variant ships
** as a Lua table (sdk/docs/eval.md).  The weights are read once, when an
** evaluator is built; the search only ever calls 'eval_position'.
*/
#ifndef DRAUGHTS_EVAL_H
#define DRAUGHTS_EVAL_H

#include <stddef.h>
#include <stdio.h>

#include <draughts/variant.h>

#include "rules.h"
#include "util.h"

#define EVAL_LIMIT 10000 /* every weight lies in -EVAL_LIMIT .. EVAL_LIMIT */
#define EVAL_MAX_PATTERNS 24

/* A formation of men (a guarded back rank, a man stuck in a corner): worth 'value'
** to a side whose men stand on every point of 'mine' while the enemy's men stand on
** every point of 'theirs' and every point of 'empty' is empty.  Points are written
** for the first player; the second player's are the same turned half a circle. */
typedef struct eval_pattern {
  dr_bits mine, theirs, empty;
  int value;
} eval_pattern;

/* The weights, as an eval.lua table sets them; every field has a default. */
typedef struct eval_weights {
  int man, king;                  /* material; a man is 100 by convention */
  int nadvance;                   /* entries used in 'advance' */
  int advance[DR_MAX_POINTS];     /* men: value by row, [0] = own first row */
  int nadvance_end;               /* entries used in 'advance_end'; 0: 'advance' at every stage */
  int advance_end[DR_MAX_POINTS]; /* men by row once every other man is gone */
  int center;                     /* men: per half-file nearer the centre */
  int king_center;                /* kings: per half-step nearer the centre, files and ranks */
  int back_rank;                  /* each man on its own first row while the opponent has men */
  int mobility, king_mobility;    /* each empty point a man (king) could step to */
  int balance;                    /* per man of difference between the two wings (a penalty) */
  int exchange;                   /* when ahead: bonus growing as material comes off */
  int runaway;                    /* a man no enemy piece can stop from crowning */
  int reduction_margin;           /* the search: how far outside the window a score is trusted; 0 never */
  int square_man[DR_MAX_POINTS];  /* extra value per point, seen from the first player's side */
  int square_king[DR_MAX_POINTS];
  int npatterns;
  eval_pattern pattern[EVAL_MAX_PATTERNS];
} eval_weights;

/* An evaluator for one ruleset: the weights folded into per-point tables. */
typedef struct eval_ctx {
  /* Copies, not pointers into the ruleset: an evaluator may outlive the plugin
  ** descriptor it was built from (the search caches evaluators). */
  dr_bits points;
  dr_rules rules;
  int (*term)(const dr_rules *rules, const dr_position *pos); /* the variant's own term, or NULL */
  int16_t pst[2][2][DR_MAX_POINTS];  /* [side][0 man, 1 king][point], in that side's favour */
  int16_t taper[2][DR_MAX_POINTS];   /* a man's value with no men left less its value with all */
  int tapered;                       /* the weights have 'advance_end' */
  dr_bits man_steps[2][DR_MAX_POINTS]; /* where a man may step on an empty board */
  dr_bits king_steps[DR_MAX_POINTS];
  dr_bits first_row[2], left, right;
  dr_bits path[2][DR_MAX_POINTS]; /* where a man could go on its way to the crown */
  int back_rank, mobility, king_mobility, balance, exchange, runaway;
  int man, king;
  int reduction_margin;
  int start_material, start_men; /* of the start position, both sides */
  int npatterns;
  eval_pattern pattern[2][EVAL_MAX_PATTERNS]; /* [side]: its points, turned for the second player */
} eval_ctx;

DRI_FUNC void eval_default_weights(eval_weights *w);

/* The scalar weights by the names eval.lua gives them; ends with {NULL, 0}. */
typedef struct eval_field {
  const char *name;
  size_t offset;
} eval_field;
DRI_FUNC extern const eval_field eval_fields[];

static inline int *eval_field_of(eval_weights *w, const eval_field *f) { return (int *)((char *)w + f->offset); }

/* The value of a man on 'row' (0: its own first row) with every man on the board,
** and once the other men are gone. */
DRI_FUNC int eval_advance(const eval_weights *w, int row);
DRI_FUNC int eval_advance_end(const eval_weights *w, int row);

/* Writes 'w' as an eval.lua (sdk/docs/eval.md) that reads back to the same
** evaluation: every field spelled out, square values by point name.  'comment'
** becomes the first line. */
DRI_FUNC void eval_weights_write(FILE *out, const dr_variant *v, const eval_weights *w, const char *comment);

/* Makes searches under 'rs' evaluate with the weights of an eval.lua file
** (sdk/docs/eval.md) instead of the variant's own; errors name the file. */
DRI_FUNC int eval_attach(ruleset *rs, const char *path, err *e);

/* Reads an eval.lua file into 'w' (defaults first); errors name the file. */
DRI_FUNC int eval_read_file(const dr_variant *v, const dr_rules *rules, const char *path, eval_weights *w, err *e);

/* The weights of 'rs': its --eval file's, else the variant's eval.lua, else the
** defaults.  A broken eval.lua is an error naming it. */
DRI_FUNC int eval_weights_of(const ruleset *rs, eval_weights *w, err *e);

/* Builds the evaluator of 'rs': its weights ('eval_weights_of') and the step sets
** learned from the ruleset's move generator.  On a broken eval.lua it fails with the
** script's message and leaves a usable evaluator with the default weights. */
DRI_FUNC int eval_init(eval_ctx *c, const ruleset *rs, err *e);

/* Builds the evaluator from explicit weights. */
DRI_FUNC void eval_init_weights(eval_ctx *c, const ruleset *rs, const eval_weights *w);

/* The score of 'p' for the side to move; a man is about 100. */
DRI_FUNC int eval_position(const eval_ctx *c, const dr_position *p);

#endif
