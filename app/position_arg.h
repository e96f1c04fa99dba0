/*
 * app/position_arg.h: a position given on the command line: a SFEN, or
 * a handicap preset by name.
 */
#ifndef APP_POSITION_ARG_H
#define APP_POSITION_ARG_H

#include "gyoku/handicap.h"
#include "gyoku/position.h"

/*
 * Sets `pos` from "startpos", "sfen <SFEN>" or a bare SFEN, exactly as
 * written (GY_SFEN_TSUME: a position without one king is accepted, and
 * holds only the pieces it shows).  On error prints
 * "<who>: <message> at column N: <text>" to stderr and returns non-zero.
 */
int position_arg_parse(struct gy_pos *pos, const char *arg, const char *who);

/*
 * Sets `pos` to the start position of the handicap preset named `name`
 * (its id, "two-piece", or its KIF name, 二枚落ち; handicap.h), and `*h`
 * (when not NULL) to the preset.  On error (no such preset) prints
 * "<who>: unknown handicap '<name>'" to stderr and returns non-zero.
 */
int position_arg_handicap(struct gy_pos *pos, const char *name, const char *who, const struct gy_handicap **h);

#endif
