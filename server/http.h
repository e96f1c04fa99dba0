/*
 * server/http.h: the HTTP layer over libmicrohttpd: one struct per
 * request (its body read and bounded, the signed-in user found on
 * demand), the routing of /api/... to the handlers of api.h and sse.h,
 * the static files of the browser board, and the responses (JSON, errors
 * as {"error": ...}, text, cookies).
 *
 * libmicrohttpd runs a few I/O threads (epoll) that must never block:
 * they read requests and write responses, and serve the static files.
 * A complete API request is handed to a pool of handler threads (its
 * connection suspended meanwhile), which may wait on the store; the
 * response its handler makes is kept in the request and queued by the
 * I/O thread once the connection resumes.  Event streams (sse.h) are
 * suspended connections too, resumed when their game changes.  The
 * limits (connections per address, the ceilings, the header and body
 * deadlines) are enforced here: docs/server.md "Concurrency and limits".
 * A handler returns the value of the http_* function that queued its
 * response.
 */
#ifndef SERVER_HTTP_H
#define SERVER_HTTP_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "auth.h"
#include "store.h"

struct srv;
struct MHD_Connection;
struct MHD_Daemon;
struct MHD_Response;
struct route;

enum {
	HTTP_BODY_MAX = 16 << 10,  /* a request body */
	HTTP_IMPORT_MAX = 1 << 20, /* the body of POST /api/import */
	HTTP_HEADERS_MAX = 4,      /* extra response headers per request */
	HTTP_ARG_MAX = 64,         /* the path segment a route's "*" matches, NUL included */
	/* The bounded job queue of the handler pool: this many requests per thread wait at most (then 503). */
	HTTP_QUEUE_PER_THREAD = 128,
	/*
	 * libmicrohttpd's memory per connection (MHD_OPTION_CONNECTION_MEMORY_LIMIT): the request
	 * line and headers must fit (a larger request is answered 431 or 414), and the response
	 * headers; bodies are read in pieces.  docs/server.md "Concurrency and limits".
	 */
	HTTP_CONN_MEMORY = 16 << 10
};

struct http;

/* One request in flight. */
struct http_req {
	struct srv *srv;
	struct http *http;
	struct MHD_Connection *conn;
	const char *method, *url;
	const struct route *route;
	char *body; /* NUL-terminated once complete */
	size_t len, cap, limit;
	bool too_large, queued;
	/* Set by http_user: 0 not looked up yet, 1 nobody signed in, 2 `user` is signed in. */
	int auth;
	struct store_user user;
	char csrf[STORE_TOKEN_MAX]; /* store_session_get writes STORE_TOKEN_MAX bytes */
	char session_hash[AUTH_HEX_MAX];
	/* Headers to add to the response (Set-Cookie, Retry-After). */
	int nheaders;
	char *headers[HTTP_HEADERS_MAX][2];
	/* The handler pool: `deferred` while a handler thread has it (http_queue then keeps the response). */
	char arg[HTTP_ARG_MAX];
	bool deferred;
	struct MHD_Response *resp;
	unsigned status;
	int ret;
};

/*
 * Starts the HTTP layer of `s` (options in s->opts): the handler pool, the
 * reaper of connections past their deadline, and the daemon; NULL with a
 * message on stderr when it cannot listen.
 */
struct http *http_start(struct srv *s, int *port);

/*
 * Stops it: the handler pool finishes the requests queued, then the daemon
 * stops.  Every event stream must have been resumed first (hub_shutdown).
 */
void http_stop(struct http *h);

/*
 * Counts a new event stream of the client of `r` (its address written to
 * `addr`, `size` bytes, for http_stream_release); false after queuing a
 * 429 with Retry-After when the client or the server holds as many
 * streams as it may (--streams-per-addr, --max-streams).
 */
bool http_stream_admit(struct http_req *r, char *addr, size_t size);

/* An event stream of `addr` ended. */
void http_stream_release(struct http *h, const char *addr);

/* Queues a response made by the caller (the event streams), with the security headers; drops the caller's reference. */
int http_queue(struct http_req *r, unsigned status, struct MHD_Response *resp);

/* Queues `body` (taken: it is freed here) as JSON with `status`. */
int http_json(struct http_req *r, unsigned status, json_t *body);

/* Queues {"error": message} with `status`; the message is printf-formatted. */
int http_error(struct http_req *r, unsigned status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Queues `len` bytes of `text` with a content type, as an attachment named `filename` when not NULL. */
int http_text(struct http_req *r, unsigned status, const char *type, const char *text, size_t len,
	      const char *filename);

/*
 * Queues the 429 of a rate limit: `Retry-After` the whole seconds of
 * `wait_ms` (rounded up) and {"error": "WHAT: try again in N s"}.
 */
int http_too_many(struct http_req *r, int64_t wait_ms, const char *what);

/* Adds a header to the response this request will queue (copied). */
void http_add_header(struct http_req *r, const char *name, const char *value);

/* A request header, a query argument or a cookie: NULL when absent. */
const char *http_header(struct http_req *r, const char *name);
const char *http_query(struct http_req *r, const char *name);

/* The client's address as text ("127.0.0.1"), into `buf` of `size` bytes: behind a trusted proxy the
 * address its header names (addr.h). */
void http_client_addr(struct http_req *r, char *buf, size_t size);

/*
 * The client's key for the per-address rate limits (ratelimit.h): its
 * address as http_client_addr gives it, an IPv6 address by its /64.
 */
void http_client_key(struct http_req *r, char *buf, size_t size);

/*
 * The body as a JSON object; NULL after queuing a 400 (not JSON, not an
 * object: the message gives line and column).
 */
json_t *http_body_object(struct http_req *r);

/* True when a user is signed in (r->user, r->csrf are then set). */
bool http_user(struct http_req *r);

#endif
