/*
** search.c — the engine: negamax alpha-beta with iterative deepening, principal
** variation search, a shared transposition table, killer and history move
** ordering, a capture quiescence, and lazy SMP (every thread searches the same
** root and they meet in the table).
**
** The search knows no rule of its own.  At every node it asks the ruleset for the
** legal moves and for a verdict, giving the judge the history the position really
** has: the game's moves before the root plus the path from the root.  So every
** end of game a variant declares — no move, repetition, move counters, material
** verdicts — is scored inside the search exactly as the game would score it.
*/
#include "search.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "book.h"
#include "egdb.h"
#include "eval.h"
#include "position.h"
#include "tt.h"

#define MAX_PLY 128        /* deepest node from the root */
#define MAX_THREADS 64
#define INF 32000
#define WIN_BOUND (SEARCH_WIN - 1000) /* beyond: a forced end, with its distance */
#define LEVEL_HASH_MB 4    /* the private table of a search at a playing level */
#define DEFAULT_HASH_MB 64
/* A time per move kept on average (search_limits.average_time): no iteration starts
** past AVERAGE_SOFT of it, times SOFT_CHANGED just after the best move changed,
** SOFT_STEADY once it has held for four iterations and SOFT_FALLEN more when the score
** fell by SOFT_FALL; none runs past AVERAGE_HARD times it.  With these, at 0.1 s a
** move, it took the same time on average as a search of 0.1 s each (0.061 s against
** 0.060, moves that need no search included) and scored 58.4% against it in 202 games
** (issue 20's notes); cake++'s rule alone (stop past half, to four times) scored 52.0%. */
#define AVERAGE_SOFT 0.9
#define AVERAGE_HARD 4.0
#define SOFT_CHANGED 1.6
#define SOFT_STEADY 0.6
#define SOFT_FALLEN 1.5
#define SOFT_FALL 25

/* ------------------------------------------------ shared table, evaluators */

static pthread_mutex_t engine_lock = PTHREAD_MUTEX_INITIALIZER;
static tt shared_table;
static size_t shared_table_mb = DEFAULT_HASH_MB;

/* Caller holds 'engine_lock'.  NULL when not even a table of 1 MB can be had; short
** of memory, a smaller table than asked for (the size is kept for the next time). */
static tt *shared_table_locked(void) {
  for (size_t mb = shared_table_mb; !shared_table.slots && mb >= 1; mb /= 2)
    if (tt_init(&shared_table, mb) == 0) break;
  return shared_table.slots ? &shared_table : NULL;
}

size_t search_set_hash(size_t megabytes) {
  size_t most = tt_max_megabytes();
  pthread_mutex_lock(&engine_lock);
  if (megabytes < 1) megabytes = 1;
  if (megabytes > most) megabytes = most;
  tt_free(&shared_table);
  shared_table_mb = megabytes;
  pthread_mutex_unlock(&engine_lock);
  return megabytes;
}

int search_clear_hash(err *e) {
  pthread_mutex_lock(&engine_lock);
  int ok = 1;
  if (shared_table.slots) tt_clear(&shared_table);
  else ok = shared_table_locked() != NULL; /* allocated now rather than on the clock of the first search */
  size_t mb = shared_table_mb;
  pthread_mutex_unlock(&engine_lock);
  return ok ? 0 : err_set(e, "no memory for a transposition table (%zu MB asked)", mb);
}

/* Evaluators are built once per set of rules and kept for the life of the
** process (a handful at most), so searches never run Lua.  An entry only
** compares the ruleset's plugin pointer and values, never follows them: its
** plugin may be gone.  House rules are told apart by their unique id, not by
** closure addresses, which a later script may reuse. */
#define EVAL_CACHE 32
typedef struct eval_entry {
  ruleset rs;
  eval_ctx ctx;
  int failed;
  char msg[ERR_LEN];
  egdb *db;   /* the endgame databases of these rules, or NULL */
  book *book; /* their opening book, or NULL */
} eval_entry;
static eval_entry *eval_cache[EVAL_CACHE];
static int eval_cached;
static char *data_dir; /* NULL: the default folder */

void search_set_data_dir(const char *dir) {
  pthread_mutex_lock(&engine_lock);
  free(data_dir);
  data_dir = dir ? xstrdup(dir) : NULL;
  pthread_mutex_unlock(&engine_lock);
}

static int same_rules(const ruleset *a, const ruleset *b) {
  return a->v == b->v && a->hooks_id == b->hooks_id && a->eval_id == b->eval_id && memcmp(&a->rules, &b->rules, sizeof a->rules) == 0;
}

/* Caller holds 'engine_lock'.  NULL when the cache is full. */
static eval_entry *eval_entry_locked(const ruleset *rs) {
  for (int i = 0; i < eval_cached; i++)
    if (same_rules(&eval_cache[i]->rs, rs)) return eval_cache[i];
  if (eval_cached == EVAL_CACHE) return NULL;
  eval_entry *en = xmalloc(sizeof *en);
  err e;
  en->rs = *rs;
  en->failed = eval_init(&en->ctx, &en->rs, &e) != 0;
  snprintf(en->msg, sizeof en->msg, "%s", en->failed ? e.msg : "");
  char path[4200];
  /* None, or unusable: the search does without (the egdb and book commands say why). */
  if (egdb_open(rs, data_dir, &en->db, &e)) en->db = NULL;
  if (en->db && egdb_counts_overrule(en->db)) egdb_close(en->db), en->db = NULL; /* no probe that cannot hold */
  if (book_open_rules(rs, data_dir, &en->book, path, sizeof path, &e)) en->book = NULL;
  return eval_cache[eval_cached++] = en;
}

int search_prepare(const ruleset *rs, err *e) {
  pthread_mutex_lock(&engine_lock);
  shared_table_locked(); /* the table too, so the first move's clock does not pay for it */
  eval_entry *en = eval_entry_locked(rs);
  int rc = en && en->failed ? err_set(e, "%s", en->msg) : 0;
  pthread_mutex_unlock(&engine_lock);
  return rc;
}

/* A search at a playing level, or with an evaluator of its own, gets a small table
** of its own, cleared for it.  Each calling thread keeps one: games of short
** searches would otherwise allocate (and fault in) megabytes for every move.
** A player of a match keeps its table from move to move instead ('keep_table'),
** as a Hub engine keeps the shared one: each move's search starts from the last
** one's work (at 0.05 s a move, +137 Elo in 40 games against clearing it).  A
** thread keeps one such table per evaluator it last played with, so the two
** players of a match in one thread never read each other's scores.  A kept table
** is as large as the shared one (--hash): at a second a move a search visits
** millions of nodes, and 16 MB made one to depth 19 take 11% longer than 256 MB. */
#define KEPT_TABLES 2
typedef struct thread_tables {
  tt level;
  tt kept[KEPT_TABLES];
  const eval_ctx *owner[KEPT_TABLES];
  int next; /* the kept table given to the next new owner */
} thread_tables;

static pthread_key_t private_key;
static pthread_once_t private_once = PTHREAD_ONCE_INIT;

static void private_free(void *tables) {
  thread_tables *t = tables;
  tt_free(&t->level);
  for (int i = 0; i < KEPT_TABLES; i++) tt_free(&t->kept[i]);
  free(t);
}

static void private_key_init(void) { pthread_key_create(&private_key, private_free); }

static thread_tables *thread_tables_get(void) {
  pthread_once(&private_once, private_key_init);
  thread_tables *t = pthread_getspecific(private_key);
  if (t) return t;
  t = xmalloc(sizeof *t);
  memset(t, 0, sizeof *t);
  pthread_setspecific(private_key, t);
  return t;
}

/* A table of 'mb' (or less, short of memory), allocated on first use; cleared
** unless 'keep'. */
static tt *table_ready(tt *t, size_t mb, int keep) {
  if (t->slots) {
    if (!keep) tt_clear(t);
    return t;
  }
  for (; mb >= 1; mb /= 2)
    if (tt_init(t, mb) == 0) return t;
  return NULL;
}

static size_t kept_table_mb(void) {
  pthread_mutex_lock(&engine_lock);
  size_t mb = shared_table_mb;
  pthread_mutex_unlock(&engine_lock);
  return mb;
}

static tt *private_table(void) {
  thread_tables *t = thread_tables_get();
  return table_ready(&t->level, LEVEL_HASH_MB, 0);
}

static tt *kept_table(const eval_ctx *owner) {
  thread_tables *t = thread_tables_get();
  for (int i = 0; i < KEPT_TABLES; i++)
    if (t->owner[i] == owner && t->kept[i].slots) return table_ready(&t->kept[i], 0, 1);
  int i = t->next;
  t->next = (i + 1) % KEPT_TABLES;
  t->owner[i] = owner;
  return table_ready(&t->kept[i], kept_table_mb(), 0);
}

/* ---------------------------------------------------------------- state */

/* A node's position and the counters its verdict depends on. */
typedef struct frame {
  dr_position pos;
  uint64_t key;
  draw_counters since;
} frame;

/* What every thread of one search shares. */
typedef struct shared {
  const ruleset *rs;
  const eval_ctx *ev;
  const egdb *db; /* NULL: no endgame database */
  tt *table;
  frame root;
  int root_plies;
  int nroot;
  dr_move *root_moves; /* legal moves of the root, one per effect */
  int nhist;           /* keys of the game's positions before the root */
  uint64_t *hist;
  int max_depth;
  uint64_t rules_key;         /* table_key's share of the rules */
  double t0, deadline, soft; /* deadline and soft: 0 for none */
  int cpu_clock;              /* deadline and soft count each thread's processor time from 0 */
  int settle;                 /* soft moves with how settled the search is (average_time) */
  uint64_t node_limit;
  volatile int *user_stop;
  int abort;  /* atomic: every thread stops */
  int refused; /* atomic: the plugin's moves were refused (guard.h): the search is void */
  uint64_t nodes; /* atomic: flushed counts of every thread */
  search_progress progress;
  void *ud;
  /* The result, written by thread 0 only. */
  int partial; /* 1 + the root move found best by an interrupted iteration, or 0 */
  int have_best;
  dr_move best;
  search_info info;
} shared;

typedef struct ply_data {
  dr_movelist list;
  int order[DR_MAX_MOVES];
} ply_data;

typedef struct killer {
  uint8_t from, to;
} killer;

typedef struct worker {
  shared *sh;
  int id;
  uint64_t nodes, flushed;
  uint64_t poll_mask; /* the limits are polled when 'nodes & poll_mask' is 0 (poll_interval) */
  double cpu0; /* the thread's processor time when it started */
  uint64_t *keys; /* the game's keys, then one per ply of the current path */
  ply_data *plies[MAX_PLY];
  killer killers[MAX_PLY][2];
  int history[2][DR_MAX_POINTS][DR_MAX_POINTS];
  int pvlen[SEARCH_MAX_PV + 1];
  dr_move pv[SEARCH_MAX_PV + 1][SEARCH_MAX_PV];
  int *root_order, *root_score; /* this thread's order of the root moves */
  int root_best;                /* index of a root move proven best in the current iteration, or -1 */
  int last_best, last_score, steady; /* thread 0: the last iteration's move and score, and how long it held */
} worker;

static int aborted(const shared *sh) { return __atomic_load_n(&sh->abort, __ATOMIC_RELAXED); }

static void abort_search(shared *sh) { __atomic_store_n(&sh->abort, 1, __ATOMIC_RELAXED); }

/* The plugin gave output the runtime refused: what was searched so far is void. */
static void refuse_search(shared *sh) {
  __atomic_store_n(&sh->refused, 1, __ATOMIC_RELAXED);
  abort_search(sh);
}

/* The caller's flag, set from another thread: read atomically. */
static int user_stopped(const shared *sh) {
  return sh->user_stop && __atomic_load_n(sh->user_stop, __ATOMIC_RELAXED);
}

static ply_data *ply_at(worker *w, int ply) {
  if (!w->plies[ply]) w->plies[ply] = xmalloc(sizeof *w->plies[ply]);
  return w->plies[ply];
}

static void flush_nodes(worker *w) {
  __atomic_add_fetch(&w->sh->nodes, w->nodes - w->flushed, __ATOMIC_RELAXED);
  w->flushed = w->nodes;
}

/* The time the limits are measured on: the wall clock, or the thread's processor time. */
static double clock_of(const worker *w) {
  return w->sh->cpu_clock ? thread_seconds() - w->cpu0 : now_seconds();
}

/* How often a worker polls its limits: every 1024 nodes, or every node when house-rule
** hooks fill the rules' slots.  A hook may spend milliseconds of its budget on one node
** (a slow filter held 'analyse --time 1' for 38 s: the clock was read only after 1024 of
** them), and its time counts; one poll costs far less than one call into Lua. */
static uint64_t poll_interval(const ruleset *rs) { return rs->hooks ? 0 : 1023; }

/* The stop flag, the clock, the node budget. */
static void poll_limits(worker *w) {
  shared *sh = w->sh;
  flush_nodes(w);
  if (user_stopped(sh)) abort_search(sh);
  if (sh->deadline > 0 && clock_of(w) >= sh->deadline) abort_search(sh);
  if (sh->node_limit && __atomic_load_n(&sh->nodes, __ATOMIC_RELAXED) >= sh->node_limit) abort_search(sh);
}

/* ---------------------------------------------------------------- scores */

static int terminal_score(int verdict, int turn, int ply) {
  if (verdict == DR_DRAW) return 0;
  int winner = verdict == DR_WHITE_WINS ? DR_WHITE : DR_BLACK;
  return winner == turn ? SEARCH_WIN - ply : -(SEARCH_WIN - ply);
}

/* The table holds distances to the end from the stored node, not from the root. */
static int score_to_tt(int s, int ply) { return s > WIN_BOUND ? s + ply : s < -WIN_BOUND ? s - ply : s; }
static int score_from_tt(int s, int ply) { return s > WIN_BOUND ? s - ply : s < -WIN_BOUND ? s + ply : s; }

/* The counters decide verdicts (move limits, counts), so two visits of a position
** with different counters are different nodes for the table; so are the same
** position under other rules (variants on one board, presets, house rules, weights),
** whose searches share the table of the process. */
static uint64_t table_key(const shared *sh, const frame *f) {
  return f->key ^ counters_digest(f->since) ^ sh->rules_key;
}

/* A digest of what makes two rule sets search alike (same_rules' fields). */
static uint64_t rules_key_of(const ruleset *rs) {
  rng r = {(uint64_t)(uintptr_t)rs->v ^ rs->hooks_id * 0x9e3779b97f4a7c15ull ^ rs->eval_id};
  uint64_t key = rng_next(&r);
  const unsigned char *b = (const unsigned char *)&rs->rules;
  for (size_t i = 0; i < sizeof rs->rules; i++) r.s ^= b[i], key ^= rng_next(&r);
  return key;
}

void search_score_text(int score, char *out, size_t len) {
  if (score > WIN_BOUND)
    snprintf(out, len, "win in %d", SEARCH_WIN - score);
  else if (score < -WIN_BOUND)
    snprintf(out, len, "loss in %d", SEARCH_WIN + score);
  else
    snprintf(out, len, "%+.2f", score / 100.0);
}

/* ---------------------------------------------------------------- nodes */

static void frame_child(const frame *f, const dr_move *m, frame *c) {
  c->pos = f->pos;
  pos_apply(&c->pos, m);
  c->key = pos_hash_after(f->key, &f->pos, m);
  DR_ASSERT(c->key == pos_hash(&c->pos)); /* the table and the repetitions trust the incremental key */
  c->since = counters_after(f->since, &f->pos, m);
}

/* The ruleset's verdict on the node at 'ply' (its key already in 'w->keys').  A
** position repeated inside the searched path is a draw wherever a third
** occurrence would be one: either side could steer into the cycle again. */
static int verdict_of(worker *w, const frame *f, int ply, int nmoves) {
  const shared *sh = w->sh;
  int at = sh->nhist + ply, reps = 1, in_path = 0;
  for (int i = at - 2; i >= 0 && i >= at - f->since.man_move; i -= 2)
    if (w->keys[i] == f->key) reps++, in_path |= i >= sh->nhist;
  dr_history h;
  counters_history(f->since, nmoves, sh->root_plies + ply, reps, &h);
  const char *why;
  int v = rules_judge(sh->rs, &f->pos, &h, &why);
  if (v == GUARD_REFUSED) {
    refuse_search(w->sh);
    return DR_ONGOING;
  }
  if (v == DR_ONGOING && in_path && reps < 3) {
    h.repetitions = 3;
    if (rules_judge(sh->rs, &f->pos, &h, &why) == DR_DRAW) v = DR_DRAW;
  }
  return v;
}

/* The endgame database's value of a position where it holds with the counts that
** stand there (egdb_value_holds), else EGDB_UNKNOWN. */
static int database_value(const shared *sh, const dr_position *p, draw_counters since, int played, int *plies) {
  int r = sh->db ? egdb_probe(sh->db, p, plies) : EGDB_UNKNOWN;
  if (r == EGDB_UNKNOWN) return r;
  dr_history now;
  counters_history(since, 1, played, 1, &now);
  return egdb_value_holds(sh->db, sh->rs, p, &now, r, *plies) ? r : EGDB_UNKNOWN;
}

/* The endgame database's score of a node (the game's own ends already judged), with
** '*known' 0 when it has none. */
static int egdb_score(const shared *sh, const frame *f, int ply, int *known) {
  int plies, r = database_value(sh, &f->pos, f->since, sh->root_plies + ply, &plies);
  *known = r != EGDB_UNKNOWN;
  return r == EGDB_WIN ? SEARCH_WIN - ply - plies : r == EGDB_LOSS ? -(SEARCH_WIN - ply - plies) : 0;
}

static int same_killer(const killer *k, const dr_move *m) { return k->from == m->from && k->to == m->to; }

/* Ordering keys: the table's move, then captures (more pieces first), crownings,
** killers, and the history of quiet moves that caused cut-offs. */
static void order_moves(worker *w, ply_data *pd, const tt_hit *hit, int ply, int turn) {
  for (int i = 0; i < pd->list.count; i++) {
    const dr_move *m = &pd->list.moves[i];
    int key;
    if (hit && m->from == hit->from && m->to == hit->to && tt_digest(m->captured) == hit->digest)
      key = 1 << 30;
    else if (m->captured)
      key = (1 << 29) + __builtin_popcountll(m->captured) * 64 + m->promotes * 32;
    else if (m->promotes)
      key = 1 << 28;
    else if (same_killer(&w->killers[ply][0], m))
      key = (1 << 27) + 1;
    else if (same_killer(&w->killers[ply][1], m))
      key = 1 << 27;
    else
      key = w->history[turn][m->from][m->to];
    pd->order[i] = key;
  }
}

/* Brings the best remaining move to index 'i' (selection sort, one step a move:
** most nodes cut off after a move or two). */
static void pick_move(ply_data *pd, int i) {
  int best = i;
  for (int j = i + 1; j < pd->list.count; j++)
    if (pd->order[j] > pd->order[best]) best = j;
  if (best == i) return;
  dr_move m = pd->list.moves[i];
  int k = pd->order[i];
  pd->list.moves[i] = pd->list.moves[best];
  pd->order[i] = pd->order[best];
  pd->list.moves[best] = m;
  pd->order[best] = k;
}

static void update_pv(worker *w, int ply, const dr_move *m) {
  if (ply >= SEARCH_MAX_PV) return;
  w->pv[ply][0] = *m;
  int n = ply + 1 < SEARCH_MAX_PV ? w->pvlen[ply + 1] : 0;
  if (n > SEARCH_MAX_PV - 1) n = SEARCH_MAX_PV - 1;
  memcpy(&w->pv[ply][1], w->pv[ply + 1], (size_t)n * sizeof(dr_move));
  w->pvlen[ply] = n + 1;
}

static void reward_quiet(worker *w, const dr_move *m, int ply, int turn, int depth) {
  if (m->captured || m->promotes) return;
  if (!same_killer(&w->killers[ply][0], m)) {
    w->killers[ply][1] = w->killers[ply][0];
    w->killers[ply][0] = (killer){m->from, m->to};
  }
  int *h = &w->history[turn][m->from][m->to];
  *h += depth * depth;
  if (*h > (1 << 26)) /* keep below the killers' keys */
    for (int s = 0; s < 2; s++)
      for (int a = 0; a < DR_MAX_POINTS; a++)
        for (int b = 0; b < DR_MAX_POINTS; b++) w->history[s][a][b] /= 2;
}

static int count_captures(const dr_movelist *l) {
  int n = 0;
  for (int i = 0; i < l->count; i++) n += l->moves[i].captured != 0;
  return n;
}

/* How many plies shallower a late quiet move is looked at first (a move that comes
** close to the window is searched again at full depth).  One ply from the third move,
** two from the fifth (the seventh on the principal line), three from the eighth away
** from it.  Measured by self-play at 0.05 s a move against one ply, and two only away
** from the principal line: +40 Elo in one variant over 200 games, even to +12 in two
** others; reducing sooner still (two plies from the fourth move, three from the sixth)
** lost (the figures are in issue 20's notes). */
static int late_reduction(int depth, int searched, int pv_node) {
  if (depth < 3 || searched < 2) return 0;
  return 1 + (depth >= 5 && searched >= (pv_node ? 6 : 4)) + (!pv_node && depth >= 7 && searched >= 7);
}

/* How many plies shallower a quiet node away from the principal line is searched
** when its standing score lies far outside the window: by the evaluation's
** 'reduction_margin' (a man, by default), one ply; by twice that with depth to spare,
** two.  From so far the window is seldom crossed, so the plies go to the lines near
** it.  Measured at 0.05 s a move in self-play (issue 20's notes): +81 Elo in one
** variant, +31 and +38 in two others, even in a fourth; in a variant where one
** capture swings several men it lost, and that variant's weights turn it off. */
static int far_outside(const shared *sh, const frame *f, const dr_movelist *moves, int alpha, int beta,
                       int depth) {
  int margin = sh->ev->reduction_margin;
  if (margin <= 0 || count_captures(moves)) return 0;
  int stand = eval_position(sh->ev, &f->pos);
  int off = stand >= beta ? stand - beta : stand <= alpha ? alpha - stand : 0;
  return (off >= margin) + (off >= 2 * margin && depth >= 6);
}

/* The hot loop: one node of the alpha-beta search.  'depth' 0 is the quiescence:
** only captures are searched, so no line stops in the middle of an exchange
** (captures are usually compulsory, so there is no standing pat then).  A quiet leaf
** where the other side has a capture waiting is scored as it stands: searching it
** one ply more was worth +54 Elo at equal depth but cost more than it gave at equal
** time (0.05 s a move against the engine of the day issue 20 was filed, 60-100 games
** per variant: +15 points in one variant, even in the others; figures in the issue). */
static int node_search(worker *w, const frame *f, int depth, int alpha, int beta, int ply) {
  shared *sh = w->sh;
  DR_ASSERT(alpha < beta && depth >= 0 && ply >= 0 && ply < MAX_PLY);
  int pv_node = beta - alpha > 1, turn = f->pos.turn;
  if (ply < SEARCH_MAX_PV) w->pvlen[ply] = 0;
  if ((++w->nodes & w->poll_mask) == 0) poll_limits(w);
  if (aborted(sh)) return 0;
  w->keys[sh->nhist + ply] = f->key;
  if (depth == 0) { /* a quiet leaf is judged and scored without a move list */
    int quiet = rules_quiet_count(sh->rs, &f->pos);
    if (quiet >= 0) {
      int verdict = verdict_of(w, f, ply, quiet), known;
      if (verdict != DR_ONGOING) return terminal_score(verdict, turn, ply);
      int exact = egdb_score(sh, f, ply, &known);
      return known ? exact : eval_position(sh->ev, &f->pos);
    }
  }
  ply_data *pd = ply_at(w, ply);
  int listed = rules_generate(sh->rs, &f->pos, &pd->list);
  if (listed == GUARD_REFUSED) return refuse_search(sh), 0;
  if (listed != DR_OK) return eval_position(sh->ev, &f->pos);
  int verdict = verdict_of(w, f, ply, pd->list.count), known;
  if (verdict != DR_ONGOING) return terminal_score(verdict, turn, ply);
  int exact = egdb_score(sh, f, ply, &known);
  if (known) return exact;
  if (ply >= MAX_PLY - 1 || pd->list.count == 0) return eval_position(sh->ev, &f->pos);
  if (alpha < -SEARCH_WIN + ply) alpha = -SEARCH_WIN + ply; /* no end can come sooner than this */
  if (beta > SEARCH_WIN - ply - 1) beta = SEARCH_WIN - ply - 1;
  if (alpha >= beta) return alpha;
  movelist_unique(&pd->list);

  int best = -INF, orig_alpha = alpha;
  if (depth == 0) {
    int captures = count_captures(&pd->list);
    if (captures == 0) return eval_position(sh->ev, &f->pos);
    if (captures < pd->list.count) { /* a capture the rules leave optional */
      best = eval_position(sh->ev, &f->pos);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
  }

  uint64_t tkey = table_key(sh, f);
  tt_hit hit;
  int have = tt_probe(sh->table, tkey, &hit);
  if (have && !pv_node && hit.depth >= depth) {
    int s = score_from_tt(hit.score, ply);
    if ((hit.bound == TT_EXACT) || (hit.bound == TT_LOWER && s >= beta) || (hit.bound == TT_UPPER && s <= alpha))
      return s;
  }
  order_moves(w, pd, have ? &hit : NULL, ply, turn);

  /* A forced move costs no depth: draughts lines are full of them. */
  int next = depth == 0 ? 0 : pd->list.count == 1 ? depth : depth - 1;
  if (!pv_node && next >= 2) next -= far_outside(sh, f, &pd->list, alpha, beta, depth);
  int best_i = -1, searched = 0;
  for (int i = 0; i < pd->list.count; i++) {
    pick_move(pd, i);
    const dr_move *m = &pd->list.moves[i];
    if (depth == 0 && !m->captured) continue;
    frame child;
    frame_child(f, m, &child);
    tt_prefetch(sh->table, table_key(sh, &child));
    int score;
    if (searched == 0) {
      score = -node_search(w, &child, next, -beta, -alpha, ply + 1);
    } else {
      int quiet = !m->captured && !m->promotes && pd->order[i] < (1 << 27);
      int r = quiet ? late_reduction(depth, searched, pv_node) : 0;
      score = -node_search(w, &child, next - r, -alpha - 1, -alpha, ply + 1);
      if (score > alpha && (r || score < beta)) score = -node_search(w, &child, next, -beta, -alpha, ply + 1);
    }
    searched++;
    if (aborted(sh)) return 0;
    if (score <= best) continue;
    best = score;
    best_i = i;
    if (score <= alpha) continue;
    alpha = score;
    update_pv(w, ply, m);
    if (score >= beta) {
      reward_quiet(w, m, ply, turn, depth);
      break;
    }
  }
  DR_ASSERT(best > -INF && best < INF); /* a node with moves has a score */
  int bound = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;
  const dr_move *bm = best_i >= 0 ? &pd->list.moves[best_i] : NULL;
  tt_store(sh->table, tkey, depth, bound, score_to_tt(best, ply), bm ? bm->from : TT_NO_MOVE,
           bm ? bm->to : TT_NO_MOVE, bm ? tt_digest(bm->captured) : 0);
  return best;
}

/* ---------------------------------------------------------------- root */

static void root_promote(worker *w, int k) {
  int idx = w->root_order[k];
  memmove(&w->root_order[1], &w->root_order[0], (size_t)k * sizeof(int));
  w->root_order[0] = idx;
}

/* One iteration at the root.  Each root move proven best moves to the front, so
** the next iteration (and an interrupted one) starts from it. */
static int root_search(worker *w, int depth, int alpha, int beta) {
  shared *sh = w->sh;
  int best = -INF;
  w->pvlen[0] = 0;
  w->root_best = -1;
  w->keys[sh->nhist] = sh->root.key;
  for (int k = 0; k < sh->nroot; k++) {
    const dr_move *m = &sh->root_moves[w->root_order[k]];
    frame child;
    frame_child(&sh->root, m, &child);
    int next = sh->nroot == 1 ? depth : depth - 1, score;
    if (k == 0) {
      score = -node_search(w, &child, next, -beta, -alpha, 1);
    } else {
      score = -node_search(w, &child, next, -alpha - 1, -alpha, 1);
      if (score > alpha && score < beta && !aborted(sh)) score = -node_search(w, &child, next, -beta, -alpha, 1);
    }
    if (aborted(sh)) break;
    w->root_score[w->root_order[k]] = score;
    if (score <= best) continue;
    best = score;
    if (score <= alpha && k > 0) continue;
    if (score > alpha) alpha = score;
    update_pv(w, 0, m);
    root_promote(w, k);
    w->root_best = w->root_order[0];
    if (score >= beta) break;
  }
  return best;
}

/* Aspiration: a narrow window around the last score, widened on failure. */
static int iterate(worker *w, int depth, int last) {
  int delta = 40;
  int alpha = -INF, beta = INF;
  if (depth >= 5 && !search_is_win(last)) alpha = last - delta, beta = last + delta;
  for (;;) {
    int score = root_search(w, depth, alpha, beta);
    if (aborted(w->sh)) return score;
    delta *= 3;
    if (score <= alpha && alpha > -INF)
      alpha = delta > 1000 ? -INF : score - delta;
    else if (score >= beta && beta < INF)
      beta = delta > 1000 ? INF : score + delta;
    else
      return score;
  }
}

static void publish(worker *w, int depth, int score) {
  shared *sh = w->sh;
  flush_nodes(w);
  sh->have_best = 1;
  sh->best = sh->root_moves[w->root_order[0]];
  search_info *in = &sh->info;
  in->depth = depth;
  in->score = score;
  in->nodes = __atomic_load_n(&sh->nodes, __ATOMIC_RELAXED);
  in->seconds = now_seconds() - sh->t0;
  in->pvlen = w->pvlen[0];
  memcpy(in->pv, w->pv[0], (size_t)in->pvlen * sizeof(dr_move));
  if (in->pvlen == 0 || !move_same_effect(&in->pv[0], &sh->best)) in->pv[0] = sh->best, in->pvlen = 1;
  if (sh->progress) sh->progress(sh->ud, in);
}

/* The share of its soft time a search spends: less while the best move holds, more
** when it has just changed or the score has fallen. */
static double soft_share(worker *w, int depth, int score) {
  int best = w->root_order[0];
  w->steady = depth > 1 && best == w->last_best ? w->steady + 1 : 0;
  double share = w->steady == 0 ? SOFT_CHANGED : w->steady >= 4 ? SOFT_STEADY : 1.0;
  if (depth > 1 && score < w->last_score - SOFT_FALL) share *= SOFT_FALLEN;
  w->last_best = best, w->last_score = score;
  return share;
}

/* Whether thread 0 should start another iteration after completing 'depth'. */
static int go_deeper(worker *w, int depth, int score) {
  const shared *sh = w->sh;
  if (sh->nroot == 1 && depth >= 1) return 0; /* nothing to choose */
  double from = sh->cpu_clock ? 0 : sh->t0;
  double share = sh->settle ? soft_share(w, depth, score) : 1.0;
  if (sh->soft > 0 && clock_of(w) >= from + (sh->soft - from) * share) return 0;
  if (search_is_win(score) && depth >= SEARCH_WIN - abs(score) + 2) return 0; /* the end is in sight */
  return 1;
}

static void *worker_run(void *arg) {
  worker *w = arg;
  shared *sh = w->sh;
  w->cpu0 = thread_seconds();
  int score = 0;
  for (int depth = 1 + (w->id & 1); depth <= sh->max_depth; depth++) {
    int s = iterate(w, depth, score);
    if (aborted(sh)) {
      /* A move proven better than the last best is worth playing even so. */
      if (w->id == 0 && w->root_best >= 0) sh->partial = w->root_best + 1;
      break;
    }
    score = s;
    if (w->id != 0) continue;
    publish(w, depth, score);
    if (!go_deeper(w, depth, score)) break;
  }
  flush_nodes(w);
  if (w->id == 0) abort_search(sh); /* the helpers stop with the main thread */
  return NULL;
}

static worker *worker_new(shared *sh, int id) {
  worker *w = xmalloc(sizeof *w);
  memset(w, 0, sizeof *w);
  w->sh = sh;
  w->id = id;
  w->poll_mask = poll_interval(sh->rs);
  w->keys = xmalloc((size_t)(sh->nhist + MAX_PLY + 1) * sizeof(uint64_t));
  memcpy(w->keys, sh->hist, (size_t)sh->nhist * sizeof(uint64_t));
  w->root_order = xmalloc((size_t)sh->nroot * sizeof(int));
  w->root_score = xmalloc((size_t)sh->nroot * sizeof(int));
  for (int i = 0; i < sh->nroot; i++) w->root_order[i] = i, w->root_score[i] = 0;
  /* Helpers try the root moves in another order: they fill the table with
  ** different lines instead of repeating the main thread's. */
  for (int i = 0; id > 0 && i < sh->nroot; i++) w->root_order[i] = (i + id) % sh->nroot;
  w->root_best = -1;
  return w;
}

static void worker_free(worker *w) {
  for (int i = 0; i < MAX_PLY; i++) free(w->plies[i]);
  free(w->keys);
  free(w->root_order);
  free(w->root_score);
  free(w);
}

/* ---------------------------------------------------------------- setup */

static int thread_count(const ruleset *rs, const search_limits *l) {
  int n = rules_threads(rs, l->threads);
  return n > MAX_THREADS ? MAX_THREADS : n;
}

/* The root: its moves (one per effect), its counters, and the keys of the game's
** positions that a repetition could still reach. */
static void setup_root(shared *sh, const game *g) {
  const game_ply *now = &g->ply[g->count];
  sh->rs = g->rs;
  sh->rules_key = rules_key_of(g->rs);
  sh->root = (frame){now->pos, now->key, now->since};
  sh->root_plies = g->count;
  dr_movelist *list = xmalloc(sizeof *list);
  *list = g->legal;
  movelist_unique(list);
  sh->nroot = list->count;
  sh->root_moves = xmalloc((size_t)list->count * sizeof(dr_move));
  memcpy(sh->root_moves, list->moves, (size_t)list->count * sizeof(dr_move));
  free(list);
  int window = now->since.man_move < g->count ? now->since.man_move : g->count;
  sh->nhist = window;
  sh->hist = xmalloc((size_t)(window + 1) * sizeof(uint64_t));
  for (int i = 0; i < window; i++) sh->hist[i] = g->ply[g->count - window + i].key;
}

static void setup_limits(shared *sh, const search_limits *l, volatile int *stop) {
  sh->t0 = now_seconds();
  sh->max_depth = l->depth > 0 && l->depth < MAX_PLY - 8 ? l->depth : MAX_PLY - 8;
  sh->cpu_clock = l->cpu_clock;
  double from = sh->cpu_clock ? 0 : sh->t0;
  sh->deadline = l->seconds > 0 ? from + l->seconds : 0;
  sh->soft = l->seconds > 0 && !l->fixed_time ? from + l->seconds * 0.45 : 0;
  if (l->seconds > 0 && l->average_time) {
    sh->soft = from + l->seconds * AVERAGE_SOFT;
    sh->deadline = from + l->seconds * AVERAGE_HARD;
    sh->settle = 1;
  }
  sh->node_limit = l->nodes;
  sh->user_stop = stop;
}

static const eval_ctx *evaluator(const ruleset *rs, eval_ctx **own, const egdb **db, const book **bk) {
  pthread_mutex_lock(&engine_lock);
  eval_entry *en = eval_entry_locked(rs);
  pthread_mutex_unlock(&engine_lock);
  *own = NULL;
  *db = en ? en->db : NULL;
  *bk = en ? en->book : NULL;
  if (en) return &en->ctx;
  *own = xmalloc(sizeof **own); /* more rulesets than the cache holds: build one for this search */
  eval_init(*own, rs, NULL);
  return *own;
}

/* Runs the threads; thread 0 in the caller's. */
static void run_workers(shared *sh, int nthreads) {
  worker *w[MAX_THREADS] = {NULL};
  pthread_t tid[MAX_THREADS];
  assert(nthreads >= 1 && nthreads <= MAX_THREADS);
  int started[MAX_THREADS] = {0};
  for (int i = 0; i < nthreads; i++) w[i] = worker_new(sh, i);
  for (int i = 1; i < nthreads; i++) started[i] = pthread_create(&tid[i], NULL, worker_run, w[i]) == 0;
  worker_run(w[0]);
  for (int i = 1; i < nthreads; i++)
    if (started[i]) pthread_join(tid[i], NULL);
  for (int i = 0; i < nthreads; i++) worker_free(w[i]);
}

/* ---------------------------------------------------------------- levels */

typedef struct level_spec {
  int depth;
  double seconds;
  int threads;
  int lapses;      /* per thousand moves, the move is drawn at random... */
  int temperature; /* ...each with weight exp(-(what it loses) / temperature) */
} level_spec;

/* The deliberate mistakes are a person's: most lapses pick a move about as good as
** the best, some lose a man, few lose more; and the shallow depth hides the shots. */
static const level_spec levels[SEARCH_LEVELS] = {
    {1, 0, 1, 1000, 100}, /* 1: a newcomer's opponent: sees one move ahead, rarely the best */
    {2, 0, 1, 800, 80},   /* 2 */
    {3, 0, 1, 600, 70},   /* 3 */
    {5, 0, 1, 500, 70},   /* 4 */
    {9, 0, 1, 250, 70},   /* 5 */
    {0, 1.0, 0, 0, 0},    /* 6: full strength, a second a move on every core, no lapses */
};

void search_level_limits(int level, search_limits *out) {
  if (level < 1) level = 1;
  if (level > SEARCH_LEVELS) level = SEARCH_LEVELS;
  const level_spec *s = &levels[level - 1];
  memset(out, 0, sizeof *out);
  out->depth = s->depth;
  out->seconds = s->seconds;
  out->threads = s->threads;
  out->level = level;
}

int search_level_for_streak(int streak) {
  if (streak < 0) streak = 0;
  return streak + 1 < SEARCH_LEVELS ? streak + 1 : SEARCH_LEVELS;
}

/* Draws an index with probability proportional to exp((score - best) / temperature). */
static int draw_weighted(const int *score, int n, int best, int temperature, rng *r) {
  double total = 0, *weight = xmalloc((size_t)n * sizeof(double));
  for (int k = 0; k < n; k++) total += weight[k] = exp((double)(score[k] - best) / temperature);
  double x = (double)(rng_next(r) >> 11) * 0x1p-53 * total;
  int k = 0;
  while (k < n - 1 && (x -= weight[k]) > 0) k++;
  free(weight);
  return k;
}

/* The lapse of a playing level: every root move scored at the depth the search
** reached, then one drawn at random, the better ones the likelier.  Returns the
** index chosen, or -1 when the search was stopped meanwhile. */
static int choose_lapse(shared *sh, const level_spec *spec, rng *r) {
  worker *w = worker_new(sh, 0);
  int depth = sh->info.depth > 0 ? sh->info.depth : 1, best = -INF;
  int *score = xmalloc((size_t)sh->nroot * sizeof(int));
  __atomic_store_n(&sh->abort, 0, __ATOMIC_RELAXED);
  sh->deadline = 0;
  for (int k = 0; k < sh->nroot && !aborted(sh); k++) {
    frame child;
    frame_child(&sh->root, &sh->root_moves[k], &child);
    w->keys[sh->nhist] = sh->root.key;
    score[k] = -node_search(w, &child, depth - 1, -INF, INF, 1);
    if (score[k] > best) best = score[k];
  }
  int chosen = aborted(sh) ? -1 : draw_weighted(score, sh->nroot, best, spec->temperature, r);
  free(score);
  worker_free(w);
  return chosen;
}

static void apply_level(shared *sh, const search_limits *l) {
  if (l->level < 1 || l->level > SEARCH_LEVELS || sh->nroot < 2) return;
  const level_spec *spec = &levels[l->level - 1];
  rng r = {l->seed ^ sh->root.key ^ (uint64_t)sh->root_plies * 0x9e3779b97f4a7c15ull};
  if ((int)rng_below(&r, 1000) >= spec->lapses) return;
  if (user_stopped(sh)) return;
  int k = choose_lapse(sh, spec, &r);
  if (k >= 0 && !move_same_effect(&sh->root_moves[k], &sh->best)) {
    sh->best = sh->root_moves[k];
    sh->info.pv[0] = sh->best;
    sh->info.pvlen = 1;
  }
}

/* ---------------------------------------------------------------- entry */

/* The book's move, played at once; 0 when the book has none for this position. */
static int book_move(shared *sh, const game *g, const book *bk, search_progress progress, void *ud, dr_move *best,
                     search_info *info) {
  int score;
  if (!book_probe(bk, g, best, &score)) return 0;
  memset(&sh->info, 0, sizeof sh->info);
  sh->info.score = score;
  sh->info.pvlen = 1;
  sh->info.pv[0] = *best;
  if (progress) progress(ud, &sh->info);
  if (info) *info = sh->info;
  return 1;
}

/* A root the database knows keeps only the moves that keep its value, quickest to a
** win first (so a won ending is won, not drawn by repetition, and every move brings
** the end nearer); the search then chooses among them. */
static void keep_database_moves(shared *sh) {
  int plies;
  if (database_value(sh, &sh->root.pos, sh->root.since, sh->root_plies, &plies) == EGDB_UNKNOWN) return;
  int *rank = xmalloc((size_t)sh->nroot * sizeof(int)), best = -3000, kept = 0;
  for (int i = 0; i < sh->nroot; i++) {
    frame c;
    frame_child(&sh->root, &sh->root_moves[i], &c);
    int d, r = c.pos.side[0] && c.pos.side[1] ? database_value(sh, &c.pos, c.since, sh->root_plies + 1, &d)
                                              : (d = 0, EGDB_LOSS); /* the last piece taken */
    if (r == EGDB_UNKNOWN) { /* a child the database does not answer for: the search chooses among all */
      free(rank);
      return;
    }
    rank[i] = egdb_move_rank(r, d);
    if (rank[i] > best) best = rank[i];
  }
  for (int i = 0; i < sh->nroot; i++)
    if (rank[i] == best) sh->root_moves[kept++] = sh->root_moves[i];
  sh->nroot = kept;
  free(rank);
}

/* The move to play when the search was cut short. */
static void finish_result(shared *sh) {
  if (!sh->have_best) { /* stopped before the first iteration ended */
    sh->best = sh->root_moves[0];
    sh->info.nodes = sh->nodes;
    sh->info.seconds = now_seconds() - sh->t0;
  }
  if (sh->partial) sh->best = sh->root_moves[sh->partial - 1];
  if (sh->info.pvlen == 0 || !move_same_effect(&sh->info.pv[0], &sh->best)) {
    sh->info.pv[0] = sh->best;
    sh->info.pvlen = 1;
  }
}

static const dr_move *legal_match(const game *g, const dr_move *m) {
  for (int i = 0; i < g->legal.count; i++)
    if (move_same_path(&g->legal.moves[i], m)) return &g->legal.moves[i];
  return NULL;
}

int search_best(const game *g, const search_limits *limits, search_progress progress, void *ud,
                volatile int *stop, dr_move *best, search_info *info) {
  if (g->result != DR_ONGOING || g->legal.count == 0) return -1;
  search_limits none = {0};
  const search_limits *l = limits ? limits : &none;
  shared *sh = xmalloc(sizeof *sh);
  memset(sh, 0, sizeof *sh);
  eval_ctx *own_eval;
  setup_root(sh, g);
  sh->progress = progress;
  sh->ud = ud;
  const egdb *db;
  const book *bk;
  const eval_ctx *own_rules_eval = evaluator(g->rs, &own_eval, &db, &bk);
  sh->ev = l->eval ? l->eval : own_rules_eval;
  /* A playing level below full strength makes its mistakes without the databases. */
  int full = l->level == 0 || l->level == SEARCH_LEVELS;
  if (full && !l->no_book && !l->eval && book_move(sh, g, bk, progress, ud, best, info)) {
    free(own_eval), free(sh->root_moves), free(sh->hist), free(sh);
    return 0;
  }
  if (!l->no_egdb && full) sh->db = db;
  if (sh->db) keep_database_moves(sh);
  /* Another evaluator's scores must not meet the shared table's. */
  if (l->keep_table && !own_eval) {
    sh->table = kept_table(sh->ev);
  } else if (l->level > 0 || l->eval || l->private_table) {
    sh->table = private_table();
  } else {
    pthread_mutex_lock(&engine_lock);
    sh->table = shared_table_locked();
    pthread_mutex_unlock(&engine_lock);
  }
  if (!sh->table) { /* out of memory: no search, and no abort either */
    free(own_eval);
    free(sh->root_moves);
    free(sh->hist);
    free(sh);
    return SEARCH_NO_MEMORY;
  }
  tt_new_search(sh->table);
  setup_limits(sh, l, stop); /* the clock starts once the table and the evaluator are ready */
  run_workers(sh, thread_count(g->rs, l));
  finish_result(sh);
  apply_level(sh, l);
  const dr_move *legal = legal_match(g, &sh->best); /* always one of the game's legal moves */
  *best = legal ? *legal : g->legal.moves[0];
  if (info) *info = sh->info;
  int rc = __atomic_load_n(&sh->refused, __ATOMIC_RELAXED) ? GUARD_REFUSED : 0;
  free(own_eval);
  free(sh->root_moves);
  free(sh->hist);
  free(sh);
  return rc;
}

int search_hint(const game *g, double seconds, dr_move *best, search_info *info) {
  search_limits l = {0};
  l.seconds = seconds > 0 ? seconds : 1.0;
  return search_best(g, &l, NULL, NULL, NULL, best, info);
}

double search_clock_seconds(double remaining, double increment, int moves_to_go) {
  int horizon = moves_to_go > 0 ? moves_to_go : 30;
  double t = remaining / horizon + increment * 0.8;
  if (t > remaining * 0.5) t = remaining * 0.5; /* never bet the clock on one move */
  t -= 0.02; /* the time to answer */
  return t < 0.005 ? 0.005 : t;
}
