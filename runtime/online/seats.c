/*
** seats.c — the file of kept seat tokens: one line per game, "server game code side
** token", newest last and at most SEATS_MAX of them.  It is rewritten whole into a
** temporary file that replaces it (rename), so a crash never leaves half a file.
*/
#include "seats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEATS_MAX 64

static int seats_path(char *out, size_t len) {
  const char *env = getenv("DRAUGHTS_SEATS");
  err ignored;
  if (env && *env) return snprintf(out, len, "%s", env) >= (int)len ? -1 : 0;
  return data_path("seats", out, len, &ignored);
}

static int parse_line(const char *line, seat_record *r) {
  char side[8];
  memset(r, 0, sizeof *r);
  return sscanf(line, "%255s %16s %16s %7s %64s", r->server, r->game, r->code, side, r->token) == 5 &&
                 (r->side = proto_side_of(side)) >= 0
             ? 0
             : -1;
}

/* Every record of the file, oldest first; their count. */
static int read_all(seat_record *out, int max) {
  char path[4096], line[512];
  int n = 0;
  if (seats_path(path, sizeof path)) return 0;
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  while (n < max && fgets(line, sizeof line, f))
    if (parse_line(line, &out[n]) == 0) n++;
  fclose(f);
  return n;
}

static int write_all(const seat_record *r, int n, err *e) {
  char path[4096], tmp[4200];
  if (seats_path(path, sizeof path)) return err_set(e, "no place for the seat tokens: set HOME or XDG_DATA_HOME");
  if (mkdir_parents(path, e)) return -1;
  snprintf(tmp, sizeof tmp, "%s.%d", path, (int)getpid());
  mode_t old = umask(077);
  FILE *f = fopen(tmp, "w");
  umask(old);
  if (!f) return err_set(e, "cannot write %s", tmp);
  for (int i = 0; i < n; i++)
    fprintf(f, "%s %s %s %s %s\n", r[i].server, r[i].game, r[i].code, proto_side(r[i].side), r[i].token);
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    unlink(tmp);
    return err_set(e, "cannot write %s", path);
  }
  return 0;
}

/* 'r' without the records of 'server' and 'game'; the count left. */
static int without(seat_record *r, int n, const char *server, const char *game) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (strcmp(r[i].server, server) != 0 || strcmp(r[i].game, game) != 0) r[k++] = r[i];
  return k;
}

int seats_save(const seat_record *rec, err *e) {
  seat_record *all = xmalloc((SEATS_MAX + 1) * sizeof *all);
  int n = without(all, read_all(all, SEATS_MAX), rec->server, rec->game);
  if (n == SEATS_MAX) memmove(all, all + 1, (size_t)--n * sizeof *all); /* the oldest goes */
  all[n++] = *rec;
  int rc = write_all(all, n, e);
  free(all);
  return rc;
}

int seats_find(const char *server, const char *key, seat_record *out) {
  seat_record *all = xmalloc(SEATS_MAX * sizeof *all);
  int n = read_all(all, SEATS_MAX), found = 0;
  for (int i = n - 1; i >= 0 && !found; i--)
    if (strcmp(all[i].server, server) == 0 && (strcmp(all[i].game, key) == 0 || strcmp(all[i].code, key) == 0))
      *out = all[i], found = 1;
  free(all);
  return found;
}

void seats_forget(const char *server, const char *game) {
  seat_record *all = xmalloc(SEATS_MAX * sizeof *all);
  err e;
  int n = read_all(all, SEATS_MAX), k = without(all, n, server, game);
  if (k != n) write_all(all, k, &e);
  free(all);
}
