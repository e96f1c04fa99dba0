/*
 * server/store_impl.h: what the storage dispatch (store.c) and its two
 * backends (store_sqlite.c, store_pg.c) share: the vtable, the base every
 * backend's store begins with, the games column order and small helpers.
 * Only store*.c include it; the rest of the server uses store.h.
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

enum {
	STORE_POOL_MAX = 8,   /* connections a store keeps */
	STORE_LIST_MAX = 200, /* games in one store_game_list */
	STORE_BUSY_MS = 5000  /* how long SQLite waits for a lock */
};

/* One backend: the operations behind store.h, called with checked arguments. */
struct store_ops {
	const char *kind; /* store_kind */
	void (*close)(struct store *s);
	enum store_err (*user_create)(struct store *s, const struct store_user *u, const char *name_key, int64_t *id);
	/* By `name_key` (the lowercased name) when not NULL, else by `id`. */
	enum store_err (*user_get)(struct store *s, const char *name_key, int64_t id, struct store_user *u);
	enum store_err (*session_create)(struct store *s, const char *token_hash, int64_t user, const char *csrf,
					 int64_t expires_ms);
	enum store_err (*session_get)(struct store *s, const char *token_hash, int64_t now_ms, int64_t *user,
				      char *csrf);
	enum store_err (*session_delete)(struct store *s, const char *token_hash);
	/* Inserts `g` with ply `n` and its `n` moves (0 for a new game). */
	enum store_err (*game_insert)(struct store *s, const struct store_game *g, const struct store_move *moves,
				      int n);
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
};

/* The first member of every backend's store. */
struct store {
	const struct store_ops *ops;
};

/* A statement's parameter: a text (NULL: SQL NULL), an integer, a real or a boolean. */
enum store_val_type { STORE_VAL_TEXT, STORE_VAL_INT, STORE_VAL_REAL, STORE_VAL_BOOL };
struct store_val {
	enum store_val_type type;
	const char *text; /* STORE_VAL_TEXT; not copied: it must outlive the statement */
	int64_t i;        /* STORE_VAL_INT, STORE_VAL_BOOL (0 or 1) */
	double d;         /* STORE_VAL_REAL */
};

enum { STORE_VALS_MAX = 32 };

/* The parameters of one statement, in order: $1, $2, ... */
struct store_vals {
	int n;
	struct store_val v[STORE_VALS_MAX];
};

/* Appends one parameter to `v`. */
void store__text(struct store_vals *v, const char *s);
void store__int(struct store_vals *v, int64_t i);
void store__real(struct store_vals *v, double d);
void store__bool(struct store_vals *v, bool b);

/*
 * The statements both backends run: constant text whose parameters are
 * $1, $2, ... (each first appearing in that order; SQLite reads them as
 * ?1, ?2, ...).  The games columns are always STORE_GAME_COLUMNS.
 */
enum store_query {
	STORE_Q_USER_INSERT,    /* $1..$8 the user, returns id */
	STORE_Q_USER_BY_KEY,    /* $1 name key, returns STORE_USER_COLUMNS */
	STORE_Q_USER_BY_ID,     /* $1 id, returns STORE_USER_COLUMNS */
	STORE_Q_SESSION_INSERT, /* $1 token hash, $2 user, $3 csrf, $4 expiry */
	STORE_Q_SESSION_GET,    /* $1 token hash, returns user, csrf, expiry */
	STORE_Q_SESSION_EXPIRE, /* $1 token hash, $2 now */
	STORE_Q_SESSION_DELETE, /* $1 token hash */
	STORE_Q_GAME_INSERT,    /* store__game_vals */
	STORE_Q_MOVE_INSERT,    /* $1 game, $2 ply, $3 usi, $4 spent, $5 at */
	STORE_Q_GAME_GET,       /* $1 id, returns STORE_GAME_COLUMNS */
	STORE_Q_MOVES_GET,      /* $1 game, returns STORE_MOVE_COLUMNS by ply */
	STORE_Q_MOVES_SINCE,    /* $1 game, $2 after this ply, $3 limit, returns STORE_MOVE_COLUMNS */
	STORE_Q_GAME_UPDATE,    /* store__update_vals */
	STORE_Q_MOVES_TRUNCATE, /* $1 game, $2 the ply kept last */
	STORE_Q_RATING,         /* $1 rating, $2 rd, $3 vol, $4 user, $5 games read */
	STORE_Q_DEADLINES,      /* returns id, deadline_ms */
	STORE_Q_NB
};

/* The text of statement `q`. */
const char *store__sql(enum store_query q);

/* The columns of a user (store_user's fields in order), of a move, of a game. */
#define STORE_USER_COLUMNS "id, name, pw_hash, rating, rd, vol, games, created_ms"
#define STORE_MOVE_COLUMNS "usi, spent_ms, at_ms"
#define STORE_GAME_COLUMNS                                                                                       \
	"id, status, black_user, white_user, black_level, white_level, black_name, white_name, creator, "        \
	"challenged, color, handicap, tc, impasse, rated, start_sfen, ply, clock, deadline_ms, result, ending, " \
	"black_before, white_before, black_after, white_after, created_ms, started_ms, updated_ms"

/* The parameters of STORE_Q_USER_INSERT, STORE_Q_MOVE_INSERT and STORE_Q_RATING. */
void store__user_vals(struct store_vals *v, const struct store_user *u, const char *name_key);
void store__move_vals(struct store_vals *v, const char *id, int ply, const struct store_move *m);
void store__rating_vals(struct store_vals *v, const struct store_rating *r);

/* The parameters of STORE_Q_GAME_INSERT: `g` in STORE_GAME_COLUMNS order, with ply `ply`. */
void store__game_vals(struct store_vals *v, const struct store_game *g, int ply);

/* The parameters of STORE_Q_GAME_UPDATE: `g`'s mutable fields with ply `ply`, then the condition. */
void store__update_vals(struct store_vals *v, const struct store_game *g, int ply, int old_ply,
			enum store_status old_status);

/*
 * store_game_list's statement, from constant pieces chosen by which of
 * `f`'s filters are set, into `sql` (size `cap`), its parameters into
 * `v`.  Returns the variant (0..STORE_LIST_VARIANTS-1): statements of one
 * variant have the same text.
 */
enum { STORE_LIST_VARIANTS = 16 };
int store__list_sql(const struct store_filter *f, char *sql, size_t cap, struct store_vals *v);

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
 * Read one row: STORE_USER_COLUMNS into a store_user, STORE_GAME_COLUMNS
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

/* Opens an SQLite store on the file `path` (store_open's contract). */
enum store_err store__sqlite_open(struct store **out, const char *path, char *errbuf, size_t errlen);

/* Opens a PostgreSQL store on the libpq URI `url` (store_open's contract). */
enum store_err store__pg_open(struct store **out, const char *url, char *errbuf, size_t errlen);

/* Logs a database failure to stderr: the backend, what was being done, the database's message. */
void store__log(const char *kind, const char *what, const char *msg);

/* Writes a message into `errbuf` (size `errlen`; nothing when it is NULL or 0). */
void store__errf(char *errbuf, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Copies `len` bytes of `src` and a NUL into `dst` (size `cap`); false when they do not fit. */
bool store__copy(char *dst, size_t cap, const char *src, size_t len) __attribute__((warn_unused_result));

#endif
