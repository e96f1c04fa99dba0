/*
 * tests/t_fault.c: allocation failures (docs/style.md rule 14, "the
 * allocator hook injects failures in tests").  Linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc, so that every
 * allocation of libgyoku (and, through json_set_alloc_funcs, of jansson
 * for JKF) goes through the counters below.  Each scenario runs once with
 * no failure to count its allocations, then once more for each of them
 * with that allocation failing: every run must end in GY_OK (the code had
 * a way round) or GY_ERR_NOMEM, never a crash, a leak (the sanitizer
 * build's LeakSanitizer) or another error.
 *   fault-1.x  reading every record format, and writing each
 *   fault-2.x  a game in progress: play, undo, declare, adopt a record
 *   fault-3.x  reading a move list (notation.h; Shift_JIS and UTF-8), and
 *              writing it in every style
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static long calls, fail_at = -1;

/* True when this allocation is the one to fail. */
static int fails(void) { return calls++ == fail_at; }

void *__wrap_malloc(size_t n) { return fails() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return fails() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return fails() ? NULL : __real_realloc(p, n); }

/* A scenario: returns GY_OK, GY_ERR_NOMEM, or what went wrong, freeing everything it made. */
typedef enum gy_err scenario_fn(const void *arg);

/* Reads the record in file `arg` and writes it in every format. */
static enum gy_err read_write(const void *arg)
{
	const char *path = arg;
	size_t len = 0;
	long saved = fail_at;
	fail_at = -1; /* the test's own reading of the file never fails */
	char *text = datafile_slurp(path, &len);
	fail_at = saved;
	if (!text)
		return GY_ERR_ARG;
	int f = gy_record_format_by_path(path);
	struct gy_game *g = NULL;
	enum gy_err err =
		gy_record_read(text, len, f < 0 ? gy_record_format_by_content(text, len) : (enum gy_record_format)f,
			       path, &g, NULL, NULL);
	for (int w = 0; !err && w < GY_RECORD_NB; w++) {
		char *out = NULL;
		err = gy_record_write(g, (enum gy_record_format)w, &out, NULL);
		if (err == GY_ERR_TEXT_ENCODING)
			err = GY_OK; /* a character Shift_JIS lacks: not an allocation's doing */
		free(out);
	}
	gy_game_destroy(g);
	free(text);
	return err;
}

/* Reads the move list in file `arg` from the even start and writes it in every style. */
static enum gy_err list_read_write(const void *arg)
{
	const char *path = arg;
	size_t len = 0;
	long saved = fail_at;
	fail_at = -1; /* the test's own reading of the file never fails */
	char *text = datafile_slurp(path, &len);
	fail_at = saved;
	if (!text)
		return GY_ERR_ARG;
	struct gy_game *g = NULL;
	enum gy_err err = gy_notation_read_list(text, len, NULL, &g, NULL, NULL);
	for (int s = 0; !err && s < GY_NOTATION_NB; s++) {
		char *out = NULL;
		err = gy_notation_write_list(g, (enum gy_notation)s, &out, NULL);
		free(out);
	}
	gy_game_destroy(g);
	free(text);
	return err;
}

/* A game in progress: moves with a clock, a refusal, a takeback, a declaration, the record adopted. */
static enum gy_err session(const void *arg)
{
	(void)arg;
	static const char *const moves[] = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b7b"};
	struct gy_pos start;
	struct gy_session *s = NULL, *again = NULL;
	struct gy_rules rules = gy_rules_default();
	struct gy_time_control tc;
	gy_pos_set_start(&start);
	enum gy_err err = gy_tc_parse(&tc, "10m+30s", 7, NULL);
	if (!err)
		err = gy_session_create(&s, &start, &rules);
	if (!err)
		err = gy_session_start_clock(s, &tc, 0);
	if (!err)
		err = gy_session_set_header(s, "先手", "fault");
	for (size_t i = 0; !err && i < sizeof moves / sizeof moves[0]; i++) {
		gy_move m;
		err = gy_usi_parse_move(gy_session_position(s), moves[i], strlen(moves[i]), &m, NULL);
		if (!err)
			err = gy_session_play(s, m, (int64_t)(i + 1) * 1000);
		if (!err && i == 2)
			err = gy_session_add_comment(s, "a comment");
	}
	if (!err && gy_session_foul(s, GY_ERR_MOVE_NIFU, 7000) != GY_ERR_MOVE_NIFU)
		err = GY_ERR_ARG;
	if (!err)
		err = gy_session_undo(s, 2, 8000);
	if (!err && gy_session_declare(s, 9000, NULL) != GY_OK)
		err = GY_ERR_ARG;
	char *text = NULL;
	size_t len = 0;
	struct gy_game *copy = NULL;
	if (!err)
		err = gy_record_write(gy_session_game(s), GY_RECORD_KIFU, &text, &len);
	if (!err)
		err = gy_record_read(text, len, GY_RECORD_KIFU, NULL, &copy, NULL, NULL);
	if (!err) {
		err = gy_session_adopt(&again, copy, &rules);
		copy = NULL;
	}
	gy_game_destroy(copy);
	free(text);
	gy_session_destroy(again);
	gy_session_destroy(s);
	return err;
}

/* Runs `fn` failing each allocation in turn; passes when every run ends in GY_OK or GY_ERR_NOMEM. */
static void run(struct check_tally *t, const char *id, scenario_fn *fn, const void *arg)
{
	fail_at = -1;
	calls = 0;
	enum gy_err err = fn(arg);
	long n = calls;
	if (err) {
		check_fail(t, id, "without failures: %s", gy_strerror(err));
		return;
	}
	for (long k = 0; k < n; k++) {
		fail_at = k;
		calls = 0;
		err = fn(arg);
		if (err != GY_OK && err != GY_ERR_NOMEM) {
			fail_at = -1;
			check_fail(t, id, "allocation %ld of %ld failing gave %s", k + 1, n, gy_strerror(err));
			return;
		}
	}
	fail_at = -1;
	printf("PASS %s (%ld allocations, each failed in turn)\n", id, n);
	t->passed++;
}

int main(void)
{
	static const char *const files[] = {
		"tests/data/kif/branches.kifu", "tests/data/kif/handicap_sjis.kif",
		"tests/data/kif/game.ki2u",     "tests/data/kif/branches_eucjp.kif",
		"tests/data/csa/v3.csa",        "tests/data/csa/multi.csa",
		"tests/data/jkf/forks.jkf",     "tests/data/jkf/handicap.jkf",
		"tests/data/kif/rest.kifu",
	};
	struct check_tally t = {0, 0};
	gy_init();
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char id[32];
		snprintf(id, sizeof id, "fault-1.%zu", i + 1);
		run(&t, id, read_write, files[i]);
	}
	run(&t, "fault-2.1", session, NULL);
	run(&t, "fault-3.1", list_read_write, "tests/data/movelist/japanese_sjis.txt");
	run(&t, "fault-3.2", list_read_write, "tests/data/movelist/hodges_pairs.txt");
	return check_exit(&t);
}
