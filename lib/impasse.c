/*
 * lib/impasse.c: impasse points, declarations and the try rule.
 *
 * A side's zone is its promotion zone (gy_in_zone), which is the
 * opponent's camp.  The declaration's conditions are checked in the order
 * of rules.md (king in the zone, ten pieces, not in check, points) and the
 * first that fails is reported; the points are always counted so that a
 * UI can show them.
 */
#include "gyoku/impasse.h"

#include <stddef.h>

#include "gyoku/handicap.h"
#include "gyoku/movegen.h"
#include "scan.h"

int gy_impasse_hand_points(gy_hand h)
{
	int points = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		points += gy_hand_count(h, pt) * gy_impasse_ptype_points(pt);
	return points;
}

int gy_impasse_points(const struct gy_pos *p, int color, bool zone_only, int *pieces)
{
	int points = gy_impasse_hand_points(p->hand[color]), n = 0;
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		gy_piece pc = p->board[sq];
		if (pc == GY_NO_PIECE || gy_piece_color(pc) != color || gy_piece_type(pc) == GY_KING)
			continue;
		if (zone_only && !gy_in_zone(color, sq))
			continue;
		points += gy_impasse_ptype_points(gy_piece_type(pc));
		n++;
	}
	if (pieces)
		*pieces = n;
	return points;
}

const char *gy_impasse_rule_name(enum gy_impasse_rule rule)
{
	static const char *const names[GY_IMPASSE_RULE_NB] = {"none", "24", "27", "try"};
	return (unsigned)rule < GY_IMPASSE_RULE_NB ? names[rule] : "?";
}

const char *gy_impasse_rule_usi(enum gy_impasse_rule rule, bool handicap_bonus)
{
	static const char *const names[2][GY_IMPASSE_RULE_NB] = {
		{"NoEnteringKing", "CSARule24", "CSARule27", "TryRule"},
		{"NoEnteringKing", "CSARule24H", "CSARule27H", "TryRule"}};
	return (unsigned)rule < GY_IMPASSE_RULE_NB ? names[handicap_bonus][rule] : "?";
}

int gy_impasse_rule_parse(const char *s, size_t len, bool *handicap_bonus)
{
	static const struct {
		const char *word;
		enum gy_impasse_rule rule;
		bool bonus;
	} words[] = {
		{"none", GY_IMPASSE_NONE, false},
		{"24", GY_IMPASSE_JSA24, false},
		{"27", GY_IMPASSE_CSA27, false},
		{"try", GY_IMPASSE_TRY, false},
		{"jsa24", GY_IMPASSE_JSA24, false},
		{"csa27", GY_IMPASSE_CSA27, false},
		{"NoEnteringKing", GY_IMPASSE_NONE, false},
		{"CSARule24", GY_IMPASSE_JSA24, false},
		{"CSARule24H", GY_IMPASSE_JSA24, true},
		{"CSARule27", GY_IMPASSE_CSA27, false},
		{"CSARule27H", GY_IMPASSE_CSA27, true},
		{"TryRule", GY_IMPASSE_TRY, false},
	};
	if (!s)
		return -1;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (gy__scan_same_word(s, len, words[i].word)) {
			if (handicap_bonus)
				*handicap_bonus = words[i].bonus;
			return (int)words[i].rule;
		}
	}
	return -1;
}

void gy_impasse_handicap_extra(const struct gy_pos *start, gy_hand extra[GY_COLOR_NB])
{
	const struct gy_handicap *h = gy_handicap_by_pos(start);
	extra[GY_BLACK] = 0;
	extra[GY_WHITE] = h ? gy_handicap_removed_hand(h) : 0;
}

/* The points needed for a win under `rule` by `side`. */
static int win_points(enum gy_impasse_rule rule, int side)
{
	switch (rule) {
	case GY_IMPASSE_JSA24: return 31;
	case GY_IMPASSE_CSA27: return side == GY_BLACK ? 28 : 27;
	default: return 24;
	}
}

/* Counts both sides (all pieces, or those in the zone) and looks at the declarer's king. */
static void count(const struct gy_pos *p, bool zone_only, const gy_hand extra[GY_COLOR_NB],
		  struct gy_impasse_result *out)
{
	int us = p->side, them = us ^ 1;
	out->side = us;
	out->points = gy_impasse_points(p, us, zone_only, NULL);
	out->opponent_points = gy_impasse_points(p, them, zone_only, NULL);
	if (extra) {
		out->points += gy_impasse_hand_points(extra[us]);
		out->opponent_points += gy_impasse_hand_points(extra[them]);
	}
	gy_impasse_points(p, us, true, &out->zone_pieces);
	out->king_in_zone = p->king[us] != GY_SQ_NONE && gy_in_zone(us, p->king[us]);
	out->in_check = gy_pos_in_check(p);
}

void gy_impasse_agreement(const struct gy_pos *p, const gy_hand extra[GY_COLOR_NB], struct gy_impasse_result *out)
{
	count(p, false, extra, out);
	out->win_points = 24;
	bool we_short = out->points < 24, they_short = out->opponent_points < 24;
	out->failed = we_short ? GY_IMPASSE_TOO_FEW_POINTS : GY_IMPASSE_OK;
	out->verdict = we_short == they_short ? GY_IMPASSE_DRAW : we_short ? GY_IMPASSE_LOSS : GY_IMPASSE_WIN;
}

void gy_impasse_declare(const struct gy_pos *p, enum gy_impasse_rule rule, const gy_hand extra[GY_COLOR_NB],
			struct gy_impasse_result *out)
{
	bool declares = rule == GY_IMPASSE_JSA24 || rule == GY_IMPASSE_CSA27;
	count(p, true, extra, out);
	out->win_points = win_points(declares ? rule : GY_IMPASSE_CSA27, p->side);
	/* The first failing condition loses (rules.md: king, ten pieces, check, points). */
	if (!declares)
		out->failed = GY_IMPASSE_NO_DECLARATION;
	else if (!out->king_in_zone)
		out->failed = GY_IMPASSE_KING_NOT_IN_ZONE;
	else if (out->zone_pieces < 10)
		out->failed = GY_IMPASSE_TOO_FEW_PIECES;
	else if (out->in_check)
		out->failed = GY_IMPASSE_IN_CHECK;
	else if (out->points < (rule == GY_IMPASSE_JSA24 ? 24 : out->win_points))
		out->failed = GY_IMPASSE_TOO_FEW_POINTS;
	else
		out->failed = GY_IMPASSE_OK;
	if (out->failed != GY_IMPASSE_OK)
		out->verdict = GY_IMPASSE_LOSS;
	else
		out->verdict = out->points >= out->win_points ? GY_IMPASSE_WIN : GY_IMPASSE_DRAW;
}

bool gy_impasse_is_try(const struct gy_pos *p, gy_move m)
{
	int us = p->side;
	gy_sq target = us == GY_BLACK ? gy_make_sq(5, 1) : gy_make_sq(5, 9);
	if (m == GY_MOVE_NONE || gy_move_is_drop(m) || gy_move_to(m) != target)
		return false;
	gy_sq from = gy_move_from(m);
	if (from >= GY_SQ_NB || p->board[from] != gy_make_piece(us, GY_KING))
		return false;
	return gy_move_is_legal(p, m);
}
