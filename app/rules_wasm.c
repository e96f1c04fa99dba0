/*
 * app/rules_wasm.c: libgyoku's rules and notation for the browser's main thread
 * (web/dist/engine/gyoku-rules.{js,wasm}, built by emcc without the engine or the solver): the legal
 * moves of a position, whether the side to move is in check, and the text of moves in the four
 * notations, so that the web's rules.js and notation.js are thin wrappers and every rule and format
 * stays written once, in libgyoku.  The calls are synchronous and work on one position at a time,
 * set by gy_rules_set; each string returned is valid until the next call.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/gyoku.h"

const char *gy_rules_set(const char *line);
const char *gy_rules_legal(void);
int gy_rules_in_check(void);
const char *gy_rules_move_text(const char *usi, const char *prev_to, const char *style, int mark);
const char *gy_rules_line_text(const char *moves, const char *prev_to, const char *style);

/* The most moves a position line may have after its SFEN. */
enum { LINE_MOVES = 1024 };

static struct gy_pos pos;
static bool pos_set;

/* The text returned by the last call (grown as needed; "" when it cannot grow). */
static char *out;
static size_t out_len, out_cap;

static void out_clear(void) { out_len = 0; }

/* Appends `n` bytes of `s` to the answer; false when out of memory. */
static bool out_add(const char *s, size_t n)
{
	if (out_len + n + 1 > out_cap) {
		size_t cap = out_cap ? out_cap : 4096;
		while (out_len + n + 1 > cap)
			cap *= 2;
		char *grown = realloc(out, cap);
		if (!grown)
			return false;
		out = grown;
		out_cap = cap;
	}
	memcpy(out + out_len, s, n);
	out_len += n;
	out[out_len] = '\0';
	return true;
}

static const char *out_text(void) { return out && out_len ? out : ""; }

/* The square named by USI's two characters ("7f"), or GY_SQ_NONE (also for NULL or ""). */
static gy_sq square(const char *s)
{
	if (!s || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' || s[2])
		return GY_SQ_NONE;
	return gy_make_sq(s[0] - '0', s[1] - 'a' + 1);
}

/*
 * Sets the position the other calls are about from a USI position line ("sfen <SFEN> [moves ...]" or
 * "startpos [moves ...]", the SFEN read as a record's start diagram: a king may be missing, as on the
 * analysis board).  Returns "" or, when the line cannot be read, the error with its column; the
 * position is then unset (no legal move, no check).
 */
__attribute__((used)) const char *gy_rules_set(const char *line)
{
	static bool ready;
	static gy_move moves[LINE_MOVES];
	if (!ready) {
		gy_init();
		ready = true;
	}
	struct gy_srcpos where;
	int n = 0;
	enum gy_err err = gy_usi_parse_position(line, strlen(line), &pos, moves, LINE_MOVES, &n, &where);
	pos_set = err == GY_OK;
	out_clear();
	if (!pos_set) {
		char msg[160];
		int len = snprintf(msg, sizeof msg, "column %d: %s", where.col, gy_strerror(err));
		out_add(msg, (size_t)len < sizeof msg ? (size_t)len : sizeof msg - 1);
		return out_text();
	}
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(&pos, moves[i], &u);
	}
	return "";
}

/* The legal moves of the side to move in USI, separated by spaces ("" when none). */
__attribute__((used)) const char *gy_rules_legal(void)
{
	out_clear();
	if (!pos_set)
		return "";
	static struct gy_movelist list;
	list.n = 0;
	gy_gen(&pos, GY_GEN_LEGAL, &list);
	for (int i = 0; i < list.n; i++) {
		char text[GY_USI_MOVE_MAX];
		size_t len = gy_usi_write_move(list.moves[i], text);
		if ((i && !out_add(" ", 1)) || !out_add(text, len))
			return "";
	}
	return out_text();
}

/* 1 when the side to move has its king attacked, else 0. */
__attribute__((used)) int gy_rules_in_check(void) { return pos_set && gy_pos_in_check(&pos); }

/* The text of the legal move `m` of `p` in `style`, appended to the answer. */
static bool add_text(const struct gy_pos *p, gy_move m, gy_sq prev, enum gy_notation style, bool mark)
{
	char text[GY_NOTATION_MAX];
	size_t len = gy_notation_write(p, m, prev, style, mark, text, sizeof text);
	return out_add(text, len < sizeof text ? len : sizeof text - 1);
}

/* The style named `name`, or -1. */
static int style_of(const char *name) { return name ? gy_notation_by_name(name, strlen(name)) : -1; }

/*
 * The text of the USI move `usi` played in the position, in the notation `style` ("japanese",
 * "hodges", "hosking", "kitao"); `prev_to` is the previous move's destination ("7f"; "" or NULL when
 * none), for 同; `mark` nonzero writes the side's mark (☗ ☖) in the styles that have one.  "" when
 * the move is not legal there or the style is unknown.
 */
__attribute__((used)) const char *gy_rules_move_text(const char *usi, const char *prev_to, const char *style, int mark)
{
	out_clear();
	int st = style_of(style);
	gy_move m;
	if (!pos_set || st < 0 || !usi || gy_usi_parse_move(&pos, usi, strlen(usi), &m, NULL) != GY_OK)
		return "";
	if (!add_text(&pos, m, square(prev_to), (enum gy_notation)st, mark != 0))
		return "";
	return out_text();
}

/*
 * The texts of the USI moves `moves` (separated by spaces) played one after another from the position
 * (which stays as it is), with the side's mark, one a line; stops at the first move that is not legal.
 * `prev_to` and `style` as for gy_rules_move_text.
 */
__attribute__((used)) const char *gy_rules_line_text(const char *moves, const char *prev_to, const char *style)
{
	out_clear();
	int st = style_of(style);
	if (!pos_set || st < 0 || !moves)
		return "";
	struct gy_pos p = pos;
	gy_sq prev = square(prev_to);
	const char *s = moves;
	bool first = true;
	while (*s) {
		while (*s == ' ')
			s++;
		size_t len = strcspn(s, " ");
		if (!len)
			break;
		gy_move m;
		if (gy_usi_parse_move(&p, s, len, &m, NULL) != GY_OK)
			break;
		if ((!first && !out_add("\n", 1)) || !add_text(&p, m, prev, (enum gy_notation)st, true))
			return "";
		first = false;
		prev = gy_move_to(m);
		struct gy_undo u;
		gy_pos_do(&p, m, &u);
		s += len;
	}
	return out_text();
}
