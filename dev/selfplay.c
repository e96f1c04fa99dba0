/*
 * dev/selfplay.c: `gyoku selfplay`: engine-vs-engine games played in this
 * process through gyoku/engine.h, writing quiet positions with the game
 * result for the evaluation tuner (dev/tune_cmd.c, docs/tuning.md), or
 * with --packed every position after the random opening as training
 * records of the network (dev/packed.h, docs/nnue.md "Data").
 *
 * Text output: a first line "# gyoku selfplay ARGS", then one line per
 * sample: SFEN <TAB> result for Black (1, 0.5, 0) <TAB> search score for
 * Black <TAB> game index.
 *
 * Packed output (--packed DIR): DIR/run.txt (the command, the version, the
 * seed, and the arguments that fix the games), then chunks of
 * --chunk-games games, each written by one worker thread, game after
 * game, under a temporary name renamed when complete.  A run started
 * again skips the chunks already there; --pack-text turns a text file
 * into chunks.
 *
 * Invariants: game i is played from a random generator seeded with
 * (seed, i) and a cleared engine searching with a node or depth limit on
 * one thread, so its moves and its output lines do not depend on which
 * worker thread played it; only the order of the games in the text file
 * does, and a chunk's bytes depend on nothing but the arguments.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "args.h"
#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/impasse.h"
#include "gyoku/movegen.h"
#include "gyoku/session.h"
#include "gyoku/usi.h"
#include "gyoku/version.h"
#include "match_stats.h"
#include "packed.h"
#include "see.h"
#include "usiproc.h"

enum { SP_MAX_PLIES = 320, SP_ADJ_SCORE = 3000, SP_ADJ_PLIES = 4, SP_MATE = PACKED_MATE, SP_MAX_OPTIONS = 32 };

struct sp_opts {
	int games, nodes, depth, random_plies, threads, hash;
	uint64_t seed;
	const char *out;
	const char *vs;        /* compare mode: the opponent's USI command, or NULL */
	const char *self;      /* compare mode: our side as a USI command instead of in-process */
	const char *packed;    /* packed mode: the run's directory, or NULL */
	const char *pack_text; /* converting: the text file, or NULL */
	int chunk_games;       /* games in a chunk (packed mode) */
	int noptions;          /* --option NAME=VALUE for the in-process engine */
	const char *opt_name[SP_MAX_OPTIONS], *opt_value[SP_MAX_OPTIONS];
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
	int total;              /* games to play in this run */
	int wins, losses, even; /* compare mode, for our side */
	/* Packed mode: the chunks to play (those missing), the next of them, those written. */
	long *todo;
	int ntodo, next_chunk, chunks_done;
	bool failed;
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

static int sp_player_init(struct sp_player *pl, const char *cmd, const struct sp_opts *o)
{
	int hash = o->hash;
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
	/* The linear evaluation unless an --option says EvalType=nnue (generation 0 is the linear engine's, docs/nnue.md). */
	bool ok = gy_engine_create(&pl->e, &cb) == GY_OK && gy_engine_set_option(pl->e, "USI_Hash", h) == GY_OK &&
		  gy_engine_set_option(pl->e, "Threads", "1") == GY_OK &&
		  gy_engine_set_option(pl->e, "EvalType", "linear") == GY_OK;
	for (int i = 0; ok && i < o->noptions; i++)
		if (gy_engine_set_option(pl->e, o->opt_name[i], o->opt_value[i]) != GY_OK) {
			fprintf(stderr, "gyoku selfplay: --option %s=%s: no such engine option, or a bad value\n",
				o->opt_name[i], o->opt_value[i]);
			ok = false;
		}
	if (!ok) {
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

/* The training record of `pos` searched to `ans` (dev/packed.h); its result is the side to move until the game ends. */
static void sp_record(const struct gy_pos *pos, const struct sp_answer *ans, struct packed_record *r)
{
	gy_move m = ans->kind == GY_BEST_MOVE ? ans->move : GY_MOVE_NONE;
	int score = ans->score < -32767 ? -32767 : ans->score > 32767 ? 32767 : ans->score;
	if (packed_pos_encode(pos, r->pos))
		memset(r->pos, 0, sizeof r->pos); /* not the whole set: cannot happen from the start position */
	r->score = (int16_t)score;
	r->move = packed_move16(m);
	r->ply = (uint16_t)(pos->movenum > 65535 ? 65535 : pos->movenum);
	r->result = (int8_t)pos->side;
	r->flags = (uint8_t)((gy_pos_in_check(pos) ? PACKED_IN_CHECK : 0) |
			     (m && gy_move_captured(m) ? PACKED_CAPTURE : 0) |
			     (m && gy_move_is_promotion(m) ? PACKED_PROMOTION : 0));
}

/*
 * Plays game `index`, refereed by a session (strict rules, the CSA
 * 27-point rule, a draw at SP_MAX_PLIES); appends its samples to
 * `*samples` (capacity SP_MAX_PLIES), or with `recs` every position the
 * engine searched to `recs` (capacity SP_MAX_PLIES + 1, results still the
 * side to move), and returns the result from Black's side in half points
 * (2 win, 1 draw, 0 loss), or -1 when this process failed (out of memory).
 */
static int sp_play(const struct sp_opts *o, int index, struct sp_player *side[GY_COLOR_NB], struct sp_sample *samples,
		   int *nsamples, struct packed_record *recs, int *nrecs, int *nplies)
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
	if (nrecs)
		*nrecs = 0;
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
			/* Every position the engine searched is a record (packed mode). */
			if (recs && *nrecs <= SP_MAX_PLIES)
				sp_record(pos, ans, &recs[(*nrecs)++]);
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
			if (!recs && !gy_pos_in_check(pos) && !gy_move_captured(m) && !gy_move_is_promotion(m) &&
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

/* Counts game `index` (result `r` from Black's side; `n` samples or records) and in text mode writes its samples. */
static void sp_tally(struct sp_shared *sh, int index, int our, int r, const struct sp_sample *samples, int n, int plies)
{
	const struct sp_opts *o = sh->o;
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
	if (sh->done % 50 == 0 || sh->done == sh->total || (o->vs && sh->done % 10 == 0)) {
		fprintf(stderr, "games %d/%d  black %d  white %d  draw %d  positions %ld  avg plies %.1f", sh->done,
			sh->total, sh->black_wins, sh->white_wins, sh->draws, sh->positions,
			(double)sh->plies / sh->done);
		if (o->vs)
			fprintf(stderr, "  ours: +%d =%d -%d", sh->wins, sh->even, sh->losses);
		if (o->packed)
			fprintf(stderr, "  chunks %d/%d", sh->chunks_done, sh->ntodo);
		fputc('\n', stderr);
		if (sh->out)
			fflush(sh->out);
	}
	pthread_mutex_unlock(&sh->mu);
}

/* The records' results, from the side to move (sp_record left the side there), of a game with result `r` for Black. */
static void sp_results(struct packed_record *recs, int n, int r)
{
	for (int i = 0; i < n; i++) {
		int black = r - 1; /* 1, 0, -1 */
		recs[i].result = (int8_t)(recs[i].result == GY_BLACK ? black : -black);
	}
}

/*
 * Takes the next work under the lock: in text mode one game, in packed
 * mode the games of the next missing chunk (its number in `*chunk`).
 * Returns false when there is none left.
 */
static bool sp_take(struct sp_shared *sh, int *first, int *end, long *chunk)
{
	const struct sp_opts *o = sh->o;
	bool ok = true;
	*chunk = -1;
	pthread_mutex_lock(&sh->mu);
	if (o->packed && !sh->failed && sh->next_chunk < sh->ntodo) {
		*chunk = sh->todo[sh->next_chunk++];
		*first = (int)(*chunk * o->chunk_games);
		*end = o->games - *first < o->chunk_games ? o->games : *first + o->chunk_games;
	} else if (!o->packed && sh->next < o->games) {
		*first = sh->next++;
		*end = *first + 1;
	} else {
		ok = false;
	}
	pthread_mutex_unlock(&sh->mu);
	return ok;
}

static void *sp_worker(void *arg)
{
	struct sp_shared *sh = arg;
	const struct sp_opts *o = sh->o;
	struct sp_player us, them;
	if (sp_player_init(&us, o->self, o)) {
		fprintf(stderr, "gyoku selfplay: cannot start an engine\n");
		pthread_mutex_lock(&sh->mu);
		sh->failed = true;
		pthread_mutex_unlock(&sh->mu);
		return NULL;
	}
	if (o->vs && sp_player_init(&them, o->vs, &(struct sp_opts){.hash = o->hash})) {
		fprintf(stderr, "gyoku selfplay: cannot start '%s'\n", o->vs);
		sp_player_free(&us);
		return NULL;
	}
	struct sp_sample *samples = malloc(sizeof *samples * (SP_MAX_PLIES + 1));
	struct packed_record *recs = o->packed ? malloc(sizeof *recs * (SP_MAX_PLIES + 1)) : NULL;
	int first, end;
	long chunk;
	while (samples && (recs || !o->packed) && sp_take(sh, &first, &end, &chunk)) {
		char path[PATH_MAX], tmp[PATH_MAX + 8];
		FILE *cf = NULL;
		bool ok = true;
		if (chunk >= 0) {
			packed_chunk_path(o->packed, chunk, path, sizeof path);
			snprintf(tmp, sizeof tmp, "%s.tmp", path);
			if (!(cf = fopen(tmp, "wb"))) {
				fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
				ok = false;
			}
		}
		for (int index = first; ok && index < end; index++) {
			/* Our side is Black in even games; without an opponent it plays both sides. */
			int our = o->vs && index % 2 ? GY_WHITE : GY_BLACK;
			struct sp_player *side[GY_COLOR_NB];
			side[our] = &us;
			side[our ^ 1] = o->vs ? &them : &us;
			int n = 0, nrecs = 0, plies = 0;
			int r = sp_play(o, index, side, samples, &n, recs, recs ? &nrecs : NULL, &plies);
			if (r < 0) {
				fprintf(stderr, "gyoku selfplay: game %d: out of memory\n", index);
				ok = false;
				break;
			}
			if (cf) {
				sp_results(recs, nrecs, r);
				if (packed_write_records(cf, recs, nrecs)) {
					fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
					ok = false;
				}
			}
			sp_tally(sh, index, our, r, samples, cf ? nrecs : n, plies);
		}
		if (cf && fclose(cf) && ok) {
			fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
			ok = false;
		}
		if (cf && ok && rename(tmp, path)) {
			fprintf(stderr, "gyoku selfplay: %s: %s\n", path, strerror(errno));
			ok = false;
		}
		if (chunk >= 0 && !ok)
			remove(tmp);
		pthread_mutex_lock(&sh->mu);
		sh->chunks_done += chunk >= 0 && ok;
		sh->failed |= !ok;
		pthread_mutex_unlock(&sh->mu);
		if (!ok)
			break;
	}
	free(recs);
	free(samples);
	if (o->vs)
		sp_player_free(&them);
	sp_player_free(&us);
	return NULL;
}

static int sp_usage(FILE *f, int status)
{
	fputs("usage: gyoku selfplay --games N (--nodes K | --depth D) [--random-plies R] [--seed S]\n"
	      "                      [--threads T] [--hash MB] [--option NAME=VALUE ...] --out FILE\n"
	      "       gyoku selfplay --games N (--nodes K | --depth D) ... --packed DIR [--chunk-games G]\n"
	      "                      (every position as training records, in chunks of G games (200);\n"
	      "                      run again with the same arguments, it plays the missing chunks)\n"
	      "       gyoku selfplay --pack-text FILE --packed DIR\n"
	      "                      (the text samples of FILE as training records)\n"
	      "       gyoku selfplay --vs USI_CMD [--self USI_CMD] --games N (--nodes K | --depth D) ...\n"
	      "                      (compare: this engine, or --self, against --vs; colours alternate)\n",
	      f);
	return status;
}

/* Records of a converted text file per chunk. */
enum { SP_TEXT_CHUNK = 65536 };

/* Appends " ARG" to `buf`, quoted when it holds a space. */
static void sp_cat_arg(char *buf, size_t size, const char *arg)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, strchr(arg, ' ') ? " '%s'" : " %s", arg);
}

/*
 * The arguments that fix a packed run's bytes, every value spelt out
 * (--threads and the directory are not among them): what run.txt keeps
 * and a run started again must repeat.
 */
static void sp_run_args(const struct sp_opts *o, char *buf, size_t size)
{
	if (o->pack_text) {
		snprintf(buf, size, "--pack-text");
		sp_cat_arg(buf, size, o->pack_text);
		return;
	}
	snprintf(buf, size, "--games %d --nodes %d --depth %d --random-plies %d --seed %llu --hash %d --chunk-games %d",
		 o->games, o->nodes, o->depth, o->random_plies, (unsigned long long)o->seed, o->hash, o->chunk_games);
	for (int i = 0; i < o->noptions; i++) {
		char opt[600];
		snprintf(opt, sizeof opt, "%s=%s", o->opt_name[i], o->opt_value[i]);
		size_t len = strlen(buf);
		snprintf(buf + len, size - len, " --option");
		sp_cat_arg(buf, size, opt);
	}
}

/*
 * Makes the directory and its run.txt, or checks the run.txt already
 * there: a directory written with other arguments is refused.  Returns 0,
 * or 1 with the reason on stderr.
 */
static int sp_run_file(const struct sp_opts *o, int argc, char **argv)
{
	char path[PATH_MAX], args[8192], line[8192];
	sp_run_args(o, args, sizeof args);
	if (mkdir(o->packed, 0777) && errno != EEXIST) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", o->packed, strerror(errno));
		return 1;
	}
	snprintf(path, sizeof path, "%s/run.txt", o->packed);
	FILE *f = fopen(path, "r");
	if (f) {
		bool same = false, seen = false;
		while (fgets(line, sizeof line, f)) {
			line[strcspn(line, "\n")] = 0;
			if (!strncmp(line, "args: ", 6)) {
				seen = true;
				same = !strcmp(line + 6, args);
				break;
			}
		}
		fclose(f);
		if (!same) {
			if (seen)
				fprintf(stderr,
					"gyoku selfplay: %s: written by a run with other arguments\n  that run: %s\n",
					path, line + 6);
			else
				fprintf(stderr, "gyoku selfplay: %s: no \"args:\" line: not a run's directory\n", path);
			fprintf(stderr,
				"  this run: %s\n  (a run goes on only with the arguments it began with; use another "
				"directory)\n",
				args);
			return 1;
		}
		return 0;
	}
	char tmp[PATH_MAX + 8], cmd[8192] = "gyoku selfplay";
	for (int i = 0; i < argc; i++)
		sp_cat_arg(cmd, sizeof cmd, argv[i]);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
		return 1;
	}
	fprintf(f, "# The run that wrote this directory's chunks (docs/nnue.md \"Data\").\n");
	fprintf(f, "command: %s\nversion: gyoku %s\n", cmd, gy_version());
	if (!o->pack_text)
		fprintf(f, "seed: %llu\n", (unsigned long long)o->seed);
	fprintf(f, "args: %s\n", args);
	if (fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", path, strerror(errno));
		remove(tmp);
		return 1;
	}
	return 0;
}

/* Opens chunk `k` of `dir` for writing under its temporary name (`tmp`); NULL with the reason on stderr. */
static FILE *sp_chunk_open(const char *dir, long k, char *path, size_t psize, char *tmp, size_t tsize)
{
	packed_chunk_path(dir, k, path, psize);
	snprintf(tmp, tsize, "%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	if (!f)
		fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
	return f;
}

/* Closes a chunk and gives it its name; returns 0, or -1 (the reason on stderr, the temporary file removed). */
static int sp_chunk_close(FILE *f, const char *path, const char *tmp)
{
	if (fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", path, strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}

/*
 * One line of the text format, "SFEN <TAB> result for Black <TAB> score
 * for Black <TAB> game", as a record (no move; flags: in check; result
 * and score from the side to move).  Returns 0, or -1 with the column and
 * the reason.
 */
static int sp_text_record(char *line, struct packed_record *r, int *col, const char **why)
{
	char *f[4];
	int n = 0;
	for (char *s = line; n < 4; n++) {
		f[n] = s;
		char *tab = strchr(s, '\t');
		if (!tab)
			break;
		*tab = 0;
		s = tab + 1;
	}
	*col = 1;
	if (n != 3) {
		*why = "want 4 fields: SFEN, result for Black, score for Black, game";
		return -1;
	}
	struct gy_pos p;
	struct gy_srcpos where = {0, 0};
	if (gy_sfen_parse(&p, f[0], strlen(f[0]), GY_SFEN_STRICT, &where) != GY_OK) {
		*col = where.col > 0 ? where.col : 1;
		*why = "not a position (SFEN)";
		return -1;
	}
	*col = (int)(f[1] - line) + 1;
	int black = !strcmp(f[1], "1") ? 1 : !strcmp(f[1], "0.5") ? 0 : !strcmp(f[1], "0") ? -1 : 2;
	if (black == 2) {
		*why = "the result is not 1, 0.5 or 0";
		return -1;
	}
	char *end;
	errno = 0;
	long score = strtol(f[2], &end, 10);
	*col = (int)(f[2] - line) + 1;
	if (end == f[2] || *end || errno) {
		*why = "the score is not a whole number";
		return -1;
	}
	strtol(f[3], &end, 10);
	*col = (int)(f[3] - line) + 1;
	if (end == f[3] || *end) {
		*why = "the game is not a whole number";
		return -1;
	}
	*col = 1;
	if (packed_pos_encode(&p, r->pos)) {
		*why = "not the whole set of 40 pieces: cannot be packed";
		return -1;
	}
	int sign = p.side == GY_BLACK ? 1 : -1;
	score *= sign;
	r->score = (int16_t)(score < -32767 ? -32767 : score > 32767 ? 32767 : score);
	r->move = 0;
	r->ply = (uint16_t)(p.movenum > 65535 ? 65535 : p.movenum);
	r->result = (int8_t)(black * sign);
	r->flags = gy_pos_in_check(&p) ? PACKED_IN_CHECK : 0;
	return 0;
}

/*
 * --pack-text FILE --packed DIR: the text samples of FILE as records, in
 * chunks of SP_TEXT_CHUNK in the file's order.  A last line without its
 * newline (a run still writing) is left out.  Returns the exit status.
 */
static int sp_pack_text(const struct sp_opts *o)
{
	FILE *in = fopen(o->pack_text, "r");
	if (!in) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", o->pack_text, strerror(errno));
		return 1;
	}
	char *line = NULL, path[PATH_MAX], tmp[PATH_MAX + 8];
	size_t cap = 0;
	ssize_t len;
	long lineno = 0, records = 0, chunk = 0, partial = 0;
	FILE *out = NULL;
	int rc = 0;
	while ((len = getline(&line, &cap, in)) > 0) {
		lineno++;
		if (line[len - 1] != '\n') {
			partial = lineno;
			break;
		}
		line[len - 1] = 0;
		if (line[0] == '#' || !line[0])
			continue;
		struct packed_record r;
		int col;
		const char *why;
		if (sp_text_record(line, &r, &col, &why)) {
			fprintf(stderr, "gyoku selfplay: %s:%ld:%d: %s\n", o->pack_text, lineno, col, why);
			rc = 1;
			break;
		}
		if (!out && !(out = sp_chunk_open(o->packed, chunk, path, sizeof path, tmp, sizeof tmp))) {
			rc = 1;
			break;
		}
		if (packed_write_records(out, &r, 1)) {
			fprintf(stderr, "gyoku selfplay: %s: %s\n", tmp, strerror(errno));
			rc = 1;
			break;
		}
		if (++records % SP_TEXT_CHUNK == 0) {
			FILE *f = out;
			out = NULL;
			if (sp_chunk_close(f, path, tmp)) {
				rc = 1;
				break;
			}
			chunk++;
		}
	}
	if (!rc && ferror(in)) {
		fprintf(stderr, "gyoku selfplay: %s: %s\n", o->pack_text, strerror(errno));
		rc = 1;
	}
	if (out && rc) {
		fclose(out);
		remove(tmp);
	} else if (out) {
		rc = sp_chunk_close(out, path, tmp) ? 1 : 0;
		chunk++;
	}
	free(line);
	fclose(in);
	if (partial)
		fprintf(stderr, "gyoku selfplay: %s:%ld: an unfinished last line, left out\n", o->pack_text, partial);
	if (!rc)
		fprintf(stderr, "selfplay: %ld records in %ld chunks -> %s\n", records, chunk, o->packed);
	return rc;
}

/* The chunks of a packed run that are not there yet, into sh->todo; returns 0, or 1 (the reason on stderr). */
static int sp_missing_chunks(const struct sp_opts *o, struct sp_shared *sh, int *there)
{
	long n = ((long)o->games + o->chunk_games - 1) / o->chunk_games;
	sh->todo = malloc(sizeof *sh->todo * (size_t)n);
	if (!sh->todo) {
		fprintf(stderr, "gyoku selfplay: out of memory\n");
		return 1;
	}
	*there = 0;
	for (long k = 0; k < n; k++) {
		char path[PATH_MAX];
		struct stat st;
		packed_chunk_path(o->packed, k, path, sizeof path);
		if (stat(path, &st)) {
			sh->todo[sh->ntodo++] = k;
			int first = (int)(k * o->chunk_games);
			sh->total += o->games - first < o->chunk_games ? o->games - first : o->chunk_games;
		} else if (st.st_size % PACKED_RECORD_BYTES) {
			fprintf(stderr,
				"gyoku selfplay: %s: not whole records (%lld bytes); remove it to play it again\n",
				path, (long long)st.st_size);
			return 1;
		} else {
			++*there;
		}
	}
	return 0;
}

/* Checks the --option values on an engine of this process before any game; returns 0, or 2 (the reason on stderr). */
static int sp_check_options(const struct sp_opts *o)
{
	if (!o->noptions)
		return 0;
	struct sp_player pl;
	if (sp_player_init(&pl, NULL, o))
		return 2;
	sp_player_free(&pl);
	return 0;
}

int cmd_selfplay(int argc, char **argv)
{
	struct sp_opts o = {.games = 0, .random_plies = 12, .threads = 1, .hash = 16, .seed = 1, .chunk_games = 200};
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
		else if (!strcmp(a, "--packed"))
			o.packed = v;
		else if (!strcmp(a, "--pack-text"))
			o.pack_text = v;
		else if (!strcmp(a, "--chunk-games"))
			ok = args_int(who, a, v, 1, 1000000, &o.chunk_games);
		else if (!strcmp(a, "--option")) {
			const char *eq = strchr(v, '=');
			if (!eq || eq == v || o.noptions == SP_MAX_OPTIONS || strlen(v) > 500) {
				fprintf(stderr, "gyoku selfplay: --option %s: want NAME=VALUE (at most %d options)\n",
					v, SP_MAX_OPTIONS);
				return 2;
			}
			static char names[SP_MAX_OPTIONS][512];
			snprintf(names[o.noptions], sizeof names[0], "%.*s", (int)(eq - v), v);
			if (!strcasecmp(names[o.noptions], "Threads") || !strcasecmp(names[o.noptions], "USI_Hash")) {
				fprintf(stderr,
					"gyoku selfplay: --option %s: set by --threads (games at once) and --hash\n",
					v);
				return 2;
			}
			o.opt_name[o.noptions] = names[o.noptions];
			o.opt_value[o.noptions++] = eq + 1;
		} else if (!strcmp(a, "--games"))
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
	if (o.pack_text) {
		if (!o.packed || o.out || o.vs || o.self || o.games) {
			fprintf(stderr, "gyoku selfplay: --pack-text FILE takes --packed DIR and nothing else\n");
			return sp_usage(stderr, 2);
		}
		int rc = sp_run_file(&o, argc, argv);
		return rc ? rc : sp_pack_text(&o);
	}
	if (o.packed && (o.out || o.vs || o.self)) {
		fprintf(stderr, "gyoku selfplay: --packed DIR writes self-play alone: no --out, --vs or --self\n");
		return sp_usage(stderr, 2);
	}
	if (o.noptions && o.self) {
		fprintf(stderr, "gyoku selfplay: --option sets the engine of this process: not with --self\n");
		return 2;
	}
	if (!o.games || (!o.out && !o.vs && !o.packed) || (!o.nodes && !o.depth) || (o.self && !o.vs))
		return sp_usage(stderr, 2);
	int rc = sp_check_options(&o);
	if (rc)
		return rc;
	struct sp_shared sh = {.o = &o, .total = o.games};
	int there = 0;
	if (o.packed) {
		sh.total = 0;
		if (sp_run_file(&o, argc, argv) || sp_missing_chunks(&o, &sh, &there)) {
			free(sh.todo);
			return 1;
		}
	}
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
	free(sh.todo);
	if (o.packed) {
		fprintf(stderr,
			"selfplay: %d games (black %d, white %d, draw %d), %ld positions; %d chunks written, %d "
			"already "
			"there -> %s\n",
			sh.done, sh.black_wins, sh.white_wins, sh.draws, sh.positions, sh.chunks_done, there, o.packed);
		return sh.failed || sh.chunks_done != sh.ntodo ? 1 : 0;
	}
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
