/*
 * dev/match_game.c: one refereed game between two USI engines
 * (match_game.h).
 *
 * The game in progress is a session (gyoku/session.h) under strict rules:
 * it holds the record, the clock and the referee, so the position sent
 * to the engines and the record agree by construction.  This file is the
 * engines' side: positions and `go` out, `bestmove` in, and the endings
 * an engine causes by failing (a crash, no answer in time).
 */
#include "match_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/impasse.h"
#include "gyoku/session.h"
#include "gyoku/usi.h"

/* How long a stopped engine gets to leave after `quit`. */
enum { QUIT_GRACE_MS = 200 };

static const char *const SIDE_NAME[2] = {"Sente", "Gote"};

/* A game in progress: the session (gyoku/session.h) and the engines' side of it. */
struct game_state {
	const struct match_rules *rules;
	struct match_player **players;
	struct gy_session *s;
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

/* Adds the reason to the comment of the last move, for the record (the comment is informative only). */
static void note(struct game_state *s, const struct match_result *res)
{
	if (gy_session_add_comment(s->s, res->reason) != GY_OK)
		return; /* a record without the note is still complete */
}

/* Ends the game for a reason the session does not judge itself (an engine that failed): `loser` loses. */
static void forfeit(struct game_state *s, enum gy_ending e, int loser)
{
	enum gy_result r = loser == GY_BLACK ? GY_RESULT_WHITE_WINS : GY_RESULT_BLACK_WINS;
	if (gy_session_end(s->s, (struct gy_verdict){e, r}) != GY_OK)
		return; /* already over */
}

/* Writes the `go` command for the side to move into `buf`. */
static void go_command(const struct game_state *s, char *buf, size_t cap)
{
	const struct match_rules *r = s->rules;
	const struct gy_clock *clock = gy_session_clock(s->s);
	if (r->limit == MATCH_LIMIT_NODES || !clock) {
		snprintf(buf, cap, "go nodes %lld", r->nodes);
		return;
	}
	const struct gy_time_control *tc = &clock->tc;
	long long bt = (long long)clock->main_ms[GY_BLACK], wt = (long long)clock->main_ms[GY_WHITE];
	if (s->players[gy_session_position(s->s)->side]->engine->swap_times) {
		long long t = bt;
		bt = wt;
		wt = t;
	}
	/* Sudden death goes as "byoyomi 0": engines without Fischer support (gpsusi) refuse binc. */
	if (tc->byoyomi_ms > 0 || tc->increment_ms == 0)
		snprintf(buf, cap, "go btime %lld wtime %lld byoyomi %lld", bt, wt, (long long)tc->byoyomi_ms);
	else
		snprintf(buf, cap, "go btime %lld wtime %lld binc %lld winc %lld", bt, wt, (long long)tc->increment_ms,
			 (long long)tc->increment_ms);
}

/* Sends the position and `go` to the side to move; false when its pipe is closed. */
static bool send_turn(struct game_state *s, struct usiproc *p)
{
	size_t need = gy_usi_write_position(gy_session_start(s->s), gy_session_moves(s->s), gy_session_ply(s->s),
					    s->line, s->line_cap);
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
	forfeit(s, GY_END_TIME_FORFEIT, side);
	note(s, res);
}

/* The reason of an ending the session judged, for the match table and the record. */
static void reason(struct game_state *s, struct match_result *res)
{
	struct gy_verdict v = gy_session_verdict(s->s);
	if (res->reason[0])
		return;
	const char *what = gy_ending_name(v.ending);
	if (v.result == GY_RESULT_DRAW || v.result == GY_RESULT_NONE)
		snprintf(res->reason, sizeof res->reason, "%s", what);
	else {
		int loser = v.result == GY_RESULT_BLACK_WINS ? GY_WHITE : GY_BLACK;
		snprintf(res->reason, sizeof res->reason, "%s: %.100s (%s) loses", what,
			 s->players[loser]->engine->name, SIDE_NAME[loser]);
	}
}

/* `bestmove win` by `side`: the declaration under the match's rule, with its count. */
static void declaration(struct game_state *s, int side, int64_t now, struct match_result *res)
{
	static const char *const failed[] = {"",         "king not in the zone", "fewer than 10 pieces in the zone",
					     "in check", "too few points",       "no declaration under this rule"};
	static const char *const rule_text[GY_IMPASSE_RULE_NB] = {"no impasse", "JSA 24-point", "CSA 27-point", "try"};
	struct gy_impasse_result ir;
	const char *name = s->players[side]->engine->name;
	enum gy_err err = gy_session_declare(s->s, now, &ir);
	if (err == GY_ERR_NO_DECLARATION) {
		forfeit(s, GY_END_ILLEGAL_MOVE, side);
		ir.verdict = GY_IMPASSE_LOSS;
	}
	if (err == GY_ERR_FLAG)
		return;
	if (ir.verdict == GY_IMPASSE_WIN)
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) declares a win (%s rule, %d points)", name,
			 SIDE_NAME[side], rule_text[s->rules->impasse], ir.points);
	else if (ir.verdict == GY_IMPASSE_DRAW)
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) declares a draw (%d points)", name,
			 SIDE_NAME[side], ir.points);
	else
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) declares wrongly: %s (%d points)", name,
			 SIDE_NAME[side], failed[ir.failed], ir.points);
	note(s, res);
}

/*
 * Step 2 of a game: one move of the side to move, through the session.
 * Returns false on an error of this process (out of memory); the game
 * may be over either way.
 */
static bool play_move(struct game_state *s, struct match_result *res)
{
	const struct gy_pos *pos = gy_session_position(s->s);
	int side = pos->side;
	struct match_player *pl = s->players[side];
	const char *name = pl->engine->name;
	int64_t deadline = gy_session_deadline(s->s);
	int64_t wait_until =
		deadline < 0 ? usiproc_now_ms() + s->rules->move_timeout_ms : deadline + s->rules->margin_ms;
	char line[USIPROC_LINE_MAX];
	enum usiproc_status st = USIPROC_EOF;
	if (send_turn(s, &pl->proc))
		st = usiproc_wait_for(&pl->proc, "bestmove", line, sizeof line, wait_until);
	int64_t now = usiproc_now_ms();
	if (st != USIPROC_OK) {
		engine_failed(s, side, st == USIPROC_EOF, res);
		return true;
	}
	/* Within the margin past the deadline the move counts as made at the deadline. */
	if (deadline >= 0 && now > deadline) {
		if (now > deadline + s->rules->margin_ms) {
			snprintf(res->reason, sizeof res->reason, "%.100s (%s) loses on time", name, SIDE_NAME[side]);
			if (gy_session_check_time(s->s, now))
				note(s, res);
			return true;
		}
		now = deadline;
	}
	/* The move: "bestmove <move> [ponder <move>]". */
	char *word = line + strspn(line, " \t") + strlen("bestmove");
	word += strspn(word, " \t");
	size_t len = strcspn(word, " \t");
	if (len == 6 && !strncmp(word, "resign", 6)) {
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) resigns", name, SIDE_NAME[side]);
		return gy_session_resign(s->s, side, now) != GY_ERR_NOMEM;
	}
	if (len == 3 && !strncmp(word, "win", 3)) {
		declaration(s, side, now, res);
		return true;
	}
	gy_move m;
	enum gy_err err = gy_usi_parse_move(pos, word, len, &m, NULL);
	err = err ? gy_session_foul(s->s, err, now) : gy_session_play(s->s, m, now);
	if (err == GY_ERR_NOMEM)
		return false;
	if (err && err != GY_ERR_FLAG) {
		/* The rules are strict: the illegal move has ended the game. */
		snprintf(res->reason, sizeof res->reason, "%.100s (%s) plays an illegal move '%.*s': %s", name,
			 SIDE_NAME[side], (int)(len > 32 ? 32 : len), word, gy_strerror(err));
		note(s, res);
	}
	return true;
}

/* Tells each running engine how the game ended for it. */
static void gameover(struct match_player *players[2], struct gy_verdict v)
{
	for (int c = 0; c < 2; c++) {
		const char *word = "draw";
		if (v.result == GY_RESULT_BLACK_WINS)
			word = c == GY_BLACK ? "win" : "lose";
		else if (v.result == GY_RESULT_WHITE_WINS)
			word = c == GY_WHITE ? "win" : "lose";
		char line[32];
		snprintf(line, sizeof line, "gameover %s", word);
		if (usiproc_running(&players[c]->proc) && usiproc_send(&players[c]->proc, line) != USIPROC_OK)
			usiproc_stop(&players[c]->proc, 0, NULL, 0);
	}
}

enum gy_err match_play_game(const struct match_rules *rules, struct match_player *players[2], const struct opening *op,
			    struct gy_session **session, struct match_result *res)
{
	struct game_state s = {.rules = rules, .players = players};
	memset(res, 0, sizeof *res);
	*session = NULL;
	/* Step 1: the session with the opening moves, the engines ready, the clock started. */
	struct gy_rules gr = gy_rules_default();
	gr.strict = true;
	gr.impasse = rules->impasse;
	gr.max_moves = rules->max_moves;
	s.line_cap = GY_SFEN_MAX + 32 + (size_t)(op->nmoves + rules->max_moves + 1) * (GY_USI_MOVE_MAX + 1);
	s.line = malloc(s.line_cap);
	enum gy_err err = GY_ERR_NOMEM;
	if (!s.line || (err = gy_session_create(&s.s, &op->start, &gr)))
		goto fail;
	for (int i = 0; i < op->nmoves; i++)
		if ((err = gy_session_replay(s.s, op->moves[i], -1)))
			goto fail;
	char why[160];
	int first = gy_session_position(s.s)->side;
	for (int c = 0; c < 2; c++) {
		int side = first == GY_BLACK ? c : !c; /* the side to move first gets its engine ready first */
		if (!player_ready(players[side], rules, why, sizeof why)) {
			snprintf(res->reason, sizeof res->reason, "%.100s (%s) failed to start: %s",
				 players[side]->engine->name, SIDE_NAME[side], why);
			forfeit(&s, GY_END_TIME_FORFEIT, side);
			note(&s, res);
			goto done;
		}
	}
	err = gy_session_start_clock(s.s, rules->limit == MATCH_LIMIT_CLOCK ? &rules->tc : NULL, usiproc_now_ms());
	if (err)
		goto fail;
	/* Step 2: moves until the session (the referee) or an engine ends the game. */
	while (!gy_session_over(s.s)) {
		if (!play_move(&s, res)) {
			err = GY_ERR_NOMEM;
			goto fail;
		}
	}
	reason(&s, res);
	gameover(players, res->verdict = gy_session_verdict(s.s));
done:
	res->verdict = gy_session_verdict(s.s);
	free(s.line);
	*session = s.s;
	return GY_OK;
fail:
	free(s.line);
	gy_session_destroy(s.s);
	return err;
}
