/*
 * tests/recordfiles.h: the record files of a folder (every .kif .kifu
 * .ki2 .ki2u .csa .jkf), in name order, for the tests that take each
 * record through the readers and writers (t_roundtrip, t_movelist).
 */
#ifndef TESTS_RECORDFILES_H
#define TESTS_RECORDFILES_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { RECORDFILES_MAX = 1024 };

/* True when `s` ends with `suffix` (and is longer). */
static inline bool recordfiles_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && !strcmp(s + n - m, suffix);
}

/* True when `path` names a record file by its extension. */
static inline bool recordfiles_is_record(const char *path)
{
	static const char *const ext[] = {".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf"};
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
		if (recordfiles_ends_with(path, ext[i]))
			return true;
	return false;
}

static inline int recordfiles_by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Calls `fn(ctx, path)` on each record file of `dir` in name order, and of its folders too when `deep`. */
static inline void recordfiles_walk(const char *dir, bool deep, void (*fn)(void *ctx, const char *path), void *ctx)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char *names[RECORDFILES_MAX];
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) && n < RECORDFILES_MAX;)
		if (e->d_name[0] != '.' && (names[n] = strdup(e->d_name)))
			n++;
	closedir(d);
	qsort(names, (size_t)n, sizeof names[0], recordfiles_by_name);
	for (int i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		int w = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (w < 0 || (size_t)w >= sizeof path) {
			free(names[i]);
			continue;
		}
		if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
			if (deep)
				recordfiles_walk(path, deep, fn, ctx);
		} else if (recordfiles_is_record(path)) {
			fn(ctx, path);
		}
		free(names[i]);
	}
}

#endif
