/*
** generate.c — Brazilian draughts move generation, by the SDK's diagonal toolkit
** (draughts/diagonal.h), under the rules the options give: flying or short kings,
** men that capture backwards or not, the majority rule or free choice, and a man
** that reaches the last rank mid-capture going on as a man or stopping there
** crowned.  Captures come first and are compulsory; jumped pieces stay on the
** board until the move ends.  Only when no capture exists are the plain moves
** generated.
**
** Each of the 16 combinations of the four options gets a generator of its own,
** which the compiler specialises as it does a variant with fixed rules, so that
** house rules run as fast as the presets; 'generate' picks one by the options.
*/
#include "brazilian.h"

/* Calls X(flying, backwards, majority, stops) for each combination. */
#define EACH_COMBINATION(X)                                                                     \
  X(0, 0, 0, 0) X(0, 0, 0, 1) X(0, 0, 1, 0) X(0, 0, 1, 1) X(0, 1, 0, 0) X(0, 1, 0, 1) X(0, 1, 1, 0) \
  X(0, 1, 1, 1) X(1, 0, 0, 0) X(1, 0, 0, 1) X(1, 0, 1, 0) X(1, 0, 1, 1) X(1, 1, 0, 0) X(1, 1, 0, 1) \
  X(1, 1, 1, 0) X(1, 1, 1, 1)

/* The rules of one combination, its two recursive capture steps and its two slots. */
#define DEFINE_GENERATOR(f, b, m, p)                                                                         \
  static const dr_diag_rules rules_##f##b##m##p =                                                             \
    DR_DIAG8_RULES(.flying_kings = f, .men_capture_backwards = b, .majority = m,                              \
                   .crowning = p ? DR_DIAG_CROWN_STOPS : DR_DIAG_CROWN_AT_END);                               \
  DR_DIAG_DEFINE_JUMPS(br_##f##b##m##p, &rules_##f##b##m##p)                                                  \
  static int generate_##f##b##m##p(const dr_position *pos, dr_movelist *out) {                              \
    return dr_diag_generate(&rules_##f##b##m##p, pos, out, br_##f##b##m##p##_man_jumps,                       \
                            br_##f##b##m##p##_king_jumps);                                                    \
  }                                                                                                           \
  static int quiet_count_##f##b##m##p(const dr_position *pos) { return dr_diag_quiet_count(&rules_##f##b##m##p, pos); }

EACH_COMBINATION(DEFINE_GENERATOR)

typedef struct generator {
  int (*generate)(const dr_position *pos, dr_movelist *out);
  int (*quiet_count)(const dr_position *pos);
} generator;

#define GENERATOR_ENTRY(f, b, m, p) {generate_##f##b##m##p, quiet_count_##f##b##m##p},

/* Indexed by the options: flying 8, backwards 4, majority 2, stops 1. */
static const generator generators[16] = {EACH_COMBINATION(GENERATOR_ENTRY)};

/* The runtime gives a boolean option as 0 or 1; '& 1' keeps the index in the table
** whatever it is given, for a few instructions less than '!= 0' on every call. */
static const generator *generator_of(const dr_rules *options) {
  int i = (options->opt[BR_OPT_FLYING_KINGS] & 1) << 3 | (options->opt[BR_OPT_MEN_CAPTURE_BACKWARDS] & 1) << 2 |
          (options->opt[BR_OPT_MAJORITY_CAPTURE] & 1) << 1 | (options->opt[BR_OPT_PROMOTION_ENDS_CAPTURE] & 1);
  return &generators[i];
}

int brazilian_generate(const dr_rules *options, const dr_position *pos, dr_movelist *out) {
  return generator_of(options)->generate(pos, out);
}

/* The 'quiet_count' slot. */
int brazilian_quiet_count(const dr_rules *options, const dr_position *pos) {
  return generator_of(options)->quiet_count(pos);
}
