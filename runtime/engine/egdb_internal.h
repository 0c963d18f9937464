/*
** egdb_internal.h — what the database's reader (egdb.c) and its builder
** (egdb_build.c) share: material signatures, the perfect index of a signature's
** positions, the file header and the one-byte values.
**
** A signature is the count of men and kings of each side.  Its positions are
** indexed as: White's men among the points where a White man may stand, Black's
** men likewise, White's kings among the points the men left free, Black's kings
** among those still free, then the side to move — each set ranked in the
** combinatorial number system.  Men of both sides on one point make an index that
** is no position; so does one the variant refuses.
*/
#ifndef DRAUGHTS_EGDB_INTERNAL_H
#define DRAUGHTS_EGDB_INTERNAL_H

#include <stdint.h>

#include "egdb.h"

#define EGDB_SIGS (9 * 9 * 9 * 9) /* counts 0..8 of each kind */

/* n[0] White men, n[1] White kings, n[2] Black men, n[3] Black kings. */
typedef struct egdb_sig {
  uint8_t n[4];
} egdb_sig;

typedef struct egdb_index {
  int npoints;
  uint64_t points;
  int nmen[2];       /* points where each side's men may stand (not their promotion row)... */
  uint64_t men_ok[2]; /* ...and which they are */
} egdb_index;

static inline int egdb_sig_id(egdb_sig s) { return ((s.n[0] * 9 + s.n[1]) * 9 + s.n[2]) * 9 + s.n[3]; }
static inline int egdb_sig_pieces(egdb_sig s) { return s.n[0] + s.n[1] + s.n[2] + s.n[3]; }
DRI_FUNC egdb_sig egdb_sig_of(const dr_position *p);
DRI_FUNC void egdb_sig_name(egdb_sig s, char *out, size_t len); /* "2m1k-0m2k": White's, then Black's */

DRI_FUNC void egdb_index_init(egdb_index *x, const dr_geometry *g);
/* Index slots of a signature (both sides to move); 0 when it cannot be placed. */
DRI_FUNC uint64_t egdb_sig_size(const egdb_index *x, egdb_sig s);
DRI_FUNC uint64_t egdb_rank(const egdb_index *x, egdb_sig s, const dr_position *p);
/* The position of index 'i'; -1 when the men of the two sides meet on a point. */
DRI_FUNC int egdb_unrank(const egdb_index *x, egdb_sig s, uint64_t i, dr_position *p);
/* The same for a walk through a signature's indices in order: the sets of the men
** and of White's kings are kept from one index to the next while their ranks hold
** (most of the work of an unranking).  A walk starts as {0}. */
typedef struct egdb_walk {
  int known;
  uint64_t rwm, rbm, rwk;
  dr_bits wm, bm, wk;
} egdb_walk;
DRI_FUNC int egdb_unrank_walk(const egdb_index *x, egdb_sig s, uint64_t i, dr_position *p, egdb_walk *w);

/* ---- values: 0 a draw, 1..127 a win in v-1 plies, 128..254 a loss in v-128, 255 no position */
#define EGDB_V_DRAW 0
#define EGDB_V_NONE 255

static inline uint8_t egdb_value(int result, int plies) {
  if (plies > EGDB_MAX_DISTANCE) plies = EGDB_MAX_DISTANCE;
  return result == EGDB_WIN ? (uint8_t)(1 + plies) : result == EGDB_LOSS ? (uint8_t)(128 + plies) : EGDB_V_DRAW;
}

static inline int egdb_result(uint8_t v, int *plies) {
  *plies = 0;
  if (v == EGDB_V_NONE) return EGDB_UNKNOWN;
  if (v == EGDB_V_DRAW) return EGDB_DRAW;
  if (v < 128) return *plies = v - 1, EGDB_WIN;
  return *plies = v - 128, EGDB_LOSS;
}

/* ---- files: a header, then one value per index slot */
#define EGDB_MAGIC "DREGDB1\n"
#define EGDB_VERSION 1
#define EGDB_ENDIAN 0x01020304u
#define EGDB_HEADER 512

typedef struct egdb_header {
  char magic[8];
  uint32_t endian; /* EGDB_ENDIAN as the writer's machine stores it */
  uint32_t version;
  uint8_t sig[4];
  uint32_t reserved;
  uint64_t count;    /* values that follow */
  uint64_t checksum; /* FNV-1a of the values */
  char identity[EGDB_HEADER - 40];
} egdb_header;

DRI_FUNC uint64_t egdb_checksum(const uint8_t *v, uint64_t n);
/* The file of a signature in 'folder'. */
DRI_FUNC void egdb_file_name(const char *folder, egdb_sig s, char *out, size_t len);
/* Maps a file and checks it against 'identity' and the signature's size: the values,
** or NULL and a one-line message.  'check_sum': read every value to compare the checksum. */
DRI_FUNC const uint8_t *egdb_map_file(const char *path, const char *identity, egdb_sig s, uint64_t count,
                                      int check_sum, size_t *mapped, err *e);

#endif
