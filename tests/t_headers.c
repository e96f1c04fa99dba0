/*
 * tests/t_headers.c: the header keys across CSA, KIF and JKF (one table,
 * lib/headers.h), as data (style.md rule 13).  Reads tests/data/headers.txt
 * (or the file given as argument), one case a line:
 *
 *   id <TAB> CHAIN <TAB> INPUT <TAB> EXPECT
 *
 * CHAIN is formats (csa, kif, jkf) joined by '>': INPUT is read as the
 * first, then written as each next one and, when another follows, read
 * back from that text ("csa>kif>csa": read CSA, write KIF, read it, write
 * CSA).  A chain of one format only reads.  INPUT has "\n" for a line end
 * and "\\" for a backslash.  EXPECT is items joined by " | ":
 *   LINE       a line of the last text written, its spaces around and a
 *              trailing comma ignored (for JKF's `"key": "value",`)
 *   !LINE      no such line in the last text written
 *   @KEY=VALUE the last game read has header KEY with this VALUE
 *   @KEY=      the last game read has no header KEY
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/csa.h"
#include "gyoku/gyoku.h"
#include "gyoku/jkf.h"
#include "gyoku/kif.h"

enum { STEPS_MAX = 6 };

/* Replaces "\n" by a line end and "\\" by a backslash, in place. */
static void unescape(char *s)
{
	char *o = s;
	for (; *s; s++) {
		if (*s == '\\' && s[1] == 'n') {
			*o++ = '\n';
			s++;
		} else if (*s == '\\' && s[1] == '\\') {
			*o++ = '\\';
			s++;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static enum gy_err read_as(const char *fmt, const char *text, struct gy_game **g)
{
	size_t len = strlen(text);
	if (!strcmp(fmt, "csa"))
		return gy_csa_read(text, len, g, NULL, NULL, NULL);
	if (!strcmp(fmt, "kif"))
		return gy_kif_read(text, len, g, NULL, NULL);
	return gy_jkf_read(text, len, g, NULL, NULL);
}

static enum gy_err write_as(const char *fmt, const struct gy_game *g, char **out)
{
	size_t len;
	if (!strcmp(fmt, "csa"))
		return gy_csa_write(g, out, &len);
	if (!strcmp(fmt, "kif"))
		return gy_kif_write(g, out, &len);
	return gy_jkf_write(g, out, &len);
}

/* True when `text` has a line equal to `want`, spaces around and a trailing comma ignored. */
static bool has_line(const char *text, const char *want)
{
	size_t n = strlen(want);
	while (*text) {
		const char *e = strchr(text, '\n');
		const char *end = e ? e : text + strlen(text);
		const char *a = text, *b = end;
		while (a < b && (*a == ' ' || *a == '\t'))
			a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r'))
			b--;
		if (b > a && b[-1] == ',')
			b--;
		if ((size_t)(b - a) == n && !memcmp(a, want, n))
			return true;
		if (!e)
			break;
		text = e + 1;
	}
	return false;
}

/* Checks one EXPECT item; false with the reason in `why`. */
static bool expect_item(const char *item, const struct gy_game *g, const char *text, char *why, size_t size)
{
	if (item[0] == '@') {
		const char *eq = strchr(item, '=');
		if (!eq) {
			snprintf(why, size, "malformed item '%s'", item);
			return false;
		}
		char key[256];
		snprintf(key, sizeof key, "%.*s", (int)(eq - item - 1), item + 1);
		const char *v = g ? gy_game_header(g, key) : NULL;
		bool ok = eq[1] ? v && !strcmp(v, eq + 1) : !v;
		if (!ok)
			snprintf(why, size, "header %s is '%s', expected '%s'", key, v ? v : "(none)", eq + 1);
		return ok;
	}
	if (!text) {
		snprintf(why, size, "no text written for '%s'", item);
		return false;
	}
	bool neg = item[0] == '!';
	if (has_line(text, item + neg) == neg) {
		snprintf(why, size, "%s line '%s' in:\n%s", neg ? "unexpected" : "no", item + neg, text);
		return false;
	}
	return true;
}

static void run_case(struct check_tally *t, char **f)
{
	char *steps[STEPS_MAX];
	int n = 0;
	for (char *s = f[1]; n < STEPS_MAX;) {
		steps[n++] = s;
		char *gt = strchr(s, '>');
		if (!gt)
			break;
		*gt = '\0';
		s = gt + 1;
	}
	for (int i = 0; i < n; i++)
		if (strcmp(steps[i], "csa") && strcmp(steps[i], "kif") && strcmp(steps[i], "jkf")) {
			check_fail(t, f[0], "unknown format '%s'", steps[i]);
			return;
		}
	unescape(f[2]);
	struct gy_game *g = NULL;
	char *text = NULL, why[4096] = "";
	bool ok = true;
	enum gy_err err = read_as(steps[0], f[2], &g);
	if (err) {
		snprintf(why, sizeof why, "reading %s: %s", steps[0], gy_strerror(err));
		ok = false;
	}
	for (int i = 1; ok && i < n; i++) {
		free(text);
		text = NULL;
		if ((err = write_as(steps[i], g, &text)) != GY_OK) {
			snprintf(why, sizeof why, "writing %s: %s", steps[i], gy_strerror(err));
			ok = false;
			break;
		}
		if (i + 1 < n) {
			gy_game_destroy(g);
			g = NULL;
			if ((err = read_as(steps[i], text, &g)) != GY_OK) {
				snprintf(why, sizeof why, "reading back %s: %s in:\n%s", steps[i], gy_strerror(err),
					 text);
				ok = false;
			}
		}
	}
	for (char *item = f[3]; ok && item;) {
		char *sep = strstr(item, " | ");
		if (sep)
			*sep = '\0';
		ok = expect_item(item, g, text, why, sizeof why);
		item = sep ? sep + 3 : NULL;
	}
	CHECK(t, f[0], ok, "%s", why);
	free(text);
	gy_game_destroy(g);
}

/* One line of the case file: the case, or a failure naming the line. */
static void line_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[32];
	snprintf(lid, sizeof lid, "headers-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 4 || !datafile_id_ok(f[0]))
		check_fail(t, lid, "malformed line (want id<TAB>CHAIN<TAB>INPUT<TAB>EXPECT)");
	else if (!datafile_id_new(ids, f[0]))
		check_fail(t, lid, "case %s given twice", f[0]);
	else
		run_case(t, f);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, argc > 1 ? argv[1] : "tests/data/headers.txt", "headers", line_case);
	return check_exit(&t);
}
