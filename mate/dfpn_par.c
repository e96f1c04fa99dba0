/*
 * mate/dfpn_par.c: several df-pn searchers on one table (dfpn_par.h).
 *
 * The group's helpers wait on a condition variable for a job (a new value
 * of `job`); each then starts from the caller's root with a struct dfpn of
 * its own and searches until the root is solved or a limit stops it.  The
 * searchers count their nodes into `nodes` every 1024 (the node limit is
 * for all of them together) and read `stop`, set by the first to solve the
 * root.
 *
 * The barrier: a store into the shared table that would grow or collect it
 * sets the table's `maint` (dfpn_tt.c); every searcher sees it at its next
 * node (count_node) and comes to gy__dfpn_par_pause, where it holds nothing
 * of the table.  The last of the searchers still searching to arrive runs
 * gy__dfpn_tt_maintain and wakes the others; a searcher that finishes its
 * search leaves the count (`active`), running the maintenance if it was
 * the last one awaited.  The mutex orders every searcher's stores before the
 * maintenance and the maintenance before their next access.
 */
#include "dfpn_par.h"

#include <stdlib.h>
#include <string.h>

#ifndef GY_NO_THREADS
#include <pthread.h>

struct helper {
	pthread_t th;
	struct dfpn_par *g;
	struct dfpn *s;
	int id;
};

struct dfpn_par {
	int n; /* searchers, the caller's included */
	pthread_mutex_t mu;
	pthread_cond_t wake, done, bar;
	uint64_t job; /* the job's number: a new one starts the helpers */
	bool quit;
	int running; /* helpers still in the job */
	/* The job (set before it starts: the caller's struct dfpn changes as it searches). */
	struct gy_pos pos;
	int attacker; /* the root's attacker (the root may be the defender's node) */
	struct dfpn_tt *tt;
	const atomic_bool *user_stop;
	int64_t deadline_ns;
	int depth;
	uint64_t node_limit;
	/* While it runs. */
	atomic_bool stop;
	atomic_uint_fast64_t nodes;
	int active, parked; /* searchers still searching, and of them those waiting at the barrier */
	uint64_t bar_gen;
	/* Its result (under mu). */
	bool solved;
	struct dfpn_result res;
	uint64_t total;
	atomic_uchar busy[DFPN_BUSY_SLOTS];
	int nhelpers;
	struct helper h[DFPN_PAR_MAX];
};

/* The maintenance, when due and every searcher still searching waits (mu held). */
static void maintain_if_all_here(struct dfpn_par *g, struct dfpn_tt *tt)
{
	if (!atomic_load_explicit(&tt->maint, memory_order_relaxed) || g->parked < g->active)
		return;
	gy__dfpn_tt_maintain(tt);
	g->parked = 0;
	g->bar_gen++;
	pthread_cond_broadcast(&g->bar);
}

void gy__dfpn_par_pause(struct dfpn_par *g)
{
	struct dfpn_tt *tt = g->tt;
	pthread_mutex_lock(&g->mu);
	if (atomic_load_explicit(&tt->maint, memory_order_relaxed)) {
		uint64_t gen = g->bar_gen;
		g->parked++;
		maintain_if_all_here(g, tt);
		while (gen == g->bar_gen)
			pthread_cond_wait(&g->bar, &g->mu);
	}
	pthread_mutex_unlock(&g->mu);
}

bool gy__dfpn_par_poll(struct dfpn_par *g)
{
	uint64_t n = atomic_fetch_add_explicit(&g->nodes, 1024, memory_order_relaxed) + 1024;
	return atomic_load_explicit(&g->stop, memory_order_relaxed) || (g->node_limit && n >= g->node_limit);
}

/* A searcher's end: its result (the first solved one is the group's) and its nodes; it leaves the barrier. */
static void finish(struct dfpn_par *g, const struct dfpn *s, const struct dfpn_result *r)
{
	pthread_mutex_lock(&g->mu);
	if ((r->pn == 0 || r->dn == 0) && !g->solved) {
		g->solved = true;
		g->res = *r;
		atomic_store_explicit(&g->stop, true, memory_order_relaxed);
	}
	g->total += s->nodes;
	g->active--;
	if (g->active > 0)
		maintain_if_all_here(g, s->tt);
	pthread_mutex_unlock(&g->mu);
}

/* One searcher's search from the root on the shared table, its result offered to the group. */
static void search_one(struct dfpn_par *g, struct dfpn *s, int depth, struct dfpn_result *r)
{
	s->node_limit = 0;
	s->par = g;
	s->busy = g->busy;
	s->halt = &g->stop;
	gy__dfpn_search(s, depth, r);
	finish(g, s, r);
}

static void *helper_main(void *arg)
{
	struct helper *h = arg;
	struct dfpn_par *g = h->g;
	uint64_t seen = 0;
	for (;;) {
		pthread_mutex_lock(&g->mu);
		while (!g->quit && g->job == seen)
			pthread_cond_wait(&g->wake, &g->mu);
		if (g->quit) {
			pthread_mutex_unlock(&g->mu);
			return NULL;
		}
		seen = g->job;
		struct dfpn *s = h->s;
		gy__dfpn_start(s, g->tt, &g->pos);
		s->attacker = g->attacker;
		s->stop = g->user_stop;
		s->deadline_ns = g->deadline_ns;
		int depth = g->depth;
		pthread_mutex_unlock(&g->mu);

		struct dfpn_result r;
		search_one(g, s, depth, &r);

		pthread_mutex_lock(&g->mu);
		if (--g->running == 0)
			pthread_cond_signal(&g->done);
		pthread_mutex_unlock(&g->mu);
	}
}

static void stop_helpers(struct dfpn_par *g)
{
	pthread_mutex_lock(&g->mu);
	g->quit = true;
	pthread_cond_broadcast(&g->wake);
	pthread_mutex_unlock(&g->mu);
	for (int i = 0; i < g->nhelpers; i++)
		pthread_join(g->h[i].th, NULL);
	g->nhelpers = 0;
}

int gy__dfpn_par_threads(const struct dfpn_par *g) { return g->n; }

void gy__dfpn_par_destroy(struct dfpn_par *g)
{
	if (!g)
		return;
	stop_helpers(g);
	for (int i = 0; i < g->n - 1; i++) {
		if (g->h[i].s) {
			gy__dfpn_finish(g->h[i].s);
			free(g->h[i].s);
		}
	}
	pthread_cond_destroy(&g->bar);
	pthread_cond_destroy(&g->done);
	pthread_cond_destroy(&g->wake);
	pthread_mutex_destroy(&g->mu);
	free(g);
}

struct dfpn_par *gy__dfpn_par_create(int threads)
{
	if (threads < 2 || threads > DFPN_PAR_MAX)
		return NULL;
	struct dfpn_par *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->n = threads;
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->wake, NULL);
	pthread_cond_init(&g->done, NULL);
	pthread_cond_init(&g->bar, NULL);
	for (int i = 0; i < threads - 1; i++) {
		g->h[i].g = g;
		g->h[i].id = i + 1;
		g->h[i].s = calloc(1, sizeof *g->h[i].s);
		if (!g->h[i].s)
			goto fail;
	}
	for (int i = 0; i < threads - 1; i++) {
		if (pthread_create(&g->h[i].th, NULL, helper_main, &g->h[i]))
			goto fail;
		g->nhelpers++;
	}
	return g;
fail:
	gy__dfpn_par_destroy(g);
	return NULL;
}

void gy__dfpn_par_search(struct dfpn_par *g, struct dfpn *s, int depth, struct dfpn_result *r)
{
	struct dfpn_tt *tt = s->tt;
	uint64_t limit = s->node_limit;
	pthread_mutex_lock(&g->mu);
	g->pos = s->pos;
	g->attacker = s->attacker;
	g->tt = tt;
	g->user_stop = s->stop;
	g->deadline_ns = s->deadline_ns;
	g->depth = depth;
	g->node_limit = limit;
	atomic_store_explicit(&g->stop, false, memory_order_relaxed);
	atomic_store_explicit(&g->nodes, 0, memory_order_relaxed);
	g->active = g->n;
	g->parked = 0;
	g->solved = false;
	g->total = 0;
	g->running = g->n - 1;
	tt->shared = true;
	g->job++;
	pthread_cond_broadcast(&g->wake);
	pthread_mutex_unlock(&g->mu);

	struct dfpn_result own;
	search_one(g, s, depth, &own);

	pthread_mutex_lock(&g->mu);
	while (g->running > 0)
		pthread_cond_wait(&g->done, &g->mu);
	tt->shared = false;
	if (atomic_load_explicit(&tt->maint, memory_order_relaxed))
		gy__dfpn_tt_maintain(tt); /* asked for after the others had left: the next store would do it alone */
	*r = g->solved ? g->res : own;
	s->nodes = g->total;
	s->aborted = !g->solved;
	pthread_mutex_unlock(&g->mu);
	s->par = NULL;
	s->busy = NULL;
	s->halt = NULL;
	s->node_limit = limit;
}

#else /* GY_NO_THREADS: no helpers; the solver searches alone */

struct dfpn_par *gy__dfpn_par_create(int threads)
{
	(void)threads;
	return NULL;
}

int gy__dfpn_par_threads(const struct dfpn_par *g)
{
	(void)g;
	return 1;
}

void gy__dfpn_par_destroy(struct dfpn_par *g) { (void)g; }

void gy__dfpn_par_search(struct dfpn_par *g, struct dfpn *s, int depth, struct dfpn_result *r)
{
	(void)g;
	gy__dfpn_search(s, depth, r);
}

void gy__dfpn_par_pause(struct dfpn_par *g) { (void)g; }

bool gy__dfpn_par_poll(struct dfpn_par *g)
{
	(void)g;
	return false;
}

#endif
