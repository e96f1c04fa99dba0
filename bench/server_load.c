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
#include "load_http.h"

enum {
	STALL_MS = 5000, /* a game without an event this long is stalled (an error) */
	DRAIN_MS = 5000, /* after the players stop, how long spectators may take to catch up */
	NAME_LEN = 24,
	ID_MAX = 32,
	STATUS_NB = 600
};

struct opts {
	struct load_common c; /* --host, --port, --seconds, ... (load_http.h) */
	int games, spectators;
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

struct run {
	struct opts o;
	struct target to;
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
	request(&p->c, &p->run->to, "POST", path, p->cookie, "{}", &a);
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
	request(&p->c, &p->run->to, "POST", path, p->cookie, body, &a);
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
	int status = ev ? stream_open(&st, &run->to, path, p->cookie) : 0;
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
			if (ply >= run->o.c.max_plies) {
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
	request(&p->c, &p->run->to, "POST", "/api/games", p->cookie, body, &a);
	json_t *j = a.status == 201 ? json_loads(a.body, 0, NULL) : NULL;
	const char *id = json_string_value(json_object_get(j, "id"));
	struct game *g = id ? game_new(id, p->run->o.c.max_plies) : NULL;
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
	while (run->signing >= run->o.c.signups)
		pthread_cond_wait(&run->cv, &run->mu);
	run->signing++;
	pthread_mutex_unlock(&run->mu);
	request(&p->c, &run->to, "POST", "/api/signup", NULL, body, &a);
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
			request(&p->c, &run->to, "POST", path, p->cookie, NULL, &a);
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
	int status = ev ? stream_open(&st, &run->to, path, NULL) : 0;
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
	*o = (struct opts){.games = 50, .spectators = 200};
	o->c.seconds = 20;
	const struct load_int_opt ints[] = {
		{"--games", 1, 5000, &o->games},
		{"--spectators", 0, 20000, &o->spectators},
	};
	return load_parse_opts(argc, argv, &o->c, ints, sizeof ints / sizeof ints[0], "ld");
}

/* GET /api/health: the store's kind into `kind`; false when the server does not answer. */
static bool health(struct run *run, char *kind, size_t size)
{
	struct conn c = {.fd = -1};
	struct answer a = {0};
	request(&c, &run->to, "GET", "/api/health", NULL, NULL, &a);
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
	load_prog = "server_load";
	run->to.host = o->c.host;
	run->to.port = o->c.port;
	run->to.addr.sin_family = AF_INET;
	run->to.addr.sin_port = htons((uint16_t)o->c.port);
	if (inet_pton(AF_INET, o->c.host, &run->to.addr.sin_addr) != 1) {
		fprintf(stderr, "server_load: --host %s is not an IPv4 address\n", o->c.host);
		return 2;
	}
	pthread_mutex_init(&run->mu, NULL);
	pthread_cond_init(&run->cv, NULL);
	char kind[32];
	if (!health(run, kind, sizeof kind)) {
		fprintf(stderr, "server_load: no answer from http://%s:%d/api/health\n", o->c.host, o->c.port);
		return 1;
	}
	struct proc idle = read_proc(o->c.server_pid);

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
			snprintf(run->slots[s].name[c], NAME_LEN, "%s%c%d", o->c.prefix, c ? 'w' : 'b', s);
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
			p->rng = ((uint64_t)o->c.seed << 20) + (uint64_t)i * 0x9E3779B97F4A7C15ull + 1;
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
	struct proc before = read_proc(o->c.server_pid);
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
		int64_t until = t0 + (int64_t)(o->c.seconds * 1e9);
		for (int64_t t = now_ns(); t < until; t = now_ns()) {
			struct timespec ts = {(until - t) / 1000000000, (until - t) % 1000000000};
			nanosleep(&ts, NULL);
		}
	}
	int64_t t1 = now_ns();
	atomic_store(&run->stop_ns, t1);
	atomic_store(&run->stop, true);
	struct proc at_stop = read_proc(o->c.server_pid);
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
	struct proc after = read_proc(o->c.server_pid);

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
	       o->c.label ? o->c.label : kind, o->games, np, o->spectators, secs, o->c.max_plies, setup_s);
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
	if (o->c.server_pid) {
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
