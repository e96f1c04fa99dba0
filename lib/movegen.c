/*
 * lib/movegen.c: move generation by kind.
 *
 * One body per kind takes the colour as a parameter; gen_for() is always
 * inlined into a switch on the colour, so each body is compiled once per
 * colour with the colour constant.  Board moves are produced piece type by
 * piece type toward a target set (the squares a kind may move to); drops
 * come from the hand toward empty squares.  Invariants: every move
 * produced obeys how its piece moves, forced and optional promotion, dead
 * pieces, nifu and uchifuzume; only leaving the king attacked is left to
 * gy_pos_is_legal() (except where a kind says "legal").
 */
#include "gyoku/movegen.h"

#include "gyoku/usi.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Appends a board move and, when the promotion rules allow, its promotion. */
static ALWAYS_INLINE gy_move *add_move(const struct gy_pos *p, int us, int pt, gy_sq from, gy_sq to, gy_move *out)
{
	int captured = gy_piece_type(p->board[to]);
	switch (pt) {
	case GY_PAWN:
	case GY_LANCE:
		if (gy_in_zone(us, to))
			*out++ = gy_make_move(from, to, pt, captured, true);
		if (gy_relative_rank(us, to) > 1)
			*out++ = gy_make_move(from, to, pt, captured, false);
		return out;
	case GY_KNIGHT:
		if (gy_in_zone(us, to))
			*out++ = gy_make_move(from, to, pt, captured, true);
		if (gy_relative_rank(us, to) > 2)
			*out++ = gy_make_move(from, to, pt, captured, false);
		return out;
	case GY_SILVER:
	case GY_BISHOP:
	case GY_ROOK:
		if (gy_in_zone(us, to) || gy_in_zone(us, from))
			*out++ = gy_make_move(from, to, pt, captured, true);
		*out++ = gy_make_move(from, to, pt, captured, false);
		return out;
	default: *out++ = gy_make_move(from, to, pt, captured, false); return out;
	}
}

/* Board moves of every piece but the king toward `target`. */
static ALWAYS_INLINE gy_move *gen_board(const struct gy_pos *p, int us, gy_bb target, gy_move *out)
{
	gy_bb occ = gy_pos_occupied(p), own = p->by_color[us];
	/*
	 * Pawns all step at once: one shift of the whole set, of the pawns
	 * that can step (a problem diagram may hold a dead one on the last rank).
	 */
	gy_bb pawns = p->by_type[GY_PAWN] & own & gy_bbt.movable[us][GY_PAWN];
	gy_bb to_bb = (us == GY_BLACK ? pawns >> 1 : pawns << 1) & target;
	while (to_bb) {
		gy_sq to = gy_bb_pop(&to_bb);
		out = add_move(p, us, GY_PAWN, us == GY_BLACK ? to + 1 : to - 1, to, out);
	}
	static const int8_t types[] = {GY_LANCE,    GY_KNIGHT,    GY_SILVER,     GY_BISHOP,     GY_ROOK,  GY_GOLD,
				       GY_PRO_PAWN, GY_PRO_LANCE, GY_PRO_KNIGHT, GY_PRO_SILVER, GY_HORSE, GY_DRAGON};
	for (unsigned i = 0; i < sizeof types; i++) {
		int pt = types[i];
		gy_bb pieces = p->by_type[pt] & own;
		while (pieces) {
			gy_sq from = gy_bb_pop(&pieces);
			gy_bb att = gy_attacks(us, pt, from, occ) & target;
			while (att)
				out = add_move(p, us, pt, from, gy_bb_pop(&att), out);
		}
	}
	return out;
}

/* King moves toward `target`, skipping squares attacked with the king lifted. */
static ALWAYS_INLINE gy_move *gen_king(const struct gy_pos *p, int us, gy_bb target, gy_move *out)
{
	gy_sq ksq = p->king[us];
	if (ksq == GY_SQ_NONE)
		return out;
	gy_bb occ = gy_pos_occupied(p) ^ gy_bbt.square[ksq];
	gy_bb att = gy_bbt.king[ksq] & target;
	while (att) {
		gy_sq to = gy_bb_pop(&att);
		if (!gy_pos_attacked_by(p, to, us ^ 1, occ))
			*out++ = gy_make_move(ksq, to, GY_KING, gy_piece_type(p->board[to]), false);
	}
	return out;
}

/*
 * Drops on the squares of `target` (all empty), minus nifu, dead squares
 * and uchifuzume; when `by_type` is not NULL, a piece of type pt is also
 * limited to by_type[pt].
 */
static ALWAYS_INLINE gy_move *gen_drops(const struct gy_pos *p, int us, gy_bb target, const gy_bb *by_type,
					gy_move *out)
{
	gy_hand hand = p->hand[us];
	if (!hand)
		return out;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
		if (!gy_hand_count(hand, pt))
			continue;
		gy_bb bb = target & gy_bbt.movable[us][pt] & (by_type ? by_type[pt] : GY_BB_ALL);
		if (pt == GY_PAWN) {
			bb &= gy_pawnless_files(p->by_type[GY_PAWN] & p->by_color[us]);
			/* The one square where a pawn would check the king: uchifuzume? */
			gy_bb check_sq = bb & gy_bbt.pawn[us ^ 1][p->king[us ^ 1]];
			if (check_sq && gy_pos_pawn_drop_mates(p, gy_bb_lsb(check_sq)))
				bb ^= check_sq;
		}
		while (bb)
			*out++ = gy_make_drop(pt, gy_bb_pop(&bb));
	}
	return out;
}

/*
 * Checking moves when not in check: each piece goes only to squares from
 * which it (or its promoted form) checks, unless it uncovers a slider; the
 * king only uncovers.  Pseudo-legal, and every move checks.
 */
static ALWAYS_INLINE gy_move *gen_checks(const struct gy_pos *p, int us, const struct gy_check_info *ci, gy_move *out)
{
	static const int8_t types[] = {GY_PAWN,       GY_LANCE, GY_KNIGHT,   GY_SILVER,    GY_BISHOP,
				       GY_ROOK,       GY_GOLD,  GY_PRO_PAWN, GY_PRO_LANCE, GY_PRO_KNIGHT,
				       GY_PRO_SILVER, GY_HORSE, GY_DRAGON};
	gy_bb occ = gy_pos_occupied(p), own = p->by_color[us], empty = ~occ & GY_BB_ALL;
	if (ci->ksq == GY_SQ_NONE)
		return out;
	gy_move *first = out;
	for (unsigned i = 0; i < sizeof types; i++) {
		int pt = types[i];
		gy_bb reach = ci->sq[pt] | (gy_ptype_can_promote(pt) ? ci->sq[pt | GY_PROMOTED] : 0);
		gy_bb pieces = p->by_type[pt] & own;
		while (pieces) {
			gy_sq from = gy_bb_pop(&pieces);
			gy_bb att = gy_attacks(us, pt, from, occ) & ~own & GY_BB_ALL;
			if (!gy_bb_test(ci->disc, from))
				att &= reach;
			while (att)
				out = add_move(p, us, pt, from, gy_bb_pop(&att), out);
		}
	}
	gy_sq kfrom = p->king[us];
	if (gy_bb_test(ci->disc, kfrom))
		out = gen_king(p, us, ~own & GY_BB_ALL & ~gy_bbt.line[gy_bbt.dir[ci->ksq][kfrom] >> 1][ci->ksq], out);
	/* A piece near its checking squares may have a variant (promoted or not) that does not check. */
	gy_move *kept = first;
	for (gy_move *m = first; m < out; m++)
		if (gy_check_info_gives(ci, *m))
			*kept++ = *m;
	return gen_drops(p, us, empty, ci->sq, kept);
}

/* Under a single check, the evasions that are not king moves: capture the checker or block its line. */
static ALWAYS_INLINE gy_move *gen_blocks(const struct gy_pos *p, int us, gy_move *out)
{
	gy_sq checker = gy_bb_lsb(p->checkers);
	gy_bb between = gy_between(p->king[us], checker);
	out = gen_board(p, us, between | gy_bbt.square[checker], out);
	return gen_drops(p, us, between, NULL, out);
}

static ALWAYS_INLINE gy_move *gen_evasions(const struct gy_pos *p, int us, gy_move *out)
{
	out = gen_king(p, us, ~p->by_color[us] & GY_BB_ALL, out);
	if (gy_bb_more_than_one(p->checkers))
		return out;
	return gen_blocks(p, us, out);
}

static ALWAYS_INLINE gy_move *gen_for(const struct gy_pos *p, int us, enum gy_gen_kind kind, gy_move *out)
{
	gy_bb empty = ~gy_pos_occupied(p) & GY_BB_ALL, them = p->by_color[us ^ 1];
	switch (kind) {
	case GY_GEN_CAPTURES: out = gen_board(p, us, them, out); return gen_king(p, us, them, out);
	case GY_GEN_QUIETS: out = gen_board(p, us, empty, out); return gen_king(p, us, empty, out);
	case GY_GEN_DROPS: return gen_drops(p, us, empty, NULL, out);
	case GY_GEN_EVASIONS: return gen_evasions(p, us, out);
	default:
		out = gen_board(p, us, empty | them, out);
		out = gen_king(p, us, empty | them, out);
		return gen_drops(p, us, empty, NULL, out);
	}
}

/* Pseudo-legal moves of `kind` (CHECKS and LEGAL are built on top). */
static gy_move *gen_pseudo(const struct gy_pos *p, enum gy_gen_kind kind, gy_move *out)
{
	return p->side == GY_BLACK ? gen_for(p, GY_BLACK, kind, out) : gen_for(p, GY_WHITE, kind, out);
}

/* Keeps the moves of [first, last) that pass gy_pos_is_legal; returns the new end. */
static gy_move *keep_legal(const struct gy_pos *p, gy_move *first, gy_move *last)
{
	gy_move *out = first;
	gy_sq ksq = p->king[p->side];
	if (!p->pinned)
		return last;
	for (gy_move *m = first; m < last; m++) {
		/* Only pinned pieces need a test: king moves were filtered when generated. */
		if (gy_move_is_drop(*m) || !gy_bb_test(p->pinned, gy_move_from(*m)) ||
		    gy_aligned(ksq, gy_move_from(*m), gy_move_to(*m)))
			*out++ = *m;
	}
	return out;
}

int gy_gen(const struct gy_pos *p, enum gy_gen_kind kind, struct gy_movelist *list)
{
	gy_move *first = list->moves + list->n, *last;
	if (kind == GY_GEN_CHECKS) {
		struct gy_check_info ci;
		gy_check_info_init(p, &ci);
		if (p->checkers) {
			/* In check: the evasions that also check. */
			last = keep_legal(p, first, gen_pseudo(p, GY_GEN_EVASIONS, first));
			gy_move *out = first;
			for (gy_move *m = first; m < last; m++)
				if (gy_check_info_gives(&ci, *m))
					*out++ = *m;
			last = out;
		} else {
			last = p->side == GY_BLACK ? gen_checks(p, GY_BLACK, &ci, first)
						   : gen_checks(p, GY_WHITE, &ci, first);
			last = keep_legal(p, first, last);
		}
	} else if (kind == GY_GEN_LEGAL) {
		last = gen_pseudo(p, p->checkers ? GY_GEN_EVASIONS : GY_GEN_NON_EVASIONS, first);
		last = keep_legal(p, first, last);
	} else {
		last = gen_pseudo(p, kind, first);
	}
	list->n = (int)(last - list->moves);
	return (int)(last - first);
}

int gy_legal_count(const struct gy_pos *p)
{
	struct gy_movelist list;
	list.n = 0;
	return gy_gen(p, GY_GEN_LEGAL, &list);
}

/*
 * In check, the common case (a king that can step out) is answered without
 * generating the other evasions: mate-in-one tests ask this after every
 * check they try.
 */
bool gy_has_legal_move(const struct gy_pos *p)
{
	if (!p->checkers)
		return gy_legal_count(p) > 0;
	int us = p->side;
	gy_sq ksq = p->king[us];
	gy_bb occ = gy_pos_occupied(p) ^ gy_bbt.square[ksq];
	gy_bb steps = gy_bbt.king[ksq] & ~p->by_color[us] & GY_BB_ALL;
	while (steps)
		if (!gy_pos_attacked_by(p, gy_bb_pop(&steps), us ^ 1, occ))
			return true;
	if (gy_bb_more_than_one(p->checkers))
		return false;
	struct gy_movelist list;
	gy_move *first = list.moves;
	gy_move *last = us == GY_BLACK ? gen_blocks(p, GY_BLACK, first) : gen_blocks(p, GY_WHITE, first);
	return keep_legal(p, first, last) > first;
}

bool gy_move_is_legal(const struct gy_pos *p, gy_move m)
{
	gy_move built;
	enum gy_err err;
	if (gy_move_is_drop(m))
		err = gy_move_build_drop(p, gy_move_drop_type(m), gy_move_to(m), &built);
	else
		err = gy_move_build(p, gy_move_from(m), gy_move_to(m), gy_move_is_promotion(m), &built);
	return err == GY_OK && built == m;
}
