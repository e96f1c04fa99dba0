/*
 * tests/t_mate.c: the mate solver (docs/mate.md) on the problems of
 * the files of tests/data/tsume/ (or those given as arguments), on the
 * last 3 to 71 plies of "Microcosmos" (the positions are made here by
 * replaying the published solution from ../shared/research-data/, and
 * skipped when it is absent), plus the solver's API (stop flag, node
 * limit, a tiny table) and its table's memory (growth, collection).
 *
 * Case line: id <TAB> SFEN <TAB> "mate N" | "nomate" [<TAB> tags], tags
 * comma-separated: "slow" (skipped with --quick, the sanitizer build),
 * "unpromoted" (the line must contain an attacker move that declines a
 * legal promotion), "tsume-rules" (solve with the composition rules),
 * "first=N" (the first proof, without the shortest-mate refinement, must
 * be found within N nodes: pins how well the search finds its way).
 *
 * Every mate is checked by replay, independently of the solver: each
 * attacker move is legal and gives check, each defender move is legal, the
 * final position is in check with no legal move, and the line has N
 * moves (with "tsume-rules", the end may leave the defender interposing
 * drops, the futile ones the rules do not count).  Short answers are also checked by a plain depth-first search
 * (no mate in N - 2, and no mate in 5 for "nomate").
 *
 * tests/data/tsume/check.tsv: the check of composed problems
 * (gy_mate_check; the format is described in the file): the verdict, the
 * length, the findings, and up to 7 plies the alternative mates against
 * a brute force.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "datafile.h"
#include "dfpn_tt.h"
#include "gyoku/gyoku.h"
#include "gyoku/mate.h"
#include "mate_int.h"

enum { PV_MAX = 4096 };

static bool brute_check_mates(struct gy_pos *p, gy_move c, int d);

/* True when the side to move (attacker) mates within `d` plies: a brute-force AND/OR search. */
static bool brute_mate(struct gy_pos *p, int d)
{
	if (d < 1)
		return false;
	struct gy_movelist checks;
	checks.n = 0;
	gy_gen(p, GY_GEN_CHECKS, &checks);
	for (int i = 0; i < checks.n; i++)
		if (brute_check_mates(p, checks.moves[i], d))
			return true;
	return false;
}

/* True when the check `c` of `p` (attacker to move) mates within `d` plies, itself included (brute force). */
static bool brute_check_mates(struct gy_pos *p, gy_move c, int d)
{
	struct gy_undo u;
	gy_pos_do(p, c, &u);
	struct gy_movelist ev;
	ev.n = 0;
	gy_gen(p, GY_GEN_LEGAL, &ev);
	bool mated = true;
	for (int j = 0; mated && j < ev.n; j++) {
		struct gy_undo u2;
		gy_pos_do(p, ev.moves[j], &u2);
		mated = brute_mate(p, d - 2);
		gy_pos_undo(p, ev.moves[j], &u2);
	}
	gy_pos_undo(p, c, &u);
	return mated;
}

/* Replays the line; NULL when it is a mate of exactly n plies, else why not. */
static const char *replay(const struct gy_pos *start, const gy_move *pv, int n, bool tsume, bool *declined)
{
	struct gy_pos p = *start;
	int attacker = p.side;
	*declined = false;
	for (int i = 0; i < n; i++) {
		gy_move m = pv[i];
		if (!gy_move_is_legal(&p, m))
			return "an illegal move";
		if (p.side == attacker) {
			if (!gy_pos_gives_check(&p, m))
				return "an attacker move without check";
			if (!gy_move_is_drop(m) && !gy_move_is_promotion(m) &&
			    gy_move_is_legal(&p, m | GY_MOVE_PROMOTE))
				*declined = true;
		}
		struct gy_undo u;
		gy_pos_do(&p, m, &u);
	}
	if (!gy_pos_in_check(&p))
		return "the final position is not check";
	if (gy_has_legal_move(&p)) {
		/* Under the tsume rules the defender may have only (futile) interposing drops left. */
		struct gy_movelist l;
		l.n = 0;
		gy_gen(&p, GY_GEN_LEGAL, &l);
		for (int i = 0; i < l.n; i++)
			if (!tsume || !gy_move_is_drop(l.moves[i]))
				return "the final position is not mate";
	}
	if (p.side == attacker)
		return "the attacker is mated";
	return NULL;
}

static bool has_tag(const char *tags, const char *tag)
{
	size_t n = strlen(tag);
	for (const char *t = tags; (t = strstr(t, tag)); t += n)
		if ((t == tags || t[-1] == ',') && (t[n] == '\0' || t[n] == ','))
			return true;
	return false;
}

/*
 * With a tag "first=N": true (and `why` set) when the first proof of `pos`
 * (no refinement, a table cleared) is not found within N nodes.
 */
static bool first_within(struct gy_mate *m, const struct gy_pos *pos, const char *tags, const char **why)
{
	const char *f = strstr(tags, "first=");
	if (!f || (f != tags && f[-1] != ','))
		return false;
	struct gy_mate_limits lim = {0, strtoull(f + 6, NULL, 10), true, false};
	struct gy_mate_report rep;
	static gy_move pv[PV_MAX];
	gy_mate_clear(m);
	if (gy_mate_solve(m, pos, &lim, NULL, pv, PV_MAX, &rep) == GY_MATE_FOUND)
		return false;
	*why = "the first proof was not found within the nodes of its first= tag";
	return true;
}

static void run_case(struct check_tally *t, struct gy_mate *m, const char *id, const char *sfen, const char *want,
		     const char *tags)
{
	struct gy_pos pos;
	struct gy_srcpos where;
	enum gy_err err = gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_TSUME, &where);
	if (err) {
		check_fail(t, id, "SFEN: %s at column %d", gy_strerror(err), where.col);
		return;
	}
	int n_want = -1;
	if (!strncmp(want, "mate ", 5))
		n_want = (int)strtol(want + 5, NULL, 10);
	else if (strcmp(want, "nomate")) {
		check_fail(t, id, "expected 'mate N' or 'nomate', not '%s'", want);
		return;
	}
	static gy_move pv[PV_MAX];
	struct gy_mate_limits lim = {0, 400000000, false, has_tag(tags, "tsume-rules")};
	struct gy_mate_report rep;
	gy_mate_clear(m);
	enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
	if (n_want < 0) {
		if (st != GY_MATE_NONE) {
			check_fail(t, id, "%s instead of nomate", gy_mate_status_name(st));
			return;
		}
		CHECK(t, id, !brute_mate(&pos, 5), "brute force finds a mate within 5 plies");
		return;
	}
	if (st != GY_MATE_FOUND) {
		check_fail(t, id, "%s instead of mate %d", gy_mate_status_name(st), n_want);
		return;
	}
	int n = gy_mate_pv_len(m);
	bool declined = false;
	const char *why = replay(&pos, pv, n, lim.tsume_rules, &declined);
	if (why)
		check_fail(t, id, "the line of %d plies is wrong: %s", n, why);
	else if (rep.length != n_want || n != n_want)
		check_fail(t, id, "mate %d (line of %d plies) instead of mate %d", rep.length, n, n_want);
	else if (!rep.shortest)
		check_fail(t, id, "the length was not proven shortest");
	else if (has_tag(tags, "unpromoted") && !declined)
		check_fail(t, id, "the line never declines a promotion");
	else if (n_want >= 3 && n_want <= 7 && brute_mate(&pos, n_want - 2))
		check_fail(t, id, "brute force mates in %d", n_want - 2);
	else if (first_within(m, &pos, tags, &why))
		check_fail(t, id, "%s", why);
	else
		check_pass(t, id);
}

static void run_file(struct check_tally *t, struct gy_mate *m, const char *path, bool quick, struct datafile_ids *ids)
{
	struct datafile d;
	if (!datafile_open(&d, path)) {
		check_fail(t, "tsume-0.1", "cannot open %s", path);
		return;
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		int nf = datafile_split(d.line, f);
		char lid[64];
		snprintf(lid, sizeof lid, "tsume-line-%d", d.lineno);
		if (nf < 3 || nf > 4 || !datafile_id_ok(f[0])) {
			check_fail(t, lid, "%s: malformed line", path);
			continue;
		}
		if (!datafile_id_new(ids, f[0])) {
			check_fail(t, lid, "%s: case %s appears twice", path, f[0]);
			continue;
		}
		const char *tags = nf == 4 ? f[3] : "";
		if (quick && has_tag(tags, "slow")) {
			check_skip(f[0], "slow (--quick)");
			continue;
		}
		run_case(t, m, f[0], f[1], f[2], tags);
	}
	datafile_close(&d);
}

/* The Microcosmos file: "# ... SFEN: <sfen>", a comment line, then the solution in USI. */
static const char microcosmos_path[] = "../shared/research-data/tsume_microcosmos_1525.txt";
enum { MICRO_MAX = 1600 };

/*
 * Replays the published solution of Microcosmos; fills `pos` with the
 * position before each ply (pos[i], i = 0..n) and returns n, or 0 when the
 * file is absent or does not replay (the message says which).
 */
static int microcosmos_line(struct gy_pos *pos, gy_move *line, const char **why)
{
	size_t len;
	char *text = datafile_slurp(microcosmos_path, &len);
	*why = "absent";
	if (!text)
		return 0;
	int n = 0;
	*why = "no SFEN line";
	char *sfen = strstr(text, "SFEN: "), *nl = sfen ? strchr(sfen, '\n') : NULL;
	char *moves = nl ? strchr(nl + 1, '\n') : NULL;
	if (sfen && nl && moves) {
		sfen += strlen("SFEN: ");
		*why = "bad SFEN";
		if (gy_sfen_parse(&pos[0], sfen, (size_t)(nl - sfen), GY_SFEN_TSUME, NULL) == GY_OK) {
			/* The problem's convention, which its SFEN leaves unsaid: the defender holds the rest. */
			gy_pos_give_rest_to(&pos[0], pos[0].side ^ 1);
			*why = NULL;
			for (char *w = strtok(moves + 1, " \n"); w && n < MICRO_MAX - 1; w = strtok(NULL, " \n")) {
				gy_move m;
				if (gy_usi_parse_move(&pos[n], w, strlen(w), &m, NULL) != GY_OK) {
					*why = "an illegal move in the solution";
					n = 0;
					break;
				}
				struct gy_undo u;
				pos[n + 1] = pos[n];
				gy_pos_do(&pos[n + 1], m, &u);
				line[n++] = m;
			}
		}
	}
	free(text);
	return *why ? 0 : n;
}

/*
 * A solve of `p` (a mate in `mate` plies) stopped by `nodes` with an
 * `mb` MB table: a mate with a complete line, not claimed shortest when
 * `exact` (and then of the mate's length), else no shorter than the mate.
 */
static void stopped_line(struct check_tally *t, const char *id, const struct gy_pos *p, int mate, size_t mb,
			 uint64_t nodes, bool exact)
{
	struct gy_mate *mt = NULL;
	static gy_move pv[PV_MAX];
	struct gy_mate_limits lim = {0, nodes, false, false};
	struct gy_mate_report rep;
	bool declined;
	const char *bad = gy_mate_create(&mt, mb) ? "no memory for the table" : NULL;
	enum gy_mate_status st = bad ? GY_MATE_TIMEOUT : gy_mate_solve(mt, p, &lim, NULL, pv, PV_MAX, &rep);
	int len = bad ? 0 : gy_mate_pv_len(mt);
	if (!bad)
		bad = st != GY_MATE_FOUND     ? "no mate within the node limit"
		      : !rep.complete         ? "the line is incomplete"
		      : exact && rep.shortest ? "claimed shortest within the node limit"
					      : replay(p, pv, len, false, &declined);
	if (!bad && (exact ? len != mate : len < mate))
		bad = exact ? "a line of another length than the mate" : "a line shorter than the mate";
	CHECK(t, id, !bad, "%s (%s %d plies)", bad ? bad : "", gy_mate_status_name(st), len);
	gy_mate_destroy(mt);
}

/*
 * tsume-4.61s: the 61-ply tail's line with the detour of the 1541-ply line
 * the first proof of Microcosmos gives at the same place (`3a4a 4b3b 2a3a
 * 3b2b N*3d 3c3d 3a2a 2b3b` for `N*3d 3c3d 3a4a 4b3b`, 65 plies) is
 * shortened to a proven mate of 61 (gy__mate_splice, docs/mate.md
 * "Shortest mate and the line", 2); tsume-4.61n: the published line itself,
 * the shortest, is not shortened (a shorter line proven would be a wrong
 * answer).  `root` is the tail's position and `tail` its 61 moves.
 */
static void splice_cases(struct check_tally *t, struct gy_mate *m, const struct gy_pos *root, const gy_move *tail)
{
	static const char *const detour[] = {"3a4a", "4b3b", "2a3a", "3b2b", "N*3d", "3c3d", "3a2a", "2b3b"};
	gy_move line[65], out[65];
	int k = 0;
	struct gy_pos p = *root;
	const char *bad = NULL;
	for (int i = 0; i < 61 && !bad; i++) {
		int nd = i == 4 ? 8 : i >= 5 && i <= 7 ? 0 : 1;
		for (int d = 0; d < nd && !bad; d++) {
			gy_move mv = tail[i];
			if (nd == 8 && gy_usi_parse_move(&p, detour[d], strlen(detour[d]), &mv, NULL) != GY_OK)
				bad = "the detour does not replay";
			struct gy_undo u;
			if (!bad) {
				gy_pos_do(&p, mv, &u);
				line[k++] = mv;
			}
		}
	}
	bool declined;
	if (!bad)
		bad = replay(root, line, k, false, &declined);
	gy_mate_clear(m);
	int sn = bad ? 0 : gy__mate_splice(m, root, line, k, out);
	if (!bad && sn != 61)
		bad = "not shortened to 61 plies";
	if (!bad)
		bad = replay(root, out, sn, false, &declined);
	CHECK(t, "tsume-4.61s", !bad && k == 65, "%s (%d plies, shortened to %d)", bad ? bad : "", k, sn);
	gy_mate_clear(m);
	sn = gy__mate_splice(m, root, tail, 61, out);
	CHECK(t, "tsume-4.61n", sn == 0, "the shortest line shortened to %d plies", sn);
}

/* tsume-4.N: the position N plies before the end of Microcosmos is a mate in N. */
static void microcosmos_cases(struct check_tally *t, struct gy_mate *m, bool quick, char *p31, size_t p31_size)
{
	static struct gy_pos pos[MICRO_MAX];
	static gy_move line[MICRO_MAX];
	const char *why;
	int n = microcosmos_line(pos, line, &why);
	if (n == 0) {
		check_skip("tsume-4.0", why);
		return;
	}
	/*
	 * check-8.1: the last 21 plies as a composition: the solver's line left a gold in hand (☖１七玉 ☗２八金);
	 * the check mends it to the published ending (☖同玉 ☗２九金打), every piece used: sound.  (Earlier the
	 * line differs from the published one where the defender has equal choices: ☖同銀成 or 不成.)
	 */
	static struct gy_mate_check c;
	gy_mate_clear(m);
	enum gy_mate_verdict v = gy_mate_check(m, &pos[n - 21], NULL, NULL, &c);
	char last[2][GY_USI_MOVE_MAX] = {"", ""};
	if (c.n == 21) {
		gy_usi_write_move(c.line[19], last[0]);
		gy_usi_write_move(c.line[20], last[1]);
	}
	CHECK(t, "check-8.1",
	      v == GY_MATE_SOUND && c.n == 21 && !c.left && !strcmp(last[0], "1h1i") && !strcmp(last[1], "G*2i"),
	      "the 21-ply tail: %s, %d plies, ending %s %s", gy_mate_verdict_name(v), c.n, last[0], last[1]);
	static const int tails[] = {3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25, 31, 35, 41, 45, 51, 71};
	for (unsigned i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		int k = tails[i];
		char id[32], want[32], sfen[GY_SFEN_MAX];
		snprintf(id, sizeof id, "tsume-4.%02d", k);
		snprintf(want, sizeof want, "mate %d", k);
		gy_sfen_write(&pos[n - k], sfen, sizeof sfen);
		if (k == 31)
			snprintf(p31, p31_size, "%s", sfen);
		if (quick && k >= 35)
			check_skip(id, "slow (--quick)");
		else
			run_case(t, m, id, sfen, want, "");
	}
	splice_cases(t, m, &pos[n - 61], &line[n - 61]);
	/*
	 * tsume-4.51h: the 51-ply tail stopped at 150,000 nodes (64 MB), in the
	 * refinement's search for a mate within 49 that fails: the line
	 * reported (not proven shortest) is the table's minimax, complete and
	 * of the mate's length.  Before, the line whose defender took the
	 * evasion of the longest stored length came out as a 49-ply mate.
	 */
	stopped_line(t, "tsume-4.51h", &pos[n - 51], 51, 64, 150000, true);
	/*
	 * tsume-4.61h: the 61-ply tail stopped at 3,500,000 nodes with a 1 MB
	 * table, in the refinement's last search (within 59), after the proof
	 * of 61: the table's answers alone no longer make the 61-ply line, so
	 * it is built with the short searches it needs, as the line held (65
	 * plies) is longer than the mate proven: `mate 61`.  Before: `mate 65`,
	 * the first proof's line.
	 */
	if (quick)
		check_skip("tsume-4.61h", "slow (--quick)");
	else
		stopped_line(t, "tsume-4.61h", &pos[n - 61], 61, 1, 3500000, true);
	/*
	 * tsume-4.51s: the 51-ply tail solved whole (first proof, refinement,
	 * line) within 800,000 nodes, proven shortest, with a line of 51 plies
	 * that mates.  The line's searches run inside the path from the root
	 * (docs/mate.md "Shortest mate and the line", 3): 771,894 nodes;
	 * searched from each position alone, they did not find the refinement's
	 * path-dependent disproofs again (820,741 nodes).
	 */
	if (quick)
		check_skip("tsume-4.51s", "slow (--quick)");
	else {
		struct gy_mate *m1 = NULL;
		static gy_move pv[PV_MAX];
		struct gy_mate_limits lim = {0, 800000, false, false};
		struct gy_mate_report rep;
		bool declined;
		const char *bad = gy_mate_create(&m1, 256) ? "no memory for the table" : NULL;
		enum gy_mate_status st =
			bad ? GY_MATE_TIMEOUT : gy_mate_solve(m1, &pos[n - 51], &lim, NULL, pv, PV_MAX, &rep);
		if (!bad)
			bad = st != GY_MATE_FOUND              ? "no mate within the node limit"
			      : !rep.complete || !rep.shortest ? "not solved exactly within the node limit"
			      : gy_mate_pv_len(m1) != 51       ? "a line of another length than the mate"
							       : replay(&pos[n - 51], pv, 51, false, &declined);
		CHECK(t, "tsume-4.51s", !bad, "%s (%s, %d plies)", bad ? bad : "", gy_mate_status_name(st),
		      bad && m1 ? gy_mate_pv_len(m1) : 0);
		gy_mate_destroy(m1);
	}
	/*
	 * tsume-4.45h: the 45-ply tail stopped at 100,000 nodes with a 1 MB
	 * table, in the refinement: the table's minimax line is incomplete, and
	 * the line built from the entries' lengths is a 43-ply mate (a defender
	 * move not the longest).  Reported complete, it said "mate 43"; its
	 * length is below the proven 45, so the report is incomplete, mate
	 * within 45.
	 */
	{
		struct gy_mate *m1 = NULL;
		static gy_move pv[PV_MAX];
		struct gy_mate_limits lim = {0, 100000, false, false};
		struct gy_mate_report rep;
		bool declined;
		const char *bad = gy_mate_create(&m1, 1) ? "no memory for the table" : NULL;
		enum gy_mate_status st =
			bad ? GY_MATE_TIMEOUT : gy_mate_solve(m1, &pos[n - 45], &lim, NULL, pv, PV_MAX, &rep);
		if (!bad)
			bad = st != GY_MATE_FOUND ? "no mate within the node limit"
			      : rep.length < 45   ? "a length below the mate's"
			      : rep.complete      ? replay(&pos[n - 45], pv, gy_mate_pv_len(m1), false, &declined)
						  : NULL;
		CHECK(t, "tsume-4.45h", !bad, "%s (%s %d, %s)", bad ? bad : "", gy_mate_status_name(st),
		      bad && st == GY_MATE_FOUND ? rep.length : 0, bad && rep.complete ? "complete" : "incomplete");
		gy_mate_destroy(m1);
	}
	/*
	 * tsume-4.101h: the 101-ply tail stopped at 2,000,000 nodes with a 2 MB
	 * table, collected many times: the table's answers alone no longer make
	 * the first proof's line, so it is built with the short searches it
	 * needs (docs/mate.md "Shortest mate and the line", 3); a complete
	 * mate, no shorter than the tail.  Before: `mate <= 101 (line
	 * incomplete)`, no line held.
	 */
	if (quick)
		check_skip("tsume-4.101h", "slow (--quick)");
	else
		stopped_line(t, "tsume-4.101h", &pos[n - 101], 101, 2, 2000000, false);
	/*
	 * tsume-4.61, 4.71f and 4.101: the first proof of the 61-, 71- and
	 * 101-ply tails (no refinement, a 64 MB table) within a node limit, as
	 * the search's estimates and sums (docs/mate.md "Search") allow.  With
	 * the drops of a lance, bishop or rook counted by their max at OR nodes
	 * (and their thresholds by that max): 61: 0.25 M nodes (1.30 M summed);
	 * 71: 0.33 M (0.94 M summed); 101: 1.23 M (0.74 M summed, 1.6 M with
	 * plain (1, 1) numbers at new nodes).  A mate found has a line that is
	 * complete (a mate on replay) and no shorter than the tail.
	 */
	static const struct {
		int k;
		uint64_t nodes;
		const char *id;
	} firsts[] = {{61, 500000, "tsume-4.61"}, {71, 600000, "tsume-4.71f"}, {101, 2000000, "tsume-4.101"}};
	for (unsigned i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
		int k = firsts[i].k;
		const char *id = firsts[i].id;
		if (quick) {
			check_skip(id, "slow (--quick)");
			continue;
		}
		struct gy_mate *m64 = NULL;
		if (gy_mate_create(&m64, 64)) {
			check_fail(t, id, "no memory for the table");
			return;
		}
		static gy_move pv[PV_MAX];
		struct gy_mate_limits lim = {0, firsts[i].nodes, true, false};
		struct gy_mate_report rep;
		enum gy_mate_status st = gy_mate_solve(m64, &pos[n - k], &lim, NULL, pv, PV_MAX, &rep);
		bool declined;
		const char *bad = st != GY_MATE_FOUND ? "no mate within the node limit"
				  : !rep.complete     ? "the line is incomplete"
						      : replay(&pos[n - k], pv, gy_mate_pv_len(m64), false, &declined);
		if (!bad && gy_mate_pv_len(m64) < k)
			bad = "a line shorter than the shortest mate";
		CHECK(t, id, !bad, "%s (%s after %llu nodes)", bad ? bad : "", gy_mate_status_name(st),
		      (unsigned long long)rep.nodes);
		gy_mate_destroy(m64);
	}
}

struct stopper {
	atomic_bool *flag;
	int ms;
};

static void *stop_later(void *arg)
{
	struct stopper *s = arg;
	struct timespec ts = {s->ms / 1000, (long)(s->ms % 1000) * 1000000};
	nanosleep(&ts, NULL);
	atomic_store(s->flag, true);
	return NULL;
}

/* The API: the stop flag from another thread, the node limit, a 1 MB table. */
static void api_cases(struct check_tally *t, const char *p31)
{
	/* A lone king with the defender holding nearly everything: not solved quickly. */
	const char *hard = "9/9/9/9/9/9/9/9/k8 b 2R2B4g4s4n4l18p 1";
	struct gy_pos pos;
	struct gy_mate *m = NULL;
	static gy_move pv[PV_MAX];
	struct gy_mate_report rep;
	if (gy_sfen_parse(&pos, hard, strlen(hard), GY_SFEN_TSUME, NULL) || gy_mate_create(&m, 16)) {
		check_fail(t, "mate-api-1.1", "setup");
		return;
	}
	atomic_bool stop = false;
	struct stopper s = {&stop, 100};
	pthread_t th;
	pthread_create(&th, NULL, stop_later, &s);
	enum gy_mate_status st = gy_mate_solve(m, &pos, NULL, &stop, pv, PV_MAX, &rep);
	pthread_join(th, NULL);
	CHECK(t, "mate-api-1.1", st == GY_MATE_TIMEOUT, "stop flag: %s", gy_mate_status_name(st));
	struct gy_mate_limits lim = {0, 20000, false, false};
	st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
	CHECK(t, "mate-api-1.2", st == GY_MATE_TIMEOUT && rep.nodes < 40000, "node limit: %s after %llu nodes",
	      gy_mate_status_name(st), (unsigned long long)rep.nodes);
	gy_mate_destroy(m);
	/* A table of 1 MB (about 26,000 entries) is overwritten many times over, and still the mate is right. */
	if (!*p31) {
		check_skip("mate-api-1.3", "the Microcosmos solution is absent");
		return;
	}
	if (gy_sfen_parse(&pos, p31, strlen(p31), GY_SFEN_TSUME, NULL) || gy_mate_create(&m, 1)) {
		check_fail(t, "mate-api-1.3", "setup");
		return;
	}
	st = gy_mate_solve(m, &pos, NULL, NULL, pv, PV_MAX, &rep);
	bool declined;
	const char *why = st == GY_MATE_FOUND ? replay(&pos, pv, gy_mate_pv_len(m), false, &declined) : "not found";
	CHECK(t, "mate-api-1.3", !why && rep.length == 31, "1 MB table: %s, length %d", why ? why : "ok", rep.length);
	gy_mate_destroy(m);
}

/*
 * mate-api-2.N (docs/mate.md "Shortest mate and the line", 4. Complete or
 * not): a node limit that stops the solver while it builds the line.  A
 * line reported complete must replay to a mate of the reported length; an
 * incomplete one must say so, with a length that bounds the mate from
 * above and moves that are legal, the attacker's checks.  (Before lines
 * were checked by replay, the tsume rules took a cut-off line's skipped
 * evasions for futile interpositions and reported a 1-ply "mate 1".)
 */
static void cut_line_cases(struct check_tally *t, bool quick)
{
	static const struct {
		const char *id, *sfen;
		size_t mb;
		uint64_t nodes;
		bool tsume;
		int at_least; /* the shortest mate's length: an incomplete report may not claim less */
		int complete; /* a complete line of this length required (0: either) */
	} cases[] = {
		{"mate-api-2.1", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 1, 150000, true, 25, 0},
		{"mate-api-2.2", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 16, 150000, true, 25, 0},
		/* 2.5 (and 2.6 below): the refinement stopped, the first proof's line held (before: incomplete). */
		{"mate-api-2.5", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 1, 150000, false, 25, 25},
		{"mate-api-2.3", "9/9/9/9/4k4/9/9/9/K8 b RBGS 1", 1, 300000, false, 1, 0},
		{"mate-api-2.4", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 16, 500000, true, 25, 0},
		/*
		 * 2.6: within these nodes the refinement proves 15 (the minimax; the first proof 23) and is stopped
		 * in its last search: the 15-ply line held, built with the short searches the table's answers alone
		 * no longer allowed (before: the 19-ply line, the last the table's minimax made).
		 */
		{"mate-api-2.6", "9/9/9/9/4k4/9/9/9/K8 b RBGS 1", 1, 300000, false, 15, 15},
	};
	static gy_move pv[PV_MAX];
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *id = cases[i].id;
		if (quick && i >= 3) {
			check_skip(id, "slow (--quick)");
			continue;
		}
		struct gy_pos pos;
		struct gy_mate *m = NULL;
		if (gy_sfen_parse(&pos, cases[i].sfen, strlen(cases[i].sfen), GY_SFEN_TSUME, NULL) ||
		    gy_mate_create(&m, cases[i].mb)) {
			check_fail(t, id, "setup");
			gy_mate_destroy(m);
			continue;
		}
		struct gy_mate_limits lim = {0, cases[i].nodes, false, cases[i].tsume};
		struct gy_mate_report rep;
		enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
		int n = gy_mate_pv_len(m);
		bool declined;
		const char *why = NULL;
		if (cases[i].complete && (st != GY_MATE_FOUND || !rep.complete || rep.length != cases[i].complete))
			why = "no complete line of the length of the proof";
		else if (st == GY_MATE_FOUND && rep.complete) {
			why = replay(&pos, pv, n, cases[i].tsume, &declined);
			if (!why && n != rep.length)
				why = "the line's length is not the one reported";
			if (!why && n < cases[i].at_least)
				why = "shorter than the shortest mate";
		} else if (st == GY_MATE_FOUND) {
			struct gy_pos p = pos;
			for (int k = 0; k < n && !why; k++) {
				if (!gy_move_is_legal(&p, pv[k]))
					why = "an illegal move in the known start of the line";
				else if (p.side == pos.side && !gy_pos_gives_check(&p, pv[k]))
					why = "an attacker move without check";
				struct gy_undo u;
				if (!why)
					gy_pos_do(&p, pv[k], &u);
			}
			if (!why && (rep.length < cases[i].at_least || rep.length < n))
				why = "the length reported is no upper bound";
			if (!why && rep.shortest)
				why = "an incomplete line reported shortest";
		}
		if (why)
			check_fail(t, id, "%s, %s line of %d plies (mate %d): %s", gy_mate_status_name(st),
				   rep.complete ? "complete" : "incomplete", n, rep.length, why);
		else
			check_pass(t, id);
		gy_mate_destroy(m);
	}
}

/* The table's unit cases (mate-api-3.1 to 3.3, 3.7, 3.8): entries of three kinds, each with its answer. */
enum { TT_N = 60000 };
static uint64_t tt_key[TT_N];

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Stores entry i: a proof (length 1 + i % 50), a disproof, or the numbers of an unsolved node. */
static void tt_put(struct dfpn_tt *tt, int i, uint32_t amount)
{
	if (i % 3 == 0)
		gy__dfpn_tt_store_proof(tt, tt_key[i], 0, 1 + i % 50, (gy_move)i + 1, amount);
	else if (i % 3 == 1)
		gy__dfpn_tt_store_disproof(tt, tt_key[i], 0, DFPN_TT_DEPTH_INF, amount);
	else
		gy__dfpn_tt_store_unknown(tt, tt_key[i], 0, (uint32_t)i + 2, (uint32_t)i + 3, (gy_move)i + 1, amount);
}

/* True when the table gives entry i's answer. */
static bool tt_has(const struct dfpn_tt *tt, int i)
{
	struct dfpn_tt_probe pr;
	int solved = gy__dfpn_tt_probe(tt, tt_key[i], 0, DFPN_TT_DEPTH_INF, &pr);
	if (i % 3 == 0)
		return solved && pr.pn == 0 && pr.len == 1 + i % 50 && pr.best == (gy_move)i + 1;
	if (i % 3 == 1)
		return solved && pr.dn == 0 && !pr.dlim;
	return !solved && pr.pn == (uint32_t)i + 2 && pr.dn == (uint32_t)i + 3 && pr.best == (gy_move)i + 1;
}

/*
 * mate-api-3.N (docs/mate.md "Memory"): the table starts small and grows
 * with the problem up to its limit, keeping every entry's answer; at the
 * limit the garbage collection drops the entries of least work; a solve
 * holds what the problem needs, not the limit, and the lines are the same
 * as with a table of that size from the start.  (Before, the whole limit
 * was allocated and cleared up front.)
 */
static void memory_cases(struct check_tally *t, const char *path)
{
	uint64_t x = 0x2545f4914f6cdd1dull;
	for (int i = 0; i < TT_N; i++)
		tt_key[i] = xorshift(&x);
	static bool had[TT_N];
	struct dfpn_tt tt;
	/* 3.1: 6,000 entries in the starting table, then three doublings: each answer kept. */
	if (gy__dfpn_tt_init(&tt, (size_t)64 << 20)) {
		check_fail(t, "mate-api-3.1", "setup");
		return;
	}
	size_t start = gy__dfpn_tt_bytes(&tt);
	int n = 0, lost = 0;
	for (int i = 0; i < 6000; i++)
		tt_put(&tt, i, 1);
	for (int i = 0; i < 6000; i++)
		n += had[i] = tt_has(&tt, i);
	uint64_t used = tt.used;
	bool grew = !gy__dfpn_tt_grow(&tt) && !gy__dfpn_tt_grow(&tt) && !gy__dfpn_tt_grow(&tt);
	for (int i = 0; i < 6000; i++)
		lost += had[i] && !tt_has(&tt, i);
	CHECK(t, "mate-api-3.1",
	      start == DFPN_TT_START && grew && gy__dfpn_tt_bytes(&tt) == 8 * start && n > 5900 && lost == 0 &&
		      tt.used == used,
	      "start %zu bytes, grown to %zu, %d of 6000 answered before, %d lost, used %llu -> %llu", start,
	      gy__dfpn_tt_bytes(&tt), n, lost, (unsigned long long)used, (unsigned long long)tt.used);
	gy__dfpn_tt_free(&tt);
	/* 3.2: a limit of 3 MB (no power of two): the table grows by itself to exactly that, never beyond. */
	if (gy__dfpn_tt_init(&tt, (size_t)3 << 20)) {
		check_fail(t, "mate-api-3.2", "setup");
		return;
	}
	size_t most = 0;
	n = 0;
	for (int i = 0; i < 45000; i++) {
		tt_put(&tt, i, 1);
		if (gy__dfpn_tt_bytes(&tt) > most)
			most = gy__dfpn_tt_bytes(&tt);
	}
	for (int i = 0; i < 45000; i++)
		n += tt_has(&tt, i);
	CHECK(t, "mate-api-3.2", most == (size_t)3 << 20 && gy__dfpn_tt_bytes(&tt) == most && n > 44000,
	      "largest %zu bytes, %d of 45000 answered", most, n);
	gy__dfpn_tt_free(&tt);
	/*
	 * 3.3: at a limit of 1 MB (32,768 entries), 24,000 entries of work 1 to 1000, a third of them
	 * proofs, which a collection counts as 1000 more (DFPN_TT_GC_BONUS): it drops the lower quarter,
	 * the other entries of work up to 100 among them, and keeps every proof and every entry of work
	 * over 500; more entries start collections by themselves.
	 */
	if (gy__dfpn_tt_init(&tt, (size_t)1 << 20)) {
		check_fail(t, "mate-api-3.3", "setup");
		return;
	}
	for (int i = 0; i < 24000; i++)
		tt_put(&tt, i, 1 + (uint32_t)((tt_key[i] >> 8) % 1000));
	for (int i = 0; i < 24000; i++)
		had[i] = tt_has(&tt, i);
	used = tt.used;
	uint64_t dropped = gy__dfpn_tt_collect(&tt), after = tt.used;
	int low_kept = 0, high_lost = 0, proofs_lost = 0;
	for (int i = 0; i < 24000; i++) {
		uint64_t a = 1 + (tt_key[i] >> 8) % 1000;
		low_kept += i % 3 != 0 && a <= 100 && tt_has(&tt, i);
		proofs_lost += i % 3 == 0 && had[i] && !tt_has(&tt, i);
		high_lost += a > 500 && had[i] && !tt_has(&tt, i);
	}
	for (int i = 24000; i < TT_N; i++)
		tt_put(&tt, i, 1 + (uint32_t)((tt_key[i] >> 8) % 1000));
	CHECK(t, "mate-api-3.3",
	      dropped > used / 5 && dropped < used / 3 && after == used - dropped && !low_kept && !proofs_lost &&
		      !high_lost && tt.gcs >= 2 && gy__dfpn_tt_bytes(&tt) == (size_t)1 << 20,
	      "%llu of %llu dropped, %d others of work up to 100 kept, %d proofs lost, %d of work over 500 lost, "
	      "%llu collections",
	      (unsigned long long)dropped, (unsigned long long)used, low_kept, proofs_lost, high_lost,
	      (unsigned long long)tt.gcs);
	gy__dfpn_tt_free(&tt);

	/*
	 * 3.7: a large table (DFPN_TT_LARGE, 16 MB) at its limit: a full bucket replaces its entry of
	 * least work counting a proof's DFPN_TT_GC_BONUS, as the collection does (a proof of work 1
	 * stays where the 7 other entries have work 5, the first of those goes), and a collection halves
	 * the work of the unsolved entries it keeps, not a proof's.  A table of 1 MB replaces the least
	 * work alone (the proof goes) and keeps the work.  Before, every table did as the 1 MB one.
	 */
	for (int large = 1; large >= 0; large--) {
		const char *id = large ? "mate-api-3.7" : "mate-api-3.8";
		size_t lim = large ? DFPN_TT_LARGE : (size_t)1 << 20;
		gy__dfpn_tt_start = lim;
		int err7 = gy__dfpn_tt_init(&tt, lim);
		gy__dfpn_tt_start = DFPN_TT_START;
		if (err7) {
			check_fail(t, id, "setup");
			return;
		}
		uint64_t hi = 0x12345678ull << 32;
		gy__dfpn_tt_store_proof(&tt, hi, 0, 3, 7, 1);
		for (uint64_t j = 1; j <= DFPN_TT_CLUSTER; j++)
			gy__dfpn_tt_store_unknown(&tt, hi | j, 0, 2, 2, 0, 5);
		struct dfpn_tt_probe pr;
		bool proof_kept = gy__dfpn_tt_probe(&tt, hi, 0, DFPN_TT_DEPTH_INF, &pr) && pr.pn == 0 && pr.len == 3;
		gy__dfpn_tt_probe(&tt, hi | 1, 0, DFPN_TT_DEPTH_INF, &pr);
		bool first_gone = pr.pn == 1;
		gy__dfpn_tt_probe(&tt, hi | DFPN_TT_CLUSTER, 0, DFPN_TT_DEPTH_INF, &pr);
		bool new_in = pr.pn == 2;
		bool replaced_ok = large ? proof_kept && first_gone && new_in : !proof_kept && !first_gone && new_in;
		/* Entries 0 (a proof) and 2 (unsolved) of work 100,000 among 59,998 of work 1 to 1000: both kept. */
		for (int i = 0; i < TT_N; i++)
			tt_put(&tt, i, i < 3 ? 100000 : 1 + (uint32_t)((tt_key[i] >> 8) % 1000));
		gy__dfpn_tt_collect(&tt);
		uint32_t work[3] = {0, 0, 0};
		for (uint64_t k = 0; k < tt.nb * DFPN_TT_CLUSTER; k++)
			for (int i = 0; i < 3; i += 2)
				if (tt.e[k].amount && tt.e[k].key == tt_key[i])
					work[i] = tt.e[k].amount;
		bool halved_ok = work[0] == 100000 && work[2] == (large ? 50000u : 100000u);
		CHECK(t, id, replaced_ok && halved_ok && tt.used > 0,
		      "proof kept %d, first other replaced %d, new entry in %d; work kept: proof %u, unsolved %u",
		      proof_kept, first_gone, new_in, work[0], work[2]);
		gy__dfpn_tt_free(&tt);
	}

	/*
	 * 3.9: asked within 7 plies, an entry proven only in 9 gives the numbers of a new node (1, 1)
	 * and its move, not those it held before the proof (5, 7); within 9 it is proven; an entry
	 * never proven, or disproven only within 5, keeps its numbers.  Before, the first gave 5, 7.
	 */
	if (gy__dfpn_tt_init(&tt, (size_t)1 << 20)) {
		check_fail(t, "mate-api-3.9", "setup");
		return;
	}
	{
		const uint64_t kp = 0x2468aceull << 32, ku = 0x13579bdull << 32, kd = 0x0fedcbaull << 32;
		gy__dfpn_tt_store_unknown(&tt, kp, 0, 5, 7, 42, 3);
		gy__dfpn_tt_store_proof(&tt, kp, 0, 9, 42, 3);
		gy__dfpn_tt_store_unknown(&tt, ku, 0, 5, 7, 43, 3);
		gy__dfpn_tt_store_unknown(&tt, kd, 0, 5, 7, 44, 3);
		gy__dfpn_tt_store_disproof(&tt, kd, 0, 5, 3);
		struct dfpn_tt_probe a, b, u, d;
		int sa = gy__dfpn_tt_probe(&tt, kp, 0, 7, &a), sb = gy__dfpn_tt_probe(&tt, kp, 0, 9, &b);
		int su = gy__dfpn_tt_probe(&tt, ku, 0, 7, &u), sd = gy__dfpn_tt_probe(&tt, kd, 0, 7, &d);
		CHECK(t, "mate-api-3.9",
		      !sa && a.pn == 1 && a.dn == 1 && a.best == 42 && sb && b.pn == 0 && b.len == 9 && !su &&
			      u.pn == 5 && u.dn == 7 && !sd && d.pn == 5 && d.dn == 7,
		      "proven in 9, within 7: %d %u %u %u; within 9: %d %u %d; unproven: %d %u %u; disproven "
		      "within 5, within 7: %d %u %u",
		      sa, a.pn, a.dn, (unsigned)a.best, sb, b.pn, b.len, su, u.pn, u.dn, sd, d.pn, d.dn);
	}
	gy__dfpn_tt_free(&tt);

	/* 3.4: a solve of a 7-ply problem under a limit of 256 MB holds a table of at most 2 MB. */
	const char *p7 = "8k/6S2/7G1/9/R8/9/9/9/9 b r2b3g3s4n4l18p 1";
	struct gy_pos pos;
	struct gy_mate *m = NULL;
	static gy_move pv[PV_MAX], pv2[PV_MAX];
	struct gy_mate_report rep;
	if (gy_sfen_parse(&pos, p7, strlen(p7), GY_SFEN_TSUME, NULL) || gy_mate_create(&m, 256)) {
		check_fail(t, "mate-api-3.4", "setup");
		return;
	}
	enum gy_mate_status st = gy_mate_solve(m, &pos, NULL, NULL, pv, PV_MAX, &rep);
	CHECK(t, "mate-api-3.4", st == GY_MATE_FOUND && rep.tt_bytes <= (size_t)2 << 20 && rep.tt_bytes > 0,
	      "%s, table of %zu bytes", gy_mate_status_name(st), rep.tt_bytes);
	/* 3.5: gy_mate_clear gives the memory back: the next solve starts at 1 MB again. */
	gy_mate_clear(m);
	const char *p1 = "8k/9/5B1GP/9/9/9/9/9/9 b 2rb3g4s4n4l17p 1";
	if (gy_sfen_parse(&pos, p1, strlen(p1), GY_SFEN_TSUME, NULL)) {
		check_fail(t, "mate-api-3.5", "setup");
		gy_mate_destroy(m);
		return;
	}
	st = gy_mate_solve(m, &pos, NULL, NULL, pv, PV_MAX, &rep);
	CHECK(t, "mate-api-3.5", st == GY_MATE_FOUND && rep.tt_bytes == DFPN_TT_START, "%s, table of %zu bytes",
	      gy_mate_status_name(st), rep.tt_bytes);
	gy_mate_destroy(m);

	/* 3.6: the test set with a table growing to 64 MB and one of 64 MB from the start: the same lengths and lines. */
	struct gy_mate *fixed = NULL;
	gy__dfpn_tt_start = (size_t)64 << 20;
	enum gy_err err = gy_mate_create(&fixed, 64);
	gy__dfpn_tt_start = DFPN_TT_START;
	struct datafile d;
	if (err || gy_mate_create(&m, 64) || !datafile_open(&d, path)) {
		check_fail(t, "mate-api-3.6", "setup");
		gy_mate_destroy(fixed);
		gy_mate_destroy(m);
		return;
	}
	int cases = 0, differ = 0;
	char first[64] = "";
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		int nf = datafile_split(d.line, f);
		if (nf < 3 || gy_sfen_parse(&pos, f[1], strlen(f[1]), GY_SFEN_TSUME, NULL))
			continue;
		struct gy_mate_limits lim = {0, 400000000, false, nf == 4 && has_tag(f[3], "tsume-rules")};
		struct gy_mate_report r1, r2;
		gy_mate_clear(m);
		gy_mate_clear(fixed);
		enum gy_mate_status s1 = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &r1);
		enum gy_mate_status s2 = gy_mate_solve(fixed, &pos, &lim, NULL, pv2, PV_MAX, &r2);
		int n1 = gy_mate_pv_len(m), n2 = gy_mate_pv_len(fixed);
		cases++;
		if (s1 != s2 || r1.length != r2.length || n1 != n2 || memcmp(pv, pv2, (size_t)n1 * sizeof *pv)) {
			if (!differ++)
				snprintf(first, sizeof first, "%s", f[0]);
		}
	}
	datafile_close(&d);
	CHECK(t, "mate-api-3.6", cases > 0 && !differ, "%d of %d problems differ (the first: %s)", differ, cases,
	      first);
	gy_mate_destroy(fixed);
	gy_mate_destroy(m);
}

/*
 * Solves `sfen` (want "mate N" or "nomate") with `m`: NULL when the answer
 * is right (a mate proven shortest, of N plies, whose line replays to
 * mate), else why not, in `why`.
 */
static const char *solve_as_expected(struct gy_mate *m, const char *sfen, const char *want, bool tsume, char *why,
				     size_t size)
{
	struct gy_pos pos;
	if (gy_sfen_parse(&pos, sfen, strlen(sfen), GY_SFEN_TSUME, NULL))
		return "bad SFEN";
	static gy_move pv[PV_MAX];
	struct gy_mate_limits lim = {0, 400000000, false, tsume};
	struct gy_mate_report rep;
	gy_mate_clear(m);
	enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
	int n = gy_mate_pv_len(m);
	bool declined;
	const char *bad = st == GY_MATE_FOUND ? replay(&pos, pv, n, tsume, &declined) : NULL;
	if (!strcmp(want, "nomate") ? st == GY_MATE_NONE
				    : st == GY_MATE_FOUND && !bad && rep.shortest && rep.length == n &&
					      n == (int)strtol(want + 5, NULL, 10))
		return NULL;
	snprintf(why, size, "%s %d (line of %d, %s%s) instead of %s", gy_mate_status_name(st), rep.length, n,
		 bad ? bad : "replayed", rep.shortest ? "" : ", not proven shortest", want);
	return why;
}

/*
 * mate-api-4.N (docs/mate.md "Threads"): two threads give the same answers
 * and lengths as one: the test set (4.1), the last 31 plies of Microcosmos
 * with the table growing (4.2) and with 1 MB, collected many times (4.3),
 * each collection and growth run while both searchers wait at the barrier;
 * the stop flag and the node limit stop both (4.4); the thread count's
 * range (4.5).
 */
static void threads_cases(struct check_tally *t, const char *path, const char *p31, bool quick)
{
	struct gy_mate *m = NULL;
	struct datafile d;
	char why[256];
	if (gy_mate_create(&m, 64) || gy_mate_set_threads(m, 2) || !datafile_open(&d, path)) {
		check_fail(t, "mate-api-4.1", "setup");
		gy_mate_destroy(m);
		return;
	}
	int cases = 0, wrong = 0;
	char first[320] = "";
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		int nf = datafile_split(d.line, f);
		if (nf < 3 || (quick && nf == 4 && has_tag(f[3], "slow")))
			continue;
		const char *bad =
			solve_as_expected(m, f[1], f[2], nf == 4 && has_tag(f[3], "tsume-rules"), why, sizeof why);
		cases++;
		if (bad && !wrong++)
			snprintf(first, sizeof first, "%s: %s", f[0], bad);
	}
	datafile_close(&d);
	CHECK(t, "mate-api-4.1", cases > 0 && !wrong, "%d of %d problems wrong with 2 threads (the first: %s)", wrong,
	      cases, first);

	/* 4.4: the stop flag and the node limit stop both searchers. */
	const char *hard = "9/9/9/9/9/9/9/9/k8 b 2R2B4g4s4n4l18p 1";
	struct gy_pos pos;
	static gy_move pv[PV_MAX];
	struct gy_mate_report rep;
	if (gy_sfen_parse(&pos, hard, strlen(hard), GY_SFEN_TSUME, NULL)) {
		check_fail(t, "mate-api-4.4", "setup");
	} else {
		atomic_bool stop = false;
		struct stopper sp = {&stop, 100};
		pthread_t th;
		pthread_create(&th, NULL, stop_later, &sp);
		enum gy_mate_status st = gy_mate_solve(m, &pos, NULL, &stop, pv, PV_MAX, &rep);
		pthread_join(th, NULL);
		struct gy_mate_limits lim = {0, 20000, false, false};
		struct gy_mate_report rep2;
		enum gy_mate_status st2 = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep2);
		CHECK(t, "mate-api-4.4", st == GY_MATE_TIMEOUT && st2 == GY_MATE_TIMEOUT && rep2.nodes < 40000,
		      "stop flag: %s; node limit: %s after %llu nodes", gy_mate_status_name(st),
		      gy_mate_status_name(st2), (unsigned long long)rep2.nodes);
	}
	/* 4.5: 1 to GY_MATE_THREADS_MAX. */
	CHECK(t, "mate-api-4.5",
	      gy_mate_set_threads(m, 0) == GY_ERR_ARG &&
		      gy_mate_set_threads(m, GY_MATE_THREADS_MAX + 1) == GY_ERR_ARG &&
		      gy_mate_set_threads(m, 1) == GY_OK && gy_mate_set_threads(m, 3) == GY_OK,
	      "the range of gy_mate_set_threads");
	gy_mate_destroy(m);

	/*
	 * 4.2, 4.3: a longer problem, its table growing from 1 MB to 64 MB, or held at 1 MB and collected.  With
	 * --quick (the sanitizer build) 4.3 stops at 300,000 nodes: the collections at the barrier run, and an
	 * answer, if any, must be right.
	 */
	const char *ids[2] = {"mate-api-4.2", "mate-api-4.3"};
	const size_t mb[2] = {64, 1};
	for (int i = 0; i < 2; i++) {
		if (!*p31 || (quick && i == 0)) {
			check_skip(ids[i], *p31 ? "slow (--quick)" : "the Microcosmos solution is absent");
			continue;
		}
		if (gy_mate_create(&m, mb[i]) || gy_mate_set_threads(m, 2) ||
		    gy_sfen_parse(&pos, p31, strlen(p31), GY_SFEN_TSUME, NULL)) {
			check_fail(t, ids[i], "setup");
		} else if (!quick) {
			const char *bad = solve_as_expected(m, p31, "mate 31", false, why, sizeof why);
			CHECK(t, ids[i], !bad, "the last 31 plies of Microcosmos, %zu MB, 2 threads: %s", mb[i], bad);
		} else {
			struct gy_mate_limits lim = {0, 300000, false, false};
			enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
			bool declined;
			const char *bad = st == GY_MATE_NONE ? "nomate"
					  : st == GY_MATE_FOUND && rep.complete
						  ? replay(&pos, pv, gy_mate_pv_len(m), false, &declined)
						  : NULL;
			CHECK(t, ids[i], !bad && (st != GY_MATE_FOUND || rep.length >= 31),
			      "1 MB, 2 threads, 300,000 nodes: %s %d: %s", gy_mate_status_name(st), rep.length,
			      bad ? bad : "");
		}
		gy_mate_destroy(m);
		m = NULL;
	}
}

/* Appends the findings of `c` to `buf` as check.tsv writes them ("-" for none). */
static void check_findings(const struct gy_mate_check *c, char *buf, size_t size)
{
	static const char *const kind[] = {"alt", "last", "undecided", "futile", "same"};
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < c->nnotes && n < size; i++) {
		char usi[GY_USI_MOVE_MAX];
		gy_usi_write_move(c->notes[i].move, usi);
		n += (size_t)snprintf(buf + n, size - n, "%s%s@%d:%s", n ? " " : "", kind[c->notes[i].kind],
				      c->notes[i].ply, usi);
		if (c->notes[i].length && n < size)
			n += (size_t)snprintf(buf + n, size - n, "/%d", c->notes[i].length);
	}
	if (c->left && n < size) {
		n += (size_t)snprintf(buf + n, size - n, "%sleft:", n ? " " : "");
		static const char letters[] = "RBGSNLP";
		static const int types[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
		for (int i = 0; i < 7 && n < size; i++) {
			int k = gy_hand_count(c->left, types[i]);
			if (k > 1)
				n += (size_t)snprintf(buf + n, size - n, "%d", k);
			if (k && n < size)
				n += (size_t)snprintf(buf + n, size - n, "%c", letters[i]);
		}
	}
	if (!n)
		snprintf(buf, size, "-");
}

/*
 * Up to 7 plies: at each attacker move of the line, the other checks that
 * mate within the plies left by brute force (every interposition counted)
 * must be reported (alt or last), and, unless `futile_alt`, only those.
 */
static const char *check_brute(const struct gy_pos *start, const struct gy_mate_check *c, bool futile_alt, char *why,
			       size_t size)
{
	struct gy_pos p = *start;
	for (int i = 0; i < c->n; i += 2) {
		struct gy_movelist l;
		l.n = 0;
		gy_gen(&p, GY_GEN_CHECKS, &l);
		for (int k = 0; k < l.n; k++) {
			gy_move mv = l.moves[k];
			if (mv == c->line[i])
				continue;
			bool reported = false;
			for (int j = 0; j < c->nnotes; j++)
				reported |= c->notes[j].ply == i + 1 && c->notes[j].move == mv &&
					    (c->notes[j].kind == GY_MATE_NOTE_ALT ||
					     c->notes[j].kind == GY_MATE_NOTE_ALT_LAST);
			bool mates = brute_check_mates(&p, mv, c->n - i);
			if (mates != reported && (mates || !futile_alt)) {
				char usi[GY_USI_MOVE_MAX];
				gy_usi_write_move(mv, usi);
				snprintf(why, size, "ply %d: %s %s by brute force but %sreported", i + 1, usi,
					 mates ? "mates" : "does not mate", reported ? "" : "not ");
				return why;
			}
		}
		struct gy_undo u;
		gy_pos_do(&p, c->line[i], &u);
		if (i + 1 < c->n)
			gy_pos_do(&p, c->line[i + 1], &u);
	}
	return NULL;
}

/* check-N.M: tests/data/tsume/check.tsv. */
static void check_cases(struct check_tally *t, struct gy_mate *m, const char *path, struct datafile_ids *ids)
{
	struct datafile d;
	if (!datafile_open(&d, path)) {
		check_fail(t, "check-0.1", "cannot open %s", path);
		return;
	}
	static struct gy_mate_check c;
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		int nf = datafile_split(d.line, f);
		char lid[64];
		snprintf(lid, sizeof lid, "check-line-%d", d.lineno);
		if (nf < 5 || nf > 6 || !datafile_id_ok(f[0]) || !datafile_id_new(ids, f[0])) {
			check_fail(t, lid, "%s: malformed line or a case seen before", path);
			continue;
		}
		const char *id = f[0], *tags = nf == 6 ? f[5] : "";
		struct gy_pos pos;
		struct gy_srcpos where;
		if (gy_sfen_parse(&pos, f[1], strlen(f[1]), GY_SFEN_TSUME, &where)) {
			check_fail(t, id, "bad SFEN at column %d", where.col);
			continue;
		}
		const char *nodes = strstr(tags, "nodes=");
		struct gy_mate_limits lim = {0, nodes ? strtoull(nodes + 6, NULL, 10) : 0, false, false};
		gy_mate_clear(m);
		enum gy_mate_verdict v = gy_mate_check(m, &pos, &lim, NULL, &c);
		char got[1024], len[32], why[256];
		check_findings(&c, got, sizeof got);
		if (c.solve.status == GY_MATE_FOUND)
			snprintf(len, sizeof len, "mate %d", c.solve.length);
		else
			snprintf(len, sizeof len, "%s", gy_mate_status_name(c.solve.status));
		const char *bad = NULL;
		if (strcmp(gy_mate_verdict_name(v), f[2]) || strcmp(len, f[3]) ||
		    (strcmp(f[4], "*") && strcmp(got, f[4]))) {
			check_fail(t, id, "%s, %s, %s instead of %s, %s, %s", gy_mate_verdict_name(v), len, got, f[2],
				   f[3], f[4]);
			continue;
		}
		bool declined;
		if (c.solve.status == GY_MATE_FOUND && c.solve.complete &&
		    (bad = replay(&pos, c.line, c.n, true, &declined)) != NULL) {
			check_fail(t, id, "the line is wrong: %s", bad);
			continue;
		}
		if (v != GY_MATE_UNKNOWN && c.n <= 7 && c.solve.status == GY_MATE_FOUND &&
		    (bad = check_brute(&pos, &c, has_tag(tags, "futile-alt"), why, sizeof why)) != NULL) {
			check_fail(t, id, "%s", bad);
			continue;
		}
		check_pass(t, id);
	}
	datafile_close(&d);
}

int main(int argc, char **argv)
{
	bool quick = false;
	const char *files[16];
	int nfiles = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (nfiles < 16)
			files[nfiles++] = argv[i];
	}
	if (!nfiles) {
		files[nfiles++] = "tests/data/tsume/constructed.txt";
	}
	struct check_tally t = {0, 0};
	gy_init();
	struct gy_mate *m = NULL;
	if (gy_mate_create(&m, 128)) {
		check_fail(&t, "tsume-0.2", "cannot create the solver");
		return check_exit(&t);
	}
	struct datafile_ids ids = {.n = 0};
	for (int i = 0; i < nfiles; i++)
		run_file(&t, m, files[i], quick, &ids);
	check_cases(&t, m, "tests/data/tsume/check.tsv", &ids);
	datafile_ids_free(&ids);
	char p31[GY_SFEN_MAX] = "";
	microcosmos_cases(&t, m, quick, p31, sizeof p31);
	gy_mate_destroy(m);
	api_cases(&t, p31);
	cut_line_cases(&t, quick);
	memory_cases(&t, files[0]);
	threads_cases(&t, files[0], p31, quick);
	return check_exit(&t);
}
