/*
 * gyoku/notation.h: move text as people write it: Japanese (KIF/KI2
 * style), Western Hodges, Western Hosking and Kitao-Kawasaki, written and
 * read back (docs/rules.md "Notation systems").
 *
 * Written forms (UTF-8):
 *   Japanese  ☗７六歩  ☖同　銀  ☗５八金左  ☗２三銀不成  ☗３四銀打  ☖同成銀
 *   Hodges    P-7f  Px4e  S*3d  +Lx9c  Sx2c=  S-2c+  G6i-5h
 *   Hosking   P76  Px45  S'34  G69-58  S-21+  N65-53+
 *   Kitao     ☗歩-76  ☗金(69)-58  ☗銀x23=  ☗銀*34
 *
 * Conventions of the Japanese words (after the JSA's 棋譜の表記方法):
 * - Pieces: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍 (the king is 玉
 *   for both sides; 王 and 竜 are read too).
 * - 同 replaces the destination when it is the previous move's; written
 *   "同　銀" (full-width space) for a one-character piece, "同成銀" else.
 * - Relative words are written only when another piece of the same kind
 *   (same kanji) of the mover can legally reach the destination.  Each
 *   candidate has a movement word, 上 (forward), 引 (back) or 寄
 *   (sideways), all from the mover's view, and a position word: 左 / 右
 *   when its origin is left / right of the destination from the mover's
 *   view, 直 when a gold, silver or promoted minor steps straight forward;
 *   for 竜 (龍) and 馬 the position word compares the origin with the other
 *   candidate's (左 for the left one), and 直 is not used.  The writer uses
 *   the movement word alone when it singles the piece out, else the
 *   position word alone, else both (position first: 左上, 右引, 左寄).
 * - 打 is written for a drop only when a board piece of that kind could
 *   also reach the square; 成 for a promotion, 不成 only when promotion was
 *   legal and declined.
 * - Hodges, Hosking and Kitao add the origin only when another board piece
 *   of the same kind can legally reach the destination; drops are always
 *   marked (`*`, `'`); `+` / `=` follow when promotion was possible.
 *   Hosking writes no separator for a plain move ("P76") and `-` when an
 *   origin or a promotion sign is written ("G69-58", "S-21+").
 *
 * Move lists (gy_notation_read_list, gy_notation_write_list) are the moves
 * of a game as people type and print them, in any of the styles:
 *   1. P-7f 2. P-3d 3. P-2f        numbered per ply
 *   1. P-7f P-3d 2. P-2f P-8d      numbered in pairs ("1... P-3d" for a
 *                                  White move alone)
 *   1 ▲７六歩 2 △３四歩           numbered per ply, marked
 *   ▲７六歩△３四歩 / P76 P34      unnumbered, marked or not
 */
#ifndef GYOKU_NOTATION_H
#define GYOKU_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "err.h"
#include "game.h"
#include "position.h"
#include "types.h"

enum gy_notation { GY_NOTATION_JAPANESE, GY_NOTATION_HODGES, GY_NOTATION_HOSKING, GY_NOTATION_KITAO, GY_NOTATION_NB };

/* Enough bytes for any move text gy_notation_write produces, with its NUL. */
enum { GY_NOTATION_MAX = 64 };

/*
 * Writes the legal move `m` of `before` in `style` into `buf` of `size`
 * bytes, NUL-terminated, truncating if need be (GY_NOTATION_MAX always
 * suffices); returns the length of the full text, as snprintf does.
 * `prev_to` is the destination of the previous move (GY_SQ_NONE if none),
 * for 同.  `side_mark` prefixes ☗ / ☖ in the Japanese and Kitao styles (the
 * Western styles have none).  The words that tell pieces apart are
 * computed from the legal moves of `before`.  Thread-safe.
 */
size_t gy_notation_write(const struct gy_pos *before, gy_move m, gy_sq prev_to, enum gy_notation style, bool side_mark,
			 char *buf, size_t size);

/*
 * Reads the move text `s` of `len` bytes (need not be NUL-terminated;
 * at most 256 bytes) in `p` and stores the legal move it names in `*out`.
 * Accepted: the four styles above, USI ("7g7f", "8h2b+", "P*5e"), CSA
 * ("7776FU", "+7776FU", "0055KA"; the piece is the one after the move) and
 * KIF ("７六歩(77)"), forgivingly: ASCII or full-width digits, kanji,
 * digit or letter ranks, side marks ☗☖▲△ (or + / - before CSA digits) or
 * none, spaces (also full-width) between parts, 同 with or without a
 * space, "成" / "不成" / "生" / "+" / "=" after the move, a piece in
 * Japanese, Western letters (also +P..+R, T, H, D) or CSA codes, 打 and
 * the relative words (each must hold for the move).  Without a drop sign
 * a board move is preferred to a drop.  Without a promotion sign a move
 * that may promote or not is GY_ERR_NOTATION_PROMOTION_UNSPECIFIED,
 * except in USI and KIF forms (two squares as USI, or an origin in
 * brackets after the piece), where it means "does not promote".
 * Errors: GY_ERR_NOTATION_SYNTAX (with `where`'s column, counted in
 * characters, 1-based), GY_ERR_TOO_LONG, GY_ERR_NOTATION_SIDE,
 * GY_ERR_NOTATION_NO_PREVIOUS (同 with `prev_to` GY_SQ_NONE),
 * GY_ERR_NOTATION_AMBIGUOUS, GY_ERR_NOTATION_PROMOTION_UNSPECIFIED, and
 * when nothing fits: gy_move_build's or gy_move_build_drop's error (usi.h)
 * when the origin (or the dropped piece) is known, else
 * GY_ERR_NOTATION_NO_MATCH.  `where` (when not NULL) is set to line 1 and
 * the column, 0 on success.  Thread-safe.
 */
enum gy_err gy_notation_read(const struct gy_pos *p, gy_sq prev_to, const char *s, size_t len, gy_move *out,
			     struct gy_srcpos *where) __attribute__((warn_unused_result));

/*
 * The name of `style` ("japanese", "hodges", "hosking", "kitao"), a static
 * string; "?" when there is no such style.  Thread-safe.
 */
const char *gy_notation_name(enum gy_notation style);

/*
 * The style named by the `len` bytes at `s` (the names above, any ASCII
 * case), or -1 (also for a NULL `s`).  Thread-safe.
 */
int gy_notation_by_name(const char *s, size_t len);

/*
 * Reads the move list in the `len` bytes at `text` (need not be
 * NUL-terminated) as moves from `start` (copied; NULL: the even start
 * position) into a new game (`*out`, its main line; the caller destroys
 * it with gy_game_destroy).  The text is UTF-8, Shift_JIS or EUC-JP (found
 * by gy_text_detect, textenc.h), a byte order mark skipped.
 *
 * The text is split into words at blanks (ASCII or full-width spaces,
 * tabs, ends of lines; blank lines are allowed) and before a side mark
 * (▲ △ ☗ ☖ ▼ ▽), so a mark may be glued to the move before it
 * ("▲７六歩△３四歩").  A word of ASCII or full-width digits, alone or
 * followed by dots ("12", "12.", "12...", "12…"; a dot may be glued to the
 * move after it: "12.P-2f", and a word of dots alone after a number joins
 * it: "12. ... P-3d") is a move number; every other word is a move, read
 * by gy_notation_read in the position reached, with the previous move's
 * destination for 同.  A word that is 同 or a side mark alone, or 同 after
 * a mark ("☗同　銀", "同 銀"), is read together with the word after it on
 * its line.
 *
 * A move number is optional, and one that is given must fit the move
 * after it: its ply (1 for the list's first move; or counted on from
 * `start`'s move number, a SFEN's last field), or its pair number (the
 * moves numbered in pairs from the list's first move, or with the first
 * move alone as pair 1), one way throughout the list, and the moves from
 * one number to the next all of that number's ply or pair; a number with
 * two or more dots comes before a White move only.  Otherwise it is
 * GY_ERR_NOTATION_MOVE_NUMBER at the number (a move left out is caught so),
 * as is a number with no move after it.
 *
 * On error `where` (when not NULL; else 0:0) gets the line and column
 * (columns in characters, 1-based) of the fault: a byte that does not
 * decode (GY_ERR_TEXT_ENCODING), the move number, or the move (the place
 * inside its text that gy_notation_read names for
 * GY_ERR_NOTATION_SYNTAX, else the move's first character); then for a
 * move or a number `*bad_ply` (when not NULL; else 0) gets the move's ply
 * (1 for the list's first move) and `*out` the game up to the move
 * before it, which the caller destroys; on every other error `*out` is
 * NULL.  Errors: GY_ERR_ARG (a NULL `out`, or NULL `text` with `len` not
 * 0), GY_ERR_NOMEM, GY_ERR_TEXT_ENCODING, GY_ERR_NOTATION_MOVE_NUMBER and
 * the errors of gy_notation_read.  A text with no move is a game with no
 * move.  Thread-safe; gy_init() must have run.
 */
enum gy_err gy_notation_read_list(const char *text, size_t len, const struct gy_pos *start, struct gy_game **out,
				  struct gy_srcpos *where, int *bad_ply) __attribute__((warn_unused_result));

/*
 * Writes the main line of `g` as a move list in `style` into a new
 * malloc'ed buffer (`*out`, `*len` when not NULL; NUL-terminated; the
 * caller frees it): one move a line, "N. move" with N its ply (1 for the
 * first move after the start), with side marks in the Japanese and Kitao
 * styles; "" for a game with no move.  gy_notation_read_list reads it back
 * as the same moves from the game's start.  On error `*out` is NULL.
 * Errors: GY_ERR_ARG (a NULL `g` or `out`, or no such style),
 * GY_ERR_NOMEM.  Thread-safe, given that `g` is not changed meanwhile.
 */
enum gy_err gy_notation_write_list(const struct gy_game *g, enum gy_notation style, char **out, size_t *len)
	__attribute__((warn_unused_result));

#endif
