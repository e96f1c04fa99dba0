/*
 * lib/scan.h: the bounded text scanner of every reader in lib/ (library
 * internal): the KIF, KI2 and CSA readers, move notation, time controls,
 * the record format detection and the JSON locator.
 *
 * A struct gy__scan is a cursor over the `len` bytes at `s`.  No helper
 * reads a byte at or past `len`, and no NUL is needed: a NUL byte is a
 * byte like any other.  The cursor also keeps the number of its line and
 * the offset where that line starts, so that every reader fills a
 * struct gy_srcpos the same way: the line, and a 1-based column counted
 * from the start of the line in characters (UTF-8 lead bytes) or bytes.
 *
 * A line-oriented reader takes each line as a scanner of its own
 * (gy__scan_line): the same text, its end the end of the line (the end of
 * line left out), its number and start set.  A reader narrows a scanner
 * to a span of its line by setting `i` and `len` within it (gy__scan_span,
 * gy__scan_trim_blanks); the line and its start stay, so a column is
 * counted from the start of the line wherever the span is.
 *
 * Invariants: i <= len, and `line` and `line_start` are those of the
 * byte at `i` as far as the scanner has counted.  Only gy__scan_step,
 * gy__scan_line and gy__scan_at count lines; the other helpers never do,
 * so a reader that skips ends of lines with them (gy__scan_skip_set with
 * "\r\n") asks gy__scan_at for the place of a byte.
 */
#ifndef LIB_SCAN_H
#define LIB_SCAN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gyoku/err.h"

/* The UTF-8 byte order mark, and the ideographic (full-width) space U+3000. */
#define GY__SCAN_BOM        "\xEF\xBB\xBF"
#define GY__SCAN_WIDE_SPACE "\xE3\x80\x80"

/* A cursor over `len` bytes of text (see above). */
struct gy__scan {
	const char *s;     /* the text */
	size_t len;        /* its end: no byte at or past it is read */
	size_t i;          /* the cursor: the offset of the next byte */
	size_t line_start; /* the offset of the first byte of the cursor's line */
	int line;          /* the cursor's line, 1-based */
};

/* A scanner at the start of the `len` bytes at `s`, on line 1. */
static inline struct gy__scan gy__scan_make(const char *s, size_t len) { return (struct gy__scan){s, len, 0, 0, 1}; }

/* The same line narrowed to the bytes [a, b) (a <= b <= the scanner's end), the cursor at `a`. */
static inline struct gy__scan gy__scan_span(const struct gy__scan *sc, size_t a, size_t b)
{
	struct gy__scan span = *sc;
	span.len = b < sc->len ? b : sc->len;
	span.i = a < span.len ? a : span.len;
	return span;
}

/* True while bytes are left before the end. */
static inline bool gy__scan_more(const struct gy__scan *sc) { return sc->i < sc->len; }

/* The byte `k` bytes after the cursor (0 to 255), or -1 at or past the end. */
static inline int gy__scan_peek_at(const struct gy__scan *sc, size_t k)
{
	return k < sc->len - sc->i ? (unsigned char)sc->s[sc->i + k] : -1;
}

/* The byte at the cursor (0 to 255), or -1 at the end. */
static inline int gy__scan_peek(const struct gy__scan *sc) { return gy__scan_peek_at(sc, 0); }

/* Moves the cursor `n` bytes on, stopping at the end.  Counts no lines. */
static inline void gy__scan_skip(struct gy__scan *sc, size_t n) { sc->i += n < sc->len - sc->i ? n : sc->len - sc->i; }

/* Moves the cursor `n` UTF-8 characters on (a byte and the continuation bytes after it each), stopping at the end. */
static inline void gy__scan_skip_chars(struct gy__scan *sc, int n)
{
	for (; n > 0 && gy__scan_more(sc); n--)
		do
			sc->i++;
		while (gy__scan_more(sc) && ((unsigned char)sc->s[sc->i] & 0xC0) == 0x80);
}

/* True when the bytes at the cursor start with the string `lit`. */
static inline bool gy__scan_looking_at(const struct gy__scan *sc, const char *lit)
{
	size_t n = strlen(lit);
	return sc->len - sc->i >= n && memcmp(sc->s + sc->i, lit, n) == 0;
}

/* True when the bytes from the cursor to the end are exactly the string `lit`. */
static inline bool gy__scan_rest_is(const struct gy__scan *sc, const char *lit)
{
	return sc->len - sc->i == strlen(lit) && gy__scan_looking_at(sc, lit);
}

/* Consumes the string `lit` when the bytes at the cursor start with it; true then. */
static inline bool gy__scan_accept(struct gy__scan *sc, const char *lit)
{
	if (!gy__scan_looking_at(sc, lit))
		return false;
	sc->i += strlen(lit);
	return true;
}

/* True when `c` (a byte, or -1) is one of the bytes of the string `set` (a NUL byte never is). */
/* True when the `len` bytes at `s` spell `word` in any ASCII case (a name read from input: a format, a rule). */
static inline bool gy__scan_same_word(const char *s, size_t len, const char *word)
{
	size_t i = 0;
	for (; i < len && word[i]; i++) {
		int a = (unsigned char)s[i], b = (unsigned char)word[i];
		if ((a >= 'A' && a <= 'Z' ? a + 32 : a) != (b >= 'A' && b <= 'Z' ? b + 32 : b))
			return false;
	}
	return i == len && !word[i];
}

static inline bool gy__scan_in(int c, const char *set) { return c > 0 && strchr(set, c) != NULL; }

/* Skips the bytes that are in `set`.  Counts no lines. */
static inline void gy__scan_skip_set(struct gy__scan *sc, const char *set)
{
	while (gy__scan_in(gy__scan_peek(sc), set))
		sc->i++;
}

/* Moves the end back over the bytes that are in `set`, never before the cursor. */
static inline void gy__scan_trim_set(struct gy__scan *sc, const char *set)
{
	while (sc->len > sc->i && gy__scan_in((unsigned char)sc->s[sc->len - 1], set))
		sc->len--;
}

/* Moves the cursor to the first byte that is in `set`, or to the end; true when there is one. */
static inline bool gy__scan_until_set(struct gy__scan *sc, const char *set)
{
	while (gy__scan_more(sc) && !gy__scan_in(gy__scan_peek(sc), set))
		sc->i++;
	return gy__scan_more(sc);
}

/* Moves the cursor to the first place where the string `lit` starts, or to the end; true when it is found. */
static inline bool gy__scan_until(struct gy__scan *sc, const char *lit)
{
	while (gy__scan_more(sc) && !gy__scan_looking_at(sc, lit))
		sc->i++;
	return gy__scan_more(sc);
}

/* Moves the cursor to the first byte `c` (any byte, NUL too), or to the end; true when there is one. */
static inline bool gy__scan_until_byte(struct gy__scan *sc, char c)
{
	const char *p = gy__scan_more(sc) ? memchr(sc->s + sc->i, c, sc->len - sc->i) : NULL;
	sc->i = p ? (size_t)(p - sc->s) : sc->len;
	return p != NULL;
}

/*
 * Consumes one blank of Japanese text when the cursor is at one: an ASCII
 * space or tab, or the ideographic space U+3000; true then.
 */
static inline bool gy__scan_blank(struct gy__scan *sc)
{
	int c = gy__scan_peek(sc);
	if (c == ' ' || c == '\t') {
		sc->i++;
		return true;
	}
	return gy__scan_accept(sc, GY__SCAN_WIDE_SPACE);
}

/* Skips the blanks of Japanese text (gy__scan_blank). */
static inline void gy__scan_skip_blanks(struct gy__scan *sc)
{
	while (gy__scan_blank(sc))
		;
}

/* Moves the end back over the blanks of Japanese text (gy__scan_blank), never before the cursor. */
static inline void gy__scan_trim_blanks(struct gy__scan *sc)
{
	for (;;) {
		size_t n = sc->len - sc->i;
		if (n >= 1 && (sc->s[sc->len - 1] == ' ' || sc->s[sc->len - 1] == '\t'))
			sc->len--;
		else if (n >= 3 && memcmp(sc->s + sc->len - 3, GY__SCAN_WIDE_SPACE, 3) == 0)
			sc->len -= 3;
		else
			return;
	}
}

/* True when `c` (a byte, or -1) is an ASCII digit. */
static inline bool gy__scan_is_digit(int c) { return c >= '0' && c <= '9'; }

/*
 * The value of the digit at the cursor, consumed: an ASCII digit, or when
 * `wide` a full-width one (０ to ９, U+FF10 to U+FF19).  -1, nothing
 * consumed, when there is none.
 */
static inline int gy__scan_digit(struct gy__scan *sc, bool wide)
{
	int c = gy__scan_peek(sc);
	if (gy__scan_is_digit(c)) {
		sc->i++;
		return c - '0';
	}
	if (wide && c == 0xEF && gy__scan_peek_at(sc, 1) == 0xBC) {
		int d = gy__scan_peek_at(sc, 2) - 0x90;
		if (d >= 0 && d <= 9) {
			sc->i += 3;
			return d;
		}
	}
	return -1;
}

/*
 * Reads a decimal number of 1 to `max` digits (max <= 18; digits as
 * gy__scan_digit reads them) into `*n`.  Returns how many digits it read:
 * 0 when there is none (the cursor unmoved, `*n` 0), or -1 when another
 * digit follows the first `max` (the number is too long): the cursor is
 * then on that digit and `*n` is the value of the `max` digits before it.
 */
static inline int gy__scan_number(struct gy__scan *sc, int max, bool wide, int64_t *n)
{
	int64_t v = 0;
	int k = 0;
	for (;;) {
		size_t at = sc->i;
		int d = gy__scan_digit(sc, wide);
		if (d < 0)
			break;
		if (k == max) {
			sc->i = at;
			k = -1;
			break;
		}
		v = v * 10 + d;
		k++;
	}
	*n = v;
	return k;
}

/*
 * Moves the cursor one byte on, counting a line after each LF (as JSON,
 * and jansson's positions, count lines: a lone CR is a blank).
 */
static inline void gy__scan_step(struct gy__scan *sc)
{
	if (!gy__scan_more(sc))
		return;
	if (sc->s[sc->i++] == '\n') {
		sc->line++;
		sc->line_start = sc->i;
	}
}

/*
 * The line at the cursor as a scanner of its own: from the cursor to the
 * first LF or CR (not included), on the cursor's line.  Moves `sc` past
 * that line and its end of line (LF, CR LF or a lone CR), to the start of
 * the next line, or to the end of the text (then still on this line).  At
 * the end of the text the line is empty.
 */
static inline struct gy__scan gy__scan_line(struct gy__scan *sc)
{
	struct gy__scan line = *sc;
	line.line_start = sc->i;
	while (gy__scan_more(sc) && sc->s[sc->i] != '\n' && sc->s[sc->i] != '\r')
		sc->i++;
	line.len = sc->i;
	if (gy__scan_more(sc)) {
		if (sc->s[sc->i++] == '\r' && gy__scan_more(sc) && sc->s[sc->i] == '\n')
			sc->i++;
		sc->line++;
		sc->line_start = sc->i;
	}
	return line;
}

/* The number of UTF-8 characters (bytes other than continuation bytes) in the `n` bytes at `s`, at most INT_MAX. */
static inline int gy__scan_chars(const char *s, size_t n)
{
	int c = 0;
	for (size_t k = 0; k < n && c < INT_MAX; k++)
		c += ((unsigned char)s[k] & 0xC0) != 0x80;
	return c;
}

/* The line and column (in characters) of the byte `at` of the scanner's line (past the end: the end). */
static inline struct gy_srcpos gy__scan_pos_at(const struct gy__scan *sc, size_t at)
{
	if (at > sc->len)
		at = sc->len;
	if (at < sc->line_start)
		at = sc->line_start;
	int col = gy__scan_chars(sc->s + sc->line_start, at - sc->line_start);
	return (struct gy_srcpos){sc->line, col < INT_MAX ? col + 1 : INT_MAX};
}

/* The line and column (in characters) of the cursor. */
static inline struct gy_srcpos gy__scan_pos(const struct gy__scan *sc) { return gy__scan_pos_at(sc, sc->i); }

/* The line and column (in bytes) of the byte `at` of the scanner's line (past the end: the end). */
static inline struct gy_srcpos gy__scan_byte_pos_at(const struct gy__scan *sc, size_t at)
{
	if (at > sc->len)
		at = sc->len;
	if (at < sc->line_start)
		at = sc->line_start;
	size_t col = at - sc->line_start;
	return (struct gy_srcpos){sc->line, col < INT_MAX ? (int)col + 1 : INT_MAX};
}

/*
 * A scanner over the `len` bytes at `s` with its cursor at `at` (at most
 * `len`), its line and the line's start counted as gy__scan_line splits
 * the bytes before `at` into lines (a CR just before `at` ends a line).
 */
static inline struct gy__scan gy__scan_at(const char *s, size_t len, size_t at)
{
	struct gy__scan sc = gy__scan_make(s, at < len ? at : len);
	while (gy__scan_more(&sc))
		gy__scan_line(&sc);
	sc.len = len;
	return sc;
}

#endif
