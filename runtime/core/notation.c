/*
** notation.c — FEN and move text.  Names come from the plugin's geometry, so the
** same code reads "c3", "22" or whatever a future variant calls its points.
*/
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "position.h"

int point_find(const dr_geometry *g, const char *name, size_t len) {
  if (len == 0 || len > 7) return -1;
  int numeric = 1;
  for (size_t i = 0; i < len; i++) numeric &= isdigit((unsigned char)name[i]) != 0;
  int number = numeric ? atoi(name) : 0;
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    const dr_point *pt = &g->point[i];
    if (numeric ? pt->number && pt->number == number
                : strlen(pt->name) == len && strncasecmp(pt->name, name, len) == 0)
      return i;
  }
  return -1;
}

int geometry_has_numbers(const dr_geometry *g) {
  for (int i = 0; i < DR_MAX_POINTS; i++)
    if ((g->points >> i & 1) && g->point[i].number) return 1;
  return 0;
}

int points_reading_order(const dr_geometry *g, int order[DR_MAX_POINTS]) {
  int n = 0;
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    int j = n++;
    for (; j > 0; j--) {
      const dr_point *a = &g->point[order[j - 1]], *b = &g->point[i];
      if (a->rank > b->rank || (a->rank == b->rank && a->file < b->file)) break;
      order[j] = order[j - 1];
    }
    order[j] = i;
  }
  return n;
}

const char *point_name(const dr_geometry *g, int bit, int notation, char buf[8]) {
  const dr_point *pt = &g->point[bit];
  if (notation == NOTATION_NUMERIC && pt->number) {
    snprintf(buf, 8, "%d", pt->number);
    return buf;
  }
  return pt->name;
}

/* ---------------------------------------------------------- conventions */

static const dr_conventions *conventions(const dr_variant *v) { return v ? v->conventions : NULL; }

const char *side_name(const dr_variant *v, int side) {
  const dr_conventions *c = conventions(v);
  static const char *const names[2] = {"White", "Black"};
  return c && c->side_name[side & 1] ? c->side_name[side & 1] : names[side & 1];
}

const char *side_word(const dr_variant *v, int side, char out[32]) {
  snprintf(out, 32, "%s", side_name(v, side));
  for (char *c = out; *c; c++) *c = (char)tolower((unsigned char)*c);
  return out;
}

char fen_letter(const dr_variant *v, int side) {
  const dr_conventions *c = conventions(v);
  return c && c->fen_letter[side & 1] ? c->fen_letter[side & 1] : "WB"[side & 1];
}

int pdn_notation(const dr_variant *v) {
  const dr_conventions *c = conventions(v);
  if (c && c->pdn_notation == DR_PDN_ALGEBRAIC) return NOTATION_ALGEBRAIC;
  return geometry_has_numbers(v->geometry) ? NOTATION_NUMERIC : NOTATION_ALGEBRAIC;
}

char pdn_capture(const dr_variant *v) {
  const dr_conventions *c = conventions(v);
  return c && c->pdn_capture ? c->pdn_capture : 'x';
}

int pdn_results(const dr_variant *v) {
  const dr_conventions *c = conventions(v);
  return c ? c->pdn_results : DR_PDN_RESULTS_DEFAULT;
}

const char *hub_name(const dr_variant *v) {
  const dr_conventions *c = conventions(v);
  return c && c->hub_name ? c->hub_name : v->name;
}

/* ------------------------------------------------------------------ FEN */

static const char runtime_letters[2] = {'W', 'B'};

typedef struct fen_reader {
  const dr_geometry *g;
  const char *letters; /* of the first player and the second */
  const char *s;  /* whole text, for error positions */
  const char *at;
  dr_position *p;
  err *e;
} fen_reader;

static int fen_fail(fen_reader *r, const char *what) {
  return err_set(r->e, "malformed FEN at character %d: %s", (int)(r->at - r->s) + 1, what);
}

static int side_letter(const fen_reader *r, char c) {
  c = (char)toupper((unsigned char)c);
  return c == r->letters[DR_WHITE] ? DR_WHITE : c == r->letters[DR_BLACK] ? DR_BLACK : -1;
}

static int fen_fail_letters(fen_reader *r, const char *what) {
  char msg[96];
  snprintf(msg, sizeof msg, "expected %c or %c %s", r->letters[0], r->letters[1], what);
  return fen_fail(r, msg);
}

static int place(fen_reader *r, int side, int king, int bit) {
  dr_bits b = (dr_bits)1 << bit;
  if ((r->p->side[0] | r->p->side[1]) & b)
    return err_set(r->e, "invalid FEN: point %s is listed twice", r->g->point[bit].name);
  r->p->side[side] |= b;
  if (king) r->p->kings |= b;
  return 0;
}

/* One piece ("Kc3", "22") or a numeric range ("21-32"). */
static int fen_piece(fen_reader *r, int side) {
  int king = 0;
  if (*r->at == 'K' || *r->at == 'k') king = 1, r->at++;
  size_t n = strspn(r->at, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
  if (n == 0) return fen_fail(r, "expected a square");
  const char *name = r->at;
  int bit = point_find(r->g, r->at, n);
  if (bit < 0)
    return err_set(r->e, "invalid FEN: '%.*s' is not a point of this board", (int)n, r->at);
  r->at += n;
  if (*r->at != '-') return place(r, side, king, bit);
  r->at++;
  size_t m = strspn(r->at, "0123456789");
  int last = m ? point_find(r->g, r->at, m) : -1;
  if (last < 0 || !isdigit((unsigned char)name[0])) return fen_fail(r, "a range needs two point numbers");
  int lo = r->g->point[bit].number, hi = r->g->point[last].number;
  r->at += m;
  if (lo > hi) return fen_fail(r, "a range must go upwards");
  for (int num = lo; num <= hi; num++) {
    char buf[8];
    int k = point_find(r->g, buf, (size_t)snprintf(buf, sizeof buf, "%d", num));
    if (k >= 0 && place(r, side, king, k)) return -1;
  }
  return 0;
}

/* A field after ':': "Wa1,c3,Kh8", or a counter such as "H0" / "F12" that we skip. */
static int fen_field(fen_reader *r, int *seen) {
  char c = (char)toupper((unsigned char)*r->at);
  if (c == 'H' || c == 'F') {
    r->at++;
    if (!isdigit((unsigned char)*r->at)) return fen_fail(r, "expected a number");
    while (isdigit((unsigned char)*r->at)) r->at++;
    return 0;
  }
  int side = side_letter(r, *r->at);
  if (side < 0) return fen_fail_letters(r, "before a piece list");
  if (seen[side]++) return fen_fail(r, "a side's pieces are listed twice");
  r->at++;
  while (*r->at && *r->at != ':' && *r->at != '.') {
    if (fen_piece(r, side)) return -1;
    if (*r->at == ',') {
      r->at++;
      if (!*r->at || *r->at == ':' || *r->at == '.') return fen_fail(r, "expected a square after ','");
    } else if (*r->at && *r->at != ':' && *r->at != '.') {
      return fen_fail(r, "expected ',' or ':'");
    }
  }
  return 0;
}

static int fen_parse_text(fen_reader *r) {
  while (isspace((unsigned char)*r->at) || *r->at == '"' || *r->at == '[') r->at++;
  int turn = side_letter(r, *r->at);
  if (turn < 0 && *r->at == '?') return fen_fail(r, "the side to move is unknown ('?')");
  if (turn < 0) return fen_fail_letters(r, "(the side to move)");
  r->p->turn = (uint8_t)turn;
  r->at++;
  int seen[2] = {0, 0};
  while (*r->at == ':') {
    r->at++;
    if (fen_field(r, seen)) return -1;
  }
  if (*r->at == '.') r->at++;
  while (isspace((unsigned char)*r->at) || *r->at == '"' || *r->at == ']') r->at++;
  if (*r->at) return fen_fail(r, "unexpected text after the position");
  if (!seen[0] && !seen[1]) return fen_fail(r, "no piece lists");
  return 0;
}

static int parse_with(const dr_geometry *g, const char *letters, const char *text, dr_position *p, err *e) {
  memset(p, 0, sizeof *p);
  if (strlen(text) > 4096) return err_set(e, "malformed FEN: longer than 4096 characters");
  fen_reader r = {g, letters, text, text, p, e};
  return fen_parse_text(&r);
}

int fen_parse(const dr_geometry *g, const char *text, dr_position *p, err *e) {
  return parse_with(g, runtime_letters, text, p, e);
}

int fen_parse_as(const dr_variant *v, const char *text, dr_position *p, err *e) {
  const char letters[2] = {fen_letter(v, DR_WHITE), fen_letter(v, DR_BLACK)};
  return parse_with(v->geometry, letters, text, p, e);
}

int fen_read(const ruleset *rs, const char *text, dr_position *p, err *e) {
  const dr_variant *v = rs->v;
  if (strcmp(text, "start") == 0) {
    memset(p, 0, sizeof *p);
    if (rs->initial(&rs->rules, p) != DR_OK) return err_set(e, "%s: no start position", v->name);
  } else if (fen_parse_as(v, text, p, e)) {
    return -1;
  }
  return position_validate(rs, p, e);
}

int position_validate(const ruleset *rs, const dr_position *p, err *e) {
  const dr_variant *v = rs->v;
  if (pos_check(v->geometry, p, e)) return err_prefix(e, "impossible position");
  const char *why = NULL;
  if (!v->validate || v->validate(&rs->rules, p, &why) == DR_OK) return 0;
  if (why && !guard_text(v, "validate", why, GUARD_WHY_MAX)) return guard_error(v, GUARD_REFUSED, e);
  return err_set(e, "impossible position: %s", why ? why : "refused by the variant");
}

static int by_drawing_order(const dr_geometry *g, int a, int b, int notation) {
  if (notation == NOTATION_NUMERIC) return g->point[a].number - g->point[b].number;
  const dr_point *pa = &g->point[a], *pb = &g->point[b];
  return pa->rank != pb->rank ? pa->rank - pb->rank : pa->file - pb->file;
}

/* Bits of 'set' in reading order (rank by rank, or by number). */
static int ordered_points(const dr_geometry *g, dr_bits set, int notation, int out[DR_MAX_POINTS]) {
  int n = 0;
  for (; set; set &= set - 1) {
    int bit = __builtin_ctzll(set), j = n++;
    for (; j > 0 && by_drawing_order(g, out[j - 1], bit, notation) > 0; j--) out[j] = out[j - 1];
    out[j] = bit;
  }
  return n;
}

/* How many of the points from order[i] on are men numbered one after the other. */
static int run_of_men(const dr_geometry *g, const dr_position *p, const int *order, int n, int i) {
  int k = i;
  while (k < n && !(p->kings >> order[k] & 1) &&
         (k == i || g->point[order[k]].number == g->point[order[k - 1]].number + 1))
    k++;
  return k - i;
}

int fen_write_letters(const dr_geometry *g, const char letters[2], const dr_position *p, int notation, char *out,
                      size_t len) {
  size_t used = 0;
#define PUT(...) used += (size_t)snprintf(out + (used < len ? used : len), used < len ? len - used : 0, __VA_ARGS__)
  PUT("%c", letters[p->turn & 1]);
  for (int s = 0; s < 2; s++) {
    int order[DR_MAX_POINTS], n = ordered_points(g, p->side[s], notation, order);
    PUT(":%c", letters[s]);
    for (int i = 0; i < n; i++) {
      char a[8], b[8];
      int run = notation == NOTATION_NUMERIC ? run_of_men(g, p, order, n, i) : 0;
      if (run >= 3) {
        PUT("%s%s-%s", i ? "," : "", point_name(g, order[i], notation, a), point_name(g, order[i + run - 1], notation, b));
        i += run - 1;
        continue;
      }
      PUT("%s%s%s", i ? "," : "", (p->kings >> order[i] & 1) ? "K" : "", point_name(g, order[i], notation, a));
    }
  }
#undef PUT
  return (int)used;
}

int fen_write(const dr_geometry *g, const dr_position *p, int notation, char *out, size_t len) {
  return fen_write_letters(g, runtime_letters, p, notation, out, len);
}

int fen_write_as(const dr_variant *v, const dr_position *p, int notation, char *out, size_t len) {
  const char letters[2] = {fen_letter(v, DR_WHITE), fen_letter(v, DR_BLACK)};
  return fen_write_letters(v->geometry, letters, p, notation, out, len);
}

/* ------------------------------------------------------------- move text */

static void write_move(const dr_geometry *g, const dr_move *m, int notation, char sep, char *out, size_t len) {
  char buf[8];
  size_t used = (size_t)snprintf(out, len, "%s", point_name(g, m->from, notation, buf));
  if (m->njumps == 0) {
    snprintf(out + used, used < len ? len - used : 0, "-%s", point_name(g, m->to, notation, buf));
    return;
  }
  for (int i = 0; i < m->njumps && used < len; i++)
    used += (size_t)snprintf(out + used, len - used, "%c%s", sep, point_name(g, m->path[i], notation, buf));
}

static void write_short(const dr_geometry *g, const dr_movelist *legal, const dr_move *m, int notation, char sep,
                        char *out, size_t len) {
  int ambiguous = 0;
  for (int i = 0; i < legal->count && !ambiguous; i++) {
    const dr_move *o = &legal->moves[i];
    ambiguous = o->from == m->from && o->to == m->to && !move_same_path(o, m);
  }
  if (m->njumps <= 1 || ambiguous) {
    write_move(g, m, notation, sep, out, len);
    return;
  }
  char a[8], b[8];
  snprintf(out, len, "%s%c%s", point_name(g, m->from, notation, a), sep, point_name(g, m->to, notation, b));
}

void move_text(const dr_geometry *g, const dr_move *m, int notation, char *out, size_t len) {
  write_move(g, m, notation, 'x', out, len);
}

void move_text_short(const dr_geometry *g, const dr_movelist *legal, const dr_move *m, int notation,
                     char *out, size_t len) {
  write_short(g, legal, m, notation, 'x', out, len);
}

void move_text_as(const dr_variant *v, const dr_move *m, char *out, size_t len) {
  write_move(v->geometry, m, pdn_notation(v), pdn_capture(v), out, len);
}

void move_text_short_as(const dr_variant *v, const dr_movelist *legal, const dr_move *m, char *out, size_t len) {
  write_short(v->geometry, legal, m, pdn_notation(v), pdn_capture(v), out, len);
}

/* Algebraic names written one after the other with no separator ("a3b4", as PDN 3.0
** allows): each a letter and its digits.  How many it split, or -1. */
static int split_run(const dr_geometry *g, const char *s, size_t len, int *bits, int max) {
  int n = 0;
  for (size_t i = 0; i < len;) {
    size_t k = i + 1;
    while (k < len && isdigit((unsigned char)s[k])) k++;
    int bit = isalpha((unsigned char)s[i]) && k > i + 1 ? point_find(g, s + i, k - i) : -1;
    if (bit < 0 || n == max) return -1;
    bits[n++] = bit;
    i = k;
  }
  return n;
}

/* Splits "c3xe5-c7" into point bits; returns how many, -1 on an unknown name. */
static int split_points(const dr_geometry *g, const char *text, int *bits, int max, err *e) {
  int n = 0;
  const char *s = text;
  while (*s) {
    size_t len = strcspn(s, "-x:X ");
    int bit = point_find(g, s, len), run = bit < 0 ? split_run(g, s, len, bits + n, max - n) : -1;
    if (run > 1) n += run;
    else if (bit < 0 || n == max) return err_set(e, "'%s' is not a move: '%.*s' is not a point", text, (int)len, s);
    else bits[n++] = bit;
    s += len;
    if (*s) s++;
  }
  if (n < 2) return err_set(e, "'%s' is not a move: give at least its start and end points", text);
  return n;
}

/* 'bits' = from, some landings in order, to. */
static int move_matches(const dr_move *m, const int *bits, int n) {
  if (m->from != bits[0] || m->to != bits[n - 1]) return 0;
  int k = 0;
  for (int i = 1; i < n - 1; i++) {
    while (k < m->njumps && m->path[k] != bits[i]) k++;
    if (k == m->njumps) return 0;
    k++;
  }
  return 1;
}

/* 'bits' = from and every landing, or the ends of a plain move: the whole path. */
static int move_is_path(const dr_move *m, const int *bits, int n) {
  if (m->from != bits[0] || m->to != bits[n - 1]) return 0;
  if (m->njumps == 0) return n == 2;
  if (n != m->njumps + 1) return 0;
  for (int i = 0; i < m->njumps; i++)
    if (m->path[i] != bits[i + 1]) return 0;
  return 1;
}

/* The move whose whole path 'bits' are, or NULL (none, or moves of different effect).
** It goes before partial paths: a king's short capture may land on some of the
** points of a longer one, and its full path must still name it. */
static const dr_move *whole_path(const dr_movelist *legal, const int *bits, int n) {
  const dr_move *found = NULL;
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    if (!move_is_path(m, bits, n)) continue;
    if (found && !move_same_effect(found, m)) return NULL;
    if (!found) found = m;
  }
  return found;
}

int move_candidates(const dr_geometry *g, const dr_movelist *legal, const char *text, const dr_move **out, int max,
                    err *e) {
  int bits[DR_MAX_JUMPS + 2];
  int n = split_points(g, text, bits, DR_MAX_JUMPS + 2, e), found = 0;
  if (n < 0) return -1;
  const dr_move *whole = whole_path(legal, bits, n);
  if (whole) {
    if (max > 0) out[0] = whole;
    return 1;
  }
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    int seen = 0;
    if (!move_matches(m, bits, n)) continue;
    for (int k = 0; k < found && k < max && !seen; k++) seen = move_same_effect(out[k], m);
    if (seen) continue;
    if (found < max) out[found] = m;
    found++;
  }
  return found;
}

const dr_move *move_parse(const dr_geometry *g, const dr_movelist *legal, const char *text, err *e) {
  const dr_move *found[8];
  int n = move_candidates(g, legal, text, found, 8, e);
  if (n < 0) return NULL;
  if (n == 0) err_set(e, "'%s' is not a legal move here", text);
  if (n == 1) return found[0];
  char options[256] = "";
  for (int i = 0; i < n && i < 8; i++) {
    size_t used = strlen(options);
    char t[160];
    move_text(g, found[i], NOTATION_ALGEBRAIC, t, sizeof t);
    snprintf(options + used, sizeof options - used, "%s%s", used ? ", " : "", t);
  }
  if (n > 1) err_set(e, "'%s' is ambiguous: say which of %s", text, options);
  return NULL;
}
