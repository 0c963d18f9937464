/*
** book_cli.c — 'draughts book build VARIANT [--plies N] [--depth D]': the opening
** book of the rules (runtime/engine/book.c), every position up to N plies from the
** start (or N plies from the end of each line of --openings FILE, a ballot list)
** with the move a search of D plies chooses; 'book probe VARIANT --fen F':
** the book's move; 'book openings VARIANT [--plies N] [--depth D]': every line of N
** plies from the start (3: a three-move ballot list, as checkers players use) that a search
** of D plies finds playable — neither side more than a man and a half up — one a
** line, for 'draughts match --openings'.  --dir D: the folder of the book.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "cli.h"
#include "game.h"
#include "notation.h"
#include "openings.h"
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
    search_limits l = {.depth = o->depth, .threads = 1, .private_table = 1, .no_book = 1};
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
  printf("# %s openings of %d plies, scored by a search of %d plies (%s's view), within %.1f men\n",
         rs->v->name, plies, o.depth, side_name(rs->v, DR_WHITE), OPENINGS_MARGIN / 100.0);
  walk(&g, plies, &o);
  printf("# %d of %d lines kept\n", o.kept, o.seen);
  game_free(&g);
  return CLI_OK;
}

#define BOOK_PLIES 6
#define BOOK_PLIES_AFTER_LINE 2 /* each side's first move after a ballot, and the other's every reply */
#define BOOK_DEPTH 18

static void print_progress(void *ud, int done, const char *fen, const char *move, int score) {
  (void)ud;
  printf("%5d  %s  %s  %+d\n", done, fen, move, score);
  fflush(stdout);
}

/* 'book build': from the start, or from the end of each line of --openings. */
static int build(const cli_args *a, const ruleset *rs, const dr_position *start, const char *path) {
  err e;
  int nlines = 0, rc = CLI_OK;
  selfplay_opening *lines = NULL;
  double t0 = now_seconds();
  if ((a->openings && !(lines = openings_read(rs, start, a->openings, &nlines, &e))) || search_prepare(rs, &e) ||
      book_build(rs, start, lines, nlines, a->plies ? a->plies : lines ? BOOK_PLIES_AFTER_LINE : BOOK_PLIES,
                 a->depth ? a->depth : BOOK_DEPTH, path, print_progress, NULL, &e))
    cli_error("%s", e.msg), rc = CLI_FAILED;
  else
    printf("book %s written in %.1f s\n", path, now_seconds() - t0);
  free(lines);
  return rc;
}

static int book_command(const cli_args *a, const char *sub, const ruleset *rs, const dr_position *start) {
  char path[4200];
  err e;
  book *b;
  dr_move m;
  game g;
  int score;
  if (strcmp(sub, "build") == 0) {
    if (book_path(rs, a->dir, path, sizeof path, &e)) return cli_error("%s", e.msg), CLI_FAILED;
    return build(a, rs, start, path);
  }
  if (book_open_rules(rs, a->dir, &b, path, sizeof path, &e) || game_init(&g, rs, start, &e)) {
    book_close(b);
    return cli_error("%s", e.msg), CLI_FAILED;
  }
  char text[256];
  if (book_probe(b, &g, &m, &score)) {
    move_text_short(rs->v->geometry, &g.legal, &m, geometry_has_numbers(rs->v->geometry) ? NOTATION_NUMERIC
                                                                                        : NOTATION_ALGEBRAIC,
                    text, sizeof text);
    printf("book %s  %+.2f  (%d positions, %s)\n", text, score / 100.0, book_size(b), path);
  } else {
    printf("not in the book (%d positions, %s)\n", book_size(b), path);
  }
  game_free(&g);
  book_close(b);
  return CLI_OK;
}

int cmd_book(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position start;
  const char *sub = a->nargs ? a->args[0] : "";
  int known = strcmp(sub, "openings") == 0 || strcmp(sub, "build") == 0 || strcmp(sub, "probe") == 0;
  if (a->nargs < 2 || !known) {
    cli_error("book needs a subcommand and a variant: draughts book build|probe|openings VARIANT");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[1], &rs)) return CLI_FAILED;
  int rc = cli_position(a, &rs, &start) ? CLI_FAILED
           : strcmp(sub, "openings") == 0 ? book_openings(a, &rs, &start)
                                          : book_command(a, sub, &rs, &start);
  return cli_finish(&rs, rc);
}
