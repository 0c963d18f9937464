/*
** test_loader.c — the loader refuses every broken plugin with a one-line error that
** names the file and the reason, and loads a good one.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
Test(loader, refuses_a_newer_abi) { expect_refused("newer_abi.so", "built for plugin ABI 2"); }
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
