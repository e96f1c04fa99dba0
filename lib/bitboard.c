/*
 * lib/bitboard.c: builds the attack tables of bitboard.h.
 *
 * Invariant: after gy__bitboard_init() every table entry for a real square
 * is exact, and every entry for GY_SQ_NONE is empty, so callers may look
 * up a missing king's square without a test.
 */
#include "bitboard_init.h"

#include <string.h>

#include "gyoku/bitboard.h"

struct gy_bb_tables gy_bbt;

/* File and rank steps of each direction (file +1 is W, rank +1 is S). */
static const int dir_df[GY_DIR_NB] = {0, 0, -1, 1, -1, 1, 1, -1};
static const int dir_dr[GY_DIR_NB] = {-1, 1, 0, 0, -1, 1, -1, 1};

static bool on_board(int file, int rank) { return file >= 1 && file <= 9 && rank >= 1 && rank <= 9; }

/* The square reached from (file, rank) by (df, dr), with `dr` counted toward Gote for Black. */
static void add_step(gy_bb *b, int color, int file, int rank, int df, int dr)
{
	int f = file + df, r = rank + (color == GY_BLACK ? dr : -dr);
	if (on_board(f, r))
		*b |= (gy_bb)1 << gy_make_sq(f, r);
}

static void init_steps(int color, int file, int rank, gy_sq sq)
{
	/* Forward is rank -1 for Black: the offsets below are from Black's view. */
	static const int8_t gold[6][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
	static const int8_t silver[5][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}};
	add_step(&gy_bbt.pawn[color][sq], color, file, rank, 0, -1);
	add_step(&gy_bbt.knight[color][sq], color, file, rank, -1, -2);
	add_step(&gy_bbt.knight[color][sq], color, file, rank, 1, -2);
	for (int i = 0; i < 6; i++)
		add_step(&gy_bbt.gold[color][sq], color, file, rank, gold[i][0], gold[i][1]);
	for (int i = 0; i < 5; i++)
		add_step(&gy_bbt.silver[color][sq], color, file, rank, silver[i][0], silver[i][1]);
}

static void init_rays(int file, int rank, gy_sq sq)
{
	for (int d = 0; d < GY_DIR_NB; d++) {
		for (int f = file + dir_df[d], r = rank + dir_dr[d]; on_board(f, r); f += dir_df[d], r += dir_dr[d]) {
			gy_sq to = gy_make_sq(f, r);
			gy_bbt.ray[d][sq] |= (gy_bb)1 << to;
			gy_bbt.dir[sq][to] = (int8_t)d;
		}
		if (on_board(file + dir_df[d], rank + dir_dr[d]))
			gy_bbt.king[sq] |= (gy_bb)1 << gy_make_sq(file + dir_df[d], rank + dir_dr[d]);
	}
	for (int axis = 0; axis < GY_DIR_NB / 2; axis++)
		gy_bbt.line[axis][sq] = gy_bbt.ray[2 * axis][sq] | gy_bbt.ray[2 * axis + 1][sq] | (gy_bb)1 << sq;
}

/* Squares from which a piece of `pt` and `color` can still move (for drops and forced promotion). */
static gy_bb movable_squares(int color, int pt)
{
	int far = color == GY_BLACK ? 1 : 9, next = color == GY_BLACK ? 2 : 8;
	switch (pt) {
	case GY_PAWN:
	case GY_LANCE: return GY_BB_ALL & ~gy_bbt.rank[far];
	case GY_KNIGHT: return GY_BB_ALL & ~gy_bbt.rank[far] & ~gy_bbt.rank[next];
	default: return GY_BB_ALL;
	}
}

void gy__bitboard_init(void)
{
	memset(&gy_bbt, 0, sizeof gy_bbt);
	memset(gy_bbt.dir, -1, sizeof gy_bbt.dir);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		int file = gy_file_of(sq), rank = gy_rank_of(sq);
		gy_bbt.square[sq] = (gy_bb)1 << sq;
		gy_bbt.file[file] |= (gy_bb)1 << sq;
		gy_bbt.rank[rank] |= (gy_bb)1 << sq;
		for (int c = 0; c < GY_COLOR_NB; c++) {
			init_steps(c, file, rank, sq);
			if (gy_in_zone(c, sq))
				gy_bbt.zone[c] |= (gy_bb)1 << sq;
		}
		init_rays(file, rank, sq);
	}
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 0; pt < GY_HAND_NB; pt++)
			gy_bbt.movable[c][pt] = movable_squares(c, pt);
}
