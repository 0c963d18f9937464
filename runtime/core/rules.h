/*
** rules.h — a variant with its rules chosen: a preset (by name or .lua file) and
** option settings on top.  Everything that plays, counts or checks a game goes
** through a 'ruleset', so house rules reach every command the same way.
*/
#ifndef DRAUGHTS_RULES_H
#define DRAUGHTS_RULES_H

#include <draughts/variant.h>

#include "guard.h"
#include "util.h"

typedef struct ruleset {
  const dr_variant *v;
  dr_rules rules;
  char preset[128]; /* the preset's name or script file, for messages and PDN */
  dr_rules preset_rules; /* the values the preset set, before any --set */
  /* The slots every caller goes through: the plugin's own functions, or house-rule
  ** hooks installed over them, which are then called exactly the same way. */
  int (*initial)(const dr_rules *rules, dr_position *out);
  int (*generate)(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
  int (*judge)(const dr_rules *rules, const dr_position *pos, const dr_history *h, const char **why);
  /* The plugin's fast count of quiet moves, or NULL: always NULL while a house-rule
  ** filter stands in for 'generate', which the count would bypass. */
  int (*quiet_count)(const dr_rules *rules, const dr_position *pos);
  struct hooks *hooks; /* the house-rule script behind replaced slots, or NULL */
  uint64_t hooks_id;   /* unique per installed script (0: none), so caches never mistake one for another */
  /* Evaluation weights a command attached to these rules (an --eval file), so that
  ** they travel with the rules to every search; NULL for the variant's own.  Core
  ** only carries and frees them (one malloc'ed block): the engine reads and writes
  ** them.  'eval_id' tells attached files apart as 'hooks_id' does scripts. */
  void *eval;
  uint64_t eval_id;
  char eval_name[128]; /* the file's name, for messages; "" without one */
} ruleset;

/* The legal moves of 'p' under these rules, every landing path; DR_OK, or the plugin's
** status or GUARD_REFUSED (see 'guard_error') with an empty list: nothing the plugin
** gave is used before 'guard_moves' has checked it. */
static inline int rules_generate(const ruleset *rs, const dr_position *p, dr_movelist *out) {
  out->count = 0;
  int rc = rs->generate(&rs->rules, p, out);
  if (rc == DR_OK) return guard_moves(rs->v, p, out);
  out->count = 0;
  return rc;
}

/* 'rules_generate' for a list that is only counted and compared (perft's last ply):
** the count is checked, the moves are not, so they must never be applied or shown. */
static inline int rules_generate_to_count(const ruleset *rs, const dr_position *p, dr_movelist *out) {
  out->count = 0;
  int rc = rs->generate(&rs->rules, p, out);
  if (rc == DR_OK) return guard_count(rs->v, out);
  out->count = 0;
  return rc;
}

/* The verdict on 'p' under these rules: DR_ONGOING (with '*why' NULL), a result with a
** short, plain reason in '*why', or GUARD_REFUSED (see 'guard_error').  The plugin's
** judge is checked by 'guard_verdict' here, or by the house-rule judge that stands in
** for it (hooks.c) before the script sees it; a script's reason is made plain there. */
static inline int rules_judge(const ruleset *rs, const dr_position *p, const dr_history *h, const char **why) {
  *why = NULL;
  int verdict = rs->judge(&rs->rules, p, h, why);
  if (rs->judge == rs->v->judge) return guard_verdict(rs->v, verdict, why);
  if (verdict != DR_ONGOING && verdict != GUARD_REFUSED && !*why) *why = "house rule";
  return verdict;
}

/* The number of legal moves of a position without a capture, or -1 when it has one
** or the count is not available: then generate. */
static inline int rules_quiet_count(const ruleset *rs, const dr_position *p) {
  return rs->quiet_count ? rs->quiet_count(&rs->rules, p) : -1;
}

/* Starts from the declared defaults and runs 'preset' (a preset name, a path to a
** .lua file, or NULL for the default preset). */
DRI_FUNC int rules_load(ruleset *rs, const dr_variant *v, const char *preset, err *e);

/* The default preset, then a rules script given as text ('chunkname' in messages). */
DRI_FUNC int rules_load_script(ruleset *rs, const dr_variant *v, const char *chunkname, const char *source,
                               err *e);

/* Releases what a rules script installed (its Lua state and hook closures).  Only
** the ruleset 'rules_load' filled may be freed, not a copy of it. */
DRI_FUNC void rules_free(ruleset *rs);
/* The threads worth running over these rules: threads_or_cores(asked), or 1 under house-rule
** hooks, which run in one Lua state behind a lock where more threads would only wait. */
DRI_FUNC int rules_threads(const ruleset *rs, int asked);

/* Why the house rules were switched off mid-game (a script error), or NULL. */
DRI_FUNC const char *rules_problem(const ruleset *rs);

/* Applies one "option=value" setting; booleans take on/off, true/false or 1/0. */
DRI_FUNC int rules_set(ruleset *rs, const char *assignment, err *e);

/* "preset[,option=value...]", as written in data files. */
DRI_FUNC int rules_load_spec(ruleset *rs, const dr_variant *v, const char *spec, err *e);

/* The same spec read from data (a game file's Rules tag, a hub line): the preset only
** by name, never a file, and settings only of declared options. */
DRI_FUNC int rules_load_named(ruleset *rs, const dr_variant *v, const char *spec, err *e);

/* "preset[,option=value...]" naming these rules: the inverse of 'rules_load_spec'. */
DRI_FUNC void rules_spec(const ruleset *rs, char *out, size_t len);

/* The one-line doc of a preset: its first comment line. */
DRI_FUNC void rules_preset_doc(const char *script, char *out, size_t len);

/* The value of an option as text ("on", "off", "40"). */
DRI_FUNC void rules_value_text(const dr_option *o, int32_t value, char *out, size_t len);

#endif
