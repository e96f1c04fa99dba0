/*
 * app/usi_wasm.c: gyoku-usi for the browser (web/dist/engine/gyoku-engine*.js, built by emcc): the same
 * USI session as the native engine (usi.h), fed one command line at a time by the page's Web Worker
 * (web/src/engine-worker.js) through gy_usi_command.  gy_usi_bench is `gyoku-usi bench`.
 *
 * Built with GY_NO_THREADS (gyoku-engine.js, gyoku-engine-simd.js), a search runs to its end inside
 * the call and the session answers on standard output, which emscripten hands to the worker line by
 * line: the info lines arrive while it runs and the bestmove before the call returns.
 *
 * Built with threads (gyoku-engine-mt.js: emscripten's pthreads, each a Web Worker sharing the
 * memory), a search runs on the engine's threads and the call returns at once, so `stop` and
 * `isready` are heard during a search.  The answers then do not go to standard output: emscripten
 * would proxy a search thread's writes to the worker's thread and wait for them, which deadlocks when
 * that thread itself waits for the search (`stop` waits for the bestmove).  They are queued here under
 * a lock instead, and the worker takes them with gy_usi_take after each command and, while a search
 * runs, every few milliseconds.
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
#define _GNU_SOURCE
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

#ifndef GY_NO_THREADS
#include <pthread.h>
#include <sys/types.h>

const char *gy_usi_take(void);

/* The answers written and not yet taken, and the copy gy_usi_take last returned. */
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static char *queue, *taken;
static size_t queue_len, queue_cap, taken_cap;

/* fopencookie's write: appends to the queue; a write that cannot grow it is dropped whole. */
static ssize_t queue_write(void *cookie, const char *buf, size_t n)
{
	(void)cookie;
	pthread_mutex_lock(&queue_lock);
	if (queue_len + n + 1 > queue_cap) {
		size_t cap = queue_cap ? queue_cap : 4096;
		while (queue_len + n + 1 > cap)
			cap *= 2;
		char *grown = realloc(queue, cap);
		if (!grown) {
			pthread_mutex_unlock(&queue_lock);
			return (ssize_t)n;
		}
		queue = grown;
		queue_cap = cap;
	}
	memcpy(queue + queue_len, buf, n);
	queue_len += n;
	pthread_mutex_unlock(&queue_lock);
	return (ssize_t)n;
}

/* The answers written since the last call, whole lines, as one NUL-terminated string ("" when none);
 * valid until the next call.  Called by the worker's thread only. */
__attribute__((used)) const char *gy_usi_take(void)
{
	pthread_mutex_lock(&queue_lock);
	if (queue_len + 1 > taken_cap) {
		char *grown = realloc(taken, queue_len + 1);
		if (!grown) {
			pthread_mutex_unlock(&queue_lock);
			return "";
		}
		taken = grown;
		taken_cap = queue_len + 1;
	}
	memcpy(taken, queue, queue_len);
	taken[queue_len] = '\0';
	queue_len = 0;
	pthread_mutex_unlock(&queue_lock);
	return taken;
}

/* The session's stream: the queue. */
static FILE *answers(void)
{
	static FILE *f;
	if (!f) {
		cookie_io_functions_t io = {.write = queue_write};
		if ((f = fopencookie(NULL, "w", io)) != NULL)
			setvbuf(f, NULL, _IOLBF, 0);
	}
	return f ? f : stdout;
}
#else
static FILE *answers(void) { return stdout; }
#endif

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
			fprintf(answers(), "review prob %.17g\n", gy_review_win_prob(before.score));
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
			fprintf(answers(), "review move %s\n", text);
			return;
		}
	} else if (!strncmp(s, "mark ", 5)) {
		s += 5;
		if (read_score(&s, &before) && read_score(&s, &after)) {
			s += strspn(s, " ");
			if ((*s == '0' || *s == '1') && !s[1 + strspn(s + 1, " ")]) {
				double loss;
				enum gy_review_mark m = gy_review_judge(&before, &after, *s == '1', &loss);
				fprintf(answers(), "review mark %s %.17g\n", gy_review_mark_name(m), loss);
				return;
			}
		}
	}
	fputs("review error\n", answers());
}

/* Handles one command line; returns 1, or 0 after "quit" or when out of memory. */
__attribute__((used)) int gy_usi_command(const char *line)
{
	if (!strncmp(line, "review ", 7)) {
		review_command(line + 7);
		fflush(answers());
		return 1;
	}
	if (!session) {
		gy_init();
		if (!(session = usi_open(answers()))) {
			fputs("info string error: out of memory\n", answers());
			fflush(answers());
			return 0;
		}
	}
	if (usi_command(session, line, strlen(line)))
		return 1;
	usi_close(session);
	session = NULL;
	return 0;
}

/* `gyoku-usi bench DEPTH` (0: the default depth), one thread: the search signature and speed, for
 * bench/wasm.sh and tests/wasm/run.mjs; returns the exit status. */
__attribute__((used)) int gy_usi_bench(int depth)
{
	gy_init();
	int status = usi_bench(depth, NULL, answers());
	fflush(answers());
	return status;
}
