/*
 * server/timer.c: the deadlines of the games in play, and the thread
 * that acts on them.
 *
 * Invariants: `items` holds at most one entry per game id, each with a
 * deadline > 0; the thread sleeps until just after the earliest one (or
 * until a change wakes it).  Entries that have passed are taken out
 * before games_flag is called, without the mutex held, so a game's new
 * deadline can be scheduled meanwhile (by timer_game_changed, on the
 * committing thread); a game not yet flagged is put back at the time
 * games_flag names.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games.h"
#include "server.h"
#include "store.h"
#include "timer.h"

struct item {
	char id[STORE_ID_MAX];
	int64_t deadline;
};

struct timer {
	struct srv *srv;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cond;
	bool stop;
	struct item *items;
	int n, cap;
};

/* The entry of `id`, or -1; the mutex is held. */
static int find(const struct timer *t, const char *id)
{
	for (int i = 0; i < t->n; i++)
		if (!strcmp(t->items[i].id, id))
			return i;
	return -1;
}

/* Sets or removes `id`'s entry; the mutex is held. */
static void set_locked(struct timer *t, const char *id, int64_t deadline)
{
	int i = find(t, id);
	if (deadline <= 0) {
		if (i >= 0)
			t->items[i] = t->items[--t->n];
		return;
	}
	if (i < 0) {
		if (t->n == t->cap) {
			int cap = t->cap ? 2 * t->cap : 64;
			struct item *items = realloc(t->items, sizeof *items * (size_t)cap);
			if (!items) {
				fprintf(stderr, "gyoku serve: out of memory: game %s will not be flagged on time\n",
					id);
				return;
			}
			t->items = items;
			t->cap = cap;
		}
		i = t->n++;
		snprintf(t->items[i].id, sizeof t->items[i].id, "%s", id);
	}
	t->items[i].deadline = deadline;
}

void timer_schedule(struct timer *t, const char *id, int64_t deadline_ms)
{
	if (!t)
		return;
	pthread_mutex_lock(&t->mu);
	set_locked(t, id, deadline_ms);
	pthread_cond_signal(&t->cond);
	pthread_mutex_unlock(&t->mu);
}

void timer_game_changed(void *timer, const struct game *g, bool remote)
{
	(void)remote;
	timer_schedule(timer, g->row.id, g->row.status == STORE_PLAYING ? g->row.deadline_ms : 0);
}

int timer_count(struct timer *t)
{
	pthread_mutex_lock(&t->mu);
	int n = t->n;
	pthread_mutex_unlock(&t->mu);
	return n;
}

/* The thread: sleep until the earliest deadline has passed, then judge the games whose deadline has. */
static void *run(void *arg)
{
	struct timer *t = arg;
	pthread_mutex_lock(&t->mu);
	while (!t->stop) {
		int64_t next = 0;
		for (int i = 0; i < t->n; i++)
			if (!next || t->items[i].deadline < next)
				next = t->items[i].deadline;
		int64_t now = srv_now_ms();
		if (!next || next >= now) {
			if (!next) {
				pthread_cond_wait(&t->cond, &t->mu);
			} else {
				int64_t at = next + 1; /* flagged means now > deadline */
				struct timespec ts = {(time_t)(at / 1000), (long)(at % 1000) * 1000000L};
				pthread_cond_timedwait(&t->cond, &t->mu, &ts);
			}
			continue;
		}
		/* Take out every passed entry, then judge them without the lock. */
		int m = 0;
		struct item due[32];
		for (int i = 0; i < t->n && m < 32;)
			if (t->items[i].deadline < now) {
				due[m++] = t->items[i];
				t->items[i] = t->items[--t->n];
			} else {
				i++;
			}
		pthread_mutex_unlock(&t->mu);
		for (int i = 0; i < m; i++) {
			int64_t again = games_flag(t->srv, due[i].id);
			if (again > 0)
				timer_schedule(t, due[i].id, again);
		}
		pthread_mutex_lock(&t->mu);
	}
	pthread_mutex_unlock(&t->mu);
	return NULL;
}

/* Store callback at start-up: one game in play with a deadline. */
static void load_one(void *ctx, const char *id, int64_t deadline_ms)
{
	struct timer *t = ctx;
	set_locked(t, id, deadline_ms);
}

struct timer *timer_start(struct srv *s)
{
	struct timer *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	t->srv = s;
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->cond, NULL);
	pthread_mutex_lock(&t->mu);
	enum store_err e = store_game_deadlines(s->store, load_one, t);
	pthread_mutex_unlock(&t->mu);
	if (e || pthread_create(&t->thread, NULL, run, t)) {
		fprintf(stderr, "gyoku serve: the timer cannot start (%s)\n", e ? store_strerror(e) : "no thread");
		free(t->items);
		free(t);
		return NULL;
	}
	return t;
}

void timer_stop(struct timer *t)
{
	if (!t)
		return;
	pthread_mutex_lock(&t->mu);
	t->stop = true;
	pthread_cond_signal(&t->cond);
	pthread_mutex_unlock(&t->mu);
	pthread_join(t->thread, NULL);
	pthread_cond_destroy(&t->cond);
	pthread_mutex_destroy(&t->mu);
	free(t->items);
	free(t);
}
