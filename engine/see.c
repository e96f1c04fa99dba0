/*
 * engine/see.c: static exchange evaluation (see.h), the swap algorithm
 * with a running balance, attackers recomputed through the vacated squares
 * so that sliders behind a capturer join in.
 */
#include "see.h"

#include "eval.h"

/* Piece types from least to most valuable. */
static const int8_t by_value[] = {GY_PAWN,     GY_LANCE,     GY_KNIGHT,     GY_SILVER,     GY_GOLD,
				  GY_PRO_PAWN, GY_PRO_LANCE, GY_PRO_KNIGHT, GY_PRO_SILVER, GY_BISHOP,
				  GY_HORSE,    GY_ROOK,      GY_DRAGON,     GY_KING};

bool see_ge(const struct gy_pos *p, gy_move m, int threshold)
{
	gy_sq to = gy_move_to(m);
	int swap = eval_piece_value(gy_move_captured(m)) - threshold;
	if (swap < 0)
		return false;
	swap = eval_piece_value(gy_move_after(m)) - swap;
	if (swap <= 0)
		return true;
	gy_bb occ = gy_pos_occupied(p) | gy_bbt.square[to];
	if (!gy_move_is_drop(m))
		occ ^= gy_bbt.square[gy_move_from(m)];
	int stm = p->side;
	gy_bb attackers = (gy_pos_attackers(p, to, GY_BLACK, occ) | gy_pos_attackers(p, to, GY_WHITE, occ)) & occ;
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
		swap = eval_piece_value(pt) - swap;
		if (swap < res)
			break;
		occ ^= gy_bbt.square[gy_bb_lsb(b)];
		attackers = gy_pos_attackers(p, to, GY_BLACK, occ) | gy_pos_attackers(p, to, GY_WHITE, occ);
	}
	return res != 0;
}
