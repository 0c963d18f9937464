/*
** board.c — the board as every front end lays it out, whatever it draws with: where a
** grid position goes on the screen, the labels a point's name gives, and the points
** the last move went through.  No variant is assumed: all comes from the geometry.
*/
#include <string.h>

#include "fe_common.h"

/* Row 0 at the top: White, who plays upwards, at the bottom unless the board is flipped. */
void fe_display_of(const fe_state *f, const dr_geometry *g, int file, int rank, int *c, int *r) {
  *c = f->flip ? g->files - 1 - file : file;
  *r = f->flip ? rank : g->ranks - 1 - rank;
}

/* The move that led to the position shown, reviewed or not. */
dr_bits fe_last_move(fe_state *f) {
  dr_status st;
  dr_move m;
  fe_status(f, &st);
  int ply = fe_reviewing(f) ? f->review : st.plies;
  if (f->h->move_at(f->s, ply - 1, &m, NULL, 0)) return 0;
  dr_bits set = (dr_bits)1 << m.from | (dr_bits)1 << m.to;
  for (int i = 0; i < m.njumps; i++) set |= (dr_bits)1 << m.path[i];
  return set;
}

/* Only names like "c3" (two letters and two digits at most) make labels: no guessing. */
void fe_point_label(const char *name, char file[3], char rank[3]) {
  size_t letters = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
  size_t digits = strspn(name + letters, "0123456789");
  file[0] = rank[0] = '\0';
  if (letters == 0 || letters > 2 || digits == 0 || digits > 2 || name[letters + digits]) return;
  memcpy(file, name, letters), file[letters] = '\0';
  memcpy(rank, name + letters, digits), rank[digits] = '\0';
}
