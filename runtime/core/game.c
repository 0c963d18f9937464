/*
** game.c — game history and its counters.  The runtime counts; the plugin's judge
** decides what the counts mean, so every variant's draw rules stay in its plugin.
*/
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "position.h"

static int refresh(game *g, err *e) {
  const dr_variant *v = g->rs->v;
  int rc = rules_generate(g->rs, game_position(g), &g->legal);
  g->result = DR_ONGOING;
  g->why = NULL;
  if (rc != DR_OK) return guard_error(v, rc, e);
  dr_history h;
  game_history(g, &h);
  const char *why;
  int verdict = rules_judge(g->rs, game_position(g), &h, &why);
  if (verdict == GUARD_REFUSED) {
    g->legal.count = 0; /* no move of a refused plugin is played */
    return guard_error(v, verdict, e);
  }
  g->result = verdict;
  g->why = why;
  return 0;
}

int game_init(game *g, const ruleset *rs, const dr_position *start, err *e) {
  memset(g, 0, sizeof *g);
  g->rs = rs;
  g->cap = 64;
  g->ply = xmalloc(g->cap * sizeof *g->ply);
  memset(&g->ply[0], 0, sizeof g->ply[0]);
  g->ply[0].pos = *start;
  g->ply[0].key = pos_hash(start);
  if (refresh(g, e) == 0) return 0;
  game_free(g);
  return -1;
}

void game_free(game *g) {
  free(g->ply);
  memset(g, 0, sizeof *g);
}

void game_copy(game *dst, const game *src) {
  *dst = *src;
  dst->ply = xmalloc((size_t)src->cap * sizeof *src->ply);
  memcpy(dst->ply, src->ply, (size_t)(src->count + 1) * sizeof *src->ply);
  if (src->why == src->resigned_why) dst->why = dst->resigned_why;
}

static int count_repetitions(const game *g) {
  const game_ply *now = &g->ply[g->count];
  int n = 1;
  /* No position before the last capture or man move can come back. */
  for (int i = g->count - 2; i >= 0 && i >= g->count - now->since.man_move; i -= 2)
    if (g->ply[i].key == now->key && memcmp(&g->ply[i].pos, &now->pos, sizeof now->pos) == 0) n++;
  return n;
}

const history_field history_fields[] = {
    {"moves", offsetof(dr_history, nmoves)},
    {"plies", offsetof(dr_history, plies)},
    {"plies_since_capture", offsetof(dr_history, plies_since_capture)},
    {"plies_since_man_move", offsetof(dr_history, plies_since_man_move)},
    {"plies_since_material", offsetof(dr_history, plies_since_material)},
    {"repetitions", offsetof(dr_history, repetitions)},
    {"plies_with_king_white", offsetof(dr_history, plies_with_king[DR_WHITE])},
    {"plies_with_king_black", offsetof(dr_history, plies_with_king[DR_BLACK])},
    {NULL, 0},
};

void game_history(const game *g, dr_history *h) {
  counters_history(g->ply[g->count].since, g->legal.count, g->count, count_repetitions(g), h);
}

int game_play(game *g, const dr_move *m, err *e) {
  if (g->result != DR_ONGOING) return err_set(e, "the game is over (%s)", g->why);
  return game_play_on(g, m, e);
}

int game_play_on(game *g, const dr_move *m, err *e) {
  if (g->count + 1 >= g->cap) g->ply = xrealloc(g->ply, (g->cap *= 2) * sizeof *g->ply);
  game_ply *before = &g->ply[g->count], *after = before + 1;
  before->move = *m;
  memset(after, 0, sizeof *after);
  after->pos = before->pos;
  pos_apply(&after->pos, m);
  after->key = pos_hash_after(before->key, &before->pos, m);
  DR_ASSERT(after->key == pos_hash(&after->pos)); /* the incremental key every repetition count trusts */
  after->since = counters_after(before->since, &before->pos, m);
  g->count++;
  return refresh(g, e);
}

int game_undo(game *g) {
  if (g->count == 0) return -1;
  g->count--;
  return refresh(g, NULL);
}

void game_resign(game *g) {
  int loser = game_position(g)->turn;
  g->result = loser == DR_WHITE ? DR_BLACK_WINS : DR_WHITE_WINS;
  char word[32];
  snprintf(g->resigned_why, sizeof g->resigned_why, "%s resigned", side_word(g->rs->v, loser, word));
  g->why = g->resigned_why;
}

const char *result_text(int result) {
  switch (result) {
  case DR_WHITE_WINS: return "1-0";
  case DR_BLACK_WINS: return "0-1";
  case DR_DRAW: return "1/2-1/2";
  default: return "*";
  }
}
