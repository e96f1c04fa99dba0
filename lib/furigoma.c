/*
 * lib/furigoma.c: the five-pawn toss, driven by a caller-owned splitmix64
 * state (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014): each toss takes one 64-bit output and uses five of
 * its high bits, one per pawn.
 */
#include "gyoku/furigoma.h"

/* The next splitmix64 output, advancing `*state`. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

struct gy_furigoma gy_furigoma_toss(uint64_t *state)
{
	uint64_t bits = splitmix64(state);
	struct gy_furigoma r = {0, false};
	for (int i = 0; i < GY_FURIGOMA_PAWNS; i++)
		r.pawns += (int)(bits >> (63 - i) & 1);
	r.senior_is_sente = gy_furigoma_senior_is_sente(r.pawns);
	return r;
}
