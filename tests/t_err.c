/*
 * tests/t_err.c: the class of every error (include/gyoku/err.h),
 * as data (style.md rule 13).  Reads tests/data/err.txt (or the file given
 * as argument), one class a line:
 *
 *   id <TAB> class <TAB> the errors of the class (GY_ERR_LIST names)
 *
 *   err-1.x  each listed error has the line's class (gy_err_class)
 *   err-2.1  every error is listed exactly once
 *   err-2.2  an unknown code is of class arg, with the message "unknown error"
 *   err-3.1  building any move (every origin, destination and promotion,
 *            every drop) in a few positions fails only with an error of
 *            class no-move or illegal-move, the classes that gyoku play
 *            and the record readers decide by
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/usi.h"

/* The class words of the data file, indexed by enum gy_err_class. */
static const char *const class_words[GY_ERR_CLASS_NB] = {"none",     "resource", "arg",          "syntax",
							 "position", "no-move",  "illegal-move", "state"};

/* How many lines list each error. */
static int listed[GY_ERR_NB];

/* Runs the case on the current line of `d`. */
static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[48], why[512] = "";
	snprintf(lid, sizeof lid, "err-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 3 || !datafile_id_ok(f[0]) || !*f[2]) {
		check_fail(t, lid, "%s:%d: malformed line (want id<TAB>class<TAB>errors)", d->path, d->lineno);
		return;
	}
	const char *id = f[0];
	if (!datafile_id_new(ids, id)) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
		return;
	}
	int want = -1;
	for (int c = 0; c < GY_ERR_CLASS_NB; c++)
		if (!strcmp(f[1], class_words[c]))
			want = c;
	if (want < 0) {
		check_fail(t, id, "%s:%d: unknown class %s", d->path, d->lineno, f[1]);
		return;
	}
	for (char *name = strtok(f[2], " "); name; name = strtok(NULL, " ")) {
		int err = datafile_err_from_name(name, strlen(name));
		size_t k = strlen(why);
		if (err < 0) {
			snprintf(why + k, sizeof why - k, "%sno error %s", k ? "; " : "", name);
			continue;
		}
		listed[err]++;
		enum gy_err_class got = gy_err_class((enum gy_err)err);
		if ((int)got != want)
			snprintf(why + k, sizeof why - k, "%s%s is %s", k ? "; " : "", name, class_words[got]);
	}
	CHECK(t, id, !*why, "%s", why);
}

/* err-3.1: every failure of gy_move_build and gy_move_build_drop in `sfen` is of a move class; false (and `why`) else. */
static bool builds_fail_as_moves(const char *sfen, char *why, size_t size)
{
	struct gy_pos p;
	if (gy_sfen_parse(&p, sfen, strlen(sfen), GY_SFEN_STRICT, NULL) != GY_OK) {
		snprintf(why, size, "SFEN rejected: %s", sfen);
		return false;
	}
	for (gy_sq to = 0; to < GY_SQ_NB; to++) {
		for (int k = 0; k < 2 * GY_SQ_NB + GY_HAND_NB; k++) {
			gy_move m;
			enum gy_err err = k < 2 * GY_SQ_NB ? gy_move_build(&p, k / 2, to, k % 2, &m)
					  : k - 2 * GY_SQ_NB >= GY_PAWN
						  ? gy_move_build_drop(&p, k - 2 * GY_SQ_NB, to, &m)
						  : GY_OK;
			enum gy_err_class c = gy_err_class(err);
			if (err && c != GY_ERR_CLASS_NO_MOVE && c != GY_ERR_CLASS_ILLEGAL_MOVE) {
				snprintf(why, size, "%s (%s) in %s", datafile_err_name(err), class_words[c], sfen);
				return false;
			}
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/err.txt";
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, path, "err", run_case);

	char why[512] = "";
	for (int e = 0; e < GY_ERR_NB; e++) {
		size_t k = strlen(why);
		if (listed[e] != 1)
			snprintf(why + k, sizeof why - k, "%s%s listed %d times", k ? "; " : "", datafile_err_name(e),
				 listed[e]);
	}
	CHECK(&t, "err-2.1", !*why, "%s", why);

	CHECK(&t, "err-2.2",
	      gy_err_class(GY_ERR_NB) == GY_ERR_CLASS_ARG && gy_err_class((enum gy_err) - 1) == GY_ERR_CLASS_ARG &&
		      !strcmp(gy_strerror(GY_ERR_NB), "unknown error"),
	      "an unknown code is not of class arg");

	static const char *const positions[] = {
		GY_SFEN_START,
		"ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPPsP/1BG4R1/LNS1KGSNL b - 1",
		"8k/9/7GP/9/9/9/9/p8/K8 b 2P2L2N2S2G2B2R 1",
		"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	};
	why[0] = '\0';
	bool ok = true;
	for (size_t i = 0; i < sizeof positions / sizeof positions[0] && ok; i++)
		ok = builds_fail_as_moves(positions[i], why, sizeof why);
	CHECK(&t, "err-3.1", ok, "%s", why);
	return check_exit(&t);
}
