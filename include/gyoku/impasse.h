/*
 * gyoku/impasse.h: impasse (jishogi, 入玉) rules: the points count, the
 * declarations, the 24-point rule by agreement and the try rule
 * (docs/rules.md "Impasse (jishogi) rules").
 *
 * The rule a game is played under is one enum, enum gy_impasse_rule,
 * with its names for every front end (short, USI).
 *
 * Points: a rook or bishop, promoted or not, is 5; every other piece but
 * the king is 1.  A side's "zone" here is the opponent's camp: ranks a-c
 * for Sente, g-i for Gote.  In handicap games the pieces the giver removed
 * count for it: the caller passes them as `extra` (for a preset,
 * extra[GY_WHITE] = gy_handicap_removed_hand(h), handicap.h); they add to
 * the points as if held in hand, never to the pieces in the zone.
 *
 * Everything here is pure and thread-safe; gy_init() must have run.
 */
#ifndef GYOKU_IMPASSE_H
#define GYOKU_IMPASSE_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"
#include "types.h"

/*
 * The impasse rule a game is played under: one enum for every front end
 * (the terminal game, the match runner, the server, the engine).
 */
enum gy_impasse_rule {
	/* No declaration and no try: an impasse plays on, to the move limit. */
	GY_IMPASSE_NONE,
	/*
	 * JSA 24-point declaration (入玉宣言法, 2013): king in the zone, at
	 * least 10 other pieces there, not in check; points of the pieces in
	 * the zone plus the hand: 31 or more wins, 24-30 draws, else loses.
	 */
	GY_IMPASSE_JSA24,
	/*
	 * CSA 27-point declaration (宣言法): the same conditions, and at least
	 * 28 points for Sente, 27 for Gote, wins; anything else loses.  The
	 * condition "has time left" is the clock's to check.
	 */
	GY_IMPASSE_CSA27,
	/* The try rule: a king that reaches the opponent king's start square wins (no declaration). */
	GY_IMPASSE_TRY,
	GY_IMPASSE_RULE_NB
};

/*
 * The short name of `rule`, a static string: "none", "24", "27", "try"
 * (the words of `gyoku play --impasse` and of the server's API and
 * store); "?" for a value out of range.
 */
const char *gy_impasse_rule_name(enum gy_impasse_rule rule);

/*
 * The USI name of `rule` (YaneuraOu's EnteringKingRule values), a static
 * string: "NoEnteringKing", "CSARule24", "CSARule27", "TryRule"; with
 * `handicap_bonus` the declaration rules are "CSARule24H", "CSARule27H"
 * (the handicap giver's removed pieces count for it).
 */
const char *gy_impasse_rule_usi(enum gy_impasse_rule rule, bool handicap_bonus);

/*
 * The rule named by the `len` bytes at `s`: a short name, a USI name
 * (any ASCII case; an 'H' variant sets `*handicap_bonus` when it is not
 * NULL, a plain name clears it), or "jsa24", "csa27"; -1 when there is
 * no such rule.
 */
int gy_impasse_rule_parse(const char *s, size_t len, bool *handicap_bonus);

/*
 * The pieces that count for each side on top of its own in a game that
 * starts at `start`: for a handicap preset's position (handicap.h), the
 * giver's (Gote's) removed pieces; none otherwise.
 */
void gy_impasse_handicap_extra(const struct gy_pos *start, gy_hand extra[GY_COLOR_NB]);

/* The outcome for the declaring side (the side to move). */
enum gy_impasse_verdict { GY_IMPASSE_LOSS, GY_IMPASSE_DRAW, GY_IMPASSE_WIN };

/* The first condition of a declaration that failed, in the order checked. */
enum gy_impasse_failure {
	GY_IMPASSE_OK,               /* every condition held (the verdict may still be a draw) */
	GY_IMPASSE_KING_NOT_IN_ZONE, /* the declarer's king is not in the zone */
	GY_IMPASSE_TOO_FEW_PIECES,   /* fewer than 10 other pieces in the zone */
	GY_IMPASSE_IN_CHECK,         /* the declarer is in check */
	GY_IMPASSE_TOO_FEW_POINTS,   /* under the rule's threshold (31, 28/27; 24 for draw rules) */
	GY_IMPASSE_NO_DECLARATION    /* the rule has no declaration (none, try) */
};

/* What a declaration (or a count by agreement) found, for a UI to show. */
struct gy_impasse_result {
	enum gy_impasse_verdict verdict;
	enum gy_impasse_failure failed;
	int side;            /* the declarer: the side to move */
	int points;          /* its points under the rule (zone + hand + extra, or all + extra) */
	int opponent_points; /* the opponent's, counted the same way */
	int zone_pieces;     /* the declarer's pieces in its zone, king excepted */
	bool king_in_zone;   /* the declarer's king is in its zone */
	bool in_check;       /* the declarer is in check */
	int win_points;      /* the points the rule asks for a win (31, 28 or 27, 24) */
};

/* The impasse points of piece type `pt` (promoted or not): 5, 1, or 0 for the king and GY_NO_PTYPE. */
static inline int gy_impasse_ptype_points(int pt)
{
	int base = gy_ptype_demote(pt);
	return base == GY_ROOK || base == GY_BISHOP ? 5 : (base == GY_NO_PTYPE || base == GY_KING ? 0 : 1);
}

/* The points of the pieces in hand `h`. */
int gy_impasse_hand_points(gy_hand h);

/*
 * The points of `color`'s pieces on the board (only those in its zone when
 * `zone_only`) plus its hand; when `pieces` is not NULL it receives the
 * number of those board pieces, king excepted.
 */
int gy_impasse_points(const struct gy_pos *p, int color, bool zone_only, int *pieces);

/*
 * Evaluates a declaration by the side to move of `p` under `rule` and
 * fills `out`.  `extra` is NULL or the pieces to count for each colour on
 * top of its own (a handicap giver's removed pieces).  Under
 * GY_IMPASSE_NONE and GY_IMPASSE_TRY the declaration fails with
 * GY_IMPASSE_NO_DECLARATION (the points are counted all the same, as
 * under the 27-point rule).
 */
void gy_impasse_declare(const struct gy_pos *p, enum gy_impasse_rule rule, const gy_hand extra[GY_COLOR_NB],
			struct gy_impasse_result *out);

/*
 * The 24-point rule by agreement (JSA professional practice), counted
 * for the side to move of `p`: all pieces on the board and in hand (plus
 * `extra`, as above) count; a side under 24 loses, both at 24 or more
 * draw.  No condition on the kings: the agreement (or the arbiter) is
 * the condition.  Fills `out` (win_points is 24).
 */
void gy_impasse_agreement(const struct gy_pos *p, const gy_hand extra[GY_COLOR_NB], struct gy_impasse_result *out);

/*
 * True when `m` is a legal move of `p` by which the side to move's king
 * reaches the opponent king's start square (5a for Sente, 5i for Gote):
 * a win under the try rule.  `m` may be any value (an illegal move gives
 * false).
 */
bool gy_impasse_is_try(const struct gy_pos *p, gy_move m);

#endif
