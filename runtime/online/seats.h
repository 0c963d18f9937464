/*
** seats.h — the seat tokens a player keeps between runs, so that a dropped
** connection, a closed front end or another front end comes back into the same game
** ('draughts play --join CODE' again resumes it).  One small private file:
** $DRAUGHTS_SEATS, else $XDG_DATA_HOME/draughts/seats, else
** ~/.local/share/draughts/seats (mode 0600: a token is a secret).
*/
#ifndef DRAUGHTS_SEATS_H
#define DRAUGHTS_SEATS_H

#include "proto.h"

typedef struct seat_record {
  char server[256];
  char game[PROTO_MAX_ID + 1], code[PROTO_MAX_ID + 1];
  int side;
  char token[PROTO_MAX_TOKEN + 1];
} seat_record;

/* Keeps 'r', replacing an older record of the same game. */
DRI_FUNC int seats_save(const seat_record *r, err *e);
/* The record of 'server' whose game id or join code is 'key': 1 found, 0 none. */
DRI_FUNC int seats_find(const char *server, const char *key, seat_record *out);
/* Forgets the game (finished, or its token refused). */
DRI_FUNC void seats_forget(const char *server, const char *game);

#endif
