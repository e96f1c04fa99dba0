/*
 * mate/hands.h: per-type arithmetic on packed hands (types.h) for the
 * proof and disproof hands of the df-pn solver.
 *
 * Every function keeps each field within 0..the number of pieces of that
 * type in a full set (P 18, L N S G 4, B R 2).
 */
#ifndef MATE_HANDS_H
#define MATE_HANDS_H

#include "gyoku/types.h"

/* The number of pieces of hand type `pt` in a full set. */
static inline int hands_full(int pt)
{
	static const int8_t full[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
	return full[pt];
}

/* `h` with hand type `pt` set to `n` (0..hands_full(pt)). */
static inline gy_hand hands_set(gy_hand h, int pt, int n)
{
	return (h & ~(gy_hand_mask(pt) << gy_hand_shift(pt))) | (gy_hand)n << gy_hand_shift(pt);
}

/* One more piece of `pt`, capped at the full set. */
static inline gy_hand hands_add1(gy_hand h, int pt)
{
	int n = gy_hand_count(h, pt);
	return n < hands_full(pt) ? hands_set(h, pt, n + 1) : h;
}

/* One piece of `pt` fewer, never below zero. */
static inline gy_hand hands_sub1(gy_hand h, int pt)
{
	int n = gy_hand_count(h, pt);
	return n > 0 ? hands_set(h, pt, n - 1) : h;
}

/* The per-type maximum of a and b. */
static inline gy_hand hands_max(gy_hand a, gy_hand b)
{
	gy_hand r = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
		int x = gy_hand_count(a, pt), y = gy_hand_count(b, pt);
		r = hands_set(r, pt, x > y ? x : y);
	}
	return r;
}

/* The per-type minimum of a and b. */
static inline gy_hand hands_min(gy_hand a, gy_hand b)
{
	gy_hand r = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
		int x = gy_hand_count(a, pt), y = gy_hand_count(b, pt);
		r = hands_set(r, pt, x < y ? x : y);
	}
	return r;
}

/* Every type at its full count. */
static inline gy_hand hands_all(void)
{
	gy_hand r = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		r = hands_set(r, pt, hands_full(pt));
	return r;
}

#endif
