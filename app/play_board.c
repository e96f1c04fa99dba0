/*
 * app/play_board.c: drawing the board of `gyoku play`.
 *
 * Layout (kanji, Sente at the bottom; every cell is 4 columns: a mark,
 * the Gote sign 'v' or a space, and a 2-column piece):
 *
 *   ☖ Gote  Computer (level 3)   hand: -                    9:58 + 30s
 *       9   8   7   6   5   4   3   2   1
 *    +------------------------------------+
 *    |  v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香| a 一
 *    ...
 *    +------------------------------------+
 *   ☗ Sente You                  hand: 歩                  10:00 + 30s
 *
 * Cell widths are measured with wcwidth, so a terminal whose font
 * makes a glyph one column wide still gets straight columns (the glyph
 * is padded).  The last move's square is reversed with colours, and
 * marked with '*' in its mark column without them.
 */
#define _XOPEN_SOURCE 700

#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "play_board.h"

static const char *const kanji_names[GY_PTYPE_NB] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
						     "玉", "と", "杏", "圭", "全", "馬", "龍"};
static const char *const letter_names[GY_PTYPE_NB] = {"",  "P",  "L",  "N",  "S",  "B",  "R", "G",
						      "K", "+P", "+L", "+N", "+S", "+B", "+R"};
static const char *const kanji_ranks[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

#define RESET   "\033[0m"
#define RED     "\033[31m"
#define REVERSE "\033[7m"
#define BOLD    "\033[1m"

bool play_board_utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8") || !strcmp(cs, "UTF8"));
}

struct play_board_style play_board_default_style(bool out_tty)
{
	const char *term = getenv("TERM");
	const char *no_color = getenv("NO_COLOR");
	bool dumb = term && !strcmp(term, "dumb");
	struct play_board_style st = {0};
	st.kanji = play_board_utf8_locale() && !dumb;
	st.colour = out_tty && !dumb && !(no_color && *no_color);
	return st;
}

int play_board_width(const char *s)
{
	mbstate_t state;
	memset(&state, 0, sizeof state);
	size_t len = strlen(s);
	int cols = 0;
	while (len) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s, len, &state);
		if (k == (size_t)-1 || k == (size_t)-2) {
			/* Not valid in this locale: count the byte as one column. */
			memset(&state, 0, sizeof state);
			k = 1;
			cols++;
		} else {
			if (k == 0)
				break;
			int w = wcwidth(wc);
			cols += w < 0 ? 1 : w;
		}
		s += k;
		len -= k;
	}
	return cols;
}

/* Writes `s` padded with spaces to `cols` columns. */
static void put_padded(FILE *f, const char *s, int cols)
{
	fputs(s, f);
	for (int w = play_board_width(s); w < cols; w++)
		fputc(' ', f);
}

void play_board_hand_text(const struct gy_pos *p, int c, bool kanji, char *buf, size_t size)
{
	static const int order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < 7; i++) {
		int k = gy_hand_count(p->hand[c], order[i]);
		if (!k || at + 1 >= size)
			continue;
		const char *name = kanji ? kanji_names[order[i]] : letter_names[order[i]];
		int n = k > 1 ? snprintf(buf + at, size - at, "%s%s%d", at ? " " : "", name, k)
			      : snprintf(buf + at, size - at, "%s%s", at ? " " : "", name);
		if (n < 0 || (size_t)n >= size - at)
			break;
		at += (size_t)n;
	}
	if (!at)
		snprintf(buf, size, "-");
}

/* The line of one side: its mark, name, hand and clock. */
static void side_line(FILE *f, const struct gy_pos *p, int c, const struct play_board_style *st,
		      const struct play_board_side *side)
{
	char hand[96], head[160];
	play_board_hand_text(p, c, st->kanji, hand, sizeof hand);
	const char *mark = st->kanji ? (c == GY_BLACK ? "☗" : "☖") : (c == GY_BLACK ? "b" : "w");
	snprintf(head, sizeof head, "%s %s %s", mark, c == GY_BLACK ? "Sente" : "Gote ", side->name);
	bool to_move = p->side == c;
	if (st->colour && to_move)
		fputs(BOLD, f);
	put_padded(f, head, 30);
	fputs(" hand: ", f);
	put_padded(f, hand, 24);
	if (side->clock && *side->clock)
		fprintf(f, " %s", side->clock);
	if (to_move)
		fputs(st->colour ? " <" RESET : " <", f);
	fputc('\n', f);
}

/* One cell: mark column, Gote sign, 2-column piece. */
static void cell(FILE *f, const struct gy_pos *p, gy_sq sq, bool last, const struct play_board_style *st)
{
	gy_piece pc = p->board[sq];
	bool white = pc && gy_piece_color(pc) == GY_WHITE;
	fputc(last && !st->colour ? '*' : ' ', f);
	if (st->colour && last)
		fputs(REVERSE, f);
	if (st->colour && white)
		fputs(RED, f);
	if (!pc) {
		fputc(' ', f);
		put_padded(f, st->kanji ? "・" : " .", 2);
	} else if (st->kanji) {
		fputc(white ? 'v' : ' ', f);
		put_padded(f, kanji_names[gy_piece_type(pc)], 2);
	} else {
		const char *name = letter_names[gy_piece_type(pc)];
		char text[8];
		size_t k = 0;
		for (const char *s = name; *s && k < 3; s++)
			text[k++] = white && *s >= 'A' && *s <= 'Z' ? (char)(*s + 'a' - 'A') : *s;
		text[k] = '\0';
		fputc(' ', f);
		for (size_t i = k; i < 2; i++)
			fputc(' ', f);
		fputs(text, f);
	}
	if (st->colour && (last || white))
		fputs(RESET, f);
}

void play_board_draw(FILE *f, const struct gy_pos *p, gy_move last, const struct play_board_style *st,
		     const struct play_board_side side[GY_COLOR_NB])
{
	int top = st->flip ? GY_BLACK : GY_WHITE;
	gy_sq last_sq = last ? gy_move_to(last) : GY_SQ_NONE;
	side_line(f, p, top, st, &side[top]);
	fputs("   ", f);
	for (int i = 0; i < 9; i++)
		fprintf(f, "   %d", st->flip ? i + 1 : 9 - i);
	fputs("\n   +", f);
	for (int i = 0; i < 36; i++)
		fputc('-', f);
	fputs("+\n", f);
	for (int r = 0; r < 9; r++) {
		int rank = st->flip ? 9 - r : r + 1;
		fputs("   |", f);
		for (int i = 0; i < 9; i++) {
			int file = st->flip ? i + 1 : 9 - i;
			gy_sq sq = gy_make_sq(file, rank);
			cell(f, p, sq, sq == last_sq, st);
		}
		fprintf(f, "| %c", 'a' + rank - 1);
		if (st->kanji)
			fprintf(f, " %s", kanji_ranks[rank]);
		fputc('\n', f);
	}
	fputs("   +", f);
	for (int i = 0; i < 36; i++)
		fputc('-', f);
	fputs("+\n", f);
	side_line(f, p, !top, st, &side[!top]);
}
