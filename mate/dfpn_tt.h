/*
 * mate/dfpn_tt.h: the transposition table of the df-pn solver (library-internal).
 *
 * An entry is keyed by the board with the side to move and the total of
 * both hands (so, with a fixed set of pieces, by the board alone), and
 * holds the attacker's hand it was searched with.  A proof found with hand
 * H proves every hand that dominates H; a disproof with hand H disproves
 * every hand H dominates (gy_hand_dominates).  Proofs carry their length
 * (plies to mate) and disproofs the depth limit they hold under, so that
 * the shortest-mate searches reuse them exactly.
 *
 * Entry layout (32 bytes):
 *
 *   key      64  board key ^ mix(total of hands), or the path key of a rep entry
 *   hand     32  attacker's hand (proof hand, disproof hand or exact)
 *   pn, dn   32  proof and disproof numbers of the unsolved search
 *   best     32  the move that proved the node (OR) or the last one searched
 *   amount   32  work spent under the node (nodes), for replacement; 0 = empty
 *   plen     16  proof length, DFPN_TT_NO_PROOF when unproven
 *   ddepth   16  depth limit the disproof holds under, DFPN_TT_DEPTH_INF when
 *                unconditional, DFPN_TT_NO_DISPROOF (-1) when undisproven,
 *                DFPN_TT_REP for a path-dependent (repetition) disproof,
 *                keyed with the path hash and never used for other paths
 *
 * Memory.  Buckets of DFPN_TT_CLUSTER entries; a key's bucket is the high
 * half of the key scaled to the number of buckets, so that growing the
 * table from n to 2n buckets sends each bucket's entries to buckets 2b and
 * 2b + 1, in place and without losing any.  The table starts small
 * (DFPN_TT_START bytes, or the limit if less) and grows, doubling, until
 * the limit given at creation, when it is more than DFPN_TT_GROW_LOAD full
 * (below that, a full bucket replaces its entry with the least work; it is
 * mostly full of the hands of one position, which a larger table would
 * not spread).  At the limit a full bucket replaces its entry with the least work, and once the
 * table is DFPN_TT_GC_LOAD full a garbage collection drops the entries of
 * least work (the lower DFPN_TT_GC_DROP of the amounts, found by sampling;
 * a proof counts DFPN_TT_GC_BONUS more than its work; in a table of
 * DFPN_TT_LARGE or more, the bucket's replacement counts the bonus too and
 * a collection halves the work of the unsolved entries it keeps),
 * so that the proofs and disproofs of the most work stay (measured: halving
 * the amounts of the entries kept, as KomoringHeights does, loses the
 * proofs the line needs when the table is small).  Running out of memory costs work, never
 * correctness.  Within a bucket the entries in use come first, in the
 * order they were made.
 *
 * Threads (mate/dfpn_par.c).  While `shared` is set, several searchers use
 * the table at once: each lookup and store holds the spin lock of its
 * bucket (DFPN_TT_LOCKS of them, by bucket number, each on a cache line of
 * its own), the count of entries in
 * use is kept with atomic adds, and a store that would grow the table or
 * collect its garbage sets `maint` instead (replacing within its bucket
 * meanwhile): the searchers then pause at a barrier and one of them runs
 * gy__dfpn_tt_maintain while no other touches the table.  With one
 * searcher (`shared` clear) nothing of this runs: the store grows or
 * collects at once, as it always did.
 */
#ifndef MATE_DFPN_TT_H
#define MATE_DFPN_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gyoku/types.h"

enum {
	DFPN_TT_NO_PROOF = 0xFFFF,
	DFPN_TT_DEPTH_INF = 0x7FFF,
	DFPN_TT_NO_DISPROOF = -1,
	DFPN_TT_REP = -2,
	DFPN_TT_CLUSTER = 8,
	DFPN_TT_START = 1 << 20,
	DFPN_TT_LOCKS = 1 << 10,
	DFPN_TT_LOCK_STRIDE = 64 /* bytes: one lock a cache line, so two searchers' locks never share one */
};
#define DFPN_TT_GROW_LOAD 0.5
#define DFPN_TT_GC_LOAD   0.9
#define DFPN_TT_GC_DROP   0.25
/*
 * A collection counts a proof's work this much more (KomoringHeights' bonus
 * for final results, which it gives disproofs too): the other entries go
 * first.  Measured (docs/mate.md, "Transposition table and hands"): fewer
 * nodes where a 256 MB table is collected; given to disproofs as well, the
 * 101-ply tail with a 2 MB table found no mate within 2 M nodes
 * (tsume-4.101h).
 */
#define DFPN_TT_GC_BONUS 1000u
/*
 * A table of this limit or more (bytes) is "large": at its limit a full
 * bucket replaces the entry of least work counting a proof's bonus, as the
 * collection does, and each collection halves the work of the unsolved
 * entries it keeps, so that the present search's entries outlast those of
 * the searches before it.  Measured (docs/mate.md, "Transposition table
 * and hands"): fewer nodes on the Microcosmos tails with 16 to 256 MB;
 * with 1 to 4 MB more (those tables hold little beyond the search at hand).
 */
#define DFPN_TT_LARGE ((size_t)16 << 20)

struct dfpn_tt_entry {
	uint64_t key;
	gy_hand hand;
	uint32_t pn, dn;
	gy_move best;
	uint32_t amount;
	uint16_t plen;
	int16_t ddepth;
};

struct dfpn_tt {
	struct dfpn_tt_entry *e;
	uint64_t nb;         /* buckets now */
	uint64_t max_nb;     /* buckets the limit allows */
	uint64_t used;       /* entries in use */
	uint64_t gc_at;      /* at the limit, the entries in use that start a garbage collection */
	uint64_t gcs;        /* garbage collections so far */
	bool large;          /* the limit is DFPN_TT_LARGE or more */
	bool shared;         /* several searchers use the table now (mate/dfpn_par.c) */
	atomic_bool maint;   /* with `shared`: a growth or collection is due (gy__dfpn_tt_maintain) */
	atomic_uchar *locks; /* DFPN_TT_LOCKS spin locks, DFPN_TT_LOCK_STRIDE apart, taken by bucket while `shared` */
};

#ifdef GY_MATE_TRACE
/* The trace build: whether the table holds an entry for exactly this position and hand. */
int gy__dfpn_tt_has(const struct dfpn_tt *t, uint64_t key, gy_hand hand);
#endif

/* What a lookup found for a position at a depth limit. */
struct dfpn_tt_probe {
	uint32_t pn, dn;
	gy_hand hand; /* proof or disproof hand when solved */
	int len;      /* proof length when proven */
	int dlim;     /* disproof depends on a depth limit */
	int ddepth;   /* the depth limit the disproof holds under (DFPN_TT_DEPTH_INF: none) */
	gy_move best;
};

/* The bytes a new table starts with, DFPN_TT_START (tests set more to compare with a table fixed at its limit). */
extern size_t gy__dfpn_tt_start;

/* Makes an empty table that may grow to `limit` bytes (at least one bucket); 0 on success, -1 when out of memory. */
int gy__dfpn_tt_init(struct dfpn_tt *t, size_t limit);
void gy__dfpn_tt_free(struct dfpn_tt *t);
/* Empties the table and gives its memory back down to the starting size. */
void gy__dfpn_tt_clear(struct dfpn_tt *t);
/* The bytes the table holds now (allocated; at most the limit). */
size_t gy__dfpn_tt_bytes(const struct dfpn_tt *t);
/* The fraction of the slots of the table as it is now that are in use. */
double gy__dfpn_tt_usage(const struct dfpn_tt *t);

/*
 * Looks up (key, attacker's hand) at remaining `depth`.  Fills `out` with
 * a proof, a disproof, the stored numbers, or pn = dn = 1 when unknown.
 * Returns 1 when solved, else 0.
 */
int gy__dfpn_tt_probe(const struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, struct dfpn_tt_probe *out);

/* Starts loading the cluster of `key` into the cache (no effect on results). */
void gy__dfpn_tt_prefetch(const struct dfpn_tt *t, uint64_t key);

/* Looks for a path-dependent disproof under `pathkey`; 1 when found. */
int gy__dfpn_tt_probe_rep(const struct dfpn_tt *t, uint64_t pathkey);

/* Records a proof with proof hand `hand` and length `len`. */
void gy__dfpn_tt_store_proof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int len, gy_move best, uint32_t amount);

/* Records a disproof with disproof hand `hand` holding up to `depth`. */
void gy__dfpn_tt_store_disproof(struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, uint32_t amount);

/* Records a path-dependent disproof under `pathkey`. */
void gy__dfpn_tt_store_rep(struct dfpn_tt *t, uint64_t pathkey, uint32_t amount);

/* Records the numbers of an unsolved node. */
void gy__dfpn_tt_store_unknown(struct dfpn_tt *t, uint64_t key, gy_hand hand, uint32_t pn, uint32_t dn, gy_move best,
			       uint32_t amount);

/* Doubles the table (or grows it to the limit); 0 when it grew. */
int gy__dfpn_tt_grow(struct dfpn_tt *t);

/* The garbage collection: drops the entries of least work; returns how many. */
uint64_t gy__dfpn_tt_collect(struct dfpn_tt *t);

/*
 * The growth or collection a store asked for while the table was shared
 * (`maint`), run by one searcher while the others wait: the table is
 * grown when below its limit and DFPN_TT_GROW_LOAD full, else collected
 * when due.  Clears `maint`.
 */
void gy__dfpn_tt_maintain(struct dfpn_tt *t);

#endif
