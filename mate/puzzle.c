/*
 * mate/puzzle.c: what tsume puzzles need of the solver (gyoku/puzzle.h):
 * the verification of a puzzle (docs/puzzles.md "What a puzzle is"), run
 * by `gyoku puzzles make` and `check`, and the judge of a player's move,
 * run by the server.
 */
#include "gyoku/puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/mate.h"
#include "gyoku/movegen.h"
#include "gyoku/usi.h"

enum {
	PZ_NODES = 200000 /* nodes for each solve of the verification */
};

struct gy_puzzle_solver {
	struct gy_mate *m;
	gy_move pv[GY_PUZZLE_LINE_MAX];
	int npv;
	uint64_t used; /* the nodes of the last solve */
};

enum gy_err gy_puzzle_solver_create(struct gy_puzzle_solver **out, size_t memory_mb)
{
	*out = NULL;
	struct gy_puzzle_solver *s = calloc(1, sizeof *s);
	if (!s)
		return GY_ERR_NOMEM;
	if (gy_mate_create(&s->m, memory_mb) != GY_OK) {
		free(s);
		return GY_ERR_NOMEM;
	}
	*out = s;
	return GY_OK;
}

void gy_puzzle_solver_destroy(struct gy_puzzle_solver *s)
{
	if (!s)
		return;
	gy_mate_destroy(s->m);
	free(s);
}

enum gy_puzzle_answer gy_puzzle_solve(struct gy_puzzle_solver *s, const struct gy_pos *p, uint64_t nodes, bool clear,
				      int *len)
{
	struct gy_mate_limits lim = {0, nodes, false, true};
	struct gy_mate_report rep;
	if (clear)
		gy_mate_clear(s->m);
	s->npv = 0;
	rep.nodes = 0;
	enum gy_mate_status st = gy_mate_solve(s->m, p, &lim, NULL, s->pv, GY_PUZZLE_LINE_MAX, &rep);
	s->used = rep.nodes;
	if (st == GY_MATE_NONE)
		return GY_PUZZLE_NOMATE;
	if (st != GY_MATE_FOUND || !rep.complete || !rep.shortest || rep.length >= GY_PUZZLE_LINE_MAX)
		return GY_PUZZLE_UNKNOWN;
	s->npv = gy_mate_pv_len(s->m);
	*len = rep.length;
	return GY_PUZZLE_MATE;
}

const gy_move *gy_puzzle_solver_line(const struct gy_puzzle_solver *s, int *n)
{
	*n = s->npv;
	return s->pv;
}

/* True when every move of `list` is a drop. */
static bool pz_all_drops(const struct gy_movelist *list)
{
	for (int i = 0; i < list->n; i++)
		if (!gy_move_is_drop(list->moves[i]))
			return false;
	return true;
}

/* Whether a check other than the solution also mates within the plies left. */
enum pz_alt { PZ_ALT_NO, PZ_ALT_YES, PZ_ALT_DOUBT };

/*
 * May the defender's drop `e` in `q` be a futile interposition (無駄合,
 * mate.h)?  Not when no attacker capture of the dropped piece leaves the
 * defender mated or with drops only: a move of a board piece that escapes
 * the check stays whatever the defender holds.
 */
static bool pz_maybe_futile(const struct gy_pos *q, gy_move e)
{
	if (!gy_move_is_drop(e))
		return false;
	struct gy_pos r = *q;
	struct gy_undo u;
	gy_pos_do(&r, e, &u);
	struct gy_movelist caps = {0};
	gy_gen(&r, GY_GEN_LEGAL, &caps);
	for (int i = 0; i < caps.n; i++) {
		if (gy_move_is_drop(caps.moves[i]) || gy_move_to(caps.moves[i]) != gy_move_to(e))
			continue;
		struct gy_pos t = r;
		gy_pos_do(&t, caps.moves[i], &u);
		struct gy_movelist ev = {0};
		gy_gen(&t, GY_GEN_LEGAL, &ev);
		if (pz_all_drops(&ev))
			return true;
	}
	return false;
}

/* How an answer of the defender to another check fared (pz_alternative). */
struct pz_escape {
	gy_move nomate;  /* an answer after which no mate exists, or one that escapes the bound at once */
	gy_move longer;  /* an answer after which the mate is longer than the bound */
	int longer_len;  /* the longest such mate after it (plies) */
	uint64_t budget; /* the nodes left for the judge's solves: each takes at most half of them */
};

/*
 * Does the check `c` of `a` mate within `left` plies (itself included)?
 * YES when the defender has no evasion or the solver mates every evasion
 * within left - 2; NO when an evasion has no mate, or escapes the bound
 * and is no futile interposition (pz_maybe_futile); DOUBT when the only
 * evasions that escape may be futile interpositions, which the rules do
 * not count, or when the node limit stopped a solve.  With `esc`, every
 * evasion is looked at (within esc->budget nodes in all) and the escapes
 * are kept there (the judge); without, the first escape answers (the
 * verification, `nodes` for each solve).
 */
static enum pz_alt pz_alternative(struct gy_puzzle_solver *s, const struct gy_pos *a, gy_move c, int left,
				  uint64_t nodes, struct pz_escape *esc)
{
	struct gy_pos q = *a;
	struct gy_undo u;
	gy_pos_do(&q, c, &u);
	struct gy_movelist ev = {0};
	gy_gen(&q, GY_GEN_LEGAL, &ev);
	if (!ev.n)
		return PZ_ALT_YES;
	bool doubt = false, no = false;
	/* Board moves first: one that escapes settles it. */
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < ev.n; i++) {
			gy_move e = ev.moves[i];
			if (gy_move_is_drop(e) != (pass == 1))
				continue;
			bool futile = pz_maybe_futile(&q, e);
			if (left < 3) {
				if (!futile) {
					if (!esc)
						return PZ_ALT_NO;
					if (esc->nomate == GY_MOVE_NONE)
						esc->nomate = e;
					no = true;
					continue;
				}
				doubt = true;
				continue;
			}
			struct gy_pos r = q;
			gy_pos_do(&r, e, &u);
			int len = 0;
			uint64_t cap = esc ? esc->budget / 2 : nodes;
			enum gy_puzzle_answer ans = cap ? gy_puzzle_solve(s, &r, cap, false, &len) : GY_PUZZLE_UNKNOWN;
			if (esc && cap)
				esc->budget -= s->used < esc->budget ? s->used : esc->budget;
			if (ans == GY_PUZZLE_MATE && len <= left - 2)
				continue;
			if (ans == GY_PUZZLE_NOMATE || (ans == GY_PUZZLE_MATE && !futile)) {
				if (!esc)
					return PZ_ALT_NO;
				no = true;
				if (ans == GY_PUZZLE_NOMATE) {
					esc->nomate = e;
					return PZ_ALT_NO; /* the best reason there is */
				}
				if (esc->longer == GY_MOVE_NONE || len > esc->longer_len) {
					esc->longer = e;
					esc->longer_len = len;
				}
				continue;
			}
			doubt = true;
		}
	}
	return no ? PZ_ALT_NO : doubt ? PZ_ALT_DOUBT : PZ_ALT_YES;
}

bool gy_puzzle_verify(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, int max_len, char *why, size_t size)
{
	const struct gy_pos *p = &pz->pos;
	char mv[GY_USI_MOVE_MAX];
	gy_mate_clear(s->m);
	if (gy_pos_in_check(p)) {
		snprintf(why, size, "the side to move is in check");
		return false;
	}
	if (!gy_pos_pieces(p, p->side ^ 1, GY_KING)) {
		snprintf(why, size, "the defender has no king");
		return false;
	}
	if (pz->n < 1 || pz->n > max_len || pz->n % 2 == 0) {
		snprintf(why, size, "length %d is not an odd number from 1 to %d", pz->n, max_len);
		return false;
	}
	struct gy_pos a = *p;
	int left = pz->n, len = 0;
	enum gy_puzzle_answer ans = gy_puzzle_solve(s, &a, PZ_NODES, false, &len);
	if (ans != GY_PUZZLE_MATE) {
		snprintf(why, size, "%s",
			 ans == GY_PUZZLE_NOMATE ? "no mate" : "the solver found no proven shortest mate");
		return false;
	}
	if (len != pz->n) {
		snprintf(why, size, "the shortest mate is %d plies, not %d", len, pz->n);
		return false;
	}
	for (int i = 0; i < pz->n; i += 2, left -= 2) {
		gy_move m = pz->line[i];
		gy_usi_write_move(m, mv);
		if (!gy_move_is_legal(&a, m) || !gy_pos_gives_check(&a, m)) {
			snprintf(why, size, "ply %d: %s is not a legal check", i + 1, mv);
			return false;
		}
		struct gy_movelist checks = {0};
		gy_gen(&a, GY_GEN_CHECKS, &checks);
		for (int k = 0; k < checks.n && !(left == 1 && pz->n >= 3); k++) {
			gy_move c = checks.moves[k];
			if (c == m)
				continue;
			enum pz_alt alt = pz_alternative(s, &a, c, left, PZ_NODES, NULL);
			if (alt != PZ_ALT_NO) {
				char cm[GY_USI_MOVE_MAX];
				gy_usi_write_move(c, cm);
				snprintf(why, size, "ply %d: %s %s within %d plies too", i + 1, cm,
					 alt == PZ_ALT_YES ? "mates" : "may mate (undecided)", left);
				return false;
			}
		}
		struct gy_undo u;
		struct gy_pos q = a;
		gy_pos_do(&q, m, &u);
		if (left == 1) {
			struct gy_movelist ev = {0};
			gy_gen(&q, GY_GEN_LEGAL, &ev);
			/* Evasions left: only futile interpositions, which the solver's length of 1 said. */
			if (ev.n && !(pz_all_drops(&ev) && len == 1)) {
				snprintf(why, size, "ply %d: %s does not mate", i + 1, mv);
				return false;
			}
			return true;
		}
		gy_move d = pz->line[i + 1];
		gy_usi_write_move(d, mv);
		if (!gy_move_is_legal(&q, d)) {
			snprintf(why, size, "ply %d: %s is not legal", i + 2, mv);
			return false;
		}
		a = q;
		gy_pos_do(&a, d, &u);
		ans = gy_puzzle_solve(s, &a, PZ_NODES, false, &len);
		if (ans != GY_PUZZLE_MATE || len != left - 2) {
			snprintf(why, size, "ply %d: %s is not a longest defence (the mate after it is not %d plies)",
				 i + 2, mv, left - 2);
			return false;
		}
	}
	return true;
}

/* The first legal answer of the defender in `q`, board moves first. */
static gy_move pz_any_answer(const struct gy_pos *q)
{
	struct gy_movelist ev = {0};
	gy_gen(q, GY_GEN_LEGAL, &ev);
	for (int i = 0; i < ev.n; i++)
		if (!gy_move_is_drop(ev.moves[i]))
			return ev.moves[i];
	return ev.n ? ev.moves[0] : GY_MOVE_NONE;
}

enum gy_err gy_puzzle_judge(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, const char *const *usi, int n,
			    uint64_t nodes, struct gy_puzzle_judgement *out)
{
	memset(out, 0, sizeof *out);
	out->move = GY_MOVE_NONE;
	out->reply = GY_MOVE_NONE;
	if (n < 1 || n % 2 == 0 || n > pz->n)
		return GY_ERR_ARG;
	struct gy_pos a = pz->pos;
	struct gy_undo u;
	for (int i = 0; i < n - 1; i++) {
		gy_move m;
		if (!usi[i] || gy_usi_parse_move(&a, usi[i], strlen(usi[i]), &m, NULL) != GY_OK || m != pz->line[i])
			return GY_ERR_ARG;
		gy_pos_do(&a, m, &u);
	}
	int left = pz->n - (n - 1);
	const char *text = usi[n - 1];
	gy_move m;
	if (!text || gy_usi_parse_move(&a, text, strlen(text), &m, NULL) != GY_OK || !gy_move_is_legal(&a, m)) {
		out->verdict = GY_PUZZLE_ILLEGAL;
		return GY_OK;
	}
	out->move = m;
	if (m == pz->line[n - 1]) {
		out->verdict = left == 1 ? GY_PUZZLE_SOLVED : GY_PUZZLE_RIGHT;
		if (left > 1)
			out->reply = pz->line[n];
		return GY_OK;
	}
	if (!gy_pos_gives_check(&a, m)) {
		out->verdict = GY_PUZZLE_NOT_CHECK;
		return GY_OK;
	}
	struct gy_pos q = a;
	gy_pos_do(&q, m, &u);
	if (left == 1) {
		/* Another mate at the last move is a solution too (最終手余詰); a 1手詰 has one. */
		struct pz_escape esc = {GY_MOVE_NONE, GY_MOVE_NONE, 0, nodes};
		enum pz_alt alt = pz_alternative(s, &a, m, 1, nodes, &esc);
		if (pz->n >= 3 && alt != PZ_ALT_NO) {
			out->verdict = GY_PUZZLE_SOLVED;
			return GY_OK;
		}
		out->verdict = GY_PUZZLE_NOT_MATE;
		out->reply = esc.nomate != GY_MOVE_NONE ? esc.nomate : pz_any_answer(&q);
		return GY_OK;
	}
	struct pz_escape esc = {GY_MOVE_NONE, GY_MOVE_NONE, 0, nodes};
	gy_mate_clear(s->m);
	pz_alternative(s, &a, m, left, nodes, &esc);
	if (esc.nomate != GY_MOVE_NONE) {
		out->verdict = GY_PUZZLE_NO_MATE;
		out->reply = esc.nomate;
	} else if (esc.longer != GY_MOVE_NONE) {
		out->verdict = GY_PUZZLE_LONGER;
		out->reply = esc.longer;
		out->mate_len = esc.longer_len + 2;
	} else {
		out->verdict = GY_PUZZLE_WRONG;
	}
	return GY_OK;
}

const char *gy_puzzle_verdict_name(enum gy_puzzle_verdict v)
{
	static const char *const names[] = {"right",   "solved", "illegal",  "not-check",
					    "no-mate", "longer", "not-mate", "wrong"};
	return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "wrong";
}
