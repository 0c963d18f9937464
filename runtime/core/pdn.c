/*
** pdn.c — PDN reading and writing.  Reading is two steps: the text is split into
** tags and move tokens (no rules needed), then the tokens are replayed against the
** legal moves, so every error names either a line or a move number.
*/
#include "pdn.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "position.h"

const char *pdn_tag_value(const pdn_record *r, const char *name) {
  for (int i = 0; i < r->ntags; i++)
    if (strcmp(r->tags[i].name, name) == 0) return r->tags[i].value;
  return NULL;
}

void pdn_record_free(pdn_record *r) {
  for (int i = 0; i < r->nmoves; i++) free(r->moves[i]);
  free(r->moves);
  memset(r, 0, sizeof *r);
}

typedef struct scanner {
  const char *s;
  size_t at;
  int line;
  err *e;
} scanner;

static int scan_fail(scanner *sc, const char *what) {
  return err_set(sc->e, "PDN line %d: %s", sc->line, what);
}

static void skip_space(scanner *sc) {
  for (; sc->s[sc->at] && isspace((unsigned char)sc->s[sc->at]); sc->at++)
    if (sc->s[sc->at] == '\n') sc->line++;
}

/* Skips a {comment}, (variation) or ;line comment; returns -1 if unterminated. */
static int skip_aside(scanner *sc) {
  char open = sc->s[sc->at];
  if (open == ';') {
    while (sc->s[sc->at] && sc->s[sc->at] != '\n') sc->at++;
    return 0;
  }
  char close = open == '{' ? '}' : ')';
  int depth = 0, first_line = sc->line;
  for (; sc->s[sc->at]; sc->at++) {
    char c = sc->s[sc->at];
    if (c == '\n') sc->line++;
    if (c == open) depth++;
    if (c == close && --depth == 0) {
      sc->at++;
      return 0;
    }
  }
  sc->line = first_line; /* point at where it opened */
  return scan_fail(sc, open == '{' ? "unterminated comment" : "unterminated variation");
}

static int read_tag(scanner *sc, pdn_record *r) {
  const char *p = sc->s + sc->at + 1;
  size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
  if (n == 0 || n >= sizeof r->tags[0].name) return scan_fail(sc, "a tag needs a name");
  if (r->ntags == PDN_MAX_TAGS) return scan_fail(sc, "too many tags");
  pdn_tag *t = &r->tags[r->ntags];
  memcpy(t->name, p, n);
  t->name[n] = '\0';
  p += n;
  while (*p == ' ' || *p == '\t') p++;
  if (*p != '"') return scan_fail(sc, "a tag's value must be in double quotes");
  size_t len = 0;
  for (p++; *p && *p != '"' && *p != '\n'; p++) {
    if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
    if (len + 1 < sizeof t->value) t->value[len++] = *p;
  }
  t->value[len] = '\0';
  if (*p != '"') return scan_fail(sc, "unterminated tag value");
  for (p++; *p == ' ' || *p == '\t'; p++) {}
  if (*p != ']') return scan_fail(sc, "expected ']' after a tag");
  sc->at = (size_t)(p + 1 - sc->s);
  r->ntags++;
  return 0;
}

static int is_result(const char *tok, size_t n) {
  static const char *const results[] = {"1-0", "0-1", "2-0", "0-2", "1/2-1/2", "1-1", "0-0", "*"};
  for (size_t i = 0; i < sizeof results / sizeof *results; i++)
    if (strlen(results[i]) == n && strncmp(results[i], tok, n) == 0) return 1;
  return 0;
}

static void add_move(pdn_record *r, const char *tok, size_t n) {
  /* Doubles at 0, 1, 2, 4, ... moves: growing by one made a long file quadratic. */
  if ((r->nmoves & (r->nmoves - 1)) == 0)
    r->moves = xrealloc(r->moves, (r->nmoves ? 2 * (size_t)r->nmoves : 1) * sizeof *r->moves);
  char *m = xmalloc(n + 1);
  memcpy(m, tok, n);
  m[n] = '\0';
  r->moves[r->nmoves++] = m;
}

/* One movetext token: a move number, a move, a NAG, or the result (which ends the game). */
static int read_token(scanner *sc, pdn_record *r, int *done) {
  const char *tok = sc->s + sc->at;
  size_t n = strcspn(tok, " \t\r\n{}();[");
  if (n == 0) /* a ')' or '}' that closes nothing: no token to step over, so refuse it */
    return err_set(sc->e, "PDN line %d: '%c' closes nothing", sc->line, *tok);
  sc->at += n;
  if (is_result(tok, n)) {
    snprintf(r->result, sizeof r->result, "%.*s", (int)n, tok);
    *done = 1;
    return 0;
  }
  size_t digits = strspn(tok, "0123456789");
  if (digits && digits < n && tok[digits] == '.') { /* "12." or "12..." then maybe a move */
    tok += digits;
    n -= digits;
    while (n && *tok == '.') tok++, n--;
  }
  if (n && *tok == '$') return 0;                    /* NAG */
  while (n && strchr("!?", tok[n - 1])) n--;         /* annotations */
  if (n == 0) return 0;
  if (!isalnum((unsigned char)*tok)) return scan_fail(sc, "unexpected character in the moves");
  if (n > 200) return scan_fail(sc, "a move token longer than 200 characters");
  add_move(r, tok, n);
  return 0;
}

int pdn_parse(const char *text, pdn_cursor *c, pdn_record *r, err *e) {
  memset(r, 0, sizeof *r);
  snprintf(r->result, sizeof r->result, "*");
  scanner sc = {text, c->at, c->line, e};
  skip_space(&sc);
  c->at = sc.at, c->line = sc.line;
  if (!text[sc.at]) return 0;
  int done = 0, rc = 0;
  while (!rc && text[sc.at] == '[') {
    rc = read_tag(&sc, r);
    skip_space(&sc);
  }
  while (!rc && !done && text[sc.at] && text[sc.at] != '[') {
    char c = text[sc.at];
    rc = (c == '{' || c == '(' || c == ';') ? skip_aside(&sc) : read_token(&sc, r, &done);
    skip_space(&sc);
  }
  c->at = sc.at, c->line = sc.line;
  if (rc) {
    pdn_record_free(r);
    return -1;
  }
  return 1;
}

const plugin *pdn_variant(registry *reg, const pdn_record *r, const char *fallback, err *e) {
  const char *name = pdn_tag_value(r, "Variant");
  if (name) {
    const plugin *p = registry_lookup(reg, name, e); /* a file's tag names, never loads */
    if (!p) err_prefix(e, "tag Variant");
    return p;
  }
  const char *type = pdn_tag_value(r, "GameType");
  if (type) {
    size_t n = strcspn(type, ",");
    for (int i = 0; i < reg->count; i++) {
      const char *t = reg->items[i]->v.pdn_gametype;
      if (t && strlen(t) == n && strncmp(t, type, n) == 0) return reg->items[i];
    }
    if (!fallback) {
      err_set(e, "tag GameType: no variant plugin plays PDN GameType %.*s", (int)(n < 64 ? n : 64), type);
      return NULL;
    }
  }
  if (fallback) return registry_resolve(reg, fallback, e);
  err_set(e, "the game names no variant (no GameType or Variant tag): give one");
  return NULL;
}

int pdn_rules(const pdn_record *r, const dr_variant *v, ruleset *rs, err *e) {
  const char *spec = pdn_tag_value(r, "Rules");
  if (rules_load_named(rs, v, spec ? spec : "", e) == 0) return 0;
  return spec ? err_prefix(e, "tag Rules") : -1;
}

int pdn_replay(const pdn_record *r, const ruleset *rs, game *g, err *e) {
  const char *fen = pdn_tag_value(r, "FEN");
  dr_position start;
  if (fen_read(rs, fen ? fen : "start", &start, e)) return err_prefix(e, "PDN FEN tag");
  if (game_init(g, rs, &start, e)) return -1;
  for (int i = 0; i < r->nmoves; i++) {
    const dr_move *m = move_parse(rs->v->geometry, &g->legal, r->moves[i], e);
    if (!m || game_play(g, m, e)) {
      int number = i / 2 + 1;
      err_prefix(e, "PDN move %d%s %s", number, (i + start.turn) % 2 ? "..." : ".", r->moves[i]);
      game_free(g);
      return -1;
    }
  }
  return 0;
}

const char *pdn_player_tag(const dr_variant *v, int side) {
  char c = fen_letter(v, side);
  return c == 'W' ? "White" : c == 'B' ? "Black" : side ? "Black" : "White";
}

static void write_tag(FILE *out, const char *name, const char *value) {
  fprintf(out, "[%s \"", name);
  for (const char *p = value; *p; p++) fprintf(out, (*p == '"' || *p == '\\') ? "\\%c" : "%c", *p);
  fprintf(out, "\"]\n");
}

static int tag_given(const pdn_tag *tags, int ntags, const char *name) {
  for (int i = 0; i < ntags; i++)
    if (strcmp(tags[i].name, name) == 0) return 1;
  return 0;
}

static void write_header(FILE *out, const game *g, const pdn_tag *tags, int ntags, int notation) {
  const dr_variant *v = g->rs->v;
  char buf[512];
  for (int i = 0; i < ntags; i++) write_tag(out, tags[i].name, tags[i].value);
  if (!tag_given(tags, ntags, "Result")) write_tag(out, "Result", result_text(g->result));
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

void pdn_write(FILE *out, const game *g, const pdn_tag *tags, int ntags) {
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
    int len = (int)strlen(word);
    if (column && column + 1 + len > 79) fputc('\n', out), column = 0;
    column += fprintf(out, "%s%s", column ? " " : "", word);
  }
  free(legal);
  fprintf(out, "%s%s\n\n", column ? " " : "", result_text(g->result));
}
