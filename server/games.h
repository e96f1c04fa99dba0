/*
 * server/games.h: the game service: every change to a game, judged by
 * libgyoku's session (gyoku/session.h) and committed through the store
 * (store.h) before anyone is told.
 *
 * Each operation loads the game from the store into a session (the
 * start, the stored moves replayed with their times, the clock as
 * stored, a stored ending), checks the request (who may act, the ply
 * the mover saw), lets the session play, resign, declare, flag or take
 * a vacation at the server's time, copies what the session decided into
 * the row and writes it with store_game_update's conditional update: if
 * another request (or another server instance) changed the game in
 * between, the operation fails with 409 and nothing is written.  The
 * session is the game in memory, the store the durable one.  After a
 * commit the listeners (games_listen) are told.
 *
 * Operations return 0 on success, else an HTTP status with a message in
 * `why`; those given `out` (not NULL) leave there the game as it is
 * after the change, for the caller to answer with and release.  A user
 * id of 0 acts for the computer (bots.c).  Thread-safe.
 */
#ifndef SERVER_GAMES_H
#define SERVER_GAMES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "gyoku/clock.h"
#include "gyoku/session.h"
#include "store.h"

struct srv;

enum {
	GAMES_WHY_MAX = 256,
	GAMES_MAX_PLIES = 1000,
	GAMES_LISTENERS_MAX = 8,
	GAMES_FIRST_MOVE_MS = 30000, /* a live game's first move of each side, or it is aborted (gy_rules) */
	GAMES_OPEN_MAX = 3,          /* waiting games (seeks and challenges) one user may have made */
	GAMES_SEEK_IDLE_MS = 20000,  /* an open seek whose creator was not seen for this long expires */
	GAMES_MORE_TIME_MS = 15000   /* what "more time" gives the opponent (games_more_time) */
};

/* Why an operation failed, for the HTTP answer. */
struct why {
	char msg[GAMES_WHY_MAX];
	bool stale; /* the 409 is a change made meanwhile (another request, the computer): trying again may do */
};

/*
 * A game loaded from the store: the row and its moves as stored, and the
 * session built from them, through which every operation goes.  The
 * session's rules are the server's: casual (an illegal move is refused,
 * a failed declaration still loses), the row's impasse rule with the
 * handicap bonus, a draw at GAMES_MAX_PLIES.  A game that has not
 * started has no clock in its session; a stored ending is the session's.
 */
struct game {
	struct store_game row;
	struct store_move *moves;   /* row.ply of them, with room for one more */
	struct gy_session *session; /* the start, the moves, the clock, the rules, the ending */
	bool record;                /* an imported record: the session holds the record as read (headers,
				       comments, variations), which exports give back as it is */
};

/*
 * The listeners of a server's game service (struct srv's `listeners`):
 * each is called as fn(ctx, g, remote) after every change to a game
 * commits, with `g` the game as it stands after the change (valid during
 * the call only; not to be changed).  `remote` is true for a change made
 * by another server instance on the same database (PostgreSQL NOTIFY),
 * which this instance loaded afterwards (games_remote_change).
 *
 * Calls: in the order the listeners were added, on the thread that
 * committed (an HTTP thread, a computer's worker, the timer thread, the
 * store's listen thread for a remote change), after the commit and with
 * no lock of the service or the store held, so a listener may read the
 * store; it should only queue work (wake streams, schedule a deadline,
 * queue the computer), not act on games itself.
 */
struct games_listeners {
	atomic_int n; /* published after the entry is filled: readers need no lock */
	struct {
		void (*fn)(void *ctx, const struct game *g, bool remote);
		void *ctx;
	} at[GAMES_LISTENERS_MAX];
};

/*
 * Adds a listener to server `s`'s game service; false when
 * GAMES_LISTENERS_MAX are there.  Called at start-up (gy_server_run), from
 * one thread; changes that commit afterwards call it.
 */
bool games_listen(struct srv *s, void (*fn)(void *ctx, const struct game *g, bool remote), void *ctx)
	__attribute__((warn_unused_result));

/* What a creator asks for (POST /api/games); NULL strings are absent. */
struct game_request {
	const char *opponent; /* "computer", "open" or a user name */
	int level;            /* 1..10 (0: absent) */
	const char *time;     /* time-control text, "" or NULL for none */
	const char *handicap; /* preset id or KIF name */
	const char *sfen;     /* a start position (docs/server.md "Games"), or NULL */
	const char *color;    /* "black", "white", "random", "sente", "gote" */
	const char *impasse;  /* "27", "24", "try", "none" (gy_impasse_rule_name) */
	bool rated;
	const char *rematch_of; /* the game this one is a rematch of (games_rematch), else NULL */
};

/*
 * Loads game `id` into `g` and builds its session (released with
 * game_release).  Returns 0, 404 (no such game), 500 (the stored game is
 * damaged: a word that names nothing, a move that does not replay, a
 * clock that does not decode; logged) or 503.
 */
int game_load(struct srv *s, const char *id, struct game *g, struct why *why);

/* Frees what game_load allocated. */
void game_release(struct game *g);

/*
 * Whether user `user` (0: a visitor, never) may save or delete the review
 * of `g` (docs/server.md "Game review"): a player of it, or whoever
 * imported it when it is an imported record.
 */
bool games_may_review(struct srv *s, const struct game *g, int64_t user);

/* The side (GY_BLACK, GY_WHITE) user `user` plays in `g`, or -1. */
int game_side_of(const struct game *g, int64_t user);

/*
 * The server's time (srv_now_ms) for an operation on `g`, but never
 * before its turn started: clocks that differ between server instances
 * cannot run a game's time backwards.
 */
int64_t game_now(const struct game *g);

/* The computer's level in `g` when it is playing and the computer is to move, else 0. */
int game_computer_to_move(const struct game *g);

/* Creates a game for `creator`; `id` (STORE_ID_MAX bytes) gets its id. */
int games_create(struct srv *s, const struct store_user *creator, const struct game_request *q, char *id,
		 struct why *why);

/*
 * User `u` offers a rematch of the ended game `id` (docs/server.md
 * "Games"): a new game against the same opponent with the colours swapped
 * and the same settings (time, handicap, impasse rule, rating, the
 * computer's level), made as games_create makes it: a challenge to a
 * person, started at once against the computer.  `new_id` (STORE_ID_MAX
 * bytes) gets its id.  403 for a non-player, 409 for a game not over or
 * one whose rematch was already offered (and not declined or canceled).
 */
int games_rematch(struct srv *s, const char *id, const struct store_user *u, char *new_id, struct why *why);
/*
 * The rematch offered from `row` (a game of its players whose rematch_of
 * is `row`'s id, not canceled, the newest of them): its id in `out`
 * (STORE_ID_MAX bytes; "" for none).  Returns the store's error.
 */
enum store_err games_rematch_find(struct srv *s, const struct store_game *row, char *out)
	__attribute__((warn_unused_result));
/*
 * Whether `row` is an open seek whose creator was not seen for
 * GAMES_SEEK_IDLE_MS at `now` (the creator is seen by the lobby's list and
 * by reading the seek): it expires, it is not listed and cannot be accepted.
 */
bool games_seek_expired(const struct store_game *row, int64_t now);

/*
 * The lobby's list `games` (`*n` of them) as user `viewer` (0: a visitor)
 * reads it: expired seeks are canceled and dropped from the list, and the
 * viewer's own seeks are marked seen (their updated_ms moved to now).
 */
void games_lobby(struct srv *s, struct store_game *games, int *n, int64_t viewer);

/*
 * User `viewer` (0: a visitor) reads the open seek `row`: as in
 * games_lobby, an expired one is canceled, and the creator's marks it seen.
 */
void games_seen(struct srv *s, const struct store_game *row, int64_t viewer);

/* The user accepts a challenge or an open seek: the game starts (409 for an expired seek, which is canceled). */
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

/* The longest move text games_move_text reads, in bytes. */
enum { GAMES_TEXT_MAX = 128 };

/*
 * As games_move, with the move typed as people write it (`text`, at most
 * GAMES_TEXT_MAX bytes): USI, Japanese, Hodges, Hosking, Kitao-Kawasaki,
 * CSA or KIF, read by gy_notation_read in the game's current position
 * (同 refers to the last move).  A text that names no legal move, or
 * several, is a 422 that says why.
 */
int games_move_text(struct srv *s, const char *id, int64_t user, const char *text, int expect_ply, struct game *out,
		    struct why *why);

/* User `user` (0: the computer) resigns. */
int games_resign(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);

/*
 * User `user` aborts a game in play before their own first move
 * (gy_session_abort): it is canceled with ending "aborted", no result,
 * no rating change.  409 after their first move.
 */
int games_abort(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);

/* What a player does with a takeback: asks for one, or answers the opponent's. */
enum games_answer { GAMES_ASK, GAMES_ACCEPT, GAMES_DECLINE, GAMES_WITHDRAW };
/*
 * User `user` asks for a takeback in a casual game in play, or accepts
 * or declines the one the opponent asked for (docs/server.md "Games":
 * takeback).  Accepted, the session takes back the moves since the
 * asker's last move (1 or 2, gy_session_undo) and the asker moves again;
 * against the computer a takeback is taken at once.  A move withdraws a
 * takeback asked for.  403 for a non-player; 409 in a rated game, a game
 * not in play, a second ask, an ask with no move to take back, or an
 * answer to nothing.
 */
int games_takeback(struct srv *s, const char *id, int64_t user, enum games_answer what, struct game *out,
		   struct why *why);
/*
 * User `user` gives the opponent GAMES_MORE_TIME_MS more of main time in a
 * live game in play (gy_session_give_time).  403 for a non-player, 409
 * for a game not in play or not live.
 */
int games_more_time(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);
/* User `user` (0: the computer) declares an impasse win on their turn under the game's rule. */
int games_declare(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why);

/* User `user` takes `days` of vacation (correspondence games). */
int games_vacation(struct srv *s, const char *id, int64_t user, int days, struct game *out, struct why *why);

/*
 * The timer's call: ends game `id` on time if its side to move has
 * flagged.  Returns when to look at it again: its deadline while it is
 * played and has not flagged, a second from now when the store failed,
 * else 0.
 */
int64_t games_flag(struct srv *s, const char *id);

/*
 * Stores the record `text` (`len` bytes, format `format` or guessed when
 * NULL) as an ended game to view; `id` gets its id.  Errors name the line
 * and column.
 */
int games_import(struct srv *s, const struct store_user *u, const char *text, size_t len, const char *format, char *id,
		 struct why *why);

/* Another instance changed game `id` (store_listen): loads it and tells the listeners, as remote. */
void games_remote_change(struct srv *s, const char *id);

/* Encodes a clock as the store's text (STORE_CLOCK_MAX bytes), and back (false when malformed). */
void game_clock_encode(const struct gy_clock *c, char *out);
bool game_clock_decode(const char *text, const struct gy_time_control *tc, struct gy_clock *c);

#endif
