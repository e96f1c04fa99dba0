/*
 * engine/see.h: static exchange evaluation: whether a move wins at least
 * a threshold when both sides keep capturing on its square with their
 * least valuable piece (promotions on the way and pins are ignored).
 */
#ifndef ENGINE_SEE_H
#define ENGINE_SEE_H

#include <stdbool.h>

#include "gyoku/position.h"

/* True when the exchange `m` starts is worth at least `threshold` centipawns to the mover. */
bool gy__see_ge(const struct gy_pos *p, gy_move m, int threshold);

#endif
