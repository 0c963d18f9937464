/*
** friends.h — a player's profile and friends on a server, as a client keeps them: the
** device key of the server (online/devkey.h) claims the nickname or proves it, the
** local store's bests go up, the friends' bests come down into the local store, where
** every scores screen shows them beside the player's own.  For the command line
** ('draughts friends', 'draughts profile') and for the session, which syncs on a
** thread of its own at the start and after each game against the computer.
*/
#ifndef DRAUGHTS_FRIENDS_H
#define DRAUGHTS_FRIENDS_H

#include "call.h"
#include "devkey.h"
#include "profile.h"

#define FRIENDS_SERVER_SETTING "server" /* the store's setting: the server friends are on */

/* Signs in to 'server': with the key kept for it (as its profile), else with a new key
** that claims 'nick' (kept before it is used, forgotten if the nickname is taken).
** The connection, with the key in 'key'; NULL and 'e'.  'cancel': as online_call_open. */
DRI_FUNC online_call *friends_sign_in(const char *server, const char *nick, device_key *key, const int *cancel,
                                      err *e);

/* Every best of the local profile 'nick' goes up (created if new). */
DRI_FUNC int friends_upload(online_call *c, profile_store *ps, const char *nick, err *e);

/* The friends and their bests, kept in the local store (replacing what came from
** 'server' before); the server's answer in '*list' if not NULL (json_decref it). */
DRI_FUNC int friends_fetch(online_call *c, profile_store *ps, const char *server, json_t **list, err *e);

/* A one-time invitation code for a friend, the link that works as well, and when it expires. */
typedef struct friends_invitation {
  char code[32];
  char link[320];   /* http://HOST:PORT/#invite=CODE (https for a wss:// server) */
  int64_t expires;  /* seconds since 1970, UTC */
} friends_invitation;
DRI_FUNC int friends_invite(online_call *c, const char *server, friends_invitation *out, err *e);

/* Accepts a friend's code; the friends' bests then come down.  'said': the news, one line. */
DRI_FUNC int friends_accept(online_call *c, profile_store *ps, const char *server, const char *code, char *said,
                            size_t len, err *e);

#endif
