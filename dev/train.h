/*
 * dev/train.h: the float network that `gyoku train` fits (dev/train_cmd.c,
 * docs/nnue.md "Training"): engine/nnue.h's shape in floats plus a
 * factoriser, its forward and backward passes for one position, the loss,
 * and its quantisation into the engine's integer network.
 *
 * The float network: acc[c] = ft_b + the sum of the columns ft_w[f] of
 * perspective c's active features f and of their factors, the virtual
 * features TR_FACTOR(f) = NNUE_FEATURES + f % NNUE_BUCKET_FEATURES (the
 * same piece on the same square, whatever the king's bucket), so what one
 * bucket learns the other fourteen share.  in = clamp(acc[side to move],
 * 0, 1) then clamp(acc[other], 0, 1); h1 = clamp(l1_b + l1_w in, 0, 1);
 * h2 = clamp(l2_b + l2_w h1, 0, 1); y = out_b + out_w h2; the evaluation is
 * y * NNUE_CP_PER_UNIT centipawns.  Quantised (tr_export), a feature's
 * column is the sum of its own and its factor's: the engine's network has
 * no factors.
 *
 * Weights stay within what quantisation holds (tr_clamp): the dense int8
 * weights |w| <= 127/64, the output's |w| <= 127/NNUE_OUT_WSCALE, and the
 * feature columns, factors and bias |w| <= TR_FT_MAX each, so that no sum
 * of 40 columns, their factors and the bias overflows the engine's int16
 * accumulator (41 * 2 * 3 * 127 < 32767).
 */
#ifndef DEV_TRAIN_H
#define DEV_TRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "nnue.h"

enum { TR_FT_ROWS = NNUE_FEATURES + NNUE_BUCKET_FEATURES };
#define TR_FACTOR(f) (NNUE_FEATURES + (f) % NNUE_BUCKET_FEATURES)
#define TR_FT_MAX    3.0f

/* The dense part of the network (floats only: Adam treats it as one array of TR_DENSE_N floats). */
struct tr_dense {
	float ft_b[NNUE_L1];
	float l1_w[NNUE_L2][2 * NNUE_L1];
	float l1_b[NNUE_L2];
	float l2_w[NNUE_L3][NNUE_L2];
	float l2_b[NNUE_L3];
	float out_w[NNUE_L3];
	float out_b;
};
#define TR_DENSE_N (sizeof(struct tr_dense) / sizeof(float))

struct tr_model {
	float *ft_w; /* [TR_FT_ROWS][NNUE_L1], 64-byte aligned */
	struct tr_dense d;
	/*
	 * Quantisation-aware training (tr_qat_sync): when qat is set, the
	 * forward pass computes what the engine's integer network computes
	 * (qi: d's quantised values, integers held as floats) and the
	 * backward pass propagates through qe (those values over their
	 * scales); the gradients still go to d (straight-through).
	 */
	bool qat;
	struct tr_dense qi, qe;
};

/* One position's inputs: the active features of the side to move's perspective ([0]) and the other's ([1]). */
struct tr_sample {
	uint16_t f[2][NNUE_MAX_ACTIVE];
	uint8_t n[2];
};

/* The forward pass's values that the backward pass needs. */
struct tr_act {
	float acc[2 * NNUE_L1]; /* before the clamp: the side to move's, then the other's */
	float in[2 * NNUE_L1];
	float h1[NNUE_L2], h2[NNUE_L3];
	float y;
};

/* Allocates ft_w (zero) and zeroes the rest; returns 0 or -1 (out of memory). */
int tr_model_alloc(struct tr_model *m);
/* Copies the weights of `src` into `dst` (both allocated). */
void tr_model_copy(struct tr_model *dst, const struct tr_model *src);

void tr_model_free(struct tr_model *m);

/* Random starting weights from `seed` (the same seed, the same network). */
void tr_model_init(struct tr_model *m, uint64_t seed);

/* The output y of `m` for `s` (cp = y * NNUE_CP_PER_UNIT), with what backward needs in `a`. */
float tr_forward(const struct tr_model *m, const struct tr_sample *s, struct tr_act *a);
/* tr_forward of the float network, whatever m->qat. */
float tr_forward_float(const struct tr_model *m, const struct tr_sample *s, struct tr_act *a);

/*
 * The backward pass for dloss/dy = `dy`: adds the dense gradients to `g`
 * (ft_b's included) and writes dloss/dacc (0 where the clamp cut) to
 * dacc[2 * NNUE_L1]; the feature columns' gradient is dacc's halves added
 * to each active feature's column and its factor's (the caller's).
 */
void tr_backward(const struct tr_model *m, const struct tr_act *a, float dy, struct tr_dense *g, float *dacc);

/*
 * The loss of a prediction of `cp` centipawns against a sample with search
 * score `score` and result `result` (1, 0.5, 0), both from the side to
 * move: the cross-entropy of p = sigmoid(cp / scale) against the target t =
 * lambda * sigmoid(score / scale) + (1 - lambda) * result, less t's own
 * entropy (so 0 is a perfect fit).  *dcp (may be NULL) gets dloss/dcp.
 */
double tr_loss(double cp, double score, double result, double scale, double lambda, double *dcp);

/* Keeps every weight within what quantisation holds (above). */
void tr_clamp_dense(struct tr_dense *d);
void tr_clamp_column(float *col);

/* Sets m->qat and, when set, m->qi and m->qe from m->d (call again after every change of m->d). */
void tr_qat_sync(struct tr_model *m, bool on);

/* The engine's integer network of `m` into `net` (allocated by gy__nnue_alloc; desc left alone). */
void tr_export(const struct tr_model *m, struct nnue_net *net);

#endif
