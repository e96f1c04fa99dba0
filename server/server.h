/*
 * server/server.h: `gyoku serve`: the options, the context every part of
 * the server shares, and the entry point.
 *
 * The context (struct srv) is built once by server_run and handed to the
 * HTTP handlers, the event streams, the computer's workers and the timer;
 * everything in it is either immutable after start-up, has its own lock,
 * or (the listeners) is published atomically.
 */
#ifndef SERVER_SERVER_H
#define SERVER_SERVER_H

#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "games.h"

/* The server's version, as GET /api/health reports it. */
#define SERVER_VERSION "0.1.0"

struct store;
struct hub;
struct bots;
struct timer;
struct ratelimit;

/* What `gyoku serve` was asked for. */
struct server_opts {
	const char *bind;      /* address to listen on ("127.0.0.1"; "0.0.0.0" for every interface) */
	int port;              /* 8080; 0 picks a free port (printed at start) */
	const char *db;        /* SQLite file or postgresql:// URL */
	const char *web;       /* the built browser board (web/dist) */
	int workers;           /* the computer's worker threads */
	bool secure_cookies;   /* mark cookies Secure (when served behind HTTPS) */
	const char *port_file; /* when set, the port is written there once listening (for tests) */
};

/* The shared state of a running server. */
struct srv {
	const struct server_opts *opts;
	struct store *store;
	struct hub *hub;
	struct bots *bots;
	struct timer *timer;
	struct ratelimit *login_by_name, *login_by_addr;
	struct games_listeners listeners; /* told of every change to a game (games_listen) */
	sem_t hashing;                    /* argon2 runs at most this many at once (19 MiB each) */
	atomic_bool stopping;
};

/* The time now, in milliseconds since the Unix epoch (the server's only clock). */
int64_t srv_now_ms(void);

/*
 * Runs the server until SIGINT or SIGTERM: opens the store, starts the
 * workers, the timer and the HTTP daemon, then shuts them down in order.
 * Returns the process exit status (0, or 1 with a message on stderr).
 */
int server_run(const struct server_opts *o);

#endif
