/*
 * lib/notation_words.h: what writing and reading move text share
 * (library-internal; notation_write.c and notation_read.c, gyoku/notation.h):
 * the relative words that tell a piece from its rivals, computed from the
 * legal moves, and the kanji numerals of the ranks.
 *
 * The writer and the reader describe a piece among its rivals with the
 * same function (gy__notation_words), so a written text reads back as the
 * same move.
 */
#ifndef LIB_NOTATION_WORDS_H
#define LIB_NOTATION_WORDS_H

#include "gyoku/movegen.h"
#include "gyoku/types.h"

/* Relative words as bits: movement (上 引 寄) and position (左 右 直). */
enum {
	GY__WORD_UP = 1,
	GY__WORD_BACK = 2,
	GY__WORD_SIDE = 4,
	GY__WORD_LEFT = 8,
	GY__WORD_RIGHT = 16,
	GY__WORD_STRAIGHT = 32,
	GY__WORD_MOVEMENT = GY__WORD_UP | GY__WORD_BACK | GY__WORD_SIDE,
	GY__WORD_POSITION = GY__WORD_LEFT | GY__WORD_RIGHT | GY__WORD_STRAIGHT
};

/* The distinct origins of the legal board moves of one piece type to one square. */
struct gy__rivals {
	int n;
	gy_sq from[GY_SQ_NB];
};

/* Fills `r` with the distinct origins of the moves in `legal` of a `pt` to `to` (drops left out). */
void gy__notation_rivals(const struct gy_movelist *legal, int pt, gy_sq to, struct gy__rivals *r);

/*
 * Every word that is true of the board move of a `pt` from `from` to `to`
 * by `color` among the rivals `r`: one movement word, and a position word
 * when one applies (see gyoku/notation.h).
 */
unsigned gy__notation_words(int color, int pt, const struct gy__rivals *r, gy_sq from, gy_sq to);

/* The kanji numeral of `rank` 1..9 (一 .. 九); "" for any other number. */
const char *gy__notation_rank_kanji(int rank);

#endif
