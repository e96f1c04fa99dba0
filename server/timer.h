/*
 * server/timer.h: time forfeits with nobody connected.  One thread keeps
 * the deadline of every game in play (from the store at start-up, then
 * from each change the game service reports) and, when one passes, asks
 * the game service to judge it (games_flag), which ends it on time if its
 * clock says so or names the time to look again.
 * Thread-safe.
 */
#ifndef SERVER_TIMER_H
#define SERVER_TIMER_H

#include <stdbool.h>
#include <stdint.h>

struct srv;
struct timer;
struct game;

/* Starts the timer thread of `s`, loading the deadlines of the games in play; NULL on failure. */
struct timer *timer_start(struct srv *s);

/* Stops the thread and frees `t`; NULL is allowed. */
void timer_stop(struct timer *t);

/* Game `id` flags after `deadline_ms` (0: it has no deadline any more). */
void timer_schedule(struct timer *t, const char *id, int64_t deadline_ms);

/*
 * The timer's listener of the game service (games_listen; `timer` is the
 * timer): a game in play gets its deadline (none when untimed), any other
 * loses it; remote changes too.
 */
void timer_game_changed(void *timer, const struct game *g, bool remote);

/* How many deadlines are kept (for tests and the health check). */
int timer_count(struct timer *t);

#endif
