/*
** fuzz_rules.c — the rules loader with house rules: "VARIANT\nSCRIPT", the script
** run in the sandbox on top of the variant's default preset as a '--rules' file
** would be, then a short game played through the slots it installed and a shallow
** search from where it stands, so that its 'initial', 'filter' and 'judge' hooks
** run.  Whatever the script does, loading it fails in one line or the game plays;
** a hook that fails switches the house rules off and the game goes on.
*/
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "notation.h"
#include "position.h"
#include "search.h"

#define PLIES 12 /* enough for hooks that count moves; the limits bound each call anyway */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  return 0;
}

/* A shallow search of the game's position: the engine calls the hooks its own way
** (every node, under their lock), and the move it chooses must be a legal one. */
static void search(const game *g) {
  search_limits limits = {.depth = 2, .threads = 1, .private_table = 1};
  dr_move best;
  int rc = search_best(g, &limits, NULL, NULL, NULL, &best, NULL);
  fuzz_require_status(g->rs, rc);
  int legal = 0;
  for (int i = 0; rc == 0 && i < g->legal.count; i++) legal |= move_same_effect(&best, &g->legal.moves[i]);
  fuzz_require(rc != 0 || legal, "the engine chose a move that is not legal", NULL);
}

/* Plays PLIES moves, each the 'i'-th legal move in turn (spread over the list). */
static void play(const ruleset *rs) {
  dr_position start;
  game g;
  err e = {{0}};
  if (fen_read(rs, "start", &start, &e)) {
    fuzz_require_message(&e);
    return;
  }
  int rc = game_init(&g, rs, &start, &e);
  fuzz_require(rc == 0, "a house rules' start position starts no game", e.msg);
  for (int i = 0; i < PLIES && g.result == DR_ONGOING && g.legal.count > 0; i++) {
    const dr_move *m = &g.legal.moves[(i * 7) % g.legal.count];
    fuzz_require(game_play(&g, m, &e) == 0, "a legal move cannot be played", e.msg);
  }
  if (g.result == DR_ONGOING) search(&g);
  game_free(&g);
}

static void check(const dr_variant *v, const char *source) {
  ruleset rs;
  err e = {{0}};
  if (rules_load_script(&rs, v, "fuzz.lua", source, &e)) {
    fuzz_require_message(&e);
    return;
  }
  play(&rs);
  rules_free(&rs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *source = text;
  const ruleset *defaults = fuzz_variant_line(&source);
  if (defaults) check(defaults->v, source);
  free(text);
  return 0;
}
