/*
 * gyoku/csa.h: game records in CSA format (v2.2 and v3.0), read and
 * written.
 *
 * Reading understands: the version line (V2, V2.1, V2.2, V3.0); the
 * encoding line ('CSA encoding=UTF-8 of v3, 'encoding=Shift_JIS of
 * Kifu for Windows) naming an encoding gy_text_enc_by_name knows (UTF-8,
 * Shift_JIS or CP932, EUC-JP; textenc.h), whose text is converted to
 * UTF-8, and a text with no encoding line that is not valid UTF-8 is
 * taken as EUC-JP when it decodes as such, else as Shift_JIS (CP932), as
 * gy_text_detect decides;
 * the names N+ and N-; every $KEY:value header; the start position as PI
 * (with removed pieces), P1..P9 rows, P+ and P- piece lists (with 00 for
 * the hand and 00AL for all the pieces left), then + or - for the side to
 * move; moves (+7776FU, drops -0055KA, promotion shown by the promoted
 * piece +2838NG); times T12 (seconds) or T12.345 (v3), on the move's
 * line after a comma or on the next line; comments ' and '* (and '**);
 * every % special move (a second % line is ignored: some programs
 * repeat it); several statements on one line separated by commas (a
 * comment, N+/N- or $ header takes the rest of its line); several games
 * separated by a line "/".  Lines end with LF, CRLF or CR; a UTF-8 BOM is
 * skipped; a NUL byte is an error.  Not supported: variations (CSA has
 * none), a move without its side sign.
 *
 * What the game record gets (game.h):
 * - headers under the canonical (KIF) key of the table shared by the
 *   record formats: N+ 先手 (下手 when the start is a handicap preset),
 *   N- 後手 (上手), $EVENT 棋戦, $SITE 場所, $START_TIME 開始日時,
 *   $END_TIME 終了日時, $TIME_LIMIT and $TIME 持ち時間, $TIME+
 *   先手持ち時間, $TIME- 後手持ち時間, $OPENING 戦型, $MAX_MOVES 最大手数,
 *   $JISHOGI 持将棋, $NOTE 備考, values as read (a time control in CSA's
 *   syntax, which the KIF writer puts in KIF's); a header whose key the
 *   game already has from another line ($TIME after $TIME_LIMIT), and any
 *   other "$KEY", under its own CSA key; a comment line "'key：value"
 *   (full-width colon, no space in the key, which does not start with
 *   '*') before the side line, as the writer gives a header CSA has no
 *   line for, as header `key` unless a header line or an earlier such
 *   comment gives the game that key (then it stays a remark line
 *   "'key：value" of the start comment, after the other comment lines
 *   before the side line); the version and encoding lines are not kept;
 * - the moves as the main line, each with its time in ms when given;
 * - each comment line as one line of the comment of the node it follows
 *   (node 0 before the first move), as the CSA standard reads them: a
 *   comment for programs "'*text" as "text", so that an evaluation line
 *   "'**text" (floodgate's; the v3.0 specification's "'** 30 -8384FU")
 *   is "*text", which KIF writes "**text" as ShogiGUI writes its
 *   analysis; a remark for people "'text" (no '*' after the quote) as
 *   "'text", quote and all, so that it stays a remark (KIF writes
 *   "*'text");
 * - the % line as the ending at the last node (a T line and comment
 *   lines after it are the ending's time and comment; an illegal move
 *   right before a foul of its mover, %ILLEGAL_MOVE or the
 *   %+ILLEGAL_ACTION / %-ILLEGAL_ACTION naming it, is the ending's foul,
 *   game.h, and the game ends before it; followed by anything else, the
 *   move is the error), with its result taken
 *   from the side to move there: %TORYO resignation (it loses), %TSUMI
 *   checkmate (it loses), %KACHI declaration (it wins), %JISHOGI
 *   declaration (draw), %TIME_UP time forfeit (it loses), %ILLEGAL_MOVE
 *   illegal move (it loses), %+ILLEGAL_ACTION / %-ILLEGAL_ACTION illegal
 *   move (Sente / Gote loses), %SENNICHITE sennichite (draw),
 *   %OUTE_SENNICHITE perpetual check (the checking side loses),
 *   %MAX_MOVES move limit (draw), %HIKIWAKE interruption (draw),
 *   %CHUDAN, %MATTA, %FUZUMI and %ERROR interruption (no result).
 *
 * All functions need gy_init() (init.h) to have run; they are
 * thread-safe on different games.
 */
#ifndef GYOKU_CSA_H
#define GYOKU_CSA_H

#include <stddef.h>

#include "err.h"
#include "game.h"

/*
 * Reads the first CSA game of the `len` bytes at `text` (need not be
 * NUL-terminated; never read past `len`).  On success `*out` is a new
 * game (the caller destroys it with gy_game_destroy) and `*consumed` (when
 * not NULL) the number of bytes read: up to and including the line "/"
 * that ends the game, or `len`, so that a file of several games is read by
 * calling again on text + consumed until GY_ERR_CSA_EMPTY.
 *
 * Errors, with `where` (when not NULL) set to the 1-based line and column
 * of the offending statement (columns count bytes of the UTF-8 text):
 * GY_ERR_CSA_EMPTY (no statement at all before the end or "/"),
 * GY_ERR_CSA_SYNTAX, _PIECE, _SQUARE, _ROW, _SETUP, _NO_SIDE, _SPECIAL,
 * _TIME, _ENCODING, _AFTER_END; the position's errors (GY_ERR_NO_KING,
 * _TOO_MANY_PIECES, _NIFU, ... as gy_sfen_parse names them; a position
 * with one king is read as a tsume problem when all pieces are placed);
 * GY_ERR_CSA_PI_*; GY_ERR_NOMEM; GY_ERR_TOO_LONG (a header or comment over
 * the game's limits).  An illegal move gives GY_ERR_CSA_SIDE,
 * _CSA_MOVE_PIECE or the GY_ERR_MOVE_* of gy_move_build, `*bad_ply` (when
 * not NULL; else 0) its ply (1 for the record's first move), and `*out`
 * still holds the game read up to that move (with the headers), which the
 * caller destroys; on every other error `*out` is NULL.
 */
enum gy_err gy_csa_read(const char *text, size_t len, struct gy_game **out, size_t *consumed, struct gy_srcpos *where,
			int *bad_ply) __attribute__((warn_unused_result));

/*
 * Writes `g` as CSA text: the version (V2.2, or V3.0 with the line
 * 'CSA encoding=UTF-8 when a time has a fraction of a second or a header
 * needs a v3.0 key; the encoding line is also written when some text is
 * not ASCII), the names and $ headers mapped back from the canonical keys
 * of the table above (下手 and 上手 as N+ and N-; a "$KEY" as is; a time
 * control in CSA's syntax: 持ち時間 read in any format's syntax or
 * gyoku's (clock.h) and written as $TIME_LIMIT:hh:mm+ss when it fits
 * v2.2, else as $TIME:main+byoyomi+increment, with KIF's 秒読み taken
 * in; 先手持ち時間 and 後手持ち時間 as $TIME+ and $TIME-), then every
 * other header as a comment line "'key：value" (CSA has no line for it,
 * nor for text no syntax reads as a time control, several byoyomi
 * periods or a correspondence control; gy_csa_read reads it back as a
 * header); 手合割 is left out, as the start position says it; line
 * breaks in values become spaces), the start position as PI for a
 * handicap preset (with P+00../P-00.. for pieces in hand) or as P1..P9
 * with P+/P- hands, the side to move, the main line with its times (T
 * lines) and comments (a comment line that starts with a quote, a remark,
 * as is; any other as "'*" and the line: "*text" as "'**text"), and the
 * ending (its foul as a move line and %+ILLEGAL_ACTION or
 * %-ILLEGAL_ACTION, else the % line, then its time and comment)
 * (variations are not written: CSA has none).  `*out` is a
 * NUL-terminated malloc'ed string the caller frees, `*len` (when not
 * NULL) its length.  Errors: GY_ERR_NOMEM, GY_ERR_ARG.
 */
enum gy_err gy_csa_write(const struct gy_game *g, char **out, size_t *len) __attribute__((warn_unused_result));

#endif
