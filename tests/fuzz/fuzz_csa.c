/*
 * tests/fuzz/fuzz_csa.c: libFuzzer target for the CSA reader (csa.h).
 * The input is CSA text, possibly of several games.  Invariants checked:
 * no crash, leak or sanitizer report; an error has a line and column
 * inside the text; a game kept after an illegal move has one move fewer
 * than the ply named; every game read (also one kept up to an illegal
 * move) writes, reads back with the same main line and ending, and
 * writes the same text again.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/csa.h"
#include "gyoku/gyoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_round_trip(const struct gy_game *g)
{
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	struct gy_game *back = NULL;
	if (gy_csa_write(g, &a, &alen) != GY_OK)
		abort();
	if (gy_csa_read(a, alen, &back, NULL, NULL, NULL) != GY_OK)
		abort();
	if (gy_game_ply(back, gy_game_main_end(back)) != gy_game_ply(g, gy_game_main_end(g)))
		abort();
	int na, nb;
	struct gy_verdict va = gy_game_ending(g, &na), vb = gy_game_ending(back, &nb);
	if (va.ending != vb.ending || va.result != vb.result)
		abort();
	if (gy_csa_write(back, &b, &blen) != GY_OK || alen != blen || memcmp(a, b, alen) != 0)
		abort();
	gy_game_destroy(back);
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	const char *s = (const char *)data;
	size_t at = 0;
	for (int games = 0; games < 8 && at <= size; games++) {
		struct gy_game *g = NULL;
		struct gy_srcpos where = {0, 0};
		size_t used = 0;
		int ply = 0;
		enum gy_err err = gy_csa_read(s + at, size - at, &g, &used, &where, &ply);
		if (used > size - at)
			abort();
		if (err && (where.line < 1 || where.col < 1))
			abort();
		if (err && g && gy_game_ply(g, gy_game_main_end(g)) != ply - 1)
			abort();
		if (!err && !g)
			abort();
		if (g)
			check_round_trip(g);
		gy_game_destroy(g);
		if (!used)
			break;
		at += used;
	}
	return 0;
}
