/*
** bench.c — 'draughts bench': perft speed of each variant through the plugin vtable.
** Prints figures; asserts nothing (timings belong in benchmarks, not in tests).
*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "perft.h"

#define BENCH_MIN_SECONDS 1.0

static void bench_preset(const cli_args *a, registry *reg, const char *variant, const char *preset) {
  cli_args b = *a;
  ruleset rs;
  dr_position p;
  b.rules = preset;
  if (!cli_variant(reg, &b, variant, &rs) || cli_position(&b, &rs, &p)) return;
  uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;
  /* Deepen until one run lasts long enough to time, or run the requested depth. */
  for (int d = a->depth ? a->depth : 1; d <= 64; d++) {
    double t0 = now_seconds();
    nodes = perft(&rs, &p, d, PERFT_BY_EFFECT);
    seconds = now_seconds() - t0;
    depth = d;
    if (a->depth || seconds >= BENCH_MIN_SECONDS || nodes == UINT64_MAX) break;
  }
  if (nodes == UINT64_MAX) {
    printf("%-12s %-12s move list overflow\n", variant, rs.preset);
    return;
  }
  printf("%-12s %-12s perft %2d %14" PRIu64 " nodes %8.3f s %10.2f Mnodes/s\n", variant, rs.preset, depth, nodes,
         seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
  fflush(stdout);
}

int cmd_bench(registry *reg, const cli_args *a) {
  printf("perft from the start position, bulk counting at the last ply, one thread\n");
  int n = a->nargs ? a->nargs : reg->count;
  for (int i = 0; i < n; i++) {
    err e;
    const plugin *p = registry_resolve(reg, a->nargs ? a->args[i] : reg->items[i]->v.name, &e);
    if (!p) {
      cli_error("%s", e.msg);
      return CLI_FAILED;
    }
    if (a->rules || !p->v.presets || !p->v.presets[0].name) {
      bench_preset(a, reg, p->v.name, a->rules);
      continue;
    }
    for (const dr_preset *pr = p->v.presets; pr->name; pr++) bench_preset(a, reg, p->v.name, pr->name);
  }
  return CLI_OK;
}
