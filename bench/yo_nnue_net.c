/*
 * bench/yo_nnue_net.c: `bin/tools/yo_nnue_net SHAPE SEED OUT` writes a
 * network of random weights in YaneuraOu's classic NNUE file format
 * (nn.bin), for bench/nnue_peer.sh to measure YaneuraOu's search speed
 * with a network of that shape: the speed does not depend on the
 * weights' values, only on the shape.  Nothing of YaneuraOu's is copied:
 * the format's facts below were read in its source (eval/nnue/).
 *
 * SHAPE is one of
 *   halfkp_256x2-32-32      the standard network (HalfKP(Friend),
 *                           81 king squares x 1548 pieces = 125388 inputs)
 *   halfkahm1_128x2-32-32   the one nearest gyoku's (HalfKA_hm1(Friend):
 *                           both kings among the pieces, the king's side
 *                           mirrored to files 1-5: 5 x 9 x 1710 = 76950
 *                           inputs; 128x2-32-32 as gyoku's)
 *
 * The format (little-endian):
 *   uint32 version 0x7AF32F16, uint32 the whole network's hash, uint32 n,
 *   n bytes of the architecture string;
 *   uint32 the feature transformer's hash, int16 biases[L1],
 *   int16 weights[inputs][L1];
 *   uint32 the layers' hash, then from the input side: int32 biases[L2],
 *   int8 weights[L2][2 L1]; int32 biases[L3], int8 weights[L3][pad32(L2)];
 *   int32 bias, int8 weights[pad32(L3)]; nothing after.
 * The hashes combine constants of each part as YaneuraOu's loader
 * computes them (it only warns on a mismatch; the bench script checks
 * that no warning is printed).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape {
	const char *name;
	const char *feature;   /* the feature set's name */
	uint32_t feature_hash; /* its hash (the Friend variant) */
	uint32_t inputs;
	uint32_t l1, l2, l3;
};

static const struct shape shapes[] = {
	{"halfkp_256x2-32-32", "HalfKP(Friend)", 0x5D69D5B8u, 81u * 1548u, 256, 32, 32},
	{"halfkahm1_128x2-32-32", "HalfKA_hm1(Friend)", 0x7F134CB8u, 5u * 9u * 1710u, 128, 32, 32},
};

enum { SHAPE_COUNT = sizeof shapes / sizeof shapes[0] };

static uint32_t pad32(uint32_t n) { return (n + 31) / 32 * 32; }

/* The hash of an affine layer of `out` outputs over a part of hash `prev`. */
static uint32_t affine_hash(uint32_t out, uint32_t prev) { return ((0xCC03DAE4u + out) ^ (prev >> 1)) ^ (prev << 31); }

/* The hash of a clipped ReLU over a part of hash `prev`. */
static uint32_t relu_hash(uint32_t prev) { return 0x538D24C7u + prev; }

static uint64_t rng_state;

/* splitmix64 */
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* A uniform integer in [-span, span]. */
static int32_t rng_range(int32_t span) { return (int32_t)(rng_next() % (uint64_t)(2 * span + 1)) - span; }

static int put(FILE *f, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		if (fputc((int)(v >> (8 * i) & 0xFF), f) == EOF)
			return -1;
	return 0;
}

/* `count` random values of `bytes` bytes each in [-span, span]. */
static int put_random(FILE *f, uint64_t count, int bytes, int32_t span)
{
	for (uint64_t i = 0; i < count; i++)
		if (put(f, (uint64_t)(int64_t)rng_range(span), bytes))
			return -1;
	return 0;
}

static int write_net(const struct shape *s, FILE *f)
{
	char arch[512];
	uint32_t in1 = 2 * s->l1;
	uint32_t ft_hash = s->feature_hash ^ in1;
	uint32_t h = 0xEC42E90Du ^ in1; /* the input slice, offset 0 */
	h = relu_hash(affine_hash(s->l2, h));
	h = relu_hash(affine_hash(s->l3, h));
	uint32_t net_hash = affine_hash(1, h);
	int n = snprintf(arch, sizeof arch,
			 "Features=%s[%" PRIu32 "->%" PRIu32 "x2],Network=AffineTransform[1<-%" PRIu32
			 "](ClippedReLU[%" PRIu32 "](AffineTransform[%" PRIu32 "<-%" PRIu32 "](ClippedReLU[%" PRIu32
			 "](AffineTransformSparseInput[%" PRIu32 "<-%" PRIu32 "](InputSlice[%" PRIu32 "(0:%" PRIu32
			 ")])))))",
			 s->feature, s->inputs, s->l1, s->l3, s->l3, s->l3, s->l2, s->l2, s->l2, in1, in1, in1);
	if (n < 0 || (size_t)n >= sizeof arch)
		return -1;
	if (put(f, 0x7AF32F16u, 4) || put(f, ft_hash ^ net_hash, 4) || put(f, (uint32_t)n, 4) ||
	    fwrite(arch, 1, (size_t)n, f) != (size_t)n)
		return -1;
	/* The feature transformer: small weights, so that sums of 40 stay within int16. */
	if (put(f, ft_hash, 4) || put_random(f, s->l1, 2, 64) || put_random(f, (uint64_t)s->inputs * s->l1, 2, 32))
		return -1;
	if (put(f, net_hash, 4) || put_random(f, s->l2, 4, 2000) || put_random(f, (uint64_t)s->l2 * pad32(in1), 1, 8) ||
	    put_random(f, s->l3, 4, 2000) || put_random(f, (uint64_t)s->l3 * pad32(s->l2), 1, 32) ||
	    put_random(f, 1, 4, 2000) || put_random(f, pad32(s->l3), 1, 32))
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	const struct shape *s = NULL;
	char *end;
	if (argc == 4)
		for (int i = 0; i < SHAPE_COUNT; i++)
			if (!strcmp(argv[1], shapes[i].name))
				s = &shapes[i];
	if (!s) {
		fprintf(stderr, "usage: yo_nnue_net SHAPE SEED OUT (SHAPE:");
		for (int i = 0; i < SHAPE_COUNT; i++)
			fprintf(stderr, " %s", shapes[i].name);
		fprintf(stderr, ")\n");
		return 2;
	}
	errno = 0;
	rng_state = strtoull(argv[2], &end, 10);
	if (errno || end == argv[2] || *end) {
		fprintf(stderr, "yo_nnue_net: bad seed '%s' (a decimal number)\n", argv[2]);
		return 2;
	}
	FILE *f = fopen(argv[3], "wb");
	if (!f) {
		fprintf(stderr, "yo_nnue_net: %s: %s\n", argv[3], strerror(errno));
		return 1;
	}
	int bad = write_net(s, f);
	if (fclose(f) || bad) {
		fprintf(stderr, "yo_nnue_net: %s: write error\n", argv[3]);
		remove(argv[3]);
		return 1;
	}
	return 0;
}
