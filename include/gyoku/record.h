/*
 * gyoku/record.h: any game record format, by name: the formats of csa.h,
 * kif.h, jkf.h and usi.h (SFEN and the USI position line) behind one
 * reader and one writer, with the format told by a name, a file name's
 * extension or the look of the text.  Used by `gyoku convert`, the
 * terminal game's save and load, and the server's export and import.
 *
 * All functions are thread-safe: they keep no state between calls, and
 * each allocates what it needs.  gy_init() must have run before a record
 * is read or written.
 */
#ifndef GYOKU_RECORD_H
#define GYOKU_RECORD_H

#include <stddef.h>

#include "err.h"
#include "game.h"
#include "types.h"

/* The record formats.  KIF and KI2 are Shift_JIS, KIFU and KI2U UTF-8. */
enum gy_record_format {
	GY_RECORD_SFEN, /* the final position of the main line */
	GY_RECORD_USI,  /* "position sfen ... moves ..." (or startpos) */
	GY_RECORD_CSA,
	GY_RECORD_KIF,
	GY_RECORD_KIFU,
	GY_RECORD_KI2,
	GY_RECORD_KI2U,
	GY_RECORD_JKF,
	GY_RECORD_NB
};

/*
 * The name of `f` ("sfen", "usi", "csa", "kif", "kifu", "ki2", "ki2u",
 * "jkf"), a static string; "?" when there is no such format.
 */
const char *gy_record_format_name(enum gy_record_format f);

/*
 * The format named by the `len` bytes at `s` (the names above, any ASCII
 * case, and "json" for JKF), or -1 (also for a NULL `s`).
 */
int gy_record_format_by_name(const char *s, size_t len);

/*
 * The format a file name's extension names (".kif", ".csa", ".json", ...,
 * any case, as gy_record_format_by_name reads it), or -1 when the last
 * component of `path` (after '/' or a backslash) has no such extension, or
 * `path` is NULL.
 */
int gy_record_format_by_path(const char *path);

/*
 * The format the `len` bytes at `text` look like, after a byte order mark
 * and blanks: '{' is JKF; a first word "position", "startpos" or "sfen" a
 * USI position line; a first line whose first word holds a '/' among
 * SFEN characters only a SFEN; a CSA start (V and a digit, PI, P1-P9,
 * P+, P-, N+, N-, ', $, or a move such as +7776FU) CSA; otherwise KI2 when
 * lines start with side marks (▲ △ ☗ ☖, in UTF-8, Shift_JIS or EUC-JP)
 * and none with a move number, else KIF.  Whether KIF and KI2 are
 * Shift_JIS or UTF-8 is not decided here (GY_RECORD_KIF or GY_RECORD_KI2
 * is returned): gy_record_read detects the encoding.  Reads only the
 * `len` bytes.
 */
enum gy_record_format gy_record_format_by_content(const char *text, size_t len);

/*
 * The format of a file named `path` (NULL: none, standard input) holding
 * the `len` bytes at `text`: the one its extension names
 * (gy_record_format_by_path), else the one its text looks like
 * (gy_record_format_by_content).
 */
enum gy_record_format gy_record_format_of(const char *path, const char *text, size_t len);

/*
 * Reads the record of format `f` in the `len` bytes at `text` (need not
 * be NUL-terminated; a byte order mark is skipped) into a new game
 * (`*out`; the caller destroys it with gy_game_destroy).  KIF and KI2
 * text (either encoding, or EUC-JP) is decoded by the encoding it
 * declares or shows (see gy_text_detect), else the one the extension of
 * `name` (a file name, or NULL) implies, else Shift_JIS; so KIF and KIFU
 * (KI2 and KI2U) read alike, and Shift_JIS text named .kifu still reads.
 * CSA finds its own encoding; of CSA text with several games the first is
 * read.  SFEN and USI are one line (blank lines around it allowed); a
 * SFEN may start with "sfen " and is read as a tsume problem
 * (GY_SFEN_TSUME: one king may be missing; the pieces are those
 * written, none added), a USI line's SFEN as a record's start diagram
 * (GY_SFEN_PROBLEM); the game of a SFEN starts at that position and has
 * no moves.
 *
 * On error `where` (when not NULL; else 0:0) gets the line and column
 * (columns in characters, 1-based; a byte that does not decode is
 * GY_ERR_TEXT_ENCODING at its place), and when the error is an illegal
 * or unreadable move `*bad_ply` (when not NULL; else 0) gets its ply (1
 * for the record's first move) and `*out` the game up to the move before
 * it, which the caller destroys; on every other error `*out` is NULL.
 * Errors: GY_ERR_ARG (no such format, NULL `out`), GY_ERR_NOMEM,
 * GY_ERR_SFEN_TRAILING (text after the line of a SFEN or USI record),
 * GY_ERR_TEXT_ENCODING, GY_ERR_TEXT_DECLARED_UTF8, _SJIS and _EUCJP (KIF
 * or KI2 text that does not decode in the encoding its first line
 * "#KIF ... encoding=" declares: the error names that encoding, `where`
 * the first byte that does not decode, whatever `name` or `f` imply),
 * and those of the format's reader
 * (gy_sfen_parse, gy_usi_parse_position, gy_csa_read, gy_kif_read,
 * gy_ki2_read, gy_jkf_read).
 */
enum gy_err gy_record_read(const char *text, size_t len, enum gy_record_format f, const char *name,
			   struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
	__attribute__((warn_unused_result));

/*
 * Writes the game `g` in format `f` into a new malloc'ed buffer (`*out`,
 * `*len` when not NULL; NUL-terminated; the caller frees it): KIF and KI2
 * in Shift_JIS, KIFU and KI2U in UTF-8, SFEN (the last position of the
 * main line) and USI (the start and the main line's moves) as one line
 * ending in a newline; CSA and USI hold the main line only.  On error
 * `*out` is NULL.  Errors: GY_ERR_NOMEM, GY_ERR_ARG (no such format, a
 * NULL `g` or `out`), GY_ERR_TEXT_ENCODING (a comment or header with a
 * character Shift_JIS lacks, for KIF and KI2), and those of the format's
 * writer.
 */
enum gy_err gy_record_write(const struct gy_game *g, enum gy_record_format f, char **out, size_t *len)
	__attribute__((warn_unused_result));

#endif
