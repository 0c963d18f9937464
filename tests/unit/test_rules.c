/*
** test_rules.c — presets, option settings and the Lua sandbox that runs presets.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "notation.h"

/* The template has no options; a variant with two is built here from it. */
static plugin *template;
static dr_variant variant;
static const dr_option options[] = {
    {"flying", DR_OPTION_BOOL, 1, 0, 1, "kings fly"},
    {"limit", DR_OPTION_INT, 40, 10, 200, "plies before adjudication"},
};
static const dr_preset presets[] = {
    {"normal", "-- The normal rules\noptions.flying = true\n"},
    {"short", "-- Short kings, longer games\noptions.flying = false\noptions.limit = options.limit * 2\n"},
    {NULL, NULL},
};

static void setup(void) {
  err e;
  template = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(template, "%s", e.msg);
  variant = template->v;
  variant.noptions = 2;
  variant.options = options;
  variant.presets = presets;
}
static void teardown(void) { plugin_close(template); }

TestSuite(rules, .init = setup, .fini = teardown);

Test(rules, default_preset_keeps_defaults) {
  ruleset rs;
  err e;
  cr_assert_eq(rules_load(&rs, &variant, NULL, &e), 0, "%s", e.msg);
  cr_expect_str_eq(rs.preset, "normal");
  cr_expect_eq(rs.rules.opt[0], 1);
  cr_expect_eq(rs.rules.opt[1], 40);
}

Test(rules, named_preset_reads_and_sets_options) {
  ruleset rs;
  err e;
  cr_assert_eq(rules_load(&rs, &variant, "short", &e), 0, "%s", e.msg);
  cr_expect_eq(rs.rules.opt[0], 0);
  cr_expect_eq(rs.rules.opt[1], 80);
}

Test(rules, unknown_preset_lists_the_known_ones) {
  ruleset rs;
  err e;
  cr_expect_neq(rules_load(&rs, &variant, "nosuch", &e), 0);
  cr_expect(strstr(e.msg, "unknown rule preset 'nosuch'") && strstr(e.msg, "normal, short"), "%s", e.msg);
}

Test(rules, set_accepts_every_boolean_spelling) {
  static const char *const off[] = {"flying=off", "flying=false", "flying=0", "flying=OFF"};
  static const char *const on[] = {"flying=on", "flying=true", "flying=1", "flying=True"};
  ruleset rs;
  err e;
  rules_load(&rs, &variant, NULL, &e);
  for (int i = 0; i < 4; i++) {
    cr_expect_eq(rules_set(&rs, off[i], &e), 0, "%s", off[i]);
    cr_expect_eq(rs.rules.opt[0], 0);
    cr_expect_eq(rules_set(&rs, on[i], &e), 0, "%s", on[i]);
    cr_expect_eq(rs.rules.opt[0], 1);
  }
}

Test(rules, set_refuses_bad_input_with_a_reason) {
  static const struct { const char *set, *reason; } bad[] = {
      {"flying=maybe", "takes on/off"},     {"limit=abc", "takes an integer"},
      {"limit=5", "between 10 and 200"},    {"colour=red", "unknown option 'colour'"},
      {"flying", "expected option=value"}, {"limit=99999999999999", "between 10 and 200"},
  };
  ruleset rs;
  err e;
  rules_load(&rs, &variant, NULL, &e);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    cr_expect_neq(rules_set(&rs, bad[i].set, &e), 0, "%s accepted", bad[i].set);
    cr_expect(strstr(e.msg, bad[i].reason) != NULL, "%s: %s", bad[i].set, e.msg);
  }
}

Test(rules, spec_round_trips) {
  ruleset rs, back;
  err e;
  char spec[256];
  cr_assert_eq(rules_load_spec(&rs, &variant, "short,limit=150,flying=on", &e), 0, "%s", e.msg);
  rules_spec(&rs, spec, sizeof spec);
  cr_expect_str_eq(spec, "short,flying=on,limit=150");
  cr_assert_eq(rules_load_spec(&back, &variant, spec, &e), 0, "%s", e.msg);
  cr_expect_eq(memcmp(&rs.rules, &back.rules, sizeof rs.rules), 0);
}

Test(rules, preset_doc_is_its_first_comment) {
  char doc[64];
  rules_preset_doc(presets[1].script, doc, sizeof doc);
  cr_expect_str_eq(doc, "Short kings, longer games");
}

static int load_script(const char *source, err *e) {
  ruleset rs;
  int rc = fixture_load_script(&rs, &variant, source, e);
  if (rc == 0) rules_free(&rs);
  return rc;
}

static void expect_script_error(const char *source, const char *reason) {
  err e = {""};
  cr_expect_neq(load_script(source, &e), 0, "script accepted: %s", source);
  cr_expect(strstr(e.msg, reason) != NULL, "message lacks '%s': %s", reason, e.msg);
  cr_expect(strchr(e.msg, '\n') == NULL, "not one line: %s", e.msg);
}

Test(rules, script_errors_name_file_line_and_option) {
  expect_script_error("-- doc\n\noptions.flyng = true\n", ".lua:3: unknown option 'flyng'");
  expect_script_error("options.limit = 'long'\n", ".lua:1: option 'limit' takes an integer");
  expect_script_error("options.flying = 1\n", "option 'flying' takes true or false");
  expect_script_error("options.limit = 5000\n", "between 10 and 200");
  expect_script_error("options.limit = = 3\n", ".lua:1:");
}

Test(rules, sandbox_refuses_escapes_and_stops_runaways) {
  expect_script_error("io.open('/etc/passwd')\n", "global 'io'");
  expect_script_error("os.execute('true')\n", "global 'os'");
  expect_script_error("require('os')\n", "global 'require'");
  expect_script_error("dofile('/etc/passwd')\n", "global 'dofile'");
  expect_script_error("load('return 1')\n", "global 'load'");
  expect_script_error("string.dump(print)\n", "field 'dump'");
  expect_script_error("debug.getinfo(1)\n", "global 'debug'");
  expect_script_error("while true do end\n", "instruction budget exhausted");
  expect_script_error("local t = {} for i = 1, 1e9 do t[i] = i end\n", "not enough memory");
  expect_script_error("local s = string.rep('x', 1 << 30)\n", "not enough memory");
}

/* The guards on patterns, tables and metatables (script_lib.c) must not get in the
** way of what rules scripts do: parse a FEN, walk move texts, sort and shift. */
Test(rules, the_sandbox_keeps_what_scripts_need) {
  err e = {""};
  cr_expect_eq(load_script("local fen = 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'\n"
                           "local turn, white, black = fen:match('^(%a):W(.-):B(.-)$')\n"
                           "assert(turn == 'W' and #black == 35)\n"
                           "local n = 0\n"
                           "for square in white:gmatch('[^,]+') do n = n + 1 end\n"
                           "assert(n == 12)\n"
                           "assert(string.rep('c3xe5', 200):gsub('x', '-') == string.rep('c3-e5', 200))\n"
                           "assert(('c3xe5xg7'):find('x', 1, true) == 3 and ('(a(b)c)'):match('%b()') == '(a(b)c)')\n"
                           "local t = {3, 1, 2}\n"
                           "table.sort(t) table.insert(t, 1, 0) table.remove(t, 1) table.move(t, 1, 3, 2)\n"
                           "assert(table.concat(t, ',') == '1,1,2,3')\n"
                           "assert(setmetatable({}, {__index = function() return 1 end, __mode = 'k'}).x == 1)\n",
                           &e),
               0, "%s", e.msg);
  expect_script_error("string.find('x', '[a')\n", "malformed pattern");
  expect_script_error("string.find('x', 'x%')\n", "malformed pattern");
}

Test(rules, a_game_in_progress_cannot_change_its_rules) {
  ruleset rs;
  err e;
  dr_position p;
  dr_movelist *l = xmalloc(sizeof *l);
  cr_assert_eq(fixture_load_script(&rs, &variant,
                                   "preset('normal')\n"
                                   "hooks = {filter = function() assert(options.limit == 40) preset('short') return true end}\n",
                                   &e),
               0, "%s", e.msg);
  dr_rules before = rs.rules;
  cr_assert_eq(fen_read(&rs, "start", &p, &e), 0, "%s", e.msg);
  cr_expect_eq(rules_generate(&rs, &p, l), DR_OK);
  cr_expect(memcmp(&before, &rs.rules, sizeof before) == 0, "the hook changed the rules");
  cr_assert_not_null(rules_problem(&rs));
  cr_expect(strstr(rules_problem(&rs), ".lua:2: preset() is for when the rules load") != NULL, "%s", rules_problem(&rs));
  rules_free(&rs);
  free(l);
}

Test(rules, a_script_can_build_on_a_shipped_preset) {
  ruleset rs;
  err e;
  cr_assert_eq(fixture_load_script(&rs, &variant, "preset('short')\noptions.limit = options.limit + 1\n", &e), 0,
               "%s", e.msg);
  cr_expect_eq(rs.rules.opt[0], 0);
  cr_expect_eq(rs.rules.opt[1], 81);
  rules_free(&rs);
  expect_script_error("preset('nosuch')\n", ".lua:1: unknown preset 'nosuch'");
}

Test(rules, missing_script_file_is_an_error) {
  ruleset rs;
  err e;
  cr_expect_neq(rules_load(&rs, &variant, "/nonexistent/house.lua", &e), 0);
  cr_expect(strstr(e.msg, "/nonexistent/house.lua") != NULL, "%s", e.msg);
}
