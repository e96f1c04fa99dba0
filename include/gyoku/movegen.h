/*
 * gyoku/movegen.h: move generation by kind.
 *
 * Every generator appends to a caller-allocated struct gy_movelist.  The
 * kinds other than GY_GEN_LEGAL produce pseudo-legal moves: they obey how
 * pieces move, promotion (forced and optional), dead pieces, nifu and
 * uchifuzume, but a board move may still leave the mover's king attacked;
 * gy_pos_is_legal() (position.h) decides that.  Drops are always legal when
 * generated (a drop cannot expose one's own king).
 *
 * All kinds include the optional non-promotions of pawn, lance, knight,
 * silver, bishop and rook, as USI requires.
 */
#ifndef GYOKU_MOVEGEN_H
#define GYOKU_MOVEGEN_H

#include "position.h"
#include "types.h"

/* More than the 593 legal moves of the richest known position. */
enum { GY_MAX_MOVES = 1024 };

struct gy_movelist {
	int n;
	gy_move moves[GY_MAX_MOVES];
};

enum gy_gen_kind {
	GY_GEN_CAPTURES,     /* captures (with and without promotion); not in check */
	GY_GEN_QUIETS,       /* non-captures on the board; not in check */
	GY_GEN_DROPS,        /* drops; not in check */
	GY_GEN_NON_EVASIONS, /* CAPTURES + QUIETS + DROPS; not in check */
	GY_GEN_EVASIONS,     /* every move that may end the check; in check only */
	GY_GEN_CHECKS,       /* every move that gives check, legal */
	GY_GEN_LEGAL,        /* every legal move */
	GY_GEN_KIND_NB
};

/*
 * Appends the moves of `kind` for the side to move to `list` (whose `n`
 * the caller sets, usually to 0).  The kinds marked "not in check" must
 * not be asked for when the side to move is in check, nor EVASIONS when it
 * is not.  Returns the number of moves appended.
 */
int gy_gen(const struct gy_pos *p, enum gy_gen_kind kind, struct gy_movelist *list);

/* The number of legal moves of the side to move. */
int gy_legal_count(const struct gy_pos *p);

/* True when the side to move has at least one legal move. */
bool gy_has_legal_move(const struct gy_pos *p);

/*
 * True when `m` is a legal move in `p`; unlike gy_pos_is_legal, `m` may be
 * anything (a move from another position, a hash collision, garbage).
 */
bool gy_move_is_legal(const struct gy_pos *p, gy_move m);

#endif
