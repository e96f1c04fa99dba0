/*
 * server/http.h: the HTTP layer over libmicrohttpd: one struct per
 * request (its body read and bounded, the signed-in user found on
 * demand), the routing of /api/... to the handlers of api.h and sse.h,
 * the static files of the browser board, and the responses (JSON, errors
 * as {"error": ...}, text, cookies).
 *
 * The daemon runs a thread per connection, so a handler may block (on
 * the store, or an event stream waiting for news) without holding up
 * other connections.  A handler returns the value of the http_* function
 * that queued its response.
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
	HTTP_HEADERS_MAX = 4       /* extra response headers per request */
};

/* One request in flight. */
struct http_req {
	struct srv *srv;
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
};

/* Starts the daemon of `s` (options in s->opts); NULL with a message on stderr when it cannot listen. */
struct MHD_Daemon *http_start(struct srv *s, int *port);

/* Stops the daemon, waiting for its connection threads. */
void http_stop(struct MHD_Daemon *d);

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
