/*
 * app/play_input.h: what a player types in `gyoku play`: a command
 * (help, resign, undo, ...) or a move in any notation gyoku reads,
 * optionally after a fake-clock stamp "@SECONDS".
 */
#ifndef APP_PLAY_INPUT_H
#define APP_PLAY_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "gyoku/err.h"
#include "gyoku/position.h"
#include "gyoku/types.h"

/* The commands; PLAY_CMD_MOVE is any other text (a move to read). */
enum play_cmd {
	PLAY_CMD_NONE, /* an empty line, or a bare time stamp */
	PLAY_CMD_MOVE,
	PLAY_CMD_HELP,
	PLAY_CMD_RESIGN,
	PLAY_CMD_UNDO,
	PLAY_CMD_HINT,
	PLAY_CMD_FLIP,
	PLAY_CMD_SAVE,
	PLAY_CMD_LOAD,
	PLAY_CMD_DECLARE,
	PLAY_CMD_MOVES,
	PLAY_CMD_NOTATION,
	PLAY_CMD_PIECES,
	PLAY_CMD_BOARD,
	PLAY_CMD_QUIT,
	PLAY_CMD_NB
};

/* One input line, split. */
struct play_line {
	enum play_cmd cmd;
	const char *arg;  /* the command's argument ("" when none), or the move text */
	int64_t stamp_ms; /* "@SECONDS" before the text, in ms; -1 when absent */
};

/*
 * Splits the NUL-terminated `line` (modified: its end of line and
 * surrounding spaces are cut) into `out`, whose strings point into it.
 * Command words are matched case-insensitively; "?" is help, "q"/"exit"
 * quit, "show" board.
 */
void play_input_parse(char *line, struct play_line *out);

/* What reading a move found. */
enum play_move_status {
	PLAY_MOVE_OK,         /* `*m` is the legal move */
	PLAY_MOVE_PROMOTION,  /* promotion is optional and unsaid: `*m` promotes, `*alt` does not */
	PLAY_MOVE_UNREADABLE, /* the text is no move, fits several or names no piece: not a rule broken */
	PLAY_MOVE_ILLEGAL     /* the text names a move the rules forbid */
};

/*
 * Reads the move `text` in `p` (`prev_to`: the previous move's
 * destination for 同, or GY_SQ_NONE) and on failure writes into `msg`
 * what was wrong, naming the rule ("illegal: a pawn cannot be dropped on
 * a file holding an unpromoted pawn (nifu)"), and into `*rule` the error
 * (for PLAY_MOVE_ILLEGAL the rule broken, for gy_session_foul).
 */
enum play_move_status play_input_move(const struct gy_pos *p, gy_sq prev_to, const char *text, gy_move *m, gy_move *alt,
				      enum gy_err *rule, char *msg, size_t size);

/* Reads a yes/no answer: 1 yes ("y", "yes", "+", "成"), 0 no ("n", "no", "=", "不成"), -1 neither. */
int play_input_yes_no(const char *answer);

/* The help text. */
const char *play_input_help(void);

#endif
