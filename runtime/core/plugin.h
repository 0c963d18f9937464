/*
** plugin.h — loading variant plugins: dlopen, the ABI handshake, validation of the
** descriptor, and the registry of every plugin found on the search path (variants
** and front ends, told apart by the entry point each exports).
*/
#ifndef DRAUGHTS_PLUGIN_H
#define DRAUGHTS_PLUGIN_H

#include <draughts/variant.h>

#include "frontend.h"
#include "util.h"

typedef struct plugin {
  char *path;
  void *handle;
  dr_variant v; /* the plugin's descriptor, slots it does not know of zeroed */
  /* The plugin's conventions, copied like the descriptor (fields it does not know
  ** of zeroed); 'v.conventions' points here, or is NULL when it has none. */
  dr_conventions conventions;
} plugin;

/* Loads and validates the plugin at 'path'.  On failure the message names the file
** and the reason, and nothing stays loaded. */
DRI_FUNC plugin *plugin_open(const char *path, err *e);
DRI_FUNC void plugin_close(plugin *p);

/* Checks a descriptor the way the loader does ('size' is what the plugin declared). */
DRI_FUNC int plugin_validate(const dr_variant *v, err *e);

typedef struct registry {
  int count;
  plugin **items;
  int nfrontends;
  frontend **frontends;
  int nproblems;
  char **problems; /* one line per file that was found but refused */
} registry;

/* Finds every plugin, variant or front end: in each directory of $DRAUGHTS_PLUGIN_PATH,
** then in 'plugins/' beside the executable, then in the install prefix. */
DRI_FUNC void registry_scan(registry *r);
/* The directory of the running executable ("." when it cannot be told): plugins and
** the web front end's files are found from it, in the build tree as when installed. */
DRI_FUNC void exe_dir(char *out, size_t len);
DRI_FUNC void registry_free(registry *r);
DRI_FUNC const plugin *registry_find(const registry *r, const char *name);
DRI_FUNC const frontend *registry_find_frontend(const registry *r, const char *name);

/* A variant by name among those found: what data (a game file, a hub line) may name.
** Never loads anything; a path is refused as not being a name. */
DRI_FUNC const plugin *registry_lookup(const registry *r, const char *name, err *e);

/* A variant by name, or by path to a plugin file, which is loaded: for names given on
** the command line only, never for names read from a file or a connection. */
DRI_FUNC const plugin *registry_resolve(registry *r, const char *name_or_path, err *e);

#endif
