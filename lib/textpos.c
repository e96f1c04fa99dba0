/*
 * lib/textpos.c: the line and column of a byte of encoded record text
 * (textpos.h), for the readers that report where an error is.
 *
 * Invariant: only the `len` bytes of the text are read, and a column
 * counts characters (UTF-8 lead bytes, or the characters the bytes before
 * it decode to), never bytes.
 */
#include "textpos.h"

#include <stdlib.h>

#include "scan.h"

/* The byte order mark's length, read through the scanner. */
size_t gy__textpos_bom(const char *s, size_t len)
{
	struct gy__scan sc = gy__scan_make(s, len);
	return gy__scan_accept(&sc, GY__SCAN_BOM) ? sc.i : 0;
}

/* The line and column of a byte, the byte order mark left out of the count. */
void gy__textpos_at(const char *text, size_t len, size_t at, struct gy_srcpos *where)
{
	if (!where)
		return;
	size_t bom = gy__textpos_bom(text, len);
	struct gy__scan sc = gy__scan_at(text + bom, len - bom, at > bom ? at - bom : 0);
	*where = gy__scan_pos(&sc);
}

/* The line and column of a byte that does not decode, the characters before it decoded. */
void gy__textpos_bad_byte(const char *text, size_t len, size_t bad, enum gy_text_enc enc, struct gy_srcpos *where)
{
	if (!where || bad > len)
		return;
	gy__textpos_at(text, len, bad, where);
	/* The line up to the bad byte decodes: count its characters in UTF-8. */
	size_t ls = gy__scan_at(text, len, bad).line_start;
	char *head = NULL;
	size_t hlen = 0;
	if (enc != GY_TEXT_UTF8 && ls < bad && gy_text_to_utf8(text + ls, bad - ls, enc, &head, &hlen, NULL) == GY_OK)
		where->col = 1 + gy__scan_chars(head, hlen);
	free(head);
}
