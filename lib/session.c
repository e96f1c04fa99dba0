/*
 * lib/session.c: a game in progress (gyoku/session.h): the record, the
 * clock and the rules, and the referee over them.
 *
 * Invariants: `node` is the record's node of the position `pos`, reached
 * from the root by moves[0..ply); while the game goes on, `node` is the
 * end of the record's main line but for the one case gy_session_undo
 * documents.  `verdict` is the record's ending, at `node`, or
 * GY_END_NONE.  With a clock, the clock's side is the side to move of
 * `pos` and turn_start is the clock's turn start.
 */
#include "gyoku/session.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/usi.h"

struct gy_session {
	struct gy_game *game;
	struct gy_rules rules;
	int node;
	struct gy_pos pos;
	gy_move *moves;
	int ply, cap;
	bool timed;
	struct gy_clock clock;
	int64_t turn_start;
	struct gy_verdict verdict;
	gy_hand extra[GY_COLOR_NB]; /* what counts for each side in a declaration beside its pieces */
};

/* The win for `color`. */
static enum gy_result wins(int color) { return color == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS; }

/* Ends the game with `ending` and `result`, in the session and in the record. */
static void finish(struct gy_session *s, enum gy_ending ending, enum gy_result result)
{
	s->verdict = (struct gy_verdict){ending, result};
	gy_game_set_ending(s->game, s->node, s->verdict);
}

/* Grows the move list to hold `need` moves. */
static bool reserve(struct gy_session *s, int need)
{
	if (need <= s->cap)
		return true;
	int cap = s->cap ? s->cap * 2 : 256;
	while (cap < need)
		cap *= 2;
	gy_move *m = realloc(s->moves, (size_t)cap * sizeof *m);
	if (!m)
		return false;
	s->moves = m;
	s->cap = cap;
	return true;
}

/* Judges the position at `node` by the rules that end a game by themselves. */
static void judge(struct gy_session *s)
{
	struct gy_verdict v = gy_game_judge(s->game, s->node, &s->rules);
	if (v.ending != GY_END_NONE)
		finish(s, v.ending, v.result);
}

static bool rules_ok(const struct gy_rules *r)
{
	return (unsigned)r->impasse < GY_IMPASSE_RULE_NB && r->max_moves >= 0;
}

/* A session over `game` (taken) at the end of its main line, not yet judged. */
static enum gy_err make(struct gy_session **out, struct gy_game *game, const struct gy_rules *rules)
{
	*out = NULL;
	struct gy_session *s = NULL;
	enum gy_err err = GY_ERR_ARG;
	if (!rules_ok(rules))
		goto fail;
	err = GY_ERR_NOMEM;
	s = calloc(1, sizeof *s);
	if (!s)
		goto fail;
	s->game = game;
	s->rules = *rules;
	s->turn_start = -1;
	if (rules->handicap_bonus)
		gy_impasse_handicap_extra(gy_game_start(game), s->extra);
	int end = gy_game_main_end(game), ply = gy_game_ply(game, end);
	if (!reserve(s, ply + 1))
		goto fail;
	for (int k = end, i = ply; i > 0; k = gy_game_parent(game, k))
		s->moves[--i] = gy_game_move(game, k);
	s->ply = ply;
	s->node = end;
	if ((err = gy_game_position(game, end, &s->pos)))
		goto fail;
	*out = s;
	return GY_OK;
fail:
	if (s)
		s->game = NULL;
	gy_session_destroy(s);
	gy_game_destroy(game);
	return err;
}

enum gy_err gy_session_create(struct gy_session **out, const struct gy_pos *start, const struct gy_rules *rules)
{
	struct gy_game *game;
	*out = NULL;
	enum gy_err err = gy_game_create(&game, start);
	return err ? err : make(out, game, rules);
}

enum gy_err gy_session_adopt(struct gy_session **out, struct gy_game *game, const struct gy_rules *rules)
{
	enum gy_err err = make(out, game, rules);
	if (err)
		return err;
	struct gy_session *s = *out;
	int at;
	struct gy_verdict v = gy_game_ending(game, &at);
	if (v.ending != GY_END_NONE && v.ending != GY_END_INTERRUPTION && at == s->node) {
		s->verdict = v;
		return GY_OK;
	}
	gy_game_set_ending(game, -1, (struct gy_verdict){GY_END_NONE, GY_RESULT_NONE});
	judge(s);
	return GY_OK;
}

void gy_session_destroy(struct gy_session *s)
{
	if (!s)
		return;
	gy_game_destroy(s->game);
	free(s->moves);
	free(s);
}

const struct gy_rules *gy_session_rules(const struct gy_session *s) { return &s->rules; }

enum gy_err gy_session_start_clock(struct gy_session *s, const struct gy_time_control *tc, int64_t now)
{
	if (tc) {
		struct gy_clock c;
		enum gy_err err = gy_clock_start(&c, tc, s->pos.side, now);
		if (err)
			return err;
		s->clock = c;
	}
	s->timed = tc != NULL;
	s->turn_start = now;
	return GY_OK;
}

enum gy_err gy_session_resume_clock(struct gy_session *s, const struct gy_clock *clock, int64_t turn_start)
{
	if (clock && (clock->side != s->pos.side || gy_tc_check(&clock->tc) != GY_OK))
		return GY_ERR_ARG;
	s->timed = clock != NULL;
	if (clock)
		s->clock = *clock;
	s->turn_start = clock ? clock->turn_start_ms : turn_start;
	return GY_OK;
}

const struct gy_clock *gy_session_clock(const struct gy_session *s) { return s->timed ? &s->clock : NULL; }

bool gy_session_has_moved(const struct gy_session *s, int side)
{
	return s->ply >= (side == gy_game_start(s->game)->side ? 1 : 2);
}

bool gy_session_first_move_pending(const struct gy_session *s)
{
	return s->timed && !s->clock.tc.days_per_move && s->rules.first_move_ms > 0 &&
	       s->verdict.ending == GY_END_NONE && !gy_session_has_moved(s, s->pos.side);
}

int64_t gy_session_turn_start(const struct gy_session *s) { return s->timed ? s->clock.turn_start_ms : s->turn_start; }

int64_t gy_session_deadline(const struct gy_session *s)
{
	if (gy_session_first_move_pending(s))
		return s->clock.turn_start_ms + s->rules.first_move_ms;
	return s->timed && s->verdict.ending == GY_END_NONE ? gy_clock_deadline(&s->clock) : -1;
}

bool gy_session_check_time(struct gy_session *s, int64_t now)
{
	if (gy_session_first_move_pending(s)) {
		/* No first move in time: the game is aborted, nobody loses (rules.first_move_ms). */
		if (now <= s->clock.turn_start_ms + s->rules.first_move_ms)
			return false;
		finish(s, GY_END_INTERRUPTION, GY_RESULT_NONE);
		return true;
	}
	if (!s->timed || s->verdict.ending != GY_END_NONE || !gy_clock_flagged(&s->clock, now))
		return false;
	finish(s, GY_END_TIME_FORFEIT, wins(s->pos.side ^ 1));
	return true;
}

enum gy_err gy_session_vacation(struct gy_session *s, int side, int days, int64_t now)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (!s->timed)
		return GY_ERR_NO_CLOCK;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	return gy_clock_vacation(&s->clock, side, days, now);
}

enum gy_err gy_session_give_time(struct gy_session *s, int side, int64_t ms, int64_t now)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (!s->timed)
		return GY_ERR_NO_CLOCK;
	if ((side != GY_BLACK && side != GY_WHITE) || ms <= 0 || ms > 3600 * 1000)
		return GY_ERR_ARG;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	s->clock.main_ms[side] += ms;
	s->clock.byoyomi[side] = false;
	return GY_OK;
}

const struct gy_pos *gy_session_start(const struct gy_session *s) { return gy_game_start(s->game); }
const struct gy_pos *gy_session_position(const struct gy_session *s) { return &s->pos; }
int gy_session_ply(const struct gy_session *s) { return s->ply; }
const gy_move *gy_session_moves(const struct gy_session *s) { return s->moves; }
gy_move gy_session_last_move(const struct gy_session *s) { return s->ply ? s->moves[s->ply - 1] : GY_MOVE_NONE; }
struct gy_verdict gy_session_verdict(const struct gy_session *s) { return s->verdict; }
bool gy_session_over(const struct gy_session *s) { return s->verdict.ending != GY_END_NONE; }
const struct gy_game *gy_session_game(const struct gy_session *s) { return s->game; }
int gy_session_node(const struct gy_session *s) { return s->node; }

enum gy_err gy_session_set_header(struct gy_session *s, const char *key, const char *value)
{
	return gy_game_set_header(s->game, key, value);
}

enum gy_err gy_session_add_comment(struct gy_session *s, const char *text)
{
	const char *old = gy_game_comment(s->game, s->node);
	if (!*old)
		return gy_game_set_comment(s->game, s->node, text);
	size_t a = strlen(old), b = strlen(text);
	char *both = malloc(a + b + 2);
	if (!both)
		return GY_ERR_NOMEM;
	memcpy(both, old, a);
	both[a] = '\n';
	memcpy(both + a + 1, text, b + 1);
	enum gy_err err = gy_game_set_comment(s->game, s->node, both);
	free(both);
	return err;
}

/*
 * Appends `m` to the record (which checks it: the rule an illegal move
 * breaks is returned and nothing changes) and to the position, with its
 * time; no judging.
 */
static enum gy_err append(struct gy_session *s, gy_move m, int64_t spent)
{
	int child;
	if (!reserve(s, s->ply + 2))
		return GY_ERR_NOMEM;
	enum gy_err err = gy_game_add(s->game, s->node, m, &child);
	if (err)
		return err;
	if (gy_game_first_child(s->game, s->node) != child && (err = gy_game_promote(s->game, child)))
		return err;
	gy_game_set_time(s->game, child, spent);
	struct gy_undo u;
	gy_pos_do(&s->pos, m, &u);
	s->moves[s->ply++] = m;
	s->node = child;
	return GY_OK;
}

enum gy_err gy_session_foul(struct gy_session *s, enum gy_err rule, int64_t now)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	if (s->rules.strict)
		finish(s, GY_END_ILLEGAL_MOVE, wins(s->pos.side ^ 1));
	return rule;
}

enum gy_err gy_session_play(struct gy_session *s, gy_move m, int64_t now)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	int64_t start = gy_session_turn_start(s), spent = -1;
	if (start >= 0 && now < start)
		return GY_ERR_ARG;
	bool free_move = gy_session_first_move_pending(s);
	/* Step 1. The record checks the move and takes it; an illegal one is a foul. */
	enum gy_err err = append(s, m, -1);
	if (err)
		return err == GY_ERR_NOMEM ? err : gy_session_foul(s, err, now);
	/* Step 2. The clock, which cannot refuse: the mover is on time and `now` is not before the turn. */
	if (free_move) {
		/* A first move under rules.first_move_ms: the mover's clock had not started. */
		enum gy_err clock_err = gy_clock_pass(&s->clock, now);
		assert(clock_err == GY_OK);
		(void)clock_err;
		spent = now - start;
	} else if (s->timed) {
		enum gy_err clock_err = gy_clock_move(&s->clock, now, &spent);
		assert(clock_err == GY_OK);
		(void)clock_err;
	} else if (start >= 0) {
		spent = now - start;
	}
	gy_game_set_time(s->game, s->node, spent);
	s->turn_start = now;
	/* Step 3. The referee. */
	judge(s);
	return GY_OK;
}

enum gy_err gy_session_replay(struct gy_session *s, gy_move m, int64_t spent_ms)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	return append(s, m, spent_ms);
}

enum gy_err gy_session_undo(struct gy_session *s, int plies, int64_t now)
{
	if (s->rules.strict)
		return GY_ERR_UNDO_STRICT;
	if (plies < 1 || plies > s->ply)
		return GY_ERR_UNDO_NONE;
	for (int i = 0; i < plies; i++) {
		/*
		 * The parent comes before its children, so deleting renumbers
		 * nothing up to it.  A move with variations below it (a loaded
		 * record's) stays in the record.
		 */
		int parent = gy_game_parent(s->game, s->node);
		enum gy_err err = gy_game_first_child(s->game, s->node) < 0 ? gy_game_delete(s->game, s->node) : GY_OK;
		if (err)
			return err;
		s->node = parent;
		s->ply--;
	}
	s->verdict = (struct gy_verdict){GY_END_NONE, GY_RESULT_NONE};
	gy_game_set_ending(s->game, -1, s->verdict);
	enum gy_err err = gy_game_position(s->game, s->node, &s->pos);
	if (err)
		return err;
	if (s->timed) {
		s->clock.side = s->pos.side;
		s->clock.turn_start_ms = now;
	}
	s->turn_start = now;
	return GY_OK;
}

enum gy_err gy_session_resign(struct gy_session *s, int side, int64_t now)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (side != GY_BLACK && side != GY_WHITE)
		return GY_ERR_ARG;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	finish(s, GY_END_RESIGNATION, wins(side ^ 1));
	return GY_OK;
}

enum gy_err gy_session_abort(struct gy_session *s, int side)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (side != GY_BLACK && side != GY_WHITE)
		return GY_ERR_ARG;
	if (gy_session_has_moved(s, side))
		return GY_ERR_ABORT_LATE;
	finish(s, GY_END_INTERRUPTION, GY_RESULT_NONE);
	return GY_OK;
}

void gy_session_count(const struct gy_session *s, int side, struct gy_impasse_result *r)
{
	struct gy_pos p = s->pos;
	if (side != p.side) {
		/* The side not to move, as if it were its turn: it is never in check. */
		p.side = side & 1;
		p.checkers = 0;
	}
	gy_impasse_declare(&p, s->rules.impasse, s->extra, r);
}

enum gy_err gy_session_declare(struct gy_session *s, int64_t now, struct gy_impasse_result *r)
{
	struct gy_impasse_result mine;
	if (!r)
		r = &mine;
	gy_session_count(s, s->pos.side, r);
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (r->failed == GY_IMPASSE_NO_DECLARATION)
		return GY_ERR_NO_DECLARATION;
	if (gy_session_check_time(s, now))
		return GY_ERR_FLAG;
	int me = s->pos.side;
	if (r->verdict == GY_IMPASSE_WIN)
		finish(s, GY_END_DECLARATION, wins(me));
	else if (r->verdict == GY_IMPASSE_DRAW)
		finish(s, GY_END_DECLARATION, GY_RESULT_DRAW);
	else
		finish(s, GY_END_ILLEGAL_MOVE, wins(me ^ 1));
	return GY_OK;
}

enum gy_err gy_session_end(struct gy_session *s, struct gy_verdict v)
{
	if (s->verdict.ending != GY_END_NONE)
		return GY_ERR_GAME_OVER;
	if (v.ending <= GY_END_NONE || v.ending >= GY_END_NB || (unsigned)v.result > GY_RESULT_DRAW)
		return GY_ERR_ARG;
	finish(s, v.ending, v.result);
	return GY_OK;
}
