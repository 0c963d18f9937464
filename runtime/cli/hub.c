/*
** hub.c — 'draughts hub': the Hub protocol (version 2, the text protocol of the
** Scan engine, which lidraughts and pydraughts speak) on standard input and output,
** so tournament managers and GUIs can drive the engine.
**
** Lines are 'command name=value name="quoted value" flag'.  A search runs on its
** own thread, so 'stop', 'ping' and 'quit' are read while it thinks.  Positions are
** Hub's board strings or the variant's FEN; moves are Hub's (from-to, or
** fromxtoxcaptured...) or ours, in the variant's notation (its PDN notation: numbers
** or names).  A board string is the side to move ('W' the first player, 'B' the
** second) and one of w b W B e per point, read as a page is, rank by rank from the top
** and each from the left, the first player's side at the bottom: on Scan's 10x10
** board that is squares 1 to 50, its "standard order".
**
** As the protocol asks, what a GUI relies on always comes: 'ready' after 'init' and
** 'done' after 'go' (with no move when there is none), an 'error message="..."' line
** first if something was wrong; unknown commands and parameters are ignored.  The
** variant by default is the one the command line names, else Hub's own default,
** "normal" (the plugin whose conventions give that Hub name, Scan's game), else the
** first variant found.
*/
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "hub_text.h"
#include "eval.h"
#include "game.h"
#include "hub.h"
#include "notation.h"
#include "position.h"
#include "search.h"
#include "tt.h"

typedef struct hub {
  registry *reg;
  char variant[64], rules[256];
  const char *eval; /* --eval: the engine's weights file, or NULL */
  /* 'variant' and 'rules' came from a hub line, not the command line: they name
  ** variants and presets found, never a file, unless --allow-rule-files lets rules. */
  int variant_from_line, rules_from_line, allow_rule_files;
  int threads, hash, strength;
  int cpu_time; /* --cpu-time: the search's time is its processor time */
  ruleset rs;
  int ready;    /* rules loaded ('init' or the first position) and up to date */
  int have_rules; /* 'rs' holds loaded rules, to free */
  int problem_said; /* the house rules of 'rs' broke down and the GUI was told */
  int have_game;
  game g;
  search_limits limits;
  pthread_mutex_t out;
  pthread_t thread;
  int thread_live; /* a search thread to join */
  volatile int stop;
  int searching;   /* atomic: the thread has not answered 'done' yet */
  int notation;
} hub;

/* ---------------------------------------------------------------- output */

static void hub_print(hub *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hub_print(hub *h, const char *fmt, ...) {
  va_list ap;
  pthread_mutex_lock(&h->out);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
  pthread_mutex_unlock(&h->out);
}

/* error message="..." with any quote in the message made harmless. */
static void hub_error(hub *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hub_error(hub *h, const char *fmt, ...) {
  char msg[ERR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  for (char *c = msg; *c; c++)
    if (*c == '"' || *c == '\n') *c = '\'';
  hub_print(h, "error message=\"%s\"", msg);
}

/* ---------------------------------------------------------------- moves */

/* A variant by our name or by its name in the Hub protocol ("normal"). */
static const plugin *hub_variant(registry *reg, const char *name, err *e) {
  for (int i = 0; i < reg->count; i++)
    if (strcmp(hub_name(&reg->items[i]->v), name) == 0 && !registry_find(reg, name)) return reg->items[i];
  return registry_lookup(reg, name, e);
}

/* Hub's default variant, "normal", if a plugin plays it; else the first found. */
static const char *default_variant(const registry *reg) {
  for (int i = 0; i < reg->count; i++)
    if (strcmp(hub_name(&reg->items[i]->v), "normal") == 0) return reg->items[i]->v.name;
  return reg->count ? reg->items[0]->v.name : "";
}

static int play_moves(hub *h, const char *moves) {
  char buf[HUB_LINE];
  err e;
  snprintf(buf, sizeof buf, "%s", moves);
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    const dr_move *m = hub_move_parse(h->rs.v->geometry, &h->g.legal, t);
    if (!m) m = move_parse(h->rs.v->geometry, &h->g.legal, t, &e);
    if (!m) {
      hub_error(h, "move '%s': %s", t, e.msg);
      return -1;
    }
    if (game_play(&h->g, m, &e)) {
      hub_error(h, "move '%s': %s", t, e.msg);
      return -1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- positions */

static int read_position(hub *h, const char *text, dr_position *p) {
  err e;
  if (strchr(text, ':') || strcmp(text, "start") == 0) {
    if (fen_read(&h->rs, text, p, &e) == 0) return 0;
    hub_error(h, "pos: %s", e.msg);
    return -1;
  }
  if (hub_board_read(h->rs.v->geometry, text, p)) {
    hub_error(h, "pos: '%s' is neither FEN nor a %s board string", text, h->rs.v->name);
    return -1;
  }
  if (position_validate(&h->rs, p, &e) == 0) return 0;
  hub_error(h, "pos: %s", e.msg);
  return -1;
}

/* ---------------------------------------------------------------- commands */

/* The game refers to the rules: both go together. */
static void drop_rules(hub *h) {
  if (h->have_game) game_free(&h->g);
  h->have_game = 0;
  if (h->have_rules) rules_free(&h->rs);
  h->have_rules = 0;
  h->problem_said = 0;
  h->ready = 0;
}

/* A hook that fails switches the house rules off, and the game goes on by the
** plugin's rules: the GUI is told once, after the position or search it broke in. */
static void report_problem(hub *h) {
  const char *why = h->have_rules ? rules_problem(&h->rs) : NULL;
  if (!why || h->problem_said) return;
  h->problem_said = 1;
  hub_error(h, "%s", why);
}

static int load_rules(hub *h) {
  err e;
  drop_rules(h);
  const plugin *p = h->variant_from_line ? hub_variant(h->reg, h->variant, &e)
                                         : registry_resolve(h->reg, h->variant, &e);
  int named = h->rules_from_line && !h->allow_rule_files;
  if (!p || (named ? rules_load_named : rules_load_spec)(&h->rs, &p->v, h->rules, &e) || /* "": default */
      (h->eval && eval_attach(&h->rs, h->eval, &e))) {
    if (p) rules_free(&h->rs); /* an option may fail after the preset loaded */
    hub_error(h, "%s", e.msg);
    return -1;
  }
  h->have_rules = 1;
  if (search_prepare(&h->rs, &e)) hub_error(h, "%s (playing with default weights)", e.msg);
  size_t used = h->hash ? search_set_hash((size_t)h->hash) : 0;
  if (used != (size_t)h->hash) { /* said, and the engine goes on with what it can have */
    hub_error(h, "hash %d MB is more than this machine's memory allows: using %zu MB", h->hash, used);
    h->hash = (int)used;
  }
  if (search_clear_hash(&e)) {
    drop_rules(h);
    hub_error(h, "%s", e.msg);
    return -1;
  }
  h->notation = pdn_notation(&p->v);
  h->ready = 1;
  return 0;
}

static void cmd_hub_hello(hub *h) {
  char values[1024] = "";
  for (int i = 0; i < h->reg->count; i++) {
    size_t used = strlen(values);
    snprintf(values + used, sizeof values - used, "%s%s", i ? " " : "", h->reg->items[i]->v.name);
  }
  hub_print(h, "id name=draughts version=0.1 author=\"the draughts authors\"");
  hub_print(h, "param name=variant value=%s type=enum values=\"%s\"", h->variant, values);
  hub_print(h, "param name=rules value=\"%s\" type=string", h->rules);
  hub_print(h, "param name=threads value=%d type=int min=0 max=64", h->threads);
  hub_print(h, "param name=hash value=%d type=int min=1 max=%zu", h->hash ? h->hash : 64, tt_max_megabytes());
  hub_print(h, "param name=strength value=%d type=int min=0 max=%d", h->strength, SEARCH_LEVELS);
  hub_print(h, "wait");
}

static void cmd_set_param(hub *h, const hub_line *l) {
  const char *name = hub_arg_of(l, "name"), *value = hub_arg_of(l, "value");
  double v;
  if (!name || !value) {
    hub_error(h, "set-param needs name=... value=...");
    return;
  }
  if (strcmp(name, "variant") == 0) {
    snprintf(h->variant, sizeof h->variant, "%s", value);
    *h->rules = '\0'; /* another variant's preset means nothing here */
    h->variant_from_line = 1, h->rules_from_line = 0;
  } else if (strcmp(name, "rules") == 0) {
    snprintf(h->rules, sizeof h->rules, "%s", value);
    h->rules_from_line = 1;
  } else if (strcmp(name, "threads") == 0 && hub_number_of(value, 0, 64, &v) == 0) {
    h->threads = (int)v;
  } else if (strcmp(name, "hash") == 0 && hub_number_of(value, 1, 1 << 20, &v) == 0) { /* clamped when used */
    h->hash = (int)v;
  } else if (strcmp(name, "strength") == 0 && hub_number_of(value, 0, SEARCH_LEVELS, &v) == 0) {
    h->strength = (int)v;
  } else if (!strcmp(name, "threads") || !strcmp(name, "hash") || !strcmp(name, "strength")) {
    hub_error(h, "set-param: bad value '%s' for %s", value, name);
    return;
  } else {
    return; /* a parameter of another engine: ignored, as the protocol asks */
  }
  h->ready = 0; /* takes effect at the next 'init' or position */
}

/* 'ready' whatever happened: a GUI waits for it (an error line, if any, came first). */
static void cmd_init(hub *h) {
  load_rules(h);
  hub_print(h, "ready");
}

static void cmd_pos(hub *h, const hub_line *l) {
  const char *text = hub_arg_of(l, "pos"), *moves = hub_arg_of(l, "moves");
  dr_position p;
  err e;
  if (!text) {
    hub_error(h, "pos needs pos=...");
    return;
  }
  if (!h->ready && load_rules(h)) return;
  if (read_position(h, text, &p)) return;
  if (h->have_game) game_free(&h->g);
  h->have_game = 0;
  if (game_init(&h->g, &h->rs, &p, &e)) {
    hub_error(h, "pos: %s", e.msg);
    return;
  }
  h->have_game = 1;
  if (moves && play_moves(h, moves)) {
    game_free(&h->g);
    h->have_game = 0;
  }
}

/* The clock form of 'level': time [inc] [moves]; NULL or the bad argument. */
static const char *clock_level(const hub_line *l, double remaining, search_limits *n) {
  double inc = 0, moves = 0;
  const char *t;
  if ((t = hub_arg_of(l, "inc")) && hub_number_of(t, 0, 1e6, &inc)) return "inc";
  if ((t = hub_arg_of(l, "moves")) && hub_number_of(t, 1, 1e4, &moves)) return "moves";
  n->seconds = search_clock_seconds(remaining + inc, inc, (int)moves); /* Hub adds the increment first */
  return NULL;
}

static void cmd_level(hub *h, const hub_line *l) {
  search_limits n = {0};
  double v;
  const char *t, *bad = NULL;
  if ((t = hub_arg_of(l, "depth")) && hub_number_of(t, 1, 100, &v) == 0)
    n.depth = (int)v;
  else if ((t = hub_arg_of(l, "move-time")) && hub_number_of(t, 0.001, 1e7, &v) == 0)
    n.seconds = v, n.fixed_time = 1;
  else if ((t = hub_arg_of(l, "nodes")) && hub_number_of(t, 1, 1e15, &v) == 0)
    n.nodes = (uint64_t)v;
  else if (hub_arg_of(l, "infinite"))
    n.depth = 0;
  else if ((t = hub_arg_of(l, "time")) && hub_number_of(t, 0, 1e7, &v) == 0)
    bad = clock_level(l, v, &n);
  else
    bad = "";
  if (bad && *bad)
    hub_error(h, "level: bad %s '%s'", bad, hub_arg_of(l, bad));
  else if (bad)
    hub_error(h, "level: expected depth=, move-time=, nodes=, time= or infinite");
  else
    h->limits = n;
}

static void send_info(void *ud, const search_info *in) {
  hub *h = ud;
  char pv[HUB_LINE / 2] = "", score[32];
  size_t used = 0;
  for (int i = 0; i < in->pvlen && used + 64 < sizeof pv; i++) {
    char text[256];
    hub_move_text(h->rs.v->geometry, &in->pv[i], h->notation, text, sizeof text);
    used += (size_t)snprintf(pv + used, sizeof pv - used, "%s%s", i ? " " : "", text);
  }
  /* Scan's scale: men, with 'the end in n plies' as 100 - n/100. */
  if (search_is_win(in->score))
    snprintf(score, sizeof score, "%.2f", (in->score > 0 ? 1 : -1) * (100 - (SEARCH_WIN - abs(in->score)) / 100.0));
  else
    snprintf(score, sizeof score, "%.2f", in->score / 100.0);
  hub_print(h, "info depth=%d score=%s nodes=%llu time=%.3f nps=%.2f pv=\"%s\"", in->depth, score,
            (unsigned long long)in->nodes, in->seconds, in->seconds > 0 ? in->nodes / in->seconds / 1e6 : 0.0, pv);
}

static void *think(void *arg) {
  hub *h = arg;
  search_limits l = h->limits;
  if (h->strength > 0) {
    search_limits s;
    search_level_limits(h->strength, &s);
    l.level = s.level;
    if (s.depth && (!l.depth || s.depth < l.depth)) l.depth = s.depth;
    if (s.seconds > 0 && (l.seconds <= 0 || s.seconds < l.seconds)) l.seconds = s.seconds;
  }
  l.threads = h->threads;
  l.cpu_clock = h->cpu_time;
  l.seed = (uint64_t)now_seconds();
  dr_move best;
  search_info info;
  char move[256], ponder[256] = "";
  int rc = search_best(&h->g, &l, send_info, h, &h->stop, &best, &info);
  if (rc == 0) {
    hub_move_text(h->rs.v->geometry, &best, h->notation, move, sizeof move);
    if (info.pvlen > 1) hub_move_text(h->rs.v->geometry, &info.pv[1], h->notation, ponder, sizeof ponder);
  }
  report_problem(h); /* while 'searching' keeps the main thread off the hub's state */
  /* Done with the game before saying so: the GUI may send the next position at once. */
  __atomic_store_n(&h->searching, 0, __ATOMIC_RELEASE);
  if (rc == GUARD_REFUSED)
    hub_error(h, "%s", guard_refusal(h->rs.v));
  else if (rc != 0)
    hub_error(h, "no legal move: the game is over");
  if (rc != 0) hub_print(h, "done"); /* a 'go' always gets its 'done' */
  else hub_print(h, *ponder ? "done move=%s ponder=%s" : "done move=%s", move, ponder);
  return NULL;
}

static void join_search(hub *h) {
  if (!h->thread_live) return;
  pthread_join(h->thread, NULL);
  h->thread_live = 0;
}

static void cmd_go(hub *h, const hub_line *l) {
  (void)l;
  if (!h->have_game || h->g.result != DR_ONGOING) {
    if (!h->have_game) hub_error(h, "go: no position (send pos first)");
    else hub_error(h, "go: the game is over (%s)", h->g.why);
    hub_print(h, "done"); /* no move, but the answer a GUI waits for */
    return;
  }
  join_search(h);
  __atomic_store_n(&h->stop, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&h->searching, 1, __ATOMIC_RELEASE);
  if (pthread_create(&h->thread, NULL, think, h) != 0) {
    __atomic_store_n(&h->searching, 0, __ATOMIC_RELEASE);
    hub_error(h, "go: cannot start a thread");
    hub_print(h, "done");
    return;
  }
  h->thread_live = 1;
}

static int searching(hub *h) { return __atomic_load_n(&h->searching, __ATOMIC_ACQUIRE); }

static void new_game(hub *h) {
  err e;
  if (search_clear_hash(&e)) hub_error(h, "%s", e.msg);
}

/* One line; returns 1 on 'quit'. */
static int handle(hub *h, hub_line *l) {
  const char *c = l->command;
  if (strcmp(c, "quit") == 0) return 1;
  if (strcmp(c, "ping") == 0) return hub_print(h, "pong"), 0;
  if (strcmp(c, "stop") == 0) return __atomic_store_n(&h->stop, 1, __ATOMIC_RELAXED), 0;
  if (strcmp(c, "ponder-hit") == 0) return 0; /* pondering is thinking here: nothing changes */
  if (searching(h)) return hub_error(h, "'%s' while searching (send stop first)", c), 0;
  join_search(h);
  if (strcmp(c, "hub") == 0) cmd_hub_hello(h);
  else if (strcmp(c, "set-param") == 0) cmd_set_param(h, l);
  else if (strcmp(c, "init") == 0) cmd_init(h);
  else if (strcmp(c, "pos") == 0) cmd_pos(h, l), report_problem(h);
  else if (strcmp(c, "level") == 0) cmd_level(h, l);
  else if (strcmp(c, "go") == 0) cmd_go(h, l);
  else if (strcmp(c, "new-game") == 0) new_game(h);
  return 0; /* any other command is another engine's: ignored, as the protocol asks */
}

/* One line of standard input without its newline into 'line' (HUB_LINE bytes): 1, 0 at
** the end of the input, -1 for a line too long, -2 for one with a NUL byte.  The bad
** line is read to its end either way: 'fgets' took a NUL for a missing newline and
** dropped the next line as the rest of this one. */
static int read_line(char *line) {
  size_t n = 0;
  int c, nul = 0;
  while ((c = getchar()) != EOF && c != '\n') {
    nul |= c == '\0';
    if (n < HUB_LINE - 1) line[n] = (char)c;
    n++;
  }
  if (c == EOF && n == 0) return 0;
  line[n < HUB_LINE - 1 ? n : HUB_LINE - 1] = '\0';
  return n > HUB_LINE - 1 ? -1 : nul ? -2 : 1;
}

hub *hub_open(registry *reg, const cli_args *a) {
  hub *h = xmalloc(sizeof *h);
  memset(h, 0, sizeof *h);
  h->reg = reg;
  h->threads = a->threads;
  h->hash = a->hash;
  h->eval = a->eval;
  h->allow_rule_files = a->allow_rule_files;
  h->cpu_time = a->cpu_time;
  h->limits.seconds = 1.0;
  pthread_mutex_init(&h->out, NULL);
  const char *variant = a->nargs ? a->args[0] : default_variant(reg);
  snprintf(h->variant, sizeof h->variant, "%s", variant);
  snprintf(h->rules, sizeof h->rules, "%s", a->rules ? a->rules : "");
  return h;
}

int hub_feed(hub *h, char *line) {
  hub_line l;
  if (hub_parse_line(line, &l)) {
    hub_error(h, "malformed line (unterminated quote or too many arguments)");
    return 0;
  }
  return *l.command && handle(h, &l);
}

void hub_wait(hub *h) { join_search(h); }

void hub_close(hub *h) {
  __atomic_store_n(&h->stop, 1, __ATOMIC_RELAXED); /* 'quit', or the GUI has gone: end at once */
  join_search(h);
  drop_rules(h);
  pthread_mutex_destroy(&h->out);
  free(h);
}

int cmd_hub(registry *reg, const cli_args *a) {
  hub *h = hub_open(reg, a);
  char *line = xmalloc(HUB_LINE);
  int got;
  while ((got = read_line(line)) != 0) {
    if (got < 0) {
      if (got == -1) hub_error(h, "line too long (over %d characters)", HUB_LINE - 1);
      else hub_error(h, "a NUL byte in the line");
      continue;
    }
    if (hub_feed(h, line)) break;
  }
  hub_close(h);
  free(line);
  return CLI_OK;
}
