/*
 * app/play_board.h: the board of `gyoku play` as text: kanji or SFEN
 * letters, coordinates on both axes, either side at the bottom, the last
 * move highlighted, each side's hand and clock beside it, ANSI colours
 * only when wanted.
 */
#ifndef APP_PLAY_BOARD_H
#define APP_PLAY_BOARD_H

#include <stdbool.h>
#include <stdio.h>

#include "gyoku/position.h"
#include "gyoku/types.h"

/* How the board is drawn. */
struct play_board_style {
	bool kanji;  /* kanji pieces (UTF-8), else SFEN letters */
	bool colour; /* ANSI colours: Gote's pieces red, the last move reversed */
	bool flip;   /* Gote at the bottom */
};

/* What is shown beside one side's hand. */
struct play_board_side {
	const char *name;  /* "You", "Computer (level 3)", "Player 1" */
	const char *clock; /* the clock text, or "" without a clock */
};

/*
 * The defaults of the terminal: kanji only when the locale's character set
 * is UTF-8 and TERM is not "dumb"; colours only when `out_tty`, TERM is
 * not "dumb" and NO_COLOR is unset or empty.  setlocale(LC_CTYPE, "") must
 * have run.
 */
struct play_board_style play_board_default_style(bool out_tty);

/* True when the locale's character set is UTF-8. */
bool play_board_utf8_locale(void);

/*
 * The columns `s` (UTF-8) takes on a terminal, by wcwidth (a character
 * wcwidth does not know counts 1).
 */
int play_board_width(const char *s);

/*
 * Draws `p` to `f`: the top side's name, hand and clock, the board with
 * file numbers above and rank numbers at the right, then the bottom
 * side's line.  `last` (GY_MOVE_NONE when none) is highlighted: reversed
 * with colours, marked '*' without.  `side` is indexed by colour.
 */
void play_board_draw(FILE *f, const struct gy_pos *p, gy_move last, const struct play_board_style *st,
		     const struct play_board_side side[GY_COLOR_NB]);

/* Writes `c`'s hand ("飛 角 歩3", "R B P3", or "-") into `buf`. */
void play_board_hand_text(const struct gy_pos *p, int c, bool kanji, char *buf, size_t size);

#endif
