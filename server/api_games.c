/*
 * server/api_games.c: the game routes (docs/server.md "Games"): request
 * bodies and queries read and checked here, the work done by the game
 * service (games.h), the answers made by gamejson.h.
 */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api.h"
#include "gamejson.h"
#include "games.h"
#include "gyoku/gyoku.h"
#include "server.h"
#include "sse.h"

static const char ID_CHARS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* Answers the game `id` as the signed-in user sees it, with `status`. */
static int answer_game(struct http_req *r, const char *id, unsigned status)
{
	struct game g;
	struct why why;
	int st = game_load(r->srv, id, &g, &why);
	if (!st && g.row.status == STORE_WAITING) {
		/* The creator's look keeps a seek alive; anyone's look ends one that expired. */
		bool expired = games_seek_expired(&g.row, srv_now_ms());
		games_seen(r->srv, &g.row, http_user(r) ? r->user.id : 0);
		if (expired) {
			game_release(&g);
			st = game_load(r->srv, id, &g, &why);
		}
	}
	if (st)
		return http_error(r, (unsigned)st, "%s", why.msg);
	json_t *j = gamejson_full(r->srv, &g, http_user(r) ? r->user.id : 0, srv_now_ms());
	game_release(&g);
	return j ? http_json(r, status, j) : http_error(r, 503, "out of memory");
}

/* A string field of `body`: its value, NULL when absent; false (after a 400) when of another type. */
static bool opt_string(struct http_req *r, json_t *body, const char *key, const char **out)
{
	json_t *v = json_object_get(body, key);
	*out = NULL;
	if (!v || json_is_null(v))
		return true;
	if (!json_is_string(v)) {
		http_error(r, 400, "%s must be a string", key);
		return false;
	}
	*out = json_string_value(v);
	return true;
}

/* An integer field of `body` within [lo, hi]: `*out` unchanged when absent; false (after a 400) when bad. */
static bool opt_int(struct http_req *r, json_t *body, const char *key, int lo, int hi, int *out)
{
	json_t *v = json_object_get(body, key);
	if (!v || json_is_null(v))
		return true;
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
		http_error(r, 400, "%s must be an integer from %d to %d", key, lo, hi);
		return false;
	}
	*out = (int)json_integer_value(v);
	return true;
}

/* Queues 401 unless someone is signed in. */
static bool need_user(struct http_req *r)
{
	if (http_user(r))
		return true;
	http_error(r, 401, "sign in first");
	return false;
}

int api_game_create(struct http_req *r, const char *arg)
{
	(void)arg;
	if (!need_user(r))
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	struct game_request q = {0};
	json_t *rated = json_object_get(body, "rated");
	int ret = MHD_YES;
	if (rated && !json_is_boolean(rated) && !json_is_null(rated)) {
		ret = http_error(r, 400, "rated must be true or false");
		goto done;
	}
	q.rated = json_is_true(rated);
	if (!opt_string(r, body, "opponent", &q.opponent) || !opt_int(r, body, "level", 1, 10, &q.level) ||
	    !opt_string(r, body, "time", &q.time) || !opt_string(r, body, "handicap", &q.handicap) ||
	    !opt_string(r, body, "sfen", &q.sfen) || !opt_string(r, body, "color", &q.color) ||
	    !opt_string(r, body, "impasse", &q.impasse))
		goto done;
	char id[STORE_ID_MAX];
	struct why why;
	int st = games_create(r->srv, &r->user, &q, id, &why);
	ret = st ? http_error(r, (unsigned)st, "%s", why.msg) : http_json(r, 201, json_pack("{s:s}", "id", id));
done:
	json_decref(body);
	return ret;
}

/* The games being played (docs/server.md "Games": to watch): the newest read, the most watched shown. */
enum { WATCH_MAX = 50, WATCH_SCAN = 200 };

/* A game being played with its spectators, for sorting. */
struct watched {
	struct store_game row;
	int watchers;
};

/* Most watched first, then the newest. */
static int by_watchers(const void *a, const void *b)
{
	const struct watched *x = a, *y = b;
	if (x->watchers != y->watchers)
		return y->watchers - x->watchers;
	return (y->row.created_ms > x->row.created_ms) - (y->row.created_ms < x->row.created_ms);
}

/*
 * Orders the `n` games being played of `games` (the newest first, as read)
 * by their spectators, most watched first, and keeps the first `keep`;
 * returns how many are kept.  Out of memory, the newest are kept.
 */
static int watch_order(struct srv *s, struct store_game *games, int n, int keep)
{
	struct watched *w = malloc(sizeof *w * (size_t)(n ? n : 1));
	if (w) {
		for (int i = 0; i < n; i++) {
			w[i].row = games[i];
			w[i].watchers = hub_watchers(s->hub, games[i].id, games[i].black_user, games[i].white_user);
		}
		qsort(w, (size_t)n, sizeof *w, by_watchers);
		for (int i = 0; i < n; i++)
			games[i] = w[i].row;
		free(w);
	}
	return n < keep ? n : keep;
}

/* A user's games list narrowed (?rated, ?kind, ?result, ?opponent): what a game must be. */
struct narrow {
	int64_t user;     /* whose list */
	int rated;        /* -1 any, 0 casual, 1 rated */
	const char *kind; /* "live", "correspondence", "untimed" or NULL */
	int result;       /* -1 any, 0 won, 1 lost, 2 drawn (by `user`) */
	int64_t opponent; /* 0 any */
	bool on;          /* any of them given */
};

/* The most store pages a narrowed list reads to fill one answer. */
enum { NARROW_PAGES = 50 };

/* Whether game `g` passes narrowing `nw`. */
static bool narrow_keeps(const struct narrow *nw, const struct store_game *g)
{
	if (nw->rated >= 0 && g->rated != (nw->rated == 1))
		return false;
	if (nw->kind) {
		const char *k = !g->tc[0] ? "untimed" : strchr(g->tc, 'd') ? "correspondence" : "live";
		if (strcmp(k, nw->kind))
			return false;
	}
	int side = g->black_user == nw->user ? 0 : g->white_user == nw->user ? 1 : -1;
	if (nw->opponent) {
		int64_t other = side == 0 ? g->white_user : side == 1 ? g->black_user : 0;
		if (other != nw->opponent)
			return false;
	}
	if (nw->result >= 0) {
		if (side < 0 || g->status != STORE_ENDED || g->result == GY_RESULT_NONE)
			return false;
		int k = g->result == GY_RESULT_DRAW ? 2 : (g->result == GY_RESULT_BLACK_WINS) == (side == 0) ? 0 : 1;
		if (k != nw->result)
			return false;
	}
	return true;
}

/*
 * Reads the narrowed list of filter `f` page by page (at most NARROW_PAGES)
 * until `f->limit` games pass: a malloc'ed array as store_game_list's.
 */
static enum store_err narrow_list(struct store *st, struct store_filter f, const struct narrow *nw,
				  struct store_game **out, int *n)
{
	int want = f.limit, got = 0;
	struct store_game *keep = malloc(sizeof *keep * (size_t)want);
	if (!keep)
		return STORE_ERR_NOMEM;
	char last_id[STORE_ID_MAX];
	f.limit = 200;
	for (int page = 0; page < NARROW_PAGES && got < want; page++) {
		struct store_game *games = NULL;
		int k = 0;
		enum store_err e = store_game_list(st, &f, &games, &k);
		if (e) {
			free(keep);
			return e;
		}
		for (int i = 0; i < k && got < want; i++)
			if (narrow_keeps(nw, &games[i]))
				keep[got++] = games[i];
		bool more = k == f.limit;
		if (more) {
			memcpy(last_id, games[k - 1].id, sizeof last_id);
			f.before_ms = games[k - 1].created_ms;
			f.before_id = last_id;
		}
		free(games);
		if (!more)
			break;
	}
	*out = keep;
	*n = got;
	return STORE_OK;
}

/* Reads ?rated, ?kind, ?result and ?opponent into `nw`; an HTTP status (400, 404, 503) when one is wrong, else 0. */
static int narrow_parse(struct http_req *r, struct narrow *nw, const char **why)
{
	const char *rated = http_query(r, "rated"), *kind = http_query(r, "kind");
	const char *result = http_query(r, "result"), *opp = http_query(r, "opponent");
	nw->rated = -1;
	nw->result = -1;
	nw->on = rated || kind || result || opp;
	if (rated) {
		if (strcmp(rated, "true") && strcmp(rated, "false"))
			return *why = "rated must be true or false", 400;
		nw->rated = !strcmp(rated, "true");
	}
	if (kind) {
		if (strcmp(kind, "live") && strcmp(kind, "correspondence") && strcmp(kind, "untimed"))
			return *why = "kind must be live, correspondence or untimed", 400;
		nw->kind = kind;
	}
	if (result) {
		static const char *const words[] = {"won", "lost", "drawn"};
		for (int i = 0; i < 3; i++)
			if (!strcmp(result, words[i]))
				nw->result = i;
		if (nw->result < 0)
			return *why = "result must be won, lost or drawn", 400;
	}
	if (opp) {
		struct store_user u;
		bool ascii = *opp && strspn(opp, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") ==
					     strlen(opp);
		enum store_err e = ascii ? store_user_by_name(r->srv->store, opp, &u) : STORE_NOT_FOUND;
		if (e == STORE_NOT_FOUND || e == STORE_ERR_ARG)
			return *why = "opponent must be the name of a user", 400;
		if (e)
			return *why = "the database failed: try again", 503;
		nw->opponent = u.id;
	}
	return 0;
}

int api_game_list(struct http_req *r, const char *arg)
{
	(void)arg;
	struct store_filter f = {.limit = 50};
	int watch = 0; /* the games being played, to watch: at most this many */
	const char *user = http_query(r, "user"), *status = http_query(r, "status");
	const char *limit = http_query(r, "limit"), *before = http_query(r, "before");
	if (status && !(f.status = store_status_by_name(status)))
		return http_error(r, 400, "status must be waiting, playing, ended or canceled");
	if (limit) {
		char *end;
		long n = strtol(limit, &end, 10);
		if (end == limit || *end || n < 1 || n > 200)
			return http_error(r, 400, "limit must be 1 to 200");
		f.limit = (int)n;
	}
	struct store_game from;
	if (before) { /* the page after game `before`: older games, in the list's order */
		size_t len = strlen(before);
		if (len == 0 || len >= STORE_ID_MAX || strspn(before, ID_CHARS) != len)
			return http_error(r, 400, "before must be the id of a game (letters and digits)");
		enum store_err e = store_game_get(r->srv->store, before, &from, NULL, NULL);
		if (e)
			return e == STORE_NOT_FOUND ? http_error(r, 404, "no game %s to page from", before)
						    : http_error(r, 503, "the database failed: try again");
		f.before_ms = from.created_ms;
		f.before_id = from.id;
	}
	struct narrow nw = {0};
	const char *why = NULL;
	int bad = narrow_parse(r, &nw, &why);
	if (bad)
		return http_error(r, (unsigned)bad, "%s", why);
	if (nw.on && !user)
		return http_error(r, 400, "rated, kind, result and opponent narrow a user's games (?user=NAME)");
	if (user) {
		struct store_user u;
		/* A name too long for the store (STORE_ERR_ARG) or not ASCII (which PostgreSQL may refuse) names nobody. */
		bool ascii = strspn(user, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") ==
			     strlen(user);
		enum store_err e = ascii ? store_user_by_name(r->srv->store, user, &u) : STORE_NOT_FOUND;
		if (e)
			return e == STORE_NOT_FOUND || e == STORE_ERR_ARG
				       ? http_error(r, 404, "no user named %s", user)
				       : http_error(r, 503, "the database failed: try again");
		f.user = u.id;
		nw.user = u.id;
	} else if (f.status == STORE_WAITING) {
		f.lobby = true;
		f.viewer = http_user(r) ? r->user.id : 0;
	} else if (f.status == STORE_PLAYING && !before) {
		watch = f.limit < WATCH_MAX ? f.limit : WATCH_MAX;
		f.limit = WATCH_SCAN;
	} else {
		return http_error(r, 400,
				  "say whose games (?user=NAME), or ask for the lobby (?status=waiting) or the games "
				  "being played (?status=playing)");
	}
	struct store_game *games = NULL;
	int n = 0;
	if (nw.on ? narrow_list(r->srv->store, f, &nw, &games, &n) : store_game_list(r->srv->store, &f, &games, &n))
		return http_error(r, 503, "the database failed: try again");
	if (f.lobby)
		games_lobby(r->srv, games, &n, f.viewer);
	if (watch)
		n = watch_order(r->srv, games, n, watch);
	json_t *list = gamejson_list(r->srv, games, n);
	free(games);
	return list ? http_json(r, 200, json_pack("{s:o}", "games", list)) : http_error(r, 503, "out of memory");
}

int api_game_get(struct http_req *r, const char *id) { return answer_game(r, id, 200); }

/* The answer to a game operation that returned `st`: the game `g` it left (released here), or the error. */
static int after(struct http_req *r, struct game *g, int st, const struct why *why)
{
	if (st)
		return http_error(r, (unsigned)st, "%s", why->msg);
	json_t *j = gamejson_full(r->srv, g, r->user.id, srv_now_ms());
	game_release(g);
	return j ? http_json(r, 200, j) : http_error(r, 503, "out of memory");
}

int api_game_accept(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_accept(r->srv, id, &r->user, &g, &why), &why) : MHD_YES;
}

int api_game_cancel(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_cancel(r->srv, id, &r->user, false, &g, &why), &why) : MHD_YES;
}

int api_game_decline(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_cancel(r->srv, id, &r->user, true, &g, &why), &why) : MHD_YES;
}

int api_game_move(struct http_req *r, const char *id)
{
	if (!need_user(r))
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	const char *move = NULL, *text = NULL;
	int ply = -1, ret = MHD_YES;
	if (opt_string(r, body, "move", &move) && opt_string(r, body, "text", &text) &&
	    opt_int(r, body, "ply", 0, GAMES_MAX_PLIES, &ply)) {
		struct why why;
		struct game g;
		if (move && text)
			ret = http_error(r, 400, "give move or text, not both");
		else if (text && strlen(text) > GAMES_TEXT_MAX)
			ret = http_error(r, 400, "text must be at most %d bytes", GAMES_TEXT_MAX);
		else if (text)
			ret = after(r, &g, games_move_text(r->srv, id, r->user.id, text, ply, &g, &why), &why);
		else if (!move || strlen(move) > 16)
			ret = http_error(r, 400, "move must be a USI move such as 7g7f, 8h2b+ or P*5e");
		else
			ret = after(r, &g, games_move(r->srv, id, r->user.id, move, ply, &g, &why), &why);
	}
	json_decref(body);
	return ret;
}

int api_game_resign(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_resign(r->srv, id, r->user.id, &g, &why), &why) : MHD_YES;
}

int api_game_abort(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_abort(r->srv, id, r->user.id, &g, &why), &why) : MHD_YES;
}

int api_game_rematch(struct http_req *r, const char *id)
{
	if (!need_user(r))
		return MHD_YES;
	char new_id[STORE_ID_MAX];
	struct why why;
	int st = games_rematch(r->srv, id, &r->user, new_id, &why);
	return st ? http_error(r, (unsigned)st, "%s", why.msg) : http_json(r, 201, json_pack("{s:s}", "id", new_id));
}

/* POST /api/games/{id}/takeback {"answer": "ask"|"accept"|"decline"|"withdraw"} (absent: ask). */
int api_game_takeback(struct http_req *r, const char *id)
{
	if (!need_user(r))
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	const char *answer = NULL;
	int ret = MHD_YES;
	if (opt_string(r, body, "answer", &answer)) {
		enum games_answer what = !answer || !strcmp(answer, "ask") ? GAMES_ASK
					 : !strcmp(answer, "accept")       ? GAMES_ACCEPT
					 : !strcmp(answer, "decline")      ? GAMES_DECLINE
					 : !strcmp(answer, "withdraw")     ? GAMES_WITHDRAW
									   : (enum games_answer) - 1;
		struct why why;
		struct game g;
		ret = (int)what < 0 ? http_error(r, 400, "answer must be ask, accept, decline or withdraw")
				    : after(r, &g, games_takeback(r->srv, id, r->user.id, what, &g, &why), &why);
	}
	json_decref(body);
	return ret;
}

int api_game_more_time(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_more_time(r->srv, id, r->user.id, &g, &why), &why) : MHD_YES;
}

int api_game_declare(struct http_req *r, const char *id)
{
	struct why why;
	struct game g;
	return need_user(r) ? after(r, &g, games_declare(r->srv, id, r->user.id, &g, &why), &why) : MHD_YES;
}

int api_game_vacation(struct http_req *r, const char *id)
{
	if (!need_user(r))
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	int days = 0, ret = MHD_YES;
	if (opt_int(r, body, "days", 1, GY_TC_VACATION_MAX, &days)) {
		struct why why;
		struct game g;
		ret = days ? after(r, &g, games_vacation(r->srv, id, r->user.id, days, &g, &why), &why)
			   : http_error(r, 400, "days must be given");
	}
	json_decref(body);
	return ret;
}

/* The player's name for a record's header: the user, the computer's level, or a record's name. */
static void seat_name(struct srv *s, int64_t user, int level, const char *record_name, char *out, size_t size)
{
	struct store_user u;
	if (level)
		snprintf(out, size, "gyoku level %d", level);
	else if (user && store_user_by_id(s->store, user, &u) == STORE_OK)
		snprintf(out, size, "%s", u.name);
	else
		snprintf(out, size, "%s", record_name);
}

/*
 * The headers of the record of `g` (players, start, event, time
 * control), set on its session, whose record (moves with their times,
 * the ending) the writers take.  False when out of memory.
 */
static bool set_headers(struct srv *s, struct game *g)
{
	if (g->record)
		return true; /* an imported record keeps its own headers */
	char name[STORE_NAME_MAX * 4], when[32];
	const struct store_game *row = &g->row;
	bool handicap = strcmp(row->handicap, "even") && strcmp(row->handicap, "other");
	bool ok = true;
	seat_name(s, row->black_user, row->black_level, row->black_name, name, sizeof name);
	ok &= !gy_session_set_header(g->session, handicap ? "下手" : "先手", name);
	seat_name(s, row->white_user, row->white_level, row->white_name, name, sizeof name);
	ok &= !gy_session_set_header(g->session, handicap ? "上手" : "後手", name);
	if (row->started_ms) {
		time_t t = (time_t)(row->started_ms / 1000);
		struct tm tm;
		gmtime_r(&t, &tm);
		strftime(when, sizeof when, "%Y/%m/%d %H:%M:%S", &tm);
		ok &= !gy_session_set_header(g->session, "開始日時", when);
	}
	ok &= !gy_session_set_header(g->session, "棋戦", "gyoku");
	if (row->tc[0])
		ok &= !gy_session_set_header(g->session, "持ち時間", row->tc);
	return ok;
}

int api_game_export(struct http_req *r, const char *id)
{
	const char *fmt = http_query(r, "format");
	if (!fmt)
		fmt = "kif";
	int f = gy_record_format_by_name(fmt, strlen(fmt));
	if (f < 0)
		return http_error(r, 400, "format must be kif, kifu, ki2, ki2u, csa, jkf, sfen or usi");
	/* KIF and KI2 are served in UTF-8, with the encoding line that tells readers so. */
	bool utf8_kif = f == GY_RECORD_KIF || f == GY_RECORD_KIFU || f == GY_RECORD_KI2 || f == GY_RECORD_KI2U;
	if (f == GY_RECORD_KIF)
		f = GY_RECORD_KIFU;
	else if (f == GY_RECORD_KI2)
		f = GY_RECORD_KI2U;
	const char *rv = http_query(r, "review");
	bool review = rv && !strcmp(rv, "1");
	if (rv && !review && strcmp(rv, "0"))
		return http_error(r, 400, "review must be 0 or 1");
	if (review && f != GY_RECORD_KIFU)
		return http_error(r, 400, "a review is exported as KIF: format must be kif or kifu");
	struct game g;
	struct why why;
	int st = game_load(r->srv, id, &g, &why);
	if (st)
		return http_error(r, (unsigned)st, "%s", why.msg);
	char *text = NULL;
	size_t len = 0;
	bool written = set_headers(r->srv, &g) &&
		       !gy_record_write(gy_session_game(g.session), (enum gy_record_format)f, &text, &len);
	int ply = g.row.ply;
	game_release(&g);
	if (written && review) {
		/* The record read back (its comments, variations and headers as written), the review's comments set. */
		struct gy_game *copy = NULL;
		struct gy_srcpos where;
		int bad_ply = 0;
		written = !gy_record_read(text, len, GY_RECORD_KIFU, NULL, &copy, &where, &bad_ply);
		st = written ? api_review_annotate(r->srv, id, copy, ply) : 500;
		free(text);
		text = NULL;
		if (st) {
			gy_game_destroy(copy);
			return st == 404 ? http_error(r, 404, "the game has no saved review")
					 : http_error(r, (unsigned)st, "the review could not be written");
		}
		written = !gy_record_write(copy, GY_RECORD_KIFU, &text, &len);
		gy_game_destroy(copy);
	}
	if (!written) {
		free(text);
		return http_error(r, 500, "the record could not be written");
	}
	static const char enc_line[] = "#KIF version=2.0 encoding=UTF-8\n";
	char *out = utf8_kif ? malloc(sizeof enc_line + len) : NULL;
	if (out) {
		memcpy(out, enc_line, sizeof enc_line - 1);
		memcpy(out + sizeof enc_line - 1, text, len + 1);
		len += sizeof enc_line - 1;
		free(text);
		text = out;
	}
	char filename[64];
	snprintf(filename, sizeof filename, "gyoku-%s.%s", id, fmt);
	const char *type = f == GY_RECORD_JKF ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
	int ret = http_text(r, 200, type, text, len, filename);
	free(text);
	return ret;
}

int api_import(struct http_req *r, const char *arg)
{
	(void)arg;
	if (!need_user(r))
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	const char *format = NULL;
	json_t *rec = json_object_get(body, "record");
	int ret = MHD_YES;
	if (!json_is_string(rec)) {
		ret = http_error(r, 400, "record must be the record's text");
	} else if (opt_string(r, body, "format", &format)) {
		char id[STORE_ID_MAX];
		struct why why;
		int st = games_import(r->srv, &r->user, json_string_value(rec), json_string_length(rec), format, id,
				      &why);
		ret = st ? http_error(r, (unsigned)st, "%s", why.msg) : http_json(r, 201, json_pack("{s:s}", "id", id));
	}
	json_decref(body);
	return ret;
}
