/*
 * gyoku/puzzle.h: tsume puzzles (docs/puzzles.md): the puzzle file's line,
 * a puzzle's id and theme (libgyoku, lib/puzzle.c), and what needs the
 * mate solver (the mate layer, mate/puzzle.c): the verification of a
 * puzzle that `gyoku puzzles make` and `check` run, and the judge of a
 * player's attacker move that the server answers with.
 *
 * A puzzle is a position whose side to move (the attacker) mates in `n`
 * plies, every attacker move a check, and the main line of that mate.
 * gy_init() (init.h) must have run.
 */
#ifndef GYOKU_PUZZLE_H
#define GYOKU_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "position.h"
#include "types.h"

enum {
	GY_PUZZLE_MAX_LEN = 15,     /* the longest puzzle (plies) */
	GY_PUZZLE_LINE_MAX = 64,    /* room for a line (a longer one is no puzzle) */
	GY_PUZZLE_SOURCE_MAX = 128, /* the source field kept (longer is cut) */
	GY_PUZZLE_ID_MAX = 16,      /* an id with its NUL */
	GY_PUZZLE_THEME_MAX = 16    /* a theme ("15手詰") with its NUL */
};

/* One puzzle: the position (attacker to move), its main line and where it comes from. */
struct gy_puzzle {
	struct gy_pos pos;
	gy_move line[GY_PUZZLE_LINE_MAX];
	int n; /* plies of the line: odd, 1..GY_PUZZLE_MAX_LEN */
	char source[GY_PUZZLE_SOURCE_MAX];
};

/* ---- libgyoku (lib/puzzle.c) ---- */

/*
 * Reads one line of a puzzle file (`len` bytes of `text`, without its end
 * of line; docs/puzzles.md "The file"): SFEN, solution, length, theme and
 * source separated by tabs.  Checks the format only (the SFEN a position,
 * the solution legal moves as many as the length, the theme the length's),
 * not the mate: see gy_puzzle_verify.  Returns true, or false with the
 * reason in `why` (never more than `size` bytes).
 */
bool gy_puzzle_parse(const char *text, size_t len, struct gy_puzzle *pz, char *why, size_t size);

/*
 * Writes `pz` as a line of a puzzle file (without the end of line) to
 * `buf`; returns the length the whole line needs (as snprintf does).
 */
int gy_puzzle_write(const struct gy_puzzle *pz, char *buf, size_t size);

/* The theme of a puzzle of `n` plies: "3手詰", the name players know. */
void gy_puzzle_theme(int n, char *buf, size_t size);

/* The position key that tells puzzles apart: the SFEN without its move number (GY_SFEN_MAX bytes). */
void gy_puzzle_key(const struct gy_pos *p, char *buf, size_t size);

/*
 * The stable id of a puzzle: 10 characters of [0-9a-z] from a 64-bit
 * FNV-1a hash of its key, so the same position has the same id in every
 * file and every run (GY_PUZZLE_ID_MAX bytes).
 */
void gy_puzzle_id(const struct gy_pos *p, char *buf, size_t size);

/* ---- the mate layer (mate/puzzle.c) ---- */

/* A solver for puzzles (opaque): the mate solver with its table and buffers. */
struct gy_puzzle_solver;

/* Creates a solver with a table of about `memory_mb` MB.  Errors: GY_ERR_NOMEM. */
enum gy_err gy_puzzle_solver_create(struct gy_puzzle_solver **out, size_t memory_mb)
	__attribute__((warn_unused_result));
void gy_puzzle_solver_destroy(struct gy_puzzle_solver *s);

/* What a bounded solve says about a position, attacker to move. */
enum gy_puzzle_answer { GY_PUZZLE_MATE, GY_PUZZLE_NOMATE, GY_PUZZLE_UNKNOWN };

/*
 * The solver's tsume length of `p` (futile interpositions not counted,
 * mate.h) within `nodes` nodes from a cleared table when `clear`:
 * GY_PUZZLE_MATE with *len and the line (gy_puzzle_solver_line) when a
 * complete line of a proven shortest length was found, GY_PUZZLE_NOMATE
 * when no mate exists, else GY_PUZZLE_UNKNOWN.
 */
enum gy_puzzle_answer gy_puzzle_solve(struct gy_puzzle_solver *s, const struct gy_pos *p, uint64_t nodes, bool clear,
				      int *len);

/* The line of the last gy_puzzle_solve that found a mate; its length in *n. */
const gy_move *gy_puzzle_solver_line(const struct gy_puzzle_solver *s, int *n);

/*
 * Verifies a puzzle (docs/puzzles.md "What a puzzle is"): shortest,
 * unique, every attacker move a check, the defender resisting longest,
 * the line ending in mate, the length at most `max_len`.  Each solve
 * starts from a cleared table with a node limit, so the verdict depends
 * on the puzzle alone.  Returns true, or false with the reason in `why`.
 */
bool gy_puzzle_verify(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, int max_len, char *why, size_t size);

/* The judge's verdict on a player's attacker move. */
enum gy_puzzle_verdict {
	GY_PUZZLE_RIGHT,     /* the line's move: the defender answers with `reply` */
	GY_PUZZLE_SOLVED,    /* the last move, and it mates: the puzzle is solved */
	GY_PUZZLE_ILLEGAL,   /* not a legal move (or no move at all) */
	GY_PUZZLE_NOT_CHECK, /* legal but no check */
	GY_PUZZLE_NO_MATE,   /* a check the defender escapes: `reply` when the solver found the escape */
	GY_PUZZLE_LONGER,    /* a check that mates, but not within the plies left: `mate_len` plies */
	GY_PUZZLE_NOT_MATE,  /* the last move: a check, but no mate; `reply` an answer of the defender */
	GY_PUZZLE_WRONG      /* another check, and the solver could not tell why within its nodes */
};

struct gy_puzzle_judgement {
	enum gy_puzzle_verdict verdict;
	gy_move move; /* the player's move (GY_MOVE_NONE when ILLEGAL) */
	gy_move reply; /* the defender's answer: RIGHT always, NO_MATE / LONGER / NOT_MATE when known, else GY_MOVE_NONE */
	int mate_len; /* LONGER: plies of the mate from the player's move on; else 0 */
};

/*
 * Judges the attacker move `usi[n - 1]` of a player solving `pz`, after
 * the moves `usi[0 .. n - 1)` played so far (the line's first n - 1 moves:
 * attacker, defender, ...; n odd, at most pz->n).  Moves are USI text.
 * The line's move is RIGHT (SOLVED at the end), and at the last move of a
 * puzzle of 3 plies or more any other mate is SOLVED too (最終手余詰,
 * docs/puzzles.md).  Any other move is wrong, and the reason is found:
 * illegal, no check, a check the defender escapes or one that mates too
 * slowly (the solver on each answer of the defender, board moves first,
 * `nodes` nodes in all, each solve at most half of those left), at the
 * last move a check that is not mate.  Errors: GY_ERR_ARG when
 * `n` is even, too large, or the moves so far are not the line's.
 */
enum gy_err gy_puzzle_judge(struct gy_puzzle_solver *s, const struct gy_puzzle *pz, const char *const *usi, int n,
			    uint64_t nodes, struct gy_puzzle_judgement *out);

/* The name of a verdict: "right", "solved", "illegal", "not-check", "no-mate", "longer", "not-mate", "wrong". */
const char *gy_puzzle_verdict_name(enum gy_puzzle_verdict v);

#endif
