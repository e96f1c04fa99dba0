/*
 * tests/t_sfen.c: SFEN reading and writing, as data (style.md rule 13).
 *
 * tests/data/sfen_errors.txt, one case a line:
 *
 *   id <TAB> ERRNAME <TAB> COL <TAB> strict|tsume <TAB> SFEN
 *
 * gy_sfen_parse must fail with GY_ERR_<ERRNAME> (err.h) at line 1, column
 * COL, and leave the position cleared.  The SFEN may be empty.
 *
 * tests/data/sfen_ok.txt, one case a line:
 *
 *   id <TAB> strict|tsume|problem|rest <TAB> SFEN [<TAB> CANONICAL]
 *
 * "rest" is tsume mode followed by gy_pos_give_rest_to for the side not
 * to move (the tsume convention, asked for explicitly; usi.h GY_SFEN_TSUME).
 * The SFEN must parse to a consistent position (gy_pos_is_ok);
 * gy_sfen_write must give CANONICAL (the SFEN itself when absent) byte for
 * byte, and that text must parse to the identical position.
 *
 * Every SFEN is handed to the parser in a buffer of exactly its length,
 * without a NUL, so that the sanitizer build catches reads past the end.
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"

/*
 * True when `a` and `b` hold the same position, member by member (the
 * struct is plain data; comparing members skips any padding bytes).
 */
static bool same_pos(const struct gy_pos *a, const struct gy_pos *b)
{
	return !memcmp(a->by_color, b->by_color, sizeof a->by_color) &&
	       !memcmp(a->by_type, b->by_type, sizeof a->by_type) && a->checkers == b->checkers &&
	       a->pinned == b->pinned && a->board_key == b->board_key && a->hand_key == b->hand_key &&
	       !memcmp(a->hand, b->hand, sizeof a->hand) && a->side == b->side && a->movenum == b->movenum &&
	       !memcmp(a->king, b->king, sizeof a->king) && !memcmp(a->board, b->board, sizeof a->board);
}

/* Parses the text `s` from an exact-length copy, as described above. */
static enum gy_err parse_exact(struct gy_pos *p, const char *s, enum gy_sfen_mode mode, struct gy_srcpos *where)
{
	size_t len = strlen(s);
	char *copy = malloc(len ? len : 1);
	if (!copy)
		return GY_ERR_NOMEM;
	memcpy(copy, s, len);
	enum gy_err err = gy_sfen_parse(p, copy, len, mode, where);
	free(copy);
	return err;
}

/*
 * The mode named by `s`; false when it is not "strict", "tsume",
 * "problem" or (when `rest` is not NULL) "rest", which sets *rest.
 */
static bool read_mode(const char *s, enum gy_sfen_mode *mode, bool *rest)
{
	if (rest)
		*rest = false;
	if (rest && !strcmp(s, "rest")) {
		*mode = GY_SFEN_TSUME;
		*rest = true;
	} else if (!strcmp(s, "strict"))
		*mode = GY_SFEN_STRICT;
	else if (!strcmp(s, "tsume"))
		*mode = GY_SFEN_TSUME;
	else if (!strcmp(s, "problem"))
		*mode = GY_SFEN_PROBLEM;
	else
		return false;
	return true;
}

/* The ids of both files, which share one namespace. */
static struct datafile_ids ids;

/* False (after failing the line) when the line's id was used before. */
static bool fresh_id(struct check_tally *t, const struct datafile *d, const char *lid, const char *id)
{
	if (datafile_id_new(&ids, id))
		return true;
	check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
	return false;
}

static void error_case(struct check_tally *t, struct datafile *d)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48];
	snprintf(lid, sizeof lid, "sfen-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	enum gy_sfen_mode mode;
	int want = nf == 5 ? datafile_err_from_name(f[1], strlen(f[1])) : -1;
	long col = nf == 5 ? datafile_number(f[2]) : -1;
	if (nf != 5 || !datafile_id_ok(f[0]) || want <= 0 || col < 0 || !read_mode(f[3], &mode, NULL)) {
		check_fail(t, lid, "%s:%d: malformed line (want id<TAB>ERRNAME<TAB>COL<TAB>strict|tsume<TAB>SFEN)",
			   d->path, d->lineno);
		return;
	}
	if (!fresh_id(t, d, lid, f[0]))
		return;
	struct gy_pos pos, cleared;
	struct gy_srcpos where = {0, 0};
	memset(&pos, 0x5a, sizeof pos);
	gy_pos_clear(&cleared);
	enum gy_err err = parse_exact(&pos, f[4], mode, &where);
	if (err == GY_OK)
		check_fail(t, f[0], "accepted, expected %s at column %ld [%s]", f[1], col, f[4]);
	else if ((int)err != want)
		check_fail(t, f[0], "%s (%s) at column %d, expected %s at column %ld [%s]", datafile_err_name(err),
			   gy_strerror(err), where.col, f[1], col, f[4]);
	else if (where.col != col || where.line != 1)
		check_fail(t, f[0], "%s reported at line %d column %d, expected line 1 column %ld [%s]", f[1],
			   where.line, where.col, col, f[4]);
	else if (!same_pos(&pos, &cleared))
		check_fail(t, f[0], "the position is not left cleared after %s", f[1]);
	else
		check_pass(t, f[0]);
}

static void ok_case(struct check_tally *t, struct datafile *d)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48];
	snprintf(lid, sizeof lid, "sfen-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	enum gy_sfen_mode mode;
	bool rest;
	if ((nf != 3 && nf != 4) || !datafile_id_ok(f[0]) || !read_mode(f[1], &mode, &rest) || !*f[2] ||
	    (nf == 4 && !*f[3])) {
		check_fail(t, lid,
			   "%s:%d: malformed line (want id<TAB>strict|tsume|problem|rest<TAB>SFEN[<TAB>CANONICAL])",
			   d->path, d->lineno);
		return;
	}
	if (!fresh_id(t, d, lid, f[0]))
		return;
	const char *id = f[0], *sfen = f[2], *canon = nf == 4 ? f[3] : f[2];
	struct gy_pos pos, again;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = parse_exact(&pos, sfen, mode, &where);
	if (err) {
		check_fail(t, id, "rejected: %s (%s) at column %d [%s]", datafile_err_name(err), gy_strerror(err),
			   where.col, sfen);
		return;
	}
	if (rest)
		gy_pos_give_rest_to(&pos, pos.side ^ 1);
	if (!gy_pos_is_ok(&pos)) {
		check_fail(t, id, "gy_pos_is_ok fails after parsing [%s]", sfen);
		return;
	}
	char out[GY_SFEN_MAX], small[11];
	size_t n = gy_sfen_write(&pos, out, sizeof out);
	if (n != strlen(out) || n >= GY_SFEN_MAX) {
		check_fail(t, id, "gy_sfen_write returned %zu for a text of %zu bytes", n, strlen(out));
		return;
	}
	if (strcmp(out, canon)) {
		check_fail(t, id, "written as [%s], expected [%s]", out, canon);
		return;
	}
	size_t n_small = gy_sfen_write(&pos, small, sizeof small);
	if (n_small != n || strlen(small) != sizeof small - 1 || memcmp(small, out, sizeof small - 1)) {
		check_fail(t, id, "gy_sfen_write into %zu bytes gave [%s] and %zu", sizeof small, small, n_small);
		return;
	}
	err = parse_exact(&again, out, mode, &where);
	if (err) {
		check_fail(t, id, "the written SFEN is rejected: %s (%s) at column %d [%s]", datafile_err_name(err),
			   gy_strerror(err), where.col, out);
		return;
	}
	if (rest)
		gy_pos_give_rest_to(&again, again.side ^ 1);
	CHECK(t, id, same_pos(&pos, &again), "the written SFEN [%s] reads back as a different position", out);
}

static void run_file(struct check_tally *t, const char *path, void (*run)(struct check_tally *, struct datafile *))
{
	struct datafile d;
	int before = t->passed + t->failed;
	if (!datafile_open(&d, path)) {
		check_fail(t, "sfen-0.1", "cannot open %s (run from the repository root)", path);
		return;
	}
	while (datafile_next(&d))
		run(t, &d);
	datafile_close(&d);
	if (t->passed + t->failed == before)
		check_fail(t, "sfen-0.2", "%s holds no cases", path);
}

int main(int argc, char **argv)
{
	const char *errors = argc > 2 ? argv[1] : "tests/data/sfen_errors.txt";
	const char *ok = argc > 2 ? argv[2] : "tests/data/sfen_ok.txt";
	struct check_tally t = {0, 0};
	gy_init();
	run_file(&t, errors, error_case);
	run_file(&t, ok, ok_case);
	datafile_ids_free(&ids);
	return check_exit(&t);
}
