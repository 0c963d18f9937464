/*
** test_pdn_corpus.c — the PDN standard's own corpus of published games (the Open
** Checkers Archive and English problem books, International championship games and
** problems, Soviet Russian games, Czech and Italian games, syntax cases), read from
** ../shared/data/pdn beside the repository and never copied into it.  Every game of a
** rule family a plugin here plays must replay, and what it writes must read back as
** the same game; the games below that are refused are refused for a fault of the file,
** said in each entry.  Games of families no plugin plays (Czech, Italian) are only
** read.  Every file of fail/ must be refused.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "notation.h"
#include "pdn.h"

#define CORPUS SOURCE_DIR "/../shared/data/pdn"

typedef struct refusal {
  int game;
  const char *why; /* part of the error */
} refusal;

typedef struct corpus_file {
  const char *path;    /* under the corpus */
  const char *variant; /* for games without a GameType; NULL: no plugin plays the family, only read */
  refusal refused[6];  /* the games refused, each for a fault of the file */
} corpus_file;

static const corpus_file succeed[] = {
    /* English checkers (GameType 21): the Open Checkers Archive and problem books. */
    {"succeed/OCA_2.0.pdn", "english", {{0}}},
    {"succeed/Principles of Strategy.pdn", "english", {{0}}},
    {"succeed/Tricks traps and shots.pdn", "english", {{0}}},
    {"succeed/borderclassics.pdn", "english", {{0}}},
    {"succeed/gem.pdn", "english", {{0}}},
    {"succeed/inferno.pdn", "english", {{0}}},
    /* A White man on square 1, White's crowning row: the FEN is impossible. */
    {"succeed/beginner.pdn", "english", {{10, "the man on g1 stands on its own side's promotion row"}}},
    /* The FEN lists no pieces at all: "W::.". */
    {"succeed/bridges.pdn", "english", {{14, "expected B or W before a piece list"}}},
    /* A White man on 3, on White's crowning row. */
    {"succeed/goulds.pdn", "english", {{93, "the man on c1 stands on its own side's promotion row"}}},
    /* Black men on 32, 31 and White's on 1: all on their own crowning rows. */
    {"succeed/lpc.pdn",
     "english",
     {{36, "the man on b8 stands on its own side's promotion row"},
      {63, "the man on b8 stands on its own side's promotion row"},
      {65, "the man on d8 stands on its own side's promotion row"},
      {73, "the man on a1 stands on its own side's promotion row"}}},
    /* International draughts (GameType 20): championships, problems, engines' games. */
    {"succeed/090417ronde12.pdn", "international", {{0}}},
    {"succeed/Cat.B1.pdn", "international", {{0}}},
    {"succeed/Cat.D1.pdn", "international", {{0}}},
    {"succeed/DUTCH96H.pdn", NULL, {{0}}}, /* GameType 20 in every game: no default needed */
    {"succeed/PROF2.pdn", NULL, {{0}}},
    {"succeed/PWCP 2a.pdn", "international", {{0}}},
    {"succeed/PWCP_2.pdn", "international", {{0}}},
    {"succeed/candidate95.pdn", NULL, {{0}}},
    {"succeed/kurnik.pdn", NULL, {{0}}},
    {"succeed/nk ronde 01.pdn", NULL, {{0}}},
    {"succeed/nk ronde 02.pdn", NULL, {{0}}},
    {"succeed/nk2003-amsterdam.pdn", NULL, {{0}}},
    {"succeed/rk ronde 12.pdn", NULL, {{0}}},
    {"succeed/schildpad.pdn", "international", {{0}}},
    {"succeed/windragon.pdn", "international", {{0}}},
    {"succeed/wk2003.pdn", NULL, {{0}}},
    /* Syntax cases, on the board their squares name. */
    {"succeed/linecomment.pdn", "international", {{0}}},
    {"succeed/movestrength.pdn", "international", {{0}}},
    {"succeed/gameterminator.pdn", "international", {{0}}},
    {"succeed/variation.pdn", "international", {{0}}},
    {"succeed/string.pdn", "international", {{0}}},
    {"succeed/unicode.pdn", "international", {{0}}},
    {"succeed/alphanumeric.pdn", "russian", {{0}}},
    /* The side to move is '?': the position cannot be played. */
    {"succeed/fen.pdn", "international", {{1, "the side to move is unknown ('?')"}}},
    /* Russian draughts (GameType 25): the USSR championship of 1947. */
    {"succeed/ussr1947.pdn", "russian", {{0}}},
};

/* Families no plugin here plays: Czech draughts and Italian draughts. */
static const char *const read_only[] = {
    "succeed/mrcd2000kval.pdn", "succeed/mrcd2006.pdn", "succeed/mrcd2007.pdn", "succeed/Campionato Assoluto 2005.pdn",
};

/* Each fail/ file, and the first thing the reader refuses in it. */
static const struct {
  const char *path, *why;
} fail[] = {
    {"fail/40Camp.DamaInternazionaleAssoluto.pdn", "run into the next game's tags without a result"},
    {"fail/Cat.A1.pdn", "unexpected character in the moves"}, /* "8-3 . 1-0" */
    {"fail/Cat.C1.pdn", "move number 6. is followed by no move"},
    {"fail/abatsiev.pdn", "unexpected character in the moves"}, /* "1. - - 2. - -" */
    {"fail/delfts.pdn", "run into the next game's tags without a result"}, /* "4-6" is no result */
    {"fail/mrdrcd07.pdn", "move number 1. is followed by no move"}, /* "1. 0-2" */
    {"fail/mrdrcd08.pdn", "move number 1. is followed by no move"},
    {"fail/nested_comment.pdn", "'}' closes nothing"},
};

static registry reg;
static void setup(void) {
  struct stat st;
  if (stat(CORPUS, &st) != 0) {
    fprintf(stderr, "pdn_corpus: no PDN corpus at %s (CI has shared/ beside the clone): skipped\n", CORPUS);
    cr_skip_test("no PDN corpus at %s", CORPUS);
  }
  registry_scan(&reg);
}
static void teardown(void) { registry_free(&reg); }
TestSuite(pdn_corpus, .init = setup, .fini = teardown, .timeout = 120);

static char *corpus_text(const char *path) {
  char full[1024];
  err e = {""};
  snprintf(full, sizeof full, "%s/%s", CORPUS, path);
  char *text = read_file_max(full, PDN_MAX_BYTES, NULL, &e);
  cr_assert_not_null(text, "%s", e.msg);
  return text;
}

/* What a game written back reads as: the same moves, the same end, the same result. */
static void expect_round_trip(const char *path, int index, const game *g, const ruleset *rs) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  pdn_write(out, g, NULL, 0);
  fclose(out);
  pdn_cursor at = PDN_START;
  pdn_record again;
  err e = {""};
  game back;
  cr_assert_eq(pdn_parse(text, &at, &again, &e), 1, "%s game %d written back: %s", path, index, e.msg);
  cr_expect_eq(pdn_replay(&again, rs, &back, NULL, &e), 0, "%s game %d written back: %s\n%s", path, index, e.msg, text);
  if (back.ply) {
    cr_expect_eq(back.count, g->count, "%s game %d: %d plies written, %d read back", path, index, g->count, back.count);
    cr_expect_eq(memcmp(game_position(&back), game_position(g), sizeof(dr_position)), 0, "%s game %d", path, index);
    cr_expect_eq(pdn_result(&again, &back, NULL), g->result, "%s game %d: the result written", path, index);
    game_free(&back);
  }
  pdn_record_free(&again);
  free(text);
}

/* The game's error, or "" when it replays (and reads back once written). */
static void check_game(const corpus_file *f, const plugin *fallback, const pdn_record *r, int index, err *why) {
  ruleset rs;
  game g;
  const plugin *p = pdn_variant(&reg, r, fallback, PDN_MUST_AGREE, NULL, why);
  if (!p || pdn_rules(r, &p->v, &rs, why)) return;
  if (pdn_replay(r, &rs, &g, NULL, why) == 0) {
    g.result = pdn_result(r, &g, NULL);
    expect_round_trip(f->path, index, &g, &rs);
    game_free(&g);
    why->msg[0] = '\0';
  }
  rules_free(&rs);
}

static const char *expected_refusal(const corpus_file *f, int index) {
  for (int k = 0; k < 6 && f->refused[k].game; k++)
    if (f->refused[k].game == index) return f->refused[k].why;
  return NULL;
}

static void check_file(const corpus_file *f) {
  char *text = corpus_text(f->path);
  const plugin *fallback = f->variant ? registry_find(&reg, f->variant) : NULL;
  cr_assert(!f->variant || fallback, "no %s plugin", f->variant);
  pdn_cursor pos = PDN_START;
  pdn_record r;
  err e = {""};
  int index = 0, got, refused = 0;
  while ((got = pdn_parse(text, &pos, &r, &e)) != 0) {
    index++;
    cr_assert_eq(got, 1, "%s game %d: %s", f->path, index, e.msg);
    check_game(f, fallback, &r, index, &e);
    const char *want = expected_refusal(f, index);
    if (want) cr_expect(strstr(e.msg, want) != NULL, "%s game %d: refused for '%s', not '%s'", f->path, index, e.msg, want);
    else cr_expect_str_eq(e.msg, "", "%s game %d: %s", f->path, index, e.msg);
    refused += *e.msg != '\0';
    pdn_record_free(&r);
  }
  int expected = 0;
  while (expected < 6 && f->refused[expected].game) expected++;
  cr_expect_eq(refused, expected, "%s: %d games refused, not %d", f->path, refused, expected);
  cr_expect_gt(index, 0, "%s holds no game", f->path);
  free(text);
}

Test(pdn_corpus, every_game_of_a_family_played_here_replays) {
  for (size_t i = 0; i < sizeof succeed / sizeof *succeed; i++) check_file(&succeed[i]);
}

Test(pdn_corpus, games_of_other_families_are_read) {
  for (size_t i = 0; i < sizeof read_only / sizeof *read_only; i++) {
    char *text = corpus_text(read_only[i]);
    pdn_cursor pos = PDN_START;
    pdn_record r;
    err e = {""};
    int got, games = 0;
    while ((got = pdn_parse(text, &pos, &r, &e)) == 1) games++, pdn_record_free(&r);
    cr_expect_eq(got, 0, "%s game %d: %s", read_only[i], games + 1, e.msg);
    cr_expect_gt(games, 0);
    free(text);
  }
}

Test(pdn_corpus, every_fail_file_is_refused) {
  for (size_t i = 0; i < sizeof fail / sizeof *fail; i++) {
    char *text = corpus_text(fail[i].path);
    pdn_cursor pos = PDN_START;
    pdn_record r;
    err e = {""};
    int got;
    while ((got = pdn_parse(text, &pos, &r, &e)) == 1) pdn_record_free(&r);
    cr_expect_eq(got, -1, "%s was read to its end", fail[i].path);
    cr_expect(strstr(e.msg, fail[i].why) != NULL, "%s: refused for '%s', not '%s'", fail[i].path, e.msg, fail[i].why);
    free(text);
  }
}
