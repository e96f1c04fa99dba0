/*
 * engine/mate_search.c: `go mate` (mate_search.h) as iterative deepening
 * over odd depths of an AND/OR search: the attacker tries every check,
 * the defender every legal reply; the first depth that proves a mate
 * gives the shortest one.
 */
#include "mate_search.h"

#include "gyoku/movegen.h"
#include "timeman.h"

struct mate_ctx {
	atomic_bool *stop;
	int64_t deadline; /* < 0: none */
	uint64_t nodes;
	bool timeout;
	gy_move line[MATE_MAX_PV];
	gy_move best[MATE_MAX_PV];
	int best_len;
};

static bool out_of_time(struct mate_ctx *c)
{
	if (c->timeout)
		return true;
	if ((++c->nodes & 1023) == 0 && (atomic_load(c->stop) || (c->deadline >= 0 && timeman_now() >= c->deadline)))
		c->timeout = true;
	return c->timeout;
}

/* True when the side to move (the attacker when `attack`) forces mate within `depth` plies. */
static bool prove(struct mate_ctx *c, struct gy_pos *p, int depth, int ply, bool attack)
{
	if (out_of_time(c))
		return false;
	struct gy_movelist list;
	list.n = 0;
	if (attack) {
		if (depth <= 0)
			return false;
		gy_gen(p, GY_GEN_CHECKS, &list);
		for (int i = 0; i < list.n; i++) {
			struct gy_undo u;
			gy_pos_do(p, list.moves[i], &u);
			c->line[ply] = list.moves[i];
			bool mated = prove(c, p, depth - 1, ply + 1, false);
			gy_pos_undo(p, list.moves[i], &u);
			if (mated)
				return true;
		}
		return false;
	}
	gy_gen(p, GY_GEN_LEGAL, &list);
	if (list.n == 0) {
		/* Mate: keep the line when it is the first found at this depth. */
		if (c->best_len == 0) {
			for (int i = 0; i < ply; i++)
				c->best[i] = c->line[i];
			c->best_len = ply;
		}
		return true;
	}
	if (depth <= 0)
		return false;
	for (int i = 0; i < list.n; i++) {
		struct gy_undo u;
		gy_pos_do(p, list.moves[i], &u);
		c->line[ply] = list.moves[i];
		int saved = c->best_len;
		bool mated = prove(c, p, depth - 1, ply + 1, true);
		gy_pos_undo(p, list.moves[i], &u);
		if (!mated) {
			c->best_len = saved;
			return false;
		}
		/* The PV follows the defence tried first that still loses. */
		if (i > 0)
			c->best_len = saved;
	}
	return true;
}

enum gy_mate_answer mate_search_run(const struct gy_pos *p, int64_t ms, atomic_bool *stop, gy_move *pv, int *n)
{
	struct mate_ctx c = {.stop = stop, .deadline = ms < 0 ? -1 : timeman_now() + ms};
	struct gy_pos q = *p;
	*n = 0;
	if (gy_pos_in_check(&q))
		return GY_MATE_NONE;
	for (int depth = 1; depth < MATE_MAX_PV; depth += 2) {
		c.best_len = 0;
		if (prove(&c, &q, depth, 0, true)) {
			for (int i = 0; i < c.best_len; i++)
				pv[i] = c.best[i];
			*n = c.best_len;
			return GY_MATE_FOUND;
		}
		if (c.timeout)
			return GY_MATE_TIMEOUT;
		/* No check at all: no mate, whatever the depth. */
		struct gy_movelist checks;
		checks.n = 0;
		if (gy_gen(&q, GY_GEN_CHECKS, &checks) == 0)
			return GY_MATE_NONE;
	}
	return GY_MATE_TIMEOUT;
}
