/*
 * app/match_game.c: one refereed game between two USI engines
 * (match_game.h).
 *
 * Invariants of a game in progress: `node` is the last node of the main
 * line and `moves[0..n)` the moves from the start to it (opening moves
 * first), so the position sent to the engines and the record agree; the
 * clock's side is the side to move at `node`.
 */
#include "match_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/impasse.h"
#include "gyoku/usi.h"

/* How long a stopped engine gets to leave after `quit`. */
enum { QUIT_GRACE_MS = 200 };

static const char *const SIDE_NAME[2] = {"Sente", "Gote"};

/* A game in progress. */
struct game_state {
	const struct match_rules *rules;
	struct match_player **players;
	struct gy_game *g;
	struct gy_clock clock;
	int64_t scale; /* library clock units per millisecond: 1 or 1000 */
	int node;
	int n;
	gy_move *moves;
	char *line; /* the position command, sized for every move */
	size_t line_cap;
};

bool match_player_start(struct match_player *pl, const struct match_rules *rules, char *why, size_t why_cap)
{
	if (!usiproc_start(&pl->proc, pl->engine->cmd)) {
		snprintf(why, why_cap, "cannot start '%s'", pl->engine->cmd);
		return false;
	}
	if (!usiproc_handshake(&pl->proc, pl->engine->opts, pl->engine->nopts, rules->start_timeout_ms, why, why_cap)) {
		usiproc_stop(&pl->proc, 0, NULL, 0);
		return false;
	}
	return true;
}

void match_player_stop(struct match_player *pl) { usiproc_stop(&pl->proc, QUIT_GRACE_MS, NULL, 0); }

/* Gets `pl` ready for a new game: started (or restarted), readyok, usinewgame. */
static bool player_ready(struct match_player *pl, const struct match_rules *rules, char *why, size_t why_cap)
{
	char line[USIPROC_LINE_MAX];
	if (usiproc_running(&pl->proc)) {
		/* readyok also flushes what the engine said after the last game (a late bestmove). */
		int64_t deadline = usiproc_now_ms() + rules->start_timeout_ms;
		if (usiproc_send(&pl->proc, "isready") != USIPROC_OK ||
		    usiproc_wait_for(&pl->proc, "readyok", line, sizeof line, deadline) != USIPROC_OK)
			usiproc_stop(&pl->proc, 0, NULL, 0);
	}
	if (!usiproc_running(&pl->proc) && !match_player_start(pl, rules, why, why_cap))
		return false;
	if (usiproc_send(&pl->proc, "usinewgame") != USIPROC_OK) {
		snprintf(why, why_cap, "usinewgame: the engine exited");
		usiproc_stop(&pl->proc, 0, NULL, 0);
		return false;
	}
	return true;
}

/* Ends the game at the current node with the ending `e` and the result for `loser` (-1: a draw). */
static void finish(struct game_state *s, enum gy_ending e, int loser, struct match_result *res)
{
	enum gy_result r = loser < 0 ? GY_RESULT_DRAW : loser == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
	res->verdict = (struct gy_verdict){e, r};
	gy_game_set_ending(s->g, s->node, res->verdict);
}

/* Sets the comment of the last node to the reason, for the record (the comment is informative only). */
static void note(struct game_state *s, const struct match_result *res)
{
	const char *old = gy_game_comment(s->g, s->node);
	char text[MATCH_REASON_MAX + 512];
	snprintf(text, sizeof text, "%s%s%s", old, old[0] ? "\n" : "", res->reason);
	if (gy_game_set_comment(s->g, s->node, text) != GY_OK)
		return; /* a record without the note is still complete */
}

/* Writes the `go` command for the side to move into `buf`. */
static void go_command(const struct game_state *s, char *buf, size_t cap)
{
	const struct match_rules *r = s->rules;
	if (r->limit == MATCH_LIMIT_NODES) {
		snprintf(buf, cap, "go nodes %lld", r->nodes);
		return;
	}
	const struct gy_time_control *tc = &s->clock.tc;
	long long bt = (long long)(s->clock.main_ms[GY_BLACK] / s->scale);
	long long wt = (long long)(s->clock.main_ms[GY_WHITE] / s->scale);
	struct gy_pos pos;
	if (gy_game_position(s->g, s->node, &pos) == GY_OK && s->players[pos.side]->engine->swap_times) {
		long long t = bt;
		bt = wt;
		wt = t;
	}
	/* Sudden death goes as "byoyomi 0": engines without Fischer support (gpsusi) refuse binc. */
	if (tc->byoyomi_ms > 0 || tc->increment_ms == 0)
		snprintf(buf, cap, "go btime %lld wtime %lld byoyomi %lld", bt, wt,
			 (long long)(tc->byoyomi_ms / s->scale));
	else {
		long long inc = (long long)(tc->increment_ms / s->scale);
		snprintf(buf, cap, "go btime %lld wtime %lld binc %lld winc %lld", bt, wt, inc, inc);
	}
}

/* The library clock's time now. */
static int64_t clock_now(const struct game_state *s) { return usiproc_now_us() * s->scale / 1000; }

/* Starts the clock; false when the control is not valid. */
static bool clock_start(struct game_state *s, int side)
{
	struct gy_time_control tc = s->rules->tc;
	s->scale = 1;
	if (tc.main_ms % 1000 || tc.byoyomi_ms % 1000 || tc.increment_ms % 1000) {
		s->scale = 1000;
		tc.main_ms *= 1000;
		tc.byoyomi_ms *= 1000;
		tc.increment_ms *= 1000;
	}
	return gy_clock_start(&s->clock, &tc, side, clock_now(s)) == GY_OK;
}

/* Sends the position and `go` to the side to move; false when its pipe is closed. */
static bool send_turn(struct game_state *s, struct usiproc *p)
{
	size_t need = gy_usi_write_position(gy_game_start(s->g), s->moves, s->n, s->line, s->line_cap);
	if (need >= s->line_cap)
		return false; /* sized for the longest game at creation: does not happen */
	char go[160];
	go_command(s, go, sizeof go);
	return usiproc_send(p, s->line) == USIPROC_OK && usiproc_send(p, go) == USIPROC_OK;
}

/* The engine to move gave no usable answer: it exited (`eof`) or ran out of time.  It loses. */
static void engine_failed(struct game_state *s, int side, bool eof, struct match_result *res)
{
	struct match_player *pl = s->players[side];
	char status[96] = "";
	usiproc_stop(&pl->proc, eof ? QUIT_GRACE_MS : 0, status, sizeof status);
	if (eof)
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) crashed (%s)", pl->engine->name, SIDE_NAME[side],
			 status);
	else
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) loses on time (no bestmove; stopped)",
			 pl->engine->name, SIDE_NAME[side]);
	finish(s, GY_END_TIME_FORFEIT, side, res);
	note(s, res);
}

/* Checks a `bestmove win` by `side` under the CSA 27-point rule. */
static void declaration(struct game_state *s, const struct gy_pos *pos, int side, struct match_result *res)
{
	static const char *const failed[] = {"", "king not in the zone", "fewer than 10 pieces in the zone", "in check",
					     "too few points"};
	struct gy_impasse_result ir;
	gy_impasse_declare(pos, GY_IMPASSE_CSA27, NULL, &ir);
	const char *name = s->players[side]->engine->name;
	if (ir.verdict == GY_IMPASSE_WIN) {
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) declares a win (CSA 27-point rule, %d points)",
			 name, SIDE_NAME[side], ir.points);
		finish(s, GY_END_DECLARATION, !side, res);
	} else {
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) declares wrongly: %s (%d points)", name,
			 SIDE_NAME[side], failed[ir.failed], ir.points);
		finish(s, GY_END_ILLEGAL_MOVE, side, res);
	}
	note(s, res);
}

/* The verdict of the referee at the current node, as the game's result. */
static void judged(struct game_state *s, struct gy_verdict v, struct match_result *res)
{
	res->verdict = v;
	gy_game_set_ending(s->g, s->node, v);
	const char *what = gy_ending_name(v.ending);
	if (v.result == GY_RESULT_DRAW || v.result == GY_RESULT_NONE)
		snprintf(res->reason, sizeof res->reason, "%s", what);
	else {
		int loser = v.result == GY_RESULT_BLACK_WINS ? GY_WHITE : GY_BLACK;
		snprintf(res->reason, sizeof res->reason, "%s: %.100s (%s) loses", what,
			 s->players[loser]->engine->name, SIDE_NAME[loser]);
	}
}

/*
 * Step 2 of a game: one move of the side to move.  Returns true when the
 * game goes on.
 */
static bool play_move(struct game_state *s, struct match_result *res)
{
	struct gy_pos pos;
	if (gy_game_position(s->g, s->node, &pos) != GY_OK)
		return false;
	int side = pos.side;
	struct match_player *pl = s->players[side];
	const char *name = pl->engine->name;
	int64_t wait_until;
	if (s->rules->limit == MATCH_LIMIT_NODES)
		wait_until = usiproc_now_ms() + s->rules->move_timeout_ms;
	else
		wait_until = gy_clock_deadline(&s->clock) / s->scale + s->rules->margin_ms;
	char line[USIPROC_LINE_MAX];
	enum usiproc_status st = USIPROC_EOF;
	if (send_turn(s, &pl->proc))
		st = usiproc_wait_for(&pl->proc, "bestmove", line, sizeof line, wait_until);
	int64_t now = clock_now(s);
	if (st != USIPROC_OK) {
		engine_failed(s, side, st == USIPROC_EOF, res);
		return false;
	}
	int64_t spent = -1;
	if (s->rules->limit == MATCH_LIMIT_CLOCK) {
		int64_t deadline = gy_clock_deadline(&s->clock);
		if (now > deadline + s->rules->margin_ms * s->scale) {
			snprintf(res->reason, sizeof res->reason, "%.100s (%s) loses on time", name, SIDE_NAME[side]);
			finish(s, GY_END_TIME_FORFEIT, side, res);
			note(s, res);
			return false;
		}
		if (gy_clock_move(&s->clock, now < deadline ? now : deadline, &spent) != GY_OK)
			return false;
		spent /= s->scale;
	}
	/* The move: "bestmove <move> [ponder <move>]". */
	char *word = line + strspn(line, " \t") + strlen("bestmove");
	word += strspn(word, " \t");
	size_t len = strcspn(word, " \t");
	if (len == 6 && !strncmp(word, "resign", 6)) {
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) resigns", name, SIDE_NAME[side]);
		finish(s, GY_END_RESIGNATION, side, res);
		return false;
	}
	if (len == 3 && !strncmp(word, "win", 3)) {
		declaration(s, &pos, side, res);
		return false;
	}
	gy_move m;
	enum gy_err err = gy_usi_parse_move(&pos, word, len, &m, NULL);
	int child;
	if (!err)
		err = gy_game_add(s->g, s->node, m, &child);
	if (err) {
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) plays an illegal move '%.*s': %s", name,
			 SIDE_NAME[side], (int)(len > 32 ? 32 : len), word, gy_strerror(err));
		finish(s, GY_END_ILLEGAL_MOVE, side, res);
		note(s, res);
		return false;
	}
	s->node = child;
	s->moves[s->n++] = m;
	gy_game_set_time(s->g, child, spent);
	return true;
}

/* Tells each running engine how the game ended for it. */
static void gameover(struct match_player *players[2], const struct match_result *res)
{
	for (int c = 0; c < 2; c++) {
		const char *word = "draw";
		if (res->verdict.result == GY_RESULT_BLACK_WINS)
			word = c == GY_BLACK ? "win" : "lose";
		else if (res->verdict.result == GY_RESULT_WHITE_WINS)
			word = c == GY_WHITE ? "win" : "lose";
		char line[32];
		snprintf(line, sizeof line, "gameover %s", word);
		if (usiproc_running(&players[c]->proc) && usiproc_send(&players[c]->proc, line) != USIPROC_OK)
			usiproc_stop(&players[c]->proc, 0, NULL, 0);
	}
}

enum gy_err match_play_game(const struct match_rules *rules, struct match_player *players[2], const struct opening *op,
			    struct gy_game **game, struct match_result *res)
{
	struct game_state s = {.rules = rules, .players = players};
	memset(res, 0, sizeof *res);
	*game = NULL;
	/* Step 1: the record with the opening moves, the engines ready, the clock started. */
	int cap = op->nmoves + rules->max_moves + 1;
	s.moves = malloc((size_t)cap * sizeof *s.moves);
	s.line_cap = GY_SFEN_MAX + 32 + (size_t)cap * (GY_USI_MOVE_MAX + 1);
	s.line = malloc(s.line_cap);
	enum gy_err err = GY_ERR_NOMEM;
	if (!s.moves || !s.line || gy_game_create(&s.g, &op->start) != GY_OK)
		goto fail;
	for (int i = 0; i < op->nmoves; i++) {
		err = gy_game_add(s.g, s.node, op->moves[i], &s.node);
		if (err)
			goto fail;
		s.moves[s.n++] = op->moves[i];
	}
	struct gy_pos pos;
	gy_game_position(s.g, s.node, &pos);
	err = GY_OK;
	char why[160];
	for (int c = 0; c < 2; c++) {
		int side = pos.side == GY_BLACK ? c : !c; /* the side to move first gets its engine ready first */
		if (!player_ready(players[side], rules, why, sizeof why)) {
			snprintf(res->reason, sizeof res->reason, "%.100s (%s) failed to start: %s",
				 players[side]->engine->name, SIDE_NAME[side], why);
			finish(&s, GY_END_TIME_FORFEIT, side, res);
			note(&s, res);
			goto done;
		}
	}
	if (rules->limit == MATCH_LIMIT_CLOCK && !clock_start(&s, pos.side)) {
		err = GY_ERR_ARG;
		goto fail;
	}
	/* Step 2: moves until the referee or an engine ends the game. */
	struct gy_referee_rules rr = {.try_rule = false, .max_moves = rules->max_moves};
	for (;;) {
		struct gy_verdict v = gy_game_judge(s.g, s.node, &rr);
		if (v.ending != GY_END_NONE) {
			judged(&s, v, res);
			break;
		}
		if (!play_move(&s, res)) {
			if (res->verdict.ending == GY_END_NONE) {
				err = GY_ERR_NOMEM;
				goto fail;
			}
			break;
		}
	}
	gameover(players, res);
done:
	free(s.moves);
	free(s.line);
	*game = s.g;
	return GY_OK;
fail:
	free(s.moves);
	free(s.line);
	gy_game_destroy(s.g);
	return err;
}
