/*
 * lib/review.c: game review: win probability of a score and the marks of
 * moves (gyoku/review.h, where the curve and the thresholds are told).
 */
#include "gyoku/review.h"

#include <math.h>
#include <string.h>

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
