/*
 * engine/eval.h: the static evaluation, a linear function of features.
 *
 * Every term is one weight times a count, so the evaluation is the dot
 * product of a weight vector with the position's feature vector, and the
 * weights can be tuned by logistic regression on game results (Texel
 * tuning, dev/tune_cmd.c).  Features are counted from Black's
 * side: a White piece counts -1 on the feature of its rotated square.
 *
 * Feature blocks (indices into the weight vector):
 *   MAT    [type 0..15]                   a piece on the board
 *   HAND   [type 0..7][k 1..18]           the k-th piece of a type in hand
 *   PST    [type][half-board square 0..44] the piece's square, files mirrored
 *   KOWN   [type][dr 0..16][df 0..8]      where it stands from its own king
 *   KOPP   [type][dr 0..16][df 0..8]      where it stands from the enemy king
 *   MOB    [slider 0..4][squares 0..16]   reach of L, B, R, H, D
 *   HANDK  [type 0..7][dist 0..8]         a hand piece, by how far the enemy
 *                                         king is from its own camp edge
 *   TEMPO  [1]                            the side to move (+1 Black, -1 White)
 *   KSAFE  [attacked 0..8][hand 0..4]     a king's 8 neighbours attacked by the
 *                                         enemy, by the enemy's non-pawn hand
 *                                         pieces (capped at 4); counted for the
 *                                         king's owner, so the weights are the
 *                                         owner's danger (negative)
 *   KUNDEF [attacked 0..8][hand 0..4]     the same, squares no own piece but the
 *                                         king defends
 *   KATK   [attackers 0..6][hand 0..4]    enemy pieces that attack a king
 *                                         neighbour
 *   KESC   [squares 0..8]                 a king's neighbours that are empty and
 *                                         not attacked (its flight squares)
 *   THREAT [mover 0..1][type][kind 0..2]  pieces the enemy attacks: undefended,
 *                                         defended, attacked by a pawn (kind 2,
 *                                         pawns aside); counted for the piece's
 *                                         owner, mover 1 when the owner is to move
 *   DROPCHK [type 0..7][squares 1..3]     empty squares from which a piece of a
 *                                         type in hand would check the enemy king
 *                                         and not be taken at once (capped at 3)
 *   KPA    [enemy 0..1][king 0..19][type][square 0..80]
 *                                         a piece's square by a king's place,
 *                                         both seen from the king's owner and
 *                                         mirrored so that the king stands on
 *                                         files 1-5 (on file 5 not at all: with
 *                                         the king in the centre the rook's
 *                                         side and the bishop's side differ):
 *                                         the king's file (1-5) by
 *                                         its rank (back rank, second, third,
 *                                         further up); enemy 1 for the other
 *                                         side's pieces.  Castles and attack
 *                                         shapes where the relative tables
 *                                         (KOWN, KOPP) cannot tell the edge from
 *                                         the centre
 * dr is the rank offset seen from the piece's owner (+8), df the file
 * distance.
 *
 * Every block comes twice: weights [0, EVAL_PHASE_NB) for the opening and
 * [EVAL_PHASE_NB, EVAL_NB) for the endgame, blended by the game phase s
 * (0 .. EVAL_PHASE_MAX, gy__eval_phase): a feature i counted c times adds
 * c * (w[i] * (EVAL_PHASE_MAX - s) + w[EVAL_PHASE_NB + i] * s), and the sum
 * is divided by EVAL_PHASE_MAX.  So the evaluation stays linear in the
 * weights while, say, material can matter less and king safety more once
 * the hands fill up.
 */
#ifndef ENGINE_EVAL_H
#define ENGINE_EVAL_H

#include <stdint.h>

#include "gyoku/position.h"

enum {
	EVAL_MAT = 0,
	EVAL_HAND = EVAL_MAT + 16,
	EVAL_PST = EVAL_HAND + 8 * 19,
	EVAL_KOWN = EVAL_PST + 16 * 45,
	EVAL_KOPP = EVAL_KOWN + 16 * 153,
	EVAL_MOB = EVAL_KOPP + 16 * 153,
	EVAL_HANDK = EVAL_MOB + 5 * 17,
	EVAL_TEMPO = EVAL_HANDK + 8 * 9,
	EVAL_KSAFE = EVAL_TEMPO + 1,
	EVAL_KUNDEF = EVAL_KSAFE + 9 * 5,
	EVAL_KATK = EVAL_KUNDEF + 9 * 5,
	EVAL_KESC = EVAL_KATK + 7 * 5,
	EVAL_THREAT = EVAL_KESC + 9,
	EVAL_DROPCHK = EVAL_THREAT + 2 * 16 * 3,
	EVAL_KPA = EVAL_DROPCHK + 8 * 4,
	EVAL_PHASE_NB = EVAL_KPA + 2 * 20 * 16 * 81, /* the weights of one phase */
	EVAL_NB = 2 * EVAL_PHASE_NB
};

/* The endgame end of the phase scale (gy__eval_phase). */
enum { EVAL_PHASE_MAX = 24 };

/* One feature occurrence: feature `index` (below EVAL_PHASE_NB) counted `count` times (from Black's side). */
struct eval_feature {
	uint16_t index;
	int16_t count;
};

/* The tuner's feature lists hold an index below EVAL_PHASE_NB in 16 bits. */
_Static_assert(EVAL_PHASE_NB <= 65536, "feature indices must fit struct eval_feature's uint16_t");

/* The most features one position produces. */
enum { EVAL_MAX_FEATURES = 640 };

/*
 * The weights the engine plays with: data/eval/weights.txt, written by the
 * tuner, built in as C (scripts/eval_weights.sh).
 */
extern const int16_t gy__eval_weights[EVAL_NB];

/* The evaluation of `p` with `w`, in centipawns from the side to move. */
int gy__eval_with(const int16_t *w, const struct gy_pos *p);

/* The evaluation of `p` with the engine's weights, from the side to move. */
static inline int eval_evaluate(const struct gy_pos *p) { return gy__eval_with(gy__eval_weights, p); }

/*
 * The board pieces' terms summed ahead (material, squares, and where each
 * piece stands from each king: most of the evaluation's work), so that a
 * move updates them by its few pieces instead of the whole board.  Parts
 * [GY_BLACK] and [GY_WHITE] hold the terms that depend on that king's
 * square, part EVAL_ACC_FREE the others; a king's move redoes its part.
 */
enum { EVAL_ACC_FREE = GY_COLOR_NB, EVAL_ACC_PARTS };

struct eval_acc {
	int32_t open[EVAL_ACC_PARTS], end[EVAL_ACC_PARTS];
};

/* The terms of `p` from scratch. */
void gy__eval_acc_init(struct eval_acc *a, const struct gy_pos *p);

/*
 * `a` = `before` (the position before move `m`) updated for `m`; `p` is
 * the position after it.  GY_MOVE_NONE: a null move (`a` = `before`).
 */
void gy__eval_acc_update(struct eval_acc *a, const struct eval_acc *before, const struct gy_pos *p, gy_move m);

/* eval_evaluate(p), given `a` = the terms of `p`. */
int gy__eval_acc_evaluate(const struct eval_acc *a, const struct gy_pos *p);

/*
 * Writes the features of `p` (from Black's side, not the side to move)
 * into `out` (EVAL_MAX_FEATURES entries); returns how many.  Blended by
 * gy__eval_phase(p) as above, they give gy__eval_with(w, p) from Black's side.
 */
int gy__eval_features(const struct gy_pos *p, struct eval_feature *out);

/*
 * The game phase of `p`, 0 (opening) to EVAL_PHASE_MAX (endgame), capped:
 * 2 for each non-pawn piece in either hand, 1 for each of a hand's first
 * four pawns, and 1 for each piece (king aside) in the enemy camp.
 */
int gy__eval_phase(const struct gy_pos *p);

/* The hand-set weights the tuner starts from (the same for both phases). */
void gy__eval_seed(int16_t *w);

/* Board value of a piece type (0..15), for move ordering and exchange evaluation. */
int gy__eval_piece_value(int pt);

#endif
