/*
 * dev/match_openings.h: `gyoku match --make-openings N`: generates a
 * file of varied, balanced start positions for matches.
 *
 * Each candidate is a short random opening from the even-game start
 * (8 to 16 plies, the length drawn too), every move drawn among the legal
 * moves with weights that favour normal development (pawn pushes, golds
 * and silvers forward, rook moves along the rank, king castling moves)
 * and shun drops, captures that give material away and moves onto
 * attacked squares.  A candidate is kept when the side to move is not in
 * check, its position is new, and the USI engine evaluates it within
 * +-max_cp centipawns at the fixed depth (no mate score).  The draws come
 * from a seeded generator, so a run with the same engine, seed, depth and
 * count gives the same file.
 */
#ifndef DEV_MATCH_OPENINGS_H
#define DEV_MATCH_OPENINGS_H

#include "match_game.h"

struct match_openings_conf {
	int count;                         /* positions to produce */
	unsigned long long seed;           /* of the random draws */
	int depth;                         /* `go depth D` for the evaluation */
	int max_cp;                        /* the largest |score| kept */
	const struct match_engine *engine; /* the evaluating engine */
	const char *out_path;              /* NULL: standard output */
	const char *cmdline;               /* the command, for the file's header */
};

/* Generates the openings file; returns the process exit status (messages on stderr). */
int match_make_openings(const struct match_openings_conf *c);

#endif
