/*
** egdb_cli.c — 'draughts egdb build VARIANT --pieces N', 'egdb probe VARIANT --fen F'
** and 'egdb verify VARIANT' (each with --rules, --set and --dir): endgame databases
** for any variant, built from its plugin (runtime/engine/egdb_build.c).
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "egdb.h"
#include "notation.h"
#include "position.h"

#define EGDB_DEFAULT_PIECES 4

static void print_sig(void *ud, const char *name, uint64_t positions, uint64_t wins, uint64_t losses,
                      uint64_t draws, int longest, double seconds, int reused) {
  (void)ud;
  printf("%-10s %12" PRIu64 " positions  %12" PRIu64 " won  %12" PRIu64 " lost  %12" PRIu64
         " drawn  longest %3d plies  %8.2f s%s\n",
         name, positions, wins, losses, draws, longest, seconds, reused ? "  (already built)" : "");
  fflush(stdout);
}

static void value_text(int result, int plies, char *out, size_t len) {
  if (result == EGDB_WIN) snprintf(out, len, "win in %d plies", plies);
  else if (result == EGDB_LOSS) snprintf(out, len, "loss in %d plies", plies);
  else if (result == EGDB_DRAW) snprintf(out, len, "draw");
  else snprintf(out, len, "not in the database");
}

/* The position's value, then every move with its child's value, best first. */
static int probe(const cli_args *a, const ruleset *rs, const dr_position *p) {
  egdb *db;
  err e;
  char text[64], move[256];
  int plies, result;
  if (egdb_open(rs, a->dir, &db, &e)) return cli_error("%s", e.msg), CLI_FAILED;
  result = egdb_probe(db, p, &plies);
  value_text(result, plies, text, sizeof text);
  printf("%s\n", text);
  dr_history fresh = {.nmoves = 1, .repetitions = 1}; /* a position given alone: no count has run */
  if (result != EGDB_UNKNOWN && !egdb_value_holds(db, rs, p, &fresh, result, plies))
    printf("(solved with the counters at zero; here the rules' counts would end the game otherwise, so the engine "
           "does not use this value)\n");
  dr_movelist *list = xmalloc(sizeof *list);
  int notation = geometry_has_numbers(rs->v->geometry) ? NOTATION_NUMERIC : NOTATION_ALGEBRAIC;
  if (result != EGDB_UNKNOWN && rules_generate(rs, p, list) == DR_OK) {
    movelist_unique(list);
    int best = -1, best_rank = -3000, best_result = EGDB_UNKNOWN, best_plies = 0;
    for (int i = 0; i < list->count; i++) {
      dr_position c = *p;
      pos_apply(&c, &list->moves[i]);
      int d, r = egdb_probe(db, &c, &d);
      if (!c.side[0] || !c.side[1]) r = EGDB_LOSS, d = 0; /* the last piece taken */
      if (egdb_move_rank(r, d) > best_rank) best = i, best_rank = egdb_move_rank(r, d), best_result = r, best_plies = d;
    }
    if (best >= 0) {
      move_text_short(rs->v->geometry, list, &list->moves[best], notation, move, sizeof move);
      value_text(best_result, best_plies, text, sizeof text);
      printf("best %s (then %s for the other side)\n", move, text);
    }
  }
  free(list);
  egdb_close(db);
  return CLI_OK;
}

int cmd_egdb(registry *reg, const cli_args *a) {
  ruleset rs;
  dr_position p;
  err e;
  const char *sub = a->nargs ? a->args[0] : "";
  int build = strcmp(sub, "build") == 0, verify = strcmp(sub, "verify") == 0;
  if (a->nargs < 2 || !(build || verify || strcmp(sub, "probe") == 0)) {
    cli_error("egdb needs a subcommand and a variant: draughts egdb build|probe|verify VARIANT");
    return CLI_USAGE;
  }
  if (!cli_variant(reg, a, a->args[1], &rs)) return CLI_FAILED;
  int rc = CLI_OK;
  if (build || verify) {
    double t0 = now_seconds();
    if (build ? egdb_build(&rs, a->dir, a->pieces ? a->pieces : EGDB_DEFAULT_PIECES, a->threads, print_sig, NULL, &e)
              : egdb_verify(&rs, a->dir, a->threads, print_sig, NULL, &e)) {
      cli_error("%s", e.msg);
      rc = CLI_FAILED;
    } else {
      printf("%s in %.2f s\n", build ? "built" : "every value agrees with its moves", now_seconds() - t0);
    }
  } else {
    rc = cli_position(a, &rs, &p) ? CLI_FAILED : probe(a, &rs, &p);
  }
  return cli_finish(&rs, rc);
}
