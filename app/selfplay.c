/*
 * app/selfplay.c: `gyoku selfplay`: engine-vs-engine games played in this
 * process through gyoku/engine.h, writing quiet positions with the game
 * result for the evaluation tuner (app/tune_cmd.c, docs/tuning.md).
 *
 * Output: a first line "# gyoku selfplay ARGS", then one line per sample:
 * SFEN <TAB> result for Black (1, 0.5, 0) <TAB> search score for Black
 * <TAB> game index.
 *
 * Invariants: game i is played from a random generator seeded with
 * (seed, i) and a cleared engine searching with a node or depth limit on
 * one thread, so its moves and its output lines do not depend on which
 * worker thread played it; only the order of the games in the file does.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../engine/see.h"
#include "args.h"
#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/impasse.h"
#include "gyoku/movegen.h"
#include "gyoku/repetition.h"
#include "gyoku/usi.h"

enum { SP_MAX_PLIES = 320, SP_ADJ_SCORE = 3000, SP_ADJ_PLIES = 4, SP_MATE = 32000 };

struct sp_opts {
	int games, nodes, depth, random_plies, threads, hash;
	uint64_t seed;
	const char *out;
	const char *vs;   /* compare mode: the opponent's USI command, or NULL */
	const char *self; /* compare mode: our side as a USI command instead of in-process */
};

/* What all worker threads share: the next game to play, the file, the tallies. */
struct sp_shared {
	const struct sp_opts *o;
	pthread_mutex_t mu;
	FILE *out;
	int next;
	int done, black_wins, white_wins, draws;
	long positions;
	long plies;
	int wins, losses, even; /* compare mode, for our side */
};

/* The last search's answer, filled by the engine's callbacks. */
struct sp_answer {
	int score; /* from the side to move, mates as +-SP_MATE */
	enum gy_best_kind kind;
	gy_move move;
};

/* One sampled position of a game in progress. */
struct sp_sample {
	char sfen[GY_SFEN_MAX];
	int score; /* search score from Black's side */
};

static uint64_t sp_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void sp_on_info(void *ctx, const struct gy_info *info)
{
	struct sp_answer *a = ctx;
	if (info->multipv > 1)
		return;
	a->score = info->mate > 0 ? SP_MATE - info->mate : info->mate < 0 ? -SP_MATE - info->mate : info->score_cp;
}

static void sp_on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	struct sp_answer *a = ctx;
	(void)ponder;
	a->kind = kind;
	a->move = move;
}

/* A USI engine in a child process: its pid, the pipes, and a line buffer. */
struct sp_usi {
	pid_t pid;
	int in, out; /* we write `in`, read `out` */
	char buf[1 << 16];
	size_t len;
};

/* Starts `cmd` under /bin/sh with pipes; returns 0 or -1. */
static int sp_usi_start(struct sp_usi *u, const char *cmd)
{
	int to[2], from[2];
	if (pipe(to))
		return -1;
	if (pipe(from)) {
		close(to[0]);
		close(to[1]);
		return -1;
	}
	u->pid = fork();
	if (u->pid < 0)
		return -1;
	if (u->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	u->in = to[1];
	u->out = from[0];
	u->len = 0;
	return 0;
}

static int sp_usi_send(struct sp_usi *u, const char *text)
{
	size_t n = strlen(text);
	while (n) {
		ssize_t w = write(u->in, text, n);
		if (w <= 0)
			return -1;
		text += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Reads one line (without its newline) into `line` within `ms`; returns 0 or -1. */
static int sp_usi_line(struct sp_usi *u, char *line, size_t size, int ms)
{
	for (;;) {
		char *nl = memchr(u->buf, '\n', u->len);
		if (nl) {
			size_t n = (size_t)(nl - u->buf);
			size_t c = n < size - 1 ? n : size - 1;
			memcpy(line, u->buf, c);
			line[c] = 0;
			if (c && line[c - 1] == '\r')
				line[c - 1] = 0;
			memmove(u->buf, nl + 1, u->len - n - 1);
			u->len -= n + 1;
			return 0;
		}
		if (u->len == sizeof u->buf)
			u->len = 0;
		struct pollfd pfd = {u->out, POLLIN, 0};
		if (poll(&pfd, 1, ms) <= 0)
			return -1;
		ssize_t r = read(u->out, u->buf + u->len, sizeof u->buf - u->len);
		if (r <= 0)
			return -1;
		u->len += (size_t)r;
	}
}

/* Waits for a line starting with `word`; returns 0 or -1. */
static int sp_usi_expect(struct sp_usi *u, const char *word, int ms)
{
	char line[4096];
	size_t n = strlen(word);
	while (!sp_usi_line(u, line, sizeof line, ms))
		if (!strncmp(line, word, n))
			return 0;
	return -1;
}

static void sp_usi_stop(struct sp_usi *u)
{
	if (u->pid <= 0)
		return;
	if (sp_usi_send(u, "quit\n") == 0) {
		struct timespec t = {0, 100000000};
		nanosleep(&t, NULL);
	}
	close(u->in);
	close(u->out);
	kill(u->pid, SIGKILL);
	waitpid(u->pid, NULL, 0);
	u->pid = 0;
}

static int sp_usi_init(struct sp_usi *u, const char *cmd, int hash)
{
	char text[128];
	snprintf(text, sizeof text, "setoption name USI_Hash value %d\nsetoption name Threads value 1\nisready\n",
		 hash);
	if (sp_usi_start(u, cmd) || sp_usi_send(u, "usi\n") || sp_usi_expect(u, "usiok", 30000) ||
	    sp_usi_send(u, text) || sp_usi_expect(u, "readyok", 30000)) {
		sp_usi_stop(u);
		return -1;
	}
	return 0;
}

/* One side of a game: an in-process engine, or a USI engine in a child process. */
struct sp_player {
	struct gy_engine *e;
	struct sp_answer ans;
	struct sp_usi *usi;
};

static int sp_player_init(struct sp_player *pl, const char *cmd, int hash)
{
	memset(pl, 0, sizeof *pl);
	if (cmd) {
		pl->usi = calloc(1, sizeof *pl->usi);
		if (!pl->usi || sp_usi_init(pl->usi, cmd, hash)) {
			free(pl->usi);
			pl->usi = NULL;
			return -1;
		}
		return 0;
	}
	struct gy_engine_callbacks cb = {&pl->ans, sp_on_info, sp_on_bestmove, NULL, NULL};
	char h[16];
	snprintf(h, sizeof h, "%d", hash);
	if (gy_engine_create(&pl->e, &cb) != GY_OK || gy_engine_set_option(pl->e, "USI_Hash", h) != GY_OK ||
	    gy_engine_set_option(pl->e, "Threads", "1") != GY_OK) {
		gy_engine_destroy(pl->e);
		pl->e = NULL;
		return -1;
	}
	return 0;
}

static void sp_player_free(struct sp_player *pl)
{
	if (pl->usi) {
		sp_usi_stop(pl->usi);
		free(pl->usi);
	}
	gy_engine_destroy(pl->e);
}

static void sp_player_new_game(struct sp_player *pl)
{
	if (pl->e)
		gy_engine_new_game(pl->e);
	else if (pl->usi && !sp_usi_send(pl->usi, "usinewgame\nisready\n"))
		(void)sp_usi_expect(pl->usi, "readyok", 30000);
}

/*
 * Asks `pl` for its move in the game `start` + `moves` (`n` of them, ending
 * in `pos`) and fills pl->ans; returns 0, or -1 when the engine failed (no
 * answer in time, an illegal move): the mover then loses.
 */
static int sp_player_think(struct sp_player *pl, const struct sp_opts *o, const struct gy_pos *start,
			   const gy_move *moves, int n, const struct gy_pos *pos)
{
	struct sp_answer *a = &pl->ans;
	a->score = 0;
	a->move = GY_MOVE_NONE;
	a->kind = GY_BEST_MOVE;
	if (pl->e) {
		struct gy_limits lim = {0};
		lim.nodes = (uint64_t)o->nodes;
		lim.depth = o->depth;
		if (gy_engine_set_position(pl->e, start, moves, n) != GY_OK || gy_engine_go(pl->e, &lim) != GY_OK)
			return -1;
		gy_engine_wait(pl->e);
		return 0;
	}
	static const size_t cap = 16384;
	char *text = malloc(cap);
	if (!text)
		return -1;
	size_t len = gy_usi_write_position(start, moves, n, text, cap - 64);
	if (o->nodes)
		snprintf(text + len, cap - len, "\ngo nodes %d\n", o->nodes);
	else
		snprintf(text + len, cap - len, "\ngo depth %d\n", o->depth);
	int rc = sp_usi_send(pl->usi, text);
	char line[4096];
	bool stopped = false;
	for (; !rc;) {
		/* An engine that stalls is sent "stop" once, after 10 s, and its answer is taken. */
		if (sp_usi_line(pl->usi, line, sizeof line, 10000)) {
			if (stopped || sp_usi_send(pl->usi, "stop\n")) {
				rc = -1;
				break;
			}
			fprintf(stderr, "gyoku selfplay: the USI engine stalled; sent stop\n");
			stopped = true;
			continue;
		}
		char *sc = strstr(line, " score ");
		if (!strncmp(line, "info", 4) && sc && !strstr(line, "multipv 2")) {
			if (!strncmp(sc + 7, "cp ", 3))
				a->score = atoi(sc + 10);
			else if (!strncmp(sc + 7, "mate ", 5)) {
				int m = atoi(sc + 12);
				a->score = sc[12] == '-' || m < 0 ? -SP_MATE - m : SP_MATE - m;
			}
		}
		if (strncmp(line, "bestmove ", 9))
			continue;
		char *mv = line + 9;
		mv[strcspn(mv, " ")] = 0;
		if (!strcmp(mv, "resign"))
			a->kind = GY_BEST_RESIGN;
		else if (!strcmp(mv, "win"))
			a->kind = GY_BEST_WIN;
		else if (gy_usi_parse_move(pos, mv, strlen(mv), &a->move, NULL) != GY_OK) {
			fprintf(stderr, "gyoku selfplay: illegal move '%s' from the engine\n", mv);
			rc = -1;
		}
		break;
	}
	if (rc)
		fprintf(stderr, "gyoku selfplay: the USI engine failed (no bestmove or illegal)\n");
	free(text);
	return rc;
}

/* A random legal move that loses no material by the static exchange rule (any legal move if none). */
static gy_move sp_random_move(const struct gy_pos *p, uint64_t *rng)
{
	struct gy_movelist list = {0}, safe = {0};
	gy_gen(p, GY_GEN_LEGAL, &list);
	for (int i = 0; i < list.n; i++)
		if (see_ge(p, list.moves[i], 0))
			safe.moves[safe.n++] = list.moves[i];
	const struct gy_movelist *from = safe.n ? &safe : &list;
	return from->moves[sp_rand(rng) % (uint64_t)from->n];
}

/*
 * Plays game `index` with engine `e`; appends its samples to `*samples`
 * (capacity SP_MAX_PLIES) and returns the result from Black's side in
 * half points (2 win, 1 draw, 0 loss).
 */
static int sp_play(const struct sp_opts *o, int index, struct sp_player *side[GY_COLOR_NB], struct sp_sample *samples,
		   int *nsamples, int *nplies)
{
	/* In compare mode games 2k and 2k + 1 share their random opening, with colours swapped. */
	uint64_t rng = o->seed * 0x2545f4914f6cdd1dULL + (uint64_t)(o->vs ? index / 2 : index);
	struct gy_pos start, pos;
	gy_move moves[SP_MAX_PLIES + 1];
	uint64_t keys[SP_MAX_PLIES + 2];
	bool checks[SP_MAX_PLIES + 2];
	gy_pos_set_start(&start);
	pos = start;
	sp_player_new_game(side[GY_BLACK]);
	if (side[GY_WHITE] != side[GY_BLACK])
		sp_player_new_game(side[GY_WHITE]);
	*nsamples = 0;
	int adj_sign = 0, adj_count = 0;
	int result = 1;
	int ply = 0;
	for (;; ply++) {
		keys[ply] = gy_pos_key(&pos);
		checks[ply] = gy_pos_in_check(&pos);
		int stm_win = pos.side == GY_BLACK ? 2 : 0;
		/* Step 1: the referee. */
		if (!gy_has_legal_move(&pos)) {
			result = 2 - stm_win;
			break;
		}
		struct gy_rep rep = gy_repetition(keys, checks, ply + 1, GY_BLACK);
		if (rep.verdict == GY_REP_DRAW) {
			result = 1;
			break;
		}
		if (rep.verdict == GY_REP_PERPETUAL) {
			result = rep.loser == GY_BLACK ? 0 : 2;
			break;
		}
		if (ply >= SP_MAX_PLIES) {
			result = 1;
			break;
		}
		struct gy_impasse_result decl;
		gy_impasse_declare(&pos, GY_IMPASSE_CSA27, NULL, &decl);
		if (decl.verdict == GY_IMPASSE_WIN) {
			result = stm_win;
			break;
		}
		/* Step 2: a random opening move, or the engine's. */
		gy_move m;
		if (ply < o->random_plies) {
			m = sp_random_move(&pos, &rng);
		} else {
			struct sp_player *pl = side[pos.side];
			struct sp_answer *ans = &pl->ans;
			if (sp_player_think(pl, o, &start, moves, ply, &pos)) {
				fprintf(stderr, "gyoku selfplay: game %d ply %d: the engine to move failed\n", index,
					ply);
				result = 2 - stm_win;
				break;
			}
			if (ans->kind == GY_BEST_RESIGN || ans->move == GY_MOVE_NONE) {
				result = 2 - stm_win;
				break;
			}
			if (ans->kind == GY_BEST_WIN) {
				result = stm_win;
				break;
			}
			m = ans->move;
			/* Step 3: adjudication when both sides agree the game is decided. */
			int black_score = pos.side == GY_BLACK ? ans->score : -ans->score;
			int sign = black_score > SP_ADJ_SCORE ? 1 : black_score < -SP_ADJ_SCORE ? -1 : 0;
			if (sign && sign == adj_sign) {
				adj_count++;
			} else {
				adj_sign = sign;
				adj_count = sign ? 1 : 0;
			}
			if (adj_count >= SP_ADJ_PLIES) {
				result = adj_sign > 0 ? 2 : 0;
				break;
			}
			/* Step 4: a quiet position is a sample. */
			if (!gy_pos_in_check(&pos) && !gy_move_captured(m) && !gy_move_is_promotion(m) &&
			    abs(ans->score) < SP_ADJ_SCORE) {
				struct sp_sample *s = &samples[(*nsamples)++];
				gy_sfen_write(&pos, s->sfen, sizeof s->sfen);
				s->score = black_score;
			}
		}
		struct gy_undo u;
		moves[ply] = m;
		gy_pos_do(&pos, m, &u);
	}
	*nplies = ply;
	return result;
}

static void *sp_worker(void *arg)
{
	struct sp_shared *sh = arg;
	const struct sp_opts *o = sh->o;
	struct sp_player us, them;
	if (sp_player_init(&us, o->self, o->hash)) {
		fprintf(stderr, "gyoku selfplay: cannot start an engine\n");
		return NULL;
	}
	if (o->vs && sp_player_init(&them, o->vs, o->hash)) {
		fprintf(stderr, "gyoku selfplay: cannot start '%s'\n", o->vs);
		sp_player_free(&us);
		return NULL;
	}
	struct sp_sample *samples = malloc(sizeof *samples * (SP_MAX_PLIES + 1));
	for (; samples;) {
		pthread_mutex_lock(&sh->mu);
		int index = sh->next < o->games ? sh->next++ : -1;
		pthread_mutex_unlock(&sh->mu);
		if (index < 0)
			break;
		/* Our side is Black in even games; without an opponent it plays both sides. */
		int our = o->vs && index % 2 ? GY_WHITE : GY_BLACK;
		struct sp_player *side[GY_COLOR_NB];
		side[our] = &us;
		side[our ^ 1] = o->vs ? &them : &us;
		int n = 0, plies = 0;
		int r = sp_play(o, index, side, samples, &n, &plies);
		int ours = our == GY_BLACK ? r : 2 - r;
		pthread_mutex_lock(&sh->mu);
		const char *res = r == 2 ? "1" : r == 1 ? "0.5" : "0";
		for (int i = 0; sh->out && i < n; i++)
			fprintf(sh->out, "%s\t%s\t%d\t%d\n", samples[i].sfen, res, samples[i].score, index);
		sh->positions += n;
		sh->plies += plies;
		sh->done++;
		sh->black_wins += r == 2;
		sh->white_wins += r == 0;
		sh->draws += r == 1;
		sh->wins += ours == 2;
		sh->losses += ours == 0;
		sh->even += ours == 1;
		if (sh->done % 50 == 0 || sh->done == o->games || (o->vs && sh->done % 10 == 0)) {
			fprintf(stderr, "games %d/%d  black %d  white %d  draw %d  positions %ld  avg plies %.1f",
				sh->done, o->games, sh->black_wins, sh->white_wins, sh->draws, sh->positions,
				(double)sh->plies / sh->done);
			if (o->vs)
				fprintf(stderr, "  ours: +%d =%d -%d", sh->wins, sh->even, sh->losses);
			fputc('\n', stderr);
			if (sh->out)
				fflush(sh->out);
		}
		pthread_mutex_unlock(&sh->mu);
	}
	free(samples);
	if (o->vs)
		sp_player_free(&them);
	sp_player_free(&us);
	return NULL;
}

/* The Elo difference of a score fraction (clamped away from 0 and 1). */
static double sp_elo(double score)
{
	score = score < 0.001 ? 0.001 : score > 0.999 ? 0.999 : score;
	return -400 * log10(1 / score - 1);
}

static int sp_usage(FILE *f, int status)
{
	fputs("usage: gyoku selfplay --games N (--nodes K | --depth D) [--random-plies R] [--seed S]\n"
	      "                      [--threads T] [--hash MB] --out FILE\n"
	      "       gyoku selfplay --vs USI_CMD [--self USI_CMD] --games N (--nodes K | --depth D) ...\n"
	      "                      (compare: this engine, or --self, against --vs; colours alternate)\n",
	      f);
	return status;
}

int cmd_selfplay(int argc, char **argv)
{
	struct sp_opts o = {.games = 0, .random_plies = 12, .threads = 1, .hash = 16, .seed = 1};
	static const char who[] = "gyoku selfplay";
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (args_is_help(a))
			return sp_usage(stdout, 0);
		if (i + 1 >= argc) {
			fprintf(stderr, "gyoku selfplay: %s: missing value\n", a);
			return sp_usage(stderr, 2);
		}
		const char *v = argv[++i];
		bool ok = true;
		if (!strcmp(a, "--out") || !strcmp(a, "--vs") || !strcmp(a, "--self"))
			*(a[2] == 'o' ? &o.out : a[2] == 'v' ? &o.vs : &o.self) = v;
		else if (!strcmp(a, "--games"))
			ok = args_int(who, a, v, 1, 1000000000, &o.games);
		else if (!strcmp(a, "--nodes"))
			ok = args_int(who, a, v, 0, 1000000000, &o.nodes);
		else if (!strcmp(a, "--depth"))
			ok = args_int(who, a, v, 0, 1000000000, &o.depth);
		else if (!strcmp(a, "--random-plies"))
			ok = args_int(who, a, v, 0, 1000000000, &o.random_plies);
		else if (!strcmp(a, "--seed"))
			ok = args_u64(who, a, v, &o.seed);
		else if (!strcmp(a, "--threads"))
			ok = args_int(who, a, v, 1, 64, &o.threads);
		else if (!strcmp(a, "--hash"))
			ok = args_int(who, a, v, 1, 1000000000, &o.hash);
		else {
			fprintf(stderr, "gyoku selfplay: unknown option '%s'\n", a);
			return sp_usage(stderr, 2);
		}
		if (!ok)
			return 2;
	}
	if (!o.games || (!o.out && !o.vs) || (!o.nodes && !o.depth) || (o.self && !o.vs))
		return sp_usage(stderr, 2);
	struct sp_shared sh = {.o = &o};
	sh.out = o.out ? fopen(o.out, "w") : NULL;
	if (o.out && !sh.out) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", o.out, strerror(errno));
		return 1;
	}
	/* The command line heads the file, so that the tuner can say what data it learnt from. */
	if (sh.out) {
		fputs("# gyoku selfplay", sh.out);
		for (int i = 0; i < argc; i++)
			fprintf(sh.out, strchr(argv[i], ' ') ? " '%s'" : " %s", argv[i]);
		fputc('\n', sh.out);
	}
	pthread_mutex_init(&sh.mu, NULL);
	pthread_t th[64];
	int started = 0;
	for (int i = 0; i < o.threads; i++)
		if (pthread_create(&th[started], NULL, sp_worker, &sh) == 0)
			started++;
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&sh.mu);
	int bad = (sh.out && fclose(sh.out) != 0) || sh.done != o.games;
	fprintf(stderr, "selfplay: %d games (black %d, white %d, draw %d), %ld positions -> %s\n", sh.done,
		sh.black_wins, sh.white_wins, sh.draws, sh.positions, o.out ? o.out : "(none)");
	if (o.vs && sh.done) {
		/* The Elo of our side from its score, with a 95% interval from the per-game variance. */
		double n = sh.done, score = (sh.wins + 0.5 * sh.even) / n;
		double var = (sh.wins * (1 - score) * (1 - score) + sh.even * (0.5 - score) * (0.5 - score) +
			      sh.losses * score * score) /
			     n;
		double lo = score - 1.96 * sqrt(var / n), hi = score + 1.96 * sqrt(var / n);
		fprintf(stderr, "compare: ours +%d =%d -%d of %d, score %.1f%%, Elo %.1f [%.1f, %.1f]\n", sh.wins,
			sh.even, sh.losses, sh.done, 100 * score, sp_elo(score), sp_elo(lo), sp_elo(hi));
	}
	return bad ? 1 : 0;
}
