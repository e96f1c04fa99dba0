/*
 * tests/t_kinds.c: the generators checked against each other and against
 * brute force on positions reached by random play (docs/core.md "Generators"):
 *
 *   kinds-1.1  CAPTURES + QUIETS + DROPS (or EVASIONS), kept legal, = LEGAL
 *   kinds-1.2  CHECKS = the legal moves after which the opponent is in check;
 *              so say gy_pos_gives_check and gy_check_info_gives for each
 *   kinds-1.3  gy_mate1 returns the first check, in the CHECKS generator's
 *              order, after which brute force finds no legal reply (none
 *              when no check mates); in every position a check leads to,
 *              gy_has_legal_move agrees with gy_legal_count
 *   kinds-1.4  gy_move_is_legal accepts every legal move and rejects the
 *              pseudo-legal moves that are not
 *   kinds-1.5  do/undo restores the position; the incremental key equals
 *              the key recomputed from scratch
 *   kinds-2.x  the same on every 4th position with the side to move's king
 *              removed (tsume style: an attacker without a king)
 *
 * usage: t_kinds [POSITIONS]   (default 100000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gyoku/gyoku.h"
#include "randplay.h"

static int cmp_move(const void *a, const void *b)
{
	gy_move x = *(const gy_move *)a, y = *(const gy_move *)b;
	return x < y ? -1 : x > y;
}

static void sort_moves(struct gy_movelist *l) { qsort(l->moves, (size_t)l->n, sizeof l->moves[0], cmp_move); }

static bool same_list(struct gy_movelist *a, struct gy_movelist *b)
{
	sort_moves(a);
	sort_moves(b);
	return a->n == b->n && memcmp(a->moves, b->moves, (size_t)a->n * sizeof a->moves[0]) == 0;
}

/* One failure message per case is enough: the first counter-example. */
struct verdict {
	bool failed;
	char why[GY_SFEN_MAX + 128];
};

static void fail_once(struct verdict *v, const struct gy_pos *p, const char *what)
{
	char sfen[GY_SFEN_MAX];
	if (v->failed)
		return;
	v->failed = true;
	gy_sfen_write(p, sfen, sizeof sfen);
	snprintf(v->why, sizeof v->why, "%s in %s", what, sfen);
}

static void check_kinds(const struct gy_pos *p, const struct gy_movelist *legal, struct verdict *v)
{
	struct gy_movelist parts, all = *legal;
	parts.n = 0;
	if (gy_pos_in_check(p)) {
		gy_gen(p, GY_GEN_EVASIONS, &parts);
	} else {
		gy_gen(p, GY_GEN_CAPTURES, &parts);
		gy_gen(p, GY_GEN_QUIETS, &parts);
		gy_gen(p, GY_GEN_DROPS, &parts);
	}
	int n = 0;
	for (int i = 0; i < parts.n; i++)
		if (gy_pos_is_legal(p, parts.moves[i]))
			parts.moves[n++] = parts.moves[i];
	parts.n = n;
	if (!same_list(&parts, &all))
		fail_once(v, p, "kinds differ from LEGAL");
}

static void check_checks_and_mate(const struct gy_pos *p, const struct gy_movelist *legal, struct verdict *vc,
				  struct verdict *vm, int *mates)
{
	struct gy_movelist checks, brute;
	struct gy_pos q = *p;
	checks.n = brute.n = 0;
	gy_gen(p, GY_GEN_CHECKS, &checks);
	gy_move first_mate = GY_MOVE_NONE;
	for (int i = 0; i < checks.n && !first_mate; i++) {
		struct gy_undo u;
		gy_pos_do(&q, checks.moves[i], &u);
		if (gy_legal_count(&q) == 0)
			first_mate = checks.moves[i];
		gy_pos_undo(&q, checks.moves[i], &u);
	}
	bool mate_exists = false;
	struct gy_check_info ci;
	gy_check_info_init(p, &ci);
	for (int i = 0; i < legal->n; i++) {
		struct gy_undo u;
		gy_pos_do(&q, legal->moves[i], &u);
		if (gy_pos_in_check(&q)) {
			brute.moves[brute.n++] = legal->moves[i];
			bool any = gy_legal_count(&q) > 0;
			if (!any)
				mate_exists = true;
			if (gy_has_legal_move(&q) != any)
				fail_once(vm, &q, "gy_has_legal_move disagrees with gy_legal_count in check");
		}
		if (gy_pos_in_check(&q) != gy_pos_gives_check(p, legal->moves[i]))
			fail_once(vc, p, "gy_pos_gives_check wrong");
		if (gy_pos_in_check(&q) != gy_check_info_gives(&ci, legal->moves[i]))
			fail_once(vc, p, "gy_check_info_gives wrong");
		gy_pos_undo(&q, legal->moves[i], &u);
	}
	if (!same_list(&checks, &brute))
		fail_once(vc, p, "CHECKS differ from brute force");
	gy_move m = gy_mate1(p);
	*mates += mate_exists;
	if ((m != GY_MOVE_NONE) != mate_exists)
		fail_once(vm, p, mate_exists ? "gy_mate1 missed a mate" : "gy_mate1 found a false mate");
	else if (m != first_mate)
		fail_once(vm, p, "gy_mate1 is not the first mating check in CHECKS order");
}

static void check_validation(const struct gy_pos *p, const struct gy_movelist *legal, struct verdict *v)
{
	struct gy_movelist pseudo;
	pseudo.n = 0;
	gy_gen(p, gy_pos_in_check(p) ? GY_GEN_EVASIONS : GY_GEN_NON_EVASIONS, &pseudo);
	for (int i = 0; i < legal->n; i++)
		if (!gy_move_is_legal(p, legal->moves[i]))
			fail_once(v, p, "gy_move_is_legal rejects a legal move");
	for (int i = 0; i < pseudo.n; i++)
		if (gy_move_is_legal(p, pseudo.moves[i]) != gy_pos_is_legal(p, pseudo.moves[i]))
			fail_once(v, p, "gy_move_is_legal and gy_pos_is_legal disagree");
}

static void check_do_undo(const struct gy_pos *p, const struct gy_movelist *legal, struct verdict *v)
{
	struct gy_pos q = *p;
	for (int i = 0; i < legal->n; i++) {
		struct gy_undo u;
		gy_pos_do(&q, legal->moves[i], &u);
		if (!gy_pos_is_ok(&q))
			fail_once(v, p, "state inconsistent after do");
		gy_pos_undo(&q, legal->moves[i], &u);
		if (!gy_pos_is_ok(&q) || gy_pos_key(&q) != gy_pos_key(p) || memcmp(q.board, p->board, sizeof q.board) ||
		    q.hand[0] != p->hand[0] || q.hand[1] != p->hand[1])
			fail_once(v, p, "undo does not restore");
	}
}

/*
 * The position without the side to move's king: a tsume-style attacker.
 * False when lifting the king uncovers a check on the opponent (a position
 * no SFEN would be accepted for).
 */
static bool strip_king(const struct gy_pos *p, struct gy_pos *q)
{
	*q = *p;
	gy_sq ksq = p->king[p->side];
	q->board[ksq] = GY_NO_PIECE;
	q->by_color[p->side] &= ~gy_sq_bb(ksq);
	q->by_type[GY_KING] &= ~gy_sq_bb(ksq);
	gy_pos_update(q);
	return !gy_pos_attacked(q, q->king[q->side ^ 1], q->side);
}

int main(int argc, char **argv)
{
	long count = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
	struct check_tally t = {0, 0};
	/* [0]: positions of random play; [1]: every 4th of them without the attacker's king. */
	struct verdict kinds[2] = {0}, checks[2] = {0}, mate[2] = {0}, valid[2] = {0}, doundo[2] = {0};
	int mates[2] = {0, 0};
	long tsumes = 0;
	gy_init();
	struct randplay r;
	randplay_start(&r, 20261121, 300);
	for (long n = 0; n < count; n++) {
		struct gy_pos tsume;
		bool with_tsume = n % 4 == 0 && strip_king(&r.pos, &tsume);
		tsumes += with_tsume;
		for (int v = 0; v < (with_tsume ? 2 : 1); v++) {
			const struct gy_pos *p = v ? &tsume : &r.pos;
			struct gy_movelist legal;
			legal.n = 0;
			gy_gen(p, GY_GEN_LEGAL, &legal);
			check_kinds(p, &legal, &kinds[v]);
			check_checks_and_mate(p, &legal, &checks[v], &mate[v], &mates[v]);
			check_validation(p, &legal, &valid[v]);
			check_do_undo(p, &legal, &doundo[v]);
		}
		randplay_step(&r);
	}
	printf("# %ld positions, %d with a mate in one; %ld without the attacker's king, %d with a mate in one\n",
	       count, mates[0], tsumes, mates[1]);
	static const char *const ids[2][5] = {{"kinds-1.1", "kinds-1.2", "kinds-1.3", "kinds-1.4", "kinds-1.5"},
					      {"kinds-2.1", "kinds-2.2", "kinds-2.3", "kinds-2.4", "kinds-2.5"}};
	for (int v = 0; v < 2; v++) {
		CHECK(&t, ids[v][0], !kinds[v].failed, "%s", kinds[v].why);
		CHECK(&t, ids[v][1], !checks[v].failed, "%s", checks[v].why);
		CHECK(&t, ids[v][2], !mate[v].failed && mates[v] > 0, "%s",
		      mate[v].failed ? mate[v].why : "no mate met");
		CHECK(&t, ids[v][3], !valid[v].failed, "%s", valid[v].why);
		CHECK(&t, ids[v][4], !doundo[v].failed, "%s", doundo[v].why);
	}
	return check_exit(&t);
}
