/*
 * server/store.c: the storage dispatch (store.h): picks the backend from
 * the URL, checks every argument once for both backends, and calls the
 * backend's operation (store_impl.h).
 *
 * It also holds what the backends share besides their SQL (store_sql.c):
 * the skeleton of a store (open, the pool of connections, close) around
 * the backend's connect, disconnect, ping, settle and migrate, and the
 * one encoding of a game's values (status, result, ending, impasse rule)
 * as the words of their text columns, and back.
 *
 * Invariants: an operation is called only with arguments that passed the
 * checks here (every text NUL-terminated within its STORE_*_MAX, ids and
 * names not empty, counts not negative, ratings sorted by user id, a list
 * limit within 1..STORE_LIST_MAX); a refused argument is STORE_ERR_ARG and
 * touches no database.  A connection of a store's pool is either idle or
 * held by exactly one call; `count` connections exist (idle and held), at
 * most `max`; one goes back idle only outside a transaction and working
 * (settle), else it is closed.
 */
#include "store.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"

const char *store_strerror(enum store_err e)
{
	switch (e) {
	case STORE_OK: return "ok";
	case STORE_NOT_FOUND: return "not found";
	case STORE_CONFLICT: return "conflict";
	case STORE_STALE: return "stale ratings";
	case STORE_ERR_ARG: return "bad argument";
	case STORE_ERR_NOMEM: return "out of memory";
	case STORE_ERR_DB: return "database error";
	case STORE_DAMAGED: return "damaged row";
	}
	return "unknown store error";
}

/* The words of the text columns (store.h, struct store_game). */
static const char *const status_words[STORE_STATUS_NB] = {"", "waiting", "playing", "ended", "canceled"};
static const char *const result_words[] = {[GY_RESULT_NONE] = "",
					   [GY_RESULT_BLACK_WINS] = "black",
					   [GY_RESULT_WHITE_WINS] = "white",
					   [GY_RESULT_DRAW] = "draw"};
enum { RESULT_NB = sizeof result_words / sizeof result_words[0] };
static const char canceled_word[] = "canceled", declined_word[] = "declined", aborted_word[] = "aborted";

const char *store_status_name(enum store_status st) { return (unsigned)st < STORE_STATUS_NB ? status_words[st] : ""; }

enum store_status store_status_by_name(const char *word)
{
	for (int i = STORE_WAITING; i < STORE_STATUS_NB; i++)
		if (!strcmp(word, status_words[i]))
			return (enum store_status)i;
	return STORE_STATUS_NONE;
}

const char *store_result_name(enum gy_result r) { return (unsigned)r < RESULT_NB ? result_words[r] : ""; }

const char *store_ending_name(const struct store_game *g)
{
	if (g->status == STORE_CANCELED)
		return g->declined ? declined_word : g->aborted ? aborted_word : canceled_word;
	return g->ending == GY_END_NONE ? "" : gy_ending_name(g->ending);
}

int store__result_by_name(const char *w)
{
	for (int i = 0; i < RESULT_NB; i++)
		if (!strcmp(w, result_words[i]))
			return i;
	return -1;
}

int store__ending_by_name(const char *w, bool *declined, bool *aborted)
{
	*declined = !strcmp(w, declined_word);
	*aborted = !strcmp(w, aborted_word);
	if (!w[0] || *declined || *aborted || !strcmp(w, canceled_word))
		return GY_END_NONE;
	for (int i = GY_END_NONE + 1; i < GY_END_NB; i++)
		if (!strcmp(w, gy_ending_name((enum gy_ending)i)))
			return i;
	return -1;
}

int store_impasse_by_name(const char *w)
{
	for (int i = 0; i < GY_IMPASSE_RULE_NB; i++)
		if (!strcmp(w, gy_impasse_rule_name((enum gy_impasse_rule)i)))
			return i;
	return -1;
}

void store__log(const char *kind, const char *what, const char *msg)
{
	/* One line: libpq's messages have several, ending with a newline, continued with tabs. */
	char line[1024];
	size_t n = 0;
	for (const char *m = msg ? msg : ""; *m && n < sizeof line - 1; m++) {
		char c = *m == '\n' || *m == '\t' || *m == '\r' ? ' ' : *m;
		if (c != ' ' || (n > 0 && line[n - 1] != ' '))
			line[n++] = c;
	}
	while (n > 0 && line[n - 1] == ' ')
		n--;
	line[n] = '\0';
	fprintf(stderr, "gyoku store (%s): %s: %s\n", kind, what, line);
}

void store__errf(char *errbuf, size_t errlen, const char *fmt, ...)
{
	if (!errbuf || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(errbuf, errlen, fmt, ap);
	va_end(ap);
}

bool store__copy(char *dst, size_t cap, const char *src, size_t len)
{
	if (len >= cap) {
		dst[0] = '\0';
		return false;
	}
	memcpy(dst, src, len);
	dst[len] = '\0';
	return true;
}

/* True when `s` is a string shorter than `max` bytes with its NUL (empty only when `empty_ok`). */
static bool text_ok(const char *s, size_t max, bool empty_ok)
{
	if (!s)
		return false;
	size_t n = strnlen(s, max);
	return n < max && (empty_ok || n > 0);
}

/* A game's status (not STORE_STATUS_NONE). */
static bool status_ok(enum store_status st) { return st > STORE_STATUS_NONE && st < STORE_STATUS_NB; }

/* The checks of a game's fields (store_game_create, _import, _update). */
static bool game_ok(const struct store_game *g)
{
	return g && text_ok(g->id, sizeof g->id, false) && status_ok(g->status) &&
	       text_ok(g->black_name, sizeof g->black_name, true) &&
	       text_ok(g->white_name, sizeof g->white_name, true) && text_ok(g->handicap, sizeof g->handicap, true) &&
	       text_ok(g->tc, sizeof g->tc, true) && (unsigned)g->impasse < GY_IMPASSE_RULE_NB &&
	       text_ok(g->start_sfen, sizeof g->start_sfen, true) && text_ok(g->clock, sizeof g->clock, true) &&
	       (unsigned)g->result < RESULT_NB && (unsigned)g->ending < GY_END_NB && g->black_user >= 0 &&
	       g->white_user >= 0 && g->creator >= 0 && g->challenged >= 0 && g->black_level >= 0 &&
	       g->black_level <= 10 && g->white_level >= 0 && g->white_level <= 10 && g->color >= 0 && g->color <= 2 &&
	       g->ply >= 0 && isfinite(g->rating_before[0]) && isfinite(g->rating_before[1]) &&
	       isfinite(g->rating_after[0]) && isfinite(g->rating_after[1]);
}

static bool move_ok(const struct store_move *m) { return text_ok(m->usi, sizeof m->usi, false); }

/* Copies `name` with ASCII letters lowercased: the key that makes names unique without regard to case. */
static void name_key(const char *name, char key[STORE_NAME_MAX])
{
	size_t i = 0;
	for (; name[i] && i < STORE_NAME_MAX - 1; i++)
		key[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];
	key[i] = '\0';
}

void *store__take(struct store *s)
{
	struct store_pool *p = &s->pool;
	pthread_mutex_lock(&p->lock);
	while (p->nidle == 0 && p->count >= p->max)
		pthread_cond_wait(&p->freed, &p->lock);
	void *c = p->nidle ? p->idle[--p->nidle] : NULL;
	if (!c)
		p->count++;
	pthread_mutex_unlock(&p->lock);
	if (c && s->ops->ping && !s->ops->ping(c)) {
		s->ops->disconnect(c);
		c = NULL;
	} else if (!c) {
		c = s->ops->connect(s, NULL, 0);
	}
	if (!c) {
		pthread_mutex_lock(&p->lock);
		p->count--;
		pthread_cond_signal(&p->freed);
		pthread_mutex_unlock(&p->lock);
	}
	return c;
}

void store__give(struct store *s, void *c)
{
	struct store_pool *p = &s->pool;
	bool keep = s->ops->settle(c);
	if (!keep)
		s->ops->disconnect(c);
	pthread_mutex_lock(&p->lock);
	if (keep)
		p->idle[p->nidle++] = c;
	else
		p->count--;
	pthread_cond_signal(&p->freed);
	pthread_mutex_unlock(&p->lock);
}

/*
 * Opening, for both backends: the store with its URL, pool and
 * statements, the backend's own fields (init), the first connection, the
 * migrations on it; it then waits in the pool for the first call.
 */
enum store_err store_open(struct store **out, const char *url, char *errbuf, size_t errlen)
{
	store__errf(errbuf, errlen, "%s", "");
	if (!out)
		return STORE_ERR_ARG;
	*out = NULL;
	if (!url || !url[0]) {
		store__errf(errbuf, errlen, "no database given");
		return STORE_ERR_ARG;
	}
	bool pg = !strncmp(url, "postgresql://", 13) || !strncmp(url, "postgres://", 11);
	const struct store_ops *ops = pg ? &store__pg_ops : &store__sqlite_ops;
	size_t len = strlen(url);
	struct store *s = calloc(1, ops->size);
	char *u = malloc(len + 1);
	if (!s || !u) {
		free(s);
		free(u);
		store__errf(errbuf, errlen, "out of memory");
		return STORE_ERR_NOMEM;
	}
	memcpy(u, url, len + 1);
	s->ops = ops;
	s->url = u;
	s->pool.max = STORE_POOL_MAX;
	pthread_mutex_init(&s->pool.lock, NULL);
	pthread_cond_init(&s->pool.freed, NULL);
	ops->init(s);
	void *c = NULL;
	enum store_err e = store__build_sql(s);
	if (e) {
		store__errf(errbuf, errlen, "the statements do not fit");
		goto fail;
	}
	if (!(c = ops->connect(s, errbuf, errlen))) {
		e = STORE_ERR_DB;
		goto fail;
	}
	s->pool.count = 1;
	e = ops->migrate(s, c, errbuf, errlen);
	store__give(s, c);
	if (e)
		goto fail;
	*out = s;
	return STORE_OK;
fail:
	store_close(s);
	return e;
}

void store_close(struct store *s)
{
	if (!s)
		return;
	s->ops->fini(s);
	while (s->pool.nidle > 0)
		s->ops->disconnect(s->pool.idle[--s->pool.nidle]);
	pthread_mutex_destroy(&s->pool.lock);
	pthread_cond_destroy(&s->pool.freed);
	free(s->url);
	free(s);
}

const char *store_kind(const struct store *s) { return s->ops->kind; }

enum store_err store_user_create(struct store *s, const struct store_user *u, int64_t *id)
{
	if (!u || !id || !text_ok(u->name, sizeof u->name, false) || !text_ok(u->pw_hash, sizeof u->pw_hash, true) ||
	    !isfinite(u->rating) || !isfinite(u->rd) || !isfinite(u->vol) || u->games < 0)
		return STORE_ERR_ARG;
	char key[STORE_NAME_MAX];
	name_key(u->name, key);
	return s->ops->user_create(s, u, key, id);
}

enum store_err store_user_by_name(struct store *s, const char *name, struct store_user *u)
{
	if (!u || !text_ok(name, STORE_NAME_MAX, false))
		return STORE_ERR_ARG;
	char key[STORE_NAME_MAX];
	name_key(name, key);
	return s->ops->user_get(s, key, 0, u);
}

enum store_err store_user_by_id(struct store *s, int64_t id, struct store_user *u)
{
	if (!u)
		return STORE_ERR_ARG;
	if (id <= 0)
		return STORE_NOT_FOUND;
	return s->ops->user_get(s, NULL, id, u);
}

enum store_err store_session_create(struct store *s, const char *token_hash, int64_t user, const char *csrf,
				    int64_t expires_ms)
{
	if (!text_ok(token_hash, STORE_TOKEN_MAX, false) || !text_ok(csrf, STORE_TOKEN_MAX, true) || user <= 0)
		return STORE_ERR_ARG;
	return s->ops->session_create(s, token_hash, user, csrf, expires_ms);
}

enum store_err store_session_get(struct store *s, const char *token_hash, int64_t now_ms, int64_t *user, char *csrf)
{
	if (!text_ok(token_hash, STORE_TOKEN_MAX, false) || !user || !csrf)
		return STORE_ERR_ARG;
	return s->ops->session_get(s, token_hash, now_ms, user, csrf);
}

enum store_err store_session_delete(struct store *s, const char *token_hash)
{
	if (!text_ok(token_hash, STORE_TOKEN_MAX, false))
		return STORE_ERR_ARG;
	return s->ops->session_delete(s, token_hash);
}

enum store_err store_user_password(struct store *s, int64_t user, const char *pw_hash, const char *keep)
{
	if (user <= 0 || !text_ok(pw_hash, STORE_HASH_MAX, false) || !text_ok(keep, STORE_TOKEN_MAX, false))
		return STORE_ERR_ARG;
	return s->ops->user_password(s, user, pw_hash, keep);
}

enum store_err store_game_create(struct store *s, const struct store_game *g)
{
	if (!game_ok(g))
		return STORE_ERR_ARG;
	return s->ops->game_insert(s, g, NULL, 0, NULL);
}

enum store_err store_game_import(struct store *s, const struct store_game *g, const struct store_move *moves, int n,
				 const struct store_record *rec)
{
	if (!game_ok(g) || n < 0 || (n > 0 && !moves))
		return STORE_ERR_ARG;
	for (int i = 0; i < n; i++)
		if (!move_ok(&moves[i]))
			return STORE_ERR_ARG;
	if (rec && (!text_ok(rec->format, STORE_WORD_MAX, false) || !text_ok(rec->text, STORE_RECORD_MAX, true)))
		return STORE_ERR_ARG;
	return s->ops->game_insert(s, g, moves, n, rec);
}

enum store_err store_record_get(struct store *s, const char *id, char *format, char *text)
{
	if (!text_ok(id, STORE_ID_MAX, false) || !format || !text)
		return STORE_ERR_ARG;
	format[0] = text[0] = '\0';
	return s->ops->record_get(s, id, format, text);
}

enum store_err store_game_get(struct store *s, const char *id, struct store_game *g, struct store_move **moves, int *n)
{
	if (moves)
		*moves = NULL;
	if (n)
		*n = 0;
	if (!g || !id || (moves && !n))
		return STORE_ERR_ARG;
	if (!text_ok(id, STORE_ID_MAX, false))
		return STORE_NOT_FOUND; /* no game has an id that long */
	return s->ops->game_get(s, id, g, moves, n);
}

enum store_err store_moves_since(struct store *s, const char *id, int from, struct store_move *moves, int max, int *n)
{
	if (n)
		*n = 0;
	if (!n || !text_ok(id, STORE_ID_MAX, false) || from < 0 || max < 0 || (max > 0 && !moves))
		return STORE_ERR_ARG;
	if (max == 0)
		return STORE_OK;
	return s->ops->moves_since(s, id, from, moves, max, n);
}

enum store_err store_game_update(struct store *s, const struct store_game *g, int old_ply, enum store_status old_status,
				 const struct store_move *move, const struct store_rating *ratings, int nr)
{
	if (!game_ok(g) || old_ply < 0 || !status_ok(old_status) || (move && !move_ok(move)) ||
	    (!move && g->ply > old_ply) || nr < 0 || nr > STORE_RATINGS_MAX || (nr > 0 && !ratings))
		return STORE_ERR_ARG;
	/* Sorted by user (stably: changes of one user apply in the given order), so transactions lock users in one order. */
	struct store_rating sorted[STORE_RATINGS_MAX];
	for (int i = 0; i < nr; i++) {
		if (ratings[i].user <= 0 || !isfinite(ratings[i].rating) || !isfinite(ratings[i].rd) ||
		    !isfinite(ratings[i].vol))
			return STORE_ERR_ARG;
		int j = i;
		for (; j > 0 && sorted[j - 1].user > ratings[i].user; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = ratings[i];
	}
	return s->ops->game_update(s, g, old_ply, old_status, move, sorted, nr);
}

enum store_err store_game_list(struct store *s, const struct store_filter *f, struct store_game **out, int *n)
{
	if (out)
		*out = NULL;
	if (n)
		*n = 0;
	if (!f || !out || !n || f->user < 0 || f->before_ms < 0 || (f->status && !status_ok(f->status)))
		return STORE_ERR_ARG;
	struct store_filter c = *f;
	c.limit = c.limit < 1 ? 1 : c.limit > STORE_LIST_MAX ? STORE_LIST_MAX : c.limit;
	return s->ops->game_list(s, &c, out, n);
}

enum store_err store_game_deadlines(struct store *s, void (*fn)(void *ctx, const char *id, int64_t deadline_ms),
				    void *ctx)
{
	if (!fn)
		return STORE_ERR_ARG;
	return s->ops->game_deadlines(s, fn, ctx);
}

enum store_err store_chat_add(struct store *s, const char *game, struct store_chat *m, int keep)
{
	if (!m || !text_ok(game, STORE_ID_MAX, false) || m->room < 0 || m->room >= STORE_CHAT_ROOMS || m->user <= 0 ||
	    !text_ok(m->text, STORE_CHAT_MAX, false) || keep < 1)
		return STORE_ERR_ARG;
	return s->ops->chat_add(s, game, m, keep);
}

enum store_err store_chat_list(struct store *s, const char *game, enum store_chat_room room, int64_t after,
			       struct store_chat **out, int *n)
{
	if (out)
		*out = NULL;
	if (n)
		*n = 0;
	if (!out || !n || !text_ok(game, STORE_ID_MAX, false) || room < 0 || room > STORE_CHAT_ROOMS || after < 0)
		return STORE_ERR_ARG;
	return s->ops->chat_list(s, game, room, after, out, n);
}

enum store_err store_chat_spectators(struct store *s, const char *game, int set, bool *on)
{
	if (!on || !text_ok(game, STORE_ID_MAX, false) || set < -1 || set > 1)
		return STORE_ERR_ARG;
	*on = true;
	return s->ops->chat_spectators(s, game, set, on);
}

enum store_err store_review_put(struct store *s, const char *id, int64_t user, const char *text, int64_t at_ms)
{
	if (!text_ok(id, STORE_ID_MAX, false) || !text_ok(text, STORE_REVIEW_MAX, false) || user < 0)
		return STORE_ERR_ARG;
	return s->ops->review_put(s, id, user, text, at_ms);
}

enum store_err store_review_get(struct store *s, const char *id, char *text)
{
	if (text)
		text[0] = '\0';
	if (!id)
		return STORE_ERR_ARG;
	if (!text_ok(id, STORE_ID_MAX, false))
		return STORE_NOT_FOUND; /* no game has an empty id, nor one too long */
	return s->ops->review_get(s, id, text);
}

enum store_err store_record_importer(struct store *s, const char *id, int64_t *user)
{
	if (!user)
		return STORE_ERR_ARG;
	*user = 0;
	if (!id)
		return STORE_ERR_ARG;
	if (!text_ok(id, STORE_ID_MAX, false))
		return STORE_NOT_FOUND;
	return s->ops->record_importer(s, id, user);
}

enum store_err store_review_delete(struct store *s, const char *id)
{
	if (!text_ok(id, STORE_ID_MAX, false))
		return STORE_ERR_ARG;
	return s->ops->review_delete(s, id);
}

enum store_err store_listen(struct store *s, void (*fn)(void *ctx, const char *id), void *ctx)
{
	if (!fn)
		return STORE_ERR_ARG;
	return s->ops->listen(s, fn, ctx);
}

enum store_err store_puzzle_ratings(struct store *s, struct store_puzzle_row **out, int *n)
{
	if (out)
		*out = NULL;
	if (n)
		*n = 0;
	if (!out || !n)
		return STORE_ERR_ARG;
	return s->ops->puzzle_ratings(s, out, n);
}

enum store_err store_puzzle_user(struct store *s, int64_t user, struct store_prating *r)
{
	if (!r || user <= 0)
		return user <= 0 ? STORE_NOT_FOUND : STORE_ERR_ARG;
	return s->ops->puzzle_user(s, user, r);
}

enum store_err store_puzzle_attempts(struct store *s, int64_t user, struct store_attempt **out, int *n)
{
	if (out)
		*out = NULL;
	if (n)
		*n = 0;
	if (!out || !n || user <= 0)
		return STORE_ERR_ARG;
	return s->ops->puzzle_attempts(s, user, out, n);
}

/* A rating the tables may hold: finite numbers in the ranges glicko.h keeps. */
static bool prating_ok(const struct store_prating *r)
{
	return r && r->rating > -10000 && r->rating < 10000 && r->rd > 0 && r->rd <= 1000 && r->vol > 0 && r->vol < 10;
}

enum store_err store_puzzle_result(struct store *s, int64_t user, const struct store_attempt *a,
				   const struct store_prating *ur, const struct store_prating *pr)
{
	if (user <= 0 || !a || !text_ok(a->puzzle, STORE_ID_MAX, false) || a->at_ms < 0 || !prating_ok(ur) ||
	    !prating_ok(pr))
		return STORE_ERR_ARG;
	return s->ops->puzzle_result(s, user, a, ur, pr);
}
