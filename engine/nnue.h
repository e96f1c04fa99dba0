/*
 * engine/nnue.h: the learned evaluation, an efficiently updatable neural
 * network (NNUE), trained by gyoku itself (`gyoku train`, docs/nnue.md).
 *
 * Input (HalfKA-style, gyoku's own): for each perspective c (the side
 * whose pieces are "own"), the board is seen from c (White's squares
 * rotated, rel_sq) and mirrored left-right when c's king stands on files
 * 6-9, so that king is always on files 1-5.  c's king chooses one of
 * NNUE_BUCKETS blocks of NNUE_BUCKET_FEATURES features:
 *   bucket = (file - 1) * 3 + rank group, the king's file 1..5 (after
 *   mirroring) and its rank group 0: rank 9 (its back rank), 1: rank 8,
 *   2: ranks 1-7.
 * Within the block, active features are
 *   board: every piece, both kings included: (owner 0: c, 1: the enemy,
 *          NNUE_PTYPES types (nnue_ptype: +L, +N, +S share one), 81
 *          squares): ((owner * NNUE_PTYPES + type) * 81 + square);
 *   hand:  NNUE_BOARD_FEATURES + owner * NNUE_HAND_OWNER + hand_base[type]
 *          + k - 1 for k = 1 .. the count held (cumulative: holding 3
 *          pawns makes the 1st, 2nd and 3rd pawn features active).
 * So a move changes a few features of each perspective; a king's move
 * changes its own perspective's bucket (or mirror) and then that
 * perspective is recomputed.
 *
 * Layers (integers, as Stockfish's and YaneuraOu's first NNUE):
 *   feature transformer, one per perspective, shared weights:
 *     acc[c] = ft_bias + sum of ft_weight[f] over c's active features f
 *     (int16, NNUE_L1 values; the float network's values x 127)
 *   input of layer 1: clamp(acc[side to move], 0, 127) then
 *     clamp(acc[other], 0, 127): 2 * NNUE_L1 uint8 values;
 *   layer 1: NNUE_L2 outputs, int8 weights (float x 64), int32 biases
 *     (float x 127 x 64); out = clamp((bias + sum) >> 6, 0, 127);
 *   layer 2: NNUE_L3 outputs, the same;
 *   output: one int32, int8 weights (float x NNUE_OUT_WSCALE), an int32
 *     bias (float x 127 x NNUE_OUT_WSCALE); the evaluation in centipawns
 *     from the side to move is that sum / NNUE_OUT_DIV.
 * The float network's output y is in units of NNUE_CP_PER_UNIT centipawns
 * (eval = y * NNUE_CP_PER_UNIT).
 *
 * File format (little-endian), `.nnue`:
 *   "GYNNUE1\n" (8 bytes), uint32 NNUE_ARCH, uint32 n = the length of a
 *   UTF-8 description (what made the network: commands, data, seeds),
 *   n bytes of it, then the arrays in this order: ft_bias int16[L1],
 *   ft_weight int16[NNUE_FEATURES][L1], l1_bias int32[L2],
 *   l1_weight int8[L2][2 * L1], l2_bias int32[L3], l2_weight int8[L3][L2],
 *   out_bias int32, out_weight int8[L3]; nothing after.
 */
#ifndef ENGINE_NNUE_H
#define ENGINE_NNUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gyoku/err.h"
#include "gyoku/position.h"

enum {
	NNUE_PTYPES = 12,
	NNUE_BOARD_FEATURES = 2 * NNUE_PTYPES * 81,                       /* 1944 */
	NNUE_HAND_OWNER = 38,                                             /* 18 P + 4 L + 4 N + 4 S + 2 B + 2 R + 4 G */
	NNUE_BUCKET_FEATURES = NNUE_BOARD_FEATURES + 2 * NNUE_HAND_OWNER, /* 2020 */
	NNUE_BUCKETS = 15,
	NNUE_FEATURES = NNUE_BUCKETS * NNUE_BUCKET_FEATURES, /* 30300 */
	NNUE_L1 = 128,
	NNUE_L2 = 32,
	NNUE_L3 = 32,
	NNUE_MAX_ACTIVE = 40, /* each of the 40 pieces is one feature: its square, or in hand the k-th of its type */
	NNUE_OUT_DIV = 16,
	NNUE_OUT_WSCALE = 75,
	/* Names the shape: a file of another shape is refused. */
	NNUE_ARCH = NNUE_BUCKETS << 24 | NNUE_L1 << 12 | NNUE_L2 << 6 | NNUE_L3
};

/* Centipawns per unit of the float network's output: 127 * NNUE_OUT_WSCALE / NNUE_OUT_DIV (~595). */
#define NNUE_CP_PER_UNIT (127.0 * NNUE_OUT_WSCALE / NNUE_OUT_DIV)

#define NNUE_MAGIC "GYNNUE1\n"

/* The network, quantised, as the file holds it. */
struct nnue_net {
	int16_t ft_bias[NNUE_L1];
	int16_t *ft_weight; /* [NNUE_FEATURES][NNUE_L1], 32-byte aligned */
	int32_t l1_bias[NNUE_L2];
	int8_t l1_weight[NNUE_L2][2 * NNUE_L1];
	int32_t l2_bias[NNUE_L3];
	int8_t l2_weight[NNUE_L3][NNUE_L2];
	int32_t out_bias;
	int8_t out_weight[NNUE_L3];
	char *desc; /* NUL-terminated */
};

/* The feature type (0 .. NNUE_PTYPES - 1) of a piece type (1 .. 14). */
int gy__nnue_ptype(int pt);

/* The bucket of perspective `c`'s king in `p`, and whether c sees the board mirrored. */
int gy__nnue_bucket(const struct gy_pos *p, int c, int *mirror);

/* The same for c's king on square `ksq`. */
int gy__nnue_bucket_sq(int c, int ksq, int *mirror);

/*
 * One feature of perspective `c` in the block starting at `base` (bucket *
 * NNUE_BUCKET_FEATURES, seen mirrored when `mirror`): a piece of `color`
 * and type `pt` (1..14) on `sq`; the k-th (1..) piece of hand type `ht` held by `color`.
 */
int gy__nnue_board_feature(int base, int mirror, int c, int color, int pt, int sq);
int gy__nnue_hand_feature(int base, int c, int color, int ht, int k);

/*
 * The active features of `p` from perspective `c` (indices below
 * NNUE_FEATURES, in no particular order) into `out` (NNUE_MAX_ACTIVE
 * entries); returns how many.
 */
int gy__nnue_features(const struct gy_pos *p, int c, uint16_t *out);

/* An empty network (all zero); ft_weight allocated.  Errors: GY_ERR_NOMEM. */
enum gy_err gy__nnue_alloc(struct nnue_net *net);

/* Frees what gy__nnue_alloc or gy__nnue_read allocated. */
void gy__nnue_free(struct nnue_net *net);

/*
 * Reads a network from the `len` bytes at `data` into `net` (allocated
 * here).  Errors: GY_ERR_ARG (not a network of this shape: bad magic,
 * architecture, length), GY_ERR_NOMEM; `why` says which (may be NULL).
 */
enum gy_err gy__nnue_read(struct nnue_net *net, const void *data, size_t len, char *why, size_t why_len);

/* Writes `net` to `f` in the file format; returns 0, or -1 on a write error. */
int gy__nnue_write(const struct nnue_net *net, FILE *f);

/*
 * The evaluation of `p` by `net` in centipawns from the side to move,
 * the accumulators computed from scratch, then the portable layers (the
 * reference the incremental accumulators and the AVX2 layers must match
 * exactly).
 */
int gy__nnue_evaluate_full(const struct nnue_net *net, const struct gy_pos *p);

/*
 * The layers after the accumulator in plain C: the evaluation in
 * centipawns from the side to move, given the side to move's
 * accumulator `own` and the other's (the AVX2 path must match it).
 */
int gy__nnue_layers_portable(const struct nnue_net *net, const int16_t *own, const int16_t *other);

/*
 * Inference in the search (engine/nnue_infer.c, docs/nnue.md
 * "Inference"): the feature transformer's sums of both perspectives kept
 * per ply and updated by each move's few features; the layers after it
 * with AVX2 where the processor has it, else in plain C, both exactly
 * gy__nnue_evaluate_full.
 */

/* The feature transformer's output of each perspective (v[GY_BLACK], v[GY_WHITE]). */
struct nnue_acc {
	_Alignas(32) int16_t v[GY_COLOR_NB][NNUE_L1];
};

/* Perspective `c` of `a` from scratch for `p`. */
void gy__nnue_acc_refresh(const struct nnue_net *net, struct nnue_acc *a, const struct gy_pos *p, int c);

/* Both perspectives from scratch. */
void gy__nnue_acc_init(const struct nnue_net *net, struct nnue_acc *a, const struct gy_pos *p);

/*
 * `a` = `before` (of the position before move `m`) updated for `m`; `p`
 * is the position after it.  A perspective whose king changed bucket or
 * mirror side is refreshed.  GY_MOVE_NONE: a null move (a copy).  `a`
 * and `before` may not be the same.
 */
void gy__nnue_acc_update(const struct nnue_net *net, struct nnue_acc *a, const struct nnue_acc *before,
			 const struct gy_pos *p, gy_move m);

/* How the layers after the accumulator are computed. */
enum nnue_simd { NNUE_SIMD_AUTO, NNUE_SIMD_PORTABLE, NNUE_SIMD_AVX2 };

/* True when this build and processor can run the AVX2 path. */
int gy__nnue_have_avx2(void);

/*
 * The evaluation from the accumulator `a` of `p` (side to move's
 * perspective first), in centipawns from the side to move, by the path
 * `simd` (NNUE_SIMD_AVX2 without AVX2: the portable one).
 */
int gy__nnue_evaluate_acc(const struct nnue_net *net, const struct nnue_acc *a, const struct gy_pos *p,
			  enum nnue_simd simd);

/* gy__nnue_evaluate_full through the accumulator and the fastest path. */
int gy__nnue_evaluate(const struct nnue_net *net, const struct gy_pos *p);

/* The network built into the engine (data/nnue/gyoku.nnue when the build found it): its bytes, or NULL. */
const void *gy__nnue_builtin(size_t *len);

/*
 * The built-in network, read at the first call and shared by every
 * engine of the process (read-only; never freed); thread-safe.  NULL
 * when none is built in (*err GY_ERR_ARG) or it could not be read
 * (GY_ERR_NOMEM, GY_ERR_ARG); `why` then says why.  `err` and `why` may
 * be NULL.
 */
const struct nnue_net *gy__nnue_builtin_net(enum gy_err *err, const char **why);

struct gy_engine;

/*
 * The network engine `e` evaluates with under EvalType nnue (engine/engine.c):
 * EvalFile's, owned by `e`, else the shared built-in one (read here if not yet);
 * NULL when there is none.  For the tests.
 */
const struct nnue_net *gy__engine_network(const struct gy_engine *e);

#endif
