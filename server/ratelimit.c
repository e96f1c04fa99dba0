/*
 * server/ratelimit.c: fixed tables indexed by a 64-bit hash of the key,
 * probed over PROBES slots.
 *
 * Failures (struct ratelimit): a slot counts the failures of one key hash
 * since `start`; a slot whose window has passed is free.  Two keys whose
 * hashes land in one slot while both are active share the busier counter
 * (conservative: the limit only tightens), which the table's size keeps
 * rare.
 *
 * Token buckets (struct ratebucket), kept as the time each key's bucket is
 * full again (the generic cell rate algorithm): taking c tokens moves
 * `full_at` c token-times later, allowed while it stays within `burst`
 * token-times of now.  A slot whose bucket is full at `now` is free: its
 * key, met again, starts full, as a new key does.  When the probed slots
 * are all in use, the one nearest full is taken over (the key that lost
 * it starts full again: an attack with many keys can only make other keys
 * freer, never slower).
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ratelimit.h"

enum { SLOTS = 8192, BUCKET_SLOTS = 16384, PROBES = 8 };

struct slot {
	uint64_t hash; /* 0: free */
	int64_t start;
	int count;
};

struct ratelimit {
	pthread_mutex_t mu;
	int max;
	int64_t window;
	struct slot slots[SLOTS];
};

/* FNV-1a, never 0. */
static uint64_t hash_key(const char *key, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)key[i]) * 1099511628211ULL;
	return h ? h : 1;
}

/* True when slot `s` holds no live count at `now`. */
static bool is_free(const struct ratelimit *rl, const struct slot *s, int64_t now)
{
	return s->hash == 0 || now - s->start >= rl->window;
}

/*
 * The slot counting `h` at `now` (restarted when its window has passed),
 * or NULL when there is none and `claim` is false; with `claim` a free
 * slot is taken for it, else the probed slot whose window started first.
 */
static struct slot *find(struct ratelimit *rl, uint64_t h, int64_t now, bool claim)
{
	struct slot *victim = NULL;
	for (int i = 0; i < PROBES; i++) {
		struct slot *s = &rl->slots[(h + (uint64_t)i) % SLOTS];
		if (s->hash == h) {
			if (is_free(rl, s, now))
				*s = (struct slot){h, now, 0};
			return s;
		}
		if (!victim || (!is_free(rl, victim, now) && (is_free(rl, s, now) || s->start < victim->start)))
			victim = s;
	}
	if (!claim)
		return NULL;
	*victim = (struct slot){h, now, 0};
	return victim;
}

struct ratelimit *ratelimit_create(int max, int64_t window_ms)
{
	struct ratelimit *rl = calloc(1, sizeof *rl);
	if (!rl)
		return NULL;
	pthread_mutex_init(&rl->mu, NULL);
	rl->max = max;
	rl->window = window_ms;
	return rl;
}

void ratelimit_destroy(struct ratelimit *rl)
{
	if (!rl)
		return;
	pthread_mutex_destroy(&rl->mu);
	free(rl);
}

int64_t ratelimit_wait(struct ratelimit *rl, const char *key, size_t len, int64_t now_ms)
{
	pthread_mutex_lock(&rl->mu);
	struct slot *s = find(rl, hash_key(key, len), now_ms, false);
	int64_t wait = s && s->count >= rl->max ? s->start + rl->window - now_ms : 0;
	pthread_mutex_unlock(&rl->mu);
	return wait > 0 ? wait : 0;
}

void ratelimit_fail(struct ratelimit *rl, const char *key, size_t len, int64_t now_ms)
{
	pthread_mutex_lock(&rl->mu);
	find(rl, hash_key(key, len), now_ms, true)->count++;
	pthread_mutex_unlock(&rl->mu);
}

void ratelimit_clear(struct ratelimit *rl, const char *key, size_t len)
{
	pthread_mutex_lock(&rl->mu);
	struct slot *s = find(rl, hash_key(key, len), 0, false);
	if (s)
		s->hash = 0;
	pthread_mutex_unlock(&rl->mu);
}

struct bucket_slot {
	uint64_t hash;   /* 0: free */
	int64_t full_at; /* µs: the bucket holds `burst` tokens again at this time */
};

struct ratebucket {
	pthread_mutex_t mu;
	int64_t token_us; /* the time one token takes to come back */
	int burst;
	struct bucket_slot slots[BUCKET_SLOTS];
};

struct ratebucket *ratebucket_create(int per_min, int burst)
{
	struct ratebucket *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	pthread_mutex_init(&b->mu, NULL);
	b->token_us = 60 * 1000000LL / (per_min > 0 ? per_min : 1);
	b->burst = burst > 0 ? burst : 1;
	return b;
}

void ratebucket_destroy(struct ratebucket *b)
{
	if (!b)
		return;
	pthread_mutex_destroy(&b->mu);
	free(b);
}

/*
 * The slot of `h`, or NULL when it has none and `now` is negative; else a
 * slot is claimed for it (free, or the nearest full) and starts full.
 */
static struct bucket_slot *bucket_find(struct ratebucket *b, uint64_t h, int64_t now)
{
	struct bucket_slot *victim = NULL;
	for (int i = 0; i < PROBES; i++) {
		struct bucket_slot *s = &b->slots[(h + (uint64_t)i) % BUCKET_SLOTS];
		if (s->hash == h)
			return s;
		if (!victim || (victim->hash && (!s->hash || s->full_at < victim->full_at)))
			victim = s;
	}
	if (now < 0)
		return NULL;
	*victim = (struct bucket_slot){h, now};
	return victim;
}

int64_t ratebucket_take(struct ratebucket *b, const char *key, size_t len, int cost, int64_t now_ms)
{
	int64_t now = now_ms * 1000, wait = 0;
	int64_t need = (int64_t)(cost < 1 ? 1 : cost > b->burst ? b->burst : cost) * b->token_us;
	pthread_mutex_lock(&b->mu);
	struct bucket_slot *s = bucket_find(b, hash_key(key, len), now);
	int64_t full_at = s->full_at > now ? s->full_at : now;
	int64_t late = full_at + need - now - (int64_t)b->burst * b->token_us;
	if (late > 0)
		wait = (late + 999) / 1000;
	else
		s->full_at = full_at + need;
	pthread_mutex_unlock(&b->mu);
	return wait;
}

void ratebucket_refund(struct ratebucket *b, const char *key, size_t len, int cost)
{
	int64_t back = (int64_t)(cost < 1 ? 1 : cost > b->burst ? b->burst : cost) * b->token_us;
	pthread_mutex_lock(&b->mu);
	struct bucket_slot *s = bucket_find(b, hash_key(key, len), -1);
	if (s)
		s->full_at -= back;
	pthread_mutex_unlock(&b->mu);
}

void ratelimit_addr_key(const char *addr, char *key, size_t size)
{
	unsigned char a[16];
	static const unsigned char v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	if (!strchr(addr, ':') || inet_pton(AF_INET6, addr, a) != 1 || !memcmp(a, v4mapped, sizeof v4mapped)) {
		snprintf(key, size, "%s", addr);
		return;
	}
	memset(a + 8, 0, 8);
	char text[INET6_ADDRSTRLEN];
	if (!inet_ntop(AF_INET6, a, text, sizeof text))
		snprintf(text, sizeof text, "%s", addr);
	snprintf(key, size, "%s/64", text);
}
