/*
 * engine/see.c: static exchange evaluation (see.h), the swap algorithm
 * with a running balance.  The stepping attackers are found once; the
 * sliders are found again through each vacated square, so that a slider
 * behind a capturer joins in.
 */
#include "see.h"

#include "eval.h"

/* Piece types from least to most valuable. */
static const int8_t by_value[] = {GY_PAWN,     GY_LANCE,     GY_KNIGHT,     GY_SILVER,     GY_GOLD,
				  GY_PRO_PAWN, GY_PRO_LANCE, GY_PRO_KNIGHT, GY_PRO_SILVER, GY_BISHOP,
				  GY_HORSE,    GY_ROOK,      GY_DRAGON,     GY_KING};

/* The pieces of both colours that step onto `to` (their attacks do not depend on the occupancy). */
static gy_bb step_attackers(const struct gy_pos *p, gy_sq to)
{
	gy_bb golds = gy_pos_golds(p), b = p->by_color[GY_BLACK], w = p->by_color[GY_WHITE];
	gy_bb by_black = (gy_bbt.pawn[GY_WHITE][to] & p->by_type[GY_PAWN]) |
			 (gy_bbt.knight[GY_WHITE][to] & p->by_type[GY_KNIGHT]) |
			 (gy_bbt.silver[GY_WHITE][to] & p->by_type[GY_SILVER]) | (gy_bbt.gold[GY_WHITE][to] & golds);
	gy_bb by_white = (gy_bbt.pawn[GY_BLACK][to] & p->by_type[GY_PAWN]) |
			 (gy_bbt.knight[GY_BLACK][to] & p->by_type[GY_KNIGHT]) |
			 (gy_bbt.silver[GY_BLACK][to] & p->by_type[GY_SILVER]) | (gy_bbt.gold[GY_BLACK][to] & golds);
	return (by_black & b) | (by_white & w) |
	       (gy_bbt.king[to] & (p->by_type[GY_HORSE] | p->by_type[GY_DRAGON] | p->by_type[GY_KING]));
}

/*
 * The sliders of both colours that reach `to` through `occ`: rooks,
 * dragons and lances on its lines, bishops and horses on its diagonals.
 */
static gy_bb slider_attackers(const struct gy_pos *p, gy_sq to, gy_bb occ)
{
	gy_bb lances = p->by_type[GY_LANCE];
	gy_bb orth = p->by_type[GY_ROOK] | p->by_type[GY_DRAGON] |
		     (lances & p->by_color[GY_BLACK] & gy_bbt.ray[GY_DIR_S][to]) |
		     (lances & p->by_color[GY_WHITE] & gy_bbt.ray[GY_DIR_N][to]);
	return (gy_rook_attacks(to, occ) & orth) |
	       (gy_bishop_attacks(to, occ) & (p->by_type[GY_BISHOP] | p->by_type[GY_HORSE]));
}

bool gy__see_ge(const struct gy_pos *p, gy_move m, int threshold)
{
	gy_sq to = gy_move_to(m);
	int swap = gy__eval_piece_value(gy_move_captured(m)) - threshold;
	if (swap < 0)
		return false;
	swap = gy__eval_piece_value(gy_move_after(m)) - swap;
	if (swap <= 0)
		return true;
	gy_bb occ = gy_pos_occupied(p) | gy_bbt.square[to];
	if (!gy_move_is_drop(m))
		occ ^= gy_bbt.square[gy_move_from(m)];
	int stm = p->side;
	gy_bb steps = step_attackers(p, to);
	gy_bb attackers = (steps | slider_attackers(p, to, occ)) & occ;
	int res = 1;
	for (;;) {
		stm ^= 1;
		attackers &= occ;
		gy_bb mine = attackers & p->by_color[stm];
		if (!mine)
			break;
		res ^= 1;
		int pt = GY_KING;
		gy_bb b = 0;
		for (unsigned i = 0; i < sizeof by_value; i++) {
			b = mine & p->by_type[by_value[i]];
			if (b) {
				pt = by_value[i];
				break;
			}
		}
		if (pt == GY_KING)
			return (attackers & ~p->by_color[stm]) ? res ^ 1 : res;
		swap = gy__eval_piece_value(pt) - swap;
		if (swap < res)
			break;
		occ ^= gy_bbt.square[gy_bb_lsb(b)];
		/* A slider behind the piece that took may now join in; nothing stands behind a knight. */
		if (pt != GY_KNIGHT)
			attackers = steps | slider_attackers(p, to, occ);
	}
	return res != 0;
}
