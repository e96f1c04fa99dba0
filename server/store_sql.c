/*
 * server/store_sql.c: the SQL both backends run (store_impl.h): the one
 * list of the games columns, the text of every statement built from it
 * and from constant pieces in the backend's parameter style ($1 or ?1),
 * the parameters of each statement in order, and the readers of its rows.
 *
 * Invariants: a statement's text is built from constant text and column
 * names only, so values travel only as parameters; its parameters are
 * numbered in the order they first appear, and its parameter list
 * (store__*_vals) gives them in that order; a row reader reads the
 * columns in the order the statement names them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"

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

/*
 * The columns of the games table, listed once: X(ENUM, column, use) in
 * the order of every statement that names them all (SELECT, INSERT) and of
 * store__game_read; `use` says whether STORE_Q_GAME_UPDATE writes the
 * column (store.h, store_game_update).  The statements are built from
 * this list (put_columns), and game_val and game_col write and read each
 * column by its enum game_col, in switches the compiler checks for
 * completeness.  The schema itself is the migrations' text in each
 * backend, history that is appended to and never edited.
 */
#define GAME_COLUMNS(X)                            \
	X(ID, id, COL_FIXED)                       \
	X(STATUS, status, COL_WRITTEN)             \
	X(BLACK_USER, black_user, COL_WRITTEN)     \
	X(WHITE_USER, white_user, COL_WRITTEN)     \
	X(BLACK_LEVEL, black_level, COL_WRITTEN)   \
	X(WHITE_LEVEL, white_level, COL_WRITTEN)   \
	X(BLACK_NAME, black_name, COL_FIXED)       \
	X(WHITE_NAME, white_name, COL_FIXED)       \
	X(CREATOR, creator, COL_FIXED)             \
	X(CHALLENGED, challenged, COL_WRITTEN)     \
	X(COLOR, color, COL_WRITTEN)               \
	X(HANDICAP, handicap, COL_FIXED)           \
	X(TC, tc, COL_FIXED)                       \
	X(IMPASSE, impasse, COL_FIXED)             \
	X(RATED, rated, COL_FIXED)                 \
	X(START_SFEN, start_sfen, COL_FIXED)       \
	X(PLY, ply, COL_WRITTEN)                   \
	X(CLOCK, clock, COL_WRITTEN)               \
	X(DEADLINE_MS, deadline_ms, COL_WRITTEN)   \
	X(RESULT, result, COL_WRITTEN)             \
	X(ENDING, ending, COL_WRITTEN)             \
	X(BLACK_BEFORE, black_before, COL_WRITTEN) \
	X(WHITE_BEFORE, white_before, COL_WRITTEN) \
	X(BLACK_AFTER, black_after, COL_WRITTEN)   \
	X(WHITE_AFTER, white_after, COL_WRITTEN)   \
	X(CREATED_MS, created_ms, COL_FIXED)       \
	X(STARTED_MS, started_ms, COL_WRITTEN)     \
	X(UPDATED_MS, updated_ms, COL_WRITTEN)     \
	X(REMATCH_OF, rematch_of, COL_FIXED)       \
	X(TAKEBACK, takeback, COL_WRITTEN)

/* Whether STORE_Q_GAME_UPDATE writes a column. */
enum col_use { COL_FIXED, COL_WRITTEN };

enum game_col {
#define GAME_COL_ENUM(e, name, use) GAME_##e,
	GAME_COLUMNS(GAME_COL_ENUM)
#undef GAME_COL_ENUM
		GAME_COL_NB
};

static const struct {
	const char *name;
	enum col_use use;
} game_cols[GAME_COL_NB] = {
#define GAME_COL_ROW(e, name, use) {#name, use},
	GAME_COLUMNS(GAME_COL_ROW)
#undef GAME_COL_ROW
};

_Static_assert(GAME_COL_NB + 3 <= STORE_VALS_MAX, "a game's columns and the update's condition fit in store_vals");

/* Appends column `col` of `g` to `v`, with `ply` as its ply. */
static void game_val(struct store_vals *v, const struct store_game *g, enum game_col col, int ply)
{
	switch (col) {
	case GAME_ID: store__text(v, g->id); return;
	case GAME_STATUS: store__text(v, store_status_name(g->status)); return;
	case GAME_BLACK_USER: store__int(v, g->black_user); return;
	case GAME_WHITE_USER: store__int(v, g->white_user); return;
	case GAME_BLACK_LEVEL: store__int(v, g->black_level); return;
	case GAME_WHITE_LEVEL: store__int(v, g->white_level); return;
	case GAME_BLACK_NAME: store__text(v, g->black_name); return;
	case GAME_WHITE_NAME: store__text(v, g->white_name); return;
	case GAME_CREATOR: store__int(v, g->creator); return;
	case GAME_CHALLENGED: store__int(v, g->challenged); return;
	case GAME_COLOR: store__int(v, g->color); return;
	case GAME_HANDICAP: store__text(v, g->handicap); return;
	case GAME_TC: store__text(v, g->tc); return;
	case GAME_IMPASSE: store__text(v, gy_impasse_rule_name(g->impasse)); return;
	case GAME_RATED: store__bool(v, g->rated); return;
	case GAME_START_SFEN: store__text(v, g->start_sfen); return;
	case GAME_REMATCH_OF: store__text(v, g->rematch_of); return;
	case GAME_TAKEBACK: store__int(v, g->takeback); return;
	case GAME_PLY: store__int(v, ply); return;
	case GAME_CLOCK: store__text(v, g->clock); return;
	case GAME_DEADLINE_MS: store__int(v, g->deadline_ms); return;
	case GAME_RESULT: store__text(v, store_result_name(g->result)); return;
	case GAME_ENDING: store__text(v, store_ending_name(g)); return;
	case GAME_BLACK_BEFORE: store__real(v, g->rating_before[GY_BLACK]); return;
	case GAME_WHITE_BEFORE: store__real(v, g->rating_before[GY_WHITE]); return;
	case GAME_BLACK_AFTER: store__real(v, g->rating_after[GY_BLACK]); return;
	case GAME_WHITE_AFTER: store__real(v, g->rating_after[GY_WHITE]); return;
	case GAME_CREATED_MS: store__int(v, g->created_ms); return;
	case GAME_STARTED_MS: store__int(v, g->started_ms); return;
	case GAME_UPDATED_MS: store__int(v, g->updated_ms); return;
	case GAME_COL_NB: break;
	}
}

/* Reads column `col` of a row into `g` (its id, read first, names the game in a damaged row's message). */
static void game_col(struct store_cols *c, struct store_game *g, enum game_col col)
{
	char word[STORE_WORD_MAX];
	int k;
	switch (col) {
	case GAME_ID: c->text(c, g->id, sizeof g->id); return;
	case GAME_STATUS:
		c->text(c, word, sizeof word);
		if ((g->status = store_status_by_name(word)) == STORE_STATUS_NONE)
			damaged(c, g->id, "status", word);
		return;
	case GAME_BLACK_USER: g->black_user = c->i64(c); return;
	case GAME_WHITE_USER: g->white_user = c->i64(c); return;
	case GAME_BLACK_LEVEL: g->black_level = (int)c->i64(c); return;
	case GAME_WHITE_LEVEL: g->white_level = (int)c->i64(c); return;
	case GAME_BLACK_NAME: c->text(c, g->black_name, sizeof g->black_name); return;
	case GAME_WHITE_NAME: c->text(c, g->white_name, sizeof g->white_name); return;
	case GAME_CREATOR: g->creator = c->i64(c); return;
	case GAME_CHALLENGED: g->challenged = c->i64(c); return;
	case GAME_COLOR: g->color = (int)c->i64(c); return;
	case GAME_HANDICAP: c->text(c, g->handicap, sizeof g->handicap); return;
	case GAME_TC: c->text(c, g->tc, sizeof g->tc); return;
	case GAME_IMPASSE:
		c->text(c, word, sizeof word);
		if ((k = store_impasse_by_name(word)) < 0)
			damaged(c, g->id, "impasse rule", word);
		g->impasse = k < 0 ? GY_IMPASSE_CSA27 : (enum gy_impasse_rule)k;
		return;
	case GAME_RATED: g->rated = c->i64(c) != 0; return;
	case GAME_START_SFEN: c->text(c, g->start_sfen, sizeof g->start_sfen); return;
	case GAME_REMATCH_OF: c->text(c, g->rematch_of, sizeof g->rematch_of); return;
	case GAME_TAKEBACK: g->takeback = (int)c->i64(c); return;
	case GAME_PLY: g->ply = (int)c->i64(c); return;
	case GAME_CLOCK: c->text(c, g->clock, sizeof g->clock); return;
	case GAME_DEADLINE_MS: g->deadline_ms = c->i64(c); return;
	case GAME_RESULT:
		c->text(c, word, sizeof word);
		if ((k = store__result_by_name(word)) < 0)
			damaged(c, g->id, "result", word);
		g->result = k < 0 ? GY_RESULT_NONE : (enum gy_result)k;
		return;
	case GAME_ENDING:
		c->text(c, word, sizeof word);
		if ((k = store__ending_by_name(word, &g->declined, &g->aborted)) < 0)
			damaged(c, g->id, "ending", word);
		g->ending = k < 0 ? GY_END_NONE : (enum gy_ending)k;
		return;
	case GAME_BLACK_BEFORE: g->rating_before[GY_BLACK] = c->dbl(c); return;
	case GAME_WHITE_BEFORE: g->rating_before[GY_WHITE] = c->dbl(c); return;
	case GAME_BLACK_AFTER: g->rating_after[GY_BLACK] = c->dbl(c); return;
	case GAME_WHITE_AFTER: g->rating_after[GY_WHITE] = c->dbl(c); return;
	case GAME_CREATED_MS: g->created_ms = c->i64(c); return;
	case GAME_STARTED_MS: g->started_ms = c->i64(c); return;
	case GAME_UPDATED_MS: g->updated_ms = c->i64(c); return;
	case GAME_COL_NB: break;
	}
}

/*
 * The text of the statements that name no game column, with parameters
 * written $1, $2, ... (put writes them in the backend's style); those that
 * do are built by put_query from the list above.
 */
static const char *const sql_text[STORE_Q_LIST] = {
	[STORE_Q_USER_INSERT] = "INSERT INTO users (name, name_key, pw_hash, rating, rd, vol, games, created_ms)"
				" VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
	[STORE_Q_USER_BY_KEY] = "SELECT " STORE_USER_COLUMNS " FROM users WHERE name_key = $1",
	[STORE_Q_USER_BY_ID] = "SELECT " STORE_USER_COLUMNS " FROM users WHERE id = $1",
	[STORE_Q_SESSION_INSERT] =
		"INSERT INTO sessions (token_hash, user_id, csrf, expires_ms) VALUES ($1, $2, $3, $4)",
	[STORE_Q_SESSION_GET] = "SELECT user_id, csrf, expires_ms FROM sessions WHERE token_hash = $1",
	[STORE_Q_SESSION_EXPIRE] = "DELETE FROM sessions WHERE token_hash = $1 AND expires_ms <= $2",
	[STORE_Q_SESSION_DELETE] = "DELETE FROM sessions WHERE token_hash = $1",
	[STORE_Q_USER_PASSWORD] = "UPDATE users SET pw_hash = $1 WHERE id = $2",
	[STORE_Q_SESSION_OTHERS] = "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2",
	[STORE_Q_MOVE_INSERT] = "INSERT INTO moves (game_id, ply, usi, spent_ms, at_ms) VALUES ($1, $2, $3, $4, $5)",
	[STORE_Q_MOVES_GET] = "SELECT " STORE_MOVE_COLUMNS " FROM moves WHERE game_id = $1 ORDER BY ply",
	[STORE_Q_MOVES_SINCE] = "SELECT " STORE_MOVE_COLUMNS " FROM moves WHERE game_id = $1 AND ply > $2"
				" ORDER BY ply LIMIT $3",
	[STORE_Q_MOVES_TRUNCATE] = "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
	[STORE_Q_RATING] = "UPDATE users SET rating = $1, rd = $2, vol = $3, games = games + 1 WHERE id = $4"
			   " AND games = $5",
	[STORE_Q_RECORD_INSERT] = "INSERT INTO records (game_id, format, text, importer) VALUES ($1, $2, $3, $4)",
	[STORE_Q_RECORD_IMPORTER] = "SELECT importer FROM records WHERE game_id = $1",
	[STORE_Q_RECORD_GET] = "SELECT format, text FROM records WHERE game_id = $1",
	[STORE_Q_CHAT_INSERT] = "INSERT INTO chat (game_id, room, user_id, text, at_ms) VALUES ($1, $2, $3, $4, $5)"
				" RETURNING id",
	/* The newest `keep` stay: the one just older than them, and all older still, go. */
	[STORE_Q_CHAT_TRIM] = "DELETE FROM chat WHERE game_id = $1 AND room = $2 AND id <= (SELECT id FROM chat"
			      " WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT 1 OFFSET $3)",
	[STORE_Q_CHAT_ROOM] = "SELECT " STORE_CHAT_COLUMNS " FROM chat c JOIN users u ON u.id = c.user_id"
			      " WHERE c.game_id = $1 AND c.id > $2 AND c.room = $3 ORDER BY c.id",
	[STORE_Q_CHAT_ALL] = "SELECT " STORE_CHAT_COLUMNS " FROM chat c JOIN users u ON u.id = c.user_id"
			     " WHERE c.game_id = $1 AND c.id > $2 ORDER BY c.id",
	[STORE_Q_CHAT_OPEN_GET] = "SELECT spectators_on FROM chat_settings WHERE game_id = $1",
	[STORE_Q_CHAT_OPEN_SET] = "INSERT INTO chat_settings (game_id, spectators_on) VALUES ($1, $2)"
				  " ON CONFLICT (game_id) DO UPDATE SET spectators_on = $2",
	[STORE_Q_REVIEW_PUT] = "INSERT INTO reviews (game_id, user_id, text, at_ms) VALUES ($1, $2, $3, $4)"
			       " ON CONFLICT (game_id) DO UPDATE SET user_id = $2, text = $3, at_ms = $4",
	[STORE_Q_REVIEW_GET] = "SELECT text FROM reviews WHERE game_id = $1",
	[STORE_Q_REVIEW_HAS] = "SELECT at_ms FROM reviews WHERE game_id = $1",
	[STORE_Q_REVIEW_DELETE] = "DELETE FROM reviews WHERE game_id = $1",
	[STORE_Q_DEADLINES] = "SELECT id, deadline_ms FROM games WHERE status = 'playing' AND deadline_ms > 0"
			      " ORDER BY deadline_ms",
	[STORE_Q_PUZZLE_RATINGS] = "SELECT puzzle_id, " STORE_PRATING_COLUMNS " FROM puzzle_ratings ORDER BY puzzle_id",
	[STORE_Q_PUZZLE_USER] = "SELECT " STORE_PRATING_COLUMNS " FROM puzzle_users WHERE user_id = $1",
	[STORE_Q_PUZZLE_ATTEMPTS] = "SELECT puzzle_id, solved, at_ms FROM puzzle_attempts WHERE user_id = $1"
				    " ORDER BY at_ms, puzzle_id",
	[STORE_Q_PUZZLE_ATTEMPT] =
		"INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, at_ms) VALUES ($1, $2, $3, $4)"
		" ON CONFLICT (user_id, puzzle_id) DO NOTHING RETURNING user_id",
	[STORE_Q_PUZZLE_USER_SET] =
		"INSERT INTO puzzle_users (user_id, rating, rd, vol, attempts) VALUES ($1, $2, $3, $4, 1)"
		" ON CONFLICT (user_id) DO UPDATE SET rating = $2, rd = $3, vol = $4,"
		" attempts = puzzle_users.attempts + 1",
	[STORE_Q_PUZZLE_RATING_SET] = "INSERT INTO puzzle_ratings (puzzle_id, rating, rd, vol, attempts)"
				      " VALUES ($1, $2, $3, $4, 1) ON CONFLICT (puzzle_id) DO UPDATE SET rating = $2,"
				      " rd = $3, vol = $4, attempts = puzzle_ratings.attempts + 1",
};

/*
 * store_game_list's pieces.  Each filter adds its own condition, so the
 * planners see plain indexable comparisons ($1 user, $2 status, $3
 * viewer, $4 and $5 the time and id to page from, $6 limit; the unused
 * ones are bound all the same, and the limit, always used, comes last so
 * that SQLite's numbered parameters exist up to it).  A variant's bit k
 * adds list_part[k].
 */
static const char *const list_part[4] = {
	" AND (black_user = $1 OR white_user = $1 OR creator = $1 OR challenged = $1)",
	" AND status = $2",
	" AND status = 'waiting' AND (challenged = 0 OR challenged = $3 OR creator = $3)",
	" AND (created_ms < $4 OR (created_ms = $4 AND id < $5))",
};
static const char list_tail[] = " ORDER BY created_ms DESC, id DESC LIMIT $6";

/* The statements' texts of one store, being written into its block. */
struct sqlbuf {
	char *text;
	size_t n, cap;
	char mark; /* the backend's parameter mark */
	bool full; /* something did not fit */
};

/* Appends `len` bytes of `text` (and keeps a NUL after them). */
static void put_n(struct sqlbuf *b, const char *text, size_t len)
{
	if (b->full || len >= b->cap - b->n) {
		b->full = true;
		return;
	}
	memcpy(b->text + b->n, text, len);
	b->n += len;
	b->text[b->n] = '\0';
}

/* Appends constant SQL text, each of its parameters ($N) in the backend's style. */
static void put(struct sqlbuf *b, const char *text)
{
	while (*text) {
		size_t run = strcspn(text, "$");
		put_n(b, text, run);
		text += run;
		if (*text) {
			put_n(b, &b->mark, 1);
			text++;
		}
	}
}

/* Appends parameter `k`. */
static void put_param(struct sqlbuf *b, int k)
{
	char num[16];
	int len = snprintf(num, sizeof num, "%c%d", b->mark, k);
	put_n(b, num, (size_t)len);
}

/* How put_columns writes the games columns. */
enum col_form {
	COLS_NAMES,  /* every column: "id, status, ..." */
	COLS_PARAMS, /* a parameter for every column: "$1, $2, ..." */
	COLS_SET     /* the columns STORE_Q_GAME_UPDATE writes: "status = $1, ..." */
};

/* Appends the games columns in `form`, numbering parameters from `first`; returns the next number. */
static int put_columns(struct sqlbuf *b, enum col_form form, int first)
{
	int k = first;
	for (int i = 0; i < GAME_COL_NB; i++) {
		if (form == COLS_SET && game_cols[i].use != COL_WRITTEN)
			continue;
		if (k > first)
			put(b, ", ");
		if (form != COLS_PARAMS)
			put(b, game_cols[i].name);
		if (form == COLS_SET)
			put(b, " = ");
		if (form != COLS_NAMES)
			put_param(b, k);
		k++;
	}
	return k;
}

/* Appends the text of statement `q`, then its NUL. */
static void put_query(struct sqlbuf *b, enum store_query q)
{
	int k;
	switch (q) {
	case STORE_Q_GAME_INSERT:
		put(b, "INSERT INTO games (");
		put_columns(b, COLS_NAMES, 1);
		put(b, ") VALUES (");
		put_columns(b, COLS_PARAMS, 1);
		put(b, ")");
		break;
	case STORE_Q_GAME_GET:
		put(b, "SELECT ");
		put_columns(b, COLS_NAMES, 1);
		put(b, " FROM games WHERE id = $1");
		break;
	case STORE_Q_GAME_UPDATE:
		/* The conditional update: it matches nothing once another request moved the game on. */
		put(b, "UPDATE games SET ");
		k = put_columns(b, COLS_SET, 1);
		put(b, " WHERE id = ");
		put_param(b, k);
		put(b, " AND ply = ");
		put_param(b, k + 1);
		put(b, " AND status = ");
		put_param(b, k + 2);
		break;
	default:
		if (q < STORE_Q_LIST) {
			put(b, sql_text[q]);
			break;
		}
		put(b, "SELECT ");
		put_columns(b, COLS_NAMES, 1);
		put(b, " FROM games WHERE TRUE");
		for (int i = 0; i < 4; i++)
			if ((q - STORE_Q_LIST) & (1 << i))
				put(b, list_part[i]);
		put(b, list_tail);
		break;
	}
	put_n(b, "", 1);
}

enum store_err store__build_sql(struct store *s)
{
	struct sqlbuf b = {.text = s->sql, .cap = sizeof s->sql, .mark = s->ops->mark};
	for (int q = 0; q < STORE_Q_NB; q++) {
		s->sql_at[q] = b.n;
		put_query(&b, (enum store_query)q);
	}
	if (b.full)
		store__log(s->ops->kind, "statements", "their text is longer than STORE_SQL_MAX");
	return b.full ? STORE_ERR_DB : STORE_OK;
}

const char *store__sql(const struct store *s, enum store_query q) { return s->sql + s->sql_at[q]; }

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
	for (int i = 0; i < GAME_COL_NB; i++)
		game_val(v, g, (enum game_col)i, ply);
}

void store__update_vals(struct store_vals *v, const struct store_game *g, int ply, int old_ply,
			enum store_status old_status)
{
	for (int i = 0; i < GAME_COL_NB; i++)
		if (game_cols[i].use == COL_WRITTEN)
			game_val(v, g, (enum game_col)i, ply);
	store__text(v, g->id);
	store__int(v, old_ply);
	store__text(v, store_status_name(old_status));
}

enum store_query store__list_query(const struct store_filter *f, struct store_vals *v)
{
	int variant = (f->user ? 1 : 0) | (f->status ? 2 : 0) | (f->lobby ? 4 : 0) | (f->before_ms ? 8 : 0);
	store__int(v, f->user);
	store__text(v, f->status ? store_status_name(f->status) : NULL);
	store__int(v, f->viewer);
	store__int(v, f->before_ms);
	store__text(v, f->before_id ? f->before_id : "");
	store__int(v, f->limit);
	return (enum store_query)(STORE_Q_LIST + variant);
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

void store__record_read(struct store_cols *c, void *out)
{
	struct store_record_row *r = out;
	c->text(c, r->format, STORE_WORD_MAX);
	c->text(c, r->text, STORE_RECORD_MAX);
}

static const char *const chat_rooms[STORE_CHAT_ROOMS] = {"players", "spectators"};

const char *store_chat_room_name(enum store_chat_room room)
{
	return room >= 0 && room < STORE_CHAT_ROOMS ? chat_rooms[room] : "";
}

void store__chat_read(struct store_cols *c, struct store_chat *m)
{
	char word[STORE_WORD_MAX];
	memset(m, 0, sizeof *m);
	m->id = c->i64(c);
	c->text(c, word, sizeof word);
	m->room = !strcmp(word, chat_rooms[1]) ? STORE_CHAT_SPECTATORS : STORE_CHAT_PLAYERS;
	if (strcmp(word, chat_rooms[m->room])) {
		store__log("decode", "chat", "a room that names nothing: the row is damaged");
		c->damaged = true;
	}
	m->user = c->i64(c);
	c->text(c, m->name, sizeof m->name);
	c->text(c, m->text, sizeof m->text);
	m->at_ms = c->i64(c);
}

void store__chat_vals(struct store_vals *v, const char *game, const struct store_chat *m)
{
	store__text(v, game);
	store__text(v, store_chat_room_name(m->room));
	store__int(v, m->user);
	store__text(v, m->text);
	store__int(v, m->at_ms);
}

void store__session_read(struct store_cols *c, void *out)
{
	struct store_session *r = out;
	r->user = c->i64(c);
	c->text(c, r->csrf, sizeof r->csrf);
	r->expires_ms = c->i64(c);
}

void store__id_read(struct store_cols *c, void *out) { *(int64_t *)out = c->i64(c); }

void store__review_read(struct store_cols *c, void *out) { c->text(c, out, STORE_REVIEW_MAX); }

void store__game_read(struct store_cols *c, void *out)
{
	struct store_game *g = out;
	memset(g, 0, sizeof *g);
	for (int i = 0; i < GAME_COL_NB; i++)
		game_col(c, g, (enum game_col)i);
}

void store__prating_read(struct store_cols *c, void *out)
{
	struct store_prating *r = out;
	r->rating = c->dbl(c);
	r->rd = c->dbl(c);
	r->vol = c->dbl(c);
	r->attempts = (int)c->i64(c);
}

void store__puzzle_row_read(struct store_cols *c, void *out)
{
	struct store_puzzle_row *p = out;
	c->text(c, p->id, sizeof p->id);
	store__prating_read(c, &p->r);
}

void store__attempt_read(struct store_cols *c, void *out)
{
	struct store_attempt *a = out;
	c->text(c, a->puzzle, sizeof a->puzzle);
	a->solved = c->i64(c) != 0;
	a->at_ms = c->i64(c);
}

void store__attempt_vals(struct store_vals *v, int64_t user, const struct store_attempt *a)
{
	store__int(v, user);
	store__text(v, a->puzzle);
	store__int(v, a->solved ? 1 : 0);
	store__int(v, a->at_ms);
}

void store__prating_vals(struct store_vals *v, int64_t user, const char *puzzle, const struct store_prating *r)
{
	if (puzzle)
		store__text(v, puzzle);
	else
		store__int(v, user);
	store__real(v, r->rating);
	store__real(v, r->rd);
	store__real(v, r->vol);
}

enum store_query store__chat_list_args(struct store_vals *v, const char *game, enum store_chat_room room, int64_t after)
{
	store__text(v, game);
	store__int(v, after);
	if (room == STORE_CHAT_ROOMS)
		return STORE_Q_CHAT_ALL;
	store__text(v, store_chat_room_name(room));
	return STORE_Q_CHAT_ROOM;
}
