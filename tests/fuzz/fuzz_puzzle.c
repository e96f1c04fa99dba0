/*
 * tests/fuzz/fuzz_puzzle.c: libFuzzer target for the puzzle file's line
 * (gy_puzzle_parse, gyoku/puzzle.h).  Invariants checked: no crash or
 * sanitizer report, whatever the bytes; a line that reads is written back
 * (gy_puzzle_write) as a line that reads to the same puzzle and the same
 * text; its id is 10 characters of [0-9a-z]; a refused line has a reason.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "gyoku/puzzle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	if (!ready) {
		gy_init();
		ready = 1;
	}
	struct gy_puzzle a, b;
	char why[256] = "", line[4096], again[4096], id[GY_PUZZLE_ID_MAX];
	if (!gy_puzzle_parse((const char *)data, size, &a, why, sizeof why)) {
		if (!why[0])
			abort();
		return 0;
	}
	if (a.n < 1 || a.n > GY_PUZZLE_MAX_LEN)
		abort();
	int n = gy_puzzle_write(&a, line, sizeof line);
	if (n < 0 || (size_t)n >= sizeof line)
		return 0;
	if (!gy_puzzle_parse(line, (size_t)n, &b, why, sizeof why))
		abort();
	gy_puzzle_write(&b, again, sizeof again);
	if (strcmp(line, again) || a.n != b.n || memcmp(a.line, b.line, (size_t)a.n * sizeof a.line[0]))
		abort();
	gy_puzzle_id(&a.pos, id, sizeof id);
	if (strlen(id) != 10 || strspn(id, "0123456789abcdefghijklmnopqrstuvwxyz") != 10)
		abort();
	return 0;
}
