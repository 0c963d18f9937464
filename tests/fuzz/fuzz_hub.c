/*
** fuzz_hub.c — 'draughts hub' fed lines, one per line of the input, as a GUI sends
** them.  Searches are kept tiny so that no input makes the fuzzer wait: every hub
** starts at depth 1, with one thread and the engine's table at 1 MB, and after
** any line that may change one of those (naming 'level', 'threads' or 'hash') it
** is set back.  Each search is waited for before the next line, so a run does not
** depend on timing.  Answers go to /dev/null; to see them, pipe the input to
** 'draughts hub'.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "hub.h"
#include "search.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  search_set_hash(1); /* kept by the hubs, which set no size of their own */
  fuzz_require(freopen("/dev/null", "w", stdout) != NULL, "cannot send standard output to /dev/null", NULL);
  return 0;
}

static void feed(hub *h, const char *line) {
  char buf[64];
  snprintf(buf, sizeof buf, "%s", line);
  hub_feed(h, buf);
}

/* Sets back what 'line' (already handled) may have changed of the search's limits. */
static void tiny_limits(hub *h, const char *line) {
  if (strstr(line, "threads")) feed(h, "set-param name=threads value=1");
  if (strstr(line, "hash")) feed(h, "set-param name=hash value=1");
  if (strstr(line, "level")) feed(h, "level depth=1");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *rest = text;
  cli_args a;
  memset(&a, 0, sizeof a);
  a.threads = 1;
  hub *h = hub_open(fuzz_registry(), &a);
  feed(h, "level depth=1");
  for (int quit = 0; *rest && !quit;) {
    char *line = fuzz_line(&rest), *copy = xstrdup(line); /* the hub splits the line in place */
    quit = hub_feed(h, line);
    hub_wait(h);
    tiny_limits(h, copy);
    free(copy);
  }
  hub_close(h);
  free(text);
  return 0;
}
