/*
 * dev/train_cmd.c: `gyoku train`: fits the NNUE (engine/nnue.h) to
 * self-play positions and writes it as a .nnue file (docs/nnue.md
 * "Training").
 *
 * Data (--data, each): a directory of packed chunks (chunk-*.bin, in the
 * order of their names), a file of packed records (*.bin; dev/packed.h),
 * or the text samples of `gyoku selfplay --out` (SFEN, result for Black,
 * search score for Black, game index; a "#" line is a note).  Positions
 * in check, whose move is a capture (packed flags), with |score| above
 * --score-max, or before ply --min-ply are left out; every tenth game is
 * held out for validation (text: game index % 10 == 9; packed: games
 * counted where the ply does not go up, across all the packed data).
 * Each position is kept as its two perspectives' feature lists
 * (dev/train.h), the validation positions also packed (32 bytes), for the
 * quantisation check.
 *
 * Training: the float network of dev/train.h (with the factoriser), the
 * loss of tr_loss, Adam over minibatches of --batch positions shuffled
 * each epoch from (--seed, epoch), the rate --lr times --lr-decay per
 * epoch.  The dense layers take a full Adam step each batch; a feature
 * column (a real or a factor) only when a position of the batch uses it
 * (lazy Adam: its moments wait while it is unused).  With --threads T a
 * batch is cut into T slices whose forward and backward passes run at
 * once; their dense gradients are added in slice order, and the feature
 * columns' gradients are added by column owner (column % T), each in the
 * batch's order, so a run is repeatable for a given T.
 *
 * Checkpoints (--checkpoint FILE, after each epoch; --resume FILE; --init
 * FILE takes only the weights): "GYNNUEC1", uint32 NNUE_ARCH, uint32 the
 * epoch done, uint64 Adam's step, then the float arrays in the host's
 * byte order: feature columns, dense part, then Adam's first and second
 * moments of each.  The shuffle depends on the seed and the epoch only,
 * so a run resumed from epoch k's checkpoint ends with the same bytes as
 * one not stopped.
 *
 * Quantisation-aware training (--qat-epochs N): the last N epochs train
 * the network the engine plays: the forward pass computes the engine's
 * integer arithmetic (dev/train.c, tr_qat_sync), the backward pass
 * passes through the rounding as if it were not there (straight-through)
 * and the steps go to the float weights, so the rounding the quantisation
 * would add is learnt around; in those epochs "validation" is the
 * quantised network's loss.
 *
 * Output (--out FILE.nnue): the integer network (tr_export) of the last
 * epoch, or with --keep best (the default) of the epoch whose quantised
 * network had the lowest validation loss (checked after every epoch), with a
 * description of the run; then the check: the validation positions are
 * evaluated by the engine's reference (gy__nnue_evaluate_full) and by the
 * float network; the mean absolute difference in centipawns and both
 * validation losses are printed, and the command fails (exit 1, the file
 * removed) when the quantised loss exceeds the float's by more than the
 * fraction --quant-margin of it (2%: rounding costs far less, about 0.1%
 * to 1%; a broken export, a scale or an overflow, far more).
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "args.h"
#include "commands.h"
#include "eval.h"
#include "grow.h"
#include "gyoku/usi.h"
#include "nnue.h"
#include "packed.h"
#include "train.h"
#include "train_aug.h"

enum { TR_MAX_DATA = 64, TR_MAX_THREADS = 64 };

struct tr_opts {
	const char *data[TR_MAX_DATA];
	int ndata;
	const char *out, *checkpoint, *resume, *init;
	int epochs, batch, threads, score_max, min_ply, qat_epochs, augment;
	uint64_t seed;
	double lr, lr_decay, lambda, scale, quant_margin, decay;
	bool last;    /* --out writes the last epoch's network, not the best validation's */
	bool teacher; /* --teacher linear: the training positions' scores are the linear evaluation's */
};

struct tr_data {
	struct tr_sample *s;
	float *result, *score; /* from the side to move */
	uint8_t *holdout;
	size_t n, cap;
	uint8_t (*vpos)[PACKED_POS_BYTES]; /* the validation positions, in order, packed (dev/packed.h) */
	size_t nv, capv;
	/* --teacher: the training positions, packed, and their indices in s (taught after loading) */
	uint8_t (*tpos)[PACKED_POS_BYTES];
	uint32_t *tidx;
	size_t nt, capt;
	long skipped_check, skipped_capture, skipped_score, skipped_ply, cut_short;
	long games;   /* packed data: the games seen so far (a game ends where the ply does not go up) */
	int last_ply; /* packed data: the previous record's ply */
	char *notes;
	size_t notes_len;
};

static const char who[] = "gyoku train";

static int add_note(struct tr_data *d, const char *text, size_t len)
{
	char *q = realloc(d->notes, d->notes_len + len + 2);
	if (!q)
		return -1;
	d->notes = q;
	memcpy(d->notes + d->notes_len, text, len);
	d->notes_len += len;
	d->notes[d->notes_len++] = '\n';
	d->notes[d->notes_len] = 0;
	return 0;
}

/* Adds position `p` with `result` and `score` from the side to move; 0, 1 (filtered out) or -1 (no memory). */
static int add_sample(struct tr_data *d, const struct tr_opts *o, const struct gy_pos *p, double result, double score,
		      bool holdout)
{
	if (gy_pos_in_check(p)) {
		d->skipped_check++;
		return 1;
	}
	if (fabs(score) > o->score_max) {
		d->skipped_score++;
		return 1;
	}
	if (p->movenum < o->min_ply) {
		d->skipped_ply++;
		return 1;
	}
	size_t cap = d->cap;
	if (dev_grow((void **)&d->s, &cap, d->n + 1, sizeof *d->s, 4096))
		return -1;
	cap = d->cap;
	if (dev_grow((void **)&d->result, &cap, d->n + 1, sizeof *d->result, 4096))
		return -1;
	cap = d->cap;
	if (dev_grow((void **)&d->score, &cap, d->n + 1, sizeof *d->score, 4096))
		return -1;
	cap = d->cap;
	if (dev_grow((void **)&d->holdout, &cap, d->n + 1, sizeof *d->holdout, 4096))
		return -1;
	d->cap = cap;
	if (holdout && dev_grow((void **)&d->vpos, &d->capv, d->nv + 1, sizeof *d->vpos, 4096))
		return -1;
	struct tr_sample *s = &d->s[d->n];
	s->n[0] = (uint8_t)gy__nnue_features(p, p->side, s->f[0]);
	s->n[1] = (uint8_t)gy__nnue_features(p, !p->side, s->f[1]);
	d->result[d->n] = (float)result;
	d->score[d->n] = (float)score;
	d->holdout[d->n] = holdout;
	if (holdout && packed_pos_encode(p, d->vpos[d->nv++]))
		return -1; /* never: every legal position fits */
	d->n++;
	return 0;
}

/* add_sample, and with --teacher, a training position kept packed for the teacher (teach); 0 or -1 (no memory). */
static int add_augmented(struct tr_data *d, const struct tr_opts *o, const struct gy_pos *p, double result,
			 double score, bool holdout)
{
	int r = add_sample(d, o, p, result, score, holdout);
	if (r || holdout || !o->teacher)
		return r;
	size_t cap = d->capt;
	if (dev_grow((void **)&d->tpos, &cap, d->nt + 1, sizeof *d->tpos, 4096))
		return -1;
	if (dev_grow((void **)&d->tidx, &d->capt, d->nt + 1, sizeof *d->tidx, 4096))
		return -1;
	if (packed_pos_encode(p, d->tpos[d->nt]))
		return -1;
	d->tidx[d->nt++] = (uint32_t)(d->n - 1);
	return 0;
}

/* Reads a selfplay text file; returns 0, or -1 after printing why (with the file and line). */
static int load_text(struct tr_data *d, const struct tr_opts *o, const char *path)
{
	char why[ARGS_WHY_MAX];
	FILE *f = args_open_file(path, why, sizeof why);
	if (!f) {
		fprintf(stderr, "%s: %s\n", who, why);
		return -1;
	}
	char *line = NULL;
	size_t lcap = 0;
	long lineno = 0;
	ssize_t len;
	int rc = -1;
	while ((len = getline(&line, &lcap, f)) > 0) {
		lineno++;
		if (line[len - 1] != '\n') { /* a file still being written ends mid-line */
			d->cut_short++;
			break;
		}
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#') {
			if (lineno == 1 &&
			    add_note(d, line + (line[1] == ' ' ? 2 : 1), strlen(line + (line[1] == ' ' ? 2 : 1))))
				goto nomem;
			continue;
		}
		if (!line[0])
			continue;
		char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL,
		     *t3 = t2 ? strchr(t2 + 1, '\t') : NULL;
		if (!t3 || strchr(t3 + 1, '\t')) {
			fprintf(stderr, "%s: %s:%ld: expected 4 fields separated by tabs (SFEN, result, score, game)\n",
				who, path, lineno);
			goto out;
		}
		struct gy_pos p;
		struct gy_srcpos where = {0, 0};
		enum gy_err err = gy_sfen_parse(&p, line, (size_t)(t1 - line), GY_SFEN_STRICT, &where);
		if (err != GY_OK) {
			fprintf(stderr, "%s: %s:%ld:%d: bad SFEN: %s\n", who, path, lineno, where.col ? where.col : 1,
				gy_strerror(err));
			goto out;
		}
		*t2 = *t3 = 0;
		const char *rs = t1 + 1;
		double result = !strcmp(rs, "1") ? 1 : !strcmp(rs, "0.5") ? 0.5 : !strcmp(rs, "0") ? 0 : -1;
		char *end;
		errno = 0;
		long score = strtol(t2 + 1, &end, 10);
		bool score_ok = *end == 0 && end != t2 + 1 && !errno && score > -1000000 && score < 1000000;
		errno = 0;
		long game = strtol(t3 + 1, &end, 10);
		bool game_ok = *end == 0 && end != t3 + 1 && !errno && game >= 0;
		if (result < 0 || !score_ok || !game_ok) {
			fprintf(stderr, "%s: %s:%ld:%ld: bad %s: '%s'\n", who, path, lineno,
				(long)((result < 0  ? rs
					: !score_ok ? t2 + 1
						    : t3 + 1) -
				       line) +
					1,
				result < 0  ? "result (1, 0.5 or 0)"
				: !score_ok ? "score"
					    : "game index",
				result < 0  ? rs
				: !score_ok ? t2 + 1
					    : t3 + 1);
			goto out;
		}
		if (p.side == GY_WHITE) {
			result = 1 - result;
			score = -score;
		}
		if (add_augmented(d, o, &p, result, (double)score, game % 10 == 9) < 0)
			goto nomem;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno));
		goto out;
	}
	rc = 0;
	goto out;
nomem:
	fprintf(stderr, "%s: out of memory\n", who);
out:
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* Reads one file of packed records (dev/packed.h); returns 0, or -1 after printing why (with the record). */
static int load_packed_file(struct tr_data *d, const struct tr_opts *o, const char *path)
{
	char why[ARGS_WHY_MAX];
	FILE *f = args_open_file(path, why, sizeof why);
	if (!f) {
		fprintf(stderr, "%s: %s\n", who, why);
		return -1;
	}
	int rc = -1;
	uint8_t buf[PACKED_RECORD_BYTES * 1024];
	size_t got, k = 0;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		if (got % PACKED_RECORD_BYTES) {
			fprintf(stderr, "%s: %s: %zu bytes, not a whole number of %d-byte records\n", who, path,
				k * PACKED_RECORD_BYTES + got, PACKED_RECORD_BYTES);
			goto out;
		}
		for (size_t off = 0; off < got; off += PACKED_RECORD_BYTES, k++) {
			struct packed_record r;
			struct gy_pos p;
			packed_record_read(buf + off, &r);
			if (packed_pos_decode(r.pos, r.ply, &p) || r.result < -1 || r.result > 1 || r.ply == 0) {
				fprintf(stderr, "%s: %s: record %zu (byte %zu): %s\n", who, path, k + 1,
					k * PACKED_RECORD_BYTES,
					r.ply == 0                      ? "ply 0"
					: r.result < -1 || r.result > 1 ? "a result other than 1, 0, -1"
									: "bytes that are no position");
				goto out;
			}
			if (r.ply <= d->last_ply)
				d->games++;
			d->last_ply = r.ply;
			if (r.flags & PACKED_CAPTURE) {
				d->skipped_capture++;
				continue;
			}
			if (add_augmented(d, o, &p, (r.result + 1) / 2.0, r.score, d->games % 10 == 9) < 0) {
				fprintf(stderr, "%s: out of memory\n", who);
				goto out;
			}
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (f != stdin)
		fclose(f);
	return rc;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Reads the chunk-*.bin files of a directory in the order of their names; 0 or -1 after a message. */
static int load_packed_dir(struct tr_data *d, const struct tr_opts *o, const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp) {
		fprintf(stderr, "%s: %s: %s\n", who, dir, strerror(errno));
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = -1;
	struct dirent *e;
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		if (len < 10 || strncmp(e->d_name, "chunk-", 6) || strcmp(e->d_name + len - 4, ".bin"))
			continue;
		if (dev_grow((void **)&names, &cap, n + 1, sizeof *names, 4096) || !(names[n] = strdup(e->d_name)))
			goto nomem;
		n++;
	}
	closedir(dp);
	dp = NULL;
	if (!n) {
		fprintf(stderr, "%s: %s: no chunk-*.bin files in the directory\n", who, dir);
		goto out;
	}
	qsort(names, n, sizeof *names, cmp_names);
	/* The command that made the chunks (DIR/run.txt's "command: " line), for the network's description. */
	size_t rlen = strlen(dir) + sizeof "/run.txt";
	char *run = malloc(rlen);
	if (!run)
		goto nomem;
	snprintf(run, rlen, "%s/run.txt", dir);
	FILE *rf = fopen(run, "r");
	free(run);
	if (rf) {
		char line[2048];
		bool bad = false;
		while (!bad && fgets(line, sizeof line, rf))
			if (!strncmp(line, "command: ", 9))
				bad = add_note(d, line + 9, strcspn(line + 9, "\r\n")) != 0;
		fclose(rf);
		if (bad)
			goto nomem;
	}
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]) + 2;
		char *path = malloc(len);
		if (!path)
			goto nomem;
		snprintf(path, len, "%s/%s", dir, names[i]);
		int r = load_packed_file(d, o, path);
		free(path);
		if (r)
			goto out;
	}
	rc = 0;
	goto out;
nomem:
	fprintf(stderr, "%s: out of memory\n", who);
out:
	if (dp)
		closedir(dp);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* One --data: a directory of chunks, a file of packed records (*.bin) or a selfplay text file. */
static int load_data(struct tr_data *d, const struct tr_opts *o, const char *path)
{
	struct stat st;
	size_t len = strlen(path);
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return load_packed_dir(d, o, path);
	if (len > 4 && !strcmp(path + len - 4, ".bin"))
		return load_packed_file(d, o, path);
	return load_text(d, o, path);
}

/* --- the teacher (--teacher linear, --augment N) ----------------------------------------------------- */

struct teach_job {
	struct tr_data *d;
	const struct tr_opts *o;
	size_t from, to; /* the training positions tpos[from .. to) */
	struct tr_sample *s;
	float *score, *result;
	size_t n, cap;
	long skipped;
	int err;
};

/* Labels this job's training positions by the teacher and makes their walks' positions (dev/train_aug.c). */
static void *teach_run(void *arg)
{
	struct teach_job *j = arg;
	struct tr_data *d = j->d;
	for (size_t k = j->from; k < j->to && !j->err; k++) {
		struct gy_pos p;
		if (packed_pos_decode(d->tpos[k], 1, &p)) {
			j->err = 1;
			break;
		}
		uint32_t i = d->tidx[k];
		d->score[i] = (float)tr_aug_label(&p);
		uint64_t rng = j->o->seed * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(k + 1) * 0xd1b54a32d192ed03ULL;
		for (int w = 0; w < j->o->augment; w++) {
			struct gy_pos q;
			if (!tr_aug_walk(&p, &rng, &q))
				continue;
			int label = tr_aug_label(&q);
			if (abs(label) > j->o->score_max) {
				j->skipped++;
				continue;
			}
			size_t cap = j->cap;
			if (dev_grow((void **)&j->s, &cap, j->n + 1, sizeof *j->s, 4096) ||
			    (cap = j->cap, dev_grow((void **)&j->score, &cap, j->n + 1, sizeof *j->score, 4096)) ||
			    (cap = j->cap, dev_grow((void **)&j->result, &cap, j->n + 1, sizeof *j->result, 4096))) {
				j->err = 2;
				break;
			}
			j->cap = cap;
			struct tr_sample *smp = &j->s[j->n];
			smp->n[0] = (uint8_t)gy__nnue_features(&q, q.side, smp->f[0]);
			smp->n[1] = (uint8_t)gy__nnue_features(&q, !q.side, smp->f[1]);
			j->score[j->n] = (float)label;
			j->result[j->n] = q.side == p.side ? d->result[i] : 1 - d->result[i];
			j->n++;
		}
	}
	return NULL;
}

/*
 * --teacher linear: every training position's score becomes the linear
 * evaluation's after a quiescence search, and --augment N adds N positions
 * a short random walk from each, so labelled (the validation positions
 * keep the search's scores: the network is measured against what it is
 * finally to predict).  Each position's walks are seeded by --seed and its
 * index, and the threads' positions are added in the order of the
 * training positions, so the result does not depend on --threads.  0, or
 * -1 after a message.
 */
static int teach(struct tr_data *d, const struct tr_opts *o)
{
	struct teach_job jobs[TR_MAX_THREADS] = {0};
	pthread_t tid[TR_MAX_THREADS];
	bool started[TR_MAX_THREADS] = {0};
	int T = o->threads, rc = -1;
	for (int t = 0; t < T; t++) {
		jobs[t].d = d;
		jobs[t].o = o;
		jobs[t].from = d->nt * (size_t)t / (size_t)T;
		jobs[t].to = d->nt * (size_t)(t + 1) / (size_t)T;
	}
	for (int t = 1; t < T; t++)
		started[t] = !pthread_create(&tid[t], NULL, teach_run, &jobs[t]);
	teach_run(&jobs[0]);
	for (int t = 1; t < T; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			teach_run(&jobs[t]);
	}
	size_t added = 0;
	for (int t = 0; t < T; t++) {
		struct teach_job *j = &jobs[t];
		if (j->err) {
			fprintf(stderr, "%s: %s\n", who,
				j->err == 1 ? "a training position does not unpack" : "out of memory");
			goto out;
		}
		size_t cap = d->cap;
		if (dev_grow((void **)&d->s, &cap, d->n + j->n, sizeof *d->s, 4096) ||
		    (cap = d->cap, dev_grow((void **)&d->result, &cap, d->n + j->n, sizeof *d->result, 4096)) ||
		    (cap = d->cap, dev_grow((void **)&d->score, &cap, d->n + j->n, sizeof *d->score, 4096)) ||
		    (cap = d->cap, dev_grow((void **)&d->holdout, &cap, d->n + j->n, sizeof *d->holdout, 4096))) {
			fprintf(stderr, "%s: out of memory\n", who);
			goto out;
		}
		d->cap = cap;
		memcpy(d->s + d->n, j->s, sizeof *j->s * j->n);
		memcpy(d->score + d->n, j->score, sizeof *j->score * j->n);
		memcpy(d->result + d->n, j->result, sizeof *j->result * j->n);
		memset(d->holdout + d->n, 0, j->n);
		d->n += j->n;
		added += j->n;
		d->skipped_score += j->skipped;
	}
	fprintf(stderr,
		"train: the teacher (the linear evaluation, quiescence) labelled %zu training positions and %zu more "
		"of %d walks each\n",
		d->nt, added, o->augment);
	rc = 0;
out:
	for (int t = 0; t < T; t++) {
		free(jobs[t].s);
		free(jobs[t].score);
		free(jobs[t].result);
	}
	return rc;
}

/* --- training ------------------------------------------------------------------------------------------- */

struct tr_adam {
	float *m_ft, *v_ft; /* [TR_FT_ROWS][NNUE_L1] */
	struct tr_dense m_d, v_d;
	uint64_t step;
};

struct tr_ctx {
	const struct tr_opts *o;
	const struct tr_data *d;
	struct tr_model *m;
	struct tr_adam *adam;
	float *g_ft;      /* [TR_FT_ROWS][NNUE_L1], zero between batches */
	uint8_t *touched; /* [TR_FT_ROWS] */
	float *dacc;      /* [batch][2 * NNUE_L1] */
	const uint32_t *order;
	size_t bfrom, bto; /* the batch: order[bfrom .. bto) */
	int nthreads;
	float lr_t;  /* this step's rate with Adam's bias corrections */
	float decay; /* this step's weight decay factor of a bucket's own column (1 - lr * --decay) */
};

struct tr_job {
	struct tr_ctx *c;
	int t;
	size_t from, to; /* phase A: positions order[from .. to) */
	struct tr_dense g;
	double loss;
	uint32_t *cols; /* phase B: the columns this thread touched */
	size_t ncols;
};

static const float B1 = 0.9f, B2 = 0.999f, EPS = 1e-8f;

/* Phase A: forward and backward of one slice of the batch. */
static void *phase_a(void *arg)
{
	struct tr_job *j = arg;
	struct tr_ctx *c = j->c;
	memset(&j->g, 0, sizeof j->g);
	j->loss = 0;
	double inv = 1.0 / (double)(c->bto - c->bfrom);
	struct tr_act a;
	for (size_t k = j->from; k < j->to; k++) {
		uint32_t i = c->order[k];
		float y = tr_forward(c->m, &c->d->s[i], &a);
		double dcp;
		j->loss +=
			tr_loss(y * NNUE_CP_PER_UNIT, c->d->score[i], c->d->result[i], c->o->scale, c->o->lambda, &dcp);
		tr_backward(c->m, &a, (float)(dcp * NNUE_CP_PER_UNIT * inv), &j->g,
			    c->dacc + (k - c->bfrom) * 2 * NNUE_L1);
	}
	return NULL;
}

static inline void adam_column(float *restrict w, float *restrict m, float *restrict v, float *restrict g, float lr_t,
			       float decay)
{
	for (int x = 0; x < NNUE_L1; x++) {
		m[x] = B1 * m[x] + (1 - B1) * g[x];
		v[x] = B2 * v[x] + (1 - B2) * g[x] * g[x];
		w[x] = w[x] * decay - lr_t * m[x] / (sqrtf(v[x]) + EPS);
		g[x] = 0;
	}
	tr_clamp_column(w);
}

/* Phase B: the feature columns owned by this thread (column % T == t): their gradients in batch order, then Adam. */
static void *phase_b(void *arg)
{
	struct tr_job *j = arg;
	struct tr_ctx *c = j->c;
	int T = c->nthreads;
	j->ncols = 0;
	for (size_t k = c->bfrom; k < c->bto; k++) {
		const struct tr_sample *s = &c->d->s[c->order[k]];
		const float *da = c->dacc + (k - c->bfrom) * 2 * NNUE_L1;
		for (int half = 0; half < 2; half++)
			for (int i = 0; i < s->n[half]; i++) {
				uint32_t f = s->f[half][i];
				uint32_t cols[2] = {f, (uint32_t)TR_FACTOR(f)};
				for (int z = 0; z < 2; z++) {
					uint32_t col = cols[z];
					if ((int)(col % (uint32_t)T) != j->t)
						continue;
					float *restrict g = c->g_ft + (size_t)col * NNUE_L1;
					const float *restrict src = da + half * NNUE_L1;
					for (int x = 0; x < NNUE_L1; x++)
						g[x] += src[x];
					if (!c->touched[col]) {
						c->touched[col] = 1;
						j->cols[j->ncols++] = col;
					}
				}
			}
	}
	for (size_t q = 0; q < j->ncols; q++) {
		size_t col = j->cols[q];
		adam_column(c->m->ft_w + col * NNUE_L1, c->adam->m_ft + col * NNUE_L1, c->adam->v_ft + col * NNUE_L1,
			    c->g_ft + col * NNUE_L1, c->lr_t, col < NNUE_FEATURES ? c->decay : 1.0f);
		c->touched[col] = 0;
	}
	return NULL;
}

/* Runs fn on jobs[0 .. n) at once (the calling thread runs job 0). */
static void run_jobs(void *(*fn)(void *), struct tr_job *jobs, int n)
{
	pthread_t tid[TR_MAX_THREADS];
	bool started[TR_MAX_THREADS] = {0};
	for (int t = 1; t < n; t++)
		started[t] = !pthread_create(&tid[t], NULL, fn, &jobs[t]);
	fn(&jobs[0]);
	for (int t = 1; t < n; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			fn(&jobs[t]);
	}
}

/* One Adam step on the batch order[from .. to); returns the batch's summed loss. */
static double train_batch(struct tr_ctx *c, struct tr_job *jobs, size_t from, size_t to, double lr)
{
	int T = c->nthreads;
	c->bfrom = from;
	c->bto = to;
	for (int t = 0; t < T; t++) {
		jobs[t].from = from + (to - from) * (size_t)t / (size_t)T;
		jobs[t].to = from + (to - from) * (size_t)(t + 1) / (size_t)T;
	}
	run_jobs(phase_a, jobs, T);
	double loss = 0;
	for (int t = 0; t < T; t++)
		loss += jobs[t].loss;
	float *g = (float *)&jobs[0].g;
	for (int t = 1; t < T; t++) {
		const float *gt = (const float *)&jobs[t].g;
		for (size_t i = 0; i < TR_DENSE_N; i++)
			g[i] += gt[i];
	}
	struct tr_adam *ad = c->adam;
	ad->step++;
	double bc1 = 1 - pow(B1, (double)ad->step), bc2 = 1 - pow(B2, (double)ad->step);
	c->lr_t = (float)(lr * sqrt(bc2) / bc1);
	c->decay = (float)(1 - lr * c->o->decay);
	float *w = (float *)&c->m->d, *mm = (float *)&ad->m_d, *vv = (float *)&ad->v_d;
	for (size_t i = 0; i < TR_DENSE_N; i++) {
		mm[i] = B1 * mm[i] + (1 - B1) * g[i];
		vv[i] = B2 * vv[i] + (1 - B2) * g[i] * g[i];
		w[i] -= c->lr_t * mm[i] / (sqrtf(vv[i]) + EPS);
	}
	tr_clamp_dense(&c->m->d);
	if (c->m->qat)
		tr_qat_sync(c->m, true);
	run_jobs(phase_b, jobs, T);
	return loss;
}

struct tr_eval_job {
	const struct tr_model *m;
	const struct tr_data *d;
	const struct tr_opts *o;
	const uint32_t *idx;
	size_t from, to;
	double loss;
};

static void *eval_run(void *arg)
{
	struct tr_eval_job *j = arg;
	struct tr_act a;
	j->loss = 0;
	for (size_t k = j->from; k < j->to; k++) {
		uint32_t i = j->idx[k];
		float y = tr_forward(j->m, &j->d->s[i], &a);
		j->loss +=
			tr_loss(y * NNUE_CP_PER_UNIT, j->d->score[i], j->d->result[i], j->o->scale, j->o->lambda, NULL);
	}
	return NULL;
}

/* The mean loss of `m` over the positions idx[0 .. n). */
static double eval_loss(const struct tr_model *m, const struct tr_data *d, const struct tr_opts *o, const uint32_t *idx,
			size_t n)
{
	struct tr_eval_job jobs[TR_MAX_THREADS];
	pthread_t tid[TR_MAX_THREADS];
	bool started[TR_MAX_THREADS] = {0};
	int T = o->threads;
	for (int t = 0; t < T; t++)
		jobs[t] = (struct tr_eval_job){m, d, o, idx, n * (size_t)t / (size_t)T, n * (size_t)(t + 1) / (size_t)T,
					       0};
	for (int t = 1; t < T; t++)
		started[t] = !pthread_create(&tid[t], NULL, eval_run, &jobs[t]);
	eval_run(&jobs[0]);
	double sum = jobs[0].loss;
	for (int t = 1; t < T; t++) {
		if (started[t])
			pthread_join(tid[t], NULL);
		else
			eval_run(&jobs[t]);
		sum += jobs[t].loss;
	}
	return n ? sum / (double)n : 0;
}

/* --- checkpoints ---------------------------------------------------------------------------------------- */

#define CKPT_MAGIC "GYNNUEC1"

static int ckpt_write(const char *path, const struct tr_model *m, const struct tr_adam *ad, uint32_t epoch)
{
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 5);
	if (!tmp)
		return -1;
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp", 5);
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", who, tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	uint32_t arch = (uint32_t)NNUE_ARCH;
	size_t ft = (size_t)TR_FT_ROWS * NNUE_L1;
	fwrite(CKPT_MAGIC, 1, 8, f);
	fwrite(&arch, 4, 1, f);
	fwrite(&epoch, 4, 1, f);
	fwrite(&ad->step, 8, 1, f);
	fwrite(m->ft_w, sizeof(float), ft, f);
	fwrite(&m->d, sizeof m->d, 1, f);
	fwrite(ad->m_ft, sizeof(float), ft, f);
	fwrite(ad->v_ft, sizeof(float), ft, f);
	fwrite(&ad->m_d, sizeof ad->m_d, 1, f);
	fwrite(&ad->v_d, sizeof ad->v_d, 1, f);
	int bad = ferror(f);
	if (fclose(f) || bad || rename(tmp, path)) {
		fprintf(stderr, "%s: %s: %s\n", who, path, strerror(errno ? errno : EIO));
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* Reads a checkpoint: the weights, and the Adam state and epoch when `ad` is not NULL; 0 or -1 after a message. */
static int ckpt_read(const char *path, struct tr_model *m, struct tr_adam *ad, uint32_t *epoch)
{
	char why[ARGS_WHY_MAX];
	FILE *f = args_open_file(path, why, sizeof why);
	if (!f) {
		fprintf(stderr, "%s: %s\n", who, why);
		return -1;
	}
	char magic[8];
	uint32_t arch = 0, ep = 0;
	uint64_t step = 0;
	size_t ft = (size_t)TR_FT_ROWS * NNUE_L1;
	int rc = -1;
	if (fread(magic, 1, 8, f) != 8 || memcmp(magic, CKPT_MAGIC, 8)) {
		fprintf(stderr, "%s: %s: not a gyoku train checkpoint (no %.7s header)\n", who, path, CKPT_MAGIC);
		goto out;
	}
	if (fread(&arch, 4, 1, f) != 1 || fread(&ep, 4, 1, f) != 1 || fread(&step, 8, 1, f) != 1) {
		fprintf(stderr, "%s: %s: the checkpoint is cut short\n", who, path);
		goto out;
	}
	if (arch != (uint32_t)NNUE_ARCH) {
		fprintf(stderr, "%s: %s: a checkpoint of another network shape (%#x, this one's is %#x)\n", who, path,
			(unsigned)arch, (unsigned)NNUE_ARCH);
		goto out;
	}
	/* The file must be whole, even for --init, which reads the weights only. */
	struct stat st;
	off_t want = 24 + (off_t)(3 * ft * sizeof(float) + 3 * sizeof(struct tr_dense));
	if (fstat(fileno(f), &st) || st.st_size != want) {
		fprintf(stderr, "%s: %s: the checkpoint is %s\n", who, path,
			st.st_size > want ? "longer than its arrays" : "cut short");
		goto out;
	}
	bool ok = fread(m->ft_w, sizeof(float), ft, f) == ft && fread(&m->d, sizeof m->d, 1, f) == 1;
	if (ok && ad)
		ok = fread(ad->m_ft, sizeof(float), ft, f) == ft && fread(ad->v_ft, sizeof(float), ft, f) == ft &&
		     fread(&ad->m_d, sizeof ad->m_d, 1, f) == 1 && fread(&ad->v_d, sizeof ad->v_d, 1, f) == 1;
	if (!ok) {
		fprintf(stderr, "%s: %s: %s\n", who, path, ferror(f) ? strerror(errno) : "the checkpoint is cut short");
		goto out;
	}
	if (ad) {
		ad->step = step;
		*epoch = ep;
	}
	rc = 0;
out:
	fclose(f);
	return rc;
}

/* --- the command ---------------------------------------------------------------------------------------- */

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku train --data FILE|DIR [--data ...] [--epochs N] [--batch B] [--lr A] [--lr-decay D]\n"
	      "                   [--decay W] [--keep best|last] [--qat-epochs N] [--teacher linear] [--augment N]\n"
	      "                   [--lambda L] [--scale K] [--score-max S] [--min-ply P] [--threads T] [--seed S]\n"
	      "                   [--checkpoint FILE] [--resume FILE | --init FILE] [--quant-margin M] [--out "
	      "FILE.nnue]\n",
	      f);
	return status;
}

static int parse_args(int argc, char **argv, struct tr_opts *o)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (args_is_help(a))
			return usage(stdout, 0);
		if (i + 1 >= argc) {
			fprintf(stderr, "%s: %s: missing value\n", who, a);
			return usage(stderr, 2);
		}
		const char *v = argv[++i];
		bool ok = true;
		if (!strcmp(a, "--data")) {
			if (o->ndata == TR_MAX_DATA) {
				fprintf(stderr, "%s: --data: %d at most\n", who, TR_MAX_DATA);
				return 2;
			}
			o->data[o->ndata++] = v;
		} else if (!strcmp(a, "--out"))
			o->out = v;
		else if (!strcmp(a, "--checkpoint"))
			o->checkpoint = v;
		else if (!strcmp(a, "--resume"))
			o->resume = v;
		else if (!strcmp(a, "--init"))
			o->init = v;
		else if (!strcmp(a, "--epochs"))
			ok = args_int(who, a, v, 0, 100000, &o->epochs);
		else if (!strcmp(a, "--teacher")) {
			ok = o->teacher = !strcmp(v, "linear");
			if (!ok)
				fprintf(stderr, "%s: --teacher: 'linear', not '%s'\n", who, v);
		} else if (!strcmp(a, "--augment"))
			ok = args_int(who, a, v, 0, 1000, &o->augment);
		else if (!strcmp(a, "--qat-epochs"))
			ok = args_int(who, a, v, 0, 100000, &o->qat_epochs);
		else if (!strcmp(a, "--batch"))
			ok = args_int(who, a, v, 1, 1 << 20, &o->batch);
		else if (!strcmp(a, "--threads"))
			ok = args_int(who, a, v, 1, TR_MAX_THREADS, &o->threads);
		else if (!strcmp(a, "--score-max"))
			ok = args_int(who, a, v, 0, 1000000, &o->score_max);
		else if (!strcmp(a, "--min-ply"))
			ok = args_int(who, a, v, 0, 100000, &o->min_ply);
		else if (!strcmp(a, "--seed"))
			ok = args_u64(who, a, v, &o->seed);
		else if (!strcmp(a, "--lr"))
			ok = args_double(who, a, v, 0, 1, &o->lr);
		else if (!strcmp(a, "--lr-decay"))
			ok = args_double(who, a, v, 0, 1, &o->lr_decay);
		else if (!strcmp(a, "--decay"))
			ok = args_double(who, a, v, 0, 10000, &o->decay);
		else if (!strcmp(a, "--keep")) {
			ok = !strcmp(v, "best") || !strcmp(v, "last");
			o->last = !strcmp(v, "last");
			if (!ok)
				fprintf(stderr, "%s: --keep: 'best' or 'last', not '%s'\n", who, v);
		} else if (!strcmp(a, "--lambda"))
			ok = args_double(who, a, v, 0, 1, &o->lambda);
		else if (!strcmp(a, "--scale"))
			ok = args_double(who, a, v, 1, 100000, &o->scale);
		else if (!strcmp(a, "--quant-margin"))
			ok = args_double(who, a, v, 0, 1000, &o->quant_margin);
		else {
			fprintf(stderr, "%s: unknown option '%s'\n", who, a);
			return usage(stderr, 2);
		}
		if (!ok)
			return 2;
	}
	if (!o->ndata) {
		fprintf(stderr, "%s: --data is required\n", who);
		return usage(stderr, 2);
	}
	if (o->augment && !o->teacher) {
		fprintf(stderr, "%s: --augment needs --teacher (its positions have no other score)\n", who);
		return 2;
	}
	if (o->resume && o->init) {
		fprintf(stderr, "%s: --resume and --init: one or the other\n", who);
		return usage(stderr, 2);
	}
	return -1;
}

/* Seconds of the wall clock (CLOCK_MONOTONIC) or of this process's CPU time (CLOCK_PROCESS_CPUTIME_ID). */
static double now(clockid_t clk)
{
	struct timespec ts;
	clock_gettime(clk, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Prints the loss of the linear evaluation (engine/eval.h, the engine's
 * EvalType linear) on the validation positions: what the network is to
 * beat as a predictor of the same targets.
 */
static void linear_reference(const struct tr_data *d, const struct tr_opts *o, const uint32_t *vidx, size_t nv)
{
	double sum = 0;
	size_t n = 0;
	for (size_t k = 0; k < nv; k++) {
		struct gy_pos p;
		if (packed_pos_decode(d->vpos[k], 1, &p))
			continue;
		double dcp;
		sum += tr_loss(eval_evaluate(&p), d->score[vidx[k]], d->result[vidx[k]], o->scale, o->lambda, &dcp);
		n++;
	}
	if (n)
		fprintf(stderr, "train: the linear evaluation on the validation positions: loss %.6f\n",
			sum / (double)n);
}

/*
 * The network as the engine plays it: m quantised into *net (tr_export),
 * then each validation position evaluated by the engine's reference and
 * by the float network.  Sets the validation losses of both and the mean
 * |float - quantised| in centipawns; 0, or -1 after a message.
 */
static int quant_check(const struct tr_model *m, const struct tr_data *d, const struct tr_opts *o, const uint32_t *vidx,
		       size_t nv, struct nnue_net *net, double *fl, double *ql, double *diff)
{
	tr_export(m, net);
	double qsum = 0, fsum = 0, dsum = 0;
	struct tr_act a;
	for (size_t k = 0; k < nv; k++) {
		uint32_t i = vidx[k];
		double fcp = tr_forward_float(m, &d->s[i], &a) * NNUE_CP_PER_UNIT; /* also in QAT epochs */
		struct gy_pos p;
		if (packed_pos_decode(d->vpos[k], 1, &p)) {
			fprintf(stderr, "%s: a validation position does not unpack\n", who);
			return -1;
		}
		double qcp = gy__nnue_evaluate_full(net, &p);
		dsum += fabs(fcp - qcp);
		fsum += tr_loss(fcp, d->score[i], d->result[i], o->scale, o->lambda, NULL);
		qsum += tr_loss(qcp, d->score[i], d->result[i], o->scale, o->lambda, NULL);
	}
	*fl = nv ? fsum / (double)nv : 0;
	*ql = nv ? qsum / (double)nv : 0;
	*diff = nv ? dsum / (double)nv : 0;
	return 0;
}

/*
 * Writes the integer network to o->out and checks it against the float
 * network on the validation positions; 0, or -1 after a message (the
 * file removed when the check fails).
 */
static int write_network(const struct tr_model *m, const struct tr_data *d, const struct tr_opts *o,
			 const uint32_t *vidx, size_t nv, const char *cmdline, double train_loss, double val_loss)
{
	struct nnue_net net;
	if (gy__nnue_alloc(&net) != GY_OK) {
		fprintf(stderr, "%s: out of memory\n", who);
		return -1;
	}
	int rc = -1;
	double fl, ql, diff;
	if (quant_check(m, d, o, vidx, nv, &net, &fl, &ql, &diff))
		goto out;
	if (!nv)
		fprintf(stderr,
			"train: no validation positions (fewer than ten games?): the quantisation is not checked\n");
	char desc[4096];
	size_t dl = (size_t)snprintf(desc, sizeof desc, "%s\nseed %llu; %zu positions, %zu for validation\n", cmdline,
				     (unsigned long long)o->seed, d->n, nv);
	if (d->notes && dl < sizeof desc)
		dl += (size_t)snprintf(desc + dl, sizeof desc - dl, "data made by:\n%s", d->notes);
	if (dl < sizeof desc)
		snprintf(desc + dl, sizeof desc - dl,
			 "loss train %.6f, validation %.6f (float), %.6f (quantised); mean |float - quantised| %.2f "
			 "cp\n",
			 train_loss, val_loss, ql, diff);
	free(net.desc);
	net.desc = strdup(desc);
	if (!net.desc) {
		fprintf(stderr, "%s: out of memory\n", who);
		goto out;
	}
	FILE *f = fopen(o->out, "wb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", who, o->out, strerror(errno));
		goto out;
	}
	if (gy__nnue_write(&net, f) || fclose(f)) {
		fprintf(stderr, "%s: %s: write error\n", who, o->out);
		remove(o->out);
		goto out;
	}
	fprintf(stderr,
		"train: wrote %s; quantisation check on %zu validation positions: mean |float - quantised| %.2f cp, "
		"validation loss float %.6f, quantised %.6f\n",
		o->out, nv, diff, fl, ql);
	if (ql > fl * (1 + o->quant_margin) + 1e-4) {
		fprintf(stderr,
			"%s: the quantised network's validation loss %.6f is worse than the float network's %.6f by "
			"more than --quant-margin %g (a fraction of it): %s removed\n",
			who, ql, fl, o->quant_margin, o->out);
		remove(o->out);
		goto out;
	}
	rc = 0;
out:
	gy__nnue_free(&net);
	return rc;
}

int cmd_train(int argc, char **argv)
{
	struct tr_opts o = {.epochs = 10,
			    .batch = 8192,
			    .threads = 1,
			    .score_max = 3000,
			    .min_ply = 0,
			    .seed = 1,
			    .lr = 1e-3,
			    .lr_decay = 0.9,
			    .lambda = 0.5,
			    .scale = 1290,
			    .quant_margin = 0.02,
			    .decay = 100};
	int status = parse_args(argc, argv, &o);
	if (status >= 0)
		return status;
	if (o.lr * o.decay >= 1) {
		fprintf(stderr, "%s: --lr x --decay must be below 1 (a step would shrink a column to nothing)\n", who);
		return 2;
	}
	int rc = 1;
	struct tr_data d = {0};
	struct tr_model m = {0}, best = {0};
	struct nnue_net qnet = {0};
	struct tr_adam ad = {0};
	struct tr_ctx c = {0};
	struct tr_job *jobs = NULL;
	uint32_t *order = NULL, *vidx = NULL;
	char cmdline[2048];
	size_t cl = (size_t)snprintf(cmdline, sizeof cmdline, "gyoku train");
	for (int i = 0; i < argc && cl < sizeof cmdline; i++)
		cl += (size_t)snprintf(cmdline + cl, sizeof cmdline - cl, strchr(argv[i], ' ') ? " '%s'" : " %s",
				       argv[i]);

	for (int i = 0; i < o.ndata; i++)
		if (load_data(&d, &o, o.data[i]))
			goto fail;
	if (o.teacher && teach(&d, &o))
		goto fail;
	size_t ntrain = 0, nv = 0;
	for (size_t i = 0; i < d.n; i++)
		ntrain += !d.holdout[i];
	nv = d.n - ntrain;
	fprintf(stderr,
		"train: %zu positions (%zu training, %zu validation); left out: %ld in check, %ld captures, "
		"%ld |score| > %d, %ld before ply %d%s\n",
		d.n, ntrain, nv, d.skipped_check, d.skipped_capture, d.skipped_score, o.score_max, d.skipped_ply,
		o.min_ply, d.cut_short ? "; a last line cut short" : "");
	if (!ntrain) {
		fprintf(stderr, "%s: no training positions in the data\n", who);
		goto fail;
	}
	if (d.n > UINT32_MAX) {
		fprintf(stderr, "%s: more than %u positions\n", who, UINT32_MAX);
		goto fail;
	}
	order = malloc(sizeof *order * ntrain);
	vidx = malloc(sizeof *vidx * (nv ? nv : 1));
	size_t ft = (size_t)TR_FT_ROWS * NNUE_L1;
	ad.m_ft = aligned_alloc(64, ft * sizeof(float));
	ad.v_ft = aligned_alloc(64, ft * sizeof(float));
	c.g_ft = aligned_alloc(64, ft * sizeof(float));
	c.touched = calloc(TR_FT_ROWS, 1);
	c.dacc = malloc(sizeof(float) * 2 * NNUE_L1 * (size_t)o.batch);
	jobs = calloc((size_t)o.threads, sizeof *jobs);
	if (!order || !vidx || !ad.m_ft || !ad.v_ft || !c.g_ft || !c.touched || !c.dacc || !jobs ||
	    tr_model_alloc(&m)) {
		fprintf(stderr, "%s: out of memory\n", who);
		goto fail;
	}
	for (int t = 0; t < o.threads; t++) {
		jobs[t].c = &c;
		jobs[t].t = t;
		if (!(jobs[t].cols = malloc(sizeof(uint32_t) * TR_FT_ROWS))) {
			fprintf(stderr, "%s: out of memory\n", who);
			goto fail;
		}
	}
	memset(ad.m_ft, 0, ft * sizeof(float));
	memset(ad.v_ft, 0, ft * sizeof(float));
	memset(c.g_ft, 0, ft * sizeof(float));
	for (size_t i = 0, a = 0, b = 0; i < d.n; i++) {
		if (d.holdout[i])
			vidx[b++] = (uint32_t)i;
		else
			order[a++] = (uint32_t)i;
	}

	uint32_t epoch0 = 0;
	if (o.resume) {
		if (ckpt_read(o.resume, &m, &ad, &epoch0))
			goto fail;
		fprintf(stderr, "train: resumed from %s after epoch %u\n", o.resume, (unsigned)epoch0);
	} else if (o.init) {
		if (ckpt_read(o.init, &m, NULL, NULL))
			goto fail;
	} else {
		tr_model_init(&m, o.seed);
	}
	c.o = &o;
	c.d = &d;
	c.m = &m;
	c.adam = &ad;
	c.order = order;
	c.nthreads = o.threads;

	double train_loss = eval_loss(&m, &d, &o, order, ntrain), val_loss = eval_loss(&m, &d, &o, vidx, nv);
	/*
	 * The network --out writes: the epoch whose quantised network (the one
	 * the engine plays) has the lowest validation loss (--keep best), kept
	 * here.
	 */
	if (!o.last && nv && (tr_model_alloc(&best) || gy__nnue_alloc(&qnet) != GY_OK)) {
		fprintf(stderr, "%s: out of memory\n", who);
		goto fail;
	}
	int best_epoch = (int)epoch0;
	double best_train = train_loss, best_val = val_loss, best_q = 0, qf, qdiff;
	if (best.ft_w) {
		tr_model_copy(&best, &m);
		if (quant_check(&m, &d, &o, vidx, nv, &qnet, &qf, &best_q, &qdiff))
			goto fail;
	}
	char qs[48] = "";
	if (best.ft_w)
		snprintf(qs, sizeof qs, " (quantised %.6f)", best_q);
	fprintf(stderr, "epoch %3u  train %.6f  validation %.6f%s\n", (unsigned)epoch0, train_loss, val_loss, qs);
	linear_reference(&d, &o, vidx, nv);
	for (int epoch = (int)epoch0 + 1; epoch <= o.epochs; epoch++) {
		/* The shuffle: the positions in file order, then Fisher-Yates from (seed, epoch). */
		for (size_t i = 0, a = 0; i < d.n; i++)
			if (!d.holdout[i])
				order[a++] = (uint32_t)i;
		uint64_t s = o.seed * 0x9e3779b97f4a7c15ULL + (uint64_t)epoch * 0xd1b54a32d192ed03ULL;
		for (size_t i = ntrain - 1; i > 0; i--) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			size_t r = (size_t)(s % (i + 1));
			uint32_t tmp = order[i];
			order[i] = order[r];
			order[r] = tmp;
		}
		tr_qat_sync(&m, epoch > o.epochs - o.qat_epochs);
		double lr = o.lr * pow(o.lr_decay, epoch - 1), t0 = now(CLOCK_MONOTONIC),
		       c0 = now(CLOCK_PROCESS_CPUTIME_ID), sum = 0;
		for (size_t from = 0; from < ntrain; from += (size_t)o.batch) {
			size_t to = from + (size_t)o.batch < ntrain ? from + (size_t)o.batch : ntrain;
			sum += train_batch(&c, jobs, from, to, lr);
		}
		double secs = now(CLOCK_MONOTONIC) - t0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		train_loss = sum / (double)ntrain;
		val_loss = eval_loss(&m, &d, &o, vidx, nv);
		double q = 0;
		if (best.ft_w && quant_check(&m, &d, &o, vidx, nv, &qnet, &qf, &q, &qdiff))
			goto fail;
		qs[0] = 0;
		if (best.ft_w)
			snprintf(qs, sizeof qs, " (quantised %.6f)", q);
		/* Positions a second of the wall clock, and per CPU second (what one core does, on a shared machine). */
		fprintf(stderr,
			"epoch %3d  train %.6f  validation %.6f%s  %.0f positions/s (%.0f per CPU second)  %.1f s  lr "
			"%.3g\n",
			epoch, train_loss, val_loss, qs, (double)ntrain / (secs > 0 ? secs : 1e-9),
			(double)ntrain / (cpu > 0 ? cpu : 1e-9), secs, lr);
		if (o.checkpoint && ckpt_write(o.checkpoint, &m, &ad, (uint32_t)epoch))
			goto fail;
		if (best.ft_w && q < best_q) {
			tr_model_copy(&best, &m);
			best_epoch = epoch, best_train = train_loss, best_val = val_loss, best_q = q;
		}
	}
	if (best.ft_w)
		fprintf(stderr,
			"train: the network of epoch %d (the lowest validation loss quantised, %.6f; float %.6f)\n",
			best_epoch, best_q, best_val);
	if (o.out && write_network(best.ft_w ? &best : &m, &d, &o, vidx, nv, cmdline,
				   best.ft_w ? best_train : train_loss, best.ft_w ? best_val : val_loss))
		goto fail;
	rc = 0;
fail:
	if (jobs)
		for (int t = 0; t < o.threads; t++)
			free(jobs[t].cols);
	free(jobs);
	free(order);
	free(vidx);
	free(ad.m_ft);
	free(ad.v_ft);
	free(c.g_ft);
	free(c.touched);
	free(c.dacc);
	tr_model_free(&m);
	tr_model_free(&best);
	gy__nnue_free(&qnet);
	free(d.s);
	free(d.result);
	free(d.score);
	free(d.holdout);
	free(d.vpos);
	free(d.tpos);
	free(d.tidx);
	free(d.notes);
	return rc;
}
