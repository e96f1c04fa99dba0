/*
 * tests/t_usi_position.c: the USI position line
 * (tests/data/usi_position.txt): parse, check the moves read and the final
 * position or the error and its column, and write canonical lines back.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"

enum { MAX_MOVES = 64 };

static void run_case(struct check_tally *t, char **f)
{
	struct gy_pos start;
	gy_move moves[MAX_MOVES];
	int n = 0;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_usi_parse_position(f[1], strlen(f[1]), &start, moves, MAX_MOVES, &n, &where);
	char got[GY_SFEN_MAX + 64];
	if (err) {
		snprintf(got, sizeof got, "%s %d %d", datafile_err_name(err), where.col, n);
	} else {
		struct gy_pos pos = start;
		char sfen[GY_SFEN_MAX];
		for (int i = 0; i < n; i++) {
			struct gy_undo u;
			gy_pos_do(&pos, moves[i], &u);
		}
		gy_sfen_write(&pos, sfen, sizeof sfen);
		snprintf(got, sizeof got, "ok %d %s", n, sfen);
	}
	if (strcmp(got, f[2])) {
		check_fail(t, f[0], "got '%s', expected '%s'", got, f[2]);
		return;
	}
	if (!err) {
		char line[1024];
		size_t len = gy_usi_write_position(&start, moves, n, line, sizeof line);
		bool canonical = !strncmp(f[1], "position ", 9) && !strstr(f[1], "  ") &&
				 f[1][strlen(f[1]) - 1] != ' ' && !(n == 0 && strstr(f[1], "moves"));
		if (len != strlen(line) || (canonical && strcmp(line, f[1]))) {
			check_fail(t, f[0], "written back as '%s'", line);
			return;
		}
	}
	check_pass(t, f[0]);
}

int main(void)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	gy_init();
	if (!datafile_open(&d, "tests/data/usi_position.txt")) {
		check_fail(&t, "upos-0.0", "cannot open tests/data/usi_position.txt");
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS];
		char lid[32];
		snprintf(lid, sizeof lid, "upos-line-%d", d.lineno);
		if (datafile_split(d.line, f) != 3 || !datafile_id_ok(f[0])) {
			check_fail(&t, lid, "malformed line (want id<TAB>line<TAB>expected)");
			continue;
		}
		run_case(&t, f);
	}
	datafile_close(&d);
	return check_exit(&t);
}
