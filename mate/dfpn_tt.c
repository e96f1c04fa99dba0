/*
 * mate/dfpn_tt.c: the df-pn transposition table (see dfpn_tt.h for the
 * entry layout, the growth and the garbage collection).
 *
 * Invariants: an entry with amount 0 is empty, and within a bucket the
 * entries in use come first (a lookup stops at the first empty slot); a
 * rep entry (ddepth DFPN_TT_REP) is never taken for an ordinary one; a
 * proof and a disproof never match the same query, because both are
 * sound.  The memory of the table is all the table holds: growing asks
 * the system for more in place (mremap on Linux, realloc elsewhere), so a
 * solve never holds more than the limit.  From 4 MB the table asks for
 * huge pages (measured on a 71-ply problem with a 256 MB table: 10 to 25%
 * less CPU).
 *
 * The trace build (GY_MATE_TRACE, mate/mate.c) prints each collection: its
 * threshold and the entries it kept and dropped, by kind.
 *
 * Threads: the public lookups and stores (at the end of the file) take the
 * bucket's lock only while the table is shared; the bodies below them are
 * the same for one searcher and several, apart from slot(), which leaves a
 * growth or collection to gy__dfpn_tt_maintain when shared.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/mman.h>
#endif

#include "dfpn_tt.h"

#include <stdlib.h>
#include <string.h>

#ifdef GY_MATE_TRACE
#include <stdio.h>
#endif

enum { BUCKET_BYTES = DFPN_TT_CLUSTER * sizeof(struct dfpn_tt_entry), GC_SAMPLES = 4096 };

#if defined(__linux__)
/* Asks for huge pages for a large table (fewer TLB misses on its random accesses); only a hint. */
static void huge_pages(void *p, size_t bytes)
{
#if defined(MADV_HUGEPAGE)
	if (bytes >= ((size_t)4 << 20))
		madvise(p, bytes, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}
#endif

/* Zeroed memory for the table; NULL when there is none. */
static struct dfpn_tt_entry *mem_alloc(size_t bytes)
{
#if defined(__linux__)
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	huge_pages(p, bytes);
	return p;
#else
	return calloc(1, bytes);
#endif
}

/* The table's memory resized, the part added zeroed; NULL (and `p` kept) when there is no more. */
static struct dfpn_tt_entry *mem_resize(struct dfpn_tt_entry *p, size_t old, size_t bytes)
{
#if defined(__linux__)
	void *q = mremap(p, old, bytes, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		return NULL;
	huge_pages(q, bytes);
	return q;
#else
	char *q = realloc(p, bytes);
	if (q && bytes > old)
		memset(q + old, 0, bytes - old);
	return (struct dfpn_tt_entry *)q;
#endif
}

static void mem_free(struct dfpn_tt_entry *p, size_t bytes)
{
#if defined(__linux__)
	if (p)
		munmap(p, bytes);
#else
	(void)bytes;
	free(p);
#endif
}

size_t gy__dfpn_tt_start = DFPN_TT_START;

static uint64_t start_buckets(const struct dfpn_tt *t)
{
	uint64_t n = gy__dfpn_tt_start / BUCKET_BYTES;
	return n < t->max_nb ? n : t->max_nb;
}

/* The thresholds that depend on the size. */
static void set_size(struct dfpn_tt *t, uint64_t nb)
{
	t->nb = nb;
	t->gc_at = (uint64_t)((double)(t->max_nb * DFPN_TT_CLUSTER) * DFPN_TT_GC_LOAD);
}

int gy__dfpn_tt_init(struct dfpn_tt *t, size_t limit)
{
	memset(t, 0, sizeof *t);
	t->max_nb = limit / BUCKET_BYTES ? limit / BUCKET_BYTES : 1;
	t->large = limit >= DFPN_TT_LARGE;
	uint64_t nb = start_buckets(t);
	t->locks = aligned_alloc(DFPN_TT_LOCK_STRIDE, DFPN_TT_LOCKS * DFPN_TT_LOCK_STRIDE);
	if (t->locks)
		memset(t->locks, 0, DFPN_TT_LOCKS * DFPN_TT_LOCK_STRIDE);
	t->e = t->locks ? mem_alloc(nb * BUCKET_BYTES) : NULL;
	if (!t->e) {
		free(t->locks);
		t->locks = NULL;
		return -1;
	}
	set_size(t, nb);
	return 0;
}

void gy__dfpn_tt_free(struct dfpn_tt *t)
{
	mem_free(t->e, t->nb * BUCKET_BYTES);
	free(t->locks);
	t->locks = NULL;
	t->e = NULL;
	t->nb = 0;
	t->used = 0;
}

void gy__dfpn_tt_clear(struct dfpn_tt *t)
{
	uint64_t nb = start_buckets(t);
	if (t->nb > nb) {
		struct dfpn_tt_entry *e = mem_resize(t->e, t->nb * BUCKET_BYTES, nb * BUCKET_BYTES);
		if (e) {
			t->e = e;
			set_size(t, nb);
		}
	}
	memset(t->e, 0, t->nb * BUCKET_BYTES);
	t->used = 0;
	t->gcs = 0;
}

size_t gy__dfpn_tt_bytes(const struct dfpn_tt *t) { return (size_t)(t->nb * BUCKET_BYTES); }

double gy__dfpn_tt_usage(const struct dfpn_tt *t)
{
	return t->nb ? (double)t->used / (double)(t->nb * DFPN_TT_CLUSTER) : 0;
}

static uint64_t bucket_of(uint64_t key, uint64_t nb) { return ((key >> 32) * nb) >> 32; }

static struct dfpn_tt_entry *bucket(const struct dfpn_tt *t, uint64_t key)
{
	return &t->e[bucket_of(key, t->nb) * DFPN_TT_CLUSTER];
}

void gy__dfpn_tt_prefetch(const struct dfpn_tt *t, uint64_t key)
{
	const char *c = (const char *)bucket(t, key);
	for (size_t i = 0; i < DFPN_TT_CLUSTER * sizeof(struct dfpn_tt_entry); i += 64)
		__builtin_prefetch(c + i);
}

#ifdef GY_MATE_TRACE
int gy__dfpn_tt_has(const struct dfpn_tt *t, uint64_t key, gy_hand hand)
{
	const struct dfpn_tt_entry *c = bucket(t, key);
	for (int i = 0; i < DFPN_TT_CLUSTER && c[i].amount; i++)
		if (c[i].key == key && c[i].hand == hand && c[i].ddepth != DFPN_TT_REP)
			return 1;
	return 0;
}
#endif

static int probe(const struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, struct dfpn_tt_probe *out)
{
	const struct dfpn_tt_entry *c = bucket(t, key);
	out->pn = 1;
	out->dn = 1;
	out->hand = hand;
	out->len = 0;
	out->dlim = 0;
	out->ddepth = DFPN_TT_DEPTH_INF;
	out->best = 0;
	for (int i = 0; i < DFPN_TT_CLUSTER && c[i].amount; i++) {
		const struct dfpn_tt_entry *e = &c[i];
		if (e->key != key || e->ddepth == DFPN_TT_REP)
			continue;
		if (e->plen <= depth && gy_hand_dominates(hand, e->hand)) {
			out->pn = 0;
			out->dn = UINT32_MAX;
			out->hand = e->hand;
			out->len = e->plen;
			out->best = e->best;
			return 1;
		}
		if (e->ddepth >= depth && gy_hand_dominates(e->hand, hand)) {
			out->pn = UINT32_MAX;
			out->dn = 0;
			out->hand = e->hand;
			out->dlim = e->ddepth != DFPN_TT_DEPTH_INF;
			out->ddepth = e->ddepth;
			return 1;
		}
		if (e->hand == hand) {
			/*
			 * Proven only at a length beyond the depth asked (a depth-limited
			 * search after a longer proof): the numbers of a new node, not those
			 * it was left with before its proof (docs/mate.md "Shortest mate and the line").
			 */
			bool longer = e->plen != DFPN_TT_NO_PROOF;
			out->pn = longer ? 1 : e->pn;
			out->dn = longer ? 1 : e->dn;
			out->best = e->best;
		}
	}
	return 0;
}

static int probe_rep(const struct dfpn_tt *t, uint64_t pathkey)
{
	const struct dfpn_tt_entry *c = bucket(t, pathkey);
	for (int i = 0; i < DFPN_TT_CLUSTER && c[i].amount; i++)
		if (c[i].ddepth == DFPN_TT_REP && c[i].key == pathkey)
			return 1;
	return 0;
}

/*
 * Puts `e` (in use) in its bucket of the table being rehashed: the first
 * empty slot, else over the entry with the least work if `e` has more
 * (else `e` is dropped).
 */
static void rehash_put(struct dfpn_tt *t, const struct dfpn_tt_entry *e)
{
	struct dfpn_tt_entry *c = bucket(t, e->key), *victim = c;
	for (int i = 0; i < DFPN_TT_CLUSTER; i++) {
		if (!c[i].amount) {
			c[i] = *e;
			return;
		}
		if (c[i].amount < victim->amount)
			victim = &c[i];
	}
	if (victim->amount < e->amount)
		*victim = *e;
	t->used--;
}

int gy__dfpn_tt_grow(struct dfpn_tt *t)
{
	uint64_t old = t->nb, nb = old * 2 < t->max_nb ? old * 2 : t->max_nb;
	if (nb <= old)
		return -1;
	struct dfpn_tt_entry *e = mem_resize(t->e, old * BUCKET_BYTES, nb * BUCKET_BYTES);
	if (!e) {
		t->max_nb = old; /* no more memory: the table stays as it is */
		set_size(t, old);
		return -1;
	}
	t->e = e;
	set_size(t, nb);
	/*
	 * A key's bucket only moves up (bucket_of grows with the count), so
	 * from the top down each old bucket is emptied into buckets already
	 * emptied or new.  Doubling sends bucket b to 2b and 2b + 1: nothing is
	 * lost; a last step to the limit (less than double) may drop the least
	 * work of a bucket that receives two.
	 */
	for (uint64_t b = old; b-- > 0;) {
		struct dfpn_tt_entry tmp[DFPN_TT_CLUSTER], *c = &t->e[b * DFPN_TT_CLUSTER];
		memcpy(tmp, c, sizeof tmp);
		memset(c, 0, sizeof tmp);
		for (int i = 0; i < DFPN_TT_CLUSTER && tmp[i].amount; i++)
			rehash_put(t, &tmp[i]);
	}
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static uint32_t add_amount(uint32_t a, uint32_t b) { return a + b < a ? UINT32_MAX : a + b; }

/*
 * The work an entry counts for in a collection and, at the limit, in a full
 * bucket's replacement: a proof's DFPN_TT_GC_BONUS more, so that the other
 * entries go first (dfpn_tt.h).
 */
static uint32_t gc_amount(const struct dfpn_tt_entry *e)
{
	bool proof = e->ddepth != DFPN_TT_REP && e->plen != DFPN_TT_NO_PROOF;
	return proof ? add_amount(e->amount, DFPN_TT_GC_BONUS) : e->amount;
}

#ifdef GY_MATE_TRACE
/* The trace build's count of a collection's entries: [dropped][kind], the kinds as gc_trace prints them. */
static int entry_kind(const struct dfpn_tt_entry *e)
{
	if (e->ddepth == DFPN_TT_REP)
		return 4;
	if (e->plen != DFPN_TT_NO_PROOF)
		return 0;
	return e->ddepth == DFPN_TT_DEPTH_INF ? 1 : e->ddepth >= 0 ? 2 : 3;
}

static void gc_trace(const struct dfpn_tt *t, uint32_t thr, uint64_t n[2][5])
{
	fprintf(stderr,
		"gc %llu: threshold %u; kept proof %llu disproof %llu depth-limited %llu unsolved %llu rep %llu; "
		"dropped %llu %llu %llu %llu %llu\n",
		(unsigned long long)t->gcs, thr, (unsigned long long)n[0][0], (unsigned long long)n[0][1],
		(unsigned long long)n[0][2], (unsigned long long)n[0][3], (unsigned long long)n[0][4],
		(unsigned long long)n[1][0], (unsigned long long)n[1][1], (unsigned long long)n[1][2],
		(unsigned long long)n[1][3], (unsigned long long)n[1][4]);
}
#endif

uint64_t gy__dfpn_tt_collect(struct dfpn_tt *t)
{
	/* The threshold: the amount below which DFPN_TT_GC_DROP of a sample of the entries lie. */
	uint32_t sample[GC_SAMPLES];
	uint64_t slots = t->nb * DFPN_TT_CLUSTER, x = 0x9e3779b97f4a7c15ull;
	int n = 0;
	for (int i = 0; i < GC_SAMPLES; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		const struct dfpn_tt_entry *e = &t->e[x % slots];
		if (e->amount)
			sample[n++] = gc_amount(e);
	}
	uint64_t dropped = 0;
#ifdef GY_MATE_TRACE
	uint64_t kinds[2][5] = {{0}};
	uint32_t thr_seen = 0;
#endif
	if (n > 0) {
		qsort(sample, (size_t)n, sizeof sample[0], cmp_u32);
		uint32_t thr = sample[(int)((double)n * DFPN_TT_GC_DROP)];
		/* When most entries share the threshold's amount, keep them all rather than drop nearly everything. */
		int at_most = 0;
		while (at_most < n && sample[at_most] <= thr)
			at_most++;
		if (at_most > n * 9 / 10)
			thr--;
#ifdef GY_MATE_TRACE
		thr_seen = thr;
#endif
		for (uint64_t b = 0; b < t->nb; b++) {
			struct dfpn_tt_entry *c = &t->e[b * DFPN_TT_CLUSTER];
			int k = 0;
			for (int i = 0; i < DFPN_TT_CLUSTER && c[i].amount; i++) {
#ifdef GY_MATE_TRACE
				kinds[gc_amount(&c[i]) <= thr][entry_kind(&c[i])]++;
#endif
				if (gc_amount(&c[i]) <= thr) {
					dropped++;
					continue;
				}
				/* A large table's unsolved entry kept counts half its work from now on (dfpn_tt.h). */
				if (t->large && c[i].plen == DFPN_TT_NO_PROOF && c[i].ddepth == DFPN_TT_NO_DISPROOF)
					c[i].amount = c[i].amount > 1 ? c[i].amount / 2 : 1;
				c[k++] = c[i];
			}
			if (k < DFPN_TT_CLUSTER)
				memset(&c[k], 0, (size_t)(DFPN_TT_CLUSTER - k) * sizeof *c);
		}
	}
	t->used -= dropped;
	t->gcs++;
#ifdef GY_MATE_TRACE
	gc_trace(t, thr_seen, kinds);
#endif
	uint64_t next = t->used + slots / 8;
	if (next > t->gc_at)
		t->gc_at = next;
	return dropped;
}

/* The entries in use; atomic while the table is shared (a plain load on the usual machines). */
static uint64_t used_now(const struct dfpn_tt *t) { return __atomic_load_n(&t->used, __ATOMIC_RELAXED); }

/* A shared table's store asks the searchers for a growth or collection (gy__dfpn_tt_maintain). */
static void ask_maintenance(struct dfpn_tt *t)
{
	if (!atomic_load_explicit(&t->maint, memory_order_relaxed))
		atomic_store_explicit(&t->maint, true, memory_order_relaxed);
}

void gy__dfpn_tt_maintain(struct dfpn_tt *t)
{
	uint64_t slots = t->nb * DFPN_TT_CLUSTER;
	if (t->nb < t->max_nb) {
		if ((double)(t->used + 1) > (double)slots * DFPN_TT_GROW_LOAD)
			gy__dfpn_tt_grow(t);
	} else if (t->used >= t->gc_at) {
		gy__dfpn_tt_collect(t);
	}
	atomic_store_explicit(&t->maint, false, memory_order_relaxed);
}

/*
 * The slot for (key, hand, rep): the entry itself when present, else an
 * empty slot (the table grown first when it is DFPN_TT_GROW_LOAD full and
 * below its limit), else, after a garbage collection when one is due, the
 * entry of the bucket with the least work (replaced; a large table's at its
 * limit counts a proof's bonus, as the collection does).
 */
static struct dfpn_tt_entry *slot(struct dfpn_tt *t, uint64_t key, gy_hand hand, int rep)
{
	for (;;) {
		struct dfpn_tt_entry *c = bucket(t, key), *victim = NULL;
		bool bonus = t->large && t->nb == t->max_nb;
		uint32_t least = 0;
		int i = 0;
		for (; i < DFPN_TT_CLUSTER && c[i].amount; i++) {
			struct dfpn_tt_entry *e = &c[i];
			if (e->key == key && e->hand == hand && (e->ddepth == DFPN_TT_REP) == rep)
				return e;
			uint32_t a = bonus ? gc_amount(e) : e->amount;
			if (!victim || a < least) {
				victim = e;
				least = a;
			}
		}
		uint64_t slots = t->nb * DFPN_TT_CLUSTER, used = used_now(t);
		if (t->nb < t->max_nb) {
			if ((double)(used + 1) > (double)slots * DFPN_TT_GROW_LOAD) {
				if (t->shared)
					ask_maintenance(t);
				else if (!gy__dfpn_tt_grow(t))
					continue;
			}
		} else if (i == DFPN_TT_CLUSTER && used >= t->gc_at) {
			if (t->shared) {
				ask_maintenance(t);
			} else {
				gy__dfpn_tt_collect(t);
				continue;
			}
		}
		if (i < DFPN_TT_CLUSTER) {
			victim = &c[i];
			if (t->shared)
				__atomic_fetch_add(&t->used, 1, __ATOMIC_RELAXED);
			else
				t->used++;
		}
		memset(victim, 0, sizeof *victim);
		victim->key = key;
		victim->hand = hand;
		victim->pn = 1;
		victim->dn = 1;
		victim->plen = DFPN_TT_NO_PROOF;
		victim->ddepth = rep ? DFPN_TT_REP : DFPN_TT_NO_DISPROOF;
		return victim;
	}
}

static void store_proof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int len, gy_move best, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	if (len < e->plen) {
		e->plen = (uint16_t)(len < DFPN_TT_NO_PROOF ? len : DFPN_TT_NO_PROOF - 1);
		e->best = best;
	}
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

static void store_disproof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	if (depth > DFPN_TT_DEPTH_INF)
		depth = DFPN_TT_DEPTH_INF;
	if (depth > e->ddepth)
		e->ddepth = (int16_t)depth;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

static void store_rep(struct dfpn_tt *t, uint64_t pathkey, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, pathkey, 0, 1);
	e->pn = UINT32_MAX;
	e->dn = 0;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

static void store_unknown(struct dfpn_tt *t, uint64_t key, gy_hand hand, uint32_t pn, uint32_t dn, gy_move best,
			  uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	e->pn = pn;
	e->dn = dn;
	if (best)
		e->best = best;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

/* ---- The public lookups and stores: with the bucket's lock while the table is shared ---- */

static atomic_uchar *lock_of(const struct dfpn_tt *t, uint64_t key)
{
	return &t->locks[(bucket_of(key, t->nb) & (DFPN_TT_LOCKS - 1)) * DFPN_TT_LOCK_STRIDE];
}

static void lock(atomic_uchar *l)
{
	while (atomic_exchange_explicit(l, 1, memory_order_acquire))
		while (atomic_load_explicit(l, memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
			__builtin_ia32_pause();
#endif
		}
}

static void unlock(atomic_uchar *l) { atomic_store_explicit(l, 0, memory_order_release); }

int gy__dfpn_tt_probe(const struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, struct dfpn_tt_probe *out)
{
	if (!t->shared)
		return probe(t, key, hand, depth, out);
	atomic_uchar *l = lock_of(t, key);
	lock(l);
	int r = probe(t, key, hand, depth, out);
	unlock(l);
	return r;
}

int gy__dfpn_tt_probe_rep(const struct dfpn_tt *t, uint64_t pathkey)
{
	if (!t->shared)
		return probe_rep(t, pathkey);
	atomic_uchar *l = lock_of(t, pathkey);
	lock(l);
	int r = probe_rep(t, pathkey);
	unlock(l);
	return r;
}

void gy__dfpn_tt_store_proof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int len, gy_move best, uint32_t amount)
{
	if (!t->shared) {
		store_proof(t, key, hand, len, best, amount);
		return;
	}
	atomic_uchar *l = lock_of(t, key);
	lock(l);
	store_proof(t, key, hand, len, best, amount);
	unlock(l);
}

void gy__dfpn_tt_store_disproof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, uint32_t amount)
{
	if (!t->shared) {
		store_disproof(t, key, hand, depth, amount);
		return;
	}
	atomic_uchar *l = lock_of(t, key);
	lock(l);
	store_disproof(t, key, hand, depth, amount);
	unlock(l);
}

void gy__dfpn_tt_store_rep(struct dfpn_tt *t, uint64_t pathkey, uint32_t amount)
{
	if (!t->shared) {
		store_rep(t, pathkey, amount);
		return;
	}
	atomic_uchar *l = lock_of(t, pathkey);
	lock(l);
	store_rep(t, pathkey, amount);
	unlock(l);
}

void gy__dfpn_tt_store_unknown(struct dfpn_tt *t, uint64_t key, gy_hand hand, uint32_t pn, uint32_t dn, gy_move best,
			       uint32_t amount)
{
	if (!t->shared) {
		store_unknown(t, key, hand, pn, dn, best, amount);
		return;
	}
	atomic_uchar *l = lock_of(t, key);
	lock(l);
	store_unknown(t, key, hand, pn, dn, best, amount);
	unlock(l);
}
