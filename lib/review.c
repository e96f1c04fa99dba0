/*
 * lib/review.c: game review: win probability of a score, the marks of
 * moves and the comments of a reviewed record (gyoku/review.h, where the
 * curve, the thresholds and the comment lines are told).
 */
#include "gyoku/review.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "gyoku/movegen.h"
#include "gyoku/notation.h"

double gy_review_win_prob(struct gy_score s)
{
	if (s.mate)
		return s.mate > 0 ? 1.0 : 0.0;
	return 1.0 / (1.0 + exp(-(double)s.cp / GY_REVIEW_SCALE));
}

struct gy_score gy_review_negate(struct gy_score s)
{
	struct gy_score n = {-s.cp, -s.mate};
	return n;
}

double gy_review_loss(struct gy_score best, struct gy_score played)
{
	double loss = gy_review_win_prob(best) - gy_review_win_prob(played);
	return loss > 0 ? loss : 0;
}

enum gy_review_mark gy_review_mark(double loss, bool is_best)
{
	if (is_best)
		return GY_MARK_BEST;
	if (loss >= GY_REVIEW_BLUNDER)
		return GY_MARK_BLUNDER;
	if (loss >= GY_REVIEW_MISTAKE)
		return GY_MARK_MISTAKE;
	if (loss >= GY_REVIEW_INACCURACY)
		return GY_MARK_INACCURACY;
	return GY_MARK_GOOD;
}

static const char *const mark_names[GY_MARK_NB] = {"best", "good", "inaccuracy", "mistake", "blunder"};
static const char *const mark_ja[GY_MARK_NB] = {"", "", "疑問手", "悪手", "大悪手"};

const char *gy_review_mark_name(enum gy_review_mark m) { return (unsigned)m < GY_MARK_NB ? mark_names[m] : "?"; }

const char *gy_review_mark_ja(enum gy_review_mark m) { return (unsigned)m < GY_MARK_NB ? mark_ja[m] : "?"; }

int gy_review_mark_by_name(const char *s)
{
	for (int i = 0; s && i < GY_MARK_NB; i++)
		if (!strcmp(mark_names[i], s))
			return i;
	return -1;
}

enum gy_review_mark gy_review_judge(const struct gy_review_search *before, const struct gy_review_search *after,
				    bool is_best, double *loss)
{
	double l = !is_best && before->scored && after->scored
			   ? gy_review_loss(before->score, gy_review_negate(after->score))
			   : 0;
	if (loss)
		*loss = l;
	return gy_review_mark(l, is_best);
}

/* The side mark of `color` as KIF writes it (▲ and △ are in Shift_JIS, ☗ and ☖ are not). */
static const char *side_mark(int color) { return color == GY_BLACK ? "▲" : "△"; }

void gy_review_move_text(const struct gy_pos *before, gy_move m, gy_sq prev_to, char *buf, size_t size)
{
	char t[GY_NOTATION_MAX];
	gy_notation_write(before, m, prev_to, GY_NOTATION_JAPANESE, false, t, sizeof t);
	snprintf(buf, size, "%s%s", side_mark(before->side), t);
}

bool gy_review_is_comment_line(const char *l, size_t n)
{
	static const char *const heads[] = {
		"#評価値=",   "#詰み=",           "#読み筋=",       "#深さ=",          "#ノード数=",
		"#エンジン=", "【疑問手】最善手", "【悪手】最善手", "【大悪手】最善手"};
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (n >= strlen(heads[i]) && !memcmp(l, heads[i], strlen(heads[i])))
			return true;
	return false;
}

/* Appends the formatted text to `b` (at most one line of a comment). */
static void buf_printf(struct gy__buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(struct gy__buf *b, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n > 0)
		gy__buf_put(b, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* The analysis lines of the search `s` of the position `after` a move to `prev_to`. */
static void search_lines(struct gy__buf *b, const struct gy_review_search *s, const struct gy_pos *after, gy_sq prev_to,
			 const char *engine)
{
	int sign = after->side == GY_BLACK ? 1 : -1;
	if (s->score.mate) {
		int m = s->score.mate * sign;
		gy__buf_puts(b, m > 0 ? "#詰み=先手勝ち" : "#詰み=後手勝ち");
		if (!s->over)
			buf_printf(b, ":%d手", abs(m));
		gy__buf_puts(b, "\n");
	} else {
		buf_printf(b, "#評価値=%d\n", s->score.cp * sign);
	}
	if (s->pv_len > 0) {
		struct gy_pos p = *after;
		gy__buf_puts(b, "#読み筋=");
		for (int i = 0; i < s->pv_len && i < GY_REVIEW_PV_MAX && gy_move_is_legal(&p, s->pv[i]); i++) {
			char mv[GY_NOTATION_MAX + 8];
			struct gy_undo u;
			gy_review_move_text(&p, s->pv[i], prev_to, mv, sizeof mv);
			gy__buf_puts(b, mv);
			prev_to = gy_move_to(s->pv[i]);
			gy_pos_do(&p, s->pv[i], &u);
		}
		gy__buf_puts(b, "\n");
	}
	if (!s->over)
		buf_printf(b, "#深さ=%d\n#ノード数=%llu\n#エンジン=%s\n", s->depth, (unsigned long long)s->nodes,
			   engine ? engine : "");
}

enum gy_err gy_review_annotate(struct gy_game *g, int node, enum gy_review_mark mark, gy_move better,
			       const struct gy_review_search *after, const char *engine)
{
	int parent = gy_game_parent(g, node);
	if (node <= 0 || parent < 0 || !after)
		return GY_ERR_ARG;
	struct gy_pos before, pos;
	enum gy_err e = gy_game_position(g, parent, &before);
	if (!e)
		e = gy_game_position(g, node, &pos);
	if (e)
		return e;
	gy_sq prev_to = parent > 0 ? gy_move_to(gy_game_move(g, parent)) : GY_SQ_NONE;
	struct gy__buf b = {0};
	/* The comment's own lines, but those of an earlier review. */
	for (const char *old = gy_game_comment(g, node); old && *old;) {
		size_t n = strcspn(old, "\n");
		if (!gy_review_is_comment_line(old, n)) {
			gy__buf_put(&b, old, n);
			gy__buf_puts(&b, "\n");
		}
		old += n + (old[n] == '\n');
	}
	if (mark >= GY_MARK_INACCURACY && mark < GY_MARK_NB) {
		char mv[GY_NOTATION_MAX + 8] = "";
		if (better != GY_MOVE_NONE && gy_move_is_legal(&before, better))
			gy_review_move_text(&before, better, prev_to, mv, sizeof mv);
		buf_printf(&b, "【%s】最善手 %s\n", gy_review_mark_ja(mark), mv);
	}
	if (after->scored)
		search_lines(&b, after, &pos, gy_move_to(gy_game_move(g, node)), engine);
	if (b.nomem) {
		free(b.s);
		return GY_ERR_NOMEM;
	}
	if (b.len && b.s[b.len - 1] == '\n')
		b.s[--b.len] = '\0';
	e = gy_game_set_comment(g, node, b.s ? b.s : "");
	free(b.s);
	return e;
}
