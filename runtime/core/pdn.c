/*
** pdn.c — PDN games against the rules: the variant a game declares, its rules, the
** replay of its moves (the text was split by pdn_read.c, so every error here names a
** move), its result, and writing a game as the variant's world writes it.
*/
#include "pdn.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation.h"
#include "position.h"

static void note(pdn_notes *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(pdn_notes *n, const char *fmt, ...) {
  if (!n || n->count == PDN_MAX_NOTES) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(n->line[n->count++], ERR_LEN, fmt, ap);
  va_end(ap);
}

/* ------------------------------------------------------------- variant */

/* The number a GameType starts with ("20" of "20,W,10,10,N2,0"), or -1. */
static long gametype_number(const char *t) {
  if (!t || !isdigit((unsigned char)*t)) return -1;
  char *end;
  long n = strtol(t, &end, 10);
  return (*end == '\0' || *end == ',') && n < 10000 ? n : -1;
}

/* The variant that plays a GameType: 'prefer' if it does, else, for a GameType given
** in full, one that writes it the same, else the first found; NULL for none. */
static const plugin *gametype_variant(const registry *reg, const char *type, const plugin *prefer) {
  long n = gametype_number(type);
  const plugin *first = NULL;
  if (n < 0) return NULL;
  if (prefer && gametype_number(prefer->v.pdn_gametype) == n) return prefer;
  for (int i = 0; i < reg->count; i++) {
    const char *t = reg->items[i]->v.pdn_gametype;
    if (gametype_number(t) != n) continue;
    if (strchr(type, ',') && strcmp(t, type) == 0) return reg->items[i];
    if (!first) first = reg->items[i];
  }
  return first;
}

/* What the game itself declares: its Variant tag if it names a variant found, else its
** GameType's variant.  NULL with 'e' set when the declaration is an error of its own;
** NULL with 'declared' 0 when it declares nothing usable. */
static const plugin *declared_variant(registry *reg, const pdn_record *r, const plugin *prefer, int *declared,
                                      pdn_notes *notes, err *e) {
  const char *name = pdn_tag_value(r, "Variant"), *type = pdn_tag_value(r, "GameType");
  const plugin *by_type = type ? gametype_variant(reg, type, prefer) : NULL;
  *declared = 0;
  if (name) {
    if (!name_is_valid(name, 48)) { /* a path is never a name, whatever else decides */
      registry_lookup(reg, name, e);
      return err_prefix(e, "tag Variant"), *declared = 1, NULL;
    }
    const plugin *p = registry_find(reg, name);
    if (p && by_type && gametype_number(p->v.pdn_gametype) != gametype_number(type))
      return err_set(e, "tag Variant %s and tag GameType %.40s disagree", name, type), *declared = 1, NULL;
    if (p) return *declared = 1, p;
    if (!by_type && !prefer) return registry_lookup(reg, name, e), err_prefix(e, "tag Variant"), *declared = 1, NULL;
    note(notes, "tag Variant: no variant '%.60s' is found here: the game is played as %s", name,
         (by_type ? by_type : prefer)->v.name);
  }
  if (by_type) return *declared = 1, by_type;
  if (type && !prefer) {
    err_set(e, "tag GameType: no variant plugin plays PDN GameType %.64s", type);
    return *declared = 1, NULL;
  }
  return NULL;
}

const plugin *pdn_variant(registry *reg, const pdn_record *r, const plugin *given, int mode, pdn_notes *notes,
                          err *e) {
  int declared;
  const plugin *p = declared_variant(reg, r, given, &declared, notes, e);
  if (!p && declared) return NULL;
  const char *type = pdn_tag_value(r, "GameType");
  if (mode == PDN_MUST_AGREE && given && type && !p) {
    err_set(e, "tag GameType %.40s is played by no variant found here, the command line says %s", type,
            given->v.name);
    return NULL;
  }
  if (mode == PDN_MUST_AGREE && given && p && p != given &&
      gametype_number(p->v.pdn_gametype) != gametype_number(given->v.pdn_gametype)) {
    err_set(e, "the game is %s (tag %s), the command line says %s", p->v.name,
            pdn_tag_value(r, "Variant") && registry_find(reg, pdn_tag_value(r, "Variant")) ? "Variant" : "GameType",
            given->v.name);
    return NULL;
  }
  if (p && !(mode == PDN_MUST_AGREE && given)) return p;
  if (given) return given;
  err_set(e, "the game names no variant (no GameType or Variant tag): give one");
  return NULL;
}

int pdn_rules(const pdn_record *r, const dr_variant *v, ruleset *rs, err *e) {
  const char *spec = pdn_tag_value(r, "Rules");
  if (rules_load_named(rs, v, spec ? spec : "", e) == 0) return 0;
  return spec ? err_prefix(e, "tag Rules") : -1;
}

/* -------------------------------------------------------------- result */

/* DR_* for a result's text, -1 for "*", "0-0" (both lose) or anything else. */
static int result_of(const char *text) {
  if (!text) return -1;
  if (strcmp(text, "1-0") == 0 || strcmp(text, "2-0") == 0) return DR_WHITE_WINS;
  if (strcmp(text, "0-1") == 0 || strcmp(text, "0-2") == 0) return DR_BLACK_WINS;
  if (strcmp(text, "1/2-1/2") == 0 || strcmp(text, "1-1") == 0) return DR_DRAW;
  return -1;
}

int pdn_result(const pdn_record *r, const game *g, pdn_notes *notes) {
  const char *tag = pdn_tag_value(r, "Result");
  int tagged = result_of(tag), closing = result_of(r->result);
  if (tagged >= 0 && closing >= 0 && tagged != closing)
    note(notes, "tag Result %.16s and the closing result %s disagree: the tag's is kept", tag, r->result);
  if (tag && tagged < 0 && strcmp(tag, "*") && closing < 0)
    note(notes, "tag Result \"%.40s\" is no result PDN knows", tag);
  int said = tagged >= 0 ? tagged : closing;
  if (said < 0) return g->result;
  if (g->result != DR_ONGOING && g->result != said)
    note(notes, "the file's result %s is not the rules' %s (%s): the file's is kept",
         pdn_result_text(g->rs->v, said), pdn_result_text(g->rs->v, g->result), g->why);
  return said;
}

const char *pdn_result_text(const dr_variant *v, int result) {
  int two_points = pdn_results(v) == DR_PDN_RESULTS_TWO_POINTS;
  switch (result) {
  case DR_WHITE_WINS: return two_points ? "2-0" : "1-0";
  case DR_BLACK_WINS: return two_points ? "0-2" : "0-1";
  case DR_DRAW: return two_points ? "1-1" : "1/2-1/2";
  default: return "*";
  }
}

/* -------------------------------------------------------------- replay */

/* The last point of a move token ("e5" of "c3xe5") and the first ("c3"). */
static const char *last_point(const char *t) {
  const char *p = t + strlen(t);
  while (p > t && !strchr("-xX:", p[-1])) p--;
  return p;
}

static size_t first_point_len(const char *t) { return strcspn(t, "-xX:"); }

/* A capture of several jumps written one jump per token ("c3xe5 e5xg7", as
** playstrategy exports them): the tokens from 'i' on, joined while each starts where
** the last one landed, until they name a legal move.  How many tokens it took, 0 if
** none did. */
static int joined_jumps(const dr_geometry *g, const dr_movelist *legal, char *const *moves, int i, int n,
                        const dr_move **out) {
  char path[1024];
  if (!strpbrk(moves[i], "xX:")) return 0; /* only captures go on */
  snprintf(path, sizeof path, "%s", moves[i]);
  for (int k = i + 1; k < n && k - i < DR_MAX_JUMPS; k++) {
    const char *landing = last_point(path), *next = moves[k];
    size_t len = first_point_len(next);
    if (!next[len] || !strchr("xX:", next[len]) || point_find(g, landing, strlen(landing)) < 0 ||
        point_find(g, landing, strlen(landing)) != point_find(g, next, len))
      return 0;
    size_t used = strlen(path);
    snprintf(path + used, sizeof path - used, "x%s", last_point(next));
    err ignored;
    if ((*out = move_parse(g, legal, path, &ignored)) != NULL) return k - i + 1;
  }
  return 0;
}

/* A replay in progress: the record, its game, and the search for the reading of a
** capture written too short to say which it is. */
typedef struct replay {
  const pdn_record *r;
  game *g;
  pdn_notes *notes; /* NULL while a reading is tried */
  int first_turn;
  int ended;        /* the ply at which the rules ended the game, if the file plays on; -1 */
  int depth;        /* readings tried inside readings */
  long budget;      /* plies the readings tried may still play: a hostile file cannot make it explode */
} replay;

enum { READING_DEPTH = 3, READING_PLIES = 200000 };

static int replay_moves(replay *rp, int i, err *e);

static void undo_to(game *g, int count) {
  while (g->count > count) game_undo(g);
}

/* "10x26" where two captures go there (the standard asks for the full path then):
** the one reading with which the rest of the game replays.  1 with it in 'out'; 0 when
** none or several fit, or the search would cost too much. */
static int reading_that_fits(replay *rp, int i, dr_move *out) {
  const dr_move *found[8];
  dr_move cand[8];
  err ignored;
  int n = move_candidates(rp->g->rs->v->geometry, &rp->g->legal, rp->r->moves[i], found, 8, &ignored), fits = 0;
  if (n < 2 || n > 8 || rp->depth >= READING_DEPTH) return 0;
  for (int k = 0; k < n; k++) cand[k] = *found[k]; /* the list changes as they are tried */
  int at = rp->g->count;
  for (int k = 0; k < n && rp->budget > 0; k++) {
    replay trial = *rp;
    trial.notes = NULL, trial.depth++;
    int ok = game_play_on(rp->g, &cand[k], &ignored) == 0 && replay_moves(&trial, i + 1, &ignored) == 0;
    rp->budget = trial.budget;
    undo_to(rp->g, at);
    if (ok && fits++ == 0) *out = cand[k];
  }
  return fits == 1 && rp->budget > 0;
}

static int replay_fail(const replay *rp, int i, err *e) {
  int k = rp->g->count + rp->first_turn;
  return err_prefix(e, "ply %d, move %d%s %s", rp->g->count + 1, k / 2 + 1, k % 2 ? "..." : ".", rp->r->moves[i]);
}

/* Plays the record's moves from 'i' on; -1 with 'e' naming the ply and the move. */
static int replay_moves(replay *rp, int i, err *e) {
  const pdn_record *r = rp->r;
  game *g = rp->g;
  for (; i < r->nmoves; i++) {
    if (g->result != DR_ONGOING && rp->ended < 0 && rp->notes) {
      rp->ended = g->count;
      note(rp->notes, "the rules end the game after ply %d (%s); the file plays on and every move is checked",
           g->count, g->why);
    }
    err first;
    dr_move reading;
    const dr_move *m = move_parse(g->rs->v->geometry, &g->legal, r->moves[i], &first);
    int used = m ? 1 : joined_jumps(g->rs->v->geometry, &g->legal, r->moves, i, r->nmoves, &m);
    if (!m && reading_that_fits(rp, i, &reading)) {
      m = &reading, used = 1;
      note(rp->notes, "ply %d: '%s' could be several captures; the rest of the game says which", g->count + 1,
           r->moves[i]);
    }
    if (!m) return *e = first, replay_fail(rp, i, e);
    if (!rp->notes && --rp->budget < 0) return err_set(e, "the readings tried cost too much");
    if (game_play_on(g, m, e)) return replay_fail(rp, i, e);
    i += used - 1;
  }
  return 0;
}

int pdn_replay(const pdn_record *r, const ruleset *rs, game *g, pdn_notes *notes, err *e) {
  const char *fen = pdn_tag_value(r, "FEN");
  dr_position start;
  if (fen_read(rs, fen ? fen : "start", &start, e)) return err_prefix(e, "PDN FEN tag");
  if (game_init(g, rs, &start, e)) return -1;
  replay rp = {r, g, notes, start.turn, -1, 0, READING_PLIES};
  if (replay_moves(&rp, 0, e) == 0) return 0;
  game_free(g);
  return -1;
}

/* --------------------------------------------------------------- write */

const char *pdn_player_tag(const dr_variant *v, int side) {
  char c = fen_letter(v, side);
  return c == 'W' ? "White" : c == 'B' ? "Black" : side ? "Black" : "White";
}

static void write_tag(FILE *out, const char *name, const char *value) {
  fprintf(out, "[%s \"", name);
  for (const char *p = value; *p; p++) fprintf(out, (*p == '"' || *p == '\\') ? "\\%c" : "%c", *p);
  fprintf(out, "\"]\n");
}

static void write_header(FILE *out, const game *g, const pdn_tag *tags, int ntags, int notation) {
  const dr_variant *v = g->rs->v;
  char buf[512];
  for (int i = 0; i < ntags; i++)
    if (strcasecmp(tags[i].name, "Result")) write_tag(out, tags[i].name, tags[i].value);
  write_tag(out, "Result", pdn_result_text(v, g->result)); /* the closing result's twin, as PDN asks */
  if (v->pdn_gametype) write_tag(out, "GameType", v->pdn_gametype);
  write_tag(out, "Variant", v->name);
  rules_spec(g->rs, buf, sizeof buf);
  if (*buf) write_tag(out, "Rules", buf);
  dr_position start;
  if (g->rs->initial(&g->rs->rules, &start) != DR_OK || memcmp(&start, &g->ply[0].pos, sizeof start) != 0) {
    fen_write_as(v, &g->ply[0].pos, notation, buf, sizeof buf);
    write_tag(out, "SetUp", "1");
    write_tag(out, "FEN", buf);
  }
}

void pdn_write(FILE *out, const game *g, const pdn_tag *tags, int ntags) { pdn_write_comments(out, g, tags, ntags, NULL); }

void pdn_write_comments(FILE *out, const game *g, const pdn_tag *tags, int ntags, const char *const *comments) {
  const dr_variant *v = g->rs->v;
  write_header(out, g, tags, ntags, pdn_notation(v));
  fputc('\n', out);
  int column = 0, black_first = g->ply[0].pos.turn == DR_BLACK;
  dr_movelist *legal = xmalloc(sizeof *legal);
  for (int i = 0; i < g->count; i++) {
    char word[256], text[200];
    rules_generate(g->rs, &g->ply[i].pos, legal);
    move_text_short_as(v, legal, &g->ply[i].move, text, sizeof text);
    int k = i + black_first, number = k / 2 + 1;
    if (k % 2 == 0)
      snprintf(word, sizeof word, "%d. %s", number, text);
    else if (i == 0)
      snprintf(word, sizeof word, "%d... %s", number, text);
    else
      snprintf(word, sizeof word, "%s", text);
    if (comments && comments[i] && *comments[i]) {
      size_t used = strlen(word);
      snprintf(word + used, sizeof word - used, " {%s}", comments[i]);
    }
    int len = (int)strlen(word);
    if (column && column + 1 + len > 79) fputc('\n', out), column = 0;
    column += fprintf(out, "%s%s", column ? " " : "", word);
  }
  free(legal);
  fprintf(out, "%s%s\n\n", column ? " " : "", pdn_result_text(v, g->result));
}
