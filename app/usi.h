/*
 * app/usi.h: the USI protocol front end of gyoku-usi, a client of the engine
 * API (gyoku/engine.h) like the terminal game and the server.
 */
#ifndef APP_USI_H
#define APP_USI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One USI session: an engine and the stream its answers go to. */
struct usi;

/* A session answering on `out` (the engine at the start position); NULL when out of memory. */
struct usi *usi_open(FILE *out);

/* Handles one command line of `len` bytes (a trailing newline is dropped); false after "quit".  A
 * search runs on the engine's thread, or to its end before this returns in a build without threads
 * (GY_NO_THREADS, the browser's one-thread builds). */
bool usi_command(struct usi *u, const char *line, size_t len);

/* Ends a session (stopping its search) and frees it; NULL is allowed. */
void usi_close(struct usi *u);

/* Answers USI commands read from `in` on `out` until "quit" or end of input (usi_command on each line);
 * returns the exit status. */
int usi_loop(FILE *in, FILE *out);

/*
 * Runs the fixed benchmark at `depth` (0: the default) and prints its
 * figures; with `eval_file` (a network, else NULL) runs it again with
 * EvalType nnue and prints the two speeds side by side.  Returns the exit status.
 */
int usi_bench(int depth, const char *eval_file, FILE *out);

#endif
