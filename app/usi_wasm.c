/*
 * app/usi_wasm.c: gyoku-usi for the browser (web/dist/engine/gyoku-engine.js, built by emcc with
 * GY_NO_THREADS): the same USI session as the native engine (usi.h), fed one command line at a time
 * by the page's Web Worker (web/src/engine-worker.js) through gy_usi_command, answering on standard
 * output, which the worker passes on line by line.  A search runs to its end inside the call, so
 * its info lines arrive while it runs and its bestmove before the call returns.  gy_usi_bench is
 * `gyoku-usi bench`.
 *
 * Game review's curve and marks (gyoku/review.h) are answered here too, so that the browser uses
 * libgyoku's and keeps no copy: two command lines that are no USI, each answered by one line,
 *
 *     review prob SCORE                 ->  review prob P
 *     review mark BEFORE AFTER CHOSEN   ->  review mark MARK LOSS
 *     review move PREV MOVE SFEN        ->  review move TEXT
 *
 * where SCORE, BEFORE and AFTER are "cp N", "mate N" (N not 0) or "none" (no score), each from its
 * side to move's view: BEFORE the search of the position before a move, AFTER that of the position
 * after it; CHOSEN is 1 when the move played is BEFORE's best move, else 0.  P is the win
 * probability (0..1) and LOSS the move's loss (0..1), both to 17 significant digits, MARK the mark's name
 * (gy_review_mark_name).  TEXT is the USI move MOVE of the position SFEN as a reviewed record's
 * comments name it (gy_review_move_text: "▲２二角成"), PREV the move before it in USI, for 同, or
 * "-".  A malformed line is answered "review error".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/init.h"
#include "gyoku/notation.h"
#include "gyoku/review.h"
#include "gyoku/usi.h"
#include "usi.h"

int gy_usi_command(const char *line);
int gy_usi_bench(int depth);

static struct usi *session;

/* Reads a score ("cp N", "mate N", "none") at `*s` into `*r`, moving `*s` past it; false when malformed. */
static bool read_score(const char **s, struct gy_review_search *r)
{
	char *end;
	const char *p = *s + strspn(*s, " ");
	memset(r, 0, sizeof *r);
	if (!strncmp(p, "none", 4)) {
		*s = p + 4;
		return true;
	}
	bool mate = !strncmp(p, "mate ", 5);
	if (!mate && strncmp(p, "cp ", 3))
		return false;
	p += mate ? 5 : 3;
	long v = strtol(p, &end, 10);
	if (end == p || v < -1000000 || v > 1000000 || (mate && !v))
		return false;
	r->scored = true;
	r->score = mate ? (struct gy_score){0, (int)v} : (struct gy_score){(int)v, 0};
	*s = end;
	return true;
}

/* Answers a `review` line (above). */
static void review_command(const char *s)
{
	struct gy_review_search before, after;
	if (!strncmp(s, "prob ", 5)) {
		s += 5;
		if (read_score(&s, &before) && before.scored && !s[strspn(s, " ")]) {
			printf("review prob %.17g\n", gy_review_win_prob(before.score));
			return;
		}
	} else if (!strncmp(s, "move ", 5)) {
		char prev[8], move[8];
		int n = 0;
		struct gy_pos p;
		struct gy_srcpos where;
		gy_move m;
		if (sscanf(s + 5, "%7s %7s %n", prev, move, &n) == 2 && n > 0 &&
		    !gy_sfen_parse(&p, s + 5 + n, strlen(s + 5 + n), GY_SFEN_PROBLEM, &where) &&
		    !gy_usi_parse_move(&p, move, strlen(move), &m, &where)) {
			/* The previous move's destination: its last two characters ("7f" of "7g7f", "P*7f", "8h2b+"). */
			size_t len = strlen(prev) - (prev[strlen(prev) - 1] == '+');
			gy_sq prev_to = GY_SQ_NONE;
			if (strcmp(prev, "-") && len >= 4 && prev[len - 2] >= '1' && prev[len - 2] <= '9' &&
			    prev[len - 1] >= 'a' && prev[len - 1] <= 'i')
				prev_to = gy_make_sq(prev[len - 2] - '0', prev[len - 1] - 'a' + 1);
			char text[GY_NOTATION_MAX + 8];
			gy_review_move_text(&p, m, prev_to, text, sizeof text);
			printf("review move %s\n", text);
			return;
		}
	} else if (!strncmp(s, "mark ", 5)) {
		s += 5;
		if (read_score(&s, &before) && read_score(&s, &after)) {
			s += strspn(s, " ");
			if ((*s == '0' || *s == '1') && !s[1 + strspn(s + 1, " ")]) {
				double loss;
				enum gy_review_mark m = gy_review_judge(&before, &after, *s == '1', &loss);
				printf("review mark %s %.17g\n", gy_review_mark_name(m), loss);
				return;
			}
		}
	}
	puts("review error");
}

/* Handles one command line; returns 1, or 0 after "quit" or when out of memory. */
__attribute__((used)) int gy_usi_command(const char *line)
{
	if (!strncmp(line, "review ", 7)) {
		review_command(line + 7);
		fflush(stdout);
		return 1;
	}
	if (!session) {
		gy_init();
		if (!(session = usi_open(stdout))) {
			puts("info string error: out of memory");
			return 0;
		}
	}
	if (usi_command(session, line, strlen(line)))
		return 1;
	usi_close(session);
	session = NULL;
	return 0;
}

/* `gyoku-usi bench DEPTH` (0: the default depth): the search signature and speed, for bench/wasm.sh and
 * tests/wasm/run.mjs; returns the exit status. */
__attribute__((used)) int gy_usi_bench(int depth)
{
	gy_init();
	return usi_bench(depth, stdout);
}
