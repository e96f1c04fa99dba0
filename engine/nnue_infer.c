/*
 * engine/nnue_infer.c: the network in the search (nnue.h): accumulators
 * updated move by move, and the layers after them in AVX2 or plain C,
 * both exactly the reference gy__nnue_evaluate_full (docs/nnue.md
 * "Inference").
 *
 * Exactness: the accumulator's int16 sums wrap as the reference's do;
 * addition modulo 2^16 does not depend on the order, so a sum updated by
 * removing and adding features is the sum from scratch.  The layers'
 * products fit: an input is 0..127 and a weight -128..127, so a pair of
 * them (AVX2's maddubs) stays within int16 without saturating.
 */
#include <string.h>

#include "nnue.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NNUE_X86 1
#else
#define NNUE_X86 0
#endif

static inline void add_row(int16_t *acc, const int16_t *w)
{
	for (int j = 0; j < NNUE_L1; j++)
		acc[j] = (int16_t)(acc[j] + w[j]);
}

static inline void sub_row(int16_t *acc, const int16_t *w)
{
	for (int j = 0; j < NNUE_L1; j++)
		acc[j] = (int16_t)(acc[j] - w[j]);
}

static inline const int16_t *row(const struct nnue_net *net, int f) { return net->ft_weight + (size_t)f * NNUE_L1; }

void gy__nnue_acc_refresh(const struct nnue_net *net, struct nnue_acc *a, const struct gy_pos *p, int c)
{
	uint16_t f[NNUE_MAX_ACTIVE];
	int n = gy__nnue_features(p, c, f);
	int16_t *v = a->v[c];
	memcpy(v, net->ft_bias, sizeof a->v[c]);
	for (int i = 0; i < n; i++)
		add_row(v, row(net, f[i]));
}

void gy__nnue_acc_init(const struct nnue_net *net, struct nnue_acc *a, const struct gy_pos *p)
{
	gy__nnue_acc_refresh(net, a, p, GY_BLACK);
	gy__nnue_acc_refresh(net, a, p, GY_WHITE);
}

void gy__nnue_acc_update(const struct nnue_net *net, struct nnue_acc *a, const struct nnue_acc *before,
			 const struct gy_pos *p, gy_move m)
{
	if (m == GY_MOVE_NONE) {
		*a = *before;
		return;
	}
	int us = p->side ^ 1;
	gy_sq to = gy_move_to(m);
	int moved = gy_move_moved(m), captured = gy_move_captured(m);
	for (int c = 0; c < GY_COLOR_NB; c++) {
		int mirror;
		int base = gy__nnue_bucket(p, c, &mirror) * NNUE_BUCKET_FEATURES;
		if (moved == GY_KING && c == us) {
			int old_mirror;
			int old = gy__nnue_bucket_sq(c, gy_move_from(m), &old_mirror);
			if (old * NNUE_BUCKET_FEATURES != base || old_mirror != mirror) {
				gy__nnue_acc_refresh(net, a, p, c);
				continue;
			}
		}
		int rem[2], add[2], nr = 0, na = 0;
		if (gy_move_is_drop(m)) {
			int ht = gy_move_drop_type(m);
			rem[nr++] = gy__nnue_hand_feature(base, c, us, ht, gy_hand_count(p->hand[us], ht) + 1);
		} else {
			rem[nr++] = gy__nnue_board_feature(base, mirror, c, us, moved, gy_move_from(m));
		}
		add[na++] = gy__nnue_board_feature(base, mirror, c, us, gy_move_after(m), to);
		if (captured) {
			int ht = gy_ptype_demote(captured);
			rem[nr++] = gy__nnue_board_feature(base, mirror, c, us ^ 1, captured, to);
			add[na++] = gy__nnue_hand_feature(base, c, us, ht, gy_hand_count(p->hand[us], ht));
		}
		int16_t *v = a->v[c];
		memcpy(v, before->v[c], sizeof a->v[c]);
		for (int i = 0; i < nr; i++)
			sub_row(v, row(net, rem[i]));
		for (int i = 0; i < na; i++)
			add_row(v, row(net, add[i]));
	}
}

static inline int clamp127(int v) { return v < 0 ? 0 : v > 127 ? 127 : v; }

/* The layers after the accumulator in plain C: the reference's arithmetic. */
int gy__nnue_layers_portable(const struct nnue_net *net, const int16_t *own, const int16_t *other)
{
	uint8_t in[2 * NNUE_L1];
	for (int j = 0; j < NNUE_L1; j++) {
		in[j] = (uint8_t)clamp127(own[j]);
		in[NNUE_L1 + j] = (uint8_t)clamp127(other[j]);
	}
	uint8_t h1[NNUE_L2], h2[NNUE_L3];
	for (int o = 0; o < NNUE_L2; o++) {
		int32_t s = net->l1_bias[o];
		for (int i = 0; i < 2 * NNUE_L1; i++)
			s += net->l1_weight[o][i] * in[i];
		h1[o] = (uint8_t)clamp127(s >> 6);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		int32_t s = net->l2_bias[o];
		for (int i = 0; i < NNUE_L2; i++)
			s += net->l2_weight[o][i] * h1[i];
		h2[o] = (uint8_t)clamp127(s >> 6);
	}
	int32_t s = net->out_bias;
	for (int i = 0; i < NNUE_L3; i++)
		s += net->out_weight[i] * h2[i];
	return s / NNUE_OUT_DIV;
}

#if NNUE_X86
#define AVX2 __attribute__((target("avx2")))

/* The sum of the 8 int32 lanes of `v`. */
AVX2 static inline int32_t hsum8(__m256i v)
{
	__m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
	s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
	return _mm_cvtsi128_si32(s);
}

/* 32 uint8 inputs (0..127) times 32 int8 weights, as 8 int32 partial sums added to `acc`. */
AVX2 static inline __m256i dot32(__m256i acc, __m256i in, const int8_t *w)
{
	__m256i p = _mm256_maddubs_epi16(in, _mm256_loadu_si256((const __m256i *)w));
	return _mm256_add_epi32(acc, _mm256_madd_epi16(p, _mm256_set1_epi16(1)));
}

/* Clamps 16 int32 (two vectors) to 0..127 and packs them as 16 uint8 in order. */
AVX2 static inline __m128i pack_clamp(__m256i a, __m256i b)
{
	__m256i w = _mm256_packs_epi32(a, b);            /* int16, lanes interleaved */
	w = _mm256_permute4x64_epi64(w, 0xd8);           /* in order */
	w = _mm256_max_epi16(w, _mm256_setzero_si256()); /* >= 0 */
	w = _mm256_min_epi16(w, _mm256_set1_epi16(127)); /* <= 127 */
	__m128i lo = _mm256_castsi256_si128(w), hi = _mm256_extracti128_si256(w, 1);
	return _mm_packus_epi16(lo, hi);
}

/* A dense layer of 32 outputs over `nin` uint8 inputs (a multiple of 32): clamp((bias + sum) >> 6, 0, 127). */
AVX2 static inline void dense32(const __m256i *in, int nin, const int8_t *w, const int32_t *bias, uint8_t *out)
{
	int32_t s[32];
	for (int o = 0; o < 32; o++) {
		__m256i acc = _mm256_setzero_si256();
		for (int i = 0; i < nin / 32; i++)
			acc = dot32(acc, in[i], w + (size_t)o * nin + i * 32);
		s[o] = (bias[o] + hsum8(acc)) >> 6;
	}
	for (int h = 0; h < 2; h++) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(s + 16 * h));
		__m256i b = _mm256_loadu_si256((const __m256i *)(s + 16 * h + 8));
		_mm_storeu_si128((__m128i *)(out + 16 * h), pack_clamp(a, b));
	}
}

AVX2 static int layers_avx2(const struct nnue_net *net, const int16_t *own, const int16_t *other)
{
	_Static_assert(NNUE_L1 % 32 == 0 && NNUE_L2 == 32 && NNUE_L3 == 32, "the AVX2 path's shape");
	__m256i in[2 * NNUE_L1 / 32];
	const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(127);
	for (int half = 0; half < 2; half++) {
		const int16_t *a = half ? other : own;
		for (int j = 0; j < NNUE_L1; j += 32) {
			__m256i x = _mm256_loadu_si256((const __m256i *)(a + j));
			__m256i y = _mm256_loadu_si256((const __m256i *)(a + j + 16));
			x = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
			y = _mm256_min_epi16(_mm256_max_epi16(y, zero), top);
			/* packus interleaves 128-bit lanes: put them back in order. */
			in[(half * NNUE_L1 + j) / 32] = _mm256_permute4x64_epi64(_mm256_packus_epi16(x, y), 0xd8);
		}
	}
	_Alignas(32) uint8_t h1[NNUE_L2], h2[NNUE_L3];
	dense32(in, 2 * NNUE_L1, &net->l1_weight[0][0], net->l1_bias, h1);
	__m256i v1 = _mm256_load_si256((const __m256i *)h1);
	dense32(&v1, NNUE_L2, &net->l2_weight[0][0], net->l2_bias, h2);
	__m256i v2 = _mm256_load_si256((const __m256i *)h2);
	__m256i acc = dot32(_mm256_setzero_si256(), v2, net->out_weight);
	return (net->out_bias + hsum8(acc)) / NNUE_OUT_DIV;
}

int gy__nnue_have_avx2(void)
{
#ifdef __AVX2__
	return 1;
#else
	return __builtin_cpu_supports("avx2") != 0;
#endif
}
#else
int gy__nnue_have_avx2(void) { return 0; }
#endif

int gy__nnue_evaluate_acc(const struct nnue_net *net, const struct nnue_acc *a, const struct gy_pos *p,
			  enum nnue_simd simd)
{
	const int16_t *own = a->v[p->side], *other = a->v[p->side ^ 1];
#if NNUE_X86
	if (simd != NNUE_SIMD_PORTABLE && gy__nnue_have_avx2())
		return layers_avx2(net, own, other);
#else
	(void)simd;
#endif
	return gy__nnue_layers_portable(net, own, other);
}

int gy__nnue_evaluate(const struct nnue_net *net, const struct gy_pos *p)
{
	struct nnue_acc a;
	gy__nnue_acc_init(net, &a, p);
	return gy__nnue_evaluate_acc(net, &a, p, NNUE_SIMD_AUTO);
}
