/*
** openings.c — an openings file (a ballot list): one line of moves each, in any
** notation the game reads ('#' starts a comment), for 'match --openings' and
** 'book build --openings'.
*/
#include <stdlib.h>
#include <string.h>

#include "openings.h"
#include "notation.h"

/* One line of an openings file, played from 'start' into 'out'. */
static int read_opening(const ruleset *rs, const dr_position *start, char *text, selfplay_opening *out, err *e) {
  game g;
  int rc = game_init(&g, rs, start, e);
  out->nplies = 0;
  for (char *save = NULL, *t = strtok_r(text, " \t\r", &save); rc == 0 && t; t = strtok_r(NULL, " \t\r", &save)) {
    if (strchr(t, '.')) continue; /* a move number */
    const dr_move *m = move_parse(rs->v->geometry, &g.legal, t, e);
    if (!m) rc = err_prefix(e, "move '%s'", t);
    else if (out->nplies == SELFPLAY_OPENING_MAX) rc = err_set(e, "more than %d plies", SELFPLAY_OPENING_MAX);
    else {
      out->move[out->nplies] = *m; /* before the move: 'm' points into the legal list it replaces */
      if ((rc = game_play(&g, &out->move[out->nplies], e)) == 0) out->nplies++;
    }
  }
  if (rc == 0 && g.result != DR_ONGOING) rc = err_set(e, "the game is over after it");
  game_free(&g);
  return rc;
}

selfplay_opening *openings_read(const ruleset *rs, const dr_position *start, const char *path, int *n, err *e) {
  size_t len;
  char *text = read_file(path, &len, e);
  if (!text) return NULL;
  selfplay_opening *list = NULL;
  int count = 0, lineno = 0, rc = 0;
  for (char *line = text, *next; line && rc == 0; line = next) { /* blank lines count: the numbers are the file's */
    if ((next = strchr(line, '\n'))) *next++ = '\0';
    lineno++;
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    if (strspn(line, " \t\r") == strlen(line)) continue;
    list = xrealloc(list, (size_t)(count + 1) * sizeof *list);
    if ((rc = read_opening(rs, start, line, &list[count], e)) == 0) count++;
    else err_prefix(e, "%s:%d", path, lineno);
  }
  free(text);
  if (rc == 0 && count == 0) rc = err_set(e, "%s: no openings in it", path);
  if (rc) {
    free(list);
    return NULL;
  }
  *n = count;
  return list;
}

