/*
 * engine/movepick.h: move ordering: the histories a search thread learns
 * and the staged picker that hands the search one move at a time, best
 * guess first, generating each kind only when the earlier ones are spent.
 *
 * Stages (main search): the hash move; captures, good ones by victim value
 * and capture history (SEE >= 0); two killers and the counter move;
 * quiet moves and drops by history; the captures that lost material.  In
 * check: the hash move, then every evasion.  Quiescence: the hash move if
 * it captures, then captures, then quiet promotions of pawns, bishops and
 * rooks, then (on the first ply of quiescence) the other quiet checks.  Moves of a pawn, bishop or rook that could
 * promote and do not are never searched (they are never better).
 */
#ifndef ENGINE_MOVEPICK_H
#define ENGINE_MOVEPICK_H

#include <stdbool.h>
#include <stdint.h>

#include "gyoku/movegen.h"
#include "gyoku/position.h"

/* The index of a move's origin: its square, or 81 + the dropped type. */
static inline int move_origin(gy_move m) { return gy_move_is_drop(m) ? 81 + gy_move_drop_type(m) : gy_move_from(m); }
/* The piece after the move as a 0..31 index (type | colour << 4). */
static inline int move_piece(int color, gy_move m) { return gy_move_after(m) | color << 4; }

/* A continuation-history table: [piece][to] of the later move, indexed from one earlier move. */
typedef int16_t cont_table[32][GY_SQ_NB];

/* What one search thread has learned about move order. */
struct history {
	int16_t main[GY_COLOR_NB][GY_SQ_NB + 8][GY_SQ_NB];
	int16_t capture[32][GY_SQ_NB][16];
	gy_move counter[32][GY_SQ_NB];
	cont_table cont[32][GY_SQ_NB];
	/* By how much searches found the static evaluation off, by side to move and pawn structure (search.c). */
	int16_t corr[GY_COLOR_NB][1 << 14];
};

/* Adds `bonus` to a history entry, saturating toward +-limit. */
static inline void history_add(int16_t *h, int bonus, int limit)
{
	int v = *h;
	v += bonus - v * (bonus < 0 ? -bonus : bonus) / limit;
	*h = (int16_t)v;
}

enum { HISTORY_LIMIT = 16384 };

/* True for the non-promotions the search skips. */
static inline bool move_is_futile_nonpromotion(int color, gy_move m)
{
	if (gy_move_is_drop(m) || gy_move_is_promotion(m))
		return false;
	int pt = gy_move_moved(m);
	if (pt != GY_PAWN && pt != GY_BISHOP && pt != GY_ROOK)
		return false;
	return gy_in_zone(color, gy_move_to(m)) || gy_in_zone(color, gy_move_from(m));
}

struct picker {
	const struct gy_pos *p;
	const struct history *h;
	const cont_table *cont[2]; /* continuation tables of the last two moves (NULL: none) */
	gy_move tt_move, killer[2], counter;
	int stage;
	bool checks; /* quiescence: the quiet checks after the promotions */
	int cur, end, bad_end;
	struct gy_check_info ci; /* the position's check info, once ci_ok */
	bool ci_ok;
	gy_move moves[GY_MAX_MOVES];
	int scores[GY_MAX_MOVES];
	gy_move bad[GY_MAX_MOVES];
};

/* Prepares a picker for the main search at a node. */
void gy__picker_init(struct picker *mp, const struct gy_pos *p, const struct history *h, const cont_table *cont[2],
		     gy_move tt_move, const gy_move killer[2], gy_move counter);

/* Prepares a picker for quiescence: captures and quiet promotions, then the quiet checks when `checks`
 * (all evasions in check). */
void gy__picker_init_qs(struct picker *mp, const struct gy_pos *p, const struct history *h, gy_move tt_move,
			bool checks);

/* True when the legal move `m` gives check (the check info is worked out at the first call). */
bool gy__picker_gives_check(struct picker *mp, gy_move m);

/* The next move (pseudo-legal: the caller checks gy_pos_is_legal), or GY_MOVE_NONE when done. */
gy_move gy__picker_next(struct picker *mp, bool skip_quiets);

#endif
