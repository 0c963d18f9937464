/*
** match.c — 'draughts match VARIANT --a LEVEL --b LEVEL --games N': the engine
** against itself at two levels (or against a random mover, level 'random').
** Games come in pairs from the same short random opening, each side having White
** once, so neither the opening nor the first move favours a player.  Prints each
** game, then the score and the Elo difference with its 95% margin.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "notation.h"
#include "search.h"

#define MATCH_OPENING_PLIES 4   /* random plies before the engines take over */
#define MATCH_MAX_PLIES 400     /* a game still going after this many plies is drawn */
#define MATCH_DEFAULT_GAMES 10
#define MATCH_SEED 0x6d61746368ull
#define MATCH_BALANCE_DEPTH 10  /* an opening must look even to a search this deep... */
#define MATCH_BALANCE_MARGIN 60 /* ...within this score */
#define MATCH_BALANCE_TRIES 50

typedef struct player {
  int level; /* 0: random mover */
  char name[16];
} player;

static int parse_player(const char *text, const char *flag, player *p) {
  char *end;
  if (!text) {
    cli_error("match needs %s LEVEL (1 to %d, or 'random')", flag, SEARCH_LEVELS);
    return -1;
  }
  if (strcmp(text, "random") == 0) {
    p->level = 0;
    snprintf(p->name, sizeof p->name, "random");
    return 0;
  }
  long n = strtol(text, &end, 10);
  if (!*text || *end || n < 1 || n > SEARCH_LEVELS) {
    cli_error("%s takes a level from 1 to %d or 'random', not '%s'", flag, SEARCH_LEVELS, text);
    return -1;
  }
  p->level = (int)n;
  snprintf(p->name, sizeof p->name, "level %d", p->level);
  return 0;
}

/* A few random plies from the start, the same for both games of a pair.  Random
** plies can simply lose material (captures are compulsory), and then the opening,
** not the players, decides the pair: an opening is kept only if a quick search
** finds it about even. */
static int random_plies(game *g, uint64_t seed, err *e) {
  rng r = {seed};
  while (g->count > 0) game_undo(g);
  for (int i = 0; i < MATCH_OPENING_PLIES && g->result == DR_ONGOING; i++)
    if (game_play(g, &g->legal.moves[rng_below(&r, (uint32_t)g->legal.count)], e)) return -1;
  return 0;
}

static int balanced(const game *g) {
  search_limits l = {.depth = MATCH_BALANCE_DEPTH, .threads = 1};
  search_info info;
  dr_move best;
  return g->result == DR_ONGOING && search_best(g, &l, NULL, NULL, NULL, &best, &info) == 0 &&
         abs(info.score) <= MATCH_BALANCE_MARGIN;
}

static int play_opening(game *g, uint64_t seed, err *e) {
  for (int attempt = 0; attempt < MATCH_BALANCE_TRIES; attempt++) {
    if (random_plies(g, seed + (uint64_t)attempt * 0x9e3779b97f4a7c15ull, e)) return -1;
    if (balanced(g)) return 0;
  }
  return 0; /* no even opening found: play the last one */
}

static int choose(const game *g, const player *p, const cli_args *a, rng *r, dr_move *out) {
  if (p->level == 0) {
    *out = g->legal.moves[rng_below(r, (uint32_t)g->legal.count)];
    return 0;
  }
  search_limits l;
  search_level_limits(p->level, &l);
  l.seed = rng_next(r);
  if (a->threads) l.threads = a->threads;
  if (a->seconds > 0 && l.seconds > 0) l.seconds = a->seconds; /* --time scales the timed levels */
  return search_best(g, &l, NULL, NULL, NULL, out, NULL);
}

/* One game; returns A's score (0, 1 or 2 half-points). */
static int play_game(const ruleset *rs, const dr_position *start, const player *white, const player *black,
                     int a_is_white, uint64_t seed, const cli_args *a, char *why, size_t len) {
  game g;
  err e;
  rng r = {seed * 31 + (uint64_t)a_is_white};
  if (game_init(&g, rs, start, &e) || play_opening(&g, seed, &e)) {
    snprintf(why, len, "%s", e.msg);
    return 1;
  }
  while (g.result == DR_ONGOING && g.count < MATCH_MAX_PLIES) {
    dr_move m;
    const player *p = game_position(&g)->turn == DR_WHITE ? white : black;
    if (choose(&g, p, a, &r, &m) || game_play(&g, &m, &e)) break;
  }
  int result = g.result;
  snprintf(why, len, "%s, %d plies", result == DR_ONGOING ? "move cap" : g.why, g.count);
  game_free(&g);
  int white_half = result == DR_WHITE_WINS ? 2 : result == DR_BLACK_WINS ? 0 : 1;
  return a_is_white ? white_half : 2 - white_half;
}

static double elo_of(double p) { return -400.0 * log10(1.0 / p - 1.0); }

static void print_summary(const player *pa, const player *pb, int n, const int *half) {
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

/* The games, printed one by one, then the summary; the caller frees the rules. */
static int play_match(const cli_args *a, const ruleset *rs, const dr_position *start, const player *pa,
                      const player *pb) {
  err e;
  if (search_prepare(rs, &e)) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  int n = a->games ? a->games : MATCH_DEFAULT_GAMES;
  int *half = xmalloc((size_t)n * sizeof(int));
  for (int i = 0; i < n; i++) {
    char why[128];
    int a_white = i % 2 == 0;
    uint64_t seed = MATCH_SEED + (uint64_t)(i / 2);
    half[i] = play_game(rs, start, a_white ? pa : pb, a_white ? pb : pa, a_white, seed, a, why, sizeof why);
    printf("game %3d  A (%s) %s  %s  (%s)\n", i + 1, pa->name, a_white ? "white" : "black",
           half[i] == 2 ? "wins" : half[i] == 1 ? "draws" : "loses", why);
    fflush(stdout);
  }
  print_summary(pa, pb, n, half);
  free(half);
  return CLI_OK;
}

int cmd_match(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  player pa, pb;
  if (a->nargs < 1) {
    cli_error("match needs a variant: draughts match VARIANT --a LEVEL --b LEVEL --games N");
    return CLI_USAGE;
  }
  if (parse_player(a->level_a, "--a", &pa) || parse_player(a->level_b, "--b", &pb)) return CLI_USAGE;
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int rc = cli_position(a, &rs, &start) ? CLI_FAILED : play_match(a, &rs, &start, &pa, &pb);
  rules_free(&rs);
  return rc;
}
