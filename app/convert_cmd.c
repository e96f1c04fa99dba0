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

#include "commands.h"
#include "gyoku/gyoku.h"

enum format {
	F_SFEN,
	F_USI,
	F_CSA,
	F_KIF,
	F_KIFU,
	F_KI2,
	F_KI2U,
	F_JKF,
	F_JAPANESE,
	F_HODGES,
	F_HOSKING,
	F_KITAO,
	F_NB
};

static const char *const format_names[F_NB] = {"sfen", "usi", "csa",      "kif",    "kifu",    "ki2",
					       "ki2u", "jkf", "japanese", "hodges", "hosking", "kitao"};

static int format_by_name(const char *s)
{
	for (int f = 0; f < F_NB; f++)
		if (!strcmp(s, format_names[f]))
			return f;
	return !strcmp(s, "json") ? F_JKF : -1;
}

/* The format an input file's extension names, or -1. */
static int format_by_extension(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot && !strchr(dot, '/') ? format_by_name(dot + 1) : -1;
}

/* The format the text looks like: JSON, CSA, a USI line, KI2 marks, else KIF. */
static int format_by_content(const char *s, size_t len)
{
	size_t i = 0;
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < len && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
		i++;
	const char *t = s + i;
	size_t n = len - i;
	if (n && t[0] == '{')
		return F_JKF;
	if ((n >= 8 && !memcmp(t, "position", 8)) || (n >= 8 && !memcmp(t, "startpos", 8)))
		return F_USI;
	if (n >= 2 && (!memcmp(t, "V2", 2) || !memcmp(t, "PI", 2) || !memcmp(t, "P1", 2) || !memcmp(t, "N+", 2) ||
		       !memcmp(t, "'", 1) || !memcmp(t, "$", 1)))
		return F_CSA;
	if (memchr(t, '/', n < 80 ? n : 80) && !memchr(t, '\n', n < 80 ? n : 80) && n < 200)
		return F_SFEN;
	/* KI2 move lines carry ▲ or △ marks and no numbered moves. */
	if (strstr(t, "\xE2\x96\xB2") || strstr(t, "\xE2\x96\xB3") || strstr(t, "\xE2\x98\x97"))
		return strstr(t, "\n   1 ") || strstr(t, "\n1 ") ? F_KIF : F_KI2U;
	return F_KIF;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *bigger = cap < (64u << 20) ? realloc(buf, 2 * cap + 1) : NULL;
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	if (f != stdin)
		fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = n;
	}
	return buf;
}

/* A game from a SFEN or a USI position line. */
static enum gy_err read_usi(const char *text, size_t len, int format, struct gy_game **out, struct gy_srcpos *where,
			    int *bad_ply)
{
	enum { MAX_MOVES = 4096 };
	static gy_move moves[MAX_MOVES];
	struct gy_pos start;
	int n = 0;
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' '))
		len--;
	enum gy_err err = format == F_SFEN ? gy_sfen_parse(&start, text, len, GY_SFEN_TSUME, where)
					   : gy_usi_parse_position(text, len, &start, moves, MAX_MOVES, &n, where);
	/* A bad move in a position line keeps the game up to it; a bad start position keeps nothing. */
	bool started = start.king[GY_BLACK] != GY_SQ_NONE || start.king[GY_WHITE] != GY_SQ_NONE;
	if (err && (format == F_SFEN || !started))
		return err;
	enum gy_err cerr = gy_game_create(out, &start);
	if (cerr)
		return cerr;
	for (int i = 0, node = 0; i < n; i++)
		if (gy_game_add(*out, node, moves[i], &node))
			break;
	if (err)
		*bad_ply = n + 1;
	return err;
}

static enum gy_err read_game(const char *text, size_t len, int format, const char *path, struct gy_game **out,
			     struct gy_srcpos *where, int *bad_ply)
{
	size_t consumed = 0;
	char *utf8 = NULL;
	size_t ulen = 0;
	enum gy_err err;
	switch (format) {
	case F_SFEN:
	case F_USI: return read_usi(text, len, format, out, where, bad_ply);
	case F_CSA: return gy_csa_read(text, len, out, &consumed, where, bad_ply);
	case F_JKF: return gy_jkf_read(text, len, out, where, bad_ply);
	default: break;
	}
	enum gy_text_enc hint = path ? gy_text_enc_for_name(path, strlen(path)) : GY_TEXT_AUTO;
	err = gy_text_to_utf8(text, len, hint, &utf8, &ulen, NULL);
	if (err)
		return err;
	err = format == F_KI2 || format == F_KI2U ? gy_ki2_read(utf8, ulen, out, where, bad_ply)
						  : gy_kif_read(utf8, ulen, out, where, bad_ply);
	free(utf8);
	return err;
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

static enum gy_err write_game(const struct gy_game *g, int format, FILE *f)
{
	char *text = NULL, *conv = NULL;
	size_t len = 0, clen = 0;
	enum gy_err err = GY_OK;
	if (format >= F_JAPANESE)
		return write_moves(g, (enum gy_notation)(GY_NOTATION_JAPANESE + (format - F_JAPANESE)), f);
	if (format == F_SFEN || format == F_USI) {
		static gy_move moves[4096];
		struct gy_pos pos = *gy_game_start(g);
		int n = 0;
		for (int node = gy_game_first_child(g, 0); node >= 0 && n < 4096; node = gy_game_first_child(g, node)) {
			struct gy_undo u;
			moves[n++] = gy_game_move(g, node);
			gy_pos_do(&pos, moves[n - 1], &u);
		}
		char line[4096 * 6 + GY_SFEN_MAX + 32];
		if (format == F_SFEN)
			gy_sfen_write(&pos, line, sizeof line);
		else
			gy_usi_write_position(gy_game_start(g), moves, n, line, sizeof line);
		fprintf(f, "%s\n", line);
		return GY_OK;
	}
	switch (format) {
	case F_CSA: err = gy_csa_write(g, &text, &len); break;
	case F_JKF: err = gy_jkf_write(g, &text, &len); break;
	case F_KIF:
	case F_KIFU: err = gy_kif_write(g, &text, &len); break;
	default: err = gy_ki2_write(g, &text, &len); break;
	}
	if (err)
		goto done;
	if (format == F_KIF || format == F_KI2) {
		err = gy_text_from_utf8(text, len, GY_TEXT_CP932, &conv, &clen);
		if (err)
			goto done;
		fwrite(conv, 1, clen, f);
	} else {
		fwrite(text, 1, len, f);
	}
done:
	free(text);
	free(conv);
	return err;
}

static int usage(void)
{
	fputs("usage: gyoku convert IN [--from FMT] --to FMT [-o OUT]\n"
	      "FMT: sfen usi csa kif kifu ki2 ki2u jkf japanese hodges hosking kitao\n"
	      "(kif and ki2 are Shift_JIS, kifu and ki2u UTF-8; IN and OUT may be '-')\n",
	      stderr);
	return 2;
}

int cmd_convert(int argc, char **argv)
{
	const char *in = NULL, *out_path = NULL;
	int from = -1, to = -1;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--from") && i + 1 < argc) {
			if ((from = format_by_name(argv[++i])) < 0)
				return usage();
		} else if (!strcmp(argv[i], "--to") && i + 1 < argc) {
			if ((to = format_by_name(argv[++i])) < 0)
				return usage();
		} else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
			out_path = argv[++i];
		} else if (!in) {
			in = argv[i];
		} else {
			return usage();
		}
	}
	if (!in || to < 0)
		return usage();
	size_t len = 0;
	char *text = read_all(in, &len);
	if (!text) {
		fprintf(stderr, "gyoku convert: cannot read %s\n", in);
		return 1;
	}
	if (from < 0)
		from = format_by_extension(in);
	if (from < 0 || from >= F_JAPANESE)
		from = format_by_content(text, len);
	struct gy_game *g = NULL;
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0, status = 0;
	enum gy_err err = read_game(text, len, from, strcmp(in, "-") ? in : NULL, &g, &where, &bad_ply);
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
		fprintf(stderr, "gyoku convert: writing %s: %s\n", format_names[to], gy_strerror(err));
		status = 1;
	}
	gy_game_destroy(g);
	return status;
}
