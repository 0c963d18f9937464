/*
** util.h — small helpers every runtime module shares: error messages, the
** hidden-visibility marker for internals, a deterministic random generator.
*/
#ifndef DRAUGHTS_UTIL_H
#define DRAUGHTS_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Internals of libdraughts: never part of any ABI a plugin sees. */
#define DRI_FUNC __attribute__((visibility("hidden")))

/* What must hold where a broken invariant would travel on (the search, apply and undo,
** the session's and the server's state transitions).  Checked in the sanitizer and fuzz
** builds, where a failure aborts with the condition and its place; elsewhere compiled
** for its types only, so it costs nothing and can never go stale. */
#ifdef DRAUGHTS_INVARIANTS
#define DR_ASSERT(cond) ((cond) ? (void)0 : dr_invariant_failed(#cond, __FILE__, __LINE__, __func__))
#else
#define DR_ASSERT(cond) ((void)sizeof(!(cond)))
#endif
DRI_FUNC _Noreturn void dr_invariant_failed(const char *cond, const char *file, int line, const char *func);

/* Every fallible runtime function writes a one-line message here. */
#define ERR_LEN 512
typedef struct err { char msg[ERR_LEN]; } err;

/* Sets 'e->msg' (if 'e' is not NULL) and returns -1, so callers can write
** 'return err_set(e, ...)'. */
DRI_FUNC int err_set(err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prefixes the message already in 'e' with more context. */
DRI_FUNC int err_prefix(err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Turns each byte of a control character in the 'n' bytes at 's' into 'with': C0 (but line
** breaks and tabs when 'lines'), DEL, and C1 (U+0080 to U+009F, which some terminals obey
** as escapes).  Text from elsewhere can then neither break a line nor drive a terminal. */
DRI_FUNC void text_plain(char *s, size_t n, char with, int lines);
/* Whether the 'n' bytes at 's' hold no control character that 'text_plain' would replace. */
DRI_FUNC int text_is_plain(const char *s, size_t n, int lines);

/* Turns control characters in 's' into spaces: a message quoting what a user or a
** script wrote ("error('a\nb')", an argument) stays on one line. */
DRI_FUNC void err_one_line(char *s);

/* splitmix64: reproducible random numbers for tests, games and Zobrist keys. */
typedef struct rng { uint64_t s; } rng;
static inline uint64_t rng_next(rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline uint32_t rng_below(rng *r, uint32_t n) { return (uint32_t)(rng_next(r) % n); }

DRI_FUNC void *xmalloc(size_t n);
DRI_FUNC void *xrealloc(void *p, size_t n);
DRI_FUNC char *xstrdup(const char *s);

/* Reads a whole file into a NUL-terminated buffer (free it); NULL and a message on failure. */
DRI_FUNC char *read_file(const char *path, size_t *len, err *e);

/* The same for a file that is data: one over 'max' bytes is an error, found while
** reading (a device or a growing file is never read to its end). */
DRI_FUNC char *read_file_max(const char *path, size_t max, size_t *len, err *e);
/* Creates the directories above 'file' that are missing (mode 0700: they hold a
** person's or a server's data). */
DRI_FUNC int mkdir_parents(const char *file, err *e);

/* Copies a versioned descriptor a plugin declared ({abi_version, size, ...}) into 'dst'
** ('dst_size' bytes, zeroed first): never more than the plugin says it has nor more than
** we know of; only the two heading words when its version is newer than 'known_abi' or
** its size is nonsense, so the validator can name the problem. */
DRI_FUNC void adopt_versioned(void *dst, size_t dst_size, const void *src, uint32_t known_abi);

/* A name a plugin gives itself or its options and presets: [a-z0-9_]+, at most 'max' long. */
DRI_FUNC int name_is_valid(const char *s, size_t max);

/* The per-user data folder's 'name': $XDG_DATA_HOME/draughts/NAME (an absolute
** XDG_DATA_HOME only), else ~/.local/share/draughts/NAME. */
DRI_FUNC int data_path(const char *name, char *out, size_t len, err *e);

/* Creates 'dir' and the folders above it that are missing (private: mode 0700). */
DRI_FUNC int make_dirs(const char *dir, err *e);

/* 'n' bytes (at most 256) from the kernel's CSPRNG, which does not fail for so few once
** the system has booted: a failure aborts rather than hand out a guessable secret. */
DRI_FUNC void os_random(void *out, size_t n);
/* 'nbytes' random bytes (at most 128) from os_random as 2 * nbytes lowercase hex digits
** and a NUL in 'out'. */
DRI_FUNC void random_hex(char *out, size_t nbytes);

/* Monotonic time in seconds. */
DRI_FUNC double now_seconds(void);
/* The wall-clock time 'ms' milliseconds from now: a deadline for pthread_cond_timedwait. */
DRI_FUNC struct timespec deadline_after_ms(int ms);
/* The calling thread's processor time in seconds. */
DRI_FUNC double thread_seconds(void);
/* The processors online (at least 1): how many threads 'every core' means. */
DRI_FUNC int cpu_cores(void);
/* 'asked' when positive, else cpu_cores(): what a --threads or --jobs of 0 means. */
DRI_FUNC int threads_or_cores(int asked);
/* Calls job(ud, i) once for each i from 0 to n - 1, on up to 'jobs' threads (at most 64 and n, the
** caller's among them; fewer where threads cannot be had), each taking the next i when done
** with its last: the order of the calls is not defined. */
DRI_FUNC void parallel_for(int n, int jobs, void (*job)(void *ud, int i), void *ud);

#endif
