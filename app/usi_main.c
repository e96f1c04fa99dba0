/*
 * app/usi_main.c: `gyoku-usi`, the engine for shogi GUIs.  With no
 * arguments it speaks USI on stdin/stdout; `gyoku-usi bench [depth]` runs
 * the fixed benchmark and prints "Nodes searched: N" (the search
 * signature) and "Nodes/second: N"; `gyoku-usi bench depth FILE` then
 * runs it again with the network FILE (EvalType nnue) and prints both
 * speeds side by side; `--version` and `--help` say what
 * they say for every command.
 */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "gyoku/init.h"
#include "gyoku/version.h"
#include "usi.h"

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku-usi                 the USI engine on standard input and output (for a GUI)\n"
	      "       gyoku-usi bench [depth]   the search signature (Nodes searched: N) and speed (depth 1-64)\n"
	      "       gyoku-usi bench DEPTH NET the same, then with the network NET (EvalType nnue), side by side\n"
	      "       gyoku-usi --version       the version\n",
	      f);
	return status;
}

int main(int argc, char **argv)
{
	gy_init();
	if (argc >= 2 && !strcmp(argv[1], "bench") && argc <= 4) {
		int depth = 0;
		if (argc >= 3 && !args_int("gyoku-usi bench", "depth", argv[2], 0, 64, &depth))
			return 2;
		return usi_bench(depth, argc == 4 ? argv[3] : NULL, stdout);
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("gyoku-usi %s\n", gy_version());
		return 0;
	}
	if (argc == 2 && args_is_help(argv[1]))
		return usage(stdout, 0);
	if (argc >= 2)
		return usage(stderr, 2);
	return usi_loop(stdin, stdout);
}
