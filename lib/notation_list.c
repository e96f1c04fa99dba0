/*
 * lib/notation_list.c: whole move lists in the styles of gyoku/notation.h,
 * read into a game and written from one: the text split into move numbers
 * and moves, each move read by gy_notation_read (notation_read.c) and
 * written by gy_notation_write (notation_write.c).
 *
 * Invariants:
 * - The text is decoded to UTF-8 once (textenc.h) and then read line by
 *   line through bounded scanners (scan.h): no byte past a line's end is
 *   read, and every error names a line and a column of the text.
 * - A word is never empty: it starts at a byte that is not blank and ends
 *   at a blank, at a side mark that follows its first character, or at
 *   the end of its line; so each step of the reader consumes at least one
 *   byte and the reading ends.
 * - The game holds exactly the moves read, in order: a move is added to it
 *   only once it has been read as a legal move of the position reached.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "gyoku/notation.h"
#include "gyoku/textenc.h"
#include "scan.h"
#include "textpos.h"

/*
 * The ways of numbering a list (notation.h): per ply or in pairs, counted
 * from the list's first move or on from the start position's move number.
 * A reader keeps the set of those that every number so far fits.
 */
enum {
	SCHEME_PLY = 1,        /* N is the ply in the list: 1 2 3 4 ... */
	SCHEME_PLY_GAME = 2,   /* N is the ply counted on from the start's move number */
	SCHEME_PAIR = 4,       /* pairs from the first move: (1 2) (3 4) ... are 1 2 ... */
	SCHEME_PAIR_LATE = 8,  /* the first move alone as pair 1: (1) (2 3) (4 5) ... */
	SCHEME_PAIR_GAME = 16, /* pairs of the plies counted on from the start's move number */
	SCHEME_ALL = SCHEME_PLY | SCHEME_PLY_GAME | SCHEME_PAIR | SCHEME_PAIR_LATE | SCHEME_PAIR_GAME
};

/* The longest move number read, in digits. */
enum { NUMBER_DIGITS = 9 };

/* The side marks that start a move, and may be glued to the move before it. */
static const char *const marks[] = {"☗", "☖", "▲", "△", "▼", "▽"};

struct reader {
	struct gy_game *g;
	int node; /* the last node of the main line */
	struct gy_pos pos;
	gy_sq prev;      /* the previous move's destination, for 同 */
	int ply;         /* the moves read */
	int64_t offset;  /* the start's move number less one */
	unsigned scheme; /* the numbering schemes every number so far fits */
	int numbered;    /* the ply of the last move with a number before it; 0 before the first */
	/* A number read, not yet checked against the move after it. */
	bool pending;
	int64_t number;
	bool white; /* written with two dots or more: a White move follows */
	struct gy_srcpos number_at;
	/* Where the error is, and its ply (0: not at a word of the list). */
	struct gy_srcpos where;
	int bad_ply;
};

/* True when the cursor is at a blank of the list: a space, a tab or a full-width space. */
static bool at_blank(const struct gy__scan *sc)
{
	int c = gy__scan_peek(sc);
	return c == ' ' || c == '\t' || gy__scan_looking_at(sc, GY__SCAN_WIDE_SPACE);
}

/* Consumes a side mark at the cursor; true when there was one. */
static bool accept_mark(struct gy__scan *sc)
{
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (gy__scan_accept(sc, marks[i]))
			return true;
	return false;
}

static bool at_mark(const struct gy__scan *sc)
{
	struct gy__scan probe = *sc;
	return accept_mark(&probe);
}

/* Moves the cursor (not blank) to the end of its word: a blank, a side mark after the first character, the end. */
static void skip_word(struct gy__scan *sc)
{
	size_t a = sc->i;
	while (gy__scan_more(sc) && !at_blank(sc) && !(sc->i > a && at_mark(sc)))
		gy__scan_skip_chars(sc, 1);
}

/* The dots after a move number ('.', '．', and '…' as three); consumed. */
static int accept_dots(struct gy__scan *sc)
{
	int n = 0;
	for (;;) {
		if (gy__scan_accept(sc, ".") || gy__scan_accept(sc, "．"))
			n++;
		else if (gy__scan_accept(sc, "…"))
			n += 3;
		else
			return n;
	}
}

/*
 * True when the move text in `w` is not whole yet: a side mark alone, or
 * 同 alone after an optional mark (its piece comes in the next word).
 */
static bool incomplete(struct gy__scan w)
{
	accept_mark(&w);
	gy__scan_skip_blanks(&w);
	if (gy__scan_accept(&w, "同"))
		gy__scan_skip_blanks(&w);
	else if (gy__scan_more(&w))
		return false;
	return !gy__scan_more(&w);
}

/* Records an error at byte `at` of the line `ln` (column `extra` characters on), at the ply of the next move. */
static enum gy_err fail(struct reader *r, const struct gy__scan *ln, size_t at, int extra, enum gy_err err)
{
	r->where = gy__scan_pos_at(ln, at);
	r->where.col = r->where.col <= INT_MAX - extra ? r->where.col + extra : INT_MAX;
	r->bad_ply = r->ply + 1;
	return err;
}

/* A number with no move after it: the error at that number. */
static enum gy_err fail_number(struct reader *r)
{
	r->where = r->number_at;
	r->bad_ply = r->ply + 1;
	return GY_ERR_NOTATION_MOVE_NUMBER;
}

/* The number of the move at list ply `ply` in the numbering scheme `scheme` (one bit of the enum above). */
static int64_t unit(const struct reader *r, unsigned scheme, int64_t ply)
{
	switch (scheme) {
	case SCHEME_PLY: return ply;
	case SCHEME_PLY_GAME: return ply + r->offset;
	case SCHEME_PAIR: return (ply + 1) / 2;
	case SCHEME_PAIR_LATE: return (ply + 2) / 2;
	default: return (ply + r->offset + 1) / 2;
	}
}

/*
 * Checks the pending number against the move about to be read (notation.h):
 * it must be that move's number in a scheme that every number so far
 * fits, and the moves since the last number must all have had that
 * number's.  False when no scheme is left.
 */
static bool number_fits(struct reader *r)
{
	int64_t p = r->ply + 1;
	unsigned fit = 0;
	for (unsigned s = 1; s <= SCHEME_PAIR_GAME; s <<= 1)
		if ((r->scheme & s) && r->number == unit(r, s, p) &&
		    (!r->numbered || unit(r, s, p - 1) == unit(r, s, r->numbered)))
			fit |= s;
	if (r->white && r->pos.side != GY_WHITE)
		fit = 0;
	if (!fit)
		return false;
	r->scheme = fit;
	r->pending = false;
	r->numbered = p;
	return true;
}

/* Reads the move text of bytes [a, b) of the line `ln` and plays it. */
static enum gy_err read_move(struct reader *r, const struct gy__scan *ln, size_t a, size_t b)
{
	if (r->pending && !number_fits(r))
		return fail_number(r);
	gy_move m = GY_MOVE_NONE;
	struct gy_srcpos in = {0, 0};
	enum gy_err err = gy_notation_read(&r->pos, r->prev, ln->s + a, b - a, &m, &in);
	if (err)
		return fail(r, ln, a, err == GY_ERR_NOTATION_SYNTAX && in.col > 0 ? in.col - 1 : 0, err);
	err = gy_game_add(r->g, r->node, m, &r->node);
	if (err)
		return err == GY_ERR_NOMEM ? err : fail(r, ln, a, 0, err);
	struct gy_undo u;
	gy_pos_do(&r->pos, m, &u);
	r->prev = gy_move_to(m);
	r->ply++;
	return GY_OK;
}

/* Takes the move number `n` at byte `a` of the line `ln`, with `dots` after it, as the pending number. */
static enum gy_err read_number(struct reader *r, const struct gy__scan *ln, size_t a, int64_t n, int dots)
{
	if (r->pending)
		return fail_number(r);
	r->pending = true;
	r->number = n;
	r->white = dots >= 2;
	r->number_at = gy__scan_pos_at(ln, a);
	return GY_OK;
}

/* Reads the words of one line. */
static enum gy_err read_line(struct reader *r, struct gy__scan *ln)
{
	for (;;) {
		gy__scan_skip_blanks(ln);
		if (!gy__scan_more(ln))
			return GY_OK;
		size_t a = ln->i;
		skip_word(ln);
		struct gy__scan w = gy__scan_span(ln, a, ln->i);
		/* Step 1. A move number: digits, and dots or nothing after them (else digits start a move, "76歩"). */
		int64_t n = 0;
		int k = gy__scan_number(&w, NUMBER_DIGITS, true, &n);
		if (k != 0) {
			while (gy__scan_digit(&w, true) >= 0)
				; /* the digits past the longest number */
			int dots = accept_dots(&w);
			if (!gy__scan_more(&w) || dots > 0) {
				if (k < 0)
					return fail(r, ln, a, 0, GY_ERR_NOTATION_MOVE_NUMBER);
				enum gy_err err = read_number(r, ln, a, n, dots);
				if (err)
					return err;
				if (!gy__scan_more(&w))
					continue;
				a = w.i; /* a move glued to the number's dot: "1.P-7f" */
			}
		} else if (r->pending && !r->white && accept_dots(&w) > 0 && !gy__scan_more(&w)) {
			r->white = true; /* "1. ... P-3d": the first move of the pair left out */
			continue;
		}
		/* Step 2. A move: 同 or a mark alone takes the next word of the line with it. */
		while (incomplete(gy__scan_span(ln, a, ln->i))) {
			struct gy__scan next = *ln;
			gy__scan_skip_blanks(&next);
			if (!gy__scan_more(&next) || at_mark(&next))
				break;
			skip_word(&next);
			ln->i = next.i;
		}
		enum gy_err err = read_move(r, ln, a, ln->i);
		if (err)
			return err;
	}
}

/* Reads the decoded list. */
static enum gy_err read_text(struct reader *r, const char *text, size_t len)
{
	struct gy__scan sc = gy__scan_make(text, len);
	while (gy__scan_more(&sc)) {
		struct gy__scan ln = gy__scan_line(&sc);
		enum gy_err err = read_line(r, &ln);
		if (err)
			return err;
	}
	return r->pending ? fail_number(r) : GY_OK;
}

enum gy_err gy_notation_read_list(const char *text, size_t len, const struct gy_pos *start, struct gy_game **out,
				  struct gy_srcpos *where, int *bad_ply)
{
	if (where)
		*where = (struct gy_srcpos){0, 0};
	if (bad_ply)
		*bad_ply = 0;
	if (!out)
		return GY_ERR_ARG;
	*out = NULL;
	if (!text && len)
		return GY_ERR_ARG;
	if (!text)
		text = "";

	/* Step 1. The text as UTF-8, from the encoding it shows. */
	enum gy_text_enc enc = gy_text_detect(text, len, GY_TEXT_AUTO);
	char *utf8 = NULL;
	size_t ulen = 0, bad = 0;
	enum gy_err err = gy_text_to_utf8_at(text, len, enc, &utf8, &ulen, NULL, &bad);
	if (err) {
		if (err == GY_ERR_TEXT_ENCODING)
			gy__textpos_bad_byte(text, len, bad, enc, where);
		return err;
	}

	/* Step 2. The game, and the moves read into it. */
	struct reader r;
	memset(&r, 0, sizeof r);
	if (start)
		r.pos = *start;
	else
		gy_pos_set_start(&r.pos);
	r.prev = GY_SQ_NONE;
	r.offset = r.pos.movenum > 1 ? r.pos.movenum - 1 : 0;
	r.scheme = SCHEME_ALL;
	err = gy_game_create(&r.g, &r.pos);
	if (!err)
		err = read_text(&r, utf8, ulen);
	free(utf8);
	if (err && !r.bad_ply) {
		gy_game_destroy(r.g);
		return err;
	}
	if (err) {
		if (where)
			*where = r.where;
		if (bad_ply)
			*bad_ply = r.bad_ply;
	}
	*out = r.g;
	return err;
}

enum gy_err gy_notation_write_list(const struct gy_game *g, enum gy_notation style, char **out, size_t *len)
{
	if (len)
		*len = 0;
	if (!out)
		return GY_ERR_ARG;
	*out = NULL;
	if (!g || (unsigned)style >= GY_NOTATION_NB)
		return GY_ERR_ARG;
	struct gy__buf b = {NULL, 0, 0, false};
	gy__buf_put(&b, "", 0); /* the text of a game with no move */
	struct gy_pos pos = *gy_game_start(g);
	gy_sq prev = GY_SQ_NONE;
	for (int node = gy_game_first_child(g, 0); node >= 0; node = gy_game_first_child(g, node)) {
		char number[24], text[GY_NOTATION_MAX];
		gy_move m = gy_game_move(g, node);
		int n = snprintf(number, sizeof number, "%d. ", gy_game_ply(g, node));
		gy__buf_put(&b, number, n > 0 && (size_t)n < sizeof number ? (size_t)n : 0);
		size_t k = gy_notation_write(&pos, m, prev, style, true, text, sizeof text);
		gy__buf_put(&b, text, k < sizeof text ? k : strlen(text));
		gy__buf_put(&b, "\n", 1);
		struct gy_undo u;
		gy_pos_do(&pos, m, &u);
		prev = gy_move_to(m);
	}
	if (b.nomem) {
		free(b.s);
		return GY_ERR_NOMEM;
	}
	*out = b.s;
	if (len)
		*len = b.len;
	return GY_OK;
}
