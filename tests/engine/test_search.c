/*
** test_search.c — the engine on every variant, with no per-variant code: the
** positions each variant ships in tactics.txt (shots and draw rules), legality of
** every answer, time limits and the stop flag, levels, and the eval.lua files.
*/
#include <criterion/criterion.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "eval.h"
#include "game.h"
#include "notation.h"
#include "plugin.h"
#include "position.h"
#include "eval_lua.h"
#include "search.h"

/* ------------------------------------------------------------ the plugins */

/* A variant's data directory and its plugin: every directory of variants/ with a
** CMakeLists.txt, and the SDK template. */
typedef struct source {
  char dir[512];
  char plugin[512];
} source;

#define MAX_SOURCES 32

static int list_sources(source *out) {
  int n = 0;
  DIR *d = opendir(SOURCE_DIR "/variants");
  cr_assert_not_null(d);
  for (struct dirent *e; (e = readdir(d)) && n < MAX_SOURCES - 1;) {
    char cmake[1024];
    if (e->d_name[0] == '.') continue;
    snprintf(cmake, sizeof cmake, "%s/variants/%s/CMakeLists.txt", SOURCE_DIR, e->d_name);
    if (access(cmake, R_OK) != 0) continue;
    snprintf(out[n].dir, sizeof out[n].dir, "%s/variants/%s", SOURCE_DIR, e->d_name);
    snprintf(out[n].plugin, sizeof out[n].plugin, "%s/%s.so", PLUGIN_DIR, e->d_name);
    n++;
  }
  closedir(d);
  snprintf(out[n].dir, sizeof out[n].dir, "%s/sdk/template", SOURCE_DIR);
  snprintf(out[n].plugin, sizeof out[n].plugin, "%s/template.so", TEST_PLUGIN_DIR);
  return n + 1;
}

static plugin *open_plugin(const source *s) {
  err e;
  plugin *p = plugin_open(s->plugin, &e);
  cr_assert_not_null(p, "%s", e.msg);
  return p;
}

static void start_game(game *g, const ruleset *rs, const char *fen) {
  dr_position p;
  err e;
  cr_assert_eq(fen_read(rs, fen, &p, &e), 0, "%s: %s", fen, e.msg);
  cr_assert_eq(game_init(g, rs, &p, &e), 0, "%s", e.msg);
}

static int is_legal(const game *g, const dr_move *m) {
  for (int i = 0; i < g->legal.count; i++)
    if (move_same_path(&g->legal.moves[i], m)) return 1;
  return 0;
}

/* ------------------------------------------------------------ tactics.txt */

typedef struct tactic {
  char title[256], rules[256], fen[512], play[1024], history[256], best[256], score[32];
  int depth, line;
} tactic;

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
  return s;
}

static void set_field(tactic *t, const char *key, const char *value) {
  struct { const char *key; char *to; size_t len; } fields[] = {
      {"rules", t->rules, sizeof t->rules},       {"fen", t->fen, sizeof t->fen},
      {"play", t->play, sizeof t->play},          {"history", t->history, sizeof t->history},
      {"best", t->best, sizeof t->best},          {"score", t->score, sizeof t->score},
  };
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    if (strcmp(key, fields[i].key) == 0) {
      snprintf(fields[i].to, fields[i].len, "%s", value);
      return;
    }
  if (strcmp(key, "depth") == 0) {
    t->depth = atoi(value);
    return;
  }
  cr_assert_fail("tactics.txt line %d: unknown key '%s'", t->line, key);
}

/* Reads the next block; 0 at the end of the file. */
static int next_tactic(FILE *f, tactic *t, int *line) {
  char buf[2048];
  memset(t, 0, sizeof *t);
  t->depth = 8;
  int started = 0;
  while (fgets(buf, sizeof buf, f)) {
    (*line)++;
    char *s = trim(buf);
    if (*s == '#') continue;
    if (!*s) {
      if (started) return 1;
      continue;
    }
    if (*s == '[') {
      snprintf(t->title, sizeof t->title, "%s", s);
      t->line = *line;
      started = 1;
      continue;
    }
    char *eq = strchr(s, '=');
    cr_assert(started && eq, "tactics.txt line %d: expected [title] or key = value", *line);
    *eq = '\0';
    set_field(t, trim(s), trim(eq + 1));
  }
  return started;
}

static void play_moves(game *g, const char *moves) {
  char buf[1024];
  err e;
  snprintf(buf, sizeof buf, "%s", moves);
  for (char *save = NULL, *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
    const dr_move *mv = move_parse(g->rs->v->geometry, &g->legal, m, &e);
    cr_assert_not_null(mv, "play %s: %s", m, e.msg);
    cr_assert_eq(game_play(g, mv, &e), 0, "play %s: %s", m, e.msg);
  }
}

/* history = name=value ...: the counters of the position, as if a game led there. */
static void set_history(game *g, const char *history) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", history);
  game_ply *now = &g->ply[g->count];
  for (char *save = NULL, *a = strtok_r(buf, " ", &save); a; a = strtok_r(NULL, " ", &save)) {
    char *eq = strchr(a, '=');
    cr_assert_not_null(eq, "history: expected name=value, got '%s'", a);
    *eq = '\0';
    int v = atoi(eq + 1);
    if (strcmp(a, "plies_since_capture") == 0) now->since.capture = v;
    else if (strcmp(a, "plies_since_man_move") == 0) now->since.man_move = v;
    else if (strcmp(a, "plies_since_material") == 0) now->since.material = v;
    else if (strcmp(a, "plies_with_king_white") == 0) now->since.with_king[DR_WHITE] = v;
    else if (strcmp(a, "plies_with_king_black") == 0) now->since.with_king[DR_BLACK] = v;
    else cr_assert_fail("history: unknown counter '%s'", a);
  }
}

static void expect_score(const tactic *t, const char *where, int score) {
  const char *s = t->score;
  if (!*s) return;
  if (strcmp(s, "win") == 0)
    cr_expect_gt(score, SEARCH_WIN - 1000, "%s: %s wants a win, got %d", where, t->title, score);
  else if (strcmp(s, "loss") == 0)
    cr_expect_lt(score, -(SEARCH_WIN - 1000), "%s: %s wants a loss, got %d", where, t->title, score);
  else if (strcmp(s, "draw") == 0)
    cr_expect_eq(score, 0, "%s: %s wants a draw, got %d", where, t->title, score);
  else if (strncmp(s, ">=", 2) == 0)
    cr_expect_geq(score, atoi(s + 2), "%s: %s wants %s, got %d", where, t->title, s, score);
  else if (strncmp(s, "<=", 2) == 0)
    cr_expect_leq(score, atoi(s + 2), "%s: %s wants %s, got %d", where, t->title, s, score);
  else
    cr_assert_fail("%s: %s: bad score '%s'", where, t->title, s);
}

/* 'best' lists the acceptable moves; any of them will do. */
static void expect_best(const tactic *t, const char *where, const game *g, const dr_move *best) {
  char buf[256], got[256];
  err e;
  if (!*t->best) return;
  snprintf(buf, sizeof buf, "%s", t->best);
  for (char *save = NULL, *m = strtok_r(buf, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
    const dr_move *want = move_parse(g->rs->v->geometry, &g->legal, m, &e);
    cr_assert_not_null(want, "%s: %s: best %s: %s", where, t->title, m, e.msg);
    if (move_same_effect(want, best)) return;
  }
  move_text(g->rs->v->geometry, best, NOTATION_ALGEBRAIC, got, sizeof got);
  cr_expect_fail("%s: %s: wants %s, the engine played %s", where, t->title, t->best, got);
}

static void run_tactic(const plugin *p, const tactic *t, const char *where, int threads) {
  ruleset rs;
  game g;
  err e;
  cr_assert_eq(rules_load_spec(&rs, &p->v, t->rules, &e), 0, "%s: %s", where, e.msg);
  start_game(&g, &rs, t->fen);
  if (*t->play) play_moves(&g, t->play);
  if (*t->history) set_history(&g, t->history);
  search_limits l = {.depth = t->depth, .threads = threads};
  dr_move best;
  search_info info;
  cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, &info), 0, "%s: %s: no move", where, t->title);
  cr_expect(is_legal(&g, &best), "%s: %s: illegal move", where, t->title);
  expect_best(t, where, &g, &best);
  expect_score(t, where, info.score);
  game_free(&g);
  rules_free(&rs);
}

Test(tactics, every_variant_finds_its_shots_and_scores_its_draw_rules) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/tactics.txt", src[i].dir);
    FILE *f = fopen(path, "r");
    cr_expect_not_null(f, "%s: every variant ships tactics.txt", src[i].dir);
    if (!f) continue;
    plugin *p = open_plugin(&src[i]);
    tactic t;
    int line = 0, count = 0;
    while (next_tactic(f, &t, &line)) {
      char where[1100];
      snprintf(where, sizeof where, "%s:%d", path, t.line);
      run_tactic(p, &t, where, 1);
      run_tactic(p, &t, where, 2);
      count++;
    }
    cr_expect_gt(count, 0, "%s: no positions", path);
    fclose(f);
    plugin_close(p);
  }
}

/* ------------------------------------------------------------ legality */

/* Searches with small budgets along random games: every answer is a legal move. */
static void random_game_checks(const plugin *p, uint64_t seed) {
  ruleset rs;
  game g;
  err e;
  rng r = {seed};
  cr_assert_eq(rules_load(&rs, &p->v, NULL, &e), 0, "%s", e.msg);
  start_game(&g, &rs, "start");
  for (int ply = 0; ply < 80 && g.result == DR_ONGOING; ply++) {
    search_limits l = {.depth = 1 + (int)rng_below(&r, 4), .nodes = 3000, .threads = 1 + (int)rng_below(&r, 2)};
    if (ply % 5 == 0) l.level = 1 + (int)rng_below(&r, SEARCH_LEVELS - 1);
    dr_move best;
    cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, NULL), 0);
    cr_assert(is_legal(&g, &best), "%s: illegal move at ply %d", p->v.name, ply);
    /* Half the time play a random move instead, to reach unusual positions. */
    const dr_move *m = rng_below(&r, 2) ? &best : &g.legal.moves[rng_below(&r, (uint32_t)g.legal.count)];
    cr_assert_eq(game_play(&g, m, &e), 0, "%s", e.msg);
  }
  dr_move none;
  if (g.result != DR_ONGOING) cr_expect_eq(search_best(&g, NULL, NULL, NULL, NULL, &none, NULL), -1);
  game_free(&g);
  rules_free(&rs);
}

Test(legality, every_answer_is_a_legal_move) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  for (int i = 0; i < n; i++) {
    plugin *p = open_plugin(&src[i]);
    for (uint64_t seed = 1; seed <= 2; seed++) random_game_checks(p, seed);
    plugin_close(p);
  }
}

/* ------------------------------------------------------------ time and stop */

Test(limits, a_time_limit_is_respected) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  for (int i = 0; i < n; i++) {
    plugin *p = open_plugin(&src[i]);
    ruleset rs;
    game g;
    err e;
    cr_assert_eq(rules_load(&rs, &p->v, NULL, &e), 0, "%s", e.msg);
    cr_assert_eq(search_prepare(&rs, &e), 0, "%s", e.msg);
    start_game(&g, &rs, "start");
    search_limits l = {.seconds = 0.3, .threads = 2};
    dr_move best;
    search_info info;
    double t0 = now_seconds();
    cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, &info), 0);
    double took = now_seconds() - t0;
    /* Generous: sanitizers and a busy machine slow everything down. */
    cr_expect_lt(took, 0.3 + 1.5, "%s: 0.3 s asked, %.2f s taken", p->v.name, took);
    cr_expect(is_legal(&g, &best));
    cr_expect_geq(info.depth, 1, "%s: not even one iteration", p->v.name);
    game_free(&g);
    rules_free(&rs);
    plugin_close(p);
  }
}

typedef struct stopper {
  volatile int *flag;
  double after;
} stopper;

static void *stop_later(void *arg) {
  stopper *s = arg;
  usleep((useconds_t)(s->after * 1e6));
  *s->flag = 1;
  return NULL;
}

Test(limits, the_stop_flag_ends_an_unlimited_search) {
  source src[MAX_SOURCES];
  list_sources(src);
  plugin *p = open_plugin(&src[0]);
  ruleset rs;
  game g;
  err e;
  cr_assert_eq(rules_load(&rs, &p->v, NULL, &e), 0, "%s", e.msg);
  start_game(&g, &rs, "start");
  volatile int stop = 0;
  stopper s = {&stop, 0.2};
  pthread_t t;
  cr_assert_eq(pthread_create(&t, NULL, stop_later, &s), 0);
  search_limits l = {.threads = 2};
  dr_move best;
  double t0 = now_seconds();
  cr_assert_eq(search_best(&g, &l, NULL, NULL, &stop, &best, NULL), 0);
  double took = now_seconds() - t0;
  pthread_join(t, NULL);
  cr_expect_lt(took, 0.2 + 2.0, "stopped after %.2f s", took);
  cr_expect(is_legal(&g, &best));
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}

/* ------------------------------------------------------------ scores */

static plugin *template_plugin(ruleset *rs) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  plugin *p = open_plugin(&src[n - 1]);
  err e;
  cr_assert_eq(rules_load(rs, &p->v, NULL, &e), 0, "%s", e.msg);
  return p;
}

Test(scores, a_win_is_scored_with_its_distance) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  game g;
  start_game(&g, &rs, "W:Wc3:Bd4"); /* c3xe5 takes the last piece */
  search_limits l = {.depth = 6, .threads = 1};
  dr_move best;
  search_info info;
  cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, &info), 0);
  cr_expect_eq(info.score, SEARCH_WIN - 1);
  char text[32];
  search_score_text(info.score, text, sizeof text);
  cr_expect_str_eq(text, "win in 1");
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}

static void count(void *ud, const search_info *in) {
  (void)in;
  ++*(int *)ud;
}

Test(scores, the_progress_callback_sees_every_iteration) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  game g;
  start_game(&g, &rs, "start");
  int calls = 0;
  search_limits l = {.depth = 5, .threads = 1};
  dr_move best;
  search_info info;
  cr_assert_eq(search_best(&g, &l, count, &calls, NULL, &best, &info), 0);
  cr_expect_eq(calls, 5);
  cr_expect_eq(info.depth, 5);
  cr_expect_geq(info.pvlen, 1);
  cr_expect(move_same_effect(&info.pv[0], &best));
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}


/* ------------------------------------------------------------ levels */

Test(levels, limits_grow_with_the_level_and_the_streak) {
  search_limits prev = {0};
  for (int level = 1; level <= SEARCH_LEVELS; level++) {
    search_limits l;
    search_level_limits(level, &l);
    cr_expect_eq(l.level, level);
    cr_expect(l.depth > prev.depth || l.depth == 0, "level %d searches no deeper than level %d", level, level - 1);
    prev = l;
  }
  cr_expect_eq(search_level_for_streak(0), 1);
  cr_expect_eq(search_level_for_streak(-3), 1);
  for (int s = 1; s < 100; s++) cr_expect_geq(search_level_for_streak(s), search_level_for_streak(s - 1));
  cr_expect_eq(search_level_for_streak(1000), SEARCH_LEVELS);
}

Test(levels, the_lowest_level_makes_mistakes_the_top_level_does_not) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  game g;
  start_game(&g, &rs, "W:Wb4,d4,e3,f2:Bb6,d6,g7,h8"); /* d4-c5 wins two for one */
  const dr_move *shot = move_parse(rs.v->geometry, &g.legal, "d4-c5", NULL);
  int missed = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    search_limits l;
    search_level_limits(1, &l);
    l.seed = seed;
    dr_move best;
    cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, NULL), 0);
    cr_assert(is_legal(&g, &best));
    missed += !move_same_effect(&best, shot);
  }
  cr_expect_gt(missed, 0, "level 1 never missed the shot");
  search_limits top = {.depth = 10, .threads = 1};
  dr_move best;
  cr_assert_eq(search_best(&g, &top, NULL, NULL, NULL, &best, NULL), 0);
  cr_expect(move_same_effect(&best, shot));
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}

/* A player that keeps its table starts the next search from the last one's work:
** the same search again takes fewer nodes; a table cleared for it, the same. */
static uint64_t nodes_of(const game *g, const search_limits *l) {
  dr_move best;
  search_info info;
  cr_assert_eq(search_best(g, l, NULL, NULL, NULL, &best, &info), 0);
  return info.nodes;
}

Test(scores, a_kept_table_carries_work_to_the_next_search) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  game g;
  start_game(&g, &rs, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8");
  search_limits cleared = {.depth = 8, .threads = 1, .private_table = 1, .no_book = 1};
  search_limits kept = {.depth = 8, .threads = 1, .level = SEARCH_LEVELS, .keep_table = 1, .no_book = 1};
  uint64_t first = nodes_of(&g, &cleared);
  cr_expect_eq(nodes_of(&g, &cleared), first, "a cleared table: the same search");
  uint64_t fresh = nodes_of(&g, &kept), again = nodes_of(&g, &kept);
  cr_expect_lt(again, fresh, "kept: %llu nodes, then %llu", (unsigned long long)fresh, (unsigned long long)again);
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}

/* A node whose score lies a margin outside the window is searched shallower: a man up,
** most nodes are, and the search to the same depth takes fewer of them; a margin of 0
** searches every node to its depth. */
Test(scores, nodes_far_outside_the_window_are_searched_shallower) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  game g;
  start_game(&g, &rs, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,a7,c7,e7,g7,b8,d8,f8,h8");
  eval_weights w;
  eval_default_weights(&w);
  cr_assert_gt(w.reduction_margin, 0, "on by default");
  eval_ctx on, off;
  eval_init_weights(&on, &rs, &w);
  w.reduction_margin = 0;
  eval_init_weights(&off, &rs, &w);
  search_limits with = {.depth = 9, .threads = 1, .private_table = 1, .no_book = 1, .eval = &on};
  search_limits without = with;
  without.eval = &off;
  uint64_t shallower = nodes_of(&g, &with), full = nodes_of(&g, &without);
  cr_expect_lt(shallower, full, "%llu nodes with the margin, %llu without", (unsigned long long)shallower,
               (unsigned long long)full);
  game_free(&g);
  rules_free(&rs);
  plugin_close(p);
}

/* ------------------------------------------------------------ eval.lua */

Test(eval, every_shipped_eval_lua_reads_cleanly) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  for (int i = 0; i < n; i++) {
    char path[1024];
    err e;
    snprintf(path, sizeof path, "%s/eval.lua", src[i].dir);
    char *text = read_file(path, NULL, &e);
    cr_expect_not_null(text, "%s", e.msg);
    if (!text) continue;
    plugin *p = open_plugin(&src[i]);
    eval_weights w;
    eval_default_weights(&w);
    cr_expect_eq(eval_lua_read(&p->v, NULL, path, text, &w, &e), 0, "%s", e.msg);
    cr_expect_eq(w.man, 100, "%s: a man is 100 by convention", path);
    free(text);
    plugin_close(p);
  }
}

static void expect_eval_error(const dr_variant *v, const char *source, const char *part) {
  eval_weights w;
  err e;
  eval_default_weights(&w);
  cr_assert_neq(eval_lua_read(v, NULL, "bad.lua", source, &w, &e), 0, "accepted: %s", source);
  cr_expect(strstr(e.msg, part) != NULL, "'%s' not in '%s'", part, e.msg);
  cr_expect(strstr(e.msg, "bad.lua") != NULL, "no file name in '%s'", e.msg);
}

Test(eval, bad_weights_are_refused_with_the_key_named) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  expect_eval_error(&p->v, "return {kingg = 300}", "unknown weight 'kingg'");
  expect_eval_error(&p->v, "return {king = 'a lot'}", "'king' must be an integer");
  expect_eval_error(&p->v, "return {king = 1e9}", "'king' must be between");
  expect_eval_error(&p->v, "return {squares = {man = {z9 = 3}}}", "'z9' is not a point");
  expect_eval_error(&p->v, "return {squares = {queen = {}}}", "unknown kind 'queen'");
  expect_eval_error(&p->v, "return {advance = {}}", "'advance' must list");
  expect_eval_error(&p->v, "return 42", "must return a table");
  expect_eval_error(&p->v, "return {", "bad.lua:1:");
  expect_eval_error(&p->v, "while true do end", "instruction budget");
  expect_eval_error(&p->v, "return {patterns = {{value = 5, mine = {'z9'}}}}", "patterns[1].mine: 'z9' is not a point");
  expect_eval_error(&p->v, "return {patterns = {{value = 5}}}", "patterns[1] names no point");
  expect_eval_error(&p->v, "return {patterns = {{value = 5, ours = {'c3'}}}}", "unknown field 'ours'");
  expect_eval_error(&p->v, "return {patterns = {7}}", "patterns[1] must be a table");
  expect_eval_error(&p->v, "return {patterns = {{value = 1e9, mine = {'c3'}}}}", "must be between");
  char many[2048] = "return {patterns = {";
  for (int i = 0; i <= EVAL_MAX_PATTERNS; i++) strcat(many, "{value = 1, mine = {'c3'}}, ");
  strcat(many, "}}");
  expect_eval_error(&p->v, many, "more than");
  eval_weights w;
  err e;
  eval_default_weights(&w);
  cr_expect_eq(eval_lua_read(&p->v, NULL, "ok.lua", "return {king = 250, advance = {0, 5}, squares = {man = {c3 = 7}}}",
                                &w, &e), 0, "%s", e.msg);
  cr_expect_eq(w.king, 250);
  cr_expect_eq(w.nadvance, 2);
  cr_expect_eq(w.advance[1], 5);
  cr_expect_eq(w.square_man[point_find(rs.v->geometry, "c3", 2)], 7);
  rules_free(&rs);
  plugin_close(p);
}

/* Weights follow the rules: Brazilian's king is worth less in the casual preset,
** whose kings are short; a weights script reads the options but never sets them. */
Test(eval, weights_read_the_rules_options) {
  char path[1024];
  err e;
  ruleset official, casual;
  snprintf(path, sizeof path, "%s/brazilian.so", PLUGIN_DIR);
  plugin *p = plugin_open(path, &e);
  cr_assert_not_null(p, "%s", e.msg);
  cr_assert_eq(rules_load(&official, &p->v, NULL, &e), 0, "%s", e.msg);
  cr_assert_eq(rules_load(&casual, &p->v, "casual", &e), 0, "%s", e.msg);
  eval_weights a, b;
  cr_assert_eq(eval_weights_of(&official, &a, &e), 0, "%s", e.msg);
  cr_assert_eq(eval_weights_of(&casual, &b, &e), 0, "%s", e.msg);
  cr_expect_eq(a.king, 300);
  cr_expect_eq(b.king, 150);
  expect_eval_error(&p->v, "options.flying_kings = false return {}", "options are set when the rules load");
  rules_free(&official);
  rules_free(&casual);
  plugin_close(p);
}

/* Both evaluators score every position of a seeded random game alike. */
static void expect_same_scores(const ruleset *rs, const eval_ctx *a, const eval_ctx *b) {
  game g;
  err e;
  dr_position start;
  rng r = {77};
  cr_assert_eq(rs->initial(&rs->rules, &start), DR_OK);
  cr_assert_eq(game_init(&g, rs, &start, &e), 0, "%s", e.msg);
  while (g.result == DR_ONGOING && g.count < 120) {
    cr_expect_eq(eval_position(a, game_position(&g)), eval_position(b, game_position(&g)), "ply %d", g.count);
    cr_assert_eq(game_play(&g, &g.legal.moves[rng_below(&r, (uint32_t)g.legal.count)], &e), 0, "%s", e.msg);
  }
  game_free(&g);
}

Test(eval, written_weights_read_back_to_the_same_evaluation) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  eval_weights w, back;
  err e;
  eval_default_weights(&w);
  cr_assert_eq(eval_lua_read(&p->v, NULL, "w.lua",
                                "return {king = 275, mobility = -3, advance = {0, 4, 9}, advance_end = {0, 12, 30}, "
                                "squares = {man = {c3 = 7, h2 = -4}, king = {a1 = 12}}, "
                                "patterns = {{value = 9, mine = {'c1', 'g1'}}, {value = -6, mine = {'h2'}, "
                                "theirs = {'g1'}, empty = {'g3'}}}}", &w, &e), 0, "%s", e.msg);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  eval_weights_write(f, &p->v, &w, "a test");
  fclose(f);
  eval_default_weights(&back);
  cr_assert_eq(eval_lua_read(&p->v, NULL, "written.lua", text, &back, &e), 0, "%s in:\n%s", e.msg, text);
  free(text);
  eval_ctx a, b;
  eval_init_weights(&a, &rs, &w);
  eval_init_weights(&b, &rs, &back);
  expect_same_scores(&rs, &a, &b);
  rules_free(&rs);
  plugin_close(p);
}

/* A man's row value moves from 'advance' to 'advance_end' in proportion to the men gone. */
Test(eval, the_value_of_a_mans_row_tapers_as_men_come_off) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  err e;
  eval_weights w;
  eval_default_weights(&w);
  cr_assert_eq(eval_lua_read(&p->v, NULL, "taper.lua",
                             "return {advance = {0, 10}, advance_end = {0, 40}, center = 0, king_center = 0, "
                             "back_rank = 0, mobility = 0, king_mobility = 0, balance = 0, exchange = 0}", &w, &e),
               0, "%s", e.msg);
  dr_position start, two;
  cr_assert_eq(rs.initial(&rs.rules, &start), DR_OK);
  int men = __builtin_popcountll(start.side[0] | start.side[1]);
  cr_assert_eq(fen_read(&rs, "W:Wc3:Bh8", &two, &e), 0, "%s", e.msg); /* c3 on its third row, h8 at home */
  eval_ctx c, flat;
  eval_init_weights(&c, &rs, &w);
  cr_expect_eq(eval_position(&c, &two), 10 + 30 * (men - 2) / men);
  w.nadvance_end = 0;
  eval_init_weights(&flat, &rs, &w);
  cr_expect_eq(eval_position(&flat, &two), 10, "without advance_end every stage takes advance");
  cr_expect_eq(eval_position(&c, &start), eval_position(&flat, &start), "the full board takes advance");
  rules_free(&rs);
  plugin_close(p);
}

Test(eval, an_eval_file_replaces_the_variants_weights_for_these_rules_only) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  char path[] = "/tmp/draughts_eval_XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  FILE *f = fdopen(fd, "w");
  fputs("return {mobility = 40}\n", f);
  fclose(f);
  err e;
  dr_position pos;
  cr_assert_eq(fen_read(&rs, "W:Wa1,c3:Bd6,f6", &pos, &e), 0, "%s", e.msg);
  eval_ctx own, other;
  eval_init(&own, &rs, &e);
  cr_assert_eq(eval_attach(&rs, path, &e), 0, "%s", e.msg);
  eval_init(&other, &rs, &e);
  cr_expect_neq(eval_position(&own, &pos), eval_position(&other, &pos), "the file's weights are used");
  cr_expect_neq(search_prepare(&rs, &e), -1, "%s", e.msg);
  cr_expect_neq(eval_attach(&rs, "/nonexistent/eval.lua", &e), 0);
  cr_expect(strstr(e.msg, "/nonexistent/eval.lua") != NULL, "%s", e.msg);
  unlink(path);
  rules_free(&rs);
  cr_expect_null(rs.eval, "rules_free releases the weights");
  plugin_close(p);
}

Test(eval, the_evaluation_is_symmetric) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  eval_ctx c;
  err e;
  cr_assert_eq(eval_init(&c, &rs, &e), 0, "%s", e.msg);
  dr_position start;
  cr_assert_eq(rs.initial(&rs.rules, &start), DR_OK);
  cr_expect_eq(eval_position(&c, &start), 0, "the start position is even");
  dr_position p1;
  cr_assert_eq(fen_read(&rs, "W:Wc3,e3:Bd6", &p1, &e), 0, "%s", e.msg);
  cr_expect_gt(eval_position(&c, &p1), 50, "a man up is good for the side to move");
  p1.turn = DR_BLACK;
  cr_expect_lt(eval_position(&c, &p1), -50, "...and bad for the other");
  rules_free(&rs);
  plugin_close(p);
}

/* The score of 'fen' under the template's default weights with 'changes' on top. */
static int score_with(const ruleset *rs, const char *changes, const char *fen) {
  eval_weights w;
  eval_ctx c;
  dr_position pos;
  err e;
  eval_default_weights(&w);
  cr_assert_eq(eval_lua_read(rs->v, NULL, "w.lua", changes, &w, &e), 0, "%s", e.msg);
  eval_init_weights(&c, rs, &w);
  cr_assert_eq(fen_read(rs, fen, &pos, &e), 0, "%s: %s", fen, e.msg);
  return eval_position(&c, &pos);
}

/* The difference a weight of 50 makes to the score of 'fen': 'format' places it. */
static int gain_of(const ruleset *rs, const char *format, const char *what, const char *fen) {
  char changes[256];
  snprintf(changes, sizeof changes, format, what);
  return score_with(rs, changes, fen) - score_with(rs, "return {}", fen);
}

/* The difference 'weight' = 50 makes to the score of 'fen' (White to move). */
static int term_of(const ruleset *rs, const char *weight, const char *fen) {
  return gain_of(rs, "return {%s = 50}", weight, fen);
}

/* A man whose way to the crown is clear counts once; a piece anywhere on that way,
** or an enemy king that could catch it, and it does not.  (a1 and a7 stand on each
** other's ways.) */
Test(eval, a_runaway_man_is_one_nothing_can_stop) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  cr_expect_eq(term_of(&rs, "runaway", "W:We5,a1:Ba7"), 50, "nothing ahead of e5");
  cr_expect_eq(term_of(&rs, "runaway", "W:We5,c3,a1:Ba7"), 50, "e5 blocks c3: only the front man runs");
  cr_expect_eq(term_of(&rs, "runaway", "W:We5,a1:Ba7,h8"), 0, "h8 stands on its way");
  cr_expect_eq(term_of(&rs, "runaway", "W:We5,a1:Ba7,d6"), 0, "d6 takes or blocks it");
  cr_expect_eq(term_of(&rs, "runaway", "W:We5,a1:Ba7,Kh2"), 0, "a king could catch it");
  cr_expect_eq(term_of(&rs, "runaway", "B:We5,a1:Ba7"), -50, "scored for the side to move");
  cr_expect_eq(term_of(&rs, "runaway", "W:We5:Ba7"), 0, "both run");
  rules_free(&rs);
  plugin_close(p);
}

/* The difference a formation worth 50 makes to the score of 'fen'. */
static int pattern_of(const ruleset *rs, const char *fields, const char *fen) {
  return gain_of(rs, "return {patterns = {{value = 50, %s}}}", fields, fen);
}

/* A formation counts when all its points hold what it asks: the side's own men, the
** enemy's men, empty points; the second player's is the same turned half a circle. */
Test(eval, a_pattern_counts_where_its_men_stand) {
  ruleset rs;
  plugin *p = template_plugin(&rs);
  const char *bridge = "mine = {'c1', 'g1'}";
  cr_expect_eq(pattern_of(&rs, bridge, "W:Wc1,g1:Bd6"), 50, "both back men home");
  cr_expect_eq(pattern_of(&rs, bridge, "W:Wc1,e1:Bd6"), 0, "g1 has left");
  cr_expect_eq(pattern_of(&rs, bridge, "W:WKc1,g1:Bd6"), 0, "a king is no man of a formation");
  cr_expect_eq(pattern_of(&rs, bridge, "W:Wd4:Bf8,b8"), -50, "the second player's bridge: f8 and b8");
  cr_expect_eq(pattern_of(&rs, bridge, "B:Wd4:Bf8,b8"), 50, "scored for the side to move");
  cr_expect_eq(pattern_of(&rs, bridge, "W:Wc1,g1:Bf8,b8"), 0, "both have it");
  const char *held = "mine = {'a3'}, theirs = {'b4'}";
  cr_expect_eq(pattern_of(&rs, held, "W:Wa3:Bb4,c5"), 50, "a man held by the enemy's");
  cr_expect_eq(pattern_of(&rs, held, "W:Wa3:BKb4,c5"), 0, "the enemy's king is not its man");
  cr_expect_eq(pattern_of(&rs, "mine = {'c3'}, empty = {'d4', 'b4'}", "W:Wc3:Ba7"), 50, "free to go");
  cr_expect_eq(pattern_of(&rs, "mine = {'c3'}, empty = {'d4', 'b4'}", "W:Wc3:Bb4"), 0, "b4 is taken");
  rules_free(&rs);
  plugin_close(p);
}

/* ------------------------------------------------------------- symmetry */

/* 'p' turned half a circle with the colours swapped: the same game seen from the other
** side, which every variant here plays alike; 0 when a point has no twin. */
static int turned_round(const dr_geometry *g, const dr_position *p, dr_position *out) {
  memset(out, 0, sizeof *out);
  out->turn = (uint8_t)(p->turn ^ 1);
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    int file = g->files - 1 - g->point[i].file, rank = g->ranks - 1 - g->point[i].rank, twin = -1;
    for (int j = 0; j < DR_MAX_POINTS && twin < 0; j++)
      if ((g->points >> j & 1) && g->point[j].file == file && g->point[j].rank == rank) twin = j;
    if (twin < 0) return 0;
    for (int s = 0; s < 2; s++)
      if (p->side[s] >> i & 1) out->side[s ^ 1] |= (dr_bits)1 << twin;
    if (p->kings >> i & 1) out->kings |= (dr_bits)1 << twin;
  }
  return 1;
}

/* Neither colour is favoured: every position of random games scores for the side to
** move as the same position turned round does, in every variant and preset (an
** evaluation term written for one side only would make the engine weaker with the
** other colour, and self-play cannot show it). */
Test(eval, both_colours_are_scored_alike) {
  source src[MAX_SOURCES];
  int n = list_sources(src);
  for (int k = 0; k < n; k++) {
    plugin *p = open_plugin(&src[k]);
    for (int pr = -1; pr < 0 || (p->v.presets && p->v.presets[pr].name); pr++) {
      ruleset rs;
      err e;
      eval_ctx c;
      cr_assert_eq(rules_load(&rs, &p->v, pr < 0 ? NULL : p->v.presets[pr].name, &e), 0, "%s", e.msg);
      cr_assert_eq(eval_init(&c, &rs, &e), 0, "%s", e.msg);
      rng r = {(uint64_t)(k * 31 + pr + 2)};
      for (int round = 0; round < 20; round++) {
        game g;
        dr_position start, twin;
        cr_assert_eq(rs.initial(&rs.rules, &start), DR_OK);
        cr_assert_eq(game_init(&g, &rs, &start, &e), 0, "%s", e.msg);
        while (g.result == DR_ONGOING && g.count < 100) {
          const dr_position *pos = game_position(&g);
          if (turned_round(rs.v->geometry, pos, &twin)) {
            char fen[512];
            fen_write_as(rs.v, pos, NOTATION_ALGEBRAIC, fen, sizeof fen);
            cr_expect_eq(eval_position(&c, pos), eval_position(&c, &twin), "%s %s: %s", p->v.name,
                         pr < 0 ? "default" : p->v.presets[pr].name, fen);
          }
          cr_assert_eq(game_play(&g, &g.legal.moves[rng_below(&r, (uint32_t)g.legal.count)], &e), 0, "%s", e.msg);
        }
        game_free(&g);
      }
      rules_free(&rs);
    }
    plugin_close(p);
  }
}

/* The table is the process's: a position searched under other rules first (the same
** board, another preset) must not lend its scores (the casual shot scored 2.5 men
** after the official one had been searched, 2.05 on its own). */
Test(search, the_table_keeps_rule_sets_apart) {
  char path[1024];
  err e;
  snprintf(path, sizeof path, "%s/brazilian.so", PLUGIN_DIR);
  plugin *p = plugin_open(path, &e);
  cr_assert_not_null(p, "%s", e.msg);
  ruleset official, casual;
  cr_assert_eq(rules_load(&official, &p->v, NULL, &e), 0, "%s", e.msg);
  cr_assert_eq(rules_load(&casual, &p->v, "casual", &e), 0, "%s", e.msg);
  int alone = 0, after = 0;
  for (int round = 0; round < 2; round++) {
    game g;
    dr_move best;
    search_info info;
    search_limits l = {.depth = 10, .threads = 1};
    cr_assert_eq(search_clear_hash(&e), 0, "%s", e.msg);
    if (round == 1) {
      search_limits deep = {.depth = 12, .threads = 1};
      start_game(&g, &official, "W:Wb4,d4,e3,f2:Bb6,d6,g7,h8");
      cr_assert_eq(search_best(&g, &deep, NULL, NULL, NULL, &best, &info), 0);
      game_free(&g);
    }
    start_game(&g, &casual, "W:Wb4,d4,e3,f2:Bb6,d6,g7,h8");
    cr_assert_eq(search_best(&g, &l, NULL, NULL, NULL, &best, &info), 0);
    *(round ? &after : &alone) = info.score;
    game_free(&g);
  }
  cr_expect_eq(after, alone, "casual after official: %d, alone: %d", after, alone);
  rules_free(&official);
  rules_free(&casual);
  plugin_close(p);
}
