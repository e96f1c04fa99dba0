/*
 * app/play_cmd.c: `gyoku play`, the terminal game (docs/play.md): options,
 * the players and the main loop around one game in progress, a
 * gy_session (gyoku/session.h), which holds the record, the clock and
 * the rules and judges every ending.  The board is drawn by
 * play_board.c, lines read by play_line.c and understood by
 * play_input.c, the computer is gyoku/player.h, records are
 * play_record.c and the time source play_clock.c.
 *
 * Invariants: `s` is the game; the players, names, notation and board
 * style are this file's.  The computer (`engine`) exists before any
 * clock starts when a side is the computer, so that making it costs no
 * player's time.  `announced` is true once the ending of the game as it
 * stands has been told.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "gyoku/gyoku.h"
#include "gyoku/player.h"
#include "gyoku/session.h"
#include "play_board.h"
#include "play_clock.h"
#include "play_input.h"
#include "play_line.h"
#include "play_options.h"
#include "play_record.h"
#include "position_arg.h"

enum { MSG_MAX = 512 };

struct play {
	struct gy_session *s;
	struct gy_rules rules;
	bool computer[GY_COLOR_NB];
	char names[GY_COLOR_NB][48];
	struct gy_player *engine; /* the computer, or the hint giver; NULL until needed */
	int level;
	bool timed;
	struct gy_time_control tc;
	struct play_time time;
	struct play_reader reader;
	struct play_board_style style;
	enum gy_notation notation;
	bool tty_in, tty_out;
	const char *save_path; /* where an unfinished game is saved; NULL: a new name on a terminal */
	bool announced;
	const char *why_over; /* how the ending came about, when the ending's name does not say it */
	int64_t bell_second;  /* the last second the bell rang in */
};

static const char *const side_names[GY_COLOR_NB] = {"Sente", "Gote"};
static const char *const impasse_texts[GY_IMPASSE_RULE_NB] = {"none", "24-point", "27-point", "try rule"};

static int64_t now_ms(const struct play *pl) { return play_time_now(&pl->time); }
static const struct gy_pos *position(const struct play *pl) { return gy_session_position(pl->s); }
static int to_move(const struct play *pl) { return position(pl)->side; }

/* The destination of the move before the last `back` moves (for 同), or GY_SQ_NONE. */
static gy_sq prev_to(const struct play *pl, int back)
{
	int n = gy_session_ply(pl->s) - back;
	return n > 0 ? gy_move_to(gy_session_moves(pl->s)[n - 1]) : GY_SQ_NONE;
}

/* Writes move `m` of `before` in the chosen notation. */
static void move_text(const struct play *pl, const struct gy_pos *before, gy_move m, gy_sq to, char *buf, size_t size)
{
	gy_notation_write(before, m, to, pl->notation, true, buf, size);
}

static void show_board(struct play *pl)
{
	char clocks[GY_COLOR_NB][64] = {"", ""};
	struct play_board_side sides[GY_COLOR_NB];
	const struct gy_clock *clock = gy_session_clock(pl->s);
	for (int c = 0; c < GY_COLOR_NB; c++) {
		if (clock)
			play_clock_text(clock, c, now_ms(pl), clocks[c], sizeof clocks[c]);
		sides[c].name = pl->names[c];
		sides[c].clock = clocks[c];
	}
	play_board_draw(stdout, position(pl), gy_session_last_move(pl->s), &pl->style, sides);
	int n = gy_session_ply(pl->s);
	if (n) {
		const struct gy_game *g = gy_session_game(pl->s);
		struct gy_pos before;
		char text[GY_NOTATION_MAX];
		if (gy_game_position(g, gy_game_parent(g, gy_session_node(pl->s)), &before) == GY_OK) {
			move_text(pl, &before, gy_session_last_move(pl->s), prev_to(pl, 1), text, sizeof text);
			printf("Last move: %d. %s\n", n, text);
		}
	}
	if (!gy_session_over(pl->s))
		printf("%s (%s) to move%s\n", side_names[to_move(pl)], pl->names[to_move(pl)],
		       gy_pos_in_check(position(pl)) ? ", in check" : "");
}

/* Tells the ending once: who ran out of time, the board, the result. */
static void announce(struct play *pl)
{
	if (!gy_session_over(pl->s) || pl->announced)
		return;
	struct gy_verdict v = gy_session_verdict(pl->s);
	pl->announced = true;
	if (v.ending == GY_END_TIME_FORFEIT)
		printf("%s (%s) has run out of time.\n", side_names[to_move(pl)], pl->names[to_move(pl)]);
	if (pl->tty_out)
		show_board(pl);
	const char *how = pl->why_over ? pl->why_over : gy_ending_name(v.ending);
	if (v.result == GY_RESULT_DRAW)
		printf("Game over by %s: a draw.\n", how);
	else if (v.result == GY_RESULT_NONE)
		printf("Game over by %s.\n", how);
	else {
		int w = v.result == GY_RESULT_BLACK_WINS ? GY_BLACK : GY_WHITE;
		printf("Game over by %s: %s (%s) wins.\n", how, side_names[w], pl->names[w]);
	}
	pl->why_over = NULL;
	if (pl->tty_in)
		puts("Type 'save FILE' to keep the record, 'moves' to see it, 'quit' to leave.");
}

/* Ends the game on time when the side to move has flagged; true if so. */
static bool check_flag(struct play *pl)
{
	if (!gy_session_check_time(pl->s, now_ms(pl)))
		return false;
	announce(pl);
	return true;
}

/* After a change: the ending, or the board on a terminal. */
static void after_change(struct play *pl)
{
	if (gy_session_over(pl->s))
		announce(pl);
	else if (pl->tty_out)
		show_board(pl);
}

/* Plays the move `m` for the side to move: the session charges the clock, records it and judges. */
static void play_move(struct play *pl, gy_move m)
{
	char text[GY_NOTATION_MAX];
	int n = gy_session_ply(pl->s);
	move_text(pl, position(pl), m, prev_to(pl, 0), text, sizeof text);
	enum gy_err err = gy_session_play(pl->s, m, now_ms(pl));
	if (err == GY_ERR_FLAG) {
		announce(pl);
		return;
	}
	if (err) {
		printf("error: the move could not be played: %s\n", gy_strerror(err));
		announce(pl);
		return;
	}
	printf("%d. %s\n", n + 1, text);
	after_change(pl);
}

/* The prompt of a question, drawn while the clock runs (play_line.h). */
struct question {
	struct play *pl;
	const char *text;
};

static bool question_tick(void *ctx, char *prompt, size_t size)
{
	struct question *q = ctx;
	if (!q->pl->time.fake && check_flag(q->pl))
		return false;
	snprintf(prompt, size, "%s", q->text);
	return true;
}

/* Asks a yes/no question; 1 yes, 0 no, -1 no answer (the end of input, a time-out, an interrupt). */
static int ask(struct play *pl, const char *text)
{
	char line[PLAY_LINE_MAX + 1];
	struct question q = {pl, text};
	for (;;) {
		if (!pl->reader.edit) {
			fputs(text, stdout);
			if (!pl->tty_in)
				putchar('\n');
		}
		enum play_read r = play_read_line(&pl->reader, line, question_tick, &q);
		if (r != PLAY_READ_LINE && r != PLAY_READ_TOO_LONG)
			return -1;
		struct play_line in;
		play_input_parse(line, &in);
		if (in.stamp_ms >= 0)
			play_time_set(&pl->time, in.stamp_ms);
		if (check_flag(pl))
			return -1;
		int yes = r == PLAY_READ_LINE ? play_input_yes_no(in.arg) : -1;
		if (yes >= 0)
			return yes;
	}
}

/* The side to move declares an impasse win: the count is shown, a declaration that loses is confirmed. */
static void declare(struct play *pl, bool confirm)
{
	static const char *const failures[] = {"",
					       "the king is not in the zone",
					       "fewer than 10 pieces in the zone",
					       "the king is in check",
					       "too few points",
					       "no declaration under this rule"};
	enum gy_impasse_rule rule = pl->rules.impasse;
	if (rule == GY_IMPASSE_TRY || rule == GY_IMPASSE_NONE) {
		puts(rule == GY_IMPASSE_TRY ? "No declaration under the try rule: a king that reaches the opponent "
					      "king's square (5a / 5i) wins."
					    : "No declaration: this game has no impasse rule (--impasse none).");
		return;
	}
	struct gy_impasse_result r;
	gy_session_count(pl->s, to_move(pl), &r);
	int me = r.side;
	printf("%s declares (%s rule): king in the zone: %s; pieces in the zone: %d (10 needed); in check: %s; "
	       "points: %d (%d to win); %s has %d.\n",
	       side_names[me], impasse_texts[rule], r.king_in_zone ? "yes" : "no", r.zone_pieces,
	       r.in_check ? "yes" : "no", r.points, r.win_points, side_names[!me], r.opponent_points);
	if (r.verdict == GY_IMPASSE_LOSS && confirm) {
		printf("The declaration would fail: %s, and a failed declaration loses the game.\n",
		       failures[r.failed]);
		if (ask(pl, "Declare anyway? [y/n] ") != 1) {
			if (!gy_session_over(pl->s))
				puts("Not declared; the game goes on.");
			return;
		}
	}
	enum gy_err err = gy_session_declare(pl->s, now_ms(pl), &r);
	if (err == GY_ERR_FLAG || err == GY_ERR_GAME_OVER) {
		announce(pl);
		return;
	}
	if (r.verdict == GY_IMPASSE_LOSS) {
		printf("The declaration fails: %s.\n", failures[r.failed]);
		pl->why_over = "a failed declaration";
	}
	announce(pl);
}

/* Makes the computer (the opponent, or the hint giver) when there is none yet. */
static int ensure_engine(struct play *pl)
{
	if (pl->engine)
		return 0;
	if (gy_player_create(&pl->engine, pl->level, &pl->rules)) {
		puts("error: the engine could not start");
		return 1;
	}
	return 0;
}

static void resign(struct play *pl, int side)
{
	printf("%s (%s) resigns.\n", side_names[side], pl->names[side]);
	if (gy_session_resign(pl->s, side, now_ms(pl)) == GY_OK || gy_session_over(pl->s))
		announce(pl);
}

static void computer_move(struct play *pl)
{
	if (ensure_engine(pl)) {
		if (gy_session_end(pl->s, (struct gy_verdict){GY_END_INTERRUPTION, GY_RESULT_NONE}) == GY_OK)
			announce(pl);
		return;
	}
	if (pl->tty_out) {
		printf("%s (%s) is thinking...\n", side_names[to_move(pl)], pl->names[to_move(pl)]);
		fflush(stdout);
	}
	enum gy_best_kind kind;
	gy_move m;
	if (gy_player_think(pl->engine, pl->s, now_ms(pl), false, &kind, &m)) {
		puts("error: the engine failed");
		if (gy_session_end(pl->s, (struct gy_verdict){GY_END_INTERRUPTION, GY_RESULT_NONE}) == GY_OK)
			announce(pl);
		return;
	}
	if (check_flag(pl))
		return;
	if (kind == GY_BEST_WIN)
		declare(pl, false);
	else if (kind == GY_BEST_RESIGN || !gy_move_is_legal(position(pl), m))
		resign(pl, to_move(pl));
	else
		play_move(pl, m);
}

static void hint(struct play *pl)
{
	if (gy_session_over(pl->s) || ensure_engine(pl))
		return;
	enum gy_best_kind kind;
	gy_move m;
	if (gy_player_think(pl->engine, pl->s, now_ms(pl), true, &kind, &m)) {
		puts("error: the engine failed");
		return;
	}
	if (kind == GY_BEST_WIN) {
		puts("Hint: declare (an impasse win).");
	} else if (kind == GY_BEST_MOVE && m) {
		char text[GY_NOTATION_MAX], usi[GY_USI_MOVE_MAX];
		move_text(pl, position(pl), m, prev_to(pl, 0), text, sizeof text);
		gy_usi_write_move(m, usi);
		printf("Hint: %s (%s)\n", text, usi);
	} else {
		puts("Hint: there is no move worth making (resign?).");
	}
}

static void undo(struct play *pl)
{
	/* Against the computer, take back its reply too, so that it is the person's turn again. */
	int n = gy_session_ply(pl->s), start = gy_session_start(pl->s)->side, k = 1;
	while (k < n && pl->computer[start ^ ((n - k) & 1)])
		k++;
	if (n > 0 && pl->computer[start ^ ((n - k) & 1)])
		k = n + 1;
	enum gy_err err = gy_session_undo(pl->s, k, now_ms(pl));
	if (err == GY_ERR_UNDO_STRICT) {
		puts("Takebacks are for casual games (--rules casual); strict rules keep every move.");
		return;
	}
	if (err) {
		puts(err == GY_ERR_UNDO_NONE ? "Nothing to take back." : gy_strerror(err));
		return;
	}
	pl->announced = false;
	printf("Took back %d move%s.\n", k, k == 1 ? "" : "s");
	show_board(pl);
}

static void list_moves(const struct play *pl)
{
	struct gy_pos p = *gy_session_start(pl->s);
	const gy_move *moves = gy_session_moves(pl->s);
	int n = gy_session_ply(pl->s);
	for (int i = 0; i < n; i++) {
		char text[GY_NOTATION_MAX];
		struct gy_undo u;
		move_text(pl, &p, moves[i], i ? gy_move_to(moves[i - 1]) : GY_SQ_NONE, text, sizeof text);
		printf("%d. %s\n", i + 1, text);
		gy_pos_do(&p, moves[i], &u);
	}
	if (!n)
		puts("No moves yet.");
}

/* The headers of a new game: the players, the time control, the date. */
static void set_headers(struct play *pl)
{
	const struct gy_handicap *h = gy_handicap_by_pos(gy_session_start(pl->s));
	bool handicap = h && strcmp(h->id, "even");
	char tc[GY_TC_TEXT_MAX], date[32];
	time_t t = time(NULL);
	struct tm lt;
	int bad = !localtime_r(&t, &lt) || !strftime(date, sizeof date, "%Y/%m/%d %H:%M:%S", &lt) ||
		  gy_session_set_header(pl->s, "開始日時", date);
	bad |= gy_session_set_header(pl->s, handicap ? "下手" : "先手", pl->names[GY_BLACK]) ||
	       gy_session_set_header(pl->s, handicap ? "上手" : "後手", pl->names[GY_WHITE]);
	if (pl->timed) {
		gy_tc_write(&pl->tc, tc);
		bad |= gy_session_set_header(pl->s, "持ち時間", tc);
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
	if (play_record_save(gy_session_game(pl->s), path, msg, sizeof msg))
		printf("error: %s\n", msg);
	else
		printf("Saved %d moves to %s.\n", gy_session_ply(pl->s), path);
}

/* Loads a record, whole (headers, comments, variations), and goes on from the end of its main line. */
static int load(struct play *pl, const char *path)
{
	char msg[MSG_MAX];
	struct gy_game *g;
	struct gy_session *s;
	if (!*path) {
		puts("usage: load FILE");
		return 1;
	}
	if (play_record_load(path, &g, msg, sizeof msg)) {
		printf("error: %s\n", msg);
		return 1;
	}
	enum gy_err err = gy_session_adopt(&s, g, &pl->rules);
	if (!err && (err = gy_session_start_clock(s, pl->timed ? &pl->tc : NULL, now_ms(pl))))
		gy_session_destroy(s);
	if (err) {
		printf("error: %s: %s\n", path, gy_strerror(err));
		return 1;
	}
	gy_session_destroy(pl->s);
	pl->s = s;
	pl->announced = false;
	printf("Loaded %s: %d moves; %s to move.\n", path, gy_session_ply(s), side_names[to_move(pl)]);
	announce(pl);
	return 0;
}

/*
 * Leaves the game: an unfinished game with moves is saved (to --save, or
 * to a new file on a terminal) as interrupted, so that --load goes on
 * with it.
 */
static void leave(struct play *pl, const char *why)
{
	if (gy_session_over(pl->s) || !gy_session_ply(pl->s)) {
		if (why)
			printf("\n%s.\n", why);
		return;
	}
	printf("%sGame left unfinished%s%s.\n", why ? "\n" : "", why ? ": " : "", why ? why : "");
	char name[64];
	const char *path = pl->save_path;
	if (!path && pl->tty_in) {
		time_t t = time(NULL);
		struct tm lt;
		if (!localtime_r(&t, &lt) || !strftime(name, sizeof name, "gyoku-%Y%m%d-%H%M%S.kifu", &lt))
			return;
		path = name;
	}
	if (!path || gy_session_end(pl->s, (struct gy_verdict){GY_END_INTERRUPTION, GY_RESULT_NONE}))
		return;
	char msg[MSG_MAX];
	if (play_record_save(gy_session_game(pl->s), path, msg, sizeof msg))
		printf("error: the game could not be saved: %s\n", msg);
	else
		printf("The game is saved to %s; 'gyoku play --load %s' goes on with it.\n", path, path);
}

/* The prompt while a player thinks: the running clock, and the time-out when nothing is typed. */
static bool prompt_tick(void *ctx, char *prompt, size_t size)
{
	struct play *pl = ctx;
	if (gy_session_over(pl->s)) {
		snprintf(prompt, size, "gyoku> ");
		return true;
	}
	const struct gy_clock *clock = gy_session_clock(pl->s);
	int side = to_move(pl);
	if (!clock || pl->time.fake) {
		snprintf(prompt, size, "%s (%s)> ", side_names[side], pl->names[side]);
		return true;
	}
	int64_t now = now_ms(pl);
	if (check_flag(pl))
		return false;
	if (play_clock_hurry(clock, side, now) && now / 1000 != pl->bell_second) {
		pl->bell_second = now / 1000;
		fputc('\a', stdout);
	}
	char text[64];
	play_clock_text(clock, side, now, text, sizeof text);
	snprintf(prompt, size, "%s (%s) %s> ", side_names[side], pl->names[side], text);
	return true;
}

static void human_move(struct play *pl, const char *text)
{
	char msg[MSG_MAX];
	gy_move m, alt;
	enum gy_err rule;
	if (gy_session_over(pl->s)) {
		printf("The game is over; type 'quit' to leave, or 'undo'%s.\n",
		       pl->rules.strict ? " (casual rules)" : "");
		return;
	}
	enum play_move_status st =
		play_input_move(position(pl), prev_to(pl, 0), text, &m, &alt, &rule, msg, sizeof msg);
	if (st == PLAY_MOVE_PROMOTION) {
		int yes = ask(pl, "Promote? [y/n] ");
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
	if (st != PLAY_MOVE_ILLEGAL)
		return;
	if (gy_session_foul(pl->s, rule, now_ms(pl)) == GY_ERR_FLAG || !gy_session_over(pl->s)) {
		if (gy_session_over(pl->s))
			announce(pl);
		else
			puts("The board is unchanged; try another move.");
		return;
	}
	puts("Strict rules: an illegal move loses.");
	announce(pl);
}

static void set_notation(struct play *pl, const char *arg)
{
	int i = gy_notation_by_name(arg, strlen(arg));
	if (i >= 0) {
		pl->notation = (enum gy_notation)i;
		printf("Moves are written in %s notation.\n", gy_notation_name(pl->notation));
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

/* `quit`: leaving a game that goes on is confirmed first; returns false to leave. */
static bool quit(struct play *pl)
{
	if (gy_session_over(pl->s) || !gy_session_ply(pl->s))
		return false;
	int yes = ask(pl, "The game is not over. Leave it (it is saved)? [y/n] ");
	if (yes == 0) {
		puts("The game goes on.");
		return true;
	}
	if (gy_session_over(pl->s))
		return true;
	leave(pl, NULL);
	return false;
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
		if (gy_session_over(pl->s))
			puts("The game is over.");
		else
			resign(pl, to_move(pl));
		break;
	case PLAY_CMD_UNDO: undo(pl); break;
	case PLAY_CMD_HINT: hint(pl); break;
	case PLAY_CMD_FLIP:
		pl->style.flip = !pl->style.flip;
		show_board(pl);
		break;
	case PLAY_CMD_SAVE: save(pl, in.arg); break;
	case PLAY_CMD_LOAD:
		if (!load(pl, in.arg) && !gy_session_over(pl->s))
			show_board(pl);
		break;
	case PLAY_CMD_DECLARE:
		if (gy_session_over(pl->s))
			puts("The game is over.");
		else
			declare(pl, true);
		break;
	case PLAY_CMD_MOVES: list_moves(pl); break;
	case PLAY_CMD_NOTATION: set_notation(pl, in.arg); break;
	case PLAY_CMD_PIECES: set_pieces(pl, in.arg); break;
	case PLAY_CMD_BOARD: show_board(pl); break;
	case PLAY_CMD_QUIT: return quit(pl);
	case PLAY_CMD_NB: break;
	}
	return true;
}

/* The start position and the players and their names, from the options. */
static int setup_players(struct play *pl, const struct play_options *o, struct gy_pos *start)
{
	const struct gy_handicap *h = NULL;
	gy_pos_set_start(start);
	if (o->handicap) {
		if (position_arg_handicap(start, o->handicap, "gyoku play", &h)) {
			play_usage(stderr);
			return 1;
		}
		if (!strcmp(h->id, "even"))
			h = NULL;
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

static int setup(struct play *pl, const struct play_options *o)
{
	pl->level = o->level;
	pl->rules = gy_rules_default();
	pl->rules.strict = o->strict;
	pl->rules.impasse = o->impasse;
	pl->rules.max_moves = o->max_moves;
	pl->save_path = o->save;
	pl->tty_in = isatty(0);
	pl->tty_out = isatty(1);
	pl->style = play_board_default_style(pl->tty_out);
	pl->style.flip = o->flip;
	pl->bell_second = -1;
	play_time_init(&pl->time, o->fake_clock);
	play_reader_init(&pl->reader);
	if (o->pieces) {
		if (strcmp(o->pieces, "kanji") && strcmp(o->pieces, "letters")) {
			fprintf(stderr, "gyoku play: --pieces kanji|letters\n");
			return 1;
		}
		pl->style.kanji = !strcmp(o->pieces, "kanji") && play_board_utf8_locale();
	}
	pl->notation = pl->style.kanji ? GY_NOTATION_JAPANESE : GY_NOTATION_HODGES;
	if (o->notation) {
		int i = gy_notation_by_name(o->notation, strlen(o->notation));
		if (i < 0) {
			fprintf(stderr, "gyoku play: --notation japanese|hodges|hosking|kitao\n");
			return 1;
		}
		pl->notation = (enum gy_notation)i;
	}
	if (o->time) {
		struct gy_srcpos where = {0, 0};
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
	struct gy_pos start;
	if (setup_players(pl, o, &start) || gy_session_create(&pl->s, &start, &pl->rules))
		return 1;
	set_headers(pl);
	if (o->load && load(pl, o->load))
		return 1;
	/* The computer is made before any clock starts: making it costs no one's time. */
	if ((pl->computer[GY_BLACK] || pl->computer[GY_WHITE]) && ensure_engine(pl))
		return 1;
	if (gy_session_start_clock(pl->s, pl->timed ? &pl->tc : NULL, now_ms(pl)))
		return 1;
	return 0;
}

static void greet(const struct play *pl)
{
	char level[96] = "", tc[GY_TC_TEXT_MAX] = "none";
	if (pl->computer[GY_BLACK] || pl->computer[GY_WHITE])
		gy_player_level_text(pl->level, level, sizeof level);
	if (pl->timed)
		gy_tc_write(&pl->tc, tc);
	printf("gyoku play: %s (Sente) vs %s (Gote).\n", pl->names[GY_BLACK], pl->names[GY_WHITE]);
	printf("Rules: %s; impasse %s; time %s%s%s.\n", pl->rules.strict ? "strict (an illegal move loses)" : "casual",
	       impasse_texts[pl->rules.impasse], tc, *level ? "; computer " : "", level);
	if (pl->tty_in)
		puts("Type a move (7g7f, P-7f, 76 with the piece, ...) or 'help'.");
}

int cmd_play(int argc, char **argv)
{
	struct play_options o;
	if (play_options_parse(argc, argv, &o))
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
	greet(pl);
	show_board(pl);
	announce(pl);
	char line[PLAY_LINE_MAX + 1];
	for (;;) {
		if (play_interrupted()) {
			leave(pl, "interrupted");
			break;
		}
		if (!gy_session_over(pl->s) && pl->computer[to_move(pl)]) {
			computer_move(pl);
			continue;
		}
		if (!pl->reader.edit && pl->tty_in) {
			char prompt[256];
			prompt_tick(pl, prompt, sizeof prompt);
			fputs(prompt, stdout);
		}
		enum play_read r = play_read_line(&pl->reader, line, prompt_tick, pl);
		if (r == PLAY_READ_EOF) {
			leave(pl, NULL);
			break;
		}
		if (r == PLAY_READ_INTERRUPT) {
			leave(pl, "interrupted");
			break;
		}
		if (r == PLAY_READ_TOO_LONG) {
			printf("error: the line is longer than %d bytes; nothing was done.\n", PLAY_LINE_MAX);
			continue;
		}
		if (r == PLAY_READ_STOPPED) {
			announce(pl);
			continue;
		}
		if (!handle(pl, line))
			break;
	}
done:
	gy_player_destroy(pl->engine);
	gy_session_destroy(pl->s);
	free(pl);
	return status;
}
