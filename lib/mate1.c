/*
 * lib/mate1.c: mate in one: a checking move after which the opponent has
 * no legal move.  Checks come from the CHECKS generator, which never
 * yields an uchifuzume because pawn drops that mate are not generated.
 */
#include "gyoku/mate1.h"

#include "gyoku/movegen.h"

gy_move gy_mate1(const struct gy_pos *p)
{
	struct gy_movelist list;
	struct gy_pos q = *p;
	list.n = 0;
	int n = gy_gen(p, GY_GEN_CHECKS, &list);
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(&q, list.moves[i], &u);
		bool mated = !gy_has_legal_move(&q);
		gy_pos_undo(&q, list.moves[i], &u);
		if (mated)
			return list.moves[i];
	}
	return GY_MOVE_NONE;
}
