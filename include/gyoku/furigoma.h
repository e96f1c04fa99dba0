/*
 * gyoku/furigoma.h: deciding who moves first by tossing five pawns
 * (振り駒, docs/rules.md "Deciding who moves first: furigoma").
 *
 * The senior player (or the timekeeper on the senior player's behalf)
 * tosses five pawns: if more land showing 歩 than と, the senior player is
 * Sente, otherwise the junior player is.  The randomness comes from a
 * caller-owned 64-bit state (splitmix64), so a seed gives a fixed result
 * and there is no global state.  Thread-safe as long as each thread has
 * its own state.
 */
#ifndef GYOKU_FURIGOMA_H
#define GYOKU_FURIGOMA_H

#include <stdbool.h>
#include <stdint.h>

enum { GY_FURIGOMA_PAWNS = 5 };

/* The result of one toss. */
struct gy_furigoma {
	int pawns;            /* how many of the five show 歩 (unpromoted), 0..5 */
	bool senior_is_sente; /* pawns > 5 - pawns: the senior player moves first */
};

/* The decision of rules.md for `pawns` of the five showing 歩 (0..5). */
static inline bool gy_furigoma_senior_is_sente(int pawns) { return pawns > GY_FURIGOMA_PAWNS - pawns; }

/*
 * Tosses five pawns with the generator state `*state` (any value, e.g. a
 * seed; advanced by the call).  Each pawn shows 歩 with probability 1/2.
 */
struct gy_furigoma gy_furigoma_toss(uint64_t *state);

#endif
