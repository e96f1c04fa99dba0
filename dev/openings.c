/*
 * dev/openings.c: reading a match's start positions (openings.h).
 */
#include "openings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "gyoku/err.h"
#include "gyoku/usi.h"

/* The longest line read; longer ones are an error. */
enum { LINE_MAX_BYTES = 4096 };

/* Parses one non-comment line (trimmed, NUL-terminated) into `op`. */
static enum gy_err parse_line(const char *s, struct opening *op, int *col)
{
	char buf[LINE_MAX_BYTES + 8];
	const char *text = s;
	if (!strncmp(s, "position ", 9))
		text = s + 9;
	if (strncmp(text, "startpos", 8) && strncmp(text, "sfen ", 5)) {
		/* A bare SFEN. */
		snprintf(buf, sizeof buf, "sfen %s", text);
		text = buf;
	}
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_usi_parse_position(text, strlen(text), &op->start, op->moves, OPENINGS_MOVES_MAX,
						&op->nmoves, &where);
	*col = where.col;
	return err;
}

bool openings_load(struct openings *o, const char *path, char *why, size_t why_cap)
{
	o->items = NULL;
	o->n = 0;
	FILE *f = args_open_file(path, why, why_cap);
	if (!f)
		return false;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, alloc = 0;
	bool ok = true;
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (len > 0 && strchr("\r\n \t", line[len - 1]))
			line[--len] = '\0';
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '#')
			continue;
		if (strlen(s) > LINE_MAX_BYTES) {
			snprintf(why, why_cap, "%s:%d: line too long", path, lineno);
			ok = false;
			break;
		}
		if (o->n == alloc) {
			int grow = alloc ? alloc * 2 : 64;
			struct opening *more = realloc(o->items, (size_t)grow * sizeof *more);
			if (!more) {
				snprintf(why, why_cap, "%s: out of memory", path);
				ok = false;
				break;
			}
			o->items = more;
			alloc = grow;
		}
		int col = 0;
		enum gy_err err = parse_line(s, &o->items[o->n], &col);
		if (err) {
			snprintf(why, why_cap, "%s:%d: %s (column %d)", path, lineno, gy_strerror(err), col);
			ok = false;
			break;
		}
		o->n++;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	if (ok && o->n == 0) {
		snprintf(why, why_cap, "%s: no opening in the file", path);
		ok = false;
	}
	if (!ok)
		openings_free(o);
	return ok;
}

bool openings_default(struct openings *o)
{
	o->items = calloc(1, sizeof *o->items);
	o->n = o->items ? 1 : 0;
	if (!o->items)
		return false;
	gy_pos_set_start(&o->items[0].start);
	return true;
}

void openings_free(struct openings *o)
{
	free(o->items);
	o->items = NULL;
	o->n = 0;
}
