/*
 * server/ratelimit.h: the server's rate limits, kept in memory per server
 * instance, thread-safe, each table of a fixed size (an attack with many
 * keys evicts old keys; it never grows the table):
 * - counting failures per key (a user name, an address) in fixed windows,
 *   to slow down password guessing (struct ratelimit);
 * - token buckets per key (a user, an address) for the write requests
 *   (struct ratebucket, docs/server.md "Rate limits").
 */
#ifndef SERVER_RATELIMIT_H
#define SERVER_RATELIMIT_H

#include <stddef.h>
#include <stdint.h>

struct ratelimit;
struct ratebucket;

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

/*
 * A table of token buckets: each key holds at most `burst` tokens and
 * earns `per_min` a minute; a new key starts full.  NULL when out of
 * memory.  `per_min` and `burst` are at least 1.
 */
struct ratebucket *ratebucket_create(int per_min, int burst);

/* Frees `b`; NULL is allowed. */
void ratebucket_destroy(struct ratebucket *b);

/*
 * Takes `cost` tokens (at most the burst: more counts as the burst) from
 * the bucket of `key` (`len` bytes) at `now_ms`: 0 when they were taken,
 * else how long (ms, at least 1) until they could be, and nothing is taken.
 */
int64_t ratebucket_take(struct ratebucket *b, const char *key, size_t len, int cost, int64_t now_ms);

/* Gives back `cost` tokens taken from `key` (the request was refused by another limit after all). */
void ratebucket_refund(struct ratebucket *b, const char *key, size_t len, int cost);

/*
 * The key of a client address `addr` (text, as http_client_addr writes
 * it) into `key` of `size` bytes: an IPv4 address as it is, an IPv6
 * address by its /64 prefix ("2001:db8:1:2::/64"), the block one
 * subscriber gets, so that one client cannot take a fresh key per address.
 */
void ratelimit_addr_key(const char *addr, char *key, size_t size);

#endif
