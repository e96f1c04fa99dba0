/*
 * server/http.c: libmicrohttpd glue, the router and the static files.
 *
 * Invariants: a struct http_req lives from the first call of the access
 * handler for a request to the daemon's "completed" notification; its
 * body never grows beyond its route's limit (a larger body is read and
 * dropped, then answered 413); at most one response is queued per
 * request (`queued`).  Every response carries the security headers of
 * add_security_headers.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
enum { ROUTE_NB = sizeof routes / sizeof routes[0], ARG_MAX = 64 };

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
	r->queued = true;
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

/* The access handler: called for the headers, for each body chunk, then once more. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	(void)version;
	struct http_req *r = *con_cls;
	char arg[ARG_MAX] = "";
	bool known;
	if (!r) {
		r = calloc(1, sizeof *r);
		if (!r)
			return MHD_NO;
		*con_cls = r;
		r->srv = cls;
		r->conn = conn;
		r->method = method;
		r->url = url;
		r->route = route_find(method, url, arg, &known);
		r->limit = r->route && (r->route->flags & ROUTE_IMPORT) ? HTTP_IMPORT_MAX : HTTP_BODY_MAX;
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
	if (r->queued)
		return MHD_YES;
	route_find(method, url, arg, &known);
	r->url = url;
	return dispatch(r, arg);
}

/* Frees a request when the daemon is done with it. */
static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	(void)cls;
	(void)conn;
	(void)toe;
	struct http_req *r = *con_cls;
	if (!r)
		return;
	for (int i = 0; i < r->nheaders; i++) {
		free(r->headers[i][0]);
		free(r->headers[i][1]);
	}
	free(r->body);
	free(r);
	*con_cls = NULL;
}

struct MHD_Daemon *http_start(struct srv *s, int *port)
{
	const struct gy_server_opts *o = s->opts;
	struct sockaddr_in a4 = {.sin_family = AF_INET, .sin_port = htons((uint16_t)o->port)};
	struct sockaddr_in6 a6 = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)o->port)};
	const struct sockaddr *addr;
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL;
	if (inet_pton(AF_INET, o->bind, &a4.sin_addr) == 1) {
		addr = (const struct sockaddr *)&a4;
	} else if (inet_pton(AF_INET6, o->bind, &a6.sin6_addr) == 1) {
		addr = (const struct sockaddr *)&a6;
		flags |= MHD_USE_IPv6;
	} else {
		fprintf(stderr, "gyoku serve: --bind %s is not an IPv4 or IPv6 address\n", o->bind);
		return NULL;
	}
	struct MHD_Daemon *d =
		MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, on_request, s, MHD_OPTION_SOCK_ADDR, addr,
				 MHD_OPTION_NOTIFY_COMPLETED, on_completed, s, MHD_OPTION_CONNECTION_TIMEOUT,
				 (unsigned)120, MHD_OPTION_CONNECTION_LIMIT, (unsigned)4000,
				 MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)0, MHD_OPTION_THREAD_STACK_SIZE,
				 (size_t)(256 << 10), MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1, MHD_OPTION_END);
	if (!d) {
		fprintf(stderr, "gyoku serve: cannot listen on %s port %d: %s\n", o->bind, o->port,
			errno ? strerror(errno) : "the address is in use or not ours");
		return NULL;
	}
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	*port = di ? di->port : o->port;
	return d;
}

void http_stop(struct MHD_Daemon *d)
{
	if (d)
		MHD_stop_daemon(d);
}
