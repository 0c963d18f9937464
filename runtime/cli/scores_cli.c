/*
** scores_cli.c — 'draughts scores': a player's records per variant and level beside
** the variant's marks and any imported friends' records, the streaks, the recent
** history; '--export FILE' and '--import FILE' to compare with a friend; '--pdn ID'
** prints a game of the history.  It reads the same store the front ends write.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "profile.h"
#include "scores.h"
#include "search.h"

#define HISTORY_LINES 10
#define MAX_FRIENDS 4   /* columns side by side */
#define MAX_VARIANTS 64

typedef struct board_view {
  profile_store *ps;
  registry *reg;
  int64_t profile;
  char nick[PROFILE_NICK_MAX + 1];
  int nfriends;
  char friends[MAX_FRIENDS][PROFILE_NICK_MAX + 1];
} board_view;

static const char *const outcome_word[3] = {"loss", "draw", "win"};

static void date_text(int64_t when, char *out, size_t len) {
  time_t t = (time_t)when;
  strftime(out, len, "%Y-%m-%d %H:%M", localtime(&t));
}

/* ------------------------------------------------------------- profile */

/* The profile to show: --profile, the one chosen last, or $USER.  0 when none has
** any games yet (not an error for showing: nothing to show). */
static int64_t choose_profile(board_view *b, const char *asked) {
  err e;
  const char *user = getenv("USER");
  if (asked) snprintf(b->nick, sizeof b->nick, "%s", asked);
  else if (!profile_last(b->ps, b->nick, sizeof b->nick)) snprintf(b->nick, sizeof b->nick, "%s", user ? user : "");
  int64_t id = *b->nick ? profile_lookup(b->ps, b->nick, &e) : 0;
  if (id < 0) cli_error("%s", e.msg);
  else if (id == 0 && asked) cli_error("no profile '%s' in %s", asked, profile_file(b->ps));
  return id;
}

static void load_friends(board_view *b) {
  err e;
  while (b->nfriends < MAX_FRIENDS &&
         profile_friend_at(b->ps, b->nfriends, b->friends[b->nfriends], sizeof b->friends[0], &e) == 1)
    b->nfriends++;
}

/* ------------------------------------------------------------ one variant */

#define MAX_RULES 16 /* rules groups shown per variant */

/* The marks of 'variant', or NULL when it is not installed. */
static const score_marks *marks_of(const board_view *b, const char *variant, score_marks *out) {
  err e;
  const plugin *p = registry_find(b->reg, variant);
  int n = p ? scores_start_pieces(&p->v, &e) : -1;
  if (n < 0) return NULL;
  scores_marks(n, out);
  return out;
}

static void print_marks(const score_marks *m) {
  if (m) printf("  marks to beat: Pro %d   Expert %d   Júnior %d\n", m->pro, m->expert, m->junior);
}

/* "-" for a best streak of 0: nothing won yet. */
static void best_text(int best, char *out, size_t len) {
  if (best > 0) snprintf(out, len, "%d", best);
  else snprintf(out, len, "-");
}

static void print_streaks(const board_view *b, const char *variant, const char *rules) {
  err e;
  int current = 0, best = 0;
  char shown[16];
  if (b->profile) profile_streak(b->ps, b->profile, variant, rules, &current, &best, &e);
  best_text(best, shown, sizeof shown);
  printf("    streak %d, best %s (at the streak level the computer plays level %d)", current, shown,
         search_level_for_streak(current));
  for (int f = 0; f < b->nfriends; f++)
    if (profile_friend_streak(b->ps, b->friends[f], variant, rules, &current, &best, &e) == 1) {
      best_text(best, shown, sizeof shown);
      printf("; %s: streak %d, best %s", b->friends[f], current, shown);
    }
  printf("\n");
}

/* "950 (9 pieces, 20 moves, 2026-05-01) beats Expert": a record and the mark it reached. */
static void record_text(const profile_game *g, const score_marks *m, char *out, size_t len) {
  char date[32];
  const char *mark = m ? scores_mark_reached(m, g->points) : "";
  date_text(g->finished, date, sizeof date);
  snprintf(out, len, "%d (%d pieces, %d moves, %.10s)%s%s", g->points, g->pieces, g->moves, date,
           *mark ? " beats " : "", mark);
}

/* One level's line: own record and the friends' side by side; 0 if nobody has one. */
static int print_level(const board_view *b, const char *variant, const char *rules, int level, const score_marks *m) {
  err e;
  profile_game g, f;
  int mine = b->profile ? profile_record(b->ps, b->profile, variant, rules, level, &g, &e) == 1 : 0, any = mine;
  char own[96] = "-", line[512], theirs[MAX_FRIENDS][32];
  for (int i = 0; i < b->nfriends; i++) {
    int found = profile_friend_record(b->ps, b->friends[i], variant, rules, level, &f, &e) == 1;
    const char *mark = found && m ? scores_mark_reached(m, f.points) : "";
    if (found) snprintf(theirs[i], sizeof theirs[i], "%d%s%s%s", f.points, *mark ? " (" : "", mark, *mark ? ")" : "");
    else snprintf(theirs[i], sizeof theirs[i], "-");
    any |= found;
  }
  if (!any) return 0;
  if (mine) record_text(&g, m, own, sizeof own);
  size_t used = (size_t)snprintf(line, sizeof line, "    %-5d  %-56s", level, own);
  for (int i = 0; i < b->nfriends && used < sizeof line; i++)
    used += (size_t)snprintf(line + used, sizeof line - used, "  %-14s", theirs[i]);
  cli_put_line(line);
  return 1;
}

static void print_records(const board_view *b, const char *variant, const char *rules, const score_marks *m) {
  char line[512];
  size_t used = (size_t)snprintf(line, sizeof line, "    %-5s  %-56s", "level", b->profile ? b->nick : "record");
  for (int f = 0; f < b->nfriends && used < sizeof line; f++)
    used += (size_t)snprintf(line + used, sizeof line - used, "  %-14.14s", b->friends[f]);
  cli_put_line(line);
  int shown = 0;
  for (int level = 1; level <= SEARCH_LEVELS; level++) shown += print_level(b, variant, rules, level, m);
  if (!shown) printf("    (no records yet: win a game against the computer)\n");
}

static int listed(char names[][128], int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0) return 1;
  return 0;
}

/* The rules to show: the presets with anything kept under them, in their order, then
** the other rules the store knows; the default preset when there is nothing at all. */
static int rules_groups(const board_view *b, const char *variant, char names[][128]) {
  err e;
  char seen[MAX_RULES][128];
  int nseen = 0, n = 0;
  while (nseen < MAX_RULES && profile_rules_at(b->ps, b->profile, variant, nseen, seen[nseen], 128, &e) == 1) nseen++;
  const plugin *p = registry_find(b->reg, variant);
  for (const dr_preset *pr = p ? p->v.presets : NULL; pr && pr->name && n < MAX_RULES; pr++)
    if (listed(seen, nseen, pr->name)) snprintf(names[n++], 128, "%s", pr->name);
  for (int i = 0; i < nseen && n < MAX_RULES; i++)
    if (!listed(names, n, seen[i])) snprintf(names[n++], 128, "%s", seen[i]);
  if (n == 0) snprintf(names[n++], 128, "%s", p && p->v.presets && p->v.presets[0].name ? p->v.presets[0].name : "");
  return n;
}

static void print_variant(const board_view *b, const char *variant) {
  const plugin *p = registry_find(b->reg, variant);
  char rules[MAX_RULES][128];
  score_marks marks;
  const score_marks *m = marks_of(b, variant, &marks);
  printf("\n%s (%s)\n", p ? p->v.title : variant, variant);
  print_marks(m);
  for (int i = 0, n = rules_groups(b, variant, rules); i < n; i++) {
    if (*rules[i]) printf("  %s rules\n", rules[i]);
    else printf("  rules not recorded (friends' records imported from an older file)\n");
    print_streaks(b, variant, rules[i]);
    print_records(b, variant, rules[i], m);
  }
}

/* --------------------------------------------------------------- history */

static void print_game(const board_view *b, const profile_game *g) {
  char date[32];
  score_marks marks;
  const score_marks *m = g->outcome == 1 ? marks_of(b, g->variant, &marks) : NULL;
  const char *mark = m ? scores_mark_reached(m, g->points) : "";
  date_text(g->finished, date, sizeof date);
  printf("  #%-5lld %s  %-12s %-10s level %d%s  %-4s %6d%s%-7s  %s\n", (long long)g->id, date, g->variant, g->rules,
         g->level, g->streak_level ? " (streak)" : "", outcome_word[g->outcome + 1], g->points, *mark ? " " : " ",
         mark, g->note);
}

static int print_history(const board_view *b, const char *variant) {
  err e;
  profile_game g;
  if (!b->profile) return 0;
  printf("\nRecent games (draughts scores --pdn ID prints one)\n");
  int i = 0, rc = 0;
  for (; i < HISTORY_LINES && (rc = profile_history(b->ps, b->profile, variant, i, &g, &e)) == 1; i++) print_game(b, &g);
  if (rc < 0) return cli_error("%s", e.msg), -1;
  if (i == 0) printf("  (none yet)\n");
  return 0;
}

/* ---------------------------------------------------------------- board */

static int known(char names[][32], int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0) return 1;
  return 0;
}

/* Every installed variant, then those of the store no longer installed. */
static int variant_names(const board_view *b, char names[][32]) {
  err e;
  int n = 0;
  char name[32];
  for (int i = 0; i < b->reg->count && n < MAX_VARIANTS; i++)
    if (!known(names, n, b->reg->items[i]->v.name)) snprintf(names[n++], 32, "%s", b->reg->items[i]->v.name);
  for (int i = 0; n < MAX_VARIANTS && profile_variant_at(b->ps, b->profile, i, name, sizeof name, &e) == 1; i++)
    if (!known(names, n, name)) snprintf(names[n++], 32, "%s", name);
  return n;
}

static int show_board(board_view *b, const cli_args *a) {
  char names[MAX_VARIANTS][32];
  load_friends(b);
  printf("Player: %s    (scores in %s)\n", b->profile ? b->nick : "(no games saved yet)", profile_file(b->ps));
  if (a->variant) {
    print_variant(b, a->variant);
  } else {
    int n = variant_names(b, names);
    for (int i = 0; i < n; i++) print_variant(b, names[i]);
  }
  return print_history(b, a->variant) ? CLI_FAILED : CLI_OK;
}

/* ------------------------------------------------------------- commands */

static int print_pdn(board_view *b, const char *id_text) {
  err e;
  char *end;
  long long id = strtoll(id_text, &end, 10);
  if (!*id_text || *end || id < 1) {
    cli_error("--pdn takes the number of a game of the history, not '%s'", id_text);
    return CLI_USAGE;
  }
  char *pdn = b->profile ? profile_game_pdn(b->ps, b->profile, id, &e) : NULL;
  if (!pdn) {
    cli_error("%s", b->profile ? e.msg : "no games saved yet");
    return CLI_FAILED;
  }
  fputs(pdn, stdout);
  free(pdn);
  return CLI_OK;
}

static int export_records(board_view *b, const char *file) {
  err e;
  if (!b->profile) {
    if (*b->nick) cli_error("nothing to export: no profile '%s' with saved games yet", b->nick);
    else cli_error("nothing to export: no games saved yet (--profile NICK chooses the player)");
    return CLI_FAILED;
  }
  if (profile_export(b->ps, b->profile, file, &e)) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  printf("exported the records of %s to %s\n", b->nick, file);
  return CLI_OK;
}

static int import_records(board_view *b, const char *file) {
  err e;
  char nick[PROFILE_NICK_MAX + 1];
  if (profile_import(b->ps, file, nick, sizeof nick, &e)) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  printf("imported the records of %s from %s: they show beside yours in 'draughts scores'\n", nick, file);
  return CLI_OK;
}

static int run_scores(board_view *b, const cli_args *a) {
  if (a->variant && !registry_find(b->reg, a->variant)) {
    err e;
    char name[32];
    int found = 0;
    for (int i = 0; !found && profile_variant_at(b->ps, b->profile, i, name, sizeof name, &e) == 1; i++)
      found = strcmp(name, a->variant) == 0;
    if (!found) {
      cli_error("no variant '%s' (see 'draughts list')", a->variant);
      return CLI_FAILED;
    }
  }
  if (a->import_file) return import_records(b, a->import_file);
  if (a->export_file) return export_records(b, a->export_file);
  if (a->pdn_id) return print_pdn(b, a->pdn_id);
  return show_board(b, a);
}

int cmd_scores(registry *reg, const cli_args *a) {
  err e;
  char notice[512];
  board_view b;
  memset(&b, 0, sizeof b);
  b.reg = reg;
  if (a->nargs > 0) {
    cli_error("scores takes options only: draughts scores [--variant V] [--profile NICK] [--export FILE | "
              "--import FILE | --pdn ID]");
    return CLI_USAGE;
  }
  b.ps = profile_open(a->profile_db, notice, sizeof notice, &e);
  if (!b.ps) {
    cli_error("%s", e.msg);
    return CLI_FAILED;
  }
  if (*notice) cli_error("%s", notice);
  b.profile = choose_profile(&b, a->profile);
  int rc = b.profile < 0 || (b.profile == 0 && a->profile) ? CLI_FAILED : run_scores(&b, a);
  profile_close(b.ps);
  return rc;
}
