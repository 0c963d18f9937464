/*
** egdb.c — endgame databases at play time: the index of a signature's positions,
** the rules' identity and folder, and the files, checked before they are mapped
** (they are input like any other: a short, damaged or foreign file is refused with
** one line, never read past its end) and probed by any number of search threads.
*/
#include "egdb_internal.h"
#include "guard.h"
#include "notation.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK_SUM_BYTES ((uint64_t)64 << 20) /* larger files are summed only by 'egdb verify' */

struct egdb {
  egdb_index x;
  int pieces;
  const uint8_t *values[EGDB_SIGS];
  size_t mapped[EGDB_SIGS];
  int counts_decide; /* a count's end gives some position to a side: no value holds */
};

/* ---------------------------------------------------------------- index */

static uint64_t binom[65][EGDB_MAX_PIECES + 1];

static void binom_init(void) {
  for (int n = 0; n <= 64; n++) {
    binom[n][0] = 1;
    for (int k = 1; k <= EGDB_MAX_PIECES; k++) binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
  }
}

egdb_sig egdb_sig_of(const dr_position *p) {
  egdb_sig s;
  for (int side = 0; side < 2; side++) {
    int kings = __builtin_popcountll(p->side[side] & p->kings), all = __builtin_popcountll(p->side[side]);
    s.n[2 * side] = (uint8_t)(all - kings > 8 ? 9 : all - kings);
    s.n[2 * side + 1] = (uint8_t)(kings > 8 ? 9 : kings);
  }
  return s;
}

void egdb_sig_name(egdb_sig s, char *out, size_t len) {
  snprintf(out, len, "%um%uk-%um%uk", s.n[0], s.n[1], s.n[2], s.n[3]);
}

void egdb_index_init(egdb_index *x, const dr_geometry *g) {
  static int ready;
  if (!ready) binom_init(), ready = 1; /* idempotent: a race writes the same numbers */
  memset(x, 0, sizeof *x);
  x->points = g->points;
  x->npoints = __builtin_popcountll(g->points);
  for (int side = 0; side < 2; side++) {
    x->men_ok[side] = g->points & ~g->promotion[side];
    x->nmen[side] = __builtin_popcountll(x->men_ok[side]);
  }
}

uint64_t egdb_sig_size(const egdb_index *x, egdb_sig s) {
  int free_points = x->npoints - s.n[0] - s.n[2];
  if (s.n[0] > x->nmen[0] || s.n[2] > x->nmen[1] || free_points < s.n[1] + s.n[3]) return 0;
  return binom[x->nmen[0]][s.n[0]] * binom[x->nmen[1]][s.n[2]] * binom[free_points][s.n[1]] *
         binom[free_points - s.n[1]][s.n[3]] * 2;
}

/* The colex rank of 'set' among the points of 'avail' (each numbered by the points
** of 'avail' below it). */
static uint64_t rank_set(dr_bits set, dr_bits avail) {
  uint64_t r = 0;
  for (int i = 1; set; set &= set - 1, i++) r += binom[__builtin_popcountll(avail & ((set & -set) - 1))][i];
  return r;
}

uint64_t egdb_rank(const egdb_index *x, egdb_sig s, const dr_position *p) {
  dr_bits men[2] = {p->side[0] & ~p->kings, p->side[1] & ~p->kings};
  dr_bits wk = p->side[0] & p->kings, bk = p->side[1] & p->kings, avail = x->points & ~(men[0] | men[1]);
  int free_points = x->npoints - s.n[0] - s.n[2];
  uint64_t i = rank_set(men[0], x->men_ok[0]);
  i = i * binom[x->nmen[1]][s.n[2]] + rank_set(men[1], x->men_ok[1]);
  i = i * binom[free_points][s.n[1]] + rank_set(wk, avail);
  i = i * binom[free_points - s.n[1]][s.n[3]] + rank_set(bk, avail & ~wk);
  return i * 2 + p->turn;
}

/* The bit of the point numbered 'n' among those of 'avail'. */
static dr_bits nth_point(dr_bits avail, int n) {
  for (int byte = 0; byte < 64; byte += 8) {
    int here = __builtin_popcountll(avail >> byte & 0xff);
    if (n < here) {
      dr_bits a = avail >> byte & 0xff;
      while (n--) a &= a - 1;
      return (a & -a) << byte;
    }
    n -= here;
  }
  return 0;
}

/* The set of k points of 'avail' whose colex rank is 'r'. */
static dr_bits unrank_set(uint64_t r, int k, dr_bits avail) {
  dr_bits set = 0;
  for (int i = k, c = __builtin_popcountll(avail) - 1; i >= 1; i--) {
    while (binom[c][i] > r) c--;
    r -= binom[c][i];
    set |= nth_point(avail, c--);
  }
  return set;
}

int egdb_unrank_walk(const egdb_index *x, egdb_sig s, uint64_t i, dr_position *p, egdb_walk *w) {
  int free_points = x->npoints - s.n[0] - s.n[2];
  uint64_t nbk = binom[free_points - s.n[1]][s.n[3]], nwk = binom[free_points][s.n[1]];
  uint64_t nbm = binom[x->nmen[1]][s.n[2]];
  memset(p, 0, sizeof *p);
  p->turn = (uint8_t)(i & 1);
  i >>= 1;
  uint64_t rbk = i % nbk, rwk = (i / nbk) % nwk, rbm = (i / nbk / nwk) % nbm, rwm = i / nbk / nwk / nbm;
  if (!w->known || w->rwm != rwm || w->rbm != rbm) {
    w->wm = unrank_set(rwm, s.n[0], x->men_ok[0]), w->bm = unrank_set(rbm, s.n[2], x->men_ok[1]);
    w->rwm = rwm, w->rbm = rbm, w->known = 1, w->rwk = UINT64_MAX;
  }
  if (w->wm & w->bm) return -1;
  dr_bits avail = x->points & ~(w->wm | w->bm);
  if (w->rwk != rwk) w->wk = unrank_set(rwk, s.n[1], avail), w->rwk = rwk;
  dr_bits bk = unrank_set(rbk, s.n[3], avail & ~w->wk);
  p->side[0] = w->wm | w->wk;
  p->side[1] = w->bm | bk;
  p->kings = w->wk | bk;
  return 0;
}

int egdb_unrank(const egdb_index *x, egdb_sig s, uint64_t i, dr_position *p) {
  egdb_walk fresh = {0};
  return egdb_unrank_walk(x, s, i, p, &fresh);
}

/* ---------------------------------------------------------------- identity */

static uint64_t fnv(const void *data, size_t n, uint64_t h) {
  const uint8_t *b = data;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

uint64_t egdb_checksum(const uint8_t *v, uint64_t n) { return fnv(v, (size_t)n, 0xcbf29ce484222325ull); }

/* The preset counts only through the options it sets, unless it installed hooks
** (a house-rules script may change moves and verdicts): then it is named too. */
void egdb_identity(const ruleset *rs, char *out, size_t len) {
  size_t used = (size_t)snprintf(out, len, "%s", rs->v->name);
  if (rs->hooks && used < len) used += (size_t)snprintf(out + used, len - used, " script=%s", rs->preset);
  for (int i = 0; i < rs->v->noptions && used < len; i++) {
    char value[16];
    rules_value_text(&rs->v->options[i], rs->rules.opt[i], value, sizeof value);
    used += (size_t)snprintf(out + used, len - used, " %s=%s", rs->v->options[i].name, value);
  }
}

int egdb_default_dir(char *out, size_t len, err *e) { return data_path("egdb", out, len, e); }

int egdb_folder(const ruleset *rs, const char *dir, char *out, size_t len, err *e) {
  char base[4096], id[EGDB_HEADER];
  if (!dir && egdb_default_dir(base, sizeof base, e)) return -1;
  egdb_identity(rs, id, sizeof id);
  uint64_t h = fnv(id, strlen(id), 0xcbf29ce484222325ull);
  int n = snprintf(out, len, "%s/%s-%08x", dir ? dir : base, rs->v->name, (unsigned)(h ^ h >> 32));
  return n < 0 || (size_t)n >= len ? err_set(e, "the database folder's path is too long") : 0;
}

void egdb_file_name(const char *folder, egdb_sig s, char *out, size_t len) {
  snprintf(out, len, "%s/%u%u%u%u.egdb", folder, s.n[0], s.n[1], s.n[2], s.n[3]);
}

/* ---------------------------------------------------------------- files */

static int check_header(const egdb_header *h, const char *identity, egdb_sig s, uint64_t count, err *e) {
  if (memcmp(h->magic, EGDB_MAGIC, 8) != 0) return err_set(e, "not an endgame database file");
  if (h->endian != EGDB_ENDIAN) return err_set(e, "written on a machine of the other byte order");
  if (h->version != EGDB_VERSION) return err_set(e, "format version %u, not %d", h->version, EGDB_VERSION);
  if (memchr(h->identity, '\0', sizeof h->identity) == NULL) return err_set(e, "a damaged header");
  if (strcmp(h->identity, identity) != 0)
    return err_set(e, "built for the rules '%s', not '%s'", h->identity, identity);
  if (memcmp(h->sig, s.n, 4) != 0 || h->count != count) return err_set(e, "not the file of its material");
  return 0;
}

const uint8_t *egdb_map_file(const char *path, const char *identity, egdb_sig s, uint64_t count, int check_sum,
                             size_t *mapped, err *e) {
  egdb_header h;
  struct stat st;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return err_set(e, "%s: %s", path, strerror(errno)), NULL;
  int bad = fstat(fd, &st) != 0 || (uint64_t)st.st_size < EGDB_HEADER ||
            pread(fd, &h, sizeof h, 0) != (ssize_t)sizeof h;
  if (bad) err_set(e, "%s: too short for an endgame database", path);
  else if (check_header(&h, identity, s, count, e)) bad = err_prefix(e, "%s", path);
  else if ((uint64_t)st.st_size != EGDB_HEADER + count)
    bad = err_set(e, "%s: %llu bytes, not the %llu its header gives (truncated?)", path,
                  (unsigned long long)st.st_size, (unsigned long long)(EGDB_HEADER + count));
  void *map = bad ? MAP_FAILED : mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (bad) return NULL;
  if (map == MAP_FAILED) return err_set(e, "%s: %s", path, strerror(errno)), NULL;
  const uint8_t *v = (const uint8_t *)map + EGDB_HEADER;
  if ((check_sum || count <= CHECK_SUM_BYTES) && egdb_checksum(v, count) != h.checksum) {
    munmap(map, (size_t)st.st_size);
    return err_set(e, "%s: damaged (its checksum does not match)", path), NULL;
  }
  *mapped = (size_t)st.st_size;
  return v;
}

/* The rules of another folder for this variant in 'dir', for the message that
** refuses a database built for them; 0 if there is none. */
static int other_rules(const char *dir, const char *variant, char *out, size_t len) {
  DIR *d = opendir(dir);
  struct dirent *en;
  size_t vl = strlen(variant);
  int found = 0;
  while (d && !found && (en = readdir(d))) {
    if (strncmp(en->d_name, variant, vl) != 0 || en->d_name[vl] != '-') continue;
    char folder[4096];
    snprintf(folder, sizeof folder, "%s/%s", dir, en->d_name);
    DIR *f = opendir(folder);
    struct dirent *fe;
    while (f && !found && (fe = readdir(f))) {
      char path[8192];
      egdb_header h;
      if (!strstr(fe->d_name, ".egdb")) continue;
      snprintf(path, sizeof path, "%s/%s", folder, fe->d_name);
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd >= 0 && pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h && memchr(h.identity, 0, sizeof h.identity))
        found = snprintf(out, len, "%s", h.identity) > 0;
      if (fd >= 0) close(fd);
    }
    if (f) closedir(f);
  }
  if (d) closedir(d);
  return found;
}

#define COUNTER_RUN_OUT 100000 /* plies: past every count a rule keeps */

/* The judge's verdict on 'p' once every count that stands in 'now' has run 'run' plies
** more (a side's time with a king only where it has one). */
static int verdict_after(const ruleset *rs, const dr_position *p, const dr_history *now, int run) {
  dr_history h = {.nmoves = 1, .plies = now->plies + run, .plies_since_capture = now->plies_since_capture + run,
                  .plies_since_man_move = now->plies_since_man_move + run,
                  .plies_since_material = now->plies_since_material + run, .repetitions = 1};
  for (int s = 0; s < 2; s++) h.plies_with_king[s] = p->side[s] & p->kings ? now->plies_with_king[s] + run : 0;
  const char *why;
  return rules_judge(rs, p, &h, &why);
}

/* Whether every count run out gives the first position of signature 's' to a side.  A
** value solved with the counts at zero then holds nowhere: the positions of other
** signatures draw or lose through children of this one whose draws are count wins. */
static int counts_decide_in(const egdb *db, const ruleset *rs, egdb_sig s, uint64_t count) {
  static const dr_history fresh = {.nmoves = 1, .repetitions = 1};
  for (uint64_t i = 0; i < count; i++) {
    dr_position p;
    if (egdb_unrank(&db->x, s, i, &p) || position_validate(rs, &p, NULL)) continue;
    int v = verdict_after(rs, &p, &fresh, COUNTER_RUN_OUT);
    return v != DR_ONGOING && v != DR_DRAW;
  }
  return 0;
}

static int open_folder(egdb *db, const ruleset *rs, const char *folder, const char *identity, err *e) {
  for (int id = 0; id < EGDB_SIGS; id++) {
    egdb_sig s = {{(uint8_t)(id / 729), (uint8_t)(id / 81 % 9), (uint8_t)(id / 9 % 9), (uint8_t)(id % 9)}};
    char path[4352];
    uint64_t count = egdb_sig_size(&db->x, s);
    if (egdb_sig_pieces(s) > EGDB_MAX_PIECES || count == 0) continue;
    egdb_file_name(folder, s, path, sizeof path);
    if (access(path, F_OK) != 0) continue;
    db->values[id] = egdb_map_file(path, identity, s, count, 0, &db->mapped[id], e);
    if (!db->values[id]) return -1;
    if (egdb_sig_pieces(s) > db->pieces) db->pieces = egdb_sig_pieces(s);
    if (!db->counts_decide) db->counts_decide = counts_decide_in(db, rs, s, count);
  }
  return 0;
}

int egdb_open(const ruleset *rs, const char *dir, egdb **out, err *e) {
  char folder[4096], identity[EGDB_HEADER], other[EGDB_HEADER], base[4096];
  *out = NULL;
  if (egdb_folder(rs, dir, folder, sizeof folder, e)) return -1;
  egdb_identity(rs, identity, sizeof identity);
  egdb *db = xmalloc(sizeof *db);
  memset(db, 0, sizeof *db);
  egdb_index_init(&db->x, rs->v->geometry);
  if (open_folder(db, rs, folder, identity, e)) {
    egdb_close(db);
    return -1;
  }
  if (db->pieces == 0) {
    egdb_close(db);
    snprintf(base, sizeof base, "%s", folder);
    *strrchr(base, '/') = '\0';
    if (other_rules(base, rs->v->name, other, sizeof other))
      return err_set(e, "no endgame database for the rules '%s' in %s (there is one for '%s')", identity, base,
                     other);
    return err_set(e, "no endgame database for the rules '%s' in %s (draughts egdb build)", identity, base);
  }
  *out = db;
  return 0;
}

void egdb_close(egdb *db) {
  if (!db) return;
  for (int i = 0; i < EGDB_SIGS; i++)
    if (db->values[i]) munmap((void *)(db->values[i] - EGDB_HEADER), db->mapped[i]);
  free(db);
}

int egdb_pieces(const egdb *db) { return db ? db->pieces : 0; }

int egdb_counts_overrule(const egdb *db) { return db->counts_decide; }

int egdb_value_holds(const egdb *db, const ruleset *rs, const dr_position *p, const dr_history *now, int result,
                     int plies) {
  if (db->counts_decide || (result != EGDB_WIN && result != EGDB_LOSS && result != EGDB_DRAW)) return 0;
  int run = result == EGDB_DRAW ? COUNTER_RUN_OUT : plies; /* a draw must hold however long it lasts */
  int v = verdict_after(rs, p, now, run); /* a refused verdict holds nothing */
  return v == DR_ONGOING || (result == EGDB_DRAW && v == DR_DRAW);
}

int egdb_probe(const egdb *db, const dr_position *p, int *plies) {
  *plies = 0;
  int n = __builtin_popcountll(p->side[0] | p->side[1]);
  if (!db || n > db->pieces || !p->side[0] || !p->side[1]) return EGDB_UNKNOWN;
  egdb_sig s = egdb_sig_of(p);
  const uint8_t *v = db->values[egdb_sig_id(s)];
  dr_bits men = p->side[0] & ~p->kings, black_men = p->side[1] & ~p->kings;
  if (!v || (men & ~db->x.men_ok[0]) || (black_men & ~db->x.men_ok[1])) return EGDB_UNKNOWN; /* no index */
  return egdb_result(v[egdb_rank(&db->x, s, p)], plies);
}
