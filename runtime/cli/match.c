/*
** match.c — 'draughts match VARIANT --a PLAYER --b PLAYER --games N': the engine
** against itself at two levels or depths, perhaps with other evaluation weights
** (--eval-a, --eval-b), or against a random mover.  Games come in pairs from the
** same short random opening, each side having White once (runtime/engine/selfplay.c).
** Prints each game, then the score and the Elo difference with its 95% margin.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "notation.h"
#include "selfplay.h"

#define MATCH_DEFAULT_GAMES 10
#define MATCH_SEED 0x6d61746368ull

static double elo_of(double p) { return -400.0 * log10(1.0 / p - 1.0); }

static void print_summary(const selfplay_player *pa, const selfplay_player *pb, int n, const int *half) {
  int wins = 0, draws = 0, losses = 0;
  double mean = 0, var = 0;
  for (int i = 0; i < n; i++) {
    wins += half[i] == 2, draws += half[i] == 1, losses += half[i] == 0;
    mean += half[i] / 2.0;
  }
  mean /= n;
  for (int i = 0; i < n; i++) var += (half[i] / 2.0 - mean) * (half[i] / 2.0 - mean);
  double se = sqrt(var / n / n);
  printf("%s vs %s: +%d =%d -%d, score %.1f/%d (%.1f%%)", pa->name, pb->name, wins, draws, losses, mean * n, n,
         100 * mean);
  if (mean <= 0 || mean >= 1) {
    printf(", Elo %s\n", mean >= 1 ? "+inf" : "-inf");
    return;
  }
  /* The interval is not symmetric in Elo, so print both ends. */
  double lo = mean - 1.96 * se, hi = mean + 1.96 * se;
  printf(", Elo %+.0f (95%%: ", elo_of(mean));
  if (lo <= 0) printf("-inf"); else printf("%+.0f", elo_of(lo));
  if (hi >= 1) printf(" to +inf)\n"); else printf(" to %+.0f)\n", elo_of(hi));
}

typedef struct match_report {
  const dr_variant *v;
  const selfplay_player *a;
  int *half;
} match_report;

static void report_game(void *ud, int i, int a_white, int half, const char *why, const game *g) {
  match_report *r = ud;
  char side[32];
  (void)g;
  r->half[i] = half;
  printf("game %3d  A (%s) %s  %s  (%s)\n", i + 1, r->a->name, side_word(r->v, a_white ? DR_WHITE : DR_BLACK, side),
         half == 2 ? "wins" : half == 1 ? "draws" : "loses", why);
  fflush(stdout);
}

/* A player's weights file: its evaluator, built for these rules. */
static int load_player_eval(const ruleset *rs, const char *path, selfplay_player *p, eval_ctx **ctx, err *e) {
  eval_weights w;
  if (!path) return 0;
  if (eval_read_file(rs->v, path, &w, e)) return -1;
  *ctx = xmalloc(sizeof **ctx);
  eval_init_weights(*ctx, rs, &w);
  p->eval = *ctx;
  const char *base = strrchr(path, '/');
  size_t used = strlen(p->name);
  snprintf(p->name + used, sizeof p->name - used, " (%s)", base ? base + 1 : path);
  return 0;
}

static int play_match(const cli_args *a, const ruleset *rs, const dr_position *start, selfplay_player *pa,
                      selfplay_player *pb) {
  err e;
  eval_ctx *eval_a = NULL, *eval_b = NULL;
  int n = a->games ? a->games : MATCH_DEFAULT_GAMES;
  int *half = xmalloc((size_t)n * sizeof(int));
  match_report report = {rs->v, pa, half};
  selfplay_match m = {.rs = rs, .start = start, .a = pa, .b = pb, .seed = MATCH_SEED, .games = n,
                      .done = report_game, .ud = &report};
  int rc = CLI_OK;
  pa->threads = pb->threads = a->threads;
  pa->seconds = pb->seconds = a->seconds; /* --time scales the timed levels */
  if (load_player_eval(rs, a->eval_a, pa, &eval_a, &e) || load_player_eval(rs, a->eval_b, pb, &eval_b, &e) ||
      selfplay_run(&m, &e)) {
    cli_error("%s", e.msg);
    rc = CLI_FAILED;
  } else {
    print_summary(pa, pb, n, half);
  }
  free(eval_a);
  free(eval_b);
  free(half);
  return rc;
}

int cmd_match(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  selfplay_player pa, pb;
  err e;
  if (a->nargs < 1) {
    cli_error("match needs a variant: draughts match VARIANT --a PLAYER --b PLAYER --games N");
    return CLI_USAGE;
  }
  if (selfplay_parse_player(a->level_a, "--a", &pa, &e) || selfplay_parse_player(a->level_b, "--b", &pb, &e)) {
    cli_error("%s", e.msg);
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int rc = cli_position(a, &rs, &start) ? CLI_FAILED : play_match(a, &rs, &start, &pa, &pb);
  return cli_finish(&rs, rc);
}
