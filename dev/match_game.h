/*
 * dev/match_game.h: one game of `gyoku match` between two USI engine
 * processes, refereed with libgyoku.
 *
 * The game is a session (gyoku/session.h) under strict rules, which
 * enforces every rule (docs/rules.md): a move that does not parse or is
 * illegal loses; sennichite draws and perpetual check loses; `bestmove
 * win` is judged under the match's impasse rule (CSA 27 points by
 * default) and a wrong declaration loses; `bestmove resign` loses; the
 * move limit draws; an engine that exits (EOF on its pipe) or gives no
 * bestmove in time loses and is stopped, to be restarted for its next
 * game.
 *
 * Time: the clock is the session's (clock.h, milliseconds, fractions of a
 * second allowed), fed with the monotonic clock.  An engine has flagged
 * when its bestmove arrives more than `margin_ms` after its deadline;
 * within the margin the move counts as made at the deadline.  The margin
 * absorbs the latency of pipes and process scheduling, which the engine
 * cannot control.
 */
#ifndef DEV_MATCH_GAME_H
#define DEV_MATCH_GAME_H

#include <stdint.h>

#include "gyoku/clock.h"
#include "gyoku/game.h"
#include "gyoku/session.h"
#include "openings.h"
#include "usiproc.h"

enum { MATCH_OPTIONS_MAX = 32, MATCH_REASON_MAX = 384 };

/* One engine of the match, as the command line gave it. */
struct match_engine {
	const char *cmd;
	struct usiproc_option opts[MATCH_OPTIONS_MAX];
	int nopts;
	char name[USIPROC_NAME_MAX]; /* the name shown in results and records */
	bool swap_times;             /* send Sente's time as wtime, Gote's as btime (for engines that read them so) */
};

/* How moves are limited. */
enum match_limit {
	MATCH_LIMIT_CLOCK, /* a clock: `go btime wtime` with binc/winc or byoyomi */
	MATCH_LIMIT_NODES  /* `go nodes N`, with a wall-clock limit per move */
};

/* The rules of every game of a match. */
struct match_rules {
	enum match_limit limit;
	struct gy_time_control tc;    /* in milliseconds, fractions of a second allowed */
	long long nodes;              /* MATCH_LIMIT_NODES */
	int64_t margin_ms;            /* latency allowed past the deadline */
	int64_t move_timeout_ms;      /* MATCH_LIMIT_NODES: the longest wait for a bestmove */
	int64_t start_timeout_ms;     /* the longest wait for usiok and readyok */
	int max_moves;                /* a draw after this many plies (opening included) */
	enum gy_impasse_rule impasse; /* the rule `bestmove win` is judged by */
};

/* An engine process in a game slot: restarted when it is not running. */
struct match_player {
	struct usiproc proc;
	const struct match_engine *engine;
};

/* How a game ended, for the match table. */
struct match_result {
	struct gy_verdict verdict;
	char reason[MATCH_REASON_MAX]; /* e.g. "Gote resigns", "fakeusi crashed (exit status 3)" */
};

/*
 * Plays one game from opening `op` with players[GY_BLACK] and
 * players[GY_WHITE], starting their processes when needed.  `*session`
 * receives the game (its record holds the start, the moves with their
 * times and the ending; the caller adds the headers and destroys it).
 * Errors: GY_ERR_NOMEM.
 */
enum gy_err match_play_game(const struct match_rules *rules, struct match_player *players[2], const struct opening *op,
			    struct gy_session **session, struct match_result *res) __attribute__((warn_unused_result));

/*
 * Starts `pl`'s engine and does the USI handshake; on failure stops it
 * and fills `why`.
 */
bool match_player_start(struct match_player *pl, const struct match_rules *rules, char *why, size_t why_cap);

/* Stops `pl`'s engine if it runs. */
void match_player_stop(struct match_player *pl);

#endif
