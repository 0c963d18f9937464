/*
** book.c — opening books: built by deep searches of every position near the start,
** read into a hash table keyed by the position's Zobrist key, probed at the root.
*/
#include "book.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egdb.h"
#include "notation.h"
#include "position.h"
#include "search.h"

#define BOOK_HEADER "# draughts opening book 1, rules: "

typedef struct book_entry {
  uint64_t key; /* 0: free */
  dr_move move;
  int score;
} book_entry;

struct book {
  book_entry *slot;
  size_t mask;
  int count;
};

/* The rules and the weights a book's moves depend on. */
static void book_identity(const ruleset *rs, char *out, size_t len) {
  char id[512];
  egdb_identity(rs, id, sizeof id);
  snprintf(out, len, "%s preset=%s%s%s", id, rs->preset, *rs->eval_name ? " eval=" : "", rs->eval_name);
}

int book_path(const ruleset *rs, const char *dir, char *out, size_t len, err *e) {
  char name[256], base[4096];
  const char *slash = strrchr(rs->preset, '/'); /* a rules file: its name */
  snprintf(name, sizeof name, "book/%s-%s.book", rs->v->name, slash ? slash + 1 : rs->preset);
  if (!dir) return data_path(name, out, len, e);
  snprintf(base, sizeof base, "%s", dir);
  int n = snprintf(out, len, "%s/%s", base, name + 5);
  return n < 0 || (size_t)n >= len ? err_set(e, "the book's path is too long") : 0;
}

static book_entry *find(const book *b, uint64_t key) {
  size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & b->mask;
  while (b->slot[i].key && b->slot[i].key != key) i = (i + 1) & b->mask;
  return &b->slot[i];
}

static void add(book *b, uint64_t key, const dr_move *m, int score) {
  if ((size_t)(b->count + 1) * 2 > b->mask + 1) { /* keep it half empty */
    book old = *b;
    b->mask = old.mask * 2 + 1;
    b->slot = xmalloc((b->mask + 1) * sizeof *b->slot);
    memset(b->slot, 0, (b->mask + 1) * sizeof *b->slot);
    b->count = 0;
    for (size_t i = 0; i <= old.mask; i++)
      if (old.slot[i].key) add(b, old.slot[i].key, &old.slot[i].move, old.slot[i].score);
    free(old.slot);
  }
  book_entry *en = find(b, key | 1);
  if (!en->key) b->count++;
  *en = (book_entry){key | 1, *m, score};
}

/* One line: 'FEN MOVE SCORE DEPTH'. */
static int read_line(book *b, const ruleset *rs, char *line, dr_movelist *legal, err *e) {
  char *save = NULL, *fen = strtok_r(line, " \t\r", &save), *move = strtok_r(NULL, " \t\r", &save);
  char *score = strtok_r(NULL, " \t\r", &save), *end;
  dr_position p;
  if (!fen || !move || !score) return err_set(e, "expected 'FEN MOVE SCORE DEPTH'");
  long s = strtol(score, &end, 10);
  if (*end || s < -SEARCH_WIN || s > SEARCH_WIN) return err_set(e, "bad score '%s'", score);
  if (fen_read(rs, fen, &p, e) || rules_generate(rs, &p, legal) != DR_OK) return -1;
  const dr_move *m = move_parse(rs->v->geometry, legal, move, e);
  if (!m) return err_prefix(e, "move '%s'", move);
  add(b, pos_hash(&p), m, (int)s);
  return 0;
}

static int read_book(book *b, const ruleset *rs, const char *path, char *text, err *e) {
  char id[1024];
  book_identity(rs, id, sizeof id);
  char *nl = strchr(text, '\n');
  if (strncmp(text, BOOK_HEADER, strlen(BOOK_HEADER)) != 0 || !nl) return err_set(e, "%s: not an opening book", path);
  *nl = '\0';
  if (strcmp(text + strlen(BOOK_HEADER), id) != 0)
    return err_set(e, "%s: built for the rules '%s', not '%s'", path, text + strlen(BOOK_HEADER), id);
  dr_movelist *legal = xmalloc(sizeof *legal);
  int lineno = 1, rc = 0;
  for (char *save = NULL, *line = strtok_r(nl + 1, "\n", &save); line && rc == 0; line = strtok_r(NULL, "\n", &save)) {
    lineno++;
    if (*line != '#' && strspn(line, " \t\r") != strlen(line) && read_line(b, rs, line, legal, e))
      rc = err_prefix(e, "%s:%d", path, lineno);
  }
  free(legal);
  return rc;
}

/* A book from its text ('text' is consumed), 'name' in messages. */
static int book_from_text(const ruleset *rs, const char *name, char *text, size_t len, book **out, err *e) {
  book *b = xmalloc(sizeof *b);
  b->mask = 63;
  b->count = 0;
  b->slot = xmalloc((b->mask + 1) * sizeof *b->slot);
  memset(b->slot, 0, (b->mask + 1) * sizeof *b->slot);
  int rc = memchr(text, '\0', len) ? err_set(e, "%s: not an opening book", name) : read_book(b, rs, name, text, e);
  free(text);
  if (rc) book_close(b);
  else *out = b;
  return rc;
}

int book_open(const ruleset *rs, const char *path, book **out, err *e) {
  size_t len;
  *out = NULL;
  char *text = read_file(path, &len, e);
  return text ? book_from_text(rs, path, text, len, out, e) : -1;
}

int book_open_shipped(const ruleset *rs, book **out, char *source, size_t len, err *e) {
  for (const dr_book *sb = rs->v->books; sb && sb->preset; sb++) {
    if (strcmp(sb->preset, rs->preset) != 0) continue;
    snprintf(source, len, "the %s plugin's %s book", rs->v->name, sb->preset);
    return book_from_text(rs, source, xstrdup(sb->text), strlen(sb->text), out, e);
  }
  return 1;
}

int book_open_rules(const ruleset *rs, const char *dir, book **out, char *source, size_t len, err *e) {
  *out = NULL;
  if (book_path(rs, dir, source, len, e)) return -1;
  if (access(source, F_OK) == 0) return book_open(rs, source, out, e); /* the user's own, even when bad */
  int rc = book_open_shipped(rs, out, source, len, e);
  if (rc > 0)
    err_set(e, "no opening book of these rules: none at %s, none shipped ('draughts book build %s' writes one)",
            source, rs->v->name);
  return rc ? -1 : 0;
}

void book_close(book *b) {
  if (!b) return;
  free(b->slot);
  free(b);
}

int book_size(const book *b) { return b ? b->count : 0; }

int book_probe(const book *b, const game *g, dr_move *out, int *score) {
  if (!b) return 0;
  const book_entry *en = find(b, pos_hash(game_position(g)) | 1);
  if (!en->key) return 0;
  for (int i = 0; i < g->legal.count; i++)
    if (move_same_effect(&g->legal.moves[i], &en->move)) {
      *out = g->legal.moves[i];
      *score = en->score;
      return 1;
    }
  return 0;
}

/* ---------------------------------------------------------------- building */

typedef struct builder {
  FILE *out;
  int plies, depth, done;
  book *seen; /* positions written already (their moves unused) */
  void (*progress)(void *ud, int done, const char *fen, const char *move, int score);
  void *ud;
} builder;

/* The position's best move by a search, written to the book; 0 in '*found' when the game is over. */
static int write_position(builder *bd, game *g, dr_move *best, err *e) {
  search_limits l = {.depth = bd->depth, .threads = 1, .no_book = 1};
  search_info info;
  char fen[512], move[256];
  if (search_best(g, &l, NULL, NULL, NULL, best, &info)) return 1;
  fen_write_as(g->rs->v, game_position(g), NOTATION_ALGEBRAIC, fen, sizeof fen);
  move_text(g->rs->v->geometry, best, NOTATION_ALGEBRAIC, move, sizeof move);
  if (fprintf(bd->out, "%s %s %d %d\n", fen, move, info.score, info.depth) < 0 || fflush(bd->out))
    return err_set(e, "cannot write the book: %s", strerror(errno));
  bd->done++;
  if (bd->progress) bd->progress(bd->ud, bd->done, fen, move, info.score);
  return 0;
}

/* The book of the side 'us': where it moves, its best move only; where the other side
** moves, every reply, so whatever an opponent plays stays in the book. */
static int walk(builder *bd, game *g, int left, int us, err *e) {
  if (g->result != DR_ONGOING || left < 0) return 0;
  int rc = 0;
  if (game_position(g)->turn == us) {
    uint64_t key = pos_hash(game_position(g));
    dr_move best;
    if (find(bd->seen, key | 1)->key) return 0;
    add(bd->seen, key, &g->legal.moves[0], 0);
    if ((rc = write_position(bd, g, &best, e)) != 0) return rc > 0 ? 0 : -1;
    if ((rc = game_play(g, &best, e)) == 0) {
      rc = walk(bd, g, left - 1, us, e);
      game_undo(g);
    }
    return rc;
  }
  dr_movelist *moves = xmalloc(sizeof *moves);
  *moves = g->legal;
  movelist_unique(moves);
  for (int i = 0; i < moves->count && rc == 0; i++) {
    if ((rc = game_play(g, &moves->moves[i], e)) == 0) {
      rc = walk(bd, g, left - 1, us, e);
      game_undo(g);
    }
  }
  free(moves);
  return rc;
}

/* Both sides' books from the end of 'line' (NULL: from the start), the game back at
** its start after. */
static int walk_from(builder *bd, game *g, const selfplay_opening *line, err *e) {
  int played = 0, rc = 0;
  for (; line && played < line->nplies; played++) {
    dr_move m = line->move[played];
    if ((rc = game_play(g, &m, e)) != 0) break;
  }
  if (rc == 0) rc = walk(bd, g, bd->plies, DR_WHITE, e);
  if (rc == 0) rc = walk(bd, g, bd->plies, DR_BLACK, e);
  while (played-- > 0) game_undo(g);
  return rc;
}

int book_build(const ruleset *rs, const dr_position *start, const selfplay_opening *lines, int nlines, int plies,
               int depth, const char *path,
               void (*progress)(void *ud, int done, const char *fen, const char *move, int score), void *ud,
               err *e) {
  char id[1024], tmp[4200], dir[4200];
  game g = {0};
  book seen = {xmalloc(64 * sizeof(book_entry)), 63, 0};
  memset(seen.slot, 0, 64 * sizeof(book_entry));
  builder bd = {NULL, plies, depth, 0, &seen, progress, ud};
  book_identity(rs, id, sizeof id);
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash && slash != dir) *slash = '\0';
  int rc = slash && slash != dir ? make_dirs(dir, e) : 0;
  if (rc == 0) rc = game_init(&g, rs, start, e);
  if (rc == 0 && !(bd.out = fopen(tmp, "w"))) rc = err_set(e, "%s: %s", tmp, strerror(errno));
  if (rc == 0 && fprintf(bd.out, "%s%s\n", BOOK_HEADER, id) < 0) rc = err_set(e, "%s: cannot write it", tmp);
  for (int k = 0; rc == 0 && k < (nlines ? nlines : 1); k++) rc = walk_from(&bd, &g, nlines ? &lines[k] : NULL, e);
  if (bd.out && fclose(bd.out) != 0 && rc == 0) rc = err_set(e, "%s: cannot write it", tmp);
  if (rc == 0 && rename(tmp, path) != 0) rc = err_set(e, "%s: %s", path, strerror(errno));
  if (rc && bd.out) remove(tmp);
  if (g.ply) game_free(&g);
  free(seen.slot);
  return rc;
}
