/*
** hub.h — the Hub protocol's state and line handling behind 'draughts hub', open to
** callers other than its standard-input loop: the fuzz target feeds it lines.
*/
#ifndef DRAUGHTS_HUB_H
#define DRAUGHTS_HUB_H

#include "cli.h"

typedef struct hub hub;

/* A hub as 'draughts hub' starts one, with the command line's settings. */
DRI_FUNC hub *hub_open(registry *reg, const cli_args *a);

/* Handles one line (without its newline; split in place); 1 on 'quit'.  Answers go
** to standard output. */
DRI_FUNC int hub_feed(hub *h, char *line);

/* Waits until the search a 'go' started has answered. */
DRI_FUNC void hub_wait(hub *h);

/* Stops any search and frees the hub. */
DRI_FUNC void hub_close(hub *h);

#endif
