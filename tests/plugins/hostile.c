/*
** hostile.c — plugins that load fine and then break the contract at play time.  A
** 4x4 game (men step straight ahead, no captures) is played correctly at the start
** position; in the positions that follow, each HOSTILE_* build corrupts its first move,
** its count, its verdict or its reason, so commands reach the bad output inside games, perft
** and searches.  test_hostile.sh asserts the one-line refusal for each.
** HOSTILE_book plays correctly and ships a book that does not read.  HOSTILE_marker
** is a correct plugin whose constructor leaves a file: tests check that no game file
** can get it loaded.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <draughts/variant.h>

#define START_WHITE 0x000Full
#define START_BLACK 0xF000ull

static const dr_point points[DR_MAX_POINTS] = {
    {"a1", 0, 0, 0, 0}, {"b1", 0, 1, 0, 0}, {"c1", 0, 2, 0, 0}, {"d1", 0, 3, 0, 0},
    {"a2", 0, 0, 1, 0}, {"b2", 0, 1, 1, 0}, {"c2", 0, 2, 1, 0}, {"d2", 0, 3, 1, 0},
    {"a3", 0, 0, 2, 0}, {"b3", 0, 1, 2, 0}, {"c3", 0, 2, 2, 0}, {"d3", 0, 3, 2, 0},
    {"a4", 0, 0, 3, 0}, {"b4", 0, 1, 3, 0}, {"c4", 0, 2, 3, 0}, {"d4", 0, 3, 3, 0},
};

static int initial(const dr_rules *r, dr_position *out) {
  (void)r;
  *out = (dr_position){{START_WHITE, START_BLACK}, 0, DR_WHITE, {0}};
  return DR_OK;
}

/* A position of a game in progress: White's four men, not all at home.  (The engine
** also asks about positions of its own making, which stay correct, so that the
** corruption is met inside the search.) */
static int in_play(const dr_position *p) {
  return __builtin_popcountll(p->side[DR_WHITE]) == 4 && p->side[DR_WHITE] != START_WHITE;
}

static void corrupt(const dr_position *p, dr_movelist *out) {
  dr_move *m = &out->moves[0];
  (void)p, (void)m;
#if defined(HOSTILE_bad_from)
  m->from = 70;
#elif defined(HOSTILE_bad_to)
  m->to = 40;
#elif defined(HOSTILE_njumps)
  m->njumps = 200;
#elif defined(HOSTILE_count_high)
  out->count = DR_MAX_MOVES + 1;
#elif defined(HOSTILE_count_negative)
  out->count = -1;
#elif defined(HOSTILE_own_capture)
  dr_bits others = p->side[p->turn] & ~((dr_bits)1 << m->from);
  m->captured = others & -others;
  m->njumps = 1;
  m->path[0] = m->to;
  m->jumped[0] = (uint8_t)__builtin_ctzll(others);
#endif
}

static int generate(const dr_rules *r, const dr_position *p, dr_movelist *out) {
  (void)r;
  int us = p->turn, step = us == DR_WHITE ? 4 : -4;
  dr_bits empty = 0xFFFFull & ~(p->side[0] | p->side[1]);
  for (dr_bits b = p->side[us]; b; b &= b - 1) {
    int from = __builtin_ctzll(b), to = from + step;
    if (to < 0 || to > 15 || !(empty >> to & 1)) continue;
    dr_move *m = dr_movelist_push(out);
    *m = (dr_move){0};
    m->from = (uint8_t)from, m->to = (uint8_t)to;
    m->promotes = !(p->kings >> from & 1) && (us == DR_WHITE ? to >= 12 : to < 4);
  }
  if (out->count && in_play(p)) corrupt(p, out);
  return DR_OK;
}

#ifdef HOSTILE_why_long
static char long_reason[1 << 16];
#endif

static int judge(const dr_rules *r, const dr_position *p, const dr_history *h, const char **why) {
  (void)r;
  int started = in_play(p);
  (void)started;
#if defined(HOSTILE_why_long)
  if (started) {
    for (size_t i = 0; i + 1 < sizeof long_reason; i++) long_reason[i] = 'x';
    *why = long_reason;
    return DR_DRAW;
  }
#elif defined(HOSTILE_why_wild)
  if (started) {
    *why = (const char *)(uintptr_t)0x40; /* an address no object maps: reading it faults */
    return DR_DRAW;
  }
#elif defined(HOSTILE_why_escape)
  if (started) {
    *why = "\033]0;owned\007\033[2Jdraw"; /* sets the window's title and clears the screen */
    return DR_DRAW;
  }
#elif defined(HOSTILE_verdict)
  if (started) return 17;
#endif
  if (h->nmoves == 0) {
    *why = "no move left";
    return p->turn == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  }
  return DR_ONGOING;
}

#ifdef HOSTILE_geometry
#define FILES 65536 /* files * ranks overflows an int */
#else
#define FILES 4
#endif
static const dr_geometry geometry = {16, FILES, FILES, DR_DRAW_SQUARES, 0xFFFF, {0xF000, 0x000F}, points, 0, 0};

static const dr_preset presets[] = {{"plain", "-- the only rules\n"}, {NULL, NULL}};
#ifdef HOSTILE_book
/* A book whose header is right and whose first position does not read. */
static const dr_book books[] = {{"plain", "# draughts opening book 1, rules: hostile preset=plain\nnonsense\n"},
                                {NULL, NULL}};
#endif

static const dr_variant descriptor = {
    .abi_version = DR_ABI_VERSION,
    .size = sizeof(dr_variant),
#ifdef HOSTILE_marker
    .name = "marker",
#else
    .name = "hostile",
#endif
    .title = "A plugin that breaks the contract while playing",
    .geometry = &geometry,
    .presets = presets,
    .initial = initial,
    .generate = generate,
    .judge = judge,
#ifdef HOSTILE_book
    .books = books,
#endif
};

DR_EXPORT const dr_variant *dr_variant_entry(void) { return &descriptor; }

#ifdef HOSTILE_marker
/* Runs at dlopen, before any check could refuse the file: a game file must never get here. */
__attribute__((constructor)) static void leave_marker(void) {
  const char *path = getenv("DRAUGHTS_TEST_MARKER");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f) fclose(f);
}
#endif
