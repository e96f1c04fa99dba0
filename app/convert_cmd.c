/*
 * app/convert_cmd.c: `gyoku convert IN [--from FMT] --to FMT [-o OUT]`:
 * reads a record in any format gyoku knows and writes it in another.
 *
 * Formats: sfen (the final position), usi (the position line), csa, kif
 * and ki2 (Shift_JIS), kifu and ki2u (UTF-8), jkf, and the move list as
 * text in japanese, hodges, hosking or kitao.  The input format comes from
 * the extension, else from the content.  IN and OUT may be "-".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "args.h"
#include "commands.h"
#include "gyoku/gyoku.h"

/* The output formats: the record formats of record.h, then the move list as text in a notation. */
enum { F_JAPANESE = GY_RECORD_NB, F_HODGES, F_HOSKING, F_KITAO, F_NB };

static const char *const list_names[F_NB - F_JAPANESE] = {"japanese", "hodges", "hosking", "kitao"};

/* The format named `s`: a record format (any case, as record.h reads names) or a move-list notation. */
static int format_by_name(const char *s)
{
	int f = gy_record_format_by_name(s, strlen(s));
	for (int i = 0; f < 0 && i < F_NB - F_JAPANESE; i++)
		if (!strcasecmp(s, list_names[i]))
			f = F_JAPANESE + i;
	return f;
}

/* The name of the format `f`, for messages. */
static const char *format_name(int f)
{
	return f < F_JAPANESE ? gy_record_format_name((enum gy_record_format)f) : list_names[f - F_JAPANESE];
}

/* Appends the main line as move text in `style`, numbered by ply. */
static enum gy_err write_moves(const struct gy_game *g, enum gy_notation style, FILE *f)
{
	struct gy_pos pos = *gy_game_start(g);
	gy_sq prev = GY_SQ_NONE;
	for (int node = gy_game_first_child(g, 0); node >= 0; node = gy_game_first_child(g, node)) {
		char text[GY_NOTATION_MAX];
		gy_move m = gy_game_move(g, node);
		struct gy_undo u;
		gy_notation_write(&pos, m, prev, style, true, text, sizeof text);
		fprintf(f, "%d. %s\n", gy_game_ply(g, node), text);
		gy_pos_do(&pos, m, &u);
		prev = gy_move_to(m);
	}
	return GY_OK;
}

/* Writes `g` in `format`: a record format of record.h, or a move list. */
static enum gy_err write_game(const struct gy_game *g, int format, FILE *f)
{
	char *text = NULL;
	size_t len = 0;
	if (format >= F_JAPANESE)
		return write_moves(g, (enum gy_notation)(GY_NOTATION_JAPANESE + (format - F_JAPANESE)), f);
	enum gy_err err = gy_record_write(g, (enum gy_record_format)format, &text, &len);
	if (!err && fwrite(text, 1, len, f) != len)
		err = GY_ERR_ARG;
	free(text);
	return err;
}

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku convert IN [--from FMT] --to FMT [-o OUT]\n"
	      "FMT: sfen usi csa kif kifu ki2 ki2u jkf japanese hodges hosking kitao\n"
	      "(kif and ki2 are Shift_JIS, kifu and ki2u UTF-8; IN and OUT may be '-')\n",
	      f);
	return status;
}

/* Runs `gyoku convert` with its arguments; the exit status (2 for a usage error). */
int cmd_convert(int argc, char **argv)
{
	const char *in = NULL, *out_path = NULL;
	int from = -1, to = -1;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return usage(stdout, 0);
		if (!strcmp(argv[i], "--from") && i + 1 < argc) {
			if ((from = format_by_name(argv[++i])) < 0) {
				fprintf(stderr, "gyoku convert: unknown format '%s'\n", argv[i]);
				return usage(stderr, 2);
			}
		} else if (!strcmp(argv[i], "--to") && i + 1 < argc) {
			if ((to = format_by_name(argv[++i])) < 0) {
				fprintf(stderr, "gyoku convert: unknown format '%s'\n", argv[i]);
				return usage(stderr, 2);
			}
		} else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out_path = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "gyoku convert: unknown option or missing value: '%s'\n", argv[i]);
			return usage(stderr, 2);
		} else if (!in) {
			in = argv[i];
		} else {
			return usage(stderr, 2);
		}
	}
	if (!in || to < 0)
		return usage(stderr, 2);
	size_t len = 0;
	char *text = NULL, why[ARGS_WHY_MAX];
	if (args_read_file(in, &text, &len, why, sizeof why)) {
		fprintf(stderr, "gyoku convert: %s\n", why);
		return 1;
	}
	if (from < 0)
		from = gy_record_format_by_path(in);
	if (from < 0 || from >= F_JAPANESE)
		from = gy_record_format_by_content(text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0, status = 0;
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)from, strcmp(in, "-") ? in : NULL, &g,
					 &where, &bad_ply);
	free(text);
	if (err) {
		fprintf(stderr, "gyoku convert: %s:%d:%d: %s", in, where.line, where.col, gy_strerror(err));
		if (bad_ply > 0)
			fprintf(stderr, " (ply %d; the moves before it are kept)", bad_ply);
		fputc('\n', stderr);
		status = 1;
		if (!g)
			return status;
	}
	FILE *f = out_path && strcmp(out_path, "-") ? fopen(out_path, "wb") : stdout;
	if (!f) {
		fprintf(stderr, "gyoku convert: cannot write %s\n", out_path);
		gy_game_destroy(g);
		return 1;
	}
	err = write_game(g, to, f);
	if (f != stdout && fclose(f) != 0)
		err = err ? err : GY_ERR_ARG;
	if (err) {
		fprintf(stderr, "gyoku convert: writing %s: %s\n", format_name(to), gy_strerror(err));
		status = 1;
	}
	gy_game_destroy(g);
	return status;
}
