/*
 * dev/train.c: the float network of `gyoku train`: initialisation, the
 * forward and backward passes of one position, the loss and the
 * quantisation (dev/train.h).  The inner loops run over contiguous floats
 * so that gcc vectorises them at -O3.
 */
#include "train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tr_model_alloc(struct tr_model *m)
{
	memset(m, 0, sizeof *m);
	size_t bytes = sizeof(float) * (size_t)TR_FT_ROWS * NNUE_L1;
	m->ft_w = aligned_alloc(64, bytes);
	if (!m->ft_w)
		return -1;
	memset(m->ft_w, 0, bytes);
	return 0;
}

void tr_model_copy(struct tr_model *dst, const struct tr_model *src)
{
	memcpy(dst->ft_w, src->ft_w, sizeof(float) * (size_t)TR_FT_ROWS * NNUE_L1);
	dst->d = src->d;
}

void tr_model_free(struct tr_model *m)
{
	free(m->ft_w);
	m->ft_w = NULL;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [-a, a). */
static float uniform(uint64_t *s, float a)
{
	return (float)((double)(splitmix(s) >> 11) / 9007199254740992.0 * 2 - 1) * a;
}

void tr_model_init(struct tr_model *m, uint64_t seed)
{
	uint64_t s = seed ^ 0x6e6e7565ULL;
	/* Real features small random, factors zero: about 38 active columns add up to a spread of ~0.35 around 0.5. */
	for (size_t i = 0; i < (size_t)NNUE_FEATURES * NNUE_L1; i++)
		m->ft_w[i] = uniform(&s, 0.1f);
	memset(m->ft_w + (size_t)NNUE_FEATURES * NNUE_L1, 0, sizeof(float) * NNUE_BUCKET_FEATURES * NNUE_L1);
	struct tr_dense *d = &m->d;
	for (int j = 0; j < NNUE_L1; j++)
		d->ft_b[j] = 0.5f;
	for (int o = 0; o < NNUE_L2; o++) {
		for (int i = 0; i < 2 * NNUE_L1; i++)
			d->l1_w[o][i] = uniform(&s, 1.0f / 16);
		d->l1_b[o] = 0.5f;
	}
	for (int o = 0; o < NNUE_L3; o++) {
		for (int i = 0; i < NNUE_L2; i++)
			d->l2_w[o][i] = uniform(&s, 0.17f);
		d->l2_b[o] = 0.5f;
	}
	for (int i = 0; i < NNUE_L3; i++)
		d->out_w[i] = uniform(&s, 0.17f);
	d->out_b = 0;
}

static inline float clamp01(float v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static inline float dot(const float *restrict a, const float *restrict b, int n)
{
	/* Eight partial sums so that the loop vectorises without -ffast-math. */
	float s[8] = {0};
	for (int i = 0; i < n; i += 8)
		for (int k = 0; k < 8; k++)
			s[k] += a[i + k] * b[i + k];
	return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* A feature column's value as the engine holds it (x 127, to the nearest, halves up): the export and the forward pass of quantisation-aware training alike. */
static inline float qcol(float w, float v) { return floorf(127.0f * (w + v) + 0.5f); }

static inline float clamp127(float v) { return v < 0 ? 0 : v > 127 ? 127 : v; }

/*
 * The forward pass of quantisation-aware training: the engine's integer
 * arithmetic (engine/nnue.h "Layers") in floats, exact since every sum is
 * an integer below 2^24; the activations a->in, h1, h2 are the engine's
 * values over 127, and y its centipawns over NNUE_CP_PER_UNIT.
 */
static float forward_qat(const struct tr_model *m, const struct tr_sample *s, struct tr_act *a)
{
	const struct tr_dense *q = &m->qi;
	float in[2 * NNUE_L1], h1[NNUE_L2], h2[NNUE_L3];
	for (int half = 0; half < 2; half++) {
		float *restrict acc = a->acc + half * NNUE_L1;
		memcpy(acc, q->ft_b, sizeof q->ft_b);
		for (int i = 0; i < s->n[half]; i++) {
			int f = s->f[half][i];
			const float *restrict w = m->ft_w + (size_t)f * NNUE_L1;
			const float *restrict v = m->ft_w + (size_t)TR_FACTOR(f) * NNUE_L1;
			for (int j = 0; j < NNUE_L1; j++)
				acc[j] += qcol(w[j], v[j]);
		}
		for (int j = 0; j < NNUE_L1; j++) {
			in[half * NNUE_L1 + j] = clamp127(acc[j]);
			a->in[half * NNUE_L1 + j] = in[half * NNUE_L1 + j] * (1.0f / 127);
			acc[j] *= 1.0f / 127;
		}
	}
	for (int o = 0; o < NNUE_L2; o++) {
		h1[o] = clamp127(floorf((q->l1_b[o] + dot(q->l1_w[o], in, 2 * NNUE_L1)) * (1.0f / 64)));
		a->h1[o] = h1[o] * (1.0f / 127);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		h2[o] = clamp127(floorf((q->l2_b[o] + dot(q->l2_w[o], h1, NNUE_L2)) * (1.0f / 64)));
		a->h2[o] = h2[o] * (1.0f / 127);
	}
	a->y = truncf((q->out_b + dot(q->out_w, h2, NNUE_L3)) / NNUE_OUT_DIV) / (float)NNUE_CP_PER_UNIT;
	return a->y;
}

float tr_forward(const struct tr_model *m, const struct tr_sample *s, struct tr_act *a)
{
	return m->qat ? forward_qat(m, s, a) : tr_forward_float(m, s, a);
}

float tr_forward_float(const struct tr_model *m, const struct tr_sample *s, struct tr_act *a)
{
	const struct tr_dense *d = &m->d;
	for (int half = 0; half < 2; half++) {
		float *restrict acc = a->acc + half * NNUE_L1;
		memcpy(acc, d->ft_b, sizeof d->ft_b);
		for (int i = 0; i < s->n[half]; i++) {
			int f = s->f[half][i];
			const float *restrict w = m->ft_w + (size_t)f * NNUE_L1;
			const float *restrict v = m->ft_w + (size_t)TR_FACTOR(f) * NNUE_L1;
			for (int j = 0; j < NNUE_L1; j++)
				acc[j] += w[j] + v[j];
		}
		for (int j = 0; j < NNUE_L1; j++)
			a->in[half * NNUE_L1 + j] = clamp01(acc[j]);
	}
	for (int o = 0; o < NNUE_L2; o++)
		a->h1[o] = clamp01(d->l1_b[o] + dot(d->l1_w[o], a->in, 2 * NNUE_L1));
	for (int o = 0; o < NNUE_L3; o++)
		a->h2[o] = clamp01(d->l2_b[o] + dot(d->l2_w[o], a->h1, NNUE_L2));
	a->y = d->out_b + dot(d->out_w, a->h2, NNUE_L3);
	return a->y;
}

void tr_backward(const struct tr_model *m, const struct tr_act *a, float dy, struct tr_dense *g, float *dacc)
{
	const struct tr_dense *d = m->qat ? &m->qe : &m->d;
	float dz2[NNUE_L3], dh1[NNUE_L2] = {0}, din[2 * NNUE_L1] = {0};
	g->out_b += dy;
	for (int i = 0; i < NNUE_L3; i++) {
		g->out_w[i] += dy * a->h2[i];
		dz2[i] = a->h2[i] > 0 && a->h2[i] < 1 ? dy * d->out_w[i] : 0;
	}
	for (int o = 0; o < NNUE_L3; o++) {
		if (dz2[o] == 0)
			continue;
		float z = dz2[o];
		g->l2_b[o] += z;
		float *restrict gw = g->l2_w[o];
		const float *restrict w = d->l2_w[o];
		for (int i = 0; i < NNUE_L2; i++) {
			gw[i] += z * a->h1[i];
			dh1[i] += z * w[i];
		}
	}
	for (int o = 0; o < NNUE_L2; o++) {
		if (!(a->h1[o] > 0 && a->h1[o] < 1) || dh1[o] == 0)
			continue;
		float z = dh1[o];
		g->l1_b[o] += z;
		float *restrict gw = g->l1_w[o];
		const float *restrict w = d->l1_w[o];
		for (int i = 0; i < 2 * NNUE_L1; i++) {
			gw[i] += z * a->in[i];
			din[i] += z * w[i];
		}
	}
	for (int j = 0; j < 2 * NNUE_L1; j++)
		dacc[j] = a->acc[j] > 0 && a->acc[j] < 1 ? din[j] : 0;
	for (int j = 0; j < NNUE_L1; j++)
		g->ft_b[j] += dacc[j] + dacc[NNUE_L1 + j];
}

/* log(1 + e^x) without overflow. */
static inline double softplus(double x) { return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x)); }

static inline double sigmoid(double x) { return 1 / (1 + exp(-x)); }

double tr_loss(double cp, double score, double result, double scale, double lambda, double *dcp)
{
	double x = cp / scale, t = lambda * sigmoid(score / scale) + (1 - lambda) * result;
	double entropy = (t > 0 ? -t * log(t) : 0) + (t < 1 ? -(1 - t) * log(1 - t) : 0);
	if (dcp)
		*dcp = (sigmoid(x) - t) / scale;
	return t * softplus(-x) + (1 - t) * softplus(x) - entropy;
}

static inline float clampf(float v, float lim) { return v < -lim ? -lim : v > lim ? lim : v; }

void tr_clamp_dense(struct tr_dense *d)
{
	const float wl = 127.0f / 64, ol = 127.0f / NNUE_OUT_WSCALE, bl = 1000.0f;
	for (int j = 0; j < NNUE_L1; j++)
		d->ft_b[j] = clampf(d->ft_b[j], TR_FT_MAX);
	for (int o = 0; o < NNUE_L2; o++) {
		for (int i = 0; i < 2 * NNUE_L1; i++)
			d->l1_w[o][i] = clampf(d->l1_w[o][i], wl);
		d->l1_b[o] = clampf(d->l1_b[o], bl);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		for (int i = 0; i < NNUE_L2; i++)
			d->l2_w[o][i] = clampf(d->l2_w[o][i], wl);
		d->l2_b[o] = clampf(d->l2_b[o], bl);
		d->out_w[o] = clampf(d->out_w[o], ol);
	}
	d->out_b = clampf(d->out_b, bl);
}

void tr_clamp_column(float *col)
{
	for (int j = 0; j < NNUE_L1; j++)
		col[j] = clampf(col[j], TR_FT_MAX);
}

/*
 * The engine's dense layers shift their sums right by 6 (a floor): half of
 * 64 added to each bias makes that shift round to the nearest instead, so
 * the integer layers do not sit half a step below the float ones.
 */
#define TR_ROUND_HALF 32.0

static float quant(double v, long lim)
{
	double r = round(v);
	return (float)(r > lim ? lim : r < -lim ? -lim : r);
}

/* The dense part of d quantised as the engine holds it, the integers as floats. */
static void quant_dense(const struct tr_dense *d, struct tr_dense *q)
{
	for (int j = 0; j < NNUE_L1; j++)
		q->ft_b[j] = quant(127.0 * d->ft_b[j], 32767);
	for (int o = 0; o < NNUE_L2; o++) {
		for (int i = 0; i < 2 * NNUE_L1; i++)
			q->l1_w[o][i] = quant(64.0 * d->l1_w[o][i], 127);
		q->l1_b[o] = quant(127.0 * 64 * d->l1_b[o] + TR_ROUND_HALF, 2000000000);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		for (int i = 0; i < NNUE_L2; i++)
			q->l2_w[o][i] = quant(64.0 * d->l2_w[o][i], 127);
		q->l2_b[o] = quant(127.0 * 64 * d->l2_b[o] + TR_ROUND_HALF, 2000000000);
		q->out_w[o] = quant((double)NNUE_OUT_WSCALE * d->out_w[o], 127);
	}
	q->out_b = quant(127.0 * NNUE_OUT_WSCALE * d->out_b, 2000000000);
}

void tr_qat_sync(struct tr_model *m, bool on)
{
	m->qat = on;
	if (!on)
		return;
	quant_dense(&m->d, &m->qi);
	struct tr_dense *e = &m->qe;
	*e = m->qi;
	for (int j = 0; j < NNUE_L1; j++)
		e->ft_b[j] /= 127;
	for (int o = 0; o < NNUE_L2; o++) {
		for (int i = 0; i < 2 * NNUE_L1; i++)
			e->l1_w[o][i] /= 64;
		e->l1_b[o] /= 127 * 64;
	}
	for (int o = 0; o < NNUE_L3; o++) {
		for (int i = 0; i < NNUE_L2; i++)
			e->l2_w[o][i] /= 64;
		e->l2_b[o] /= 127 * 64;
		e->out_w[o] /= NNUE_OUT_WSCALE;
	}
	e->out_b /= 127 * NNUE_OUT_WSCALE;
}

void tr_export(const struct tr_model *m, struct nnue_net *net)
{
	struct tr_dense q;
	quant_dense(&m->d, &q);
	for (int j = 0; j < NNUE_L1; j++)
		net->ft_bias[j] = (int16_t)q.ft_b[j];
	for (size_t f = 0; f < NNUE_FEATURES; f++) {
		const float *w = m->ft_w + f * NNUE_L1, *v = m->ft_w + (size_t)TR_FACTOR(f) * NNUE_L1;
		int16_t *c = net->ft_weight + f * NNUE_L1;
		for (int j = 0; j < NNUE_L1; j++)
			c[j] = (int16_t)qcol(w[j], v[j]);
	}
	for (int o = 0; o < NNUE_L2; o++) {
		for (int i = 0; i < 2 * NNUE_L1; i++)
			net->l1_weight[o][i] = (int8_t)q.l1_w[o][i];
		net->l1_bias[o] = (int32_t)q.l1_b[o];
	}
	for (int o = 0; o < NNUE_L3; o++) {
		for (int i = 0; i < NNUE_L2; i++)
			net->l2_weight[o][i] = (int8_t)q.l2_w[o][i];
		net->l2_bias[o] = (int32_t)q.l2_b[o];
		net->out_weight[o] = (int8_t)q.out_w[o];
	}
	net->out_bias = (int32_t)q.out_b;
}
