/*
 * tests/fuzz/fuzz_packed.c: libFuzzer target for the training record's
 * position decoder (dev/packed.h).  The input's first 32 bytes (zeros
 * after a short input) are a packed position.  Invariants checked: no
 * crash or sanitizer report; bytes that unpack give a consistent position
 * that packs to exactly the same bytes; every legal move of it round
 * trips through 16 bits; a record written from the input's first 40 bytes
 * reads back and writes the same bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "packed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	if (!ready) {
		gy_init();
		ready = 1;
	}
	uint8_t rec[PACKED_RECORD_BYTES] = {0}, again[PACKED_RECORD_BYTES];
	memcpy(rec, data, size < sizeof rec ? size : sizeof rec);
	struct packed_record r;
	packed_record_read(rec, &r);
	packed_record_write(&r, again);
	if (memcmp(rec, again, sizeof rec))
		abort();
	struct gy_pos p;
	if (packed_pos_decode(rec, 1, &p))
		return 0;
	uint8_t b[PACKED_POS_BYTES];
	if (!gy_pos_is_ok(&p) || packed_pos_encode(&p, b) || memcmp(b, rec, sizeof b))
		abort();
	struct gy_movelist list;
	list.n = 0;
	gy_gen(&p, GY_GEN_LEGAL, &list);
	for (int i = 0; i < list.n; i++)
		if (packed_move_from16(&p, packed_move16(list.moves[i])) != list.moves[i])
			abort();
	return 0;
}
