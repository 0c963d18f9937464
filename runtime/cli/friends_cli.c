/*
** friends_cli.c — 'draughts friends' and 'draughts profile': friends on a server who
** see each other's bests (invite, accept, remove, the list with their bests), and the
** profile there (a second device linked with a one-time code, the profile deleted).
** The server is given once (--server HOST:PORT) and remembered in the score store;
** every command first uploads the player's bests and brings the friends' down, so
** 'draughts scores' and the front ends' scores screens show them.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "friends.h"

typedef struct friends_cmd {
  registry *reg;
  profile_store *ps;
  char server[256];
  char nick[PROFILE_NICK_MAX + 1]; /* the local profile that claims a nickname */
  device_key key;
  online_call *c;
} friends_cmd;

/* The store, the server (given now or remembered) and the local player. */
static int open_cmd(friends_cmd *f, registry *reg, const cli_args *a) {
  char notice[256];
  err e;
  const char *user = getenv("USER");
  memset(f, 0, sizeof *f);
  f->reg = reg;
  if (!(f->ps = profile_open(a->profile_db, notice, sizeof notice, &e))) return cli_error("%s", e.msg), -1;
  if (*notice) cli_error("%s", notice);
  if (a->server && profile_set_setting(f->ps, FRIENDS_SERVER_SETTING, a->server, &e)) return cli_error("%s", e.msg), -1;
  if (!profile_setting(f->ps, FRIENDS_SERVER_SETTING, f->server, sizeof f->server))
    return cli_error("no server for friends yet: give one with --server HOST:PORT (it is remembered)"), -1;
  if (a->profile) snprintf(f->nick, sizeof f->nick, "%s", a->profile);
  else if (!profile_last(f->ps, f->nick, sizeof f->nick))
    snprintf(f->nick, sizeof f->nick, "%s", user ? user : "player");
  if (profile_check_nickname(f->nick, &e)) return cli_error("--profile: %s", e.msg), -1;
  return 0;
}

static void close_cmd(friends_cmd *f) {
  online_call_close(f->c);
  profile_close(f->ps);
}

/* Signed in, the bests uploaded, the friends' fetched ('list' if not NULL). */
static int sync_cmd(friends_cmd *f, json_t **list) {
  err e;
  f->c = friends_sign_in(f->server, f->nick, &f->key, NULL, &e);
  if (!f->c || friends_upload(f->c, f->ps, f->key.nick, &e) || friends_fetch(f->c, f->ps, f->server, list, &e))
    return cli_error("%s", e.msg), -1;
  return 0;
}

/* A request whose answer is 'answer'; NULL with the server's refusal printed. */
static json_t *ask(friends_cmd *f, json_t *request, int answer) {
  err e;
  json_t *r = online_ask(f->c, request, answer, NULL, 0, &e);
  if (!r) cli_error("%s", e.msg);
  return r;
}

static void expiry_text(int64_t seconds, char *out, size_t len) {
  time_t t = (time_t)seconds;
  strftime(out, len, "%Y-%m-%d %H:%M", localtime(&t));
}

/* ------------------------------------------------------------ listing */

static const char *title_of(const friends_cmd *f, const char *variant) {
  const plugin *p = registry_find(f->reg, variant);
  return p ? p->v.title : variant;
}

static void print_bests(const friends_cmd *f, const json_t *friend) {
  const json_t *records = json_object_get(friend, "records"), *streaks = json_object_get(friend, "streaks");
  size_t i;
  json_t *o;
  printf("%s\n", proto_str(friend, "name"));
  if (!json_array_size(records) && !json_array_size(streaks)) printf("  (no records yet)\n");
  json_array_foreach(records, i, o) {
    const char *mark = proto_str(o, "mark");
    printf("  %s (%s), level %d: %d (%d pieces, %d moves)%s%s\n", title_of(f, proto_str(o, "variant")),
           proto_str(o, "rules"), (int)proto_int(o, "level", 0), (int)proto_int(o, "points", 0),
           (int)proto_int(o, "pieces", 0), (int)proto_int(o, "moves", 0), mark && *mark ? " beats " : "",
           mark ? mark : "");
  }
  json_array_foreach(streaks, i, o)
    if (proto_int(o, "best", 0) > 0)
      printf("  %s (%s): best streak %d\n", title_of(f, proto_str(o, "variant")), proto_str(o, "rules"),
             (int)proto_int(o, "best", 0));
}

static int list_friends(friends_cmd *f) {
  json_t *list = NULL;
  if (sync_cmd(f, &list)) return CLI_FAILED;
  const json_t *friends = json_object_get(list, "friends");
  size_t i;
  json_t *o;
  printf("friends of %s on %s (their records are their own claims):\n", f->key.nick, f->server);
  if (!json_array_size(friends)) printf("(none yet: 'draughts friends invite' makes a code to give a friend)\n");
  json_array_foreach(friends, i, o) print_bests(f, o);
  json_decref(list);
  return CLI_OK;
}

/* ------------------------------------------------------------ changes */

static int invite(friends_cmd *f) {
  char when[32];
  friends_invitation inv;
  err e;
  if (friends_invite(f->c, f->server, &inv, &e)) return cli_error("%s", e.msg), CLI_FAILED;
  expiry_text(inv.expires, when, sizeof when);
  printf("invitation code: %s (one use, until %s)\n", inv.code, when);
  printf("your friend types: draughts friends accept %s --server %s\n", inv.code, f->server);
  printf("or opens: %s\n", inv.link);
  return CLI_OK;
}

static int accept(friends_cmd *f, const char *code) {
  char said[256];
  err e;
  if (friends_accept(f->c, f->ps, f->server, code, said, sizeof said, &e)) return cli_error("%s", e.msg), CLI_FAILED;
  printf("%s\n", said);
  return CLI_OK;
}

static int unfriend(friends_cmd *f, const char *nick) {
  err e;
  json_t *r = ask(f, json_pack("{s:s, s:s}", "type", "unfriend", "name", nick), MSG_UNFRIENDED);
  if (!r) return CLI_FAILED;
  printf("%s and you are no longer friends: neither sees the other's bests\n", nick);
  json_decref(r);
  return friends_fetch(f->c, f->ps, f->server, NULL, &e) ? cli_error("%s", e.msg), CLI_FAILED : CLI_OK;
}

int cmd_friends(registry *reg, const cli_args *a) {
  friends_cmd f;
  const char *what = a->nargs ? a->args[0] : "";
  int wants = strcmp(what, "accept") == 0 || strcmp(what, "remove") == 0;
  if ((*what && !wants && strcmp(what, "invite") != 0) || a->nargs != 1 + wants - !*what)
    return cli_error("usage: draughts friends [invite | accept CODE | remove NICK] [--server HOST:PORT]"), CLI_USAGE;
  int rc;
  if (open_cmd(&f, reg, a)) rc = CLI_FAILED;
  else if (!*what) rc = list_friends(&f);
  else if (sync_cmd(&f, NULL)) rc = CLI_FAILED;
  else if (strcmp(what, "invite") == 0) rc = invite(&f);
  else if (strcmp(what, "accept") == 0) rc = accept(&f, a->args[1]);
  else rc = unfriend(&f, a->args[1]);
  close_cmd(&f);
  return rc;
}

/* ------------------------------------------------------------ profile */

static int show_link_code(friends_cmd *f) {
  char when[32];
  json_t *r = ask(f, json_pack("{s:s}", "type", "link_code"), MSG_CODE);
  if (!r) return CLI_FAILED;
  expiry_text(proto_int(r, "expires", 0) / 1000, when, sizeof when);
  printf("on your other device, until %s: draughts profile link %s --server %s\n", when, proto_str(r, "code"),
         f->server);
  json_decref(r);
  return CLI_OK;
}

/* This device joins the profile of the code: its key (new if it has none) is added. */
static int link_device(friends_cmd *f, const char *code) {
  err e;
  int found = devkey_find(f->server, &f->key, &e);
  if (found < 0) return cli_error("%s", e.msg), CLI_FAILED;
  if (!found) devkey_new(f->server, f->nick, &f->key);
  if (!(f->c = online_call_open(f->server, f->nick, NULL, &e))) return cli_error("%s", e.msg), CLI_FAILED;
  json_t *r = ask(f, json_pack("{s:s, s:s, s:s}", "type", "link", "key", f->key.key, "code", code), MSG_PROFILE);
  if (!r) return CLI_FAILED;
  snprintf(f->key.nick, sizeof f->key.nick, "%s", proto_str(r, "name"));
  json_decref(r);
  if (devkey_save(&f->key, &e) || friends_upload(f->c, f->ps, f->key.nick, &e) ||
      friends_fetch(f->c, f->ps, f->server, NULL, &e))
    return cli_error("%s", e.msg), CLI_FAILED;
  printf("this device now plays as %s on %s (its scores go to that profile)\n", f->key.nick, f->server);
  return CLI_OK;
}

static int delete_profile(friends_cmd *f) {
  err e;
  json_t *r = ask(f, json_pack("{s:s}", "type", "delete_profile"), MSG_DELETED);
  if (!r) return CLI_FAILED;
  printf("the profile %s and everything %s held about it are deleted (the scores on this device stay)\n",
         proto_str(r, "name"), f->server);
  json_decref(r);
  if (devkey_forget(f->server, &e) || profile_sync_friends(f->ps, f->server, NULL, 0, &e))
    return cli_error("%s", e.msg), CLI_FAILED;
  return CLI_OK;
}

int cmd_profile(registry *reg, const cli_args *a) {
  friends_cmd f;
  const char *what = a->nargs ? a->args[0] : "";
  int link = strcmp(what, "link") == 0;
  if ((!link && strcmp(what, "delete") != 0) || a->nargs > 1 + link)
    return cli_error("usage: draughts profile link [CODE] | delete [--server HOST:PORT]"), CLI_USAGE;
  int rc = open_cmd(&f, reg, a) ? CLI_FAILED : -1;
  if (rc < 0 && link && a->nargs == 2) rc = link_device(&f, a->args[1]);
  else if (rc < 0) rc = sync_cmd(&f, NULL) ? CLI_FAILED : link ? show_link_code(&f) : delete_profile(&f);
  close_cmd(&f);
  return rc;
}
