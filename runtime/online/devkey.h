/*
** devkey.h — the device keys a client keeps, one per server: the random secret that
** is this device's proof of a profile there (a key sent to one server is no use on
** another).  One private file, $XDG_CONFIG_HOME/draughts/device-keys, else
** ~/.config/draughts/device-keys: a line "SERVER KEY NICKNAME" per server, mode 0600.
** A file that others may read, or that is not in that form, is refused, never used
** or rewritten: it may not be ours.
*/
#ifndef DRAUGHTS_DEVKEY_H
#define DRAUGHTS_DEVKEY_H

#include "proto.h"

typedef struct device_key {
  char server[256];
  char key[PROTO_KEY_LEN + 1];  /* 64 hex digits from the kernel's CSPRNG */
  char nick[PROTO_MAX_NAME + 1]; /* the profile's nickname there */
} device_key;

DRI_FUNC int devkey_path(char *out, size_t len, err *e);
/* The key kept for 'server': 1 found, 0 none, -1 and 'e' when the file is refused. */
DRI_FUNC int devkey_find(const char *server, device_key *out, err *e);
/* A new key for 'server' (not kept yet). */
DRI_FUNC void devkey_new(const char *server, const char *nick, device_key *out);
/* Keeps 'k', replacing the line of its server. */
DRI_FUNC int devkey_save(const device_key *k, err *e);
/* Forgets the key of 'server' (its profile was deleted). */
DRI_FUNC int devkey_forget(const char *server, err *e);

#endif
