/*
 * dev/openings.h: the start positions of a match, read from a file of
 * one start per line: a SFEN ("lnsgkgsnl/... b - 1"), or a USI position
 * line with or without its leading word ("startpos moves 7g7f 3c3d",
 * "sfen <SFEN> moves ...", "position startpos moves ...").  Blank lines
 * and lines starting with '#' are comments.
 */
#ifndef DEV_OPENINGS_H
#define DEV_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "gyoku/position.h"
#include "gyoku/types.h"

enum { OPENINGS_MOVES_MAX = 256 };

/* One start: a position and the moves played from it (all legal). */
struct opening {
	struct gy_pos start;
	int nmoves;
	gy_move moves[OPENINGS_MOVES_MAX];
};

/* The openings of a file, in file order. */
struct openings {
	struct opening *items;
	int n;
};

/*
 * Reads the file `path` into `o` (which the caller frees with
 * openings_free).  On failure returns false and `why` (of `why_cap`
 * bytes) names the file, the line and the error; `o` is then empty.
 */
bool openings_load(struct openings *o, const char *path, char *why, size_t why_cap);

/* Sets `o` to the single even-game start position.  Returns false when out of memory. */
bool openings_default(struct openings *o);

/* Frees what `o` holds and empties it. */
void openings_free(struct openings *o);

#endif
