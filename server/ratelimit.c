/*
 * server/ratelimit.c: a fixed table of counters indexed by a 64-bit hash
 * of the key.  Invariant: a slot counts the failures of one key hash since
 * `start`; a slot whose window has passed is free.  Two keys whose hashes
 * land in one slot while both are active share the busier counter
 * (conservative: the limit only tightens), which the table's size keeps
 * rare.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "ratelimit.h"

enum { SLOTS = 8192, PROBES = 8 };

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
