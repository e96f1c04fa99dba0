/*
 * tests/fuzz/fuzz_timecontrol.c: libFuzzer target for the time-control
 * text reader.  Invariants: no crash or sanitizer report; an error names
 * a column inside the text (or just past it); an accepted control is
 * valid and its written text reads back and is written the same again.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/clock.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gy_time_control tc, back;
	struct gy_srcpos where = {0, 0};
	if (gy_tc_parse(&tc, (const char *)data, size, &where) != GY_OK) {
		if (where.col < 1 || (size_t)where.col > size + 1)
			abort();
		return 0;
	}
	char text[GY_TC_TEXT_MAX], again[GY_TC_TEXT_MAX];
	size_t n = gy_tc_write(&tc, text);
	if (gy_tc_check(&tc) != GY_OK || n >= GY_TC_TEXT_MAX || gy_tc_parse(&back, text, n, NULL) != GY_OK)
		abort();
	if (gy_tc_write(&back, again) != n || strcmp(text, again) != 0)
		abort();
	return 0;
}
