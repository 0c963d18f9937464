/*
** nickname.h — what makes two nicknames one: Unicode's confusable skeleton (TR39)
** after NFKC and case folding, through ICU, so that 'аna' (Cyrillic a), 'ＡＮＡ' and
** 'ANA' are all 'ana's.  A profile store keeps each nickname's skeleton beside it and
** looks a nickname up by its skeleton, so that a look-alike of a claimed nickname is
** that nickname, taken.
*/
#ifndef DRAUGHTS_NICKNAME_H
#define DRAUGHTS_NICKNAME_H

#include <stddef.h>

#include "util.h"

#define NICK_SKELETON_MAX 600 /* bytes of a skeleton: NFKC may spread a character over many */

/* 0 when 'nick' is UTF-8 that shows what it holds: -1 and one line naming the
** character for a bidi control, an invisible (default-ignorable) character, or a
** combining mark with nothing to combine with (first, or after a space). */
DRI_FUNC int nick_check_chars(const char *nick, err *e);

/* The skeleton of 'nick' (UTF-8) into 'out': 0, or -1 and 'e' (not UTF-8, too long). */
DRI_FUNC int nick_skeleton(const char *nick, char *out, size_t len, err *e);

/* 1 when 'a' and 'b' read as one nickname (their skeletons are one). */
DRI_FUNC int nick_same(const char *a, const char *b);

/* 1 when 'nick' reads as a name the server gives seats itself ("guest", "computer"):
** nobody claims those, so a history never shows a profile under them. */
DRI_FUNC int nick_reserved(const char *nick);

#endif
