/*
** frontend.h — loading front-end plugins: the ABI handshake and validation of the
** descriptor.  The registry (plugin.c) finds them beside the variant plugins and tells
** the two apart by the entry point each exports.
*/
#ifndef DRAUGHTS_FRONTEND_RT_H
#define DRAUGHTS_FRONTEND_RT_H

#include <draughts/frontend.h>

#include "util.h"

typedef struct frontend {
  char *path;   /* the plugin file; NULL for one built into the runtime */
  void *handle;
  dr_frontend fe; /* the plugin's descriptor, slots it does not know of zeroed */
} frontend;

/* Adopts the front end whose entry point 'entry' is in the dlopen()ed 'handle'.  On
** failure the message gives the reason (the caller adds the file) and the caller
** still owns 'handle'. */
DRI_FUNC frontend *frontend_adopt(void *handle, const char *path, dr_frontend_entry_fn entry, err *e);
DRI_FUNC void frontend_close(frontend *f);

/* Checks a descriptor the way the loader does. */
DRI_FUNC int frontend_validate(const dr_frontend *f, err *e);

#endif
