/*
 * dev/usiproc.h: one USI engine as a child process: started with
 * /bin/sh -c CMD in its own process group, spoken to over pipes, lines
 * read against a deadline on the monotonic clock, stopped with `quit` and,
 * when it does not leave, SIGKILL.
 *
 * A struct usiproc is owned by one thread.  The caller ignores SIGPIPE
 * (a write to an engine that died then fails with USIPROC_EOF).
 */
#ifndef DEV_USIPROC_H
#define DEV_USIPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { USIPROC_LINE_MAX = 8192, USIPROC_NAME_MAX = 128 };

/* What a send or a read came to. */
enum usiproc_status {
	USIPROC_OK,
	USIPROC_TIMEOUT, /* the deadline passed first */
	USIPROC_EOF,     /* the engine closed its output or its input (it exited or crashed) */
};

/* One engine setting: `setoption name NAME value VALUE`. */
struct usiproc_option {
	const char *name;
	const char *value;
};

struct usiproc {
	pid_t pid;       /* 0 when not running */
	int to_engine;   /* write end of the engine's stdin */
	int from_engine; /* read end of the engine's stdout */
	size_t len;      /* bytes buffered in buf */
	char buf[USIPROC_LINE_MAX];
	char name[USIPROC_NAME_MAX]; /* from `id name`, else the command */
};

/* Milliseconds on the monotonic clock (any epoch). */
int64_t usiproc_now_ms(void);

/* Microseconds on the monotonic clock (the same epoch). */
int64_t usiproc_now_us(void);

/*
 * Starts `cmd` with /bin/sh -c in a new process group, its stdin and
 * stdout on pipes (stderr inherited).  Returns false (with errno) when
 * the pipes or the fork fail; a command that does not exist shows up as
 * EOF on the first read.
 */
bool usiproc_start(struct usiproc *p, const char *cmd);

/* Writes `line` and a newline to the engine. */
enum usiproc_status usiproc_send(struct usiproc *p, const char *line);

/*
 * Reads the next line (without its end of line, cut at `cap` - 1 bytes)
 * into `line`, waiting until the monotonic time `deadline_ms` at most.
 */
enum usiproc_status usiproc_read(struct usiproc *p, char *line, size_t cap, int64_t deadline_ms);

/*
 * Reads lines until one whose first word is `word` (then copied into
 * `line`), discarding the others; as usiproc_read otherwise.
 */
enum usiproc_status usiproc_wait_for(struct usiproc *p, const char *word, char *line, size_t cap, int64_t deadline_ms);

/*
 * The USI start: `usi` up to `usiok` (taking the engine's `id name`), the
 * options, then `isready` up to `readyok`, all within `timeout_ms`.  On
 * failure `why` (of `why_cap` bytes) says what went wrong.
 */
bool usiproc_handshake(struct usiproc *p, const struct usiproc_option *opts, int nopts, int64_t timeout_ms, char *why,
		       size_t why_cap);

/*
 * Ends the engine: `quit` and up to `grace_ms` for it to exit, then
 * SIGKILL to its process group; reaps it.  `status` (when not NULL, of
 * `status_cap` bytes) describes how it ended ("exit status 1", "killed
 * by signal 11").  Does nothing when no engine runs.
 */
void usiproc_stop(struct usiproc *p, int64_t grace_ms, char *status, size_t status_cap);

/* True when an engine process runs (started and not stopped). */
static inline bool usiproc_running(const struct usiproc *p) { return p->pid > 0; }

#endif
