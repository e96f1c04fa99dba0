/*
 * bench/engine_mem.c: what N engines cost in time and memory.
 *
 *   bin/tools/engine_mem N [EVALTYPE]
 *
 * Creates N engines (USI_Hash 1, MateHash 1: the table is not what is
 * measured), sets EvalType to EVALTYPE when given (else each keeps its
 * default), and runs one search of depth 1 from the start position on
 * each in turn.  Prints the milliseconds of the creations and of the
 * first searches, and the process's resident memory (VmRSS) before,
 * after the creations and after the searches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gyoku/engine.h"
#include "gyoku/init.h"
#include "gyoku/position.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The process's resident memory in KiB (VmRSS of /proc/self/status), or -1. */
static long rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	if (!f)
		return -1;
	char line[256];
	long kib = -1;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "VmRSS:", 6))
			kib = strtol(line + 6, NULL, 10);
	fclose(f);
	return kib;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fputs("usage: engine_mem N [EVALTYPE]\n", stderr);
		return 2;
	}
	int n = (int)strtol(argv[1], NULL, 10);
	if (n < 1 || n > 100000) {
		fputs("engine_mem: N must be 1-100000\n", stderr);
		return 2;
	}
	gy_init();
	struct gy_engine **e = calloc((size_t)n, sizeof *e);
	if (!e)
		return 1;
	long rss0 = rss_kib();
	double t0 = now_ms();
	for (int i = 0; i < n; i++) {
		if (gy_engine_create(&e[i], NULL) != GY_OK || gy_engine_set_option(e[i], "USI_Hash", "1") != GY_OK ||
		    gy_engine_set_option(e[i], "MateHash", "1") != GY_OK ||
		    (argc == 3 && gy_engine_set_option(e[i], "EvalType", argv[2]) != GY_OK)) {
			fprintf(stderr, "engine_mem: engine %d: %s\n", i, e[i] ? gy_engine_option_error(e[i]) : "");
			return 1;
		}
	}
	double t1 = now_ms();
	long rss1 = rss_kib();
	struct gy_pos start;
	gy_pos_set_start(&start);
	for (int i = 0; i < n; i++) {
		struct gy_limits l;
		memset(&l, 0, sizeof l);
		l.depth = 1;
		if (gy_engine_set_position(e[i], &start, NULL, 0) != GY_OK || gy_engine_go(e[i], &l) != GY_OK)
			return 1;
		gy_engine_wait(e[i]);
	}
	double t2 = now_ms();
	long rss2 = rss_kib();
	printf("engines %d, EvalType %s\n", n, argc == 3 ? argv[2] : "(default)");
	printf("create: %.1f ms (%.3f ms each), RSS %ld -> %ld KiB\n", t1 - t0, (t1 - t0) / n, rss0, rss1);
	printf("first search (depth 1): %.1f ms (%.3f ms each), RSS %ld KiB (%.1f KiB an engine)\n", t2 - t1,
	       (t2 - t1) / n, rss2, (double)(rss2 - rss0) / n);
	for (int i = 0; i < n; i++)
		gy_engine_destroy(e[i]);
	free(e);
	return 0;
}
