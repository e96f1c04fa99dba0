/*
 * engine/tt.h: the transposition table, shared by the search threads
 * without locks (a torn entry is caught by the key check or by the move
 * being re-validated before use).
 *
 * An entry, 16 bytes, four to a 64-byte cluster:
 *
 *   bytes 0-3    key32    the lower 32 bits of the position key (the cluster
 *                         comes from the upper bits; the side to move is
 *                         bit 0, gy_pos_key)
 *   bytes 4-7    move     gy_move (0: none)
 *   bytes 8-9    value    search score, mate scores relative to this node
 *   bytes 10-11  eval     static evaluation (TT_EVAL_NONE when in check)
 *   byte  12     depth    remaining depth + TT_DEPTH_OFFSET (0: empty)
 *   byte  13     genbound generation (bits 2-7) | bound (bits 0-1)
 *   byte  14     flags    TT_NO_MATE1: the position has no mate in one
 *   byte  15     (zero)
 */
#ifndef ENGINE_TT_H
#define ENGINE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gyoku/err.h"
#include "gyoku/types.h"

enum { TT_BOUND_NONE = 0, TT_BOUND_UPPER = 1, TT_BOUND_LOWER = 2, TT_BOUND_EXACT = 3 };
/* A flag gy__tt_store takes with the bound: the mate-in-one test found none here (it need not run again). */
enum { TT_NO_MATE1 = 4 };
enum { TT_DEPTH_OFFSET = 8, TT_EVAL_NONE = -32768 };

struct tt_entry {
	uint32_t key32;
	uint32_t move;
	int16_t value;
	int16_t eval;
	uint8_t depth;
	uint8_t genbound;
	uint8_t flags;
	uint8_t pad;
};

struct tt_cluster {
	struct tt_entry e[4];
};

struct tt {
	struct tt_cluster *clusters;
	size_t count;
	uint8_t generation;
};

/* What a probe found (a copy: the entry itself may change under another thread). */
struct tt_hit {
	bool found;
	gy_move move;
	int value, eval, depth, bound;
	bool no_mate1; /* stored with TT_NO_MATE1 */
};

/* Sizes `t` to `mb` megabytes (at least one cluster), cleared.  Errors: GY_ERR_NOMEM (`t` unchanged). */
enum gy_err gy__tt_resize(struct tt *t, size_t mb) __attribute__((warn_unused_result));

/* Frees the table. */
void gy__tt_free(struct tt *t);

/* Empties every entry. */
void gy__tt_clear(struct tt *t);

/* Starts a new search: older entries become preferred for replacement. */
static inline void tt_new_search(struct tt *t) { t->generation = (uint8_t)(t->generation + 4); }

/*
 * What an entry keeps of `key`: its lower half, independent of the upper
 * bits that pick the cluster, and holding the side to move (bit 0).
 */
static inline uint32_t tt_key32(uint64_t key) { return (uint32_t)key; }

/* The cluster of `key`, for prefetching. */
static inline struct tt_cluster *tt_cluster_of(const struct tt *t, uint64_t key)
{
	return &t->clusters[(size_t)(((unsigned __int128)key * t->count) >> 64)];
}

/* Looks `key` up; on a hit, returns the entry's slot in `*slot` too (for gy__tt_store). */
struct tt_hit gy__tt_probe(const struct tt *t, uint64_t key, struct tt_entry **slot);

/* Stores into `slot` (from gy__tt_probe of the same key); `bound` may carry TT_NO_MATE1. */
void gy__tt_store(struct tt *t, struct tt_entry *slot, uint64_t key, int value, int bound, int depth, gy_move move,
		  int eval);

/* Permille of the first thousand clusters' entries written in this search. */
int gy__tt_hashfull(const struct tt *t);

#endif
