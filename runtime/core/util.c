/*
** util.c — error messages, allocation that never returns NULL, file reading.
*/
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void dr_invariant_failed(const char *cond, const char *file, int line, const char *func) {
  fprintf(stderr, "draughts: invariant broken at %s:%d in %s: %s\n", file, line, func, cond);
  abort();
}

/* The bytes of the control character at s[i] (C1 takes two in UTF-8), or 0 for none. */
static int control_len(const unsigned char *u, size_t i, size_t n, int lines) {
  if (u[i] == 0xC2 && i + 1 < n && u[i + 1] >= 0x80 && u[i + 1] <= 0x9F) return 2;
  return (u[i] < ' ' && !(lines && (u[i] == '\n' || u[i] == '\r' || u[i] == '\t'))) || u[i] == 0x7f;
}

void text_plain(char *s, size_t n, char with, int lines) {
  for (size_t i = 0; i < n; i++) {
    int k = control_len((const unsigned char *)s, i, n, lines);
    if (k) memset(s + i, with, (size_t)k), i += (size_t)k - 1;
  }
}

int text_is_plain(const char *s, size_t n, int lines) {
  for (size_t i = 0; i < n; i++)
    if (control_len((const unsigned char *)s, i, n, lines)) return 0;
  return 1;
}

void err_one_line(char *s) { text_plain(s, strlen(s), ' ', 0); }

int err_set(err *e, const char *fmt, ...) {
  if (e) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    err_one_line(e->msg);
  }
  return -1;
}

int err_prefix(err *e, const char *fmt, ...) {
  if (e) {
    char head[ERR_LEN], old[ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    memcpy(old, e->msg, sizeof old);
    snprintf(e->msg, sizeof e->msg, "%s: %s", head, old);
    err_one_line(e->msg);
  }
  return -1;
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fputs("draughts: out of memory\n", stderr);
    abort();
  }
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fputs("draughts: out of memory\n", stderr);
    abort();
  }
  return p;
}

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

char *read_file(const char *path, size_t *len, err *e) { return read_file_max(path, SIZE_MAX - 1, len, e); }

char *read_file_max(const char *path, size_t max, size_t *len, err *e) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t n = 0, cap = 0;
  if (!f) {
    err_set(e, "%s: %s", path, strerror(errno));
    return NULL;
  }
  for (;;) {
    if (cap - n < 4096) buf = xrealloc(buf, cap = cap * 2 + 8192);
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0 || n > max) break; /* stops inside the first block past 'max': never all of /dev/zero */
  }
  int failed = ferror(f), over = n > max;
  fclose(f);
  if (failed || over) {
    free(buf);
    if (over) err_set(e, "%s: larger than %zu bytes", path, max);
    else err_set(e, "%s: read error", path);
    return NULL;
  }
  buf[n] = '\0';
  if (len) *len = n;
  return buf;
}

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

struct timespec deadline_after_ms(int ms) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += ms / 1000;
  until.tv_nsec += (long)(ms % 1000) * 1000000;
  if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
  return until;
}

double thread_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int cpu_cores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

int threads_or_cores(int asked) {
  return asked > 0 ? asked : cpu_cores();
}

typedef struct parallel {
  int n, next;
  void (*job)(void *ud, int i);
  void *ud;
  pthread_mutex_t lock;
} parallel;

static void *parallel_worker(void *arg) {
  parallel *p = arg;
  for (;;) {
    pthread_mutex_lock(&p->lock);
    int i = p->next < p->n ? p->next++ : -1;
    pthread_mutex_unlock(&p->lock);
    if (i < 0) return NULL;
    p->job(p->ud, i);
  }
}

void parallel_for(int n, int jobs, void (*job)(void *ud, int i), void *ud) {
  parallel p = {.n = n, .job = job, .ud = ud};
  pthread_t tid[63];
  int started = 0;
  pthread_mutex_init(&p.lock, NULL);
  for (; started < jobs - 1 && started < n - 1 && started < 63; started++)
    if (pthread_create(&tid[started], NULL, parallel_worker, &p)) break;
  parallel_worker(&p);
  for (int j = 0; j < started; j++) pthread_join(tid[j], NULL);
  pthread_mutex_destroy(&p.lock);
}

void os_random(void *out, size_t n) {
  if (n > 256 || getrandom(out, n, 0) != (ssize_t)n) abort();
}

void random_hex(char *out, size_t nbytes) {
  unsigned char bytes[128];
  if (nbytes > sizeof bytes) abort();
  os_random(bytes, nbytes);
  for (size_t i = 0; i < nbytes; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
}

void adopt_versioned(void *dst, size_t dst_size, const void *src, uint32_t known_abi) {
  uint32_t head[2];
  memcpy(head, src, sizeof head);
  size_t n = head[1] < dst_size ? head[1] : dst_size;
  if (head[0] > known_abi || head[1] < sizeof head) n = sizeof head;
  memset(dst, 0, dst_size);
  memcpy(dst, src, n);
}

int name_is_valid(const char *s, size_t max) {
  if (!s || !*s || strnlen(s, max + 1) > max) return 0; /* bounded: a plugin's name may be garbage */
  for (; *s; s++)
    if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_')) return 0;
  return 1;
}

int data_path(const char *name, char *out, size_t len, err *e) {
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  int n;
  if (xdg && *xdg == '/') n = snprintf(out, len, "%s/draughts/%s", xdg, name); /* relative: ignored */
  else if (home && *home) n = snprintf(out, len, "%s/.local/share/draughts/%s", home, name);
  else return err_set(e, "no place for %s: set HOME or XDG_DATA_HOME", name);
  if (n < 0 || (size_t)n >= len) return err_set(e, "the path of %s is too long", name);
  return 0;
}

int make_dirs(const char *dir, err *e) {
  char path[4096];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return err_set(e, "path too long: %s", dir);
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(path, 0700) != 0 && errno != EEXIST) return err_set(e, "cannot create %s: %s", path, strerror(errno));
    *p = '/';
  }
  if (mkdir(path, 0700) != 0 && errno != EEXIST) return err_set(e, "cannot create %s: %s", path, strerror(errno));
  return 0;
}

int mkdir_parents(const char *file, err *e) {
  char dir[4096];
  if (snprintf(dir, sizeof dir, "%s", file) >= (int)sizeof dir) return err_set(e, "path too long: %s", file);
  char *slash = strrchr(dir, '/');
  if (!slash || slash == dir) return 0;
  *slash = '\0';
  return make_dirs(dir, e);
}
