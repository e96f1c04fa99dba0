/*
 * lib/jkf_write.c: writing game records as JKF (jkf.h) with jansson.
 *
 * Invariants: the JSON tree is built whole, then printed once; every
 * jansson call that can fail is checked, and a failure anywhere is
 * GY_ERR_NOMEM after the tree is freed.  Variations recurse over the
 * game tree, with the running totals of both sides passed down by value.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csa_names.h"
#include "gyoku/handicap.h"
#include "gyoku/jkf.h"
#include "gyoku/notation.h"
#include "headers.h"

/* Sets `key` of `obj` to the new value `v`, always stolen (also on failure); false when out of memory. */
static bool put(json_t *obj, const char *key, json_t *v)
{
	if (!obj || !v) {
		json_decref(v);
		return false;
	}
	return json_object_set_new(obj, key, v) == 0;
}

/* Appends the new value `v` to `arr`, always stolen; false when out of memory. */
static bool push(json_t *arr, json_t *v)
{
	if (!arr || !v) {
		json_decref(v);
		return false;
	}
	return json_array_append_new(arr, v) == 0;
}

/* {"x": file, "y": rank} of `sq`. */
static json_t *square(gy_sq sq) { return json_pack("{s:i,s:i}", "x", gy_file_of(sq), "y", gy_rank_of(sq)); }

/* Step 1: "initial": a preset, or OTHER with the board, side and hands. */
static json_t *initial(const struct gy_pos *p)
{
	static const int order[] = {GY_PAWN, GY_LANCE, GY_KNIGHT, GY_SILVER, GY_GOLD, GY_BISHOP, GY_ROOK};
	const struct gy_handicap *h = gy_handicap_by_pos(p);
	if (h && h->jkf)
		return json_pack("{s:s}", "preset", h->jkf);
	/* The containers are held by these handles as well, and released at the end. */
	json_t *init = json_object(), *data = json_object(), *board = json_array(), *hands = json_array();
	bool ok = init && data && board && hands && put(init, "preset", json_string("OTHER")) &&
		  json_object_set(init, "data", data) == 0 && json_object_set(data, "board", board) == 0 &&
		  put(data, "color", json_integer(p->side)) && json_object_set(data, "hands", hands) == 0;
	for (int x = 1; ok && x <= 9; x++) {
		json_t *col = json_array();
		ok = col && json_array_append(board, col) == 0;
		for (int y = 1; ok && y <= 9; y++) {
			gy_piece pc = gy_pos_piece_on(p, gy_make_sq(x, y));
			ok = push(col, pc == GY_NO_PIECE ? json_object()
							 : json_pack("{s:i,s:s}", "color", gy_piece_color(pc), "kind",
								     gy__csa_names[gy_piece_type(pc)]));
		}
		json_decref(col);
	}
	for (int c = 0; ok && c < GY_COLOR_NB; c++) {
		json_t *hand = json_object();
		ok = hand && json_array_append(hands, hand) == 0;
		for (int i = 0; ok && i < 7; i++)
			ok = put(hand, gy__csa_names[order[i]], json_integer(gy_hand_count(p->hand[c], order[i])));
		json_decref(hand);
	}
	json_t *res = ok ? json_incref(init) : NULL;
	json_decref(hands);
	json_decref(board);
	json_decref(data);
	json_decref(init);
	return res;
}

/* The comment text `c` as an array of lines, or NULL for none (`*ok` false when out of memory). */
static json_t *comment_lines(const char *c, bool *ok)
{
	if (!c || !*c)
		return NULL;
	json_t *arr = json_array();
	*ok = arr != NULL;
	for (const char *s = c; *ok;) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		*ok = push(arr, json_stringn(s, n));
		if (!nl)
			break;
		s = nl + 1;
	}
	return arr;
}

/* The comment of `node` as comment_lines gives it. */
static json_t *comments(const struct gy_game *g, int node, bool *ok)
{
	return comment_lines(gy_game_comment(g, node), ok);
}

/* A time in ms as {"m", "s"} (now) or {"h", "m", "s"} (total); s is real when it has a fraction. */
static json_t *clock_time(int64_t ms, bool hours)
{
	int64_t s = ms / 1000, h = hours ? s / 3600 : 0;
	int64_t m = (s - h * 3600) / 60;
	json_t *t = json_object();
	if (t && (!hours || put(t, "h", json_integer(h))) && put(t, "m", json_integer(m)) &&
	    put(t, "s", ms % 1000 ? json_real((double)(s % 60) + (double)(ms % 1000) / 1000) : json_integer(s % 60)))
		return t;
	json_decref(t);
	return NULL;
}

/* The relative letters of `m` in `before`, from its Japanese words (notation.h). */
static void relative(const struct gy_pos *before, gy_move m, char *out)
{
	static const char *const words[][2] = {{"左", "L"}, {"右", "R"}, {"直", "C"}, {"上", "U"},
					       {"引", "D"}, {"寄", "M"}, {"打", "H"}};
	char text[GY_NOTATION_MAX];
	size_t n = 0;
	gy_notation_write(before, m, GY_SQ_NONE, GY_NOTATION_JAPANESE, false, text, sizeof text);
	for (const char *s = text; *s && n < 3;) {
		size_t i;
		for (i = 0; i < sizeof words / sizeof words[0]; i++)
			if (!strncmp(s, words[i][0], strlen(words[i][0])))
				break;
		if (i < sizeof words / sizeof words[0]) {
			out[n++] = words[i][1][0];
			s += strlen(words[i][0]);
		} else {
			s++;
		}
	}
	out[n] = '\0';
}

/* The "move" object of `m` played in `before` after a move to `prev_to`. */
static json_t *move_obj(const struct gy_pos *before, gy_move m, gy_sq prev_to)
{
	json_t *o = json_object();
	gy_sq to = gy_move_to(m);
	int moved = gy_move_moved(m);
	bool ok = o != NULL;
	if (ok && !gy_move_is_drop(m))
		ok = put(o, "from", square(gy_move_from(m)));
	ok = ok && put(o, "to", square(to)) && put(o, "piece", json_string(gy__csa_names[moved])) &&
	     put(o, "color", json_integer(before->side));
	if (ok && to == prev_to)
		ok = put(o, "same", json_true());
	if (ok && !gy_move_is_drop(m) && gy_ptype_can_promote(moved) &&
	    (gy_in_zone(before->side, to) || gy_in_zone(before->side, gy_move_from(m))))
		ok = put(o, "promote", json_boolean(gy_move_is_promotion(m)));
	if (ok && gy_move_captured(m))
		ok = put(o, "capture", json_string(gy__csa_names[gy_move_captured(m)]));
	char rel[4];
	relative(before, m, rel);
	if (ok && *rel)
		ok = put(o, "relative", json_string(rel));
	if (ok)
		return o;
	json_decref(o);
	return NULL;
}

/* The running totals of both sides' times in ms (-1: some time unknown). */
struct totals {
	int64_t ms[GY_COLOR_NB];
};

/* Puts into `el` the time `ms` (none when -1) of a move of `side`, adding it to the totals. */
static bool put_time(json_t *el, int64_t ms, int side, struct totals *t)
{
	t->ms[side] = ms < 0 || t->ms[side] < 0 ? -1 : t->ms[side] + ms;
	if (ms < 0)
		return true;
	json_t *time = json_object();
	bool ok = put(el, "time", time) && put(time, "now", clock_time(ms, false));
	if (ok && t->ms[side] >= 0)
		ok = put(time, "total", clock_time(t->ms[side], true));
	return ok;
}

/* The element of `node` (a move): move, time, comments. */
static json_t *element(const struct gy_game *g, int node, struct totals *t)
{
	struct gy_pos before;
	int parent = gy_game_parent(g, node);
	gy_move prev = gy_game_move(g, parent);
	if (gy_game_position(g, parent, &before))
		return NULL;
	json_t *el = json_object();
	bool ok = el &&
		  put(el, "move",
		      move_obj(&before, gy_game_move(g, node), prev == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(prev)));
	ok = ok && put_time(el, gy_game_time(g, node), before.side, t);
	json_t *c = comments(g, node, &ok);
	if (c && !put(el, "comments", c))
		ok = false;
	if (ok)
		return el;
	json_decref(el);
	return NULL;
}

static bool write_line(const struct gy_game *g, json_t *list, int node, struct totals t, bool main_line);

/* The special of the ending `v` at `node`, or NULL. */
static const char *special_of(const struct gy_game *g, struct gy_verdict v, int node)
{
	struct gy_pos pos;
	if (gy_game_position(g, node, &pos))
		return NULL;
	int loser = v.result == GY_RESULT_WHITE_WINS ? GY_BLACK : v.result == GY_RESULT_BLACK_WINS ? GY_WHITE : -1;
	switch (v.ending) {
	case GY_END_CHECKMATE:
	case GY_END_NO_MOVES: return "TSUMI";
	case GY_END_RESIGNATION: return "TORYO";
	case GY_END_ILLEGAL_MOVE:
		return loser < 0 || loser == pos.side ? "ILLEGAL_MOVE"
		       : loser == GY_BLACK            ? "+ILLEGAL_ACTION"
						      : "-ILLEGAL_ACTION";
	case GY_END_SENNICHITE:
	case GY_END_PERPETUAL_CHECK: return "SENNICHITE";
	case GY_END_DECLARATION: return v.result == GY_RESULT_DRAW ? "JISHOGI" : "KACHI";
	case GY_END_TRY: return "TRY";
	case GY_END_TIME_FORFEIT: return "TIME_UP";
	case GY_END_MAX_MOVES: return "MAX_MOVES";
	case GY_END_INTERRUPTION: return v.result == GY_RESULT_DRAW ? "HIKIWAKE" : "CHUDAN";
	default: return NULL;
	}
}

/*
 * Appends to `list` the ending at `node` (the last of a line): the foul
 * move it keeps (foul.h) as a move element, then the special element with
 * the ending's time and comments.
 */
static bool write_ending(const struct gy_game *g, json_t *list, int node, struct totals t)
{
	struct gy_verdict v = gy_game_node_ending(g, node);
	const char *special = special_of(g, v, node);
	struct gy_pos pos;
	if (!special || gy_game_position(g, node, &pos))
		return true;
	gy_move foul = gy_game_ending_foul(g, node), prev = gy_game_move(g, node);
	int64_t ms = gy_game_ending_time(g, node);
	bool ok = true;
	if (foul != GY_MOVE_NONE) {
		json_t *el = json_object();
		ok = push(list, el) &&
		     put(el, "move", move_obj(&pos, foul, prev == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(prev))) &&
		     put_time(el, ms, pos.side, &t);
		special = pos.side == GY_BLACK ? "+ILLEGAL_ACTION" : "-ILLEGAL_ACTION";
		ms = -1;
	}
	json_t *el = json_pack("{s:s}", "special", special);
	ok = ok && push(list, el) && put_time(el, ms, pos.side ^ (foul != GY_MOVE_NONE), &t);
	json_t *c = ok ? comment_lines(gy_game_ending_comment(g, node), &ok) : NULL;
	if (c && !put(el, "comments", c))
		ok = false;
	return ok;
}

/*
 * Appends to `list` the line from `node` (a move node) down its first
 * children; each node's later siblings become the forks of its element.
 */
static bool write_line(const struct gy_game *g, json_t *list, int node, struct totals t, bool main_line)
{
	int last = -1;
	for (; node >= 0; node = gy_game_first_child(g, node)) {
		struct totals before = t;
		json_t *el = element(g, node, &t);
		if (!push(list, el))
			return false;
		int sib = gy_game_next_sibling(g, node);
		if (sib >= 0) {
			json_t *forks = json_array();
			if (!put(el, "forks", forks))
				return false;
			for (; sib >= 0; sib = gy_game_next_sibling(g, sib)) {
				json_t *fork = json_array();
				if (!push(forks, fork) || !write_line(g, fork, sib, before, false))
					return false;
			}
		}
		last = node;
	}
	return main_line || last >= 0 ? write_ending(g, list, last < 0 ? 0 : last, t) : true;
}

/* Writes `g` as JKF (see jkf.h). */
enum gy_err gy_jkf_write(const struct gy_game *g, char **out, size_t *len)
{
	if (!g || !out)
		return GY_ERR_ARG;
	*out = NULL;
	json_t *root = json_object(), *header = json_object(), *moves = json_array(), *start = json_object();
	bool ok = root && header && moves && start && json_object_set(root, "header", header) == 0;
	for (int i = 0; ok && i < gy_game_header_count(g); i++) {
		struct gy__header_kif_line line;
		gy__header_kif(g, i, &line);
		ok = put(header, line.key, json_string(line.value));
		if (ok && line.byoyomi)
			ok = put(header, "秒読み", json_string(line.byoyomi));
	}
	ok = ok && put(root, "initial", initial(gy_game_start(g))) && json_object_set(root, "moves", moves) == 0 &&
	     json_array_append(moves, start) == 0;
	json_t *c = ok ? comments(g, 0, &ok) : NULL;
	if (c && !put(start, "comments", c))
		ok = false;
	struct totals t = {{0, 0}};
	ok = ok && write_line(g, moves, gy_game_first_child(g, 0), t, true);
	if (ok)
		*out = json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	json_decref(start);
	json_decref(moves);
	json_decref(header);
	json_decref(root);
	if (!*out)
		return GY_ERR_NOMEM;
	if (len)
		*len = strlen(*out);
	return GY_OK;
}
