/*
 * tests/t_movelist.c: whole move lists read and written
 * (gy_notation_read_list and gy_notation_write_list, include/gyoku/
 * notation.h; docs/rules.md "Notation systems": Western records number
 * moves per ply or in pairs, and both must be read).
 *
 * movelist-1.x and on: the cases of tests/data/movelist/cases.txt (or the
 * file given as first argument), one a line:
 *
 *   id <TAB> start <TAB> text <TAB> expected
 *
 * start is "-" (the even start), a handicap preset (its id or KIF name)
 * or a SFEN; text is the list, either inline (with the escapes \n, \t,
 * \\ and \xHH) or "@NAME", the file NAME beside the case file, read as
 * bytes; expected is one of
 *   moves: USI USI ...   the main line read (moves: - for none)
 *   sfen: SFEN           the position after the main line
 *   error: NAME L:C ply N
 *                        the error (a GY_ERR_LIST name without GY_ERR_),
 *                        its line and column, and the ply reported; the
 *                        game kept then holds the N - 1 moves before it
 *                        (no game when N is 0).
 *
 * movelist-2.x: every research record (the files under
 * ../shared/research-data/records/, or $GYOKU_RESEARCH_DATA/records/,
 * read with gy_record_read; skipped when the folder is absent), one case
 * per file and style: its main line written as a list and read back from
 * the record's start gives the same moves, and so does the same list with
 * its numbers left out and its moves on one line.
 *
 * movelist-3.x: the same for games of random play (tests/randplay.h),
 * one case per start position: the even start and every handicap preset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "randplay.h"
#include "recordfiles.h"

enum { RANDOM_GAMES = 12, RANDOM_PLIES = 160 };

/* The value of a hex digit, or -1. */
static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The inline text `s` with its escapes undone, in a new buffer (NULL when an escape is malformed). */
static char *unescape(const char *s, size_t *len)
{
	char *out = malloc(strlen(s) + 1);
	size_t n = 0;
	for (; out && *s; s++) {
		if (*s != '\\') {
			out[n++] = *s;
			continue;
		}
		s++;
		if (*s == 'n')
			out[n++] = '\n';
		else if (*s == 't')
			out[n++] = '\t';
		else if (*s == '\\')
			out[n++] = '\\';
		else if (*s == 'x' && hex(s[1]) >= 0 && hex(s[2]) >= 0) {
			out[n++] = (char)(hex(s[1]) * 16 + hex(s[2]));
			s += 2;
		} else {
			free(out);
			return NULL;
		}
	}
	*len = n;
	return out;
}

/* The folder of the case file `path` (with its '/'), into `dir`. */
static void folder_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) + 1 : 0;
	snprintf(dir, size, "%.*s", (int)n, path);
}

/* Sets `pos` from a case's start field; false when it names no position. */
static bool parse_start(const char *s, struct gy_pos *pos)
{
	if (!strcmp(s, "-")) {
		gy_pos_set_start(pos);
		return true;
	}
	const struct gy_handicap *h = gy_handicap_by_id(s, strlen(s));
	if (!h)
		h = gy_handicap_by_kif(s, strlen(s));
	if (h)
		s = h->sfen;
	return gy_sfen_parse(pos, s, strlen(s), GY_SFEN_TSUME, NULL) == GY_OK;
}

/* The main line of `g` as USI moves ("-" for none) into `buf`. */
static void main_line_usi(const struct gy_game *g, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int node = gy_game_first_child(g, 0); node >= 0; node = gy_game_first_child(g, node)) {
		char usi[GY_USI_MOVE_MAX];
		gy_usi_write_move(gy_game_move(g, node), usi);
		int k = snprintf(buf + n, size - n, "%s%s", n ? " " : "", usi);
		if (k < 0 || (size_t)k >= size - n)
			return;
		n += (size_t)k;
	}
	if (!n)
		snprintf(buf, size, "-");
}

/* Runs the case on the current line of `d`. */
static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids, const char *dir)
{
	char *f[DATAFILE_MAX_FIELDS];
	char lid[48];
	snprintf(lid, sizeof lid, "movelist-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	if (nf != 4 || !datafile_id_ok(f[0]) || !*f[1] || !*f[3]) {
		check_fail(t, lid, "%s:%d: malformed line (want id start text expected)", d->path, d->lineno);
		return;
	}
	const char *id = f[0], *want = f[3];
	if (!datafile_id_new(ids, id)) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, id);
		return;
	}
	struct gy_pos start;
	if (!parse_start(f[1], &start)) {
		check_fail(t, id, "%s:%d: bad start '%s'", d->path, d->lineno, f[1]);
		return;
	}
	size_t len = 0;
	char *text = NULL;
	if (f[2][0] == '@') {
		char path[1024];
		snprintf(path, sizeof path, "%s%s", dir, f[2] + 1);
		text = datafile_slurp(path, &len);
	} else {
		text = unescape(f[2], &len);
	}
	if (!text) {
		check_fail(t, id, "%s:%d: cannot read the text '%s'", d->path, d->lineno, f[2]);
		return;
	}
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad = 0;
	enum gy_err err = gy_notation_read_list(text, len, &start, &g, &where, &bad);
	free(text);
	static char got[1 << 16];
	if (err) {
		snprintf(got, sizeof got, "error: %s %d:%d ply %d", datafile_err_name(err), where.line, where.col, bad);
		/* The game kept: the moves before the one at fault, none when no ply is named. */
		int kept = g ? gy_game_ply(g, gy_game_main_end(g)) : -1;
		if ((bad > 0) != (g != NULL) || (g && kept != bad - 1))
			snprintf(got + strlen(got), sizeof got - strlen(got), " (but the game kept has %d moves)",
				 kept);
	} else if (!strncmp(want, "sfen: ", 6)) {
		struct gy_pos end;
		char sfen[GY_SFEN_MAX];
		if (gy_game_position(g, gy_game_main_end(g), &end) == GY_OK) {
			gy_sfen_write(&end, sfen, sizeof sfen);
			snprintf(got, sizeof got, "sfen: %s", sfen);
		}
	} else {
		memcpy(got, "moves: ", 7);
		main_line_usi(g, got + 7, sizeof got - 7);
	}
	CHECK(t, id, !strcmp(got, want), "%s:%d: got '%s', expected '%s'", d->path, d->lineno, got, want);
	gy_game_destroy(g);
}

/* True when the main lines of `a` and `b` hold the same moves from the same start. */
static bool same_main_line(const struct gy_game *a, const struct gy_game *b, char *why, size_t size)
{
	char sa[GY_SFEN_MAX], sb[GY_SFEN_MAX];
	gy_sfen_write(gy_game_start(a), sa, sizeof sa);
	gy_sfen_write(gy_game_start(b), sb, sizeof sb);
	if (strcmp(sa, sb)) {
		snprintf(why, size, "start %s, read back %s", sa, sb);
		return false;
	}
	int na = gy_game_first_child(a, 0), nb = gy_game_first_child(b, 0);
	for (; na >= 0 && nb >= 0; na = gy_game_first_child(a, na), nb = gy_game_first_child(b, nb))
		if (gy_game_move(a, na) != gy_game_move(b, nb)) {
			snprintf(why, size, "ply %d differs", gy_game_ply(a, na));
			return false;
		}
	if (na >= 0 || nb >= 0) {
		snprintf(why, size, "%d moves, read back %d", gy_game_ply(a, gy_game_main_end(a)),
			 gy_game_ply(b, gy_game_main_end(b)));
		return false;
	}
	return true;
}

/* The list `text` with its move numbers left out and its moves on one line, in place. */
static void unnumber(char *text)
{
	char *out = text;
	for (char *line = text; *line;) {
		char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		char *move = memchr(line, ' ', n);
		move = move ? move + 1 : line;
		size_t k = n - (size_t)(move - line);
		if (out != text)
			*out++ = ' ';
		memmove(out, move, k);
		out += k;
		line += n + (end != NULL);
	}
	*out = '\0';
}

/* Writes the main line of `g` in `style`, reads it back (as written, and unnumbered); false with `why`. */
static bool list_round_trip(const struct gy_game *g, enum gy_notation style, char *why, size_t size)
{
	char *text = NULL;
	size_t len = 0;
	enum gy_err err = gy_notation_write_list(g, style, &text, &len);
	if (err) {
		snprintf(why, size, "write: %s", gy_strerror(err));
		return false;
	}
	bool ok = true;
	for (int pass = 0; ok && pass < 2; pass++) {
		if (pass == 1) {
			unnumber(text);
			len = strlen(text);
		}
		struct gy_game *back = NULL;
		struct gy_srcpos where = {0, 0};
		int bad = 0;
		err = gy_notation_read_list(text, len, gy_game_start(g), &back, &where, &bad);
		if (err) {
			snprintf(why, size, "%s read back: %s at %d:%d (ply %d)", pass ? "unnumbered" : "numbered",
				 gy_strerror(err), where.line, where.col, bad);
			ok = false;
		} else {
			ok = same_main_line(g, back, why, size);
		}
		gy_game_destroy(back);
	}
	free(text);
	return ok;
}

struct run {
	struct check_tally *t;
	int cases, files;
};

/* One research record: a case per style. */
static void run_file(void *ctx, const char *path)
{
	struct run *r = ctx;
	int f = gy_record_format_by_path(path);
	size_t len = 0;
	char *text = f >= 0 ? datafile_slurp(path, &len) : NULL;
	if (!text)
		return;
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, path, &g, &where, NULL);
	free(text);
	if (err) {
		printf("# %s: not read (%s at %d:%d; the reader's tests cover it)\n", path, gy_strerror(err),
		       where.line, where.col);
		gy_game_destroy(g);
		return;
	}
	r->files++;
	for (int s = 0; s < GY_NOTATION_NB; s++) {
		char id[32], why[1024] = "";
		snprintf(id, sizeof id, "movelist-2.%d", ++r->cases);
		printf("# %s %s as %s\n", id, path, gy_notation_name((enum gy_notation)s));
		bool ok = list_round_trip(g, (enum gy_notation)s, why, sizeof why);
		CHECK(r->t, id, ok, "%s as %s: %s", path, gy_notation_name((enum gy_notation)s), why);
	}
	gy_game_destroy(g);
}

/* A game of random play from `start`, of at most RANDOM_PLIES moves; NULL when out of memory. */
static struct gy_game *random_game(struct randplay *rp, const struct gy_pos *start)
{
	struct gy_game *g = NULL;
	if (gy_game_create(&g, start))
		return NULL;
	rp->pos = *start;
	rp->ply = 0;
	int node = 0;
	for (gy_move m; (m = randplay_move(rp)) != GY_MOVE_NONE;)
		if (gy_game_add(g, node, m, &node)) {
			gy_game_destroy(g);
			return NULL;
		}
	return g;
}

/* Random games from the even start and from every handicap preset, each in every style. */
static void random_games(struct check_tally *t)
{
	struct randplay rp;
	randplay_start(&rp, 20261207, RANDOM_PLIES);
	for (int h = 0; h < GY_HANDICAP_NB; h++) {
		const struct gy_handicap *preset = gy_handicap_at(h);
		struct gy_pos start;
		char id[32], why[1024] = "";
		snprintf(id, sizeof id, "movelist-3.%d", h + 1);
		bool ok = gy_sfen_parse(&start, preset->sfen, strlen(preset->sfen), GY_SFEN_STRICT, NULL) == GY_OK;
		int games = 0, plies = 0;
		for (int k = 0; ok && k < RANDOM_GAMES; k++) {
			struct gy_game *g = random_game(&rp, &start);
			ok = g != NULL;
			if (g)
				plies += gy_game_ply(g, gy_game_main_end(g));
			for (int s = 0; ok && s < GY_NOTATION_NB; s++)
				if (!(ok = list_round_trip(g, (enum gy_notation)s, why, sizeof why)))
					printf("# %s game %d as %s\n", preset->id, k + 1,
					       gy_notation_name((enum gy_notation)s));
			gy_game_destroy(g);
			games += ok;
		}
		printf("# %s: %s, %d random games (%d plies) in every style\n", id, preset->id, games, plies);
		CHECK(t, id, ok, "%s: %s", preset->id, why);
	}
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/movelist/cases.txt";
	struct check_tally t = {0, 0};
	gy_init();
	struct datafile d;
	if (!datafile_open(&d, path)) {
		check_fail(&t, "movelist-0.1", "cannot open %s (run from the repository root)", path);
		return check_exit(&t);
	}
	char dir[1024];
	folder_of(path, dir, sizeof dir);
	static struct datafile_ids ids;
	while (datafile_next(&d))
		run_case(&t, &d, &ids, dir);
	datafile_close(&d);
	datafile_ids_free(&ids);
	if (t.passed + t.failed == 0)
		check_fail(&t, "movelist-0.2", "%s holds no cases", path);

	const char *research = getenv("GYOKU_RESEARCH_DATA");
	char records[1024];
	struct stat st;
	snprintf(records, sizeof records, "%s/records", research ? research : "../shared/research-data");
	if (stat(records, &st) || !S_ISDIR(st.st_mode)) {
		check_skip("movelist-2.0", "the research records are absent");
	} else {
		struct run r = {&t, 0, 0};
		recordfiles_walk(records, true, run_file, &r);
		printf("# %d research records written and read back in every style: %d cases\n", r.files, r.cases);
	}
	random_games(&t);
	return check_exit(&t);
}
