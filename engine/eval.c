/*
 * engine/eval.c: the static evaluation (eval.h): one walk over the
 * position that either sums weights or lists features, so that the tuner
 * and the search can never disagree on what a feature is.  The board
 * pieces' own terms (walk_pieces) can also be kept and updated move by
 * move (struct eval_acc); the rest of the walk (walk_rest) runs each time.
 */
#include "eval.h"

#include <stdlib.h>

#include "gyoku/bitboard.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* A square seen from `color`: Black's squares as they are, White's rotated. */
static inline gy_sq rel_sq(int color, gy_sq sq) { return color == GY_BLACK ? sq : (gy_sq)(80 - sq); }

/* The half-board index of a relative square: files 6-9 mirrored onto 4-1. */
static inline int half_sq(gy_sq rsq)
{
	int f = gy_file_of(rsq), r = gy_rank_of(rsq);
	if (f > 5)
		f = 10 - f;
	return (f - 1) * 9 + (r - 1);
}

/* Where `rsq` stands from king square `rk` (both relative): (dr + 8) * 9 + |df|. */
static inline int king_rel(gy_sq rsq, gy_sq rk)
{
	int dr = gy_rank_of(rsq) - gy_rank_of(rk) + 8;
	int df = abs(gy_file_of(rsq) - gy_file_of(rk));
	return dr * 9 + df;
}

/*
 * The KPA base of a king on relative square `rk` (seen from its owner):
 * the block of its bucket, and whether the board is mirrored (the king
 * on files 6-9).  A king on file 5 sees the board as it stands, so there
 * the evaluation of a position and of its mirror image may differ
 * (tests/t_eval.c).
 */
static inline int kpa_base(gy_sq rk, bool *mirror)
{
	int f = gy_file_of(rk), r = gy_rank_of(rk);
	*mirror = f > 5;
	if (*mirror)
		f = 10 - f;
	int rb = r >= 7 ? 9 - r : 3;
	return ((f - 1) * 4 + rb) * 16 * 81;
}

/* Relative square `rsq` (seen from the king's owner) mirrored with its king. */
static inline int kpa_sq(bool mirror, gy_sq rsq)
{
	return mirror ? (9 - gy_file_of(rsq)) * 9 + gy_rank_of(rsq) - 1 : rsq;
}

/* The mobility slot of a slider type, or -1. */
static inline int slider_slot(int pt)
{
	switch (pt) {
	case GY_LANCE: return 0;
	case GY_BISHOP: return 1;
	case GY_ROOK: return 2;
	case GY_HORSE: return 3;
	case GY_DRAGON: return 4;
	default: return -1;
	}
}

int gy__eval_phase(const struct gy_pos *p)
{
	int s = 0;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		gy_hand h = p->hand[c];
		int pawns = gy_hand_count(h, GY_PAWN);
		s += pawns < 4 ? pawns : 4;
		for (int pt = GY_LANCE; pt < GY_HAND_NB; pt++)
			s += 2 * gy_hand_count(h, pt);
		s += gy_bb_count(p->by_color[c] & gy_bbt.zone[c] & ~p->by_type[GY_KING]);
	}
	return s < EVAL_PHASE_MAX ? s : EVAL_PHASE_MAX;
}

/*
 * The walk's output: the weights summed by phase, or the features listed.
 * Sums go to one of the accumulator's parts (struct eval_acc): the board
 * pieces' terms by the king they depend on, everything else to EVAL_ACC_FREE.
 */
struct walk {
	const int16_t *w;
	struct eval_feature *out;
	int n;
	int32_t open[EVAL_ACC_PARTS], end[EVAL_ACC_PARTS]; /* sums of the opening and endgame weights */
};

static ALWAYS_INLINE void feat_in(struct walk *k, int part, int index, int count)
{
	if (k->out) {
		k->out[k->n].index = (uint16_t)index;
		k->out[k->n].count = (int16_t)count;
		k->n++;
	} else {
		k->open[part] += k->w[index] * count;
		k->end[part] += k->w[EVAL_PHASE_NB + index] * count;
	}
}

static ALWAYS_INLINE void feat(struct walk *k, int index, int count) { feat_in(k, EVAL_ACC_FREE, index, count); }

/* Where the kings stand, as the board pieces' terms see them. */
struct kings {
	gy_sq rking[GY_COLOR_NB][GY_COLOR_NB]; /* [owner][whose king] relative to owner */
	int kbase[GY_COLOR_NB];                /* each king's KPA block, -1 without the king */
	bool kmirror[GY_COLOR_NB];
};

static ALWAYS_INLINE void kings_init(struct kings *ks, const struct gy_pos *p)
{
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int kc = 0; kc < GY_COLOR_NB; kc++)
			ks->rking[c][kc] = p->king[kc] == GY_SQ_NONE ? GY_SQ_NONE : rel_sq(c, p->king[kc]);
	for (int c = 0; c < GY_COLOR_NB; c++) {
		ks->kmirror[c] = false;
		ks->kbase[c] = p->king[c] == GY_SQ_NONE ? -1 : EVAL_KPA + kpa_base(ks->rking[c][c], &ks->kmirror[c]);
	}
}

/* Parts a piece's terms go to (a mask of 1 << part). */
enum { PART_KING_BLACK = 1 << GY_BLACK, PART_KING_WHITE = 1 << GY_WHITE, PART_FREE = 1 << EVAL_ACC_FREE };
enum { PARTS_ALL = PART_KING_BLACK | PART_KING_WHITE | PART_FREE };

/*
 * The terms of a board piece of colour c and type pt on sq, counted `sign`
 * times: its square and material (part FREE), and where it stands from
 * each king (the part of that king), those parts in `parts` only.
 */
static ALWAYS_INLINE void piece_terms(struct walk *k, const struct kings *ks, int c, int pt, gy_sq sq, int sign,
				      int parts)
{
	gy_sq rsq = rel_sq(c, sq);
	if (parts & PART_FREE) {
		feat(k, EVAL_PST + pt * 45 + half_sq(rsq), sign);
		if (pt != GY_KING)
			feat(k, EVAL_MAT + pt, sign);
	}
	if (pt == GY_KING)
		return;
	if ((parts & (1 << c)) && ks->rking[c][c] != GY_SQ_NONE) {
		feat_in(k, c, EVAL_KOWN + pt * 153 + king_rel(rsq, ks->rking[c][c]), sign);
		/* KPA: for our king the square as seen already, for theirs turned (80 - rsq). */
		feat_in(k, c, ks->kbase[c] + pt * 81 + kpa_sq(ks->kmirror[c], rsq), sign);
	}
	if ((parts & (1 << (c ^ 1))) && ks->rking[c][c ^ 1] != GY_SQ_NONE) {
		feat_in(k, c ^ 1, EVAL_KOPP + pt * 153 + king_rel(rsq, ks->rking[c][c ^ 1]), sign);
		feat_in(k, c ^ 1,
			ks->kbase[c ^ 1] + 20 * 16 * 81 + pt * 81 + kpa_sq(ks->kmirror[c ^ 1], (gy_sq)(80 - rsq)),
			sign);
	}
}

/* Every board piece's terms, in `parts`. */
static ALWAYS_INLINE void walk_pieces(struct walk *k, const struct gy_pos *p, const struct kings *ks, int parts)
{
	for (int c = 0; c < GY_COLOR_NB; c++) {
		int sign = c == GY_BLACK ? 1 : -1;
		gy_bb pieces = p->by_color[c];
		while (pieces) {
			gy_sq sq = gy_bb_pop(&pieces);
			piece_terms(k, ks, c, gy_piece_type(p->board[sq]), sq, sign, parts);
		}
	}
}

/* Step by step, every feature of `p` from Black's side but the board pieces' own terms (walk_pieces). */
static ALWAYS_INLINE void walk_rest(struct walk *k, const struct gy_pos *p, const struct kings *ks)
{
	gy_bb occ = gy_pos_occupied(p);

	/* Step 1: the squares each side attacks (king aside), the attackers of each king's ring, mobility. */
	gy_bb att[GY_COLOR_NB] = {0, 0};
	gy_bb ring[GY_COLOR_NB];
	int natk[GY_COLOR_NB] = {0, 0}; /* [whose king] */
	for (int c = 0; c < GY_COLOR_NB; c++)
		ring[c] = gy_bbt.king[p->king[c]];
	for (int c = 0; c < GY_COLOR_NB; c++) {
		int sign = c == GY_BLACK ? 1 : -1;
		gy_bb own = p->by_color[c];
		/* The king aside; pawn attacks are added all at once below. */
		gy_bb pieces = own & ~p->by_type[GY_PAWN] & ~p->by_type[GY_KING];
		while (pieces) {
			gy_sq sq = gy_bb_pop(&pieces);
			int pt = gy_piece_type(p->board[sq]);
			gy_bb a = gy_attacks(c, pt, sq, occ);
			att[c] |= a;
			natk[c ^ 1] += (a & ring[c ^ 1]) != 0;
			int slot = slider_slot(pt);
			if (slot >= 0) {
				int reach = gy_bb_count(a & ~own);
				feat(k, EVAL_MOB + slot * 17 + (reach > 16 ? 16 : reach), sign);
			}
		}
	}

	/* Step 1a: pawns attack the next square of their file (sq - 1 for Black, sq + 1 for White). */
	gy_bb patt[GY_COLOR_NB];
	for (int c = 0; c < GY_COLOR_NB; c++) {
		gy_bb pawns = gy_pos_pieces(p, c, GY_PAWN);
		gy_bb a = c == GY_BLACK ? pawns >> 1 : pawns << 1;
		patt[c] = a;
		att[c] |= a;
		natk[c ^ 1] += gy_bb_count(a & ring[c ^ 1]);
	}

	/* Step 1b: each king's ring: attacked, undefended and flight squares, by the enemy's hand. */
	for (int c = 0; c < GY_COLOR_NB; c++) {
		if (p->king[c] == GY_SQ_NONE)
			continue;
		int sign = c == GY_BLACK ? 1 : -1;
		gy_hand h = p->hand[c ^ 1];
		int hb = gy_hand_count(h, GY_LANCE) + gy_hand_count(h, GY_KNIGHT) + gy_hand_count(h, GY_SILVER) +
			 gy_hand_count(h, GY_GOLD) + gy_hand_count(h, GY_BISHOP) + gy_hand_count(h, GY_ROOK);
		hb = hb > 4 ? 4 : hb;
		gy_bb hit = att[c ^ 1] & ring[c];
		int na = gy_bb_count(hit);
		int nu = gy_bb_count(hit & ~att[c]);
		int ne = gy_bb_count(ring[c] & ~occ & ~att[c ^ 1]);
		int nk = natk[c] > 6 ? 6 : natk[c];
		feat(k, EVAL_KSAFE + na * 5 + hb, sign);
		feat(k, EVAL_KUNDEF + nu * 5 + hb, sign);
		feat(k, EVAL_KATK + nk * 5 + hb, sign);
		feat(k, EVAL_KESC + ne, sign);
	}
	feat(k, EVAL_TEMPO, p->side == GY_BLACK ? 1 : -1);

	/* Step 1c: threats: pieces the enemy attacks, by whether they are defended and whose move it is. */
	for (int c = 0; c < GY_COLOR_NB; c++) {
		int sign = c == GY_BLACK ? 1 : -1;
		gy_bb theirs = att[c ^ 1] | ring[c ^ 1], ours = att[c] | ring[c];
		int base = EVAL_THREAT + (c == p->side) * 16 * 3;
		gy_bb hit = p->by_color[c] & theirs;
		while (hit) {
			gy_sq sq = gy_bb_pop(&hit);
			int pt = gy_piece_type(p->board[sq]);
			if (pt == GY_KING)
				continue;
			feat(k, base + pt * 3 + gy_bb_test(ours, sq), sign);
			if (pt != GY_PAWN && gy_bb_test(patt[c ^ 1], sq))
				feat(k, base + pt * 3 + 2, sign);
		}
	}

	/* Step 1d: drops that would check the enemy king from a square where it cannot simply take the piece. */
	for (int c = 0; c < GY_COLOR_NB; c++) {
		gy_sq ksq = p->king[c ^ 1];
		gy_hand h = p->hand[c];
		if (!h || ksq == GY_SQ_NONE)
			continue;
		int sign = c == GY_BLACK ? 1 : -1;
		gy_bb safe = ~occ & ~att[c ^ 1] & (~ring[c ^ 1] | att[c]);
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
			if (!gy_hand_count(h, pt))
				continue;
			gy_bb from = gy_attacks(c ^ 1, pt, ksq, occ) & safe;
			if (pt == GY_PAWN)
				from &= gy_pawnless_files(gy_pos_pieces(p, c, GY_PAWN));
			int n = gy_bb_count(from);
			if (n)
				feat(k, EVAL_DROPCHK + pt * 4 + (n > 3 ? 3 : n), sign);
		}
	}

	/* Step 2: the hands, each piece by its rank in the count and by the enemy king's place. */
	for (int c = 0; c < GY_COLOR_NB; c++) {
		int sign = c == GY_BLACK ? 1 : -1;
		gy_hand h = p->hand[c];
		if (!h)
			continue;
		/* How far the enemy king has come out of its own camp edge (0: still on it). */
		int dist = ks->rking[c][c ^ 1] == GY_SQ_NONE ? 0 : gy_rank_of(ks->rking[c][c ^ 1]) - 1;
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
			int n = gy_hand_count(h, pt);
			for (int i = 1; i <= n; i++)
				feat(k, EVAL_HAND + pt * 19 + i, sign);
			if (n)
				feat(k, EVAL_HANDK + pt * 9 + dist, sign);
		}
	}
}

/* The sums of walk `k` blended by the phase of `p`, from the side to move. */
static int blend(const struct walk *k, const struct gy_pos *p)
{
	int32_t open = 0, end = 0;
	for (int i = 0; i < EVAL_ACC_PARTS; i++) {
		open += k->open[i];
		end += k->end[i];
	}
	int s = gy__eval_phase(p);
	int v = (open * (EVAL_PHASE_MAX - s) + end * s) / EVAL_PHASE_MAX;
	return p->side == GY_BLACK ? v : -v;
}

int gy__eval_with(const int16_t *w, const struct gy_pos *p)
{
	struct walk k = {w, NULL, 0, {0}, {0}};
	struct kings ks;
	kings_init(&ks, p);
	walk_pieces(&k, p, &ks, PARTS_ALL);
	walk_rest(&k, p, &ks);
	return blend(&k, p);
}

int gy__eval_features(const struct gy_pos *p, struct eval_feature *out)
{
	struct walk k = {NULL, out, 0, {0}, {0}};
	struct kings ks;
	kings_init(&ks, p);
	walk_pieces(&k, p, &ks, PARTS_ALL);
	walk_rest(&k, p, &ks);
	return k.n;
}

/* Copies the board pieces' sums of walk `k` into `a` (the FREE part's other terms are left out). */
static void acc_store(struct eval_acc *a, const struct walk *k)
{
	for (int i = 0; i < EVAL_ACC_PARTS; i++) {
		a->open[i] = k->open[i];
		a->end[i] = k->end[i];
	}
}

void gy__eval_acc_init(struct eval_acc *a, const struct gy_pos *p)
{
	struct walk k = {gy__eval_weights, NULL, 0, {0}, {0}};
	struct kings ks;
	kings_init(&ks, p);
	walk_pieces(&k, p, &ks, PARTS_ALL);
	acc_store(a, &k);
}

void gy__eval_acc_update(struct eval_acc *a, const struct eval_acc *before, const struct gy_pos *p, gy_move m)
{
	struct walk k = {gy__eval_weights, NULL, 0, {0}, {0}};
	for (int i = 0; i < EVAL_ACC_PARTS; i++) {
		k.open[i] = before->open[i];
		k.end[i] = before->end[i];
	}
	if (m == GY_MOVE_NONE) { /* a null move */
		acc_store(a, &k);
		return;
	}
	struct kings ks;
	kings_init(&ks, p);
	int us = p->side ^ 1, sign = us == GY_BLACK ? 1 : -1;
	gy_sq to = gy_move_to(m);
	int moved = gy_move_moved(m), captured = gy_move_captured(m);
	if (moved == GY_KING) {
		/* Every piece stands elsewhere from the king: its part again from scratch. */
		k.open[us] = k.end[us] = 0;
		walk_pieces(&k, p, &ks, 1 << us);
		piece_terms(&k, &ks, us, GY_KING, gy_move_from(m), -sign, PART_FREE);
		piece_terms(&k, &ks, us, GY_KING, to, sign, PART_FREE);
		if (captured)
			piece_terms(&k, &ks, us ^ 1, captured, to, sign, PART_FREE | 1 << (us ^ 1));
	} else {
		if (!gy_move_is_drop(m))
			piece_terms(&k, &ks, us, moved, gy_move_from(m), -sign, PARTS_ALL);
		piece_terms(&k, &ks, us, gy_move_after(m), to, sign, PARTS_ALL);
		if (captured)
			piece_terms(&k, &ks, us ^ 1, captured, to, sign, PARTS_ALL);
	}
	acc_store(a, &k);
}

int gy__eval_acc_evaluate(const struct eval_acc *a, const struct gy_pos *p)
{
	struct walk k = {gy__eval_weights, NULL, 0, {0}, {0}};
	for (int i = 0; i < EVAL_ACC_PARTS; i++) {
		k.open[i] = a->open[i];
		k.end[i] = a->end[i];
	}
	struct kings ks;
	kings_init(&ks, p);
	walk_rest(&k, p, &ks);
	return blend(&k, p);
}

/* Board values: P L N S B R G K +P +L +N +S H D, indexed by type. */
static const int16_t piece_value[16] = {0, 90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395, 0};

int gy__eval_piece_value(int pt) { return piece_value[pt & 15]; }

void gy__eval_seed(int16_t *w)
{
	for (int i = 0; i < EVAL_PHASE_NB; i++)
		w[i] = 0;
	for (int pt = 0; pt < 16; pt++)
		w[EVAL_MAT + pt] = piece_value[pt];
	/* A piece in hand is worth a little more than on the board; the later pawns less. */
	static const int16_t hand_value[GY_HAND_NB] = {0, 100, 350, 440, 560, 950, 1100, 600};
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		for (int i = 1; i <= 18; i++)
			w[EVAL_HAND + pt * 19 + i] =
				(int16_t)(pt == GY_PAWN && i > 6 ? hand_value[pt] * 3 / 4 : hand_value[pt]);
	for (int pt = 1; pt < 16; pt++) {
		if (pt == GY_KING)
			continue;
		bool defender = pt == GY_GOLD || pt == GY_SILVER || pt >= GY_PRO_PAWN;
		for (int dr = 0; dr < 17; dr++)
			for (int df = 0; df < 9; df++) {
				int d = abs(dr - 8) > df ? abs(dr - 8) : df;
				int own = defender && d <= 2 ? 36 - 14 * d : 0;
				int opp = d <= 3 ? (4 - d) * (pt == GY_PAWN ? 4 : 12) : 0;
				w[EVAL_KOWN + pt * 153 + dr * 9 + df] = (int16_t)own;
				w[EVAL_KOPP + pt * 153 + dr * 9 + df] = (int16_t)opp;
			}
	}
	/* The king is safest back and away from the centre. */
	for (int sq = 0; sq < 45; sq++) {
		int f = sq / 9 + 1, r = sq % 9 + 1;
		w[EVAL_PST + GY_KING * 45 + sq] = (int16_t)((r - 9) * 12 + (5 - f) * 6);
	}
	for (int slot = 0; slot < 5; slot++)
		for (int n = 0; n < 17; n++)
			w[EVAL_MOB + slot * 17 + n] = (int16_t)(slot == 0 ? n * 3 : (n - 6) * 4);
	for (int i = 0; i < EVAL_PHASE_NB; i++)
		w[EVAL_PHASE_NB + i] = w[i];
}
