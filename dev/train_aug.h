/*
 * dev/train_aug.h: the teacher's positions of `gyoku train --augment N`
 * (dev/train_aug.c).
 */
#ifndef DEV_TRAIN_AUG_H
#define DEV_TRAIN_AUG_H

#include <stdbool.h>
#include <stdint.h>

#include "gyoku/position.h"

/* A score beyond every evaluation: the side to move is mated. */
enum { TR_AUG_MATED = 30000 };

/* The linear evaluation of `p` after a quiescence search over captures, from the side to move (p is restored). */
int tr_aug_label(struct gy_pos *p);

/*
 * A position 1 to 4 random legal plies from `start` (rng advances); false
 * when the walk ends in check or without a move.
 */
bool tr_aug_walk(const struct gy_pos *start, uint64_t *rng, struct gy_pos *out);

#endif
