/*
 * app/play_input.c: commands and forgiving move input for `gyoku play`.
 *
 * Moves are read by gy_notation_read (notation.h), which accepts USI,
 * CSA, KIF, Japanese, Hodges, Hosking and Kitao-Kawasaki text.  This file
 * adds what a game needs around it: telling a command from a move, the
 * promotion question when the text left it open, and messages that say
 * which rule an illegal move breaks.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gyoku/err.h"
#include "gyoku/notation.h"
#include "gyoku/usi.h"
#include "play_input.h"

static const struct {
	const char *word;
	enum play_cmd cmd;
} words[] = {
	{"help", PLAY_CMD_HELP},
	{"?", PLAY_CMD_HELP},
	{"resign", PLAY_CMD_RESIGN},
	{"undo", PLAY_CMD_UNDO},
	{"hint", PLAY_CMD_HINT},
	{"flip", PLAY_CMD_FLIP},
	{"save", PLAY_CMD_SAVE},
	{"load", PLAY_CMD_LOAD},
	{"declare", PLAY_CMD_DECLARE},
	{"moves", PLAY_CMD_MOVES},
	{"notation", PLAY_CMD_NOTATION},
	{"pieces", PLAY_CMD_PIECES},
	{"board", PLAY_CMD_BOARD},
	{"show", PLAY_CMD_BOARD},
	{"quit", PLAY_CMD_QUIT},
	{"exit", PLAY_CMD_QUIT},
	{"q", PLAY_CMD_QUIT},
};

/* Cuts spaces (and a line end) from both ends of `s`; returns the new start. */
static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

void play_input_parse(char *line, struct play_line *out)
{
	char *s = trim(line);
	out->cmd = PLAY_CMD_NONE;
	out->arg = "";
	out->stamp_ms = -1;
	if (*s == '@') {
		char *end;
		double sec = strtod(s + 1, &end);
		if (end != s + 1 && sec >= 0 && sec < 1e9) {
			out->stamp_ms = (int64_t)(sec * 1000 + 0.5);
			s = trim(end);
		}
	}
	if (!*s)
		return;
	size_t wlen = strcspn(s, " \t");
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (strlen(words[i].word) == wlen && !strncasecmp(s, words[i].word, wlen)) {
			out->cmd = words[i].cmd;
			out->arg = trim(s + wlen);
			return;
		}
	}
	out->cmd = PLAY_CMD_MOVE;
	out->arg = s;
}

/* True for the errors that name a rule the move breaks: their class (err.h) says so. */
static bool breaks_rule(enum gy_err err) { return gy_err_class(err) == GY_ERR_CLASS_ILLEGAL_MOVE; }

/*
 * True when the move text says whether it promotes: a promotion or
 * non-promotion mark (+ = 成 不成 生), or the piece after the move as CSA
 * writes it (+8833KA).  A USI move without '+' ("8h3c") or digits alone
 * ("8833") do not say.
 */
static bool says_promotion(const char *text)
{
	size_t n = strlen(text);
	if (strpbrk(text, "+=") || strstr(text, "成") || strstr(text, "生"))
		return true;
	return n >= 6 && isupper((unsigned char)text[n - 1]) && isupper((unsigned char)text[n - 2]) &&
	       isdigit((unsigned char)text[n - 3]);
}

enum play_move_status play_input_move(const struct gy_pos *p, gy_sq prev_to, const char *text, gy_move *m, gy_move *alt,
				      enum gy_err *rule, char *msg, size_t size)
{
	struct gy_srcpos where = {0, 0};
	size_t len = strlen(text);
	enum gy_err err = gy_notation_read(p, prev_to, text, len, m, &where);
	msg[0] = '\0';
	*rule = err;
	if (!err) {
		/* A move that may promote, read as not promoting by a notation that leaves it unsaid: ask. */
		gy_move promoted;
		if (!gy_move_is_drop(*m) && !gy_move_is_promotion(*m) && !says_promotion(text) &&
		    gy_move_build(p, gy_move_from(*m), gy_move_to(*m), true, &promoted) == GY_OK) {
			*alt = *m;
			*m = promoted;
			return PLAY_MOVE_PROMOTION;
		}
		return PLAY_MOVE_OK;
	}
	if (err == GY_ERR_NOTATION_PROMOTION_UNSPECIFIED && len < 200) {
		/* Ask: the same text with each answer appended must name the two moves. */
		char with[256];
		snprintf(with, sizeof with, "%s成", text);
		enum gy_err e1 = gy_notation_read(p, prev_to, with, strlen(with), m, NULL);
		snprintf(with, sizeof with, "%s不成", text);
		enum gy_err e2 = gy_notation_read(p, prev_to, with, strlen(with), alt, NULL);
		if (!e1 && !e2)
			return PLAY_MOVE_PROMOTION;
	}
	if (breaks_rule(err)) {
		snprintf(msg, size, "illegal move '%s': %s", text, gy_strerror(err));
		return PLAY_MOVE_ILLEGAL;
	}
	switch (err) {
	case GY_ERR_NOTATION_SIDE: snprintf(msg, size, "'%s': it is the other side's turn", text); break;
	case GY_ERR_NOTATION_SYNTAX:
		snprintf(msg, size, "'%s' is no move or command (column %d); type 'help'", text, where.col);
		break;
	case GY_ERR_NOTATION_AMBIGUOUS:
		snprintf(msg, size,
			 "'%s' fits several legal moves: add the origin (G6i-5h, 69金) or a word (左 右 上 引 寄 直)",
			 text);
		break;
	case GY_ERR_NOTATION_NO_MATCH:
		snprintf(msg, size,
			 "no legal move fits '%s': no such piece of yours can go there (or it would leave your king in "
			 "check)",
			 text);
		break;
	default: snprintf(msg, size, "'%s': %s", text, gy_strerror(err)); break;
	}
	return PLAY_MOVE_UNREADABLE;
}

int play_input_yes_no(const char *answer)
{
	char w[16];
	size_t n = 0;
	while (*answer == ' ')
		answer++;
	for (; answer[n] && answer[n] != ' ' && answer[n] != '\n' && n + 1 < sizeof w; n++)
		w[n] = (char)tolower((unsigned char)answer[n]);
	w[n] = '\0';
	if (!strcmp(w, "y") || !strcmp(w, "yes") || !strcmp(w, "+") || !strcmp(w, "成") || !strcmp(w, "promote"))
		return 1;
	if (!strcmp(w, "n") || !strcmp(w, "no") || !strcmp(w, "=") || !strcmp(w, "不成") || !strcmp(w, "生"))
		return 0;
	return -1;
}

const char *play_input_help(void)
{
	return "Moves, in any notation: 7g7f  P*5e  8h2b+  7776  +7776FU  P-7f  S*3d  Sx2c=  P76  ７六歩  76歩  同銀  "
	       "５八金左\n"
	       "  (a move that may promote asks 'Promote? [y/n]' unless it says: + or = , 成 or 不成, or CSA's piece)\n"
	       "Commands:\n"
	       "  help                  this text\n"
	       "  resign                resign the game\n"
	       "  undo                  take back your last move (casual rules only)\n"
	       "  hint                  the computer's suggestion\n"
	       "  flip                  turn the board around\n"
	       "  board                 show the board again\n"
	       "  save FILE             save the record: .kif .kifu .ki2 .ki2u .csa .sfen .usi .jkf\n"
	       "  load FILE             load a record (or SFEN) and go on from its last move\n"
	       "  declare               declare an impasse win (the points are shown; asks when it would lose)\n"
	       "  moves                 the record so far\n"
	       "  notation japanese|hodges|hosking|kitao   how moves are written\n"
	       "  pieces kanji|letters  how pieces are drawn\n"
	       "  quit                  leave (asks first while the game goes on; an unfinished game is saved)\n";
}
