/*
 * mate/mate_int.h: what mate/check.c (and tests/t_mate.c) ask of the
 * solver in mate/mate.c besides the public API (library-internal).
 */
#ifndef MATE_MATE_INT_H
#define MATE_MATE_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "gyoku/mate.h"

/*
 * Does the attacker (side to move in `p`) mate within `depth` plies,
 * counting every interposition?  1 proven (*len the length of the proof
 * found, at most `depth`), -1 disproven, 0 unknown (the limits, which
 * count from this call, stopped it).  The table answers first and keeps
 * what the search learns.  *nodes: the nodes searched.
 */
int gy__mate_within(struct gy_mate *m, const struct gy_pos *p, int depth, const struct gy_mate_limits *limits,
		    const atomic_bool *stop, int *len, uint64_t *nodes);

/*
 * The line `line` (`n` plies, a mate from `root`) shortened as the
 * refinement shortens the line it holds (splice_line in mate/mate.c: a
 * stretch played in fewer plies with its own moves, the shorter line
 * proven within its length): its length into the return value and its
 * moves into `out` (n moves at most), 0 when no shorter line is proven.
 * Meant for tests.
 */
int gy__mate_splice(struct gy_mate *m, const struct gy_pos *root, const gy_move *line, int n, gy_move *out);

/* True when the defender's drop `e` in `p` is a futile interposition (無駄合) as the tsume rules judge it. */
bool gy__mate_futile(const struct gy_pos *p, gy_move e);

#endif
