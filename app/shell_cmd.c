/*
 * app/shell_cmd.c: `gyoku shell`, a line-oriented prompt over one
 * position: set it, show it, play and take back moves (in any notation
 * gyoku reads), list legal moves, find a mate in one, run perft.  It is what `make run` starts
 * until the terminal game exists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "gyoku/gyoku.h"
#include "position_arg.h"

enum { HISTORY_MAX = 2048 };

struct shell {
	struct gy_pos pos;
	gy_move moves[HISTORY_MAX];
	struct gy_undo undo[HISTORY_MAX];
	int n;
};

static void show(const struct gy_pos *p)
{
	static const char *const names[GY_PTYPE_NB] = {"",  "P",  "L",  "N",  "S",  "B",  "R", "G",
						       "K", "+P", "+L", "+N", "+S", "+B", "+R"};
	static const char hand_letters[GY_HAND_NB] = {0, 'P', 'L', 'N', 'S', 'B', 'R', 'G'};
	char sfen[GY_SFEN_MAX];
	printf("   9  8  7  6  5  4  3  2  1\n");
	for (int rank = 1; rank <= 9; rank++) {
		printf("%c ", 'a' + rank - 1);
		for (int file = 9; file >= 1; file--) {
			gy_piece pc = p->board[gy_make_sq(file, rank)];
			if (!pc) {
				printf("  .");
				continue;
			}
			const char *name = names[gy_piece_type(pc)];
			char cell[4];
			size_t k = 0;
			for (const char *c = name; *c; c++)
				cell[k++] =
					gy_piece_color(pc) == GY_WHITE && *c >= 'A' && *c <= 'Z' ? (char)(*c + 32) : *c;
			cell[k] = '\0';
			printf("%3s", cell);
		}
		putchar('\n');
	}
	for (int c = 0; c < GY_COLOR_NB; c++) {
		printf("%s hand:", c == GY_BLACK ? "Sente" : "Gote ");
		static const int order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
		for (int i = 0; i < 7; i++)
			if (gy_hand_count(p->hand[c], order[i]))
				printf(" %c%d", hand_letters[order[i]], gy_hand_count(p->hand[c], order[i]));
		putchar('\n');
	}
	gy_sfen_write(p, sfen, sizeof sfen);
	printf("sfen %s\n%s to move%s\n", sfen, p->side == GY_BLACK ? "Sente" : "Gote",
	       gy_pos_in_check(p) ? ", in check" : "");
}

/* Plays a move typed in any notation gyoku reads (USI, CSA, Japanese, Western, Kitao-Kawasaki). */
static void play(struct shell *sh, const char *text)
{
	gy_move m;
	struct gy_srcpos where = {0, 0};
	gy_sq prev_to = sh->n ? gy_move_to(sh->moves[sh->n - 1]) : GY_SQ_NONE;
	enum gy_err err = gy_notation_read(&sh->pos, prev_to, text, strlen(text), &m, &where);
	if (err) {
		printf("error: %s: %s\n", text, gy_strerror(err));
		return;
	}
	if (sh->n == HISTORY_MAX) {
		printf("error: the move history is full\n");
		return;
	}
	char jp[GY_NOTATION_MAX];
	gy_notation_write(&sh->pos, m, prev_to, GY_NOTATION_JAPANESE, true, jp, sizeof jp);
	printf("%d. %s\n", sh->n + 1, jp);
	gy_pos_do(&sh->pos, m, &sh->undo[sh->n]);
	sh->moves[sh->n++] = m;
	if (!gy_has_legal_move(&sh->pos))
		printf("%s has no legal move: %s\n", sh->pos.side == GY_BLACK ? "Sente" : "Gote",
		       gy_pos_in_check(&sh->pos) ? "checkmate" : "no move");
}

static void list_moves(const struct gy_pos *p, enum gy_gen_kind kind)
{
	struct gy_movelist list;
	list.n = 0;
	gy_gen(p, kind, &list);
	for (int i = 0; i < list.n; i++) {
		char usi[GY_USI_MOVE_MAX];
		gy_usi_write_move(list.moves[i], usi);
		printf("%s%c", usi, i + 1 == list.n ? '\n' : ' ');
	}
	printf("%d moves\n", list.n);
}

/* `position startpos|sfen ... [moves ...]`, as in USI. */
static void set_position(struct shell *sh, char *args)
{
	char *moves = strstr(args, " moves");
	if (moves)
		*moves = '\0';
	struct gy_pos pos;
	if (position_arg_parse(&pos, args, "position"))
		return;
	sh->pos = pos;
	sh->n = 0;
	for (char *tok = moves ? moves + 6 : NULL; tok && *tok;) {
		while (*tok == ' ')
			tok++;
		char *end = tok + strcspn(tok, " ");
		char save = *end;
		*end = '\0';
		if (*tok)
			play(sh, tok);
		*end = save;
		tok = end;
	}
}

static void help(void)
{
	puts("commands:\n"
	     "  position startpos|sfen SFEN [moves M ...]  set the position\n"
	     "  show                                       the board, hands and SFEN\n"
	     "  <move>                                     play a move: 7g7f, P*5e, P-7f, P76, ７六歩, 同銀, +7776FU\n"
	     "  undo                                       take back the last move\n"
	     "  moves | checks                             list legal moves / checking moves\n"
	     "  mate1                                      find a mate in one\n"
	     "  perft N                                    count the move tree to depth N\n"
	     "  quit");
}

int cmd_shell(int argc, char **argv)
{
	if (argc == 1 && args_is_help(argv[0])) {
		fputs("usage: gyoku shell   (then 'help' at the prompt for its commands)\n", stdout);
		return 0;
	}
	if (argc > 0) {
		fputs("usage: gyoku shell   (then 'help' at the prompt for its commands)\n", stderr);
		return 2;
	}
	struct shell *sh = calloc(1, sizeof *sh);
	if (!sh)
		return 1;
	gy_pos_set_start(&sh->pos);
	bool tty = isatty(0);
	if (tty) {
		puts("gyoku shell: type 'help' for commands.");
		show(&sh->pos);
	}
	char line[4096];
	for (;;) {
		if (tty)
			fputs("gyoku> ", stdout);
		fflush(stdout);
		if (!fgets(line, sizeof line, stdin))
			break;
		line[strcspn(line, "\r\n")] = '\0';
		char *cmd = line + strspn(line, " ");
		if (!*cmd)
			continue;
		if (!strcmp(cmd, "quit") || !strcmp(cmd, "exit"))
			break;
		else if (!strcmp(cmd, "help"))
			help();
		else if (!strcmp(cmd, "show") || !strcmp(cmd, "d"))
			show(&sh->pos);
		else if (!strncmp(cmd, "position ", 9))
			set_position(sh, cmd + 9);
		else if (!strcmp(cmd, "moves"))
			list_moves(&sh->pos, GY_GEN_LEGAL);
		else if (!strcmp(cmd, "checks"))
			list_moves(&sh->pos, GY_GEN_CHECKS);
		else if (!strcmp(cmd, "undo")) {
			if (sh->n > 0) {
				sh->n--;
				gy_pos_undo(&sh->pos, sh->moves[sh->n], &sh->undo[sh->n]);
			}
		} else if (!strcmp(cmd, "mate1")) {
			gy_move m = gy_mate1(&sh->pos);
			char usi[GY_USI_MOVE_MAX];
			if (m)
				gy_usi_write_move(m, usi);
			printf("%s\n", m ? usi : "no mate in one");
		} else if (!strncmp(cmd, "perft ", 6)) {
			int depth = (int)strtol(cmd + 6, NULL, 10);
			if (depth < 0 || depth > 8)
				puts("error: depth 0..8");
			else
				printf("%llu\n", (unsigned long long)gy_perft(&sh->pos, depth));
		} else {
			play(sh, cmd);
		}
		if (tty && !strchr("dqhsmpcu", cmd[0]))
			show(&sh->pos);
	}
	free(sh);
	return 0;
}
