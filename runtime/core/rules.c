/*
** rules.c — choosing rules: presets, option settings and their validation.
*/
#include "rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hooks.h"
#include "script.h"

static const dr_preset *find_preset(const dr_variant *v, const char *name) {
  for (const dr_preset *p = v->presets; p && p->name; p++)
    if (strcmp(p->name, name) == 0) return p;
  return NULL;
}

static int looks_like_path(const char *s) {
  size_t n = strlen(s);
  return strchr(s, '/') || (n > 4 && strcmp(s + n - 4, ".lua") == 0);
}

/* Runs a rules script: it sets options, and the hooks it defines replace the slots. */
static int run_script(ruleset *rs, const char *chunkname, const char *source, err *e) {
  script *sc = script_open(rs->v, &rs->rules, chunkname, e);
  if (!sc) return -1;
  int rc = hooks_open(sc, rs->v, &rs->rules, e);
  if (rc == 0) rc = script_run(sc, source, e);
  script_seal(sc);
  if (rc == 0) rc = hooks_install(rs, sc, e);
  if (rc <= 0) script_close(sc); /* no hooks (or an error): the state is not needed */
  return rc < 0 ? -1 : 0;
}

static int run_file(ruleset *rs, const char *path, err *e) {
  char *src = read_file(path, NULL, e);
  if (!src) return -1;
  const char *base = strrchr(path, '/');
  int rc = run_script(rs, base ? base + 1 : path, src, e);
  free(src);
  return rc;
}

static int unknown_preset(const dr_variant *v, const char *name, err *e) {
  char list[256] = "";
  for (const dr_preset *p = v->presets; p && p->name; p++) {
    size_t used = strlen(list);
    snprintf(list + used, sizeof list - used, "%s%s", p == v->presets ? "" : ", ", p->name);
  }
  return err_set(e, "unknown rule preset '%s' for %s (presets: %s)", name, v->name, *list ? list : "none");
}

static int rules_run_preset(ruleset *rs, const dr_variant *v, const char *preset, err *e) {
  memset(rs, 0, sizeof *rs);
  rs->v = v;
  rs->initial = v->initial;
  rs->generate = v->generate;
  rs->judge = v->judge;
  rs->quiet_count = v->quiet_count;
  for (int i = 0; i < v->noptions; i++) rs->rules.opt[i] = v->options[i].def;
  if (!preset) {
    if (!v->presets || !v->presets[0].name) return 0;
    preset = v->presets[0].name;
  }
  snprintf(rs->preset, sizeof rs->preset, "%s", preset);
  if (looks_like_path(preset)) return run_file(rs, preset, e);
  const dr_preset *p = find_preset(v, preset);
  if (!p) return unknown_preset(v, preset, e);
  char chunk[160];
  snprintf(chunk, sizeof chunk, "%s/%s.lua", v->name, p->name);
  return run_script(rs, chunk, p->script, e);
}

int rules_load_script(ruleset *rs, const dr_variant *v, const char *chunkname, const char *source, err *e) {
  int rc = rules_run_preset(rs, v, NULL, e);
  snprintf(rs->preset, sizeof rs->preset, "%s", chunkname);
  if (rc == 0) rc = run_script(rs, chunkname, source, e);
  rs->preset_rules = rs->rules;
  if (rc) rules_free(rs);
  return rc;
}

int rules_load(ruleset *rs, const dr_variant *v, const char *preset, err *e) {
  int rc = rules_run_preset(rs, v, preset, e);
  rs->preset_rules = rs->rules;
  if (rc) rules_free(rs);
  return rc;
}

void rules_free(ruleset *rs) {
  hooks_free(rs->hooks);
  rs->hooks = NULL;
  rs->hooks_id = 0;
  free(rs->eval);
  rs->eval = NULL;
  rs->eval_id = 0;
  rs->eval_name[0] = 0;
  if (rs->v) {
    rs->initial = rs->v->initial, rs->generate = rs->v->generate, rs->judge = rs->v->judge;
    rs->quiet_count = rs->v->quiet_count;
  }
}

int rules_threads(const ruleset *rs, int asked) {
  return rs->hooks ? 1 : threads_or_cores(asked);
}

const char *rules_problem(const ruleset *rs) { return hooks_problem(rs->hooks); }

void rules_spec(const ruleset *rs, char *out, size_t len) {
  size_t used = (size_t)snprintf(out, len, "%s", rs->preset);
  for (int i = 0; i < rs->v->noptions && used < len; i++) {
    if (rs->rules.opt[i] == rs->preset_rules.opt[i]) continue;
    char value[16];
    rules_value_text(&rs->v->options[i], rs->rules.opt[i], value, sizeof value);
    used += (size_t)snprintf(out + used, len - used, ",%s=%s", rs->v->options[i].name, value);
  }
}

static int parse_bool(const char *s, int32_t *out) {
  static const char *const yes[] = {"on", "true", "1", "yes"}, *const no[] = {"off", "false", "0", "no"};
  for (int i = 0; i < 4; i++) {
    if (strcasecmp(s, yes[i]) == 0) return *out = 1, 0;
    if (strcasecmp(s, no[i]) == 0) return *out = 0, 0;
  }
  return -1;
}

static int parse_int(const char *s, const dr_option *o, int32_t *out, err *e) {
  char *end;
  errno = 0;
  long n = strtol(s, &end, 10);
  if (!*s || *end || errno) return err_set(e, "option %s takes an integer, not '%s'", o->name, s);
  if (n < o->min || n > o->max)
    return err_set(e, "option %s must be between %d and %d, not %ld", o->name, o->min, o->max, n);
  *out = (int32_t)n;
  return 0;
}

int rules_set(ruleset *rs, const char *assignment, err *e) {
  const char *eq = strchr(assignment, '=');
  if (!eq || eq == assignment) return err_set(e, "expected option=value, got '%s'", assignment);
  size_t n = (size_t)(eq - assignment);
  for (int i = 0; i < rs->v->noptions; i++) {
    const dr_option *o = &rs->v->options[i];
    if (strlen(o->name) != n || strncmp(o->name, assignment, n) != 0) continue;
    if (o->type == DR_OPTION_INT) return parse_int(eq + 1, o, &rs->rules.opt[i], e);
    if (parse_bool(eq + 1, &rs->rules.opt[i]) == 0) return 0;
    return err_set(e, "option %s takes on/off, true/false or 1/0, not '%s'", o->name, eq + 1);
  }
  return err_set(e, "unknown option '%.*s' for %s (see 'draughts list')", (int)n, assignment, rs->v->name);
}

int rules_load_spec(ruleset *rs, const dr_variant *v, const char *spec, err *e) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", spec);
  char *save = NULL, *preset = strtok_r(buf, ",", &save);
  if (rules_load(rs, v, preset, e)) return -1;
  for (char *a = strtok_r(NULL, ",", &save); a; a = strtok_r(NULL, ",", &save))
    if (rules_set(rs, a, e)) return -1;
  return 0;
}

void rules_preset_doc(const char *script, char *out, size_t len) {
  const char *p = script;
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  if (strncmp(p, "--", 2) != 0) {
    snprintf(out, len, "%s", "");
    return;
  }
  p += 2;
  while (*p == ' ' || *p == '-') p++;
  size_t n = strcspn(p, "\n");
  snprintf(out, len, "%.*s", (int)n, p);
  text_plain(out, strlen(out), '?', 0); /* it is shown in lists and menus */
}

void rules_value_text(const dr_option *o, int32_t value, char *out, size_t len) {
  if (o->type == DR_OPTION_BOOL)
    snprintf(out, len, "%s", value ? "on" : "off");
  else
    snprintf(out, len, "%d", (int)value);
}

/* ------------------------------------------------ rules named by data */

/* A spec read from data never names a file: its preset part must be a preset the
** plugin declares, and the rest settings of declared options, so a game file or a
** hub line cannot make us read (and quote) a file, or run a script. */
int rules_load_named(ruleset *rs, const dr_variant *v, const char *spec, err *e) {
  size_t n = strcspn(spec, ",");
  char preset[64] = "";
  if (n < sizeof preset) snprintf(preset, sizeof preset, "%.*s", (int)n, spec);
  if (n && !name_is_valid(preset, sizeof preset - 1))
    return err_set(e, "\"%.*s\" is not a rule preset name", (int)(n < 200 ? n : 200), spec);
  if (n && !find_preset(v, preset)) return unknown_preset(v, preset, e);
  if (rules_load(rs, v, n ? preset : NULL, e)) return -1;
  char buf[512];
  snprintf(buf, sizeof buf, "%s", spec + n);
  for (char *save = NULL, *a = strtok_r(buf, ",", &save); a; a = strtok_r(NULL, ",", &save))
    if (rules_set(rs, a, e)) {
      rules_free(rs);
      return -1;
    }
  return 0;
}
