/*
 * server/store.c: the storage dispatch (store.h): picks the backend from
 * the URL, checks every argument once for both backends, and calls the
 * backend's operation (store_impl.h).
 *
 * It also holds what the backends share: the text of their statements
 * (one text for both, parameters $1, $2, ...), the order of the columns
 * and parameters, store_game_list's statement, and the one encoding of a
 * game's values (status, result, ending, impasse rule) as the words of
 * their text columns, and back.
 *
 * Invariants: an operation is called only with arguments that passed the
 * checks here (every text NUL-terminated within its STORE_*_MAX, ids and
 * names not empty, counts not negative, ratings sorted by user id, a list
 * limit within 1..STORE_LIST_MAX); a refused argument is STORE_ERR_ARG and
 * touches no database.  Every statement is constant text; values travel
 * only as parameters.
 */
#include "store.h"

#include <math.h>
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
static const char canceled_word[] = "canceled", declined_word[] = "declined";

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
		return g->declined ? declined_word : canceled_word;
	return g->ending == GY_END_NONE ? "" : gy_ending_name(g->ending);
}

/* The result named by the word `w`, or -1. */
static int result_of(const char *w)
{
	for (int i = 0; i < RESULT_NB; i++)
		if (!strcmp(w, result_words[i]))
			return i;
	return -1;
}

/* The libgyoku ending named by the word `w` (gy_ending_name), or -1. */
static int ending_of(const char *w)
{
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

/* Marks the row read by `c` damaged: game `id`'s `column` holds `word`, which names nothing. */
static void damaged(struct store_cols *c, const char *id, const char *column, const char *word)
{
	char what[64];
	snprintf(what, sizeof what, "game %s", id);
	char msg[96];
	snprintf(msg, sizeof msg, "the %s \"%s\" names nothing: the row is damaged", column, word);
	store__log("decode", what, msg);
	c->damaged = true;
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

static const char *const sql_text[STORE_Q_NB] = {
	[STORE_Q_USER_INSERT] = "INSERT INTO users (name, name_key, pw_hash, rating, rd, vol, games, created_ms)"
				" VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
	[STORE_Q_USER_BY_KEY] = "SELECT " STORE_USER_COLUMNS " FROM users WHERE name_key = $1",
	[STORE_Q_USER_BY_ID] = "SELECT " STORE_USER_COLUMNS " FROM users WHERE id = $1",
	[STORE_Q_SESSION_INSERT] =
		"INSERT INTO sessions (token_hash, user_id, csrf, expires_ms) VALUES ($1, $2, $3, $4)",
	[STORE_Q_SESSION_GET] = "SELECT user_id, csrf, expires_ms FROM sessions WHERE token_hash = $1",
	[STORE_Q_SESSION_EXPIRE] = "DELETE FROM sessions WHERE token_hash = $1 AND expires_ms <= $2",
	[STORE_Q_SESSION_DELETE] = "DELETE FROM sessions WHERE token_hash = $1",
	[STORE_Q_GAME_INSERT] = "INSERT INTO games (" STORE_GAME_COLUMNS ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
				" $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,"
				" $27, $28)",
	[STORE_Q_MOVE_INSERT] = "INSERT INTO moves (game_id, ply, usi, spent_ms, at_ms) VALUES ($1, $2, $3, $4, $5)",
	[STORE_Q_GAME_GET] = "SELECT " STORE_GAME_COLUMNS " FROM games WHERE id = $1",
	[STORE_Q_MOVES_GET] = "SELECT " STORE_MOVE_COLUMNS " FROM moves WHERE game_id = $1 ORDER BY ply",
	[STORE_Q_MOVES_SINCE] = "SELECT " STORE_MOVE_COLUMNS " FROM moves WHERE game_id = $1 AND ply > $2"
				" ORDER BY ply LIMIT $3",
	/* The conditional update: it matches nothing once another request moved the game on. */
	[STORE_Q_GAME_UPDATE] = "UPDATE games SET status = $1, black_user = $2, white_user = $3, black_level = $4,"
				" white_level = $5, challenged = $6, color = $7, ply = $8, clock = $9,"
				" deadline_ms = $10, result = $11, ending = $12, black_before = $13,"
				" white_before = $14, black_after = $15, white_after = $16, started_ms = $17,"
				" updated_ms = $18 WHERE id = $19 AND ply = $20 AND status = $21",
	[STORE_Q_MOVES_TRUNCATE] = "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
	[STORE_Q_RATING] = "UPDATE users SET rating = $1, rd = $2, vol = $3, games = games + 1 WHERE id = $4"
			   " AND games = $5",
	[STORE_Q_DEADLINES] = "SELECT id, deadline_ms FROM games WHERE status = 'playing' AND deadline_ms > 0"
			      " ORDER BY deadline_ms",
};

const char *store__sql(enum store_query q) { return sql_text[q]; }

/* Appends a parameter; a statement has at most STORE_VALS_MAX, as its text says. */
static void add(struct store_vals *v, struct store_val x)
{
	if (v->n < STORE_VALS_MAX)
		v->v[v->n++] = x;
}

void store__text(struct store_vals *v, const char *s) { add(v, (struct store_val){STORE_VAL_TEXT, s, 0, 0}); }
void store__int(struct store_vals *v, int64_t i) { add(v, (struct store_val){STORE_VAL_INT, NULL, i, 0}); }
void store__real(struct store_vals *v, double d) { add(v, (struct store_val){STORE_VAL_REAL, NULL, 0, d}); }
void store__bool(struct store_vals *v, bool b) { add(v, (struct store_val){STORE_VAL_BOOL, NULL, b, 0}); }

void store__user_vals(struct store_vals *v, const struct store_user *u, const char *name_key)
{
	store__text(v, u->name);
	store__text(v, name_key);
	store__text(v, u->pw_hash);
	store__real(v, u->rating);
	store__real(v, u->rd);
	store__real(v, u->vol);
	store__int(v, u->games);
	store__int(v, u->created_ms);
}

void store__move_vals(struct store_vals *v, const char *id, int ply, const struct store_move *m)
{
	store__text(v, id);
	store__int(v, ply);
	store__text(v, m->usi);
	store__int(v, m->spent_ms);
	store__int(v, m->at_ms);
}

void store__rating_vals(struct store_vals *v, const struct store_rating *r)
{
	store__real(v, r->rating);
	store__real(v, r->rd);
	store__real(v, r->vol);
	store__int(v, r->user);
	store__int(v, r->games);
}

void store__game_vals(struct store_vals *v, const struct store_game *g, int ply)
{
	store__text(v, g->id);
	store__text(v, store_status_name(g->status));
	store__int(v, g->black_user);
	store__int(v, g->white_user);
	store__int(v, g->black_level);
	store__int(v, g->white_level);
	store__text(v, g->black_name);
	store__text(v, g->white_name);
	store__int(v, g->creator);
	store__int(v, g->challenged);
	store__int(v, g->color);
	store__text(v, g->handicap);
	store__text(v, g->tc);
	store__text(v, gy_impasse_rule_name(g->impasse));
	store__bool(v, g->rated);
	store__text(v, g->start_sfen);
	store__int(v, ply);
	store__text(v, g->clock);
	store__int(v, g->deadline_ms);
	store__text(v, store_result_name(g->result));
	store__text(v, store_ending_name(g));
	store__real(v, g->rating_before[0]);
	store__real(v, g->rating_before[1]);
	store__real(v, g->rating_after[0]);
	store__real(v, g->rating_after[1]);
	store__int(v, g->created_ms);
	store__int(v, g->started_ms);
	store__int(v, g->updated_ms);
}

void store__update_vals(struct store_vals *v, const struct store_game *g, int ply, int old_ply,
			enum store_status old_status)
{
	store__text(v, store_status_name(g->status));
	store__int(v, g->black_user);
	store__int(v, g->white_user);
	store__int(v, g->black_level);
	store__int(v, g->white_level);
	store__int(v, g->challenged);
	store__int(v, g->color);
	store__int(v, ply);
	store__text(v, g->clock);
	store__int(v, g->deadline_ms);
	store__text(v, store_result_name(g->result));
	store__text(v, store_ending_name(g));
	store__real(v, g->rating_before[0]);
	store__real(v, g->rating_before[1]);
	store__real(v, g->rating_after[0]);
	store__real(v, g->rating_after[1]);
	store__int(v, g->started_ms);
	store__int(v, g->updated_ms);
	store__text(v, g->id);
	store__int(v, old_ply);
	store__text(v, store_status_name(old_status));
}

/*
 * store_game_list's pieces.  Each filter adds its own condition, so the
 * planners see plain indexable comparisons ($1 user, $2 status, $3
 * viewer, $4 and $5 the time and id to page from, $6 limit; the unused
 * ones are bound all the same, and the limit, always used, comes last so
 * that SQLite's numbered parameters exist up to it).
 */
static const char list_head[] = "SELECT " STORE_GAME_COLUMNS " FROM games WHERE TRUE";
static const char *const list_part[4] = {
	" AND (black_user = $1 OR white_user = $1 OR creator = $1 OR challenged = $1)",
	" AND status = $2",
	" AND status = 'waiting' AND (challenged = 0 OR challenged = $3 OR creator = $3)",
	" AND (created_ms < $4 OR (created_ms = $4 AND id < $5))",
};
static const char list_tail[] = " ORDER BY created_ms DESC, id DESC LIMIT $6";

int store__list_sql(const struct store_filter *f, char *sql, size_t cap, struct store_vals *v)
{
	int variant = (f->user ? 1 : 0) | (f->status ? 2 : 0) | (f->lobby ? 4 : 0) | (f->before_ms ? 8 : 0);
	snprintf(sql, cap, "%s%s%s%s%s%s", list_head, variant & 1 ? list_part[0] : "", variant & 2 ? list_part[1] : "",
		 variant & 4 ? list_part[2] : "", variant & 8 ? list_part[3] : "", list_tail);
	store__int(v, f->user);
	store__text(v, f->status ? store_status_name(f->status) : NULL);
	store__int(v, f->viewer);
	store__int(v, f->before_ms);
	store__text(v, f->before_id ? f->before_id : "");
	store__int(v, f->limit);
	return variant;
}

void store__user_read(struct store_cols *c, void *out)
{
	struct store_user *u = out;
	memset(u, 0, sizeof *u);
	u->id = c->i64(c);
	c->text(c, u->name, sizeof u->name);
	c->text(c, u->pw_hash, sizeof u->pw_hash);
	u->rating = c->dbl(c);
	u->rd = c->dbl(c);
	u->vol = c->dbl(c);
	u->games = (int)c->i64(c);
	u->created_ms = c->i64(c);
}

void store__move_read(struct store_cols *c, struct store_move *m)
{
	c->text(c, m->usi, sizeof m->usi);
	m->spent_ms = c->i64(c);
	m->at_ms = c->i64(c);
}

void store__session_read(struct store_cols *c, void *out)
{
	struct store_session *r = out;
	r->user = c->i64(c);
	c->text(c, r->csrf, sizeof r->csrf);
	r->expires_ms = c->i64(c);
}

void store__id_read(struct store_cols *c, void *out) { *(int64_t *)out = c->i64(c); }

void store__game_read(struct store_cols *c, void *out)
{
	struct store_game *g = out;
	memset(g, 0, sizeof *g);
	char word[STORE_WORD_MAX];
	int k;
	c->text(c, g->id, sizeof g->id);
	c->text(c, word, sizeof word);
	if ((g->status = store_status_by_name(word)) == STORE_STATUS_NONE)
		damaged(c, g->id, "status", word);
	g->black_user = c->i64(c);
	g->white_user = c->i64(c);
	g->black_level = (int)c->i64(c);
	g->white_level = (int)c->i64(c);
	c->text(c, g->black_name, sizeof g->black_name);
	c->text(c, g->white_name, sizeof g->white_name);
	g->creator = c->i64(c);
	g->challenged = c->i64(c);
	g->color = (int)c->i64(c);
	c->text(c, g->handicap, sizeof g->handicap);
	c->text(c, g->tc, sizeof g->tc);
	c->text(c, word, sizeof word);
	if ((k = store_impasse_by_name(word)) < 0)
		damaged(c, g->id, "impasse rule", word);
	g->impasse = k < 0 ? GY_IMPASSE_CSA27 : (enum gy_impasse_rule)k;
	g->rated = c->i64(c) != 0;
	c->text(c, g->start_sfen, sizeof g->start_sfen);
	g->ply = (int)c->i64(c);
	c->text(c, g->clock, sizeof g->clock);
	g->deadline_ms = c->i64(c);
	c->text(c, word, sizeof word);
	if ((k = result_of(word)) < 0)
		damaged(c, g->id, "result", word);
	g->result = k < 0 ? GY_RESULT_NONE : (enum gy_result)k;
	c->text(c, word, sizeof word);
	/* A canceled game's word, none, or a libgyoku ending. */
	g->declined = !strcmp(word, declined_word);
	k = !word[0] || g->declined || !strcmp(word, canceled_word) ? GY_END_NONE : ending_of(word);
	if (k < 0)
		damaged(c, g->id, "ending", word);
	g->ending = k < 0 ? GY_END_NONE : (enum gy_ending)k;
	g->rating_before[0] = c->dbl(c);
	g->rating_before[1] = c->dbl(c);
	g->rating_after[0] = c->dbl(c);
	g->rating_after[1] = c->dbl(c);
	g->created_ms = c->i64(c);
	g->started_ms = c->i64(c);
	g->updated_ms = c->i64(c);
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
	if (!strncmp(url, "postgresql://", 13) || !strncmp(url, "postgres://", 11))
		return store__pg_open(out, url, errbuf, errlen);
	return store__sqlite_open(out, url, errbuf, errlen);
}

void store_close(struct store *s)
{
	if (s)
		s->ops->close(s);
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

enum store_err store_game_create(struct store *s, const struct store_game *g)
{
	if (!game_ok(g))
		return STORE_ERR_ARG;
	return s->ops->game_insert(s, g, NULL, 0);
}

enum store_err store_game_import(struct store *s, const struct store_game *g, const struct store_move *moves, int n)
{
	if (!game_ok(g) || n < 0 || (n > 0 && !moves))
		return STORE_ERR_ARG;
	for (int i = 0; i < n; i++)
		if (!move_ok(&moves[i]))
			return STORE_ERR_ARG;
	return s->ops->game_insert(s, g, moves, n);
}

enum store_err store_game_get(struct store *s, const char *id, struct store_game *g, struct store_move **moves, int *n)
{
	if (moves)
		*moves = NULL;
	if (n)
		*n = 0;
	if (!g || !text_ok(id, STORE_ID_MAX, false) || (moves && !n))
		return STORE_ERR_ARG;
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

enum store_err store_listen(struct store *s, void (*fn)(void *ctx, const char *id), void *ctx)
{
	if (!fn)
		return STORE_ERR_ARG;
	return s->ops->listen(s, fn, ctx);
}
