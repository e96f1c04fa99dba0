/*
 * server/games.h: the game service: every change to a game, judged by
 * libgyoku and committed through the store (store.h) before anyone is
 * told.
 *
 * Each operation loads the game from the store, replays its moves,
 * checks the request against the rules and the clock at the server's
 * time, and writes the result with store_game_update's conditional
 * update: if another request (or another server instance) changed the
 * game in between, the operation fails with 409 and nothing is written.
 * After a commit, games_changed tells the event streams, the other
 * instances, the timer and the computer's workers.
 *
 * Operations return 0 on success, else an HTTP status with a message in
 * `why`; those given `out` (not NULL) leave there the game as it is
 * after the change, for the caller to answer with and release.  A user
 * id of 0 acts for the computer (bots.c).  Thread-safe.
 */
#ifndef SERVER_GAMES_H
#define SERVER_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "gyoku/clock.h"
#include "gyoku/handicap.h"
#include "gyoku/position.h"
#include "store.h"

struct srv;

enum { GAMES_WHY_MAX = 256, GAMES_MAX_PLIES = 1000 };

/* Why an operation failed, for the HTTP answer. */
struct why {
	char msg[GAMES_WHY_MAX];
};

/* A game loaded from the store and replayed. */
struct game {
	struct store_game row;
	struct store_move *moves; /* row.ply of them */
	gy_move *gm;              /* the same moves, decoded */
	struct gy_pos start, pos; /* the start, and the position after every move */
	bool timed;               /* the game has a clock (row.tc is not "") */
	struct gy_time_control tc;
	struct gy_clock clock; /* valid when timed and started */
	const struct gy_handicap *handicap;
};

/* What a creator asks for (POST /api/games); NULL strings are absent. */
struct game_request {
	const char *opponent; /* "computer", "open" or a user name */
	int level;            /* 1..10 (0: absent) */
	const char *time;     /* time-control text, "" or NULL for none */
	const char *handicap; /* preset id or KIF name */
	const char *color;    /* "black", "white", "random", "sente", "gote" */
	const char *impasse;  /* "27", "24", "try" */
	bool rated;
};

/*
 * Loads and replays game `id` into `g` (released with game_release).
 * Returns 0, 404 (no such game) or 500.
 */
int game_load(struct srv *s, const char *id, struct game *g, struct why *why);

/* Frees what game_load allocated. */
void game_release(struct game *g);

/* The side (GY_BLACK, GY_WHITE) user `user` plays in `g`, or -1. */
int game_side_of(const struct game *g, int64_t user);

/* The time-control text of a game's clock is live (not correspondence). */
bool game_is_live(const struct game *g);

/* Creates a game for `creator`; `id` (STORE_ID_MAX bytes) gets its id. */
int games_create(struct srv *s, const struct store_user *creator, const struct game_request *q, char *id,
		 struct why *why);

/* The user accepts a challenge or an open seek: the game starts. */
int games_accept(struct srv *s, const char *id, const struct store_user *u, struct game *out, struct why *why);

/* The creator cancels (or, with `decline`, the challenged user declines) a waiting game. */
int games_cancel(struct srv *s, const char *id, const struct store_user *u, bool decline, struct game *out,
		 struct why *why);

/*
 * User `user` (0: the computer) plays the USI move `usi` in game `id`;
 * `expect_ply` >= 0 is the number of moves the mover saw (a different
 * number is a 409).  A move after the deadline ends the game on time.
 */
int games_move(struct srv *s, const char *id, int64_t user, const char *usi, int expect_ply, struct game *out,
	       struct why *why);

/* User `user` (0: the computer) resigns. */
int games_resign(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);

/* User `user` (0: the computer) declares an impasse win on their turn under the game's rule. */
int games_declare(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);

/* User `user` takes `days` of vacation (correspondence games). */
int games_vacation(struct srv *s, const char *id, int64_t user, int days, struct game *out, struct why *why);

/* The timer's call: ends game `id` on time if its side to move has flagged; reschedules it otherwise. */
void games_flag(struct srv *s, const char *id);

/*
 * Stores the record `text` (`len` bytes, format `format` or guessed when
 * NULL) as an ended game to view; `id` gets its id.  Errors name the line
 * and column.
 */
int games_import(struct srv *s, const struct store_user *u, const char *text, size_t len, const char *format, char *id,
		 struct why *why);

/* After a commit: wakes the event streams, tells the other instances, (re)schedules the timer, wakes the computer. */
void games_changed(struct srv *s, const struct game *g);

/* Encodes a clock as the store's text (STORE_CLOCK_MAX bytes), and back (false when malformed). */
void game_clock_encode(const struct gy_clock *c, char *out);
bool game_clock_decode(const char *text, const struct gy_time_control *tc, struct gy_clock *c);

#endif
