/*
 * server/server.c: `gyoku serve` from start to stop: the store, the
 * hub of event streams, the timer, the computer's workers (each added to
 * the game service's listeners), the HTTP daemon; then, on SIGINT or
 * SIGTERM, the same in reverse, each part finishing its work in hand (a
 * move being committed is committed).
 *
 * Signals are blocked in every thread (the mask is set before any thread
 * starts) and taken by sigwait in the main thread alone.
 */
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "addr.h"
#include "bots.h"
#include "chat.h"
#include "gyoku/gyoku.h"
#include "http.h"
#include "puzzles.h"
#include "ratelimit.h"
#include "server.h"
#include "sse.h"
#include "store.h"
#include "timer.h"

int64_t srv_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Another instance changed game `id` (PostgreSQL NOTIFY): the listeners hear of it as a remote change. */
static void on_remote_change(void *ctx, const char *id) { games_remote_change(ctx, id); }

/* Writes the port to `path` (for scripts that started the server on port 0). */
static void write_port_file(const char *path, int port)
{
	FILE *f = fopen(path, "w");
	if (!f || fprintf(f, "%d\n", port) < 0 || fclose(f))
		fprintf(stderr, "gyoku serve: cannot write the port to %s\n", path);
}

int gy_server_run(const struct gy_server_opts *o)
{
	sigset_t sigs;
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	gy_init();
	/*
	 * Large blocks (argon2's 19 MiB) go straight to mmap and back to the
	 * system when freed, instead of staying in the heap of whichever
	 * thread hashed a password.
	 */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);

	struct srv s = {.opts = o};
	atomic_init(&s.stopping, false);
	atomic_init(&s.listeners.n, 0);
	sem_init(&s.hashing, 0, 2);
	pthread_mutex_init(&s.rematch, NULL);
	int status = 1, port = 0;
	char err[256] = "";
	struct http *d = NULL;
	if (store_open(&s.store, o->db, err, sizeof err)) {
		fprintf(stderr, "gyoku serve: cannot open the store %s: %s\n", o->db, err);
		return 1;
	}
	if (o->trust_proxy &&
	    (!*o->trust_proxy || !(s.proxies = addrset_parse(o->proxy_addrs ? o->proxy_addrs : "", err, sizeof err)))) {
		fprintf(stderr, "gyoku serve: --proxy-addr: %s\n",
			*o->trust_proxy ? err : "--trust-proxy needs a header name");
		store_close(s.store);
		return 1;
	}
	s.hub = hub_create(&s);
	s.login_by_pair = ratelimit_create(5, 5 * 60 * 1000);
	s.login_by_addr = ratelimit_create(20, 5 * 60 * 1000);
	s.chat_limit = ratelimit_create(CHAT_BURST, CHAT_WINDOW_MS);
	s.puzzle_limit = ratelimit_create(PUZZLE_LIMIT_BURST, PUZZLE_LIMIT_WINDOW_MS);
	s.writes_by_user = ratebucket_create(o->writes_per_min, o->writes_per_min);
	s.writes_by_addr = ratebucket_create(o->addr_writes_per_min, o->addr_writes_per_min);
	s.puzzles = puzzles_load(o->puzzles ? o->puzzles : "data/puzzles", stderr);
	if (!s.hub || !s.login_by_pair || !s.login_by_addr || !s.chat_limit || !s.puzzle_limit || !s.writes_by_user ||
	    !s.writes_by_addr || !s.puzzles)
		goto done;
	/*
	 * The game service's listeners, in the order they hear of a change:
	 * the event streams, the timer, the computer's workers.  Each is added
	 * as soon as it exists, before the next part starts, so a change made
	 * while the workers start (the timer ending a game on time) misses only
	 * the workers, which have nothing to do in an ended game.
	 */
	if (!games_listen(&s, hub_game_changed, s.hub) || !(s.timer = timer_start(&s)) ||
	    !games_listen(&s, timer_game_changed, s.timer) || !(s.bots = bots_start(&s, o->workers)) ||
	    !games_listen(&s, bots_game_changed, s.bots))
		goto done;
	if (store_listen(s.store, on_remote_change, &s)) {
		fprintf(stderr, "gyoku serve: cannot listen for other instances' changes\n");
		goto done;
	}
	if (!(d = http_start(&s, &port)))
		goto done;
	printf("gyoku serve: listening on http://%s:%d/ (store: %s %s, %d computer workers, %d puzzles)\n", o->bind,
	       port, store_kind(s.store), o->db, o->workers, puzzles_count(s.puzzles));
	fflush(stdout);
	if (o->port_file)
		write_port_file(o->port_file, port);
	int sig = 0;
	sigwait(&sigs, &sig);
	printf("gyoku serve: %s: stopping\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
	fflush(stdout);
	status = 0;
done:
	atomic_store(&s.stopping, true);
	if (s.hub)
		hub_shutdown(s.hub);
	http_stop(d);
	bots_stop(s.bots);
	timer_stop(s.timer);
	store_close(s.store);
	hub_destroy(s.hub);
	ratelimit_destroy(s.login_by_pair);
	ratelimit_destroy(s.login_by_addr);
	ratelimit_destroy(s.chat_limit);
	ratelimit_destroy(s.puzzle_limit);
	ratebucket_destroy(s.writes_by_user);
	ratebucket_destroy(s.writes_by_addr);
	puzzles_free(s.puzzles);
	addrset_free(s.proxies);
	sem_destroy(&s.hashing);
	pthread_mutex_destroy(&s.rematch);
	return status;
}
