/*
 * engine/timeman.h: how long to think on a move, from the clock the `go`
 * gives: a minimum (never stop before it), an optimum (stop after an
 * iteration past it) and a maximum (stop the search at once), all inside
 * what the clock allows minus the network delay, so the engine never loses
 * on time.
 */
#ifndef ENGINE_TIMEMAN_H
#define ENGINE_TIMEMAN_H

#include <stdint.h>

#include "gyoku/engine.h"

struct timeman {
	int64_t minimum, optimum, maximum; /* milliseconds; maximum < 0: no time limit */
};

/* The budget for `side` to move at game ply `ply`, with the engine's delay and minimum options. */
struct timeman gy__timeman_plan(const struct gy_limits *l, int side, int ply, int64_t network_delay,
				int64_t minimum_think);

/* Milliseconds of a monotonic clock. */
int64_t gy__timeman_now(void);

#endif
