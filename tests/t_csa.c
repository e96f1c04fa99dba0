/*
 * tests/t_csa.c: the CSA reader and writer (include/gyoku/csa.h: CSA v2.2
 * and v3.0).
 *   csa-1.x  the files of tests/data/csa/ read with what they hold
 *   csa-2.x  each of them written and read back equal
 *   csa-3.x  every % ending with its verdict, written and read back
 *   csa-4.x  errors: the error, its line and column, the ply of an
 *            illegal move and the game kept up to it
 *   csa-5.x  every *.csa under ../shared/research-data/records/ (when
 *            present): read, written and read back equal
 *   csa-6.x  comment lines (csa.h): tests/data/csa/comments.csa, with
 *            "'*" lines for programs, a "'**" evaluation line and "'"
 *            remarks, read, written as CSA and as KIF and back
 * Run from the repository root.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/csa.h"
#include "gyoku/gyoku.h"
#include "gyoku/kif.h"
#include "recordcmp.h"

#define DATA    "tests/data/csa/"
#define RECORDS "../shared/research-data/records"

static int main_length(const struct gy_game *g) { return gy_game_ply(g, gy_game_main_end(g)); }

/* The headers CSA keeps: all but 手合割, which the start position says (lib/headers.h). */
static bool csa_header(const char *key) { return strcmp(key, "手合割") != 0; }

/* What CSA keeps of a game: the main line with times and comments, the ending, the headers. */
static const struct recordcmp_opts csa_cmp = {true, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_KEPT, csa_header};

/* Writes `g` and reads it back; true when equal (else `why`). */
static bool round_trip(const struct gy_game *g, char *why, size_t size)
{
	char *text = NULL;
	size_t len = 0;
	struct gy_game *back = NULL;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_csa_write(g, &text, &len);
	if (err) {
		snprintf(why, size, "write: %s", gy_strerror(err));
		return false;
	}
	err = gy_csa_read(text, len, &back, NULL, &where, NULL);
	bool ok = !err && recordcmp(g, back, &csa_cmp, why, size);
	if (err)
		snprintf(why, size, "read back: %s at %d:%d", gy_strerror(err), where.line, where.col);
	gy_game_destroy(back);
	free(text);
	return ok;
}

/* Reads the first game of a data file; NULL when it cannot. */
static struct gy_game *read_data(const char *name, enum gy_err *err, struct gy_srcpos *where, int *ply)
{
	char path[256];
	size_t len = 0;
	snprintf(path, sizeof path, DATA "%s", name);
	char *text = datafile_slurp(path, &len);
	struct gy_game *g = NULL;
	*err = text ? gy_csa_read(text, len, &g, NULL, where, ply) : GY_ERR_ARG;
	free(text);
	return g;
}

static bool verdict_is(const struct gy_game *g, enum gy_ending e, enum gy_result r)
{
	int node;
	struct gy_verdict v = gy_game_ending(g, &node);
	return v.ending == e && v.result == r && node == gy_game_main_end(g);
}

static void file_cases(struct check_tally *t)
{
	static const char *const good[] = {"even.csa",  "handicap.csa", "tsume.csa",     "v3.csa",
					   "multi.csa", "twogames.csa", "komabetsu.csa", "crlf.csa"};
	struct gy_game *g[8] = {NULL};
	char sfen[GY_SFEN_MAX], why[512];
	for (int i = 0; i < 8; i++) {
		enum gy_err err;
		struct gy_srcpos w = {0, 0};
		g[i] = read_data(good[i], &err, &w, NULL);
		if (err)
			printf("# %s: %s at %d:%d\n", good[i], gy_strerror(err), w.line, w.col);
	}
	/* csa-1.1: headers, times, %TORYO; a remark "'text" kept with its quote, "'* text" as " text" (csa.h). */
	CHECK(t, "csa-1.1",
	      g[0] && main_length(g[0]) == 5 && gy_game_time(g[0], gy_game_first_child(g[0], 0)) == 12000 &&
		      !strcmp(gy_game_comment(g[0], 0), "'start comment") &&
		      !strcmp(gy_game_comment(g[0], gy_game_first_child(g[0], 0)), "'first move\n engine line") &&
		      !strcmp(gy_game_header(g[0], "先手"), "Sente Player") &&
		      !strcmp(gy_game_header(g[0], "棋戦"), "Test Cup") &&
		      verdict_is(g[0], GY_END_RESIGNATION, GY_RESULT_BLACK_WINS),
	      "even game");
	/* csa-1.2: PI82HI22KA is the two-piece handicap, Gote first. */
	const struct gy_handicap *h = g[1] ? gy_handicap_by_pos(gy_game_start(g[1])) : NULL;
	CHECK(t, "csa-1.2",
	      h && !strcmp(h->id, "two-piece") && main_length(g[1]) == 2 &&
		      gy_game_time(g[1], gy_game_main_end(g[1])) == 2000 &&
		      verdict_is(g[1], GY_END_INTERRUPTION, GY_RESULT_NONE),
	      "handicap game");
	/* csa-1.3: P1-P9 with hands and 00AL. */
	if (g[2])
		gy_sfen_write(gy_game_start(g[2]), sfen, sizeof sfen);
	CHECK(t, "csa-1.3",
	      g[2] && !strcmp(sfen, "6nkl/9/6+Pp1/9/9/9/9/9/5K3 b GS2r2b3g3s3n3l16p 1") &&
		      verdict_is(g[2], GY_END_CHECKMATE, GY_RESULT_BLACK_WINS) &&
		      !strcmp(gy_game_comment(g[2], 0), "'tsume-like position with hands and 00AL"),
	      "tsume start %s", g[2] ? sfen : "(none)");
	/* csa-1.4: v3 with the encoding line, decimal times, UTF-8 names; "'**" is a comment line "*...". */
	int n1 = g[3] ? gy_game_first_child(g[3], 0) : -1;
	CHECK(t, "csa-1.4",
	      g[3] && gy_game_time(g[3], n1) == 500 && gy_game_time(g[3], gy_game_first_child(g[3], n1)) == 6123 &&
		      !strcmp(gy_game_comment(g[3], n1), "* 30 -8384FU") &&
		      !strcmp(gy_game_comment(g[3], gy_game_main_end(g[3])), "読み筋") &&
		      !strcmp(gy_game_header(g[3], "先手"), "先手") &&
		      !strcmp(gy_game_header(g[3], "持ち時間"), "900+0+5") && !strcmp(gy_game_comment(g[3], 0), ""),
	      "v3 file");
	/* csa-1.5: several statements on one line. */
	CHECK(t, "csa-1.5",
	      g[4] && main_length(g[4]) == 4 && gy_game_time(g[4], gy_game_main_end(g[4])) == 4000 &&
		      gy_game_time(g[4], gy_game_first_child(g[4], 0)) == 1000 &&
		      verdict_is(g[4], GY_END_SENNICHITE, GY_RESULT_DRAW),
	      "statements per line");
	/* csa-1.6: two games separated by "/". */
	{
		size_t len = 0, used = 0, used2 = 0, used3 = 0;
		char *text = datafile_slurp(DATA "twogames.csa", &len);
		struct gy_game *second = NULL, *third = NULL;
		enum gy_err e2 = GY_ERR_ARG, e3 = GY_ERR_ARG;
		if (text && g[5] && !gy_csa_read(text, len, &third, &used, NULL, NULL)) {
			gy_game_destroy(third);
			third = NULL;
			e2 = gy_csa_read(text + used, len - used, &second, &used2, NULL, NULL);
			e3 = gy_csa_read(text + used + used2, len - used - used2, &third, &used3, NULL, NULL);
		}
		CHECK(t, "csa-1.6",
		      !e2 && e3 == GY_ERR_CSA_EMPTY && !third && used + used2 == len && main_length(g[5]) == 2 &&
			      !strcmp(gy_game_header(g[5], "先手"), "A") && second &&
			      !strcmp(gy_game_header(second, "先手"), "C") && main_length(second) == 1 &&
			      verdict_is(second, GY_END_DECLARATION, GY_RESULT_WHITE_WINS),
		      "two games: %s, %s", gy_strerror(e2), gy_strerror(e3));
		gy_game_destroy(second);
		free(text);
	}
	/* csa-1.7: P+/P- lists with board squares, no Sente king (a tsume problem). */
	CHECK(t, "csa-1.7",
	      g[6] && main_length(g[6]) == 2 && verdict_is(g[6], GY_END_TIME_FORFEIT, GY_RESULT_WHITE_WINS),
	      "piece lists");
	/* csa-1.8: CRLF line ends, %+ILLEGAL_ACTION with a time after it. */
	CHECK(t, "csa-1.8",
	      g[7] && main_length(g[7]) == 2 && verdict_is(g[7], GY_END_ILLEGAL_MOVE, GY_RESULT_WHITE_WINS), "crlf");
	/* csa-1.9: a comment after a comma on the % line and a time after it (the ending's), the % line repeated. */
	{
		static const char text[] = "V2.2\nPI\n+\n+7776FU\n%KACHI,'* win\nT10\n%KACHI\n";
		struct gy_game *k = NULL;
		enum gy_err err = gy_csa_read(text, sizeof text - 1, &k, NULL, NULL, NULL);
		CHECK(t, "csa-1.9",
		      !err && verdict_is(k, GY_END_DECLARATION, GY_RESULT_WHITE_WINS) &&
			      !strcmp(gy_game_ending_comment(k, gy_game_main_end(k)), " win") &&
			      !*gy_game_comment(k, gy_game_main_end(k)) && gy_game_time(k, gy_game_main_end(k)) == -1 &&
			      gy_game_ending_time(k, gy_game_main_end(k)) == 10000,
		      "repeated %%KACHI: %s", gy_strerror(err));
		gy_game_destroy(k);
	}
	for (int i = 0; i < 8; i++) {
		char id[32];
		snprintf(id, sizeof id, "csa-2.%d", i + 1);
		bool ok = g[i] && round_trip(g[i], why, sizeof why);
		CHECK(t, id, ok, "%s: %s", good[i], g[i] ? why : "not read");
		gy_game_destroy(g[i]);
	}
}

static void ending_cases(struct check_tally *t)
{
	static const struct {
		const char *word;
		enum gy_ending e;
		enum gy_result r; /* White is to move after +7776FU */
	} cases[] = {
		{"TORYO", GY_END_RESIGNATION, GY_RESULT_BLACK_WINS},
		{"CHUDAN", GY_END_INTERRUPTION, GY_RESULT_NONE},
		{"SENNICHITE", GY_END_SENNICHITE, GY_RESULT_DRAW},
		{"OUTE_SENNICHITE", GY_END_PERPETUAL_CHECK, GY_RESULT_BLACK_WINS},
		{"ILLEGAL_MOVE", GY_END_ILLEGAL_MOVE, GY_RESULT_BLACK_WINS},
		{"+ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, GY_RESULT_WHITE_WINS},
		{"-ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, GY_RESULT_BLACK_WINS},
		{"JISHOGI", GY_END_DECLARATION, GY_RESULT_DRAW},
		{"KACHI", GY_END_DECLARATION, GY_RESULT_WHITE_WINS},
		{"HIKIWAKE", GY_END_INTERRUPTION, GY_RESULT_DRAW},
		{"MATTA", GY_END_INTERRUPTION, GY_RESULT_NONE},
		{"TSUMI", GY_END_NO_MOVES, GY_RESULT_BLACK_WINS}, /* not in check: game.h keeps it so */
		{"FUZUMI", GY_END_INTERRUPTION, GY_RESULT_NONE},
		{"ERROR", GY_END_INTERRUPTION, GY_RESULT_NONE},
		{"TIME_UP", GY_END_TIME_FORFEIT, GY_RESULT_BLACK_WINS},
		{"MAX_MOVES", GY_END_MAX_MOVES, GY_RESULT_DRAW},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[128], id[32], why[512] = "";
		int n = snprintf(text, sizeof text, "V2.2\nPI\n+\n+7776FU\n%%%s\n", cases[i].word);
		struct gy_game *g = NULL;
		enum gy_err err = gy_csa_read(text, (size_t)n, &g, NULL, NULL, NULL);
		snprintf(id, sizeof id, "csa-3.%zu", i + 1);
		bool ok = !err && verdict_is(g, cases[i].e, cases[i].r) && round_trip(g, why, sizeof why);
		CHECK(t, id, ok, "%%%s: %s %s", cases[i].word, gy_strerror(err), why);
		gy_game_destroy(g);
	}
}

/* One error case: text (or a data file when it ends in .csa), the error, line, column, ply (-1: no game kept). */
static void error_case(struct check_tally *t, const char *id, const char *text, enum gy_err want, int line, int col,
		       int ply)
{
	struct gy_srcpos w = {0, 0};
	int bad = 0;
	enum gy_err err;
	struct gy_game *g = NULL;
	size_t n = strlen(text);
	if (n > 4 && !strcmp(text + n - 4, ".csa"))
		g = read_data(text, &err, &w, &bad);
	else
		err = gy_csa_read(text, n, &g, NULL, &w, &bad);
	bool kept = ply < 0 ? g == NULL : g != NULL && main_length(g) == ply - 1 && bad == ply;
	CHECK(t, id, err == want && w.line == line && w.col == col && kept,
	      "got %s at %d:%d, ply %d, game %s; want %s at %d:%d, ply %d", gy_strerror(err), w.line, w.col, bad,
	      g ? "kept" : "none", gy_strerror(want), line, col, ply);
	gy_game_destroy(g);
}

static void error_cases(struct check_tally *t)
{
	error_case(t, "csa-4.1", "badline.csa", GY_ERR_CSA_SYNTAX, 5, 1, -1);
	error_case(t, "csa-4.2", "badpiece.csa", GY_ERR_CSA_PIECE, 4, 25, -1);
	error_case(t, "csa-4.3", "truncated.csa", GY_ERR_CSA_SYNTAX, 5, 1, -1);
	error_case(t, "csa-4.4", "illegal.csa", GY_ERR_MOVE_UNREACHABLE, 10, 1, 4);
	/* The game up to the illegal move is kept with its times and comments. */
	{
		struct gy_srcpos w;
		int bad;
		enum gy_err err;
		struct gy_game *g = read_data("illegal.csa", &err, &w, &bad);
		CHECK(t, "csa-4.5",
		      g && !strcmp(gy_game_comment(g, gy_game_main_end(g)), "'the next move jumps over its own pawn") &&
			      gy_game_time(g, gy_game_first_child(g, 0)) == 1000 &&
			      !strcmp(gy_game_header(g, "後手"), "B"),
		      "kept game");
		gy_game_destroy(g);
	}
	error_case(t, "csa-4.6", "V2.2\nPI\n+\n-3334FU\n", GY_ERR_CSA_SIDE, 4, 1, 1);
	error_case(t, "csa-4.7", "V2.2\nPI\n+\n+7776TO\n", GY_ERR_MOVE_CANNOT_PROMOTE, 4, 1, 1);
	error_case(t, "csa-4.8", "V2.2\nPI\n+\n+7776FU,-3334KI\n", GY_ERR_CSA_MOVE_PIECE, 4, 14, 2);
	error_case(t, "csa-4.9", "V2.2\nPI\n+\n+7776FU\nTx\n", GY_ERR_CSA_TIME, 5, 1, -1);
	error_case(t, "csa-4.10", "V2.2\nPI\n+\n+7776FU\n%FOO\n", GY_ERR_CSA_SPECIAL, 5, 1, -1);
	error_case(t, "csa-4.11", "V2.2\nPI\n+7776FU\n", GY_ERR_CSA_NO_SIDE, 3, 1, -1);
	error_case(t, "csa-4.12", "V2.2\nPI\n+\n%TORYO\n+7776FU\n", GY_ERR_CSA_AFTER_END, 5, 1, -1);
	error_case(t, "csa-4.13", "\n'only a comment\n", GY_ERR_CSA_EMPTY, 3, 1, -1);
	error_case(t, "csa-4.14", "PI\nPI\n+\n", GY_ERR_CSA_SETUP, 2, 1, -1);
	/* A second Black king is named as such (sfen-3.26), though it is also a third king of the set. */
	error_case(t, "csa-4.15", "P+59OU\nP-51OU\nP+58OU\n+\n", GY_ERR_TWO_KINGS, 4, 1, -1);
	error_case(t, "csa-4.16", "PI55KY\n+\n", GY_ERR_CSA_PI_PIECE, 1, 3, -1);
	error_case(t, "csa-4.17", "P+59OU\nP-51OU\nP+0AFU\n+\n", GY_ERR_CSA_SQUARE, 3, 3, -1);
	error_case(t, "csa-4.18", "P1 * * *\n", GY_ERR_CSA_ROW, 1, 9, -1);
	error_case(t, "csa-4.19", "V2.2\nN+\xff\n", GY_ERR_CSA_ENCODING, 2, 3, -1);
	error_case(t, "csa-4.20", "'CSA encoding=UTF-8\nN+\xff\n", GY_ERR_CSA_ENCODING, 2, 3, -1);
	error_case(t, "csa-4.21", "'encoding=KLINGON\nPI\n+\n", GY_ERR_CSA_ENCODING, 1, 1, -1);
	/* Shift_JIS and EUC-JP, declared or not. */
	static const char *const legacy[] = {"'encoding=Shift_JIS\nN+\x90\xe6\x8e\xe8\nPI\n+\n",
					     "N+\x90\xe6\x8e\xe8\nPI\n+\n", "N+\xc0\xe8\xbc\xea\nPI\n+\n",
					     "'encoding=EUC-JP\nN+\xc0\xe8\xbc\xea\nPI\n+\n"};
	static const char *const ids[] = {"csa-4.22", "csa-4.23", "csa-4.24", "csa-4.25"};
	for (int i = 0; i < 4; i++) {
		struct gy_game *g = NULL;
		enum gy_err err = gy_csa_read(legacy[i], strlen(legacy[i]), &g, NULL, NULL, NULL);
		CHECK(t, ids[i], !err && !strcmp(gy_game_header(g, "先手"), "先手"), "Shift_JIS / EUC-JP: %s",
		      gy_strerror(err));
		gy_game_destroy(g);
	}
}

/* The errors of a start position no game can reach (usi.h, gy_sfen_parse). */
static bool is_position_error(enum gy_err err)
{
	return err == GY_ERR_TOO_MANY_PIECES || err == GY_ERR_TWO_KINGS || err == GY_ERR_NO_KING ||
	       err == GY_ERR_DEAD_PIECE || err == GY_ERR_NIFU || err == GY_ERR_OPPONENT_IN_CHECK;
}

struct research {
	struct check_tally *t;
	int files;
};

static void research_file(struct research *rs, const char *path)
{
	size_t len = 0, at = 0;
	char *text = datafile_slurp(path, &len);
	char id[32], why[2048] = "";
	snprintf(id, sizeof id, "csa-5.%d", ++rs->files);
	printf("# %s %s\n", id, path);
	if (!text) {
		check_fail(rs->t, id, "%s: cannot read", path);
		return;
	}
	int games = 0;
	bool ok = true;
	for (;;) {
		struct gy_game *g = NULL;
		struct gy_srcpos w = {0, 0};
		size_t used = 0;
		int ply = 0;
		enum gy_err err = gy_csa_read(text + at, len - at, &g, &used, &w, &ply);
		if (err == GY_ERR_CSA_EMPTY && games)
			break;
		games++;
		if ((err && ply > 0) || is_position_error(err)) {
			/* An illegal move or position in the file itself: a clear error (and the game up to the move). */
			printf("# %s game %d: %s at %d:%d, ply %d\n", path, games, gy_strerror(err), w.line, w.col,
			       ply);
		} else if (err) {
			snprintf(why, sizeof why, "%s game %d: %s at %d:%d", path, games, gy_strerror(err), w.line,
				 w.col);
			ok = false;
		}
		if (g && !round_trip(g, why, sizeof why))
			ok = false;
		gy_game_destroy(g);
		at += used;
		if (!ok || at >= len || !used)
			break;
	}
	CHECK(rs->t, id, ok, "%s", why);
	free(text);
}

static void research_dir(struct research *rs, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char *names[512];
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) && n < 512;)
		if (e->d_name[0] != '.')
			names[n++] = strdup(e->d_name);
	closedir(d);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strcmp(names[j], names[i]) < 0) {
				char *x = names[i];
				names[i] = names[j];
				names[j] = x;
			}
	for (int i = 0; i < n; i++) {
		char path[1024];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		size_t l = strlen(path);
		if (!stat(path, &st) && S_ISDIR(st.st_mode))
			research_dir(rs, path);
		else if (l > 4 && !strcmp(path + l - 4, ".csa"))
			research_file(rs, path);
		free(names[i]);
	}
}

/* True when `text` has the line `want` (its end of line left out). */
static bool has_line(const char *text, const char *want)
{
	size_t n = strlen(want);
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !memcmp(p, want, n))
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

/* The first of `lines` (NULL-terminated) that `text` lacks, or NULL. */
static const char *missing_line(const char *text, const char *const *lines)
{
	for (; *lines; lines++)
		if (!has_line(text ? text : "", *lines))
			return *lines;
	return NULL;
}

/*
 * csa-6.x: "'*text" is the comment line "text", "'**text" the line
 * "*text" (KIF writes "**text", as ShogiGUI writes its analysis), a
 * remark "'text" the line "'text" (KIF "*'text"); CSA writes each back as
 * it was, so CSA to CSA and CSA to KIF to CSA give the same text.
 */
static void comment_cases(struct check_tally *t)
{
	static const char *const csa_lines[] = {"'a remark for people, before the game",
						"'*a comment for programs, at the start",
						"'a remark at the start",
						"'** 30 -3334FU +2726FU",
						"'*読み筋のコメント",
						"'remark after move 2",
						"'表題：コメントの例",
						NULL};
	static const char *const kif_lines[] = {"*'a remark for people, before the game",
						"*a comment for programs, at the start",
						"*'a remark at the start",
						"** 30 -3334FU +2726FU",
						"*読み筋のコメント",
						"*'remark after move 2",
						"表題：コメントの例",
						NULL};
	enum gy_err err;
	struct gy_srcpos w = {0, 0};
	struct gy_game *g = read_data("comments.csa", &err, &w, NULL), *k = NULL, *back = NULL;
	char *csa = NULL, *kif = NULL, *csa2 = NULL, *kif2 = NULL;
	size_t len;
	int n1 = g ? gy_game_first_child(g, 0) : -1, n2 = g ? gy_game_first_child(g, n1) : -1;
	CHECK(t, "csa-6.1",
	      g &&
		      !strcmp(gy_game_comment(g, 0),
			      "'a remark for people, before the game\na comment for programs, at "
			      "the start\n'a remark at the start") &&
		      !strcmp(gy_game_comment(g, n1), "* 30 -3334FU +2726FU\n読み筋のコメント") &&
		      !strcmp(gy_game_comment(g, n2), "'remark after move 2") &&
		      !strcmp(gy_game_header(g, "表題"), "コメントの例"),
	      "comments.csa: %s at %d:%d", gy_strerror(err), w.line, w.col);
	if (g && !gy_csa_write(g, &csa, &len) && !gy_kif_write(g, &kif, &len) &&
	    !gy_kif_read(kif, strlen(kif), &k, NULL, NULL) && !gy_csa_write(k, &csa2, &len) &&
	    !gy_csa_read(csa2, strlen(csa2), &back, NULL, NULL, NULL) && gy_kif_write(back, &kif2, &len))
		kif2 = NULL;
	const char *m = missing_line(csa, csa_lines);
	CHECK(t, "csa-6.2", csa && !m, "CSA written lacks the line '%s':\n%s", m ? m : "", csa ? csa : "(none)");
	m = missing_line(kif, kif_lines);
	CHECK(t, "csa-6.3", kif && !m, "KIF written lacks the line '%s':\n%s", m ? m : "", kif ? kif : "(none)");
	CHECK(t, "csa-6.4", csa && csa2 && !strcmp(csa, csa2), "CSA to KIF to CSA:\n%s\nnot as CSA to CSA:\n%s",
	      csa2 ? csa2 : "(none)", csa ? csa : "(none)");
	CHECK(t, "csa-6.5", kif && kif2 && !strcmp(kif, kif2), "KIF to CSA to KIF:\n%s\nnot as before:\n%s",
	      kif2 ? kif2 : "(none)", kif ? kif : "(none)");
	free(csa);
	free(kif);
	free(csa2);
	free(kif2);
	gy_game_destroy(g);
	gy_game_destroy(k);
	gy_game_destroy(back);
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	file_cases(&t);
	ending_cases(&t);
	error_cases(&t);
	comment_cases(&t);
	struct stat st;
	if (stat(RECORDS, &st) || !S_ISDIR(st.st_mode)) {
		check_skip("csa-5.1", RECORDS " is absent");
	} else {
		struct research rs = {&t, 0};
		research_dir(&rs, RECORDS);
		if (!rs.files)
			check_skip("csa-5.1", "no .csa file under " RECORDS);
	}
	return check_exit(&t);
}
