/*
** secret.c — the server's secrets (seat tokens, device keys, one-time codes): made
** from the kernel's CSPRNG, kept only as SHA-256 hashes, compared in constant time.
*/
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_internal.h"

void secret_hash(const char *text, uint8_t out[GAMEDB_HASH]) {
  unsigned int n = GAMEDB_HASH;
  if (!EVP_Digest(text, strlen(text), out, &n, EVP_sha256(), NULL)) abort();
}

void secret_token(char token[PROTO_MAX_TOKEN + 1], uint8_t hash[GAMEDB_HASH]) {
  random_hex(token, PROTO_MAX_TOKEN / 2);
  secret_hash(token, hash);
}

int secret_matches(const uint8_t a[GAMEDB_HASH], const uint8_t b[GAMEDB_HASH]) {
  return CRYPTO_memcmp(a, b, GAMEDB_HASH) == 0;
}
