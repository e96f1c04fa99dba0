/*
 * tests/t_repetition.c: sennichite and perpetual check
 * (tests/data/repetition.txt): each case plays its moves from its
 * position, judging the repetition after every move; the game must not
 * end before the last move, and the verdict after it must be the one
 * expected.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/repetition.h"

enum { MAX_PLIES = 256 };

static const char *verdict_name(const struct gy_rep *r)
{
	if (r->verdict == GY_REP_NONE)
		return "none";
	if (r->verdict == GY_REP_DRAW)
		return "draw";
	return r->loser == GY_BLACK ? "perpetual-black" : "perpetual-white";
}

static void run_case(struct check_tally *t, char **f)
{
	struct gy_pos pos;
	enum gy_err err = GY_OK;
	if (!strcmp(f[1], "startpos"))
		gy_pos_set_start(&pos);
	else
		err = gy_sfen_parse(&pos, f[1], strlen(f[1]), GY_SFEN_STRICT, NULL);
	if (err) {
		check_fail(t, f[0], "bad SFEN: %s", gy_strerror(err));
		return;
	}
	static uint64_t keys[MAX_PLIES + 1];
	static bool checks[MAX_PLIES + 1];
	int n = 0, first_side = pos.side;
	keys[n] = gy_pos_key(&pos);
	checks[n++] = gy_pos_in_check(&pos);
	struct gy_rep rep = gy_repetition(keys, checks, n, first_side);
	for (char *m = strtok(f[2], " "); m; m = strtok(NULL, " ")) {
		gy_move move;
		if (rep.verdict != GY_REP_NONE) {
			check_fail(t, f[0], "the game ended (%s) before %s", verdict_name(&rep), m);
			return;
		}
		if (n > MAX_PLIES || gy_usi_parse_move(&pos, m, strlen(m), &move, NULL) != GY_OK) {
			check_fail(t, f[0], "move %s cannot be played", m);
			return;
		}
		struct gy_undo u;
		gy_pos_do(&pos, move, &u);
		keys[n] = gy_pos_key(&pos);
		checks[n++] = gy_pos_in_check(&pos);
		rep = gy_repetition(keys, checks, n, first_side);
	}
	char got[48];
	snprintf(got, sizeof got, "%s %d", verdict_name(&rep), rep.occurrences);
	CHECK(t, f[0], !strcmp(got, f[3]), "got '%s', expected '%s'", got, f[3]);
}

int main(void)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	gy_init();
	if (!datafile_open(&d, "tests/data/repetition.txt")) {
		check_fail(&t, "rep-0.0", "cannot open tests/data/repetition.txt");
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS];
		char lid[32];
		snprintf(lid, sizeof lid, "rep-line-%d", d.lineno);
		if (datafile_split(d.line, f) != 4 || !datafile_id_ok(f[0])) {
			check_fail(&t, lid, "malformed line (want id<TAB>SFEN<TAB>moves<TAB>verdict count)");
			continue;
		}
		run_case(&t, f);
	}
	datafile_close(&d);
	return check_exit(&t);
}
