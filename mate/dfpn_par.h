/*
 * mate/dfpn_par.h: several df-pn searchers on one table (library-internal;
 * docs/mate.md "Threads").
 *
 * Every searcher searches the same root on the shared table, each with its
 * own path, frames and repetition state (struct dfpn); what one proves or
 * disproves the others read from the table.  A child another searcher is
 * inside is chosen as if it were half as hard again (a virtual loss, dfpn.h), so
 * the searchers spread over the tree instead of following one another.  The
 * first searcher to solve the root stops the others; every answer in the
 * table is sound whoever stored it, so the result is exact whatever the
 * number of searchers.  A growth or collection of the table runs while
 * every searcher waits at a barrier (dfpn_tt.h).
 */
#ifndef MATE_DFPN_PAR_H
#define MATE_DFPN_PAR_H

#include <stdbool.h>

#include "dfpn.h"
#include "gyoku/mate.h"

enum { DFPN_PAR_MAX = GY_MATE_THREADS_MAX };

/*
 * A group of `threads` searchers (2 to DFPN_PAR_MAX): the caller of
 * gy__dfpn_par_search and threads - 1 helper threads, started here and
 * waiting for work.  NULL when out of memory, when threads cannot be
 * started, or in a build without threads (GY_NO_THREADS).
 */
struct dfpn_par *gy__dfpn_par_create(int threads);

/* The searchers of `g`, the caller's included. */
int gy__dfpn_par_threads(const struct dfpn_par *g);

/* Ends the helper threads and frees `g` (NULL is fine). */
void gy__dfpn_par_destroy(struct dfpn_par *g);

/*
 * As gy__dfpn_search(s, depth, r), by all the searchers of `g` together on
 * s->tt: s's position, stop flag, deadline and node limit (for all the
 * nodes together) hold for every searcher.  On return s->nodes is the
 * nodes of all, and `r` the result of the searcher that solved the root
 * (s's own when none did: the limits stopped them).
 */
void gy__dfpn_par_search(struct dfpn_par *g, struct dfpn *s, int depth, struct dfpn_result *r);

/* For count_node: waits at the barrier while the table's growth or collection runs. */
void gy__dfpn_par_pause(struct dfpn_par *g);

/* For count_node, every 1024 nodes: true when the searcher must stop (the root solved, the node limit). */
bool gy__dfpn_par_poll(struct dfpn_par *g);

#endif
