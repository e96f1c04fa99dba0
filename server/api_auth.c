/*
 * server/api_auth.c: accounts (docs/server.md "Accounts"): sign-up,
 * login, logout, the signed-in user, user pages, the health check.
 *
 * A session is a random token in an HttpOnly cookie; the store keeps only
 * its SHA-256 and the session's CSRF token.  A failed login counts
 * against the pair of the name and the address, so that a stranger
 * cannot lock the owner out, and against the address (ratelimit.h); a
 * wrong current password in a password change counts the same way.  An unknown name costs
 * the same argon2 work as a wrong password, so names cannot be probed by
 * timing.
 */
#include <microhttpd.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "auth.h"
#include "glicko.h"
#include "ratelimit.h"
#include "server.h"

enum { NAME_MIN = 3, NAME_MAX = 20, PASSWORD_MIN = 8, PASSWORD_MAX = 256 };

/* 30 days, in seconds and in milliseconds. */
#define SESSION_SECONDS (30LL * 86400)
#define SESSION_MS      (SESSION_SECONDS * 1000)

/* A valid user name: NAME_MIN..NAME_MAX of A-Z a-z 0-9 _ -. */
static bool name_ok(const char *s)
{
	size_t n = strlen(s);
	return n >= NAME_MIN && n <= NAME_MAX &&
	       strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

/* auth_hash_password, at most as many at once as the server allows. */
static bool hash_password(struct srv *s, const char *pw, size_t len, char *out)
{
	sem_wait(&s->hashing);
	bool ok = auth_hash_password(pw, len, out);
	sem_post(&s->hashing);
	return ok;
}

/* auth_verify_password, at most as many at once as the server allows. */
static bool verify_password(struct srv *s, const char *encoded, const char *pw, size_t len)
{
	sem_wait(&s->hashing);
	bool ok = auth_verify_password(encoded, pw, len);
	sem_post(&s->hashing);
	return ok;
}

/* Reads {"name", "password"} from the body; NULL after queuing a 400. */
static json_t *credentials(struct http_req *r, const char **name, const char **password, size_t *plen)
{
	json_t *body = http_body_object(r);
	if (!body)
		return NULL;
	json_t *n = json_object_get(body, "name"), *p = json_object_get(body, "password");
	if (!json_is_string(n) || !json_is_string(p)) {
		json_decref(body);
		http_error(r, 400, "name and password must be strings");
		return NULL;
	}
	*name = json_string_value(n);
	*password = json_string_value(p);
	*plen = json_string_length(p);
	return body;
}

/* The cookie header for a session token (an empty token and max-age 0 clear it). */
static void set_session_cookie(struct http_req *r, const char *token, long long max_age)
{
	char cookie[256];
	snprintf(cookie, sizeof cookie, "gyoku_session=%s; Path=/; Max-Age=%lld; HttpOnly; SameSite=Lax%s", token,
		 max_age, r->srv->opts->secure_cookies ? "; Secure" : "");
	http_add_header(r, "Set-Cookie", cookie);
}

/* Starts a session for `u` and answers `status` with the account and its CSRF token. */
static int start_session(struct http_req *r, const struct store_user *u, unsigned status)
{
	char token[AUTH_HEX_MAX], hash[AUTH_HEX_MAX], csrf[AUTH_HEX_MAX];
	if (!auth_random_token(token) || !auth_random_token(csrf))
		return http_error(r, 503, "no randomness for a session token");
	auth_digest(token, strlen(token), hash);
	if (store_session_create(r->srv->store, hash, u->id, csrf, srv_now_ms() + SESSION_MS))
		return http_error(r, 503, "the database failed: try again");
	set_session_cookie(r, token, SESSION_SECONDS);
	return http_json(r, status,
			 json_pack("{s:s,s:i,s:s}", "name", u->name, "rating", (int)(u->rating + 0.5), "csrf", csrf));
}

int api_signup(struct http_req *r, const char *arg)
{
	(void)arg;
	const char *name, *pw;
	size_t plen;
	json_t *body = credentials(r, &name, &pw, &plen);
	if (!body)
		return MHD_YES;
	int ret;
	struct store_user u = {0};
	struct glicko g = glicko_new();
	if (!name_ok(name)) {
		ret = http_error(r, 400, "a name has %d to %d letters, digits, _ or -", NAME_MIN, NAME_MAX);
	} else if (plen < PASSWORD_MIN || plen > PASSWORD_MAX || strlen(pw) != plen) {
		ret = http_error(r, 400, "a password has %d to %d bytes", PASSWORD_MIN, PASSWORD_MAX);
	} else if (!hash_password(r->srv, pw, plen, u.pw_hash)) {
		ret = http_error(r, 503, "the password could not be hashed");
	} else {
		snprintf(u.name, sizeof u.name, "%s", name);
		u.rating = g.rating;
		u.rd = g.rd;
		u.vol = g.vol;
		u.created_ms = srv_now_ms();
		enum store_err e = store_user_create(r->srv->store, &u, &u.id);
		if (e == STORE_CONFLICT)
			ret = http_error(r, 409, "the name %s is taken", name);
		else if (e)
			ret = http_error(r, 503, "the database failed: try again");
		else
			ret = start_session(r, &u, 201);
	}
	json_decref(body);
	return ret;
}

/* The key of the pair of `name` (lowercased, at most NAME_MAX bytes of it) and the address `addr`, into `key`. */
static size_t pair_key(const char *name, const char *addr, char *key, size_t size)
{
	size_t n = strlen(name) < NAME_MAX ? strlen(name) : NAME_MAX;
	for (size_t i = 0; i < n; i++)
		key[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
	snprintf(key + n, size - n, "\n%s", addr);
	return strlen(key);
}

/*
 * Queues a 429 with Retry-After when the pair `key` (`klen` bytes) or the
 * address `addr` is locked at `now`; false when neither is.
 */
static bool locked(struct http_req *r, const char *key, size_t klen, const char *addr, int64_t now)
{
	struct srv *s = r->srv;
	int64_t wait = ratelimit_wait(s->login_by_pair, key, klen, now);
	int64_t wait_addr = ratelimit_wait(s->login_by_addr, addr, strlen(addr), now);
	if (wait <= 0 && wait_addr <= 0)
		return false;
	http_too_many(r, wait > wait_addr ? wait : wait_addr,
		      wait_addr > 0 ? "too many failed logins from your address"
				    : "too many failed logins for this name from your address");
	return true;
}

/* Counts a wrong password for the pair `key` and the address `addr` at `now`. */
static void count_failure(struct srv *s, const char *key, size_t klen, const char *addr, int64_t now)
{
	ratelimit_fail(s->login_by_pair, key, klen, now);
	ratelimit_fail(s->login_by_addr, addr, strlen(addr), now);
}

int api_login(struct http_req *r, const char *arg)
{
	(void)arg;
	/* A hash to verify against when the name is unknown, so both cases cost the same. */
	static const char dummy[] = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$"
				    "mTWw0NJo3a8Jo0xXDxvQv6/tAxw7i1NYXkDsUqVEaLQ";
	const char *name, *pw;
	size_t plen;
	json_t *body = credentials(r, &name, &pw, &plen);
	if (!body)
		return MHD_YES;
	char key[NAME_MAX + 2 + 64], addr[64];
	http_client_key(r, addr, sizeof addr);
	size_t klen = pair_key(name, addr, key, sizeof key);
	int64_t now = srv_now_ms();
	struct srv *s = r->srv;
	int ret = MHD_YES;
	if (!locked(r, key, klen, addr, now)) {
		struct store_user u;
		enum store_err e = name_ok(name) ? store_user_by_name(s->store, name, &u) : STORE_NOT_FOUND;
		bool ok = false;
		if (e == STORE_OK)
			ok = verify_password(s, u.pw_hash, pw, plen);
		else
			verify_password(s, dummy, pw, plen); /* the same work for an unknown name */
		if (e && e != STORE_NOT_FOUND) {
			ret = http_error(r, 503, "the database failed: try again");
		} else if (!ok) {
			count_failure(s, key, klen, addr, now);
			ret = http_error(r, 401, "wrong name or password");
		} else {
			ratelimit_clear(s->login_by_pair, key, klen);
			ret = start_session(r, &u, 200);
		}
	}
	json_decref(body);
	return ret;
}

int api_password(struct http_req *r, const char *arg)
{
	(void)arg;
	if (!http_user(r))
		return http_error(r, 401, "sign in first");
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	json_t *cur = json_object_get(body, "current"), *new = json_object_get(body, "new");
	struct srv *s = r->srv;
	char key[NAME_MAX + 2 + 64], addr[64], hash[STORE_HASH_MAX];
	http_client_key(r, addr, sizeof addr);
	size_t klen = pair_key(r->user.name, addr, key, sizeof key);
	int64_t now = srv_now_ms();
	size_t nlen = json_is_string(new) ? json_string_length(new) : 0;
	int ret = MHD_YES;
	if (!json_is_string(cur) || !json_is_string(new)) {
		ret = http_error(r, 400, "current and new must be strings");
	} else if (nlen < PASSWORD_MIN || nlen > PASSWORD_MAX || strlen(json_string_value(new)) != nlen) {
		ret = http_error(r, 400, "a password has %d to %d bytes", PASSWORD_MIN, PASSWORD_MAX);
	} else if (!locked(r, key, klen, addr, now)) {
		if (!verify_password(s, r->user.pw_hash, json_string_value(cur), json_string_length(cur))) {
			count_failure(s, key, klen, addr, now);
			ret = http_error(r, 403, "the current password is wrong");
		} else if (!hash_password(s, json_string_value(new), nlen, hash)) {
			ret = http_error(r, 503, "the password could not be hashed");
		} else if (store_user_password(s->store, r->user.id, hash, r->session_hash)) {
			ret = http_error(r, 503, "the database failed: try again");
		} else {
			ratelimit_clear(s->login_by_pair, key, klen);
			ret = http_json(r, 200, json_object());
		}
	}
	json_decref(body);
	return ret;
}

int api_logout(struct http_req *r, const char *arg)
{
	(void)arg;
	if (http_user(r) && store_session_delete(r->srv->store, r->session_hash))
		return http_error(r, 503, "the database failed: try again");
	set_session_cookie(r, "", 0);
	return http_json(r, 200, json_object());
}

int api_me(struct http_req *r, const char *arg)
{
	(void)arg;
	if (!http_user(r)) /* a visitor: an answer, not an error (docs/server.md "Accounts") */
		return http_json(r, 200, json_pack("{s:n}", "name"));
	return http_json(r, 200,
			 json_pack("{s:s,s:i,s:i,s:i,s:s}", "name", r->user.name, "rating", (int)(r->user.rating + 0.5),
				   "rd", (int)(r->user.rd + 0.5), "games", r->user.games, "csrf", r->csrf));
}

/* The most pages of STATS_PAGE finished games that a user's statistics read. */
enum { STATS_PAGES = 50, STATS_PAGE = 200 };

/*
 * A user's results and rating history, from their finished games (at most
 * STATS_PAGES * STATS_PAGE of the newest): `counts[rated][0..2]` won, lost, drawn
 * (rated 0: all games, 1: rated ones), and `history` (an array, filled) the
 * rating after each rated game, oldest first.  False when the store fails.
 */
static bool user_stats(struct store *st, int64_t uid, int counts[2][3], json_t *history)
{
	struct store_filter f = {.user = uid, .status = STORE_ENDED, .limit = STATS_PAGE};
	char last_id[STORE_ID_MAX];
	for (int page = 0; page < STATS_PAGES; page++) {
		struct store_game *games = NULL;
		int n = 0;
		if (store_game_list(st, &f, &games, &n))
			return false;
		for (int i = 0; i < n; i++) {
			const struct store_game *g = &games[i];
			int side = g->black_user == uid ? 0 : g->white_user == uid ? 1 : -1;
			if (side < 0 || g->result == GY_RESULT_NONE)
				continue;
			int k = g->result == GY_RESULT_DRAW                          ? 2
				: (g->result == GY_RESULT_BLACK_WINS) == (side == 0) ? 0
										     : 1;
			counts[0][k]++;
			if (!g->rated || g->rating_after[side] <= 0)
				continue;
			counts[1][k]++;
			json_array_insert_new(history, 0,
					      json_pack("{s:s,s:i,s:I}", "id", g->id, "rating",
							(int)(g->rating_after[side] + 0.5), "ended_ms",
							(json_int_t)g->updated_ms));
		}
		bool more = n == STATS_PAGE;
		if (more) {
			memcpy(last_id, games[n - 1].id, sizeof last_id);
			f.before_ms = games[n - 1].created_ms;
			f.before_id = last_id;
		}
		free(games);
		if (!more)
			break;
	}
	return true;
}

/* Won, lost and drawn as an object. */
static json_t *counts_json(const int c[3])
{
	return json_pack("{s:i,s:i,s:i}", "won", c[0], "lost", c[1], "drawn", c[2]);
}

int api_user(struct http_req *r, const char *name)
{
	struct store_user u;
	enum store_err e = name_ok(name) ? store_user_by_name(r->srv->store, name, &u) : STORE_NOT_FOUND;
	if (e == STORE_NOT_FOUND)
		return http_error(r, 404, "no user named %s", name);
	if (e)
		return http_error(r, 503, "the database failed: try again");
	int counts[2][3] = {{0}};
	json_t *history = json_array();
	if (!history)
		return http_error(r, 503, "out of memory");
	if (!user_stats(r->srv->store, u.id, counts, history)) {
		json_decref(history);
		return http_error(r, 503, "the database failed: try again");
	}
	return http_json(r, 200,
			 json_pack("{s:s,s:i,s:i,s:i,s:I,s:{s:o,s:o},s:o}", "name", u.name, "rating",
				   (int)(u.rating + 0.5), "rd", (int)(u.rd + 0.5), "games", u.games, "created_ms",
				   (json_int_t)u.created_ms, "results", "all", counts_json(counts[0]), "rated",
				   counts_json(counts[1]), "history", history));
}

int api_health(struct http_req *r, const char *arg)
{
	(void)arg;
	return http_json(
		r, 200,
		json_pack("{s:b,s:s,s:s}", "ok", 1, "store", store_kind(r->srv->store), "version", SERVER_VERSION));
}
