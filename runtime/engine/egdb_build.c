/*
** egdb_build.c — endgame databases built from the plugin alone.  A plugin only
** generates moves forwards, so the solve runs forwards too: signatures in an order
** where every move leads to one already solved or to the same one (fewer pieces
** first; with as many pieces, fewer men first: a capture removes a piece, a
** crowning turns a man into a king), and within a signature by distance to the
** end: a position is won in k plies when a move reaches a child lost in k-1, lost
** in k when every move reaches a child won, the longest in k-1.  What is never
** decided is a draw.  Every verdict is the judge's, so the rules' own ends (no
** move, no piece, material verdicts) come out as the game declares them.
*/
#include "egdb_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "notation.h"
#include "position.h"

typedef struct builder {
  const ruleset *rs;
  egdb_index x;
  char folder[4096], identity[EGDB_HEADER];
  const uint8_t *values[EGDB_SIGS]; /* solved signatures */
  size_t mapped[EGDB_SIGS];         /* bytes mapped for a signature read from its file; 0: heap */
  int longest;                      /* longest end in any solved signature */
  int threads;                      /* that solve and check a signature's positions */
} builder;

typedef struct counts {
  uint64_t positions, wins, losses, draws;
  int longest;
} counts;

static int judge_fresh(const builder *b, const dr_position *p, int nmoves) {
  dr_history h = {.nmoves = nmoves, .repetitions = 1}; /* a position met fresh: no counts running */
  const char *why = NULL;
  int v = b->rs->judge(&b->rs->rules, p, &h, &why);
  return v < DR_ONGOING || v > DR_DRAW ? DR_ONGOING : v;
}

/* The value of a game over, for the side to move of 'p'. */
static uint8_t verdict_value(const dr_position *p, int verdict) {
  if (verdict == DR_DRAW) return EGDB_V_DRAW;
  int winner = verdict == DR_WHITE_WINS ? DR_WHITE : DR_BLACK;
  return egdb_value(winner == p->turn ? EGDB_WIN : EGDB_LOSS, 0);
}

/* A child without a table of its own (a side has no piece left): the judge's word.
** 'spare' takes its moves. */
static uint8_t end_value(const builder *b, dr_movelist *spare, const dr_position *c) {
  int n = rules_generate(b->rs, c, spare) == DR_OK ? spare->count : 0;
  int verdict = judge_fresh(b, c, n);
  return verdict == DR_ONGOING ? EGDB_V_DRAW : verdict_value(c, verdict);
}

static uint8_t child_value(const builder *b, dr_movelist *spare, egdb_sig cur, const uint8_t *cur_values,
                           const dr_position *c) {
  if (!c->side[0] || !c->side[1]) return end_value(b, spare, c);
  egdb_sig s = egdb_sig_of(c);
  int id = egdb_sig_id(s), same = id == egdb_sig_id(cur);
  const uint8_t *t = same ? cur_values : egdb_sig_pieces(s) <= EGDB_MAX_PIECES ? b->values[id] : NULL;
  if (!t) return EGDB_V_DRAW; /* no table: never so when the order above holds */
  uint8_t v = t[egdb_rank(&b->x, s, c)];
  return v == EGDB_V_NONE ? EGDB_V_DRAW : v;
}

/* What the children of 'p' say: the quickest loss among them (-1: none), whether
** all are won and the longest of those wins. */
typedef struct children {
  int quickest_loss, all_won, longest_win, count;
} children;

static void look_at_children(const builder *b, dr_movelist *list, dr_movelist *spare, egdb_sig s,
                             const uint8_t *values, const dr_position *p, children *out) {
  *out = (children){-1, 1, 0, 0};
  if (rules_generate(b->rs, p, list) != DR_OK) list->count = 0;
  out->count = list->count;
  for (int i = 0; i < list->count; i++) {
    dr_position c = *p;
    pos_apply(&c, &list->moves[i]);
    int d, r = egdb_result(child_value(b, spare, s, values, &c), &d);
    if (r != EGDB_WIN) out->all_won = 0;
    if (r == EGDB_LOSS && (out->quickest_loss < 0 || d < out->quickest_loss)) out->quickest_loss = d;
    if (r == EGDB_WIN && d > out->longest_win) out->longest_win = d;
  }
}

/* The value the children give once those ending within 'k' - 1 plies are all known
** ('k' large: the final value); a draw when it is not decided yet. */
static uint8_t decide(const children *ch, int k) {
  if (ch->quickest_loss >= 0 && ch->quickest_loss <= k - 1) return egdb_value(EGDB_WIN, ch->quickest_loss + 1);
  if (ch->all_won && ch->longest_win <= k - 1) return egdb_value(EGDB_LOSS, ch->longest_win + 1);
  return EGDB_V_DRAW;
}

/* ---------------------------------------------------------------- solving */

#define LEVELS 256 /* distances a solve tracks; values keep at most EGDB_MAX_DISTANCE */

/* One signature's solve.  The plugin generates forwards only, so the moves inside
** the signature are generated once and turned round (each position's predecessors),
** and the solve then runs backwards from the ends, level by level of distance: a
** position is won one ply after its first child found lost, lost one ply after the
** last of its children found won.  Moves out of the signature reach values already
** known, which seed the levels. */
typedef struct solver {
  builder *b;
  egdb_sig s;
  uint8_t *values;
  uint64_t count;
  uint16_t *left;     /* children in the signature not yet found won */
  uint8_t *longest;   /* the longest win among the children found so far */
  uint8_t *all_won;   /* no child outside the signature is anything but won */
  uint8_t *open;      /* neither impossible nor over */
  uint8_t *quickest;  /* 1 + the plies of the quickest loss among the children outside, or 0 */
  uint64_t *first;    /* predecessors of i: pred[first[i] .. first[i + 1]) */
  uint32_t *pred;
  uint64_t *level[LEVELS]; /* candidates: index << 1 | 1 for a loss, | 0 for a win */
  size_t nlevel[LEVELS], caplevel[LEVELS];
} solver;

static void push(solver *sv, int d, uint64_t i, int loss) {
  if (d >= LEVELS) d = LEVELS - 1;
  if (sv->nlevel[d] == sv->caplevel[d]) {
    sv->caplevel[d] = sv->caplevel[d] ? 2 * sv->caplevel[d] : 1024;
    sv->level[d] = xrealloc(sv->level[d], sv->caplevel[d] * sizeof(uint64_t));
  }
  sv->level[d][sv->nlevel[d]++] = i << 1 | (uint64_t)loss;
}

/* The scans of a signature's positions run on every core: the index is cut into runs
** that the threads take in turn, each run with move lists of its own.  What two
** threads may both write (a child's count of predecessors, the slots of its list) is
** written atomically, and the candidates a scan finds are pushed onto the levels
** afterwards, in index order.  The values do not depend on the order either way: a
** position's level is the least one it is pushed to, so a build writes the same files
** on any number of cores. */
#define RUN 16384 /* positions a thread takes at a time */

typedef struct scan {
  solver *sv;
  int fill;       /* 0: count the predecessors, 1: record them */
  uint64_t *next; /* with 'fill': the next free slot of each child's list */
} scan;

static int runs_of(uint64_t count) { return (int)((count + RUN - 1) / RUN); }

static void run_bounds(uint64_t count, int run, uint64_t *from, uint64_t *to) {
  *from = (uint64_t)run * RUN;
  *to = *from + RUN < count ? *from + RUN : count;
}

/* Marks what is no position and what is over already (an end at distance 0). */
static void mark_run(void *ud, int run) {
  solver *sv = ud;
  const builder *b = sv->b;
  dr_movelist *list = xmalloc(sizeof *list);
  egdb_walk walk = {0};
  uint64_t from, to;
  run_bounds(sv->count, run, &from, &to);
  for (uint64_t i = from; i < to; i++) {
    dr_position p;
    sv->values[i] = EGDB_V_NONE;
    if (egdb_unrank_walk(&b->x, sv->s, i, &p, &walk) || position_validate(b->rs, &p, NULL)) continue;
    sv->values[i] = EGDB_V_DRAW;
    if (rules_generate(b->rs, &p, list) != DR_OK) continue;
    int verdict = judge_fresh(b, &p, list->count);
    if (verdict != DR_ONGOING) sv->values[i] = verdict_value(&p, verdict);
    else if (list->count > 0) sv->open[i] = 1;
  }
  free(list);
}

static void mark_ends(solver *sv) {
  parallel_for(runs_of(sv->count), sv->b->threads, mark_run, sv);
  for (uint64_t i = 0; i < sv->count; i++)
    if (sv->values[i] != EGDB_V_NONE && sv->values[i] != EGDB_V_DRAW) push(sv, 0, i, sv->values[i] >= 128);
}

/* Each open position's moves: those leaving the signature are judged at once (the
** quickest loss among them kept in 'quickest', one more than its plies), those
** staying are counted or recorded as predecessors. */
static void scan_run(void *ud, int run) {
  const scan *sc = ud;
  solver *sv = sc->sv;
  const builder *b = sv->b;
  int id = egdb_sig_id(sv->s);
  dr_movelist *list = xmalloc(sizeof *list), *spare = xmalloc(sizeof *spare);
  egdb_walk walk = {0};
  uint64_t from, to;
  run_bounds(sv->count, run, &from, &to);
  for (uint64_t i = from; i < to; i++) {
    dr_position p;
    if (!sv->open[i]) continue;
    egdb_unrank_walk(&b->x, sv->s, i, &p, &walk);
    rules_generate(b->rs, &p, list);
    int quickest = -1;
    for (int m = 0; m < list->count; m++) {
      dr_position c = p;
      pos_apply(&c, &list->moves[m]);
      if (c.side[0] && c.side[1] && egdb_sig_id(egdb_sig_of(&c)) == id) {
        uint64_t ci = egdb_rank(&b->x, sv->s, &c);
        if (sc->fill) sv->pred[__atomic_fetch_add(&sc->next[ci], 1, __ATOMIC_RELAXED)] = (uint32_t)i;
        else __atomic_fetch_add(&sv->first[ci + 1], 1, __ATOMIC_RELAXED), sv->left[i]++;
        continue;
      }
      if (sc->fill) continue;
      int d, r = egdb_result(child_value(b, spare, sv->s, sv->values, &c), &d);
      if (r != EGDB_WIN) sv->all_won[i] = 0;
      if (r == EGDB_WIN && d > sv->longest[i]) sv->longest[i] = (uint8_t)d;
      if (r == EGDB_LOSS && (quickest < 0 || d < quickest)) quickest = d;
    }
    if (!sc->fill && quickest >= 0) sv->quickest[i] = (uint8_t)(quickest + 1);
  }
  free(list), free(spare);
}

static void scan_moves(solver *sv, int fill, uint64_t *next) {
  scan sc = {sv, fill, next};
  parallel_for(runs_of(sv->count), sv->b->threads, scan_run, &sc);
  if (fill) return;
  for (uint64_t i = 0; i < sv->count; i++) {
    if (!sv->open[i]) continue;
    if (sv->quickest[i]) push(sv, sv->quickest[i], i, 0);
    if (sv->left[i] == 0 && sv->all_won[i]) push(sv, sv->longest[i] + 1, i, 1);
  }
}

static void link_predecessors(solver *sv) {
  sv->first = xmalloc((size_t)(sv->count + 1) * sizeof(uint64_t));
  memset(sv->first, 0, (size_t)(sv->count + 1) * sizeof(uint64_t));
  scan_moves(sv, 0, NULL);
  for (uint64_t i = 0; i < sv->count; i++) sv->first[i + 1] += sv->first[i];
  uint64_t *next = xmalloc((size_t)(sv->count + 1) * sizeof(uint64_t));
  memcpy(next, sv->first, (size_t)(sv->count + 1) * sizeof(uint64_t));
  sv->pred = xmalloc((size_t)(sv->first[sv->count] ? sv->first[sv->count] : 1) * sizeof(uint32_t));
  scan_moves(sv, 1, next);
  free(next);
}

/* Position 'i' is now known at distance 'd': what it tells its predecessors. */
static void propagate(solver *sv, uint64_t i, int d, int loss) {
  for (uint64_t k = sv->first[i]; k < sv->first[i + 1]; k++) {
    uint32_t q = sv->pred[k];
    if (sv->values[q] != EGDB_V_DRAW) continue; /* known already */
    if (loss) {
      push(sv, d + 1, q, 0);
      continue;
    }
    if (d > sv->longest[q]) sv->longest[q] = (uint8_t)(d < 255 ? d : 255);
    if (--sv->left[q] == 0 && sv->all_won[q]) push(sv, sv->longest[q] + 1, q, 1);
  }
}

static void run_levels(solver *sv) {
  for (int d = 0; d < LEVELS; d++)
    for (size_t k = 0; k < sv->nlevel[d]; k++) { /* the level may grow while it runs (d + 1 capped) */
      uint64_t i = sv->level[d][k] >> 1;
      int loss = (int)(sv->level[d][k] & 1);
      if (d > 0) {
        if (sv->values[i] != EGDB_V_DRAW) continue;
        sv->values[i] = egdb_value(loss ? EGDB_LOSS : EGDB_WIN, d);
      }
      propagate(sv, i, d, loss);
    }
}

static int solve(builder *b, egdb_sig s, uint8_t *values, uint64_t count, err *e) {
  char name[32];
  egdb_sig_name(s, name, sizeof name);
  if (count > UINT32_MAX) return err_set(e, "%s: %llu positions, more than a solve indexes", name,
                                         (unsigned long long)count);
  solver sv = {.b = b, .s = s, .values = values, .count = count};
  sv.left = xmalloc((size_t)count * sizeof(uint16_t));
  memset(sv.left, 0, (size_t)count * sizeof(uint16_t));
  sv.longest = xmalloc((size_t)count);
  memset(sv.longest, 0, (size_t)count);
  sv.all_won = xmalloc((size_t)count);
  memset(sv.all_won, 1, (size_t)count);
  sv.open = xmalloc((size_t)count);
  memset(sv.open, 0, (size_t)count);
  sv.quickest = xmalloc((size_t)count);
  memset(sv.quickest, 0, (size_t)count);
  mark_ends(&sv);
  link_predecessors(&sv);
  run_levels(&sv);
  for (int d = 0; d < LEVELS; d++) free(sv.level[d]);
  free(sv.left), free(sv.longest), free(sv.all_won), free(sv.open), free(sv.quickest);
  free(sv.first), free(sv.pred);
  return 0;
}

static void tally(const uint8_t *values, uint64_t count, counts *c) {
  memset(c, 0, sizeof *c);
  for (uint64_t i = 0; i < count; i++) {
    int d, r = egdb_result(values[i], &d);
    if (r == EGDB_UNKNOWN) continue;
    c->positions++;
    c->wins += r == EGDB_WIN, c->losses += r == EGDB_LOSS, c->draws += r == EGDB_DRAW;
    if (d > c->longest) c->longest = d;
  }
}

/* ---------------------------------------------------------------- files */

static int write_table(builder *b, egdb_sig s, const uint8_t *values, uint64_t count, err *e) {
  char path[4352], tmp[4400];
  egdb_header h;
  memset(&h, 0, sizeof h);
  memcpy(h.magic, EGDB_MAGIC, 8);
  h.endian = EGDB_ENDIAN;
  h.version = EGDB_VERSION;
  memcpy(h.sig, s.n, 4);
  h.count = count;
  h.checksum = egdb_checksum(values, count);
  snprintf(h.identity, sizeof h.identity, "%s", b->identity);
  egdb_file_name(b->folder, s, path, sizeof path);
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "wb");
  if (!f) return err_set(e, "%s: %s", tmp, strerror(errno));
  int ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(values, 1, (size_t)count, f) == count;
  if (fclose(f) != 0) ok = 0;
  if (!ok || rename(tmp, path) != 0) {
    unlink(tmp);
    return err_set(e, "%s: cannot write it: %s", path, strerror(errno));
  }
  return 0;
}

/* A signature's file from an earlier build: read (and summed) rather than solved again. */
static int reuse_table(builder *b, egdb_sig s, uint64_t count, err *e) {
  char path[4352];
  egdb_file_name(b->folder, s, path, sizeof path);
  if (access(path, F_OK) != 0) return 0;
  int id = egdb_sig_id(s);
  b->values[id] = egdb_map_file(path, b->identity, s, count, 1, &b->mapped[id], e);
  return b->values[id] ? 1 : -1;
}

static int build_sig(builder *b, egdb_sig s, egdb_report report, void *ud, err *e) {
  uint64_t count = egdb_sig_size(&b->x, s);
  int id = egdb_sig_id(s), reused;
  char name[32];
  counts c;
  double t0 = now_seconds();
  if (count == 0) return 0;
  if ((reused = reuse_table(b, s, count, e)) < 0) return -1;
  if (!reused) {
    uint8_t *values = xmalloc((size_t)count);
    b->values[id] = values;
    if (solve(b, s, values, count, e) || write_table(b, s, values, count, e)) return -1;
  }
  tally(b->values[id], count, &c);
  if (c.longest > b->longest) b->longest = c.longest;
  egdb_sig_name(s, name, sizeof name);
  if (report) report(ud, name, c.positions, c.wins, c.losses, c.draws, c.longest, now_seconds() - t0, reused);
  return 0;
}

/* Calls 'each' on every signature of up to 'pieces' pieces, in solving order. */
static int each_sig(builder *b, int pieces, int (*each)(builder *, egdb_sig, egdb_report, void *, err *),
                    egdb_report report, void *ud, err *e) {
  for (int total = 2; total <= pieces; total++)
    for (int men = 0; men <= total; men++)
      for (int wm = 0; wm <= men; wm++)
        for (int wk = 0; wk <= total - men; wk++) {
          egdb_sig s = {{(uint8_t)wm, (uint8_t)wk, (uint8_t)(men - wm), (uint8_t)(total - men - wk)}};
          if (s.n[0] + s.n[1] == 0 || s.n[2] + s.n[3] == 0) continue;
          if (each(b, s, report, ud, e)) return -1;
        }
  return 0;
}

static int builder_init(builder *b, const ruleset *rs, const char *dir, int threads, err *e) {
  memset(b, 0, sizeof *b);
  b->rs = rs;
  b->threads = rules_threads(rs, threads);
  egdb_index_init(&b->x, rs->v->geometry);
  egdb_identity(rs, b->identity, sizeof b->identity);
  if (egdb_folder(rs, dir, b->folder, sizeof b->folder, e)) return -1;
  return 0;
}

static void builder_free(builder *b) {
  for (int i = 0; i < EGDB_SIGS; i++) {
    if (b->mapped[i]) munmap((void *)(b->values[i] - EGDB_HEADER), b->mapped[i]);
    else free((void *)b->values[i]);
  }
}

int egdb_build(const ruleset *rs, const char *dir, int pieces, int threads, egdb_report report, void *ud, err *e) {
  builder b;
  if (pieces < 2 || pieces > EGDB_MAX_PIECES) return err_set(e, "--pieces takes 2 to %d", EGDB_MAX_PIECES);
  if (builder_init(&b, rs, dir, threads, e)) return -1;
  int rc = make_dirs(b.folder, e) ? -1 : each_sig(&b, pieces, build_sig, report, ud, e);
  builder_free(&b);
  return rc;
}

/* ---------------------------------------------------------------- checking */

/* The value the moves of index 'i' give it, the position in 'p' (254: an index its
** position does not map back to; EGDB_V_NONE: one that is no position). */
static uint8_t value_from_moves(const builder *b, dr_movelist *list, dr_movelist *spare, egdb_sig s, uint64_t i,
                                dr_position *p, egdb_walk *walk) {
  int met = egdb_unrank_walk(&b->x, s, i, p, walk) != 0;
  if (!met && egdb_rank(&b->x, s, p) != i) return 254;
  if (met || position_validate(b->rs, p, NULL) != 0) return EGDB_V_NONE;
  children ch;
  look_at_children(b, list, spare, s, b->values[egdb_sig_id(s)], p, &ch);
  int verdict = judge_fresh(b, p, ch.count);
  return verdict != DR_ONGOING ? verdict_value(p, verdict) : ch.count ? decide(&ch, 1 << 20) : EGDB_V_DRAW;
}

typedef struct check {
  const builder *b;
  egdb_sig s;
  uint64_t count;
  uint64_t *wrong; /* per run: the first index whose value its moves deny, or UINT64_MAX */
} check;

static void check_run(void *ud, int run) {
  const check *ck = ud;
  const uint8_t *values = ck->b->values[egdb_sig_id(ck->s)];
  dr_movelist *list = xmalloc(sizeof *list), *spare = xmalloc(sizeof *spare);
  egdb_walk walk = {0};
  uint64_t from, to;
  run_bounds(ck->count, run, &from, &to);
  ck->wrong[run] = UINT64_MAX;
  for (uint64_t i = from; i < to; i++) {
    dr_position p;
    if (values[i] != value_from_moves(ck->b, list, spare, ck->s, i, &p, &walk)) {
      ck->wrong[run] = i;
      break;
    }
  }
  free(list), free(spare);
}

/* Checks every index on every core; -1 names the first one wrong. */
static int check_values(const builder *b, egdb_sig s, uint64_t count, err *e) {
  int runs = runs_of(count);
  check ck = {b, s, count, xmalloc((size_t)runs * sizeof(uint64_t))};
  parallel_for(runs, b->threads, check_run, &ck);
  uint64_t i = UINT64_MAX;
  for (int r = 0; r < runs && i == UINT64_MAX; r++) i = ck.wrong[r];
  free(ck.wrong);
  if (i == UINT64_MAX) return 0;
  dr_movelist *list = xmalloc(sizeof *list), *spare = xmalloc(sizeof *spare);
  dr_position p;
  egdb_walk walk = {0};
  uint8_t want = value_from_moves(b, list, spare, s, i, &p, &walk);
  free(list), free(spare);
  char name[32], fen[512];
  egdb_sig_name(s, name, sizeof name);
  fen_write_as(b->rs->v, &p, pdn_notation(b->rs->v), fen, sizeof fen);
  return err_set(e, "%s: index %llu (%s) holds %u where its moves give %u", name, (unsigned long long)i, fen,
                 b->values[egdb_sig_id(s)][i], want);
}

static int verify_sig(builder *b, egdb_sig s, egdb_report report, void *ud, err *e) {
  uint64_t count = egdb_sig_size(&b->x, s);
  char name[32];
  counts c;
  double t0 = now_seconds();
  int found = count ? reuse_table(b, s, count, e) : 0;
  if (found <= 0) return found;
  if (check_values(b, s, count, e)) return -1;
  tally(b->values[egdb_sig_id(s)], count, &c);
  egdb_sig_name(s, name, sizeof name);
  if (report) report(ud, name, c.positions, c.wins, c.losses, c.draws, c.longest, now_seconds() - t0, 1);
  return 0;
}

int egdb_verify(const ruleset *rs, const char *dir, int threads, egdb_report report, void *ud, err *e) {
  builder b;
  egdb *db;
  if (egdb_open(rs, dir, &db, e)) return -1; /* the usual refusals first: none, damaged, other rules */
  int pieces = egdb_pieces(db);
  egdb_close(db);
  if (builder_init(&b, rs, dir, threads, e)) return -1;
  int rc = each_sig(&b, pieces, verify_sig, report, ud, e);
  builder_free(&b);
  return rc;
}
