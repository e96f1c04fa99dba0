/*
 * dev/train_aug.c: more positions for `gyoku train --augment N`
 * (docs/nnue.md "Training", the teacher): short random walks from the
 * positions of the data, each labelled by the linear evaluation after a
 * quiescence search over captures, so that the network can first learn
 * what the linear evaluation knows from many more positions than the
 * self-play games hold.
 *
 * Invariants: the walks and the search only ever play legal moves and
 * leave the caller's position as it was given.
 */
#include "train_aug.h"

#include "eval.h"
#include "gyoku/movegen.h"

/* Rough piece values (by type, promoted types included) for ordering captures only. */
static const int order_value[GY_PTYPE_NB] = {0, 1, 3, 4, 5, 8, 10, 6, 0, 6, 6, 6, 6, 12, 14};

static uint64_t aug_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/*
 * Fail-hard quiescence search of `p` from the side to move: stand pat on
 * the linear evaluation, then the captures, most valuable victim first
 * (all evasions when in check); `depth` plies at most.
 */
static int qsearch(struct gy_pos *p, int alpha, int beta, int depth)
{
	bool check = gy_pos_in_check(p);
	if (!check) {
		int stand = eval_evaluate(p);
		if (stand >= beta)
			return beta;
		if (stand > alpha)
			alpha = stand;
	}
	if (depth == 0)
		return check ? eval_evaluate(p) : alpha;
	struct gy_movelist l;
	l.n = 0;
	gy_gen(p, check ? GY_GEN_EVASIONS : GY_GEN_CAPTURES, &l);
	int score[GY_MAX_MOVES];
	for (int i = 0; i < l.n; i++)
		score[i] = order_value[gy_move_captured(l.moves[i]) & 15] * 16 - order_value[gy_move_moved(l.moves[i])];
	bool any = false;
	for (int i = 0; i < l.n; i++) {
		int best = i;
		for (int k = i + 1; k < l.n; k++)
			if (score[k] > score[best])
				best = k;
		gy_move m = l.moves[best];
		l.moves[best] = l.moves[i];
		score[best] = score[i];
		if (!gy_pos_is_legal(p, m))
			continue;
		any = true;
		struct gy_undo u;
		gy_pos_do(p, m, &u);
		int v = -qsearch(p, -beta, -alpha, depth - 1);
		gy_pos_undo(p, m, &u);
		if (v >= beta)
			return beta;
		if (v > alpha)
			alpha = v;
	}
	if (check && !any)
		return -TR_AUG_MATED; /* mated: beyond any score the trainer keeps */
	return alpha;
}

int tr_aug_label(struct gy_pos *p) { return qsearch(p, -TR_AUG_MATED - 1, TR_AUG_MATED + 1, 8); }

bool tr_aug_walk(const struct gy_pos *start, uint64_t *rng, struct gy_pos *out)
{
	*out = *start;
	int plies = 1 + (int)(aug_rand(rng) % 4);
	for (int k = 0; k < plies; k++) {
		struct gy_movelist l;
		l.n = 0;
		gy_gen(out, GY_GEN_LEGAL, &l);
		if (!l.n)
			return false;
		struct gy_undo u;
		gy_pos_do(out, l.moves[aug_rand(rng) % (uint64_t)l.n], &u);
	}
	return !gy_pos_in_check(out);
}
