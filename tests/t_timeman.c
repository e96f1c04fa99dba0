/*
 * tests/t_timeman.c: the engine's time budget (engine/timeman.h), from
 * the cases of tests/data/timeman.txt, one a line:
 *
 *   id <TAB> go <TAB> side ply <TAB> delay minthink <TAB> minimum optimum maximum
 *
 * where `go` holds the clock words of a USI "go" (btime wtime binc winc
 * byoyomi movetime, milliseconds) and the side is b or w. Each case checks
 * the three figures, and every case the invariant of timeman.c: minimum <=
 * optimum <= maximum, and maximum within the clock minus the delay.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "timeman.h"

/* Reads the clock words of `go` into `l`; false on a word it does not know. */
static bool read_go(char *go, struct gy_limits *l)
{
	memset(l, 0, sizeof *l);
	for (char *save, *k = strtok_r(go, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
		char *v = strtok_r(NULL, " ", &save);
		long n = v ? datafile_number(v) : -1;
		int64_t *slot = !strcmp(k, "btime")      ? &l->time[GY_BLACK]
				: !strcmp(k, "wtime")    ? &l->time[GY_WHITE]
				: !strcmp(k, "binc")     ? &l->inc[GY_BLACK]
				: !strcmp(k, "winc")     ? &l->inc[GY_WHITE]
				: !strcmp(k, "byoyomi")  ? &l->byoyomi
				: !strcmp(k, "movetime") ? &l->movetime
							 : NULL;
		if (!slot || n < 0)
			return false;
		*slot = n;
	}
	return true;
}

static void run_case(struct check_tally *t, char **f)
{
	struct gy_limits l;
	char side;
	int ply;
	long delay, minthink, want[3];
	if (!read_go(f[1], &l) || sscanf(f[2], "%c %d", &side, &ply) != 2 || (side != 'b' && side != 'w') ||
	    sscanf(f[3], "%ld %ld", &delay, &minthink) != 2 ||
	    sscanf(f[4], "%ld %ld %ld", &want[0], &want[1], &want[2]) != 3) {
		check_fail(t, f[0], "malformed case");
		return;
	}
	int col = side == 'w' ? GY_WHITE : GY_BLACK;
	struct timeman tm = gy__timeman_plan(&l, col, ply, delay, minthink);
	int64_t clock = l.movetime > 0 ? l.movetime : l.time[col] + l.byoyomi;
	bool ordered = tm.maximum < 0 ? tm.optimum < 0
				      : tm.minimum <= tm.optimum && tm.optimum <= tm.maximum &&
						(tm.maximum <= clock - delay || tm.maximum == 1);
	CHECK(t, f[0], ordered && tm.minimum == want[0] && tm.optimum == want[1] && tm.maximum == want[2],
	      "minimum %lld optimum %lld maximum %lld, expected %ld %ld %ld%s", (long long)tm.minimum,
	      (long long)tm.optimum, (long long)tm.maximum, want[0], want[1], want[2],
	      ordered ? "" : " (out of order)");
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	struct datafile_ids ids = {.n = 0};
	const char *path = argc > 1 ? argv[1] : "tests/data/timeman.txt";
	if (!datafile_open(&d, path)) {
		check_fail(&t, "timeman-0.0", "cannot open %s", path);
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		char lid[32];
		snprintf(lid, sizeof lid, "timeman-line-%d", d.lineno);
		int nf = datafile_split(d.line, f);
		if (nf != 5 || !datafile_id_ok(f[0]))
			check_fail(&t, lid,
				   "malformed line (want id<TAB>go<TAB>side ply<TAB>delay minthink<TAB>min opt max)");
		else if (!datafile_id_new(&ids, f[0]))
			check_fail(&t, lid, "case %s given twice", f[0]);
		else
			run_case(&t, f);
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
	return check_exit(&t);
}
