/*
 * server/auth.h: the secrets of accounts: argon2id password hashes,
 * random tokens, token digests and constant-time comparison.  Thread-safe.
 */
#ifndef SERVER_AUTH_H
#define SERVER_AUTH_H

#include <stdbool.h>
#include <stddef.h>

enum {
	AUTH_HASH_MAX = 160, /* an encoded argon2id hash with its NUL (store.h STORE_HASH_MAX) */
	AUTH_TOKEN_BYTES = 32,
	AUTH_HEX_MAX = 2 * AUTH_TOKEN_BYTES + 1 /* a token or a SHA-256 digest in hex, with its NUL */
};

/*
 * Hashes the password `pw` (`len` bytes) with argon2id (t=2, m=19 MiB,
 * p=1, a random 16-byte salt) into `out` (AUTH_HASH_MAX bytes) in the
 * encoded form "$argon2id$v=19$m=...".  False when hashing failed.
 */
bool auth_hash_password(const char *pw, size_t len, char *out);

/* True when `pw` (`len` bytes) matches the encoded hash `encoded`. */
bool auth_verify_password(const char *encoded, const char *pw, size_t len);

/* Fills `out` (AUTH_HEX_MAX bytes) with AUTH_TOKEN_BYTES random bytes in hex.  False when no randomness. */
bool auth_random_token(char *out);

/* The SHA-256 of the `len` bytes at `s`, in hex, into `out` (AUTH_HEX_MAX bytes). */
void auth_digest(const char *s, size_t len, char *out);

/* True when the NUL-terminated strings are equal, in time independent of where they differ. */
bool auth_equal(const char *a, const char *b);

/* A random 64-bit number (for ids and furigoma seeds); 0 is possible. */
unsigned long long auth_random64(void);

#endif
