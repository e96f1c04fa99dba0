/*
 * engine/mate_search.h: the engine's `go mate`: a mate search of the
 * position for the side to move, under a time limit and a stop flag.
 */
#ifndef ENGINE_MATE_SEARCH_H
#define ENGINE_MATE_SEARCH_H

#include <stdatomic.h>
#include <stdint.h>

#include "gyoku/engine.h"
#include "gyoku/position.h"

enum { MATE_MAX_PV = 2048 };

/*
 * Searches `p` for a forced mate by the side to move for at most `ms`
 * milliseconds (negative: until *stop).  On GY_MATE_FOUND, `pv` (which
 * holds MATE_MAX_PV moves) receives the mating line and *n its length.
 */
enum gy_mate_answer mate_search_run(const struct gy_pos *p, int64_t ms, atomic_bool *stop, gy_move *pv, int *n);

#endif
