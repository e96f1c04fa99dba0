/*
 * bench/server_load.c: a load generator for `gyoku serve` (bench/server.sh;
 * docs/server.md): N games, each between two players, and M spectators,
 * all speaking HTTP/1.1 over loopback from this process, one thread per
 * player and per spectator, plain blocking sockets.
 *
 * Each player signs up (at most --signups at once: every sign-up costs
 * the server an argon2id hash of 19 MiB), then plays game after game in
 * its slot: Black challenges White ("time": "none", "color": "black"),
 * White accepts, and both follow the game on their own event stream,
 * answering each of the opponent's moves with a random legal move
 * (libgyoku's generator on the SFEN of the event) sent with its ply.  The
 * side to move at --max-plies resigns, so games keep a real game's length;
 * a game the rules end (mate, sennichite, ...) ends sooner.  Spectator i
 * watches every game of slot i mod N in turn, each from its first move.
 *
 * Measured: accepted moves per second during the run; the latency of an
 * accepted move (its request's first byte written to the last byte of its
 * 200 read); for every event a spectator receives of a move sent after its
 * stream was open, the time from that move's 200 to the event's arrival
 * (negative when the event came first: the server publishes a move
 * before it answers the mover); errors (non-2xx answers, broken
 * connections, games stalled with no event for STALL_MS, events out of
 * order, events lost: moves acknowledged but never seen, or an end never
 * seen, by a spectator); the server's VmRSS, VmHWM, threads and CPU time
 * (/proc/PID) when --server-pid is given.
 *
 * Invariants: a game's sent[k] and ack[k] are written once, by the player
 * whose move ply k was, before `acked` reaches k; they are read only after
 * every player thread has been joined.  A slot's list of games only grows.
 *
 * Prints the figures; exits 0 when there was no error, no lost event and
 * at least one accepted move, 1 otherwise, 2 on bad usage.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "gyoku/gyoku.h"

enum {
	IO_TIMEOUT_MS = 30000, /* a request without an answer this long is a broken connection */
	POLL_MS = 200,         /* how often a waiting thread looks at the stop flags */
	STALL_MS = 5000,       /* a game without an event this long is stalled (an error) */
	DRAIN_MS = 5000,       /* after the players stop, how long spectators may take to catch up */
	NAME_LEN = 24,
	COOKIE_MAX = 96,
	ID_MAX = 32,
	DATA_MAX = 8192, /* the longest event data kept */
	STATUS_NB = 600
};

struct opts {
	const char *host, *label;
	int port, games, spectators, max_plies, server_pid, signups;
	double seconds;
	unsigned seed;
	char prefix[12];
};

/* One game of a slot; its arrays are indexed by ply (1..max_plies). */
struct game {
	char id[ID_MAX];
	atomic_int acked;      /* moves answered 200 */
	atomic_bool ended;     /* a player received its end event */
	atomic_bool abandoned; /* a player left it without an end (after an error) */
	int64_t *sent, *ack;   /* per ply: when the move was sent and answered (ns; 0: not answered) */
};

/* Two players and the games they played, in order. */
struct slot {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct game **games;
	int n, cap;
	int accepted; /* games[0..accepted) were accepted or given up by White */
	char name[2][NAME_LEN];
};

/* A growable array of durations in nanoseconds. */
struct samples {
	int64_t *v;
	size_t n, cap;
};

struct run {
	struct opts o;
	struct sockaddr_in addr;
	struct slot *slots;
	atomic_bool stop, players_done, setup_failed;
	_Atomic int64_t stop_ns, drain_until_ns;
	pthread_mutex_t mu; /* guards the fields below */
	pthread_cond_t cv;
	int ready, signing;
	bool go;
	long err_status[STATUS_NB], err_io, err_order, err_other;
	int err_printed;
};

/* A keep-alive connection and what it has read but not yet used. */
struct conn {
	int fd;
	char *buf;
	size_t off, len, cap;
	size_t got; /* bytes ever read */
};

/* An answer to a request. */
struct answer {
	int status;
	bool close;
	char cookie[COOKIE_MAX];
	char *body;
	size_t len, cap;
};

/* An event stream: the connection, the chunk decoder's state, the decoded text not yet parsed. */
struct stream {
	struct conn c;
	bool chunked;
	size_t left; /* bytes left in the current chunk */
	int crlf;    /* bytes of the CRLF after a chunk still to skip */
	bool eof;    /* the stream ended or broke */
	char *txt;
	size_t tlen, tcap;
};

struct event {
	int id;
	char name[16];
	char data[DATA_MAX];
	bool truncated;
};

struct player {
	struct run *run;
	struct slot *slot;
	int color; /* GY_BLACK creates the slot's games, GY_WHITE accepts them */
	char name[NAME_LEN], cookie[COOKIE_MAX];
	uint64_t rng;
	struct conn c;
	struct samples lat;
	long moves, games, resigned;
};

/* What a spectator saw of one game of its slot. */
struct watch {
	int got;  /* the highest ply received */
	int gaps; /* plies skipped over */
	bool end_seen;
};

/* One event of a move received by a spectator. */
struct obs {
	struct game *g;
	int ply;
	int64_t at, open; /* when it arrived; when its stream's headers arrived */
};

struct spectator {
	struct run *run;
	struct slot *slot;
	struct watch *w; /* per game index of the slot */
	int nw;
	struct obs *obs;
	size_t nobs, cap;
	long events;
};

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static _Noreturn void out_of_memory(void)
{
	fputs("server_load: out of memory\n", stderr);
	exit(2);
}

static void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		out_of_memory();
	return q;
}

static void samples_add(struct samples *s, int64_t v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n++] = v;
}

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Counts an error of `kind` (an HTTP status, or 0 for a connection's) and prints the first few. */
static void fault(struct run *run, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fault(struct run *run, int status, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&run->mu);
	if (status > 0 && status < STATUS_NB)
		run->err_status[status]++;
	else if (status == 0)
		run->err_io++;
	else if (status == -1)
		run->err_order++;
	else
		run->err_other++;
	bool show = run->err_printed < 10;
	run->err_printed++;
	pthread_mutex_unlock(&run->mu);
	if (show)
		fprintf(stderr, "server_load: %s\n", msg);
}

/* Step 1. Connections and HTTP/1.1. */

static void conn_close(struct conn *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->off = c->len = 0;
}

static bool conn_open(struct conn *c, const struct run *run)
{
	conn_close(c);
	c->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (c->fd < 0)
		return false;
	int one = 1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (connect(c->fd, (const struct sockaddr *)&run->addr, sizeof run->addr)) {
		conn_close(c);
		return false;
	}
	return true;
}

/* Reads what comes within `timeout_ms`: 1 bytes read, 0 end of file, -1 error, -2 nothing yet. */
static int conn_fill(struct conn *c, int timeout_ms)
{
	if (c->off > 0) {
		memmove(c->buf, c->buf + c->off, c->len - c->off);
		c->len -= c->off;
		c->off = 0;
	}
	if (c->cap - c->len < 4096) {
		c->cap = c->cap ? 2 * c->cap : 16384;
		c->buf = xrealloc(c->buf, c->cap);
	}
	struct pollfd pf = {.fd = c->fd, .events = POLLIN};
	int r = poll(&pf, 1, timeout_ms);
	if (r == 0 || (r < 0 && errno == EINTR))
		return -2;
	if (r < 0)
		return -1;
	ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
	if (n <= 0)
		return n == 0 ? 0 : -1;
	c->len += (size_t)n;
	c->got += (size_t)n;
	return 1;
}

/* Waits until `want` bytes are buffered; false when the connection ends or `deadline` passes. */
static bool conn_need(struct conn *c, size_t want, int64_t deadline)
{
	while (c->len - c->off < want) {
		int64_t left = (deadline - now_ns()) / 1000000;
		if (left <= 0 || conn_fill(c, (int)left) == 0 || c->fd < 0)
			return false;
	}
	return true;
}

/* The next CRLF- or LF-ended line, NUL-terminated in place; NULL when the connection ends first. */
static char *conn_line(struct conn *c, int64_t deadline)
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

static bool send_all(int fd, const char *p, size_t n)
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
static bool send_request(struct conn *c, const struct run *run, const char *method, const char *path,
			 const char *cookie, const char *body, const char *extra)
{
	if (c->fd < 0 && !conn_open(c, run))
		return false;
	char head[1024];
	size_t blen = body ? strlen(body) : 0;
	int n = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: %s:%d\r\n%s%s%s%s%sContent-Length: %zu\r\n\r\n",
			 method, path, run->o.host, run->o.port, cookie && *cookie ? "Cookie: gyoku_session=" : "",
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
static bool read_head(struct conn *c, struct answer *a, bool *chunked, long long *length, int64_t deadline)
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

static void answer_append(struct answer *a, const char *p, size_t n)
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
static bool request_once(struct conn *c, const struct run *run, const char *method, const char *path,
			 const char *cookie, const char *body, struct answer *a)
{
	int64_t deadline = now_ns() + (int64_t)IO_TIMEOUT_MS * 1000000;
	bool chunked;
	long long length;
	a->len = 0;
	answer_append(a, "", 0);
	if (!send_request(c, run, method, path, cookie, body, NULL) || !read_head(c, a, &chunked, &length, deadline))
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
 * A kept connection that the server closed while it was idle (its header
 * deadline, docs/server.md "Concurrency and limits") ends before any byte
 * of the answer, the request unread: it is sent again on a new
 * connection, as browsers do.
 */
static bool request(struct conn *c, const struct run *run, const char *method, const char *path, const char *cookie,
		    const char *body, struct answer *a)
{
	bool kept = c->fd >= 0 && c->off == c->len;
	size_t got = c->got;
	if (request_once(c, run, method, path, cookie, body, a))
		return true;
	return kept && c->got == got && request_once(c, run, method, path, cookie, body, a);
}

/* Step 2. Event streams (text/event-stream, chunked). */

/* Opens the event stream at `path`; returns the HTTP status (0 when the connection failed). */
static int stream_open(struct stream *st, const struct run *run, const char *path, const char *cookie)
{
	st->c.fd = -1;
	st->left = 0;
	st->crlf = 0;
	st->tlen = 0;
	st->eof = false;
	struct answer a = {0};
	long long length;
	if (!send_request(&st->c, run, "GET", path, cookie, NULL, "Accept: text/event-stream\r\n") ||
	    !read_head(&st->c, &a, &st->chunked, &length, now_ns() + (int64_t)IO_TIMEOUT_MS * 1000000)) {
		conn_close(&st->c);
		return 0;
	}
	return a.status;
}

static void stream_close(struct stream *st) { conn_close(&st->c); }

/* Moves the body bytes buffered in the connection into st->txt, decoding chunks; false at the end or on garbage. */
static bool stream_decode(struct stream *st)
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
static bool parse_event(char *block, struct event *ev)
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
 * The next event: 1 one read into `ev`, 0 none within POLL_MS (or a ping),
 * -1 the stream ended or broke.  Bytes read with the headers, or with an
 * earlier event, are decoded before waiting for more.
 */
static int stream_next(struct stream *st, struct event *ev)
{
	for (int round = 0;; round++) {
		if (!st->eof && !stream_decode(st))
			st->eof = true;
		char *sep = st->tlen ? strstr(st->txt, "\n\n") : NULL;
		if (sep) {
			*sep = '\0';
			bool any = parse_event(st->txt, ev);
			size_t used = (size_t)(sep - st->txt) + 2;
			memmove(st->txt, st->txt + used, st->tlen - used + 1);
			st->tlen -= used;
			if (any)
				return 1;
			continue;
		}
		if (st->eof)
			return -1;
		if (round > 0)
			return 0;
		int r = conn_fill(&st->c, POLL_MS);
		if (r == -2)
			return 0;
		if (r <= 0)
			st->eof = true;
	}
}

/* Step 3. The players. */

static bool stopping(const struct run *run) { return atomic_load(&run->stop); }

static struct game *game_new(const char *id, int max_plies)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g)
		out_of_memory();
	snprintf(g->id, sizeof g->id, "%s", id);
	g->sent = calloc((size_t)max_plies + 2, sizeof *g->sent);
	g->ack = calloc((size_t)max_plies + 2, sizeof *g->ack);
	if (!g->sent || !g->ack)
		out_of_memory();
	return g;
}

/* Resigns game `g` for player `p`; false on failure (counted). */
static bool resign(struct player *p, struct game *g)
{
	char path[96];
	struct answer a = {0};
	snprintf(path, sizeof path, "/api/games/%s/resign", g->id);
	request(&p->c, p->run, "POST", path, p->cookie, "{}", &a);
	if (a.status != 200)
		fault(p->run, a.status, "%s resigning %s: status %d %.200s", p->name, g->id, a.status,
		      a.body ? a.body : "");
	free(a.body);
	return a.status == 200;
}

/* Plays a random legal move of `pos` at `ply`; false on failure (counted). */
static bool play_move(struct player *p, struct game *g, const struct gy_pos *pos, int ply)
{
	struct gy_movelist list;
	list.n = 0;
	gy_gen(pos, GY_GEN_LEGAL, &list);
	if (list.n == 0) {
		fault(p->run, -2, "%s in %s at ply %d: no legal move, yet the game goes on", p->name, g->id, ply);
		return false;
	}
	char usi[16], path[96], body[96];
	gy_usi_write_move(list.moves[rng_next(&p->rng) % (uint64_t)list.n], usi);
	snprintf(path, sizeof path, "/api/games/%s/moves", g->id);
	snprintf(body, sizeof body, "{\"move\":\"%s\",\"ply\":%d}", usi, ply);
	struct answer a = {0};
	int64_t t0 = now_ns();
	request(&p->c, p->run, "POST", path, p->cookie, body, &a);
	int64_t t1 = now_ns();
	bool ok = a.status == 200;
	if (ok) {
		g->sent[ply + 1] = t0;
		g->ack[ply + 1] = t1;
		atomic_store(&g->acked, ply + 1);
		samples_add(&p->lat, t1 - t0);
		int64_t stop = atomic_load(&p->run->stop_ns);
		if (!stop || t1 <= stop)
			p->moves++;
	} else {
		fault(p->run, a.status, "%s in %s: move %s at ply %d: status %d %.200s", p->name, g->id, usi, ply,
		      a.status, a.body ? a.body : "");
	}
	free(a.body);
	return ok;
}

/*
 * Plays game `g` to its end: follows the player's own event stream and
 * moves whenever the events say it is its turn.  Leaves the game when the
 * run stops, or (resigning it, marked abandoned) after an error.
 */
static void play_game(struct player *p, struct game *g)
{
	struct run *run = p->run;
	struct stream st = {.c = {.fd = -1}};
	struct event *ev = malloc(sizeof *ev);
	char path[96];
	snprintf(path, sizeof path, "/api/games/%s/events", g->id);
	int status = ev ? stream_open(&st, run, path, p->cookie) : 0;
	if (status != 200) {
		fault(run, status, "%s: the event stream of %s: status %d", p->name, g->id, status);
		goto give_up;
	}
	struct gy_pos pos;
	if (gy_sfen_parse(&pos, GY_SFEN_START, strlen(GY_SFEN_START), GY_SFEN_STRICT, NULL))
		goto give_up;
	int ply = 0, moved_at = -1;
	bool over = false;
	int64_t last = now_ns();
	while (!stopping(run)) {
		if (!over && ply % 2 == p->color && moved_at != ply) {
			moved_at = ply;
			if (ply >= run->o.max_plies) {
				if (!resign(p, g))
					goto give_up;
				p->resigned++;
				over = true;
			} else if (!play_move(p, g, &pos, ply)) {
				goto give_up;
			}
		}
		int r = stream_next(&st, ev);
		if (r < 0) {
			fault(run, 0, "%s: the event stream of %s ended or broke at ply %d", p->name, g->id, ply);
			goto give_up;
		}
		if (r == 0) {
			if (now_ns() - last > (int64_t)STALL_MS * 1000000) {
				fault(run, -2, "%s: no event in %s for %d s after ply %d: the game stalled", p->name,
				      g->id, STALL_MS / 1000, ply);
				goto give_up;
			}
			continue;
		}
		last = now_ns();
		if (!strcmp(ev->name, "end")) {
			atomic_store(&g->ended, true);
			p->games++;
			goto done;
		}
		if (strcmp(ev->name, "move"))
			continue;
		if (ev->id != ply + 1)
			fault(run, -1, "%s: %s: event of ply %d after ply %d", p->name, g->id, ev->id, ply);
		json_t *d = json_loads(ev->data, 0, NULL);
		const char *sfen = json_string_value(json_object_get(d, "sfen"));
		const char *gst = json_string_value(json_object_get(d, "status"));
		if (!sfen || gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_STRICT, NULL)) {
			fault(run, -2, "%s: %s: a move event without a valid SFEN: %.200s", p->name, g->id, ev->data);
			json_decref(d);
			goto give_up;
		}
		if (gst && strcmp(gst, "playing"))
			over = true;
		json_decref(d);
		ply = ev->id;
	}
	goto done;
give_up:
	atomic_store(&g->abandoned, true);
	if (!stopping(run))
		resign(p, g);
done:
	stream_close(&st);
	free(st.txt);
	free(st.c.buf);
	free(ev);
}

/* Black: creates the slot's next game (a challenge to White); NULL after an error (counted). */
static struct game *create_game(struct player *p)
{
	char body[128];
	struct answer a = {0};
	snprintf(body, sizeof body, "{\"opponent\":\"%s\",\"time\":\"none\",\"color\":\"black\"}",
		 p->slot->name[GY_WHITE]);
	request(&p->c, p->run, "POST", "/api/games", p->cookie, body, &a);
	json_t *j = a.status == 201 ? json_loads(a.body, 0, NULL) : NULL;
	const char *id = json_string_value(json_object_get(j, "id"));
	struct game *g = id ? game_new(id, p->run->o.max_plies) : NULL;
	if (!g)
		fault(p->run, a.status, "%s creating a game: status %d %.200s", p->name, a.status,
		      a.body ? a.body : "");
	json_decref(j);
	free(a.body);
	return g;
}

static bool signup(struct player *p)
{
	struct run *run = p->run;
	char body[128];
	struct answer a = {0};
	snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"load-test-password\"}", p->name);
	pthread_mutex_lock(&run->mu);
	while (run->signing >= run->o.signups)
		pthread_cond_wait(&run->cv, &run->mu);
	run->signing++;
	pthread_mutex_unlock(&run->mu);
	request(&p->c, run, "POST", "/api/signup", NULL, body, &a);
	pthread_mutex_lock(&run->mu);
	run->signing--;
	pthread_cond_broadcast(&run->cv);
	pthread_mutex_unlock(&run->mu);
	bool ok = a.status == 201 && a.cookie[0];
	if (ok)
		snprintf(p->cookie, sizeof p->cookie, "%s", a.cookie);
	else
		fault(run, a.status, "signing up %s: status %d %.200s", p->name, a.status, a.body ? a.body : "");
	free(a.body);
	return ok;
}

/* Tells main() this thread is ready and waits for the start; false when the run is called off. */
static bool ready_and_wait(struct run *run)
{
	pthread_mutex_lock(&run->mu);
	run->ready++;
	pthread_cond_broadcast(&run->cv);
	while (!run->go)
		pthread_cond_wait(&run->cv, &run->mu);
	pthread_mutex_unlock(&run->mu);
	return !stopping(run);
}

/* Waits (checking the stop flag) until the slot's condition `cond(slot, k)` holds. */
static bool slot_wait(struct run *run, struct slot *s, bool (*cond)(const struct slot *, int), int k)
{
	pthread_mutex_lock(&s->mu);
	while (!cond(s, k) && !stopping(run)) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += POLL_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&s->cv, &s->mu, &ts);
	}
	bool ok = cond(s, k);
	pthread_mutex_unlock(&s->mu);
	return ok;
}

static bool has_game(const struct slot *s, int k) { return s->n > k; }

static bool was_accepted(const struct slot *s, int k) { return s->accepted > k; }

static void *player_main(void *arg)
{
	struct player *p = arg;
	struct run *run = p->run;
	struct slot *s = p->slot;
	if (!signup(p))
		atomic_store(&run->setup_failed, true);
	if (!ready_and_wait(run))
		goto done;
	for (int k = 0; !stopping(run); k++) {
		struct game *g;
		if (p->color == GY_BLACK) {
			if (!(g = create_game(p))) {
				struct timespec pause = {0, 100000000};
				nanosleep(&pause, NULL);
				k--;
				continue;
			}
			pthread_mutex_lock(&s->mu);
			if (s->n == s->cap) {
				s->cap = s->cap ? 2 * s->cap : 8;
				s->games = xrealloc(s->games, (size_t)s->cap * sizeof *s->games);
			}
			s->games[s->n++] = g;
			pthread_cond_broadcast(&s->cv);
			pthread_mutex_unlock(&s->mu);
			if (!slot_wait(run, s, was_accepted, k))
				break;
			if (atomic_load(&g->abandoned))
				continue;
		} else {
			if (!slot_wait(run, s, has_game, k))
				break;
			pthread_mutex_lock(&s->mu);
			g = s->games[k];
			pthread_mutex_unlock(&s->mu);
			char path[96];
			struct answer a = {0};
			snprintf(path, sizeof path, "/api/games/%s/accept", g->id);
			request(&p->c, run, "POST", path, p->cookie, NULL, &a);
			if (a.status != 200) {
				fault(run, a.status, "%s accepting %s: status %d %.200s", p->name, g->id, a.status,
				      a.body ? a.body : "");
				atomic_store(&g->abandoned, true);
			}
			free(a.body);
			pthread_mutex_lock(&s->mu);
			s->accepted = k + 1;
			pthread_cond_broadcast(&s->cv);
			pthread_mutex_unlock(&s->mu);
			if (atomic_load(&g->abandoned))
				continue;
		}
		play_game(p, g);
	}
done:
	conn_close(&p->c);
	free(p->c.buf);
	return NULL;
}

/* Step 4. The spectators. */

/* True when spectator `sp` has nothing more to wait for in game `g` (the players are gone). */
static bool watch_done(const struct spectator *sp, const struct game *g, const struct watch *w)
{
	struct run *run = sp->run;
	bool players_gone = atomic_load(&run->players_done) || atomic_load(&g->abandoned);
	if (!players_gone || w->got < atomic_load(&g->acked))
		return false;
	return !atomic_load(&g->ended) || w->end_seen;
}

/* Watches game `g` from its first move to its end (or until the run is over), filling `w`. */
static void watch_game(struct spectator *sp, struct game *g, struct watch *w)
{
	struct run *run = sp->run;
	struct stream st = {.c = {.fd = -1}};
	struct event *ev = malloc(sizeof *ev);
	char path[96];
	snprintf(path, sizeof path, "/api/games/%s/events", g->id);
	int status = ev ? stream_open(&st, run, path, NULL) : 0;
	int64_t open = now_ns();
	if (status != 200) {
		fault(run, status, "spectator: the event stream of %s: status %d", g->id, status);
		goto done;
	}
	for (;;) {
		int64_t drain = atomic_load(&run->drain_until_ns);
		if (watch_done(sp, g, w) || (drain && now_ns() > drain))
			break;
		int r = stream_next(&st, ev);
		if (r < 0) {
			fault(run, 0, "spectator: the event stream of %s ended or broke after ply %d", g->id, w->got);
			break;
		}
		if (r == 0)
			continue;
		int64_t at = now_ns();
		if (!strcmp(ev->name, "end")) {
			w->end_seen = true;
			break;
		}
		if (strcmp(ev->name, "move"))
			continue;
		sp->events++;
		if (ev->id <= w->got || ev->truncated) {
			fault(run, -1, "spectator: %s: event of ply %d after ply %d", g->id, ev->id, w->got);
			continue;
		}
		w->gaps += ev->id - w->got - 1;
		w->got = ev->id;
		if (sp->nobs == sp->cap) {
			sp->cap = sp->cap ? 2 * sp->cap : 1024;
			sp->obs = xrealloc(sp->obs, sp->cap * sizeof *sp->obs);
		}
		sp->obs[sp->nobs++] = (struct obs){g, ev->id, at, open};
	}
done:
	stream_close(&st);
	free(st.txt);
	free(st.c.buf);
	free(ev);
}

static void *spectator_main(void *arg)
{
	struct spectator *sp = arg;
	struct run *run = sp->run;
	struct slot *s = sp->slot;
	ready_and_wait(run);
	for (int k = 0;; k++) {
		/* The next game of the slot; after the players stopped, none will come. */
		pthread_mutex_lock(&s->mu);
		while (s->n <= k && !atomic_load(&run->players_done)) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_sec += 1;
			pthread_cond_timedwait(&s->cv, &s->mu, &ts);
		}
		struct game *g = s->n > k ? s->games[k] : NULL;
		pthread_mutex_unlock(&s->mu);
		int64_t drain = atomic_load(&run->drain_until_ns);
		if (!g || (drain && now_ns() > drain))
			break;
		sp->w = xrealloc(sp->w, (size_t)(k + 1) * sizeof *sp->w);
		sp->w[k] = (struct watch){0, 0, false};
		sp->nw = k + 1;
		watch_game(sp, g, &sp->w[k]);
	}
	return NULL;
}

/* Step 5. The server's process, the figures, main(). */

struct proc {
	long rss_kb, hwm_kb, threads;
	double cpu_s;
};

/* Reads VmRSS, VmHWM, Threads and the CPU time of process `pid`; all zero when it cannot. */
static struct proc read_proc(int pid)
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

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* The q-quantile (nearest rank) of the sorted `v`, in milliseconds. */
static double quantile_ms(const int64_t *v, size_t n, double q)
{
	if (!n)
		return 0;
	size_t k = (size_t)(q * (double)n + 0.999999);
	k = k ? k - 1 : 0;
	return (double)v[k < n ? k : n - 1] / 1e6;
}

static double self_cpu_s(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int usage(void)
{
	fputs("usage: server_load --port PORT [--host 127.0.0.1] [--games 50] [--spectators 200] [--seconds 20]\n"
	      "                   [--max-plies 200] [--server-pid PID] [--signups 2] [--seed N] [--label TEXT]\n"
	      "Plays GAMES games (two players each) against `gyoku serve` at HOST:PORT, watched by SPECTATORS\n"
	      "event streams, for SECONDS; the side to move at MAX-PLIES resigns and a new game starts.\n",
	      stderr);
	return 2;
}

/* Reads the options into `o`; false on a bad one. */
static bool parse_opts(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){.host = "127.0.0.1",
			   .games = 50,
			   .spectators = 200,
			   .seconds = 20,
			   .max_plies = 200,
			   .signups = 2,
			   .seed = (unsigned)time(NULL) ^ (unsigned)getpid()};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v)
			return false;
		i++;
		char *end;
		long n = strtol(v, &end, 10);
		bool num = end != v && *end == '\0';
		if (!strcmp(a, "--host"))
			o->host = v;
		else if (!strcmp(a, "--label"))
			o->label = v;
		else if (!strcmp(a, "--seconds"))
			o->seconds = strtod(v, NULL);
		else if (!num)
			return false;
		else if (!strcmp(a, "--port") && n > 0 && n < 65536)
			o->port = (int)n;
		else if (!strcmp(a, "--games") && n >= 1 && n <= 5000)
			o->games = (int)n;
		else if (!strcmp(a, "--spectators") && n >= 0 && n <= 20000)
			o->spectators = (int)n;
		else if (!strcmp(a, "--max-plies") && n >= 1 && n <= 999)
			o->max_plies = (int)n;
		else if (!strcmp(a, "--server-pid") && n > 0)
			o->server_pid = (int)n;
		else if (!strcmp(a, "--signups") && n >= 1 && n <= 64)
			o->signups = (int)n;
		else if (!strcmp(a, "--seed"))
			o->seed = (unsigned)n;
		else
			return false;
	}
	/* Names unique per run: a stored database may already hold an earlier run's players. */
	snprintf(o->prefix, sizeof o->prefix, "ld%05x", (o->seed ^ (unsigned)time(NULL)) & 0xfffff);
	return o->port > 0 && o->seconds > 0;
}

/* GET /api/health: the store's kind into `kind`; false when the server does not answer. */
static bool health(struct run *run, char *kind, size_t size)
{
	struct conn c = {.fd = -1};
	struct answer a = {0};
	request(&c, run, "GET", "/api/health", NULL, NULL, &a);
	json_t *j = a.status == 200 ? json_loads(a.body, 0, NULL) : NULL;
	const char *k = json_string_value(json_object_get(j, "store"));
	snprintf(kind, size, "%s", k ? k : "?");
	json_decref(j);
	free(a.body);
	conn_close(&c);
	free(c.buf);
	return k != NULL;
}

static void print_mem(const char *what, struct proc m)
{
	printf("%s %.1f/%.1f MiB (%ld threads)", what, (double)m.rss_kb / 1024, (double)m.hwm_kb / 1024, m.threads);
}

int main(int argc, char **argv)
{
	struct run *run = calloc(1, sizeof *run);
	if (!run || !parse_opts(argc, argv, &run->o))
		return usage();
	const struct opts *o = &run->o;
	signal(SIGPIPE, SIG_IGN);
	gy_init();
	run->addr.sin_family = AF_INET;
	run->addr.sin_port = htons((uint16_t)o->port);
	if (inet_pton(AF_INET, o->host, &run->addr.sin_addr) != 1) {
		fprintf(stderr, "server_load: --host %s is not an IPv4 address\n", o->host);
		return 2;
	}
	pthread_mutex_init(&run->mu, NULL);
	pthread_cond_init(&run->cv, NULL);
	char kind[32];
	if (!health(run, kind, sizeof kind)) {
		fprintf(stderr, "server_load: no answer from http://%s:%d/api/health\n", o->host, o->port);
		return 1;
	}
	struct proc idle = read_proc(o->server_pid);

	/* Step 5.1. Threads: players sign up, then everyone waits for the start. */
	int np = 2 * o->games, nt = np + o->spectators;
	run->slots = calloc((size_t)o->games, sizeof *run->slots);
	struct player *players = calloc((size_t)np, sizeof *players);
	struct spectator *specs = calloc((size_t)o->spectators + 1, sizeof *specs);
	pthread_t *tids = calloc((size_t)nt, sizeof *tids);
	if (!run->slots || !players || !specs || !tids)
		out_of_memory();
	for (int s = 0; s < o->games; s++) {
		pthread_mutex_init(&run->slots[s].mu, NULL);
		pthread_cond_init(&run->slots[s].cv, NULL);
		for (int c = 0; c < 2; c++)
			snprintf(run->slots[s].name[c], NAME_LEN, "%s%c%d", o->prefix, c ? 'w' : 'b', s);
	}
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 << 10);
	int started = 0;
	for (int i = 0; i < nt; i++) {
		int err;
		if (i < np) {
			struct player *p = &players[i];
			*p = (struct player){.run = run, .slot = &run->slots[i / 2], .color = i % 2, .c = {.fd = -1}};
			p->rng = ((uint64_t)o->seed << 20) + (uint64_t)i * 0x9E3779B97F4A7C15ull + 1;
			snprintf(p->name, sizeof p->name, "%s", p->slot->name[p->color]);
			err = pthread_create(&tids[i], &attr, player_main, p);
		} else {
			struct spectator *sp = &specs[i - np];
			*sp = (struct spectator){.run = run, .slot = &run->slots[(i - np) % o->games]};
			err = pthread_create(&tids[i], &attr, spectator_main, sp);
		}
		if (err) {
			fprintf(stderr, "server_load: cannot start thread %d: %s\n", i, strerror(err));
			atomic_store(&run->setup_failed, true);
			break;
		}
		started++;
	}
	int64_t t_setup = now_ns();
	pthread_mutex_lock(&run->mu);
	while (run->ready < started)
		pthread_cond_wait(&run->cv, &run->mu);
	pthread_mutex_unlock(&run->mu);
	double setup_s = (double)(now_ns() - t_setup) / 1e9;
	struct proc before = read_proc(o->server_pid);
	double cpu0 = self_cpu_s();

	/* Step 5.2. The run: start, wait, stop the players, let the spectators catch up. */
	bool failed = atomic_load(&run->setup_failed);
	if (failed)
		atomic_store(&run->stop, true);
	int64_t t0 = now_ns();
	pthread_mutex_lock(&run->mu);
	run->go = true;
	pthread_cond_broadcast(&run->cv);
	pthread_mutex_unlock(&run->mu);
	if (!failed) {
		int64_t until = t0 + (int64_t)(o->seconds * 1e9);
		for (int64_t t = now_ns(); t < until; t = now_ns()) {
			struct timespec ts = {(until - t) / 1000000000, (until - t) % 1000000000};
			nanosleep(&ts, NULL);
		}
	}
	int64_t t1 = now_ns();
	atomic_store(&run->stop_ns, t1);
	atomic_store(&run->stop, true);
	struct proc at_stop = read_proc(o->server_pid);
	for (int s = 0; s < o->games; s++) {
		pthread_mutex_lock(&run->slots[s].mu);
		pthread_cond_broadcast(&run->slots[s].cv);
		pthread_mutex_unlock(&run->slots[s].mu);
	}
	for (int i = 0; i < started && i < np; i++)
		pthread_join(tids[i], NULL);
	atomic_store(&run->drain_until_ns, now_ns() + (int64_t)DRAIN_MS * 1000000);
	atomic_store(&run->players_done, true);
	for (int i = np; i < started; i++)
		pthread_join(tids[i], NULL);
	double gen_cpu = self_cpu_s() - cpu0;
	struct timespec settle = {1, 0};
	nanosleep(&settle, NULL);
	struct proc after = read_proc(o->server_pid);

	/* Step 5.3. The figures. */
	struct samples lat = {0}, delay = {0};
	long moves = 0, games = 0, resigned = 0, events = 0, lost = 0, early = 0;
	for (int i = 0; i < np; i++) {
		for (size_t k = 0; k < players[i].lat.n; k++)
			samples_add(&lat, players[i].lat.v[k]);
		moves += players[i].moves;
		resigned += players[i].resigned;
		if (players[i].color == GY_BLACK)
			games += players[i].games;
	}
	for (int i = 0; i < o->spectators && started > np; i++) {
		struct spectator *sp = &specs[i];
		events += sp->events;
		for (size_t k = 0; k < sp->nobs; k++) {
			const struct obs *ob = &sp->obs[k];
			if (ob->g->ack[ob->ply] && ob->g->sent[ob->ply] > ob->open) {
				int64_t d = ob->at - ob->g->ack[ob->ply];
				samples_add(&delay, d);
				early += d < 0;
			}
		}
		for (int k = 0; k < sp->slot->n; k++) {
			struct game *g = sp->slot->games[k];
			struct watch w = k < sp->nw ? sp->w[k] : (struct watch){0, 0, false};
			int acked = atomic_load(&g->acked);
			long miss =
				w.gaps + (w.got < acked ? acked - w.got : 0) + (atomic_load(&g->ended) && !w.end_seen);
			if (miss && lost < 10)
				fprintf(stderr,
					"server_load: spectator %d, game %s: %d moves acknowledged, ply %d received "
					"(%d skipped), %s\n",
					i, g->id, acked, w.got, w.gaps,
					!atomic_load(&g->ended) ? "not ended"
					: w.end_seen            ? "end received"
								: "end not received");
			lost += miss;
		}
	}
	qsort(lat.v, lat.n, sizeof *lat.v, cmp_i64);
	qsort(delay.v, delay.n, sizeof *delay.v, cmp_i64);
	double secs = (double)(t1 - t0) / 1e9;
	long http = 0;
	char codes[256] = "";
	for (int s = 0; s < STATUS_NB; s++)
		if (run->err_status[s]) {
			size_t len = strlen(codes);
			snprintf(codes + len, sizeof codes - len, "%s%d x%ld", len ? ", " : "", s, run->err_status[s]);
			http += run->err_status[s];
		}
	long errors = http + run->err_io + run->err_order + run->err_other + lost;

	printf("server load (%s): %d games (%d players), %d spectators, %.1f s; resign at ply %d; setup %.1f s\n",
	       o->label ? o->label : kind, o->games, np, o->spectators, secs, o->max_plies, setup_s);
	printf("  moves      %ld accepted, %.1f moves/s; %ld games ended (%ld by resignation at the ply cap)\n", moves,
	       secs > 0 ? (double)moves / secs : 0, games, resigned);
	printf("  latency    accepted move, request sent -> 200 read: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu "
	       "moves)\n",
	       quantile_ms(lat.v, lat.n, 0.5), quantile_ms(lat.v, lat.n, 0.99),
	       lat.n ? (double)lat.v[lat.n - 1] / 1e6 : 0, lat.n);
	printf("  spectators move's 200 -> event on the stream: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
	       "(%zu live events of %ld; %.0f%% came before the 200)\n",
	       quantile_ms(delay.v, delay.n, 0.5), quantile_ms(delay.v, delay.n, 0.99),
	       delay.n ? (double)delay.v[delay.n - 1] / 1e6 : 0, delay.n, events,
	       delay.n ? 100.0 * (double)early / (double)delay.n : 0);
	printf("  errors     %ld: non-2xx %ld%s%s%s, connection %ld, out of order %ld, lost events %ld, other %ld\n",
	       errors, http, http ? " (" : "", codes, http ? ")" : "", run->err_io, run->err_order, lost,
	       run->err_other);
	if (o->server_pid) {
		printf("  server     VmRSS/VmHWM: ");
		print_mem("idle", idle);
		print_mem(", ready", before);
		print_mem(", at the stop", at_stop);
		print_mem(", 1 s after", after);
		printf("\n  cpu        server %.1f s (%.2f cores), load generator %.1f s (%.2f cores)\n",
		       at_stop.cpu_s - before.cpu_s, (at_stop.cpu_s - before.cpu_s) / secs, gen_cpu, gen_cpu / secs);
	}
	return errors == 0 && moves > 0 && !failed ? 0 : 1;
}
