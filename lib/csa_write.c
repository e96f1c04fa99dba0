/*
 * lib/csa_write.c: the CSA record writer (csa.h).
 *
 * The text grows in one buffer (buf.h) whose `nomem` flag, once set, makes
 * every later append a no-op, so the writer checks for failure once at the
 * end.
 * Lines end with "\n".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "csa_names.h"
#include "gyoku/csa.h"
#include "gyoku/handicap.h"
#include "gyoku/position.h"
#include "headers.h"

static void put(struct gy__buf *b, const char *s, size_t n) { gy__buf_put(b, s, n); }
static void put_str(struct gy__buf *b, const char *s) { gy__buf_puts(b, s); }

/* Appends `s` with every line break replaced by a space. */
static void put_flat(struct gy__buf *b, const char *s)
{
	for (; *s; s++)
		put(b, *s == '\n' || *s == '\r' ? " " : s, 1);
}

static void put_int(struct gy__buf *b, int64_t n)
{
	char t[24];
	int k = snprintf(t, sizeof t, "%lld", (long long)n);
	put(b, t, (size_t)k);
}

static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/*
 * True when the quoted line `s` (`n` bytes) would not read back as a
 * remark: the encoding's line ("'CSA encoding=", "'encoding=") or, before
 * the moves, a header written as a comment ("'key：value", csa_read.c).
 */
static bool reads_as_other(const char *s, size_t n)
{
	static const char *const enc[] = {"'CSA encoding=", "'encoding="};
	for (size_t i = 0; i < sizeof enc / sizeof enc[0]; i++)
		if (n >= strlen(enc[i]) && !memcmp(s, enc[i], strlen(enc[i])))
			return true;
	for (size_t i = 1; i < n && i <= 1 + 64; i++) {
		if (s[i] == ' ' || s[i] == '\t')
			return false;
		if (i > 1 && n - i >= 3 && !memcmp(s + i, "\xef\xbc\x9a", 3)) /* "：" */
			return true;
	}
	return false;
}

/*
 * Writes each line of `text` (none when it is empty) as a comment line
 * (csa.h): a line that starts with a quote, a remark read from CSA, as
 * is, unless it would read back as something else; any other as a
 * comment for programs, "'*" and the line.
 */
static void put_comment(struct gy__buf *b, const char *text)
{
	if (!*text)
		return;
	for (;;) {
		const char *e = strchr(text, '\n');
		size_t n = e ? (size_t)(e - text) : strlen(text);
		if (*text != '\'' || reads_as_other(text, n))
			put(b, "'*", 2);
		for (size_t i = 0; i < n; i++)
			if (text[i] != '\r')
				put(b, text + i, 1);
		put(b, "\n", 1);
		if (!e)
			return;
		text = e + 1;
	}
}

/* The CSA key of the i-th header of `g` (headers.h), or NULL when it has none. */
static const char *csa_key_at(const struct gy_game *g, int i)
{
	struct gy__header_csa_line h;
	gy__header_csa(g, i, &h);
	return h.key;
}

/* The CSA key of the i-th header of `g` unless a header under that very key takes it; else NULL. */
static const char *candidate_key(const struct gy_game *g, int i)
{
	const char *key, *value, *ck = csa_key_at(g, i);
	gy_game_header_at(g, i, &key, &value);
	return ck && (ck == key || !gy_game_header(g, ck)) ? ck : NULL;
}

/* How a header is written. */
enum hdr_kind { HDR_DROPPED, HDR_LINE, HDR_COMMENT };

/*
 * Sets kind[i] for each header of `g`: HDR_LINE when it gets a CSA line
 * (its own CSA key first, else the first header mapped to that key),
 * HDR_COMMENT when CSA has no line for it or another header took its key,
 * HDR_DROPPED when headers.h drops it (手合割, a 秒読み the 持ち時間 line
 * holds).
 */
static void classify(const struct gy_game *g, unsigned char *kind)
{
	int n = gy_game_header_count(g);
	for (int i = 0; i < n; i++) {
		struct gy__header_csa_line h;
		gy__header_csa(g, i, &h);
		const char *ck = candidate_key(g, i);
		kind[i] = ck ? HDR_LINE : h.dropped ? HDR_DROPPED : HDR_COMMENT;
		for (int j = 0; ck && j < i; j++) {
			const char *c2 = kind[j] == HDR_LINE ? candidate_key(g, j) : NULL;
			if (c2 && !strcmp(c2, ck)) {
				kind[i] = HDR_COMMENT;
				break;
			}
		}
	}
}

/* Names first, then the $ headers, then the headers CSA has no line for as comment lines "'key：value". */
static void put_headers(struct gy__buf *b, const struct gy_game *g, const unsigned char *kind)
{
	int n = gy_game_header_count(g);
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < n; i++) {
			const char *key, *value;
			struct gy__header_csa_line h;
			gy_game_header_at(g, i, &key, &value);
			gy__header_csa(g, i, &h);
			if (pass == 2 && kind[i] == HDR_COMMENT) {
				put(b, "'", 1);
				put_flat(b, key);
				put_str(b, "：");
				put_flat(b, value);
				put(b, "\n", 1);
			}
			if (pass == 2 || kind[i] != HDR_LINE || (h.key[0] == 'N') != (pass == 0))
				continue;
			put_str(b, h.key);
			if (h.key[0] == '$')
				put(b, ":", 1);
			put_flat(b, h.value);
			put(b, "\n", 1);
		}
}

static void put_hands(struct gy__buf *b, const struct gy_pos *p)
{
	static const int order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
	for (int c = 0; c < GY_COLOR_NB; c++) {
		if (!p->hand[c])
			continue;
		put(b, c == GY_BLACK ? "P+" : "P-", 2);
		for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
			for (int k = gy_hand_count(p->hand[c], order[i]); k > 0; k--) {
				put(b, "00", 2);
				put(b, gy__csa_names[order[i]], 2);
			}
		put(b, "\n", 1);
	}
}

static void put_position(struct gy__buf *b, const struct gy_pos *p)
{
	const struct gy_handicap *h = gy_handicap_by_pos(p);
	if (h) {
		put_str(b, h->csa_pi);
		put(b, "\n", 1);
	} else {
		for (int rank = 1; rank <= 9; rank++) {
			put(b, "P", 1);
			put_int(b, rank);
			for (int file = 9; file >= 1; file--) {
				gy_piece pc = p->board[gy_make_sq(file, rank)];
				if (!pc) {
					put(b, " * ", 3);
					continue;
				}
				put(b, gy_piece_color(pc) == GY_BLACK ? "+" : "-", 1);
				put(b, gy__csa_names[gy_piece_type(pc)], 2);
			}
			put(b, "\n", 1);
		}
	}
	put_hands(b, p);
	put(b, p->side == GY_BLACK ? "+\n" : "-\n", 2);
}

static void put_move(struct gy__buf *b, gy_move m, int color)
{
	char t[8];
	t[0] = color == GY_BLACK ? '+' : '-';
	gy_sq to = gy_move_to(m);
	if (gy_move_is_drop(m)) {
		t[1] = t[2] = '0';
	} else {
		t[1] = (char)('0' + gy_file_of(gy_move_from(m)));
		t[2] = (char)('0' + gy_rank_of(gy_move_from(m)));
	}
	t[3] = (char)('0' + gy_file_of(to));
	t[4] = (char)('0' + gy_rank_of(to));
	memcpy(t + 5, gy__csa_names[gy_move_after(m)], 2);
	t[7] = '\n';
	put(b, t, 8);
}

static void put_time(struct gy__buf *b, int64_t ms)
{
	char t[8];
	put(b, "T", 1);
	put_int(b, ms / 1000);
	if (ms % 1000) {
		snprintf(t, sizeof t, ".%03d", (int)(ms % 1000));
		put(b, t, 4);
	}
	put(b, "\n", 1);
}

/* The % line for verdict `v` with `us` to move. */
static const char *special_word(struct gy_verdict v, int us)
{
	enum gy_result win_us = us == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS;
	enum gy_result win_them = us == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
	switch (v.ending) {
	case GY_END_CHECKMATE:
	case GY_END_NO_MOVES: return "%TSUMI";
	case GY_END_RESIGNATION: return "%TORYO";
	case GY_END_ILLEGAL_MOVE:
		if (v.result == win_them || v.result == GY_RESULT_NONE || v.result == GY_RESULT_DRAW)
			return "%ILLEGAL_MOVE";
		return v.result == GY_RESULT_WHITE_WINS ? "%+ILLEGAL_ACTION" : "%-ILLEGAL_ACTION";
	case GY_END_SENNICHITE: return "%SENNICHITE";
	case GY_END_PERPETUAL_CHECK: return "%OUTE_SENNICHITE";
	case GY_END_DECLARATION: return v.result == GY_RESULT_DRAW ? "%JISHOGI" : "%KACHI";
	case GY_END_TRY: return v.result == win_us ? "%KACHI" : "%TSUMI";
	case GY_END_TIME_FORFEIT: return "%TIME_UP";
	case GY_END_MAX_MOVES: return "%MAX_MOVES";
	case GY_END_INTERRUPTION: return v.result == GY_RESULT_DRAW ? "%HIKIWAKE" : "%CHUDAN";
	default: return NULL;
	}
}

/*
 * Sets `non_ascii` when some text written is not ASCII, and `v3` when a
 * main-line time has a fraction of a second or a header needs a v3.0 key.
 */
static void scan(const struct gy_game *g, const unsigned char *kind, bool *non_ascii, bool *v3)
{
	*non_ascii = *v3 = false;
	for (int i = 0; i < gy_game_header_count(g); i++) {
		const char *k, *v;
		struct gy__header_csa_line h;
		gy_game_header_at(g, i, &k, &v);
		gy__header_csa(g, i, &h);
		if (kind[i] == HDR_LINE) {
			*non_ascii |= !is_ascii(h.value);
			*v3 |= gy__header_csa_v3(h.key);
		} else if (kind[i] == HDR_COMMENT) {
			*non_ascii |= !is_ascii(k) || !is_ascii(v);
		}
	}
	for (int n = 0; n >= 0; n = gy_game_first_child(g, n)) {
		if (!is_ascii(gy_game_comment(g, n)) || !is_ascii(gy_game_ending_comment(g, n)))
			*non_ascii = true;
		int64_t t = gy_game_time(g, n), te = gy_game_ending_time(g, n);
		if ((n && t > 0 && t % 1000) || (te > 0 && te % 1000))
			*v3 = true;
	}
}

enum gy_err gy_csa_write(const struct gy_game *g, char **out, size_t *len)
{
	if (!g || !out)
		return GY_ERR_ARG;
	*out = NULL;
	struct gy__buf b = {NULL, 0, 0, false};
	unsigned char *kind = malloc((size_t)gy_game_header_count(g) + 1);
	if (!kind)
		return GY_ERR_NOMEM;
	classify(g, kind);
	bool non_ascii, v3;
	scan(g, kind, &non_ascii, &v3);
	if (non_ascii || v3)
		put_str(&b, "'CSA encoding=UTF-8\n");
	put_str(&b, v3 ? "V3.0\n" : "V2.2\n");
	put_headers(&b, g, kind);
	free(kind);
	const struct gy_pos *start = gy_game_start(g);
	put_position(&b, start);
	put_comment(&b, gy_game_comment(g, 0));
	int color = start->side;
	for (int n = gy_game_first_child(g, 0); n >= 0; n = gy_game_first_child(g, n)) {
		put_move(&b, gy_game_move(g, n), color);
		int64_t t = gy_game_time(g, n);
		if (t >= 0)
			put_time(&b, t);
		put_comment(&b, gy_game_comment(g, n));
		color ^= 1;
	}
	/* The main line's ending: its foul move (foul.h), the % line, its time and comment. */
	int end_node = -1;
	struct gy_verdict v = gy_game_ending(g, &end_node);
	const char *word = special_word(v, color);
	if (word && end_node == gy_game_main_end(g)) {
		gy_move foul = gy_game_ending_foul(g, end_node);
		int64_t t = gy_game_ending_time(g, end_node);
		if (foul != GY_MOVE_NONE) {
			put_move(&b, foul, color);
			if (t >= 0)
				put_time(&b, t);
			word = color == GY_BLACK ? "%+ILLEGAL_ACTION" : "%-ILLEGAL_ACTION";
			t = -1;
		}
		put_str(&b, word);
		put(&b, "\n", 1);
		if (t >= 0)
			put_time(&b, t);
		put_comment(&b, gy_game_ending_comment(g, end_node));
	}
	if (b.nomem || !b.s) {
		free(b.s);
		return GY_ERR_NOMEM;
	}
	*out = b.s;
	if (len)
		*len = b.len;
	return GY_OK;
}
