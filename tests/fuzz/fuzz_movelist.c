/*
 * tests/fuzz/fuzz_movelist.c: libFuzzer target for the move-list reader
 * (gy_notation_read_list, gyoku/notation.h).  The input bytes are the
 * list, read from the even start, from a handicap preset (White first)
 * and from a middle-game SFEN with a move number.  Invariants checked: no
 * crash, leak or sanitizer report; an error names a line and a column
 * inside the text (or just after it), and a ply only with the game read up
 * to the move before it; a game read (also one kept up to an error) is
 * written as a list in every style and reads back with the same moves.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const starts[] = {
	GY_SFEN_START,
	"lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/7P1/P1PP1PP2/1PS1PS2P/1BK1G2R1/LN1G3NL b - 31",
};

static int main_length(const struct gy_game *g) { return gy_game_ply(g, gy_game_main_end(g)); }

/* The game written in every style reads back with the same main line. */
static void check_written(const struct gy_game *g)
{
	for (int style = 0; style < GY_NOTATION_NB; style++) {
		char *text = NULL;
		size_t len = 0;
		struct gy_game *back = NULL;
		if (gy_notation_write_list(g, (enum gy_notation)style, &text, &len) != GY_OK || strlen(text) != len)
			abort();
		if (gy_notation_read_list(text, len, gy_game_start(g), &back, NULL, NULL) != GY_OK ||
		    main_length(back) != main_length(g))
			abort();
		for (int a = gy_game_main_end(g), b = gy_game_main_end(back); a > 0;
		     a = gy_game_parent(g, a), b = gy_game_parent(back, b))
			if (gy_game_move(g, a) != gy_game_move(back, b))
				abort();
		gy_game_destroy(back);
		free(text);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		struct gy_pos start;
		if (gy_sfen_parse(&start, starts[i], strlen(starts[i]), GY_SFEN_STRICT, NULL) != GY_OK)
			abort();
		struct gy_game *g = NULL;
		struct gy_srcpos where = {0, 0};
		int bad = -1;
		enum gy_err err = gy_notation_read_list((const char *)data, size, &start, &g, &where, &bad);
		if (err) {
			if (where.line < 1 || where.col < 1 || (size_t)where.col > size + 1)
				abort();
			if ((bad > 0) != (g != NULL) || (g && main_length(g) != bad - 1))
				abort();
		} else if (!g || bad != 0) {
			abort();
		}
		if (g)
			check_written(g);
		gy_game_destroy(g);
	}
	return 0;
}
