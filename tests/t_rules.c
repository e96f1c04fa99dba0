/*
 * tests/t_rules.c: the rules of move generation, as data (style.md rule
 * 13).  Reads tests/data/rules.txt (or the file given as argument), one
 * case a line:
 *
 *   id <TAB> SFEN <TAB> expectations
 *
 * The SFEN is read in strict mode, or in tsume mode when the id starts
 * with "tsume-".  Expectations, separated by spaces, all of which must hold:
 *
 *   count=N        gy_legal_count is N (and GY_GEN_LEGAL gives N moves)
 *   has=MOVE       the USI move parses (is legal) and is generated
 *   lacks=MOVE     the USI move does not parse and is not generated
 *   err=MOVE:NAME  the USI move fails with GY_ERR_NAME (err.h)
 *   check          the side to move is in check; nocheck: it is not
 *   mate1=MOVE     gy_mate1 returns exactly MOVE; mate1=none: no move
 *   gives=MOVE     the legal MOVE gives check (gy_pos_gives_check, and
 *                  the opponent is in check after it); nogives=MOVE: not
 *
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"

/* The failures of one case, joined with "; ". */
struct why {
	char text[2048];
	size_t n;
};

static void why_add(struct why *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why_add(struct why *w, const char *fmt, ...)
{
	if (w->n >= sizeof w->text - 1)
		return;
	if (w->n) {
		int k = snprintf(w->text + w->n, sizeof w->text - w->n, "; ");
		w->n = k < 0 ? w->n : w->n + (size_t)k;
		if (w->n >= sizeof w->text)
			w->n = sizeof w->text - 1;
	}
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(w->text + w->n, sizeof w->text - w->n, fmt, ap);
	va_end(ap);
	w->n = k < 0 ? w->n : w->n + (size_t)k;
	if (w->n >= sizeof w->text)
		w->n = sizeof w->text - 1;
}

/* True when the USI text `usi` names one of the moves of `list`. */
static bool listed(const struct gy_movelist *list, const char *usi)
{
	char buf[GY_USI_MOVE_MAX];
	for (int i = 0; i < list->n; i++) {
		gy_usi_write_move(list->moves[i], buf);
		if (!strcmp(buf, usi))
			return true;
	}
	return false;
}

/* Parses `usi` in `p`; the error (and its name) is the result. */
static enum gy_err parse_move(const struct gy_pos *p, const char *usi, gy_move *m)
{
	*m = GY_MOVE_NONE;
	return gy_usi_parse_move(p, usi, strlen(usi), m, NULL);
}

/* True when the side to move in `p` is checkmated. */
static bool is_mate(const struct gy_pos *p) { return gy_pos_in_check(p) && !gy_has_legal_move(p); }

static void expect_count(const struct gy_pos *p, const struct gy_movelist *legal, const char *arg, struct why *w,
			 bool *malformed)
{
	long want = datafile_number(arg);
	if (want < 0) {
		*malformed = true;
		why_add(w, "bad count '%s'", arg);
		return;
	}
	int got = gy_legal_count(p);
	if (got != want)
		why_add(w, "count %d, expected %ld", got, want);
	else if (legal->n != want)
		why_add(w, "gy_legal_count %d but GY_GEN_LEGAL gives %d", got, legal->n);
	if (gy_has_legal_move(p) != (want > 0))
		why_add(w, "gy_has_legal_move disagrees with count %ld", want);
}

static void expect_has(const struct gy_pos *p, const struct gy_movelist *legal, const char *usi, struct why *w)
{
	gy_move m;
	enum gy_err err = parse_move(p, usi, &m);
	char back[GY_USI_MOVE_MAX];
	if (err) {
		why_add(w, "%s rejected: %s (%s)", usi, datafile_err_name(err), gy_strerror(err));
		return;
	}
	gy_usi_write_move(m, back);
	if (strcmp(back, usi))
		why_add(w, "%s parses to a move written %s", usi, back);
	if (!listed(legal, usi))
		why_add(w, "%s parses but is not generated", usi);
}

static void expect_lacks(const struct gy_pos *p, const struct gy_movelist *legal, const char *usi, int want,
			 struct why *w)
{
	gy_move m;
	enum gy_err err = parse_move(p, usi, &m);
	if (!err)
		why_add(w, "%s accepted, expected %s", usi, want < 0 ? "an error" : datafile_err_name(want));
	else if (want >= 0 && (int)err != want)
		why_add(w, "%s rejected with %s (%s), expected %s", usi, datafile_err_name(err), gy_strerror(err),
			datafile_err_name(want));
	if (listed(legal, usi))
		why_add(w, "%s is generated", usi);
}

static void expect_mate1(const struct gy_pos *p, const char *arg, struct why *w)
{
	gy_move m = gy_mate1(p);
	char got[GY_USI_MOVE_MAX] = "none";
	if (m != GY_MOVE_NONE)
		gy_usi_write_move(m, got);
	if (strcmp(got, arg)) {
		why_add(w, "gy_mate1 gives %s, expected %s", got, arg);
		return;
	}
	if (m == GY_MOVE_NONE)
		return;
	struct gy_pos after = *p;
	struct gy_undo u;
	if (!gy_move_is_legal(p, m)) {
		why_add(w, "gy_mate1's %s is not legal", got);
		return;
	}
	gy_pos_do(&after, m, &u);
	if (!is_mate(&after))
		why_add(w, "gy_mate1's %s does not mate", got);
}

static void expect_gives(const struct gy_pos *p, const char *usi, bool want, struct why *w)
{
	gy_move m;
	enum gy_err err = parse_move(p, usi, &m);
	if (err) {
		why_add(w, "%s rejected: %s (%s)", usi, datafile_err_name(err), gy_strerror(err));
		return;
	}
	if (gy_pos_gives_check(p, m) != want)
		why_add(w, "gy_pos_gives_check(%s) is %s", usi, want ? "false" : "true");
	struct gy_pos after = *p;
	struct gy_undo u;
	gy_pos_do(&after, m, &u);
	if (gy_pos_in_check(&after) != want)
		why_add(w, "after %s the opponent is %sin check", usi, want ? "not " : "");
}

/* Checks one expectation token; sets *malformed when it cannot be read. */
static void expect(const struct gy_pos *p, const struct gy_movelist *legal, char *tok, struct why *w, bool *malformed)
{
	char *eq = strchr(tok, '=');
	const char *arg = eq ? eq + 1 : "";
	if (eq)
		*eq = '\0';
	if (!eq && !strcmp(tok, "check")) {
		if (!gy_pos_in_check(p))
			why_add(w, "not in check");
	} else if (!eq && !strcmp(tok, "nocheck")) {
		if (gy_pos_in_check(p))
			why_add(w, "in check");
	} else if (eq && *arg && !strcmp(tok, "count")) {
		expect_count(p, legal, arg, w, malformed);
	} else if (eq && *arg && !strcmp(tok, "has")) {
		expect_has(p, legal, arg, w);
	} else if (eq && *arg && !strcmp(tok, "lacks")) {
		expect_lacks(p, legal, arg, -1, w);
	} else if (eq && *arg && !strcmp(tok, "err")) {
		const char *colon = strrchr(arg, ':');
		int want = colon ? datafile_err_from_name(colon + 1, strlen(colon + 1)) : -1;
		if (want <= 0 || colon == arg) {
			*malformed = true;
			why_add(w, "bad err=%s (want MOVE:ERRNAME)", arg);
			return;
		}
		char usi[32];
		size_t len = (size_t)(colon - arg);
		if (len >= sizeof usi)
			len = sizeof usi - 1;
		memcpy(usi, arg, len);
		usi[len] = '\0';
		expect_lacks(p, legal, usi, want, w);
	} else if (eq && *arg && !strcmp(tok, "mate1")) {
		expect_mate1(p, arg, w);
	} else if (eq && *arg && !strcmp(tok, "gives")) {
		expect_gives(p, arg, true, w);
	} else if (eq && *arg && !strcmp(tok, "nogives")) {
		expect_gives(p, arg, false, w);
	} else {
		*malformed = true;
		why_add(w, "unknown expectation '%s%s%s'", tok, eq ? "=" : "", arg);
	}
}

/* Runs the case on the current line of `d`. */
static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48];
	snprintf(lid, sizeof lid, "rules-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 3 || !datafile_id_ok(f[0]) || !*f[1] || !*f[2]) {
		check_fail(t, lid, "%s:%d: malformed line (want id<TAB>SFEN<TAB>expectations)", d->path, d->lineno);
		return;
	}
	const char *id = f[0];
	if (!datafile_id_new(ids, id)) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
		return;
	}

	enum gy_sfen_mode mode = !strncmp(id, "tsume-", 6)     ? GY_SFEN_TSUME
				 : !strncmp(id, "problem-", 8) ? GY_SFEN_PROBLEM
							       : GY_SFEN_STRICT;
	struct gy_pos pos;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pos, f[1], strlen(f[1]), mode, &where);
	if (err) {
		check_fail(t, id, "SFEN rejected: %s (%s) at column %d", datafile_err_name(err), gy_strerror(err),
			   where.col);
		return;
	}
	static struct gy_movelist legal;
	legal.n = 0;
	gy_gen(&pos, GY_GEN_LEGAL, &legal);

	struct why w = {{0}, 0};
	bool malformed = false;
	int tokens = 0;
	for (char *s = f[2];;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		char *end = s + strcspn(s, " ");
		bool last = *end == '\0';
		*end = '\0';
		expect(&pos, &legal, s, &w, &malformed);
		tokens++;
		if (last)
			break;
		s = end + 1;
	}
	if (!tokens) {
		malformed = true;
		why_add(&w, "no expectations");
	}
	if (malformed)
		check_fail(t, id, "%s:%d: malformed expectations: %s", d->path, d->lineno, w.text);
	else
		CHECK(t, id, w.n == 0, "%s [%s]", w.text, f[1]);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/rules.txt";
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, path, "rules", run_case);
	return check_exit(&t);
}
