/*
 * tests/t_roundtrip.c: every record written in every format and read back
 * (include/gyoku/record.h: each record written as KIF, KI2, CSA and JKF
 * reads back equal: moves, times, comments, branches, ending).
 *   roundtrip-0.x  recordcmp.h itself: a copy is equal, and a changed
 *                  move, time, comment, variation order or ending is found
 *   roundtrip-1.x  each record file (every .kif .kifu .ki2 .ki2u .csa .jkf
 *                  under ../shared/research-data/records/, recursively, when
 *                  present, and under tests/data/{kif,csa,jkf}/) that reads
 *                  without error, one case per file and format: written as
 *                  KIF, KI2, CSA and JKF, read back and compared with what
 *                  was read (recordcmp.h)
 *
 * What each format holds, so what is compared (the original against the
 * copy read back; the start position always):
 * - KIF: the whole tree with the order of variations, comments, the
 *   ending; times to the second (kif.h: "Time resolution is the second"),
 *   so the original's time is compared cut to whole seconds.
 * - KI2: the whole tree, comments and the ending; no times (kif.h: KI2
 *   is written with "no times").
 * - CSA: the main line only (csa.h: "variations are not written: CSA has
 *   none"), its times to the millisecond (v3 fractions), comments, ending.
 * - JKF: everything: the whole tree, times to the millisecond, comments,
 *   the ending.
 *   roundtrip-2.x  each of those files (its first game), through every
 *                  order of the four formats (KIF -> CSA -> JKF -> KI2,
 *                  and the 23 other orders), read back after the last and
 *                  compared with what was read: what every format of the
 *                  chain holds, and the headers both ways (every header
 *                  of each is in the other, equal; 手合割 aside, which
 *                  the start position says, and a time control the
 *                  same control in any syntax; see same_headers)
 *   roundtrip-3.x  tests/data/keep.txt: hand-made records of what must not
 *                  be lost (endings in variations, the times and comments
 *                  of endings, the fouls a record states); one case a line:
 *                    id <TAB> FILE <TAB> EXPECT
 *                  EXPECT is the endings of the tree read, in depth-first
 *                  order, each "PLY,ENDING,RESULT,FOUL,MS,COMMENT" (the
 *                  ply of its node, gy_ending_name, black / white / draw
 *                  / none, the foul in USI or "-", the ending's time or
 *                  -1, its comment with "\n" for a new line), joined by
 *                  " ; " ("-" for none); or "ERR L:C ply N", the reader's
 *                  error (GY_ERR_LIST name), its place and bad ply
 *   roundtrip-4.x  each ending gyoku's games end with, with its time and
 *                  comment, written in each format and read back
 *
 * What each format holds, so what is compared, is listed above; headers
 * are compared only in the chains of roundtrip-2.x (their mapping across
 * formats is the concern of t_headers.c).  A CSA file of several games has
 * each game compared in roundtrip-1.x.  A file that does not read cleanly
 * (an illegal move on purpose, a broken test file) is listed as a "#" line
 * and not a case.  Run from the repository root.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/csa.h"
#include "gyoku/gyoku.h"
#include "gyoku/handicap.h"
#include "gyoku/jkf.h"
#include "gyoku/kif.h"
#include "gyoku/textenc.h"
#include "recordcmp.h"
#include "recordfiles.h"
#include "tctext.h"

#define RECORDS "../shared/research-data/records"

enum { MAX_GAMES = 64 };

/* The formats, in the order each file is written. */
enum fmt { FMT_KIF, FMT_KI2, FMT_CSA, FMT_JKF, FMT_NB };

static const char *const fmt_name[FMT_NB] = {"KIF", "KI2", "CSA", "JKF"};

/* What each format holds (see the top of the file). */
static const struct recordcmp_opts fmt_cmp[FMT_NB] = {
	{false, RECORDCMP_TIME_SECOND, RECORDCMP_HEADERS_NONE, NULL},
	{false, RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_NONE, NULL},
	{true, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL},
	{false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL},
};

/* The format of a record file by its name, or -1. */
static int fmt_of(const char *path)
{
	if (recordfiles_ends_with(path, ".kif") || recordfiles_ends_with(path, ".kifu"))
		return FMT_KIF;
	if (recordfiles_ends_with(path, ".ki2") || recordfiles_ends_with(path, ".ki2u"))
		return FMT_KI2;
	if (recordfiles_ends_with(path, ".csa"))
		return FMT_CSA;
	if (recordfiles_ends_with(path, ".jkf"))
		return FMT_JKF;
	return -1;
}

/* Writes `g` in format `f`; the text (freed by the caller) or NULL with *err. */
static char *write_as(const struct gy_game *g, enum fmt f, size_t *len, enum gy_err *err)
{
	char *text = NULL;
	switch (f) {
	case FMT_KIF: *err = gy_kif_write(g, &text, len); break;
	case FMT_KI2: *err = gy_ki2_write(g, &text, len); break;
	case FMT_CSA: *err = gy_csa_write(g, &text, len); break;
	default: *err = gy_jkf_write(g, &text, len); break;
	}
	return text;
}

/* Reads the first game of the UTF-8 (or, for CSA, any encoding) text in format `f`. */
static enum gy_err read_as(const char *text, size_t len, enum fmt f, struct gy_game **g, size_t *used,
			   struct gy_srcpos *where)
{
	int bad = 0;
	*used = len;
	switch (f) {
	case FMT_KIF: return gy_kif_read(text, len, g, where, &bad);
	case FMT_KI2: return gy_ki2_read(text, len, g, where, &bad);
	case FMT_CSA: return gy_csa_read(text, len, g, used, where, &bad);
	default: return gy_jkf_read(text, len, g, where, &bad);
	}
}

/* Reads every game of the file `path`; their number, or 0 with `why` set. */
static int load(const char *path, struct gy_game **games, char *why, size_t size)
{
	enum fmt f = (enum fmt)fmt_of(path);
	size_t len = 0, ulen = 0, at = 0;
	char *raw = datafile_slurp(path, &len), *text = NULL;
	int n = 0;
	if (!raw) {
		snprintf(why, size, "cannot be read");
		return 0;
	}
	enum gy_err err = GY_OK;
	if (f == FMT_CSA) {
		/* The CSA reader finds the encoding by itself ('encoding= line or the bytes). */
		text = raw;
		ulen = len;
		raw = NULL;
	} else {
		enum gy_text_enc enc = gy_text_detect(raw, len, gy_text_enc_for_name(path, strlen(path)));
		err = gy_text_to_utf8(raw, len, enc, &text, &ulen, NULL);
	}
	while (!err && at < ulen && n < MAX_GAMES) {
		struct gy_srcpos where = {0, 0};
		size_t used = 0;
		struct gy_game *g = NULL;
		err = read_as(text + at, ulen - at, f, &g, &used, &where);
		if (err == GY_ERR_CSA_EMPTY && n > 0) {
			err = GY_OK;
			break;
		}
		if (err) {
			gy_game_destroy(g);
			snprintf(why, size, "game %d: %s at %d:%d", n + 1, gy_strerror(err), where.line, where.col);
			break;
		}
		games[n++] = g;
		if (!used)
			break;
		at += used;
	}
	if (err) {
		while (n > 0)
			gy_game_destroy(games[--n]);
		if (!why[0])
			snprintf(why, size, "%s", gy_strerror(err));
	}
	free(raw);
	free(text);
	return n;
}

/* Writes `g` as `f`, reads it back and compares; false with the reason in `why`. */
static bool round_trip(const struct gy_game *g, enum fmt f, char *why, size_t size)
{
	size_t len = 0, used;
	struct gy_game *back = NULL;
	struct gy_srcpos where = {0, 0};
	enum gy_err err;
	char *text = write_as(g, f, &len, &err);
	if (err) {
		snprintf(why, size, "write: %s", gy_strerror(err));
		return false;
	}
	err = read_as(text, len, f, &back, &used, &where);
	bool ok = !err && recordcmp(g, back, &fmt_cmp[f], why, size);
	if (err)
		snprintf(why, size, "read back: %s at %d:%d", gy_strerror(err), where.line, where.col);
	if (!ok && getenv("ROUNDTRIP_DUMP"))
		fputs(text, stderr);
	gy_game_destroy(back);
	free(text);
	return ok;
}

struct run {
	struct check_tally *t;
	int cases;
	int files;
	int chains;
};

/* Every header key but 手合割, which the start position says (CSA writes none). */
static bool not_handicap(const char *key) { return strcmp(key, "手合割") != 0; }

/*
 * True when `key` holds a time control and `v` and `w` are the same one
 * in two syntaxes (each format writes its own: lib/tctext.h).
 */
static bool same_control(const char *key, const char *v, const char *w)
{
	struct gy_time_control a, b;
	if (strcmp(key, "持ち時間") && strcmp(key, "先手持ち時間") && strcmp(key, "後手持ち時間"))
		return false;
	return gy__tc_read(v, strlen(v), &a) != GY__TC_NONE && gy__tc_read(w, strlen(w), &b) != GY__TC_NONE &&
	       a.main_ms == b.main_ms && a.byoyomi_ms == b.byoyomi_ms && a.periods == b.periods &&
	       a.increment_ms == b.increment_ms && a.days_per_move == b.days_per_move &&
	       a.vacation_days == b.vacation_days && a.auto_vacation == b.auto_vacation;
}

/*
 * The headers of `a` and `b` each in the other, equal, 手合割 aside; with
 * CSA in the chain, 下手 and 上手 of a start that is no handicap preset
 * may come back as 先手 and 後手 (CSA has only N+ and N-; headers.h).
 */
static bool same_headers(const struct gy_game *a, const struct gy_game *b, bool csa, char *why, size_t size)
{
	static const char *const names[][2] = {{"下手", "先手"}, {"上手", "後手"}};
	for (int pass = 0; pass < 2; pass++) {
		const struct gy_game *x = pass ? b : a, *y = pass ? a : b;
		for (int i = 0; i < gy_game_header_count(x); i++) {
			const char *k, *v, *w;
			gy_game_header_at(x, i, &k, &v);
			if (!not_handicap(k))
				continue;
			w = gy_game_header(y, k);
			for (int n = 0; !w && csa && !gy_handicap_by_pos(gy_game_start(a)) && n < 2; n++)
				if (!strcmp(k, names[n][0]) || !strcmp(k, names[n][1]))
					w = gy_game_header(y, names[n][!strcmp(k, names[n][0])]);
			if (!w || (strcmp(v, w) && !same_control(k, v, w)))
				return recordcmp_differ(why, size, "header %s: [%.200s] vs [%.200s]", k, v,
							w ? w : "(none)");
		}
	}
	return true;
}

/*
 * Writes `g` in the formats of `order` one after the other, each read
 * back before the next is written, and compares the last with `g`; false
 * with the reason (and the order) in `why`.
 */
static bool chain(const struct gy_game *g, const enum fmt *order, char *why, size_t size)
{
	struct recordcmp_opts o = {false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL};
	struct gy_game *cur = NULL;
	char names[64] = "";
	bool ok = true;
	for (int k = 0; ok && k < FMT_NB; k++) {
		enum fmt f = order[k];
		size_t len = 0, used;
		enum gy_err err;
		struct gy_srcpos where = {0, 0};
		struct gy_game *next = NULL;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? "->" : "", fmt_name[f]);
		char *text = write_as(cur ? cur : g, f, &len, &err);
		if (!err)
			err = read_as(text, len, f, &next, &used, &where);
		free(text);
		gy_game_destroy(cur);
		cur = next;
		if (err)
			ok = recordcmp_differ(why, size, "%s: %s at %d:%d", names, gy_strerror(err), where.line,
					      where.col);
		o.main_only |= f == FMT_CSA;
		if (f == FMT_KI2)
			o.times = RECORDCMP_TIME_NONE;
		else if (f == FMT_KIF && o.times == RECORDCMP_TIME_MS)
			o.times = RECORDCMP_TIME_SECOND;
	}
	if (ok && (!recordcmp(g, cur, &o, why, size) || !same_headers(g, cur, o.main_only, why, size))) {
		size_t n = strlen(why);
		snprintf(why + n, size - n, " (through %s)", names);
		ok = false;
	}
	gy_game_destroy(cur);
	return ok;
}

/* Every order of the four formats for the first game of a file: roundtrip-2.x. */
static void chains(struct run *r, const char *path, const struct gy_game *g)
{
	enum fmt order[FMT_NB];
	char why[1024] = "", id[32];
	bool ok = true;
	int n = 0;
	for (int a = 0; a < FMT_NB && ok; a++)
		for (int b = 0; b < FMT_NB && ok; b++)
			for (int c = 0; c < FMT_NB && ok; c++) {
				int d = FMT_NB * (FMT_NB - 1) / 2 - a - b - c;
				if (a == b || a == c || b == c || d < 0 || d >= FMT_NB || d == a || d == b || d == c)
					continue;
				order[0] = (enum fmt)a;
				order[1] = (enum fmt)b;
				order[2] = (enum fmt)c;
				order[3] = (enum fmt)d;
				ok = chain(g, order, why, sizeof why);
				n++;
			}
	snprintf(id, sizeof id, "roundtrip-2.%d", ++r->chains);
	printf("# %s %s through %d orders\n", id, path, n);
	CHECK(r->t, id, ok && n == 24, "%s: %s", path, why);
}

/* One file: a case per format. */
static void run_file(void *ctx, const char *path)
{
	struct run *r = ctx;
	struct gy_game *games[MAX_GAMES];
	char why[1024] = "";
	int n = load(path, games, why, sizeof why);
	if (!n) {
		printf("# %s: not round-tripped: %s\n", path, why);
		return;
	}
	r->files++;
	for (int f = 0; f < FMT_NB; f++) {
		char id[32];
		bool ok = true;
		snprintf(id, sizeof id, "roundtrip-1.%d", ++r->cases);
		printf("# %s %s as %s\n", id, path, fmt_name[f]);
		int i = 0;
		while (i < n && (ok = round_trip(games[i], (enum fmt)f, why, sizeof why)))
			i++;
		CHECK(r->t, id, ok, "%s as %s, game %d: %s", path, fmt_name[f], i + 1, why);
	}
	chains(r, path, games[0]);
	for (int i = 0; i < n; i++)
		gy_game_destroy(games[i]);
}

/* Adds the USI move `usi` after `node`; the new node (-1 when it cannot). */
static int add(struct gy_game *g, int node, const char *usi, int64_t ms, const char *comment)
{
	struct gy_pos p;
	gy_move m;
	int child = -1;
	if (gy_game_position(g, node, &p) || gy_usi_parse_move(&p, usi, strlen(usi), &m, NULL) ||
	    gy_game_add(g, node, m, &child))
		return -1;
	gy_game_set_time(g, child, ms);
	if (comment && gy_game_set_comment(g, child, comment))
		return -1;
	return child;
}

/*
 * A small game with a variation; `change` alters one thing: 1 a comment,
 * 2 a time, 3 the order of the variations, 4 the ending, 5 a move of the
 * variation, 6 one more move.
 */
static struct gy_game *sample(int change)
{
	struct gy_pos start;
	struct gy_game *g = NULL;
	if (gy_sfen_parse(&start, GY_SFEN_START, strlen(GY_SFEN_START), GY_SFEN_STRICT, NULL) ||
	    gy_game_create(&g, &start))
		return NULL;
	int a = add(g, 0, "7g7f", 1000, "first");
	int b = change == 3 ? -1 : add(g, a, "3c3d", change == 2 ? 3000 : 2000, NULL);
	int v = add(g, a, change == 5 ? "4c4d" : "8c8d", 5000, change == 1 ? "side line!" : "side line");
	if (change == 3)
		b = add(g, a, "3c3d", 2000, NULL);
	int c = add(g, b, "2g2f", 0, NULL);
	if (change == 6)
		c = add(g, c, "8c8d", -1, NULL);
	struct gy_verdict res = {GY_END_RESIGNATION, GY_RESULT_BLACK_WINS};
	if (change == 4)
		res.result = GY_RESULT_WHITE_WINS;
	gy_game_set_ending(g, gy_game_main_end(g), res);
	if (v < 0 || c < 0) {
		gy_game_destroy(g);
		return NULL;
	}
	return g;
}

/* recordcmp.h finds each kind of difference, and only where it should. */
static void self_cases(struct check_tally *t)
{
	static const char *const what[] = {
		"a copy",       "a comment", "a time", "the order of variations", "the ending", "a move of a variation",
		"one more move"};
	char why[512] = "", id[32];
	struct gy_game *orig = sample(0);
	for (int c = 0; c <= 6; c++) {
		struct gy_game *g = sample(c);
		bool same = orig && g && recordcmp(orig, g, NULL, why, sizeof why);
		snprintf(id, sizeof id, "roundtrip-0.%d", c + 1);
		CHECK(t, id, orig && g && same == (c == 0), "%s: recordcmp says %s (%s)", what[c],
		      same ? "equal" : "different", why);
		if (!same)
			printf("# %s: %s\n", what[c], why);
		gy_game_destroy(g);
	}
	/* The main line only: a changed variation is not seen, a changed main line is. */
	struct recordcmp_opts main_only = {true, RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_NONE, NULL};
	struct gy_game *g1 = sample(1), *g2 = sample(2);
	CHECK(t, "roundtrip-0.8",
	      g1 && g2 && recordcmp(orig, g1, &main_only, why, sizeof why) &&
		      recordcmp(orig, g2, &main_only, why, sizeof why),
	      "main line only, no times: %s", why);
	gy_game_destroy(g1);
	gy_game_destroy(g2);
	gy_game_destroy(orig);
}

/*
 * roundtrip-4.x: each ending gyoku's games end with, at the end of a short
 * game (White to move, not in check) with a time and a comment, written in
 * each format and read back: the ending it comes back as (docs/core.md
 * "Endings in records" lists what a format cannot carry).  B, W, D, N:
 * Black wins, White wins, draw, no result.
 */
static void ending_cases(struct check_tally *t)
{
	static const struct {
		enum gy_ending e;
		char r;
		enum gy_ending back[FMT_NB]; /* KIF KI2 CSA JKF; GY_END_NB: the same */
	} cases[] = {
		{GY_END_NO_MOVES, 'B', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_RESIGNATION, 'B', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_ILLEGAL_MOVE, 'B', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_ILLEGAL_MOVE, 'W', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_SENNICHITE, 'D', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		/* JKF has SENNICHITE only: its reader finds perpetual check from the moves, which here are none. */
		{GY_END_PERPETUAL_CHECK, 'B', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_SENNICHITE}},
		{GY_END_DECLARATION, 'W', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_DECLARATION, 'D', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		/* CSA has no try: %TSUMI, the side to move has lost. */
		{GY_END_TRY, 'B', {GY_END_NB, GY_END_NB, GY_END_NO_MOVES, GY_END_NB}},
		{GY_END_TIME_FORFEIT, 'B', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_MAX_MOVES, 'D', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
		{GY_END_INTERRUPTION, 'N', {GY_END_NB, GY_END_NB, GY_END_NB, GY_END_NB}},
	};
	int k = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (int f = 0; f < FMT_NB; f++) {
			struct gy_game *g = sample(0), *back = NULL;
			char id[32], why[512] = "";
			struct gy_verdict v = {cases[i].e, cases[i].r == 'B'   ? GY_RESULT_BLACK_WINS
							   : cases[i].r == 'W' ? GY_RESULT_WHITE_WINS
							   : cases[i].r == 'D' ? GY_RESULT_DRAW
									       : GY_RESULT_NONE};
			int end = g ? gy_game_main_end(g) : -1;
			if (g) {
				gy_game_set_ending(g, end, v);
				gy_game_set_ending_time(g, end, 4000);
				if (gy_game_set_ending_comment(g, end, "the end"))
					end = -1;
			}
			size_t len = 0, used;
			enum gy_err err = GY_ERR_NOMEM;
			char *text = end >= 0 ? write_as(g, (enum fmt)f, &len, &err) : NULL;
			if (!err)
				err = read_as(text, len, (enum fmt)f, &back, &used, &(struct gy_srcpos){0, 0});
			struct gy_verdict got = back ? gy_game_ending(back, NULL) : (struct gy_verdict){0, 0};
			enum gy_ending want = cases[i].back[f] == GY_END_NB ? cases[i].e : cases[i].back[f];
			bool ok = !err && got.ending == want && (want != cases[i].e || got.result == v.result);
			if (ok && want == cases[i].e) {
				struct gy_game *orig = g;
				static const struct recordcmp_opts holds[FMT_NB] = {
					{false, RECORDCMP_TIME_SECOND, RECORDCMP_HEADERS_NONE, NULL},
					{false, RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_NONE, NULL},
					{true, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL},
					{false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL}};
				ok = recordcmp(orig, back, &holds[f], why, sizeof why);
			}
			snprintf(id, sizeof id, "roundtrip-4.%d", ++k);
			CHECK(t, id, ok, "%s (%c) as %s: read back as %s (result %d), want %s: %s %s",
			      gy_ending_name(cases[i].e), cases[i].r, fmt_name[f], gy_ending_name(got.ending),
			      (int)got.result, gy_ending_name(want), gy_strerror(err), why);
			free(text);
			gy_game_destroy(back);
			gy_game_destroy(g);
		}
	}
}

/* The endings of the tree at `node` and below, depth first, appended to `out` as roundtrip-3.x writes them. */
static void dump_endings(const struct gy_game *g, int node, char *out, size_t size)
{
	static const char *const results[] = {"none", "black", "white", "draw"};
	struct gy_verdict v = gy_game_node_ending(g, node);
	if (v.ending != GY_END_NONE) {
		char foul[GY_USI_MOVE_MAX] = "-";
		size_t n = strlen(out);
		if (gy_game_ending_foul(g, node) != GY_MOVE_NONE)
			gy_usi_write_move(gy_game_ending_foul(g, node), foul);
		snprintf(out + n, size - n, "%s%d,%s,%s,%s,%lld,", n ? " ; " : "", gy_game_ply(g, node),
			 gy_ending_name(v.ending), results[v.result], foul, (long long)gy_game_ending_time(g, node));
		for (const char *c = gy_game_ending_comment(g, node); *c; c++) {
			n = strlen(out);
			if (*c == '\n')
				snprintf(out + n, size - n, "\\n");
			else if (n + 1 < size)
				out[n] = *c, out[n + 1] = '\0';
		}
	}
	for (int c = gy_game_first_child(g, node); c >= 0; c = gy_game_next_sibling(g, c))
		dump_endings(g, c, out, size);
}

/* One case of tests/data/keep.txt. */
static void keep_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[4], got[4096] = "", path[512];
	if (datafile_split(d->line, f) != 3 || !datafile_id_ok(f[0]) || !datafile_id_new(ids, f[0])) {
		char id[48];
		snprintf(id, sizeof id, "roundtrip-3-line-%d", d->lineno);
		check_fail(t, id, "want: id <TAB> FILE <TAB> EXPECT");
		return;
	}
	snprintf(path, sizeof path, "tests/data/keep/%s", f[1]);
	size_t len = 0, ulen = 0;
	char *raw = datafile_slurp(path, &len), *text = NULL;
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad = 0;
	enum gy_err err = raw ? GY_OK : GY_ERR_ARG;
	int fmt = fmt_of(path);
	if (!err && fmt != FMT_CSA)
		err = gy_text_to_utf8(raw, len, gy_text_detect(raw, len, gy_text_enc_for_name(path, strlen(path))),
				      &text, &ulen, NULL);
	if (!err) {
		switch (fmt) {
		case FMT_KIF: err = gy_kif_read(text, ulen, &g, &where, &bad); break;
		case FMT_KI2: err = gy_ki2_read(text, ulen, &g, &where, &bad); break;
		case FMT_CSA: err = gy_csa_read(raw, len, &g, NULL, &where, &bad); break;
		default: err = gy_jkf_read(text, ulen, &g, &where, &bad); break;
		}
	}
	if (err)
		snprintf(got, sizeof got, "%s %d:%d ply %d", datafile_err_name(err), where.line, where.col, bad);
	else
		dump_endings(g, 0, got, sizeof got);
	if (!got[0])
		snprintf(got, sizeof got, "-");
	CHECK(t, f[0], !strcmp(got, f[2]), "%s: got [%s], want [%s]", path, got, f[2]);
	gy_game_destroy(g);
	free(raw);
	free(text);
}

int main(void)
{
	struct check_tally t = {0, 0};
	struct run r = {&t, 0, 0, 0};
	struct stat st;
	gy_init();
	self_cases(&t);
	recordfiles_walk("tests/data/kif", false, run_file, &r);
	recordfiles_walk("tests/data/csa", false, run_file, &r);
	recordfiles_walk("tests/data/jkf", false, run_file, &r);
	recordfiles_walk("tests/data/keep", false, run_file, &r);
	datafile_run(&t, "tests/data/keep.txt", "roundtrip-3", keep_case);
	ending_cases(&t);
	if (stat(RECORDS, &st) || !S_ISDIR(st.st_mode))
		check_skip("roundtrip-1.0", RECORDS " is absent: only tests/data/ records were round-tripped");
	else
		recordfiles_walk(RECORDS, true, run_file, &r);
	printf("# %d files round-tripped in %d formats: %d cases\n", r.files, FMT_NB, r.cases);
	return check_exit(&t);
}
