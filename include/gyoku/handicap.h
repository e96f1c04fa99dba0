/*
 * gyoku/handicap.h: the handicap presets (駒落ち, docs/rules.md
 * "Handicaps"), with their KIF 手合割 names, CSA `PI` strings and start
 * SFENs, and the CSA `PI` line applied to the even start position.
 *
 * In every preset but the even game the handicap giver (上手) is Gote and
 * moves first, so the SFEN has side `w`.  "Left" and "right" are seen from
 * the giver: its left lance stands on 1a, its left knight on 2a, its left
 * silver on 3a.  The table is constant; the functions that compare
 * positions need gy_init() (init.h) to have run.  All functions are
 * thread-safe.
 */
#ifndef GYOKU_HANDICAP_H
#define GYOKU_HANDICAP_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "position.h"
#include "types.h"

/* One preset.  All strings are static, UTF-8 and NUL-terminated. */
struct gy_handicap {
	const char *id;     /* ASCII name: "even", "lance", "two-piece", ... */
	const char *kif;    /* the KIF 手合割 value: "平手", "香落ち", ... */
	const char *csa_pi; /* the CSA PI line: "PI", "PI11KY", "PI82HI22KA", ... */
	const char *jkf;    /* the JKF preset: "HIRATE", "KY", "2", ...; NULL when JKF has none */
	const char *sfen;   /* the start position, move number 1 */
	/*
	 * The giver's pieces that are neither on the board nor in its hand
	 * at the start, counted by hand type 1..7 (index 0 unused).  The
	 * impasse rules count them for the giver (impasse.h).
	 */
	uint8_t removed[GY_HAND_NB];
};

/* The number of presets, the even game included. */
enum { GY_HANDICAP_NB = 19 };

/*
 * The preset number `i`, 0 <= i < GY_HANDICAP_NB, from the fewest pieces
 * removed to the most (0 is the even game, then 香落ち ... 裸玉); NULL when
 * out of range.
 */
const struct gy_handicap *gy_handicap_at(int i);

/* The preset whose id is the `len` bytes at `s` (exact match); NULL if none. */
const struct gy_handicap *gy_handicap_by_id(const char *s, size_t len);

/* The preset whose KIF 手合割 name is the `len` bytes at `s`; NULL if none. */
const struct gy_handicap *gy_handicap_by_kif(const char *s, size_t len);

/*
 * The preset whose board the CSA PI line at `s` (`len` bytes) gives, in
 * any order of its pairs ("PI22KA82HI" is two-piece); the presets with
 * pieces in hand (歩三兵) are never returned, since PI cannot express a
 * hand (裸玉 is returned for its board).  NULL when the line is malformed or
 * gives no preset's board.
 */
const struct gy_handicap *gy_handicap_by_csa_pi(const char *s, size_t len);

/*
 * The preset whose start position has the board, hands and side to move
 * of `p` (the move number is ignored); NULL if none.  Used to write a
 * record's start as a preset.
 */
const struct gy_handicap *gy_handicap_by_pos(const struct gy_pos *p);

/*
 * The preset whose start position is the SFEN at `s` (`len` bytes) as in
 * gy_handicap_by_pos; NULL when it is no preset or does not parse.
 */
const struct gy_handicap *gy_handicap_by_sfen(const char *s, size_t len);

/* The removed pieces of `h` as a packed hand (types.h). */
gy_hand gy_handicap_removed_hand(const struct gy_handicap *h);

/*
 * Sets `p` to the even start position with the pieces of the CSA PI line
 * at `s` (`len` bytes) removed, and `side` (GY_BLACK or GY_WHITE) to move.
 * The line is "PI" followed by pairs of a square (two digits 1-9, file
 * then rank) and a CSA piece name (FU KY KE GI KI KA HI) naming the piece
 * that stands on that square at the start, of either colour; nothing else
 * may follow.  Errors: GY_ERR_ARG (bad side), GY_ERR_CSA_PI_SYNTAX (not
 * that shape), GY_ERR_CSA_PI_PIECE (the square does not hold that piece,
 * it was removed already, or it names a king); `where` (when not NULL)
 * then gets the 1-based column of the offending pair, and `p` is left
 * cleared.
 */
enum gy_err gy_csa_pi_apply(struct gy_pos *p, const char *s, size_t len, int side, struct gy_srcpos *where)
	__attribute__((warn_unused_result));

#endif
