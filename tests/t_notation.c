/*
 * tests/t_notation.c: move text in the Japanese, Hodges, Hosking and
 * Kitao-Kawasaki styles (include/gyoku/notation.h, docs/rules.md "Notation
 * systems").
 *
 * notation-1.x: round trips over random-play positions (default 20,000,
 * 1,000 in the sanitizer build, or the count given as second argument):
 * for every legal move and every style, the written text reads back as
 * the same move, and no two legal moves of a position share a text.
 *
 * notation-2.x and on: the cases of tests/data/notation.txt (or the file
 * given as first argument), one a line:
 *
 *   id <TAB> SFEN <TAB> prev <TAB> op <TAB> arg <TAB> expected
 *
 * prev is the previous move's destination as a USI square ("7f") or "-";
 * op is write-japanese, write-hodges, write-hosking or write-kitao (arg a
 * USI move, expected the text, with side marks), or read (arg the text,
 * expected the USI move, or an error name such as NOTATION_AMBIGUOUS,
 * optionally with "@COLUMN").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/notation.h"
#include "randplay.h"

static const char *const style_name[GY_NOTATION_NB] = {"japanese", "hodges", "hosking", "kitao"};

struct text_entry {
	char text[GY_NOTATION_MAX];
};

static int cmp_text(const void *a, const void *b)
{
	return strcmp(((const struct text_entry *)a)->text, ((const struct text_entry *)b)->text);
}

/* A square holding a piece of the side not to move, picked by `k`, or GY_SQ_NONE. */
static gy_sq some_enemy_square(const struct gy_pos *p, unsigned k)
{
	int n = 0;
	gy_sq squares[GY_SQ_NB];
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++)
		if (p->board[sq] && gy_piece_color(p->board[sq]) != p->side)
			squares[n++] = sq;
	return n ? squares[k % (unsigned)n] : GY_SQ_NONE;
}

static void round_trips(struct check_tally *t, long positions)
{
	struct randplay r;
	static struct gy_movelist legal;
	static struct text_entry texts[GY_MAX_MOVES];
	long moves = 0, failures[GY_NOTATION_NB] = {0}, dups[GY_NOTATION_NB] = {0};
	char first_fail[GY_NOTATION_NB][512] = {{0}};
	randplay_start(&r, 20261122, 200);
	for (long i = 0; i < positions; i++) {
		while (!randplay_step(&r))
			;
		const struct gy_pos *p = &r.pos;
		gy_sq prev = some_enemy_square(p, (unsigned)i * 7u);
		legal.n = 0;
		gy_gen(p, GY_GEN_LEGAL, &legal);
		moves += legal.n;
		for (int s = 0; s < GY_NOTATION_NB; s++) {
			bool mark = (i & 1) != 0;
			for (int k = 0; k < legal.n; k++) {
				gy_move m = legal.moves[k], back = GY_MOVE_NONE;
				char *text = texts[k].text;
				size_t len = gy_notation_write(p, legal.moves[k], prev, (enum gy_notation)s, mark, text,
							       GY_NOTATION_MAX);
				enum gy_err err = len < GY_NOTATION_MAX
							  ? gy_notation_read(p, prev, text, len, &back, NULL)
							  : GY_ERR_TOO_LONG;
				if (err || back != m) {
					if (!failures[s]++) {
						char usi[GY_USI_MOVE_MAX], sfen[GY_SFEN_MAX];
						gy_usi_write_move(m, usi);
						gy_sfen_write(p, sfen, sizeof sfen);
						snprintf(first_fail[s], sizeof first_fail[s],
							 "%s written '%s' reads %s [%s]", usi, text,
							 datafile_err_name(err), sfen);
					}
				}
			}
			qsort(texts, (size_t)legal.n, sizeof texts[0], cmp_text);
			for (int k = 1; k < legal.n; k++)
				if (!strcmp(texts[k - 1].text, texts[k].text) && !dups[s]++ && !first_fail[s][0])
					snprintf(first_fail[s], sizeof first_fail[s], "two moves written '%s'",
						 texts[k].text);
		}
	}
	printf("# notation round trips: %ld positions, %ld legal moves, %ld texts written and read\n", positions, moves,
	       moves * GY_NOTATION_NB);
	for (int s = 0; s < GY_NOTATION_NB; s++) {
		char id[32];
		snprintf(id, sizeof id, "notation-1.%d", s + 1);
		CHECK(t, id, failures[s] == 0 && dups[s] == 0, "%s: %ld round-trip failures, %ld duplicate texts; %s",
		      style_name[s], failures[s], dups[s], first_fail[s]);
	}
}

/* Parses a USI square ("7f"); GY_SQ_NONE for "-", -1 when malformed. */
static int parse_square(const char *s)
{
	if (!strcmp(s, "-"))
		return GY_SQ_NONE;
	if (strlen(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i')
		return -1;
	return gy_make_sq(s[0] - '0', s[1] - 'a' + 1);
}

static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48];
	snprintf(lid, sizeof lid, "notation-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 6 || !datafile_id_ok(f[0]) || !*f[3] || !*f[4] || !*f[5]) {
		check_fail(t, lid, "%s:%d: malformed line (want id SFEN prev op arg expected)", d->path, d->lineno);
		return;
	}
	const char *id = f[0];
	if (!datafile_id_new(ids, id)) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
		return;
	}
	struct gy_pos pos;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(&pos, f[1], strlen(f[1]), GY_SFEN_STRICT, &where);
	int prev = parse_square(f[2]);
	if (err || prev < 0) {
		check_fail(t, id, "%s:%d: bad SFEN (%s) or prev square '%s'", d->path, d->lineno,
			   datafile_err_name(err), f[2]);
		return;
	}
	const char *op = f[3], *arg = f[4], *want = f[5];
	if (!strcmp(op, "read")) {
		gy_move m;
		err = gy_notation_read(&pos, prev, arg, strlen(arg), &m, &where);
		char got[64];
		if (err)
			snprintf(got, sizeof got, "%s@%d", datafile_err_name(err), where.col);
		else
			gy_usi_write_move(m, got);
		bool ok = !strcmp(got, want);
		if (err && !ok && !strchr(want, '@'))
			ok = !strcmp(datafile_err_name(err), want);
		if (!err && !gy_move_is_legal(&pos, m))
			ok = false;
		CHECK(t, id, ok, "read '%s' gives %s, expected %s", arg, got, want);
		return;
	}
	int style = -1;
	for (int s = 0; s < GY_NOTATION_NB; s++)
		if (!strncmp(op, "write-", 6) && !strcmp(op + 6, style_name[s]))
			style = s;
	gy_move m;
	if (style < 0 || gy_usi_parse_move(&pos, arg, strlen(arg), &m, NULL) != GY_OK) {
		check_fail(t, id, "%s:%d: unknown op '%s' or illegal move '%s'", d->path, d->lineno, op, arg);
		return;
	}
	char text[GY_NOTATION_MAX];
	gy_notation_write(&pos, m, prev, (enum gy_notation)style, true, text, sizeof text);
	gy_move back = GY_MOVE_NONE;
	err = gy_notation_read(&pos, prev, text, strlen(text), &back, NULL);
	CHECK(t, id, !strcmp(text, want) && !err && back == m, "%s %s gives '%s', expected '%s'%s", op, arg, text, want,
	      err || back != m ? " (and it does not read back)" : "");
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/notation.txt";
#ifdef GY_DEBUG
	long positions = 1000;
#else
	long positions = 20000;
#endif
	if (argc > 2)
		positions = datafile_number(argv[2]);
	struct check_tally t = {0, 0};
	gy_init();
	round_trips(&t, positions);
	struct datafile d;
	if (!datafile_open(&d, path)) {
		check_fail(&t, "notation-0.1", "cannot open %s (run from the repository root)", path);
		return check_exit(&t);
	}
	static struct datafile_ids ids;
	int before = t.passed + t.failed;
	while (datafile_next(&d))
		run_case(&t, &d, &ids);
	datafile_close(&d);
	datafile_ids_free(&ids);
	if (t.passed + t.failed == before)
		check_fail(&t, "notation-0.2", "%s holds no cases", path);
	return check_exit(&t);
}
