/*
 * tests/fuzz/fuzz_jkf.c: libFuzzer target for the JKF reader (jkf.h).
 * The input is any text.  Invariants checked: no crash, leak or sanitizer
 * report; every error but a lack of memory has a line and column inside
 * the text; a game read (also the part before an illegal move) writes, and
 * the text written reads back to a game with the same main line length,
 * final position and ending.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "gyoku/jkf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The SFEN of the main line's last position and its ply. */
static int final_sfen(const struct gy_game *g, char *buf)
{
	struct gy_pos p;
	int end = gy_game_main_end(g);
	if (gy_game_position(g, end, &p) != GY_OK)
		abort();
	gy_sfen_write(&p, buf, GY_SFEN_MAX);
	return gy_game_ply(g, end);
}

static void check_round_trip(const struct gy_game *g)
{
	char *text = NULL;
	size_t len = 0;
	struct gy_game *back = NULL;
	if (gy_jkf_write(g, &text, &len) != GY_OK)
		abort();
	if (gy_jkf_read(text, len, &back, NULL, NULL) != GY_OK)
		abort();
	char a[GY_SFEN_MAX], b[GY_SFEN_MAX];
	int ea, eb;
	struct gy_verdict va = gy_game_ending(g, &ea), vb = gy_game_ending(back, &eb);
	if (final_sfen(g, a) != final_sfen(back, b) || strcmp(a, b) != 0 || va.ending != vb.ending ||
	    va.result != vb.result)
		abort();
	gy_game_destroy(back);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	struct gy_game *g = NULL;
	struct gy_srcpos where = {-1, -1};
	int bad_ply = -1;
	enum gy_err err = gy_jkf_read((const char *)data, size, &g, &where, &bad_ply);
	size_t lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (err && err != GY_ERR_NOMEM && (where.line < 1 || where.col < 1 || (size_t)where.line > lines))
		abort();
	if ((err == GY_OK) != (g != NULL) && bad_ply <= 0)
		abort();
	if (g)
		check_round_trip(g);
	gy_game_destroy(g);
	return 0;
}
