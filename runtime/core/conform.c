/*
** conform.c — the conformance suite.  Every check is phrased in terms of the
** descriptor and the generic modules (position, notation, game), so a new variant
** is checked the moment it exists.
*/
#include "conform.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "rules.h"

void conform_defaults(conform_options *o) {
  memset(o, 0, sizeof *o);
  o->perft_budget = 25000000; /* depth 10 of 8x8 draughts */
  o->games = 100;
  o->max_plies = 600;
  o->seed = 20261129;
}

static void tally(conform_report report, void *ud, conform_counts *c, int ok, const char *check,
                  const char *detail) {
  if (ok) c->passed++;
  else c->failed++;
  report(ud, ok, check, detail);
}

/* ---------------------------------------------------------- descriptor */

void conform_descriptor(const dr_variant *v, conform_report report, void *ud, conform_counts *c) {
  err e = {""};
  ruleset rs;
  int n = 0, ok = 1;
  for (const dr_preset *p = v->presets; ok && p && p->name; p++, n++) {
    ok = rules_load(&rs, v, p->name, &e) == 0;
    if (ok) rules_free(&rs);
  }
  tally(report, ud, c, ok, "every preset loads", ok ? "" : e.msg);
  if (rules_load(&rs, v, NULL, &e)) return;
  int same = 1;
  for (int i = 0; i < v->noptions; i++) same &= rs.rules.opt[i] == v->options[i].def;
  if (n > 0)
    tally(report, ud, c, same, "the default preset leaves every option at its default",
          same ? "" : "an option differs from its declared default");
  dr_position start;
  ok = rs.initial(&rs.rules, &start) == DR_OK && pos_check(v->geometry, &start, &e) == 0;
  tally(report, ud, c, ok, "the start position is possible", ok ? "" : e.msg);
  rules_free(&rs);
}

/* --------------------------------------------------------------- perft */

typedef struct perft_record {
  int by_path;
  char rules[256], fen[1024];
  int ncounts;
  uint64_t counts[64];
} perft_record;

/* "perft RULES FEN N1 N2 ..." -> record; 1 read, 0 blank/comment, -1 malformed. */
static int parse_perft_line(const char *line, perft_record *r) {
  char kind[16];
  int used = 0;
  memset(r, 0, sizeof *r);
  if (sscanf(line, " %15s%n", kind, &used) != 1 || kind[0] == '#') return 0;
  if (strcmp(kind, "perft") && strcmp(kind, "paths")) return -1;
  r->by_path = kind[1] == 'a';
  line += used;
  if (sscanf(line, " %255s %1023s%n", r->rules, r->fen, &used) != 2) return -1;
  line += used;
  for (unsigned long long n; r->ncounts < 64 && sscanf(line, " %llu%n", &n, &used) == 1; line += used)
    r->counts[r->ncounts++] = n;
  while (isspace((unsigned char)*line)) line++;
  return r->ncounts > 0 && (*line == '\0' || *line == '#') ? 1 : -1;
}

static void check_perft_record(const dr_variant *v, const perft_record *r, const conform_options *o,
                               conform_report report, void *ud, conform_counts *c) {
  char check[1400], detail[512] = "";
  ruleset rs;
  dr_position p;
  err e;
  snprintf(check, sizeof check, "%s %s %s", r->by_path ? "paths" : "perft", r->rules, r->fen);
  if (rules_load_spec(&rs, v, r->rules, &e) || fen_read(&rs, r->fen, &p, &e)) {
    tally(report, ud, c, 0, check, e.msg);
    return;
  }
  int depth = 0, ok = 1;
  for (int d = 1; ok && d <= r->ncounts; d++) {
    if (o->depth ? d > o->depth : (d > 1 && r->counts[d - 1] > o->perft_budget)) break;
    uint64_t n = perft(&rs, &p, d, r->by_path ? PERFT_BY_PATH : PERFT_BY_EFFECT);
    ok = n == r->counts[d - 1];
    if (n == UINT64_MAX)
      snprintf(detail, sizeof detail, "depth %d: %s", d, guard_refusal(v) ? guard_refusal(v) : "a move list overflowed");
    else if (!ok)
      snprintf(detail, sizeof detail, "depth %d: got %" PRIu64 ", expected %" PRIu64, d, n, r->counts[d - 1]);
    depth = d;
  }
  if (ok) snprintf(detail, sizeof detail, "depths 1-%d", depth);
  size_t len = strlen(check);
  snprintf(check + len, sizeof check - len, " (%s)", detail);
  tally(report, ud, c, ok, check, ok ? "" : detail);
}

void conform_perft(const dr_variant *v, const conform_options *o, conform_report report, void *ud,
                   conform_counts *c) {
  if (!v->perft || !*v->perft) {
    tally(report, ud, c, 0, "perft data", "the plugin ships no perft figures");
    return;
  }
  const char *line = v->perft;
  for (int number = 1; *line; number++) {
    size_t n = strcspn(line, "\n");
    char buf[4096];
    perft_record r;
    snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), line);
    int got = parse_perft_line(buf, &r);
    if (got < 0) {
      char detail[64];
      snprintf(detail, sizeof detail, "line %d is malformed", number);
      tally(report, ud, c, 0, "perft data", detail);
    } else if (got > 0) {
      check_perft_record(v, &r, o, report, ud, c);
    }
    line += n + (line[n] == '\n');
  }
}

/* ------------------------------------------------------- random games */

typedef struct game_check {
  const ruleset *rs;
  const dr_position *pos;
  err *e;
} game_check;

/* The whole contract of a move (guard.c), whatever the build checks while playing. */
static int check_move(const game_check *k, const dr_move *m) {
  const dr_geometry *g = k->rs->v->geometry;
  const char *fault = guard_move_fault(g, k->pos, m);
  if (!fault) return 0;
  char t[256];
  guard_move_text(g, m, t, sizeof t);
  return err_set(k->e, "%s: %s", t, fault);
}

/* The plugin's fast count, where it has one, must say what the list says. */
static int check_quiet_count(const game_check *k, const dr_movelist *legal, int captures) {
  if (!k->rs->quiet_count) return 0;
  int want = captures ? -1 : legal->count, got = rules_quiet_count(k->rs, k->pos);
  if (got != want) return err_set(k->e, "quiet_count gives %d, the move list %d%s", got, want, captures ? " (a capture)" : "");
  return 0;
}

static int check_moves(const game_check *k, const dr_movelist *legal) {
  int captures = 0;
  for (int i = 0; i < legal->count; i++) captures += legal->moves[i].captured != 0;
  if (check_quiet_count(k, legal, captures)) return -1;
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    if (check_move(k, m)) return -1;
    if (captures && !m->captured) return err_set(k->e, "a plain move is listed although a capture exists");
    for (int j = 0; j < i; j++)
      if (move_same_path(m, &legal->moves[j])) return err_set(k->e, "a move is listed twice");
  }
  return 0;
}

static int check_text_round_trips(const game_check *k, const dr_movelist *legal) {
  const dr_geometry *g = k->rs->v->geometry;
  char fen[2048], t[256];
  dr_position back;
  int numeric = geometry_has_numbers(g);
  for (int form = 0; form <= numeric; form++) {
    fen_write_as(k->rs->v, k->pos, form, fen, sizeof fen);
    if (fen_read(k->rs, fen, &back, k->e) || memcmp(&back, k->pos, sizeof back))
      return err_set(k->e, "FEN %s does not read back as the same position", fen);
  }
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i], *parsed;
    move_text(g, m, NOTATION_ALGEBRAIC, t, sizeof t);
    parsed = move_parse(g, legal, t, k->e);
    if (!parsed || !move_same_effect(parsed, m)) return err_set(k->e, "move text %s does not read back", t);
    move_text_short(g, legal, m, numeric, t, sizeof t);
    parsed = move_parse(g, legal, t, k->e);
    if (!parsed || !move_same_effect(parsed, m)) return err_set(k->e, "short move text %s does not read back", t);
  }
  return 0;
}

/* Plays the move, checks the key against a fresh hash, undoes, checks restoration. */
static int check_apply_undo(game *gm, const dr_move *m, err *e) {
  dr_position before = *game_position(gm);
  uint64_t key = gm->ply[gm->count].key;
  if (game_play(gm, m, e)) return -1;
  if (gm->ply[gm->count].key != pos_hash(game_position(gm)))
    return err_set(e, "the incremental hash differs from the hash of the position");
  if (pos_check(gm->rs->v->geometry, game_position(gm), e)) return err_prefix(e, "after a move");
  game_undo(gm);
  if (memcmp(&before, game_position(gm), sizeof before) || key != gm->ply[gm->count].key)
    return err_set(e, "undo does not restore the position and its hash");
  return 0;
}

/* One random game; returns -1 on the first broken invariant. */
static int random_game(const ruleset *rs, rng *r, int max_plies, int *ended, err *e) {
  dr_position start;
  game gm;
  if (fen_read(rs, "start", &start, e) || game_init(&gm, rs, &start, e)) return -1;
  int rc = 0;
  while (!rc && gm.result == DR_ONGOING && gm.count < max_plies) {
    game_check k = {rs, game_position(&gm), e};
    rc = check_moves(&k, &gm.legal) || check_text_round_trips(&k, &gm.legal);
    if (rc || gm.legal.count == 0) break;
    const dr_move *m = &gm.legal.moves[rng_below(r, (uint32_t)gm.legal.count)];
    dr_move chosen = *m;
    rc = check_apply_undo(&gm, &chosen, e) || game_play(&gm, &chosen, e);
  }
  if (!rc && gm.result == DR_ONGOING && gm.legal.count == 0) rc = err_set(e, "no legal move but the game goes on");
  if (!rc && gm.result != DR_ONGOING) ++*ended;
  if (rc) {
    char fen[1024];
    fen_write_as(rs->v, game_position(&gm), NOTATION_ALGEBRAIC, fen, sizeof fen);
    err_prefix(e, "at ply %d, %s", gm.count, fen);
  }
  game_free(&gm);
  return rc ? -1 : 0;
}

void conform_games_with(const ruleset *rs, const char *label, const conform_options *o, conform_report report,
                        void *ud, conform_counts *c) {
  err e = {""};
  rng r = {o->seed};
  int ended = 0, ok = 1;
  for (int i = 0; ok && i < o->games; i++) ok = random_game(rs, &r, o->max_plies, &ended, &e) == 0;
  char check[600];
  snprintf(check, sizeof check, "%d random games (%s): moves, FEN, move text, apply/undo, hash", o->games, label);
  tally(report, ud, c, ok, check, e.msg);
  if (!ok) return;
  snprintf(check, sizeof check, "random games (%s) reach the end within %d plies", label, o->max_plies);
  snprintf(e.msg, sizeof e.msg, "%d of %d games ended", ended, o->games);
  tally(report, ud, c, ended == o->games, check, ended == o->games ? "" : e.msg);
}

void conform_games(const dr_variant *v, const conform_options *o, conform_report report, void *ud,
                   conform_counts *c) {
  const dr_preset none[] = {{"", ""}, {NULL, NULL}};
  for (const dr_preset *p = v->presets && v->presets[0].name ? v->presets : none; p->name; p++) {
    ruleset rs;
    err e;
    if (rules_load(&rs, v, *p->name ? p->name : NULL, &e)) {
      tally(report, ud, c, 0, p->name, e.msg);
      continue;
    }
    conform_games_with(&rs, *p->name ? p->name : "default", o, report, ud, c);
    rules_free(&rs);
  }
}

/* ---------------------------------------------------- hand-made cases */

typedef struct rule_case {
  char dir[512]; /* of the cases file: rules scripts are named relative to it */
  char title[256];
  int line;
  char rules[256];
  char fen[1024];
  char moves[8192];
  char history[512];
  char verdict[32];
  char error[128];
  int has_moves, has_verdict, has_error;
} rule_case;

static int split_words(char *s, char **words, int max) {
  int n = 0;
  for (char *save = NULL, *w = strtok_r(s, " \t", &save); w && n < max; w = strtok_r(NULL, " \t", &save))
    words[n++] = w;
  return n;
}

static int by_string(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The moves of 'p' as sorted full-path texts, against the sorted expected ones. */
static int case_moves(const ruleset *rs, const dr_position *p, rule_case *rc, err *e) {
  dr_movelist *list = xmalloc(sizeof *list);
  int status = rules_generate(rs, p, list), result = 0;
  char *want[DR_MAX_MOVES], *got[DR_MAX_MOVES];
  char (*texts)[256] = xmalloc(sizeof(*texts) * DR_MAX_MOVES);
  int nwant = split_words(rc->moves, want, DR_MAX_MOVES), ngot = list->count;
  for (int i = 0; i < ngot; i++) {
    move_text(rs->v->geometry, &list->moves[i], NOTATION_ALGEBRAIC, texts[i], sizeof texts[i]);
    got[i] = texts[i];
  }
  qsort(want, nwant, sizeof *want, by_string);
  qsort(got, ngot, sizeof *got, by_string);
  int same = status == DR_OK && nwant == ngot;
  for (int i = 0; same && i < ngot; i++) same = strcasecmp(want[i], got[i]) == 0;
  if (!same) {
    char list_text[ERR_LEN] = "";
    for (int i = 0; i < ngot; i++) {
      size_t used = strlen(list_text);
      snprintf(list_text + used, sizeof list_text - used, " %s", got[i]);
    }
    result = err_set(e, "generated:%s", ngot ? list_text : " nothing");
  }
  free(texts);
  free(list);
  return result;
}

/* A case sets any counter but the number of moves, which the generator gives. */
static int set_history_field(dr_history *h, const char *assignment, err *e) {
  const char *eq = strchr(assignment, '=');
  for (const history_field *f = history_fields; eq && f->name; f++)
    if (f->offset != offsetof(dr_history, nmoves) && strlen(f->name) == (size_t)(eq - assignment) &&
        strncmp(f->name, assignment, (size_t)(eq - assignment)) == 0) {
      *(int *)((char *)h + f->offset) = atoi(eq + 1);
      return 0;
    }
  return err_set(e, "unknown history field in '%s'", assignment);
}

static int case_verdict(const ruleset *rs, const dr_position *p, rule_case *rc, err *e) {
  static const char *const names[] = {"ongoing", "white", "black", "draw"};
  dr_history h = {0};
  h.repetitions = 1;
  char *words[16];
  int n = split_words(rc->history, words, 16);
  for (int i = 0; i < n; i++)
    if (set_history_field(&h, words[i], e)) return -1;
  dr_movelist *list = xmalloc(sizeof *list);
  rules_generate(rs, p, list);
  h.nmoves = list->count;
  free(list);
  const char *why;
  int got = rules_judge(rs, p, &h, &why);
  if (got == GUARD_REFUSED) return guard_error(rs->v, got, e);
  if (strcmp(names[got], rc->verdict) != 0)
    return err_set(e, "verdict %s (%s), expected %s", names[got], why ? why : "no reason", rc->verdict);
  return 0;
}

/* "script.lua,opt=v" beside the cases file becomes "DIR/script.lua,opt=v". */
static void resolve_rules(const rule_case *rc, char *out, size_t len) {
  size_t first = strcspn(rc->rules, ",");
  int script = first > 4 && strncmp(rc->rules + first - 4, ".lua", 4) == 0;
  if (script && rc->rules[0] != '/' && rc->dir[0])
    snprintf(out, len, "%s/%s", rc->dir, rc->rules);
  else
    snprintf(out, len, "%s", rc->rules);
}

static int check_case(const ruleset *rs, rule_case *rc, err *e) {
  dr_position p;
  if (rc->has_error) {
    if (fen_read(rs, rc->fen, &p, e) == 0) return err_set(e, "the position was accepted");
    if (!strstr(e->msg, rc->error)) return err_prefix(e, "message lacks '%s'", rc->error);
    return 0;
  }
  if (fen_read(rs, rc->fen, &p, e)) return -1;
  if (rc->has_moves && case_moves(rs, &p, rc, e)) return -1;
  if (rc->has_verdict && case_verdict(rs, &p, rc, e)) return -1;
  if (!rc->has_moves && !rc->has_verdict) return err_set(e, "the case checks nothing");
  return 0;
}

static int run_case(const dr_variant *v, rule_case *rc, err *e) {
  ruleset rs;
  char spec[1024];
  resolve_rules(rc, spec, sizeof spec);
  if (rules_load_spec(&rs, v, spec, e)) return -1;
  int result = check_case(&rs, rc, e);
  rules_free(&rs);
  return result;
}

static void finish_case(const dr_variant *v, rule_case *rc, const char *name, conform_report report, void *ud,
                        conform_counts *c) {
  if (!rc->title[0]) return;
  err e = {""};
  char dir[sizeof rc->dir];
  memcpy(dir, rc->dir, sizeof dir);
  char check[400];
  snprintf(check, sizeof check, "%s:%d: %s", name, rc->line, rc->title);
  if (!rc->fen[0]) err_set(&e, "no fen");
  tally(report, ud, c, rc->fen[0] && run_case(v, rc, &e) == 0, check, e.msg);
  memset(rc, 0, sizeof *rc);
  memcpy(rc->dir, dir, sizeof dir);
}

static void case_field(rule_case *rc, const char *key, const char *value) {
  struct { const char *key; char *dst; size_t len; int *flag; } fields[] = {
      {"rules", rc->rules, sizeof rc->rules, NULL},      {"fen", rc->fen, sizeof rc->fen, NULL},
      {"moves", rc->moves, sizeof rc->moves, &rc->has_moves},
      {"history", rc->history, sizeof rc->history, NULL},
      {"verdict", rc->verdict, sizeof rc->verdict, &rc->has_verdict},
      {"error", rc->error, sizeof rc->error, &rc->has_error},
  };
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
    if (strcmp(fields[i].key, key) == 0) {
      snprintf(fields[i].dst, fields[i].len, "%s", value);
      if (fields[i].flag) *fields[i].flag = 1;
      return;
    }
  snprintf(rc->error, sizeof rc->error, "unknown field %s", key);
  rc->has_error = 1;
  rc->fen[0] = '\0'; /* make the case fail loudly */
}

void conform_cases(const dr_variant *v, const char *text, const char *name, conform_report report, void *ud,
                   conform_counts *c) {
  rule_case *rc = xmalloc(sizeof *rc);
  memset(rc, 0, sizeof *rc);
  const char *slash = strrchr(name, '/');
  if (slash) snprintf(rc->dir, sizeof rc->dir, "%.*s", (int)(slash - name), name);
  for (int number = 1; *text; number++) {
    size_t n = strcspn(text, "\n");
    char line[9000], key[64];
    snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), text);
    text += n + (text[n] == '\n');
    char *s = line;
    while (isspace((unsigned char)*s)) s++;
    if (*s == '#' || *s == '\0') continue;
    if (*s == '[') {
      finish_case(v, rc, name, report, ud, c);
      snprintf(rc->title, sizeof rc->title, "%.*s", (int)strcspn(s + 1, "]"), s + 1);
      rc->line = number;
      continue;
    }
    char *eq = strchr(s, '=');
    if (!eq || !rc->title[0]) {
      snprintf(key, sizeof key, "line %d", number);
      tally(report, ud, c, 0, name, "a line outside a [case] or without '='");
      continue;
    }
    *eq = '\0';
    char *value = eq + 1;
    for (char *k = eq - 1; k >= s && isspace((unsigned char)*k); k--) *k = '\0';
    while (isspace((unsigned char)*value)) value++;
    for (size_t len = strlen(value); len && isspace((unsigned char)value[len - 1]);) value[--len] = '\0';
    case_field(rc, s, value);
  }
  finish_case(v, rc, name, report, ud, c);
  free(rc);
}
