/*
 * lib/usi_position.c: the USI position line, "position startpos|sfen
 * <SFEN> [moves <move> ...]", read and written.
 */
#include <string.h>

#include "gyoku/movegen.h"
#include "gyoku/usi.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next word of s[*i..len): its start (the index) and length; 0 at the end. */
static size_t next_word(const char *s, size_t len, size_t *i, size_t *start)
{
	while (*i < len && is_space(s[*i]))
		(*i)++;
	*start = *i;
	while (*i < len && !is_space(s[*i]))
		(*i)++;
	return *i - *start;
}

static bool word_is(const char *s, size_t start, size_t n, const char *w)
{
	return n == strlen(w) && memcmp(s + start, w, n) == 0;
}

static enum gy_err fail_at(struct gy_srcpos *where, size_t col0, enum gy_err err)
{
	if (where) {
		where->line = 1;
		where->col = (int)col0 + 1;
	}
	return err;
}

enum gy_err gy_usi_parse_position(const char *s, size_t len, struct gy_pos *start, gy_move *moves, int max, int *n,
				  struct gy_srcpos *where)
{
	size_t i = 0, w, k;
	*n = 0;
	gy_pos_clear(start);
	k = next_word(s, len, &i, &w);
	if (word_is(s, w, k, "position"))
		k = next_word(s, len, &i, &w);
	if (word_is(s, w, k, "startpos")) {
		gy_pos_set_start(start);
	} else if (word_is(s, w, k, "sfen")) {
		/* The SFEN runs up to " moves" or the end. */
		while (i < len && is_space(s[i]))
			i++;
		size_t sfen_start = i, sfen_end = len;
		for (size_t j = i; j + 6 <= len; j++) {
			if (is_space(s[j]) && !memcmp(s + j + 1, "moves", 5) && (j + 6 == len || is_space(s[j + 6]))) {
				sfen_end = j;
				break;
			}
		}
		struct gy_srcpos in_sfen = {0, 0};
		enum gy_err err =
			gy_sfen_parse(start, s + sfen_start, sfen_end - sfen_start, GY_SFEN_PROBLEM, &in_sfen);
		if (err)
			return fail_at(where, sfen_start + (size_t)(in_sfen.col > 0 ? in_sfen.col - 1 : 0), err);
		i = sfen_end;
	} else {
		return fail_at(where, w, GY_ERR_SFEN_SYNTAX);
	}
	k = next_word(s, len, &i, &w);
	if (k == 0)
		return GY_OK;
	if (!word_is(s, w, k, "moves"))
		return fail_at(where, w, GY_ERR_SFEN_TRAILING);
	/* Each move is checked against the position reached so far. */
	struct gy_pos pos = *start;
	while ((k = next_word(s, len, &i, &w)) > 0) {
		gy_move m;
		struct gy_srcpos in_move = {0, 0};
		if (*n >= max)
			return fail_at(where, w, GY_ERR_TOO_LONG);
		enum gy_err err = gy_usi_parse_move(&pos, s + w, k, &m, &in_move);
		if (err)
			return fail_at(where, w + (size_t)(in_move.col > 0 ? in_move.col - 1 : 0), err);
		struct gy_undo u;
		gy_pos_do(&pos, m, &u);
		moves[(*n)++] = m;
	}
	return GY_OK;
}

/* Appends `tl` bytes of text at *len, keeping what fits in size - 1 bytes (snprintf-like). */
static void append(char *buf, size_t size, size_t *len, const char *text, size_t tl)
{
	if (size && *len < size - 1)
		memcpy(buf + *len, text, *len + tl < size - 1 ? tl : size - 1 - *len);
	*len += tl;
}

size_t gy_usi_write_position(const struct gy_pos *start, const gy_move *moves, int n, char *buf, size_t size)
{
	char sfen[GY_SFEN_MAX];
	size_t len = 0;
	gy_sfen_write(start, sfen, sizeof sfen);
	if (!strcmp(sfen, GY_SFEN_START)) {
		append(buf, size, &len, "position startpos", 17);
	} else {
		append(buf, size, &len, "position sfen ", 14);
		append(buf, size, &len, sfen, strlen(sfen));
	}
	if (n > 0)
		append(buf, size, &len, " moves", 6);
	for (int i = 0; i < n; i++) {
		char usi[GY_USI_MOVE_MAX + 1];
		usi[0] = ' ';
		append(buf, size, &len, usi, gy_usi_write_move(moves[i], usi + 1) + 1);
	}
	if (size)
		buf[len < size - 1 ? len : size - 1] = '\0';
	return len;
}
