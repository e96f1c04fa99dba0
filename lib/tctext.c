/*
 * lib/tctext.c: time controls in the syntaxes of the record formats'
 * headers (tctext.h).
 *
 * Invariants: every reader works on a copy of a bounded scanner (scan.h)
 * and gives a control only when gy_tc_check passes it; every writer fills
 * a buffer of GY__TC_TEXT_MAX bytes, NUL-terminated, and never writes
 * past it (the longest text here is far shorter).
 */
#include "tctext.h"

#include <stdio.h>
#include <string.h>

#include "scan.h"

/* The most digits of one number read here (a valid duration needs fewer). */
enum { DIGITS_MAX = 9 };

/* Sets `*tc` to the live control of these parts (zero: none); true when it is valid. */
static bool live(struct gy_time_control *tc, int64_t main_ms, int64_t byoyomi_ms, int64_t increment_ms)
{
	*tc = (struct gy_time_control){.main_ms = main_ms,
				       .byoyomi_ms = byoyomi_ms,
				       .periods = byoyomi_ms ? 1 : 0,
				       .increment_ms = increment_ms};
	return gy_tc_check(tc) == GY_OK;
}

/* Reads a number of seconds, with up to three decimals after an ASCII point ("12", "0.5"), as ms. */
static bool seconds(struct gy__scan *sc, bool wide, int64_t *ms)
{
	int64_t n, frac = 0;
	if (gy__scan_number(sc, DIGITS_MAX, wide, &n) <= 0)
		return false;
	if (gy__scan_accept(sc, ".")) {
		int digits = gy__scan_number(sc, 3, wide, &frac);
		if (digits <= 0)
			return false;
		for (; digits < 3; digits++)
			frac *= 10;
	}
	*ms = n * 1000 + frac;
	return true;
}

/* CSA2: "hh:mm+ss". */
static bool read_csa2(struct gy__scan sc, struct gy_time_control *tc)
{
	int64_t h, m, s;
	if (gy__scan_number(&sc, DIGITS_MAX, false, &h) <= 0 || !gy__scan_accept(&sc, ":") ||
	    gy__scan_number(&sc, DIGITS_MAX, false, &m) <= 0 || !gy__scan_accept(&sc, "+") ||
	    gy__scan_number(&sc, DIGITS_MAX, false, &s) <= 0 || gy__scan_more(&sc))
		return false;
	return live(tc, (h * 60 + m) * 60000, s * 1000, 0);
}

/* CSA3: "main+byoyomi+increment" in seconds. */
static bool read_csa3(struct gy__scan sc, struct gy_time_control *tc)
{
	int64_t main_ms, byoyomi_ms, increment_ms;
	if (!seconds(&sc, false, &main_ms) || !gy__scan_accept(&sc, "+") || !seconds(&sc, false, &byoyomi_ms) ||
	    !gy__scan_accept(&sc, "+") || !seconds(&sc, false, &increment_ms) || gy__scan_more(&sc))
		return false;
	return live(tc, main_ms, byoyomi_ms, increment_ms);
}

/*
 * A KIF duration at the cursor: number-unit groups with the units in
 * falling order (時間, 分, 秒; "1時間30分"), a fraction only on the
 * seconds.  False when there is no group or a number lacks its unit.
 */
static bool kif_duration(struct gy__scan *sc, int64_t *ms)
{
	static const char *const units[] = {"時間", "分", "秒"};
	static const int64_t unit_ms[] = {3600000, 60000, 1000};
	int next = 0, groups = 0;
	*ms = 0;
	for (struct gy__scan probe = *sc; next < 3 && gy__scan_digit(&probe, true) >= 0; probe = *sc) {
		int64_t n;
		if (!seconds(sc, true, &n))
			return false;
		int k = next;
		while (k < 3 && !gy__scan_accept(sc, units[k]))
			k++;
		if (k == 3 || (n % 1000 && k != 2))
			return false;
		*ms += n / 1000 * unit_ms[k] + n % 1000;
		next = k + 1;
		groups++;
	}
	return groups > 0;
}

/* KIF: ["各"] DURATION ["切れ負け" | "+" DURATION]. */
static bool read_kif(struct gy__scan sc, struct gy_time_control *tc)
{
	int64_t main_ms, byoyomi_ms = 0;
	gy__scan_accept(&sc, "各");
	gy__scan_skip_blanks(&sc);
	if (!kif_duration(&sc, &main_ms))
		return false;
	gy__scan_skip_blanks(&sc);
	if (gy__scan_accept(&sc, "+") || gy__scan_accept(&sc, "＋")) {
		gy__scan_skip_blanks(&sc);
		if (!kif_duration(&sc, &byoyomi_ms))
			return false;
	} else {
		gy__scan_accept(&sc, "切れ負け");
	}
	gy__scan_skip_blanks(&sc);
	return !gy__scan_more(&sc) && live(tc, main_ms, byoyomi_ms, 0);
}

/* The text at `s` as a scanner, its blanks around left out. */
static struct gy__scan trimmed(const char *s, size_t len)
{
	struct gy__scan sc = gy__scan_make(s, s ? len : 0);
	gy__scan_skip_blanks(&sc);
	gy__scan_trim_blanks(&sc);
	return sc;
}

enum gy__tc_syntax gy__tc_read(const char *s, size_t len, struct gy_time_control *tc)
{
	struct gy__scan sc = trimmed(s, len);
	if (read_csa2(sc, tc))
		return GY__TC_CSA2;
	if (read_csa3(sc, tc))
		return GY__TC_CSA3;
	if (read_kif(sc, tc))
		return GY__TC_KIF;
	if (gy__scan_more(&sc) && gy_tc_parse(tc, sc.s + sc.i, sc.len - sc.i, NULL) == GY_OK)
		return GY__TC_GYOKU;
	memset(tc, 0, sizeof *tc);
	return GY__TC_NONE;
}

bool gy__tc_read_kif_byoyomi(const char *s, size_t len, int64_t *ms)
{
	struct gy__scan sc = trimmed(s, len);
	return kif_duration(&sc, ms) && !gy__scan_more(&sc) && *ms > 0 && *ms <= GY_TC_MAX_MS;
}

/* Appends the string `s` at buf + *at, if it fits. */
static void put(char *buf, size_t *at, const char *s)
{
	size_t n = strlen(s);
	if (*at + n >= GY__TC_TEXT_MAX)
		return;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
}

/* Appends the decimal `n`. */
static void put_int(char *buf, size_t *at, int64_t n)
{
	char t[24];
	snprintf(t, sizeof t, "%lld", (long long)n);
	put(buf, at, t);
}

/* Appends `ms` as seconds with the decimals it needs ("12", "0.5", "1.25"). */
static void put_seconds(char *buf, size_t *at, int64_t ms)
{
	put_int(buf, at, ms / 1000);
	if (ms % 1000 == 0)
		return;
	char t[8];
	int frac = (int)(ms % 1000), digits = 3;
	for (; frac % 10 == 0; frac /= 10)
		digits--;
	snprintf(t, sizeof t, ".%0*d", digits, frac);
	put(buf, at, t);
}

/* True when `tc` is a valid live control with one byoyomi period at most. */
static bool live_one_period(const struct gy_time_control *tc)
{
	return gy_tc_check(tc) == GY_OK && !tc->days_per_move && tc->periods <= 1;
}

bool gy__tc_write_csa2(const struct gy_time_control *tc, char *buf)
{
	buf[0] = '\0';
	if (!live_one_period(tc) || tc->increment_ms || tc->main_ms % 60000 || tc->byoyomi_ms % 1000)
		return false;
	int64_t minutes = tc->main_ms / 60000;
	snprintf(buf, GY__TC_TEXT_MAX, "%02lld:%02lld+%02lld", (long long)(minutes / 60), (long long)(minutes % 60),
		 (long long)(tc->byoyomi_ms / 1000));
	return true;
}

bool gy__tc_write_csa3(const struct gy_time_control *tc, char *buf)
{
	size_t at = 0;
	buf[0] = '\0';
	if (!live_one_period(tc))
		return false;
	put_seconds(buf, &at, tc->main_ms);
	put(buf, &at, "+");
	put_seconds(buf, &at, tc->byoyomi_ms);
	put(buf, &at, "+");
	put_seconds(buf, &at, tc->increment_ms);
	return true;
}

/* Appends a whole number of seconds `ms` as a KIF duration: "1時間30分", "10分", "45秒", "0分". */
static void put_kif_duration(char *buf, size_t *at, int64_t ms)
{
	int64_t s = ms / 1000;
	if (s == 0)
		put(buf, at, "0分");
	if (s >= 3600) {
		put_int(buf, at, s / 3600);
		put(buf, at, "時間");
	}
	if (s % 3600 >= 60) {
		put_int(buf, at, s % 3600 / 60);
		put(buf, at, "分");
	}
	if (s % 60) {
		put_int(buf, at, s % 60);
		put(buf, at, "秒");
	}
}

void gy__tc_write_kif(const struct gy_time_control *tc, bool each, bool inline_byoyomi, char *main, char *byoyomi)
{
	size_t at = 0;
	main[0] = byoyomi[0] = '\0';
	if (!live_one_period(tc) || tc->increment_ms || tc->main_ms % 1000 || tc->byoyomi_ms % 1000) {
		char text[GY_TC_TEXT_MAX];
		if (!gy__tc_write_csa3(tc, main) && gy_tc_write(tc, text))
			put(main, &at, text);
		return;
	}
	/* Byoyomi alone: 81Dojo's "0分+30秒" (a 持ち時間 of 0 says no time alone). */
	if (!tc->main_ms)
		inline_byoyomi = true;
	else if (each)
		put(main, &at, "各");
	put_kif_duration(main, &at, tc->main_ms);
	if (!tc->byoyomi_ms)
		return;
	if (inline_byoyomi) {
		put(main, &at, "+");
		put_int(main, &at, tc->byoyomi_ms / 1000);
		put(main, &at, "秒");
	} else {
		snprintf(byoyomi, GY__TC_TEXT_MAX, "%lld秒", (long long)(tc->byoyomi_ms / 1000));
	}
}
