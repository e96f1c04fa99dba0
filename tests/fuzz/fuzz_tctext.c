/*
 * tests/fuzz/fuzz_tctext.c: libFuzzer target for the time controls of
 * record headers (lib/tctext.h).  Invariants: no crash or sanitizer
 * report; a control read is valid; what each writer gives for it reads
 * back to the same control (KIF's 秒読み header taken in), in the syntax
 * that writer names.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tctext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* True when `a` and `b` are the same control. */
static bool same(const struct gy_time_control *a, const struct gy_time_control *b)
{
	return a->main_ms == b->main_ms && a->byoyomi_ms == b->byoyomi_ms && a->periods == b->periods &&
	       a->increment_ms == b->increment_ms && a->days_per_move == b->days_per_move &&
	       a->vacation_days == b->vacation_days && a->auto_vacation == b->auto_vacation;
}

/* Aborts unless `text` reads back as `tc` in `syntax` (GY__TC_NONE: any). */
static void reads_back(const char *text, const struct gy_time_control *tc, enum gy__tc_syntax syntax)
{
	struct gy_time_control back;
	enum gy__tc_syntax got = gy__tc_read(text, strlen(text), &back);
	if (got == GY__TC_NONE || (syntax != GY__TC_NONE && got != syntax) || !same(&back, tc))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gy_time_control tc;
	char text[GY__TC_TEXT_MAX], byoyomi[GY__TC_TEXT_MAX];
	int64_t ms;
	if (gy__tc_read_kif_byoyomi((const char *)data, size, &ms) && (ms <= 0 || ms > GY_TC_MAX_MS))
		abort();
	if (gy__tc_read((const char *)data, size, &tc) == GY__TC_NONE)
		return 0;
	if (gy_tc_check(&tc) != GY_OK)
		abort();
	if (gy__tc_write_csa2(&tc, text))
		reads_back(text, &tc, GY__TC_CSA2);
	if (gy__tc_write_csa3(&tc, text))
		reads_back(text, &tc, GY__TC_CSA3);
	if (tc.days_per_move)
		return 0;
	gy__tc_write_kif(&tc, true, true, text, byoyomi);
	if (byoyomi[0])
		abort();
	reads_back(text, &tc, GY__TC_NONE);
	gy__tc_write_kif(&tc, true, false, text, byoyomi);
	if (byoyomi[0]) {
		struct gy_time_control main;
		if (gy__tc_read(text, strlen(text), &main) != GY__TC_KIF || main.byoyomi_ms ||
		    !gy__tc_read_kif_byoyomi(byoyomi, strlen(byoyomi), &ms))
			abort();
		main.byoyomi_ms = ms;
		main.periods = 1;
		if (!same(&main, &tc))
			abort();
	} else {
		reads_back(text, &tc, GY__TC_NONE);
	}
	return 0;
}
