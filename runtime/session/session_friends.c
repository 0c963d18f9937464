/*
** session_friends.c — friends on a server, from the client's side (friends.h), and the
** session's uploads: at the start and after each game against the computer, when the
** store names a server, a thread of the session's own signs in, uploads the player's
** bests and brings the friends' bests into the store.  Offline play never waits for
** it: the thread has its own connection to the store, and a server that does not
** answer costs the player nothing but a stale friends' column.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "friends.h"
#include "session_internal.h"

#define UPLOAD_ROWS 10 /* bests per 'upload': well within a message's size */

/* What went wrong when the server refused to sign in, in words; the key is forgotten
** when it holds nothing there, so that the next time claims a nickname anew. */
static void refused(const char *server, const device_key *key, const char *code, err *e) {
  err ignored;
  if (strcmp(code, "taken") != 0 && strcmp(code, "no_profile") != 0) return;
  devkey_forget(server, &ignored);
  if (strcmp(code, "taken") == 0)
    err_set(e, "the nickname '%s' is taken on %s by another player: play as another (--profile NICK)", key->nick,
            server);
  else
    err_set(e, "the profile '%s' on %s was deleted (from another device?): this device forgets it; the next time "
               "claims the nickname anew", key->nick, server);
}

online_call *friends_sign_in(const char *server, const char *nick, device_key *key, err *e) {
  char code[32] = "";
  int found = devkey_find(server, key, e);
  if (found < 0) return NULL;
  if (!found) {
    devkey_new(server, nick, key);
    if (devkey_save(key, e)) return NULL; /* kept before the server hears of it */
  }
  online_call *c = online_call_open(server, key->nick, e);
  json_t *ask = found ? json_pack("{s:s, s:s}", "type", "sign_in", "key", key->key)
                      : json_pack("{s:s, s:s, s:s}", "type", "claim", "name", key->nick, "key", key->key);
  json_t *r = c ? online_ask(c, ask, MSG_PROFILE, code, sizeof code, e) : (json_decref(ask), NULL);
  if (!r) {
    refused(server, key, code, e);
    online_call_close(c);
    return NULL;
  }
  snprintf(key->nick, sizeof key->nick, "%s", proto_str(r, "name"));
  json_decref(r);
  return c;
}

/* ----------------------------------------------------------- uploads */

typedef struct upload {
  online_call *c;
  json_t *records, *streaks;
  int rc;
  err *e;
} upload;

static int flush(upload *u) {
  if (json_array_size(u->records) + json_array_size(u->streaks) == 0) return 0;
  json_t *msg = json_pack("{s:s, s:o, s:o}", "type", "upload", "records", u->records, "streaks", u->streaks);
  u->records = json_array(), u->streaks = json_array();
  json_t *r = online_ask(u->c, msg, MSG_UPLOADED, NULL, 0, u->e);
  json_decref(r);
  return r ? 0 : (u->rc = -1);
}

static int add_row(void *ud, const profile_best *b) {
  upload *u = ud;
  if (b->level == 0)
    json_array_append_new(u->streaks, json_pack("{s:s, s:s, s:i, s:i}", "variant", b->variant, "rules", b->rules,
                                                "current", b->current, "best", b->best));
  else
    json_array_append_new(u->records, json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:I}", "variant", b->variant, "rules",
                                                b->rules, "level", b->level, "points", b->points, "pieces",
                                                b->pieces, "moves", b->moves, "finished", (json_int_t)b->finished));
  return json_array_size(u->records) + json_array_size(u->streaks) >= UPLOAD_ROWS ? flush(u) : 0;
}

int friends_upload(online_call *c, profile_store *ps, const char *nick, err *e) {
  int64_t id = profile_enter(ps, nick, NULL, 0, e);
  if (id < 0) return -1;
  upload u = {c, json_array(), json_array(), 0, e};
  int rc = profile_bests(ps, id, add_row, &u, e);
  if (rc == 0 && u.rc == 0) rc = flush(&u);
  json_decref(u.records);
  json_decref(u.streaks);
  return rc || u.rc ? -1 : 0;
}

/* ----------------------------------------------------------- friends */

static void read_rows(const json_t *friend, profile_friend_bests *f) {
  const json_t *records = json_object_get(friend, "records"), *streaks = json_object_get(friend, "streaks");
  size_t nr = json_array_size(records), ns = json_array_size(streaks);
  f->rows = xmalloc((nr + ns + 1) * sizeof *f->rows);
  memset(f->rows, 0, (nr + ns + 1) * sizeof *f->rows);
  for (size_t i = 0; i < nr + ns; i++) {
    const json_t *o = i < nr ? json_array_get(records, i) : json_array_get(streaks, i - nr);
    profile_best *b = &f->rows[i];
    snprintf(b->variant, sizeof b->variant, "%s", proto_str(o, "variant"));
    snprintf(b->rules, sizeof b->rules, "%s", proto_str(o, "rules"));
    b->level = i < nr ? (int)proto_int(o, "level", 1) : 0;
    b->points = (int)proto_int(o, "points", 0), b->pieces = (int)proto_int(o, "pieces", 0);
    b->moves = (int)proto_int(o, "moves", 0), b->finished = proto_int(o, "finished", 0);
    b->current = (int)proto_int(o, "current", 0), b->best = (int)proto_int(o, "best", 0);
  }
  f->n = (int)(nr + ns);
}

int friends_fetch(online_call *c, profile_store *ps, const char *server, json_t **list, err *e) {
  json_t *r = online_ask(c, json_pack("{s:s}", "type", "friends"), MSG_FRIEND_LIST, NULL, 0, e);
  if (!r) return -1;
  const json_t *friends = json_object_get(r, "friends");
  size_t n = json_array_size(friends);
  profile_friend_bests *f = xmalloc((n + 1) * sizeof *f);
  for (size_t i = 0; i < n; i++) {
    snprintf(f[i].nick, sizeof f[i].nick, "%s", proto_str(json_array_get(friends, i), "name"));
    read_rows(json_array_get(friends, i), &f[i]);
  }
  int rc = profile_sync_friends(ps, server, f, (int)n, e);
  for (size_t i = 0; i < n; i++) free(f[i].rows);
  free(f);
  if (list && rc == 0) *list = r;
  else json_decref(r);
  return rc;
}

int friends_sync(const char *server, profile_store *ps, const char *nick, err *e) {
  device_key key;
  online_call *c = friends_sign_in(server, nick, &key, e);
  if (!c) return -1;
  int rc = friends_upload(c, ps, key.nick, e) || friends_fetch(c, ps, server, NULL, e) ? -1 : 0;
  online_call_close(c);
  return rc;
}

/* ------------------------------------------------------ the session's */

struct friends_sync_job {
  pthread_t thread;
  pthread_mutex_t lock;
  int started;           /* 'thread' is to be joined */
  int running, again;    /* under 'lock' */
  char store[4096], server[256], nick[PROFILE_NICK_MAX + 1];
};

static void *sync_thread(void *arg) {
  friends_sync_job *j = arg;
  char notice[256];
  err e;
  pthread_mutex_lock(&j->lock);
  do {
    j->again = 0;
    pthread_mutex_unlock(&j->lock);
    profile_store *ps = profile_open(j->store, notice, sizeof notice, &e);
    if (ps) friends_sync(j->server, ps, j->nick, &e); /* a failure waits for the next game */
    profile_close(ps);
    pthread_mutex_lock(&j->lock);
  } while (j->again);
  j->running = 0;
  pthread_mutex_unlock(&j->lock);
  return NULL;
}

void session_friends_sync(session *s) {
  char server[256];
  if (!s->sc.store || !profile_setting(s->sc.store, FRIENDS_SERVER_SETTING, server, sizeof server))
    return;
  if (!s->fsync) {
    s->fsync = xmalloc(sizeof *s->fsync);
    memset(s->fsync, 0, sizeof *s->fsync);
    pthread_mutex_init(&s->fsync->lock, NULL);
  }
  friends_sync_job *j = s->fsync;
  pthread_mutex_lock(&j->lock);
  if (j->running) {
    j->again = 1; /* the running sync goes once more, with this game */
    pthread_mutex_unlock(&j->lock);
    return;
  }
  pthread_mutex_unlock(&j->lock);
  if (j->started) pthread_join(j->thread, NULL), j->started = 0;
  snprintf(j->store, sizeof j->store, "%s", profile_file(s->sc.store));
  snprintf(j->server, sizeof j->server, "%s", server);
  snprintf(j->nick, sizeof j->nick, "%s", s->sc.nickname);
  j->running = 1;
  if (pthread_create(&j->thread, NULL, sync_thread, j) == 0) j->started = 1;
  else j->running = 0;
}

void session_friends_free(session *s) {
  if (!s->fsync) return;
  if (s->fsync->started) pthread_join(s->fsync->thread, NULL);
  pthread_mutex_destroy(&s->fsync->lock);
  free(s->fsync);
  s->fsync = NULL;
}
