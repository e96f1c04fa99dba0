/*
 * lib/record.c: every game record format behind one reader and one writer
 * (record.h): the format told by a name, an extension or the look of the
 * text, KIF and KI2 decoded from the encoding they declare or show, and
 * each format's own reader or writer (csa.h, kif.h, jkf.h, usi.h) doing
 * the work.
 *
 * Invariants:
 * - Nothing here is static and writable, so every function is thread-safe;
 *   the buffers a call needs are malloc'ed by it, sized from its input, and
 *   freed on every path.
 * - Input text is read through its length only: never past it, and never
 *   assumed NUL-terminated.
 * - gy_record_read leaves `*out` NULL on every error except an illegal
 *   move, when `*out` is the game up to the move before it and `*bad_ply`
 *   the move's ply (1 for the record's first move).
 * - A byte order mark is skipped and never counted in a column; columns
 *   count characters, lines end with LF, CRLF or CR.
 */
#include "gyoku/record.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/csa.h"
#include "gyoku/jkf.h"
#include "gyoku/kif.h"
#include "gyoku/textenc.h"
#include "gyoku/usi.h"
#include "scan.h"
#include "textpos.h"

static const char *const format_names[GY_RECORD_NB] = {"sfen", "usi", "csa", "kif", "kifu", "ki2", "ki2u", "jkf"};

/* The format's name, from the table above. */
const char *gy_record_format_name(enum gy_record_format f)
{
	return (unsigned)f < GY_RECORD_NB ? format_names[f] : "?";
}

/* The format whose name (or "json") the bytes spell in any case. */
int gy_record_format_by_name(const char *s, size_t len)
{
	if (!s)
		return -1;
	for (int f = 0; f < GY_RECORD_NB; f++)
		if (gy__scan_same_word(s, len, format_names[f]))
			return f;
	return gy__scan_same_word(s, len, "json") ? GY_RECORD_JKF : -1;
}

/* The format the extension of the path's last component names. */
int gy_record_format_by_path(const char *path)
{
	if (!path)
		return -1;
	/* The extension is what follows the last dot of the last path component. */
	const char *base = path, *dot = NULL;
	for (const char *c = path; *c; c++) {
		if (*c == '/' || *c == '\\') {
			base = c + 1;
			dot = NULL;
		} else if (*c == '.') {
			dot = c;
		}
	}
	return dot && dot > base ? gy_record_format_by_name(dot + 1, strlen(dot + 1)) : -1;
}

/* The blanks between words and lines. */
#define BLANKS " \t\r\n"

/* True when the scanner is at the word `w` followed by a blank or the end. */
static bool at_word(const struct gy__scan *sc, const char *w)
{
	int after = gy__scan_peek_at(sc, strlen(w));
	return gy__scan_looking_at(sc, w) && (after < 0 || gy__scan_in(after, BLANKS));
}

/*
 * True when the line looks like a SFEN: its first word holds a '/' and
 * only board characters, and the line only SFEN characters (letters,
 * digits, '+', '-', '/' and blanks).
 */
static bool looks_sfen(struct gy__scan line)
{
	bool slash = false, first_word = true;
	for (int c; (c = gy__scan_peek(&line)) >= 0; gy__scan_skip(&line, 1)) {
		bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
		if (c == ' ' || c == '\t')
			first_word = false;
		else if (c == '/')
			slash |= first_word;
		else if (!alnum && c != '+' && c != '-')
			return false;
	}
	return slash;
}

/* True when the text at the scanner (not blank) starts as a CSA record does. */
static bool looks_csa(const struct gy__scan *sc)
{
	int c0 = gy__scan_peek(sc), c1 = gy__scan_peek_at(sc, 1);
	if (c0 == '\'' || c0 == '$')
		return true;
	if (c0 == 'V')
		return gy__scan_is_digit(c1);
	if (c0 == 'N')
		return c1 == '+' || c1 == '-';
	if (c0 == 'P')
		return c1 == 'I' || c1 == '+' || c1 == '-' || (c1 >= '1' && c1 <= '9');
	/* A bare list of moves, "+7776FU". */
	return (c0 == '+' || c0 == '-') && gy__scan_is_digit(c1);
}

/*
 * KIF or KI2, from the move lines: KIF numbers its moves ("   1 ７六歩(77)"),
 * KI2 starts them with a side mark (▲ △ ☗ ☖ in UTF-8, ▲ △ in Shift_JIS or
 * EUC-JP).  Marks are looked for at the start of a line only, where the
 * bytes of another character cannot fake them.
 */
static enum gy_record_format kif_or_ki2(struct gy__scan sc)
{
	static const char *const marks[] = {"\xE2\x96\xB2", "\xE2\x96\xB3", "\xE2\x98\x97", "\xE2\x98\x96",
					    "\x81\xA3",     "\x81\xA2",     "\xA2\xA5",     "\xA2\xA4"};
	bool marked = false;
	while (gy__scan_more(&sc)) {
		struct gy__scan line = gy__scan_line(&sc);
		gy__scan_skip_set(&line, " \t");
		size_t j = line.i;
		gy__scan_skip_set(&line, "0123456789");
		if (line.i > j && (!gy__scan_more(&line) || gy__scan_in(gy__scan_peek(&line), " \t")))
			return GY_RECORD_KIF;
		line.i = j;
		for (size_t m = 0; m < sizeof marks / sizeof marks[0] && !marked; m++)
			marked = gy__scan_looking_at(&line, marks[m]);
	}
	return marked ? GY_RECORD_KI2 : GY_RECORD_KIF;
}

/* The format the text looks like, tried in the order record.h gives. */
enum gy_record_format gy_record_format_by_content(const char *text, size_t len)
{
	struct gy__scan sc = gy__scan_make(text, text ? len : 0);
	gy__scan_accept(&sc, GY__SCAN_BOM);
	gy__scan_skip_set(&sc, BLANKS);
	struct gy__scan rest = sc;
	if (!gy__scan_more(&sc))
		return GY_RECORD_KIF;
	if (gy__scan_peek(&sc) == '{')
		return GY_RECORD_JKF;
	if (at_word(&sc, "position") || at_word(&sc, "startpos") || at_word(&sc, "sfen"))
		return GY_RECORD_USI;
	if (looks_sfen(gy__scan_line(&rest)))
		return GY_RECORD_SFEN;
	if (looks_csa(&sc))
		return GY_RECORD_CSA;
	return kif_or_ki2(sc);
}

enum gy_record_format gy_record_format_of(const char *path, const char *text, size_t len)
{
	int f = gy_record_format_by_path(path);
	return f >= 0 ? (enum gy_record_format)f : gy_record_format_by_content(text, len);
}

/*
 * The line of a SFEN or USI text, as a scanner: a byte order mark, blank
 * lines and blanks around it left out.  Sets `*rest` to where the text
 * after it starts (`len` when only blanks follow).
 */
static struct gy__scan first_line(const char *text, size_t len, size_t *rest)
{
	struct gy__scan sc = gy__scan_make(text, len);
	gy__scan_accept(&sc, GY__SCAN_BOM);
	gy__scan_skip_set(&sc, BLANKS);
	struct gy__scan line = gy__scan_line(&sc);
	gy__scan_trim_set(&line, BLANKS);
	gy__scan_skip_set(&sc, BLANKS);
	*rest = sc.i;
	return line;
}

/* Moves `where` from the column `in.col` of the text at the line's cursor to the whole text. */
static void locate_in_line(const struct gy__scan *line, struct gy_srcpos in, struct gy_srcpos *where)
{
	size_t at = line->i + (in.col > 0 ? (size_t)in.col - 1 : 0);
	gy__textpos_at(line->s, line->len, at < line->len ? at : line->len, where);
}

/* A game from a one-line SFEN (one king may be missing, the pieces as written), "sfen " before it allowed. */
static enum gy_err read_sfen(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where)
{
	size_t rest;
	struct gy__scan line = first_line(text, len, &rest);
	if (at_word(&line, "sfen")) {
		gy__scan_skip(&line, 4);
		gy__scan_skip_set(&line, BLANKS);
	}
	struct gy_pos start;
	struct gy_srcpos in = {0, 0};
	enum gy_err err = gy_sfen_parse(&start, line.s + line.i, line.len - line.i, GY_SFEN_TSUME, &in);
	if (err) {
		locate_in_line(&line, in, where);
		return err;
	}
	if (rest < len) {
		gy__textpos_at(text, len, rest, where);
		return GY_ERR_SFEN_TRAILING;
	}
	return gy_game_create(out, &start);
}

/*
 * True when `err` is about one move of the line, so the moves before it
 * stand: a move that names no move or breaks a rule (its class, err.h),
 * or a word that is no USI move at all (gy_usi_parse_move).
 */
static bool is_move_error(enum gy_err err)
{
	enum gy_err_class c = gy_err_class(err);
	return c == GY_ERR_CLASS_NO_MOVE || c == GY_ERR_CLASS_ILLEGAL_MOVE || err == GY_ERR_MOVE_SYNTAX;
}

/* A game from a USI position line; an illegal move keeps the moves before it. */
static enum gy_err read_usi(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	size_t rest;
	struct gy__scan line = first_line(text, len, &rest);
	/* Each move takes more than four bytes with its separator, so this many always suffice. */
	size_t cap = (line.len - line.i) / 4 + 2;
	if (cap > INT_MAX / sizeof(gy_move))
		return GY_ERR_TOO_LONG;
	gy_move *moves = malloc(cap * sizeof *moves);
	if (!moves)
		return GY_ERR_NOMEM;
	struct gy_pos start;
	struct gy_srcpos in = {0, 0};
	int n = 0;
	enum gy_err err = gy_usi_parse_position(line.s + line.i, line.len - line.i, &start, moves, (int)cap, &n, &in);
	if (err) {
		locate_in_line(&line, in, where);
	} else if (rest < len) {
		gy__textpos_at(text, len, rest, where);
		err = GY_ERR_SFEN_TRAILING;
	}
	if (err && !is_move_error(err))
		goto done;
	enum gy_err gerr = gy_game_create(out, &start);
	for (int i = 0, node = 0; !gerr && i < n; i++)
		gerr = gy_game_add(*out, node, moves[i], &node);
	if (gerr) {
		gy_game_destroy(*out);
		*out = NULL;
		err = gerr;
	} else if (err) {
		*bad_ply = n + 1;
	}
done:
	free(moves);
	return err;
}

/* The error of text that does not decode in the encoding `declared` (its "#KIF ... encoding=" line). */
static enum gy_err declared_error(enum gy_text_enc declared)
{
	switch (declared) {
	case GY_TEXT_UTF8: return GY_ERR_TEXT_DECLARED_UTF8;
	case GY_TEXT_CP932: return GY_ERR_TEXT_DECLARED_SJIS;
	case GY_TEXT_EUCJP: return GY_ERR_TEXT_DECLARED_EUCJP;
	default: return GY_ERR_TEXT_ENCODING;
	}
}

/*
 * A game from KIF or KI2 text in any encoding: the one the text declares
 * or shows (gy_text_detect), else the one `name`'s extension implies when
 * that is not UTF-8, else Shift_JIS.  UTF-8 is no hint, as text that is
 * valid UTF-8 is found so anyway, and Shift_JIS text named .kifu or sent
 * as "kifu" should still read; but when the text does not decode and
 * UTF-8 was meant (by the name or the format), the error is placed at the
 * first byte that is not UTF-8.  Text that does not decode in the
 * encoding its "#KIF" line declares is the error that names it
 * (GY_ERR_TEXT_DECLARED_*), placed at the first byte that does not.
 */
static enum gy_err read_kif(const char *text, size_t len, enum gy_record_format f, const char *name,
			    struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	enum gy_text_enc hint = name ? gy_text_enc_for_name(name, strlen(name)) : GY_TEXT_AUTO;
	bool utf8_meant = hint == GY_TEXT_UTF8 || f == GY_RECORD_KIFU || f == GY_RECORD_KI2U;
	enum gy_text_enc enc = gy_text_detect(text, len, hint == GY_TEXT_UTF8 ? GY_TEXT_AUTO : hint);
	enum gy_text_enc declared = gy_text_declared(text, len);
	char *utf8 = NULL;
	size_t ulen = 0, bad = 0;
	enum gy_err err = gy_text_to_utf8_at(text, len, enc, &utf8, &ulen, NULL, &bad);
	if (err == GY_ERR_TEXT_ENCODING && declared != GY_TEXT_AUTO && declared == enc) {
		gy__textpos_bad_byte(text, len, bad, enc, where);
		err = declared_error(declared);
	} else if (err == GY_ERR_TEXT_ENCODING) {
		if (utf8_meant && enc != GY_TEXT_UTF8) {
			/* The text is not valid UTF-8 (it would have been detected so): find its first bad byte. */
			char *probe = NULL;
			size_t plen = 0;
			enc = GY_TEXT_UTF8;
			if (gy_text_to_utf8_at(text, len, enc, &probe, &plen, NULL, &bad) == GY_OK)
				bad = 0;
			free(probe);
		}
		gy__textpos_bad_byte(text, len, bad, enc, where);
	}
	if (err)
		return err;
	if (f == GY_RECORD_KI2 || f == GY_RECORD_KI2U)
		err = gy_ki2_read(utf8, ulen, out, where, bad_ply);
	else
		err = gy_kif_read(utf8, ulen, out, where, bad_ply);
	free(utf8);
	return err;
}

/* Reads a record of any format through the format's own reader. */
enum gy_err gy_record_read(const char *text, size_t len, enum gy_record_format f, const char *name,
			   struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	int ply = 0;
	size_t consumed = 0, bom;
	enum gy_err err;
	if (where)
		*where = (struct gy_srcpos){0, 0};
	if (bad_ply)
		*bad_ply = 0;
	if (!out)
		return GY_ERR_ARG;
	*out = NULL;
	if ((!text && len) || (unsigned)f >= GY_RECORD_NB)
		return GY_ERR_ARG;
	if (!text)
		text = "";
	switch (f) {
	case GY_RECORD_SFEN: err = read_sfen(text, len, out, where); break;
	case GY_RECORD_USI: err = read_usi(text, len, out, where, &ply); break;
	case GY_RECORD_CSA: err = gy_csa_read(text, len, out, &consumed, where, &ply); break;
	case GY_RECORD_JKF:
		bom = gy__textpos_bom(text, len);
		err = gy_jkf_read(text + bom, len - bom, out, where, &ply);
		break;
	default: err = read_kif(text, len, f, name, out, where, &ply); break;
	}
	/* Only an illegal move leaves a game (record.h). */
	if (err && ply <= 0) {
		gy_game_destroy(*out);
		*out = NULL;
	}
	if (err && bad_ply)
		*bad_ply = ply > 0 ? ply : 0;
	return err;
}

/* The SFEN of the main line's last position and a newline, in a new buffer. */
static enum gy_err write_sfen(const struct gy_game *g, char **out, size_t *len)
{
	struct gy_pos pos;
	enum gy_err err = gy_game_position(g, gy_game_main_end(g), &pos);
	if (err)
		return err;
	char *buf = malloc(GY_SFEN_MAX + 1);
	if (!buf)
		return GY_ERR_NOMEM;
	size_t n = gy_sfen_write(&pos, buf, GY_SFEN_MAX);
	buf[n++] = '\n';
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return GY_OK;
}

/* The USI position line of the main line and a newline, in a new buffer. */
static enum gy_err write_usi(const struct gy_game *g, char **out, size_t *len)
{
	int n = 0;
	for (int node = gy_game_first_child(g, 0); node >= 0; node = gy_game_first_child(g, node))
		n++;
	gy_move *moves = malloc(((size_t)n + 1) * sizeof *moves);
	if (!moves)
		return GY_ERR_NOMEM;
	int i = 0;
	for (int node = gy_game_first_child(g, 0); node >= 0 && i < n; node = gy_game_first_child(g, node))
		moves[i++] = gy_game_move(g, node);
	size_t need = gy_usi_write_position(gy_game_start(g), moves, n, NULL, 0);
	char *buf = malloc(need + 2);
	if (buf) {
		gy_usi_write_position(gy_game_start(g), moves, n, buf, need + 1);
		buf[need] = '\n';
		buf[need + 1] = '\0';
		*out = buf;
		*len = need + 1;
	}
	free(moves);
	return buf ? GY_OK : GY_ERR_NOMEM;
}

/* Writes a record of any format through the format's own writer. */
enum gy_err gy_record_write(const struct gy_game *g, enum gy_record_format f, char **out, size_t *len)
{
	char *text = NULL, *conv = NULL;
	size_t n = 0, clen = 0;
	enum gy_err err;
	if (len)
		*len = 0;
	if (!out)
		return GY_ERR_ARG;
	*out = NULL;
	if (!g || (unsigned)f >= GY_RECORD_NB)
		return GY_ERR_ARG;
	switch (f) {
	case GY_RECORD_SFEN: err = write_sfen(g, &text, &n); break;
	case GY_RECORD_USI: err = write_usi(g, &text, &n); break;
	case GY_RECORD_CSA: err = gy_csa_write(g, &text, &n); break;
	case GY_RECORD_JKF: err = gy_jkf_write(g, &text, &n); break;
	case GY_RECORD_KIF:
	case GY_RECORD_KIFU: err = gy_kif_write(g, &text, &n); break;
	default: err = gy_ki2_write(g, &text, &n); break;
	}
	/* KIF and KI2 are Shift_JIS; the writers give UTF-8. */
	if (!err && (f == GY_RECORD_KIF || f == GY_RECORD_KI2)) {
		err = gy_text_from_utf8(text, n, GY_TEXT_CP932, &conv, &clen);
		free(text);
		text = conv;
		n = clen;
	}
	if (err) {
		free(text);
		return err;
	}
	*out = text;
	if (len)
		*len = n;
	return GY_OK;
}
