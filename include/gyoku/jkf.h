/*
 * gyoku/jkf.h: game records in JKF (JSON Kifu Format, json-kifu-format
 * by na2hiro), read and written.  JSON itself is parsed and printed by
 * jansson.
 *
 * What a JKF record holds, and what the game record (game.h) gets:
 * - "header": an object of strings, kept as the game's headers in order
 *   (keys as in KIF: "先手", "後手", "棋戦", ...; a CSA key such as "N+"
 *   or "$EVENT" is stored under its KIF key, as csa.h lists them, unless
 *   the header also has that KIF key); written as KIF writes its headers
 *   (kif.h: a time control in KIF's form, "持ち時間": "各10分" and
 *   "秒読み": "30秒").
 * - "initial": {"preset": P} with P one of HIRATE KY KY_R KA HI HIKY 2 3
 *   4 5 5_L 6 7_L 7_R 8 10 (also 9 when read), the handicap presets of
 *   handicap.h; or {"preset": "OTHER", "data": {"board": 9x9 array
 *   [x-1][y-1] of {} or {"color": 0|1, "kind": "FU".."RY"}, "color": side
 *   to move, "hands": [{"FU": n, ...}, {...}]}}.  Absent: the even game.
 *   A position without a king on one side is read as a problem diagram
 *   (gy_sfen_parse's GY_SFEN_PROBLEM): the pieces are those written, and
 *   the unplaced ones go to no hand.
 * - "moves": element 0 is the start (its "comments" become node 0's
 *   comment); every next element is {"move": {...}, "time": {"now":
 *   {"m", "s"}, "total": {"h", "m", "s"}}, "comments": [...], "forks":
 *   [[...], ...]} or a {"special": S} that ends the line.  A move has
 *   "to" {"x", "y"} (file, rank), "from" (absent or null for a drop),
 *   "piece" (the piece before the move, CSA name), "color", "promote"
 *   (true to promote), and, ignored when read, "same", "capture" and
 *   "relative".  "to" may be left out when "same" is true.  Each fork is
 *   a list of move elements whose first replaces the element holding the
 *   fork: a variation from the node before it, in order after the main
 *   move.  Comment lines are joined with "\n" into the node's comment;
 *   the time used is "now" (minutes and seconds, an "h" is allowed),
 *   kept in ms; "total" is not read.
 * - The special of a line (the main line or a fork) becomes the ending at
 *   its last node, with its "time" and "comments" (a fork's special at a
 *   node the main line goes on from is not kept); a move that breaks a
 *   rule right before the special of its mover's foul (ILLEGAL_MOVE, or
 *   the ±ILLEGAL_ACTION naming it) is the ending's foul (game.h).  The
 *   result is taken from the side to move there: TORYO
 *   resignation (it loses), TSUMI checkmate (it loses; GY_END_NO_MOVES
 *   when it is not in check), TIME_UP time forfeit (it loses),
 *   ILLEGAL_MOVE illegal move (it loses), +ILLEGAL_ACTION /
 *   -ILLEGAL_ACTION illegal move (Sente / Gote loses), SENNICHITE
 *   sennichite (draw; perpetual check when the referee finds one there),
 *   JISHOGI declaration (draw), KACHI declaration (it wins), HIKIWAKE
 *   interruption (draw), CHUDAN, MATTA, FUZUMI, ERROR interruption (no
 *   result); and, outside the JKF specification (written by gyoku only),
 *   TRY try rule (the mover wins) and MAX_MOVES the move limit (draw).
 *   A special inside a fork ends that fork and is not kept.
 *
 * All functions need gy_init() (init.h) to have run; they are
 * thread-safe on different games.
 */
#ifndef GYOKU_JKF_H
#define GYOKU_JKF_H

#include <stddef.h>

#include "err.h"
#include "game.h"

/*
 * Reads the JKF record of the `len` bytes at `text` (UTF-8 JSON; need not
 * be NUL-terminated; never read past `len`).  On success `*out` is a new
 * game the caller destroys with gy_game_destroy.
 *
 * Errors: GY_ERR_JKF_SYNTAX (not JSON, not an object at the top, or a
 * key given twice in one object) with
 * `where` (when not NULL) set to jansson's 1-based line and column;
 * GY_ERR_JKF_HEADER, _INITIAL, _MOVES, _MOVE, _TIME, _SPECIAL, _FORKS
 * (a value of the wrong type or out of range; the message says what was
 * expected); the start position's errors (GY_ERR_TOO_MANY_PIECES, _NIFU,
 * ... as gy_sfen_parse names them); GY_ERR_TOO_LONG (a header or comment
 * over the game's limits); GY_ERR_NOMEM.  For all of these and an
 * illegal move, `where` is the line and column where the wrong value
 * starts (the header's value, "preset" or "data", the move element, its
 * "move", "time", "comments", "special" or "forks").  An illegal move gives
 * GY_ERR_JKF_SIDE (its color is not the side to move), _JKF_MOVE_PIECE
 * (its piece is not the one on its origin square) or the GY_ERR_MOVE_* of
 * gy_move_build / gy_move_build_drop, `*bad_ply` (when not NULL; else 0)
 * its ply (1 for the first move of the game), and `*out` still holds the
 * game read up to that move (headers, the moves and variations before it),
 * which the caller destroys; on every other error `*out` is NULL.
 */
enum gy_err gy_jkf_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
	__attribute__((warn_unused_result));

/*
 * Writes `g` as JKF: UTF-8 JSON, indented, with "header" (the game's
 * headers in order, a CSA key such as "N+" under its KIF key unless the
 * game also has that key), "initial" (the preset of a handicap or even start,
 * else OTHER with its data), and "moves": the start's comment, each move
 * with "from" (board moves), "to", "piece", "color", "same" (the previous
 * move's destination), "promote" (only when the move could promote),
 * "capture" and "relative" (L R C U D M H, as the KIF words 左 右 直 上 引
 * 寄 打 are written by notation.h), its time ("now" and the mover's
 * running "total") when known and its comment lines; variations as
 * "forks" of the element they replace, and each line's ending as a final
 * {"special": ...} element with its time and comments (after its foul as
 * a move element, with +ILLEGAL_ACTION or -ILLEGAL_ACTION) (see the top of this file; a lost declaration
 * is written as KACHI).  `*out` is a NUL-terminated malloc'ed string the
 * caller frees; `*len` (when not NULL) its length.  Errors: GY_ERR_NOMEM,
 * GY_ERR_ARG.
 */
enum gy_err gy_jkf_write(const struct gy_game *g, char **out, size_t *len) __attribute__((warn_unused_result));

#endif
