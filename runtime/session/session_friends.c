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
#define QUIT_GRACE_MS 3000 /* a sync under way at quit may finish (the last game's bests go up)
                            * if it can by then; past that it is cancelled */

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

online_call *friends_sign_in(const char *server, const char *nick, device_key *key, const int *cancel, err *e) {
  char code[32] = "";
  int found = devkey_find(server, key, e);
  if (found < 0) return NULL;
  if (!found) {
    devkey_new(server, nick, key);
    if (devkey_save(key, e)) return NULL; /* kept before the server hears of it */
  }
  online_call *c = online_call_open(server, key->nick, cancel, e);
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

/* ------------------------------------------------------- invitations */

/* The page a friend opens: the code rides in the fragment, which no browser sends on. */
static void invite_link(const char *server, const char *code, char *out, size_t len) {
  char host[256], path[256];
  int tls, port;
  err ignored;
  if (online_parse_address(server, &tls, host, sizeof host, &port, path, sizeof path, &ignored) == 0)
    snprintf(out, len, "%s://%s:%d/#invite=%s", tls ? "https" : "http", host, port, code);
  else
    snprintf(out, len, "http://%s/#invite=%s", server, code);
}

int friends_invite(online_call *c, const char *server, friends_invitation *out, err *e) {
  json_t *r = online_ask(c, json_pack("{s:s}", "type", "invite"), MSG_CODE, NULL, 0, e);
  if (!r) return -1;
  snprintf(out->code, sizeof out->code, "%s", proto_str(r, "code"));
  out->expires = proto_int(r, "expires", 0) / 1000;
  invite_link(server, out->code, out->link, sizeof out->link);
  json_decref(r);
  return 0;
}

int friends_accept(online_call *c, profile_store *ps, const char *server, const char *code, char *said, size_t len,
                   err *e) {
  json_t *r = online_ask(c, json_pack("{s:s, s:s}", "type", "accept", "code", code), MSG_FRIEND, NULL, 0, e);
  if (!r) return -1;
  snprintf(said, len, "%s and you are friends: you see each other's bests", proto_str(r, "name"));
  json_decref(r);
  return friends_fetch(c, ps, server, NULL, e);
}

/* ------------------------------------------------------ the session's */

/* The thread's work: what it was asked, for whom, where; copied under 'lock'. */
typedef struct sync_task {
  int asked;             /* DR_FRIENDS_*, or 0: only the bests up and down */
  char code[64];
  char store[4096], server[256], nick[PROFILE_NICK_MAX + 1];
} sync_task;

struct friends_sync_job {
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t done;   /* 'running' turned 0 */
  int started;           /* 'thread' is to be joined */
  int cancel;            /* atomic: the session closes, the thread's waits end at once */
  /* Under 'lock': */
  int running, again;    /* 'again': the thread goes once more when it is done */
  sync_task next;        /* what it does next */
  int doing;             /* the request the thread is on (DR_FRIENDS_*), 0 none */
  dr_friends answer;     /* the latest request's */
  int events;            /* DR_EVENT_FRIENDS for the next 'poll' */
};

/* Sign in, the bests up, the friends' down, then the request: its outcome in 'out'. */
static void run_task(const sync_task *t, const int *cancel, dr_friends *out) {
  char notice[256];
  err e;
  device_key key;
  friends_invitation inv;
  online_call *c = NULL;
  profile_store *ps = profile_open(t->store, notice, sizeof notice, &e);
  int rc = ps && (c = friends_sign_in(t->server, t->nick, &key, cancel, &e)) ? 0 : -1;
  if (rc == 0) rc = friends_upload(c, ps, key.nick, &e) || friends_fetch(c, ps, t->server, NULL, &e) ? -1 : 0;
  if (rc == 0 && t->asked == DR_FRIENDS_INVITE && (rc = friends_invite(c, t->server, &inv, &e)) == 0) {
    snprintf(out->code, sizeof out->code, "%s", inv.code);
    snprintf(out->link, sizeof out->link, "%s", inv.link);
    out->expires = inv.expires;
  }
  if (rc == 0 && t->asked == DR_FRIENDS_ACCEPT)
    rc = friends_accept(c, ps, t->server, t->code, out->notice, sizeof out->notice, &e);
  if (rc) snprintf(out->notice, sizeof out->notice, "%s", e.msg), out->failed = 1;
  online_call_close(c);
  profile_close(ps);
}

static void *sync_thread(void *arg) {
  friends_sync_job *j = arg;
  sync_task t;
  dr_friends out;
  pthread_mutex_lock(&j->lock);
  do {
    t = j->next;
    j->next.asked = 0, j->again = 0, j->doing = t.asked;
    pthread_mutex_unlock(&j->lock);
    DR_INIT(out);
    out.asked = t.asked;
    run_task(&t, &j->cancel, &out); /* a failure of a mere sync waits for the next game */
    pthread_mutex_lock(&j->lock);
    if (t.asked) j->answer = out;
    j->doing = 0;
    j->events |= DR_EVENT_FRIENDS;
  } while (j->again && !__atomic_load_n(&j->cancel, __ATOMIC_ACQUIRE));
  j->running = 0;
  pthread_cond_signal(&j->done);
  pthread_mutex_unlock(&j->lock);
  return NULL;
}

static friends_sync_job *job_of(session *s) {
  if (!s->fsync) {
    s->fsync = xmalloc(sizeof *s->fsync);
    memset(s->fsync, 0, sizeof *s->fsync);
    pthread_mutex_init(&s->fsync->lock, NULL);
    pthread_cond_init(&s->fsync->done, NULL);
  }
  return s->fsync;
}

/* Starts the thread on 'next' (or has the running one go again): 0, or -1 when it
** cannot take 'asked' (a request is on its way). */
static int start(session *s, const char *server, int asked, const char *code) {
  friends_sync_job *j = job_of(s);
  pthread_mutex_lock(&j->lock);
  if (asked && (j->doing || j->next.asked)) {
    pthread_mutex_unlock(&j->lock);
    return session_fail(s, "a request to %s is still on its way", server);
  }
  sync_task *t = &j->next;
  if (asked) t->asked = asked, snprintf(t->code, sizeof t->code, "%s", code ? code : "");
  snprintf(t->store, sizeof t->store, "%s", profile_file(s->sc.store));
  snprintf(t->server, sizeof t->server, "%s", server);
  snprintf(t->nick, sizeof t->nick, "%s", s->sc.nickname);
  int running = j->running;
  j->again = 1;
  j->running = 1;
  pthread_mutex_unlock(&j->lock);
  if (running) return 0; /* the running thread goes once more, with this */
  if (j->started) pthread_join(j->thread, NULL), j->started = 0;
  if (pthread_create(&j->thread, NULL, sync_thread, j) == 0) return j->started = 1, 0;
  pthread_mutex_lock(&j->lock);
  j->running = 0, j->next.asked = 0;
  pthread_mutex_unlock(&j->lock);
  return session_fail(s, "cannot start a thread to reach %s", server);
}

/* The server friends are on, from the store: 1, or 0 when none is set. */
static int server_of(session *s, char *out, size_t len) {
  return s->sc.store && profile_setting(s->sc.store, FRIENDS_SERVER_SETTING, out, len);
}

void session_friends_sync(session *s) {
  char server[256];
  if (server_of(s, server, sizeof server)) start(s, server, 0, NULL);
}

int session_friends_set_server(session *s, const char *address) {
  char old[256] = "", host[256], path[256];
  int tls, port;
  err e;
  const char *value = address && *address ? address : NULL;
  if (!s->sc.store) return session_fail(s, "scores are not kept here, so friends have nothing to see");
  if (value && online_parse_address(value, &tls, host, sizeof host, &port, path, sizeof path, &e))
    return session_fail(s, "%s", e.msg);
  server_of(s, old, sizeof old);
  if (profile_set_setting(s->sc.store, FRIENDS_SERVER_SETTING, value, &e)) return session_fail(s, "%s", e.msg);
  if (*old && (!value || strcmp(old, value) != 0) && profile_sync_friends(s->sc.store, old, NULL, 0, &e))
    return session_fail(s, "%s", e.msg); /* the friends of the old server leave the scores screens */
  if (s->fsync) {
    pthread_mutex_lock(&s->fsync->lock);
    DR_INIT(s->fsync->answer); /* an invitation of the old server is no news on the new one */
    pthread_mutex_unlock(&s->fsync->lock);
  }
  session_friends_sync(s);
  return 0;
}

/* A request to the server friends are on. */
static int ask(session *s, int asked, const char *code) {
  char server[256];
  if (!s->sc.store || !*s->sc.nickname)
    return session_fail(s, "scores are not kept here, so friends have nothing to see");
  if (!server_of(s, server, sizeof server))
    return session_fail(s, "no friends server yet: set one on the menu's Friends line, or with 'draughts friends "
                           "--server HOST:PORT'");
  return start(s, server, asked, code);
}

int session_friends_invite(session *s) { return ask(s, DR_FRIENDS_INVITE, NULL); }

int session_friends_accept(session *s, const char *code) {
  if (!code || !*code || strlen(code) >= sizeof ((sync_task *)0)->code)
    return session_fail(s, "type the code your friend gave you (their 'invitation code')");
  return ask(s, DR_FRIENDS_ACCEPT, code);
}

void session_friends(session *s, dr_friends *out) {
  dr_friends full;
  DR_INIT(full);
  if (s->fsync) {
    pthread_mutex_lock(&s->fsync->lock);
    full = s->fsync->answer;
    full.busy = s->fsync->doing || s->fsync->next.asked;
    if (full.busy) full.asked = s->fsync->doing ? s->fsync->doing : s->fsync->next.asked;
    pthread_mutex_unlock(&s->fsync->lock);
  }
  if (!server_of(s, full.server, sizeof full.server)) full.server[0] = '\0';
  session_copy_out(out, &full, sizeof full);
}

int session_friends_poll(session *s) {
  if (!s->fsync) return 0;
  pthread_mutex_lock(&s->fsync->lock);
  int events = s->fsync->events;
  s->fsync->events = 0;
  pthread_mutex_unlock(&s->fsync->lock);
  return events;
}

/* The sync under way gets a moment to finish: a server that answers has the last game's
** bests; one that does not keeps nobody waiting long. */
static void grace(friends_sync_job *j) {
  struct timespec until = deadline_after_ms(QUIT_GRACE_MS);
  pthread_mutex_lock(&j->lock);
  while (j->running && pthread_cond_timedwait(&j->done, &j->lock, &until) == 0) {}
  pthread_mutex_unlock(&j->lock);
}

void session_friends_free(session *s) {
  friends_sync_job *j = s->fsync;
  if (!j) return;
  grace(j);
  __atomic_store_n(&j->cancel, 1, __ATOMIC_RELEASE);
  if (j->started) pthread_join(j->thread, NULL);
  pthread_cond_destroy(&j->done);
  pthread_mutex_destroy(&j->lock);
  free(j);
  s->fsync = NULL;
}
