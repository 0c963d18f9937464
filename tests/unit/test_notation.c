/*
** test_notation.c — FEN in both forms, move text, and the errors bad text gets.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "fixture.h"
#include "notation.h"
#include "position.h"

static fixture fx;
static void setup(void) { fixture_open(&fx, 1); }
static void teardown(void) { fixture_close(&fx); }
TestSuite(notation, .init = setup, .fini = teardown);

static dr_position read_ok(const char *fen) {
  dr_position p;
  err e = {""};
  cr_assert_eq(fen_read(&fx.rs, fen, &p, &e), 0, "%s: %s", fen, e.msg);
  return p;
}

static void expect_fen_error(const char *fen, const char *reason) {
  dr_position p;
  err e = {""};
  cr_expect_neq(fen_read(&fx.rs, fen, &p, &e), 0, "accepted: %s", fen);
  cr_expect(strstr(e.msg, reason) != NULL, "%s: message lacks '%s': %s", fen, reason, e.msg);
  cr_expect(strchr(e.msg, '\n') == NULL);
}

Test(notation, reads_algebraic_fen) {
  dr_position p = read_ok("W:Wa1,c3,Kh8:Bb6,d8");
  cr_expect_eq(p.turn, DR_WHITE);
  cr_expect_eq(__builtin_popcountll(p.side[DR_WHITE]), 3);
  cr_expect_eq(__builtin_popcountll(p.side[DR_BLACK]), 2);
  cr_expect_eq(__builtin_popcountll(p.kings), 1);
}

Test(notation, writes_both_forms_and_reads_them_back) {
  dr_position p = read_ok("B:Wa1,c3,Kh8:Bb6,Kd8");
  char text[256];
  fen_write(fx.v.geometry, &p, NOTATION_ALGEBRAIC, text, sizeof text);
  cr_expect_str_eq(text, "B:Wa1,c3,Kh8:Bb6,Kd8");
  fen_write(fx.v.geometry, &p, NOTATION_NUMERIC, text, sizeof text);
  cr_expect_str_eq(text, "B:WK4,22,29:BK2,9");
  dr_position back = read_ok(text);
  cr_expect_eq(memcmp(&p, &back, sizeof p), 0);
}

Test(notation, reads_numeric_ranges_counters_and_case) {
  dr_position a = read_ok("W:W21-24,K32:B1-3.");
  dr_position b = read_ok("w:w21,22,23,24,k32:b1,2,3:H0:F1");
  cr_expect_eq(memcmp(&a, &b, sizeof a), 0);
  cr_expect_eq(__builtin_popcountll(a.side[DR_WHITE]), 5);
}

Test(notation, start_is_the_variants_start) {
  dr_position p = read_ok("start");
  cr_expect_eq(__builtin_popcountll(p.side[0]), 12);
}

Test(notation, refuses_malformed_and_impossible_fen) {
  expect_fen_error("", "malformed FEN at character 1");
  expect_fen_error("X:Wa1", "expected W or B");
  expect_fen_error("W:Wa1,:Bb6", "expected a square after ','");
  expect_fen_error("W:Wa1;Bb6", "expected ',' or ':'");
  expect_fen_error("W:Wz9:Bb6", "'z9' is not a point");
  expect_fen_error("W:Wb1:Bb6", "'b1' is not a point");
  expect_fen_error("W:W33:B1", "'33' is not a point");
  expect_fen_error("W:Wa1,a1:Bb6", "point a1 is listed twice");
  expect_fen_error("W:Wa1:Ba1", "point a1 is listed twice");
  expect_fen_error("W:Wa1:Bb6:Wc3", "listed twice");
  expect_fen_error("W:Wb8:Bb6", "the man on b8 stands on its own side's promotion row");
  expect_fen_error("W:Wc3:Ba1", "the man on a1 stands on its own");
  expect_fen_error("W:W5-1:B9", "a range must go upwards");
  expect_fen_error("W:Wa1-c3:B9", "a range needs two point numbers");
  expect_fen_error("W", "no piece lists");
  expect_fen_error("W:Wa1:Bb6 junk", "character 10");
  expect_fen_error("W:Wa1:Bb6. junk", "unexpected text");
}

Test(notation, accepts_a_king_on_the_promotion_row) { read_ok("W:WKb8:Bb6"); }

static dr_movelist *moves_of(const char *fen) {
  static dr_movelist list;
  dr_position p = read_ok(fen);
  cr_assert_eq(rules_generate(&fx.rs, &p, &list), DR_OK);
  return &list;
}

Test(notation, move_text_gives_every_landing) {
  dr_movelist *l = moves_of("W:Wc3:Bd4,d6");
  cr_assert_eq(l->count, 1);
  char t[64];
  move_text(fx.v.geometry, &l->moves[0], NOTATION_ALGEBRAIC, t, sizeof t);
  cr_expect_str_eq(t, "c3xe5xc7");
  move_text(fx.v.geometry, &l->moves[0], NOTATION_NUMERIC, t, sizeof t);
  cr_expect_str_eq(t, "22x15x6");
  move_text_short(fx.v.geometry, l, &l->moves[0], NOTATION_ALGEBRAIC, t, sizeof t);
  cr_expect_str_eq(t, "c3xc7");
}

Test(notation, parses_full_short_partial_and_numeric_moves) {
  dr_movelist *l = moves_of("W:Wc3:Bd4,d6");
  err e;
  static const char *const forms[] = {"c3xe5xc7", "c3xc7", "C3XE5XC7", "22x6", "22x15x6", "c3-c7", "c3:e5:c7"};
  for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
    cr_expect_eq(move_parse(fx.v.geometry, l, forms[i], &e), &l->moves[0], "%s: %s", forms[i], e.msg);
}

Test(notation, ambiguous_and_illegal_moves_are_refused) {
  /* Two captures from c3 end on c7 over different pieces: the short form is ambiguous. */
  dr_movelist *l = moves_of("W:Wc3:Bb4,d4,b6,d6");
  err e = {""};
  cr_expect_null(move_parse(fx.v.geometry, l, "c3xc7", &e));
  cr_expect(strstr(e.msg, "ambiguous") && strstr(e.msg, "c3xa5xc7") && strstr(e.msg, "c3xe5xc7"), "%s", e.msg);
  cr_expect_not_null(move_parse(fx.v.geometry, l, "c3xa5xc7", &e), "%s", e.msg);
  cr_expect_null(move_parse(fx.v.geometry, l, "c3-d4", &e));
  cr_expect(strstr(e.msg, "not a legal move") != NULL, "%s", e.msg);
  cr_expect_null(move_parse(fx.v.geometry, l, "c3", &e));
  cr_expect(strstr(e.msg, "start and end") != NULL, "%s", e.msg);
  cr_expect_null(move_parse(fx.v.geometry, l, "c3-q9", &e));
  cr_expect(strstr(e.msg, "'q9' is not a point") != NULL, "%s", e.msg);
  char t[64];
  move_text_short(fx.v.geometry, l, &l->moves[0], NOTATION_ALGEBRAIC, t, sizeof t);
  cr_expect(strlen(t) == 8, "ambiguous short form must give the full path: %s", t);
}

static int bit(const char *name) { return point_find(fx.v.geometry, name, strlen(name)); }

/* A flying king's two captures from a Russian position (found by fuzz_move): the
** landings of the short one are also some of the long one's, and its full path was
** taken for a partial path of both, so the text written for it named neither. */
Test(notation, a_full_path_names_its_move_inside_a_longer_capture) {
  dr_movelist l = {0};
  dr_move longer = {.from = (uint8_t)bit("g1"), .to = (uint8_t)bit("a1"), .njumps = 5,
                    .path = {(uint8_t)bit("d4"), (uint8_t)bit("b6"), (uint8_t)bit("d8"), (uint8_t)bit("f6"),
                             (uint8_t)bit("a1")}};
  dr_move shorter = {.from = longer.from, .to = longer.to, .njumps = 2, .path = {longer.path[0], longer.to}};
  longer.captured = (dr_bits)1 << bit("e3") | (dr_bits)1 << bit("c5") | (dr_bits)1 << bit("c7") |
                    (dr_bits)1 << bit("e7") | (dr_bits)1 << bit("c3");
  shorter.captured = (dr_bits)1 << bit("e3") | (dr_bits)1 << bit("c3");
  l.moves[0] = longer, l.moves[1] = shorter, l.count = 2;
  err e = {""};
  char t[64];
  for (int i = 0; i < 2; i++) {
    move_text_short(fx.v.geometry, &l, &l.moves[i], NOTATION_ALGEBRAIC, t, sizeof t);
    cr_expect_eq(move_parse(fx.v.geometry, &l, t, &e), &l.moves[i], "%s: %s", t, e.msg);
  }
  cr_expect_null(move_parse(fx.v.geometry, &l, "g1xa1", &e), "the ends alone name either");
  cr_expect(strstr(e.msg, "ambiguous") != NULL, "%s", e.msg);
}

Test(notation, unique_drops_only_same_effect_paths) {
  dr_movelist l = {0};
  dr_move a = {.from = 1, .to = 9, .captured = 0x30, .njumps = 2, .path = {5, 9}};
  dr_move b = a, c = a;
  b.path[0] = 6;
  c.captured = 0x50;
  l.moves[0] = a, l.moves[1] = b, l.moves[2] = c, l.count = 3;
  movelist_unique(&l);
  cr_expect_eq(l.count, 2);
  cr_expect_eq(l.moves[1].captured, 0x50);
}

/* ------------------------------------------------- the variants' conventions */

/* A shipped plugin with its rules loaded, for the conventions of its world. */
typedef struct shipped {
  plugin *p;
  ruleset rs;
} shipped;

static void shipped_open(shipped *s, const char *name) {
  char path[512];
  err e = {""};
  snprintf(path, sizeof path, "%s/%s.so", PLUGIN_DIR, name);
  s->p = plugin_open(path, &e);
  cr_assert_not_null(s->p, "%s", e.msg);
  cr_assert_eq(rules_load(&s->rs, &s->p->v, NULL, &e), 0, "%s", e.msg);
}

static void shipped_close(shipped *s) {
  rules_free(&s->rs);
  plugin_close(s->p);
}

Test(notation, english_fen_letters_follow_the_colours) {
  shipped en;
  shipped_open(&en, "english");
  dr_position start, p;
  err e = {""};
  char text[256];
  cr_assert_eq(fen_read(&en.rs, "start", &start, &e), 0, "%s", e.msg);
  fen_write_as(&en.p->v, &start, NOTATION_NUMERIC, text, sizeof text);
  cr_expect_str_eq(text, "B:B1-12:W21-32"); /* Black, the first player, on 1-12 */
  cr_assert_eq(fen_read(&en.rs, "B:W21-32:B1-12", &p, &e), 0, "%s", e.msg);
  cr_expect_eq(memcmp(&p, &start, sizeof p), 0, "the lists in either order are the start");
  cr_assert_eq(fen_read(&en.rs, "W:W18:B14", &p, &e), 0, "%s", e.msg);
  cr_expect_eq(p.turn, DR_BLACK, "W is White, the second player");
  cr_expect_neq(fen_read(&en.rs, "B:W1:B32", &p, &e), 0, "a White man on 1 has reached its promotion row");
  cr_expect_str_eq(side_name(&en.p->v, DR_WHITE), "Black");
  cr_expect_str_eq(side_name(&en.p->v, DR_BLACK), "White");
  shipped_close(&en);
}

Test(notation, runtime_letters_stay_for_scripts_and_the_default_is_white_first) {
  dr_position p = read_ok("W:W21-24:B1-3");
  char text[256];
  fen_write(fx.v.geometry, &p, NOTATION_NUMERIC, text, sizeof text);
  cr_expect_str_eq(text, "W:W21-24:B1-3");
  cr_expect_str_eq(side_name(&fx.v, DR_WHITE), "White");
  cr_expect_eq(fen_letter(&fx.v, DR_BLACK), 'B');
}

Test(notation, numeric_fen_writes_runs_of_men_as_ranges) {
  dr_position p = read_ok("W:W21,22,23,K24,26,27,29,30,31:B1,2");
  char text[256];
  fen_write(fx.v.geometry, &p, NOTATION_NUMERIC, text, sizeof text);
  cr_expect_str_eq(text, "W:W21-23,K24,26,27,29-31:B1,2");
  dr_position back = read_ok(text);
  cr_expect_eq(memcmp(&p, &back, sizeof p), 0);
}

Test(notation, an_unknown_side_to_move_is_refused_by_name) {
  expect_fen_error("?:W29,13,11:B22,4,2", "the side to move is unknown ('?')");
}

Test(notation, moves_as_each_world_writes_them) {
  shipped ru, in;
  shipped_open(&ru, "russian");
  shipped_open(&in, "international");
  dr_position p;
  dr_movelist *l = malloc(sizeof *l);
  err e = {""};
  char t[64];
  cr_assert_eq(fen_read(&ru.rs, "W:Wc3:Bd4,f6", &p, &e), 0, "%s", e.msg);
  cr_assert_eq(rules_generate(&ru.rs, &p, l), DR_OK);
  cr_assert_eq(l->count, 1);
  move_text_short_as(&ru.p->v, l, &l->moves[0], t, sizeof t);
  cr_expect_str_eq(t, "c3:g7"); /* GameType 25: algebraic, captures with ':' */
  cr_assert_eq(fen_read(&in.rs, "start", &p, &e), 0, "%s", e.msg);
  cr_assert_eq(rules_generate(&in.rs, &p, l), DR_OK);
  move_text_as(&in.p->v, &l->moves[0], t, sizeof t);
  cr_expect(t[0] >= '3' && t[0] <= '4' && strchr(t, '-'), "GameType 20 writes numbers: %s", t);
  free(l);
  shipped_close(&ru);
  shipped_close(&in);
}
