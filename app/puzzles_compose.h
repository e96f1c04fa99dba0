/*
 * app/puzzles_compose.h: `gyoku puzzles compose`, composed tsume problems
 * (docs/puzzles.md "Composed problems"), and the conventions composed
 * problems obey besides those of every puzzle, which `gyoku puzzles
 * check` applies to a puzzle whose source is "composed ...".
 */
#ifndef APP_PUZZLES_COMPOSE_H
#define APP_PUZZLES_COMPOSE_H

#include <stdbool.h>
#include <stddef.h>

#include "gyoku/puzzle.h"

/* gyoku puzzles compose [--count N] [--len L..M] [--seed S] [--out FILE] (the arguments after "compose"). */
int compose_main(int argc, char **argv);

/* True when the source field of `pz` says it is a composed problem ("composed ..."). */
bool compose_is_composed(const struct gy_puzzle *pz);

/*
 * The composed conventions, for a puzzle gy_puzzle_verify accepts: the
 * attacker's hand is empty at the end of the main line (no 駒余り), and
 * every attacker piece on the board is needed: without it (the defender
 * holding it with the rest) the position is no puzzle of the same length.
 * Returns true, or false with the reason in `why`.
 */
bool compose_conventions(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, char *why, size_t size);

#endif
