/*
 * tests/fuzz/fuzz_record.c: libFuzzer target for the reader of any record
 * format (record.h), as the server's import uses it: the format guessed
 * from the content, as POST /api/import does without a format.
 * Invariants checked: no crash, leak or sanitizer report; an error has a
 * line and column (but JKF's errors of meaning in well-formed JSON:
 * jansson keeps no positions of values); a game read (also one kept up
 * to an illegal move) writes in every format (the Shift_JIS ones may lack
 * a character of its text), and its USI form reads back with the same
 * main line.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int main_line_length(const struct gy_game *g) { return gy_game_ply(g, gy_game_main_end(g)); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	const char *s = (const char *)data;
	enum gy_record_format f = gy_record_format_by_content(s, size);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0;
	enum gy_err err = gy_record_read(s, size, f, NULL, &g, &where, &bad_ply);
	if (err && f != GY_RECORD_JKF && (where.line < 1 || where.col < 1))
		abort();
	if (!err && !g)
		abort();
	if (!g)
		return 0;
	for (int k = 0; k < GY_RECORD_NB; k++) {
		char *text = NULL;
		size_t len = 0;
		bool sjis = k == GY_RECORD_KIF || k == GY_RECORD_KI2;
		enum gy_err werr = gy_record_write(g, (enum gy_record_format)k, &text, &len);
		if (werr == GY_ERR_TEXT_ENCODING && sjis)
			continue;
		if (werr != GY_OK || strlen(text) != len)
			abort();
		if (k == GY_RECORD_USI) {
			struct gy_game *back = NULL;
			if (gy_record_read(text, len, GY_RECORD_USI, NULL, &back, NULL, NULL) != GY_OK ||
			    main_line_length(back) != main_line_length(g))
				abort();
			gy_game_destroy(back);
		}
		free(text);
	}
	gy_game_destroy(g);
	return 0;
}
