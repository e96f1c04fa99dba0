/*
 * lib/json_locate.h: where a value sits in JSON text.
 *
 * jansson's values carry no source position, so a reader that finds a
 * wrong value in a parsed tree names it by its path (keys and indices
 * from the top) and asks here for its line and column in the text.
 */
#ifndef LIB_JSON_LOCATE_H
#define LIB_JSON_LOCATE_H

#include <stddef.h>

#include "gyoku/err.h"

/* One step into a JSON value: a member by `key` (not NULL), else an element by `index`. */
struct json_step {
	const char *key;
	size_t index;
};

/*
 * The 1-based line and column (counted in characters, as jansson counts
 * them) of the first character of the value reached from the top of the
 * `len` bytes of JSON at `text` by the `n` steps of `path`.  When a step
 * cannot be taken (no such member or element, a value of another type),
 * the place of the last value reached (the top value's for n == 0);
 * {0, 0} only when the text holds nothing but white space.  Never reads past `len`.
 */
struct gy_srcpos gy__json_locate(const char *text, size_t len, const struct json_step *path, int n);

#endif
