/*
 * server/games.c: the game service (games.h).
 *
 * Invariants: a stored game's moves are legal in turn from its start
 * position (every move is checked here before it is stored, and checked
 * again on every load); a playing game with a clock has a deadline equal
 * to gy_clock_deadline of its stored clock; an ended game has a result
 * and an ending and no deadline.  No operation writes except through
 * commit(), whose update is conditional on the ply and status it loaded.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "auth.h"
#include "bots.h"
#include "games.h"
#include "glicko.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "server.h"
#include "sse.h"
#include "timer.h"

static const char *const side_names[GY_COLOR_NB] = {"black", "white"};

/* Fills `why` and returns `status`. */
static int fail(struct why *why, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct why *why, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why->msg, sizeof why->msg, fmt, ap);
	va_end(ap);
	return status;
}

/* The HTTP status for a store error other than STORE_OK. */
static int store_status(enum store_err e, struct why *why, const char *what)
{
	switch (e) {
	case STORE_NOT_FOUND: return fail(why, 404, "no such %s", what);
	case STORE_CONFLICT:
	case STORE_STALE: return fail(why, 409, "the game changed meanwhile: reload it and try again");
	case STORE_ERR_ARG: return fail(why, 400, "a field is too long");
	default: return fail(why, 503, "the database failed: try again");
	}
}

void game_clock_encode(const struct gy_clock *c, char *out)
{
	snprintf(out, STORE_CLOCK_MAX, "1:%lld,%lld,%d,%d,%d,%d,%d,%d,%d,%d,%lld,%lld,%lld,%lld,%d,%lld",
		 (long long)c->main_ms[0], (long long)c->main_ms[1], c->periods[0], c->periods[1], c->byoyomi[0],
		 c->byoyomi[1], c->vacation_days[0], c->vacation_days[1], c->auto_days[0], c->auto_days[1],
		 (long long)c->vacation_from[0], (long long)c->vacation_from[1], (long long)c->vacation_until[0],
		 (long long)c->vacation_until[1], c->side, (long long)c->turn_start_ms);
}

bool game_clock_decode(const char *text, const struct gy_time_control *tc, struct gy_clock *c)
{
	enum { N = 16 };
	long long v[N];
	if (strncmp(text, "1:", 2))
		return false;
	const char *p = text + 2;
	for (int i = 0; i < N; i++) {
		char *end;
		v[i] = strtoll(p, &end, 10);
		if (end == p || (i < N - 1 && *end != ',') || (i == N - 1 && *end))
			return false;
		p = end + 1;
	}
	*c = (struct gy_clock){.tc = *tc};
	for (int s = 0; s < 2; s++) {
		c->main_ms[s] = v[0 + s];
		c->periods[s] = (int)v[2 + s];
		c->byoyomi[s] = v[4 + s] != 0;
		c->vacation_days[s] = (int)v[6 + s];
		c->auto_days[s] = (int)v[8 + s];
		c->vacation_from[s] = v[10 + s];
		c->vacation_until[s] = v[12 + s];
	}
	c->side = (int)v[14];
	c->turn_start_ms = v[15];
	return c->side == GY_BLACK || c->side == GY_WHITE;
}

int game_load(struct srv *s, const char *id, struct game *g, struct why *why)
{
	memset(g, 0, sizeof *g);
	int n = 0;
	enum store_err e = store_game_get(s->store, id, &g->row, &g->moves, &n);
	if (e)
		return store_status(e, why, "game");
	if (n != g->row.ply ||
	    gy_sfen_parse(&g->start, g->row.start_sfen, strlen(g->row.start_sfen), GY_SFEN_PROBLEM, NULL))
		goto corrupt;
	/* Room for one move more, which games_move appends. */
	struct store_move *moves = realloc(g->moves, sizeof *moves * (size_t)(n + 1));
	if (moves)
		g->moves = moves;
	g->gm = malloc(sizeof *g->gm * (size_t)(n + 1));
	if (!moves || !g->gm) {
		game_release(g);
		return fail(why, 503, "out of memory");
	}
	g->pos = g->start;
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		if (gy_usi_parse_move(&g->pos, g->moves[i].usi, strlen(g->moves[i].usi), &g->gm[i], NULL))
			goto corrupt;
		gy_pos_do(&g->pos, g->gm[i], &u);
	}
	g->handicap = gy_handicap_by_id(g->row.handicap, strlen(g->row.handicap));
	g->timed = g->row.tc[0] != '\0';
	if (g->timed && gy_tc_parse(&g->tc, g->row.tc, strlen(g->row.tc), NULL))
		goto corrupt;
	if (g->timed && g->row.clock[0] && !game_clock_decode(g->row.clock, &g->tc, &g->clock))
		goto corrupt;
	return 0;
corrupt:
	fprintf(stderr, "gyoku serve: game %s does not replay: its stored record is damaged\n", id);
	game_release(g);
	return fail(why, 500, "game %s is damaged in the store", id);
}

void game_release(struct game *g)
{
	free(g->moves);
	free(g->gm);
	g->moves = NULL;
	g->gm = NULL;
}

int game_side_of(const struct game *g, int64_t user)
{
	if (user <= 0)
		return -1;
	if (g->row.black_user == user)
		return GY_BLACK;
	return g->row.white_user == user ? GY_WHITE : -1;
}

bool game_is_live(const struct game *g) { return g->timed && g->tc.days_per_move == 0; }

/* Gives `g` to `out` after a success (the caller releases it), else releases it; returns `st`. */
static int hand_over(struct game *g, struct game *out, int st)
{
	if (!st && out)
		*out = *g;
	else
		game_release(g);
	return st;
}

/* A new game id: 8 characters of [0-9A-Za-z]. */
static void new_id(char *id)
{
	static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	unsigned long long x = auth_random64();
	for (int i = 0; i < 8; i++) {
		id[i] = alphabet[x % 62];
		x /= 62;
	}
	id[8] = '\0';
}

/* Sets the deadline from the clock (none when not playing or untimed). */
static void set_deadline(struct game *g)
{
	bool playing = !strcmp(g->row.status, "playing");
	g->row.deadline_ms = playing && g->timed ? gy_clock_deadline(&g->clock) : 0;
	if (g->timed)
		game_clock_encode(&g->clock, g->row.clock);
}

/* Ends the game with `result` ("black", "white", "draw") by `ending` at `now`. */
static void finish(struct game *g, const char *result, const char *ending, int64_t now)
{
	snprintf(g->row.status, sizeof g->row.status, "ended");
	snprintf(g->row.result, sizeof g->row.result, "%s", result);
	snprintf(g->row.ending, sizeof g->row.ending, "%s", ending);
	g->row.updated_ms = now;
	set_deadline(g);
}

/* The result word of a libgyoku result. */
static const char *result_word(enum gy_result r)
{
	return r == GY_RESULT_BLACK_WINS ? "black" : r == GY_RESULT_WHITE_WINS ? "white" : "draw";
}

/*
 * For a rated game that has just ended: both players' new ratings into
 * `out` (2 entries) and the row's before/after fields.  Returns how many
 * rating changes to store (0 or 2).
 */
static int rate(struct srv *s, struct game *g, struct store_rating *out)
{
	if (!g->row.rated || !g->row.black_user || !g->row.white_user || !strcmp(g->row.result, ""))
		return 0;
	struct store_user u[2];
	if (store_user_by_id(s->store, g->row.black_user, &u[0]) ||
	    store_user_by_id(s->store, g->row.white_user, &u[1]))
		return 0;
	double score_black = !strcmp(g->row.result, "black") ? 1.0 : !strcmp(g->row.result, "white") ? 0.0 : 0.5;
	for (int c = 0; c < 2; c++) {
		struct glicko me = {u[c].rating, u[c].rd, u[c].vol};
		struct glicko_game opp = {u[c ^ 1].rating, u[c ^ 1].rd, c == 0 ? score_black : 1.0 - score_black};
		struct glicko after = glicko_update(me, &opp, 1, 0.5);
		out[c] = (struct store_rating){u[c].id, after.rating, after.rd, after.vol, u[c].games};
		g->row.rating_before[c] = u[c].rating;
		g->row.rating_after[c] = after.rating;
	}
	return 2;
}

enum { RATE_TRIES = 64 };

/*
 * Writes `g` if the stored game still has `old_ply` and `old_status`
 * (with `move` appended when not NULL), rating a rated game that ended,
 * then tells everyone.  Returns 0 or the failure's status.  A rated end
 * whose ratings went stale (another game of a player ended meanwhile)
 * (STORE_STALE) is rated again from the new ones: each retry means
 * another end landed, so only a player ending more games at once than
 * RATE_TRIES can see a 409.  A game moved on by another request
 * (STORE_CONFLICT) is not retried.
 */
static int commit(struct srv *s, struct game *g, int old_ply, const char *old_status, const struct store_move *move,
		  struct why *why)
{
	struct store_rating ratings[2];
	int nr = strcmp(g->row.status, "ended") || !strcmp(old_status, "ended") ? 0 : rate(s, g, ratings);
	enum store_err e = store_game_update(s->store, &g->row, old_ply, old_status, move, ratings, nr);
	for (int tries = 1; e == STORE_STALE && tries < RATE_TRIES; tries++) {
		nr = rate(s, g, ratings);
		e = store_game_update(s->store, &g->row, old_ply, old_status, move, ratings, nr);
	}
	if (e)
		return store_status(e, why, "game");
	games_changed(s, g);
	return 0;
}

/* The side whose turn it is, when `user` (0: the computer) may act for it; else a status. */
static int mover(const struct game *g, int64_t user, int *side, struct why *why)
{
	if (strcmp(g->row.status, "playing"))
		return fail(why, 409, "the game is %s", g->row.status);
	int turn = g->pos.side;
	int level = turn == GY_BLACK ? g->row.black_level : g->row.white_level;
	if (user == 0) {
		if (!level)
			return fail(why, 409, "it is not the computer's turn");
	} else if (game_side_of(g, user) < 0) {
		return fail(why, 403, "you do not play in this game");
	} else if (game_side_of(g, user) != turn || level) {
		return fail(why, 409, "it is not your turn");
	}
	*side = turn;
	return 0;
}

/*
 * When the side to move has flagged at `now`: ends the game on time,
 * commits, and returns 409 (the request came too late); else 0.
 */
static int check_flag(struct srv *s, struct game *g, int64_t now, struct why *why)
{
	if (!g->timed || strcmp(g->row.status, "playing") || !gy_clock_flagged(&g->clock, now))
		return 0;
	int loser = g->clock.side;
	finish(g, side_names[loser ^ 1], "time forfeit", now);
	int st = commit(s, g, g->row.ply, "playing", NULL, why);
	if (st)
		return st;
	return fail(why, 409, "%s's time ran out: the game is lost on time", side_names[loser]);
}

/* Seats the players and starts the clock: `a` is the creator, `b` the opponent (user id or computer level). */
static int start_game(struct game *g, int64_t b_user, int b_level, int64_t now, struct why *why)
{
	int creator_side = g->row.color;
	if (creator_side == 2) {
		uint64_t seed = auth_random64();
		creator_side = gy_furigoma_toss(&seed).senior_is_sente ? GY_BLACK : GY_WHITE;
	}
	g->row.color = creator_side;
	int64_t users[2];
	int levels[2] = {0, 0};
	users[creator_side] = g->row.creator;
	users[creator_side ^ 1] = b_user;
	levels[creator_side ^ 1] = b_level;
	g->row.black_user = users[GY_BLACK];
	g->row.white_user = users[GY_WHITE];
	g->row.black_level = levels[GY_BLACK];
	g->row.white_level = levels[GY_WHITE];
	snprintf(g->row.status, sizeof g->row.status, "playing");
	g->row.started_ms = g->row.updated_ms = now;
	if (g->timed && gy_clock_start(&g->clock, &g->tc, g->start.side, now))
		return fail(why, 500, "the clock could not start");
	set_deadline(g);
	return 0;
}

/* The preset named `name` (id or KIF name), even when absent. */
static const struct gy_handicap *find_handicap(const char *name)
{
	if (!name || !*name)
		return gy_handicap_at(0);
	const struct gy_handicap *h = gy_handicap_by_id(name, strlen(name));
	return h ? h : gy_handicap_by_kif(name, strlen(name));
}

/* The creator's side from the request's colour word: 0, 1, 2 (random), or -1. */
static int color_of(const char *c)
{
	if (!c || !*c || !strcmp(c, "random"))
		return 2;
	if (!strcmp(c, "black") || !strcmp(c, "sente"))
		return GY_BLACK;
	if (!strcmp(c, "white") || !strcmp(c, "gote"))
		return GY_WHITE;
	return -1;
}

int games_create(struct srv *s, const struct store_user *creator, const struct game_request *q, char *id,
		 struct why *why)
{
	struct game g;
	memset(&g, 0, sizeof g);
	struct store_game *row = &g.row;
	int64_t now = srv_now_ms();
	bool computer = q->opponent && !strcmp(q->opponent, "computer");
	bool open = q->opponent && !strcmp(q->opponent, "open");
	struct store_user opp = {0};
	if (!q->opponent || !*q->opponent)
		return fail(why, 400, "say the opponent: \"computer\", \"open\" or a user's name");
	if (!computer && !open) {
		enum store_err e = store_user_by_name(s->store, q->opponent, &opp);
		if (e)
			return e == STORE_NOT_FOUND ? fail(why, 404, "no user named %s", q->opponent)
						    : store_status(e, why, "user");
		if (opp.id == creator->id)
			return fail(why, 400, "you cannot challenge yourself");
	}
	int level = q->level ? q->level : 3;
	if (computer && (level < GY_LEVEL_MIN || level > GY_LEVEL_MAX))
		return fail(why, 400, "level must be %d to %d", GY_LEVEL_MIN, GY_LEVEL_MAX);
	g.handicap = find_handicap(q->handicap);
	if (!g.handicap)
		return fail(why, 400, "no handicap named %s", q->handicap);
	if ((row->color = color_of(q->color)) < 0)
		return fail(why, 400, "color must be black, white or random");
	const char *imp = q->impasse && *q->impasse ? q->impasse : "27";
	if (strcmp(imp, "27") && strcmp(imp, "24") && strcmp(imp, "try"))
		return fail(why, 400, "impasse must be 27, 24 or try");
	if (q->time && *q->time && strcmp(q->time, "none")) {
		struct gy_srcpos where;
		enum gy_err err = gy_tc_parse(&g.tc, q->time, strlen(q->time), &where);
		if (err)
			return fail(why, 400, "time \"%s\", column %d: %s", q->time, where.col, gy_strerror(err));
		if (gy_tc_write(&g.tc, row->tc) == 0)
			return fail(why, 400, "time \"%s\" is not a valid control", q->time);
		g.timed = true;
	}
	if (computer && g.timed && g.tc.days_per_move)
		return fail(why, 400,
			    "correspondence games are for people; play the computer with a live clock or none");
	if (q->rated && (computer || g.handicap != gy_handicap_at(0)))
		return fail(why, 400, "only even games between two people can be rated");
	new_id(row->id);
	snprintf(row->status, sizeof row->status, "waiting");
	row->creator = creator->id;
	row->challenged = opp.id;
	row->rated = q->rated;
	snprintf(row->handicap, sizeof row->handicap, "%s", g.handicap->id);
	snprintf(row->impasse, sizeof row->impasse, "%s", imp);
	snprintf(row->start_sfen, sizeof row->start_sfen, "%s", g.handicap->sfen);
	if (gy_sfen_parse(&g.start, row->start_sfen, strlen(row->start_sfen), GY_SFEN_STRICT, NULL))
		return fail(why, 500, "the handicap's position does not parse");
	g.pos = g.start;
	row->created_ms = row->updated_ms = now;
	int st = computer ? start_game(&g, 0, level, now, why) : 0;
	if (st)
		return st;
	enum store_err e = store_game_create(s->store, row);
	if (e == STORE_CONFLICT) { /* an id drawn twice: draw again, once */
		new_id(row->id);
		e = store_game_create(s->store, row);
	}
	if (e)
		return store_status(e, why, "game");
	snprintf(id, STORE_ID_MAX, "%s", row->id);
	games_changed(s, &g);
	return 0;
}

int games_accept(struct srv *s, const char *id, const struct store_user *u, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	if (strcmp(g.row.status, "waiting"))
		st = fail(why, 409, "the game is %s, not waiting", g.row.status);
	else if (g.row.creator == u->id)
		st = fail(why, 409, "you created this game: wait for an opponent");
	else if (g.row.challenged && g.row.challenged != u->id)
		st = fail(why, 403, "this challenge is for someone else");
	else if (!(st = start_game(&g, u->id, 0, srv_now_ms(), why)))
		st = commit(s, &g, 0, "waiting", NULL, why);
	return hand_over(&g, out, st);
}

int games_cancel(struct srv *s, const char *id, const struct store_user *u, bool decline, struct game *out,
		 struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	if (strcmp(g.row.status, "waiting"))
		st = fail(why, 409, "the game is %s, not waiting", g.row.status);
	else if (decline ? g.row.challenged != u->id : g.row.creator != u->id)
		st = fail(why, 403, decline ? "this challenge is not for you" : "only the creator can cancel");
	if (!st) {
		snprintf(g.row.status, sizeof g.row.status, "canceled");
		snprintf(g.row.ending, sizeof g.row.ending, "%s", decline ? "declined" : "canceled");
		g.row.updated_ms = srv_now_ms();
		st = commit(s, &g, 0, "waiting", NULL, why);
	}
	return hand_over(&g, out, st);
}

/*
 * Judges the position after the new move `m` (the game's moves plus it)
 * by the referee of game.h: mate, sennichite, perpetual check, the try
 * rule and the move limit.
 */
static struct gy_verdict judge(const struct game *g, gy_move m)
{
	struct gy_verdict v = {GY_END_NONE, GY_RESULT_NONE};
	struct gy_game *gg = NULL;
	if (gy_game_create(&gg, &g->start))
		return v;
	int node = 0;
	for (int i = 0; i < g->row.ply; i++)
		if (gy_game_add(gg, node, g->gm[i], &node))
			goto done;
	if (gy_game_add(gg, node, m, &node))
		goto done;
	struct gy_rules rules = {.impasse = !strcmp(g->row.impasse, "try") ? GY_IMPASSE_TRY : GY_IMPASSE_CSA27,
				 .max_moves = GAMES_MAX_PLIES};
	v = gy_game_judge(gg, node, &rules);
done:
	gy_game_destroy(gg);
	return v;
}

int games_move(struct srv *s, const char *id, int64_t user, const char *usi, int expect_ply, struct game *out,
	       struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = srv_now_ms();
	if ((st = mover(&g, user, &side, why)))
		goto done;
	if (expect_ply >= 0 && expect_ply != g.row.ply) {
		st = fail(why, 409, "the move was meant for ply %d, but %d moves have been played", expect_ply,
			  g.row.ply);
		goto done;
	}
	if ((st = check_flag(s, &g, now, why)))
		goto done;
	gy_move m;
	struct gy_srcpos where;
	enum gy_err err = gy_usi_parse_move(&g.pos, usi, strlen(usi), &m, &where);
	if (err) {
		st = err == GY_ERR_MOVE_SYNTAX
			     ? fail(why, 400, "\"%s\" is not a USI move (like 7g7f, 8h2b+, P*5e)", usi)
			     : fail(why, 422, "%s: %s", usi, gy_strerror(err));
		goto done;
	}
	struct store_move sm = {.spent_ms = -1, .at_ms = now};
	gy_usi_write_move(m, sm.usi);
	if (g.timed && gy_clock_move(&g.clock, now, &sm.spent_ms)) {
		st = fail(why, 500, "the clock refused the move");
		goto done;
	}
	if (!g.timed && g.row.ply > 0)
		sm.spent_ms = now - g.moves[g.row.ply - 1].at_ms;
	else if (!g.timed)
		sm.spent_ms = now - g.row.started_ms;
	struct gy_verdict v = judge(&g, m);
	struct gy_undo u;
	gy_pos_do(&g.pos, m, &u);
	g.moves[g.row.ply] = sm;
	g.gm[g.row.ply] = m;
	g.row.ply++;
	g.row.updated_ms = now;
	if (v.ending != GY_END_NONE)
		finish(&g, result_word(v.result), gy_ending_name(v.ending), now);
	else
		set_deadline(&g);
	st = commit(s, &g, g.row.ply - 1, "playing", &sm, why);
done:
	return hand_over(&g, out, st);
}

int games_resign(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side = user ? game_side_of(&g, user) : g.pos.side;
	int64_t now = srv_now_ms();
	if (strcmp(g.row.status, "playing"))
		st = fail(why, 409, "the game is %s", g.row.status);
	else if (side < 0)
		st = fail(why, 403, "you do not play in this game");
	else if (!(st = check_flag(s, &g, now, why))) {
		finish(&g, side_names[side ^ 1], "resignation", now);
		st = commit(s, &g, g.row.ply, "playing", NULL, why);
	}
	return hand_over(&g, out, st);
}

/* The impasse rule of a game's "impasse" word. */
static enum gy_impasse_rule impasse_rule(const struct game *g)
{
	return !strcmp(g->row.impasse, "24") ? GY_IMPASSE_JSA24 : GY_IMPASSE_CSA27;
}

int games_declare(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = srv_now_ms();
	if ((st = mover(&g, user, &side, why)) || (st = check_flag(s, &g, now, why)))
		goto done;
	if (!strcmp(g.row.impasse, "try")) {
		st = fail(why, 409, "this game uses the try rule: a king that reaches the enemy king's square wins");
		goto done;
	}
	gy_hand extra[GY_COLOR_NB] = {0, g.handicap ? gy_handicap_removed_hand(g.handicap) : 0};
	struct gy_impasse_result r;
	gy_impasse_declare(&g.pos, impasse_rule(&g), extra, &r);
	const char *result = r.verdict == GY_IMPASSE_WIN    ? side_names[side]
			     : r.verdict == GY_IMPASSE_DRAW ? "draw"
							    : side_names[side ^ 1];
	finish(&g, result, "declaration", now);
	st = commit(s, &g, g.row.ply, "playing", NULL, why);
done:
	return hand_over(&g, out, st);
}

int games_vacation(struct srv *s, const char *id, int64_t user, int days, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side = game_side_of(&g, user);
	int64_t now = srv_now_ms();
	enum gy_err err;
	if (strcmp(g.row.status, "playing"))
		st = fail(why, 409, "the game is %s", g.row.status);
	else if (side < 0)
		st = fail(why, 403, "you do not play in this game");
	else if (!g.timed || !g.tc.days_per_move)
		st = fail(why, 409, "vacations are for correspondence games");
	else if (!(st = check_flag(s, &g, now, why))) {
		if ((err = gy_clock_vacation(&g.clock, side, days, now))) {
			st = fail(why, err == GY_ERR_CLOCK_VACATION ? 409 : 400, "%s", gy_strerror(err));
		} else {
			g.row.updated_ms = now;
			set_deadline(&g);
			st = commit(s, &g, g.row.ply, "playing", NULL, why);
		}
	}
	return hand_over(&g, out, st);
}

void games_flag(struct srv *s, const char *id)
{
	struct game g;
	struct why why;
	int64_t now = srv_now_ms();
	int st = game_load(s, id, &g, &why);
	if (st == 503) /* the store failed: look again in a second */
		timer_schedule(s->timer, id, now + 1000);
	if (st)
		return;
	if (!strcmp(g.row.status, "playing") && g.timed) {
		if (gy_clock_flagged(&g.clock, now))
			check_flag(s, &g, now, &why);
		else
			timer_schedule(s->timer, id, g.row.deadline_ms);
	}
	game_release(&g);
}

/* The name a record gives for `side` (先手/後手, or 下手/上手 in a handicap game), into `out`. */
static void record_name(const struct gy_game *rec, int side, char *out, size_t size)
{
	const char *v = gy_game_header(rec, side == GY_BLACK ? "先手" : "後手");
	if (!v)
		v = gy_game_header(rec, side == GY_BLACK ? "下手" : "上手");
	snprintf(out, size, "%s", v ? v : "");
	if (v && strlen(v) >= size)
		out[0] = '\0';
}

int games_import(struct srv *s, const struct store_user *u, const char *text, size_t len, const char *format, char *id,
		 struct why *why)
{
	int f = format && *format ? gy_record_format_by_name(format, strlen(format))
				  : (int)gy_record_format_by_content(text, len);
	if (f < 0)
		return fail(why, 400, "unknown format %s (kif, kifu, ki2, ki2u, csa, jkf, sfen, usi)", format);
	struct gy_game *rec = NULL;
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0;
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, NULL, &rec, &where, &bad_ply);
	if (err) {
		gy_game_destroy(rec);
		char at[48] = "";
		if (where.line > 0)
			snprintf(at, sizeof at, "line %d, column %d: ", where.line, where.col);
		if (bad_ply > 0)
			return fail(why, 422, "%smove %d: %s", at, bad_ply, gy_strerror(err));
		return fail(why, 400, "%s%s", at, gy_strerror(err));
	}
	int n = 0;
	for (int node = gy_game_first_child(rec, 0); node >= 0; node = gy_game_first_child(rec, node))
		n++;
	struct store_move *moves = calloc((size_t)(n ? n : 1), sizeof *moves);
	int st = 0;
	if (!moves) {
		st = fail(why, 503, "out of memory");
		goto done;
	}
	if (n > GAMES_MAX_PLIES) {
		st = fail(why, 413, "the record has %d moves; at most %d are kept", n, GAMES_MAX_PLIES);
		goto done;
	}
	int64_t now = srv_now_ms();
	int i = 0;
	for (int node = gy_game_first_child(rec, 0); node >= 0; node = gy_game_first_child(rec, node), i++) {
		gy_usi_write_move(gy_game_move(rec, node), moves[i].usi);
		moves[i].spent_ms = gy_game_time(rec, node);
		moves[i].at_ms = now;
	}
	struct store_game row = {0};
	new_id(row.id);
	snprintf(row.status, sizeof row.status, "ended");
	row.creator = u ? u->id : 0;
	row.color = GY_BLACK;
	gy_sfen_write(gy_game_start(rec), row.start_sfen, sizeof row.start_sfen);
	const struct gy_handicap *h = gy_handicap_by_pos(gy_game_start(rec));
	snprintf(row.handicap, sizeof row.handicap, "%s", h ? h->id : "other");
	snprintf(row.impasse, sizeof row.impasse, "27");
	record_name(rec, GY_BLACK, row.black_name, sizeof row.black_name);
	record_name(rec, GY_WHITE, row.white_name, sizeof row.white_name);
	row.ply = n;
	struct gy_verdict v = gy_game_ending(rec, NULL);
	if (v.ending != GY_END_NONE) {
		snprintf(row.ending, sizeof row.ending, "%s", gy_ending_name(v.ending));
		snprintf(row.result, sizeof row.result, "%s", v.result == GY_RESULT_NONE ? "" : result_word(v.result));
	}
	row.created_ms = row.started_ms = row.updated_ms = now;
	enum store_err e = store_game_import(s->store, &row, moves, n);
	if (e)
		st = store_status(e, why, "game");
	else
		snprintf(id, STORE_ID_MAX, "%s", row.id);
done:
	free(moves);
	gy_game_destroy(rec);
	return st;
}

void games_changed(struct srv *s, const struct game *g)
{
	hub_publish(s->hub, g->row.id);
	bool playing = !strcmp(g->row.status, "playing");
	timer_schedule(s->timer, g->row.id, playing ? g->row.deadline_ms : 0);
	int level = g->pos.side == GY_BLACK ? g->row.black_level : g->row.white_level;
	if (playing && level)
		bots_enqueue(s->bots, g->row.id);
}
