/*
 * server/bots.c: the computer's workers (bots.h).
 *
 * Invariants: the queue holds each game id at most once; a worker takes
 * an id out before it thinks, so a game changed meanwhile is queued again
 * and looked at afresh.  A worker's move goes through games_move like a
 * person's, with the ply it thought about: if the game moved on (a
 * resignation, a time forfeit), the move is refused and dropped.  Each
 * worker owns its player; only bots_stop touches it from another thread
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
	struct gy_player *player; /* created on the first game; set under the mutex */
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

/* The game as a session (session.h), for the player to think about. */
static enum gy_err session_of(const struct game *g, const struct gy_rules *rules, struct gy_session **out)
{
	enum gy_err err = gy_session_create(out, &g->start, rules);
	for (int i = 0; !err && i < g->row.ply; i++)
		err = gy_session_replay(*out, g->gm[i], g->moves[i].spent_ms);
	if (!err)
		err = gy_session_resume_clock(*out, g->timed ? &g->clock : NULL, -1);
	return err;
}

/* Thinks for the computer in game `id` if it is its turn, and plays what it decided. */
static void play(struct worker *w, const char *id)
{
	struct srv *s = w->bots->srv;
	struct game g;
	struct why why;
	if (game_load(s, id, &g, &why))
		return;
	int level = g.pos.side == GY_BLACK ? g.row.black_level : g.row.white_level;
	if (strcmp(g.row.status, "playing") || !level) {
		game_release(&g);
		return;
	}
	struct gy_rules rules = gy_rules_default();
	rules.impasse = (enum gy_impasse_rule)gy_impasse_rule_parse(g.row.impasse, strlen(g.row.impasse), NULL);
	rules.max_moves = GAMES_MAX_PLIES;
	enum gy_err err = GY_OK;
	if (w->player) {
		err = gy_player_reset(w->player, level, &rules);
	} else {
		struct gy_player *p = NULL;
		err = gy_player_create(&p, level, &rules);
		pthread_mutex_lock(&w->bots->mu);
		w->player = p;
		pthread_mutex_unlock(&w->bots->mu);
	}
	if (!err && !(err = gy_player_set_option(w->player, "NetworkDelay", "400"))) {
		enum gy_best_kind kind;
		gy_move m;
		int ply = g.row.ply;
		struct gy_session *session = NULL;
		err = session_of(&g, &rules, &session);
		if (!err)
			err = gy_player_think(w->player, session, srv_now_ms(), false, &kind, &m);
		gy_session_destroy(session);
		game_release(&g);
		if (err || atomic_load(&s->stopping))
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
		return;
	}
	game_release(&g);
	fprintf(stderr, "gyoku serve: the computer cannot play game %s: %s\n", id, gy_strerror(err));
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

/* Queues the games in play that have a computer side (at start-up, after a restart). */
static void queue_games_in_play(struct bots *b)
{
	struct store_filter f = {.status = "playing", .limit = 200};
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
	for (int i = 0; i < b->nworkers; i++) {
		pthread_join(b->workers[i].thread, NULL);
		gy_player_destroy(b->workers[i].player);
	}
	pthread_cond_destroy(&b->cond);
	pthread_mutex_destroy(&b->mu);
	free(b);
}
