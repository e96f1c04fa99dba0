/*
 * gyoku/server.h: the web game server (libgyoku_server.a, docs/server.md)
 * as one entry point, for `gyoku serve`: accounts, live and
 * correspondence games, the computer, spectators' event streams and the
 * browser board's files, over HTTP, kept in SQLite or PostgreSQL.
 *
 * Unlike the rest of the library, the server is a whole program in a
 * call: it takes the process's signals and writes its start and stop on
 * standard output and its errors on standard error.
 */
#ifndef GYOKU_SERVER_H
#define GYOKU_SERVER_H

#include <stdbool.h>

/* What `gyoku serve` was asked for; the strings are the caller's and must outlive gy_server_run. */
struct gy_server_opts {
	const char *bind;      /* address to listen on ("127.0.0.1"; "0.0.0.0" for every interface) */
	int port;              /* 8080; 0 picks a free port (printed at start) */
	const char *db;        /* SQLite file or postgresql:// URL */
	const char *web;       /* the built browser board (web/dist) */
	int workers;           /* the computer's worker threads (1 or more) */
	bool secure_cookies;   /* mark cookies Secure (when served behind HTTPS) */
	const char *port_file; /* when set, the port is written there once listening (for tests) */
	const char *puzzles;   /* the tsume puzzle files' directory (data/puzzles; missing: no puzzles) */
	/* Under load and under attack (docs/server.md "Limits"); gyoku serve's defaults in app/serve_cmd.c. */
	int io_threads;          /* libmicrohttpd's epoll threads */
	int handler_threads;     /* the threads that run the API's handlers (they may wait on the store) */
	int max_connections;     /* open connections in all (capped below the process's file limit) */
	int max_streams;         /* open event streams in all: fewer than max_connections, room for visitors */
	int conns_per_addr;      /* open connections from one client address */
	int streams_per_addr;    /* open event streams from one client address */
	int header_timeout_s;    /* a request's headers must arrive within this, from the connection's start or
				   the previous answer */
	int body_timeout_s;      /* and its body within this after its headers */
	int idle_timeout_s;      /* a connection silent this long is closed (event streams are never silent) */
	const char *trust_proxy; /* the request header naming the client's address ("X-Forwarded-For"), read
				    only on connections from proxy_addrs; NULL: the socket's address */
	const char *proxy_addrs; /* the reverse proxies' addresses, comma-separated ("127.0.0.1,::1") */
	int writes_per_min;      /* write requests (moves excepted) per user and per minute */
	int addr_writes_per_min; /* write requests (moves excepted) per client address and per minute */
};

/*
 * Runs the server until SIGINT or SIGTERM: opens the store, starts the
 * computer's workers, the timer and the HTTP daemon, prints "gyoku serve:
 * listening on http://ADDRESS:PORT/ ...", waits for the signal, then
 * shuts them down in order, each part finishing the work in hand (a move
 * being committed is committed).  Returns the process exit status: 0
 * after a signal, 1 when the server could not start (the reason on
 * standard error).  Call it once, from the main thread, before any other
 * thread starts: it blocks SIGINT and SIGTERM in the calling thread (and
 * so in every thread it starts), takes them with sigwait, and ignores
 * SIGPIPE.  It calls gy_init() itself.
 */
int gy_server_run(const struct gy_server_opts *o);

#endif
