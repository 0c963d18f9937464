/*
** nickname.c — nicknames compared as people read them (Unicode TR39), by ICU rather
** than tables of our own: NFKC with case folding ('unorm2_getNFKCCasefoldInstance')
** makes 'ＡＮＡ' and 'Ana' plain 'ana', and the spoof checker's skeleton makes the
** Cyrillic 'а' of 'аna' a Latin 'a'.  Characters that change what a name looks like
** without being seen (bidi controls, zero-width and other default-ignorable ones, a
** combining mark that begins a word) are refused outright: a skeleton would drop some
** of them, but a name that shows differently from what it is has no use.
*/
#include "nickname.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#define UNITS (NICK_SKELETON_MAX + 1) /* UTF-16 units of a name on its way to a skeleton */

/* ICU's objects are made once and only read afterwards, which ICU allows from any thread. */
static const UNormalizer2 *fold;
static USpoofChecker *spoof;
static UErrorCode opened = U_ZERO_ERROR;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_icu(void) {
  fold = unorm2_getNFKCCasefoldInstance(&opened);
  if (U_SUCCESS(opened)) spoof = uspoof_open(&opened);
}

static int icu_fail(const char *what, UErrorCode status, err *e) {
  return err_set(e, "nickname: %s: %s", what, u_errorName(status));
}

static const char *unseen(UChar32 c, int after_space) {
  if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return "a bidi control";
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return "an invisible character";
  if (after_space && (U_GET_GC_MASK(c) & U_GC_M_MASK)) return "a combining mark with no letter before it";
  return NULL;
}

int nick_check_chars(const char *nick, err *e) {
  int32_t n = (int32_t)strlen(nick), i = 0;
  int after_space = 1;
  while (i < n) {
    int32_t at = i;
    UChar32 c;
    U8_NEXT(nick, i, n, c);
    if (c < 0) return err_set(e, "a nickname must be UTF-8 (byte %d is not)", (int)at + 1);
    const char *why = unseen(c, after_space);
    if (why) return err_set(e, "a nickname cannot hold %s (U+%04X)", why, (unsigned)c);
    after_space = u_isUWhiteSpace(c);
  }
  return 0;
}

int nick_skeleton(const char *nick, char *out, size_t len, err *e) {
  UChar raw[UNITS], folded[UNITS], skel[UNITS];
  UErrorCode status = U_ZERO_ERROR;
  int32_t n;
  pthread_once(&once, open_icu);
  if (U_FAILURE(opened)) return icu_fail("ICU", opened, e);
  u_strFromUTF8(raw, UNITS, &n, nick, -1, &status);
  if (U_FAILURE(status)) return icu_fail("not UTF-8", status, e);
  n = unorm2_normalize(fold, raw, n, folded, UNITS, &status);
  if (U_FAILURE(status)) return icu_fail("normalising", status, e);
  n = uspoof_getSkeleton(spoof, 0, folded, n, skel, UNITS, &status);
  if (U_FAILURE(status)) return icu_fail("skeleton", status, e);
  u_strToUTF8(out, (int32_t)len, NULL, skel, n, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return icu_fail("too long", status, e);
  return 0;
}

int nick_same(const char *a, const char *b) {
  char sa[NICK_SKELETON_MAX], sb[NICK_SKELETON_MAX];
  if (nick_skeleton(a, sa, sizeof sa, NULL) || nick_skeleton(b, sb, sizeof sb, NULL)) return strcmp(a, b) == 0;
  return strcmp(sa, sb) == 0;
}

int nick_reserved(const char *nick) {
  static const char *const kept[] = {"guest", "computer"};
  for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
    if (nick_same(nick, kept[i])) return 1;
  return 0;
}
