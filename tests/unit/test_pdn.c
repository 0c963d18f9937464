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
  cr_assert_eq(pdn_replay(&r, &fx.rs, &g, NULL, &e), 0, "%s", e.msg);
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
  cr_assert_eq(pdn_replay(&again, &fx.rs, &g2, NULL, &e), 0, "%s", e.msg);
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
  expect_parse_error("1. c3-d4 &&& *", "unexpected character");
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
  cr_expect_neq(pdn_replay(&r, &fx.rs, &g, NULL, &e), 0);
  cr_expect(strstr(e.msg, "ply 3, move 2. a1-b2") != NULL, "%s", e.msg);
  pdn_record_free(&r);
}

Test(pdn, refuses_a_bad_fen_tag) {
  pdn_record r;
  err e = {""};
  pdn_cursor pos = PDN_START;
  game g;
  cr_assert_eq(pdn_parse("[FEN \"W:Wq1\"]\n*", &pos, &r, &e), 1);
  cr_expect_neq(pdn_replay(&r, &fx.rs, &g, NULL, &e), 0);
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

/* ------------------------------------------------------- PDN as the world writes it */

static pdn_record parse_ok(const char *text) {
  pdn_record r;
  err e = {""};
  pdn_cursor pos = PDN_START;
  cr_assert_eq(pdn_parse(text, &pos, &r, &e), 1, "%s: %s", text, e.msg);
  return r;
}

static void expect_moves(const pdn_record *r, int n, const char *const *moves) {
  cr_assert_eq(r->nmoves, n, "%d moves, not %d", r->nmoves, n);
  for (int i = 0; i < n; i++) cr_expect_str_eq(r->moves[i], moves[i]);
}

Test(pdn, reads_moves_split_at_their_separator) {
  pdn_record r = parse_ok("1. 32-28 1- 6 2. 28 x19 14 - 23 3. 37-32 *");
  expect_moves(&r, 5, (const char *const[]){"32-28", "1-6", "28x19", "14-23", "37-32"});
  pdn_record_free(&r);
}

Test(pdn, reads_line_comments_and_a_left_out_move) {
  pdn_record r = parse_ok("% Board game: International Draughts 10x10\n[Date \"2012.02.01\"]\n"
                          "1. 32-28 % to the end of the line 19-23\n19-23 2. ... 17-22 2-0\n");
  expect_moves(&r, 3, (const char *const[]){"32-28", "19-23", "17-22"});
  cr_expect_str_eq(pdn_tag_value(&r, "Date"), "2012.02.01");
  cr_expect_str_eq(r.result, "2-0");
  pdn_record_free(&r);
}

/* A '%' comment on the file's last line, with no end of line after it (found by
** fuzz_pdn: the reader stepped past the end of the text). */
Test(pdn, a_line_comment_may_end_the_file) {
  char *text = strdup("1. 32-28 19-23 % the last line");
  pdn_record r = parse_ok(text);
  expect_moves(&r, 2, (const char *const[]){"32-28", "19-23"});
  pdn_record_free(&r);
  free(text);
}

Test(pdn, refuses_what_the_standards_fail_files_hold) {
  expect_parse_error("[Result \"0-2\"]\n1. 0-2\n", "move number 1. is followed by no move");
  expect_parse_error("1. c3-d4 f6-e5 2.\n", "move number 2. is followed by no move");
  expect_parse_error("1. 33-29 19-23 2. 35-30 { nested { comment } } *", "'}' closes nothing");
  expect_parse_error("[Event \"a\"]\n1. c3-d4\n\n[Event \"b\"]\n1. c3-d4 *", "line 4: the game's moves run into the next");
  expect_parse_error("1. c3-d4 f6-e5 2. d4-c5 . 1-0", "unexpected character");
  expect_parse_error("1. - - 2. - - *", "unexpected character");
}

Test(pdn, a_bad_game_is_skipped_to_the_next) {
  const char *text = "[Event \"1\"]\n1. c3-d4 {\n[Event \"2\"]\n1. c3-d4 *\n";
  pdn_cursor pos = PDN_START;
  pdn_record r;
  err e = {""};
  cr_assert_eq(pdn_parse(text, &pos, &r, &e), -1);
  pos = (pdn_cursor){strstr(text, "{") - text, 2};
  pdn_skip_game(text, &pos);
  cr_assert_eq(pdn_parse(text, &pos, &r, &e), 1, "%s", e.msg);
  cr_expect_str_eq(pdn_tag_value(&r, "Event"), "2");
  cr_expect_eq(pos.line, 5);
  pdn_record_free(&r);
}

/* The record's replay on the fixture's rules; its notes in 'n'. */
static int replay_text(const char *text, game *g, pdn_notes *n, err *e) {
  pdn_record r = parse_ok(text);
  memset(n, 0, sizeof *n);
  int rc = pdn_replay(&r, &fx.rs, g, n, e);
  pdn_record_free(&r);
  return rc;
}

static int notes_say(const pdn_notes *n, const char *what) {
  for (int i = 0; i < n->count; i++)
    if (strstr(n->line[i], what)) return 1;
  return 0;
}

Test(pdn, reads_squares_without_a_separator) {
  game g;
  pdn_notes n;
  err e = {""};
  cr_assert_eq(replay_text("1.c3d4 f6e5 2. d4xf6 *", &g, &n, &e), 0, "%s", e.msg);
  cr_expect_eq(g.count, 3);
  game_free(&g);
}

Test(pdn, joins_a_capture_written_one_jump_at_a_time) {
  game g;
  pdn_notes n;
  err e = {""};
  cr_assert_eq(replay_text("[FEN \"W:Wc3:Bd4,d6,a7\"]\n1. c3xe5 e5xc7 a7-b6 *", &g, &n, &e), 0, "%s", e.msg);
  cr_expect_eq(g.count, 2, "the two jumps are one move");
  cr_expect_eq(g.ply[0].move.njumps, 2);
  game_free(&g);
}

Test(pdn, the_rest_of_the_game_says_which_capture_a_short_one_is) {
  game g;
  pdn_notes n;
  err e = {""};
  /* c3xc7 goes by a5 (taking b4, b6) or by e5 (taking d4, d6): only after the first
  ** can Black play d4-e3. */
  cr_assert_eq(replay_text("[FEN \"W:Wc3:Bb4,d4,b6,d6\"]\n1. c3xc7 d4-e3 *", &g, &n, &e), 0, "%s", e.msg);
  cr_expect_eq(g.ply[0].move.path[0], point_find(fx.v.geometry, "a5", 2));
  cr_expect(notes_say(&n, "ply 1: 'c3xc7' could be several captures"), "%s", n.line[0]);
  game_free(&g);
  cr_expect_neq(replay_text("[FEN \"W:Wc3:Bb4,d4,b6,d6\"]\n1. c3xc7 *", &g, &n, &e), 0, "nothing tells");
  cr_expect(strstr(e.msg, "ply 1, move 1. c3xc7: 'c3xc7' is ambiguous") != NULL, "%s", e.msg);
}

Test(pdn, a_game_played_past_the_rules_end_is_checked_to_its_last_move) {
  game g;
  pdn_notes n;
  err e = {""};
  const char *repeat = "[FEN \"W:WKa1:BKh8\"]\n1. a1-b2 h8-g7 2. b2-a1 g7-h8 3. a1-b2 h8-g7 4. b2-a1 g7-h8 ";
  char text[256];
  snprintf(text, sizeof text, "%s5. a1-b2 *", repeat);
  cr_assert_eq(replay_text(text, &g, &n, &e), 0, "%s", e.msg);
  cr_expect_eq(g.count, 9);
  cr_expect(notes_say(&n, "the rules end the game after ply 8 (threefold repetition); the file plays on"), "%s",
            n.line[0]);
  game_free(&g);
  snprintf(text, sizeof text, "%s5. a1-c3 *", repeat);
  cr_expect_neq(replay_text(text, &g, &n, &e), 0, "a move after the end is still checked");
  cr_expect(strstr(e.msg, "ply 9, move 5. a1-c3") != NULL, "%s", e.msg);
}

Test(pdn, keeps_the_files_result_and_notes_disagreements) {
  game g;
  pdn_notes n;
  err e = {""};
  pdn_record r = parse_ok("[Result \"1-0\"]\n1. c3-d4 f6-e5 0-1");
  cr_assert_eq(pdn_replay(&r, &fx.rs, &g, NULL, &e), 0, "%s", e.msg);
  memset(&n, 0, sizeof n);
  cr_expect_eq(pdn_result(&r, &g, &n), DR_WHITE_WINS, "the tag's result");
  cr_expect(notes_say(&n, "tag Result 1-0 and the closing result 0-1 disagree"), "%s", n.line[0]);
  g.result = pdn_result(&r, &g, NULL);
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  pdn_write(out, &g, r.tags, r.ntags);
  fclose(out);
  cr_expect(strstr(text, "[Result \"1-0\"]") && strstr(text, "f6-e5 1-0"), "tag and closing result agree: %s", text);
  cr_expect(strstr(strstr(text, "[Result") + 1, "[Result") == NULL, "one Result tag: %s", text);
  free(text);
  game_free(&g);
  pdn_record_free(&r);
  r = parse_ok("1. c3-d4 f6-e5 2-0");
  cr_assert_eq(pdn_replay(&r, &fx.rs, &g, NULL, &e), 0, "%s", e.msg);
  cr_expect_eq(pdn_result(&r, &g, NULL), DR_WHITE_WINS, "a result only after the moves, of the other family");
  game_free(&g);
  pdn_record_free(&r);
}
