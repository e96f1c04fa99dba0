/*
 * server/sse.c: topics, streams and GET /api/games/{id}/events.
 *
 * Invariants: the hub's table holds a topic exactly while some stream
 * uses it (`refs` > 0); a topic's `events[i]` is the event of ply i + 1,
 * and `nev` only grows (the moves of a game never change); `end` is set
 * once the game has ended.  The hub's mutex guards the table, every
 * topic's fields and every stream's `suspended`.
 *
 * No thread waits for a stream: its reader, on an I/O thread of the
 * daemon, returns what is pending, or else marks the stream suspended and
 * suspends its connection, under the hub's mutex; a change of its topic
 * (wake) resumes the suspended streams of the topic under the same mutex,
 * so a wake-up between "nothing to send" and the suspension is never
 * lost.  Lock order: the hub's mutex, then libmicrohttpd's.  The ticker
 * thread, every PEEK_MS, resumes the streams due a ping (PING_MS of
 * silence) and those whose client closed (seen with MSG_PEEK, a third of
 * the streams each round: a suspended connection's close goes unnoticed
 * by the daemon), which then end.
 *
 * Chat: a topic keeps the last CHAT_RING chat events (messages and the
 * spectators' room opening or closing) with `nchat` counting all it ever
 * had; each stream sends those it has not sent, and of the messages only
 * those of a room its user may read (chat_may_read, with the players and
 * the end as the topic last read them), so a spectator's stream never
 * carries the players' room.  `chat_mu` keeps the chat's refreshes of a
 * topic in order, so they append what the store holds in its order.
 * `refresh_mu` does the same for the moves: a refresh reads the game and
 * applies it before the next one reads, so an older read of the game (a
 * refresh after a local commit and one after the other instances' notice
 * run at once) is never applied over a newer one, which would take the
 * newer moves for moves taken back and send them again.
 */
#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "addr.h"
#include "api.h"
#include "chat.h"
#include "gamejson.h"
#include "games.h"
#include "gyoku/gyoku.h"
#include "http.h"
#include "server.h"
#include "sse.h"

/* SSE_BLOCK: the reader's block size (an event is sent in pieces of at most this). */
enum { BUCKETS = 256, PING_MS = 15000, PEEK_MS = 1000, PEEK_ROUNDS = 3, CHAT_RING = 256, SSE_BLOCK = 1024 };

/* One chat event: a message of a room, or (message false) the spectators' room opened or closed. */
struct chat_ev {
	enum store_chat_room room;
	bool message;
	char *text;
};

/* A watched game. */
struct topic {
	char id[STORE_ID_MAX];
	int refs;                   /* streams and publishers using it */
	pthread_mutex_t refresh_mu; /* one refresh at a time (see refresh) */
	int pins;                   /* of which publishers (hub_publish): not watchers */
	char **events;              /* events[i]: the SSE text of ply i + 1 */
	int nev, cap;
	char *end;              /* the end event, once the game ended */
	char *status;           /* the latest status event */
	unsigned status_seq;    /* bumped with each new status event */
	struct stream *streams; /* the open streams, linked by `next` */
	struct topic *next;
	/* The chat: see the top of this file. */
	pthread_mutex_t chat_mu;
	struct chat_ev chat[CHAT_RING]; /* event k is chat[k % CHAT_RING] */
	uint64_t nchat;
	int64_t chat_last;        /* the id of the newest message in the ring */
	bool chat_read, spect_on; /* read once; the spectators' room open */
	int64_t black, white;     /* the game's players as last read */
	bool over;                /* the game ended or was canceled, as last read */
};

struct hub {
	struct srv *srv;
	pthread_mutex_t mu;
	bool stopping;
	struct topic *buckets[BUCKETS];
	pthread_t ticker;
	pthread_cond_t tick; /* wakes the ticker to stop */
	bool ticking;
};

/* One open stream. */
struct stream {
	struct hub *hub;
	struct topic *t;
	struct MHD_Connection *conn;
	struct http *http;        /* its count of streams (http_stream_release) */
	char addr[ADDR_TEXT_MAX]; /* its client's address, for the same */
	bool suspended;           /* its connection is suspended, waiting for news */
	bool gone;                /* its client closed: it ends */
	int64_t last_ms;          /* when it last sent something (for the pings) */
	int fd;                   /* the client's socket, to notice it closing while suspended */
	int sent;                 /* plies sent */
	bool end_sent;
	unsigned status_seen;
	char *pending; /* text being sent, and how much of it went */
	size_t plen, poff;
	int64_t user;        /* who opened it (0: a visitor), to tell players from spectators */
	uint64_t chat_next;  /* the chat event it sends next */
	struct stream *next; /* in its topic's list */
};

/* True when the client has closed its end of socket `fd` (it sends nothing on a stream). */
static bool client_gone(int fd)
{
	char c;
	return fd >= 0 && recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

/*
 * The ticker: every PEEK_MS, resumes the suspended streams due a ping and
 * those whose client left (each stream looked at every PEEK_ROUNDS rounds) (their fd is valid: a suspended connection is
 * not closed).  Ends at hub_shutdown.
 */
static void *ticker_main(void *arg)
{
	struct hub *h = arg;
	unsigned round = 0;
	pthread_mutex_lock(&h->mu);
	while (!h->stopping) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += PEEK_MS / 1000;
		round++;
		pthread_cond_timedwait(&h->tick, &h->mu, &ts);
		int64_t now = srv_now_ms();
		for (int b = 0; b < BUCKETS && !h->stopping; b++)
			for (struct topic *t = h->buckets[b]; t; t = t->next)
				for (struct stream *st = t->streams; st; st = st->next) {
					if (!st->suspended)
						continue;
					/* A third of the streams are peeked at each round (by their socket), so the scan
					 * holds the hub's mutex, which every publisher takes, a third as long. */
					bool gone = (unsigned)st->fd % PEEK_ROUNDS == round % PEEK_ROUNDS &&
						    client_gone(st->fd);
					if (!gone && now - st->last_ms < PING_MS)
						continue;
					st->gone = gone;
					st->suspended = false;
					MHD_resume_connection(st->conn);
				}
	}
	pthread_mutex_unlock(&h->mu);
	return NULL;
}

struct hub *hub_create(struct srv *s)
{
	struct hub *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	h->srv = s;
	pthread_mutex_init(&h->mu, NULL);
	pthread_cond_init(&h->tick, NULL);
	if (pthread_create(&h->ticker, NULL, ticker_main, h)) {
		pthread_cond_destroy(&h->tick);
		pthread_mutex_destroy(&h->mu);
		free(h);
		return NULL;
	}
	h->ticking = true;
	return h;
}

static unsigned bucket_of(const char *id)
{
	unsigned x = 2166136261u;
	for (; *id; id++)
		x = (x ^ (unsigned char)*id) * 16777619u;
	return x % BUCKETS;
}

/* The topic of `id`, or NULL; the hub's mutex is held. */
static struct topic *find(struct hub *h, const char *id)
{
	for (struct topic *t = h->buckets[bucket_of(id)]; t; t = t->next)
		if (!strcmp(t->id, id))
			return t;
	return NULL;
}

static void topic_free(struct topic *t)
{
	for (int i = 0; i < t->nev; i++)
		free(t->events[i]);
	free(t->events);
	free(t->end);
	free(t->status);
	for (int i = 0; i < CHAT_RING; i++)
		free(t->chat[i].text);
	pthread_mutex_destroy(&t->chat_mu);
	pthread_mutex_destroy(&t->refresh_mu);
	free(t);
}

void hub_destroy(struct hub *h)
{
	if (!h)
		return;
	if (h->ticking)
		hub_shutdown(h);
	for (int b = 0; b < BUCKETS; b++)
		while (h->buckets[b]) {
			struct topic *t = h->buckets[b];
			h->buckets[b] = t->next;
			topic_free(t);
		}
	pthread_cond_destroy(&h->tick);
	pthread_mutex_destroy(&h->mu);
	free(h);
}

/* An SSE event with optional id, as a malloc'ed string (NULL when out of memory); `data` is taken. */
static char *event_text(int id, const char *name, json_t *data)
{
	char *d = data ? json_dumps(data, JSON_COMPACT) : NULL;
	json_decref(data);
	if (!d)
		return NULL;
	size_t size = strlen(d) + 64;
	char *text = malloc(size);
	if (text) {
		if (id >= 0)
			snprintf(text, size, "id: %d\nevent: %s\ndata: %s\n\n", id, name, d);
		else
			snprintf(text, size, "event: %s\ndata: %s\n\n", name, d);
	}
	free(d);
	return text;
}

/* Appends a chat event (`text` taken) to `t`; the hub's mutex is held. */
static void chat_push(struct topic *t, enum store_chat_room room, bool message, char *text)
{
	struct chat_ev *ev = &t->chat[t->nchat++ % CHAT_RING];
	free(ev->text);
	*ev = (struct chat_ev){room, message, text};
}

/* The chat event of message `m` (NULL: the room's opening or closing) with the room's state `on`. */
static char *chat_event(enum store_chat_room room, const struct store_chat *m, bool on)
{
	return event_text(-1, "chat",
			  json_pack("{s:s,s:o,s:b}", "room", store_chat_room_name(room), "message",
				    m ? chat_message_json(m) : json_null(), "spectators_on", on));
}

/* Resumes the suspended streams of `t`, which then send what they have not sent; the hub's mutex is held. */
static void wake(struct topic *t)
{
	for (struct stream *st = t->streams; st; st = st->next)
		if (st->suspended) {
			st->suspended = false;
			MHD_resume_connection(st->conn);
		}
}

/*
 * Brings the chat of topic `t` (pinned) up to date with the store: the
 * messages since the newest it has, and the spectators' room opening or
 * closing.  The first time it only notes where the chat stands (a page
 * reads the history with GET .../chat).
 */
static void refresh_chat(struct hub *h, struct topic *t)
{
	pthread_mutex_lock(&t->chat_mu);
	pthread_mutex_lock(&h->mu);
	int64_t after = t->chat_last;
	bool first = !t->chat_read;
	pthread_mutex_unlock(&h->mu);
	struct store_chat *list = NULL;
	int n = 0;
	bool on = true;
	if (store_chat_list(h->srv->store, t->id, STORE_CHAT_ROOMS, after, &list, &n) ||
	    store_chat_spectators(h->srv->store, t->id, -1, &on)) {
		free(list);
		pthread_mutex_unlock(&t->chat_mu);
		return;
	}
	char **texts = calloc((size_t)n + 1, sizeof *texts);
	for (int i = 0; i < n && texts && !first; i++)
		texts[i] = chat_event(list[i].room, &list[i], on);
	char *toggle = !first && on != t->spect_on ? chat_event(STORE_CHAT_SPECTATORS, NULL, on) : NULL;
	pthread_mutex_lock(&h->mu);
	for (int i = 0; i < n && texts; i++) {
		if (texts[i])
			chat_push(t, list[i].room, true, texts[i]);
		t->chat_last = list[i].id;
	}
	if (toggle)
		chat_push(t, STORE_CHAT_SPECTATORS, false, toggle);
	t->spect_on = on;
	t->chat_read = texts != NULL;
	wake(t);
	pthread_mutex_unlock(&h->mu);
	free(texts);
	free(list);
	pthread_mutex_unlock(&t->chat_mu);
}

/*
 * Brings topic `t` (pinned by a reference; the hub's mutex not held) up
 * to date with the game as stored: the events of new plies (the newest
 * with the clocks), the end, or a status event when nothing else
 * changed.  The game is read from the store without the hub's mutex,
 * one refresh of a topic at a time (`refresh_mu`): a read is then never
 * older than one applied before it, and a game with fewer plies than the
 * topic was really taken back.  (Two at once, a refresh that read the
 * game before a move's commit and applied it after that move's own
 * refresh would take the move back, and its streams would send it again.)
 */
static void refresh(struct hub *h, struct topic *t)
{
	pthread_mutex_lock(&t->refresh_mu);
	pthread_mutex_lock(&h->mu);
	int have = t->nev;
	pthread_mutex_unlock(&h->mu);
	struct game g;
	struct why why;
	if (game_load(h->srv, t->id, &g, &why)) {
		pthread_mutex_unlock(&t->refresh_mu);
		return;
	}
	int64_t now = srv_now_ms();
	int n = g.row.ply > have ? g.row.ply - have : 0;
	char **fresh = calloc((size_t)n + 1, sizeof *fresh);
	char *end = NULL, *status = NULL;
	if (!fresh)
		goto done;
	struct gy_pos p = *gy_session_start(g.session);
	const gy_move *gm = gy_session_moves(g.session);
	gy_sq prev = GY_SQ_NONE;
	for (int i = 0; i < g.row.ply; i++) {
		struct gy_undo u;
		char japanese[GY_NOTATION_MAX], sfen[GY_SFEN_MAX];
		if (i >= have)
			gy_notation_write(&p, gm[i], prev, GY_NOTATION_JAPANESE, true, japanese, sizeof japanese);
		gy_pos_do(&p, gm[i], &u);
		prev = gy_move_to(gm[i]);
		if (i < have)
			continue;
		gy_sfen_write(&p, sfen, sizeof sfen);
		json_t *d = json_pack("{s:i,s:s,s:s,s:s,s:I}", "ply", i + 1, "move", g.moves[i].usi, "japanese",
				      japanese, "sfen", sfen, "spent_ms", (json_int_t)g.moves[i].spent_ms);
		if (i == g.row.ply - 1) {
			json_object_set_new(d, "status", json_string(store_status_name(g.row.status)));
			json_object_set_new(d, "clocks", gamejson_clocks(&g, now));
		}
		fresh[i - have] = event_text(i + 1, "move", d);
	}
	if (g.row.status == STORE_ENDED)
		end = event_text(g.row.ply, "end", gamejson_end(&g));
	else if (n == 0)
		status = event_text(
			-1, "status",
			json_pack("{s:s,s:i,s:o,s:o}", "status", store_status_name(g.row.status), "ply", g.row.ply,
				  "clocks", gamejson_clocks(&g, now), "takeback",
				  g.row.takeback ? json_string(g.row.takeback == 1 ? "black" : "white") : json_null()));
	pthread_mutex_lock(&h->mu);
	t->black = g.row.black_user;
	t->white = g.row.white_user;
	t->over = g.row.status == STORE_ENDED || g.row.status == STORE_CANCELED;
	if (g.row.ply > t->cap) {
		char **ev = realloc(t->events, sizeof *ev * (size_t)(g.row.ply + 64));
		if (ev) {
			t->events = ev;
			t->cap = g.row.ply + 64;
		}
	}
	/* Moves taken back (a takeback) leave: their events go, and a later move at their ply is news. */
	while (t->nev > g.row.ply && n == 0)
		free(t->events[--t->nev]);
	for (int k = 0; k < n && fresh[k] && have + k == t->nev && t->nev < t->cap; k++) {
		t->events[t->nev++] = fresh[k];
		fresh[k] = NULL;
	}
	if (end && !t->end) {
		t->end = end;
		end = NULL;
	}
	if (status) {
		free(t->status);
		t->status = status;
		status = NULL;
		t->status_seq++;
	}
	wake(t);
	pthread_mutex_unlock(&h->mu);
	for (int k = 0; k < n; k++)
		free(fresh[k]);
done:
	free(fresh);
	free(end);
	free(status);
	game_release(&g);
	pthread_mutex_unlock(&t->refresh_mu);
	refresh_chat(h, t);
}

/* Drops a reference; the last one removes the topic. */
static void unsubscribe(struct hub *h, struct topic *t)
{
	pthread_mutex_lock(&h->mu);
	if (--t->refs == 0) {
		struct topic **pp = &h->buckets[bucket_of(t->id)];
		while (*pp != t)
			pp = &(*pp)->next;
		*pp = t->next;
		topic_free(t);
	}
	pthread_mutex_unlock(&h->mu);
}

/* Refreshes the topic of `id`, if watched: its game and chat (`chat_only`: its chat). */
static void publish(struct hub *h, const char *id, bool chat_only)
{
	pthread_mutex_lock(&h->mu);
	struct topic *t = find(h, id);
	if (t) {
		t->refs++;
		t->pins++;
	}
	pthread_mutex_unlock(&h->mu);
	if (!t)
		return;
	if (chat_only)
		refresh_chat(h, t);
	else
		refresh(h, t);
	pthread_mutex_lock(&h->mu);
	t->pins--;
	pthread_mutex_unlock(&h->mu);
	unsubscribe(h, t);
}

void hub_publish(struct hub *h, const char *id) { publish(h, id, false); }

void hub_chat(struct hub *h, const char *id) { publish(h, id, true); }

void hub_game_changed(void *hub, const struct game *g, bool remote)
{
	(void)remote;
	hub_publish(hub, g->row.id);
}

int hub_watchers(struct hub *h, const char *id, int64_t black, int64_t white)
{
	pthread_mutex_lock(&h->mu);
	struct topic *t = find(h, id);
	int n = 0;
	for (struct stream *st = t ? t->streams : NULL; st; st = st->next)
		n += !st->user || (st->user != black && st->user != white);
	pthread_mutex_unlock(&h->mu);
	return n;
}

void hub_shutdown(struct hub *h)
{
	pthread_mutex_lock(&h->mu);
	h->stopping = true;
	for (int b = 0; b < BUCKETS; b++)
		for (struct topic *t = h->buckets[b]; t; t = t->next)
			wake(t);
	pthread_cond_broadcast(&h->tick);
	pthread_mutex_unlock(&h->mu);
	if (h->ticking)
		pthread_join(h->ticker, NULL);
	h->ticking = false;
}

/* Takes a reference to the topic of `id`, creating and filling it when new; NULL when out of memory. */
static struct topic *subscribe(struct hub *h, const char *id)
{
	pthread_mutex_lock(&h->mu);
	struct topic *t = find(h, id);
	bool created = false;
	if (!t && (t = calloc(1, sizeof *t))) {
		snprintf(t->id, sizeof t->id, "%s", id);
		pthread_mutex_init(&t->chat_mu, NULL);
		pthread_mutex_init(&t->refresh_mu, NULL);
		t->spect_on = true;
		unsigned b = bucket_of(id);
		t->next = h->buckets[b];
		h->buckets[b] = t;
		created = true;
	}
	if (t)
		t->refs++;
	pthread_mutex_unlock(&h->mu);
	if (created)
		refresh(h, t);
	return t;
}

/*
 * The next text for stream `st` into st->pending: an event it has not
 * sent, or a ping after PING_MS of silence.  1 when there is one; 0 when
 * there is none (the stream is then suspended: a wake resumes it); -1 at
 * shut-down or when the client left (the stream ends).
 */
static int next_text(struct stream *st)
{
	struct hub *h = st->hub;
	struct topic *t = st->t;
	const char *text = NULL;
	int ret = 1;
	pthread_mutex_lock(&h->mu);
	while (!text) {
		if (h->stopping || st->gone) {
			ret = -1;
			break;
		}
		if (st->sent > t->nev) /* moves taken back: the next move comes at their ply */
			st->sent = t->nev;
		if (st->sent < t->nev) {
			text = t->events[st->sent++];
		} else if (t->end && !st->end_sent) {
			text = t->end;
			st->end_sent = true;
		} else if (t->status && st->status_seen != t->status_seq) {
			text = t->status;
			st->status_seen = t->status_seq;
		} else if (st->chat_next < t->nchat) {
			if (t->nchat - st->chat_next > CHAT_RING) /* fell behind: the oldest are gone */
				st->chat_next = t->nchat - CHAT_RING;
			const struct chat_ev *ev = &t->chat[st->chat_next++ % CHAT_RING];
			if (!ev->message || chat_may_read(t->black, t->white, t->over, st->user, ev->room))
				text = ev->text;
		} else if (srv_now_ms() - st->last_ms >= PING_MS) {
			text = ": ping\n\n";
		} else {
			st->suspended = true;
			MHD_suspend_connection(st->conn);
			ret = 0;
			break;
		}
	}
	free(st->pending);
	st->pending = text ? strdup(text) : NULL;
	st->plen = st->pending ? strlen(st->pending) : 0;
	st->poff = 0;
	if (text)
		st->last_ms = srv_now_ms();
	pthread_mutex_unlock(&h->mu);
	return text && !st->pending ? -1 : ret;
}

/* libmicrohttpd's content reader, on an I/O thread: the stream's bytes as they come, 0 when none yet. */
static ssize_t reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	(void)pos;
	struct stream *st = cls;
	if (st->poff >= st->plen) {
		int k = next_text(st);
		if (k < 0)
			return MHD_CONTENT_READER_END_OF_STREAM;
		if (k == 0)
			return 0;
	}
	size_t n = st->plen - st->poff < max ? st->plen - st->poff : max;
	memcpy(buf, st->pending + st->poff, n);
	st->poff += n;
	return (ssize_t)n;
}

static void stream_free(void *cls)
{
	struct stream *st = cls;
	pthread_mutex_lock(&st->hub->mu);
	for (struct stream **p = &st->t->streams; *p; p = &(*p)->next)
		if (*p == st) {
			*p = st->next;
			break;
		}
	pthread_mutex_unlock(&st->hub->mu);
	unsubscribe(st->hub, st->t);
	http_stream_release(st->http, st->addr);
	free(st->pending);
	free(st);
}

/* The ply the client has seen: Last-Event-ID, else ?from=, else 0. */
static int resume_ply(struct http_req *r)
{
	const char *v = http_header(r, "Last-Event-ID");
	if (!v)
		v = http_query(r, "from");
	if (!v)
		return 0;
	char *end;
	long n = strtol(v, &end, 10);
	return end != v && *end == '\0' && n > 0 && n <= GAMES_MAX_PLIES ? (int)n : 0;
}

int api_game_events(struct http_req *r, const char *id)
{
	struct srv *s = r->srv;
	struct store_game row;
	enum store_err e = store_game_get(s->store, id, &row, NULL, NULL);
	if (e == STORE_NOT_FOUND)
		return http_error(r, 404, "no such game");
	if (e)
		return http_error(r, 503, "the database failed: try again");
	struct stream *st = calloc(1, sizeof *st);
	if (!st)
		return http_error(r, 503, "out of memory");
	if (!http_stream_admit(r, st->addr, sizeof st->addr)) {
		free(st);
		return MHD_YES;
	}
	st->http = r->http;
	if (!(st->t = subscribe(s->hub, id))) {
		http_stream_release(st->http, st->addr);
		free(st);
		return http_error(r, 503, "out of memory");
	}
	st->hub = s->hub;
	st->conn = r->conn;
	st->last_ms = srv_now_ms();
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
	st->fd = ci ? ci->connect_fd : -1;
	st->sent = resume_ply(r);
	/* A client that saw more moves than the topic holds may be ahead of it (the topic is refreshed after
	 * the move's answer, or from another instance's notification): read the game before believing
	 * it was taken back, or the moves it saw would be sent again (server-load-2.2, server-95.10). */
	pthread_mutex_lock(&s->hub->mu);
	bool ahead = st->sent > st->t->nev;
	pthread_mutex_unlock(&s->hub->mu);
	if (ahead)
		refresh(s->hub, st->t);
	pthread_mutex_lock(&s->hub->mu);
	if (st->sent > st->t->nev) /* moves taken back: it resumes where the game stands */
		st->sent = st->t->nev;
	st->status_seen = st->t->status_seq; /* the status so far is in the game the client loaded */
	st->user = http_user(r) ? r->user.id : 0;
	st->chat_next = st->t->nchat; /* the chat so far is read with GET .../chat */
	st->next = st->t->streams;
	st->t->streams = st;
	pthread_mutex_unlock(&s->hub->mu);
	st->pending = strdup("retry: 2000\n\n");
	st->plen = st->pending ? strlen(st->pending) : 0;
	struct MHD_Response *resp =
		MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, SSE_BLOCK, reader, st, stream_free);
	if (!resp) {
		stream_free(st);
		return http_error(r, 503, "out of memory");
	}
	MHD_add_response_header(resp, "Content-Type", "text/event-stream; charset=utf-8");
	MHD_add_response_header(resp, "Cache-Control", "no-cache");
	MHD_add_response_header(resp, "X-Accel-Buffering", "no");
	return http_queue(r, 200, resp);
}
