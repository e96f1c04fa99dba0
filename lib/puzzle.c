/*
 * lib/puzzle.c: the tsume puzzle file's line, a puzzle's theme, key and id
 * (gyoku/puzzle.h, docs/puzzles.md "The file").  The verification and the
 * judge, which need the solver, are mate/puzzle.c.
 */
#include "gyoku/puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/usi.h"

void gy_puzzle_theme(int n, char *buf, size_t size) { snprintf(buf, size, "%d手詰", n); }

void gy_puzzle_key(const struct gy_pos *p, char *buf, size_t size)
{
	char sfen[GY_SFEN_MAX];
	gy_sfen_write(p, sfen, sizeof sfen);
	char *sp = strrchr(sfen, ' ');
	if (sp)
		*sp = '\0';
	snprintf(buf, size, "%s", sfen);
}

void gy_puzzle_id(const struct gy_pos *p, char *buf, size_t size)
{
	char key[GY_SFEN_MAX];
	gy_puzzle_key(p, key, sizeof key);
	uint64_t h = 0xcbf29ce484222325ULL;
	for (const unsigned char *c = (const unsigned char *)key; *c; c++)
		h = (h ^ *c) * 0x100000001b3ULL;
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	char id[GY_PUZZLE_ID_MAX];
	int i = 0;
	for (; i < 10; i++, h /= 36)
		id[i] = digits[h % 36];
	id[i] = '\0';
	snprintf(buf, size, "%s", id);
}

/* Field `i` of the tab-separated `text` (len bytes): its start and length; false when missing. */
static bool pz_field(const char *text, size_t len, int i, const char **start, size_t *flen)
{
	const char *t = text, *end = text + len;
	for (; i > 0; i--) {
		const char *tab = memchr(t, '\t', (size_t)(end - t));
		if (!tab)
			return false;
		t = tab + 1;
	}
	const char *tab = memchr(t, '\t', (size_t)(end - t));
	*start = t;
	*flen = (size_t)((tab ? tab : end) - t);
	return true;
}

bool gy_puzzle_parse(const char *text, size_t len, struct gy_puzzle *pz, char *why, size_t size)
{
	int nf = 1;
	for (size_t i = 0; i < len; i++)
		nf += text[i] == '\t';
	if (nf != 5) {
		snprintf(why, size, "%d fields, not 5 (SFEN, solution, length, theme, source, separated by tabs)", nf);
		return false;
	}
	const char *f[5];
	size_t fl[5];
	for (int i = 0; i < 5; i++)
		pz_field(text, len, i, &f[i], &fl[i]);
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pz->pos, f[0], fl[0], GY_SFEN_TSUME, &where);
	if (err != GY_OK) {
		snprintf(why, size, "SFEN: %s at column %d", gy_strerror(err), where.col);
		return false;
	}
	char num[16];
	snprintf(num, sizeof num, "%.*s", (int)(fl[2] < 15 ? fl[2] : 15), f[2]);
	char *end;
	long n = strtol(num, &end, 10);
	if (!fl[2] || fl[2] > 2 || end == num || *end || n < 1 || n > GY_PUZZLE_MAX_LEN) {
		snprintf(why, size, "length '%.*s' is not a number from 1 to %d", (int)(fl[2] < 32 ? fl[2] : 32), f[2],
			 GY_PUZZLE_MAX_LEN);
		return false;
	}
	pz->n = 0;
	struct gy_pos p = pz->pos;
	const char *t = f[1], *tend = f[1] + fl[1];
	while (t < tend) {
		size_t k = 0;
		while (t + k < tend && t[k] != ' ')
			k++;
		gy_move m;
		struct gy_undo u;
		if (pz->n == GY_PUZZLE_LINE_MAX || gy_usi_parse_move(&p, t, k, &m, NULL) != GY_OK) {
			snprintf(why, size, "solution: move %d '%.*s' is not a legal move", pz->n + 1,
				 (int)(k < 16 ? k : 16), t);
			return false;
		}
		pz->line[pz->n++] = m;
		gy_pos_do(&p, m, &u);
		t += k;
		while (t < tend && *t == ' ')
			t++;
	}
	if (pz->n != n) {
		snprintf(why, size, "the solution has %d moves, the length says %ld", pz->n, n);
		return false;
	}
	char theme[GY_PUZZLE_THEME_MAX];
	gy_puzzle_theme(pz->n, theme, sizeof theme);
	if (fl[3] != strlen(theme) || memcmp(f[3], theme, fl[3])) {
		snprintf(why, size, "theme '%.*s' is not '%s'", (int)(fl[3] < 32 ? fl[3] : 32), f[3], theme);
		return false;
	}
	snprintf(pz->source, sizeof pz->source, "%.*s",
		 (int)(fl[4] < GY_PUZZLE_SOURCE_MAX ? fl[4] : GY_PUZZLE_SOURCE_MAX - 1), f[4]);
	return true;
}

int gy_puzzle_write(const struct gy_puzzle *pz, char *buf, size_t size)
{
	char sfen[GY_SFEN_MAX], theme[GY_PUZZLE_THEME_MAX], mv[GY_USI_MOVE_MAX];
	char line[GY_PUZZLE_LINE_MAX * GY_USI_MOVE_MAX + 1];
	size_t k = 0;
	line[0] = '\0';
	for (int i = 0; i < pz->n && i < GY_PUZZLE_LINE_MAX; i++) {
		gy_usi_write_move(pz->line[i], mv);
		k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", i ? " " : "", mv);
	}
	gy_sfen_write(&pz->pos, sfen, sizeof sfen);
	gy_puzzle_theme(pz->n, theme, sizeof theme);
	return snprintf(buf, size, "%s\t%s\t%d\t%s\t%s", sfen, line, pz->n, theme, pz->source);
}
