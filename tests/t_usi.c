/*
 * tests/t_usi.c: USI transcripts (docs/engine.md; tests/data/usi.txt):
 * commands in, expected lines out, against the real USI layer (app/usi.c)
 * run on a thread of this program with pipes for its standard input and
 * output.
 *
 * tests/data/usi.txt holds the transcripts.  A line "= usi-N.M text"
 * starts a case with a fresh engine; then:
 *   > TEXT        send TEXT as one command line
 *   < REGEX       read lines until one matches REGEX (POSIX extended),
 *                 failing after the timeout (60 s)
 *   - MS REGEX    read lines for MS milliseconds: none may match REGEX
 *   # ...         a comment (cite the rule or doc the case pins)
 * At the end of a case "quit" is sent and the engine must exit.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "gyoku/init.h"
#include "usi.h"

enum { TIMEOUT_MS = 60000, LINE_MAX_LEN = 65536 };

struct session {
	int cmd_w, resp_r; /* our ends */
	FILE *in, *out;    /* the engine's ends */
	pthread_t thread;
	char buf[LINE_MAX_LEN];
	size_t len;
	char last[256]; /* the last line read, for messages */
};

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *engine_main(void *arg)
{
	struct session *s = arg;
	usi_loop(s->in, s->out);
	fclose(s->in);
	fclose(s->out);
	return NULL;
}

static bool session_start(struct session *s)
{
	int cmd[2], resp[2];
	memset(s, 0, sizeof *s);
	if (pipe(cmd) || pipe(resp))
		return false;
	s->cmd_w = cmd[1];
	s->resp_r = resp[0];
	s->in = fdopen(cmd[0], "r");
	s->out = fdopen(resp[1], "w");
	return s->in && s->out && pthread_create(&s->thread, NULL, engine_main, s) == 0;
}

static void session_send(struct session *s, const char *text)
{
	size_t n = strlen(text);
	if (write(s->cmd_w, text, n) != (ssize_t)n || write(s->cmd_w, "\n", 1) != 1)
		perror("t_usi: write");
}

/* Reads one line into `line` before `deadline`; false on timeout or end of output. */
static bool session_line(struct session *s, char *line, size_t size, int64_t deadline)
{
	for (;;) {
		char *nl = memchr(s->buf, '\n', s->len);
		if (nl) {
			size_t n = (size_t)(nl - s->buf);
			size_t copy = n < size - 1 ? n : size - 1;
			memcpy(line, s->buf, copy);
			line[copy] = '\0';
			memmove(s->buf, nl + 1, s->len - n - 1);
			s->len -= n + 1;
			snprintf(s->last, sizeof s->last, "%s", line);
			return true;
		}
		int64_t left = deadline - now_ms();
		if (left <= 0 || s->len == sizeof s->buf)
			return false;
		struct pollfd pfd = {s->resp_r, POLLIN, 0};
		int r = poll(&pfd, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		ssize_t got = read(s->resp_r, s->buf + s->len, sizeof s->buf - s->len);
		if (got <= 0)
			return false;
		s->len += (size_t)got;
	}
}

/* Sends quit, waits for the engine to exit, closes everything; false if it did not end its output. */
static bool session_end(struct session *s)
{
	session_send(s, "quit");
	close(s->cmd_w);
	char line[LINE_MAX_LEN];
	int64_t deadline = now_ms() + TIMEOUT_MS;
	while (session_line(s, line, sizeof line, deadline))
		;
	/* End of output means the engine closed its stream: it has left its loop. */
	struct pollfd pfd = {s->resp_r, POLLIN, 0};
	bool ended = poll(&pfd, 1, 0) == 1 && read(s->resp_r, line, 1) == 0;
	if (ended)
		pthread_join(s->thread, NULL);
	close(s->resp_r);
	return ended;
}

static bool compile(regex_t *re, const char *pattern, char *why, size_t size)
{
	if (regcomp(re, pattern, REG_EXTENDED | REG_NOSUB) == 0)
		return true;
	snprintf(why, size, "bad regular expression '%.200s'", pattern);
	return false;
}

/* Runs one transcript step; false with `why` on failure. */
static bool step(struct session *s, const char *text, char *why, size_t size)
{
	char line[LINE_MAX_LEN];
	regex_t re;
	if (text[0] == '>' && text[1] == ' ') {
		session_send(s, text + 2);
		return true;
	}
	if (text[0] == '<' && text[1] == ' ') {
		if (!compile(&re, text + 2, why, size))
			return false;
		int64_t deadline = now_ms() + TIMEOUT_MS;
		bool found = false;
		while (!found && session_line(s, line, sizeof line, deadline))
			found = regexec(&re, line, 0, NULL, 0) == 0;
		regfree(&re);
		if (!found)
			snprintf(why, size, "no line matched '%.200s' (last line: '%.200s')", text + 2, s->last);
		return found;
	}
	if (text[0] == '-' && text[1] == ' ') {
		char *end;
		long ms = strtol(text + 2, &end, 10);
		if (ms <= 0 || *end != ' ' || !compile(&re, end + 1, why, size)) {
			if (ms <= 0 || *end != ' ')
				snprintf(why, size, "malformed '- MS REGEX' step");
			return false;
		}
		int64_t deadline = now_ms() + ms;
		bool seen = false;
		while (!seen && session_line(s, line, sizeof line, deadline))
			seen = regexec(&re, line, 0, NULL, 0) == 0;
		regfree(&re);
		if (seen)
			snprintf(why, size, "'%.200s' appeared within %ld ms: '%.200s'", end + 1, ms, line);
		return !seen;
	}
	snprintf(why, size, "unknown step '%.200s'", text);
	return false;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/usi.txt";
	gy_init();
	struct check_tally t = {0, 0};
	FILE *f = fopen(path, "r");
	if (!f) {
		check_fail(&t, "usi-0.1", "cannot open %s", path);
		return check_exit(&t);
	}
	char text[4096], id[64] = "", why[1024] = "";
	bool open = false, ok = true;
	struct session s;
	int cases = 0;
	for (;;) {
		bool more = fgets(text, sizeof text, f) != NULL;
		size_t n = more ? strlen(text) : 0;
		while (n && (text[n - 1] == '\n' || text[n - 1] == '\r'))
			text[--n] = '\0';
		if (!more || (text[0] == '=' && text[1] == ' ')) {
			if (open) {
				bool ended = session_end(&s);
				if (ok && !ended) {
					ok = false;
					snprintf(why, sizeof why, "the engine did not exit on quit");
				}
				CHECK(&t, id, ok, "%s", why);
				open = false;
			}
			if (!more)
				break;
			if (sscanf(text + 2, "%63s", id) != 1 || !session_start(&s)) {
				check_fail(&t, "usi-0.2", "cannot start case '%s'", text);
				break;
			}
			open = true;
			ok = true;
			cases++;
			continue;
		}
		if (!n || text[0] == '#')
			continue;
		if (!open) {
			check_fail(&t, "usi-0.3", "a step outside any case: '%s'", text);
			continue;
		}
		if (ok)
			ok = step(&s, text, why, sizeof why);
	}
	fclose(f);
	if (cases == 0)
		check_fail(&t, "usi-0.4", "%s holds no case", path);
	return check_exit(&t);
}
