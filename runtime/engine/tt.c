/*
** tt.c — transposition table: buckets of TT_WAYS entries, replacing the oldest
** and then the shallowest.  Words are read and written with relaxed atomics: the
** xor check makes a torn entry a miss, and the atomics keep the races defined.
*/
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* data: score 16 | depth 8 | bound 2, age 6 | from 8 | to 8 | digest 16 */
static uint64_t pack(int score, int depth, int bound, int age, uint8_t from, uint8_t to, uint16_t digest) {
  return (uint64_t)(uint16_t)(int16_t)score | (uint64_t)(uint8_t)depth << 16 |
         (uint64_t)(bound | age << 2) << 24 | (uint64_t)from << 32 | (uint64_t)to << 40 |
         (uint64_t)digest << 48;
}

static int age_of(uint64_t data) { return (int)(data >> 26 & 63); }
static int depth_of(uint64_t data) { return (int)(data >> 16 & 255); }

#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_TABLE ((size_t)32 << 20)

/* Faults the fresh pages in now: left to the first search, faulting (and zeroing)
** tens of megabytes ate its clock, and a loaded machine's first move reached depth 2. */
static void populate(char *p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
  if (madvise(p, bytes, MADV_POPULATE_WRITE) == 0) return;
#endif
  for (size_t i = 0; i < bytes; i += 4096) p[i] = 0; /* older kernels: touch each page */
}

/* A large table is probed everywhere, and on 4 KB pages nearly every probe would also
** miss the TLB: it is mapped on its own, aligned to huge pages and asks for them (a
** hint the kernel may ignore); fresh pages are zero, so it needs no clearing.  Small
** tables are private to one short search: from the heap, cleared. */
static int table_alloc(tt *t, size_t bytes) {
  char *p = bytes >= HUGE_TABLE ? mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                                : MAP_FAILED;
  if (p == MAP_FAILED) {
    t->slots = aligned_alloc(64, bytes);
    if (!t->slots) return -1;
    t->mapped = 0;
    tt_clear(t);
    return 0;
  }
  size_t head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
  if (head) munmap(p, head);
  if (HUGE_PAGE - head) munmap(p + head + bytes, HUGE_PAGE - head);
  p += head;
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);
#endif
  populate(p, bytes);
  t->slots = (tt_entry *)p;
  t->mapped = bytes;
  return 0;
}

#define TT_MAX_MB ((size_t)1 << 20) /* a terabyte: any more would overflow the sizes below */

int tt_init(tt *t, size_t megabytes) {
  if (megabytes > TT_MAX_MB) megabytes = TT_MAX_MB;
  size_t bytes = megabytes << 20, buckets = 1;
  while (buckets * 2 * TT_WAYS * sizeof(tt_entry) <= bytes) buckets *= 2;
  memset(t, 0, sizeof *t);
  t->mask = buckets - 1;
  if (table_alloc(t, buckets * TT_WAYS * sizeof(tt_entry)) == 0) return 0;
  memset(t, 0, sizeof *t);
  return -1;
}

size_t tt_max_megabytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0) return TT_MAX_MB;
  size_t half = (size_t)pages / 2 * (size_t)size >> 20; /* the rest is the system's and the other programs' */
  return half < 1 ? 1 : half > TT_MAX_MB ? TT_MAX_MB : half;
}

void tt_free(tt *t) {
  if (t->mapped) munmap(t->slots, t->mapped);
  else free(t->slots);
  memset(t, 0, sizeof *t);
}

void tt_clear(tt *t) { memset(t->slots, 0, (t->mask + 1) * TT_WAYS * sizeof(tt_entry)); }

static tt_entry *bucket(const tt *t, uint64_t key) { return &t->slots[(key & t->mask) * TT_WAYS]; }

int tt_probe(const tt *t, uint64_t key, tt_hit *out) {
  tt_entry *b = bucket(t, key);
  for (int i = 0; i < TT_WAYS; i++) {
    uint64_t check = __atomic_load_n(&b[i].check, __ATOMIC_RELAXED);
    uint64_t data = __atomic_load_n(&b[i].data, __ATOMIC_RELAXED);
    if ((check ^ data) != key || data == 0) continue;
    out->score = (int16_t)(data & 0xffff);
    out->depth = depth_of(data);
    out->bound = (int)(data >> 24 & 3);
    out->from = (uint8_t)(data >> 32);
    out->to = (uint8_t)(data >> 40);
    out->digest = (uint16_t)(data >> 48);
    return 1;
  }
  return 0;
}

/* Lower is a better victim: entries of older searches, then shallow ones. */
static int worth(const tt *t, uint64_t data) {
  int stale = ((t->age - age_of(data)) & 63) != 0;
  return depth_of(data) - (stale ? 256 : 0);
}

void tt_store(tt *t, uint64_t key, int depth, int bound, int score, uint8_t from, uint8_t to,
              uint16_t digest) {
  tt_entry *b = bucket(t, key), *victim = b;
  int victim_worth = 1 << 20;
  for (int i = 0; i < TT_WAYS; i++) {
    uint64_t data = __atomic_load_n(&b[i].data, __ATOMIC_RELAXED);
    uint64_t check = __atomic_load_n(&b[i].check, __ATOMIC_RELAXED);
    if (data == 0 || (check ^ data) == key) {
      victim = &b[i];
      /* Keep the move of an earlier visit when this one found none. */
      if (data && from == TT_NO_MOVE && (check ^ data) == key) {
        from = (uint8_t)(data >> 32), to = (uint8_t)(data >> 40), digest = (uint16_t)(data >> 48);
      }
      break;
    }
    int w = worth(t, data);
    if (w < victim_worth) victim_worth = w, victim = &b[i];
  }
  if (depth < 0) depth = 0;
  uint64_t data = pack(score, depth > 255 ? 255 : depth, bound, t->age, from, to, digest);
  __atomic_store_n(&victim->data, data, __ATOMIC_RELAXED);
  __atomic_store_n(&victim->check, key ^ data, __ATOMIC_RELAXED);
}
