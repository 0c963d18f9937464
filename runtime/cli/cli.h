/*
** cli.h — the command line: parsing shared by every command, and the commands.
*/
#ifndef DRAUGHTS_CLI_H
#define DRAUGHTS_CLI_H

#include <stdio.h>

#include "game.h"
#include "plugin.h"
#include "rules.h"

#define CLI_MAX_ARGS 8
#define CLI_MAX_SETS 32

typedef struct cli_args {
  const char *command;
  int nargs;
  const char *args[CLI_MAX_ARGS]; /* positional arguments after the command */
  const char *rules;
  const char *eval;              /* engine weights file (--eval) */
  const char *eval_a, *eval_b;   /* match: each player's weights file */
  const char *script, *out;      /* tune: the tuning script and the weights file it writes */
  int nsets;
  const char *sets[CLI_MAX_SETS];
  const char *fen;
  const char *load;
  const char *cases;
  const char *frontend;
  const char *side;   /* play: the side a person plays against the computer */
  int level;          /* play: the computer's level; 0: the default */
  int clock_seconds, clock_increment; /* play: a Fischer clock for two people (--clock MIN+INC) */
  const char *theme, *sound;     /* play: how the front end looks and sounds */
  int numbers;                   /* play: the board's numbers shown */
  int two_players;
  int allow_rule_files; /* hub: set-param rules may name a rules file */
  const char *level_a, *level_b; /* match: the two players' levels */
  const char *openings;          /* match: a file of openings, one a line */
  int threads, hash, games;      /* engine commands: 0 for the defaults */
  int plies, pieces;             /* book openings, egdb build: 0 for the defaults */
  int label_depth;               /* tune: offered to the script; 0: absent */
  const char *dir;               /* egdb, book: where their files are (--dir) */
  int depth;    /* 0: the command's default */
  int divide, paths, numeric, algebraic; /* --numeric, --algebraic: the notation asked for */
  int cpu_time;                          /* match, hub: the engine's time is processor time */
  double seconds;
  const char *profile, *profile_db; /* play, scores: the player and the score store */
  const char *variant, *export_file, *import_file, *pdn_id; /* scores */
  const char *listen, *store, *cert, *key; /* serve; dxp: --listen PORT */
  const char *connect;                     /* dxp: HOST:PORT to call */
  const char *rate, *lag;                  /* serve: messages a second, latency allowed (ms) */
  const char *invite_ttl;                  /* serve: seconds an invitation lasts */
  int seat_timeout, max_connections, max_games; /* serve: 0 for the defaults */
  int max_clients, output_budget, idle;     /* serve: connections in all, MB queued in all, seconds; 0: defaults */
  const char *origin;                        /* serve: other sites' pages that may connect, comma-separated */
  int queue;                                 /* serve: the computer's moves that may wait */
  const char *web;                           /* serve: the web front end's directory */
  const char *server, *join, *watch; /* play online: the server, a join code, a game to watch */
  int public_game;                           /* play online: list the game publicly */
  int spectators;                            /* bench --server: spectators per game */
} cli_args;

/* Exit statuses. */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_USAGE = 2 };

DRI_FUNC int cli_main(int argc, char **argv);

/* A variant by name or path, with --rules and --set applied; prints the error. */
DRI_FUNC const plugin *cli_variant(registry *reg, const cli_args *a, const char *name, ruleset *rs);

/* The starting position: --fen, or the variant's start; prints the error. */
DRI_FUNC int cli_position(const cli_args *a, const ruleset *rs, dr_position *p);

/* --hash MB as the size of the engine's tables; more than the machine holds is said
** (one line) and the most it holds is used. */
DRI_FUNC void cli_hash(const cli_args *a);

/* The notation a command writes: --numeric or --algebraic, else the variant's own (as
** its PDN is written); -1 with the error printed for --numeric on a board without numbers. */
DRI_FUNC int cli_notation(const cli_args *a, const dr_variant *v);

/* Ends a command that loaded 'rs': reports house rules switched off by an error,
** releases them, and returns 'status' (a failure if the house rules broke down). */
DRI_FUNC int cli_finish(ruleset *rs, int status);

DRI_FUNC void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints 'line' without its trailing blanks (the columns of a table pad it). */
DRI_FUNC void cli_put_line(char *line);

DRI_FUNC int cmd_play(registry *reg, const cli_args *a);
DRI_FUNC int cmd_conform(registry *reg, const cli_args *a);
DRI_FUNC int cmd_bench(registry *reg, const cli_args *a);
DRI_FUNC int cmd_analyse(registry *reg, const cli_args *a);
/* The engine's comment on each move of 'g' (--depth or --time a position): the score
** the move leaves its player, and a better move where the engine sees one; NULL
** after printing the error.  The list ends with NULL; analyse_game_free releases it. */
DRI_FUNC char **analyse_game(const cli_args *a, const game *g);
DRI_FUNC void analyse_game_free(char **comments);
DRI_FUNC int cmd_hub(registry *reg, const cli_args *a);
DRI_FUNC int cmd_dxp(registry *reg, const cli_args *a);
DRI_FUNC int cmd_match(registry *reg, const cli_args *a);
DRI_FUNC int cmd_book(registry *reg, const cli_args *a);
DRI_FUNC int cmd_egdb(registry *reg, const cli_args *a);
DRI_FUNC int cmd_scores(registry *reg, const cli_args *a);
DRI_FUNC int cmd_friends(registry *reg, const cli_args *a);
DRI_FUNC int cmd_profile(registry *reg, const cli_args *a);
DRI_FUNC int cmd_tune(registry *reg, const cli_args *a);
DRI_FUNC int cmd_serve(registry *reg, const cli_args *a);
DRI_FUNC int bench_server(registry *reg, const cli_args *a); /* bench --server */

#endif
