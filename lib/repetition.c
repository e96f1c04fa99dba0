/*
 * lib/repetition.c: sennichite and perpetual check over a game's history.
 *
 * Move i (1-based) leads from P(i-1) to Pi and is made by the side to
 * move in P(i-1): first_side when i is odd.  Move i gave check exactly when
 * in_check[i].
 */
#include "gyoku/repetition.h"

#include "gyoku/types.h"

/* True when every move of `side` among moves first+1..last gave check (and it made at least one). */
static bool checked_throughout(const bool *in_check, int first, int last, int first_side, int side)
{
	int made = 0;
	for (int i = first + 1; i <= last; i++) {
		int mover = (i % 2 == 1) ? first_side : first_side ^ 1;
		if (mover != side)
			continue;
		made++;
		if (!in_check[i])
			return false;
	}
	return made > 0;
}

struct gy_rep gy_repetition(const uint64_t *keys, const bool *in_check, int n, int first_side)
{
	struct gy_rep rep = {GY_REP_NONE, 0, -1, -1};
	if (n < 1)
		return rep;
	int last = n - 1, seen[4], count = 0;
	/* Walk back over positions with the same side to move, newest first. */
	for (int i = last; i >= 0; i -= 2) {
		if (keys[i] != keys[last])
			continue;
		if (count < 4)
			seen[count] = i;
		count++;
	}
	rep.occurrences = count;
	if (count < 4)
		return rep;
	/* The span runs from the 4th most recent occurrence to now. */
	rep.first = seen[3];
	bool black = checked_throughout(in_check, rep.first, last, first_side, GY_BLACK);
	bool white = checked_throughout(in_check, rep.first, last, first_side, GY_WHITE);
	if (black != white) {
		rep.verdict = GY_REP_PERPETUAL;
		rep.loser = black ? GY_BLACK : GY_WHITE;
	} else {
		rep.verdict = GY_REP_DRAW;
	}
	return rep;
}
