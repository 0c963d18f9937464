/*
** test_hooks.c — house-rule hooks: Lua functions installed as C function pointers
** (libffi closures) in the very slots a C function fills, and plugin helpers called
** from Lua through ffi_call.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "game.h"
#include "hooks.h"
#include "notation.h"
#include "perft.h"

static fixture fx;
static void setup(void) { fixture_open(&fx, 0); }
static void teardown(void) { fixture_close(&fx); }
TestSuite(hooks, .init = setup, .fini = teardown);

static int load(ruleset *rs, const char *source, err *e) { return fixture_load_script(rs, &fx.v, source, e); }

static int count_moves(const ruleset *rs, const char *fen) {
  dr_position p;
  dr_movelist *l = xmalloc(sizeof *l);
  err e;
  cr_assert_eq(fen_read(rs, fen, &p, &e), 0, "%s", e.msg);
  cr_assert_eq(rules_generate(rs, &p, l), DR_OK);
  int n = l->count;
  free(l);
  return n;
}

/* The C version of the Lua filter below: no move to the h-file. */
static int (*plugin_generate)(const dr_rules *, const dr_position *, dr_movelist *);
static int c_filter(const dr_rules *r, const dr_position *p, dr_movelist *out) {
  int rc = plugin_generate(r, p, out), kept = 0;
  for (int i = 0; i < out->count; i++)
    if (fx.v.geometry->point[out->moves[i].to].file != 7) out->moves[kept++] = out->moves[i];
  out->count = kept;
  return rc;
}

Test(hooks, lua_and_c_filters_fill_the_same_slot_with_the_same_effect) {
  ruleset lua_rules, c_rules;
  err e;
  cr_assert_eq(load(&lua_rules, "hooks = {filter = function(pos, m) return board.file(m.to) ~= 8 end}\n", &e), 0,
               "%s", e.msg);
  cr_expect_neq((void *)lua_rules.generate, (void *)fx.v.generate, "the Lua hook sits in the generate slot");
  cr_assert_eq(rules_load(&c_rules, &fx.v, NULL, &e), 0);
  plugin_generate = c_rules.generate;
  c_rules.generate = c_filter;
  c_rules.quiet_count = NULL; /* it counts the plugin's moves, not the filter's: off, as for a Lua filter */
  cr_expect_eq(count_moves(&lua_rules, "start"), 6, "g3-h4 is forbidden: 7 - 1");
  cr_expect_eq(count_moves(&c_rules, "start"), 6);
  dr_position start;
  fen_read(&lua_rules, "start", &start, &e);
  for (int d = 1; d <= 5; d++)
    cr_expect_eq(perft(&lua_rules, &start, d, PERFT_BY_EFFECT), perft(&c_rules, &start, d, PERFT_BY_EFFECT), "depth %d", d);
  rules_free(&lua_rules);
}

/* A fast count that is plainly wrong, to see who uses it. */
static int count_99(const dr_rules *r, const dr_position *p) {
  (void)r, (void)p;
  return 99;
}

Test(hooks, a_filter_switches_the_plugins_fast_count_off) {
  dr_variant counting = fx.v;
  counting.quiet_count = count_99;
  ruleset plain, filtered;
  err e;
  dr_position start;
  cr_assert_eq(rules_load(&plain, &counting, NULL, &e), 0, "%s", e.msg);
  cr_assert_eq(fen_read(&plain, "start", &start, &e), 0, "%s", e.msg);
  cr_expect_eq(perft(&plain, &start, 1, PERFT_BY_EFFECT), 99, "without hooks perft counts with the slot");
  cr_assert_eq(fixture_load_script(&filtered, &counting, "hooks = {filter = function(pos, m) "
                                   "return board.file(m.to) ~= 8 end}\n", &e), 0, "%s", e.msg);
  cr_expect_null(filtered.quiet_count);
  cr_expect_eq(perft(&filtered, &start, 1, PERFT_BY_EFFECT), 6, "the filter's moves are counted, not the slot's");
  rules_free(&filtered);
  rules_free(&plain);
}

Test(hooks, a_no_op_filter_leaves_perft_unchanged) {
  ruleset plain, hooked;
  err e;
  cr_assert_eq(rules_load(&plain, &fx.v, NULL, &e), 0);
  cr_assert_eq(load(&hooked, "hooks = {filter = function(pos, m) return true end}\n", &e), 0, "%s", e.msg);
  dr_position p;
  fen_read(&plain, "start", &p, &e);
  for (int d = 1; d <= 6; d++)
    cr_expect_eq(perft(&hooked, &p, d, PERFT_BY_EFFECT), perft(&plain, &p, d, PERFT_BY_EFFECT), "depth %d", d);
  rules_free(&hooked);
}

Test(hooks, initial_hook_sets_a_custom_start) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs, "hooks = {initial = function(pos) return 'W:Wc3,e3:Bd6,f6' end}\n", &e), 0, "%s", e.msg);
  dr_position p;
  cr_assert_eq(fen_read(&rs, "start", &p, &e), 0, "%s", e.msg);
  char fen[128];
  fen_write(fx.v.geometry, &p, NOTATION_ALGEBRAIC, fen, sizeof fen);
  cr_expect_str_eq(fen, "W:Wc3,e3:Bd6,f6");
  rules_free(&rs);
}

Test(hooks, judge_hook_adds_an_end_rule_and_sees_the_plugins_verdict) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs,
                    "hooks = {judge = function(pos, h, verdict, why)\n"
                    "  if verdict ~= 'ongoing' then return nil end\n"
                    "  if board.count(pos.white) >= board.count(pos.black) + 2 then\n"
                    "    return 'white', 'two pieces up'\n"
                    "  end\n"
                    "end}\n",
                    &e),
               0, "%s", e.msg);
  dr_position p;
  game g;
  cr_assert_eq(fen_read(&rs, "W:Wa1,c1,e1:Bh8", &p, &e), 0);
  cr_assert_eq(game_init(&g, &rs, &p, &e), 0);
  cr_expect_eq(g.result, DR_WHITE_WINS);
  cr_expect_str_eq(g.why, "two pieces up");
  game_free(&g);
  cr_assert_eq(fen_read(&rs, "W:Wa1,c1:Bh8", &p, &e), 0);
  cr_assert_eq(game_init(&g, &rs, &p, &e), 0);
  cr_expect_eq(g.result, DR_ONGOING);
  game_free(&g);
  rules_free(&rs);
}

Test(hooks, plugin_helpers_are_called_from_lua_through_ffi) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs,
                    "-- only pieces that the plugin's helper says can capture may move\n"
                    "hooks = {filter = function(pos, m)\n"
                    "  return (helpers.capturers(pos) & board.bit(m.from)) ~= 0 or m.captures == 0\n"
                    "end}\n"
                    "assert(type(helpers.capturers) == 'function')\n",
                    &e),
               0, "%s", e.msg);
  cr_expect_eq(count_moves(&rs, "W:Wc3,g3:Bd4"), 1);
  rules_free(&rs);
}

Test(hooks, a_hook_that_fails_is_switched_off_and_says_so) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs, "hooks = {filter = function(pos, m) return m.nosuch.field end}\n", &e), 0, "%s", e.msg);
  cr_expect_null(rules_problem(&rs));
  cr_expect_eq(count_moves(&rs, "start"), 7, "the plugin's own moves stand");
  cr_assert_not_null(rules_problem(&rs));
  cr_expect(strstr(rules_problem(&rs), "house rules disabled, filter hook failed") != NULL, "%s", rules_problem(&rs));
  cr_expect(strstr(rules_problem(&rs), ".lua:1:") != NULL, "%s", rules_problem(&rs));
  cr_expect_eq(count_moves(&rs, "start"), 7);
  rules_free(&rs);
}

/* It used to compact the list as it went: a failure at the third move left the
** second in the first's place, and the first lost. */
Test(hooks, a_filter_that_fails_part_way_leaves_the_plugins_list_whole) {
  ruleset plain, rs;
  err e;
  dr_position p;
  dr_movelist *want = xmalloc(sizeof *want), *got = xmalloc(sizeof *got);
  cr_assert_eq(rules_load(&plain, &fx.v, NULL, &e), 0, "%s", e.msg);
  cr_assert_eq(load(&rs, "hooks = {filter = function(pos, m, moves)\n"
                         "  if m == moves[3] then error('no') end\n"
                         "  return m ~= moves[1]\n"
                         "end}\n", &e), 0, "%s", e.msg);
  cr_assert_eq(fen_read(&plain, "start", &p, &e), 0, "%s", e.msg);
  rules_generate(&plain, &p, want);
  rules_generate(&rs, &p, got);
  cr_assert_not_null(rules_problem(&rs));
  cr_expect_eq(got->count, want->count);
  cr_expect(memcmp(got->moves, want->moves, (size_t)want->count * sizeof *want->moves) == 0, "the list changed");
  rules_free(&rs);
  free(want);
  free(got);
}

Test(hooks, an_endless_hook_is_stopped) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs, "hooks = {filter = function(pos, m) while true do end end}\n", &e), 0, "%s", e.msg);
  cr_expect_eq(count_moves(&rs, "start"), 7);
  cr_expect(strstr(rules_problem(&rs), "instruction budget") != NULL, "%s", rules_problem(&rs));
  rules_free(&rs);
}

Test(hooks, bad_hook_tables_are_refused_when_loading) {
  ruleset rs;
  err e;
  cr_expect_neq(load(&rs, "hooks = {filtre = function() end}\n", &e), 0);
  cr_expect(strstr(e.msg, "unknown hook 'filtre'") != NULL, "%s", e.msg);
  cr_expect_neq(load(&rs, "hooks = {filter = 3}\n", &e), 0);
  cr_expect(strstr(e.msg, "hooks.filter must be a function") != NULL, "%s", e.msg);
  cr_expect_neq(load(&rs, "hooks = 'x'\n", &e), 0);
}

Test(hooks, options_cannot_change_during_a_game) {
  ruleset rs;
  err e;
  cr_assert_eq(load(&rs, "hooks = {filter = function(pos, m) options.anything = 1 return true end}\n", &e), 0);
  count_moves(&rs, "start");
  cr_expect(rules_problem(&rs) && strstr(rules_problem(&rs), "unknown option") != NULL, "%s", rules_problem(&rs));
  rules_free(&rs);
}
