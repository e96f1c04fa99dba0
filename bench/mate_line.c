/*
 * bench/mate_line.c: the positions and the line checks of bench/mate_peer.sh.
 *
 *   bin/tools/mate_line check   reads lines "SFEN<TAB>MOVES" (MOVES: USI moves separated by
 *                               spaces, the attacker, the side to move, first) and prints for
 *                               each "complete N" when the line is a mate of N plies: every move
 *                               legal (gy_usi_parse_move: a pawn drop that mates is illegal),
 *                               every attacker move a check, the defender to move at the end in
 *                               check with no legal move; otherwise "incomplete PLY: REASON"
 *                               (PLY the ply, from 1, that fails, or the last one).
 *   bin/tools/mate_line sfen    reads lines "position sfen SFEN [moves ...]" and prints the SFEN
 *                               of the position reached, move number 1 (the tails of a
 *                               published solution as problems).
 *
 * A line that cannot be read prints "error: REASON" and the next lines go on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/err.h"
#include "gyoku/init.h"
#include "gyoku/movegen.h"
#include "gyoku/position.h"
#include "gyoku/usi.h"

enum { LINE_MAX_BYTES = 1 << 16, PLIES_MAX = 8192 };

static void check_line(char *line)
{
	char *tab = strchr(line, '\t');
	if (!tab) {
		printf("error: no tab between the SFEN and the moves\n");
		return;
	}
	*tab = '\0';
	struct gy_pos p;
	struct gy_srcpos where = {0, 0};
	enum gy_err e = gy_sfen_parse(&p, line, strlen(line), GY_SFEN_TSUME, &where);
	if (e != GY_OK) {
		printf("error: SFEN column %d: %s\n", where.col, gy_strerror(e));
		return;
	}
	int attacker = p.side, ply = 0;
	const char *reason = NULL;
	for (char *s = strtok(tab + 1, " \r\n"); s; s = strtok(NULL, " \r\n")) {
		ply++;
		gy_move m;
		if (gy_usi_parse_move(&p, s, strlen(s), &m, &where) != GY_OK) {
			reason = "an illegal move";
			break;
		}
		if (p.side == attacker && !gy_pos_gives_check(&p, m)) {
			reason = "an attacker move that does not check";
			break;
		}
		struct gy_undo u;
		gy_pos_do(&p, m, &u);
	}
	if (!reason && ply % 2 == 0)
		reason = "the attacker to move at the end";
	else if (!reason && !gy_pos_in_check(&p))
		reason = "the defender not in check at the end";
	else if (!reason && gy_has_legal_move(&p))
		reason = "the defender has a move at the end";
	if (reason)
		printf("incomplete %d: %s\n", ply, reason);
	else
		printf("complete %d\n", ply);
}

static void sfen_line(const char *line)
{
	static gy_move moves[PLIES_MAX];
	struct gy_pos p;
	struct gy_srcpos where = {0, 0};
	int n = 0;
	enum gy_err e = gy_usi_parse_position(line, strlen(line), &p, moves, PLIES_MAX, &n, &where);
	if (e != GY_OK) {
		printf("error: column %d: %s\n", where.col, gy_strerror(e));
		return;
	}
	for (int i = 0; i < n; i++) {
		struct gy_undo u;
		gy_pos_do(&p, moves[i], &u);
	}
	char sfen[GY_SFEN_MAX];
	gy_sfen_write(&p, sfen, sizeof sfen);
	/* The move number is the last word: 1, as problems are written. */
	char *sp = strrchr(sfen, ' ');
	if (sp)
		sp[1] = '\0';
	printf("%s1\n", sfen);
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "check") != 0 && strcmp(argv[1], "sfen") != 0)) {
		fprintf(stderr, "usage: mate_line check|sfen < LINES\n");
		return 2;
	}
	gy_init();
	bool check = strcmp(argv[1], "check") == 0;
	static char line[LINE_MAX_BYTES];
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (check)
			check_line(line);
		else
			sfen_line(line);
		fflush(stdout);
	}
	return 0;
}
