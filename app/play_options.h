/*
 * app/play_options.h: the command line of `gyoku play` (docs/play.md):
 * the options, checked (numbers in range, known words), and the usage.
 */
#ifndef APP_PLAY_OPTIONS_H
#define APP_PLAY_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gyoku/impasse.h"

/* The options; strings point into argv, NULL when not given. */
struct play_options {
	const char *vs, *color, *handicap, *time, *load, *save, *pieces, *notation;
	int level, max_moves;
	bool strict, flip, fake_clock, seeded;
	enum gy_impasse_rule impasse;
	uint64_t seed;
};

/* Prints the usage (with the handicap presets) to `f`. */
void play_usage(FILE *f);

/*
 * Reads the options after `gyoku play` into `o` (defaults first);
 * `--help` prints the usage and exits 0.  Returns 0, or 1 after an error
 * on stderr that names the option.
 */
int play_options_parse(int argc, char **argv, struct play_options *o);

#endif
