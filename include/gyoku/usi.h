/*
 * gyoku/usi.h: SFEN positions and USI move text, parsed and printed.
 *
 * Parsers take a pointer and a length (the text need not be
 * NUL-terminated), never read past it, and on error fill `where` (when not
 * NULL) with the 1-based column of the offending character (line 1).
 */
#ifndef GYOKU_USI_H
#define GYOKU_USI_H

#include <stddef.h>

#include "err.h"
#include "position.h"
#include "types.h"

#define GY_SFEN_START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* The longest SFEN gy_sfen_write can produce, with its NUL. */
enum { GY_SFEN_MAX = 256, GY_USI_MOVE_MAX = 6 };

enum gy_sfen_mode {
	/* Games: both kings present; every rule of a legal position holds. */
	GY_SFEN_STRICT,
	/*
	 * Tsume problems: one side may have no king; every other rule of
	 * STRICT holds.  The pieces are those written: a piece found neither
	 * on the board nor in a hand is out of play (so "4k4/9/9/9/9/9/9/9/9
	 * b 16P 1" has a king and 16 pawns, nothing more).  For the
	 * convention that the defender holds the rest, call
	 * gy_pos_give_rest_to (position.h) after reading.
	 */
	GY_SFEN_TSUME,
	/*
	 * Start diagrams of records (KIF, CSA, JKF boards, USI lines): one
	 * side may have no king and pieces may be nowhere, as problems and
	 * puzzles have them, and nifu and dead pieces are allowed (art
	 * problems such as the nine-pawn-file ones); every other rule of
	 * STRICT holds.  The move generators handle such positions.
	 */
	GY_SFEN_PROBLEM
};

/*
 * Parses the SFEN `s` (board, side, hands, optional move number) into `p`,
 * exactly as written in every mode (no piece is added).  On error `p` is left cleared and the error names what is wrong: a
 * syntax error (unknown piece letter, a rank of more or fewer than 9
 * squares, ...) or a position no game can reach (too many pieces of a kind,
 * two kings on one side, a dead piece, nifu, the side not to move in check).
 */
enum gy_err gy_sfen_parse(struct gy_pos *p, const char *s, size_t len, enum gy_sfen_mode mode, struct gy_srcpos *where)
	__attribute__((warn_unused_result));

/*
 * Writes the SFEN of `p` (with its move number) into `buf` of `size`
 * bytes, NUL-terminated, truncating if need be (GY_SFEN_MAX always
 * suffices).  Returns the length of the full SFEN, as snprintf does.
 */
size_t gy_sfen_write(const struct gy_pos *p, char *buf, size_t size);

/*
 * Parses the USI move `s` ("7g7f", "8h2b+", "P*5e") and checks it against
 * `p`.  On success `*out` is the legal move, with moved and captured piece
 * filled in.  Errors: GY_ERR_MOVE_SYNTAX (with the column), or why the move
 * is illegal in `p` (see gy_move_build).
 */
enum gy_err gy_usi_parse_move(const struct gy_pos *p, const char *s, size_t len, gy_move *out, struct gy_srcpos *where)
	__attribute__((warn_unused_result));

/*
 * Writes `m` in USI ("7g7f", "8h2b+", "P*5e") into `buf`, which must hold
 * GY_USI_MOVE_MAX bytes; returns the length.
 */
size_t gy_usi_write_move(gy_move m, char *buf);

/*
 * Parses a USI position line: "[position] startpos|sfen <SFEN> [moves
 * <move> ...]", the SFEN read in GY_SFEN_PROBLEM mode.  Sets `start` to the start position and stores the moves
 * (each checked legal in turn) in `moves`, which holds `max`; `*n` is the
 * number stored, also on error, so a line with an illegal move is read up
 * to that move.  Errors: GY_ERR_SFEN_SYNTAX (neither startpos nor sfen),
 * the SFEN's errors, GY_ERR_SFEN_TRAILING (a word other than "moves"),
 * a move's error, GY_ERR_TOO_LONG (more than `max` moves); the column is
 * that of the line.
 */
enum gy_err gy_usi_parse_position(const char *s, size_t len, struct gy_pos *start, gy_move *moves, int max, int *n,
				  struct gy_srcpos *where) __attribute__((warn_unused_result));

/*
 * Writes "position startpos|sfen <SFEN>[ moves ...]" for the game from
 * `start` with the `n` moves, snprintf-like: NUL-terminated in `size`
 * bytes, returns the full length.
 */
size_t gy_usi_write_position(const struct gy_pos *start, const gy_move *moves, int n, char *buf, size_t size);

/*
 * Builds the board move from `from` to `to` (promoting when `promote`) in
 * `p` and checks that it is legal.  Errors say which rule it breaks:
 * GY_ERR_MOVE_NO_PIECE, _OWN_PIECE, _UNREACHABLE, _CANNOT_PROMOTE,
 * _MUST_PROMOTE, _SELF_CHECK.
 */
enum gy_err gy_move_build(const struct gy_pos *p, gy_sq from, gy_sq to, bool promote, gy_move *out)
	__attribute__((warn_unused_result));

/*
 * Builds the drop of hand type `pt` on `to` in `p` and checks that it is
 * legal.  Errors: GY_ERR_ARG (not a hand type), GY_ERR_MOVE_NOT_IN_HAND,
 * _OCCUPIED, _DEAD_DROP, _NIFU, _SELF_CHECK, _UCHIFUZUME.
 */
enum gy_err gy_move_build_drop(const struct gy_pos *p, int pt, gy_sq to, gy_move *out)
	__attribute__((warn_unused_result));

/*
 * Checks the move `m` (any value) in `p`: GY_OK when it is legal, else
 * the rule it breaks, as gy_move_build or gy_move_build_drop says for its
 * squares (GY_ERR_MOVE_NULL for GY_MOVE_NONE, GY_ERR_ARG when the squares
 * are legal but the rest of `m` does not describe that move).
 */
enum gy_err gy_move_check(const struct gy_pos *p, gy_move m) __attribute__((warn_unused_result));

#endif
