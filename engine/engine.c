/*
 * engine/engine.c: the engine API (gyoku/engine.h): options, the position
 * with its history, and the threads of a search.
 *
 * Threads: gy_engine_go starts one controlling thread that runs worker 0
 * and starts the helper workers (Lazy SMP); when worker 0 ends it stops
 * the helpers, waits for stop or ponderhit if the search was infinite or
 * pondering, and calls the bestmove callback.  `lock` guards `running`
 * and the wait for stop/ponderhit.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "eval.h"
#include "gyoku/engine.h"
#include "gyoku/mate.h"
#include "gyoku/movegen.h"
#include "gyoku/usi.h"
#include "nnue.h"
#include "search.h"

enum { MAX_THREADS = 256, MATE_MAX_PV = 4096 };

struct gy_engine {
	struct gy_engine_callbacks cb;
	struct tt tt;
	struct search_shared *sh;
	struct worker *workers[MAX_THREADS];
	int nworkers;
	struct gy_mate *mate; /* the df-pn solver, made at its first use */
	/* Options. */
	int64_t hash_mb, mate_mb;
	int threads, multipv, skill, max_moves;
	bool ponder;
	enum gy_impasse_rule entering;
	bool entering_bonus; /* an 'H' rule: a handicap giver's removed pieces count for it */
	struct gy_pos start; /* the game's start position (set_position's), for the H rules */
	int64_t network_delay, minimum_think;
	bool use_nnue; /* EvalType nnue: the search evaluates with EvalFile's network, else the built-in one */
	bool have_own; /* `own` holds EvalFile's network (else the built-in one is meant, shared by every engine) */
	struct nnue_net own;
	char option_error[512]; /* why the last gy_engine_set_option failed, or "" */
	/* The position and its history. */
	struct gy_pos root;
	int game_len;
	/* The running search. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	pthread_t thread;
	bool running, joinable, mate_mode;
	bool reported; /* the running search has delivered its answer and is ending */
	int64_t mate_ms;
	uint64_t rng;
};

static const char *const entering_names[] = {"NoEnteringKing", "CSARule24", "CSARule24H", "CSARule27",
					     "CSARule27H",     "TryRule",   NULL};
static const char *const eval_names[] = {"linear", "nnue", NULL};

static const struct gy_option_desc options[] = {
	{"USI_Hash", GY_OPT_SPIN, "64", 1, 65536, NULL, "transposition table size in MB"},
	{"Threads", GY_OPT_SPIN, "1", 1, MAX_THREADS, NULL, "search threads (Lazy SMP)"},
	{"MultiPV", GY_OPT_SPIN, "1", 1, 500, NULL, "number of best lines reported"},
	{"USI_Ponder", GY_OPT_CHECK, "false", 0, 0, NULL, "think on the opponent's time"},
	{"SkillLevel", GY_OPT_SPIN, "20", 0, 20, NULL, "playing strength: 0 (beginner) to 20 (full)"},
	{"EnteringKingRule", GY_OPT_COMBO, "CSARule27", 0, 0, entering_names,
	 "impasse rule: declarations under CSA 27 or JSA 24 points (H: with the handicap bonus), or the try rule"},
	{"MaxMovesToDraw", GY_OPT_SPIN, "0", 0, 100000, NULL, "the game is a draw at this ply (0: never)"},
	{"NetworkDelay", GY_OPT_SPIN, "120", 0, 10000, NULL, "ms kept in reserve on every move for lag"},
	{"MinimumThinkingTime", GY_OPT_SPIN, "20", 0, 60000, NULL, "ms spent at least on a move when the clock allows"},
	{"MateHash", GY_OPT_SPIN, "64", 1, 65536, NULL, "mate solver table limit in MB (go mate, mate probes)"},
	{"EvalFile", GY_OPT_STRING, "<empty>", 0, 0, NULL,
	 "a network file (.nnue) for EvalType nnue, read when set; empty: the built-in network"},
	{"EvalType", GY_OPT_COMBO, "linear", 0, 0, eval_names,
	 "the evaluation: linear (the tuned linear one) or nnue (the network, docs/nnue.md)"},
};

enum { OPTION_COUNT = sizeof options / sizeof options[0], OPTION_EVAL_TYPE = OPTION_COUNT - 1 };

/* EvalType in a build with a network built in: the network is the default. */
static const struct gy_option_desc eval_type_nnue = {
	"EvalType",
	GY_OPT_COMBO,
	"nnue",
	0,
	0,
	eval_names,
	"the evaluation: nnue (the network, docs/nnue.md) or linear (the tuned linear one)"};

/* Whether a network is built into this engine (then EvalType is nnue by default). */
static bool have_builtin(void)
{
	size_t len;
	return gy__nnue_builtin(&len) != NULL;
}

int gy_engine_option_count(void) { return OPTION_COUNT; }

const struct gy_option_desc *gy_engine_option(int i)
{
	if (i == OPTION_EVAL_TYPE && have_builtin())
		return &eval_type_nnue;
	return i >= 0 && i < OPTION_COUNT ? &options[i] : NULL;
}

static void free_workers(struct gy_engine *e)
{
	for (int i = 0; i < e->nworkers; i++) {
		if (e->workers[i])
			free(e->workers[i]->hist);
		free(e->workers[i]);
		e->workers[i] = NULL;
	}
	e->nworkers = 0;
}

/* Makes `n` workers; on failure keeps none.  Errors: GY_ERR_NOMEM. */
static enum gy_err make_workers(struct gy_engine *e, int n)
{
	free_workers(e);
	for (int i = 0; i < n; i++) {
		/* Aligned for the network's accumulators in its stack (struct nnue_acc). */
		size_t size = (sizeof(struct worker) + 63) / 64 * 64;
		struct worker *w = aligned_alloc(64, size);
		if (w) {
			memset(w, 0, size);
			w->hist = calloc(1, sizeof *w->hist);
		}
		if (!w || !w->hist) {
			free(w);
			free_workers(e);
			return GY_ERR_NOMEM;
		}
		w->id = i;
		w->sh = e->sh;
		gy__search_clear_history(w);
		e->workers[e->nworkers++] = w;
	}
	return GY_OK;
}

enum gy_err gy_engine_create(struct gy_engine **out, const struct gy_engine_callbacks *cb)
{
	*out = NULL;
	struct gy_engine *e = calloc(1, sizeof *e);
	if (!e)
		return GY_ERR_NOMEM;
	if (cb)
		e->cb = *cb;
	e->sh = calloc(1, sizeof *e->sh);
	if (!e->sh)
		goto fail;
	e->hash_mb = 64;
	e->mate_mb = 64;
	e->threads = 1;
	e->multipv = 1;
	e->skill = 20;
	e->entering = GY_IMPASSE_CSA27;
	e->network_delay = 120;
	e->minimum_think = 20;
	e->rng = 0x9e3779b97f4a7c15ull;
	/* The built-in network is read at the first search that needs it (gy__nnue_builtin_net). */
	e->use_nnue = have_builtin();
	if (gy__tt_resize(&e->tt, (size_t)e->hash_mb) != GY_OK)
		goto fail;
	e->sh->tt = &e->tt;
	e->sh->cb = &e->cb;
	if (make_workers(e, 1) != GY_OK)
		goto fail;
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->cond, NULL);
	gy_pos_set_start(&e->root);
	e->start = e->root;
	*out = e;
	return GY_OK;
fail:
	gy__tt_free(&e->tt);
	free(e->sh);
	free(e);
	return GY_ERR_NOMEM;
}

void gy_engine_destroy(struct gy_engine *e)
{
	if (!e)
		return;
	gy_engine_stop(e);
	gy_engine_wait(e);
	free_workers(e);
	gy_mate_destroy(e->mate);
	if (e->have_own)
		gy__nnue_free(&e->own);
	gy__tt_free(&e->tt);
	free(e->sh);
	pthread_mutex_destroy(&e->lock);
	pthread_cond_destroy(&e->cond);
	free(e);
}

bool gy_engine_busy(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	/* A search that has answered is ending: wait for it, so a client may go on at once. */
	while (e->running && e->reported)
		pthread_cond_wait(&e->cond, &e->lock);
	bool busy = e->running;
	pthread_mutex_unlock(&e->lock);
	return busy;
}

/* Parses a whole decimal integer in [min, max]. */
static bool parse_int(const char *s, int64_t min, int64_t max, int64_t *out)
{
	if (!s || !*s)
		return false;
	char *end;
	long long v = strtoll(s, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	if (*end || v < min || v > max)
		return false;
	*out = v;
	return true;
}

const char *gy_engine_option_error(const struct gy_engine *e) { return e->option_error; }

/* Sets the reason the option being set is refused, and returns `err`. */
static enum gy_err refuse(struct gy_engine *e, enum gy_err err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static enum gy_err refuse(struct gy_engine *e, enum gy_err err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->option_error, sizeof e->option_error, fmt, ap);
	va_end(ap);
	return err;
}

/* The evaluation changed: what the hash and the histories learnt of the old one goes. */
static void eval_changed(struct gy_engine *e)
{
	gy__tt_clear(&e->tt);
	for (int i = 0; i < e->nworkers; i++)
		gy__search_clear_history(e->workers[i]);
}

/* Makes `net` EvalFile's network of the engine (freeing the one before). */
static void take_net(struct gy_engine *e, struct nnue_net *net)
{
	if (e->have_own)
		gy__nnue_free(&e->own);
	e->own = *net;
	e->have_own = true;
	if (e->use_nnue)
		eval_changed(e);
}

/* The network the engine evaluates with under EvalType nnue: EvalFile's, else the shared built-in one (NULL if none). */
static const struct nnue_net *current_net(const struct gy_engine *e, enum gy_err *err, const char **why)
{
	if (e->have_own) {
		*err = GY_OK;
		return &e->own;
	}
	return gy__nnue_builtin_net(err, why);
}

const struct nnue_net *gy__engine_network(const struct gy_engine *e)
{
	enum gy_err err;
	const char *why;
	return current_net(e, &err, &why);
}

/* EvalFile: reads the network at `path` (NULL, "" or "<empty>": the built-in one); on an error keeps the one before. */
static enum gy_err set_eval_file(struct gy_engine *e, const char *path)
{
	if (!path || !*path || !strcmp(path, "<empty>")) {
		if (!e->have_own)
			return GY_OK;
		if (e->use_nnue) {
			enum gy_err err;
			const char *why;
			if (!gy__nnue_builtin_net(&err, &why))
				return refuse(e, err,
					      "EvalType is nnue and the built-in network cannot be used (%s): "
					      "keeping the network loaded",
					      why);
		}
		gy__nnue_free(&e->own);
		e->have_own = false;
		if (e->use_nnue)
			eval_changed(e);
		return GY_OK;
	}
	FILE *f = fopen(path, "rb");
	if (!f)
		return refuse(e, GY_ERR_ARG, "cannot open %s: %s", path, strerror(errno));
	size_t cap = 1 << 20, len = 0;
	unsigned char *buf = malloc(cap);
	while (buf) {
		if (len == cap) {
			unsigned char *more = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
			if (!more) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = more;
			cap *= 2;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	bool read_error = ferror(f) != 0;
	fclose(f);
	if (!buf)
		return refuse(e, GY_ERR_NOMEM, "out of memory reading %s", path);
	if (read_error) {
		free(buf);
		return refuse(e, GY_ERR_ARG, "cannot read %s", path);
	}
	struct nnue_net net;
	char why[256];
	enum gy_err err = gy__nnue_read(&net, buf, len, why, sizeof why);
	free(buf);
	if (err)
		return refuse(e, err, "%s: %s", path, why);
	take_net(e, &net);
	return GY_OK;
}

/* EvalType: linear or nnue; nnue wants a network (EvalFile's, else the built-in one). */
static enum gy_err set_eval_type(struct gy_engine *e, bool nnue)
{
	if (nnue && !e->have_own) {
		if (!have_builtin())
			return refuse(e, GY_ERR_ARG,
				      "EvalType nnue: no network (none is built into this engine): set EvalFile first");
		enum gy_err err;
		const char *why;
		if (!gy__nnue_builtin_net(&err, &why))
			return refuse(e, err, "the built-in network: %s", why);
	}
	if (nnue != e->use_nnue) {
		e->use_nnue = nnue;
		eval_changed(e);
	}
	return GY_OK;
}

enum gy_err gy_engine_set_option(struct gy_engine *e, const char *name, const char *value)
{
	e->option_error[0] = '\0';
	if (gy_engine_busy(e))
		return GY_ERR_BUSY;
	const struct gy_option_desc *o = NULL;
	for (int i = 0; i < OPTION_COUNT; i++)
		if (!strcasecmp(name, options[i].name))
			o = &options[i];
	if (!o)
		return GY_ERR_ARG;
	int64_t v = 0;
	bool flag = false;
	switch (o->type) {
	case GY_OPT_SPIN:
		if (!parse_int(value, o->min, o->max, &v))
			return GY_ERR_ARG;
		break;
	case GY_OPT_CHECK:
		if (!value || (strcasecmp(value, "true") && strcasecmp(value, "false")))
			return GY_ERR_ARG;
		flag = !strcasecmp(value, "true");
		break;
	case GY_OPT_COMBO:
		v = -1;
		for (int i = 0; value && o->vars[i]; i++)
			if (!strcasecmp(value, o->vars[i]))
				v = i;
		if (v < 0)
			return GY_ERR_ARG;
		break;
	default: break;
	}
	if (o == &options[0]) {
		enum gy_err err = gy__tt_resize(&e->tt, (size_t)v);
		if (err)
			return err;
		e->hash_mb = v;
	} else if (o == &options[1]) {
		enum gy_err err = make_workers(e, (int)v);
		if (err) {
			/* Keep a working engine: fall back to one worker. */
			if (make_workers(e, 1) == GY_OK)
				e->threads = 1;
			return err;
		}
		e->threads = (int)v;
	} else if (o == &options[2]) {
		e->multipv = (int)v;
	} else if (o == &options[3]) {
		e->ponder = flag;
	} else if (o == &options[4]) {
		e->skill = (int)v;
	} else if (o == &options[5]) {
		e->entering = (enum gy_impasse_rule)gy_impasse_rule_parse(value, strlen(value), &e->entering_bonus);
	} else if (o == &options[6]) {
		e->max_moves = (int)v;
	} else if (o == &options[7]) {
		e->network_delay = v;
	} else if (o == &options[8]) {
		e->minimum_think = v;
	} else if (o == &options[9]) {
		gy_mate_destroy(e->mate);
		e->mate = NULL;
		e->mate_mb = v;
	} else if (o == &options[10]) {
		return set_eval_file(e, value);
	} else if (o == &options[11]) {
		return set_eval_type(e, v == 1);
	}
	return GY_OK;
}

void gy_engine_new_game(struct gy_engine *e)
{
	if (gy_engine_busy(e))
		return;
	gy__tt_clear(&e->tt);
	for (int i = 0; i < e->nworkers; i++)
		gy__search_clear_history(e->workers[i]);
	if (e->mate)
		gy_mate_clear(e->mate);
}

/* The solver, made at first use; NULL when its table cannot be allocated. */
static struct gy_mate *solver(struct gy_engine *e)
{
	if (!e->mate && gy_mate_create(&e->mate, (size_t)e->mate_mb) != GY_OK)
		e->mate = NULL;
	return e->mate;
}

/*
 * Step 1b of a search: a short df-pn probe of the root, so that long mates
 * are found and proven (the alpha-beta search sees only as far as its
 * depth).  Its budget grows with the time for the move; it is bounded by
 * nodes only when no clock runs, so that a depth-limited search (bench)
 * stays reproducible, and under `go nodes N` it gets N / 4 of them (before,
 * a fixed 20,000 cost more than a self-play search of 3,000 nodes and gave
 * node-limited matches free work).  Returns the mating line's length, 0
 * when none or when the limits left the line incomplete (its length
 * would be wrong in the info line).
 */
static int root_mate_probe(struct gy_engine *e, gy_move *pv)
{
	const struct search_setup *s = &e->sh->setup;
	struct gy_mate *m = solver(e);
	if (!m || e->skill < 20 || gy_pos_in_check(&e->root))
		return 0;
	struct gy_mate_limits l;
	memset(&l, 0, sizeof l);
	l.no_shorten = true;
	if (s->tm.maximum >= 0) {
		int64_t nodes = s->tm.optimum * 40;
		l.nodes = (uint64_t)(nodes < 2000 ? 2000 : nodes > 200000 ? 200000 : nodes);
		l.time_ms = s->tm.optimum / 8 > 1 ? s->tm.optimum / 8 : 1;
	} else if (s->limits.nodes) {
		uint64_t nodes = s->limits.nodes / 4; /* a node-limited search stays near its budget */
		l.nodes = nodes < 500 ? 500 : nodes > 200000 ? 200000 : nodes;
	} else {
		l.nodes = s->limits.infinite || s->limits.ponder ? 200000 : 20000;
	}
	struct gy_mate_report r;
	if (gy_mate_set_threads(m, 1) != GY_OK || /* the probe runs inside worker 0: alone, reproducible */
	    gy_mate_solve(m, &e->root, &l, &e->sh->stop, pv, MATE_MAX_PV, &r) != GY_MATE_FOUND || !r.complete)
		return 0;
	return gy_mate_pv_len(m);
}

/* Records position `p` at game ply `g` of the shared history. */
static void record_game(struct search_shared *sh, int g, const struct gy_pos *p)
{
	sh->game_board_key[g] = p->board_key;
	sh->game_hand[g][0] = p->hand[0];
	sh->game_hand[g][1] = p->hand[1];
	sh->game_in_check[g] = gy_pos_in_check(p);
}

enum gy_err gy_engine_set_position(struct gy_engine *e, const struct gy_pos *start, const gy_move *moves, int n)
{
	if (gy_engine_busy(e))
		return GY_ERR_BUSY;
	if (n < 0 || n >= MAX_GAME_PLY)
		return GY_ERR_TOO_LONG;
	struct gy_pos p = *start;
	for (int i = 0; i < n; i++)
		if (!gy_move_is_legal(&p, moves[i]))
			return GY_ERR_ARG;
		else {
			struct gy_undo u;
			gy_pos_do(&p, moves[i], &u);
		}
	/* Legal throughout: now record the history. */
	p = *start;
	for (int i = 0; i < n; i++) {
		record_game(e->sh, i, &p);
		struct gy_undo u;
		gy_pos_do(&p, moves[i], &u);
	}
	record_game(e->sh, n, &p);
	e->root = p;
	e->game_len = n;
	e->start = *start;
	return GY_OK;
}

const struct gy_pos *gy_engine_position(const struct gy_engine *e) { return &e->root; }

/* Copies the root and the game history into worker `w`. */
static void prepare_worker(struct gy_engine *e, struct worker *w)
{
	struct search_shared *sh = e->sh;
	w->pos = e->root;
	sh->game_len = e->game_len;
	for (int g = 0; g <= e->game_len; g++) {
		w->board_key[g] = sh->game_board_key[g];
		w->hand[g][0] = sh->game_hand[g][0];
		w->hand[g][1] = sh->game_hand[g][1];
		w->in_check[g] = sh->game_in_check[g];
	}
	gy__search_root_moves(w);
}

static void *helper_main(void *arg)
{
	gy__search_run(arg);
	return NULL;
}

static uint64_t next_random(struct gy_engine *e)
{
	e->rng ^= e->rng << 13;
	e->rng ^= e->rng >> 7;
	e->rng ^= e->rng << 17;
	return e->rng;
}

/* The move to play under SkillLevel: among the best lines, one a weaker player would choose. */
static int skill_pick(struct gy_engine *e, const struct worker *w)
{
	int lines = e->sh->setup.multipv < w->nroot ? e->sh->setup.multipv : w->nroot;
	int top = w->root[0].score, weakness = 120 - 5 * e->skill, best = 0, best_push = -VALUE_INF;
	int spread = top - w->root[lines - 1].score < 300 ? top - w->root[lines - 1].score : 300;
	for (int i = 0; i < lines; i++) {
		if (w->root[i].score == -VALUE_INF)
			continue;
		int push = (weakness * (top - w->root[i].score) + spread * (int)(next_random(e) % (uint64_t)weakness)) /
			   128;
		push += w->root[i].score;
		if (push > best_push) {
			best_push = push;
			best = i;
		}
	}
	return best;
}

/* The ponder move after `best`: the PV's second move, else the table's move after it. */
static gy_move ponder_move(struct gy_engine *e, const struct root_move *rm)
{
	if (rm->pv_len >= 2)
		return rm->pv[1];
	struct gy_pos p = e->root;
	struct gy_undo u;
	gy_pos_do(&p, rm->move, &u);
	struct tt_entry *slot;
	struct tt_hit hit = gy__tt_probe(&e->tt, gy_pos_key(&p), &slot);
	return hit.found && hit.move && gy_move_is_legal(&p, hit.move) ? hit.move : GY_MOVE_NONE;
}

/* Waits, for infinite and ponder searches, until stop or ponderhit. */
static void wait_for_release(struct gy_engine *e)
{
	struct search_shared *sh = e->sh;
#ifdef GY_NO_THREADS
	/* Nothing can release a search that runs on the caller's thread: it answers when it ends. */
	(void)sh;
	return;
#endif
	pthread_mutex_lock(&e->lock);
	while (!atomic_load(&sh->stop) && (sh->setup.limits.infinite || atomic_load(&sh->pondering)))
		pthread_cond_wait(&e->cond, &e->lock);
	pthread_mutex_unlock(&e->lock);
}

static void mark_reported(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	e->reported = true;
	pthread_mutex_unlock(&e->lock);
}

static void finish(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	e->running = false;
	e->reported = false;
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

/* The info line of a mate the probe proved. */
static void report_mate(struct gy_engine *e, const gy_move *pv, int n)
{
	if (!e->cb.info || !e->sh->setup.report)
		return;
	struct gy_info info;
	memset(&info, 0, sizeof info);
	info.depth = info.seldepth = n;
	info.multipv = 1;
	info.mate = n;
	info.time_ms = gy__timeman_now() - atomic_load(&e->sh->start_ms);
	info.pv = pv;
	info.pv_len = n;
	e->cb.info(e->cb.ctx, &info);
}

static void *search_main(void *arg)
{
	struct gy_engine *e = arg;
	struct search_shared *sh = e->sh;
	struct worker *w0 = e->workers[0];
	enum gy_best_kind kind = GY_BEST_MOVE;
	gy_move best = GY_MOVE_NONE, ponder = GY_MOVE_NONE;
	gy_move mate_pv[MATE_MAX_PV];
	int mate_len = 0;

	/* Step 1: the answers that need no search. */
	if (w0->nroot == 0) {
		kind = GY_BEST_RESIGN;
	} else if ((e->entering == GY_IMPASSE_CSA27 || e->entering == GY_IMPASSE_JSA24) &&
		   gy__search_entering_win(&e->root, e->entering, sh->setup.entering_extra)) {
		kind = GY_BEST_WIN;
	} else if (e->entering == GY_IMPASSE_TRY && (best = gy__search_try_move(&e->root)) != GY_MOVE_NONE) {
		kind = GY_BEST_MOVE;
	} else if ((mate_len = root_mate_probe(e, mate_pv)) > 0) {
		best = mate_pv[0];
		ponder = mate_len > 1 ? mate_pv[1] : GY_MOVE_NONE;
		report_mate(e, mate_pv, mate_len);
	} else {
		/* Step 2: the search, worker 0 on this thread, the helpers on theirs. */
		pthread_t helpers[MAX_THREADS];
		int started = 0;
		for (int i = 1; i < e->nworkers; i++)
			if (pthread_create(&helpers[started], NULL, helper_main, e->workers[i]) == 0)
				started++;
		gy__search_run(w0);
		atomic_store(&sh->stop, true);
		for (int i = 0; i < started; i++)
			pthread_join(helpers[i], NULL);
		int pick = e->skill < 20 ? skill_pick(e, w0) : 0;
		const struct root_move *rm = &w0->root[pick];
		best = rm->move;
		ponder = ponder_move(e, rm);
		if (e->skill == 20 && rm->score <= -VALUE_MATE_IN_MAX && rm->score != -VALUE_INF)
			kind = GY_BEST_RESIGN;
	}
	/* Step 3: an infinite or ponder search answers only when released. */
	sh->setup.report = false;
	wait_for_release(e);
	mark_reported(e);
	if (e->cb.bestmove)
		e->cb.bestmove(e->cb.ctx, kind, best, kind == GY_BEST_MOVE ? ponder : GY_MOVE_NONE);
	finish(e);
	return NULL;
}

/* Starts the controlling thread with `fn`.  Errors: GY_ERR_BUSY, GY_ERR_NOMEM. */
static enum gy_err start(struct gy_engine *e, void *(*fn)(void *))
{
	pthread_mutex_lock(&e->lock);
	if (e->running) {
		pthread_mutex_unlock(&e->lock);
		return GY_ERR_BUSY;
	}
	e->running = true;
	e->reported = false;
	pthread_mutex_unlock(&e->lock);
	if (e->joinable) {
		pthread_join(e->thread, NULL);
		e->joinable = false;
	}
#ifdef GY_NO_THREADS
	/* A build without threads (the browser's engine, GY_NO_THREADS): the search runs to its end here. */
	fn(e);
	return GY_OK;
#endif
	if (pthread_create(&e->thread, NULL, fn, e) != 0) {
		finish(e);
		return GY_ERR_NOMEM;
	}
	e->joinable = true;
	return GY_OK;
}

/* Resets the shared state for a new search of the engine's position. */
static void setup_search(struct gy_engine *e, const struct gy_limits *limits)
{
	struct search_shared *sh = e->sh;
	struct search_setup *s = &sh->setup;
	/* The move's time runs from the go, so what comes before the search (the first read of the network) is paid from it. */
	atomic_store(&sh->start_ms, gy__timeman_now());
	memset(s, 0, sizeof *s);
	s->limits = *limits;
	s->tm = gy__timeman_plan(limits, e->root.side, e->game_len, e->network_delay, e->minimum_think);
	s->multipv = e->multipv;
	s->skill = e->skill;
	s->entering = e->entering;
	if (e->entering_bonus)
		gy_impasse_handicap_extra(&e->start, s->entering_extra);
	s->max_moves = e->max_moves;
	s->nnue = NULL;
	if (e->use_nnue) {
		/* The default reads the built-in network at the first search (once per process). */
		enum gy_err err;
		const char *why = "";
		s->nnue = current_net(e, &err, &why);
		if (!s->nnue && e->cb.message) {
			char text[384];
			snprintf(text, sizeof text,
				 "error: the built-in network: %s; searching with the linear evaluation", why);
			e->cb.message(e->cb.ctx, text);
		}
	}
	s->report = true;
	if (e->skill < 20) {
		/* A weaker player looks less deep and chooses among more lines. */
		if (s->multipv < 4)
			s->multipv = 4;
		int depth = 1 + e->skill / 2;
		if (!s->limits.depth || s->limits.depth > depth)
			s->limits.depth = depth;
	}
	atomic_store(&sh->stop, false);
	atomic_store(&sh->pondering, limits->ponder);
	atomic_store(&sh->nodes, 0);
	tt_new_search(&e->tt);
	for (int i = 0; i < e->nworkers; i++)
		prepare_worker(e, e->workers[i]);
}

enum gy_err gy_engine_go(struct gy_engine *e, const struct gy_limits *limits)
{
	if (gy_engine_busy(e))
		return GY_ERR_BUSY;
	setup_search(e, limits);
	e->mate_mode = false;
	return start(e, search_main);
}

static void *mate_main(void *arg)
{
	struct gy_engine *e = arg;
	gy_move pv[MATE_MAX_PV];
	int n = 0;
	enum gy_mate_status status = GY_MATE_TIMEOUT;
	struct gy_mate *m = solver(e);
	if (m) {
		struct gy_mate_limits l;
		memset(&l, 0, sizeof l);
		l.time_ms = e->mate_ms < 0 ? 0 : e->mate_ms > 0 ? e->mate_ms : 1;
		/* go mate searches with the Threads of the option (docs/mate.md "Threads"); one when they cannot start. */
		int threads = e->threads < GY_MATE_THREADS_MAX ? e->threads : GY_MATE_THREADS_MAX;
		if (gy_mate_set_threads(m, threads) != GY_OK && gy_mate_set_threads(m, 1) == GY_OK && e->cb.message)
			e->cb.message(e->cb.ctx,
				      "the mate solver searches with one thread: its threads could not start");
		struct gy_mate_report r;
		status = gy_mate_solve(m, &e->root, &l, &e->sh->stop, pv, MATE_MAX_PV, &r);
		n = status == GY_MATE_FOUND ? gy_mate_pv_len(m) : 0;
		if (status == GY_MATE_FOUND && !r.complete) {
			/* A checkmate answer is a whole mate: a proven one without its line is not answered. */
			if (e->cb.message)
				e->cb.message(e->cb.ctx,
					      "mate proven, but the search stopped before its line was complete");
			status = GY_MATE_TIMEOUT;
			n = 0;
		}
	} else if (e->cb.message) {
		e->cb.message(e->cb.ctx, "error: no memory for the mate solver's table (MateHash)");
	}
	mark_reported(e);
	if (e->cb.checkmate)
		e->cb.checkmate(e->cb.ctx, status, pv, n);
	finish(e);
	return NULL;
}

enum gy_err gy_engine_go_mate(struct gy_engine *e, int64_t ms)
{
	if (gy_engine_busy(e))
		return GY_ERR_BUSY;
	atomic_store(&e->sh->stop, false);
	e->mate_ms = ms;
	e->mate_mode = true;
	return start(e, mate_main);
}

void gy_engine_stop(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	atomic_store(&e->sh->stop, true);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

void gy_engine_ponderhit(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	atomic_store(&e->sh->start_ms, gy__timeman_now());
	atomic_store(&e->sh->pondering, false);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

void gy_engine_wait(struct gy_engine *e)
{
	pthread_mutex_lock(&e->lock);
	while (e->running)
		pthread_cond_wait(&e->cond, &e->lock);
	pthread_mutex_unlock(&e->lock);
	if (e->joinable) {
		pthread_join(e->thread, NULL);
		e->joinable = false;
	}
}

enum gy_err gy_engine_bench(struct gy_engine *e, int depth, uint64_t *nodes, int64_t *ms)
{
	if (gy_engine_busy(e))
		return GY_ERR_BUSY;
	struct gy_engine_callbacks saved = e->cb;
	int threads = e->threads, multipv = e->multipv, skill = e->skill;
	enum gy_err err = GY_OK;
	if (e->nworkers != 1 && (err = make_workers(e, 1)) != GY_OK)
		return err;
	memset(&e->cb, 0, sizeof e->cb);
	e->multipv = 1;
	e->skill = 20;
	*nodes = 0;
	int64_t t0 = gy__timeman_now();
	for (int i = 0; gy__bench_positions[i]; i++) {
		struct gy_pos start;
		err = gy_sfen_parse(&start, gy__bench_positions[i], strlen(gy__bench_positions[i]), GY_SFEN_STRICT,
				    NULL);
		if (err)
			break;
		gy_engine_new_game(e);
		if ((err = gy_engine_set_position(e, &start, NULL, 0)) != GY_OK)
			break;
		struct gy_limits l;
		memset(&l, 0, sizeof l);
		l.depth = depth > 0 ? depth : BENCH_DEPTH;
		if ((err = gy_engine_go(e, &l)) != GY_OK)
			break;
		gy_engine_wait(e);
		*nodes += atomic_load(&e->sh->nodes);
	}
	*ms = gy__timeman_now() - t0;
	e->cb = saved;
	e->multipv = multipv;
	e->skill = skill;
	if (threads != 1 && make_workers(e, threads) != GY_OK)
		e->threads = 1;
	return err;
}

int gy_engine_evaluate(const struct gy_pos *p) { return eval_evaluate(p); }
