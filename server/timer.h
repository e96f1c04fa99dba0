/*
 * server/timer.h: time forfeits with nobody connected.  One thread keeps
 * the deadline of every game in play (from the store at start-up, then
 * from each change) and, when one passes, asks the game service to judge
 * it (games_flag), which ends it on time if its clock says so.
 * Thread-safe.
 */
#ifndef SERVER_TIMER_H
#define SERVER_TIMER_H

#include <stdint.h>

struct srv;
struct timer;

/* Starts the timer thread of `s`, loading the deadlines of the games in play; NULL on failure. */
struct timer *timer_start(struct srv *s);

/* Stops the thread and frees `t`; NULL is allowed. */
void timer_stop(struct timer *t);

/* Game `id` flags after `deadline_ms` (0: it has no deadline any more). */
void timer_schedule(struct timer *t, const char *id, int64_t deadline_ms);

/* How many deadlines are kept (for tests and the health check). */
int timer_count(struct timer *t);

#endif
