/*
 * server/bots.c: the computer's workers (bots.h).
 *
 * Invariants: the queue holds each game id at most once; a worker takes
 * an id out before it thinks, so a game changed meanwhile is queued again
 * and looked at afresh.  A worker thinks about the game's own session
 * (game_load), at the game's time: the player's clock limits are what is
 * left of the turn (main time, the current byoyomi period) less its
 * margin (GY_PLAYER_MARGIN_MS), so the queue, the load and the reset are
 * paid from the computer's time, never past it.  The move then goes
 * through games_move like a person's, with the ply it thought about: if
 * the game moved on (a resignation, a time forfeit), the move is refused
 * and dropped.  Each worker owns its player, made before its thread
 * starts; only bots_stop touches it from another thread
 * (gy_player_stop).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots.h"
#include "games.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "server.h"

enum { QUEUE_MAX = 4096, WORKERS_MAX = 64 };

struct worker {
	struct bots *bots;
	pthread_t thread;
	struct gy_player *player; /* made by bots_start before the thread, reset for each game */
	bool done;                /* the thread has left its loop (under the mutex) */
};

struct bots {
	struct srv *srv;
	pthread_mutex_t mu;
	pthread_cond_t cond;
	bool stop;
	char queue[QUEUE_MAX][STORE_ID_MAX];
	int head, n;
	int nworkers;
	struct worker workers[WORKERS_MAX];
};

/* Thinks for the computer in game `id` if it is its turn, and plays what it decided. */
static void play(struct worker *w, const char *id)
{
	struct srv *s = w->bots->srv;
	struct game g;
	struct why why;
	if (game_load(s, id, &g, &why))
		return;
	int level = game_computer_to_move(&g);
	enum gy_err err = level ? gy_player_reset(w->player, level, gy_session_rules(g.session)) : GY_OK;
	enum gy_best_kind kind = GY_BEST_RESIGN;
	gy_move m = GY_MOVE_NONE;
	int ply = g.row.ply;
	/* The game's session as it stands; the clock has run since the turn started (queue, load, reset). */
	if (level && !err)
		err = gy_player_think(w->player, g.session, game_now(&g), false, &kind, &m);
	game_release(&g);
	if (err)
		fprintf(stderr, "gyoku serve: the computer cannot play game %s: %s\n", id, gy_strerror(err));
	if (!level || err || atomic_load(&s->stopping))
		return;
	int st;
	if (kind == GY_BEST_MOVE) {
		char usi[GY_USI_MOVE_MAX];
		gy_usi_write_move(m, usi);
		st = games_move(s, id, 0, usi, ply, NULL, &why);
	} else if (kind == GY_BEST_WIN) {
		st = games_declare(s, id, 0, NULL, &why);
	} else {
		st = games_resign(s, id, 0, NULL, &why);
	}
	if (st && st != 409)
		fprintf(stderr, "gyoku serve: the computer's move in game %s failed: %s\n", id, why.msg);
}

static void *run(void *arg)
{
	struct worker *w = arg;
	struct bots *b = w->bots;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->stop && b->n == 0)
			pthread_cond_wait(&b->cond, &b->mu);
		if (b->stop)
			break;
		char id[STORE_ID_MAX];
		memcpy(id, b->queue[b->head], sizeof id);
		b->head = (b->head + 1) % QUEUE_MAX;
		b->n--;
		pthread_mutex_unlock(&b->mu);
		play(w, id);
		pthread_mutex_lock(&b->mu);
	}
	w->done = true;
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

void bots_enqueue(struct bots *b, const char *id)
{
	if (!b)
		return;
	pthread_mutex_lock(&b->mu);
	bool queued = false;
	for (int i = 0; i < b->n && !queued; i++)
		queued = !strcmp(b->queue[(b->head + i) % QUEUE_MAX], id);
	if (!queued && b->n < QUEUE_MAX) {
		snprintf(b->queue[(b->head + b->n) % QUEUE_MAX], STORE_ID_MAX, "%s", id);
		b->n++;
		pthread_cond_signal(&b->cond);
	} else if (!queued) {
		fprintf(stderr, "gyoku serve: the computer's queue is full; game %s waits for the next change\n", id);
	}
	pthread_mutex_unlock(&b->mu);
}

void bots_game_changed(void *bots, const struct game *g, bool remote)
{
	if (!remote && game_computer_to_move(g))
		bots_enqueue(bots, g->row.id);
}

/* Queues the games in play that have a computer side (at start-up, after a restart). */
static void queue_games_in_play(struct bots *b)
{
	struct store_filter f = {.status = STORE_PLAYING, .limit = 200};
	for (;;) {
		struct store_game *games = NULL;
		int n = 0;
		if (store_game_list(b->srv->store, &f, &games, &n) || n == 0) {
			free(games);
			return;
		}
		for (int i = 0; i < n; i++)
			if (games[i].black_level || games[i].white_level)
				bots_enqueue(b, games[i].id);
		f.before_ms = games[n - 1].created_ms;
		free(games);
		if (n < f.limit)
			return;
	}
}

struct bots *bots_start(struct srv *s, int workers)
{
	if (workers < 1 || workers > WORKERS_MAX)
		return NULL;
	struct bots *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->srv = s;
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->cond, NULL);
	/* The players first: making one takes time (tables, hash), which no game's clock should pay. */
	struct gy_rules rules = gy_rules_default();
	for (int i = 0; i < workers; i++) {
		enum gy_err err = gy_player_create(&b->workers[i].player, GY_LEVEL_MIN, &rules);
		if (err) {
			fprintf(stderr, "gyoku serve: the computer cannot start: %s\n", gy_strerror(err));
			bots_stop(b);
			return NULL;
		}
	}
	for (int i = 0; i < workers; i++) {
		b->workers[i].bots = b;
		if (pthread_create(&b->workers[i].thread, NULL, run, &b->workers[i])) {
			bots_stop(b);
			return NULL;
		}
		b->nworkers++;
	}
	queue_games_in_play(b);
	return b;
}

void bots_stop(struct bots *b)
{
	if (!b)
		return;
	/* Stop every search until every worker has left its loop (one may start thinking after a first stop). */
	pthread_mutex_lock(&b->mu);
	b->stop = true;
	pthread_cond_broadcast(&b->cond);
	for (bool all_done = false; !all_done;) {
		all_done = true;
		for (int i = 0; i < b->nworkers; i++) {
			if (b->workers[i].done)
				continue;
			all_done = false;
			if (b->workers[i].player)
				gy_player_stop(b->workers[i].player);
		}
		if (!all_done) {
			pthread_mutex_unlock(&b->mu);
			nanosleep(&(struct timespec){0, 20000000L}, NULL);
			pthread_mutex_lock(&b->mu);
		}
	}
	pthread_mutex_unlock(&b->mu);
	for (int i = 0; i < b->nworkers; i++)
		pthread_join(b->workers[i].thread, NULL);
	for (int i = 0; i < WORKERS_MAX; i++)
		gy_player_destroy(b->workers[i].player);
	pthread_cond_destroy(&b->cond);
	pthread_mutex_destroy(&b->mu);
	free(b);
}
