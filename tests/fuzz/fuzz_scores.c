/*
** fuzz_scores.c — 'draughts scores --import': the input, byte for byte, is a friend's
** scores file imported into a store of the fuzzer's own (in a temporary directory,
** on /dev/shm where there is one, so the store's synchronous writes cost little).
** An import that fails must say why in one line; one that succeeds must be found
** again by its nickname.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "profile.h"

static char dir[64], import_path[96];
static profile_store *store;

static void remove_store(void) {
  static const char *const files[] = {"profiles.db", "profiles.db-wal", "profiles.db-shm", "import.scores", NULL};
  profile_close(store);
  for (const char *const *f = files; *f; f++) {
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, *f);
    remove(path);
  }
  rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  char db[96], notice[256];
  err e = {{0}};
  snprintf(dir, sizeof dir, "%s/draughts-fuzz-XXXXXX", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
  fuzz_require(mkdtemp(dir) != NULL, "cannot make a temporary directory", dir);
  snprintf(db, sizeof db, "%s/profiles.db", dir);
  snprintf(import_path, sizeof import_path, "%s/import.scores", dir);
  store = profile_open(db, notice, sizeof notice, &e);
  fuzz_require(store != NULL, "cannot open a score store", e.msg);
  atexit(remove_store);
  return 0;
}

/* The friend just imported can be looked up by the nickname the file gave. */
static void read_back(const char *nick) {
  int current, best;
  err e = {{0}};
  fuzz_require(profile_friend_streak(store, nick, "brazilian", "official", &current, &best, &e) >= 0,
               "an imported friend cannot be looked up", e.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(import_path, "wb");
  fuzz_require(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write the import file", NULL);
  char nick[PROFILE_NICK_MAX + 1];
  err e = {{0}};
  if (profile_import(store, import_path, nick, sizeof nick, &e) == 0) read_back(nick);
  else fuzz_require_message(&e);
  return 0;
}
