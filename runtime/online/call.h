/*
** call.h — one connection to a server used a request at a time, waiting for each
** answer: for commands ('draughts friends') and for a thread of their own (the
** session's uploads), never for a front end's loop.  Every wait has a limit.
*/
#ifndef DRAUGHTS_CALL_H
#define DRAUGHTS_CALL_H

#include "proto.h"

#define CALL_TIMEOUT_MS 15000 /* a server that has not answered by then is given up */
#define CALL_CANCEL_MS 50     /* how soon a wait sees its 'cancel' flag */

typedef struct online_call online_call;

/* Connects to 'address' and says hello as 'name'; NULL and 'e' when it cannot.  Every
** wait of the connection ends as soon as '*cancel' turns non-zero (set from another
** thread: a program that quits does not wait for a server that does not answer), with
** 'e' saying so; 'cancel' may be NULL. */
DRI_FUNC online_call *online_call_open(const char *address, const char *name, const int *cancel, err *e);
DRI_FUNC void online_call_close(online_call *c);

/* Sends 'request' (taken over) and waits for its answer, which must be of type
** 'answer': the checked message (json_decref it), or NULL and 'e'.  When the server
** refused it, 'code' (if not NULL) gets the error's code ("" otherwise). */
DRI_FUNC json_t *online_ask(online_call *c, json_t *request, int answer, char *code, size_t len, err *e);

#endif
