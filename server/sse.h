/*
 * server/sse.h: the live event streams of games (Server-Sent Events,
 * docs/server.md "The event stream"), and the hub that wakes them.
 *
 * A game watched by at least one stream has a topic in the hub: the
 * formatted events of all its moves (event id = ply), its end event and
 * its last status event.  hub_publish reloads the game from the store
 * once and wakes every stream of it; each stream then sends what it has
 * not sent yet, so a stream that starts from a Last-Event-ID, or falls
 * behind, catches up from the same list.  A stream holds no thread: it is
 * a suspended connection, resumed when its topic changes, when a ping is
 * due or when its client left (the hub's ticker thread).  Thread-safe.
 */
#ifndef SERVER_SSE_H
#define SERVER_SSE_H

#include <stdbool.h>
#include <stdint.h>

struct srv;
struct hub;
struct game;

/* The hub of server `s`, its ticker thread started; NULL when out of memory. */
struct hub *hub_create(struct srv *s);

/* Frees the hub; every stream must have ended (after hub_shutdown and the HTTP daemon's stop). */
void hub_destroy(struct hub *h);

/* Game `id` changed: if it is watched, reload its events and wake its streams. */
void hub_publish(struct hub *h, const char *id);

/* The chat of game `id` changed (a message, the spectators' room opened or closed): wake its streams. */
void hub_chat(struct hub *h, const char *id);

/* The hub's listener of the game service (games_listen; `hub` is the hub): publishes every change, remote too. */
void hub_game_changed(void *hub, const struct game *g, bool remote);

/* How many streams of this server watch game `id`, but for those of its players `black` and `white` (user ids). */
int hub_watchers(struct hub *h, const char *id, int64_t black, int64_t white);

/* Ends every stream (at shut-down; before http_stop, which needs every connection resumed) and the ticker; new streams end at once. */
void hub_shutdown(struct hub *h);

#endif
