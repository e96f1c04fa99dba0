/*
 * tests/tools/fakeusi.c: a fake USI engine for the tests of `gyoku match`
 * (tests/match.sh).  It plays a legal move chosen
 * deterministically from its seed and the position (libgyoku's move
 * generator), and misbehaves on request:
 *
 *   fakeusi [--name NAME] [--seed S] [--shuffle] [--every-game] [--illegal-at N]
 *           [--crash-at N] [--hang-at N] [--resign-at N] [--declare-at N]
 *
 * "--X-at N": on its first turn at ply N or later (ply = moves in the
 * position command + 1) it plays a move from an empty square (illegal),
 * exits with status 3 (crash), stops answering (hang), answers
 * `bestmove resign` or `bestmove win` (a declaration, wrong in a normal
 * game); once per process, or once per game (each `usinewgame`) with
 * --every-game.  --shuffle takes back its own last move when it can (else moves
 * its king), so two shufflers reach sennichite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gyoku/init.h"
#include "gyoku/movegen.h"
#include "gyoku/usi.h"

enum { MOVES_MAX = 4096, ACT_NB = 5 };

enum act { ACT_ILLEGAL, ACT_CRASH, ACT_HANG, ACT_RESIGN, ACT_DECLARE };

static const char *const ACT_FLAG[ACT_NB] = {"--illegal-at", "--crash-at", "--hang-at", "--resign-at", "--declare-at"};

struct fake {
	const char *name;
	unsigned long long seed;
	bool shuffle;
	bool every_game;
	long at[ACT_NB];  /* 0: never (or not again) */
	long arm[ACT_NB]; /* the plies as given, to re-arm at each new game */
	struct gy_pos start;
	gy_move moves[MOVES_MAX];
	int n;
};

static uint64_t mix(uint64_t z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The move to play in `pos` (which has legal moves). */
static gy_move choose(const struct fake *f, const struct gy_pos *pos)
{
	struct gy_movelist list = {.n = 0};
	gy_gen(pos, GY_GEN_LEGAL, &list);
	if (f->shuffle) {
		if (f->n >= 2 && !gy_move_is_drop(f->moves[f->n - 2])) {
			gy_move last = f->moves[f->n - 2];
			for (int i = 0; i < list.n; i++)
				if (!gy_move_is_drop(list.moves[i]) &&
				    gy_move_from(list.moves[i]) == gy_move_to(last) &&
				    gy_move_to(list.moves[i]) == gy_move_from(last) &&
				    !gy_move_is_promotion(list.moves[i]))
					return list.moves[i];
		}
		for (int i = 0; i < list.n; i++)
			if (!gy_move_is_drop(list.moves[i]) && gy_move_moved(list.moves[i]) == GY_KING)
				return list.moves[i];
	}
	return list.moves[mix(f->seed ^ gy_pos_key(pos)) % (uint64_t)list.n];
}

/* Answers `go`: a move, or the misbehaviour due at this ply. */
static void go(struct fake *f)
{
	struct gy_pos pos = f->start;
	for (int i = 0; i < f->n; i++) {
		struct gy_undo u;
		gy_pos_do(&pos, f->moves[i], &u);
	}
	long ply = f->n + 1;
	for (int a = 0; a < ACT_NB; a++) {
		if (!f->at[a] || ply < f->at[a])
			continue;
		f->at[a] = 0; /* once */
		switch ((enum act)a) {
		case ACT_CRASH: exit(3);
		case ACT_HANG:
			for (;;) {
				struct timespec ts = {1, 0};
				nanosleep(&ts, NULL);
			}
		case ACT_RESIGN: puts("bestmove resign"); return;
		case ACT_DECLARE: puts("bestmove win"); return;
		case ACT_ILLEGAL:
			for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
				if (!gy_pos_piece_on(&pos, sq)) {
					printf("bestmove %d%c%d%c\n", gy_file_of(sq), 'a' + gy_rank_of(sq) - 1,
					       gy_file_of(sq), 'a' + (gy_rank_of(sq) % 9));
					return;
				}
		}
	}
	if (!gy_has_legal_move(&pos)) {
		puts("bestmove resign");
		return;
	}
	char text[GY_USI_MOVE_MAX];
	gy_usi_write_move(choose(f, &pos), text);
	printf("info depth 1 score cp 0 pv %s\nbestmove %s\n", text, text);
}

/* True for the options that take no value. */
static bool is_switch(const char *arg) { return !strcmp(arg, "--shuffle") || !strcmp(arg, "--every-game"); }

int main(int argc, char **argv)
{
	static struct fake f = {.name = "fakeusi", .seed = 1};
	gy_init();
	for (int i = 1; i + 1 < argc || (i < argc && is_switch(argv[i])); i++) {
		if (is_switch(argv[i])) {
			if (!strcmp(argv[i], "--shuffle"))
				f.shuffle = true;
			else
				f.every_game = true;
			continue;
		}
		const char *v = argv[++i];
		if (!strcmp(argv[i - 1], "--name"))
			f.name = v;
		else if (!strcmp(argv[i - 1], "--seed"))
			f.seed = strtoull(v, NULL, 10);
		else {
			int a = 0;
			while (a < ACT_NB && strcmp(argv[i - 1], ACT_FLAG[a]))
				a++;
			if (a == ACT_NB) {
				fprintf(stderr, "fakeusi: unknown option %s\n", argv[i - 1]);
				return 2;
			}
			f.at[a] = f.arm[a] = strtol(v, NULL, 10);
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	gy_pos_set_start(&f.start);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!strcmp(line, "usi"))
			printf("id name %s\nid author gyoku tests\nusiok\n", f.name);
		else if (!strcmp(line, "isready"))
			puts("readyok");
		else if (!strcmp(line, "usinewgame") && f.every_game)
			memcpy(f.at, f.arm, sizeof f.at);
		else if (!strncmp(line, "position ", 9)) {
			if (gy_usi_parse_position(line + 9, (size_t)len - 9, &f.start, f.moves, MOVES_MAX, &f.n,
						  NULL)) {
				fprintf(stderr, "fakeusi: bad position: %s\n", line);
				return 1;
			}
		} else if (!strncmp(line, "go", 2))
			go(&f);
		else if (!strcmp(line, "quit"))
			break;
	}
	free(line);
	return 0;
}
