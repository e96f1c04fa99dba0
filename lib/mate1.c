/*
 * lib/mate1.c: mate in one: a checking move after which the opponent has
 * no legal move.  Checks come from the CHECKS generator, which never
 * yields an uchifuzume because pawn drops that mate are not generated.
 *
 * Most checks leave the king a square to step to, and the search asks
 * this at nearly every node, so each check is first tried for such a
 * square without making it; only the checks that leave none are played
 * and the opponent's replies looked for.
 */
#include "gyoku/mate1.h"

#include "gyoku/movegen.h"

/*
 * True when, after check `m` by `us`, the king on `k` can step to a square
 * of `steps` (its neighbours not held by its own side).  `lifted` is the
 * occupancy without the king, so that a checker's line runs on behind it;
 * `free_now` the part of `steps` no piece of `us` attacks before `m`, with
 * that occupancy.
 */
static bool king_steps_out(const struct gy_pos *p, gy_move m, gy_sq k, gy_bb steps, gy_bb lifted, gy_bb free_now)
{
	int us = p->side;
	gy_sq to = gy_move_to(m);
	gy_bb to_bb = gy_sq_bb(to);
	if (gy_move_is_drop(m)) {
		/* A dropped piece only adds its own attacks: it blocks others' lines, never opens one. */
		return (free_now & ~gy_attacks(us, gy_move_drop_type(m), to, lifted | to_bb)) != 0;
	}
	gy_bb from_bb = gy_sq_bb(gy_move_from(m));
	gy_bb after = (lifted ^ from_bb) | to_bb;
	/* The checker itself may be taken: its square is the king's to step to unless guarded. */
	gy_bb cand = (steps | (to_bb & gy_bbt.king[k])) & ~gy_attacks(us, gy_move_after(m), to, after);
	while (cand) {
		gy_sq s = gy_bb_pop(&cand);
		if (!(gy_pos_attackers(p, s, us, after) & ~from_bb))
			return true;
	}
	return false;
}

gy_move gy_mate1(const struct gy_pos *p)
{
	int us = p->side;
	gy_sq k = p->king[us ^ 1];
	struct gy_movelist list;
	list.n = 0;
	int n = gy_gen(p, GY_GEN_CHECKS, &list);
	if (n == 0 || k == GY_SQ_NONE)
		return GY_MOVE_NONE;
	gy_bb steps = gy_bbt.king[k] & ~p->by_color[us ^ 1] & GY_BB_ALL, free_now = 0;
	gy_bb lifted = gy_pos_occupied(p) ^ gy_sq_bb(k);
	for (gy_bb b = steps; b;) {
		gy_sq s = gy_bb_pop(&b);
		if (!gy_pos_attacked_by(p, s, us, lifted))
			free_now |= gy_sq_bb(s);
	}
	struct gy_pos q;
	bool copied = false;
	for (int i = 0; i < n; i++) {
		if (king_steps_out(p, list.moves[i], k, steps, lifted, free_now))
			continue;
		if (!copied) {
			q = *p;
			copied = true;
		}
		struct gy_undo u;
		gy_pos_do(&q, list.moves[i], &u);
		bool mated = !gy_has_legal_move(&q);
		gy_pos_undo(&q, list.moves[i], &u);
		if (mated)
			return list.moves[i];
	}
	return GY_MOVE_NONE;
}
