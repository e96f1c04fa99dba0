/*
 * tests/t_train.c: the float network of `gyoku train` (dev/train.h): its
 * backward pass against finite differences of the loss (nnue-3.1), its
 * quantisation against the engine's reference evaluation (nnue-3.2), the
 * loss itself (nnue-3.3), the forward pass of quantisation-aware
 * training against the engine (nnue-3.19, 3.20), on positions of random play with a seeded
 * random network.  For tests/train.sh: `t_train --read FILE ID` reads a
 * network file with the engine's reader and prints PASS/FAIL ID.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nnue.h"
#include "randplay.h"
#include "train.h"

enum { POSITIONS = 40 };

static void sample_of(const struct gy_pos *p, struct tr_sample *s)
{
	s->n[0] = (uint8_t)gy__nnue_features(p, p->side, s->f[0]);
	s->n[1] = (uint8_t)gy__nnue_features(p, !p->side, s->f[1]);
}

static const double SCALE = 1290, LAMBDA = 0.5;

/* The loss of `m` on `s` with score and result. */
static double loss_of(const struct tr_model *m, const struct tr_sample *s, double score, double result)
{
	struct tr_act a;
	float y = tr_forward(m, s, &a);
	return tr_loss((double)y * NNUE_CP_PER_UNIT, score, result, SCALE, LAMBDA, NULL);
}

struct gc {
	int checked, bad;
	double worst;
};

/* One parameter `w`: the analytic gradient `ana` against central differences. */
static void grad_one(struct gc *c, struct tr_model *m, const struct tr_sample *s, double score, double result, float *w,
		     double ana)
{
	const float h = 1e-2f;
	float keep = *w;
	*w = keep + h;
	double lp = loss_of(m, s, score, result);
	*w = keep - h;
	double lm = loss_of(m, s, score, result);
	*w = keep;
	double num = (lp - lm) / (2.0 * h);
	double err = fabs(num - ana) / (fabs(ana) + 1e-4);
	c->checked++;
	/* A clamp's kink inside [w - h, w + h] bends the difference: a few may miss. */
	if (fabs(num - ana) > 2e-4 + 0.03 * fabs(ana)) {
		c->bad++;
		if (err > c->worst)
			c->worst = err;
	}
}

static void gradient_check(struct check_tally *t, struct tr_model *m, const struct gy_pos *pos, int npos)
{
	struct gc c = {0, 0, 0};
	uint64_t r = 12345;
	for (int k = 0; k < npos; k++) {
		struct tr_sample s;
		sample_of(&pos[k], &s);
		double score = (double)(k * 97 % 1200) - 600, result = (k % 3) * 0.5;
		struct tr_act a;
		float y = tr_forward(m, &s, &a);
		double dcp;
		tr_loss((double)y * NNUE_CP_PER_UNIT, score, result, SCALE, LAMBDA, &dcp);
		struct tr_dense *g = calloc(1, sizeof *g);
		float dacc[2 * NNUE_L1];
		tr_backward(m, &a, (float)(dcp * NNUE_CP_PER_UNIT), g, dacc);
		struct tr_dense *d = &m->d;
		grad_one(&c, m, &s, score, result, &d->out_b, g->out_b);
		for (int i = 0; i < 6; i++) {
			r = r * 6364136223846793005ULL + 1442695040888963407ULL;
			int o = (int)((r >> 33) % NNUE_L2), in = (int)((r >> 40) % (2 * NNUE_L1));
			int j = (int)((r >> 20) % NNUE_L1);
			grad_one(&c, m, &s, score, result, &d->out_w[o], g->out_w[o]);
			grad_one(&c, m, &s, score, result, &d->l2_w[o][in % NNUE_L2], g->l2_w[o][in % NNUE_L2]);
			grad_one(&c, m, &s, score, result, &d->l2_b[o], g->l2_b[o]);
			grad_one(&c, m, &s, score, result, &d->l1_w[o][in], g->l1_w[o][in]);
			grad_one(&c, m, &s, score, result, &d->l1_b[o], g->l1_b[o]);
			grad_one(&c, m, &s, score, result, &d->ft_b[j], g->ft_b[j]);
			/* A feature column's entry: dacc of each half where the feature (or its factor) is active. */
			int half = (int)(r >> 50) & 1, fi = (int)((r >> 52) % s.n[half]);
			int f = s.f[half][fi];
			for (int z = 0; z < 2; z++) {
				int col = z ? TR_FACTOR(f) : f;
				double ana = 0;
				for (int hh = 0; hh < 2; hh++)
					for (int q = 0; q < s.n[hh]; q++)
						if ((z ? TR_FACTOR(s.f[hh][q]) : s.f[hh][q]) == col)
							ana += dacc[hh * NNUE_L1 + j];
				grad_one(&c, m, &s, score, result, m->ft_w + (size_t)col * NNUE_L1 + j, ana);
			}
		}
		free(g);
	}
	CHECK(t, "nnue-3.1", c.checked > 1000 && c.bad * 50 <= c.checked,
	      "%d of %d gradients differ from finite differences (worst relative error %.3g)", c.bad, c.checked,
	      c.worst);
}

static void quant_check(struct check_tally *t, const struct tr_model *m, const struct gy_pos *pos, int npos)
{
	struct nnue_net net;
	if (gy__nnue_alloc(&net) != GY_OK) {
		check_fail(t, "nnue-3.2", "out of memory");
		return;
	}
	tr_export(m, &net);
	double sum = 0, worst = 0;
	for (int k = 0; k < npos; k++) {
		struct tr_sample s;
		struct tr_act a;
		sample_of(&pos[k], &s);
		double fcp = tr_forward(m, &s, &a) * NNUE_CP_PER_UNIT, qcp = gy__nnue_evaluate_full(&net, &pos[k]);
		double d = fabs(fcp - qcp);
		sum += d;
		if (d > worst)
			worst = d;
	}
	CHECK(t, "nnue-3.2", sum / npos < 15 && worst < 60,
	      "quantised evaluation off the float one by %.1f cp on average, %.1f at worst", sum / npos, worst);
	gy__nnue_free(&net);
}

/*
 * nnue-3.19 (docs/nnue.md "Training", quantisation-aware): with m->qat the
 * forward pass gives the engine's reference evaluation to the centipawn,
 * and the backward pass's dense gradients stay finite and nonzero.
 */
static void qat_check(struct check_tally *t, struct tr_model *m, const struct gy_pos *pos, int npos, const char *id)
{
	struct nnue_net net;
	if (gy__nnue_alloc(&net) != GY_OK) {
		check_fail(t, id, "out of memory");
		return;
	}
	tr_export(m, &net);
	tr_qat_sync(m, true);
	int bad = 0, k0 = -1;
	double gsum = 0;
	long fcp0 = 0, qcp0 = 0;
	for (int k = 0; k < npos; k++) {
		struct tr_sample s;
		struct tr_act a;
		sample_of(&pos[k], &s);
		long fcp = lround(tr_forward(m, &s, &a) * NNUE_CP_PER_UNIT),
		     qcp = gy__nnue_evaluate_full(&net, &pos[k]);
		if (fcp != qcp && !bad++)
			k0 = k, fcp0 = fcp, qcp0 = qcp;
		static struct tr_dense g;
		float dacc[2 * NNUE_L1];
		memset(&g, 0, sizeof g);
		tr_backward(m, &a, 1.0f, &g, dacc);
		const float *gv = (const float *)&g;
		for (size_t i = 0; i < TR_DENSE_N; i++)
			gsum += fabs(gv[i]);
	}
	tr_qat_sync(m, false);
	CHECK(t, id, !bad && isfinite(gsum) && gsum > 0,
	      "%d of %d positions differ from the engine (first: position %d, %ld cp against %ld); gradient sum %g",
	      bad, npos, k0, fcp0, qcp0, gsum);
	gy__nnue_free(&net);
}

static void loss_check(struct check_tally *t)
{
	bool ok = true;
	char why[200] = "";
	for (int cp = -2000; cp <= 2000 && ok; cp += 250) {
		double dcp, l0 = tr_loss(cp, cp, 0, SCALE, 1, &dcp);
		if (fabs(l0) > 1e-12 || fabs(dcp) > 1e-15) {
			ok = false;
			snprintf(why, sizeof why, "loss %.3g, slope %.3g at cp = score = %d, lambda 1", l0, dcp, cp);
		}
		for (double res = 0; res <= 1 && ok; res += 0.5) {
			double l = tr_loss(cp, 300, res, SCALE, LAMBDA, &dcp);
			double num = (tr_loss(cp + 0.01, 300, res, SCALE, LAMBDA, NULL) -
				      tr_loss(cp - 0.01, 300, res, SCALE, LAMBDA, NULL)) /
				     0.02;
			if (l < -1e-12 || fabs(num - dcp) > 1e-8) {
				ok = false;
				snprintf(why, sizeof why,
					 "cp %d result %.1f: loss %.6g, slope %.6g, finite difference %.6g", cp, res, l,
					 dcp, num);
			}
		}
	}
	CHECK(t, "nnue-3.3", ok, "%s", why);
}

static int read_file(const char *path, const char *id)
{
	struct check_tally t = {0, 0};
	FILE *f = fopen(path, "rb");
	char *buf = NULL, why[200] = "cannot open";
	size_t len = 0;
	enum gy_err err = GY_ERR_ARG;
	if (f) {
		fseek(f, 0, SEEK_END);
		len = (size_t)ftell(f);
		rewind(f);
		buf = malloc(len ? len : 1);
		if (buf && fread(buf, 1, len, f) == len) {
			struct nnue_net net;
			err = gy__nnue_read(&net, buf, len, why, sizeof why);
			if (err == GY_OK)
				gy__nnue_free(&net);
		}
		fclose(f);
	}
	CHECK(&t, id, err == GY_OK, "%s: %s", path, why);
	free(buf);
	return check_exit(&t);
}

int main(int argc, char **argv)
{
	gy_init();
	if (argc == 4 && !strcmp(argv[1], "--read"))
		return read_file(argv[2], argv[3]);
	struct check_tally t = {0, 0};
	static struct gy_pos pos[POSITIONS];
	struct randplay rp;
	randplay_start(&rp, 7, 120);
	for (int k = 0; k < POSITIONS;) {
		if (!randplay_step(&rp))
			continue;
		if (!gy_pos_in_check(&rp.pos))
			pos[k++] = rp.pos;
	}
	struct tr_model m;
	if (tr_model_alloc(&m)) {
		check_fail(&t, "nnue-3.1", "out of memory");
		return 1;
	}
	tr_model_init(&m, 42);
	/* Factors nonzero too, so that their path is tested. */
	for (size_t i = (size_t)NNUE_FEATURES * NNUE_L1; i < (size_t)TR_FT_ROWS * NNUE_L1; i++)
		m.ft_w[i] = (float)((int)(i * 2654435761u % 2001) - 1000) * 2e-5f;
	gradient_check(&t, &m, pos, POSITIONS);
	quant_check(&t, &m, pos, POSITIONS);
	qat_check(&t, &m, pos, POSITIONS, "nnue-3.19");
	/* nnue-3.20: magnitudes that reach the clamps of every layer. */
	for (size_t i = 0; i < (size_t)TR_FT_ROWS * NNUE_L1; i++)
		m.ft_w[i] *= 8;
	for (int o = 0; o < NNUE_L2; o++)
		for (int i = 0; i < 2 * NNUE_L1; i++)
			m.d.l1_w[o][i] *= 12;
	for (int o = 0; o < NNUE_L3; o++)
		for (int i = 0; i < NNUE_L2; i++)
			m.d.l2_w[o][i] *= 6;
	tr_clamp_dense(&m.d);
	for (size_t i = 0; i < (size_t)TR_FT_ROWS; i++)
		tr_clamp_column(m.ft_w + i * NNUE_L1);
	qat_check(&t, &m, pos, POSITIONS, "nnue-3.20");
	loss_check(&t);
	tr_model_free(&m);
	return check_exit(&t);
}
