/*
 * tests/fuzz/fuzz_nnue.c: libFuzzer target for the network file reader
 * (engine/nnue.h, gy__nnue_read).  Invariants: no crash or sanitizer
 * report; a file that is refused says why; a file read is written back
 * to the same bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nnue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nnue_net net;
	char why[256] = "";
	if (gy__nnue_read(&net, data, size, why, sizeof why) != GY_OK) {
		if (!why[0])
			abort();
		return 0;
	}
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		abort();
	if (gy__nnue_write(&net, f))
		abort();
	fclose(f);
	/* The description is kept up to its first NUL byte: the rest of the file reads back the same. */
	size_t dlen = (size_t)data[12] | (size_t)data[13] << 8 | (size_t)data[14] << 16 | (size_t)data[15] << 24;
	size_t kept = strlen(net.desc), lost = dlen - kept;
	if (len != size - lost || memcmp(buf, data, 16 + kept) ||
	    memcmp(buf + 16 + kept, data + 16 + dlen, size - 16 - dlen))
		abort();
	free(buf);
	gy__nnue_free(&net);
	return 0;
}
