/*
 * app/play_line.h: reading one input line of `gyoku play`, bounded.
 *
 * From a script (standard input not a terminal) a line is read up to
 * its newline; a line longer than PLAY_LINE_MAX is one bad line (its rest
 * is skipped), never several commands.  On a terminal the reader edits
 * the line itself (the terminal's echo and line discipline off while it
 * reads: printable text, Backspace, Ctrl-U, Enter, Ctrl-D at an empty
 * line, Ctrl-C), so that it can redraw the prompt every quarter second:
 * the prompt carries the running clocks, which tick while the player
 * thinks, and the game can end on time while nothing is typed.
 */
#ifndef APP_PLAY_LINE_H
#define APP_PLAY_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line, in bytes. */
enum { PLAY_LINE_MAX = 1024 };

/* What a read gave. */
enum play_read {
	PLAY_READ_LINE,      /* a line, in the buffer without its newline */
	PLAY_READ_EOF,       /* the end of input (Ctrl-D on a terminal) */
	PLAY_READ_TOO_LONG,  /* a line over PLAY_LINE_MAX bytes, skipped whole */
	PLAY_READ_INTERRUPT, /* Ctrl-C, SIGINT, SIGHUP or SIGTERM */
	PLAY_READ_STOPPED    /* the tick callback asked to stop waiting (the game ended on time) */
};

/*
 * Called on a terminal before the prompt is drawn and then about every
 * quarter second while the reader waits: writes the prompt into
 * `prompt` (`size` bytes) and returns false to stop waiting.
 */
typedef bool play_tick_fn(void *ctx, char *prompt, size_t size);

/* The reader's state. */
struct play_reader {
	bool edit;                /* a terminal on both ends: the reader edits lines itself */
	unsigned char ahead[256]; /* bytes typed after the last line's end, for the next line */
	size_t nahead;
};

/*
 * Sets up the reader for standard input and output, and the handlers of
 * SIGINT, SIGHUP and SIGTERM that play_interrupted reports (the terminal
 * is restored whenever the reader returns).
 */
void play_reader_init(struct play_reader *r);

/*
 * Reads one line into `buf` (PLAY_LINE_MAX + 1 bytes), NUL-terminated.
 * On a terminal `tick` (with `ctx`) draws the prompt and may stop the
 * wait; without a terminal the caller prints its prompt first and `tick`
 * is not called.
 */
enum play_read play_read_line(struct play_reader *r, char *buf, play_tick_fn *tick, void *ctx);

/* True once SIGINT, SIGHUP or SIGTERM has arrived (or Ctrl-C was read). */
bool play_interrupted(void);

#endif
