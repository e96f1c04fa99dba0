/*
 * app/usi_wasm.c: gyoku-usi for the browser (web/dist/engine/gyoku-engine.js, built by emcc with
 * GY_NO_THREADS): the same USI session as the native engine (usi.h), fed one command line at a time
 * by the page's Web Worker (web/src/engine-worker.js) through gy_usi_command, answering on standard
 * output, which the worker passes on line by line.  A search runs to its end inside the call, so
 * its info lines arrive while it runs and its bestmove before the call returns.  gy_usi_bench is
 * `gyoku-usi bench`.
 */
#include <stdio.h>
#include <string.h>

#include "gyoku/init.h"
#include "usi.h"

int gy_usi_command(const char *line);
int gy_usi_bench(int depth);

static struct usi *session;

/* Handles one command line; returns 1, or 0 after "quit" or when out of memory. */
__attribute__((used)) int gy_usi_command(const char *line)
{
	if (!session) {
		gy_init();
		if (!(session = usi_open(stdout))) {
			puts("info string error: out of memory");
			return 0;
		}
	}
	if (usi_command(session, line, strlen(line)))
		return 1;
	usi_close(session);
	session = NULL;
	return 0;
}

/* `gyoku-usi bench DEPTH` (0: the default depth): the search signature and speed, for bench/wasm.sh and
 * tests/wasm/run.mjs; returns the exit status. */
__attribute__((used)) int gy_usi_bench(int depth)
{
	gy_init();
	return usi_bench(depth, stdout);
}
