/*
 * lib/notation_read.c: move text read in every style gyoku/notation.h
 * names, forgivingly (USI, CSA and KIF forms too).
 *
 * Invariants: the text is read through a bounded scanner (scan.h), never
 * past `len`, and turned into constraints (struct want) that filter the
 * legal moves; relative words are checked with the words the writer uses
 * (notation_words.h), so every written text reads back as its move.
 */
#include <string.h>

#include "foul.h"
#include "gyoku/movegen.h"
#include "gyoku/notation.h"
#include "gyoku/usi.h"
#include "notation_words.h"
#include "scan.h"

enum { READ_MAX = 256 };

/* What the text says about the move; -1 / GY_SQ_NONE / 0 when it says nothing. */
struct want {
	int side;
	int nsq;
	gy_sq sq[2];
	bool sq_letter[2];
	bool csa_drop;   /* "00" origin */
	gy_sq paren;     /* origin in brackets */
	bool paren_late; /* the brackets follow the destination (KIF) */
	int piece;
	bool piece_after; /* CSA code: the piece after the move */
	bool drop;
	int promote; /* -1 unsaid, 0 no, 1 yes */
	unsigned words;
	bool same;  /* 同 */
	bool other; /* anything other than squares and '+' was seen */
};

/* A rank: a digit, a kanji numeral or a letter a-i; 0 when there is none. */
static int read_rank(struct gy__scan *t, bool *letter)
{
	int c = gy__scan_peek(t);
	*letter = false;
	if (c >= 'a' && c <= 'i') {
		gy__scan_skip(t, 1);
		*letter = true;
		return c - 'a' + 1;
	}
	for (int d = 1; d <= 9; d++)
		if (gy__scan_accept(t, gy__notation_rank_kanji(d)))
			return d;
	int d = gy__scan_digit(t, true);
	return d >= 1 ? d : 0;
}

/* A file digit and a rank; false (cursor where it failed) when malformed. */
static bool read_square(struct gy__scan *t, gy_sq *sq, bool *letter)
{
	int file = gy__scan_digit(t, true);
	if (file < 1)
		return false;
	int rank = read_rank(t, letter);
	if (!rank)
		return false;
	*sq = gy_make_sq(file, rank);
	return true;
}

/* A piece name; 0 when none.  Sets *after for a CSA code. */
static int read_piece(struct gy__scan *t, bool *after)
{
	static const struct {
		const char *text;
		int pt;
		bool after;
	} names[] = {
		{"成香", GY_PRO_LANCE, false}, {"成桂", GY_PRO_KNIGHT, false}, {"成銀", GY_PRO_SILVER, false},
		{"歩", GY_PAWN, false},        {"香", GY_LANCE, false},        {"桂", GY_KNIGHT, false},
		{"銀", GY_SILVER, false},      {"金", GY_GOLD, false},         {"角", GY_BISHOP, false},
		{"飛", GY_ROOK, false},        {"玉", GY_KING, false},         {"王", GY_KING, false},
		{"と", GY_PRO_PAWN, false},    {"杏", GY_PRO_LANCE, false},    {"圭", GY_PRO_KNIGHT, false},
		{"全", GY_PRO_SILVER, false},  {"馬", GY_HORSE, false},        {"龍", GY_DRAGON, false},
		{"竜", GY_DRAGON, false},      {"FU", GY_PAWN, true},          {"KY", GY_LANCE, true},
		{"KE", GY_KNIGHT, true},       {"GI", GY_SILVER, true},        {"KI", GY_GOLD, true},
		{"KA", GY_BISHOP, true},       {"HI", GY_ROOK, true},          {"OU", GY_KING, true},
		{"TO", GY_PRO_PAWN, true},     {"NY", GY_PRO_LANCE, true},     {"NK", GY_PRO_KNIGHT, true},
		{"NG", GY_PRO_SILVER, true},   {"UM", GY_HORSE, true},         {"RY", GY_DRAGON, true},
		{"+P", GY_PRO_PAWN, false},    {"+L", GY_PRO_LANCE, false},    {"+N", GY_PRO_KNIGHT, false},
		{"+S", GY_PRO_SILVER, false},  {"+B", GY_HORSE, false},        {"+R", GY_DRAGON, false},
		{"P", GY_PAWN, false},         {"L", GY_LANCE, false},         {"N", GY_KNIGHT, false},
		{"S", GY_SILVER, false},       {"G", GY_GOLD, false},          {"B", GY_BISHOP, false},
		{"R", GY_ROOK, false},         {"K", GY_KING, false},          {"T", GY_PRO_PAWN, false},
		{"H", GY_HORSE, false},        {"D", GY_DRAGON, false},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (gy__scan_accept(t, names[i].text)) {
			*after = names[i].after;
			return names[i].pt;
		}
	return 0;
}

/*
 * Parses the text into `w`.  Returns GY_OK or GY_ERR_NOTATION_SYNTAX with
 * `*bad` the byte offset of the offending character.
 */
static enum gy_err parse_text(struct gy__scan *t, struct want *w, size_t *bad)
{
	memset(w, 0, sizeof *w);
	w->side = -1;
	w->paren = GY_SQ_NONE;
	w->promote = -1;
	gy__scan_skip_blanks(t);
	/* Step 1. An optional side mark. */
	bool digit_next = gy__scan_is_digit(gy__scan_peek_at(t, 1));
	if (gy__scan_accept(t, "☗") || gy__scan_accept(t, "▲") || gy__scan_accept(t, "▼") ||
	    (digit_next && gy__scan_accept(t, "+")))
		w->side = GY_BLACK;
	else if (gy__scan_accept(t, "☖") || gy__scan_accept(t, "△") || gy__scan_accept(t, "▽") ||
		 (digit_next && gy__scan_accept(t, "-")))
		w->side = GY_WHITE;
	/* Step 2. The parts, in any order the styles use. */
	for (;;) {
		gy__scan_skip_blanks(t);
		size_t at = t->i;
		if (!gy__scan_more(t))
			break;
		int c = gy__scan_peek(t);
		bool dummy;
		if (c == '0' && gy__scan_peek_at(t, 1) == '0' && w->nsq == 0) {
			gy__scan_skip(t, 2);
			w->csa_drop = w->drop = true;
			w->sq[w->nsq++] = GY_SQ_NONE;
			continue;
		}
		if ((c >= '1' && c <= '9') || (c == 0xEF && gy__scan_peek_at(t, 1) == 0xBC &&
					       gy__scan_peek_at(t, 2) >= 0x90 && gy__scan_peek_at(t, 2) <= 0x99)) {
			gy_sq sq;
			bool letter;
			if (w->nsq == 2 || w->same || !read_square(t, &sq, &letter)) {
				*bad = w->nsq == 2 || w->same ? at : t->i;
				return GY_ERR_NOTATION_SYNTAX;
			}
			w->sq_letter[w->nsq] = letter;
			w->sq[w->nsq++] = sq;
			continue;
		}
		if (gy__scan_accept(t, "(") || gy__scan_accept(t, "（")) {
			gy_sq sq;
			if (w->paren != GY_SQ_NONE || !read_square(t, &sq, &dummy) ||
			    !(gy__scan_accept(t, ")") || gy__scan_accept(t, "）"))) {
				*bad = w->paren != GY_SQ_NONE ? at : t->i;
				return GY_ERR_NOTATION_SYNTAX;
			}
			w->paren = sq;
			w->paren_late = w->nsq > 0 || w->same;
			w->other = true;
			continue;
		}
		if (gy__scan_accept(t, "同")) {
			if (w->same || w->nsq) {
				*bad = at;
				return GY_ERR_NOTATION_SYNTAX;
			}
			w->same = w->other = true;
			continue;
		}
		/* 成 before 香桂銀 names a promoted piece unless a piece was named. */
		bool promote_word = w->piece && gy__scan_looking_at(t, "成");
		bool after = false;
		int pt = promote_word ? 0 : read_piece(t, &after);
		if (pt) {
			if (w->piece) {
				*bad = at;
				return GY_ERR_NOTATION_SYNTAX;
			}
			w->piece = pt;
			w->piece_after = after;
			w->other = true;
			continue;
		}
		int promote = -1;
		unsigned word = 0;
		if (gy__scan_accept(t, "不成") || gy__scan_accept(t, "生") || gy__scan_accept(t, "="))
			promote = 0;
		else if (gy__scan_accept(t, "成") || gy__scan_accept(t, "+"))
			promote = 1;
		else if (gy__scan_accept(t, "左"))
			word = GY__WORD_LEFT;
		else if (gy__scan_accept(t, "右"))
			word = GY__WORD_RIGHT;
		else if (gy__scan_accept(t, "直"))
			word = GY__WORD_STRAIGHT;
		else if (gy__scan_accept(t, "上") || gy__scan_accept(t, "行") || gy__scan_accept(t, "入"))
			word = GY__WORD_UP;
		else if (gy__scan_accept(t, "引"))
			word = GY__WORD_BACK;
		else if (gy__scan_accept(t, "寄"))
			word = GY__WORD_SIDE;
		else if (gy__scan_accept(t, "打") || gy__scan_accept(t, "*") || gy__scan_accept(t, "'") ||
			 gy__scan_accept(t, "＊")) {
			w->drop = w->other = true;
			continue;
		} else if (gy__scan_accept(t, "-") || gy__scan_accept(t, "x") || gy__scan_accept(t, "×") ||
			   gy__scan_accept(t, "－")) {
			w->other = true;
			continue;
		} else {
			*bad = at;
			return GY_ERR_NOTATION_SYNTAX;
		}
		if (promote >= 0) {
			if (w->promote >= 0) {
				*bad = at;
				return GY_ERR_NOTATION_SYNTAX;
			}
			w->promote = promote;
			w->other = w->other || c != '+';
		} else {
			w->words |= word;
			w->other = true;
		}
	}
	if (w->nsq == 0 && !w->same) {
		*bad = t->len;
		return GY_ERR_NOTATION_SYNTAX;
	}
	if ((w->nsq == 2 && w->paren != GY_SQ_NONE) || (w->nsq == 1 && w->sq[0] == GY_SQ_NONE)) {
		*bad = t->len;
		return GY_ERR_NOTATION_SYNTAX;
	}
	return GY_OK;
}

/* True when the legal move `m` fits everything `w` says except the drop preference. */
static bool fits(const struct gy_pos *p, const struct gy_movelist *legal, const struct want *w, gy_sq origin,
		 gy_sq dest, gy_move m)
{
	if (gy_move_to(m) != dest)
		return false;
	bool drop = gy_move_is_drop(m);
	if (origin != GY_SQ_NONE && (drop || gy_move_from(m) != origin))
		return false;
	if (w->drop && !drop)
		return false;
	if (w->piece && (w->piece_after ? gy_move_after(m) : gy_move_moved(m)) != w->piece)
		return false;
	if (w->promote >= 0 && gy_move_is_promotion(m) != (w->promote == 1))
		return false;
	if (w->words) {
		if (drop)
			return false;
		struct gy__rivals r;
		gy__notation_rivals(legal, gy_move_moved(m), dest, &r);
		unsigned have = gy__notation_words(p->side, gy_move_moved(m), &r, gy_move_from(m), dest);
		if ((have & w->words) != w->words)
			return false;
	}
	return true;
}

/* Why no legal move fits: the rule the named move breaks, when it is named. */
static enum gy_err no_match(const struct gy_pos *p, const struct want *w, gy_sq origin, gy_sq dest)
{
	gy_move m;
	enum gy_err err;
	if (origin != GY_SQ_NONE) {
		err = gy_move_build(p, origin, dest, w->promote == 1, &m);
		if (err == GY_ERR_MOVE_MUST_PROMOTE && w->promote < 0)
			err = gy_move_build(p, origin, dest, true, &m);
		return err ? err : GY_ERR_NOTATION_NO_MATCH;
	}
	if (w->drop && w->piece >= GY_PAWN && w->piece <= GY_GOLD) {
		err = gy_move_build_drop(p, w->piece, dest, &m);
		return err ? err : GY_ERR_NOTATION_NO_MATCH;
	}
	return GY_ERR_NOTATION_NO_MATCH;
}

/*
 * The moves to `dest` with the shape of a foul (foul.h) whose piece
 * reaches `dest` or stands on `origin` (the origin the text names, or
 * GY_SQ_NONE): board moves, promoting too where the zone allows, and
 * drops.
 */
static void foul_moves(const struct gy_pos *p, gy_sq origin, gy_sq dest, struct gy_movelist *list)
{
	int us = p->side;
	gy_move m;
	list->n = 0;
	if (dest < 0 || dest >= GY_SQ_NB)
		return;
	for (gy_sq from = 0; from < GY_SQ_NB; from++) {
		gy_piece pc = p->board[from];
		if (pc == GY_NO_PIECE || gy_piece_color(pc) != us)
			continue;
		int pt = gy_piece_type(pc);
		if (from != origin && !gy_bb_test(gy_attacks(us, pt, from, gy_pos_occupied(p)), dest))
			continue;
		if (!gy__foul_move(p, from, dest, false, &m))
			list->moves[list->n++] = m;
		if ((gy_in_zone(us, from) || gy_in_zone(us, dest)) && !gy__foul_move(p, from, dest, true, &m))
			list->moves[list->n++] = m;
	}
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		if (!gy__foul_drop(p, pt, dest, &m))
			list->moves[list->n++] = m;
}

/* gy_notation_read among the legal moves, or (`foul`) among the moves foul_moves gives. */
static enum gy_err read_move(const struct gy_pos *p, gy_sq prev_to, const char *s, size_t len, bool foul, gy_move *out,
			     struct gy_srcpos *where)
{
	struct gy_srcpos dummy;
	if (!where)
		where = &dummy;
	where->line = 1;
	where->col = 0;
	*out = GY_MOVE_NONE;
	if (len > READ_MAX) {
		where->col = READ_MAX + 1;
		return GY_ERR_TOO_LONG;
	}
	/* Step 1. The constraints. */
	struct gy__scan t = gy__scan_make(s, len);
	struct want w;
	size_t bad = 0;
	enum gy_err err = parse_text(&t, &w, &bad);
	if (err) {
		where->col = gy__scan_pos_at(&t, bad).col;
		return err;
	}
	where->col = 1;
	if (w.side >= 0 && w.side != p->side)
		return GY_ERR_NOTATION_SIDE;
	gy_sq dest, origin = GY_SQ_NONE;
	if (w.same) {
		if (prev_to < 0 || prev_to >= GY_SQ_NB)
			return GY_ERR_NOTATION_NO_PREVIOUS;
		dest = prev_to;
		origin = w.paren;
	} else if (w.nsq == 2) {
		origin = w.sq[0];
		dest = w.sq[1];
	} else {
		dest = w.sq[0];
		origin = w.paren;
	}
	/* USI and KIF leave a declined promotion unsaid. */
	bool usi = w.nsq == 2 && w.sq_letter[0] && w.sq_letter[1] && !w.other;
	if (w.promote < 0 && (usi || (w.paren != GY_SQ_NONE && w.paren_late)))
		w.promote = 0;

	/* Step 2. The legal moves that fit. */
	struct gy_movelist legal, fit;
	legal.n = fit.n = 0;
	if (foul)
		foul_moves(p, origin, dest, &legal);
	else
		gy_gen(p, GY_GEN_LEGAL, &legal);
	bool board = false;
	for (int i = 0; i < legal.n; i++)
		if (fits(p, &legal, &w, origin, dest, legal.moves[i])) {
			fit.moves[fit.n++] = legal.moves[i];
			board = board || !gy_move_is_drop(legal.moves[i]);
		}
	int n = 0;
	for (int i = 0; i < fit.n; i++)
		if (!board || !gy_move_is_drop(fit.moves[i]))
			fit.moves[n++] = fit.moves[i];
	fit.n = n;

	/* Step 3. One move, or why not. */
	if (fit.n == 0)
		return foul ? GY_ERR_NOTATION_NO_MATCH : no_match(p, &w, origin, dest);
	for (int i = 1; i < fit.n; i++)
		if ((fit.moves[i] | GY_MOVE_PROMOTE) != (fit.moves[0] | GY_MOVE_PROMOTE))
			return GY_ERR_NOTATION_AMBIGUOUS;
	if (fit.n > 1)
		return GY_ERR_NOTATION_PROMOTION_UNSPECIFIED;
	*out = fit.moves[0];
	where->col = 0;
	return GY_OK;
}

enum gy_err gy_notation_read(const struct gy_pos *p, gy_sq prev_to, const char *s, size_t len, gy_move *out,
			     struct gy_srcpos *where)
{
	return read_move(p, prev_to, s, len, false, out, where);
}

enum gy_err gy__notation_read_foul(const struct gy_pos *p, gy_sq prev_to, const char *s, size_t len, gy_move *out)
{
	return read_move(p, prev_to, s, len, true, out, NULL);
}
