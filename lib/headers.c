/*
 * lib/headers.c: the table of header keys across CSA, KIF and JKF
 * (headers.h).
 *
 * Invariants: the table is const; each CSA key appears once, and the rows
 * of 先手/後手 come before those of 下手/上手, so a lookup by CSA key finds
 * the even-game name first; of the two rows of 持ち時間, $TIME_LIMIT's
 * comes first.  Time controls are read and written by tctext.h alone.
 */
#include "headers.h"

#include <stddef.h>
#include <stdint.h>
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

/* True when `key` is a time-control header: 持ち時間 (both sides) or 先手持ち時間 / 後手持ち時間 (one side). */
static bool is_time_key(const char *key)
{
	return !strcmp(key, "持ち時間") || !strcmp(key, "先手持ち時間") || !strcmp(key, "後手持ち時間");
}

/* The CSA key of the canonical key `key` in the table, or NULL. */
static const char *table_csa_key(const char *key)
{
	for (int i = 0; i < ROWS; i++)
		if (!strcmp(key, table[i].kif))
			return table[i].csa;
	return NULL;
}

/*
 * The byoyomi that the CSA line of 持ち時間 takes from KIF's 秒読み header
 * (headers.h), or 0: when 持ち時間 is in KIF's syntax with neither byoyomi
 * nor increment, 秒読み is a duration, and no header under the CSA key of
 * the line would take that key from it (the line would not be written).
 */
static int64_t csa_byoyomi(const struct gy_game *g)
{
	const char *v = gy_game_header(g, "持ち時間"), *b = gy_game_header(g, "秒読み");
	struct gy_time_control tc;
	int64_t ms;
	char text[GY__TC_TEXT_MAX];
	if (!v || !b || gy__tc_read(v, strlen(v), &tc) != GY__TC_KIF || tc.byoyomi_ms || tc.increment_ms ||
	    !gy__tc_read_kif_byoyomi(b, strlen(b), &ms))
		return 0;
	tc.byoyomi_ms = ms;
	tc.periods = 1;
	bool v2 = gy__tc_write_csa2(&tc, text);
	if ((!v2 && !gy__tc_write_csa3(&tc, text)) || gy_game_header(g, v2 ? "$TIME_LIMIT" : "$TIME"))
		return 0;
	return ms;
}

/* The CSA line of the time-control header `key` with `value` of `g` (headers.h, "Time controls"). */
static void csa_time(const struct gy_game *g, const char *key, const char *value, struct gy__header_csa_line *out)
{
	bool both = !strcmp(key, "持ち時間");
	const char *v3_key = both ? "$TIME" : table_csa_key(key);
	struct gy_time_control tc;
	enum gy__tc_syntax syntax = gy__tc_read(value, strlen(value), &tc);
	if (both && syntax == GY__TC_CSA2) {
		out->key = "$TIME_LIMIT";
		return;
	}
	if (syntax == GY__TC_CSA3) {
		out->key = v3_key;
		return;
	}
	if (syntax == GY__TC_NONE)
		return;
	int64_t byoyomi = both ? csa_byoyomi(g) : 0;
	if (byoyomi) {
		tc.byoyomi_ms = byoyomi;
		tc.periods = 1;
	}
	if (both && gy__tc_write_csa2(&tc, out->text))
		out->key = "$TIME_LIMIT";
	else if (gy__tc_write_csa3(&tc, out->text))
		out->key = v3_key;
	else
		return;
	out->value = out->text;
}

void gy__header_csa(const struct gy_game *g, int i, struct gy__header_csa_line *out)
{
	const char *key, *value;
	gy_game_header_at(g, i, &key, &value);
	out->key = NULL;
	out->value = value;
	out->dropped = false;
	out->text[0] = '\0';
	if (!strcmp(key, "N+") || !strcmp(key, "N-") || (key[0] == '$' && key[1]))
		out->key = key;
	else if (!strcmp(key, "下手"))
		out->key = "N+";
	else if (!strcmp(key, "上手"))
		out->key = "N-";
	else if (!strcmp(key, "手合割"))
		out->dropped = true;
	else if (!strcmp(key, "秒読み"))
		out->dropped = csa_byoyomi(g) > 0;
	else if (is_time_key(key))
		csa_time(g, key, value, out);
	else
		out->key = table_csa_key(key);
}

void gy__header_kif(const struct gy_game *g, int i, struct gy__header_kif_line *out)
{
	const char *key, *value;
	gy_game_header_at(g, i, &key, &value);
	out->key = gy__header_kif_key(g, key);
	out->value = value;
	out->byoyomi = NULL;
	out->text[0] = out->byoyomi_text[0] = '\0';
	if (!is_time_key(out->key))
		return;
	struct gy_time_control tc;
	enum gy__tc_syntax syntax = gy__tc_read(value, strlen(value), &tc);
	if (syntax == GY__TC_NONE || syntax == GY__TC_KIF || tc.days_per_move)
		return;
	bool both = !strcmp(out->key, "持ち時間");
	gy__tc_write_kif(&tc, both, !both || gy_game_header(g, "秒読み"), out->text, out->byoyomi_text);
	out->value = out->text;
	if (out->byoyomi_text[0])
		out->byoyomi = out->byoyomi_text;
}

bool gy__header_csa_v3(const char *csa_key)
{
	int i;
	return gy__header_from_csa(csa_key, false, &i) && table[i].v3;
}
