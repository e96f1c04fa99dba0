/*
 * lib/movecheck.c: builds a move from its squares (or dropped type) and
 * says exactly which rule makes it illegal, for every reader of moves
 * (USI, records, what a person types) and for validating foreign moves.
 */
#include "foul.h"
#include "gyoku/err.h"
#include "gyoku/position.h"
#include "gyoku/usi.h"

/* True when a non-king move to `to` still leaves the mover's king attacked. */
static bool leaves_check(const struct gy_pos *p, gy_sq from, gy_sq to)
{
	gy_sq ksq = p->king[p->side];
	if (from != GY_SQ_NONE && gy_bb_test(p->pinned, from) && !gy_aligned(ksq, from, to))
		return true;
	if (!p->checkers)
		return false;
	if (gy_bb_more_than_one(p->checkers))
		return true;
	gy_sq checker = gy_bb_lsb(p->checkers);
	return !gy_bb_test(gy_between(ksq, checker) | gy_bbt.square[checker], to);
}

enum gy_err gy_move_build(const struct gy_pos *p, gy_sq from, gy_sq to, bool promote, gy_move *out)
{
	int us = p->side;
	if (from < 0 || from >= GY_SQ_NB || to < 0 || to >= GY_SQ_NB)
		return GY_ERR_ARG;
	gy_piece pc = p->board[from];
	if (pc == GY_NO_PIECE || gy_piece_color(pc) != us)
		return GY_ERR_MOVE_NO_PIECE;
	gy_piece target = p->board[to];
	if (target != GY_NO_PIECE && gy_piece_color(target) == us)
		return GY_ERR_MOVE_OWN_PIECE;
	int pt = gy_piece_type(pc);
	if (!gy_bb_test(gy_attacks(us, pt, from, gy_pos_occupied(p)), to))
		return GY_ERR_MOVE_UNREACHABLE;
	if (promote) {
		if (!gy_ptype_can_promote(pt) || !(gy_in_zone(us, from) || gy_in_zone(us, to)))
			return GY_ERR_MOVE_CANNOT_PROMOTE;
	} else if (pt < GY_HAND_NB && !gy_bb_test(gy_bbt.movable[us][pt], to)) {
		return GY_ERR_MOVE_MUST_PROMOTE;
	}
	if (pt == GY_KING) {
		gy_bb occ = gy_pos_occupied(p) ^ gy_bbt.square[from];
		if (gy_pos_attacked_by(p, to, us ^ 1, occ))
			return GY_ERR_MOVE_SELF_CHECK;
	} else if (leaves_check(p, from, to)) {
		return GY_ERR_MOVE_SELF_CHECK;
	}
	*out = gy_make_move(from, to, pt, gy_piece_type(target), promote);
	return GY_OK;
}

enum gy_err gy_move_build_drop(const struct gy_pos *p, int pt, gy_sq to, gy_move *out)
{
	int us = p->side;
	if (pt < GY_PAWN || pt >= GY_HAND_NB || to < 0 || to >= GY_SQ_NB)
		return GY_ERR_ARG;
	if (!gy_hand_count(p->hand[us], pt))
		return GY_ERR_MOVE_NOT_IN_HAND;
	if (p->board[to] != GY_NO_PIECE)
		return GY_ERR_MOVE_OCCUPIED;
	if (!gy_bb_test(gy_bbt.movable[us][pt], to))
		return GY_ERR_MOVE_DEAD_DROP;
	if (pt == GY_PAWN && (gy_pos_pieces(p, us, GY_PAWN) & gy_bbt.file[gy_file_of(to)]))
		return GY_ERR_MOVE_NIFU;
	if (leaves_check(p, GY_SQ_NONE, to))
		return GY_ERR_MOVE_SELF_CHECK;
	if (pt == GY_PAWN && gy_bb_test(gy_bbt.pawn[us][to], p->king[us ^ 1]) && gy_pos_pawn_drop_mates(p, to))
		return GY_ERR_MOVE_UCHIFUZUME;
	*out = gy_make_drop(pt, to);
	return GY_OK;
}

enum gy_err gy_move_check(const struct gy_pos *p, gy_move m)
{
	gy_move built = GY_MOVE_NONE;
	if (m == GY_MOVE_NONE)
		return GY_ERR_MOVE_NULL;
	enum gy_err err = gy_move_is_drop(m)
				  ? gy_move_build_drop(p, gy_move_drop_type(m), gy_move_to(m), &built)
				  : gy_move_build(p, gy_move_from(m), gy_move_to(m), gy_move_is_promotion(m), &built);
	return err ? err : built == m ? GY_OK : GY_ERR_ARG;
}

bool gy__foul_error(enum gy_err err)
{
	enum gy_err_class c = gy_err_class(err);
	return c == GY_ERR_CLASS_ILLEGAL_MOVE || c == GY_ERR_CLASS_NO_MOVE || err == GY_ERR_NOTATION_NO_MATCH;
}

enum gy_err gy__foul_move(const struct gy_pos *p, gy_sq from, gy_sq to, bool promote, gy_move *out)
{
	int us = p->side;
	if (from < 0 || from >= GY_SQ_NB || to < 0 || to >= GY_SQ_NB || from == to)
		return GY_ERR_ARG;
	gy_piece pc = p->board[from], target = p->board[to];
	if (pc == GY_NO_PIECE || gy_piece_color(pc) != us || (target != GY_NO_PIECE && gy_piece_color(target) == us))
		return GY_ERR_ARG;
	int pt = gy_piece_type(pc);
	if (promote && !gy_ptype_can_promote(pt))
		return GY_ERR_ARG;
	*out = gy_make_move(from, to, pt, gy_piece_type(target), promote);
	return GY_OK;
}

enum gy_err gy__foul_drop(const struct gy_pos *p, int pt, gy_sq to, gy_move *out)
{
	if (pt < GY_PAWN || pt >= GY_HAND_NB || to < 0 || to >= GY_SQ_NB || p->board[to] != GY_NO_PIECE ||
	    !gy_hand_count(p->hand[p->side], pt))
		return GY_ERR_ARG;
	*out = gy_make_drop(pt, to);
	return GY_OK;
}
