/*
 * tests/datafile.h: reading the tab-separated case files of tests/data/
 * (style.md rule 13), shared by the data-driven test programs.
 *
 * A case file has one case per line, fields separated by single tabs;
 * blank lines and lines starting with '#' are comments.  A line that does
 * not have the expected shape is itself a failing case, named
 * "<prefix>-line-N" after its line number, so a typo never hides a case.
 */
#ifndef TESTS_DATAFILE_H
#define TESTS_DATAFILE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "check.h"
#include "gyoku/err.h"

enum { DATAFILE_MAX_FIELDS = 8 };

struct datafile {
	FILE *f;
	const char *path;
	char *line; /* the current line, without its end of line; owned */
	size_t cap;
	int lineno;
};

/* Opens `path`; false (with errno set) when it cannot be read. */
static inline bool datafile_open(struct datafile *d, const char *path)
{
	memset(d, 0, sizeof *d);
	d->path = path;
	d->f = fopen(path, "r");
	return d->f != NULL;
}

/*
 * Reads the next line that is not a comment into d->line (without "\n" or
 * "\r\n").  Returns false at the end of the file.
 */
static inline bool datafile_next(struct datafile *d)
{
	for (;;) {
		ssize_t n = getline(&d->line, &d->cap, d->f);
		if (n < 0)
			return false;
		d->lineno++;
		while (n > 0 && (d->line[n - 1] == '\n' || d->line[n - 1] == '\r'))
			d->line[--n] = '\0';
		if (n > 0 && d->line[0] != '#')
			return true;
	}
}

static inline void datafile_close(struct datafile *d)
{
	if (d->f)
		fclose(d->f);
	free(d->line);
	d->f = NULL;
	d->line = NULL;
}

/*
 * Splits `s` in place at every tab into at most DATAFILE_MAX_FIELDS
 * fields (empty fields are kept).  Returns the number of fields, or
 * DATAFILE_MAX_FIELDS + 1 when there are more.
 */
static inline int datafile_split(char *s, char **fields)
{
	int n = 0;
	for (;;) {
		if (n == DATAFILE_MAX_FIELDS)
			return DATAFILE_MAX_FIELDS + 1;
		fields[n++] = s;
		char *tab = strchr(s, '\t');
		if (!tab)
			return n;
		*tab = '\0';
		s = tab + 1;
	}
}

/*
 * True when `id` has the shape of a case name, `module-N.M` (the module
 * may contain dashes: "sfen-ok-1.2", "tsume-4.33").
 */
static inline bool datafile_id_ok(const char *id)
{
	const char *dash = strrchr(id, '-');
	if (!dash || dash == id)
		return false;
	for (const char *c = id; c < dash; c++)
		if (!((*c >= 'a' && *c <= 'z') || *c == '-'))
			return false;
	const char *c = dash + 1;
	int digits = 0, dots = 0;
	for (; *c; c++) {
		if (*c >= '0' && *c <= '9')
			digits++;
		else if (*c == '.' && digits && c[1] >= '0' && c[1] <= '9')
			dots++;
		else
			return false;
	}
	return digits >= 2 && dots == 1;
}

/* The case ids met so far, to catch a case name used twice. */
struct datafile_ids {
	char *id[2048];
	int n;
};

/* Records `id`; false when it was recorded before. */
static inline bool datafile_id_new(struct datafile_ids *ids, const char *id)
{
	for (int i = 0; i < ids->n; i++)
		if (!strcmp(ids->id[i], id))
			return false;
	if (ids->n < (int)(sizeof ids->id / sizeof ids->id[0]))
		ids->id[ids->n++] = strdup(id);
	return true;
}

static inline void datafile_ids_free(struct datafile_ids *ids)
{
	for (int i = 0; i < ids->n; i++)
		free(ids->id[i]);
	ids->n = 0;
}

/* The GY_ERR_LIST name of `err` ("MOVE_NIFU"), or "?" when out of range. */
static inline const char *datafile_err_name(int err)
{
	static const char *const names[GY_ERR_NB] = {
#define DATAFILE_ERR_NAME(id, cls, msg) #id,
		GY_ERR_LIST(DATAFILE_ERR_NAME)
#undef DATAFILE_ERR_NAME
	};
	return err >= 0 && err < GY_ERR_NB ? names[err] : "?";
}

/*
 * The error whose GY_ERR_LIST name (without "GY_ERR_") is the `len` bytes
 * at `name`, e.g. "MOVE_NIFU"; -1 when there is none.
 */
static inline int datafile_err_from_name(const char *name, size_t len)
{
	for (int e = 0; e < GY_ERR_NB; e++) {
		const char *n = datafile_err_name(e);
		if (strlen(n) == len && memcmp(n, name, len) == 0)
			return e;
	}
	return -1;
}

/*
 * Parses a whole non-negative decimal number of at most 9 digits.
 * Returns -1 when `s` is anything else.
 */
static inline long datafile_number(const char *s)
{
	long n = 0;
	int digits = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || ++digits > 9)
			return -1;
		n = n * 10 + (*s - '0');
	}
	return digits ? n : -1;
}

/* The whole file at `path`, malloc'ed (the caller frees), or NULL. */
static inline char *datafile_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	fclose(f);
	*len = n;
	return buf;
}

/* One case of a data file: reads d->line, records its verdict in `t`. */
typedef void datafile_case_fn(struct check_tally *t, struct datafile *d, struct datafile_ids *ids);

/*
 * Runs `fn` on every case line of `path`.  Fails "<prefix>-0.1" when the
 * file cannot be read and "<prefix>-0.2" when it holds no case.
 */
static inline void datafile_run(struct check_tally *t, const char *path, const char *prefix, datafile_case_fn *fn)
{
	struct datafile d;
	struct datafile_ids ids;
	char id[64];
	int before = t->passed + t->failed;
	memset(&ids, 0, sizeof ids);
	if (!datafile_open(&d, path)) {
		snprintf(id, sizeof id, "%s-0.1", prefix);
		check_fail(t, id, "cannot open %s (run from the repository root)", path);
		return;
	}
	while (datafile_next(&d))
		fn(t, &d, &ids);
	datafile_close(&d);
	datafile_ids_free(&ids);
	if (t->passed + t->failed == before) {
		snprintf(id, sizeof id, "%s-0.2", prefix);
		check_fail(t, id, "%s holds no cases", path);
	}
}

#endif
