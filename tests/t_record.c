/*
 * tests/t_record.c: every record format behind one reader and writer
 * (record.h: every format read and written, and the errors with their place).
 *   record-1.x to record-5.x  tests/data/record.txt (or the file given
 *               as argument): the format by name (1.x), by extension
 *               (2.x) and by content (3.x) on small texts; reads giving
 *               the game or the error with its line, column and bad ply
 *               (4.x); writes (5.x)
 *   record-6.x  each file of tests/data/{kif,csa,jkf}/ looks like the
 *               format its extension names
 *   record-7.x  each of those files that reads cleanly, written in every
 *               format, recognised by content, read back and compared
 *               with what was read (recordcmp.h; SFEN: the last
 *               position; USI: the start and the main line)
 *   record-8.x  the API's edges: bad arguments, a game longer than any
 *               fixed buffer, several threads reading and writing at once
 *
 * tests/data/record.txt has one case a line:
 *   id <TAB> OP <TAB> INPUT <TAB> EXPECT
 * OP is "name", "path" or "content" (EXPECT: the format's name, or "none"),
 * "read:FMT" (FMT a format name, or "auto": by the extension of an @file,
 * else by content) or "write:FMT" (INPUT a USI position line, EXPECT text
 * the output holds).  INPUT and EXPECT take the escapes \n \r \t \\ and
 * \xHH; an INPUT "@PATH" is the file PATH, whose name is then the
 * encoding hint.  A read's EXPECT is "ok | LINE" or "ERR L:C | LINE" or
 * "ERR L:C ply N | LINE", where ERR is the GY_ERR_LIST name, L:C the line
 * and column, N the bad ply and LINE the game read (as a USI position
 * line) or "-" for none.
 * Run from the repository root.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/record.h"
#include "recordcmp.h"

enum { MAX_FILES = 256, THREADS = 4, THREAD_ROUNDS = 20, LONG_GAME = 4100 };

static int hex(char c) { return c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0'; }

/* Replaces the escapes \n \r \t \\ \xHH in place; the new length. */
static size_t unescape(char *s)
{
	char *start = s, *o = s;
	for (; *s; s++) {
		if (*s != '\\' || !s[1] || (s[1] == 'x' && (!s[2] || !s[3]))) {
			*o++ = *s;
			continue;
		}
		switch (*++s) {
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'x':
			*o++ = (char)(hex(s[1]) * 16 + hex(s[2]));
			s += 2;
			break;
		default: *o++ = *s; break;
		}
	}
	*o = '\0';
	return (size_t)(o - start);
}

/* The name of format `f`, or "none" for -1. */
static const char *name_of(int f) { return f < 0 ? "none" : gy_record_format_name((enum gy_record_format)f); }

/* The game as a USI position line without its newline ("-" for none), in `buf`. */
static const char *usi_line(const struct gy_game *g, char *buf, size_t size)
{
	char *text = NULL;
	size_t len = 0;
	snprintf(buf, size, "-");
	if (g && gy_record_write(g, GY_RECORD_USI, &text, &len) == GY_OK) {
		snprintf(buf, size, "%.*s", (int)(len ? len - 1 : 0), text);
		free(text);
	}
	return buf;
}

/* A read case: INPUT read as FMT, the outcome written as the top of the file says a read's EXPECT is. */
static void read_case(struct check_tally *t, const char *id, const char *fmt, const char *text, size_t len,
		      const char *path, const char *want)
{
	int f = strcmp(fmt, "auto") ? gy_record_format_by_name(fmt, strlen(fmt))
				    : (int)gy_record_format_of(path, text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {-1, -1};
	int bad = -1;
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, path, &g, &where, &bad);
	char got[8192], line[8000];
	usi_line(g, line, sizeof line);
	if (!err)
		snprintf(got, sizeof got, "ok | %s", line);
	else if (bad > 0)
		snprintf(got, sizeof got, "%s %d:%d ply %d | %s", datafile_err_name(err), where.line, where.col, bad,
			 line);
	else
		snprintf(got, sizeof got, "%s %d:%d | %s", datafile_err_name(err), where.line, where.col, line);
	/* The contract: a game exactly when there is no error or a bad ply. */
	bool shape = (g != NULL) == (!err || bad > 0) && (err || (bad == 0 && where.line == 0));
	CHECK(t, id, !strcmp(got, want) && shape, "got '%s'%s, expected '%s'", got, shape ? "" : " (bad shape)", want);
	gy_game_destroy(g);
}

/* A write case: the USI line INPUT written as FMT must hold `want`. */
static void write_case(struct check_tally *t, const char *id, const char *fmt, const char *usi, const char *want,
		       size_t wlen)
{
	int f = gy_record_format_by_name(fmt, strlen(fmt));
	struct gy_game *g = NULL;
	char *text = NULL;
	size_t len = 0;
	enum gy_err err = gy_record_read(usi, strlen(usi), GY_RECORD_USI, NULL, &g, NULL, NULL);
	if (!err)
		err = gy_record_write(g, (enum gy_record_format)f, &text, &len);
	bool found = false;
	for (size_t i = 0; !err && !found && i + wlen <= len; i++)
		found = !memcmp(text + i, want, wlen);
	CHECK(t, id, found && strlen(text) == len, "%s%s: [%.300s]", err ? "error: " : "not found in",
	      err ? gy_strerror(err) : "", text ? text : "");
	free(text);
	gy_game_destroy(g);
}

/* One case of the data file, its fields split into `f`. */
static void run_line(struct check_tally *t, char **f)
{
	char *input = f[2], *want = f[3];
	const char *path = NULL;
	size_t len = 0, wlen = unescape(want);
	char *text = NULL;
	if (input[0] == '@') {
		path = input + 1;
		text = datafile_slurp(path, &len);
		if (!text) {
			check_fail(t, f[0], "cannot read %s", path);
			return;
		}
	} else {
		len = unescape(input);
	}
	const char *in = text ? text : input;
	if (!strcmp(f[1], "name")) {
		const char *got = name_of(gy_record_format_by_name(in, len));
		CHECK(t, f[0], !strcmp(got, want), "'%s' names %s, expected %s", in, got, want);
	} else if (!strcmp(f[1], "path")) {
		const char *got = name_of(gy_record_format_by_path(in));
		CHECK(t, f[0], !strcmp(got, want), "'%s' has format %s, expected %s", in, got, want);
	} else if (!strcmp(f[1], "content")) {
		const char *got = name_of((int)gy_record_format_by_content(in, len));
		CHECK(t, f[0], !strcmp(got, want), "looks like %s, expected %s", got, want);
	} else if (!strncmp(f[1], "read:", 5)) {
		read_case(t, f[0], f[1] + 5, in, len, path, want);
	} else if (!strncmp(f[1], "write:", 6)) {
		write_case(t, f[0], f[1] + 6, in, want, wlen);
	} else {
		check_fail(t, f[0], "unknown operation '%s'", f[1]);
	}
	free(text);
}

/* Every case of the data file `file` (record-1.x to record-5.x). */
static void data_cases(struct check_tally *t, const char *file)
{
	struct datafile d;
	struct datafile_ids ids = {.n = 0};
	if (!datafile_open(&d, file)) {
		check_fail(t, "record-1.0", "cannot open %s", file);
		return;
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS], lid[32];
		snprintf(lid, sizeof lid, "record-line-%d", d.lineno);
		if (datafile_split(d.line, f) != 4 || !datafile_id_ok(f[0]) || !datafile_id_new(&ids, f[0])) {
			check_fail(t, lid, "malformed line (want a new id<TAB>op<TAB>input<TAB>expected)");
			continue;
		}
		run_line(t, f);
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
}

/* The format family content detection can tell: KIF and KIFU alike, KI2 and KI2U alike. */
static int family(int f) { return f == GY_RECORD_KIFU ? GY_RECORD_KIF : f == GY_RECORD_KI2U ? GY_RECORD_KI2 : f; }

/* What each format holds, so what is compared (as tests/t_roundtrip.c says). */
static const struct recordcmp_opts holds[GY_RECORD_NB] = {
	[GY_RECORD_CSA] = {true, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL},
	[GY_RECORD_KIF] = {false, RECORDCMP_TIME_SECOND, RECORDCMP_HEADERS_NONE, NULL},
	[GY_RECORD_KIFU] = {false, RECORDCMP_TIME_SECOND, RECORDCMP_HEADERS_NONE, NULL},
	[GY_RECORD_KI2] = {false, RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_NONE, NULL},
	[GY_RECORD_KI2U] = {false, RECORDCMP_TIME_NONE, RECORDCMP_HEADERS_NONE, NULL},
	[GY_RECORD_JKF] = {false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL},
};

/* True when `back` holds what format `f` keeps of `g`; else false with `why`. */
static bool same(const struct gy_game *g, const struct gy_game *back, int f, char *why, size_t size)
{
	char a[8000], b[8000];
	if (f == GY_RECORD_SFEN) {
		struct gy_pos end;
		if (gy_game_position(g, gy_game_main_end(g), &end))
			return recordcmp_differ(why, size, "no last position");
		gy_sfen_write(&end, a, sizeof a);
		gy_sfen_write(gy_game_start(back), b, sizeof b);
		if (strcmp(a, b) || gy_game_first_child(back, 0) >= 0)
			return recordcmp_differ(why, size, "last position %s read back as %s", a, b);
		return true;
	}
	if (f == GY_RECORD_USI) {
		if (strcmp(usi_line(g, a, sizeof a), usi_line(back, b, sizeof b)))
			return recordcmp_differ(why, size, "%s read back as %s", a, b);
		return true;
	}
	return recordcmp(g, back, &holds[f], why, size);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

struct files {
	char *path[MAX_FILES];
	int n;
};

/* Adds the files of `dir` in name order. */
static void list_dir(struct files *fs, const char *dir)
{
	DIR *d = opendir(dir);
	int first = fs->n;
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d)) && fs->n < MAX_FILES;) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(dir) + strlen(e->d_name) + 2;
		fs->path[fs->n] = malloc(n);
		if (fs->path[fs->n])
			snprintf(fs->path[fs->n++], n, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(fs->path + first, (size_t)(fs->n - first), sizeof fs->path[0], by_name);
}

/* record-6.x and record-7.x over the record files. */
static void file_cases(struct check_tally *t)
{
	struct files fs = {.n = 0};
	int c2 = 0, c3 = 0;
	list_dir(&fs, "tests/data/kif");
	list_dir(&fs, "tests/data/csa");
	list_dir(&fs, "tests/data/jkf");
	for (int i = 0; i < fs.n; i++) {
		const char *path = fs.path[i];
		char id[32], why[1024] = "";
		size_t len = 0;
		char *text = datafile_slurp(path, &len);
		int f = gy_record_format_by_path(path);
		if (!text || f < 0) {
			free(text);
			continue;
		}
		int looks = gy_record_format_by_content(text, len);
		snprintf(id, sizeof id, "record-6.%d", ++c2);
		CHECK(t, id, family(looks) == family(f), "%s looks like %s, its extension says %s", path,
		      name_of(looks), name_of(f));
		struct gy_game *g = NULL;
		enum gy_err err = gy_record_read(text, len, (enum gy_record_format)f, path, &g, NULL, NULL);
		free(text);
		if (err) {
			printf("# %s: not round-tripped: %s\n", path, gy_strerror(err));
			gy_game_destroy(g);
			continue;
		}
		for (int to = 0; to < GY_RECORD_NB; to++) {
			char *out = NULL;
			size_t olen = 0;
			struct gy_game *back = NULL;
			struct gy_srcpos where = {0, 0};
			bool ok = false;
			snprintf(id, sizeof id, "record-7.%d", ++c3);
			printf("# %s %s as %s\n", id, path, name_of(to));
			err = gy_record_write(g, (enum gy_record_format)to, &out, &olen);
			if (err) {
				snprintf(why, sizeof why, "write: %s", gy_strerror(err));
			} else if (family(looks = gy_record_format_by_content(out, olen)) != family(to)) {
				snprintf(why, sizeof why, "written text looks like %s", name_of(looks));
			} else if ((err = gy_record_read(out, olen, (enum gy_record_format)to, NULL, &back, &where,
							 NULL))) {
				snprintf(why, sizeof why, "read back: %s at %d:%d", gy_strerror(err), where.line,
					 where.col);
			} else {
				ok = same(g, back, to, why, sizeof why);
			}
			CHECK(t, id, ok, "%s as %s: %s", path, name_of(to), why);
			gy_game_destroy(back);
			free(out);
		}
		gy_game_destroy(g);
	}
	for (int i = 0; i < fs.n; i++)
		free(fs.path[i]);
}

/* What one thread does: every format of `text` written and read back, its outputs compared with `want`. */
struct worker {
	const char *text;
	size_t len;
	char *const *want; /* the outputs of a single thread, per format */
	bool ok;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	w->ok = true;
	for (int r = 0; r < THREAD_ROUNDS && w->ok; r++) {
		struct gy_game *g = NULL;
		enum gy_record_format in = gy_record_format_by_content(w->text, w->len);
		if (gy_record_read(w->text, w->len, in, NULL, &g, NULL, NULL)) {
			w->ok = false;
			break;
		}
		for (int f = 0; f < GY_RECORD_NB && w->ok; f++) {
			char *out = NULL;
			size_t len;
			w->ok = !gy_record_write(g, (enum gy_record_format)f, &out, &len) && !strcmp(out, w->want[f]);
			free(out);
		}
		gy_game_destroy(g);
	}
	return NULL;
}

/* record-8.x: arguments, no length limit, threads. */
static void api_cases(struct check_tally *t)
{
	struct gy_game *g = (struct gy_game *)1;
	char *out = (char *)1;
	size_t len = 1;
	int bad = 1;
	struct gy_srcpos where = {1, 1};
	enum gy_err e1 = gy_record_read("x", 1, GY_RECORD_NB, NULL, &g, &where, &bad);
	enum gy_err e2 = gy_record_read(NULL, 3, GY_RECORD_CSA, NULL, &g, NULL, NULL);
	enum gy_err e3 = gy_record_write(NULL, GY_RECORD_KIF, &out, &len);
	CHECK(t, "record-8.1",
	      e1 == GY_ERR_ARG && e2 == GY_ERR_ARG && e3 == GY_ERR_ARG && !g && !out && !len && !bad && !where.line,
	      "bad arguments: %s, %s, %s", gy_strerror(e1), gy_strerror(e2), gy_strerror(e3));
	CHECK(t, "record-8.2",
	      gy_record_format_by_name(NULL, 0) < 0 && gy_record_format_by_path(NULL) < 0 &&
		      gy_record_format_by_content(NULL, 0) == GY_RECORD_KIF &&
		      !strcmp(gy_record_format_name(GY_RECORD_NB), "?"),
	      "NULL names and paths, an unknown format");

	/* A game longer than the 4096 moves the old fixed buffers held: the kings walking to and fro. */
	static const char *const walk[] = {"5i5h", "5a5b", "5h5i", "5b5a"};
	char *line = malloc(LONG_GAME * 5 + 32), *text = NULL;
	bool ok = false;
	if (line) {
		size_t n = (size_t)snprintf(line, 32, "position startpos moves");
		for (int i = 0; i < LONG_GAME; i++)
			n += (size_t)snprintf(line + n, 6, " %s", walk[i % 4]);
		g = NULL;
		/* Read once only: adding a move replays the game (game.c), so reading is quadratic. */
		ok = !gy_record_read(line, n, GY_RECORD_USI, NULL, &g, NULL, NULL) &&
		     gy_game_ply(g, gy_game_main_end(g)) == LONG_GAME &&
		     !gy_record_write(g, GY_RECORD_USI, &text, &len) && len == n + 1 && !memcmp(text, line, n);
		gy_game_destroy(g);
	}
	CHECK(t, "record-8.3", ok, "a game of %d moves through USI", LONG_GAME);
	free(text);
	free(line);

	/* Threads: each reads and writes every format, and gets what one thread alone gets. */
	char *want[GY_RECORD_NB] = {NULL};
	size_t flen = 0;
	char *file = datafile_slurp("tests/data/kif/branches.kifu", &flen);
	ok = false;
	g = NULL;
	if (file && !gy_record_read(file, flen, GY_RECORD_KIFU, NULL, &g, NULL, NULL)) {
		ok = true;
		for (int f = 0; f < GY_RECORD_NB && ok; f++)
			ok = !gy_record_write(g, (enum gy_record_format)f, &want[f], &len);
	}
	gy_game_destroy(g);
	pthread_t th[THREADS];
	struct worker w[THREADS];
	int started = 0;
	for (int i = 0; ok && i < THREADS; i++) {
		w[i] = (struct worker){file, flen, want, false};
		if (pthread_create(&th[i], NULL, work, &w[i]) == 0)
			started++;
	}
	for (int i = 0; i < started; i++) {
		pthread_join(th[i], NULL);
		ok = ok && w[i].ok;
	}
	CHECK(t, "record-8.4", ok && started == THREADS, "%d threads reading and writing at once", THREADS);
	for (int f = 0; f < GY_RECORD_NB; f++)
		free(want[f]);
	free(file);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	gy_init();
	data_cases(&t, argc > 1 ? argv[1] : "tests/data/record.txt");
	file_cases(&t);
	api_cases(&t);
	return check_exit(&t);
}
