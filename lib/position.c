/*
 * lib/position.c: the position: setup, Zobrist keys, do/undo, attacks,
 * pins, legality of pseudo-legal moves, and the whole-state check.
 *
 * Invariants (position.h): the mailbox, the bitboards, the kings, the
 * hands and both keys describe the same position; checkers and pinned are
 * those of the side to move.  gy_pos_do/gy_pos_undo keep all of them
 * incrementally; the debug build (GY_DEBUG) re-derives them after each.
 */
#include "gyoku/position.h"

#include <assert.h>
#include <string.h>

#include "gyoku/usi.h"
#include "zobrist_init.h"

struct gy_zobrist_tables gy_zobrist;

#ifdef GY_DEBUG
#define DEBUG_CHECK(p) assert(gy_pos_is_ok(p))
#else
#define DEBUG_CHECK(p) ((void)0)
#endif

/* splitmix64: a fixed sequence, so keys are the same on every run. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

void gy__zobrist_init(void)
{
	uint64_t state = 0x67796F6B75ull; /* "gyoku" */
	memset(&gy_zobrist, 0, sizeof gy_zobrist);
	for (int pc = 0; pc < GY_PIECE_NB; pc++)
		for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
			gy_zobrist.psq[pc][sq] = next_random(&state) & ~1ull;
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 1; pt < GY_HAND_NB; pt++)
			gy_zobrist.hand[c][pt] = next_random(&state) & ~1ull;
	/* The side to move is bit 0 of the key: hand sums keep bit 0 clear. */
	gy_zobrist.side = 1;
}

gy_bb gy_pos_attackers(const struct gy_pos *p, gy_sq sq, int color, gy_bb occ)
{
	/* A piece of `color` on x attacks sq exactly when sq's pattern for the other colour contains x. */
	int them = color ^ 1;
	gy_bb golds = gy_pos_golds(p);
	gy_bb hdk = p->by_type[GY_HORSE] | p->by_type[GY_DRAGON] | p->by_type[GY_KING];
	gy_bb bb = (gy_bbt.pawn[them][sq] & p->by_type[GY_PAWN]) | (gy_bbt.knight[them][sq] & p->by_type[GY_KNIGHT]) |
		   (gy_bbt.silver[them][sq] & p->by_type[GY_SILVER]) | (gy_bbt.gold[them][sq] & golds) |
		   (gy_bbt.king[sq] & hdk) | (gy_lance_attacks(them, sq, occ) & p->by_type[GY_LANCE]) |
		   (gy_bishop_attacks(sq, occ) & (p->by_type[GY_BISHOP] | p->by_type[GY_HORSE])) |
		   (gy_rook_attacks(sq, occ) & (p->by_type[GY_ROOK] | p->by_type[GY_DRAGON]));
	return bb & p->by_color[color];
}

bool gy_pos_attacked_by(const struct gy_pos *p, gy_sq sq, int color, gy_bb occ)
{
	/* Step attackers first; a slider's rays are walked only when one stands on its lines. */
	int them = color ^ 1;
	gy_bb own = p->by_color[color];
	gy_bb hdk = p->by_type[GY_HORSE] | p->by_type[GY_DRAGON] | p->by_type[GY_KING];
	if (((gy_bbt.pawn[them][sq] & p->by_type[GY_PAWN]) | (gy_bbt.knight[them][sq] & p->by_type[GY_KNIGHT]) |
	     (gy_bbt.silver[them][sq] & p->by_type[GY_SILVER]) | (gy_bbt.gold[them][sq] & gy_pos_golds(p)) |
	     (gy_bbt.king[sq] & hdk)) &
	    own)
		return true;
	gy_bb rooks = (p->by_type[GY_ROOK] | p->by_type[GY_DRAGON]) & own;
	gy_bb bishops = (p->by_type[GY_BISHOP] | p->by_type[GY_HORSE]) & own;
	gy_bb lances = p->by_type[GY_LANCE] & own & gy_bbt.ray[color == GY_BLACK ? GY_DIR_S : GY_DIR_N][sq];
	if ((rooks | lances) & (gy_bbt.line[0][sq] | gy_bbt.line[1][sq])) {
		if (gy_rook_attacks(sq, occ) & rooks)
			return true;
		if (lances && (gy_lance_attacks(them, sq, occ) & lances))
			return true;
	}
	return (bishops & (gy_bbt.line[2][sq] | gy_bbt.line[3][sq])) && (gy_bishop_attacks(sq, occ) & bishops);
}

gy_bb gy_pos_blockers(const struct gy_pos *p, int king_color)
{
	gy_sq ksq = p->king[king_color];
	int them = king_color ^ 1;
	gy_bb occ = gy_pos_occupied(p), result = 0;
	/* Sliders of the other colour that would attack the king on an empty board. */
	gy_bb snipers = ((gy_bbt.ray[GY_DIR_N][ksq] | gy_bbt.ray[GY_DIR_S][ksq] | gy_bbt.ray[GY_DIR_E][ksq] |
			  gy_bbt.ray[GY_DIR_W][ksq]) &
			 (p->by_type[GY_ROOK] | p->by_type[GY_DRAGON])) |
			((gy_bbt.ray[GY_DIR_NE][ksq] | gy_bbt.ray[GY_DIR_SW][ksq] | gy_bbt.ray[GY_DIR_NW][ksq] |
			  gy_bbt.ray[GY_DIR_SE][ksq]) &
			 (p->by_type[GY_BISHOP] | p->by_type[GY_HORSE])) |
			(gy_bbt.ray[king_color == GY_BLACK ? GY_DIR_N : GY_DIR_S][ksq] & p->by_type[GY_LANCE]);
	snipers &= p->by_color[them];
	while (snipers) {
		gy_bb b = gy_between(ksq, gy_bb_pop(&snipers)) & occ;
		if (b && !gy_bb_more_than_one(b))
			result |= b;
	}
	return result;
}

/* Recomputes checkers and pinned for the side to move. */
static void update_check_info(struct gy_pos *p)
{
	int us = p->side;
	p->checkers = gy_pos_attackers(p, p->king[us], us ^ 1, gy_pos_occupied(p));
	p->pinned = gy_pos_blockers(p, us) & p->by_color[us];
}

static inline void put_piece(struct gy_pos *p, gy_piece pc, gy_sq sq)
{
	gy_bb b = gy_bbt.square[sq];
	p->board[sq] = (uint8_t)pc;
	p->by_color[gy_piece_color(pc)] |= b;
	p->by_type[gy_piece_type(pc)] |= b;
	p->board_key ^= gy_zobrist.psq[pc][sq];
}

static inline void remove_piece(struct gy_pos *p, gy_sq sq)
{
	gy_piece pc = p->board[sq];
	gy_bb b = gy_bbt.square[sq];
	p->board[sq] = GY_NO_PIECE;
	p->by_color[gy_piece_color(pc)] ^= b;
	p->by_type[gy_piece_type(pc)] ^= b;
	p->board_key ^= gy_zobrist.psq[pc][sq];
}

void gy_pos_clear(struct gy_pos *p)
{
	memset(p, 0, sizeof *p);
	p->king[GY_BLACK] = p->king[GY_WHITE] = GY_SQ_NONE;
	p->movenum = 1;
}

void gy_pos_put(struct gy_pos *p, gy_piece pc, gy_sq sq)
{
	assert(p->board[sq] == GY_NO_PIECE);
	put_piece(p, pc, sq);
	if (gy_piece_type(pc) == GY_KING)
		p->king[gy_piece_color(pc)] = sq;
}

void gy_pos_set_hand(struct gy_pos *p, int color, int pt, int count)
{
	int old = gy_hand_count(p->hand[color], pt);
	p->hand[color] += (gy_hand)(count - old) * gy_hand_one(pt);
	p->hand_key += (uint64_t)(int64_t)(count - old) * gy_zobrist.hand[color][pt];
}

void gy_pos_give_rest_to(struct gy_pos *p, int color)
{
	static const int set_count[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
	int found[GY_HAND_NB] = {0};
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		int pt = p->board[sq] == GY_NO_PIECE ? 0 : gy_ptype_demote(gy_piece_type(p->board[sq]));
		if (pt >= GY_PAWN && pt < GY_HAND_NB)
			found[pt]++;
	}
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++) {
		int rest = set_count[pt] - found[pt] - gy_hand_count(p->hand[GY_BLACK], pt) -
			   gy_hand_count(p->hand[GY_WHITE], pt);
		if (rest > 0)
			gy_pos_set_hand(p, color, pt, gy_hand_count(p->hand[color], pt) + rest);
	}
}

void gy_pos_update(struct gy_pos *p)
{
	p->king[GY_BLACK] = p->king[GY_WHITE] = GY_SQ_NONE;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		gy_bb k = gy_pos_pieces(p, c, GY_KING);
		if (k)
			p->king[c] = gy_bb_lsb(k);
	}
	p->board_key = p->side == GY_WHITE ? gy_zobrist.side : 0;
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (p->board[sq])
			p->board_key ^= gy_zobrist.psq[p->board[sq]][sq];
	p->hand_key = 0;
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 1; pt < GY_HAND_NB; pt++)
			p->hand_key += (uint64_t)gy_hand_count(p->hand[c], pt) * gy_zobrist.hand[c][pt];
	update_check_info(p);
}

void gy_pos_set_start(struct gy_pos *p)
{
	enum gy_err err = gy_sfen_parse(p, GY_SFEN_START, sizeof GY_SFEN_START - 1, GY_SFEN_STRICT, NULL);
	assert(err == GY_OK);
	(void)err;
}

void gy_pos_do(struct gy_pos *p, gy_move m, struct gy_undo *u)
{
	int us = p->side;
	gy_sq to = gy_move_to(m);
	u->checkers = p->checkers;
	u->pinned = p->pinned;
	u->board_key = p->board_key;
	u->hand_key = p->hand_key;
	if (gy_move_is_drop(m)) {
		int pt = gy_move_drop_type(m);
		p->hand[us] -= gy_hand_one(pt);
		p->hand_key -= gy_zobrist.hand[us][pt];
		put_piece(p, gy_make_piece(us, pt), to);
	} else {
		gy_sq from = gy_move_from(m);
		int captured = gy_move_captured(m);
		if (captured) {
			int pt = gy_ptype_demote(captured);
			remove_piece(p, to);
			p->hand[us] += gy_hand_one(pt);
			p->hand_key += gy_zobrist.hand[us][pt];
		}
		remove_piece(p, from);
		put_piece(p, gy_make_piece(us, gy_move_after(m)), to);
		if (gy_move_moved(m) == GY_KING)
			p->king[us] = to;
	}
	p->side = us ^ 1;
	p->board_key ^= gy_zobrist.side;
	p->movenum++;
	update_check_info(p);
	DEBUG_CHECK(p);
}

void gy_pos_undo(struct gy_pos *p, gy_move m, const struct gy_undo *u)
{
	int us = p->side ^ 1;
	gy_sq to = gy_move_to(m);
	p->side = us;
	p->movenum--;
	if (gy_move_is_drop(m)) {
		remove_piece(p, to);
		p->hand[us] += gy_hand_one(gy_move_drop_type(m));
	} else {
		gy_sq from = gy_move_from(m);
		int captured = gy_move_captured(m);
		remove_piece(p, to);
		put_piece(p, gy_make_piece(us, gy_move_moved(m)), from);
		if (captured) {
			put_piece(p, gy_make_piece(us ^ 1, captured), to);
			p->hand[us] -= gy_hand_one(gy_ptype_demote(captured));
		}
		if (gy_move_moved(m) == GY_KING)
			p->king[us] = from;
	}
	p->checkers = u->checkers;
	p->pinned = u->pinned;
	p->board_key = u->board_key;
	p->hand_key = u->hand_key;
	DEBUG_CHECK(p);
}

bool gy_pos_is_legal(const struct gy_pos *p, gy_move m)
{
	int us = p->side;
	gy_sq from = gy_move_from(m), to = gy_move_to(m);
	if (gy_move_is_drop(m))
		return true;
	if (gy_move_moved(m) == GY_KING) {
		/* The king must not stand on an attacked square, sliders seeing through its old square. */
		gy_bb occ = gy_pos_occupied(p) ^ gy_bbt.square[from];
		return !gy_pos_attacked_by(p, to, us ^ 1, occ);
	}
	/* A pinned piece may only move along the line through its king. */
	return !gy_bb_test(p->pinned, from) || gy_aligned(p->king[us], from, to);
}

bool gy_pos_gives_check(const struct gy_pos *p, gy_move m)
{
	int us = p->side, them = us ^ 1;
	gy_sq ksq = p->king[them], to = gy_move_to(m);
	if (ksq == GY_SQ_NONE)
		return false;
	gy_bb occ = gy_pos_occupied(p) | gy_bbt.square[to];
	if (gy_move_is_drop(m))
		return gy_bb_test(gy_attacks(us, gy_move_drop_type(m), to, occ), ksq);
	gy_sq from = gy_move_from(m);
	occ ^= gy_bbt.square[from];
	/* Direct check by the piece as it stands after the move. */
	if (gy_bb_test(gy_attacks(us, gy_move_after(m), to, occ), ksq))
		return true;
	/* Discovered check: the mover shielded the king and leaves the line. */
	return gy_bb_test(gy_pos_blockers(p, them), from) && !gy_aligned(ksq, from, to);
}

void gy_check_info_init(const struct gy_pos *p, struct gy_check_info *ci)
{
	int us = p->side, them = us ^ 1;
	gy_sq k = p->king[them];
	ci->ksq = k;
	if (k == GY_SQ_NONE) {
		memset(ci->sq, 0, sizeof ci->sq);
		ci->disc = 0;
		return;
	}
	/* A piece of `us` attacks k from the squares a piece of `them` on k attacks; sliders and golds shared. */
	gy_bb occ = gy_pos_occupied(p), gold = gy_bbt.gold[them][k];
	gy_bb bishop = gy_bishop_attacks(k, occ), rook = gy_rook_attacks(k, occ);
	ci->sq[GY_NO_PTYPE] = ci->sq[GY_KING] = 0;
	ci->sq[GY_PAWN] = gy_bbt.pawn[them][k];
	ci->sq[GY_LANCE] = gy_lance_attacks(them, k, occ);
	ci->sq[GY_KNIGHT] = gy_bbt.knight[them][k];
	ci->sq[GY_SILVER] = gy_bbt.silver[them][k];
	ci->sq[GY_BISHOP] = bishop;
	ci->sq[GY_ROOK] = rook;
	ci->sq[GY_GOLD] = ci->sq[GY_PRO_PAWN] = ci->sq[GY_PRO_LANCE] = ci->sq[GY_PRO_KNIGHT] = ci->sq[GY_PRO_SILVER] =
		gold;
	ci->sq[GY_HORSE] = bishop | gy_bbt.king[k];
	ci->sq[GY_DRAGON] = rook | gy_bbt.king[k];
	ci->disc = gy_pos_blockers(p, them) & p->by_color[us];
}

bool gy_pos_pawn_drop_mates(const struct gy_pos *p, gy_sq sq)
{
	int us = p->side, them = us ^ 1;
	gy_sq ksq = p->king[them];
	gy_bb occ = gy_pos_occupied(p) | gy_bbt.square[sq];
	/* Step 1. The king takes the pawn unless the pawn is defended (the king's own square vacated). */
	if (!gy_pos_attacked_by(p, sq, us, occ ^ gy_bbt.square[ksq]))
		return false;
	/* Step 2. Another defender takes the pawn, unless pinned off that square. */
	gy_bb capturers = gy_pos_attackers(p, sq, them, occ) & ~gy_bbt.square[ksq];
	if (capturers) {
		gy_bb pinned = gy_pos_blockers(p, them) & p->by_color[them];
		while (capturers) {
			gy_sq c = gy_bb_pop(&capturers);
			if (!gy_bb_test(pinned, c) || gy_aligned(ksq, c, sq))
				return false;
		}
	}
	/* Step 3. The king steps to a free square no attacker covers. */
	gy_bb escapes = gy_bbt.king[ksq] & ~p->by_color[them] & ~gy_bbt.square[sq];
	gy_bb occ_noking = occ ^ gy_bbt.square[ksq];
	while (escapes) {
		gy_sq e = gy_bb_pop(&escapes);
		if (!gy_pos_attacked_by(p, e, us, occ_noking))
			return false;
	}
	return true;
}

/* Field-wise equality (padding bytes of the structs may differ). */
static bool same_state(const struct gy_pos *a, const struct gy_pos *b)
{
	for (int c = 0; c < GY_COLOR_NB; c++)
		if (a->by_color[c] != b->by_color[c] || a->hand[c] != b->hand[c] || a->king[c] != b->king[c])
			return false;
	for (int pt = 0; pt < GY_PTYPE_NB; pt++)
		if (a->by_type[pt] != b->by_type[pt])
			return false;
	return a->checkers == b->checkers && a->pinned == b->pinned && a->board_key == b->board_key &&
	       a->hand_key == b->hand_key && a->side == b->side && a->movenum == b->movenum &&
	       memcmp(a->board, b->board, sizeof a->board) == 0;
}

bool gy_pos_is_ok(const struct gy_pos *p)
{
	struct gy_pos q;
	gy_pos_clear(&q);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		gy_piece pc = p->board[sq];
		if (pc == GY_NO_PIECE)
			continue;
		int pt = gy_piece_type(pc);
		if (pt == GY_NO_PTYPE || (pc & ~(GY_WHITE_BIT | 15)))
			return false;
		put_piece(&q, pc, sq);
	}
	q.side = p->side;
	q.movenum = p->movenum;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		q.hand[c] = p->hand[c];
		if (p->hand[c] & (GY_HAND_BORROW | 0xC0u | 1u << 27 | 1u << 31))
			return false;
		if (gy_bb_count(gy_pos_pieces(&q, c, GY_KING)) > 1)
			return false;
	}
	if (p->side != GY_BLACK && p->side != GY_WHITE)
		return false;
	gy_pos_update(&q);
	return same_state(&q, p);
}
