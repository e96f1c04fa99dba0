/*
 * dev/match_stats.h: the statistics of a match from its wins, draws and
 * losses (from the first engine's point of view): score, Elo difference
 * with its 95% error bar, likelihood of superiority, and the sequential
 * probability ratio test.
 *
 * Formulas (as cutechess-cli's elo.cpp and fishtest's LLRcalc.py):
 * - score s = (W + D/2) / N; Elo = -400 log10(1/s - 1) (logistic);
 * - error bar: the per-game standard deviation of the score
 *   sigma = sqrt((W (1-s)^2 + D (1/2-s)^2 + L s^2) / N), the 95% interval
 *   s +/- 1.959964 sigma / sqrt(N) mapped through the Elo formula, and
 *   half its width (cutechess ELO::errorMargin);
 * - LOS = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2 (draws ignored);
 * - SPRT: the normal approximation of the trinomial log-likelihood ratio
 *   (fishtest LLRcalc.LLR_alt2, the "GSPRT"): with s0, s1 the scores of
 *   logistic elo0 and elo1, LLR = N (s1 - s0) (2 s - s0 - s1) / (2 sigma^2),
 *   the counts first raised to at least 0.001 each as fishtest's
 *   `regularize` does (so a one-sided result gives a finite LLR); bounds
 *   ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
 * Values are pinned by tests/data/match_stats.txt (computed independently
 * with Python's math module).  All functions are pure.
 */
#ifndef DEV_MATCH_STATS_H
#define DEV_MATCH_STATS_H

/* Results from the first engine's point of view. */
struct match_wdl {
	int wins;
	int draws;
	int losses;
};

/* SPRT settings: the hypotheses (logistic Elo) and the error rates. */
struct match_sprt {
	double elo0;
	double elo1;
	double alpha;
	double beta;
};

enum match_sprt_decision { MATCH_SPRT_CONTINUE, MATCH_SPRT_H0, MATCH_SPRT_H1 };

/* The score in [0, 1]; 0.5 with no games. */
double match_score(const struct match_wdl *r);

/* The logistic Elo difference of a score: +-INFINITY at 1 and 0. */
double match_elo(double score);

/* The half width of the 95% Elo interval; NAN when undefined (no games, or a score of 0 or 1). */
double match_elo_error(const struct match_wdl *r);

/* The likelihood of superiority in [0, 1]; 0.5 with no decisive game. */
double match_los(const struct match_wdl *r);

/* The SPRT log-likelihood ratio of `r` for the hypotheses of `s`; 0 with no games. */
double match_sprt_llr(const struct match_wdl *r, const struct match_sprt *s);

/* The lower and upper bounds of the LLR: ln(beta/(1-alpha)) and ln((1-beta)/alpha). */
void match_sprt_bounds(const struct match_sprt *s, double *lower, double *upper);

/*
 * H1 when the LLR has reached the upper bound and would stay there after
 * one more loss, H0 when it has reached the lower bound and would stay
 * there after one more win, else continue.  Without that guard a one-sided
 * start decides at once: the variance then comes from the regularized
 * counts alone (a single won game gives an LLR of 5.7 for elo0=0
 * elo1=10).  In a long match the guard costs a game or two at most.
 */
enum match_sprt_decision match_sprt_decide(const struct match_wdl *r, const struct match_sprt *s);

#endif
