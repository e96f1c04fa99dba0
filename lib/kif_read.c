/*
 * kif_read.c: the KIF and KI2 readers (kif.h).  One line-oriented reader
 * serves both formats; they differ only in their move lines.
 *
 * Invariants of struct reader:
 * - Until the start position is known (the first move, branch or ending
 *   line, or the end of the text) headers and the start comment go to the
 *   scratch game `hdr`; `g` is NULL.  Afterwards everything goes to `g`.
 * - `cur` is the last node of the line being read, at ply `ply`, and
 *   `pos` is its position; path[k] (k <= maxply) is the node at ply k on
 *   the most recent line that reached ply k, so path[0..ply] is the
 *   current line.
 * - Text is never read past `end`; a line is [a, b) without its end.
 */
#include "gyoku/kif.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/handicap.h"
#include "gyoku/notation.h"
#include "gyoku/usi.h"

struct reader {
	bool ki2;
	int lineno;
	const char *line; /* the start of the current line, for columns */
	struct gy_game *hdr;
	struct gy_game *g;
	/* 手合割, as given. */
	const char *handicap;
	size_t handicap_len;
	int handicap_line, handicap_col;
	/* The board diagram. */
	int rows, board_line;
	bool hands_seen, side_seen;
	uint8_t board[GY_SQ_NB];
	int hand[GY_COLOR_NB][GY_HAND_NB];
	bool rest[GY_COLOR_NB]; /* the hand is "残りの駒全部", the rest of the set */
	int side;
	/* The current line of play. */
	int *path;
	int pathcap, ply, maxply, cur;
	struct gy_pos pos;
	gy_sq prev_to;
	bool main_line, ended;
	struct gy_srcpos *where;
	int bad_ply;
};

/* The column (in characters, 1-based) of `p` in the current line. */
static int column(const struct reader *r, const char *p)
{
	int col = 1;
	for (const char *q = r->line; q < p; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			col++;
	return col;
}

static enum gy_err fail_at(struct reader *r, const char *p, enum gy_err err)
{
	if (r->where) {
		r->where->line = r->lineno;
		r->where->col = column(r, p);
	}
	return err;
}

/* True when [p, b) starts with the string `lit`. */
static bool starts(const char *p, const char *b, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(b - p) >= n && memcmp(p, lit, n) == 0;
}

/* Skips ASCII spaces, tabs and full-width spaces. */
static const char *skip_space(const char *p, const char *b)
{
	for (;;) {
		if (p < b && (*p == ' ' || *p == '\t'))
			p++;
		else if (starts(p, b, "\u3000"))
			p += 3;
		else
			return p;
	}
}

/* Removes trailing ASCII and full-width spaces from [a, b). */
static const char *trim_end(const char *a, const char *b)
{
	for (;;) {
		if (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		else if (b - a >= 3 && memcmp(b - 3, "\u3000", 3) == 0)
			b -= 3;
		else
			return b;
	}
}

/* The value of an ASCII or full-width digit at `p` (advancing it), or -1. */
static int digit(const char **p, const char *b)
{
	if (*p < b && **p >= '0' && **p <= '9')
		return *(*p)++ - '0';
	if (b - *p >= 3 && (unsigned char)(*p)[0] == 0xEF && (unsigned char)(*p)[1] == 0xBC &&
	    (unsigned char)(*p)[2] >= 0x90 && (unsigned char)(*p)[2] <= 0x99) {
		int d = (unsigned char)(*p)[2] - 0x90;
		*p += 3;
		return d;
	}
	return -1;
}

/* Reads a decimal number of at most 7 digits; -1 when there is none. */
static long number(const char **p, const char *b)
{
	long n = -1;
	int d, count = 0;
	const char *q = *p;
	while ((d = digit(&q, b)) >= 0) {
		if (++count > 7)
			return -1;
		n = (n < 0 ? 0 : n * 10) + d;
		*p = q;
	}
	return n;
}

/* Copies [a, b) into a new NUL-terminated string (NULL when out of memory). */
static char *dup_range(const char *a, const char *b)
{
	char *s = malloc((size_t)(b - a) + 1);
	if (s) {
		memcpy(s, a, (size_t)(b - a));
		s[b - a] = '\0';
	}
	return s;
}

/* Appends the line [a, b) to the comment of `node` of `g`, joining with "\n". */
static enum gy_err append_comment(struct gy_game *g, int node, const char *a, const char *b)
{
	const char *old = gy_game_comment(g, node);
	size_t n = strlen(old), add = (size_t)(b - a);
	if (n + add > (1u << 20))
		return GY_ERR_TOO_LONG;
	char *s = malloc(n + add + 2);
	if (!s)
		return GY_ERR_NOMEM;
	memcpy(s, old, n);
	size_t k = n;
	if (n)
		s[k++] = '\n';
	memcpy(s + k, a, add);
	s[k + add] = '\0';
	enum gy_err err = gy_game_set_comment(g, node, s);
	free(s);
	return err;
}

/* Board pieces of the diagram and the hands, by their kanji. */
static const struct {
	const char *kanji;
	int pt;
} diagram_pieces[] = {
	{"歩", GY_PAWN},        {"香", GY_LANCE},        {"桂", GY_KNIGHT},       {"銀", GY_SILVER},
	{"金", GY_GOLD},        {"角", GY_BISHOP},       {"飛", GY_ROOK},         {"玉", GY_KING},
	{"王", GY_KING},        {"と", GY_PRO_PAWN},     {"杏", GY_PRO_LANCE},    {"圭", GY_PRO_KNIGHT},
	{"全", GY_PRO_SILVER},  {"馬", GY_HORSE},        {"龍", GY_DRAGON},       {"竜", GY_DRAGON},
	{"成香", GY_PRO_LANCE}, {"成桂", GY_PRO_KNIGHT}, {"成銀", GY_PRO_SILVER},
};

/* The piece type whose kanji starts [*p, b) (advancing *p), or 0. */
static int piece_kanji(const char **p, const char *b)
{
	for (size_t i = 0; i < sizeof diagram_pieces / sizeof diagram_pieces[0]; i++)
		if (starts(*p, b, diagram_pieces[i].kanji)) {
			*p += strlen(diagram_pieces[i].kanji);
			return diagram_pieces[i].pt;
		}
	return 0;
}

/* One diagram row "|v香v桂 ...|一". */
static enum gy_err board_row(struct reader *r, const char *p, const char *b)
{
	if (r->rows >= 9)
		return fail_at(r, p, GY_ERR_KIF_BOARD);
	if (!r->rows)
		r->board_line = r->lineno;
	p++;
	for (int file = 9; file >= 1; file--) {
		if (p >= b || (*p != ' ' && *p != 'v' && *p != '^'))
			return fail_at(r, p, GY_ERR_KIF_BOARD);
		int color = *p == 'v' ? GY_WHITE : GY_BLACK;
		p++;
		gy_piece pc = GY_NO_PIECE;
		if (starts(p, b, "・"))
			p += strlen("・");
		else if (starts(p, b, " "))
			p++;
		else {
			int pt = piece_kanji(&p, b);
			if (!pt)
				return fail_at(r, p, GY_ERR_KIF_BOARD);
			pc = gy_make_piece(color, pt);
		}
		r->board[gy_make_sq(file, r->rows + 1)] = (uint8_t)pc;
	}
	if (p >= b || *p != '|')
		return fail_at(r, p, GY_ERR_KIF_BOARD);
	r->rows++;
	return GY_OK;
}

/* A kanji count 一..十八 (advancing *p); 1 when none is written. */
static int kanji_count(const char **p, const char *b)
{
	static const char *const digits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
	int n = 0;
	if (starts(*p, b, "十")) {
		n = 10;
		*p += strlen("十");
	}
	for (int i = 0; i < 9; i++)
		if (starts(*p, b, digits[i])) {
			*p += strlen(digits[i]);
			return n + i + 1;
		}
	return n ? n : 1;
}

/* How many pieces of each hand type the set has. */
static const int set_count[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

/*
 * The hand line's value [p, b) for `color`: "角　歩四", "なし", or
 * "残りの駒全部" (every piece neither on the board nor in the other hand,
 * the tsume convention said out loud; one side at most).
 */
static enum gy_err hand_line(struct reader *r, int color, const char *p, const char *b)
{
	r->hands_seen = true;
	p = skip_space(p, b);
	if (starts(p, b, "なし"))
		return GY_OK;
	if (starts(p, b, "残りの駒全部")) {
		const char *at = p;
		p = skip_space(p + strlen("残りの駒全部"), b);
		if (p < b)
			return fail_at(r, p, GY_ERR_KIF_BOARD);
		if (r->rest[color ^ 1] || r->rest[color])
			return fail_at(r, at, GY_ERR_KIF_BOARD);
		r->rest[color] = true;
		return GY_OK;
	}
	while (p < b) {
		const char *at = p;
		int pt = piece_kanji(&p, b);
		if (pt < GY_PAWN || pt > GY_GOLD)
			return fail_at(r, at, GY_ERR_KIF_BOARD);
		r->hand[color][pt] += kanji_count(&p, b);
		if (r->hand[color][pt] > set_count[pt])
			return fail_at(r, at, GY_ERR_KIF_BOARD);
		p = skip_space(p, b);
	}
	return GY_OK;
}

/* The start position from the diagram, 手合割 or the even game. */
static enum gy_err start_position(struct reader *r, struct gy_pos *pos)
{
	if (r->rows || r->hands_seen) {
		if (r->rows != 9) {
			if (r->where)
				*r->where = (struct gy_srcpos){r->rows ? r->board_line : r->lineno, 1};
			return GY_ERR_KIF_BOARD;
		}
		gy_pos_clear(pos);
		for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
			if (r->board[sq])
				gy_pos_put(pos, r->board[sq], sq);
		for (int c = 0; c < GY_COLOR_NB; c++)
			for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
				gy_pos_set_hand(pos, c, pt, r->hand[c][pt]);
		for (int c = 0; c < GY_COLOR_NB; c++)
			if (r->rest[c])
				gy_pos_give_rest_to(pos, c);
		pos->side = r->side;
		gy_pos_update(pos);
		/* Checked as every reader checks a start diagram: through its SFEN, as a problem may be. */
		char sfen[GY_SFEN_MAX];
		size_t n = gy_sfen_write(pos, sfen, sizeof sfen);
		enum gy_err err = gy_sfen_parse(pos, sfen, n, GY_SFEN_PROBLEM, NULL);
		if (err && r->where)
			*r->where = (struct gy_srcpos){r->board_line, 1};
		return err;
	}
	if (r->handicap) {
		const struct gy_handicap *h = gy_handicap_by_kif(r->handicap, r->handicap_len);
		if (!h) {
			if (r->where)
				*r->where = (struct gy_srcpos){r->handicap_line, r->handicap_col};
			return GY_ERR_KIF_HEADER;
		}
		return gy_sfen_parse(pos, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL);
	}
	gy_pos_set_start(pos);
	return GY_OK;
}

/* Creates the game once the start position is known, moving the headers and start comment over. */
static enum gy_err ensure_game(struct reader *r)
{
	if (r->g)
		return GY_OK;
	struct gy_pos start;
	enum gy_err err = start_position(r, &start);
	if (err)
		return err;
	if ((err = gy_game_create(&r->g, &start)) != GY_OK)
		return err;
	for (int i = 0; i < gy_game_header_count(r->hdr); i++) {
		const char *k, *v;
		gy_game_header_at(r->hdr, i, &k, &v);
		if ((err = gy_game_set_header(r->g, k, v)) != GY_OK)
			return err;
	}
	if ((err = gy_game_set_comment(r->g, 0, gy_game_comment(r->hdr, 0))) != GY_OK)
		return err;
	r->pos = start;
	r->prev_to = GY_SQ_NONE;
	r->cur = 0;
	r->ply = 0;
	return GY_OK;
}

/* Stores `node` at ply `ply` of the path, growing it. */
static enum gy_err path_set(struct reader *r, int ply, int node)
{
	if (ply >= r->pathcap) {
		int cap = r->pathcap ? r->pathcap * 2 : 256;
		int *p = realloc(r->path, (size_t)cap * sizeof *p);
		if (!p)
			return GY_ERR_NOMEM;
		r->path = p;
		r->pathcap = cap;
	}
	r->path[ply] = node;
	if (ply > r->maxply)
		r->maxply = ply;
	return GY_OK;
}

/* The result when `color` wins. */
static enum gy_result wins(int color) { return color == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS; }

static void set_ending(struct reader *r, enum gy_ending e, enum gy_result res)
{
	if (!r->main_line || r->ended)
		return;
	gy_game_set_ending(r->g, r->cur, (struct gy_verdict){e, res});
	r->ended = true;
}

/* The ending words of the move column: how they end the game for the side to move. */
enum outcome { MOVER_LOSES, MOVER_WINS, DRAW, NO_RESULT };
static const struct {
	const char *word;
	enum gy_ending ending;
	enum outcome outcome;
} ending_words[] = {
	{"投了", GY_END_RESIGNATION, MOVER_LOSES},
	{"中断", GY_END_INTERRUPTION, NO_RESULT},
	{"千日手", GY_END_SENNICHITE, DRAW},
	{"持将棋", GY_END_DECLARATION, DRAW},
	{"切れ負け", GY_END_TIME_FORFEIT, MOVER_LOSES},
	{"時間切れ", GY_END_TIME_FORFEIT, MOVER_LOSES},
	{"反則勝ち", GY_END_ILLEGAL_MOVE, MOVER_WINS},
	{"反則負け", GY_END_ILLEGAL_MOVE, MOVER_LOSES},
	{"入玉勝ち", GY_END_DECLARATION, MOVER_WINS},
	{"宣言勝ち", GY_END_DECLARATION, MOVER_WINS},
	{"詰み", GY_END_CHECKMATE, MOVER_LOSES},
	{"詰", GY_END_CHECKMATE, MOVER_LOSES},
	{"不詰", GY_END_INTERRUPTION, NO_RESULT},
};

static enum gy_result outcome_result(enum outcome o, int mover)
{
	switch (o) {
	case MOVER_LOSES: return wins(mover ^ 1);
	case MOVER_WINS: return wins(mover);
	case DRAW: return GY_RESULT_DRAW;
	default: return GY_RESULT_NONE;
	}
}

/* True (and the ending set) when [a, b) is exactly an ending word. */
static bool ending_word(struct reader *r, const char *a, const char *b)
{
	for (size_t i = 0; i < sizeof ending_words / sizeof ending_words[0]; i++) {
		size_t n = strlen(ending_words[i].word);
		if ((size_t)(b - a) == n && memcmp(a, ending_words[i].word, n) == 0) {
			set_ending(r, ending_words[i].ending, outcome_result(ending_words[i].outcome, r->pos.side));
			return true;
		}
	}
	return false;
}

/* Reads the move text [a, b) at the current node and plays it. */
static enum gy_err play(struct reader *r, const char *a, const char *b)
{
	gy_move m;
	struct gy_srcpos w = {0, 0};
	int child;
	enum gy_err err = gy_notation_read(&r->pos, r->prev_to, a, (size_t)(b - a), &m, &w);
	if (!err)
		err = gy_game_add(r->g, r->cur, m, &child);
	if (err) {
		r->bad_ply = r->ply + 1;
		const char *p = a;
		for (int c = 1; c < w.col && p < b; c++) {
			p++;
			while (p < b && ((unsigned char)*p & 0xC0) == 0x80)
				p++;
		}
		return fail_at(r, p, err);
	}
	if ((err = path_set(r, r->ply + 1, child)) != GY_OK)
		return err;
	struct gy_undo u;
	gy_pos_do(&r->pos, m, &u);
	r->prev_to = gy_move_to(m);
	r->cur = child;
	r->ply++;
	return GY_OK;
}

/* Parses "( m:ss/hh:mm:ss)" at *p: the seconds of the move. */
static enum gy_err time_part(struct reader *r, const char **pp, const char *b, long *secs)
{
	const char *p = *pp;
	p = skip_space(p + 1, b);
	long m = number(&p, b), s;
	if (m < 0 || p >= b || *p != ':')
		return fail_at(r, p, GY_ERR_KIF_TIME);
	p++;
	if ((s = number(&p, b)) < 0 || s >= 60)
		return fail_at(r, p, GY_ERR_KIF_TIME);
	p = skip_space(p, b);
	if (p < b && *p == '/') {
		p = skip_space(p + 1, b);
		for (int i = 0; i < 3; i++) {
			if (number(&p, b) < 0)
				return fail_at(r, p, GY_ERR_KIF_TIME);
			if (i == 2 || p >= b || *p != ':')
				break;
			p++;
		}
		p = skip_space(p, b);
	}
	if (p >= b || *p != ')')
		return fail_at(r, p, GY_ERR_KIF_TIME);
	*pp = p + 1;
	*secs = m * 60 + s;
	return GY_OK;
}

/* A KIF move line: number, move text or ending word, optional time and "+". */
static enum gy_err kif_move_line(struct reader *r, const char *p, const char *b)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	const char *at = p;
	long num = number(&p, b);
	if (num != r->ply + 1)
		return fail_at(r, at, GY_ERR_KIF_MOVE_NUMBER);
	const char *a = skip_space(p, b);
	if (a == p)
		return fail_at(r, p, GY_ERR_KIF_SYNTAX);
	/* The move text ends at an ASCII space or at a "(" that opens a time. */
	const char *e = a;
	while (e < b && *e != ' ' && *e != '\t') {
		if (*e == '(') {
			const char *q = e + 1;
			while (q < b && *q != ')' && *q != ':')
				q++;
			if (q < b && *q == ':')
				break;
		}
		e++;
	}
	if (e - a > 1 && e[-1] == '+' && e[-2] == ')')
		e--; /* "７六歩(77)+": the mark of a move with variations */
	if (e == a)
		return fail_at(r, a, GY_ERR_KIF_SYNTAX);
	bool ending = ending_word(r, a, e);
	if (!ending && (err = play(r, a, e)) != GY_OK)
		return err;
	p = skip_space(e, b);
	if (p < b && *p == '(') {
		long secs;
		if ((err = time_part(r, &p, b, &secs)) != GY_OK)
			return err;
		if (!ending)
			gy_game_set_time(r->g, r->cur, (int64_t)secs * 1000);
		p = skip_space(p, b);
	}
	if (p < b && *p == '+')
		p = skip_space(p + 1, b);
	if (p < b)
		return fail_at(r, p, GY_ERR_KIF_SYNTAX);
	return GY_OK;
}

/* The length of the side mark at p (▲△☗☖), or 0. */
static size_t side_mark(const char *p, const char *b)
{
	static const char *const marks[] = {"▲", "△", "☗", "☖"};
	for (int i = 0; i < 4; i++)
		if (starts(p, b, marks[i]))
			return strlen(marks[i]);
	return 0;
}

/* A KI2 move line: moves each starting with a side mark. */
static enum gy_err ki2_move_line(struct reader *r, const char *p, const char *b)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	while (p < b) {
		size_t mark = side_mark(p, b);
		if (!mark)
			return fail_at(r, p, GY_ERR_KIF_SYNTAX);
		const char *e = p + mark;
		while (e < b && !side_mark(e, b))
			e++;
		const char *te = trim_end(p, e);
		if (!ending_word(r, skip_space(p + mark, te), te) && (err = play(r, p, te)) != GY_OK)
			return err;
		p = e;
	}
	return GY_OK;
}

/* "変化：N手": go back to the parent of move N of the most recent line that has one. */
static enum gy_err branch_line(struct reader *r, const char *p, const char *b)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	p = skip_space(p, b);
	const char *at = p;
	long n = number(&p, b);
	p = skip_space(p, b);
	if (n < 1 || !starts(p, b, "手") || skip_space(p + strlen("手"), b) != b)
		return fail_at(r, at, GY_ERR_KIF_SYNTAX);
	if (n > r->maxply)
		return fail_at(r, at, GY_ERR_KIF_BRANCH);
	int node = gy_game_parent(r->g, r->path[n]);
	r->ply = (int)n - 1;
	r->cur = node;
	for (int k = r->ply; k >= 0; k--, node = gy_game_parent(r->g, node))
		r->path[k] = node;
	r->main_line = false;
	if ((err = gy_game_position(r->g, r->cur, &r->pos)) != GY_OK)
		return err;
	gy_move m = gy_game_move(r->g, r->cur);
	r->prev_to = m == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(m);
	return GY_OK;
}

/* "まで77手で先手の勝ち": the ending of the main line when no ending word gave it. */
static enum gy_err summary_line(struct reader *r, const char *p, const char *b)
{
	enum gy_err err = ensure_game(r);
	if (err || !r->main_line || r->ended)
		return err;
	p = skip_space(p, b);
	if (number(&p, b) < 0)
		return GY_OK;
	if (starts(p, b, "手詰")) {
		/* "まで61手詰": a problem's mate. */
		set_ending(r, GY_END_CHECKMATE, outcome_result(MOVER_LOSES, r->pos.side));
		return GY_OK;
	}
	if (!starts(p, b, "手で"))
		return GY_OK;
	p += strlen("手で");
	bool timeout = false;
	if (starts(p, b, "時間切れにより")) {
		p += strlen("時間切れにより");
		timeout = true;
	}
	int side = -1;
	if (starts(p, b, "先手の") || starts(p, b, "下手の"))
		side = GY_BLACK;
	else if (starts(p, b, "後手の") || starts(p, b, "上手の"))
		side = GY_WHITE;
	if (side < 0) {
		for (size_t i = 0; i < sizeof ending_words / sizeof ending_words[0]; i++)
			if (starts(p, b, ending_words[i].word) &&
			    (ending_words[i].outcome == DRAW || ending_words[i].outcome == NO_RESULT ||
			     ending_words[i].ending == GY_END_CHECKMATE)) {
				set_ending(r, ending_words[i].ending,
					   outcome_result(ending_words[i].outcome, r->pos.side));
				return GY_OK;
			}
		return GY_OK;
	}
	p += strlen("先手の");
	enum gy_result win = wins(side), lose = wins(side ^ 1);
	if (starts(p, b, "勝ち"))
		set_ending(r, timeout ? GY_END_TIME_FORFEIT : GY_END_RESIGNATION, win);
	else if (starts(p, b, "反則勝ち"))
		set_ending(r, GY_END_ILLEGAL_MOVE, win);
	else if (starts(p, b, "反則負け"))
		set_ending(r, GY_END_ILLEGAL_MOVE, lose);
	else if (starts(p, b, "入玉勝ち") || starts(p, b, "宣言勝ち"))
		set_ending(r, GY_END_DECLARATION, win);
	else if (starts(p, b, "切れ負け") || starts(p, b, "時間切れ負け"))
		set_ending(r, GY_END_TIME_FORFEIT, lose);
	return GY_OK;
}

/* A header "キー：値". */
static enum gy_err header_line(struct reader *r, const char *a, const char *colon, const char *b)
{
	if (colon == a)
		return fail_at(r, a, GY_ERR_KIF_HEADER);
	const char *v = colon + strlen("："), *ve = trim_end(v, b);
	char *key = dup_range(a, colon), *value = dup_range(v, ve);
	enum gy_err err = GY_ERR_NOMEM;
	if (key && value) {
		if (!strcmp(key, "手合割") && !r->g) {
			r->handicap = v;
			r->handicap_len = (size_t)(ve - v);
			r->handicap_line = r->lineno;
			r->handicap_col = column(r, v);
		}
		err = gy_game_set_header(r->g ? r->g : r->hdr, key, value);
		if (err)
			fail_at(r, a, err);
	}
	free(key);
	free(value);
	return err;
}

/* One line [a, b), its end of line removed. */
static enum gy_err read_line(struct reader *r, const char *a, const char *b)
{
	const char *nul = memchr(a, '\0', (size_t)(b - a));
	if (nul)
		return fail_at(r, nul, GY_ERR_KIF_SYNTAX);
	while (starts(a, b, "\xEF\xBB\xBF"))
		a += 3; /* a byte order mark, wherever it is */
	/* A comment keeps its text as written, trailing spaces included. */
	if (a < b && (*a == '*' || *a == '&')) {
		if (r->g)
			return append_comment(r->g, r->cur, *a == '*' ? a + 1 : a, b);
		return append_comment(r->hdr, 0, *a == '*' ? a + 1 : a, b);
	}
	b = trim_end(a, b);
	if (a == b || *a == '#')
		return GY_OK;
	if (starts(a, b, "手数"))
		return GY_OK;
	if (starts(a, b, "まで"))
		return summary_line(r, a + strlen("まで"), b);
	if (starts(a, b, "変化："))
		return branch_line(r, a + strlen("変化："), b);
	static const struct {
		const char *head;
		int color;
	} hands[] = {{"先手の持駒：", GY_BLACK},
		     {"下手の持駒：", GY_BLACK},
		     {"後手の持駒：", GY_WHITE},
		     {"上手の持駒：", GY_WHITE}};
	for (int i = 0; i < 4; i++)
		if (starts(a, b, hands[i].head))
			return r->g ? fail_at(r, a, GY_ERR_KIF_BOARD)
				    : hand_line(r, hands[i].color, a + strlen(hands[i].head), b);
	static const char *const turns[] = {"先手番", "下手番", "後手番", "上手番"};
	for (int i = 0; i < 4; i++)
		if ((size_t)(b - a) == strlen(turns[i]) && starts(a, b, turns[i])) {
			if (r->g)
				return fail_at(r, a, GY_ERR_KIF_BOARD);
			r->side = i < 2 ? GY_BLACK : GY_WHITE;
			return GY_OK;
		}
	if (*a == '|')
		return r->g ? fail_at(r, a, GY_ERR_KIF_BOARD) : board_row(r, a, b);
	if (*a == '+' && (b - a == 1 || a[1] == '-'))
		return GY_OK;
	const char *p = skip_space(a, b);
	if (starts(p, b, "９") && p != a)
		return GY_OK; /* the file numbers above a diagram */
	if (r->ki2 && side_mark(p, b))
		return ki2_move_line(r, p, b);
	if (!r->ki2 && p < b && *p >= '0' && *p <= '9')
		return kif_move_line(r, p, b);
	const char *colon = a;
	while (colon < b && !starts(colon, b, "："))
		colon++;
	if (colon < b)
		return header_line(r, a, colon, b);
	return fail_at(r, a, GY_ERR_KIF_SYNTAX);
}

static enum gy_err read_record(bool ki2, const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where,
			       int *bad_ply)
{
	if (where)
		*where = (struct gy_srcpos){0, 0};
	if (bad_ply)
		*bad_ply = 0;
	if (!out || (!text && len))
		return GY_ERR_ARG;
	*out = NULL;
	struct reader r;
	memset(&r, 0, sizeof r);
	r.ki2 = ki2;
	r.where = where;
	r.main_line = true;
	r.side = GY_BLACK;
	struct gy_pos even;
	gy_pos_set_start(&even);
	enum gy_err err = gy_game_create(&r.hdr, &even);
	if (err)
		return err;
	if ((err = path_set(&r, 0, 0)) != GY_OK)
		goto fail;
	const char *p = text, *end = text + len;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *e = p;
		while (e < end && *e != '\n' && *e != '\r')
			e++;
		r.lineno++;
		r.line = p;
		if ((err = read_line(&r, p, e)) != GY_OK)
			goto fail;
		if (e < end && *e == '\r' && e + 1 < end && e[1] == '\n')
			e++;
		p = e < end ? e + 1 : e;
	}
	r.line = end;
	if ((err = ensure_game(&r)) != GY_OK)
		goto fail;
	*out = r.g;
	gy_game_destroy(r.hdr);
	free(r.path);
	return GY_OK;
fail:
	if (r.bad_ply && r.g) {
		*out = r.g;
		if (bad_ply)
			*bad_ply = r.bad_ply;
	} else {
		gy_game_destroy(r.g);
	}
	if (where && !where->line)
		*where = (struct gy_srcpos){r.lineno ? r.lineno : 1, 1};
	gy_game_destroy(r.hdr);
	free(r.path);
	return err;
}

enum gy_err gy_kif_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	return read_record(false, text, len, out, where, bad_ply);
}

enum gy_err gy_ki2_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	return read_record(true, text, len, out, where, bad_ply);
}
