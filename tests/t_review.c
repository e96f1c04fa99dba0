/*
 * tests/t_review.c: game review (gyoku/review.h): the win probability of
 * a score and the marks of moves, as data (style.md rule 13).  Reads
 * tests/data/review.txt (or the file given as argument), one case a line,
 * of two kinds:
 *
 *   id <TAB> prob <TAB> SCORE <TAB> P
 *   id <TAB> mark <TAB> BEST <TAB> PLAYED <TAB> CHOSEN <TAB> MARK <TAB> LOSS
 *
 * SCORE, BEST and PLAYED are scores from the mover's view: a number of
 * centipawns ("-300") or "mate N" (N plies, negative: mated).  P is the
 * win probability gy_review_win_prob gives and LOSS the loss of
 * gy_review_loss, both in percent with one decimal ("68.5").  CHOSEN is
 * "chosen" when the played move is the search's choice, else "-"; MARK
 * is the mark's name (best good inaccuracy mistake blunder), and the
 * Japanese word of the mark must come back to the same mark.
 * Then review-4.x: the comments of a reviewed record (gy_review_annotate)
 * and the mark of a move from two searches (gy_review_judge).
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/review.h"

/* Parses a score ("-300", "mate 5", "mate -2") into `*s`; false when malformed. */
static bool parse_score(const char *t, struct gy_score *s)
{
	char *end;
	bool mate = !strncmp(t, "mate ", 5);
	long v = strtol(mate ? t + 5 : t, &end, 10);
	if (*end || end == (mate ? t + 5 : t) || (mate && v == 0) || v < -100000 || v > 100000)
		return false;
	s->cp = mate ? 0 : (int)v;
	s->mate = mate ? (int)v : 0;
	return true;
}

/* Parses the USI move `u` in `p`; GY_MOVE_NONE when it is not one. */
static gy_move usi_move(const struct gy_pos *p, const char *u)
{
	gy_move m = GY_MOVE_NONE;
	struct gy_srcpos where;
	return gy_usi_parse_move(p, u, strlen(u), &m, &where) ? GY_MOVE_NONE : m;
}

/* review-4.x: gy_review_annotate's lines on a two-move game, and gy_review_judge. */
static void annotate_cases(struct check_tally *t)
{
	struct gy_pos start, p;
	struct gy_srcpos where;
	struct gy_game *g = NULL;
	int n1 = -1, n2 = -1;
	bool ok = !gy_sfen_parse(&start, GY_SFEN_START, strlen(GY_SFEN_START), GY_SFEN_STRICT, &where) &&
		  !gy_game_create(&g, &start);
	p = start;
	gy_move m1 = usi_move(&p, "7g7f");
	ok = ok && m1 && !gy_game_add(g, 0, m1, &n1) && !gy_game_position(g, n1, &p);
	gy_move m2 = usi_move(&p, "3c3d"), better = usi_move(&p, "8c8d");
	ok = ok && m2 && !gy_game_add(g, n1, m2, &n2) && !gy_game_position(g, n2, &p) &&
	     !gy_game_set_comment(g, n2, "keep\n#評価値=5\n【悪手】最善手 ▲２六歩\nalso");
	struct gy_review_search after = {.score = {120, 0}, .scored = true, .depth = 3, .nodes = 100, .pv_len = 2};
	after.pv[0] = usi_move(&p, "2g2f");
	ok = ok && after.pv[0];
	const char *want = "keep\nalso\n【大悪手】最善手 △８四歩\n#評価値=120\n#読み筋=▲２六歩△８四歩\n#深さ=3\n"
			   "#ノード数=100\n#エンジン=gyoku";
	struct gy_pos q = p;
	struct gy_undo u;
	if (ok) {
		gy_pos_do(&q, after.pv[0], &u);
		after.pv[1] = usi_move(&q, "8c8d");
	}
	ok = ok && after.pv[1] && !gy_review_annotate(g, n2, GY_MARK_BLUNDER, better, &after, "gyoku");
	const char *got = ok ? gy_game_comment(g, n2) : "";
	CHECK(t, "review-4.1", ok && !strcmp(got, want),
	      "the comment of a blunder: own lines kept, an earlier review's replaced:\n%s\nwant\n%s", got, want);
	/* White to move after ▲７六歩: the score turns to Black's view; a mate for the side to move. */
	struct gy_review_search w = {.score = {50, 0}, .scored = true, .depth = 1, .nodes = 7};
	ok = ok && !gy_review_annotate(g, n1, GY_MARK_GOOD, GY_MOVE_NONE, &w, "x");
	got = ok ? gy_game_comment(g, n1) : "";
	CHECK(t, "review-4.2", ok && !strcmp(got, "#評価値=-50\n#深さ=1\n#ノード数=7\n#エンジン=x"),
	      "White to move: #評価値 from Black's view: %s", got);
	w.score = (struct gy_score){0, 3};
	ok = ok && !gy_review_annotate(g, n1, GY_MARK_GOOD, GY_MOVE_NONE, &w, "x");
	got = ok ? gy_game_comment(g, n1) : "";
	CHECK(t, "review-4.3", ok && !strcmp(got, "#詰み=後手勝ち:3手\n#深さ=1\n#ノード数=7\n#エンジン=x"),
	      "a mate for White: %s", got);
	CHECK(t, "review-4.4", g && gy_review_annotate(g, 0, GY_MARK_GOOD, GY_MOVE_NONE, &w, "x") == GY_ERR_ARG,
	      "the root has no move to comment");
	/* gy_review_judge: the best move loses nothing; a move from +300 to -2000 is a blunder; no score, no loss. */
	struct gy_review_search b = {.score = {300, 0}, .scored = true}, a = {.score = {2000, 0}, .scored = true};
	double loss = -1;
	enum gy_review_mark m = gy_review_judge(&b, &a, false, &loss);
	bool judged = m == GY_MARK_BLUNDER && loss > 0.3;
	judged = judged && gy_review_judge(&b, &a, true, &loss) == GY_MARK_BEST && loss == 0;
	a.scored = false;
	judged = judged && gy_review_judge(&b, &a, false, &loss) == GY_MARK_GOOD && loss == 0;
	CHECK(t, "review-4.5", judged, "gy_review_judge");
	gy_game_destroy(g);
}

int main(int argc, char **argv)
{
	gy_init();
	struct check_tally t = {0, 0};
	struct datafile d;
	const char *path = argc > 1 ? argv[1] : "tests/data/review.txt";
	if (!datafile_open(&d, path)) {
		perror(path);
		return 1;
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS], lineid[32], got[32];
		int n = datafile_split(d.line, f);
		snprintf(lineid, sizeof lineid, "review-line-%d", d.lineno);
		struct gy_score a, b;
		if (n == 4 && !strcmp(f[1], "prob") && parse_score(f[2], &a)) {
			snprintf(got, sizeof got, "%.1f", 100 * gy_review_win_prob(a));
			CHECK(&t, f[0], !strcmp(got, f[3]), "win probability of %s: %s%%, not %s%%", f[2], got, f[3]);
		} else if (n == 7 && !strcmp(f[1], "mark") && parse_score(f[2], &a) && parse_score(f[3], &b) &&
			   (!strcmp(f[4], "chosen") || !strcmp(f[4], "-")) && gy_review_mark_by_name(f[5]) >= 0) {
			double loss = gy_review_loss(a, b);
			enum gy_review_mark m = gy_review_mark(loss, !strcmp(f[4], "chosen"));
			const char *ja = gy_review_mark_ja(m);
			bool ja_ok = m <= GY_MARK_GOOD ? !*ja : (*ja && strcmp(ja, "?"));
			snprintf(got, sizeof got, "%.1f", 100 * loss);
			CHECK(&t, f[0], !strcmp(gy_review_mark_name(m), f[5]) && !strcmp(got, f[6]) && ja_ok,
			      "best %s, played %s: %s (%s) with loss %s%%, not %s with %s%%", f[2], f[3],
			      gy_review_mark_name(m), ja, got, f[5], f[6]);
		} else {
			check_fail(&t, lineid, "want 'id prob SCORE P' or 'id mark BEST PLAYED CHOSEN MARK LOSS'");
		}
	}
	datafile_close(&d);
	CHECK(&t, "review-3.1",
	      !strcmp(gy_review_mark_name(GY_MARK_NB), "?") && !strcmp(gy_review_mark_ja(GY_MARK_NB), "?") &&
		      gy_review_mark_by_name("nothing") < 0 && gy_review_mark_by_name(NULL) < 0 &&
		      !strcmp(gy_review_mark_ja(GY_MARK_BLUNDER), "大悪手"),
	      "the names of no mark");
	annotate_cases(&t);
	return check_exit(&t);
}
