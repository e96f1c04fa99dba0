/*
 * engine/player.c: the computer opponent at a level (gyoku/player.h), for
 * `gyoku play` and `gyoku serve`.
 *
 * A level sets the engine's SkillLevel (which limits its depth and makes
 * it pick weaker lines) and a node budget; levels 9 and 10 are limited by
 * time only (the clock, or a fixed time per move without one), level 10
 * at full skill.  Levels 1-8 (node budgets) evaluate with the linear
 * evaluation they were set by; levels 9 and 10 with EvalType's default
 * (the built-in network when there is one).  The engine reports on its own thread; this file waits
 * for the answer with gy_engine_wait, so callers see a plain function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/player.h"
#include "timeman.h"

static const struct {
	int skill;        /* SkillLevel 0..20 */
	uint64_t nodes;   /* node budget (0: none) */
	int64_t movetime; /* ms per move without a clock (0: none) */
} levels[GY_LEVEL_MAX + 1] = {
	{0, 0, 0},       {0, 300, 0},     {2, 1000, 0},     {4, 3000, 0},  {6, 10000, 0}, {8, 30000, 0},
	{11, 100000, 0}, {14, 300000, 0}, {17, 1000000, 0}, {19, 0, 3000}, {20, 0, 8000},
};

struct gy_player {
	struct gy_engine *engine;
	int level;
	enum gy_best_kind kind; /* the last answer, written by the engine thread before gy_engine_wait returns */
	gy_move move;
};

static void on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	struct gy_player *pe = ctx;
	(void)ponder;
	pe->kind = kind;
	pe->move = move;
}

enum gy_err gy_player_create(struct gy_player **out, int level, const struct gy_rules *rules)
{
	*out = NULL;
	if (level < GY_LEVEL_MIN || level > GY_LEVEL_MAX)
		return GY_ERR_ARG;
	struct gy_player *pe = calloc(1, sizeof *pe);
	if (!pe)
		return GY_ERR_NOMEM;
	struct gy_engine_callbacks cb = {.ctx = pe, .bestmove = on_bestmove};
	char margin[16];
	snprintf(margin, sizeof margin, "%d", GY_PLAYER_MARGIN_MS);
	enum gy_err err = gy_engine_create(&pe->engine, &cb);
	if (err || (err = gy_engine_set_option(pe->engine, "USI_Hash", "16")) ||
	    (err = gy_engine_set_option(pe->engine, "MateHash", "8")) ||
	    (err = gy_player_set_option(pe, "NetworkDelay", margin)) || (err = gy_player_reset(pe, level, rules)))
		goto fail;
	*out = pe;
	return GY_OK;
fail:
	gy_player_destroy(pe);
	return err;
}

enum gy_err gy_player_reset(struct gy_player *pe, int level, const struct gy_rules *rules)
{
	if (level < GY_LEVEL_MIN || level > GY_LEVEL_MAX || (unsigned)rules->impasse >= GY_IMPASSE_RULE_NB)
		return GY_ERR_ARG;
	char skill[8], max_moves[16];
	snprintf(skill, sizeof skill, "%d", levels[level].skill);
	/* A level of node budgets keeps the linear evaluation; the others take EvalType's default. */
	const char *eval = "linear";
	for (int i = 0; !levels[level].nodes && i < gy_engine_option_count(); i++)
		if (!strcmp(gy_engine_option(i)->name, "EvalType"))
			eval = gy_engine_option(i)->def;
	snprintf(max_moves, sizeof max_moves, "%d", rules->max_moves);
	enum gy_err err;
	if ((err = gy_engine_set_option(pe->engine, "SkillLevel", skill)) ||
	    (err = gy_engine_set_option(pe->engine, "EnteringKingRule",
					gy_impasse_rule_usi(rules->impasse, rules->handicap_bonus))) ||
	    (err = gy_engine_set_option(pe->engine, "MaxMovesToDraw", max_moves)) ||
	    (err = gy_engine_set_option(pe->engine, "EvalType", eval)))
		return err;
	pe->level = level;
	gy_engine_new_game(pe->engine);
	return GY_OK;
}

enum gy_err gy_player_set_option(struct gy_player *pe, const char *name, const char *value)
{
	return gy_engine_set_option(pe->engine, name, value);
}

void gy_player_stop(struct gy_player *pe) { gy_engine_stop(pe->engine); }

void gy_player_destroy(struct gy_player *pe)
{
	if (!pe)
		return;
	gy_engine_destroy(pe->engine);
	free(pe);
}

void gy_player_level_text(int level, char *buf, size_t size)
{
	if (level < GY_LEVEL_MIN || level > GY_LEVEL_MAX) {
		snprintf(buf, size, "no such level");
		return;
	}
	if (levels[level].nodes)
		snprintf(buf, size, "level %d: SkillLevel %d, at most %llu nodes a move", level, levels[level].skill,
			 (unsigned long long)levels[level].nodes);
	else
		snprintf(buf, size, "level %d: SkillLevel %d, %llds a move without a clock", level, levels[level].skill,
			 (long long)(levels[level].movetime / 1000));
}

/* The mover's limits with the clock of `s` as it stands at `now` (gy_player_limits). */
static void clock_limits(const struct gy_session *s, int64_t now, struct gy_limits *lim)
{
	const struct gy_clock *clock = gy_session_clock(s);
	int side = gy_session_position(s)->side;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		struct gy_clock_view v;
		gy_clock_view(clock, c, now, &v);
		lim->time[c] = v.byoyomi ? 0 : v.main_ms;
		lim->inc[c] = clock->tc.increment_ms;
		/* The side to move in byoyomi has what is left of its period, not a fresh one. */
		if (c == side)
			lim->byoyomi = v.byoyomi ? v.period_ms : clock->tc.byoyomi_ms;
	}
	if (gy_session_first_move_pending(s)) {
		/*
		 * A first move under the rules' first_move_ms: the clock does not
		 * run, but the move must come within that time or the game is
		 * aborted.  At most a sixth of it as main time and as byoyomi
		 * keeps the search well inside it, less the turn so far (main
		 * time first, as a running clock would take it), so that a wait
		 * before the search (a server's queue) does not make the answer
		 * later.  They are taken from the control and the clock as the
		 * turn started, whatever the view says of a clock that does not run.
		 */
		int64_t cap = gy_session_rules(s)->first_move_ms / 6;
		int64_t start = gy_session_turn_start(s), used = start >= 0 && now > start ? now - start : 0;
		int64_t main = clock->main_ms[side] < cap ? clock->main_ms[side] : cap;
		int64_t byo = clock->tc.byoyomi_ms < cap ? clock->tc.byoyomi_ms : cap;
		int64_t from_main = used < main ? used : main;
		lim->time[side] = main - from_main;
		lim->byoyomi = used - from_main < byo ? byo - (used - from_main) : 0;
		lim->inc[side] = 0;
	}
	/* Nothing left (the mover has flagged, or is about to): the least search, never one without a limit. */
	if (lim->time[side] <= 0 && lim->byoyomi <= 0 && lim->inc[side] <= 0)
		lim->movetime = 1;
}

void gy_player_limits(int level, const struct gy_session *s, int64_t now, struct gy_limits *lim)
{
	*lim = (struct gy_limits){0};
	if (level < GY_LEVEL_MIN || level > GY_LEVEL_MAX)
		level = GY_LEVEL_MAX;
	lim->nodes = levels[level].nodes;
	if (gy_session_clock(s))
		clock_limits(s, now, lim);
	else
		lim->movetime = levels[level].movetime;
}

enum gy_err gy_player_think(struct gy_player *pe, const struct gy_session *s, int64_t now, bool hint,
			    enum gy_best_kind *kind, gy_move *move)
{
	int64_t entered = gy__timeman_now();
	enum gy_err err =
		gy_engine_set_position(pe->engine, gy_session_start(s), gy_session_moves(s), gy_session_ply(s));
	if (err)
		return err;
	struct gy_limits lim = {0};
	if (hint) {
		lim.nodes = 200000;
		lim.movetime = 2000;
		if ((err = gy_engine_set_option(pe->engine, "SkillLevel", "20")))
			return err;
	} else {
		/* The clock ran while the position was set up: the limits are those at the go. */
		gy_player_limits(pe->level, s, now + (gy__timeman_now() - entered), &lim);
	}
	pe->move = GY_MOVE_NONE;
	pe->kind = GY_BEST_RESIGN;
	err = gy_engine_go(pe->engine, &lim);
	if (!err)
		gy_engine_wait(pe->engine);
	if (hint) {
		char skill[8];
		snprintf(skill, sizeof skill, "%d", levels[pe->level].skill);
		enum gy_err e2 = gy_engine_set_option(pe->engine, "SkillLevel", skill);
		if (!err)
			err = e2;
	}
	*kind = pe->kind;
	*move = pe->move;
	return err;
}
