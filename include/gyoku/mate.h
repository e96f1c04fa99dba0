/*
 * gyoku/mate.h: the mate (tsume) solver: df-pn with hand superiority, then
 * the shortest mate and its line.
 *
 * The side to move at the root is the attacker: it may only check, the
 * defender answers with every legal evasion, and a defender without one
 * is mated.  Uchifuzume is never played (the generators exclude it), a
 * position may lack the attacker's king (a tsume problem; the pieces are
 * those of the position: a problem whose defender holds the rest of the
 * set says so, see gy_pos_give_rest_to in position.h), and a position
 * repeated on a line counts as a failure of the attacker, so a loop can
 * never produce a false mate.
 *
 * The length reported is the minimax length: the attacker mates as fast
 * as it can, the defender resists as long as it can; the line is one such
 * game.  A line reported complete has been replayed: every move legal,
 * every attacker move a check, the end a checkmate (the defender in check
 * without a legal move, not by a pawn drop), each defender move the
 * longest evasion the solver knows of (proven longest when `shortest`).
 * When a limit stops the search while the line is built, the line ends
 * where the solver no longer knows the defender's best evasion, and the
 * report says it is incomplete.  With `tsume_rules`, futile interpositions (無駄合) are left out of
 * the line and of its length, and among defences of equal length the one
 * leaving the attacker fewer pieces in hand is shown (see
 * docs/mate.md for what exactly is decided and how).
 *
 * struct gy_mate is opaque: it owns the transposition table.  One gy_mate
 * is used by one thread at a time; the stop flag may be set from another.
 * A solver may search with several threads of its own
 * (gy_mate_set_threads): the answers and lengths are the same, exact,
 * whatever their number (the node counts are not reproducible then).
 * gy_init() (init.h) must have run.
 */
#ifndef GYOKU_MATE_H
#define GYOKU_MATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "position.h"
#include "types.h"

struct gy_mate;

enum gy_mate_status {
	GY_MATE_FOUND,  /* a mate was proven; the line is filled, a whole mate only when the report says complete */
	GY_MATE_NONE,   /* proven that no mate exists */
	GY_MATE_TIMEOUT /* the time, node limit or stop flag ended the search first */
};

/* What may end a search early; zero fields mean "no limit". */
struct gy_mate_limits {
	int64_t time_ms;  /* wall time in milliseconds; 0 = none */
	uint64_t nodes;   /* nodes; 0 = none */
	bool no_shorten;  /* skip the shortest-mate refinement (report the first proof's line) */
	bool tsume_rules; /* composition conventions (futile interpositions, defender's choice) */
};

/* What a solve found, besides the line. */
struct gy_mate_report {
	enum gy_mate_status status;
	int length;      /* plies to mate (FOUND): the line's length when complete, else minimax (an upper bound) */
	int minimax;     /* the minimax mate length before tsume rules; an upper bound unless shortest */
	bool shortest;   /* the length was proven shortest (refinement finished) and the line is complete */
	bool complete;   /* the line is a whole mate, checked by replay (a limit may cut it short while it is built) */
	uint64_t nodes;  /* nodes searched, all phases */
	int64_t time_ms; /* wall time */
	double tt_usage; /* fraction of the TT's slots in use at the end (of the table as it has grown) */
	size_t tt_bytes; /* the TT's memory at the end: it grows with the problem up to the limit */
};

/*
 * Creates a solver whose transposition table may take up to `memory_mb`
 * megabytes (at least 1): it starts small (1 MB) and grows with the
 * problem up to that limit, then makes room by dropping the entries of
 * least work.  Errors: GY_ERR_NOMEM (not even the starting table).  Free
 * with gy_mate_destroy.
 */
enum gy_err gy_mate_create(struct gy_mate **out, size_t memory_mb) __attribute__((warn_unused_result));

/* Frees `m` (NULL is fine). */
void gy_mate_destroy(struct gy_mate *m);

enum { GY_MATE_THREADS_MAX = 64 };

/*
 * Makes the searches of `m` use `threads` threads (1 to
 * GY_MATE_THREADS_MAX; 1, the default, searches in the caller's thread
 * alone): the caller's and threads - 1 of the solver's own, started here
 * and waiting between solves, all searching the same root on the one
 * table (docs/mate.md "Threads").  The answer, its length and the line's
 * length are exact whatever the number; the line may be another of the
 * same length, and node counts vary from run to run.  Not while a solve
 * runs.  Errors: GY_ERR_ARG (out of range), GY_ERR_NOMEM (the threads
 * could not be started, or a build without threads: `m` then searches
 * with one).
 */
enum gy_err gy_mate_set_threads(struct gy_mate *m, int threads) __attribute__((warn_unused_result));

/* Forgets everything learnt (the next solve starts from an empty table, back at its starting size). */
void gy_mate_clear(struct gy_mate *m);

/*
 * Solves `p` with the side to move attacking.  `limits` may be NULL (no
 * limit); `stop` may be NULL, else the search ends soon after *stop
 * becomes true (from any thread) with GY_MATE_TIMEOUT, or with FOUND if a
 * mate was already proven (then `shortest` may be false).  On FOUND the
 * line is written to `pv` (at most `pv_max` moves; the report's length
 * tells the full length, the return of gy_mate_pv_len how many were
 * written).  FOUND says that a mate exists; only a report with `complete`
 * set says that the line is one: otherwise (a limit stopped the search
 * before the line could be finished) `pv` holds its known start (maybe
 * none), each attacker move in it proven to mate, and `length` is an
 * upper bound of the mate's length.  The table is kept between solves (clear it with
 * gy_mate_clear for independent timings; it also gives the table's
 * memory back).  Memory never grows beyond the table's limit and per-ply
 * buffers: when the table is full at its limit, the entries with the
 * least work are dropped.  Returns the status, also in `report` (which
 * may be NULL).
 */
enum gy_mate_status gy_mate_solve(struct gy_mate *m, const struct gy_pos *p, const struct gy_mate_limits *limits,
				  const atomic_bool *stop, gy_move *pv, int pv_max, struct gy_mate_report *report);

/* The number of moves written to `pv` by the last gy_mate_solve. */
int gy_mate_pv_len(const struct gy_mate *m);

/* The name of a status: "mate", "nomate", "timeout". */
const char *gy_mate_status_name(enum gy_mate_status s);

/* ---- Checking a composition (mate/check.c; docs/mate.md "`gyoku solve --check`") ---- */

/* What gy_mate_check concludes about a composed problem. */
enum gy_mate_verdict {
	GY_MATE_SOUND,   /* a mate, unique (no 余詰 before the last move), every piece in hand used */
	GY_MATE_UNSOUND, /* a flaw: an alternative mate (余詰) or pieces left in hand (駒余り) */
	GY_MATE_NOMATE,  /* proven that no mate exists */
	GY_MATE_UNKNOWN  /* no flaw found, but the limits stopped a search: soundness is not claimed */
};

/* The kinds of finding; only GY_MATE_NOTE_ALT is a flaw, UNDECIDED leaves the verdict unknown. */
enum gy_mate_note_kind {
	GY_MATE_NOTE_ALT,       /* 余詰: another check at `ply` also mates within the plies left (a flaw) */
	GY_MATE_NOTE_ALT_LAST,  /* 最終手余詰: another mate on the last move (tolerated; a flaw in a mate in 1) */
	GY_MATE_NOTE_UNDECIDED, /* the limits stopped a question on `move` at `ply`, or the answers disagree (below) */
	GY_MATE_NOTE_FUTILE, /* 無駄合: the defender's drop `move` at `ply` is a futile interposition, not counted */
	GY_MATE_NOTE_SAME    /* 変同: the defence `move` at `ply` lasts as long and leaves as few pieces in hand */
};

/* One finding, on the line: `ply` (1-based) is where `move` would be played instead of line[ply - 1]. */
struct gy_mate_note {
	enum gy_mate_note_kind kind;
	int ply;
	gy_move move;
	/*
	 * ALT, ALT_LAST, SAME: plies from `ply` to the mate, `move` included (tsume rules).  UNDECIDED: 0 when
	 * the limits stopped the question; at a defender's ply, the length of a defence found longer than the
	 * line's, or as long with fewer pieces left in hand, or -1 for one found to escape (the solver's line
	 * is then not trusted).
	 */
	int length;
};

enum { GY_MATE_CHECK_LINE_MAX = 4096, GY_MATE_CHECK_NOTES_MAX = 256 };

/* The report of gy_mate_check (large: allocate it, do not put it on a small stack). */
struct gy_mate_check {
	enum gy_mate_verdict verdict;
	struct gy_mate_report solve; /* the solve of the problem under the tsume rules */
	int n;                       /* plies of the line (the solution) written to `line` */
	gy_move line[GY_MATE_CHECK_LINE_MAX];
	gy_hand left; /* 駒余り: the attacker's hand at the end of the line; 0 when every piece was used */
	int count[5]; /* the findings of each kind (enum gy_mate_note_kind), all counted */
	int nnotes;   /* the findings kept in `notes`, in the order of the line (the first GY_MATE_CHECK_NOTES_MAX) */
	struct gy_mate_note notes[GY_MATE_CHECK_NOTES_MAX];
	uint64_t nodes;  /* nodes searched, all questions */
	int64_t time_ms; /* wall time */
};

/*
 * Checks the composed problem `p` (attacker to move) under the tsume
 * conventions, as composers check their work: solves it with
 * `tsume_rules` (the line: the attacker's shortest mate, the defender's
 * longest defence leaving the fewest pieces in hand, futile interpositions
 * not counted; mended where a defence as long leaves fewer), then, at each attacker move of the line, asks of every
 * other check whether it also mates within the plies left (余詰; on the
 * last move 最終手余詰, reported but tolerated unless the problem is a mate
 * in 1), notes the futile interpositions met on the line (無駄合) and the
 * defences as long as the line's that leave as few pieces (変同), and tells
 * the attacker's pieces left in hand at the end (駒余り, a flaw).  `limits`
 * (time and nodes, for everything together; its flags are ignored) and
 * `stop` as for gy_mate_solve; a question a limit stopped makes the verdict
 * UNKNOWN unless a flaw was found.  The table is kept, shared by the
 * questions.  Returns the verdict, also in `out`.
 */
enum gy_mate_verdict gy_mate_check(struct gy_mate *m, const struct gy_pos *p, const struct gy_mate_limits *limits,
				   const atomic_bool *stop, struct gy_mate_check *out);

/* The name of a verdict: "sound", "unsound", "nomate", "unknown". */
const char *gy_mate_verdict_name(enum gy_mate_verdict v);

#endif
