/*
** selfplay.c — engine-against-engine games.  Every game is a function of its
** seed and its players alone (single-threaded, depth-limited searches with
** private tables), so games can run side by side on every core and a match
** gives the same result however many run at once.
*/
#include "selfplay.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPENING_PLIES 4       /* random plies before the engines take over, at first */
#define OPENING_MAX_PLIES SELFPLAY_OPENING_MAX
#define OPENING_TRIES 200
#define OPENING_TRIES_PER_LENGTH 25
#define BALANCE_DEPTH 10      /* an opening must look even to a search this deep... */
#define BALANCE_MARGIN 60     /* ...within this score */

int selfplay_parse_player(const char *spec, const char *flag, selfplay_player *p, err *e) {
  char *end, text[64];
  memset(p, 0, sizeof *p);
  if (!spec) return err_set(e, "match needs %s PLAYER: a level 1 to %d, 'random' or depth=D", flag, SEARCH_LEVELS);
  snprintf(text, sizeof text, "%s", spec);
  for (char *opt = strrchr(text, ','); opt; *opt = '\0', opt = strrchr(text, ',')) {
    if (strcmp(opt, ",noegdb") == 0) p->no_egdb = 1;
    else if (strcmp(opt, ",nobook") == 0) p->no_book = 1;
    else if (strcmp(opt, ",average") == 0) p->average_time = 1;
    else return err_set(e, "%s: '%s' is not an option of a player (,noegdb, ,nobook and ,average are)", flag, opt + 1);
  }
  int depth = strncmp(text, "depth=", 6) == 0;
  if (p->average_time && (depth || strcmp(text, "random") == 0))
    return err_set(e, "%s: ',average' is for a level, whose time it keeps on average, not for '%s'", flag, text);
  if (strcmp(text, "random") == 0) {
    snprintf(p->name, sizeof p->name, "random");
    return 0;
  }
  const char *number = depth ? text + 6 : text;
  long n = strtol(number, &end, 10);
  long max = depth ? 60 : SEARCH_LEVELS;
  if (!*number || *end || n < 1 || n > max)
    return err_set(e, "%s takes a level from 1 to %d, 'random' or depth=D (D from 1 to 60), not '%s'", flag,
                   SEARCH_LEVELS, text);
  if (depth) p->depth = (int)n;
  else p->level = (int)n;
  snprintf(p->name, sizeof p->name, depth ? "depth %ld%s%s%s" : "level %ld%s%s%s", n, p->no_egdb ? " no egdb" : "",
           p->no_book ? " no book" : "", p->average_time ? " average time" : "");
  return 0;
}

int selfplay_parallel_safe(const selfplay_player *p) {
  search_limits l;
  if (p->threads > 1 || p->external) return 0; /* a search on several threads is timing-dependent */
  if (p->depth > 0 || p->level == 0) return 1;
  search_level_limits(p->level, &l);
  return l.seconds == 0 && p->seconds == 0 && l.threads == 1;
}

/* ------------------------------------------------------------ openings */

typedef selfplay_opening opening;

/* Random plies from the start. */
static int random_plies(game *g, uint64_t seed, int plies, err *e) {
  rng r = {seed};
  while (g->count > 0) game_undo(g);
  for (int i = 0; i < plies && g->result == DR_ONGOING; i++)
    if (game_play(g, &g->legal.moves[rng_below(&r, (uint32_t)g->legal.count)], e)) return -1;
  return 0;
}

static int balanced(const game *g) {
  search_limits l = {.depth = BALANCE_DEPTH, .threads = 1, .private_table = 1};
  search_info info;
  dr_move best;
  return g->result == DR_ONGOING && search_best(g, &l, NULL, NULL, NULL, &best, &info) == 0 &&
         abs(info.score) <= BALANCE_MARGIN;
}

/* The positions openings already reached: a set of keys (open addressing, 0 free). */
typedef struct key_set {
  uint64_t *slot;
  size_t mask;
} key_set;

/* Adds 'key'; 0 if it was there already. */
static int key_add(key_set *s, uint64_t key) {
  key |= 1; /* never 0 */
  size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & s->mask;
  for (; s->slot[i]; i = (i + 1) & s->mask)
    if (s->slot[i] == key) return 0;
  s->slot[i] = key;
  return 1;
}

/* The opening of a pair.  Random plies can simply lose material (captures are
** compulsory), and then the opening, not the players, decides the pair: it is kept
** only if a quick search finds it about even.  And it must be new: a small board
** may have only a dozen openings of four plies, and a pair played twice adds no
** information; when the short ones run out, the openings grow longer. */
static int choose_opening(game *g, uint64_t seed, key_set *seen, opening *out, err *e) {
  for (int attempt = 0; attempt < OPENING_TRIES; attempt++) {
    int plies = OPENING_PLIES + 2 * (attempt / OPENING_TRIES_PER_LENGTH);
    if (plies > OPENING_MAX_PLIES) break;
    if (random_plies(g, seed + (uint64_t)attempt * 0x9e3779b97f4a7c15ull, plies, e)) return -1;
    if (g->result != DR_ONGOING || !key_add(seen, g->ply[g->count].key)) continue;
    if (balanced(g)) break;
  }
  out->nplies = g->count; /* none new and even: the last one tried */
  for (int i = 0; i < g->count; i++) out->move[i] = g->ply[i].move;
  return 0;
}

static int choose_openings(const selfplay_match *m, opening *out, int npairs, err *e) {
  game g;
  if (m->nopenings > 0) {
    for (int p = 0; p < npairs; p++) out[p] = m->openings[p % m->nopenings];
    return 0;
  }
  size_t cap = 64;
  while (cap < 4 * (size_t)npairs * OPENING_TRIES_PER_LENGTH) cap *= 2;
  key_set seen = {xmalloc(cap * sizeof(uint64_t)), cap - 1};
  memset(seen.slot, 0, cap * sizeof(uint64_t));
  int rc = game_init(&g, m->rs, m->start, e);
  for (int p = 0; rc == 0 && p < npairs; p++) rc = choose_opening(&g, m->seed + (uint64_t)p, &seen, &out[p], e);
  if (g.ply) game_free(&g);
  free(seen.slot);
  return rc;
}

/* --------------------------------------------------------------- games */

static int choose(const game *g, const selfplay_player *p, rng *r, dr_move *out) {
  search_limits l;
  if (p->level == 0 && p->depth == 0 && !p->external) {
    *out = g->legal.moves[rng_below(r, (uint32_t)g->legal.count)];
    return 0;
  }
  if (p->depth > 0) {
    memset(&l, 0, sizeof l);
    l.depth = p->depth;
    l.threads = 1;
    l.private_table = 1;
  } else {
    search_level_limits(p->level, &l);
    l.seed = rng_next(r);
    if (p->seconds > 0 && l.seconds > 0) l.seconds = p->seconds, l.fixed_time = !p->average_time;
    l.average_time = p->average_time;
    l.keep_table = p->level == SEARCH_LEVELS; /* the lower levels' lapses stay as they were */
  }
  if (p->threads) l.threads = p->threads;
  l.eval = p->eval;
  l.no_egdb = p->no_egdb;
  l.no_book = p->no_book;
  l.cpu_clock = p->cpu_clock;
  return search_best(g, &l, NULL, NULL, NULL, out, NULL);
}

static void add_time(selfplay_times *t, double seconds) {
  t->seconds += seconds;
  if (seconds > t->longest) t->longest = seconds;
  t->moves++;
}

/* One game from 'start'; returns White's half-points.  'times' gets each colour's. */
static int play_game(game *g, const opening *start, const selfplay_player *white, const selfplay_player *black,
                     uint64_t game_seed, selfplay_times times[2], char *why, size_t len) {
  err e;
  rng r = {game_seed};
  for (int i = 0; i < start->nplies; i++)
    if (game_play(g, &start->move[i], &e)) {
      snprintf(why, len, "%s", e.msg);
      return 1;
    }
  char forfeit[128] = "";
  while (g->result == DR_ONGOING && g->count < SELFPLAY_MAX_PLIES) {
    dr_move mv;
    int turn = game_position(g)->turn;
    const selfplay_player *p = turn == DR_WHITE ? white : black;
    if (p->external) {
      double seconds = p->seconds > 0 ? p->seconds : 1.0, t0 = now_seconds();
      int answered = p->external(p->external_ud, g, seconds, &mv, forfeit, sizeof forfeit) == 0;
      add_time(&times[turn], now_seconds() - t0);
      if (answered && game_play(g, &mv, &e) == 0) continue;
      game_resign(g); /* a program that cannot answer loses */
      break;
    }
    double t0 = p->cpu_clock ? thread_seconds() : now_seconds();
    int chosen = choose(g, p, &r, &mv) == 0;
    add_time(&times[turn], (p->cpu_clock ? thread_seconds() : now_seconds()) - t0);
    if (!chosen || game_play(g, &mv, &e)) break;
  }
  snprintf(why, len, "%s%s%s, %d plies", g->result == DR_ONGOING ? "move cap" : g->why, *forfeit ? ": " : "",
           forfeit, g->count);
  return g->result == DR_WHITE_WINS ? 2 : g->result == DR_BLACK_WINS ? 0 : 1;
}

/* ------------------------------------------------------------- the pool */

typedef struct finished {
  int done, half;
  char why[160];
  game g;
  int has_game;
} finished;

typedef struct pool {
  const selfplay_match *m;
  const opening *openings; /* one per pair */
  pthread_mutex_t lock;
  int next_report;
  finished *out;
} pool;

/* Reports the finished games that are next in order.  Caller holds the lock. */
static void report_ready(pool *pl) {
  const selfplay_match *m = pl->m;
  while (pl->next_report < m->games && pl->out[pl->next_report].done) {
    int i = pl->next_report++;
    finished *f = &pl->out[i];
    if (m->done) m->done(m->ud, i, i % 2 == 0, f->half, f->why, f->has_game ? &f->g : NULL);
    if (f->has_game) game_free(&f->g);
    f->has_game = 0;
  }
}

static void run_one(void *ud, int i) {
  pool *pl = ud;
  const selfplay_match *m = pl->m;
  finished *f = &pl->out[i];
  int a_white = i % 2 == 0;
  uint64_t pair_seed = m->seed + (uint64_t)(i / 2);
  err e;
  game g;
  selfplay_times times[2] = {{0}};
  if (game_init(&g, m->rs, m->start, &e)) {
    f->half = 1;
    snprintf(f->why, sizeof f->why, "%s", e.msg);
  } else {
    int white_half = play_game(&g, &pl->openings[i / 2], a_white ? m->a : m->b, a_white ? m->b : m->a,
                               pair_seed * 31 + (uint64_t)a_white, times, f->why, sizeof f->why);
    f->half = a_white ? white_half : 2 - white_half;
    if (m->keep_games) f->g = g, f->has_game = 1;
    else game_free(&g);
  }
  pthread_mutex_lock(&pl->lock);
  if (m->times)
    for (int player = 0; player < 2; player++) {
      const selfplay_times *t = &times[player == 0 ? !a_white : a_white];
      selfplay_times *sum = &m->times[player];
      sum->seconds += t->seconds, sum->moves += t->moves;
      if (t->longest > sum->longest) sum->longest = t->longest;
    }
  f->done = 1;
  report_ready(pl);
  pthread_mutex_unlock(&pl->lock);
}

static int job_count(const selfplay_match *m) {
  if (!selfplay_parallel_safe(m->a) || !selfplay_parallel_safe(m->b)) return 1;
  return threads_or_cores(m->jobs);
}

int selfplay_run(const selfplay_match *m, err *e) {
  int npairs = (m->games + 1) / 2;
  opening *openings = xmalloc((size_t)(npairs > 0 ? npairs : 1) * sizeof(opening));
  /* The openings first, in order, so that a game's opening does not depend on which
  ** thread plays it or when. */
  if (search_prepare(m->rs, e) || choose_openings(m, openings, npairs, e)) {
    free(openings);
    return -1;
  }
  pool pl = {.m = m, .openings = openings,
             .out = xmalloc((size_t)(m->games > 0 ? m->games : 1) * sizeof(finished))};
  memset(pl.out, 0, (size_t)(m->games > 0 ? m->games : 1) * sizeof(finished));
  pthread_mutex_init(&pl.lock, NULL);
  parallel_for(m->games, job_count(m), run_one, &pl);
  pthread_mutex_destroy(&pl.lock);
  free(pl.out);
  free(openings);
  return 0;
}
