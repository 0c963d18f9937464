/*
** broken.c — plugins that must be refused.  Each BROKEN_* build breaks one thing the
** loader checks; test_loader.c asserts the one-line error for each.
*/
#include <stddef.h>

#include <draughts/variant.h>

#ifdef BROKEN_duplicate_point
#define SECOND_NAME "a1"
#else
#define SECOND_NAME "b1"
#endif
static const dr_point points[DR_MAX_POINTS] = {{"a1", 0, 0, 0, 0}, {SECOND_NAME, 0, 1, 0, 0}};

static int initial(const dr_rules *r, dr_position *out) { (void)r, (void)out; return DR_OK; }
static int generate(const dr_rules *r, const dr_position *p, dr_movelist *out) {
  (void)r, (void)p, (void)out;
  return DR_OK;
}
static int judge(const dr_rules *r, const dr_position *p, const dr_history *h, const char **why) {
  (void)r, (void)p, (void)h, (void)why;
  return DR_ONGOING;
}

#ifdef BROKEN_too_many_points
#define NPOINTS 65
#else
#define NPOINTS 2
#endif

static const dr_geometry geometry = {NPOINTS, 2, 1, DR_DRAW_SQUARES, 0x3, {0, 0}, points, 0, 0};

#ifdef BROKEN_bad_option
static const dr_option options[] = {{"limit", DR_OPTION_INT, 50, 0, 40, "a default above its maximum"}};
#else
static const dr_option options[] = {{"limit", DR_OPTION_INT, 40, 0, 100, "plies before adjudication"}};
#endif

#define GEOMETRY (&geometry)

/* Conventions as a plugin built before 'pdn_notation' was added sees them, with
** bytes of its own after them that the loader must not read. */
struct old_conventions {
  dr_conventions head;
  char junk[8];
};
__attribute__((unused)) static const struct old_conventions old_conventions = {
    {.size = offsetof(dr_conventions, pdn_notation), .side_name = {"Sente", "Gote"}, .fen_letter = {'S', 'G'},
     .pdn_capture = ':'},
    "garbage"};
__attribute__((unused)) static const dr_conventions small_conventions = {.size = 2};

static dr_variant descriptor = {
    .abi_version = DR_ABI_VERSION,
    .size = sizeof(dr_variant),
    .name = "broken",
    .title = "A broken plugin",
    .geometry = GEOMETRY,
    .noptions = 1,
    .options = options,
    .initial = initial,
    .generate = generate,
    .judge = judge,
};

#ifdef BROKEN_no_entry
/* The right descriptor behind the wrong name. */
DR_EXPORT const dr_variant *dr_variant_entry_v1(void) { return &descriptor; }
#else
DR_EXPORT const dr_variant *dr_variant_entry(void) {
#if defined(BROKEN_newer_abi)
  descriptor.abi_version = DR_ABI_VERSION + 1;
  descriptor.size = sizeof descriptor + 64;
#elif defined(BROKEN_missing_slot)
  descriptor.generate = NULL;
#elif defined(BROKEN_small_descriptor)
  descriptor.size = offsetof(dr_variant, geometry);
#elif defined(BROKEN_null_descriptor)
  return NULL;
#elif defined(BROKEN_old_conventions)
  descriptor.name = "old_conventions"; /* loads: its name must not clash with the broken ones */
  descriptor.conventions = &old_conventions.head;
#elif defined(BROKEN_abi_one)
  descriptor.name = "abi_one"; /* loads: ABI 1's descriptor ended before 'conventions' */
  descriptor.abi_version = 1;
  descriptor.size = offsetof(dr_variant, conventions);
#elif defined(BROKEN_small_conventions)
  descriptor.conventions = &small_conventions;
#endif
  return &descriptor;
}
#endif
