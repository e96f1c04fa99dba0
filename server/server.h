/*
 * server/server.h: the context every part of the server shares (the
 * entry point, gy_server_run, and its options are in gyoku/server.h).
 *
 * The context (struct srv) is built once by gy_server_run and handed to the
 * HTTP handlers, the event streams, the computer's workers and the timer;
 * everything in it is either immutable after start-up, has its own lock,
 * or (the listeners) is published atomically.
 */
#ifndef SERVER_SERVER_H
#define SERVER_SERVER_H

#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "games.h"
#include "gyoku/server.h"

/* The server's version, as GET /api/health reports it. */
#define SERVER_VERSION "0.1.0"

struct store;
struct hub;
struct bots;
struct timer;
struct ratelimit;
struct ratebucket;
struct puzzles;
struct addrset;

/* The shared state of a running server. */
struct srv {
	const struct gy_server_opts *opts;
	struct store *store;
	struct hub *hub;
	struct bots *bots;
	struct timer *timer;
	struct ratelimit *login_by_pair, *login_by_addr;
	struct ratelimit *chat_limit;     /* chat messages per user (chat.h) */
	struct ratelimit *puzzle_limit;   /* puzzle moves and solutions per user or address (puzzles.h) */
	struct puzzles *puzzles;          /* the tsume puzzles (puzzles.h) */
	struct addrset *proxies;          /* the reverse proxies trusted with --trust-proxy (addr.h); NULL: none */
	struct games_listeners listeners; /* told of every change to a game (games_listen) */
	sem_t hashing;                    /* argon2 runs at most this many at once (19 MiB each) */
	pthread_mutex_t rematch;          /* one rematch offered at a time (games_rematch: look, then make) */
	atomic_bool stopping;

	/* The write limits per user and per client address (http.c, docs/server.md "Rate limits"). */
	struct ratebucket *writes_by_user, *writes_by_addr;
};

/* The time now, in milliseconds since the Unix epoch (the server's only clock). */
int64_t srv_now_ms(void);

#endif
