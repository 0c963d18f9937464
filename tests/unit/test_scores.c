/*
** test_scores.c — profiles, scores and streaks.  Each scoring rule is played out
** through the session's host table on the 'sprint' test variant (every outcome a move
** or two away); then the store itself: where it lives, nicknames, a bad or foreign
** file moved aside, a newer schema refused, an old one migrated, two writer processes
** at once, a writer killed mid-save, and export/import between friends.  Every test
** has its own store in a fresh temporary directory.
*/
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "host_fixture.h"
#include "profile.h"
#include "scores.h"
#include "search.h"

static char dir[64], db[128];

static void remove_dir(const char *path) {
  DIR *d = opendir(path);
  if (!d) return;
  for (struct dirent *de; (de = readdir(d));) {
    char file[512];
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
    snprintf(file, sizeof file, "%s/%s", path, de->d_name);
    unlink(file);
  }
  closedir(d);
  rmdir(path);
}

static void setup(void) {
  snprintf(dir, sizeof dir, "/tmp/draughts_scores_XXXXXX");
  cr_assert_not_null(mkdtemp(dir));
  snprintf(db, sizeof db, "%s/profiles.db", dir);
  unsetenv("DRAUGHTS_PROFILE_DB");
  setenv("XDG_CONFIG_HOME", dir, 1); /* device keys for a friends server stay in the test's directory */
  host_open(TEST_PLUGIN_DIR "/scores:" TEST_PLUGIN_DIR);
}

static void teardown(void) {
  host_close();
  remove_dir(dir);
}

TestSuite(scores, .init = setup, .fini = teardown, .timeout = 60);
TestSuite(store, .init = setup, .fini = teardown, .timeout = 120);

/* ------------------------------------------------------------ helpers */

static void open_store(void) { cr_assert_eq(session_profiles_open(s, db, "ana"), 0, "%s", h->error(s)); }

static dr_scoring scoring(void) {
  dr_scoring sc;
  DR_INIT(sc);
  h->scoring(s, &sc);
  return sc;
}

static void start_level(int level, int white, int black, const char *fen) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "sprint";
  st.level = level;
  st.fen = fen;
  st.player[0] = white;
  st.player[1] = black;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

/* A game of the person (White) against the computer. */
static void start(int level) { start_level(level, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER, NULL); }

/* The same under the rules 'preset'. */
static void start_rules(const char *preset, int level) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "sprint";
  st.rules = preset;
  st.level = level;
  st.player[0] = DR_PLAYER_HUMAN, st.player[1] = DR_PLAYER_COMPUTER;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

/* Polls like a front end until a person is to move or the game is over. */
static void wait_computer(void) {
  for (int i = 0; i < 3000; i++) {
    dr_status st = status();
    if (st.human_to_move || st.result != DR_ONGOING) return;
    cr_assert(!(h->poll(s, NULL) & DR_EVENT_FAILED), "engine failed: %s", h->error(s));
    usleep(5000);
  }
  cr_assert_fail("the computer did not move within 15 s");
}

static void play(const char *move) {
  cr_assert_eq(h->play_text(s, move), 0, "%s: %s", move, h->error(s));
  wait_computer();
}

static void win_in_one(int level) {
  start(level);
  play("a7-b8");
}

static void win_in_two(int level) {
  start(level);
  play("g1-h2");
  play("a7-b8");
}

static dr_score history(int index) {
  dr_score g;
  DR_INIT(g);
  cr_assert_eq(h->score_history(s, "sprint", index, &g), 1, "no game %d in the history", index);
  return g;
}

static int history_count(void) {
  dr_score g;
  int n = 0;
  for (DR_INIT(g); h->score_history(s, NULL, n, &g) == 1; DR_INIT(g)) n++;
  return n;
}

static int record(int level) {
  dr_score r;
  DR_INIT(r);
  return h->score_record(s, "sprint", level, &r) == 1 ? r.points : 0;
}

static dr_streak streak(void) {
  dr_streak st;
  DR_INIT(st);
  cr_assert_eq(h->streak(s, "sprint", &st), 0, "%s", h->error(s));
  return st;
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  fputs(text, f);
  fclose(f);
}

/* -------------------------------------------------------- scoring rules */

Test(scores, the_rule_in_numbers) {
  cr_expect_eq(scores_points(DR_SCORE_WIN, 12, 30), 12 * 100 + 30 * 10);
  cr_expect_eq(scores_points(DR_SCORE_WIN, 3, 60), 300, "no move points from 60 moves on");
  cr_expect_eq(scores_points(DR_SCORE_WIN, 3, 75), 300);
  cr_expect_eq(scores_points(DR_SCORE_LOSS, 12, 10), 0);
  cr_expect_eq(scores_points(DR_SCORE_DRAW, 12, 10), 0);
}

Test(scores, a_win_scores_100_per_piece_left_and_10_per_move_under_60) {
  open_store();
  win_in_one(1);
  dr_scoring sc = scoring();
  cr_assert_eq(sc.finished, 1, "the win was not saved: %s", sc.notice);
  cr_expect_eq(sc.outcome, DR_SCORE_WIN);
  cr_expect_eq(sc.points, 2 * 100 + (60 - 1) * 10);
  dr_score g = history(0);
  cr_expect_eq(g.points, 790);
  cr_expect_eq(g.pieces, 2);
  cr_expect_eq(g.moves, 1);
  cr_expect_eq(g.ranked, 1);
}

Test(scores, the_moves_counted_are_the_winners_own) {
  open_store();
  win_in_two(1);
  cr_expect_eq(status().plies, 3);
  dr_score g = history(0);
  cr_expect_eq(g.moves, 2, "three plies are two moves of the winner");
  cr_expect_eq(g.points, 2 * 100 + 58 * 10);
}

Test(scores, a_loss_scores_nothing_and_is_kept_in_the_history) {
  open_store();
  start(1);
  cr_assert_eq(h->resign(s), 0, "%s", h->error(s));
  dr_score g = history(0);
  cr_expect_eq(g.outcome, DR_SCORE_LOSS);
  cr_expect_eq(g.points, 0);
  cr_expect_eq(record(1), 0, "a loss is no record");
}

Test(scores, a_draw_scores_nothing) {
  open_store();
  start(1);
  play("g1-h2");
  play("h2-g3");
  cr_assert_eq(status().result, DR_DRAW);
  dr_score g = history(0);
  cr_expect_eq(g.outcome, DR_SCORE_DRAW);
  cr_expect_eq(g.points, 0);
  cr_expect_eq(record(1), 0);
}

Test(scores, the_best_score_is_the_record_and_the_rest_history) {
  open_store();
  win_in_two(1);
  dr_scoring sc = scoring();
  cr_expect_eq(sc.new_record, 1, "the first win is a record");
  win_in_one(1);
  cr_expect_eq(scoring().new_record, 1);
  win_in_two(1);
  cr_expect_eq(scoring().new_record, 0, "780 does not beat 790");
  cr_expect_eq(record(1), 790);
  cr_expect_eq(history_count(), 3, "every game stays in the history");
  start(1);
  cr_expect_eq(scoring().record, 790, "the record to beat is shown during play");
}

Test(scores, each_level_has_its_own_records) {
  open_store();
  win_in_one(1);
  win_in_two(2);
  cr_expect_eq(scoring().new_record, 1, "a first win at level 2 is a record there");
  cr_expect_eq(record(1), 790);
  cr_expect_eq(record(2), 780);
  cr_expect_eq(record(3), 0);
}

Test(scores, a_win_after_undo_is_saved_but_kept_out_of_the_records) {
  open_store();
  start(1);
  play("g1-h2");
  cr_assert_eq(h->undo(s), 0, "%s", h->error(s));
  dr_scoring sc = scoring();
  cr_expect_eq(sc.ranked, 0);
  cr_expect_str_eq(sc.unranked_why, "undo was used");
  play("a7-b8");
  sc = scoring();
  cr_expect_eq(sc.finished, 1);
  cr_expect_eq(sc.points, 790, "it is scored");
  cr_expect_eq(sc.new_record, 0);
  dr_score g = history(0);
  cr_expect_eq(g.ranked, 0);
  cr_expect(strstr(g.note, "undo") != NULL, "%s", g.note);
  cr_expect_eq(record(1), 0, "but it is no record");
  cr_expect_eq(streak().current, 0, "nor does it lengthen the streak");
}

Test(scores, a_new_game_in_the_middle_counts_as_resigning) {
  open_store();
  win_in_one(1);
  start(1);
  play("g1-h2");
  start(1);
  cr_expect_eq(history_count(), 2);
  dr_score g = history(0);
  cr_expect_eq(g.outcome, DR_SCORE_LOSS);
  cr_expect(strstr(g.note, "resigned") != NULL, "%s", g.note);
  cr_expect_eq(streak().current, 0, "the streak ends");
  start(1); /* no move made yet: leaving costs nothing */
  cr_expect_eq(history_count(), 2);
}

Test(scores, quitting_in_the_middle_counts_as_resigning) {
  open_store();
  start(1);
  play("g1-h2");
  session_free(s);
  s = session_new(&reg);
  open_store();
  cr_expect_eq(history(0).outcome, DR_SCORE_LOSS);
}

/* Leaving costs a game only once the person has moved in it here. */
Test(scores, leaving_a_game_just_loaded_costs_nothing) {
  char file[192];
  snprintf(file, sizeof file, "%s/partial.pdn", dir);
  start_level(1, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN, NULL);
  cr_assert_eq(h->play_text(s, "g1-h2"), 0, "%s", h->error(s));
  cr_assert_eq(h->save_pdn(s, file), 0, "%s", h->error(s));
  open_store();
  start(1);
  cr_assert_eq(h->load_pdn(s, file), 0, "%s", h->error(s));
  wait_computer();
  cr_expect_eq(scoring().leaving_loses, 0, "only the computer has moved since the load");
  session_free(s);
  s = session_new(&reg);
  open_store();
  cr_expect_eq(history_count(), 0, "quitting at once recorded a game");
}

/* The template's full board: the computer's first move ends nothing. */
Test(scores, leaving_as_black_before_ones_first_move_costs_nothing) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.level = 1;
  st.player[0] = DR_PLAYER_COMPUTER;
  st.player[1] = DR_PLAYER_HUMAN;
  open_store();
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  wait_computer();
  cr_expect_eq(status().plies, 1);
  cr_expect_eq(scoring().leaving_loses, 0, "the computer's move is not the person's");
  start(1);
  cr_expect_eq(history_count(), 0);
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  wait_computer();
  const dr_move *moves;
  cr_assert_gt(h->legal_moves(s, &moves), 0);
  cr_assert_eq(h->play(s, &moves[0]), 0, "%s", h->error(s));
  cr_expect_eq(scoring().leaving_loses, 1, "now leaving resigns");
}

/* One game is one entry of the history: its end, once saved, is not taken back. */
Test(scores, a_resigned_or_saved_game_is_not_taken_back) {
  open_store();
  start(1);
  play("g1-h2");
  cr_assert_eq(h->resign(s), 0, "%s", h->error(s));
  cr_expect_eq(status().can_undo, 0);
  cr_expect_eq(h->undo(s), -1, "the resignation was taken back");
  cr_expect(strstr(h->error(s), "resigned") != NULL, "%s", h->error(s));
  cr_expect_eq(status().result, DR_BLACK_WINS);
  win_in_one(1);
  cr_expect_eq(h->undo(s), -1, "a saved win was taken back");
  cr_expect_eq(history_count(), 2);
  start_level(1, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN, NULL);
  cr_assert_eq(h->play_text(s, "a7-b8"), 0, "%s", h->error(s));
  cr_expect_eq(h->undo(s), 0, "between two people the end of a game may be taken back: %s", h->error(s));
}

Test(scores, two_player_and_computer_only_games_are_not_saved) {
  open_store();
  start_level(1, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN, NULL);
  cr_expect_eq(scoring().saved, 0);
  cr_assert_eq(h->play_text(s, "a7-b8"), 0, "%s", h->error(s));
  cr_assert_eq(status().result, DR_WHITE_WINS);
  start_level(1, DR_PLAYER_COMPUTER, DR_PLAYER_COMPUTER, NULL);
  for (int i = 0; i < 3000 && status().result == DR_ONGOING; i++) h->poll(s, NULL), usleep(5000);
  cr_assert_neq(status().result, DR_ONGOING);
  cr_expect_eq(history_count(), 0);
  cr_expect_eq(streak().best, 0);
}

Test(scores, a_win_adds_to_the_streak_a_loss_or_a_draw_ends_it) {
  open_store();
  win_in_one(1);
  win_in_one(1);
  cr_expect_eq(streak().current, 2);
  cr_expect_eq(scoring().streak, 2, "shown during play");
  start(1);
  play("g1-h2");
  play("h2-g3"); /* a draw */
  cr_expect_eq(streak().current, 0);
  cr_expect_eq(streak().best, 2);
  win_in_one(1);
  start(1);
  cr_assert_eq(h->resign(s), 0);
  cr_expect_eq(streak().current, 0);
  cr_expect_eq(streak().best, 2);
}

Test(scores, the_streak_level_follows_the_streak) {
  open_store();
  start(DR_LEVEL_STREAK);
  cr_expect_eq(status().level, search_level_for_streak(0));
  cr_expect_eq(scoring().streak_level, 1);
  dr_setup st;
  DR_INIT(st);
  h->setup(s, &st);
  cr_expect_eq(st.level, DR_LEVEL_STREAK, "the setup asks for the streak level again");
  play("a7-b8");
  cr_expect_eq(history(0).streak_level, 1);
  win_in_one(DR_LEVEL_STREAK);
  cr_expect_eq(streak().current, 2);
  cr_expect_eq(streak().level, search_level_for_streak(2));
  start(DR_LEVEL_STREAK);
  cr_expect_eq(status().level, search_level_for_streak(2));
  cr_expect_eq(history(0).level, search_level_for_streak(1), "records go under the level played");
}

Test(scores, every_finished_game_is_kept_as_pdn) {
  open_store();
  win_in_two(1);
  char text[4096], file[192];
  int n = h->score_pdn(s, history(0).id, text, sizeof text);
  cr_assert_gt(n, 0, "%s", h->error(s));
  cr_expect(strstr(text, "[White \"ana\"]") != NULL, "%s", text);
  cr_expect(strstr(text, "[Black \"Computer (level 1)\"]") != NULL, "%s", text);
  cr_expect(strstr(text, "1-0") != NULL, "%s", text);
  snprintf(file, sizeof file, "%s/game.pdn", dir);
  FILE *f = fopen(file, "w");
  fputs(text, f);
  fclose(f);
  cr_assert_eq(h->load_pdn(s, file), 0, "%s", h->error(s));
  cr_expect_eq(status().result, DR_WHITE_WINS, "the game replays to its end");
  cr_expect_eq(status().plies, 3);
  cr_expect_eq(h->score_pdn(s, 9999, text, sizeof text), -1);
}

Test(scores, a_game_from_another_position_or_a_file_is_no_record) {
  open_store();
  start_level(1, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER, "W:Wa7,g1,e1:Bh8");
  cr_expect_str_eq(scoring().unranked_why, "not from the start position");
  play("a7-b8");
  cr_expect_eq(history(0).ranked, 0);
  cr_expect_eq(record(1), 0);
}

Test(scores, the_marks_come_from_the_number_of_pieces) {
  dr_score_marks m;
  score_marks want;
  DR_INIT(m);
  cr_assert_eq(h->score_marks(s, "sprint", &m), 0, "%s", h->error(s));
  scores_marks(2, &want);
  cr_expect_eq(m.pro, want.pro);
  cr_expect_eq(m.junior, want.junior);
  scores_marks(12, &want);
  cr_expect_eq(want.pro, 900 + 360);
  cr_expect_eq(want.expert, 600 + 240);
  cr_expect_eq(want.junior, 300 + 120);
  cr_expect(want.pro > want.expert && want.expert > want.junior);
  DR_INIT(m);
  cr_assert_eq(h->score_marks(s, "template", &m), 0, "%s", h->error(s));
  cr_expect_eq(m.pro, 1260);
}

/* Official and casual are different games: each rules has its records and streaks. */
Test(scores, records_and_streaks_are_kept_per_rules) {
  open_store();
  win_in_one(1);
  start_rules("quick", 1);
  play("g1-h2");
  play("a7-b8");
  cr_expect_eq(scoring().new_record, 1, "a first win under other rules is a record there");
  dr_score r;
  DR_INIT(r);
  cr_assert_eq(h->rules_record(s, "sprint", "standard", 1, &r), 1);
  cr_expect_eq(r.points, 790);
  DR_INIT(r);
  cr_assert_eq(h->rules_record(s, "sprint", "quick", 1, &r), 1);
  cr_expect_eq(r.points, 780);
  cr_expect_str_eq(history(0).rules, "quick", "the history shows the rules");
  start_rules("quick", 1);
  cr_assert_eq(h->resign(s), 0);
  dr_streak st;
  DR_INIT(st);
  cr_assert_eq(h->rules_streak(s, "sprint", "standard", &st), 0);
  cr_expect_eq(st.current, 1, "a loss under other rules leaves this streak alone");
  DR_INIT(st);
  cr_assert_eq(h->rules_streak(s, "sprint", "quick", &st), 0);
  cr_expect(st.current == 0 && st.best == 1, "quick: streak %d, best %d", st.current, st.best);
  cr_expect_eq(record(1), 780, "without rules: the current game's");
}

/* Pro, Expert and Júnior are marks to beat: a win says which one it reached. */
Test(scores, a_win_says_which_mark_it_beats) {
  dr_score_marks m;
  DR_INIT(m);
  cr_assert_eq(h->score_marks(s, "sprint", &m), 0, "%s", h->error(s));
  open_store();
  win_in_one(1);
  cr_assert_geq(790, m.pro);
  cr_expect_str_eq(scoring().mark, "Pro");
  cr_expect_str_eq(history(0).mark, "Pro");
  start(1);
  cr_assert_eq(h->resign(s), 0);
  cr_expect_str_eq(history(0).mark, "", "a loss beats nothing");
  cr_expect_str_eq(scoring().mark, "");
}

Test(scores, friends_records_show_through_the_host) {
  char file[192], nick[64];
  snprintf(file, sizeof file, "%s/bob.scores", dir);
  write_file(file, "draughts-scores 2\nnickname bob\nstreak sprint standard 2 3\n"
                   "record sprint standard 1 790 2 1 0\nrecord sprint quick 2 500 1 10 0\nend\n");
  open_store();
  err e;
  profile_store *ps = profile_open(db, NULL, 0, &e);
  cr_assert_eq(profile_import(ps, file, nick, sizeof nick, &e), 0, "%s", e.msg);
  profile_close(ps);
  cr_assert_eq(h->friend_at(s, 0, nick, sizeof nick), 0, "%s", h->error(s));
  cr_expect_str_eq(nick, "bob");
  cr_expect_eq(h->friend_at(s, 1, nick, sizeof nick), -1);
  dr_score r;
  DR_INIT(r);
  cr_assert_eq(h->friend_record(s, "bob", "sprint", "standard", 1, &r), 1, "%s", h->error(s));
  cr_expect_eq(r.points, 790);
  cr_expect_str_eq(r.mark, "Pro");
  DR_INIT(r);
  cr_expect_eq(h->friend_record(s, "bob", "sprint", "standard", 2, &r), 0);
  cr_expect_eq(h->friend_record(s, "bob", "sprint", "quick", 2, &r), 1);
  dr_streak st;
  DR_INIT(st);
  cr_assert_eq(h->friend_streak(s, "bob", "sprint", "standard", &st), 0);
  cr_expect(st.current == 2 && st.best == 3);
}

/* Friends from a server replace those that came from it before, and leave imported files alone. */
Test(scores, friends_from_a_server_replace_only_that_servers) {
  char file[192], nick[64];
  snprintf(file, sizeof file, "%s/cy.scores", dir);
  write_file(file, "draughts-scores 2\nnickname cy\nrecord sprint standard 1 700 1 3 0\nend\n");
  err e;
  profile_store *ps = profile_open(db, NULL, 0, &e);
  cr_assert(ps, "%s", e.msg);
  cr_assert_eq(profile_import(ps, file, nick, sizeof nick, &e), 0, "%s", e.msg);
  profile_best rows[2] = {{.variant = "sprint", .rules = "standard", .level = 1, .points = 790, .pieces = 2, .moves = 1},
                          {.variant = "sprint", .rules = "standard", .level = 0, .current = 1, .best = 4}};
  profile_friend_bests f[1] = {{.nick = "bob", .rows = rows, .n = 2}};
  cr_assert_eq(profile_sync_friends(ps, "here:1", f, 1, &e), 0, "%s", e.msg);
  profile_game g;
  int current, best;
  cr_expect_eq(profile_friend_record(ps, "bob", "sprint", "standard", 1, &g, &e), 1);
  cr_expect_eq(g.points, 790);
  cr_expect_eq(profile_friend_streak(ps, "bob", "sprint", "standard", &current, &best, &e), 1);
  cr_expect(current == 1 && best == 4);
  cr_assert_eq(profile_sync_friends(ps, "here:1", NULL, 0, &e), 0, "%s", e.msg); /* bob removed there */
  cr_expect_eq(profile_friend_record(ps, "bob", "sprint", "standard", 1, &g, &e), 0, "bob is gone");
  cr_expect_eq(profile_friend_record(ps, "cy", "sprint", "standard", 1, &g, &e), 1, "cy's file stays");
  cr_expect_eq(profile_friend_at(ps, 1, nick, sizeof nick, &e), 0);
  profile_close(ps);
}

static dr_friends friends_state(void) {
  dr_friends fr;
  DR_INIT(fr);
  h->friends(s, &fr);
  return fr;
}

/* The friends server is the store's setting (as 'draughts friends --server' keeps it): a
** front end sets and clears it; an invitation without one, or an address that is none,
** is one line; changing it takes the old server's friends off the scores. */
Test(scores, the_friends_server_is_set_and_cleared_through_the_host) {
  char nick[64];
  err e;
  open_store();
  cr_expect_str_eq(friends_state().server, "");
  cr_expect_eq(h->friends_invite(s), -1);
  cr_expect(strstr(h->error(s), "no friends server yet") && !strchr(h->error(s), '\n'), "%s", h->error(s));
  cr_expect_eq(h->friends_set_server(s, "ftp://x:1"), -1);
  cr_expect(strstr(h->error(s), "ws:// or wss://") != NULL, "%s", h->error(s));
  profile_store *ps = profile_open(db, NULL, 0, &e);
  cr_assert(ps, "%s", e.msg);
  profile_best rows[1] = {
      {.variant = "sprint", .rules = "standard", .level = 1, .points = 790, .pieces = 2, .moves = 1}};
  profile_friend_bests f[1] = {{.nick = "bob", .rows = rows, .n = 1}};
  cr_assert_eq(profile_sync_friends(ps, "127.0.0.1:9", f, 1, &e), 0, "%s", e.msg);
  profile_close(ps);
  cr_assert_eq(h->friends_set_server(s, "127.0.0.1:9"), 0, "%s", h->error(s));
  cr_expect_str_eq(friends_state().server, "127.0.0.1:9");
  cr_expect_eq(h->friend_at(s, 0, nick, sizeof nick), 0, "bob came from this server");
  cr_expect_eq(h->friends_accept(s, ""), -1, "an empty code is refused before it goes");
  cr_assert_eq(h->friends_set_server(s, ""), 0, "%s", h->error(s));
  cr_expect_str_eq(friends_state().server, "");
  cr_expect_eq(h->friend_at(s, 0, nick, sizeof nick), -1, "bob left with his server");
}

/* Alquerque's opponent is the one its streak gives, unless another level is asked for. */
Test(scores, a_variant_may_start_at_the_streak_level) {
  open_store();
  dr_variant_info info;
  for (int i = 0; i < h->variant_count(s); i++) {
    DR_INIT(info);
    h->variant_info(s, i, &info);
    if (strcmp(info.name, "sprint") == 0) cr_expect_eq(info.default_level, 3, "the runtime's default");
  }
  dr_setup st;
  DR_INIT(st);
  st.variant = PLUGIN_DIR "/alquerque.so";
  st.player[0] = DR_PLAYER_HUMAN, st.player[1] = DR_PLAYER_COMPUTER;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  cr_expect_eq(scoring().streak_level, 1, "no level asked for: the streak's");
  cr_expect_eq(status().level, search_level_for_streak(0));
  st.level = 4;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  cr_expect_eq(status().level, 4);
  cr_expect_eq(scoring().streak_level, 0);
}

Test(scores, the_host_respects_the_size_the_caller_declares) {
  open_store();
  win_in_one(1);
  dr_score small;
  memset(&small, 0x5a, sizeof small);
  small.size = (uint32_t)offsetof(dr_score, variant);
  cr_assert_eq(h->score_history(s, NULL, 0, &small), 1);
  cr_expect_gt(small.id, 0);
  cr_expect_eq((unsigned char)small.variant[0], 0x5a, "the host wrote past the declared size");
  cr_expect(DR_HOST_HAS(h, score_pdn));
  cr_expect_geq(h->abi_version, 2); /* the version that brought scores, or newer */
}

/* ------------------------------------------------------------- profiles */

Test(store, a_nickname_is_all_a_profile_is_and_it_is_remembered) {
  open_store();
  cr_expect_str_eq(scoring().nickname, "ana");
  cr_assert_eq(h->profile_select(s, "Bob"), 0, "%s", h->error(s));
  win_in_one(1);
  char name[64];
  cr_assert_eq(h->profile_list(s, 0, name, sizeof name), 0);
  cr_expect_str_eq(name, "ana");
  cr_assert_eq(h->profile_list(s, 1, name, sizeof name), 0);
  cr_expect_str_eq(name, "Bob");
  cr_expect_eq(h->profile_list(s, 2, name, sizeof name), -1);
  cr_expect_eq(h->profile_select(s, ""), -1);
  cr_expect_eq(h->profile_select(s, "tab\there"), -1);
  cr_expect_eq(h->profile_select(s, "a name far longer than thirty-two bytes"), -1);
  session_free(s);
  s = session_new(&reg);
  cr_assert_eq(session_profiles_open(s, db, NULL), 0, "%s", h->error(s));
  cr_expect_str_eq(scoring().nickname, "Bob", "the last player is remembered");
  cr_assert_eq(h->profile_select(s, "BOB"), 0);
  cr_expect_str_eq(scoring().nickname, "Bob", "nicknames ignore case");
  cr_expect_eq(history_count(), 1);
}

Test(store, the_default_path_follows_xdg) {
  char path[512];
  err e;
  setenv("HOME", "/home/someone", 1);
  unsetenv("XDG_DATA_HOME");
  cr_assert_eq(profile_path(NULL, path, sizeof path, &e), 0);
  cr_expect_str_eq(path, "/home/someone/.local/share/draughts/profiles.db");
  setenv("XDG_DATA_HOME", "/data", 1);
  profile_path(NULL, path, sizeof path, &e);
  cr_expect_str_eq(path, "/data/draughts/profiles.db");
  setenv("XDG_DATA_HOME", "relative", 1);
  profile_path(NULL, path, sizeof path, &e);
  cr_expect_str_eq(path, "/home/someone/.local/share/draughts/profiles.db", "a relative XDG path is ignored");
  setenv("DRAUGHTS_PROFILE_DB", "/x/p.db", 1);
  profile_path(NULL, path, sizeof path, &e);
  cr_expect_str_eq(path, "/x/p.db");
  profile_path("/y/q.db", path, sizeof path, &e);
  cr_expect_str_eq(path, "/y/q.db", "the command line comes first");
}

Test(store, the_store_is_created_with_its_directory) {
  char nested[256];
  snprintf(nested, sizeof nested, "%s/deeper", dir);
  snprintf(db, sizeof db, "%s/deeper/profiles.db", dir);
  open_store();
  win_in_one(1);
  cr_expect_eq(history_count(), 1);
  session_free(s);
  s = session_new(&reg);
  unlink(db);
  char wal[200];
  snprintf(wal, sizeof wal, "%s-wal", db), unlink(wal);
  snprintf(wal, sizeof wal, "%s-shm", db), unlink(wal);
  rmdir(nested);
}

/* ----------------------------------------------------- bad files at the path */


/* The files of 'dir' whose names start with "profiles.db.corrupt-". */
static int asides(char names[][128], int max) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *de; d && (de = readdir(d)) && n < max;)
    if (strncmp(de->d_name, "profiles.db.corrupt-", 20) == 0 && !strstr(de->d_name, "-wal") &&
        !strstr(de->d_name, "-shm"))
      snprintf(names[n++], 128, "%s", de->d_name);
  if (d) closedir(d);
  return n;
}

static void expect_moved_aside(int count, const char *what) {
  char names[8][128];
  dr_scoring sc = scoring();
  cr_expect(strstr(sc.notice, "moved aside") != NULL, "no notice for %s: '%s'", what, sc.notice);
  cr_expect(strstr(sc.notice, what) != NULL, "'%s' does not say '%s'", sc.notice, what);
  cr_expect(strchr(sc.notice, '\n') == NULL, "the notice is one line");
  cr_expect_eq(asides(names, 8), count, "%s", sc.notice);
  win_in_one(1);
  cr_expect_eq(scoring().finished, 1, "play goes on with a fresh store");
}

Test(store, a_file_that_is_no_database_is_moved_aside_not_overwritten) {
  write_file(db, "my shopping list, not a database\n");
  open_store();
  expect_moved_aside(1, "not a score store");
  char names[8][128], path[256];
  asides(names, 8);
  snprintf(path, sizeof path, "%s/%s", dir, names[0]);
  err e;
  char *kept = read_file(path, NULL, &e);
  cr_assert_not_null(kept);
  cr_expect_str_eq(kept, "my shopping list, not a database\n", "the file moved aside is intact");
  free(kept);
  session_free(s);
  s = session_new(&reg);
  write_file(db, "another bad file, the same second\n");
  open_store();
  expect_moved_aside(2, "not a score store");
}

Test(store, another_programs_database_is_moved_aside) {
  sqlite3 *other;
  cr_assert_eq(sqlite3_open(db, &other), SQLITE_OK);
  cr_assert_eq(sqlite3_exec(other, "CREATE TABLE recipes(name TEXT)", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(other);
  open_store();
  expect_moved_aside(1, "another program");
}

Test(store, a_damaged_store_is_moved_aside) {
  open_store();
  for (int i = 0; i < 5; i++) win_in_one(1);
  session_free(s);
  s = session_new(&reg);
  int fd = open(db, O_WRONLY);
  cr_assert_geq(fd, 0);
  char junk[4096];
  memset(junk, 0xa5, sizeof junk);
  for (off_t page = 1; page < 6; page++) cr_assert_eq(pwrite(fd, junk, sizeof junk, page * 4096), (ssize_t)sizeof junk);
  close(fd);
  open_store();
  expect_moved_aside(1, "damaged");
}

Test(store, a_store_of_a_newer_version_is_refused_and_left_alone) {
  open_store();
  session_free(s);
  s = session_new(&reg);
  sqlite3 *raw;
  cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
  cr_assert_eq(sqlite3_exec(raw, "PRAGMA user_version=99", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(raw);
  err e;
  size_t before_len, after_len;
  char *before = read_file(db, &before_len, &e);
  cr_assert_not_null(before);
  cr_expect_eq(session_profiles_open(s, db, "ana"), -1);
  char *after = read_file(db, &after_len, &e);
  cr_assert_not_null(after);
  cr_expect(before_len == after_len && memcmp(before, after, before_len) == 0, "the newer store was changed");
  free(before);
  free(after);
  cr_expect(strstr(h->error(s), "newer") != NULL, "%s", h->error(s));
  cr_expect_eq(strchr(h->error(s), '\n'), NULL);
  char names[8][128];
  cr_expect_eq(asides(names, 8), 0, "a newer store is not moved aside");
  cr_expect(strstr(scoring().notice, "not saved") != NULL, "%s", scoring().notice);
  start(1);
  cr_expect_eq(scoring().saved, 0, "play goes on, without scores");
  play("a7-b8");
  cr_expect_eq(status().result, DR_WHITE_WINS);
}

/* A store as version 1 of the schema made it (profile.c's first migration, as written then). */
#define V1_SCHEMA \
      "CREATE TABLE profile(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE," \
      "  created INTEGER NOT NULL);" \
      "CREATE TABLE game(id INTEGER PRIMARY KEY, profile INTEGER NOT NULL REFERENCES profile(id)," \
      "  variant TEXT NOT NULL, rules TEXT NOT NULL, level INTEGER NOT NULL," \
      "  streak_level INTEGER NOT NULL DEFAULT 0, outcome INTEGER NOT NULL CHECK(outcome IN (-1, 0, 1))," \
      "  points INTEGER NOT NULL, pieces INTEGER NOT NULL, moves INTEGER NOT NULL," \
      "  ranked INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '', finished INTEGER NOT NULL," \
      "  pdn TEXT NOT NULL);" \
      "CREATE INDEX game_records ON game(profile, variant, level, points) WHERE ranked AND outcome = 1;" \
      "CREATE INDEX game_recent ON game(profile, finished);" \
      "CREATE TABLE streak(profile INTEGER NOT NULL REFERENCES profile(id), variant TEXT NOT NULL," \
      "  current INTEGER NOT NULL DEFAULT 0, best INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(profile, variant));" \
      "CREATE TABLE setting(key TEXT PRIMARY KEY, value TEXT NOT NULL);"

Test(store, a_store_of_version_1_is_migrated_and_keeps_its_games) {
  sqlite3 *raw;
  cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
  const char *v1 =
      V1_SCHEMA
      "INSERT INTO profile VALUES(1, 'ana', 0);"
      "INSERT INTO game VALUES(1, 1, 'sprint', 'standard', 1, 0, 1, 1234, 3, 5, 1, 'old', 100, '');"
      "INSERT INTO streak VALUES(1, 'sprint', 4, 6);"
      "PRAGMA user_version=1; PRAGMA application_id=1685218932;";
  cr_assert_eq(sqlite3_exec(raw, v1, NULL, NULL, NULL), SQLITE_OK, "%s", sqlite3_errmsg(raw));
  sqlite3_close(raw);
  open_store();
  cr_expect_str_eq(scoring().notice, "");
  cr_expect_eq(record(1), 1234);
  cr_expect_eq(streak().best, 6);
  cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
  sqlite3_stmt *st;
  sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &st, NULL);
  cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
  cr_expect_eq(sqlite3_column_int(st, 0), PROFILE_SCHEMA_VERSION);
  sqlite3_finalize(st);
  cr_expect_eq(sqlite3_exec(raw, "SELECT * FROM friend_record", NULL, NULL, NULL), SQLITE_OK, "not migrated");
  sqlite3_close(raw);
}

/* Version 2 kept one streak per variant: it goes to the rules of the latest ranked game,
** which built it; a friend's rows, from files that did not say, to no rules. */
Test(store, a_store_of_version_2_keeps_its_streaks_under_the_rules_played) {
  sqlite3 *raw;
  cr_assert_eq(sqlite3_open(db, &raw), SQLITE_OK);
  const char *v2 =
      V1_SCHEMA
      "CREATE TABLE friend(id INTEGER PRIMARY KEY, nickname TEXT NOT NULL UNIQUE COLLATE NOCASE,"
      "  imported INTEGER NOT NULL);"
      "CREATE TABLE friend_record(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
      "  variant TEXT NOT NULL, level INTEGER NOT NULL, points INTEGER NOT NULL, pieces INTEGER NOT NULL,"
      "  moves INTEGER NOT NULL, finished INTEGER NOT NULL, PRIMARY KEY(friend, variant, level));"
      "CREATE TABLE friend_streak(friend INTEGER NOT NULL REFERENCES friend(id) ON DELETE CASCADE,"
      "  variant TEXT NOT NULL, current INTEGER NOT NULL, best INTEGER NOT NULL, PRIMARY KEY(friend, variant));"
      "INSERT INTO profile VALUES(1, 'ana', 0);"
      "INSERT INTO game VALUES(1, 1, 'sprint', 'standard', 1, 0, 1, 1234, 3, 5, 1, 'old', 100, '');"
      "INSERT INTO game VALUES(2, 1, 'sprint', 'quick', 1, 0, 1, 700, 1, 5, 1, 'later', 200, '');"
      "INSERT INTO game VALUES(3, 1, 'sprint', 'quick,x=1', 1, 0, 1, 800, 1, 5, 0, 'last, unranked', 300, '');"
      "INSERT INTO streak VALUES(1, 'sprint', 4, 6);"
      "INSERT INTO friend VALUES(1, 'bob', 0);"
      "INSERT INTO friend_record VALUES(1, 'sprint', 1, 999, 2, 1, 0);"
      "PRAGMA user_version=2; PRAGMA application_id=1685218932;";
  cr_assert_eq(sqlite3_exec(raw, v2, NULL, NULL, NULL), SQLITE_OK, "%s", sqlite3_errmsg(raw));
  sqlite3_close(raw);
  open_store();
  cr_expect_str_eq(scoring().notice, "");
  dr_streak st;
  DR_INIT(st);
  cr_assert_eq(h->rules_streak(s, "sprint", "quick", &st), 0, "%s", h->error(s));
  cr_expect(st.current == 4 && st.best == 6, "quick: streak %d, best %d", st.current, st.best);
  cr_expect_eq(streak().best, 0, "the streak is not counted twice");
  cr_expect_eq(record(1), 1234, "records stay under the rules their games were played by");
  dr_score r;
  DR_INIT(r);
  cr_expect_eq(h->rules_record(s, "sprint", "quick", 1, &r), 1);
  cr_expect_eq(r.points, 700);
  DR_INIT(r);
  cr_expect_eq(h->friend_record(s, "bob", "sprint", "", 1, &r), 1, "a friend's record, rules not known");
  cr_expect_eq(r.points, 999);
}

/* ------------------------------------------------- processes and crashes */

static profile_game a_win(int i) {
  profile_game g;
  memset(&g, 0, sizeof g);
  snprintf(g.variant, sizeof g.variant, "sprint");
  snprintf(g.rules, sizeof g.rules, "standard");
  g.level = 1 + i % SEARCH_LEVELS;
  g.outcome = DR_SCORE_WIN;
  g.pieces = 1 + i % 12;
  g.moves = 20 + i % 30;
  g.points = scores_points(g.outcome, g.pieces, g.moves);
  g.ranked = 1;
  g.finished = (int64_t)time(NULL);
  snprintf(g.note, sizeof g.note, "game %d", i);
  return g;
}

/* In a child: saves 'count' wins (forever if count < 0), writing each saved id to
** 'ack' once its save has returned. */
static void writer(int count, int ack) {
  err e;
  char pdn[4096];
  memset(pdn, 'x', sizeof pdn - 1);
  pdn[sizeof pdn - 1] = '\0';
  profile_store *ps = profile_open(db, NULL, 0, &e);
  int64_t me = ps ? profile_select(ps, "ana", NULL, 0, &e) : -1;
  if (me < 0) _exit(2);
  for (int i = 0; count < 0 || i < count; i++) {
    profile_game g = a_win(i);
    profile_saved saved;
    if (profile_save_game(ps, me, &g, pdn, &saved, &e)) _exit(3);
    char line[32];
    int n = snprintf(line, sizeof line, "%lld\n", (long long)saved.id);
    if (ack >= 0 && write(ack, line, (size_t)n) != n) _exit(4);
  }
  profile_close(ps);
  _exit(0);
}

Test(store, two_processes_saving_at_once_lose_nothing) {
  enum { EACH = 40 };
  open_store(); /* creates it: the writers race on saving, not on creating */
  pid_t pid[2];
  for (int k = 0; k < 2; k++)
    if ((pid[k] = fork()) == 0) writer(EACH, -1);
  for (int k = 0; k < 2; k++) {
    int status;
    cr_assert_eq(waitpid(pid[k], &status, 0), pid[k]);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed (%d)", k, status);
  }
  cr_expect_eq(history_count(), 2 * EACH);
  cr_expect_eq(streak().current, 2 * EACH, "each process's wins count in the streak");
  cr_expect_eq(streak().best, 2 * EACH);
}

Test(store, two_sessions_on_one_profile_see_each_others_results) {
  open_store();
  session *first = s, *second = session_new(&reg);
  cr_assert_eq(session_profiles_open(second, db, "ana"), 0, "%s", h->error(second));
  win_in_one(1);     /* in the first session */
  s = second;
  win_in_two(1);     /* in the second, while the first is still open */
  cr_expect_eq(streak().current, 2);
  cr_expect_eq(record(1), 790, "the second session sees the first one's record");
  s = first;
  session_free(second);
  cr_expect_eq(history_count(), 2);
  cr_expect_eq(scoring().streak, 2, "the first session shows the streak both made");
}

/* Appends what the writer has acknowledged to 'buf' (the pipe is non-blocking, and
** after the kill it holds every line the writer wrote). */
static void read_acks(int fd, char *buf, size_t *used, size_t cap) {
  ssize_t n;
  while (*used < cap - 1 && (n = read(fd, buf + *used, cap - 1 - *used)) > 0) *used += (size_t)n;
  buf[*used] = '\0';
}

static int integrity_ok(void) {
  sqlite3 *raw;
  sqlite3_stmt *st;
  int ok = 0;
  if (sqlite3_open(db, &raw) != SQLITE_OK) return 0;
  if (sqlite3_prepare_v2(raw, "PRAGMA integrity_check", -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    ok = strcmp((const char *)sqlite3_column_text(st, 0), "ok") == 0;
  sqlite3_finalize(st);
  sqlite3_close(raw);
  return ok;
}

static int game_saved(profile_store *ps, long long id) {
  err e;
  char *pdn = profile_game_pdn(ps, 1, id, &e);
  free(pdn);
  return pdn != NULL;
}

static void kill_one_writer(unsigned seed, int *acked_total) {
  static char buf[1 << 16];
  size_t used = 0;
  int fds[2];
  cr_assert_eq(pipe(fds), 0);
  pid_t pid = fork();
  if (pid == 0) close(fds[0]), writer(-1, fds[1]);
  close(fds[1]);
  ssize_t got = read(fds[0], buf, 1); /* the first save has returned: the writer is in its loop */
  cr_assert_eq(got, 1, "the writer failed before its first save");
  used = 1;
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  struct timespec wait = {0, (long)(seed % 25) * 1000 * 1000};
  nanosleep(&wait, NULL);
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  read_acks(fds[0], buf, &used, sizeof buf);
  close(fds[0]);
  err e;
  char notice[512];
  profile_store *ps = profile_open(db, notice, sizeof notice, &e);
  cr_assert_not_null(ps, "the store does not open after a kill: %s", e.msg);
  cr_assert_str_empty(notice, "the store was moved aside after a kill: %s", notice);
  cr_assert(integrity_ok(), "integrity_check fails after a kill");
  for (char *save, *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save), ++*acked_total)
    cr_assert(game_saved(ps, atoll(line)), "game %s was acknowledged, then lost", line);
  profile_close(ps);
}

Test(store, a_writer_killed_while_saving_loses_no_acknowledged_game) {
  int acked = 0;
  open_store();
  for (unsigned round = 0; round < 12; round++) kill_one_writer(round * 7919u, &acked);
  cr_log_info("%d saves acknowledged across 12 kills", acked);
}

/* ------------------------------------------------------- export, import */

Test(store, a_friends_records_are_imported_beside_ones_own) {
  char file[192], other[192];
  snprintf(file, sizeof file, "%s/ana.scores", dir);
  snprintf(other, sizeof other, "%s/other.db", dir);
  open_store();
  win_in_two(1);
  err e;
  char notice[256], nick[64];
  profile_store *ps = profile_open(db, notice, sizeof notice, &e);
  cr_assert_not_null(ps, "%s", e.msg);
  cr_assert_eq(profile_export(ps, profile_lookup(ps, "ana", &e), file, &e), 0, "%s", e.msg);
  profile_close(ps);
  /* Bob, in his own store, beats 780 and imports Ana's file. */
  ps = profile_open(other, notice, sizeof notice, &e);
  int64_t bob = profile_select(ps, "bob", NULL, 0, &e);
  profile_game g = a_win(0);
  g.level = 1, g.points = 999;
  cr_assert_eq(profile_save_game(ps, bob, &g, "", NULL, &e), 0, "%s", e.msg);
  cr_assert_eq(profile_import(ps, file, nick, sizeof nick, &e), 0, "%s", e.msg);
  cr_expect_str_eq(nick, "ana");
  int current, best;
  profile_game theirs, mine;
  cr_expect_eq(profile_friend_record(ps, "ana", "sprint", "standard", 1, &theirs, &e), 1);
  cr_expect_eq(theirs.points, 780);
  cr_expect_eq(theirs.moves, 2);
  cr_expect_eq(profile_friend_record(ps, "ana", "sprint", "quick", 1, &theirs, &e), 0, "under its own rules only");
  cr_expect_eq(profile_friend_streak(ps, "ana", "sprint", "standard", &current, &best, &e), 1);
  cr_expect_eq(current, 1);
  cr_expect_eq(profile_record(ps, bob, "sprint", "standard", 1, &mine, &e), 1);
  cr_expect_eq(mine.points, 999, "an import never touches one's own records");
  cr_assert_eq(profile_import(ps, file, nick, sizeof nick, &e), 0, "importing again replaces the old import");
  cr_expect_eq(profile_friend_at(ps, 1, nick, sizeof nick, &e), 0, "one friend, not two");
  profile_close(ps);
}

static void expect_bad_import(const char *text, const char *why) {
  char file[192], nick[64];
  err e;
  snprintf(file, sizeof file, "%s/bad.scores", dir);
  write_file(file, text);
  profile_store *ps = profile_open(db, NULL, 0, &e);
  cr_assert_not_null(ps, "%s", e.msg);
  cr_expect_eq(profile_import(ps, file, nick, sizeof nick, &e), -1, "accepted: %s", text);
  cr_expect(strstr(e.msg, why) != NULL, "'%s' lacks '%s'", e.msg, why);
  cr_expect(strchr(e.msg, '\n') == NULL, "not one line: %s", e.msg);
  cr_expect_eq(profile_friend_at(ps, 0, nick, sizeof nick, &e), 0, "a bad file imported something");
  profile_close(ps);
}

Test(store, a_bad_import_file_is_a_one_line_error_and_imports_nothing) {
  expect_bad_import("hello\n", "not a draughts scores file");
  expect_bad_import("draughts-scores 1\nname ana\nend\n", "line 2");
  expect_bad_import("draughts-scores 1\nnickname ana\nrecord sprint 1 780 2 2 0\n", "ends early");
  expect_bad_import("draughts-scores 1\nnickname ana\nrecord sprint one 780 2 2 0\nend\n", "line 3");
  expect_bad_import("draughts-scores 1\nnickname ana\nrecord Sprint! 1 780 2 2 0\nend\n", "line 3");
  expect_bad_import("draughts-scores 1\nnickname ana\nstreak sprint 1 2 3\nend\n", "line 3");
  expect_bad_import("draughts-scores 1\nnickname ana\nend\nrecord sprint 1 780 2 2 0\n", "after 'end'");
  expect_bad_import("draughts-scores 1\nnickname \n", "line 2");
  expect_bad_import("draughts-scores 2\nnickname ana\nrecord sprint 1 780 2 2 0\nend\n", "line 3");
  expect_bad_import("draughts-scores 2\nnickname ana\nrecord sprint stand ard 1 780 2 2 0\nend\n", "line 3");
  char file[192], nick[64];
  err e;
  snprintf(file, sizeof file, "%s/missing.scores", dir);
  profile_store *ps = profile_open(db, NULL, 0, &e);
  cr_expect_eq(profile_import(ps, file, nick, sizeof nick, &e), -1);
  profile_close(ps);
}
