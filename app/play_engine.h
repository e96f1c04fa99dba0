/*
 * app/play_engine.h: the computer player of `gyoku play`: the engine of
 * engine.h at a level from 1 (a beginner can win) to 10 (full strength),
 * asked synchronously for a move or a hint.
 */
#ifndef APP_PLAY_ENGINE_H
#define APP_PLAY_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "gyoku/clock.h"
#include "gyoku/engine.h"

enum { PLAY_LEVEL_MIN = 1, PLAY_LEVEL_MAX = 10 };

struct play_engine;

/*
 * Creates the computer at `level` with the impasse rule `entering_rule`
 * (an EnteringKingRule value: "CSARule27", "CSARule24", "TryRule").
 * Errors: GY_ERR_ARG (level out of range), GY_ERR_NOMEM.
 */
enum gy_err play_engine_create(struct play_engine **out, int level, const char *entering_rule);

/* Frees `pe`; NULL is allowed. */
void play_engine_destroy(struct play_engine *pe);

/* One line describing `level`: its SkillLevel and its limit. */
void play_engine_level_text(int level, char *buf, size_t size);

/*
 * Thinks about `start` + `moves` (n of them) and sets `*kind` and `*move`.
 * With `hint` the search is at full skill for a short fixed budget;
 * else at the level, within the level's budget and, when `clock` is not
 * NULL, the clock's time at `now`.  Errors: those of gy_engine_set_position.
 */
enum gy_err play_engine_think(struct play_engine *pe, const struct gy_pos *start, const gy_move *moves, int n,
			      const struct gy_clock *clock, int64_t now, bool hint, enum gy_best_kind *kind,
			      gy_move *move);

#endif
