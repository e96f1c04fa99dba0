/*
 * tests/t_research.c: legal-move counts of the 292 random positions in
 * ../shared/research-data/shogiops_perft_random_d1.tsv (counted by
 * shogiops), one case per position: research-1.<line>.  The directory can
 * be moved with GYOKU_RESEARCH_DATA; the cases are skipped when the file is
 * absent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gyoku/gyoku.h"

int main(void)
{
	struct check_tally t = {0, 0};
	const char *dir = getenv("GYOKU_RESEARCH_DATA");
	char path[4096], line[1024];
	snprintf(path, sizeof path, "%s/shogiops_perft_random_d1.tsv", dir ? dir : "../shared/research-data");
	gy_init();
	FILE *f = fopen(path, "r");
	if (!f) {
		check_skip("research-1.0", "shogiops_perft_random_d1.tsv not found");
		return 0;
	}
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || !strncmp(line, "sfen\t", 5) || !line[0])
			continue;
		char id[32];
		snprintf(id, sizeof id, "research-1.%d", lineno);
		char *sfen = strtok(line, "\t"), *depth = strtok(NULL, "\t"), *nodes = strtok(NULL, "\t");
		if (!sfen || !depth || !nodes || strcmp(depth, "1") != 0) {
			check_fail(&t, id, "unexpected line format");
			continue;
		}
		struct gy_pos pos;
		enum gy_err err = gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_STRICT, NULL);
		if (err) {
			check_fail(&t, id, "%s: %s", sfen, gy_strerror(err));
			continue;
		}
		int got = gy_legal_count(&pos), want = atoi(nodes);
		CHECK(&t, id, got == want, "%s: %d legal moves, shogiops counts %d", sfen, got, want);
	}
	fclose(f);
	return check_exit(&t);
}
