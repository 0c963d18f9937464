/*
** eval.c — the generic evaluation.  Everything that depends on where a piece
** stands (material, advancement, centre, the variant's own square values) is
** folded into one table per side and kind when the evaluator is built, so
** 'eval_position' is a loop over the pieces plus a few bit counts.
*/
#include "eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_lua.h"

#define FIELD(f) {#f, offsetof(eval_weights, f)}
const eval_field eval_fields[] = {
    FIELD(man),      FIELD(king),          FIELD(center),  FIELD(king_center), FIELD(back_rank),
    FIELD(mobility), FIELD(king_mobility), FIELD(balance), FIELD(exchange),    FIELD(runaway),
    FIELD(reduction_margin), {NULL, 0},
};
#undef FIELD

void eval_default_weights(eval_weights *w) {
  memset(w, 0, sizeof *w);
  w->man = 100;
  w->king = 300;
  w->nadvance = 0; /* a gentle ramp, see 'advance_of' */
  w->center = 2;
  w->king_center = 3;
  w->back_rank = 6;
  w->mobility = 2;
  w->king_mobility = 1;
  w->balance = 2;
  w->exchange = 20;
  w->reduction_margin = 100;
}

/* Row of 'bit' counted from 'side''s first row. */
static int row_of(const dr_geometry *g, int side, int bit) {
  int rank = g->point[bit].rank;
  return side == DR_WHITE ? rank : g->ranks - 1 - rank;
}

int eval_advance(const eval_weights *w, int row) {
  if (w->nadvance == 0) return 2 * row;
  return w->advance[row < w->nadvance ? row : w->nadvance - 1];
}

int eval_advance_end(const eval_weights *w, int row) {
  if (w->nadvance_end == 0) return eval_advance(w, row);
  return w->advance_end[row < w->nadvance_end ? row : w->nadvance_end - 1];
}

/* The point that 'bit' becomes when the board is turned half a circle, -1 if none. */
static int mirror_of(const dr_geometry *g, int bit) {
  int file = g->files - 1 - g->point[bit].file, rank = g->ranks - 1 - g->point[bit].rank;
  for (int i = 0; i < DR_MAX_POINTS; i++)
    if ((g->points >> i & 1) && g->point[i].file == file && g->point[i].rank == rank) return i;
  return -1;
}

/* Nearness to the centre line in half-steps: 0 on the edge, n - 1 in the middle. */
static int nearness(int x, int n) { return (n - 1) - abs(2 * x - (n - 1)); }

static int clamp16(int v) { return v > 30000 ? 30000 : v < -30000 ? -30000 : v; }

static void fill_tables(eval_ctx *c, const dr_geometry *g, const eval_weights *w) {
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    const dr_point *pt = &g->point[i];
    int cf = nearness(pt->file, g->files), cr = nearness(pt->rank, g->ranks);
    for (int s = 0; s < 2; s++) {
      int seen = s == DR_WHITE ? i : mirror_of(g, i); /* square values are written for White */
      int row = row_of(g, s, i);
      int man = w->man + eval_advance(w, row) + w->center * cf / 2;
      int king = w->king + w->king_center * (cf + cr) / 2;
      if (seen >= 0) man += w->square_man[seen], king += w->square_king[seen];
      c->pst[s][0][i] = (int16_t)clamp16(man);
      c->pst[s][1][i] = (int16_t)clamp16(king);
      c->taper[s][i] = (int16_t)clamp16(eval_advance_end(w, row) - eval_advance(w, row));
      if (row == 0) c->first_row[s] |= (dr_bits)1 << i;
    }
    if (2 * pt->file < g->files - 1) c->left |= (dr_bits)1 << i;
    if (2 * pt->file > g->files - 1) c->right |= (dr_bits)1 << i;
  }
}

/* Where a lone piece may step from 'bit': asked of the generator itself, so the
** evaluation knows each variant's movement without being told. */
static dr_bits steps_of(const ruleset *rs, dr_movelist *list, int side, int king, int bit) {
  dr_position p = {{0, 0}, 0, (uint8_t)side, {0}};
  p.side[side] = (dr_bits)1 << bit;
  if (king) p.kings = p.side[side];
  dr_bits to = 0;
  if (rules_generate(rs, &p, list) != DR_OK) return 0;
  for (int k = 0; k < list->count; k++)
    if (!list->moves[k].captured && list->moves[k].from == bit) to |= (dr_bits)1 << list->moves[k].to;
  return to;
}

/* Every point a man of side 's' at 'bit' could reach by its own steps.  An enemy
** man outside it never gets in: men step towards their own crown, away from it. */
static void learn_path(eval_ctx *c, int s, int bit) {
  dr_bits reach = 0, frontier = c->man_steps[s][bit];
  while (frontier & ~reach) {
    reach |= frontier;
    dr_bits next = 0;
    for (dr_bits b = frontier; b; b &= b - 1) next |= c->man_steps[s][__builtin_ctzll(b)];
    frontier = next;
  }
  c->path[s][bit] = reach;
}

static void learn_steps(eval_ctx *c, const ruleset *rs) {
  const dr_geometry *g = rs->v->geometry;
  dr_movelist *list = xmalloc(sizeof *list);
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    for (int s = 0; s < 2; s++)
      if (!(g->promotion[s] >> i & 1)) c->man_steps[s][i] = steps_of(rs, list, s, 0, i);
    c->king_steps[i] = steps_of(rs, list, DR_WHITE, 1, i);
  }
  free(list);
  for (int i = 0; i < DR_MAX_POINTS; i++)
    for (int s = 0; s < 2; s++)
      learn_path(c, s, i);
}

/* 'set' turned half a circle: the second player's view of the first player's points. */
static dr_bits mirror_set(const dr_geometry *g, dr_bits set) {
  dr_bits out = 0;
  for (dr_bits b = set; b; b &= b - 1) {
    int m = mirror_of(g, __builtin_ctzll(b));
    if (m >= 0) out |= (dr_bits)1 << m;
  }
  return out;
}

static void fill_patterns(eval_ctx *c, const dr_geometry *g, const eval_weights *w) {
  c->npatterns = w->npatterns;
  for (int k = 0; k < w->npatterns; k++) {
    const eval_pattern *pt = &w->pattern[k];
    c->pattern[DR_WHITE][k] = *pt;
    c->pattern[DR_BLACK][k] = (eval_pattern){mirror_set(g, pt->mine), mirror_set(g, pt->theirs),
                                             mirror_set(g, pt->empty), pt->value};
  }
}

/* Men and material of the start position, both sides. */
static void learn_start(eval_ctx *c, const ruleset *rs) {
  dr_position p;
  if (rs->initial(&rs->rules, &p) != DR_OK) return;
  dr_bits all = p.side[0] | p.side[1];
  int men = __builtin_popcountll(all & ~p.kings), kings = __builtin_popcountll(all & p.kings);
  c->start_men = men;
  c->start_material = men * c->man + kings * c->king;
}

void eval_init_weights(eval_ctx *c, const ruleset *rs, const eval_weights *w) {
  memset(c, 0, sizeof *c);
  c->points = rs->v->geometry->points;
  c->rules = rs->rules;
  c->term = rs->v->eval_term;
  c->man = w->man;
  c->king = w->king;
  c->back_rank = w->back_rank;
  c->mobility = w->mobility;
  c->king_mobility = w->king_mobility;
  c->balance = w->balance;
  c->exchange = w->exchange;
  c->runaway = w->runaway;
  c->reduction_margin = w->reduction_margin;
  fill_tables(c, rs->v->geometry, w);
  fill_patterns(c, rs->v->geometry, w);
  learn_steps(c, rs);
  learn_start(c, rs);
  c->tapered = w->nadvance_end > 0 && c->start_men > 0;
}

int eval_weights_of(const ruleset *rs, eval_weights *w, err *e) {
  if (rs->eval) {
    *w = *(const eval_weights *)rs->eval;
    return 0;
  }
  eval_default_weights(w);
  const char *src = rs->v->eval;
  if (!src || !*src) return 0;
  char chunk[160];
  snprintf(chunk, sizeof chunk, "%s/eval.lua", rs->v->name);
  return eval_lua_read(rs->v, &rs->rules, chunk, src, w, e);
}

int eval_init(eval_ctx *c, const ruleset *rs, err *e) {
  eval_weights w;
  int rc = eval_weights_of(rs, &w, e);
  if (rc) eval_default_weights(&w);
  eval_init_weights(c, rs, &w);
  return rc;
}

int eval_attach(ruleset *rs, const char *path, err *e) {
  static uint64_t next_id;
  eval_weights *w = xmalloc(sizeof *w);
  if (eval_read_file(rs->v, &rs->rules, path, w, e)) {
    free(w);
    return -1;
  }
  free(rs->eval);
  rs->eval = w;
  rs->eval_id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
  const char *base = strrchr(path, '/');
  snprintf(rs->eval_name, sizeof rs->eval_name, "%s", base ? base + 1 : path);
  return 0;
}

int eval_read_file(const dr_variant *v, const dr_rules *rules, const char *path, eval_weights *w, err *e) {
  char *src = read_file(path, NULL, e);
  eval_default_weights(w);
  if (!src) return -1;
  const char *base = strrchr(path, '/');
  int rc = eval_lua_read(v, rules, base ? base + 1 : path, src, w, e);
  free(src);
  return rc;
}

/* The non-zero values of one 'squares' table, by point name. */
static void write_squares(FILE *out, const dr_geometry *g, const int *value) {
  int any = 0;
  for (int i = 0; i < DR_MAX_POINTS; i++)
    if ((g->points >> i & 1) && value[i]) fprintf(out, "%s%s = %d", any++ ? ", " : "", g->point[i].name, value[i]);
}

/* The points of 'set' as a Lua list of names. */
static void write_points(FILE *out, const dr_geometry *g, dr_bits set) {
  int any = 0;
  for (dr_bits b = set; b; b &= b - 1) fprintf(out, "%s\"%s\"", any++ ? ", " : "", g->point[__builtin_ctzll(b)].name);
}

static void write_rows(FILE *out, const dr_geometry *g, const eval_weights *w, int (*value)(const eval_weights *, int),
                       const char *name) {
  fprintf(out, "  %s = {", name);
  for (int row = 0; row < g->ranks; row++) fprintf(out, "%s%d", row ? ", " : "", value(w, row));
  fprintf(out, "},\n");
}

void eval_weights_write(FILE *out, const dr_variant *v, const eval_weights *w, const char *comment) {
  const dr_geometry *g = v->geometry;
  fprintf(out, "-- %s\n-- Evaluation weights of %s (format: sdk/docs/eval.md).\nreturn {\n", comment, v->name);
  for (const eval_field *f = eval_fields; f->name; f++)
    fprintf(out, "  %s = %d,\n", f->name, *eval_field_of((eval_weights *)w, f));
  write_rows(out, g, w, eval_advance, "advance");
  if (w->nadvance_end) write_rows(out, g, w, eval_advance_end, "advance_end");
  fprintf(out, "  squares = {\n");
  static const char *const kinds[2] = {"man", "king"};
  const int *values[2] = {w->square_man, w->square_king};
  for (int k = 0; k < 2; k++) {
    fprintf(out, "    %s = {", kinds[k]);
    write_squares(out, g, values[k]);
    fprintf(out, "},\n");
  }
  fprintf(out, "  },\n  patterns = {\n");
  static const char *const sets[3] = {"mine", "theirs", "empty"};
  for (int k = 0; k < w->npatterns; k++) {
    const eval_pattern *pt = &w->pattern[k];
    const dr_bits set[3] = {pt->mine, pt->theirs, pt->empty};
    fprintf(out, "    {value = %d", pt->value);
    for (int s = 0; s < 3; s++) {
      if (!set[s]) continue;
      fprintf(out, ", %s = {", sets[s]);
      write_points(out, g, set[s]);
      fprintf(out, "}");
    }
    fprintf(out, "},\n");
  }
  fprintf(out, "  },\n}\n");
}

/* Men of side 's' with nothing in their way to the crown; an enemy king could
** catch any of them. */
static int runaways(const eval_ctx *c, const dr_position *p, int s, dr_bits empty) {
  if (!c->runaway || (p->side[s ^ 1] & p->kings)) return 0;
  int n = 0;
  for (dr_bits b = p->side[s] & ~p->kings; b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    n += c->path[s][i] && (c->path[s][i] & ~empty) == 0;
  }
  return n * c->runaway;
}

/* The formations side 's''s men make. */
static int patterns(const eval_ctx *c, const dr_position *p, int s, dr_bits empty) {
  dr_bits mine = p->side[s] & ~p->kings, theirs = p->side[s ^ 1] & ~p->kings;
  int score = 0;
  for (int k = 0; k < c->npatterns; k++) {
    const eval_pattern *pt = &c->pattern[s][k];
    if ((mine & pt->mine) == pt->mine && (theirs & pt->theirs) == pt->theirs && (empty & pt->empty) == pt->empty)
      score += pt->value;
  }
  return score;
}

/* Material, tables, formations and mobility of one side, in its own favour; '*taper'
** gets the sum of its men's tapers (taper_score), read on the same pass. */
static int side_score(const eval_ctx *c, const dr_position *p, int s, dr_bits empty, int *taper) {
  int score = runaways(c, p, s, empty) + patterns(c, p, s, empty), steps = 0, king_steps = 0;
  *taper = 0;
  for (dr_bits b = p->side[s] & ~p->kings; b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    score += c->pst[s][0][i];
    *taper += c->taper[s][i];
    steps += __builtin_popcountll(c->man_steps[s][i] & empty);
  }
  for (dr_bits b = p->side[s] & p->kings; b; b &= b - 1) {
    int i = __builtin_ctzll(b);
    score += c->pst[s][1][i];
    king_steps += __builtin_popcountll(c->king_steps[i] & empty);
  }
  dr_bits men = p->side[s] & ~p->kings;
  if (p->side[s ^ 1] & ~p->kings) score += c->back_rank * __builtin_popcountll(men & c->first_row[s]);
  score -= c->balance * abs(__builtin_popcountll(men & c->left) - __builtin_popcountll(men & c->right));
  return score + c->mobility * steps + c->king_mobility * king_steps;
}

static int material(const eval_ctx *c, const dr_position *p, int s) {
  int kings = __builtin_popcountll(p->side[s] & p->kings);
  return (__builtin_popcountll(p->side[s]) - kings) * c->man + kings * c->king;
}

/* Ahead in material, trading down brings the win nearer. */
static int exchange_bonus(const eval_ctx *c, const dr_position *p) {
  int mine = material(c, p, DR_WHITE), theirs = material(c, p, DR_BLACK);
  if (mine == theirs || c->start_material <= 0 || !c->exchange) return 0;
  int gone = c->start_material - mine - theirs;
  if (gone < 0) gone = 0;
  int lead = mine > theirs ? 1 : -1;
  return lead * c->exchange * gone / c->start_material;
}

/* The men's values move from 'advance' to 'advance_end' as men come off: 'sum' is
** White's men's tapers less Black's. */
static int taper_score(const eval_ctx *c, const dr_position *p, int sum) {
  int gone = c->start_men - __builtin_popcountll((p->side[0] | p->side[1]) & ~p->kings);
  return gone <= 0 ? 0 : sum * gone / c->start_men;
}

int eval_position(const eval_ctx *c, const dr_position *p) {
  dr_bits empty = c->points & ~(p->side[0] | p->side[1]);
  int white_taper, black_taper;
  int white = side_score(c, p, DR_WHITE, empty, &white_taper) - side_score(c, p, DR_BLACK, empty, &black_taper) +
              exchange_bonus(c, p);
  if (c->tapered) white += taper_score(c, p, white_taper - black_taper);
  int score = p->turn == DR_WHITE ? white : -white;
  if (c->term) score += c->term(&c->rules, p);
  return score;
}
