/*
 * app/usi_main.c: `gyoku-usi`, the engine for shogi GUIs.  With no
 * arguments it speaks USI on stdin/stdout; `gyoku-usi bench [depth]` runs
 * the fixed benchmark and prints "Nodes searched: N" (the search
 * signature) and "Nodes/second: N".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/usi.h"
#include "gyoku/init.h"

int main(int argc, char **argv)
{
	gy_init();
	if (argc >= 2 && !strcmp(argv[1], "bench")) {
		int depth = argc >= 3 ? atoi(argv[2]) : 0;
		if (depth < 0 || depth > 64) {
			fprintf(stderr, "gyoku-usi bench: depth must be 1-64\n");
			return 2;
		}
		return usi_bench(depth, stdout);
	}
	if (argc >= 2) {
		fprintf(stderr, "usage: gyoku-usi [bench [depth]]\n");
		return 2;
	}
	return usi_loop(stdin, stdout);
}
