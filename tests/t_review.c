/*
 * tests/t_review.c: game review (gyoku/review.h): the win probability of
 * a score and the marks of moves, as data (style.md rule 13).  Reads
 * tests/data/review.txt (or the file given as argument), one case a line,
 * of two kinds:
 *
 *   id <TAB> prob <TAB> SCORE <TAB> P
 *   id <TAB> mark <TAB> BEST <TAB> PLAYED <TAB> CHOSEN <TAB> MARK <TAB> LOSS
 *
 * SCORE, BEST and PLAYED are scores from the mover's view: a number of
 * centipawns ("-300") or "mate N" (N plies, negative: mated).  P is the
 * win probability gy_review_win_prob gives and LOSS the loss of
 * gy_review_loss, both in percent with one decimal ("68.5").  CHOSEN is
 * "chosen" when the played move is the search's choice, else "-"; MARK
 * is the mark's name (best good inaccuracy mistake blunder), and the
 * Japanese word of the mark must come back to the same mark.
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/review.h"

/* Parses a score ("-300", "mate 5", "mate -2") into `*s`; false when malformed. */
static bool parse_score(const char *t, struct gy_score *s)
{
	char *end;
	bool mate = !strncmp(t, "mate ", 5);
	long v = strtol(mate ? t + 5 : t, &end, 10);
	if (*end || end == (mate ? t + 5 : t) || (mate && v == 0) || v < -100000 || v > 100000)
		return false;
	s->cp = mate ? 0 : (int)v;
	s->mate = mate ? (int)v : 0;
	return true;
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	const char *path = argc > 1 ? argv[1] : "tests/data/review.txt";
	if (!datafile_open(&d, path)) {
		perror(path);
		return 1;
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS], lineid[32], got[32];
		int n = datafile_split(d.line, f);
		snprintf(lineid, sizeof lineid, "review-line-%d", d.lineno);
		struct gy_score a, b;
		if (n == 4 && !strcmp(f[1], "prob") && parse_score(f[2], &a)) {
			snprintf(got, sizeof got, "%.1f", 100 * gy_review_win_prob(a));
			CHECK(&t, f[0], !strcmp(got, f[3]), "win probability of %s: %s%%, not %s%%", f[2], got, f[3]);
		} else if (n == 7 && !strcmp(f[1], "mark") && parse_score(f[2], &a) && parse_score(f[3], &b) &&
			   (!strcmp(f[4], "chosen") || !strcmp(f[4], "-")) && gy_review_mark_by_name(f[5]) >= 0) {
			double loss = gy_review_loss(a, b);
			enum gy_review_mark m = gy_review_mark(loss, !strcmp(f[4], "chosen"));
			const char *ja = gy_review_mark_ja(m);
			bool ja_ok = m <= GY_MARK_GOOD ? !*ja : (*ja && strcmp(ja, "?"));
			snprintf(got, sizeof got, "%.1f", 100 * loss);
			CHECK(&t, f[0], !strcmp(gy_review_mark_name(m), f[5]) && !strcmp(got, f[6]) && ja_ok,
			      "best %s, played %s: %s (%s) with loss %s%%, not %s with %s%%", f[2], f[3],
			      gy_review_mark_name(m), ja, got, f[5], f[6]);
		} else {
			check_fail(&t, lineid, "want 'id prob SCORE P' or 'id mark BEST PLAYED CHOSEN MARK LOSS'");
		}
	}
	datafile_close(&d);
	CHECK(&t, "review-3.1",
	      !strcmp(gy_review_mark_name(GY_MARK_NB), "?") && !strcmp(gy_review_mark_ja(GY_MARK_NB), "?") &&
		      gy_review_mark_by_name("nothing") < 0 && gy_review_mark_by_name(NULL) < 0 &&
		      !strcmp(gy_review_mark_ja(GY_MARK_BLUNDER), "大悪手"),
	      "the names of no mark");
	return check_exit(&t);
}
