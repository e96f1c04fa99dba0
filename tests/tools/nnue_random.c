/*
 * tests/tools/nnue_random.c: writes a network file (engine/nnue.h) of
 * random weights from a seed, with magnitudes like a trained network's
 * (feature weights about +-20, accumulator biases 0..60, dense weights
 * about +-30), so that the layers' inputs are not all clipped: for the
 * tests (t_nnue) and the speed bench (bench/).
 *
 * usage: nnue_random SEED OUT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "nnue.h"

static uint64_t state;

/* splitmix64 */
static uint64_t next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A uniform integer in [lo, hi]. */
static int uniform(int lo, int hi) { return lo + (int)(next() % (uint64_t)(hi - lo + 1)); }

int main(int argc, char **argv)
{
	if (argc != 3) {
		fputs("usage: nnue_random SEED OUT\n", stderr);
		return 2;
	}
	char *end;
	unsigned long long seed = strtoull(argv[1], &end, 10);
	if (!*argv[1] || *end) {
		fprintf(stderr, "nnue_random: the seed '%s' is not a number\n", argv[1]);
		return 2;
	}
	state = seed;
	struct nnue_net net;
	if (gy__nnue_alloc(&net) != GY_OK) {
		fputs("nnue_random: out of memory\n", stderr);
		return 1;
	}
	char desc[128];
	snprintf(desc, sizeof desc, "random weights: nnue_random %llu", seed);
	free(net.desc);
	net.desc = strdup(desc);
	for (int j = 0; j < NNUE_L1; j++)
		net.ft_bias[j] = (int16_t)uniform(0, 60);
	for (size_t i = 0; i < (size_t)NNUE_FEATURES * NNUE_L1; i++)
		net.ft_weight[i] = (int16_t)uniform(-20, 20);
	for (int o = 0; o < NNUE_L2; o++) {
		net.l1_bias[o] = uniform(-2000, 4000);
		for (int i = 0; i < 2 * NNUE_L1; i++)
			net.l1_weight[o][i] = (int8_t)uniform(-30, 30);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		net.l2_bias[o] = uniform(-1000, 3000);
		for (int i = 0; i < NNUE_L2; i++)
			net.l2_weight[o][i] = (int8_t)uniform(-40, 40);
	}
	net.out_bias = uniform(-500, 500);
	for (int i = 0; i < NNUE_L3; i++)
		net.out_weight[i] = (int8_t)uniform(-40, 40);
	FILE *f = fopen(argv[2], "wb");
	if (!f) {
		fprintf(stderr, "nnue_random: cannot write %s\n", argv[2]);
		gy__nnue_free(&net);
		return 1;
	}
	int bad = gy__nnue_write(&net, f);
	bad |= fclose(f);
	gy__nnue_free(&net);
	if (bad) {
		fprintf(stderr, "nnue_random: error writing %s\n", argv[2]);
		return 1;
	}
	return 0;
}
