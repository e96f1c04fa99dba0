/*
 * tests/t_jkf.c: JKF records read and written (include/gyoku/jkf.h:
 * JSON Kifu Format, read and written).
 *   jkf-1.x  tests/data/jkf/ records read: moves, times, comments,
 *            headers, start positions, variations, endings
 *   jkf-2.x  each record written and read back equal (moves, variations,
 *            times, comments, headers, ending, final SFEN)
 *   jkf-3.x  errors: broken JSON with line and column, a wrong type, an
 *            illegal move with its ply and the game before it kept; every
 *            error with the line and column of the wrong value
 *   jkf-5.x  gy__json_locate: values found by path through escapes, surrogate
 *            pairs, multi-byte characters and nesting; missing steps
 *   jkf-4.x  every *.jkf under ../shared/research-data/records/ read and
 *            round-tripped (SKIP when the directory is absent)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/game.h"
#include "gyoku/gyoku.h"
#include "gyoku/jkf.h"
#include "json_locate.h"
#include "recordcmp.h"

#define DATA     "tests/data/jkf/"
#define RESEARCH "../shared/research-data/records"

/* Reads the file `name` of tests/data/jkf/; NULL (with *err) on failure. */
static struct gy_game *read_file(const char *path, enum gy_err *err, struct gy_srcpos *where, int *bad_ply)
{
	size_t len;
	char *text = datafile_slurp(path, &len);
	struct gy_game *g = NULL;
	*err = text ? gy_jkf_read(text, len, &g, where, bad_ply) : GY_ERR_ARG;
	free(text);
	return g;
}

/* The SFEN at `node`. */
static void sfen_at(const struct gy_game *g, int node, char *buf)
{
	struct gy_pos p;
	buf[0] = '\0';
	if (!gy_game_position(g, node, &p))
		gy_sfen_write(&p, buf, GY_SFEN_MAX);
}

/* What JKF keeps: everything, the headers exactly. */
static const struct recordcmp_opts jkf_cmp = {false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_EXACT, NULL};

/* Writes `g`, reads it back and compares; true when equal (else `why`). */
static bool round_trip(const struct gy_game *g, char *why, size_t size)
{
	char *text = NULL;
	size_t len = 0;
	struct gy_game *back = NULL;
	enum gy_err err = gy_jkf_write(g, &text, &len);
	if (!err)
		err = gy_jkf_read(text, len, &back, NULL, NULL);
	bool ok = !err && recordcmp(g, back, &jkf_cmp, why, size);
	if (err)
		snprintf(why, size, "%s", gy_strerror(err));
	free(text);
	gy_game_destroy(back);
	return ok;
}

/* The node at `ply` of the main line. */
static int main_node(const struct gy_game *g, int ply)
{
	int n = 0;
	for (int i = 0; i < ply && n >= 0; i++)
		n = gy_game_first_child(g, n);
	return n;
}

static void record_cases(struct check_tally *t)
{
	char why[256], sfen[GY_SFEN_MAX];
	enum gy_err err;
	int end;

	/* An even game with times (one with a fraction), comments, 同, a drop, TORYO. */
	struct gy_game *g = read_file(DATA "even.jkf", &err, NULL, NULL);
	CHECK(t, "jkf-1.1", g && gy_game_ply(g, gy_game_main_end(g)) == 5, "even.jkf: %s", gy_strerror(err));
	if (g) {
		struct gy_verdict v = gy_game_ending(g, &end);
		sfen_at(g, gy_game_main_end(g), sfen);
		CHECK(t, "jkf-1.2",
		      gy_game_time(g, main_node(g, 1)) == 3000 && gy_game_time(g, main_node(g, 2)) == 61500 &&
			      gy_game_time(g, main_node(g, 5)) == 3720000,
		      "times %lld %lld", (long long)gy_game_time(g, main_node(g, 1)),
		      (long long)gy_game_time(g, main_node(g, 2)));
		CHECK(t, "jkf-1.3",
		      !strcmp(gy_game_comment(g, 0), "対局開始\n二行目") &&
			      !strcmp(gy_game_comment(g, main_node(g, 1)), "角道を開ける") &&
			      !strcmp(gy_game_header(g, "後手"), "後手花子"),
		      "comments and headers");
		CHECK(t, "jkf-1.4",
		      v.ending == GY_END_RESIGNATION && v.result == GY_RESULT_BLACK_WINS && end == gy_game_main_end(g),
		      "ending %s", gy_ending_name(v.ending));
		CHECK(t, "jkf-1.5",
		      !strcmp(sfen, "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"), "final %s",
		      sfen);
		CHECK(t, "jkf-2.1", round_trip(g, why, sizeof why), "even.jkf: %s", why);
		char *text = NULL;
		err = gy_jkf_write(g, &text, NULL);
		CHECK(t, "jkf-2.2",
		      !err && strstr(text, "\"same\": true") && strstr(text, "\"promote\": true") &&
			      strstr(text, "\"capture\": \"UM\"") && strstr(text, "\"special\": \"TORYO\"") &&
			      strstr(text, "\"preset\": \"HIRATE\"") && strstr(text, "\"s\": 1.5") &&
			      strstr(text, "\"total\""),
		      "written fields");
		free(text);
		gy_game_destroy(g);
	}

	/* A handicap game: the giver (Gote) moves first. */
	g = read_file(DATA "handicap.jkf", &err, NULL, NULL);
	sfen_at(g, 0, sfen);
	CHECK(t, "jkf-1.6", g && !strcmp(sfen, gy_handicap_by_id("bishop", 6)->sfen), "handicap.jkf: %s %s",
	      gy_strerror(err), sfen);
	if (g) {
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "jkf-1.7", v.ending == GY_END_INTERRUPTION && gy_game_ply(g, end) == 3, "ending %s",
		      gy_ending_name(v.ending));
		CHECK(t, "jkf-2.3", round_trip(g, why, sizeof why), "handicap.jkf: %s", why);
		gy_game_destroy(g);
	}

	/* An OTHER start with pieces in hand, mate by a drop. */
	g = read_file(DATA "other.jkf", &err, NULL, NULL);
	sfen_at(g, 0, sfen);
	CHECK(t, "jkf-1.8", g && !strcmp(sfen, "4k4/9/p3G4/9/9/9/8P/9/4K4 b G2Pr 1"), "other.jkf: %s %s",
	      gy_strerror(err), sfen);
	if (g) {
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "jkf-1.9", v.ending == GY_END_CHECKMATE && v.result == GY_RESULT_BLACK_WINS, "ending %s",
		      gy_ending_name(v.ending));
		char *text = NULL;
		err = gy_jkf_write(g, &text, NULL);
		CHECK(t, "jkf-2.4", !err && strstr(text, "\"OTHER\"") && strstr(text, "\"hands\""), "OTHER written");
		free(text);
		CHECK(t, "jkf-2.5", round_trip(g, why, sizeof why), "other.jkf: %s", why);
		gy_game_destroy(g);
	}

	/* Forks, with a fork inside a fork. */
	g = read_file(DATA "forks.jkf", &err, NULL, NULL);
	CHECK(t, "jkf-1.10", g && gy_game_ply(g, gy_game_main_end(g)) == 4, "forks.jkf: %s", gy_strerror(err));
	if (g) {
		int alt = gy_game_next_sibling(g, gy_game_first_child(g, 0));
		int alt2 = alt >= 0 ? gy_game_first_child(g, alt) : -1;
		int inner = alt2 >= 0 ? gy_game_next_sibling(g, alt2) : -1;
		int inner_end = inner >= 0 ? gy_game_first_child(g, inner) : -1;
		int late = gy_game_next_sibling(g, main_node(g, 3));
		CHECK(t, "jkf-1.11",
		      alt >= 0 && !strcmp(gy_game_comment(g, alt), "居飛車") && inner >= 0 &&
			      gy_game_time(g, inner) == 7000 && inner_end >= 0 && gy_game_ply(g, inner_end) == 3 &&
			      late >= 0 && !strcmp(gy_game_comment(g, late), "振り飛車\n含み"),
		      "variation tree");
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "jkf-1.12", v.ending == GY_END_NONE, "a special in a fork is not the game's ending");
		CHECK(t, "jkf-2.6", round_trip(g, why, sizeof why), "forks.jkf: %s", why);
		gy_game_destroy(g);
	}
}

static void error_cases(struct check_tally *t)
{
	struct gy_srcpos where = {0, 0};
	enum gy_err err;
	int bad = -1;
	struct gy_game *g = read_file(DATA "broken.jkf", &err, &where, &bad);
	CHECK(t, "jkf-3.1", !g && err == GY_ERR_JKF_SYNTAX && where.line == 5 && where.col > 40,
	      "broken.jkf: %s at %d:%d", gy_strerror(err), where.line, where.col);
	g = read_file(DATA "wrongtype.jkf", &err, &where, &bad);
	CHECK(t, "jkf-3.2", !g && err == GY_ERR_JKF_HEADER && where.line == 1 && where.col == 19,
	      "wrongtype.jkf: %s at %d:%d", gy_strerror(err), where.line, where.col);
	g = read_file(DATA "illegal.jkf", &err, &where, &bad);
	CHECK(t, "jkf-3.3",
	      g && err == GY_ERR_MOVE_UNREACHABLE && bad == 3 && gy_game_ply(g, gy_game_main_end(g)) == 2 &&
		      !strcmp(gy_game_header(g, "先手"), "A") && where.line == 7 && where.col == 14,
	      "illegal.jkf: %s, ply %d at %d:%d", gy_strerror(err), bad, where.line, where.col);
	gy_game_destroy(g);

	/* Inline cases: each a record, the error it gives and where. */
#define M76 "{\"move\": {\"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"piece\": \"FU\"}"
	static const struct {
		const char *id, *text;
		enum gy_err err;
		int line, col;
	} cases[] = {
		{"jkf-3.4", "[1, 2]", GY_ERR_JKF_SYNTAX, 1, 1},
		{"jkf-3.5", "{\"moves\": 3}", GY_ERR_JKF_MOVES, 1, 11},
		{"jkf-3.6", "{\"initial\": {\"preset\": \"XX\"}}", GY_ERR_JKF_INITIAL, 1, 24},
		{"jkf-3.7", "{\"moves\": [{}, {\"move\": {\"to\": {\"x\": 0, \"y\": 1}, \"piece\": \"FU\"}}]}",
		 GY_ERR_JKF_MOVE, 1, 25},
		{"jkf-3.8", "{\"moves\": [{}, {\"special\": \"NOPE\"}]}", GY_ERR_JKF_SPECIAL, 1, 28},
		{"jkf-3.9",
		 "{\"moves\": [{}, {\"move\": {\"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, "
		 "\"piece\": \"FU\", \"color\": 1}}]}",
		 GY_ERR_JKF_SIDE, 1, 25},
		{"jkf-3.10",
		 "{\"moves\": [{}, {\"move\": {\"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, "
		 "\"piece\": \"KY\"}}]}",
		 GY_ERR_JKF_MOVE_PIECE, 1, 25},
		{"jkf-3.11", "{\"moves\": [{}, {\"move\": {\"to\": {\"x\": 5, \"y\": 5}, \"piece\": \"KA\"}}]}",
		 GY_ERR_MOVE_NOT_IN_HAND, 1, 25},
		{"jkf-3.12", "{\"moves\": [{\"comments\": \"x\"}]}", GY_ERR_JKF_MOVES, 1, 25},
		{"jkf-3.13", "{\"moves\": [{}], \"moves\": []}", GY_ERR_JKF_SYNTAX, 1, 23},
		{"jkf-3.14", "{\"moves\": [{}, " M76 ", \"forks\": [{}]}]}", GY_ERR_JKF_FORKS, 1, 102},
		{"jkf-3.15", "{\"moves\": [{}, " M76 ", \"forks\": 5}]}", GY_ERR_JKF_FORKS, 1, 101},
		{"jkf-3.16", "{\"moves\": [{}, " M76 ", \"time\": {\"now\": {\"m\": -1}}}]}", GY_ERR_JKF_TIME, 1, 100},
		{"jkf-3.17", "{\"moves\": [{}, " M76 ", \"comments\": [1]}]}", GY_ERR_JKF_MOVES, 1, 104},
		{"jkf-3.18", "{\"moves\": [{}, 7]}", GY_ERR_JKF_MOVES, 1, 16},
		{"jkf-3.19", "{\"initial\": 4}", GY_ERR_JKF_INITIAL, 1, 13},
		{"jkf-3.20", "{\"initial\": {\"preset\": \"OTHER\", \"data\": {\"board\": []}}}", GY_ERR_JKF_INITIAL, 1,
		 41},
		{"jkf-3.21", "{\"header\": []}", GY_ERR_JKF_HEADER, 1, 12},
		/* A fork's illegal move, on the third line under a multi-byte header. */
		{"jkf-3.22",
		 "{\"header\": {\"先手\": \"羽生\"},\n\"moves\": [{},\n " M76 ", \"forks\": [[{\"move\": "
		 "{\"from\": {\"x\": 2, \"y\": 8}, \"to\": {\"x\": 2, \"y\": 2}, \"piece\": \"HI\"}}]]}]}",
		 GY_ERR_MOVE_UNREACHABLE, 3, 98},
		/* A fork that ends in a special, then a fork with a bad move: the place is still the second fork's. */
		{"jkf-3.23",
		 "{\"moves\": [{}, " M76 ", \"forks\": [[{\"special\": \"TORYO\"}], [{\"move\": {\"to\": "
		 "{\"x\": 0, \"y\": 1}, \"piece\": \"FU\"}}]]}]}",
		 GY_ERR_JKF_MOVE, 1, 136},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		g = NULL;
		err = gy_jkf_read(cases[i].text, strlen(cases[i].text), &g, &where, &bad);
		CHECK(t, cases[i].id, err == cases[i].err && where.line == cases[i].line && where.col == cases[i].col,
		      "%s: gave %s at %d:%d, want %s at %d:%d", cases[i].text, gy_strerror(err), where.line, where.col,
		      gy_strerror(cases[i].err), cases[i].line, cases[i].col);
		gy_game_destroy(g);
	}
#undef M76
}

/* gy__json_locate on its own: a path written "key/3/key" (numbers are indices) and the place it gives. */
static void locate_cases(struct check_tally *t)
{
	static const struct {
		const char *id, *text, *path;
		int line, col;
	} cases[] = {
		{"jkf-5.1", "  {\"a\": 1}", "", 1, 3},
		{"jkf-5.2", "{\"a\": 1, \"b\": [10, {\"c\": true}]}", "b/1/c", 1, 26},
		{"jkf-5.3", "{\"a\": \"x,}]\\\"{\", \"b\": 2}", "b", 1, 23},
		{"jkf-5.4", "{\"\\u5148\\u624b\": 5}", "先手", 1, 18},
		{"jkf-5.5", "{\"\\ud83d\\ude00\": 6, \"😀\": 7}", "😀", 1, 18},
		{"jkf-5.6", "{\"k\": \"日本語\", \"m\": [[1,\n  2], {\"n\":\n\t null}]}", "m/1/n", 3, 3},
		{"jkf-5.7", "{\"k\": \"日本語\", \"z\": 1}", "z", 1, 19},
		{"jkf-5.8", "{\"a\": [1, 2]}", "a/5", 1, 7},
		{"jkf-5.9", "{\"a\": [1, 2]}", "b", 1, 1},
		{"jkf-5.10", "{\"a\": 3}", "a/0", 1, 7},
		{"jkf-5.11", "{\"a\": [1, 2", "a/1", 1, 11},
		{"jkf-5.12", "{\"a\": [1, 2", "a/2", 1, 7},
		{"jkf-5.13", " \n ", "", 0, 0},
		{"jkf-5.14", "{\"a\\\"b\": {\"x\": {}}, \"a\": 9}", "a", 1, 26},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char keys[8][32];
		struct json_step path[8];
		int n = 0;
		for (const char *p = cases[i].path; *p && n < 8;) {
			size_t k = strcspn(p, "/");
			snprintf(keys[n], sizeof keys[n], "%.*s", (int)k, p);
			char *end;
			unsigned long index = strtoul(keys[n], &end, 10);
			path[n] = *end || end == keys[n] ? (struct json_step){keys[n], 0}
							 : (struct json_step){NULL, index};
			n++;
			p += k + (p[k] == '/');
		}
		struct gy_srcpos at = gy__json_locate(cases[i].text, strlen(cases[i].text), path, n);
		CHECK(t, cases[i].id, at.line == cases[i].line && at.col == cases[i].col,
		      "%s at '%s': %d:%d, want %d:%d", cases[i].text, cases[i].path, at.line, at.col, cases[i].line,
		      cases[i].col);
	}
}

/* Reads and round-trips every *.jkf under `dir`, recursively; counts them in `*n`. */
static void research_dir(struct check_tally *t, const char *dir, int *n)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		char path[4096], id[64], why[256];
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode)) {
			research_dir(t, path, n);
			continue;
		}
		size_t l = strlen(e->d_name);
		if (l < 4 || strcmp(e->d_name + l - 4, ".jkf"))
			continue;
		enum gy_err err;
		struct gy_srcpos where = {0, 0};
		int bad = 0;
		struct gy_game *g = read_file(path, &err, &where, &bad);
		snprintf(id, sizeof id, "jkf-4.%d", ++*n);
		if (err) {
			check_fail(t, id, "%s: %s at %d:%d ply %d", path, gy_strerror(err), where.line, where.col, bad);
		} else {
			CHECK(t, id, round_trip(g, why, sizeof why), "%s: %s", path, why);
		}
		gy_game_destroy(g);
	}
	closedir(d);
}

/*
 * jkf-5.N: every handicap preset with a JKF name is written as that
 * preset and read back at the same start (the name lives in the preset
 * table, handicap.h, for the reader and the writer alike; the writer
 * once lacked nine-piece and wrote its board out as OTHER).
 */
static void preset_cases(struct check_tally *t)
{
	for (int i = 0; i < GY_HANDICAP_NB; i++) {
		const struct gy_handicap *h = gy_handicap_at(i);
		char id[32], want[64], sfen[GY_SFEN_MAX];
		struct gy_pos start;
		struct gy_game *g = NULL, *back = NULL;
		char *text = NULL;
		size_t len = 0;
		snprintf(id, sizeof id, "jkf-5.%d", i + 1);
		snprintf(want, sizeof want, "\"preset\": \"%s\"", h->jkf ? h->jkf : "OTHER");
		enum gy_err err = gy_sfen_parse(&start, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL);
		if (!err)
			err = gy_game_create(&g, &start);
		if (!err)
			err = gy_jkf_write(g, &text, &len);
		if (!err)
			err = gy_jkf_read(text, len, &back, NULL, NULL);
		if (!err)
			gy_sfen_write(gy_game_start(back), sfen, sizeof sfen);
		CHECK(t, id, !err && strstr(text, want) && !strcmp(sfen, h->sfen), "%s: %s; %s", h->id,
		      err ? gy_strerror(err) : "written", err ? "" : text);
		free(text);
		gy_game_destroy(g);
		gy_game_destroy(back);
	}
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	record_cases(&t);
	preset_cases(&t);
	error_cases(&t);
	locate_cases(&t);
	struct stat st;
	if (stat(RESEARCH, &st) == 0 && S_ISDIR(st.st_mode)) {
		int n = 0;
		research_dir(&t, RESEARCH, &n);
		if (n == 0)
			check_skip("jkf-4.0", "no *.jkf under " RESEARCH);
	} else {
		check_skip("jkf-4.0", RESEARCH " is absent");
	}
	return check_exit(&t);
}
