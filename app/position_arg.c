/*
 * app/position_arg.c: reads a position argument for the subcommands: a
 * SFEN, or a handicap preset by name.
 */
#include "position_arg.h"

#include <stdio.h>
#include <string.h>

#include "gyoku/usi.h"

int position_arg_parse(struct gy_pos *pos, const char *arg, const char *who)
{
	if (!strcmp(arg, "startpos")) {
		gy_pos_set_start(pos);
		return 0;
	}
	if (!strncmp(arg, "sfen ", 5))
		arg += 5;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_sfen_parse(pos, arg, strlen(arg), GY_SFEN_TSUME, &where);
	if (err == GY_OK)
		return 0;
	fprintf(stderr, "%s: %s at column %d: %s\n", who, gy_strerror(err), where.col, arg);
	return 1;
}

int position_arg_handicap(struct gy_pos *pos, const char *name, const char *who, const struct gy_handicap **h)
{
	const struct gy_handicap *found = gy_handicap_by_id(name, strlen(name));
	if (!found)
		found = gy_handicap_by_kif(name, strlen(name));
	if (h)
		*h = found;
	if (found && gy_sfen_parse(pos, found->sfen, strlen(found->sfen), GY_SFEN_STRICT, NULL) == GY_OK)
		return 0;
	fprintf(stderr, "%s: unknown handicap '%s'\n", who, name);
	return 1;
}
