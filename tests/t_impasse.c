/*
 * tests/t_impasse.c: the impasse rules, as data (style.md rule 13).
 * Reads tests/data/impasse.txt (or the file given as argument), one case
 * a line:
 *
 *   id <TAB> SFEN <TAB> RULE <TAB> expectations
 *
 * The SFEN is read in strict mode.  RULE is jsa24, csa27 or agree24 (a
 * declaration by the side to move, gy_impasse_declare) or try.  For the
 * three rules the expectations, separated by spaces, are settings and
 * checks, all of which must hold:
 *
 *   handicap=ID     count the removed pieces of preset ID for Gote
 *   extra=b:HAND    count HAND (SFEN hand letters, upper case) for a colour
 *   verdict=win|draw|loss   failed=ok|king|pieces|check|points
 *   points=N  opp=N  zone=N   the declarer's points, the opponent's, and
 *                   the declarer's pieces in its zone
 *
 * For try: yes=MOVE (a USI move that is a try) and no=MOVE (one that is
 * not, legal or not; "none" is GY_MOVE_NONE).
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/handicap.h"
#include "gyoku/impasse.h"

static const char *const verdicts[] = {"loss", "draw", "win"};
static const char *const failures[] = {"ok", "king", "pieces", "check", "points", "nodecl"};

/* The index of `s` in `names` (of `n`), -1 when absent. */
static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

/* Parses the upper-case SFEN hand `s` into `*h`; false when malformed. */
static bool parse_hand(const char *s, gy_hand *h)
{
	char text[96];
	struct gy_pos p;
	if (strlen(s) > 40)
		return false;
	snprintf(text, sizeof text, "4k4/9/9/9/9/9/9/9/4K4 b %s 1", s);
	if (gy_sfen_parse(&p, text, strlen(text), GY_SFEN_STRICT, NULL) != GY_OK)
		return false;
	*h = p.hand[GY_BLACK];
	return true;
}

/* Checks one try expectation ("yes=MOVE" or "no=MOVE"); appends to `why`. */
static bool try_one(const struct gy_pos *p, const char *tok, char *why, size_t size)
{
	bool want = !strncmp(tok, "yes=", 4);
	if (!want && strncmp(tok, "no=", 3))
		return false;
	const char *usi = strchr(tok, '=') + 1;
	gy_move m = GY_MOVE_NONE;
	if (strcmp(usi, "none") && gy_usi_parse_move(p, usi, strlen(usi), &m, NULL) != GY_OK) {
		/* An illegal move: build it by hand so that is_try sees it. */
		if (strlen(usi) != 4)
			return false;
		gy_sq from = gy_make_sq(usi[0] - '0', usi[1] - 'a' + 1),
		      to = gy_make_sq(usi[2] - '0', usi[3] - 'a' + 1);
		m = gy_make_move(from, to, gy_piece_type(p->board[from]), gy_piece_type(p->board[to]), false);
	}
	if (gy_impasse_is_try(p, m) != want) {
		size_t n = strlen(why);
		snprintf(why + n, size - n, "%s%s is %sa try", n ? "; " : "", usi, want ? "not " : "");
	}
	return true;
}

/* Runs the case on the current line of `d`. */
static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[48], why[512] = "";
	snprintf(lid, sizeof lid, "impasse-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 4 || !datafile_id_ok(f[0]) || !*f[1] || !*f[3]) {
		check_fail(t, lid, "%s:%d: malformed line (want id<TAB>SFEN<TAB>rule<TAB>expectations)", d->path,
			   d->lineno);
		return;
	}
	const char *id = f[0];
	if (!datafile_id_new(ids, id)) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
		return;
	}
	struct gy_pos pos;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pos, f[1], strlen(f[1]), GY_SFEN_STRICT, &where);
	if (err) {
		check_fail(t, id, "SFEN rejected: %s at column %d", gy_strerror(err), where.col);
		return;
	}
	/* The rule column: an enum gy_impasse_rule by its short name ("24", "27", "none"), "agree24", or "try". */
	static const char *const rules[] = {"none", "jsa24", "csa27", "try", "agree24"};
	int rule = lookup(rules, 5, f[2]);
	if (rule < 0) {
		check_fail(t, id, "unknown rule %s", f[2]);
		return;
	}

	/* Step 1. Settings, then the declaration. */
	gy_hand extra[GY_COLOR_NB] = {0, 0};
	char *toks[32];
	int n = 0;
	for (char *s = strtok(f[3], " "); s && n < 32; s = strtok(NULL, " "))
		toks[n++] = s;
	bool malformed = false;
	for (int i = 0; i < n; i++) {
		if (!strncmp(toks[i], "handicap=", 9)) {
			const struct gy_handicap *h = gy_handicap_by_id(toks[i] + 9, strlen(toks[i] + 9));
			malformed |= !h;
			if (h)
				extra[GY_WHITE] += gy_handicap_removed_hand(h);
		} else if (!strncmp(toks[i], "extra=", 6)) {
			gy_hand h = 0;
			int c = toks[i][6] == 'w' ? GY_WHITE : GY_BLACK;
			malformed |= (toks[i][6] != 'b' && toks[i][6] != 'w') || toks[i][7] != ':' ||
				     !parse_hand(toks[i] + 8, &h);
			extra[c] += h;
		}
	}
	struct gy_impasse_result r;
	if (rule == 4)
		gy_impasse_agreement(&pos, extra, &r);
	else if (rule != GY_IMPASSE_TRY)
		gy_impasse_declare(&pos, (enum gy_impasse_rule)rule, extra, &r);

	/* Step 2. The checks. */
	for (int i = 0; i < n && !malformed; i++) {
		char *tok = toks[i], *eq = strchr(tok, '=');
		size_t k = strlen(why);
		if (rule == GY_IMPASSE_TRY) {
			malformed |= !try_one(&pos, tok, why, sizeof why);
			continue;
		}
		if (!eq) {
			malformed = true;
			break;
		}
		*eq = '\0';
		const char *v = eq + 1;
		long num = datafile_number(v);
		if (!strcmp(tok, "handicap") || !strcmp(tok, "extra"))
			continue;
		if (!strcmp(tok, "verdict")) {
			malformed |= lookup(verdicts, 3, v) < 0;
			if (lookup(verdicts, 3, v) != (int)r.verdict)
				snprintf(why + k, sizeof why - k, "%sverdict %s", k ? "; " : "", verdicts[r.verdict]);
		} else if (!strcmp(tok, "failed")) {
			malformed |= lookup(failures, 6, v) < 0;
			if (lookup(failures, 6, v) != (int)r.failed)
				snprintf(why + k, sizeof why - k, "%sfailed %s", k ? "; " : "", failures[r.failed]);
		} else if (!strcmp(tok, "points") || !strcmp(tok, "opp") || !strcmp(tok, "zone")) {
			int got = !strcmp(tok, "points") ? r.points
				  : !strcmp(tok, "opp")  ? r.opponent_points
							 : r.zone_pieces;
			malformed |= num < 0;
			if (got != num)
				snprintf(why + k, sizeof why - k, "%s%s %d", k ? "; " : "", tok, got);
		} else {
			malformed = true;
		}
	}
	if (malformed || n == 0)
		check_fail(t, id, "%s:%d: malformed expectations", d->path, d->lineno);
	else
		CHECK(t, id, !*why, "%s [%s]", why, f[1]);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/impasse.txt";
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, path, "impasse", run_case);

	/* impasse-9.1: the points of every piece type (rules.md: R, B promoted or not 5, others 1, king 0). */
	static const int want[GY_PTYPE_NB] = {0, 1, 1, 1, 1, 5, 5, 1, 0, 1, 1, 1, 1, 5, 5};
	bool ok = true;
	for (int pt = 0; pt < GY_PTYPE_NB; pt++)
		ok &= gy_impasse_ptype_points(pt) == want[pt];
	CHECK(&t, "impasse-9.1", ok, "wrong piece points");
	return check_exit(&t);
}
