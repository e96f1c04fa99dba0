/*
 * gyoku/position.h: a shogi position (board, hands, side to move, move
 * number) with incremental Zobrist keys, do/undo, and the derived check
 * information the move generators need.
 *
 * struct gy_pos is a plain value: caller-allocated, copyable with `=`.
 * gy_init() (init.h) must have run before any function here is used.
 * Functions taking a const position are safe to call from several threads
 * at once on different or the same position.
 */
#ifndef GYOKU_POSITION_H
#define GYOKU_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard.h"
#include "err.h"
#include "types.h"

/*
 * Invariants (checked by gy_pos_is_ok):
 * - board[sq] is the piece on sq; by_type/by_color are the same pieces as
 *   bitboards; king[c] is c's king square or GY_SQ_NONE.
 * - board_key is the XOR of gy_zobrist.psq[piece][sq] over the board, plus
 *   gy_zobrist.side when White is to move; hand_key is the sum of
 *   count * gy_zobrist.hand[c][pt] over both hands.
 * - checkers are the opponent's pieces attacking the side to move's king;
 *   pinned are the side to move's pieces that shield its king from an
 *   opponent slider.
 */
struct gy_pos {
	gy_bb by_color[GY_COLOR_NB];
	gy_bb by_type[GY_PTYPE_NB];
	gy_bb checkers;
	gy_bb pinned;
	uint64_t board_key;
	uint64_t hand_key;
	gy_hand hand[GY_COLOR_NB];
	int side;    /* colour to move */
	int movenum; /* SFEN move number: 1 for the first move of the game */
	gy_sq king[GY_COLOR_NB];
	uint8_t board[GY_SQ_NB];
};

/* What gy_pos_do saves so that gy_pos_undo can restore the position. */
struct gy_undo {
	gy_bb checkers;
	gy_bb pinned;
	uint64_t board_key;
	uint64_t hand_key;
};

/* Zobrist random numbers; filled by gy_init(). */
struct gy_zobrist_tables {
	uint64_t psq[GY_PIECE_NB][GY_SQ_NB];
	uint64_t hand[GY_COLOR_NB][GY_HAND_NB];
	uint64_t side;
};
extern struct gy_zobrist_tables gy_zobrist;

static inline gy_bb gy_pos_occupied(const struct gy_pos *p) { return p->by_color[0] | p->by_color[1]; }
static inline gy_bb gy_pos_pieces(const struct gy_pos *p, int color, int pt)
{
	return p->by_color[color] & p->by_type[pt];
}
static inline gy_piece gy_pos_piece_on(const struct gy_pos *p, gy_sq sq) { return p->board[sq]; }
static inline bool gy_pos_in_check(const struct gy_pos *p) { return p->checkers != 0; }
/* The position key: board, side to move and both hands. */
static inline uint64_t gy_pos_key(const struct gy_pos *p) { return p->board_key + p->hand_key; }

/* Pieces of both colours that move like a gold (gold and promoted minors). */
static inline gy_bb gy_pos_golds(const struct gy_pos *p)
{
	return p->by_type[GY_GOLD] | p->by_type[GY_PRO_PAWN] | p->by_type[GY_PRO_LANCE] | p->by_type[GY_PRO_KNIGHT] |
	       p->by_type[GY_PRO_SILVER];
}

/* Pieces of `color` that attack `sq`, with `occ` as the occupancy. */
gy_bb gy_pos_attackers(const struct gy_pos *p, gy_sq sq, int color, gy_bb occ);

/* True when a piece of `color` attacks `sq`, with `occ` as the occupancy (faster than gy_pos_attackers). */
bool gy_pos_attacked_by(const struct gy_pos *p, gy_sq sq, int color, gy_bb occ);

/* True when `color` attacks `sq` (occupancy as on the board). */
static inline bool gy_pos_attacked(const struct gy_pos *p, gy_sq sq, int color)
{
	return gy_pos_attacked_by(p, sq, color, gy_pos_occupied(p));
}

/*
 * Pieces of either colour that stand alone between the king of
 * `king_color` and a slider of the other colour: the king's pinned pieces
 * (own colour) and discovered-check candidates (the slider owner's).
 */
gy_bb gy_pos_blockers(const struct gy_pos *p, int king_color);

/* Empties `p`: no pieces, empty hands, Black to move, move 1. */
void gy_pos_clear(struct gy_pos *p);

/* Sets the even-game start position. */
void gy_pos_set_start(struct gy_pos *p);

/* Puts `pc` on the empty square `sq` (setup only; keys kept up to date). */
void gy_pos_put(struct gy_pos *p, gy_piece pc, gy_sq sq);

/* Sets `color`'s count of hand type `pt` (1..7) (setup only). */
void gy_pos_set_hand(struct gy_pos *p, int color, int pt, int count);

/*
 * Adds to `color`'s hand every piece of the set (2 rooks, 2 bishops, 4
 * golds, 4 silvers, 4 knights, 4 lances, 18 pawns; promoted pieces count
 * as their unpromoted kind) found neither on the board nor in a hand: the
 * tsume convention "the defender holds the rest of the pieces", applied
 * only when asked for (no reader does it unless the text says so, as
 * KIF's 残りの駒全部 and CSA's 00AL do).  The hand key is kept up to date;
 * nothing else changes.
 */
void gy_pos_give_rest_to(struct gy_pos *p, int color);

/*
 * Recomputes the derived state (kings, keys, checkers, pinned) after setup
 * with gy_pos_put/gy_pos_set_hand.
 */
void gy_pos_update(struct gy_pos *p);

/*
 * Plays `m`, which must be legal in `p` (see movegen.h), saving what undo
 * needs in `u`.  Captures go to the mover's hand unpromoted.
 */
void gy_pos_do(struct gy_pos *p, gy_move m, struct gy_undo *u);

/* Takes back `m`, the last move played with gy_pos_do(p, m, u). */
void gy_pos_undo(struct gy_pos *p, gy_move m, const struct gy_undo *u);

/*
 * True when the pseudo-legal move `m` (from a generator of movegen.h) does
 * not leave the mover's king attacked.
 */
bool gy_pos_is_legal(const struct gy_pos *p, gy_move m);

/* True when the legal move `m` gives check. */
bool gy_pos_gives_check(const struct gy_pos *p, gy_move m);

/*
 * What makes a move of the side to move give check, worked out once for
 * many moves: for each piece type, the squares from which a piece of the
 * mover's colour attacks the opponent king (a move checks directly when
 * its piece, as it stands after the move, lands on one), and the mover's
 * pieces that uncover a slider when they leave its line.
 */
struct gy_check_info {
	gy_bb sq[GY_PTYPE_NB];
	gy_bb disc;
	gy_sq ksq; /* the opponent king (GY_SQ_NONE: none, and no move checks) */
};

void gy_check_info_init(const struct gy_pos *p, struct gy_check_info *ci);

/* gy_pos_gives_check for the legal move `m`, from the position's check info. */
static inline bool gy_check_info_gives(const struct gy_check_info *ci, gy_move m)
{
	gy_sq to = gy_move_to(m), from = gy_move_from(m);
	if (gy_bb_test(ci->sq[gy_move_after(m)], to))
		return true;
	return !gy_move_is_drop(m) && gy_bb_test(ci->disc, from) && !gy_aligned(ci->ksq, from, to);
}

/*
 * True when dropping a pawn of the side to move on `sq` would checkmate
 * the opponent (uchifuzume).  Meaningful when the pawn would give check.
 */
bool gy_pos_pawn_drop_mates(const struct gy_pos *p, gy_sq sq);

/*
 * Re-derives everything (bitboards from the board, keys, kings, hands,
 * checkers, pinned) and compares.  Returns true when consistent.
 */
bool gy_pos_is_ok(const struct gy_pos *p);

#endif
