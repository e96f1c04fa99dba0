/*
 * engine/movepick.c: the staged move picker (movepick.h).  Each stage
 * generates its kind into the picker's array, scores it, and hands moves
 * out by partial selection sort, so a cutoff on the first move costs one
 * scan.
 */
#include "movepick.h"

#include <stddef.h>

#include "eval.h"
#include "see.h"

enum {
	ST_TT,
	ST_CAPTURES_INIT,
	ST_GOOD_CAPTURES,
	ST_KILLER0,
	ST_KILLER1,
	ST_COUNTER,
	ST_QUIETS_INIT,
	ST_QUIETS,
	ST_BAD_CAPTURES,
	ST_END,
	ST_EVASION_TT,
	ST_EVASIONS_INIT,
	ST_EVASIONS,
	ST_QS_TT,
	ST_QS_CAPTURES_INIT,
	ST_QS_CAPTURES,
	ST_QS_PROMOTIONS_INIT,
	ST_QS_PROMOTIONS,
	ST_QS_CHECKS_INIT,
	ST_QS_CHECKS
};

void gy__picker_init(struct picker *mp, const struct gy_pos *p, const struct history *h, const cont_table *cont[2],
		     gy_move tt_move, const gy_move killer[2], gy_move counter)
{
	mp->p = p;
	mp->h = h;
	mp->cont[0] = cont[0];
	mp->cont[1] = cont[1];
	mp->tt_move = tt_move && gy_move_is_legal(p, tt_move) ? tt_move : GY_MOVE_NONE;
	mp->killer[0] = killer[0];
	mp->killer[1] = killer[1];
	mp->counter = counter;
	mp->stage = gy_pos_in_check(p) ? ST_EVASION_TT : ST_TT;
	if (!mp->tt_move)
		mp->stage++;
	mp->cur = mp->end = mp->bad_end = 0;
	mp->ci_ok = false;
}

void gy__picker_init_qs(struct picker *mp, const struct gy_pos *p, const struct history *h, gy_move tt_move,
			bool checks)
{
	mp->p = p;
	mp->h = h;
	mp->cont[0] = mp->cont[1] = NULL;
	mp->killer[0] = mp->killer[1] = mp->counter = GY_MOVE_NONE;
	bool in_check = gy_pos_in_check(p);
	mp->tt_move = tt_move && (in_check || gy_move_captured(tt_move) || gy_move_is_promotion(tt_move)) &&
				      gy_move_is_legal(p, tt_move)
			      ? tt_move
			      : GY_MOVE_NONE;
	mp->stage = in_check ? ST_EVASION_TT : ST_QS_TT;
	if (!mp->tt_move)
		mp->stage++;
	mp->checks = checks;
	mp->cur = mp->end = mp->bad_end = 0;
	mp->ci_ok = false;
}

bool gy__picker_gives_check(struct picker *mp, gy_move m)
{
	if (!mp->ci_ok) {
		gy_check_info_init(mp->p, &mp->ci);
		mp->ci_ok = true;
	}
	return gy_check_info_gives(&mp->ci, m);
}

/* A quiescence promotion: a quiet promotion of a pawn, bishop or rook. */
static bool qs_promotion(gy_move m)
{
	int pt = gy_move_moved(m);
	return !gy_move_captured(m) && gy_move_is_promotion(m) && (pt == GY_PAWN || pt == GY_BISHOP || pt == GY_ROOK);
}

/* Generates `kind` into the array, dropping the futile non-promotions and the hash move. */
static void generate(struct picker *mp, enum gy_gen_kind kind)
{
	struct gy_movelist list;
	list.n = 0;
	gy_gen(mp->p, kind, &list);
	int side = mp->p->side;
	mp->cur = mp->end = 0;
	for (int i = 0; i < list.n; i++) {
		gy_move m = list.moves[i];
		if (m == mp->tt_move || move_is_futile_nonpromotion(side, m))
			continue;
		mp->moves[mp->end++] = m;
	}
}

/*
 * The quiet promotions of pawns, bishops and rooks, in the order
 * generate(GY_GEN_QUIETS) would give them (pawns by square, then bishops
 * and rooks by origin and square), without generating the other quiets.
 */
static void generate_qs_promotions(struct picker *mp)
{
	const struct gy_pos *p = mp->p;
	int us = p->side;
	gy_bb occ = gy_pos_occupied(p), empty = ~occ & GY_BB_ALL, own = p->by_color[us], zone = gy_bbt.zone[us];
	mp->cur = mp->end = 0;
	gy_bb pawns = p->by_type[GY_PAWN] & own & gy_bbt.movable[us][GY_PAWN];
	gy_bb to_bb = (us == GY_BLACK ? pawns >> 1 : pawns << 1) & empty & zone;
	while (to_bb) {
		gy_sq to = gy_bb_pop(&to_bb);
		gy_move m = gy_make_move(us == GY_BLACK ? to + 1 : to - 1, to, GY_PAWN, 0, true);
		if (m != mp->tt_move)
			mp->moves[mp->end++] = m;
	}
	for (int pt = GY_BISHOP; pt <= GY_ROOK; pt++) {
		gy_bb pieces = p->by_type[pt] & own;
		while (pieces) {
			gy_sq from = gy_bb_pop(&pieces);
			gy_bb att = gy_attacks(us, pt, from, occ) & empty & (gy_in_zone(us, from) ? GY_BB_ALL : zone);
			while (att) {
				gy_move m = gy_make_move(from, gy_bb_pop(&att), pt, 0, true);
				if (m != mp->tt_move)
					mp->moves[mp->end++] = m;
			}
		}
	}
}

/* generate(), keeping only the moves `keep` accepts. */
static void generate_where(struct picker *mp, enum gy_gen_kind kind, bool (*keep)(gy_move))
{
	generate(mp, kind);
	int kept = 0;
	for (int i = 0; i < mp->end; i++)
		if (keep(mp->moves[i]))
			mp->moves[kept++] = mp->moves[i];
	mp->end = kept;
}

/* A quiescence check: a check that is neither a capture nor a quiescence promotion (handed out before). */
static bool qs_check(gy_move m) { return !gy_move_captured(m) && !qs_promotion(m); }

static void score_captures(struct picker *mp)
{
	int side = mp->p->side;
	for (int i = 0; i < mp->end; i++) {
		gy_move m = mp->moves[i];
		int victim = gy_move_captured(m);
		mp->scores[i] = 8 * gy__eval_piece_value(victim) + (gy_move_is_promotion(m) ? 400 : 0) +
				mp->h->capture[move_piece(side, m)][gy_move_to(m)][victim] / 8;
	}
}

static void score_quiets(struct picker *mp)
{
	int side = mp->p->side;
	for (int i = 0; i < mp->end; i++) {
		gy_move m = mp->moves[i];
		int pc = move_piece(side, m), to = gy_move_to(m);
		int s = mp->h->main[side][move_origin(m)][to];
		if (mp->cont[0])
			s += (*mp->cont[0])[pc][to];
		if (mp->cont[1])
			s += (*mp->cont[1])[pc][to];
		if (gy_move_is_promotion(m))
			s += 2000;
		/* Checks that do not simply lose the piece come early. */
		if (gy__picker_gives_check(mp, m) && gy__see_ge(mp->p, m, -75))
			s += 16384;
		mp->scores[i] = s;
	}
}

static void score_evasions(struct picker *mp)
{
	int side = mp->p->side;
	for (int i = 0; i < mp->end; i++) {
		gy_move m = mp->moves[i];
		if (gy_move_captured(m))
			mp->scores[i] = 1000000 + 8 * gy__eval_piece_value(gy_move_captured(m)) - gy_move_moved(m);
		else
			mp->scores[i] = mp->h->main[side][move_origin(m)][gy_move_to(m)];
	}
}

/* Moves the best-scored remaining move to the front and returns it. */
static gy_move pick_best(struct picker *mp)
{
	int best = mp->cur;
	for (int i = mp->cur + 1; i < mp->end; i++)
		if (mp->scores[i] > mp->scores[best])
			best = i;
	gy_move m = mp->moves[best];
	int s = mp->scores[best];
	mp->moves[best] = mp->moves[mp->cur];
	mp->scores[best] = mp->scores[mp->cur];
	mp->moves[mp->cur] = m;
	mp->scores[mp->cur] = s;
	mp->cur++;
	return m;
}

/* A killer or counter move worth trying: legal here, quiet, not already tried. */
static bool special_ok(const struct picker *mp, gy_move m)
{
	return m && m != mp->tt_move && !gy_move_captured(m) && !move_is_futile_nonpromotion(mp->p->side, m) &&
	       gy_move_is_legal(mp->p, m);
}

gy_move gy__picker_next(struct picker *mp, bool skip_quiets)
{
	for (;;) {
		switch (mp->stage) {
		case ST_TT:
		case ST_EVASION_TT:
		case ST_QS_TT: mp->stage++; return mp->tt_move;
		case ST_CAPTURES_INIT:
		case ST_QS_CAPTURES_INIT:
			generate(mp, GY_GEN_CAPTURES);
			score_captures(mp);
			mp->bad_end = 0;
			mp->stage++;
			break;
		case ST_GOOD_CAPTURES:
			while (mp->cur < mp->end) {
				gy_move m = pick_best(mp);
				if (gy__see_ge(mp->p, m, 0))
					return m;
				mp->bad[mp->bad_end++] = m;
			}
			mp->stage++;
			break;
		case ST_KILLER0:
		case ST_KILLER1: {
			gy_move k = mp->killer[mp->stage - ST_KILLER0];
			mp->stage++;
			if (!skip_quiets && special_ok(mp, k) && (mp->stage == ST_KILLER1 || k != mp->killer[0]))
				return k;
			break;
		}
		case ST_COUNTER: {
			gy_move c = mp->counter;
			mp->stage++;
			if (!skip_quiets && c != mp->killer[0] && c != mp->killer[1] && special_ok(mp, c))
				return c;
			break;
		}
		case ST_QUIETS_INIT:
			mp->stage++;
			if (skip_quiets) {
				mp->cur = mp->end = 0;
				break;
			}
			generate(mp, GY_GEN_QUIETS);
			{
				/* Drops after the board moves, in the same array. */
				struct gy_movelist drops;
				drops.n = 0;
				gy_gen(mp->p, GY_GEN_DROPS, &drops);
				for (int i = 0; i < drops.n && mp->end < GY_MAX_MOVES; i++)
					if (drops.moves[i] != mp->tt_move)
						mp->moves[mp->end++] = drops.moves[i];
			}
			score_quiets(mp);
			break;
		case ST_QUIETS:
			while (!skip_quiets && mp->cur < mp->end) {
				gy_move m = pick_best(mp);
				if (m != mp->killer[0] && m != mp->killer[1] && m != mp->counter)
					return m;
			}
			mp->stage++;
			mp->cur = 0;
			break;
		case ST_BAD_CAPTURES:
			if (mp->cur < mp->bad_end)
				return mp->bad[mp->cur++];
			mp->stage = ST_END;
			break;
		case ST_EVASIONS_INIT:
			generate(mp, GY_GEN_EVASIONS);
			score_evasions(mp);
			mp->stage++;
			break;
		case ST_EVASIONS:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage = ST_END;
			break;
		case ST_QS_CAPTURES:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage++;
			break;
		case ST_QS_PROMOTIONS_INIT:
			/* Quiet promotions of a pawn, bishop or rook: the gains a capture search would miss. */
			generate_qs_promotions(mp);
			score_captures(mp);
			mp->stage++;
			break;
		case ST_QS_PROMOTIONS:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage = mp->checks ? ST_QS_CHECKS_INIT : ST_END;
			break;
		case ST_QS_CHECKS_INIT:
			generate_where(mp, GY_GEN_CHECKS, qs_check);
			score_quiets(mp);
			mp->stage++;
			break;
		case ST_QS_CHECKS:
			if (mp->cur < mp->end)
				return pick_best(mp);
			mp->stage = ST_END;
			break;
		default: return GY_MOVE_NONE;
		}
	}
}
