/*
 * server/auth.c: argon2id through libargon2, randomness from the kernel
 * (getrandom), SHA-256 through OpenSSL's libcrypto.
 */
#include <argon2.h>
#include <openssl/evp.h>
#include <string.h>
#include <sys/random.h>

#include "auth.h"

enum { T_COST = 2, M_COST_KIB = 19456, PARALLELISM = 1, SALT_BYTES = 16, HASH_BYTES = 32 };

/* Fills `buf` with `len` random bytes from the kernel. */
static bool random_bytes(void *buf, size_t len)
{
	unsigned char *p = buf;
	while (len) {
		ssize_t got = getrandom(p, len, 0);
		if (got <= 0)
			return false;
		p += got;
		len -= (size_t)got;
	}
	return true;
}

/* Writes the `len` bytes at `in` as lower-case hex into `out` (2 * len + 1 bytes). */
static void to_hex(const unsigned char *in, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < len; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * len] = '\0';
}

bool auth_hash_password(const char *pw, size_t len, char *out)
{
	unsigned char salt[SALT_BYTES];
	if (!random_bytes(salt, sizeof salt))
		return false;
	size_t need = argon2_encodedlen(T_COST, M_COST_KIB, PARALLELISM, SALT_BYTES, HASH_BYTES, Argon2_id);
	if (need > AUTH_HASH_MAX)
		return false;
	return argon2id_hash_encoded(T_COST, M_COST_KIB, PARALLELISM, pw, len, salt, sizeof salt, HASH_BYTES, out,
				     AUTH_HASH_MAX) == ARGON2_OK;
}

bool auth_verify_password(const char *encoded, const char *pw, size_t len)
{
	return strncmp(encoded, "$argon2id$", 10) == 0 && argon2id_verify(encoded, pw, len) == ARGON2_OK;
}

bool auth_random_token(char *out)
{
	unsigned char bytes[AUTH_TOKEN_BYTES];
	if (!random_bytes(bytes, sizeof bytes))
		return false;
	to_hex(bytes, sizeof bytes, out);
	return true;
}

void auth_digest(const char *s, size_t len, char *out)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	if (!EVP_Digest(s, len, md, &mdlen, EVP_sha256(), NULL) || mdlen != 32) {
		out[0] = '\0';
		return;
	}
	to_hex(md, mdlen, out);
}

bool auth_equal(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned char diff = la != lb;
	for (size_t i = 0; i < la; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i < lb ? i : 0];
	return diff == 0;
}

unsigned long long auth_random64(void)
{
	unsigned long long x = 0;
	if (!random_bytes(&x, sizeof x))
		x = 0;
	return x;
}
