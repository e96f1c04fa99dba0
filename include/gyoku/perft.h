/*
 * gyoku/perft.h: perft, the count of leaf nodes of the legal move tree.
 */
#ifndef GYOKU_PERFT_H
#define GYOKU_PERFT_H

#include <stdint.h>

#include "position.h"

/*
 * The number of move sequences of exactly `depth` legal moves from `p`
 * (1 for depth 0).  `p` is used as scratch and restored before returning.
 */
uint64_t gy_perft(struct gy_pos *p, int depth);

#endif
