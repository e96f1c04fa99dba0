/*
 * dev/match_stats.c: match statistics (match_stats.h gives the formulas
 * and their sources).
 */
#include "match_stats.h"

#include <math.h>

/* The 97.5% quantile of the standard normal distribution. */
static const double Z_975 = 1.959963984540054;

/* fishtest LLRcalc.regularize: every count at least this. */
static const double REGULARIZE_MIN = 1e-3;

double match_score(const struct match_wdl *r)
{
	int n = r->wins + r->draws + r->losses;
	return n ? (r->wins + 0.5 * r->draws) / n : 0.5;
}

double match_elo(double score)
{
	if (score <= 0)
		return -INFINITY;
	if (score >= 1)
		return INFINITY;
	return -400 * log10(1 / score - 1);
}

/* The per-game variance of the score for counts w, d, l (total n) around mean s. */
static double variance(double w, double d, double l, double n, double s)
{
	return (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
}

double match_elo_error(const struct match_wdl *r)
{
	int n = r->wins + r->draws + r->losses;
	if (n == 0)
		return NAN;
	double s = match_score(r);
	double sd = sqrt(variance(r->wins, r->draws, r->losses, n, s)) / sqrt(n);
	double lo = s - Z_975 * sd, hi = s + Z_975 * sd;
	if (lo <= 0 || hi >= 1)
		return NAN;
	return (match_elo(hi) - match_elo(lo)) / 2;
}

double match_los(const struct match_wdl *r)
{
	int decisive = r->wins + r->losses;
	if (decisive == 0)
		return 0.5;
	return 0.5 * (1 + erf((r->wins - r->losses) / sqrt(2.0 * decisive)));
}

double match_sprt_llr(const struct match_wdl *r, const struct match_sprt *s)
{
	if (r->wins + r->draws + r->losses == 0)
		return 0;
	double w = fmax(r->wins, REGULARIZE_MIN);
	double d = fmax(r->draws, REGULARIZE_MIN);
	double l = fmax(r->losses, REGULARIZE_MIN);
	double n = w + d + l;
	double mu = (w + 0.5 * d) / n;
	double var = variance(w, d, l, n, mu);
	double s0 = 1 / (1 + pow(10, -s->elo0 / 400));
	double s1 = 1 / (1 + pow(10, -s->elo1 / 400));
	return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var);
}

void match_sprt_bounds(const struct match_sprt *s, double *lower, double *upper)
{
	*lower = log(s->beta / (1 - s->alpha));
	*upper = log((1 - s->beta) / s->alpha);
}

enum match_sprt_decision match_sprt_decide(const struct match_wdl *r, const struct match_sprt *s)
{
	/* A decision must survive one more game going the other way (see match_stats.h). */
	struct match_wdl one_more_loss = *r, one_more_win = *r;
	one_more_loss.losses++;
	one_more_win.wins++;
	double lo, hi, llr = match_sprt_llr(r, s);
	match_sprt_bounds(s, &lo, &hi);
	if (llr >= hi && match_sprt_llr(&one_more_loss, s) >= hi)
		return MATCH_SPRT_H1;
	if (llr <= lo && match_sprt_llr(&one_more_win, s) <= lo)
		return MATCH_SPRT_H0;
	return MATCH_SPRT_CONTINUE;
}
