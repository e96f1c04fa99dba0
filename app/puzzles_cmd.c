/*
 * app/puzzles_cmd.c: `gyoku puzzles`, the project's own tsume puzzle set.
 *
 *   gyoku puzzles make [--games N | --from RECORD...] [--seed S] [--max-len L] [--out FILE]
 *   gyoku puzzles check FILE [--max-len L]
 *   gyoku puzzles compose ... (app/puzzles_compose.c)
 *
 * `make` finds mates in positions of games: games gyoku's engine plays
 * against itself in this process (seeded, a few random first plies, a
 * small node count per move so that the games have mistakes and mates),
 * or the main lines of the records given.  A position whose side to move
 * has a forced mate, every attacker move a check (the tsume rules of the
 * solver, mate.h), becomes a puzzle when gy_puzzle_verify accepts it; the set is
 * deduplicated by position.  `check` runs gy_puzzle_verify again on every line of
 * a file, and to a composed problem (source "composed ...") the composed
 * conventions too (compose_conventions).  The file format and the rules a puzzle obeys are documented in
 * docs/puzzles.md; both live in libgyoku (gyoku/puzzle.h).
 *
 * Every solve starts from a cleared table with node limits, so a puzzle's
 * verdict depends on the puzzle alone: `check` decides what `make` did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "gyoku/engine.h"
#include "gyoku/gyoku.h"
#include "gyoku/puzzle.h"
#include "puzzles_compose.h"

enum {
	PZ_MAX_LEN = GY_PUZZLE_MAX_LEN,
	PZ_SCREEN_NODES = 20000, /* nodes for the first look at a game position */
	PZ_TT_MB = 16,           /* the solver's table */
	PZ_GAME_PLIES = 256,     /* a self-play game is cut here */
	PZ_RANDOM_PLIES = 6,     /* random first plies of a self-play game */
	PZ_LINE_MAX = 4096       /* the longest line of a puzzle file */
};

/* The set being made. */
struct pz_set {
	struct gy_puzzle_solver *s;
	int max_len;
	FILE *out;
	char (*keys)[GY_SFEN_MAX];
	int nkeys, cap;
	int by_len[PZ_MAX_LEN + 1];
	long looked, candidates;
	int made;
	bool verbose; /* say why each mate found is no puzzle */
};

static bool pz_seen(struct pz_set *set, const char *key)
{
	for (int i = 0; i < set->nkeys; i++)
		if (!strcmp(set->keys[i], key))
			return true;
	return false;
}

static int pz_remember(struct pz_set *set, const char *key)
{
	if (set->nkeys == set->cap) {
		int cap = set->cap ? set->cap * 2 : 256;
		void *k = realloc(set->keys, (size_t)cap * sizeof *set->keys);
		if (!k)
			return -1;
		set->keys = k;
		set->cap = cap;
	}
	snprintf(set->keys[set->nkeys++], GY_SFEN_MAX, "%s", key);
	return 0;
}

/* Looks at position `p` of a game; writes a puzzle when it is one.  `source` names where it comes from. */
static int pz_consider(struct pz_set *set, const struct gy_pos *p, const char *source)
{
	char key[GY_SFEN_MAX];
	if (gy_pos_in_check(p) || !gy_pos_pieces(p, p->side ^ 1, GY_KING))
		return 0;
	set->looked++;
	gy_puzzle_key(p, key, sizeof key);
	if (pz_seen(set, key))
		return 0;
	struct gy_puzzle pz;
	memset(&pz, 0, sizeof pz);
	pz.pos = *p;
	pz.pos.movenum = 1;
	int len = 0, npv = 0;
	if (gy_puzzle_solve(set->s, &pz.pos, PZ_SCREEN_NODES, true, &len) != GY_PUZZLE_MATE || len > set->max_len)
		return 0;
	const gy_move *pv = gy_puzzle_solver_line(set->s, &npv);
	if (npv != len)
		return 0;
	set->candidates++;
	pz.n = len;
	memcpy(pz.line, pv, (size_t)len * sizeof pz.line[0]);
	snprintf(pz.source, sizeof pz.source, "%s", source);
	if (pz_remember(set, key))
		return -1;
	char why[160];
	if (!gy_puzzle_verify(set->s, &pz, set->max_len, why, sizeof why)) {
		if (set->verbose)
			fprintf(stderr, "%s: %s\n", source, why);
		return 0;
	}
	set->made++;
	char line[PZ_LINE_MAX];
	gy_puzzle_write(&pz, line, sizeof line);
	fprintf(set->out, "%s\n", line);
	fflush(set->out);
	set->by_len[len]++;
	return 0;
}

static uint64_t pz_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The engine's answer to a `go`. */
struct pz_answer_cb {
	enum gy_best_kind kind;
	gy_move move;
};

static void pz_on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	struct pz_answer_cb *a = ctx;
	(void)ponder;
	a->kind = kind;
	a->move = move;
}

/*
 * Plays self-play game `index` of `seed` (random first plies, then the
 * engine at a node count drawn per game from 100 to 1600 and a SkillLevel
 * from 4 to 15, below the full strength that resigns) and looks at
 * each position.
 */
static int pz_selfplay_game(struct pz_set *set, struct gy_engine *e, struct pz_answer_cb *ans, uint64_t seed, int index)
{
	uint64_t rng = seed * 0x2545f4914f6cdd1dULL + (uint64_t)index;
	struct gy_pos start, pos;
	gy_pos_set_start(&start);
	pos = start;
	gy_move moves[PZ_GAME_PLIES];
	uint64_t nodes = 100 + pz_rand(&rng) % 1501;
	char skill[8];
	snprintf(skill, sizeof skill, "%d", (int)(4 + pz_rand(&rng) % 12));
	if (gy_engine_set_option(e, "SkillLevel", skill) != GY_OK)
		return -1;
	gy_engine_new_game(e);
	for (int ply = 0; ply < PZ_GAME_PLIES; ply++) {
		char source[96];
		snprintf(source, sizeof source, "seed %llu game %d ply %d", (unsigned long long)seed, index, ply);
		if (ply >= PZ_RANDOM_PLIES && pz_consider(set, &pos, source))
			return -1;
		gy_move m;
		if (ply < PZ_RANDOM_PLIES) {
			struct gy_movelist list = {0};
			gy_gen(&pos, GY_GEN_LEGAL, &list);
			if (!list.n)
				break;
			m = list.moves[pz_rand(&rng) % (uint64_t)list.n];
		} else {
			struct gy_limits lim = {0};
			lim.nodes = nodes;
			ans->kind = GY_BEST_RESIGN;
			ans->move = GY_MOVE_NONE;
			if (gy_engine_set_position(e, &start, moves, ply) != GY_OK || gy_engine_go(e, &lim) != GY_OK)
				return -1;
			gy_engine_wait(e);
			if (ans->kind != GY_BEST_MOVE || ans->move == GY_MOVE_NONE)
				break;
			m = ans->move;
		}
		moves[ply] = m;
		struct gy_undo u;
		gy_pos_do(&pos, m, &u);
	}
	return 0;
}

/* Looks at every position of the main line of the record `path`. */
static int pz_record(struct pz_set *set, const char *path)
{
	size_t len = 0;
	char *text = NULL, why[ARGS_WHY_MAX];
	if (args_read_file(path, &text, &len, why, sizeof why)) {
		fprintf(stderr, "gyoku puzzles: %s\n", why);
		return 1;
	}
	int f = (int)gy_record_format_of(path, text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, path, &g, &where, NULL);
	free(text);
	if (!g) {
		fprintf(stderr, "gyoku puzzles: %s: %s at line %d column %d\n", path, gy_strerror(err), where.line,
			where.col);
		return 1;
	}
	/* The main line: from the end back to the root. */
	int nodes = 0, end = gy_game_main_end(g);
	for (int n = end; n >= 0; n = gy_game_parent(g, n))
		nodes++;
	int *line = malloc((size_t)nodes * sizeof *line);
	int rc = line ? 0 : -1;
	for (int n = end, i = nodes - 1; line && n >= 0; n = gy_game_parent(g, n))
		line[i--] = n;
	for (int i = 0; !rc && i < nodes; i++) {
		struct gy_pos p;
		if (gy_game_position(g, line[i], &p) != GY_OK)
			break;
		const char *base = strrchr(path, '/');
		char source[256];
		snprintf(source, sizeof source, "%s ply %d", base ? base + 1 : path, gy_game_ply(g, line[i]));
		rc = pz_consider(set, &p, source);
	}
	free(line);
	gy_game_destroy(g);
	return rc;
}

static int pz_usage(FILE *f, int status)
{
	fputs("usage: gyoku puzzles make [--games N | --from RECORD...] [--seed S] [--max-len L] [--out FILE]\n"
	      "                    [--verbose]\n"
	      "       gyoku puzzles check FILE [--max-len L]\n"
	      "       gyoku puzzles compose [--count N] [--len L..M] [--per-len K] [--seed S] [--out FILE]\n"
	      "  make   tsume puzzles (every attacker move a check, a unique shortest solution of 1 to L\n"
	      "         plies, L = 15 unless set) from the positions of engine self-play games (N games,\n"
	      "         10 unless set, seeded by S, 1 unless set) or of the records given; one puzzle a\n"
	      "         line to FILE (standard output unless set); --verbose: why each mate is no puzzle\n"
	      "  check  verifies every puzzle of FILE again with the solver; each failure with its line\n"
	      "         (a composed one, source 'composed ...': the composed conventions too)\n"
	      "  compose  composed problems (gyoku puzzles compose --help)\n"
	      "exit status: 0 done (check: every puzzle good), 1 a puzzle failed, 2 usage or input error\n"
	      "the file format: docs/puzzles.md\n",
	      f);
	return status;
}

static int pz_make(int argc, char **argv)
{
	int games = 10, max_len = PZ_MAX_LEN, nfrom = 0;
	uint64_t seed = 1;
	const char *out = NULL;
	char **from = NULL;
	bool verbose = false;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return pz_usage(stdout, 0);
		if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (!args_int("gyoku puzzles", "--games", argv[++i], 0, 1000000, &games))
				return 2;
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			if (!args_u64("gyoku puzzles", "--seed", argv[++i], &seed))
				return 2;
		} else if (!strcmp(argv[i], "--max-len") && i + 1 < argc) {
			if (!args_int("gyoku puzzles", "--max-len", argv[++i], 1, PZ_MAX_LEN, &max_len))
				return 2;
		} else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(argv[i], "--verbose")) {
			verbose = true;
		} else if (!strcmp(argv[i], "--from")) {
			from = argv + i + 1;
			while (i + 1 < argc && strncmp(argv[i + 1], "--", 2))
				i++, nfrom++;
			if (!nfrom) {
				fprintf(stderr, "gyoku puzzles: --from needs record files\n");
				return pz_usage(stderr, 2);
			}
		} else {
			fprintf(stderr, "gyoku puzzles: unknown option or missing value: '%s'\n", argv[i]);
			return pz_usage(stderr, 2);
		}
	}
	struct pz_set set;
	memset(&set, 0, sizeof set);
	set.max_len = max_len;
	set.verbose = verbose;
	set.out = out ? fopen(out, "w") : stdout;
	if (!set.out) {
		fprintf(stderr, "gyoku puzzles: cannot write %s\n", out);
		return 2;
	}
	if (gy_puzzle_solver_create(&set.s, PZ_TT_MB)) {
		fprintf(stderr, "gyoku puzzles: out of memory\n");
		if (out)
			fclose(set.out);
		return 2;
	}
	fprintf(set.out, "# gyoku puzzles make");
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--out") && (i == 0 || strcmp(argv[i - 1], "--out")))
			fprintf(set.out, " %s", argv[i]);
	fprintf(set.out, "\n# SFEN<TAB>solution (USI)<TAB>length<TAB>theme<TAB>source (docs/puzzles.md)\n");
	int rc = 0;
	if (nfrom) {
		for (int i = 0; !rc && i < nfrom; i++)
			rc = pz_record(&set, from[i]);
	} else {
		struct pz_answer_cb ans = {GY_BEST_RESIGN, GY_MOVE_NONE};
		struct gy_engine_callbacks cb = {&ans, NULL, pz_on_bestmove, NULL, NULL};
		struct gy_engine *e = NULL;
		/* The linear evaluation, as the published sets were made (docs/puzzles.md). */
		if (gy_engine_create(&e, &cb) != GY_OK || gy_engine_set_option(e, "USI_Hash", "16") != GY_OK ||
		    gy_engine_set_option(e, "Threads", "1") != GY_OK ||
		    gy_engine_set_option(e, "EvalType", "linear") != GY_OK) {
			fprintf(stderr, "gyoku puzzles: cannot start the engine\n");
			rc = 2;
		}
		for (int i = 0; !rc && i < games; i++) {
			rc = pz_selfplay_game(&set, e, &ans, seed, i) ? 2 : 0;
			fprintf(stderr, "game %d/%d: %d puzzles\n", i + 1, games, set.made);
		}
		gy_engine_destroy(e);
	}
	int total = 0;
	fprintf(stderr, "positions %ld, mates %ld, puzzles by length:", set.looked, set.candidates);
	for (int n = 1; n <= PZ_MAX_LEN; n++) {
		total += set.by_len[n];
		if (set.by_len[n])
			fprintf(stderr, " %d:%d", n, set.by_len[n]);
	}
	fprintf(stderr, ", total %d\n", total);
	if (out && fclose(set.out)) {
		fprintf(stderr, "gyoku puzzles: cannot write %s\n", out);
		rc = 2;
	}
	gy_puzzle_solver_destroy(set.s);
	free(set.keys);
	return rc ? 2 : 0;
}

static int pz_check(int argc, char **argv)
{
	const char *path = NULL;
	int max_len = PZ_MAX_LEN;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return pz_usage(stdout, 0);
		if (!strcmp(argv[i], "--max-len") && i + 1 < argc) {
			if (!args_int("gyoku puzzles", "--max-len", argv[++i], 1, PZ_MAX_LEN, &max_len))
				return 2;
		} else if (!path && strncmp(argv[i], "--", 2)) {
			path = argv[i];
		} else {
			fprintf(stderr, "gyoku puzzles: unexpected argument '%s'\n", argv[i]);
			return pz_usage(stderr, 2);
		}
	}
	if (!path)
		return pz_usage(stderr, 2);
	char why[ARGS_WHY_MAX];
	FILE *f = args_open_file(path, why, sizeof why);
	if (!f) {
		fprintf(stderr, "gyoku puzzles: %s\n", why);
		return 2;
	}
	struct gy_puzzle_solver *s;
	if (gy_puzzle_solver_create(&s, PZ_TT_MB)) {
		fprintf(stderr, "gyoku puzzles: out of memory\n");
		fclose(f);
		return 2;
	}
	struct pz_set seen;
	memset(&seen, 0, sizeof seen);
	char *text = malloc(PZ_LINE_MAX);
	int lineno = 0, good = 0, bad = 0, rc = text ? 0 : 2;
	while (text && fgets(text, PZ_LINE_MAX, f)) {
		lineno++;
		size_t k = strlen(text);
		if (k == PZ_LINE_MAX - 1 && text[k - 1] != '\n') {
			fprintf(stderr, "%s:%d: the line is too long\n", path, lineno);
			rc = 2;
			break;
		}
		text[strcspn(text, "\r\n")] = '\0';
		if (!text[0] || text[0] == '#')
			continue;
		struct gy_puzzle pz;
		char reason[256], key[GY_SFEN_MAX];
		bool ok = gy_puzzle_parse(text, strlen(text), &pz, reason, sizeof reason);
		if (ok) {
			gy_puzzle_key(&pz.pos, key, sizeof key);
			if (pz_seen(&seen, key)) {
				snprintf(reason, sizeof reason, "the position is already in the file");
				ok = false;
			} else if (pz_remember(&seen, key)) {
				rc = 2;
				break;
			}
		}
		ok = ok && gy_puzzle_verify(s, &pz, max_len, reason, sizeof reason);
		ok = ok && (!compose_is_composed(&pz) || compose_conventions(s, &pz, reason, sizeof reason));
		if (ok) {
			good++;
		} else {
			bad++;
			printf("%s:%d: %s\n", path, lineno, reason);
		}
	}
	printf("%d puzzles good, %d failed\n", good, bad);
	free(text);
	free(seen.keys);
	if (f != stdin)
		fclose(f);
	gy_puzzle_solver_destroy(s);
	return rc ? rc : bad ? 1 : 0;
}

int cmd_puzzles(int argc, char **argv)
{
	if (argc < 1)
		return pz_usage(stderr, 2);
	if (args_is_help(argv[0]))
		return pz_usage(stdout, 0);
	if (!strcmp(argv[0], "make"))
		return pz_make(argc - 1, argv + 1);
	if (!strcmp(argv[0], "check"))
		return pz_check(argc - 1, argv + 1);
	if (!strcmp(argv[0], "compose"))
		return compose_main(argc - 1, argv + 1);
	fprintf(stderr, "gyoku puzzles: unknown subcommand '%s' (make, check or compose)\n", argv[0]);
	return pz_usage(stderr, 2);
}
