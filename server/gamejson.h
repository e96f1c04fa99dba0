/*
 * server/gamejson.h: a game as the JSON of docs/server.md ("The game
 * JSON"), for GET /api/games/{id}, the answers to moves, the lists and
 * the event streams.
 */
#ifndef SERVER_GAMEJSON_H
#define SERVER_GAMEJSON_H

#include <jansson.h>
#include <stdint.h>

#include "games.h"

/*
 * The whole game as seen by user `viewer` (0: nobody signed in) at
 * `now`: players, position, moves in USI and the four notations, legal
 * moves, clocks, impasse points.  NULL when out of memory.
 */
json_t *gamejson_full(struct srv *s, const struct game *g, int64_t viewer, int64_t now);

/*
 * A list of the `n` games of `rows` in the short form: id, status, result,
 * ending, players, time, handicap, ply, the side to move, times.  NULL when out of memory.
 */
json_t *gamejson_list(struct srv *s, const struct store_game *rows, int n);

/* The data of the "end" event of an ended game: {"status", "result", "ending", "ply"}. */
json_t *gamejson_end(const struct game *g);

/* The "clocks" object at `now`, or JSON null for an untimed game or one not started. */
json_t *gamejson_clocks(const struct game *g, int64_t now);

#endif
