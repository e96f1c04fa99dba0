/*
 * tests/t_mate.c: the mate solver (docs/mate.md) on the problems of
 * the files of tests/data/tsume/ (or those given as arguments), on the
 * last 3 to 71 plies of "Microcosmos" (the positions are made here by
 * replaying the published solution from ../shared/research-data/, and
 * skipped when it is absent), plus the solver's API (stop flag, node
 * limit, a tiny table).
 *
 * Case line: id <TAB> SFEN <TAB> "mate N" | "nomate" [<TAB> tags], tags
 * comma-separated: "slow" (skipped with --quick, the sanitizer build),
 * "unpromoted" (the line must contain an attacker move that declines a
 * legal promotion), "tsume-rules" (solve with the composition rules).
 *
 * Every mate is checked by replay, independently of the solver: each
 * attacker move is legal and gives check, each defender move is legal, the
 * final position is in check with no legal move, and the line has N
 * moves (with "tsume-rules", the end may leave the defender interposing
 * drops, the futile ones the rules do not count).  Short answers are also checked by a plain depth-first search
 * (no mate in N - 2, and no mate in 5 for "nomate").
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/mate.h"

enum { PV_MAX = 4096 };

/* mate-api-3.1: the node limit, and the longest line that passes (the first proof's is 109 plies). */
enum { REFINE_NODES = 6000000, REFINE_MAX_LEN = 105 };

/* True when the side to move (attacker) mates within `d` plies: a brute-force AND/OR search. */
static bool brute_mate(struct gy_pos *p, int d)
{
	if (d < 1)
		return false;
	struct gy_movelist checks;
	checks.n = 0;
	gy_gen(p, GY_GEN_CHECKS, &checks);
	for (int i = 0; i < checks.n; i++) {
		struct gy_undo u;
		gy_pos_do(p, checks.moves[i], &u);
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
		gy_pos_undo(p, checks.moves[i], &u);
		if (mated)
			return true;
	}
	return false;
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
static int microcosmos_line(struct gy_pos *pos, const char **why)
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
				n++;
			}
		}
	}
	free(text);
	return *why ? 0 : n;
}

/* tsume-4.N: the position N plies before the end of Microcosmos is a mate in N. */
static void microcosmos_cases(struct check_tally *t, struct gy_mate *m, bool quick, char *p31, size_t p31_size,
			      char *p101, size_t p101_size)
{
	static struct gy_pos pos[MICRO_MAX];
	const char *why;
	int n = microcosmos_line(pos, &why);
	if (n == 0) {
		check_skip("tsume-4.0", why);
		return;
	}
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
	if (n >= 101 && gy_sfen_write(&pos[n - 101], p101, p101_size) >= p101_size)
		*p101 = '\0';
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
	} cases[] = {
		{"mate-api-2.1", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 1, 150000, true, 25},
		{"mate-api-2.2", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 16, 150000, true, 25},
		{"mate-api-2.3", "9/9/9/9/4k4/9/9/9/K8 b RBGS 1", 1, 300000, false, 1},
		{"mate-api-2.4", "5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1", 16, 500000, true, 25},
	};
	static gy_move pv[PV_MAX];
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *id = cases[i].id;
		if (quick && i >= 2) {
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
		if (st == GY_MATE_FOUND && rep.complete) {
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

/*
 * mate-api-3.N (docs/mate.md "Shortest mate and the line"): the position
 * 101 plies before the end of Microcosmos, whose first proof is a mate in
 * 109, under a node limit that stops the refinement.  The refinement
 * works along the line, node by node from its end, and each shorter mate
 * it finds is kept, so the limit leaves a complete line shorter than the
 * first proof's (mate 109 before, when the whole root was searched again
 * with the limit L - 2 and the limit came during the first re-search).
 */
static void refine_cases(struct check_tally *t, const char *p101, bool quick)
{
	const char *id = "mate-api-3.1";
	if (!*p101) {
		check_skip(id, "the Microcosmos solution is absent");
		return;
	}
	if (quick) {
		check_skip(id, "slow (--quick)");
		return;
	}
	struct gy_pos pos;
	struct gy_mate *m = NULL;
	static gy_move pv[PV_MAX];
	if (gy_sfen_parse(&pos, p101, strlen(p101), GY_SFEN_TSUME, NULL) || gy_mate_create(&m, 256)) {
		check_fail(t, id, "setup");
		gy_mate_destroy(m);
		return;
	}
	struct gy_mate_limits lim = {0, REFINE_NODES, false, false};
	struct gy_mate_report rep;
	enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, PV_MAX, &rep);
	int n = gy_mate_pv_len(m);
	bool declined;
	const char *why = st != GY_MATE_FOUND ? "no mate found"
			  : !rep.complete     ? "the line is incomplete"
					      : replay(&pos, pv, n, false, &declined);
	if (!why && n != rep.length)
		why = "the line's length is not the one reported";
	if (!why && n < 101)
		why = "shorter than the shortest mate";
	if (!why && n > REFINE_MAX_LEN)
		why = "no shorter than the first proof's line";
	if (why)
		check_fail(t, id, "%s, line of %d plies (mate %d): %s", gy_mate_status_name(st), n, rep.length, why);
	else
		check_pass(t, id);
	gy_mate_destroy(m);
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
	datafile_ids_free(&ids);
	char p31[GY_SFEN_MAX] = "", p101[GY_SFEN_MAX] = "";
	microcosmos_cases(&t, m, quick, p31, sizeof p31, p101, sizeof p101);
	gy_mate_destroy(m);
	api_cases(&t, p31);
	cut_line_cases(&t, quick);
	refine_cases(&t, p101, quick);
	return check_exit(&t);
}
