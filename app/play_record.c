/*
 * app/play_record.c: the records of `gyoku play`: the formats of kif.h,
 * csa.h, jkf.h and usi.h chosen by file extension (or, to load, by the
 * look of the text, as `gyoku convert` does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gyoku/gyoku.h"
#include "play_record.h"

enum format { F_KIF, F_KIFU, F_KI2, F_KI2U, F_CSA, F_JKF, F_SFEN, F_USI, F_NB };

static const char *const extensions[F_NB] = {"kif", "kifu", "ki2", "ki2u", "csa", "jkf", "sfen", "usi"};

static int format_of(const char *path)
{
	const char *dot = strrchr(path, '.');
	if (!dot || strchr(dot, '/'))
		return -1;
	for (int f = 0; f < F_NB; f++)
		if (!strcasecmp(dot + 1, extensions[f]))
			return f;
	return !strcasecmp(dot + 1, "json") ? F_JKF : -1;
}

/* The format the text looks like (for a file without a known extension). */
static int format_by_content(const char *t, size_t n)
{
	while (n && (*t == ' ' || *t == '\n' || *t == '\r' || *t == '\t')) {
		t++;
		n--;
	}
	if (n && t[0] == '{')
		return F_JKF;
	if (n >= 8 && (!memcmp(t, "position", 8) || !memcmp(t, "startpos", 8)))
		return F_USI;
	if (n >= 2 && (!memcmp(t, "V2", 2) || !memcmp(t, "PI", 2) || !memcmp(t, "P1", 2) || !memcmp(t, "N+", 2) ||
		       t[0] == '\'' || t[0] == '$'))
		return F_CSA;
	if (memchr(t, '/', n < 80 ? n : 80) && !memchr(t, '\n', n < 80 ? n : 80) && n < 200)
		return F_SFEN;
	if ((strstr(t, "\xE2\x96\xB2") || strstr(t, "\xE2\x98\x97")) && !strstr(t, "\n   1 "))
		return F_KI2U;
	return F_KIFU;
}

int play_record_save(const struct gy_game *g, const char *path, char *msg, size_t size)
{
	int format = format_of(path);
	if (format < 0) {
		snprintf(msg, size, "say the format by the extension: .kif .kifu .ki2 .ki2u .csa .jkf .sfen .usi");
		return 1;
	}
	char *text = NULL, *conv = NULL;
	size_t len = 0;
	enum gy_err err = GY_OK;
	enum { MAX = 4096 };
	if (format == F_SFEN || format == F_USI) {
		static gy_move moves[MAX];
		int n = 0;
		for (int node = gy_game_first_child(g, 0); node >= 0 && n < MAX; node = gy_game_first_child(g, node))
			moves[n++] = gy_game_move(g, node);
		text = malloc(65536);
		if (!text)
			err = GY_ERR_NOMEM;
		else if (format == F_SFEN) {
			struct gy_pos pos;
			err = gy_game_position(g, gy_game_main_end(g), &pos);
			len = gy_sfen_write(&pos, text, 65535);
		} else {
			len = gy_usi_write_position(gy_game_start(g), moves, n, text, 65535);
		}
		if (!err && len < 65535)
			text[len++] = '\n';
	} else {
		switch (format) {
		case F_CSA: err = gy_csa_write(g, &text, &len); break;
		case F_JKF: err = gy_jkf_write(g, &text, &len); break;
		case F_KIF:
		case F_KIFU: err = gy_kif_write(g, &text, &len); break;
		default: err = gy_ki2_write(g, &text, &len); break;
		}
		if (!err && (format == F_KIF || format == F_KI2)) {
			size_t clen;
			err = gy_text_from_utf8(text, len, GY_TEXT_CP932, &conv, &clen);
			if (!err) {
				free(text);
				text = conv;
				len = clen;
			}
		}
	}
	if (err) {
		snprintf(msg, size, "cannot write the record: %s", gy_strerror(err));
		free(text);
		return 1;
	}
	FILE *f = fopen(path, "wb");
	int bad = !f || fwrite(text, 1, len, f) != len;
	if (f && fclose(f))
		bad = 1;
	free(text);
	if (bad)
		snprintf(msg, size, "cannot write %s", path);
	return bad;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		char *bigger = cap < (16u << 20) ? realloc(buf, 2 * cap + 1) : NULL;
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = n;
	}
	return buf;
}

/* A game from a SFEN or a USI position line. */
static enum gy_err read_usi(const char *text, size_t len, int format, struct gy_game **out, struct gy_srcpos *where)
{
	enum { MAX = 4096 };
	static gy_move moves[MAX];
	struct gy_pos start;
	int n = 0;
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' '))
		len--;
	if (len > 5 && !memcmp(text, "sfen ", 5) && format == F_SFEN) {
		text += 5;
		len -= 5;
	}
	enum gy_err err = format == F_SFEN ? gy_sfen_parse(&start, text, len, GY_SFEN_STRICT, where)
					   : gy_usi_parse_position(text, len, &start, moves, MAX, &n, where);
	if (err)
		return err;
	if ((err = gy_game_create(out, &start)))
		return err;
	for (int i = 0, node = 0; i < n; i++)
		if ((err = gy_game_add(*out, node, moves[i], &node)))
			return err;
	return GY_OK;
}

int play_record_load(const char *path, struct gy_game **out, char *msg, size_t size)
{
	size_t len = 0, ulen = 0;
	char *text = read_file(path, &len), *utf8 = NULL;
	*out = NULL;
	if (!text) {
		snprintf(msg, size, "cannot read %s", path);
		return 1;
	}
	int format = format_of(path);
	if (format < 0)
		format = format_by_content(text, len);
	struct gy_srcpos where = {0, 0};
	int bad_ply = 0;
	size_t consumed;
	enum gy_err err;
	switch (format) {
	case F_SFEN:
	case F_USI: err = read_usi(text, len, format, out, &where); break;
	case F_CSA: err = gy_csa_read(text, len, out, &consumed, &where, &bad_ply); break;
	case F_JKF: err = gy_jkf_read(text, len, out, &where, &bad_ply); break;
	default:
		err = gy_text_to_utf8(text, len, gy_text_enc_for_name(path, strlen(path)), &utf8, &ulen, NULL);
		if (!err)
			err = format == F_KI2 || format == F_KI2U ? gy_ki2_read(utf8, ulen, out, &where, &bad_ply)
								  : gy_kif_read(utf8, ulen, out, &where, &bad_ply);
		break;
	}
	free(text);
	free(utf8);
	if (err) {
		gy_game_destroy(*out);
		*out = NULL;
		snprintf(msg, size, "%s:%d:%d: %s", path, where.line, where.col, gy_strerror(err));
		return 1;
	}
	return 0;
}
