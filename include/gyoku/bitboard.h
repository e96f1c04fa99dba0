/*
 * gyoku/bitboard.h: 81-square bitboards and the attack tables.
 *
 * A bitboard is an unsigned 128-bit integer whose bit `sq` stands for
 * square `sq` (see types.h); bits 81..127 are always zero.  Because squares
 * are numbered file-major, a file is 9 consecutive bits.
 *
 * Step attacks come from tables; sliding attacks walk precomputed rays and
 * stop at the first blocker with branch-free arithmetic: for a ray toward
 * higher squares the first blocker is the lowest set bit (x ^ (x - 1)
 * keeps everything up to it), for a ray toward lower squares it is the
 * highest set bit.  The tables are filled by gy_init() (init.h) and are
 * read-only afterwards.
 */
#ifndef GYOKU_BITBOARD_H
#define GYOKU_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "types.h"

typedef unsigned __int128 gy_bb;

/*
 * Ray directions, seen from Sente: N is toward rank 1, W toward file 9.
 * Opposite directions differ in bit 0, so `d ^ 1` reverses d and `d >> 1`
 * is the axis (file, rank, NE-SW diagonal, NW-SE diagonal).  Square deltas:
 * N -1, S +1, E -9, W +9, NE -10, SW +10, NW +8, SE -8.
 */
enum gy_dir { GY_DIR_N, GY_DIR_S, GY_DIR_E, GY_DIR_W, GY_DIR_NE, GY_DIR_SW, GY_DIR_NW, GY_DIR_SE, GY_DIR_NB };

/* The attack tables.  Index GY_SQ_NONE (81) holds empty sets. */
struct gy_bb_tables {
	gy_bb square[GY_SQ_NB + 1];
	gy_bb file[GY_FILE_NB + 1]; /* by file number 1..9 */
	gy_bb rank[GY_RANK_NB + 1]; /* by rank number 1..9 */
	gy_bb zone[GY_COLOR_NB];    /* promotion zone of each colour */
	gy_bb pawn[GY_COLOR_NB][GY_SQ_NB + 1];
	gy_bb knight[GY_COLOR_NB][GY_SQ_NB + 1];
	gy_bb silver[GY_COLOR_NB][GY_SQ_NB + 1];
	gy_bb gold[GY_COLOR_NB][GY_SQ_NB + 1];
	gy_bb king[GY_SQ_NB + 1];
	gy_bb ray[GY_DIR_NB][GY_SQ_NB + 1];      /* squares strictly beyond sq, to the edge */
	gy_bb line[GY_DIR_NB / 2][GY_SQ_NB + 1]; /* whole line through sq, by axis */
	int8_t dir[GY_SQ_NB + 1][GY_SQ_NB + 1];  /* direction from a to b, or -1 */
	gy_bb movable[GY_COLOR_NB][GY_HAND_NB];  /* squares a piece can ever leave */
};
extern struct gy_bb_tables gy_bbt;

#define GY_BB_ALL ((((gy_bb)1) << 81) - 1)

static inline gy_bb gy_sq_bb(gy_sq sq) { return gy_bbt.square[sq]; }
static inline bool gy_bb_test(gy_bb b, gy_sq sq) { return (b & gy_bbt.square[sq]) != 0; }
static inline uint64_t gy_bb_lo(gy_bb b) { return (uint64_t)b; }
static inline uint64_t gy_bb_hi(gy_bb b) { return (uint64_t)(b >> 64); }

static inline int gy_bb_count(gy_bb b) { return __builtin_popcountll(gy_bb_lo(b)) + __builtin_popcountll(gy_bb_hi(b)); }
static inline bool gy_bb_more_than_one(gy_bb b) { return (b & (b - 1)) != 0; }

/* The lowest square of a non-empty bitboard. */
static inline gy_sq gy_bb_lsb(gy_bb b)
{
	uint64_t lo = gy_bb_lo(b);
	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(gy_bb_hi(b));
}

/* Removes and returns the lowest square of a non-empty bitboard. */
static inline gy_sq gy_bb_pop(gy_bb *b)
{
	gy_sq sq = gy_bb_lsb(*b);
	*b &= *b - 1;
	return sq;
}

/* The index of the highest set bit of x | 1. */
static inline int gy__msb_or0(gy_bb x)
{
	uint64_t hi = gy_bb_hi(x);
	return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(gy_bb_lo(x) | 1);
}

/* Attacks along a ray toward higher squares, up to and including the first blocker. */
static inline gy_bb gy__ray_up(gy_bb occ, gy_bb ray)
{
	gy_bb x = occ & ray;
	return ray & (x ^ (x - 1));
}

/* Attacks along a ray toward lower squares, up to and including the first blocker. */
static inline gy_bb gy__ray_down(gy_bb occ, gy_bb ray)
{
	gy_bb x = occ & ray;
	return ray & (~(gy_bb)0 << gy__msb_or0(x));
}

/* Squares attacked by a lance of `color` on `sq`. */
static inline gy_bb gy_lance_attacks(int color, gy_sq sq, gy_bb occ)
{
	return color == GY_BLACK ? gy__ray_down(occ, gy_bbt.ray[GY_DIR_N][sq])
				 : gy__ray_up(occ, gy_bbt.ray[GY_DIR_S][sq]);
}

static inline gy_bb gy_rook_attacks(gy_sq sq, gy_bb occ)
{
	return gy__ray_down(occ, gy_bbt.ray[GY_DIR_N][sq]) | gy__ray_up(occ, gy_bbt.ray[GY_DIR_S][sq]) |
	       gy__ray_down(occ, gy_bbt.ray[GY_DIR_E][sq]) | gy__ray_up(occ, gy_bbt.ray[GY_DIR_W][sq]);
}

static inline gy_bb gy_bishop_attacks(gy_sq sq, gy_bb occ)
{
	return gy__ray_down(occ, gy_bbt.ray[GY_DIR_NE][sq]) | gy__ray_up(occ, gy_bbt.ray[GY_DIR_NW][sq]) |
	       gy__ray_down(occ, gy_bbt.ray[GY_DIR_SE][sq]) | gy__ray_up(occ, gy_bbt.ray[GY_DIR_SW][sq]);
}

static inline gy_bb gy_horse_attacks(gy_sq sq, gy_bb occ) { return gy_bishop_attacks(sq, occ) | gy_bbt.king[sq]; }
static inline gy_bb gy_dragon_attacks(gy_sq sq, gy_bb occ) { return gy_rook_attacks(sq, occ) | gy_bbt.king[sq]; }

/* Squares attacked by a piece of type `pt` and colour `color` on `sq`. */
static inline gy_bb gy_attacks(int color, int pt, gy_sq sq, gy_bb occ)
{
	switch (pt) {
	case GY_PAWN: return gy_bbt.pawn[color][sq];
	case GY_LANCE: return gy_lance_attacks(color, sq, occ);
	case GY_KNIGHT: return gy_bbt.knight[color][sq];
	case GY_SILVER: return gy_bbt.silver[color][sq];
	case GY_BISHOP: return gy_bishop_attacks(sq, occ);
	case GY_ROOK: return gy_rook_attacks(sq, occ);
	case GY_KING: return gy_bbt.king[sq];
	case GY_HORSE: return gy_horse_attacks(sq, occ);
	case GY_DRAGON: return gy_dragon_attacks(sq, occ);
	default: return gy_bbt.gold[color][sq];
	}
}

/* The squares strictly between a and b when aligned, else empty. */
static inline gy_bb gy_between(gy_sq a, gy_sq b)
{
	int d = gy_bbt.dir[a][b];
	return d < 0 ? 0 : gy_bbt.ray[d][a] & gy_bbt.ray[d ^ 1][b];
}

/* True when c lies on the line through a and b (a != b, aligned). */
static inline bool gy_aligned(gy_sq a, gy_sq b, gy_sq c)
{
	int d = gy_bbt.dir[a][b];
	return d >= 0 && gy_bb_test(gy_bbt.line[d >> 1][a], c);
}

/*
 * Files that hold no pawn of `pawns` (at most one per file), as full
 * 9-square files: the top bit of each file survives F - pawns exactly when
 * the file is empty, and is then smeared down over the file.
 */
static inline gy_bb gy_pawnless_files(gy_bb pawns)
{
	gy_bb top = gy_bbt.rank[9];
	gy_bb m = (top - pawns) & top;
	return m | (m - (m >> 8));
}

#endif
