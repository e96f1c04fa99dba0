/*
 * mate/dfpn_tt.c: the df-pn transposition table (see dfpn_tt.h for the entry layout).
 *
 * Invariants: an entry with amount 0 is empty; a key of an ordinary entry
 * is never looked up as a path key because rep entries are told apart by
 * their flag; a proof and a disproof never match the same query, because
 * both are sound.
 */
#include "dfpn_tt.h"

#include <stdlib.h>
#include <string.h>

int gy__dfpn_tt_init(struct dfpn_tt *t, size_t bytes)
{
	size_t n = 1024;
	while (n * 2 * sizeof(struct dfpn_tt_entry) <= bytes)
		n *= 2;
	t->e = calloc(n + DFPN_TT_CLUSTER, sizeof *t->e);
	if (!t->e)
		return -1;
	t->mask = n - 1;
	t->used = 0;
	return 0;
}

void gy__dfpn_tt_free(struct dfpn_tt *t)
{
	free(t->e);
	t->e = NULL;
}

void gy__dfpn_tt_clear(struct dfpn_tt *t)
{
	memset(t->e, 0, (t->mask + 1 + DFPN_TT_CLUSTER) * sizeof *t->e);
	t->used = 0;
}

static struct dfpn_tt_entry *cluster(const struct dfpn_tt *t, uint64_t key) { return &t->e[(key >> 20) & t->mask]; }

int gy__dfpn_tt_probe(const struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, struct dfpn_tt_probe *out)
{
	struct dfpn_tt_entry *c = cluster(t, key);
	out->pn = 1;
	out->dn = 1;
	out->hand = hand;
	out->len = 0;
	out->dlim = 0;
	out->ddepth = -1;
	out->best = 0;
	for (int i = 0; i < DFPN_TT_CLUSTER; i++) {
		const struct dfpn_tt_entry *e = &c[i];
		if (!e->amount || e->key != key || e->rep)
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
			out->pn = e->pn;
			out->dn = e->dn;
			out->best = e->best;
		}
	}
	return 0;
}

int gy__dfpn_tt_probe_rep(const struct dfpn_tt *t, uint64_t pathkey)
{
	const struct dfpn_tt_entry *c = cluster(t, pathkey);
	for (int i = 0; i < DFPN_TT_CLUSTER; i++)
		if (c[i].amount && c[i].rep && c[i].key == pathkey)
			return 1;
	return 0;
}

/*
 * The slot for (key, hand, rep): the entry itself when present, else an
 * empty slot, else the entry with the least work (replaced).
 */
static struct dfpn_tt_entry *slot(struct dfpn_tt *t, uint64_t key, gy_hand hand, uint8_t rep)
{
	struct dfpn_tt_entry *c = cluster(t, key), *victim = NULL;
	for (int i = 0; i < DFPN_TT_CLUSTER; i++) {
		struct dfpn_tt_entry *e = &c[i];
		if (e->amount && e->key == key && e->hand == hand && e->rep == rep)
			return e;
		if (!e->amount) {
			if (!victim || victim->amount)
				victim = e;
		} else if (!victim || (victim->amount && e->amount < victim->amount)) {
			victim = e;
		}
	}
	if (!victim->amount)
		t->used++;
	memset(victim, 0, sizeof *victim);
	victim->key = key;
	victim->hand = hand;
	victim->rep = rep;
	victim->pn = 1;
	victim->dn = 1;
	victim->plen = DFPN_TT_NO_PROOF;
	victim->ddepth = -1;
	return victim;
}

static uint32_t add_amount(uint32_t a, uint32_t b) { return a + b < a ? UINT32_MAX : a + b; }

void gy__dfpn_tt_store_proof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int len, gy_move best, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	if (len < e->plen) {
		e->plen = (uint16_t)(len < DFPN_TT_NO_PROOF ? len : DFPN_TT_NO_PROOF - 1);
		e->best = best;
	}
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

void gy__dfpn_tt_store_disproof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	if (depth > DFPN_TT_DEPTH_INF)
		depth = DFPN_TT_DEPTH_INF;
	if (depth > e->ddepth)
		e->ddepth = (int16_t)depth;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

void gy__dfpn_tt_store_rep(struct dfpn_tt *t, uint64_t pathkey, uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, pathkey, 0, 1);
	e->pn = UINT32_MAX;
	e->dn = 0;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}

void gy__dfpn_tt_store_unknown(struct dfpn_tt *t, uint64_t key, gy_hand hand, uint32_t pn, uint32_t dn, gy_move best,
			       uint32_t amount)
{
	struct dfpn_tt_entry *e = slot(t, key, hand, 0);
	e->pn = pn;
	e->dn = dn;
	if (best)
		e->best = best;
	e->amount = add_amount(e->amount, amount ? amount : 1);
}
