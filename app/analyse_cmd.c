/*
 * app/analyse_cmd.c: `gyoku analyse RECORD [--time S | --nodes N | --depth
 * D] [--hash MB] [-o OUT]`: game review.  Reads a record in any format
 * gyoku reads (record.h), searches every position of its main line with
 * the engine in this process (gyoku/engine.h, one thread), and marks each
 * move by the drop in the mover's win probability (gyoku/review.h, where
 * the curve and the thresholds are): the best move's score is the search
 * of the position before the move, the played move's the search of the
 * position after it, negated; so a record of N moves takes N + 1
 * searches.
 *
 * With -o the record is written as KIF (Shift_JIS; UTF-8 for a .kifu name
 * or "-") with the existing comments kept and, after them on each move,
 * the lines ShogiHome's 棋譜解析 writes: a mark 【疑問手】, 【悪手】 or
 * 【大悪手】 with the better move, then #評価値= (from Black's view) or
 * #詰み=先手勝ち:N手, #読み筋= (the line from the position after the
 * move), #深さ=, #ノード数= and #エンジン=; the lines of an earlier
 * analysis are replaced, so a record analysed again holds one (the
 * lines are composed by gy_review_annotate, which the server's export of
 * a saved review uses too).  On stdout: each marked move
 * and, per side, the counts of the marks and the average loss.  A
 * progress bar goes to stderr when it is a terminal.  Exit status: 0, 1
 * when the record cannot be read or the output written, 2 for a usage
 * error.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/gyoku.h"
#include "gyoku/review.h"

static void an_on_info(void *ctx, const struct gy_info *info)
{
	struct gy_review_search *s = ctx;
	if (info->multipv > 1)
		return;
	s->score.cp = info->mate ? 0 : info->score_cp;
	s->score.mate = info->mate;
	s->scored = true;
	s->depth = info->depth;
	s->nodes = info->nodes;
	s->pv_len = info->pv_len < GY_REVIEW_PV_MAX ? info->pv_len : GY_REVIEW_PV_MAX;
	if (s->pv_len > 0)
		memcpy(s->pv, info->pv, (size_t)s->pv_len * sizeof *s->pv);
}

static void an_on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	struct gy_review_search *s = ctx;
	(void)ponder;
	/* A resignation still names the line's first move, the best defence. */
	s->best = kind == GY_BEST_MOVE ? move : s->pv_len > 0 ? s->pv[0] : GY_MOVE_NONE;
	if (!s->scored && kind == GY_BEST_WIN) {
		s->score = (struct gy_score){0, 1};
		s->scored = true;
	}
}

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku analyse RECORD [--time S | --nodes N | --depth D] [--hash MB] [-o OUT]\n"
	      "  searches every position of the record's main line and marks each move by the\n"
	      "  mover's loss of win probability: inaccuracy (5%), mistake (10%), blunder (15%)\n"
	      "  RECORD  KIF, KI2, CSA, JKF, SFEN or USI (any encoding gyoku reads; '-': stdin)\n"
	      "  --time S   seconds per position    --nodes N  nodes per position\n"
	      "  --depth D  plies per position      (default: --nodes 200000; one thread)\n"
	      "  --hash MB  the engine's hash (default 64)\n"
	      "  -o OUT     the record as KIF with the analysis in its comments (ShogiHome's\n"
	      "             #評価値= and #読み筋= lines, 【悪手】 and the better move): Shift_JIS,\n"
	      "             UTF-8 when OUT ends in .kifu or is '-'\n"
	      "prints the marked moves and, per side, the marks and the average loss\n",
	      f);
	return status;
}

/* Draws the progress bar (`done` of `total` searches) on stderr. */
static void an_progress(int done, int total)
{
	enum { WIDTH = 30 };
	int fill = total ? done * WIDTH / total : WIDTH;
	fprintf(stderr, "\ranalysing [%.*s%*s] %d/%d", fill, "##############################", WIDTH - fill, "", done,
		total);
	if (done == total)
		fprintf(stderr, "\r%*s\r", WIDTH + 40, "");
	fflush(stderr);
}

/* Reads the record `path` into `*g`; 0, or 1 with the message printed. */
static int an_read(const char *path, struct gy_game **g)
{
	size_t len = 0;
	char *text = NULL, why[ARGS_WHY_MAX];
	if (args_read_file(path, &text, &len, why, sizeof why)) {
		fprintf(stderr, "gyoku analyse: %s\n", why);
		return 1;
	}
	bool stdin_ = !strcmp(path, "-");
	int f = (int)gy_record_format_of(stdin_ ? NULL : path, text, len);
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0;
	enum gy_err err =
		gy_record_read(text, len, (enum gy_record_format)f, stdin_ ? NULL : path, g, &where, &bad_ply);
	free(text);
	if (err) {
		fprintf(stderr, "gyoku analyse: %s:%d:%d: %s", path, where.line, where.col, gy_strerror(err));
		if (bad_ply > 0)
			fprintf(stderr, " (ply %d)", bad_ply);
		fputc('\n', stderr);
		gy_game_destroy(*g);
		*g = NULL;
		return 1;
	}
	return 0;
}

/* Searches the position after the first `n` of `moves` into `*s`; false when the engine failed. */
static bool an_search_one(struct gy_engine *e, struct gy_review_search *s, const struct gy_game *g,
			  const gy_move *moves, int n, const struct gy_limits *lim)
{
	struct gy_pos p;
	struct gy_movelist list = {0};
	memset(s, 0, sizeof *s);
	if (gy_engine_set_position(e, gy_game_start(g), moves, n) != GY_OK)
		return false;
	p = *gy_engine_position(e);
	if (!gy_gen(&p, GY_GEN_LEGAL, &list)) {
		/* Mated (or no move at all): lost, nothing to search. */
		s->over = s->scored = true;
		s->score = (struct gy_score){0, -1};
		return true;
	}
	if (gy_engine_go(e, lim) != GY_OK)
		return false;
	gy_engine_wait(e);
	return true;
}

/* Writes `g` to `out` as KIF (UTF-8 for .kifu and "-"); 0, or 1 with the message printed. */
static int an_write(const struct gy_game *g, const char *out)
{
	bool to_stdout = !strcmp(out, "-");
	enum gy_record_format f =
		to_stdout || gy_record_format_by_path(out) == GY_RECORD_KIFU ? GY_RECORD_KIFU : GY_RECORD_KIF;
	char *text = NULL;
	size_t len = 0;
	enum gy_err err = gy_record_write(g, f, &text, &len);
	if (err) {
		fprintf(stderr, "gyoku analyse: writing %s: %s%s\n", out, gy_strerror(err),
			err == GY_ERR_TEXT_ENCODING && f == GY_RECORD_KIF
				? " (a .kif is Shift_JIS: name it .kifu for UTF-8)"
				: "");
		return 1;
	}
	FILE *fp = to_stdout ? stdout : fopen(out, "wb");
	bool ok = fp && fwrite(text, 1, len, fp) == len;
	if (fp && !to_stdout && fclose(fp) != 0)
		ok = false;
	free(text);
	if (!ok) {
		fprintf(stderr, "gyoku analyse: cannot write %s\n", out);
		return 1;
	}
	return 0;
}

/* The per-side tally of the summary. */
struct an_tally {
	int moves, marks[GY_MARK_NB];
	double loss;
};

int cmd_analyse(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	struct gy_limits lim = {0};
	double seconds = 0;
	int hash = 64, limits = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (args_is_help(a))
			return usage(stdout, 0);
		bool more = i + 1 < argc;
		if (!strcmp(a, "--time") && more) {
			if (!args_double("gyoku analyse", a, argv[++i], 0.001, 86400, &seconds))
				return 2;
			lim.movetime = (int64_t)(seconds * 1000 + 0.5);
			limits++;
		} else if (!strcmp(a, "--nodes") && more) {
			if (!args_u64("gyoku analyse", a, argv[++i], &lim.nodes))
				return 2;
			if (!lim.nodes) {
				fprintf(stderr, "gyoku analyse: --nodes: '0' is not a whole number from 1\n");
				return 2;
			}
			limits++;
		} else if (!strcmp(a, "--depth") && more) {
			if (!args_int("gyoku analyse", a, argv[++i], 1, 100, &lim.depth))
				return 2;
			limits++;
		} else if (!strcmp(a, "--hash") && more) {
			if (!args_int("gyoku analyse", a, argv[++i], 1, 65536, &hash))
				return 2;
		} else if (!strcmp(a, "-o") && more) {
			out = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "gyoku analyse: unknown option or missing value: '%s'\n", a);
			return usage(stderr, 2);
		} else if (!in) {
			in = a;
		} else {
			fprintf(stderr, "gyoku analyse: one record at a time: '%s'\n", a);
			return usage(stderr, 2);
		}
	}
	if (!in)
		return usage(stderr, 2);
	if (limits > 1) {
		fputs("gyoku analyse: --time, --nodes or --depth, one of them\n", stderr);
		return usage(stderr, 2);
	}
	if (!limits)
		lim.nodes = 200000;

	struct gy_game *g = NULL;
	if (an_read(in, &g))
		return 1;
	/* The main line: its nodes and moves. */
	int n = 0, cap = gy_game_node_count(g);
	int *nodes = malloc((size_t)cap * sizeof *nodes);
	gy_move *moves = malloc((size_t)cap * sizeof *moves);
	struct gy_review_search *res = calloc((size_t)cap + 1, sizeof *res);
	struct gy_engine *e = NULL;
	struct gy_review_search cur;
	struct gy_engine_callbacks cb = {&cur, an_on_info, an_on_bestmove, NULL, NULL};
	char hash_text[16];
	snprintf(hash_text, sizeof hash_text, "%d", hash);
	int status = 1;
	if (!nodes || !moves || !res || gy_engine_create(&e, &cb) != GY_OK ||
	    gy_engine_set_option(e, "USI_Hash", hash_text) != GY_OK ||
	    gy_engine_set_option(e, "Threads", "1") != GY_OK) {
		fputs("gyoku analyse: out of memory\n", stderr);
		goto done;
	}
	nodes[0] = 0;
	for (int c = gy_game_first_child(g, 0); c >= 0; c = gy_game_first_child(g, c)) {
		moves[n] = gy_game_move(g, c);
		nodes[++n] = c;
	}
	if (!n) {
		fprintf(stderr, "gyoku analyse: %s: the record has no moves\n", in);
		goto done;
	}
	bool tty = isatty(2);
	for (int k = 0; k <= n; k++) {
		if (tty)
			an_progress(k, n + 1);
		if (!an_search_one(e, &cur, g, moves, k, &lim)) {
			fprintf(stderr, "gyoku analyse: the engine failed at ply %d\n", k);
			goto done;
		}
		res[k] = cur;
	}
	if (tty)
		an_progress(n + 1, n + 1);

	/* Marks, comments and the summary (on stderr when the record goes to stdout). */
	FILE *sum = out && !strcmp(out, "-") ? stderr : stdout;
	struct an_tally tally[GY_COLOR_NB] = {0};
	struct gy_pos before;
	gy_sq prev_to = GY_SQ_NONE;
	for (int k = 0; k < n; k++) {
		if (gy_game_position(g, nodes[k], &before) != GY_OK)
			goto done;
		const struct gy_review_search *b = &res[k], *a = &res[k + 1];
		double loss;
		enum gy_review_mark mark = gy_review_judge(b, a, b->best != GY_MOVE_NONE && b->best == moves[k], &loss);
		char played[GY_NOTATION_MAX + 8], better[GY_NOTATION_MAX + 8] = "";
		gy_review_move_text(&before, moves[k], prev_to, played, sizeof played);
		if (b->best != GY_MOVE_NONE)
			gy_review_move_text(&before, b->best, prev_to, better, sizeof better);
		struct an_tally *t = &tally[before.side];
		t->moves++;
		t->marks[mark]++;
		t->loss += loss;
		if (mark >= GY_MARK_INACCURACY)
			fprintf(sum, "%d %s %s (loss %.1f%%), best %s\n", k + 1, played, gy_review_mark_name(mark),
				100 * loss, better);
		if (out) {
			enum gy_err err = gy_review_annotate(g, nodes[k + 1], mark, b->best, a, "gyoku");
			if (err) {
				fprintf(stderr, "gyoku analyse: ply %d: %s\n", k + 1, gy_strerror(err));
				goto done;
			}
		}
		prev_to = gy_move_to(moves[k]);
	}
	for (int c = GY_BLACK; c < GY_COLOR_NB; c++) {
		const struct an_tally *t = &tally[c];
		fprintf(sum, "%s: %d moves, inaccuracies %d, mistakes %d, blunders %d, average loss %.1f%%\n",
			c == GY_BLACK ? "Black" : "White", t->moves, t->marks[GY_MARK_INACCURACY],
			t->marks[GY_MARK_MISTAKE], t->marks[GY_MARK_BLUNDER],
			t->moves ? 100 * t->loss / t->moves : 0.0);
	}
	fflush(stdout);
	status = out ? an_write(g, out) : 0;
done:
	gy_engine_destroy(e);
	free(res);
	free(moves);
	free(nodes);
	gy_game_destroy(g);
	return status;
}
