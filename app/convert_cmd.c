/*
 * app/convert_cmd.c: `gyoku convert IN [--from FMT] [--sfen SFEN |
 * --handicap NAME] --to FMT [-o OUT]`: reads a record in any format gyoku
 * knows and writes it in another.
 *
 * Formats: sfen (the final position), usi (the position line), csa, kif
 * and ki2 (Shift_JIS), kifu and ki2u (UTF-8), jkf (record.h), and the move
 * list as text in japanese, hodges, hosking or kitao (notation.h), read
 * from the start position, a handicap preset or a SFEN.  The input format
 * comes from --from, else from the extension, else from the content (a
 * move list is read only when --from names its notation).  IN and OUT may
 * be "-".  The formats and the notations are the library's: this file
 * only picks them by name.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "gyoku/gyoku.h"
#include "position_arg.h"

/* The formats: the record formats of record.h, then the move list as text in a notation of notation.h. */
enum { F_LIST = GY_RECORD_NB, F_NB = F_LIST + GY_NOTATION_NB };

/* The format named `s`: a record format or a move-list notation (any case, as the library reads names). */
static int format_by_name(const char *s)
{
	int f = gy_record_format_by_name(s, strlen(s));
	int n = f < 0 ? gy_notation_by_name(s, strlen(s)) : -1;
	return n >= 0 ? F_LIST + n : f;
}

/* The name of the format `f`, for messages. */
static const char *format_name(int f)
{
	return f < F_LIST ? gy_record_format_name((enum gy_record_format)f)
			  : gy_notation_name((enum gy_notation)(f - F_LIST));
}

/* Writes `g` in `format`: a record format of record.h, or a move list. */
static enum gy_err write_game(const struct gy_game *g, int format, FILE *f)
{
	char *text = NULL;
	size_t len = 0;
	enum gy_err err = format >= F_LIST ? gy_notation_write_list(g, (enum gy_notation)(format - F_LIST), &text, &len)
					   : gy_record_write(g, (enum gy_record_format)format, &text, &len);
	if (!err && fwrite(text, 1, len, f) != len)
		err = GY_ERR_ARG;
	free(text);
	return err;
}

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku convert IN [--from FMT] [--sfen SFEN | --handicap NAME] --to FMT [-o OUT]\n"
	      "FMT: sfen usi csa kif kifu ki2 ki2u jkf japanese hodges hosking kitao\n"
	      "(kif and ki2 are Shift_JIS, kifu and ki2u UTF-8; IN and OUT may be '-')\n"
	      "--from japanese|hodges|hosking|kitao reads a move list (UTF-8, Shift_JIS or EUC-JP):\n"
	      "  moves numbered per ply (1. P-7f 2. P-3d) or in pairs (1. P-7f P-3d, 1... P-3d),\n"
	      "  or not at all, with or without side marks (▲７六歩△３四歩), from the start\n"
	      "  position, --handicap NAME (a preset: two-piece, 二枚落ち, ...) or --sfen SFEN\n",
	      f);
	return status;
}

/* Runs `gyoku convert` with its arguments; the exit status (2 for a usage error). */
int cmd_convert(int argc, char **argv)
{
	const char *in = NULL, *out_path = NULL, *sfen = NULL, *handicap = NULL;
	int from = -1, to = -1;
	for (int i = 0; i < argc; i++) {
		if (args_is_help(argv[i]))
			return usage(stdout, 0);
		bool is_from = !strcmp(argv[i], "--from");
		if ((is_from || !strcmp(argv[i], "--to")) && i + 1 < argc) {
			int f = format_by_name(argv[++i]);
			if (f < 0) {
				fprintf(stderr, "gyoku convert: unknown format '%s'\n", argv[i]);
				return usage(stderr, 2);
			}
			if (is_from)
				from = f;
			else
				to = f;
		} else if (!strcmp(argv[i], "--sfen") && i + 1 < argc) {
			sfen = argv[++i];
		} else if (!strcmp(argv[i], "--handicap") && i + 1 < argc) {
			handicap = argv[++i];
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
	if ((sfen || handicap) && from < F_LIST) {
		fputs("gyoku convert: --sfen and --handicap give the start of a move list "
		      "(--from japanese, hodges, hosking or kitao)\n",
		      stderr);
		return usage(stderr, 2);
	}
	if (sfen && handicap) {
		fputs("gyoku convert: --sfen or --handicap, not both\n", stderr);
		return usage(stderr, 2);
	}
	struct gy_pos start;
	gy_pos_set_start(&start);
	if ((sfen && position_arg_parse(&start, sfen, "gyoku convert: --sfen")) ||
	    (handicap && position_arg_handicap(&start, handicap, "gyoku convert: --handicap", NULL)))
		return 2;
	size_t len = 0;
	char *text = NULL, why[ARGS_WHY_MAX];
	if (args_read_file(in, &text, &len, why, sizeof why)) {
		fprintf(stderr, "gyoku convert: %s\n", why);
		return 1;
	}
	if (from < 0)
		from = (int)gy_record_format_of(in, text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0, status = 0;
	enum gy_err err = from >= F_LIST ? gy_notation_read_list(text, len, &start, &g, &where, &bad_ply)
					 : gy_record_read(text, len, (enum gy_record_format)from,
							  strcmp(in, "-") ? in : NULL, &g, &where, &bad_ply);
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
