/*
** book_cli.c — 'draughts book openings VARIANT [--plies N] [--depth D]': every line
** of N plies from the start (3: the three-move ballot of English checkers) that a
** search of D plies finds playable — neither side more than a man and a half up —
** one a line, for 'draughts match --openings'.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "notation.h"
#include "position.h"
#include "search.h"

#define OPENINGS_PLIES 3
#define OPENINGS_DEPTH 12
#define OPENINGS_MARGIN 150 /* a man and a half: lost by force, or nearly */

typedef struct openings {
  int depth, notation, kept, seen;
} openings;

static void print_line(const game *g, int notation) {
  dr_movelist *legal = xmalloc(sizeof *legal);
  for (int i = 0; i < g->count; i++) {
    char text[256];
    rules_generate(g->rs, &g->ply[i].pos, legal);
    move_text_short(g->rs->v->geometry, legal, &g->ply[i].move, notation, text, sizeof text);
    printf("%s%s", i ? " " : "", text);
  }
  free(legal);
}

/* Every line from the game's current position on, 'left' plies more. */
static void walk(game *g, int left, openings *o) {
  if (g->result != DR_ONGOING) return;
  if (left == 0) {
    search_limits l = {.depth = o->depth, .threads = 1, .private_table = 1};
    search_info info;
    dr_move best;
    o->seen++;
    if (search_best(g, &l, NULL, NULL, NULL, &best, &info) || abs(info.score) > OPENINGS_MARGIN) return;
    o->kept++;
    print_line(g, o->notation);
    printf("  # %+.2f\n", (g->ply[g->count].pos.turn == DR_WHITE ? 1 : -1) * info.score / 100.0);
    fflush(stdout);
    return;
  }
  dr_movelist *moves = xmalloc(sizeof *moves);
  *moves = g->legal;
  movelist_unique(moves);
  for (int i = 0; i < moves->count; i++) {
    err e;
    if (game_play(g, &moves->moves[i], &e) == 0) {
      walk(g, left - 1, o);
      game_undo(g);
    }
  }
  free(moves);
}

static int book_openings(const cli_args *a, const ruleset *rs, const dr_position *start) {
  game g;
  err e;
  int plies = a->plies ? a->plies : OPENINGS_PLIES;
  openings o = {a->depth ? a->depth : OPENINGS_DEPTH,
                geometry_has_numbers(rs->v->geometry) ? NOTATION_NUMERIC : NOTATION_ALGEBRAIC, 0, 0};
  if (search_prepare(rs, &e) || game_init(&g, rs, start, &e)) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  printf("# %s openings of %d plies, scored by a search of %d plies (White's view), within %.1f men\n",
         rs->v->name, plies, o.depth, OPENINGS_MARGIN / 100.0);
  walk(&g, plies, &o);
  printf("# %d of %d lines kept\n", o.kept, o.seen);
  game_free(&g);
  return CLI_OK;
}

int cmd_book(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  const char *sub = a->nargs ? a->args[0] : "";
  if (a->nargs < 2 || strcmp(sub, "openings") != 0) {
    cli_error("book needs a subcommand and a variant: draughts book openings VARIANT [--plies N] [--depth D]");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[1], &rs)) return CLI_FAILED;
  int rc = cli_position(a, &rs, &start) ? CLI_FAILED : book_openings(a, &rs, &start);
  return cli_finish(&rs, rc);
}
