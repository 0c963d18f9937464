/*
** guard.c — the checks between a plugin's output and everything that indexes with
** it.  What indexing needs (counts and points in range) is checked on every list
** that is used; the whole contract of a move is checked by the conformance suite.
** A refusal is kept per descriptor, so the first bad output is the one reported,
** whichever command or thread met it.
*/
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "guard.h"

#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"

#define GUARD_MAX_REFUSED 16

typedef struct refusal {
  const dr_variant *v;
  char msg[ERR_LEN];
} refusal;

static pthread_mutex_t refused_lock = PTHREAD_MUTEX_INITIALIZER;
static refusal refused[GUARD_MAX_REFUSED];
static int nrefused; /* read without the lock: 0 means no plugin was ever refused */

const char *guard_refusal(const dr_variant *v) {
  const char *msg = NULL;
  if (!__atomic_load_n(&nrefused, __ATOMIC_ACQUIRE)) return NULL;
  pthread_mutex_lock(&refused_lock);
  for (int i = 0; i < nrefused && !msg; i++)
    if (refused[i].v == v) msg = refused[i].msg;
  pthread_mutex_unlock(&refused_lock);
  return msg;
}

static void forget_memory(const dr_variant *v);

void guard_forget(const dr_variant *v) {
  pthread_mutex_lock(&refused_lock);
  for (int i = 0; i < nrefused; i++)
    if (refused[i].v == v) refused[i--] = refused[--nrefused];
  pthread_mutex_unlock(&refused_lock);
  forget_memory(v);
}

static int refuse(const dr_variant *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(const dr_variant *v, const char *fmt, ...) {
  char detail[ERR_LEN];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  pthread_mutex_lock(&refused_lock);
  int known = 0;
  for (int i = 0; i < nrefused; i++) known |= refused[i].v == v;
  if (!known) { /* the first bad output is the one to report; a full table keeps its last slot for news */
    refusal *r = &refused[nrefused < GUARD_MAX_REFUSED ? nrefused : GUARD_MAX_REFUSED - 1];
    r->v = v;
    snprintf(r->msg, sizeof r->msg, "variant %s refused: %s", v->name, detail);
    err_one_line(r->msg);
    if (nrefused < GUARD_MAX_REFUSED) __atomic_store_n(&nrefused, nrefused + 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&refused_lock);
  return GUARD_REFUSED;
}

static int off_board(const dr_geometry *g, unsigned point) {
  return point >= DR_MAX_POINTS || !(g->points >> point & 1);
}

const char *guard_move_bounds(const dr_geometry *g, const dr_move *m) {
  if (off_board(g, m->from)) return "'from' is not a point of the board";
  if (off_board(g, m->to)) return "'to' is not a point of the board";
  if (m->njumps > DR_MAX_JUMPS) return "'njumps' is above DR_MAX_JUMPS";
  if (m->captured & ~g->points) return "'captured' holds bits that are not points";
  for (int i = 0; i < m->njumps; i++)
    if (off_board(g, m->path[i]) || off_board(g, m->jumped[i])) return "a point of its path or jumps is off the board";
  return NULL;
}

/* A landing point must be empty when the move starts, be its own start, or hold a
** piece this very move takes (variants that remove pieces as they are jumped). */
static int landing_ok(const dr_position *p, const dr_move *m, int point) {
  dr_bits b = (dr_bits)1 << point;
  return !((p->side[0] | p->side[1]) & b) || point == m->from || (m->captured & b);
}

const char *guard_move_fault(const dr_geometry *g, const dr_position *p, const dr_move *m) {
  const char *bounds = guard_move_bounds(g, m);
  if (bounds) return bounds;
  int us = p->turn & 1, man = !(p->kings >> m->from & 1);
  if (!(p->side[us] >> m->from & 1)) return "it does not start on a piece of the side to move";
  if (!landing_ok(p, m, m->to)) return "it lands on an occupied point";
  if ((m->captured & ~p->side[us ^ 1]) || m->njumps != __builtin_popcountll(m->captured))
    return "its captured points are not the jumped enemy pieces";
  if (m->njumps && m->path[m->njumps - 1] != m->to) return "its path does not end where the move ends";
  for (int i = 0; i < m->njumps; i++)
    if (!landing_ok(p, m, m->path[i]) || !(m->captured >> m->jumped[i] & 1))
      return "a leg lands or jumps where it cannot";
  if (m->promotes && !man) return "a king cannot be crowned";
  if (man && !m->promotes && (g->promotion[us] >> m->to & 1)) return "a man ends on its promotion row uncrowned";
  return NULL;
}

void guard_move_text(const dr_geometry *g, const dr_move *m, char *out, size_t len) {
  if (guard_move_bounds(g, m))
    snprintf(out, len, "from bit %u to bit %u, %u jumps", m->from, m->to, m->njumps);
  else
    move_text(g, m, NOTATION_ALGEBRAIC, out, len);
}

/* Whether every point of every move is a point of the board and every 'njumps' in
** range: the moves are folded into two words without a branch per move, which keeps
** the check a small part of generation (perft, the search); only a list that fails
** is looked at move by move, to say which move and why. */
static int list_in_bounds(const dr_geometry *g, const dr_movelist *l) {
  unsigned wide = 0;
  dr_bits touched = 0;
  for (int i = 0; i < l->count; i++) {
    const dr_move *m = &l->moves[i];
    wide |= m->from | m->to | (m->njumps > DR_MAX_JUMPS ? 0x100u : 0);
    touched |= (dr_bits)1 << (m->from & 63) | (dr_bits)1 << (m->to & 63) | m->captured;
    for (int j = 0; j < m->njumps && j < DR_MAX_JUMPS; j++) {
      wide |= m->path[j] | m->jumped[j];
      touched |= (dr_bits)1 << (m->path[j] & 63) | (dr_bits)1 << (m->jumped[j] & 63);
    }
  }
  return !(wide & ~(unsigned)(DR_MAX_POINTS - 1)) && !(touched & ~g->points);
}

static int refuse_move(const dr_variant *v, const dr_position *p, dr_movelist *l, int i, const char *fault) {
  char text[256], fen[1024];
  guard_move_text(v->geometry, &l->moves[i], text, sizeof text);
  fen_write_as(v, p, NOTATION_ALGEBRAIC, fen, sizeof fen);
  int count = l->count;
  l->count = 0;
  return refuse(v, "generate gave move %d of %d (%s) in %s: %s", i + 1, count, text, fen, fault);
}

int guard_count(const dr_variant *v, dr_movelist *l) {
  if (__atomic_load_n(&nrefused, __ATOMIC_ACQUIRE) && guard_refusal(v)) return l->count = 0, GUARD_REFUSED;
  if (l->count < 0 || l->count > DR_MAX_MOVES) {
    int count = l->count;
    l->count = 0;
    return refuse(v, "generate listed %d moves (a list holds 0 to %d)", count, DR_MAX_MOVES);
  }
  return DR_OK;
}

int guard_moves(const dr_variant *v, const dr_position *p, dr_movelist *l) {
  int rc = guard_count(v, l);
  if (rc != DR_OK || list_in_bounds(v->geometry, l)) return rc;
  for (int i = 0; i < l->count; i++) {
    const char *fault = guard_move_bounds(v->geometry, &l->moves[i]);
    if (fault) return refuse_move(v, p, l, i, fault);
  }
  return DR_OK;
}

/* ------------------------------------------------------------- reasons */

/* A judge's reason is read only from memory its plugin declared: the loadable,
** readable segments that the program headers of the object holding its 'judge' map
** (its string literals, its static arrays).  A pointer anywhere else (the heap, a
** stack, an address made up) is refused unread: a wild 'why' used to crash the
** runtime inside strnlen.  This holds for plugins of every ABI, with no slot added. */
#define GUARD_MAX_SEGMENTS 8
#define GUARD_MAX_OBJECTS 16

typedef struct segment {
  uintptr_t start, end;
} segment;

typedef struct own_memory {
  const dr_variant *v;
  uintptr_t judge; /* the same descriptor may be refilled with another plugin's slots */
  int nsegments;
  segment seg[GUARD_MAX_SEGMENTS];
} own_memory;

static pthread_mutex_t memory_lock = PTHREAD_MUTEX_INITIALIZER;
static own_memory owned[GUARD_MAX_OBJECTS];
static int nowned;

typedef struct object_search {
  uintptr_t code;
  own_memory *m;
} object_search;

/* dl_iterate_phdr's callback: the readable segments of the object 'code' lies in. */
static int segments_of(struct dl_phdr_info *info, size_t size, void *ud) {
  (void)size;
  object_search *os = ud;
  int holds = 0;
  os->m->nsegments = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD) continue;
    uintptr_t start = info->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;
    holds |= os->code >= start && os->code < end;
    if ((ph->p_flags & PF_R) && os->m->nsegments < GUARD_MAX_SEGMENTS)
      os->m->seg[os->m->nsegments++] = (segment){start, end};
  }
  if (!holds) os->m->nsegments = 0;
  return holds; /* stops the walk */
}

static void forget_memory(const dr_variant *v) {
  pthread_mutex_lock(&memory_lock);
  for (int i = 0; i < nowned; i++)
    if (owned[i].v == v) owned[i--] = owned[--nowned];
  pthread_mutex_unlock(&memory_lock);
}

/* The plugin's memory, found once per descriptor; caller holds 'memory_lock'. */
static const own_memory *memory_of(const dr_variant *v) {
  uintptr_t judge = (uintptr_t)v->judge;
  for (int i = 0; i < nowned; i++)
    if (owned[i].v == v && owned[i].judge == judge) return &owned[i];
  own_memory *m = &owned[nowned < GUARD_MAX_OBJECTS ? nowned++ : GUARD_MAX_OBJECTS - 1];
  *m = (own_memory){.v = v, .judge = judge};
  object_search os = {judge, m};
  dl_iterate_phdr(segments_of, &os);
  return m;
}

/* How many bytes of 's' lie in 'v''s own memory from 's' on (at most 'max'); 0 when none do. */
static size_t own_bytes(const dr_variant *v, const char *s, size_t max) {
  uintptr_t at = (uintptr_t)s;
  size_t n = 0;
  pthread_mutex_lock(&memory_lock);
  const own_memory *m = memory_of(v);
  for (int i = 0; i < m->nsegments && !n; i++)
    if (at >= m->seg[i].start && at < m->seg[i].end) n = m->seg[i].end - at < max ? m->seg[i].end - at : max;
  pthread_mutex_unlock(&memory_lock);
  return n;
}

/* What is wrong with a text 'v' handed back, or NULL: it must lie in the plugin's own
** memory, end there within 'max' characters, and hold no control character. */
static const char *text_fault(const dr_variant *v, const char *s, size_t max, char *buf, size_t len) {
  size_t room = own_bytes(v, s, max + 1);
  if (!room) return "that is not in the plugin's own memory";
  size_t n = strnlen(s, room);
  if (n == room && room <= max) return "that does not end in the plugin's own memory";
  if (n == room) return snprintf(buf, len, "longer than %zu characters", max), buf;
  if (!text_is_plain(s, n, 0)) return "with control characters";
  return NULL;
}

int guard_verdict(const dr_variant *v, int verdict, const char **why) {
  char buf[64];
  if (guard_refusal(v)) return GUARD_REFUSED;
  if (verdict < DR_ONGOING || verdict > DR_DRAW) return refuse(v, "judge returned %d, not a verdict", verdict);
  if (verdict == DR_ONGOING) {
    *why = NULL; /* a game on has no reason: what the judge left there is never read */
    return verdict;
  }
  const char *fault = *why ? text_fault(v, *why, GUARD_WHY_MAX, buf, sizeof buf) : NULL;
  if (fault) return refuse(v, "judge gave a reason %s", fault);
  if (!*why) *why = "game over";
  return verdict;
}

const char *guard_text(const dr_variant *v, const char *slot, const char *s, size_t max) {
  char buf[64];
  const char *fault = s ? text_fault(v, s, max, buf, sizeof buf) : NULL;
  if (!fault) return s;
  refuse(v, "%s gave a text %s", slot, fault);
  return NULL;
}

int guard_error(const dr_variant *v, int status, err *e) {
  const char *why = guard_refusal(v);
  if (status == GUARD_REFUSED && why) return err_set(e, "%s", why);
  if (status == DR_ERR_OVERFLOW) return err_set(e, "%s: too many legal moves in this position", v->name);
  return err_set(e, "%s: the plugin could not list the moves (status %d)", v->name, status);
}
