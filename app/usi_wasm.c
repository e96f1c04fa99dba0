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
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/init.h"
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

/* Handles one command line; returns 1, or 0 after "quit" or when out of memory. */
__attribute__((used)) int gy_usi_command(const char *line)
{
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
	int status = usi_bench(depth, answers());
	fflush(answers());
	return status;
}
