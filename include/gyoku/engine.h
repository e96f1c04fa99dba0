/*
 * gyoku/engine.h: the playing engine (search, evaluation, transposition
 * table, time manager) as an API with callbacks.
 *
 * USI (app/usi.c), the terminal game and the server are clients of this
 * header; none of them parses engine text.  A search runs on threads the
 * engine owns: gy_engine_go returns at once, and the engine reports through
 * the callbacks, called from a search thread (never two at once for one
 * engine).  Every function here is called from one controlling thread;
 * gy_engine_stop and gy_engine_ponderhit may be called while a search runs.
 */
#ifndef GYOKU_ENGINE_H
#define GYOKU_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "mate.h"
#include "position.h"
#include "types.h"

struct gy_engine;

/* How the search limits a `go` (all times in milliseconds; 0 = absent). */
struct gy_limits {
	int64_t time[GY_COLOR_NB]; /* main time left, by colour (btime, wtime) */
	int64_t inc[GY_COLOR_NB];  /* Fischer increment per move (binc, winc) */
	int64_t byoyomi;           /* byoyomi per move once main time is out */
	int64_t movetime;          /* exactly this long */
	int depth;                 /* at most this many plies (0 = no limit) */
	uint64_t nodes;            /* at most about this many nodes (0 = no limit) */
	bool infinite;             /* until gy_engine_stop */
	bool ponder;               /* thinking on the opponent's time until ponderhit or stop */
};

/* The bound a reported score is. */
enum gy_bound { GY_BOUND_EXACT, GY_BOUND_LOWER, GY_BOUND_UPPER };

/* One search report, as USI "info" carries it. */
struct gy_info {
	int depth, seldepth;
	int multipv;  /* 1-based line number */
	int score_cp; /* centipawns from the side to move, when mate is 0 */
	int mate;     /* plies to mate: > 0 the side to move mates, < 0 is mated; 0 none */
	enum gy_bound bound;
	uint64_t nodes;
	uint64_t nps;
	int64_t time_ms;
	int hashfull; /* permille of the table in use */
	int pv_len;
	const gy_move *pv; /* valid during the callback only */
};

/* What the engine plays. */
enum gy_best_kind {
	GY_BEST_MOVE,   /* `move` (and `ponder` when not 0) */
	GY_BEST_RESIGN, /* no legal move, or (at SkillLevel 20) a forced mate against the side to move was found */
	GY_BEST_WIN     /* a declaration wins under the EnteringKingRule option */
};

/* Callbacks; any may be NULL.  `ctx` is passed back unchanged. */
struct gy_engine_callbacks {
	void *ctx;
	void (*info)(void *ctx, const struct gy_info *info);
	/* Exactly once per gy_engine_go, after the search ended (and, for infinite or ponder, was stopped). */
	void (*bestmove)(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder);
	/* Exactly once per gy_engine_go_mate; `pv` (the mating line) is valid during the call. */
	void (*checkmate)(void *ctx, enum gy_mate_status status, const gy_move *pv, int n);
	/* Free text for the user (USI "info string"). */
	void (*message)(void *ctx, const char *text);
};

/*
 * Creates an engine with the default options (USI_Hash 64 MB, MateHash
 * 64 MB, one thread).  Errors: GY_ERR_NOMEM.  The caller destroys it with
 * gy_engine_destroy.
 */
enum gy_err gy_engine_create(struct gy_engine **out, const struct gy_engine_callbacks *cb)
	__attribute__((warn_unused_result));

/* Stops any search, waits for it, and frees `e`; NULL is allowed. */
void gy_engine_destroy(struct gy_engine *e);

/* The kinds of option, as USI names them. */
enum gy_option_type { GY_OPT_CHECK, GY_OPT_SPIN, GY_OPT_COMBO, GY_OPT_STRING, GY_OPT_BUTTON };

/* One engine option, for a front end to list ("option name ... type ..."). */
struct gy_option_desc {
	const char *name;
	enum gy_option_type type;
	const char *def;         /* default as text ("true", "64", "CSARule27") */
	int64_t min, max;        /* for spin */
	const char *const *vars; /* for combo: NULL-terminated */
	const char *help;        /* one line, for --help and documentation */
};

/* The number of options, and the i-th (static storage). */
int gy_engine_option_count(void);
const struct gy_option_desc *gy_engine_option(int i);

/*
 * Sets option `name` (case-insensitive) to `value` (text, as USI gives
 * it; NULL for a button).  Not during a search.  Errors: GY_ERR_ARG (no
 * such option, or a value of the wrong kind or out of range),
 * GY_ERR_NOMEM (the hash could not be allocated; the old one is kept),
 * GY_ERR_BUSY (a search is running).
 */
enum gy_err gy_engine_set_option(struct gy_engine *e, const char *name, const char *value)
	__attribute__((warn_unused_result));

/*
 * Why the last gy_engine_set_option failed, in words ("" when it said
 * nothing more than its error code: then gy_strerror says it), e.g. why
 * a network file (EvalFile) was refused.
 */
const char *gy_engine_option_error(const struct gy_engine *e);

/* Forgets what earlier games taught (hash, histories).  Not during a search. */
void gy_engine_new_game(struct gy_engine *e);

/*
 * Sets the position to search: `start` then the `n` moves, each of which
 * must be legal in turn (the history serves the repetition rules).
 * Errors: GY_ERR_BUSY, GY_ERR_ARG (a move is illegal; the position is
 * then unchanged), GY_ERR_TOO_LONG.
 */
enum gy_err gy_engine_set_position(struct gy_engine *e, const struct gy_pos *start, const gy_move *moves, int n)
	__attribute__((warn_unused_result));

/* The position set last. */
const struct gy_pos *gy_engine_position(const struct gy_engine *e);

/*
 * Starts a search of the position under `limits` and returns at once; the
 * bestmove callback follows.  Errors: GY_ERR_BUSY.
 */
enum gy_err gy_engine_go(struct gy_engine *e, const struct gy_limits *limits) __attribute__((warn_unused_result));

/*
 * Starts a mate search (the df-pn solver of mate.h, shortest mate) of the
 * position for at most `ms` milliseconds (negative: until
 * gy_engine_stop) and returns at once; the checkmate callback follows.
 * Errors: GY_ERR_BUSY.
 */
enum gy_err gy_engine_go_mate(struct gy_engine *e, int64_t ms) __attribute__((warn_unused_result));

/* Ends the running search soon (its callback still follows); harmless when none runs. */
void gy_engine_stop(struct gy_engine *e);

/* The opponent played the pondered move: the ponder search goes on as a normal timed search. */
void gy_engine_ponderhit(struct gy_engine *e);

/* Waits until the running search (if any) has ended and its callback returned. */
void gy_engine_wait(struct gy_engine *e);

/* True while a search started by gy_engine_go or gy_engine_go_mate has not reported. */
bool gy_engine_busy(struct gy_engine *e);

/*
 * The fixed benchmark: each position of the engine's bench list searched
 * to `depth` (0: the default) from a cleared state, one thread.  Sets the
 * total node count (the search signature) and the elapsed time.  Not
 * during a search.
 */
enum gy_err gy_engine_bench(struct gy_engine *e, int depth, uint64_t *nodes, int64_t *ms)
	__attribute__((warn_unused_result));

/* The static evaluation of `p` from the side to move, in centipawns (for tools and tests). */
int gy_engine_evaluate(const struct gy_pos *p);

#endif
