/*
 * app/puzzles_cmd.c: `gyoku puzzles`, the project's own tsume puzzle set.
 *
 *   gyoku puzzles make [--games N | --from RECORD...] [--seed S] [--max-len L] [--out FILE]
 *   gyoku puzzles check FILE [--max-len L]
 *
 * `make` finds mates in positions of games: games gyoku's engine plays
 * against itself in this process (seeded, a few random first plies, a
 * small node count per move so that the games have mistakes and mates),
 * or the main lines of the records given.  A position whose side to move
 * has a forced mate, every attacker move a check (the tsume rules of the
 * solver, mate.h), becomes a puzzle when pz_verify accepts it; the set is
 * deduplicated by position.  `check` runs pz_verify again on every line of
 * a file.  The file format and the rules a puzzle obeys are documented in
 * docs/puzzles.md.
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
#include "gyoku/mate.h"

enum {
	PZ_MAX_LEN = 15,         /* the longest puzzle (plies) */
	PZ_PV_MAX = 64,          /* room for a line (a longer one is no puzzle) */
	PZ_SCREEN_NODES = 20000, /* nodes for the first look at a game position */
	PZ_NODES = 200000,       /* nodes for each solve of the verification */
	PZ_TT_MB = 16,           /* the solver's table */
	PZ_GAME_PLIES = 256,     /* a self-play game is cut here */
	PZ_RANDOM_PLIES = 6,     /* random first plies of a self-play game */
	PZ_LINE_MAX = 4096       /* the longest line of a puzzle file */
};

/* The solver and its buffers, shared by every verification. */
struct pz_solver {
	struct gy_mate *m;
	gy_move pv[PZ_PV_MAX];
	int npv;
};

/* What a solve says about a position, attacker to move. */
enum pz_answer { PZ_MATE, PZ_NOMATE, PZ_UNKNOWN };

/*
 * The solver's tsume length of `p` (the side to move attacking, futile
 * interpositions not counted, mate.h): PZ_MATE with *len and the line in
 * s->pv when a complete line of a proven shortest length was found,
 * PZ_NOMATE when no mate exists, else PZ_UNKNOWN.
 */
static enum pz_answer pz_solve(struct pz_solver *s, const struct gy_pos *p, uint64_t nodes, int *len)
{
	struct gy_mate_limits lim = {0, nodes, false, true};
	struct gy_mate_report rep;
	s->npv = 0;
	enum gy_mate_status st = gy_mate_solve(s->m, p, &lim, NULL, s->pv, PZ_PV_MAX, &rep);
	if (st == GY_MATE_NONE)
		return PZ_NOMATE;
	if (st != GY_MATE_FOUND || !rep.complete || !rep.shortest || rep.length >= PZ_PV_MAX)
		return PZ_UNKNOWN;
	s->npv = gy_mate_pv_len(s->m);
	*len = rep.length;
	return PZ_MATE;
}

/* True when every move of `list` is a drop. */
static bool pz_all_drops(const struct gy_movelist *list)
{
	for (int i = 0; i < list->n; i++)
		if (!gy_move_is_drop(list->moves[i]))
			return false;
	return true;
}

/* Whether a check other than the solution also mates within the plies left. */
enum pz_alt { PZ_ALT_NO, PZ_ALT_YES, PZ_ALT_DOUBT };

/*
 * May the defender's drop `e` in `q` be a futile interposition (無駄合,
 * mate.h)?  Not when no attacker capture of the dropped piece leaves the
 * defender mated or with drops only: a move of a board piece that escapes
 * the check stays whatever the defender holds.
 */
static bool pz_maybe_futile(const struct gy_pos *q, gy_move e)
{
	if (!gy_move_is_drop(e))
		return false;
	struct gy_pos r = *q;
	struct gy_undo u;
	gy_pos_do(&r, e, &u);
	struct gy_movelist caps = {0};
	gy_gen(&r, GY_GEN_LEGAL, &caps);
	for (int i = 0; i < caps.n; i++) {
		if (gy_move_is_drop(caps.moves[i]) || gy_move_to(caps.moves[i]) != gy_move_to(e))
			continue;
		struct gy_pos t = r;
		gy_pos_do(&t, caps.moves[i], &u);
		struct gy_movelist ev = {0};
		gy_gen(&t, GY_GEN_LEGAL, &ev);
		if (pz_all_drops(&ev))
			return true;
	}
	return false;
}

/*
 * Does the check `c` of `a` mate within `left` plies (itself included)?
 * YES when the defender has no evasion or the solver mates every evasion
 * within left - 2; NO when an evasion has no mate, or escapes the bound
 * and is no futile interposition (pz_maybe_futile); DOUBT when the only
 * evasions that escape may be futile interpositions, which the rules do
 * not count, or when the node limit stopped a solve.
 */
static enum pz_alt pz_alternative(struct pz_solver *s, const struct gy_pos *a, gy_move c, int left)
{
	struct gy_pos q = *a;
	struct gy_undo u;
	gy_pos_do(&q, c, &u);
	struct gy_movelist ev = {0};
	gy_gen(&q, GY_GEN_LEGAL, &ev);
	if (!ev.n)
		return PZ_ALT_YES;
	bool doubt = false;
	/* Board moves first: one that escapes settles it. */
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < ev.n; i++) {
			gy_move e = ev.moves[i];
			if (gy_move_is_drop(e) != (pass == 1))
				continue;
			bool futile = pz_maybe_futile(&q, e);
			if (left < 3) {
				if (!futile)
					return PZ_ALT_NO;
				doubt = true;
				continue;
			}
			struct gy_pos r = q;
			gy_pos_do(&r, e, &u);
			int len = 0;
			enum pz_answer ans = pz_solve(s, &r, PZ_NODES, &len);
			if (ans == PZ_MATE && len <= left - 2)
				continue;
			if (ans == PZ_NOMATE || (ans == PZ_MATE && !futile))
				return PZ_ALT_NO;
			doubt = true;
		}
	}
	return doubt ? PZ_ALT_DOUBT : PZ_ALT_YES;
}

/* One puzzle: the position and its solution. */
struct pz_puzzle {
	struct gy_pos pos;
	gy_move line[PZ_PV_MAX];
	int n;
};

/*
 * Verifies a puzzle (docs/puzzles.md "What a puzzle is"): the side to
 * move not in check, the other side's king on the board; the solver's
 * shortest tsume length of the position is `n`, odd, 1..max_len; along the
 * line every move legal, every attacker move a check, no other check mating
 * within the plies left (but at the last move of a puzzle of 3 plies or
 * more: the final-move alternatives that tsume convention allows), after
 * each defender move the solver's length exactly two plies less (the
 * defender resists longest), and at the end the defender mated (or left
 * only interpositions the solver finds futile).  Returns true, or false
 * with the reason in `why`.
 */
static bool pz_verify(struct pz_solver *s, const struct pz_puzzle *pz, int max_len, char *why, size_t size)
{
	const struct gy_pos *p = &pz->pos;
	char mv[GY_USI_MOVE_MAX];
	gy_mate_clear(s->m);
	if (gy_pos_in_check(p)) {
		snprintf(why, size, "the side to move is in check");
		return false;
	}
	if (!gy_pos_pieces(p, p->side ^ 1, GY_KING)) {
		snprintf(why, size, "the defender has no king");
		return false;
	}
	if (pz->n < 1 || pz->n > max_len || pz->n % 2 == 0) {
		snprintf(why, size, "length %d is not an odd number from 1 to %d", pz->n, max_len);
		return false;
	}
	struct gy_pos a = *p;
	int left = pz->n, len = 0;
	enum pz_answer ans = pz_solve(s, &a, PZ_NODES, &len);
	if (ans != PZ_MATE) {
		snprintf(why, size, "%s", ans == PZ_NOMATE ? "no mate" : "the solver found no proven shortest mate");
		return false;
	}
	if (len != pz->n) {
		snprintf(why, size, "the shortest mate is %d plies, not %d", len, pz->n);
		return false;
	}
	for (int i = 0; i < pz->n; i += 2, left -= 2) {
		gy_move m = pz->line[i];
		gy_usi_write_move(m, mv);
		if (!gy_move_is_legal(&a, m) || !gy_pos_gives_check(&a, m)) {
			snprintf(why, size, "ply %d: %s is not a legal check", i + 1, mv);
			return false;
		}
		struct gy_movelist checks = {0};
		gy_gen(&a, GY_GEN_CHECKS, &checks);
		for (int k = 0; k < checks.n && !(left == 1 && pz->n >= 3); k++) {
			gy_move c = checks.moves[k];
			if (c == m)
				continue;
			enum pz_alt alt = pz_alternative(s, &a, c, left);
			if (alt != PZ_ALT_NO) {
				char cm[GY_USI_MOVE_MAX];
				gy_usi_write_move(c, cm);
				snprintf(why, size, "ply %d: %s %s within %d plies too", i + 1, cm,
					 alt == PZ_ALT_YES ? "mates" : "may mate (undecided)", left);
				return false;
			}
		}
		struct gy_undo u;
		struct gy_pos q = a;
		gy_pos_do(&q, m, &u);
		if (left == 1) {
			struct gy_movelist ev = {0};
			gy_gen(&q, GY_GEN_LEGAL, &ev);
			/* Evasions left: only futile interpositions, which the solver's length of 1 said. */
			if (ev.n && !(pz_all_drops(&ev) && len == 1)) {
				snprintf(why, size, "ply %d: %s does not mate", i + 1, mv);
				return false;
			}
			return true;
		}
		gy_move d = pz->line[i + 1];
		gy_usi_write_move(d, mv);
		if (!gy_move_is_legal(&q, d)) {
			snprintf(why, size, "ply %d: %s is not legal", i + 2, mv);
			return false;
		}
		a = q;
		gy_pos_do(&a, d, &u);
		ans = pz_solve(s, &a, PZ_NODES, &len);
		if (ans != PZ_MATE || len != left - 2) {
			snprintf(why, size, "ply %d: %s is not a longest defence (the mate after it is not %d plies)",
				 i + 2, mv, left - 2);
			return false;
		}
	}
	return true;
}

/* The theme of a puzzle of `n` plies: "3手詰" (the Japanese name players know). */
static void pz_theme(int n, char *buf, size_t size) { snprintf(buf, size, "%d手詰", n); }

/* The position key of a SFEN for deduplication: the SFEN without its move number. */
static void pz_key(const struct gy_pos *p, char *buf, size_t size)
{
	gy_sfen_write(p, buf, size);
	char *sp = strrchr(buf, ' ');
	if (sp)
		*sp = '\0';
}

/* The set being made. */
struct pz_set {
	struct pz_solver s;
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
	pz_key(p, key, sizeof key);
	if (pz_seen(set, key))
		return 0;
	struct pz_puzzle pz;
	pz.pos = *p;
	pz.pos.movenum = 1;
	int len = 0;
	gy_mate_clear(set->s.m);
	if (pz_solve(&set->s, &pz.pos, PZ_SCREEN_NODES, &len) != PZ_MATE || len > set->max_len || set->s.npv != len)
		return 0;
	set->candidates++;
	pz.n = len;
	memcpy(pz.line, set->s.pv, (size_t)len * sizeof pz.line[0]);
	if (pz_remember(set, key))
		return -1;
	char why[160];
	if (!pz_verify(&set->s, &pz, set->max_len, why, sizeof why)) {
		if (set->verbose)
			fprintf(stderr, "%s: %s\n", source, why);
		return 0;
	}
	set->made++;
	char sfen[GY_SFEN_MAX], theme[32], mv[GY_USI_MOVE_MAX];
	gy_sfen_write(&pz.pos, sfen, sizeof sfen);
	pz_theme(len, theme, sizeof theme);
	fprintf(set->out, "%s\t", sfen);
	for (int i = 0; i < len; i++) {
		gy_usi_write_move(pz.line[i], mv);
		fprintf(set->out, "%s%s", i ? " " : "", mv);
	}
	fprintf(set->out, "\t%d\t%s\t%s\n", len, theme, source);
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
	int f = gy_record_format_by_path(path);
	if (f < 0)
		f = (int)gy_record_format_by_content(text, len);
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
	      "  make   tsume puzzles (every attacker move a check, a unique shortest solution of 1 to L\n"
	      "         plies, L = 15 unless set) from the positions of engine self-play games (N games,\n"
	      "         10 unless set, seeded by S, 1 unless set) or of the records given; one puzzle a\n"
	      "         line to FILE (standard output unless set); --verbose: why each mate is no puzzle\n"
	      "  check  verifies every puzzle of FILE again with the solver; each failure with its line\n"
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
	if (gy_mate_create(&set.s.m, PZ_TT_MB)) {
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
		if (gy_engine_create(&e, &cb) != GY_OK || gy_engine_set_option(e, "USI_Hash", "16") != GY_OK ||
		    gy_engine_set_option(e, "Threads", "1") != GY_OK) {
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
	gy_mate_destroy(set.s.m);
	free(set.keys);
	return rc ? 2 : 0;
}

/*
 * Parses line `text` of a puzzle file into `pz`: SFEN, solution, length,
 * theme, source separated by tabs.  Returns true, or false with why.
 */
static bool pz_parse(char *text, struct pz_puzzle *pz, char *why, size_t size)
{
	char *field[5];
	int nf = 0;
	for (char *t = text; nf < 5; nf++) {
		field[nf] = t;
		char *tab = strchr(t, '\t');
		if (!tab) {
			nf++;
			break;
		}
		*tab = '\0';
		t = tab + 1;
	}
	if (nf != 5) {
		snprintf(why, size, "%d fields, not 5 (SFEN, solution, length, theme, source, separated by tabs)", nf);
		return false;
	}
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pz->pos, field[0], strlen(field[0]), GY_SFEN_TSUME, &where);
	if (err != GY_OK) {
		snprintf(why, size, "SFEN: %s at column %d", gy_strerror(err), where.col);
		return false;
	}
	char *end;
	long n = strtol(field[2], &end, 10);
	if (end == field[2] || *end || n < 1 || n > PZ_MAX_LEN) {
		snprintf(why, size, "length '%s' is not a number from 1 to %d", field[2], PZ_MAX_LEN);
		return false;
	}
	pz->n = 0;
	struct gy_pos p = pz->pos;
	for (char *t = field[1]; *t;) {
		size_t k = strcspn(t, " ");
		gy_move m;
		struct gy_undo u;
		if (pz->n == PZ_PV_MAX || gy_usi_parse_move(&p, t, k, &m, NULL) != GY_OK) {
			snprintf(why, size, "solution: move %d '%.*s' is not a legal move", pz->n + 1, (int)k, t);
			return false;
		}
		pz->line[pz->n++] = m;
		gy_pos_do(&p, m, &u);
		t += k;
		t += strspn(t, " ");
	}
	if (pz->n != n) {
		snprintf(why, size, "the solution has %d moves, the length says %ld", pz->n, n);
		return false;
	}
	char theme[32];
	pz_theme(pz->n, theme, sizeof theme);
	if (strcmp(field[3], theme)) {
		snprintf(why, size, "theme '%s' is not '%s'", field[3], theme);
		return false;
	}
	return true;
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
	struct pz_solver s;
	if (gy_mate_create(&s.m, PZ_TT_MB)) {
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
		struct pz_puzzle pz;
		char reason[256], key[GY_SFEN_MAX];
		bool ok = pz_parse(text, &pz, reason, sizeof reason);
		if (ok) {
			pz_key(&pz.pos, key, sizeof key);
			if (pz_seen(&seen, key)) {
				snprintf(reason, sizeof reason, "the position is already in the file");
				ok = false;
			} else if (pz_remember(&seen, key)) {
				rc = 2;
				break;
			}
		}
		ok = ok && pz_verify(&s, &pz, max_len, reason, sizeof reason);
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
	gy_mate_destroy(s.m);
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
	fprintf(stderr, "gyoku puzzles: unknown subcommand '%s' (make or check)\n", argv[0]);
	return pz_usage(stderr, 2);
}
