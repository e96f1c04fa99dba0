/*
 * bench/load_http.h: what the web server's load generators share
 * (bench/load_http.c; used by bench/server_load.c and bench/stream_load.c).
 */
#ifndef GYOKU_BENCH_LOAD_HTTP_H
#define GYOKU_BENCH_LOAD_HTTP_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum {
	IO_TIMEOUT_MS = 30000, /* a request without an answer this long is a broken connection */
	POLL_MS = 200,         /* how long stream_next waits for an event */
	COOKIE_MAX = 96,
	DATA_MAX = 8192 /* the longest event data kept */
};

/* The program's name in messages (set by main). */
extern const char *load_prog;

/* The server: its address, and the host and port of the Host header. */
struct target {
	struct sockaddr_in addr;
	const char *host;
	int port;
};

/* A growable array of durations in nanoseconds. */
struct samples {
	int64_t *v;
	size_t n, cap;
};

/* A keep-alive connection, the source address it binds to (0: any), what it has read but not yet used. */
struct conn {
	int fd;
	struct in_addr src;
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
	int id; /* -1: none */
	char name[16];
	char data[DATA_MAX];
	bool truncated;
};

/* A process as /proc tells it (all zero when it cannot be read). */
struct proc {
	long rss_kb, hwm_kb, threads;
	double cpu_s;
};

int64_t now_ns(void);

/* xorshift64: the next number of the generator whose state is *s (not 0). */
uint64_t rng_next(uint64_t *s);

/* The options both load generators take besides their own numbers. */
struct load_common {
	const char *host, *label;
	int port, server_pid, signups, max_plies;
	double seconds;
	unsigned seed;
	char prefix[12]; /* the run's user names start with it */
};

/* A numeric option of a generator's own: its name, bounds and field. */
struct load_int_opt {
	const char *name;
	long lo, hi;
	int *field;
};

/*
 * Reads "--name value" pairs: --host, --label, --seconds, --port,
 * --server-pid, --signups, --max-plies, --seed into `c` (defaults: host
 * 127.0.0.1, max-plies 200, signups 2, seed from the clock), the numbers
 * of `ints` into theirs; sets c->prefix to `tag` and 5 hex digits of the
 * run.  False on an unknown or bad option, no --port, or seconds <= 0.
 */
bool load_parse_opts(int argc, char **argv, struct load_common *c, const struct load_int_opt *ints, size_t nints,
		     const char *tag);
_Noreturn void out_of_memory(void);
void *xrealloc(void *p, size_t size);
void samples_add(struct samples *s, int64_t v);

void conn_close(struct conn *c);
bool bind_source(int fd, struct in_addr src);
bool conn_open(struct conn *c, const struct target *to);
int conn_read(struct conn *c);
int conn_fill(struct conn *c, int timeout_ms);
bool conn_need(struct conn *c, size_t want, int64_t deadline);
char *conn_line(struct conn *c, int64_t deadline);
bool send_all(int fd, const char *p, size_t n);
bool send_request(struct conn *c, const struct target *to, const char *method, const char *path, const char *cookie,
		  const char *body, const char *extra);
bool read_head(struct conn *c, struct answer *a, bool *chunked, long long *length, int64_t deadline);
void answer_append(struct answer *a, const char *p, size_t n);
bool request(struct conn *c, const struct target *to, const char *method, const char *path, const char *cookie,
	     const char *body, struct answer *a);

int stream_open(struct stream *st, const struct target *to, const char *path, const char *cookie);
void stream_close(struct stream *st);
bool stream_decode(struct stream *st);
bool parse_event(char *block, struct event *ev);
int stream_take(struct stream *st, struct event *ev);
int stream_next(struct stream *st, struct event *ev);

struct proc read_proc(int pid);
int cmp_i64(const void *a, const void *b);
double quantile_ms(const int64_t *v, size_t n, double q);
double self_cpu_s(void);

#endif
