/*
 * gyoku/player.h: the computer opponent at a level, for games people play
 * (the terminal game, the web server): the engine of engine.h at a level
 * from 1 (a beginner can win) to 10 (full strength), asked synchronously
 * for a move or a hint.
 *
 * A player is one engine with a small hash; it is not thread-safe: one
 * thread thinks with it at a time (a server keeps one player per worker
 * thread).  gy_player_stop alone may be called from another thread.
 */
#ifndef GYOKU_PLAYER_H
#define GYOKU_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "engine.h"
#include "session.h"

enum { GY_LEVEL_MIN = 1, GY_LEVEL_MAX = 10 };

struct gy_player;

/*
 * The time a player keeps in reserve on every move with a clock, for
 * what happens between its answer and the move reaching the clock (the
 * engine's NetworkDelay option; a caller may set another).
 */
enum { GY_PLAYER_MARGIN_MS = 500 };

/*
 * Creates the computer at `level` for games under `rules` (the impasse
 * rule with its handicap bonus, and the move limit, become the engine's
 * EnteringKingRule and MaxMovesToDraw).  Creating it takes time (tables,
 * hash): make it before the game's clock starts.  Errors: GY_ERR_ARG
 * (level out of range), GY_ERR_NOMEM.  The caller frees it with
 * gy_player_destroy.
 */
enum gy_err gy_player_create(struct gy_player **out, int level, const struct gy_rules *rules)
	__attribute__((warn_unused_result));

/* Frees `pe`; NULL is allowed. */
void gy_player_destroy(struct gy_player *pe);

/*
 * Sets the level (GY_ERR_ARG when out of range) and the rules of an
 * existing player, and forgets the last game; for a worker that plays
 * many games.
 */
enum gy_err gy_player_reset(struct gy_player *pe, int level, const struct gy_rules *rules)
	__attribute__((warn_unused_result));

/* Sets an engine option of the player (engine.h gy_engine_set_option), such as NetworkDelay. */
enum gy_err gy_player_set_option(struct gy_player *pe, const char *name, const char *value)
	__attribute__((warn_unused_result));

/* One line describing `level` (its SkillLevel and its limit) into `buf` of `size` bytes. */
void gy_player_level_text(int level, char *buf, size_t size);

/*
 * Thinks about the game `s` as it stands (its start and moves) and sets
 * `*kind` and `*move` for the side to move.  With `hint` the search is at
 * full skill for a short fixed budget; else at the level, within the
 * level's budget and, when the game has a clock, the time the side to
 * move has left at `now`: its main time and what is left of its current
 * byoyomi period, less the margin (so time already spent on this turn
 * is not spent twice).  Errors: those of gy_engine_set_position.
 */
enum gy_err gy_player_think(struct gy_player *pe, const struct gy_session *s, int64_t now, bool hint,
			    enum gy_best_kind *kind, gy_move *move) __attribute__((warn_unused_result));

/*
 * The limits gy_player_think gives the engine for a move at `level` (out
 * of range: GY_LEVEL_MAX) in `s` at `now`: the level's node budget and,
 * without a clock, its time a move; with one, the time the side to move
 * has left at `now` (main time, what is left of the current byoyomi
 * period, the increments).  A first move whose clock does not run has at
 * most a sixth of the rules' first_move_ms as main time and as byoyomi,
 * less the time since its turn started.  When the mover has nothing left,
 * movetime is 1 ms: never a search without a limit.  The margin is not in
 * these figures: the engine keeps it (NetworkDelay).
 */
void gy_player_limits(int level, const struct gy_session *s, int64_t now, struct gy_limits *lim);

/* Makes a gy_player_think running on another thread return soon, with the best move so far. */
void gy_player_stop(struct gy_player *pe);

#endif
