/*
 * server/puzzles.h: the tsume puzzles the server serves (docs/server.md
 * "Puzzles"): the puzzle files read at start-up (gyoku/puzzle.h's format),
 * the solver that judges players' moves, and the routes' handlers
 * (api.h).  The set is immutable once loaded; the solver has its own lock.
 */
#ifndef SERVER_PUZZLES_H
#define SERVER_PUZZLES_H

#include <stdio.h>

struct puzzles;

enum {
	PUZZLE_LIMIT_BURST = 60,           /* puzzle writes (moves, solutions) per key ... */
	PUZZLE_LIMIT_WINDOW_MS = 60 * 1000 /* ... within this window */
};

/*
 * Reads every *.txt file of directory `dir` (in name order): one puzzle a
 * line (docs/puzzles.md "The file").  A missing directory is no puzzles; a
 * line that does not read, or a position already read, is reported on
 * `log` as FILE:LINE: reason and skipped.  NULL only when out of memory.
 */
struct puzzles *puzzles_load(const char *dir, FILE *log);

/* The number of puzzles loaded. */
int puzzles_count(const struct puzzles *p);

void puzzles_free(struct puzzles *p);

#endif
