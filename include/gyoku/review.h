/*
 * gyoku/review.h: game review: how likely a search score is to win, how
 * bad a move was, and the comments a reviewed record carries, written
 * once for every front end (`gyoku analyse`, the server's export of a
 * saved review, the browser through WebAssembly).  No state, thread-safe.
 *
 * Win probability.  A score from the side to move's view is turned into
 * its chance to win by the logistic curve
 *
 *     p = 1 / (1 + exp(-cp / GY_REVIEW_SCALE))
 *
 * whose scale is gyoku's own: `gyoku tune` fits the engine's evaluation
 * to self-play results as sigmoid(K * cp / 400), and the weights built
 * into the engine were fitted with K = 0.31 (data/eval/weights.txt's
 * header; docs/tuning.md), so 400 / 0.31 = 1290 centipawns per unit of
 * the logit: +1000 is about a 68% chance, +3000 about 91%.  (ShogiHome
 * lets the user set this scale, 600 by default, for engines whose scores
 * run steeper; lishogi's curve is of the same shape.)  A mate score is
 * certain: 1 when the side to move mates, 0 when it is mated.
 *
 * Marks.  A move's loss is the drop in the mover's win probability from
 * the best move's score (the search of the position before the move) to
 * the played move's score (the search of the position after it,
 * negated), never below 0.  The marks, by loss, as lishogi (and lichess)
 * mark moves: their thresholds are 0.1, 0.2 and 0.3 on the winning-chance
 * scale -1..1, which are 5, 10 and 15 points of win probability:
 *
 *     best        the move the search chose
 *     good        loss < 5%
 *     inaccuracy  loss >= 5%   (疑問手)
 *     mistake     loss >= 10%  (悪手)
 *     blunder     loss >= 15%  (大悪手)
 *
 * So missing a mate for a move still clearly winning (+2000 is 82%) is a
 * blunder, and any move among hopeless ones (both scores mated) is good.
 */
#ifndef GYOKU_REVIEW_H
#define GYOKU_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "game.h"
#include "position.h"
#include "types.h"

/* The logistic curve's scale in centipawns (above). */
#define GY_REVIEW_SCALE 1290.0

/* The loss thresholds of the marks, in win probability (0..1). */
#define GY_REVIEW_INACCURACY 0.05
#define GY_REVIEW_MISTAKE    0.10
#define GY_REVIEW_BLUNDER    0.15

/*
 * A search score from the side to move's view, as USI reports it: `mate`
 * plies to mate when not 0 (> 0 the side to move mates, < 0 it is
 * mated), else `cp` centipawns.
 */
struct gy_score {
	int cp;
	int mate;
};

/* The marks of a move, from best to worst. */
enum gy_review_mark { GY_MARK_BEST, GY_MARK_GOOD, GY_MARK_INACCURACY, GY_MARK_MISTAKE, GY_MARK_BLUNDER, GY_MARK_NB };

/* The side to move's chance to win with score `s`, 0..1 (above). */
double gy_review_win_prob(struct gy_score s);

/* The score `s` seen from the other side: cp and mate negated. */
struct gy_score gy_review_negate(struct gy_score s);

/*
 * The loss of a move, 0..1: the mover's win probability with `best` (the
 * score of the position before the move) less that with `played` (the
 * score after the move, from the mover's view), at least 0.
 */
double gy_review_loss(struct gy_score best, struct gy_score played);

/*
 * The mark of a move whose loss is `loss` (gy_review_loss); `is_best`
 * when it is the move the search chose (GY_MARK_BEST whatever the loss).
 */
enum gy_review_mark gy_review_mark(double loss, bool is_best);

/* The English name of `m` ("best", "good", "inaccuracy", "mistake", "blunder"), or "?"; static. */
const char *gy_review_mark_name(enum gy_review_mark m);

/*
 * The Japanese word of `m` as analysis tools write it in a record's
 * comments (疑問手, 悪手, 大悪手; UTF-8), "" for best and good, "?" for
 * no mark; static.
 */
const char *gy_review_mark_ja(enum gy_review_mark m);

/* The mark named `s` (gy_review_mark_name's names), or -1. */
int gy_review_mark_by_name(const char *s);

/* The longest line kept of a search for a comment's #読み筋=, in moves. */
enum { GY_REVIEW_PV_MAX = 32 };

/* The search of one position of a reviewed line. */
struct gy_review_search {
	struct gy_score score; /* from the side to move's view */
	bool scored;           /* the search reported a score (or the position needs none) */
	bool over;             /* no legal move: the side to move has lost (score mate -1) */
	gy_move best;          /* the move chosen, GY_MOVE_NONE when none */
	int depth;
	uint64_t nodes;
	int pv_len; /* 0..GY_REVIEW_PV_MAX */
	gy_move pv[GY_REVIEW_PV_MAX];
};

/*
 * The mark of a move from the searches of the positions `before` and
 * `after` it; `is_best` when the move is before's choice.  Its loss
 * (gy_review_loss of before's score and after's negated, 0 when either
 * has no score or the move is the best) into `*loss` when not NULL.
 */
enum gy_review_mark gy_review_judge(const struct gy_review_search *before, const struct gy_review_search *after,
				    bool is_best, double *loss);

/*
 * Writes move `m` of the position `before` as a record's comments name
 * it, its side's mark then Japanese notation ("▲７六歩"), into `buf` of
 * `size` bytes (GY_NOTATION_MAX + 8 is enough); `prev_to` is the previous
 * move's destination (GY_SQ_NONE for none), for 同.
 */
void gy_review_move_text(const struct gy_pos *before, gy_move m, gy_sq prev_to, char *buf, size_t size);

/*
 * True when the comment line `l` of `n` bytes is one of a review's (an
 * earlier analysis's, which a new one replaces).
 */
bool gy_review_is_comment_line(const char *l, size_t n);

/*
 * Sets the comment of move `node` (not the root) of `g` to its review, as
 * ShogiHome's 棋譜解析 writes it: the lines of the comment that are not
 * an earlier review's, then the mark 【疑問手】, 【悪手】 or 【大悪手】
 * with the better move `better` (when `mark` is inaccuracy or worse and
 * `better` is a move), then from the search `after` of the position after
 * the move (when scored): #評価値= from Black's view (or #詰み=先手勝ち:N手,
 * #詰み=後手勝ち when over), #読み筋= (its line, as far as it is legal),
 * and but when over #深さ=, #ノード数= and #エンジン=`engine`.
 */
enum gy_err gy_review_annotate(struct gy_game *g, int node, enum gy_review_mark mark, gy_move better,
			       const struct gy_review_search *after, const char *engine)
	__attribute__((warn_unused_result));

#endif
