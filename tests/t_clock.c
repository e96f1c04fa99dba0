/*
 * tests/t_clock.c: time controls and game clocks (include/gyoku/clock.h;
 * docs/rules.md "Time"), as data: tests/data/clock.txt (or the file given as
 * argument), one case a line, of three kinds:
 *
 *   id <TAB> tc <TAB> text <TAB> canonical text [<TAB> fields]
 *       the text parses; gy_tc_write gives the canonical text, which
 *       parses back equal; fields (main=T byo=T periods=N inc=T days=N
 *       vac=N auto=0|1) each match the parsed control
 *   id <TAB> err <TAB> text <TAB> ERRNAME <TAB> column
 *       the text fails with GY_ERR_ERRNAME at that 1-based column
 *   id <TAB> game <TAB> time control <TAB> steps
 *       a clock started at 0 with Black to move plays the steps in order
 *
 * A time T is a sum of terms joined by + or -, each a number with an
 * optional unit d, h, m or s (bare: milliseconds): "10m+30s+1", "3d-1".
 * Steps, separated by spaces:
 *
 *   white          (first step only) White moves first
 *   move@T         the side to move moves at T: GY_OK
 *   flag@T         the move at T fails with GY_ERR_FLAG, leaving the clock unchanged
 *   early@T        the move at T fails with GY_ERR_ARG (before the turn started),
 *                  leaving the clock unchanged
 *   spent=T        the last move took T
 *   deadline=T     gy_clock_deadline is T
 *   ok@T           not flagged at T; flagged@T: flagged at T
 *   b.main=T       Black's struct fields (w. for White): main=T periods=N
 *                  byo=0|1 vac=N auto=N
 *   left.b@T=T     gy_clock_remaining(Black, T)
 *   view.b@T=M,P,Q,Y,V  gy_clock_view(Black, T): main M, periods P,
 *                  period Q, byoyomi Y (0|1), vacation days V
 *   tomove.b@T=T   gy_clock_view(Black, T).move_ms (the time to move)
 *   onvac.b@T=T    gy_clock_view(Black, T).vacation_ms (a declared vacation left)
 *   vacation.b@T=N[:ERRNAME]  Black declares N vacation days at T: GY_OK,
 *                  or the error named
 *
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/clock.h"
#include "gyoku/types.h"

/* Parses a time expression; false when malformed. */
static bool parse_time(const char *s, size_t len, int64_t *out)
{
	int64_t total = 0;
	size_t i = 0;
	int sign = 1;
	if (len == 0)
		return false;
	while (i < len) {
		int64_t n = 0;
		int digits = 0;
		while (i < len && s[i] >= '0' && s[i] <= '9') {
			if (++digits > 12)
				return false;
			n = n * 10 + (s[i++] - '0');
		}
		if (!digits)
			return false;
		if (i < len && strchr("dhms", s[i])) {
			static const int64_t mult[] = {GY_DAY_MS, 3600000, 60000, 1000};
			n *= mult[strchr("dhms", s[i]) - "dhms"];
			i++;
		}
		total += sign * n;
		if (i == len)
			break;
		if (s[i] != '+' && s[i] != '-')
			return false;
		sign = s[i++] == '+' ? 1 : -1;
		if (i == len)
			return false;
	}
	*out = total;
	return true;
}

static bool time_str(const char *s, int64_t *out) { return parse_time(s, strlen(s), out); }

/* The failure of a case, or "" while it holds. */
struct why {
	char text[512];
};

static void why_set(struct why *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why_set(struct why *w, const char *fmt, ...)
{
	if (w->text[0])
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->text, sizeof w->text, fmt, ap);
	va_end(ap);
}

/* Checks one "key=value" field of a parsed time control. */
static void tc_field(const struct gy_time_control *tc, char *tok, struct why *w)
{
	char *eq = strchr(tok, '=');
	int64_t want, got;
	if (!eq || !time_str(eq + 1, &want)) {
		why_set(w, "bad field '%s'", tok);
		return;
	}
	*eq = '\0';
	if (!strcmp(tok, "main"))
		got = tc->main_ms;
	else if (!strcmp(tok, "byo"))
		got = tc->byoyomi_ms;
	else if (!strcmp(tok, "periods"))
		got = tc->periods;
	else if (!strcmp(tok, "inc"))
		got = tc->increment_ms;
	else if (!strcmp(tok, "days"))
		got = tc->days_per_move;
	else if (!strcmp(tok, "vac"))
		got = tc->vacation_days;
	else if (!strcmp(tok, "auto"))
		got = tc->auto_vacation;
	else {
		why_set(w, "unknown field '%s'", tok);
		return;
	}
	if (got != want)
		why_set(w, "%s is %lld, expected %lld", tok, (long long)got, (long long)want);
}

static void run_tc(struct check_tally *t, char **f, int nf)
{
	struct why w = {{0}};
	struct gy_time_control tc, back;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_tc_parse(&tc, f[2], strlen(f[2]), &where);
	if (err) {
		check_fail(t, f[0], "'%s' rejected: %s at column %d", f[2], datafile_err_name(err), where.col);
		return;
	}
	char text[GY_TC_TEXT_MAX];
	gy_tc_write(&tc, text);
	if (strcmp(text, f[3]))
		why_set(&w, "written '%s', expected '%s'", text, f[3]);
	err = gy_tc_parse(&back, text, strlen(text), NULL);
	if (err || memcmp(&back, &tc, sizeof tc))
		why_set(&w, "'%s' does not read back equal", text);
	if (nf > 4)
		for (char *tok = strtok(f[4], " "); tok; tok = strtok(NULL, " "))
			tc_field(&tc, tok, &w);
	CHECK(t, f[0], !w.text[0], "%s", w.text);
}

static void run_err(struct check_tally *t, char **f)
{
	struct gy_time_control tc;
	struct gy_srcpos where = {0, 0};
	int want = datafile_err_from_name(f[3], strlen(f[3]));
	long col = datafile_number(f[4]);
	if (want <= 0 || col < 1) {
		check_fail(t, f[0], "malformed case (want ERRNAME<TAB>column)");
		return;
	}
	enum gy_err err = gy_tc_parse(&tc, f[2], strlen(f[2]), &where);
	static const struct gy_time_control zero;
	CHECK(t, f[0], (int)err == want && where.col == col && where.line == 1 && !memcmp(&tc, &zero, sizeof tc),
	      "'%s' gives %s at %d:%d, expected %s at column %ld", f[2], datafile_err_name(err), where.line, where.col,
	      f[3], col);
}

/* Splits "name@T=value" / "name@T" / "name=value": false when malformed. */
static bool step_parts(char *tok, char **name, int64_t *at, bool *has_at, char **value)
{
	char *eq = strchr(tok, '=');
	char *atp = strchr(tok, '@');
	*value = NULL;
	*has_at = false;
	if (eq) {
		*eq = '\0';
		*value = eq + 1;
	}
	if (atp && (!eq || atp < eq)) {
		*atp = '\0';
		*has_at = true;
		if (!time_str(atp + 1, at))
			return false;
	}
	*name = tok;
	return true;
}

/* The side named "b" or "w"; -1 for anything else. */
static int side_named(const char *n)
{
	if (!strcmp(n, "b"))
		return GY_BLACK;
	return strcmp(n, "w") ? -1 : GY_WHITE;
}

/* Reads a side prefix "b." or "w." off `*name`; -1 when there is none. */
static int side_of(char **name)
{
	if (((*name)[0] == 'b' || (*name)[0] == 'w') && (*name)[1] == '.') {
		int side = (*name)[0] == 'b' ? GY_BLACK : GY_WHITE;
		*name += 2;
		return side;
	}
	return -1;
}

static void step_field(const struct gy_clock *c, int side, const char *name, const char *value, struct why *w)
{
	int64_t want, got;
	if (!value || !time_str(value, &want)) {
		why_set(w, "bad value for %s", name);
		return;
	}
	if (!strcmp(name, "main"))
		got = c->main_ms[side];
	else if (!strcmp(name, "periods"))
		got = c->periods[side];
	else if (!strcmp(name, "byo"))
		got = c->byoyomi[side];
	else if (!strcmp(name, "vac"))
		got = c->vacation_days[side];
	else if (!strcmp(name, "auto"))
		got = c->auto_days[side];
	else {
		why_set(w, "unknown step %s", name);
		return;
	}
	if (got != want)
		why_set(w, "%c.%s is %lld, expected %lld", side ? 'w' : 'b', name, (long long)got, (long long)want);
}

static void step_view(const struct gy_clock *c, int side, int64_t at, char *value, struct why *w)
{
	int64_t want[5];
	int n = 0;
	for (char *p = value; n < 5; n++) {
		char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (!parse_time(p, len, &want[n]))
			break;
		if (!comma) {
			n++;
			break;
		}
		p = comma + 1;
	}
	if (n != 5) {
		why_set(w, "bad view value");
		return;
	}
	struct gy_clock_view v;
	gy_clock_view(c, side, at, &v);
	if (v.main_ms != want[0] || v.periods != want[1] || v.period_ms != want[2] || v.byoyomi != (want[3] != 0) ||
	    v.vacation_days != want[4])
		why_set(w, "view at %lld is %lld,%d,%lld,%d,%d", (long long)at, (long long)v.main_ms, v.periods,
			(long long)v.period_ms, v.byoyomi, v.vacation_days);
}

/* Plays one step; records the first failure in `w`. */
static void step(struct gy_clock *c, char *tok, int64_t *spent, struct why *w)
{
	char *name, *value;
	int64_t at = 0, want;
	bool has_at;
	if (!step_parts(tok, &name, &at, &has_at, &value)) {
		why_set(w, "bad step '%s'", tok);
		return;
	}
	if (!strcmp(name, "move") && has_at) {
		enum gy_err err = gy_clock_move(c, at, spent);
		if (err)
			why_set(w, "move at %lld: %s", (long long)at, datafile_err_name(err));
	} else if (!strcmp(name, "flag") && has_at) {
		struct gy_clock before = *c;
		enum gy_err err = gy_clock_move(c, at, spent);
		if (err != GY_ERR_FLAG)
			why_set(w, "move at %lld: %s, expected FLAG", (long long)at, datafile_err_name(err));
		else if (memcmp(&before, c, sizeof before))
			why_set(w, "the flag at %lld changed the clock", (long long)at);
		else if (!gy_clock_flagged(c, at))
			why_set(w, "gy_clock_flagged is false at %lld", (long long)at);
	} else if (!strcmp(name, "early") && has_at) {
		struct gy_clock before = *c;
		enum gy_err err = gy_clock_move(c, at, spent);
		if (err != GY_ERR_ARG || memcmp(&before, c, sizeof before))
			why_set(w, "move at %lld: %s, expected ARG, the clock unchanged", (long long)at,
				datafile_err_name(err));
	} else if ((!strcmp(name, "ok") || !strcmp(name, "flagged")) && has_at) {
		bool want_flag = name[0] == 'f';
		if (gy_clock_flagged(c, at) != want_flag)
			why_set(w, "%s at %lld: gy_clock_flagged is %d", name, (long long)at, !want_flag);
	} else if (!strcmp(name, "spent") && value && time_str(value, &want)) {
		if (*spent != want)
			why_set(w, "spent %lld, expected %lld", (long long)*spent, (long long)want);
	} else if (!strcmp(name, "deadline") && value && time_str(value, &want)) {
		if (gy_clock_deadline(c) != want)
			why_set(w, "deadline %lld, expected %lld", (long long)gy_clock_deadline(c), (long long)want);
	} else if (!strncmp(name, "left.", 5) && has_at && value && time_str(value, &want)) {
		int side = side_named(name + 5);
		int64_t got = side < 0 ? -1 : gy_clock_remaining(c, side, at);
		if (side < 0 || got != want)
			why_set(w, "%s at %lld: %lld, expected %lld", name, (long long)at, (long long)got,
				(long long)want);
	} else if ((!strncmp(name, "tomove.", 7) || !strncmp(name, "onvac.", 6)) && has_at && value &&
		   time_str(value, &want)) {
		bool tomove = name[0] == 't';
		int side = side_named(strchr(name, '.') + 1);
		struct gy_clock_view v;
		if (side >= 0)
			gy_clock_view(c, side, at, &v);
		int64_t got = side < 0 ? -1 : tomove ? v.move_ms : v.vacation_ms;
		if (side < 0 || got != want)
			why_set(w, "%s at %lld: %lld, expected %lld", name, (long long)at, (long long)got,
				(long long)want);
	} else if (!strncmp(name, "view.", 5) && has_at && value) {
		int side = side_named(name + 5);
		if (side < 0)
			why_set(w, "bad step %s", name);
		else
			step_view(c, side, at, value, w);
	} else if (!strncmp(name, "vacation.", 9) && has_at && value) {
		int side = side_named(name + 9);
		char *colon = strchr(value, ':');
		int want_err = colon ? datafile_err_from_name(colon + 1, strlen(colon + 1)) : GY_OK;
		int64_t days;
		if (colon)
			*colon = '\0';
		if (side < 0 || want_err < 0 || !time_str(value, &days)) {
			why_set(w, "bad step %s", name);
			return;
		}
		struct gy_clock before = *c;
		enum gy_err err = gy_clock_vacation(c, side, (int)days, at);
		if ((int)err != want_err)
			why_set(w, "%s at %lld: %s, expected %s", name, (long long)at, datafile_err_name(err),
				datafile_err_name(want_err));
		else if (err && memcmp(&before, c, sizeof before))
			why_set(w, "the refused vacation changed the clock");
	} else {
		int side = side_of(&name);
		if (side < 0 || has_at)
			why_set(w, "bad step '%s'", tok);
		else
			step_field(c, side, name, value, w);
	}
}

static void run_game(struct check_tally *t, char **f)
{
	struct why w = {{0}};
	struct gy_time_control tc;
	struct gy_clock c;
	enum gy_err err = gy_tc_parse(&tc, f[2], strlen(f[2]), NULL);
	char *tok = strtok(f[3], " ");
	int first = GY_BLACK;
	if (tok && !strcmp(tok, "white")) {
		first = GY_WHITE;
		tok = strtok(NULL, " ");
	}
	if (!err)
		err = gy_clock_start(&c, &tc, first, 0);
	if (err) {
		check_fail(t, f[0], "time control '%s': %s", f[2], datafile_err_name(err));
		return;
	}
	int64_t spent = -1;
	for (; tok && !w.text[0]; tok = strtok(NULL, " "))
		step(&c, tok, &spent, &w);
	CHECK(t, f[0], !w.text[0], "%s", w.text);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	struct datafile_ids ids = {.n = 0};
	const char *path = argc > 1 ? argv[1] : "tests/data/clock.txt";
	if (!datafile_open(&d, path)) {
		check_fail(&t, "clock-0.0", "cannot open %s", path);
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		char lid[32];
		snprintf(lid, sizeof lid, "clock-line-%d", d.lineno);
		int nf = datafile_split(d.line, f);
		bool ok = nf >= 4 && datafile_id_ok(f[0]);
		if (ok && !datafile_id_new(&ids, f[0])) {
			check_fail(&t, lid, "case %s given twice", f[0]);
			continue;
		}
		if (ok && !strcmp(f[1], "tc") && nf <= 5)
			run_tc(&t, f, nf);
		else if (ok && !strcmp(f[1], "err") && nf == 5)
			run_err(&t, f);
		else if (ok && !strcmp(f[1], "game") && nf == 4)
			run_game(&t, f);
		else
			check_fail(&t, lid, "malformed line (want id<TAB>tc|err|game<TAB>...)");
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
	return check_exit(&t);
}
