/*
 * tests/t_perft.c: perft counts from tests/data/perft.txt (or the file
 * given as argument).  `--max-nodes N` skips cases above N nodes, for the
 * slow sanitizer build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gyoku/gyoku.h"

int main(int argc, char **argv)
{
	const char *path = "tests/data/perft.txt";
	unsigned long long max_nodes = ~0ull;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--max-nodes") && i + 1 < argc)
			max_nodes = strtoull(argv[++i], NULL, 10);
		else
			path = argv[i];
	}
	struct check_tally t = {0, 0};
	gy_init();
	FILE *f = fopen(path, "r");
	if (!f) {
		check_fail(&t, "perft-0.0", "cannot open %s", path);
		return check_exit(&t);
	}
	char line[1024];
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *id = strtok(line, "\t"), *depth = strtok(NULL, "\t"), *nodes = strtok(NULL, "\t"),
		     *sfen = strtok(NULL, "\t");
		char lid[32];
		snprintf(lid, sizeof lid, "perft-line-%d", lineno);
		if (!id || !depth || !nodes || !sfen) {
			check_fail(&t, lid, "malformed line");
			continue;
		}
		unsigned long long want = strtoull(nodes, NULL, 10);
		if (want > max_nodes) {
			check_skip(id, "above --max-nodes");
			continue;
		}
		struct gy_pos pos;
		enum gy_err err = GY_OK;
		if (!strcmp(sfen, "startpos"))
			gy_pos_set_start(&pos);
		else
			err = gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_TSUME, NULL);
		if (err) {
			check_fail(&t, id, "%s", gy_strerror(err));
			continue;
		}
		unsigned long long got = gy_perft(&pos, atoi(depth));
		CHECK(&t, id, got == want, "perft %s = %llu, expected %llu", depth, got, want);
	}
	fclose(f);
	return check_exit(&t);
}
