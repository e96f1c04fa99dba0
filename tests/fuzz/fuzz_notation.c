/*
 * tests/fuzz/fuzz_notation.c: libFuzzer target for the move-text reader
 * (gyoku/notation.h).  The input bytes are the text, read in the start
 * position and in a middle-game position, each with and without a
 * previous move's square.  Invariants checked: no crash or sanitizer
 * report; an error's column lies within the text (or just after it); a
 * move read is legal, and written back in every style it reads as itself.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "gyoku/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const positions[] = {
	GY_SFEN_START,
	"ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/7P1/P1PP1PP2/1PS1PS2P/1BK1G2R1/LN1G3NL b - 1",
};

static void check(const struct gy_pos *p, gy_sq prev, const char *s, size_t size)
{
	gy_move m;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_notation_read(p, prev, s, size, &m, &where);
	if (err) {
		if (where.col < 0 || (size_t)where.col > size + 1 || m != GY_MOVE_NONE)
			abort();
		return;
	}
	if (!gy_move_is_legal(p, m))
		abort();
	for (int style = 0; style < GY_NOTATION_NB; style++) {
		char text[GY_NOTATION_MAX];
		gy_move back;
		size_t len = gy_notation_write(p, m, prev, (enum gy_notation)style, true, text, sizeof text);
		if (len >= sizeof text || gy_notation_read(p, prev, text, len, &back, NULL) != GY_OK || back != m)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		struct gy_pos p;
		if (gy_sfen_parse(&p, positions[i], strlen(positions[i]), GY_SFEN_STRICT, NULL) != GY_OK)
			abort();
		check(&p, GY_SQ_NONE, (const char *)data, size);
		check(&p, gy_make_sq(7, 6), (const char *)data, size);
	}
	return 0;
}
