/*
 * mate/dfpn.h: the df-pn search proper (library-internal; the API is
 * include/gyoku/mate.h).
 */
#ifndef MATE_DFPN_H
#define MATE_DFPN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "dfpn_tt.h"
#include "gyoku/movegen.h"
#include "gyoku/position.h"

enum { DFPN_MAX_PLY = 8192, DFPN_REPSEEN_BITS = 1 << 20 };
#define DFPN_INF  UINT32_MAX
#define DFPN_UNIT 2u /* the proof or disproof number of a plain new node */

struct dfpn_frame;
struct dfpn_par;

enum { DFPN_BUSY_SLOTS = 1 << 16 };

#ifdef GY_MATE_TRACE
/* The trace build: nodes searched by the side to move and the depth left, and those whose position the table held. */
#define GY__DFPN_HIST 8
extern uint64_t gy__dfpn_hist[2][GY__DFPN_HIST], gy__dfpn_revisit[2][GY__DFPN_HIST];
#endif

/* One search: the position being searched, limits, counters, the path. */
struct dfpn {
	struct dfpn_tt *tt;
	struct gy_pos pos;
	int attacker;
	uint64_t nodes;
	uint64_t node_limit; /* 0: none */
	int64_t deadline_ns; /* CLOCK_MONOTONIC; 0: none */
	const atomic_bool *stop;
	bool aborted;
	gy_move escape; /* a disproven root where the defender moves: the evasion that disproved it, else 0 */
	int ply;
	int root_ply;                    /* the ply of the search's root: 0, or the moves of gy__dfpn_start_line */
	uint64_t root_salt;              /* with root_ply: the root's path hash (the key of path-dependent entries) */
	uint64_t path[DFPN_MAX_PLY + 1]; /* full keys (board and both hands) along the path */
	uint8_t filter[1 << 16];         /* counts of path keys by their top 16 bits */
	/*
	 * Bits by the low bits of a position's full key: set where a rep entry
	 * was stored for that position (under some path), so that children with
	 * no bit set skip the probe of the path-dependent entries.  Never cleared
	 * (a stale bit only costs a probe).
	 */
	uint64_t repseen[DFPN_REPSEEN_BITS / 64];
	struct dfpn_frame *frames[DFPN_MAX_PLY + 1];
	/*
	 * Several searchers on one table (mate/dfpn_par.c); NULL alone.  `busy`
	 * counts, by the top bits of a position's full key, the searchers
	 * inside it now: a child another searcher is in is chosen as if its
	 * proof (OR) or disproof (AND) number were half as much again, so the
	 * searchers spread over the tree (a virtual loss; measured on the
	 * Microcosmos tails with two threads: fewer nodes than none, twice or
	 * four times).
	 */
	struct dfpn_par *par;
	atomic_uchar *busy;
	const atomic_bool *halt; /* with par: set when another searcher has solved the root (read every node) */
};

/* The result of a search of one node. */
struct dfpn_result {
	uint32_t pn, dn;
	int len;      /* proof length when pn == 0 */
	gy_hand hand; /* proof or disproof hand */
	bool rep;     /* disproof depends on the path (repetition) */
	bool dlim;    /* disproof depends on the depth limit */
	int dd; /* with dlim: no mate within dd plies (at least the depth searched; more where the children's disproofs held deeper) */
};

/* The key under which the TT stores `p` (board, side, total of the hands). */
uint64_t gy__dfpn_key(const struct gy_pos *p);

/* The key telling positions apart for repetition (board, side, each hand). */
uint64_t gy__dfpn_full_key(const struct gy_pos *p);

/* Prepares `s` for searching `p` (the attacker is the side to move). */
void gy__dfpn_start(struct dfpn *s, struct dfpn_tt *tt, const struct gy_pos *p);

/* Frees the frames of `s`. */
void gy__dfpn_finish(struct dfpn *s);

/*
 * Searches s->pos (attacker to move) until it is proven or disproven
 * within `depth` plies, or the limits stop it (s->aborted).
 */
void gy__dfpn_search(struct dfpn *s, int depth, struct dfpn_result *r);

/*
 * gy__dfpn_start for the position `n` moves of `line` after `root` (whose
 * side to move attacks), searched as inside a search from `root`: the
 * line's positions are on the path (repetitions) and the path-dependent
 * entries are keyed as that search keys them, so those a search from
 * `root` stored along the line are found again.  `n` at most
 * DFPN_MAX_PLY / 2 (the rest of the path is the search's).
 */
void gy__dfpn_start_line(struct dfpn *s, struct dfpn_tt *tt, const struct gy_pos *root, const gy_move *line, int n);

/*
 * Looks s->pos up in the TT at remaining `depth` as a solved node:
 * 1 = proven (len set), -1 = disproven, 0 = unknown.
 */
int gy__dfpn_lookup(const struct dfpn *s, int depth, int *len, gy_move *best);

#endif
