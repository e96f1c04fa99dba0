/*
 * tests/t_match_stats.c: the statistics of `gyoku match` (dev/match_stats.h;
 * docs/engine.md "Measuring"), as data: tests/data/match_stats.txt (or the
 * file given as argument), one case a line, of two kinds:
 *
 *   id <TAB> W D L <TAB> elo0 elo1 <TAB> elo <TAB> error <TAB> los <TAB> llr
 *       match_elo(match_score), match_elo_error, match_los and
 *       match_sprt_llr (alpha = beta = 0.05) of the counts
 *   id <TAB> bounds ALPHA BETA <TAB> lower <TAB> upper
 *       match_sprt_bounds
 *   id <TAB> decide W D L <TAB> elo0 elo1 <TAB> continue|H0|H1
 *       match_sprt_decide (alpha = beta = 0.05)
 *
 * Values are compared within 1e-6 (relative, or absolute near zero);
 * "nan", "inf" and "-inf" must match exactly.  The statistics live in the
 * engine-development tools (dev/), not in libgyoku: this program links
 * them from libgyoku_dev.a.  Prints one PASS/FAIL line per case (check.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "match_stats.h"

/* True when `got` is the expected value text `want`. */
static bool same(double got, const char *want)
{
	char *end;
	double w = strtod(want, &end);
	if (*end)
		return false;
	if (isnan(w) || isnan(got))
		return isnan(w) && isnan(got);
	if (isinf(w) || isinf(got))
		return w == got;
	double scale = fabs(w) > 1 ? fabs(w) : 1;
	return fabs(got - w) <= 1e-6 * scale;
}

/*
 * Reads the counts of field 1 (by `counts_fmt`: three %d, then %c) and the
 * hypotheses of field 2; alpha = beta = 0.05.  False when either is malformed.
 */
static bool read_case(char **f, const char *counts_fmt, struct match_wdl *r, struct match_sprt *s)
{
	char extra;
	*s = (struct match_sprt){0, 0, 0.05, 0.05};
	return sscanf(f[1], counts_fmt, &r->wins, &r->draws, &r->losses, &extra) == 3 &&
	       sscanf(f[2], "%lf %lf%c", &s->elo0, &s->elo1, &extra) == 2;
}

static void run_counts(struct check_tally *t, char **f)
{
	struct match_wdl r;
	struct match_sprt s;
	if (!read_case(f, "%d %d %d%c", &r, &s)) {
		check_fail(t, f[0], "malformed counts or hypotheses");
		return;
	}
	double elo = match_elo(match_score(&r)), err = match_elo_error(&r), los = match_los(&r);
	double llr = match_sprt_llr(&r, &s);
	CHECK(t, f[0], same(elo, f[3]) && same(err, f[4]) && same(los, f[5]) && same(llr, f[6]),
	      "elo %.10g error %.10g los %.10g llr %.10g; expected %s %s %s %s", elo, err, los, llr, f[3], f[4], f[5],
	      f[6]);
}

static void run_bounds(struct check_tally *t, char **f)
{
	struct match_sprt s = {0, 10, 0, 0};
	char extra;
	if (sscanf(f[1], "bounds %lf %lf%c", &s.alpha, &s.beta, &extra) != 2) {
		check_fail(t, f[0], "malformed bounds case");
		return;
	}
	double lo, hi;
	match_sprt_bounds(&s, &lo, &hi);
	CHECK(t, f[0], same(lo, f[2]) && same(hi, f[3]), "bounds %.10g %.10g; expected %s %s", lo, hi, f[2], f[3]);
}

/* A decide case: the SPRT decision for the counts. */
static void run_decide(struct check_tally *t, char **f)
{
	struct match_wdl r;
	struct match_sprt s;
	if (!read_case(f, "decide %d %d %d%c", &r, &s)) {
		check_fail(t, f[0], "malformed decide case");
		return;
	}
	static const char *const names[] = {"continue", "H0", "H1"};
	enum match_sprt_decision d = match_sprt_decide(&r, &s);
	CHECK(t, f[0], !strcmp(names[d], f[3]), "decision %s; expected %s", names[d], f[3]);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	struct datafile_ids ids = {.n = 0};
	const char *path = argc > 1 ? argv[1] : "tests/data/match_stats.txt";
	if (!datafile_open(&d, path)) {
		check_fail(&t, "stats-0.0", "cannot open %s", path);
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		char lid[32];
		snprintf(lid, sizeof lid, "stats-line-%d", d.lineno);
		int nf = datafile_split(d.line, f);
		bool ok = nf >= 4 && datafile_id_ok(f[0]);
		if (ok && !datafile_id_new(&ids, f[0])) {
			check_fail(&t, lid, "case %s given twice", f[0]);
			continue;
		}
		if (ok && nf == 7)
			run_counts(&t, f);
		else if (ok && nf == 4 && !strncmp(f[1], "bounds ", 7))
			run_bounds(&t, f);
		else if (ok && nf == 4 && !strncmp(f[1], "decide ", 7))
			run_decide(&t, f);
		else
			check_fail(
				&t, lid,
				"malformed line (want id<TAB>W D L<TAB>elo0 elo1<TAB>4 values, or bounds or decide)");
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
	return check_exit(&t);
}
