/*
 * dev/usiproc.c: USI engines as child processes (usiproc.h).
 *
 * Invariants: pid > 0 exactly when both pipe ends are open; buf holds
 * `len` bytes read from the engine that are not yet returned as lines.
 */
#include "usiproc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The highest descriptor a child closes before exec (beyond it, descriptors are close-on-exec). */
enum { CHILD_FD_CLOSE_MAX = 1024 };

int64_t usiproc_now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t usiproc_now_ms(void) { return usiproc_now_us() / 1000; }

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

bool usiproc_start(struct usiproc *p, const char *cmd)
{
	int in[2], out[2];
	memset(p, 0, sizeof *p);
	p->to_engine = p->from_engine = -1;
	snprintf(p->name, sizeof p->name, "%s", cmd);
	if (pipe(in) < 0)
		return false;
	if (pipe(out) < 0) {
		close(in[0]);
		close(in[1]);
		return false;
	}
	set_cloexec(in[1]);
	set_cloexec(out[0]);
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		errno = e;
		return false;
	}
	if (pid == 0) {
		/* The child: its own process group, so that a kill reaches the shell and the engine. */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		dup2(in[0], 0);
		dup2(out[1], 1);
		/* Other threads may be starting engines too: drop every descriptor they opened. */
		for (int fd = 3; fd < CHILD_FD_CLOSE_MAX; fd++)
			close(fd);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(in[0]);
	close(out[1]);
	p->pid = pid;
	p->to_engine = in[1];
	p->from_engine = out[0];
	return true;
}

enum usiproc_status usiproc_send(struct usiproc *p, const char *line)
{
	if (p->pid <= 0)
		return USIPROC_EOF;
	size_t n = strlen(line);
	char nl = '\n';
	const char *parts[2] = {line, &nl};
	size_t lens[2] = {n, 1};
	for (int i = 0; i < 2; i++) {
		size_t done = 0;
		while (done < lens[i]) {
			ssize_t w = write(p->to_engine, parts[i] + done, lens[i] - done);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return USIPROC_EOF;
			done += (size_t)w;
		}
	}
	return USIPROC_OK;
}

/* Moves the first buffered line into `line`; false when no full line is buffered. */
static bool take_line(struct usiproc *p, char *line, size_t cap)
{
	char *nl = memchr(p->buf, '\n', p->len);
	size_t n;
	if (nl)
		n = (size_t)(nl - p->buf);
	else if (p->len == sizeof p->buf)
		n = p->len; /* an over-long line: returned in pieces */
	else
		return false;
	size_t keep = n;
	if (keep > 0 && p->buf[keep - 1] == '\r')
		keep--;
	if (keep >= cap)
		keep = cap ? cap - 1 : 0;
	if (!cap)
		return false;
	memcpy(line, p->buf, keep);
	line[keep] = '\0';
	size_t used = nl ? n + 1 : n;
	memmove(p->buf, p->buf + used, p->len - used);
	p->len -= used;
	return true;
}

enum usiproc_status usiproc_read(struct usiproc *p, char *line, size_t cap, int64_t deadline_ms)
{
	if (p->pid <= 0)
		return USIPROC_EOF;
	for (;;) {
		if (take_line(p, line, cap))
			return USIPROC_OK;
		int64_t left = deadline_ms - usiproc_now_ms();
		if (left < 0)
			return USIPROC_TIMEOUT;
		struct pollfd pfd = {.fd = p->from_engine, .events = POLLIN};
		int r = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return USIPROC_EOF;
		if (r == 0)
			continue;
		ssize_t got = read(p->from_engine, p->buf + p->len, sizeof p->buf - p->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return USIPROC_EOF;
		p->len += (size_t)got;
	}
}

/* True when the first word of `line` is `word`. */
static bool first_word_is(const char *line, const char *word)
{
	size_t n = strlen(word);
	while (*line == ' ' || *line == '\t')
		line++;
	return !strncmp(line, word, n) && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

enum usiproc_status usiproc_wait_for(struct usiproc *p, const char *word, char *line, size_t cap, int64_t deadline_ms)
{
	for (;;) {
		enum usiproc_status st = usiproc_read(p, line, cap, deadline_ms);
		if (st != USIPROC_OK || first_word_is(line, word))
			return st;
	}
}

static const char *status_word(enum usiproc_status st)
{
	return st == USIPROC_TIMEOUT ? "no answer in time" : "the engine exited";
}

bool usiproc_handshake(struct usiproc *p, const struct usiproc_option *opts, int nopts, int64_t timeout_ms, char *why,
		       size_t why_cap)
{
	char line[USIPROC_LINE_MAX];
	int64_t deadline = usiproc_now_ms() + timeout_ms;
	enum usiproc_status st = usiproc_send(p, "usi");
	while (st == USIPROC_OK) {
		st = usiproc_read(p, line, sizeof line, deadline);
		if (st != USIPROC_OK)
			break;
		if (first_word_is(line, "usiok"))
			break;
		if (!strncmp(line, "id name ", 8) && line[8])
			snprintf(p->name, sizeof p->name, "%.*s", (int)sizeof p->name - 1, line + 8);
	}
	if (st != USIPROC_OK) {
		snprintf(why, why_cap, "usi: %s", status_word(st));
		return false;
	}
	for (int i = 0; i < nopts && st == USIPROC_OK; i++) {
		snprintf(line, sizeof line, "setoption name %s value %s", opts[i].name, opts[i].value);
		st = usiproc_send(p, line);
	}
	if (st == USIPROC_OK)
		st = usiproc_send(p, "isready");
	if (st == USIPROC_OK)
		st = usiproc_wait_for(p, "readyok", line, sizeof line, deadline);
	if (st != USIPROC_OK) {
		snprintf(why, why_cap, "isready: %s", status_word(st));
		return false;
	}
	return true;
}

/* Describes the wait status `ws`. */
static void describe(int ws, char *status, size_t cap)
{
	if (!status)
		return;
	if (WIFEXITED(ws))
		snprintf(status, cap, "exit status %d", WEXITSTATUS(ws));
	else if (WIFSIGNALED(ws))
		snprintf(status, cap, "killed by signal %d", WTERMSIG(ws));
	else
		snprintf(status, cap, "ended");
}

void usiproc_stop(struct usiproc *p, int64_t grace_ms, char *status, size_t status_cap)
{
	if (p->pid <= 0)
		return;
	usiproc_send(p, "quit");
	close(p->to_engine);
	int ws = 0;
	pid_t r = 0;
	int64_t until = usiproc_now_ms() + grace_ms;
	for (;;) {
		r = waitpid(p->pid, &ws, WNOHANG);
		if (r != 0 || usiproc_now_ms() >= until)
			break;
		struct timespec ts = {0, 2000000};
		nanosleep(&ts, NULL);
	}
	/* The whole group: an engine started through the shell, and anything it started. */
	kill(-p->pid, SIGKILL);
	if (r == 0) {
		while ((r = waitpid(p->pid, &ws, 0)) < 0 && errno == EINTR)
			;
	}
	if (r == p->pid)
		describe(ws, status, status_cap);
	else if (status)
		snprintf(status, status_cap, "ended");
	close(p->from_engine);
	p->pid = 0;
	p->to_engine = p->from_engine = -1;
	p->len = 0;
}
