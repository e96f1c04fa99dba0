/*
 * engine/search.h: the alpha-beta search of one thread, and what the
 * threads of a search share.
 *
 * A search is a set of workers (Lazy SMP): each searches the same root
 * with its own position, stack and histories, and they share the
 * transposition table, the stop flag and the node count.  Worker 0 keeps
 * the clock and reports.
 */
#ifndef ENGINE_SEARCH_H
#define ENGINE_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "eval.h"
#include "gyoku/engine.h"
#include "gyoku/impasse.h"
#include "movepick.h"
#include "nnue.h"
#include "timeman.h"
#include "tt.h"

enum {
	MAX_PLY = 128,
	MAX_GAME_PLY = 4096,
	VALUE_DRAW = 0,
	VALUE_MATE = 32000,
	VALUE_INF = 32001,
	VALUE_NONE = 32002,
	VALUE_MATE_IN_MAX = VALUE_MATE - 2 * MAX_PLY,
	VALUE_SUPERIOR = 20000 /* a repetition with more in hand: won, though not a counted mate */
};

/* A root move and what the search found for it. */
struct root_move {
	gy_move move;
	int score, prev_score;
	int seldepth;
	int pv_len;
	gy_move pv[MAX_PLY + 1];
};

/* The per-search settings every worker reads. */
struct search_setup {
	struct gy_limits limits;
	struct timeman tm;
	int multipv;
	enum gy_impasse_rule entering;       /* option EnteringKingRule */
	gy_hand entering_extra[GY_COLOR_NB]; /* what counts on top of each side's pieces (a handicap bonus) */
	int max_moves;                       /* draw at this game ply (0: none) */
	int skill;                           /* 0..20; 20 is full strength */
	bool report;                         /* worker 0 calls the info callback */
	const struct nnue_net *nnue;         /* the evaluation: this network (option EvalType nnue), NULL: linear */
};

/* What the workers of one search share. */
struct search_shared {
	struct tt *tt;
	const struct gy_engine_callbacks *cb;
	struct search_setup setup;
	atomic_bool stop;
	atomic_bool pondering;    /* cleared by ponderhit */
	_Atomic int64_t start_ms; /* when the clock of this move started (go, or ponderhit) */
	_Atomic uint64_t nodes;
	/* The game before the root: keys, board keys, hands and checks for the repetition rules. */
	int game_len;
	uint64_t game_board_key[MAX_GAME_PLY];
	gy_hand game_hand[MAX_GAME_PLY][GY_COLOR_NB];
	bool game_in_check[MAX_GAME_PLY];
};

/* One ply of a worker's search stack. */
struct stack {
	gy_move move;     /* the move made at this ply */
	cont_table *cont; /* continuation table of that move */
	int static_eval;
	gy_move killer[2];
	gy_move pv[MAX_PLY + 1];
	int pv_len;
	bool in_check;
	gy_move excluded;     /* the move a singular-extension search leaves out here (GY_MOVE_NONE: none) */
	struct eval_acc acc;  /* the evaluation's board terms of this ply's position, when acc_ok */
	struct nnue_acc nacc; /* the network's accumulator instead, when the search uses one */
	bool acc_ok;
};

struct worker {
	struct search_shared *sh;
	int id;
	struct gy_pos pos;
	struct history *hist; /* large: allocated once per worker */
	uint64_t nodes;       /* this worker's, flushed to sh->nodes now and then */
	int seldepth;
	int root_depth, completed_depth;
	int pv_index;
	int nroot;
	struct root_move root[GY_MAX_MOVES];
	/* The path from the game start: indexed by game ply. */
	uint64_t board_key[MAX_GAME_PLY + MAX_PLY + 8];
	gy_hand hand[MAX_GAME_PLY + MAX_PLY + 8][GY_COLOR_NB];
	bool in_check[MAX_GAME_PLY + MAX_PLY + 8];
	struct stack stack[MAX_PLY + 8];
	int best_changes;
};

/*
 * Runs iterative deepening on `w` until the shared stop flag or a limit
 * ends it (worker 0 also applies the time and node limits and reports).
 * The worker's position and root moves must be set.
 */
void gy__search_run(struct worker *w);

/* Fills w->root with the root moves of w->pos (the futile non-promotions left out). */
void gy__search_root_moves(struct worker *w);

/* True when the side to move of `p` wins at once under `rule`: a winning declaration, or a legal try move. */
bool gy__search_entering_win(const struct gy_pos *p, enum gy_impasse_rule rule, const gy_hand extra[GY_COLOR_NB]);

/* The try move of the side to move (its king onto the enemy king's start square), or GY_MOVE_NONE. */
gy_move gy__search_try_move(const struct gy_pos *p);

/* Clears a worker's histories. */
void gy__search_clear_history(struct worker *w);

#endif
