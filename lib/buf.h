/*
 * lib/buf.h: the growable text buffer of the record writers (library
 * internal).  A writer appends with gy__buf_put and its kin and never
 * checks each call: a failed allocation marks the buffer (`nomem`), every
 * later append does nothing, and the writer reports GY_ERR_NOMEM once at
 * the end.  The text is NUL-terminated after every append.
 */
#ifndef LIB_BUF_H
#define LIB_BUF_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct gy__buf {
	char *s; /* malloc'd; NULL until the first append */
	size_t len, cap;
	bool nomem; /* an allocation failed: the text is incomplete */
};

/* Appends the `n` bytes at `s`. */
static inline void gy__buf_put(struct gy__buf *b, const char *s, size_t n)
{
	if (b->nomem)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->s, cap);
		if (!p) {
			b->nomem = true;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Appends the NUL-terminated `s`. */
static inline void gy__buf_puts(struct gy__buf *b, const char *s) { gy__buf_put(b, s, strlen(s)); }

#endif
