/*
 * app/play_line.c: bounded line input for `gyoku play` (play_line.h),
 * with the prompt redrawn while a terminal player thinks.
 *
 * Invariants: the terminal is in the reader's mode (no echo, no line
 * discipline, no signals from keys) only inside play_read_line, and is
 * restored on every way out of it; `len` bytes of the line are kept, and
 * anything past PLAY_LINE_MAX only marks the line too long.
 */
#include "play_line.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "play_board.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

bool play_interrupted(void) { return interrupted != 0; }

void play_reader_init(struct play_reader *r)
{
	r->edit = isatty(0) && isatty(1);
	r->nahead = 0;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocked read or poll returns, and the game is saved. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* A line from a script: up to its newline, the rest of an over-long line skipped. */
static enum play_read read_plain(char *buf)
{
	size_t len = 0;
	bool too_long = false;
	for (;;) {
		int ch = getchar();
		if (ch == EOF) {
			if (interrupted)
				return PLAY_READ_INTERRUPT;
			if (!len && !too_long)
				return PLAY_READ_EOF;
			break;
		}
		if (ch == '\n')
			break;
		if (len < PLAY_LINE_MAX)
			buf[len++] = (char)ch;
		else
			too_long = true;
	}
	buf[len] = '\0';
	return too_long ? PLAY_READ_TOO_LONG : PLAY_READ_LINE;
}

/* The line being edited on a terminal. */
struct edit {
	char *buf;
	size_t len;
	bool too_long;
	int escape; /* inside an escape sequence: 1 after ESC, 2 after ESC [ */
	char prompt[256];
	bool dirty;
	int shown; /* the columns the line took when last drawn */
};

/*
 * Draws the prompt and the line over the last drawing, with carriage
 * returns and spaces only (no escape sequences, so any terminal, TERM=dumb
 * included, shows it).
 */
static void redraw(struct edit *e)
{
	char line[sizeof e->prompt + PLAY_LINE_MAX + 1];
	snprintf(line, sizeof line, "%s%.*s", e->prompt, (int)e->len, e->buf);
	int width = play_board_width(line);
	printf("\r%s", line);
	if (e->shown > width)
		printf("%*s\r%s", e->shown - width, "", line);
	e->shown = width;
	fflush(stdout);
}

/* Takes one byte typed; returns the read's end, or -1 to go on. */
static int key(struct edit *e, unsigned char ch)
{
	if (e->escape) {
		/* Arrow and function keys: ESC [ params final, or ESC and one byte. */
		if (e->escape == 1)
			e->escape = ch == '[' || ch == 'O' ? 2 : 0;
		else if (ch >= 0x40 && ch <= 0x7e)
			e->escape = 0;
		return -1;
	}
	e->dirty = true;
	switch (ch) {
	case '\r':
	case '\n': return e->too_long ? PLAY_READ_TOO_LONG : PLAY_READ_LINE;
	case 0x03: interrupted = 1; return PLAY_READ_INTERRUPT;
	case 0x04: return e->len ? -1 : PLAY_READ_EOF;
	case 0x1b: e->escape = 1; return -1;
	case 0x15:
		e->len = 0;
		e->too_long = false;
		return -1;
	case 0x7f:
	case 0x08:
		/* One character back: drop the UTF-8 continuation bytes with their lead. */
		while (e->len && ((unsigned char)e->buf[e->len - 1] & 0xc0) == 0x80)
			e->len--;
		if (e->len)
			e->len--;
		return -1;
	default: break;
	}
	if (ch < 0x20)
		return -1;
	if (e->len < PLAY_LINE_MAX)
		e->buf[e->len++] = (char)ch;
	else
		e->too_long = true;
	return -1;
}

/* A line from a terminal, edited here while the prompt ticks. */
static enum play_read read_edit(struct play_reader *r, char *buf, play_tick_fn *tick, void *ctx)
{
	struct termios old, raw;
	if (tcgetattr(0, &old))
		return read_plain(buf);
	raw = old;
	raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO | ISIG | IEXTEN);
	raw.c_iflag &= (tcflag_t) ~(IXON | ICRNL);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	tcsetattr(0, TCSANOW, &raw);
	struct edit e = {.buf = buf, .dirty = true};
	int end = -1;
	/* Step 1. What was typed ahead of this line. */
	size_t used = 0;
	while (used < r->nahead && end < 0)
		end = key(&e, r->ahead[used++]);
	memmove(r->ahead, r->ahead + used, r->nahead - used);
	r->nahead -= used;
	/* Step 2. Wait for keys, redrawing the prompt as the tick changes it. */
	while (end < 0) {
		char prompt[sizeof e.prompt];
		if (interrupted) {
			end = PLAY_READ_INTERRUPT;
			break;
		}
		if (!tick(ctx, prompt, sizeof prompt)) {
			end = PLAY_READ_STOPPED;
			break;
		}
		if (e.dirty || strcmp(prompt, e.prompt)) {
			memcpy(e.prompt, prompt, sizeof prompt);
			redraw(&e);
			e.dirty = false;
		}
		struct pollfd pfd = {.fd = 0, .events = POLLIN};
		int n = poll(&pfd, 1, 250);
		if (n < 0 && errno != EINTR) {
			end = PLAY_READ_EOF;
			break;
		}
		if (n <= 0)
			continue;
		unsigned char bytes[64];
		ssize_t got = read(0, bytes, sizeof bytes);
		if (got <= 0) {
			end = got < 0 && errno == EINTR ? -1 : PLAY_READ_EOF;
			continue;
		}
		ssize_t i = 0;
		while (i < got && end < 0)
			end = key(&e, bytes[i++]);
		/* Keep the bytes after the line's end for the next line. */
		for (; i < got && r->nahead < sizeof r->ahead; i++)
			r->ahead[r->nahead++] = bytes[i];
	}
	tcsetattr(0, TCSANOW, &old);
	buf[e.len] = '\0';
	if (end == PLAY_READ_LINE || end == PLAY_READ_TOO_LONG)
		redraw(&e); /* the line as it was entered stays on the screen */
	if (end == PLAY_READ_STOPPED) {
		/* The wait ended without a line: clear it, so the next message starts the line. */
		printf("\r%*s\r", e.shown, "");
	} else {
		fputs("\r\n", stdout);
	}
	fflush(stdout);
	return (enum play_read)end;
}

enum play_read play_read_line(struct play_reader *r, char *buf, play_tick_fn *tick, void *ctx)
{
	fflush(stdout);
	if (interrupted)
		return PLAY_READ_INTERRUPT;
	return r->edit && tick ? read_edit(r, buf, tick, ctx) : read_plain(buf);
}
