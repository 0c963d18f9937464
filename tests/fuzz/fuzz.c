/*
** fuzz.c — the helpers every fuzz target links (see fuzz.h).
*/
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static registry reg;
static ruleset *defaults; /* one per plugin of 'reg', in its order */
static int loaded;

registry *fuzz_registry(void) {
  if (loaded) return &reg;
  loaded = 1;
  setenv("DRAUGHTS_PLUGIN_PATH", FUZZ_PLUGIN_DIR, 0); /* a path given by the caller wins */
  registry_scan(&reg);
  if (reg.count == 0) {
    fprintf(stderr, "fuzz: no variant plugin in %s\n", getenv("DRAUGHTS_PLUGIN_PATH"));
    exit(1);
  }
  defaults = xmalloc((size_t)reg.count * sizeof *defaults);
  for (int i = 0; i < reg.count; i++) {
    err e;
    if (rules_load(&defaults[i], &reg.items[i]->v, NULL, &e)) {
      fprintf(stderr, "fuzz: %s\n", e.msg);
      exit(1);
    }
  }
  return &reg;
}

char *fuzz_text(const uint8_t *data, size_t size) {
  size_t n = strnlen((const char *)data, size);
  char *s = xmalloc(n + 1);
  memcpy(s, data, n);
  s[n] = '\0';
  return s;
}

char *fuzz_line(char **text) {
  char *line = *text, *nl = strchr(line, '\n');
  if (nl) *nl = '\0', *text = nl + 1;
  else *text = line + strlen(line);
  return line;
}

const ruleset *fuzz_variant_line(char **text) {
  registry *r = fuzz_registry();
  const char *name = fuzz_line(text);
  for (int i = 0; i < r->count; i++)
    if (strcmp(r->items[i]->v.name, name) == 0) return &defaults[i];
  return NULL;
}

void fuzz_require(int ok, const char *what, const char *detail) {
  if (ok) return;
  fprintf(stderr, "fuzz: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

void fuzz_require_message(const err *e) {
  fuzz_require(e->msg[0] != '\0', "a failure without a message", NULL);
  fuzz_require(strchr(e->msg, '\n') == NULL, "a message of more than one line", e->msg);
}

void fuzz_require_status(const ruleset *rs, int status) {
  fuzz_require(status != GUARD_REFUSED, "the guard refused a plugin", guard_refusal(rs->v));
}
