/*
** bench.c — 'draughts bench': perft speed of each variant through the plugin vtable,
** and the engine's speed: nodes per second and time to a fixed depth from a fixed set
** of positions, on one thread and on every core.
** Prints figures; asserts nothing (timings belong in benchmarks, not in tests).
*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "perft.h"
#include "search.h"

#define BENCH_MIN_SECONDS 1.0

typedef struct timed {
  int depth;
  uint64_t nodes; /* UINT64_MAX: a move list overflowed */
  double seconds;
} timed;

/* Perft from 'depth' down, deeper each time until one run lasts 'min_seconds' (0:
** that depth alone), so that the figure is worth timing. */
static timed timed_perft(const ruleset *rs, const dr_position *p, int depth, double min_seconds) {
  timed t = {depth, 0, 0};
  for (; t.depth <= 64; t.depth++) {
    double t0 = now_seconds();
    t.nodes = perft(rs, p, t.depth, PERFT_BY_EFFECT);
    t.seconds = now_seconds() - t0;
    if (t.seconds >= min_seconds || t.nodes == UINT64_MAX) break;
  }
  return t;
}

static double mnodes_per_second(const timed *t) { return t->seconds > 0 ? t->nodes / t->seconds / 1e6 : 0.0; }

static void bench_preset(const cli_args *a, registry *reg, const char *variant, const char *preset) {
  cli_args b = *a;
  ruleset rs;
  dr_position p;
  b.rules = preset;
  if (!cli_variant(reg, &b, variant, &rs)) return;
  if (cli_position(&b, &rs, &p)) {
    rules_free(&rs);
    return;
  }
  timed t = timed_perft(&rs, &p, a->depth ? a->depth : 1, a->depth ? 0 : BENCH_MIN_SECONDS);
  if (t.nodes == UINT64_MAX)
    printf("%-12s %-12s move list overflow\n", variant, rs.preset);
  else
    printf("%-12s %-12s perft %2d %14" PRIu64 " nodes %8.3f s %10.2f Mnodes/s\n", variant, rs.preset, t.depth,
           t.nodes, t.seconds, mnodes_per_second(&t));
  fflush(stdout);
  rules_free(&rs);
}

/* ------------------------------------------------------------ hook cost */

#define BENCH_HOOK_SECONDS 0.3

/* Allows every move: the price of calling Lua, and nothing else. */
static const char noop_filter[] = "hooks = {filter = function(pos, move, moves) return true end}\n";

/* The same perft with no script and under a no-op Lua move filter, side by side. */
static void bench_hook_cost(const cli_args *a, registry *reg, const char *variant) {
  ruleset plain, hooked;
  dr_position p;
  err e;
  cli_args b = *a;
  b.rules = NULL; /* the variant's default rules both ways */
  b.nsets = 0;
  if (!cli_variant(reg, &b, variant, &plain)) return;
  if (cli_position(&b, &plain, &p)) {
    rules_free(&plain);
    return;
  }
  if (rules_load_script(&hooked, plain.v, "noop_filter.lua", noop_filter, &e)) {
    cli_error("%s", e.msg);
    rules_free(&plain);
    return;
  }
  timed with = timed_perft(&hooked, &p, 1, BENCH_HOOK_SECONDS);
  timed without = timed_perft(&plain, &p, with.depth, 0);
  double plain_rate = mnodes_per_second(&without), hooked_rate = mnodes_per_second(&with);
  printf("%-12s perft %2d  no script %8.2f Mnodes/s  no-op Lua filter %8.3f Mnodes/s  (%.0fx)\n", variant,
         with.depth, plain_rate, hooked_rate, hooked_rate > 0 ? plain_rate / hooked_rate : 0.0);
  fflush(stdout);
  rules_free(&hooked);
  rules_free(&plain);
}

/* ---------------------------------------------------------------- search */

#define BENCH_SEARCH_NODES 1000000 /* the depth: the first whose search of the start takes this many */
#define BENCH_POSITIONS 4 /* the start, then every BENCH_PLIES random plies of one seeded game */
#define BENCH_PLIES 8

/* The bench positions: the same for every run, since the random game is seeded. */
static int bench_positions(const ruleset *rs, const dr_position *start, dr_position *out) {
  game g;
  err e;
  rng r = {0xbe4c4ull};
  int n = 0;
  if (game_init(&g, rs, start, &e)) return 0;
  for (int ply = 0; n < BENCH_POSITIONS && g.result == DR_ONGOING; ply++) {
    if (ply % BENCH_PLIES == 0) out[n++] = *game_position(&g);
    if (game_play(&g, &g.legal.moves[rng_below(&r, (uint32_t)g.legal.count)], &e)) break;
  }
  game_free(&g);
  return n;
}

/* One thread's node counts do not depend on the machine, so neither does the depth. */
static int bench_depth(const ruleset *rs, const dr_position *start) {
  game g;
  err e;
  int depth = 1;
  if (game_init(&g, rs, start, &e)) return depth;
  for (; depth < 40; depth++) {
    search_limits l = {.depth = depth, .threads = 1};
    search_info info;
    dr_move best;
    search_clear_hash(NULL);
    if (search_best(&g, &l, NULL, NULL, NULL, &best, &info) || info.nodes >= BENCH_SEARCH_NODES) break;
  }
  game_free(&g);
  return depth;
}

static void bench_search_threads(const ruleset *rs, const dr_position *pos, int npos, int depth, int threads) {
  uint64_t nodes = 0;
  double seconds = 0;
  for (int i = 0; i < npos; i++) {
    game g;
    err e;
    if (game_init(&g, rs, &pos[i], &e)) continue;
    search_limits l = {.depth = depth, .threads = threads};
    search_info info;
    dr_move best;
    search_clear_hash(NULL); /* every run starts from the same empty table */
    if (search_best(&g, &l, NULL, NULL, NULL, &best, &info) == 0) nodes += info.nodes, seconds += info.seconds;
    game_free(&g);
  }
  printf("%-12s %-12s search %2d  %d position%s %2d thread%s %12" PRIu64 " nodes %8.3f s %10.2f Mnodes/s\n",
         rs->v->name, rs->preset, depth, npos, npos == 1 ? " " : "s", threads, threads == 1 ? " " : "s",
         nodes, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
  fflush(stdout);
}

static void bench_search(const cli_args *a, registry *reg, const char *variant) {
  cli_args b = *a;
  ruleset rs;
  dr_position start, pos[BENCH_POSITIONS];
  if (!cli_variant(reg, &b, variant, &rs)) return;
  if (cli_position(&b, &rs, &start) == 0) {
    int npos = bench_positions(&rs, &start, pos), depth = bench_depth(&rs, &start);
    int all = threads_or_cores(a->threads);
    bench_search_threads(&rs, pos, npos, depth, 1);
    if (all > 1) bench_search_threads(&rs, pos, npos, depth, all);
  }
  rules_free(&rs);
}

int cmd_bench(registry *reg, const cli_args *a) {
  if (a->server) return bench_server(reg, a);
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
  printf("cost of a Lua hook: perft with no script, then with a filter hook that allows every move\n");
  for (int i = 0; i < n; i++) {
    err e;
    const plugin *p = registry_resolve(reg, a->nargs ? a->args[i] : reg->items[i]->v.name, &e);
    if (p) bench_hook_cost(a, reg, p->v.name);
  }
  printf("search to a fixed depth (the first that takes %d nodes from the start on one thread) from %d\n"
         "positions (the start, then every %d plies of a seeded random game), default rules, the table\n"
         "cleared before each position; one thread, then every core (--threads N)\n",
         BENCH_SEARCH_NODES, BENCH_POSITIONS, BENCH_PLIES);
  for (int i = 0; i < n; i++) {
    err e;
    const plugin *p = registry_resolve(reg, a->nargs ? a->args[i] : reg->items[i]->v.name, &e);
    if (p) bench_search(a, reg, p->v.name);
  }
  return CLI_OK;
}
