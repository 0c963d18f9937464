/*
** devkey.c — the file of device keys.  It is rewritten whole into a temporary file,
** created 0600, that replaces it (rename), so a crash never leaves half a file and the
** key is never readable by others, not even for a moment.
*/
#include "devkey.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEYS_MAX 32

int devkey_path(char *out, size_t len, err *e) {
  const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
  int n;
  if (xdg && *xdg == '/') n = snprintf(out, len, "%s/draughts/device-keys", xdg);
  else if (home && *home) n = snprintf(out, len, "%s/.config/draughts/device-keys", home);
  else return err_set(e, "no place for the device keys: set HOME or XDG_CONFIG_HOME");
  return n < 0 || (size_t)n >= len ? err_set(e, "the device keys' path is too long") : 0;
}

static int is_key(const char *s) {
  size_t n = strspn(s, "0123456789abcdef");
  return n == PROTO_KEY_LEN && s[n] == '\0';
}

static int printable(const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (*p < 32 || *p == 127) return 0;
  return *s != '\0';
}

static int parse_line(char *line, device_key *k) {
  char *save = NULL, *server = strtok_r(line, " \n", &save), *key = strtok_r(NULL, " \n", &save),
       *nick = strtok_r(NULL, "\n", &save);
  if (!server || !key || !nick || strlen(server) >= sizeof k->server || !is_key(key) ||
      strlen(nick) > PROTO_MAX_NAME || !printable(nick))
    return -1;
  snprintf(k->server, sizeof k->server, "%s", server);
  snprintf(k->key, sizeof k->key, "%s", key);
  snprintf(k->nick, sizeof k->nick, "%s", nick);
  return 0;
}

/* Every key of the file; their count, or -1 and 'e' for a file that is refused. */
static int read_all(device_key *out, int max, err *e) {
  char path[4096], line[512];
  struct stat st;
  if (devkey_path(path, sizeof path, e)) return -1;
  FILE *f = fopen(path, "r");
  if (!f) return errno == ENOENT ? 0 : err_set(e, "cannot read %s: %s", path, strerror(errno));
  if (fstat(fileno(f), &st) == 0 && (st.st_mode & 077)) {
    fclose(f);
    return err_set(e, "%s: mode %04o lets others read the device keys; make it 0600 (chmod 600)", path,
                   (unsigned)(st.st_mode & 07777));
  }
  int n = 0, lineno = 0, rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    lineno++;
    if (n == max) rc = err_set(e, "%s: more than %d servers", path, max);
    else if (parse_line(line, &out[n]) == 0) n++;
    else rc = err_set(e, "%s line %d: expected 'SERVER KEY NICKNAME' with a key of %d hex digits", path, lineno,
                      PROTO_KEY_LEN);
  }
  fclose(f);
  return rc ? -1 : n;
}

static int write_all(const device_key *k, int n, err *e) {
  char path[4096], tmp[4200];
  if (devkey_path(path, sizeof path, e) || mkdir_parents(path, e)) return -1;
  snprintf(tmp, sizeof tmp, "%s.%d", path, (int)getpid());
  mode_t old = umask(077);
  FILE *f = fopen(tmp, "w");
  umask(old);
  if (!f) return err_set(e, "cannot write %s: %s", tmp, strerror(errno));
  for (int i = 0; i < n; i++) fprintf(f, "%s %s %s\n", k[i].server, k[i].key, k[i].nick);
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    unlink(tmp);
    return err_set(e, "cannot write %s: %s", path, strerror(errno));
  }
  return 0;
}

int devkey_find(const char *server, device_key *out, err *e) {
  device_key all[KEYS_MAX];
  int n = read_all(all, KEYS_MAX, e);
  for (int i = 0; i < n; i++)
    if (strcmp(all[i].server, server) == 0) return *out = all[i], 1;
  return n < 0 ? -1 : 0;
}

void devkey_new(const char *server, const char *nick, device_key *out) {
  memset(out, 0, sizeof *out);
  snprintf(out->server, sizeof out->server, "%s", server);
  random_hex(out->key, PROTO_KEY_LEN / 2);
  snprintf(out->nick, sizeof out->nick, "%s", nick);
}

/* The keys of every server but 'server', and 'k' if given. */
static int rewrite(const char *server, const device_key *k, err *e) {
  device_key all[KEYS_MAX + 1];
  int n = read_all(all, KEYS_MAX, e), kept = 0;
  if (n < 0) return -1;
  for (int i = 0; i < n; i++)
    if (strcmp(all[i].server, server) != 0) all[kept++] = all[i];
  if (k && kept == KEYS_MAX) return err_set(e, "device keys for at most %d servers are kept", KEYS_MAX);
  if (k) all[kept++] = *k;
  return write_all(all, kept, e);
}

int devkey_save(const device_key *k, err *e) { return rewrite(k->server, k, e); }
int devkey_forget(const char *server, err *e) { return rewrite(server, NULL, e); }
