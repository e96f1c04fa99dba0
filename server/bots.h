/*
 * server/bots.h: the computer opponent of the server: a pool of worker
 * threads, each with its own engine (gyoku/player.h), that play the
 * computer's moves of games queued by the game service.  The HTTP threads
 * only queue a game id; they never wait for the engine.  Thread-safe.
 */
#ifndef SERVER_BOTS_H
#define SERVER_BOTS_H

#include <stdbool.h>

struct srv;
struct bots;
struct game;

/* Starts `workers` threads (1..64) for server `s`, queuing every game in play where the computer is to move; NULL on failure. */
struct bots *bots_start(struct srv *s, int workers);

/* Stops the workers (a search in progress is cut short and its move dropped) and frees `b`; NULL is allowed. */
void bots_stop(struct bots *b);

/* Asks for the computer's move in game `id` (a game already queued is not queued twice). */
void bots_enqueue(struct bots *b, const char *id);

/*
 * The workers' listener of the game service (games_listen; `bots` is the
 * pool): queues a game in play whose side to move is the computer.
 * Remote changes are left to the instance that made them, whose workers
 * heard of it.
 */
void bots_game_changed(void *bots, const struct game *g, bool remote);

#endif
