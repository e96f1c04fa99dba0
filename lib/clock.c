/*
 * lib/clock.c: time controls (text form and checks) and the game clock.
 *
 * Invariants of a started struct gy_clock:
 * - c->tc passed gy_tc_check;
 * - a live clock: 0 <= main_ms, 0 <= periods <= tc.periods, byoyomi[s]
 *   exactly when tc has byoyomi and main_ms[s] is 0;
 * - a correspondence clock: main_ms and periods are 0;
 * - vacation_from[s] <= vacation_until[s], and turn_start_ms never
 *   passes a time stamp the caller has given.
 * The side to move has flagged exactly when the time charged to its turn
 * (elapsed) exceeds its allowance (allowance); gy_clock_deadline is the
 * last `now` for which it does not.
 */
#include "gyoku/clock.h"

#include <string.h>

#include "gyoku/types.h"
#include "scan.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* True when `ms` is a duration in 0..GY_TC_MAX_MS. */
static bool duration_ok(int64_t ms) { return ms >= 0 && ms <= GY_TC_MAX_MS; }

enum gy_err gy_tc_check(const struct gy_time_control *tc)
{
	if (tc->days_per_move) {
		if (tc->days_per_move < 1 || tc->days_per_move > GY_TC_DAYS_MAX || tc->vacation_days < 0 ||
		    tc->vacation_days > GY_TC_VACATION_MAX || tc->main_ms || tc->byoyomi_ms || tc->periods ||
		    tc->increment_ms)
			return GY_ERR_TC_RANGE;
		return GY_OK;
	}
	if (!duration_ok(tc->main_ms) || !duration_ok(tc->byoyomi_ms) || !duration_ok(tc->increment_ms) ||
	    tc->vacation_days || tc->auto_vacation)
		return GY_ERR_TC_RANGE;
	if (tc->byoyomi_ms ? tc->periods < 1 || tc->periods > GY_TC_PERIODS_MAX : tc->periods != 0)
		return GY_ERR_TC_RANGE;
	if (!tc->main_ms && !tc->byoyomi_ms)
		return GY_ERR_TC_NO_TIME;
	return GY_OK;
}

/* The time-control text being read (scan.h), and the offset of the error found in it. */
struct tc_text {
	struct gy__scan sc;
	size_t err_at;
};

static enum gy_err fail(struct tc_text *t, size_t at, enum gy_err err)
{
	t->err_at = at;
	return err;
}

/* Reads a number of at most 9 digits into *n. */
static enum gy_err number(struct tc_text *t, int64_t *n)
{
	size_t start = t->sc.i;
	int digits = gy__scan_number(&t->sc, 9, false, n);
	if (digits == 0)
		return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
	if (digits < 0)
		return fail(t, start, GY_ERR_TC_RANGE);
	return GY_OK;
}

/* Reads a fraction of a second after the '.' at the cursor: 1 to 3 digits, as milliseconds. */
static enum gy_err fraction(struct tc_text *t, int64_t *ms)
{
	gy__scan_skip(&t->sc, 1);
	int digits = gy__scan_number(&t->sc, 3, false, ms);
	if (digits == 0)
		return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
	if (digits < 0)
		return fail(t, t->sc.i, GY_ERR_TC_RANGE);
	for (; digits < 3; digits++)
		*ms *= 10;
	return GY_OK;
}

/*
 * Reads a duration: a bare number of seconds, or number-unit groups with
 * units in falling order (h, m, s).  The seconds (bare or the 's' group)
 * may have a fraction of up to three digits ("0.1", "1m2.5s").  Checks
 * the range of the whole.
 */
static enum gy_err duration(struct tc_text *t, int64_t *ms)
{
	static const char units[] = "hms";
	static const int64_t unit_ms[] = {3600000, 60000, 1000};
	size_t start = t->sc.i;
	int next_unit = 0; /* the first unit still allowed */
	*ms = 0;
	for (int group = 0;; group++) {
		int64_t n, frac = 0;
		enum gy_err err = number(t, &n);
		if (err)
			return err;
		if (gy__scan_peek(&t->sc) == '.' && (err = fraction(t, &frac)))
			return err;
		int ch = gy__scan_peek(&t->sc);
		if (!gy__scan_in(ch, units)) {
			if (group > 0)
				return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
			*ms = n * 1000 + frac; /* a bare number: seconds */
			break;
		}
		int k = (int)(strchr(units, ch) - units);
		if (k < next_unit || (frac && ch != 's'))
			return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
		next_unit = k + 1;
		*ms += n * unit_ms[k] + frac;
		gy__scan_skip(&t->sc, 1);
		if (!gy__scan_is_digit(gy__scan_peek(&t->sc)))
			break;
	}
	if (*ms > GY_TC_MAX_MS)
		return fail(t, start, GY_ERR_TC_RANGE);
	return GY_OK;
}

/* Correspondence: DAYS 'd' ['/v' VACATION] ['/auto'], the cursor at the start. */
static enum gy_err parse_days(struct tc_text *t, struct gy_time_control *tc)
{
	int64_t n;
	enum gy_err err = number(t, &n);
	if (err)
		return err;
	if (n < 1 || n > GY_TC_DAYS_MAX)
		return fail(t, 0, GY_ERR_TC_RANGE);
	tc->days_per_move = (int)n;
	gy__scan_skip(&t->sc, 1); /* the 'd' */
	if (gy__scan_accept(&t->sc, "/v")) {
		size_t at = t->sc.i;
		if ((err = number(t, &n)))
			return err;
		if (n > GY_TC_VACATION_MAX)
			return fail(t, at, GY_ERR_TC_RANGE);
		tc->vacation_days = (int)n;
	}
	if (gy__scan_accept(&t->sc, "/auto"))
		tc->auto_vacation = true;
	if (gy__scan_more(&t->sc))
		return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
	return GY_OK;
}

/* Live: MAIN then '+' terms, each a byoyomi (with periods) or an increment. */
static enum gy_err parse_live(struct tc_text *t, struct gy_time_control *tc)
{
	enum gy_err err = duration(t, &tc->main_ms);
	if (err)
		return err;
	while (gy__scan_more(&t->sc)) {
		if (!gy__scan_accept(&t->sc, "+"))
			return fail(t, t->sc.i, GY_ERR_TC_SYNTAX);
		size_t at = t->sc.i;
		int64_t ms;
		if ((err = duration(t, &ms)))
			return err;
		if (gy__scan_accept(&t->sc, "i")) {
			if (tc->increment_ms)
				return fail(t, at, GY_ERR_TC_TWICE);
			if (ms == 0)
				return fail(t, at, GY_ERR_TC_RANGE);
			tc->increment_ms = ms;
			continue;
		}
		if (tc->byoyomi_ms)
			return fail(t, at, GY_ERR_TC_TWICE);
		if (ms == 0)
			return fail(t, at, GY_ERR_TC_RANGE);
		tc->byoyomi_ms = ms;
		tc->periods = 1;
		if (gy__scan_accept(&t->sc, "*")) {
			size_t pat = t->sc.i;
			int64_t n;
			if ((err = number(t, &n)))
				return err;
			if (n < 1 || n > GY_TC_PERIODS_MAX)
				return fail(t, pat, GY_ERR_TC_RANGE);
			tc->periods = (int)n;
		}
	}
	if (!tc->main_ms && !tc->byoyomi_ms)
		return fail(t, 0, GY_ERR_TC_NO_TIME);
	return GY_OK;
}

enum gy_err gy_tc_parse(struct gy_time_control *tc, const char *s, size_t len, struct gy_srcpos *where)
{
	struct tc_text t = {gy__scan_make(s, len), 0};
	memset(tc, 0, sizeof *tc);
	/* Step 1. Correspondence when the first number is followed by 'd'. */
	struct gy__scan probe = t.sc;
	gy__scan_skip_set(&probe, "0123456789");
	bool days = probe.i > 0 && gy__scan_peek(&probe) == 'd';
	enum gy_err err = days ? parse_days(&t, tc) : parse_live(&t, tc);
	/* Step 2. Report the column. */
	if (err) {
		memset(tc, 0, sizeof *tc);
		if (where)
			*where = gy__scan_byte_pos_at(&t.sc, t.err_at);
	}
	return err;
}

/* Appends the decimal `n` (>= 0) at buf + *at. */
static void put_number(char *buf, size_t *at, int64_t n)
{
	char digits[20];
	int k = 0;
	do {
		digits[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0);
	while (k > 0)
		buf[(*at)++] = digits[--k];
}

static void put_char(char *buf, size_t *at, char ch) { buf[(*at)++] = ch; }

/* Appends the seconds `s` and the milliseconds `frac` as "12" or "12.5" (no trailing zeros). */
static void put_seconds(char *buf, size_t *at, int64_t s, int64_t frac)
{
	put_number(buf, at, s);
	if (!frac)
		return;
	put_char(buf, at, '.');
	for (int64_t scale = 100; frac; scale /= 10) {
		put_char(buf, at, (char)('0' + frac / scale));
		frac %= scale;
	}
}

/* Appends a duration in h/m/s groups ("0" when zero), the seconds with their fraction. */
static void put_duration(char *buf, size_t *at, int64_t ms)
{
	int64_t s = ms / 1000, frac = ms % 1000;
	if (ms == 0) {
		put_char(buf, at, '0');
		return;
	}
	if (s >= 3600) {
		put_number(buf, at, s / 3600);
		put_char(buf, at, 'h');
	}
	if (s % 3600 >= 60) {
		put_number(buf, at, s % 3600 / 60);
		put_char(buf, at, 'm');
	}
	if (s % 60 || frac) {
		put_seconds(buf, at, s % 60, frac);
		put_char(buf, at, 's');
	}
}

size_t gy_tc_write(const struct gy_time_control *tc, char *buf)
{
	size_t at = 0;
	buf[0] = '\0';
	if (gy_tc_check(tc) != GY_OK)
		return 0;
	if (tc->days_per_move) {
		put_number(buf, &at, tc->days_per_move);
		put_char(buf, &at, 'd');
		if (tc->vacation_days || tc->auto_vacation) {
			put_char(buf, &at, '/');
			put_char(buf, &at, 'v');
			put_number(buf, &at, tc->vacation_days);
		}
		if (tc->auto_vacation) {
			memcpy(buf + at, "/auto", 5);
			at += 5;
		}
	} else {
		put_duration(buf, &at, tc->main_ms);
		if (tc->byoyomi_ms) {
			put_char(buf, &at, '+');
			put_duration(buf, &at, tc->byoyomi_ms);
			if (tc->periods > 1) {
				put_char(buf, &at, '*');
				put_number(buf, &at, tc->periods);
			}
		}
		if (tc->increment_ms) {
			put_char(buf, &at, '+');
			put_seconds(buf, &at, tc->increment_ms / 1000, tc->increment_ms % 1000);
			put_char(buf, &at, 'i');
		}
	}
	buf[at] = '\0';
	return at;
}

enum gy_err gy_clock_start(struct gy_clock *c, const struct gy_time_control *tc, int side, int64_t now)
{
	enum gy_err err = gy_tc_check(tc);
	if (err)
		return err;
	if (side != GY_BLACK && side != GY_WHITE)
		return GY_ERR_ARG;
	memset(c, 0, sizeof *c);
	c->tc = *tc;
	for (int s = 0; s < GY_COLOR_NB; s++) {
		c->main_ms[s] = tc->main_ms;
		c->periods[s] = tc->periods;
		c->byoyomi[s] = tc->byoyomi_ms && !tc->main_ms;
		c->vacation_days[s] = tc->vacation_days;
		c->vacation_from[s] = c->vacation_until[s] = now;
	}
	c->side = side;
	c->turn_start_ms = now;
	return GY_OK;
}

/* The part of `side`'s declared vacation inside [from, to). */
static int64_t vacation_overlap(const struct gy_clock *c, int side, int64_t from, int64_t to)
{
	int64_t a = max64(c->vacation_from[side], from), b = min64(c->vacation_until[side], to);
	return b > a ? b - a : 0;
}

/* The time charged to the side to move at `now`: the turn so far, less its vacation. */
static int64_t elapsed(const struct gy_clock *c, int64_t now)
{
	return now - c->turn_start_ms - vacation_overlap(c, c->side, c->turn_start_ms, now);
}

/* The time `side` may use in a turn before vacation days (live: main + periods). */
static int64_t allowance(const struct gy_clock *c, int side)
{
	if (c->tc.days_per_move)
		return (int64_t)c->tc.days_per_move * GY_DAY_MS;
	return c->main_ms[side] + (int64_t)c->periods[side] * c->tc.byoyomi_ms;
}

/* The allowance with the automatic vacation days left. */
static int64_t allowance_auto(const struct gy_clock *c, int side)
{
	int64_t a = allowance(c, side);
	if (c->tc.days_per_move && c->tc.auto_vacation)
		a += (int64_t)c->vacation_days[side] * GY_DAY_MS;
	return a;
}

int64_t gy_clock_deadline(const struct gy_clock *c)
{
	int s = c->side;
	int64_t d = c->turn_start_ms + allowance_auto(c, s);
	int64_t a = max64(c->vacation_from[s], c->turn_start_ms);
	if (c->vacation_until[s] > a && a <= d)
		d += c->vacation_until[s] - a;
	return d;
}

bool gy_clock_flagged(const struct gy_clock *c, int64_t now) { return now > gy_clock_deadline(c); }

enum gy_err gy_clock_pass(struct gy_clock *c, int64_t now)
{
	if (now < c->turn_start_ms)
		return GY_ERR_ARG;
	c->side ^= 1;
	c->turn_start_ms = now;
	return GY_OK;
}

enum gy_err gy_clock_move(struct gy_clock *c, int64_t now, int64_t *spent)
{
	if (now < c->turn_start_ms)
		return GY_ERR_ARG;
	if (gy_clock_flagged(c, now))
		return GY_ERR_FLAG;
	int s = c->side;
	int64_t e = elapsed(c, now);
	if (c->tc.days_per_move) {
		/* Correspondence: whole vacation days cover an overrun (automatic only, by the deadline). */
		int64_t over = e - allowance(c, s);
		if (over > 0) {
			int days = (int)((over + GY_DAY_MS - 1) / GY_DAY_MS);
			c->vacation_days[s] -= days;
			c->auto_days[s] += days;
		}
		if (c->vacation_until[s] > now) {
			/* Back early: the whole days not begun go back to the allowance. */
			int unused = (int)((c->vacation_until[s] - now) / GY_DAY_MS);
			c->vacation_days[s] += unused;
			c->vacation_until[s] = now;
		}
	} else if (!c->byoyomi[s] && e <= c->main_ms[s]) {
		/* Within main time (ending inclusive): the increment is earned. */
		c->main_ms[s] += c->tc.increment_ms - e;
		c->byoyomi[s] = c->tc.byoyomi_ms && !c->main_ms[s];
	} else {
		/* Into byoyomi: each whole period overrun costs one. */
		int64_t over = e - c->main_ms[s];
		c->main_ms[s] = 0;
		c->byoyomi[s] = true;
		if (over > 0)
			c->periods[s] -= (int)((over - 1) / c->tc.byoyomi_ms);
	}
	if (spent)
		*spent = e;
	c->side ^= 1;
	c->turn_start_ms = now;
	return GY_OK;
}

void gy_clock_view(const struct gy_clock *c, int side, int64_t now, struct gy_clock_view *v)
{
	v->main_ms = c->main_ms[side];
	v->periods = c->periods[side];
	v->period_ms = c->tc.byoyomi_ms;
	v->byoyomi = c->byoyomi[side];
	v->vacation_days = c->vacation_days[side];
	v->vacation_ms =
		c->vacation_until[side] > now ? c->vacation_until[side] - max64(now, c->vacation_from[side]) : 0;
	if (side != c->side || now < c->turn_start_ms) {
		v->total_ms = allowance_auto(c, side);
		v->move_ms = allowance(c, side);
		return;
	}
	int64_t d = gy_clock_deadline(c);
	v->total_ms = now > d ? 0 : d - now;
	int64_t e = min64(elapsed(c, now), allowance_auto(c, side));
	if (c->tc.days_per_move) {
		int64_t over = e - allowance(c, side);
		if (over > 0)
			v->vacation_days -= (int)((over + GY_DAY_MS - 1) / GY_DAY_MS);
	} else if (!c->byoyomi[side] && e <= c->main_ms[side]) {
		v->main_ms -= e;
	} else if (c->tc.byoyomi_ms) {
		int64_t over = e - c->main_ms[side];
		int lost = over > 0 ? (int)((over - 1) / c->tc.byoyomi_ms) : 0;
		v->main_ms = 0;
		v->byoyomi = true;
		v->periods -= lost;
		v->period_ms = over > 0 ? (int64_t)(lost + 1) * c->tc.byoyomi_ms - over : c->tc.byoyomi_ms;
	} else {
		v->main_ms = 0;
	}
	v->move_ms = v->total_ms;
	if (c->tc.days_per_move) {
		v->move_ms -= v->vacation_ms;
		if (c->tc.auto_vacation)
			v->move_ms -= (int64_t)v->vacation_days * GY_DAY_MS;
		v->move_ms = max64(0, v->move_ms);
	}
}

int64_t gy_clock_remaining(const struct gy_clock *c, int side, int64_t now)
{
	struct gy_clock_view v;
	gy_clock_view(c, side, now, &v);
	return v.total_ms;
}

enum gy_err gy_clock_vacation(struct gy_clock *c, int side, int days, int64_t now)
{
	if (!c->tc.days_per_move || (side != GY_BLACK && side != GY_WHITE) || days < 1 || now < c->turn_start_ms)
		return GY_ERR_ARG;
	if (days > c->vacation_days[side])
		return GY_ERR_CLOCK_VACATION;
	if (side == c->side && gy_clock_flagged(c, now))
		return GY_ERR_FLAG;
	if (c->vacation_until[side] > now) {
		c->vacation_until[side] += (int64_t)days * GY_DAY_MS;
	} else {
		/* A vacation over already: fold its part of the running turn into the turn start. */
		if (side == c->side)
			c->turn_start_ms += vacation_overlap(c, side, c->turn_start_ms, now);
		c->vacation_from[side] = now;
		c->vacation_until[side] = now + (int64_t)days * GY_DAY_MS;
	}
	c->vacation_days[side] -= days;
	return GY_OK;
}
