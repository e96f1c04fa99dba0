/*
 * app/perft_cmd.c: `gyoku perft`, the move-generation check and benchmark.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "commands.h"
#include "gyoku/gyoku.h"
#include "position_arg.h"

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku perft <startpos|SFEN> <depth 0..20> [--divide]\n", f);
	return status;
}

int cmd_perft(int argc, char **argv)
{
	bool divide = false;
	const char *pos_arg = NULL, *depth_arg = NULL;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return usage(stdout, 0);
		if (!strcmp(argv[i], "--divide"))
			divide = true;
		else if (!strncmp(argv[i], "--", 2)) {
			fprintf(stderr, "gyoku perft: unknown option '%s'\n", argv[i]);
			return usage(stderr, 2);
		} else if (!pos_arg)
			pos_arg = argv[i];
		else if (!depth_arg)
			depth_arg = argv[i];
		else {
			fprintf(stderr, "gyoku perft: unexpected argument '%s'\n", argv[i]);
			return 2;
		}
	}
	int depth = 0;
	if (!pos_arg || !depth_arg)
		return usage(stderr, 2);
	if (!args_int("gyoku perft", "depth", depth_arg, 0, 20, &depth))
		return 2;
	struct gy_pos pos;
	if (position_arg_parse(&pos, pos_arg, "gyoku perft"))
		return 1;
	double start = now_seconds();
	uint64_t nodes = 0;
	if (divide && depth >= 1) {
		struct gy_movelist list;
		list.n = 0;
		gy_gen(&pos, GY_GEN_LEGAL, &list);
		for (int i = 0; i < list.n; i++) {
			struct gy_undo u;
			char usi[GY_USI_MOVE_MAX];
			gy_pos_do(&pos, list.moves[i], &u);
			uint64_t n = gy_perft(&pos, (int)depth - 1);
			gy_pos_undo(&pos, list.moves[i], &u);
			gy_usi_write_move(list.moves[i], usi);
			printf("%s: %llu\n", usi, (unsigned long long)n);
			nodes += n;
		}
		putchar('\n');
	} else {
		nodes = gy_perft(&pos, (int)depth);
	}
	double elapsed = now_seconds() - start;
	printf("Nodes searched: %llu\n", (unsigned long long)nodes);
	printf("Nodes/second: %llu\n", (unsigned long long)(elapsed > 0 ? (double)nodes / elapsed : 0));
	return 0;
}
