/*
 * lib/notation_write.c: move text written in the Japanese, Hodges,
 * Hosking and Kitao-Kawasaki styles (gyoku/notation.h), and the styles'
 * names.
 *
 * Invariants: a piece is told from its rivals by the words of
 * notation_words.h, computed from the legal moves of the position, so the
 * text reads back (notation_read.c) as the same move; the output is
 * written snprintf-like, never past `size`.
 */
#include <string.h>

#include "gyoku/movegen.h"
#include "gyoku/notation.h"
#include "notation_words.h"
#include "scan.h"

/* The words in writing order: position first, then movement. */
static const struct {
	unsigned bit;
	const char *text;
} word_table[] = {
	{GY__WORD_LEFT, "左"}, {GY__WORD_RIGHT, "右"}, {GY__WORD_STRAIGHT, "直"},
	{GY__WORD_UP, "上"},   {GY__WORD_BACK, "引"},  {GY__WORD_SIDE, "寄"},
};

static const char *const kanji_name[GY_PTYPE_NB] = {
	"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍",
};
static const char *const western_name[GY_PTYPE_NB] = {
	"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R",
};
static const char *const style_names[GY_NOTATION_NB] = {"japanese", "hodges", "hosking", "kitao"};
static const char *const wide_digit[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

/*
 * The fewest words that single out the move from `from` among the rivals:
 * the movement word alone, else the position word alone, else both.
 */
static unsigned needed_words(int color, int pt, const struct gy__rivals *r, gy_sq from, gy_sq to)
{
	if (r->n <= 1)
		return 0;
	unsigned mine = gy__notation_words(color, pt, r, from, to);
	unsigned mv = mine & GY__WORD_MOVEMENT, pos = mine & GY__WORD_POSITION;
	bool mv_ok = true, pos_ok = pos != 0;
	for (int i = 0; i < r->n; i++) {
		if (r->from[i] == from)
			continue;
		unsigned other = gy__notation_words(color, pt, r, r->from[i], to);
		mv_ok = mv_ok && !(other & mv);
		pos_ok = pos_ok && !(other & pos);
	}
	return mv_ok ? mv : pos_ok ? pos : mine;
}

/* True when `m` is in `list`. */
static bool listed(const struct gy_movelist *list, gy_move m)
{
	for (int i = 0; i < list->n; i++)
		if (list->moves[i] == m)
			return true;
	return false;
}

/* snprintf-like output. */
struct out {
	char *buf;
	size_t size, n;
};

static void put(struct out *o, const char *s)
{
	size_t k = strlen(s);
	if (o->n < o->size) {
		size_t room = o->size - 1 - o->n;
		memcpy(o->buf + o->n, s, k < room ? k : room);
		o->buf[o->n + (k < room ? k : room)] = '\0';
	}
	o->n += k;
}

static void put_char(struct out *o, char c)
{
	char s[2] = {c, '\0'};
	put(o, s);
}

/* The square as two ASCII digits ("76"), or file digit and rank letter ("7f"). */
static void put_square(struct out *o, gy_sq sq, bool letter)
{
	put_char(o, (char)('0' + gy_file_of(sq)));
	put_char(o, (char)(letter ? 'a' + gy_rank_of(sq) - 1 : '0' + gy_rank_of(sq)));
}

size_t gy_notation_write(const struct gy_pos *before, gy_move m, gy_sq prev_to, enum gy_notation style, bool side_mark,
			 char *buf, size_t size)
{
	static const char *const mark[GY_COLOR_NB] = {"☗", "☖"};
	struct out o = {buf, size, 0};
	if (size)
		buf[0] = '\0';
	struct gy_movelist legal;
	legal.n = 0;
	gy_gen(before, GY_GEN_LEGAL, &legal);

	/* Step 1. What the text must tell: rivals, promotion choice. */
	int color = before->side, pt = gy_move_moved(m);
	gy_sq to = gy_move_to(m), from = gy_move_is_drop(m) ? GY_SQ_NONE : gy_move_from(m);
	if (pt <= 0 || pt >= GY_PTYPE_NB || to >= GY_SQ_NB)
		return 0;
	struct gy__rivals r;
	gy__notation_rivals(&legal, pt, to, &r);
	bool drop = gy_move_is_drop(m), promote = gy_move_is_promotion(m);
	bool could_promote = !drop && listed(&legal, m ^ GY_MOVE_PROMOTE);
	bool need_origin = !drop && r.n > 1;
	bool capture = gy_move_captured(m) != 0;
	const char *promo = promote ? "+" : could_promote ? "=" : "";

	/* Step 2. The text of the style. */
	switch (style) {
	case GY_NOTATION_JAPANESE:
		if (side_mark)
			put(&o, mark[color]);
		if (!drop && to == prev_to) {
			put(&o, "同");
			if (strlen(kanji_name[pt]) == 3)
				put(&o, "　");
		} else {
			put(&o, wide_digit[gy_file_of(to)]);
			put(&o, gy__notation_rank_kanji(gy_rank_of(to)));
		}
		put(&o, kanji_name[pt]);
		if (drop) {
			if (r.n > 0)
				put(&o, "打");
		} else {
			unsigned w = needed_words(color, pt, &r, from, to);
			for (size_t i = 0; i < sizeof word_table / sizeof word_table[0]; i++)
				if (w & word_table[i].bit)
					put(&o, word_table[i].text);
		}
		put(&o, promote ? "成" : could_promote ? "不成" : "");
		break;
	case GY_NOTATION_HODGES:
		put(&o, western_name[pt]);
		if (need_origin)
			put_square(&o, from, true);
		put_char(&o, drop ? '*' : capture ? 'x' : '-');
		put_square(&o, to, true);
		put(&o, promo);
		break;
	case GY_NOTATION_HOSKING:
		put(&o, western_name[pt]);
		if (need_origin)
			put_square(&o, from, false);
		if (drop || capture)
			put_char(&o, drop ? '\'' : 'x');
		else if (need_origin || *promo)
			put_char(&o, '-');
		put_square(&o, to, false);
		put(&o, promo);
		break;
	case GY_NOTATION_KITAO:
		if (side_mark)
			put(&o, mark[color]);
		put(&o, kanji_name[pt]);
		if (need_origin) {
			put_char(&o, '(');
			put_square(&o, from, false);
			put_char(&o, ')');
		}
		put_char(&o, drop ? '*' : capture ? 'x' : '-');
		put_square(&o, to, false);
		put(&o, promo);
		break;
	default: break;
	}
	return o.n;
}

/* The style's name, from the table above. */
const char *gy_notation_name(enum gy_notation style)
{
	return (unsigned)style < GY_NOTATION_NB ? style_names[style] : "?";
}

/* The style whose name the bytes spell in any case. */
int gy_notation_by_name(const char *s, size_t len)
{
	for (int i = 0; s && i < GY_NOTATION_NB; i++)
		if (gy__scan_same_word(s, len, style_names[i]))
			return i;
	return -1;
}
