/*
** frontend.c — the front-end loader.  As with variants, every field a plugin hands us
** is checked before use, so a stale front end gives a one-line error, not a crash.
*/
#include "frontend.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* The descriptor of ABI version 1 ends after 'run'. */
#define DR_FRONTEND_V1_SIZE (offsetof(dr_frontend, run) + sizeof(void (*)(void)))

#define FRONTEND_NAME_MAX 32

int frontend_validate(const dr_frontend *f, err *e) {
  if (f->abi_version > DR_FRONTEND_ABI_VERSION)
    return err_set(e, "built for front-end ABI %u, this runtime supports up to %u", f->abi_version,
                   DR_FRONTEND_ABI_VERSION);
  if (f->abi_version < 1) return err_set(e, "front-end descriptor has ABI version 0");
  if (f->size < DR_FRONTEND_V1_SIZE)
    return err_set(e, "front-end descriptor is %u bytes, smaller than ABI 1's %zu", f->size,
                   (size_t)DR_FRONTEND_V1_SIZE);
  if (!name_is_valid(f->name, FRONTEND_NAME_MAX))
    return err_set(e, "front-end name is missing or not [a-z0-9_]+");
  if (!f->title) return err_set(e, "front end %s has no title", f->name);
  if (!f->run) return err_set(e, "front end %s lacks the required slot 'run'", f->name);
  return 0;
}

/* The plugin's descriptor, as much of it as both sides know, then checked. */
static int adopt_descriptor(frontend *f, const dr_frontend *src, err *e) {
  adopt_versioned(&f->fe, sizeof f->fe, src, DR_FRONTEND_ABI_VERSION);
  return frontend_validate(&f->fe, e);
}

/* Front ends pull in screen libraries (ncurses, SDL) that keep global state and are
** not safe to unload: once adopted, a front end stays loaded until the process ends. */
static void pin(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
  if (h) dlclose(h);
}

frontend *frontend_adopt(void *handle, const char *path, dr_frontend_entry_fn entry, err *e) {
  const dr_frontend *d = entry();
  if (!d) return err_set(e, "front-end entry point returned no descriptor"), NULL;
  frontend *f = xmalloc(sizeof *f);
  if (adopt_descriptor(f, d, e)) {
    free(f);
    return NULL;
  }
  f->path = xstrdup(path);
  f->handle = handle;
  pin(path);
  return f;
}

void frontend_close(frontend *f) {
  if (!f) return;
  if (f->handle) dlclose(f->handle);
  free(f->path);
  free(f);
}
