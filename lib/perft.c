/*
 * lib/perft.c: perft with bulk counting at the last ply.
 */
#include "gyoku/perft.h"

#include "gyoku/movegen.h"

uint64_t gy_perft(struct gy_pos *p, int depth)
{
	struct gy_movelist list;
	if (depth <= 0)
		return 1;
	list.n = 0;
	int n = gy_gen(p, GY_GEN_LEGAL, &list);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t nodes = 0;
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(p, list.moves[i], &u);
		nodes += gy_perft(p, depth - 1);
		gy_pos_undo(p, list.moves[i], &u);
	}
	return nodes;
}
