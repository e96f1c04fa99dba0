/*
 * server/puzzles.c: the tsume puzzles (docs/server.md "Puzzles"): the set
 * read from the puzzle files at start-up, the routes that list, choose and
 * show puzzles, judge the player's moves (gy_puzzle_judge) and rate the
 * results (Glicko-2, glicko.h; a puzzle is the player's opponent).
 *
 * A result counts once per player and puzzle: for a signed-in player the
 * store keeps the attempt and both ratings (store_puzzle_result); a
 * visitor sends its own rating with the move and gets the new one back,
 * and the puzzle's rating is left alone (nothing stops a visitor from
 * trying again).  The first wrong move (a legal move that is not the
 * solution) or a solution asked for is a failure, a solved puzzle without
 * one a success.
 */
#include <dirent.h>
#include <math.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "glicko.h"
#include "gyoku/movegen.h"
#include "gyoku/position.h"
#include "gyoku/puzzle.h"
#include "gyoku/usi.h"
#include "puzzles.h"
#include "ratelimit.h"
#include "server.h"
#include "store.h"

enum {
	PZ_JUDGE_NODES = 100000, /* the solver's nodes to judge a wrong check, all its answers together */
	PZ_TT_MB = 8,            /* the judge's table */
	PZ_LINE_MAX = 4096,      /* the longest line of a puzzle file */
	PZ_EXCLUDE_MAX = 64      /* ids a visitor may ask "next" to leave out */
};

/* One puzzle as served. */
struct pz_entry {
	struct gy_puzzle pz;
	char id[GY_PUZZLE_ID_MAX];
	char sfen[GY_SFEN_MAX];
	char theme[GY_PUZZLE_THEME_MAX];
};

struct puzzles {
	struct pz_entry *list; /* sorted by id */
	int n;
	pthread_mutex_t lock; /* the solver, one judge at a time */
	struct gy_puzzle_solver *solver;
};

int puzzles_count(const struct puzzles *p) { return p ? p->n : 0; }

void puzzles_free(struct puzzles *p)
{
	if (!p)
		return;
	gy_puzzle_solver_destroy(p->solver);
	pthread_mutex_destroy(&p->lock);
	free(p->list);
	free(p);
}

static int by_id(const void *a, const void *b)
{
	return strcmp(((const struct pz_entry *)a)->id, ((const struct pz_entry *)b)->id);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The entry with id `id`, or NULL. */
static struct pz_entry *pz_find(struct puzzles *p, const char *id)
{
	struct pz_entry key;
	snprintf(key.id, sizeof key.id, "%s", id);
	return p->n ? bsearch(&key, p->list, (size_t)p->n, sizeof *p->list, by_id) : NULL;
}

/* Reads one file into p->list; false when out of memory. */
static bool pz_read_file(struct puzzles *p, const char *path, int *cap, FILE *log)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(log, "gyoku serve: %s: cannot be read\n", path);
		return true;
	}
	char *text = malloc(PZ_LINE_MAX);
	bool ok = text != NULL;
	int lineno = 0;
	while (ok && fgets(text, PZ_LINE_MAX, f)) {
		lineno++;
		size_t k = strlen(text);
		if (k == PZ_LINE_MAX - 1 && text[k - 1] != '\n') {
			fprintf(log, "%s:%d: the line is too long: skipped\n", path, lineno);
			int c;
			while ((c = fgetc(f)) != EOF && c != '\n')
				;
			continue;
		}
		text[strcspn(text, "\r\n")] = '\0';
		if (!text[0] || text[0] == '#')
			continue;
		if (p->n == *cap) {
			int ncap = *cap ? *cap * 2 : 256;
			struct pz_entry *l = realloc(p->list, (size_t)ncap * sizeof *l);
			if (!l) {
				ok = false;
				break;
			}
			p->list = l;
			*cap = ncap;
		}
		struct pz_entry *e = &p->list[p->n];
		char why[256];
		if (!gy_puzzle_parse(text, strlen(text), &e->pz, why, sizeof why)) {
			fprintf(log, "%s:%d: %s: skipped\n", path, lineno, why);
			continue;
		}
		gy_puzzle_id(&e->pz.pos, e->id, sizeof e->id);
		bool dup = false;
		for (int i = 0; i < p->n && !dup; i++)
			dup = !strcmp(p->list[i].id, e->id);
		if (dup) {
			fprintf(log, "%s:%d: the position is already loaded: skipped\n", path, lineno);
			continue;
		}
		gy_sfen_write(&e->pz.pos, e->sfen, sizeof e->sfen);
		gy_puzzle_theme(e->pz.n, e->theme, sizeof e->theme);
		p->n++;
	}
	free(text);
	fclose(f);
	return ok;
}

struct puzzles *puzzles_load(const char *dir, FILE *log)
{
	struct puzzles *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	pthread_mutex_init(&p->lock, NULL);
	if (gy_puzzle_solver_create(&p->solver, PZ_TT_MB) != GY_OK) {
		puzzles_free(p);
		return NULL;
	}
	DIR *d = opendir(dir);
	if (!d)
		return p;
	char **names = NULL;
	int nnames = 0, cap = 0;
	bool ok = true;
	for (struct dirent *de; ok && (de = readdir(d));) {
		size_t k = strlen(de->d_name);
		if (k < 5 || strcmp(de->d_name + k - 4, ".txt") || de->d_name[0] == '.')
			continue;
		char **grown = realloc(names, (size_t)(nnames + 1) * sizeof *names);
		size_t size = strlen(dir) + k + 2;
		char *name = grown ? malloc(size) : NULL;
		if (grown)
			names = grown;
		if (!name) {
			ok = false;
			break;
		}
		snprintf(name, size, "%s/%s", dir, de->d_name);
		names[nnames++] = name;
	}
	closedir(d);
	if (nnames)
		qsort(names, (size_t)nnames, sizeof *names, by_name);
	for (int i = 0; i < nnames; i++) {
		ok = ok && pz_read_file(p, names[i], &cap, log);
		free(names[i]);
	}
	free(names);
	if (!ok) {
		puzzles_free(p);
		return NULL;
	}
	if (p->n)
		qsort(p->list, (size_t)p->n, sizeof *p->list, by_id);
	return p;
}

/* ---- ratings ---- */

/* The rating a puzzle starts from: by its length, 1100 for a 1手詰 up to 1800 for a 15手詰. */
static struct store_prating pz_start_rating(int n)
{
	struct store_prating r = {1100 + 50.0 * (n - 1), 250, 0.06, 0};
	return r;
}

/* The puzzle's stored rating, or its start. */
static struct store_prating pz_rating(struct srv *s, const struct pz_entry *e)
{
	struct store_puzzle_row *rows = NULL;
	int n = 0;
	struct store_prating r = pz_start_rating(e->pz.n);
	if (store_puzzle_ratings(s->store, &rows, &n) == STORE_OK)
		for (int i = 0; i < n; i++)
			if (!strcmp(rows[i].id, e->id))
				r = rows[i].r;
	free(rows);
	return r;
}

static json_t *rating_json(const struct store_prating *r)
{
	return json_pack("{s:f,s:f,s:f,s:i}", "rating", r->rating, "rd", r->rd, "vol", r->vol, "attempts", r->attempts);
}

/* The signed-in player's puzzle rating (a new player's when none); false when the store failed. */
static bool player_rating(struct http_req *r, struct store_prating *out)
{
	struct glicko g = glicko_new();
	*out = (struct store_prating){g.rating, g.rd, g.vol, 0};
	enum store_err e = store_puzzle_user(r->srv->store, r->user.id, out);
	return e == STORE_OK || e == STORE_NOT_FOUND;
}

/* A visitor's rating from `v` ({"rating", "rd", "vol"}); false (after a 400) when it is not one. */
static bool visitor_rating(struct http_req *r, json_t *v, struct store_prating *out)
{
	json_t *a = json_object_get(v, "rating"), *b = json_object_get(v, "rd"), *c = json_object_get(v, "vol");
	json_t *n = json_object_get(v, "attempts");
	double x = json_number_value(a), y = json_number_value(b), z = json_number_value(c);
	if (!json_is_object(v) || !json_is_number(a) || !json_is_number(b) || !json_is_number(c) || !isfinite(x) ||
	    !isfinite(y) || !isfinite(z) || x < 0 || x > 4000 || y < 30 || y > 350 || z <= 0 || z > 0.2 ||
	    (n && !json_is_integer(n))) {
		http_error(r, 400, "rating must be {\"rating\": 0..4000, \"rd\": 30..350, \"vol\": above 0 to 0.2}");
		return false;
	}
	long long k = n ? json_integer_value(n) : 0;
	*out = (struct store_prating){x, y, z, k < 0 ? 0 : k > 1000000 ? 1000000 : (int)k};
	return true;
}

/*
 * Rates a result: the player's rating `pl` against the puzzle's; for a
 * signed-in player stores it (once: a second result is no result, NULL
 * returned with *stored false), for a visitor only computes it.  Returns
 * the "result" JSON, or NULL (json null) when nothing was rated;
 * false in *failed when the store failed.
 */
static json_t *rate(struct http_req *r, const struct pz_entry *e, bool solved, bool signed_in,
		    const struct store_prating *pl, bool *failed)
{
	*failed = false;
	struct store_prating pr = pz_rating(r->srv, e);
	struct glicko me = {pl->rating, pl->rd, pl->vol}, it = {pr.rating, pr.rd, pr.vol};
	struct glicko_game gm = {pr.rating, pr.rd, solved ? 1.0 : 0.0}, gp = {pl->rating, pl->rd, solved ? 0.0 : 1.0};
	struct glicko me2 = glicko_update(me, &gm, 1, 0.5), it2 = glicko_update(it, &gp, 1, 0.5);
	struct store_prating nu = {me2.rating, me2.rd, me2.vol, pl->attempts + 1};
	struct store_prating np = {it2.rating, it2.rd, it2.vol, pr.attempts + 1};
	if (signed_in) {
		struct store_attempt a = {"", solved, srv_now_ms()};
		snprintf(a.puzzle, sizeof a.puzzle, "%s", e->id);
		enum store_err se = store_puzzle_result(r->srv->store, r->user.id, &a, &nu, &np);
		if (se == STORE_CONFLICT)
			return json_null();
		if (se != STORE_OK) {
			*failed = true;
			return NULL;
		}
	} else {
		np = pr;
	}
	return json_pack("{s:b,s:o,s:f,s:f}", "solved", solved, "player", rating_json(&nu), "change",
			 nu.rating - pl->rating, "puzzle_rating", np.rating);
}

/* ---- answers ---- */

/* The legal moves of `pos` in USI, as the game JSON's `legal` (the board's input offers them). */
static json_t *legal_json(const struct gy_pos *pos)
{
	struct gy_movelist list = {0};
	gy_gen(pos, GY_GEN_LEGAL, &list);
	json_t *a = json_array();
	for (int i = 0; a && i < list.n; i++) {
		char mv[GY_USI_MOVE_MAX];
		gy_usi_write_move(list.moves[i], mv);
		json_array_append_new(a, json_string(mv));
	}
	return a;
}

/* The JSON of a puzzle as a player sees it: no solution. */
static json_t *puzzle_json(struct http_req *r, const struct pz_entry *e)
{
	struct store_prating pr = pz_rating(r->srv, e);
	json_t *j = json_pack("{s:s,s:s,s:i,s:s,s:s,s:f,s:f,s:i}", "id", e->id, "sfen", e->sfen, "length", e->pz.n,
			      "theme", e->theme, "side", e->pz.pos.side == GY_BLACK ? "black" : "white", "rating",
			      pr.rating, "rd", pr.rd, "attempts", pr.attempts);
	if (!j)
		return NULL;
	json_t *player = json_null(), *attempt = json_null();
	struct store_prating pl;
	if (http_user(r) && player_rating(r, &pl)) {
		player = rating_json(&pl);
		struct store_attempt *list = NULL;
		int n = 0;
		if (store_puzzle_attempts(r->srv->store, r->user.id, &list, &n) == STORE_OK)
			for (int i = 0; i < n; i++)
				if (!strcmp(list[i].puzzle, e->id)) {
					json_decref(attempt);
					attempt = json_pack("{s:b,s:I}", "solved", list[i].solved, "at_ms",
							    (json_int_t)list[i].at_ms);
				}
		free(list);
	}
	json_object_set_new(j, "legal", legal_json(&e->pz.pos));
	json_object_set_new(j, "player", player ? player : json_null());
	json_object_set_new(j, "attempt", attempt ? attempt : json_null());
	return j;
}

static int answer_puzzle(struct http_req *r, const struct pz_entry *e, const char *day)
{
	json_t *j = puzzle_json(r, e);
	if (j && day)
		json_object_set_new(j, "day", json_string(day));
	return j ? http_json(r, 200, j) : http_error(r, 503, "out of memory");
}

/* The entry of the route's id: NULL after a 404. */
static struct pz_entry *entry_of(struct http_req *r, const char *arg)
{
	struct pz_entry *e = arg ? pz_find(r->srv->puzzles, arg) : NULL;
	if (!e)
		http_error(r, 404, "no such puzzle");
	return e;
}

int api_puzzle_themes(struct http_req *r, const char *arg)
{
	(void)arg;
	struct puzzles *p = r->srv->puzzles;
	int count[GY_PUZZLE_MAX_LEN + 1] = {0};
	for (int i = 0; i < p->n; i++)
		count[p->list[i].pz.n]++;
	json_t *themes = json_array();
	for (int n = 1; themes && n <= GY_PUZZLE_MAX_LEN; n += 2) {
		if (!count[n])
			continue;
		char theme[GY_PUZZLE_THEME_MAX];
		gy_puzzle_theme(n, theme, sizeof theme);
		json_array_append_new(themes,
				      json_pack("{s:s,s:i,s:i}", "theme", theme, "length", n, "count", count[n]));
	}
	json_t *j = themes ? json_pack("{s:o,s:i}", "themes", themes, "total", p->n) : NULL;
	return j ? http_json(r, 200, j) : http_error(r, 503, "out of memory");
}

/* The length a theme names: "3手詰" or "3"; 0 for none, -1 when it names nothing. */
static int theme_length(const char *t)
{
	if (!t || !t[0])
		return 0;
	char *end;
	long n = strtol(t, &end, 10);
	if (end == t || n < 1 || n > GY_PUZZLE_MAX_LEN || n % 2 == 0 || (*end && strcmp(end, "手詰")))
		return -1;
	return (int)n;
}

/* Whether `id` is one of the comma-separated ids of `list`. */
static bool in_list(const char *list, const char *id)
{
	size_t k = strlen(id);
	for (const char *t = list; t && *t;) {
		size_t n = strcspn(t, ",");
		if (n == k && !memcmp(t, id, k))
			return true;
		t += n + (t[n] == ',');
	}
	return false;
}

int api_puzzle_next(struct http_req *r, const char *arg)
{
	(void)arg;
	struct puzzles *p = r->srv->puzzles;
	int len = theme_length(http_query(r, "theme"));
	if (len < 0)
		return http_error(r, 400, "theme must be a length's name: 1手詰, 3手詰, ... 15手詰");
	const char *exclude = http_query(r, "exclude");
	if (exclude && strlen(exclude) > PZ_EXCLUDE_MAX * GY_PUZZLE_ID_MAX)
		return http_error(r, 400, "exclude names too many puzzles");
	double rating = glicko_new().rating;
	struct store_attempt *seen = NULL;
	int nseen = 0;
	if (http_user(r)) {
		struct store_prating pl;
		if (!player_rating(r, &pl) || store_puzzle_attempts(r->srv->store, r->user.id, &seen, &nseen))
			return http_error(r, 503, "the database failed: try again");
		rating = pl.rating;
	} else if (http_query(r, "rating")) {
		const char *t = http_query(r, "rating");
		char *end;
		rating = strtod(t, &end);
		if (end == t || *end || !isfinite(rating) || rating < 0 || rating > 4000)
			return http_error(r, 400, "rating must be a number from 0 to 4000");
	}
	struct store_puzzle_row *rows = NULL;
	int nrows = 0;
	if (store_puzzle_ratings(r->srv->store, &rows, &nrows)) {
		free(seen);
		return http_error(r, 503, "the database failed: try again");
	}
	/* Unseen first (not attempted, not excluded), then the nearest rating, then the id. */
	const struct pz_entry *best = NULL;
	int best_seen = 2;
	double best_d = 0;
	for (int i = 0, k = 0; i < p->n; i++) {
		const struct pz_entry *e = &p->list[i];
		if (len && e->pz.n != len)
			continue;
		double pr = pz_start_rating(e->pz.n).rating;
		while (k < nrows && strcmp(rows[k].id, e->id) < 0)
			k++;
		if (k < nrows && !strcmp(rows[k].id, e->id))
			pr = rows[k].r.rating;
		int was = in_list(exclude, e->id) ? 1 : 0;
		for (int s = 0; s < nseen && !was; s++)
			was = !strcmp(seen[s].puzzle, e->id);
		double d = fabs(pr - rating);
		if (!best || was < best_seen || (was == best_seen && d < best_d)) {
			best = e;
			best_seen = was;
			best_d = d;
		}
	}
	free(rows);
	free(seen);
	if (!best)
		return http_error(r, 404, "no puzzle of that theme");
	return answer_puzzle(r, best, NULL);
}

int api_puzzle_daily(struct http_req *r, const char *arg)
{
	(void)arg;
	struct puzzles *p = r->srv->puzzles;
	if (!p->n)
		return http_error(r, 404, "no puzzles on this server");
	int64_t day = srv_now_ms() / 86400000;
	uint64_t z = (uint64_t)day * 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	time_t t = (time_t)(day * 86400);
	struct tm tm;
	gmtime_r(&t, &tm);
	char date[16];
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	return answer_puzzle(r, &p->list[z % (uint64_t)p->n], date);
}

int api_puzzle_get(struct http_req *r, const char *arg)
{
	struct pz_entry *e = entry_of(r, arg);
	return e ? answer_puzzle(r, e, NULL) : MHD_YES;
}

/* Queues 429 when the key of this request (the user, else the address) wrote too many puzzle requests. */
static bool within_limit(struct http_req *r)
{
	char key[64];
	if (http_user(r))
		snprintf(key, sizeof key, "u%lld", (long long)r->user.id);
	else
		http_client_key(r, key, sizeof key);
	int64_t now = srv_now_ms();
	int64_t wait = ratelimit_wait(r->srv->puzzle_limit, key, strlen(key), now);
	if (wait > 0) {
		http_too_many(r, wait, "too many puzzle moves");
		return false;
	}
	ratelimit_fail(r->srv->puzzle_limit, key, strlen(key), now);
	return true;
}

/*
 * The player's rating for a result: a signed-in player's from the store,
 * a visitor's from the body's "rating" (none: nothing is rated).  Returns
 * 1 when there is one, 0 when none, -1 after an error answer.
 */
static int result_rating(struct http_req *r, json_t *body, struct store_prating *pl)
{
	if (http_user(r)) {
		if (!player_rating(r, pl)) {
			http_error(r, 503, "the database failed: try again");
			return -1;
		}
		return 1;
	}
	json_t *v = json_object_get(body, "rating");
	if (!v || json_is_null(v))
		return 0;
	return visitor_rating(r, v, pl) ? 1 : -1;
}

/* Adds "result" to `j`: the rating of a result, or null. */
static bool add_result(struct http_req *r, json_t *j, const struct pz_entry *e, bool solved, int have,
		       const struct store_prating *pl)
{
	json_t *res = json_null();
	if (have > 0) {
		bool failed;
		json_decref(res);
		res = rate(r, e, solved, http_user(r), pl, &failed);
		if (failed) {
			http_error(r, 503, "the database failed: try again");
			return false;
		}
	}
	json_object_set_new(j, "result", res ? res : json_null());
	return true;
}

int api_puzzle_move(struct http_req *r, const char *arg)
{
	struct pz_entry *e = entry_of(r, arg);
	if (!e)
		return MHD_YES;
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	int ret = MHD_YES;
	json_t *moves = json_object_get(body, "moves");
	const char *usi[GY_PUZZLE_LINE_MAX];
	size_t n = json_array_size(moves);
	if (!json_is_array(moves) || n < 1 || n > (size_t)e->pz.n || n % 2 == 0) {
		ret = http_error(r, 400,
				 "moves must be the line's moves so far and the attacker's move: 1 to %d "
				 "USI moves, an odd number",
				 e->pz.n);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		json_t *m = json_array_get(moves, i);
		if (!json_is_string(m) || json_string_length(m) > 8) {
			ret = http_error(r, 400, "moves.%zu must be a USI move", i);
			goto out;
		}
		usi[i] = json_string_value(m);
	}
	struct store_prating pl;
	int have = result_rating(r, body, &pl);
	if (have < 0 || !within_limit(r))
		goto out;
	struct gy_puzzle_judgement jd;
	pthread_mutex_lock(&r->srv->puzzles->lock);
	enum gy_err err = gy_puzzle_judge(r->srv->puzzles->solver, &e->pz, usi, (int)n, PZ_JUDGE_NODES, &jd);
	pthread_mutex_unlock(&r->srv->puzzles->lock);
	if (err != GY_OK) {
		ret = http_error(r, 400, "the moves before the last are not the puzzle's line");
		goto out;
	}
	char reply[GY_USI_MOVE_MAX] = "";
	if (jd.reply != GY_MOVE_NONE)
		gy_usi_write_move(jd.reply, reply);
	json_t *j = json_pack("{s:s,s:s?,s:o}", "verdict", gy_puzzle_verdict_name(jd.verdict), "reply",
			      reply[0] ? reply : NULL, "mate_length",
			      jd.verdict == GY_PUZZLE_LONGER ? json_integer(jd.mate_len) : json_null());
	if (!j) {
		ret = http_error(r, 503, "out of memory");
		goto out;
	}
	json_t *legal = json_null();
	if (jd.verdict == GY_PUZZLE_RIGHT) { /* the attacker's moves after the defender's reply */
		struct gy_pos q = e->pz.pos;
		struct gy_undo u;
		for (size_t i = 0; i <= n && i < (size_t)e->pz.n; i++)
			gy_pos_do(&q, e->pz.line[i], &u);
		json_decref(legal);
		legal = legal_json(&q);
	}
	json_object_set_new(j, "legal", legal ? legal : json_null());
	bool decided = jd.verdict != GY_PUZZLE_RIGHT && jd.verdict != GY_PUZZLE_ILLEGAL;
	if (!add_result(r, j, e, jd.verdict == GY_PUZZLE_SOLVED, decided ? have : 0, &pl)) {
		json_decref(j);
		goto out;
	}
	ret = http_json(r, 200, j);
out:
	json_decref(body);
	return ret;
}

int api_puzzle_solution(struct http_req *r, const char *arg)
{
	struct pz_entry *e = entry_of(r, arg);
	if (!e)
		return MHD_YES;
	json_t *body = r->len ? http_body_object(r) : json_object();
	if (!body)
		return MHD_YES;
	int ret = MHD_YES;
	struct store_prating pl;
	int have = result_rating(r, body, &pl);
	if (have < 0 || !within_limit(r))
		goto out;
	json_t *line = json_array();
	for (int i = 0; line && i < e->pz.n; i++) {
		char mv[GY_USI_MOVE_MAX];
		gy_usi_write_move(e->pz.line[i], mv);
		json_array_append_new(line, json_string(mv));
	}
	json_t *j = line ? json_pack("{s:o}", "solution", line) : NULL;
	if (!j) {
		ret = http_error(r, 503, "out of memory");
		goto out;
	}
	if (!add_result(r, j, e, false, have, &pl)) {
		json_decref(j);
		goto out;
	}
	ret = http_json(r, 200, j);
out:
	json_decref(body);
	return ret;
}
