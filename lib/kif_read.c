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
 * - Text is read through the bounded scanner of scan.h: each line is a
 *   scanner of its own (its end of line left out), and a column is
 *   counted in characters from the start of the line.
 */
#include "gyoku/kif.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "foul.h"
#include "gyoku/handicap.h"
#include "gyoku/notation.h"
#include "gyoku/usi.h"
#include "notation_words.h"
#include "scan.h"

struct reader {
	bool ki2;
	int lineno;
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
	bool main_line;
	bool ended;     /* the line being read has its ending (at `cur`) */
	bool at_ending; /* comment lines go to that ending */
	/* An illegal move waiting for the foul ending that keeps it (foul.h), and its error. */
	bool pending;
	gy_move foul;
	int64_t foul_ms;
	enum gy_err foul_err;
	struct gy_srcpos foul_where;
	struct gy_srcpos *where;
	int bad_ply;
};

/* Returns `err`, its place the byte `at` of the line `ln`. */
static enum gy_err fail_at(struct reader *r, const struct gy__scan *ln, size_t at, enum gy_err err)
{
	if (r->where)
		*r->where = gy__scan_pos_at(ln, at);
	return err;
}

/* Returns `err`, its place the cursor of the line `ln`. */
static enum gy_err fail(struct reader *r, const struct gy__scan *ln, enum gy_err err)
{
	return fail_at(r, ln, ln->i, err);
}

/* A KIF number (move numbers, times): 1 to 7 ASCII or full-width digits; -1 when there is none or more. */
static int64_t number(struct gy__scan *ln)
{
	int64_t n;
	return gy__scan_number(ln, 7, true, &n) > 0 ? n : -1;
}

/* Copies the bytes from the cursor to the end into a new NUL-terminated string (NULL when out of memory). */
static char *dup_rest(const struct gy__scan *sc)
{
	size_t n = sc->len - sc->i;
	char *s = malloc(n + 1);
	if (s) {
		memcpy(s, sc->s + sc->i, n);
		s[n] = '\0';
	}
	return s;
}

/* Appends the line from the cursor to the end to the comment of `node` of `g` (its ending's when `ending`), joining with "\n". */
static enum gy_err append_comment(struct gy_game *g, int node, bool ending, const struct gy__scan *ln)
{
	const char *old = ending ? gy_game_ending_comment(g, node) : gy_game_comment(g, node), *a = ln->s + ln->i;
	size_t n = strlen(old), add = ln->len - ln->i;
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
	enum gy_err err = ending ? gy_game_set_ending_comment(g, node, s) : gy_game_set_comment(g, node, s);
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

/* The piece type whose kanji is at the cursor (consumed), or 0. */
static int piece_kanji(struct gy__scan *ln)
{
	for (size_t i = 0; i < sizeof diagram_pieces / sizeof diagram_pieces[0]; i++)
		if (gy__scan_accept(ln, diagram_pieces[i].kanji))
			return diagram_pieces[i].pt;
	return 0;
}

/* One diagram row "|v香v桂 ...|一", the cursor at its first '|'. */
static enum gy_err board_row(struct reader *r, struct gy__scan *ln)
{
	if (r->rows >= 9)
		return fail(r, ln, GY_ERR_KIF_BOARD);
	if (!r->rows)
		r->board_line = r->lineno;
	gy__scan_skip(ln, 1);
	for (int file = 9; file >= 1; file--) {
		int side = gy__scan_peek(ln);
		if (side != ' ' && side != 'v' && side != '^')
			return fail(r, ln, GY_ERR_KIF_BOARD);
		int color = side == 'v' ? GY_WHITE : GY_BLACK;
		gy__scan_skip(ln, 1);
		gy_piece pc = GY_NO_PIECE;
		if (!gy__scan_accept(ln, "・") && !gy__scan_accept(ln, " ")) {
			int pt = piece_kanji(ln);
			if (!pt)
				return fail(r, ln, GY_ERR_KIF_BOARD);
			pc = gy_make_piece(color, pt);
		}
		r->board[gy_make_sq(file, r->rows + 1)] = (uint8_t)pc;
	}
	if (gy__scan_peek(ln) != '|')
		return fail(r, ln, GY_ERR_KIF_BOARD);
	r->rows++;
	return GY_OK;
}

/* A kanji count 一..十八 at the cursor (consumed); 1 when none is written. */
static int kanji_count(struct gy__scan *ln)
{
	int n = gy__scan_accept(ln, "十") ? 10 : 0;
	for (int i = 1; i <= 9; i++)
		if (gy__scan_accept(ln, gy__notation_rank_kanji(i)))
			return n + i;
	return n ? n : 1;
}

/* How many pieces of each hand type the set has. */
static const int set_count[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

/*
 * The hand line's value [p, b) for `color`: "角　歩四", "なし", or
 * "残りの駒全部" (every piece neither on the board nor in the other hand,
 * the tsume convention said out loud; one side at most).
 */
static enum gy_err hand_line(struct reader *r, int color, struct gy__scan *ln)
{
	r->hands_seen = true;
	gy__scan_skip_blanks(ln);
	if (gy__scan_looking_at(ln, "なし"))
		return GY_OK;
	size_t at = ln->i;
	if (gy__scan_accept(ln, "残りの駒全部")) {
		gy__scan_skip_blanks(ln);
		if (gy__scan_more(ln))
			return fail(r, ln, GY_ERR_KIF_BOARD);
		if (r->rest[color ^ 1] || r->rest[color])
			return fail_at(r, ln, at, GY_ERR_KIF_BOARD);
		r->rest[color] = true;
		return GY_OK;
	}
	while (gy__scan_more(ln)) {
		at = ln->i;
		int pt = piece_kanji(ln);
		if (pt < GY_PAWN || pt > GY_GOLD)
			return fail_at(r, ln, at, GY_ERR_KIF_BOARD);
		r->hand[color][pt] += kanji_count(ln);
		if (r->hand[color][pt] > set_count[pt])
			return fail_at(r, ln, at, GY_ERR_KIF_BOARD);
		gy__scan_skip_blanks(ln);
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

/* Ends the line being read at its last node, unless it has its ending; comment lines then go to the ending. */
static void set_ending(struct reader *r, enum gy_ending e, enum gy_result res)
{
	if (r->ended)
		return;
	gy_game_set_ending(r->g, r->cur, (struct gy_verdict){e, res});
	r->ended = true;
	r->at_ending = true;
}

/* The error of the illegal move that waits for its foul ending, which did not come. */
static enum gy_err pending_error(struct reader *r)
{
	if (r->where)
		*r->where = r->foul_where;
	r->bad_ply = r->ply + 1;
	return r->foul_err;
}

/*
 * The foul ending that keeps the waiting illegal move: the game ends
 * before it, lost by its mover, whatever the record's word says of the
 * side to move after it (KIF writes 反則勝ち there, ShogiGUI also
 * 反則負け).
 */
static void keep_foul(struct reader *r)
{
	r->pending = false;
	set_ending(r, GY_END_ILLEGAL_MOVE, r->pos.side == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS);
	gy_game_set_ending_foul(r->g, r->cur, r->foul);
	gy_game_set_ending_time(r->g, r->cur, r->foul_ms);
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

/*
 * True (and the ending set) when the bytes from the cursor of `w` to its
 * end are exactly an ending word.  After an illegal move only a foul
 * ending may come: it keeps the move; any other is the move's error.
 */
static bool ending_word(struct reader *r, const struct gy__scan *w, enum gy_err *err)
{
	*err = GY_OK;
	for (size_t i = 0; i < sizeof ending_words / sizeof ending_words[0]; i++) {
		if (gy__scan_rest_is(w, ending_words[i].word)) {
			if (r->pending && ending_words[i].ending == GY_END_ILLEGAL_MOVE)
				keep_foul(r);
			else if (r->pending)
				*err = pending_error(r);
			else
				set_ending(r, ending_words[i].ending,
					   outcome_result(ending_words[i].outcome, r->pos.side));
			return true;
		}
	}
	return false;
}

/* Reads the move text of `mv` (from its cursor to its end) at the current node and plays it. */
static enum gy_err play(struct reader *r, const struct gy__scan *mv)
{
	gy_move m;
	struct gy_srcpos w = {0, 0};
	int child;
	if (r->pending)
		return pending_error(r);
	enum gy_err err = gy_notation_read(&r->pos, r->prev_to, mv->s + mv->i, mv->len - mv->i, &m, &w);
	if (!err)
		err = gy_game_add(r->g, r->cur, m, &child);
	if (err) {
		struct gy__scan at = *mv;
		gy__scan_skip_chars(&at, w.col - 1);
		if (!r->ended && gy__foul_error(err) &&
		    !gy__notation_read_foul(&r->pos, r->prev_to, mv->s + mv->i, mv->len - mv->i, &r->foul)) {
			/* Kept if a foul ending follows (keep_foul). */
			r->pending = true;
			r->foul_ms = -1;
			r->foul_err = err;
			r->foul_where = gy__scan_pos_at(&at, at.i);
			return GY_OK;
		}
		r->bad_ply = r->ply + 1;
		return fail(r, &at, err);
	}
	r->at_ending = false;
	if ((err = path_set(r, r->ply + 1, child)) != GY_OK)
		return err;
	struct gy_undo u;
	gy_pos_do(&r->pos, m, &u);
	r->prev_to = gy_move_to(m);
	r->cur = child;
	r->ply++;
	return GY_OK;
}

/* Parses "( m:ss/hh:mm:ss)" at the cursor (its '('): the seconds of the move. */
static enum gy_err time_part(struct reader *r, struct gy__scan *ln, int64_t *secs)
{
	gy__scan_skip(ln, 1);
	gy__scan_skip_blanks(ln);
	int64_t m = number(ln), s;
	if (m < 0 || !gy__scan_accept(ln, ":"))
		return fail(r, ln, GY_ERR_KIF_TIME);
	if ((s = number(ln)) < 0 || s >= 60)
		return fail(r, ln, GY_ERR_KIF_TIME);
	gy__scan_skip_blanks(ln);
	if (gy__scan_accept(ln, "/")) {
		gy__scan_skip_blanks(ln);
		for (int i = 0; i < 3; i++) {
			if (number(ln) < 0)
				return fail(r, ln, GY_ERR_KIF_TIME);
			if (i == 2 || !gy__scan_accept(ln, ":"))
				break;
		}
		gy__scan_skip_blanks(ln);
	}
	if (!gy__scan_accept(ln, ")"))
		return fail(r, ln, GY_ERR_KIF_TIME);
	*secs = m * 60 + s;
	return GY_OK;
}

/* A KIF move line at the cursor: number, move text or ending word, optional time and "+". */
static enum gy_err kif_move_line(struct reader *r, struct gy__scan *ln)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	size_t at = ln->i;
	if (number(ln) != r->ply + 1 + r->pending)
		return r->pending ? pending_error(r) : fail_at(r, ln, at, GY_ERR_KIF_MOVE_NUMBER);
	at = ln->i;
	gy__scan_skip_blanks(ln);
	if (ln->i == at)
		return fail(r, ln, GY_ERR_KIF_SYNTAX);
	/* The move text ends at an ASCII space or at a "(" that opens a time. */
	size_t a = ln->i;
	while (gy__scan_more(ln) && !gy__scan_in(gy__scan_peek(ln), " \t")) {
		if (gy__scan_peek(ln) == '(') {
			struct gy__scan q = *ln;
			gy__scan_skip(&q, 1);
			if (gy__scan_until_set(&q, "):") && gy__scan_peek(&q) == ':')
				break;
		}
		gy__scan_skip(ln, 1);
	}
	size_t e = ln->i;
	if (e - a > 1 && ln->s[e - 1] == '+' && ln->s[e - 2] == ')')
		e--; /* "７六歩(77)+": the mark of a move with variations */
	if (e == a)
		return fail_at(r, ln, a, GY_ERR_KIF_SYNTAX);
	struct gy__scan mv = gy__scan_span(ln, a, e);
	bool ended = r->ended, foul = r->pending;
	bool ending = ending_word(r, &mv, &err);
	if (err || (!ending && (err = play(r, &mv)) != GY_OK))
		return err;
	ln->i = e;
	gy__scan_skip_blanks(ln);
	if (gy__scan_peek(ln) == '(') {
		int64_t secs;
		if ((err = time_part(r, ln, &secs)) != GY_OK)
			return err;
		if (r->pending)
			r->foul_ms = secs * 1000;
		else if (!ending)
			gy_game_set_time(r->g, r->cur, secs * 1000);
		else if (!ended && !foul)
			gy_game_set_ending_time(r->g, r->cur, secs * 1000);
		gy__scan_skip_blanks(ln);
	}
	if (gy__scan_accept(ln, "+"))
		gy__scan_skip_blanks(ln);
	if (gy__scan_more(ln))
		return fail(r, ln, GY_ERR_KIF_SYNTAX);
	return GY_OK;
}

/* The length of the side mark (▲△☗☖) at the cursor, or 0. */
static size_t side_mark(const struct gy__scan *ln)
{
	static const char *const marks[] = {"▲", "△", "☗", "☖"};
	for (int i = 0; i < 4; i++)
		if (gy__scan_looking_at(ln, marks[i]))
			return strlen(marks[i]);
	return 0;
}

/* A KI2 move line at the cursor: moves each starting with a side mark. */
static enum gy_err ki2_move_line(struct reader *r, struct gy__scan *ln)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	while (gy__scan_more(ln)) {
		size_t mark = side_mark(ln), p = ln->i;
		if (!mark)
			return fail(r, ln, GY_ERR_KIF_SYNTAX);
		gy__scan_skip(ln, mark);
		while (gy__scan_more(ln) && !side_mark(ln))
			gy__scan_skip(ln, 1);
		struct gy__scan mv = gy__scan_span(ln, p, ln->i);
		gy__scan_trim_blanks(&mv);
		struct gy__scan word = gy__scan_span(&mv, p + mark, mv.len);
		gy__scan_skip_blanks(&word);
		if ((!ending_word(r, &word, &err) && !err && (err = play(r, &mv)) != GY_OK) || err)
			return err;
	}
	return GY_OK;
}

/* "変化：N手" (the cursor after 変化：): go back to the parent of move N of the most recent line that has one. */
static enum gy_err branch_line(struct reader *r, struct gy__scan *ln)
{
	enum gy_err err = ensure_game(r);
	if (err)
		return err;
	if (r->pending)
		return pending_error(r);
	gy__scan_skip_blanks(ln);
	size_t at = ln->i;
	int64_t n = number(ln);
	gy__scan_skip_blanks(ln);
	bool te = gy__scan_accept(ln, "手");
	gy__scan_skip_blanks(ln);
	if (n < 1 || !te || gy__scan_more(ln))
		return fail_at(r, ln, at, GY_ERR_KIF_SYNTAX);
	if (n > r->maxply)
		return fail_at(r, ln, at, GY_ERR_KIF_BRANCH);
	int node = gy_game_parent(r->g, r->path[n]);
	r->ply = (int)n - 1;
	r->cur = node;
	for (int k = r->ply; k >= 0; k--, node = gy_game_parent(r->g, node))
		r->path[k] = node;
	r->main_line = false;
	r->ended = r->at_ending = false;
	if ((err = gy_game_position(r->g, r->cur, &r->pos)) != GY_OK)
		return err;
	gy_move m = gy_game_move(r->g, r->cur);
	r->prev_to = m == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(m);
	return GY_OK;
}

/*
 * The causes a summary line may name after "手で", which tell an ending
 * KIF's words share (kif_write.c writes them): the line's ending of the
 * word given becomes the one named.
 */
static const struct {
	const char *cause;
	enum gy_ending from, to;
} causes[] = {
	{"連続王手の千日手により", GY_END_ILLEGAL_MOVE, GY_END_PERPETUAL_CHECK},
	{"トライにより", GY_END_RESIGNATION, GY_END_TRY},
	{"最大手数により", GY_END_DECLARATION, GY_END_MAX_MOVES},
};

/*
 * The line's ending made the one causes[i] names, won by `side` when it
 * is not -1, its time and comment kept, when it is the ending that cause
 * refines.
 */
static void refine(struct reader *r, size_t i, int side)
{
	struct gy_verdict v = gy_game_node_ending(r->g, r->cur);
	if (v.ending != causes[i].from)
		return;
	if (side >= 0)
		v.result = wins(side);
	int64_t ms = gy_game_ending_time(r->g, r->cur);
	char *comment = strdup(gy_game_ending_comment(r->g, r->cur));
	gy_game_set_ending(r->g, r->cur, (struct gy_verdict){causes[i].to, v.result});
	gy_game_set_ending_time(r->g, r->cur, ms);
	if (comment && gy_game_set_ending_comment(r->g, r->cur, comment))
		comment[0] = '\0';
	free(comment);
}

static void summary_result(struct reader *r, struct gy__scan *ln);

/*
 * "まで77手で先手の勝ち" (the cursor after まで): the ending of the line
 * when no ending word gave it; after an illegal move (KI2) it must be a
 * foul's, which keeps the move.
 */
static enum gy_err summary_line(struct reader *r, struct gy__scan *ln)
{
	enum gy_err err = ensure_game(r);
	if (!err && r->pending) {
		struct gy__scan q = *ln;
		return gy__scan_until(&q, "反則") ? (keep_foul(r), GY_OK) : pending_error(r);
	}
	if (err)
		return err;
	gy__scan_skip_blanks(ln);
	if (number(ln) < 0)
		return GY_OK;
	struct gy__scan c = *ln;
	if (gy__scan_accept(&c, "手で")) {
		for (size_t i = 0; i < sizeof causes / sizeof causes[0]; i++)
			if (gy__scan_looking_at(&c, causes[i].cause)) {
				gy__scan_skip(&c, strlen(causes[i].cause));
				int side = gy__scan_looking_at(&c, "先手の") || gy__scan_looking_at(&c, "下手の")
						   ? GY_BLACK
					   : gy__scan_looking_at(&c, "後手の") || gy__scan_looking_at(&c, "上手の")
						   ? GY_WHITE
						   : -1;
				if (r->ended)
					refine(r, i, side);
				else
					set_ending(r, causes[i].to, side < 0 ? GY_RESULT_DRAW : wins(side));
				return GY_OK;
			}
	}
	if (!r->ended)
		summary_result(r, ln);
	return GY_OK;
}

/* The result a summary line states, from the cursor on its count. */
static void summary_result(struct reader *r, struct gy__scan *ln)
{
	if (gy__scan_looking_at(ln, "手詰")) {
		/* "まで61手詰": a problem's mate. */
		set_ending(r, GY_END_CHECKMATE, outcome_result(MOVER_LOSES, r->pos.side));
		return;
	}
	if (!gy__scan_accept(ln, "手で"))
		return;
	bool timeout = gy__scan_accept(ln, "時間切れにより");
	int side = -1;
	if (gy__scan_looking_at(ln, "先手の") || gy__scan_looking_at(ln, "下手の"))
		side = GY_BLACK;
	else if (gy__scan_looking_at(ln, "後手の") || gy__scan_looking_at(ln, "上手の"))
		side = GY_WHITE;
	if (side < 0) {
		for (size_t i = 0; i < sizeof ending_words / sizeof ending_words[0]; i++)
			if (gy__scan_looking_at(ln, ending_words[i].word) &&
			    (ending_words[i].outcome == DRAW || ending_words[i].outcome == NO_RESULT ||
			     ending_words[i].ending == GY_END_CHECKMATE)) {
				set_ending(r, ending_words[i].ending,
					   outcome_result(ending_words[i].outcome, r->pos.side));
				return;
			}
		return;
	}
	gy__scan_skip(ln, strlen("先手の"));
	enum gy_result win = wins(side), lose = wins(side ^ 1);
	if (gy__scan_looking_at(ln, "勝ち"))
		set_ending(r, timeout ? GY_END_TIME_FORFEIT : GY_END_RESIGNATION, win);
	else if (gy__scan_looking_at(ln, "反則勝ち"))
		set_ending(r, GY_END_ILLEGAL_MOVE, win);
	else if (gy__scan_looking_at(ln, "反則負け"))
		set_ending(r, GY_END_ILLEGAL_MOVE, lose);
	else if (gy__scan_looking_at(ln, "入玉勝ち") || gy__scan_looking_at(ln, "宣言勝ち"))
		set_ending(r, GY_END_DECLARATION, win);
	else if (gy__scan_looking_at(ln, "切れ負け") || gy__scan_looking_at(ln, "時間切れ負け"))
		set_ending(r, GY_END_TIME_FORFEIT, lose);
	return;
}

/* A header "キー：値": the key from the cursor to `colon`, the value after it. */
static enum gy_err header_line(struct reader *r, const struct gy__scan *ln, size_t colon)
{
	if (colon == ln->i)
		return fail(r, ln, GY_ERR_KIF_HEADER);
	struct gy__scan key = gy__scan_span(ln, ln->i, colon), val = gy__scan_span(ln, colon + strlen("："), ln->len);
	gy__scan_trim_blanks(&val);
	char *k = dup_rest(&key), *value = dup_rest(&val);
	enum gy_err err = GY_ERR_NOMEM;
	if (k && value) {
		if (!strcmp(k, "手合割") && !r->g) {
			r->handicap = val.s + val.i;
			r->handicap_len = val.len - val.i;
			r->handicap_line = r->lineno;
			r->handicap_col = gy__scan_pos(&val).col;
		}
		err = gy_game_set_header(r->g ? r->g : r->hdr, k, value);
		if (err)
			fail(r, ln, err);
	}
	free(k);
	free(value);
	return err;
}

/* One line, its end of line removed. */
static enum gy_err read_line(struct reader *r, struct gy__scan *ln)
{
	struct gy__scan nul = *ln;
	if (gy__scan_until_byte(&nul, '\0'))
		return fail(r, &nul, GY_ERR_KIF_SYNTAX);
	while (gy__scan_accept(ln, GY__SCAN_BOM))
		; /* a byte order mark, wherever it is */
	/* A comment keeps its text as written, trailing spaces included. */
	int c = gy__scan_peek(ln);
	if (c == '*' || c == '&') {
		if (r->pending)
			return pending_error(r);
		gy__scan_skip(ln, c == '*');
		return append_comment(r->g ? r->g : r->hdr, r->g ? r->cur : 0, r->g && r->at_ending, ln);
	}
	gy__scan_trim_blanks(ln);
	if (!gy__scan_more(ln) || c == '#')
		return GY_OK;
	if (gy__scan_looking_at(ln, "手数"))
		return GY_OK;
	if (gy__scan_accept(ln, "まで"))
		return summary_line(r, ln);
	if (gy__scan_accept(ln, "変化："))
		return branch_line(r, ln);
	static const struct {
		const char *head;
		int color;
	} hands[] = {{"先手の持駒：", GY_BLACK},
		     {"下手の持駒：", GY_BLACK},
		     {"後手の持駒：", GY_WHITE},
		     {"上手の持駒：", GY_WHITE}};
	for (int i = 0; i < 4; i++)
		if (gy__scan_looking_at(ln, hands[i].head)) {
			if (r->g)
				return fail(r, ln, GY_ERR_KIF_BOARD);
			gy__scan_skip(ln, strlen(hands[i].head));
			return hand_line(r, hands[i].color, ln);
		}
	static const char *const turns[] = {"先手番", "下手番", "後手番", "上手番"};
	for (int i = 0; i < 4; i++)
		if (gy__scan_rest_is(ln, turns[i])) {
			if (r->g)
				return fail(r, ln, GY_ERR_KIF_BOARD);
			r->side = i < 2 ? GY_BLACK : GY_WHITE;
			return GY_OK;
		}
	if (c == '|')
		return r->g ? fail(r, ln, GY_ERR_KIF_BOARD) : board_row(r, ln);
	if (c == '+' && (gy__scan_peek_at(ln, 1) < 0 || gy__scan_peek_at(ln, 1) == '-'))
		return GY_OK;
	size_t a = ln->i;
	gy__scan_skip_blanks(ln);
	if (gy__scan_looking_at(ln, "９") && ln->i != a)
		return GY_OK; /* the file numbers above a diagram */
	if (r->ki2 && side_mark(ln))
		return ki2_move_line(r, ln);
	if (!r->ki2 && gy__scan_is_digit(gy__scan_peek(ln)))
		return kif_move_line(r, ln);
	ln->i = a;
	struct gy__scan colon = *ln;
	if (gy__scan_until(&colon, "："))
		return header_line(r, ln, colon.i);
	return fail(r, ln, GY_ERR_KIF_SYNTAX);
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
	struct gy__scan sc = gy__scan_make(text, len);
	gy__scan_accept(&sc, GY__SCAN_BOM);
	while (gy__scan_more(&sc)) {
		struct gy__scan ln = gy__scan_line(&sc);
		r.lineno = ln.line;
		if ((err = read_line(&r, &ln)) != GY_OK)
			goto fail;
	}
	if ((err = ensure_game(&r)) != GY_OK || (r.pending && (err = pending_error(&r)) != GY_OK))
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
