/*
** fuzz_fen.c — the FEN reader: "VARIANT\nFEN".  A position it accepts must write
** back and read again to itself in each notation, and the plugin's moves from it
** must pass the guard, lead to positions that are valid again, and keep the
** incremental hash equal to a fresh one.
*/
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "notation.h"
#include "position.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  return 0;
}

static void round_trip(const ruleset *rs, const dr_position *p, int notation) {
  char text[1024];
  dr_position again;
  err e = {{0}};
  fen_write_as(rs->v, p, notation, text, sizeof text);
  fuzz_require(fen_read(rs, text, &again, &e) == 0, "a written FEN does not read back", e.msg);
  fuzz_require(pos_same(p, &again), "a FEN reads back to another position", text);
}

static void moves_from(const ruleset *rs, const dr_position *p) {
  dr_movelist *legal = xmalloc(sizeof *legal);
  int rc = rules_generate(rs, p, legal);
  fuzz_require_status(rs, rc);
  uint64_t key = pos_hash(p);
  for (int i = 0; rc == DR_OK && i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    dr_position after = *p;
    err e = {{0}};
    pos_apply(&after, m);
    fuzz_require(position_validate(rs, &after, &e) == 0, "a legal move leads to an invalid position", e.msg);
    fuzz_require(pos_hash_after(key, p, m) == pos_hash(&after), "the incremental hash differs", NULL);
  }
  free(legal);
}

static void check(const ruleset *rs, const char *fen) {
  dr_position p;
  err e = {{0}};
  if (fen_read(rs, fen, &p, &e)) {
    fuzz_require_message(&e);
    return;
  }
  round_trip(rs, &p, NOTATION_ALGEBRAIC);
  if (geometry_has_numbers(rs->v->geometry)) round_trip(rs, &p, NOTATION_NUMERIC);
  moves_from(rs, &p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *rest = text;
  const ruleset *rs = fuzz_variant_line(&rest);
  if (rs) check(rs, rest);
  free(text);
  return 0;
}
