/*
 * dev/tune_cmd.c: `gyoku tune`: Texel tuning of the evaluation weights
 * (engine/eval.h) on positions written by `gyoku selfplay`.
 *
 * The model: for a position with features x (from Black's side) and game
 * phase s the evaluation is e = (w_open . x * (S - s) + w_end . x * s) / S
 * (S = EVAL_PHASE_MAX, eval.h) and the predicted score for Black is
 * sigmoid(K * e / 400).  K is fitted first on the starting weights and then
 * kept, so the tuned weights stay in centipawns.  The target is the game
 * result, optionally blended with the sigmoid of the search score
 * (--lambda).  Adam minimises the mean squared error (or cross-entropy)
 * over the training games, with an L2 pull toward the hand-set seed
 * weights; every tenth game is held out for validation.  The result is
 * written as a weights data file (data/eval/weights.txt, which the build
 * turns into the engine's array), with the commands that made the data.
 * With --threads T the gradient is summed over T slices of the positions
 * at once, always added up in the same order, so a run is repeatable for
 * a given T (another T rounds differently).
 *
 * This tool reaches below the public API (engine/eval.h) on purpose: the
 * feature list is the evaluation's own, shared with the search.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "eval.h"
#include "grow.h"
#include "gyoku/usi.h"

struct tn_data {
	struct eval_feature *feat;
	size_t nfeat, capfeat;
	uint32_t *off; /* position i has features feat[off[i] .. off[i + 1]) */
	float *result, *score;
	uint8_t *phase; /* gy__eval_phase() of each position */
	bool *holdout;
	size_t n, cap;
	char *notes; /* the "#" lines of the data files */
	size_t notes_len;
	long skipped;
};

struct tn_opts {
	const char *data[16], *note[16];
	int ndata, nnote;
	const char *out;
	int epochs, threads;
	double lambda, l2, lr, k, eps;
	bool cross_entropy, init_seed;
};

static int tn_note(struct tn_data *d, const char *line)
{
	size_t len = strlen(line);
	char *q = realloc(d->notes, d->notes_len + len + 2);
	if (!q)
		return -1;
	d->notes = q;
	memcpy(d->notes + d->notes_len, line, len);
	d->notes_len += len;
	d->notes[d->notes_len++] = '\n';
	d->notes[d->notes_len] = 0;
	return 0;
}

/* Reads one selfplay file into `d`; returns 0, or -1 after printing why. */
static int tn_load(struct tn_data *d, const char *path)
{
	char why[ARGS_WHY_MAX];
	FILE *f = args_open_file(path, why, sizeof why);
	if (!f) {
		fprintf(stderr, "gyoku tune: %s\n", why);
		return -1;
	}
	char line[512];
	struct eval_feature buf[EVAL_MAX_FEATURES];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#') {
			if (tn_note(d, line + (line[1] == ' ' ? 2 : 1)))
				goto nomem;
			continue;
		}
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		struct gy_pos p;
		if (gy_sfen_parse(&p, line, (size_t)(tab - line), GY_SFEN_STRICT, NULL) != GY_OK) {
			d->skipped++;
			continue;
		}
		char *end;
		double r = strtod(tab + 1, &end);
		double s = 0;
		long game = (long)d->n;
		if (*end == '\t') {
			s = strtod(end + 1, &end);
			if (*end == '\t')
				game = strtol(end + 1, &end, 10);
		}
		int nf = gy__eval_features(&p, buf);
		if (dev_grow((void **)&d->feat, &d->capfeat, d->nfeat + (size_t)nf, sizeof *d->feat, 1024))
			goto nomem;
		size_t cap = d->cap;
		if (dev_grow((void **)&d->off, &cap, d->n + 2, sizeof *d->off, 1024))
			goto nomem;
		cap = d->cap;
		if (dev_grow((void **)&d->result, &cap, d->n + 2, sizeof *d->result, 1024))
			goto nomem;
		cap = d->cap;
		if (dev_grow((void **)&d->score, &cap, d->n + 2, sizeof *d->score, 1024))
			goto nomem;
		cap = d->cap;
		if (dev_grow((void **)&d->holdout, &cap, d->n + 2, sizeof *d->holdout, 1024))
			goto nomem;
		cap = d->cap;
		if (dev_grow((void **)&d->phase, &cap, d->n + 2, sizeof *d->phase, 1024))
			goto nomem;
		d->cap = cap;
		if (d->n == 0)
			d->off[0] = 0;
		memcpy(d->feat + d->nfeat, buf, sizeof *buf * (size_t)nf);
		d->nfeat += (size_t)nf;
		d->result[d->n] = (float)r;
		d->score[d->n] = (float)s;
		d->holdout[d->n] = game % 10 == 9;
		d->phase[d->n] = (uint8_t)gy__eval_phase(&p);
		d->n++;
		d->off[d->n] = (uint32_t)d->nfeat;
	}
	if (f != stdin)
		fclose(f);
	return 0;
nomem:
	if (f != stdin)
		fclose(f);
	fprintf(stderr, "gyoku tune: out of memory\n");
	return -1;
}

static inline double tn_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static inline double tn_dot(const struct tn_data *d, size_t i, const double *w)
{
	double open = 0, end = 0;
	for (uint32_t j = d->off[i]; j < d->off[i + 1]; j++) {
		open += w[d->feat[j].index] * d->feat[j].count;
		end += w[EVAL_PHASE_NB + d->feat[j].index] * d->feat[j].count;
	}
	double s = d->phase[i];
	return (open * (EVAL_PHASE_MAX - s) + end * s) / EVAL_PHASE_MAX;
}

static inline double tn_target(const struct tn_data *d, size_t i, double k, double lambda)
{
	return (1 - lambda) * d->result[i] + lambda * tn_sigmoid(k * d->score[i] / 400);
}

/* The mean loss over the training (holdout false) or validation (true) positions. */
static double tn_loss(const struct tn_data *d, const double *w, double k, const struct tn_opts *o, bool holdout)
{
	double sum = 0;
	size_t n = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (d->holdout[i] != holdout)
			continue;
		double p = tn_sigmoid(k * tn_dot(d, i, w) / 400), t = tn_target(d, i, k, o->lambda);
		if (o->cross_entropy) {
			p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
			sum -= t * log(p) + (1 - t) * log(1 - p);
		} else {
			sum += (p - t) * (p - t);
		}
		n++;
	}
	return n ? sum / (double)n : 0;
}

/* One thread's share of an epoch's gradient: positions [from, to), into its own `g`. */
struct tn_grad_job {
	const struct tn_data *d;
	const double *w;
	const struct tn_opts *o;
	double k, sum;
	size_t from, to;
	double *g;
};

static void *tn_grad_run(void *arg)
{
	struct tn_grad_job *j = arg;
	const struct tn_data *d = j->d;
	memset(j->g, 0, sizeof *j->g * EVAL_NB);
	j->sum = 0;
	for (size_t i = j->from; i < j->to; i++) {
		if (d->holdout[i])
			continue;
		double p = tn_sigmoid(j->k * tn_dot(d, i, j->w) / 400), t = tn_target(d, i, j->k, j->o->lambda);
		double dl = j->o->cross_entropy ? (p - t) : 2 * (p - t) * p * (1 - p);
		j->sum += (p - t) * (p - t);
		dl *= j->k / 400;
		double s = d->phase[i], open = dl * (EVAL_PHASE_MAX - s) / EVAL_PHASE_MAX,
		       end = dl * s / EVAL_PHASE_MAX;
		for (uint32_t f = d->off[i]; f < d->off[i + 1]; f++) {
			j->g[d->feat[f].index] += open * d->feat[f].count;
			j->g[EVAL_PHASE_NB + d->feat[f].index] += end * d->feat[f].count;
		}
	}
	return NULL;
}

/*
 * The gradient of the training loss at `w` into jobs[0].g (the other jobs'
 * buffers are scratch); returns the training squared error sum.
 */
static double tn_gradient(struct tn_grad_job *jobs, int nthreads, const double *w)
{
	pthread_t tid[64];
	int started = 0;
	for (int t = 0; t < nthreads; t++)
		jobs[t].w = w;
	for (int t = 1; t < nthreads; t++, started++)
		if (pthread_create(&tid[t], NULL, tn_grad_run, &jobs[t]))
			break;
	for (int t = started + 1; t < nthreads; t++) /* threads that could not start run here */
		tn_grad_run(&jobs[t]);
	tn_grad_run(&jobs[0]);
	for (int t = 1; t <= started; t++)
		pthread_join(tid[t], NULL);
	double sum = jobs[0].sum;
	for (int t = 1; t < nthreads; t++) {
		for (int i = 0; i < EVAL_NB; i++)
			jobs[0].g[i] += jobs[t].g[i];
		sum += jobs[t].sum;
	}
	return sum;
}

/* The K whose sigmoid fits the results best with weights `w` (a scan, then a finer one). */
static double tn_fit_k(const struct tn_data *d, const double *w, const struct tn_opts *o)
{
	struct tn_opts plain = *o;
	plain.lambda = 0;
	double best = 1, best_loss = 1e9;
	for (double step = 0.1; step > 0.004; step /= 10) {
		double lo = best - 10 * step, hi = best + 10 * step;
		for (double k = lo < step ? step : lo; k <= hi + 1e-9; k += step) {
			double l = tn_loss(d, w, k, &plain, false);
			if (l < best_loss) {
				best_loss = l;
				best = k;
			}
		}
	}
	return best;
}

/* Writes each line of `text` to `f` as a comment line of a weights file, "#   LINE". */
static void tn_comment(FILE *f, const char *text)
{
	while (*text) {
		size_t len = strcspn(text, "\n");
		fprintf(f, "#   %.*s\n", (int)len, text);
		text += len + (text[len] == '\n');
	}
}

/*
 * Writes the weights as a data file (scripts/eval_weights.sh reads it):
 * a header of "#" lines, then the EVAL_NB weights, 16 to a line.  Returns
 * 0 or -1.
 */
static int tn_write(const char *path, const int16_t *w, const struct tn_data *d, const char *cmdline, double k,
		    double train, double valid)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "gyoku tune: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fputs("# The evaluation weights of gyoku's engine (engine/eval.h: EVAL_NB numbers, the\n"
	      "# opening's then the endgame's), written by `gyoku tune` (docs/tuning.md) and built\n"
	      "# into the engine by scripts/eval_weights.sh.  Do not edit by hand.\n#\n"
	      "# Made from self-play data generated by:\n",
	      f);
	tn_comment(f, d->notes ? d->notes : "");
	fputs("# then:\n", f);
	tn_comment(f, cmdline);
	fprintf(f, "# %zu positions (%zu features), K = %.3f, loss train %.6f, validation %.6f.\n", d->n, d->nfeat, k,
		train, valid);
	for (int i = 0; i < EVAL_NB; i++)
		fprintf(f, "%d%s", w[i], i % 16 == 15 || i == EVAL_NB - 1 ? "\n" : " ");
	return fclose(f) ? -1 : 0;
}

static int tn_usage(FILE *f, int status)
{
	fputs("usage: gyoku tune --data FILE [--data FILE ...] [--epochs N] [--lambda L] [--l2 R] [--lr A]\n"
	      "                  [--eps E] [--k K] [--cross-entropy] [--note TEXT] [--init seed|current]\n"
	      "                  [--threads T] --out data/eval/weights.txt\n",
	      f);
	return status;
}

/* Reads the options into `o`; -1 to go on, else the exit status (the usage or the message printed). */
static int tn_args(int argc, char **argv, struct tn_opts *o)
{
	static const char who[] = "gyoku tune";
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (args_is_help(a))
			return tn_usage(stdout, 0);
		if (!strcmp(a, "--cross-entropy")) {
			o->cross_entropy = true;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "gyoku tune: %s: missing value\n", a);
			return tn_usage(stderr, 2);
		}
		const char *v = argv[++i];
		bool ok = true;
		if ((!strcmp(a, "--data") && o->ndata == 16) || (!strcmp(a, "--note") && o->nnote == 16)) {
			fprintf(stderr, "gyoku tune: %s: 16 at most\n", a);
			return 2;
		} else if (!strcmp(a, "--data"))
			o->data[o->ndata++] = v;
		else if (!strcmp(a, "--note"))
			o->note[o->nnote++] = v;
		else if (!strcmp(a, "--out"))
			o->out = v;
		else if (!strcmp(a, "--init") && (!strcmp(v, "seed") || !strcmp(v, "current")))
			o->init_seed = !strcmp(v, "seed");
		else if (!strcmp(a, "--epochs"))
			ok = args_int(who, a, v, 0, 1000000000, &o->epochs);
		else if (!strcmp(a, "--lambda"))
			ok = args_double(who, a, v, 0, 1, &o->lambda);
		else if (!strcmp(a, "--l2"))
			ok = args_double(who, a, v, 0, 1e9, &o->l2);
		else if (!strcmp(a, "--lr"))
			ok = args_double(who, a, v, 0, 1e9, &o->lr);
		else if (!strcmp(a, "--eps"))
			ok = args_double(who, a, v, 0, 1, &o->eps);
		else if (!strcmp(a, "--k"))
			ok = args_double(who, a, v, 0, 1e9, &o->k);
		else if (!strcmp(a, "--threads"))
			ok = args_int(who, a, v, 1, 64, &o->threads);
		else {
			fprintf(stderr, "gyoku tune: unknown option or value: %s %s\n", a, v);
			return tn_usage(stderr, 2);
		}
		if (!ok)
			return 2;
	}
	return o->ndata && o->out ? -1 : tn_usage(stderr, 2);
}

int cmd_tune(int argc, char **argv)
{
	struct tn_opts o = {.epochs = 300, .threads = 1, .lambda = 0, .l2 = 1e-9, .lr = 2.0, .eps = 1e-5};
	int status = tn_args(argc, argv, &o);
	if (status >= 0)
		return status;
	int rc = 1;
	struct tn_data d = {0};
	double *w = calloc(EVAL_NB, sizeof *w), *w0 = calloc(EVAL_NB, sizeof *w0);
	double *g = calloc(EVAL_NB, sizeof *g), *m = calloc(EVAL_NB, sizeof *m), *v = calloc(EVAL_NB, sizeof *v);
	int16_t *seed = calloc(EVAL_NB, sizeof *seed), *out = calloc(EVAL_NB, sizeof *out);
	struct tn_grad_job jobs[64];
	int njobs = 0;
	char cmdline[2048];
	size_t cl = (size_t)snprintf(cmdline, sizeof cmdline, "gyoku tune");
	for (int i = 0; i < argc && cl < sizeof cmdline; i++)
		cl += (size_t)snprintf(cmdline + cl, sizeof cmdline - cl, strchr(argv[i], ' ') ? " '%s'" : " %s",
				       argv[i]);
	if (!w || !w0 || !g || !m || !v || !seed || !out)
		goto fail;

	/* Step 1: the data, as sparse feature lists. */
	for (int i = 0; i < o.ndata; i++)
		if (tn_load(&d, o.data[i]))
			goto fail;
	for (int i = 0; i < o.nnote; i++)
		if (tn_note(&d, o.note[i]))
			goto fail;
	size_t ntrain = 0;
	for (size_t i = 0; i < d.n; i++)
		ntrain += !d.holdout[i];
	fprintf(stderr, "tune: %zu positions (%zu training, %zu validation), %zu features, %ld unreadable\n", d.n,
		ntrain, d.n - ntrain, d.nfeat, d.skipped);
	if (!ntrain)
		goto fail;

	/* Step 2: the starting weights, the seed they are pulled toward, and K. */
	gy__eval_seed(seed);
	for (int i = 0; i < EVAL_NB; i++) {
		w0[i] = seed[i];
		w[i] = o.init_seed ? seed[i] : gy__eval_weights[i];
	}
	double k = o.k > 0 ? o.k : tn_fit_k(&d, w, &o);
	struct tn_opts plain0 = o;
	plain0.lambda = 0;
	fprintf(stderr, "tune: K = %.3f; start loss train %.6f validation %.6f (vs results %.6f)\n", k,
		tn_loss(&d, w, k, &o, false), tn_loss(&d, w, k, &o, true), tn_loss(&d, w, k, &plain0, true));

	/* Step 3: Adam over full-batch gradients; validation is also scored against results alone. */
	struct tn_opts plain = o;
	plain.lambda = 0;
	for (njobs = 0; njobs < o.threads; njobs++) {
		jobs[njobs] = (struct tn_grad_job){&d,
						   w,
						   &o,
						   k,
						   0,
						   d.n * (size_t)njobs / (size_t)o.threads,
						   d.n * (size_t)(njobs + 1) / (size_t)o.threads,
						   g};
		if (njobs && !(jobs[njobs].g = malloc(sizeof *g * EVAL_NB))) {
			fprintf(stderr, "gyoku tune: out of memory\n");
			goto fail;
		}
	}
	const double b1 = 0.9, b2 = 0.999;
	double b1t = 1, b2t = 1;
	for (int epoch = 1; epoch <= o.epochs; epoch++) {
		double sum = tn_gradient(jobs, njobs, w);
		b1t *= b1;
		b2t *= b2;
		for (int i = 0; i < EVAL_NB; i++) {
			double gi = g[i] / (double)ntrain + 2 * o.l2 * (w[i] - w0[i]);
			m[i] = b1 * m[i] + (1 - b1) * gi;
			v[i] = b2 * v[i] + (1 - b2) * gi * gi;
			w[i] -= o.lr * (m[i] / (1 - b1t)) / (sqrt(v[i] / (1 - b2t)) + o.eps);
			w[i] = w[i] > 32000 ? 32000 : w[i] < -32000 ? -32000 : w[i];
		}
		if (epoch % 10 == 0 || epoch == 1 || epoch == o.epochs) {
			/* The validation losses only every 50 epochs: they cost a pass over the held-out games. */
			fprintf(stderr, "epoch %4d  mse train %.6f", epoch, sum / (double)ntrain);
			if (epoch % 50 == 0 || epoch == o.epochs)
				fprintf(stderr, "  validation %.6f  validation vs results %.6f",
					tn_loss(&d, w, k, &o, true), tn_loss(&d, w, k, &plain, true));
			fputc('\n', stderr);
		}
	}

	/* Step 4: int16 weights, their loss, and the file. */
	for (int i = 0; i < EVAL_NB; i++) {
		double r = round(w[i]);
		out[i] = (int16_t)(r > INT16_MAX ? INT16_MAX : r < INT16_MIN ? INT16_MIN : r);
		w[i] = out[i];
	}
	double train = tn_loss(&d, w, k, &o, false), valid = tn_loss(&d, w, k, &o, true);
	fprintf(stderr, "tune: final int16 weights: loss train %.6f validation %.6f (vs results %.6f)\n", train, valid,
		tn_loss(&d, w, k, &plain, true));
	if (tn_write(o.out, out, &d, cmdline, k, train, valid))
		goto fail;
	fprintf(stderr, "tune: wrote %s\n", o.out);
	rc = 0;
fail:
	for (int t = 1; t < njobs; t++)
		free(jobs[t].g);
	free(w);
	free(w0);
	free(g);
	free(m);
	free(v);
	free(seed);
	free(out);
	free(d.feat);
	free(d.off);
	free(d.result);
	free(d.score);
	free(d.holdout);
	free(d.phase);
	free(d.notes);
	return rc;
}
