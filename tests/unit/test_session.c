/*
** test_session.c — the game session as front ends use it, through the host table:
** setup, move input one landing at a time and its refusals, undo against the
** computer and between two players, hint, resign, PDN files, the engine's moves, the
** size handshake of the structs the host fills; and the registry's front ends.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host_fixture.h"
#include "notation.h"
#include "search.h"

static void setup(void) { host_open(TEST_PLUGIN_DIR ":" PLUGIN_DIR); }

static void teardown(void) { host_close(); }

TestSuite(session, .init = setup, .fini = teardown, .timeout = 60);

/* A game of 'variant' under 'rules' (NULL: its default) from 'fen' (NULL: its start). */
static void start_game(const char *variant, const char *rules, const char *fen, int white, int black) {
  dr_setup st;
  DR_INIT(st);
  st.variant = variant;
  st.rules = rules;
  st.fen = fen;
  st.level = 1;
  st.player[0] = white;
  st.player[1] = black;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

static void start(const char *fen, int white, int black) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.fen = fen;
  st.level = 1;
  st.player[0] = white;
  st.player[1] = black;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

static int point(const char *name) {
  int p = h->point_find(s, name);
  cr_assert_geq(p, 0, "no point %s", name);
  return p;
}

static dr_bits bits(const char *names) {
  dr_bits b = 0;
  char buf[64];
  snprintf(buf, sizeof buf, "%s", names);
  for (char *save, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) b |= (dr_bits)1 << point(t);
  return b;
}

static dr_input input(void) {
  dr_input in;
  DR_INIT(in);
  h->input(s, &in);
  return in;
}

/* Polls like a front end until 'events' happen; fails after a timeout. */
static dr_engine wait_for(int events) {
  dr_engine e;
  for (int i = 0; i < 3000; i++) {
    DR_INIT(e);
    int got = h->poll(s, &e);
    cr_assert(!(got & DR_EVENT_FAILED), "engine failed: %s", h->error(s));
    if (got & events) return e;
    usleep(5000);
  }
  cr_assert_fail("no engine event %d within 15 s", events);
  return e;
}

static void expect_refused(const char *name, const char *why) {
  cr_expect_eq(h->input_point(s, point(name)), DR_INPUT_REFUSED, "tap on %s was accepted", name);
  cr_expect(strstr(h->error(s), why) != NULL, "tap on %s: '%s' lacks '%s'", name, h->error(s), why);
}

Test(session, catalogue_lists_the_variants_and_their_presets) {
  cr_assert_geq(h->variant_count(s), 1);
  int found = 0;
  for (int i = 0; i < h->variant_count(s); i++) {
    dr_variant_info info;
    DR_INIT(info);
    cr_assert_eq(h->variant_info(s, i, &info), 0);
    if (strcmp(info.name, "template") != 0) continue;
    found = 1;
    cr_expect_str_eq(info.preset[0], "standard");
    cr_expect_gt(strlen(info.preset_doc[0]), 0);
  }
  cr_expect(found, "the template is not in the catalogue");
  cr_expect_eq(h->levels(s), SEARCH_LEVELS);
  cr_expect_eq(h->has_game(s), 0);
}

Test(session, a_new_game_reports_its_state) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  dr_status st = status();
  const dr_move *moves;
  cr_expect_str_eq(st.variant, "template");
  cr_expect_eq(st.turn, DR_WHITE);
  cr_expect_eq(st.plies, 0);
  cr_expect_eq(st.pieces[0], 12);
  cr_expect_eq(st.pieces[1], 12);
  cr_expect_eq(st.result, DR_ONGOING);
  cr_expect_eq(st.human_to_move, 1);
  cr_expect_eq(st.can_undo, 0);
  cr_expect_eq(h->legal_moves(s, &moves), 7);
  cr_expect_not_null(h->geometry(s));
  cr_expect_gt(strlen(h->help(s)), 0);
}

Test(session, a_multi_jump_is_entered_one_landing_at_a_time) {
  start("W:Wc3,a1:Bd4,d6,h8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  dr_input in = input();
  cr_expect_eq(in.must_capture, bits("c3"), "the capturing piece is circled");
  cr_expect_eq(h->input_point(s, point("c3")), DR_INPUT_SELECTED);
  in = input();
  cr_expect_eq(in.from, point("c3"));
  cr_expect_eq(in.targets, bits("e5"));
  cr_expect_eq(in.jumped, 0);
  cr_expect_eq(h->input_point(s, point("e5")), DR_INPUT_LANDED);
  in = input();
  cr_expect_eq(in.at, point("e5"));
  cr_expect_eq(in.jumped, bits("d4"), "the piece jumped so far");
  cr_expect_eq(in.targets, bits("c7"));
  cr_expect_eq(in.complete, 0);
  expect_refused("a1", "the capture must go on");
  cr_expect_eq(h->input_point(s, point("c7")), DR_INPUT_COMPLETE);
  in = input();
  cr_expect_eq(in.complete, 1);
  cr_expect_eq(in.jumped, bits("d4 d6"));
  cr_assert_eq(h->play(s, NULL), 0, "%s", h->error(s));
  dr_status st = status();
  cr_expect_eq(st.captured[DR_BLACK], 2);
  cr_expect_eq(st.plies_since_capture, 0);
  char text[64];
  cr_expect_eq(h->move_at(s, 0, NULL, text, sizeof text), 0);
  cr_expect_str_eq(text, "c3xe5xc7");
}

/* The count the panel shows is the one the judge ends the game by: in Brazilian
** draughts a man move restarts it, although it is no capture. */
Test(session, the_draw_count_is_the_one_the_rules_keep) {
  start_game("brazilian", "casual", "W:WKa1,c3:BKh8,f6", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  dr_status st = status();
  cr_expect_str_eq(st.draw_count, "moves each without a capture or a man move");
  cr_expect_eq(st.draw_limit, 40);
  cr_assert_eq(h->play_text(s, "a1-b2"), 0, "%s", h->error(s));
  cr_assert_eq(h->play_text(s, "h8-g7"), 0, "%s", h->error(s));
  cr_expect_eq(status().draw_counted, 1, "one king move each");
  cr_assert_eq(h->play_text(s, "c3-d4"), 0, "%s", h->error(s));
  st = status();
  cr_expect_eq(st.draw_counted, 0, "a man move starts the count again");
  cr_expect_eq(st.plies_since_capture, 3);
  start_game("brazilian", NULL, NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(status().draw_limit, 20, "the official rules count 20 moves each");
  start_game("alquerque", NULL, NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "plies without a capture");
  cr_expect_eq(status().draw_limit, 40);
  start_game("turkish", NULL, NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "", "no count ends a Turkish game");
}

/* In Turkish draughts a jumped piece leaves the board as it is jumped; under the
** 'wikipedia' preset a man crowned on the way goes on as a king. */
Test(session, a_capture_part_way_shows_what_the_rules_say) {
  start_game("turkish", NULL, "W:Wc3:Bc4,c6,Ka8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->input_point(s, point("c3")), DR_INPUT_SELECTED);
  cr_assert_eq(h->input_point(s, point("c5")), DR_INPUT_LANDED);
  dr_input in = input();
  cr_expect_eq(in.jumped, bits("c4"));
  cr_expect_eq(in.removed, bits("c4"), "c4 is off the board already");
  cr_expect_eq(in.crowned, 0);
  start_game("turkish", "wikipedia", "W:Wc6,h2:Bc7,e8,Ka1", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->input_point(s, point("c6")), DR_INPUT_SELECTED, "%s", h->error(s));
  cr_assert_eq(h->input_point(s, point("c8")), DR_INPUT_LANDED);
  cr_expect_eq(input().crowned, 1, "crowned on c8, it goes on as a king");
  start("W:Wc3,a1:Bd4,d6,h8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->input_point(s, point("c3")), DR_INPUT_SELECTED);
  cr_assert_eq(h->input_point(s, point("e5")), DR_INPUT_LANDED);
  cr_expect_eq(input().removed, 0, "elsewhere jumped pieces stay until the move ends");
}

/* In Russian draughts a man that reaches the far rank in a capture goes on as a
** king, while the jumped pieces stay on the board until the move ends. */
Test(session, a_russian_man_crowned_part_way_goes_on_as_a_king) {
  start_game("russian", NULL, "W:Wf6,a1:Be7,b6,h8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->input_point(s, point("f6")), DR_INPUT_SELECTED, "%s", h->error(s));
  cr_assert_eq(h->input_point(s, point("d8")), DR_INPUT_LANDED, "%s", h->error(s));
  dr_input in = input();
  cr_expect_eq(in.crowned, 1, "crowned on d8");
  cr_expect_eq(in.removed, 0, "e7 stays until the move ends");
  cr_expect_eq(in.jumped, bits("e7"));
}

/* English, Russian and International draughts show the count their judge keeps: the
** one nearer its end when an endgame count runs beside the kings-only limit. */
Test(session, every_world_variant_shows_its_draw_count) {
  start_game("english", NULL, NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "moves each without a capture or a man move");
  cr_expect_eq(status().draw_limit, 40);
  start_game("russian", NULL, NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "moves each with only kings moving and nothing taken");
  cr_expect_eq(status().draw_limit, 15);
  start_game("russian", NULL, "W:WKa1,Kc3,Ke5:BKh8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "moves each since the king stood alone");
  cr_expect_eq(status().draw_limit, 5, "three pieces against a lone king on the main road");
  start_game("international", NULL, "W:WK46,47,48:BK5", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_str_eq(status().draw_count, "moves each of the endgame count against a lone king");
  cr_expect_eq(status().draw_limit, 16);
  cr_assert_eq(h->play_text(s, "48-43"), 0, "%s", h->error(s));
  cr_assert_eq(h->play_text(s, "5-10"), 0, "%s", h->error(s));
  cr_expect_eq(status().draw_counted, 1, "one move each");
  start_game("international", "fmjd", NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(status().draw_limit, 25);
}

/* Asked in the middle of a capture, the hint goes on with it, although a capture by
** another piece (a1xc3xe5xg7, three pieces) is the best move of the position. */
Test(session, a_hint_in_the_middle_of_a_capture_goes_on_with_it) {
  start("W:Wa1,h2:Bb2,d4,f6,g3,g5", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->input_point(s, point("h2")), DR_INPUT_SELECTED);
  cr_assert_eq(h->input_point(s, point("f4")), DR_INPUT_LANDED);
  cr_assert_eq(h->hint(s), 0, "%s", h->error(s));
  dr_engine e = wait_for(DR_EVENT_HINT);
  char text[64];
  h->move_text(s, &e.hint, text, sizeof text);
  cr_expect_str_eq(text, "h2xf4xh6");
  cr_expect_eq(input().nlandings, 1, "the landing made stays");
}

Test(session, a_game_is_reviewed_without_changing_it) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  dr_position start_pos, after, now;
  h->position(s, &start_pos);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0, "%s", h->error(s));
  h->position(s, &after);
  cr_assert_eq(h->play_text(s, "f6-e5"), 0, "%s", h->error(s));
  cr_assert_eq(h->position_at(s, 0, &now), 0);
  cr_expect_eq(memcmp(&now, &start_pos, sizeof now), 0, "ply 0 is the start");
  cr_assert_eq(h->position_at(s, 1, &now), 0);
  cr_expect_eq(memcmp(&now, &after, sizeof now), 0, "the position after the first move");
  cr_expect_eq(h->position_at(s, 3, &now), -1, "past the end");
  cr_expect_eq(status().plies, 2, "the game stays where it is");
}

Test(session, redo_plays_again_what_undo_took_back) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(h->redo(s), -1, "nothing to redo yet");
  cr_assert_eq(h->play_text(s, "c3-d4"), 0);
  cr_assert_eq(h->play_text(s, "f6-e5"), 0);
  cr_assert_eq(h->undo(s), 0);
  cr_assert_eq(h->undo(s), 0);
  cr_expect_eq(status().can_redo, 1);
  cr_assert_eq(h->redo(s), 0, "%s", h->error(s));
  cr_assert_eq(h->redo(s), 0, "%s", h->error(s));
  char text[64];
  cr_assert_eq(h->move_at(s, 1, NULL, text, sizeof text), 0);
  cr_expect_str_eq(text, "f6-e5");
  cr_expect_eq(status().can_redo, 0);
  cr_assert_eq(h->undo(s), 0);
  cr_assert_eq(h->play_text(s, "f6-g5"), 0);
  cr_expect_eq(h->redo(s), -1, "another move ends what redo could replay");
}

Test(session, a_draw_is_offered_and_answered_between_two_people) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(h->answer_draw(s, 1), -1, "no offer yet");
  cr_assert_eq(h->offer_draw(s), 0, "%s", h->error(s));
  cr_expect_eq(status().draw_offer, 1 + DR_WHITE);
  cr_assert_eq(h->answer_draw(s, 0), 0);
  cr_expect_eq(status().draw_offer, 0);
  cr_expect_eq(status().result, DR_ONGOING, "declined: play on");
  cr_assert_eq(h->play_text(s, "c3-d4"), 0);
  cr_assert_eq(h->offer_draw(s), 0);
  cr_assert_eq(h->play_text(s, "f6-e5"), 0);
  cr_expect_eq(status().draw_offer, 0, "a move withdraws the offer");
  cr_assert_eq(h->offer_draw(s), 0);
  cr_assert_eq(h->answer_draw(s, 1), 0);
  dr_status st = status();
  cr_expect_eq(st.result, DR_DRAW);
  cr_expect_str_eq(st.reason, "a draw agreed");
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER);
  cr_expect_eq(h->offer_draw(s), -1);
  cr_expect(strstr(h->error(s), "between two people") != NULL, "%s", h->error(s));
}

Test(session, a_pause_holds_the_computer) {
  start("W:Wc3,e3:Bf6,h8", DR_PLAYER_COMPUTER, DR_PLAYER_COMPUTER);
  cr_assert_eq(h->pause(s, 1), 0, "%s", h->error(s));
  cr_expect_eq(status().paused, 1);
  for (int i = 0; i < 20; i++) {
    dr_engine e;
    DR_INIT(e);
    h->poll(s, &e);
    cr_assert_eq(e.thinking, 0, "the computer thinks while paused");
  }
  cr_expect_eq(status().plies, 0);
  cr_assert_eq(h->pause(s, 0), 0);
  wait_for(DR_EVENT_MOVED);
  cr_expect_geq(status().plies, 1, "it plays on once the pause ends");
}

static void start_clock(int seconds, int increment) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.player[0] = st.player[1] = DR_PLAYER_HUMAN;
  st.clock_seconds = seconds;
  st.clock_increment = increment;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

/* A Fischer clock: the side to move spends its time, each move adds the increment, and
** a side whose time runs out loses. */
Test(session, a_clock_counts_down_adds_the_increment_and_ends_the_game) {
  start_clock(600, 600);
  dr_status st = status();
  cr_expect_eq(st.clock, 1);
  cr_expect_eq(st.clock_running, 1 + DR_WHITE);
  cr_expect_leq(st.clock_ms[DR_WHITE], 600000);
  cr_expect_eq(st.clock_increment_ms, 600000);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0);
  st = status();
  cr_expect_eq(st.clock_running, 1 + DR_BLACK, "black's time runs");
  cr_expect_gt(st.clock_ms[DR_WHITE], 600000, "the increment was added");
  cr_assert_eq(h->pause(s, 1), 0);
  cr_expect_eq(status().clock_running, 0, "a pause holds the clocks");
  cr_assert_eq(h->pause(s, 0), 0);
  start_clock(1, 0);
  for (int i = 0; i < 3000 && status().result == DR_ONGOING; i++) h->poll(s, NULL), usleep(2000);
  st = status();
  cr_expect_eq(st.result, DR_BLACK_WINS);
  cr_expect_str_eq(st.reason, "white ran out of time");
  cr_expect_eq(st.clock_ms[DR_WHITE], 0);
  cr_expect_eq(h->play_text(s, "c3-d4"), -1, "no move once the flag has fallen");
}

Test(session, a_clock_is_for_two_people) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.player[0] = DR_PLAYER_HUMAN, st.player[1] = DR_PLAYER_COMPUTER;
  st.clock_seconds = 300;
  cr_expect_eq(h->new_game(s, &st), -1);
  cr_expect(strstr(h->error(s), "a clock is for a game between two people") != NULL, "%s", h->error(s));
  st.player[1] = DR_PLAYER_HUMAN;
  st.clock_increment = 9999;
  cr_expect_eq(h->new_game(s, &st), -1);
  cr_expect(strstr(h->error(s), "increment of 0 to 600") != NULL, "%s", h->error(s));
}

Test(session, bad_taps_are_refused_with_a_reason) {
  start("W:Wc3,a1,g1:Bd4,d6,h8", DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  expect_refused("e5", "no piece there");
  expect_refused("h8", "black piece: white to move");
  expect_refused("g1", "a capture is compulsory");
  cr_expect_eq(h->play(s, NULL), -1, "an empty input is no move");
  cr_expect_eq(h->input_point(s, point("c3")), DR_INPUT_SELECTED);
  expect_refused("b4", "c3 cannot go to b4");
  cr_expect_eq(h->input_point(s, point("c3")), DR_INPUT_CLEARED, "tapping the piece again drops it");
  cr_expect_eq(input().from, -1);
}

Test(session, another_piece_of_ones_own_takes_over_the_selection) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(h->input_point(s, point("c3")), DR_INPUT_SELECTED);
  cr_expect_eq(input().targets, bits("b4 d4"));
  cr_expect_eq(h->input_point(s, point("e3")), DR_INPUT_SELECTED);
  cr_expect_eq(input().from, point("e3"));
  cr_expect_eq(h->input_point(s, point("f4")), DR_INPUT_COMPLETE);
  cr_expect_eq(h->play(s, NULL), 0);
  cr_expect_eq(status().turn, DR_BLACK);
}

Test(session, typed_moves_and_undo_between_two_players) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0, "%s", h->error(s));
  cr_assert_eq(h->play_text(s, "f6-e5"), 0, "%s", h->error(s));
  cr_expect_eq(h->play_text(s, "a1-b2"), -1);
  cr_expect(strstr(h->error(s), "not a legal move") != NULL, "%s", h->error(s));
  cr_expect_eq(h->undo(s), 0);
  cr_expect_eq(status().plies, 1, "between two players undo takes back one move");
  cr_expect_eq(status().turn, DR_BLACK);
}

Test(session, against_the_computer_it_replies_and_undo_takes_back_both) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0, "%s", h->error(s));
  cr_expect_eq(status().human_to_move, 0);
  cr_expect_eq(h->input_point(s, point("b6")), DR_INPUT_REFUSED);
  cr_expect(strstr(h->error(s), "computer's turn") != NULL, "%s", h->error(s));
  dr_engine e = wait_for(DR_EVENT_MOVED);
  cr_expect_eq(e.thinking, 0);
  cr_expect_geq(e.depth, 1, "the engine reports its depth");
  cr_expect_gt(strlen(e.score_text), 0);
  dr_status st = status();
  cr_expect_eq(st.plies, 2);
  cr_expect_eq(st.human_to_move, 1);
  cr_expect_eq(h->undo(s), 0, "%s", h->error(s));
  st = status();
  cr_expect_eq(st.plies, 0, "undo takes back the reply and your move");
  cr_expect_eq(st.can_undo, 0);
  cr_expect_eq(h->undo(s), -1);
  cr_expect_str_eq(h->error(s), "nothing to undo");
}

Test(session, the_computer_opens_when_it_plays_white) {
  start(NULL, DR_PLAYER_COMPUTER, DR_PLAYER_HUMAN);
  cr_expect_eq(status().human_to_move, 0);
  wait_for(DR_EVENT_MOVED);
  cr_expect_eq(status().plies, 1);
  cr_expect_eq(h->undo(s), -1, "the computer's own move is not yours to undo");
}

Test(session, the_computer_plays_itself_to_the_end) {
  start("W:Wc3,e3:Bf6,h8", DR_PLAYER_COMPUTER, DR_PLAYER_COMPUTER);
  for (int i = 0; i < 400 && status().result == DR_ONGOING; i++) wait_for(DR_EVENT_MOVED);
  dr_status st = status();
  cr_expect_neq(st.result, DR_ONGOING, "the game did not end");
  cr_expect_gt(strlen(st.reason), 0);
  cr_expect_eq(h->resign(s), -1);
}

Test(session, a_hint_is_a_legal_move_and_leaves_the_game_alone) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER);
  cr_assert_eq(h->hint(s), 0, "%s", h->error(s));
  dr_engine e = wait_for(DR_EVENT_HINT);
  cr_expect_eq(e.hint_ready, 1);
  const dr_move *moves;
  int n = h->legal_moves(s, &moves), legal = 0;
  for (int i = 0; i < n; i++) legal |= moves[i].from == e.hint.from && moves[i].to == e.hint.to;
  cr_expect(legal, "the hint is not a legal move");
  cr_expect_eq(status().plies, 0);
  cr_assert_eq(h->hint(s), 0);
  cr_expect(h->poll(s, NULL) & DR_EVENT_HINT, "a hint asked for again is reported again");
  cr_assert_eq(h->play(s, &e.hint), 0, "%s", h->error(s));
  DR_INIT(e);
  h->poll(s, &e);
  cr_expect_eq(e.hint_ready, 0, "a hint lasts only for its position");
}

Test(session, resigning_against_the_computer_loses_for_the_person) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_COMPUTER);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0);
  h->poll(s, NULL); /* the computer is thinking: the person still resigns */
  cr_assert_eq(h->resign(s), 0, "%s", h->error(s));
  dr_status st = status();
  cr_expect_eq(st.result, DR_BLACK_WINS);
  cr_expect_str_eq(st.reason, "white resigned");
  cr_expect_eq(h->input_point(s, point("a3")), DR_INPUT_REFUSED);
  cr_expect_str_eq(h->error(s), "the game is over");
}

Test(session, a_game_saved_as_pdn_loads_back) {
  char path[] = "/tmp/draughts_session_XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  close(fd);
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0);
  cr_assert_eq(h->play_text(s, "f6-e5"), 0);
  dr_position before, after;
  h->position(s, &before);
  cr_assert_eq(h->save_pdn(s, path), 0, "%s", h->error(s));
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_assert_eq(h->load_pdn(s, path), 0, "%s", h->error(s));
  h->position(s, &after);
  cr_expect_eq(status().plies, 2);
  cr_expect_eq(memcmp(&before, &after, sizeof before), 0);
  cr_expect_eq(h->load_pdn(s, "/nonexistent/game.pdn"), -1);
  cr_expect(strstr(h->error(s), "/nonexistent/game.pdn") != NULL, "%s", h->error(s));
  unlink(path);
}

Test(session, a_bad_setup_is_refused_and_the_game_kept) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.level = 99;
  cr_expect_eq(h->new_game(s, &st), -1);
  cr_expect(strstr(h->error(s), "level 99 is out of range") != NULL, "%s", h->error(s));
  st.level = 0;
  st.variant = "nosuch";
  cr_expect_eq(h->new_game(s, &st), -1);
  cr_expect(strstr(h->error(s), "unknown variant 'nosuch'") != NULL, "%s", h->error(s));
  cr_expect_eq(h->has_game(s), 1);
  cr_expect_str_eq(status().variant, "template");
}

Test(session, the_computer_plays_with_the_weights_file_of_the_setup) {
  char path[] = "/tmp/draughts_session_eval_XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  cr_assert_eq(write(fd, "return {kingg = 1}\n", 19), 19);
  close(fd);
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.player[0] = DR_PLAYER_HUMAN;
  st.player[1] = DR_PLAYER_COMPUTER;
  st.eval = path;
  cr_expect_eq(h->new_game(s, &st), -1, "a broken weights file is refused when the game is set up");
  cr_expect(strstr(h->error(s), "unknown weight 'kingg'") != NULL, "%s", h->error(s));
  FILE *f = fopen(path, "w");
  fputs("return {king = 250}\n", f);
  fclose(f);
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  dr_setup now;
  DR_INIT(now);
  h->setup(s, &now);
  cr_expect_str_eq(now.eval, path, "the next game keeps the weights");
  /* A front end built before 'eval' existed passes a shorter setup: no weights file. */
  st.size = (uint32_t)offsetof(dr_setup, eval);
  st.eval = "/nonexistent/eval.lua";
  cr_expect_eq(h->new_game(s, &st), 0, "%s", h->error(s));
  unlink(path);
}

/* A front end built against an older, smaller struct: the host never writes past it. */
Test(session, the_host_respects_the_size_the_caller_declares) {
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  struct {
    dr_status st;
    unsigned char canary[64];
  } buf;
  memset(&buf, 0xab, sizeof buf);
  buf.st.size = (uint32_t)offsetof(dr_status, turn);
  h->status(s, &buf.st);
  cr_expect_str_eq(buf.st.variant, "template");
  const unsigned char *tail = (const unsigned char *)&buf.st + offsetof(dr_status, turn);
  for (size_t i = 0; i < sizeof buf - offsetof(dr_status, turn); i++) cr_assert_eq(tail[i], 0xab, "byte %zu", i);
}

Test(session, the_registry_tells_front_ends_from_variants) {
  cr_expect_null(registry_find(&reg, "testfe"));
  const frontend *f = registry_find_frontend(&reg, "testfe");
  cr_assert_not_null(f, "the test front end was not found");
  cr_expect_str_eq(f->fe.title, "a front end for the tests");
  cr_expect_not_null(registry_find(&reg, "template"));
  for (int i = 0; i < reg.nproblems; i++)
    cr_expect(strstr(reg.problems[i], "testfe") == NULL, "refused: %s", reg.problems[i]);
}

Test(session, broken_front_ends_are_refused_with_a_reason) {
  registry r;
  setenv("DRAUGHTS_PLUGIN_PATH", TEST_PLUGIN_DIR "/broken-frontends", 1);
  registry_scan(&r);
  int newer = 0, no_run = 0;
  for (int i = 0; i < r.nproblems; i++) {
    newer |= strstr(r.problems[i], "fe_newer_abi.so: built for front-end ABI 2") != NULL;
    no_run |= strstr(r.problems[i], "fe_no_run.so: front end testfe lacks the required slot 'run'") != NULL;
  }
  cr_expect(newer, "a front end for a newer ABI was not refused");
  cr_expect(no_run, "a front end without 'run' was not refused");
  cr_expect_null(registry_find_frontend(&r, "testfe"));
  registry_free(&r);
}

/* Writes a rules script for the template; returns its path (static buffer). */
static const char *rules_file(const char *source) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/draughts_session_XXXXXX.lua");
  int fd = mkstemps(path, 4);
  cr_assert_geq(fd, 0);
  FILE *f = fdopen(fd, "w");
  fputs(source, f);
  fclose(f);
  return path;
}

/* A game between two people under the rules script at 'path'. */
static void start_with_rules(const char *path) {
  dr_setup st;
  DR_INIT(st);
  st.variant = "template";
  st.rules = path;
  st.player[0] = st.player[1] = DR_PLAYER_HUMAN;
  cr_assert_eq(h->new_game(s, &st), 0, "%s", h->error(s));
}

/* House-rule hooks live in the game's ruleset: they keep working as the game goes
** on, and a new game releases them (ASan checks both). */
Test(session, house_rule_hooks_work_through_the_session) {
  const char *path = rules_file("hooks = {filter = function(pos, m)\n"
                                "  return board.file(m.to) ~= 8 and ((helpers.capturers(pos) & board.bit(m.from)) ~= 0 or m.captures == 0)\n"
                                "end}\n");
  start_with_rules(path);
  const dr_move *moves;
  cr_expect_eq(h->legal_moves(s, &moves), 6, "the filter hook takes g3-h4 away");
  cr_expect_eq(h->play_text(s, "g3-h4"), -1);
  cr_assert_eq(h->play_text(s, "c3-d4"), 0, "%s", h->error(s));
  cr_expect_str_eq(status().warning, "");
  start(NULL, DR_PLAYER_HUMAN, DR_PLAYER_HUMAN);
  cr_expect_eq(h->legal_moves(s, &moves), 7);
  remove(path);
}

Test(session, a_failing_hook_is_reported_in_the_status) {
  const char *path = rules_file("hooks = {filter = function(pos, m) return m.nosuch.field end}\n");
  start_with_rules(path);
  cr_expect(strstr(status().warning, "house rules disabled") != NULL, "%s", status().warning);
  remove(path);
}
