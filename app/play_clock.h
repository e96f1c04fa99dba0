/*
 * app/play_clock.h: the time source of `gyoku play` (the real monotonic
 * clock, or the fake clock that scripted tests drive with "@SECONDS"
 * stamps) and the text of a clock for the board.
 */
#ifndef APP_PLAY_CLOCK_H
#define APP_PLAY_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gyoku/clock.h"

/* Where the game's time comes from. */
struct play_time {
	bool fake;         /* time moves only by play_time_set */
	int64_t fake_ms;   /* the fake clock's reading */
	int64_t origin_ms; /* the real clock's reading at play_time_init */
};

/* Starts the time source at 0 ms. */
void play_time_init(struct play_time *t, bool fake);

/* Milliseconds since play_time_init (the fake clock's reading when fake). */
int64_t play_time_now(const struct play_time *t);

/* Sets the fake clock to `ms` (never backwards); ignored for the real clock. */
void play_time_set(struct play_time *t, int64_t ms);

/*
 * Writes `side`'s clock at `now` into `buf`: main time and byoyomi
 * ("9:58 + 30s"), or the byoyomi period running ("byoyomi 25s"), with the
 * periods left when more than one, and the increment ("+10s/move").
 */
void play_clock_text(const struct gy_clock *c, int side, int64_t now, char *buf, size_t size);

/* True when `side`'s time at `now` is in its last ten seconds (of main time or of the period): the bell rings. */
bool play_clock_hurry(const struct gy_clock *c, int side, int64_t now);

#endif
