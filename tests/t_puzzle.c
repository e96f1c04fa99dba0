/*
 * tests/t_puzzle.c: tsume puzzles in the library (gyoku/puzzle.h): the
 * puzzle id, the file line read and written back, and the judge of a
 * player's move, as data (style.md rule 13).  Reads
 * tests/data/puzzles/judge.txt (or the file given as argument), one case
 * a line, of three kinds:
 *
 *   id <TAB> id <TAB> SFEN <TAB> ID
 *   id <TAB> line <TAB> SFEN <TAB> SOLUTION <TAB> LENGTH <TAB> THEME <TAB> SOURCE
 *   id <TAB> judge <TAB> SFEN <TAB> SOLUTION <TAB> MOVES <TAB> VERDICT <TAB> REPLY
 *
 * `id`: gy_puzzle_id of the position is ID.  `line`: the five fields read
 * as a puzzle (gy_puzzle_parse) and written back (gy_puzzle_write) are
 * the same text.  `judge`: in the puzzle SFEN + SOLUTION, the moves MOVES
 * (USI, separated by spaces: the line's moves so far, then the player's
 * attacker move) get the verdict VERDICT (gy_puzzle_verdict_name, or
 * "error" when the call refuses the moves) with the defender's answer
 * REPLY ("-" none), and for "longer" the mate's length as "longer N".
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/init.h"
#include "gyoku/puzzle.h"
#include "gyoku/usi.h"

enum { JUDGE_NODES = 100000 };

/* Reads SFEN and SOLUTION as a puzzle (its length the solution's); false with why. */
static bool make_puzzle(const char *sfen, const char *solution, struct gy_puzzle *pz, char *why, size_t size)
{
	int n = 0;
	for (const char *c = solution; *c; c++)
		n += *c != ' ' && (c == solution || c[-1] == ' ');
	char theme[GY_PUZZLE_THEME_MAX], line[1024];
	gy_puzzle_theme(n, theme, sizeof theme);
	snprintf(line, sizeof line, "%s\t%s\t%d\t%s\ttest", sfen, solution, n, theme);
	return gy_puzzle_parse(line, strlen(line), pz, why, size);
}

static void judge_case(struct check_tally *t, struct gy_puzzle_solver *s, char **f)
{
	struct gy_puzzle pz;
	char why[256];
	if (!make_puzzle(f[2], f[3], &pz, why, sizeof why)) {
		check_fail(t, f[0], "the puzzle: %s", why);
		return;
	}
	char buf[512], *moves[GY_PUZZLE_LINE_MAX];
	int n = 0;
	snprintf(buf, sizeof buf, "%s", f[4]);
	for (char *w = strtok(buf, " "); w && n < GY_PUZZLE_LINE_MAX; w = strtok(NULL, " "))
		moves[n++] = w;
	struct gy_puzzle_judgement j;
	enum gy_err err = gy_puzzle_judge(s, &pz, (const char *const *)moves, n, JUDGE_NODES, &j);
	char got[64], reply[GY_USI_MOVE_MAX] = "-";
	if (err != GY_OK) {
		snprintf(got, sizeof got, "error");
	} else if (j.verdict == GY_PUZZLE_LONGER) {
		snprintf(got, sizeof got, "longer %d", j.mate_len);
	} else {
		snprintf(got, sizeof got, "%s", gy_puzzle_verdict_name(j.verdict));
	}
	if (err == GY_OK && j.reply != GY_MOVE_NONE)
		gy_usi_write_move(j.reply, reply);
	CHECK(t, f[0], !strcmp(got, f[5]) && !strcmp(reply, f[6]), "%s: '%s' reply %s, not '%s' reply %s", f[4], got,
	      reply, f[5], f[6]);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	const char *path = argc > 1 ? argv[1] : "tests/data/puzzles/judge.txt";
	gy_init();
	struct gy_puzzle_solver *s;
	if (gy_puzzle_solver_create(&s, 16) != GY_OK) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	if (!datafile_open(&d, path)) {
		perror(path);
		gy_puzzle_solver_destroy(s);
		return 1;
	}
	struct datafile_ids ids = {{0}, 0};
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0}, lineid[32];
		char copy[1024];
		snprintf(copy, sizeof copy, "%s", d.line);
		int n = datafile_split(d.line, f);
		snprintf(lineid, sizeof lineid, "puzzle-line-%d", d.lineno);
		if (n < 2 || !datafile_id_ok(f[0]) || !datafile_id_new(&ids, f[0])) {
			check_fail(&t, lineid, "no case id, or one used before");
		} else if (n == 4 && !strcmp(f[1], "id")) {
			struct gy_pos p;
			char id[GY_PUZZLE_ID_MAX];
			if (gy_sfen_parse(&p, f[2], strlen(f[2]), GY_SFEN_TSUME, NULL) != GY_OK) {
				check_fail(&t, f[0], "bad SFEN");
				continue;
			}
			gy_puzzle_id(&p, id, sizeof id);
			CHECK(&t, f[0], !strcmp(id, f[3]), "id %s, not %s", id, f[3]);
		} else if (n == 7 && !strcmp(f[1], "line")) {
			const char *text = strchr(strchr(copy, '\t') + 1, '\t') + 1;
			struct gy_puzzle pz;
			char why[256], out[1024];
			if (!gy_puzzle_parse(text, strlen(text), &pz, why, sizeof why)) {
				check_fail(&t, f[0], "%s", why);
				continue;
			}
			gy_puzzle_write(&pz, out, sizeof out);
			CHECK(&t, f[0], !strcmp(out, text), "written back as '%s'", out);
		} else if (n == 7 && !strcmp(f[1], "judge")) {
			judge_case(&t, s, f);
		} else {
			check_fail(&t, lineid, "not a case (id, line or judge with their fields)");
		}
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
	gy_puzzle_solver_destroy(s);
	return check_exit(&t);
}
