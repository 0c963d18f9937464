/*
** replay_random.c — an LD_PRELOAD shim for tests: 'getrandom' gives the same stream in
** every process (a counter through splitmix64), so a restarted server draws the ids it
** drew before and the store's answer to an id it already has can be tested.  Never
** part of the server: only a test puts it in front of one.
*/
#define _GNU_SOURCE
#include <stdint.h>
#include <sys/types.h>

static uint64_t state = 0x2545f4914f6cdd1dull;

static uint64_t next(void) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

__attribute__((visibility("default"))) ssize_t getrandom(void *buf, size_t n, unsigned int flags) {
  (void)flags;
  unsigned char *out = buf;
  for (size_t i = 0; i < n; i++) out[i] = (unsigned char)next();
  return (ssize_t)n;
}
