/*
** match_hub.h — another engine, run as a child process speaking the Hub protocol,
** as a player of 'draughts match' (a 'selfplay_player' whose moves come from it).
*/
#ifndef DRAUGHTS_MATCH_HUB_H
#define DRAUGHTS_MATCH_HUB_H

#include <sys/types.h>

#include "game.h"

typedef struct hub_engine {
  pid_t pid;
  int to, from;    /* its standard input and output */
  char name[128];  /* the command, for messages */
  char command[1024];
  int depth;       /* > 0: each move searched to this depth ('level depth='), not timed */
  char buf[4096];  /* what it wrote that is not yet a whole line */
  size_t used;
  int forfeits;    /* games it lost by an illegal move, an error or no answer */
} hub_engine;

/* Runs 'command' with /bin/sh and waits for its 'wait' and 'ready'. */
DRI_FUNC int hub_engine_start(hub_engine *h, const char *command, err *e);
DRI_FUNC void hub_engine_stop(hub_engine *h);

/* The 'external' slot of a selfplay_player ('ud' is the hub_engine). */
DRI_FUNC int hub_engine_choose(void *ud, const game *g, double seconds, dr_move *out, char *why, size_t len);

#endif
