/*
** fuzz_move.c — move text against a position's legal moves: "VARIANT\nFEN\nMOVE\n
** MOVE...".  Each line is parsed against the moves of the game so far and, when it
** names one, played.  The text the runtime writes for a legal move (full path in
** either notation, the short form of game records) must name that move again.
*/
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "notation.h"
#include "position.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_registry();
  return 0;
}

static void names_itself(const dr_geometry *g, const dr_movelist *legal, const dr_move *m, const char *text) {
  err e = {{0}};
  const dr_move *found = move_parse(g, legal, text, &e);
  fuzz_require(found != NULL, "the text of a legal move does not parse", e.msg);
  fuzz_require(move_same_effect(found, m), "the text of a legal move names another", text);
}

static void texts_name_moves(const dr_geometry *g, const dr_movelist *legal) {
  for (int i = 0; i < legal->count; i++) {
    char text[256];
    move_text(g, &legal->moves[i], NOTATION_ALGEBRAIC, text, sizeof text);
    names_itself(g, legal, &legal->moves[i], text);
    move_text_short(g, legal, &legal->moves[i], NOTATION_ALGEBRAIC, text, sizeof text);
    names_itself(g, legal, &legal->moves[i], text);
    if (!geometry_has_numbers(g)) continue;
    move_text_short(g, legal, &legal->moves[i], NOTATION_NUMERIC, text, sizeof text);
    names_itself(g, legal, &legal->moves[i], text);
  }
}

/* Plays the lines naming legal moves; stops at the end of the game. */
static void play_lines(game *g, char *rest) {
  const dr_geometry *geo = g->rs->v->geometry;
  texts_name_moves(geo, &g->legal);
  while (*rest && g->result == DR_ONGOING) {
    const char *line = fuzz_line(&rest);
    err e = {{0}};
    const dr_move *m = move_parse(geo, &g->legal, line, &e);
    if (!m) {
      fuzz_require_message(&e);
      continue;
    }
    fuzz_require(game_play(g, m, &e) == 0, "a legal move cannot be played", e.msg);
    texts_name_moves(geo, &g->legal);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fuzz_text(data, size), *rest = text;
  const ruleset *rs = fuzz_variant_line(&rest);
  dr_position start;
  game g;
  err e = {{0}};
  if (rs && fen_read(rs, fuzz_line(&rest), &start, &e) == 0) {
    fuzz_require(game_init(&g, rs, &start, &e) == 0, "a valid position starts no game", e.msg);
    play_lines(&g, rest);
    game_free(&g);
  }
  free(text);
  return 0;
}
