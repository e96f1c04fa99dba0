/*
 * gyoku/game.h: a game record: the start position, headers, a tree of
 * moves (the main line and its variations) with times and comments, and
 * how the game ended; and the referee that judges each new position by
 * docs/rules.md (mate, sennichite, perpetual check, try, move limit).
 *
 * struct gy_game is opaque: gy_game_create/gy_game_destroy.  Nodes are
 * small integers: node 0 is the start position; every other node is the
 * position after one move from its parent.  A node's first child is its
 * main continuation, the other children (siblings in order) are
 * variations.  Not thread-safe: one game, one thread at a time.
 */
#ifndef GYOKU_GAME_H
#define GYOKU_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "err.h"
#include "impasse.h"
#include "position.h"
#include "types.h"

/* How a game ended (docs/rules.md, "How a game ends"). */
enum gy_ending {
	GY_END_NONE,            /* the game goes on */
	GY_END_CHECKMATE,       /* the side to move is mated: it loses */
	GY_END_NO_MOVES,        /* the side to move has no legal move, not in check: it loses */
	GY_END_RESIGNATION,     /* the resigner loses */
	GY_END_ILLEGAL_MOVE,    /* strict mode: the mover loses */
	GY_END_SENNICHITE,      /* fourfold repetition: a draw */
	GY_END_PERPETUAL_CHECK, /* the side that checked throughout the cycle loses */
	GY_END_DECLARATION,     /* impasse declaration: win, draw or loss by its rule */
	GY_END_TRY,             /* try rule: the king reached the opponent king's square */
	GY_END_TIME_FORFEIT,    /* the side whose time ran out loses */
	GY_END_MAX_MOVES,       /* the move limit: a draw */
	GY_END_INTERRUPTION,    /* stopped without a result */
	GY_END_NB
};

/* The result of a game. */
enum gy_result { GY_RESULT_NONE, GY_RESULT_BLACK_WINS, GY_RESULT_WHITE_WINS, GY_RESULT_DRAW };

/* An ending with its result. */
struct gy_verdict {
	enum gy_ending ending;
	enum gy_result result;
};

/* The rules of a game, a value type: what the referee and the game in progress (session.h) apply. */
struct gy_rules {
	/*
	 * Strict (tournament) rules: an illegal move, or a declaration that
	 * fails, loses at once and a move cannot be taken back.  Casual: an
	 * illegal move is refused and the same side moves again, takebacks
	 * are allowed (a failed declaration still loses).
	 */
	bool strict;
	enum gy_impasse_rule impasse; /* declarations (24, 27 points), the try rule, or none */
	bool handicap_bonus;          /* in a handicap game the giver's removed pieces count for its declaration */
	int max_moves;                /* the game is drawn when it reaches this ply (0: no limit) */
	/*
	 * With a live clock (not correspondence), each side's first move:
	 * its clock does not run before it (the move is free), and it must
	 * come within this time of its turn's start, or the game is aborted
	 * (GY_END_INTERRUPTION, no result).  0: clocks run from the start.
	 */
	int64_t first_move_ms;
};

/* The rules most games use: casual, the CSA 27-point rule with the handicap bonus, no move limit. */
struct gy_rules gy_rules_default(void);

struct gy_game;

/* An English name of `e` ("checkmate", "sennichite", ...); static. */
const char *gy_ending_name(enum gy_ending e);

/*
 * Creates a game starting from `start` (copied).  Errors: GY_ERR_NOMEM.
 * The caller destroys it with gy_game_destroy.
 */
enum gy_err gy_game_create(struct gy_game **out, const struct gy_pos *start) __attribute__((warn_unused_result));

/* Frees `g` and everything it holds; NULL is allowed. */
void gy_game_destroy(struct gy_game *g);

/* The start position. */
const struct gy_pos *gy_game_start(const struct gy_game *g);

/*
 * Sets header `key` to `value` (both UTF-8, copied; an existing key is
 * replaced in place, a new one appended).  Errors: GY_ERR_NOMEM,
 * GY_ERR_TOO_LONG (either over 4096 bytes).
 */
enum gy_err gy_game_set_header(struct gy_game *g, const char *key, const char *value)
	__attribute__((warn_unused_result));

/* The value of header `key`, or NULL.  Valid until the header changes. */
const char *gy_game_header(const struct gy_game *g, const char *key);

/* The number of headers, and the i-th (in the order first set). */
int gy_game_header_count(const struct gy_game *g);
void gy_game_header_at(const struct gy_game *g, int i, const char **key, const char **value);

/*
 * Adds the move `m` after node `node` and sets `*child` to its node.  If
 * the move is already a child of `node`, that child is returned;
 * otherwise the new child becomes the last variation (the main line when
 * it is the first child).  Errors: GY_ERR_ARG (no such node),
 * GY_ERR_MOVE_* (the move is illegal there: see gy_move_build),
 * GY_ERR_NOMEM.
 */
enum gy_err gy_game_add(struct gy_game *g, int node, gy_move m, int *child) __attribute__((warn_unused_result));

/*
 * Deletes `node` (not the root) and every node below it.  The nodes
 * left keep their order but are numbered anew (0 .. count - 1), so a
 * caller finds its nodes again from the root; an ending recorded at a
 * deleted node is cleared.  Errors: GY_ERR_ARG (the root, or no such
 * node), GY_ERR_NOMEM (nothing changed).
 */
enum gy_err gy_game_delete(struct gy_game *g, int node) __attribute__((warn_unused_result));

/*
 * Makes `node` its parent's first child, the main continuation (the
 * other children keep their order after it).  Errors: GY_ERR_ARG (the
 * root, or no such node).
 */
enum gy_err gy_game_promote(struct gy_game *g, int node) __attribute__((warn_unused_result));

/* The number of nodes, the root included. */
int gy_game_node_count(const struct gy_game *g);

/* Tree navigation: -1 when there is none. */
int gy_game_parent(const struct gy_game *g, int node);
int gy_game_first_child(const struct gy_game *g, int node);
int gy_game_next_sibling(const struct gy_game *g, int node);
/* The last node of the main line (following first children from the root). */
int gy_game_main_end(const struct gy_game *g);

/* The move that led to `node` (GY_MOVE_NONE for the root), and its ply (0 for the root). */
gy_move gy_game_move(const struct gy_game *g, int node);
int gy_game_ply(const struct gy_game *g, int node);

/* Sets `*pos` to the position at `node`.  Errors: GY_ERR_ARG. */
enum gy_err gy_game_position(const struct gy_game *g, int node, struct gy_pos *pos);

/* Time spent on the move that led to `node`, in ms (-1: unknown, the default). */
void gy_game_set_time(struct gy_game *g, int node, int64_t ms);
int64_t gy_game_time(const struct gy_game *g, int node);

/*
 * The comment of `node` (UTF-8, "" when none); set replaces it.
 * Errors: GY_ERR_NOMEM, GY_ERR_TOO_LONG (over 64 KiB), GY_ERR_ARG.
 */
const char *gy_game_comment(const struct gy_game *g, int node);
enum gy_err gy_game_set_comment(struct gy_game *g, int node, const char *text) __attribute__((warn_unused_result));

/*
 * The referee: judges the position at `node` by the rules that end a game
 * by themselves: checkmate or no legal move, sennichite and perpetual
 * check over the path from the root, the try rule (the move that led to
 * `node`, when rules->impasse is GY_IMPASSE_TRY), the move limit
 * (rules->max_moves); `rules` NULL is neither.  Returns GY_END_NONE when
 * play goes on.
 */
struct gy_verdict gy_game_judge(const struct gy_game *g, int node, const struct gy_rules *rules);

/*
 * Endings.  Any node may hold one: the main line's ending (at most one on
 * the main line, normally at its last node) and the ending of a variation
 * (at the variation's last node).  gy_game_set_ending sets the ending at
 * `node`: on the main line it replaces the main line's ending (wherever
 * it was); elsewhere it sets that variation's; GY_END_NONE clears it;
 * checkmate where the side to move is not in check is kept as
 * GY_END_NO_MOVES (records write both as 詰み, %TSUMI or TSUMI);
 * `node` -1 clears the main line's.  Setting an ending clears its time,
 * comment and foul (below).  gy_game_ending gives the main line's ending
 * and its node (-1 when none); gy_game_node_ending the ending at any
 * node (GY_END_NONE when none).
 */
void gy_game_set_ending(struct gy_game *g, int node, struct gy_verdict v);
struct gy_verdict gy_game_ending(const struct gy_game *g, int *node);
struct gy_verdict gy_game_node_ending(const struct gy_game *g, int node);

/*
 * What a record says beside an ending at `node` (one with an ending; the
 * setters do nothing at a node without one): the time spent on the ending
 * line in ms (-1 when unknown, as KIF's "投了 ( 0:10/...)" or CSA's
 * "%TORYO,T10" give it), its comment (UTF-8, "" when none; errors as
 * gy_game_set_comment, and GY_ERR_ARG at a node without an ending), and
 * for GY_END_ILLEGAL_MOVE the illegal move as the record wrote it (the
 * foul; GY_MOVE_NONE when the record names none).  A foul is the move
 * the loser made from the ending's position: its origin holds the
 * mover's piece (or the dropped piece is in hand) and its destination
 * no piece of the mover's, but it breaks a rule (docs/rules.md "Illegal
 * moves"), so it is never played: the game ends at the position before
 * it, and writers write it back as the last move before the ending.  With
 * a foul, the ending's time is the foul's.
 */
void gy_game_set_ending_time(struct gy_game *g, int node, int64_t ms);
int64_t gy_game_ending_time(const struct gy_game *g, int node);
const char *gy_game_ending_comment(const struct gy_game *g, int node);
enum gy_err gy_game_set_ending_comment(struct gy_game *g, int node, const char *text)
	__attribute__((warn_unused_result));
void gy_game_set_ending_foul(struct gy_game *g, int node, gy_move foul);
gy_move gy_game_ending_foul(const struct gy_game *g, int node);

#endif
