/*
 * server/gamejson.c: the game JSON (gamejson.h).  Everything here reads;
 * nothing changes a game.  Player names come from the store, each user
 * read once per answer (a list names its owner in every game), the rest
 * from the game's row and session.  The words of the status, the result
 * and the ending are the store's (store.h) and libgyoku's
 * (gy_ending_name, gy_impasse_rule_name).
 */
#include <string.h>

#include "gamejson.h"
#include "gyoku/gyoku.h"
#include "server.h"
#include "sse.h"

static const char *const side_names[GY_COLOR_NB] = {"black", "white"};

/* A string, or JSON null for "". */
static json_t *str_or_null(const char *s) { return s && *s ? json_string(s) : json_null(); }

/* The users one answer names, each read from the store once (the first USERS_KEPT of them). */
enum { USERS_KEPT = 16 };
struct users {
	struct srv *s;
	int n;
	int64_t id[USERS_KEPT];
	bool found[USERS_KEPT];
	struct store_user u[USERS_KEPT];
	struct store_user spare; /* a user read when the others fill the memo */
};

/* User `id` (0: none), or NULL when there is none or the store failed. */
static const struct store_user *user_get(struct users *m, int64_t id)
{
	if (!id)
		return NULL;
	for (int i = 0; i < m->n; i++)
		if (m->id[i] == id)
			return m->found[i] ? &m->u[i] : NULL;
	if (m->n == USERS_KEPT)
		return store_user_by_id(m->s->store, id, &m->spare) == STORE_OK ? &m->spare : NULL;
	int i = m->n++;
	m->id[i] = id;
	m->found[i] = store_user_by_id(m->s->store, id, &m->u[i]) == STORE_OK;
	return m->found[i] ? &m->u[i] : NULL;
}

/* A seat: {"name", "rating"} for a user, {"computer": level}, {"name"} from a record, or null. */
static json_t *player(struct users *m, int64_t user, int level, const char *record_name)
{
	if (level)
		return json_pack("{s:i}", "computer", level);
	const struct store_user *u = user_get(m, user);
	if (u)
		return json_pack("{s:s,s:i}", "name", u->name, "rating", (int)(u->rating + 0.5));
	if (record_name && *record_name)
		return json_pack("{s:s}", "name", record_name);
	return json_null();
}

/* A user's name, or null. */
static json_t *user_name(struct users *m, int64_t user)
{
	const struct store_user *u = user_get(m, user);
	return u ? json_string(u->name) : json_null();
}

json_t *gamejson_clocks(const struct game *g, int64_t now)
{
	const struct gy_clock *clock = gy_session_clock(g->session);
	if (!clock)
		return json_null();
	/* Before the side to move's first move its clock does not run (docs/server.md "Time"). */
	bool waiting = gy_session_first_move_pending(g->session);
	bool running = g->row.status == STORE_PLAYING && !waiting;
	int64_t at = running ? now : waiting ? clock->turn_start_ms : g->row.updated_ms;
	json_t *j = json_object();
	for (int c = 0; c < GY_COLOR_NB; c++) {
		struct gy_clock_view v;
		gy_clock_view(clock, c, at, &v);
		json_object_set_new(j, side_names[c],
				    json_pack("{s:I,s:i,s:I,s:b,s:i,s:I,s:I,s:I}", "main_ms", (json_int_t)v.main_ms,
					      "periods", v.periods, "period_ms", (json_int_t)v.period_ms, "byoyomi",
					      v.byoyomi, "vacation_days", v.vacation_days, "total_ms",
					      (json_int_t)v.total_ms, "move_ms", (json_int_t)v.move_ms, "vacation_ms",
					      (json_int_t)v.vacation_ms));
	}
	json_object_set_new(j, "running", running ? json_string(side_names[clock->side]) : json_null());
	json_object_set_new(j, "deadline_ms", g->row.deadline_ms ? json_integer(g->row.deadline_ms) : json_null());
	json_object_set_new(j, "now_ms", json_integer(now));
	return j;
}

/*
 * The impasse points of both sides under the game's rule, each as a
 * declaration by that side would count them now: the side to move's by
 * the session, the other's as if it were its turn (with the same
 * handicap bonus).
 */
static json_t *impasse(const struct game *g)
{
	const struct gy_session *s = g->session;
	const struct gy_rules *rules = gy_session_rules(s);
	json_t *j = json_pack("{s:s}", "rule", gy_impasse_rule_name(rules->impasse));
	if (rules->impasse == GY_IMPASSE_TRY || rules->impasse == GY_IMPASSE_NONE)
		return j;
	int to_move = gy_session_position(s)->side;
	for (int c = 0; c < GY_COLOR_NB; c++) {
		struct gy_impasse_result r;
		gy_session_count(s, c, &r);
		json_object_set_new(j, side_names[c],
				    json_pack("{s:i,s:i,s:i,s:b,s:b}", "points", r.points, "pieces", r.zone_pieces,
					      "needed", r.win_points, "in_zone", r.king_in_zone, "ok",
					      r.verdict == GY_IMPASSE_WIN && c == to_move));
	}
	return j;
}

/* The moves in USI and in the four notations, and the time each took. */
static void moves(const struct game *g, json_t *j)
{
	static const char *const styles[GY_NOTATION_NB] = {"japanese", "hodges", "hosking", "kitao"};
	json_t *usi = json_array(), *spent = json_array(), *nota = json_object(), *lists[GY_NOTATION_NB];
	for (int k = 0; k < GY_NOTATION_NB; k++) {
		lists[k] = json_array();
		json_object_set_new(nota, styles[k], lists[k]);
	}
	struct gy_pos p = *gy_session_start(g->session);
	const gy_move *gm = gy_session_moves(g->session);
	gy_sq prev = GY_SQ_NONE;
	for (int i = 0; i < g->row.ply; i++) {
		char text[GY_NOTATION_MAX];
		json_array_append_new(usi, json_string(g->moves[i].usi));
		json_array_append_new(spent, json_integer(g->moves[i].spent_ms));
		for (int k = 0; k < GY_NOTATION_NB; k++) {
			gy_notation_write(&p, gm[i], prev, (enum gy_notation)k, true, text, sizeof text);
			json_array_append_new(lists[k], json_string(text));
		}
		struct gy_undo u;
		gy_pos_do(&p, gm[i], &u);
		prev = gy_move_to(gm[i]);
	}
	json_object_set_new(j, "moves", usi);
	json_object_set_new(j, "spent_ms", spent);
	json_object_set_new(j, "notation", nota);
}

/* The legal moves of the side to move, in USI; [] when the game is not being played. */
static json_t *legal(const struct game *g)
{
	json_t *a = json_array();
	if (g->row.status != STORE_PLAYING)
		return a;
	struct gy_movelist list = {.n = 0};
	gy_gen(gy_session_position(g->session), GY_GEN_LEGAL, &list);
	for (int i = 0; i < list.n; i++) {
		char text[GY_USI_MOVE_MAX];
		gy_usi_write_move(list.moves[i], text);
		json_array_append_new(a, json_string(text));
	}
	return a;
}

/* The rating changes of a rated game that ended, or null. */
static json_t *ratings(const struct store_game *r)
{
	if (!r->rated || r->status != STORE_ENDED || r->rating_after[0] == 0)
		return json_null();
	json_t *j = json_object();
	for (int c = 0; c < GY_COLOR_NB; c++)
		json_object_set_new(j, side_names[c],
				    json_pack("{s:i,s:i}", "before", (int)(r->rating_before[c] + 0.5), "after",
					      (int)(r->rating_after[c] + 0.5)));
	return j;
}

json_t *gamejson_end(const struct game *g)
{
	const struct store_game *r = &g->row;
	return json_pack("{s:s,s:o,s:o,s:i}", "status", store_status_name(r->status), "result",
			 str_or_null(store_result_name(r->result)), "ending", str_or_null(store_ending_name(r)), "ply",
			 r->ply);
}

/*
 * The side to move after the row's moves: the start position's side (the word after the
 * board in its SFEN: White moves first in a handicap game) and one turn per ply.
 */
static int side_to_move(const struct store_game *r)
{
	const char *sp = strchr(r->start_sfen, ' ');
	int first = sp && sp[1] == 'w' ? GY_WHITE : GY_BLACK;
	return (r->ply % 2) ? !first : first;
}

/* The short form of one game, with its users read through `m`. */
static json_t *summary(struct users *m, const struct store_game *r)
{
	/* A waiting game shows its creator on the side chosen (none yet when furigoma decides). */
	int64_t black = r->black_user, white = r->white_user;
	if (r->status == STORE_WAITING && r->color != 2)
		*(r->color == 0 ? &black : &white) = r->creator;
	bool live = r->tc[0] && !strchr(r->tc, 'd');
	const struct store_user *creator = user_get(m, r->creator);
	json_t *j = json_pack(
		"{s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:s,s:s,s:b,s:i,s:s,s:I,s:I}", "id", r->id, "status",
		store_status_name(r->status), "result", str_or_null(store_result_name(r->result)), "ending",
		str_or_null(store_ending_name(r)), "black", player(m, black, r->black_level, r->black_name), "white",
		player(m, white, r->white_level, r->white_name), "creator", user_name(m, r->creator), "challenged",
		user_name(m, r->challenged), "time", r->tc[0] ? r->tc : "none", "kind",
		!r->tc[0] ? "untimed"
		: live    ? "live"
			  : "correspondence",
		"handicap", r->handicap, "rated", r->rated, "ply", r->ply, "side", side_names[side_to_move(r)],
		"created_ms", (json_int_t)r->created_ms, "updated_ms", (json_int_t)r->updated_ms);
	/* The creator's side ("random" until furigoma decides) and rating, for the lobby's seeks. */
	static const char *const colors[3] = {"black", "white", "random"};
	if (j) {
		json_object_set_new(j, "color", json_string(colors[(unsigned)r->color < 3 ? r->color : 2]));
		json_object_set_new(j, "creator_rating",
				    creator ? json_integer((int)(creator->rating + 0.5)) : json_null());
		/* Open event streams of spectators (the players' own are not counted). */
		json_object_set_new(
			j, "watchers",
			json_integer(hub_watchers(m->s->hub, r->id, r->black_user ? r->black_user : r->creator,
						  r->white_user ? r->white_user : r->challenged)));
	}
	return j;
}

json_t *gamejson_list(struct srv *s, const struct store_game *rows, int n)
{
	struct users m = {.s = s};
	json_t *list = json_array();
	for (int i = 0; i < n && list; i++)
		if (json_array_append_new(list, summary(&m, &rows[i]))) {
			json_decref(list);
			list = NULL;
		}
	return list;
}

/*
 * What the record holds beside the moves (an imported record's, as read):
 * its headers in order as [key, value] pairs, the comment of the start
 * and of each move of the main line ("" for none), and the number of
 * moves off the main line (variations, which the exports give back).
 */
static void record_extras(const struct game *g, json_t *j)
{
	const struct gy_game *rec = gy_session_game(g->session);
	json_t *headers = json_array(), *comments = json_array();
	for (int i = 0; i < gy_game_header_count(rec); i++) {
		const char *key, *value;
		gy_game_header_at(rec, i, &key, &value);
		json_array_append_new(headers, json_pack("[s,s]", key, value));
	}
	int node = 0, main_moves = 0;
	for (;;) {
		json_array_append_new(comments, json_string(gy_game_comment(rec, node)));
		int next = gy_game_first_child(rec, node);
		if (next <= 0 || main_moves >= g->row.ply)
			break;
		node = next;
		main_moves++;
	}
	json_object_set_new(j, "headers", headers);
	json_object_set_new(j, "comments", comments);
	json_object_set_new(j, "variations",
			    json_integer(gy_game_node_count(rec) - 1 - gy_game_ply(rec, gy_game_main_end(rec))));
}

json_t *gamejson_full(struct srv *s, const struct game *g, int64_t viewer, int64_t now)
{
	struct users m = {.s = s};
	json_t *j = summary(&m, &g->row);
	if (!j)
		return NULL;
	const struct gy_pos *pos = gy_session_position(g->session);
	char sfen[GY_SFEN_MAX];
	gy_sfen_write(pos, sfen, sizeof sfen);
	json_object_set_new(j, "start_sfen", json_string(g->row.start_sfen));
	json_object_set_new(j, "sfen", json_string(sfen));
	/* The session's word for the side to move replaces the summary's (they agree). */
	json_object_set_new(j, "side", json_string(side_names[pos->side]));
	moves(g, j);
	json_object_set_new(j, "last", g->row.ply ? json_string(g->moves[g->row.ply - 1].usi) : json_null());
	json_object_set_new(j, "check", json_boolean(gy_pos_in_check(pos)));
	json_object_set_new(j, "legal", legal(g));
	json_object_set_new(j, "clocks", gamejson_clocks(g, now));
	json_object_set_new(j, "impasse", impasse(g));
	int you = game_side_of(g, viewer);
	json_object_set_new(j, "you", you >= 0 ? json_string(side_names[you]) : json_null());
	json_object_set_new(j, "ratings", ratings(&g->row));
	const struct store_game *r = &g->row;
	bool seated = r->black_user || r->white_user || r->black_level || r->white_level;
	json_object_set_new(j, "imported", json_boolean(!seated && r->status == STORE_ENDED));
	/* The rematch offered from this game (none when the store cannot say), and the game this one rematches. */
	char rematch[STORE_ID_MAX];
	if (games_rematch_find(s, r, rematch))
		rematch[0] = '\0';
	json_object_set_new(j, "rematch", str_or_null(rematch));
	json_object_set_new(j, "rematch_of", str_or_null(r->rematch_of));
	json_object_set_new(j, "takeback",
			    r->takeback == 1 + GY_BLACK   ? json_string("black")
			    : r->takeback == 1 + GY_WHITE ? json_string("white")
							  : json_null());
	record_extras(g, j);
	/* Whether a review is saved with the game (false when the store cannot say). */
	json_object_set_new(j, "review", json_boolean(store_review_get(s->store, r->id, NULL) == STORE_OK));
	json_object_set_new(j, "may_review", json_boolean(r->status == STORE_ENDED && games_may_review(s, g, viewer)));
	return j;
}
