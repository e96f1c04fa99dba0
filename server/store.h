/*
 * server/store.h: the server's storage, one interface over two backends:
 * SQLite (the default, one file, WAL) and PostgreSQL (libpq, for several
 * server instances on one database).  Every other server file goes
 * through this header; none of them writes SQL.
 *
 * A store is opened from a URL: "postgresql://..." or "postgres://..."
 * (a libpq connection URI) opens PostgreSQL, anything else is an SQLite
 * file name (":memory:" is a private database on a single connection, for
 * tests).  Opening runs the schema migrations (table schema_version).
 *
 * Threads: every function may be called from any thread at once; the
 * store keeps a pool of connections and each call takes one for its
 * duration.  The listen callback runs on a thread the store owns.
 *
 * Every write is one transaction.  store_game_update is the only way a
 * game changes after its creation, and it is conditional: it applies only
 * when the stored game still has the ply and status the caller read, so
 * two requests (or two instances) can never both accept a move for one
 * ply.  A function returns only after its transaction committed (SQLite
 * synchronous=FULL), so a caller may acknowledge what it stored.
 *
 * Text fields are bounded by the sizes below; a longer value is refused
 * with STORE_ERR_ARG, never truncated.  SQL is built only from constant
 * text with bound parameters.
 */
#ifndef SERVER_STORE_H
#define SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gyoku/game.h"
#include "gyoku/impasse.h"

struct store;

/* What a store call can answer. */
enum store_err {
	STORE_OK,
	STORE_NOT_FOUND, /* no such user, session or game */
	STORE_CONFLICT,  /* a unique name or id taken, or a conditional update that did not apply */
	STORE_STALE,     /* a rating change computed from a user's ratings that have changed since */
	STORE_ERR_ARG,   /* a field too long or out of range */
	STORE_ERR_NOMEM,
	STORE_ERR_DB, /* the database failed (the message is logged to stderr) */
	STORE_DAMAGED /* a stored game does not decode: a word in a column that names nothing (logged) */
};

enum {
	STORE_NAME_MAX = 32,        /* user names, with the NUL */
	STORE_HASH_MAX = 160,       /* encoded password hashes */
	STORE_TOKEN_MAX = 72,       /* session token hashes and CSRF tokens (hex) */
	STORE_ID_MAX = 16,          /* game ids */
	STORE_WORD_MAX = 24,        /* handicap ids */
	STORE_TC_MAX = 64,          /* time-control text (clock.h GY_TC_TEXT_MAX) */
	STORE_SFEN_MAX = 256,       /* start positions */
	STORE_CLOCK_MAX = 512,      /* the clock state, as text the caller encodes */
	STORE_USI_MAX = 8,          /* one USI move with its NUL */
	STORE_RECORD_MAX = 1 << 20, /* an imported record's text */
	STORE_RATINGS_MAX = 16,     /* rating changes in one store_game_update */
	STORE_CHAT_MAX = 1024,      /* a chat message's text in bytes, with the NUL */
	STORE_REVIEW_MAX = 4 << 20  /* a saved review's text (the server's JSON) in bytes, with the NUL */
};

/* One account. */
struct store_user {
	int64_t id;
	char name[STORE_NAME_MAX]; /* as typed at sign-up; unique without regard to ASCII case */
	char pw_hash[STORE_HASH_MAX];
	double rating, rd, vol; /* Glicko-2 (glicko.h), on the Glicko scale */
	int games;              /* rated games finished */
	int64_t created_ms;
};

/* Where a game stands. */
enum store_status {
	STORE_STATUS_NONE, /* no game's: in a filter, any status */
	STORE_WAITING,     /* created: waiting for the opponent to accept */
	STORE_PLAYING,
	STORE_ENDED,
	STORE_CANCELED, /* withdrawn or declined before it started, or aborted before a side's first move */
	STORE_STATUS_NB
};

/*
 * One game: every column of the games table.  Users are ids (0: none);
 * a computer side has a level 1..10 and user 0.  Times are milliseconds
 * since the Unix epoch.
 *
 * The status, impasse rule, result and ending are values here; store.c
 * alone encodes them as the words of their text columns, and decodes
 * them, for both backends: status "waiting", "playing", "ended",
 * "canceled" (store_status_name); impasse "none", "24", "27", "try"
 * (gy_impasse_rule_name); result "", "black", "white", "draw" (the
 * winner's colour, store_result_name); ending "", a name of
 * gy_ending_name, or for a canceled game "canceled", "declined" or
 * "aborted"
 * (store_ending_name).  These are the words the server always stored,
 * and those of the API.  A row with a word that names nothing is
 * damaged: reading it is STORE_DAMAGED.
 */
struct store_game {
	char id[STORE_ID_MAX];
	enum store_status status;
	int64_t black_user, white_user;
	int black_level, white_level;
	char black_name[STORE_NAME_MAX * 4]; /* names from an imported record ("" otherwise) */
	char white_name[STORE_NAME_MAX * 4];
	int64_t creator;    /* who created it (0 for none) */
	int64_t challenged; /* the user challenged, 0 for an open seek or a computer game */
	int color;          /* the creator's side: 0 black, 1 white, 2 by furigoma at the start */
	char handicap[STORE_WORD_MAX];
	char tc[STORE_TC_MAX];
	enum gy_impasse_rule impasse;
	bool rated;
	char start_sfen[STORE_SFEN_MAX];
	int ply;                     /* moves played, = the number of rows in moves */
	char clock[STORE_CLOCK_MAX]; /* the clock state (the caller's encoding; "" before the start) */
	int64_t deadline_ms;         /* the side to move flags after it; 0: no deadline */
	enum gy_result result;       /* GY_RESULT_NONE but in an ended game (or an imported record's) */
	enum gy_ending ending;       /* GY_END_NONE but in an ended game (an imported record may have none) */
	bool declined;               /* canceled: declined by the challenged user, not withdrawn */
	bool aborted;                /* canceled: a game in play aborted before a side's first move */
	double rating_before[2], rating_after[2]; /* rated games once ended, by colour; 0 otherwise */
	int64_t created_ms, started_ms, updated_ms;
	char rematch_of[STORE_ID_MAX]; /* the game this one is a rematch of ("" for none) */
	int takeback;                  /* a takeback asked for: 0 none, 1 + the side (GY_BLACK, GY_WHITE) asking */
};

/* One move of a game. */
struct store_move {
	char usi[STORE_USI_MAX];
	int64_t spent_ms; /* the time the mover took; -1 unknown */
	int64_t at_ms;    /* when the server accepted it */
};

/* A rating change that lands with a game's end, in the same transaction. */
struct store_rating {
	int64_t user;
	double rating, rd, vol;
	int games; /* the user's games when the change was computed: it applies only while still so */
};

/* Which games store_game_list returns. */
struct store_filter {
	int64_t user;             /* games where this user plays or was challenged or created (0: any) */
	enum store_status status; /* only this status (STORE_STATUS_NONE: any) */
	bool lobby;               /* waiting games that are open seeks, challenge `viewer` or were made by `viewer` */
	int64_t viewer;           /* for `lobby` */
	int64_t before_ms;        /* only games created before this (0: no bound), for paging */
	const char *before_id;    /* with before_ms: also the games created at before_ms whose id sorts before this */
	int limit;                /* at most this many (1..200) */
};

/* A game's chat rooms (docs/server.md "Chat"): the players' and the spectators'. */
enum store_chat_room { STORE_CHAT_PLAYERS, STORE_CHAT_SPECTATORS, STORE_CHAT_ROOMS };

/* One chat message, stored as plain text (the caller checks it: server/chat.h). */
struct store_chat {
	int64_t id; /* given by the store, growing */
	enum store_chat_room room;
	int64_t user;
	char name[STORE_NAME_MAX]; /* the author's name (read; not written) */
	char text[STORE_CHAT_MAX];
	int64_t at_ms;
};

/* The word of a chat room as stored and in the API: "players" or "spectators" ("" out of range). */
const char *store_chat_room_name(enum store_chat_room room);

/* The text of `e` ("conflict", ...); static. */
const char *store_strerror(enum store_err e);

/*
 * The word of status `st` as stored and in the API ("waiting", "playing",
 * "ended", "canceled"; "" for STORE_STATUS_NONE or a value out of range),
 * and the status a word names (STORE_STATUS_NONE when none).
 */
const char *store_status_name(enum store_status st);
enum store_status store_status_by_name(const char *word);

/*
 * The word of `g`'s ending as stored and in the API: for a canceled game
 * "canceled" or "declined", else the libgyoku ending's name
 * (gy_ending_name), or "" for none.
 */
const char *store_ending_name(const struct store_game *g);

/* The impasse rule named by `word` as stored and in the API (gy_impasse_rule_name: "none", "24", "27", "try"), or -1. */
int store_impasse_by_name(const char *word);

/* The word of a result as stored and in the API: the winner's colour "black", "white", or "draw"; "" for none. */
const char *store_result_name(enum gy_result r);

/*
 * Opens (creating when needed) the store at `url` and runs the
 * migrations.  `errbuf` (size `errlen`) gets a message on failure.
 * Errors: STORE_ERR_DB (cannot open, connect or migrate), STORE_ERR_NOMEM.
 */
enum store_err store_open(struct store **out, const char *url, char *errbuf, size_t errlen)
	__attribute__((warn_unused_result));

/* Stops the listen thread, closes every connection and frees `s`; NULL is allowed. */
void store_close(struct store *s);

/* "sqlite" or "postgresql". */
const char *store_kind(const struct store *s);

/* Creates a user; `*id` gets its id.  STORE_CONFLICT when the name is taken (any case). */
enum store_err store_user_create(struct store *s, const struct store_user *u, int64_t *id)
	__attribute__((warn_unused_result));

/* The user named `name` (any case), or with id `id`.  STORE_NOT_FOUND when none (also for an id <= 0). */
enum store_err store_user_by_name(struct store *s, const char *name, struct store_user *u)
	__attribute__((warn_unused_result));
enum store_err store_user_by_id(struct store *s, int64_t id, struct store_user *u) __attribute__((warn_unused_result));

/*
 * Adds a session: the hash of its token, its user, its CSRF token, its
 * expiry.  STORE_NOT_FOUND when the user does not exist, STORE_CONFLICT
 * when the token hash is taken.
 */
enum store_err store_session_create(struct store *s, const char *token_hash, int64_t user, const char *csrf,
				    int64_t expires_ms) __attribute__((warn_unused_result));

/*
 * The session whose token hashes to `token_hash`, if it has not expired at
 * `now_ms`: its user and CSRF token (STORE_TOKEN_MAX bytes).  Expired
 * sessions are deleted here.  STORE_NOT_FOUND when none.
 */
enum store_err store_session_get(struct store *s, const char *token_hash, int64_t now_ms, int64_t *user, char *csrf)
	__attribute__((warn_unused_result));

/*
 * Sets user `user`'s password hash to `pw_hash` and deletes every session
 * of theirs but the one whose token hashes to `keep` (a password change
 * signs out the other sessions), in one transaction.  STORE_NOT_FOUND when
 * there is no such user.
 */
enum store_err store_user_password(struct store *s, int64_t user, const char *pw_hash, const char *keep)
	__attribute__((warn_unused_result));

/* Deletes a session (logout); deleting none is STORE_OK. */
enum store_err store_session_delete(struct store *s, const char *token_hash) __attribute__((warn_unused_result));

/*
 * Stores a new game (ply 0 whatever g->ply says, no moves).  STORE_CONFLICT
 * when its id is taken.  This, store_game_import and store_game_update
 * tell the other server instances on the database that the game changed
 * (PostgreSQL: NOTIFY inside the same transaction, so the news goes out
 * exactly when the change commits, even if this instance dies right
 * after; nothing for SQLite, which serves one instance).
 */
enum store_err store_game_create(struct store *s, const struct store_game *g) __attribute__((warn_unused_result));

/* An imported record as it was read: its format's name (gy_record_format_name) and its text. */
struct store_record {
	const char *format; /* under STORE_WORD_MAX bytes */
	const char *text;   /* under STORE_RECORD_MAX bytes */
	int64_t importer;   /* the user who imported it (0: none known) */
};

/*
 * Stores an ended game with its moves at once (an imported record); its
 * ply is stored as `n`, and the record as read `rec` (NULL: none) with it,
 * in the same transaction.  STORE_CONFLICT when its id is taken.
 */
enum store_err store_game_import(struct store *s, const struct store_game *g, const struct store_move *moves, int n,
				 const struct store_record *rec) __attribute__((warn_unused_result));

/*
 * Reads the record stored with imported game `id`: its format's name into
 * `format` (STORE_WORD_MAX bytes) and its text into `text`
 * (STORE_RECORD_MAX bytes), both NUL-terminated.  STORE_NOT_FOUND when
 * the game has none.
 */
enum store_err store_record_get(struct store *s, const char *id, char *format, char *text)
	__attribute__((warn_unused_result));

/*
 * A game's saved review (docs/server.md "Game review"): one per game, its
 * text (the server's JSON, under STORE_REVIEW_MAX bytes) with who saved it
 * and when.  store_review_put stores it, replacing the one before
 * (STORE_NOT_FOUND when there is no game `id`); store_review_get reads its
 * text into `text` (STORE_REVIEW_MAX bytes), or only tells whether there is
 * one when `text` is NULL; store_review_delete deletes it.  Both answer
 * STORE_NOT_FOUND when the game has none.
 */
enum store_err store_review_put(struct store *s, const char *id, int64_t user, const char *text, int64_t at_ms)
	__attribute__((warn_unused_result));
enum store_err store_review_get(struct store *s, const char *id, char *text) __attribute__((warn_unused_result));
enum store_err store_review_delete(struct store *s, const char *id) __attribute__((warn_unused_result));

/*
 * The user who imported the record of game `id` into `*user` (0 for a
 * record imported before the store kept it).  STORE_NOT_FOUND when the
 * game has no record.
 */
enum store_err store_record_importer(struct store *s, const char *id, int64_t *user)
	__attribute__((warn_unused_result));

/*
 * Reads game `id` into `g` and, when `moves` is not NULL, its moves into
 * a malloc'ed array (`*moves`, `*n`; the caller frees it; NULL when n is
 * 0), read in the same snapshot as the game.  STORE_NOT_FOUND when none
 * (also for an id too long to be one),
 * STORE_DAMAGED when its row does not decode.
 */
enum store_err store_game_get(struct store *s, const char *id, struct store_game *g, struct store_move **moves, int *n)
	__attribute__((warn_unused_result));

/*
 * Reads the moves of game `id` from ply `from` + 1 on (at most `max`),
 * into `moves`; `*n` gets how many (0, and STORE_OK, also when there is
 * no such game).  For event streams catching up.
 */
enum store_err store_moves_since(struct store *s, const char *id, int from, struct store_move *moves, int max, int *n)
	__attribute__((warn_unused_result));

/*
 * Writes `g` (every mutable field: status, users, levels, color, clock,
 * deadline, result, ending, ratings, times; ply becomes old_ply + 1 when
 * `move` is given, else g->ply) if the stored game still has ply
 * `old_ply` and status `old_status`; with `move`, inserts it as move
 * old_ply + 1; applies the `nr` rating changes.  All in one transaction.
 * STORE_CONFLICT when the condition failed (nothing written).
 *
 * Details: the fields written are status, black_user, white_user,
 * black_level, white_level, challenged, color, ply, clock, deadline_ms,
 * result, ending, rating_before, rating_after, started_ms, updated_ms (id,
 * creator, names, handicap, tc, impasse, rated, start_sfen and created_ms
 * never change).  Without `move`, a g->ply below old_ply takes moves back
 * (the moves after g->ply are deleted) and a g->ply above it is
 * STORE_ERR_ARG.  A rating change sets the user's rating, rd and vol and
 * adds one to its games; at most STORE_RATINGS_MAX of them, applied in
 * order of user id.  A change for a user that does not exist, or whose
 * games are no longer `games` (another rated game of theirs ended since
 * the ratings were read), is STORE_STALE, with nothing written: the
 * caller reads the ratings again and retries.
 */
enum store_err store_game_update(struct store *s, const struct store_game *g, int old_ply, enum store_status old_status,
				 const struct store_move *move, const struct store_rating *ratings, int nr)
	__attribute__((warn_unused_result));

/*
 * Games matching `f`, newest first (by created_ms, then by id, both
 * descending), into a malloc'ed array (`*out`, `*n`; the caller frees it;
 * NULL when n is 0).  The filters combine: `user`, `status` and `lobby`
 * may all be set.  A limit outside 1..200 is brought within it.
 * STORE_DAMAGED (no list) when one of the rows does not decode.
 */
enum store_err store_game_list(struct store *s, const struct store_filter *f, struct store_game **out, int *n)
	__attribute__((warn_unused_result));

/*
 * Adds message `m` (its room, user, text and time) to the chat of game
 * `game` and sets m->id; then keeps only the newest `keep` (>= 1) of that
 * room, in the same transaction, and tells the other instances as a game
 * change does.  STORE_NOT_FOUND when the game or the user does not exist.
 */
enum store_err store_chat_add(struct store *s, const char *game, struct store_chat *m, int keep)
	__attribute__((warn_unused_result));

/*
 * The messages of game `game` with an id above `after`, oldest first, of
 * room `room` (STORE_CHAT_ROOMS: both), into a malloc'ed array (`*out`,
 * `*n`; the caller frees it; NULL when n is 0).
 */
enum store_err store_chat_list(struct store *s, const char *game, enum store_chat_room room, int64_t after,
			       struct store_chat **out, int *n) __attribute__((warn_unused_result));

/*
 * Whether the spectators' room of game `game` is open (`*on`; it is until
 * a player closes it); with `set` 0 or 1 first sets it (and tells the other
 * instances), with -1 only reads it.
 */
enum store_err store_chat_spectators(struct store *s, const char *game, int set, bool *on)
	__attribute__((warn_unused_result));

/*
 * The ids and deadlines of every playing game with a deadline, for the
 * timer at start-up: calls `fn` once per game, earliest deadline first,
 * with no connection held (so `fn` may call the store).
 */
enum store_err store_game_deadlines(struct store *s, void (*fn)(void *ctx, const char *id, int64_t deadline_ms),
				    void *ctx) __attribute__((warn_unused_result));

/*
 * Calls `fn` (on a thread of the store's) with the id of each game that
 * another instance reported changed, until store_close.  Nothing for
 * SQLite.  Call at most once (PostgreSQL refuses a second call with
 * STORE_ERR_ARG).  The thread listens before this returns; when its
 * connection drops it reconnects, and what was sent in between is lost
 * (logged).
 */
enum store_err store_listen(struct store *s, void (*fn)(void *ctx, const char *id), void *ctx)
	__attribute__((warn_unused_result));

/*
 * Tsume puzzles (docs/server.md "Puzzles"): the ratings of puzzles and of
 * players at puzzles (Glicko-2, glicko.h; a player's puzzle rating is not
 * its game rating), and each player's attempts, one per puzzle.  Puzzles
 * are named by their ids (gy_puzzle_id, under STORE_ID_MAX bytes); the
 * puzzles themselves are files the server reads, not rows.
 */
struct store_prating {
	double rating, rd, vol;
	int attempts; /* results counted in it */
};

/* A puzzle's stored rating (store_puzzle_ratings). */
struct store_puzzle_row {
	char id[STORE_ID_MAX];
	struct store_prating r;
};

/* One attempt of a player at a puzzle. */
struct store_attempt {
	char puzzle[STORE_ID_MAX];
	bool solved;
	int64_t at_ms;
};

/* Every stored puzzle rating, by id, into a malloc'ed array (`*out`, `*n`; NULL when n is 0). */
enum store_err store_puzzle_ratings(struct store *s, struct store_puzzle_row **out, int *n)
	__attribute__((warn_unused_result));

/* User `user`'s puzzle rating; STORE_NOT_FOUND when the user has none yet. */
enum store_err store_puzzle_user(struct store *s, int64_t user, struct store_prating *r)
	__attribute__((warn_unused_result));

/* User `user`'s attempts, oldest first, into a malloc'ed array (`*out`, `*n`; NULL when n is 0). */
enum store_err store_puzzle_attempts(struct store *s, int64_t user, struct store_attempt **out, int *n)
	__attribute__((warn_unused_result));

/*
 * Records user `user`'s attempt `a` and, in the same transaction, sets the
 * user's puzzle rating to `ur` and the puzzle's to `pr` (their attempts
 * counted one more).  STORE_CONFLICT (nothing written) when the user has
 * an attempt at that puzzle already: a result counts once per player and
 * puzzle.  STORE_NOT_FOUND when the user does not exist.
 */
enum store_err store_puzzle_result(struct store *s, int64_t user, const struct store_attempt *a,
				   const struct store_prating *ur, const struct store_prating *pr)
	__attribute__((warn_unused_result));

#endif
