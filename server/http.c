/*
 * server/http.c: libmicrohttpd glue, the router, the static files, the
 * pool of handler threads and the connection limits (docs/server.md
 * "Concurrency and limits").
 *
 * Invariants: a struct http_req lives from the first call of the access
 * handler for a request to the daemon's "completed" notification; its
 * body never grows beyond its route's limit (a larger body is read and
 * dropped, then answered 413); at most one response is queued per
 * request (`queued`).  Every response carries the security headers of
 * add_security_headers.  While `deferred`, a handler thread owns the
 * request and its connection is suspended; the I/O thread touches the
 * request again only once the connection resumes.  A `struct conn` lives
 * from the daemon's "started" notice of its connection to its "closed"
 * notice, in the list guarded by `mu`; its fd is used (by the reaper)
 * only under `mu`.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "addr.h"
#include "api.h"
#include "http.h"
#include "ratelimit.h"
#include "server.h"

enum {
	ROUTE_ORIGIN = 1, /* state-changing: a browser's Origin must be ours */
	ROUTE_CSRF = 2,   /* and a browser must send the session's CSRF token */
	ROUTE_IMPORT = 4, /* the body may be as large as HTTP_IMPORT_MAX (and costs RATE_COST_LARGE) */
	ROUTE_WRITE = 8,  /* counted by the write limits (docs/server.md "Rate limits") */
	ROUTE_HASH = 16   /* computes an argon2 hash (19 MiB): costs RATE_COST_HASH */
};

/* What a write costs in tokens of the write limits: 1, more for the heavy ones. */
enum { RATE_COST_LARGE = 5, RATE_COST_HASH = 10 };

/* One API route: a method and a path pattern whose "*" matches one segment. */
struct route {
	const char *method, *pattern;
	int (*fn)(struct http_req *r, const char *arg);
	int flags;
};

/*
 * Every state-changing route (ROUTE_ORIGIN) is a ROUTE_WRITE but the moves
 * (a blitz game is never slowed), the chat and the puzzles' (chat.h and
 * puzzles.h have their own limits).
 */
static const struct route routes[] = {
	{"POST", "/api/signup", api_signup, ROUTE_ORIGIN | ROUTE_WRITE | ROUTE_HASH},
	{"POST", "/api/login", api_login, ROUTE_ORIGIN | ROUTE_WRITE | ROUTE_HASH},
	{"POST", "/api/logout", api_logout, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/password", api_password, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE | ROUTE_HASH},
	{"GET", "/api/me", api_me, 0},
	{"GET", "/api/health", api_health, 0},
	{"GET", "/api/users/*", api_user, 0},
	{"POST", "/api/games", api_game_create, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"GET", "/api/games", api_game_list, 0},
	{"GET", "/api/games/*", api_game_get, 0},
	{"POST", "/api/games/*/accept", api_game_accept, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/cancel", api_game_cancel, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/decline", api_game_decline, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/moves", api_game_move, ROUTE_ORIGIN | ROUTE_CSRF},
	{"POST", "/api/games/*/resign", api_game_resign, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/abort", api_game_abort, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/rematch", api_game_rematch, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/takeback", api_game_takeback, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/moretime", api_game_more_time, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/declare", api_game_declare, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/games/*/vacation", api_game_vacation, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"GET", "/api/games/*/events", api_game_events, 0},
	{"GET", "/api/games/*/export", api_game_export, 0},
	{"GET", "/api/games/*/chat", api_game_chat_get, 0},
	{"POST", "/api/games/*/chat", api_game_chat_post, ROUTE_ORIGIN | ROUTE_CSRF},
	{"POST", "/api/games/*/chat/spectators", api_game_chat_spectators, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	/* A game's saved review (api_review.c): its body may be as large as an import's. */
	{"PUT", "/api/games/*/review", api_game_review_put, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_IMPORT | ROUTE_WRITE},
	{"GET", "/api/games/*/review", api_game_review_get, 0},
	{"DELETE", "/api/games/*/review", api_game_review_delete, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_WRITE},
	{"POST", "/api/import", api_import, ROUTE_ORIGIN | ROUTE_CSRF | ROUTE_IMPORT | ROUTE_WRITE},
	/* Tsume puzzles (puzzles.c); "next" and "daily" before the id's pattern. */
	{"GET", "/api/puzzles", api_puzzle_themes, 0},
	{"GET", "/api/puzzles/next", api_puzzle_next, 0},
	{"GET", "/api/puzzles/daily", api_puzzle_daily, 0},
	{"GET", "/api/puzzles/*", api_puzzle_get, 0},
	{"POST", "/api/puzzles/*/moves", api_puzzle_move, ROUTE_ORIGIN | ROUTE_CSRF},
	{"POST", "/api/puzzles/*/solution", api_puzzle_solution, ROUTE_ORIGIN | ROUTE_CSRF},
};
enum { ROUTE_NB = sizeof routes / sizeof routes[0], ARG_MAX = HTTP_ARG_MAX };

/*
 * Matches `path` against `pattern`; the segment matched by "*" (1 to
 * ARG_MAX - 1 bytes, no "/") is copied into `arg`.
 */
static bool route_match(const char *pattern, const char *path, char *arg)
{
	arg[0] = '\0';
	while (*pattern && *path) {
		if (*pattern == '*') {
			size_t n = strcspn(path, "/");
			if (n == 0 || n >= ARG_MAX)
				return false;
			memcpy(arg, path, n);
			arg[n] = '\0';
			path += n;
			pattern++;
		} else if (*pattern++ != *path++) {
			return false;
		}
	}
	return *pattern == '\0' && *path == '\0';
}

/* The route for `method` and `path`: NULL when none, with *path_known when another method has it. */
static const struct route *route_find(const char *method, const char *path, char *arg, bool *path_known)
{
	*path_known = false;
	for (int i = 0; i < ROUTE_NB; i++) {
		if (!route_match(routes[i].pattern, path, arg))
			continue;
		if (!strcmp(routes[i].method, method))
			return &routes[i];
		*path_known = true;
	}
	return NULL;
}

/* The policy lets scripts of the site compile WebAssembly ('wasm-unsafe-eval', not eval): the engine in
 * the browser (docs/server.md "The engine in the browser").  The opener and embedder policies make the
 * pages cross-origin isolated, which browsers ask before they share memory between threads (the
 * threaded engine); every resource of the site is its own, and says it may be loaded by the site only
 * (Cross-Origin-Resource-Policy), which such a page requires of what it loads. */
static void add_security_headers(struct MHD_Response *resp)
{
	MHD_add_response_header(resp, "Cross-Origin-Opener-Policy", "same-origin");
	MHD_add_response_header(resp, "Cross-Origin-Embedder-Policy", "require-corp");
	MHD_add_response_header(resp, "Cross-Origin-Resource-Policy", "same-origin");
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "X-Frame-Options", "DENY");
	MHD_add_response_header(resp, "Referrer-Policy", "same-origin");
	MHD_add_response_header(resp, "Content-Security-Policy",
				"default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; "
				"style-src 'self' 'unsafe-inline'");
}

int http_queue(struct http_req *r, unsigned status, struct MHD_Response *resp)
{
	if (!resp)
		return MHD_NO;
	add_security_headers(resp);
	for (int i = 0; i < r->nheaders; i++)
		MHD_add_response_header(resp, r->headers[i][0], r->headers[i][1]);
	if (r->queued) { /* one response per request */
		MHD_destroy_response(resp);
		return MHD_NO;
	}
	r->queued = true;
	if (r->deferred) { /* on a handler thread: the I/O thread queues it once the connection resumes */
		r->status = status;
		r->resp = resp;
		return MHD_YES;
	}
	enum MHD_Result ret = MHD_queue_response(r->conn, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

void http_add_header(struct http_req *r, const char *name, const char *value)
{
	if (r->nheaders >= HTTP_HEADERS_MAX)
		return;
	char *n = strdup(name), *v = strdup(value);
	if (!n || !v) {
		free(n);
		free(v);
		return;
	}
	r->headers[r->nheaders][0] = n;
	r->headers[r->nheaders][1] = v;
	r->nheaders++;
}

int http_json(struct http_req *r, unsigned status, json_t *body)
{
	char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
	if (!text)
		return MHD_NO;
	struct MHD_Response *resp = MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
	if (!resp) {
		free(text);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", "application/json; charset=utf-8");
	MHD_add_response_header(resp, "Cache-Control", "no-store");
	return http_queue(r, status, resp);
}

/*
 * Replaces each byte of `s` that does not start a valid UTF-8 sequence
 * with '?': a message may quote the client's bytes, or be cut in the
 * middle of a character, and jansson refuses text that is not UTF-8.
 */
static void utf8_clean(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		int n = *p < 0x80                  ? 1
			: *p >= 0xc2 && *p <= 0xdf ? 2
			: *p >= 0xe0 && *p <= 0xef ? 3
			: *p >= 0xf0 && *p <= 0xf4 ? 4
						   : 0;
		bool ok = n > 0;
		for (int i = 1; ok && i < n; i++) /* stops at the NUL, which is no continuation byte */
			ok = (p[i] & 0xc0) == 0x80;
		if (ok && n == 3) /* no overlong forms, no surrogates */
			ok = !(p[0] == 0xe0 && p[1] < 0xa0) && !(p[0] == 0xed && p[1] >= 0xa0);
		if (ok && n == 4) /* no overlong forms, nothing above U+10FFFF */
			ok = !(p[0] == 0xf0 && p[1] < 0x90) && !(p[0] == 0xf4 && p[1] >= 0x90);
		if (ok)
			p += n;
		else
			*p++ = '?';
	}
}

int http_error(struct http_req *r, unsigned status, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	utf8_clean(msg);
	return http_json(r, status, json_pack("{s:s}", "error", msg));
}

int http_text(struct http_req *r, unsigned status, const char *type, const char *text, size_t len, const char *filename)
{
	struct MHD_Response *resp = MHD_create_response_from_buffer(len, (void *)text, MHD_RESPMEM_MUST_COPY);
	if (!resp)
		return MHD_NO;
	MHD_add_response_header(resp, "Content-Type", type);
	if (filename) {
		char disp[160];
		snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", filename);
		MHD_add_response_header(resp, "Content-Disposition", disp);
	}
	return http_queue(r, status, resp);
}

int http_too_many(struct http_req *r, int64_t wait_ms, const char *what)
{
	char secs[24];
	snprintf(secs, sizeof secs, "%lld", (long long)((wait_ms + 999) / 1000));
	http_add_header(r, "Retry-After", secs);
	return http_error(r, 429, "%s: try again in %s s", what, secs);
}

const char *http_header(struct http_req *r, const char *name)
{
	return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}

const char *http_query(struct http_req *r, const char *name)
{
	return MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, name);
}

void http_client_addr(struct http_req *r, char *buf, size_t size)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;
	struct srv *s = r->srv;
	if (addr_is_proxy(s, sa) && addr_forwarded(http_header(r, s->opts->trust_proxy), s->proxies, buf, size))
		return;
	addr_text(sa, buf, size);
}

void http_client_key(struct http_req *r, char *buf, size_t size)
{
	char addr[64];
	http_client_addr(r, addr, sizeof addr);
	ratelimit_addr_key(addr, buf, size);
}

json_t *http_body_object(struct http_req *r)
{
	json_error_t err;
	json_t *j = r->len ? json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &err) : NULL;
	if (!r->len) {
		http_error(r, 400, "the request needs a JSON object as its body");
		return NULL;
	}
	if (!j) {
		http_error(r, 400, "malformed JSON at line %d, column %d: %s", err.line, err.column, err.text);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		http_error(r, 400, "the request body must be a JSON object");
		return NULL;
	}
	return j;
}

bool http_user(struct http_req *r)
{
	if (r->auth)
		return r->auth == 2;
	r->auth = 1;
	const char *token = MHD_lookup_connection_value(r->conn, MHD_COOKIE_KIND, "gyoku_session");
	if (!token || strlen(token) != 2 * AUTH_TOKEN_BYTES)
		return false;
	auth_digest(token, strlen(token), r->session_hash);
	int64_t uid = 0;
	if (store_session_get(r->srv->store, r->session_hash, srv_now_ms(), &uid, r->csrf) != STORE_OK)
		return false;
	if (store_user_by_id(r->srv->store, uid, &r->user) != STORE_OK)
		return false;
	r->auth = 2;
	return true;
}

/*
 * The CSRF rules of docs/server.md for a state-changing route: a browser
 * (Origin or Sec-Fetch-Site present) must be same-origin and, on routes
 * that act for a signed-in user, send the session's token.  Returns true
 * when the request may go on, else queues a 403.
 */
static bool csrf_ok(struct http_req *r)
{
	const char *origin = http_header(r, "Origin"), *site = http_header(r, "Sec-Fetch-Site");
	const char *host = http_header(r, "Host");
	if (origin && strcmp(origin, "null")) {
		const char *h = strstr(origin, "://");
		if (!host || !h || strcmp(h + 3, host)) {
			http_error(r, 403, "cross-origin request refused");
			return false;
		}
	} else if (origin) {
		http_error(r, 403, "cross-origin request refused");
		return false;
	}
	if (site && strcmp(site, "same-origin") && strcmp(site, "none")) {
		http_error(r, 403, "cross-site request refused");
		return false;
	}
	if (!(r->route->flags & ROUTE_CSRF) || (!origin && !site) || !http_user(r))
		return true;
	const char *token = http_header(r, "X-CSRF-Token");
	if (!token || !auth_equal(token, r->csrf)) {
		http_error(r, 403, "missing or wrong X-CSRF-Token header");
		return false;
	}
	return true;
}

/*
 * The write limits of docs/server.md "Rate limits", checked before the
 * handler runs: takes the route's cost from the signed-in user's bucket,
 * then from the client address's.  Returns true when the request may go
 * on, else queues a 429 with Retry-After naming the bucket that refused
 * (having taken nothing from either).
 */
static bool writes_ok(struct http_req *r)
{
	struct srv *s = r->srv;
	int flags = r->route->flags;
	int cost = flags & ROUTE_HASH ? RATE_COST_HASH : flags & ROUTE_IMPORT ? RATE_COST_LARGE : 1;
	int64_t now = srv_now_ms(), wait = 0;
	char ukey[32], akey[64];
	int ulen = 0;
	const char *who = "too many requests from your account";
	if (http_user(r)) {
		ulen = snprintf(ukey, sizeof ukey, "u%lld", (long long)r->user.id);
		wait = ratebucket_take(s->writes_by_user, ukey, (size_t)ulen, cost, now);
	}
	if (!wait) {
		http_client_key(r, akey, sizeof akey);
		wait = ratebucket_take(s->writes_by_addr, akey, strlen(akey), cost, now);
		who = "too many requests from your address";
		if (wait && ulen)
			ratebucket_refund(s->writes_by_user, ukey, (size_t)ulen, cost);
	}
	if (!wait)
		return true;
	http_too_many(r, wait, who);
	return false;
}

/* The content type of a static file, by its extension. */
static const char *mime_type(const char *path)
{
	static const char *const types[][2] = {
		{".html", "text/html; charset=utf-8"},
		{".js", "text/javascript; charset=utf-8"},
		{".css", "text/css; charset=utf-8"},
		{".svg", "image/svg+xml"},
		{".png", "image/png"},
		{".ico", "image/x-icon"},
		{".json", "application/json"},
		{".map", "application/json"},
		{".woff2", "font/woff2"},
		{".wasm", "application/wasm"},
		{".txt", "text/plain; charset=utf-8"},
	};
	const char *dot = strrchr(path, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(dot, types[i][0]))
			return types[i][1];
	return "application/octet-stream";
}

/*
 * Serves a file of the browser board.  Paths with ".." or other odd
 * characters are refused; "/" and unknown paths without an extension
 * (the single-page app's routes) give index.html.
 */
static int serve_static(struct http_req *r)
{
	const char *url = r->url;
	if (strcmp(r->method, "GET") && strcmp(r->method, "HEAD"))
		return http_error(r, 405, "only GET here");
	if (strstr(url, "..") ||
	    strspn(url, "/ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.") != strlen(url))
		return http_error(r, 404, "no such file");
	const char *last = strrchr(url, '/');
	bool spa = !strcmp(url, "/") || !strchr(last ? last : url, '.');
	char path[1024];
	int n = snprintf(path, sizeof path, "%s%s", r->srv->opts->web, spa ? "/index.html" : url);
	if (n < 0 || (size_t)n >= sizeof path)
		return http_error(r, 404, "no such file");
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		if (spa)
			return http_error(r, 404, "the browser board is not built (make web): %s is missing", path);
		return http_error(r, 404, "no such file");
	}
	struct MHD_Response *resp = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
	if (!resp) {
		close(fd);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", mime_type(path));
	MHD_add_response_header(resp, "Cache-Control", spa ? "no-cache" : "max-age=300");
	return http_queue(r, 200, resp);
}

/* Routes a complete request. */
static int dispatch(struct http_req *r, const char *arg)
{
	if (strncmp(r->url, "/api/", 5) && strcmp(r->url, "/api"))
		return serve_static(r);
	if (!r->route) {
		char tmp[ARG_MAX];
		bool known;
		route_find(r->method, r->url, tmp, &known);
		if (known) { /* Allow: the methods of every route of this path */
			char allow[32] = "";
			for (int i = 0; i < ROUTE_NB; i++) {
				size_t n = strlen(allow);
				if (route_match(routes[i].pattern, r->url, tmp) && !strstr(allow, routes[i].method))
					snprintf(allow + n, sizeof allow - n, "%s%s", n ? ", " : "", routes[i].method);
			}
			http_add_header(r, "Allow", allow);
			return http_error(r, 405, "method %s not allowed here", r->method);
		}
		return http_error(r, 404, "no such API path: %s", r->url);
	}
	if (r->too_large)
		return http_error(r, 413, "the request body is larger than %zu bytes", r->limit);
	if ((r->route->flags & ROUTE_ORIGIN) && !csrf_ok(r))
		return MHD_YES;
	if ((r->route->flags & ROUTE_WRITE) && !writes_ok(r))
		return MHD_YES;
	if (atomic_load(&r->srv->stopping))
		return http_error(r, 503, "the server is shutting down");
	/* Game ids and user names are ASCII: other bytes name nothing (and PostgreSQL refuses non-UTF-8). */
	if (strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(arg))
		return http_error(r, 404, "no such game or user");
	return r->route->fn(r, arg[0] ? arg : NULL);
}

/* Appends an upload chunk to the body, or marks the body too large. */
static void take_body(struct http_req *r, const char *data, size_t size)
{
	if (r->too_large)
		return;
	if (r->len + size > r->limit) {
		r->too_large = true;
		free(r->body);
		r->body = NULL;
		r->len = r->cap = 0;
		return;
	}
	if (r->len + size + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : 1024;
		while (cap < r->len + size + 1)
			cap *= 2;
		char *b = realloc(r->body, cap);
		if (!b) {
			r->too_large = true;
			return;
		}
		r->body = b;
		r->cap = cap;
	}
	memcpy(r->body + r->len, data, size);
	r->len += size;
	r->body[r->len] = '\0';
}

/*
 * The HTTP layer's state: the daemon, the pool of handler threads and its
 * bounded queue of jobs, the open connections (their phase, for the
 * deadlines, and their address, for the caps) and the reaper.
 */
/* A connection waits for its first request's headers (--header-timeout), a kept connection for its
 * next request (--idle-timeout in all: it may be idle that long, as browsers keep it), a body
 * (--body-timeout), or is being answered (no deadline). */
enum phase { PHASE_HEADERS, PHASE_KEPT, PHASE_BODY, PHASE_BUSY };

/* One open connection (libmicrohttpd's socket context), in the list of `struct http`. */
struct conn {
	struct conn *prev, *next;
	int fd;
	char addr[ADDR_TEXT_MAX];
	bool proxy;       /* from a proxy address: exempt from the per-address cap */
	enum phase phase; /* waiting for headers, for the body, or answering (no deadline) */
	int64_t since;    /* when the phase began (ms, srv_now_ms) */
	bool cut;         /* the reaper shut its socket down */
};

/* The connections and streams of one client address. */
struct addr_count {
	char addr[ADDR_TEXT_MAX];
	int conns, streams;
	/*
	 * Connections the accept policy let in that have not started yet
	 * (on_accept, on_connection): counted against the cap, so that two
	 * I/O threads accepting at once cannot both take the last place.
	 * One libmicrohttpd drops after its policy never starts; the reaper
	 * forgets those after PENDING_MS.
	 */
	int pending;
	int64_t pending_ms; /* when the last was let in */
	struct addr_count *next;
};

enum { ADDR_BUCKETS = 1024, REAP_MS = 1000, PENDING_MS = 5000 };

struct http {
	struct srv *srv;
	struct MHD_Daemon *d;
	int max_conns, max_streams; /* the effective ceilings (the file limit may lower them) */
	/* `mu` guards the connections, the address table and the stream count. */
	pthread_mutex_t mu;
	struct conn conns; /* the list's head */
	struct addr_count *addrs[ADDR_BUCKETS];
	int streams;
	/* The handler pool: `pmu` guards the queue, `busy`, `pstop`. */
	pthread_mutex_t pmu;
	pthread_cond_t pcv, pidle;
	struct http_req **q;
	int qcap, qhead, qn, busy;
	bool pstop;
	pthread_t *thr;
	int nthr;
	/* The reaper; it stops when `rstop` is set (under `mu`). */
	pthread_t reaper;
	pthread_cond_t rcv;
	bool rstop, reaper_on;
};

static unsigned addr_bucket(const char *a)
{
	unsigned x = 2166136261u;
	for (; *a; a++)
		x = (x ^ (unsigned char)*a) * 16777619u;
	return x % ADDR_BUCKETS;
}

/* The counts of `addr` (created with `create`), NULL when none; `mu` is held. */
static struct addr_count *addr_get(struct http *h, const char *addr, bool create)
{
	struct addr_count **pp = &h->addrs[addr_bucket(addr)];
	for (struct addr_count *a = *pp; a; a = a->next)
		if (!strcmp(a->addr, addr))
			return a;
	struct addr_count *a = create ? calloc(1, sizeof *a) : NULL;
	if (a) {
		snprintf(a->addr, sizeof a->addr, "%s", addr);
		a->next = *pp;
		*pp = a;
	}
	return a;
}

/* Frees the counts of `a` when nothing counts on them any more; `mu` is held. */
static void addr_put(struct http *h, struct addr_count *a)
{
	if (!a || a->conns > 0 || a->streams > 0 || a->pending > 0)
		return;
	for (struct addr_count **pp = &h->addrs[addr_bucket(a->addr)]; *pp; pp = &(*pp)->next)
		if (*pp == a) {
			*pp = a->next;
			free(a);
			return;
		}
}

bool http_stream_admit(struct http_req *r, char *addr, size_t size)
{
	struct http *h = r->http;
	const struct gy_server_opts *o = r->srv->opts;
	http_client_addr(r, addr, size);
	pthread_mutex_lock(&h->mu);
	struct addr_count *a = addr_get(h, addr, true);
	bool all = h->streams >= h->max_streams, mine = a && a->streams >= o->streams_per_addr;
	if (a && !all && !mine) {
		a->streams++;
		h->streams++;
	} else {
		addr_put(h, a);
	}
	pthread_mutex_unlock(&h->mu);
	if (a && !all && !mine)
		return true;
	http_add_header(r, "Retry-After", "10");
	if (mine)
		http_error(r, 429, "too many event streams from your address (at most %d): close some and try again",
			   o->streams_per_addr);
	else
		http_error(r, 429, "the server holds as many event streams as it may (%d): try again later",
			   h->max_streams);
	return false;
}

void http_stream_release(struct http *h, const char *addr)
{
	pthread_mutex_lock(&h->mu);
	struct addr_count *a = addr_get(h, addr, false);
	if (a) {
		a->streams--;
		h->streams--;
		addr_put(h, a);
	}
	pthread_mutex_unlock(&h->mu);
}

/* Moves the connection of `r` to `phase`, from now. */
static void conn_phase(struct http_req *r, enum phase phase)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct conn *c = ci ? ci->socket_context : NULL;
	if (!c)
		return;
	pthread_mutex_lock(&r->http->mu);
	c->phase = phase;
	c->since = srv_now_ms();
	pthread_mutex_unlock(&r->http->mu);
}

/* libmicrohttpd's accept policy: refuses an address at its cap of connections (proxies exempt). */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *sa, socklen_t len)
{
	(void)len;
	struct http *h = cls;
	if (addr_is_proxy(h->srv, sa))
		return MHD_YES;
	char addr[ADDR_TEXT_MAX];
	addr_text(sa, addr, sizeof addr);
	pthread_mutex_lock(&h->mu);
	struct addr_count *a = addr_get(h, addr, true);
	bool ok = !a || a->conns + a->pending < h->srv->opts->conns_per_addr;
	if (a && ok) {
		a->pending++;
		a->pending_ms = srv_now_ms();
	}
	pthread_mutex_unlock(&h->mu);
	return ok ? MHD_YES : MHD_NO;
}

/* libmicrohttpd's notice of a connection opened or closed: keeps `struct conn` and the address counts. */
static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			  enum MHD_ConnectionNotificationCode toe)
{
	struct http *h = cls;
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		struct conn *c = calloc(1, sizeof *c);
		*socket_context = c;
		if (!c)
			return;
		const union MHD_ConnectionInfo *fi = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		const union MHD_ConnectionInfo *ai = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		c->fd = fi ? fi->connect_fd : -1;
		addr_text(ai ? ai->client_addr : NULL, c->addr, sizeof c->addr);
		c->proxy = addr_is_proxy(h->srv, ai ? ai->client_addr : NULL);
		c->phase = PHASE_HEADERS;
		c->since = srv_now_ms();
		pthread_mutex_lock(&h->mu);
		c->next = h->conns.next;
		c->prev = &h->conns;
		c->next->prev = c;
		h->conns.next = c;
		struct addr_count *a = addr_get(h, c->addr, true);
		if (a) {
			a->conns++;
			if (a->pending > 0 && !c->proxy)
				a->pending--;
		}
		pthread_mutex_unlock(&h->mu);
		return;
	}
	struct conn *c = *socket_context;
	if (!c)
		return;
	pthread_mutex_lock(&h->mu);
	c->prev->next = c->next;
	c->next->prev = c->prev;
	struct addr_count *a = addr_get(h, c->addr, false);
	if (a) {
		a->conns--;
		addr_put(h, a);
	}
	pthread_mutex_unlock(&h->mu);
	free(c);
	*socket_context = NULL;
}

/*
 * The reaper: once a second, shuts down the sockets of connections past
 * their deadline (headers, body).  libmicrohttpd then sees the socket
 * fail and closes the connection itself; the fd is only touched under
 * `mu`, which the closing notice takes before libmicrohttpd closes it.
 */
static void *reaper_main(void *arg)
{
	struct http *h = arg;
	const struct gy_server_opts *o = h->srv->opts;
	pthread_mutex_lock(&h->mu);
	while (!h->rstop) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += REAP_MS / 1000;
		pthread_cond_timedwait(&h->rcv, &h->mu, &ts);
		int64_t now = srv_now_ms();
		for (struct conn *c = h->conns.next; c != &h->conns; c = c->next) {
			int64_t limit = c->phase == PHASE_HEADERS ? (int64_t)o->header_timeout_s * 1000
					: c->phase == PHASE_KEPT  ? (int64_t)o->idle_timeout_s * 1000
					: c->phase == PHASE_BODY  ? (int64_t)o->body_timeout_s * 1000
								  : -1;
			if (limit > 0 && !c->cut && c->fd >= 0 && now - c->since > limit) {
				shutdown(c->fd, SHUT_RDWR);
				c->cut = true;
			}
		}
		/* Places let in whose connection never started (libmicrohttpd dropped it after its policy). */
		for (int b = 0; b < ADDR_BUCKETS; b++)
			for (struct addr_count *a = h->addrs[b], *next; a; a = next) {
				next = a->next;
				if (a->pending > 0 && now - a->pending_ms > PENDING_MS) {
					a->pending = 0;
					addr_put(h, a);
				}
			}
	}
	pthread_mutex_unlock(&h->mu);
	return NULL;
}

/* A handler thread: runs the queued requests' routes, then resumes their connections. */
static void *handler_main(void *arg)
{
	struct http *h = arg;
	pthread_mutex_lock(&h->pmu);
	for (;;) {
		while (!h->qn && !h->pstop)
			pthread_cond_wait(&h->pcv, &h->pmu);
		if (!h->qn)
			break;
		struct http_req *r = h->q[h->qhead];
		h->qhead = (h->qhead + 1) % h->qcap;
		h->qn--;
		h->busy++;
		pthread_mutex_unlock(&h->pmu);
		r->ret = dispatch(r, r->arg);
		MHD_resume_connection(r->conn);
		pthread_mutex_lock(&h->pmu);
		if (--h->busy == 0 && !h->qn)
			pthread_cond_broadcast(&h->pidle);
	}
	pthread_mutex_unlock(&h->pmu);
	return NULL;
}

/*
 * Hands request `r` to the handler pool: suspends its connection and
 * queues it.  False when the queue is full or the pool stopped (nothing
 * is suspended then).
 */
static bool defer(struct http_req *r)
{
	struct http *h = r->http;
	pthread_mutex_lock(&h->pmu);
	bool ok = !h->pstop && h->qn < h->qcap;
	if (ok) {
		r->deferred = true;
		MHD_suspend_connection(r->conn);
		h->q[(h->qhead + h->qn++) % h->qcap] = r;
		pthread_cond_signal(&h->pcv);
	}
	pthread_mutex_unlock(&h->pmu);
	return ok;
}

/*
 * The access handler, on an I/O thread: called for the headers, for each
 * body chunk, then once more, when the request is complete; a request
 * handed to the pool is called once again after its connection resumes,
 * and queues the response its handler made.
 */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	(void)version;
	struct http *h = cls;
	struct http_req *r = *con_cls;
	bool known;
	if (!r) {
		r = calloc(1, sizeof *r);
		if (!r)
			return MHD_NO;
		*con_cls = r;
		r->srv = h->srv;
		r->http = h;
		r->conn = conn;
		r->method = method;
		r->url = url;
		r->route = route_find(method, url, r->arg, &known);
		r->limit = r->route && (r->route->flags & ROUTE_IMPORT) ? HTTP_IMPORT_MAX : HTTP_BODY_MAX;
		conn_phase(r, PHASE_BODY);
		const char *cl = http_header(r, "Content-Length");
		if (cl) {
			char *end;
			errno = 0;
			unsigned long long n = strtoull(cl, &end, 10);
			if (errno || *end || n > r->limit) {
				r->too_large = true;
				return http_error(r, 413, "the request body is larger than %zu bytes", r->limit);
			}
		}
		return MHD_YES;
	}
	if (*upload_size) {
		take_body(r, upload, *upload_size);
		*upload_size = 0;
		return MHD_YES;
	}
	if (r->deferred) { /* back from the pool */
		struct MHD_Response *resp = r->resp;
		r->resp = NULL;
		r->deferred = false;
		if (!resp)
			return MHD_NO;
		enum MHD_Result ret = MHD_queue_response(conn, r->status, resp);
		MHD_destroy_response(resp);
		return r->ret == MHD_NO ? MHD_NO : ret;
	}
	if (r->queued)
		return MHD_YES;
	conn_phase(r, PHASE_BUSY);
	route_find(method, url, r->arg, &known);
	r->url = url;
	/* The API's routes may wait on the store: a handler thread runs them. */
	if (r->route && !r->too_large) {
		if (defer(r))
			return MHD_YES;
		return http_error(r, 503, "the server is busy: try again");
	}
	return dispatch(r, r->arg);
}

/* Frees a request when the daemon is done with it; the connection, kept, waits for its next request. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	(void)toe;
	struct http_req *r = *con_cls;
	if (!r)
		return;
	conn_phase(r, PHASE_KEPT);
	(void)cls;
	(void)conn;
	for (int i = 0; i < r->nheaders; i++) {
		free(r->headers[i][0]);
		free(r->headers[i][1]);
	}
	if (r->resp)
		MHD_destroy_response(r->resp);
	free(r->body);
	free(r);
	*con_cls = NULL;
}

/*
 * The most connections the process's file limit allows: raises the soft
 * limit to the hard one, and keeps FD_RESERVE descriptors for the store,
 * the static files and libmicrohttpd's own.
 */
static int fd_ceiling(void)
{
	enum { FD_RESERVE = 128 };
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl))
		return INT_MAX;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > (rlim_t)INT_MAX)
		return INT_MAX;
	return (int)rl.rlim_cur > FD_RESERVE * 2 ? (int)rl.rlim_cur - FD_RESERVE : (int)rl.rlim_cur / 2;
}

/* The ceilings of connections and streams, lowered to fit the file limit (said on stderr). */
static void set_ceilings(struct http *h, const struct gy_server_opts *o)
{
	h->max_conns = o->max_connections;
	h->max_streams = o->max_streams;
	int fit = fd_ceiling();
	if (h->max_conns > fit) {
		/* The streams keep their share, so room is left for visitors' pages. */
		h->max_streams = (int)((long long)o->max_streams * fit / o->max_connections);
		h->max_conns = fit;
		fprintf(stderr,
			"gyoku serve: the file limit allows %d connections: --max-connections %d lowered to %d, "
			"--max-streams %d to %d\n",
			fit, o->max_connections, h->max_conns, o->max_streams, h->max_streams);
	}
	if (h->max_streams >= h->max_conns)
		h->max_streams = h->max_conns > 1 ? h->max_conns - 1 : 1;
}

static void pool_stop(struct http *h)
{
	pthread_mutex_lock(&h->pmu);
	h->pstop = true;
	pthread_cond_broadcast(&h->pcv);
	pthread_mutex_unlock(&h->pmu);
	for (int i = 0; i < h->nthr; i++)
		pthread_join(h->thr[i], NULL);
	h->nthr = 0;
}

void http_stop(struct http *h)
{
	if (!h)
		return;
	/* The pool finishes the jobs queued (each resumes its connection) before the daemon stops:
	 * libmicrohttpd must not stop with a connection suspended. */
	pool_stop(h);
	if (h->reaper_on) {
		pthread_mutex_lock(&h->mu);
		h->rstop = true;
		pthread_cond_broadcast(&h->rcv);
		pthread_mutex_unlock(&h->mu);
		pthread_join(h->reaper, NULL);
	}
	if (h->d)
		MHD_stop_daemon(h->d);
	for (int b = 0; b < ADDR_BUCKETS; b++)
		while (h->addrs[b]) {
			struct addr_count *a = h->addrs[b];
			h->addrs[b] = a->next;
			free(a);
		}
	free(h->thr);
	free(h->q);
	pthread_cond_destroy(&h->rcv);
	pthread_cond_destroy(&h->pcv);
	pthread_cond_destroy(&h->pidle);
	pthread_mutex_destroy(&h->pmu);
	pthread_mutex_destroy(&h->mu);
	free(h);
}

struct http *http_start(struct srv *s, int *port)
{
	const struct gy_server_opts *o = s->opts;
	struct sockaddr_in a4 = {.sin_family = AF_INET, .sin_port = htons((uint16_t)o->port)};
	struct sockaddr_in6 a6 = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)o->port)};
	const struct sockaddr *addr;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
	if (inet_pton(AF_INET, o->bind, &a4.sin_addr) == 1) {
		addr = (const struct sockaddr *)&a4;
	} else if (inet_pton(AF_INET6, o->bind, &a6.sin6_addr) == 1) {
		addr = (const struct sockaddr *)&a6;
		flags |= MHD_USE_IPv6;
	} else {
		fprintf(stderr, "gyoku serve: --bind %s is not an IPv4 or IPv6 address\n", o->bind);
		return NULL;
	}
	struct http *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->srv = s;
	pthread_mutex_init(&h->mu, NULL);
	pthread_mutex_init(&h->pmu, NULL);
	pthread_cond_init(&h->pcv, NULL);
	pthread_cond_init(&h->pidle, NULL);
	pthread_cond_init(&h->rcv, NULL);
	h->conns.next = h->conns.prev = &h->conns;
	set_ceilings(h, o);
	int nthr = o->handler_threads > 0 ? o->handler_threads : 1;
	h->qcap = nthr * HTTP_QUEUE_PER_THREAD;
	h->q = calloc((size_t)h->qcap, sizeof *h->q);
	h->thr = calloc((size_t)nthr, sizeof *h->thr);
	if (!h->q || !h->thr)
		goto fail;
	for (; h->nthr < nthr; h->nthr++)
		if (pthread_create(&h->thr[h->nthr], NULL, handler_main, h))
			goto fail;
	if (pthread_create(&h->reaper, NULL, reaper_main, h))
		goto fail;
	h->reaper_on = true;
	h->d = MHD_start_daemon(flags, (uint16_t)o->port, on_accept, h, on_request, h, MHD_OPTION_SOCK_ADDR, addr,
				MHD_OPTION_NOTIFY_COMPLETED, on_completed, h, MHD_OPTION_NOTIFY_CONNECTION,
				on_connection, h, MHD_OPTION_THREAD_POOL_SIZE,
				(unsigned)(o->io_threads > 0 ? o->io_threads : 1), MHD_OPTION_CONNECTION_TIMEOUT,
				(unsigned)o->idle_timeout_s, MHD_OPTION_CONNECTION_LIMIT, (unsigned)h->max_conns,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)HTTP_CONN_MEMORY,
				MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1, MHD_OPTION_END);
	if (!h->d) {
		fprintf(stderr, "gyoku serve: cannot listen on %s port %d: %s\n", o->bind, o->port,
			errno ? strerror(errno) : "the address is in use or not ours");
		goto fail;
	}
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
	*port = di ? di->port : o->port;
	return h;
fail:
	http_stop(h);
	return NULL;
}
