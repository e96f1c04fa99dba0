/*
 * tests/t_kif.c: KIF and KI2 records and text encodings (include/gyoku/kif.h
 * and textenc.h: what is read and written, and the errors with their place).
 *   kif-1.x  the hand-written records of tests/data/kif/: what each holds
 *            (headers, start, times, comments, branches, ending)
 *   kif-2.x  each of them written as KIF and as KI2 and read back equal
 *   kif-3.x  errors: line, column, what was expected, the ply of an
 *            illegal move and the game read up to it
 *   kif-4.x  encodings: Shift_JIS, EUC-JP, the #KIF encoding line
 *   kif-5.x  every record under ../shared/research-data/records/ (when
 *            present) read and round-tripped through KIF and KI2
 *   kif-6.x  start positions of diagrams, tests/data/kif/starts.txt:
 *            id <TAB> file <TAB> SFEN, or id <TAB> file <TAB> ERRNAME
 *            <TAB> line <TAB> column
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/kif.h"
#include "gyoku/textenc.h"
#include "recordcmp.h"

#define DATA     "tests/data/kif/"
#define RESEARCH "../shared/research-data/records"

static bool is_ki2(const char *path)
{
	size_t n = strlen(path);
	return (n > 4 && !strcmp(path + n - 4, ".ki2")) || (n > 5 && !strcmp(path + n - 5, ".ki2u"));
}

/* Reads the record file `path` (any encoding); the game or NULL with the error. */
static struct gy_game *load(const char *path, enum gy_err *err, struct gy_srcpos *where, int *bad_ply,
			    enum gy_text_enc *enc)
{
	size_t len, ulen;
	char *raw = datafile_slurp(path, &len), *text = NULL;
	struct gy_game *g = NULL;
	if (!raw) {
		*err = GY_ERR_ARG;
		return NULL;
	}
	enum gy_text_enc hint = gy_text_enc_for_name(path, strlen(path));
	*enc = gy_text_detect(raw, len, hint);
	*err = gy_text_to_utf8(raw, len, *enc, &text, &ulen, NULL);
	if (!*err)
		*err = (is_ki2(path) ? gy_ki2_read : gy_kif_read)(text, ulen, &g, where, bad_ply);
	free(raw);
	free(text);
	return g;
}

/* Every header but 手合割, which the start position stands for. */
static bool kif_header(const char *key) { return strcmp(key, "手合割") != 0; }

/* True when `x` and `y` hold the same record (headers, start, tree, ending); times only when `times`. */
static bool same_game(const struct gy_game *x, const struct gy_game *y, bool times, char *why, size_t size)
{
	struct recordcmp_opts o = {false, times ? RECORDCMP_TIME_MS : RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_KEPT,
				   kif_header};
	return recordcmp(x, y, &o, why, size);
}

/* Writes `g` as KIF or KI2, reads it back and compares; the reason in `why`. */
static bool round_trip(const struct gy_game *g, bool ki2, char *why, size_t size)
{
	char *text = NULL;
	size_t len;
	struct gy_game *back = NULL;
	struct gy_srcpos where;
	int bad;
	enum gy_err err = (ki2 ? gy_ki2_write : gy_kif_write)(g, &text, &len);
	if (!err)
		err = (ki2 ? gy_ki2_read : gy_kif_read)(text, len, &back, &where, &bad);
	bool ok = false;
	if (err)
		snprintf(why, size, "%s at %d:%d", gy_strerror(err), where.line, where.col);
	else
		ok = same_game(g, back, !ki2, why, size);
	/* A Shift_JIS file of the written text converts back to the same text. */
	char *sjis = NULL, *utf = NULL;
	size_t sl, ul;
	if (ok && (gy_text_from_utf8(text, len, GY_TEXT_CP932, &sjis, &sl) ||
		   gy_text_to_utf8(sjis, sl, GY_TEXT_CP932, &utf, &ul, NULL) || ul != len || memcmp(utf, text, len))) {
		snprintf(why, size, "the Shift_JIS round trip changed the text");
		ok = false;
	}
	if (!ok && getenv("KIF_DUMP") && text)
		fputs(text, stderr);
	free(sjis);
	free(utf);
	free(text);
	gy_game_destroy(back);
	return ok;
}

static int main_length(const struct gy_game *g) { return gy_game_ply(g, gy_game_main_end(g)); }

static void record_cases(struct check_tally *t)
{
	static const char *const files[] = {"even.kifu",          "handicap.kifu", "board.kifu",
					    "branches.kifu",      "game.ki2u",     "handicap_sjis.kif",
					    "branches_eucjp.kif", "game_sjis.ki2", "even_declared.kif"};
	struct gy_game *games[9] = {0};
	enum gy_text_enc encs[9];
	for (int i = 0; i < 9; i++) {
		char path[256], id[32];
		enum gy_err err;
		struct gy_srcpos where = {0, 0};
		int bad = 0;
		snprintf(path, sizeof path, DATA "%s", files[i]);
		games[i] = load(path, &err, &where, &bad, &encs[i]);
		snprintf(id, sizeof id, "kif-1.%d", i + 1);
		CHECK(t, id, games[i] != NULL && !err, "%s: %s at %d:%d", files[i], gy_strerror(err), where.line,
		      where.col);
	}
	struct gy_game *g = games[0];
	int end;
	if (g) {
		struct gy_verdict v = gy_game_ending(g, &end);
		int n1 = gy_game_first_child(g, 0), n4 = n1;
		for (int k = 1; k < 4 && n4 >= 0; k++)
			n4 = gy_game_first_child(g, n4);
		CHECK(t, "kif-1.10",
		      main_length(g) == 5 && v.ending == GY_END_RESIGNATION && v.result == GY_RESULT_BLACK_WINS &&
			      end == gy_game_main_end(g),
		      "even: %d moves, ending %s", main_length(g), gy_ending_name(v.ending));
		CHECK(t, "kif-1.11",
		      !strcmp(gy_game_header(g, "棋戦") ? gy_game_header(g, "棋戦") : "", "テスト棋戦") &&
			      !strcmp(gy_game_header(g, "手合割") ? gy_game_header(g, "手合割") : "", "平手") &&
			      gy_game_header_count(g) == 7,
		      "even: headers (%d)", gy_game_header_count(g));
		CHECK(t, "kif-1.12",
		      gy_game_time(g, n1) == 1000 && n4 >= 0 && gy_game_time(g, n4) == 64000 &&
			      !strcmp(gy_game_comment(g, 0), "開始局面のコメント") &&
			      !strcmp(gy_game_comment(g, n1), "初手のコメント\n二行目") &&
			      !strcmp(gy_game_comment(g, gy_game_main_end(g)), "&しおり"),
		      "even: times and comments");
	}
	g = games[1];
	if (g) {
		char sfen[GY_SFEN_MAX];
		gy_sfen_write(gy_game_start(g), sfen, sizeof sfen);
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "kif-1.13",
		      !strcmp(sfen, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1") &&
			      main_length(g) == 3 && v.ending == GY_END_INTERRUPTION,
		      "handicap: %s, %d moves", sfen, main_length(g));
	}
	g = games[2];
	if (g) {
		char sfen[GY_SFEN_MAX];
		gy_sfen_write(gy_game_start(g), sfen, sizeof sfen);
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "kif-1.14",
		      !strcmp(sfen, "4k4/9/4P4/9/9/9/9/9/4K4 b G2S2p 1") && main_length(g) == 1 &&
			      v.ending == GY_END_CHECKMATE && v.result == GY_RESULT_BLACK_WINS,
		      "board: %s, %d moves, %s", sfen, main_length(g), gy_ending_name(v.ending));
	}
	g = games[3];
	if (g) {
		/* Main line 5 moves; variations at ply 4 (two moves) and ply 2 (two moves). */
		int n1 = gy_game_first_child(g, 0), n2 = gy_game_first_child(g, n1), n3 = gy_game_first_child(g, n2);
		int alt2 = gy_game_next_sibling(g, n2), alt4 = gy_game_next_sibling(g, gy_game_first_child(g, n3));
		CHECK(t, "kif-1.15",
		      main_length(g) == 5 && alt2 >= 0 && alt4 >= 0 && gy_game_first_child(g, alt2) >= 0 &&
			      gy_game_first_child(g, alt4) >= 0 && !strcmp(gy_game_comment(g, alt4), "変化のコメント"),
		      "branches: the tree");
	}
	g = games[4];
	if (g) {
		struct gy_verdict v = gy_game_ending(g, &end);
		CHECK(t, "kif-1.16",
		      main_length(g) == 7 && v.ending == GY_END_RESIGNATION && v.result == GY_RESULT_BLACK_WINS,
		      "ki2: %d moves", main_length(g));
	}
	char why[1024];
	for (int i = 0; i < 9; i++) {
		char id[32];
		if (!games[i])
			continue;
		snprintf(id, sizeof id, "kif-2.%d", 2 * i + 1);
		CHECK(t, id, round_trip(games[i], false, why, sizeof why), "%s as KIF: %s", files[i], why);
		snprintf(id, sizeof id, "kif-2.%d", 2 * i + 2);
		CHECK(t, id, round_trip(games[i], true, why, sizeof why), "%s as KI2: %s", files[i], why);
	}
	/* Encodings of the converted copies. */
	CHECK(t, "kif-4.1", encs[5] == GY_TEXT_CP932 && encs[7] == GY_TEXT_CP932, "Shift_JIS detected");
	CHECK(t, "kif-4.2", encs[6] == GY_TEXT_EUCJP, "EUC-JP detected: %s", gy_text_enc_name(encs[6]));
	CHECK(t, "kif-4.3", encs[8] == GY_TEXT_CP932 && encs[0] == GY_TEXT_UTF8, "encoding line and UTF-8");
	char *w = NULL;
	if (games[1] && games[5] && games[3] && games[6] && games[4] && games[7] && games[0] && games[8])
		CHECK(t, "kif-4.4",
		      same_game(games[1], games[5], true, why, sizeof why) &&
			      same_game(games[3], games[6], true, why, sizeof why) &&
			      same_game(games[4], games[7], true, why, sizeof why) &&
			      same_game(games[0], games[8], true, why, sizeof why),
		      "converted copies read the same: %s", why);
	/* KI2 written with the minimal words. */
	size_t wl;
	if (games[4] && !gy_ki2_write(games[4], &w, &wl))
		CHECK(t, "kif-4.5",
		      strstr(w, "▲５八金右") && strstr(w, "△５二金左") && strstr(w, "△同　銀") &&
			      strstr(w, "▲７八金\n") && strstr(w, "まで7手で先手の勝ち"),
		      "KI2 words: %s", w);
	free(w);
	w = NULL;
	if (games[0] && !gy_kif_write(games[0], &w, &wl))
		CHECK(t, "kif-4.6",
		      strstr(w, "   4 同　銀(31)   ( 1:04/00:01:06)\n") &&
			      strstr(w, "   6 投了         ( 0:06/00:01:12)\n") && strstr(w, "\n&しおり\n") &&
			      strstr(w, "   5 ４五角打     ( 0:05/00:00:09)"),
		      "KIF lines: %s", w);
	free(w);
	char *sj = NULL, *back = NULL;
	size_t sl, bl;
	enum gy_err e1 = gy_text_from_utf8("☗", strlen("☗"), GY_TEXT_CP932, &sj, &sl);
	enum gy_err e2 = gy_text_to_utf8("\x82\xA0\xFF", 3, GY_TEXT_CP932, &back, &bl, NULL);
	CHECK(t, "kif-4.7", e1 == GY_ERR_TEXT_ENCODING && e2 == GY_ERR_TEXT_ENCODING && !sj && !back,
	      "unmappable and invalid bytes are refused");
	for (int i = 0; i < 9; i++)
		gy_game_destroy(games[i]);
}

/* One error case: text read as KIF (or KI2) gives `want` at line:col, with `ply` and `moves` read. */
static void error_case(struct check_tally *t, const char *id, bool ki2, const char *text, enum gy_err want, int line,
		       int col, int ply, int moves)
{
	struct gy_game *g = NULL;
	struct gy_srcpos where;
	int bad = -1;
	enum gy_err err = (ki2 ? gy_ki2_read : gy_kif_read)(text, strlen(text), &g, &where, &bad);
	int got = g ? main_length(g) : -1;
	CHECK(t, id, err == want && where.line == line && where.col == col && bad == ply && (ply ? got == moves : !g),
	      "got %s (%s) at %d:%d, ply %d, %d moves", datafile_err_name(err), gy_strerror(err), where.line, where.col,
	      bad, got);
	gy_game_destroy(g);
}

/*
 * 変化：N手 branches from the most recent line that has a move N: here the
 * second variation (ply 4) continues the first one (ply 2), not the main line.
 */
static void branch_rule_cases(struct check_tally *t)
{
	static const char text[] = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
				   "変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)\n   4 ８五歩(84)\n"
				   "変化：4手\n   4 ３四歩(33)\n";
	struct gy_game *g = NULL;
	struct gy_srcpos where;
	int bad;
	enum gy_err err = gy_kif_read(text, strlen(text), &g, &where, &bad);
	bool ok = !err;
	if (ok) {
		int n1 = gy_game_first_child(g, 0), v2 = gy_game_next_sibling(g, gy_game_first_child(g, n1));
		int v3 = v2 >= 0 ? gy_game_first_child(g, v2) : -1;
		int v4 = v3 >= 0 ? gy_game_first_child(g, v3) : -1;
		ok = main_length(g) == 4 && v4 >= 0 && gy_game_next_sibling(g, v4) >= 0;
	}
	CHECK(t, "kif-1.17", ok, "the later branch joins the most recent line: %s", gy_strerror(err));
	gy_game_destroy(g);
}

static void error_cases(struct check_tally *t)
{
	enum gy_err err;
	struct gy_srcpos where = {0, 0};
	int bad = 0;
	enum gy_text_enc enc;
	struct gy_game *g = load(DATA "illegal.kifu", &err, &where, &bad, &enc);
	CHECK(t, "kif-3.1",
	      err == GY_ERR_MOVE_UNREACHABLE && bad == 3 && where.line == 5 && where.col == 6 && g &&
		      main_length(g) == 2,
	      "illegal move: %s at %d:%d ply %d", gy_strerror(err), where.line, where.col, bad);
	gy_game_destroy(g);
	g = load(DATA "bad_move.kifu", &err, &where, &bad, &enc);
	CHECK(t, "kif-3.2", err == GY_ERR_NOTATION_SYNTAX && bad == 2 && where.line == 3 && g && main_length(g) == 1,
	      "bad move text: %s at %d:%d ply %d", gy_strerror(err), where.line, where.col, bad);
	gy_game_destroy(g);
	g = load(DATA "bad_header.kifu", &err, &where, &bad, &enc);
	CHECK(t, "kif-3.3", err == GY_ERR_KIF_HEADER && !g && where.line == 2 && where.col == 5 && bad == 0,
	      "bad header: %s at %d:%d", gy_strerror(err), where.line, where.col);
	gy_game_destroy(g);
	error_case(t, "kif-3.4", false, "   1 ７六歩(77) junk\n", GY_ERR_KIF_SYNTAX, 1, 14, 0, 0);
	error_case(t, "kif-3.5", false, "   1 ７六歩(77)\n   3 ３四歩(33)\n", GY_ERR_KIF_MOVE_NUMBER, 2, 4, 0, 0);
	error_case(t, "kif-3.6", false, "   1 ７六歩(77) ( 0:1x/00:00:01)\n", GY_ERR_KIF_TIME, 1, 19, 0, 0);
	error_case(t, "kif-3.7", false, "   1 ７六歩(77)\n変化：3手\n", GY_ERR_KIF_BRANCH, 2, 4, 0, 0);
	error_case(t, "kif-3.8", false, "こんにちは\n", GY_ERR_KIF_SYNTAX, 1, 1, 0, 0);
	error_case(t, "kif-3.9", false, "：値\n", GY_ERR_KIF_HEADER, 1, 1, 0, 0);
	error_case(t, "kif-3.10", false, "| ・ ・|一\n", GY_ERR_KIF_BOARD, 1, 6, 0, 0);
	error_case(t, "kif-3.11", true, "▲７六歩 △３四歩 ▲７六歩\n", GY_ERR_NOTATION_NO_MATCH, 1, 11, 3, 2);
	error_case(t, "kif-3.12", true, "▲７六歩 ▲３四歩\n", GY_ERR_NOTATION_SIDE, 1, 6, 2, 1);
	error_case(t, "kif-3.13", false, "先手の持駒：歩\n", GY_ERR_KIF_BOARD, 1, 1, 0, 0);
}

/* One line of tests/data/kif/starts.txt: the start position of a file, or its refusal. */
static void start_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48], path[256];
	snprintf(lid, sizeof lid, "kif-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if ((nf != 3 && nf != 5) || !datafile_id_ok(f[0]) || !datafile_id_new(ids, f[0])) {
		check_fail(t, lid,
			   "malformed line or repeated id (want id<TAB>file<TAB>SFEN|ERRNAME<TAB>line<TAB>col)");
		return;
	}
	snprintf(path, sizeof path, DATA "%s", f[1]);
	enum gy_err err;
	struct gy_srcpos where = {0, 0};
	int bad = 0;
	enum gy_text_enc enc;
	struct gy_game *g = load(path, &err, &where, &bad, &enc);
	if (nf == 5) {
		int want = datafile_err_from_name(f[2], strlen(f[2]));
		CHECK(t, f[0],
		      !g && (int)err == want && where.line == datafile_number(f[3]) &&
			      where.col == datafile_number(f[4]),
		      "%s: %s at %d:%d, expected %s at %s:%s", f[1], datafile_err_name(err), where.line, where.col,
		      f[2], f[3], f[4]);
	} else if (!g || err) {
		check_fail(t, f[0], "%s: %s at %d:%d", f[1], gy_strerror(err), where.line, where.col);
	} else {
		char sfen[GY_SFEN_MAX];
		gy_sfen_write(gy_game_start(g), sfen, sizeof sfen);
		CHECK(t, f[0], !strcmp(sfen, f[2]), "%s: start %s, expected %s", f[1], sfen, f[2]);
	}
	gy_game_destroy(g);
}

/* Every record file under `dir`, recursively, read and round-tripped. */
static void research_dir(struct check_tally *t, const char *dir, int *n, int *clean)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t l = strlen(e->d_name);
		bool rec = (l > 4 && (!strcmp(e->d_name + l - 4, ".kif") || !strcmp(e->d_name + l - 4, ".ki2"))) ||
			   (l > 5 && (!strcmp(e->d_name + l - 5, ".kifu") || !strcmp(e->d_name + l - 5, ".ki2u")));
		if (!rec) {
			research_dir(t, path, n, clean);
			continue;
		}
		char id[32], why[1024] = "";
		enum gy_err err;
		struct gy_srcpos where = {0, 0};
		int bad = 0;
		enum gy_text_enc enc;
		struct gy_game *g = load(path, &err, &where, &bad, &enc);
		snprintf(id, sizeof id, "kif-5.%d", ++*n);
		if (err && bad > 0) {
			/* A deliberately illegal record: the error names the ply, the game is kept up to it. */
			CHECK(t, id, g && main_length(g) == bad - 1, "%s: ply %d but %d moves kept", e->d_name, bad,
			      g ? main_length(g) : -1);
		} else if (err) {
			CHECK(t, id, false, "%s (%s): %s at %d:%d", e->d_name, gy_text_enc_name(enc), gy_strerror(err),
			      where.line, where.col);
		} else {
			bool ok = round_trip(g, false, why, sizeof why);
			if (ok && !round_trip(g, true, why, sizeof why)) {
				ok = false;
				snprintf(why + strlen(why), sizeof why - strlen(why), " (as KI2)");
			}
			CHECK(t, id, ok, "%s: round trip: %s", e->d_name, why);
			*clean += ok;
		}
		gy_game_destroy(g);
	}
	closedir(d);
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	record_cases(&t);
	branch_rule_cases(&t);
	error_cases(&t);
	datafile_run(&t, DATA "starts.txt", "kif", start_case);
	DIR *d = opendir(RESEARCH);
	if (!d) {
		check_skip("kif-5.1", RESEARCH " is absent");
	} else {
		closedir(d);
		int n = 0, clean = 0;
		research_dir(&t, RESEARCH, &n, &clean);
		printf("research records: %d read and round-tripped cleanly of %d\n", clean, n);
	}
	return check_exit(&t);
}
