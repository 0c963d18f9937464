/*
** cli.c — 'draughts' command line: argument parsing and the small commands (list,
** moves, perft, fen, pdn).  Every error is one line on stderr and a non-zero exit.
*/
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "eval.h"
#include "game.h"
#include "notation.h"
#include "pdn.h"
#include "perft.h"
#include "position.h"
#include "proto.h"
#include "search.h"

void cli_error(const char *fmt, ...) {
  char msg[2 * ERR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  err_one_line(msg); /* an argument quoted back may hold a newline */
  fprintf(stderr, "draughts: %s\n", msg);
}

static const char usage[] =
    "usage: draughts [COMMAND] [ARGS] [OPTIONS]\n"
    "\n"
    "commands:\n"
    "  play [VARIANT]            play a game (the default command): --level N, --side\n"
    "                            white|black|none, --two-players, --clock MIN+INC, --frontend tty|line,\n"
    "                            --theme NAME, --sound on|off, --numbers\n"
    "  list                      variants, their rule presets and options, front ends\n"
    "  moves VARIANT --fen FEN   every legal move, with its full landing path\n"
    "  perft VARIANT DEPTH       leaf counts per depth (--divide, --paths, --fen)\n"
    "  fen VARIANT FEN           check a position and write it back, in the variant's own\n"
    "                            notation (--numeric, --algebraic choose)\n"
    "  pdn FILE [VARIANT]        check the games of a PDN file and write them back; with\n"
    "                            --depth D or --time S a position, each move annotated with\n"
    "                            the engine's score and the move it prefers\n"
    "  conform PLUGIN|VARIANT    the conformance checks (--depth D, --cases rules.txt)\n"
    "  bench [VARIANT...]        perft and search speed of each variant (--depth D, --threads N);\n"
    "                            --server HOST:PORT: N games at once there (--games N, --spectators K)\n"
    "  analyse VARIANT --fen FEN the engine's analysis (--depth D | --time S, --threads N, --hash MB)\n"
    "  hub [VARIANT]             the engine on stdin/stdout, Hub protocol; by default the variant\n"
    "                            Hub calls 'normal' (--threads N, --hash MB, --allow-rule-files:\n"
    "                            'set-param name=rules' may name a .lua file, --cpu-time: the\n"
    "                            search's time is processor time)\n"
    "  dxp VARIANT --listen PORT | --connect HOST:PORT\n"
    "                            engine matches over DXP (DamExchange); the side that connects\n"
    "                            asks for the games (--games N, --depth D | --time S | --level L)\n"
    "  match VARIANT --a P --b P engine against engine; P: a level 1-6, 'random', depth=D\n"
    "                            (full strength to D plies) or hub:COMMAND (a Hub engine)\n"
    "                            (--games N, --time S, --depth D for a Hub engine,\n"
    "                            --openings FILE, --out GAMES.pdn, --cpu-time: our time is\n"
    "                            processor time, as engines on CPU clocks count theirs,\n"
    "                            --eval-a/--eval-b FILE)\n"
    "  book build VARIANT        the opening book: each position to N plies searched to\n"
    "                            depth D (--plies N, --depth D, --dir D, --openings FILE: N\n"
    "                            plies from the end of each line); book probe --fen F\n"
    "  book openings VARIANT     every opening of N plies a search finds playable, for\n"
    "                            match --openings (--plies N, --depth D)\n"
    "  egdb build VARIANT        endgame databases of up to N pieces (--pieces N, --dir D,\n"
    "                            --threads N: every core by default)\n"
    "  egdb probe VARIANT --fen F  a position's value and best move; egdb verify VARIANT\n"
    "  tune VARIANT --script S   a Lua script fits the engine's weights: sdk/tune/texel.lua\n"
    "                            (--out FILE, --games N, --depth D, --eval START.lua,\n"
    "                            --label-depth D: fit to searches of D plies too)\n"
    "  scores                    records per variant and level, marks, streaks, recent games\n"
    "                            (--variant V, --profile NICK, --export FILE, --import FILE, --pdn ID)\n"
    "  friends [invite | accept CODE | remove NICK]\n"
    "                            friends on a server who see each other's bests, and no one else:\n"
    "                            the list with their bests, an invitation code, accepting one,\n"
    "                            ending one (--server HOST:PORT once: it is remembered, and your\n"
    "                            bests go there after each game; --profile NICK)\n"
    "  profile link [CODE] | delete\n"
    "                            the profile on the server: a code for another device, or that\n"
    "                            device joining with it; the profile and all the server holds deleted\n"
    "  serve                     the game server for online play (--listen ADDR:PORT, --store FILE\n"
    "                            or postgresql://USER@HOST:PORT/DB: nodes that share it serve one site,\n"
    "                            --cert FILE --key FILE, --seat-timeout S, --max-connections N\n"
    "                            per address, --max-clients N in all, --output-budget MB queued\n"
    "                            for all clients (64), --idle S: a client that reads nothing or\n"
    "                            answers no ping so long is cut (30), --origin URL,URL: other\n"
    "                            sites whose pages may connect, --max-games N, --rate N, --lag MS,\n"
    "                            --web DIR; the computer's moves: --threads N, --queue N waiting,\n"
    "                            --time S each at most; --invite-ttl S: how long a friend's\n"
    "                            invitation lasts)\n"
    "\n"
    "options (every command):\n"
    "  --rules PRESET|FILE.lua   rule preset by name, or a Lua rules script\n"
    "  --eval FILE.lua           the engine's evaluation weights instead of the variant's own\n"
    "  --set OPTION=VALUE        change one rule option (booleans: on/off, true/false, 1/0)\n"
    "  --fen FEN                 start from this position instead of the variant's start\n"
    "  --load FILE.pdn           (play) continue the game in a PDN file\n"
    "  --level streak            (play) the computer's level follows your winning streak\n"
    "  --profile NICK            (play, scores) the player; --profile-db FILE: the score store\n"
    "  --server HOST:PORT        (play) online: create a game there (--clock MIN+INC, --side\n"
    "                            white|black|random, --public), --join CODE, or --watch GAME\n"
    "\n"
    "Plugins are found in $DRAUGHTS_PLUGIN_PATH, in plugins/ beside the executable, and in the\n"
    "install prefix.  A variant may also be given as a path to a plugin file.  Scores are kept in\n"
    "$DRAUGHTS_PROFILE_DB, else $XDG_DATA_HOME/draughts/profiles.db (~/.local/share/draughts/).\n";

void cli_put_line(char *line) {
  size_t n = strlen(line);
  while (n > 0 && line[n - 1] == ' ') line[--n] = '\0';
  puts(line);
}

static int need_value(int i, int argc, char **argv) {
  if (i + 1 < argc) return 0;
  cli_error("option %s needs a value", argv[i]);
  return -1;
}

static int parse_number(const char *flag, const char *s, int *out) {
  char *end;
  long n = strtol(s, &end, 10);
  if (!*s || *end || n < 0 || n > 64) {
    cli_error("%s takes a number from 0 to 64, not '%s'", flag, s);
    return -1;
  }
  *out = (int)n;
  return 0;
}

/* A playing level, 1 to SEARCH_LEVELS, or 'streak': one message for every wrong value. */
static int parse_level(const char *s, int *out) {
  char *end;
  long n = strtol(s, &end, 10);
  if (strcmp(s, "streak") == 0) return *out = DR_LEVEL_STREAK, 0;
  if (*s && !*end && n >= 1 && n <= SEARCH_LEVELS) return *out = (int)n, 0;
  cli_error("--level takes a level from 1 to %d or 'streak', not '%s'", SEARCH_LEVELS, s);
  return -1;
}

/* A Fischer clock, "MIN+INC": minutes a side and seconds added per move ("5+3", "0.5+0";
** "5" is 5+0).  The same limits hold for a clock here and on a server. */
static int parse_clock(const char *s, cli_args *a) {
  char *end;
  double minutes = strtod(s, &end);
  long inc = 0;
  if (end != s && *end == '+') inc = end[1] ? strtol(end + 1, &end, 10) : -1;
  if (end == s || *end || !(minutes * 60 >= 1 && minutes * 60 <= PROTO_MAX_CLOCK) || inc < 0 || inc > 600) {
    cli_error("--clock takes minutes a side and seconds added per move, as 5+3 (minutes up to %d, seconds up to "
              "600), not '%s'", PROTO_MAX_CLOCK / 60, s);
    return -1;
  }
  a->clock_seconds = (int)(minutes * 60 + 0.5);
  a->clock_increment = (int)inc;
  return 0;
}

/* Options that take a value: where each one is stored. */
static const char **string_option(cli_args *a, const char *flag) {
  if (strcmp(flag, "--rules") == 0) return &a->rules;
  if (strcmp(flag, "--eval") == 0) return &a->eval;
  if (strcmp(flag, "--eval-a") == 0) return &a->eval_a;
  if (strcmp(flag, "--eval-b") == 0) return &a->eval_b;
  if (strcmp(flag, "--script") == 0) return &a->script;
  if (strcmp(flag, "--out") == 0) return &a->out;
  if (strcmp(flag, "--fen") == 0) return &a->fen;
  if (strcmp(flag, "--load") == 0) return &a->load;
  if (strcmp(flag, "--cases") == 0) return &a->cases;
  if (strcmp(flag, "--frontend") == 0) return &a->frontend;
  if (strcmp(flag, "--side") == 0) return &a->side;
  if (strcmp(flag, "--a") == 0) return &a->level_a;
  if (strcmp(flag, "--b") == 0) return &a->level_b;
  if (strcmp(flag, "--openings") == 0) return &a->openings;
  if (strcmp(flag, "--dir") == 0) return &a->dir;
  if (strcmp(flag, "--profile") == 0) return &a->profile;
  if (strcmp(flag, "--profile-db") == 0) return &a->profile_db;
  if (strcmp(flag, "--invite-ttl") == 0) return &a->invite_ttl;
  if (strcmp(flag, "--variant") == 0) return &a->variant;
  if (strcmp(flag, "--export") == 0) return &a->export_file;
  if (strcmp(flag, "--import") == 0) return &a->import_file;
  if (strcmp(flag, "--pdn") == 0) return &a->pdn_id;
  if (strcmp(flag, "--theme") == 0) return &a->theme;
  if (strcmp(flag, "--sound") == 0) return &a->sound;
  if (strcmp(flag, "--listen") == 0) return &a->listen;
  if (strcmp(flag, "--connect") == 0) return &a->connect;
  if (strcmp(flag, "--store") == 0) return &a->store;
  if (strcmp(flag, "--cert") == 0) return &a->cert;
  if (strcmp(flag, "--key") == 0) return &a->key;
  if (strcmp(flag, "--rate") == 0) return &a->rate;
  if (strcmp(flag, "--lag") == 0) return &a->lag;
  if (strcmp(flag, "--web") == 0) return &a->web;
  if (strcmp(flag, "--origin") == 0) return &a->origin;
  if (strcmp(flag, "--server") == 0) return &a->server;
  if (strcmp(flag, "--join") == 0) return &a->join;
  if (strcmp(flag, "--watch") == 0) return &a->watch;
  return NULL;
}

static int *flag_option(cli_args *a, const char *flag) {
  if (strcmp(flag, "--divide") == 0) return &a->divide;
  if (strcmp(flag, "--paths") == 0) return &a->paths;
  if (strcmp(flag, "--numeric") == 0) return &a->numeric;
  if (strcmp(flag, "--algebraic") == 0) return &a->algebraic;
  if (strcmp(flag, "--cpu-time") == 0) return &a->cpu_time;
  if (strcmp(flag, "--two-players") == 0) return &a->two_players;
  if (strcmp(flag, "--allow-rule-files") == 0) return &a->allow_rule_files;
  if (strcmp(flag, "--numbers") == 0) return &a->numbers;
  if (strcmp(flag, "--public") == 0) return &a->public_game;
  return NULL;
}

/* The engine commands' counts (--threads, --hash MB, --games) and their ranges. */
static int *count_option(cli_args *a, const char *flag, long *max) {
  if (strcmp(flag, "--threads") == 0) return *max = 64, &a->threads;
  if (strcmp(flag, "--hash") == 0) return *max = 65536, &a->hash;
  if (strcmp(flag, "--games") == 0) return *max = 100000, &a->games;
  if (strcmp(flag, "--seat-timeout") == 0) return *max = 86400, &a->seat_timeout;
  if (strcmp(flag, "--max-connections") == 0) return *max = 1000000, &a->max_connections;
  if (strcmp(flag, "--max-games") == 0) return *max = 1000000, &a->max_games;
  if (strcmp(flag, "--max-clients") == 0) return *max = 1 << 20, &a->max_clients;
  if (strcmp(flag, "--output-budget") == 0) return *max = 65536, &a->output_budget;
  if (strcmp(flag, "--idle") == 0) return *max = 86400, &a->idle;
  if (strcmp(flag, "--queue") == 0) return *max = 100000, &a->queue;
  if (strcmp(flag, "--spectators") == 0) return *max = 100, &a->spectators;
  if (strcmp(flag, "--plies") == 0) return *max = 16, &a->plies;
  if (strcmp(flag, "--pieces") == 0) return *max = 8, &a->pieces;
  if (strcmp(flag, "--label-depth") == 0) return *max = 20, &a->label_depth;
  return NULL;
}

static int parse_count(const char *flag, const char *s, long max, int *out) {
  char *end;
  long n = strtol(s, &end, 10);
  if (!*s || *end || n < 1 || n > max) {
    cli_error("%s takes a number from 1 to %ld, not '%s'", flag, max, s);
    return -1;
  }
  *out = (int)n;
  return 0;
}

static int parse_seconds(const char *s, double *out) {
  char *end;
  double t = strtod(s, &end);
  if (!*s || *end || !(t > 0 && t <= 1e6)) {
    cli_error("--time takes a number of seconds, not '%s'", s);
    return -1;
  }
  *out = t;
  return 0;
}

static int parse_option(cli_args *a, int *i, int argc, char **argv) {
  const char *flag = argv[*i];
  const char **str = string_option(a, flag);
  int *on = flag_option(a, flag);
  long max = 0;
  int *count = count_option(a, flag, &max);
  if (on) return *on = 1, 0;
  if (!str && !count && strcmp(flag, "--set") && strcmp(flag, "--depth") && strcmp(flag, "--level") &&
      strcmp(flag, "--time") && strcmp(flag, "--clock")) {
    cli_error("unknown option '%s' (see 'draughts --help')", flag);
    return -1;
  }
  if (need_value(*i, argc, argv)) return -1;
  const char *value = argv[++*i];
  if (str) return *str = value, 0;
  if (count) return parse_count(flag, value, max, count);
  if (strcmp(flag, "--time") == 0) return parse_seconds(value, &a->seconds);
  if (strcmp(flag, "--depth") == 0) return parse_number(flag, value, &a->depth);
  if (strcmp(flag, "--level") == 0) return parse_level(value, &a->level);
  if (strcmp(flag, "--clock") == 0) return parse_clock(value, a);
  if (a->nsets == CLI_MAX_SETS) {
    cli_error("too many --set options");
    return -1;
  }
  a->sets[a->nsets++] = value;
  return 0;
}

static int parse_args(int argc, char **argv, cli_args *a) {
  memset(a, 0, sizeof *a);
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--", 2) == 0 && argv[i][2]) {
      if (parse_option(a, &i, argc, argv)) return -1;
    } else if (!a->command) {
      a->command = argv[i];
    } else if (a->nargs < CLI_MAX_ARGS) {
      a->args[a->nargs++] = argv[i];
    } else {
      cli_error("too many arguments");
      return -1;
    }
  }
  if (!a->command) a->command = "play";
  return 0;
}

/* The command line's --set and --eval over rules already loaded. */
static int cli_settings(const cli_args *a, ruleset *rs, err *e) {
  for (int i = 0; i < a->nsets; i++)
    if (rules_set(rs, a->sets[i], e)) return -1;
  return a->eval ? eval_attach(rs, a->eval, e) : 0;
}

const plugin *cli_variant(registry *reg, const cli_args *a, const char *name, ruleset *rs) {
  err e;
  const plugin *p = registry_resolve(reg, name, &e);
  if (!p || rules_load(rs, &p->v, a->rules, &e)) {
    cli_error("%s", e.msg);
    return NULL;
  }
  if (cli_settings(a, rs, &e)) {
    cli_error("%s", e.msg);
    rules_free(rs);
    return NULL;
  }
  return p;
}

int cli_finish(ruleset *rs, int status) {
  if (rules_problem(rs)) {
    cli_error("%s", rules_problem(rs)); /* what was printed used the plugin's rules part way */
    if (status == CLI_OK) status = CLI_FAILED;
  }
  rules_free(rs);
  return status;
}

int cli_notation(const cli_args *a, const dr_variant *v) {
  if (a->numeric && a->algebraic) return cli_error("--numeric and --algebraic exclude each other"), -1;
  if (a->algebraic) return NOTATION_ALGEBRAIC;
  if (!a->numeric) return pdn_notation(v);
  if (geometry_has_numbers(v->geometry)) return NOTATION_NUMERIC;
  cli_error("%s has no numeric notation", v->name);
  return -1;
}

void cli_hash(const cli_args *a) {
  size_t used = a->hash ? search_set_hash((size_t)a->hash) : 0;
  if (used != (size_t)a->hash)
    cli_error("--hash %d MB is more than this machine's memory allows: using %zu MB", a->hash, used);
}

int cli_position(const cli_args *a, const ruleset *rs, dr_position *p) {
  err e;
  if (fen_read(rs, a->fen ? a->fen : "start", p, &e) == 0) return 0;
  cli_error("%s", e.msg);
  return -1;
}

/* ---------------------------------------------------------------- list */

static void list_variant(const dr_variant *v, const char *path) {
  printf("%s — %s\n  plugin: %s\n", v->name, v->title, path);
  printf("  presets:\n");
  for (const dr_preset *p = v->presets; p && p->name; p++) {
    char doc[200];
    rules_preset_doc(p->script, doc, sizeof doc);
    printf("    %-20s %s%s\n", p->name, doc, p == v->presets ? " (default)" : "");
  }
  if (v->noptions) printf("  options:\n");
  for (int i = 0; i < v->noptions; i++) {
    const dr_option *o = &v->options[i];
    char def[16];
    rules_value_text(o, o->def, def, sizeof def);
    printf("    %-24s %-4s %s\n", o->name, def, o->doc);
  }
}

static int cmd_list(registry *reg, const cli_args *a) {
  (void)a;
  printf("variants:\n");
  if (reg->count == 0) printf("  (none found)\n");
  for (int i = 0; i < reg->count; i++) list_variant(&reg->items[i]->v, reg->items[i]->path);
  printf("front ends:\n");
  for (int i = 0; i < reg->nfrontends; i++)
    printf("  %-8s %s\n           plugin: %s\n", reg->frontends[i]->fe.name, reg->frontends[i]->fe.title,
           reg->frontends[i]->path);
  printf("  %-8s %s\n", "line", "plain text: print the board, read a move (built in)");
  for (int i = 0; i < reg->nproblems; i++) printf("refused: %s\n", reg->problems[i]);
  return CLI_OK;
}

/* --------------------------------------------------------------- moves */

static int need_variant(const cli_args *a, const char *what) {
  if (a->nargs >= 1) return 0;
  cli_error("%s needs a variant (see 'draughts list')", what);
  return -1;
}

static int cmd_moves(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position p;
  if (need_variant(a, "moves") || !cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  int notation = cli_notation(a, rs.v);
  if (notation < 0 || cli_position(a, &rs, &p)) return cli_finish(&rs, CLI_FAILED);
  dr_movelist *list = xmalloc(sizeof *list);
  err e;
  int rc = rules_generate(&rs, &p, list);
  if (rc != DR_OK && guard_error(rs.v, rc, &e)) cli_error("%s", e.msg);
  for (int i = 0; rc == DR_OK && i < list->count; i++) {
    char text[256];
    move_text(rs.v->geometry, &list->moves[i], notation, text, sizeof text);
    puts(text);
  }
  free(list);
  return cli_finish(&rs, rc == DR_OK ? CLI_OK : CLI_FAILED);
}

/* --------------------------------------------------------------- perft */

static int perft_divide(const ruleset *rs, const dr_position *p, int depth, int mode) {
  dr_movelist *list = xmalloc(sizeof *list);
  int rc = rules_generate(rs, p, list);
  if (mode == PERFT_BY_EFFECT) movelist_unique(list);
  for (int i = 0; rc == DR_OK && i < list->count; i++) {
    dr_position next = *p;
    char text[256];
    pos_apply(&next, &list->moves[i]);
    move_text(rs->v->geometry, &list->moves[i], NOTATION_ALGEBRAIC, text, sizeof text);
    printf("  %s %llu\n", text, (unsigned long long)perft(rs, &next, depth - 1, mode));
  }
  free(list);
  return rc;
}

static int cmd_perft(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position p;
  int depth = 0;
  if (need_variant(a, "perft")) return CLI_USAGE;
  char *end = NULL;
  if (a->nargs >= 2) depth = (int)strtol(a->args[1], &end, 10);
  if (a->nargs < 2 || *end || depth < 1 || depth > 64) {
    cli_error("perft needs a depth from 1 to 64: draughts perft VARIANT DEPTH");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[0], &rs)) return CLI_FAILED;
  if (cli_position(a, &rs, &p)) return cli_finish(&rs, CLI_FAILED);
  int mode = a->paths ? PERFT_BY_PATH : PERFT_BY_EFFECT;
  for (int d = 1; d <= depth; d++) {
    uint64_t n = perft(&rs, &p, d, mode);
    if (n == UINT64_MAX) {
      const char *refused = guard_refusal(rs.v);
      if (refused) cli_error("%s", refused);
      else cli_error("%s: a move list overflowed at depth %d", rs.v->name, d);
      return cli_finish(&rs, CLI_FAILED);
    }
    printf("perft %d %llu\n", d, (unsigned long long)n);
    if (a->divide && d == depth) perft_divide(&rs, &p, d, mode);
    fflush(stdout);
  }
  return cli_finish(&rs, CLI_OK);
}

/* ----------------------------------------------------------------- fen */

static int cmd_fen(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position p;
  cli_args b = *a;
  if (need_variant(a, "fen")) return CLI_USAGE;
  if (a->nargs >= 2) b.fen = a->args[1];
  if (!cli_variant(reg, &b, b.args[0], &rs)) return CLI_FAILED;
  if (cli_position(&b, &rs, &p)) return cli_finish(&rs, CLI_FAILED);
  char text[1024];
  int notation = cli_notation(a, rs.v);
  if (notation < 0) return cli_finish(&rs, CLI_FAILED);
  fen_write_as(rs.v, &p, notation, text, sizeof text);
  puts(text);
  return cli_finish(&rs, CLI_OK);
}

/* ----------------------------------------------------------------- pdn */

/* The rules of a game: --rules if given (a preset or a file: the command line is
** trusted), else its Rules tag (names only: a file is data); then --set and --eval. */
static int record_rules(const cli_args *a, const plugin *p, const pdn_record *r, ruleset *rs, err *e) {
  if (a->rules ? rules_load(rs, &p->v, a->rules, e) : pdn_rules(r, &p->v, rs, e)) return -1;
  if (cli_settings(a, rs, e) == 0) return 0;
  rules_free(rs);
  return -1;
}

/* Tags the writer derives from the game itself: a file's own would say them twice. */
static int derived_tag(const char *name) {
  static const char *const derived[] = {"GameType", "Variant", "Rules", "FEN", "SetUp", "Result", NULL};
  for (const char *const *d = derived; *d; d++)
    if (strcasecmp(name, *d) == 0) return 1; /* "Setup" is written too */
  return 0;
}

/* The game written back; with --depth or --time, each move with the engine's comment. */
static int write_record(const cli_args *a, const pdn_record *r, const game *g) {
  pdn_tag keep[PDN_MAX_TAGS];
  int nkeep = 0;
  for (int i = 0; i < r->ntags; i++)
    if (!derived_tag(r->tags[i].name)) keep[nkeep++] = r->tags[i];
  int annotated = a->depth || a->seconds > 0;
  char **comments = annotated ? analyse_game(a, g) : NULL;
  if (annotated && !comments) return -1;
  pdn_write_comments(stdout, g, keep, nkeep, (const char *const *)comments);
  fflush(stdout);
  analyse_game_free(comments);
  return 0;
}

/* One game of a file: checked to its last move, written back, its notes said. */
static int check_record(registry *reg, const cli_args *a, const plugin *fallback, const pdn_record *r, int index) {
  err e;
  ruleset rs;
  game g;
  pdn_notes notes = {0};
  const plugin *p = pdn_variant(reg, r, fallback, PDN_MUST_AGREE, &notes, &e);
  if (!p || record_rules(a, p, r, &rs, &e)) {
    cli_error("%s: game %d: %s", a->args[0], index, e.msg);
    return -1;
  }
  int rc = pdn_replay(r, &rs, &g, &notes, &e), unwritten = 0;
  if (rc == 0) {
    g.result = pdn_result(r, &g, &notes); /* the file's, unless it gives none */
    unwritten = write_record(a, r, &g);
    game_free(&g);
  }
  for (int i = 0; i < notes.count; i++) cli_error("%s: game %d: warning: %s", a->args[0], index, notes.line[i]);
  if (rc) cli_error("%s: game %d: %s", a->args[0], index, e.msg);
  return cli_finish(&rs, rc || unwritten ? -1 : 0);
}

/* Every game of the file is checked: one line for each bad one, and a failure if any. */
static int cmd_pdn(registry *reg, const cli_args *a) {
  err e;
  if (a->nargs < 1) {
    cli_error("pdn needs a file: draughts pdn FILE [VARIANT]");
    return CLI_USAGE;
  }
  const plugin *fallback = a->nargs >= 2 ? registry_resolve(reg, a->args[1], &e) : NULL;
  if (a->nargs >= 2 && !fallback) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  char *text = read_file_max(a->args[0], PDN_MAX_BYTES, NULL, &e);
  if (!text) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  pdn_cursor pos = PDN_START;
  int bad = 0, index = 0, got;
  pdn_record r;
  while ((got = pdn_parse(text, &pos, &r, &e)) != 0) {
    index++;
    if (got < 0) {
      cli_error("%s: game %d: %s", a->args[0], index, e.msg);
      pdn_skip_game(text, &pos);
      bad++;
      continue;
    }
    if (check_record(reg, a, fallback, &r, index)) bad++;
    pdn_record_free(&r);
  }
  free(text);
  return bad ? CLI_FAILED : CLI_OK;
}

/* --------------------------------------------------------------- main */

typedef struct command {
  const char *name;
  int (*run)(registry *reg, const cli_args *a);
} command;

static const command commands[] = {
    {"play", cmd_play},   {"list", cmd_list},       {"moves", cmd_moves}, {"perft", cmd_perft},
    {"fen", cmd_fen},     {"pdn", cmd_pdn},         {"conform", cmd_conform},
    {"bench", cmd_bench}, {"analyse", cmd_analyse}, {"hub", cmd_hub}, {"dxp", cmd_dxp}, {"match", cmd_match},
    {"book", cmd_book}, {"egdb", cmd_egdb}, {"scores", cmd_scores}, {"tune", cmd_tune}, {"serve", cmd_serve},
    {"friends", cmd_friends}, {"profile", cmd_profile}, {NULL, NULL},
};

int cli_main(int argc, char **argv) {
  cli_args a;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "help") == 0) {
      fputs(usage, stdout);
      return CLI_OK;
    }
  if (parse_args(argc, argv, &a)) return CLI_USAGE;
  if (a.dir) search_set_data_dir(a.dir); /* databases and books, before any search opens them */
  for (const command *c = commands; c->name; c++) {
    if (strcmp(c->name, a.command) != 0) continue;
    registry reg;
    registry_scan(&reg);
    int rc = c->run(&reg, &a);
    registry_free(&reg);
    return rc;
  }
  cli_error("unknown command '%s' (see 'draughts --help')", a.command);
  return CLI_USAGE;
}
