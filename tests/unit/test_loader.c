/*
** test_loader.c — the loader refuses every broken plugin with a one-line error that
** names the file and the reason, and loads a good one.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "plugin.h"

#define BROKEN TEST_PLUGIN_DIR "/broken/"

static void expect_refused(const char *file, const char *reason) {
  err e = {""};
  char path[512];
  snprintf(path, sizeof path, "%s%s", BROKEN, file);
  plugin *p = plugin_open(path, &e);
  cr_expect_null(p, "%s was accepted", file);
  cr_expect(strstr(e.msg, path) != NULL, "message does not name the file: %s", e.msg);
  cr_expect(strstr(e.msg, reason) != NULL, "message lacks '%s': %s", reason, e.msg);
  cr_expect(strchr(e.msg, '\n') == NULL, "message is not one line: %s", e.msg);
  plugin_close(p);
}

Test(loader, refuses_a_file_that_is_not_a_plugin) { expect_refused("not_a_plugin.so", "not a loadable plugin"); }
Test(loader, refuses_a_missing_file) { expect_refused("no_such_file.so", "not a loadable plugin"); }
Test(loader, refuses_a_missing_entry_point) { expect_refused("no_entry.so", "no entry point 'dr_variant_entry'"); }
Test(loader, refuses_a_newer_abi) { expect_refused("newer_abi.so", "built for plugin ABI 3"); }

Test(loader, loads_a_plugin_built_for_abi_1) {
  err e = {""};
  plugin *p = plugin_open(BROKEN "abi_one.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  cr_expect_eq(p->v.abi_version, 1);
  cr_expect_null(p->v.conventions, "slots past its size read as NULL");
  plugin_close(p);
}
Test(loader, refuses_more_than_64_points) { expect_refused("too_many_points.so", "declares 65 points, more than 64"); }
Test(loader, refuses_a_missing_required_slot) { expect_refused("missing_slot.so", "lacks a required slot (generate)"); }
Test(loader, refuses_a_null_descriptor) { expect_refused("null_descriptor.so", "returned no descriptor"); }
Test(loader, refuses_an_option_default_out_of_range) { expect_refused("bad_option.so", "default 50 outside [0, 40]"); }
Test(loader, refuses_two_points_with_one_name) { expect_refused("duplicate_point.so", "two points are named a1"); }
Test(loader, refuses_a_descriptor_too_small) { expect_refused("small_descriptor.so", "smaller than ABI 1"); }

Test(loader, loads_the_template) {
  err e = {""};
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  cr_expect_str_eq(p->v.name, "template");
  cr_expect_eq(p->v.geometry->npoints, 32);
  cr_expect_str_eq(p->v.presets[0].name, "standard");
  plugin_close(p);
}

Test(loader, registry_reports_refused_files_and_keeps_good_ones) {
  setenv("DRAUGHTS_PLUGIN_PATH", TEST_PLUGIN_DIR ":" BROKEN, 1);
  registry r;
  registry_scan(&r);
  cr_expect_not_null(registry_find(&r, "template"));
  cr_expect_geq(r.nproblems, 9, "refused files: %d", r.nproblems);
  err e;
  cr_expect_null(registry_resolve(&r, "nosuchvariant", &e));
  cr_expect(strstr(e.msg, "unknown variant 'nosuchvariant'") != NULL, "%s", e.msg);
  registry_free(&r);
}

/* The validator is what the loader runs: check the plugin-side contract directly. */
Test(loader, validation_needs_points_and_names) {
  err e;
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p);
  dr_variant v = p->v;
  dr_geometry g = *v.geometry;
  v.geometry = &g;
  g.npoints = 31;
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "declares 31 points but its mask has 32") != NULL, "%s", e.msg);
  g.npoints = 32;
  v.name = "Bad Name";
  cr_expect_neq(plugin_validate(&v, &e), 0);
  plugin_close(p);
}

/* What a plugin declares for people is shown as it is: a title, an option's doc, the
** help, a point's or a side's name with an escape sequence would drive the terminal. */
Test(loader, declared_texts_hold_no_control_characters) {
  err e = {""};
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  dr_variant v = p->v;
  v.title = "\033]0;owned\007A title";
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "with control characters") != NULL, "%s", e.msg);
  v.title = "A title \302\233 with a C1 CSI";
  cr_expect_neq(plugin_validate(&v, &e), 0, "a C1 control in the title");
  v.title = p->v.title;
  v.help = "Rules.\n\tTabs and line breaks are fine.\n";
  cr_expect_eq(plugin_validate(&v, &e), 0, "%s", e.msg);
  v.help = "Rules.\033[2J\n";
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "its help holds control characters") != NULL, "%s", e.msg);
  v.help = p->v.help;
  dr_option o = p->v.noptions ? p->v.options[0] : (dr_option){"limit", DR_OPTION_INT, 1, 0, 2, ""};
  o.doc = "a doc\033[31m in red";
  v.options = &o, v.noptions = 1;
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "with control characters") != NULL, "%s", e.msg);
  v.options = p->v.options, v.noptions = p->v.noptions;
  dr_geometry g = *v.geometry;
  dr_point pts[DR_MAX_POINTS];
  memcpy(pts, g.point, sizeof pts);
  int first = __builtin_ctzll(g.points);
  pts[first].name = "\033c";
  g.point = pts, v.geometry = &g;
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "has no usable name") != NULL, "%s", e.msg);
  plugin_close(p);
}

/* A judge's reason is read only from the plugin's own memory: its literals are, a copy
** on the heap or the stack is refused unread (the refusal sticks to the descriptor). */
Test(loader, reasons_are_read_only_from_the_plugins_memory) {
  err e = {""};
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  dr_variant v = p->v;
  const char *why = p->v.title; /* a string of the plugin's own */
  cr_expect_eq(guard_verdict(&v, DR_DRAW, &why), DR_DRAW);
  cr_expect_eq(why, p->v.title);
  why = (const char *)0x40;
  cr_expect_eq(guard_verdict(&v, DR_ONGOING, &why), DR_ONGOING, "an ongoing game's reason is not read");
  cr_expect_null(why);
  char *copy = strdup(p->v.title);
  why = copy;
  cr_expect_eq(guard_verdict(&v, DR_DRAW, &why), GUARD_REFUSED);
  cr_expect(strstr(guard_refusal(&v), "judge gave a reason that is not in the plugin's own memory") != NULL, "%s",
            guard_refusal(&v));
  free(copy);
  guard_forget(&v);
  char local[] = "a reason on the stack";
  why = local;
  cr_expect_eq(guard_verdict(&v, DR_WHITE_WINS, &why), GUARD_REFUSED);
  guard_forget(&v);
  plugin_close(p);
}

/* A shipped book names its preset and has a text (what the text says is checked when a
** search opens it, as a user's book is). */
Test(loader, books_need_a_preset_name_and_a_text) {
  err e = {""};
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  dr_variant v = p->v;
  dr_book books[] = {{"Bad Name", ""}, {NULL, NULL}};
  v.books = books;
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "book 0 has an invalid preset name") != NULL, "%s", e.msg);
  books[0] = (dr_book){"standard", NULL};
  cr_expect_neq(plugin_validate(&v, &e), 0);
  cr_expect(strstr(e.msg, "the standard book has no text") != NULL, "%s", e.msg);
  books[0].text = "";
  cr_expect_eq(plugin_validate(&v, &e), 0, "%s", e.msg);
  plugin_close(p);
}

/* Conventions are checked like the rest of the descriptor. */
static void expect_conventions_refused(const dr_conventions *c, const char *gametype, const char *reason) {
  err e = {""};
  plugin *p = plugin_open(TEST_PLUGIN_DIR "/template.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  dr_variant v = p->v;
  v.conventions = c;
  v.pdn_gametype = gametype;
  cr_expect_neq(plugin_validate(&v, &e), 0, "accepted: %s", reason);
  cr_expect(strstr(e.msg, reason) != NULL, "message lacks '%s': %s", reason, e.msg);
  plugin_close(p);
}

Test(loader, conventions_are_validated) {
  dr_conventions c = {.size = sizeof c, .side_name = {"Black", "White"}, .fen_letter = {'K', 'W'}};
  expect_conventions_refused(&c, NULL, "FEN letter 0 must be a capital other than K");
  c.fen_letter[0] = 'W';
  expect_conventions_refused(&c, NULL, "two different ones");
  c.fen_letter[0] = 'B';
  c.side_name[1] = "Black";
  expect_conventions_refused(&c, NULL, "give both side names, and two different ones");
  c.side_name[1] = "White";
  c.pdn_notation = DR_PDN_NUMERIC; /* the template's points have no numbers */
  expect_conventions_refused(&c, NULL, "the points have no numbers");
  c.pdn_notation = DR_PDN_ALGEBRAIC;
  c.pdn_capture = '-';
  expect_conventions_refused(&c, NULL, "capture separator must be 'x' or ':'");
  c.pdn_capture = 'x';
  expect_conventions_refused(&c, "21,W,8,8,A0,0", "starts with colour W, the conventions' first letter is B");
  expect_conventions_refused(&c, "21,B,8,8,N1,0", "says numeric notation, the conventions algebraic");
  expect_conventions_refused(&c, "21,B,8", "is not of the form");
  expect_conventions_refused(NULL, "21,B,8,8,N1,0", "starts with colour B");
}

Test(loader, conventions_beyond_the_plugins_size_read_as_defaults) {
  err e = {""};
  plugin *p = plugin_open(BROKEN "old_conventions.so", &e);
  cr_assert_not_null(p, "%s", e.msg);
  cr_assert_not_null(p->v.conventions);
  cr_expect_str_eq(p->v.conventions->side_name[0], "Sente");
  cr_expect_eq(p->v.conventions->pdn_capture, 0, "a field the plugin's size does not cover is zero");
  plugin_close(p);
  expect_refused("small_conventions.so", "conventions are 2 bytes");
}
