/*
 * gyoku/repetition.h: sennichite (fourfold repetition) and perpetual
 * check (docs/rules.md, "How a game ends").
 *
 * A game is seen as its positions P0..Pn-1 (P0 the start, Pi after move
 * i) with, for each, its key (gy_pos_key: board, hands and side to move)
 * and whether its side to move is in check, i.e. whether move i gave
 * check.  The rules:
 * - sennichite: the current position occurs for the 4th time: a draw,
 * - unless perpetual check: in the span from the first of those four
 *   occurrences to the current one, every move of one side gave check;
 *   that side loses, whichever side completed the repetition and whether
 *   or not the game started inside the cycle.  When both sides checked
 *   with every move, neither is singled out: a draw.
 * With more than four occurrences (a game that went on), the span starts
 * at the 4th most recent one.
 */
#ifndef GYOKU_REPETITION_H
#define GYOKU_REPETITION_H

#include <stdbool.h>
#include <stdint.h>

enum gy_rep_verdict {
	GY_REP_NONE,      /* fewer than four occurrences: play on */
	GY_REP_DRAW,      /* sennichite */
	GY_REP_PERPETUAL, /* perpetual check: `loser` gave every check */
};

struct gy_rep {
	enum gy_rep_verdict verdict;
	int occurrences; /* how often the current position has occurred, itself included */
	int first;       /* index of the first of the four occurrences (when decided) */
	int loser;       /* colour of the perpetual checker (GY_REP_PERPETUAL only) */
};

/*
 * Judges the current position P(n-1) of a game of `n` positions (n >= 1):
 * `keys[i]` and `in_check[i]` describe Pi, `first_side` is the colour to
 * move in P0.  Pure and thread-safe; O(n).
 */
struct gy_rep gy_repetition(const uint64_t *keys, const bool *in_check, int n, int first_side);

#endif
