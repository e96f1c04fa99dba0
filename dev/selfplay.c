/*
 * dev/selfplay.c: `gyoku selfplay`: engine-vs-engine games played in this
 * process through gyoku/engine.h, writing quiet positions with the game
 * result for the evaluation tuner (dev/tune_cmd.c, docs/tuning.md).
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
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/impasse.h"
#include "gyoku/movegen.h"
#include "gyoku/session.h"
#include "gyoku/usi.h"
#include "match_stats.h"
#include "see.h"
#include "usiproc.h"

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

/* One side of a game: an in-process engine, or a USI engine in a child process. */
struct sp_player {
	struct gy_engine *e;
	struct sp_answer ans;
	struct usiproc *usi; /* dev/usiproc.h, the match runner's client */
};

/* USI engines get this long to start and to answer `isready`. */
enum { SP_USI_START_MS = 30000, SP_USI_STALL_MS = 10000 };

static int sp_player_init(struct sp_player *pl, const char *cmd, int hash)
{
	memset(pl, 0, sizeof *pl);
	if (cmd) {
		char h[16], why[160];
		snprintf(h, sizeof h, "%d", hash);
		struct usiproc_option opts[] = {{"USI_Hash", h}, {"Threads", "1"}};
		pl->usi = calloc(1, sizeof *pl->usi);
		if (!pl->usi || !usiproc_start(pl->usi, cmd) ||
		    !usiproc_handshake(pl->usi, opts, 2, SP_USI_START_MS, why, sizeof why)) {
			if (pl->usi)
				usiproc_stop(pl->usi, 0, NULL, 0);
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
		usiproc_stop(pl->usi, 100, NULL, 0);
		free(pl->usi);
	}
	gy_engine_destroy(pl->e);
}

static void sp_player_new_game(struct sp_player *pl)
{
	if (pl->e)
		gy_engine_new_game(pl->e);
	else if (pl->usi && usiproc_send(pl->usi, "usinewgame") == USIPROC_OK &&
		 usiproc_send(pl->usi, "isready") == USIPROC_OK) {
		char line[USIPROC_LINE_MAX];
		(void)usiproc_wait_for(pl->usi, "readyok", line, sizeof line, usiproc_now_ms() + SP_USI_START_MS);
	}
}

/* Takes the score of a USI `info` line of the first line of play ("score cp N", "score mate N") into `a`. */
static void sp_usi_info(const char *line, struct sp_answer *a)
{
	const char *sc = strstr(line, " score ");
	if (strncmp(line, "info", 4) || !sc || strstr(line, "multipv 2"))
		return;
	char *end;
	if (!strncmp(sc + 7, "cp ", 3)) {
		long v = strtol(sc + 10, &end, 10);
		if (end != sc + 10)
			a->score = (int)v;
	} else if (!strncmp(sc + 7, "mate ", 5)) {
		long m = strtol(sc + 12, &end, 10);
		if (end != sc + 12)
			a->score = sc[12] == '-' || m < 0 ? -SP_MATE - (int)m : SP_MATE - (int)m;
	}
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
	char go[48];
	gy_usi_write_position(start, moves, n, text, cap);
	if (o->nodes)
		snprintf(go, sizeof go, "go nodes %d", o->nodes);
	else
		snprintf(go, sizeof go, "go depth %d", o->depth);
	int rc = usiproc_send(pl->usi, text) == USIPROC_OK && usiproc_send(pl->usi, go) == USIPROC_OK ? 0 : -1;
	char line[USIPROC_LINE_MAX];
	bool stopped = false;
	int64_t deadline = usiproc_now_ms() + SP_USI_STALL_MS;
	for (; !rc;) {
		/* An engine that stalls is sent "stop" once, after 10 s, and its answer is taken. */
		enum usiproc_status st = usiproc_read(pl->usi, line, sizeof line, deadline);
		if (st == USIPROC_TIMEOUT && !stopped && usiproc_send(pl->usi, "stop") == USIPROC_OK) {
			fprintf(stderr, "gyoku selfplay: the USI engine stalled; sent stop\n");
			stopped = true;
			deadline = usiproc_now_ms() + SP_USI_STALL_MS;
			continue;
		}
		if (st != USIPROC_OK) {
			rc = -1;
			break;
		}
		sp_usi_info(line, a);
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
		if (gy__see_ge(p, list.moves[i], 0))
			safe.moves[safe.n++] = list.moves[i];
	const struct gy_movelist *from = safe.n ? &safe : &list;
	return from->moves[sp_rand(rng) % (uint64_t)from->n];
}

/* The result from Black's side in half points (2 win, 1 draw, 0 loss) of a game that is over. */
static int sp_result(const struct gy_session *g)
{
	enum gy_result r = gy_session_verdict(g).result;
	return r == GY_RESULT_BLACK_WINS ? 2 : r == GY_RESULT_WHITE_WINS ? 0 : 1;
}

/* Ends the game with `color` winning, for a reason the session does not judge (adjudication, a failed engine). */
static void sp_win(struct gy_session *g, enum gy_ending e, int color)
{
	enum gy_result r = color == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS;
	if (gy_session_end(g, (struct gy_verdict){e, r}) != GY_OK)
		return; /* already over */
}

/*
 * Plays game `index`, refereed by a session (strict rules, the CSA
 * 27-point rule, a draw at SP_MAX_PLIES); appends its samples to
 * `*samples` (capacity SP_MAX_PLIES) and returns the result from Black's
 * side in half points (2 win, 1 draw, 0 loss), or -1 when this process
 * failed (out of memory).
 */
static int sp_play(const struct sp_opts *o, int index, struct sp_player *side[GY_COLOR_NB], struct sp_sample *samples,
		   int *nsamples, int *nplies)
{
	/* In compare mode games 2k and 2k + 1 share their random opening, with colours swapped. */
	uint64_t rng = o->seed * 0x2545f4914f6cdd1dULL + (uint64_t)(o->vs ? index / 2 : index);
	struct gy_pos start;
	struct gy_rules rules = gy_rules_default();
	rules.strict = true;
	rules.max_moves = SP_MAX_PLIES;
	struct gy_session *g;
	gy_pos_set_start(&start);
	if (gy_session_create(&g, &start, &rules) != GY_OK || gy_session_start_clock(g, NULL, 0) != GY_OK)
		return -1;
	sp_player_new_game(side[GY_BLACK]);
	if (side[GY_WHITE] != side[GY_BLACK])
		sp_player_new_game(side[GY_WHITE]);
	*nsamples = 0;
	int adj_sign = 0, adj_count = 0;
	while (!gy_session_over(g)) {
		const struct gy_pos *pos = gy_session_position(g);
		int ply = gy_session_ply(g), us = pos->side;
		/* Step 1: a side that can declare a win does (the referee judged the rest after the last move). */
		struct gy_impasse_result decl;
		gy_session_count(g, pos->side, &decl);
		if (decl.verdict == GY_IMPASSE_WIN && gy_session_declare(g, 0, NULL) == GY_OK)
			break;
		/* Step 2: a random opening move, or the engine's. */
		gy_move m;
		if (ply < o->random_plies) {
			m = sp_random_move(pos, &rng);
		} else {
			struct sp_player *pl = side[us];
			struct sp_answer *ans = &pl->ans;
			if (sp_player_think(pl, o, gy_session_start(g), gy_session_moves(g), ply, pos)) {
				fprintf(stderr, "gyoku selfplay: game %d ply %d: the engine to move failed\n", index,
					ply);
				sp_win(g, GY_END_TIME_FORFEIT, !us);
				break;
			}
			if (ans->kind == GY_BEST_RESIGN || ans->move == GY_MOVE_NONE) {
				if (gy_session_resign(g, us, 0) != GY_OK)
					break;
				continue;
			}
			if (ans->kind == GY_BEST_WIN) {
				if (gy_session_declare(g, 0, NULL) != GY_OK)
					sp_win(g, GY_END_ILLEGAL_MOVE, !us);
				continue;
			}
			m = ans->move;
			/* Step 3: adjudication when both sides agree the game is decided. */
			int black_score = us == GY_BLACK ? ans->score : -ans->score;
			int sign = black_score > SP_ADJ_SCORE ? 1 : black_score < -SP_ADJ_SCORE ? -1 : 0;
			if (sign && sign == adj_sign) {
				adj_count++;
			} else {
				adj_sign = sign;
				adj_count = sign ? 1 : 0;
			}
			if (adj_count >= SP_ADJ_PLIES) {
				sp_win(g, GY_END_RESIGNATION, adj_sign > 0 ? GY_BLACK : GY_WHITE);
				break;
			}
			/* Step 4: a quiet position is a sample. */
			if (!gy_pos_in_check(pos) && !gy_move_captured(m) && !gy_move_is_promotion(m) &&
			    abs(ans->score) < SP_ADJ_SCORE) {
				struct sp_sample *sm = &samples[(*nsamples)++];
				gy_sfen_write(pos, sm->sfen, sizeof sm->sfen);
				sm->score = black_score;
			}
		}
		/* Step 5: the move, judged by the session (mate, sennichite, perpetual check, the move limit). */
		enum gy_err err = gy_session_play(g, m, 0);
		if (err == GY_ERR_NOMEM) {
			gy_session_destroy(g);
			return -1;
		}
	}
	*nplies = gy_session_ply(g);
	int result = sp_result(g);
	gy_session_destroy(g);
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
		if (r < 0) {
			fprintf(stderr, "gyoku selfplay: game %d: out of memory\n", index);
			break;
		}
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
	signal(SIGPIPE, SIG_IGN); /* a USI engine that died: its pipe's write fails (usiproc.h) */
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
		/* The Elo of our side with its 95% error bar, as gyoku match computes it (match_stats.h). */
		struct match_wdl r = {sh.wins, sh.even, sh.losses};
		double score = match_score(&r);
		fprintf(stderr, "compare: ours +%d =%d -%d of %d, score %.1f%%, Elo %.1f +/- %.1f\n", sh.wins, sh.even,
			sh.losses, sh.done, 100 * score, match_elo(score) + 0.0, match_elo_error(&r));
	}
	return bad ? 1 : 0;
}
