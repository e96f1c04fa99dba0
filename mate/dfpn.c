/*
 * mate/dfpn.c: depth-first proof-number search (Nagai's df-pn) for tsume.
 *
 * OR nodes are the attacker's (only checking moves, GY_GEN_CHECKS); AND
 * nodes the defender's (every legal evasion; none means mated, so
 * interposition drops are ordinary children).  Uchifuzume never appears
 * because the generators do not produce it.
 *
 * Invariants:
 * - s->pos is the node being searched, s->path[0..s->ply] the full keys of
 *   the positions from the root to it, s->filter counts them by top bits.
 * - A result stored as an ordinary TT proof or disproof never depends on
 *   the path: a disproof that used a repetition is stored only under the
 *   path hash (a "rep" entry), so it is seen again only on the same path
 *   (graph-history interaction).  Proofs never use repetitions (a
 *   repetition only ever counts as a failure for the attacker), so no
 *   false proof can arise from a loop.
 * - Proof hands never exceed, and disproof hands never fall below, the
 *   attacker's hand at the node.
 *
 * Hands.  The TT key includes the total of both hands, so within one key
 * the pieces the attacker lacks are exactly those the defender holds more.
 *   OR proven by move m:   P = P(child) with the dropped piece added back
 *                          or the captured piece taken away.
 *   AND proven:            P = per-type max of the children's; when the
 *                          check can be interposed, every type the
 *                          defender lacks keeps the attacker's count (with
 *                          fewer, the defender would have one to drop).
 *   OR disproven:          D = per-type min of the children's (mapped back
 *                          through the move); types the attacker lacks stay
 *                          0 (one more would give new drop checks).
 *   AND disproven by m:    D = D(child), a type the defender drops capped
 *                          at the attacker's count (with more, the defender
 *                          might not have it).
 */
#include "dfpn.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dfpn_par.h"
#include "gyoku/mate1.h"
#include "hands.h"

struct dfpn_child {
	gy_move m;
	uint32_t pn, dn;
	int len;
	gy_hand hand;
	uint64_t key, full;
	bool rep, dlim;
	int16_t dd;   /* with dlim: the depth the disproof holds under (dfpn_result) */
	int16_t dep;  /* delayed until child dep is solved (-1: never delayed) */
	int16_t ord;  /* static order, smaller first among children of equal numbers (move_order) */
	uint8_t maxg; /* OR nodes: 0, or the group (drop_group) whose disproof numbers count by their max */
};

struct dfpn_frame {
	int cap;
	struct dfpn_child *c;
	struct gy_movelist list;
};

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 31;
	return x;
}

uint64_t gy__dfpn_key(const struct gy_pos *p)
{
	return p->board_key ^ mix64((uint64_t)(p->hand[0] + p->hand[1]) + 0x51ed27ull);
}

uint64_t gy__dfpn_full_key(const struct gy_pos *p)
{
	return p->board_key ^ mix64((uint64_t)p->hand[0] | (uint64_t)p->hand[1] << 32);
}

static uint64_t child_salt(uint64_t salt, uint64_t full) { return mix64(salt * 0x9e3779b97f4a7c15ull ^ full); }

void gy__dfpn_start(struct dfpn *s, struct dfpn_tt *tt, const struct gy_pos *p)
{
	s->tt = tt;
	s->pos = *p;
	s->attacker = p->side;
	s->nodes = 0;
	s->aborted = false;
	s->escape = 0;
	s->ply = 0;
	s->root_ply = 0;
	memset(s->filter, 0, sizeof s->filter);
	s->path[0] = gy__dfpn_full_key(p);
	s->filter[s->path[0] >> 48]++;
}

void gy__dfpn_finish(struct dfpn *s)
{
	for (int i = 0; i <= DFPN_MAX_PLY; i++) {
		if (s->frames[i]) {
			free(s->frames[i]->c);
			free(s->frames[i]);
			s->frames[i] = NULL;
		}
	}
}

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#ifdef GY_MATE_TRACE
/* The trace build: nodes by the side to move and the depth left (mate/mate.c prints them). */
uint64_t gy__dfpn_hist[2][GY__DFPN_HIST], gy__dfpn_revisit[2][GY__DFPN_HIST];
static int hist_bin(int depth)
{
	static const int top[GY__DFPN_HIST - 1] = {2, 4, 8, 16, 32, 64, 128};
	for (int i = 0; i < GY__DFPN_HIST - 1; i++)
		if (depth <= top[i])
			return i;
	return GY__DFPN_HIST - 1;
}

/* Counts the node at `depth` (and, when the table holds its position, as a revisit). */
static void trace_node(const struct dfpn *s, bool or_node, int depth, uint64_t key, gy_hand hand)
{
	int b = hist_bin(depth);
	gy__dfpn_hist[or_node][b]++;
	if (gy__dfpn_tt_has(s->tt, key, hand))
		gy__dfpn_revisit[or_node][b]++;
}
#endif

/*
 * Counts a node and, every 1024, checks the stop flag and the limits (with
 * other searchers: at every node whether one solved the root, so that the
 * many short searches of the line do not wait on the others, and every
 * 1024 their nodes together).  A searcher among several pauses here when the table asks for
 * a growth or collection: here it holds nothing of the table.
 */
static void count_node(struct dfpn *s)
{
	s->nodes++;
	if (s->par) {
		if (atomic_load_explicit(&s->tt->maint, memory_order_relaxed))
			gy__dfpn_par_pause(s->par);
		if (atomic_load_explicit(s->halt, memory_order_relaxed))
			s->aborted = true;
	}
	if (s->nodes & 1023)
		return;
	if ((s->stop && atomic_load_explicit(s->stop, memory_order_relaxed)) ||
	    (s->node_limit && s->nodes >= s->node_limit) || (s->deadline_ns && now_ns() >= s->deadline_ns) ||
	    (s->par && gy__dfpn_par_poll(s->par)))
		s->aborted = true;
}

static struct dfpn_frame *frame_at(struct dfpn *s, int ply, int n)
{
	struct dfpn_frame *f = s->frames[ply];
	if (!f) {
		f = calloc(1, sizeof *f);
		if (!f)
			return NULL;
		s->frames[ply] = f;
	}
	if (f->cap < n) {
		int cap = n < 16 ? 16 : n;
		struct dfpn_child *c = realloc(f->c, (size_t)cap * sizeof *c);
		if (!c)
			return NULL;
		f->c = c;
		f->cap = cap;
	}
	return f;
}

/* True when the position with full key `full` is on the current path. */
static bool in_path(const struct dfpn *s, uint64_t full)
{
	if (!s->filter[full >> 48])
		return false;
	for (int i = s->ply; i >= 0; i--)
		if (s->path[i] == full)
			return true;
	return false;
}

/* The proof hand of a mated defender (AND node without evasions). */
static gy_hand mated_hand(const struct gy_pos *p, int attacker)
{
	gy_hand ph = 0, att = p->hand[attacker], def = p->hand[attacker ^ 1];
	gy_bb ck = p->checkers;
	gy_sq k = p->king[attacker ^ 1];
	bool interposable = ck && !gy_bb_more_than_one(ck) && k != GY_SQ_NONE && gy_between(k, gy_bb_lsb(ck)) != 0;
	if (interposable)
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
			if (!gy_hand_count(def, pt))
				ph = hands_set(ph, pt, gy_hand_count(att, pt));
	return ph;
}

/*
 * The attacker's proof or disproof hand before its move m, from the one
 * after (a proof hand may lack a captured piece: then it stays 0).
 */
static gy_hand hand_before(gy_hand after, gy_move m)
{
	if (gy_move_is_drop(m))
		return hands_add1(after, gy_move_drop_type(m));
	if (gy_move_captured(m))
		return hands_sub1(after, gy_ptype_demote(gy_move_captured(m)));
	return after;
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
	if (a == DFPN_INF || b == DFPN_INF)
		return DFPN_INF;
	uint64_t s = (uint64_t)a + b;
	return s >= DFPN_INF - 1 ? DFPN_INF - 1 : (uint32_t)s;
}

static void set_proof(struct dfpn_result *r, int len, gy_hand hand)
{
	r->pn = 0;
	r->dn = DFPN_INF;
	r->len = len;
	r->hand = hand;
	r->rep = r->dlim = false;
	r->dd = DFPN_TT_DEPTH_INF;
}

static void set_disproof(struct dfpn_result *r, gy_hand hand, bool rep, bool dlim)
{
	r->pn = DFPN_INF;
	r->dn = 0;
	r->len = 0;
	r->hand = hand;
	r->rep = rep;
	r->dlim = dlim;
	r->dd = DFPN_TT_DEPTH_INF;
}

/*
 * The keys of the position after `m` and the attacker's hand there, as
 * gy_pos_do would make them (board key: XOR of the piece-square numbers
 * and the side bit), without playing the move.
 */
static void child_keys(const struct gy_pos *p, gy_move m, int attacker, struct dfpn_child *c)
{
	int us = p->side;
	uint64_t bk = p->board_key ^ gy_zobrist.side;
	gy_hand h[2] = {p->hand[0], p->hand[1]};
	gy_sq to = gy_move_to(m);
	if (gy_move_is_drop(m)) {
		int pt = gy_move_drop_type(m);
		bk ^= gy_zobrist.psq[gy_make_piece(us, pt)][to];
		h[us] -= gy_hand_one(pt);
	} else {
		gy_sq from = gy_move_from(m);
		bk ^= gy_zobrist.psq[gy_make_piece(us, gy_move_moved(m))][from] ^
		      gy_zobrist.psq[gy_make_piece(us, gy_move_after(m))][to];
		if (gy_move_captured(m)) {
			bk ^= gy_zobrist.psq[gy_make_piece(us ^ 1, gy_move_captured(m))][to];
			h[us] += gy_hand_one(gy_ptype_demote(gy_move_captured(m)));
		}
	}
	c->key = bk ^ mix64((uint64_t)(h[0] + h[1]) + 0x51ed27ull);
	c->full = bk ^ mix64((uint64_t)h[0] | (uint64_t)h[1] << 32);
	c->hand = h[attacker];
#ifdef GY_DEBUG
	struct gy_pos q = *p;
	struct gy_undo u;
	gy_pos_do(&q, m, &u);
	assert(c->key == gy__dfpn_key(&q) && c->full == gy__dfpn_full_key(&q));
#endif
}

static bool repseen(const struct dfpn *s, uint64_t full)
{
	uint32_t b = (uint32_t)full & (DFPN_REPSEEN_BITS - 1);
	return s->repseen[b / 64] >> (b % 64) & 1;
}

/*
 * The defender's interpositions by drops, delayed (KomoringHeights'
 * delayed moves, in part): drops on squares the defender does not cover
 * that give no check (the attacker takes such a piece for free, whatever
 * it is) wait one after the other, in the order generated, whatever their
 * square; so do the drops of the different pieces on one square that the
 * attacker covers at least as often as the defender.  Each waits until the
 * one before it is solved: a proof of the first usually carries over, and
 * counting them all in the node's proof number (a sum over near
 * transpositions: the attacker's hand after the capture is all that
 * differs) made the checks that allow interpositions look far harder than
 * they are.  Drops on a square the defender covers more are not delayed
 * (on the Microcosmos tails, delaying those too cost up to twice the
 * nodes).
 */
static void set_drop_delays(struct dfpn *s, struct dfpn_frame *f, int n)
{
	int16_t last_sq[GY_SQ_NB];
	int last_free = -1;
	memset(last_sq, 0xff, sizeof last_sq);
	const struct gy_pos *p = &s->pos;
	gy_bb occ = gy_pos_occupied(p);
	for (int i = 0; i < n; i++) {
		gy_move m = f->c[i].m;
		f->c[i].dep = -1;
		if (!gy_move_is_drop(m))
			continue;
		gy_sq to = gy_move_to(m);
		int theirs = gy_bb_count(gy_pos_attackers(p, to, p->side, occ));
		int ours = gy_bb_count(gy_pos_attackers(p, to, p->side ^ 1, occ));
		bool free = !theirs && !gy_pos_gives_check(p, m);
		if (ours >= theirs && last_sq[to] >= 0)
			f->c[i].dep = last_sq[to];
		else if (free && last_free >= 0)
			f->c[i].dep = (int16_t)last_free;
		last_sq[to] = (int16_t)i;
		if (free)
			last_free = i;
	}
}

/*
 * Delayed expansion (as KomoringHeights does for these moves): at OR
 * nodes, a pawn, bishop or rook that declines to promote, or a lance that
 * declines on the second rank, waits until the same move promoting is
 * solved (it nearly always shares its fate); at AND nodes, the drops of
 * set_drop_delays.  A delayed child still counts in its node's disproof
 * number (OR) or proof number (AND) (see mid), so no node is solved while
 * one waits; only the order of the search changes.
 */
static void set_delays(struct dfpn *s, struct dfpn_frame *f, int n, bool or_node)
{
	if (!or_node) {
		set_drop_delays(s, f, n);
		return;
	}
	for (int i = 0; i < n; i++) {
		gy_move m = f->c[i].m;
		f->c[i].dep = -1;
		if (!or_node || gy_move_is_drop(m) || gy_move_is_promotion(m))
			continue;
		int pt = gy_move_moved(m);
		if (!(pt == GY_PAWN || pt == GY_BISHOP || pt == GY_ROOK ||
		      (pt == GY_LANCE && gy_relative_rank(s->pos.side, gy_move_to(m)) == 2)))
			continue;
		for (int j = 0; j < n; j++)
			if (f->c[j].m == (m | GY_MOVE_PROMOTE)) {
				f->c[i].dep = (int16_t)j;
				break;
			}
	}
}

/*
 * Initial numbers of a new child (df-pn+, Nagai), in units of DFPN_UNIT
 * (2, so that half a unit stays below a unit), from what attacks the
 * destination square (the features of GPS shogi's estimator, weighed as
 * KomoringHeights weighs them).  OR node, a check: pn + 1 unit when two or
 * more defenders cover the square; dn + 1 unit when the attacker covers it
 * more often than the defender (a check worth pursuing) or it takes a gold
 * or silver, else pn + 1 unit.  AND node, an evasion: a capture, or an
 * interposition the defender covers more, pn 2 units (harder to prove); a
 * king move 1 and 1; an interposition the attacker covers at least as
 * much, dn 2 units (harder to disprove).
 */
static void estimate(const struct gy_pos *p, gy_move m, bool or_node, struct dfpn_child *c)
{
	int us = p->side;
	gy_sq to = gy_move_to(m);
	bool drop = gy_move_is_drop(m);
	gy_bb occ = gy_pos_occupied(p);
	int ours = gy_bb_count(gy_pos_attackers(p, to, us, occ)) + (drop ? 1 : 0);
	int theirs = gy_bb_count(gy_pos_attackers(p, to, us ^ 1, occ));
	uint32_t pn = DFPN_UNIT, dn = DFPN_UNIT;
	if (or_node) {
		if (theirs >= 2)
			pn += DFPN_UNIT;
		if (ours > theirs) {
			dn += DFPN_UNIT;
		} else if (!drop && gy_move_captured(m)) {
			int ct = gy_ptype_demote(gy_move_captured(m));
			if (ct == GY_GOLD || ct == GY_SILVER)
				dn += DFPN_UNIT;
			else
				pn += DFPN_UNIT;
		} else {
			pn += DFPN_UNIT;
		}
	} else if (!drop && gy_move_captured(m)) {
		pn += DFPN_UNIT;
	} else if (!drop && gy_move_moved(m) == GY_KING) {
		/* (2, 2) */
	} else if (theirs < ours) {
		pn += DFPN_UNIT;
	} else {
		dn += DFPN_UNIT;
	}
	c->pn = pn;
	c->dn = dn;
}

/*
 * A static order of the moves, smaller first among children of equal
 * numbers (KomoringHeights' brief evaluation of a move): a pawn, bishop
 * or rook not promoting in the zone last, then the more valuable piece
 * after the move and the nearer to the defender's king first.
 */
static int16_t move_order(const struct gy_pos *p, gy_move m, gy_sq ksq)
{
	static const int16_t value[GY_PTYPE_NB] = {0, 10, 20, 20, 30, 50, 50, 50, 80, 50, 50, 50, 50, 80, 80};
	int v = 0;
	gy_sq to = gy_move_to(m);
	if (!gy_move_is_drop(m) && !gy_move_is_promotion(m)) {
		int pt = gy_move_moved(m);
		if ((pt == GY_PAWN || pt == GY_BISHOP || pt == GY_ROOK) &&
		    (gy_in_zone(p->side, gy_move_from(m)) || gy_in_zone(p->side, to)))
			v += 1000;
	}
	v -= value[gy_move_after(m)];
	if (ksq != GY_SQ_NONE) {
		int df = abs(gy_file_of(ksq) - gy_file_of(to)), dr = abs(gy_rank_of(ksq) - gy_rank_of(to));
		v += 10 * (df > dr ? df : dr);
	}
	return (int16_t)v;
}

/*
 * The disproof numbers of an OR node's drops of a lance, bishop or rook
 * count by their max per piece type, not their sum (as KomoringHeights
 * counts them: a long-range piece dropped on the different squares of one
 * line gives nearly the same check, so the sum counted one defence many
 * times).  Returns the group, 1 to DFPN_MAXG - 1, or 0 for the moves
 * summed as usual.
 */
enum { DFPN_MAXG = 4 };
static uint8_t drop_group(gy_move m)
{
	if (!gy_move_is_drop(m))
		return 0;
	switch (gy_move_drop_type(m)) {
	case GY_LANCE: return 1;
	case GY_BISHOP: return 2;
	case GY_ROOK: return 3;
	default: return 0;
	}
}

/* Fills the children of the node at s->ply from the TT and the path. */
static void init_children(struct dfpn *s, struct dfpn_frame *f, int n, int depth, uint64_t salt)
{
	struct gy_pos *p = &s->pos;
	const bool or_node = p->side == s->attacker;
	for (int i = 0; i < n; i++) {
		struct dfpn_child *c = &f->c[i];
		c->m = f->list.moves[i];
		child_keys(p, c->m, s->attacker, c);
		gy__dfpn_tt_prefetch(s->tt, c->key);
	}
	set_delays(s, f, n, or_node);
	gy_sq ksq = p->king[s->attacker ^ 1];
	for (int i = 0; i < n; i++) {
		struct dfpn_child *c = &f->c[i];
		c->ord = move_order(p, c->m, ksq);
		c->maxg = or_node ? drop_group(c->m) : 0;
		c->len = 0;
		c->rep = c->dlim = false;
		c->dd = DFPN_TT_DEPTH_INF;
		struct dfpn_tt_probe pr;
		if (in_path(s, c->full)) {
			c->pn = DFPN_INF;
			c->dn = 0;
			c->rep = true;
		} else if (gy__dfpn_tt_probe(s->tt, c->key, c->hand, depth - 1, &pr)) {
			c->pn = pr.pn;
			c->dn = pr.dn;
			c->len = pr.len;
			c->hand = pr.hand;
			c->dlim = pr.dlim;
			c->dd = (int16_t)pr.ddepth;
		} else if (repseen(s, c->full) && gy__dfpn_tt_probe_rep(s->tt, child_salt(salt, c->full))) {
			c->pn = DFPN_INF;
			c->dn = 0;
			c->rep = true;
		} else {
			c->pn = pr.pn;
			c->dn = pr.dn;
			if (pr.best == 0 && pr.pn == 1 && pr.dn == 1) {
				estimate(p, c->m, or_node, c);
			}
		}
	}
}

static void mid(struct dfpn *s, uint32_t thpn, uint32_t thdn, int depth, uint64_t salt, struct dfpn_result *r);

/* Searches child i of frame f (the node at s->ply) and records the result. */
static void search_child(struct dfpn *s, struct dfpn_child *c, uint32_t cpn, uint32_t cdn, int depth, uint64_t salt)
{
	struct gy_undo u;
	struct dfpn_result cr;
	gy_pos_do(&s->pos, c->m, &u);
	s->ply++;
	s->path[s->ply] = c->full;
	s->filter[c->full >> 48]++;
	if (s->busy)
		atomic_fetch_add_explicit(&s->busy[c->full >> 48], 1, memory_order_relaxed);
	mid(s, cpn, cdn, depth - 1, child_salt(salt, c->full), &cr);
	if (s->busy)
		atomic_fetch_sub_explicit(&s->busy[c->full >> 48], 1, memory_order_relaxed);
	s->filter[c->full >> 48]--;
	s->ply--;
	gy_pos_undo(&s->pos, c->m, &u);
	c->pn = cr.pn;
	c->dn = cr.dn;
	c->len = cr.len;
	c->hand = cr.hand;
	c->rep = cr.rep;
	c->dlim = cr.dlim;
	c->dd = (int16_t)cr.dd;
}

static void mid(struct dfpn *s, uint32_t thpn, uint32_t thdn, int depth, uint64_t salt, struct dfpn_result *r)
{
	struct gy_pos *p = &s->pos;
	const int atk = s->attacker;
	const bool or_node = p->side == atk;
	const gy_hand cur = p->hand[atk];
	const uint64_t key = gy__dfpn_key(p), nodes0 = s->nodes;
	count_node(s);
#ifdef GY_MATE_TRACE
	trace_node(s, or_node, depth, key, cur);
#endif

	/* Step 1. Leaves: depth exhausted, mate in one, no moves. */
	if (s->ply >= DFPN_MAX_PLY - 1) {
		set_disproof(r, cur, true, false);
		return;
	}
	if (or_node) {
		if (depth < 1) {
			set_disproof(r, cur, false, true);
			r->dd = 0;
			return;
		}
		gy_move m = gy_mate1(p);
		if (m) {
			struct gy_undo u;
			gy_pos_do(p, m, &u);
			gy_hand ph = mated_hand(p, atk);
			gy_pos_undo(p, m, &u);
			set_proof(r, 1, hands_min(hand_before(ph, m), cur));
			gy__dfpn_tt_store_proof(s->tt, key, r->hand, 1, m, 1);
			return;
		}
		if (depth < 3) {
			/* No mate in one: none within two plies either (an OR node's mates are odd). */
			set_disproof(r, cur, false, true);
			r->dd = 2;
			gy__dfpn_tt_store_disproof(s->tt, key, cur, r->dd, 1);
			return;
		}
	}
	struct dfpn_frame *f = frame_at(s, s->ply, 0);
	if (!f) {
		s->aborted = true;
		r->pn = r->dn = 1;
		r->rep = r->dlim = false;
		r->dd = DFPN_TT_DEPTH_INF;
		return;
	}
	f->list.n = 0;
	int n = 0;
	if (or_node) {
		gy_gen(p, GY_GEN_CHECKS, &f->list);
		n = f->list.n;
	} else {
		gy_gen(p, GY_GEN_EVASIONS, &f->list);
		for (int i = 0; i < f->list.n; i++)
			if (gy_pos_is_legal(p, f->list.moves[i]))
				f->list.moves[n++] = f->list.moves[i];
	}
	if (n == 0) {
		if (or_node) {
			gy_hand dh = hands_all();
			for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
				if (!gy_hand_count(cur, pt))
					dh = hands_set(dh, pt, 0);
			set_disproof(r, dh, false, false);
			gy__dfpn_tt_store_disproof(s->tt, key, dh, DFPN_TT_DEPTH_INF, 1);
		} else {
			set_proof(r, 0, mated_hand(p, atk));
			gy__dfpn_tt_store_proof(s->tt, key, r->hand, 0, 0, 1);
		}
		return;
	}
	if (!or_node && depth < 2) {
		/* Not mated now (it has evasions): no mate within one ply. */
		set_disproof(r, cur, false, true);
		r->dd = 1;
		gy__dfpn_tt_store_disproof(s->tt, key, cur, r->dd, 1);
		return;
	}

	/* Step 2. The children as the TT and the path know them. */
	if (!frame_at(s, s->ply, n)) {
		s->aborted = true;
		r->pn = r->dn = 1;
		r->rep = r->dlim = false;
		r->dd = DFPN_TT_DEPTH_INF;
		return;
	}
	init_children(s, f, n, depth, salt);

	/* Step 3. Search the most proving child until a threshold is reached. */
	uint32_t pn = 0, dn = 0;
	int best = 0;
	bool vloss = s->busy != NULL;
	for (;;) {
		uint32_t v1 = DFPN_INF, v2 = DFPN_INF, sum = 0, delayed = 0, vmin = DFPN_INF, bw = 0;
		uint32_t gmax[DFPN_MAXG] = {0};
		best = 0;
		for (int i = 0; i < n; i++) {
			const struct dfpn_child *c = &f->c[i];
			if (c->dep >= 0 && c->pn && c->dn && f->c[c->dep].pn && f->c[c->dep].dn) {
				delayed++;
				continue;
			}
			uint32_t v = or_node ? c->pn : c->dn, w = or_node ? c->dn : c->pn;
			if (c->maxg)
				gmax[c->maxg] = w > gmax[c->maxg] ? w : gmax[c->maxg];
			else
				sum = sat_add(sum, w);
			vmin = v < vmin ? v : vmin;
			/* Another searcher is inside the child: chosen as if its number were half as much again (dfpn.h). */
			if (vloss && c->pn && c->dn &&
			    atomic_load_explicit(&s->busy[c->full >> 48], memory_order_relaxed))
				v = sat_add(v, v / 2 + 1);
			/* Ties: the smaller other number (as KomoringHeights orders them), then the static order. */
			bool better = v < v1;
			if (v == v1 && v != DFPN_INF)
				better = w < bw || (w == bw && c->ord < f->c[best].ord);
			if (better) {
				v2 = v1;
				v1 = v;
				best = i;
				bw = w;
			} else if (v < v2) {
				v2 = v;
			}
		}
		for (int g = 1; g < DFPN_MAXG; g++)
			sum = sat_add(sum, gmax[g]);
		/* The delayed children: an eighth each, at least 1 (a node with one is unsolved). */
		if (delayed)
			sum = sat_add(sum, delayed / 8 ? delayed / 8 : 1);
		pn = or_node ? vmin : sum;
		dn = or_node ? sum : vmin;
		if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s->aborted)
			break;
		struct dfpn_child *c = &f->c[best];
		if (vloss && (or_node ? c->pn >= thpn : c->dn >= thdn)) {
			vloss = false; /* the child chosen for the virtual loss is beyond the threshold: choose again */
			continue;
		}
		/* 1+epsilon trick: let the best child go a quarter beyond the second. */
		uint64_t lim2 = v2 == DFPN_INF ? DFPN_INF : (uint64_t)v2 + v2 / 4 + 1;
		uint32_t th_own = or_node ? thpn : thdn;
		uint32_t c_own = (uint32_t)(lim2 < th_own ? lim2 : th_own);
		uint32_t th_other = or_node ? thdn : thpn, other = or_node ? dn : pn,
			 c_other_v = or_node ? c->dn : c->pn;
		/* A child counted by its group's max: until that max would reach the node's threshold. */
		if (c->maxg)
			c_other_v = gmax[c->maxg];
		uint32_t c_other = th_other == DFPN_INF ? DFPN_INF : th_other - other + c_other_v;
		search_child(s, c, or_node ? c_own : c_other, or_node ? c_other : c_own, depth, salt);
		f = s->frames[s->ply];
		vloss = s->busy != NULL;
	}

	/* Step 4. The node's result, its hand, and the TT. */
	uint32_t amount = (uint32_t)(s->nodes - nodes0 < UINT32_MAX ? s->nodes - nodes0 : UINT32_MAX);
	if (pn == 0) {
		if (or_node) {
			int bi = -1;
			for (int i = 0; i < n; i++)
				if (f->c[i].pn == 0 && (bi < 0 || f->c[i].len < f->c[bi].len))
					bi = i;
			const struct dfpn_child *c = &f->c[bi];
			set_proof(r, c->len + 1, hands_min(hand_before(c->hand, c->m), cur));
			gy__dfpn_tt_store_proof(s->tt, key, r->hand, r->len, c->m, amount);
		} else {
			gy_hand ph = 0;
			int len = 0, bi = 0;
			for (int i = 0; i < n; i++) {
				ph = hands_max(ph, f->c[i].hand);
				if (f->c[i].len > len) {
					len = f->c[i].len;
					bi = i;
				}
			}
			gy_hand def = p->hand[atk ^ 1];
			gy_bb ck = p->checkers;
			gy_sq k = p->king[atk ^ 1];
			if (ck && !gy_bb_more_than_one(ck) && gy_between(k, gy_bb_lsb(ck)))
				for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
					if (!gy_hand_count(def, pt))
						ph = hands_set(ph, pt, gy_hand_count(cur, pt));
			set_proof(r, len + 1, hands_min(ph, cur));
			gy__dfpn_tt_store_proof(s->tt, key, r->hand, r->len, f->c[bi].m, amount);
		}
	} else if (dn == 0) {
		if (or_node) {
			gy_hand dh = hands_all();
			bool rep = false, dlim = false;
			int dd = DFPN_TT_DEPTH_INF;
			for (int i = 0; i < n; i++) {
				dh = hands_min(dh, hand_before(f->c[i].hand, f->c[i].m));
				rep |= f->c[i].rep;
				dlim |= f->c[i].dlim;
				if (f->c[i].dlim && f->c[i].dd + 1 < dd)
					dd = f->c[i].dd + 1;
			}
			for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
				if (!gy_hand_count(cur, pt))
					dh = hands_set(dh, pt, 0);
			dh = hands_max(dh, cur);
			set_disproof(r, dh, rep, dlim);
			r->dd = dlim ? dd : DFPN_TT_DEPTH_INF;
		} else {
			int bi = -1, bscore = 4;
			for (int i = 0; i < n; i++) {
				const struct dfpn_child *c = &f->c[i];
				int score = (c->rep ? 2 : 0) + (c->dlim ? 1 : 0);
				if (c->dn == 0 &&
				    (score < bscore || (score == bscore && c->dlim && c->dd > f->c[bi].dd))) {
					bi = i;
					bscore = score;
				}
			}
			const struct dfpn_child *c = &f->c[bi];
			if (s->ply == s->root_ply)
				s->escape = c->m;
			gy_hand dh = c->hand;
			if (gy_move_is_drop(c->m)) {
				int pt = gy_move_drop_type(c->m);
				dh = hands_set(dh, pt, gy_hand_count(cur, pt));
			}
			set_disproof(r, dh, c->rep, c->dlim);
			r->dd = c->dlim ? c->dd + 1 : DFPN_TT_DEPTH_INF;
		}
		if (r->rep) {
			uint32_t b = (uint32_t)s->path[s->ply] & (DFPN_REPSEEN_BITS - 1);
			s->repseen[b / 64] |= 1ull << (b % 64);
			gy__dfpn_tt_store_rep(s->tt, salt, amount);
		} else
			gy__dfpn_tt_store_disproof(s->tt, key, r->hand, r->dlim ? r->dd : DFPN_TT_DEPTH_INF, amount);
	} else {
		r->pn = pn;
		r->dn = dn;
		r->len = 0;
		r->hand = cur;
		r->rep = r->dlim = false;
		r->dd = DFPN_TT_DEPTH_INF;
		gy__dfpn_tt_store_unknown(s->tt, key, cur, pn, dn, f->c[best].m, amount);
	}
}

void gy__dfpn_search(struct dfpn *s, int depth, struct dfpn_result *r)
{
	uint64_t salt = s->root_ply ? s->root_salt : mix64(s->path[0] ^ 0x2545f4914f6cdd1dull);
	mid(s, DFPN_INF, DFPN_INF, depth, salt, r);
}

void gy__dfpn_start_line(struct dfpn *s, struct dfpn_tt *tt, const struct gy_pos *root, const gy_move *line, int n)
{
	gy__dfpn_start(s, tt, root);
	uint64_t salt = mix64(s->path[0] ^ 0x2545f4914f6cdd1dull);
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(&s->pos, line[i], &u);
		uint64_t full = gy__dfpn_full_key(&s->pos);
		s->path[++s->ply] = full;
		s->filter[full >> 48]++;
		salt = child_salt(salt, full);
	}
	s->root_ply = s->ply;
	s->root_salt = salt;
}

int gy__dfpn_lookup(const struct dfpn *s, int depth, int *len, gy_move *best)
{
	struct dfpn_tt_probe pr;
	if (!gy__dfpn_tt_probe(s->tt, gy__dfpn_key(&s->pos), s->pos.hand[s->attacker], depth, &pr))
		return 0;
	if (pr.pn == 0) {
		*len = pr.len;
		*best = pr.best;
		return 1;
	}
	return -1;
}
