/*
 * lib/usi.c: USI move text ("7g7f", "8h2b+", "P*5e"), read and written.
 */
#include "gyoku/usi.h"

static const char hand_letters[GY_HAND_NB] = {0, 'P', 'L', 'N', 'S', 'B', 'R', 'G'};

/* The square of a USI file digit and rank letter, or -1. */
static gy_sq parse_square(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i')
		return -1;
	return gy_make_sq(s[0] - '0', s[1] - 'a' + 1);
}

static enum gy_err syntax_at(struct gy_srcpos *where, size_t i)
{
	if (where) {
		where->line = 1;
		where->col = (int)i + 1;
	}
	return GY_ERR_MOVE_SYNTAX;
}

enum gy_err gy_usi_parse_move(const struct gy_pos *p, const char *s, size_t len, gy_move *out, struct gy_srcpos *where)
{
	if (len < 4)
		return syntax_at(where, len);
	if (s[1] == '*') {
		int pt = 0;
		for (int t = GY_PAWN; t < GY_HAND_NB; t++)
			if (s[0] == hand_letters[t] || s[0] == hand_letters[t] + ('a' - 'A'))
				pt = t;
		if (!pt)
			return syntax_at(where, 0);
		gy_sq to = parse_square(s + 2);
		if (to < 0)
			return syntax_at(where, s[2] >= '1' && s[2] <= '9' ? 3 : 2);
		if (len != 4)
			return syntax_at(where, 4);
		return gy_move_build_drop(p, pt, to, out);
	}
	gy_sq from = parse_square(s), to;
	if (from < 0)
		return syntax_at(where, s[0] >= '1' && s[0] <= '9' ? 1 : 0);
	to = parse_square(s + 2);
	if (to < 0)
		return syntax_at(where, s[2] >= '1' && s[2] <= '9' ? 3 : 2);
	bool promote = len >= 5 && s[4] == '+';
	if (len != 4 + (size_t)promote)
		return syntax_at(where, 4 + (size_t)promote);
	return gy_move_build(p, from, to, promote, out);
}

size_t gy_usi_write_move(gy_move m, char *buf)
{
	size_t n = 0;
	gy_sq to = gy_move_to(m);
	if (gy_move_is_drop(m)) {
		buf[n++] = hand_letters[gy_move_drop_type(m)];
		buf[n++] = '*';
	} else {
		gy_sq from = gy_move_from(m);
		buf[n++] = (char)('0' + gy_file_of(from));
		buf[n++] = (char)('a' + gy_rank_of(from) - 1);
	}
	buf[n++] = (char)('0' + gy_file_of(to));
	buf[n++] = (char)('a' + gy_rank_of(to) - 1);
	if (gy_move_is_promotion(m))
		buf[n++] = '+';
	buf[n] = '\0';
	return n;
}
