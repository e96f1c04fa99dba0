/*
 * app/play_cmd.c: `gyoku play`, the terminal game (issue 6): options,
 * the game state and the main loop.  The board is drawn by play_board.c,
 * input read by play_input.c, the computer is engine/player.c (gyoku/player.h), records are
 * play_record.c and the time source play_clock.c.
 *
 * Invariants: `pos` is `start` after moves[0..n); `game` holds exactly
 * that main line (rebuilt after an undo or a load) and `node` is its last
 * node; while the game is on, the clock's side is the side to move.
 */
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "play_board.h"
#include "play_clock.h"
#include "play_input.h"
#include "play_record.h"

enum { MAX_PLIES = 2048, MSG_MAX = 512 };

enum impasse { IMPASSE_24, IMPASSE_27, IMPASSE_TRY };

struct play {
	struct gy_game *game;
	struct gy_pos start, pos;
	gy_move moves[MAX_PLIES];
	int64_t spent[MAX_PLIES]; /* ms each move took, -1 unknown */
	int n, node;
	bool computer[GY_COLOR_NB];
	char names[GY_COLOR_NB][48];
	struct gy_player *engine; /* the computer, or the hint giver; NULL until needed */
	int level;
	bool strict;
	enum impasse impasse;
	int max_moves;
	bool timed;
	struct gy_time_control tc;
	struct gy_clock clock;
	struct play_time time;
	struct play_board_style style;
	enum gy_notation notation;
	bool tty_in, tty_out;
	bool over;
	int64_t bell_second; /* the last second the bell rang in */
};

static const char *const side_names[GY_COLOR_NB] = {"Sente", "Gote"};
static const char *const notation_names[GY_NOTATION_NB] = {"japanese", "hodges", "hosking", "kitao"};
static const char *const entering_rules[] = {"CSARule24", "CSARule27", "TryRule"};

static int64_t now_ms(const struct play *pl) { return play_time_now(&pl->time); }

/* Writes move `m` of `before` in the chosen notation. */
static void move_text(const struct play *pl, const struct gy_pos *before, gy_move m, gy_sq prev_to, char *buf,
		      size_t size)
{
	gy_notation_write(before, m, prev_to, pl->notation, true, buf, size);
}

static void show_board(struct play *pl)
{
	char clocks[GY_COLOR_NB][64] = {"", ""};
	struct play_board_side sides[GY_COLOR_NB];
	for (int c = 0; c < GY_COLOR_NB; c++) {
		if (pl->timed)
			play_clock_text(&pl->clock, c, now_ms(pl), clocks[c], sizeof clocks[c]);
		sides[c].name = pl->names[c];
		sides[c].clock = clocks[c];
	}
	play_board_draw(stdout, &pl->pos, pl->n ? pl->moves[pl->n - 1] : GY_MOVE_NONE, &pl->style, sides);
	if (pl->n) {
		struct gy_pos before = pl->start;
		struct gy_undo u;
		for (int i = 0; i + 1 < pl->n; i++)
			gy_pos_do(&before, pl->moves[i], &u);
		char text[GY_NOTATION_MAX];
		move_text(pl, &before, pl->moves[pl->n - 1], pl->n > 1 ? gy_move_to(pl->moves[pl->n - 2]) : GY_SQ_NONE,
			  text, sizeof text);
		printf("Last move: %d. %s\n", pl->n, text);
	}
	if (!pl->over)
		printf("%s (%s) to move%s\n", side_names[pl->pos.side], pl->names[pl->pos.side],
		       gy_pos_in_check(&pl->pos) ? ", in check" : "");
}

/* The game from `start` and moves[0..n), replacing the old one; the position follows. */
static int rebuild(struct play *pl)
{
	struct gy_game *g;
	if (gy_game_create(&g, &pl->start))
		return 1;
	int node = 0;
	pl->pos = pl->start;
	for (int i = 0; i < pl->n; i++) {
		struct gy_undo u;
		if (gy_game_add(g, node, pl->moves[i], &node)) {
			gy_game_destroy(g);
			return 1;
		}
		gy_game_set_time(g, node, pl->spent[i]);
		gy_pos_do(&pl->pos, pl->moves[i], &u);
	}
	gy_game_destroy(pl->game);
	pl->game = g;
	pl->node = node;
	return 0;
}

/* Ends the game with `v`: records it and says who won. */
static void finish(struct play *pl, enum gy_ending ending, enum gy_result result)
{
	struct gy_verdict v = {ending, result};
	pl->over = true;
	gy_game_set_ending(pl->game, pl->node, v);
	if (pl->tty_out)
		show_board(pl);
	if (result == GY_RESULT_DRAW)
		printf("Game over by %s: a draw.\n", gy_ending_name(ending));
	else if (result == GY_RESULT_NONE)
		printf("Game over by %s.\n", gy_ending_name(ending));
	else {
		int w = result == GY_RESULT_BLACK_WINS ? GY_BLACK : GY_WHITE;
		printf("Game over by %s: %s (%s) wins.\n", gy_ending_name(ending), side_names[w], pl->names[w]);
	}
	if (pl->tty_in)
		puts("Type 'save FILE' to keep the record, 'moves' to see it, 'quit' to leave.");
}

static enum gy_result win_for(int color) { return color == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS; }

/* Ends the game on time when the side to move has flagged; true if so. */
static bool check_flag(struct play *pl)
{
	if (pl->over || !pl->timed || !gy_clock_flagged(&pl->clock, now_ms(pl)))
		return false;
	printf("%s (%s) has run out of time.\n", side_names[pl->pos.side], pl->names[pl->pos.side]);
	finish(pl, GY_END_TIME_FORFEIT, win_for(!pl->pos.side));
	return true;
}

/* Plays the legal move `m` for the side to move: the clock, the record, the referee. */
static void play_move(struct play *pl, gy_move m)
{
	int64_t spent = -1;
	if (pl->n == MAX_PLIES) {
		puts("The record is full.");
		finish(pl, GY_END_INTERRUPTION, GY_RESULT_NONE);
		return;
	}
	if (pl->timed && gy_clock_move(&pl->clock, now_ms(pl), &spent)) {
		check_flag(pl);
		return;
	}
	int child;
	if (gy_game_add(pl->game, pl->node, m, &child)) {
		puts("error: the move could not be recorded");
		return;
	}
	gy_game_set_time(pl->game, child, spent);
	char text[GY_NOTATION_MAX];
	move_text(pl, &pl->pos, m, pl->n ? gy_move_to(pl->moves[pl->n - 1]) : GY_SQ_NONE, text, sizeof text);
	struct gy_undo u;
	gy_pos_do(&pl->pos, m, &u);
	pl->moves[pl->n] = m;
	pl->spent[pl->n++] = spent;
	pl->node = child;
	printf("%d. %s\n", pl->n, text);
	struct gy_referee_rules rules = {.try_rule = pl->impasse == IMPASSE_TRY, .max_moves = pl->max_moves};
	struct gy_verdict v = gy_game_judge(pl->game, pl->node, &rules);
	if (v.ending != GY_END_NONE)
		finish(pl, v.ending, v.result);
	else if (pl->tty_out)
		show_board(pl);
}

/* The side to move declares an impasse win; the points are shown and the game ends. */
static void declare(struct play *pl)
{
	if (pl->impasse == IMPASSE_TRY) {
		puts("No declaration under the try rule: a king that reaches the opponent king's square (5a / 5i) "
		     "wins.");
		return;
	}
	gy_hand extra[GY_COLOR_NB] = {0, 0};
	const struct gy_handicap *h = gy_handicap_by_pos(&pl->start);
	if (h)
		extra[GY_WHITE] = gy_handicap_removed_hand(h);
	struct gy_impasse_result r;
	gy_impasse_declare(&pl->pos, pl->impasse == IMPASSE_24 ? GY_IMPASSE_JSA24 : GY_IMPASSE_CSA27, extra, &r);
	int me = r.side;
	printf("%s declares (%s rule): king in the zone: %s; pieces in the zone: %d (10 needed); in check: %s; "
	       "points: %d (%d to win); %s has %d.\n",
	       side_names[me], pl->impasse == IMPASSE_24 ? "24-point" : "27-point", r.king_in_zone ? "yes" : "no",
	       r.zone_pieces, r.in_check ? "yes" : "no", r.points, r.win_points, side_names[!me], r.opponent_points);
	static const char *const failures[] = {"", "the king is not in the zone", "fewer than 10 pieces in the zone",
					       "the king is in check", "too few points"};
	if (r.verdict == GY_IMPASSE_WIN)
		finish(pl, GY_END_DECLARATION, win_for(me));
	else if (r.verdict == GY_IMPASSE_DRAW)
		finish(pl, GY_END_DECLARATION, GY_RESULT_DRAW);
	else {
		printf("The declaration fails: %s.\n", failures[r.failed]);
		finish(pl, GY_END_DECLARATION, win_for(!me));
	}
}

static int ensure_engine(struct play *pl)
{
	if (pl->engine)
		return 0;
	if (gy_player_create(&pl->engine, pl->level, entering_rules[pl->impasse])) {
		puts("error: the engine could not start");
		return 1;
	}
	return 0;
}

static void computer_move(struct play *pl)
{
	if (ensure_engine(pl)) {
		finish(pl, GY_END_INTERRUPTION, GY_RESULT_NONE);
		return;
	}
	if (pl->tty_out) {
		printf("%s (%s) is thinking...\n", side_names[pl->pos.side], pl->names[pl->pos.side]);
		fflush(stdout);
	}
	enum gy_best_kind kind;
	gy_move m;
	if (gy_player_think(pl->engine, &pl->start, pl->moves, pl->n, pl->timed ? &pl->clock : NULL, now_ms(pl), false,
			    &kind, &m)) {
		puts("error: the engine failed");
		finish(pl, GY_END_INTERRUPTION, GY_RESULT_NONE);
		return;
	}
	if (check_flag(pl))
		return;
	if (kind == GY_BEST_WIN) {
		declare(pl);
	} else if (kind == GY_BEST_RESIGN || !gy_move_is_legal(&pl->pos, m)) {
		printf("%s (%s) resigns.\n", side_names[pl->pos.side], pl->names[pl->pos.side]);
		finish(pl, GY_END_RESIGNATION, win_for(!pl->pos.side));
	} else {
		play_move(pl, m);
	}
}

static void hint(struct play *pl)
{
	if (pl->over || ensure_engine(pl))
		return;
	enum gy_best_kind kind;
	gy_move m;
	if (gy_player_think(pl->engine, &pl->start, pl->moves, pl->n, NULL, 0, true, &kind, &m)) {
		puts("error: the engine failed");
		return;
	}
	if (kind == GY_BEST_WIN) {
		puts("Hint: declare (an impasse win).");
	} else if (kind == GY_BEST_MOVE && m) {
		char text[GY_NOTATION_MAX], usi[GY_USI_MOVE_MAX];
		move_text(pl, &pl->pos, m, pl->n ? gy_move_to(pl->moves[pl->n - 1]) : GY_SQ_NONE, text, sizeof text);
		gy_usi_write_move(m, usi);
		printf("Hint: %s (%s)\n", text, usi);
	} else {
		puts("Hint: there is no move worth making (resign?).");
	}
}

static void undo(struct play *pl)
{
	if (pl->strict) {
		puts("Takebacks are for casual games (--rules casual); strict rules keep every move.");
		return;
	}
	int before = pl->n, k = pl->n - 1;
	/* Against the computer, take back its reply too, so that it is the person's turn again. */
	while (k > 0 && pl->computer[pl->start.side ^ (k & 1)])
		k--;
	if (pl->n == 0 || pl->computer[pl->start.side ^ (k & 1)]) {
		puts("Nothing to take back.");
		return;
	}
	pl->n = k;
	if (rebuild(pl)) {
		pl->n = before;
		puts("error: out of memory");
		return;
	}
	pl->over = false;
	if (pl->timed) {
		pl->clock.side = pl->pos.side;
		pl->clock.turn_start_ms = now_ms(pl);
	}
	printf("Took back %d move%s.\n", before - pl->n, before - pl->n == 1 ? "" : "s");
	show_board(pl);
}

static void list_moves(const struct play *pl)
{
	struct gy_pos p = pl->start;
	for (int i = 0; i < pl->n; i++) {
		char text[GY_NOTATION_MAX];
		struct gy_undo u;
		move_text(pl, &p, pl->moves[i], i ? gy_move_to(pl->moves[i - 1]) : GY_SQ_NONE, text, sizeof text);
		printf("%d. %s\n", i + 1, text);
		gy_pos_do(&p, pl->moves[i], &u);
	}
	if (!pl->n)
		puts("No moves yet.");
}

/* Sets the record's headers from the game's settings (names, time control, date). */
static void set_headers(struct play *pl)
{
	const struct gy_handicap *h = gy_handicap_by_pos(&pl->start);
	bool handicap = h && strcmp(h->id, "even");
	int bad = gy_game_set_header(pl->game, handicap ? "下手" : "先手", pl->names[GY_BLACK]) ||
		  gy_game_set_header(pl->game, handicap ? "上手" : "後手", pl->names[GY_WHITE]);
	if (pl->timed) {
		char tc[GY_TC_TEXT_MAX];
		gy_tc_write(&pl->tc, tc);
		bad |= gy_game_set_header(pl->game, "持ち時間", tc);
	}
	if (bad)
		puts("warning: a header could not be set");
}

static void save(struct play *pl, const char *path)
{
	char msg[MSG_MAX];
	if (!*path) {
		puts("usage: save FILE (.kif .kifu .ki2 .ki2u .csa .jkf .sfen .usi)");
		return;
	}
	set_headers(pl);
	if (play_record_save(pl->game, path, msg, sizeof msg))
		printf("error: %s\n", msg);
	else
		printf("Saved %d moves to %s.\n", pl->n, path);
}

/* Loads a record and goes on from the end of its main line. */
static int load(struct play *pl, const char *path)
{
	char msg[MSG_MAX];
	struct gy_game *g;
	if (!*path) {
		puts("usage: load FILE");
		return 1;
	}
	if (play_record_load(path, &g, msg, sizeof msg)) {
		printf("error: %s\n", msg);
		return 1;
	}
	pl->start = *gy_game_start(g);
	pl->n = 0;
	for (int node = gy_game_first_child(g, 0); node >= 0 && pl->n < MAX_PLIES;
	     node = gy_game_first_child(g, node)) {
		pl->moves[pl->n] = gy_game_move(g, node);
		pl->spent[pl->n++] = gy_game_time(g, node);
	}
	gy_game_destroy(g);
	if (rebuild(pl)) {
		puts("error: out of memory");
		return 1;
	}
	pl->over = false;
	if (pl->timed && gy_clock_start(&pl->clock, &pl->tc, pl->pos.side, now_ms(pl)))
		pl->timed = false;
	printf("Loaded %s: %d moves; %s to move.\n", path, pl->n, side_names[pl->pos.side]);
	struct gy_referee_rules rules = {.try_rule = pl->impasse == IMPASSE_TRY, .max_moves = pl->max_moves};
	struct gy_verdict v = gy_game_judge(pl->game, pl->node, &rules);
	if (v.ending != GY_END_NONE)
		finish(pl, v.ending, v.result);
	return 0;
}

/*
 * Reads one line into `buf`.  On a terminal with a running clock it
 * waits in one-second steps: the bell rings in the last seconds, and the
 * game ends when the time runs out.  Returns false at the end of input.
 */
static bool read_line(struct play *pl, char *buf, size_t size)
{
	fflush(stdout);
	if (pl->tty_in && pl->timed && !pl->time.fake) {
		for (;;) {
			if (!pl->over && check_flag(pl))
				fflush(stdout);
			int64_t now = now_ms(pl);
			if (!pl->over && play_clock_hurry(&pl->clock, pl->pos.side, now) &&
			    now / 1000 != pl->bell_second) {
				pl->bell_second = now / 1000;
				fputc('\a', stdout);
				fflush(stdout);
			}
			struct pollfd pfd = {.fd = 0, .events = POLLIN};
			int r = poll(&pfd, 1, 250);
			if (r > 0)
				break;
			if (r < 0)
				return false;
		}
	}
	return fgets(buf, (int)size, stdin) != NULL;
}

static void prompt(const struct play *pl)
{
	if (!pl->tty_in)
		return;
	if (pl->over)
		fputs("gyoku> ", stdout);
	else
		printf("%s (%s)> ", side_names[pl->pos.side], pl->names[pl->pos.side]);
}

/* Reads the answer to "Promote?"; -1 at the end of input. */
static int ask_promotion(struct play *pl)
{
	char line[256];
	for (;;) {
		fputs("Promote? [y/n] ", stdout);
		if (!pl->tty_in)
			putchar('\n');
		if (!read_line(pl, line, sizeof line))
			return -1;
		struct play_line in;
		play_input_parse(line, &in);
		if (in.stamp_ms >= 0)
			play_time_set(&pl->time, in.stamp_ms);
		if (check_flag(pl))
			return -1;
		int yes = play_input_yes_no(in.arg);
		if (yes >= 0)
			return yes;
	}
}

static void human_move(struct play *pl, const char *text)
{
	char msg[MSG_MAX];
	gy_move m, alt;
	if (pl->over) {
		printf("The game is over; type 'quit' to leave, or 'undo'%s.\n", pl->strict ? " (casual rules)" : "");
		return;
	}
	gy_sq prev_to = pl->n ? gy_move_to(pl->moves[pl->n - 1]) : GY_SQ_NONE;
	enum play_move_status st = play_input_move(&pl->pos, prev_to, text, &m, &alt, msg, sizeof msg);
	if (st == PLAY_MOVE_PROMOTION) {
		int yes = ask_promotion(pl);
		if (yes < 0)
			return;
		st = PLAY_MOVE_OK;
		if (!yes)
			m = alt;
	}
	if (st == PLAY_MOVE_OK) {
		play_move(pl, m);
		return;
	}
	puts(msg);
	if (st == PLAY_MOVE_ILLEGAL && pl->strict) {
		printf("Strict rules: an illegal move loses.\n");
		finish(pl, GY_END_ILLEGAL_MOVE, win_for(!pl->pos.side));
	} else if (st == PLAY_MOVE_ILLEGAL) {
		puts("The board is unchanged; try another move.");
	}
}

static void set_notation(struct play *pl, const char *arg)
{
	for (int i = 0; i < GY_NOTATION_NB; i++)
		if (!strcmp(arg, notation_names[i])) {
			pl->notation = (enum gy_notation)i;
			printf("Moves are written in %s notation.\n", notation_names[i]);
			return;
		}
	puts("usage: notation japanese|hodges|hosking|kitao");
}

static void set_pieces(struct play *pl, const char *arg)
{
	if (!strcmp(arg, "kanji")) {
		if (!play_board_utf8_locale()) {
			puts("Kanji need a UTF-8 locale (LANG=C.UTF-8 or similar); keeping letters.");
			return;
		}
		pl->style.kanji = true;
	} else if (!strcmp(arg, "letters")) {
		pl->style.kanji = false;
	} else {
		puts("usage: pieces kanji|letters");
		return;
	}
	show_board(pl);
}

/* Handles one input line; returns false to leave. */
static bool handle(struct play *pl, char *line)
{
	struct play_line in;
	play_input_parse(line, &in);
	if (in.stamp_ms >= 0)
		play_time_set(&pl->time, in.stamp_ms);
	check_flag(pl);
	switch (in.cmd) {
	case PLAY_CMD_NONE: break;
	case PLAY_CMD_MOVE: human_move(pl, in.arg); break;
	case PLAY_CMD_HELP: fputs(play_input_help(), stdout); break;
	case PLAY_CMD_RESIGN:
		if (pl->over) {
			puts("The game is over.");
			break;
		}
		printf("%s (%s) resigns.\n", side_names[pl->pos.side], pl->names[pl->pos.side]);
		finish(pl, GY_END_RESIGNATION, win_for(!pl->pos.side));
		break;
	case PLAY_CMD_UNDO: undo(pl); break;
	case PLAY_CMD_HINT: hint(pl); break;
	case PLAY_CMD_FLIP:
		pl->style.flip = !pl->style.flip;
		show_board(pl);
		break;
	case PLAY_CMD_SAVE: save(pl, in.arg); break;
	case PLAY_CMD_LOAD:
		if (!load(pl, in.arg))
			show_board(pl);
		break;
	case PLAY_CMD_DECLARE:
		if (pl->over)
			puts("The game is over.");
		else
			declare(pl);
		break;
	case PLAY_CMD_MOVES: list_moves(pl); break;
	case PLAY_CMD_NOTATION: set_notation(pl, in.arg); break;
	case PLAY_CMD_PIECES: set_pieces(pl, in.arg); break;
	case PLAY_CMD_BOARD: show_board(pl); break;
	case PLAY_CMD_QUIT: return false;
	case PLAY_CMD_NB: break;
	}
	return true;
}

static void usage(FILE *f)
{
	fputs("usage: gyoku play [--vs computer|human|watch] [--level 1-10] [--color sente|gote|random]\n"
	      "                  [--handicap NAME] [--time 10m+30s|5m+10i|...] [--rules casual|strict]\n"
	      "                  [--impasse 24|27|try] [--load FILE] [--pieces kanji|letters]\n"
	      "                  [--notation japanese|hodges|hosking|kitao] [--flip] [--max-moves N] [--seed N]\n"
	      "handicaps: ",
	      f);
	for (int i = 0; i < GY_HANDICAP_NB; i++)
		fprintf(f, "%s%s", gy_handicap_at(i)->id, i + 1 < GY_HANDICAP_NB ? " " : "\n");
}

/* The options of the command line. */
struct options {
	const char *vs, *color, *handicap, *time, *load, *pieces, *notation;
	int level, max_moves;
	bool strict, flip, fake_clock, seeded;
	enum impasse impasse;
	uint64_t seed;
};

static int parse_options(int argc, char **argv, struct options *o)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = true;
		if (!strcmp(a, "--flip")) {
			o->flip = true;
			takes = false;
		} else if (!strcmp(a, "--fake-clock")) {
			o->fake_clock = true;
			takes = false;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else if (!v) {
			fprintf(stderr, "gyoku play: %s needs a value (or is unknown)\n", a);
			return 1;
		} else if (!strcmp(a, "--vs")) {
			o->vs = v;
		} else if (!strcmp(a, "--level")) {
			o->level = (int)strtol(v, NULL, 10);
		} else if (!strcmp(a, "--color") || !strcmp(a, "--colour")) {
			o->color = v;
		} else if (!strcmp(a, "--handicap")) {
			o->handicap = v;
		} else if (!strcmp(a, "--time")) {
			o->time = v;
		} else if (!strcmp(a, "--load")) {
			o->load = v;
		} else if (!strcmp(a, "--pieces")) {
			o->pieces = v;
		} else if (!strcmp(a, "--notation")) {
			o->notation = v;
		} else if (!strcmp(a, "--max-moves")) {
			o->max_moves = (int)strtol(v, NULL, 10);
		} else if (!strcmp(a, "--seed")) {
			o->seed = strtoull(v, NULL, 10);
			o->seeded = true;
		} else if (!strcmp(a, "--rules")) {
			if (strcmp(v, "casual") && strcmp(v, "strict")) {
				fprintf(stderr, "gyoku play: --rules casual|strict\n");
				return 1;
			}
			o->strict = !strcmp(v, "strict");
		} else if (!strcmp(a, "--impasse")) {
			if (!strcmp(v, "24"))
				o->impasse = IMPASSE_24;
			else if (!strcmp(v, "27"))
				o->impasse = IMPASSE_27;
			else if (!strcmp(v, "try"))
				o->impasse = IMPASSE_TRY;
			else {
				fprintf(stderr, "gyoku play: --impasse 24|27|try\n");
				return 1;
			}
		} else {
			fprintf(stderr, "gyoku play: unknown option %s\n", a);
			return 1;
		}
		if (takes)
			i++;
	}
	if (strcmp(o->vs, "computer") && strcmp(o->vs, "human") && strcmp(o->vs, "watch")) {
		fprintf(stderr, "gyoku play: --vs computer|human|watch\n");
		return 1;
	}
	if (o->level < GY_LEVEL_MIN || o->level > GY_LEVEL_MAX) {
		fprintf(stderr, "gyoku play: --level 1..10 (1: a beginner can win, 10: full strength)\n");
		return 1;
	}
	if (strcmp(o->color, "sente") && strcmp(o->color, "gote") && strcmp(o->color, "random") &&
	    strcmp(o->color, "auto")) {
		fprintf(stderr, "gyoku play: --color sente|gote|random\n");
		return 1;
	}
	if (o->max_moves < 0) {
		fprintf(stderr, "gyoku play: --max-moves N (0: no limit)\n");
		return 1;
	}
	return 0;
}

/* Sets the start position, the players and their names from the options. */
static int setup_players(struct play *pl, const struct options *o)
{
	const struct gy_handicap *h = NULL;
	if (o->handicap) {
		h = gy_handicap_by_id(o->handicap, strlen(o->handicap));
		if (!h)
			h = gy_handicap_by_kif(o->handicap, strlen(o->handicap));
		if (!h) {
			fprintf(stderr, "gyoku play: unknown handicap '%s'\n", o->handicap);
			usage(stderr);
			return 1;
		}
		if (!strcmp(h->id, "even"))
			h = NULL;
	}
	if (h) {
		if (gy_sfen_parse(&pl->start, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL))
			return 1;
	} else {
		gy_pos_set_start(&pl->start);
	}
	uint64_t seed = o->seeded ? o->seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	if (!strcmp(o->vs, "watch")) {
		pl->computer[GY_BLACK] = pl->computer[GY_WHITE] = true;
		snprintf(pl->names[GY_BLACK], sizeof pl->names[0], "Computer (level %d)", o->level);
		snprintf(pl->names[GY_WHITE], sizeof pl->names[0], "Computer (level %d)", o->level);
	} else if (!strcmp(o->vs, "human")) {
		int senior = GY_BLACK;
		if (h) {
			/* The handicap giver (上手), the stronger player, is Gote. */
			senior = GY_WHITE;
			puts("Handicap game: Player 1 gives the handicap (uwate, Gote) and moves first.");
		} else if (!o->load) {
			struct gy_furigoma f = gy_furigoma_toss(&seed);
			senior = f.senior_is_sente ? GY_BLACK : GY_WHITE;
			bool utf8 = play_board_utf8_locale();
			printf("Furigoma: %d pawns show %s and %d show %s: Player %d is Sente.\n", f.pawns,
			       utf8 ? "歩" : "fu", GY_FURIGOMA_PAWNS - f.pawns, utf8 ? "と" : "to",
			       f.senior_is_sente ? 1 : 2);
		}
		snprintf(pl->names[senior], sizeof pl->names[0], "Player 1");
		snprintf(pl->names[!senior], sizeof pl->names[0], "Player 2");
	} else {
		int human = GY_BLACK;
		if (!strcmp(o->color, "gote"))
			human = GY_WHITE;
		else if (!strcmp(o->color, "random"))
			human = (int)((seed >> 17) & 1);
		pl->computer[!human] = true;
		snprintf(pl->names[human], sizeof pl->names[0], "You");
		snprintf(pl->names[!human], sizeof pl->names[0], "Computer (level %d)", o->level);
	}
	return 0;
}

static int setup(struct play *pl, const struct options *o)
{
	pl->level = o->level;
	pl->strict = o->strict;
	pl->impasse = o->impasse;
	pl->max_moves = o->max_moves;
	pl->tty_in = isatty(0);
	pl->tty_out = isatty(1);
	pl->style = play_board_default_style(pl->tty_out);
	pl->style.flip = o->flip;
	pl->bell_second = -1;
	play_time_init(&pl->time, o->fake_clock);
	if (o->pieces) {
		if (strcmp(o->pieces, "kanji") && strcmp(o->pieces, "letters")) {
			fprintf(stderr, "gyoku play: --pieces kanji|letters\n");
			return 1;
		}
		pl->style.kanji = !strcmp(o->pieces, "kanji") && play_board_utf8_locale();
	}
	pl->notation = pl->style.kanji ? GY_NOTATION_JAPANESE : GY_NOTATION_HODGES;
	if (o->notation) {
		int i = 0;
		while (i < GY_NOTATION_NB && strcmp(o->notation, notation_names[i]))
			i++;
		if (i == GY_NOTATION_NB) {
			fprintf(stderr, "gyoku play: --notation japanese|hodges|hosking|kitao\n");
			return 1;
		}
		pl->notation = (enum gy_notation)i;
	}
	if (o->time) {
		struct gy_srcpos where;
		enum gy_err err = gy_tc_parse(&pl->tc, o->time, strlen(o->time), &where);
		if (!err && pl->tc.days_per_move)
			err = GY_ERR_TC_RANGE;
		if (err) {
			fprintf(stderr, "gyoku play: --time %s: %s (column %d); e.g. 10m+30s, 0+30s, 5m+10i\n", o->time,
				gy_strerror(err), where.col);
			return 1;
		}
		pl->timed = true;
	}
	if (setup_players(pl, o))
		return 1;
	pl->n = 0;
	if (rebuild(pl))
		return 1;
	if (o->load && load(pl, o->load))
		return 1;
	if (pl->timed && gy_clock_start(&pl->clock, &pl->tc, pl->pos.side, now_ms(pl)))
		return 1;
	return 0;
}

static void greet(const struct play *pl, const struct options *o)
{
	char level[96] = "", tc[GY_TC_TEXT_MAX] = "none";
	if (pl->computer[GY_BLACK] || pl->computer[GY_WHITE])
		gy_player_level_text(o->level, level, sizeof level);
	if (pl->timed)
		gy_tc_write(&pl->tc, tc);
	printf("gyoku play: %s (Sente) vs %s (Gote).\n", pl->names[GY_BLACK], pl->names[GY_WHITE]);
	printf("Rules: %s; impasse %s; time %s%s%s.\n", pl->strict ? "strict (an illegal move loses)" : "casual",
	       pl->impasse == IMPASSE_TRY  ? "try rule"
	       : pl->impasse == IMPASSE_24 ? "24-point"
					   : "27-point",
	       tc, *level ? "; computer " : "", level);
	if (pl->tty_in)
		puts("Type a move (7g7f, P-7f, 76 with the piece, ...) or 'help'.");
}

int cmd_play(int argc, char **argv)
{
	struct options o = {.vs = "computer", .color = "sente", .level = 3, .impasse = IMPASSE_27};
	if (parse_options(argc, argv, &o))
		return 2;
	setlocale(LC_CTYPE, "");
	struct play *pl = calloc(1, sizeof *pl);
	if (!pl)
		return 1;
	int status = 0;
	if (setup(pl, &o)) {
		status = 2;
		goto done;
	}
	greet(pl, &o);
	show_board(pl);
	char line[1024];
	for (;;) {
		if (!pl->over && pl->computer[pl->pos.side]) {
			computer_move(pl);
			continue;
		}
		prompt(pl);
		if (!read_line(pl, line, sizeof line)) {
			if (!pl->over)
				puts("\nGame left unfinished.");
			else if (pl->tty_in)
				putchar('\n');
			break;
		}
		if (!handle(pl, line))
			break;
	}
done:
	gy_player_destroy(pl->engine);
	gy_game_destroy(pl->game);
	free(pl);
	return status;
}
