/*
 * tests/t_store.c: the server's storage (server/store.h; docs/server.md
 * "Storage").  Every case runs against SQLite, on a fresh file in
 * a temporary directory, and, when GYOKU_TEST_PG holds a connection URL
 * (tests/server/pg.sh starts a server), against PostgreSQL too, in a fresh
 * schema per case (dropped at the end).  Case ids are store-sqlite-N.M and
 * store-pg-N.M:
 *   1 migrations: a new database, a re-open, two opens at once, a failed
 *     open; SQLite in WAL mode, ":memory:"
 *   2 users: lookup in any case, names unique without regard to case
 *   3 sessions: expiry deletes, logout, a session of no user
 *   4 games: every field kept, ids unique
 *   5 moves: appended by the conditional update and read back in order
 *   6 a stale ply or status is a conflict that writes nothing
 *   7 ratings land with the game's end, all or nothing, and only on the ratings last read
 *   8 lists: by user, status, lobby, paging, the limit's bounds
 *   9 deadlines of the games in play
 *  10 import of an ended game with its moves
 *  11 too-long or out-of-range arguments are refused and write nothing
 *  12 threads (on two stores) racing for one ply: exactly one wins
 *  13 a game created or updated on one store is heard by the other's
 *     listener, not the sender's; an update that does not apply is not
 *     heard; the listener survives losing its connection (PostgreSQL)
 *  14 the values of a game (status, result, ending, impasse rule) are
 *     stored as the words they always were, every value comes back, and a
 *     row with a word that names nothing is damaged (STORE_DAMAGED)
 *  15 chat: the newest messages kept, both rooms, the spectators' switch
 *  16 reviews: saved, read, replaced, told apart from none, deleted, gone
 *     with their game's absence; bad arguments refused; a record's importer
 *  17 puzzles: a player's puzzle rating and a puzzle's rating set with an
 *     attempt, one attempt per player and puzzle, the attempts listed
 */
#include <libpq-fe.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "store.h"

enum { URL_MAX = 1024, RACERS = 8, ROUNDS = 10 };

struct env {
	struct check_tally *t;
	const char *kind;    /* "sqlite" or "pg" */
	const char *pg_base; /* the PostgreSQL URL from GYOKU_TEST_PG */
	char dir[256];       /* SQLite: the temporary directory */
	int seq;             /* databases made so far */
	char url[URL_MAX];   /* the current case's database */
	char app[64];        /* PostgreSQL: the current schema, also the application_name */
};

/* Records case `n` of the current backend: passes when `cond`, else fails with the message. */
static bool ok(struct env *e, const char *n, bool cond, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool ok(struct env *e, const char *n, bool cond, const char *fmt, ...)
{
	char id[64], why[512];
	snprintf(id, sizeof id, "store-%s-%s", e->kind, n);
	if (cond) {
		check_pass(e->t, id);
		return true;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	check_fail(e->t, id, "%s", why);
	return false;
}

static void quiet_notice(void *arg, const char *msg)
{
	(void)arg;
	(void)msg;
}

/* Runs one SQL text on the case's PostgreSQL database as the test's administrator; false on failure. */
static bool pg_admin(const char *url, const char *sql)
{
	PGconn *c = PQconnectdb(url);
	bool good = PQstatus(c) == CONNECTION_OK;
	if (good) {
		PQsetNoticeProcessor(c, quiet_notice, NULL);
		PGresult *r = PQexec(c, sql);
		good = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
		if (!good)
			fprintf(stderr, "t_store: %s: %s", sql, PQresultErrorMessage(r));
		PQclear(r);
	} else {
		fprintf(stderr, "t_store: %s", PQerrorMessage(c));
	}
	PQfinish(c);
	return good;
}

/* Makes a new empty database for a case; its URL goes to e->url. */
static bool fresh(struct env *e)
{
	e->seq++;
	if (!e->pg_base) {
		snprintf(e->url, sizeof e->url, "%s/case-%d.db", e->dir, e->seq);
		return true;
	}
	char sql[256];
	snprintf(e->app, sizeof e->app, "t_store_%ld_%d", (long)getpid(), e->seq);
	snprintf(sql, sizeof sql, "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %s", e->app, e->app);
	snprintf(e->url, sizeof e->url, "%s%soptions=-csearch_path%%3D%s&application_name=%s", e->pg_base,
		 strchr(e->pg_base, '?') ? "&" : "?", e->app, e->app);
	return pg_admin(e->pg_base, sql);
}

/* Opens the case's database; NULL after failing case `n`. */
static struct store *open_store(struct env *e, const char *n)
{
	struct store *s = NULL;
	char err[256];
	enum store_err r = store_open(&s, e->url, err, sizeof err);
	if (r != STORE_OK) {
		ok(e, n, false, "store_open: %s: %s", store_strerror(r), err);
		return NULL;
	}
	return s;
}

/* The first integer of the first row of `sql` on the case's database, straight from the backend (-1 on error). */
static long long raw_int(struct env *e, const char *sql)
{
	long long v = -1;
	if (e->pg_base) {
		PGconn *c = PQconnectdb(e->url);
		PGresult *r = PQstatus(c) == CONNECTION_OK ? PQexec(c, sql) : NULL;
		if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
			v = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
		PQclear(r);
		PQfinish(c);
		return v;
	}
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	if (sqlite3_open_v2(e->url, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* Runs `sql` on the case's database, straight on the backend; false on failure. */
static bool raw_exec(struct env *e, const char *sql)
{
	if (e->pg_base)
		return pg_admin(e->url, sql);
	sqlite3 *db = NULL;
	bool good = sqlite3_open_v2(e->url, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
		    sqlite3_busy_timeout(db, 5000) == SQLITE_OK && sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK;
	if (!good)
		fprintf(stderr, "t_store: %s: %s\n", sql, sqlite3_errmsg(db));
	sqlite3_close(db);
	return good;
}

static struct store_user user_of(const char *name)
{
	struct store_user u = {0};
	snprintf(u.name, sizeof u.name, "%s", name);
	snprintf(u.pw_hash, sizeof u.pw_hash, "$argon2id$v=19$m=65536,t=3,p=1$%s", name);
	u.rating = 1500.25;
	u.rd = 350;
	u.vol = 0.06;
	u.created_ms = 1700000000123;
	return u;
}

static struct store_game game_of(const char *id, enum store_status status, int64_t black, int64_t white,
				 int64_t created)
{
	struct store_game g = {0};
	snprintf(g.id, sizeof g.id, "%s", id);
	g.status = status;
	g.black_user = black;
	g.white_user = white;
	g.creator = black;
	snprintf(g.handicap, sizeof g.handicap, "even");
	snprintf(g.tc, sizeof g.tc, "10m+30s");
	g.impasse = GY_IMPASSE_CSA27;
	snprintf(g.start_sfen, sizeof g.start_sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
	g.created_ms = created;
	g.updated_ms = created;
	return g;
}

static struct store_move move_of(const char *usi, int64_t spent, int64_t at)
{
	struct store_move m = {{0}, spent, at};
	snprintf(m.usi, sizeof m.usi, "%s", usi);
	return m;
}

/* The name of the first field in which two games differ, or NULL. */
static const char *game_diff(const struct store_game *a, const struct store_game *b)
{
	const struct {
		const char *name;
		bool same;
	} f[] = {
		{"id", !strcmp(a->id, b->id)},
		{"status", a->status == b->status},
		{"black_user", a->black_user == b->black_user},
		{"white_user", a->white_user == b->white_user},
		{"black_level", a->black_level == b->black_level},
		{"white_level", a->white_level == b->white_level},
		{"black_name", !strcmp(a->black_name, b->black_name)},
		{"white_name", !strcmp(a->white_name, b->white_name)},
		{"creator", a->creator == b->creator},
		{"challenged", a->challenged == b->challenged},
		{"color", a->color == b->color},
		{"handicap", !strcmp(a->handicap, b->handicap)},
		{"tc", !strcmp(a->tc, b->tc)},
		{"impasse", a->impasse == b->impasse},
		{"rated", a->rated == b->rated},
		{"start_sfen", !strcmp(a->start_sfen, b->start_sfen)},
		{"ply", a->ply == b->ply},
		{"clock", !strcmp(a->clock, b->clock)},
		{"deadline_ms", a->deadline_ms == b->deadline_ms},
		{"result", a->result == b->result},
		{"ending", a->ending == b->ending},
		{"declined", a->declined == b->declined},
		{"rating_before",
		 a->rating_before[0] == b->rating_before[0] && a->rating_before[1] == b->rating_before[1]},
		{"rating_after", a->rating_after[0] == b->rating_after[0] && a->rating_after[1] == b->rating_after[1]},
		{"created_ms", a->created_ms == b->created_ms},
		{"started_ms", a->started_ms == b->started_ms},
		{"updated_ms", a->updated_ms == b->updated_ms},
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (!f[i].same)
			return f[i].name;
	return NULL;
}

/* The ids of a list, space-separated, into `buf`. */
static const char *ids(const struct store_game *g, int n, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", g[i].id);
	return buf;
}

/* The moves of game `id` as "usi/spent/at ..." (or an error's name). */
static const char *moves_text(struct store *s, const char *id, char *buf, size_t cap)
{
	struct store_game g;
	struct store_move *m = NULL;
	int n = 0;
	enum store_err r = store_game_get(s, id, &g, &m, &n);
	size_t len = 0;
	buf[0] = '\0';
	if (r != STORE_OK)
		snprintf(buf, cap, "(%s)", store_strerror(r));
	for (int i = 0; r == STORE_OK && i < n && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s/%lld/%lld", i ? " " : "", m[i].usi,
					(long long)m[i].spent_ms, (long long)m[i].at_ms);
	free(m);
	return buf;
}

/* Two threads opening the same new database at once. */
static void *open_thread(void *arg)
{
	struct env *e = arg;
	struct store *s = NULL;
	char err[256];
	enum store_err r = store_open(&s, e->url, err, sizeof err);
	store_close(s);
	return r == STORE_OK ? arg : NULL;
}

static void case_migrations(struct env *e)
{
	if (!fresh(e))
		return (void)ok(e, "1.1", false, "cannot make a database");
	struct store *s = open_store(e, "1.1");
	if (!s)
		return;
	const char *want = e->pg_base ? "postgresql" : "sqlite";
	long long v = raw_int(e, "SELECT max(version) FROM schema_version");
	ok(e, "1.1", !strcmp(store_kind(s), want) && v == 6, "kind %s, schema version %lld", store_kind(s), v);
	struct store_user u = user_of("keeper");
	int64_t id = 0;
	enum store_err r = store_user_create(s, &u, &id);
	store_close(s);
	s = open_store(e, "1.2");
	if (!s)
		return;
	struct store_user got;
	enum store_err r2 = store_user_by_name(s, "keeper", &got);
	long long rows = raw_int(e, "SELECT count(*) FROM schema_version");
	v = raw_int(e, "SELECT max(version) FROM schema_version");
	ok(e, "1.2", r == STORE_OK && r2 == STORE_OK && got.id == id && v == 6 && rows == 1,
	   "create %s, lookup after re-open %s, version %lld in %lld rows", store_strerror(r), store_strerror(r2), v,
	   rows);
	store_close(s);
	if (!e->pg_base) {
		v = raw_int(e, "SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'wal'");
		ok(e, "1.5", v == 1, "not in WAL mode (%lld)", v);
		/* ":memory:" is one database on one connection. */
		char err[256];
		r = store_open(&s, ":memory:", err, sizeof err);
		r2 = r ? r : store_user_create(s, &u, &id);
		enum store_err r3 = r ? r : store_user_by_name(s, "KEEPER", &got);
		ok(e, "1.6", !r && !r2 && !r3 && got.id == id, "open %s, create %s, lookup %s", store_strerror(r),
		   store_strerror(r2), store_strerror(r3));
		if (!r)
			store_close(s);
	}

	/* Two stores migrating one new database at the same time. */
	if (!fresh(e))
		return (void)ok(e, "1.3", false, "cannot make a database");
	pthread_t th[2];
	void *res[2] = {NULL, NULL};
	for (int i = 0; i < 2; i++)
		pthread_create(&th[i], NULL, open_thread, e);
	for (int i = 0; i < 2; i++)
		pthread_join(th[i], &res[i]);
	v = raw_int(e, "SELECT max(version) FROM schema_version");
	rows = raw_int(e, "SELECT count(*) FROM schema_version");
	ok(e, "1.3", res[0] && res[1] && v == 6 && rows == 1, "opens %s/%s, version %lld in %lld rows",
	   res[0] ? "ok" : "failed", res[1] ? "ok" : "failed", v, rows);

	char url[URL_MAX], err[256] = "";
	if (e->pg_base)
		snprintf(url, sizeof url, "postgresql://gyoku@127.0.0.1:1/none?connect_timeout=5");
	else
		snprintf(url, sizeof url, "%s/no-such-dir/x.db", e->dir);
	s = NULL;
	r = store_open(&s, url, err, sizeof err);
	ok(e, "1.4", r == STORE_ERR_DB && !s && err[0], "open of a bad database: %s, '%s'", store_strerror(r), err);
	store_close(s);
}

static void case_users(struct env *e, struct store *s)
{
	struct store_user a = user_of("Alice"), got, got2;
	int64_t ida = 0, idb = 0, idc = 0;
	enum store_err r = store_user_create(s, &a, &ida);
	enum store_err r2 = store_user_by_name(s, "aLICE", &got);
	ok(e, "2.1",
	   r == STORE_OK && r2 == STORE_OK && ida > 0 && got.id == ida && !strcmp(got.name, "Alice") &&
		   !strcmp(got.pw_hash, a.pw_hash) && got.rating == 1500.25 && got.rd == 350 && got.vol == 0.06 &&
		   got.games == 0 && got.created_ms == a.created_ms,
	   "create %s, lookup %s: id %lld/%lld name '%s' rating %.17g", store_strerror(r), store_strerror(r2),
	   (long long)ida, (long long)got.id, got.name, got.rating);
	r = store_user_by_id(s, ida, &got2);
	ok(e, "2.2", r == STORE_OK && !strcmp(got2.name, "Alice") && got2.id == ida, "by id: %s", store_strerror(r));
	struct store_user dup = user_of("aLiCe"), b = user_of("bob");
	r = store_user_create(s, &dup, &idc);
	r2 = store_user_create(s, &b, &idb);
	ok(e, "2.3", r == STORE_CONFLICT && r2 == STORE_OK && idb > 0 && idb != ida,
	   "same name in another case: %s; another name: %s", store_strerror(r), store_strerror(r2));
	r = store_user_by_name(s, "nobody", &got);
	r2 = store_user_by_id(s, 987654321, &got);
	ok(e, "2.4", r == STORE_NOT_FOUND && r2 == STORE_NOT_FOUND, "missing user: %s, %s", store_strerror(r),
	   store_strerror(r2));
}

static void case_sessions(struct env *e, struct store *s)
{
	struct store_user a = user_of("sessioner");
	int64_t ida = 0, user = 0;
	char csrf[STORE_TOKEN_MAX];
	enum store_err r = store_user_create(s, &a, &ida);
	if (r == STORE_OK)
		r = store_session_create(s, "hash1", ida, "csrf1", 2000);
	enum store_err r2 = store_session_get(s, "hash1", 1000, &user, csrf);
	ok(e, "3.1", r == STORE_OK && r2 == STORE_OK && user == ida && !strcmp(csrf, "csrf1"),
	   "create %s, get %s: user %lld csrf '%s'", store_strerror(r), store_strerror(r2), (long long)user, csrf);
	r = store_session_get(s, "hash1", 2000, &user, csrf);
	r2 = store_session_get(s, "hash1", 1000, &user, csrf);
	ok(e, "3.2", r == STORE_NOT_FOUND && r2 == STORE_NOT_FOUND && user == 0,
	   "at its expiry: %s; earlier, after that: %s (the expired session must be deleted)", store_strerror(r),
	   store_strerror(r2));
	r = store_session_create(s, "hash2", ida, "csrf2", 5000);
	r2 = store_session_delete(s, "hash2");
	enum store_err r3 = store_session_get(s, "hash2", 1000, &user, csrf);
	enum store_err r4 = store_session_delete(s, "hash2");
	ok(e, "3.3", !r && !r2 && r3 == STORE_NOT_FOUND && r4 == STORE_OK, "create %s, delete %s, get %s, delete %s",
	   store_strerror(r), store_strerror(r2), store_strerror(r3), store_strerror(r4));
	r = store_session_create(s, "hash3", 987654321, "c", 5000);
	r2 = store_session_create(s, "hash4", ida, "c", 5000);
	r3 = store_session_create(s, "hash4", ida, "c", 5000);
	ok(e, "3.4", r == STORE_NOT_FOUND && r2 == STORE_OK && r3 == STORE_CONFLICT,
	   "session of no user: %s; a token twice: %s, %s", store_strerror(r), store_strerror(r2), store_strerror(r3));
}

static void case_games(struct env *e, struct store *s)
{
	struct store_game g = game_of("gameA", STORE_WAITING, 3, 0, 1700000000000), got;
	g.white_level = 7;
	g.challenged = 9;
	g.color = 2;
	g.rated = true;
	snprintf(g.black_name, sizeof g.black_name, "羽生善治");
	snprintf(g.clock, sizeof g.clock, "b=600000,0 w=600000,0");
	g.deadline_ms = 1700000060000;
	g.rating_before[0] = 1501.5;
	g.rating_after[1] = 1488.125;
	g.started_ms = 1700000000500;
	enum store_err r = store_game_create(s, &g);
	struct store_move *m = NULL;
	int n = -1;
	enum store_err r2 = store_game_get(s, "gameA", &got, &m, &n);
	const char *diff = r2 == STORE_OK ? game_diff(&g, &got) : "(not read)";
	ok(e, "4.1", r == STORE_OK && r2 == STORE_OK && !diff && !m && n == 0, "create %s, get %s, field %s, n %d",
	   store_strerror(r), store_strerror(r2), diff ? diff : "-", n);
	free(m);
	struct store_game other = game_of("gameA", STORE_PLAYING, 1, 2, 5);
	r = store_game_create(s, &other);
	r2 = store_game_get(s, "gameA", &got, NULL, NULL);
	ok(e, "4.2", r == STORE_CONFLICT && r2 == STORE_OK && got.status == STORE_WAITING,
	   "the same id again: %s (status now %s)", store_strerror(r), store_status_name(got.status));
	r = store_game_get(s, "nope", &got, NULL, NULL);
	ok(e, "4.3", r == STORE_NOT_FOUND, "missing game: %s", store_strerror(r));
}

/* Appends move `usi` to game `g` (as read) at its ply: store_game_update with the move. */
static enum store_err append(struct store *s, struct store_game *g, const char *usi, int64_t at)
{
	struct store_move m = move_of(usi, 1000 + g->ply, at);
	snprintf(g->clock, sizeof g->clock, "clock after %s", usi);
	g->updated_ms = at;
	enum store_err r = store_game_update(s, g, g->ply, STORE_PLAYING, &m, NULL, 0);
	if (r == STORE_OK)
		g->ply++;
	return r;
}

static void case_moves(struct env *e, struct store *s)
{
	char buf[512];
	struct store_game g = game_of("gameM", STORE_PLAYING, 1, 2, 100), got;
	enum store_err r = store_game_create(s, &g);
	const char *usi[3] = {"7g7f", "3c3d", "8h2b+"};
	for (int i = 0; i < 3 && r == STORE_OK; i++)
		r = append(s, &g, usi[i], 200 + i);
	enum store_err r2 = store_game_get(s, "gameM", &got, NULL, NULL);
	ok(e, "5.1",
	   r == STORE_OK && r2 == STORE_OK && got.ply == 3 && !strcmp(got.clock, "clock after 8h2b+") &&
		   !strcmp(moves_text(s, "gameM", buf, sizeof buf), "7g7f/1000/200 3c3d/1001/201 8h2b+/1002/202"),
	   "append %s; ply %d, moves %s", store_strerror(r), got.ply, moves_text(s, "gameM", buf, sizeof buf));
	struct store_move m[4];
	int n1 = -1, n2 = -1, n3 = -1;
	r = store_moves_since(s, "gameM", 1, m, 4, &n1);
	bool first = n1 == 2 && !strcmp(m[0].usi, "3c3d") && !strcmp(m[1].usi, "8h2b+");
	r2 = store_moves_since(s, "gameM", 0, m, 1, &n2);
	bool second = n2 == 1 && !strcmp(m[0].usi, "7g7f");
	enum store_err r3 = store_moves_since(s, "gameM", 3, m, 4, &n3);
	ok(e, "5.2", !r && !r2 && !r3 && first && second && n3 == 0,
	   "since 1: %d moves, since 0 max 1: %d, since 3: %d", n1, n2, n3);
	/* A takeback: no move, a lower ply; the moves after it go. */
	g.ply = 1;
	r = store_game_update(s, &g, 3, STORE_PLAYING, NULL, NULL, 0);
	r2 = store_game_get(s, "gameM", &got, NULL, NULL);
	ok(e, "5.3", !r && !r2 && got.ply == 1 && !strcmp(moves_text(s, "gameM", buf, sizeof buf), "7g7f/1000/200"),
	   "takeback %s: ply %d, moves %s", store_strerror(r), got.ply, buf);
	/* An update without a move keeps the ply. */
	snprintf(g.clock, sizeof g.clock, "paused");
	r = store_game_update(s, &g, 1, STORE_PLAYING, NULL, NULL, 0);
	r2 = store_game_get(s, "gameM", &got, NULL, NULL);
	ok(e, "5.4", !r && !r2 && got.ply == 1 && !strcmp(got.clock, "paused"), "update %s: ply %d clock %s",
	   store_strerror(r), got.ply, got.clock);
}

static void case_conflicts(struct env *e, struct store *s)
{
	char before[512], after[512];
	struct store_game g = game_of("gameC", STORE_PLAYING, 1, 2, 100), got;
	enum store_err r = store_game_create(s, &g);
	if (r == STORE_OK)
		r = append(s, &g, "7g7f", 300);
	moves_text(s, "gameC", before, sizeof before);
	struct store_game stale = g;
	snprintf(stale.clock, sizeof stale.clock, "stale");
	struct store_move m = move_of("3c3d", 5, 400);
	enum store_err r1 = store_game_update(s, &stale, 0, STORE_PLAYING, &m, NULL, 0);
	enum store_err r2 = store_game_get(s, "gameC", &got, NULL, NULL);
	ok(e, "6.1",
	   r == STORE_OK && r1 == STORE_CONFLICT && r2 == STORE_OK && got.ply == 1 && strcmp(got.clock, "stale") &&
		   !strcmp(moves_text(s, "gameC", after, sizeof after), before),
	   "stale ply: %s; ply %d clock %s moves %s", store_strerror(r1), got.ply, got.clock, after);
	r1 = store_game_update(s, &stale, 1, STORE_WAITING, &m, NULL, 0);
	r2 = store_game_get(s, "gameC", &got, NULL, NULL);
	ok(e, "6.2",
	   r1 == STORE_CONFLICT && r2 == STORE_OK && got.ply == 1 && strcmp(got.clock, "stale") &&
		   !strcmp(moves_text(s, "gameC", after, sizeof after), before),
	   "stale status: %s; ply %d moves %s", store_strerror(r1), got.ply, after);
	r1 = store_game_update(s, &stale, 1, STORE_PLAYING, &m, NULL, 0);
	ok(e, "6.3", r1 == STORE_OK, "the right ply and status: %s", store_strerror(r1));
	struct store_game nogame = game_of("ghost", STORE_PLAYING, 1, 2, 100);
	r1 = store_game_update(s, &nogame, 0, STORE_PLAYING, &m, NULL, 0);
	ok(e, "6.4", r1 == STORE_CONFLICT, "update of no game: %s", store_strerror(r1));
}

static void case_ratings(struct env *e, struct store *s)
{
	struct store_user a = user_of("rater-a"), b = user_of("rater-b"), ga, gb;
	int64_t ida = 0, idb = 0;
	enum store_err r = store_user_create(s, &a, &ida);
	if (!r)
		r = store_user_create(s, &b, &idb);
	struct store_game g = game_of("gameR", STORE_PLAYING, ida, idb, 100),
			  h = game_of("gameR2", STORE_PLAYING, ida, idb, 101);
	g.rated = h.rated = true;
	if (!r)
		r = store_game_create(s, &g);
	if (!r)
		r = store_game_create(s, &h);
	if (!r)
		r = append(s, &g, "7g7f", 150);
	g.status = STORE_ENDED;
	g.result = GY_RESULT_BLACK_WINS;
	g.ending = GY_END_RESIGNATION;
	g.rating_before[0] = g.rating_before[1] = 1500.25;
	g.rating_after[0] = 1516.5;
	g.rating_after[1] = 1484.0625;
	struct store_rating rt[2] = {{idb, 1484.0625, 300.5, 0.05999, 0}, {ida, 1516.5, 290.25, 0.06001, 0}};
	enum store_err r1 = store_game_update(s, &g, 1, STORE_PLAYING, NULL, rt, 2);
	struct store_game got;
	enum store_err r2 = store_game_get(s, "gameR", &got, NULL, NULL);
	enum store_err r3 = store_user_by_id(s, ida, &ga);
	enum store_err r4 = store_user_by_id(s, idb, &gb);
	ok(e, "7.1",
	   !r && !r1 && !r2 && !r3 && !r4 && got.status == STORE_ENDED && got.result == GY_RESULT_BLACK_WINS &&
		   got.rating_after[0] == 1516.5 && got.rating_after[1] == 1484.0625 && ga.rating == 1516.5 &&
		   ga.rd == 290.25 && ga.vol == 0.06001 && ga.games == 1 && gb.rating == 1484.0625 && gb.games == 1,
	   "setup %s, end %s: %s; alice %.17g (%d games), bob %.17g (%d games)", store_strerror(r), store_strerror(r1),
	   store_status_name(got.status), ga.rating, ga.games, gb.rating, gb.games);
	/* A rating of a user that does not exist: the whole end is undone. */
	struct store_game h2 = h;
	h2.status = STORE_ENDED;
	struct store_rating bad[2] = {{ida, 1600, 200, 0.06, 1}, {987654321, 1400, 200, 0.06, 0}};
	r1 = store_game_update(s, &h2, 0, STORE_PLAYING, NULL, bad, 2);
	r2 = store_game_get(s, "gameR2", &got, NULL, NULL);
	r3 = store_user_by_id(s, ida, &ga);
	ok(e, "7.2",
	   r1 == STORE_STALE && !r2 && !r3 && got.status == STORE_PLAYING && ga.rating == 1516.5 && ga.games == 1,
	   "end with a missing user: %s; game %s, alice %.17g (%d games)", store_strerror(r1),
	   store_status_name(got.status), ga.rating, ga.games);
	/* The same end again (a stale status): no second rating change. */
	r1 = store_game_update(s, &g, 1, STORE_PLAYING, NULL, rt, 2);
	r3 = store_user_by_id(s, ida, &ga);
	ok(e, "7.3", r1 == STORE_CONFLICT && !r3 && ga.games == 1, "ending twice: %s, alice's games %d",
	   store_strerror(r1), ga.games);
	/* Ratings read before another game of the same player ended (games 0, now 1): refused, then applied when read again. */
	struct store_rating stale[2] = {{ida, 1530, 280, 0.06, 0}, {idb, 1470, 280, 0.06, 1}};
	r1 = store_game_update(s, &h2, 0, STORE_PLAYING, NULL, stale, 2);
	r2 = store_game_get(s, "gameR2", &got, NULL, NULL);
	r3 = store_user_by_id(s, ida, &ga);
	ok(e, "7.4",
	   r1 == STORE_STALE && !r2 && !r3 && got.status == STORE_PLAYING && ga.rating == 1516.5 && ga.games == 1,
	   "end with stale ratings: %s; game %s, alice %.17g (%d games)", store_strerror(r1),
	   store_status_name(got.status), ga.rating, ga.games);
	stale[0].games = 1;
	r1 = store_game_update(s, &h2, 0, STORE_PLAYING, NULL, stale, 2);
	r3 = store_user_by_id(s, ida, &ga);
	r4 = store_user_by_id(s, idb, &gb);
	ok(e, "7.5", !r1 && !r3 && !r4 && ga.rating == 1530 && ga.games == 2 && gb.rating == 1470 && gb.games == 2,
	   "end with ratings read again: %s; alice %.17g (%d games), bob %.17g (%d games)", store_strerror(r1),
	   ga.rating, ga.games, gb.rating, gb.games);
}

/* Lists with filter `f`, comparing the ids with `want`. */
static void list_is(struct env *e, struct store *s, const char *n, struct store_filter f, const char *want)
{
	struct store_game *g = NULL;
	int count = -1;
	char buf[2048];
	enum store_err r = store_game_list(s, &f, &g, &count);
	ids(g, count, buf, sizeof buf);
	ok(e, n, r == STORE_OK && !strcmp(buf, want) && (count > 0 || !g), "%s: got '%s', want '%s'", store_strerror(r),
	   buf, want);
	free(g);
}

static void case_lists(struct env *e, struct store *s)
{
	struct {
		const char *id;
		enum store_status status;
		int64_t black, white, creator, challenged, created;
	} rows[] = {
		{"g01", STORE_PLAYING, 1, 2, 1, 0, 100}, {"g02", STORE_WAITING, 1, 0, 1, 0, 200},
		{"g03", STORE_WAITING, 2, 0, 2, 3, 300}, {"g04", STORE_ENDED, 3, 1, 3, 0, 300},
		{"g05", STORE_WAITING, 0, 3, 3, 1, 400}, {"g06", STORE_PLAYING, 2, 3, 2, 0, 500},
	};
	enum store_err r = STORE_OK;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0] && !r; i++) {
		struct store_game g =
			game_of(rows[i].id, rows[i].status, rows[i].black, rows[i].white, rows[i].created);
		g.creator = rows[i].creator;
		g.challenged = rows[i].challenged;
		r = store_game_create(s, &g);
	}
	if (!ok(e, "8.0", r == STORE_OK, "creating the games: %s", store_strerror(r)))
		return;
	list_is(e, s, "8.1", (struct store_filter){.user = 1, .limit = 50}, "g05 g04 g02 g01");
	list_is(e, s, "8.2", (struct store_filter){.limit = 50}, "g06 g05 g04 g03 g02 g01");
	list_is(e, s, "8.3", (struct store_filter){.status = STORE_ENDED, .limit = 50}, "g04");
	list_is(e, s, "8.4", (struct store_filter){.user = 1, .status = STORE_WAITING, .limit = 50}, "g05 g02");
	list_is(e, s, "8.5", (struct store_filter){.lobby = true, .viewer = 1, .limit = 50}, "g05 g02");
	/* The lobby: open seeks, challenges to the viewer, and the viewer's own waiting games. */
	list_is(e, s, "8.6", (struct store_filter){.lobby = true, .viewer = 3, .limit = 50}, "g05 g03 g02");
	list_is(e, s, "8.7", (struct store_filter){.lobby = true, .viewer = 2, .limit = 50}, "g03 g02");
	list_is(e, s, "8.8", (struct store_filter){.limit = 2}, "g06 g05");
	list_is(e, s, "8.9", (struct store_filter){.before_ms = 400, .limit = 2}, "g04 g03");
	list_is(e, s, "8.10", (struct store_filter){.before_ms = 300, .limit = 2}, "g02 g01");
	/* Paging from a game: g03 and g04 share a time; the page after g04 starts with g03. */
	list_is(e, s, "8.14", (struct store_filter){.before_ms = 300, .before_id = "g04", .limit = 2}, "g03 g02");
	list_is(e, s, "8.11", (struct store_filter){.user = 99, .limit = 50}, "");
	list_is(e, s, "8.12", (struct store_filter){.limit = 0}, "g06");
	/* The limit's upper bound: 200 of 206 games. */
	for (int i = 0; i < 200 && !r; i++) {
		char id[16];
		snprintf(id, sizeof id, "old%03d", i);
		struct store_game g = game_of(id, STORE_ENDED, 5, 6, 10 + i);
		r = store_game_create(s, &g);
	}
	struct store_filter f = {.limit = 100000};
	struct store_game *g = NULL;
	int n = 0;
	enum store_err r2 = r ? r : store_game_list(s, &f, &g, &n);
	ok(e, "8.13", !r2 && n == 200 && !strcmp(g[0].id, "g06") && !strcmp(g[199].id, "old006"),
	   "%s: %d games, last %s", store_strerror(r2), n, n > 0 ? g[n - 1].id : "-");
	free(g);
}

struct seen {
	char buf[256];
};

static void on_deadline(void *ctx, const char *id, int64_t ms)
{
	struct seen *x = ctx;
	size_t len = strlen(x->buf);
	snprintf(x->buf + len, sizeof x->buf - len, "%s%s:%lld", len ? " " : "", id, (long long)ms);
}

static void case_deadlines(struct env *e, struct store *s)
{
	struct {
		const char *id;
		enum store_status status;
		int64_t deadline;
	} rows[] = {{"d1", STORE_PLAYING, 5000},
		    {"d2", STORE_PLAYING, 0},
		    {"d3", STORE_ENDED, 7000},
		    {"d4", STORE_PLAYING, 3000}};
	enum store_err r = STORE_OK;
	for (size_t i = 0; i < 4 && !r; i++) {
		struct store_game g = game_of(rows[i].id, rows[i].status, 1, 2, 100);
		g.deadline_ms = rows[i].deadline;
		r = store_game_create(s, &g);
	}
	struct seen x = {""};
	enum store_err r2 = r ? r : store_game_deadlines(s, on_deadline, &x);
	ok(e, "9.1", !r2 && !strcmp(x.buf, "d4:3000 d1:5000"), "%s: '%s'", store_strerror(r2), x.buf);
}

static void case_import(struct env *e, struct store *s)
{
	char buf[512];
	struct store_game g = game_of("imp1", STORE_ENDED, 0, 0, 100), got;
	snprintf(g.black_name, sizeof g.black_name, "Habu");
	snprintf(g.white_name, sizeof g.white_name, "Fujii");
	g.result = GY_RESULT_WHITE_WINS;
	g.ending = GY_END_TIME_FORFEIT;
	g.ply = 4;
	struct store_move m[4] = {move_of("7g7f", 1, -1), move_of("3c3d", 2, -1), move_of("2g2f", -1, -1),
				  move_of("4c4d", 4, -1)};
	enum store_err r = store_game_import(s, &g, m, 4, NULL);
	enum store_err r2 = store_game_get(s, "imp1", &got, NULL, NULL);
	const char *diff = r2 ? "(not read)" : game_diff(&g, &got);
	ok(e, "10.1",
	   !r && !r2 && !diff &&
		   !strcmp(moves_text(s, "imp1", buf, sizeof buf), "7g7f/1/-1 3c3d/2/-1 2g2f/-1/-1 4c4d/4/-1"),
	   "import %s, get %s, field %s, moves %s", store_strerror(r), store_strerror(r2), diff ? diff : "-", buf);
	r = store_game_import(s, &g, m, 2, NULL);
	ok(e, "10.2",
	   r == STORE_CONFLICT &&
		   !strcmp(moves_text(s, "imp1", buf, sizeof buf), "7g7f/1/-1 3c3d/2/-1 2g2f/-1/-1 4c4d/4/-1"),
	   "the same id again: %s, moves %s", store_strerror(r), buf);
	struct store_game empty = game_of("imp2", STORE_ENDED, 0, 0, 100);
	r = store_game_import(s, &empty, NULL, 0, NULL);
	r2 = store_game_get(s, "imp2", &got, NULL, NULL);
	ok(e, "10.3", !r && !r2 && got.ply == 0, "a record without moves: %s", store_strerror(r));
	/* The record as read is kept beside its game (docs/server.md "Games": import). */
	static char text[STORE_RECORD_MAX];
	char format[STORE_WORD_MAX];
	struct store_game with = game_of("imp3", STORE_ENDED, 0, 0, 100);
	struct store_record rec = {"kifu", "開始日時：2024/01/02\n*a comment\n", 0};
	r = store_game_import(s, &with, NULL, 0, &rec);
	r2 = r ? r : store_record_get(s, "imp3", format, text);
	bool same = !r2 && !strcmp(format, "kifu") && !strcmp(text, rec.text);
	char none[STORE_WORD_MAX];
	enum store_err r3 = store_record_get(s, "imp2", none, text);
	ok(e, "10.4", !r && same && r3 == STORE_NOT_FOUND, "import %s, record %s (%s), none: %s", store_strerror(r),
	   store_strerror(r2), format, store_strerror(r3));
}

static void case_arguments(struct env *e, struct store *s)
{
	int64_t id = 0, user = 0;
	char csrf[STORE_TOKEN_MAX];
	struct store_user u = user_of("x");
	memset(u.name, 'n', sizeof u.name);
	enum store_err r1 = store_user_create(s, &u, &id);
	struct store_user empty = user_of("");
	enum store_err r2 = store_user_create(s, &empty, &id);
	char longname[STORE_NAME_MAX + 8];
	memset(longname, 'n', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	enum store_err r3 = store_user_by_name(s, longname, &u);
	ok(e, "11.1", r1 == STORE_ERR_ARG && r2 == STORE_ERR_ARG && r3 == STORE_ERR_ARG, "name: %s, %s, %s",
	   store_strerror(r1), store_strerror(r2), store_strerror(r3));

	struct store_user ok_user = user_of("argser");
	enum store_err r0 = store_user_create(s, &ok_user, &id);
	char token[STORE_TOKEN_MAX + 1];
	memset(token, 'a', STORE_TOKEN_MAX);
	token[STORE_TOKEN_MAX] = '\0';
	r1 = store_session_create(s, token, id, "c", 5000);
	r2 = store_session_create(s, "t", id, token, 5000);
	r3 = store_session_get(s, token, 0, &user, csrf);
	token[STORE_TOKEN_MAX - 1] = '\0'; /* 71 characters fit */
	enum store_err r4 = store_session_create(s, token, id, token, 5000);
	enum store_err r5 = store_session_get(s, token, 0, &user, csrf);
	ok(e, "11.2",
	   !r0 && r1 == STORE_ERR_ARG && r2 == STORE_ERR_ARG && r3 == STORE_ERR_ARG && !r4 && !r5 &&
		   !strcmp(csrf, token),
	   "tokens: %s, %s, %s; at the bound %s, %s", store_strerror(r1), store_strerror(r2), store_strerror(r3),
	   store_strerror(r4), store_strerror(r5));

	struct store_game g = game_of("argG", STORE_PLAYING, 1, 2, 100), bad, got;
	bad = g;
	memset(bad.clock, 'c', sizeof bad.clock);
	r1 = store_game_create(s, &bad);
	bad = g;
	memset(bad.id, 'i', sizeof bad.id);
	r2 = store_game_create(s, &bad);
	bad = g;
	bad.color = 3;
	r3 = store_game_create(s, &bad);
	bad = g;
	memset(bad.black_name, 'b', sizeof bad.black_name);
	r4 = store_game_import(s, &bad, NULL, 0, NULL);
	r5 = store_game_get(s, "argG", &got, NULL, NULL);
	ok(e, "11.3",
	   r1 == STORE_ERR_ARG && r2 == STORE_ERR_ARG && r3 == STORE_ERR_ARG && r4 == STORE_ERR_ARG &&
		   r5 == STORE_NOT_FOUND,
	   "game fields: %s, %s, %s, %s; stored: %s", store_strerror(r1), store_strerror(r2), store_strerror(r3),
	   store_strerror(r4), store_strerror(r5));

	r0 = store_game_create(s, &g);
	struct store_move m = move_of("7g7f", 0, 0);
	memset(m.usi, 'u', sizeof m.usi);
	r1 = store_game_update(s, &g, 0, STORE_PLAYING, &m, NULL, 0);
	bad = g;
	bad.status = STORE_STATUS_NB;
	struct store_move fine = move_of("7g7f", 0, 0);
	r2 = store_game_update(s, &bad, 0, STORE_PLAYING, &fine, NULL, 0);
	struct store_rating many[17] = {{0}};
	for (int i = 0; i < 17; i++)
		many[i] = (struct store_rating){1, 1500, 350, 0.06, 0};
	r3 = store_game_update(s, &g, 0, STORE_PLAYING, &fine, many, 17);
	bad = g;
	bad.ply = 5; /* a higher ply without a move */
	r4 = store_game_update(s, &bad, 0, STORE_PLAYING, NULL, NULL, 0);
	struct store_game gi = game_of("argI", STORE_ENDED, 0, 0, 100);
	enum store_err r6 = store_game_import(s, &gi, &m, 1, NULL);
	enum store_err r7 = store_game_get(s, "argI", &got, NULL, NULL);
	r5 = store_game_get(s, "argG", &got, NULL, NULL);
	ok(e, "11.4",
	   !r0 && r1 == STORE_ERR_ARG && r2 == STORE_ERR_ARG && r3 == STORE_ERR_ARG && r4 == STORE_ERR_ARG &&
		   r6 == STORE_ERR_ARG && r7 == STORE_NOT_FOUND && !r5 && got.ply == 0,
	   "updates: %s, %s, %s, %s; import %s; ply %d", store_strerror(r1), store_strerror(r2), store_strerror(r3),
	   store_strerror(r4), store_strerror(r6), got.ply);

	struct store_filter f = {.status = STORE_STATUS_NB, .limit = 10};
	struct store_game *list = NULL;
	int n = 0;
	r1 = store_game_list(s, &f, &list, &n);
	struct store_move mv[2];
	r2 = store_moves_since(s, longname, 0, mv, 2, &n);
	r3 = store_game_get(s, longname, &got, NULL, NULL); /* no game has an id that long */
	ok(e, "11.5", r1 == STORE_ERR_ARG && !list && r2 == STORE_ERR_ARG && r3 == STORE_NOT_FOUND,
	   "list status %s, moves since %s, get %s", store_strerror(r1), store_strerror(r2), store_strerror(r3));
	free(list);
}

struct racer {
	struct store *s;
	pthread_barrier_t *start;
	int ply, who;
	enum store_err result;
};

static void *race(void *arg)
{
	struct racer *r = arg;
	struct store_game g = game_of("race", STORE_PLAYING, 1, 2, 100);
	static const char *const usi[RACERS] = {"1g1f", "2g2f", "3g3f", "4g4f", "5g5f", "6g6f", "7g7f", "9g9f"};
	struct store_move m = move_of(usi[r->who], r->who, r->ply);
	snprintf(g.clock, sizeof g.clock, "won by %d", r->who);
	pthread_barrier_wait(r->start);
	r->result = store_game_update(r->s, &g, r->ply, STORE_PLAYING, &m, NULL, 0);
	return NULL;
}

static void case_race(struct env *e, struct store *s)
{
	struct store *s2 = open_store(e, "12.1");
	if (!s2)
		return;
	struct store_game g = game_of("race", STORE_PLAYING, 1, 2, 100);
	enum store_err r = store_game_create(s, &g);
	int bad_rounds = 0;
	char why[256] = "";
	for (int round = 0; round < ROUNDS && !r; round++) {
		pthread_barrier_t start;
		pthread_barrier_init(&start, NULL, RACERS);
		pthread_t th[RACERS];
		struct racer rc[RACERS];
		for (int i = 0; i < RACERS; i++) {
			rc[i] = (struct racer){i % 2 ? s2 : s, &start, round, i, STORE_ERR_DB};
			pthread_create(&th[i], NULL, race, &rc[i]);
		}
		int won = 0, lost = 0;
		for (int i = 0; i < RACERS; i++) {
			pthread_join(th[i], NULL);
			won += rc[i].result == STORE_OK;
			lost += rc[i].result == STORE_CONFLICT;
		}
		pthread_barrier_destroy(&start);
		if (won != 1 || lost != RACERS - 1) {
			bad_rounds++;
			snprintf(why, sizeof why, "round %d: %d won, %d conflicts", round, won, lost);
		}
	}
	struct store_game got;
	struct store_move *m = NULL;
	int n = 0;
	enum store_err r2 = store_game_get(s2, "race", &got, &m, &n);
	bool coherent = n == ROUNDS;
	for (int i = 0; i < n && coherent; i++)
		coherent = m[i].at_ms == i; /* each move was inserted by the winner of its round */
	ok(e, "12.1", !r && !r2 && !bad_rounds && got.ply == ROUNDS && coherent, "%s; ply %d, %d moves %s", why,
	   got.ply, n, coherent ? "" : "(out of order)");
	free(m);
	store_close(s2);
}

/* What a listen callback has been told. */
struct heard {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	char ids[1024];
};

static void on_change(void *ctx, const char *id)
{
	struct heard *h = ctx;
	pthread_mutex_lock(&h->lock);
	size_t len = strlen(h->ids);
	snprintf(h->ids + len, sizeof h->ids - len, " %s ", id);
	pthread_cond_broadcast(&h->cond);
	pthread_mutex_unlock(&h->lock);
}

/* Waits up to `ms` for `id` to be heard. */
static bool heard_wait(struct heard *h, const char *id, int ms)
{
	char want[64];
	snprintf(want, sizeof want, " %s ", id);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (long)(ms % 1000) * 1000000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&h->lock);
	bool found;
	while (!(found = strstr(h->ids, want) != NULL))
		if (pthread_cond_timedwait(&h->cond, &h->lock, &until))
			break;
	found = strstr(h->ids, want) != NULL;
	pthread_mutex_unlock(&h->lock);
	return found;
}

/* How many times `id` was heard. */
static int heard_count(struct heard *h, const char *id)
{
	char want[64];
	snprintf(want, sizeof want, " %s ", id);
	int n = 0;
	pthread_mutex_lock(&h->lock);
	for (const char *at = h->ids; (at = strstr(at, want)) != NULL; at += strlen(want))
		n++;
	pthread_mutex_unlock(&h->lock);
	return n;
}

static void case_notify(struct env *e, struct store *a)
{
	/* Static: the listen thread may call back until run_all closes `a`, after this returns. */
	static struct heard h = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, ""};
	pthread_mutex_lock(&h.lock);
	h.ids[0] = '\0';
	pthread_mutex_unlock(&h.lock);
	enum store_err r = store_listen(a, on_change, &h);
	if (!e->pg_base) {
		struct store_game solo = game_of("solo", STORE_PLAYING, 0, 0, 100);
		enum store_err c = store_game_create(a, &solo);
		ok(e, "13.1", r == STORE_OK && !c && !heard_wait(&h, "solo", 50), "listen %s, create %s, heard '%s'",
		   store_strerror(r), store_strerror(c), h.ids);
		return;
	}
	struct store *b = open_store(e, "13.1");
	if (!b)
		return;
	char own[16], other[16];
	snprintf(own, sizeof own, "own%d", (int)getpid() % 100000);
	snprintf(other, sizeof other, "oth%d", (int)getpid() % 100000);
	struct store_game ga = game_of(own, STORE_PLAYING, 0, 0, 100), gb = game_of(other, STORE_PLAYING, 0, 0, 100);
	enum store_err c1 = store_game_create(a, &ga), c2 = store_game_create(b, &gb);
	bool got = heard_wait(&h, other, 10000);
	ok(e, "13.1", r == STORE_OK && !c1 && !c2 && got, "listen %s, creates %s %s; heard '%s'", store_strerror(r),
	   store_strerror(c1), store_strerror(c2), h.ids);
	/* Notifications arrive in commit order: had its own been passed on, it would be there already. */
	ok(e, "13.2", got && !heard_wait(&h, own, 0), "its own notification was passed on: '%s'", h.ids);

	/* An update that applies is heard; one that does not (a stale ply) tells nobody. */
	pthread_mutex_lock(&h.lock);
	h.ids[0] = '\0';
	pthread_mutex_unlock(&h.lock);
	enum store_err u1 = store_game_update(b, &gb, 5, STORE_PLAYING, NULL, NULL, 0);
	enum store_err u2 = store_game_update(b, &gb, 0, STORE_PLAYING, NULL, NULL, 0);
	got = heard_wait(&h, other, 10000);
	ok(e, "13.4", u1 == STORE_CONFLICT && !u2 && got && heard_count(&h, other) == 1,
	   "stale update %s, update %s; heard '%s'", store_strerror(u1), store_strerror(u2), h.ids);

	/* The listener's connection is killed; it reconnects and hears again. */
	char sql[256];
	snprintf(sql, sizeof sql,
		 "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '%s'"
		 " AND query = 'LISTEN gyoku'",
		 e->app);
	bool killed = pg_admin(e->pg_base, sql);
	pthread_mutex_lock(&h.lock);
	h.ids[0] = '\0';
	pthread_mutex_unlock(&h.lock);
	bool back = false;
	for (int i = 0; i < 100 && !back; i++) {
		if (store_game_update(b, &gb, 0, STORE_PLAYING, NULL, NULL, 0))
			break;
		back = heard_wait(&h, other, 200);
	}
	ok(e, "13.3", killed && back, "killed %d, heard after reconnecting: '%s'", killed, h.ids);
	store_close(b);
}

/* Whether game `id`'s text columns hold these words, read straight from the backend. */
static bool stored_words(struct env *e, const char *id, const char *status, const char *result, const char *ending,
			 const char *impasse)
{
	char sql[512];
	snprintf(sql, sizeof sql,
		 "SELECT count(*) FROM games WHERE id = '%s' AND status = '%s' AND result = '%s' AND ending = '%s'"
		 " AND impasse = '%s'",
		 id, status, result, ending, impasse);
	return raw_int(e, sql) == 1;
}

static void case_words(struct env *e, struct store *s)
{
	/* The words of every kind of game, as the server always stored them. */
	struct store_game w = game_of("w1", STORE_WAITING, 1, 0, 100), x = game_of("w2", STORE_CANCELED, 1, 0, 100),
			  y = game_of("w3", STORE_CANCELED, 1, 0, 100), z = game_of("w4", STORE_ENDED, 1, 2, 100), got;
	w.impasse = GY_IMPASSE_JSA24;
	y.declined = true;
	z.impasse = GY_IMPASSE_TRY;
	z.result = GY_RESULT_DRAW;
	z.ending = GY_END_PERPETUAL_CHECK;
	enum store_err r = store_game_create(s, &w);
	if (!r)
		r = store_game_create(s, &x);
	if (!r)
		r = store_game_create(s, &y);
	if (!r)
		r = store_game_create(s, &z);
	bool words = stored_words(e, "w1", "waiting", "", "", "24") &&
		     stored_words(e, "w2", "canceled", "", "canceled", "27") &&
		     stored_words(e, "w3", "canceled", "", "declined", "27") &&
		     stored_words(e, "w4", "ended", "draw", "perpetual check", "try");
	const char *diff = NULL;
	const struct store_game *all[4] = {&w, &x, &y, &z};
	for (int i = 0; i < 4 && !r && !diff; i++) {
		r = store_game_get(s, all[i]->id, &got, NULL, NULL);
		diff = r ? NULL : game_diff(all[i], &got);
	}
	ok(e, "14.1", !r && words && !diff, "%s; words as stored %s; field %s", store_strerror(r), words ? "yes" : "no",
	   diff ? diff : "-");

	/* Every ending, result and impasse rule comes back (and an update writes them too). */
	int bad = 0;
	char why[128] = "";
	for (int i = 1; i < GY_END_NB && !bad; i++) {
		struct store_game g = game_of("every", STORE_PLAYING, 1, 2, 100);
		snprintf(g.id, sizeof g.id, "e%02d", i);
		g.impasse = (enum gy_impasse_rule)(i % GY_IMPASSE_RULE_NB);
		r = store_game_create(s, &g);
		g.status = STORE_ENDED;
		g.ending = (enum gy_ending)i;
		g.result = (enum gy_result)(i % 4);
		if (!r)
			r = store_game_update(s, &g, 0, STORE_PLAYING, NULL, NULL, 0);
		if (!r)
			r = store_game_get(s, g.id, &got, NULL, NULL);
		diff = r ? "(not read)" : game_diff(&g, &got);
		if (diff) {
			bad++;
			snprintf(why, sizeof why, "ending %s: %s, field %s", gy_ending_name(g.ending),
				 store_strerror(r), diff);
		}
	}
	ok(e, "14.2", !bad, "%s", why);

	/* A word that names nothing, in each column: the game is damaged, and so is a list that holds it. */
	static const char *const damage[] = {
		"UPDATE games SET status = 'paused' WHERE id = 'w4'",
		"UPDATE games SET status = 'ended', result = 'sente' WHERE id = 'w4'",
		"UPDATE games SET result = 'draw', ending = 'resigned' WHERE id = 'w4'",
		"UPDATE games SET ending = 'perpetual check', impasse = 'CSARule27' WHERE id = 'w4'",
	};
	for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
		bool done = raw_exec(e, damage[i]);
		enum store_err r1 = store_game_get(s, "w4", &got, NULL, NULL);
		struct store_game *list = NULL;
		int n = -1;
		struct store_filter f = {.user = 2, .limit = 50};
		enum store_err r2 = store_game_list(s, &f, &list, &n);
		free(list);
		enum store_err r3 = store_game_get(s, "w1", &got, NULL, NULL);
		char id[16];
		snprintf(id, sizeof id, "14.%zu", i + 3);
		ok(e, id, done && r1 == STORE_DAMAGED && r2 == STORE_DAMAGED && !list && n == 0 && !r3,
		   "%s: get %s, list %s (%d), another game %s", damage[i], store_strerror(r1), store_strerror(r2), n,
		   store_strerror(r3));
	}
	bool mended = raw_exec(e, "UPDATE games SET impasse = 'try' WHERE id = 'w4'");
	r = store_game_get(s, "w4", &got, NULL, NULL);
	ok(e, "14.7", mended && !r && got.ending == GY_END_PERPETUAL_CHECK && got.impasse == GY_IMPASSE_TRY,
	   "mended: %s", store_strerror(r));
}

/* Runs every case against one backend. */
/* Adds a message of `user` to room `room` of game `game`, keeping `keep`; its id, or -1 on failure. */
static int64_t chat_add(struct store *s, const char *game, enum store_chat_room room, int64_t user, const char *text,
			int keep)
{
	struct store_chat m = {.room = room, .user = user, .at_ms = 1700000000000};
	snprintf(m.text, sizeof m.text, "%s", text);
	return store_chat_add(s, game, &m, keep) ? -1 : m.id;
}

/* The chat: messages kept per room (the newest `keep`), read by room and since an id, the spectators' room closed. */
static void case_chat(struct env *e, struct store *s)
{
	struct store_user a = user_of("chatter"), b = user_of("watcher");
	int64_t ua = 0, ub = 0;
	struct store_game g = game_of("chatG", STORE_PLAYING, 1, 2, 1700000000000);
	if (store_user_create(s, &a, &ua) || store_user_create(s, &b, &ub) || store_game_create(s, &g))
		return (void)ok(e, "15.1", false, "cannot make the users and the game");
	int64_t first = chat_add(s, "chatG", STORE_CHAT_PLAYERS, ua, "<b>bold</b> 将棋", 3);
	for (int i = 2; i <= 5; i++) {
		char text[16];
		snprintf(text, sizeof text, "p%d", i);
		chat_add(s, "chatG", STORE_CHAT_PLAYERS, ua, text, 3);
	}
	int64_t spect = chat_add(s, "chatG", STORE_CHAT_SPECTATORS, ub, "hello", 3);
	struct store_chat *list = NULL;
	int n = 0;
	enum store_err r = store_chat_list(s, "chatG", STORE_CHAT_PLAYERS, 0, &list, &n);
	ok(e, "15.1",
	   !r && n == 3 && !strcmp(list[0].text, "p3") && !strcmp(list[2].text, "p5") &&
		   !strcmp(list[0].name, "chatter") && list[0].room == STORE_CHAT_PLAYERS && first > 0,
	   "the newest 3 of 5 kept: %s, %d messages, first %s", store_strerror(r), n, n ? list[0].text : "-");
	int64_t p4 = n == 3 ? list[1].id : 0;
	free(list);
	list = NULL;
	r = store_chat_list(s, "chatG", STORE_CHAT_ROOMS, p4, &list, &n);
	ok(e, "15.2",
	   !r && n == 2 && !strcmp(list[0].text, "p5") && list[1].id == spect &&
		   list[1].room == STORE_CHAT_SPECTATORS && !strcmp(list[1].name, "watcher"),
	   "both rooms since p4: %s, %d messages", store_strerror(r), n);
	free(list);
	bool on = false;
	enum store_err r1 = store_chat_spectators(s, "chatG", -1, &on);
	bool was = on;
	enum store_err r2 = store_chat_spectators(s, "chatG", 0, &on);
	bool off = !on;
	enum store_err r3 = store_chat_spectators(s, "chatG", -1, &on);
	bool still_off = !on;
	enum store_err r4 = store_chat_spectators(s, "chatG", 1, &on);
	ok(e, "15.3", !r1 && !r2 && !r3 && !r4 && was && off && still_off && on,
	   "spectators' room: open at first, closed, read closed, open again (%s %s %s %s)", store_strerror(r1),
	   store_strerror(r2), store_strerror(r3), store_strerror(r4));
	struct store_chat m = {.room = STORE_CHAT_PLAYERS, .user = ua};
	snprintf(m.text, sizeof m.text, "x");
	r1 = store_chat_add(s, "nope", &m, 3);
	m.user = 999;
	r2 = store_chat_add(s, "chatG", &m, 3);
	m.user = ua;
	m.text[0] = '\0';
	r3 = store_chat_add(s, "chatG", &m, 3);
	snprintf(m.text, sizeof m.text, "x");
	r4 = store_chat_add(s, "chatG", &m, 0);
	ok(e, "15.4", r1 == STORE_NOT_FOUND && r2 == STORE_NOT_FOUND && r3 == STORE_ERR_ARG && r4 == STORE_ERR_ARG,
	   "no game %s, no user %s, empty %s, keep 0 %s", store_strerror(r1), store_strerror(r2), store_strerror(r3),
	   store_strerror(r4));
}

static void case_review(struct env *e, struct store *s)
{
	struct store_game g = game_of("revG", STORE_ENDED, 1, 2, 1700000000000);
	if (store_game_create(s, &g))
		return (void)ok(e, "16.1", false, "cannot make the game");
	char *text = malloc(STORE_REVIEW_MAX);
	if (!text)
		return (void)ok(e, "16.1", false, "out of memory");
	enum store_err r0 = store_review_get(s, "revG", NULL);
	enum store_err r1 = store_review_put(s, "revG", 1, "{\"plies\":[1]}", 1700000001000);
	enum store_err r2 = store_review_get(s, "revG", text);
	enum store_err r3 = store_review_get(s, "revG", NULL);
	ok(e, "16.1", r0 == STORE_NOT_FOUND && !r1 && !r2 && !r3 && !strcmp(text, "{\"plies\":[1]}"),
	   "none, saved %s, read %s (%s), exists %s", store_strerror(r1), store_strerror(r2), text, store_strerror(r3));
	/* A long review (not truncated) replaces the one before. */
	memset(text, 'x', 100000);
	text[100000] = '\0';
	r1 = store_review_put(s, "revG", 2, text, 1700000002000);
	text[0] = '\0';
	r2 = store_review_get(s, "revG", text);
	ok(e, "16.2", !r1 && !r2 && strlen(text) == 100000 && text[99999] == 'x', "replaced %s, read %s, %zu bytes",
	   store_strerror(r1), store_strerror(r2), strlen(text));
	r1 = store_review_delete(s, "revG");
	r2 = store_review_get(s, "revG", text);
	r3 = store_review_delete(s, "revG");
	ok(e, "16.3", !r1 && r2 == STORE_NOT_FOUND && r3 == STORE_NOT_FOUND && !text[0],
	   "deleted %s, then read %s, deleted again %s", store_strerror(r1), store_strerror(r2), store_strerror(r3));
	r1 = store_review_put(s, "nope", 1, "{}", 1);
	r2 = store_review_put(s, "revG", 1, "", 1);
	r3 = store_review_get(s, "0123456789abcdefXYZ", text);
	enum store_err r4 = store_review_put(s, "0123456789abcdefXYZ", 1, "{}", 1);
	ok(e, "16.4", r1 == STORE_NOT_FOUND && r2 == STORE_ERR_ARG && r3 == STORE_NOT_FOUND && r4 == STORE_ERR_ARG,
	   "no game %s, empty %s, id too long: read %s, save %s", store_strerror(r1), store_strerror(r2),
	   store_strerror(r3), store_strerror(r4));
	/* Who imported a record is kept with it. */
	struct store_game imp = game_of("revI", STORE_ENDED, 0, 0, 1700000000000);
	struct store_record rec = {"kifu", "*a record\n", 7};
	int64_t who = -1, who2 = -1;
	r1 = store_game_import(s, &imp, NULL, 0, &rec);
	r2 = store_record_importer(s, "revI", &who);
	r3 = store_record_importer(s, "revG", &who2);
	ok(e, "16.5", !r1 && !r2 && who == 7 && r3 == STORE_NOT_FOUND && who2 == 0,
	   "import %s, importer %s (%lld), of a game without a record %s", store_strerror(r1), store_strerror(r2),
	   (long long)who, store_strerror(r3));
	free(text);
}

/* Puzzles: ratings land with an attempt, once per player and puzzle; the attempts and ratings read back. */
static void case_puzzles(struct env *e, struct store *s)
{
	struct store_user a = user_of("solver"), b = user_of("other");
	int64_t ua = 0, ub = 0;
	if (store_user_create(s, &a, &ua) || store_user_create(s, &b, &ub))
		return (void)ok(e, "17.1", false, "cannot make the users");
	struct store_prating r = {0}, ur = {1562.5, 290.25, 0.0599, 0}, pr = {1437.5, 280, 0.06, 0};
	enum store_err r1 = store_puzzle_user(s, ua, &r);
	struct store_attempt at = {"abc123", true, 1700000000500};
	enum store_err r2 = store_puzzle_result(s, ua, &at, &ur, &pr);
	enum store_err r3 = store_puzzle_user(s, ua, &r);
	ok(e, "17.1",
	   r1 == STORE_NOT_FOUND && !r2 && !r3 && r.rating == 1562.5 && r.rd == 290.25 && r.vol == 0.0599 &&
		   r.attempts == 1,
	   "none %s, result %s, read %s: %g/%g/%g/%d", store_strerror(r1), store_strerror(r2), store_strerror(r3),
	   r.rating, r.rd, r.vol, r.attempts);
	struct store_prating ur2 = {1400, 250, 0.06, 0};
	r1 = store_puzzle_result(s, ua, &at, &ur2, &pr);
	r2 = store_puzzle_user(s, ua, &r);
	ok(e, "17.2", r1 == STORE_CONFLICT && !r2 && r.rating == 1562.5 && r.attempts == 1,
	   "a second result for one puzzle: %s, rating %g", store_strerror(r1), r.rating);
	struct store_attempt bt = {"abc123", false, 1700000000600}, ct = {"zzz", false, 1700000000700};
	struct store_prating pr2 = {1450, 270, 0.06, 0};
	r1 = store_puzzle_result(s, ub, &bt, &ur2, &pr2);
	r2 = store_puzzle_result(s, ua, &ct, &ur2, &pr2);
	struct store_puzzle_row *rows = NULL;
	int n = 0;
	r3 = store_puzzle_ratings(s, &rows, &n);
	ok(e, "17.3",
	   !r1 && !r2 && !r3 && n == 2 && !strcmp(rows[0].id, "abc123") && rows[0].r.rating == 1450 &&
		   rows[0].r.attempts == 2 && !strcmp(rows[1].id, "zzz") && rows[1].r.attempts == 1,
	   "another player's result %s, a second puzzle %s, ratings %s: %d rows", store_strerror(r1),
	   store_strerror(r2), store_strerror(r3), n);
	free(rows);
	struct store_attempt *list = NULL;
	r1 = store_puzzle_attempts(s, ua, &list, &n);
	ok(e, "17.4",
	   !r1 && n == 2 && !strcmp(list[0].puzzle, "abc123") && list[0].solved && list[0].at_ms == 1700000000500 &&
		   !strcmp(list[1].puzzle, "zzz") && !list[1].solved,
	   "attempts %s: %d", store_strerror(r1), n);
	free(list);
	struct store_prating bad = {1500, 0, 0.06, 0};
	struct store_attempt long_id = {"", true, 1};
	memset(long_id.puzzle, 'x', sizeof long_id.puzzle);
	r1 = store_puzzle_result(s, ua, &ct, &bad, &pr);
	r2 = store_puzzle_result(s, 999, &ct, &ur, &pr);
	r3 = store_puzzle_result(s, ua, &long_id, &ur, &pr);
	ok(e, "17.5", r1 == STORE_ERR_ARG && r2 == STORE_NOT_FOUND && r3 == STORE_ERR_ARG,
	   "a bad rating %s, no user %s, a long id %s", store_strerror(r1), store_strerror(r2), store_strerror(r3));
}

static void run_all(struct env *e)
{
	case_migrations(e);
	void (*cases[])(struct env *, struct store *) = {case_users,     case_sessions,  case_games,  case_moves,
							 case_conflicts, case_ratings,   case_lists,  case_deadlines,
							 case_import,    case_arguments, case_race,   case_notify,
							 case_words,     case_chat,      case_review, case_puzzles};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char n[16];
		snprintf(n, sizeof n, "%zu.0", i + 2);
		if (!fresh(e)) {
			ok(e, n, false, "cannot make a database");
			continue;
		}
		struct store *s = open_store(e, n);
		if (!s)
			continue;
		cases[i](e, s);
		store_close(s);
	}
}

int main(void)
{
	struct check_tally t = {0, 0};
	setvbuf(stdout, NULL, _IOLBF, 0); /* whole lines between the store's messages on stderr */
	struct env e = {.t = &t, .kind = "sqlite"};
	const char *tmp = getenv("TMPDIR");
	snprintf(e.dir, sizeof e.dir, "%s/t_store.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
	if (!mkdtemp(e.dir)) {
		check_fail(&t, "store-0.0", "cannot make a temporary directory");
		return check_exit(&t);
	}
	run_all(&e);
	for (int i = 1; i <= e.seq; i++) {
		const char *suffix[] = {"", "-wal", "-shm", "-journal"};
		for (int k = 0; k < 4; k++) {
			char path[URL_MAX];
			snprintf(path, sizeof path, "%s/case-%d.db%s", e.dir, i, suffix[k]);
			unlink(path);
		}
	}
	rmdir(e.dir);

	const char *pg = getenv("GYOKU_TEST_PG");
	if (pg && pg[0]) {
		struct env p = {.t = &t, .kind = "pg", .pg_base = pg};
		run_all(&p);
		for (int i = 1; i <= p.seq; i++) {
			char sql[128];
			snprintf(sql, sizeof sql, "DROP SCHEMA IF EXISTS t_store_%ld_%d CASCADE", (long)getpid(), i);
			pg_admin(pg, sql);
		}
	}
	return check_exit(&t);
}
