/*
 * lib/init.c: gy_init(), the one explicit start of libgyoku's tables.
 */
#include "gyoku/init.h"

#include <stdbool.h>

#include "bitboard_init.h"
#include "zobrist_init.h"

void gy_init(void)
{
	static bool done;
	if (done)
		return;
	gy__bitboard_init();
	gy__zobrist_init();
	done = true;
}
