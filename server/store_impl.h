/*
 * server/store_impl.h: what the storage dispatch (store.c), the SQL
 * (store_sql.c) and the two backends (store_sqlite.c, store_pg.c) share: the vtable, the base every
 * backend's store begins with (the URL, the connection pool, the
 * statements' texts), the encoding of rows and parameters, and small
 * helpers.  Only store*.c include it; the rest of the server uses store.h.
 *
 * The dispatch checks every argument before it calls an operation, so an
 * operation may assume: text fields are NUL-terminated within their
 * STORE_*_MAX, ids and names are not empty, counts are not negative,
 * ratings are sorted by user id (so two transactions lock users in one
 * order) and a list's limit is within 1..STORE_LIST_MAX.
 */
#ifndef SERVER_STORE_IMPL_H
#define SERVER_STORE_IMPL_H

#include "store.h"

#include <pthread.h>

enum {
	STORE_POOL_MAX = 8,       /* connections a store keeps */
	STORE_LIST_MAX = 200,     /* games in one store_game_list */
	STORE_BUSY_MS = 5000,     /* how long SQLite waits for a lock */
	STORE_LIST_VARIANTS = 16, /* store_game_list's statements: one per set of filters */
	STORE_SQL_MAX = 16384     /* the text of all statements (about 10 KB) */
};

/*
 * The statements both backends run, built once per store (store__sql)
 * in the backend's parameter style: $1, $2, ... (PostgreSQL) or ?1, ?2,
 * ... (SQLite), each first appearing in that order.  The games columns
 * are always all of them, in the order of store.c's list.
 */
enum store_query {
	STORE_Q_USER_INSERT,     /* $1..$8 the user, returns id */
	STORE_Q_USER_BY_KEY,     /* $1 name key, returns STORE_USER_COLUMNS */
	STORE_Q_USER_BY_ID,      /* $1 id, returns STORE_USER_COLUMNS */
	STORE_Q_SESSION_INSERT,  /* $1 token hash, $2 user, $3 csrf, $4 expiry */
	STORE_Q_SESSION_GET,     /* $1 token hash, returns user, csrf, expiry */
	STORE_Q_SESSION_EXPIRE,  /* $1 token hash, $2 now */
	STORE_Q_SESSION_DELETE,  /* $1 token hash */
	STORE_Q_USER_PASSWORD,   /* $1 pw_hash, $2 user */
	STORE_Q_SESSION_OTHERS,  /* $1 user, $2 the token hash kept */
	STORE_Q_GAME_INSERT,     /* store__game_vals */
	STORE_Q_MOVE_INSERT,     /* $1 game, $2 ply, $3 usi, $4 spent, $5 at */
	STORE_Q_GAME_GET,        /* $1 id, returns the game's columns */
	STORE_Q_MOVES_GET,       /* $1 game, returns STORE_MOVE_COLUMNS by ply */
	STORE_Q_MOVES_SINCE,     /* $1 game, $2 after this ply, $3 limit, returns STORE_MOVE_COLUMNS */
	STORE_Q_GAME_UPDATE,     /* store__update_vals */
	STORE_Q_MOVES_TRUNCATE,  /* $1 game, $2 the ply kept last */
	STORE_Q_RATING,          /* $1 rating, $2 rd, $3 vol, $4 user, $5 games read */
	STORE_Q_DEADLINES,       /* returns id, deadline_ms */
	STORE_Q_RECORD_INSERT,   /* $1 game, $2 format, $3 text, $4 importer */
	STORE_Q_RECORD_IMPORTER, /* $1 game, returns importer */
	STORE_Q_RECORD_GET,      /* $1 game, returns format, text */
	STORE_Q_CHAT_INSERT,     /* $1 game, $2 room, $3 user, $4 text, $5 at, returns id */
	STORE_Q_CHAT_TRIM,       /* $1 game, $2 room, $3 how many to keep */
	STORE_Q_CHAT_ROOM,       /* $1 game, $2 after this id, $3 room, returns STORE_CHAT_COLUMNS */
	STORE_Q_CHAT_ALL,        /* $1 game, $2 after this id, returns STORE_CHAT_COLUMNS */
	STORE_Q_CHAT_OPEN_GET,   /* $1 game, returns spectators_on */
	STORE_Q_CHAT_OPEN_SET,   /* $1 game, $2 spectators_on */
	STORE_Q_REVIEW_PUT,      /* $1 game, $2 user, $3 text, $4 at */
	STORE_Q_REVIEW_GET,      /* $1 game, returns text */
	STORE_Q_REVIEW_HAS,      /* $1 game, returns at_ms */
	STORE_Q_REVIEW_DELETE,   /* $1 game */
	STORE_Q_PUZZLE_RATINGS,  /* returns puzzle_id, STORE_PRATING_COLUMNS */
	STORE_Q_PUZZLE_USER,     /* $1 user, returns STORE_PRATING_COLUMNS */
	STORE_Q_PUZZLE_ATTEMPTS, /* $1 user, returns puzzle_id, solved, at_ms */
	STORE_Q_PUZZLE_ATTEMPT, /* $1 user, $2 puzzle, $3 solved, $4 at: inserts unless there is one, returns user_id */
	STORE_Q_PUZZLE_USER_SET,   /* $1 user, $2 rating, $3 rd, $4 vol */
	STORE_Q_PUZZLE_RATING_SET, /* $1 puzzle, $2 rating, $3 rd, $4 vol */
	STORE_Q_LIST,              /* store_game_list's variants from here on (store__list_query) */
	STORE_Q_NB = STORE_Q_LIST + STORE_LIST_VARIANTS
};

/*
 * The connections of a store (store.c): at most `max` (STORE_POOL_MAX,
 * or 1 for SQLite's ":memory:"), opened when a call needs one and none is
 * idle, each held by one call at a time.
 */
struct store_pool {
	pthread_mutex_t lock; /* guards idle, nidle and count */
	pthread_cond_t freed;
	void *idle[STORE_POOL_MAX];
	int nidle, count, max;
};

/*
 * One backend: how the shared skeleton (store.c) opens, pools and closes
 * its connections, then the operations behind store.h, called with
 * checked arguments.  store_open allocates `size` bytes (the backend's
 * store, which begins with struct store), calls init, opens the first
 * connection and migrates on it; store_close calls fini, then closes the
 * idle connections.
 */
struct store_ops {
	const char *kind; /* store_kind */
	size_t size;      /* of the backend's store */
	char mark;        /* the parameters' mark: '$' for $1, $2, ... or '?' for ?1, ?2, ... */
	/* Sets up the backend's own fields (s->url is set, nothing is open yet). */
	void (*init)(struct store *s);
	/* What init set up and the backend started since (the listen thread), freed before the pool closes. */
	void (*fini)(struct store *s);
	/* Opens a connection to s->url; NULL (logged; a message in `errbuf` when given) on failure. */
	void *(*connect)(struct store *s, char *errbuf, size_t errlen);
	/* Closes a connection. */
	void (*disconnect)(void *conn);
	/*
	 * An idle connection about to serve a call: true when it works
	 * (repaired if need be), else it is closed.  NULL: it always works.
	 */
	bool (*ping)(void *conn);
	/* A connection handed back: ends a transaction left open; true when it may serve again, else it is closed. */
	bool (*settle)(void *conn);
	/* Runs the migrations the database has not had on `conn` (store_open's first connection). */
	enum store_err (*migrate)(struct store *s, void *conn, char *errbuf, size_t errlen);

	enum store_err (*user_create)(struct store *s, const struct store_user *u, const char *name_key, int64_t *id);
	/* By `name_key` (the lowercased name) when not NULL, else by `id`. */
	enum store_err (*user_get)(struct store *s, const char *name_key, int64_t id, struct store_user *u);
	enum store_err (*session_create)(struct store *s, const char *token_hash, int64_t user, const char *csrf,
					 int64_t expires_ms);
	enum store_err (*session_get)(struct store *s, const char *token_hash, int64_t now_ms, int64_t *user,
				      char *csrf);
	enum store_err (*session_delete)(struct store *s, const char *token_hash);
	/* Sets the user's password hash and deletes its sessions but `keep`, in one transaction. */
	enum store_err (*user_password)(struct store *s, int64_t user, const char *pw_hash, const char *keep);
	/* Inserts `g` with ply `n` and its `n` moves (0 for a new game), and the record `rec` when not NULL. */
	enum store_err (*game_insert)(struct store *s, const struct store_game *g, const struct store_move *moves,
				      int n, const struct store_record *rec);
	/* The record of game `id` into `format` (STORE_WORD_MAX) and `text` (STORE_RECORD_MAX). */
	enum store_err (*record_get)(struct store *s, const char *id, char *format, char *text);
	enum store_err (*game_get)(struct store *s, const char *id, struct store_game *g, struct store_move **moves,
				   int *n);
	enum store_err (*moves_since)(struct store *s, const char *id, int from, struct store_move *moves, int max,
				      int *n);
	enum store_err (*game_update)(struct store *s, const struct store_game *g, int old_ply,
				      enum store_status old_status, const struct store_move *move,
				      const struct store_rating *ratings, int nr);
	enum store_err (*game_list)(struct store *s, const struct store_filter *f, struct store_game **out, int *n);
	enum store_err (*game_deadlines)(struct store *s, void (*fn)(void *ctx, const char *id, int64_t deadline_ms),
					 void *ctx);
	enum store_err (*listen)(struct store *s, void (*fn)(void *ctx, const char *id), void *ctx);
	/* store.h's chat calls, their arguments checked. */
	enum store_err (*chat_add)(struct store *s, const char *game, struct store_chat *m, int keep);
	enum store_err (*chat_list)(struct store *s, const char *game, enum store_chat_room room, int64_t after,
				    struct store_chat **out, int *n);
	enum store_err (*chat_spectators)(struct store *s, const char *game, int set, bool *on);
	/* store.h's review calls, their arguments checked (review_get's text may be NULL). */
	enum store_err (*review_put)(struct store *s, const char *id, int64_t user, const char *text, int64_t at_ms);
	enum store_err (*review_get)(struct store *s, const char *id, char *text);
	enum store_err (*review_delete)(struct store *s, const char *id);
	enum store_err (*record_importer)(struct store *s, const char *id, int64_t *user);
	/* store.h's puzzle calls, their arguments checked. */
	enum store_err (*puzzle_ratings)(struct store *s, struct store_puzzle_row **out, int *n);
	enum store_err (*puzzle_user)(struct store *s, int64_t user, struct store_prating *r);
	enum store_err (*puzzle_attempts)(struct store *s, int64_t user, struct store_attempt **out, int *n);
	enum store_err (*puzzle_result)(struct store *s, int64_t user, const struct store_attempt *a,
					const struct store_prating *ur, const struct store_prating *pr);
};

/* The first member of every backend's store: what the skeleton keeps for it. */
struct store {
	const struct store_ops *ops;
	char *url; /* as given to store_open */
	struct store_pool pool;
	char sql[STORE_SQL_MAX];   /* the statements' texts, each ending with a NUL */
	size_t sql_at[STORE_Q_NB]; /* where each begins in sql */
};

/*
 * Takes a connection from `s`'s pool, opening one when none is idle and
 * there are fewer than the most, else waiting for one; NULL (logged) when
 * it cannot be opened or an idle one is broken.
 */
void *store__take(struct store *s);

/* Hands a connection of store__take back (its transaction ended; closed when it is broken). */
void store__give(struct store *s, void *conn);

/*
 * Writes the text of every statement for `s` in its backend's style
 * (store_open); STORE_ERR_DB (logged) when they do not fit STORE_SQL_MAX.
 */
enum store_err store__build_sql(struct store *s) __attribute__((warn_unused_result));

/* The text of statement `q` (STORE_Q_LIST + a variant for store_game_list's) in `s`'s backend's style. */
const char *store__sql(const struct store *s, enum store_query q);

/* A statement's parameter: a text (NULL: SQL NULL), an integer, a real or a boolean. */
enum store_val_type { STORE_VAL_TEXT, STORE_VAL_INT, STORE_VAL_REAL, STORE_VAL_BOOL };
struct store_val {
	enum store_val_type type;
	const char *text; /* STORE_VAL_TEXT; not copied: it must outlive the statement */
	int64_t i;        /* STORE_VAL_INT, STORE_VAL_BOOL (0 or 1) */
	double d;         /* STORE_VAL_REAL */
};

enum { STORE_VALS_MAX = 40 };

/* The parameters of one statement, in order: $1, $2, ... (?1, ?2, ...) */
struct store_vals {
	int n;
	struct store_val v[STORE_VALS_MAX];
};

/* Appends one parameter to `v`. */
/* The parameters of a chat list (store_chat_list) into `v`; returns its query (one room, or all). */
enum store_query store__chat_list_args(struct store_vals *v, const char *game, enum store_chat_room room,
				       int64_t after);
void store__text(struct store_vals *v, const char *s);
void store__int(struct store_vals *v, int64_t i);
void store__real(struct store_vals *v, double d);
void store__bool(struct store_vals *v, bool b);

/* The columns of a user (store_user's fields in order) and of a move. */
#define STORE_USER_COLUMNS "id, name, pw_hash, rating, rd, vol, games, created_ms"
#define STORE_MOVE_COLUMNS "usi, spent_ms, at_ms"
#define STORE_CHAT_COLUMNS "c.id, c.room, c.user_id, u.name, c.text, c.at_ms"

/* The parameters of STORE_Q_USER_INSERT, STORE_Q_MOVE_INSERT and STORE_Q_RATING. */
void store__user_vals(struct store_vals *v, const struct store_user *u, const char *name_key);
void store__move_vals(struct store_vals *v, const char *id, int ply, const struct store_move *m);
void store__rating_vals(struct store_vals *v, const struct store_rating *r);

/* The parameters of STORE_Q_GAME_INSERT: `g`'s columns in order, with ply `ply`. */
void store__game_vals(struct store_vals *v, const struct store_game *g, int ply);

/* The parameters of STORE_Q_GAME_UPDATE: `g`'s mutable fields with ply `ply`, then the condition. */
void store__update_vals(struct store_vals *v, const struct store_game *g, int ply, int old_ply,
			enum store_status old_status);

/*
 * store_game_list's statement for filter `f`: the variant chosen by which
 * of its filters are set (statements of one variant have the same text),
 * its parameters into `v`.
 */
enum store_query store__list_query(const struct store_filter *f, struct store_vals *v);

/*
 * Reads the columns of one result row in order; each backend's reader
 * begins with it.  `damaged` starts false; a row reader sets it when a
 * value read names nothing (store__game_read), and the backend then
 * answers STORE_DAMAGED.
 */
struct store_cols {
	void (*text)(struct store_cols *c, char *dst, size_t cap); /* marks the reader failed when it does not fit */
	int64_t (*i64)(struct store_cols *c);
	double (*dbl)(struct store_cols *c);
	bool damaged;
};

/* A row of STORE_Q_SESSION_GET. */
struct store_session {
	int64_t user;
	char csrf[STORE_TOKEN_MAX];
	int64_t expires_ms;
};

/*
 * Read one row: STORE_USER_COLUMNS into a store_user, the game's columns
 * into a store_game (decoding its words; a word that names nothing sets
 * c->damaged and is logged), a session row into a store_session, one id
 * into an int64_t (the `out` of the backends' one-row helpers), and
 * STORE_MOVE_COLUMNS.
 */
void store__user_read(struct store_cols *c, void *out);
void store__game_read(struct store_cols *c, void *out);
void store__session_read(struct store_cols *c, void *out);
void store__id_read(struct store_cols *c, void *out);
void store__move_read(struct store_cols *c, struct store_move *m);

/* A row of STORE_CHAT_COLUMNS into a store_chat (a room word that names nothing sets c->damaged), and the parameters of STORE_Q_CHAT_INSERT. */
void store__chat_read(struct store_cols *c, struct store_chat *m);
void store__chat_vals(struct store_vals *v, const char *game, const struct store_chat *m);

/* The text of STORE_Q_REVIEW_GET into `out`, STORE_REVIEW_MAX bytes. */
void store__review_read(struct store_cols *c, void *out);

/* A row of STORE_Q_RECORD_GET into `out`, a struct store_record_row. */
struct store_record_row {
	char *format; /* STORE_WORD_MAX bytes */
	char *text;   /* STORE_RECORD_MAX bytes */
};
void store__record_read(struct store_cols *c, void *out);

/* The columns of a puzzle rating; rows of STORE_Q_PUZZLE_USER (a store_prating), STORE_Q_PUZZLE_RATINGS
 * (a store_puzzle_row) and STORE_Q_PUZZLE_ATTEMPTS (a store_attempt); the parameters of the puzzle writes. */
#define STORE_PRATING_COLUMNS "rating, rd, vol, attempts"
void store__prating_read(struct store_cols *c, void *out);
void store__puzzle_row_read(struct store_cols *c, void *out);
void store__attempt_read(struct store_cols *c, void *out);
void store__attempt_vals(struct store_vals *v, int64_t user, const struct store_attempt *a);
void store__prating_vals(struct store_vals *v, int64_t user, const char *puzzle, const struct store_prating *r);

/*
 * The values named by the words of the text columns (store.h): a result
 * (-1: none), and an ending (GY_END_NONE for "", "canceled", "declined"
 * and "aborted", with `*declined` or `*aborted` set for the last two; -1:
 * none).
 */
int store__result_by_name(const char *word);
int store__ending_by_name(const char *word, bool *declined, bool *aborted);

/* The backends. */
extern const struct store_ops store__sqlite_ops, store__pg_ops;

/* Logs a database failure to stderr: the backend, what was being done, the database's message. */
void store__log(const char *kind, const char *what, const char *msg);

/* Writes a message into `errbuf` (size `errlen`; nothing when it is NULL or 0). */
void store__errf(char *errbuf, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Copies `len` bytes of `src` and a NUL into `dst` (size `cap`); false when they do not fit. */
bool store__copy(char *dst, size_t cap, const char *src, size_t len) __attribute__((warn_unused_result));

#endif
