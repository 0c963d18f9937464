/*
** hub_text.c — the text of the Hub protocol, shared by 'draughts hub' (the engine
** answering a GUI) and 'draughts match' (our side of a game against another engine
** that speaks it): command lines, moves, board strings.
*/
#include "hub_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

static char *skip_space(char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
  return s;
}

/* A name or an unquoted value: up to a space (or '=' for a name). */
static char *scan_word(char **s, int stop_at_equals) {
  char *start = *s;
  while (**s && **s != ' ' && **s != '\t' && **s != '\r' && **s != '\n' && !(stop_at_equals && **s == '='))
    (*s)++;
  return start;
}

static int scan_value(char **s, char **value) {
  if (**s != '"') {
    *value = scan_word(s, 0);
    return 0;
  }
  *value = ++*s;
  char *end = strchr(*s, '"');
  if (!end) return -1;
  *end = '\0';
  *s = end + 1;
  return 0;
}

/* Splits 'text' in place; -1 on an unterminated quote or too many arguments. */
int hub_parse_line(char *text, hub_line *l) {
  char *s = skip_space(text);
  memset(l, 0, sizeof *l);
  l->command = scan_word(&s, 0);
  if (*s) *s++ = '\0';
  for (s = skip_space(s); *s; s = skip_space(s)) {
    if (l->nargs == HUB_MAX_ARGS) return -1;
    hub_arg *a = &l->args[l->nargs++];
    a->name = scan_word(&s, 1);
    a->value = "";
    if (*s == '=') {
      *s++ = '\0';
      if (scan_value(&s, &a->value)) return -1;
    }
    if (*s) *s++ = '\0';
  }
  return 0;
}

const char *hub_arg_of(const hub_line *l, const char *name) {
  for (int i = 0; i < l->nargs; i++)
    if (strcmp(l->args[i].name, name) == 0) return l->args[i].value;
  return NULL;
}

int hub_number_of(const char *text, double min, double max, double *out) {
  char *end;
  if (!text || !*text) return -1;
  double v = strtod(text, &end);
  if (*end || !(v >= min && v <= max)) return -1; /* so written that "nan" fails too */
  *out = v;
  return 0;
}

/* ---------------------------------------------------------------- moves */

/* Hub's move text: from-to, or fromxto followed by every captured point. */
void hub_move_text(const dr_geometry *g, const dr_move *m, int notation, char *out, size_t len) {
  char a[8], b[8];
  size_t used = (size_t)snprintf(out, len, "%s%c%s", point_name(g, m->from, notation, a), m->captured ? 'x' : '-',
                                 point_name(g, m->to, notation, b));
  for (dr_bits c = m->captured; c && used < len; c &= c - 1)
    used += (size_t)snprintf(out + used, len - used, "x%s", point_name(g, __builtin_ctzll(c), notation, a));
}

/* A legal move named in Hub's form: the ends, then the captured points in any order. */
const dr_move *hub_move_parse(const dr_geometry *g, const dr_movelist *legal, const char *text) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", text);
  int bits[DR_MAX_JUMPS + 2], n = 0;
  for (char *save = NULL, *t = strtok_r(buf, "x-", &save); t; t = strtok_r(NULL, "x-", &save)) {
    if (n == DR_MAX_JUMPS + 2 || (bits[n] = point_find(g, t, strlen(t))) < 0) return NULL;
    n++;
  }
  if (n < 2) return NULL;
  dr_bits captured = 0;
  for (int i = 2; i < n; i++) captured |= (dr_bits)1 << bits[i];
  for (int i = 0; i < legal->count; i++) {
    const dr_move *m = &legal->moves[i];
    if (m->from == bits[0] && m->to == bits[1] && (n == 2 ? 1 : m->captured == captured)) return m;
  }
  return NULL;
}

/* ---------------------------------------------------------------- boards */

int hub_board_read(const dr_geometry *g, const char *text, dr_position *p) {
  int order[DR_MAX_POINTS], n = points_reading_order(g, order);
  if ((int)strlen(text) != n + 1 || (text[0] != 'W' && text[0] != 'B')) return -1;
  memset(p, 0, sizeof *p);
  p->turn = text[0] == 'W' ? DR_WHITE : DR_BLACK;
  for (int i = 0; i < n; i++) {
    dr_bits bit = (dr_bits)1 << order[i];
    switch (text[i + 1]) {
    case 'W': p->kings |= bit; /* fall through */
    case 'w': p->side[DR_WHITE] |= bit; break;
    case 'B': p->kings |= bit; /* fall through */
    case 'b': p->side[DR_BLACK] |= bit; break;
    case 'e': break;
    default: return -1;
    }
  }
  return 0;
}

int hub_board_write(const dr_geometry *g, const dr_position *p, char *out, size_t len) {
  int order[DR_MAX_POINTS], n = points_reading_order(g, order);
  if ((size_t)n + 2 > len) return -1;
  out[0] = p->turn == DR_WHITE ? 'W' : 'B';
  for (int i = 0; i < n; i++) {
    int king = (int)(p->kings >> order[i] & 1);
    char c = 'e';
    if (p->side[DR_WHITE] >> order[i] & 1) c = king ? 'W' : 'w';
    if (p->side[DR_BLACK] >> order[i] & 1) c = king ? 'B' : 'b';
    out[i + 1] = c;
  }
  out[n + 1] = '\0';
  return 0;
}
