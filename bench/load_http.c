/*
 * bench/load_http.c: what the web server's load generators share
 * (bench/server_load.c, bench/stream_load.c): an HTTP/1.1 client over
 * loopback (keep-alive connections, requests and their answers, event
 * streams with their chunk decoder and event parser), optionally bound to
 * a source address of 127/8; durations and their quantiles; the memory,
 * threads and CPU time of a process read from /proc.
 */
#include "load_http.h"

#include <errno.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

const char *load_prog = "load";

int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

_Noreturn void out_of_memory(void)
{
	fprintf(stderr, "%s: out of memory\n", load_prog);
	exit(2);
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		out_of_memory();
	return q;
}

void samples_add(struct samples *s, int64_t v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n++] = v;
}

/* Step 1. Connections and HTTP/1.1. */

void conn_close(struct conn *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->off = c->len = 0;
}

/* Binds socket `fd` to source address `src` (its port chosen at connect); true when `src` is 0 (none). */
bool bind_source(int fd, struct in_addr src)
{
	if (!src.s_addr)
		return true;
	int one = 1;
	setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr = src};
	return bind(fd, (const struct sockaddr *)&sa, sizeof sa) == 0;
}

bool conn_open(struct conn *c, const struct target *to)
{
	conn_close(c);
	c->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (c->fd < 0)
		return false;
	int one = 1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (!bind_source(c->fd, c->src)) {
		conn_close(c);
		return false;
	}
	if (connect(c->fd, (const struct sockaddr *)&to->addr, sizeof to->addr)) {
		conn_close(c);
		return false;
	}
	return true;
}

/* Reads what has come, without waiting: 1 bytes read, 0 end of file, -1 error, -2 nothing yet. */
int conn_read(struct conn *c)
{
	if (c->off > 0) {
		memmove(c->buf, c->buf + c->off, c->len - c->off);
		c->len -= c->off;
		c->off = 0;
	}
	if (c->cap - c->len < 2048) {
		c->cap = c->cap ? 2 * c->cap : 8192;
		c->buf = xrealloc(c->buf, c->cap);
	}
	ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len, MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return -2;
	if (n <= 0)
		return n == 0 ? 0 : -1;
	c->len += (size_t)n;
	c->got += (size_t)n;
	return 1;
}

/* Reads what comes within `timeout_ms`: 1 bytes read, 0 end of file, -1 error, -2 nothing yet. */
int conn_fill(struct conn *c, int timeout_ms)
{
	struct pollfd pf = {.fd = c->fd, .events = POLLIN};
	int r = poll(&pf, 1, timeout_ms);
	if (r == 0 || (r < 0 && errno == EINTR))
		return -2;
	if (r < 0)
		return -1;
	return conn_read(c);
}

/* Waits until `want` bytes are buffered; false when the connection ends or `deadline` passes. */
bool conn_need(struct conn *c, size_t want, int64_t deadline)
{
	while (c->len - c->off < want) {
		int64_t left = (deadline - now_ns()) / 1000000;
		if (left <= 0 || conn_fill(c, (int)left) == 0 || c->fd < 0)
			return false;
	}
	return true;
}

/* The next CRLF- or LF-ended line, NUL-terminated in place; NULL when the connection ends first. */
char *conn_line(struct conn *c, int64_t deadline)
{
	for (;;) {
		char *start = c->buf + c->off, *nl = c->len > c->off ? memchr(start, '\n', c->len - c->off) : NULL;
		if (nl) {
			c->off = (size_t)(nl - c->buf) + 1;
			if (nl > start && nl[-1] == '\r')
				nl--;
			*nl = '\0';
			return start;
		}
		int64_t left = (deadline - now_ns()) / 1000000;
		if (left <= 0 || conn_fill(c, (int)left) <= 0)
			return NULL;
	}
}

bool send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/* Sends a request (opening the connection if needed); false when it could not be written. */
bool send_request(struct conn *c, const struct target *to, const char *method, const char *path, const char *cookie,
		  const char *body, const char *extra)
{
	if (c->fd < 0 && !conn_open(c, to))
		return false;
	char head[1024];
	size_t blen = body ? strlen(body) : 0;
	int n = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: %s:%d\r\n%s%s%s%s%sContent-Length: %zu\r\n\r\n",
			 method, path, to->host, to->port, cookie && *cookie ? "Cookie: gyoku_session=" : "",
			 cookie && *cookie ? cookie : "", cookie && *cookie ? "\r\n" : "",
			 body ? "Content-Type: application/json\r\n" : "", extra ? extra : "", blen);
	if (n < 0 || (size_t)n >= sizeof head)
		return false;
	if (!send_all(c->fd, head, (size_t)n) || (blen && !send_all(c->fd, body, blen))) {
		conn_close(c);
		return false;
	}
	return true;
}

/* Reads a status line and headers into `a`; sets *chunked and *length (-1: none). */
bool read_head(struct conn *c, struct answer *a, bool *chunked, long long *length, int64_t deadline)
{
	char *line = conn_line(c, deadline);
	a->status = 0;
	a->close = false;
	a->cookie[0] = '\0';
	*chunked = false;
	*length = -1;
	if (!line || strncmp(line, "HTTP/1.", 7) || strlen(line) < 12)
		return false;
	a->status = (int)strtol(line + 9, NULL, 10);
	while ((line = conn_line(c, deadline)) && *line) {
		if (!strncasecmp(line, "Content-Length:", 15)) {
			*length = strtoll(line + 15, NULL, 10);
		} else if (!strncasecmp(line, "Transfer-Encoding:", 18)) {
			*chunked = strstr(line + 18, "chunked") != NULL;
		} else if (!strncasecmp(line, "Connection:", 11)) {
			a->close = strstr(line + 11, "close") != NULL;
		} else if (!strncasecmp(line, "Set-Cookie:", 11)) {
			const char *v = strstr(line, "gyoku_session=");
			if (v) {
				v += strlen("gyoku_session=");
				size_t k = strcspn(v, ";");
				if (k < sizeof a->cookie) {
					memcpy(a->cookie, v, k);
					a->cookie[k] = '\0';
				}
			}
		}
	}
	return line != NULL;
}

void answer_append(struct answer *a, const char *p, size_t n)
{
	if (a->len + n + 1 > a->cap) {
		a->cap = (a->len + n + 1) * 2;
		a->body = xrealloc(a->body, a->cap);
	}
	memcpy(a->body + a->len, p, n);
	a->len += n;
	a->body[a->len] = '\0';
}

/* One try of request(). */
static bool request_once(struct conn *c, const struct target *to, const char *method, const char *path,
			 const char *cookie, const char *body, struct answer *a)
{
	int64_t deadline = now_ns() + (int64_t)IO_TIMEOUT_MS * 1000000;
	bool chunked;
	long long length;
	a->len = 0;
	answer_append(a, "", 0);
	if (!send_request(c, to, method, path, cookie, body, NULL) || !read_head(c, a, &chunked, &length, deadline))
		goto broken;
	if (chunked) {
		for (;;) {
			char *line = conn_line(c, deadline);
			if (!line)
				goto broken;
			size_t size = (size_t)strtoul(line, NULL, 16);
			if (!conn_need(c, size + 2, deadline))
				goto broken;
			answer_append(a, c->buf + c->off, size);
			c->off += size + 2;
			if (size == 0)
				break;
		}
	} else if (length > 0) {
		if (!conn_need(c, (size_t)length, deadline))
			goto broken;
		answer_append(a, c->buf + c->off, (size_t)length);
		c->off += (size_t)length;
	}
	if (a->close)
		conn_close(c);
	return true;
broken:
	a->status = 0;
	conn_close(c);
	return false;
}

/*
 * One request and its whole answer on keep-alive connection `c`.  False
 * when the connection broke (a->status is then 0 and the connection closed).
 * A kept connection that the server closed while it was idle (its idle
 * deadline, docs/server.md "Concurrency and limits") ends before any byte
 * of the answer, the request unread: it is sent again on a new
 * connection, as browsers do.
 */
bool request(struct conn *c, const struct target *to, const char *method, const char *path, const char *cookie,
	     const char *body, struct answer *a)
{
	bool kept = c->fd >= 0 && c->off == c->len;
	size_t got = c->got;
	if (request_once(c, to, method, path, cookie, body, a))
		return true;
	return kept && c->got == got && request_once(c, to, method, path, cookie, body, a);
}

/* Step 2. Event streams (text/event-stream, chunked). */

/* Opens the event stream at `path`; returns the HTTP status (0 when the connection failed). */
int stream_open(struct stream *st, const struct target *to, const char *path, const char *cookie)
{
	st->c.fd = -1;
	st->left = 0;
	st->crlf = 0;
	st->tlen = 0;
	st->eof = false;
	struct answer a = {0};
	long long length;
	if (!send_request(&st->c, to, "GET", path, cookie, NULL, "Accept: text/event-stream\r\n") ||
	    !read_head(&st->c, &a, &st->chunked, &length, now_ns() + (int64_t)IO_TIMEOUT_MS * 1000000)) {
		conn_close(&st->c);
		return 0;
	}
	return a.status;
}

void stream_close(struct stream *st) { conn_close(&st->c); }

/* Moves the body bytes buffered in the connection into st->txt, decoding chunks; false at the end or on garbage. */
bool stream_decode(struct stream *st)
{
	struct conn *c = &st->c;
	while (c->len > c->off) {
		size_t avail = c->len - c->off, n;
		if (!st->chunked || st->left) {
			n = st->chunked && st->left < avail ? st->left : avail;
			if (st->tlen + n + 1 > st->tcap) {
				st->tcap = (st->tlen + n + 1) * 2;
				st->txt = xrealloc(st->txt, st->tcap);
			}
			memcpy(st->txt + st->tlen, c->buf + c->off, n);
			st->tlen += n;
			st->txt[st->tlen] = '\0';
			c->off += n;
			if (st->chunked && (st->left -= n) == 0)
				st->crlf = 2;
		} else if (st->crlf) {
			if (c->buf[c->off] != (st->crlf == 2 ? '\r' : '\n'))
				return false;
			c->off++;
			st->crlf--;
		} else {
			char *nl = memchr(c->buf + c->off, '\n', avail);
			if (!nl)
				return true;
			char *end;
			unsigned long size = strtoul(c->buf + c->off, &end, 16);
			if (end == c->buf + c->off || size == 0)
				return false;
			st->left = size;
			c->off = (size_t)(nl - c->buf) + 1;
		}
	}
	return true;
}

/* Parses one event block (the text before a blank line); false when it holds no event (a ping, a retry). */
bool parse_event(char *block, struct event *ev)
{
	ev->id = -1;
	ev->name[0] = '\0';
	ev->data[0] = '\0';
	ev->truncated = false;
	bool any = false;
	for (char *line = block; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (!strncmp(line, "id: ", 4)) {
			ev->id = (int)strtol(line + 4, NULL, 10);
		} else if (!strncmp(line, "event: ", 7)) {
			snprintf(ev->name, sizeof ev->name, "%s", line + 7);
			any = true;
		} else if (!strncmp(line, "data: ", 6)) {
			size_t have = strlen(ev->data), n = strlen(line + 6);
			if (have + n + 1 > sizeof ev->data)
				ev->truncated = true;
			else
				memcpy(ev->data + have, line + 6, n + 1);
			any = true;
		}
		line = nl ? nl + 1 : NULL;
	}
	if (any && !ev->name[0])
		snprintf(ev->name, sizeof ev->name, "message");
	return any;
}

/*
 * The next event already read: 1 one decoded into `ev`, 0 none yet, -1
 * the stream ended or broke (after its last event).  Reads nothing.
 */
int stream_take(struct stream *st, struct event *ev)
{
	for (;;) {
		if (!st->eof && !stream_decode(st))
			st->eof = true;
		char *sep = st->tlen ? strstr(st->txt, "\n\n") : NULL;
		if (!sep)
			return st->eof ? -1 : 0;
		*sep = '\0';
		bool any = parse_event(st->txt, ev);
		size_t used = (size_t)(sep - st->txt) + 2;
		memmove(st->txt, st->txt + used, st->tlen - used + 1);
		st->tlen -= used;
		if (any)
			return 1;
	}
}

/*
 * The next event: 1 one read into `ev`, 0 none within POLL_MS (or a ping),
 * -1 the stream ended or broke.  Bytes read with the headers, or with an
 * earlier event, are decoded before waiting for more.
 */
int stream_next(struct stream *st, struct event *ev)
{
	for (int round = 0;; round++) {
		int r = stream_take(st, ev);
		if (r)
			return r;
		if (round > 0)
			return 0;
		r = conn_fill(&st->c, POLL_MS);
		if (r == -2)
			return 0;
		if (r <= 0)
			st->eof = true;
	}
}

/* Reads VmRSS, VmHWM, Threads and the CPU time of process `pid`; all zero when it cannot. */
struct proc read_proc(int pid)
{
	struct proc r = {0, 0, 0, 0};
	char path[64], line[256];
	if (pid <= 0)
		return r;
	snprintf(path, sizeof path, "/proc/%d/status", pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f)) {
		if (!strncmp(line, "VmRSS:", 6))
			r.rss_kb = strtol(line + 6, NULL, 10);
		else if (!strncmp(line, "VmHWM:", 6))
			r.hwm_kb = strtol(line + 6, NULL, 10);
		else if (!strncmp(line, "Threads:", 8))
			r.threads = strtol(line + 8, NULL, 10);
	}
	if (f)
		fclose(f);
	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	char stat[1024];
	f = fopen(path, "r");
	size_t n = f ? fread(stat, 1, sizeof stat - 1, f) : 0;
	if (f)
		fclose(f);
	stat[n] = '\0';
	char *p = strrchr(stat, ')');
	/* After the command: state (field 3) ... utime (14), stime (15). */
	for (int field = 2; p && field < 14; field++)
		p = strchr(p + 1, ' ');
	if (p) {
		char *end;
		unsigned long long ut = strtoull(p + 1, &end, 10), st = strtoull(end, NULL, 10);
		r.cpu_s = (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
	}
	return r;
}

int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* The q-quantile (nearest rank) of the sorted `v`, in milliseconds. */
double quantile_ms(const int64_t *v, size_t n, double q)
{
	if (!n)
		return 0;
	size_t k = (size_t)(q * (double)n + 0.999999);
	k = k ? k - 1 : 0;
	return (double)v[k < n ? k : n - 1] / 1e6;
}

double self_cpu_s(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

bool load_parse_opts(int argc, char **argv, struct load_common *c, const struct load_int_opt *ints, size_t nints,
		     const char *tag)
{
	c->host = "127.0.0.1";
	c->max_plies = 200;
	c->signups = 2;
	c->seed = (unsigned)time(NULL) ^ (unsigned)getpid();
	const struct load_int_opt common[] = {
		{"--port", 1, 65535, &c->port},
		{"--server-pid", 1, 1L << 30, &c->server_pid},
		{"--signups", 1, 64, &c->signups},
		{"--max-plies", 1, 999, &c->max_plies},
	};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v)
			return false;
		i++;
		char *end;
		long n = strtol(v, &end, 10);
		bool num = end != v && *end == '\0';
		if (!strcmp(a, "--host")) {
			c->host = v;
			continue;
		}
		if (!strcmp(a, "--label")) {
			c->label = v;
			continue;
		}
		if (!strcmp(a, "--seconds")) {
			c->seconds = strtod(v, NULL);
			continue;
		}
		if (!num)
			return false;
		if (!strcmp(a, "--seed")) {
			c->seed = (unsigned)n;
			continue;
		}
		const struct load_int_opt *o = NULL;
		for (size_t k = 0; !o && k < sizeof common / sizeof common[0]; k++)
			if (!strcmp(a, common[k].name))
				o = &common[k];
		for (size_t k = 0; !o && k < nints; k++)
			if (!strcmp(a, ints[k].name))
				o = &ints[k];
		if (!o || n < o->lo || n > o->hi)
			return false;
		*o->field = (int)n;
	}
	/* Names unique per run: a stored database may already hold an earlier run's players. */
	snprintf(c->prefix, sizeof c->prefix, "%.2s%05x", tag, (c->seed ^ (unsigned)time(NULL)) & 0xfffff);
	return c->port > 0 && c->seconds > 0;
}
