/*
** match.c — 'draughts match VARIANT --a PLAYER --b PLAYER --games N': the engine
** against itself at two levels or depths, perhaps with other evaluation weights
** (--eval-a, --eval-b), against a random mover, or against another engine that
** speaks the Hub protocol ('hub:COMMAND', match_hub.c).  Games come in pairs from the
** same opening, each side having White once (runtime/engine/selfplay.c): a short
** random one, or the next line of an --openings file (a ballot list: moves in any
** notation the game reads, '#' starts a comment).  Prints each game, then the score
** and the Elo difference with its 95% margin; --out writes the games as PDN.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match_hub.h"
#include "notation.h"
#include "openings.h"
#include "pdn.h"
#include "selfplay.h"

#define MATCH_DEFAULT_GAMES 10
#define MATCH_SEED 0x6d61746368ull

static double elo_of(double p) { return -400.0 * log10(1.0 / p - 1.0); }

/* A's results with each colour: openings seldom leave both sides equal chances, so a
** score is read with how it splits (A has the first move in the games of even index). */
static void print_by_colour(const dr_variant *v, int n, const int *half) {
  for (int colour = DR_WHITE; colour <= DR_BLACK; colour++) {
    int count[3] = {0, 0, 0};
    for (int i = colour == DR_WHITE ? 0 : 1; i < n; i += 2) count[half[i]]++;
    char word[32];
    printf("%sA as %s: +%d =%d -%d", colour == DR_WHITE ? "" : "; ", side_word(v, colour, word), count[2], count[1],
           count[0]);
  }
  printf("\n");
}

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

/* How long each player took, on its own clock: a time per move kept on average runs
** long on a few moves, and an engine's idea of its time may not be ours. */
static void print_times(const selfplay_times t[2]) {
  for (int i = 0; i < 2; i++)
    printf("%s%c took %.3f s a move on average, %.3f s at most (%ld moves)", i ? "; " : "", 'A' + i,
           t[i].moves ? t[i].seconds / (double)t[i].moves : 0.0, t[i].longest, t[i].moves);
  printf("\n");
}

typedef struct match_report {
  const dr_variant *v;
  const selfplay_player *a, *b;
  int *half;
  FILE *pdn; /* --out, or NULL */
} match_report;

static void write_game(match_report *r, int i, int a_white, const char *why, const game *g) {
  pdn_tag tags[5] = {{"Event", "draughts match"}, {"Round", ""}, {"", ""}, {"", ""}, {"Termination", ""}};
  snprintf(tags[1].value, sizeof tags[1].value, "%d", i + 1);
  for (int side = 0; side < 2; side++) /* the tag of the player of each side's colour */
    snprintf(tags[2 + side].name, sizeof tags[2 + side].name, "%s", pdn_player_tag(r->v, side));
  snprintf(tags[2].value, sizeof tags[2].value, "%s", a_white ? r->a->name : r->b->name);
  snprintf(tags[3].value, sizeof tags[3].value, "%s", a_white ? r->b->name : r->a->name);
  snprintf(tags[4].value, sizeof tags[4].value, "%s", why);
  pdn_write(r->pdn, g, tags, 5);
  fflush(r->pdn);
}

static void report_game(void *ud, int i, int a_white, int half, const char *why, const game *g) {
  match_report *r = ud;
  char side[32];
  r->half[i] = half;
  printf("game %3d  A (%s) %s  %s  (%s)\n", i + 1, r->a->name, side_word(r->v, a_white ? DR_WHITE : DR_BLACK, side),
         half == 2 ? "wins" : half == 1 ? "draws" : "loses", why);
  fflush(stdout);
  if (r->pdn && g) write_game(r, i, a_white, why, g);
}

/* A player's weights file: its evaluator, built for these rules. */
static int load_player_eval(const ruleset *rs, const char *path, selfplay_player *p, eval_ctx **ctx, err *e) {
  eval_weights w;
  if (!path) return 0;
  if (eval_read_file(rs->v, &rs->rules, path, &w, e)) return -1;
  *ctx = xmalloc(sizeof **ctx);
  eval_init_weights(*ctx, rs, &w);
  p->eval = *ctx;
  const char *base = strrchr(path, '/');
  size_t used = strlen(p->name);
  snprintf(p->name + used, sizeof p->name - used, " (%s)", base ? base + 1 : path);
  return 0;
}

/* Games a Hub engine lost by failing to answer are scored as losses, but they measure its
** adapter or its book, not its play: say how many, so a score is not read as strength. */
static void print_forfeits(const selfplay_player *p, const hub_engine *h) {
  if (h->forfeits)
    printf("%s lost %d game%s by an illegal move, an error or no answer (counted as losses)\n", p->name,
           h->forfeits, h->forfeits == 1 ? "" : "s");
}

static int play_match(const cli_args *a, const ruleset *rs, const dr_position *start, selfplay_player *pa,
                      selfplay_player *pb, const hub_engine *ea, const hub_engine *eb) {
  err e;
  eval_ctx *eval_a = NULL, *eval_b = NULL;
  selfplay_opening *openings = NULL;
  int nopenings = 0;
  if (a->openings && !(openings = openings_read(rs, start, a->openings, &nopenings, &e))) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  int n = a->games ? a->games : openings ? 2 * nopenings : MATCH_DEFAULT_GAMES;
  int *half = xmalloc((size_t)n * sizeof(int));
  match_report report = {rs->v, pa, pb, half, a->out ? fopen(a->out, "w") : NULL};
  selfplay_times times[2] = {{0}};
  selfplay_match m = {.rs = rs, .start = start, .a = pa, .b = pb, .seed = MATCH_SEED, .games = n,
                      .done = report_game, .ud = &report, .keep_games = report.pdn != NULL,
                      .openings = openings, .nopenings = nopenings, .times = times};
  int rc = CLI_OK;
  pa->threads = pb->threads = a->threads;
  pa->seconds = pb->seconds = a->seconds; /* --time scales the timed levels and is the Hub engine's */
  pa->cpu_clock = pb->cpu_clock = a->cpu_time;
  cli_hash(a); /* each timed player's table */
  if (a->out && !report.pdn) {
    cli_error("--out %s: cannot write it", a->out);
    rc = CLI_FAILED;
  } else if (load_player_eval(rs, a->eval_a, pa, &eval_a, &e) || load_player_eval(rs, a->eval_b, pb, &eval_b, &e) ||
             selfplay_run(&m, &e)) {
    cli_error("%s", e.msg);
    rc = CLI_FAILED;
  } else {
    print_by_colour(rs->v, n, half); /* before the summary, which scripts read as the last line */
    print_forfeits(pa, ea);
    print_forfeits(pb, eb);
    print_times(times);
    print_summary(pa, pb, n, half);
  }
  if (report.pdn) fclose(report.pdn);
  free(openings);
  free(eval_a);
  free(eval_b);
  free(half);
  return rc;
}

/* --a or --b: a level, a depth, 'random', or 'hub:COMMAND' (started here). */
static int parse_player(const char *text, const char *flag, selfplay_player *p, hub_engine *engine, err *e) {
  if (!text || strncmp(text, "hub:", 4) != 0) return selfplay_parse_player(text, flag, p, e);
  memset(p, 0, sizeof *p);
  if (!text[4]) return err_set(e, "%s hub:COMMAND needs a command", flag);
  if (hub_engine_start(engine, text + 4, e)) return -1;
  snprintf(p->name, sizeof p->name, "%s", text + 4);
  p->external = hub_engine_choose;
  p->external_ud = engine;
  return 0;
}

int cmd_match(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  selfplay_player pa, pb;
  hub_engine ea = {.pid = -1, .depth = a->depth}, eb = {.pid = -1, .depth = a->depth};
  err e;
  if (a->nargs < 1) {
    cli_error("match needs a variant: draughts match VARIANT --a PLAYER --b PLAYER --games N");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int rc = CLI_FAILED;
  if (parse_player(a->level_a, "--a", &pa, &ea, &e) || parse_player(a->level_b, "--b", &pb, &eb, &e)) {
    cli_error("%s", e.msg);
    rc = strstr(e.msg, "hub engine") ? CLI_FAILED : CLI_USAGE;
  } else if (cli_position(a, &rs, &start) == 0) {
    rc = play_match(a, &rs, &start, &pa, &pb, &ea, &eb);
  }
  hub_engine_stop(&ea);
  hub_engine_stop(&eb);
  return cli_finish(&rs, rc);
}
