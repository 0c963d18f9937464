/*
** fuzz.h — what the libFuzzer targets of tests/fuzz share: the build's variant
** plugins, loaded once with their default rules, inputs as text, and the checks
** that turn a quiet misbehaviour into a finding (an abort libFuzzer reports with
** the input that caused it).
**
** Most inputs start with a line naming the variant ("brazilian"); the rest is the
** text under test.  A name no plugin has ends the run early.
*/
#ifndef DRAUGHTS_FUZZ_H
#define DRAUGHTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "plugin.h"
#include "rules.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The plugins of the build ($DRAUGHTS_PLUGIN_PATH, by default the build's plugins/),
** loaded by the first call; every later call returns the same registry. */
registry *fuzz_registry(void);

/* The input up to its first NUL byte, NUL-terminated (free it): what a reader that
** takes C strings gets from a file or a line. */
char *fuzz_text(const uint8_t *data, size_t size);

/* Splits the first line off '*text' (its end of line dropped) and moves '*text' on. */
char *fuzz_line(char **text);

/* The default rules of the variant named by the first line of '*text', or NULL. */
const ruleset *fuzz_variant_line(char **text);

/* Aborts with 'what' when 'ok' is false: an invariant the input broke. */
void fuzz_require(int ok, const char *what, const char *detail);

/* A failure's message must be one non-empty line (every error a user can cause is). */
void fuzz_require_message(const err *e);

/* A status from the ruleset's slots: the guard refusing a plugin is a finding. */
void fuzz_require_status(const ruleset *rs, int status);

#endif
