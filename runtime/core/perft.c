/*
** perft.c — the perft walk.  One move list per depth, allocated once, so the walk
** itself does no allocation and measures generation and the vtable call only.
*/
#include "perft.h"

#include <stdlib.h>

#include "position.h"

typedef struct walk {
  const ruleset *rs;
  int mode;
  int failed;
  dr_movelist *lists; /* one per remaining depth */
} walk;

static uint64_t perft_node(walk *w, const dr_position *p, int depth) {
  if (depth == 1) { /* bulk counting: a quiet position's moves are counted, not listed */
    int quiet = rules_quiet_count(w->rs, p);
    if (quiet >= 0) return (uint64_t)quiet;
  }
  dr_movelist *list = &w->lists[depth];
  int rc = depth == 1 ? rules_generate_to_count(w->rs, p, list) : rules_generate(w->rs, p, list);
  if (rc != DR_OK) {
    w->failed = 1;
    return 0;
  }
  if (w->mode == PERFT_BY_EFFECT) movelist_unique(list);
  if (depth == 1) return (uint64_t)list->count;
  uint64_t nodes = 0;
  for (int i = 0; i < list->count; i++) {
    dr_position next = *p;
    pos_apply(&next, &list->moves[i]);
    nodes += perft_node(w, &next, depth - 1);
  }
  return nodes;
}

uint64_t perft(const ruleset *rs, const dr_position *p, int depth, int mode) {
  if (depth <= 0) return 1;
  walk w = {rs, mode, 0, xmalloc((size_t)(depth + 1) * sizeof(dr_movelist))};
  uint64_t nodes = perft_node(&w, p, depth);
  free(w.lists);
  return w.failed ? UINT64_MAX : nodes;
}
