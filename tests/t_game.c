/*
 * tests/t_game.c: the game record and the referee (include/gyoku/game.h;
 * docs/core.md "Games: the record, the referee and the game in progress").
 *   game-1.x  the tree: main line, variations, a move added twice, an
 *             illegal move refused with its rule, positions by replay
 *   game-2.x  headers and comments, replaced and bounded
 *   game-3.x  the referee: mate, sennichite, perpetual check, try rule,
 *             move limit (docs/rules.md "How a game ends")
 *   game-4.x  deleting a subtree and promoting a variation (the session's takebacks)
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gyoku/game.h"
#include "gyoku/gyoku.h"

/* Plays the USI moves of `text` from `node`; returns the last node, or -1 (with *err). */
static int play(struct gy_game *g, int node, const char *text, enum gy_err *err)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		struct gy_pos pos;
		gy_move m;
		*err = gy_game_position(g, node, &pos);
		if (!*err)
			*err = gy_usi_parse_move(&pos, w, strlen(w), &m, NULL);
		if (!*err)
			*err = gy_game_add(g, node, m, &node);
		if (*err)
			return -1;
	}
	return node;
}

static struct gy_game *new_game(const char *sfen)
{
	struct gy_pos pos;
	struct gy_game *g = NULL;
	if (sfen ? gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_STRICT, NULL) : (gy_pos_set_start(&pos), GY_OK))
		return NULL;
	return gy_game_create(&g, &pos) ? NULL : g;
}

static void tree_cases(struct check_tally *t)
{
	struct gy_game *g = new_game(NULL);
	enum gy_err err = GY_OK;
	int end = play(g, 0, "7g7f 3c3d 2g2f", &err);
	int alt = play(g, 0, "2g2f", &err);
	int again = play(g, 0, "7g7f", &err);
	CHECK(t, "game-1.1", end >= 0 && gy_game_ply(g, end) == 3 && gy_game_main_end(g) == end,
	      "main line of 3 moves");
	CHECK(t, "game-1.2",
	      alt >= 0 && gy_game_next_sibling(g, gy_game_first_child(g, 0)) == alt && gy_game_parent(g, alt) == 0,
	      "a second move from the root becomes a variation");
	CHECK(t, "game-1.3", again == gy_game_first_child(g, 0), "adding an existing move returns its node");
	struct gy_pos pos;
	char sfen[GY_SFEN_MAX];
	gy_game_position(g, end, &pos);
	gy_sfen_write(&pos, sfen, sizeof sfen);
	CHECK(t, "game-1.4", !strcmp(sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"),
	      "position by replay: %s", sfen);
	/* A move from another position: 7g7f again after 7g7f. */
	gy_move m;
	struct gy_pos start;
	gy_pos_set_start(&start);
	err = gy_usi_parse_move(&start, "7g7f", 4, &m, NULL);
	int n = gy_game_first_child(g, 0), c = -1;
	err = err ? err : gy_game_add(g, n, m, &c);
	CHECK(t, "game-1.5", err == GY_ERR_MOVE_NO_PIECE, "illegal move gave %s", gy_strerror(err));
	CHECK(t, "game-1.6", gy_game_add(g, 999, m, &c) == GY_ERR_ARG, "a missing node is refused");
	gy_game_destroy(g);
}

/* Deleting a subtree and promoting a variation, as the session's undo and play do (gyoku/game.h). */
static void edit_cases(struct check_tally *t)
{
	struct gy_game *g = new_game(NULL);
	enum gy_err err = GY_OK;
	int end = play(g, 0, "7g7f 3c3d 2g2f", &err);
	int alt = play(g, 0, "2g2f 8c8d", &err);
	bool ok = end >= 0 && alt >= 0 && !gy_game_set_comment(g, alt, "kept") && !gy_game_set_comment(g, end, "gone");
	gy_game_set_ending(g, end, (struct gy_verdict){GY_END_RESIGNATION, GY_RESULT_WHITE_WINS});
	/* Delete the main line's first move: its three nodes go, the variation becomes the main line. */
	ok = ok && gy_game_delete(g, gy_game_first_child(g, 0)) == GY_OK;
	int m1 = gy_game_first_child(g, 0), m2 = gy_game_first_child(g, m1);
	int at;
	struct gy_verdict v = gy_game_ending(g, &at);
	CHECK(t, "game-4.1",
	      ok && gy_game_node_count(g) == 3 && m2 == 2 && gy_game_main_end(g) == m2 && gy_game_ply(g, m2) == 2 &&
		      !strcmp(gy_game_comment(g, m2), "kept") && v.ending == GY_END_NONE && at == -1,
	      "delete: %d nodes, main end %d, comment '%s', ending %s", gy_game_node_count(g), gy_game_main_end(g),
	      gy_game_comment(g, m2), gy_ending_name(v.ending));
	CHECK(t, "game-4.2", gy_game_delete(g, 0) == GY_ERR_ARG && gy_game_delete(g, 3) == GY_ERR_ARG,
	      "the root and missing nodes are refused");
	/* Promote: a second move from the root, then made the main line. */
	int second = play(g, 0, "7g7f", &err);
	ok = second >= 0 && gy_game_first_child(g, 0) == m1 && gy_game_promote(g, second) == GY_OK;
	CHECK(t, "game-4.3",
	      ok && gy_game_first_child(g, 0) == second && gy_game_next_sibling(g, second) == m1 &&
		      gy_game_next_sibling(g, m1) == -1 && gy_game_main_end(g) == second,
	      "promote: the variation is the main line, the old main line its sibling");
	gy_game_destroy(g);
}

static void text_cases(struct check_tally *t)
{
	struct gy_game *g = new_game(NULL);
	bool ok = !gy_game_set_header(g, "先手", "羽生善治") && !gy_game_set_header(g, "後手", "藤井聡太") &&
		  !gy_game_set_header(g, "先手", "谷川浩司");
	const char *k, *v;
	gy_game_header_at(g, 0, &k, &v);
	CHECK(t, "game-2.1", ok && gy_game_header_count(g) == 2 && !strcmp(k, "先手") && !strcmp(v, "谷川浩司"),
	      "headers set, replaced in place");
	CHECK(t, "game-2.2", gy_game_header(g, "棋戦") == NULL, "a missing header is NULL");
	static char big[70000];
	memset(big, 'x', sizeof big - 1);
	CHECK(t, "game-2.3", gy_game_set_comment(g, 0, big) == GY_ERR_TOO_LONG && !strcmp(gy_game_comment(g, 0), ""),
	      "an over-long comment is refused and nothing changes");
	ok = !gy_game_set_comment(g, 0, "opening") && !gy_game_set_comment(g, 0, "序盤");
	gy_game_set_time(g, 0, 1500);
	CHECK(t, "game-2.4", ok && !strcmp(gy_game_comment(g, 0), "序盤") && gy_game_time(g, 0) == 1500,
	      "comment replaced, time kept");
	gy_game_destroy(g);
}

/* Plays `moves` from `sfen` (NULL: start position) and judges the last node. */
static struct gy_verdict judged(const char *sfen, const char *moves, const struct gy_rules *rules, int *ply)
{
	struct gy_verdict none = {GY_END_INTERRUPTION, GY_RESULT_NONE};
	struct gy_game *g = new_game(sfen);
	enum gy_err err = GY_OK;
	*ply = -1;
	if (!g)
		return none;
	int node = play(g, 0, moves, &err);
	struct gy_verdict v = node < 0 ? none : gy_game_judge(g, node, rules);
	*ply = node < 0 ? -1 : gy_game_ply(g, node);
	gy_game_destroy(g);
	return v;
}

static void referee_case(struct check_tally *t, const char *id, const char *sfen, const char *moves,
			 const struct gy_rules *rules, enum gy_ending ending, enum gy_result result)
{
	int ply = -1;
	struct gy_verdict v = judged(sfen, moves, rules, &ply);
	CHECK(t, id, v.ending == ending && v.result == result, "got %s / result %d after %d moves, expected %s / %d",
	      gy_ending_name(v.ending), v.result, ply, gy_ending_name(ending), result);
}

static void referee_cases(struct check_tally *t)
{
	struct gy_rules plain = {.impasse = GY_IMPASSE_CSA27}, tryrule = {.impasse = GY_IMPASSE_TRY},
			limit = {.impasse = GY_IMPASSE_CSA27, .max_moves = 4};
	referee_case(t, "game-3.1", "k8/2S6/G8/9/9/9/9/9/4K4 b G 1", "G*9b", &plain, GY_END_CHECKMATE,
		     GY_RESULT_BLACK_WINS);
	referee_case(t, "game-3.2", NULL, "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b", &plain,
		     GY_END_SENNICHITE, GY_RESULT_DRAW);
	referee_case(t, "game-3.3", NULL, "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b", &plain, GY_END_NONE,
		     GY_RESULT_NONE);
	referee_case(t, "game-3.4", "k8/9/9/9/9/9/9/9/1R2K4 b - 1",
		     "8i9i 9a8a 9i8i 8a9a 8i9i 9a8a 9i8i 8a9a 8i9i 9a8a 9i8i 8a9a", &plain, GY_END_PERPETUAL_CHECK,
		     GY_RESULT_WHITE_WINS);
	referee_case(t, "game-3.5", "9/4K4/9/9/9/9/9/9/k8 b - 1", "5b5a", &tryrule, GY_END_TRY, GY_RESULT_BLACK_WINS);
	referee_case(t, "game-3.6", "9/4K4/9/9/9/9/9/9/k8 b - 1", "5b5a", &plain, GY_END_NONE, GY_RESULT_NONE);
	referee_case(t, "game-3.7", "8K/9/9/9/9/9/9/4k4/9 w - 1", "5h5i", &tryrule, GY_END_TRY, GY_RESULT_WHITE_WINS);
	referee_case(t, "game-3.8", NULL, "7g7f 3c3d 2g2f 4c4d", &limit, GY_END_MAX_MOVES, GY_RESULT_DRAW);
	referee_case(t, "game-3.9", NULL, "7g7f 3c3d 2g2f", &limit, GY_END_NONE, GY_RESULT_NONE);
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	tree_cases(&t);
	edit_cases(&t);
	text_cases(&t);
	referee_cases(&t);
	return check_exit(&t);
}
