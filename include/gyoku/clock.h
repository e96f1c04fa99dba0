/*
 * gyoku/clock.h: time controls and game clocks (docs/rules.md, "Time").
 *
 * A clock is a pure function of time stamps: every call takes `now`, a
 * caller-supplied time in milliseconds (any epoch, never decreasing), and
 * the library never reads a clock, so a terminal game, a USI match runner
 * and a web server that enforces clocks with nobody connected all share
 * it, and tests need no sleeping.  A server asks gy_clock_deadline once
 * per move and schedules the forfeit for the instant after it.
 *
 * Time controls (struct gy_time_control), combinable:
 * - main time (sudden death when alone),
 * - byoyomi with periods, as on 81Dojo and ShogiWars: once main time is
 *   spent, each move must be made within one period; a move that takes
 *   longer uses up one period for each whole period length it overruns,
 *   and the next move starts a fresh period.  The side flags when it would
 *   need more periods than it has,
 * - a Fischer increment, added to main time after each move made within
 *   main time (not after a move made in byoyomi, as on Lishogi),
 * - correspondence: N days per move (the allowance does not accumulate),
 *   with an allowance of vacation days that a player spends either by
 *   declaring a vacation (the clock does not run during it) or, with
 *   automatic vacation, automatically: when the side to move would flag,
 *   whole days are spent from the allowance to extend the deadline.
 *
 * Edges (each pinned by tests/data/clock.txt):
 * - the time a move takes is `now` minus the start of the turn (minus any
 *   declared vacation inside the turn);
 * - every allowance ends inclusive: a move made exactly when main time
 *   reaches zero is on time, leaves 0 main time and uses no byoyomi; a
 *   move exactly at the end of a byoyomi period keeps the period; one
 *   millisecond later it costs the period, or the game when it was the
 *   last one;
 * - gy_clock_deadline is the last on-time instant: the side to move has
 *   flagged exactly when now > deadline;
 * - a move that ends the game (a mate delivered on the first byoyomi
 *   move, say) is judged like any other: on time within the period.
 *
 * All functions are pure and thread-safe on distinct structs.
 */
#ifndef GYOKU_CLOCK_H
#define GYOKU_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

enum {
	GY_SECOND_MS = 1000,
	GY_DAY_MS = 86400000,
	GY_TC_TEXT_MAX = 64,      /* the longest time-control text with its NUL */
	GY_TC_PERIODS_MAX = 99,   /* byoyomi periods */
	GY_TC_DAYS_MAX = 14,      /* correspondence days per move */
	GY_TC_VACATION_MAX = 365, /* correspondence vacation days */
};

/* The longest main time, byoyomi or increment: 1000 hours. */
#define GY_TC_MAX_MS ((int64_t)1000 * 3600 * 1000)

/*
 * A time control, a value type.  A live control has days_per_move 0 and
 * main_ms > 0 or byoyomi_ms > 0; a correspondence control has
 * days_per_move 1..14 and every live field 0.  Durations are whole
 * milliseconds, and every valid control has a text form (seconds with
 * up to three decimals, as "10+0.1i" for a match at cutechess's 10+0.1).
 */
struct gy_time_control {
	int64_t main_ms;      /* main time, 0..GY_TC_MAX_MS */
	int64_t byoyomi_ms;   /* one byoyomi period; 0 for none */
	int periods;          /* byoyomi periods: 1..99 with byoyomi, else 0 */
	int64_t increment_ms; /* Fischer increment; 0 for none */
	int days_per_move;    /* correspondence: 1..14; 0 for a live clock */
	int vacation_days;    /* correspondence: vacation allowance, 0..365 */
	bool auto_vacation;   /* correspondence: spend vacation instead of flagging */
};

/*
 * Checks that `tc` is a valid time control (the ranges above).  Returns
 * GY_OK, GY_ERR_TC_RANGE (a value out of range,
 * periods without byoyomi, live and correspondence fields mixed) or
 * GY_ERR_TC_NO_TIME (a live control with neither main time nor byoyomi).
 */
enum gy_err gy_tc_check(const struct gy_time_control *tc) __attribute__((warn_unused_result));

/*
 * Parses the text form of a time control from the `len` bytes at `s`
 * (not necessarily NUL-terminated):
 *
 *   live:  MAIN ['+' BYOYOMI ['*' PERIODS]] ['+' INCREMENT 'i']
 *   correspondence:  DAYS 'd' ['/v' VACATION] ['/auto']
 *
 * A duration is "0", a number of seconds ("30"), or groups with units in
 * falling order ("1h", "10m", "1m30s", "2h5s"); the seconds may have a
 * fraction of one to three digits ("0.1", "2.5s", "1m0.25s").  The '+'
 * terms may come in either order.  Examples: "10m" (sudden death), "10m+30s", "0+30s",
 * "10m+30s*3" (3 periods), "5m+10i" (Fischer, 10 s), "10m+30s+5i",
 * "3d", "3d/v14", "3d/v14/auto".  On error `tc` is cleared and `where`
 * (when not NULL) gets line 1 and the 1-based column of the offending
 * character (len + 1 when the text ends too early).  Errors:
 * GY_ERR_TC_SYNTAX, GY_ERR_TC_RANGE, GY_ERR_TC_TWICE (a byoyomi or an
 * increment given twice), GY_ERR_TC_NO_TIME.
 */
enum gy_err gy_tc_parse(struct gy_time_control *tc, const char *s, size_t len, struct gy_srcpos *where)
	__attribute__((warn_unused_result));

/*
 * Writes the canonical text of the valid control `tc` into `buf`, which
 * holds GY_TC_TEXT_MAX bytes, NUL-terminated: durations in h/m/s groups
 * with a fraction of the seconds only when there is one, one period left
 * implicit, the increment in seconds ("10m+30s*3+5i", "10+0.1i",
 * "3d/v14/auto").  gy_tc_parse reads it back equal.  Returns the length,
 * or 0 (with buf "") when `tc` is not valid.
 */
size_t gy_tc_write(const struct gy_time_control *tc, char *buf);

/*
 * Both sides' clocks, a value type: copy it freely, store it with the
 * game.  For the side to move, main_ms, periods and vacation_days are as
 * they were when its turn started; gy_clock_view gives them at a time.
 */
struct gy_clock {
	struct gy_time_control tc;
	int64_t main_ms[2];        /* main time left, by colour */
	int periods[2];            /* byoyomi periods left */
	bool byoyomi[2];           /* main time is spent: turns are in byoyomi */
	int vacation_days[2];      /* vacation days left */
	int auto_days[2];          /* vacation days spent automatically so far */
	int64_t vacation_from[2];  /* a declared vacation: [from, until) */
	int64_t vacation_until[2]; /* (from == until: none) */
	int side;                  /* whose clock runs */
	int64_t turn_start_ms;     /* when its turn started, moved later by a vacation already over */
};

/*
 * The state of one side's clock at a moment, for display.
 */
struct gy_clock_view {
	int64_t main_ms;     /* main time left */
	int periods;         /* byoyomi periods left, the current one included */
	int64_t period_ms;   /* time left in the current period (a full one when idle) */
	bool byoyomi;        /* main time is spent */
	int vacation_days;   /* vacation days left (automatic spending included) */
	int64_t total_ms;    /* wall-clock time until it would flag (idle side: its allowance) */
	int64_t move_ms;     /* correspondence: time left to move before a vacation day is spent
			      automatically (total_ms less the automatic days and a declared
			      vacation); live: total_ms */
	int64_t vacation_ms; /* correspondence: what is left at `now` of a declared vacation (0: none) */
};

/*
 * Sets `c` for a game under `tc` whose first move is `side`'s (GY_BLACK,
 * or GY_WHITE when a handicap giver starts), its clock starting at `now`.
 * Errors: those of gy_tc_check, GY_ERR_ARG for a bad side.
 */
enum gy_err gy_clock_start(struct gy_clock *c, const struct gy_time_control *tc, int side, int64_t now)
	__attribute__((warn_unused_result));

/*
 * The side to move moves at `now`: its time is charged (main time, then
 * byoyomi periods, then automatic vacation days), the increment added
 * when the move was made in main time, a declared vacation of the mover
 * ends, and the other side's clock starts.  Only the days of a vacation
 * that were used count: a player who moves (comes back) before the
 * vacation ends gets its unused whole days back into the allowance (a day
 * begun is a day used).
 * `*spent` (when not NULL) gets the time the move took.  Errors:
 * GY_ERR_FLAG when the mover had flagged (now > gy_clock_deadline), and
 * GY_ERR_ARG when `now` is before the turn started; on error `c` is
 * unchanged.
 */
enum gy_err gy_clock_move(struct gy_clock *c, int64_t now, int64_t *spent) __attribute__((warn_unused_result));

/*
 * The side to move hands the turn to the other side at `now` without its
 * clock being charged or credited (no time taken, no increment): a free
 * first move (struct gy_rules, first_move_ms).  The other side's clock
 * starts at `now`.  Errors: GY_ERR_ARG when `now` is before the turn
 * started; on error `c` is unchanged.
 */
enum gy_err gy_clock_pass(struct gy_clock *c, int64_t now) __attribute__((warn_unused_result));

/*
 * The last instant at which the side to move is still on time: with a
 * live clock, turn start + main + periods * byoyomi; with correspondence,
 * turn start + days, plus the vacation days left when automatic, plus a
 * declared vacation that begins by then.  Valid until the next call that
 * changes `c`.
 */
int64_t gy_clock_deadline(const struct gy_clock *c);

/* True when the side to move has lost on time at `now` (now > deadline). */
bool gy_clock_flagged(const struct gy_clock *c, int64_t now);

/*
 * Fills `v` with `side`'s clock at `now` (for the side not to move, as it
 * stands).  For a flagged side total_ms is 0 and the rest as at the flag.
 */
void gy_clock_view(const struct gy_clock *c, int side, int64_t now, struct gy_clock_view *v);

/*
 * The wall-clock time `side` has left at `now` before it flags
 * (gy_clock_view's total_ms); 0 at the deadline and after it.
 */
int64_t gy_clock_remaining(const struct gy_clock *c, int side, int64_t now);

/*
 * Correspondence: `side` goes on vacation for `days` whole days from `now`
 * (or, when already on vacation, extends it by `days`): its clock does
 * not run during it.  The days leave the allowance at once.  Errors:
 * GY_ERR_ARG (a live clock, a bad side, days < 1, now before the turn
 * start), GY_ERR_CLOCK_VACATION (fewer days left than asked), GY_ERR_FLAG
 * (the side is to move and has already flagged); on error `c` is
 * unchanged.
 */
enum gy_err gy_clock_vacation(struct gy_clock *c, int side, int days, int64_t now) __attribute__((warn_unused_result));

#endif
