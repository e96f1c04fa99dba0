/*
 * tests/t_session.c: the game in progress (gyoku/session.h; docs/core.md
 * "Games: the record, the referee and the game in progress"), driven by
 * tests/data/session.txt: every ending through the session,
 * every rule's refusal, undo, declarations with and without a handicap,
 * clocks, and the record it writes read back.  Also the names of the
 * impasse rules (impasse.h) and the record tree's delete and promote
 * (game.h), which the session's undo and play rest on.
 *
 * A case line is: id <TAB> start <TAB> rules <TAB> steps.
 * - start: "startpos", a handicap id ("bishop"), or a SFEN (strict).
 * - rules: "-" or comma-separated: strict, impasse=none|24|27|try,
 *   nobonus, max=N, first=TIME (first_move_ms), tc=TIME-CONTROL (the clock
 *   starts at time 0).
 * - steps, separated by spaces, run in order; "!ERR" after an action
 *   expects that error (GY_ERR_LIST name), none expects success:
 *   @TIME (now; a sum of terms with units d, h, m, s or none for ms: 1m+30s+5),
 *   a USI move (played), foul:ERR, replay:MOVE:MS, undo:N, resign:b|w, abort:b|w,
 *   declare, flag (gy_session_check_time must end the game), noflag,
 *   end:ENDING:RESULT, vacation:b|w:DAYS, comment:TEXT, header:KEY=VALUE;
 *   expectations: over, on, ending=NAME (gy_ending_name, spaces as '-'),
 *   result=black|white|draw|none, ply=N, tomove=b|w, time=MS (the last
 *   move's time in the record), nodes=N (the record's), points=N,
 *   verdict=win|draw|loss, failed=ok|king|pieces|check|points|nodecl (of
 *   gy_session_count for the side to move), count.b=N and count.w=N (a
 *   side's points, to move or not), sfen=SFEN-BOARD (the board part of the position),
 *   deadline=TIME, pending=0|1 (gy_session_first_move_pending), main.b=MS and
 *   main.w=MS (a side's main time in the clock as it stands), limits=MAIN/BYOYOMI/MOVETIME (the
 *   computer's limits at level 10 for the side to move at now, gy_player_limits), record=FMT (written in FMT and read back: the same
 *   main line, ending, headers and comments), adopt (the record made into
 *   a new session, which then replaces this one: undo and play go on).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "gyoku/session.h"

/* A time: a sum of terms, each digits with an optional unit m or s (none: ms); -1 when malformed. */
static long long parse_time(const char *s)
{
	long long total = 0;
	while (*s) {
		long long n = 0;
		int digits = 0;
		while (*s >= '0' && *s <= '9' && digits < 12) {
			n = n * 10 + (*s++ - '0');
			digits++;
		}
		if (!digits)
			return -1;
		if (*s == 'd')
			n *= 86400000, s++;
		else if (*s == 'h')
			n *= 3600000, s++;
		else if (*s == 'm')
			n *= 60000, s++;
		else if (*s == 's')
			n *= 1000, s++;
		total += n;
		if (*s == '+')
			s++;
		else if (*s)
			return -1;
	}
	return total;
}

/* The state of one case. */
struct run {
	struct gy_session *s;
	long long now;
	char why[512];
	bool malformed;
};

static void note(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(struct run *r, const char *fmt, ...)
{
	size_t n = strlen(r->why);
	if (n >= sizeof r->why - 2)
		return;
	if (n)
		r->why[n++] = ';', r->why[n++] = ' ';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->why + n, sizeof r->why - n, fmt, ap);
	va_end(ap);
}

/* Compares the error `got` of `what` with the expected one ("" : success). */
static void expect_err(struct run *r, const char *what, enum gy_err got, const char *want)
{
	int w = *want ? datafile_err_from_name(want, strlen(want)) : GY_OK;
	if (w < 0)
		r->malformed = true;
	else if ((int)got != w)
		note(r, "%s: %s instead of %s", what, datafile_err_name((int)got), datafile_err_name(w));
}

static const char *const result_names[] = {"none", "black", "white", "draw"};
static const char *const verdict_names[] = {"loss", "draw", "win"};
static const char *const failure_names[] = {"ok", "king", "pieces", "check", "points", "nodecl"};

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

/* The ending named `s`, with '-' for the spaces of gy_ending_name; -1 when none. */
static int ending_by_name(const char *s)
{
	for (int e = 0; e < GY_END_NB; e++) {
		char name[32];
		snprintf(name, sizeof name, "%s", gy_ending_name((enum gy_ending)e));
		for (char *c = name; *c; c++)
			if (*c == ' ')
				*c = '-';
		if (!strcmp(name, s))
			return e;
	}
	return -1;
}

/* Writes the session's record in `fmt` and reads it back: the same moves, ending, headers, comments. */
static void record_check(struct run *r, const char *fmt)
{
	int f = gy_record_format_by_name(fmt, strlen(fmt));
	if (f < 0) {
		r->malformed = true;
		return;
	}
	const struct gy_game *g = gy_session_game(r->s);
	char *text = NULL;
	size_t len = 0;
	struct gy_game *back = NULL;
	enum gy_err err = gy_record_write(g, (enum gy_record_format)f, &text, &len);
	if (!err)
		err = gy_record_read(text, len, (enum gy_record_format)f, NULL, &back, NULL, NULL);
	if (err) {
		note(r, "record %s: %s", fmt, gy_strerror(err));
		goto done;
	}
	int a = 0, b = 0, na, nb;
	for (;;) {
		a = gy_game_first_child(g, a);
		b = gy_game_first_child(back, b);
		if (a < 0 || b < 0)
			break;
		if (gy_game_move(g, a) != gy_game_move(back, b)) {
			note(r, "record %s: move %d differs", fmt, gy_game_ply(g, a));
			goto done;
		}
		if (f != GY_RECORD_USI && strcmp(gy_game_comment(g, a), gy_game_comment(back, b)))
			note(r, "record %s: the comment of move %d is '%s', not '%s'", fmt, gy_game_ply(g, a),
			     gy_game_comment(back, b), gy_game_comment(g, a));
	}
	if (a >= 0 || b >= 0)
		note(r, "record %s: the main lines differ in length", fmt);
	struct gy_verdict va = gy_game_ending(g, &na), vb = gy_game_ending(back, &nb);
	if (f != GY_RECORD_USI && (va.ending != vb.ending || va.result != vb.result))
		note(r, "record %s: ending %s/%d read back as %s/%d", fmt, gy_ending_name(va.ending), va.result,
		     gy_ending_name(vb.ending), vb.result);
	for (int i = 0; f != GY_RECORD_USI && i < gy_game_header_count(g); i++) {
		const char *k, *v;
		gy_game_header_at(g, i, &k, &v);
		const char *w = gy_game_header(back, k);
		if (!w || strcmp(v, w))
			note(r, "record %s: header %s is '%s', not '%s'", fmt, k, w ? w : "(none)", v);
	}
done:
	free(text);
	gy_game_destroy(back);
}

/* A copy of the session's record, adopted by a new session that replaces the old. */
static void adopt(struct run *r)
{
	struct gy_game *copy = NULL;
	char *text = NULL;
	size_t len = 0;
	struct gy_rules rules = *gy_session_rules(r->s);
	enum gy_err err = gy_record_write(gy_session_game(r->s), GY_RECORD_KIFU, &text, &len);
	if (!err)
		err = gy_record_read(text, len, GY_RECORD_KIFU, NULL, &copy, NULL, NULL);
	free(text);
	struct gy_session *s = NULL;
	if (!err)
		err = gy_session_adopt(&s, copy, &rules);
	else
		gy_game_destroy(copy);
	if (err) {
		note(r, "adopt: %s", gy_strerror(err));
		return;
	}
	gy_session_destroy(r->s);
	r->s = s;
}

/*
 * The USI move of the `len` bytes at `text` in `pos`: a legal one as the
 * reader gives it, an illegal board move built by hand from its squares
 * (so that the session sees it); false when it does not read.
 */
static bool move_of(const struct gy_pos *pos, const char *text, size_t len, gy_move *m)
{
	enum gy_err err = gy_usi_parse_move(pos, text, len, m, NULL);
	if (!err)
		return true;
	if (len == 4 && text[1] == '*') {
		/* An illegal drop, built from its piece and square. */
		const char *kinds = "PLNSBRG", *k = strchr(kinds, text[0]);
		if (!k || text[2] < '1' || text[2] > '9' || text[3] < 'a' || text[3] > 'i')
			return false;
		*m = gy_make_drop(GY_PAWN + (int)(k - kinds), gy_make_sq(text[2] - '0', text[3] - 'a' + 1));
		return true;
	}
	if (err == GY_ERR_MOVE_SYNTAX || len < 4 || text[1] == '*')
		return false;
	gy_sq from = gy_make_sq(text[0] - '0', text[1] - 'a' + 1), to = gy_make_sq(text[2] - '0', text[3] - 'a' + 1);
	*m = gy_make_move(from, to, gy_piece_type(pos->board[from]), gy_piece_type(pos->board[to]),
			  len > 4 && text[4] == '+');
	return true;
}

/* Runs one action or expectation. */
static void step(struct run *r, char *tok)
{
	char *bang = strchr(tok, '!');
	const char *want = "";
	if (bang) {
		*bang = '\0';
		want = bang + 1;
	}
	char *arg = strchr(tok, ':'), *eq = strchr(tok, '=');
	const struct gy_pos *pos = gy_session_position(r->s);
	struct gy_verdict v = gy_session_verdict(r->s);
	struct gy_impasse_result count;
	if (tok[0] == '@') {
		r->now = parse_time(tok + 1);
		r->malformed |= r->now < 0;
	} else if (!strcmp(tok, "over") || !strcmp(tok, "on")) {
		if (gy_session_over(r->s) != (tok[0] == 'o' && tok[1] == 'v'))
			note(r, "the game is %s", gy_session_over(r->s) ? "over" : "on");
	} else if (eq && !strncmp(tok, "ending=", 7)) {
		int e = ending_by_name(eq + 1);
		r->malformed |= e < 0;
		if (e >= 0 && (int)v.ending != e)
			note(r, "ending %s", gy_ending_name(v.ending));
	} else if (eq && !strncmp(tok, "result=", 7)) {
		int w = lookup(result_names, 4, eq + 1);
		r->malformed |= w < 0;
		if (w >= 0 && (int)v.result != w)
			note(r, "result %s", result_names[v.result]);
	} else if (eq && !strncmp(tok, "ply=", 4)) {
		if (gy_session_ply(r->s) != datafile_number(eq + 1))
			note(r, "ply %d", gy_session_ply(r->s));
	} else if (eq && !strncmp(tok, "nodes=", 6)) {
		if (gy_game_node_count(gy_session_game(r->s)) != datafile_number(eq + 1))
			note(r, "%d nodes", gy_game_node_count(gy_session_game(r->s)));
	} else if (eq && !strncmp(tok, "tomove=", 7)) {
		if ("bw"[pos->side] != eq[1])
			note(r, "%c to move", "bw"[pos->side]);
	} else if (eq && !strncmp(tok, "time=", 5)) {
		long long t = gy_game_time(gy_session_game(r->s), gy_session_node(r->s));
		if (t != (eq[1] == '-' ? -1 : parse_time(eq + 1)))
			note(r, "time %lld", t);
	} else if (eq && !strncmp(tok, "deadline=", 9)) {
		long long d = gy_session_deadline(r->s);
		if (d != (eq[1] == '-' ? -1 : parse_time(eq + 1)))
			note(r, "deadline %lld", d);
	} else if (eq && !strncmp(tok, "sfen=", 5)) {
		char sfen[GY_SFEN_MAX];
		gy_sfen_write(pos, sfen, sizeof sfen);
		sfen[strcspn(sfen, " ")] = '\0';
		if (strcmp(sfen, eq + 1))
			note(r, "board %s", sfen);
	} else if (eq && (!strncmp(tok, "points=", 7) || !strncmp(tok, "verdict=", 8) || !strncmp(tok, "failed=", 7))) {
		gy_session_count(r->s, pos->side, &count);
		if (tok[0] == 'p' && count.points != datafile_number(eq + 1))
			note(r, "%d points", count.points);
		if (tok[0] == 'v' && lookup(verdict_names, 3, eq + 1) != (int)count.verdict)
			note(r, "count verdict %s", verdict_names[count.verdict]);
		if (tok[0] == 'f' && lookup(failure_names, 6, eq + 1) != (int)count.failed)
			note(r, "count failed %s", failure_names[count.failed]);
	} else if (eq && (!strncmp(tok, "count.b=", 8) || !strncmp(tok, "count.w=", 8))) {
		gy_session_count(r->s, tok[6] == 'w' ? GY_WHITE : GY_BLACK, &count);
		if (count.points != datafile_number(eq + 1))
			note(r, "%c counts %d points", tok[6], count.points);
	} else if (eq && !strncmp(tok, "record=", 7)) {
		record_check(r, eq + 1);
	} else if (!strcmp(tok, "adopt")) {
		adopt(r);
	} else if (!strcmp(tok, "flag") || !strcmp(tok, "noflag")) {
		if (gy_session_check_time(r->s, r->now) != (tok[0] == 'f'))
			note(r, "%s at %lld", tok[0] == 'f' ? "no flag" : "flagged", r->now);
	} else if (!strcmp(tok, "declare")) {
		expect_err(r, tok, gy_session_declare(r->s, r->now, &count), want);
	} else if (arg && !strncmp(tok, "foul:", 5)) {
		int rule = datafile_err_from_name(arg + 1, strlen(arg + 1));
		r->malformed |= rule < 0;
		expect_err(r, tok, gy_session_foul(r->s, (enum gy_err)rule, r->now), want);
	} else if (arg && !strncmp(tok, "undo:", 5)) {
		expect_err(r, tok, gy_session_undo(r->s, (int)datafile_number(arg + 1), r->now), want);
	} else if (eq && !strncmp(tok, "pending=", 8)) {
		if (gy_session_first_move_pending(r->s) != (eq[1] == '1'))
			note(r, "first move %s", gy_session_first_move_pending(r->s) ? "pending" : "not pending");
	} else if (eq && !strncmp(tok, "limits=", 7)) {
		struct gy_limits lim;
		gy_player_limits(GY_LEVEL_MAX, r->s, r->now, &lim);
		char got[96];
		snprintf(got, sizeof got, "%lld/%lld/%lld", (long long)lim.time[pos->side], (long long)lim.byoyomi,
			 (long long)lim.movetime);
		char *p1 = strchr(eq + 1, '/'), *p2 = p1 ? strchr(p1 + 1, '/') : NULL;
		r->malformed |= !p2;
		if (p2) {
			*p1 = *p2 = '\0';
			if (lim.time[pos->side] != parse_time(eq + 1) || lim.byoyomi != parse_time(p1 + 1) ||
			    lim.movetime != parse_time(p2 + 1))
				note(r, "the computer's limits %s (main/byoyomi/movetime)", got);
		}
	} else if (eq && (!strncmp(tok, "main.b=", 7) || !strncmp(tok, "main.w=", 7))) {
		const struct gy_clock *c = gy_session_clock(r->s);
		long long ms = c ? c->main_ms[tok[5] == 'w' ? GY_WHITE : GY_BLACK] : -1;
		if (ms != parse_time(eq + 1))
			note(r, "%c main time %lld", tok[5], ms);
	} else if (arg && !strncmp(tok, "abort:", 6)) {
		expect_err(r, tok, gy_session_abort(r->s, arg[1] == 'w' ? GY_WHITE : GY_BLACK), want);
	} else if (arg && !strncmp(tok, "resign:", 7)) {
		expect_err(r, tok, gy_session_resign(r->s, arg[1] == 'w' ? GY_WHITE : GY_BLACK, r->now), want);
	} else if (arg && !strncmp(tok, "vacation:", 9)) {
		int side = arg[1] == 'w' ? GY_WHITE : GY_BLACK;
		expect_err(r, tok, gy_session_vacation(r->s, side, (int)datafile_number(arg + 3), r->now), want);
	} else if (arg && !strncmp(tok, "more:", 5)) {
		int side = arg[1] == 'w' ? GY_WHITE : GY_BLACK;
		expect_err(r, tok, gy_session_give_time(r->s, side, parse_time(arg + 3), r->now), want);
	} else if (arg && !strncmp(tok, "comment:", 8)) {
		expect_err(r, tok, gy_session_add_comment(r->s, arg + 1), want);
	} else if (arg && !strncmp(tok, "header:", 7)) {
		char *kv = strchr(arg + 1, '=');
		r->malformed |= !kv;
		if (kv) {
			*kv = '\0';
			expect_err(r, tok, gy_session_set_header(r->s, arg + 1, kv + 1), want);
		}
	} else if (arg && !strncmp(tok, "end:", 4)) {
		char *res = strchr(arg + 1, ':');
		int e = res ? (*res = '\0', ending_by_name(arg + 1)) : -1;
		int w = res ? lookup(result_names, 4, res + 1) : -1;
		r->malformed |= e < 0 || w < 0;
		struct gy_verdict nv = {(enum gy_ending)e, (enum gy_result)w};
		expect_err(r, tok, gy_session_end(r->s, nv), want);
	} else if (arg && !strncmp(tok, "replay:", 7)) {
		char *ms = strchr(arg + 1, ':');
		gy_move m = GY_MOVE_NONE;
		r->malformed |= !ms || !move_of(pos, arg + 1, ms ? (size_t)(ms - arg - 1) : 0, &m);
		if (!r->malformed)
			expect_err(r, tok, gy_session_replay(r->s, m, parse_time(ms + 1)), want);
	} else {
		gy_move m = GY_MOVE_NONE;
		r->malformed |= !move_of(pos, tok, strlen(tok), &m);
		if (!r->malformed)
			expect_err(r, tok, gy_session_play(r->s, m, r->now), want);
	}
}

/* Sets the rules and the clock from the rules column; false when malformed. */
static bool parse_rules(char *text, struct gy_rules *rules, struct gy_time_control *tc, bool *timed)
{
	*rules = gy_rules_default();
	*timed = false;
	if (!strcmp(text, "-"))
		return true;
	for (char *w = strtok(text, ","); w; w = strtok(NULL, ",")) {
		if (!strcmp(w, "strict"))
			rules->strict = true;
		else if (!strcmp(w, "nobonus"))
			rules->handicap_bonus = false;
		else if (!strncmp(w, "impasse=", 8)) {
			int rule = gy_impasse_rule_parse(w + 8, strlen(w + 8), NULL);
			if (rule < 0)
				return false;
			rules->impasse = (enum gy_impasse_rule)rule;
		} else if (!strncmp(w, "first=", 6))
			rules->first_move_ms = parse_time(w + 6);
		else if (!strncmp(w, "max=", 4))
			rules->max_moves = (int)datafile_number(w + 4);
		else if (!strncmp(w, "tc=", 3)) {
			if (gy_tc_parse(tc, w + 3, strlen(w + 3), NULL))
				return false;
			*timed = true;
		} else
			return false;
	}
	return true;
}

static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[48];
	snprintf(lid, sizeof lid, "session-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 4 || !datafile_id_ok(f[0]) || !datafile_id_new(ids, f[0])) {
		check_fail(t, lid, "%s:%d: malformed line or repeated id (want id<TAB>start<TAB>rules<TAB>steps)",
			   d->path, d->lineno);
		return;
	}
	const char *id = f[0];
	struct gy_pos start;
	const struct gy_handicap *h = gy_handicap_by_id(f[1], strlen(f[1]));
	enum gy_err err = GY_OK;
	if (!strcmp(f[1], "startpos"))
		gy_pos_set_start(&start);
	else if (h)
		err = gy_sfen_parse(&start, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL);
	else
		err = gy_sfen_parse(&start, f[1], strlen(f[1]), GY_SFEN_STRICT, NULL);
	struct gy_rules rules;
	struct gy_time_control tc;
	bool timed;
	struct run r = {0};
	if (err || !parse_rules(f[2], &rules, &tc, &timed)) {
		check_fail(t, id, "bad start or rules");
		return;
	}
	if ((err = gy_session_create(&r.s, &start, &rules)) ||
	    (err = gy_session_start_clock(r.s, timed ? &tc : NULL, 0))) {
		check_fail(t, id, "create: %s", gy_strerror(err));
		gy_session_destroy(r.s);
		return;
	}
	for (char *w = strtok(f[3], " "); w && !r.malformed; w = strtok(NULL, " ")) {
		/* strtok is not reentrant: the rules column is done, and step() does not call it. */
		step(&r, w);
	}
	if (r.malformed)
		check_fail(t, id, "malformed step");
	else
		CHECK(t, id, !r.why[0], "%s", r.why);
	gy_session_destroy(r.s);
}

/* The names of the impasse rules, both ways (impasse.h). */
static void rule_names(struct check_tally *t)
{
	static const struct {
		const char *text;
		int rule;
		bool bonus;
	} cases[] = {
		{"none", GY_IMPASSE_NONE, false},
		{"24", GY_IMPASSE_JSA24, false},
		{"27", GY_IMPASSE_CSA27, false},
		{"try", GY_IMPASSE_TRY, false},
		{"CSARule27H", GY_IMPASSE_CSA27, true},
		{"csarule24", GY_IMPASSE_JSA24, false},
		{"TryRule", GY_IMPASSE_TRY, false},
		{"NoEnteringKing", GY_IMPASSE_NONE, false},
		{"28", -1, false},
		{"", -1, false},
	};
	char why[256] = "";
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bool bonus = !cases[i].bonus;
		int got = gy_impasse_rule_parse(cases[i].text, strlen(cases[i].text), &bonus);
		if (got != cases[i].rule || (got >= 0 && bonus != cases[i].bonus))
			snprintf(why + strlen(why), sizeof why - strlen(why), "'%s' read as %d ", cases[i].text, got);
	}
	for (int r = 0; r < GY_IMPASSE_RULE_NB; r++) {
		const char *name = gy_impasse_rule_name((enum gy_impasse_rule)r);
		const char *usi = gy_impasse_rule_usi((enum gy_impasse_rule)r, true);
		if (gy_impasse_rule_parse(name, strlen(name), NULL) != r ||
		    gy_impasse_rule_parse(usi, strlen(usi), NULL) != r)
			snprintf(why + strlen(why), sizeof why - strlen(why), "rule %d's names do not read back ", r);
	}
	CHECK(t, "session-0.3", !why[0], "%s", why);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	gy_init();
	rule_names(&t);
	datafile_run(&t, argc > 1 ? argv[1] : "tests/data/session.txt", "session", run_case);
	return check_exit(&t);
}
