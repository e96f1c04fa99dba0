/*
 * gyoku/mate1.h: mate in one.
 */
#ifndef GYOKU_MATE1_H
#define GYOKU_MATE1_H

#include "position.h"
#include "types.h"

/*
 * A legal move of the side to move that checkmates at once (a drop, a
 * promotion or not, a discovered check; never an uchifuzume, which is
 * illegal), or GY_MOVE_NONE when there is none.  Works in check too.
 */
gy_move gy_mate1(const struct gy_pos *p);

#endif
