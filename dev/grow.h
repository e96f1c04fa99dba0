/*
 * dev/grow.h: a growing array for the development tools' data sets.
 */
#ifndef DEV_GROW_H
#define DEV_GROW_H

#include <stdlib.h>

/*
 * Makes the array *p of *cap elements of `size` bytes hold at least
 * `need`, doubling from `first`.  0 on success, -1 when out of memory
 * (*p and *cap unchanged).
 */
static inline int dev_grow(void **p, size_t *cap, size_t need, size_t size, size_t first)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : first;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, c * size);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

#endif
