/*
 * lib/csa_read.c: the CSA record reader (csa.h).
 *
 * Step 1 finds where the game ends (a line "/" or the end of the text),
 * step 2 decodes that part to UTF-8 with textenc.h, step 3
 * reads it line by line and statement by statement.
 *
 * Invariants while reading: until the side line, the position is
 * collected in `board` and `hand` and the headers wait in `pending`
 * (spans of the decoded text); from the side line on, `g` exists, `pos`
 * is the position at `node`, and the comment lines collected in
 * `comment` belong to `comment_node`.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csa_names.h"
#include "foul.h"
#include "gyoku/csa.h"
#include "gyoku/handicap.h"
#include "gyoku/position.h"
#include "gyoku/textenc.h"
#include "gyoku/usi.h"
#include "headers.h"
#include "scan.h"

enum { MAX_PENDING = 256, KEY_MAX = 64, VALUE_MAX = 4096, COMMENT_MAX = 65536, ENC_MAX = 32 };

/* How many pieces of each hand type a set has. */
static const int set_count[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

struct span {
	const char *s;
	size_t len;
};

struct reader {
	const char *s; /* the decoded text of this game */
	size_t len;
	struct gy__scan ln; /* the current line (scan.h), for the places of errors */
	struct gy_srcpos *where;
	/* The position being set up, before the side line. */
	uint8_t board[GY_SQ_NB];
	int hand[GY_COLOR_NB][GY_HAND_NB];
	bool row_set[10];
	bool all_rest[GY_COLOR_NB];
	bool pi;
	struct span pkey[MAX_PENDING], pval[MAX_PENDING];
	bool pcomment[MAX_PENDING]; /* the header came from a comment line "'key：value" */
	int npending;
	uint32_t rows_read; /* the rows of the header table (headers.h) read so far */
	bool any;           /* a statement other than a comment was read */
	/* The game, from the side line on. */
	struct gy_game *g;
	struct gy_pos pos;
	int node;
	bool ended;
	bool illegal; /* an illegal move stopped the reading */
	int bad_ply;
	char *comment;
	size_t clen, ccap;
	int clines; /* lines in `comment` */
	int comment_node;
	bool comment_ending; /* `comment` is the ending's at comment_node */
	/* An illegal move waiting for the % line of a foul, which keeps it (foul.h), its error and place. */
	bool pending;
	gy_move foul;
	int64_t foul_ms;
	enum gy_err foul_err;
	struct gy_srcpos foul_where;
};

/* Returns `err`, its place the byte `at` of the current line (columns in bytes). */
static enum gy_err fail(struct reader *r, size_t at, enum gy_err err)
{
	if (r->where)
		*r->where = gy__scan_byte_pos_at(&r->ln, at);
	return err;
}

/* The bytes [a, b) of the current line, as a scanner. */
static struct gy__scan span(const struct reader *r, size_t a, size_t b) { return gy__scan_span(&r->ln, a, b); }

/* The piece type named by the two bytes at `s`, or 0. */
static int piece_code(const char *s)
{
	for (int pt = 1; pt < GY_PTYPE_NB; pt++)
		if (s[0] == gy__csa_names[pt][0] && s[1] == gy__csa_names[pt][1])
			return pt;
	return 0;
}

/* The square named by the two digits at `s` (file, rank 1-9), or GY_SQ_NONE. */
static gy_sq square_code(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9')
		return GY_SQ_NONE;
	return gy_make_sq(s[0] - '0', s[1] - '0');
}

/* Step 3: statements. */

/* The error of the illegal move that waits for its foul's % line, which did not come. */
static enum gy_err pending_error(struct reader *r)
{
	if (r->where)
		*r->where = r->foul_where;
	r->illegal = true;
	r->bad_ply = gy_game_ply(r->g, r->node) + 1;
	return r->foul_err;
}

static enum gy_err flush_comment(struct reader *r)
{
	enum gy_err err = GY_OK;
	if (r->g && r->clines) {
		r->comment[r->clen] = '\0';
		err = r->comment_ending ? gy_game_set_ending_comment(r->g, r->comment_node, r->comment)
					: gy_game_set_comment(r->g, r->comment_node, r->comment);
	}
	r->clen = 0;
	r->clines = 0;
	return err;
}

static enum gy_err header(struct reader *r, size_t a, size_t key_end, size_t val_start, size_t b, bool from_comment);
static bool comment_header(const struct reader *r, size_t a, size_t b, size_t *colon);

/*
 * A comment line [a, b) with its quote: a header written as a comment
 * (headers.h), else a line of the node's comment (csa.h): "'*text" (a
 * comment for programs) as "text", a remark "'text" as is, quote and all.
 */
static enum gy_err comment(struct reader *r, size_t a, size_t b)
{
	struct gy__scan line = span(r, a, b);
	if (gy__scan_looking_at(&line, "'CSA encoding=") || gy__scan_looking_at(&line, "'encoding="))
		return GY_OK;
	size_t colon;
	if (comment_header(r, a, b, &colon)) {
		struct gy__scan value = span(r, colon + 3, b);
		gy__scan_trim_set(&value, " \t");
		return header(r, a + 1, colon, colon + 3, value.len, true);
	}
	if (r->pending)
		return pending_error(r);
	if (r->node != r->comment_node || r->ended != r->comment_ending) {
		enum gy_err err = flush_comment(r);
		if (err)
			return fail(r, a, err);
		r->comment_node = r->node;
		r->comment_ending = r->ended;
	}
	size_t t = b - a >= 2 && r->s[a + 1] == '*' ? a + 2 : a; /* "'*": the text after it */
	size_t n = b - t, need = r->clen + n + 2;
	if (need > COMMENT_MAX)
		return fail(r, a, GY_ERR_TOO_LONG);
	if (need > r->ccap) {
		size_t cap = r->ccap ? r->ccap * 2 : 256;
		while (cap < need)
			cap *= 2;
		char *c = realloc(r->comment, cap);
		if (!c)
			return fail(r, a, GY_ERR_NOMEM);
		r->comment = c;
		r->ccap = cap;
	}
	if (r->clines++)
		r->comment[r->clen++] = '\n';
	memcpy(r->comment + r->clen, r->s + t, n);
	r->clen += n;
	return GY_OK;
}

/*
 * Sets a header of the game.  A header from a comment line "'key：value"
 * whose key the game already holds stays a comment line.
 */
static enum gy_err set_header(struct reader *r, struct span key, struct span val, bool from_comment, size_t at)
{
	char k[KEY_MAX + 1], v[VALUE_MAX + 1];
	if (key.len > KEY_MAX || val.len > VALUE_MAX)
		return fail(r, at, GY_ERR_TOO_LONG);
	memcpy(k, key.s, key.len);
	k[key.len] = '\0';
	memcpy(v, val.s, val.len);
	v[val.len] = '\0';
	if (from_comment && gy_game_header(r->g, k))
		return comment(r, (size_t)(key.s - r->s) - 1, (size_t)(val.s - r->s) + val.len);
	/* The canonical key (headers.h), unless another CSA key already gave the game that key. */
	const struct gy_handicap *h = gy_handicap_by_pos(gy_game_start(r->g));
	int row;
	const char *ck = gy__header_from_csa(k, h && strcmp(h->id, "even"), &row);
	if (ck && gy_game_header(r->g, ck) && !(r->rows_read & 1u << row))
		ck = NULL;
	if (ck)
		r->rows_read |= 1u << row;
	enum gy_err err = gy_game_set_header(r->g, ck ? ck : k, v);
	return err ? fail(r, at, err) : GY_OK;
}

static enum gy_err header(struct reader *r, size_t a, size_t key_end, size_t val_start, size_t b, bool from_comment)
{
	struct span key = {r->s + a, key_end - a}, val = {r->s + val_start, b - val_start};
	if (key.len > KEY_MAX || val.len > VALUE_MAX)
		return fail(r, a, GY_ERR_TOO_LONG);
	if (r->g)
		return set_header(r, key, val, from_comment, a);
	if (r->npending == MAX_PENDING)
		return fail(r, a, GY_ERR_TOO_LONG);
	r->pkey[r->npending] = key;
	r->pcomment[r->npending] = from_comment;
	r->pval[r->npending++] = val;
	return GY_OK;
}

/*
 * True when the comment line [a, b) before the side line is a header the
 * writer could not give a CSA line (headers.h): "'key：value" with a key of
 * 1 to KEY_MAX bytes, no space and no leading '*'; sets `*colon`.
 */
static bool comment_header(const struct reader *r, size_t a, size_t b, size_t *colon)
{
	if (r->g || b - a < 2 || r->s[a + 1] == '*')
		return false;
	for (struct gy__scan k = span(r, a + 1, b); gy__scan_more(&k) && k.i <= a + 1 + KEY_MAX; gy__scan_skip(&k, 1)) {
		if (gy__scan_in(gy__scan_peek(&k), " \t"))
			return false;
		if (k.i > a + 1 && gy__scan_looking_at(&k, "：")) {
			*colon = k.i;
			return true;
		}
	}
	return false;
}

/* A row "P1" .. "P9": nine cells, each "*" or a piece like "+FU", spaces between. */
static enum gy_err row(struct reader *r, size_t a, size_t b)
{
	int rank = r->s[a + 1] - '0';
	if (r->pi || r->row_set[rank])
		return fail(r, a, GY_ERR_CSA_SETUP);
	r->row_set[rank] = true;
	struct gy__scan cells = span(r, a + 2, b);
	for (int file = 9; file >= 1; file--) {
		gy__scan_skip_set(&cells, " ");
		if (gy__scan_accept(&cells, "*"))
			continue;
		size_t i = cells.i;
		int sign = gy__scan_peek(&cells);
		if (gy__scan_peek_at(&cells, 2) < 0 || (sign != '+' && sign != '-'))
			return fail(r, i, GY_ERR_CSA_ROW);
		int pt = piece_code(r->s + i + 1);
		if (!pt)
			return fail(r, i + 1, GY_ERR_CSA_PIECE);
		gy_sq sq = gy_make_sq(file, rank);
		if (r->board[sq])
			return fail(r, i, GY_ERR_CSA_SETUP);
		r->board[sq] = (uint8_t)gy_make_piece(sign == '-' ? GY_WHITE : GY_BLACK, pt);
		gy__scan_skip(&cells, 3);
	}
	gy__scan_skip_set(&cells, " ");
	return gy__scan_more(&cells) ? fail(r, cells.i, GY_ERR_CSA_ROW) : GY_OK;
}

/* "P+" or "P-" and pairs of a square ("00" for the hand) and a piece, or "00AL". */
static enum gy_err piece_list(struct reader *r, size_t a, size_t b)
{
	int color = r->s[a + 1] == '-' ? GY_WHITE : GY_BLACK;
	for (size_t i = a + 2; i < b; i += 4) {
		if (i + 4 > b)
			return fail(r, i, GY_ERR_CSA_SYNTAX);
		const char *t = r->s + i;
		if (t[0] == '0' && t[1] == '0' && t[2] == 'A' && t[3] == 'L') {
			r->all_rest[color] = true;
			continue;
		}
		int pt = piece_code(t + 2);
		if (!pt)
			return fail(r, i + 2, GY_ERR_CSA_PIECE);
		if (t[0] == '0' && t[1] == '0') {
			if (pt >= GY_HAND_NB)
				return fail(r, i + 2, GY_ERR_CSA_PIECE);
			if (++r->hand[color][pt] > set_count[pt])
				return fail(r, i, GY_ERR_TOO_MANY_PIECES);
			continue;
		}
		gy_sq sq = square_code(t);
		if (sq == GY_SQ_NONE)
			return fail(r, i, GY_ERR_CSA_SQUARE);
		if (r->board[sq])
			return fail(r, i, GY_ERR_CSA_SETUP);
		r->board[sq] = (uint8_t)gy_make_piece(color, pt);
	}
	return GY_OK;
}

static enum gy_err position_line(struct reader *r, size_t a, size_t b)
{
	if (r->g)
		return fail(r, a, GY_ERR_CSA_SETUP);
	char c = b - a >= 2 ? r->s[a + 1] : '\0';
	if (c == 'I') {
		for (int i = 1; i <= 9; i++)
			if (r->row_set[i])
				return fail(r, a, GY_ERR_CSA_SETUP);
		for (int sq = 0; sq < GY_SQ_NB; sq++)
			if (r->board[sq])
				return fail(r, a, GY_ERR_CSA_SETUP);
		if (r->pi)
			return fail(r, a, GY_ERR_CSA_SETUP);
		struct gy_pos p;
		struct gy_srcpos w = {0, 0};
		enum gy_err err = gy_csa_pi_apply(&p, r->s + a, b - a, GY_BLACK, &w);
		if (err)
			return fail(r, a + (size_t)(w.col > 0 ? w.col - 1 : 0), err);
		memcpy(r->board, p.board, sizeof r->board);
		r->pi = true;
		return GY_OK;
	}
	if (c >= '1' && c <= '9')
		return row(r, a, b);
	if (c == '+' || c == '-')
		return piece_list(r, a, b);
	return fail(r, a, GY_ERR_CSA_SYNTAX);
}

/* Builds and checks the start position at the side line, then creates the game. */
static enum gy_err side_line(struct reader *r, size_t a)
{
	if (r->g)
		return fail(r, a, GY_ERR_CSA_SETUP);
	int used[GY_HAND_NB] = {0};
	struct gy_pos p;
	gy_pos_clear(&p);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		if (!r->board[sq])
			continue;
		int pt = gy_ptype_demote(gy_piece_type(r->board[sq]));
		if (pt < GY_HAND_NB)
			used[pt]++;
		gy_pos_put(&p, r->board[sq], sq);
	}
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 1; pt < GY_HAND_NB; pt++)
			used[pt] += r->hand[c][pt];
	for (int c = 0; c < GY_COLOR_NB; c++)
		for (int pt = 1; pt < GY_HAND_NB; pt++) {
			int n = r->hand[c][pt];
			if (r->all_rest[c] && used[pt] < set_count[pt]) {
				n += set_count[pt] - used[pt];
				used[pt] = set_count[pt];
			}
			if (used[pt] > set_count[pt])
				return fail(r, a, GY_ERR_TOO_MANY_PIECES);
			gy_pos_set_hand(&p, c, pt, n);
		}
	p.side = r->s[a] == '-' ? GY_WHITE : GY_BLACK;
	gy_pos_update(&p);
	/* Checked as every reader checks a start diagram: through its SFEN, as a problem may be. */
	char sfen[GY_SFEN_MAX];
	size_t n = gy_sfen_write(&p, sfen, sizeof sfen);
	struct gy_pos q;
	enum gy_err err = gy_sfen_parse(&q, sfen, n, GY_SFEN_PROBLEM, NULL);
	if (err)
		return fail(r, a, err);
	err = gy_game_create(&r->g, &q);
	if (err)
		return fail(r, a, err);
	r->pos = q;
	r->node = 0;
	/* The header lines first, so that a comment line "'key：value" never takes a key a header line gives. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < r->npending; i++) {
			if (r->pcomment[i] != (pass == 1))
				continue;
			err = set_header(r, r->pkey[i], r->pval[i], r->pcomment[i], a);
			if (err)
				return err;
		}
	return GY_OK;
}

static enum gy_err move(struct reader *r, size_t a, size_t b)
{
	if (!r->g)
		return fail(r, a, GY_ERR_CSA_NO_SIDE);
	if (r->pending)
		return pending_error(r);
	if (r->ended)
		return fail(r, a, GY_ERR_CSA_AFTER_END);
	if (b - a != 7)
		return fail(r, a, GY_ERR_CSA_SYNTAX);
	const char *t = r->s + a;
	int color = t[0] == '-' ? GY_WHITE : GY_BLACK;
	gy_sq to = square_code(t + 3);
	int pt = piece_code(t + 5);
	if (to == GY_SQ_NONE)
		return fail(r, a + 3, GY_ERR_CSA_SQUARE);
	if (!pt)
		return fail(r, a + 5, GY_ERR_CSA_PIECE);
	if (!(t[1] == '0' && t[2] == '0') && square_code(t + 1) == GY_SQ_NONE)
		return fail(r, a + 1, GY_ERR_CSA_SQUARE);
	r->bad_ply = gy_game_ply(r->g, r->node) + 1;
	r->illegal = true;
	if (color != r->pos.side)
		return fail(r, a, GY_ERR_CSA_SIDE);
	gy_move m;
	enum gy_err err, shape;
	if (t[1] == '0' && t[2] == '0') {
		if (pt >= GY_HAND_NB)
			return fail(r, a + 5, GY_ERR_CSA_MOVE_PIECE);
		err = gy_move_build_drop(&r->pos, pt, to, &m);
		shape = err ? gy__foul_drop(&r->pos, pt, to, &r->foul) : GY_OK;
	} else {
		gy_sq from = square_code(t + 1);
		gy_piece pc = r->pos.board[from];
		bool promote = false;
		if (pc && gy_piece_color(pc) == color) {
			int ot = gy_piece_type(pc);
			if (pt != ot && !(gy_ptype_can_promote(ot) && pt == (ot | GY_PROMOTED)))
				return fail(r, a + 5, GY_ERR_CSA_MOVE_PIECE);
			promote = pt != ot;
		}
		err = gy_move_build(&r->pos, from, to, promote, &m);
		shape = err ? gy__foul_move(&r->pos, from, to, promote, &r->foul) : GY_OK;
	}
	if (err && gy__foul_error(err) && !shape) {
		/* Kept if the % line of a foul follows (special). */
		r->illegal = false;
		r->pending = true;
		r->foul_ms = -1;
		r->foul_err = err;
		r->foul_where = gy__scan_byte_pos_at(&r->ln, a);
		return GY_OK;
	}
	if (!err)
		err = gy_game_add(r->g, r->node, m, &r->node);
	if (err)
		return fail(r, a, err);
	r->illegal = false;
	struct gy_undo u;
	gy_pos_do(&r->pos, m, &u);
	return GY_OK;
}

/* "T" and seconds, with up to 9 digits before and any after a decimal point (ms kept). */
static enum gy_err time_line(struct reader *r, size_t a, size_t b)
{
	struct gy__scan t = span(r, a + 1, b);
	int64_t secs, frac = 0;
	if (gy__scan_number(&t, 9, false, &secs) == 0)
		return fail(r, a, GY_ERR_CSA_TIME);
	if (gy__scan_accept(&t, ".")) {
		/* Milliseconds: the first three digits count. */
		int digits = gy__scan_number(&t, 3, false, &frac);
		if (digits == 0)
			return fail(r, t.i, GY_ERR_CSA_TIME);
		for (; digits > 0 && digits < 3; digits++)
			frac *= 10;
		gy__scan_skip_set(&t, "0123456789");
	}
	if (gy__scan_more(&t))
		return fail(r, t.i, GY_ERR_CSA_TIME);
	int64_t ms = secs * 1000 + frac;
	if (r->pending)
		r->foul_ms = ms;
	else if (r->g && r->ended && gy_game_ending_time(r->g, r->node) < 0)
		gy_game_set_ending_time(r->g, r->node, ms);
	else if (r->g && r->node && !r->ended)
		gy_game_set_time(r->g, r->node, ms);
	return GY_OK;
}

static enum gy_err special(struct reader *r, size_t a, size_t b)
{
	static const struct {
		const char *word;
		enum gy_ending ending;
		int result; /* 0 none, 1 the side to move wins, 2 it loses, 3 draw, 4 Sente loses, 5 Gote loses */
	} table[] = {
		{"TORYO", GY_END_RESIGNATION, 2},
		{"CHUDAN", GY_END_INTERRUPTION, 0},
		{"SENNICHITE", GY_END_SENNICHITE, 3},
		{"OUTE_SENNICHITE", GY_END_PERPETUAL_CHECK, 6},
		{"ILLEGAL_MOVE", GY_END_ILLEGAL_MOVE, 2},
		{"+ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, 4},
		{"-ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, 5},
		{"JISHOGI", GY_END_DECLARATION, 3},
		{"KACHI", GY_END_DECLARATION, 1},
		{"HIKIWAKE", GY_END_INTERRUPTION, 3},
		{"MATTA", GY_END_INTERRUPTION, 0},
		{"TSUMI", GY_END_CHECKMATE, 2},
		{"FUZUMI", GY_END_INTERRUPTION, 0},
		{"ERROR", GY_END_INTERRUPTION, 0},
		{"TIME_UP", GY_END_TIME_FORFEIT, 2},
		{"MAX_MOVES", GY_END_MAX_MOVES, 3},
	};
	if (!r->g)
		return fail(r, a, GY_ERR_CSA_NO_SIDE);
	if (r->ended)
		return GY_OK; /* a second % line (some programs repeat it): the first one stands */
	struct gy__scan word = span(r, a + 1, b);
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
		if (!gy__scan_rest_is(&word, table[k].word))
			continue;
		int us = r->pos.side;
		int res = table[k].result;
		if (res == 6)
			res = gy_pos_in_check(&r->pos) ? 1 : 2;
		enum gy_result win_us = us == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS;
		enum gy_result win_them = us == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
		struct gy_verdict v = {table[k].ending, GY_RESULT_NONE};
		switch (res) {
		case 1: v.result = win_us; break;
		case 2: v.result = win_them; break;
		case 3: v.result = GY_RESULT_DRAW; break;
		case 4: v.result = GY_RESULT_WHITE_WINS; break;
		case 5: v.result = GY_RESULT_BLACK_WINS; break;
		default: break;
		}
		/* After an illegal move: a foul of its mover, which keeps the move, else the move's error. */
		if (r->pending && (v.ending != GY_END_ILLEGAL_MOVE || (res >= 4 && v.result == win_us)))
			return pending_error(r);
		gy_game_set_ending(r->g, r->node, r->pending ? (struct gy_verdict){v.ending, win_them} : v);
		if (r->pending) {
			gy_game_set_ending_foul(r->g, r->node, r->foul);
			gy_game_set_ending_time(r->g, r->node, r->foul_ms);
			r->pending = false;
		}
		r->ended = true;
		return GY_OK;
	}
	return fail(r, a, GY_ERR_CSA_SPECIAL);
}

/* One statement [a, b), trimmed; `*stop` is set by the line "/". */
static enum gy_err statement(struct reader *r, size_t a, size_t b, bool *stop)
{
	char c = r->s[a];
	if (c == '\'')
		return comment(r, a, b);
	struct gy__scan st = span(r, a + 1, b);
	gy__scan_trim_set(&st, " \t");
	b = st.len;
	r->any = true;
	switch (c) {
	case 'V':
		gy__scan_skip_set(&st, "0123456789.");
		if (gy__scan_more(&st))
			return fail(r, st.i, GY_ERR_CSA_SYNTAX);
		return b - a > 1 ? GY_OK : fail(r, a, GY_ERR_CSA_SYNTAX);
	case 'N':
		if (b - a < 2 || (r->s[a + 1] != '+' && r->s[a + 1] != '-'))
			return fail(r, a, GY_ERR_CSA_SYNTAX);
		return header(r, a, a + 2, a + 2, b, false);
	case '$': {
		bool colon = gy__scan_until_byte(&st, ':');
		if (!colon || st.i == a + 1)
			return fail(r, colon ? a + 1 : b, GY_ERR_CSA_SYNTAX);
		return header(r, a, st.i, st.i + 1, b, false);
	}
	case 'P': return position_line(r, a, b);
	case '+':
	case '-': return b - a == 1 ? side_line(r, a) : move(r, a, b);
	case 'T': return time_line(r, a, b);
	case '%': return special(r, a, b);
	case '/':
		if (b - a != 1)
			return fail(r, a, GY_ERR_CSA_SYNTAX);
		*stop = true;
		return GY_OK;
	default: return fail(r, a, GY_ERR_CSA_SYNTAX);
	}
}

/* One line [a, b): statements separated by commas, except that a comment or header takes the rest of the line. */
static enum gy_err line(struct reader *r, bool *stop)
{
	struct gy__scan ln = r->ln;
	while (gy__scan_more(&ln) && !*stop) {
		gy__scan_skip_set(&ln, " \t");
		if (!gy__scan_more(&ln))
			break;
		size_t i = ln.i;
		char c = r->s[i];
		if (c != '\'' && c != '$' && c != 'N')
			gy__scan_until_byte(&ln, ',');
		else
			ln.i = ln.len;
		if (ln.i > i) {
			enum gy_err err = statement(r, i, ln.i, stop);
			if (err)
				return err;
		}
		gy__scan_skip(&ln, 1);
	}
	return GY_OK;
}

static enum gy_err read_game(struct reader *r)
{
	struct gy__scan text = gy__scan_make(r->s, r->len);
	gy__scan_accept(&text, GY__SCAN_BOM);
	bool stop = false;
	int lines = 0;
	while (gy__scan_more(&text) && !stop) {
		r->ln = gy__scan_line(&text);
		lines++;
		struct gy__scan nul = r->ln;
		if (gy__scan_until_byte(&nul, '\0'))
			return fail(r, nul.i, GY_ERR_CSA_SYNTAX);
		enum gy_err err = line(r, &stop);
		if (err)
			return err;
	}
	/* Errors at the end of the game: the start of the line after its last. */
	r->ln = gy__scan_span(&text, text.i, text.i);
	r->ln.line = lines + 1;
	r->ln.line_start = text.i;
	if (!r->g)
		return fail(r, text.i, r->any ? GY_ERR_CSA_NO_SIDE : GY_ERR_CSA_EMPTY);
	if (r->pending)
		return pending_error(r);
	enum gy_err err = flush_comment(r);
	return err ? fail(r, text.i, err) : GY_OK;
}

/* Step 1: the end of the first game, after its line "/" or at `len`. */
static size_t game_end(const char *s, size_t len)
{
	struct gy__scan text = gy__scan_make(s, len);
	while (gy__scan_more(&text)) {
		struct gy__scan line = gy__scan_line(&text);
		gy__scan_trim_set(&line, " \t");
		if (gy__scan_rest_is(&line, "/"))
			return text.i;
	}
	return len;
}

/* Step 2: encodings. */

/*
 * The encoding the text names on a line 'CSA encoding=X or 'encoding=X,
 * copied to `name` (ENC_MAX + 1 bytes); "" when there is none.  Returns
 * false when the name is too long.
 */
static bool declared_encoding(const char *s, size_t len, char *name)
{
	name[0] = '\0';
	struct gy__scan text = gy__scan_make(s, len);
	while (gy__scan_more(&text)) {
		struct gy__scan line = gy__scan_line(&text);
		if (gy__scan_accept(&line, "'CSA encoding=") || gy__scan_accept(&line, "'encoding=")) {
			gy__scan_trim_set(&line, " \t");
			size_t n = line.len - line.i;
			if (n > ENC_MAX)
				return false;
			memcpy(name, s + line.i, n);
			name[n] = '\0';
			return true;
		}
	}
	return true;
}

/* Sets `where` to the line and column (in bytes) of byte `at` of the `len` bytes at `s`. */
static void place_at(const char *s, size_t len, size_t at, struct gy_srcpos *where)
{
	if (!where)
		return;
	struct gy__scan sc = gy__scan_at(s, len, at);
	*where = gy__scan_byte_pos_at(&sc, sc.i);
}

enum gy_err gy_csa_read(const char *text, size_t len, struct gy_game **out, size_t *consumed, struct gy_srcpos *where,
			int *bad_ply)
{
	if (where)
		where->line = where->col = 0;
	if (bad_ply)
		*bad_ply = 0;
	if (consumed)
		*consumed = 0;
	if (!out)
		return GY_ERR_ARG;
	*out = NULL;
	if (!text && len)
		return GY_ERR_ARG;
	size_t end = game_end(text, len);
	if (consumed)
		*consumed = end;

	/* Step 2: the declared encoding, else as gy_text_detect finds it (valid UTF-8, EUC-JP, else Shift_JIS). */
	char name[ENC_MAX + 1];
	enum gy_text_enc enc = GY_TEXT_AUTO;
	if (!declared_encoding(text, end, name) || (name[0] && !(enc = gy_text_enc_by_name(name, strlen(name))))) {
		place_at(text, end, 0, where);
		return GY_ERR_CSA_ENCODING;
	}
	char *decoded = NULL;
	size_t dlen = 0, bad = 0;
	enum gy_err err = gy_text_to_utf8_at(text, end, enc, &decoded, &dlen, NULL, &bad);
	if (err == GY_ERR_TEXT_ENCODING) {
		place_at(text, end, bad, where);
		return GY_ERR_CSA_ENCODING;
	}
	if (err)
		return err;

	/* Step 3. */
	struct reader *r = calloc(1, sizeof *r);
	if (!r) {
		free(decoded);
		return GY_ERR_NOMEM;
	}
	r->s = decoded;
	r->len = dlen;
	r->where = where;
	err = read_game(r);
	if (err && r->illegal) {
		if (bad_ply)
			*bad_ply = r->bad_ply;
		flush_comment(r);
		*out = r->g;
	} else if (err) {
		gy_game_destroy(r->g);
	} else {
		*out = r->g;
	}
	free(r->comment);
	free(r);
	free(decoded);
	return err;
}
