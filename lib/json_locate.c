/*
 * lib/json_locate.c: where a value sits in JSON text (json_locate.h).
 *
 * A forward scan that skips every value off the path: strings with their
 * escapes, containers by counting brackets outside strings, scalars up to
 * the next delimiter.  The text is normally one jansson has accepted, but
 * the scan assumes nothing: on text that is not JSON it stops at the last
 * value it reached, and it never reads past the end.
 */
#include "json_locate.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "scan.h"

/* Skips JSON white space, counting lines. */
static void skip_ws(struct gy__scan *s)
{
	while (gy__scan_in(gy__scan_peek(s), " \t\r\n"))
		gy__scan_step(s);
}

/* Four hex digits at the scan, or -1. */
static long hex4(struct gy__scan *s)
{
	long v = 0;
	for (int k = 0; k < 4; k++, gy__scan_step(s)) {
		int c = gy__scan_peek(s);
		int d = c >= '0' && c <= '9'   ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10
					       : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* The UTF-8 bytes of code point `cp` into `out` (4 bytes); their count. */
static int utf8(long cp, unsigned char *out)
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xC0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xE0 | cp >> 12);
		out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (unsigned char)(0xF0 | cp >> 18);
	out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
	out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
	out[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

/*
 * Scans the string at the scan (its opening quote), decoding escapes, and
 * tells whether it equals `want` (NULL: only skip it).  False as well
 * when the string does not end.
 */
static bool string_is(struct gy__scan *s, const char *want)
{
	size_t at = 0, wlen = want ? strlen(want) : 0;
	bool same = want != NULL;
	gy__scan_step(s);
	while (gy__scan_more(s) && gy__scan_peek(s) != '"') {
		unsigned char buf[4];
		int n = 1;
		buf[0] = (unsigned char)gy__scan_peek(s);
		gy__scan_step(s);
		if (buf[0] == '\\' && gy__scan_more(s)) {
			unsigned char e = (unsigned char)gy__scan_peek(s);
			gy__scan_step(s);
			static const char from[] = "bfnrt", to[] = "\b\f\n\r\t";
			const char *k = e ? strchr(from, e) : NULL;
			buf[0] = k ? (unsigned char)to[k - from] : e;
			if (e == 'u') {
				long cp = hex4(s);
				/* A high surrogate and its low half make one code point. */
				if (cp >= 0xD800 && cp < 0xDC00 && gy__scan_peek(s) == '\\' &&
				    gy__scan_peek_at(s, 1) == 'u') {
					gy__scan_step(s);
					gy__scan_step(s);
					long lo = hex4(s);
					cp = lo >= 0xDC00 && lo < 0xE000
						     ? 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
						     : -1;
				}
				if (cp < 0)
					same = false;
				else
					n = utf8(cp, buf);
			}
		}
		if (same && (at + (size_t)n > wlen || memcmp(want + at, buf, (size_t)n)))
			same = false;
		at += (size_t)n;
	}
	if (!gy__scan_more(s))
		return false;
	gy__scan_step(s);
	return same && at == wlen;
}

/* Skips the value at the scan: a string, a container with all it holds, or a scalar. */
static void skip_value(struct gy__scan *s)
{
	int c = gy__scan_peek(s);
	if (c == '"') {
		string_is(s, NULL);
		return;
	}
	if (c != '{' && c != '[') {
		gy__scan_until_set(s, ",:}] \t\r\n");
		return;
	}
	for (size_t depth = 0; gy__scan_more(s);) {
		c = gy__scan_peek(s);
		if (c == '"') {
			string_is(s, NULL);
			continue;
		}
		gy__scan_step(s);
		if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && --depth == 0)
			return;
	}
}

/* Moves the scan from a container's opening bracket to the value that `st` names; false when there is none. */
static bool enter(struct gy__scan *s, const struct json_step *st)
{
	if (gy__scan_peek(s) != (st->key ? '{' : '['))
		return false;
	gy__scan_step(s);
	for (size_t index = 0;; index++) {
		skip_ws(s);
		bool found = !st->key && index == st->index;
		if (st->key) {
			if (gy__scan_peek(s) != '"')
				return false;
			found = string_is(s, st->key);
			skip_ws(s);
			if (gy__scan_peek(s) != ':')
				return false;
			gy__scan_step(s);
			skip_ws(s);
		}
		if (!gy__scan_more(s) || gy__scan_peek(s) == ']' || gy__scan_peek(s) == '}')
			return false;
		if (found)
			return true;
		skip_value(s);
		skip_ws(s);
		if (gy__scan_peek(s) != ',')
			return false;
		gy__scan_step(s);
	}
}

struct gy_srcpos gy__json_locate(const char *text, size_t len, const struct json_step *path, int n)
{
	struct gy__scan s = gy__scan_make(text, len);
	skip_ws(&s);
	if (!gy__scan_more(&s))
		return (struct gy_srcpos){0, 0};
	struct gy_srcpos last = gy__scan_pos(&s);
	for (int k = 0; k < n && enter(&s, &path[k]); k++)
		last = gy__scan_pos(&s);
	return last;
}
