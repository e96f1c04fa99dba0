/*
 * engine/tt.c: the transposition table (tt.h).  Replacement: in the key's
 * cluster, the entry of the same key, else an empty one, else the one of
 * least worth, worth being depth minus eight times its age in searches.
 */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

enum gy_err gy__tt_resize(struct tt *t, size_t mb)
{
	size_t count = mb * 1024 * 1024 / sizeof(struct tt_cluster);
	if (count == 0)
		count = 1;
	struct tt_cluster *c = aligned_alloc(64, count * sizeof *c);
	if (!c)
		return GY_ERR_NOMEM;
	free(t->clusters);
	t->clusters = c;
	t->count = count;
	gy__tt_clear(t);
	return GY_OK;
}

void gy__tt_free(struct tt *t)
{
	free(t->clusters);
	t->clusters = NULL;
	t->count = 0;
}

void gy__tt_clear(struct tt *t)
{
	memset(t->clusters, 0, t->count * sizeof *t->clusters);
	t->generation = 0;
}

struct tt_hit gy__tt_probe(const struct tt *t, uint64_t key, struct tt_entry **slot)
{
	struct tt_cluster *c = tt_cluster_of(t, key);
	uint32_t key32 = tt_key32(key);
	struct tt_hit hit = {false, 0, 0, TT_EVAL_NONE, 0, TT_BOUND_NONE, false};
	struct tt_entry *replace = &c->e[0];
	int worst = 1 << 30;
	for (int i = 0; i < 4; i++) {
		struct tt_entry *e = &c->e[i];
		if (e->key32 == key32 && e->depth) {
			/* Refresh the age so that a useful entry survives. */
			e->genbound = (uint8_t)(t->generation | (e->genbound & 3));
			hit.found = true;
			hit.move = e->move;
			hit.value = e->value;
			hit.eval = e->eval;
			hit.depth = e->depth - TT_DEPTH_OFFSET;
			hit.bound = e->genbound & 3;
			hit.no_mate1 = e->flags & TT_NO_MATE1;
			*slot = e;
			return hit;
		}
		if (!e->depth) {
			if (worst > -(1 << 29)) {
				replace = e;
				worst = -(1 << 29);
			}
			continue;
		}
		int age = (uint8_t)(t->generation - (e->genbound & 0xfc)) >> 2;
		int worth = e->depth - 8 * age;
		if (worth < worst) {
			worst = worth;
			replace = e;
		}
	}
	*slot = replace;
	return hit;
}

void gy__tt_store(struct tt *t, struct tt_entry *slot, uint64_t key, int value, int bound, int depth, gy_move move,
		  int eval)
{
	uint32_t key32 = tt_key32(key);
	int flags = bound & TT_NO_MATE1;
	bound &= 3;
	/* Keep the old move when the new search found none for the same position, and what it knew. */
	if (slot->key32 == key32 && slot->depth)
		flags |= slot->flags;
	if (move || slot->key32 != key32)
		slot->move = move;
	/* A shallower non-exact result does not overwrite a deeper one of the same position. */
	if (slot->key32 == key32 && slot->depth && bound != TT_BOUND_EXACT &&
	    depth + TT_DEPTH_OFFSET + 4 < slot->depth) {
		slot->flags = (uint8_t)flags;
		return;
	}
	slot->key32 = key32;
	slot->value = (int16_t)value;
	slot->eval = (int16_t)eval;
	int d = depth + TT_DEPTH_OFFSET;
	slot->depth = (uint8_t)(d < 1 ? 1 : d > 255 ? 255 : d);
	slot->genbound = (uint8_t)(t->generation | bound);
	slot->flags = (uint8_t)flags;
}

int gy__tt_hashfull(const struct tt *t)
{
	size_t n = t->count < 250 ? t->count : 250;
	int used = 0;
	for (size_t i = 0; i < n; i++)
		for (int j = 0; j < 4; j++)
			used += t->clusters[i].e[j].depth && (t->clusters[i].e[j].genbound & 0xfc) == t->generation;
	return n ? (int)(used * 1000 / (n * 4)) : 0;
}
