/*
 * tests/randplay.h: positions reached by random play, for the tests that
 * compare generators with each other or with an independent program.
 *
 * Moves are drawn with weights that favour captures, promotions, checks
 * and drops, so the games are full of pieces in hand, promoted pieces
 * (captured back as well), checks and mates.  A game ends at mate or after
 * `max_plies`; the sequence is fixed by the seed.
 */
#ifndef TESTS_RANDPLAY_H
#define TESTS_RANDPLAY_H

#include <stdint.h>

#include "gyoku/gyoku.h"

struct randplay {
	uint64_t state;
	struct gy_pos pos;
	int ply, max_plies;
};

static inline uint64_t randplay_next(struct randplay *r)
{
	uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static inline void randplay_start(struct randplay *r, uint64_t seed, int max_plies)
{
	r->state = seed;
	r->max_plies = max_plies;
	r->ply = 0;
	gy_pos_set_start(&r->pos);
}

/* How much a move is favoured by the random walk. */
static inline unsigned randplay_weight(const struct gy_pos *p, gy_move m)
{
	unsigned w = 1;
	if (gy_move_captured(m))
		w += 6 + (gy_move_captured(m) > GY_KING ? 6 : 0);
	if (gy_move_is_promotion(m))
		w += 4;
	if (gy_move_is_drop(m))
		w += 1;
	if (gy_pos_gives_check(p, m))
		w += 4;
	return w;
}

/*
 * Plays one weighted random move and returns it; when the game is over
 * (no legal move or `max_plies` reached) starts a new one from the start
 * position instead and returns GY_MOVE_NONE.
 */
static inline gy_move randplay_move(struct randplay *r)
{
	struct gy_movelist list;
	list.n = 0;
	gy_gen(&r->pos, GY_GEN_LEGAL, &list);
	if (list.n == 0 || r->ply >= r->max_plies) {
		gy_pos_set_start(&r->pos);
		r->ply = 0;
		return GY_MOVE_NONE;
	}
	unsigned total = 0, weights[GY_MAX_MOVES];
	for (int i = 0; i < list.n; i++)
		total += weights[i] = randplay_weight(&r->pos, list.moves[i]);
	unsigned pick = (unsigned)(randplay_next(r) % total);
	int i = 0;
	while (pick >= weights[i])
		pick -= weights[i++];
	struct gy_undo u;
	gy_pos_do(&r->pos, list.moves[i], &u);
	r->ply++;
	return list.moves[i];
}

/* randplay_move(), telling only whether it moved (false: a new game began). */
static inline bool randplay_step(struct randplay *r) { return randplay_move(r) != GY_MOVE_NONE; }

#endif
