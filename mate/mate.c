/*
 * mate/mate.c: the public solver (mate.h): the first df-pn proof, the
 * shortest-mate refinement, and the line.
 *
 * Shortest mate.  A proof stores its length, a depth-limited disproof the
 * limit it holds under (dfpn_tt.h).  After the first proof of length L, the
 * root is searched again with the limit L - 2; each success lowers L, the
 * first failure proves L is the minimax length.  After each proof its
 * line is built from lookups and held (hold_line): the answer when a limit
 * stops the refinement later.  The line is then built
 * move by move: the attacker plays a check whose child is proven within
 * the remaining length (so exactly one ply shorter), the defender an
 * evasion proven within the remaining length minus one and not within
 * three less (so its exact length is the largest).  A limit that stops
 * the refinement leaves a proven, possibly longer, line.
 *
 * The line is complete only when it was built to the end and its replay
 * (line_mates) ends in mate.  After a limit stops the search, the line is
 * still built from what the TT knows; a defender's evasion the TT cannot
 * answer for ends the line there (it may be longer than the others), and
 * the report says the line is incomplete.
 *
 * Invariants: s (the search state) is reused by every search; each search
 * starts at the position it solves, so repetition is judged from there.
 */
#include "gyoku/mate.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dfpn.h"
#include "dfpn_par.h"
#include "gyoku/mate1.h"
#include "gyoku/movegen.h"
#include "hands.h"
#include "mate_int.h"

enum { MATE_PV_MAX = 4096, MATE_HOLD_VISITS = 1 << 18, SPLICE_FAILS = 64 };

/*
 * `make CFLAGS=-DGY_MATE_TRACE`: the refinement's steps and their nodes on
 * stderr (the first proof, each search of the root with its nodes by the
 * side to move and the depth left, and of them the revisits, positions the
 * table already held; the line; docs/mate.md), and each garbage collection
 * of the table (mate/dfpn_tt.c).
 */
#ifdef GY_MATE_TRACE
#include <stdio.h>
#define TRACE(...) fprintf(stderr, __VA_ARGS__)
/* Prints (with `print`) the nodes of the search just ended by side and depth left (mate/dfpn.c), then clears them. */
static void trace_depths(bool print)
{
	for (int side = 1; print && side >= 0; side--) {
		fprintf(stderr, "  %s by depth left <=2,4,8,16,32,64,128,more:", side ? "OR " : "AND");
		for (int b = 0; b < GY__DFPN_HIST; b++)
			fprintf(stderr, " %llu", (unsigned long long)gy__dfpn_hist[side][b]);
		fprintf(stderr, "\n     of which revisits:");
		for (int b = 0; b < GY__DFPN_HIST; b++)
			fprintf(stderr, " %llu", (unsigned long long)gy__dfpn_revisit[side][b]);
		fprintf(stderr, "\n");
	}
	memset(gy__dfpn_hist, 0, sizeof gy__dfpn_hist);
	memset(gy__dfpn_revisit, 0, sizeof gy__dfpn_revisit);
}
#else
static inline void trace_off(const char *fmt, ...) { (void)fmt; }
#define TRACE trace_off
static inline void trace_depths(bool print) { (void)print; }
#endif

struct gy_mate {
	struct dfpn_tt tt;
	struct dfpn *s;
	struct dfpn_par *par; /* the helpers of gy_mate_set_threads; NULL: one thread */
	const struct gy_mate_limits *lim;
	const atomic_bool *stop;
	int64_t deadline_ns;
	uint64_t nodes;
	bool aborted;
	int pv_len;
	gy_move *line;   /* the line as built, MATE_PV_MAX moves */
	gy_move *held;   /* the complete line of the shortest proof so far (hold_line), MATE_PV_MAX moves */
	int held_n;      /* its plies; 0: none */
	bool held_bound; /* the held line is the table's minimax (tmin_line): never shorter than the mate */
	/* The shortcuts splice_line tried and could not prove (the keys of their two ends, their plies). */
	struct {
		uint64_t from, to;
		int plies;
	} unspliced[SPLICE_FAILS];
	int unspliced_n;
};

static int64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

enum gy_err gy_mate_create(struct gy_mate **out, size_t memory_mb)
{
	*out = NULL;
	struct gy_mate *m = calloc(1, sizeof *m);
	if (!m)
		goto fail;
	m->s = calloc(1, sizeof *m->s);
	if (!m->s)
		goto fail;
	m->line = malloc((MATE_PV_MAX + 2) * sizeof *m->line); /* + 2: build_pv's moves being tried */
	m->held = malloc(MATE_PV_MAX * sizeof *m->held);
	if (!m->line || !m->held)
		goto fail;
	if (gy__dfpn_tt_init(&m->tt, (memory_mb ? memory_mb : 1) << 20))
		goto fail;
	*out = m;
	return GY_OK;
fail:
	if (m) {
		free(m->s);
		free(m->line);
		free(m->held);
	}
	free(m);
	return GY_ERR_NOMEM;
}

void gy_mate_destroy(struct gy_mate *m)
{
	if (!m)
		return;
	gy__dfpn_par_destroy(m->par);
	gy__dfpn_finish(m->s);
	gy__dfpn_tt_free(&m->tt);
	free(m->s);
	free(m->line);
	free(m->held);
	free(m);
}

void gy_mate_clear(struct gy_mate *m) { gy__dfpn_tt_clear(&m->tt); }

enum gy_err gy_mate_set_threads(struct gy_mate *m, int threads)
{
	if (threads < 1 || threads > GY_MATE_THREADS_MAX)
		return GY_ERR_ARG;
	if (m->par && gy__dfpn_par_threads(m->par) == threads)
		return GY_OK;
	gy__dfpn_par_destroy(m->par);
	m->par = NULL;
	if (threads == 1)
		return GY_OK;
	m->par = gy__dfpn_par_create(threads);
	return m->par ? GY_OK : GY_ERR_NOMEM;
}

int gy_mate_pv_len(const struct gy_mate *m) { return m->pv_len; }

const char *gy_mate_status_name(enum gy_mate_status s)
{
	return s == GY_MATE_FOUND ? "mate" : s == GY_MATE_NONE ? "nomate" : "timeout";
}

/*
 * Solves `p` within `depth` plies for `attacker` (to move in `p`, or the
 * defender to move): 1 proven (*len), -1 disproven, 0 unknown (aborted).
 * The TT answers first when it can, also once a limit has stopped the search.
 * With `root`, `p` is the position after the first `n` moves of m->line from
 * it and is searched inside the path from `root` (gy__dfpn_start_line; one
 * thread: with several, from `p`).
 */
static int bounded_path(struct gy_mate *m, const struct gy_pos *p, int attacker, const struct gy_pos *root, int n,
			int depth, int *len)
{
	struct dfpn *s = m->s;
	s->tt = &m->tt;
	s->pos = *p;
	s->attacker = attacker;
	gy_move best;
	int known = gy__dfpn_lookup(s, depth, len, &best);
	if (known || m->aborted)
		return known;
	if (root && !m->par && n <= DFPN_MAX_PLY / 2)
		gy__dfpn_start_line(s, &m->tt, root, m->line, n);
	else
		gy__dfpn_start(s, &m->tt, p);
	s->attacker = attacker;
	s->stop = m->stop;
	s->deadline_ns = m->deadline_ns;
	s->node_limit = m->lim && m->lim->nodes ? (m->lim->nodes > m->nodes ? m->lim->nodes - m->nodes : 1) : 0;
	struct dfpn_result r;
	if (m->par)
		gy__dfpn_par_search(m->par, s, depth, &r);
	else
		gy__dfpn_search(s, depth, &r);
	m->nodes += s->nodes;
	if (r.pn == 0) {
		*len = r.len;
		return 1;
	}
	if (r.dn == 0)
		return -1;
	m->aborted = true;
	return 0;
}

/* bounded_path from `p` itself, the side to move in `p` attacking. */
static int bounded(struct gy_mate *m, const struct gy_pos *p, int depth, int *len)
{
	return bounded_path(m, p, p->side, NULL, 0, depth, len);
}

static void hold_line(struct gy_mate *m, const struct gy_pos *root, int len);

static bool line_mates(const struct gy_pos *root, const gy_move *line, int n, bool tsume);

/* Whether `a` and `b` are the same position (board, hands, side to move). */
static bool same_pos(const struct gy_pos *a, const struct gy_pos *b)
{
	return a->board_key == b->board_key && a->side == b->side && a->hand[0] == b->hand[0] &&
	       a->hand[1] == b->hand[1] && !memcmp(a->board, b->board, sizeof a->board);
}

/* The positions of `line` (`n` moves) from `root`: n + 1 of them, the caller frees; NULL without memory. */
static struct gy_pos *line_positions(const struct gy_pos *root, const gy_move *line, int n)
{
	struct gy_pos *at = malloc((size_t)(n + 1) * sizeof *at);
	if (!at)
		return NULL;
	at[0] = *root;
	for (int k = 0; k < n; k++) {
		struct gy_undo u;
		at[k + 1] = at[k];
		gy_pos_do(&at[k + 1], line[k], &u);
	}
	return at;
}

/*
 * Proves the line m->line[0..n) from `root` a mate within n plies: each
 * position of it, from the last to the root, searched within the plies
 * left, inside the path from the root (bounded_path), so that every
 * evasion the defender has off the line is proven within what it leaves.
 * The line's own child of each position is proven just before, so an
 * attacker node costs a probe; the work is the defender's other evasions.
 * True when every position is proven; stops at the first that is not (a
 * disproof within its plies: the line is not a mate of its length), or
 * when the nodes reach `cap`.
 */
static bool prove_line(struct gy_mate *m, const struct gy_pos *root, int n, uint64_t cap)
{
	struct gy_pos *at = line_positions(root, m->line, n);
	if (!at)
		return false;
	const struct gy_mate_limits *lim = m->lim;
	struct gy_mate_limits both = lim ? *lim : (struct gy_mate_limits){0};
	if (!both.nodes || both.nodes > cap)
		both.nodes = cap;
	m->lim = &both;
	bool ok = true;
	for (int k = n - 1; k >= 0 && ok; k--) {
		int len = 0;
		ok = bounded_path(m, &at[k], root->side, root, k, n - k, &len) > 0;
	}
	m->lim = lim;
	free(at);
	return ok;
}

/*
 * A way from `x` to `goal` in `t` more plies made of the moves of `w`
 * (`nw` of them, each used once; the attacker's only its checks, the
 * defender's only its own), into `out`; true when found.  `used` marks the
 * moves of `w` taken; each move played takes one of `*budget`, and none
 * left ends the look.
 */
static bool shortcut(struct gy_pos *x, const struct gy_pos *goal, int attacker, const gy_move *w, const int *wside,
		     int nw, bool *used, int t, gy_move *out, int *budget)
{
	if (t == 0)
		return same_pos(x, goal);
	for (int k = 0; *budget > 0 && k < nw; k++) {
		gy_move mv = w[k];
		if (used[k] || wside[k] != x->side || !gy_move_is_legal(x, mv) ||
		    (x->side == attacker && !gy_pos_gives_check(x, mv)))
			continue;
		struct gy_undo u;
		gy_pos_do(x, mv, &u);
		used[k] = true;
		out[0] = mv;
		--*budget;
		bool found = shortcut(x, goal, attacker, w, wside, nw, used, t - 1, out + 1, budget);
		used[k] = false;
		gy_pos_undo(x, mv, &u);
		if (found)
			return true;
	}
	return false;
}

/*
 * Shortens the line held (m->held, `len` plies, a proven mate) where a
 * stretch of it can be played in fewer plies: from the position at ply i
 * to the one at ply e (e - i at most SPLICE_SPAN), a way 2 or 4 plies
 * shorter made of the stretch's own moves, in another order, some left
 * out (Microcosmos' first proof with a 4 GB table, 1541 plies, has four
 * such detours, each `3a4a 4b3b 2a3a 3b2b N*3d 3c3d 3a2a 2b3b` where the
 * published 1525-ply solution plays `N*3d 3c3d 3a4a 4b3b`; the root's
 * searches within 1531 and 1527 took 53 M nodes to find them).  Each such line that replays as
 * a mate is proven by prove_line within its length, all of them together
 * with at most a quarter of the nodes spent so far (or 1 M); the first
 * proven is held and its length returned, else 0.  A shortcut not proven
 * is not tried again in this solve (m->unspliced, by the positions at its
 * ends).  The look costs a replay of the line and, at each attacker
 * position, small searches over the stretches' moves (at most
 * SPLICE_TRIES moves played each).
 */
enum { SPLICE_SPAN = 10, SPLICE_TRIES = 300 };
static int splice_line(struct gy_mate *m, const struct gy_pos *root, int len)
{
	int n = m->held_n;
	if (n != len || n < 6 || m->aborted)
		return 0;
	struct gy_pos *at = line_positions(root, m->held, n);
	if (!at)
		return 0;
	int found = 0;
	uint64_t cap = m->nodes + (m->nodes / 4 > 1000000 ? m->nodes / 4 : 1000000);
	gy_move way[SPLICE_SPAN];
	int wside[SPLICE_SPAN];
	bool used[SPLICE_SPAN];
	for (int i = 0; i + 6 <= n && !found && !m->aborted; i += 2) {
		for (int e = i + 6; e <= n && e <= i + SPLICE_SPAN && !found && !m->aborted; e += 2) {
			int nw = e - i;
			for (int k = 0; k < nw; k++) {
				wside[k] = at[i + k].side;
				used[k] = false;
			}
			for (int t = nw - 4; t <= nw - 2 && !found && !m->aborted; t += 2) {
				struct gy_pos x = at[i];
				int budget = SPLICE_TRIES;
				if (!shortcut(&x, &at[e], root->side, m->held + i, wside, nw, used, t, way, &budget))
					continue;
				uint64_t from = at[i].board_key ^ at[i].hand_key, to = at[e].board_key ^ at[e].hand_key;
				bool tried = false;
				for (int f = 0; f < m->unspliced_n && !tried; f++)
					tried = m->unspliced[f].from == from && m->unspliced[f].to == to &&
						m->unspliced[f].plies == t;
				if (tried)
					continue;
				int sn = 0;
				for (int k = 0; k < i; k++)
					m->line[sn++] = m->held[k];
				for (int k = 0; k < t; k++)
					m->line[sn++] = way[k];
				for (int k = e; k < n; k++)
					m->line[sn++] = m->held[k];
				if (!line_mates(root, m->line, sn, false))
					continue;
				uint64_t n0 = m->nodes;
				bool proven = m->nodes < cap && prove_line(m, root, sn, cap);
				TRACE("splice plies %d to %d in %d: %s, %llu nodes\n", i, e, t,
				      proven ? "proven" : "not proven", (unsigned long long)(m->nodes - n0));
				if (proven) {
					memcpy(m->held, m->line, (size_t)sn * sizeof *m->held);
					m->held_n = sn;
					m->held_bound = true;
					found = sn;
					break;
				}
				if (m->unspliced_n < SPLICE_FAILS) {
					m->unspliced[m->unspliced_n].from = from;
					m->unspliced[m->unspliced_n].to = to;
					m->unspliced[m->unspliced_n++].plies = t;
				}
				if (m->aborted && (!m->lim || !m->lim->nodes || m->nodes < m->lim->nodes) &&
				    !(m->stop && atomic_load(m->stop)) &&
				    !(m->deadline_ns && mono_ns() >= m->deadline_ns))
					m->aborted = false; /* only the splice's own cap was met */
			}
		}
	}
	free(at);
	return found;
}

/*
 * The exact mate length of `p` (attacker to move) given a proof of length
 * `ub`; *exact is cleared when the limits stopped the refinement.  `hold`
 * (the root's refinement): the line of each proof is held (hold_line).
 */
static int exact_len(struct gy_mate *m, const struct gy_pos *p, int ub, bool *exact, bool hold)
{
	int l = ub;
	if (hold) {
		TRACE("first proof: %d plies, %llu nodes\n", l, (unsigned long long)m->nodes);
		trace_depths(false);
		hold_line(m, p, l);
	}
	while (l >= 3) {
		int sl = hold ? splice_line(m, p, l) : 0;
		if (sl) {
			l = sl;
			continue;
		}
		uint64_t n0 = m->nodes;
		int nl = 0, r = bounded(m, p, l - 2, &nl);
		if (hold)
			TRACE("root within %d: %s %d, %llu nodes\n", l - 2,
			      r > 0   ? "mate"
			      : r < 0 ? "none"
				      : "stopped",
			      r > 0 ? nl : 0, (unsigned long long)(m->nodes - n0));
		trace_depths(hold);
		if (r > 0) {
			l = nl;
			if (hold)
				hold_line(m, p, l);
		} else {
			if (r == 0)
				*exact = false;
			break;
		}
	}
	return l;
}

/* Legal evasions (defender) or checks (attacker) of `p`. */
static int moves_of(const struct gy_pos *p, bool attacker, struct gy_movelist *l)
{
	l->n = 0;
	if (attacker) {
		gy_gen(p, GY_GEN_CHECKS, l);
		return l->n;
	}
	struct gy_movelist e;
	e.n = 0;
	gy_gen(p, GY_GEN_EVASIONS, &e);
	for (int i = 0; i < e.n; i++)
		if (gy_pos_is_legal(p, e.moves[i]))
			l->moves[l->n++] = e.moves[i];
	return l->n;
}

/*
 * True when the defender's drop `e` in `p` is a futile interposition
 * (無駄合): the checker takes it and, with the piece taken handed back to
 * the defender, the defender is mated again, or can only answer with drops
 * between the king and the checker that are futile in turn.  Only the
 * first piece type dropped on each square is examined (the checker takes
 * any of them the same way); `depth` bounds the recursion.
 */
static bool futile(const struct gy_pos *p, gy_move e, int depth)
{
	if (depth <= 0 || !gy_move_is_drop(e) || !p->checkers || gy_bb_more_than_one(p->checkers))
		return false;
	gy_sq checker = gy_bb_lsb(p->checkers), to = gy_move_to(e), k = p->king[p->side];
	if (k == GY_SQ_NONE || !gy_bb_test(gy_between(k, checker), to))
		return false;
	struct gy_pos q = *p;
	struct gy_undo u;
	gy_pos_do(&q, e, &u);
	struct gy_movelist l;
	moves_of(&q, true, &l);
	for (int i = 0; i < l.n; i++) {
		gy_move c = l.moves[i];
		if (gy_move_is_drop(c) || gy_move_from(c) != checker || gy_move_to(c) != to)
			continue;
		struct gy_pos r = q;
		gy_pos_do(&r, c, &u);
		int pt = gy_move_drop_type(e), att = r.side ^ 1;
		gy_pos_set_hand(&r, att, pt, gy_hand_count(r.hand[att], pt) - 1);
		gy_pos_set_hand(&r, att ^ 1, pt, gy_hand_count(r.hand[att ^ 1], pt) + 1);
		gy_pos_update(&r);
		struct gy_movelist ev;
		int n = moves_of(&r, false, &ev);
		gy_bb seen = 0;
		for (int j = 0; j < n; j++) {
			gy_move x = ev.moves[j];
			if (!gy_move_is_drop(x))
				return false;
			if (gy_bb_test(seen, gy_move_to(x)))
				continue;
			seen |= gy_sq_bb(gy_move_to(x));
			if (!futile(&r, x, depth - 1))
				return false;
		}
		return true;
	}
	return false;
}

/* Pieces in the attacker's hand at the end of the TT's line from `p`. */
static int end_hand_count(struct gy_mate *m, const struct gy_pos *p0, int attacker, int rem)
{
	struct gy_pos p = *p0;
	for (int ply = 0; ply < rem + 2; ply++) {
		struct gy_movelist l;
		bool att = p.side == attacker;
		if (!moves_of(&p, att, &l))
			break;
		gy_move pick = 0;
		int plen = -1;
		for (int i = 0; i < l.n; i++) {
			struct gy_pos q = p;
			struct gy_undo u;
			gy_pos_do(&q, l.moves[i], &u);
			m->s->attacker = attacker;
			m->s->pos = q;
			int len = 0;
			gy_move best;
			if (gy__dfpn_lookup(m->s, DFPN_TT_DEPTH_INF, &len, &best) > 0 &&
			    (plen < 0 || (att ? len < plen : len > plen))) {
				plen = len;
				pick = l.moves[i];
			}
		}
		if (!pick)
			break;
		struct gy_undo u;
		gy_pos_do(&p, pick, &u);
	}
	int n = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		n += gy_hand_count(p.hand[attacker], pt);
	return n;
}

/*
 * The defender's longest evasion in `p` (the defender to move, a mate of
 * exactly `rem` plies proven), found as KomoringHeights finds it: `p`
 * itself searched within rem - 2 fails, and the evasion that failed it
 * (the search's `escape`; else, the search answered by the table, one the
 * table holds disproven within rem - 3) lasts exactly rem - 1 plies.  One
 * search of the node, where trying the evasions one by one proved each
 * shorter one within rem - 3 first.  0 when none is found that way: the
 * caller tries them one by one.
 */
static gy_move longest_evasion(struct gy_mate *m, const struct gy_pos *root, int n, const struct gy_pos *p,
			       const struct gy_movelist *l, int rem, int *plen)
{
	struct dfpn *s = m->s;
	int cl = 0, attacker = root->side;
	s->escape = 0;
	if (bounded_path(m, p, attacker, root, n, rem - 2, &cl) >= 0)
		return 0;
	gy_move e = s->escape;
	for (int i = 0; !e && i < l->n; i++) {
		struct gy_pos q = *p;
		struct gy_undo u;
		gy_pos_do(&q, l->moves[i], &u);
		gy_move best;
		s->pos = q;
		s->attacker = attacker;
		if (gy__dfpn_lookup(s, rem - 3, &cl, &best) < 0)
			e = l->moves[i];
	}
	if (e)
		*plen = rem - 1;
	return e;
}

/*
 * Builds the line from `root` of minimax length `len` into m->line
 * (MATE_PV_MAX moves at most); returns its length.  *complete is set when
 * the line reached a mate (the defender without a move, or with only
 * futile interpositions under the tsume rules); *exact is cleared when a
 * length on the way could not be proven exact.
 */
static int build_pv(struct gy_mate *m, const struct gy_pos *root, int len, bool tsume, bool *exact, bool *complete)
{
	struct gy_pos p = *root;
	int attacker = root->side, n = 0, rem = len;
	struct gy_movelist *l = malloc(sizeof *l);
	*complete = false;
	if (!l)
		return 0;
	while (n < MATE_PV_MAX) {
		bool att = p.side == attacker;
		if (!moves_of(&p, att, l)) {
			*complete = !att;
			break;
		}
		gy_move pick = 0;
		int plen = -1;
		if (att) {
			/* The attacker: the check proven shortest (exactly rem - 1 when rem is exact). */
			for (int i = 0; i < l->n; i++) {
				struct gy_pos q = p;
				struct gy_undo u;
				gy_pos_do(&q, l->moves[i], &u);
				m->s->attacker = attacker;
				m->s->pos = q;
				int cl = 0;
				gy_move best;
				if (gy__dfpn_lookup(m->s, rem - 1, &cl, &best) > 0 && (plen < 0 || cl < plen)) {
					plen = cl;
					pick = l->moves[i];
				}
			}
			for (int i = 0; !pick && i < l->n; i++) {
				struct gy_pos q = p;
				struct gy_undo u;
				gy_pos_do(&q, l->moves[i], &u);
				/* q is an AND node: prove it through each evasion within rem - 2. */
				struct gy_movelist ev;
				int ne = moves_of(&q, false, &ev), worst = 0;
				bool ok = true;
				for (int j = 0; ok && j < ne; j++) {
					struct gy_pos t = q;
					struct gy_undo u2;
					gy_pos_do(&t, ev.moves[j], &u2);
					int cl = 0;
					m->line[n] = l->moves[i];
					m->line[n + 1] = ev.moves[j];
					ok = bounded_path(m, &t, attacker, root, n + 2, rem - 2, &cl) > 0;
					if (cl + 1 > worst)
						worst = cl + 1;
				}
				if (ok) {
					pick = l->moves[i];
					plen = worst;
				}
			}
		} else {
			/*
			 * The defender: an evasion whose exact length is rem - 1 (when rem
			 * is exact one exists: it is proven within rem - 1 and not within
			 * rem - 3).  With the tsume rules every evasion is weighed: futile
			 * interpositions left out, then the fewest pieces left in the
			 * attacker's hand at the end.  An evasion the TT cannot answer
			 * for once a limit has stopped the search ("unknown") may be the
			 * longest: unless the one chosen reaches rem - 1, the line ends.
			 */
			int pscore = -1, target = rem - 1;
			bool counted = false, unknown = false;
			if (!tsume && *exact && target >= 3)
				pick = longest_evasion(m, root, n, &p, l, rem, &plen);
			const int ne = pick ? 0 : l->n; /* found by longest_evasion: no evasion to weigh */
			for (int i = 0; i < ne; i++) {
				if (tsume && futile(&p, l->moves[i], 8))
					continue;
				counted = true;
				struct gy_pos q = p;
				struct gy_undo u;
				gy_pos_do(&q, l->moves[i], &u);
				m->line[n] = l->moves[i];
				int cl = 0, cl2 = 0, r = bounded_path(m, &q, attacker, root, n + 1, target, &cl);
				if (r <= 0) {
					unknown |= r == 0;
					*exact = false;
					continue;
				}
				if (cl >= target && target >= 3 && *exact) {
					int r2 = bounded_path(m, &q, attacker, root, n + 1, target - 2, &cl2);
					if (r2 > 0)
						cl = cl2;
					else if (r2 == 0)
						*exact = false;
				}
				int score = cl * 64;
				if (tsume)
					score += 63 - end_hand_count(m, &q, attacker, cl);
				if (score > pscore) {
					pscore = score;
					plen = cl;
					pick = l->moves[i];
				}
				if (!tsume && cl >= target)
					break;
			}
			if (tsume && !counted) {
				/* Only futile interpositions are left: a mate under the tsume rules. */
				*complete = true;
				break;
			}
			if (unknown && plen < target)
				break;
			if (pick && plen < target && *exact) {
				/* No evasion reaches rem - 1 (tsume rules left them out): the chosen one's exact length. */
				struct gy_pos q = p;
				struct gy_undo u;
				gy_pos_do(&q, pick, &u);
				plen = exact_len(m, &q, plen, exact, false);
			}
		}
		if (!pick)
			break;
		m->line[n++] = pick;
		struct gy_undo u;
		gy_pos_do(&p, pick, &u);
		rem = plen;
	}
	free(l);
	return n;
}

/*
 * True when the `n` moves of `line` from `root` are a mate, checked by
 * replay apart from how they were chosen: every move legal, every attacker
 * move a check, and at the end the defender to move, in check, without a
 * legal move (and not mated by a pawn drop), or under the tsume rules with
 * only futile interpositions left.
 */
static bool line_mates(const struct gy_pos *root, const gy_move *line, int n, bool tsume)
{
	struct gy_pos p = *root;
	int attacker = root->side;
	for (int i = 0; i < n; i++) {
		if (!gy_move_is_legal(&p, line[i]) || (p.side == attacker && !gy_pos_gives_check(&p, line[i])))
			return false;
		struct gy_undo u;
		gy_pos_do(&p, line[i], &u);
	}
	if (n == 0 || p.side == attacker || !gy_pos_in_check(&p))
		return false;
	gy_move last = line[n - 1];
	struct gy_movelist l;
	if (!moves_of(&p, false, &l))
		return !(gy_move_is_drop(last) && gy_move_drop_type(last) == GY_PAWN);
	for (int i = 0; i < l.n; i++)
		if (!tsume || !futile(&p, l.moves[i], 8))
			return false;
	return true;
}

/*
 * The minimax over the table's proofs (hold_line): at an OR node the
 * shortest of its proven checks, at an AND node the longest of its
 * evasions, each of which must be proven; a mated defender 0.  Each
 * position's value is at most the length its own entry proves (`b`), so
 * it is a proven length too, often shorter: the lengths an entry keeps are
 * those of its tree when it was found, and the nodes below got shorter
 * proofs later.  The recursion follows only children whose entries prove
 * strictly less than their parent's, so it ends; `keys`/`vals` keep each
 * position's value once (by full key), growing; `budget` bounds the
 * positions visited (each counts as a node).
 */
struct tmin {
	struct gy_mate *m;
	int attacker;
	uint64_t visits, budget;
	uint64_t *keys; /* 0: empty */
	int32_t *vals;
	size_t cap, used;
	struct gy_movelist **lists; /* per ply, allocated when first reached */
};

static size_t tmin_home(const struct tmin *t, uint64_t key)
{
	key *= 0x9e3779b97f4a7c15ull;
	return (size_t)(key >> 32) & (t->cap - 1);
}

/* The value kept for `key` (a full key with its low bit set), -1 if none. */
static int tmin_get(const struct tmin *t, uint64_t key)
{
	if (!t->cap)
		return -1;
	for (size_t i = tmin_home(t, key);; i = (i + 1) & (t->cap - 1)) {
		if (t->keys[i] == key)
			return t->vals[i];
		if (!t->keys[i])
			return -1;
	}
}

/* Keeps `v` for `key`; false when out of memory (the value is then not kept). */
static bool tmin_put(struct tmin *t, uint64_t key, int v)
{
	if (2 * (t->used + 1) > t->cap) {
		struct tmin old = *t;
		t->cap = old.cap ? 2 * old.cap : 4096;
		t->keys = calloc(t->cap, sizeof *t->keys);
		t->vals = malloc(t->cap * sizeof *t->vals);
		if (!t->keys || !t->vals) {
			free(t->keys);
			free(t->vals);
			*t = old;
			return false;
		}
		t->used = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.keys[i])
				tmin_put(t, old.keys[i], old.vals[i]);
		free(old.keys);
		free(old.vals);
	}
	size_t i = tmin_home(t, key);
	while (t->keys[i] && t->keys[i] != key)
		i = (i + 1) & (t->cap - 1);
	if (!t->keys[i])
		t->used++;
	t->keys[i] = key;
	t->vals[i] = v;
	return true;
}

/* Plays `mv` in `p` (undone by the caller with `u`): the length of the proof the table holds there within `depth`, or -1. */
static int tmin_child(struct tmin *t, struct gy_pos *p, gy_move mv, int depth, struct gy_undo *u)
{
	struct dfpn *s = t->m->s;
	gy_pos_do(p, mv, u);
	s->attacker = t->attacker;
	s->pos = *p;
	int lc = 0;
	gy_move best;
	return gy__dfpn_lookup(s, depth, &lc, &best) > 0 ? lc : -1;
}

/* The value of `p` (ply plies from the root) whose entry proves a mate within `b`. */
static int tmin_node(struct tmin *t, struct gy_pos *p, int ply, int b)
{
	uint64_t key = gy__dfpn_full_key(p) | 1;
	int v = tmin_get(t, key);
	if (v >= 0)
		return v < b ? v : b;
	if (b <= 1 || ply >= MATE_PV_MAX || t->visits >= t->budget)
		return b;
	if (!t->lists[ply] && !(t->lists[ply] = malloc(sizeof *t->lists[ply])))
		return b;
	t->visits++;
	bool att = p->side == t->attacker;
	struct gy_movelist *l = t->lists[ply];
	int n = moves_of(p, att, l), best = att ? b : 0;
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		int lc = tmin_child(t, p, l->moves[i], b - 1, &u);
		int cv = lc >= 0 ? tmin_node(t, p, ply + 1, lc) + 1 : -1;
		gy_pos_undo(p, l->moves[i], &u);
		if (att && cv > 0 && cv < best)
			best = cv;
		if (!att && (cv < 0 || cv > best))
			best = cv < 0 ? b : cv;
		if (!att && best >= b)
			break;
	}
	if (best > b)
		best = b;
	tmin_put(t, key, best);
	return best;
}

/*
 * The line of the table's minimax from `root` (its entry proves `len`)
 * into m->line: the attacker plays the check of the smallest value, the
 * defender the evasion of the largest; its length is the root's value
 * when every step is consistent (a value capped by the budget ends it
 * early: the replay then finds it incomplete).  An evasion the table does
 * not prove ends it.
 */
static int tmin_line(struct gy_mate *m, const struct gy_pos *root, int len)
{
	struct tmin t = {.m = m, .attacker = root->side, .budget = MATE_HOLD_VISITS};
	t.lists = calloc(MATE_PV_MAX, sizeof *t.lists);
	if (!t.lists)
		return 0;
	struct gy_pos p = *root;
	int r = tmin_node(&t, &p, 0, len), n = 0;
	while (n < MATE_PV_MAX && r > 0) {
		bool att = p.side == t.attacker;
		gy_move pick = att && r == 1 ? gy_mate1(&p) : 0; /* a mate in one is proven without its child's entry */
		struct gy_movelist *l = t.lists[n] ? t.lists[n] : (t.lists[n] = malloc(sizeof *t.lists[n]));
		int k = pick || !l ? 0 : moves_of(&p, att, l);
		for (int i = 0; i < k && !pick; i++) {
			struct gy_undo u;
			int lc = tmin_child(&t, &p, l->moves[i], DFPN_TT_DEPTH_INF, &u);
			if (lc >= 0 && tmin_node(&t, &p, n + 1, lc) == r - 1)
				pick = l->moves[i];
			gy_pos_undo(&p, l->moves[i], &u);
		}
		if (!pick)
			break;
		m->line[n++] = pick;
		struct gy_undo u;
		gy_pos_do(&p, pick, &u);
		r--;
	}
	m->nodes += t.visits;
	for (int i = 0; i < MATE_PV_MAX; i++)
		free(t.lists[i]);
	free(t.lists);
	free(t.keys);
	free(t.vals);
	return n;
}

/*
 * Holds the line of the proof of length `len` just found at `root`, built
 * from lookups alone (no search; the plain rules, every interposition
 * counted) while the table still holds that proof: a complete one (its
 * replay a mate) replaces the line held.  A limit that later stops the
 * refinement, whose searches may push the proof's entries out of the
 * table, still leaves this line to report (not proven shortest).  The
 * line is the table's minimax (tmin_line): its length is a proven one, so
 * never below the minimax length.  When that line is incomplete, the line
 * built by build_pv is held instead: from lookups only once a line is
 * held, else with the short searches it needs (Microcosmos' 301-ply tail
 * at 30 M nodes and 256 MB: its first proof's entries partly collected, no
 * line held before).  Its defender takes the evasion whose entry has the
 * longest length, which may not be the longest evasion (将棋無双 10: 17
 * plies, its mate 19), so it is held only when it is not shorter than
 * `len` (Microcosmos' 45-ply tail at 100,000 nodes and 1 MB: 43 plies).
 */
static void hold_line(struct gy_mate *m, const struct gy_pos *root, int len)
{
	int n = tmin_line(m, root, len);
	bool complete = n > 0 && line_mates(root, m->line, n, false), bound = complete;
	if (!complete) {
		/*
		 * The table's answers only (bounded() as after a stop), but with
		 * nothing held yet the short searches the line may need, within the
		 * limits (the collections may have dropped entries of the proof).
		 */
		bool aborted = m->aborted, exact = false, lookups = m->held_n > 0;
		if (lookups)
			m->aborted = true;
		n = build_pv(m, root, len, false, &exact, &complete);
		if (lookups) /* else a limit the searches met stays met */
			m->aborted = aborted;
		complete = complete && line_mates(root, m->line, n, false);
		if (!(complete && n >= len) && lookups && m->held_n > len) {
			/* The line held is longer than the mate now proven: the short searches it needs too. */
			n = build_pv(m, root, len, false, &exact, &complete);
			complete = complete && line_mates(root, m->line, n, false);
		}
	}
	TRACE("hold %d: line %d plies, complete %d, minimax %d, held %d plies (minimax %d)\n", len, n, complete, bound,
	      m->held_n, m->held_bound);
	if (complete && (bound || n >= len) &&
	    (!m->held_n || (bound && !m->held_bound) || (bound == m->held_bound && n <= m->held_n) ||
	     (n == len && m->held_n > len))) {
		memcpy(m->held, m->line, (size_t)n * sizeof *m->held);
		m->held_n = n;
		m->held_bound = bound;
	}
}

enum gy_mate_status gy_mate_solve(struct gy_mate *m, const struct gy_pos *p, const struct gy_mate_limits *limits,
				  const atomic_bool *stop, gy_move *pv, int pv_max, struct gy_mate_report *report)
{
	int64_t t0 = mono_ns();
	m->lim = limits;
	m->stop = stop;
	m->deadline_ns = limits && limits->time_ms > 0 ? t0 + limits->time_ms * 1000000 : 0;
	m->nodes = 0;
	m->aborted = false;
	m->pv_len = 0;
	m->held_n = 0;
	m->held_bound = false;
	m->unspliced_n = 0;
	struct gy_mate_report rep;
	memset(&rep, 0, sizeof rep);

	/* Step 1. The first proof or disproof, without a depth limit. */
	int len = 0, r = bounded(m, p, DFPN_TT_DEPTH_INF, &len);
	rep.status = r > 0 ? GY_MATE_FOUND : r < 0 ? GY_MATE_NONE : GY_MATE_TIMEOUT;
	if (r > 0) {
		/* Step 2. The shortest mate. */
		bool exact = !(limits && limits->no_shorten);
		if (exact)
			len = exact_len(m, p, len, &exact, true);
		/*
		 * Step 3. The line, complete only when its replay ends in mate; when
		 * the limits left it incomplete, the line held from the last proof
		 * whose line was complete (not proven shortest).
		 */
		bool tsume = limits && limits->tsume_rules;
		bool complete = false;
		if (m->aborted && !(limits && limits->no_shorten))
			hold_line(m, p, len); /* the table's minimax with all the refinement learnt */
		uint64_t nb = m->nodes;
		int n = build_pv(m, p, len, tsume, &exact, &complete);
		TRACE("the line: %d plies, %llu nodes\n", n, (unsigned long long)(m->nodes - nb));
		complete = complete && line_mates(p, m->line, n, tsume);
		/*
		 * A line shorter than the proven length `len` (the plain rules)
		 * has a defender move that is not the longest evasion: its
		 * length would claim more than is proven (it is reported incomplete).
		 */
		if (!tsume && n < len)
			complete = false;
		/*
		 * After a stop the held line (the table's minimax, never shorter
		 * than the mate) rather than the line built now, whose defender may
		 * have taken an evasion that is not the longest; under the tsume
		 * rules, as before, only when it is shorter.
		 */
		if (m->held_n && (!complete || (m->aborted && (!tsume || m->held_n < n)))) {
			memcpy(m->line, m->held, (size_t)m->held_n * sizeof *m->line);
			n = m->held_n;
			complete = true;
			exact = false;
		}
		m->pv_len = n < pv_max ? n : pv_max;
		if (m->pv_len > 0)
			memcpy(pv, m->line, (size_t)m->pv_len * sizeof *pv);
		if (!tsume && n != len)
			exact = false;
		rep.minimax = len;
		rep.length = complete ? n : len;
		rep.complete = complete;
		rep.shortest = exact && complete && !m->aborted;
	}
	rep.nodes = m->nodes;
	rep.time_ms = (mono_ns() - t0) / 1000000;
	rep.tt_usage = gy__dfpn_tt_usage(&m->tt);
	rep.tt_bytes = gy__dfpn_tt_bytes(&m->tt);
	if (report)
		*report = rep;
	return rep.status;
}

/* ---- the questions of mate/check.c (mate_int.h) ---- */

int gy__mate_within(struct gy_mate *m, const struct gy_pos *p, int depth, const struct gy_mate_limits *limits,
		    const atomic_bool *stop, int *len, uint64_t *nodes)
{
	m->lim = limits;
	m->stop = stop;
	m->deadline_ns = limits && limits->time_ms > 0 ? mono_ns() + limits->time_ms * 1000000 : 0;
	m->nodes = 0;
	m->aborted = false;
	int r = bounded(m, p, depth, len);
	*nodes = m->nodes;
	return r;
}

bool gy__mate_futile(const struct gy_pos *p, gy_move e) { return futile(p, e, 8); }

int gy__mate_splice(struct gy_mate *m, const struct gy_pos *root, const gy_move *line, int n, gy_move *out)
{
	if (n < 1 || n > MATE_PV_MAX)
		return 0;
	m->lim = NULL;
	m->stop = NULL;
	m->deadline_ns = 0;
	m->nodes = 0;
	m->aborted = false;
	m->unspliced_n = 0;
	memcpy(m->held, line, (size_t)n * sizeof *m->held);
	m->held_n = n;
	int sn = splice_line(m, root, n);
	if (sn)
		memcpy(out, m->held, (size_t)sn * sizeof *out);
	return sn;
}
