/*
 * gyoku/types.h: the scalar vocabulary of libgyoku: colours, squares,
 * piece types, pieces, moves and hands.
 *
 * Squares are numbered file-major, as seen from Sente:
 *     sq = (file - 1) * 9 + (rank - 1)
 * so 1a (the top-right corner) is 0, 9i (bottom-left) is 80, and a file is
 * nine consecutive squares.  Rank 1 is Gote's back rank; Sente moves toward
 * smaller ranks, i.e. toward sq - 1.
 */
#ifndef GYOKU_TYPES_H
#define GYOKU_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Colours.  Sente (Black) moves first in an even game. */
enum gy_color { GY_BLACK = 0, GY_WHITE = 1, GY_COLOR_NB = 2 };

/* A square index 0..80; GY_SQ_NONE marks "no square" (a missing king). */
typedef int gy_sq;
enum { GY_SQ_NB = 81, GY_SQ_NONE = 81, GY_FILE_NB = 9, GY_RANK_NB = 9 };

/*
 * Piece types.  A promoted type is its base type plus GY_PROMOTED, so
 * promotion is `pt | GY_PROMOTED` and demotion `pt & ~GY_PROMOTED` for the
 * six promotable types.  The seven types that can be held in hand are
 * 1..7 (GY_HAND_NB - 1 is the last).
 */
enum gy_ptype {
	GY_NO_PTYPE = 0,
	GY_PAWN = 1,
	GY_LANCE = 2,
	GY_KNIGHT = 3,
	GY_SILVER = 4,
	GY_BISHOP = 5,
	GY_ROOK = 6,
	GY_GOLD = 7,
	GY_KING = 8,
	GY_PRO_PAWN = 9,
	GY_PRO_LANCE = 10,
	GY_PRO_KNIGHT = 11,
	GY_PRO_SILVER = 12,
	GY_HORSE = 13,
	GY_DRAGON = 14,
	GY_PTYPE_NB = 15,
	GY_PROMOTED = 8,
	GY_HAND_NB = 8 /* hand types are 1..7 */
};

/*
 * A piece on the board: its type in bits 0-3, its colour in bit 4.
 * GY_NO_PIECE (0) is an empty square.
 */
typedef int gy_piece;
enum { GY_NO_PIECE = 0, GY_WHITE_BIT = 16, GY_PIECE_NB = 32 };

static inline gy_piece gy_make_piece(int color, int pt) { return pt | (color << 4); }
static inline int gy_piece_type(gy_piece pc) { return pc & 15; }
static inline int gy_piece_color(gy_piece pc) { return pc >> 4; }
static inline bool gy_ptype_can_promote(int pt) { return pt >= GY_PAWN && pt <= GY_ROOK; }
/* The unpromoted type of `pt` (the type a captured piece takes in hand). */
static inline int gy_ptype_demote(int pt) { return pt > GY_KING ? pt - GY_PROMOTED : pt; }

static inline int gy_file_of(gy_sq sq) { return sq / 9 + 1; }
static inline int gy_rank_of(gy_sq sq) { return sq % 9 + 1; }
static inline gy_sq gy_make_sq(int file, int rank) { return (file - 1) * 9 + (rank - 1); }

/* The rank as seen by `color`: 1 is the far (promotion-zone) edge. */
static inline int gy_relative_rank(int color, gy_sq sq)
{
	return color == GY_BLACK ? gy_rank_of(sq) : 10 - gy_rank_of(sq);
}

/* True when `sq` is in `color`'s promotion zone (its far three ranks). */
static inline bool gy_in_zone(int color, gy_sq sq) { return gy_relative_rank(color, sq) <= 3; }

/*
 * A move, 32 bits:
 *
 *   31      24 23    20 19    16 15 14 13     7 6      0
 *  +----------+--------+--------+--+--+--------+--------+
 *  | (zero)   |captured| moved  |pr|dr|  from  |   to   |
 *  +----------+--------+--------+--+--+--------+--------+
 *
 *   to        destination square 0..80
 *   from      origin square 0..80; for a drop, the dropped piece type 1..7
 *   dr        set for a drop
 *   pr        set when the move promotes
 *   moved     type of the moving piece before the move (1..14)
 *   captured  type of the captured piece as it stood (0..14), 0 if none
 *
 * GY_MOVE_NONE (0) is never a valid move (a move from 1a to 1a).
 */
typedef uint32_t gy_move;
enum { GY_MOVE_NONE = 0, GY_MOVE_DROP = 1 << 14, GY_MOVE_PROMOTE = 1 << 15 };

static inline gy_move gy_make_move(gy_sq from, gy_sq to, int moved, int captured, bool promote)
{
	return (gy_move)to | (gy_move)from << 7 | (promote ? GY_MOVE_PROMOTE : 0) | (gy_move)moved << 16 |
	       (gy_move)captured << 20;
}
static inline gy_move gy_make_drop(int pt, gy_sq to)
{
	return (gy_move)to | (gy_move)pt << 7 | GY_MOVE_DROP | (gy_move)pt << 16;
}
static inline gy_sq gy_move_to(gy_move m) { return (gy_sq)(m & 127); }
static inline gy_sq gy_move_from(gy_move m) { return (gy_sq)(m >> 7 & 127); }
static inline bool gy_move_is_drop(gy_move m) { return (m & GY_MOVE_DROP) != 0; }
static inline bool gy_move_is_promotion(gy_move m) { return (m & GY_MOVE_PROMOTE) != 0; }
static inline int gy_move_drop_type(gy_move m) { return (int)(m >> 7 & 127); }
static inline int gy_move_moved(gy_move m) { return (int)(m >> 16 & 15); }
static inline int gy_move_captured(gy_move m) { return (int)(m >> 20 & 15); }
/* The type of the moving piece after the move. */
static inline int gy_move_after(gy_move m) { return gy_move_moved(m) | (gy_move_is_promotion(m) ? GY_PROMOTED : 0); }

/*
 * A hand: the pieces one side holds, packed in one word so that "hand a
 * holds at least as many of every type as hand b" is one subtraction and a
 * mask (gy_hand_dominates).  Each field has a zero guard bit above it that
 * catches the borrow of a field that would go negative.
 *
 *   bit  31 30 29-28 27 26 25-24 23 22-20 19 18-16 15 14-12 11 10-8 7-5  4-0
 *       +--+--+-----+--+--+-----+--+-----+--+-----+--+-----+--+----+---+-----+
 *       | 0| g|  R  | 0| g|  B  | g|  G  | g|  S  | g|  N  | g|  L | g |  P  |
 *       +--+--+-----+--+--+-----+--+-----+--+-----+--+-----+--+----+---+-----+
 *
 *   P 0-18 in bits 0-4, L 0-4 in 8-10, N 0-4 in 12-14, S 0-4 in 16-18,
 *   G 0-4 in 20-22, B 0-2 in 24-25, R 0-2 in 28-29; g = guard bit.
 */
typedef uint32_t gy_hand;
enum { GY_HAND_BORROW = 1u << 5 | 1u << 11 | 1u << 15 | 1u << 19 | 1u << 23 | 1u << 26 | 1u << 30 };

static inline int gy_hand_shift(int pt)
{
	static const int8_t shift[GY_HAND_NB] = {0, 0, 8, 12, 16, 24, 28, 20};
	return shift[pt];
}
static inline uint32_t gy_hand_mask(int pt)
{
	static const uint32_t mask[GY_HAND_NB] = {0, 31, 7, 7, 7, 3, 3, 7};
	return mask[pt];
}
static inline int gy_hand_count(gy_hand h, int pt) { return (int)(h >> gy_hand_shift(pt) & gy_hand_mask(pt)); }
static inline gy_hand gy_hand_one(int pt) { return (gy_hand)1 << gy_hand_shift(pt); }
/* True when `a` holds at least as many pieces of every type as `b`. */
static inline bool gy_hand_dominates(gy_hand a, gy_hand b) { return ((a - b) & GY_HAND_BORROW) == 0; }

#endif
