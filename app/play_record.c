/*
 * app/play_record.c: the records of `gyoku play`, saved and loaded through
 * record.h: the format chosen by the file extension (or, to load, by the
 * look of the text, as `gyoku convert` does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "gyoku/gyoku.h"
#include "play_record.h"

/* Saves through gy_record_write in the format of the extension. */
int play_record_save(const struct gy_game *g, const char *path, char *msg, size_t size)
{
	int format = gy_record_format_by_path(path);
	if (format < 0) {
		snprintf(msg, size, "say the format by the extension: .kif .kifu .ki2 .ki2u .csa .jkf .sfen .usi");
		return 1;
	}
	char *text = NULL;
	size_t len = 0;
	enum gy_err err = gy_record_write(g, (enum gy_record_format)format, &text, &len);
	if (err) {
		snprintf(msg, size, "cannot write the record: %s", gy_strerror(err));
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

/* Loads through gy_record_read; a record with an illegal move is refused whole. */
int play_record_load(const char *path, struct gy_game **out, char *msg, size_t size)
{
	size_t len = 0;
	char *text = NULL;
	*out = NULL;
	/* A file named "-", not standard input, which holds the game's own commands. */
	if (args_read_file(strcmp(path, "-") ? path : "./-", &text, &len, msg, size))
		return 1;
	int format = (int)gy_record_format_of(path, text, len);
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_record_read(text, len, (enum gy_record_format)format, path, out, &where, NULL);
	free(text);
	if (err) {
		gy_game_destroy(*out);
		*out = NULL;
		snprintf(msg, size, "%s:%d:%d: %s", path, where.line, where.col, gy_strerror(err));
		return 1;
	}
	return 0;
}
