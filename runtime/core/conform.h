/*
** conform.h — the conformance checks every variant plugin must pass.  They know no
** variant: the plugin's descriptor, its embedded perft data and an optional file of
** hand-made rule cases are all they read.  Used by 'draughts conform' and the test
** suite alike.
*/
#ifndef DRAUGHTS_CONFORM_H
#define DRAUGHTS_CONFORM_H

#include <stdint.h>

#include <draughts/variant.h>

#include "util.h"

typedef struct conform_options {
  int depth;             /* perft: check exactly up to this depth (0: use the node budget) */
  uint64_t perft_budget; /* perft: stop a record before a depth whose count exceeds this */
  int games;             /* random games per preset */
  int max_plies;         /* a random game longer than this stops (and is reported) */
  uint64_t seed;
} conform_options;

DRI_FUNC void conform_defaults(conform_options *o);

/* Called once per check with its outcome. */
typedef void (*conform_report)(void *ud, int ok, const char *check, const char *detail);

typedef struct conform_counts {
  int passed, failed;
} conform_counts;

/* Each check of the suite.  All report through 'report' and add to 'counts'. */
DRI_FUNC void conform_descriptor(const dr_variant *v, conform_report report, void *ud, conform_counts *c);
DRI_FUNC void conform_perft(const dr_variant *v, const conform_options *o, conform_report report, void *ud,
                            conform_counts *c);
DRI_FUNC void conform_games(const dr_variant *v, const conform_options *o, conform_report report, void *ud,
                            conform_counts *c);
/* Random games under one ruleset (a preset or a house-rules script). */
struct ruleset;
DRI_FUNC void conform_games_with(const struct ruleset *rs, const char *label, const conform_options *o,
                                 conform_report report, void *ud, conform_counts *c);
/* Hand-made positions, in the format of sdk/docs/variant-data.md; 'name' is the file's
** path, for messages and for rules scripts named relative to it. */
DRI_FUNC void conform_cases(const dr_variant *v, const char *text, const char *name, conform_report report,
                            void *ud, conform_counts *c);

#endif
