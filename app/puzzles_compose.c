/*
 * app/puzzles_compose.c: `gyoku puzzles compose`, tsume problems as
 * composers make them: few pieces, the defender's king with few
 * defenders, the attacker's pieces mostly in hand, no attacker piece
 * without a use, nothing left in the attacker's hand at the end.
 *
 *   gyoku puzzles compose [--count N] [--len L..M] [--per-len K] [--seed S] [--out FILE] [--verbose]
 *
 * Each attempt i draws from (S, i) a sparse sketch around the defender's
 * king (on the top three ranks), then climbs: a random change (a piece
 * added, taken away, moved, promoted or demoted, a hand piece added or
 * taken) is kept when the solver's tsume length of the new position is no
 * shorter than before.  When the length reaches the attempt's target (the
 * length of the range with the fewest problems so far, the longest first
 * on a tie) the position is a candidate: its solver line must pass
 * gy_puzzle_verify (the verification of every puzzle), then every piece
 * (the attacker's and the defender's on the board, the attacker's in hand)
 * whose removal leaves a puzzle of the same length is removed, and the
 * composed conventions (compose_conventions) are checked.  A kept problem
 * is written with the source `composed seed S n I`.  The defender always
 * holds the rest of the pieces (gy_pos_give_rest_to).
 *
 * Everything is deterministic: the random numbers come from the seed, and
 * every solve has a node limit, so the same arguments make the same file.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "gyoku/gyoku.h"
#include "gyoku/puzzle.h"
#include "puzzles_compose.h"

enum {
	COMPOSE_SCREEN_NODES = 20000, /* nodes for a solve of the climb */
	COMPOSE_STEPS = 400,          /* changes tried by one attempt */
	COMPOSE_CANDIDATES = 30,      /* candidates one attempt may try to verify */
	COMPOSE_BATCH = 2,            /* attempts made at once, each on a thread */
	COMPOSE_RESTART = 20,         /* steps without a mate before a new sketch */
	COMPOSE_MAX_BOARD = 6,        /* the most pieces of one side on the board (the king aside) */
	COMPOSE_MAX_HAND = 5,         /* the most pieces in the attacker's hand */
	COMPOSE_SCREEN_MB = 4,        /* the climb's solver table */
	COMPOSE_VERIFY_MB = 16,       /* the verification's table: as `gyoku puzzles check` has it */
	COMPOSE_VERIFY_NODES = 200000 /* nodes of a solve in the conventions (as the verification's) */
};

/* How many of each hand type a set holds (promoted pieces count as their base type). */
static const int compose_set[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

/* A sketch: the board (gy_piece per square) and the attacker's (Black's) hand; White defends. */
struct compose_sketch {
	uint8_t board[GY_SQ_NB];
	int8_t hand[GY_HAND_NB];
};

static uint64_t compose_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int compose_below(uint64_t *rng, int n) { return (int)(compose_rand(rng) % (uint64_t)n); }

/* A type drawn from `weights` (indexed by piece type, 0 for none). */
static int compose_draw(uint64_t *rng, const uint8_t *weights)
{
	int total = 0;
	for (int pt = 0; pt < GY_PTYPE_NB; pt++)
		total += weights[pt];
	int r = compose_below(rng, total);
	for (int pt = 0; pt < GY_PTYPE_NB; pt++) {
		if (r < weights[pt])
			return pt;
		r -= weights[pt];
	}
	return GY_PAWN;
}

/* Piece types the attacker puts on the board, the defender puts there, the attacker holds. */
static const uint8_t compose_w_attack[GY_PTYPE_NB] = {0, 2, 2, 2, 3, 2, 2, 3, 0, 1, 0, 0, 1, 1, 1};
static const uint8_t compose_w_defend[GY_PTYPE_NB] = {0, 3, 1, 1, 3, 1, 1, 3, 0, 1, 0, 0, 0, 0, 0};
static const uint8_t compose_w_hand[GY_PTYPE_NB] = {0, 1, 2, 2, 3, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0};

static gy_sq compose_king(const struct compose_sketch *k)
{
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (k->board[sq] == gy_make_piece(GY_WHITE, GY_KING))
			return sq;
	return GY_SQ_NONE;
}

/* Pieces of `color` on the board, its king aside. */
static int compose_count(const struct compose_sketch *k, int color)
{
	int n = 0;
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (k->board[sq] && gy_piece_color(k->board[sq]) == color && gy_piece_type(k->board[sq]) != GY_KING)
			n++;
	return n;
}

static int compose_hand_total(const struct compose_sketch *k)
{
	int n = 0;
	for (int pt = 1; pt < GY_HAND_NB; pt++)
		n += k->hand[pt];
	return n;
}

/* True when no type has more pieces on the board and in the attacker's hand than a set holds. */
static bool compose_counts_ok(const struct compose_sketch *k)
{
	int used[GY_HAND_NB] = {0};
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		int pt = gy_piece_type(k->board[sq]);
		if (k->board[sq] && pt != GY_KING)
			used[gy_ptype_demote(pt)]++;
	}
	for (int pt = 1; pt < GY_HAND_NB; pt++)
		if (used[pt] + k->hand[pt] > compose_set[pt])
			return false;
	return true;
}

/*
 * The position of a sketch: Black (the attacker, no king) to move, White
 * holding the rest.  False when it is no legal problem (too many pieces, a
 * dead piece, nifu, the defender in check: the SFEN reader decides).
 */
static bool compose_position(const struct compose_sketch *k, struct gy_pos *out)
{
	if (!compose_counts_ok(k) || compose_king(k) == GY_SQ_NONE)
		return false;
	struct gy_pos p;
	gy_pos_clear(&p);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (k->board[sq])
			gy_pos_put(&p, k->board[sq], sq);
	for (int pt = 1; pt < GY_HAND_NB; pt++)
		gy_pos_set_hand(&p, GY_BLACK, pt, k->hand[pt]);
	gy_pos_give_rest_to(&p, GY_WHITE);
	gy_pos_update(&p);
	char sfen[GY_SFEN_MAX];
	gy_sfen_write(&p, sfen, sizeof sfen);
	struct gy_srcpos where = {0, 0};
	if (gy_sfen_parse(out, sfen, strlen(sfen), GY_SFEN_TSUME, &where) != GY_OK)
		return false;
	out->movenum = 1;
	return true;
}

/* A square near `ksq` (within 3 files and ranks), or anywhere one time in eight. */
static gy_sq compose_near(uint64_t *rng, gy_sq ksq)
{
	if (compose_below(rng, 8) == 0)
		return compose_below(rng, GY_SQ_NB);
	int f = gy_file_of(ksq) + compose_below(rng, 7) - 3, r = gy_rank_of(ksq) + compose_below(rng, 7) - 3;
	if (f < 1 || f > 9 || r < 1 || r > 9)
		return GY_SQ_NONE;
	return gy_make_sq(f, r);
}

/* A random square holding a piece of `color` other than its king, or GY_SQ_NONE. */
static gy_sq compose_pick(const struct compose_sketch *k, uint64_t *rng, int color)
{
	int n = compose_count(k, color);
	if (!n)
		return GY_SQ_NONE;
	int i = compose_below(rng, n);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (k->board[sq] && gy_piece_color(k->board[sq]) == color && gy_piece_type(k->board[sq]) != GY_KING &&
		    i-- == 0)
			return sq;
	return GY_SQ_NONE;
}

/* One random change of the sketch (it may make an illegal position: compose_position tells). */
static void compose_mutate(struct compose_sketch *k, uint64_t *rng)
{
	gy_sq ksq = compose_king(k), sq, to;
	int side = compose_below(rng, 2) ? GY_BLACK : GY_WHITE;
	switch (compose_below(rng, 9)) {
	case 0: /* a piece added on the board */
	case 1:
		sq = compose_near(rng, ksq);
		if (sq != GY_SQ_NONE && !k->board[sq] && compose_count(k, side) < COMPOSE_MAX_BOARD)
			k->board[sq] = (uint8_t)gy_make_piece(
				side, compose_draw(rng, side == GY_BLACK ? compose_w_attack : compose_w_defend));
		break;
	case 2: /* a piece taken off the board */
		sq = compose_pick(k, rng, side);
		if (sq != GY_SQ_NONE)
			k->board[sq] = 0;
		break;
	case 3: /* a piece moved one or two squares */
	case 4:
		sq = compose_pick(k, rng, side);
		if (compose_below(rng, 6) == 0)
			sq = ksq;
		if (sq == GY_SQ_NONE)
			break;
		{
			int f = gy_file_of(sq) + compose_below(rng, 5) - 2,
			    r = gy_rank_of(sq) + compose_below(rng, 5) - 2;
			if (f < 1 || f > 9 || r < 1 || r > 9)
				break;
			to = gy_make_sq(f, r);
		}
		if (!k->board[to]) {
			k->board[to] = k->board[sq];
			k->board[sq] = 0;
		}
		break;
	case 5: /* a piece promoted or demoted, or changed into another type */
		sq = compose_pick(k, rng, side);
		if (sq != GY_SQ_NONE) {
			int pt = gy_piece_type(k->board[sq]);
			if (compose_below(rng, 2) && (pt > GY_KING || gy_ptype_can_promote(pt)))
				pt = pt > GY_KING ? gy_ptype_demote(pt) : pt | GY_PROMOTED;
			else
				pt = compose_draw(rng, side == GY_BLACK ? compose_w_attack : compose_w_defend);
			k->board[sq] = (uint8_t)gy_make_piece(side, pt);
		}
		break;
	case 6: /* a piece added to the attacker's hand */
		if (compose_hand_total(k) < COMPOSE_MAX_HAND)
			k->hand[compose_draw(rng, compose_w_hand)]++;
		break;
	case 7: /* a piece taken from the attacker's hand */
		if (compose_hand_total(k)) {
			int i = compose_below(rng, compose_hand_total(k));
			for (int pt = 1; pt < GY_HAND_NB; pt++) {
				if (i < k->hand[pt]) {
					k->hand[pt]--;
					break;
				}
				i -= k->hand[pt];
			}
		}
		break;
	default: /* an attacker's board piece into the hand, or a hand piece onto the board */
		sq = compose_pick(k, rng, GY_BLACK);
		if (compose_below(rng, 2) && sq != GY_SQ_NONE && compose_hand_total(k) < COMPOSE_MAX_HAND) {
			k->hand[gy_ptype_demote(gy_piece_type(k->board[sq]))]++;
			k->board[sq] = 0;
		} else if (compose_hand_total(k) && compose_count(k, GY_BLACK) < COMPOSE_MAX_BOARD) {
			sq = compose_near(rng, ksq);
			int pt = compose_draw(rng, compose_w_hand);
			if (sq != GY_SQ_NONE && !k->board[sq] && k->hand[pt]) {
				k->hand[pt]--;
				k->board[sq] = (uint8_t)gy_make_piece(GY_BLACK, pt);
			}
		}
		break;
	}
}

/* A first sketch: the king on the top three ranks, 0-2 defenders, 1-3 attackers, 1-3 pieces in hand. */
static void compose_start(struct compose_sketch *k, uint64_t *rng)
{
	memset(k, 0, sizeof *k);
	int rank = 1 + (compose_below(rng, 4) == 0 ? 1 + compose_below(rng, 2) : compose_below(rng, 2));
	gy_sq ksq = gy_make_sq(1 + compose_below(rng, 9), rank);
	k->board[ksq] = (uint8_t)gy_make_piece(GY_WHITE, GY_KING);
	int defenders = compose_below(rng, 3), attackers = 1 + compose_below(rng, 3), hand = 1 + compose_below(rng, 3);
	for (int i = 0; i < defenders + attackers; i++) {
		gy_sq sq = compose_near(rng, ksq);
		int side = i < defenders ? GY_WHITE : GY_BLACK;
		if (sq != GY_SQ_NONE && !k->board[sq])
			k->board[sq] = (uint8_t)gy_make_piece(
				side, compose_draw(rng, side == GY_BLACK ? compose_w_attack : compose_w_defend));
	}
	for (int i = 0; i < hand; i++)
		k->hand[compose_draw(rng, compose_w_hand)]++;
}

/* The solver's tsume length of `p` within `nodes` from a cleared table, or -1 (no mate, or not proven). */
static int compose_length(struct gy_puzzle_solver *s, const struct gy_pos *p, uint64_t nodes)
{
	int len = 0;
	return gy_puzzle_solve(s, p, nodes, true, &len) == GY_PUZZLE_MATE ? len : -1;
}

/*
 * The puzzle of `p` if it is one of `n` plies: the solver's shortest line
 * (within the verification's nodes) passes gy_puzzle_verify.
 */
static bool compose_puzzle_of(struct gy_puzzle_solver *s, const struct gy_pos *p, int n, struct gy_puzzle *pz,
			      char *why, size_t size)
{
	int len = 0, k = 0;
	snprintf(why, size, "no mate of %d plies", n);
	if (gy_puzzle_solve(s, p, COMPOSE_VERIFY_NODES, true, &len) != GY_PUZZLE_MATE || len != n)
		return false;
	const gy_move *line = gy_puzzle_solver_line(s, &k);
	if (k != n)
		return false;
	pz->pos = *p;
	pz->n = n;
	memcpy(pz->line, line, (size_t)n * sizeof *line);
	return gy_puzzle_verify(s, pz, GY_PUZZLE_MAX_LEN, why, size);
}

/* The attacker's pieces in hand at the end of the line of `pz`. */
static int compose_hand_left(const struct gy_puzzle *pz)
{
	struct gy_pos p = pz->pos;
	struct gy_undo u;
	for (int i = 0; i < pz->n; i++)
		gy_pos_do(&p, pz->line[i], &u);
	int n = 0;
	for (int pt = 1; pt < GY_HAND_NB; pt++)
		n += gy_hand_count(p.hand[pz->pos.side], pt);
	return n;
}

/* `p` without the piece on `sq`, which goes to the defender's hand (unpromoted). */
static void compose_without(const struct gy_pos *p, gy_sq sq, struct gy_pos *out)
{
	gy_pos_clear(out);
	for (gy_sq t = 0; t < GY_SQ_NB; t++)
		if (t != sq && p->board[t])
			gy_pos_put(out, p->board[t], t);
	int def = p->side ^ 1;
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 1; pt < GY_HAND_NB; pt++)
			gy_pos_set_hand(out, c, pt, gy_hand_count(p->hand[c], pt));
	int pt = gy_ptype_demote(gy_piece_type(p->board[sq]));
	gy_pos_set_hand(out, def, pt, gy_hand_count(p->hand[def], pt) + 1);
	out->side = p->side;
	out->movenum = 1;
	gy_pos_update(out);
}

bool compose_is_composed(const struct gy_puzzle *pz) { return !strncmp(pz->source, "composed ", 9); }

bool compose_conventions(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, char *why, size_t size)
{
	int left = compose_hand_left(pz);
	if (left) {
		snprintf(why, size, "composed: %d piece%s left in the attacker's hand at the end (駒余り)", left,
			 left > 1 ? "s" : "");
		return false;
	}
	const struct gy_pos *p = &pz->pos;
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		if (!p->board[sq] || gy_piece_color(p->board[sq]) != p->side || gy_piece_type(p->board[sq]) == GY_KING)
			continue;
		struct gy_pos q;
		struct gy_puzzle other;
		compose_without(p, sq, &q);
		if (!gy_pos_in_check(&q) && compose_puzzle_of(s, &q, pz->n, &other, why, size)) {
			snprintf(why, size,
				 "composed: the attacker's piece on %d%c is not needed (a %d手詰 without it)",
				 gy_file_of(sq), 'a' + gy_rank_of(sq) - 1, pz->n);
			return false;
		}
	}
	return true;
}

/*
 * Takes away, one at a time and again until none goes, each piece whose
 * removal leaves a puzzle of the same length: the board pieces of both
 * sides (to the defender's hand) and the attacker's hand pieces.
 */
static void compose_minimize(struct gy_puzzle_solver *s, struct gy_puzzle *pz)
{
	bool again = true;
	while (again) {
		again = false;
		const struct gy_pos *p = &pz->pos;
		for (gy_sq sq = 0; sq < GY_SQ_NB + GY_HAND_NB && !again; sq++) {
			struct gy_pos q;
			if (sq < GY_SQ_NB) {
				if (!p->board[sq] || gy_piece_type(p->board[sq]) == GY_KING)
					continue;
				compose_without(p, sq, &q);
			} else {
				int pt = sq - GY_SQ_NB, att = p->side;
				if (pt < 1 || !gy_hand_count(p->hand[att], pt))
					continue;
				q = *p;
				gy_pos_set_hand(&q, att, pt, gy_hand_count(p->hand[att], pt) - 1);
				gy_pos_set_hand(&q, att ^ 1, pt, gy_hand_count(p->hand[att ^ 1], pt) + 1);
				gy_pos_update(&q);
			}
			struct gy_puzzle smaller;
			char why[256];
			if (gy_pos_in_check(&q) || !compose_puzzle_of(s, &q, pz->n, &smaller, why, sizeof why))
				continue;
			snprintf(smaller.source, sizeof smaller.source, "%s", pz->source);
			*pz = smaller;
			again = true;
		}
	}
}

/* A thread's solvers and the attempt it makes. */
struct compose_worker {
	struct gy_puzzle_solver *screen, *verify;
	const struct compose_run *run;
	uint64_t seed;
	long index, candidates;
	struct gy_puzzle pz;
	bool found;
	pthread_t thread;
};

/* What the command keeps. */
struct compose_run {
	int lo, hi, count, made, per_len;
	int by_len[GY_PUZZLE_MAX_LEN + 1];
	char (*keys)[GY_SFEN_MAX];
	FILE *out;
	long tried, candidates;
	bool verbose; /* say how each attempt ends */
};

static bool compose_seen(const struct compose_run *run, const char *key)
{
	for (int i = 0; i < run->made; i++)
		if (!strcmp(run->keys[i], key))
			return true;
	return false;
}

/* The length an attempt aims at: the fewest problems so far, the longest on a tie. */
static int compose_target(const struct compose_run *run)
{
	int best = run->hi;
	for (int n = run->hi; n >= run->lo; n -= 2)
		if (run->by_len[n] < run->by_len[best])
			best = n;
	return best;
}

/* How far a verification that failed went: the ply its reason names ("ply 5: ..."), else 0. */
static int compose_fail_ply(const char *why)
{
	int ply = 0;
	if (!strncmp(why, "ply ", 4))
		for (const char *t = why + 4; *t >= '0' && *t <= '9'; t++)
			ply = ply * 10 + (*t - '0');
	return ply < 90 ? ply : 90;
}

/*
 * Attempt `index`: climbs from a drawn sketch.  A change is kept when its
 * score is no lower: the solver's length times 100, plus, for a candidate
 * (a length of the range whose count is below the quota, the target or
 * beyond or a new length), how far the verification went (the ply that
 * failed; 95 when only the conventions failed), so that a long mate
 * whose solution is not unique drifts towards one that is.  The first
 * candidate that passes everything is kept in `pz`.  True when one was.
 */
static bool compose_attempt(const struct compose_run *run, struct compose_worker *w, uint64_t seed, long index,
			    struct gy_puzzle *pz)
{
	uint64_t rng = seed * 0x2545f4914f6cdd1dULL + (uint64_t)index;
	int target = compose_target(run), quota = run->per_len;
	struct compose_sketch cur, next;
	struct gy_pos p;
	compose_start(&cur, &rng);
	int len = compose_position(&cur, &p) ? compose_length(w->screen, &p, COMPOSE_SCREEN_NODES) : -1;
	int score = len * 100, candidates = 0;
	/* A climb that has come far goes on longer: 100 more steps and 10 more candidates a length from 7 plies. */
	for (int step = 0;; step++) {
		int more = len > 5 ? (len - 5) / 2 : 0;
		if (step >= COMPOSE_STEPS + 100 * more || candidates >= COMPOSE_CANDIDATES + 10 * more)
			break;
		next = cur;
		compose_mutate(&next, &rng);
		if (!compose_position(&next, &p))
			continue;
		int n = compose_length(w->screen, &p, COMPOSE_SCREEN_NODES);
		if (n < 0 && len < 0 && step % COMPOSE_RESTART == COMPOSE_RESTART - 1) {
			/* Still no mate: a new sketch. */
			compose_start(&cur, &rng);
			continue;
		}
		if (n < 0 || n < len || n > run->hi)
			continue;
		int sc = n * 100;
		if (n >= run->lo && run->by_len[n] < quota && (n > len || n >= target)) {
			candidates++;
			w->candidates++;
			char why[256], key[GY_SFEN_MAX];
			if (!compose_puzzle_of(w->verify, &p, n, pz, why, sizeof why)) {
				sc += compose_fail_ply(why);
				if (run->verbose)
					fprintf(stderr, "attempt %ld step %d: a %d手詰 is no puzzle: %s\n", index, step,
						n, why);
			} else {
				snprintf(pz->source, sizeof pz->source, "composed seed %llu n %ld",
					 (unsigned long long)seed, index);
				compose_minimize(w->verify, pz);
				gy_puzzle_key(&pz->pos, key, sizeof key);
				if (compose_conventions(w->verify, pz, why, sizeof why) && !compose_seen(run, key))
					return true;
				sc += 95;
				if (run->verbose)
					fprintf(stderr, "attempt %ld step %d: %s\n", index, step, why);
			}
		}
		if (sc < score)
			continue;
		cur = next;
		len = n;
		score = sc;
	}
	if (run->verbose)
		fprintf(stderr, "attempt %ld: target %d, reached %d\n", index, target, len);
	return false;
}

/* A thread's attempt (compose_attempt). */
static void *compose_thread(void *arg)
{
	struct compose_worker *w = arg;
	w->found = compose_attempt(w->run, w, w->seed, w->index, &w->pz);
	return NULL;
}

static int compose_usage(FILE *f, int status)
{
	fputs("usage: gyoku puzzles compose [--count N] [--len L..M] [--per-len K] [--seed S] [--out FILE]\n"
	      "                             [--verbose]\n"
	      "  N composed tsume problems (10 unless set): few pieces, every attacker piece needed,\n"
	      "  nothing left in the attacker's hand at the end; each of L to M plies (odd, 1..15 unless\n"
	      "  set), at most K of each length (N spread over the lengths unless set), seeded by S (1\n"
	      "  unless set); one problem a line to FILE (standard output unless set), each verified as\n"
	      "  `gyoku puzzles check` verifies it; --verbose: how each attempt ends\n"
	      "exit status: 0 done, 2 usage or output error\n"
	      "the file format: docs/puzzles.md\n",
	      f);
	return status;
}

/* Parses "L..M" or "L" (odd lengths from 1 to 15) into lo and hi. */
static bool compose_parse_len(const char *text, int *lo, int *hi)
{
	char *end;
	long a = strtol(text, &end, 10), b = a;
	if (end == text)
		return false;
	if (!strncmp(end, "..", 2)) {
		const char *t = end + 2;
		b = strtol(t, &end, 10);
		if (end == t)
			return false;
	}
	if (*end || a < 1 || b > GY_PUZZLE_MAX_LEN || a > b || a % 2 == 0 || b % 2 == 0)
		return false;
	*lo = (int)a;
	*hi = (int)b;
	return true;
}

int compose_main(int argc, char **argv)
{
	struct compose_run run;
	memset(&run, 0, sizeof run);
	run.lo = 1;
	run.hi = GY_PUZZLE_MAX_LEN;
	run.count = 10;
	uint64_t seed = 1;
	const char *out = NULL;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return compose_usage(stdout, 0);
		if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			if (!args_int("gyoku puzzles compose", "--count", argv[++i], 1, 100000, &run.count))
				return 2;
		} else if (!strcmp(argv[i], "--len") && i + 1 < argc) {
			if (!compose_parse_len(argv[++i], &run.lo, &run.hi)) {
				fprintf(stderr,
					"gyoku puzzles compose: --len: '%s' is not L..M, odd lengths from 1 to %d\n",
					argv[i], GY_PUZZLE_MAX_LEN);
				return 2;
			}
		} else if (!strcmp(argv[i], "--per-len") && i + 1 < argc) {
			if (!args_int("gyoku puzzles compose", "--per-len", argv[++i], 1, 100000, &run.per_len))
				return 2;
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			if (!args_u64("gyoku puzzles compose", "--seed", argv[++i], &seed))
				return 2;
		} else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(argv[i], "--verbose")) {
			run.verbose = true;
		} else {
			fprintf(stderr, "gyoku puzzles compose: unknown option or missing value: '%s'\n", argv[i]);
			return compose_usage(stderr, 2);
		}
	}
	if (!run.per_len)
		run.per_len = (run.count + (run.hi - run.lo) / 2) / ((run.hi - run.lo) / 2 + 1);
	struct compose_worker w[COMPOSE_BATCH];
	memset(w, 0, sizeof w);
	int rc = 0;
	run.keys = malloc((size_t)run.count * sizeof *run.keys);
	for (int k = 0; k < COMPOSE_BATCH; k++)
		if (!run.keys || gy_puzzle_solver_create(&w[k].screen, COMPOSE_SCREEN_MB) != GY_OK ||
		    gy_puzzle_solver_create(&w[k].verify, COMPOSE_VERIFY_MB) != GY_OK)
			rc = 2;
	if (rc) {
		fprintf(stderr, "gyoku puzzles compose: out of memory\n");
		goto done;
	}
	run.out = out ? fopen(out, "w") : stdout;
	if (!run.out) {
		fprintf(stderr, "gyoku puzzles compose: cannot write %s\n", out);
		rc = 2;
		goto done;
	}
	fprintf(run.out, "# gyoku puzzles compose");
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--out") && (i == 0 || strcmp(argv[i - 1], "--out")))
			fprintf(run.out, " %s", argv[i]);
	fprintf(run.out, "\n# SFEN<TAB>solution (USI)<TAB>length<TAB>theme<TAB>source (docs/puzzles.md)\n");
	/*
	 * Attempts run COMPOSE_BATCH at a time, each on its own thread, from
	 * what was kept before the batch; their problems are then taken in
	 * the order of the attempts (a length that reached its quota, or a
	 * position already kept, is left out), so the file does not depend on
	 * which thread ends first.
	 */
	for (long i = 0; run.made < run.count; i += COMPOSE_BATCH) {
		int started = 0;
		for (int k = 0; k < COMPOSE_BATCH; k++) {
			w[k].run = &run;
			w[k].seed = seed;
			w[k].index = i + k;
			if (!pthread_create(&w[k].thread, NULL, compose_thread, &w[k]))
				started = k + 1;
			else
				break;
		}
		for (int k = 0; k < started; k++)
			pthread_join(w[k].thread, NULL);
		if (started < COMPOSE_BATCH) {
			fprintf(stderr, "gyoku puzzles compose: cannot start a thread\n");
			rc = 2;
			break;
		}
		for (int k = 0; k < COMPOSE_BATCH && run.made < run.count; k++) {
			char key[GY_SFEN_MAX], line[1024];
			run.tried++;
			if (!w[k].found || run.by_len[w[k].pz.n] >= run.per_len)
				continue;
			gy_puzzle_key(&w[k].pz.pos, key, sizeof key);
			if (compose_seen(&run, key))
				continue;
			snprintf(run.keys[run.made], GY_SFEN_MAX, "%s", key);
			gy_puzzle_write(&w[k].pz, line, sizeof line);
			fprintf(run.out, "%s\n", line);
			fflush(run.out);
			run.made++;
			run.by_len[w[k].pz.n]++;
			fprintf(stderr, "attempt %ld: %d/%d problems (a %d手詰)\n", w[k].index, run.made, run.count,
				w[k].pz.n);
		}
	}
	for (int k = 0; k < COMPOSE_BATCH; k++)
		run.candidates += w[k].candidates;
	fprintf(stderr, "attempts %ld, candidates %ld, problems by length:", run.tried, run.candidates);
	for (int n = 1; n <= GY_PUZZLE_MAX_LEN; n++)
		if (run.by_len[n])
			fprintf(stderr, " %d:%d", n, run.by_len[n]);
	fprintf(stderr, ", total %d\n", run.made);
	if (out && fclose(run.out)) {
		fprintf(stderr, "gyoku puzzles compose: cannot write %s\n", out);
		rc = 2;
	}
done:
	for (int k = 0; k < COMPOSE_BATCH; k++) {
		gy_puzzle_solver_destroy(w[k].screen);
		gy_puzzle_solver_destroy(w[k].verify);
	}
	free(run.keys);
	return rc;
}
