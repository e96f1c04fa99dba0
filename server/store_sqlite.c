/*
 * server/store_sqlite.c: the SQLite backend of store.h: one database file
 * in WAL mode (readers never wait for the writer), synchronous=FULL (a
 * commit is on disk when it returns), foreign keys on, a 5 s busy timeout
 * for other processes holding the lock.
 *
 * Invariants: a connection is used by one thread at a time (the pool of
 * store.c keeps at most STORE_POOL_MAX, or 1 for ":memory:", where each
 * connection is its own database).  Every write runs between BEGIN
 * IMMEDIATE and COMMIT while holding `write`, so the writers of this
 * process queue on a mutex instead of sleeping in SQLite's busy handler; a
 * read of several statements runs in one (deferred, read-only)
 * transaction.  A connection goes back to the pool outside any
 * transaction, with its cached statements reset.  The schema version in
 * schema_version is the number of entries of `migrations` applied, each
 * in its own transaction.
 */
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"

/* The schema, one migration an entry, applied in order; append, never edit. */
static const char *const migrations[] = {
	/* 1: users, sessions, games and their moves. */
	"CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
	" pw_hash TEXT NOT NULL, rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,"
	" games INTEGER NOT NULL DEFAULT 0, created_ms INTEGER NOT NULL);"
	"CREATE TABLE sessions (token_hash TEXT PRIMARY KEY,"
	" user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE, csrf TEXT NOT NULL,"
	" expires_ms INTEGER NOT NULL);"
	"CREATE INDEX sessions_user ON sessions(user_id);"
	"CREATE INDEX sessions_expires ON sessions(expires_ms);"
	"CREATE TABLE games (id TEXT PRIMARY KEY, status TEXT NOT NULL,"
	" black_user INTEGER NOT NULL, white_user INTEGER NOT NULL,"
	" black_level INTEGER NOT NULL, white_level INTEGER NOT NULL,"
	" black_name TEXT NOT NULL, white_name TEXT NOT NULL,"
	" creator INTEGER NOT NULL, challenged INTEGER NOT NULL, color INTEGER NOT NULL,"
	" handicap TEXT NOT NULL, tc TEXT NOT NULL, impasse TEXT NOT NULL, rated INTEGER NOT NULL,"
	" start_sfen TEXT NOT NULL, ply INTEGER NOT NULL, clock TEXT NOT NULL, deadline_ms INTEGER NOT NULL,"
	" result TEXT NOT NULL, ending TEXT NOT NULL,"
	" black_before REAL NOT NULL, white_before REAL NOT NULL, black_after REAL NOT NULL,"
	" white_after REAL NOT NULL,"
	" created_ms INTEGER NOT NULL, started_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);"
	"CREATE INDEX games_black ON games(black_user, created_ms, id);"
	"CREATE INDEX games_white ON games(white_user, created_ms, id);"
	"CREATE INDEX games_creator ON games(creator, created_ms, id);"
	"CREATE INDEX games_challenged ON games(challenged, created_ms, id);"
	"CREATE INDEX games_status ON games(status, created_ms, id);"
	"CREATE INDEX games_created ON games(created_ms, id);"
	"CREATE INDEX games_deadline ON games(deadline_ms) WHERE status = 'playing' AND deadline_ms > 0;"
	"CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
	" ply INTEGER NOT NULL, usi TEXT NOT NULL, spent_ms INTEGER NOT NULL, at_ms INTEGER NOT NULL,"
	" PRIMARY KEY (game_id, ply)) WITHOUT ROWID;",
	/* 2: an imported record as it was read (comments, variations, headers), beside its game. */
	"CREATE TABLE records (game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
	" format TEXT NOT NULL, text TEXT NOT NULL);",
	/* 3: the game a rematch was offered from, a takeback asked for (docs/server.md "Games"). */
	"ALTER TABLE games ADD COLUMN rematch_of TEXT NOT NULL DEFAULT '';"
	"ALTER TABLE games ADD COLUMN takeback INTEGER NOT NULL DEFAULT 0;",
	/* 4: the chat of a game's two rooms, and whether its spectators' room is open (docs/server.md "Chat"). */
	"CREATE TABLE chat (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
	" room TEXT NOT NULL, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
	" text TEXT NOT NULL, at_ms INTEGER NOT NULL);"
	"CREATE INDEX chat_game ON chat(game_id, room, id);"
	"CREATE TABLE chat_settings (game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
	" spectators_on INTEGER NOT NULL);",
	/* 5: a game's saved review, the server's JSON, with who saved it and when (docs/server.md "Game review"). */
	"CREATE TABLE reviews (game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
	" user_id INTEGER NOT NULL, text TEXT NOT NULL, at_ms INTEGER NOT NULL);"
	/* and who imported a record (0: not known, a record imported before). */
	"ALTER TABLE records ADD COLUMN importer INTEGER NOT NULL DEFAULT 0;",
	/* 6: tsume puzzles: the puzzles' ratings, the players' puzzle ratings, one attempt per player and puzzle. */
	"CREATE TABLE puzzle_ratings (puzzle_id TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL,"
	" vol REAL NOT NULL, attempts INTEGER NOT NULL);"
	"CREATE TABLE puzzle_users (user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,"
	" rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL, attempts INTEGER NOT NULL);"
	"CREATE TABLE puzzle_attempts (user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
	" puzzle_id TEXT NOT NULL, solved INTEGER NOT NULL, at_ms INTEGER NOT NULL,"
	" PRIMARY KEY (user_id, puzzle_id)) WITHOUT ROWID;",
};
enum { MIGRATIONS_NB = sizeof migrations / sizeof migrations[0] };

struct conn {
	sqlite3 *db;
	const struct store *store;      /* whose statements these are */
	sqlite3_stmt *stmt[STORE_Q_NB]; /* prepared on first use */
};

struct sq {
	struct store base;
	pthread_mutex_t write; /* held through every write transaction */
};

/* Maps an SQLite result code to a store error, logging what is not a constraint. */
static enum store_err fail(sqlite3 *db, int rc, const char *what)
{
	switch (rc) {
	case SQLITE_CONSTRAINT_UNIQUE:
	case SQLITE_CONSTRAINT_PRIMARYKEY: return STORE_CONFLICT;
	case SQLITE_CONSTRAINT_FOREIGNKEY: return STORE_NOT_FOUND;
	case SQLITE_NOMEM: return STORE_ERR_NOMEM;
	default: break;
	}
	store__log("sqlite", what, db && sqlite3_extended_errcode(db) == rc ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
	return STORE_ERR_DB;
}

/* Runs constant SQL text (one or more statements, no parameters). */
static enum store_err exec(struct conn *c, const char *sql, const char *what)
{
	char *msg = NULL;
	int rc = sqlite3_exec(c->db, sql, NULL, NULL, &msg);
	if (rc != SQLITE_OK && msg)
		store__log("sqlite", what, msg);
	sqlite3_free(msg);
	return rc == SQLITE_OK ? STORE_OK : rc == SQLITE_NOMEM ? STORE_ERR_NOMEM : STORE_ERR_DB;
}

static void sq_disconnect(void *conn)
{
	struct conn *c = conn;
	for (int i = 0; i < STORE_Q_NB; i++)
		sqlite3_finalize(c->stmt[i]);
	sqlite3_close(c->db);
	free(c);
}

enum { SETTINGS_RETRY_MS = 10 }; /* the pause between tries of the connection settings */

/* Opens one connection with the settings every connection needs. */
static void *sq_connect(struct store *s, char *errbuf, size_t errlen)
{
	const char *path = s->url;
	struct conn *c = calloc(1, sizeof *c);
	if (!c) {
		store__errf(errbuf, errlen, "out of memory");
		return NULL;
	}
	c->store = s;
	int rc = sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		const char *msg = c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc);
		store__errf(errbuf, errlen, "cannot open %s: %s", path, msg);
		store__log("sqlite", "open", msg);
		goto fail;
	}
	sqlite3_extended_result_codes(c->db, 1);
	sqlite3_busy_timeout(c->db, STORE_BUSY_MS);
	/*
	 * Switching a new database to WAL can answer SQLITE_BUSY without
	 * waiting (SQLite skips the busy handler there, e.g. while another
	 * connection creates the file), so it is retried here for as long as
	 * the busy timeout.
	 */
	static const char settings[] =
		"PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";
	for (int waited = 0;; waited += SETTINGS_RETRY_MS) {
		rc = sqlite3_exec(c->db, settings, NULL, NULL, NULL);
		if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
			break;
		if (waited >= STORE_BUSY_MS)
			break;
		sqlite3_sleep(SETTINGS_RETRY_MS);
	}
	if (rc != SQLITE_OK) {
		store__errf(errbuf, errlen, "cannot set up %s: %s", path, sqlite3_errmsg(c->db));
		store__log("sqlite", "settings", sqlite3_errmsg(c->db));
		goto fail;
	}
	return c;
fail:
	sq_disconnect(c);
	return NULL;
}

/* Takes a connection from the pool (store__take). */
static struct conn *take(struct sq *q) { return store__take(&q->base); }

/* Returns a connection to the pool. */
static void give(struct sq *q, struct conn *c) { store__give(&q->base, c); }

/* Ends the transaction a connection coming back left open; it always serves again. */
static bool sq_settle(void *conn)
{
	struct conn *c = conn;
	if (!sqlite3_get_autocommit(c->db))
		(void)exec(c, "ROLLBACK", "rollback");
	return true;
}

/* Makes a statement ready for its next use. */
static void done(sqlite3_stmt *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

/* Statement `k`, prepared once per connection, with `v` bound; NULL (logged) on failure. */
static sqlite3_stmt *query(struct conn *c, enum store_query k, const struct store_vals *v)
{
	sqlite3_stmt *st = c->stmt[k];
	if (!st) {
		int rc = sqlite3_prepare_v3(c->db, store__sql(c->store, k), -1, SQLITE_PREPARE_PERSISTENT, &st, NULL);
		if (rc != SQLITE_OK) {
			(void)fail(c->db, rc, "prepare");
			return NULL;
		}
		c->stmt[k] = st;
	}
	for (int i = 0; i < v->n; i++) {
		const struct store_val *x = &v->v[i];
		int rc = x->type == STORE_VAL_REAL   ? sqlite3_bind_double(st, i + 1, x->d)
			 : x->type != STORE_VAL_TEXT ? sqlite3_bind_int64(st, i + 1, x->i)
			 : x->text                   ? sqlite3_bind_text(st, i + 1, x->text, -1, SQLITE_STATIC)
						     : sqlite3_bind_null(st, i + 1);
		if (rc != SQLITE_OK) {
			(void)fail(c->db, rc, "bind");
			done(st);
			return NULL;
		}
	}
	return st;
}

/* Runs shared statement `k` to its end; `changes` (when not NULL) gets the rows it changed. */
static enum store_err exec_q(struct conn *c, enum store_query k, const struct store_vals *v, int *changes,
			     const char *what)
{
	sqlite3_stmt *st = query(c, k, v);
	if (!st)
		return STORE_ERR_DB;
	int rc = sqlite3_step(st);
	enum store_err e = rc == SQLITE_DONE ? STORE_OK : fail(c->db, rc, what);
	if (changes)
		*changes = sqlite3_changes(c->db);
	done(st);
	return e;
}

/* Reads the columns of a row in order (store_cols); ok turns false when a text does not fit. */
struct reader {
	struct store_cols cols;
	sqlite3_stmt *st;
	int i;
	bool ok;
};

static void r_text(struct store_cols *c, char *dst, size_t cap)
{
	struct reader *r = (struct reader *)c;
	const unsigned char *t = sqlite3_column_text(r->st, r->i);
	size_t n = (size_t)sqlite3_column_bytes(r->st, r->i++);
	if (!store__copy(dst, cap, t ? (const char *)t : "", t ? n : 0))
		r->ok = false;
}

static int64_t r_i64(struct store_cols *c)
{
	struct reader *r = (struct reader *)c;
	return sqlite3_column_int64(r->st, r->i++);
}

static double r_dbl(struct store_cols *c)
{
	struct reader *r = (struct reader *)c;
	return sqlite3_column_double(r->st, r->i++);
}

static struct reader reader_of(sqlite3_stmt *st) { return (struct reader){{r_text, r_i64, r_dbl, false}, st, 0, true}; }

/* How one row is read into a caller's value. */
typedef void (*read_fn)(struct store_cols *c, void *out);

/* Reads the one row of shared statement `k` into `out`; STORE_NOT_FOUND when there is none. */
static enum store_err row_q(struct conn *c, enum store_query k, const struct store_vals *v, read_fn read, void *out,
			    const char *what)
{
	sqlite3_stmt *st = query(c, k, v);
	if (!st)
		return STORE_ERR_DB;
	int rc = sqlite3_step(st);
	enum store_err e;
	if (rc == SQLITE_ROW) {
		struct reader r = reader_of(st);
		read(&r.cols, out);
		e = !r.ok ? fail(c->db, SQLITE_TOOBIG, what) : r.cols.damaged ? STORE_DAMAGED : STORE_OK;
	} else {
		e = rc == SQLITE_DONE ? STORE_NOT_FOUND : fail(c->db, rc, what);
	}
	done(st);
	return e;
}

/*
 * Takes the process's write mutex, then a connection: a writer waits for
 * its turn without holding a connection, so the readers keep the pool
 * while writes queue for the disk.  NULL (mutex released) on failure.
 */
static struct conn *take_writer(struct sq *q)
{
	pthread_mutex_lock(&q->write);
	struct conn *c = take(q);
	if (!c)
		pthread_mutex_unlock(&q->write);
	return c;
}

/* Gives back a connection of take_writer, then the write mutex. */
static void give_writer(struct sq *q, struct conn *c)
{
	give(q, c);
	pthread_mutex_unlock(&q->write);
}

/* Starts a write transaction; the caller holds the write mutex. */
static enum store_err write_begin(struct conn *c) { return exec(c, "BEGIN IMMEDIATE", "begin"); }

/* Commits when `e` is STORE_OK, else rolls back; returns the outcome. */
static enum store_err write_end(struct conn *c, enum store_err e)
{
	if (!e)
		e = exec(c, "COMMIT", "commit");
	if (!sqlite3_get_autocommit(c->db))
		(void)exec(c, "ROLLBACK", "rollback");
	return e;
}

/* Runs shared statement `k` alone in a write transaction. */
static enum store_err write_q(struct sq *q, enum store_query k, const struct store_vals *v, const char *what)
{
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = write_begin(c);
	if (!e)
		e = write_end(c, exec_q(c, k, v, NULL, what));
	give_writer(q, c);
	return e;
}

/* Reads the one row of shared statement `k` on a pooled connection. */
static enum store_err read_q(struct sq *q, enum store_query k, const struct store_vals *v, read_fn read, void *out,
			     const char *what)
{
	struct conn *c = take(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = row_q(c, k, v, read, out, what);
	give(q, c);
	return e;
}

/* The schema version, creating schema_version when missing (inside the caller's transaction). */
static enum store_err schema_version(struct conn *c, int *version)
{
	enum store_err e = exec(c,
				"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);"
				"INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version);",
				"schema_version");
	sqlite3_stmt *st = NULL;
	int rc = e ? SQLITE_OK : sqlite3_prepare_v2(c->db, "SELECT max(version) FROM schema_version", -1, &st, NULL);
	if (!e && rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW)
		*version = sqlite3_column_int(st, 0);
	else if (!e)
		e = fail(c->db, rc, "schema_version");
	sqlite3_finalize(st);
	return e;
}

/* Runs the migrations that the database has not had yet, each in one transaction. */
static enum store_err sq_migrate(struct store *s, void *conn, char *errbuf, size_t errlen)
{
	struct sq *q = (struct sq *)s;
	struct conn *c = conn;
	for (int i = 1; i <= MIGRATIONS_NB; i++) {
		int version = 0;
		pthread_mutex_lock(&q->write);
		enum store_err e = write_begin(c);
		if (e)
			return e;
		e = schema_version(c, &version);
		if (!e && version > MIGRATIONS_NB) {
			store__errf(errbuf, errlen, "the database has schema version %d, newer than this program's %d",
				    version, MIGRATIONS_NB);
			e = STORE_ERR_DB;
		} else if (!e && version < i) {
			e = exec(c, migrations[i - 1], "migration");
			sqlite3_stmt *st = NULL;
			int rc = e ? SQLITE_OK
				   : sqlite3_prepare_v2(c->db, "UPDATE schema_version SET version = ?", -1, &st, NULL);
			if (!e && (rc != SQLITE_OK || (rc = sqlite3_bind_int(st, 1, i)) != SQLITE_OK ||
				   (rc = sqlite3_step(st)) != SQLITE_DONE))
				e = fail(c->db, rc, "schema_version");
			sqlite3_finalize(st);
		}
		e = write_end(c, e);
		pthread_mutex_unlock(&q->write);
		if (e) {
			if (errbuf && errlen && !errbuf[0])
				store__errf(errbuf, errlen, "migration %d failed: %s", i, sqlite3_errmsg(c->db));
			return e;
		}
	}
	return STORE_OK;
}

static void sq_init(struct store *s)
{
	struct sq *q = (struct sq *)s;
	if (!strcmp(s->url, ":memory:"))
		s->pool.max = 1;
	pthread_mutex_init(&q->write, NULL);
}

static void sq_fini(struct store *s) { pthread_mutex_destroy(&((struct sq *)s)->write); }

static enum store_err sq_user_create(struct store *s, const struct store_user *u, const char *key, int64_t *id)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__user_vals(&v, u, key);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = write_begin(c);
	if (!e)
		e = write_end(c, row_q(c, STORE_Q_USER_INSERT, &v, store__id_read, id, "create user"));
	give_writer(q, c);
	return e;
}

static enum store_err sq_user_get(struct store *s, const char *key, int64_t id, struct store_user *u)
{
	struct store_vals v = {0};
	if (key)
		store__text(&v, key);
	else
		store__int(&v, id);
	return read_q((struct sq *)s, key ? STORE_Q_USER_BY_KEY : STORE_Q_USER_BY_ID, &v, store__user_read, u,
		      "read user");
}

static enum store_err sq_session_create(struct store *s, const char *token_hash, int64_t user, const char *csrf,
					int64_t expires_ms)
{
	struct store_vals v = {0};
	store__text(&v, token_hash);
	store__int(&v, user);
	store__text(&v, csrf);
	store__int(&v, expires_ms);
	return write_q((struct sq *)s, STORE_Q_SESSION_INSERT, &v, "create session");
}

static enum store_err sq_session_get(struct store *s, const char *token_hash, int64_t now_ms, int64_t *user, char *csrf)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	struct store_session row;
	store__text(&v, token_hash);
	enum store_err e = read_q(q, STORE_Q_SESSION_GET, &v, store__session_read, &row, "read session");
	*user = 0;
	csrf[0] = '\0';
	if (!e && row.expires_ms <= now_ms) {
		store__int(&v, now_ms);
		e = write_q(q, STORE_Q_SESSION_EXPIRE, &v, "delete expired session");
		return e ? e : STORE_NOT_FOUND;
	}
	if (!e) {
		*user = row.user;
		memcpy(csrf, row.csrf, sizeof row.csrf);
	}
	return e;
}

static enum store_err sq_record_get(struct store *s, const char *id, char *format, char *text)
{
	struct store_vals v = {0};
	store__text(&v, id);
	struct store_record_row row = {format, text};
	return read_q((struct sq *)s, STORE_Q_RECORD_GET, &v, store__record_read, &row, "read record");
}

static enum store_err sq_session_delete(struct store *s, const char *token_hash)
{
	struct store_vals v = {0};
	store__text(&v, token_hash);
	return write_q((struct sq *)s, STORE_Q_SESSION_DELETE, &v, "delete session");
}

static enum store_err sq_user_password(struct store *s, int64_t user, const char *pw_hash, const char *keep)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0}, w = {0};
	store__text(&v, pw_hash);
	store__int(&v, user);
	store__int(&w, user);
	store__text(&w, keep);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	int changes = 0;
	enum store_err e = write_begin(c);
	if (!e)
		e = exec_q(c, STORE_Q_USER_PASSWORD, &v, &changes, "set password");
	if (!e && changes != 1)
		e = STORE_NOT_FOUND;
	if (!e)
		e = exec_q(c, STORE_Q_SESSION_OTHERS, &w, NULL, "delete other sessions");
	e = write_end(c, e);
	give_writer(q, c);
	return e;
}

/* Inserts move `ply` of game `id`. */
static enum store_err insert_move(struct conn *c, const char *id, int ply, const struct store_move *m)
{
	struct store_vals v = {0};
	store__move_vals(&v, id, ply, m);
	return exec_q(c, STORE_Q_MOVE_INSERT, &v, NULL, "insert move");
}

static enum store_err sq_game_insert(struct store *s, const struct store_game *g, const struct store_move *moves, int n,
				     const struct store_record *rec)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__game_vals(&v, g, n);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = write_begin(c);
	if (!e) {
		e = exec_q(c, STORE_Q_GAME_INSERT, &v, NULL, "insert game");
		for (int i = 0; i < n && !e; i++)
			e = insert_move(c, g->id, i + 1, &moves[i]);
		if (rec && !e) {
			struct store_vals r = {0};
			store__text(&r, g->id);
			store__text(&r, rec->format);
			store__text(&r, rec->text);
			store__int(&r, rec->importer);
			e = exec_q(c, STORE_Q_RECORD_INSERT, &r, NULL, "insert record");
		}
		e = write_end(c, e);
	}
	give_writer(q, c);
	return e;
}

/* Steps through rows of STORE_MOVE_COLUMNS: into `*out`, growing it when `grow`, else at most `max`. */
static enum store_err read_moves(struct conn *c, sqlite3_stmt *st, struct store_move **out, int max, bool grow, int *n)
{
	int rc, cap = grow ? 0 : max;
	*n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && (grow || *n < cap)) {
		if (*n == cap) {
			cap = cap ? cap * 2 : (max > 0 ? max : 16);
			struct store_move *m = realloc(*out, (size_t)cap * sizeof *m);
			if (!m)
				return STORE_ERR_NOMEM;
			*out = m;
		}
		struct reader r = reader_of(st);
		store__move_read(&r.cols, &(*out)[*n]);
		if (!r.ok)
			return fail(c->db, SQLITE_TOOBIG, "read moves");
		(*n)++;
	}
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? STORE_OK : fail(c->db, rc, "read moves");
}

static enum store_err sq_game_get(struct store *s, const char *id, struct store_game *g, struct store_move **moves,
				  int *n)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__text(&v, id);
	struct conn *c = take(q);
	if (!c)
		return STORE_ERR_DB;
	/* One read transaction, so the moves are those of the game row read. */
	enum store_err e = moves ? exec(c, "BEGIN", "begin") : STORE_OK;
	if (!e)
		e = row_q(c, STORE_Q_GAME_GET, &v, store__game_read, g, "read game");
	if (!e && moves) {
		sqlite3_stmt *st = query(c, STORE_Q_MOVES_GET, &v);
		e = st ? read_moves(c, st, moves, g->ply, true, n) : STORE_ERR_DB;
		if (st)
			done(st);
		if (e) {
			free(*moves);
			*moves = NULL;
			*n = 0;
		}
	}
	if (!sqlite3_get_autocommit(c->db))
		(void)exec(c, "COMMIT", "commit");
	give(q, c);
	return e;
}

static enum store_err sq_moves_since(struct store *s, const char *id, int from, struct store_move *moves, int max,
				     int *n)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__text(&v, id);
	store__int(&v, from);
	store__int(&v, max);
	struct conn *c = take(q);
	if (!c)
		return STORE_ERR_DB;
	sqlite3_stmt *st = query(c, STORE_Q_MOVES_SINCE, &v);
	enum store_err e = st ? read_moves(c, st, &moves, max, false, n) : STORE_ERR_DB;
	if (st)
		done(st);
	give(q, c);
	return e;
}

static enum store_err sq_game_update(struct store *s, const struct store_game *g, int old_ply,
				     enum store_status old_status, const struct store_move *move,
				     const struct store_rating *ratings, int nr)
{
	struct sq *q = (struct sq *)s;
	int ply = move ? old_ply + 1 : g->ply, changed = 0;
	struct store_vals v = {0};
	store__update_vals(&v, g, ply, old_ply, old_status);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = write_begin(c);
	if (e) {
		give_writer(q, c);
		return e;
	}
	e = exec_q(c, STORE_Q_GAME_UPDATE, &v, &changed, "update game");
	if (!e && changed == 0)
		e = STORE_CONFLICT;
	if (!e && move) {
		e = insert_move(c, g->id, old_ply + 1, move);
	} else if (!e && ply < old_ply) {
		struct store_vals t = {0};
		store__text(&t, g->id);
		store__int(&t, ply);
		e = exec_q(c, STORE_Q_MOVES_TRUNCATE, &t, NULL, "take moves back");
	}
	for (int i = 0; i < nr && !e; i++) {
		struct store_vals t = {0};
		store__rating_vals(&t, &ratings[i]);
		e = exec_q(c, STORE_Q_RATING, &t, &changed, "update rating");
		if (!e && changed == 0)
			e = STORE_STALE;
	}
	e = write_end(c, e);
	give_writer(q, c);
	return e;
}

static enum store_err sq_game_list(struct store *s, const struct store_filter *f, struct store_game **out, int *n)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	enum store_query k = store__list_query(f, &v);
	struct store_game *games = malloc((size_t)f->limit * sizeof *games);
	struct conn *c = games ? take(q) : NULL;
	if (!c) {
		free(games);
		return games ? STORE_ERR_DB : STORE_ERR_NOMEM;
	}
	sqlite3_stmt *st = query(c, k, &v);
	enum store_err e = STORE_ERR_DB;
	int count = 0, rc = SQLITE_ERROR;
	bool damaged = false;
	while (st && count < f->limit && !damaged && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct reader r = reader_of(st);
		store__game_read(&r.cols, &games[count++]);
		if (!r.ok)
			rc = SQLITE_TOOBIG;
		damaged = r.cols.damaged;
	}
	if (st) {
		e = rc != SQLITE_DONE && rc != SQLITE_ROW ? fail(c->db, rc, "list games")
		    : damaged                             ? STORE_DAMAGED
							  : STORE_OK;
		done(st);
	}
	give(q, c);
	if (e || count == 0) {
		free(games);
		games = NULL;
		count = 0;
	}
	*out = games;
	*n = count;
	return e;
}

/* One playing game with a deadline. */
struct deadline {
	char id[STORE_ID_MAX];
	int64_t ms;
};

static enum store_err sq_game_deadlines(struct store *s, void (*fn)(void *ctx, const char *id, int64_t deadline_ms),
					void *ctx)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	struct conn *c = take(q);
	if (!c)
		return STORE_ERR_DB;
	sqlite3_stmt *st = query(c, STORE_Q_DEADLINES, &v);
	struct deadline *d = NULL;
	int n = 0, cap = 0, rc = SQLITE_ERROR;
	enum store_err e = st ? STORE_OK : STORE_ERR_DB;
	while (!e && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == cap) {
			struct deadline *m = realloc(d, (size_t)(cap = cap ? cap * 2 : 64) * sizeof *m);
			if (!m) {
				e = STORE_ERR_NOMEM;
				break;
			}
			d = m;
		}
		struct reader r = reader_of(st);
		r_text(&r.cols, d[n].id, sizeof d[n].id);
		d[n].ms = r_i64(&r.cols);
		n += r.ok;
	}
	if (st) {
		if (!e && rc != SQLITE_DONE)
			e = fail(c->db, rc, "read deadlines");
		done(st);
	}
	give(q, c);
	/* The callbacks run with no connection held, so they may call the store. */
	for (int i = 0; i < n && !e; i++)
		fn(ctx, d[i].id, d[i].ms);
	free(d);
	return e;
}

static enum store_err sq_listen(struct store *s, void (*fn)(void *ctx, const char *id), void *ctx)
{
	(void)s;
	(void)fn;
	(void)ctx;
	return STORE_OK;
}

static enum store_err sq_chat_add(struct store *s, const char *game, struct store_chat *m, int keep)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0}, t = {0};
	store__chat_vals(&v, game, m);
	store__text(&t, game);
	store__text(&t, store_chat_room_name(m->room));
	store__int(&t, keep);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	enum store_err e = write_begin(c);
	if (!e) {
		e = row_q(c, STORE_Q_CHAT_INSERT, &v, store__id_read, &m->id, "insert chat");
		if (!e)
			e = exec_q(c, STORE_Q_CHAT_TRIM, &t, NULL, "trim chat");
		e = write_end(c, e);
	}
	give_writer(q, c);
	return e;
}

/*
 * Runs query `which` with `v` and reads each of its rows with `read` into a
 * malloc'ed array of `size`-byte rows (`*out`, `*n`; NULL and 0 on error);
 * `what` names the read in errors.
 */
static enum store_err read_rows(struct sq *q, enum store_query which, const struct store_vals *v, size_t size,
				void (*read)(struct store_cols *c, void *row), const char *what, void **out, int *n)
{
	*out = NULL;
	*n = 0;
	struct conn *c = take(q);
	if (!c)
		return STORE_ERR_DB;
	sqlite3_stmt *st = query(c, which, v);
	enum store_err e = st ? STORE_OK : STORE_ERR_DB;
	char *list = NULL;
	int rc = SQLITE_DONE, cap = 0, rows = 0;
	while (!e && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (rows == cap) {
			cap = cap ? cap * 2 : 32;
			char *grown = realloc(list, (size_t)cap * size);
			if (!grown) {
				e = STORE_ERR_NOMEM;
				break;
			}
			list = grown;
		}
		struct reader r = reader_of(st);
		read(&r.cols, list + (size_t)rows * size);
		e = !r.ok ? fail(c->db, SQLITE_TOOBIG, what) : r.cols.damaged ? STORE_DAMAGED : STORE_OK;
		rows += !e;
	}
	if (!e && rc != SQLITE_DONE)
		e = fail(c->db, rc, what);
	if (st)
		done(st);
	give(q, c);
	if (e) {
		free(list);
		return e;
	}
	*out = list;
	*n = rows;
	return STORE_OK;
}

/* store__chat_read for read_rows. */
static void chat_read(struct store_cols *c, void *row) { store__chat_read(c, row); }

static enum store_err sq_chat_list(struct store *s, const char *game, enum store_chat_room room, int64_t after,
				   struct store_chat **out, int *n)
{
	struct store_vals v = {0};
	enum store_query q = store__chat_list_args(&v, game, room, after);
	void *list;
	enum store_err e = read_rows((struct sq *)s, q, &v, sizeof **out, chat_read, "read chat", &list, n);
	*out = list;
	return e;
}

static enum store_err sq_chat_spectators(struct store *s, const char *game, int set, bool *on)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__text(&v, game);
	enum store_err e = STORE_OK;
	if (set >= 0) {
		store__int(&v, set);
		e = write_q(q, STORE_Q_CHAT_OPEN_SET, &v, "set chat");
		v.n = 1;
	}
	int64_t open = 1;
	if (!e)
		e = read_q(q, STORE_Q_CHAT_OPEN_GET, &v, store__id_read, &open, "read chat settings");
	*on = open != 0;
	return e == STORE_NOT_FOUND ? STORE_OK : e;
}

static enum store_err sq_review_put(struct store *s, const char *id, int64_t user, const char *text, int64_t at_ms)
{
	struct store_vals v = {0};
	store__text(&v, id);
	store__int(&v, user);
	store__text(&v, text);
	store__int(&v, at_ms);
	return write_q((struct sq *)s, STORE_Q_REVIEW_PUT, &v, "save review");
}

static enum store_err sq_review_get(struct store *s, const char *id, char *text)
{
	struct store_vals v = {0};
	store__text(&v, id);
	int64_t at = 0;
	if (!text)
		return read_q((struct sq *)s, STORE_Q_REVIEW_HAS, &v, store__id_read, &at, "read review");
	return read_q((struct sq *)s, STORE_Q_REVIEW_GET, &v, store__review_read, text, "read review");
}

static enum store_err sq_record_importer(struct store *s, const char *id, int64_t *user)
{
	struct store_vals v = {0};
	store__text(&v, id);
	return read_q((struct sq *)s, STORE_Q_RECORD_IMPORTER, &v, store__id_read, user, "read record");
}

static enum store_err sq_review_delete(struct store *s, const char *id)
{
	struct sq *q = (struct sq *)s;
	struct store_vals v = {0};
	store__text(&v, id);
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	int changes = 0;
	enum store_err e = write_begin(c);
	if (!e)
		e = write_end(c, exec_q(c, STORE_Q_REVIEW_DELETE, &v, &changes, "delete review"));
	give_writer(q, c);
	return !e && !changes ? STORE_NOT_FOUND : e;
}

static enum store_err sq_puzzle_ratings(struct store *s, struct store_puzzle_row **out, int *n)
{
	struct store_vals v = {0};
	void *list;
	enum store_err e = read_rows((struct sq *)s, STORE_Q_PUZZLE_RATINGS, &v, sizeof **out, store__puzzle_row_read,
				     "read puzzle ratings", &list, n);
	*out = list;
	return e;
}

static enum store_err sq_puzzle_user(struct store *s, int64_t user, struct store_prating *r)
{
	struct store_vals v = {0};
	store__int(&v, user);
	return read_q((struct sq *)s, STORE_Q_PUZZLE_USER, &v, store__prating_read, r, "read puzzle rating");
}

static enum store_err sq_puzzle_attempts(struct store *s, int64_t user, struct store_attempt **out, int *n)
{
	struct store_vals v = {0};
	store__int(&v, user);
	void *list;
	enum store_err e = read_rows((struct sq *)s, STORE_Q_PUZZLE_ATTEMPTS, &v, sizeof **out, store__attempt_read,
				     "read attempts", &list, n);
	*out = list;
	return e;
}

static enum store_err sq_puzzle_result(struct store *s, int64_t user, const struct store_attempt *a,
				       const struct store_prating *ur, const struct store_prating *pr)
{
	struct sq *q = (struct sq *)s;
	struct store_vals va = {0}, vu = {0}, vp = {0};
	store__attempt_vals(&va, user, a);
	store__prating_vals(&vu, user, NULL, ur);
	store__prating_vals(&vp, 0, a->puzzle, pr);
	struct store_user u;
	enum store_err e = sq_user_get(s, NULL, user, &u);
	if (e)
		return e;
	struct conn *c = take_writer(q);
	if (!c)
		return STORE_ERR_DB;
	e = write_begin(c);
	if (!e) {
		int64_t got = 0;
		e = row_q(c, STORE_Q_PUZZLE_ATTEMPT, &va, store__id_read, &got, "insert attempt");
		if (e == STORE_NOT_FOUND)
			e = STORE_CONFLICT;
		if (!e)
			e = exec_q(c, STORE_Q_PUZZLE_USER_SET, &vu, NULL, "set puzzle rating");
		if (!e)
			e = exec_q(c, STORE_Q_PUZZLE_RATING_SET, &vp, NULL, "set puzzle rating");
		e = write_end(c, e);
	}
	give_writer(q, c);
	return e;
}

const struct store_ops store__sqlite_ops = {
	.kind = "sqlite",
	.size = sizeof(struct sq),
	.mark = '?',
	.init = sq_init,
	.fini = sq_fini,
	.connect = sq_connect,
	.disconnect = sq_disconnect,
	.ping = NULL, /* an idle connection always serves */
	.settle = sq_settle,
	.migrate = sq_migrate,
	.user_create = sq_user_create,
	.user_get = sq_user_get,
	.session_create = sq_session_create,
	.session_get = sq_session_get,
	.session_delete = sq_session_delete,
	.user_password = sq_user_password,
	.game_insert = sq_game_insert,
	.game_get = sq_game_get,
	.record_get = sq_record_get,
	.moves_since = sq_moves_since,
	.game_update = sq_game_update,
	.game_list = sq_game_list,
	.game_deadlines = sq_game_deadlines,
	.listen = sq_listen,
	.chat_add = sq_chat_add,
	.chat_list = sq_chat_list,
	.chat_spectators = sq_chat_spectators,
	.review_put = sq_review_put,
	.review_get = sq_review_get,
	.review_delete = sq_review_delete,
	.record_importer = sq_record_importer,
	.puzzle_ratings = sq_puzzle_ratings,
	.puzzle_user = sq_puzzle_user,
	.puzzle_attempts = sq_puzzle_attempts,
	.puzzle_result = sq_puzzle_result,
};
