/*
 * lib/foul.h: the illegal move a record states as a foul (library-internal;
 * the record readers, game.h's gy_game_ending_foul).
 *
 * A record that ends by a foul may write the illegal move before the
 * ending (KIF "反則勝ち", CSA "%ILLEGAL_MOVE", JKF "ILLEGAL_MOVE").  gyoku
 * keeps such a move when it has the shape of a move in its position: a
 * board move's origin holds a piece of the side to move, its destination
 * no piece of that side, and a promotion is of a piece that promotes; a
 * drop's piece is in hand and its square empty.  It may break every other
 * rule (docs/rules.md "Illegal moves": nifu, uchifuzume, a dead piece, a
 * move that leaves the king in check, one the piece cannot make).
 */
#ifndef LIB_FOUL_H
#define LIB_FOUL_H

#include <stdbool.h>
#include <stddef.h>

#include "gyoku/err.h"
#include "gyoku/position.h"

/* True when the error of a move reader means "the move is illegal here" (not unreadable). */
bool gy__foul_error(enum gy_err err);

/* The board move with that shape in `p` (GY_OK), else GY_ERR_ARG. */
enum gy_err gy__foul_move(const struct gy_pos *p, gy_sq from, gy_sq to, bool promote, gy_move *out);

/* The drop with that shape in `p` (GY_OK), else GY_ERR_ARG. */
enum gy_err gy__foul_drop(const struct gy_pos *p, int pt, gy_sq to, gy_move *out);

/*
 * Reads move text as gy_notation_read does, but among the moves with the
 * shape of a foul (above) whose piece reaches the destination, legal or
 * not; GY_OK with the one move that fits, else the error of
 * gy_notation_read.
 */
enum gy_err gy__notation_read_foul(const struct gy_pos *p, gy_sq prev_to, const char *s, size_t len, gy_move *out);

#endif
