/*
** friends.c — profiles and friends (sdk/docs/protocol.md, "Profiles and friends"): a
** nickname claimed with a device key, a second device linked with a one-time code,
** invitations (whose inviter a person sees before accepting), friends who see each
** other's bests and nobody else.
**
** Every request is a job of the store's batch (writer.c): the store answers it inside
** the batch's transaction, so the store alone decides (as it must when several servers
** share it), the loop never waits for the disk, and the answer goes out once what the
** request wrote is durable.  A connection keeps only the hash of the key it signed in
** with; the store checks the key again at every request, so a deleted profile is gone
** for every connection at once.  A request about a nickname that is no friend gets the
** same answer, through the same one query, as one about a nickname nobody holds.
** Attempts at codes are limited per client address, and a code is never logged.
*/
#include "server_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nickname.h"
#include "profile.h"
#include "scores.h"

#define CODE_BURST 5       /* attempts at a code an address may make at once... */
#define CODE_REFILL_S 60.0 /* ...and one more this often */
#define LINK_TTL_S 600     /* a link code expires sooner than an invitation */

typedef struct code_bucket {
  char addr[64];
  double tokens, refilled;
} code_bucket;

typedef struct variant_marks {
  char variant[33];
  int known;          /* 0: the variant's plugin gives no start to count marks from */
  score_marks m;
} variant_marks;

/* A profile's bests, as the store gave them. */
typedef struct bests {
  char nick[GAMEDB_NAME_MAX + 1];
  gamedb_best *b;
  int n, cap;
} bests;

typedef struct job {
  store_job base;
  int type;             /* MSG_* */
  conn *c;              /* NULL once the connection is gone */
  json_int_t re;
  char addr[64];        /* attempts at codes: refunded when the code was good */
  gamedb_ask ask;
  char asked_nick[GAMEDB_NAME_MAX + 1];
  gamedb_best *upload;
  int nrecords, nstreaks;
  char code[PROTO_CODE_LEN + 1];
  /* the answer */
  int rc;
  char nick[GAMEDB_NAME_MAX + 1];
  bests *list;          /* friends: one per friend; bests: one */
  int nlist, list_cap;
  struct job *next;     /* the server's requests under way */
} job;

struct friends {
  job *pending;
  code_bucket *buckets;
  int nbuckets, bucket_cap;
  variant_marks *marks; /* installed variants only: a name a client made up is never kept */
  int nmarks, marks_cap;
};

static friends *state(server *srv) {
  if (!srv->fr) {
    srv->fr = xmalloc(sizeof *srv->fr);
    memset(srv->fr, 0, sizeof *srv->fr);
  }
  return srv->fr;
}

/* ------------------------------------------------------- codes' rate */

static code_bucket *bucket_of(friends *f, const char *addr, double now) {
  for (int i = 0; i < f->nbuckets;) { /* full buckets are forgotten: they hold nothing */
    code_bucket *b = &f->buckets[i];
    double t = b->tokens + (now - b->refilled) / CODE_REFILL_S;
    if (strcmp(b->addr, addr) == 0) {
      b->tokens = t > CODE_BURST ? CODE_BURST : t;
      b->refilled = now;
      return b;
    }
    if (t >= CODE_BURST) f->buckets[i] = f->buckets[--f->nbuckets];
    else i++;
  }
  if (f->nbuckets == f->bucket_cap)
    f->buckets = xrealloc(f->buckets, (size_t)(f->bucket_cap = f->bucket_cap * 2 + 16) * sizeof *f->buckets);
  code_bucket *b = &f->buckets[f->nbuckets++];
  snprintf(b->addr, sizeof b->addr, "%s", addr);
  b->tokens = CODE_BURST, b->refilled = now;
  return b;
}

/* An attempt at a code costs one; a good code gives it back ('refund'). */
int code_attempt(server *srv, const char *addr, int refund) {
  code_bucket *b = bucket_of(state(srv), addr, now_seconds());
  if (refund) {
    b->tokens = b->tokens + 1 > CODE_BURST ? CODE_BURST : b->tokens + 1;
    return 1;
  }
  if (b->tokens < 1) return 0;
  b->tokens -= 1;
  return 1;
}

/* ---------------------------------------------------- the writer's side */

static int add_best(void *ud, const gamedb_best *b) {
  bests *l = ud;
  if (l->n == l->cap) l->b = xrealloc(l->b, (size_t)(l->cap = l->cap * 2 + 16) * sizeof *l->b);
  l->b[l->n++] = *b;
  return 0;
}

static bests *new_list(job *j, const char *nick) {
  if (j->nlist == j->list_cap)
    j->list = xrealloc(j->list, (size_t)(j->list_cap = j->list_cap * 2 + 8) * sizeof *j->list);
  bests *l = &j->list[j->nlist++];
  memset(l, 0, sizeof *l);
  snprintf(l->nick, sizeof l->nick, "%s", nick);
  return l;
}

static int add_friend(void *ud, const char *nick) {
  new_list(ud, nick);
  return 0;
}

/* The friends, then each friend's bests, in the one transaction. */
static int run_friends(gamedb *db, job *j, err *e) {
  int rc = db->ops->friends(db, &j->ask, j->nick, add_friend, j, e);
  for (int i = 0; rc == 0 && i < j->nlist; i++) {
    j->ask.nick = j->list[i].nick;
    rc = db->ops->bests(db, &j->ask, add_best, &j->list[i], e);
  }
  return rc;
}

static int run(gamedb *db, store_job *sj, err *e) {
  job *j = (job *)sj;
  const gamedb_ops *o = db->ops;
  switch (j->type) {
  case MSG_CLAIM:
  case MSG_SIGN_IN: j->rc = o->claim(db, &j->ask, j->nick, e); break;
  case MSG_LINK_CODE:
  case MSG_INVITE: j->rc = o->add_code(db, &j->ask, e); break;
  case MSG_LINK: j->rc = o->link(db, &j->ask, j->nick, e); break;
  case MSG_ACCEPT: j->rc = o->accept(db, &j->ask, j->nick, e); break;
  case MSG_UNFRIEND: j->rc = o->unfriend(db, &j->ask, e); break;
  case MSG_FRIENDS: j->rc = run_friends(db, j, e); break;
  case MSG_BESTS: j->rc = o->bests(db, &j->ask, add_best, new_list(j, j->asked_nick), e); break;
  case MSG_UPLOAD: j->rc = o->upload(db, &j->ask, e); break;
  case MSG_INVITATION: j->rc = o->invitation(db, &j->ask, j->nick, e); break;
  default: j->rc = o->forget(db, &j->ask, j->nick, e); break;
  }
  return j->rc < 0 ? -1 : 0; /* a refusal is an answer, not a failure of the batch */
}

/* ------------------------------------------------------ the loop's side */

static void job_free(job *j) {
  for (int i = 0; i < j->nlist; i++) free(j->list[i].b);
  free(j->list);
  free(j->upload);
  free(j);
}

static void unlink_job(server *srv, job *j) {
  for (job **p = &state(srv)->pending; *p; p = &(*p)->next)
    if (*p == j) {
      *p = j->next;
      return;
    }
}

/* The marks of 'variant' as this server's plugin has them; NULL when it has none. */
static const score_marks *marks_of(server *srv, const char *variant) {
  friends *f = state(srv);
  for (int i = 0; i < f->nmarks; i++)
    if (strcmp(f->marks[i].variant, variant) == 0) return f->marks[i].known ? &f->marks[i].m : NULL;
  const plugin *p = registry_find(srv->reg, variant);
  err e;
  if (!p) return NULL;
  int pieces = scores_start_pieces(&p->v, &e);
  if (f->nmarks == f->marks_cap)
    f->marks = xrealloc(f->marks, (size_t)(f->marks_cap = f->marks_cap * 2 + 8) * sizeof *f->marks);
  variant_marks *vm = &f->marks[f->nmarks++];
  snprintf(vm->variant, sizeof vm->variant, "%s", variant);
  vm->known = pieces > 0;
  if (vm->known) scores_marks(pieces, &vm->m);
  return vm->known ? &vm->m : NULL;
}

static json_t *bests_json(server *srv, const bests *l) {
  json_t *records = json_array(), *streaks = json_array();
  for (int i = 0; i < l->n; i++) {
    const gamedb_best *b = &l->b[i];
    if (b->level == 0) {
      json_array_append_new(streaks, json_pack("{s:s, s:s, s:i, s:i}", "variant", b->variant, "rules", b->rules,
                                               "current", b->current, "best", b->best));
      continue;
    }
    const score_marks *m = marks_of(srv, b->variant);
    json_array_append_new(records, json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:I, s:s}", "variant", b->variant,
                                             "rules", b->rules, "level", b->level, "points", b->points, "pieces",
                                             b->pieces, "moves", b->moves, "finished", (json_int_t)b->finished,
                                             "mark", m ? scores_mark_reached(m, b->points) : ""));
  }
  return json_pack("{s:s, s:o, s:o}", "name", l->nick, "records", records, "streaks", streaks);
}

static json_t *answer_of(server *srv, job *j) {
  json_t *r;
  switch (j->type) {
  case MSG_CLAIM:
  case MSG_SIGN_IN:
  case MSG_LINK: return json_pack("{s:s, s:s}", "type", "profile", "name", j->nick);
  case MSG_LINK_CODE:
  case MSG_INVITE:
    return json_pack("{s:s, s:s, s:s, s:I}", "type", "code", "kind", j->type == MSG_INVITE ? "invite" : "link",
                     "code", j->code, "expires", (json_int_t)j->ask.expires);
  case MSG_ACCEPT: return json_pack("{s:s, s:s}", "type", "friend", "name", j->nick);
  case MSG_UNFRIEND: return json_pack("{s:s, s:s}", "type", "unfriended", "name", j->asked_nick);
  case MSG_FRIENDS:
    r = json_array();
    for (int i = 0; i < j->nlist; i++) json_array_append_new(r, bests_json(srv, &j->list[i]));
    return json_pack("{s:s, s:s, s:o}", "type", "friends", "name", j->nick, "friends", r);
  case MSG_BESTS:
    r = bests_json(srv, &j->list[0]);
    json_object_set_new(r, "type", json_string("bests"));
    return r;
  case MSG_UPLOAD:
    return json_pack("{s:s, s:i, s:i}", "type", "uploaded", "records", j->nrecords, "streaks", j->nstreaks);
  case MSG_INVITATION: return json_pack("{s:s, s:s}", "type", "invitation", "name", j->nick);
  default: return json_pack("{s:s, s:s}", "type", "deleted", "name", j->nick);
  }
}

/* The requests that try a code someone gave, and so cost an attempt of the address's. */
static int uses_code(int type) { return type == MSG_LINK || type == MSG_ACCEPT || type == MSG_INVITATION; }

/* A refusal in words.  No friend and no such nickname read the same, as do every
** code that does not work: expired, used, forged or guessed. */
static void refuse(conn *c, const job *j) {
  switch (j->rc) {
  case GAMEDB_NO_PROFILE:
    return conn_error(c, j->re, "no_profile", "this device has no profile here: claim a nickname or link the device");
  case GAMEDB_TAKEN:
    return conn_error(c, j->re, "taken", "the nickname '%s' is taken here by another player: choose another one",
                      j->asked_nick);
  case GAMEDB_HELD:
    return conn_error(c, j->re, "not_allowed", "this device's key already holds the profile '%s'", j->nick);
  case GAMEDB_SELF:
    return conn_error(c, j->re, "not_allowed", "that invitation is your own: give it to a friend");
  case GAMEDB_FULL:
    return conn_error(c, j->re, "limit", "a profile has at most %d friends, %d bests, %d devices and %d codes waiting",
                      GAMEDB_MAX_FRIENDS, GAMEDB_MAX_BESTS, GAMEDB_MAX_DEVICES, GAMEDB_MAX_CODES);
  default:
    if (uses_code(j->type))
      return conn_error(c, j->re, "not_found", "that code does not work: a code works once, until it expires");
    return conn_error(c, j->re, "not_found", "you have no friend called '%s'", j->asked_nick);
  }
}

static void done(server *srv, store_job *sj) {
  job *j = (job *)sj;
  conn *c = j->c;
  unlink_job(srv, j);
  if (uses_code(j->type) && j->rc != GAMEDB_NOT_FOUND)
    code_attempt(srv, j->addr, 1); /* the code was good (or not tried): the attempt is not held against the address */
  if (c) {
    c->jobs--;
    if ((j->type == MSG_CLAIM || j->type == MSG_SIGN_IN || j->type == MSG_LINK) && j->rc == 0) {
      c->signed_in = 1, memcpy(c->key, j->ask.key, GAMEDB_HASH);
      snprintf(c->name, sizeof c->name, "%s", j->nick); /* its seats are the profile's: they carry its name */
    }
    if (j->type == MSG_DELETE_PROFILE && j->rc == 0) c->signed_in = 0;
    if (j->rc) refuse(c, j);
    else {
      json_t *r = answer_of(srv, j);
      if (j->re >= 0) json_object_set_new(r, "re", json_integer(j->re));
      conn_send(c, r);
    }
  }
  job_free(j);
}

/* ------------------------------------------------------------ requests */

static job *new_job(conn *c, const proto_msg *m) {
  job *j = xmalloc(sizeof *j);
  memset(j, 0, sizeof *j);
  j->base.run = run;
  j->base.done = done;
  j->type = m->type;
  j->c = c;
  j->re = m->id;
  snprintf(j->addr, sizeof j->addr, "%s", c->addr->name);
  memcpy(j->ask.key, c->key, GAMEDB_HASH);
  j->ask.now = wall_ms();
  return j;
}

static void submit(conn *c, job *j) {
  friends *f = state(c->srv);
  j->next = f->pending;
  f->pending = j;
  c->jobs++;
  store_job_add(c->srv, &j->base);
}

static int is_hex_key(const char *key) {
  for (int i = 0; i < PROTO_KEY_LEN; i++)
    if (!((key[i] >= '0' && key[i] <= '9') || (key[i] >= 'a' && key[i] <= 'f'))) return 0;
  return key[PROTO_KEY_LEN] == '\0';
}

/* The device key of 'claim' and 'link': checked, and kept as its hash. */
static int take_key(conn *c, const proto_msg *m, job *j) {
  const char *key = proto_str(m->root, "key");
  if (!is_hex_key(key)) {
    conn_error(c, m->id, PROTO_INVALID, "%s: field 'key' must be %d hex digits (0-9, a-f)",
               proto_type_name(m->type), PROTO_KEY_LEN);
    return -1;
  }
  secret_hash(key, j->ask.key);
  return 0;
}

/* A nickname field: the profile rules for nicknames. */
static int take_nick(conn *c, const proto_msg *m, job *j) {
  err e;
  snprintf(j->asked_nick, sizeof j->asked_nick, "%s", proto_str(m->root, "name"));
  j->ask.nick = j->asked_nick;
  if (profile_check_nickname(j->asked_nick, &e) == 0) return 0;
  conn_error(c, m->id, PROTO_INVALID, "%s: %s", proto_type_name(m->type), e.msg);
  return -1;
}

/* "guest" and "computer" (and their look-alikes) are what the server calls seats that are
** nobody's profile: a profile of that name would pass for them, or they for it. */
static int unreserved(conn *c, const proto_msg *m, const job *j) {
  if (!nick_reserved(j->asked_nick)) return 0;
  conn_error(c, m->id, "taken", "the nickname '%s' is kept for players without a profile: choose another one",
             j->asked_nick);
  return -1;
}

static void make_code(conn *c, job *j, int kind) {
  int64_t ttl = c->srv->cfg.invite_ttl_s;
  if (kind == GAMEDB_CODE_LINK && ttl > LINK_TTL_S) ttl = LINK_TTL_S;
  random_text(j->code, PROTO_CODE_LEN);
  secret_hash(j->code, j->ask.code);
  j->ask.kind = kind;
  j->ask.expires = j->ask.now + ttl * 1000;
}

static int take_code(conn *c, const proto_msg *m, job *j, int kind) {
  if (!code_attempt(c->srv, c->addr->name, 0)) {
    conn_error(c, m->id, "rate_limited", "too many attempts at codes from %s: one more a minute", c->addr->name);
    return -1;
  }
  secret_hash(proto_str(m->root, "code"), j->ask.code);
  j->ask.kind = kind;
  return 0;
}

/* A variant's name and a rules text as a client's records carry them: plain words,
** so that they cannot disturb the screen of a friend who reads them. */
static int plain_rules(const char *s) {
  for (; *s; s++)
    if (*s <= ' ' || *s > '~') return 0;
  return 1;
}

static int take_best(conn *c, const proto_msg *m, const json_t *o, int level, gamedb_best *b) {
  const char *variant = proto_str(o, "variant"), *rules = proto_str(o, "rules");
  if (!name_is_valid(variant, 32) || !plain_rules(rules)) {
    conn_error(c, m->id, PROTO_INVALID, "upload: 'variant' is a plugin's name and 'rules' printable without spaces");
    return -1;
  }
  memset(b, 0, sizeof *b);
  snprintf(b->variant, sizeof b->variant, "%s", variant);
  snprintf(b->rules, sizeof b->rules, "%s", rules);
  b->level = level ? (int)proto_int(o, "level", 1) : 0;
  b->points = (int)proto_int(o, "points", 0), b->pieces = (int)proto_int(o, "pieces", 0);
  b->moves = (int)proto_int(o, "moves", 0), b->finished = proto_int(o, "finished", 0);
  b->current = (int)proto_int(o, "current", 0), b->best = (int)proto_int(o, "best", 0);
  return 0;
}

static int take_upload(conn *c, const proto_msg *m, job *j) {
  const json_t *records = json_object_get(m->root, "records"), *streaks = json_object_get(m->root, "streaks");
  j->nrecords = (int)json_array_size(records), j->nstreaks = (int)json_array_size(streaks);
  j->upload = xmalloc((size_t)(j->nrecords + j->nstreaks + 1) * sizeof *j->upload);
  for (int i = 0; i < j->nrecords; i++)
    if (take_best(c, m, json_array_get(records, (size_t)i), 1, &j->upload[i])) return -1;
  for (int i = 0; i < j->nstreaks; i++)
    if (take_best(c, m, json_array_get(streaks, (size_t)i), 0, &j->upload[j->nrecords + i])) return -1;
  j->ask.bests = j->upload;
  j->ask.nbests = j->nrecords + j->nstreaks;
  return 0;
}

/* What a request needs before the store sees it; -1 when it was refused. */
static int prepare(conn *c, const proto_msg *m, job *j) {
  switch (m->type) {
  case MSG_CLAIM: return take_key(c, m, j) || take_nick(c, m, j) || unreserved(c, m, j) ? -1 : 0;
  case MSG_SIGN_IN: return take_key(c, m, j);
  case MSG_LINK: return take_key(c, m, j) || take_code(c, m, j, GAMEDB_CODE_LINK) ? -1 : 0;
  case MSG_LINK_CODE: return make_code(c, j, GAMEDB_CODE_LINK), 0;
  case MSG_INVITE: return make_code(c, j, GAMEDB_CODE_INVITE), 0;
  case MSG_ACCEPT:
  case MSG_INVITATION: return take_code(c, m, j, GAMEDB_CODE_INVITE);
  case MSG_UNFRIEND:
  case MSG_BESTS: return take_nick(c, m, j);
  case MSG_UPLOAD: return take_upload(c, m, j);
  default: return 0;
  }
}

int friends_message(conn *c, const proto_msg *m) {
  if (m->type < MSG_CLAIM || m->type > MSG_INVITATION) return 0;
  if (!c->signed_in && m->type != MSG_CLAIM && m->type != MSG_SIGN_IN && m->type != MSG_LINK) {
    conn_error(c, m->id, "no_profile", "%s: claim a nickname or link this device first", proto_type_name(m->type));
    return 1;
  }
  job *j = new_job(c, m);
  if (prepare(c, m, j)) job_free(j);
  else submit(c, j);
  return 1;
}

void friends_conn_gone(conn *c) {
  if (!c->jobs || !c->srv->fr) return;
  for (job *j = c->srv->fr->pending; j; j = j->next)
    if (j->c == c) j->c = NULL;
  c->jobs = 0;
}

void friends_free(server *srv) {
  friends *f = srv->fr;
  if (!f) return;
  for (job *j = f->pending, *next; j; j = next) {
    next = j->next;
    job_free(j);
  }
  free(f->buckets);
  free(f->marks);
  free(f);
  srv->fr = NULL;
}
