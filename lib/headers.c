/*
 * lib/headers.c: the table of header keys across CSA, KIF and JKF
 * (headers.h).
 *
 * Invariants: the table is const; each CSA key appears once, and the rows
 * of 先手/後手 come before those of 下手/上手, so a lookup by CSA key finds
 * the even-game name first.
 */
#include "headers.h"

#include <stddef.h>
#include <string.h>

/* One row: the canonical (KIF) key, its CSA key, and whether that key needs CSA v3.0. */
struct row {
	const char *kif;
	const char *csa;
	bool v3;
};

static const struct row table[] = {
	{"先手", "N+", false},
	{"後手", "N-", false},
	{"棋戦", "$EVENT", false},
	{"場所", "$SITE", false},
	{"開始日時", "$START_TIME", false},
	{"終了日時", "$END_TIME", false},
	{"持ち時間", "$TIME_LIMIT", false},
	{"持ち時間", "$TIME", true},
	{"先手持ち時間", "$TIME+", true},
	{"後手持ち時間", "$TIME-", true},
	{"戦型", "$OPENING", false},
	{"最大手数", "$MAX_MOVES", true},
	{"持将棋", "$JISHOGI", true},
	{"備考", "$NOTE", true},
};

enum { ROWS = sizeof table / sizeof table[0] };

const char *gy__header_from_csa(const char *key, bool handicap, int *index)
{
	for (int i = 0; i < ROWS; i++)
		if (!strcmp(key, table[i].csa)) {
			if (index)
				*index = i;
			if (handicap && i < 2)
				return i == 0 ? "下手" : "上手";
			return table[i].kif;
		}
	if (index)
		*index = -1;
	return NULL;
}

const char *gy__header_canonical(const char *key)
{
	const char *k = gy__header_from_csa(key, false, NULL);
	return k ? k : key;
}

const char *gy__header_kif_key(const struct gy_game *g, const char *key)
{
	const char *k = gy__header_canonical(key);
	return k != key && gy_game_header(g, k) ? key : k;
}

/* True when `s` is digits with at most one decimal point, at least one digit, up to `end`. */
static bool is_number(const char *s, const char *end)
{
	bool digit = false, point = false;
	for (; s < end; s++) {
		if (*s >= '0' && *s <= '9')
			digit = true;
		else if (*s == '.' && !point)
			point = true;
		else
			return false;
	}
	return digit;
}

/* True when `v` has the v3.0 $TIME form: three numbers joined by '+' ("600+10+0", "300.5+0+5"). */
static bool is_v3_time(const char *v)
{
	const char *p1 = strchr(v, '+'), *p2 = p1 ? strchr(p1 + 1, '+') : NULL;
	return p2 && is_number(v, p1) && is_number(p1 + 1, p2) && is_number(p2 + 1, v + strlen(v));
}

const char *gy__header_to_csa(const char *key, const char *value)
{
	if (!strcmp(key, "N+") || !strcmp(key, "N-") || (key[0] == '$' && key[1]))
		return key;
	if (!strcmp(key, "下手"))
		return "N+";
	if (!strcmp(key, "上手"))
		return "N-";
	if (!strcmp(key, "持ち時間"))
		return is_v3_time(value) ? "$TIME" : "$TIME_LIMIT";
	for (int i = 0; i < ROWS; i++)
		if (!strcmp(key, table[i].kif))
			return table[i].csa;
	return NULL;
}

bool gy__header_csa_v3(const char *csa_key)
{
	int i;
	return gy__header_from_csa(csa_key, false, &i) && table[i].v3;
}
