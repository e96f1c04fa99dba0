/*
 * server/games.c: the game service (games.h).
 *
 * Invariants: a stored game's moves are legal in turn from its start
 * position (every move is played by the session before it is stored, and
 * replayed into a session on every load); the row's status, result,
 * ending, clock and deadline are the session's, copied by settle() after
 * every change the session made: a playing game with a clock has the
 * deadline gy_session_deadline gives, an ended game a result and an
 * ending (an imported record's may be none) and no deadline.  The time
 * of an operation never runs back before the turn's start (game_now), so
 * clocks that differ between instances cannot refuse a move.  No
 * operation writes except through commit(), whose update is conditional
 * on the ply and status it loaded; the listeners hear of a change only
 * after it committed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "games.h"
#include "glicko.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "server.h"

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
	case STORE_STALE:
		why->stale = true;
		return fail(why, 409, "the game changed meanwhile: reload it and try again");
	case STORE_ERR_ARG: return fail(why, 400, "a field is too long");
	case STORE_DAMAGED: return fail(why, 500, "the %s is damaged in the store", what);
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

bool games_listen(struct srv *s, void (*fn)(void *ctx, const struct game *g, bool remote), void *ctx)
{
	struct games_listeners *l = &s->listeners;
	int n = atomic_load_explicit(&l->n, memory_order_relaxed);
	if (n >= GAMES_LISTENERS_MAX)
		return false;
	l->at[n].fn = fn;
	l->at[n].ctx = ctx;
	atomic_store_explicit(&l->n, n + 1, memory_order_release);
	return true;
}

/* Tells every listener, in order, that `g` changed (`remote`: on another instance). */
static void tell(struct srv *s, const struct game *g, bool remote)
{
	const struct games_listeners *l = &s->listeners;
	int n = atomic_load_explicit(&l->n, memory_order_acquire);
	for (int i = 0; i < n; i++)
		l->at[i].fn(l->at[i].ctx, g, remote);
}

/* The rules of the server's games under impasse rule `impasse` (games.h, struct game). */
static struct gy_rules rules_of(enum gy_impasse_rule impasse)
{
	struct gy_rules r = gy_rules_default();
	r.strict = false;
	r.impasse = impasse;
	r.handicap_bonus = true;
	r.max_moves = GAMES_MAX_PLIES;
	r.first_move_ms = GAMES_FIRST_MOVE_MS;
	return r;
}

/*
 * Builds the session of `g` from its row and moves: the start, the moves
 * replayed with their times, the clock as stored (without one, the turn's
 * start: the last move's, or the game's), and a stored ending.  GY_ERR_NOMEM,
 * or another error when they do not fit together (a damaged game).
 */
static enum gy_err build(struct game *g)
{
	const struct store_game *row = &g->row;
	struct gy_pos start;
	if (gy_sfen_parse(&start, row->start_sfen, strlen(row->start_sfen), GY_SFEN_PROBLEM, NULL))
		return GY_ERR_ARG;
	struct gy_rules rules = rules_of(row->impasse);
	enum gy_err err = gy_session_create(&g->session, &start, &rules);
	for (int i = 0; !err && i < row->ply; i++) {
		const struct store_move *sm = &g->moves[i];
		gy_move m;
		err = gy_usi_parse_move(gy_session_position(g->session), sm->usi, strlen(sm->usi), &m, NULL);
		if (!err)
			err = gy_session_replay(g->session, m, sm->spent_ms);
	}
	if (err)
		return err;
	if (row->tc[0] && row->clock[0]) {
		struct gy_time_control tc;
		struct gy_clock clock;
		if (gy_tc_parse(&tc, row->tc, strlen(row->tc), NULL) || !game_clock_decode(row->clock, &tc, &clock))
			return GY_ERR_ARG;
		err = gy_session_resume_clock(g->session, &clock, -1);
	} else if (row->status == STORE_PLAYING || row->status == STORE_ENDED) {
		err = gy_session_resume_clock(g->session, NULL,
					      row->ply ? g->moves[row->ply - 1].at_ms : row->started_ms);
	}
	if (!err && row->status == STORE_ENDED && row->ending != GY_END_NONE)
		err = gy_session_end(g->session, (struct gy_verdict){row->ending, row->result});
	if (!err && row->status == STORE_CANCELED && row->aborted)
		err = gy_session_end(g->session, (struct gy_verdict){GY_END_INTERRUPTION, GY_RESULT_NONE});
	return err;
}

/*
 * An imported record: the session becomes the record as it was read
 * (store_record_get), with its headers, comments, variations and
 * ending, when the store has it (a game imported before the store kept
 * records has only its moves).  Its main line must be the stored moves.
 */
static enum gy_err adopt_record(struct srv *s, struct game *g)
{
	const struct store_game *row = &g->row;
	if (row->status != STORE_ENDED || row->black_user || row->white_user || row->black_level || row->white_level)
		return GY_OK;
	char format[STORE_WORD_MAX];
	char *text = malloc(STORE_RECORD_MAX);
	if (!text)
		return GY_ERR_NOMEM;
	enum store_err e = store_record_get(s->store, row->id, format, text);
	struct gy_game *rec = NULL;
	int f = gy_record_format_by_name(format, strlen(format));
	enum gy_err err =
		e == STORE_NOT_FOUND   ? GY_OK
		: e == STORE_ERR_NOMEM ? GY_ERR_NOMEM
		: e || f < 0           ? GY_ERR_ARG
			     : gy_record_read(text, strlen(text), (enum gy_record_format)f, NULL, &rec, NULL, NULL);
	free(text);
	if (err || !rec) {
		gy_game_destroy(rec);
		return err;
	}
	struct gy_rules rules = *gy_session_rules(g->session);
	struct gy_session *session = NULL;
	if ((err = gy_session_adopt(&session, rec, &rules)))
		return err;
	if (gy_session_ply(session) != row->ply) {
		gy_session_destroy(session);
		return GY_ERR_ARG;
	}
	gy_session_destroy(g->session);
	g->session = session;
	g->record = true;
	return GY_OK;
}

int game_load(struct srv *s, const char *id, struct game *g, struct why *why)
{
	memset(g, 0, sizeof *g);
	int n = 0;
	enum store_err e = store_game_get(s->store, id, &g->row, &g->moves, &n);
	if (e && e != STORE_DAMAGED)
		return store_status(e, why, "game");
	if (e || n != g->row.ply)
		goto damaged;
	/* Room for one move more, which games_move appends. */
	struct store_move *moves = realloc(g->moves, sizeof *moves * (size_t)(n + 1));
	if (!moves) {
		game_release(g);
		return fail(why, 503, "out of memory");
	}
	g->moves = moves;
	enum gy_err err = build(g);
	if (!err)
		err = adopt_record(s, g);
	if (err == GY_ERR_NOMEM) {
		game_release(g);
		return fail(why, 503, "out of memory");
	}
	if (!err)
		return 0;
damaged:
	fprintf(stderr, "gyoku serve: game %s is damaged in the store: it does not load\n", id);
	game_release(g);
	return fail(why, 500, "game %s is damaged in the store", id);
}

void game_release(struct game *g)
{
	free(g->moves);
	gy_session_destroy(g->session);
	g->moves = NULL;
	g->session = NULL;
}

bool games_may_review(struct srv *s, const struct game *g, int64_t user)
{
	int64_t importer = 0;
	if (!user)
		return false;
	if (game_side_of(g, user) >= 0)
		return true;
	return g->record && store_record_importer(s->store, g->row.id, &importer) == STORE_OK && importer == user;
}

int game_side_of(const struct game *g, int64_t user)
{
	if (user <= 0)
		return -1;
	if (g->row.black_user == user)
		return GY_BLACK;
	return g->row.white_user == user ? GY_WHITE : -1;
}

int game_computer_to_move(const struct game *g)
{
	if (g->row.status != STORE_PLAYING)
		return 0;
	return gy_session_position(g->session)->side == GY_BLACK ? g->row.black_level : g->row.white_level;
}

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

int64_t game_now(const struct game *g)
{
	int64_t now = srv_now_ms(), turn = gy_session_turn_start(g->session);
	return now > turn ? now : turn;
}

/*
 * Copies into the row what the session decided at `now`: once the game
 * is over its status, result and ending; the clock; the deadline (none
 * when not playing or untimed).
 */
static void settle(struct game *g, int64_t now)
{
	struct store_game *row = &g->row;
	struct gy_verdict v = gy_session_verdict(g->session);
	if (v.ending == GY_END_INTERRUPTION && row->status == STORE_PLAYING) {
		/* Aborted before a side's first move (gy_session_abort, or no first move in time): no result. */
		row->status = STORE_CANCELED;
		row->aborted = true;
	} else if (v.ending != GY_END_NONE) {
		row->status = STORE_ENDED;
		row->result = v.result;
		row->ending = v.ending;
	}
	const struct gy_clock *clock = gy_session_clock(g->session);
	if (clock)
		game_clock_encode(clock, row->clock);
	int64_t deadline = gy_session_deadline(g->session);
	row->deadline_ms = row->status == STORE_PLAYING && deadline > 0 ? deadline : 0;
	row->updated_ms = now;
}

/*
 * For a rated game that has just ended: both players' new ratings into
 * `out` (2 entries) and the row's before/after fields.  Returns how many
 * rating changes to store (0 or 2).
 */
static int rate(struct srv *s, struct game *g, struct store_rating *out)
{
	if (!g->row.rated || !g->row.black_user || !g->row.white_user || g->row.result == GY_RESULT_NONE)
		return 0;
	struct store_user u[2];
	if (store_user_by_id(s->store, g->row.black_user, &u[0]) ||
	    store_user_by_id(s->store, g->row.white_user, &u[1]))
		return 0;
	double score_black = g->row.result == GY_RESULT_BLACK_WINS   ? 1.0
			     : g->row.result == GY_RESULT_WHITE_WINS ? 0.0
								     : 0.5;
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
 * then tells the listeners.  Returns 0 or the failure's status.  A rated
 * end whose ratings went stale (another game of a player ended meanwhile)
 * (STORE_STALE) is rated again from the new ones: each retry means
 * another end landed, so only a player ending more games at once than
 * RATE_TRIES can see a 409.  A game moved on by another request
 * (STORE_CONFLICT) is not retried.
 */
static int commit(struct srv *s, struct game *g, int old_ply, enum store_status old_status,
		  const struct store_move *move, struct why *why)
{
	struct store_rating ratings[2] = {{0}};
	int nr = g->row.status == STORE_ENDED && old_status != STORE_ENDED ? rate(s, g, ratings) : 0;
	enum store_err e = store_game_update(s->store, &g->row, old_ply, old_status, move, ratings, nr);
	for (int tries = 1; e == STORE_STALE && tries < RATE_TRIES; tries++) {
		nr = rate(s, g, ratings);
		e = store_game_update(s->store, &g->row, old_ply, old_status, move, ratings, nr);
	}
	if (e)
		return store_status(e, why, "game");
	tell(s, g, false);
	return 0;
}

/* Checks that `user` plays in the game under way; its side in `*side`; 0, else the status with `why`. */
static int player_in_play(const struct game *g, int64_t user, int *side, struct why *why)
{
	if (g->row.status != STORE_PLAYING)
		return fail(why, 409, "the game is %s", store_status_name(g->row.status));
	if ((*side = game_side_of(g, user)) < 0)
		return fail(why, 403, "you do not play in this game");
	return 0;
}

/* The side whose turn it is, when `user` (0: the computer) may act for it; else a status. */

static int mover(const struct game *g, int64_t user, int *side, struct why *why)
{
	if (g->row.status != STORE_PLAYING)
		return fail(why, 409, "the game is %s", store_status_name(g->row.status));
	int turn = gy_session_position(g->session)->side;
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
 * The session found the side to move out of time at `now` and ended the
 * game: commits that, and returns 409 (the request came too late), or the
 * commit's failure.
 */
static int forfeit(struct srv *s, struct game *g, int64_t now, struct why *why)
{
	int loser = gy_session_position(g->session)->side;
	bool aborted = gy_session_verdict(g->session).ending == GY_END_INTERRUPTION;
	settle(g, now);
	int st = commit(s, g, g->row.ply, STORE_PLAYING, NULL, why);
	if (st)
		return st;
	if (aborted)
		return fail(why, 409, "%s made no first move in time: the game is aborted", side_names[loser]);
	return fail(why, 409, "%s's time ran out: the game is lost on time", side_names[loser]);
}

/* When the side to move of a game in play has run out of time at `now`: forfeit(); else 0. */
static int late(struct srv *s, struct game *g, int64_t now, struct why *why)
{
	if (g->row.status != STORE_PLAYING || !gy_session_check_time(g->session, now))
		return 0;
	return forfeit(s, g, now, why);
}

/* The answer to the session refusing an operation at `now` with `err` (after a flag, the game ends on time). */
static int refused(struct srv *s, struct game *g, enum gy_err err, int64_t now, struct why *why)
{
	switch (err) {
	case GY_ERR_FLAG: return forfeit(s, g, now, why);
	case GY_ERR_GAME_OVER: return fail(why, 409, "the game is over");
	case GY_ERR_NOMEM: return fail(why, 503, "out of memory");
	default: return fail(why, 422, "%s", gy_strerror(err));
	}
}

/*
 * Seats the players and starts the clock at `now`: the creator on the
 * side asked for (or by furigoma), the opponent (a user, or the computer
 * at `b_level`) on the other.
 */
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
	g->row.status = STORE_PLAYING;
	g->row.started_ms = now;
	struct gy_time_control tc;
	bool timed = g->row.tc[0] != '\0';
	if ((timed && gy_tc_parse(&tc, g->row.tc, strlen(g->row.tc), NULL)) ||
	    gy_session_start_clock(g->session, timed ? &tc : NULL, now))
		return fail(why, 500, "the clock could not start");
	settle(g, now);
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

/*
 * The start of a new game (docs/server.md "Games"): the request's SFEN,
 * read by libgyoku's strict rules (both kings, no nifu, no dead piece,
 * the set's counts, the side not to move not in check), with a legal move
 * for the side to move (a game not over before it starts), written back
 * canonical, or the handicap's position.  `handicap` (STORE_WORD_MAX
 * bytes) gets the preset's id, "other" for a position no preset has.  A
 * game from a position is never rated; a handicap given with it must be
 * its position's.  0, or 400 with the reason.
 */
static int start_of(const struct game_request *q, const struct gy_handicap *h, char *start, char *handicap,
		    struct why *why)
{
	if (!q->sfen || !*q->sfen) {
		snprintf(handicap, STORE_WORD_MAX, "%s", h->id);
		snprintf(start, GY_SFEN_MAX, "%s", h->sfen);
		return 0;
	}
	size_t len = strlen(q->sfen);
	if (len >= GY_SFEN_MAX)
		return fail(why, 400, "sfen must be under %d characters", GY_SFEN_MAX);
	struct gy_pos pos;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pos, q->sfen, len, GY_SFEN_STRICT, &where);
	if (err && gy_err_class(err) == GY_ERR_CLASS_POSITION)
		return fail(why, 400, "the position cannot be played: %s", gy_strerror(err));
	if (err)
		return fail(why, 400, "sfen \"%s\", column %d: %s", q->sfen, where.col, gy_strerror(err));
	if (!gy_has_legal_move(&pos))
		return fail(why, 400, "the position cannot be played: the side to move has no legal move");
	const struct gy_handicap *found = gy_handicap_by_pos(&pos);
	if (q->handicap && *q->handicap && found != h)
		return fail(why, 400, "the sfen is not the position of handicap %s", h->id);
	if (q->rated)
		return fail(why, 400, "a game from a position cannot be rated");
	snprintf(handicap, STORE_WORD_MAX, "%s", found ? found->id : "other");
	gy_sfen_write(&pos, start, GY_SFEN_MAX);
	return 0;
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
	const struct gy_handicap *h = find_handicap(q->handicap);
	if (!h)
		return fail(why, 400, "no handicap named %s", q->handicap);
	if ((row->color = color_of(q->color)) < 0)
		return fail(why, 400, "color must be black, white or random");
	int impasse = q->impasse && *q->impasse ? store_impasse_by_name(q->impasse) : GY_IMPASSE_CSA27;
	if (impasse < 0)
		return fail(why, 400, "impasse must be 27, 24, try or none");
	struct gy_time_control tc;
	if (q->time && *q->time && strcmp(q->time, "none")) {
		struct gy_srcpos where;
		enum gy_err err = gy_tc_parse(&tc, q->time, strlen(q->time), &where);
		if (err)
			return fail(why, 400, "time \"%s\", column %d: %s", q->time, where.col, gy_strerror(err));
		if (gy_tc_write(&tc, row->tc) == 0)
			return fail(why, 400, "time \"%s\" is not a valid control", q->time);
		if (computer && tc.days_per_move)
			return fail(why, 400,
				    "correspondence games are for people; play the computer with a live clock or none");
	}
	char start[GY_SFEN_MAX];
	int st = start_of(q, h, start, row->handicap, why);
	if (st)
		return st;
	if (q->rated && (computer || h != gy_handicap_at(0)))
		return fail(why, 400, "only even games between two people can be rated");
	if (!computer) {
		/* One user holds at most GAMES_OPEN_MAX waiting seeks and challenges (docs/server.md "Games"). */
		struct store_filter f = {.user = creator->id, .status = STORE_WAITING, .limit = 200};
		struct store_game *mine = NULL;
		int n = 0, open_n = 0;
		enum store_err e = store_game_list(s->store, &f, &mine, &n);
		if (e)
			return store_status(e, why, "game");
		for (int i = 0; i < n; i++)
			open_n += mine[i].creator == creator->id && !games_seek_expired(&mine[i], now);
		free(mine);
		if (open_n >= GAMES_OPEN_MAX)
			return fail(why, 429,
				    "you already have %d open seeks and challenges: cancel one or wait for an answer",
				    open_n);
	}
	new_id(row->id);
	row->status = STORE_WAITING;
	row->creator = creator->id;
	row->challenged = opp.id;
	row->rated = q->rated;
	row->impasse = (enum gy_impasse_rule)impasse;
	snprintf(row->start_sfen, sizeof row->start_sfen, "%s", start);
	row->created_ms = row->updated_ms = now;
	if (q->rematch_of)
		snprintf(row->rematch_of, sizeof row->rematch_of, "%s", q->rematch_of);
	/* The session of the new game: its start and its rules (and, against the computer, its clock). */
	enum gy_err err = build(&g);
	st = err == GY_ERR_NOMEM ? fail(why, 503, "out of memory")
	     : err               ? fail(why, 500, "the handicap's position does not parse")
	     : computer          ? start_game(&g, 0, level, now, why)
				 : 0;
	if (st)
		goto done;
	enum store_err e = store_game_create(s->store, row);
	if (e == STORE_CONFLICT) { /* an id drawn twice: draw again, once */
		new_id(row->id);
		e = store_game_create(s->store, row);
	}
	if (e) {
		st = store_status(e, why, "game");
		goto done;
	}
	snprintf(id, STORE_ID_MAX, "%s", row->id);
	tell(s, &g, false);
done:
	game_release(&g);
	return st;
}

enum store_err games_rematch_find(struct srv *s, const struct store_game *row, char *out)
{
	out[0] = '\0';
	int64_t user = row->black_user ? row->black_user : row->white_user;
	if (!user || row->status != STORE_ENDED)
		return STORE_OK;
	/* A rematch is made after its game ended, so it is among the newest games of either player. */
	struct store_filter f = {.user = user, .limit = 50};
	struct store_game *list = NULL;
	int n = 0;
	enum store_err e = store_game_list(s->store, &f, &list, &n);
	for (int i = 0; !e && i < n; i++)
		if (!strcmp(list[i].rematch_of, row->id) && list[i].status != STORE_CANCELED) {
			snprintf(out, STORE_ID_MAX, "%s", list[i].id);
			break;
		}
	free(list);
	return e;
}

/* games_rematch's second half, under the server's rematch lock. */
static int rematch_make(struct srv *s, const struct store_game *g, int side, const struct store_user *u, char *new_id,
			struct why *why)
{
	struct store_game row = *g;
	char found[STORE_ID_MAX];
	enum store_err e = games_rematch_find(s, &row, found);
	if (e)
		return store_status(e, why, "game");
	if (found[0])
		return fail(why, 409, "a rematch of this game was already offered");
	/* The opponent: the other seat's user, or the computer at its level. */
	int64_t opp = side == GY_BLACK ? row.white_user : row.black_user;
	int level = side == GY_BLACK ? row.white_level : row.black_level;
	struct store_user other = {0};
	if (opp && (e = store_user_by_id(s->store, opp, &other)))
		return store_status(e, why, "user");
	char impasse[STORE_WORD_MAX];
	snprintf(impasse, sizeof impasse, "%s", gy_impasse_rule_name(row.impasse));
	struct game_request q = {
		.opponent = opp ? other.name : "computer",
		.level = level,
		.time = row.tc,
		.handicap = strcmp(row.handicap, "other") ? row.handicap : NULL,
		.sfen = strcmp(row.handicap, "other") ? NULL : row.start_sfen,
		.color = side == GY_BLACK ? "white" : "black",
		.impasse = impasse,
		.rated = row.rated,
		.rematch_of = row.id,
	};
	return games_create(s, u, &q, new_id, why);
}

int games_rematch(struct srv *s, const char *id, const struct store_user *u, char *new_id, struct why *why)
{
	struct store_game row;
	enum store_err e = store_game_get(s->store, id, &row, NULL, NULL);
	if (e)
		return store_status(e, why, "game");
	int side = row.black_user == u->id ? GY_BLACK : row.white_user == u->id ? GY_WHITE : -1;
	bool party = side >= 0 || row.creator == u->id || row.challenged == u->id;
	if (!party)
		return fail(why, 403, "only a player of the game may offer a rematch");
	if (row.status != STORE_ENDED || side < 0)
		return fail(why, 409, "the game is not over");
	/* The look for a rematch and the making of one are one step: two offers at once make one game. */
	pthread_mutex_lock(&s->rematch);
	int st = rematch_make(s, &row, side, u, new_id, why);
	pthread_mutex_unlock(&s->rematch);
	return st;
}

bool games_seek_expired(const struct store_game *row, int64_t now)
{
	return row->status == STORE_WAITING && !row->challenged && now - row->updated_ms > GAMES_SEEK_IDLE_MS;
}

/* Cancels the loaded seek `g`, which has expired (its creator is gone); 0 or the commit's failure. */
static int expire(struct srv *s, struct game *g, int64_t now, struct why *why)
{
	g->row.status = STORE_CANCELED;
	g->row.updated_ms = now;
	return commit(s, g, 0, STORE_WAITING, NULL, why);
}

void games_lobby(struct srv *s, struct store_game *games, int *n, int64_t viewer)
{
	int64_t now = srv_now_ms();
	int kept = 0;
	for (int i = 0; i < *n; i++) {
		struct store_game *row = &games[i];
		if (games_seek_expired(row, now)) {
			struct game g;
			struct why why;
			if (!game_load(s, row->id, &g, &why)) {
				if (games_seek_expired(&g.row, now))
					(void)expire(s, &g, now, &why);
				game_release(&g);
			}
			continue;
		}
		if (viewer && row->creator == viewer && row->status == STORE_WAITING && !row->challenged &&
		    now - row->updated_ms >= GAMES_SEEK_IDLE_MS / 4) {
			/* The creator is here: the seek lives on (a failed write only lets it expire sooner). */
			struct store_game seen = *row;
			seen.updated_ms = now;
			enum store_err e = store_game_update(s->store, &seen, 0, STORE_WAITING, NULL, NULL, 0);
			if (!e)
				*row = seen;
		}
		games[kept++] = *row;
	}
	*n = kept;
}

int games_accept(struct srv *s, const char *id, const struct store_user *u, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	if (g.row.status != STORE_WAITING)
		st = fail(why, 409, "the game is %s, not waiting", store_status_name(g.row.status));
	else if (g.row.creator == u->id)
		st = fail(why, 409, "you created this game: wait for an opponent");
	else if (g.row.challenged && g.row.challenged != u->id)
		st = fail(why, 403, "this challenge is for someone else");
	else if (games_seek_expired(&g.row, srv_now_ms()))
		st = (st = expire(s, &g, srv_now_ms(), why)) ? st
							     : fail(why, 409, "the seek expired: its creator has left");
	else if (!(st = start_game(&g, u->id, 0, srv_now_ms(), why)))
		st = commit(s, &g, 0, STORE_WAITING, NULL, why);
	return hand_over(&g, out, st);
}

int games_cancel(struct srv *s, const char *id, const struct store_user *u, bool decline, struct game *out,
		 struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	if (g.row.status != STORE_WAITING)
		st = fail(why, 409, "the game is %s, not waiting", store_status_name(g.row.status));
	else if (decline ? g.row.challenged != u->id : g.row.creator != u->id)
		st = fail(why, 403, decline ? "this challenge is not for you" : "only the creator can cancel");
	if (!st) {
		g.row.status = STORE_CANCELED;
		g.row.declined = decline;
		g.row.updated_ms = srv_now_ms();
		st = commit(s, &g, 0, STORE_WAITING, NULL, why);
	}
	return hand_over(&g, out, st);
}

/* Why the move text could not be read (gy_notation_read's error `err`): a 422. */
static int text_refused(enum gy_err err, struct why *why)
{
	switch (err) {
	case GY_ERR_NOTATION_AMBIGUOUS:
		return fail(why, 422,
			    "the move text fits several legal moves: say which piece moves "
			    "(its origin, or 右 左 上 引 寄 直)");
	case GY_ERR_NOTATION_PROMOTION_UNSPECIFIED:
		return fail(why, 422, "the move may promote or not: add 成 or 不成 (+ or =)");
	case GY_ERR_NOTATION_NO_MATCH: return fail(why, 422, "no legal move fits the move text");
	case GY_ERR_NOTATION_NO_PREVIOUS: return fail(why, 422, "同 (same square) but there is no previous move");
	case GY_ERR_NOTATION_SIDE: return fail(why, 422, "the side mark is not the side to move");
	default:
		if (gy_err_class(err) == GY_ERR_CLASS_SYNTAX || err == GY_ERR_TOO_LONG)
			return fail(why, 422,
				    "the text is not a move in any notation gyoku reads "
				    "(like 7g7f, ▲7六歩, P-7f)");
		return fail(why, 422, "the move is illegal: %s", gy_strerror(err));
	}
}

/* games_move and games_move_text: `move` is a USI move, or with `text` a move as people write it. */
static int play_move(struct srv *s, const char *id, int64_t user, const char *move, bool text, int expect_ply,
		     struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = game_now(&g);
	if ((st = mover(&g, user, &side, why)))
		goto done;
	if (expect_ply >= 0 && expect_ply != g.row.ply) {
		st = fail(why, 409, "the move was meant for ply %d, but %d moves have been played", expect_ply,
			  g.row.ply);
		goto done;
	}
	if ((st = late(s, &g, now, why)))
		goto done;
	gy_move m;
	enum gy_err err;
	if (text) {
		gy_move last = gy_session_last_move(g.session);
		gy_sq prev_to = last == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(last);
		err = gy_notation_read(gy_session_position(g.session), prev_to, move, strlen(move), &m, NULL);
		if (err) {
			st = text_refused(err, why);
			goto done;
		}
	} else if ((err = gy_usi_parse_move(gy_session_position(g.session), move, strlen(move), &m, NULL))) {
		st = gy_err_class(err) == GY_ERR_CLASS_SYNTAX
			     ? fail(why, 400, "\"%s\" is not a USI move (like 7g7f, 8h2b+, P*5e)", move)
			     : fail(why, 422, "%s: %s", move, gy_strerror(err));
		goto done;
	}
	/* The session times the move, plays it and judges the position after it. */
	if ((err = gy_session_play(g.session, m, now))) {
		st = refused(s, &g, err, now, why);
		goto done;
	}
	struct store_move *sm = &g.moves[g.row.ply];
	*sm = (struct store_move){.spent_ms = gy_game_time(gy_session_game(g.session), gy_session_node(g.session)),
				  .at_ms = now};
	gy_usi_write_move(m, sm->usi);
	g.row.ply++;
	g.row.takeback = 0; /* a move answers a takeback asked for: it is withdrawn */
	settle(&g, now);
	st = commit(s, &g, g.row.ply - 1, STORE_PLAYING, sm, why);
done:
	return hand_over(&g, out, st);
}

int games_move(struct srv *s, const char *id, int64_t user, const char *usi, int expect_ply, struct game *out,
	       struct why *why)
{
	return play_move(s, id, user, usi, false, expect_ply, out, why);
}

int games_move_text(struct srv *s, const char *id, int64_t user, const char *text, int expect_ply, struct game *out,
		    struct why *why)
{
	return play_move(s, id, user, text, true, expect_ply, out, why);
}

/* How many times a resignation or an abort is tried on a game changed meanwhile. */
enum { ACT_TRIES = 4 };

/* Resigns once; games_resign tries again when a change made meanwhile stood in the way. */
static int resign_once(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	/* The computer (user 0) resigns on its turn. */
	int side = gy_session_position(g.session)->side;
	int64_t now = game_now(&g);
	if (user)
		st = player_in_play(&g, user, &side, why);
	else if (g.row.status != STORE_PLAYING)
		st = fail(why, 409, "the game is %s", store_status_name(g.row.status));
	if (!st && !(st = late(s, &g, now, why))) {
		enum gy_err err = gy_session_resign(g.session, side, now);
		if (err) {
			st = refused(s, &g, err, now, why);
		} else {
			settle(&g, now);
			st = commit(s, &g, g.row.ply, STORE_PLAYING, NULL, why);
		}
	}
	return hand_over(&g, out, st);
}

/*
 * Resigning and aborting do not depend on the position: a move made
 * meanwhile (the computer's, the opponent's) is no reason to refuse them,
 * so a stale update is tried again on the game as it is now.
 */
static int again_while_stale(int (*once)(struct srv *, const char *, int64_t, struct game *, struct why *),
			     struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	int st = 0;
	for (int tries = 0; tries < ACT_TRIES; tries++) {
		why->stale = false;
		if ((st = once(s, id, user, out, why)) != 409 || !why->stale)
			break;
	}
	return st;
}

int games_resign(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	return again_while_stale(resign_once, s, id, user, out, why);
}

static int abort_once(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = game_now(&g);
	if (!(st = player_in_play(&g, user, &side, why)) && !(st = late(s, &g, now, why))) {
		enum gy_err err = gy_session_abort(g.session, side);
		if (err == GY_ERR_ABORT_LATE) {
			st = fail(why, 409,
				  "you have moved: a game is aborted only before your first move (resign instead)");
		} else if (err) {
			st = refused(s, &g, err, now, why);
		} else {
			settle(&g, now);
			st = commit(s, &g, g.row.ply, STORE_PLAYING, NULL, why);
		}
	}
	return hand_over(&g, out, st);
}

int games_abort(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	return again_while_stale(abort_once, s, id, user, out, why);
}

int games_declare(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = game_now(&g);
	if ((st = mover(&g, user, &side, why)) || (st = late(s, &g, now, why)))
		goto done;
	/* A win or a draw by the rule ends the game as a declaration; a failed one as an illegal move, lost. */
	enum gy_err err = gy_session_declare(g.session, now, NULL);
	if (err == GY_ERR_NO_DECLARATION) {
		st = fail(why, 409, "%s",
			  g.row.impasse == GY_IMPASSE_TRY
				  ? "this game uses the try rule: a king that reaches the enemy king's square wins"
				  : "this game has no impasse declaration");
	} else if (err) {
		st = refused(s, &g, err, now, why);
	} else {
		settle(&g, now);
		st = commit(s, &g, g.row.ply, STORE_PLAYING, NULL, why);
	}
done:
	return hand_over(&g, out, st);
}

int games_vacation(struct srv *s, const char *id, int64_t user, int days, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side;
	int64_t now = game_now(&g);
	const struct gy_clock *clock = gy_session_clock(g.session);
	if (!(st = player_in_play(&g, user, &side, why)) && (!clock || !clock->tc.days_per_move))
		st = fail(why, 409, "vacations are for correspondence games");
	else if (!st && !(st = late(s, &g, now, why))) {
		enum gy_err err = gy_session_vacation(g.session, side, days, now);
		if (err == GY_ERR_FLAG) {
			st = forfeit(s, &g, now, why);
		} else if (err) {
			st = fail(why, err == GY_ERR_CLOCK_VACATION ? 409 : 400, "%s", gy_strerror(err));
		} else {
			settle(&g, now);
			st = commit(s, &g, g.row.ply, STORE_PLAYING, NULL, why);
		}
	}
	return hand_over(&g, out, st);
}

/* The moves to take back for `side`'s takeback in `g`: back to `side`'s last move (1 or 2), 0 when none. */
static int takeback_plies(const struct game *g, int side)
{
	int plies = gy_session_position(g->session)->side == side ? 2 : 1;
	return gy_session_has_moved(g->session, side) && plies <= g->row.ply ? plies : 0;
}

int games_takeback(struct srv *s, const char *id, int64_t user, enum games_answer what, struct game *out,
		   struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side = game_side_of(&g, user);
	int64_t now = game_now(&g);
	int asker = g.row.takeback - 1; /* -1: none asked */
	bool computer = g.row.black_level || g.row.white_level;
	if (g.row.status != STORE_PLAYING)
		st = fail(why, 409, "the game is %s", store_status_name(g.row.status));
	else if (side < 0)
		st = fail(why, 403, "you do not play in this game");
	else if (g.row.rated)
		st = fail(why, 409, "a rated game has no takebacks");
	else if ((st = late(s, &g, now, why)))
		;
	else if (what == GAMES_ASK && asker >= 0)
		st = fail(why, 409, "a takeback was already asked for");
	else if (what == GAMES_ASK && !takeback_plies(&g, side))
		st = fail(why, 409, "you have no move to take back");
	else if (what == GAMES_WITHDRAW && asker != side)
		st = fail(why, 409, "you have not asked for a takeback");
	else if ((what == GAMES_ACCEPT || what == GAMES_DECLINE) && asker != !side)
		st = fail(why, 409, "your opponent has not asked for a takeback");
	if (st)
		goto done;
	int old_ply = g.row.ply;
	if (what == GAMES_DECLINE || what == GAMES_WITHDRAW || (what == GAMES_ASK && !computer)) {
		g.row.takeback = what == GAMES_ASK ? side + 1 : 0;
	} else {
		/* Accepted (the computer accepts at once): the session takes the moves back (casual rules). */
		int plies = takeback_plies(&g, what == GAMES_ASK ? side : asker);
		enum gy_err err = gy_session_undo(g.session, plies, now);
		if (err) {
			st = fail(why, err == GY_ERR_NOMEM ? 503 : 409, "%s", gy_strerror(err));
			goto done;
		}
		g.row.ply -= plies;
		g.row.takeback = 0;
	}
	settle(&g, now);
	st = commit(s, &g, old_ply, STORE_PLAYING, NULL, why);
done:
	return hand_over(&g, out, st);
}

int games_more_time(struct srv *s, const char *id, int64_t user, struct game *out, struct why *why)
{
	struct game g;
	int st = game_load(s, id, &g, why);
	if (st)
		return st;
	int side = game_side_of(&g, user);
	int64_t now = game_now(&g);
	const struct gy_clock *clock = gy_session_clock(g.session);
	if (g.row.status != STORE_PLAYING)
		st = fail(why, 409, "the game is %s", store_status_name(g.row.status));
	else if (side < 0)
		st = fail(why, 403, "you do not play in this game");
	else if (!g.row.tc[0] || strchr(g.row.tc, 'd'))
		st = fail(why, 409, "more time is for live games");
	else if (!(st = late(s, &g, now, why))) {
		enum gy_err err =
			clock ? gy_session_give_time(g.session, !side, GAMES_MORE_TIME_MS, now) : GY_ERR_NO_CLOCK;
		if (err) {
			st = refused(s, &g, err, now, why);
		} else {
			settle(&g, now);
			st = commit(s, &g, g.row.ply, STORE_PLAYING, NULL, why);
		}
	}
	return hand_over(&g, out, st);
}

int64_t games_flag(struct srv *s, const char *id)
{
	struct game g;
	struct why why;
	int st = game_load(s, id, &g, &why);
	if (st)
		return st == 503 ? srv_now_ms() + 1000 : 0;
	int64_t again = 0;
	if (g.row.status == STORE_PLAYING) {
		int64_t now = game_now(&g);
		st = late(s, &g, now, &why);
		again = !st ? g.row.deadline_ms : st == 503 ? now + 1000 : 0;
	}
	game_release(&g);
	return again;
}

void games_remote_change(struct srv *s, const char *id)
{
	struct game g;
	struct why why;
	if (game_load(s, id, &g, &why))
		return;
	tell(s, &g, true);
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
	if (len >= STORE_RECORD_MAX || memchr(text, '\0', len))
		return fail(why, len >= STORE_RECORD_MAX ? 413 : 400, "the record must be text under %d bytes",
			    STORE_RECORD_MAX);
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
	/*
	 * The record as a session: its main line, the ending it gives there
	 * (or, without one, what the position says: a mate is checkmate); an
	 * interruption the session drops (a game suspended goes on) stays.
	 */
	struct store_game row = {0};
	record_name(rec, GY_BLACK, row.black_name, sizeof row.black_name);
	record_name(rec, GY_WHITE, row.white_name, sizeof row.white_name);
	struct gy_verdict told = gy_game_ending(rec, NULL);
	struct gy_rules rules = rules_of(GY_IMPASSE_CSA27);
	struct gy_session *session = NULL;
	if ((err = gy_session_adopt(&session, rec, &rules)))
		return fail(why, err == GY_ERR_NOMEM ? 503 : 400, "the record cannot be played: %s", gy_strerror(err));
	const struct gy_game *game = gy_session_game(session);
	int n = gy_session_ply(session);
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
	int node = 0;
	for (int i = 0; i < n; i++) {
		node = gy_game_first_child(game, node);
		gy_usi_write_move(gy_session_moves(session)[i], moves[i].usi);
		moves[i].spent_ms = gy_game_time(game, node);
		moves[i].at_ms = now;
	}
	new_id(row.id);
	row.status = STORE_ENDED;
	/* A record, not the importer's game: nobody's list, statistics or rating (docs/server.md). */
	(void)u;
	row.creator = 0;
	row.color = GY_BLACK;
	gy_sfen_write(gy_session_start(session), row.start_sfen, sizeof row.start_sfen);
	const struct gy_handicap *h = gy_handicap_by_pos(gy_session_start(session));
	snprintf(row.handicap, sizeof row.handicap, "%s", h ? h->id : "other");
	row.impasse = rules.impasse;
	row.ply = n;
	struct gy_verdict v = gy_session_verdict(session);
	if (v.ending == GY_END_NONE && told.ending == GY_END_INTERRUPTION)
		v = told;
	row.ending = v.ending;
	row.result = v.result;
	row.created_ms = row.started_ms = row.updated_ms = now;
	/* The text is kept as read, with the format it was read in, so it reads back the same. */
	struct store_record kept = {gy_record_format_name((enum gy_record_format)f), text, u->id};
	enum store_err e = store_game_import(s->store, &row, moves, n, &kept);
	if (e)
		st = store_status(e, why, "game");
	else
		snprintf(id, STORE_ID_MAX, "%s", row.id);
done:
	free(moves);
	gy_session_destroy(session);
	return st;
}

void games_seen(struct srv *s, const struct store_game *row, int64_t viewer)
{
	if (row->status != STORE_WAITING || row->challenged)
		return;
	struct store_game one = *row;
	int n = 1;
	games_lobby(s, &one, &n, viewer);
}
