/*
 * engine/bench.h: the fixed benchmark positions of `gyoku-usi bench`,
 * whose node count at BENCH_DEPTH is the search signature.
 */
#ifndef ENGINE_BENCH_H
#define ENGINE_BENCH_H

enum { BENCH_DEPTH = 11 };

/* SFENs, NULL-terminated: the opening, middle games and endgames of published games. */
extern const char *const gy__bench_positions[];

#endif
