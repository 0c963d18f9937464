/*
** fuzz_pdn.c — the PDN reader, as 'draughts pdn' uses it: every game of the input
** is split into tags and moves, its variant and rules found by name, and replayed.
** A game that replays must write out and replay again to the same game.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "pdn.h"
#include "position.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  return 0;
}

/* Replays 'r' into 'g' with the rules its tags name ('rs' to free); -1 and a message if it does not. */
static int replay(const pdn_record *r, ruleset *rs, game *g, err *e) {
  const plugin *p = pdn_variant(fuzz_registry(), r, NULL, PDN_FILE_DECIDES, NULL, e);
  if (!p || pdn_rules(r, &p->v, rs, e)) return -1;
  if (pdn_replay(r, rs, g, NULL, e) == 0) return 0;
  rules_free(rs);
  return -1;
}

static int same_game(const game *a, const game *b) {
  return a->rs->v == b->rs->v && a->count == b->count && a->result == b->result &&
         pos_same(game_position(a), game_position(b));
}

static void written_replays(const game *g) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  pdn_write(f, g, NULL, 0);
  fclose(f);
  pdn_cursor c = PDN_START;
  pdn_record r;
  ruleset rs;
  game again;
  err e = {{0}};
  int got = pdn_parse(text, &c, &r, &e);
  fuzz_require(got == 1, "a written game does not parse", got < 0 ? e.msg : text);
  fuzz_require(replay(&r, &rs, &again, &e) == 0, "a written game does not replay", e.msg);
  fuzz_require(same_game(g, &again), "a written game replays to another", text);
  game_free(&again);
  rules_free(&rs);
  pdn_record_free(&r);
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size);
  pdn_cursor c = PDN_START;
  pdn_record r;
  err e = {{0}};
  int got;
  while ((got = pdn_parse(text, &c, &r, &e)) == 1) {
    ruleset rs;
    game g;
    if (replay(&r, &rs, &g, &e) == 0) {
      written_replays(&g);
      game_free(&g);
      rules_free(&rs);
    } else {
      fuzz_require_message(&e);
    }
    pdn_record_free(&r);
    e.msg[0] = '\0';
  }
  if (got < 0) fuzz_require_message(&e);
  free(text);
  return 0;
}
