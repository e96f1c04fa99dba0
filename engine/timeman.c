/*
 * engine/timeman.c: the time budget (timeman.h).
 *
 * Invariant: maximum never exceeds what the clock gives for this move
 * (main time + byoyomi, or main time alone under Fischer and sudden
 * death) minus the network delay, and minimum <= optimum <= maximum.
 */
#include "timeman.h"

#include <time.h>

int64_t gy__timeman_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

struct timeman gy__timeman_plan(const struct gy_limits *l, int side, int ply, int64_t network_delay,
				int64_t minimum_think)
{
	struct timeman tm = {0, -1, -1};
	if (l->movetime > 0) {
		/* "movetime": exactly this long, as the GUI asked. */
		tm.minimum = tm.optimum = tm.maximum = max64(1, l->movetime - network_delay);
		return tm;
	}
	int64_t time = l->time[side], inc = l->inc[side], byo = l->byoyomi;
	if (time <= 0 && inc <= 0 && byo <= 0)
		return tm; /* no clock: depth, nodes or infinite */
	/* Step 1: the hard limit, what this move may use without losing. */
	int64_t usable = max64(0, time) + max64(0, byo);
	int64_t hard = usable - network_delay;
	if (byo <= 0 && time > 0) /* under Fischer or sudden death keep a reserve for the moves to come */
		hard = min64(hard, time / 3 + inc);
	hard = max64(1, min64(hard, usable - network_delay));
	/* Step 2: the share of the main time this move should take. */
	int moves_left = (int)max64(20, (160 - ply) / 2);
	int64_t opt = max64(0, time) / moves_left + inc * 9 / 10;
	if (byo > 0)
		opt += byo; /* byoyomi not used is lost: always spend it */
	opt = max64(opt, minimum_think);
	tm.maximum = max64(1, hard);
	tm.optimum = max64(1, min64(opt, tm.maximum));
	/* Step 3: with main time left the search may run past the optimum on an unstable move, up to five times. */
	if (time > 0)
		tm.maximum = min64(tm.maximum, max64(tm.optimum * 5, byo > 0 ? byo - network_delay : 0));
	tm.maximum = max64(tm.maximum, tm.optimum);
	/*
	 * Step 4: the floor, the minimum thinking time and the byoyomi. A move
	 * that stops short of the byoyomi gains nothing: the main time it keeps
	 * only delays the point from which every move gets the byoyomi, so the
	 * game's thinking time is longest when no move spends less.
	 */
	tm.minimum = min64(tm.optimum, max64(minimum_think, byo - network_delay));
	return tm;
}
