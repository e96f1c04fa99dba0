/*
 * app/play_clock.c: the time source and the clock text of `gyoku play`.
 *
 * The clocks themselves are libgyoku's (clock.h): pure functions of time
 * stamps.  This file only says what "now" is: the monotonic clock, or with
 * --fake-clock a reading that the input script sets, so that a test of a
 * time forfeit needs no sleeping.
 */
#include <stdio.h>
#include <time.h>

#include "play_clock.h"

static int64_t monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void play_time_init(struct play_time *t, bool fake)
{
	t->fake = fake;
	t->fake_ms = 0;
	t->origin_ms = monotonic_ms();
}

int64_t play_time_now(const struct play_time *t) { return t->fake ? t->fake_ms : monotonic_ms() - t->origin_ms; }

void play_time_set(struct play_time *t, int64_t ms)
{
	if (t->fake && ms > t->fake_ms)
		t->fake_ms = ms;
}

/* "m:ss" (or "h:mm:ss"), rounding up so that 0:00 means the time is gone. */
static void duration_text(int64_t ms, char *buf, size_t size)
{
	int64_t s = ms <= 0 ? 0 : (ms + 999) / 1000;
	if (s >= 3600)
		snprintf(buf, size, "%lld:%02lld:%02lld", (long long)(s / 3600), (long long)(s / 60 % 60),
			 (long long)(s % 60));
	else
		snprintf(buf, size, "%lld:%02lld", (long long)(s / 60), (long long)(s % 60));
}

void play_clock_text(const struct gy_clock *c, int side, int64_t now, char *buf, size_t size)
{
	struct gy_clock_view v;
	gy_clock_view(c, side, now, &v);
	char main_text[24], periods[24] = "", inc[32] = "";
	duration_text(v.main_ms, main_text, sizeof main_text);
	if (c->tc.periods > 1)
		snprintf(periods, sizeof periods, " x%d", v.periods);
	if (c->tc.increment_ms)
		snprintf(inc, sizeof inc, " +%llds/move", (long long)(c->tc.increment_ms / 1000));
	if (v.byoyomi)
		snprintf(buf, size, "byoyomi %llds%s", (long long)((v.period_ms + 999) / 1000), periods);
	else if (c->tc.byoyomi_ms)
		snprintf(buf, size, "%s + %llds%s%s", main_text, (long long)(c->tc.byoyomi_ms / 1000), periods, inc);
	else
		snprintf(buf, size, "%s%s", main_text, inc);
}

bool play_clock_hurry(const struct gy_clock *c, int side, int64_t now)
{
	struct gy_clock_view v;
	gy_clock_view(c, side, now, &v);
	if (v.total_ms <= 0)
		return false;
	/* Main time running out into byoyomi is no hurry; the last seconds of a period or of sudden death are. */
	if (v.byoyomi)
		return v.period_ms <= 10 * 1000;
	return !c->tc.byoyomi_ms && v.main_ms <= 10 * 1000;
}
