/*
 * server/api_review.c: a game's saved review (docs/server.md "Game
 * review"): PUT, GET and DELETE /api/games/{id}/review, and the comments
 * the export writes with `review=1`.  The browser searches every position
 * of the main line with the engine in WebAssembly and sends, per
 * position, the score, the best move and the line; the server checks
 * every field against the game (the count of positions, each move legal
 * where it is played, numbers within bounds), computes each move's mark
 * and loss and each position's win probability with libgyoku
 * (gyoku/review.h), and stores the result as JSON (store_review_put).
 * The same JSON is what GET answers; the export turns it into the record's
 * comments with gy_review_annotate, as `gyoku analyse -o` writes them.
 */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "games.h"
#include "gyoku/gyoku.h"
#include "gyoku/review.h"
#include "server.h"

/* The bounds of a review's fields. */
enum {
	REVIEW_NAME_MAX = 64,      /* the engine's name, in bytes */
	REVIEW_DEPTH_MAX = 64,     /* the depth searched */
	REVIEW_CP_MAX = 100000,    /* |cp| */
	REVIEW_MATE_MAX = 10000,   /* |mate| in plies */
	REVIEW_NODES_MAX = 1 << 30 /* the nodes of one search */
};

/* The main line of a game: its positions and moves. */
struct line {
	int n;              /* moves */
	struct gy_pos *pos; /* n + 1 positions */
	gy_move *moves;     /* n moves */
};

/* The main line of `g` (its stored moves) into `l`; false when out of memory. */
static bool line_of(const struct game *g, struct line *l)
{
	const struct gy_game *rec = gy_session_game(g->session);
	l->n = g->row.ply;
	l->pos = malloc(((size_t)l->n + 1) * sizeof *l->pos);
	l->moves = malloc(((size_t)l->n + 1) * sizeof *l->moves);
	if (!l->pos || !l->moves)
		return false;
	int node = 0;
	if (gy_game_position(rec, 0, &l->pos[0]))
		return false;
	for (int k = 0; k < l->n; k++) {
		node = gy_game_first_child(rec, node);
		if (node <= 0 || gy_game_position(rec, node, &l->pos[k + 1]))
			return false;
		l->moves[k] = gy_game_move(rec, node);
	}
	return true;
}

static void line_free(struct line *l)
{
	free(l->pos);
	free(l->moves);
}

/* Queues 400 with "plies[k]: ..." and returns false. */
static bool bad(struct http_req *r, int k, const char *what)
{
	if (k >= 0)
		http_error(r, 400, "plies[%d]: %s", k, what);
	else
		http_error(r, 400, "%s", what);
	return false;
}

/* An integer field `key` of `o` within [lo, hi] into `*out` (absent: `*out` unchanged, true); false when bad. */
static bool int_field(json_t *o, const char *key, json_int_t lo, json_int_t hi, json_int_t *out, bool *present)
{
	json_t *v = json_object_get(o, key);
	*present = v && !json_is_null(v);
	if (!*present)
		return true;
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return false;
	*out = json_integer_value(v);
	return true;
}

/* Reads the USI move `v` (a string) legal in `p` into `*m`; false when it is not one. */
static bool usi_of(json_t *v, const struct gy_pos *p, gy_move *m)
{
	struct gy_srcpos where;
	return json_is_string(v) && json_string_length(v) < STORE_USI_MAX &&
	       !gy_usi_parse_move(p, json_string_value(v), json_string_length(v), m, &where);
}

/* The search of one position, checked: `e` the entry sent, `p` the position; false after a 400. */
static bool read_search(struct http_req *r, int k, json_t *e, const struct gy_pos *p, struct gy_review_search *s)
{
	memset(s, 0, sizeof *s);
	if (!json_is_object(e))
		return bad(r, k, "must be an object");
	json_int_t cp = 0, mate = 0, depth = 0, nodes = 0;
	bool has_cp, has_mate, has_depth, has_nodes;
	if (!int_field(e, "cp", -REVIEW_CP_MAX, REVIEW_CP_MAX, &cp, &has_cp))
		return bad(r, k, "cp must be an integer from -100000 to 100000");
	if (!int_field(e, "mate", -REVIEW_MATE_MAX, REVIEW_MATE_MAX, &mate, &has_mate) || (has_mate && !mate))
		return bad(r, k, "mate must be an integer from -10000 to 10000 but 0");
	if (has_cp == has_mate)
		return bad(r, k, "one of cp or mate, the score from the side to move's view");
	if (!int_field(e, "depth", 0, REVIEW_DEPTH_MAX, &depth, &has_depth))
		return bad(r, k, "depth must be an integer from 0 to 64");
	if (!int_field(e, "nodes", 0, REVIEW_NODES_MAX, &nodes, &has_nodes))
		return bad(r, k, "nodes must be an integer from 0 to 1073741824");
	s->scored = true;
	s->score = (struct gy_score){(int)cp, (int)mate};
	s->depth = (int)depth;
	s->nodes = (uint64_t)nodes;
	s->over = !gy_has_legal_move(p);
	json_t *best = json_object_get(e, "best");
	if (best && !json_is_null(best)) {
		if (s->over)
			return bad(r, k, "the side to move has no legal move: best must be null");
		if (!usi_of(best, p, &s->best))
			return bad(r, k, "best must be a legal move in USI");
	} else if (!s->over) {
		return bad(r, k, "best must be the best move in USI");
	}
	if (s->over)
		s->score = (struct gy_score){0, -1}; /* mated: lost, whatever was sent */
	json_t *pv = json_object_get(e, "pv");
	if (pv && !json_is_null(pv)) {
		if (!json_is_array(pv) || json_array_size(pv) > GY_REVIEW_PV_MAX)
			return bad(r, k, "pv must be an array of at most 32 moves");
		struct gy_pos q = *p;
		for (size_t i = 0; i < json_array_size(pv); i++) {
			struct gy_undo u;
			if (!usi_of(json_array_get(pv, i), &q, &s->pv[i]))
				return bad(r, k, "pv must be legal moves in USI, each after the one before");
			gy_pos_do(&q, s->pv[i], &u);
			s->pv_len = (int)i + 1;
		}
	}
	return true;
}

/* A search as the review's JSON holds it (the checked fields only, as the server read them). */
static json_t *search_json(const struct gy_review_search *s, const struct gy_pos *p)
{
	json_t *o = json_object(), *pv = json_array();
	char usi[GY_USI_MOVE_MAX + 1];
	if (s->score.mate)
		json_object_set_new(o, "mate", json_integer(s->score.mate));
	else
		json_object_set_new(o, "cp", json_integer(s->score.cp));
	if (s->best != GY_MOVE_NONE) {
		gy_usi_write_move(s->best, usi);
		json_object_set_new(o, "best", json_string(usi));
	} else {
		json_object_set_new(o, "best", json_null());
	}
	for (int i = 0; i < s->pv_len; i++) {
		gy_usi_write_move(s->pv[i], usi);
		json_array_append_new(pv, json_string(usi));
	}
	json_object_set_new(o, "pv", pv);
	json_object_set_new(o, "depth", json_integer(s->depth));
	json_object_set_new(o, "nodes", json_integer((json_int_t)s->nodes));
	/* Black's chance to win here (the graph's point). */
	double w = gy_review_win_prob(s->score);
	json_object_set_new(o, "win", json_real(p->side == GY_BLACK ? w : 1 - w));
	return o;
}

/* The engine settings sent: {name, depth | nodes}; NULL after a 400. */
static json_t *read_engine(struct http_req *r, json_t *body)
{
	json_t *e = json_object_get(body, "engine");
	if (!json_is_object(e)) {
		http_error(r, 400, "engine must be an object: {name, depth} or {name, nodes}");
		return NULL;
	}
	json_t *name = json_object_get(e, "name");
	const char *n = json_is_string(name) ? json_string_value(name) : NULL;
	size_t len = n ? json_string_length(name) : 0;
	bool printable = n && len > 0 && len <= REVIEW_NAME_MAX && strlen(n) == len;
	for (size_t i = 0; printable && i < len; i++)
		printable = (unsigned char)n[i] >= 0x20 && n[i] != 0x7f;
	if (!printable) {
		http_error(r, 400, "engine.name must be a text of 1 to %d bytes on one line", REVIEW_NAME_MAX);
		return NULL;
	}
	json_int_t depth = 0, nodes = 0;
	bool has_depth, has_nodes;
	if (!int_field(e, "depth", 1, REVIEW_DEPTH_MAX, &depth, &has_depth) ||
	    !int_field(e, "nodes", 1, REVIEW_NODES_MAX, &nodes, &has_nodes) || has_depth == has_nodes) {
		http_error(r, 400, "engine must have depth (1 to 64) or nodes (1 to 1073741824), one of them");
		return NULL;
	}
	return has_depth ? json_pack("{s:s,s:I}", "name", n, "depth", depth)
			 : json_pack("{s:s,s:I}", "name", n, "nodes", nodes);
}

/*
 * The review of `g` from the request `body`, checked, with marks, losses
 * and win probabilities computed; NULL after a 400 (or 503).
 */
static json_t *build(struct http_req *r, const struct game *g, json_t *body)
{
	json_t *engine = read_engine(r, body), *plies = json_object_get(body, "plies");
	if (!engine)
		return NULL;
	struct line l = {0};
	struct gy_review_search *s = NULL;
	json_t *out = NULL;
	if (!json_is_array(plies) || json_array_size(plies) != (size_t)g->row.ply + 1) {
		http_error(r, 400, "plies must have %d entries, one per position of the main line (from the start)",
			   g->row.ply + 1);
		goto done;
	}
	s = calloc((size_t)g->row.ply + 1, sizeof *s);
	if (!s || !line_of(g, &l)) {
		http_error(r, 503, "out of memory");
		goto done;
	}
	for (int k = 0; k <= l.n; k++)
		if (!read_search(r, k, json_array_get(plies, (size_t)k), &l.pos[k], &s[k]))
			goto done;
	json_t *pj = json_array(), *mj = json_array();
	int marks[GY_COLOR_NB][GY_MARK_NB] = {{0}}, count[GY_COLOR_NB] = {0};
	double loss_sum[GY_COLOR_NB] = {0};
	for (int k = 0; k <= l.n; k++)
		json_array_append_new(pj, search_json(&s[k], &l.pos[k]));
	for (int k = 0; k < l.n; k++) {
		double loss;
		enum gy_review_mark m = gy_review_judge(&s[k], &s[k + 1], s[k].best == l.moves[k], &loss);
		int side = l.pos[k].side;
		marks[side][m]++;
		count[side]++;
		loss_sum[side] += loss;
		/* The better move as the comments name it ("▲２二角成"). */
		char better[GY_NOTATION_MAX + 8];
		gy_review_move_text(&l.pos[k], s[k].best, k ? gy_move_to(l.moves[k - 1]) : GY_SQ_NONE, better,
				    sizeof better);
		json_array_append_new(mj, json_pack("{s:i,s:s,s:f,s:s}", "ply", k + 1, "mark", gy_review_mark_name(m),
						    "loss", loss, "better", better));
	}
	json_t *sum = json_object();
	for (int c = GY_BLACK; c < GY_COLOR_NB; c++)
		json_object_set_new(sum, c == GY_BLACK ? "black" : "white",
				    json_pack("{s:i,s:i,s:i,s:i,s:f}", "moves", count[c], "inaccuracy",
					      marks[c][GY_MARK_INACCURACY], "mistake", marks[c][GY_MARK_MISTAKE],
					      "blunder", marks[c][GY_MARK_BLUNDER], "loss",
					      count[c] ? loss_sum[c] / count[c] : 0.0));
	out = json_pack("{s:s,s:O,s:s,s:I,s:o,s:o,s:o}", "game", g->row.id, "engine", engine, "saved_by", r->user.name,
			"saved_ms", (json_int_t)srv_now_ms(), "plies", pj, "moves", mj, "summary", sum);
	if (!out)
		http_error(r, 503, "out of memory");
done:
	json_decref(engine);
	free(s);
	line_free(&l);
	return out;
}

/* Loads game `id` for a write by the signed-in user: 0 with the game, else the error queued (its return in *ret). */
static bool load_for_write(struct http_req *r, const char *id, struct game *g, int *ret)
{
	struct why why;
	if (!http_user(r)) {
		*ret = http_error(r, 401, "sign in first");
		return false;
	}
	int st = game_load(r->srv, id, g, &why);
	if (st) {
		*ret = http_error(r, (unsigned)st, "%s", why.msg);
		return false;
	}
	if (!games_may_review(r->srv, g, r->user.id)) {
		game_release(g);
		*ret = http_error(r, 403, "only a player of the game, or whoever imported the record, may do that");
		return false;
	}
	if (g->row.status != STORE_ENDED) {
		game_release(g);
		*ret = http_error(r, 409, "the game is not over");
		return false;
	}
	return true;
}

/* Answers a store error (404 for a missing review). */
static int store_failed(struct http_req *r, enum store_err e)
{
	if (e == STORE_NOT_FOUND)
		return http_error(r, 404, "the game has no saved review");
	if (e == STORE_ERR_ARG)
		return http_error(r, 413, "the review is too large");
	return http_error(r, 503, "the store failed: %s", store_strerror(e));
}

int api_game_review_put(struct http_req *r, const char *id)
{
	struct game g;
	int ret = MHD_YES;
	if (!load_for_write(r, id, &g, &ret))
		return ret;
	json_t *body = http_body_object(r);
	json_t *review = body ? build(r, &g, body) : NULL;
	game_release(&g);
	json_decref(body);
	if (!review)
		return MHD_YES;
	char *text = json_dumps(review, JSON_COMPACT);
	enum store_err e = text ? store_review_put(r->srv->store, id, r->user.id, text, srv_now_ms()) : STORE_ERR_NOMEM;
	free(text);
	if (e) {
		json_decref(review);
		return store_failed(r, e);
	}
	return http_json(r, 200, review);
}

/* Reads the saved review of `id` as JSON into `*out`; the store's error. */
static enum store_err review_load(struct srv *s, const char *id, json_t **out)
{
	*out = NULL;
	char *text = malloc(STORE_REVIEW_MAX);
	if (!text)
		return STORE_ERR_NOMEM;
	enum store_err e = store_review_get(s->store, id, text);
	if (!e) {
		json_error_t err;
		*out = json_loads(text, 0, &err);
		if (!*out)
			e = STORE_DAMAGED;
	}
	free(text);
	return e;
}

int api_game_review_get(struct http_req *r, const char *id)
{
	struct game g;
	struct why why;
	int st = game_load(r->srv, id, &g, &why);
	if (st)
		return http_error(r, (unsigned)st, "%s", why.msg);
	game_release(&g);
	json_t *review;
	enum store_err e = review_load(r->srv, id, &review);
	return e ? store_failed(r, e) : http_json(r, 200, review);
}

int api_game_review_delete(struct http_req *r, const char *id)
{
	struct game g;
	int ret = MHD_YES;
	if (!load_for_write(r, id, &g, &ret))
		return ret;
	game_release(&g);
	enum store_err e = store_review_delete(r->srv->store, id);
	return e ? store_failed(r, e) : http_json(r, 200, json_pack("{s:b}", "deleted", 1));
}

/* Reads the saved search of a position (search_json's object, checked when saved) in `p` into `s`. */
static void search_of(json_t *o, const struct gy_pos *p, struct gy_review_search *s)
{
	memset(s, 0, sizeof *s);
	json_t *mate = json_object_get(o, "mate"), *pv = json_object_get(o, "pv");
	s->scored = true;
	s->score = json_is_integer(mate) ? (struct gy_score){0, (int)json_integer_value(mate)}
					 : (struct gy_score){(int)json_integer_value(json_object_get(o, "cp")), 0};
	s->depth = (int)json_integer_value(json_object_get(o, "depth"));
	s->nodes = (uint64_t)json_integer_value(json_object_get(o, "nodes"));
	s->over = !gy_has_legal_move(p);
	if (!usi_of(json_object_get(o, "best"), p, &s->best))
		s->best = GY_MOVE_NONE;
	struct gy_pos q = *p;
	for (size_t i = 0; i < json_array_size(pv) && i < GY_REVIEW_PV_MAX; i++) {
		struct gy_undo u;
		if (!usi_of(json_array_get(pv, i), &q, &s->pv[i]))
			break;
		gy_pos_do(&q, s->pv[i], &u);
		s->pv_len = (int)i + 1;
	}
}

int api_review_annotate(struct srv *s, const char *id, struct gy_game *rec, int ply)
{
	json_t *review;
	enum store_err e = review_load(s, id, &review);
	if (e)
		return e == STORE_NOT_FOUND ? 404 : 503;
	json_t *plies = json_object_get(review, "plies"), *marks = json_object_get(review, "moves");
	const char *engine = json_string_value(json_object_get(json_object_get(review, "engine"), "name"));
	int status = json_array_size(plies) == (size_t)ply + 1 && json_array_size(marks) == (size_t)ply ? 0 : 500;
	struct gy_review_search before, after;
	struct gy_pos p;
	int node = 0;
	if (!status && gy_game_position(rec, 0, &p))
		status = 500;
	if (!status)
		search_of(json_array_get(plies, 0), &p, &before);
	for (int k = 0; !status && k < ply; k++) {
		int next = gy_game_first_child(rec, node);
		if (next <= 0 || gy_game_position(rec, next, &p)) {
			status = 500;
			break;
		}
		search_of(json_array_get(plies, (size_t)k + 1), &p, &after);
		int m = gy_review_mark_by_name(
			json_string_value(json_object_get(json_array_get(marks, (size_t)k), "mark")));
		if (gy_review_annotate(rec, next, m < 0 ? GY_MARK_GOOD : (enum gy_review_mark)m, before.best, &after,
				       engine ? engine : "")) {
			status = 503;
			break;
		}
		before = after;
		node = next;
	}
	json_decref(review);
	return status;
}
