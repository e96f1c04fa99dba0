/*
 * bench/stream_load.c: many event streams on live games (bench/streams.sh;
 * docs/server.md "Under load: figures").  One process, one thread, epoll
 * and non-blocking sockets: --games games, each between two players who
 * move at a set pace (every --move-ms with jitter, or as fast as the
 * server answers with --move-ms 0), random legal moves (libgyoku on the
 * SFEN the server answers), and --streams event streams
 * (GET /api/games/{id}/events) spread evenly over the games, opened at
 * --open-rate per second and held.
 *
 * The players sign up first, --signups at a time (each sign-up costs the
 * server an argon2id hash of 19 MiB), from helper threads with blocking
 * requests; everything after that runs in the event loop.  A game's two
 * players share one keep-alive connection (the cookie names the player);
 * Black challenges White, White accepts, and they alternate; the side to
 * move at --max-plies resigns, and a game the rules end is followed by a
 * new one, which the game's watchers then follow from its first move.
 *
 * Client addresses: the server caps connections and streams per address,
 * so the streams bind to 127.1.X.Y (Linux routes all of 127/8 to lo), at
 * most --per-addr streams per address, and the players' connections to
 * 127.2.X.Y the same way.  A stream joins its first game where it stands
 * (Last-Event-ID: the moves acknowledged so far); a stream that breaks, or
 * cannot be opened, is an error: counted, and opened again (with the
 * Last-Event-ID of the last move it saw) after 1 s, doubling to 8 s.
 *
 * Measured during the window (--seconds, starting 2 s after the last
 * stream was due to open): moves acknowledged per second; for every move
 * and every watcher whose stream was open before the move was sent, the
 * time from the move's acknowledgement (its 200 read) to its event's
 * arrival at that watcher (an event before the acknowledgement counts 0);
 * the streams held; the CPU time of the server (--server-pid) and of this
 * process.  Over the whole run: streams opened, failed and broken; events
 * lost (a move acknowledged that a watcher of its game never saw, or an
 * end not seen), counted after a drain of up to 5 s; the server's VmRSS,
 * VmHWM and thread count (/proc, sampled every 500 ms: the largest and the
 * last).  Prints the figures and one `stream_load:` summary line; exits 0
 * when there was no error, no lost event and at least one move, 1
 * otherwise, 2 on bad usage or when the file descriptor limit is too low.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "gyoku/gyoku.h"
#include "load_http.h"

enum {
	NAME_LEN = 24,
	ID_MAX = 32,
	TICK_MS = 20,            /* the longest wait of the loop; timers are looked at this often */
	OPEN_TIMEOUT_MS = 10000, /* a stream without its headers this long after connect() failed to open */
	REQ_TIMEOUT_MS = 30000,  /* a player's request without its answer this long: the connection broke */
	RETRY_MS = 1000,         /* the first wait before a stream is opened again, doubling */
	RETRY_MAX_MS = 8000,
	SETTLE_MS = 2000, /* from the last stream due to the window's start */
	DRAIN_MS = 5000,  /* after the last move, how long the watchers may take to catch up */
	SAMPLE_MS = 500,  /* how often the server's /proc is read */
	SETUP_MS = 60000, /* how long the games may take to start */
	STATUS_NB = 600
};

struct opts {
	struct load_common c; /* --host, --port, --seconds, ... (load_http.h) */
	int games, streams, move_ms, open_rate, per_addr;
};

/* One game; its arrays are indexed by ply (1..max_plies). */
struct game {
	char id[ID_MAX];
	int acked;           /* moves answered 200 */
	bool ended;          /* ended by a move (the rules) or a resignation, acknowledged */
	bool abandoned;      /* left after an error: its events are not counted */
	int64_t *sent, *ack; /* per ply: when the move was sent and answered (ns; 0: not yet) */
};

enum req { R_NONE, R_CREATE, R_ACCEPT, R_MOVE, R_RESIGN };

/* A game's two players, their connection and the games they played in order (the last is current). */
struct slot {
	int index;
	char name[2][NAME_LEN], cookie[2][COOKIE_MAX];
	struct conn c;
	bool connecting; /* connect() in progress: the request goes when the socket is writable */
	enum req req;    /* the request in flight (R_NONE: none) */
	enum req next;   /* the request planned for next_at */
	int64_t next_at, req_at;
	bool head_done; /* the answer's headers are read: `a` and `blen` hold them */
	struct answer a;
	long long blen;
	char body[128], path[96];
	struct game **games;
	int n, cap;
	struct gy_pos pos;
	int ply;
	uint64_t rng;
	bool started; /* its first game was accepted */
};

/* What one watcher saw of one game. */
struct wrec {
	struct game *g;
	int from; /* the ply it joined at */
	int got;  /* the highest ply received */
	int gaps; /* plies skipped over */
	bool end_seen;
	int64_t open; /* when its first stream on this game was answered */
};

enum wstate { W_IDLE, W_CONNECTING, W_HEAD, W_LIVE, W_WAIT };

struct watcher {
	struct stream st;
	int slot;
	enum wstate state;
	int gidx;       /* the index in its slot's games of the game it watches (-1: none yet) */
	bool next_game; /* W_WAIT: for the slot's next game (after an end), not again on the same */
	int64_t due, started;
	int backoff_ms;
	struct wrec *r;
	int nr;
};

struct run {
	struct opts o;
	struct target to;
	int ep;
	struct slot *slots;
	struct watcher *w;
	int64_t t_ramp, t_win0, t_win1, t_stop;
	bool stopping;
	/* counts */
	long early; /* events in `delay` that came before their move's 200 */
	long opened, open_failed, broken, live, live_peak, live_min_win, moves_win, moves, games_ended, order, req_err,
		err_status[STATUS_NB];
	int err_printed;
	struct samples delay;
	/* the server's process */
	struct proc peak, last;
	double srv_cpu0, srv_cpu1, cli_cpu0, cli_cpu1;
	int64_t next_sample;
	/* sign-ups */
	atomic_int signup_next, signup_failed;
};

static struct event ev_buf;

/* Counts an error (status: an HTTP status, 0 a connection's) and prints the first few. */
static void fault(struct run *run, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fault(struct run *run, int status, const char *fmt, ...)
{
	if (status > 0 && status < STATUS_NB)
		run->err_status[status]++;
	if (run->err_printed++ >= 10)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "stream_load: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* The loopback address number `k` of the block 127.B.0.0/16 (127.B.X.Y, Y in 1..254). */
static struct in_addr loop_addr(int block, int k)
{
	struct in_addr a;
	a.s_addr = htonl((127u << 24) | ((unsigned)block << 16) | ((unsigned)(k / 254) << 8) | (unsigned)(k % 254 + 1));
	return a;
}

/* Step 1. Sockets in the loop. */

static uint64_t tag(int kind, int index) { return (uint64_t)kind << 32 | (uint32_t)index; }

/* Starts connecting `c` (non-blocking); *pending when connect() is still under way.  False on failure. */
static bool open_nb(struct run *run, struct conn *c, uint64_t key, bool *pending)
{
	conn_close(c);
	c->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (c->fd < 0)
		return false;
	int one = 1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
	if (!bind_source(c->fd, c->src)) {
		conn_close(c);
		return false;
	}
	*pending = false;
	if (connect(c->fd, (const struct sockaddr *)&run->to.addr, sizeof run->to.addr)) {
		if (errno != EINPROGRESS) {
			conn_close(c);
			return false;
		}
		*pending = true;
	}
	struct epoll_event ee = {.events = EPOLLIN | (*pending ? EPOLLOUT : 0), .data.u64 = key};
	if (epoll_ctl(run->ep, EPOLL_CTL_ADD, c->fd, &ee)) {
		conn_close(c);
		return false;
	}
	return true;
}

/* After EPOLLOUT on a connecting socket: true when it connected (and now waits for input only). */
static bool connected(struct run *run, struct conn *c, uint64_t key)
{
	int err = 0;
	socklen_t len = sizeof err;
	if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) || err)
		return false;
	struct epoll_event ee = {.events = EPOLLIN, .data.u64 = key};
	return epoll_ctl(run->ep, EPOLL_CTL_MOD, c->fd, &ee) == 0;
}

/* True when the headers of an answer are all in the buffer. */
static bool head_complete(const struct conn *c)
{
	for (size_t i = c->off; i + 1 < c->len; i++)
		if (c->buf[i] == '\n' &&
		    (c->buf[i + 1] == '\n' || (c->buf[i + 1] == '\r' && i + 2 < c->len && c->buf[i + 2] == '\n')))
			return true;
	return false;
}

/* Step 2. The players. */

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

static struct game *current(const struct slot *s) { return s->n ? s->games[s->n - 1] : NULL; }

/* The player's request `s->next` goes now (the connection is open). */
static void slot_send(struct run *run, struct slot *s)
{
	struct game *g = current(s);
	const char *method = "POST", *body = NULL;
	int who = GY_BLACK;
	switch (s->next) {
	case R_CREATE:
		snprintf(s->path, sizeof s->path, "/api/games");
		snprintf(s->body, sizeof s->body, "{\"opponent\":\"%s\",\"time\":\"none\",\"color\":\"black\"}",
			 s->name[GY_WHITE]);
		body = s->body;
		break;
	case R_ACCEPT:
		snprintf(s->path, sizeof s->path, "/api/games/%s/accept", g->id);
		who = GY_WHITE;
		break;
	case R_MOVE: {
		struct gy_movelist list;
		list.n = 0;
		gy_gen(&s->pos, GY_GEN_LEGAL, &list);
		if (list.n == 0) { /* the server should have ended it: resign instead */
			fault(run, -1, "%s at ply %d: no legal move, yet the game goes on", g->id, s->ply);
			run->req_err++;
			s->next = R_RESIGN;
			slot_send(run, s);
			return;
		}
		char usi[16];
		gy_usi_write_move(list.moves[rng_next(&s->rng) % (uint64_t)list.n], usi);
		snprintf(s->path, sizeof s->path, "/api/games/%s/moves", g->id);
		snprintf(s->body, sizeof s->body, "{\"move\":\"%s\",\"ply\":%d}", usi, s->ply);
		body = s->body;
		who = s->ply % 2;
		break;
	}
	case R_RESIGN:
		snprintf(s->path, sizeof s->path, "/api/games/%s/resign", g->id);
		body = "{}";
		who = s->ply % 2;
		break;
	case R_NONE: return;
	}
	s->req = s->next;
	s->next = R_NONE;
	s->req_at = now_ns();
	s->head_done = false;
	if (s->req == R_MOVE)
		g->sent[s->ply + 1] = s->req_at;
	if (!send_request(&s->c, &run->to, method, s->path, s->cookie[who], body, NULL)) {
		fault(run, 0, "slot %d: sending %s failed", s->index, s->path);
		run->req_err++;
		s->req = R_NONE;
		if (g)
			g->abandoned = true;
		s->next = R_CREATE;
		s->next_at = now_ns() + (int64_t)RETRY_MS * 1000000;
	}
}

/* The pause before the next move: move_ms with jitter (uniform in [0.5, 1.5] move_ms). */
static int64_t pace(struct run *run, struct slot *s)
{
	if (run->o.move_ms <= 0)
		return 0;
	return (int64_t)run->o.move_ms * 1000000 / 2 +
	       (int64_t)(rng_next(&s->rng) % ((uint64_t)run->o.move_ms * 1000000 + 1));
}

/* The answer to the slot's request is in s->a: plans the next request. */
static void slot_answer(struct run *run, struct slot *s)
{
	int64_t now = now_ns();
	struct game *g = current(s);
	enum req req = s->req;
	s->req = R_NONE;
	int want = req == R_CREATE ? 201 : 200;
	if (s->a.status != want) {
		fault(run, s->a.status, "slot %d: %s: status %d %.200s", s->index, s->path, s->a.status,
		      s->a.body ? s->a.body : "");
		run->req_err++;
		if (g)
			g->abandoned = true;
		s->next = R_CREATE;
		s->next_at = now + (int64_t)RETRY_MS * 1000000;
		return;
	}
	json_t *j = json_loads(s->a.body ? s->a.body : "", 0, NULL);
	switch (req) {
	case R_CREATE: {
		const char *id = json_string_value(json_object_get(j, "id"));
		if (!id) {
			fault(run, -1, "slot %d: a new game without an id", s->index);
			run->req_err++;
			s->next = R_CREATE;
			s->next_at = now + (int64_t)RETRY_MS * 1000000;
			break;
		}
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 4;
			s->games = xrealloc(s->games, (size_t)s->cap * sizeof *s->games);
		}
		s->games[s->n++] = game_new(id, run->o.c.max_plies);
		s->next = R_ACCEPT;
		s->next_at = now;
		break;
	}
	case R_ACCEPT:
		if (gy_sfen_parse(&s->pos, GY_SFEN_START, strlen(GY_SFEN_START), GY_SFEN_STRICT, NULL))
			abort(); /* the start position always parses */
		s->ply = 0;
		s->started = true;
		s->next = R_MOVE;
		s->next_at = now + (run->o.move_ms > 0
					    ? (int64_t)(rng_next(&s->rng) % ((uint64_t)run->o.move_ms * 1000000 + 1))
					    : 0);
		break;
	case R_MOVE: {
		const char *sfen = json_string_value(json_object_get(j, "sfen"));
		const char *st = json_string_value(json_object_get(j, "status"));
		s->ply++;
		g->ack[s->ply] = now;
		g->acked = s->ply;
		run->moves++;
		if (now >= run->t_win0 && now <= run->t_win1)
			run->moves_win++;
		if (!sfen || gy_sfen_parse(&s->pos, sfen, strlen(sfen), GY_SFEN_STRICT, NULL)) {
			fault(run, -1, "%s: a move's answer without a valid SFEN: %.200s", g->id, s->a.body);
			run->req_err++;
			g->abandoned = true;
			s->next = R_CREATE;
			s->next_at = now;
		} else if (st && strcmp(st, "playing")) {
			g->ended = true;
			run->games_ended++;
			s->next = R_CREATE;
			s->next_at = now;
		} else {
			s->next = s->ply >= run->o.c.max_plies ? R_RESIGN : R_MOVE;
			s->next_at = now + pace(run, s);
		}
		break;
	}
	case R_RESIGN:
		g->ended = true;
		run->games_ended++;
		s->next = R_CREATE;
		s->next_at = now;
		break;
	case R_NONE: break;
	}
	json_decref(j);
}

/* The slot's connection broke (or timed out): its game is left, a new one follows. */
static void slot_broke(struct run *run, struct slot *s, const char *why)
{
	fault(run, 0, "slot %d: %s: %s", s->index, s->path, why);
	run->req_err++;
	epoll_ctl(run->ep, EPOLL_CTL_DEL, s->c.fd, NULL);
	conn_close(&s->c);
	struct game *g = current(s);
	if (g && (s->req != R_CREATE))
		g->abandoned = true;
	s->req = R_NONE;
	s->connecting = false;
	s->next = R_CREATE;
	s->next_at = now_ns() + (int64_t)RETRY_MS * 1000000;
}

/* Starts the slot's planned request when it is due. */
static void slot_tick(struct run *run, struct slot *s, int64_t now)
{
	if (s->req != R_NONE) {
		if (now - s->req_at > (int64_t)REQ_TIMEOUT_MS * 1000000)
			slot_broke(run, s, "no answer");
		return;
	}
	if (s->connecting || s->next == R_NONE || now < s->next_at || run->stopping)
		return;
	if (s->c.fd < 0) {
		bool pending;
		if (!open_nb(run, &s->c, tag(1, s->index), &pending)) {
			s->req = s->next;
			slot_broke(run, s, "cannot connect");
			return;
		}
		if (pending) {
			s->connecting = true;
			s->req_at = now;
			return;
		}
	}
	slot_send(run, s);
}

static void slot_io(struct run *run, struct slot *s, uint32_t events)
{
	if (s->connecting) {
		if (!(events & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
			return;
		s->connecting = false;
		if (!connected(run, &s->c, tag(1, s->index))) {
			s->req = s->next;
			slot_broke(run, s, "cannot connect");
			return;
		}
		slot_send(run, s);
		return;
	}
	for (;;) {
		int r = conn_read(&s->c);
		if (r == -2)
			return;
		if (r <= 0) {
			if (s->req != R_NONE)
				slot_broke(run, s,
					   r == 0 ? "the server closed the connection" : "the connection broke");
			else { /* an idle keep-alive connection closed: opened again at the next request */
				epoll_ctl(run->ep, EPOLL_CTL_DEL, s->c.fd, NULL);
				conn_close(&s->c);
			}
			return;
		}
		if (s->req == R_NONE)
			continue;
		bool chunked;
		if (!s->head_done && head_complete(&s->c)) {
			if (!read_head(&s->c, &s->a, &chunked, &s->blen, 0) || chunked) {
				slot_broke(run, s, "a bad answer");
				return;
			}
			s->head_done = true;
			if (s->blen < 0)
				s->blen = 0;
		}
		if (s->head_done && (long long)(s->c.len - s->c.off) >= s->blen) {
			s->a.len = 0;
			answer_append(&s->a, s->c.buf + s->c.off, (size_t)s->blen);
			s->c.off += (size_t)s->blen;
			bool close_it = s->a.close;
			slot_answer(run, s);
			if (close_it) {
				epoll_ctl(run->ep, EPOLL_CTL_DEL, s->c.fd, NULL);
				conn_close(&s->c);
				return;
			}
		}
	}
}

/* Step 3. The watchers. */

static void watcher_close(struct run *run, struct watcher *w)
{
	if (w->state == W_LIVE)
		run->live--;
	if (w->st.c.fd >= 0)
		epoll_ctl(run->ep, EPOLL_CTL_DEL, w->st.c.fd, NULL);
	stream_close(&w->st);
	w->st.tlen = 0;
}

/* The stream failed or broke: counted, opened again after the back-off. */
static void watcher_fail(struct run *run, struct watcher *w, const char *why)
{
	int i = (int)(w - run->w);
	if (w->state == W_LIVE) {
		run->broken++;
		fault(run, 0, "stream %d (%s) broke after ply %d: %s", i, w->nr ? w->r[w->nr - 1].g->id : "?",
		      w->nr ? w->r[w->nr - 1].got : 0, why);
	} else {
		run->open_failed++;
		fault(run, 0, "stream %d could not be opened: %s", i, why);
	}
	watcher_close(run, w);
	w->state = W_WAIT;
	w->next_game = false;
	w->due = now_ns() + (int64_t)w->backoff_ms * 1000000;
	w->backoff_ms = w->backoff_ms * 2 > RETRY_MAX_MS ? RETRY_MAX_MS : w->backoff_ms * 2;
}

/* Opens watcher w's stream: on its slot's current game, or again on its game after a break. */
static void watcher_open(struct run *run, struct watcher *w, int64_t now)
{
	struct slot *s = &run->slots[w->slot];
	struct wrec *r = w->nr ? &w->r[w->nr - 1] : NULL;
	if (!r || w->next_game) {
		if (!s->n || s->n - 1 <= w->gidx) /* no game yet, or no newer one */
			return;
		struct game *g = current(s);
		w->r = xrealloc(w->r, (size_t)(w->nr + 1) * sizeof *w->r);
		/* The first game is joined where it stands; a later one is watched from its start. */
		int from = w->nr ? 0 : g->acked;
		w->r[w->nr++] = (struct wrec){g, from, from, 0, false, 0};
		w->gidx = s->n - 1;
		w->next_game = false;
		r = &w->r[w->nr - 1];
	}
	bool pending;
	w->st.chunked = false;
	w->st.left = 0;
	w->st.crlf = 0;
	w->st.eof = false;
	w->st.tlen = 0;
	w->started = now;
	if (!open_nb(run, &w->st.c, tag(2, (int)(w - run->w)), &pending)) {
		w->state = W_CONNECTING;
		watcher_fail(run, w, strerror(errno));
		return;
	}
	w->state = pending ? W_CONNECTING : W_HEAD;
	if (!pending) {
		char extra[96];
		snprintf(extra, sizeof extra, "Accept: text/event-stream\r\nLast-Event-ID: %d\r\n", r->got);
		char path[96];
		snprintf(path, sizeof path, "/api/games/%s/events", r->g->id);
		if (!send_request(&w->st.c, &run->to, "GET", path, NULL, NULL, extra))
			watcher_fail(run, w, "cannot send the request");
	}
}

/* One event arrived at `at`. */
static void watcher_event(struct run *run, struct watcher *w, const struct event *ev, int64_t at)
{
	struct wrec *r = &w->r[w->nr - 1];
	struct game *g = r->g;
	if (!strcmp(ev->name, "end")) {
		r->end_seen = true;
		watcher_close(run, w);
		w->state = W_WAIT;
		w->next_game = true;
		w->due = at;
		return;
	}
	if (strcmp(ev->name, "move"))
		return;
	if (ev->id <= r->got || ev->id > run->o.c.max_plies + 1) {
		run->order++;
		fault(run, -1, "stream %d: %s: event of ply %d after ply %d", (int)(w - run->w), g->id, ev->id, r->got);
		return;
	}
	r->gaps += ev->id - r->got - 1;
	r->got = ev->id;
	int64_t sent = g->sent[ev->id], ack = g->ack[ev->id];
	if (sent && sent >= r->open && r->open) {
		int64_t t = ack ? ack : at;
		if (t >= run->t_win0 && t <= run->t_win1) {
			samples_add(&run->delay, at > t ? at - t : 0);
			run->early += !ack;
		}
	}
}

static void watcher_io(struct run *run, struct watcher *w, uint32_t events)
{
	if (w->state == W_CONNECTING) {
		if (!(events & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
			return;
		if (!connected(run, &w->st.c, tag(2, (int)(w - run->w)))) {
			watcher_fail(run, w, "cannot connect");
			return;
		}
		w->state = W_HEAD;
		struct wrec *r = &w->r[w->nr - 1];
		char extra[96], path[96];
		snprintf(extra, sizeof extra, "Accept: text/event-stream\r\nLast-Event-ID: %d\r\n", r->got);
		snprintf(path, sizeof path, "/api/games/%s/events", r->g->id);
		if (!send_request(&w->st.c, &run->to, "GET", path, NULL, NULL, extra))
			watcher_fail(run, w, "cannot send the request");
		return;
	}
	if (w->state != W_HEAD && w->state != W_LIVE)
		return;
	for (;;) {
		int r = conn_read(&w->st.c);
		if (r == -2)
			return;
		int64_t at = now_ns();
		if (r <= 0 && w->state == W_HEAD) {
			watcher_fail(run, w, r == 0 ? "the server closed the connection" : "the connection broke");
			return;
		}
		if (r <= 0) {
			w->st.eof = true;
		} else if (w->state == W_HEAD) {
			if (!head_complete(&w->st.c))
				continue;
			struct answer a = {0};
			long long length;
			bool ok = read_head(&w->st.c, &a, &w->st.chunked, &length, 0);
			if (!ok || a.status != 200) {
				char why[64];
				snprintf(why, sizeof why, "status %d", a.status);
				if (ok)
					run->err_status[a.status > 0 && a.status < STATUS_NB ? a.status : 0]++;
				watcher_fail(run, w, why);
				return;
			}
			w->state = W_LIVE;
			run->opened++;
			if (++run->live > run->live_peak)
				run->live_peak = run->live;
			w->backoff_ms = RETRY_MS;
			struct wrec *wr = &w->r[w->nr - 1];
			if (!wr->open)
				wr->open = at;
		}
		for (;;) {
			int k = stream_take(&w->st, &ev_buf);
			if (k == 0)
				break;
			if (k < 0) {
				watcher_fail(run, w, r == 0 ? "the server closed it" : "the stream ended or broke");
				return;
			}
			watcher_event(run, w, &ev_buf, at);
			if (w->state != W_LIVE)
				return;
		}
		if (r <= 0) {
			watcher_fail(run, w, r == 0 ? "the server closed it" : "the connection broke");
			return;
		}
	}
}

/* Opens the streams due, and fails those that take too long to open. */
static void watchers_tick(struct run *run, int64_t now)
{
	for (int i = 0; i < run->o.streams; i++) {
		struct watcher *w = &run->w[i];
		if (w->state == W_LIVE && w->r[w->nr - 1].g->abandoned &&
		    run->slots[w->slot].n - 1 > w->gidx) { /* its game was left: on to the next */
			watcher_close(run, w);
			w->state = W_WAIT;
			w->next_game = true;
			w->due = now;
		}
		if (w->state == W_WAIT && now >= w->due)
			watcher_open(run, w, now);
		else if ((w->state == W_CONNECTING || w->state == W_HEAD) &&
			 now - w->started > (int64_t)OPEN_TIMEOUT_MS * 1000000)
			watcher_fail(run, w, "no answer");
	}
}

/* True when every open stream has seen every acknowledged move of its game (the drain is over). */
static bool caught_up(const struct run *run)
{
	for (int i = 0; i < run->o.streams; i++) {
		const struct watcher *w = &run->w[i];
		const struct wrec *r = w->nr ? &w->r[w->nr - 1] : NULL;
		if (!r || r->g->abandoned || !r->open)
			continue;
		if (r->got < r->g->acked || (r->g->ended && !r->end_seen))
			return false;
	}
	for (int s = 0; s < run->o.games; s++)
		if (run->slots[s].req != R_NONE)
			return false;
	return true;
}

/* Step 4. Sign-ups, the loop, the figures. */

static void *signup_main(void *arg)
{
	struct run *run = arg;
	for (;;) {
		int i = atomic_fetch_add(&run->signup_next, 1);
		if (i >= 2 * run->o.games)
			return NULL;
		struct slot *s = &run->slots[i / 2];
		int color = i % 2;
		struct conn c = {.fd = -1, .src = s->c.src};
		struct answer a = {0};
		char body[128];
		snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"load-test-password\"}", s->name[color]);
		request(&c, &run->to, "POST", "/api/signup", NULL, body, &a);
		if (a.status == 201 && a.cookie[0]) {
			snprintf(s->cookie[color], COOKIE_MAX, "%s", a.cookie);
		} else {
			fprintf(stderr, "stream_load: signing up %s: status %d %.200s\n", s->name[color], a.status,
				a.body ? a.body : "");
			atomic_fetch_add(&run->signup_failed, 1);
		}
		free(a.body);
		conn_close(&c);
		free(c.buf);
	}
}

/* Reads the server's /proc when due (or `force`), keeping the largest figures. */
static void sample(struct run *run, int64_t now, bool force)
{
	if (now < run->next_sample && !force)
		return;
	run->next_sample = now + (int64_t)SAMPLE_MS * 1000000;
	if (run->t_win0 && now >= run->t_win0 && now <= run->t_win1 && run->live < run->live_min_win)
		run->live_min_win = run->live;
	if (!run->o.c.server_pid)
		return;
	struct proc p = read_proc(run->o.c.server_pid);
	if (!p.threads)
		return;
	run->last = p;
	if (p.rss_kb > run->peak.rss_kb)
		run->peak.rss_kb = p.rss_kb;
	if (p.hwm_kb > run->peak.hwm_kb)
		run->peak.hwm_kb = p.hwm_kb;
	if (p.threads > run->peak.threads)
		run->peak.threads = p.threads;
}

/* One round of the loop: waits up to TICK_MS for input, handles it, then the timers. */
static void loop_once(struct run *run, bool ramp)
{
	static struct epoll_event evs[512];
	int n = epoll_wait(run->ep, evs, 512, TICK_MS);
	for (int i = 0; i < n; i++) {
		int kind = (int)(evs[i].data.u64 >> 32), idx = (int)(uint32_t)evs[i].data.u64;
		if (kind == 1)
			slot_io(run, &run->slots[idx], evs[i].events);
		else
			watcher_io(run, &run->w[idx], evs[i].events);
	}
	int64_t now = now_ns();
	for (int s = 0; s < run->o.games; s++)
		slot_tick(run, &run->slots[s], now);
	static int64_t next_watch;
	if (ramp && now >= next_watch) {
		next_watch = now + 50 * 1000000;
		watchers_tick(run, now);
	}
	sample(run, now, false);
}

static int usage(void)
{
	fputs("usage: stream_load --port PORT [--host 127.0.0.1] [--games 100] [--streams 10000] [--seconds 60]\n"
	      "                   [--move-ms 1000] [--open-rate 500] [--per-addr 30] [--max-plies 200]\n"
	      "                   [--server-pid PID] [--signups 2] [--seed N] [--label TEXT]\n"
	      "GAMES live games (two players each, a move every MOVE-MS with jitter, 0: as fast as answered)\n"
	      "against `gyoku serve` at HOST:PORT, watched by STREAMS event streams spread over the games,\n"
	      "opened at OPEN-RATE per second from loopback addresses 127.1.X.Y (PER-ADDR streams each) and\n"
	      "held; measured for SECONDS once all are due.\n",
	      stderr);
	return 2;
}

static bool parse_opts(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){.games = 100, .streams = 10000, .move_ms = 1000, .open_rate = 500, .per_addr = 30};
	o->c.seconds = 60;
	const struct load_int_opt ints[] = {
		{"--games", 1, 5000, &o->games},        {"--streams", 0, 200000, &o->streams},
		{"--move-ms", 0, 600000, &o->move_ms},  {"--open-rate", 1, 1000000, &o->open_rate},
		{"--per-addr", 1, 10000, &o->per_addr},
	};
	return load_parse_opts(argc, argv, &o->c, ints, sizeof ints / sizeof ints[0], "sl");
}

/* Raises the soft limit of open files to the hard one; false (said) when it is below `need`. */
static bool raise_nofile(long need)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl))
		return true;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && (long)rl.rlim_cur < need) {
		fprintf(stderr,
			"stream_load: %ld file descriptors are needed, and the hard limit is %ld: raise it (ulimit "
			"-Hn; "
			"/etc/security/limits.conf) or run fewer --streams\n",
			need, (long)rl.rlim_cur);
		return false;
	}
	return true;
}

static double mib(long kb) { return (double)kb / 1024; }

int main(int argc, char **argv)
{
	load_prog = "stream_load";
	struct run *run = calloc(1, sizeof *run);
	if (!run || !parse_opts(argc, argv, &run->o))
		return usage();
	const struct opts *o = &run->o;
	signal(SIGPIPE, SIG_IGN);
	gy_init();
	run->to.host = o->c.host;
	run->to.port = o->c.port;
	run->to.addr.sin_family = AF_INET;
	run->to.addr.sin_port = htons((uint16_t)o->c.port);
	if (inet_pton(AF_INET, o->c.host, &run->to.addr.sin_addr) != 1) {
		fprintf(stderr, "stream_load: --host %s is not an IPv4 address\n", o->c.host);
		return 2;
	}
	if (!raise_nofile((long)o->streams + o->games + 64))
		return 2;
	{
		struct conn c = {.fd = -1};
		struct answer a = {0};
		request(&c, &run->to, "GET", "/api/health", NULL, NULL, &a);
		conn_close(&c);
		if (a.status != 200) {
			fprintf(stderr, "stream_load: no answer from http://%s:%d/api/health\n", o->c.host, o->c.port);
			return 1;
		}
		free(a.body);
		free(c.buf);
	}
	run->ep = epoll_create1(0);
	run->slots = calloc((size_t)o->games, sizeof *run->slots);
	run->w = calloc((size_t)o->streams + 1, sizeof *run->w);
	if (run->ep < 0 || !run->slots || !run->w)
		out_of_memory();
	for (int s = 0; s < o->games; s++) {
		struct slot *sl = &run->slots[s];
		sl->index = s;
		sl->c.fd = -1;
		sl->c.src = loop_addr(2, s / o->per_addr);
		sl->rng = ((uint64_t)o->c.seed << 20) + (uint64_t)s * 0x9E3779B97F4A7C15ull + 1;
		for (int c = 0; c < 2; c++)
			snprintf(sl->name[c], NAME_LEN, "%s%c%d", o->c.prefix, c ? 'w' : 'b', s);
	}
	for (int i = 0; i < o->streams; i++) {
		struct watcher *w = &run->w[i];
		w->slot = i % o->games;
		w->st.c.fd = -1;
		w->st.c.src = loop_addr(1, i / o->per_addr);
		w->gidx = -1;
		w->backoff_ms = RETRY_MS;
	}

	/* Step 4.1. Sign-ups (helper threads), then the games start. */
	int64_t t_setup = now_ns();
	pthread_t tids[64];
	int nt = 0;
	for (int i = 0; i < o->c.signups && i < 2 * o->games; i++)
		if (!pthread_create(&tids[nt], NULL, signup_main, run))
			nt++;
	for (int i = 0; i < nt; i++)
		pthread_join(tids[i], NULL);
	if (atomic_load(&run->signup_failed) || !nt) {
		fprintf(stderr, "stream_load: %d sign-ups failed\n", atomic_load(&run->signup_failed));
		return 1;
	}
	double signup_s = (double)(now_ns() - t_setup) / 1e9;
	run->t_win0 = run->t_win1 = INT64_MAX;
	run->live_min_win = o->streams;
	for (int s = 0; s < o->games; s++) {
		run->slots[s].next = R_CREATE;
		run->slots[s].next_at = now_ns();
	}
	for (int64_t until = now_ns() + (int64_t)SETUP_MS * 1000000; now_ns() < until;) {
		loop_once(run, false);
		int started = 0;
		for (int s = 0; s < o->games; s++)
			started += run->slots[s].started;
		if (started == o->games)
			break;
	}
	struct proc idle = read_proc(o->c.server_pid);

	/* Step 4.2. The streams open at the rate, then the window, then the drain. */
	run->t_ramp = now_ns();
	int64_t ramp_ns = (int64_t)((double)o->streams / o->open_rate * 1e9);
	run->t_win0 = run->t_ramp + ramp_ns + (int64_t)SETTLE_MS * 1000000;
	run->t_win1 = run->t_win0 + (int64_t)(o->c.seconds * 1e9);
	int next_open = 0;
	bool in_win = false;
	long live_win0 = 0;
	for (int64_t now = now_ns(); now < run->t_win1; now = now_ns()) {
		int due = (int)((double)(now - run->t_ramp) / 1e9 * o->open_rate) + 1;
		for (; next_open < o->streams && next_open < due; next_open++) {
			run->w[next_open].state = W_WAIT;
			run->w[next_open].next_game = true;
			run->w[next_open].due = now;
		}
		if (!in_win && now >= run->t_win0) {
			in_win = true;
			live_win0 = run->live;
			run->live_min_win = run->live;
			run->srv_cpu0 = read_proc(o->c.server_pid).cpu_s;
			run->cli_cpu0 = self_cpu_s();
		}
		loop_once(run, true);
	}
	run->srv_cpu1 = read_proc(o->c.server_pid).cpu_s;
	run->cli_cpu1 = self_cpu_s();
	struct proc at_stop = read_proc(o->c.server_pid);
	run->stopping = true;
	int64_t drain_until = now_ns() + (int64_t)DRAIN_MS * 1000000;
	while (now_ns() < drain_until && !caught_up(run))
		loop_once(run, true);
	double drain_s = (double)(now_ns() - (drain_until - (int64_t)DRAIN_MS * 1000000)) / 1e9;
	long live_end = run->live;
	sample(run, now_ns(), true);
	struct proc end = read_proc(o->c.server_pid);

	/* Step 4.3. The figures. */
	long lost = 0, lost_games = 0;
	for (int i = 0; i < o->streams; i++) {
		const struct watcher *w = &run->w[i];
		for (int k = 0; k < w->nr; k++) {
			const struct wrec *r = &w->r[k];
			if (r->g->abandoned || !r->open) /* left after an error, or never opened (counted) */
				continue;
			long miss = r->gaps + (r->got < r->g->acked ? r->g->acked - r->got : 0) +
				    (r->g->ended && !r->end_seen);
			if (miss && lost_games++ < 5)
				fprintf(stderr,
					"stream_load: stream %d, game %s: %d moves acknowledged, joined at %d, ply %d "
					"received (%d skipped), %s\n",
					i, r->g->id, r->g->acked, r->from, r->got, r->gaps,
					!r->g->ended  ? "not ended"
					: r->end_seen ? "end received"
						      : "end not received");
			lost += miss;
		}
	}
	for (int i = 0; i < o->streams; i++)
		watcher_close(run, &run->w[i]);
	qsort(run->delay.v, run->delay.n, sizeof *run->delay.v, cmp_i64);
	const int64_t *d = run->delay.v;
	size_t nd = run->delay.n;
	double p50 = quantile_ms(d, nd, 0.5), p90 = quantile_ms(d, nd, 0.9), p99 = quantile_ms(d, nd, 0.99),
	       pmax = nd ? (double)d[nd - 1] / 1e6 : 0, secs = o->c.seconds;
	double srv_cpu = run->srv_cpu1 - run->srv_cpu0, cli_cpu = run->cli_cpu1 - run->cli_cpu0;
	long http = 0;
	for (int s = 0; s < STATUS_NB; s++)
		http += run->err_status[s];
	long errors = run->open_failed + run->broken + run->order + run->req_err;
	const char *label = o->c.label ? o->c.label : "server";
	printf("stream load (%s): %d games, a move every %d ms each, %d streams (%d per address, %d/s), %.0f s window; "
	       "sign-ups %.1f s\n",
	       label, o->games, o->move_ms, o->streams, o->per_addr, o->open_rate, secs, signup_s);
	printf("  streams    %ld opened, %ld failed to open, %ld broke; held %ld at the window's start, %ld at the "
	       "least, %ld at the end (peak %ld)\n",
	       run->opened, run->open_failed, run->broken, live_win0, run->live_min_win, live_end, run->live_peak);
	printf("  moves      %ld acknowledged in the window, %.1f moves/s; %ld in all, %ld games ended\n",
	       run->moves_win, (double)run->moves_win / secs, run->moves, run->games_ended);
	printf("  delivery   move's 200 -> event at each watcher: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms "
	       "(%zu events, %.0f/s; %.0f%% came before the 200)\n",
	       p50, p90, p99, pmax, nd, (double)nd / secs, nd ? 100.0 * (double)run->early / (double)nd : 0);
	printf("  errors     %ld: streams failed %ld, broken %ld, players' requests %ld, out of order %ld (HTTP "
	       "errors among them %ld); lost events %ld; drain %.1f s\n",
	       errors, run->open_failed, run->broken, run->req_err, run->order, http, lost, drain_s);
	if (o->c.server_pid) {
		printf("  server     VmRSS %.1f MiB idle, %.1f MiB at the most, %.1f MiB at the stop, %.1f MiB at the "
		       "end; "
		       "VmHWM %.1f MiB; threads %ld idle, %ld at the most, %ld at the end\n",
		       mib(idle.rss_kb), mib(run->peak.rss_kb), mib(at_stop.rss_kb), mib(end.rss_kb), mib(end.hwm_kb),
		       idle.threads, run->peak.threads, end.threads);
		printf("  cpu        server %.1f s (%.2f cores), stream_load %.1f s (%.2f cores) in the window; %ld "
		       "cores\n",
		       srv_cpu, srv_cpu / secs, cli_cpu, cli_cpu / secs, sysconf(_SC_NPROCESSORS_ONLN));
	}
	printf("  client     stream_load VmHWM %.1f MiB\n", mib(read_proc((int)getpid()).hwm_kb));
	bool ok = errors == 0 && lost == 0 && run->moves > 0;
	printf("stream_load: label=%s streams=%d held=%ld held_min=%ld held_end=%ld opened=%ld open_failed=%ld "
	       "broken=%ld "
	       "moves_per_s=%.1f p50_ms=%.1f p90_ms=%.1f p99_ms=%.1f max_ms=%.1f events=%zu lost=%ld errors=%ld "
	       "rss_max_mib=%.1f hwm_mib=%.1f threads_max=%ld server_cores=%.2f client_cores=%.2f result=%s\n",
	       label, o->streams, live_win0, run->live_min_win, live_end, run->opened, run->open_failed, run->broken,
	       (double)run->moves_win / secs, p50, p90, p99, pmax, nd, lost, errors, mib(run->peak.rss_kb),
	       mib(end.hwm_kb), run->peak.threads, srv_cpu / secs, cli_cpu / secs, ok ? "ok" : "fail");
	return ok ? 0 : 1;
}
