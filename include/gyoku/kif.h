/*
 * gyoku/kif.h: KIF and KI2 game records (Japanese record files), read
 * and written as UTF-8 text.  Files in Shift_JIS or EUC-JP are converted
 * first with textenc.h; .kif and .ki2 files are written in Shift_JIS
 * (gy_text_from_utf8 with GY_TEXT_CP932), .kifu and .ki2u in UTF-8.
 *
 * What is read (both formats unless said):
 * - Header lines "キー：値" (full-width colon): every key is stored as a
 *   game header under its Japanese name (開始日時, 棋戦, 先手, 後手, 上手,
 *   下手, 持ち時間, 手合割, ...), the value with trailing spaces removed.
 *   手合割 gives the start position (gy_handicap_by_kif).
 * - A board diagram (後手の持駒：..., the 9 rows "|v香v桂 ...|一",
 *   先手の持駒：..., 先手番/後手番, also 上手/下手) gives the start
 *   position; it wins over 手合割.  Problem diagrams may lack a king or
 *   hold nifu or dead pieces; the hands are taken as written: a piece
 *   shown nowhere is out of play, unless one hand (of either side) is
 *   "残りの駒全部", which gives it every piece neither on the board nor
 *   in the other hand (the tsume convention, gy_pos_give_rest_to).
 * - KIF move lines "   1 ７六歩(77)   ( 0:01/00:00:01)": the move number
 *   (checked: the next ply of its line), the move text (gy_notation_read:
 *   同, 打, 成, 不成, origins), an optional time ( m:ss/hh:mm:ss ) of which
 *   the time of the move is kept, an optional trailing "+".  The ending
 *   words 投了 中断 千日手 持将棋 切れ負け 反則勝ち 反則負け 入玉勝ち 詰み
 *   不詰 (also 詰 and 時間切れ) end the line they are on, the main line or
 *   a variation (gy_game_set_ending), with the time of their line
 *   (gy_game_set_ending_time).  An illegal move followed by 反則勝ち or
 *   反則負け is the foul of that ending (game.h, gy_game_ending_foul): the
 *   line ends before it, lost by its mover whichever word follows
 *   (ShogiGUI writes either); followed by anything else it is the error.
 * - KI2 move lines "▲７六歩    △同　歩": several moves a line, side
 *   marks ▲△☗☖, relative words (左 右 直 上 引 寄) as gy_notation_read
 *   reads them.
 * - "まで77手で先手の勝ち" summary lines: they set the line's ending
 *   when no ending word did (how KI2 records end; 勝ち alone is read as
 *   resignation; "まで61手詰" as checkmate); after an illegal move (KI2)
 *   a summary with 反則 keeps it as the ending's foul.
 * - "*" comment lines: the comment of the move before them (of the start
 *   position before the first move), or of the ending before them (after
 *   an ending word or summary line); several lines join with "\n".
 * - "&" bookmark lines: kept in the same comment as a line starting with
 *   "&", and written back as a bookmark line.
 * - "変化：N手" starts a variation whose first move replaces move N: it
 *   branches from the most recent line that has a move N.
 * - Lines starting with "#", "手数----" and blank lines are skipped; a NUL
 *   byte anywhere is GY_ERR_KIF_SYNTAX.
 *
 * Every line's ending is recorded (gy_game_node_ending).  Time
 * resolution is the second.  Not thread-safe on one game.
 */
#ifndef GYOKU_KIF_H
#define GYOKU_KIF_H

#include <stddef.h>

#include "err.h"
#include "game.h"

/*
 * Reads the KIF record in the UTF-8 text `text` of `len` bytes (byte
 * order marks starting lines are skipped; lines end with LF, CRLF or CR).  On success
 * `*out` is the new game, destroyed by the caller (gy_game_destroy).
 * On error `where` (when not NULL) gets the line and the column (in
 * characters, 1-based) of the fault and the error says what was
 * expected: GY_ERR_KIF_SYNTAX, _HEADER, _BOARD, _MOVE_NUMBER, _TIME,
 * _BRANCH, the SFEN errors of an impossible board, GY_ERR_TOO_LONG, or a
 * move's error from gy_notation_read (an illegal or unreadable move);
 * then `*bad_ply` (when not NULL) is the ply of that move and `*out` is
 * the game read up to it (the caller destroys it); for every other error
 * `*bad_ply` is 0 and `*out` NULL.  GY_ERR_NOMEM, GY_ERR_ARG.
 * gy_init() must have run.
 */
enum gy_err gy_kif_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
	__attribute__((warn_unused_result));

/* Reads a KI2 record; as gy_kif_read in every other respect. */
enum gy_err gy_ki2_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
	__attribute__((warn_unused_result));

/*
 * Writes `g` as KIF (UTF-8) into a new NUL-terminated buffer `*out` of
 * `*len` bytes, freed by the caller with free(): the headers in their
 * order (a CSA key such as "N+" or "$EVENT" under its KIF key, as csa.h
 * lists them, unless the game also has that key; a time control under
 * 持ち時間 in CSA's or gyoku's syntax (clock.h) in KIF's form as Kifu
 * for Windows writes it, "持ち時間：各10分" and "秒読み：30秒", KIF's own
 * and free text as is; 手合割 from the start position: the preset's
 * name, or a board diagram when the start is no preset), the start
 * comment, numbered move
 * lines with origins "(77)" and, when known, times "( m:ss/hh:mm:ss)"
 * (the total per side accumulates along the line), comments as "*" lines
 * (bookmarks as "&" lines), each line's ending (its foul as a move line
 * first, then the ending word with its time, its comment and a "まで"
 * line), then each
 * variation as a "変化：N手" block, deepest branch point first as the
 * reading rule needs.  Errors: GY_ERR_NOMEM.
 */
enum gy_err gy_kif_write(const struct gy_game *g, char **out, size_t *len) __attribute__((warn_unused_result));

/*
 * Writes `g` as KI2 (UTF-8) as gy_kif_write does, but with moves as
 * "▲７六歩    △３四歩", six a line (a commented move ends its line), in
 * the minimal words of gy_notation_write, no times, and each line's
 * ending as its foul (in KIF's form with the origin in brackets when the
 * words do not single it out) and the "まで" summary line, its comment
 * after it.  Errors: GY_ERR_NOMEM.
 */
enum gy_err gy_ki2_write(const struct gy_game *g, char **out, size_t *len) __attribute__((warn_unused_result));

#endif
