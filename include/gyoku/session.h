/*
 * gyoku/session.h: a game in progress, the one every front end shares:
 * the terminal game (`gyoku play`), the match runner and self-play, the
 * web server's game service.  A session holds the record (game.h: the
 * start, the moves with their times and comments, the headers, the
 * variations of a loaded record), the clock (clock.h) and the rules
 * (struct gy_rules, game.h) in one place, and it is the referee: every way a game
 * ends (docs/rules.md "How a game ends") goes through it.
 *
 * The game is played at the end of the record's main line: play appends
 * there (the move becomes its node's main continuation), undo takes moves
 * off it.  After every move the session judges the new position: mate
 * (or no legal move), sennichite, perpetual check, the try rule, the move
 * limit.  Resignation, declarations, time and endings from outside the
 * rules (an interruption, an engine that crashed) are operations.
 *
 * Time: the session reads no clock.  Every operation that can depend on
 * time takes `now`, the caller's time in milliseconds (any epoch, never
 * decreasing), as clock.h does; a game with a clock ends on time in the
 * first operation that finds the side to move flagged.  Each move's time
 * (the clock's charge, or the time since the turn started without a
 * clock) goes into the record.
 *
 * A session is an opaque resource (create, destroy); not thread-safe: one
 * session, one thread at a time.  gy_init() must have run.
 */
#ifndef GYOKU_SESSION_H
#define GYOKU_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "clock.h"
#include "err.h"
#include "game.h"
#include "impasse.h"
#include "position.h"
#include "types.h"

struct gy_session;

/*
 * Creates a session of a new game from `start` (copied) under `rules`
 * (copied), without a clock until gy_session_start_clock.  Errors:
 * GY_ERR_NOMEM, GY_ERR_ARG (an impasse rule out of range, max_moves < 0).
 * The caller destroys it with gy_session_destroy.
 */
enum gy_err gy_session_create(struct gy_session **out, const struct gy_pos *start, const struct gy_rules *rules)
	__attribute__((warn_unused_result));

/*
 * Creates a session that goes on from the record `game`, which the
 * session takes (it destroys it, also on error): play goes on at the end
 * of its main line.  The ending the record gives there is kept (the game
 * is over), except an interruption (中断: a game suspended goes on);
 * without one the position is judged, so a record that reaches a mate is
 * over.  Errors: those of gy_session_create.
 */
enum gy_err gy_session_adopt(struct gy_session **out, struct gy_game *game, const struct gy_rules *rules)
	__attribute__((warn_unused_result));

/* Frees `s` and its record; NULL is allowed. */
void gy_session_destroy(struct gy_session *s);

/* The rules, as given at creation. */
const struct gy_rules *gy_session_rules(const struct gy_session *s);

/*
 * Starts the clock of the side to move at `now` under `tc` (NULL: the
 * game has no clock; the turn still starts at `now`, so that move times
 * are measured).  In a game that is over the clock stands until a
 * takeback reopens it.  Errors: those of gy_clock_start.
 */
enum gy_err gy_session_start_clock(struct gy_session *s, const struct gy_time_control *tc, int64_t now)
	__attribute__((warn_unused_result));

/*
 * Restores a clock as it was stored (`clock` NULL: no clock) and the
 * start of the current turn (-1: unknown), for a game loaded from a
 * store.  Errors: GY_ERR_ARG (the clock's side is not the side to move,
 * or its control is not valid).
 */
enum gy_err gy_session_resume_clock(struct gy_session *s, const struct gy_clock *clock, int64_t turn_start)
	__attribute__((warn_unused_result));

/* The clock, or NULL when the game has none.  Valid until the next call that changes `s`. */
const struct gy_clock *gy_session_clock(const struct gy_session *s);

/* Whether `side` has made its first move in this game. */
bool gy_session_has_moved(const struct gy_session *s, int side);

/*
 * True while the side to move waits for its first move under the rules'
 * first_move_ms (a live clock, the game on): its clock does not run, the
 * deadline (gy_session_deadline) is the turn's start plus first_move_ms,
 * and gy_session_check_time past it aborts the game (GY_END_INTERRUPTION,
 * no result) instead of ending it on time.  The first move is free: the
 * mover's clock is not charged (gy_clock_pass); its time is recorded.
 */
bool gy_session_first_move_pending(const struct gy_session *s);

/* When the side to move's turn started (-1: unknown). */
int64_t gy_session_turn_start(const struct gy_session *s);

/* The last on-time instant of the side to move (gy_clock_deadline), or -1 without a clock or when over. */
int64_t gy_session_deadline(const struct gy_session *s);

/*
 * Ends the game on time when the side to move has flagged at `now`
 * (GY_END_TIME_FORFEIT, the other side wins), or aborts it when the side
 * to move let its first move's time pass (gy_session_first_move_pending:
 * GY_END_INTERRUPTION, no result); true when it did either.
 */
bool gy_session_check_time(struct gy_session *s, int64_t now);

/*
 * Correspondence: `side` takes `days` of vacation from `now`
 * (gy_clock_vacation).  Errors: GY_ERR_GAME_OVER, GY_ERR_NO_CLOCK, those
 * of gy_clock_vacation; GY_ERR_FLAG when the side to move had flagged,
 * which ends the game on time.
 */
enum gy_err gy_session_vacation(struct gy_session *s, int side, int days, int64_t now)
	__attribute__((warn_unused_result));

/* The start position. */
const struct gy_pos *gy_session_start(const struct gy_session *s);

/* The position now (after every move played). */
const struct gy_pos *gy_session_position(const struct gy_session *s);

/* The number of moves played, and the moves from the start (gy_session_ply of them; valid until the next change). */
int gy_session_ply(const struct gy_session *s);
const gy_move *gy_session_moves(const struct gy_session *s);

/* The last move played, or GY_MOVE_NONE. */
gy_move gy_session_last_move(const struct gy_session *s);

/* How the game ended (GY_END_NONE while it goes on), and whether it has. */
struct gy_verdict gy_session_verdict(const struct gy_session *s);
bool gy_session_over(const struct gy_session *s);

/*
 * The record, for the writers of record.h: the moves with their times,
 * comments, headers, variations and the ending.  Valid until the session
 * changes or is destroyed.
 */
const struct gy_game *gy_session_game(const struct gy_session *s);

/* The record's node of the current position (the last move played; 0 at the start). */
int gy_session_node(const struct gy_session *s);

/* Sets a header of the record (gy_game_set_header: errors GY_ERR_NOMEM, GY_ERR_TOO_LONG). */
enum gy_err gy_session_set_header(struct gy_session *s, const char *key, const char *value)
	__attribute__((warn_unused_result));

/*
 * Adds `text` as a line of the comment of the current node (the last
 * move, or the start), after what is there.  Errors: those of
 * gy_game_set_comment.
 */
enum gy_err gy_session_add_comment(struct gy_session *s, const char *text) __attribute__((warn_unused_result));

/*
 * The side to move plays `m` at `now`.  GY_OK: the move was played and
 * judged (the game may be over by it: gy_session_over).  Errors, when
 * nothing is played:
 * - GY_ERR_GAME_OVER;
 * - GY_ERR_FLAG: the side to move had run out of time: the game is over
 *   on time;
 * - the rule an illegal `m` breaks (gy_move_check: GY_ERR_MOVE_*,
 *   GY_ERR_ARG): under strict rules the game is over, the mover loses
 *   (GY_END_ILLEGAL_MOVE); under casual rules nothing changes;
 * - GY_ERR_ARG when `now` is before the turn started; GY_ERR_NOMEM.
 */
enum gy_err gy_session_play(struct gy_session *s, gy_move m, int64_t now) __attribute__((warn_unused_result));

/*
 * The side to move tried a move that a reader (usi.h, notation.h)
 * refused as illegal, breaking `rule` (a GY_ERR_MOVE_* code, or any error
 * that stands for an illegal move): as gy_session_play with an illegal
 * move, strict rules end the game and casual rules change nothing.
 * Returns `rule`, or GY_ERR_GAME_OVER, or GY_ERR_FLAG (the game is over
 * on time).
 */
enum gy_err gy_session_foul(struct gy_session *s, enum gy_err rule, int64_t now);

/*
 * Appends `m`, a move already played and judged, with its time `spent_ms`
 * (-1: unknown), without the clock or the referee: for restoring a game
 * from a store move by move.  Errors: GY_ERR_GAME_OVER, the rule an
 * illegal `m` breaks, GY_ERR_NOMEM.
 */
enum gy_err gy_session_replay(struct gy_session *s, gy_move m, int64_t spent_ms) __attribute__((warn_unused_result));

/*
 * Casual rules: takes back the last `plies` moves (they leave the
 * record), reopening a game that had ended; the side to move's turn
 * starts again at `now` (its clock charged for nothing since, nothing
 * returned for the moves taken back).  In a loaded record with
 * variations, a variation beside a move taken back becomes the main
 * continuation until the next move is played, and a move with
 * variations below it stays in the record.
 * Errors: GY_ERR_UNDO_STRICT, GY_ERR_UNDO_NONE (plies < 1 or more than
 * were played), GY_ERR_NOMEM.
 */
enum gy_err gy_session_undo(struct gy_session *s, int plies, int64_t now) __attribute__((warn_unused_result));

/*
 * Gives `side` `ms` more of main time at `now` (the opponent's "more
 * time" of a live game): added to what is left of its main time, and a
 * side in byoyomi has main time again, spent before its periods go on.
 * Errors: GY_ERR_GAME_OVER, GY_ERR_NO_CLOCK, GY_ERR_ARG (a bad side, `ms`
 * not above 0 or over an hour), GY_ERR_FLAG (the side to move had
 * already run out of time: the game is over on time).
 */
enum gy_err gy_session_give_time(struct gy_session *s, int side, int64_t ms, int64_t now)
	__attribute__((warn_unused_result));

/*
 * `side` resigns at `now` (either side, on its turn or not) and loses.
 * Errors: GY_ERR_GAME_OVER, GY_ERR_ARG (a bad side), GY_ERR_FLAG (the
 * side to move had already run out of time: the game is over on time).
 */
enum gy_err gy_session_resign(struct gy_session *s, int side, int64_t now) __attribute__((warn_unused_result));

/*
 * `side` aborts the game before its own first move (either side, on its
 * turn or not): the game ends with no result (GY_END_INTERRUPTION,
 * GY_RESULT_NONE).  Errors: GY_ERR_GAME_OVER, GY_ERR_ARG (a bad side),
 * GY_ERR_ABORT_LATE (the side has made a move).
 */
enum gy_err gy_session_abort(struct gy_session *s, int side) __attribute__((warn_unused_result));

/*
 * What a declaration by `side` would find now, as if it were its turn,
 * under the game's rule (gy_impasse_declare, with the handicap bonus when
 * the rules give it), without declaring: for a UI to show both sides'
 * points or to ask before a declaration that loses.
 */
void gy_session_count(const struct gy_session *s, int side, struct gy_impasse_result *r);

/*
 * The side to move declares an impasse win at `now` under the game's
 * rule; `r` (when not NULL) gets the count.  A declaration that wins ends
 * the game (GY_END_DECLARATION, the declarer wins), one that draws (JSA
 * 24-30 points) ends it drawn, one that fails a condition ends it with
 * the declarer losing (GY_END_ILLEGAL_MOVE: CSA's wrong %KACHI, KIF's
 * 反則負け).  Errors, when nothing changes: GY_ERR_GAME_OVER,
 * GY_ERR_NO_DECLARATION (the rule is none or the try rule); GY_ERR_FLAG:
 * the declarer had run out of time (rules.md, condition (e)): the game is
 * over on time.
 */
enum gy_err gy_session_declare(struct gy_session *s, int64_t now, struct gy_impasse_result *r)
	__attribute__((warn_unused_result));

/*
 * Ends the game with `v` for a reason the session does not judge itself:
 * an interruption, an abandonment, an engine that crashed or gave no
 * move, an ending restored from a store.  Errors: GY_ERR_GAME_OVER,
 * GY_ERR_ARG (GY_END_NONE or a value out of range).
 */
enum gy_err gy_session_end(struct gy_session *s, struct gy_verdict v) __attribute__((warn_unused_result));

#endif
