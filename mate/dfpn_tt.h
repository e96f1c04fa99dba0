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
 * Entry layout (40 bytes):
 *
 *   key      64  board key ^ mix(total of hands); 0 in an empty slot
 *   hand     32  attacker's hand (proof hand, disproof hand or exact)
 *   pn, dn   32  proof and disproof numbers of the unsolved search
 *   best     32  the move that proved the node (OR) or the last one searched
 *   amount   32  work spent under the node, for replacement; 0 = empty
 *   plen     16  proof length, DFPN_TT_NO_PROOF when unproven
 *   ddepth   16  depth limit the disproof holds under, DFPN_TT_DEPTH_INF when
 *                unconditional, -1 when undisproven
 *   rep       8  1: a path-dependent (repetition) disproof, keyed with the
 *                path hash, never used for other paths
 *
 * The table has a fixed size chosen at creation; when a cluster is full
 * the entry with the least work is replaced, so running out of memory only
 * costs work, never correctness.
 */
#ifndef MATE_DFPN_TT_H
#define MATE_DFPN_TT_H

#include <stddef.h>
#include <stdint.h>

#include "gyoku/types.h"

enum { DFPN_TT_NO_PROOF = 0xFFFF, DFPN_TT_DEPTH_INF = 0x7FFF, DFPN_TT_CLUSTER = 8 };

struct dfpn_tt_entry {
	uint64_t key;
	gy_hand hand;
	uint32_t pn, dn;
	gy_move best;
	uint32_t amount;
	uint16_t plen;
	int16_t ddepth;
	uint8_t rep;
};

struct dfpn_tt {
	struct dfpn_tt_entry *e;
	size_t mask; /* number of clusters' first slots - 1 (a power of two minus 1) */
	uint64_t used;
};

/* What a lookup found for a position at a depth limit. */
struct dfpn_tt_probe {
	uint32_t pn, dn;
	gy_hand hand; /* proof or disproof hand when solved */
	int len;      /* proof length when proven */
	int dlim;     /* disproof depends on a depth limit */
	int ddepth;   /* the depth limit a disproof holds under (DFPN_TT_DEPTH_INF: none) */
	gy_move best;
};

/* Allocates about `bytes` of entries; 0 on success, -1 when out of memory. */
int gy__dfpn_tt_init(struct dfpn_tt *t, size_t bytes);
void gy__dfpn_tt_free(struct dfpn_tt *t);
void gy__dfpn_tt_clear(struct dfpn_tt *t);

/*
 * Looks up (key, attacker's hand) at remaining `depth`.  Fills `out` with
 * a proof, a disproof, the stored numbers, or pn = dn = 1 when unknown.
 * Returns 1 when solved, else 0.
 */
int gy__dfpn_tt_probe(const struct dfpn_tt *t, uint64_t key, gy_hand hand, int depth, struct dfpn_tt_probe *out);

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

#endif
