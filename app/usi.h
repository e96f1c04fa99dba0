/*
 * app/usi.h: the USI protocol front end of gyoku-usi, a client of the engine
 * API (gyoku/engine.h) like the terminal game and the server.
 */
#ifndef APP_USI_H
#define APP_USI_H

#include <stdio.h>

/* Answers USI commands read from `in` on `out` until "quit" or end of input; returns the exit status. */
int usi_loop(FILE *in, FILE *out);

/* Runs the fixed benchmark at `depth` (0: the default) and prints its figures; returns the exit status. */
int usi_bench(int depth, FILE *out);

#endif
