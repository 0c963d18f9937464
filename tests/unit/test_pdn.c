/*
** test_pdn.c — reading PDN (tags, numbers, comments, variations, NAGs, results),
** replaying it against the rules, writing it back, and the errors bad files get.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "notation.h"
#include "pdn.h"

static fixture fx;
static void setup(void) { fixture_open(&fx, 0); }
static void teardown(void) { fixture_close(&fx); }
TestSuite(pdn, .init = setup, .fini = teardown);

static const char sample[] =
    "[Event \"Club \\\"night\\\"\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n"
    "1. c3-d4 {a classical start} f6-e5 2. d4xf6 $1 (2. b2-c3 e5xc3) g7xe5!? 3. b2-c3 *\n"
    "\n[Event \"second\"]\n1. a3-b4 1-0\n";

Test(pdn, parses_tags_and_movetext) {
  pdn_record r;
  err e;
  pdn_cursor pos = PDN_START;
  cr_assert_eq(pdn_parse(sample, &pos, &r, &e), 1, "%s", e.msg);
  cr_expect_str_eq(pdn_tag_value(&r, "Event"), "Club \"night\"");
  cr_expect_str_eq(pdn_tag_value(&r, "Black"), "Bob");
  cr_assert_eq(r.nmoves, 5);
  cr_expect_str_eq(r.moves[2], "d4xf6");
  cr_expect_str_eq(r.moves[3], "g7xe5");
  cr_expect_str_eq(r.result, "*");
  pdn_record_free(&r);
  cr_assert_eq(pdn_parse(sample, &pos, &r, &e), 1, "%s", e.msg);
  cr_expect_str_eq(r.result, "1-0");
  cr_expect_eq(r.nmoves, 1);
  pdn_record_free(&r);
  cr_expect_eq(pdn_parse(sample, &pos, &r, &e), 0);
}

Test(pdn, replays_and_writes_back_the_same_game) {
  pdn_record r;
  err e;
  pdn_cursor pos = PDN_START;
  game g;
  cr_assert_eq(pdn_parse(sample, &pos, &r, &e), 1);
  cr_assert_eq(pdn_replay(&r, &fx.rs, &g, &e), 0, "%s", e.msg);
  cr_expect_eq(g.count, 5);
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  pdn_write(out, &g, r.tags, 3);
  fclose(out);
  cr_expect(strstr(text, "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 *") != NULL, "%s", text);
  cr_expect(strstr(text, "[Variant \"template\"]") != NULL, "%s", text);
  pdn_record again;
  pdn_cursor at = PDN_START;
  game g2;
  cr_assert_eq(pdn_parse(text, &at, &again, &e), 1, "%s", e.msg);
  cr_assert_eq(pdn_replay(&again, &fx.rs, &g2, &e), 0, "%s", e.msg);
  cr_expect_eq(memcmp(game_position(&g), game_position(&g2), sizeof(dr_position)), 0);
  game_free(&g);
  game_free(&g2);
  pdn_record_free(&r);
  pdn_record_free(&again);
  free(text);
}

Test(pdn, writes_setup_positions_with_a_fen_tag) {
  dr_position p;
  err e;
  game g;
  cr_assert_eq(fen_read(&fx.rs, "B:Wc3,e3:Bd6", &p, &e), 0);
  cr_assert_eq(game_init(&g, &fx.rs, &p, &e), 0);
  cr_assert_eq(game_play(&g, &g.legal.moves[0], &e), 0);
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  pdn_write(out, &g, NULL, 0);
  fclose(out);
  cr_expect(strstr(text, "[FEN \"B:Wc3,e3:Bd6\"]") != NULL, "%s", text);
  cr_expect(strstr(text, "1... d6-") != NULL, "%s", text);
  game_free(&g);
  free(text);
}

static void expect_parse_error(const char *text, const char *reason) {
  pdn_record r;
  err e = {""};
  pdn_cursor pos = PDN_START;
  cr_expect_eq(pdn_parse(text, &pos, &r, &e), -1, "accepted: %s", text);
  cr_expect(strstr(e.msg, reason) != NULL, "lacks '%s': %s", reason, e.msg);
}

Test(pdn, refuses_broken_files_naming_the_line) {
  expect_parse_error("[Event \"x\"]\n1. c3-d4 {never closed\n", "line 2: unterminated comment");
  expect_parse_error("[Event x]\n", "line 1: a tag's value must be in double quotes");
  expect_parse_error("[Event \"x\n", "unterminated tag value");
  expect_parse_error("\n\n1. c3-d4 (b2-c3\n", "line 3: unterminated variation");
  expect_parse_error("1. c3-d4 %%% *", "unexpected character");
  expect_parse_error("1. c3-d4 ) f6-e5 *", "line 1: ')' closes nothing"); /* looped for ever */
  expect_parse_error("1. c3-d4\n} *", "line 2: '}' closes nothing");
}

/* A long game reads in linear time: the move list grew one slot at a time. */
Test(pdn, reads_a_long_game_quickly, .timeout = 20) {
  enum { N = 100000 };
  char *text = malloc(6 * N + 2);
  for (int i = 0; i < N; i++) memcpy(text + 6 * i, "a1-b2 ", 6);
  strcpy(text + 6 * N, "*");
  pdn_record r;
  err e;
  pdn_cursor pos = PDN_START;
  cr_assert_eq(pdn_parse(text, &pos, &r, &e), 1, "%s", e.msg);
  cr_expect_eq(r.nmoves, N);
  cr_expect_str_eq(r.moves[N - 1], "a1-b2");
  pdn_record_free(&r);
  free(text);
}

Test(pdn, refuses_an_illegal_move_naming_it) {
  pdn_record r;
  err e = {""};
  pdn_cursor pos = PDN_START;
  game g;
  cr_assert_eq(pdn_parse("1. c3-d4 f6-e5 2. a1-b2 *", &pos, &r, &e), 1);
  cr_expect_neq(pdn_replay(&r, &fx.rs, &g, &e), 0);
  cr_expect(strstr(e.msg, "PDN move 2. a1-b2") != NULL, "%s", e.msg);
  pdn_record_free(&r);
}

Test(pdn, refuses_a_bad_fen_tag) {
  pdn_record r;
  err e = {""};
  pdn_cursor pos = PDN_START;
  game g;
  cr_assert_eq(pdn_parse("[FEN \"W:Wq1\"]\n*", &pos, &r, &e), 1);
  cr_expect_neq(pdn_replay(&r, &fx.rs, &g, &e), 0);
  cr_expect(strstr(e.msg, "PDN FEN tag") != NULL, "%s", e.msg);
  pdn_record_free(&r);
}

/* A later game's error names its own line: the cursor carries the count on. */
Test(pdn, a_later_game_names_its_line) {
  const char *text = "[Event \"one\"]\n1. c3-d4 *\n\n[Event \"two\"]\n1. c3-d4 {never closed\n";
  pdn_cursor pos = PDN_START;
  pdn_record r;
  err e = {""};
  cr_assert_eq(pdn_parse(text, &pos, &r, &e), 1, "%s", e.msg);
  pdn_record_free(&r);
  cr_expect_eq(pdn_parse(text, &pos, &r, &e), -1);
  cr_expect(strstr(e.msg, "PDN line 5: unterminated comment") != NULL, "%s", e.msg);
}

/* 16 MB of 10,000 games.  Reading them is linear (a second or two, even under the
** sanitizers); reading that recounted the lines from the start for every game took
** minutes, past this suite's timeout in tests/CMakeLists.txt.  No time is measured. */
Test(pdn, many_games_are_read_in_one_pass) {
  enum { GAMES = 10000 };
  const char game_text[] = "[Event \"club\"]\n[Variant \"template\"]\n{%s}\n1. c3-d4 f6-e5 *\n\n";
  char filler[1600];
  memset(filler, 'x', sizeof filler - 1);
  filler[sizeof filler - 1] = '\0';
  size_t one = strlen(game_text) - 2 + strlen(filler);
  char *text = malloc(one * GAMES + 1), *at = text;
  for (int i = 0; i < GAMES; i++) at += sprintf(at, game_text, filler);
  pdn_cursor pos = PDN_START;
  pdn_record r;
  err e = {""};
  int n = 0, got;
  while ((got = pdn_parse(text, &pos, &r, &e)) == 1) {
    n += r.nmoves == 2;
    pdn_record_free(&r);
  }
  cr_expect_eq(got, 0, "%s", e.msg);
  cr_expect_eq(n, GAMES);
  cr_expect_eq(pos.line, 5 * GAMES + 1);
  free(text);
}
