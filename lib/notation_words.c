/*
 * lib/notation_words.c: the relative words of a move among its rivals and
 * the kanji numerals, for writing and reading move text (notation_words.h).
 *
 * Invariant: the words depend only on the legal moves of the position, so
 * the writer and the reader, which both ask here, agree on them.
 */
#include "notation_words.h"

/* The origins of the legal board moves of a `pt` to `to`, each once. */
void gy__notation_rivals(const struct gy_movelist *legal, int pt, gy_sq to, struct gy__rivals *r)
{
	r->n = 0;
	for (int i = 0; i < legal->n; i++) {
		gy_move m = legal->moves[i];
		if (gy_move_is_drop(m) || gy_move_to(m) != to || gy_move_moved(m) != pt)
			continue;
		gy_sq from = gy_move_from(m);
		int k = 0;
		while (k < r->n && r->from[k] != from)
			k++;
		if (k == r->n && r->n < GY_SQ_NB)
			r->from[r->n++] = from;
	}
}

/* True when square `a` is left of square `b` (by file) from `color`'s view. */
static bool left_of(int color, gy_sq a, gy_sq b)
{
	return color == GY_BLACK ? gy_file_of(a) > gy_file_of(b) : gy_file_of(a) < gy_file_of(b);
}

static bool steps_like_gold_or_silver(int pt)
{
	return pt == GY_SILVER || pt == GY_GOLD || (pt >= GY_PRO_PAWN && pt <= GY_PRO_SILVER);
}

/* The movement word of the move, and the position word that tells it from its rivals (notation.h). */
unsigned gy__notation_words(int color, int pt, const struct gy__rivals *r, gy_sq from, gy_sq to)
{
	int up = gy_relative_rank(color, from) - gy_relative_rank(color, to);
	unsigned w = up > 0 ? GY__WORD_UP : up < 0 ? GY__WORD_BACK : GY__WORD_SIDE;
	if (pt == GY_HORSE || pt == GY_DRAGON) {
		bool left = r->n > 1, right = r->n > 1;
		for (int i = 0; i < r->n; i++) {
			if (r->from[i] == from)
				continue;
			left = left && left_of(color, from, r->from[i]);
			right = right && left_of(color, r->from[i], from);
		}
		w |= left ? GY__WORD_LEFT : right ? GY__WORD_RIGHT : 0;
	} else if (left_of(color, from, to)) {
		w |= GY__WORD_LEFT;
	} else if (left_of(color, to, from)) {
		w |= GY__WORD_RIGHT;
	} else if (up == 1 && steps_like_gold_or_silver(pt)) {
		w |= GY__WORD_STRAIGHT;
	}
	return w;
}

/* The kanji numeral of a rank, from a table. */
const char *gy__notation_rank_kanji(int rank)
{
	static const char *const kanji[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
	return rank >= 1 && rank <= 9 ? kanji[rank] : "";
}
