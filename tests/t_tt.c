/*
 * tests/t_tt.c: the engine's transposition table (engine/tt.h).
 *
 *   tt-1.1  a position and the same board with the other side to move
 *           (keys that differ in bit 0 only) never share an entry
 *   tt-1.2  what is stored is found again: value, bound, depth, move,
 *           evaluation and the no-mate-in-one flag
 *   tt-1.3  a shallower non-exact result leaves a deeper one in place,
 *           but the flag it brings is kept
 */
#include <string.h>

#include "check.h"
#include "gyoku/gyoku.h"
#include "tt.h"

static uint64_t key_of(const char *sfen)
{
	struct gy_pos p;
	if (gy_sfen_parse(&p, sfen, strlen(sfen), GY_SFEN_STRICT, NULL) != GY_OK)
		return 0;
	return gy_pos_key(&p);
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	struct tt tt = {NULL, 0, 0};
	if (gy__tt_resize(&tt, 1) != GY_OK) {
		CHECK(&t, "tt-1.1", false, "cannot allocate the table");
		return check_exit(&t);
	}
	uint64_t black = key_of("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
	uint64_t white = key_of("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");

	/* tt-1.1 and tt-1.2: one side's entry, then the other side looks. */
	struct tt_entry *slot;
	struct tt_hit hit = gy__tt_probe(&tt, black, &slot);
	gy__tt_store(&tt, slot, black, 123, TT_BOUND_LOWER | TT_NO_MATE1, 7, 0x1234, -45);
	struct tt_hit other = gy__tt_probe(&tt, white, &slot);
	CHECK(&t, "tt-1.1", black && (black ^ white) == 1 && !hit.found && !other.found,
	      "keys %016llx %016llx, found %d for the other side", (unsigned long long)black, (unsigned long long)white,
	      other.found);
	hit = gy__tt_probe(&tt, black, &slot);
	CHECK(&t, "tt-1.2",
	      hit.found && hit.value == 123 && hit.bound == TT_BOUND_LOWER && hit.depth == 7 && hit.move == 0x1234 &&
		      hit.eval == -45 && hit.no_mate1,
	      "found %d value %d bound %d depth %d move %x eval %d no_mate1 %d", hit.found, hit.value, hit.bound,
	      hit.depth, hit.move, hit.eval, hit.no_mate1);

	/* tt-1.3: the same position, searched shallower without the flag, then with it. */
	gy__tt_store(&tt, slot, black, 50, TT_BOUND_UPPER, 1, 0, -45);
	hit = gy__tt_probe(&tt, black, &slot);
	bool kept = hit.found && hit.value == 123 && hit.depth == 7 && hit.no_mate1;
	gy__tt_clear(&tt);
	hit = gy__tt_probe(&tt, black, &slot);
	gy__tt_store(&tt, slot, black, 123, TT_BOUND_LOWER, 7, 0x1234, -45);
	hit = gy__tt_probe(&tt, black, &slot);
	gy__tt_store(&tt, slot, black, 50, TT_BOUND_UPPER | TT_NO_MATE1, 1, 0, -45);
	hit = gy__tt_probe(&tt, black, &slot);
	CHECK(&t, "tt-1.3", kept && hit.found && hit.value == 123 && hit.depth == 7 && hit.no_mate1,
	      "kept %d; then found %d value %d depth %d no_mate1 %d", kept, hit.found, hit.value, hit.depth,
	      hit.no_mate1);
	gy__tt_free(&tt);
	return check_exit(&t);
}
