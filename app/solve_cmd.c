/*
 * app/solve_cmd.c: `gyoku solve`, the tsume solver on the command line.
 *
 *   gyoku solve <SFEN|FILE> [--time S] [--memory MB] [--nodes N] [--threads N]
 *               [--tsume-rules] [--no-shorten] [--defender-holds-rest] [--check]
 *
 * Prints "mate N", "nomate" or "timeout", then (for a mate) the line in
 * Japanese notation and in USI, then the search figures on stderr.  A
 * mate whose line the limits left unfinished is "mate <= N (line
 * incomplete)" with the moves known.  With --check, the composition's
 * check (gy_mate_check) instead: the verdict, the solution and the
 * findings (solve_check).  The exit status tells the answer (solve_usage).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "commands.h"
#include "gyoku/gyoku.h"
#include "gyoku/mate.h"
#include "position_arg.h"

enum { SOLVE_PV_MAX = 4096 };

/*
 * The start position of the record or problem file `path`: a line
 * holding "SFEN: " gives it, else the file is read as a record of the
 * format its extension names or its text looks like (record.h: KIF, KI2,
 * CSA, JKF in any encoding, a SFEN, a USI position line).  0 on success.
 */
static int solve_position_from_file(const char *path, struct gy_pos *pos)
{
	size_t len = 0;
	char *text = NULL, why[ARGS_WHY_MAX];
	if (args_read_file(path, &text, &len, why, sizeof why)) {
		fprintf(stderr, "gyoku solve: %s\n", why);
		return 1;
	}
	int rc = 1;
	const char *tag = strstr(text, "SFEN: ");
	if (tag) {
		size_t n = strcspn(tag + 6, "\r\n");
		char *line = malloc(n + 1);
		if (line) {
			memcpy(line, tag + 6, n);
			line[n] = '\0';
			rc = position_arg_parse(pos, line, "gyoku solve");
			free(line);
		}
		free(text);
		return rc;
	}
	int f = (int)gy_record_format_of(path, text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, path, &g, &where, NULL);
	/* Only the start position matters: a record whose moves are bad still gives it. */
	if (g) {
		*pos = *gy_game_start(g);
		rc = 0;
	} else {
		fprintf(stderr, "gyoku solve: %s: %s at line %d column %d\n", path, gy_strerror(err), where.line,
			where.col);
	}
	gy_game_destroy(g);
	free(text);
	return rc;
}

/* The exit statuses of `gyoku solve` (docs/mate.md); with --check 0 sound, 1 unsound or no mate, 3 unknown. */
enum { SOLVE_MATE = 0, SOLVE_NOMATE = 1, SOLVE_ERROR = 2, SOLVE_TIMEOUT = 3 };

/* Prints the `n` moves of `line` from `p` in Japanese notation, then in USI, a line each. */
static void solve_print_line(const struct gy_pos *pos, const gy_move *line, int n)
{
	struct gy_pos p = *pos;
	gy_sq prev = GY_SQ_NONE;
	for (int i = 0; i < n; i++) {
		char buf[GY_NOTATION_MAX];
		gy_notation_write(&p, line[i], prev, GY_NOTATION_JAPANESE, true, buf, sizeof buf);
		printf("%s%s", i ? " " : "", buf);
		struct gy_undo u;
		prev = gy_move_to(line[i]);
		gy_pos_do(&p, line[i], &u);
	}
	putchar('\n');
	for (int i = 0; i < n; i++) {
		char buf[GY_USI_MOVE_MAX];
		gy_usi_write_move(line[i], buf);
		printf("%s%s", i ? " " : "", buf);
	}
	putchar('\n');
}

/*
 * `gyoku solve --check` (docs/mate.md "`gyoku solve --check`"): the
 * summary line ("sound", "unsound: ...", "unknown (limits)"), "mate N" and
 * the solution, then one line a finding, in the order of the line, and the
 * pieces left in hand.  Returns the exit status.
 */
static int solve_check(struct gy_mate *m, const struct gy_pos *pos, const struct gy_mate_limits *lim)
{
	struct gy_mate_check *c = malloc(sizeof *c);
	if (!c)
		return SOLVE_ERROR;
	enum gy_mate_verdict v = gy_mate_check(m, pos, lim, NULL, c);
	static const char *const kanji[GY_HAND_NB] = {"", "歩", "香", "桂", "銀", "角", "飛", "金"};
	static const int order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
	int left = 0;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		left += gy_hand_count(c->left, pt);
	int alts = c->count[GY_MATE_NOTE_ALT];
	if (v == GY_MATE_SOUND) {
		puts("sound");
	} else if (v == GY_MATE_NOMATE) {
		puts("unsound: no mate");
	} else if (v == GY_MATE_UNKNOWN) {
		puts("unknown (limits)");
	} else {
		printf("unsound:");
		if (alts)
			printf(" %d alternative mate%s", alts, alts > 1 ? "s" : "");
		if (left)
			printf("%s %d piece%s left in hand", alts ? "," : "", left, left > 1 ? "s" : "");
		putchar('\n');
	}
	if (c->solve.status == GY_MATE_FOUND) {
		if (c->solve.complete)
			printf("mate %d\n", c->solve.length);
		else
			printf("mate <= %d (line incomplete)\n", c->solve.length);
		solve_print_line(pos, c->line, c->n);
	} else {
		puts(gy_mate_status_name(c->solve.status));
	}
	static const char *const what[] = {"alternative mate (余詰)",
					   "alternative mate on the last move (最終手余詰, tolerated)", "undecided",
					   "futile interposition (無駄合), not counted", "defence as long (変同)"};
	for (int k = 0; k < c->nnotes; k++) {
		const struct gy_mate_note *nt = &c->notes[k];
		struct gy_pos p = *pos;
		gy_sq prev = GY_SQ_NONE;
		for (int i = 0; i < nt->ply - 1 && i < c->n; i++) {
			struct gy_undo u;
			prev = gy_move_to(c->line[i]);
			gy_pos_do(&p, c->line[i], &u);
		}
		char jp[GY_NOTATION_MAX], usi[GY_USI_MOVE_MAX];
		gy_notation_write(&p, nt->move, prev, GY_NOTATION_JAPANESE, true, jp, sizeof jp);
		gy_usi_write_move(nt->move, usi);
		printf("ply %d: %s: %s (%s)", nt->ply, what[nt->kind], jp, usi);
		int left_plies = c->n - nt->ply + 1;
		if (nt->kind == GY_MATE_NOTE_UNDECIDED && nt->length < 0)
			printf(" escapes the mate (the solver's line is not trusted)");
		else if (nt->kind == GY_MATE_NOTE_UNDECIDED && nt->length)
			printf(" lasts %d plies, the line %d (the solver's line is not trusted)", nt->length,
			       left_plies);
		else if (nt->kind == GY_MATE_NOTE_UNDECIDED)
			printf(" stopped by the limits");
		else if (nt->kind == GY_MATE_NOTE_SAME)
			printf(" lasts %d plies, the line %d", nt->length, left_plies);
		else if (nt->length)
			printf(" mates in %d pl%s, %d left", nt->length, nt->length > 1 ? "ies" : "y", left_plies);
		putchar('\n');
	}
	if (c->nnotes < c->count[0] + c->count[1] + c->count[2] + c->count[3] + c->count[4])
		printf("(%d more findings not listed)\n",
		       c->count[0] + c->count[1] + c->count[2] + c->count[3] + c->count[4] - c->nnotes);
	if (left) {
		printf("pieces left in hand (駒余り):");
		for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
			int k = gy_hand_count(c->left, order[i]);
			if (k)
				printf(" %s%d", kanji[order[i]], k);
		}
		putchar('\n');
	}
	fflush(stdout);
	fprintf(stderr, "nodes %llu time %lld ms\n", (unsigned long long)c->nodes, (long long)c->time_ms);
	free(c);
	return v == GY_MATE_SOUND ? SOLVE_MATE : v == GY_MATE_UNKNOWN ? SOLVE_TIMEOUT : SOLVE_NOMATE;
}

/* Prints the usage to `f` and returns `status`. */
static int solve_usage(FILE *f, int status)
{
	fputs("usage: gyoku solve <SFEN|FILE> [--time S] [--memory MB] [--nodes N] [--threads N] [--tsume-rules]\n"
	      "                   [--no-shorten] [--defender-holds-rest] [--check]\n"
	      "  --threads N            search with N threads (1 to 64; default 1): the same answers and\n"
	      "                         lengths, node counts that vary from run to run\n"
	      "  --defender-holds-rest  give the side not to move every piece the position leaves out\n"
	      "                         (the tsume convention; a SFEN is otherwise read exactly as written)\n"
	      "  --check                check a composed problem under the tsume conventions: the first line\n"
	      "                         says \"sound\", \"unsound: ...\" (alternative mates (余詰), pieces left\n"
	      "                         in hand (駒余り), no mate) or \"unknown (limits)\"; then the solution and\n"
	      "                         one line per finding (the limits count for the whole check)\n"
	      "exit status: 0 mate (\"mate N\" and a complete line), 1 no mate (\"nomate\"),\n"
	      "             2 usage or input error, 3 no complete answer within the limits (\"timeout\",\n"
	      "             or \"mate <= N (line incomplete)\": a mate is proven but its line unfinished);\n"
	      "             with --check: 0 sound, 1 unsound or no mate, 2 usage, 3 unknown (limits)\n",
	      f);
	return status;
}

/* True when the argument of `gyoku solve` names a file: one that exists, or a word with no space (no SFEN). */
static bool solve_arg_is_file(const char *arg)
{
	struct stat st;
	if (!strcmp(arg, "startpos") || !strncmp(arg, "sfen ", 5))
		return false;
	return stat(arg, &st) == 0 || !strchr(arg, ' ');
}

int cmd_solve(int argc, char **argv)
{
	const char *arg = NULL;
	double seconds = 0;
	long memory = 256;
	int threads = 1;
	uint64_t nodes = 0;
	struct gy_mate_limits lim = {0, 0, false, false};
	bool give_rest = false, check = false;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return solve_usage(stdout, SOLVE_MATE);
		int mb = 0;
		if (!strcmp(argv[i], "--time") && i + 1 < argc) {
			if (!args_double("gyoku solve", "--time", argv[++i], 0, 1e9, &seconds))
				return SOLVE_ERROR;
		} else if (!strcmp(argv[i], "--memory") && i + 1 < argc) {
			if (!args_int("gyoku solve", "--memory", argv[++i], 1, 1 << 20, &mb))
				return SOLVE_ERROR;
			memory = mb;
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			if (!args_int("gyoku solve", "--threads", argv[++i], 1, GY_MATE_THREADS_MAX, &threads))
				return SOLVE_ERROR;
		} else if (!strcmp(argv[i], "--nodes") && i + 1 < argc) {
			if (!args_u64("gyoku solve", "--nodes", argv[++i], &nodes))
				return SOLVE_ERROR;
		} else if (!strcmp(argv[i], "--tsume-rules")) {
			lim.tsume_rules = true;
		} else if (!strcmp(argv[i], "--no-shorten")) {
			lim.no_shorten = true;
		} else if (!strcmp(argv[i], "--defender-holds-rest")) {
			give_rest = true;
		} else if (!strcmp(argv[i], "--check")) {
			check = true;
		} else if (!strncmp(argv[i], "--", 2)) {
			fprintf(stderr, "gyoku solve: unknown option or missing value: '%s'\n", argv[i]);
			return solve_usage(stderr, SOLVE_ERROR);
		} else if (!arg) {
			arg = argv[i];
		} else {
			fprintf(stderr, "gyoku solve: unexpected argument '%s'\n", argv[i]);
			return solve_usage(stderr, SOLVE_ERROR);
		}
	}
	if (!arg)
		return solve_usage(stderr, SOLVE_ERROR);
	struct gy_pos pos;
	if (solve_arg_is_file(arg)) {
		if (solve_position_from_file(arg, &pos))
			return SOLVE_ERROR;
	} else if (position_arg_parse(&pos, arg, "gyoku solve")) {
		return SOLVE_ERROR;
	}
	if (give_rest)
		gy_pos_give_rest_to(&pos, pos.side ^ 1);
	lim.time_ms = (int64_t)(seconds * 1000);
	lim.nodes = nodes;
	struct gy_mate *m = NULL;
	if (gy_mate_create(&m, (size_t)memory)) {
		fprintf(stderr, "gyoku solve: cannot allocate %ld MB\n", memory);
		return SOLVE_ERROR;
	}
	if (gy_mate_set_threads(m, threads)) {
		fprintf(stderr, "gyoku solve: cannot start %d threads\n", threads);
		gy_mate_destroy(m);
		return SOLVE_ERROR;
	}
	if (check) {
		int rc = solve_check(m, &pos, &lim);
		gy_mate_destroy(m);
		return rc;
	}
	gy_move *pv = malloc(SOLVE_PV_MAX * sizeof *pv);
	if (!pv) {
		gy_mate_destroy(m);
		return SOLVE_ERROR;
	}
	struct gy_mate_report rep;
	enum gy_mate_status st = gy_mate_solve(m, &pos, &lim, NULL, pv, SOLVE_PV_MAX, &rep);
	if (st == GY_MATE_FOUND) {
		/* Only a complete line, replayed to mate by the solver, makes a "mate N" answer. */
		if (rep.complete)
			printf("mate %d\n", rep.length);
		else
			printf("mate <= %d (line incomplete)\n", rep.length);
		solve_print_line(&pos, pv, gy_mate_pv_len(m));
	} else {
		printf("%s\n", gy_mate_status_name(st));
	}
	fflush(stdout);
	fprintf(stderr, "nodes %llu time %lld ms nps %llu%s%s tt %.1f%% of %.1f MB\n", (unsigned long long)rep.nodes,
		(long long)rep.time_ms,
		(unsigned long long)(rep.time_ms > 0 ? rep.nodes * 1000 / (uint64_t)rep.time_ms : rep.nodes),
		st != GY_MATE_FOUND ? ""
		: !rep.complete     ? " (line cut short by the limits; a mate within the length is proven)"
		: !rep.shortest     ? " (length not proven shortest)"
				    : "",
		st == GY_MATE_FOUND && lim.tsume_rules && rep.minimax != rep.length ? " (tsume rules)" : "",
		rep.tt_usage * 100, (double)rep.tt_bytes / (1 << 20));
	free(pv);
	gy_mate_destroy(m);
	return st == GY_MATE_FOUND && rep.complete ? SOLVE_MATE : st == GY_MATE_NONE ? SOLVE_NOMATE : SOLVE_TIMEOUT;
}
