/*
 * lib/jkf_read.c: reading JKF records (jkf.h) with jansson.
 *
 * Invariants: jansson owns the parsed tree, freed once at the end of
 * gy_jkf_read; every value is checked for its type before use, so a
 * hostile record can only give an error.  Forks recurse, bounded by
 * jansson's nesting limit.  The move lists are read in order: a main move
 * is added before its forks, so the main line stays the first child.
 * The reader keeps the path (keys and indices) of the value it reads, so
 * the first wrong value is named by its path and located in the text
 * (json_locate.h) before the tree is freed.
 */
#include <jansson.h>
#include <stdint.h>
#include <string.h>

#include "csa_names.h"
#include "foul.h"
#include "gyoku/handicap.h"
#include "gyoku/jkf.h"
#include "gyoku/usi.h"
#include "headers.h"
#include "json_locate.h"

/* Path steps kept; a deeper value (forks within forks) is located by its first steps. */
enum { PATH_STEPS = 48 };

/* The reading state: the game being built, where an illegal move was found, the path read. */
struct reader {
	struct gy_game *g;
	int bad_ply;
	int depth; /* steps to the value being read (may exceed PATH_STEPS) */
	struct json_step path[PATH_STEPS];
	int at_depth; /* -1 until something failed: then the steps to the wrong value */
	struct json_step at[PATH_STEPS];
};

/* Enters the member `key` (not NULL) or the element `index` of the value being read. */
static void push(struct reader *r, const char *key, size_t index)
{
	if (r->depth < PATH_STEPS)
		r->path[r->depth] = (struct json_step){key, index};
	r->depth++;
}

static void pop(struct reader *r) { r->depth--; }

/* Returns `err`; the first failure keeps the path to the wrong value (its member `key` when not NULL). */
static enum gy_err fail_at(struct reader *r, enum gy_err err, const char *key)
{
	if (err && r->at_depth < 0) {
		int n = r->depth < PATH_STEPS ? r->depth : PATH_STEPS;
		memcpy(r->at, r->path, (size_t)n * sizeof r->path[0]);
		if (key && n < PATH_STEPS)
			r->at[n++] = (struct json_step){key, 0};
		r->at_depth = n;
	}
	return err;
}

/* The piece type named `s` (also "GY" for the king), or 0. */
static int kind_of(const char *s)
{
	if (!strcmp(s, "GY"))
		return GY_KING;
	for (int pt = 1; pt < GY_PTYPE_NB; pt++)
		if (!strcmp(s, gy__csa_names[pt]))
			return pt;
	return 0;
}

/* A whole number in [lo, hi] from `v`, or -1. */
static long long int_in(const json_t *v, long long lo, long long hi)
{
	if (!json_is_integer(v))
		return -1;
	long long n = json_integer_value(v);
	return n >= lo && n <= hi ? n : -1;
}

/* A non-negative number (integer or real, at most 1e9) from `v`, or -1 (absent gives 0). */
static double amount(const json_t *v)
{
	if (!v || json_is_null(v))
		return 0;
	double d = json_number_value(v);
	if (!json_is_number(v) || !(d >= 0 && d <= 1e9))
		return -1;
	return d;
}

/* Step 1: the headers. */
static enum gy_err read_header(struct reader *r, const json_t *h)
{
	struct gy_game *g = r->g;
	if (!h || json_is_null(h))
		return GY_OK;
	if (!json_is_object(h))
		return fail_at(r, GY_ERR_JKF_HEADER, NULL);
	const char *key;
	const json_t *v;
	json_object_foreach((json_t *)h, key, v)
	{
		if (!json_is_string(v) || strlen(json_string_value(v)) != json_string_length(v))
			return fail_at(r, GY_ERR_JKF_HEADER, key);
		/* A CSA key becomes its canonical key (headers.h) unless the record also has that key. */
		const char *ck = gy__header_canonical(key);
		if (ck != key && (json_object_get(h, ck) || gy_game_header(g, ck)))
			ck = key;
		enum gy_err err = gy_game_set_header(g, ck, json_string_value(v));
		if (err)
			return fail_at(r, err, key);
	}
	return GY_OK;
}

/* Step 2: an OTHER start position from `data`. */
static enum gy_err read_data(struct gy_pos *p, const json_t *data)
{
	static const int hand_max[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
	const json_t *board = json_object_get(data, "board");
	const json_t *hands = json_object_get(data, "hands");
	long long side = int_in(json_object_get(data, "color"), 0, 1);
	if (!json_is_array(board) || json_array_size(board) != 9 || side < 0)
		return GY_ERR_JKF_INITIAL;
	gy_pos_clear(p);
	for (int x = 1; x <= 9; x++) {
		const json_t *col = json_array_get(board, (size_t)x - 1);
		if (!json_is_array(col) || json_array_size(col) != 9)
			return GY_ERR_JKF_INITIAL;
		for (int y = 1; y <= 9; y++) {
			const json_t *sq = json_array_get(col, (size_t)y - 1);
			if (!json_is_object(sq))
				return GY_ERR_JKF_INITIAL;
			const json_t *kind = json_object_get(sq, "kind");
			if (!kind && json_object_size(sq) == 0)
				continue;
			long long c = int_in(json_object_get(sq, "color"), 0, 1);
			int pt = json_is_string(kind) ? kind_of(json_string_value(kind)) : 0;
			if (c < 0 || pt == 0)
				return GY_ERR_JKF_INITIAL;
			gy_pos_put(p, gy_make_piece((int)c, pt), gy_make_sq(x, y));
		}
	}
	if (hands && !json_is_null(hands)) {
		if (!json_is_array(hands) || json_array_size(hands) != 2)
			return GY_ERR_JKF_INITIAL;
		for (int c = 0; c < 2; c++) {
			const json_t *hand = json_array_get(hands, (size_t)c);
			const char *key;
			const json_t *v;
			if (!json_is_object(hand))
				return GY_ERR_JKF_INITIAL;
			json_object_foreach((json_t *)hand, key, v)
			{
				int pt = kind_of(key);
				long long n = pt >= 1 && pt < GY_HAND_NB ? int_in(v, 0, hand_max[pt]) : -1;
				if (n < 0)
					return GY_ERR_JKF_INITIAL;
				gy_pos_set_hand(p, c, pt, (int)n);
			}
		}
	}
	p->side = (int)side;
	gy_pos_update(p);
	/* Checked as every reader checks a start diagram: through its SFEN, as a problem may be. */
	char sfen[GY_SFEN_MAX];
	size_t n = gy_sfen_write(p, sfen, sizeof sfen);
	return gy_sfen_parse(p, sfen, n, GY_SFEN_PROBLEM, NULL);
}

/* Step 2: the start position from "initial". */
static enum gy_err read_initial(struct reader *r, struct gy_pos *p, const json_t *init)
{
	gy_pos_set_start(p);
	if (!init || json_is_null(init))
		return GY_OK;
	const json_t *preset = json_object_get(init, "preset");
	if (!json_is_object(init) || !json_is_string(preset))
		return fail_at(r, GY_ERR_JKF_INITIAL, json_is_object(init) && preset ? "preset" : NULL);
	const char *name = json_string_value(preset);
	if (!strcmp(name, "OTHER")) {
		const json_t *data = json_object_get(init, "data");
		return fail_at(r, json_is_object(data) ? read_data(p, data) : GY_ERR_JKF_INITIAL, data ? "data" : NULL);
	}
	for (int i = 0; i < GY_HANDICAP_NB; i++) {
		const struct gy_handicap *h = gy_handicap_at(i);
		if (h->jkf && !strcmp(name, h->jkf))
			return fail_at(r, gy_sfen_parse(p, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL), "preset");
	}
	return fail_at(r, GY_ERR_JKF_INITIAL, "preset");
}

/* The comment lines of `c` (absent: nothing) set as `node`'s comment, or its ending's when `ending`. */
static enum gy_err read_comments(struct gy_game *g, int node, bool ending, const json_t *c)
{
	if (!c || json_is_null(c))
		return GY_OK;
	if (!json_is_array(c))
		return GY_ERR_JKF_MOVES;
	size_t total = 0, i;
	const json_t *line;
	json_array_foreach(c, i, line)
	{
		if (!json_is_string(line) || strlen(json_string_value(line)) != json_string_length(line))
			return GY_ERR_JKF_MOVES;
		total += json_string_length(line) + 1;
		if (total > (1u << 17))
			return GY_ERR_TOO_LONG;
	}
	if (total == 0)
		return GY_OK;
	char *text = malloc(total);
	if (!text)
		return GY_ERR_NOMEM;
	size_t at = 0;
	json_array_foreach(c, i, line)
	{
		size_t n = json_string_length(line);
		memcpy(text + at, json_string_value(line), n);
		at += n;
		text[at++] = '\n';
	}
	text[at - 1] = '\0';
	enum gy_err err = ending ? gy_game_set_ending_comment(g, node, text) : gy_game_set_comment(g, node, text);
	free(text);
	return err;
}

/* The time of the element (its "now") in `*ms` (-1 when absent). */
static enum gy_err read_time(const json_t *t, int64_t *ms)
{
	*ms = -1;
	if (!t || json_is_null(t))
		return GY_OK;
	const json_t *now = json_object_get(t, "now");
	const json_t *total = json_object_get(t, "total");
	if (!json_is_object(t) || !json_is_object(now) || (total && !json_is_object(total) && !json_is_null(total)))
		return GY_ERR_JKF_TIME;
	double h = amount(json_object_get(now, "h")), m = amount(json_object_get(now, "m"));
	double s = amount(json_object_get(now, "s"));
	if (h < 0 || m < 0 || s < 0)
		return GY_ERR_JKF_TIME;
	*ms = (int64_t)(((h * 60 + m) * 60 + s) * 1000 + 0.5);
	return GY_OK;
}

/* A square {"x", "y"} of `v`, or GY_SQ_NONE. */
static gy_sq square_of(const json_t *v)
{
	long long x = int_in(json_object_get(v, "x"), 1, 9), y = int_in(json_object_get(v, "y"), 1, 9);
	return json_is_object(v) && x > 0 && y > 0 ? gy_make_sq((int)x, (int)y) : GY_SQ_NONE;
}

/*
 * Builds the move of `mv` in `pos` (after the move whose destination was
 * `prev_to`).  Shape errors are GY_ERR_JKF_MOVE; a move that does not
 * fit the position gives its rule's error, or with `foul` GY_ERR_ARG
 * when it has not the shape of a foul (foul.h).
 */
static enum gy_err build_move(const struct gy_pos *pos, gy_sq prev_to, const json_t *mv, bool foul, gy_move *out)
{
	if (!json_is_object(mv))
		return GY_ERR_JKF_MOVE;
	const json_t *jto = json_object_get(mv, "to"), *jfrom = json_object_get(mv, "from");
	const json_t *jpiece = json_object_get(mv, "piece"), *jcolor = json_object_get(mv, "color");
	const json_t *jpromote = json_object_get(mv, "promote"), *jsame = json_object_get(mv, "same");
	gy_sq to = square_of(jto);
	if (!jto && json_is_true(jsame))
		to = prev_to;
	int pt = json_is_string(jpiece) ? kind_of(json_string_value(jpiece)) : 0;
	if (to == GY_SQ_NONE || pt == 0 || (jpromote && !json_is_boolean(jpromote) && !json_is_null(jpromote)))
		return GY_ERR_JKF_MOVE;
	if (jcolor && !json_is_null(jcolor)) {
		long long c = int_in(jcolor, 0, 1);
		if (c < 0)
			return GY_ERR_JKF_MOVE;
		if (c != pos->side)
			return GY_ERR_JKF_SIDE;
	}
	if (!jfrom || json_is_null(jfrom)) {
		if (pt >= GY_HAND_NB)
			return GY_ERR_JKF_MOVE;
		return foul ? gy__foul_drop(pos, pt, to, out) : gy_move_build_drop(pos, pt, to, out);
	}
	gy_sq from = square_of(jfrom);
	if (from == GY_SQ_NONE)
		return GY_ERR_JKF_MOVE;
	gy_piece pc = gy_pos_piece_on(pos, from);
	if (pc != GY_NO_PIECE && gy_piece_color(pc) == pos->side && gy_piece_type(pc) != pt)
		return GY_ERR_JKF_MOVE_PIECE;
	return foul ? gy__foul_move(pos, from, to, json_is_true(jpromote), out)
		    : gy_move_build(pos, from, to, json_is_true(jpromote), out);
}

static enum gy_err read_list(struct reader *r, const json_t *list, size_t first, int node, bool main_line);

/* The forks of one element: each a list from `parent`. */
static enum gy_err read_forks(struct reader *r, const json_t *forks, int parent)
{
	if (!forks || json_is_null(forks))
		return GY_OK;
	push(r, "forks", 0);
	if (!json_is_array(forks))
		return fail_at(r, GY_ERR_JKF_FORKS, NULL);
	size_t i;
	const json_t *fork;
	json_array_foreach(forks, i, fork)
	{
		push(r, NULL, i);
		if (!json_is_array(fork))
			return fail_at(r, GY_ERR_JKF_FORKS, NULL);
		enum gy_err err = read_list(r, fork, 0, parent, false);
		if (err)
			return err;
		pop(r);
	}
	pop(r);
	return GY_OK;
}

/* JKF specials and the ending they give; `lose` tells who loses. */
enum loser { NOBODY, SIDE_TO_MOVE, MOVER, SENTE, GOTE, DRAWN };
static const struct {
	const char *name;
	enum gy_ending ending;
	enum loser loser;
} specials[] = {
	{"TORYO", GY_END_RESIGNATION, SIDE_TO_MOVE},
	{"TSUMI", GY_END_CHECKMATE, SIDE_TO_MOVE},
	{"TIME_UP", GY_END_TIME_FORFEIT, SIDE_TO_MOVE},
	{"ILLEGAL_MOVE", GY_END_ILLEGAL_MOVE, SIDE_TO_MOVE},
	{"+ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, SENTE},
	{"-ILLEGAL_ACTION", GY_END_ILLEGAL_MOVE, GOTE},
	{"SENNICHITE", GY_END_SENNICHITE, DRAWN},
	{"JISHOGI", GY_END_DECLARATION, DRAWN},
	{"KACHI", GY_END_DECLARATION, MOVER},
	{"HIKIWAKE", GY_END_INTERRUPTION, DRAWN},
	{"CHUDAN", GY_END_INTERRUPTION, NOBODY},
	{"MATTA", GY_END_INTERRUPTION, NOBODY},
	{"FUZUMI", GY_END_INTERRUPTION, NOBODY},
	{"ERROR", GY_END_INTERRUPTION, NOBODY},
	{"TRY", GY_END_TRY, SIDE_TO_MOVE},
	{"MAX_MOVES", GY_END_MAX_MOVES, DRAWN},
};

/*
 * Sets the ending at `node` from the special `name`; after the illegal
 * move `foul` (GY_MOVE_NONE: none), only a foul of its mover may come,
 * which keeps it (else GY_ERR_JKF_SPECIAL).
 */
static enum gy_err read_special(struct gy_game *g, int node, const char *name, gy_move foul)
{
	struct gy_pos pos;
	if (gy_game_position(g, node, &pos))
		return GY_ERR_ARG;
	for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
		if (strcmp(name, specials[i].name))
			continue;
		struct gy_verdict v = {specials[i].ending, GY_RESULT_NONE};
		int loser = specials[i].loser == SENTE          ? GY_BLACK
			    : specials[i].loser == GOTE         ? GY_WHITE
			    : specials[i].loser == SIDE_TO_MOVE ? pos.side
			    : specials[i].loser == MOVER        ? !pos.side
								: -1;
		if (loser >= 0)
			v.result = loser == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
		else if (specials[i].loser == DRAWN)
			v.result = GY_RESULT_DRAW;
		if (v.ending == GY_END_SENNICHITE) {
			struct gy_rules rules = {.impasse = GY_IMPASSE_NONE};
			struct gy_verdict j = gy_game_judge(g, node, &rules);
			if (j.ending == GY_END_PERPETUAL_CHECK)
				v = j;
		}
		if (foul != GY_MOVE_NONE) {
			if (v.ending != GY_END_ILLEGAL_MOVE || (specials[i].loser != SIDE_TO_MOVE && loser != pos.side))
				return GY_ERR_JKF_SPECIAL;
			v.result = pos.side == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
		}
		gy_game_set_ending(g, node, v);
		gy_game_set_ending_foul(g, node, foul);
		return GY_OK;
	}
	return GY_ERR_JKF_SPECIAL;
}

/*
 * The special element `el` ending the line at `node` (after the illegal
 * move `foul`, or GY_MOVE_NONE), with its time and comments.  A fork's
 * special at a node the main line goes on from is not kept: an ending is
 * the last node of its line.
 */
static enum gy_err special_element(struct reader *r, const json_t *el, int node, bool main_line, gy_move foul,
				   int64_t foul_ms)
{
	const json_t *special = json_object_get(el, "special");
	if (!json_is_string(special))
		return fail_at(r, special ? GY_ERR_JKF_SPECIAL : GY_ERR_JKF_MOVE, special ? "special" : NULL);
	if (!main_line && gy_game_first_child(r->g, node) >= 0)
		return GY_OK;
	int64_t ms;
	enum gy_err err = read_special(r->g, node, json_string_value(special), foul);
	if (err)
		return fail_at(r, err, "special");
	if ((err = fail_at(r, read_time(json_object_get(el, "time"), &ms), "time")))
		return err;
	gy_game_set_ending_time(r->g, node, foul != GY_MOVE_NONE ? foul_ms : ms);
	return fail_at(r, read_comments(r->g, node, true, json_object_get(el, "comments")), "comments");
}

/*
 * Reads the move elements of `list` from index `first`, playing them from
 * `node`; a special ends the line.  An illegal move followed by the
 * special of its mover's foul is kept (foul.h).
 */
static enum gy_err read_list(struct reader *r, const json_t *list, size_t first, int node, bool main_line)
{
	for (size_t i = first; i < json_array_size(list); i++) {
		const json_t *el = json_array_get(list, i);
		push(r, NULL, i);
		if (!json_is_object(el))
			return fail_at(r, GY_ERR_JKF_MOVES, NULL);
		const json_t *mv = json_object_get(el, "move");
		if (!mv || json_is_null(mv)) {
			enum gy_err err = special_element(r, el, node, main_line, GY_MOVE_NONE, -1);
			if (err || (err = read_forks(r, json_object_get(el, "forks"), node)))
				return err;
			pop(r);
			return GY_OK;
		}
		struct gy_pos pos;
		gy_move m;
		gy_move prev = gy_game_move(r->g, node);
		gy_sq prev_to = prev == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(prev);
		enum gy_err err = gy_game_position(r->g, node, &pos);
		if (!err)
			err = build_move(&pos, prev_to, mv, false, &m);
		int child = -1;
		if (!err)
			err = gy_game_add(r->g, node, m, &child);
		if (err) {
			/* A foul kept by the special after it (foul.h). */
			const json_t *next = json_array_get(list, i + 1);
			gy_move foul;
			int64_t ms;
			if (gy__foul_error(err) && json_is_object(next) && !json_object_get(next, "move") &&
			    !build_move(&pos, prev_to, mv, true, &foul) &&
			    !read_time(json_object_get(el, "time"), &ms)) {
				pop(r);
				push(r, NULL, i + 1);
				enum gy_err e2 = special_element(r, next, node, main_line, foul, ms);
				if (!e2) {
					pop(r);
					return GY_OK;
				}
				pop(r);
				push(r, NULL, i);
			}
			/* A move that names no move or breaks a rule keeps the game before it (jkf.h). */
			enum gy_err_class c = gy_err_class(err);
			if (c == GY_ERR_CLASS_NO_MOVE || c == GY_ERR_CLASS_ILLEGAL_MOVE)
				r->bad_ply = gy_game_ply(r->g, node) + 1;
			return fail_at(r, err, "move");
		}
		int64_t ms;
		if ((err = fail_at(r, read_time(json_object_get(el, "time"), &ms), "time")))
			return err;
		gy_game_set_time(r->g, child, ms);
		if ((err = fail_at(r, read_comments(r->g, child, false, json_object_get(el, "comments")),
				   "comments")) ||
		    (err = read_forks(r, json_object_get(el, "forks"), node)))
			return err;
		node = child;
		pop(r);
	}
	return GY_OK;
}

/* Reads a JKF record (see jkf.h). */
enum gy_err gy_jkf_read(const char *text, size_t len, struct gy_game **out, struct gy_srcpos *where, int *bad_ply)
{
	struct reader r = {.at_depth = -1};
	struct gy_pos start;
	json_error_t jerr;
	enum gy_err err;
	*out = NULL;
	if (where)
		*where = (struct gy_srcpos){0, 0};
	if (bad_ply)
		*bad_ply = 0;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	/* jansson reports a failed allocation as out_of_memory, or (2.14) as an unknown error without a message. */
	if (!root && (json_error_code(&jerr) == json_error_out_of_memory ||
		      (json_error_code(&jerr) == json_error_unknown && !jerr.text[0]))) {
		err = GY_ERR_NOMEM;
		goto fail;
	}
	if (!root || !json_is_object(root)) {
		if (where && root)
			*where = (struct gy_srcpos){1, 1};
		else if (where)
			*where = (struct gy_srcpos){jerr.line > 0 ? jerr.line : 1, jerr.column > 0 ? jerr.column : 1};
		err = GY_ERR_JKF_SYNTAX;
		goto fail;
	}
	const json_t *moves = json_object_get(root, "moves");
	push(&r, "initial", 0);
	if ((err = read_initial(&r, &start, json_object_get(root, "initial"))))
		goto fail;
	pop(&r);
	push(&r, "header", 0);
	if ((err = gy_game_create(&r.g, &start)) || (err = read_header(&r, json_object_get(root, "header"))))
		goto fail;
	pop(&r);
	push(&r, "moves", 0);
	if (moves && !json_is_array(moves)) {
		err = fail_at(&r, GY_ERR_JKF_MOVES, NULL);
		goto fail;
	}
	if (json_array_size(moves) > 0) {
		const json_t *el0 = json_array_get(moves, 0);
		if (!json_is_object(el0)) {
			err = fail_at(&r, GY_ERR_JKF_MOVES, NULL);
			goto fail;
		}
		/* Element 0 is the start, unless a writer left it out and began with a move. */
		if (json_object_get(el0, "move")) {
			err = read_list(&r, moves, 0, 0, true);
		} else {
			push(&r, NULL, 0);
			err = fail_at(&r, read_comments(r.g, 0, false, json_object_get(el0, "comments")), "comments");
			pop(&r);
			if (!err)
				err = read_list(&r, moves, 1, 0, true);
		}
		if (err)
			goto fail;
	}
	json_decref(root);
	*out = r.g;
	return GY_OK;
fail:
	if (where && r.at_depth >= 0)
		*where = gy__json_locate(text, len, r.at, r.at_depth);
	json_decref(root);
	if (r.bad_ply > 0 && r.g) {
		*out = r.g;
		if (bad_ply)
			*bad_ply = r.bad_ply;
	} else {
		gy_game_destroy(r.g);
	}
	return err;
}
