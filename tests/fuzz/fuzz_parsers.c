/*
 * tests/fuzz/fuzz_parsers.c: libFuzzer target for the SFEN and USI move
 * parsers.  The input is a SFEN, a newline, then USI moves separated by
 * spaces.  Invariants checked: no crash or sanitizer report; a parsed
 * position is consistent (gy_pos_is_ok), its SFEN parses back to the same
 * SFEN, also after gy_pos_give_rest_to; every parsed move is legal, plays, and takes back.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_roundtrip(const struct gy_pos *p, enum gy_sfen_mode mode)
{
	char a[GY_SFEN_MAX], b[GY_SFEN_MAX];
	struct gy_pos q;
	gy_sfen_write(p, a, sizeof a);
	if (gy_sfen_parse(&q, a, strlen(a), mode, NULL) != GY_OK)
		abort();
	gy_sfen_write(&q, b, sizeof b);
	if (strcmp(a, b) != 0 || gy_pos_key(&q) != gy_pos_key(p))
		abort();
}

static void play_moves(struct gy_pos *p, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		size_t start = i;
		while (i < len && s[i] != ' ')
			i++;
		gy_move m;
		if (i > start && gy_usi_parse_move(p, s + start, i - start, &m, NULL) == GY_OK) {
			struct gy_undo u;
			if (!gy_move_is_legal(p, m))
				abort();
			gy_pos_do(p, m, &u);
			if (!gy_pos_is_ok(p))
				abort();
		}
		i++;
	}
}

/* The whole input as a "position ..." line: the moves read replay legally. */
static void check_position_line(const char *s, size_t size)
{
	struct gy_pos p;
	gy_move moves[32];
	int n = -1;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_usi_parse_position(s, size, &p, moves, 32, &n, &where);
	if (n < 0 || n > 32 || (err && (where.col < 1 || (size_t)where.col > size + 1)))
		abort();
	for (int i = 0; i < n && p.king[p.side] != GY_SQ_NONE; i++) {
		struct gy_undo u;
		if (!gy_move_is_legal(&p, moves[i]))
			abort();
		gy_pos_do(&p, moves[i], &u);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gy_init();
	const char *s = (const char *)data;
	const char *nl = memchr(s, '\n', size);
	size_t sfen_len = nl ? (size_t)(nl - s) : size;
	for (int mode = GY_SFEN_STRICT; mode <= GY_SFEN_TSUME; mode++) {
		struct gy_pos p;
		struct gy_srcpos where;
		if (gy_sfen_parse(&p, s, sfen_len, (enum gy_sfen_mode)mode, &where) != GY_OK) {
			if (where.col < 1 || (size_t)where.col > sfen_len + 1)
				abort();
			continue;
		}
		if (!gy_pos_is_ok(&p))
			abort();
		check_roundtrip(&p, (enum gy_sfen_mode)mode);
		if (mode == GY_SFEN_TSUME) {
			/* The tsume convention, asked for: still consistent, and written out in full. */
			struct gy_pos r = p;
			gy_pos_give_rest_to(&r, r.side ^ 1);
			if (!gy_pos_is_ok(&r))
				abort();
			check_roundtrip(&r, GY_SFEN_TSUME);
		}
		if (nl)
			play_moves(&p, nl + 1, size - sfen_len - 1);
	}
	check_position_line(s, size);
	return 0;
}
