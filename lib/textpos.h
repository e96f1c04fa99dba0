/*
 * lib/textpos.h: where a byte of encoded record text is (library
 * internal; the record readers of record.c and the move-list reader of
 * notation_list.c): its line and its column counted in characters, as
 * gyoku/record.h reports an error, whatever the text's encoding.
 *
 * Lines end with LF, CR LF or a lone CR; a byte order mark at the start
 * of the text is never counted in a column.
 */
#ifndef LIB_TEXTPOS_H
#define LIB_TEXTPOS_H

#include <stddef.h>

#include "gyoku/err.h"
#include "gyoku/textenc.h"

/* The length of the UTF-8 byte order mark starting the `len` bytes at `s`, or 0. */
size_t gy__textpos_bom(const char *s, size_t len);

/*
 * Sets `where` (when not NULL) to the line and column of byte `at` of
 * `text` (`len` bytes), the column counting the UTF-8 characters before
 * it on its line (a byte order mark not counted).
 */
void gy__textpos_at(const char *text, size_t len, size_t at, struct gy_srcpos *where);

/*
 * Sets `where` (when not NULL) to the line and column of the byte `bad`
 * of `text`, the first that does not decode in `enc`: the column counts
 * the characters of its line before it, decoded from `enc`.
 */
void gy__textpos_bad_byte(const char *text, size_t len, size_t bad, enum gy_text_enc enc, struct gy_srcpos *where);

#endif
