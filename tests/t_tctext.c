/*
 * tests/t_tctext.c: time controls in the headers of the record formats
 * (lib/tctext.h, and lib/headers.h "Time controls"), as data (style.md
 * rule 13).  Reads tests/data/tctext.txt (or the file given as argument),
 * one case a line:
 *
 *   id <TAB> TEXT <TAB> SYNTAX <TAB> CONTROL <TAB> CSA <TAB> KIF
 *
 * TEXT is the value of 持ち時間, then " | 秒読み：B" when the game also holds
 * KIF's 秒読み header B.  SYNTAX (gyoku, csa2, csa3, kif or none) and
 * CONTROL (the control's text as gy_tc_write gives it, "-" for none) are
 * what gy__tc_read finds in TEXT.  CSA is the time lines gy_csa_write
 * gives for a game with those headers ("$TIME...", and comment lines
 * "'持ち時間：..." and "'秒読み：..."), KIF the lines gy_kif_write gives
 * ("持ち時間：..." and "秒読み：..."), each joined by " | " in order.  JKF
 * must hold KIF's pairs.  Then each text written is read back: the game
 * has the same control (the byoyomi of a 秒読み header taken in, as CSA
 * takes it), or, when there is none, the same 持ち時間 text.
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
#include "tctext.h"

enum { LINES_MAX = 1024 };

static const char *const syntax_names[GY__TC_SYNTAX_NB] = {"none", "gyoku", "csa2", "csa3", "kif"};

/* The control a game's headers give: 持ち時間, with 秒読み's byoyomi when 持ち時間 is KIF's without one; its text. */
static void game_control(const struct gy_game *g, char *text)
{
	const char *v = gy_game_header(g, "持ち時間"), *b = gy_game_header(g, "秒読み");
	struct gy_time_control tc;
	int64_t ms;
	snprintf(text, GY_TC_TEXT_MAX, "(none)");
	if (!v)
		return;
	enum gy__tc_syntax syntax = gy__tc_read(v, strlen(v), &tc);
	if (syntax == GY__TC_NONE) {
		snprintf(text, GY_TC_TEXT_MAX, "text %s", v);
		return;
	}
	if (syntax == GY__TC_KIF && !tc.byoyomi_ms && !tc.increment_ms && b &&
	    gy__tc_read_kif_byoyomi(b, strlen(b), &ms)) {
		tc.byoyomi_ms = ms;
		tc.periods = 1;
	}
	gy_tc_write(&tc, text);
}

/* The lines of `text` that start with one of `heads` (NULL-terminated), joined by " | ", into `out`. */
static void pick_lines(const char *text, const char *const *heads, char *out, size_t size)
{
	size_t at = 0;
	out[0] = '\0';
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		for (const char *const *h = heads; *h; h++)
			if (n >= strlen(*h) && !strncmp(p, *h, strlen(*h))) {
				int k = snprintf(out + at, size - at, "%s%.*s", at ? " | " : "", (int)n, p);
				at += k > 0 && (size_t)k < size - at ? (size_t)k : 0;
				break;
			}
		if (!e)
			break;
		p = e + 1;
	}
}

/* True when the JKF text holds each "key：value" of `kif` (" | " between) as "key": "value". */
static bool jkf_has(const char *jkf, const char *kif, char *why, size_t size)
{
	char pair[LINES_MAX];
	for (const char *p = kif; *p;) {
		const char *sep = strstr(p, " | "), *colon = strstr(p, "：");
		size_t n = sep ? (size_t)(sep - p) : strlen(p);
		if (!colon || colon > p + n)
			return false;
		snprintf(pair, sizeof pair, "\"%.*s\": \"%.*s\"", (int)(colon - p), p,
			 (int)(n - (size_t)(colon - p) - strlen("：")), colon + strlen("："));
		if (!strstr(jkf, pair)) {
			snprintf(why, size, "JKF lacks %s:\n%s", pair, jkf);
			return false;
		}
		p += n + (sep ? 3 : 0);
	}
	return true;
}

/* Writes `g` in `fmt` (csa, kif, jkf), reads it back and compares its control with `want`; false with `why`. */
static bool round_trip(const struct gy_game *g, const char *fmt, const char *want, char **text, char *why, size_t size)
{
	size_t len = 0;
	struct gy_game *back = NULL;
	char got[GY_TC_TEXT_MAX + 8];
	enum gy_err err = !strcmp(fmt, "csa")   ? gy_csa_write(g, text, &len)
			  : !strcmp(fmt, "kif") ? gy_kif_write(g, text, &len)
						: gy_jkf_write(g, text, &len);
	if (!err)
		err = !strcmp(fmt, "csa")   ? gy_csa_read(*text, len, &back, NULL, NULL, NULL)
		      : !strcmp(fmt, "kif") ? gy_kif_read(*text, len, &back, NULL, NULL)
					    : gy_jkf_read(*text, len, &back, NULL, NULL);
	if (err) {
		snprintf(why, size, "%s: %s", fmt, gy_strerror(err));
		gy_game_destroy(back);
		return false;
	}
	game_control(back, got);
	gy_game_destroy(back);
	if (strcmp(got, want)) {
		snprintf(why, size, "%s read back gives %s, not %s:\n%s", fmt, got, want, *text);
		return false;
	}
	return true;
}

static void run_case(struct check_tally *t, char **f)
{
	static const char *const csa_heads[] = {"$TIME", "'持ち時間：", "'秒読み：", NULL};
	static const char *const kif_heads[] = {"持ち時間：", "秒読み：", NULL};
	char why[4096] = "", control[GY_TC_TEXT_MAX] = "-", lines[LINES_MAX], want[GY_TC_TEXT_MAX + 8];
	char *text = f[1], *byoyomi = strstr(text, " | 秒読み：");
	char *csa = NULL, *kif = NULL, *jkf = NULL;
	if (byoyomi) {
		*byoyomi = '\0';
		byoyomi += strlen(" | 秒読み：");
	}
	struct gy_time_control tc;
	enum gy__tc_syntax syntax = gy__tc_read(text, strlen(text), &tc);
	if (syntax != GY__TC_NONE)
		gy_tc_write(&tc, control);
	struct gy_game *g = NULL;
	struct gy_pos start;
	gy_pos_set_start(&start);
	bool ok = !gy_game_create(&g, &start) && !gy_game_set_header(g, "持ち時間", text) &&
		  (!byoyomi || !gy_game_set_header(g, "秒読み", byoyomi));
	if (!ok)
		snprintf(why, sizeof why, "cannot make the game");
	if (ok && (strcmp(syntax_names[syntax], f[2]) || strcmp(control, f[3]))) {
		snprintf(why, sizeof why, "read as %s %s, expected %s %s", syntax_names[syntax], control, f[2], f[3]);
		ok = false;
	}
	if (ok)
		game_control(g, want);
	ok = ok && round_trip(g, "csa", want, &csa, why, sizeof why) &&
	     round_trip(g, "kif", want, &kif, why, sizeof why) && round_trip(g, "jkf", want, &jkf, why, sizeof why);
	if (ok) {
		pick_lines(csa, csa_heads, lines, sizeof lines);
		if (strcmp(lines, f[4])) {
			snprintf(why, sizeof why, "CSA gives '%s', expected '%s'", lines, f[4]);
			ok = false;
		}
	}
	if (ok) {
		pick_lines(kif, kif_heads, lines, sizeof lines);
		if (strcmp(lines, f[5])) {
			snprintf(why, sizeof why, "KIF gives '%s', expected '%s'", lines, f[5]);
			ok = false;
		}
	}
	ok = ok && jkf_has(jkf, f[5], why, sizeof why);
	CHECK(t, f[0], ok, "%s", why);
	free(csa);
	free(kif);
	free(jkf);
	gy_game_destroy(g);
}

/* One line of the case file: the case, or a failure naming the line. */
static void line_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[32];
	snprintf(lid, sizeof lid, "tctext-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 6 || !datafile_id_ok(f[0]))
		check_fail(t, lid, "malformed line (want id<TAB>TEXT<TAB>SYNTAX<TAB>CONTROL<TAB>CSA<TAB>KIF)");
	else if (!datafile_id_new(ids, f[0]))
		check_fail(t, lid, "case %s given twice", f[0]);
	else
		run_case(t, f);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, argc > 1 ? argv[1] : "tests/data/tctext.txt", "tctext", line_case);
	return check_exit(&t);
}
