/*
** draughts/embed.h — data that 'draughts_add_variant' (DraughtsPlugin.cmake) compiles
** into a plugin: its rule presets (from PRESETS .lua files, in the order given) and
** its perft reference figures (from the PERFT file), its evaluation weights (EVAL) and
** its opening books (from BOOKS files named after their presets, PRESET.book).
*/
#ifndef DRAUGHTS_EMBED_H
#define DRAUGHTS_EMBED_H

#include <draughts/variant.h>

extern const dr_preset dr_embedded_presets[]; /* ends with a NULL name */
extern const char dr_embedded_perft[];        /* "" when no PERFT file was given */
extern const char dr_embedded_eval[];         /* "" when no EVAL file was given */
extern const dr_book dr_embedded_books[];     /* ends with a NULL preset */

#endif
