/*
** board.h — a position drawn as plain text from the plugin's geometry: squares for
** square boards, points and lines for boards of lines.  Used by the line front end
** and anywhere a board must be shown without a screen library.
*/
#ifndef DRAUGHTS_BOARD_H
#define DRAUGHTS_BOARD_H

#include <draughts/variant.h>

#include "util.h"

/* Writes the board, rank labels on the left and file labels below; 'flip' draws it
** from the second player's side.  Returns the length written (snprintf-like). */
DRI_FUNC int board_text(const dr_geometry *g, const dr_position *p, int flip, char *out, size_t len);

/* The character for the piece on 'bit' (w, W, b, B) or '.' for an empty point. */
DRI_FUNC char board_piece_char(const dr_position *p, int bit);

#endif
