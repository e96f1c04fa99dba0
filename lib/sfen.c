/*
 * lib/sfen.c: SFEN positions, read (strict, tsume and problem modes) and written.
 * A position is exactly what its text says: no mode adds a piece.
 *
 * The reader checks as it goes, so that each error names the character
 * that causes it: first the syntax, then the piece counts, kings, dead
 * pieces and nifu in reading order, then (after the whole text) the
 * missing king and the side not to move being in check.
 */
#include <string.h>

#include "gyoku/usi.h"

/* How many pieces of each hand type (and kings) a set has. */
static const int set_count[GY_KING + 1] = {0, 18, 4, 4, 4, 2, 2, 4, 2};
static const char letters[GY_KING + 1] = {0, 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K'};

struct reader {
	const char *s;
	size_t len, i;
	int total[GY_KING + 1]; /* pieces met so far, by unpromoted type, both colours */
	int kings[GY_COLOR_NB];
	struct gy_srcpos *where;
	enum gy_sfen_mode mode;
};

static enum gy_err fail_at(struct reader *r, size_t i, enum gy_err err)
{
	if (r->where) {
		r->where->line = 1;
		r->where->col = (int)i + 1;
	}
	return err;
}

/* The piece type of an upper-case letter, or 0. */
static int letter_type(char c)
{
	for (int pt = GY_PAWN; pt <= GY_KING; pt++)
		if (c == letters[pt])
			return pt;
	return 0;
}

static bool at(const struct reader *r, char c) { return r->i < r->len && r->s[r->i] == c; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Counts `n` pieces of base type `pt` against the set; errors at column `col`. */
static enum gy_err count_pieces(struct reader *r, int pt, int n, size_t col)
{
	r->total[pt] += n;
	return r->total[pt] > set_count[pt] ? fail_at(r, col, GY_ERR_TOO_MANY_PIECES) : GY_OK;
}

/* Places one piece read at column `col`, checking the rules a setup must obey. */
static enum gy_err place(struct reader *r, struct gy_pos *p, int color, int pt, bool promoted, gy_sq sq, size_t col)
{
	/* A side's second king is named as such, before it counts as a third king of the set. */
	if (pt == GY_KING && ++r->kings[color] > 1)
		return fail_at(r, col, GY_ERR_TWO_KINGS);
	enum gy_err err = count_pieces(r, pt, 1, col);
	if (err)
		return err;
	if (!promoted && pt < GY_HAND_NB && r->mode != GY_SFEN_PROBLEM && !gy_bb_test(gy_bbt.movable[color][pt], sq))
		return fail_at(r, col, GY_ERR_DEAD_PIECE);
	if (!promoted && pt == GY_PAWN && r->mode != GY_SFEN_PROBLEM &&
	    (gy_pos_pieces(p, color, GY_PAWN) & gy_bbt.file[gy_file_of(sq)]))
		return fail_at(r, col, GY_ERR_NIFU);
	gy_pos_put(p, gy_make_piece(color, promoted ? pt | GY_PROMOTED : pt), sq);
	return GY_OK;
}

static enum gy_err parse_board(struct reader *r, struct gy_pos *p)
{
	int rank = 1, filled = 0;
	for (;;) {
		if (r->i >= r->len || r->s[r->i] == ' ') {
			if (filled < 9)
				return fail_at(r, r->i, GY_ERR_SFEN_RANK_SHORT);
			return rank == 9 ? GY_OK : fail_at(r, r->i, GY_ERR_SFEN_RANKS);
		}
		size_t col = r->i;
		char c = r->s[r->i++];
		if (c == '/') {
			if (filled < 9)
				return fail_at(r, col, GY_ERR_SFEN_RANK_SHORT);
			if (++rank > 9)
				return fail_at(r, col, GY_ERR_SFEN_RANKS);
			filled = 0;
			continue;
		}
		if (c >= '1' && c <= '9') {
			filled += c - '0';
			if (filled > 9)
				return fail_at(r, col, GY_ERR_SFEN_RANK_LONG);
			continue;
		}
		bool promoted = c == '+';
		if (promoted) {
			if (r->i >= r->len)
				return fail_at(r, r->i, GY_ERR_SFEN_SYNTAX);
			c = r->s[r->i++];
		}
		int color = c >= 'a' && c <= 'z' ? GY_WHITE : GY_BLACK;
		int pt = letter_type(color == GY_WHITE ? (char)(c - 'a' + 'A') : c);
		if (!pt)
			return fail_at(r, r->i - 1, GY_ERR_SFEN_PIECE);
		if (promoted && !gy_ptype_can_promote(pt))
			return fail_at(r, r->i - 1, GY_ERR_SFEN_PROMOTE);
		if (filled >= 9)
			return fail_at(r, col, GY_ERR_SFEN_RANK_LONG);
		enum gy_err err = place(r, p, color, pt, promoted, gy_make_sq(9 - filled, rank), r->i - 1);
		if (err)
			return err;
		filled++;
	}
}

static enum gy_err parse_hands(struct reader *r, struct gy_pos *p)
{
	if (at(r, '-')) {
		r->i++;
		return GY_OK;
	}
	if (r->i >= r->len || r->s[r->i] == ' ')
		return fail_at(r, r->i, GY_ERR_SFEN_HAND);
	while (r->i < r->len && r->s[r->i] != ' ') {
		size_t col = r->i;
		int n = 1;
		if (is_digit(r->s[r->i])) {
			n = 0;
			while (r->i < r->len && is_digit(r->s[r->i]) && n <= 18)
				n = n * 10 + (r->s[r->i++] - '0');
			if (n < 1 || n > 18)
				return fail_at(r, col, GY_ERR_SFEN_HAND_COUNT);
			if (r->i >= r->len || r->s[r->i] == ' ')
				return fail_at(r, r->i, GY_ERR_SFEN_HAND);
		}
		char c = r->s[r->i];
		int color = c >= 'a' && c <= 'z' ? GY_WHITE : GY_BLACK;
		int pt = letter_type(color == GY_WHITE ? (char)(c - 'a' + 'A') : c);
		if (!pt && c != '+')
			return fail_at(r, r->i, GY_ERR_SFEN_PIECE);
		if (!pt || pt == GY_KING)
			return fail_at(r, r->i, GY_ERR_SFEN_HAND);
		if (n > set_count[pt])
			return fail_at(r, col, GY_ERR_SFEN_HAND_COUNT);
		enum gy_err err = count_pieces(r, pt, n, r->i);
		if (err)
			return err;
		gy_pos_set_hand(p, color, pt, gy_hand_count(p->hand[color], pt) + n);
		r->i++;
	}
	return GY_OK;
}

static enum gy_err parse_movenum(struct reader *r, struct gy_pos *p)
{
	size_t col = r->i;
	long n = 0;
	while (r->i < r->len && is_digit(r->s[r->i])) {
		n = n * 10 + (r->s[r->i++] - '0');
		if (n > 1000000)
			return fail_at(r, col, GY_ERR_SFEN_MOVENUM);
	}
	if (r->i == col || n < 1 || (r->i < r->len && r->s[r->i] != ' '))
		return fail_at(r, r->i < r->len && r->i != col ? r->i : col, GY_ERR_SFEN_MOVENUM);
	p->movenum = (int)n;
	return GY_OK;
}

/* Skips one or more spaces; false when there are none. */
static bool skip_spaces(struct reader *r)
{
	size_t start = r->i;
	while (at(r, ' '))
		r->i++;
	return r->i > start;
}

static enum gy_err parse(struct reader *r, struct gy_pos *p)
{
	enum gy_err err = parse_board(r, p);
	if (err)
		return err;
	if (!skip_spaces(r) || !(at(r, 'b') || at(r, 'w')))
		return fail_at(r, r->i, GY_ERR_SFEN_SIDE);
	size_t side_col = r->i;
	p->side = r->s[r->i++] == 'b' ? GY_BLACK : GY_WHITE;
	if (r->i < r->len && r->s[r->i] != ' ')
		return fail_at(r, r->i, GY_ERR_SFEN_SIDE);
	if (!skip_spaces(r))
		return fail_at(r, r->i, GY_ERR_SFEN_HAND);
	err = parse_hands(r, p);
	if (err)
		return err;
	if (skip_spaces(r) && r->i < r->len) {
		err = parse_movenum(r, p);
		if (err)
			return err;
	}
	while (r->i < r->len && (r->s[r->i] == ' ' || r->s[r->i] == '\n' || r->s[r->i] == '\r'))
		r->i++;
	if (r->i < r->len)
		return fail_at(r, r->i, GY_ERR_SFEN_TRAILING);
	int missing = (r->kings[GY_BLACK] == 0) + (r->kings[GY_WHITE] == 0);
	if (missing == 2 || (missing == 1 && r->mode == GY_SFEN_STRICT))
		return fail_at(r, 0, GY_ERR_NO_KING);
	gy_pos_update(p);
	if (gy_pos_attacked(p, p->king[p->side ^ 1], p->side))
		return fail_at(r, side_col, GY_ERR_OPPONENT_IN_CHECK);
	return GY_OK;
}

enum gy_err gy_sfen_parse(struct gy_pos *p, const char *s, size_t len, enum gy_sfen_mode mode, struct gy_srcpos *where)
{
	struct reader r;
	memset(&r, 0, sizeof r);
	r.s = s;
	r.len = len;
	r.where = where;
	r.mode = mode;
	gy_pos_clear(p);
	enum gy_err err = s ? parse(&r, p) : GY_ERR_ARG;
	if (err)
		gy_pos_clear(p);
	return err;
}

size_t gy_sfen_write(const struct gy_pos *p, char *buf, size_t size)
{
	static const int hand_order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
	char out[GY_SFEN_MAX];
	size_t n = 0;
	for (int rank = 1; rank <= 9; rank++) {
		int empty = 0;
		for (int file = 9; file >= 1; file--) {
			gy_piece pc = p->board[gy_make_sq(file, rank)];
			if (pc == GY_NO_PIECE) {
				empty++;
				continue;
			}
			if (empty)
				out[n++] = (char)('0' + empty);
			empty = 0;
			int pt = gy_piece_type(pc);
			if (pt > GY_KING)
				out[n++] = '+';
			char c = letters[gy_ptype_demote(pt)];
			out[n++] = gy_piece_color(pc) == GY_WHITE ? (char)(c - 'A' + 'a') : c;
		}
		if (empty)
			out[n++] = (char)('0' + empty);
		if (rank < 9)
			out[n++] = '/';
	}
	out[n++] = ' ';
	out[n++] = p->side == GY_BLACK ? 'b' : 'w';
	out[n++] = ' ';
	size_t hand_start = n;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		for (int i = 0; i < 7; i++) {
			int k = gy_hand_count(p->hand[c], hand_order[i]);
			if (!k)
				continue;
			if (k >= 10)
				out[n++] = (char)('0' + k / 10);
			if (k > 1)
				out[n++] = (char)('0' + k % 10);
			char l = letters[hand_order[i]];
			out[n++] = c == GY_WHITE ? (char)(l - 'A' + 'a') : l;
		}
	}
	if (n == hand_start)
		out[n++] = '-';
	out[n++] = ' ';
	char digits[12];
	int nd = 0;
	for (unsigned v = (unsigned)(p->movenum > 0 ? p->movenum : 1); v; v /= 10)
		digits[nd++] = (char)('0' + v % 10);
	while (nd)
		out[n++] = digits[--nd];
	if (size) {
		size_t k = n < size - 1 ? n : size - 1;
		memcpy(buf, out, k);
		buf[k] = '\0';
	}
	return n;
}
