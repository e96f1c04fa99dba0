/*
 * server/glicko.c: Glicko-2 (glicko.h), step by step as in Glickman's
 * paper: convert to the Glicko-2 scale, compute v and delta, the new
 * volatility by the Illinois algorithm, then the new RD and rating.
 */
#include <math.h>

#include "glicko.h"

#define PI      3.14159265358979323846
#define SCALE   173.7178
#define EPSILON 0.000001
#define RD_MIN  30.0
#define RD_MAX  350.0

struct glicko glicko_new(void) { return (struct glicko){1500.0, 350.0, 0.06}; }

/* Step 3's g(phi). */
static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI)); }

/* The function whose root is the new log-volatility (step 5.1). */
static double vol_f(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x);
	double d = phi * phi + v + ex;
	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
	double a = log(sigma * sigma);
	double A = a, B;
	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		int k = 1;
		while (vol_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000)
			k++;
		B = a - k * tau;
	}
	double fA = vol_f(A, delta, phi, v, a, tau), fB = vol_f(B, delta, phi, v, a, tau);
	for (int i = 0; fabs(B - A) > EPSILON && i < 200; i++) {
		double C = A + (A - B) * fA / (fB - fA);
		double fC = vol_f(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2.0;
		}
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

struct glicko glicko_update(struct glicko p, const struct glicko_game *games, int n, double tau)
{
	double mu = (p.rating - 1500.0) / SCALE, phi = p.rd / SCALE;
	if (n <= 0) {
		double rd = sqrt(phi * phi + p.vol * p.vol) * SCALE;
		p.rd = rd > RD_MAX ? RD_MAX : rd;
		return p;
	}
	/* Steps 3 and 4: the estimated variance v and the improvement delta. */
	double inv_v = 0, sum = 0;
	for (int i = 0; i < n; i++) {
		double mu_j = (games[i].rating - 1500.0) / SCALE, g = g_of(games[i].rd / SCALE);
		double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
		inv_v += g * g * e * (1.0 - e);
		sum += g * (games[i].score - e);
	}
	double v = 1.0 / inv_v, delta = v * sum;
	/* Steps 5 to 8. */
	double sigma = new_volatility(p.vol, delta, phi, v, tau);
	double phi_star = sqrt(phi * phi + sigma * sigma);
	double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	double mu_new = mu + phi_new * phi_new * sum;
	struct glicko out = {SCALE * mu_new + 1500.0, SCALE * phi_new, sigma};
	out.rd = out.rd < RD_MIN ? RD_MIN : out.rd > RD_MAX ? RD_MAX : out.rd;
	return out;
}
