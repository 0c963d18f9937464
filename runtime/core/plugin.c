/*
** plugin.c — the loader.  A plugin is trusted to be C code, but not to be built for
** this runtime: every field it hands us is checked before anything uses it, so a
** stale or broken plugin gives a one-line error instead of a crash later.
*/
#include "plugin.h"

#include "guard.h"
#include "notation.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PLUGIN_NAME_MAX 48 /* of a variant, an option or a preset */
#define PLUGIN_TEXT_MAX 1000 /* of a title or an option's doc: one line, not a buffer overrun */

/* The descriptor of ABI version 1 ends after 'help'. */
#define DR_VARIANT_V1_SIZE (offsetof(dr_variant, help) + sizeof(const char *))

/* A text the plugin declares for people (a title, a doc, a name) is shown as it is:
** it must end within 'max' characters and hold no control character (line breaks
** only where 'lines'), or it could drive the terminal it is shown on. */
static int text_ok(const char *s, size_t max, int lines) {
  size_t n = strnlen(s, max + 1);
  return n <= max && text_is_plain(s, n, lines);
}

static int validate_geometry(const dr_geometry *g, err *e) {
  if (!g) return err_set(e, "no geometry");
  if (!g->point) return err_set(e, "geometry has no point table");
  /* Each side first: their product would overflow an int before it could be compared. */
  if (g->files < 1 || g->ranks < 1 || g->files > 256 || g->ranks > 256 || g->files * g->ranks > 256)
    return err_set(e, "geometry grid %dx%d is out of range", g->files, g->ranks);
  if (g->draw < DR_DRAW_CHECKERED || g->draw > DR_DRAW_LINES)
    return err_set(e, "geometry has an unknown drawing style %d", g->draw);
  if (!g->points) return err_set(e, "geometry has no points");
  if (g->npoints != __builtin_popcountll(g->points))
    return err_set(e, "geometry declares %d points but its mask has %d", g->npoints,
                   __builtin_popcountll(g->points));
  for (int i = 0; i < DR_MAX_POINTS; i++) {
    if (!(g->points >> i & 1)) continue;
    const dr_point *pt = &g->point[i];
    if (!pt->name || !*pt->name || !text_ok(pt->name, 7, 0))
      return err_set(e, "point %d has no usable name", i);
    if (pt->file >= g->files || pt->rank >= g->ranks)
      return err_set(e, "point %s lies off the %dx%d grid", pt->name, g->files, g->ranks);
    for (int j = 0; j < i; j++)
      if ((g->points >> j & 1) && strcmp(g->point[j].name, pt->name) == 0)
        return err_set(e, "two points are named %s", pt->name);
  }
  if ((g->promotion[0] | g->promotion[1]) & ~g->points)
    return err_set(e, "promotion rows name bits that are not points");
  if (g->nlines < 0 || (g->nlines > 0 && !g->lines)) return err_set(e, "bad line table");
  for (int i = 0; i < g->nlines; i++)
    if (g->lines[i][0] >= DR_MAX_POINTS || g->lines[i][1] >= DR_MAX_POINTS ||
        !(g->points >> g->lines[i][0] & 1) || !(g->points >> g->lines[i][1] & 1))
      return err_set(e, "line %d joins a bit that is not a point", i);
  if (g->draw == DR_DRAW_LINES && g->nlines == 0) return err_set(e, "a board of lines with no lines");
  return 0;
}

static int validate_options(const dr_variant *v, err *e) {
  if (v->noptions < 0 || v->noptions > DR_MAX_OPTIONS)
    return err_set(e, "%d rule options (at most %d)", v->noptions, DR_MAX_OPTIONS);
  if (v->noptions > 0 && !v->options) return err_set(e, "options declared but no table");
  for (int i = 0; i < v->noptions; i++) {
    const dr_option *o = &v->options[i];
    if (!name_is_valid(o->name, PLUGIN_NAME_MAX)) return err_set(e, "option %d has an invalid name", i);
    if (o->type != DR_OPTION_BOOL && o->type != DR_OPTION_INT)
      return err_set(e, "option %s has an unknown type", o->name);
    if (o->min > o->max || o->def < o->min || o->def > o->max)
      return err_set(e, "option %s: default %d outside [%d, %d]", o->name, o->def, o->min, o->max);
    if (!o->doc || !*o->doc || !text_ok(o->doc, PLUGIN_TEXT_MAX, 0))
      return err_set(e, "option %s has no doc, or one over %d characters or with control characters", o->name,
                     PLUGIN_TEXT_MAX);
    for (int j = 0; j < i; j++)
      if (strcmp(v->options[j].name, o->name) == 0) return err_set(e, "option %s declared twice", o->name);
  }
  return 0;
}

static int validate_presets(const dr_variant *v, err *e) {
  if (!v->presets) return 0;
  int n = 0;
  for (; v->presets[n].name; n++) {
    if (n >= DR_MAX_PRESETS) return err_set(e, "more than %d presets", DR_MAX_PRESETS);
    if (!name_is_valid(v->presets[n].name, PLUGIN_NAME_MAX)) return err_set(e, "preset %d has an invalid name", n);
    if (!v->presets[n].script) return err_set(e, "preset %s has no script", v->presets[n].name);
  }
  return 0;
}

static int validate_books(const dr_variant *v, err *e) {
  for (int n = 0; v->books && v->books[n].preset; n++) {
    if (n >= DR_MAX_PRESETS) return err_set(e, "more than %d books", DR_MAX_PRESETS);
    if (!name_is_valid(v->books[n].preset, PLUGIN_NAME_MAX)) return err_set(e, "book %d has an invalid preset name", n);
    if (!v->books[n].text) return err_set(e, "the %s book has no text", v->books[n].preset);
  }
  return 0;
}

static int side_letter_ok(char c) { return c >= 'A' && c <= 'Z' && c != 'K' && c != 'F' && c != 'H'; }

/* The full form of a GameType ("25,W,8,8,A0,0", the PDN standard's regex) must say
** what the conventions say: the first player's colour and the notation. */
static int validate_gametype(const dr_variant *v, err *e) {
  const char *t = v->pdn_gametype;
  if (!t) return 0;
  size_t n = strspn(t, "0123456789");
  if (n == 0 || n > 4) return err_set(e, "pdn_gametype \"%.40s\" does not start with a number", t);
  if (!t[n]) return 0;
  char colour, kind, origin;
  int width, height, used = 0;
  if (sscanf(t + n, ",%c,%d,%d,%c%c%n", &colour, &width, &height, &kind, &origin, &used) != 5 || !used ||
      (colour != 'W' && colour != 'B') || !strchr("ANS", kind) || !strchr("0123", origin) ||
      (t[n + used] && strcmp(t + n + used, ",0") && strcmp(t + n + used, ",1")))
    return err_set(e, "pdn_gametype \"%.40s\" is not of the form N,W,8,8,A0,0", t);
  if (colour != fen_letter(v, DR_WHITE))
    return err_set(e, "pdn_gametype \"%.40s\" starts with colour %c, the conventions' first letter is %c", t,
                   colour, fen_letter(v, DR_WHITE));
  int algebraic = pdn_notation(v) == NOTATION_ALGEBRAIC;
  if ((kind == 'A') != algebraic)
    return err_set(e, "pdn_gametype \"%.40s\" says %s notation, the conventions %s", t,
                   kind == 'A' ? "algebraic" : "numeric", algebraic ? "algebraic" : "numeric");
  return 0;
}

static int validate_conventions(const dr_variant *v, err *e) {
  const dr_conventions *c = v->conventions;
  if (!c) return validate_gametype(v, e);
  for (int s = 0; s < 2; s++) {
    const char *name = c->side_name[s];
    if (name && (!*name || !text_ok(name, 24, 0) || strpbrk(name, "\"")))
      return err_set(e, "conventions: side name %d is empty, longer than 24 characters or not one word", s);
    if (c->fen_letter[s] && !side_letter_ok(c->fen_letter[s]))
      return err_set(e, "conventions: FEN letter %d must be a capital other than K, F and H", s);
  }
  if (!c->side_name[0] != !c->side_name[1] || (c->side_name[0] && strcmp(c->side_name[0], c->side_name[1]) == 0))
    return err_set(e, "conventions: give both side names, and two different ones");
  if (!c->fen_letter[0] != !c->fen_letter[1] || (c->fen_letter[0] && c->fen_letter[0] == c->fen_letter[1]))
    return err_set(e, "conventions: give both FEN letters, and two different ones");
  if (c->pdn_notation > DR_PDN_ALGEBRAIC) return err_set(e, "conventions: unknown PDN notation %d", c->pdn_notation);
  if (c->pdn_notation == DR_PDN_NUMERIC && !geometry_has_numbers(v->geometry))
    return err_set(e, "conventions: numeric PDN notation, but the points have no numbers");
  if (c->pdn_capture && c->pdn_capture != 'x' && c->pdn_capture != ':')
    return err_set(e, "conventions: the PDN capture separator must be 'x' or ':'");
  if (c->pdn_results > DR_PDN_RESULTS_TWO_POINTS)
    return err_set(e, "conventions: unknown PDN result type %d", c->pdn_results);
  if (c->hub_name && !name_is_valid(c->hub_name, PLUGIN_NAME_MAX))
    return err_set(e, "conventions: the Hub name is not [a-z0-9_]+");
  return validate_gametype(v, e);
}

int plugin_validate(const dr_variant *v, err *e) {
  if (v->abi_version > DR_ABI_VERSION)
    return err_set(e, "built for plugin ABI %u, this runtime supports up to %u", v->abi_version,
                   DR_ABI_VERSION);
  if (v->abi_version < 1) return err_set(e, "descriptor has ABI version 0");
  if (v->size < DR_VARIANT_V1_SIZE)
    return err_set(e, "descriptor is %u bytes, smaller than ABI 1's %zu", v->size,
                   (size_t)DR_VARIANT_V1_SIZE);
  if (!name_is_valid(v->name, PLUGIN_NAME_MAX)) return err_set(e, "variant name is missing or not [a-z0-9_]+");
  if (!v->title || !text_ok(v->title, PLUGIN_TEXT_MAX, 0))
    return err_set(e, "variant %s has no title, or one over %d characters or with control characters", v->name,
                   PLUGIN_TEXT_MAX);
  if (v->help && !text_is_plain(v->help, strlen(v->help), 1))
    return err_set(e, "variant %s: its help holds control characters (line breaks and tabs are fine)", v->name);
  if (!v->initial || !v->generate || !v->judge)
    return err_set(e, "variant %s lacks a required slot (%s)", v->name,
                   !v->initial ? "initial" : !v->generate ? "generate" : "judge");
  if (v->geometry && v->geometry->npoints > DR_MAX_POINTS)
    return err_set(e, "variant %s declares %d points, more than %d", v->name, v->geometry->npoints,
                   DR_MAX_POINTS);
  if (validate_geometry(v->geometry, e)) return err_prefix(e, "variant %s", v->name);
  if (validate_options(v, e) || validate_presets(v, e) || validate_books(v, e) || validate_conventions(v, e))
    return err_prefix(e, "variant %s", v->name);
  return 0;
}

/* The plugin's conventions into 'p', no more of them than it has nor than we know of. */
static int adopt_conventions(plugin *p, err *e) {
  const dr_conventions *src = p->v.conventions;
  memset(&p->conventions, 0, sizeof p->conventions);
  if (!src) return 0;
  uint32_t size;
  memcpy(&size, src, sizeof size);
  if (size < sizeof size) return err_set(e, "conventions are %u bytes, too small to be any", size);
  memcpy(&p->conventions, src, size < sizeof p->conventions ? size : sizeof p->conventions);
  p->v.conventions = &p->conventions;
  return 0;
}

/* The plugin's descriptor, as much of it as both sides know, then checked. */
static int adopt_descriptor(plugin *p, const dr_variant *src, err *e) {
  adopt_versioned(&p->v, sizeof p->v, src, DR_ABI_VERSION);
  if (p->v.abi_version <= DR_ABI_VERSION && adopt_conventions(p, e)) return -1;
  return plugin_validate(&p->v, e);
}

static void *open_library(const char *path, err *e) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *why = dlerror();
    err_set(e, "%s: not a loadable plugin (%s)", path, why ? why : "dlopen failed");
  }
  return h;
}

/* Takes the variant whose entry point is 'entry'; on failure closes 'h'. */
static plugin *adopt_variant(void *h, const char *path, dr_variant_entry_fn entry, err *e) {
  const dr_variant *d = entry();
  plugin *p = xmalloc(sizeof *p);
  if (!d) {
    err_set(e, "entry point returned no descriptor");
  } else if (adopt_descriptor(p, d, e) == 0) {
    p->path = xstrdup(path);
    p->handle = h;
    return p;
  }
  err_prefix(e, "%s", path);
  free(p);
  dlclose(h);
  return NULL;
}

plugin *plugin_open(const char *path, err *e) {
  void *h = open_library(path, e);
  if (!h) return NULL;
  dr_variant_entry_fn entry;
  *(void **)&entry = dlsym(h, DR_VARIANT_ENTRY);
  if (!entry) {
    dlclose(h);
    err_set(e, "%s: no entry point '%s'", path, DR_VARIANT_ENTRY);
    return NULL;
  }
  return adopt_variant(h, path, entry, e);
}

void plugin_close(plugin *p) {
  if (!p) return;
  guard_forget(&p->v);
  dlclose(p->handle);
  free(p->path);
  free(p);
}

const plugin *registry_find(const registry *r, const char *name) {
  for (int i = 0; i < r->count; i++)
    if (strcmp(r->items[i]->v.name, name) == 0) return r->items[i];
  return NULL;
}

const frontend *registry_find_frontend(const registry *r, const char *name) {
  for (int i = 0; i < r->nfrontends; i++)
    if (strcmp(r->frontends[i]->fe.name, name) == 0) return r->frontends[i];
  return NULL;
}

static void note_problem(registry *r, const char *msg) {
  r->problems = xrealloc(r->problems, (r->nproblems + 1) * sizeof *r->problems);
  r->problems[r->nproblems++] = xstrdup(msg);
}

static void add_plugin(registry *r, plugin *p) {
  r->items = xrealloc(r->items, (r->count + 1) * sizeof *r->items);
  r->items[r->count++] = p;
}

static void add_frontend(registry *r, frontend *f) {
  if (registry_find_frontend(r, f->fe.name)) {
    frontend_close(f);  /* shadowed by an earlier directory */
    return;
  }
  r->frontends = xrealloc(r->frontends, (r->nfrontends + 1) * sizeof *r->frontends);
  r->frontends[r->nfrontends++] = f;
}

/* Takes the front end in 'h'; on failure closes 'h' and says why. */
static int adopt_frontend(registry *r, void *h, const char *path, dr_frontend_entry_fn entry, err *e) {
  frontend *f = frontend_adopt(h, path, entry, e);
  if (!f) {
    dlclose(h);
    return err_prefix(e, "%s", path);
  }
  add_frontend(r, f);
  return 0;
}

static int adopt_file(registry *r, void *h, const char *path, err *e) {
  dr_frontend_entry_fn fe_entry;
  dr_variant_entry_fn v_entry;
  *(void **)&fe_entry = dlsym(h, DR_FRONTEND_ENTRY);
  *(void **)&v_entry = dlsym(h, DR_VARIANT_ENTRY);
  if (fe_entry && !v_entry) return adopt_frontend(r, h, path, fe_entry, e);
  if (!v_entry) {
    dlclose(h);
    return err_set(e, "%s: no entry point '%s' (nor '%s')", path, DR_VARIANT_ENTRY, DR_FRONTEND_ENTRY);
  }
  plugin *p = adopt_variant(h, path, v_entry, e);
  if (!p) return -1;
  if (registry_find(r, p->v.name)) plugin_close(p); /* shadowed by an earlier directory */
  else add_plugin(r, p);
  return 0;
}

/* One file of a plugin directory: a variant or a front end, by its entry point. */
static void load_file(registry *r, const char *path) {
  err e;
  void *h = open_library(path, &e);
  if (!h || adopt_file(r, h, path, &e)) note_problem(r, e.msg);
}

static int has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads every '*.so' of 'dir' in name order; the first plugin of a name wins. */
static void scan_dir(registry *r, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  char **names = NULL;
  int n = 0;
  for (struct dirent *de; (de = readdir(d));) {
    if (!has_suffix(de->d_name, ".so")) continue;
    names = xrealloc(names, (n + 1) * sizeof *names);
    names[n++] = xstrdup(de->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  for (int i = 0; i < n; i++) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    free(names[i]);
    load_file(r, path);
  }
  free(names);
}

void exe_dir(char *out, size_t len) {
  ssize_t n = readlink("/proc/self/exe", out, len - 1);
  if (n <= 0) {
    snprintf(out, len, ".");
    return;
  }
  out[n] = '\0';
  char *slash = strrchr(out, '/');
  if (slash) *slash = '\0';
}

void registry_scan(registry *r) {
  memset(r, 0, sizeof *r);
  const char *env = getenv("DRAUGHTS_PLUGIN_PATH");
  if (env) {
    char *copy = xstrdup(env), *save = NULL;
    for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) scan_dir(r, dir);
    free(copy);
  }
  char dir[PATH_MAX], path[PATH_MAX + 64];
  exe_dir(dir, sizeof dir);
  snprintf(path, sizeof path, "%s/plugins", dir);
  scan_dir(r, path);
  snprintf(path, sizeof path, "%s/../%s", dir, DRAUGHTS_PLUGIN_SUBDIR);
  scan_dir(r, path);
}

void registry_free(registry *r) {
  for (int i = 0; i < r->count; i++) plugin_close(r->items[i]);
  for (int i = 0; i < r->nfrontends; i++) frontend_close(r->frontends[i]);
  for (int i = 0; i < r->nproblems; i++) free(r->problems[i]);
  free(r->items);
  free(r->frontends);
  free(r->problems);
  memset(r, 0, sizeof *r);
}

const plugin *registry_lookup(const registry *r, const char *name, err *e) {
  if (!name_is_valid(name, PLUGIN_NAME_MAX)) {
    err_set(e, "\"%s\" is not a variant name", name);
    return NULL;
  }
  const plugin *p = registry_find(r, name);
  if (p) return p;
  char list[256] = "";
  for (int i = 0; i < r->count; i++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", r->items[i]->v.name);
  }
  err_set(e, "unknown variant '%s' (found: %s)", name, r->count ? list : "no plugins");
  return NULL;
}

const plugin *registry_resolve(registry *r, const char *name_or_path, err *e) {
  if (strchr(name_or_path, '/') || has_suffix(name_or_path, ".so")) {
    plugin *p = plugin_open(name_or_path, e);
    if (p) add_plugin(r, p);
    return p;
  }
  return registry_lookup(r, name_or_path, e);
}
