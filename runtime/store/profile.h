/*
** profile.h — the profile store: players (a nickname each), every finished game with
** its score and PDN, streaks per variant, and friends' imported records, in one SQLite
** file shared by every front end and process.
**
** Durability is the point: each save is one transaction (WAL, synchronous=FULL), so a
** save that has returned survives a crash; writers from several processes queue on a
** busy timeout and update streaks inside the transaction, so none loses another's
** result.  A file at the path that is not a store of ours (or is damaged) is renamed
** aside with a timestamp, never overwritten, and a fresh store takes its place.
*/
#ifndef DRAUGHTS_PROFILE_H
#define DRAUGHTS_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define PROFILE_SCHEMA_VERSION 4 /* PRAGMA user_version of a current store */
#define PROFILE_APP_ID 0x64726674 /* PRAGMA application_id: "drft" */
#define PROFILE_NICK_MAX 32       /* bytes of a nickname */
#define PROFILE_BUSY_MS 10000     /* how long a writer waits for another */

typedef struct profile_store profile_store;

/* A finished game as the history keeps it. */
typedef struct profile_game {
  int64_t id;
  char variant[32];
  char rules[128];
  int level;          /* the computer's level */
  int streak_level;   /* 1: the level came from the streak */
  int outcome;        /* DR_SCORE_WIN, DR_SCORE_DRAW, DR_SCORE_LOSS, for the person */
  int points, pieces, moves;
  int ranked;         /* counts for the records */
  char note[96];      /* how it ended; why it is kept out of the records */
  int64_t finished;   /* seconds since 1970 */
} profile_game;

/* What a save changed. */
typedef struct profile_saved {
  int64_t id;
  int new_record;     /* a ranked win above the previous record of its variant and level */
  int record;         /* that record after the save; 0 if none */
  int streak, best;   /* the variant's streak after the save */
} profile_saved;

/* The store's path: 'path' if not NULL, else $DRAUGHTS_PROFILE_DB, else
** $XDG_DATA_HOME/draughts/profiles.db, else ~/.local/share/draughts/profiles.db. */
DRI_FUNC int profile_path(const char *path, char *out, size_t len, err *e);

/* Opens the store at 'path' (see 'profile_path'), creating it and its directory, and
** brings its schema up to date.  When the file there was not a store (or was
** damaged), 'notice' gets one line saying where it was moved; otherwise it is "".
** NULL and a message when no store can be used (no permission, a newer schema). */
DRI_FUNC profile_store *profile_open(const char *path, char *notice, size_t len, err *e);
DRI_FUNC void profile_close(profile_store *ps);
DRI_FUNC const char *profile_file(const profile_store *ps);

/* Profiles: a nickname, 1..PROFILE_NICK_MAX bytes, no control characters, compared
** without case.  'profile_select' creates it when new and remembers it as the last
** player; it returns the profile's id, or -1, and the nickname as first spelt in
** 'stored' (if not NULL). */
DRI_FUNC int profile_check_nickname(const char *nick, err *e);
DRI_FUNC int64_t profile_select(profile_store *ps, const char *nick, char *stored, size_t len, err *e);
/* The same without remembering it: a script's player is nobody's default. */
DRI_FUNC int64_t profile_enter(profile_store *ps, const char *nick, char *stored, size_t len, err *e);
DRI_FUNC int64_t profile_lookup(profile_store *ps, const char *nick, err *e); /* 0: none */
DRI_FUNC int profile_last(profile_store *ps, char *nick, size_t len);          /* 1 if remembered */
DRI_FUNC int profile_nickname_at(profile_store *ps, int index, char *out, size_t len); /* 1, 0 past the end */

/* Records and streaks are per variant and rules ('rules' as the game's: a preset name,
** with any changed options after it): official and casual are different games.
**
** Saves a finished game (and its PDN text) and updates the streak of its variant and
** rules — a win adds one unless the game is unranked, a loss or a draw ends it — in one
** transaction. */
DRI_FUNC int profile_save_game(profile_store *ps, int64_t profile, const profile_game *g, const char *pdn,
                               profile_saved *out, err *e);

/* Reading.  The functions returning int give 1 (found), 0 (none), -1 (error). */
DRI_FUNC int profile_streak(profile_store *ps, int64_t profile, const char *variant, const char *rules, int *current,
                            int *best, err *e);
DRI_FUNC int profile_record(profile_store *ps, int64_t profile, const char *variant, const char *rules, int level,
                            profile_game *out, err *e);
/* The games of 'variant' (NULL: every variant), newest first. */
DRI_FUNC int profile_history(profile_store *ps, int64_t profile, const char *variant, int index,
                             profile_game *out, err *e);
DRI_FUNC char *profile_game_pdn(profile_store *ps, int64_t profile, int64_t id, err *e); /* free it */
/* The variants the profile has games or a streak in, by name. */
DRI_FUNC int profile_variant_at(profile_store *ps, int64_t profile, int index, char *out, size_t len, err *e);
/* The rules of 'variant' that the profile's games and streaks, or the friends' records,
** were played under, by name ("" for friends' records whose rules their file did not say). */
DRI_FUNC int profile_rules_at(profile_store *ps, int64_t profile, const char *variant, int index, char *out, size_t len,
                              err *e);

/* Friends: records exported to a text file and imported into another store, kept
** apart from the store's own games (an import never changes them). */
DRI_FUNC int profile_export(profile_store *ps, int64_t profile, const char *file, err *e);
/* Imports 'file', replacing an earlier import of the same nickname; 'nick' gets it. */
DRI_FUNC int profile_import(profile_store *ps, const char *file, char *nick, size_t len, err *e);
DRI_FUNC int profile_friend_at(profile_store *ps, int index, char *nick, size_t len, err *e);
DRI_FUNC int profile_friend_record(profile_store *ps, const char *friend_nick, const char *variant, const char *rules,
                                   int level, profile_game *out, err *e);
DRI_FUNC int profile_friend_streak(profile_store *ps, const char *friend_nick, const char *variant, const char *rules,
                                   int *current, int *best, err *e);

/* What friends see of a profile, whether by file or through a server: its record at
** each variant, rules and level (level >= 1), and its streaks (level 0). */
typedef struct profile_best {
  char variant[32];
  char rules[128];
  int level;
  int points, pieces, moves;
  int64_t finished;   /* seconds since 1970 */
  int current, best;  /* a streak's */
} profile_best;
typedef int (*profile_best_fn)(void *ud, const profile_best *b); /* non-zero stops */
/* The profile's streaks, then its records, by variant, rules and level. */
DRI_FUNC int profile_bests(profile_store *ps, int64_t profile, profile_best_fn fn, void *ud, err *e);

/* Friends on a server: the list it gave replaces, in one transaction, every friend
** that came from 'server' before (a friend removed there is gone here too); a friend
** of the same nickname imported from a file is replaced. */
typedef struct profile_friend_bests {
  char nick[PROFILE_NICK_MAX + 1];
  profile_best *rows;
  int n;
} profile_friend_bests;
DRI_FUNC int profile_sync_friends(profile_store *ps, const char *server, const profile_friend_bests *f, int n,
                                  err *e);

/* The store's settings ("server": the server friends are on): 1 found, 0 none.  A NULL
** 'value' forgets the setting. */
DRI_FUNC int profile_setting(profile_store *ps, const char *key, char *out, size_t len);
DRI_FUNC int profile_set_setting(profile_store *ps, const char *key, const char *value, err *e);

#endif
