/*
 * app/position_arg.h: a position given on the command line.
 */
#ifndef APP_POSITION_ARG_H
#define APP_POSITION_ARG_H

#include "gyoku/position.h"

/*
 * Sets `pos` from "startpos", "sfen <SFEN>" or a bare SFEN, exactly as
 * written (GY_SFEN_TSUME: a position without one king is accepted, and
 * holds only the pieces it shows).  On error prints
 * "<who>: <message> at column N: <text>" to stderr and returns non-zero.
 */
int position_arg_parse(struct gy_pos *pos, const char *arg, const char *who);

#endif
