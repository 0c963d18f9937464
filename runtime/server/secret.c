/*
** secret.c — the server's secrets (seat tokens, device keys, one-time codes): made
** from the kernel's CSPRNG, kept only as SHA-256 hashes, compared in constant time.
*/
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server_internal.h"

void secret_hash(const char *text, uint8_t out[GAMEDB_HASH]) {
  unsigned int n = GAMEDB_HASH;
  if (!EVP_Digest(text, strlen(text), out, &n, EVP_sha256(), NULL)) abort();
}

void secret_token(char token[PROTO_MAX_TOKEN + 1], uint8_t hash[GAMEDB_HASH]) {
  unsigned char bytes[PROTO_MAX_TOKEN / 2];
  if (getrandom(bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes) abort(); /* does not fail for 32 bytes */
  for (size_t i = 0; i < sizeof bytes; i++) snprintf(token + 2 * i, 3, "%02x", bytes[i]);
  secret_hash(token, hash);
}

int secret_matches(const uint8_t a[GAMEDB_HASH], const uint8_t b[GAMEDB_HASH]) {
  return CRYPTO_memcmp(a, b, GAMEDB_HASH) == 0;
}
