/*
** pdn_read.c — the text of a PDN file split into games: tags and move tokens, no
** rules needed.  What it accepts is the standard's reading grammar (a game is tags,
** then moves, comments, variations and NAGs, closed by a result or '*'; '%' starts a
** line comment) and what published files add: "1- 6" for 1-6, "77. ..." for a move
** left out.  What it refuses is what the standard's 'fail' files are: a move number
** with no move, a lone '.', a comment inside a comment, a game that runs into the next
** one's tags without a result.
*/
#include "pdn.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
  int number_waits; /* a move number was read: a move (or "...") must follow */
  char number[16];  /* that number, for the message */
} scanner;

static int scan_fail(scanner *sc, const char *what) {
  return err_set(sc->e, "PDN line %d: %s", sc->line, what);
}

static void skip_line(scanner *sc) {
  while (sc->s[sc->at] && sc->s[sc->at] != '\n') sc->at++;
}

/* White space, and the '%' line comments PDN 3.0 counts as white space. */
static void skip_space(scanner *sc) {
  for (char c; (c = sc->s[sc->at]) && (isspace((unsigned char)c) || c == '%');) {
    if (c == '%') { /* to the end of the line, which the file's end may be */
      skip_line(sc);
      continue;
    }
    if (c == '\n') sc->line++;
    sc->at++;
  }
}

/* Skips a {comment} (which cannot hold another: the first '}' closes it); -1 if unterminated. */
static int skip_comment(scanner *sc) {
  int first_line = sc->line;
  size_t opened = sc->at;
  for (sc->at++; sc->s[sc->at] && sc->s[sc->at] != '}'; sc->at++)
    if (sc->s[sc->at] == '\n') sc->line++;
  if (sc->s[sc->at] == '}') return sc->at++, 0;
  sc->line = first_line, sc->at = opened; /* point at where it opened: the next game is read from there on */
  return scan_fail(sc, "unterminated comment");
}

/* Skips a (variation), which may hold variations and comments; -1 if unterminated. */
static int skip_variation(scanner *sc) {
  int depth = 0, first_line = sc->line;
  size_t opened = sc->at;
  while (sc->s[sc->at]) {
    char c = sc->s[sc->at];
    if (c == '{') {
      if (skip_comment(sc)) return -1;
      continue;
    }
    if (c == '\n') sc->line++;
    sc->at++;
    if (c == '(') depth++;
    if (c == ')' && --depth == 0) return 0;
  }
  sc->line = first_line, sc->at = opened;
  return scan_fail(sc, "unterminated variation");
}

/* A {comment}, a (variation) or a ;line comment. */
static int skip_aside(scanner *sc) {
  char c = sc->s[sc->at];
  if (c == ';') return skip_line(sc), 0;
  return c == '{' ? skip_comment(sc) : skip_variation(sc);
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
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (tok[i] != ' ' && tok[i] != '\t') m[k++] = tok[i]; /* "1- 6" is 1-6 */
  m[k] = '\0';
  r->moves[r->nmoves++] = m;
}

static int is_separator(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

/* The length of the token at 'tok': up to white space or a special character, and
** on over one blank that only splits a move at its separator ("1- 6", "28 x19"). */
static size_t token_length(const char *tok) {
  size_t n = strcspn(tok, " \t\r\n{}();[%");
  for (;;) {
    const char *end = tok + n;
    int blank = end[0] == ' ' || end[0] == '\t';
    if (n && blank && is_separator(tok[n - 1]) && isalnum((unsigned char)end[1]))
      n += 1 + strcspn(end + 1, " \t\r\n{}();[%");
    else if (n && blank && isalnum((unsigned char)tok[n - 1]) && strchr("-x:", end[1]) && end[1] &&
             (isalnum((unsigned char)end[2]) || end[2] == ' '))
      n += 1 + strcspn(end + 1, " \t\r\n{}();[%");
    else
      return n;
  }
}

static int number_without_move(scanner *sc) {
  char msg[64];
  snprintf(msg, sizeof msg, "move number %s is followed by no move", sc->number);
  return scan_fail(sc, msg);
}

/* One movetext token: a move number, a move, "...", a NAG, or the result (which ends
** the game). */
static int read_token(scanner *sc, pdn_record *r, int *done) {
  const char *tok = sc->s + sc->at;
  size_t n = token_length(tok);
  if (n == 0) /* a ')' or '}' that closes nothing: no token to step over, so refuse it */
    return err_set(sc->e, "PDN line %d: '%c' closes nothing", sc->line, *tok);
  sc->at += n;
  if (is_result(tok, n)) {
    if (sc->number_waits) return number_without_move(sc);
    snprintf(r->result, sizeof r->result, "%.*s", (int)n, tok);
    *done = 1;
    return 0;
  }
  size_t digits = strspn(tok, "0123456789");
  if (digits && digits < n && tok[digits] == '.') { /* "12." or "12..." then maybe a move */
    if (sc->number_waits) return number_without_move(sc);
    snprintf(sc->number, sizeof sc->number, "%.*s", (int)(digits + 1 < 12 ? digits + 1 : 12), tok);
    tok += digits;
    n -= digits;
    while (n && *tok == '.') tok++, n--;
    sc->number_waits = n == 0;
    if (n == 0) return 0;
  }
  if (n == 3 && strncmp(tok, "...", 3) == 0) return sc->number_waits = 0, 0; /* a move left out */
  if (n && *tok == '$') return 0;                    /* NAG */
  while (n && strchr("!?", tok[n - 1])) n--;         /* annotations */
  if (n == 0 || !isalnum((unsigned char)*tok)) return scan_fail(sc, "unexpected character in the moves");
  if (n > 200) return scan_fail(sc, "a move token longer than 200 characters");
  sc->number_waits = 0;
  add_move(r, tok, n);
  return 0;
}

static int read_movetext(scanner *sc, pdn_record *r) {
  int done = 0, rc = 0;
  while (!rc && !done && sc->s[sc->at] && sc->s[sc->at] != '[') {
    char c = sc->s[sc->at];
    rc = (c == '{' || c == '(' || c == ';') ? skip_aside(sc) : read_token(sc, r, &done);
    skip_space(sc);
  }
  if (rc || done) return rc;
  if (sc->number_waits) return number_without_move(sc);
  if (sc->s[sc->at] == '[') /* the standard separates games by their results */
    return scan_fail(sc, "the game's moves run into the next game's tags without a result (1-0, 0-1, "
                         "1/2-1/2, 2-0, 0-2, 1-1, 0-0 or *)");
  return 0;
}

int pdn_parse(const char *text, pdn_cursor *c, pdn_record *r, err *e) {
  memset(r, 0, sizeof *r);
  snprintf(r->result, sizeof r->result, "*");
  scanner sc = {text, c->at, c->line, e, 0, ""};
  skip_space(&sc);
  c->at = sc.at, c->line = sc.line;
  if (!text[sc.at]) return 0;
  int rc = 0;
  while (!rc && text[sc.at] == '[') {
    rc = read_tag(&sc, r);
    skip_space(&sc);
  }
  if (!rc) rc = read_movetext(&sc, r);
  c->at = sc.at, c->line = sc.line;
  if (rc) {
    pdn_record_free(r);
    return -1;
  }
  return 1;
}

/* The next game starts at a line with a tag after a blank line or after moves; lines
** of tags one after the other are the rest of the broken game's. */
void pdn_skip_game(const char *text, pdn_cursor *c) {
  size_t at = c->at, line = c->at;
  while (line > 0 && text[line - 1] != '\n') line--;
  while (text[line] == ' ' || text[line] == '\t') line++;
  int after_tags = text[line] == '['; /* the error was among the tags: the next ones are the same game's */
  while (text[at] && text[at] != '\n') at++; /* the rest of the line in error */
  while (text[at]) {
    at++, c->line++; /* past the newline */
    size_t start = at;
    while (text[at] == ' ' || text[at] == '\t' || text[at] == '\r') at++;
    if (text[at] == '[' && !after_tags) return (void)(c->at = start);
    if (text[at] == '\n' || !text[at]) after_tags = 0;
    else after_tags = text[at] == '[';
    while (text[at] && text[at] != '\n') at++;
  }
  c->at = at;
}
