/*
 * engine/nnue.c: the network's features, its file, and the reference
 * evaluation from scratch in plain C (engine/nnue.h, docs/nnue.md).
 */
#include "nnue.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Feature types: P L N S B R G K +P, then +L +N +S as one, +B +R. */
static const int8_t ptype_map[GY_PTYPE_NB] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 10, 11};

/* Where each hand type's features start within an owner's hand block (hand types 1..7: P L N S B R G). */
static const uint8_t hand_base[GY_HAND_NB] = {0, 0, 18, 22, 26, 30, 32, 34};
static const uint8_t hand_max[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

int gy__nnue_ptype(int pt) { return ptype_map[pt & 15]; }

/* A square seen from `c`: Black's as they are, White's rotated. */
static inline int rel(int c, int sq) { return c == GY_BLACK ? sq : 80 - sq; }

/* A relative square mirrored left-right (file f to 10 - f) when `mirror`. */
static inline int mir(int mirror, int rsq) { return mirror ? (8 - rsq / 9) * 9 + rsq % 9 : rsq; }

int gy__nnue_bucket_sq(int c, int ksq, int *mirror)
{
	int rk = rel(c, ksq);
	int f = gy_file_of((gy_sq)rk), r = gy_rank_of((gy_sq)rk);
	*mirror = f > 5;
	if (*mirror)
		f = 10 - f;
	int group = r == 9 ? 0 : r == 8 ? 1 : 2;
	return (f - 1) * 3 + group;
}

int gy__nnue_bucket(const struct gy_pos *p, int c, int *mirror) { return gy__nnue_bucket_sq(c, p->king[c], mirror); }

int gy__nnue_board_feature(int base, int mirror, int c, int color, int pt, int sq)
{
	return base + ((color != c) * NNUE_PTYPES + ptype_map[pt & 15]) * 81 + mir(mirror, rel(c, sq));
}

int gy__nnue_hand_feature(int base, int c, int color, int ht, int k)
{
	return base + NNUE_BOARD_FEATURES + (color != c) * NNUE_HAND_OWNER + hand_base[ht] + k - 1;
}

int gy__nnue_features(const struct gy_pos *p, int c, uint16_t *out)
{
	int mirror;
	int base = gy__nnue_bucket(p, c, &mirror) * NNUE_BUCKET_FEATURES;
	int n = 0;
	for (int sq = 0; sq < GY_SQ_NB; sq++) {
		gy_piece pc = p->board[sq];
		if (pc == GY_NO_PIECE)
			continue;
		int owner = gy_piece_color(pc) != c;
		int t = ptype_map[gy_piece_type(pc)];
		out[n++] = (uint16_t)(base + (owner * NNUE_PTYPES + t) * 81 + mir(mirror, rel(c, sq)));
	}
	for (int side = 0; side < GY_COLOR_NB; side++) {
		int owner = side != c;
		for (int ht = GY_PAWN; ht <= GY_GOLD; ht++) {
			int k = gy_hand_count(p->hand[side], ht);
			if (k > hand_max[ht])
				k = hand_max[ht];
			for (int i = 0; i < k; i++)
				out[n++] = (uint16_t)(base + NNUE_BOARD_FEATURES + owner * NNUE_HAND_OWNER +
						      hand_base[ht] + i);
		}
	}
	return n;
}

enum gy_err gy__nnue_alloc(struct nnue_net *net)
{
	memset(net, 0, sizeof *net);
	size_t bytes = sizeof(int16_t) * (size_t)NNUE_FEATURES * NNUE_L1;
	net->ft_weight = aligned_alloc(64, bytes);
	net->desc = calloc(1, 1);
	if (!net->ft_weight || !net->desc) {
		gy__nnue_free(net);
		return GY_ERR_NOMEM;
	}
	memset(net->ft_weight, 0, bytes);
	return GY_OK;
}

void gy__nnue_free(struct nnue_net *net)
{
	free(net->ft_weight);
	free(net->desc);
	net->ft_weight = NULL;
	net->desc = NULL;
}

/* A little-endian reader over the file's bytes. */
struct rd {
	const uint8_t *p, *end;
	bool bad;
};

static void rd_bytes(struct rd *r, void *dst, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		memset(dst, 0, n);
		return;
	}
	memcpy(dst, r->p, n);
	r->p += n;
}

static uint32_t rd_u32(struct rd *r)
{
	uint8_t b[4];
	rd_bytes(r, b, 4);
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void rd_i16s(struct rd *r, int16_t *dst, size_t n)
{
	for (size_t i = 0; i < n && !r->bad; i++) {
		uint8_t b[2];
		rd_bytes(r, b, 2);
		dst[i] = (int16_t)(uint16_t)(b[0] | b[1] << 8);
	}
}

static void rd_i32s(struct rd *r, int32_t *dst, size_t n)
{
	for (size_t i = 0; i < n && !r->bad; i++)
		dst[i] = (int32_t)rd_u32(r);
}

static void why_say(char *why, size_t why_len, const char *text)
{
	if (why && why_len)
		snprintf(why, why_len, "%s", text);
}

enum gy_err gy__nnue_read(struct nnue_net *net, const void *data, size_t len, char *why, size_t why_len)
{
	struct rd r = {data, (const uint8_t *)data + len, false};
	char magic[8];
	rd_bytes(&r, magic, 8);
	if (r.bad || memcmp(magic, NNUE_MAGIC, 8)) {
		why_say(why, why_len, "not a gyoku network file (no GYNNUE1 header)");
		return GY_ERR_ARG;
	}
	uint32_t arch = rd_u32(&r);
	if (arch != (uint32_t)NNUE_ARCH) {
		char text[128];
		snprintf(text, sizeof text, "a network of another shape (architecture %#x, this engine's is %#x)",
			 (unsigned)arch, (unsigned)NNUE_ARCH);
		why_say(why, why_len, text);
		return GY_ERR_ARG;
	}
	uint32_t dlen = rd_u32(&r);
	if (r.bad || dlen > (size_t)(r.end - r.p)) {
		why_say(why, why_len, "the network file is cut short");
		return GY_ERR_ARG;
	}
	if (gy__nnue_alloc(net) != GY_OK) {
		why_say(why, why_len, "out of memory");
		return GY_ERR_NOMEM;
	}
	char *desc = malloc((size_t)dlen + 1);
	if (!desc) {
		gy__nnue_free(net);
		why_say(why, why_len, "out of memory");
		return GY_ERR_NOMEM;
	}
	rd_bytes(&r, desc, dlen);
	desc[dlen] = '\0';
	free(net->desc);
	net->desc = desc;
	rd_i16s(&r, net->ft_bias, NNUE_L1);
	rd_i16s(&r, net->ft_weight, (size_t)NNUE_FEATURES * NNUE_L1);
	rd_i32s(&r, net->l1_bias, NNUE_L2);
	rd_bytes(&r, net->l1_weight, sizeof net->l1_weight);
	rd_i32s(&r, net->l2_bias, NNUE_L3);
	rd_bytes(&r, net->l2_weight, sizeof net->l2_weight);
	rd_i32s(&r, &net->out_bias, 1);
	rd_bytes(&r, net->out_weight, sizeof net->out_weight);
	if (r.bad || r.p != r.end) {
		gy__nnue_free(net);
		why_say(why, why_len,
			r.bad ? "the network file is cut short" : "the network file has bytes after its end");
		return GY_ERR_ARG;
	}
	return GY_OK;
}

static void wr_u32(FILE *f, uint32_t v)
{
	uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
	fwrite(b, 1, 4, f);
}

static void wr_i16s(FILE *f, const int16_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint16_t u = (uint16_t)v[i];
		uint8_t b[2] = {(uint8_t)u, (uint8_t)(u >> 8)};
		fwrite(b, 1, 2, f);
	}
}

static void wr_i32s(FILE *f, const int32_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		wr_u32(f, (uint32_t)v[i]);
}

int gy__nnue_write(const struct nnue_net *net, FILE *f)
{
	const char *desc = net->desc ? net->desc : "";
	size_t dlen = strlen(desc);
	fwrite(NNUE_MAGIC, 1, 8, f);
	wr_u32(f, (uint32_t)NNUE_ARCH);
	wr_u32(f, (uint32_t)dlen);
	fwrite(desc, 1, dlen, f);
	wr_i16s(f, net->ft_bias, NNUE_L1);
	wr_i16s(f, net->ft_weight, (size_t)NNUE_FEATURES * NNUE_L1);
	wr_i32s(f, net->l1_bias, NNUE_L2);
	fwrite(net->l1_weight, 1, sizeof net->l1_weight, f);
	wr_i32s(f, net->l2_bias, NNUE_L3);
	fwrite(net->l2_weight, 1, sizeof net->l2_weight, f);
	wr_i32s(f, &net->out_bias, 1);
	fwrite(net->out_weight, 1, sizeof net->out_weight, f);
	return ferror(f) ? -1 : 0;
}

int gy__nnue_evaluate_full(const struct nnue_net *net, const struct gy_pos *p)
{
	int16_t acc[2][NNUE_L1];
	for (int half = 0; half < 2; half++) {
		int c = half == 0 ? p->side : !p->side;
		uint16_t f[NNUE_MAX_ACTIVE];
		int n = gy__nnue_features(p, c, f);
		memcpy(acc[half], net->ft_bias, sizeof acc[half]);
		for (int i = 0; i < n; i++) {
			const int16_t *w = net->ft_weight + (size_t)f[i] * NNUE_L1;
			for (int j = 0; j < NNUE_L1; j++)
				acc[half][j] = (int16_t)(acc[half][j] + w[j]);
		}
	}
	return gy__nnue_layers_portable(net, acc[0], acc[1]);
}
