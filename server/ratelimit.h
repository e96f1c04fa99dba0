/*
 * server/ratelimit.h: counting failures per key (a user name, an address)
 * in fixed windows, to slow down password guessing.  Thread-safe; kept in
 * memory, per server instance.
 */
#ifndef SERVER_RATELIMIT_H
#define SERVER_RATELIMIT_H

#include <stddef.h>
#include <stdint.h>

struct ratelimit;

/* A limiter allowing `max` failures per key within `window_ms`; NULL when out of memory. */
struct ratelimit *ratelimit_create(int max, int64_t window_ms);

/* Frees `rl`; NULL is allowed. */
void ratelimit_destroy(struct ratelimit *rl);

/*
 * How long (ms) `key` (`len` bytes) must wait at `now_ms` before it may
 * try again: 0 when it may try now.
 */
int64_t ratelimit_wait(struct ratelimit *rl, const char *key, size_t len, int64_t now_ms);

/* Counts one failure of `key` at `now_ms`. */
void ratelimit_fail(struct ratelimit *rl, const char *key, size_t len, int64_t now_ms);

/* Forgets the failures of `key` (after a success). */
void ratelimit_clear(struct ratelimit *rl, const char *key, size_t len);

#endif
