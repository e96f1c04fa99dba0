/*
 * mate/check.c: the check of a composed problem under the tsume
 * conventions (mate.h gy_mate_check; docs/mate.md "`gyoku solve --check`").
 *
 * The solution is the line of gy_mate_solve under the tsume rules.  Then,
 * along it:
 * - at each attacker move with `left` plies to go, every other check c is
 *   asked whether it mates within `left` plies: the defender's answers to c
 *   that are futile interpositions (無駄合) are not counted; each other
 *   answer must leave a mate within left - 2.  The minimax search (every
 *   interposition counted, depth-limited, gy__mate_within) answers first:
 *   its length is never shorter than the one under the tsume rules, so a
 *   mate within the bound settles it, and no mate at all rules c out.  An
 *   answer that mates, but not within the bound counting every
 *   interposition, is solved under the tsume rules (gy_mate_solve), whose
 *   length decides.  A check that mates in time is 余詰 (最終手余詰 on the
 *   last move);
 * - at each defender move, the futile interpositions left out (one drop a
 *   square), and the other answers that last as long as the line's and end
 *   with as few pieces in the attacker's hand (変同; a drop of another piece
 *   on the square of the line's drop is the same defence, and one drop a
 *   square is noted);
 * - at the end, the attacker's hand (駒余り).
 * A defence as long as the line's that leaves fewer pieces in the
 * attacker's hand is the defender's choice by the conventions: the line is
 * mended (that defence and its own line) and walked again.
 * Every question shares the table and the limits; a question the limits
 * stopped is "undecided", and no problem with one is called sound.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dfpn_tt.h"
#include "gyoku/mate.h"
#include "gyoku/movegen.h"
#include "mate_int.h"

enum { CHK_WALKS_MAX = 16 };

/* One check: the solver, the limits of the whole check, the report. */
struct chk {
	struct gy_mate *m;
	const struct gy_mate_limits *lim;
	const atomic_bool *stop;
	int64_t t0_ns;
	struct gy_mate_check *out;
	gy_move *pv; /* room for a sub-solve's line */
};

static int64_t chk_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The limits left for the next question (tsume rules on); false when none are left. */
static bool chk_limits(const struct chk *c, struct gy_mate_limits *l)
{
	memset(l, 0, sizeof *l);
	l->tsume_rules = true;
	if (c->stop && atomic_load(c->stop))
		return false;
	if (c->lim && c->lim->time_ms > 0) {
		int64_t left = c->lim->time_ms - (chk_now_ns() - c->t0_ns) / 1000000;
		if (left <= 0)
			return false;
		l->time_ms = left;
	}
	if (c->lim && c->lim->nodes) {
		if (c->out->nodes >= c->lim->nodes)
			return false;
		l->nodes = c->lim->nodes - c->out->nodes;
	}
	return true;
}

/* Minimax (every interposition counted): does the attacker to move in `p` mate within `depth`?  1, -1, 0. */
static int chk_within(struct chk *c, const struct gy_pos *p, int depth, int *len)
{
	struct gy_mate_limits l;
	bool have = chk_limits(c, &l);
	uint64_t nodes = 0;
	/* Without limits left the table may still know. */
	if (!have)
		l.nodes = 1;
	int r = gy__mate_within(c->m, p, depth, &l, c->stop, len, &nodes);
	c->out->nodes += nodes;
	return r;
}

/*
 * The length of the mate of `p` (attacker to move) under the tsume rules,
 * with the pieces left in the attacker's hand at the end of its line in
 * *left_pieces (may be NULL): -1 no mate, 0 unknown (the limits).
 */
static int chk_tsume_len(struct chk *c, const struct gy_pos *p, int *left_pieces)
{
	struct gy_mate_limits l;
	if (!chk_limits(c, &l))
		return 0;
	struct gy_mate_report rep;
	enum gy_mate_status st = gy_mate_solve(c->m, p, &l, c->stop, c->pv, GY_MATE_CHECK_LINE_MAX, &rep);
	c->out->nodes += rep.nodes;
	if (st == GY_MATE_NONE)
		return -1;
	if (st != GY_MATE_FOUND || !rep.complete || !rep.shortest)
		return 0;
	if (left_pieces) {
		int n = gy_mate_pv_len(c->m);
		if (n != rep.length)
			return 0;
		struct gy_pos q = *p;
		for (int i = 0; i < n; i++) {
			struct gy_undo u;
			gy_pos_do(&q, c->pv[i], &u);
		}
		*left_pieces = 0;
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
			*left_pieces += gy_hand_count(q.hand[p->side], pt);
	}
	return rep.length;
}

/* The defender's legal answers in `q`. */
static void chk_evasions(const struct gy_pos *q, struct gy_movelist *l)
{
	struct gy_movelist e;
	e.n = 0;
	l->n = 0;
	gy_gen(q, GY_GEN_EVASIONS, &e);
	for (int i = 0; i < e.n; i++)
		if (gy_pos_is_legal(q, e.moves[i]))
			l->moves[l->n++] = e.moves[i];
}

/*
 * Does the check `mv` of `a` (attacker to move) mate within `left` plies,
 * itself included, under the tsume rules?  1 (its length in *len), -1, 0
 * undecided.
 */
static int chk_alternative(struct chk *c, const struct gy_pos *a, gy_move mv, int left, int *len)
{
	struct gy_pos q = *a;
	struct gy_undo u;
	gy_pos_do(&q, mv, &u);
	struct gy_movelist ev;
	chk_evasions(&q, &ev);
	/* The answers that count: not futile interpositions; board moves first (they escape most often). */
	gy_move cnt[GY_MAX_MOVES];
	int nc = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < ev.n; i++)
			if (gy_move_is_drop(ev.moves[i]) == (pass == 1) && !gy__mate_futile(&q, ev.moves[i]))
				cnt[nc++] = ev.moves[i];
	if (nc == 0) {
		*len = 1;
		return 1;
	}
	if (left < 3)
		return -1;
	/*
	 * First the minimax bound; then, for the answers it leaves open, the
	 * tsume rules' length (an answer over the bound rules the check out);
	 * then the length of each answer under the tsume rules, for the report
	 * (the minimax one when the limits stop that).
	 */
	bool open[GY_MAX_MOVES], undecided = false;
	int lens[GY_MAX_MOVES], worst = 0;
	for (int i = 0; i < nc; i++) {
		struct gy_pos r = q;
		gy_pos_do(&r, cnt[i], &u);
		int x = chk_within(c, &r, left - 2, &lens[i]);
		open[i] = x <= 0;
		if (x < 0 && chk_within(c, &r, DFPN_TT_DEPTH_INF, &lens[i]) < 0)
			return -1; /* no mate at all after this answer */
	}
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < nc; i++) {
			if (open[i] != (pass == 0))
				continue;
			struct gy_pos r = q;
			gy_pos_do(&r, cnt[i], &u);
			int l = chk_tsume_len(c, &r, NULL);
			if (open[i] && (l < 0 || l > left - 2))
				return -1;
			if (open[i] && l == 0)
				undecided = true;
			/* Proven within the bound counting every interposition: never longer under the rules. */
			if (l <= 0 || (!open[i] && l > lens[i]))
				l = lens[i];
			if (l > worst)
				worst = l;
		}
		if (undecided)
			return 0;
	}
	*len = worst + 2;
	return 1;
}

static void chk_note(struct gy_mate_check *out, enum gy_mate_note_kind kind, int ply, gy_move mv, int length)
{
	out->count[kind]++;
	if (out->nnotes < GY_MATE_CHECK_NOTES_MAX)
		out->notes[out->nnotes++] = (struct gy_mate_note){kind, ply, mv, length};
}

/* 無駄合: the futile interpositions of the defender to move in `q` (ply `ply`), one drop a square. */
static void chk_futile(struct chk *c, const struct gy_pos *q, int ply)
{
	struct gy_movelist ev;
	chk_evasions(q, &ev);
	gy_bb seen = 0;
	for (int i = 0; i < ev.n; i++) {
		gy_move e = ev.moves[i];
		if (!gy_move_is_drop(e) || gy_bb_test(seen, gy_move_to(e)) || !gy__mate_futile(q, e))
			continue;
		seen |= gy_sq_bb(gy_move_to(e));
		chk_note(c->out, GY_MATE_NOTE_FUTILE, ply, e, 0);
	}
}

/* 余詰: the other checks of `a`, at ply `ply` with `left` plies to go. */
static void chk_attacker(struct chk *c, const struct gy_pos *a, int ply, int left, gy_move played, bool last)
{
	struct gy_movelist l;
	l.n = 0;
	gy_gen(a, GY_GEN_CHECKS, &l);
	for (int i = 0; i < l.n; i++) {
		gy_move mv = l.moves[i];
		if (mv == played)
			continue;
		int len = 0, r = chk_alternative(c, a, mv, left, &len);
		if (r > 0)
			chk_note(c->out, last && c->out->n > 1 ? GY_MATE_NOTE_ALT_LAST : GY_MATE_NOTE_ALT, ply, mv,
				 len);
		else if (r == 0)
			chk_note(c->out, GY_MATE_NOTE_UNDECIDED, ply, mv, 0);
	}
}

/*
 * 変同: the defender's other answers in `d` (ply `ply`, `rem` plies to go
 * with the line's answer `played`, the line ending with `end_pieces` in
 * the attacker's hand).  Returns false when an answer lasts as long and
 * leaves fewer pieces: the defender's choice by the conventions, so the
 * line is mended (its rest replaced by that answer and its line) and must
 * be walked again.
 */
static bool chk_defender(struct chk *c, const struct gy_pos *d, int ply, int rem, gy_move played, int end_pieces)
{
	struct gy_movelist ev;
	chk_evasions(d, &ev);
	gy_bb noted = 0; /* the squares of the drops noted: one a square */
	int best = -1, best_pieces = end_pieces;
	int *found = malloc(GY_MAX_MOVES * sizeof *found); /* each answer: 1 as long as the line's, else 0 */
	if (!found)
		return true;
	for (int i = 0; i < ev.n; i++) {
		gy_move e = ev.moves[i];
		found[i] = 0;
		if (e == played || gy__mate_futile(d, e))
			continue;
		struct gy_pos r = *d;
		struct gy_undo u;
		gy_pos_do(&r, e, &u);
		int l = 0;
		if (rem >= 4 && chk_within(c, &r, rem - 3, &l) > 0)
			continue; /* shorter than the line's */
		int pieces = 0;
		l = chk_tsume_len(c, &r, &pieces);
		if (l <= 0 || l > rem - 1) {
			chk_note(c->out, GY_MATE_NOTE_UNDECIDED, ply, e, l > 0 ? l + 1 : l < 0 ? -1 : 0);
		} else if (l == rem - 1 && pieces < best_pieces) {
			best = i;
			best_pieces = pieces;
		} else if (l == rem - 1 && pieces == end_pieces) {
			found[i] = 1;
		}
	}
	if (best >= 0) {
		/* Mend the line: the better answer, then its own line (solved again: the last solve was another's). */
		struct gy_pos r = *d;
		struct gy_undo u;
		gy_pos_do(&r, ev.moves[best], &u);
		int pieces = 0, l = chk_tsume_len(c, &r, &pieces);
		free(found);
		if (l != rem - 1 || ply + l > GY_MATE_CHECK_LINE_MAX) {
			chk_note(c->out, GY_MATE_NOTE_UNDECIDED, ply, ev.moves[best], l > 0 ? l + 1 : 0);
			return true;
		}
		c->out->line[ply - 1] = ev.moves[best];
		memcpy(&c->out->line[ply], c->pv, (size_t)l * sizeof *c->pv);
		return false;
	}
	for (int i = 0; i < ev.n; i++) {
		gy_move e = ev.moves[i];
		/* Another piece dropped on the line's square is the same defence (which piece is not asked). */
		if (!found[i] ||
		    (gy_move_is_drop(e) && (gy_bb_test(noted, gy_move_to(e)) ||
					    (gy_move_is_drop(played) && gy_move_to(e) == gy_move_to(played)))))
			continue;
		chk_note(c->out, GY_MATE_NOTE_SAME, ply, e, rem);
		if (gy_move_is_drop(e))
			noted |= gy_sq_bb(gy_move_to(e));
	}
	free(found);
	return true;
}

/*
 * Walks the line out->line (n plies from `p`): the findings, the hand at
 * the end.  False when a defence was found better than the line's by the
 * conventions: the line was mended, walk it again.
 */
static bool chk_walk(struct chk *c, const struct gy_pos *p)
{
	struct gy_mate_check *out = c->out;
	int n = out->n;
	out->nnotes = 0;
	memset(out->count, 0, sizeof out->count);
	struct gy_pos a = *p;
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(&a, out->line[i], &u);
	}
	out->left = a.hand[p->side];
	int end_pieces = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		end_pieces += gy_hand_count(out->left, pt);
	a = *p;
	for (int i = 0; i < n; i++) {
		if (i % 2 == 0) {
			chk_attacker(c, &a, i + 1, n - i, out->line[i], i == n - 1);
		} else {
			chk_futile(c, &a, i + 1);
			if (!chk_defender(c, &a, i + 1, n - i, out->line[i], end_pieces))
				return false;
		}
		struct gy_undo u;
		gy_pos_do(&a, out->line[i], &u);
	}
	/* The mate may leave the defender futile interpositions only. */
	chk_futile(c, &a, n + 1);
	return true;
}

const char *gy_mate_verdict_name(enum gy_mate_verdict v)
{
	static const char *const names[] = {"sound", "unsound", "nomate", "unknown"};
	return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "unknown";
}

enum gy_mate_verdict gy_mate_check(struct gy_mate *m, const struct gy_pos *p, const struct gy_mate_limits *limits,
				   const atomic_bool *stop, struct gy_mate_check *out)
{
	memset(out, 0, sizeof *out);
	struct chk c = {m, limits, stop, chk_now_ns(), out, NULL};
	out->verdict = GY_MATE_UNKNOWN;
	struct gy_mate_limits l;
	chk_limits(&c, &l);
	enum gy_mate_status st = gy_mate_solve(m, p, &l, stop, out->line, GY_MATE_CHECK_LINE_MAX, &out->solve);
	out->nodes = out->solve.nodes;
	out->n = gy_mate_pv_len(m);
	c.pv = malloc(GY_MATE_CHECK_LINE_MAX * sizeof *c.pv);
	if (st == GY_MATE_NONE) {
		out->verdict = GY_MATE_NOMATE;
	} else if (st == GY_MATE_FOUND && out->solve.complete && out->solve.shortest && out->n == out->solve.length &&
		   c.pv) {
		/* Each mended line is walked again (a few times at most: then the line is not trusted). */
		int walks = 0;
		while (!chk_walk(&c, p) && ++walks < CHK_WALKS_MAX)
			;
		if (walks == CHK_WALKS_MAX)
			chk_note(out, GY_MATE_NOTE_UNDECIDED, 1, out->line[0], 0);
		/* 駒余り is a flaw only on a line whose defences were all weighed. */
		bool defences_known = true;
		for (int k = 0; k < out->nnotes; k++)
			defences_known &= !(out->notes[k].kind == GY_MATE_NOTE_UNDECIDED && out->notes[k].ply % 2 == 0);
		bool flaw = out->count[GY_MATE_NOTE_ALT] || (out->left && defences_known && walks < CHK_WALKS_MAX);
		out->verdict = flaw                                 ? GY_MATE_UNSOUND
			       : out->count[GY_MATE_NOTE_UNDECIDED] ? GY_MATE_UNKNOWN
								    : GY_MATE_SOUND;
	}
	free(c.pv);
	out->time_ms = (chk_now_ns() - c.t0_ns) / 1000000;
	return out->verdict;
}
