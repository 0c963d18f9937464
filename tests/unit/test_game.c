/*
** test_game.c — game history: counters, repetition, undo, resignation, verdicts.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "fixture.h"
#include "game.h"
#include "notation.h"
#include "position.h"

static fixture fx;
static void setup(void) { fixture_open(&fx, 0); }
static void teardown(void) { fixture_close(&fx); }
TestSuite(game, .init = setup, .fini = teardown);

static void start(game *g, const char *fen) {
  dr_position p;
  err e;
  cr_assert_eq(fen_read(&fx.rs, fen, &p, &e), 0, "%s", e.msg);
  cr_assert_eq(game_init(g, &fx.rs, &p, &e), 0, "%s", e.msg);
}

static void play(game *g, const char *text) {
  err e;
  const dr_move *m = move_parse(fx.v.geometry, &g->legal, text, &e);
  cr_assert_not_null(m, "%s", e.msg);
  cr_assert_eq(game_play(g, m, &e), 0, "%s", e.msg);
}

Test(game, counts_plies_since_capture_man_move_and_material) {
  game g;
  dr_history h;
  start(&g, "W:WKa1,c3:BKh8,b6");
  play(&g, "a1-b2");
  play(&g, "h8-g7");
  game_history(&g, &h);
  cr_expect_eq(h.plies_since_capture, 2);
  cr_expect_eq(h.plies_since_man_move, 2);
  play(&g, "c3-d4");
  game_history(&g, &h);
  cr_expect_eq(h.plies_since_man_move, 0);
  cr_expect_eq(h.plies_since_capture, 3);
  cr_expect_eq(h.plies_since_material, 3);
  game_free(&g);
}

/* The time each side has held a king: a crowning of a side that has one already does
** not start it again (the endgame counts run from the lone king's situation); a
** side's first crowning starts it, a capture starts both. */
Test(game, counts_each_sides_time_with_a_king) {
  game g;
  dr_history h;
  start(&g, "W:WKa1,c7,e3:BKh4,f6");
  play(&g, "a1-b2");
  play(&g, "h4-g3");
  play(&g, "c7-d8"); /* crowned: White had a king already */
  game_history(&g, &h);
  cr_expect_eq(h.plies_since_material, 0);
  cr_expect_eq(h.plies_with_king[DR_WHITE], 3);
  cr_expect_eq(h.plies_with_king[DR_BLACK], 3);
  play(&g, "f6-g5");
  play(&g, "e3-f4");
  play(&g, "g5xe3"); /* a capture: every count starts again */
  game_history(&g, &h);
  cr_expect_eq(h.plies_with_king[DR_WHITE], 0);
  cr_expect_eq(h.plies_with_king[DR_BLACK], 0);
  play(&g, "d8-c7");
  game_history(&g, &h);
  cr_expect_eq(h.plies_with_king[DR_WHITE], 1);
  game_free(&g);
  start(&g, "W:Wc7:BKh4");
  play(&g, "c7-b8"); /* the first king: its time starts now */
  game_history(&g, &h);
  cr_expect_eq(h.plies_with_king[DR_WHITE], 0);
  cr_expect_eq(h.plies_with_king[DR_BLACK], 1);
  game_free(&g);
}

Test(game, threefold_repetition_is_counted_and_judged) {
  game g;
  start(&g, "W:WKa1:BKh8");
  static const char *const cycle[] = {"a1-b2", "h8-g7", "b2-a1", "g7-h8"};
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 4; i++) play(&g, cycle[i]);
  dr_history h;
  game_history(&g, &h);
  cr_expect_eq(h.repetitions, 3);
  cr_expect_eq(g.result, DR_DRAW);
  cr_expect_str_eq(g.why, "threefold repetition");
  err e;
  cr_expect_neq(game_play(&g, &g.legal.moves[0], &e), 0, "moves after the end must be refused");
  game_free(&g);
}

Test(game, undo_restores_position_key_and_verdict) {
  game g;
  start(&g, "W:Wc3:Bd4");
  uint64_t key = g.ply[0].key;
  play(&g, "c3xe5");
  cr_expect_eq(g.result, DR_WHITE_WINS);
  cr_expect_eq(game_undo(&g), 0);
  cr_expect_eq(g.result, DR_ONGOING);
  cr_expect_eq(g.ply[g.count].key, key);
  cr_expect_eq(pos_hash(game_position(&g)), key);
  cr_expect_eq(game_undo(&g), -1);
  game_free(&g);
}

Test(game, resignation_ends_the_game_for_the_side_to_move) {
  game g;
  start(&g, "start");
  play(&g, "c3-d4");
  game_resign(&g);
  cr_expect_eq(g.result, DR_WHITE_WINS);
  cr_expect_str_eq(g.why, "black resigned");
  cr_expect_str_eq(result_text(g.result), "1-0");
  game_free(&g);
}

Test(game, apply_moves_captures_and_crowns) {
  dr_position p;
  err e;
  cr_assert_eq(fen_read(&fx.rs, "W:Wc7,e3:Bd4", &p, &e), 0);
  dr_movelist l = {0};
  rules_generate(&fx.rs, &p, &l);
  cr_assert_eq(l.count, 1, "capture is compulsory");
  uint64_t key = pos_hash_after(pos_hash(&p), &p, &l.moves[0]);
  pos_apply(&p, &l.moves[0]);
  cr_expect_eq(p.side[DR_BLACK], 0);
  cr_expect_eq(key, pos_hash(&p));
  cr_assert_eq(fen_read(&fx.rs, "W:Wc7:Bd4", &p, &e), 0);
  l.count = 0;
  rules_generate(&fx.rs, &p, &l);
  for (int i = 0; i < l.count; i++) cr_expect(l.moves[i].promotes, "c7 reaches the last row");
  pos_apply(&p, &l.moves[0]);
  cr_expect_eq(__builtin_popcountll(p.kings), 1);
}
