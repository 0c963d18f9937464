/*
** tt.h — the transposition table the search threads share.  Each entry is two
** 64-bit words, the key stored xor'ed with the data, so a torn write by another
** thread reads back as a miss instead of a wrong hit (no locks needed).
*/
#ifndef DRAUGHTS_TT_H
#define DRAUGHTS_TT_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

enum { TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

#define TT_WAYS 4 /* entries per bucket: one cache line */
#define TT_NO_MOVE 255 /* 'from' of an entry that knows no move */

typedef struct tt_entry {
  uint64_t check; /* key ^ data */
  uint64_t data;
} tt_entry;

typedef struct tt {
  tt_entry *slots;
  uint64_t mask; /* buckets - 1 */
  uint8_t age;
  size_t mapped; /* bytes mapped for 'slots' (0: from the heap) */
} tt;

/* What a hit returns.  The move is its ends and a digest of what it captures, enough
** to find it again in a move list. */
typedef struct tt_hit {
  int score, depth, bound;
  uint8_t from, to;
  uint16_t digest;
} tt_hit;

/* Starts bringing the bucket of 'key' into the cache: issued when a child's key is
** known, the probe that follows a little later finds it there. */
static inline void tt_prefetch(const tt *t, uint64_t key) { __builtin_prefetch(&t->slots[(key & t->mask) * TT_WAYS]); }

/* Allocates about 'megabytes' MB (at least one bucket), cleared; -1 (and 't' empty)
** when the memory cannot be had. */
DRI_FUNC int tt_init(tt *t, size_t megabytes);

/* The largest table this machine can hold: half its physical memory, in MB. */
DRI_FUNC size_t tt_max_megabytes(void);
DRI_FUNC void tt_free(tt *t);
DRI_FUNC void tt_clear(tt *t);

/* A new search begins: older entries become the first to be replaced. */
static inline void tt_new_search(tt *t) { t->age = (uint8_t)((t->age + 1) & 63); }

static inline uint16_t tt_digest(uint64_t captured) {
  return (uint16_t)((captured * 0x9e3779b97f4a7c15ull) >> 48);
}

DRI_FUNC int tt_probe(const tt *t, uint64_t key, tt_hit *out);
DRI_FUNC void tt_store(tt *t, uint64_t key, int depth, int bound, int score, uint8_t from, uint8_t to,
                       uint16_t digest);

#endif
