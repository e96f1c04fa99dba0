/*
 * dev/match_openings.c: generating a match openings file
 * (match_openings.h).
 */
#include "match_openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/movegen.h"
#include "gyoku/usi.h"

enum {
	PLIES_MIN = 8,
	PLIES_MAX = 16,
	ATTEMPTS_PER_POSITION = 100, /* give up after count * this candidates */
	EVAL_TIMEOUT_MS = 60000,     /* the longest wait for one evaluation */
};

/* splitmix64: the seeded draws. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The weight of the legal move `m` in `p`: how likely a sensible player makes it in an opening. */
static int move_weight(const struct gy_pos *p, gy_move m)
{
	int side = p->side, w;
	gy_sq to = gy_move_to(m);
	if (gy_move_is_drop(m))
		return 1;
	gy_sq from = gy_move_from(m);
	int advance = gy_relative_rank(side, from) - gy_relative_rank(side, to);
	switch (gy_move_moved(m)) {
	case GY_PAWN: w = 12; break;
	case GY_SILVER:
	case GY_GOLD: w = advance > 0 ? 10 : 3; break;
	case GY_ROOK: w = advance == 0 ? 6 : 2; break;
	case GY_BISHOP: w = 3; break;
	case GY_KING: w = 4; break;
	case GY_LANCE:
	case GY_KNIGHT: w = 1; break;
	default: w = 2; break;
	}
	if (gy_move_captured(m))
		w += 4;
	struct gy_pos after = *p;
	struct gy_undo u;
	gy_pos_do(&after, m, &u);
	if (gy_pos_attacked(&after, to, !side))
		w = gy_pos_attacked(&after, to, side) ? w / 2 : 0;
	return w;
}

/* Plays `plies` weighted random moves from the start; false when some position had no sensible move. */
static bool random_opening(uint64_t *rng, int plies, struct gy_pos *pos, gy_move *moves)
{
	gy_pos_set_start(pos);
	for (int i = 0; i < plies; i++) {
		struct gy_movelist list = {.n = 0};
		int weights[GY_MAX_MOVES], total = 0;
		gy_gen(pos, GY_GEN_LEGAL, &list);
		for (int k = 0; k < list.n; k++)
			total += weights[k] = move_weight(pos, list.moves[k]);
		if (total == 0)
			return false;
		int pick = (int)(next_random(rng) % (uint64_t)total), k = 0;
		while (pick >= weights[k])
			pick -= weights[k++];
		struct gy_undo u;
		moves[i] = list.moves[k];
		gy_pos_do(pos, moves[i], &u);
	}
	return !gy_pos_in_check(pos) && gy_has_legal_move(pos);
}

/* Evaluates the position of `line` with `go depth`; false when the engine failed or gave no centipawn score. */
static bool evaluate(struct usiproc *p, const char *line, int depth, int *cp)
{
	char buf[USIPROC_LINE_MAX], go[32];
	snprintf(go, sizeof go, "go depth %d", depth);
	if (usiproc_send(p, line) != USIPROC_OK || usiproc_send(p, go) != USIPROC_OK)
		return false;
	bool have = false;
	int64_t deadline = usiproc_now_ms() + EVAL_TIMEOUT_MS;
	for (;;) {
		if (usiproc_read(p, buf, sizeof buf, deadline) != USIPROC_OK)
			return false;
		if (!strncmp(buf, "bestmove", 8))
			return have;
		char *score = strstr(buf, " score ");
		if (!score || strncmp(buf, "info", 4))
			continue;
		score += 7;
		if (!strncmp(score, "mate", 4)) {
			have = false;
		} else if (!strncmp(score, "cp ", 3)) {
			*cp = (int)strtol(score + 3, NULL, 10);
			have = true;
		}
	}
}

int match_make_openings(const struct match_openings_conf *c)
{
	struct match_rules rules = {.start_timeout_ms = 30000};
	struct match_player pl = {.engine = c->engine};
	char why[256];
	int status = 1, kept = 0;
	uint64_t *keys = malloc((size_t)c->count * sizeof *keys);
	FILE *out = c->out_path ? fopen(c->out_path, "w") : stdout;
	if (!keys || !out) {
		fprintf(stderr, "gyoku match: %s\n", !keys ? "out of memory" : strerror(errno));
		goto done;
	}
	if (!match_player_start(&pl, &rules, why, sizeof why)) {
		fprintf(stderr, "gyoku match: %s: %s\n", c->engine->cmd, why);
		goto done;
	}
	fprintf(out,
		"# gyoku openings: %d start positions for `gyoku match --openings`, one a line: the even-game\n"
		"# start and 8 to 16 moves from it, drawn at random with weights toward normal development.\n"
		"# Each position is new, not in check, and within +-%d centipawns for %s at depth %d.\n"
		"# Reproduce with: %s\n",
		c->count, c->max_cp, pl.proc.name, c->depth, c->cmdline);
	uint64_t rng = c->seed;
	long attempts = (long)c->count * ATTEMPTS_PER_POSITION;
	for (long a = 0; a < attempts && kept < c->count; a++) {
		struct gy_pos pos;
		gy_move moves[PLIES_MAX];
		int plies = PLIES_MIN + (int)(next_random(&rng) % (PLIES_MAX - PLIES_MIN + 1));
		if (!random_opening(&rng, plies, &pos, moves))
			continue;
		uint64_t key = gy_pos_key(&pos);
		bool seen = false;
		for (int i = 0; i < kept && !seen; i++)
			seen = keys[i] == key;
		if (seen)
			continue;
		struct gy_pos start;
		gy_pos_set_start(&start);
		char line[GY_SFEN_MAX + PLIES_MAX * (GY_USI_MOVE_MAX + 1) + 32];
		gy_usi_write_position(&start, moves, plies, line, sizeof line);
		int cp = 0;
		if (!evaluate(&pl.proc, line, c->depth, &cp)) {
			fprintf(stderr, "gyoku match: the engine failed to evaluate: %s\n", line);
			goto done;
		}
		if (cp < -c->max_cp || cp > c->max_cp)
			continue;
		keys[kept++] = key;
		fprintf(out, "%s\n", line + strlen("position "));
	}
	if (kept < c->count)
		fprintf(stderr, "gyoku match: only %d positions found\n", kept);
	else
		status = 0;
done:
	match_player_stop(&pl);
	if (out && out != stdout && fclose(out))
		status = 1;
	free(keys);
	return status;
}
