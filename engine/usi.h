/*
 * engine/usi.h: the USI protocol front end of the engine (gyoku-usi).
 */
#ifndef ENGINE_USI_H
#define ENGINE_USI_H

#include <stdio.h>

/* Answers USI commands read from `in` on `out` until "quit" or end of input; returns the exit status. */
int usi_loop(FILE *in, FILE *out);

/* Runs the fixed benchmark at `depth` (0: the default) and prints its figures; returns the exit status. */
int usi_bench(int depth, FILE *out);

#endif
